//! `/robots.txt` and the sitemaps: `/sitemap.xml` is an index of `/sitemaps/categories.xml`
//! (every category in the whole country, every city), `/sitemaps/shops.xml` and
//! `/sitemaps/ads-{n}.xml` (active ads, 50,000 a file, by list id).

use super::seo::escape;
use crate::state::AppState;
use actix_web::{HttpResponse, web};
use souk_domain::Lang;
use souk_domain::listing_url::{ListingRoute, ad_path, listing_path, percent_encode_path, shop_path};
use souk_storage::search::{SearchStore, ShopQuery};

/// Ads per sitemap file (the protocol allows 50,000 URLs).
pub const ADS_PER_SITEMAP: u32 = 50_000;

fn xml(body: String) -> HttpResponse {
    HttpResponse::Ok().content_type("application/xml; charset=utf-8").body(body)
}

fn base(state: &AppState) -> String {
    state.settings.auth.public_base_url.trim_end_matches('/').to_string()
}

fn url(base: &str, path: &str) -> String {
    format!("<url><loc>{}{}</loc></url>", base, escape(&percent_encode_path(path)))
}

/// `GET /robots.txt`
pub async fn robots(state: web::Data<AppState>) -> HttpResponse {
    let body = format!(
        "User-agent: *\nAllow: /\nDisallow: /account\nDisallow: /api/\nDisallow: /graphql\nDisallow: /messages\n\
         Disallow: /ad/insert\nDisallow: /ad/edit\nDisallow: /checkout\nDisallow: /payment\n\nSitemap: {}/sitemap.xml\n",
        base(&state)
    );
    HttpResponse::Ok().content_type("text/plain; charset=utf-8").body(body)
}

/// `GET /sitemap.xml`
pub async fn index(state: web::Data<AppState>) -> HttpResponse {
    let active = match state.store.active_count().await {
        Ok(n) => n,
        Err(e) => return crate::graphql::errors::request_failure(&souk_domain::SoukError::internal(e), Lang::Fr),
    };
    let b = base(&state);
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    let mut files = vec!["categories.xml".to_string(), "shops.xml".to_string()];
    let pages = active.div_ceil(ADS_PER_SITEMAP as u64).max(1);
    files.extend((1..=pages).map(|n| format!("ads-{n}.xml")));
    for f in files {
        out.push_str(&format!("<sitemap><loc>{b}/sitemaps/{f}</loc></sitemap>\n"));
    }
    out.push_str("</sitemapindex>\n");
    xml(out)
}

/// `GET /sitemaps/{name}`
pub async fn file(name: web::Path<String>, state: web::Data<AppState>) -> HttpResponse {
    let b = base(&state);
    let mut urls = Vec::new();
    let name = name.into_inner();
    if name == "categories.xml" {
        for lang in Lang::ALL {
            for c in state.catalog.categories(false) {
                urls.push(url(
                    &b,
                    &listing_path(&ListingRoute { lang, category: Some(c.id), ..Default::default() }, &state.slugs),
                ));
            }
            for city in state.catalog.cities() {
                urls.push(url(
                    &b,
                    &listing_path(&ListingRoute { lang, city: Some(city.id), ..Default::default() }, &state.slugs),
                ));
            }
        }
    } else if name == "shops.xml" {
        let q = ShopQuery { limit: ADS_PER_SITEMAP, ..ShopQuery::default() };
        let ids = state.store.shops(q).await.map(|(ids, _)| ids).unwrap_or_default();
        for id in ids {
            if let Ok(Some(s)) = souk_storage::accounts::AccountStore::find_store(&state.store, id).await {
                urls.push(url(&b, &shop_path(Lang::Fr, &s.name, s.store_id)));
            }
        }
    } else if let Some(n) = name
        .strip_prefix("ads-")
        .and_then(|r| r.strip_suffix(".xml"))
        .and_then(|n| n.parse::<u64>().ok())
        .filter(|n| *n >= 1)
    {
        let ads = match state.store.sitemap_ads((n - 1) * ADS_PER_SITEMAP as u64, ADS_PER_SITEMAP).await {
            Ok(a) => a,
            Err(e) => return crate::graphql::errors::request_failure(&souk_domain::SoukError::internal(e), Lang::Fr),
        };
        for a in ads {
            let p = ad_path(Lang::Fr, a.city_id, a.category_id, &a.title, a.list_id, &state.slugs);
            let lastmod = souk_domain::time::rfc3339(a.rank_time);
            urls.push(format!(
                "<url><loc>{b}{}</loc><lastmod>{}</lastmod></url>",
                escape(&percent_encode_path(&p)),
                &lastmod[..10.min(lastmod.len())]
            ));
        }
    } else {
        return HttpResponse::NotFound().content_type("text/plain").body("no such sitemap");
    }
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for u in urls {
        out.push_str(&u);
        out.push('\n');
    }
    out.push_str("</urlset>\n");
    xml(out)
}
