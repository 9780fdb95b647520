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

/// `GET /readyz` — the durable store and the ephemeral store both answer, and the data dir's
/// file system has room (`storage.min_free_mb`, else `STORAGE_FULL`).
pub async fn readyz(state: web::Data<AppState>) -> HttpResponse {
    let data_dir = state.settings.storage.data_dir.clone();
    let free = web::block(move || crate::ops::disk::available_bytes(&data_dir)).await;
    if let Ok(Ok(free)) = free
        && free < state.settings.storage.min_free_mb.saturating_mul(1024 * 1024)
    {
        return request_failure(
            &SoukError::with_detail(ErrorCode::StorageFull, format!("{free} bytes free")),
            Lang::Fr,
        );
    }
    if let Err(e) = state.store.ping().await {
        return request_failure(&SoukError::with_detail(ErrorCode::StoreUnavailable, format!("sqlite: {e}")), Lang::Fr);
    }
    if let Err(e) = state.ephemeral.ping().await {
        let detail = format!("{}: {e}", state.ephemeral.backend_name());
        return request_failure(&SoukError::with_detail(ErrorCode::StoreUnavailable, detail), Lang::Fr);
    }
    HttpResponse::Ok().json(json!({ "status": "ready", "ephemeral": state.ephemeral.backend_name() }))
}
