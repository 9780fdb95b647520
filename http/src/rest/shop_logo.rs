//! `POST /api/shops/logo` — a shop owner uploads the shop's logo as multipart form data
//! (`userId`, `file`). The bytes decide the type (never the name or the declared type); the
//! image is size-limited, checked against decompression bombs, re-encoded without its metadata
//! into 256 px and 64 px squares, stored, and the profile shows it. Answers 201.

use super::caller_of;
use super::multipart::read_form;
use crate::graphql::context::RequestContext;
use crate::graphql::errors::request_failure;
use crate::state::AppState;
use actix_multipart::Multipart;
use actix_web::{HttpRequest, HttpResponse, web};
use serde_json::json;
use souk_domain::{ErrorCode, SoukError};
use souk_services::media::{ImageError, LOGO_LIMITS, process_logo};

const MAX_FIELD_BYTES: usize = 64;

fn image_error(e: ImageError) -> SoukError {
    match e {
        ImageError::TooLarge { max_bytes } => {
            SoukError::with_detail(ErrorCode::PayloadTooLarge, format!("{max_bytes} bytes"))
        }
        other => SoukError::with_detail(ErrorCode::LogoNotAnImage, other.to_string()),
    }
}

/// `POST /api/shops/logo`
pub async fn upload_logo(req: HttpRequest, form: Multipart, state: web::Data<AppState>) -> HttpResponse {
    let lang = RequestContext::fallback_lang(&req);
    let result = async {
        let caller = caller_of(&req, &state).await?;
        let mut fields =
            read_form(form, "file", LOGO_LIMITS.max_bytes, MAX_FIELD_BYTES, ErrorCode::PayloadTooLarge).await?;
        let user_id = match fields.remove("userId") {
            Some(text) => Some(
                String::from_utf8(text)
                    .unwrap_or_default()
                    .trim()
                    .parse()
                    .map_err(|_| SoukError::with_detail(ErrorCode::InvalidArgument, "userId"))?,
            ),
            None => None,
        };
        let file = fields.remove("file");
        let user_id = user_id.ok_or_else(|| SoukError::with_detail(ErrorCode::Required, "userId"))?;
        let file = file.ok_or_else(|| SoukError::with_detail(ErrorCode::Required, "file"))?;
        if user_id != caller.account_id() {
            return Err(SoukError::with_detail(ErrorCode::PermissionDenied, "another account's shop"));
        }
        let store_id =
            caller.claims.store_id.ok_or_else(|| SoukError::with_detail(ErrorCode::PermissionDenied, "not a shop"))?;
        let renditions =
            web::block(move || process_logo(&file)).await.map_err(SoukError::internal)?.map_err(image_error)?;
        let id = uuid::Uuid::now_v7().simple().to_string();
        let mut main_key = None;
        for r in renditions {
            let key = format!("logos/{store_id}/{id}-{}.{}", r.name, r.extension());
            state.media.put(&key, r.bytes, r.content_type).await.map_err(SoukError::internal)?;
            if r.name == "256" {
                main_key = Some(key);
            }
        }
        let key = main_key.ok_or_else(|| SoukError::with_detail(ErrorCode::InternalError, "no 256 px rendition"))?;
        let code = state.accounts.set_logo(&caller, user_id, key.clone()).await?;
        Ok((code, state.media.public_path(&key)))
    }
    .await;
    match result {
        Ok((code, logo)) => HttpResponse::Created().json(json!({ "code": code, "logo": logo })),
        Err(e) => request_failure(&e, lang),
    }
}
