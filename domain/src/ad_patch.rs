//! How the ad form's fields lay over a draft (spec §2 `/ad/insert`, `/ad/edit`; `saveAdDraft`,
//! `submitAd`, `patchAd`): a field left out keeps its value, a new city forgets the old area, an
//! empty video removes it, a price of 0 means "no price", and parameters arrive as JSON values
//! that become typed parameters. The same rules for every transport.

use crate::ad::{Ad, ParamValue};
use crate::ad_form::AdDraft;
use crate::catalog::{AreaId, CategoryId, CityId};
use crate::money::Money;
use crate::{ErrorCode, SoukError};
use std::collections::BTreeMap;

/// The form's fields as sent: `None` keeps the draft's value.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AdPatch {
    /// The ad being edited, if any.
    pub ad_id: Option<String>,
    pub category_id: Option<CategoryId>,
    pub ad_type: Option<String>,
    pub title: Option<String>,
    pub description: Option<String>,
    /// Replaces every parameter: `{"brand": "dacia", "year": 2018, "first_owner": true}`.
    pub params: Option<BTreeMap<String, serde_json::Value>>,
    pub urgent: Option<bool>,
    pub discount: Option<u8>,
    pub delivery: Option<bool>,
    /// Media ids, cover first.
    pub images: Option<Vec<String>>,
    /// An empty string removes the video.
    pub video: Option<String>,
    pub city_id: Option<CityId>,
    pub area_id: Option<AreaId>,
    /// In dirhams; 0 is no price.
    pub price: Option<i64>,
    pub phone_hidden: Option<bool>,
}

/// A parameter's JSON value as the ad stores it: a boolean, a whole number or a text;
/// `NOT_A_NUMBER` for a fraction, `INVALID_PARAM` for anything else.
pub fn param_value(key: &str, v: serde_json::Value) -> Result<ParamValue, SoukError> {
    match v {
        serde_json::Value::Bool(b) => Ok(ParamValue::Bool(b)),
        serde_json::Value::Number(n) => n
            .as_i64()
            .map(ParamValue::Number)
            .ok_or_else(|| SoukError::with_detail(ErrorCode::NotANumber, format!("params.{key}"))),
        serde_json::Value::String(s) => Ok(ParamValue::Text(s)),
        _ => Err(SoukError::with_detail(ErrorCode::InvalidParam, format!("params.{key}"))),
    }
}

impl AdPatch {
    /// Laid over `d` (empty for a new ad, the ad's current content for an edit).
    pub fn apply(self, mut d: AdDraft) -> Result<AdDraft, SoukError> {
        if let Some(v) = self.category_id {
            d.category_id = Some(v);
        }
        if let Some(v) = self.ad_type {
            d.ad_type = Some(v);
        }
        if let Some(v) = self.title {
            d.title = Some(v);
        }
        if let Some(v) = self.description {
            d.description = Some(v);
        }
        if let Some(p) = self.params {
            d.params = p.into_iter().map(|(k, v)| param_value(&k, v).map(|v| (k, v))).collect::<Result<_, _>>()?;
        }
        if let Some(v) = self.urgent {
            d.urgent = v;
        }
        if self.discount.is_some() {
            d.discount = self.discount;
        }
        if let Some(v) = self.delivery {
            d.delivery = v;
        }
        if let Some(v) = self.images {
            d.images = v;
        }
        if self.video.is_some() {
            d.video = self.video.filter(|v| !v.is_empty());
        }
        if let Some(v) = self.city_id {
            d.city_id = Some(v);
            d.area_id = None;
        }
        if self.area_id.is_some() {
            d.area_id = self.area_id;
        }
        if let Some(p) = self.price {
            let centimes =
                p.checked_mul(100).ok_or_else(|| SoukError::with_detail(ErrorCode::ValueTooLarge, "price"))?;
            d.price = Some(Money(centimes)).filter(|_| p != 0);
        }
        if let Some(v) = self.phone_hidden {
            d.phone_hidden = v;
        }
        Ok(d)
    }
}

/// The current content of an ad as a draft: the base of its edit.
pub fn draft_of(a: &Ad) -> AdDraft {
    AdDraft {
        category_id: Some(a.category_id),
        ad_type: Some(a.ad_type.clone()),
        title: Some(a.title.clone()),
        description: Some(a.description.clone()),
        params: a.params.clone(),
        urgent: a.urgent,
        discount: a.discount,
        delivery: a.delivery,
        images: a.images.clone(),
        video: a.video.clone(),
        city_id: Some(a.city_id),
        area_id: a.area_id,
        price: a.price,
        phone_hidden: a.phone_hidden,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn base() -> AdDraft {
        AdDraft {
            title: Some("Dacia Logan 2019".into()),
            video: Some("video-1".into()),
            city_id: Some(5),
            area_id: Some(12),
            price: Some(Money(9_500_000)),
            params: BTreeMap::from([("brand".to_string(), ParamValue::Text("dacia".into()))]),
            ..AdDraft::default()
        }
    }

    #[test]
    fn what_is_left_out_keeps_its_value() {
        let d = AdPatch { description: Some("Très bon état, carnet d'entretien".into()), ..AdPatch::default() }
            .apply(base())
            .expect("applied");
        assert_eq!(d.title.as_deref(), Some("Dacia Logan 2019"));
        assert_eq!((d.city_id, d.area_id), (Some(5), Some(12)));
        assert_eq!(d.price, Some(Money(9_500_000)));
        assert_eq!(d.description.as_deref(), Some("Très bon état, carnet d'entretien"));
    }

    #[test]
    fn a_new_city_forgets_the_area_an_empty_video_removes_it_and_a_zero_price_is_none() {
        let d = AdPatch { city_id: Some(8), video: Some(String::new()), price: Some(0), ..AdPatch::default() }
            .apply(base())
            .expect("applied");
        assert_eq!((d.city_id, d.area_id), (Some(8), None));
        assert_eq!(d.video, None);
        assert_eq!(d.price, None);
        // A city and its area together keep the area.
        let d = AdPatch { city_id: Some(8), area_id: Some(3), price: Some(120_000), ..AdPatch::default() }
            .apply(base())
            .expect("applied");
        assert_eq!((d.city_id, d.area_id, d.price), (Some(8), Some(3), Some(Money(12_000_000))));
    }

    #[test]
    fn parameters_are_typed_and_a_bad_value_or_price_is_refused() {
        let params = BTreeMap::from([
            ("year".to_string(), json!(2019)),
            ("first_owner".to_string(), json!(true)),
            ("fuel".to_string(), json!("diesel")),
        ]);
        let d = AdPatch { params: Some(params), ..AdPatch::default() }.apply(base()).expect("applied");
        assert_eq!(d.params.get("year"), Some(&ParamValue::Number(2019)));
        assert_eq!(d.params.get("first_owner"), Some(&ParamValue::Bool(true)));
        assert!(!d.params.contains_key("brand"), "the parameters are replaced whole");
        for (value, code) in [(json!(1.5), ErrorCode::NotANumber), (json!([1]), ErrorCode::InvalidParam)] {
            let patch = AdPatch { params: Some(BTreeMap::from([("year".to_string(), value)])), ..AdPatch::default() };
            assert_eq!(patch.apply(base()).map_err(|e| e.code), Err(code));
        }
        let huge = AdPatch { price: Some(i64::MAX), ..AdPatch::default() };
        assert_eq!(huge.apply(base()).map_err(|e| e.code), Err(ErrorCode::ValueTooLarge));
    }
}
