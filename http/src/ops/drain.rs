//! A graceful stop (issue 27, docs/operations.md "Stopping"): on SIGTERM or SIGINT the process
//! stops taking new work at once — new HTTP requests (a keep-alive connection's next one
//! included) get `503 STORE_UNAVAILABLE` with `Connection: close`, `/readyz` with them, no new
//! Socket.IO session opens and no new event is read — while the work already taken finishes:
//! requests in flight answer (and close their connection), socket events being handled are
//! acknowledged, each socket closes once its client has its acknowledgements; then the HTTP
//! server stops and the caller flushes the stores.

use crate::graphql::errors::request_failure;
use crate::socketio::Server as SocketIo;
use crate::state::AppState;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServerHandle, ServiceRequest, ServiceResponse};
use actix_web::http::ConnectionType;
use actix_web::middleware::Next;
use actix_web::{Error, web};
use souk_domain::{ErrorCode, SoukError};
use std::time::Duration;

/// Refuses new requests while the process drains, and closes the connection of every answer
/// given meanwhile. A Socket.IO request of an open session (`sid=`) still passes: it carries
/// the acknowledgements and the close to a polling client.
pub async fn gate(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, Error> {
    let draining =
        |req: &ServiceRequest| req.app_data::<web::Data<AppState>>().is_some_and(|state| state.socketio.is_draining());
    if draining(&req) && !continues_a_session(&req) {
        let lang = crate::graphql::context::RequestContext::fallback_lang(req.request());
        let mut answer = request_failure(&SoukError::with_detail(ErrorCode::StoreUnavailable, "shutting down"), lang);
        answer.head_mut().set_connection_type(ConnectionType::Close);
        answer
            .headers_mut()
            .insert(actix_web::http::header::RETRY_AFTER, actix_web::http::header::HeaderValue::from_static("1"));
        return Ok(req.into_response(answer).map_into_right_body());
    }
    let mut res = next.call(req).await?;
    if res.request().app_data::<web::Data<AppState>>().is_some_and(|state| state.socketio.is_draining()) {
        res.response_mut().head_mut().set_connection_type(ConnectionType::Close);
    }
    Ok(res.map_into_left_body())
}

fn continues_a_session(req: &ServiceRequest) -> bool {
    req.path().starts_with("/socket.io") && req.query_string().split('&').any(|p| p.starts_with("sid="))
}

/// Waits for SIGTERM or SIGINT, then drains the sockets (within `within`) and stops the HTTP
/// server gracefully (in-flight requests finish, up to the server's shutdown timeout).
pub async fn stop_on_signal(server: ServerHandle, socketio: SocketIo, within: Duration) {
    signal().await;
    tracing::info!("stop asked: taking no new work, finishing what was taken");
    let left = socketio.drain(within).await;
    if left > 0 {
        tracing::warn!(sessions = left, "sockets still open when the drain time ran out");
    }
    server.stop(true).await;
}

#[cfg(unix)]
async fn signal() {
    use tokio::signal::unix::{SignalKind, signal};
    match (signal(SignalKind::terminate()), signal(SignalKind::interrupt())) {
        (Ok(mut term), Ok(mut int)) => {
            tokio::select! {
                _ = term.recv() => {}
                _ = int.recv() => {}
            }
        }
        (Err(e), _) | (_, Err(e)) => {
            tracing::warn!(error = %e, "no signal handler: stopping on Ctrl-C only");
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}

#[cfg(not(unix))]
async fn signal() {
    let _ = tokio::signal::ctrl_c().await;
}
