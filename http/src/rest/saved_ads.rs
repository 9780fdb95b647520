//! The REST-style helpers for saved ads (spec §7, paths not given by the spec):
//! `POST /api/saved-ads` `{listId}` → 201, `DELETE /api/saved-ads/{listId}` → 204,
//! `GET /api/saved-ads?page=&size=` → `{ads, count}`. Same service calls as the GraphQL
//! `saveAd`, `unsaveAd` and `getMySavedAds`; errors carry the spec's save/unsave keys.

use super::caller_of;
use crate::graphql::context::RequestContext;
use crate::state::AppState;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;
use serde_json::json;
use souk_domain::{ErrorCode, Lang, SoukError};

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SaveBody {
    list_id: i64,
}

#[derive(Deserialize)]
pub struct PageQuery {
    page: Option<u32>,
    size: Option<u32>,
}

/// Spec §8 keys: `saveAd.error.adNotFound`, `...sessionExpired`, `...internalError`.
fn failure(op: &str, e: &SoukError, lang: Lang) -> HttpResponse {
    let (key, status) = match e.code {
        ErrorCode::AdNotFound => ("adNotFound", StatusCode::NOT_FOUND),
        ErrorCode::LoginRequired | ErrorCode::SessionExpired | ErrorCode::InvalidToken => {
            ("sessionExpired", StatusCode::UNAUTHORIZED)
        }
        ErrorCode::MalformedRequest | ErrorCode::InvalidArgument | ErrorCode::ValueTooLarge => {
            return crate::graphql::errors::request_failure(e, lang);
        }
        _ => ("internalError", StatusCode::INTERNAL_SERVER_ERROR),
    };
    HttpResponse::build(status).json(json!({
        "code": e.code.code(), "messageKey": format!("{op}.error.{key}"), "wording": e.wording(lang),
        "message": e.detail.clone().unwrap_or_else(|| e.wording(lang)),
    }))
}

/// `POST /api/saved-ads`
pub async fn save(req: HttpRequest, body: web::Bytes, state: web::Data<AppState>) -> HttpResponse {
    let lang = RequestContext::fallback_lang(&req);
    let result = async {
        let caller = caller_of(&req, &state).await?;
        let body: SaveBody = serde_json::from_slice(&body)
            .map_err(|e| SoukError::with_detail(ErrorCode::MalformedRequest, e.to_string()))?;
        state.ads.save(&caller, body.list_id).await
    }
    .await;
    match result {
        Ok(code) => HttpResponse::Created().json(json!({ "code": code })),
        Err(e) => failure("saveAd", &e, lang),
    }
}

/// `DELETE /api/saved-ads/{listId}`
pub async fn unsave(req: HttpRequest, path: web::Path<i64>, state: web::Data<AppState>) -> HttpResponse {
    let lang = RequestContext::fallback_lang(&req);
    let result = async {
        let caller = caller_of(&req, &state).await?;
        state.ads.unsave(&caller, path.into_inner()).await
    }
    .await;
    match result {
        Ok(_) => HttpResponse::NoContent().finish(),
        Err(e) => failure("unsaveAd", &e, lang),
    }
}

/// `GET /api/saved-ads?page=&size=`
pub async fn list(req: HttpRequest, q: web::Query<PageQuery>, state: web::Data<AppState>) -> HttpResponse {
    let lang = RequestContext::fallback_lang(&req);
    let result = async {
        let caller = caller_of(&req, &state).await?;
        state.ads.saved(&caller, q.page.unwrap_or(1), q.size.unwrap_or(0)).await
    }
    .await;
    match result {
        Ok((ads, count)) => {
            let ads: Vec<_> = ads
                .iter()
                .map(|a| {
                    json!({
                        "listId": a.ad.list_id, "title": a.ad.title,
                        "image": a.ad.images.first().map(|k| state.media.public_path(k)),
                        "price": a.ad.price.map(|p| json!({"withCurrency": p.with_currency(), "withoutCurrency": p.without_currency()})),
                    })
                })
                .collect();
            HttpResponse::Ok().json(json!({ "ads": ads, "count": count }))
        }
        Err(e) => failure("getMySavedAds", &e, lang),
    }
}
