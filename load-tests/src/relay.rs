//! The ceiling of the real-time benchmark (`souk-load relay`): a minimal WebSocket relay with no
//! protocol and no storage, on every core (Tokio's worker threads), framing with actix-http's
//! WebSocket codec. It speaks the wire contract of the generator's `--target ws`, as the Node
//! relay `load-tests/reference/ws-relay.mjs` does: a client names its conversations in the URL
//! (`/?conversations=a,b`); each JSON text frame `{conversationId, clientMessageId, text}` is
//! answered `{"ack": clientMessageId}` and relayed as `{conversationId, text}` to the other
//! members of that conversation. A frame that is not such JSON is ignored.
//!
//! A benchmark reference for loopback only, never a server of the product: like the Node relay,
//! it sets no limit on what waits for a client that does not read.

use actix_codec::{Decoder, Encoder};
use actix_http::ws::{Codec, Frame, Message};
use bytes::{Bytes, BytesMut};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, PoisonError, RwLock};
use tokio::io::AsyncWriteExt;
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;

/// Bytes read from a socket at once (a buffer on the stack, copied out at the size read, so an
/// idle connection holds no read buffer).
const READ_CHUNK: usize = 16 * 1024;
/// Frames ready together are written in one call, up to about this many bytes.
const WRITE_BATCH: usize = 64 * 1024;
/// The longest request head accepted before the upgrade.
const MAX_HEAD: usize = 8 * 1024;
/// The largest frame accepted from a client.
const MAX_FRAME: usize = 1024 * 1024;

type Error = Box<dyn std::error::Error + Send + Sync>;

/// A connection in a conversation: its id and the queue of frames its writer sends.
type Member = (u64, mpsc::UnboundedSender<Bytes>);

/// Who is in which conversation.
#[derive(Default)]
pub struct Rooms {
    members: RwLock<HashMap<String, Vec<Member>>>,
    next_id: AtomicU64,
}

impl Rooms {
    fn join(&self, conversations: &[String], out: &mpsc::UnboundedSender<Bytes>) -> u64 {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let mut members = self.members.write().unwrap_or_else(PoisonError::into_inner);
        for c in conversations {
            members.entry(c.clone()).or_default().push((id, out.clone()));
        }
        id
    }

    fn leave(&self, conversations: &[String], id: u64) {
        let mut members = self.members.write().unwrap_or_else(PoisonError::into_inner);
        for c in conversations {
            if let Some(list) = members.get_mut(c) {
                list.retain(|(member, _)| *member != id);
                if list.is_empty() {
                    members.remove(c);
                }
            }
        }
    }

    /// Queues `frame` to every member of `conversation` but `from`.
    fn relay(&self, conversation: &str, from: u64, frame: &Bytes) {
        let members = self.members.read().unwrap_or_else(PoisonError::into_inner);
        for (id, out) in members.get(conversation).into_iter().flatten() {
            if *id != from {
                // A member whose writer has ended is leaving: nothing to do.
                let _ = out.send(frame.clone());
            }
        }
    }

    /// How many connections are in `conversation`.
    #[cfg(test)]
    fn count(&self, conversation: &str) -> usize {
        self.members.read().unwrap_or_else(PoisonError::into_inner).get(conversation).map_or(0, Vec::len)
    }
}

/// A chat message as the generator sends it.
#[derive(Deserialize)]
struct Incoming {
    #[serde(rename = "conversationId")]
    conversation_id: Option<Value>,
    #[serde(rename = "clientMessageId")]
    client_message_id: Option<Value>,
    text: Option<Value>,
}

#[derive(Serialize)]
struct Relayed<'a> {
    #[serde(rename = "conversationId", skip_serializing_if = "Option::is_none")]
    conversation_id: Option<&'a Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<&'a Value>,
}

#[derive(Serialize)]
struct Ack<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    ack: Option<&'a Value>,
}

/// Serves until `lifetime` has passed (a relay left behind by a killed script ends by itself).
pub async fn run(port: u16, lifetime: std::time::Duration) -> Result<(), Error> {
    let listener = TcpListener::bind(("127.0.0.1", port)).await?;
    eprintln!(
        "ws relay listening on ws://{} ({} worker threads, ends after {} s)",
        listener.local_addr()?,
        std::thread::available_parallelism().map_or(1, usize::from),
        lifetime.as_secs()
    );
    match tokio::time::timeout(lifetime, serve(listener, Arc::default())).await {
        Ok(result) => result,
        Err(_) => {
            eprintln!("ws relay: lifetime over");
            Ok(())
        }
    }
}

/// Accepts connections on `listener` for ever, each served in a task of its own.
pub async fn serve(listener: TcpListener, rooms: Arc<Rooms>) -> Result<(), Error> {
    loop {
        let (stream, _) = match listener.accept().await {
            Ok(accepted) => accepted,
            // Out of file descriptors, say: that connection is lost, the relay goes on.
            Err(e) => {
                eprintln!("ws relay: accept: {e}");
                tokio::time::sleep(std::time::Duration::from_millis(10)).await;
                continue;
            }
        };
        let rooms = Arc::clone(&rooms);
        tokio::spawn(async move {
            let _ = connection(stream, rooms).await;
        });
    }
}

/// One client: the upgrade, then its frames until it closes.
async fn connection(stream: TcpStream, rooms: Arc<Rooms>) -> Result<(), Error> {
    stream.set_nodelay(true)?;
    let (mut reader, mut writer) = stream.into_split();
    let (head, leftover) = read_head(&mut reader).await?;
    let Some((conversations, accept)) = upgrade(&head) else {
        writer.write_all(b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\nconnection: close\r\n\r\n").await?;
        return Ok(());
    };
    let answer = format!(
        "HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: Upgrade\r\nsec-websocket-accept: {accept}\r\n\r\n"
    );
    writer.write_all(answer.as_bytes()).await?;
    let (out, queue) = mpsc::unbounded_channel();
    let id = rooms.join(&conversations, &out);
    let written = tokio::spawn(write_frames(writer, queue));
    let read = read_frames(reader, leftover, &rooms, id, &out).await;
    rooms.leave(&conversations, id);
    // The writer ends once what was queued for this client is written.
    drop(out);
    let _ = written.await;
    read
}

/// Reads the request head; answers it and the bytes read past it.
async fn read_head(reader: &mut OwnedReadHalf) -> Result<(String, BytesMut), Error> {
    let mut buf = BytesMut::new();
    loop {
        if let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = buf.split_to(end + 4);
            return Ok((String::from_utf8_lossy(&head).into_owned(), buf));
        }
        if buf.len() > MAX_HEAD {
            return Err("request head too long".into());
        }
        if read_some(reader, &mut buf).await? == 0 {
            return Err("closed before the upgrade".into());
        }
    }
}

/// Waits for bytes and appends what is there to `buf`; 0 at the end of the stream.
async fn read_some(reader: &mut OwnedReadHalf, buf: &mut BytesMut) -> std::io::Result<usize> {
    loop {
        reader.readable().await?;
        let mut chunk = [0u8; READ_CHUNK];
        match reader.try_read(&mut chunk) {
            Ok(n) => {
                buf.extend_from_slice(&chunk[..n]);
                return Ok(n);
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(e) => return Err(e),
        }
    }
}

/// Checks a WebSocket upgrade request; answers the conversations of its URL and the
/// `Sec-WebSocket-Accept` value, or None for anything else.
fn upgrade(head: &str) -> Option<(Vec<String>, String)> {
    let mut lines = head.split("\r\n");
    let mut request = lines.next()?.split(' ');
    let (method, target) = (request.next()?, request.next()?);
    if method != "GET" {
        return None;
    }
    let (mut key, mut websocket) = (None, false);
    for line in lines {
        let Some((name, value)) = line.split_once(':') else { continue };
        let (name, value) = (name.trim(), value.trim());
        if name.eq_ignore_ascii_case("sec-websocket-key") {
            key = Some(value);
        } else if name.eq_ignore_ascii_case("upgrade") {
            websocket = value.eq_ignore_ascii_case("websocket");
        }
    }
    let key = key.filter(|_| websocket)?;
    let accept = String::from_utf8_lossy(&actix_http::ws::hash_key(key.as_bytes())).into_owned();
    Some((conversations_of(target), accept))
}

/// The `conversations` of a request target (`/?conversations=a,b`), percent-decoded.
fn conversations_of(target: &str) -> Vec<String> {
    let query = target.split_once('?').map_or("", |(_, q)| q);
    query
        .split('&')
        .filter_map(|pair| pair.strip_prefix("conversations="))
        .flat_map(|list| list.split(','))
        .map(percent_decoded)
        .filter(|c| !c.is_empty())
        .collect()
}

fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| char::from(b).to_digit(16);
        match (bytes[i], bytes.get(i + 1).copied().and_then(hex), bytes.get(i + 2).copied().and_then(hex)) {
            (b'%', Some(high), Some(low)) => {
                out.push((high * 16 + low) as u8);
                i += 3;
            }
            (b'+', _, _) => {
                out.push(b' ');
                i += 1;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// One text frame, encoded once (server frames are not masked, so every peer gets the same bytes).
fn text_frame(codec: &mut Codec, text: String) -> Option<Bytes> {
    let mut out = BytesMut::new();
    codec.encode(Message::Text(text.into()), &mut out).ok()?;
    Some(out.freeze())
}

/// Reads the client's frames: acks and relays its messages, answers pings, ends at a close.
async fn read_frames(
    mut reader: OwnedReadHalf,
    mut buf: BytesMut,
    rooms: &Rooms,
    id: u64,
    out: &mpsc::UnboundedSender<Bytes>,
) -> Result<(), Error> {
    let mut codec = Codec::new().max_size(MAX_FRAME);
    loop {
        while let Some(frame) = codec.decode(&mut buf)? {
            match frame {
                Frame::Text(data) => {
                    let Ok(message) = serde_json::from_slice::<Incoming>(&data) else { continue };
                    if let Some(conversation) = &message.conversation_id {
                        let relayed = Relayed { conversation_id: Some(conversation), text: message.text.as_ref() };
                        if let Some(frame) = text_frame(&mut codec, serde_json::to_string(&relayed)?) {
                            match conversation {
                                Value::String(name) => rooms.relay(name, id, &frame),
                                other => rooms.relay(&other.to_string(), id, &frame),
                            }
                        }
                    }
                    let ack = serde_json::to_string(&Ack { ack: message.client_message_id.as_ref() })?;
                    if let Some(frame) = text_frame(&mut codec, ack) {
                        out.send(frame)?;
                    }
                }
                Frame::Ping(data) => {
                    let mut pong = BytesMut::new();
                    codec.encode(Message::Pong(data), &mut pong)?;
                    out.send(pong.freeze())?;
                }
                Frame::Close(reason) => {
                    let mut close = BytesMut::new();
                    codec.encode(Message::Close(reason), &mut close)?;
                    out.send(close.freeze())?;
                    return Ok(());
                }
                Frame::Binary(_) | Frame::Pong(_) | Frame::Continuation(_) => {}
            }
        }
        if buf.is_empty() {
            // Frames decoded keep their own bytes; an idle connection keeps no buffer.
            buf = BytesMut::new();
        }
        if read_some(&mut reader, &mut buf).await? == 0 {
            return Ok(());
        }
    }
}

/// Writes what is queued for the client, the frames ready together in one call.
async fn write_frames(mut writer: OwnedWriteHalf, mut queue: mpsc::UnboundedReceiver<Bytes>) {
    let mut batch = Vec::new();
    while let Some(first) = queue.recv().await {
        batch.extend_from_slice(&first);
        while batch.len() < WRITE_BATCH {
            match queue.try_recv() {
                Ok(next) => batch.extend_from_slice(&next),
                Err(_) => break,
            }
        }
        if writer.write_all(&batch).await.is_err() {
            return;
        }
        batch.clear();
        if batch.capacity() > WRITE_BATCH * 2 {
            batch = Vec::new();
        }
    }
    let _ = writer.shutdown().await;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::realtime::{Reply, Target, frame, reply};
    use crate::ws::{self, Frame as WsFrame, Reader, Writer};
    use std::time::{Duration, Instant};
    use tokio::sync::Mutex;

    type Client = (Reader, Mutex<Writer>);

    async fn start() -> (String, Arc<Rooms>) {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a free port");
        let addr = listener.local_addr().expect("its address").to_string();
        let rooms: Arc<Rooms> = Arc::default();
        tokio::spawn(serve(listener, Arc::clone(&rooms)));
        (addr, rooms)
    }

    async fn join(addr: &str, conversations: &str) -> Client {
        let (reader, writer) =
            ws::connect(addr, &format!("/?conversations={conversations}")).await.expect("the upgrade is accepted");
        (reader, Mutex::new(writer))
    }

    async fn next_reply(client: &mut Client) -> Reply {
        let (reader, writer) = client;
        match tokio::time::timeout(Duration::from_secs(5), reader.next(writer)).await {
            Ok(Ok(WsFrame::Text(text))) => reply(Target::Ws, &text),
            other => panic!("expected a text frame, got {other:?}"),
        }
    }

    async fn nothing_within(client: &mut Client, wait: Duration) {
        let (reader, writer) = client;
        if let Ok(frame) = tokio::time::timeout(wait, reader.next(writer)).await {
            panic!("expected nothing, got {frame:?}");
        }
    }

    async fn until(what: &str, check: impl Fn() -> bool) {
        let deadline = Instant::now() + Duration::from_secs(5);
        while !check() {
            assert!(Instant::now() < deadline, "timed out waiting for {what}");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_message_is_acked_to_its_sender_and_relayed_to_the_other_members_only() {
        let (addr, rooms) = start().await;
        let mut sender = join(&addr, "c1,c2").await;
        let mut receiver = join(&addr, "c1").await;
        let mut outsider = join(&addr, "c3").await;
        until("three members joined", || rooms.count("c1") == 2 && rooms.count("c3") == 1).await;

        // Exactly the frame the generator sends to `--target ws`.
        let base = Instant::now();
        sender.1.lock().await.text(&frame(Target::Ws, "c1", 0, 7, base)).await.expect("sent");
        assert!(matches!(next_reply(&mut sender).await, Reply::Ack(7, true)));
        match next_reply(&mut receiver).await {
            Reply::Delivered(Some(text)) => assert!(text.starts_with("0:"), "the sender's stamp: {text}"),
            _ => panic!("the receiver gets the message"),
        }
        nothing_within(&mut outsider, Duration::from_millis(200)).await;
        nothing_within(&mut sender, Duration::from_millis(100)).await;

        // A conversation nobody else is in: acked, relayed to no one.
        sender.1.lock().await.text(&frame(Target::Ws, "c2", 0, 8, base)).await.expect("sent");
        assert!(matches!(next_reply(&mut sender).await, Reply::Ack(8, true)));
        nothing_within(&mut receiver, Duration::from_millis(100)).await;

        // Not JSON: ignored, and the connection goes on.
        sender.1.lock().await.text("not json").await.expect("sent");
        sender.1.lock().await.text(&frame(Target::Ws, "c1", 0, 9, base)).await.expect("sent");
        assert!(matches!(next_reply(&mut sender).await, Reply::Ack(9, true)));
        assert!(matches!(next_reply(&mut receiver).await, Reply::Delivered(Some(_))));

        // A member that closes leaves its conversations.
        receiver.1.lock().await.close().await.expect("closed");
        until("the receiver left", || rooms.count("c1") == 1).await;
        drop(receiver);
        sender.1.lock().await.text(&frame(Target::Ws, "c1", 0, 10, base)).await.expect("sent");
        assert!(matches!(next_reply(&mut sender).await, Reply::Ack(10, true)));
    }

    #[tokio::test]
    async fn anything_but_a_websocket_upgrade_is_refused() {
        let (addr, _) = start().await;
        let mut stream = TcpStream::connect(&addr).await.expect("connected");
        stream.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n").await.expect("sent");
        let mut answer = Vec::new();
        tokio::io::AsyncReadExt::read_to_end(&mut stream, &mut answer).await.expect("read");
        assert!(answer.starts_with(b"HTTP/1.1 400 "), "{}", String::from_utf8_lossy(&answer));
    }

    #[test]
    fn conversations_come_from_the_url() {
        assert_eq!(conversations_of("/?conversations=c0,c1"), ["c0", "c1"]);
        assert_eq!(conversations_of("/?x=1&conversations=a%2Cb,c%20d"), ["a,b", "c d"]);
        assert!(conversations_of("/?conversations=").is_empty());
        assert!(conversations_of("/").is_empty());
    }

    #[test]
    fn the_upgrade_answer_follows_rfc_6455() {
        // The example of RFC 6455, section 1.3.
        let head = "GET /?conversations=c1 HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
                    Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
        let (conversations, accept) = upgrade(head).expect("an upgrade");
        assert_eq!(conversations, ["c1"]);
        assert_eq!(accept, "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=");
        assert!(upgrade("GET / HTTP/1.1\r\nHost: x\r\n\r\n").is_none());
        assert!(upgrade("POST / HTTP/1.1\r\nUpgrade: websocket\r\nSec-WebSocket-Key: k\r\n\r\n").is_none());
    }
}
