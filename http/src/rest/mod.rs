//! The REST-style helpers of spec §7: client log, shop logo upload, ad photo and video
//! uploads, saved ads, and the development-only outbox listing.

pub mod ad_media;
pub mod chat_upload;
pub mod client_log;
pub mod dev_outbox;
pub mod multipart;
pub mod parse_url;
pub mod payments;
pub mod saved_ads;
pub mod shop_logo;

use crate::graphql::context::{Gateway, RequestContext};
use crate::state::AppState;
use actix_web::HttpRequest;
use souk_domain::{ErrorCode, SoukError};
use souk_services::accounts::service::Caller;

/// The signed-in caller of a REST request (bearer token, legacy token header or cookie).
pub async fn caller_of(req: &HttpRequest, state: &AppState) -> Result<Caller, SoukError> {
    let ctx = RequestContext::from_request(req, Gateway::New)?;
    let token = ctx.bearer_token.ok_or_else(|| SoukError::new(ErrorCode::LoginRequired))?;
    state.accounts.authenticate(&token).await
}
