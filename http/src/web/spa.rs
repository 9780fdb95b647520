//! Serves the single-page app: files of the client build when they exist, `index.html` for
//! every other page route (the client's router decides), JSON 404 for unknown API paths. An
//! Arabic page's shell already says `lang="ar" dir="rtl"`, so it is never laid out left to
//! right, in French, until the client's code has run.

use crate::graphql::errors::request_failure;
use crate::state::AppState;
use actix_files::NamedFile;
use actix_web::http::Method;
use actix_web::http::header::{CacheControl, CacheDirective};
use actix_web::{HttpRequest, HttpResponse, web};
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
    if page_language(&req) == Lang::Ar
        && let Ok(mut shell) = tokio::fs::read_to_string(dir.join("index.html")).await
    {
        super::seo::set_document_language(&mut shell, Lang::Ar);
        return HttpResponse::Ok()
            .content_type("text/html; charset=utf-8")
            .insert_header(CacheControl(vec![CacheDirective::NoCache]))
            .body(shell);
    }
    match NamedFile::open_async(dir.join("index.html")).await {
        Ok(file) => {
            let mut res = file.into_response(&req);
            res.headers_mut().insert(
                actix_web::http::header::CACHE_CONTROL,
                actix_web::http::header::HeaderValue::from_static("no-cache"),
            );
            res
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
