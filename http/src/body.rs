//! Reads a request body within a size limit, so an oversize body is refused with the
//! catalogue's PAYLOAD_TOO_LARGE before it is held in memory.

use actix_web::web;
use futures_util::StreamExt;
use souk_domain::{ErrorCode, SoukError};

pub async fn read_limited(mut payload: web::Payload, limit: usize) -> Result<web::Bytes, SoukError> {
    let mut body = web::BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|e| SoukError::with_detail(ErrorCode::MalformedRequest, e.to_string()))?;
        if body.len() + chunk.len() > limit {
            return Err(SoukError::with_detail(ErrorCode::PayloadTooLarge, format!("at most {limit} bytes")));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body.freeze())
}
