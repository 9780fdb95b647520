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
    match state.readiness.check().await {
        Ok(ephemeral) => HttpResponse::Ok().json(json!({ "status": "ready", "ephemeral": ephemeral })),
        Err(e) => request_failure(&e, Lang::Fr),
    }
}
