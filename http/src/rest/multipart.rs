//! Reading a multipart form within limits: each field's bytes are capped (the file field by
//! its own limit, the others by a small one) while they stream in, so an oversize upload is
//! refused before it is buffered.

use actix_multipart::Multipart;
use futures_util::StreamExt;
use souk_domain::{ErrorCode, SoukError};
use std::collections::HashMap;

/// The fields of a form: `file_field` may hold up to `file_limit` bytes, every other field
/// `field_limit`. A field over its limit answers `too_large` with the field's name.
pub async fn read_form(
    mut form: Multipart,
    file_field: &str,
    file_limit: usize,
    field_limit: usize,
    too_large: ErrorCode,
) -> Result<HashMap<String, Vec<u8>>, SoukError> {
    let mut out = HashMap::new();
    while let Some(field) = form.next().await {
        let mut field = field.map_err(|e| SoukError::with_detail(ErrorCode::MalformedRequest, e.to_string()))?;
        let name = field.name().unwrap_or("").to_string();
        let limit = if name == file_field { file_limit } else { field_limit };
        let mut bytes = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(|e| SoukError::with_detail(ErrorCode::MalformedRequest, e.to_string()))?;
            if bytes.len() + chunk.len() > limit {
                return Err(SoukError::with_detail(too_large, format!("{name}: at most {limit} bytes")));
            }
            bytes.extend_from_slice(&chunk);
        }
        out.insert(name, bytes);
    }
    Ok(out)
}
