//! `POST /api/shops/logo` — a shop owner uploads the shop's logo as multipart form data
//! (`userId`, `file`); `souk_services::accounts::logo` checks, re-encodes and stores it.
//! Answers 201.

use super::caller_of;
use super::multipart::read_form;
use crate::graphql::context::RequestContext;
use crate::graphql::errors::request_failure;
use crate::state::AppState;
use actix_multipart::Multipart;
use actix_web::{HttpRequest, HttpResponse, web};
use serde_json::json;
use souk_domain::{ErrorCode, SoukError};
use souk_services::media::LOGO_LIMITS;

const MAX_FIELD_BYTES: usize = 64;

/// `POST /api/shops/logo`: reads the form, one call to the logo service (`accounts::logo`).
pub async fn upload_logo(req: HttpRequest, form: Multipart, state: web::Data<AppState>) -> HttpResponse {
    let lang = RequestContext::fallback_lang(&req);
    let result = async {
        let caller = caller_of(&req, &state).await?;
        let mut fields =
            read_form(form, "file", LOGO_LIMITS.max_bytes, MAX_FIELD_BYTES, ErrorCode::PayloadTooLarge).await?;
        let user_id = match fields.remove("userId") {
            Some(text) => String::from_utf8(text)
                .unwrap_or_default()
                .trim()
                .parse()
                .map_err(|_| SoukError::with_detail(ErrorCode::InvalidArgument, "userId"))?,
            None => return Err(SoukError::with_detail(ErrorCode::Required, "userId")),
        };
        let file = fields.remove("file").ok_or_else(|| SoukError::with_detail(ErrorCode::Required, "file"))?;
        state.logos.upload(&caller, user_id, file).await
    }
    .await;
    match result {
        Ok((code, logo)) => HttpResponse::Created().json(json!({ "code": code, "logo": logo })),
        Err(e) => request_failure(&e, lang),
    }
}
