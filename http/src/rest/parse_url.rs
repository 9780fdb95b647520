//! `POST /api/parse-url` — `{pathname, query?}` read into language, location entries (city,
//! area), category, ad type and keyword (spec §7). A path that matches nothing answers an
//! empty result (200), never an error page; only a body that is not JSON is a 400.

use crate::body::read_limited;
use crate::graphql::context::RequestContext;
use crate::graphql::errors::request_failure;
use crate::state::AppState;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;
use serde_json::{Value, json};
use souk_domain::{ErrorCode, SoukError};
use std::time::Instant;

const MAX_BODY: usize = 8 * 1024;

#[derive(Deserialize)]
struct ParseUrlBody {
    pathname: Option<String>,
    /// The query string (`o=24&q=velo`) or an object of its parameters.
    query: Option<Value>,
}

/// `POST /api/parse-url`
pub async fn parse_url(req: HttpRequest, body: web::Payload, state: web::Data<AppState>) -> HttpResponse {
    let lang = RequestContext::fallback_lang(&req);
    let parsed = async {
        let bytes = read_limited(body, MAX_BODY).await?;
        serde_json::from_slice::<ParseUrlBody>(&bytes)
            .map_err(|e| SoukError::with_detail(ErrorCode::MalformedRequest, format!("body: {e}")))
    }
    .await;
    let body = match parsed {
        Ok(b) => b,
        Err(e) => return request_failure(&e, lang),
    };
    let query = match &body.query {
        Some(Value::String(s)) => Some(s.clone()),
        Some(Value::Object(map)) => Some(
            map.iter()
                .filter_map(|(k, v)| match v {
                    Value::String(s) => Some(format!("{k}={s}")),
                    Value::Number(n) => Some(format!("{k}={n}")),
                    _ => None,
                })
                .collect::<Vec<_>>()
                .join("&"),
        ),
        _ => None,
    };
    let p = state.parse_url.parse(body.pathname.as_deref().unwrap_or(""), query.as_deref(), Instant::now());
    HttpResponse::Ok().insert_header(("Cache-Control", "private, max-age=300")).json(json!({
        "language": p.language.code(),
        "locations": p.locations.iter().map(|l| json!({ "level": l.level, "id": l.id, "slug": l.slug, "name": l.name })).collect::<Vec<_>>(),
        "category": p.category.as_ref().map(|c| json!({ "id": c.id, "slug": c.slug, "name": c.name })),
        "adType": p.ad_type,
        "keyword": p.keyword,
    }))
}
