//! The GraphQL types of ads (spec §3 "My ad", "Saved ad", the ad form's input, moderation):
//! what the resolvers of `ads/mod.rs` answer and take, without the mapping that fills them.

use async_graphql::{InputObject, Json, SimpleObject};
use souk_domain::ad_patch::AdPatch;
use std::collections::BTreeMap;

#[derive(SimpleObject, Clone)]
pub struct PriceNode {
    pub with_currency: String,
    pub without_currency: String,
    /// In dirhams.
    pub value: f64,
}

#[derive(SimpleObject)]
pub struct AdTypeRef {
    pub key: String,
    pub name: String,
}

#[derive(SimpleObject)]
pub struct IdName {
    pub id: u32,
    pub name: String,
}

#[derive(SimpleObject)]
pub struct Performance {
    pub conversations: u64,
    pub phone_views: u64,
    pub views: u64,
}

#[derive(SimpleObject)]
pub struct VasPackNode {
    pub name: String,
    pub start_date: String,
    pub end_date: String,
    pub category: String,
}

/// A secondary parameter with its label in the request's language.
#[derive(SimpleObject)]
pub struct AdParam {
    pub key: String,
    pub label: String,
    /// text, number or boolean.
    pub kind: String,
    pub value: String,
    /// The value as people read it, in the request's language: a choice's label (fuel,
    /// gearbox, brand and model names too), else the value itself.
    pub value_label: String,
    pub unit: Option<String>,
}

#[derive(SimpleObject)]
pub struct ImageNode {
    /// What an edit sends back in `AdInput.images` to keep this photo (its stored key).
    pub media_id: String,
    pub thumb: String,
    pub medium: String,
    pub large: String,
}

/// Spec §3 "My ad (list)", with the detail fields of `getMyAd` and the public ad view.
#[derive(SimpleObject)]
pub struct MyAd {
    pub ad_id: String,
    pub list_id: i64,
    pub discount: Option<u8>,
    pub labels: Vec<String>,
    pub edit_ad_status: Option<String>,
    #[graphql(name = "type")]
    pub ad_type: AdTypeRef,
    pub image: Option<String>,
    pub media_count: u32,
    pub price: Option<PriceNode>,
    pub title: String,
    pub published_at: String,
    pub last_state_time: String,
    pub modified_at: String,
    pub city: IdName,
    /// The owner's counters (spec §3 my ad); null where anyone may look (the ad view, search,
    /// related and premium ads): a visitor does not read another's statistics.
    pub performance: Option<Performance>,
    pub last_applied_vas_pack: Option<VasPackNode>,
    pub vas_packages: u32,
    /// How many photos the ad may have: spec §5's 8 free ones, more once a pack was bought.
    pub photo_allowance: u32,
    pub refusal_reason: Option<String>,
    /// The refusal reason worded in the request's language.
    pub refusal_reason_text: Option<String>,
    pub status: String,
    pub category: IdName,
    pub urgent: bool,
    pub hotdeal: bool,
    pub delivery: bool,
    pub has_video: bool,
    /// Days until a deactivated ad may be deleted (0 when it may).
    pub deletable_in_days: Option<i64>,
    // Detail
    pub images: Vec<ImageNode>,
    pub description: String,
    pub area: Option<IdName>,
    pub phone: Option<String>,
    pub vas_packs: Vec<VasPackNode>,
    pub params: Vec<AdParam>,
    pub video: Option<String>,
    /// What an edit sends back in `AdInput.video` to keep the video (its stored key).
    pub video_media_id: Option<String>,
}

#[derive(SimpleObject)]
pub struct CountTotal {
    pub total: u64,
}

#[derive(SimpleObject)]
pub struct MyAdsPage {
    pub ads: Vec<MyAd>,
    pub count: CountTotal,
}

#[derive(SimpleObject)]
pub struct StatusCount {
    pub status: String,
    pub count: u64,
}

#[derive(SimpleObject)]
pub struct MyAdsCount {
    pub count_by_status: Vec<StatusCount>,
}

/// Spec §3 "Saved ad".
#[derive(SimpleObject)]
pub struct SavedAd {
    pub list_id: i64,
    pub image: Option<String>,
    pub price: Option<PriceNode>,
    pub title: String,
}

#[derive(SimpleObject)]
pub struct SavedAdsPage {
    pub ads: Vec<SavedAd>,
    pub count: u64,
}

#[derive(SimpleObject)]
pub struct CodeResult {
    /// 201 (saved) or 204 (unsaved, deleted).
    pub code: u16,
}

#[derive(SimpleObject)]
pub struct Seller {
    pub account_id: i64,
    pub name: String,
    /// shop or private.
    #[graphql(name = "type")]
    pub kind: String,
    pub store_id: Option<i64>,
    pub is_verified_seller: bool,
    pub member_since: String,
    pub logo: Option<String>,
    pub phone_hidden: bool,
}

/// An ad as buyers see it (its `product` resolver is in `products.rs`).
#[derive(SimpleObject)]
#[graphql(complex)]
pub struct PublicAdNode {
    pub ad: MyAd,
    pub seller: Seller,
    /// The city's coordinates, for the map drawn without an external tile server.
    pub latitude: f64,
    pub longitude: f64,
    /// Whether the signed-in viewer has saved this ad (false for visitors).
    pub saved_by_me: bool,
}

#[derive(SimpleObject)]
pub struct PriceAdviceNode {
    pub median: PriceNode,
    pub low: PriceNode,
    pub high: PriceNode,
    pub count: u32,
    /// True when the city had too few comparable ads and the whole country was used.
    pub national: bool,
}

#[derive(SimpleObject)]
pub struct ChoiceNode {
    pub key: String,
    pub label: String,
}

/// One field of step 2 of the ad form.
#[derive(SimpleObject)]
pub struct ParamSpecNode {
    pub key: String,
    pub label: String,
    /// text, number, boolean or choice.
    pub kind: String,
    pub required_for_offers: bool,
    pub unit: Option<String>,
    pub min: Option<i64>,
    pub max: Option<i64>,
    pub max_length: Option<u32>,
    /// Fixed choices; car brands, models, fuels and gearboxes come from the car catalogue
    /// (`source` says which).
    pub choices: Vec<ChoiceNode>,
    pub source: Option<String>,
}

#[derive(SimpleObject)]
pub struct DraftNode {
    pub draft_id: String,
    pub ad_id: Option<String>,
    pub step: u8,
    pub next_step: u8,
    /// The draft as saved (normalised), in the shape of `AdInput`.
    pub ad: Json<serde_json::Value>,
}

#[derive(SimpleObject)]
pub struct SubmittedAd {
    pub ad_id: String,
    pub list_id: i64,
    pub status: String,
    pub refusal_reason: Option<String>,
}

/// The answer of an ad operation.
#[derive(SimpleObject)]
pub struct AdOperationResult {
    pub ad_id: String,
    pub list_id: i64,
    pub status: String,
    /// `activateAd`: ACTIVATED, or PAYMENT_REQUIRED when the free-ad limit is reached (the ad
    /// then waits for payment; 'active limit reached' modal).
    pub outcome: String,
    /// The message key of the outcome for the modal.
    pub message_key: String,
    pub message: String,
}

#[derive(SimpleObject)]
pub struct BulkError {
    pub code: String,
    pub message_key: String,
    pub message: String,
}

#[derive(SimpleObject)]
pub struct BulkItem {
    pub ad_id: String,
    pub status: Option<String>,
    pub error: Option<BulkError>,
}

#[derive(SimpleObject)]
pub struct ReportResult {
    /// False when this reporter had already reported the ad (nothing changed).
    pub reported: bool,
}

#[derive(SimpleObject)]
pub struct QueueItem {
    /// new, edit or appeal.
    pub kind: String,
    pub submitted_at: String,
    /// Seconds it has waited.
    pub age_seconds: i64,
    /// Over the 60-minute service level.
    pub overdue: bool,
    pub flags: Vec<String>,
    pub ad: MyAd,
    /// Who posted it (none when the account is gone).
    pub seller: Option<Seller>,
    /// For an edit: the content waiting, in the shape of `AdInput`.
    pub pending_edit: Option<Json<serde_json::Value>>,
}

#[derive(SimpleObject)]
pub struct ModerationQueue {
    pub items: Vec<QueueItem>,
    pub total: u64,
}

#[derive(SimpleObject)]
pub struct AbuseReportNode {
    pub list_id: i64,
    #[graphql(name = "type")]
    pub report_type: String,
    pub body: String,
    pub reporter: String,
    pub created_at: String,
    pub ad: Option<MyAd>,
    /// The reported ad's seller (none when the ad or the account is gone).
    pub seller: Option<Seller>,
}

/// One reported ad of the admins' report queue: its open reports (oldest first), how many,
/// since when, the ad and its seller.
#[derive(SimpleObject)]
pub struct ReportedAdNode {
    pub list_id: i64,
    pub count: u32,
    pub first_at: String,
    pub last_at: String,
    /// Its open reports, oldest first (without the ad and seller, given once here).
    pub reports: Vec<AbuseReportNode>,
    pub ad: Option<MyAd>,
    pub seller: Option<Seller>,
}

#[derive(SimpleObject)]
pub struct ReportedAds {
    pub items: Vec<ReportedAdNode>,
    /// How many ads have open reports.
    pub total: u64,
}

#[derive(SimpleObject)]
pub struct DismissedReports {
    pub list_id: i64,
    /// How many open reports were closed (0: they were closed already).
    pub closed: u64,
}

#[derive(InputObject)]
pub struct MyAdsFilters {
    /// Uppercase status (ACTIVE, PENDING_REVIEW, UNVERIFIED, REFUSED, DEACTIVATED, DELETED, PENDING_PAYMENT).
    pub status: Option<String>,
    /// all_ads, boosted_active_ads or unboosted_active_ads.
    pub boosted: Option<String>,
}

#[derive(InputObject)]
pub struct Pagination {
    pub number: u32,
    pub size: u32,
}

#[derive(InputObject)]
pub struct ListIdInput {
    pub list_id: i64,
}

/// Booked nights of a vacation rental, `from` to `to` included (`YYYY-MM-DD`).
#[derive(InputObject)]
pub struct AvailabilityPeriodInput {
    pub from: String,
    pub to: String,
}

/// Booked nights of a vacation rental, `from` to `to` included (`YYYY-MM-DD`).
#[derive(SimpleObject)]
pub struct AvailabilityPeriod {
    pub from: String,
    pub to: String,
}

/// The ad form's fields; in `patchAd`, the ones left out keep their value.
#[derive(InputObject, Default)]
pub struct AdInput {
    pub ad_id: Option<String>,
    pub category_id: Option<u32>,
    pub ad_type: Option<String>,
    pub title: Option<String>,
    pub description: Option<String>,
    /// `{"brand": "dacia", "year": 2018, "first_owner": true}`
    pub params: Option<Json<BTreeMap<String, serde_json::Value>>>,
    pub urgent: Option<bool>,
    /// Hotdeal / promo discount in percent.
    pub discount: Option<u8>,
    pub delivery: Option<bool>,
    /// Media ids from `POST /api/ads/photos` (or the ad's current images), cover first.
    pub images: Option<Vec<String>>,
    pub video: Option<String>,
    pub city_id: Option<u32>,
    pub area_id: Option<u32>,
    /// In dirhams.
    pub price: Option<i64>,
    pub phone_hidden: Option<bool>,
}

impl From<AdInput> for AdPatch {
    fn from(i: AdInput) -> AdPatch {
        AdPatch {
            ad_id: i.ad_id,
            category_id: i.category_id,
            ad_type: i.ad_type,
            title: i.title,
            description: i.description,
            params: i.params.map(|Json(p)| p),
            urgent: i.urgent,
            discount: i.discount,
            delivery: i.delivery,
            images: i.images,
            video: i.video,
            city_id: i.city_id,
            area_id: i.area_id,
            price: i.price,
            phone_hidden: i.phone_hidden,
        }
    }
}
