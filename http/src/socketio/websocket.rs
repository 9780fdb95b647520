//! The WebSocket transport, the only user of actix-web-actors (deprecated upstream in favour of
//! actix-ws; switching touches this file alone): direct WebSocket sessions, the upgrade from polling
//! (`2probe`/`3probe`, a noop to the pending poll, then `5`), and frame-level limits.

use super::engine;
use super::server::{Server, Session, Transport};
use actix::{Actor, ActorContext, AsyncContext, StreamHandler};
use actix_web::{HttpRequest, HttpResponse, web};
use actix_web_actors::ws;
use std::sync::Arc;
use tokio::sync::mpsc;

/// Starts the WebSocket transport for a request; `sid` names the polling session to upgrade.
pub fn start(req: &HttpRequest, stream: web::Payload, server: Server, sid: Option<&str>) -> HttpResponse {
    let (session, direct) = match sid {
        None => (None, true),
        Some(sid) => match server.session(sid) {
            Some(s) if s.transport() == Transport::Polling => (Some(s), false),
            _ => {
                return HttpResponse::BadRequest().json(serde_json::json!({ "code": 3, "message": "Bad request" }));
            }
        },
    };
    let max = server.config().max_payload;
    let conn = Connection { server, session, direct, upgraded: false };
    match ws::WsResponseBuilder::new(conn, req, stream).frame_size(max).start() {
        Ok(response) => response,
        Err(e) => HttpResponse::from_error(e),
    }
}

struct Connection {
    server: Server,
    session: Option<Arc<Session>>,
    /// Opened directly over WebSocket (no polling phase).
    direct: bool,
    /// The session's packets flow through this connection.
    upgraded: bool,
}

impl Connection {
    fn attach(&mut self, ctx: &mut ws::WebsocketContext<Self>, session: &Arc<Session>, first: Option<engine::Packet>) {
        let (tx, rx) = mpsc::channel(self.server.config().queue_capacity);
        if let Some(p) = first {
            let _ = tx.try_send(p);
        }
        session.attach_websocket(tx);
        self.upgraded = true;
        ctx.add_stream(futures_util::stream::unfold(rx, |mut rx| async move { rx.recv().await.map(|p| (p, rx)) }));
    }

    fn fail(&mut self, ctx: &mut ws::WebsocketContext<Self>, reason: &str) {
        if let Some(s) = &self.session
            && self.upgraded
        {
            s.close(reason);
        }
        ctx.close(Some(ws::CloseReason { code: ws::CloseCode::Policy, description: None }));
        ctx.stop();
    }

    fn on_packet(&mut self, ctx: &mut ws::WebsocketContext<Self>, packet: engine::Packet) {
        let Some(session) = self.session.clone() else { return };
        if self.upgraded {
            self.server.handle(&session, packet);
            return;
        }
        match packet {
            engine::Packet::Ping(data) if data == "probe" => {
                ctx.text(engine::Packet::Pong(data).encode_text());
                session.push_polling(engine::Packet::Noop);
            }
            engine::Packet::Upgrade => self.attach(ctx, &session, None),
            _ => self.fail(ctx, "unexpected packet during upgrade"),
        }
    }
}

impl Actor for Connection {
    type Context = ws::WebsocketContext<Self>;

    fn started(&mut self, ctx: &mut Self::Context) {
        if self.direct {
            let (session, open) = self.server.open(Transport::WebSocket);
            self.attach(ctx, &session, Some(open));
            self.session = Some(session);
        } else {
            // An upgrade that never completes must not keep the connection open forever.
            let config = self.server.config();
            ctx.run_later(config.ping_interval + config.ping_timeout, |conn, ctx| {
                if !conn.upgraded {
                    ctx.close(Some(ws::CloseReason { code: ws::CloseCode::Policy, description: None }));
                    ctx.stop();
                }
            });
        }
    }

    fn stopped(&mut self, _ctx: &mut Self::Context) {
        if let Some(s) = &self.session
            && self.upgraded
        {
            s.close("transport close");
        }
    }
}

impl StreamHandler<Result<ws::Message, ws::ProtocolError>> for Connection {
    fn handle(&mut self, msg: Result<ws::Message, ws::ProtocolError>, ctx: &mut Self::Context) {
        match msg {
            Ok(ws::Message::Text(text)) => match engine::Packet::decode_text(&text) {
                Ok(packet) => self.on_packet(ctx, packet),
                Err(_) => self.fail(ctx, "malformed packet"),
            },
            Ok(ws::Message::Binary(bytes)) => self.on_packet(ctx, engine::Packet::Binary(bytes.to_vec())),
            Ok(ws::Message::Ping(data)) => ctx.pong(&data),
            Ok(ws::Message::Pong(_) | ws::Message::Nop) => {}
            Ok(ws::Message::Close(_)) => {
                if let Some(s) = &self.session
                    && self.upgraded
                {
                    s.close("transport close");
                }
                ctx.close(None);
                ctx.stop();
            }
            Ok(ws::Message::Continuation(_)) => self.fail(ctx, "fragmented frames are not supported"),
            Err(_) => self.fail(ctx, "websocket protocol error"),
        }
    }
}

/// Outgoing packets of the session; the stream ends when the session closes.
impl StreamHandler<engine::Packet> for Connection {
    fn handle(&mut self, packet: engine::Packet, ctx: &mut Self::Context) {
        match packet {
            engine::Packet::Binary(bytes) => ctx.binary(bytes),
            other => ctx.text(other.encode_text()),
        }
    }

    fn finished(&mut self, ctx: &mut Self::Context) {
        ctx.close(Some(ws::CloseReason { code: ws::CloseCode::Normal, description: None }));
        ctx.stop();
    }
}
