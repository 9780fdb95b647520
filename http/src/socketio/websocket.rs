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
use std::cell::{Cell, RefCell};
use std::mem::MaybeUninit;
use std::pin::Pin;
use std::rc::Rc;
use std::sync::Arc;
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWriteExt, ReadBuf};
use tokio::net::TcpStream;
use tokio::net::tcp::OwnedReadHalf;

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
    let accepted = accept(&req, &server);
    let address = crate::graphql::context::address_of(
        io.peer_addr().ok().map(|a| a.ip()),
        actix_http::HttpMessage::headers(&req),
    );
    // The request head (its header map is several KiB) goes back to actix's pool at once.
    drop(req);
    let (upgrading, accept) = match accepted {
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
    let (session, direct) = match upgrading {
        Some(session) => (session, false),
        None => {
            let (session, open) = server.open_from(Transport::WebSocket, address);
            session.attach_websocket();
            session.push(open);
            (session, true)
        }
    };
    let config = server.config();
    let (max, write_timeout) = (config.max_payload, config.ping_interval + config.ping_timeout);
    let (reader, mut writer) = io.into_split();
    let frames = Rc::new(FrameCount::default());
    let incoming = Incoming { io: reader, leftover, session: Arc::clone(&session), frames: Rc::clone(&frames) };
    let conn = Connection { server, session, direct, upgraded: direct, frames };
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
    if server.is_draining() && query.sid.is_none() {
        return Err((StatusCode::SERVICE_UNAVAILABLE, 4, "Server shutting down"));
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
/// buffer so that an idle connection holds none. Back-pressure: nothing more is read while
/// complete frames already read wait to be decoded (actix's frame decoder reads everything it can
/// before it decodes), nor while the session's handler holds all its inbound credits.
struct Incoming {
    io: OwnedReadHalf,
    leftover: Option<Bytes>,
    session: Arc<Session>,
    frames: Rc<FrameCount>,
}

impl Incoming {
    fn chunk(&self, bytes: Bytes) -> Poll<Option<Result<Bytes, PayloadError>>> {
        self.frames.read(&bytes);
        Poll::Ready(Some(Ok(bytes)))
    }
}

impl Stream for Incoming {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        if let Some(bytes) = self.leftover.take() {
            return self.chunk(bytes);
        }
        // Frames read and not decoded yet: the decoder gives one as soon as this answers.
        if self.frames.waiting() > 0 || self.session.poll_read_ready(cx).is_pending() {
            return Poll::Pending;
        }
        let mut buf = [MaybeUninit::<u8>::uninit(); READ_CHUNK];
        let mut read = ReadBuf::uninit(&mut buf);
        match Pin::new(&mut self.io).poll_read(cx, &mut read) {
            Poll::Pending => Poll::Pending,
            Poll::Ready(Err(e)) => Poll::Ready(Some(Err(PayloadError::Io(e)))),
            Poll::Ready(Ok(())) if read.filled().is_empty() => Poll::Ready(None),
            Poll::Ready(Ok(())) => {
                let bytes = Bytes::copy_from_slice(read.filled());
                self.chunk(bytes)
            }
        }
    }
}

/// Counts the WebSocket frames of the bytes read (from their headers) and the frames the
/// connection has handled, so that the reader knows when the decoder has none left.
#[derive(Default)]
struct FrameCount {
    /// Complete frames read.
    read: Cell<u64>,
    /// Frames the connection has handled (one message per frame: fragments are refused).
    handled: Cell<u64>,
    /// The header of the frame being read, while incomplete.
    head: RefCell<Vec<u8>>,
    /// Payload bytes of the current frame still to come.
    remaining: Cell<u64>,
}

impl FrameCount {
    fn waiting(&self) -> u64 {
        self.read.get().saturating_sub(self.handled.get())
    }

    fn handled_one(&self) {
        self.handled.set(self.handled.get() + 1);
    }

    /// Walks the frame headers of `bytes`.
    fn read(&self, mut bytes: &[u8]) {
        let mut head = self.head.borrow_mut();
        while !bytes.is_empty() {
            let remaining = self.remaining.get();
            if remaining > 0 {
                let take = remaining.min(bytes.len() as u64);
                self.remaining.set(remaining - take);
                bytes = &bytes[take as usize..];
                if remaining == take {
                    self.read.set(self.read.get() + 1);
                }
                continue;
            }
            head.push(bytes[0]);
            bytes = &bytes[1..];
            if let Some((header, payload)) = frame_header(&head)
                && head.len() == header
            {
                head.clear();
                if payload == 0 {
                    self.read.set(self.read.get() + 1);
                } else {
                    self.remaining.set(payload);
                }
            }
        }
    }
}

/// The length of a frame's header and of its payload, once enough of the header is known.
fn frame_header(h: &[u8]) -> Option<(usize, u64)> {
    let second = *h.get(1)?;
    let extended = match second & 0x7F {
        126 => 2,
        127 => 8,
        _ => 0,
    };
    let mask = if second & 0x80 != 0 { 4 } else { 0 };
    let length = h.get(2..2 + extended)?;
    let payload = match extended {
        0 => u64::from(second & 0x7F),
        _ => length.iter().fold(0u64, |n, b| (n << 8) | u64::from(*b)),
    };
    Some((2 + extended + mask, payload))
}

/// The session's packets for the client, as they are queued; ends when the session closes.
struct Outgoing(Arc<Session>);

impl Stream for Outgoing {
    type Item = Vec<engine::Packet>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.0.poll_outgoing(cx)
    }
}

struct Connection {
    server: Server,
    session: Arc<Session>,
    /// Opened directly over WebSocket (no polling phase).
    direct: bool,
    /// The session's packets flow through this connection.
    upgraded: bool,
    frames: Rc<FrameCount>,
}

impl Connection {
    /// Takes the session's traffic: its outgoing packets now come here.
    fn attach(&mut self, ctx: &mut ws::WebsocketContext<Self>) {
        self.session.attach_websocket();
        self.upgraded = true;
        ctx.add_stream(Outgoing(Arc::clone(&self.session)));
    }

    fn fail(&mut self, ctx: &mut ws::WebsocketContext<Self>, reason: &str) {
        if self.upgraded {
            self.session.close(reason);
        }
        ctx.close(Some(ws::CloseReason { code: ws::CloseCode::Policy, description: None }));
        ctx.stop();
    }

    fn on_packet(&mut self, ctx: &mut ws::WebsocketContext<Self>, packet: engine::Packet) {
        if self.upgraded {
            self.server.handle(&self.session, packet);
            return;
        }
        match packet {
            engine::Packet::Ping(data) if data == "probe" => {
                ctx.text(engine::Packet::Pong(data).encode_text());
                self.session.push_polling(engine::Packet::Noop);
            }
            engine::Packet::Upgrade => self.attach(ctx),
            _ => self.fail(ctx, "unexpected packet during upgrade"),
        }
    }
}

impl Actor for Connection {
    type Context = ws::WebsocketContext<Self>;

    fn started(&mut self, ctx: &mut Self::Context) {
        if self.direct {
            ctx.add_stream(Outgoing(Arc::clone(&self.session)));
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
        if self.upgraded {
            self.session.close("transport close");
        }
    }
}

impl StreamHandler<Result<ws::Message, ws::ProtocolError>> for Connection {
    fn handle(&mut self, msg: Result<ws::Message, ws::ProtocolError>, ctx: &mut Self::Context) {
        self.frames.handled_one();
        match msg {
            Ok(ws::Message::Text(text)) => match engine::Packet::decode_text(&text) {
                Ok(packet) => self.on_packet(ctx, packet),
                Err(_) => self.fail(ctx, "malformed packet"),
            },
            Ok(ws::Message::Binary(bytes)) => self.on_packet(ctx, engine::Packet::Binary(bytes.to_vec())),
            Ok(ws::Message::Ping(data)) => ctx.pong(&data),
            Ok(ws::Message::Pong(_) | ws::Message::Nop) => {}
            Ok(ws::Message::Close(_)) => {
                if self.upgraded {
                    self.session.close("transport close");
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
impl StreamHandler<Vec<engine::Packet>> for Connection {
    fn handle(&mut self, packets: Vec<engine::Packet>, ctx: &mut Self::Context) {
        for packet in packets {
            match packet {
                engine::Packet::Binary(bytes) => ctx.binary(bytes),
                other => ctx.text(other.encode_text()),
            }
        }
    }

    fn finished(&mut self, ctx: &mut Self::Context) {
        ctx.close(Some(ws::CloseReason { code: ws::CloseCode::Normal, description: None }));
        ctx.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A client frame: FIN + opcode, masked, with the shortest length encoding unless `long`.
    fn frame(payload: &[u8], long: bool) -> Vec<u8> {
        let mut out = vec![0x81];
        match payload.len() {
            n if n < 126 && !long => out.push(0x80 | n as u8),
            n if n <= 0xFFFF => {
                out.push(0x80 | 126);
                out.extend_from_slice(&(n as u16).to_be_bytes());
            }
            n => {
                out.push(0x80 | 127);
                out.extend_from_slice(&(n as u64).to_be_bytes());
            }
        }
        out.extend_from_slice(&[1, 2, 3, 4]);
        out.extend_from_slice(payload);
        out
    }

    #[test]
    fn frames_are_counted_across_any_split_of_the_bytes() {
        let mut bytes = Vec::new();
        for (payload, long) in
            [(&b"42[\"a\"]"[..], false), (&[][..], false), (&[7u8; 300][..], false), (&b"x"[..], true)]
        {
            bytes.extend(frame(payload, long));
        }
        bytes.extend(frame(&vec![9u8; 70_000], false));
        for step in [1, 2, 3, 7, 13, 1000, bytes.len()] {
            let count = FrameCount::default();
            for chunk in bytes.chunks(step) {
                count.read(chunk);
            }
            assert_eq!(count.read.get(), 5, "chunks of {step}");
            assert_eq!(count.waiting(), 5);
            count.handled_one();
            assert_eq!(count.waiting(), 4);
        }
        // A frame cut short is not counted until its last byte arrives.
        let count = FrameCount::default();
        let one = frame(b"hello", false);
        count.read(&one[..one.len() - 1]);
        assert_eq!(count.waiting(), 0);
        count.read(&one[one.len() - 1..]);
        assert_eq!(count.waiting(), 1);
    }
}
