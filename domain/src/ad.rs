//! Ads as the rest of the product sees them: ids, states of spec §4, parameters and the
//! fields a listing shows. The ad lifecycle and its rules grow here with the Ads capability.

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

    pub fn parse(s: &str) -> Option<AdStatus> {
        [
            AdStatus::Active,
            AdStatus::PendingReview,
            AdStatus::Refused,
            AdStatus::Deactivated,
            AdStatus::Deleted,
            AdStatus::PendingPayment,
        ]
        .into_iter()
        .find(|st| st.as_str() == s)
    }
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
}
