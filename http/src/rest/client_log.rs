//! `POST /api/client-log` — a browser reports an error it met (`{"logMessage": "..."}`).
//! Size- and rate-limited; written to the structured log, never stored.

use crate::body::read_limited;
use crate::graphql::context::{RequestContext, client_address};
use crate::graphql::errors::request_failure;
use crate::state::AppState;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;
use souk_domain::{ErrorCode, SoukError};
use souk_services::client_log::ClientLogEntry;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ClientLogBody {
    log_message: Option<String>,
    level: Option<String>,
    url: Option<String>,
}

/// `POST /api/client-log`
pub async fn client_log(req: HttpRequest, body: web::Payload, state: web::Data<AppState>) -> HttpResponse {
    let lang = RequestContext::fallback_lang(&req);
    let result = async {
        let bytes = read_limited(body, state.settings.client_log.max_bytes).await?;
        let parsed: ClientLogBody = serde_json::from_slice(&bytes)
            .map_err(|e| SoukError::with_detail(ErrorCode::MalformedRequest, format!("body: {e}")))?;
        let address = client_address(&req);
        let visitor_id = req.headers().get("visitorId").and_then(|v| v.to_str().ok()).map(str::to_string);
        state
            .client_log
            .record(ClientLogEntry {
                address,
                visitor_id,
                message: parsed.log_message.unwrap_or_default(),
                level: parsed.level,
                url: parsed.url,
            })
            .await
    }
    .await;
    match result {
        Ok(()) => HttpResponse::NoContent().finish(),
        Err(e) => request_failure(&e, lang),
    }
}
