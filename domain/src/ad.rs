//! Ads as the rest of the product sees them: ids, the states and edit states of spec §4, the
//! uppercase names of the my-ads filters, parameters, abuse-report types, boost packs, and the
//! stored fields of an ad. The transitions live in `ad_lifecycle`, the form rules in `ad_form`.

use crate::catalog::{AreaId, CategoryId, CityId};
use crate::money::Money;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The states of an ad (spec §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AdStatus {
    Active,
    PendingReview,
    Refused,
    Deactivated,
    Deleted,
    PendingPayment,
}

impl AdStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            AdStatus::Active => "active",
            AdStatus::PendingReview => "pending_review",
            AdStatus::Refused => "refused",
            AdStatus::Deactivated => "deactivated",
            AdStatus::Deleted => "deleted",
            AdStatus::PendingPayment => "pending_payment",
        }
    }

    pub const ALL: [AdStatus; 6] = [
        AdStatus::Active,
        AdStatus::PendingReview,
        AdStatus::Refused,
        AdStatus::Deactivated,
        AdStatus::Deleted,
        AdStatus::PendingPayment,
    ];

    pub fn parse(s: &str) -> Option<AdStatus> {
        AdStatus::ALL.into_iter().find(|st| st.as_str() == s)
    }

    /// The uppercase name used by `getMyAds(filters.status)` and `countByStatus` (spec §7).
    pub fn listing_name(self) -> &'static str {
        match self {
            AdStatus::Active => "ACTIVE",
            AdStatus::PendingReview => "PENDING_REVIEW",
            AdStatus::Refused => "REFUSED",
            AdStatus::Deactivated => "DEACTIVATED",
            AdStatus::Deleted => "DELETED",
            AdStatus::PendingPayment => "PENDING_PAYMENT",
        }
    }

    /// Reads an uppercase filter; `UNVERIFIED` (spec §4) is the pending-moderation tab.
    pub fn parse_listing(s: &str) -> Option<AdStatus> {
        if s == "UNVERIFIED" {
            return Some(AdStatus::PendingReview);
        }
        AdStatus::ALL.into_iter().find(|st| st.listing_name() == s)
    }
}

/// Where an edit of a published ad stands (spec §4 edit statuses).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EditStatus {
    Pending,
    Accepted,
    Refused,
}

impl EditStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            EditStatus::Pending => "pending",
            EditStatus::Accepted => "accepted",
            EditStatus::Refused => "refused",
        }
    }

    pub fn parse(s: &str) -> Option<EditStatus> {
        [EditStatus::Pending, EditStatus::Accepted, EditStatus::Refused].into_iter().find(|e| e.as_str() == s)
    }
}

/// The sub-filter of active ads in my ads (spec §2 ids).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoostedFilter {
    AllAds,
    BoostedActiveAds,
    UnboostedActiveAds,
}

impl BoostedFilter {
    pub fn parse(s: &str) -> Option<BoostedFilter> {
        match s {
            "all_ads" => Some(BoostedFilter::AllAds),
            "boosted_active_ads" => Some(BoostedFilter::BoostedActiveAds),
            "unboosted_active_ads" => Some(BoostedFilter::UnboostedActiveAds),
            _ => None,
        }
    }
}

/// The types of an abuse report (spec §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReportType {
    Fraud,
    Duplicate,
    WrongCat,
    WrongImg,
    FakeNumber,
    WrongPrice,
    Sold,
}

impl ReportType {
    pub const ALL: [ReportType; 7] = [
        ReportType::Fraud,
        ReportType::Duplicate,
        ReportType::WrongCat,
        ReportType::WrongImg,
        ReportType::FakeNumber,
        ReportType::WrongPrice,
        ReportType::Sold,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ReportType::Fraud => "fraud",
            ReportType::Duplicate => "duplicate",
            ReportType::WrongCat => "wrong_cat",
            ReportType::WrongImg => "wrong_img",
            ReportType::FakeNumber => "fake_number",
            ReportType::WrongPrice => "wrong_price",
            ReportType::Sold => "sold",
        }
    }

    pub fn parse(s: &str) -> Option<ReportType> {
        ReportType::ALL.into_iter().find(|t| t.as_str() == s)
    }
}

/// The boost packs of spec §3 (insertion fees are a payment, not a pack on the ad).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VasPackKind {
    Bump,
    Gallery,
    Special,
    Highlight,
    Renewal,
}

impl VasPackKind {
    pub fn as_str(self) -> &'static str {
        match self {
            VasPackKind::Bump => "bump",
            VasPackKind::Gallery => "gallery",
            VasPackKind::Special => "special",
            VasPackKind::Highlight => "highlight",
            VasPackKind::Renewal => "renewal",
        }
    }

    pub fn parse(s: &str) -> Option<VasPackKind> {
        [VasPackKind::Bump, VasPackKind::Gallery, VasPackKind::Special, VasPackKind::Highlight, VasPackKind::Renewal]
            .into_iter()
            .find(|k| k.as_str() == s)
    }

    /// Whether the pack shows the ad in the premium slots of listings and suggestions.
    pub fn is_premium(self) -> bool {
        matches!(self, VasPackKind::Gallery | VasPackKind::Special)
    }

    /// Whether applying the pack bumps the ad: its rank time becomes the moment it applies, so
    /// it goes back to the top of "newest" (design §2 "bump moves it"). A renewal refreshes the
    /// ad once; bump and special do it again every day (below).
    pub fn bumps(self) -> bool {
        matches!(self, VasPackKind::Bump | VasPackKind::Special | VasPackKind::Renewal)
    }

    /// Spec §3: bump "(daily renewal)" and special "(star plus daily renewal)": while the pack
    /// runs, the ad is bumped again every [`BUMP_RENEWAL_SECONDS`].
    pub fn renews_daily(self) -> bool {
        Self::DAILY_RENEWAL.contains(&self)
    }

    /// The packs that renew daily, by stored name.
    pub const DAILY_RENEWAL: [VasPackKind; 2] = [VasPackKind::Bump, VasPackKind::Special];
}

/// How long after a bump a daily-renewal pack bumps the ad again.
pub const BUMP_RENEWAL_SECONDS: i64 = 86_400;

/// Whether an ad bumped (ranked) at `rank_time` is due its daily renewal at `now`.
pub fn renewal_due(rank_time: i64, now: i64) -> bool {
    now - rank_time >= BUMP_RENEWAL_SECONDS
}

/// A boost pack applied to an ad, for a period (Unix seconds).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VasPack {
    pub name: String,
    pub start_date: i64,
    pub end_date: i64,
}

/// Spec §5: "a pack requires at least one image".
pub fn check_pack_allowed(image_count: usize) -> Result<(), crate::SoukError> {
    if image_count == 0 {
        return Err(crate::SoukError::new(crate::ErrorCode::PackRequiresImage));
    }
    Ok(())
}

/// A value of a category parameter (spec §3 secondary params: text, numeric with unit, boolean).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ParamValue {
    Bool(bool),
    Number(i64),
    Text(String),
}

/// An ad: what its seller wrote and where it stands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ad {
    /// Internal id (UUIDv7 text, time-ordered).
    pub ad_id: String,
    /// Public numeric id used in URLs (`/vi/{listId}.htm`).
    pub list_id: i64,
    pub account_id: i64,
    pub category_id: CategoryId,
    pub ad_type: String,
    pub title: String,
    pub description: String,
    pub price: Option<Money>,
    pub city_id: CityId,
    pub area_id: Option<AreaId>,
    pub params: BTreeMap<String, ParamValue>,
    pub status: AdStatus,
    pub urgent: bool,
    pub delivery: bool,
    pub phone_hidden: bool,
    /// Image paths relative to the media store, first one is the cover.
    pub images: Vec<String>,
    /// Unix seconds.
    pub published_at: i64,
    pub modified_at: i64,
    /// Hotdeal / promo: the discount in percent shown on the price.
    pub discount: Option<u8>,
    /// The video's media key, if any.
    pub video: Option<String>,
    /// When the ad entered its current status (spec §3 lastStateTime).
    pub state_time: i64,
    /// Where its last edit stands, for an edited ad.
    pub edit_status: Option<EditStatus>,
    /// Why moderation refused it (or refused its edit).
    pub refusal_reason: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_round_trip_through_their_names() {
        for s in ["active", "pending_review", "refused", "deactivated", "deleted", "pending_payment"] {
            assert_eq!(AdStatus::parse(s).map(AdStatus::as_str), Some(s));
        }
        assert_eq!(AdStatus::parse("ACTIVE"), None);
    }

    #[test]
    fn listing_names_are_uppercase_and_unverified_means_pending() {
        for st in AdStatus::ALL {
            assert_eq!(AdStatus::parse_listing(st.listing_name()), Some(st));
            assert_eq!(st.listing_name(), st.as_str().to_uppercase());
        }
        assert_eq!(AdStatus::parse_listing("UNVERIFIED"), Some(AdStatus::PendingReview));
        assert_eq!(AdStatus::parse_listing("active"), None);
    }

    #[test]
    fn report_types_are_the_spec_ones() {
        let names: Vec<_> = ReportType::ALL.iter().map(|t| t.as_str()).collect();
        assert_eq!(names, ["fraud", "duplicate", "wrong_cat", "wrong_img", "fake_number", "wrong_price", "sold"]);
        assert_eq!(ReportType::parse("spam"), None);
    }

    #[test]
    fn bump_and_special_renew_daily_and_a_renewal_bumps_once() {
        let bumping: Vec<_> = [
            VasPackKind::Bump,
            VasPackKind::Gallery,
            VasPackKind::Special,
            VasPackKind::Highlight,
            VasPackKind::Renewal,
        ]
        .into_iter()
        .map(|k| (k.as_str(), k.bumps(), k.renews_daily()))
        .collect();
        assert_eq!(
            bumping,
            [
                ("bump", true, true),
                ("gallery", false, false),
                ("special", true, true),
                ("highlight", false, false),
                ("renewal", true, false)
            ]
        );
        assert!(!renewal_due(1_000, 1_000 + BUMP_RENEWAL_SECONDS - 1));
        assert!(renewal_due(1_000, 1_000 + BUMP_RENEWAL_SECONDS));
    }

    #[test]
    fn a_pack_needs_an_image() {
        assert_eq!(check_pack_allowed(0).unwrap_err().code, crate::ErrorCode::PackRequiresImage);
        assert!(check_pack_allowed(1).is_ok());
    }
}
