//! `POST /api/ads/photos` and `POST /api/ads/videos` — the ad form's uploads (multipart field
//! `file`, signed-in users). The bytes decide the type; photos are re-encoded into thumb,
//! medium and large without metadata; videos must be under 1 minute, under 30 MB and
//! landscape. Answers 201 with the media id the form then lists in `images` or `video`.

use super::{caller_of, multipart::read_form};
use crate::graphql::context::RequestContext;
use crate::graphql::errors::request_failure;
use crate::state::AppState;
use actix_multipart::Multipart;
use actix_web::{HttpRequest, HttpResponse, web};
use serde_json::json;
use souk_domain::{ErrorCode, SoukError};
use souk_services::media::AD_PHOTO_LIMITS;
use souk_services::video::MAX_VIDEO_BYTES;

const MAX_FIELD_BYTES: usize = 64;

async fn file_of(form: Multipart, limit: usize, too_large: ErrorCode) -> Result<Vec<u8>, SoukError> {
    let mut fields = read_form(form, "file", limit, MAX_FIELD_BYTES, too_large).await?;
    fields.remove("file").filter(|f| !f.is_empty()).ok_or_else(|| SoukError::with_detail(ErrorCode::Required, "file"))
}

/// `POST /api/ads/photos`
pub async fn upload_photo(req: HttpRequest, form: Multipart, state: web::Data<AppState>) -> HttpResponse {
    let lang = RequestContext::fallback_lang(&req);
    let result = async {
        let caller = caller_of(&req, &state).await?;
        let file = file_of(form, AD_PHOTO_LIMITS.max_bytes, ErrorCode::PhotoTooLarge).await?;
        state.uploads.upload_photo(&caller, file).await
    }
    .await;
    match result {
        Ok(m) => {
            let url = |size: &str| state.uploads.public_path(&format!("{}/{size}.jpg", m.base_key));
            HttpResponse::Created().json(json!({
                "mediaId": m.media_id, "kind": "photo", "width": m.width, "height": m.height,
                "urls": { "thumb": url("thumb"), "medium": url("medium"), "large": url("large") },
            }))
        }
        Err(e) => request_failure(&e, lang),
    }
}

/// `POST /api/ads/videos`
pub async fn upload_video(req: HttpRequest, form: Multipart, state: web::Data<AppState>) -> HttpResponse {
    let lang = RequestContext::fallback_lang(&req);
    let result = async {
        let caller = caller_of(&req, &state).await?;
        // One byte over the limit is enough to know it is too large.
        let file = file_of(form, MAX_VIDEO_BYTES, ErrorCode::VideoTooLarge).await?;
        state.uploads.upload_video(&caller, file).await
    }
    .await;
    match result {
        Ok(m) => HttpResponse::Created().json(json!({
            "mediaId": m.media_id, "kind": "video", "width": m.width, "height": m.height,
            "durationMs": m.duration_ms, "url": state.uploads.public_path(&m.base_key),
        })),
        Err(e) => request_failure(&e, lang),
    }
}
