//! `GET /api/dev/outbox` — development only (`auth.dev_outbox = true`, off by default): the
//! codes and e-mails written to `<data_dir>/outbox` in embedded mode, newest first, so that a
//! developer (or a browser test) can sign up without a phone or a mailbox.

use crate::graphql::errors::request_failure;
use crate::state::AppState;
use actix_web::{HttpResponse, web};
use souk_domain::{ErrorCode, Lang, SoukError};
use souk_services::notify::read_outbox;

/// `GET /api/dev/outbox?limit=N`
pub async fn dev_outbox(
    query: web::Query<std::collections::HashMap<String, String>>,
    state: web::Data<AppState>,
) -> HttpResponse {
    if !state.settings.auth.dev_outbox {
        return request_failure(&SoukError::with_detail(ErrorCode::NotFound, "/api/dev/outbox"), Lang::Fr);
    }
    let limit = query.get("limit").and_then(|l| l.parse().ok()).unwrap_or(50usize).clamp(1, 500);
    let dir = state.settings.outbox_dir();
    match web::block(move || read_outbox(&dir, limit)).await {
        Ok(Ok(entries)) => HttpResponse::Ok().json(entries),
        Ok(Err(e)) => request_failure(&SoukError::internal(e), Lang::Fr),
        Err(e) => request_failure(&SoukError::internal(e), Lang::Fr),
    }
}
