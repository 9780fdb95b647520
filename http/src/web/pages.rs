//! Page routes the server understands before the SPA does (spec §2): ad views
//! (`/{region}/{category}/{slug}_{id}.htm`, `/vi/{id}.htm`, `/deeplink/view/{id}`), listings
//! (`/{location}/{slug1?}/{slug2?}/{slug3?}` with the ad-type suffix, `/list`, `/li`) and shop
//! pages (`/boutique/{name}/{category?}`), each with an optional `fr`/`ar` prefix. A path that
//! differs from the canonical one gets a 301 to it; an `o` offset above spec §9's cap a 301 to
//! `o=1`; otherwise the SPA shell with the page's SEO tags. Anything else goes to the SPA.

use super::first_paint;
use super::seo::{PageMeta, render};
use super::spa;
use crate::state::AppState;
use actix_web::http::{Method, StatusCode};
use actix_web::{HttpRequest, HttpResponse, web};
use serde_json::json;
use souk_domain::Lang;
use souk_domain::catalog::Vertical;
use souk_domain::listing_url::{
    ListingRoute, OffsetParam, ShopDirectoryRoute, ad_id_of_path, ad_path, listing_path, offset_param, parse_listing,
    parse_shop_directory, percent_decode, percent_encode_path, shop_directory_path, shop_path, split_lang,
};
use souk_domain::search::{PAGE_SIZE, SearchFilters, SearchSort};
use souk_services::search::service::SearchResult;

/// The raw `key=value` pairs of the query string, in order.
fn query_pairs(req: &HttpRequest) -> Vec<(String, String)> {
    req.query_string()
        .split('&')
        .filter(|kv| !kv.is_empty())
        .map(|kv| match kv.split_once('=') {
            Some((k, v)) => (k.to_string(), v.to_string()),
            None => (kv.to_string(), String::new()),
        })
        .collect()
}

fn moved(path: &str, query: &[(String, String)]) -> HttpResponse {
    let mut location = percent_encode_path(path);
    if !query.is_empty() {
        location.push('?');
        location.push_str(&query.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&"));
    }
    HttpResponse::MovedPermanently().insert_header(("Location", location)).finish()
}

fn other(lang: Lang) -> Lang {
    if lang == Lang::Ar { Lang::Fr } else { Lang::Ar }
}

/// The default service: known page shapes first, then the SPA.
pub async fn page(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    if !matches!(*req.method(), Method::GET | Method::HEAD) {
        return spa::fallback(req, state).await;
    }
    let Some(path) = percent_decode(req.path()) else {
        return spa::fallback(req, state).await;
    };
    let (lang, _, segs) = split_lang(&path);
    if let Some(list_id) = ad_id_of_path(&segs) {
        return ad_page(&req, &state, &path, lang, list_id).await;
    }
    match segs.first().copied() {
        None => return home_page(req, state, lang).await,
        Some("home") if segs.len() == 1 => return home_page(req, state, lang).await,
        Some("boutique") if segs.len() == 2 || segs.len() == 3 => {
            return shop_page(&req, &state, &path, lang, &segs[1..]).await;
        }
        Some("list") | Some("li") if segs.len() == 1 => return list_alias(&req, &state, lang),
        Some("boutiques") if segs.len() <= 4 => {
            return match parse_shop_directory(&segs[1..], &state.slugs) {
                Some(route) => shop_directory_page(&state, lang, route).await,
                None => spa::not_found(&state, lang, &path).await,
            };
        }
        _ => {}
    }
    match parse_listing(&path, &state.slugs) {
        Some(route) => listing_page(&req, &state, &path, route).await,
        None => spa::fallback(req, state).await,
    }
}

/// The home page (`/`, `/home`, with or without a language prefix): the site's title and
/// description, and the first paint of its title and figures.
async fn home_page(req: HttpRequest, state: web::Data<AppState>, lang: Lang) -> HttpResponse {
    if tokio::fs::metadata(state.settings.client_dir().join("index.html")).await.is_err() {
        // No client build: the SPA's answer says so.
        return spa::fallback(req, state).await;
    }
    let home = |lang: Lang| if lang == Lang::Ar { "/ar".to_string() } else { "/".to_string() };
    let meta = PageMeta {
        lang,
        title: first_paint::message(lang, "home.documentTitle", &[]),
        description: match lang {
            Lang::Fr => {
                "Souk : petites annonces au Maroc, prix en DH. Voitures, immobilier, emploi, maison et plus.".into()
            }
            Lang::Ar => "سوق: إعلانات مبوبة في المغرب، الأسعار بالدرهم. سيارات وعقارات وشغل ومنزل وغيرها.".into(),
        },
        canonical: home(lang),
        alternates: vec![(lang, home(lang)), (other(lang), home(other(lang)))],
        og_type: "website",
        image: None,
        preload_image: None,
        first_paint: Some(first_paint::home(lang, &home(other(lang)))),
        json_ld: Some(
            json!({ "@context": "https://schema.org", "@type": "WebSite", "name": "Souk", "inLanguage": lang.code() }),
        ),
        noindex: false,
    };
    render(&state, &meta, StatusCode::OK).await
}

async fn ad_page(req: &HttpRequest, state: &AppState, path: &str, lang: Lang, list_id: i64) -> HttpResponse {
    let Ok(public) = state.ads.public_ad(None, list_id).await else {
        return spa::not_found(state, lang, path).await;
    };
    let a = &public.ad.ad;
    let canonical = ad_path(lang, a.city_id, a.category_id, &a.title, a.list_id, &state.slugs);
    if canonical != path {
        return moved(&canonical, &query_pairs(req));
    }
    let catalog = &state.catalog;
    let city = catalog.cities().iter().find(|c| c.id == a.city_id);
    let city_name = city.map(|c| c.label.get(lang).to_string()).unwrap_or_default();
    let price = a.price.map(|p| p.with_currency());
    let title = match (&price, lang) {
        (Some(p), Lang::Fr) => format!("{} - {p} - {city_name} | Souk", a.title),
        // The price isolated (FSI…PDI): an Arabic title would show "DH 000 95" (docs/decisions.md).
        (Some(p), Lang::Ar) => format!("{} - \u{2068}{p}\u{2069} - {city_name} | سوق", a.title),
        (None, Lang::Fr) => format!("{} - {city_name} | Souk", a.title),
        (None, Lang::Ar) => format!("{} - {city_name} | سوق", a.title),
    };
    let description: String = a.description.chars().take(160).collect();
    let image = a.images.first().map(|k| state.media.public_path(k));
    let base = state.settings.auth.public_base_url.trim_end_matches('/');
    let types = match catalog.tree().vertical_of(a.category_id) {
        Some(Vertical::Vehicles) => json!(["Product", "Vehicle"]),
        Some(Vertical::RealEstate) => json!(["Product", "Residence"]),
        _ => json!("Product"),
    };
    let mut ld = json!({
        "@context": "https://schema.org",
        "@type": types,
        "name": a.title,
        "description": description,
        "sku": a.list_id.to_string(),
        "url": format!("{base}{}", percent_encode_path(&canonical)),
        "offers": {
            "@type": "Offer",
            "priceCurrency": "MAD",
            "availability": "https://schema.org/InStock",
            "areaServed": city_name,
        }
    });
    if let Some(p) = a.price {
        ld["offers"]["price"] = json!(format!("{}.{:02}", p.centimes() / 100, p.centimes() % 100));
    }
    if let Some(img) = &image {
        ld["image"] = json!(format!("{base}{img}"));
    }
    let other_path = ad_path(other(lang), a.city_id, a.category_id, &a.title, a.list_id, &state.slugs);
    let category_name = catalog.tree().get(a.category_id).map(|c| c.label.get(lang).to_string()).unwrap_or_default();
    let paint = first_paint::ad_view(&first_paint::AdPaint {
        lang,
        other_language_path: &other_path,
        title: &a.title,
        price: price.as_deref(),
        category: &category_name,
        place: &city_name,
        description: &a.description,
        photo: image.as_deref(),
        photos: a.images.len(),
    });
    let alternates = vec![(lang, canonical.clone()), (other(lang), other_path)];
    let meta = PageMeta {
        lang,
        title,
        description,
        canonical,
        alternates,
        og_type: "product",
        preload_image: image.clone(),
        first_paint: Some(paint),
        image,
        json_ld: Some(ld),
        noindex: false,
    };
    render(state, &meta, StatusCode::OK).await
}

fn list_alias(req: &HttpRequest, state: &AppState, lang: Lang) -> HttpResponse {
    let mut route = ListingRoute { lang, ..ListingRoute::default() };
    let mut rest = Vec::new();
    for (k, v) in query_pairs(req) {
        let value = percent_decode(&v.replace('+', " ")).unwrap_or_default();
        match k.as_str() {
            "category" => route.category = value.parse().ok().filter(|id| state.catalog.tree().get(*id).is_some()),
            "city" => route.city = value.parse().ok().filter(|id| state.catalog.cities().iter().any(|c| c.id == *id)),
            "q" | "keyword" => route.keyword = Some(value).filter(|v| !v.trim().is_empty()),
            "type" => route.ad_type = Some(value).filter(|v| !v.is_empty()),
            _ => rest.push((k, v)),
        }
    }
    moved(&listing_path(&route, &state.slugs), &rest)
}

async fn listing_page(req: &HttpRequest, state: &AppState, path: &str, route: ListingRoute) -> HttpResponse {
    let canonical = listing_path(&route, &state.slugs);
    let mut query = query_pairs(req);
    let offset = match offset_param(query.iter().find(|(k, _)| k == "o").map(|(_, v)| v.as_str())) {
        OffsetParam::Absent => 0,
        OffsetParam::Valid(n) => n,
        OffsetParam::OverCap => {
            for (k, v) in query.iter_mut() {
                if k == "o" {
                    *v = "1".into();
                }
            }
            return moved(&canonical, &query);
        }
        OffsetParam::Malformed => {
            query.retain(|(k, _)| k != "o");
            return moved(&canonical, &query);
        }
    };
    if canonical != path {
        return moved(&canonical, &query);
    }
    let lang = route.lang;
    let catalog = &state.catalog;
    let city = route.city.and_then(|id| catalog.cities().iter().find(|c| c.id == id));
    let category = route.category.and_then(|id| catalog.tree().get(id));
    let place = city.map(|c| c.label.get(lang).to_string()).unwrap_or_else(|| match lang {
        Lang::Fr => "Maroc".into(),
        Lang::Ar => "المغرب".into(),
    });
    let what = category.map(|c| c.label.get(lang).to_string()).unwrap_or_else(|| match lang {
        Lang::Fr => "Annonces".into(),
        Lang::Ar => "إعلانات".into(),
    });
    let keyword = route.keyword.clone().map(|k| format!(" « {k} »")).unwrap_or_default();
    let filters = SearchFilters {
        keyword: route.keyword.clone(),
        category_id: route.category,
        ad_type: route.ad_type.clone(),
        city_id: route.city,
        area_id: route.area,
        ..SearchFilters::default()
    };
    let now = souk_services::ads::service::now();
    let found = state.search.search(&filters, SearchSort::Relevance, offset as i64, PAGE_SIZE as i64, now).await;
    let total = found.as_ref().map(|r| r.total).unwrap_or(0);
    let (title, description) = match lang {
        Lang::Fr => (
            format!("{what}{keyword} à {place} - Souk"),
            format!("{total} annonces {what}{keyword} à {place} sur Souk, les petites annonces du Maroc, prix en DH."),
        ),
        Lang::Ar => (
            format!("{what}{keyword} في {place} - سوق"),
            format!("{total} إعلان {what}{keyword} في {place} على سوق، موقع الإعلانات المبوبة في المغرب."),
        ),
    };
    let other_route = ListingRoute { lang: other(lang), ..route.clone() };
    let base = state.settings.auth.public_base_url.trim_end_matches('/');
    let items: Vec<_> = found
        .as_ref()
        .map(|r| {
            r.ads
                .iter()
                .enumerate()
                .map(|(i, a)| {
                    let p = ad_path(lang, a.ad.city_id, a.ad.category_id, &a.ad.title, a.ad.list_id, &state.slugs);
                    json!({ "@type": "ListItem", "position": offset + i as u64 + 1, "url": format!("{base}{}", percent_encode_path(&p)) })
                })
                .collect()
        })
        .unwrap_or_default();
    let ld = json!({ "@context": "https://schema.org", "@type": "ItemList", "name": title, "itemListElement": items });
    let other_path = listing_path(&other_route, &state.slugs);
    let paint = found.as_ref().ok().map(|r| listing_paint(state, &route, &other_path, r));
    // Shared on a social network, a listing shows the first photo of the page, in the order the
    // page shows its ads (premium slots first); none when no ad of the page has a photo.
    let image = found.as_ref().ok().and_then(|r| {
        r.premium.iter().chain(&r.ads).find_map(|a| a.ad.images.first()).map(|k| state.media.public_path(k))
    });
    let meta = PageMeta {
        lang,
        title,
        description,
        canonical: canonical.clone(),
        alternates: vec![(lang, canonical), (other(lang), other_path)],
        og_type: "website",
        image,
        preload_image: None,
        first_paint: paint,
        json_ld: Some(ld),
        noindex: offset > 0 && total == 0,
    };
    render(state, &meta, StatusCode::OK).await
}

/// The listing's first paint: the heading the client writes (`listing.title`) and the page of
/// results, premium slots first.
fn listing_paint(state: &AppState, route: &ListingRoute, other_path: &str, found: &SearchResult) -> String {
    let lang = route.lang;
    let catalog = &state.catalog;
    let city_name = |id| catalog.cities().iter().find(|c| c.id == id).map(|c| c.label.get(lang).to_string());
    let city = route.city.and_then(city_name);
    let area = match (route.city, route.area) {
        (Some(city_id), Some(area_id)) => catalog
            .areas(city_id)
            .ok()
            .and_then(|areas| areas.iter().find(|a| a.id == area_id))
            .map(|a| a.label.get(lang).to_string()),
        _ => None,
    };
    let place = match (area, &city) {
        (Some(area), Some(city)) => {
            first_paint::message(lang, "listing.areaInCity", &[("area", &area), ("city", city)])
        }
        (_, Some(city)) => city.clone(),
        _ => first_paint::message(lang, "listing.country", &[]),
    };
    let what = route
        .category
        .and_then(|id| catalog.tree().get(id))
        .map(|c| c.label.get(lang).to_string())
        .unwrap_or_else(|| first_paint::message(lang, "listing.allAds", &[]));
    let heading = match &route.keyword {
        Some(k) => {
            first_paint::message(lang, "listing.titleKeyword", &[("name", &what), ("city", &place), ("title", k)])
        }
        None => first_paint::message(lang, "listing.title", &[("name", &what), ("city", &place)]),
    };
    let premium_ids: Vec<i64> = found.premium.iter().map(|a| a.ad.list_id).collect();
    let shown = found
        .premium
        .iter()
        .map(|a| (a, true))
        .chain(found.ads.iter().filter(|a| !premium_ids.contains(&a.ad.list_id)).map(|a| (a, false)));
    let cards: Vec<_> = shown
        .map(|(a, premium)| first_paint::CardPaint {
            path: ad_path(lang, a.ad.city_id, a.ad.category_id, &a.ad.title, a.ad.list_id, &state.slugs),
            title: &a.ad.title,
            price: a.ad.price.map(|p| p.with_currency()),
            city: city_name(a.ad.city_id).unwrap_or_default(),
            photo: a.ad.images.first().map(|k| crate::graphql::ads::image_node(state, k).medium),
            premium,
        })
        .collect();
    let did_you_mean = found.did_you_mean.as_deref().map(|k| {
        let fixed = ListingRoute { keyword: Some(k.to_string()), ..route.clone() };
        (k, listing_path(&fixed, &state.slugs))
    });
    first_paint::listing(&first_paint::ListingPaint {
        lang,
        other_language_path: other_path,
        heading: &heading,
        total: found.total,
        total_capped: found.total_capped,
        cards,
        did_you_mean,
    })
}

async fn shop_page(req: &HttpRequest, state: &AppState, path: &str, lang: Lang, segs: &[&str]) -> HttpResponse {
    let category = match segs.get(1) {
        Some(slug) => match state.catalog.tree().all().iter().find(|c| c.slug.fr == *slug || c.slug.ar == *slug) {
            Some(c) => Some(c.id),
            None => return spa::not_found(state, lang, path).await,
        },
        None => None,
    };
    let now = souk_services::ads::service::now();
    let Ok(shop) = state.shops.shop(segs[0], category, 0, PAGE_SIZE as i64, now).await else {
        return spa::not_found(state, lang, path).await;
    };
    let s = &shop.store;
    let with_category = |lang: Lang| {
        let mut p = shop_path(lang, &s.name, s.store_id);
        if let Some(slug) = category.and_then(|c| state.slugs.category_slug(c, lang)) {
            p.push('/');
            p.push_str(slug);
        }
        p
    };
    let canonical = with_category(lang);
    if canonical != path {
        return moved(&canonical, &query_pairs(req));
    }
    let city = s.city_id.and_then(|id| state.catalog.cities().iter().find(|c| c.id == id));
    let city_name = city.map(|c| c.label.get(lang).to_string()).unwrap_or_default();
    let title = match lang {
        Lang::Fr => format!("{} - boutique à {city_name} | Souk", s.name),
        Lang::Ar => format!("{} - متجر في {city_name} | سوق", s.name),
    };
    let description = if s.description_short.is_empty() {
        match lang {
            Lang::Fr => format!("{} annonces de {} sur Souk.", shop.total, s.name),
            Lang::Ar => format!("{} إعلان من {} على سوق.", shop.total, s.name),
        }
    } else {
        s.description_short.chars().take(160).collect()
    };
    let logo = s.logo_key.as_ref().map(|k| state.media.public_path(k));
    let ld = json!({
        "@context": "https://schema.org",
        "@type": "Store",
        "name": s.name,
        "description": description,
        "address": { "@type": "PostalAddress", "streetAddress": s.address, "addressLocality": city_name, "addressCountry": "MA" },
    });
    let meta = PageMeta {
        lang,
        title,
        description,
        canonical: canonical.clone(),
        alternates: vec![(lang, canonical), (other(lang), with_category(other(lang)))],
        og_type: "website",
        image: logo,
        preload_image: None,
        first_paint: None,
        json_ld: Some(ld),
        noindex: false,
    };
    render(state, &meta, StatusCode::OK).await
}

/// The shop directory `/boutiques/{location?}/{category?}/{keyword?}` with the optional ad-type
/// suffix (`_a-vendre` on the category, or on the place without a category), as
/// `listing_url::parse_shop_directory` understood it: the SPA renders it; the server writes its
/// SEO tags, with the canonical path rebuilt from what was understood, and lists the shops with
/// active ads of that type.
async fn shop_directory_page(state: &AppState, lang: Lang, route: ShopDirectoryRoute) -> HttpResponse {
    let catalog = &state.catalog;
    let city = route.city.and_then(|id| catalog.cities().iter().find(|c| c.id == id));
    let category = route.category.and_then(|id| catalog.tree().get(id));
    let found = state
        .shops
        .shops(route.city, route.category, route.keyword.clone(), route.ad_type.clone(), 0, PAGE_SIZE as i64)
        .await;
    // A store failure is answered as one (the client asks again and shows its own error), not
    // as an empty directory.
    let (shops, count, status) = match found {
        Ok((shops, count)) => (shops, count, StatusCode::OK),
        Err(e) => {
            tracing::warn!(error = %e, "shop directory: the shops could not be read");
            (Vec::new(), 0, StatusCode::SERVICE_UNAVAILABLE)
        }
    };
    let path = |lang: Lang| shop_directory_path(&route, lang, &state.slugs);
    let where_ = city.as_ref().map(|c| c.label.get(lang).to_string());
    let what = category.as_ref().map(|c| c.label.get(lang).to_string());
    let title = match lang {
        Lang::Fr => format!(
            "Boutiques{}{} | Souk",
            what.as_ref().map(|w| format!(" {w}")).unwrap_or_default(),
            where_.as_ref().map(|w| format!(" à {w}")).unwrap_or_else(|| " au Maroc".into())
        ),
        Lang::Ar => format!(
            "المتاجر{}{} | سوق",
            what.as_ref().map(|w| format!(" {w}")).unwrap_or_default(),
            where_.as_ref().map(|w| format!(" في {w}")).unwrap_or_else(|| " في المغرب".into())
        ),
    };
    let description = match lang {
        Lang::Fr => format!("{count} boutiques professionnelles sur Souk : leurs annonces, adresses et téléphones."),
        Lang::Ar => format!("{count} متجر محترف على سوق: إعلاناتها وعناوينها وهواتفها."),
    };
    let items: Vec<serde_json::Value> = shops
        .iter()
        .enumerate()
        .map(|(i, s)| {
            json!({ "@type": "ListItem", "position": i + 1, "name": s.name,
                    "url": format!("{}{}", state.settings.auth.public_base_url.trim_end_matches('/'),
                                   souk_domain::listing_url::percent_encode_path(&shop_path(lang, &s.name, s.store_id))) })
        })
        .collect();
    let canonical = path(lang);
    let meta = PageMeta {
        lang,
        title,
        description,
        canonical: canonical.clone(),
        alternates: vec![(lang, canonical), (other(lang), path(other(lang)))],
        og_type: "website",
        image: None,
        preload_image: None,
        first_paint: None,
        json_ld: Some(
            json!({ "@context": "https://schema.org", "@type": "ItemList", "numberOfItems": count, "itemListElement": items }),
        ),
        noindex: status != StatusCode::OK,
    };
    render(state, &meta, status).await
}
