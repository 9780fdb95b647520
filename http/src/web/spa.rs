//! Serves the single-page app: files of the client build when they exist, the SPA shell for
//! every page route of the client (`page_routes.rs`) with HTTP 200, the same shell with HTTP 404
//! for a page path no route matches (the client draws its 404 page), JSON 404 for unknown API
//! paths. Every shell carries the site's configuration for the client (`seo::site_tags`). An
//! Arabic page's shell already says `lang="ar" dir="rtl"`, so it is never laid out left to
//! right, in French, until the client's code has run.

use super::page_routes::is_client_page;
use super::seo::{PageMeta, add_site_tags, render};
use crate::graphql::errors::request_failure;
use crate::state::AppState;
use actix_files::NamedFile;
use actix_web::http::header::{CacheControl, CacheDirective};
use actix_web::http::{Method, StatusCode};
use actix_web::{HttpRequest, HttpResponse, web};
use souk_domain::listing_url::{percent_decode, split_lang};
use souk_domain::{ErrorCode, Lang, SoukError};

const API_PREFIXES: &[&str] = &["/api/", "/graphql", "/media/", "/assets/"];

/// The default service: anything no route matched.
pub async fn fallback(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let path = req.path();
    let is_page =
        matches!(*req.method(), Method::GET | Method::HEAD) && !API_PREFIXES.iter().any(|p| path.starts_with(p));
    if !is_page {
        return request_failure(&SoukError::with_detail(ErrorCode::NotFound, path.to_string()), Lang::Fr);
    }
    let dir = state.settings.client_dir();
    // A top-level file of the build (favicon.ico, robots.txt): one plain segment only.
    let segment = path.trim_start_matches('/');
    if !segment.is_empty()
        && !segment.contains('/')
        && !segment.starts_with('.')
        && segment.contains('.')
        && let Ok(file) = NamedFile::open_async(dir.join(segment)).await
    {
        return file.into_response(&req);
    }
    let known = percent_decode(path).is_some_and(|decoded| {
        let (_, _, segs) = split_lang(&decoded);
        is_client_page(&segs, &state.slugs)
    });
    if !known {
        let decoded = percent_decode(path).unwrap_or_else(|| "/".into());
        return not_found(&state, page_language(&req), &decoded).await;
    }
    match tokio::fs::read_to_string(dir.join("index.html")).await {
        Ok(mut shell) => {
            if page_language(&req) == Lang::Ar {
                super::seo::set_document_language(&mut shell, Lang::Ar);
            }
            add_site_tags(&mut shell, &state.settings.web);
            HttpResponse::Ok()
                .content_type("text/html; charset=utf-8")
                .insert_header(CacheControl(vec![CacheDirective::NoCache]))
                .body(shell)
        }
        Err(_) => HttpResponse::ServiceUnavailable()
            .content_type("text/html; charset=utf-8")
            .insert_header(CacheControl(vec![CacheDirective::NoCache]))
            .body(format!(
                "<!doctype html><meta charset=utf-8><title>Souk</title><p>The web client is not built: \
                 run <code>make run</code> (or <code>make client</code>). Looked in <code>{}</code>.</p>",
                dir.display()
            )),
    }
}

/// HTTP 404 with the SPA shell (the client draws its 404 page), titled "page not found" in
/// `lang` and kept out of search engines. `path` is decoded.
pub async fn not_found(state: &AppState, lang: Lang, path: &str) -> HttpResponse {
    let (title, description) = match lang {
        Lang::Fr => ("Page introuvable - Souk", "Cette page n'existe pas ou n'est plus disponible."),
        Lang::Ar => ("الصفحة غير موجودة - سوق", "هذه الصفحة غير موجودة أو لم تعد متاحة."),
    };
    let meta = PageMeta {
        lang,
        title: title.into(),
        description: description.into(),
        canonical: path.to_string(),
        alternates: vec![],
        og_type: "website",
        image: None,
        preload_image: None,
        first_paint: None,
        json_ld: None,
        noindex: true,
    };
    render(state, &meta, StatusCode::NOT_FOUND).await
}

/// The page's language as the client decides it (client/src/app/language.ts): the `fr` or `ar`
/// prefix of the path, else the `lang` cookie, else French.
fn page_language(req: &HttpRequest) -> Lang {
    let path = req.path();
    let prefixed = |code: &str| path == format!("/{code}") || path.starts_with(&format!("/{code}/"));
    if prefixed("ar") {
        Lang::Ar
    } else if prefixed("fr") {
        Lang::Fr
    } else if lang_cookie(req) == Some("ar") {
        Lang::Ar
    } else {
        Lang::Fr
    }
}

/// The value of the `lang` cookie (actix-web is built without its cookie feature).
fn lang_cookie(req: &HttpRequest) -> Option<&str> {
    let header = req.headers().get(actix_web::http::header::COOKIE)?.to_str().ok()?;
    header.split(';').find_map(|pair| pair.trim().strip_prefix("lang="))
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    #[test]
    fn the_page_language_is_the_prefix_else_the_cookie_else_french() {
        let lang = |path: &str, cookie: Option<&str>| {
            let mut req = TestRequest::get().uri(path);
            if let Some(value) = cookie {
                req = req.insert_header(("cookie", format!("visitor=1; lang={value}")));
            }
            page_language(&req.to_http_request())
        };
        assert_eq!(lang("/ar/account/signin", None), Lang::Ar);
        assert_eq!(lang("/ar", None), Lang::Ar);
        assert_eq!(lang("/fr/account", Some("ar")), Lang::Fr);
        assert_eq!(lang("/account/signin", Some("ar")), Lang::Ar);
        assert_eq!(lang("/account/signin", None), Lang::Fr);
        assert_eq!(lang("/arabic/page", None), Lang::Fr);
    }
}
