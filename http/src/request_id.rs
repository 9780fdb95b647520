//! Request ids: every HTTP request gets one (16 hex digits), sent back in `X-Request-Id`,
//! carried by every error the request answers (`extensions.requestId`, `requestId`) and written
//! in the log line of that error, so a person quoting the id on the phone leads support to the
//! cause without the client ever seeing it. The id lives in a task-local for the duration of
//! the request's handler.

use std::future::Future;

tokio::task_local! {
    static REQUEST_ID: String;
}

/// A new request id.
pub fn new_id() -> String {
    let bytes = uuid::Uuid::new_v4();
    bytes.simple().to_string()[..16].to_string()
}

/// Runs `fut` with `id` as the current request id.
pub async fn scope<F: Future>(id: String, fut: F) -> F::Output {
    REQUEST_ID.scope(id, fut).await
}

/// The current request's id; outside an HTTP request (a socket event) a new one, so that each
/// logged failure still has its own.
pub fn current() -> String {
    REQUEST_ID.try_with(Clone::clone).unwrap_or_else(|_| new_id())
}
