//! From the ad service's values to the GraphQL types of `types.rs`: prices, parameters and
//! their labels, images, packs, my ad and the public ad, drafts, lifecycle outcomes, saved ads,
//! moderation queue items and reports.

use super::types::*;
use crate::graphql::errors::with_message_key;
use crate::graphql::request::Req;
use crate::state::AppState;
use async_graphql::Json;
use souk_domain::ad::{AdStatus, ParamValue, VasPack, VasPackKind};
use souk_domain::ad_form::AdDraft;
use souk_domain::ad_params::{ParamKind, params_of};
use souk_domain::moderation::RefusalReason;
use souk_domain::money::Money;
use souk_domain::time::rfc3339;
use souk_domain::{ErrorCode, Lang, SoukError};
use souk_services::ads::service::{BulkOutcome, DraftState, PublicAd, SellerSummary, param_text};
use souk_storage::ads::{AbuseReport, QueueEntry, StoredAd};

pub(super) fn price_of(m: Money) -> PriceNode {
    PriceNode {
        with_currency: m.with_currency(),
        without_currency: m.without_currency(),
        value: m.centimes() as f64 / 100.0,
    }
}

pub(super) fn price(m: Option<Money>) -> Option<PriceNode> {
    m.map(price_of)
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

pub(crate) fn image_node(state: &AppState, key: &str) -> ImageNode {
    let path = |size: &str| souk_services::media::photo_path(state.media.as_ref(), key, size);
    ImageNode { media_id: key.to_string(), thumb: path("thumb"), medium: path("medium"), large: path("large") }
}

pub(super) fn params_nodes(ad: &StoredAd, state: &AppState, lang: Lang) -> Vec<AdParam> {
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
pub(super) fn choice_label(
    kind: ParamKind,
    value: &str,
    ad: &StoredAd,
    state: &AppState,
    lang: Lang,
) -> Option<String> {
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

pub(super) fn public_node(p: PublicAd, saved_by_me: bool, state: &AppState, lang: Lang) -> PublicAdNode {
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

pub(super) fn seller_node(s: SellerSummary, state: &AppState) -> Seller {
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

pub(super) fn draft_node(d: DraftState) -> DraftNode {
    DraftNode {
        draft_id: d.draft_id,
        ad_id: d.ad_id,
        step: d.step,
        next_step: d.next_step,
        ad: Json(draft_json(&d.draft)),
    }
}

pub(super) fn draft_json(d: &AdDraft) -> serde_json::Value {
    serde_json::json!({
        "categoryId": d.category_id, "adType": d.ad_type, "title": d.title, "description": d.description,
        "params": d.params, "urgent": d.urgent, "discount": d.discount, "delivery": d.delivery,
        "images": d.images, "video": d.video, "cityId": d.city_id, "areaId": d.area_id,
        "price": d.price.map(|p| p.centimes() / 100), "phoneHidden": d.phone_hidden,
    })
}

pub(super) fn submitted(a: &StoredAd) -> SubmittedAd {
    SubmittedAd {
        ad_id: a.ad.ad_id.clone(),
        list_id: a.ad.list_id,
        status: a.ad.status.as_str().into(),
        refusal_reason: a.ad.refusal_reason.clone(),
    }
}

pub(super) fn operation(
    a: &StoredAd,
    outcome: &str,
    code: Option<ErrorCode>,
    key: &str,
    lang: Lang,
) -> AdOperationResult {
    AdOperationResult {
        ad_id: a.ad.ad_id.clone(),
        list_id: a.ad.list_id,
        status: a.ad.status.as_str().into(),
        outcome: outcome.into(),
        message_key: code.map(|c| c.message_key().to_string()).unwrap_or_else(|| key.to_string()),
        message: code.map(|c| c.message(lang).to_string()).unwrap_or_default(),
    }
}

pub(super) fn bulk(items: Vec<BulkOutcome>, lang: Lang) -> Vec<BulkItem> {
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

pub(super) fn availability_nodes(periods: Vec<souk_domain::availability::BookedPeriod>) -> Vec<AvailabilityPeriod> {
    periods
        .into_iter()
        .map(|p| {
            let (from, to) = p.labels();
            AvailabilityPeriod { from, to }
        })
        .collect()
}

/// Spec §8: save and unsave report adNotFound, sessionExpired or internalError under their
/// operation's keys (`saveAd.error.adNotFound` ...).
pub(super) fn saved_error(r: &Req<'_>, op: &str, e: SoukError) -> async_graphql::Error {
    let key = match e.code {
        ErrorCode::AdNotFound => "adNotFound",
        ErrorCode::LoginRequired | ErrorCode::SessionExpired | ErrorCode::InvalidToken => "sessionExpired",
        _ => "internalError",
    };
    with_message_key(&e, r.lang, &format!("{op}.error.{key}"))
}

pub(super) fn saved_ad(a: &StoredAd, state: &AppState) -> SavedAd {
    SavedAd {
        list_id: a.ad.list_id,
        image: a.ad.images.first().map(|k| image_node(state, k).medium),
        price: price(a.ad.price),
        title: a.ad.title.clone(),
    }
}

pub(super) fn report_node(rep: AbuseReport) -> AbuseReportNode {
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

pub(super) fn queue_item(
    (e, seller): (QueueEntry, Option<SellerSummary>),
    now: i64,
    state: &AppState,
    lang: Lang,
) -> QueueItem {
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
