//! How failures leave the gateway: every GraphQL error carries the catalogue code and message
//! key in `extensions` and the wording in the request's language; a request that could not
//! run at all (unreadable body, bad header, invalid document, over a limit) is an HTTP error
//! whose body also has the top-level `code`, `message` and `wording` of spec §8.

use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use async_graphql::ErrorExtensions;
use serde_json::{Value, json};
use souk_domain::{ErrorCode, Lang, SoukError};

/// A resolver's failure as an async-graphql error with the catalogue extensions.
pub fn to_graphql_error(err: &SoukError, lang: Lang) -> async_graphql::Error {
    with_message_key(err, lang, err.code.message_key())
}

/// The same, with an operation's own message key (`saveAd.error.internalError`).
pub fn with_message_key(err: &SoukError, lang: Lang, message_key: &str) -> async_graphql::Error {
    let code = err.code;
    let detail = err.detail.clone();
    let params = err.params.clone();
    let key = message_key.to_string();
    async_graphql::Error::new(err.wording(lang)).extend_with(move |_, e| {
        e.set("code", code.code());
        e.set("messageKey", key.as_str());
        if let Some(d) = &detail {
            e.set("detail", d.as_str());
        }
        for (name, value) in &params {
            e.set(*name, *value);
        }
    })
}

/// The JSON of one error in the `errors` array.
pub fn error_entry(code: ErrorCode, lang: Lang, detail: Option<&str>) -> Value {
    let mut ext = json!({ "code": code.code(), "messageKey": code.message_key() });
    if let Some(d) = detail {
        ext["detail"] = json!(d);
    }
    json!({ "message": code.message(lang), "extensions": ext })
}

/// A response for a request that never reached a resolver.
pub fn request_failure(err: &SoukError, lang: Lang) -> HttpResponse {
    let code = err.code;
    let status = StatusCode::from_u16(code.http_status()).unwrap_or(StatusCode::BAD_REQUEST);
    HttpResponse::build(status).json(json!({
        "code": code.code(),
        "message": err.detail.as_deref().unwrap_or(code.message(lang)),
        "wording": code.message(lang),
        "messageKey": code.message_key(),
        "errors": [error_entry(code, lang, err.detail.as_deref())],
    }))
}

/// Classifies an error async-graphql raised before any resolver ran (validation, limits).
pub fn classify_engine_error(message: &str) -> ErrorCode {
    if message.contains("nested too deep") {
        ErrorCode::QueryTooDeep
    } else if message.contains("too complex") {
        ErrorCode::QueryTooComplex
    } else {
        ErrorCode::GraphqlValidationFailed
    }
}
