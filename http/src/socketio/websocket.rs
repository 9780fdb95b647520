//! The WebSocket transport, the only user of actix-web-actors (deprecated upstream in favour of
//! actix-ws; switching touches this file alone): a `/socket.io/` upgrade taken off the HTTP
//! listener with its bare TCP stream (`listener.rs`), the handshake answer, direct WebSocket
//! sessions, the upgrade from polling (`2probe`/`3probe`, a noop to the pending poll, then `5`),
//! and frame-level limits. An idle connection holds no read or write buffer: reads go through a
//! buffer on the stack, and outgoing frames are written as soon as they are encoded.

use super::engine;
use super::polling::{EngineQuery, refusal};
use super::server::{Server, Session, Transport};
use actix::{Actor, ActorContext, AsyncContext, StreamHandler};
use actix_codec::Framed;
use actix_http::{Request, h1};
use actix_web::error::PayloadError;
use actix_web::http::{StatusCode, header};
use actix_web_actors::ws;
use bytes::Bytes;
use futures_util::{FutureExt, Stream, StreamExt};
use std::mem::MaybeUninit;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWriteExt, ReadBuf};
use tokio::net::TcpStream;
use tokio::net::tcp::OwnedReadHalf;
use tokio::sync::mpsc;

/// Bytes read from the socket at once (a stack buffer, copied out at the size actually read).
const READ_CHUNK: usize = 16 * 1024;
/// Frames ready together are written in one call, up to this many bytes.
const WRITE_BATCH: usize = 64 * 1024;

/// Serves one upgraded connection until it closes: checks the request, answers the handshake
/// (or the Engine.IO error), then runs the connection's actor over the TCP stream.
pub async fn upgraded(req: Request, framed: Framed<TcpStream, h1::Codec>, server: Server) {
    let actix_codec::FramedParts { mut io, read_buf, write_buf, .. } = framed.into_parts();
    // Bytes read past the request head are the client's first frames; the dispatcher's buffers
    // themselves are let go here (held to the end, they would cost 16 KiB per connection).
    let leftover = (!read_buf.is_empty()).then(|| Bytes::copy_from_slice(&read_buf));
    drop(read_buf);
    if !write_buf.is_empty() && io.write_all(&write_buf).await.is_err() {
        return;
    }
    drop(write_buf);
    let (session, accept) = match accept(&req, &server) {
        Ok(accepted) => accepted,
        Err((status, code, message)) => {
            let _ = io.write_all(refusal_response(status, code, message).as_bytes()).await;
            let _ = io.shutdown().await;
            return;
        }
    };
    let head = format!(
        "HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: Upgrade\r\nsec-websocket-accept: {accept}\r\n\r\n"
    );
    if io.write_all(head.as_bytes()).await.is_err() {
        return;
    }
    let config = server.config();
    let (max, write_timeout) = (config.max_payload, config.ping_interval + config.ping_timeout);
    let (reader, mut writer) = io.into_split();
    let conn = Connection { direct: session.is_none(), server, session, upgraded: false };
    let incoming = Incoming { io: reader, leftover };
    let mut outgoing =
        std::pin::pin!(ws::WebsocketContext::with_codec(conn, incoming, actix_http::ws::Codec::new().max_size(max)));
    while let Some(Ok(first)) = outgoing.next().await {
        let mut ended = false;
        let mut batch: Option<Vec<u8>> = None;
        while batch.as_ref().map_or(first.len(), Vec::len) < WRITE_BATCH {
            match outgoing.next().now_or_never() {
                Some(Some(Ok(more))) => batch.get_or_insert_with(|| first.to_vec()).extend_from_slice(&more),
                Some(_) => {
                    ended = true;
                    break;
                }
                None => break,
            }
        }
        let bytes = batch.as_deref().unwrap_or(&first);
        // A client that takes nothing for a whole ping period cannot keep up: it is let go.
        match tokio::time::timeout(write_timeout, writer.write_all(bytes)).await {
            Ok(Ok(())) if !ended => {}
            _ => break,
        }
    }
    let _ = writer.shutdown().await;
}

/// An Engine.IO refusal: the HTTP status, the error code and its message.
type Refusal = (StatusCode, u8, &'static str);

/// The session to upgrade (none for a direct WebSocket) and the `sec-websocket-accept` value,
/// or why the request is refused.
fn accept(req: &Request, server: &Server) -> Result<(Option<Arc<Session>>, String), Refusal> {
    const BAD_REQUEST: Refusal = (StatusCode::BAD_REQUEST, 3, "Bad request");
    if !matches!(req.path(), "/socket.io/" | "/socket.io") {
        return Err((StatusCode::NOT_FOUND, 0, "Not found"));
    }
    let query = actix_web::web::Query::<EngineQuery>::from_query(req.uri().query().unwrap_or(""))
        .map_err(|_| BAD_REQUEST)?
        .into_inner();
    if let Some(refused) = refusal(&query) {
        return Err(refused);
    }
    if query.transport.as_deref() != Some("websocket") || actix_http::ws::verify_handshake(req.head()).is_err() {
        return Err(BAD_REQUEST);
    }
    let session = match query.sid.as_deref() {
        None => None,
        Some(sid) => match server.session(sid) {
            Some(s) if s.transport() == Transport::Polling => Some(s),
            _ => return Err(BAD_REQUEST),
        },
    };
    let key = req.head().headers.get(header::SEC_WEBSOCKET_KEY).ok_or(BAD_REQUEST)?;
    let accept = actix_http::ws::hash_key(key.as_bytes());
    let accept = std::str::from_utf8(&accept).map_err(|_| BAD_REQUEST)?.to_owned();
    Ok((session, accept))
}

/// An Engine.IO error as a whole HTTP response that closes the connection.
fn refusal_response(status: StatusCode, code: u8, message: &str) -> String {
    let body = serde_json::json!({ "code": code, "message": message }).to_string();
    format!(
        "HTTP/1.1 {} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        status.as_u16(),
        status.canonical_reason().unwrap_or(""),
        body.len()
    )
}

/// The client's bytes: what was read with the request head, then the socket, read into a stack
/// buffer so that an idle connection holds none.
struct Incoming {
    io: OwnedReadHalf,
    leftover: Option<Bytes>,
}

impl Stream for Incoming {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        if let Some(bytes) = self.leftover.take() {
            return Poll::Ready(Some(Ok(bytes)));
        }
        let mut buf = [MaybeUninit::<u8>::uninit(); READ_CHUNK];
        let mut read = ReadBuf::uninit(&mut buf);
        match Pin::new(&mut self.io).poll_read(cx, &mut read) {
            Poll::Pending => Poll::Pending,
            Poll::Ready(Err(e)) => Poll::Ready(Some(Err(PayloadError::Io(e)))),
            Poll::Ready(Ok(())) if read.filled().is_empty() => Poll::Ready(None),
            Poll::Ready(Ok(())) => Poll::Ready(Some(Ok(Bytes::copy_from_slice(read.filled())))),
        }
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
