//! The HTTP long-polling transport and the `/socket.io/` entry point for plain HTTP requests: the
//! handshake, GET (wait for outgoing packets) and POST (client packets). WebSocket upgrades never
//! reach it: the listener hands them to the WebSocket transport (`listener.rs`, `websocket.rs`).

use super::engine;
use super::server::{PollError, Server, Transport};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use futures_util::StreamExt;
use serde::Deserialize;

/// The query string of every Engine.IO request.
#[derive(Debug, Deserialize)]
pub struct EngineQuery {
    #[serde(rename = "EIO")]
    pub eio: Option<String>,
    pub transport: Option<String>,
    pub sid: Option<String>,
}

/// An Engine.IO error response, in the JSON shape the reference server uses.
fn error(status: StatusCode, code: u8, message: &str) -> HttpResponse {
    HttpResponse::build(status).json(serde_json::json!({ "code": code, "message": message }))
}

fn unknown_sid() -> HttpResponse {
    error(StatusCode::BAD_REQUEST, 1, "Session ID unknown")
}

fn payload(packets: &[engine::Packet]) -> HttpResponse {
    HttpResponse::Ok().content_type("text/plain; charset=UTF-8").body(engine::encode_payload(packets))
}

/// Why a query cannot be served, if it cannot: the status, the Engine.IO error code and message.
pub(super) fn refusal(query: &EngineQuery) -> Option<(StatusCode, u8, &'static str)> {
    if query.eio.as_deref() != Some("4") {
        return Some((StatusCode::BAD_REQUEST, 5, "Unsupported protocol version"));
    }
    match query.transport.as_deref() {
        Some("polling" | "websocket") => None,
        _ => Some((StatusCode::BAD_REQUEST, 0, "Transport unknown")),
    }
}

fn refuse_query(query: &EngineQuery) -> Option<HttpResponse> {
    refusal(query).map(|(status, code, message)| error(status, code, message))
}

/// GET /socket.io/ — handshake or long-poll. A `transport=websocket` request that is not a
/// WebSocket upgrade (no `Upgrade` header) is refused.
pub async fn get(
    req: actix_web::HttpRequest,
    query: web::Query<EngineQuery>,
    server: web::Data<Server>,
) -> HttpResponse {
    if let Some(response) = refuse_query(&query) {
        return response;
    }
    if query.transport.as_deref() == Some("websocket") {
        return error(StatusCode::BAD_REQUEST, 3, "Bad request");
    }
    let Some(sid) = query.sid.as_deref() else {
        if server.is_draining() {
            return error(StatusCode::SERVICE_UNAVAILABLE, 4, "Server shutting down");
        }
        let address = crate::graphql::context::client_address(&req);
        let (_session, open) = server.open_from(Transport::Polling, address);
        return payload(&[open]);
    };
    let Some(session) = server.session(sid) else { return unknown_sid() };
    match session.poll(server.config().ping_interval).await {
        Ok(packets) => payload(&packets),
        Err(PollError::Upgraded) => error(StatusCode::BAD_REQUEST, 3, "Bad request"),
        Err(PollError::Concurrent) => error(StatusCode::BAD_REQUEST, 3, "Bad request"),
    }
}

/// Any other method on /socket.io/: 400 with the Engine.IO error body (the reference server's
/// "Bad handshake method"), not a bare 405.
pub async fn other_method() -> HttpResponse {
    error(StatusCode::BAD_REQUEST, 2, "Bad handshake method")
}

/// POST /socket.io/ — packets from a polling client.
pub async fn post(query: web::Query<EngineQuery>, server: web::Data<Server>, mut body: web::Payload) -> HttpResponse {
    if let Some(response) = refuse_query(&query) {
        return response;
    }
    let Some(session) = query.sid.as_deref().and_then(|sid| server.session(sid)) else { return unknown_sid() };
    // A session that moved to WebSocket takes no more polling requests.
    if session.is_upgraded() {
        return error(StatusCode::BAD_REQUEST, 3, "Bad request");
    }
    let Ok(_guard) = session.begin_post() else { return error(StatusCode::BAD_REQUEST, 3, "Bad request") };
    let max = server.config().max_payload;
    let mut bytes = Vec::new();
    while let Some(chunk) = body.next().await {
        let Ok(chunk) = chunk else {
            session.close("polling body error");
            return error(StatusCode::BAD_REQUEST, 3, "Bad request");
        };
        if bytes.len() + chunk.len() > max {
            session.close("payload too large");
            return error(StatusCode::PAYLOAD_TOO_LARGE, 3, "Payload too large");
        }
        bytes.extend_from_slice(&chunk);
    }
    let packets = std::str::from_utf8(&bytes).ok().and_then(|text| engine::decode_payload(text, max).ok());
    let Some(packets) = packets else {
        session.close("malformed polling payload");
        return error(StatusCode::BAD_REQUEST, 3, "Bad request");
    };
    // Back-pressure: each event waits for a credit, so a POST holding more events than the
    // session's capacity (a client flushing a long buffer) is taken in as earlier ones are
    // handled, and answered once all are in.
    for packet in packets {
        session.read_ready().await;
        server.handle(&session, packet);
    }
    HttpResponse::Ok().content_type("text/html").body("ok")
}

#[cfg(test)]
mod tests {
    use super::super::{Config, Server, configure, echo::Echo};
    use actix_web::{App, test};
    use std::sync::Arc;
    use std::time::Duration;

    fn server() -> Server {
        let config = Config { ping_interval: Duration::from_millis(200), max_payload: 100, ..Config::default() };
        Server::new(config, Arc::new(Echo))
    }

    #[actix_web::test]
    async fn handshake_connect_event_and_close_over_polling() {
        let srv = server();
        let app = test::init_service(App::new().configure(|cfg| configure(cfg, srv.clone()))).await;

        let req = test::TestRequest::get().uri("/socket.io/?EIO=4&transport=polling").to_request();
        let body = String::from_utf8(test::call_and_read_body(&app, req).await.to_vec()).unwrap();
        assert!(body.starts_with("0{"), "{body}");
        let open: serde_json::Value = serde_json::from_str(&body[1..]).unwrap();
        assert_eq!(open["upgrades"], serde_json::json!(["websocket"]));
        assert_eq!(open["pingInterval"], 200);
        assert_eq!(open["maxPayload"], 100);
        let sid = open["sid"].as_str().unwrap().to_owned();
        assert_eq!(srv.session_count(), 1);

        let uri = format!("/socket.io/?EIO=4&transport=polling&sid={sid}");
        let req = test::TestRequest::post().uri(&uri).set_payload("40{\"t\":1}\x1e42[\"message\",\"hi\"]").to_request();
        assert_eq!(test::call_and_read_body(&app, req).await, "ok");
        let req = test::TestRequest::get().uri(&uri).to_request();
        let body = String::from_utf8(test::call_and_read_body(&app, req).await.to_vec()).unwrap();
        let records: Vec<&str> = body.split('\x1e').collect();
        assert!(records[0].starts_with("40{\"sid\":"), "{body}");
        assert_eq!(&records[1..], ["42[\"auth\",{\"t\":1}]", "42[\"message-back\",\"hi\"]"]);

        // Nothing to send: the poll ends with a noop after the ping interval at the latest.
        let req = test::TestRequest::get().uri(&uri).to_request();
        let body = test::call_and_read_body(&app, req).await;
        assert!(body == "6" || body == "2", "{body:?}");

        let req = test::TestRequest::post().uri(&uri).set_payload("1").to_request();
        assert_eq!(test::call_and_read_body(&app, req).await, "ok");
        assert_eq!(srv.session_count(), 0);
        let req = test::TestRequest::get().uri(&uri).to_request();
        assert_eq!(test::call_service(&app, req).await.status(), 400);
    }

    /// Holds each event's credit for a moment, as a handler that writes to storage does.
    struct Deferred(Arc<std::sync::atomic::AtomicUsize>);
    impl super::super::Handler for Deferred {
        fn connect(&self, _: &super::super::Socket, _: &serde_json::Value) -> super::super::ConnectFuture {
            Box::pin(async { Ok(()) })
        }
        fn event(
            &self,
            _: &super::super::Socket,
            _: &str,
            _: Vec<super::super::Data>,
            _: Option<u64>,
            credit: super::super::Credit,
        ) {
            self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            actix_web::rt::spawn(async move {
                tokio::time::sleep(Duration::from_millis(1)).await;
                drop(credit);
            });
        }
    }

    #[actix_web::test]
    async fn a_post_of_more_events_than_the_credits_is_taken_in_gradually() {
        let handled = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let config = Config { inbound_capacity: 16, max_payload: 1 << 20, ..Config::default() };
        let srv = Server::new(config, Arc::new(Deferred(Arc::clone(&handled))));
        let app = test::init_service(App::new().configure(|cfg| configure(cfg, srv.clone()))).await;
        let (session, _) = srv.open(super::Transport::Polling);
        let uri = format!("/socket.io/?EIO=4&transport=polling&sid={}", session.sid());
        let req = test::TestRequest::post().uri(&uri).set_payload("40").to_request();
        assert_eq!(test::call_and_read_body(&app, req).await, "ok");
        // Far beyond the capacity and the overdraft a single read may hold.
        let events = 5_000;
        let payload = vec!["42[\"e\"]"; events].join("\x1e");
        let req = test::TestRequest::post().uri(&uri).set_payload(payload).to_request();
        assert_eq!(test::call_and_read_body(&app, req).await, "ok");
        assert!(!session.is_closed(), "a long buffer slows the client, it does not disconnect it");
        assert_eq!(handled.load(std::sync::atomic::Ordering::Relaxed), events);
    }

    #[actix_web::test]
    async fn bad_requests_are_refused() {
        let srv = server();
        let app = test::init_service(App::new().configure(|cfg| configure(cfg, srv.clone()))).await;
        for uri in [
            "/socket.io/?EIO=3&transport=polling",
            "/socket.io/?EIO=4&transport=carrier-pigeon",
            "/socket.io/?EIO=4&transport=polling&sid=unknown",
            "/socket.io/?EIO=4&transport=websocket",
        ] {
            let req = test::TestRequest::get().uri(uri).to_request();
            assert_eq!(test::call_service(&app, req).await.status(), 400, "{uri}");
        }

        let (session, _) = srv.open(super::Transport::Polling);
        let uri = format!("/socket.io/?EIO=4&transport=polling&sid={}", session.sid());
        let req = test::TestRequest::post().uri(&uri).set_payload(vec![b'4'; 101]).to_request();
        assert_eq!(test::call_service(&app, req).await.status(), 413);
        assert!(session.is_closed());

        let (session, _) = srv.open(super::Transport::Polling);
        let uri = format!("/socket.io/?EIO=4&transport=polling&sid={}", session.sid());
        let req = test::TestRequest::post().uri(&uri).set_payload(vec![0xff, 0xfe]).to_request();
        assert_eq!(test::call_service(&app, req).await.status(), 400);
        assert!(session.is_closed());
        assert_eq!(srv.session_count(), 0);
    }

    #[actix_web::test]
    async fn other_methods_get_the_engine_io_error_body() {
        let srv = server();
        let app = test::init_service(App::new().configure(|cfg| configure(cfg, srv.clone()))).await;
        for method in [actix_web::http::Method::PUT, actix_web::http::Method::DELETE, actix_web::http::Method::PATCH] {
            let req = test::TestRequest::default()
                .method(method.clone())
                .uri("/socket.io/?EIO=4&transport=polling")
                .to_request();
            let res = test::call_service(&app, req).await;
            assert_eq!(res.status(), 400, "{method}");
            let body: serde_json::Value = test::read_body_json(res).await;
            assert_eq!(body, serde_json::json!({ "code": 2, "message": "Bad handshake method" }), "{method}");
        }
    }

    #[actix_web::test]
    async fn a_client_close_answers_the_pending_poll_with_a_noop() {
        let srv = Server::new(Config { ping_interval: Duration::from_secs(5), ..Config::default() }, Arc::new(Echo));
        let app = test::init_service(App::new().configure(|cfg| configure(cfg, srv.clone()))).await;
        let (session, _) = srv.open(super::Transport::Polling);
        let uri = format!("/socket.io/?EIO=4&transport=polling&sid={}", session.sid());
        let get = test::call_and_read_body(&app, test::TestRequest::get().uri(&uri).to_request());
        let post = async {
            tokio::time::sleep(Duration::from_millis(100)).await;
            test::call_and_read_body(&app, test::TestRequest::post().uri(&uri).set_payload("1").to_request()).await
        };
        let (polled, posted) = tokio::join!(get, post);
        assert_eq!(posted, "ok");
        assert_eq!(polled, "6", "the pending GET ends with a noop, not a close");
        assert!(session.is_closed());
        assert_eq!(srv.session_count(), 0);
    }

    #[actix_web::test]
    async fn an_upgraded_session_refuses_polling_requests() {
        let srv = server();
        let app = test::init_service(App::new().configure(|cfg| configure(cfg, srv.clone()))).await;
        let (session, _) = srv.open(super::Transport::Polling);
        session.attach_websocket();
        let uri = format!("/socket.io/?EIO=4&transport=polling&sid={}", session.sid());
        let get = test::call_service(&app, test::TestRequest::get().uri(&uri).to_request()).await;
        assert_eq!(get.status(), 400);
        let post = test::call_service(&app, test::TestRequest::post().uri(&uri).set_payload("2").to_request()).await;
        assert_eq!(post.status(), 400);
        let body: serde_json::Value = test::read_body_json(post).await;
        assert_eq!(body["code"], 3);
    }
}
