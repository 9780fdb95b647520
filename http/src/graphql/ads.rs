//! GraphQL operations of ads (spec §7): my ads and their counts, one of my ads, the ad form
//! (drafts, submission, `patchAd`), the lifecycle (`deactivateAd`, `activateAd`, `deleteAd`, bulk,
//! appeal), public ad data (an ad, show number, related and premium ads, price advice, the
//! category's form parameters), saved ads, abuse reports and the admin's moderation. Each
//! resolver reads the caller, makes one ad-service call and maps the result.

use super::errors::with_message_key;
use super::request::{Req, req};
use crate::state::AppState;
use async_graphql::{Context, InputObject, Json, Object, Result, SimpleObject};
use souk_domain::ad::{AdStatus, ParamValue, VasPack, VasPackKind};
use souk_domain::ad_form::AdDraft;
use souk_domain::ad_lifecycle::Activation;
use souk_domain::ad_params::{ParamKind, params_of};
use souk_domain::ad_patch::AdPatch;
use souk_domain::moderation::RefusalReason;
use souk_domain::money::Money;
use souk_domain::time::rfc3339;
use souk_domain::{ErrorCode, Lang, SoukError};
use souk_services::ads::service::{BulkOutcome, Decision, DraftState, PublicAd, SellerSummary, param_text};
use souk_storage::ads::{AbuseReport, QueueEntry, StoredAd};
use std::collections::BTreeMap;

// ----- Output types (spec §3 "My ad", "Saved ad") -----

#[derive(SimpleObject, Clone)]
pub struct PriceNode {
    pub with_currency: String,
    pub without_currency: String,
    /// In dirhams.
    pub value: f64,
}

fn price_of(m: Money) -> PriceNode {
    PriceNode {
        with_currency: m.with_currency(),
        without_currency: m.without_currency(),
        value: m.centimes() as f64 / 100.0,
    }
}

fn price(m: Option<Money>) -> Option<PriceNode> {
    m.map(price_of)
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

pub(crate) fn vas_node(p: &VasPack) -> VasPackNode {
    VasPackNode {
        name: p.name.clone(),
        start_date: rfc3339(p.start_date),
        end_date: rfc3339(p.end_date),
        category: if VasPackKind::parse(&p.name).is_some_and(VasPackKind::is_premium) { "premium" } else { "boost" }
            .into(),
    }
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

pub(crate) fn image_node(state: &AppState, key: &str) -> ImageNode {
    let path = |size: &str| souk_services::media::photo_path(state.media.as_ref(), key, size);
    ImageNode { media_id: key.to_string(), thumb: path("thumb"), medium: path("medium"), large: path("large") }
}

fn params_nodes(ad: &StoredAd, state: &AppState, lang: Lang) -> Vec<AdParam> {
    let tree = state.catalog.tree();
    let specs = params_of(ad.ad.category_id, tree.vertical_of(ad.ad.category_id));
    ad.ad
        .params
        .iter()
        .map(|(key, value)| {
            let spec = specs.iter().find(|s| s.key == key);
            let label = spec.map(|s| if lang == Lang::Ar { s.label.ar } else { s.label.fr }).unwrap_or(key);
            let unit = match spec.map(|s| s.kind) {
                Some(ParamKind::Number { unit, .. }) => unit.map(str::to_string),
                _ => None,
            };
            let kind = match value {
                ParamValue::Bool(_) => "boolean",
                ParamValue::Number(_) => "number",
                ParamValue::Text(_) => "text",
            };
            let value_text = param_text(value);
            let value_label = spec
                .and_then(|s| choice_label(s.kind, &value_text, ad, state, lang))
                .unwrap_or_else(|| value_text.clone());
            AdParam {
                key: key.clone(),
                label: label.to_string(),
                kind: kind.into(),
                value: value_text,
                value_label,
                unit,
            }
        })
        .collect()
}

/// The label of a parameter value that is a key of a list (choices, fuels, gearboxes, brands
/// and models of the car catalogue), in `lang`.
fn choice_label(kind: ParamKind, value: &str, ad: &StoredAd, state: &AppState, lang: Lang) -> Option<String> {
    let cars = state.catalog.cars();
    match kind {
        ParamKind::Choice(choices) => choices
            .iter()
            .find(|c| c.key == value)
            .map(|c| if lang == Lang::Ar { c.label.ar } else { c.label.fr }.to_string()),
        ParamKind::CarFuel => cars.fuels.iter().find(|f| f.key == value).map(|f| f.label.get(lang).to_string()),
        ParamKind::CarGearbox => cars.gearboxes.iter().find(|g| g.key == value).map(|g| g.label.get(lang).to_string()),
        ParamKind::CarBrand => cars.brands.iter().find(|b| b.slug == value).map(|b| b.name.clone()),
        ParamKind::CarModel => {
            let brand = ad.ad.params.get("brand").map(param_text);
            cars.brands
                .iter()
                .filter(|b| brand.as_deref().is_none_or(|slug| b.slug == slug))
                .flat_map(|b| b.models.iter())
                .find(|m| m.slug == value)
                .map(|m| m.name.clone())
        }
        ParamKind::Text { .. } | ParamKind::Number { .. } | ParamKind::Bool => None,
    }
}

/// An ad as anyone may see it: without its owner's counters.
pub(crate) fn public_ad(mut ad: MyAd) -> MyAd {
    ad.performance = None;
    ad
}

pub(crate) fn my_ad(ad: &StoredAd, packs: &[VasPack], phone: Option<String>, state: &AppState, lang: Lang) -> MyAd {
    let a = &ad.ad;
    let catalog = &state.catalog;
    let category = catalog.tree().get(a.category_id);
    let type_name = category
        .and_then(|c| c.ad_types.iter().find(|t| t.key == a.ad_type))
        .map(|t| t.label.get(lang).to_string())
        .unwrap_or_else(|| a.ad_type.clone());
    let city_name =
        catalog.cities().iter().find(|c| c.id == a.city_id).map(|c| c.label.get(lang).to_string()).unwrap_or_default();
    let area = a.area_id.and_then(|id| {
        catalog
            .areas(a.city_id)
            .ok()?
            .iter()
            .find(|x| x.id == id)
            .map(|x| IdName { id, name: x.label.get(lang).into() })
    });
    let mut labels = Vec::new();
    for (on, label) in [
        (a.urgent, "urgent"),
        (a.discount.is_some(), "hotdeal"),
        (a.delivery, "delivery"),
        (a.video.is_some(), "video"),
    ] {
        if on {
            labels.push(label.to_string());
        }
    }
    let now = souk_services::ads::service::now();
    let deletable_in_days = (a.status == AdStatus::Deactivated).then(|| {
        match souk_domain::ad_lifecycle::delete(a.status, a.state_time, now) {
            Ok(_) => 0,
            Err(e) => e.params.iter().find(|(n, _)| *n == "days").map(|(_, d)| *d).unwrap_or(0),
        }
    });
    MyAd {
        ad_id: a.ad_id.clone(),
        list_id: a.list_id,
        discount: a.discount,
        labels,
        edit_ad_status: a.edit_status.map(|e| e.as_str().to_string()),
        ad_type: AdTypeRef { key: a.ad_type.clone(), name: type_name },
        image: a.images.first().map(|k| image_node(state, k).medium),
        media_count: a.images.len() as u32 + u32::from(a.video.is_some()),
        price: price(a.price),
        title: a.title.clone(),
        published_at: rfc3339(a.published_at),
        last_state_time: rfc3339(a.state_time),
        modified_at: rfc3339(a.modified_at),
        city: IdName { id: a.city_id, name: city_name },
        performance: Some(Performance {
            conversations: ad.conversations,
            phone_views: ad.phone_views,
            views: ad.views,
        }),
        last_applied_vas_pack: packs.first().map(vas_node),
        vas_packages: packs.len() as u32,
        photo_allowance: ad.photo_allowance,
        refusal_reason: a.refusal_reason.clone(),
        refusal_reason_text: a.refusal_reason.as_deref().and_then(RefusalReason::parse).map(|r| r.text(lang).into()),
        status: a.status.as_str().to_string(),
        category: IdName {
            id: a.category_id,
            name: category.map(|c| c.label.get(lang).to_string()).unwrap_or_default(),
        },
        urgent: a.urgent,
        hotdeal: a.discount.is_some(),
        delivery: a.delivery,
        has_video: a.video.is_some(),
        deletable_in_days,
        images: a.images.iter().map(|k| image_node(state, k)).collect(),
        description: a.description.clone(),
        area,
        phone,
        vas_packs: packs.iter().map(vas_node).collect(),
        params: params_nodes(ad, state, lang),
        video: a.video.as_ref().map(|k| state.media.public_path(k)),
        video_media_id: a.video.clone(),
    }
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

fn public_node(p: PublicAd, saved_by_me: bool, state: &AppState, lang: Lang) -> PublicAdNode {
    let city = state.catalog.cities().iter().find(|c| c.id == p.ad.ad.city_id);
    let s = p.seller;
    PublicAdNode {
        latitude: city.map(|c| c.latitude).unwrap_or_default(),
        longitude: city.map(|c| c.longitude).unwrap_or_default(),
        ad: public_ad(my_ad(&p.ad, &p.vas_packs, None, state, lang)),
        saved_by_me,
        seller: seller_node(s, state),
    }
}

fn seller_node(s: SellerSummary, state: &AppState) -> Seller {
    Seller {
        account_id: s.account_id,
        name: s.name,
        kind: if s.is_shop { "shop".into() } else { "private".into() },
        store_id: s.store_id,
        is_verified_seller: s.is_verified_seller,
        member_since: rfc3339(s.member_since),
        logo: s.logo_key.map(|k| state.media.public_path(&k)),
        phone_hidden: s.phone_hidden,
    }
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

fn draft_node(d: DraftState) -> DraftNode {
    DraftNode {
        draft_id: d.draft_id,
        ad_id: d.ad_id,
        step: d.step,
        next_step: d.next_step,
        ad: Json(draft_json(&d.draft)),
    }
}

fn draft_json(d: &AdDraft) -> serde_json::Value {
    serde_json::json!({
        "categoryId": d.category_id, "adType": d.ad_type, "title": d.title, "description": d.description,
        "params": d.params, "urgent": d.urgent, "discount": d.discount, "delivery": d.delivery,
        "images": d.images, "video": d.video, "cityId": d.city_id, "areaId": d.area_id,
        "price": d.price.map(|p| p.centimes() / 100), "phoneHidden": d.phone_hidden,
    })
}

#[derive(SimpleObject)]
pub struct SubmittedAd {
    pub ad_id: String,
    pub list_id: i64,
    pub status: String,
    pub refusal_reason: Option<String>,
}

fn submitted(a: &StoredAd) -> SubmittedAd {
    SubmittedAd {
        ad_id: a.ad.ad_id.clone(),
        list_id: a.ad.list_id,
        status: a.ad.status.as_str().into(),
        refusal_reason: a.ad.refusal_reason.clone(),
    }
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

fn operation(a: &StoredAd, outcome: &str, code: Option<ErrorCode>, key: &str, lang: Lang) -> AdOperationResult {
    AdOperationResult {
        ad_id: a.ad.ad_id.clone(),
        list_id: a.ad.list_id,
        status: a.ad.status.as_str().into(),
        outcome: outcome.into(),
        message_key: code.map(|c| c.message_key().to_string()).unwrap_or_else(|| key.to_string()),
        message: code.map(|c| c.message(lang).to_string()).unwrap_or_default(),
    }
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

fn bulk(items: Vec<BulkOutcome>, lang: Lang) -> Vec<BulkItem> {
    items
        .into_iter()
        .map(|o| match o.result {
            Ok(s) => BulkItem { ad_id: o.ad_id, status: Some(s.as_str().into()), error: None },
            Err(e) => BulkItem {
                ad_id: o.ad_id,
                status: None,
                error: Some(BulkError {
                    code: e.code.code().into(),
                    message_key: e.code.message_key().into(),
                    message: e.wording(lang),
                }),
            },
        })
        .collect()
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

// ----- Inputs -----

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

fn availability_nodes(periods: Vec<souk_domain::availability::BookedPeriod>) -> Vec<AvailabilityPeriod> {
    periods
        .into_iter()
        .map(|p| {
            let (from, to) = p.labels();
            AvailabilityPeriod { from, to }
        })
        .collect()
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

/// Spec §8: save and unsave report adNotFound, sessionExpired or internalError under their
/// operation's keys (`saveAd.error.adNotFound` ...).
fn saved_error(r: &Req<'_>, op: &str, e: SoukError) -> async_graphql::Error {
    let key = match e.code {
        ErrorCode::AdNotFound => "adNotFound",
        ErrorCode::LoginRequired | ErrorCode::SessionExpired | ErrorCode::InvalidToken => "sessionExpired",
        _ => "internalError",
    };
    with_message_key(&e, r.lang, &format!("{op}.error.{key}"))
}

fn saved_ad(a: &StoredAd, state: &AppState) -> SavedAd {
    SavedAd {
        list_id: a.ad.list_id,
        image: a.ad.images.first().map(|k| image_node(state, k).medium),
        price: price(a.ad.price),
        title: a.ad.title.clone(),
    }
}

#[derive(Default)]
pub struct AdQuery;

#[Object]
impl AdQuery {
    /// `getMyAds(filters {status, boosted}, pagination {number, size})` → ads, count.total.
    async fn get_my_ads(
        &self,
        ctx: &Context<'_>,
        filters: Option<MyAdsFilters>,
        pagination: Option<Pagination>,
    ) -> Result<MyAdsPage> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let (status, boosted) = filters.map(|f| (f.status, f.boosted)).unwrap_or_default();
        let (number, size) = pagination.map(|p| (p.number, p.size)).unwrap_or((1, 0));
        let (ads, total) = r
            .state
            .ads
            .my_ads(&caller, status.as_deref(), boosted.as_deref(), number, size)
            .await
            .map_err(|e| r.err(e))?;
        let ads = ads.iter().map(|a| my_ad(a, &[], None, r.state, r.lang)).collect();
        Ok(MyAdsPage { ads, count: CountTotal { total } })
    }

    /// `getMyAd(adId)`: with images, description, area, phone, vasPacks and params.
    async fn get_my_ad(&self, ctx: &Context<'_>, ad_id: String) -> Result<MyAd> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let d = r.state.ads.my_ad(&caller, &ad_id).await.map_err(|e| r.err(e))?;
        Ok(my_ad(&d.ad, &d.vas_packs, d.phone, r.state, r.lang))
    }

    /// The edit of one of my ads waiting for moderation, in the shape of `AdInput`.
    async fn get_my_ad_pending_edit(
        &self,
        ctx: &Context<'_>,
        ad_id: String,
    ) -> Result<Option<Json<serde_json::Value>>> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let d = r.state.ads.my_ad(&caller, &ad_id).await.map_err(|e| r.err(e))?;
        Ok(d.pending_edit.as_ref().map(|e| Json(draft_json(e))))
    }

    /// `getMyAdsCount` → countByStatus (every status, uppercase).
    async fn get_my_ads_count(&self, ctx: &Context<'_>) -> Result<MyAdsCount> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let counts = r.state.ads.my_counts(&caller).await.map_err(|e| r.err(e))?;
        Ok(MyAdsCount {
            count_by_status: counts
                .into_iter()
                .map(|(s, count)| StatusCount { status: s.listing_name().into(), count })
                .collect(),
        })
    }

    /// `getMySavedAds(page, size)` → ads, count.
    async fn get_my_saved_ads(&self, ctx: &Context<'_>, page: Option<u32>, size: Option<u32>) -> Result<SavedAdsPage> {
        let r = req(ctx);
        let caller = r.caller().await.map_err(|_| {
            with_message_key(&SoukError::new(ErrorCode::SessionExpired), r.lang, "saveAd.error.sessionExpired")
        })?;
        let (ads, count) =
            r.state.ads.saved(&caller, page.unwrap_or(1), size.unwrap_or(0)).await.map_err(|e| r.err(e))?;
        Ok(SavedAdsPage { ads: ads.iter().map(|a| saved_ad(a, r.state)).collect(), count })
    }

    /// An ad by its public id, with its seller (active ads; their owner sees any status).
    async fn get_ad(&self, ctx: &Context<'_>, list_id: i64) -> Result<PublicAdNode> {
        let r = req(ctx);
        let caller = r.optional_caller().await?;
        let ad = r.state.ads.public_ad(caller.as_ref(), list_id).await.map_err(|e| r.err(e))?;
        let saved_by_me = match &caller {
            Some(c) => r.state.ads.is_saved(c, list_id).await.map_err(|e| r.err(e))?,
            None => false,
        };
        Ok(public_node(ad, saved_by_me, r.state, r.lang))
    }

    /// The booked periods (not over yet) of a vacation rental buyers can see, or of one's own
    /// ad; empty for other ads.
    async fn get_ad_availability(&self, ctx: &Context<'_>, list_id: i64) -> Result<Vec<AvailabilityPeriod>> {
        let r = req(ctx);
        let caller = r.optional_caller().await?;
        let periods = r.state.ads.availability(caller.as_ref(), list_id).await.map_err(|e| r.err(e))?;
        Ok(availability_nodes(periods))
    }

    /// Active ads of the same category and city.
    async fn get_related_ads(&self, ctx: &Context<'_>, list_id: i64) -> Result<Vec<MyAd>> {
        let r = req(ctx);
        let ads = r.state.ads.related(list_id).await.map_err(|e| r.err(e))?;
        Ok(ads.iter().map(|a| public_ad(my_ad(a, &[], None, r.state, r.lang))).collect())
    }

    /// Premium suggestions (ads with a live gallery or special pack).
    async fn get_premium_ads(&self, ctx: &Context<'_>, limit: Option<u32>) -> Result<Vec<MyAd>> {
        let r = req(ctx);
        let ads = r.state.ads.premium(limit.unwrap_or(8)).await.map_err(|e| r.err(e))?;
        Ok(ads.iter().map(|a| public_ad(my_ad(a, &[], None, r.state, r.lang))).collect())
    }

    /// Price advice: median and range of comparable active ads (none under 3 of them).
    async fn get_price_advice(
        &self,
        ctx: &Context<'_>,
        category_id: u32,
        ad_type: String,
        city_id: Option<u32>,
    ) -> Result<Option<PriceAdviceNode>> {
        let r = req(ctx);
        let advice = r.state.ads.price_advice(category_id, &ad_type, city_id).await.map_err(|e| r.err(e))?;
        Ok(advice.map(|a| PriceAdviceNode {
            median: price_of(Money(a.median)),
            low: price_of(Money(a.low)),
            high: price_of(Money(a.high)),
            count: a.count,
            national: a.national,
        }))
    }

    /// The parameters step 2 of the ad form asks for in a category.
    async fn get_ad_params(&self, ctx: &Context<'_>, category_id: u32) -> Result<Vec<ParamSpecNode>> {
        let r = req(ctx);
        let tree = r.state.catalog.tree();
        if tree.get(category_id).is_none() {
            return Err(r.err(SoukError::with_detail(ErrorCode::CategoryNotFound, category_id.to_string())));
        }
        let label = |l: souk_domain::ad_params::Label| if r.lang == Lang::Ar { l.ar } else { l.fr }.to_string();
        Ok(params_of(category_id, tree.vertical_of(category_id))
            .iter()
            .map(|s| {
                let (mut unit, mut min, mut max, mut max_length, mut choices, mut source) =
                    (None, None, None, None, vec![], None);
                match s.kind {
                    ParamKind::Text { max_len } => max_length = Some(max_len as u32),
                    ParamKind::Number { unit: u, min: lo, max: hi } => {
                        (unit, min, max) = (u.map(str::to_string), Some(lo), Some(hi));
                    }
                    ParamKind::Bool => {}
                    ParamKind::Choice(cs) => {
                        choices = cs.iter().map(|c| ChoiceNode { key: c.key.into(), label: label(c.label) }).collect();
                    }
                    ParamKind::CarBrand => source = Some("carBrands".into()),
                    ParamKind::CarModel => source = Some("carModels".into()),
                    ParamKind::CarFuel => source = Some("carFuels".into()),
                    ParamKind::CarGearbox => source = Some("carGearboxes".into()),
                }
                ParamSpecNode {
                    key: s.key.into(),
                    label: label(s.label),
                    kind: match s.kind {
                        ParamKind::Text { .. } => "text",
                        ParamKind::Number { .. } => "number",
                        ParamKind::Bool => "boolean",
                        _ => "choice",
                    }
                    .into(),
                    required_for_offers: s.required,
                    unit,
                    min,
                    max,
                    max_length,
                    choices,
                    source,
                }
            })
            .collect())
    }

    /// One of my drafts of the ad form.
    async fn get_ad_draft(&self, ctx: &Context<'_>, draft_id: String) -> Result<DraftNode> {
        let r = req(ctx);
        let caller = r.caller().await?;
        Ok(draft_node(r.state.ads.draft(&caller, &draft_id).await.map_err(|e| r.err(e))?))
    }

    /// Admins: the moderation queue, oldest first with its age.
    async fn get_moderation_queue(
        &self,
        ctx: &Context<'_>,
        page: Option<u32>,
        size: Option<u32>,
    ) -> Result<ModerationQueue> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let (entries, total) =
            r.state.ads.moderation_queue(&caller, page.unwrap_or(1), size.unwrap_or(0)).await.map_err(|e| r.err(e))?;
        let now = souk_services::ads::service::now();
        let items = entries.into_iter().map(|e| queue_item(e, now, r.state, r.lang)).collect();
        Ok(ModerationQueue { items, total })
    }

    /// Admins: open abuse reports with their ads, oldest first.
    async fn get_abuse_reports(&self, ctx: &Context<'_>, limit: Option<u32>) -> Result<Vec<AbuseReportNode>> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let reports = r.state.ads.abuse_reports(&caller, limit.unwrap_or(50)).await.map_err(|e| r.err(e))?;
        Ok(reports
            .into_iter()
            .map(|(rep, ad, seller)| AbuseReportNode {
                list_id: rep.list_id,
                report_type: rep.report_type,
                body: rep.body,
                reporter: rep.reporter,
                created_at: rfc3339(rep.created_at),
                ad: ad.map(|a| my_ad(&a, &[], None, r.state, r.lang)),
                seller: seller.map(|s| seller_node(s, r.state)),
            })
            .collect())
    }

    /// Admins: one page of the ads with open abuse reports, the most reported first, with the
    /// number of reported ads.
    async fn get_reported_ads(&self, ctx: &Context<'_>, page: Option<u32>, size: Option<u32>) -> Result<ReportedAds> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let (groups, total) =
            r.state.ads.reported_ads(&caller, page.unwrap_or(1), size.unwrap_or(0)).await.map_err(|e| r.err(e))?;
        let items = groups
            .into_iter()
            .map(|(g, ad, seller)| ReportedAdNode {
                list_id: g.list_id,
                count: g.reports.len() as u32,
                first_at: g.reports.first().map(|x| rfc3339(x.created_at)).unwrap_or_default(),
                last_at: g.reports.last().map(|x| rfc3339(x.created_at)).unwrap_or_default(),
                reports: g.reports.into_iter().map(report_node).collect(),
                ad: ad.map(|a| my_ad(&a, &[], None, r.state, r.lang)),
                seller: seller.map(|s| seller_node(s, r.state)),
            })
            .collect();
        Ok(ReportedAds { items, total })
    }
}

fn report_node(rep: AbuseReport) -> AbuseReportNode {
    AbuseReportNode {
        list_id: rep.list_id,
        report_type: rep.report_type,
        body: rep.body,
        reporter: rep.reporter,
        created_at: rfc3339(rep.created_at),
        ad: None,
        seller: None,
    }
}

fn queue_item((e, seller): (QueueEntry, Option<SellerSummary>), now: i64, state: &AppState, lang: Lang) -> QueueItem {
    let age = (now - e.submitted_at).max(0);
    QueueItem {
        kind: e.kind,
        submitted_at: rfc3339(e.submitted_at),
        age_seconds: age,
        overdue: age > souk_domain::ad_lifecycle::MODERATION_MAX_SECONDS,
        flags: e.flags,
        ad: my_ad(&e.ad, &[], None, state, lang),
        seller: seller.map(|s| seller_node(s, state)),
        pending_edit: e
            .pending_edit
            .and_then(|c| serde_json::from_str::<AdDraft>(&c).ok())
            .map(|d| Json(draft_json(&d))),
    }
}

#[derive(Default)]
pub struct AdMutation;

#[Object]
impl AdMutation {
    /// `saveAd(input)`: code 201.
    async fn save_ad(&self, ctx: &Context<'_>, input: ListIdInput) -> Result<CodeResult> {
        let r = req(ctx);
        let caller =
            r.caller().await.map_err(|_| saved_error(&r, "saveAd", SoukError::new(ErrorCode::SessionExpired)))?;
        let code = r.state.ads.save(&caller, input.list_id).await.map_err(|e| saved_error(&r, "saveAd", e))?;
        Ok(CodeResult { code })
    }

    /// `unsaveAd(input)`: code 204.
    async fn unsave_ad(&self, ctx: &Context<'_>, input: ListIdInput) -> Result<CodeResult> {
        let r = req(ctx);
        let caller =
            r.caller().await.map_err(|_| saved_error(&r, "unsaveAd", SoukError::new(ErrorCode::SessionExpired)))?;
        let code = r.state.ads.unsave(&caller, input.list_id).await.map_err(|e| saved_error(&r, "unsaveAd", e))?;
        Ok(CodeResult { code })
    }

    /// Saves the ad form after a step (1 to 4): the steps up to it are checked.
    async fn save_ad_draft(
        &self,
        ctx: &Context<'_>,
        draft_id: Option<String>,
        step: u8,
        ad: AdInput,
    ) -> Result<DraftNode> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let state = r.state.ads.save_form(&caller, draft_id, step, ad.into()).await.map_err(|e| r.err(e))?;
        Ok(draft_node(state))
    }

    /// Submits a new ad (a saved draft, or the whole form at once): it waits for moderation.
    async fn submit_ad(&self, ctx: &Context<'_>, draft_id: Option<String>, ad: Option<AdInput>) -> Result<SubmittedAd> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let saved = r.state.ads.submit_form(&caller, draft_id, ad.map(AdPatch::from)).await.map_err(|e| r.err(e))?;
        Ok(submitted(&saved))
    }

    /// Replaces the availability calendar of one of my vacation rentals → the calendar as stored
    /// (sorted; overlapping or touching periods merged). No new moderation.
    async fn set_ad_availability(
        &self,
        ctx: &Context<'_>,
        ad_id: String,
        periods: Vec<AvailabilityPeriodInput>,
    ) -> Result<Vec<AvailabilityPeriod>> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let periods: Vec<(String, String)> = periods.into_iter().map(|p| (p.from, p.to)).collect();
        let stored = r.state.ads.set_availability(&caller, &ad_id, &periods).await.map_err(|e| r.err(e))?;
        Ok(availability_nodes(stored))
    }

    /// `patchAd(ad)` → adId: edits one of my ads (fields left out keep their value).
    async fn patch_ad(&self, ctx: &Context<'_>, ad: AdInput) -> Result<String> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let saved = r.state.ads.patch_form(&caller, ad.into()).await.map_err(|e| r.err(e))?;
        Ok(saved.ad.ad_id)
    }

    /// `deactivateAd(adId, accountId, token)`
    async fn deactivate_ad(
        &self,
        ctx: &Context<'_>,
        ad_id: String,
        account_id: Option<i64>,
        token: Option<String>,
    ) -> Result<AdOperationResult> {
        let r = req(ctx);
        let caller = r.caller_or_token(token.as_deref()).await?;
        let ad = r.state.ads.deactivate(&caller, &ad_id, account_id).await.map_err(|e| r.err(e))?;
        Ok(operation(&ad, "DEACTIVATED", None, "adOperations.deactivated", r.lang))
    }

    /// `activateAd(adId, accountId, token)`: ACTIVATED, or PAYMENT_REQUIRED over the free limit.
    async fn activate_ad(
        &self,
        ctx: &Context<'_>,
        ad_id: String,
        account_id: Option<i64>,
        token: Option<String>,
    ) -> Result<AdOperationResult> {
        let r = req(ctx);
        let caller = r.caller_or_token(token.as_deref()).await?;
        let result = r.state.ads.activate(&caller, &ad_id, account_id).await.map_err(|e| r.err(e))?;
        Ok(match result.outcome {
            Activation::Activated => operation(&result.ad, "ACTIVATED", None, "adOperations.activated", r.lang),
            Activation::PaymentRequired => {
                operation(&result.ad, "PAYMENT_REQUIRED", Some(ErrorCode::ActiveLimitReached), "", r.lang)
            }
        })
    }

    /// `deleteAd(listId, accountId, token)`: deleted, or 'deletion refused' with the days left.
    async fn delete_ad(
        &self,
        ctx: &Context<'_>,
        list_id: i64,
        account_id: Option<i64>,
        token: Option<String>,
    ) -> Result<AdOperationResult> {
        let r = req(ctx);
        let caller = r.caller_or_token(token.as_deref()).await?;
        let ad = r.state.ads.delete(&caller, list_id, account_id).await.map_err(|e| r.err(e))?;
        Ok(operation(&ad, "DELETED", None, "adOperations.deleted", r.lang))
    }

    /// Deactivates several of my ads with a reason; each has its own outcome.
    async fn bulk_deactivate_ads(
        &self,
        ctx: &Context<'_>,
        ad_ids: Vec<String>,
        reason: String,
    ) -> Result<Vec<BulkItem>> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let out = r.state.ads.bulk_deactivate(&caller, &ad_ids, &reason).await.map_err(|e| r.err(e))?;
        Ok(bulk(out, r.lang))
    }

    /// Deletes several of my ads with a reason; each has its own outcome.
    async fn bulk_delete_ads(&self, ctx: &Context<'_>, ad_ids: Vec<String>, reason: String) -> Result<Vec<BulkItem>> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let out = r.state.ads.bulk_delete(&caller, &ad_ids, &reason).await.map_err(|e| r.err(e))?;
        Ok(bulk(out, r.lang))
    }

    /// Appeal of a refused ad: back to moderation, within the limit ('appeal limit reached').
    async fn appeal_ad(&self, ctx: &Context<'_>, ad_id: String, message: Option<String>) -> Result<SubmittedAd> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let ad = r.state.ads.appeal(&caller, &ad_id, message.as_deref().unwrap_or("")).await.map_err(|e| r.err(e))?;
        Ok(submitted(&ad))
    }

    /// "Show number": the seller's phone, counted as a phone view (not the owner's, not a
    /// robot's, once per visitor per 30 minutes).
    async fn show_ad_phone(&self, ctx: &Context<'_>, list_id: i64) -> Result<String> {
        let r = req(ctx);
        r.limit(&souk_domain::limits::PHONES_SHOWN_PER_ADDRESS, &r.address()).await?;
        let caller = r.optional_caller().await?;
        let (visitor, agent) = r.visitor();
        r.state.ads.show_phone(caller.as_ref(), list_id, visitor, agent).await.map_err(|e| r.err(e))
    }

    /// `submitReportAd(listId, from, type, body)`: one report per reporter per ad.
    async fn submit_report_ad(
        &self,
        ctx: &Context<'_>,
        list_id: i64,
        from: Option<String>,
        #[graphql(name = "type")] report_type: String,
        body: Option<String>,
    ) -> Result<ReportResult> {
        let r = req(ctx);
        r.limit(&souk_domain::limits::REPORTS_PER_ADDRESS, &r.address()).await?;
        let caller = r.optional_caller().await?;
        let reported = r
            .state
            .ads
            .report(caller.as_ref(), list_id, from.as_deref(), &report_type, body.as_deref().unwrap_or(""))
            .await
            .map_err(|e| r.err(e))?;
        Ok(ReportResult { reported })
    }

    /// Admins: approve (APPROVE) or refuse (REFUSE with a reason key) a waiting ad or edit.
    async fn moderate_ad(
        &self,
        ctx: &Context<'_>,
        ad_id: String,
        decision: String,
        reason: Option<String>,
        note: Option<String>,
    ) -> Result<SubmittedAd> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let decision = match decision.as_str() {
            "APPROVE" => Decision::Approve,
            "REFUSE" => {
                let key = reason.unwrap_or_default();
                let reason = RefusalReason::parse(&key).ok_or_else(|| {
                    r.err(SoukError::with_detail(ErrorCode::InvalidArgument, format!("reason {key}")))
                })?;
                Decision::Refuse { reason, note }
            }
            other => return Err(r.err(SoukError::with_detail(ErrorCode::InvalidArgument, format!("decision {other}")))),
        };
        let ad = r.state.ads.decide(&caller, &ad_id, decision).await.map_err(|e| r.err(e))?;
        Ok(submitted(&ad))
    }

    /// Admins: closes every open abuse report of an ad for a dismissal reason (no_violation,
    /// ad_corrected, already_handled, other) with an optional note.
    async fn dismiss_report_ad(
        &self,
        ctx: &Context<'_>,
        list_id: i64,
        reason: String,
        note: Option<String>,
    ) -> Result<DismissedReports> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let closed =
            r.state.ads.dismiss_reports(&caller, list_id, &reason, note.as_deref()).await.map_err(|e| r.err(e))?;
        Ok(DismissedReports { list_id, closed })
    }
}
