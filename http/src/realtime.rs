//! The product's Socket.IO handler at `/socket.io/` (contract in `docs/realtime.md`): CONNECT is
//! authenticated with the access token of the auth payload (the same check as a GraphQL bearer,
//! logout deny-list included); each socket joins its account's room in the session registry and
//! gets an inbox worked by one task, so that its events run in order; text `chat:send` events are
//! pipelined (queued to their conversation in order, each acknowledged when durable; how many wait
//! at once is bounded by the socket's inbound credits, beyond which its transport stops reading);
//! an admin's socket (not acting as a user) also joins the moderators' room, where new pending ads
//! are announced; a socket is ended (`session:expired`, then a Socket.IO DISCONNECT and the transport closed)
//! when its access token expires and when that token is logged out, on whichever node the
//! logout happens (the fan-out carries it), and the token is also checked again against the
//! deny-list at most `RECHECK` apart while events arrive; every `chat:*` event is parsed here
//! and answered by one chat-service call. A CONNECT over the caps on sockets per account or per
//! address (`souk_services::socket_caps`, held across processes) is refused.

use crate::socketio::{self, ConnectFuture, ConnectRefusal, Credit, Data, Handler, Socket};
use actix::Addr;
use futures_util::stream::{FuturesUnordered, StreamExt};
use serde_json::{Value, json};
use souk_actors::fanout::Payload;
use souk_actors::sessions::{ClientSink, MODERATORS_ROOM, Register, SessionRegistry, Unregister};
use souk_domain::{ErrorCode, Lang, SoukError};
use souk_services::accounts::service::{AccountService, Caller};
use souk_services::ads::service::AdService;
use souk_services::chat::{ChatService, ConversationItem, Outgoing, Upload};
use souk_services::socket_caps::SocketCaps;
use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::Notify;

/// A socket's access token is checked again against the logout deny-list when an event
/// arrives this long after the last check. A logout closes the token's sockets at once through
/// the fan-out; this covers a logout that raced the socket's CONNECT or a pub/sub outage.
pub const RECHECK: Duration = Duration::from_secs(2);

/// The Socket.IO settings of `souk serve`: attachments up to 5 MB must fit one packet (base64
/// over polling adds a third).
pub fn config() -> socketio::Config {
    socketio::Config { max_payload: 8 * 1024 * 1024, ..socketio::Config::default() }
}

/// A client's socket as the session registry sees it: the socket, the id of the access token
/// it was accepted with, and the language of its messages.
struct SocketSink {
    socket: Socket,
    token_id: String,
    lang: Lang,
}

impl ClientSink for SocketSink {
    fn socket_id(&self) -> &str {
        self.socket.id()
    }

    fn send(&self, event: &str, payload: &Payload) -> bool {
        self.socket.emit_json_text(event, payload.json());
        self.socket.is_connected()
    }

    fn token_id(&self) -> Option<&str> {
        Some(&self.token_id)
    }

    fn end_session(&self) {
        end(&self.socket, self.lang, &SoukError::with_detail(ErrorCode::SessionExpired, "logged out"));
    }
}

/// The event that tells a client why the server is ending its socket (its payload is the
/// `error` object of an acknowledgement).
pub const SESSION_EXPIRED_EVENT: &str = "session:expired";

/// Ends a socket whose access token no longer holds: `session:expired` with the reason, then
/// a Socket.IO DISCONNECT (the client does not reconnect by itself: it needs a fresh token),
/// then the transport closes.
fn end(socket: &Socket, lang: Lang, e: &SoukError) {
    if socket.is_connected() {
        socket.emit(SESSION_EXPIRED_EVENT, vec![Data::Json(error_json(e, lang))]);
        socket.disconnect("access token no longer valid");
    }
}

struct Inbound {
    event: String,
    args: Vec<Data>,
    ack: Option<u64>,
    /// Held until the event is answered (back-pressure on the client).
    credit: Credit,
}

/// One socket's events waiting for its worker, in arrival order. Their number is bounded by the
/// socket's inbound credits; an idle socket's inbox holds no buffer.
#[derive(Default)]
struct Inbox {
    state: Mutex<(VecDeque<Inbound>, bool)>,
    ready: Notify,
}

impl Inbox {
    fn lock(&self) -> std::sync::MutexGuard<'_, (VecDeque<Inbound>, bool)> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn push(&self, inbound: Inbound) {
        let mut st = self.lock();
        if !st.1 {
            st.0.push_back(inbound);
            drop(st);
            self.ready.notify_one();
        }
    }

    /// No more events: the worker ends once it has taken what is there.
    fn close(&self) {
        self.lock().1 = true;
        self.ready.notify_one();
    }

    async fn next(&self) -> Option<Inbound> {
        loop {
            {
                let mut st = self.lock();
                if let Some(inbound) = st.0.pop_front() {
                    return Some(inbound);
                }
                if st.1 {
                    return None;
                }
            }
            self.ready.notified().await;
        }
    }
}

/// A CONNECT that was accepted: who, in which language, with which token.
struct Accepted {
    caller: Caller,
    lang: Lang,
    token: String,
}

/// Who a connected socket is.
struct Connection {
    caller: Caller,
    inbox: Arc<Inbox>,
}

pub use souk_services::socket_caps::{SOCKETS_PER_ACCOUNT, SOCKETS_PER_ADDRESS};

/// The product handler.
pub struct Realtime {
    accounts: Arc<AccountService>,
    chat: Arc<ChatService>,
    registry: Addr<SessionRegistry>,
    /// Sockets whose CONNECT was accepted, until `connected` takes them.
    accepted: Arc<Mutex<HashMap<String, Accepted>>>,
    connections: Mutex<HashMap<String, Connection>>,
    /// Sockets per account and per address, across the processes sharing the ephemeral store.
    caps: Arc<SocketCaps>,
}

impl Realtime {
    pub fn new(accounts: Arc<AccountService>, chat: Arc<ChatService>, registry: Addr<SessionRegistry>) -> Realtime {
        Realtime {
            accounts,
            chat,
            registry,
            accepted: Arc::new(Mutex::new(HashMap::new())),
            connections: Mutex::new(HashMap::new()),
            caps: Arc::new(SocketCaps::local(SOCKETS_PER_ACCOUNT, SOCKETS_PER_ADDRESS)),
        }
    }

    /// The caps on sockets per account and per address (by default, the defaults counted on this
    /// process alone); a CONNECT over either is refused with `TOO_MANY_ATTEMPTS`.
    pub fn with_caps(mut self, caps: Arc<SocketCaps>) -> Realtime {
        self.caps = caps;
        self
    }

    /// How many sockets are connected to this handler.
    pub fn connection_count(&self) -> usize {
        self.connections.lock().map(|c| c.len()).unwrap_or(0)
    }
}

/// A CONNECT_ERROR with the catalogue code: `err.message` is the wording, `err.data` has
/// `code` and `messageKey`.
fn refusal(e: &SoukError, lang: Lang) -> ConnectRefusal {
    ConnectRefusal {
        message: e.code.message(lang).to_owned(),
        data: Some(json!({ "code": e.code.code(), "messageKey": e.code.message_key() })),
    }
}

/// The `error` object of a failed acknowledgement: code, key, wording and the request id its
/// cause is logged with (as for GraphQL errors; never the cause itself).
pub fn error_json(e: &SoukError, lang: Lang) -> Value {
    let request_id = crate::graphql::errors::report(e);
    json!({
        "code": e.code.code(), "messageKey": e.code.message_key(), "message": e.code.message(lang),
        "requestId": request_id,
    })
}

/// A failure of the check itself (a store down), not a verdict on the token.
fn is_transient(e: &SoukError) -> bool {
    matches!(e.code, ErrorCode::InternalError | ErrorCode::StoreUnavailable)
}

fn now_secs() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

impl Handler for Realtime {
    fn connect(&self, socket: &Socket, auth: &Value) -> ConnectFuture {
        let lang = auth.get("lang").and_then(Value::as_str).and_then(Lang::parse).unwrap_or_default();
        if socket.namespace() != "/" {
            let e = SoukError::with_detail(ErrorCode::NotFound, "namespace");
            return socketio::decided(Err(ConnectRefusal { message: "Invalid namespace".into(), ..refusal(&e, lang) }));
        }
        let token = auth.get("token").and_then(Value::as_str).map(str::to_owned);
        let (accounts, accepted, id) = (Arc::clone(&self.accounts), Arc::clone(&self.accepted), socket.id().to_owned());
        let (caps, address) = (Arc::clone(&self.caps), socket.address().to_owned());
        let engine = socket.clone();
        let kept = token.clone().unwrap_or_default();
        Box::pin(async move {
            let Some(token) = token.filter(|t| !t.is_empty()) else {
                return Err(refusal(&SoukError::new(ErrorCode::LoginRequired), lang));
            };
            let caller = match accounts.authenticate(&token).await {
                Ok(caller) => caller,
                Err(e) if is_transient(&e) => {
                    // Not a refusal of the token: the check could not run. The Engine.IO session
                    // closes so that socket.io-client reconnects by itself, with its back-off,
                    // instead of stopping on a CONNECT_ERROR.
                    engine.close("token check unavailable: the client reconnects");
                    return Err(refusal(&e, lang));
                }
                Err(e) => return Err(refusal(&e, lang)),
            };
            // The token's signature check tolerates a few seconds of clock skew; a socket is
            // ended at the expiry itself, so one already expired is not let in for that moment.
            if caller.claims.exp <= now_secs() {
                let e = SoukError::with_detail(ErrorCode::SessionExpired, "access token expired");
                return Err(refusal(&e, lang));
            }
            // One client cannot hold thousands of sockets: caps per account and per address.
            caps.take(&id, caller.account_id(), &address).await.map_err(|e| refusal(&e, lang))?;
            accepted
                .lock()
                .map_err(|_| refusal(&SoukError::internal("lock"), lang))?
                .insert(id, Accepted { caller, lang, token: kept });
            Ok(())
        })
    }

    fn connected(&self, socket: &Socket, _auth: &Value) {
        let Some(Accepted { caller, lang, token }) = self.accepted.lock().ok().and_then(|mut a| a.remove(socket.id()))
        else {
            return socket.close("connection state lost");
        };
        let account_id = caller.account_id();
        let inbox = Arc::new(Inbox::default());
        if let Ok(mut c) = self.connections.lock() {
            c.insert(socket.id().to_owned(), Connection { caller: caller.clone(), inbox: Arc::clone(&inbox) });
        }
        let sink = SocketSink { socket: socket.clone(), token_id: caller.claims.jti.clone(), lang };
        self.registry.do_send(Register { account_id, sink: Arc::new(sink) });
        if AdService::is_moderator(&caller) {
            let sink = SocketSink { socket: socket.clone(), token_id: caller.claims.jti.clone(), lang };
            self.registry.do_send(Register { account_id: MODERATORS_ROOM, sink: Arc::new(sink) });
        }
        let session = Session { accounts: Arc::clone(&self.accounts), caller, lang, token };
        tokio::spawn(worker(Arc::clone(&self.chat), socket.clone(), session, inbox));
    }

    fn event(&self, socket: &Socket, event: &str, args: Vec<Data>, ack: Option<u64>, credit: Credit) {
        let inbox = self.connections.lock().ok().and_then(|c| c.get(socket.id()).map(|conn| Arc::clone(&conn.inbox)));
        if let Some(inbox) = inbox {
            inbox.push(Inbound { event: event.to_owned(), args, ack, credit });
        }
    }

    fn disconnected(&self, socket: &Socket, _reason: &str) {
        if let Ok(mut a) = self.accepted.lock() {
            a.remove(socket.id());
        }
        self.caps.release(socket.id());
        let gone = self.connections.lock().ok().and_then(|mut c| c.remove(socket.id()));
        if let Some(conn) = gone {
            conn.inbox.close();
            self.registry
                .do_send(Unregister { account_id: conn.caller.account_id(), socket_id: socket.id().to_owned() });
            if AdService::is_moderator(&conn.caller) {
                self.registry.do_send(Unregister { account_id: MODERATORS_ROOM, socket_id: socket.id().to_owned() });
            }
        }
    }
}

/// Who a socket's worker acts for, and how to check that the token still holds.
struct Session {
    accounts: Arc<AccountService>,
    caller: Caller,
    lang: Lang,
    token: String,
}

/// A pipelined `chat:send` once durable: its ack id, the rendered message or the refusal, and
/// the credit it held.
type Pending = Pin<Box<dyn Future<Output = (Option<u64>, Result<Payload, SoukError>, Credit)> + Send>>;

/// When an access token expiring at `exp` (unix seconds) stops being valid, from now.
fn until_expiry(exp: i64) -> Duration {
    let now_ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0);
    Duration::from_millis(u64::try_from(exp.saturating_mul(1000).saturating_sub(now_ms)).unwrap_or(0))
}

/// Works one socket's events in arrival order; text `chat:send` events are pipelined. Ends the
/// socket when its access token expires, idle or not.
async fn worker(chat: Arc<ChatService>, socket: Socket, session: Session, inbox: Arc<Inbox>) {
    let mut in_flight: FuturesUnordered<Pending> = FuturesUnordered::new();
    let mut checked = Instant::now();
    let expiry = tokio::time::sleep(until_expiry(session.caller.claims.exp));
    tokio::pin!(expiry);
    loop {
        let inbound = tokio::select! {
            biased;
            Some((ack, answer, _credit)) = in_flight.next(), if !in_flight.is_empty() => {
                sent(&socket, session.lang, ack, answer);
                continue;
            }
            () = &mut expiry => {
                let e = SoukError::with_detail(ErrorCode::SessionExpired, "the access token expired: reconnect");
                end(&socket, session.lang, &e);
                break;
            }
            inbound = inbox.next() => inbound,
        };
        let Some(inbound) = inbound else { break };
        if !socket.is_connected() {
            // Ended (logged out, expired, closed) while the event waited: nothing more is done.
            break;
        }
        if checked.elapsed() >= RECHECK {
            checked = Instant::now();
            if let Err(e) = Box::pin(session.accounts.authenticate(&session.token)).await {
                reply(&socket, session.lang, &inbound.event, inbound.ack, Err(e.clone()));
                if is_transient(&e) {
                    // The check itself failed (the ephemeral store is down): the event gets a
                    // retryable error, the session stays, and the next event checks again.
                    checked = Instant::now() - RECHECK;
                    continue;
                }
                // Logged out (or expired) since CONNECT: end the socket.
                end(&socket, session.lang, &e);
                break;
            }
        }
        if session.caller.claims.exp <= now_secs() {
            let e = SoukError::with_detail(ErrorCode::SessionExpired, "the access token expired: reconnect");
            reply(&socket, session.lang, &inbound.event, inbound.ack, Err(e.clone()));
            end(&socket, session.lang, &e);
            break;
        }
        if inbound.event == "chat:send" && !has_attachment(&inbound.args) {
            let origin = Some(socket.id().to_owned());
            let queued =
                match str_field(&inbound.args, "conversationId").and_then(|c| Ok((c, outgoing(&inbound.args)?))) {
                    // At once when the conversation's actor runs; else after its membership check.
                    Ok((c, out)) => Box::pin(chat.queue_send(&session.caller, &c, out, origin)).await,
                    Err(e) => Err(e),
                };
            match queued {
                Ok(durable) => {
                    let (ack, credit) = (inbound.ack, inbound.credit);
                    in_flight.push(Box::pin(async move { (ack, durable.await, credit) }));
                }
                Err(e) => reply(&socket, session.lang, &inbound.event, inbound.ack, Err(e)),
            }
            continue;
        }
        // Any other event waits for the messages sent before it.
        while let Some((ack, answer, _credit)) = in_flight.next().await {
            sent(&socket, session.lang, ack, answer);
        }
        let answer = Box::pin(handle(&chat, &session.caller, &inbound.event, &inbound.args)).await;
        reply(&socket, session.lang, &inbound.event, inbound.ack, answer);
    }
    while let Some((ack, answer, _credit)) = in_flight.next().await {
        sent(&socket, session.lang, ack, answer);
    }
}

/// Answers a pipelined `chat:send`: `{message, ok: true}` written straight from the message
/// already rendered for the other party, or the refusal.
fn sent(socket: &Socket, lang: Lang, ack: Option<u64>, answer: Result<Payload, SoukError>) {
    match (answer, ack) {
        (Ok(message), Some(id)) => socket.ack_json_text(id, &format!("{{\"message\":{},\"ok\":true}}", message.json())),
        (Ok(_), None) => {}
        (Err(e), ack) => reply(socket, lang, "chat:send", ack, Err(e)),
    }
}

/// Answers an event: its acknowledgement, or a `chat:error` event when it asked for none.
fn reply(socket: &Socket, lang: Lang, event: &str, ack: Option<u64>, answer: Result<Value, SoukError>) {
    let reply = match answer {
        Ok(mut v) => {
            v["ok"] = Value::Bool(true);
            v
        }
        Err(e) => json!({ "ok": false, "error": error_json(&e, lang) }),
    };
    match ack {
        Some(id) => socket.ack(id, vec![Data::Json(reply)]),
        None if reply["ok"] == false => {
            socket.emit("chat:error", vec![Data::Json(json!({ "event": event, "error": reply["error"] }))])
        }
        None => {}
    }
}

/// Whether an event's first argument carries an `attachment`.
fn has_attachment(args: &[Data]) -> bool {
    match args.first() {
        Some(Data::Object(fields)) => {
            fields.iter().any(|(k, v)| k == "attachment" && !matches!(v, Data::Json(Value::Null)))
        }
        _ => json_field(args, "attachment").is_some(),
    }
}

fn bad(field: &str) -> SoukError {
    SoukError::with_detail(ErrorCode::InvalidArgument, field.to_owned())
}

/// A field of an event's first argument, as JSON (binary values are not JSON).
fn json_field(args: &[Data], key: &str) -> Option<Value> {
    match args.first()? {
        Data::Json(v) => v.get(key).cloned().filter(|v| !v.is_null()),
        Data::Object(fields) => fields.iter().find(|(k, _)| k == key).and_then(|(_, v)| match v {
            Data::Json(j) if !j.is_null() => Some(j.clone()),
            _ => None,
        }),
        _ => None,
    }
}

fn str_field(args: &[Data], key: &str) -> Result<String, SoukError> {
    json_field(args, key).and_then(|v| v.as_str().map(str::to_owned)).ok_or_else(|| bad(key))
}

fn opt_str(args: &[Data], key: &str) -> Result<Option<String>, SoukError> {
    match json_field(args, key) {
        None => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(bad(key)),
    }
}

/// The `attachment: {name, data}` of an event: `data` binary (or base64 text).
fn attachment(args: &[Data]) -> Result<Option<Upload>, SoukError> {
    let Some(Data::Object(fields)) = args.first() else {
        return match json_field(args, "attachment") {
            None => Ok(None),
            Some(v) => base64_attachment(&v).map(Some),
        };
    };
    let Some((_, value)) = fields.iter().find(|(k, _)| k == "attachment") else { return Ok(None) };
    match value {
        Data::Json(Value::Null) => Ok(None),
        Data::Json(v) => base64_attachment(v).map(Some),
        Data::Object(parts) => {
            let name = parts.iter().find(|(k, _)| k == "name").and_then(|(_, v)| match v {
                Data::Json(Value::String(s)) => Some(s.clone()),
                _ => None,
            });
            let bytes = parts.iter().find(|(k, _)| k == "data").and_then(|(_, v)| match v {
                Data::Binary(b) => Some(b.clone()),
                _ => None,
            });
            bytes.map(|bytes| Some(Upload { name, bytes })).ok_or_else(|| bad("attachment.data"))
        }
        _ => Err(bad("attachment")),
    }
}

fn base64_attachment(v: &Value) -> Result<Upload, SoukError> {
    use base64::Engine as _;
    let data = v.get("data").and_then(Value::as_str).ok_or_else(|| bad("attachment.data"))?;
    let bytes = base64::engine::general_purpose::STANDARD.decode(data).map_err(|_| bad("attachment.data"))?;
    Ok(Upload { name: v.get("name").and_then(Value::as_str).map(str::to_owned), bytes })
}

fn outgoing(args: &[Data]) -> Result<Outgoing, SoukError> {
    Ok(Outgoing {
        client_message_id: str_field(args, "clientMessageId")?,
        text: opt_str(args, "text")?,
        attachment: attachment(args)?,
    })
}

fn limit(args: &[Data], default: u32) -> u32 {
    json_field(args, "limit").and_then(|v| v.as_u64()).map(|n| n.min(u64::from(u32::MAX)) as u32).unwrap_or(default)
}

/// The JSON of a conversation in the caller's list: the GraphQL `ConversationNode`, serialised.
pub fn conversation_json(item: &ConversationItem) -> Value {
    serde_json::to_value(crate::graphql::chat::conversation_node(item.clone())).unwrap_or(Value::Null)
}

async fn handle(chat: &ChatService, caller: &Caller, event: &str, args: &[Data]) -> Result<Value, SoukError> {
    match event {
        "chat:open" => {
            let list_id = json_field(args, "listId").and_then(|v| v.as_i64()).ok_or_else(|| bad("listId"))?;
            let (view, message) = chat.open(caller, list_id, outgoing(args)?).await?;
            let item = chat.conversation(caller, &view.conversation.conversation_id).await?;
            Ok(json!({ "conversation": conversation_json(&item), "message": chat.render(&message) }))
        }
        "chat:send" => {
            let conversation = str_field(args, "conversationId")?;
            let message = chat.send(caller, &conversation, outgoing(args)?).await?;
            Ok(json!({ "message": chat.render(&message) }))
        }
        "chat:read" => {
            let conversation = str_field(args, "conversationId")?;
            let view = chat.read(caller, &conversation, &str_field(args, "messageId")?).await?;
            let total = chat.unread_total(caller).await?;
            Ok(json!({ "unread": view.unread, "unreadTotal": total, "readUpto": view.read_upto }))
        }
        "chat:typing" => {
            let conversation = str_field(args, "conversationId")?;
            let typing = json_field(args, "typing").and_then(|v| v.as_bool()).unwrap_or(true);
            chat.typing(caller, &conversation, typing).await?;
            Ok(json!({}))
        }
        "chat:sync" => {
            let messages = chat.sync(caller, &str_field(args, "since")?, limit(args, 200)).await?;
            Ok(json!({ "messages": messages.iter().map(|m| chat.render(m)).collect::<Vec<_>>() }))
        }
        "chat:block" | "chat:unblock" => {
            let conversation = str_field(args, "conversationId")?;
            let c = chat.set_blocked(caller, &conversation, event == "chat:block").await?;
            Ok(
                json!({ "conversationId": c.conversation_id, "blocked": c.is_blocked(), "blockedByMe": c.blocked_by(caller.account_id()) }),
            )
        }
        "chat:delete" => {
            chat.delete(caller, &str_field(args, "conversationId")?).await?;
            Ok(json!({}))
        }
        "chat:list" => {
            let items = chat.conversations(caller, limit(args, 50)).await?;
            let total = chat.unread_total(caller).await?;
            Ok(
                json!({ "conversations": items.iter().map(conversation_json).collect::<Vec<_>>(), "unreadTotal": total }),
            )
        }
        "chat:conversation" => {
            // One conversation of the caller, as `chat:list` shows it, however old (a party only).
            let item = chat.conversation(caller, &str_field(args, "conversationId")?).await?;
            Ok(json!({ "conversation": conversation_json(&item) }))
        }
        "chat:history" => {
            let conversation = str_field(args, "conversationId")?;
            let before = opt_str(args, "before")?;
            let messages = chat.history(caller, &conversation, before.as_deref(), limit(args, 30)).await?;
            Ok(json!({ "messages": messages.iter().map(|m| chat.render(m)).collect::<Vec<_>>() }))
        }
        other => Err(SoukError::with_detail(ErrorCode::InvalidArgument, format!("unknown event {other}"))),
    }
}
