//! `/robots.txt` and the sitemaps: `/sitemap.xml` is an index of paged sitemaps —
//! `/sitemaps/categories-{n}.xml` (every category in the whole country, every city),
//! `/sitemaps/shops-{n}.xml` (shops by name) and `/sitemaps/ads-{n}.xml` (active ads by list
//! id) — each page holding `web.sitemap_urls_per_file` URLs (50,000).

use super::seo::escape;
use crate::state::AppState;
use actix_web::{HttpResponse, web};
use souk_domain::Lang;
use souk_domain::listing_url::{ListingRoute, ad_path, listing_path, percent_encode_path, shop_path};

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

/// Every URL of the categories sitemap: each category countrywide and each city, in both
/// languages, in a fixed order (so that its pages are stable).
fn category_urls(state: &AppState, b: &str) -> Vec<String> {
    let mut urls = Vec::new();
    for lang in Lang::ALL {
        for c in state.catalog.categories(false) {
            let route = ListingRoute { lang, category: Some(c.id), ..Default::default() };
            urls.push(url(b, &listing_path(&route, &state.slugs)));
        }
        for city in state.catalog.cities() {
            let route = ListingRoute { lang, city: Some(city.id), ..Default::default() };
            urls.push(url(b, &listing_path(&route, &state.slugs)));
        }
    }
    urls
}

fn per_file(state: &AppState) -> u32 {
    state.settings.web.sitemap_urls_per_file.max(1)
}

/// A failure, answered as any request failure.
fn failure(e: souk_domain::SoukError) -> HttpResponse {
    crate::graphql::errors::request_failure(&e, Lang::Fr)
}

fn not_found(body: &'static str) -> HttpResponse {
    HttpResponse::NotFound().content_type("text/plain").body(body)
}

/// `GET /sitemap.xml`: the index of the paged sitemaps (`categories-{n}`, `shops-{n}`, `ads-{n}`).
pub async fn index(state: web::Data<AppState>) -> HttpResponse {
    let per = u64::from(per_file(&state));
    let (ads, shops) = match state.sitemap.counts().await {
        Ok(n) => n,
        Err(e) => return failure(e),
    };
    let categories = category_urls(&state, "").len() as u64;
    let b = base(&state);
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for (kind, count) in [("categories", categories), ("shops", shops), ("ads", ads)] {
        for n in 1..=count.div_ceil(per).max(1) {
            out.push_str(&format!("<sitemap><loc>{b}/sitemaps/{kind}-{n}.xml</loc></sitemap>\n"));
        }
    }
    out.push_str("</sitemapindex>\n");
    xml(out)
}

/// `GET /sitemaps/{name}`: `categories-{n}.xml`, `shops-{n}.xml` or `ads-{n}.xml` (pages from
/// 1; `categories.xml` and `shops.xml` are their first pages).
pub async fn file(name: web::Path<String>, state: web::Data<AppState>) -> HttpResponse {
    let b = base(&state);
    let per = per_file(&state);
    let name = name.into_inner();
    let name = match name.as_str() {
        "categories.xml" => "categories-1.xml".to_string(),
        "shops.xml" => "shops-1.xml".to_string(),
        _ => name,
    };
    let Some((kind, n)) = name
        .strip_suffix(".xml")
        .and_then(|r| r.rsplit_once('-'))
        .and_then(|(kind, n)| Some((kind, n.parse::<u64>().ok().filter(|n| *n >= 1)?)))
    else {
        return not_found("no such sitemap");
    };
    let offset = (n - 1).saturating_mul(u64::from(per));
    let mut urls = Vec::new();
    match kind {
        "categories" => {
            urls = category_urls(&state, &b)
                .into_iter()
                .skip(offset.min(usize::MAX as u64) as usize)
                .take(per as usize)
                .collect();
        }
        "shops" => {
            let shops = match state.sitemap.shops(offset, per).await {
                Ok(shops) => shops,
                Err(e) => return failure(e),
            };
            for (name, store_id) in shops {
                urls.push(url(&b, &shop_path(Lang::Fr, &name, store_id)));
            }
        }
        "ads" => {
            let ads = match state.sitemap.ads(offset, per).await {
                Ok(a) => a,
                Err(e) => return failure(e),
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
        }
        _ => return not_found("no such sitemap"),
    }
    if urls.is_empty() && n > 1 {
        return not_found("no such sitemap page");
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
