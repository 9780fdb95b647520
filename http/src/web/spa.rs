//! Serves the single-page app: files of the client build when they exist, `index.html` for
//! every other page route (the client's router decides), JSON 404 for unknown API paths.

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
