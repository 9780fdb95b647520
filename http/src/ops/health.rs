//! `/healthz` (the process answers) and `/readyz` (its stores answer too).

use crate::graphql::errors::request_failure;
use crate::state::AppState;
use actix_web::{HttpResponse, web};
use serde_json::json;
use souk_domain::{ErrorCode, Lang, SoukError};

/// `GET /healthz` — the process is alive.
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(json!({ "status": "ok" }))
}

/// `GET /readyz` — the durable store and the ephemeral store both answer.
pub async fn readyz(state: web::Data<AppState>) -> HttpResponse {
    if let Err(e) = state.store.ping().await {
        return request_failure(&SoukError::with_detail(ErrorCode::StoreUnavailable, format!("sqlite: {e}")), Lang::Fr);
    }
    if let Err(e) = state.ephemeral.ping().await {
        let detail = format!("{}: {e}", state.ephemeral.backend_name());
        return request_failure(&SoukError::with_detail(ErrorCode::StoreUnavailable, detail), Lang::Fr);
    }
    HttpResponse::Ok().json(json!({ "status": "ready", "ephemeral": state.ephemeral.backend_name() }))
}
