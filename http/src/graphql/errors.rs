//! How failures leave the gateway: every GraphQL error carries the catalogue code, the message
//! key and the request id in `extensions` and the wording in the request's language; a request
//! that could not run at all (unreadable body, bad header, invalid document, over a limit) is
//! an HTTP error whose body also has the top-level `code`, `message` and `wording` of spec §8.
//! Nothing internal leaves: an unexpected failure (`INTERNAL_ERROR`, `STORE_UNAVAILABLE`) goes
//! out as its code, wording and request id only, and its cause is logged with that id. Every
//! error is logged (unexpected ones at error level) and counted by code in `/metrics`.

use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use async_graphql::ErrorExtensions;
use serde_json::{Value, json};
use souk_domain::{ErrorCode, Lang, SoukError};

/// Whether an error's detail may be shown to the client: it says what was wrong with the
/// request (a field, a limit), never why the server failed.
fn detail_for_client(err: &SoukError) -> Option<&str> {
    err.detail.as_deref().filter(|_| !is_unexpected(err.code))
}

/// A failure of the server rather than of the request: its cause stays in the log.
fn is_unexpected(code: ErrorCode) -> bool {
    matches!(code, ErrorCode::InternalError | ErrorCode::StoreUnavailable | ErrorCode::StorageFull)
}

/// Logs and counts an error on its way out; answers the request id it is logged with.
pub fn report(err: &SoukError) -> String {
    let id = crate::request_id::current();
    crate::ops::metrics::count_error(err.code.code());
    let detail = err.detail.as_deref().unwrap_or("");
    if is_unexpected(err.code) {
        tracing::error!(request_id = %id, code = err.code.code(), cause = %detail, "request failed");
    } else {
        tracing::info!(request_id = %id, code = err.code.code(), detail = %detail, "request refused");
    }
    id
}

/// A resolver's failure as an async-graphql error with the catalogue extensions.
pub fn to_graphql_error(err: &SoukError, lang: Lang) -> async_graphql::Error {
    with_message_key(err, lang, err.code.message_key())
}

/// The same, with an operation's own message key (`saveAd.error.internalError`).
pub fn with_message_key(err: &SoukError, lang: Lang, message_key: &str) -> async_graphql::Error {
    let code = err.code;
    let request_id = report(err);
    let detail = detail_for_client(err).map(str::to_string);
    let params = err.params.clone();
    let key = message_key.to_string();
    async_graphql::Error::new(err.wording(lang)).extend_with(move |_, e| {
        e.set("code", code.code());
        e.set("messageKey", key.as_str());
        e.set("requestId", request_id.as_str());
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
    let detail = detail.filter(|_| !is_unexpected(code));
    let mut ext =
        json!({ "code": code.code(), "messageKey": code.message_key(), "requestId": crate::request_id::current() });
    if let Some(d) = detail {
        ext["detail"] = json!(d);
    }
    json!({ "message": code.message(lang), "extensions": ext })
}

/// A response for a request that never reached a resolver.
pub fn request_failure(err: &SoukError, lang: Lang) -> HttpResponse {
    let code = err.code;
    let request_id = report(err);
    let detail = detail_for_client(err);
    let status = StatusCode::from_u16(code.http_status()).unwrap_or(StatusCode::BAD_REQUEST);
    HttpResponse::build(status).json(json!({
        "code": code.code(),
        "message": detail.unwrap_or(code.message(lang)),
        "wording": code.message(lang),
        "messageKey": code.message_key(),
        "requestId": request_id,
        "errors": [error_entry(code, lang, detail)],
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
