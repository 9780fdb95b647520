//! The ad form of spec §2 (`/ad/insert/{step}`, `/ad/edit/{id}/{step}`): what each of its four
//! steps holds — 1 category and ad type; 2 details and the category's parameters; 3 photos and
//! video; 4 location, contact and price — and the spec §5 checks, applied cumulatively so a
//! draft can be kept after any step and submitted once all four pass.

use crate::ad::ParamValue;
use crate::ad_params::{ParamKind, check_params, is_offer, params_of};
use crate::ad_text::{AdTextProblem, ad_text_problem, description_problem};
use crate::catalog::{AreaId, CarCatalogue, CategoryId, CategoryTree, City, CityId};
use crate::money::Money;
use crate::{ErrorCode, SoukError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub const TITLE_MIN: usize = 5;
pub const TITLE_MAX: usize = 100;
pub const DESCRIPTION_MIN: usize = 10;
pub const DESCRIPTION_MAX: usize = 4000;
/// Spec §5 / §9: up to 8 free photos.
pub const FREE_PHOTOS: usize = 8;
/// With a paid photo pack.
pub const PACK_PHOTOS: usize = 20;
/// The highest price accepted, in dirhams (a billion: above any real ad).
pub const PRICE_MAX_DH: i64 = 1_000_000_000;
/// Hotdeal / promo discounts, in percent.
pub const DISCOUNT_MIN: u8 = 5;
pub const DISCOUNT_MAX: u8 = 90;
/// The steps of the form.
pub const STEPS: u8 = 4;

/// An ad being written: every field is optional until its step is checked.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct AdDraft {
    // Step 1
    pub category_id: Option<CategoryId>,
    pub ad_type: Option<String>,
    // Step 2
    pub title: Option<String>,
    pub description: Option<String>,
    pub params: BTreeMap<String, ParamValue>,
    pub urgent: bool,
    pub discount: Option<u8>,
    pub delivery: bool,
    // Step 3: media ids from uploads, the first photo is the cover.
    pub images: Vec<String>,
    pub video: Option<String>,
    // Step 4
    pub city_id: Option<CityId>,
    pub area_id: Option<AreaId>,
    pub price: Option<Money>,
    pub phone_hidden: bool,
}

/// The reference data the checks need.
pub struct FormContext<'a> {
    pub categories: &'a CategoryTree,
    pub cars: &'a CarCatalogue,
    pub cities: &'a [City],
    /// The neighbourhoods of a city.
    pub areas_of: &'a dyn Fn(CityId) -> Vec<AreaId>,
    /// How many photos this ad may have (8, more with a paid pack).
    pub max_photos: usize,
}

/// Whether the ad type needs a price: goods, vehicles and property on offer do; jobs,
/// services and "wanted" ads may leave it out.
pub fn price_required(category_vertical_root: Option<CategoryId>, ad_type: &str) -> bool {
    category_vertical_root != Some(30000) && matches!(ad_type, "sell" | "rent" | "vacation_rent")
}

fn text_problem_code(p: AdTextProblem) -> ErrorCode {
    match p {
        AdTextProblem::ForbiddenCharacter => ErrorCode::TextHasSpecialCharacters,
        AdTextProblem::Email => ErrorCode::TextHasEmail,
        AdTextProblem::Phone => ErrorCode::TextHasPhone,
        AdTextProblem::Link => ErrorCode::TextHasLink,
    }
}

/// Spec §5 generic text rules for a title or description: required, length, then `rule` (no
/// e-mail, phone, link, and the special characters of a title or of a description:
/// `ad_text.rs`). Answers the trimmed text.
pub fn check_ad_text(
    field: &str,
    text: Option<&str>,
    min: usize,
    max: usize,
    rule: fn(&str) -> Option<AdTextProblem>,
) -> Result<String, SoukError> {
    let cleaned = crate::text::strip_bidi_controls(text.unwrap_or_default());
    let text = cleaned.trim();
    if text.is_empty() {
        return Err(SoukError::with_detail(ErrorCode::Required, field));
    }
    let len = text.chars().count();
    if len < min {
        return Err(SoukError::with_detail(ErrorCode::TextTooShort, field).with_param("min", min as i64));
    }
    if len > max {
        return Err(SoukError::with_detail(ErrorCode::TextTooLong, field).with_param("max", max as i64));
    }
    if let Some(problem) = rule(text) {
        return Err(SoukError::with_detail(text_problem_code(problem), field));
    }
    Ok(text.to_string())
}

/// Checks steps 1 to `step` of a draft and answers it normalised (trimmed text, checked
/// parameters). Later steps' fields are kept as they are, unchecked.
pub fn check_steps(step: u8, draft: &AdDraft, cx: &FormContext<'_>) -> Result<AdDraft, SoukError> {
    if !(1..=STEPS).contains(&step) {
        return Err(SoukError::with_detail(ErrorCode::InvalidArgument, "step"));
    }
    let mut out = draft.clone();

    // Step 1: a visible leaf category and one of its ad types.
    let category_id = draft.category_id.ok_or_else(|| SoukError::with_detail(ErrorCode::Required, "categoryId"))?;
    let category = cx
        .categories
        .get(category_id)
        .filter(|c| !c.hidden && c.children_ids.is_empty())
        .ok_or_else(|| SoukError::with_detail(ErrorCode::CategoryNotFound, category_id.to_string()))?;
    let ad_type = draft.ad_type.as_deref().ok_or_else(|| SoukError::with_detail(ErrorCode::Required, "adType"))?;
    if !category.ad_types.iter().any(|t| t.key == ad_type) {
        return Err(SoukError::with_detail(ErrorCode::InvalidAdType, ad_type.to_string()));
    }
    if step == 1 {
        return Ok(out);
    }

    // Step 2: title, description, parameters, urgent, discount, delivery.
    out.title = Some(check_ad_text("title", draft.title.as_deref(), TITLE_MIN, TITLE_MAX, ad_text_problem)?);
    out.description = Some(check_ad_text(
        "description",
        draft.description.as_deref(),
        DESCRIPTION_MIN,
        DESCRIPTION_MAX,
        description_problem,
    )?);
    let vertical = cx.categories.vertical_of(category_id);
    let specs = params_of(category_id, vertical);
    let params = check_params(specs, ad_type, &draft.params, cx.cars)?;
    // Free text follows the ad text rule; choice keys (`tres_bon_etat`) are ours, not typed.
    let free_text = |key: &str| specs.iter().any(|s| s.key == key && matches!(s.kind, ParamKind::Text { .. }));
    for (key, value) in &params {
        if let ParamValue::Text(t) = value
            && free_text(key)
            && let Some(problem) = ad_text_problem(t)
        {
            return Err(SoukError::with_detail(text_problem_code(problem), format!("params.{key}")));
        }
    }
    out.params = params;
    if let Some(d) = draft.discount {
        if d < DISCOUNT_MIN {
            return Err(
                SoukError::with_detail(ErrorCode::ValueTooSmall, "discount").with_param("min", DISCOUNT_MIN.into())
            );
        }
        if d > DISCOUNT_MAX {
            return Err(
                SoukError::with_detail(ErrorCode::ValueTooLarge, "discount").with_param("max", DISCOUNT_MAX.into())
            );
        }
    }
    if step == 2 {
        return Ok(out);
    }

    // Step 3: photos (count) and at most one video; the files were checked at upload.
    if draft.images.len() > cx.max_photos {
        return Err(SoukError::with_detail(ErrorCode::TooManyPhotos, format!("{} photos", draft.images.len()))
            .with_param("max", cx.max_photos as i64));
    }
    let mut seen = std::collections::HashSet::new();
    if draft.images.iter().any(|i| !seen.insert(i)) {
        return Err(SoukError::with_detail(ErrorCode::InvalidArgument, "images: the same photo twice"));
    }
    if step == 3 {
        return Ok(out);
    }

    // Step 4: city, its area, price.
    let city_id = draft.city_id.ok_or_else(|| SoukError::with_detail(ErrorCode::CityRequired, "cityId"))?;
    if !cx.cities.iter().any(|c| c.id == city_id) {
        return Err(SoukError::with_detail(ErrorCode::CityNotFound, city_id.to_string()));
    }
    if let Some(area) = draft.area_id
        && !(cx.areas_of)(city_id).contains(&area)
    {
        return Err(SoukError::with_detail(ErrorCode::AreaNotFound, area.to_string()));
    }
    let vertical_root = vertical.map(|v| v.root_id());
    match draft.price {
        None if price_required(vertical_root, ad_type) => {
            return Err(SoukError::with_detail(ErrorCode::Required, "price"));
        }
        Some(p) if p.centimes() < 100 => {
            return Err(SoukError::with_detail(ErrorCode::ValueTooSmall, "price").with_param("min", 1));
        }
        Some(p) if p.centimes() > PRICE_MAX_DH * 100 => {
            return Err(SoukError::with_detail(ErrorCode::ValueTooLarge, "price").with_param("max", PRICE_MAX_DH));
        }
        _ => {}
    }
    if draft.discount.is_some() && draft.price.is_none() {
        return Err(SoukError::with_detail(ErrorCode::Required, "price (a discount needs a price)"));
    }
    if !is_offer(ad_type) && draft.discount.is_some() {
        return Err(SoukError::with_detail(ErrorCode::InvalidArgument, "discount: only offers have a discount"));
    }
    Ok(out)
}

/// The first step a draft does not pass yet (5 when it is complete).
pub fn next_step(draft: &AdDraft, cx: &FormContext<'_>) -> u8 {
    (1..=STEPS).find(|&s| check_steps(s, draft, cx).is_err()).unwrap_or(STEPS + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Localized;
    use crate::catalog::{AdType, Category};

    fn tree() -> CategoryTree {
        let cat = |id, parent, types: &[&str]| Category {
            id,
            parent_id: parent,
            children_ids: vec![],
            order: 1,
            label: Localized::new(format!("c{id}"), format!("ف{id}")),
            slug: Localized::new(format!("c{id}"), format!("ف{id}")),
            ad_types: types
                .iter()
                .map(|k| AdType { key: k.to_string(), order: 1, label: Localized::new(*k, "نوع") })
                .collect(),
            hidden: false,
        };
        CategoryTree::build(vec![
            cat(50000, None, &["sell", "buy"]),
            cat(6000, Some(50000), &["sell", "buy"]),
            cat(6020, Some(6000), &["sell", "buy"]),
            cat(30000, None, &["job_offer"]),
            cat(3000, Some(30000), &["job_offer"]),
            cat(3010, Some(3000), &["job_offer"]),
        ])
        .unwrap()
    }

    fn city() -> City {
        City {
            id: 5,
            region_id: 1,
            label: Localized::new("Rabat", "الرباط"),
            slug: Localized::new("rabat", "الرباط"),
            latitude: 34.0,
            longitude: -6.8,
            population: 1,
        }
    }

    fn complete() -> AdDraft {
        AdDraft {
            category_id: Some(6020),
            ad_type: Some("sell".into()),
            title: Some("  Canapé d'angle en cuir  ".into()),
            description: Some("Canapé en très bon état à récupérer sur place.".into()),
            images: vec!["m1".into()],
            city_id: Some(5),
            area_id: Some(51),
            price: Some(Money::from_dirhams(2500)),
            ..AdDraft::default()
        }
    }

    fn check(step: u8, d: &AdDraft) -> Result<AdDraft, SoukError> {
        let (tree, cars, cities) = (tree(), CarCatalogue::default(), vec![city()]);
        let areas = |c: CityId| if c == 5 { vec![51, 52] } else { vec![] };
        let cx = FormContext { categories: &tree, cars: &cars, cities: &cities, areas_of: &areas, max_photos: 8 };
        check_steps(step, d, &cx)
    }

    fn code(step: u8, d: &AdDraft) -> (ErrorCode, Option<String>) {
        let e = check(step, d).unwrap_err();
        (e.code, e.detail)
    }

    #[test]
    fn a_complete_ad_passes_every_step_trimmed() {
        let out = check(4, &complete()).unwrap();
        assert_eq!(out.title.as_deref(), Some("Canapé d'angle en cuir"));
    }

    #[test]
    fn step_one_needs_a_visible_leaf_and_one_of_its_types() {
        let d = AdDraft { category_id: Some(6000), ..complete() };
        assert_eq!(code(1, &d).0, ErrorCode::CategoryNotFound);
        let d = AdDraft { ad_type: Some("rent".into()), ..complete() };
        assert_eq!(code(1, &d).0, ErrorCode::InvalidAdType);
        let d = AdDraft { category_id: None, ..complete() };
        assert_eq!(code(1, &d), (ErrorCode::Required, Some("categoryId".into())));
    }

    #[test]
    fn step_two_applies_the_text_rules() {
        let cases = [
            ("Vends canapé !", ErrorCode::TextHasSpecialCharacters),
            ("Appelez le 0612345678", ErrorCode::TextHasPhone),
            ("Voir souk.ma pour photos", ErrorCode::TextHasLink),
            ("Écrire à moi@exemple.ma", ErrorCode::TextHasEmail),
            ("Sofa", ErrorCode::TextTooShort),
            ("", ErrorCode::Required),
        ];
        for (title, expected) in cases {
            let d = AdDraft { title: Some(title.into()), ..complete() };
            assert_eq!(code(2, &d), (expected, Some("title".into())), "{title}");
        }
        let d = AdDraft { description: Some("x".repeat(DESCRIPTION_MAX + 1)), ..complete() };
        assert_eq!(code(2, &d), (ErrorCode::TextTooLong, Some("description".into())));
        // A description is prose: commas, colons, percent and the Arabic comma and question
        // mark pass; contact details and handles do not.
        for ok in ["Canapé en cuir, très bon état : 3 places, remise 10 %.", "كنبة جلدية، حالة جيدة جدا؟"]
        {
            let d = AdDraft { description: Some(ok.into()), ..complete() };
            assert!(check(2, &d).is_ok(), "{ok}");
        }
        for (bad, expected) in [
            ("Canapé en cuir, appelez le 0612345678", ErrorCode::TextHasPhone),
            ("Canapé en cuir, écrire à moi@exemple.ma", ErrorCode::TextHasEmail),
            ("Canapé en cuir, photos sur souk.ma", ErrorCode::TextHasLink),
            ("Canapé en cuir, insta vendeur_casa", ErrorCode::TextHasSpecialCharacters),
        ] {
            let d = AdDraft { description: Some(bad.into()), ..complete() };
            assert_eq!(code(2, &d), (expected, Some("description".into())), "{bad}");
        }
        let d = AdDraft { discount: Some(95), ..complete() };
        assert_eq!(code(2, &d).0, ErrorCode::ValueTooLarge);
    }

    #[test]
    fn choice_keys_are_not_ad_text_but_free_text_params_are() {
        let mut d = complete();
        d.params.insert("condition".into(), ParamValue::Text("tres_bon_etat".into()));
        assert!(check(2, &d).is_ok());
        d.params.insert("brand".into(), ParamValue::Text("Appelez 0612345678".into()));
        assert_eq!(code(2, &d), (ErrorCode::TextHasPhone, Some("params.brand".into())));
    }

    #[test]
    fn step_one_passes_with_later_fields_still_empty() {
        let d = AdDraft { category_id: Some(6020), ad_type: Some("sell".into()), ..AdDraft::default() };
        assert!(check(1, &d).is_ok());
        assert_eq!(code(2, &d), (ErrorCode::Required, Some("title".into())));
    }

    #[test]
    fn step_three_limits_photos() {
        let d = AdDraft { images: (0..9).map(|i| format!("m{i}")).collect(), ..complete() };
        let e = check(3, &d).unwrap_err();
        assert_eq!(e.code, ErrorCode::TooManyPhotos);
        assert_eq!(e.params, vec![("max", 8)]);
        let d = AdDraft { images: vec!["m1".into(), "m1".into()], ..complete() };
        assert_eq!(code(3, &d).0, ErrorCode::InvalidArgument);
    }

    #[test]
    fn step_four_checks_city_area_and_price() {
        assert_eq!(code(4, &AdDraft { city_id: None, ..complete() }).0, ErrorCode::CityRequired);
        assert_eq!(code(4, &AdDraft { city_id: Some(99), ..complete() }).0, ErrorCode::CityNotFound);
        assert_eq!(code(4, &AdDraft { area_id: Some(77), ..complete() }).0, ErrorCode::AreaNotFound);
        assert_eq!(code(4, &AdDraft { price: None, ..complete() }), (ErrorCode::Required, Some("price".into())));
        assert_eq!(code(4, &AdDraft { price: Some(Money(50)), ..complete() }).0, ErrorCode::ValueTooSmall);
        let job = AdDraft {
            category_id: Some(3010),
            ad_type: Some("job_offer".into()),
            price: None,
            area_id: None,
            ..complete()
        };
        assert!(check(4, &job).is_ok(), "jobs need no price");
    }
}
