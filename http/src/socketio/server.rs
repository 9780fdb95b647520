//! The transport-independent Engine.IO/Socket.IO server core: the registry of sessions (sid ->
//! session), each session's bounded outgoing queue (one queue, read by whichever transport the
//! session uses), inbound credits (back-pressure: a transport stops reading from a client whose
//! events the handler has not finished), heartbeats (ping every `ping_interval`, close after
//! `ping_timeout` without pong), the connect timeout, namespaces, and routing of CONNECT, events,
//! acknowledgements and DISCONNECT to a [`Handler`].

use super::engine;
use super::socket::{self, Data, Kind};
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use futures_util::FutureExt;
use futures_util::task::AtomicWaker;
use serde_json::Value;
use std::collections::{HashMap, HashSet, VecDeque};
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::task::{Context, Poll, Waker};
use std::time::Duration;
use tokio::sync::Notify;
use tokio::time::Instant;

/// Tunables of the protocol.
#[derive(Debug, Clone)]
pub struct Config {
    pub ping_interval: Duration,
    pub ping_timeout: Duration,
    /// How long a session may stay without any namespace connected.
    pub connect_timeout: Duration,
    /// The largest payload (polling body or WebSocket frame) accepted, in bytes.
    pub max_payload: usize,
    /// How many Engine.IO packets may wait for a slow client before its session is closed.
    pub queue_capacity: usize,
    /// How many of a client's events the handler may hold unfinished (see [`Credit`]) before the
    /// transport stops reading from the client; a client far beyond it is disconnected.
    pub inbound_capacity: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            ping_interval: Duration::from_millis(25_000),
            ping_timeout: Duration::from_millis(20_000),
            connect_timeout: Duration::from_millis(45_000),
            max_payload: 1_000_000,
            queue_capacity: 1024,
            inbound_capacity: 256,
        }
    }
}

/// Why a namespace CONNECT was refused: `message` and optional `data` reach the client's
/// `connect_error` handler as `err.message` and `err.data`.
#[derive(Debug, Clone, PartialEq)]
pub struct ConnectRefusal {
    pub message: String,
    pub data: Option<Value>,
}

impl From<&str> for ConnectRefusal {
    fn from(message: &str) -> Self {
        ConnectRefusal { message: message.to_owned(), data: None }
    }
}

/// The decision on a CONNECT: ready at once, or after some asynchronous work (checking a token).
pub type ConnectFuture = Pin<Box<dyn Future<Output = Result<(), ConnectRefusal>> + Send>>;

/// An immediate CONNECT decision.
pub fn decided(result: Result<(), ConnectRefusal>) -> ConnectFuture {
    Box::pin(std::future::ready(result))
}

/// What the product does with sockets. Called synchronously on a server worker thread, so it must
/// not block: slow work goes to a spawned task holding a clone of the [`Socket`].
pub trait Handler: Send + Sync + 'static {
    /// A client asks to join a namespace with its `auth` payload (`{}` when none). The answer may
    /// take time (the server sends CONNECT or CONNECT_ERROR when it resolves; packets for the
    /// namespace meanwhile are ignored, as for an unjoined one). An error refuses with a
    /// CONNECT_ERROR (the client's `connect_error` event gets its message and data).
    fn connect(&self, socket: &Socket, auth: &Value) -> ConnectFuture;
    /// The CONNECT reply has been queued; the socket may emit.
    fn connected(&self, _socket: &Socket, _auth: &Value) {}
    /// An event from the client; `ack` is the id to acknowledge, if the client asked for one.
    /// Hold `credit` until the event is handled (dropping it at once is fine for quick work): while
    /// `inbound_capacity` credits of a session are held, its transport reads nothing more.
    fn event(&self, socket: &Socket, event: &str, args: Vec<Data>, ack: Option<u64>, credit: Credit);
    /// The client acknowledged an event the server emitted with an ack id.
    fn ack(&self, _socket: &Socket, _id: u64, _args: Vec<Data>) {}
    /// The socket left its namespace (client DISCONNECT, transport close, timeout), or its
    /// session closed while its CONNECT was being accepted.
    fn disconnected(&self, _socket: &Socket, _reason: &str) {}
}

/// Events a client may have beyond its inbound capacity: what one read of a transport may hold
/// (16 KiB of the smallest events) before the transport stops reading.
const OVERDRAFT: usize = 4096;

/// How a session's transport is currently set up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transport {
    Polling,
    WebSocket,
}

/// Why a polling request was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PollError {
    #[error("a request of this kind is already pending on the session")]
    Concurrent,
    #[error("the session no longer uses polling")]
    Upgraded,
}

/// A handle on one client's membership of one namespace.
#[derive(Clone)]
pub struct Socket {
    session: Arc<Session>,
    nsp: String,
    id: String,
}

impl Socket {
    /// The socket id (distinct from the Engine.IO session id).
    pub fn id(&self) -> &str {
        &self.id
    }

    pub fn namespace(&self) -> &str {
        &self.nsp
    }

    /// The client's address, as the request that opened its session showed it.
    pub fn address(&self) -> &str {
        &self.session.address
    }

    /// Emits an event to this client.
    pub fn emit(&self, event: &str, args: Vec<Data>) {
        self.session.send_socket(&socket::Packet::event(&self.nsp, event, args, None));
    }

    /// Emits an event whose one argument is given as JSON text (already serialised, not checked).
    pub fn emit_json_text(&self, event: &str, json: &str) {
        self.session.push(engine::Packet::Message(socket::event_json_text(&self.nsp, event, json)));
    }

    /// Answers an event with one argument given as JSON text (already serialised, not checked).
    pub fn ack_json_text(&self, id: u64, json: &str) {
        self.session.push(engine::Packet::Message(socket::ack_text(&self.nsp, id, json)));
    }

    /// Emits an event the client must acknowledge; the answer reaches [`Handler::ack`] with the
    /// returned id.
    pub fn emit_with_ack(&self, event: &str, args: Vec<Data>) -> u64 {
        let id = self.session.next_ack_id.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.session.send_socket(&socket::Packet::event(&self.nsp, event, args, Some(id)));
        id
    }

    /// Answers an event the client sent with an ack id.
    pub fn ack(&self, id: u64, args: Vec<Data>) {
        self.session.send_socket(&socket::Packet::ack(&self.nsp, id, args));
    }

    /// Whether the client is still there (its session open and this namespace joined).
    pub fn is_connected(&self) -> bool {
        let st = lock(&self.session.state);
        !st.closed && st.namespaces.get(&self.nsp) == Some(&self.id)
    }

    /// Ends the session (the client sees its transport close and may reconnect).
    pub fn close(&self, reason: &str) {
        self.session.close(reason);
    }

    /// Leaves the namespace from the server's side, then ends the session: the client gets a
    /// DISCONNECT packet (socket.io-client reports `io server disconnect` and does not reconnect
    /// on its own) with whatever was queued before it, then its transport closes.
    pub fn disconnect(&self, reason: &str) {
        self.session.send_socket(&socket::Packet::disconnect(&self.nsp));
        self.session.close_after_flush(reason);
    }
}

struct State {
    closed: bool,
    /// The server ended the session while no long-poll was pending: the client's next poll
    /// takes what is queued, with a CLOSE, and the session closes then (or after a grace time).
    closing: bool,
    /// The client closed the session (a CLOSE packet): a pending long-poll is answered with a
    /// NOOP, not a CLOSE (the engine.io protocol).
    closed_by_client: bool,
    /// Packets for the client, taken by the polling GET or by the WebSocket.
    queue: VecDeque<engine::Packet>,
    /// The session's packets go to a WebSocket.
    websocket: bool,
    /// Wakes the WebSocket transport when packets are queued or the session closes.
    websocket_waker: Option<Waker>,
    polling_get: bool,
    polling_post: bool,
    awaiting_pong: bool,
    ever_connected: bool,
    /// namespace -> socket id
    namespaces: HashMap<String, String>,
    /// Namespaces whose CONNECT is being decided.
    connecting: HashSet<String>,
    partial: Option<socket::Header>,
}

/// One Engine.IO session.
pub struct Session {
    sid: String,
    state: Mutex<State>,
    readable: Notify,
    pong: Notify,
    server: Weak<Inner>,
    capacity: usize,
    next_ack_id: std::sync::atomic::AtomicU64,
    /// Events handed to the handler and not finished (credits held).
    busy: AtomicUsize,
    inbound_capacity: usize,
    /// The transport waiting for credits to come back.
    read_waker: AtomicWaker,
    /// The client's address as the request that opened the session showed it ("" when unknown).
    address: String,
}

/// A client event being handled: while a session's handler holds `inbound_capacity` of them, its
/// transport reads nothing more from the client, so a client that sends faster than its events are
/// handled is slowed down by TCP instead of growing memory. Dropping it gives the credit back.
pub struct Credit {
    session: Arc<Session>,
}

impl Drop for Credit {
    fn drop(&mut self) {
        let before = self.session.busy.fetch_sub(1, Ordering::AcqRel);
        if before <= self.session.inbound_capacity {
            self.session.read_waker.wake();
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A random URL-safe identifier.
pub fn random_id() -> String {
    URL_SAFE_NO_PAD.encode(uuid::Uuid::new_v4().as_bytes())
}

impl Session {
    pub fn sid(&self) -> &str {
        &self.sid
    }

    pub fn is_closed(&self) -> bool {
        lock(&self.state).closed
    }

    pub fn transport(&self) -> Transport {
        if lock(&self.state).websocket { Transport::WebSocket } else { Transport::Polling }
    }

    fn send_socket(&self, packet: &socket::Packet) {
        let (text, attachments) = packet.encode();
        let packets =
            std::iter::once(engine::Packet::Message(text)).chain(attachments.into_iter().map(engine::Packet::Binary));
        self.push_all(packets);
    }

    /// Queues a packet for the client; a full queue closes the session.
    pub fn push(&self, packet: engine::Packet) {
        self.push_all(std::iter::once(packet));
    }

    /// Queues packets for the client, in order; a full queue closes the session.
    pub fn push_all(&self, packets: impl IntoIterator<Item = engine::Packet>) {
        let (overflow, waker) = {
            let mut st = lock(&self.state);
            if st.closed {
                return;
            }
            st.queue.extend(packets);
            (st.queue.len() > self.capacity, st.websocket_waker.take())
        };
        if overflow {
            self.close("send queue overflow");
        } else if let Some(waker) = waker {
            waker.wake();
        } else {
            self.readable.notify_waiters();
        }
    }

    /// Queues a packet on the polling side only (the noop that releases a pending poll on upgrade).
    pub fn push_polling(&self, packet: engine::Packet) {
        lock(&self.state).queue.push_back(packet);
        self.readable.notify_waiters();
    }

    /// Switches the session to WebSocket: what waited for polling goes to the WebSocket first
    /// (but the noops meant for a pending poll).
    pub fn attach_websocket(&self) {
        {
            let mut st = lock(&self.state);
            st.queue.retain(|p| *p != engine::Packet::Noop);
            st.websocket = true;
        }
        self.readable.notify_waiters();
    }

    /// For the WebSocket transport: every packet waiting, or `None` once the session is closed
    /// and nothing is left to send.
    pub fn poll_outgoing(&self, cx: &mut Context<'_>) -> Poll<Option<Vec<engine::Packet>>> {
        let mut st = lock(&self.state);
        if !st.queue.is_empty() {
            return Poll::Ready(Some(st.queue.drain(..).collect()));
        }
        if st.closed {
            return Poll::Ready(None);
        }
        st.websocket_waker = Some(cx.waker().clone());
        Poll::Pending
    }

    /// Ready when the transport may read more from the client: fewer than `inbound_capacity`
    /// events are being handled, or the session is closed.
    pub fn poll_read_ready(&self, cx: &mut Context<'_>) -> Poll<()> {
        let ready = |s: &Self| s.busy.load(Ordering::Acquire) < s.inbound_capacity || lock(&s.state).closed;
        if ready(self) {
            return Poll::Ready(());
        }
        self.read_waker.register(cx.waker());
        if ready(self) { Poll::Ready(()) } else { Poll::Pending }
    }

    /// Waits until the transport may read more from the client (see [`Session::poll_read_ready`]).
    pub async fn read_ready(&self) {
        std::future::poll_fn(|cx| self.poll_read_ready(cx)).await
    }

    /// A credit for one more event, or `None` when the client is far past its capacity (more
    /// than one read's worth of events beyond it, which a transport that waits for credits never
    /// lets happen).
    fn credit(self: &Arc<Self>) -> Option<Credit> {
        let busy = self.busy.fetch_add(1, Ordering::AcqRel) + 1;
        let credit = Credit { session: Arc::clone(self) };
        if busy > self.inbound_capacity.saturating_add(OVERDRAFT) {
            drop(credit);
            return None;
        }
        Some(credit)
    }

    /// Whether the session moved to a WebSocket (polling requests are then refused).
    pub fn is_upgraded(&self) -> bool {
        lock(&self.state).websocket
    }

    /// Long-polls for outgoing packets, waiting up to `wait`; a closed session yields a CLOSE
    /// (a NOOP when the client itself closed it).
    pub async fn poll(&self, wait: Duration) -> Result<Vec<engine::Packet>, PollError> {
        {
            let mut st = lock(&self.state);
            if st.websocket {
                return Err(PollError::Upgraded);
            }
            if st.polling_get {
                drop(st);
                self.close("concurrent polling request");
                return Err(PollError::Concurrent);
            }
            st.polling_get = true;
        }
        let _guard = FlagGuard { session: self, post: false };
        let deadline = Instant::now() + wait;
        loop {
            let notified = self.readable.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            {
                let mut st = lock(&self.state);
                if st.closed_by_client {
                    return Ok(vec![engine::Packet::Noop]);
                }
                if st.closed || st.closing {
                    let mut packets: Vec<_> = st.queue.drain(..).collect();
                    packets.push(engine::Packet::Close);
                    let closing = st.closing;
                    drop(st);
                    if closing {
                        self.close("server close delivered");
                    }
                    return Ok(packets);
                }
                if !st.queue.is_empty() {
                    return Ok(st.queue.drain(..).collect());
                }
                if st.websocket {
                    return Ok(vec![engine::Packet::Noop]);
                }
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                return Ok(vec![engine::Packet::Noop]);
            }
        }
    }

    /// Marks a POST as in flight; a second concurrent one closes the session.
    pub fn begin_post(&self) -> Result<PostGuard<'_>, PollError> {
        let mut st = lock(&self.state);
        if st.polling_post {
            drop(st);
            self.close("concurrent polling request");
            return Err(PollError::Concurrent);
        }
        st.polling_post = true;
        Ok(PostGuard(FlagGuard { session: self, post: true }))
    }

    fn got_pong(&self) {
        lock(&self.state).awaiting_pong = false;
        self.pong.notify_one();
    }

    /// Closes the session once the client has what is queued for it. A WebSocket carries the
    /// queue before the close at once. A polling client gets it with a CLOSE from a poll: the
    /// pending one, woken now, or (between two polls, or when the pending one had already
    /// taken the queue and was answering) the next one; so its namespaces are left now and the
    /// session stays until a poll has carried the CLOSE (at most `ping_timeout` later). Closed
    /// at once instead, the session would be gone when that next poll came ("Session ID
    /// unknown", without the CLOSE).
    pub fn close_after_flush(self: &Arc<Self>, reason: &str) {
        let sockets = {
            let mut st = lock(&self.state);
            if st.closed || st.closing {
                return;
            }
            if st.websocket || (st.queue.is_empty() && !st.polling_get) {
                drop(st);
                return self.close(reason);
            }
            st.closing = true;
            std::mem::take(&mut st.namespaces)
        };
        // A long-poll still waiting takes the queue and the CLOSE now.
        self.readable.notify_waiters();
        let Some(inner) = self.server.upgrade() else { return self.close(reason) };
        for (nsp, id) in sockets {
            inner.handler.disconnected(&Socket { session: Arc::clone(self), nsp, id }, reason);
        }
        let (session, grace, reason) = (Arc::downgrade(self), inner.config.ping_timeout, reason.to_owned());
        tokio::spawn(async move {
            tokio::time::sleep(grace).await;
            if let Some(s) = session.upgrade() {
                s.close(&reason);
            }
        });
    }

    /// Closes the session: leaves every namespace, wakes the transports, leaves the registry.
    pub fn close(&self, reason: &str) {
        let (sockets, waker) = {
            let mut st = lock(&self.state);
            if st.closed {
                return;
            }
            st.closed = true;
            st.partial = None;
            (std::mem::take(&mut st.namespaces), st.websocket_waker.take())
        };
        if let Some(waker) = waker {
            waker.wake();
        }
        self.readable.notify_waiters();
        self.read_waker.wake();
        self.pong.notify_one();
        let Some(inner) = self.server.upgrade() else { return };
        let me = lock(&inner.sessions).remove(&self.sid);
        tracing::debug!(sid = %self.sid, reason, "socket.io session closed");
        if let Some(me) = me {
            for (nsp, id) in sockets {
                inner.handler.disconnected(&Socket { session: Arc::clone(&me), nsp, id }, reason);
            }
        }
    }
}

struct FlagGuard<'a> {
    session: &'a Session,
    post: bool,
}

impl Drop for FlagGuard<'_> {
    fn drop(&mut self) {
        let mut st = lock(&self.session.state);
        if self.post {
            st.polling_post = false;
        } else {
            st.polling_get = false;
        }
    }
}

/// Held while a POST is being handled.
pub struct PostGuard<'a>(#[allow(dead_code)] FlagGuard<'a>);

/// Where a binary packet's attachments stand after one more arrived.
enum Assembly {
    Unexpected,
    TooLarge,
    Waiting,
    Complete(socket::Packet),
}

struct Inner {
    config: Config,
    handler: Arc<dyn Handler>,
    sessions: Mutex<HashMap<String, Arc<Session>>>,
    /// Set by [`Server::drain`]: no new session, no new event.
    draining: AtomicBool,
}

/// The Socket.IO server: cheap to clone, shared by every transport and worker.
#[derive(Clone)]
pub struct Server {
    inner: Arc<Inner>,
}

impl Server {
    pub fn new(config: Config, handler: Arc<dyn Handler>) -> Server {
        Server {
            inner: Arc::new(Inner {
                config,
                handler,
                sessions: Mutex::new(HashMap::new()),
                draining: AtomicBool::new(false),
            }),
        }
    }

    /// Whether the server is draining (shutting down): the transports open no new session.
    pub fn is_draining(&self) -> bool {
        self.inner.draining.load(Ordering::Acquire)
    }

    /// The graceful end of every session (SIGTERM, docs/operations.md): from now on no new
    /// session opens and no new event is taken from a client (a client re-sends what was not
    /// acknowledged once it reconnects elsewhere); the events already being handled finish and
    /// their acknowledgements are queued; then each session closes once its client has what
    /// was queued for it. Answers how many sessions were still open at `within`.
    pub async fn drain(&self, within: Duration) -> usize {
        self.inner.draining.store(true, Ordering::Release);
        let deadline = Instant::now() + within;
        let sessions = || lock(&self.inner.sessions).values().cloned().collect::<Vec<_>>();
        while Instant::now() < deadline && sessions().iter().any(|s| s.busy.load(Ordering::Acquire) > 0) {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        for session in sessions() {
            session.close_after_flush("server shutting down");
        }
        while Instant::now() < deadline && self.session_count() > 0 {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        self.session_count()
    }

    pub fn config(&self) -> &Config {
        &self.inner.config
    }

    /// How many sessions are open.
    pub fn session_count(&self) -> usize {
        lock(&self.inner.sessions).len()
    }

    pub fn session(&self, sid: &str) -> Option<Arc<Session>> {
        lock(&self.inner.sessions).get(sid).cloned()
    }

    /// Opens a session and starts its timers; returns it with the OPEN packet to send first.
    /// Must run inside a Tokio runtime.
    pub fn open(&self, transport: Transport) -> (Arc<Session>, engine::Packet) {
        self.open_from(transport, String::new())
    }

    /// [`Server::open`] for a client at `address` (what [`Socket::address`] answers).
    pub fn open_from(&self, transport: Transport, address: String) -> (Arc<Session>, engine::Packet) {
        let cfg = &self.inner.config;
        let session = Arc::new(Session {
            sid: random_id(),
            state: Mutex::new(State {
                closed: false,
                closing: false,
                closed_by_client: false,
                queue: VecDeque::new(),
                websocket: false,
                websocket_waker: None,
                polling_get: false,
                polling_post: false,
                awaiting_pong: false,
                ever_connected: false,
                namespaces: HashMap::new(),
                connecting: HashSet::new(),
                partial: None,
            }),
            readable: Notify::new(),
            pong: Notify::new(),
            server: Arc::downgrade(&self.inner),
            capacity: cfg.queue_capacity,
            next_ack_id: std::sync::atomic::AtomicU64::new(0),
            busy: AtomicUsize::new(0),
            inbound_capacity: cfg.inbound_capacity,
            read_waker: AtomicWaker::new(),
            address,
        });
        lock(&self.inner.sessions).insert(session.sid.clone(), Arc::clone(&session));
        let upgrades: &[&str] = if transport == Transport::Polling { &["websocket"] } else { &[] };
        let open = serde_json::json!({
            "sid": session.sid,
            "upgrades": upgrades,
            "pingInterval": cfg.ping_interval.as_millis() as u64,
            "pingTimeout": cfg.ping_timeout.as_millis() as u64,
            "maxPayload": cfg.max_payload,
        });
        tokio::spawn(heartbeat(Arc::downgrade(&session), cfg.ping_interval, cfg.ping_timeout));
        tokio::spawn(connect_timeout(Arc::downgrade(&session), cfg.connect_timeout));
        (session, engine::Packet::Open(open.to_string()))
    }

    /// Handles one Engine.IO packet from the client (any transport).
    pub fn handle(&self, session: &Arc<Session>, packet: engine::Packet) {
        if lock(&session.state).closing {
            // The server is ending this session: nothing more is taken from the client.
            return;
        }
        if self.is_draining() && matches!(packet, engine::Packet::Message(_) | engine::Packet::Binary(_)) {
            // Shutting down: an event not taken now is not acknowledged, and the client sends it
            // again after reconnecting.
            return;
        }
        match packet {
            engine::Packet::Pong(_) => session.got_pong(),
            engine::Packet::Message(text) => self.handle_text(session, &text),
            engine::Packet::Binary(bytes) => self.handle_binary(session, bytes),
            engine::Packet::Close => {
                lock(&session.state).closed_by_client = true;
                session.close("client close");
            }
            engine::Packet::Ping(_) | engine::Packet::Upgrade | engine::Packet::Noop => {}
            engine::Packet::Open(_) => session.close("unexpected open packet"),
        }
    }

    fn handle_text(&self, session: &Arc<Session>, text: &str) {
        if lock(&session.state).partial.is_some() {
            session.close("text packet while binary attachments were expected");
            return;
        }
        match socket::decode(text) {
            Err(e) => session.close(&format!("parse error: {e}")),
            Ok(header) if header.pending_attachments > 0 => lock(&session.state).partial = Some(header),
            Ok(header) => self.dispatch(session, header.packet),
        }
    }

    fn handle_binary(&self, session: &Arc<Session>, bytes: Vec<u8>) {
        let max = self.inner.config.max_payload;
        let step = {
            let mut st = lock(&session.state);
            match st.partial.as_mut() {
                None => Assembly::Unexpected,
                Some(h) if h.packet.attachments.iter().map(Vec::len).sum::<usize>() + bytes.len() > max => {
                    Assembly::TooLarge
                }
                Some(h) => {
                    h.packet.attachments.push(bytes);
                    h.pending_attachments = h.pending_attachments.saturating_sub(1);
                    if h.pending_attachments > 0 {
                        Assembly::Waiting
                    } else {
                        st.partial.take().map_or(Assembly::Unexpected, |h| Assembly::Complete(h.packet))
                    }
                }
            }
        };
        match step {
            Assembly::Unexpected => session.close("unexpected binary packet"),
            Assembly::TooLarge => session.close("attachments exceed the maximum payload"),
            Assembly::Waiting => {}
            Assembly::Complete(packet) => self.dispatch(session, packet),
        }
    }

    /// Sends the CONNECT (and tells the handler) or the CONNECT_ERROR once decided.
    fn finish_connect(&self, socket: Socket, auth: &Value, result: Result<(), ConnectRefusal>) {
        let session = &socket.session;
        match result {
            Ok(()) => {
                {
                    let mut st = lock(&session.state);
                    st.connecting.remove(&socket.nsp);
                    if st.closed {
                        drop(st);
                        // Accepted, but the client left meanwhile: the handler forgets it.
                        self.inner.handler.disconnected(&socket, "closed before connect");
                        return;
                    }
                    st.ever_connected = true;
                    st.namespaces.insert(socket.nsp.clone(), socket.id.clone());
                }
                session.send_socket(&socket::Packet::connect(&socket.nsp, &socket.id));
                self.inner.handler.connected(&socket, auth);
            }
            Err(refusal) => {
                lock(&session.state).connecting.remove(&socket.nsp);
                session.send_socket(&socket::Packet::connect_error(&socket.nsp, &refusal.message, refusal.data))
            }
        }
    }

    fn dispatch(&self, session: &Arc<Session>, mut packet: socket::Packet) {
        let handler = &self.inner.handler;
        let joined = lock(&session.state).namespaces.get(&packet.nsp).cloned();
        match (packet.kind, joined) {
            (Kind::Connect, None) => {
                if !lock(&session.state).connecting.insert(packet.nsp.clone()) {
                    return;
                }
                let socket = Socket { session: Arc::clone(session), nsp: packet.nsp.clone(), id: random_id() };
                let auth = packet.data.unwrap_or_else(|| Value::Object(Default::default()));
                let mut decision = handler.connect(&socket, &auth);
                match (&mut decision).now_or_never() {
                    Some(result) => self.finish_connect(socket, &auth, result),
                    None => {
                        let server = self.clone();
                        tokio::spawn(async move {
                            let result = decision.await;
                            server.finish_connect(socket, &auth, result);
                        });
                    }
                }
            }
            (Kind::Connect, Some(_)) => {}
            (Kind::Disconnect, Some(id)) => {
                lock(&session.state).namespaces.remove(&packet.nsp);
                handler
                    .disconnected(&Socket { session: Arc::clone(session), nsp: packet.nsp, id }, "client disconnect");
            }
            (Kind::Event | Kind::BinaryEvent, Some(id)) => match packet.take_args() {
                Ok(mut args) if !args.is_empty() => {
                    let name = match args.remove(0) {
                        Data::Json(Value::String(s)) => s,
                        _ => return session.close("event without a name"),
                    };
                    let Some(credit) = session.credit() else {
                        return session.close("events sent far beyond the inbound capacity");
                    };
                    let socket = Socket { session: Arc::clone(session), nsp: packet.nsp, id };
                    handler.event(&socket, &name, args, packet.id, credit);
                }
                _ => session.close("malformed event"),
            },
            (Kind::Ack | Kind::BinaryAck, Some(id)) => match (packet.take_args(), packet.id) {
                (Ok(args), Some(ack)) => {
                    handler.ack(&Socket { session: Arc::clone(session), nsp: packet.nsp, id }, ack, args)
                }
                _ => session.close("malformed ack"),
            },
            // Packets for a namespace the client has not joined are ignored, as upstream does.
            (Kind::Disconnect | Kind::Event | Kind::BinaryEvent | Kind::Ack | Kind::BinaryAck, None) => {}
            (Kind::ConnectError, _) => session.close("client sent CONNECT_ERROR"),
        }
    }
}

async fn heartbeat(session: Weak<Session>, interval: Duration, timeout: Duration) {
    let mut next = Instant::now() + interval;
    loop {
        tokio::time::sleep_until(next).await;
        let Some(s) = session.upgrade() else { return };
        if s.is_closed() {
            return;
        }
        lock(&s.state).awaiting_pong = true;
        s.push(engine::Packet::Ping(String::new()));
        next = Instant::now() + interval;
        let deadline = Instant::now() + timeout;
        loop {
            if s.is_closed() {
                return;
            }
            if !lock(&s.state).awaiting_pong {
                break;
            }
            if tokio::time::timeout_at(deadline, s.pong.notified()).await.is_err() {
                if lock(&s.state).awaiting_pong {
                    s.close("ping timeout");
                    return;
                }
                break;
            }
        }
    }
}

async fn connect_timeout(session: Weak<Session>, timeout: Duration) {
    tokio::time::sleep(timeout).await;
    if let Some(s) = session.upgrade()
        && !lock(&s.state).ever_connected
    {
        s.close("connect timeout");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Recorder;
    impl Handler for Recorder {
        fn connect(&self, socket: &Socket, auth: &Value) -> ConnectFuture {
            if socket.namespace() == "/" && auth.get("token").is_none_or(|t| t != "bad") {
                decided(Ok(()))
            } else {
                decided(Err("refused".into()))
            }
        }
        fn event(&self, socket: &Socket, event: &str, args: Vec<Data>, ack: Option<u64>, _credit: Credit) {
            match ack {
                Some(id) => socket.ack(id, args),
                None if event == "ask" => {
                    socket.emit_with_ack("question", args);
                }
                None => socket.emit(event, args),
            }
        }
        fn ack(&self, socket: &Socket, id: u64, args: Vec<Data>) {
            socket.emit("answered", vec![Data::Json(Value::from(id)), Data::Array(args)]);
        }
    }

    fn server(ms: u64) -> Server {
        let config = Config {
            ping_interval: Duration::from_millis(ms),
            ping_timeout: Duration::from_millis(ms),
            connect_timeout: Duration::from_millis(ms * 10),
            max_payload: 1000,
            queue_capacity: 4,
            inbound_capacity: 2,
        };
        Server::new(config, Arc::new(Recorder))
    }

    fn texts(packets: Vec<engine::Packet>) -> Vec<String> {
        packets.iter().map(engine::Packet::encode_text).collect()
    }

    #[tokio::test]
    async fn connect_event_ack_and_disconnect() {
        let srv = server(10_000);
        let (s, open) = srv.open(Transport::Polling);
        assert!(matches!(open, engine::Packet::Open(ref j) if j.contains("\"upgrades\":[\"websocket\"]")));
        assert_eq!(srv.session_count(), 1);
        srv.handle(&s, engine::Packet::Message("0{\"token\":\"ok\"}".into()));
        let out = texts(s.poll(Duration::from_millis(10)).await.unwrap());
        assert!(out[0].starts_with("40{\"sid\":"), "{out:?}");
        srv.handle(&s, engine::Packet::Message("0/nope,".into()));
        assert_eq!(texts(s.poll(Duration::from_millis(10)).await.unwrap()), ["44/nope,{\"message\":\"refused\"}"]);
        srv.handle(&s, engine::Packet::Message("22[\"m\",1]".into()));
        srv.handle(&s, engine::Packet::Message("51-[\"b\",{\"_placeholder\":true,\"num\":0}]".into()));
        srv.handle(&s, engine::Packet::Binary(vec![7, 8]));
        let out = texts(s.poll(Duration::from_millis(10)).await.unwrap());
        assert_eq!(out, ["432[1]", "451-[\"b\",{\"_placeholder\":true,\"num\":0}]", "bBwg="]);
        srv.handle(&s, engine::Packet::Message("2[\"ask\",\"q\"]".into()));
        srv.handle(&s, engine::Packet::Message("30[\"a\"]".into()));
        let out = texts(s.poll(Duration::from_millis(10)).await.unwrap());
        assert_eq!(out, ["420[\"question\",\"q\"]", "42[\"answered\",0,[\"a\"]]"]);
        srv.handle(&s, engine::Packet::Message("1".into()));
        srv.handle(&s, engine::Packet::Close);
        assert_eq!(srv.session_count(), 0);
        // The client closed it: a poll still held gets a NOOP, not a CLOSE (engine.io protocol).
        assert_eq!(texts(s.poll(Duration::from_millis(10)).await.unwrap()), ["6"]);
    }

    /// The server disconnects a polling client just as a long-poll has taken the queue (its
    /// flag still set while it answers): the session stays until the next poll carries the
    /// CLOSE, then leaves; a poll still waiting gets the queue and the CLOSE at once.
    #[tokio::test]
    async fn a_server_disconnect_reaches_a_poller_with_its_close() {
        let srv = server(10_000);
        let (s, _) = srv.open(Transport::Polling);
        srv.handle(&s, engine::Packet::Message("0{\"token\":\"ok\"}".into()));
        assert!(texts(s.poll(Duration::from_millis(10)).await.unwrap())[0].starts_with("40"));
        let id = lock(&s.state).namespaces.get("/").cloned().expect("joined /");
        let socket = Socket { session: Arc::clone(&s), nsp: "/".into(), id };

        socket.emit("session:expired", vec![Data::Json(Value::from(1))]);
        // What `disconnect` does, with a poll in between: the DISCONNECT is queued, a poll takes
        // the queue and is still answering when the session is to close.
        s.send_socket(&socket::Packet::disconnect("/"));
        {
            let mut st = lock(&s.state);
            st.polling_get = true;
            assert_eq!(st.queue.drain(..).count(), 2, "session:expired and the DISCONNECT");
        }
        s.close_after_flush("logged out");
        lock(&s.state).polling_get = false;
        assert_eq!(srv.session_count(), 1, "kept for the CLOSE");
        assert!(!socket.is_connected(), "the namespace is left at once");
        let out = texts(s.poll(Duration::from_millis(10)).await.unwrap());
        assert_eq!(out, ["1"], "the DISCONNECT went with the earlier poll; this one carries the CLOSE");
        assert_eq!(srv.session_count(), 0);

        // A poll waiting when the server disconnects gets the queue and the CLOSE at once.
        let (s, _) = srv.open(Transport::Polling);
        srv.handle(&s, engine::Packet::Message("0{\"token\":\"ok\"}".into()));
        let _ = s.poll(Duration::from_millis(10)).await.unwrap();
        let id = lock(&s.state).namespaces.get("/").cloned().expect("joined /");
        let socket = Socket { session: Arc::clone(&s), nsp: "/".into(), id };
        let waiting = tokio::spawn({
            let s = Arc::clone(&s);
            async move { s.poll(Duration::from_secs(5)).await }
        });
        while !lock(&s.state).polling_get {
            tokio::task::yield_now().await;
        }
        socket.disconnect("logged out");
        let out = texts(waiting.await.expect("the poll ends").expect("packets"));
        assert_eq!(out, ["41", "1"]);
        assert_eq!(srv.session_count(), 0);
    }

    #[tokio::test]
    async fn malformed_input_closes_the_session() {
        let srv = server(10_000);
        for bad in ["9", "2[\"x\"", "51-[\"a\"]"] {
            let (s, _) = srv.open(Transport::Polling);
            srv.handle(&s, engine::Packet::Message(bad.into()));
            assert!(s.is_closed(), "{bad}");
        }
        let (s, _) = srv.open(Transport::Polling);
        srv.handle(&s, engine::Packet::Binary(vec![1]));
        assert!(s.is_closed());
        let (s, _) = srv.open(Transport::Polling);
        srv.handle(&s, engine::Packet::Message("0".into()));
        srv.handle(
            &s,
            engine::Packet::Message(
                "52-[\"a\",{\"_placeholder\":true,\"num\":0},{\"_placeholder\":true,\"num\":1}]".into(),
            ),
        );
        srv.handle(&s, engine::Packet::Binary(vec![0; 600]));
        assert!(!s.is_closed());
        srv.handle(&s, engine::Packet::Binary(vec![0; 600]));
        assert!(s.is_closed());
        assert_eq!(srv.session_count(), 0);
    }

    #[tokio::test]
    async fn silent_client_is_dropped_after_ping_timeout() {
        let srv = server(30);
        let (s, _) = srv.open(Transport::Polling);
        let (quiet, _) = srv.open(Transport::Polling);
        srv.handle(&s, engine::Packet::Message("0".into()));
        srv.handle(&quiet, engine::Packet::Message("0".into()));
        for _ in 0..5 {
            tokio::time::sleep(Duration::from_millis(25)).await;
            let _ = s.poll(Duration::ZERO).await;
            srv.handle(&s, engine::Packet::Pong(String::new()));
        }
        assert!(!s.is_closed());
        assert!(quiet.is_closed());
        assert_eq!(srv.session_count(), 1);
    }

    #[tokio::test]
    async fn overflow_and_concurrent_polls_close_the_session() {
        let srv = server(10_000);
        let (s, _) = srv.open(Transport::Polling);
        srv.handle(&s, engine::Packet::Message("0".into()));
        for _ in 0..5 {
            srv.handle(&s, engine::Packet::Message("2[\"m\"]".into()));
        }
        assert!(s.is_closed());
        let (s, _) = srv.open(Transport::Polling);
        let first = s.poll(Duration::from_millis(200));
        let second = async {
            tokio::time::sleep(Duration::from_millis(20)).await;
            s.poll(Duration::from_millis(10)).await
        };
        let (a, b) = tokio::join!(first, second);
        assert_eq!(b, Err(PollError::Concurrent));
        assert_eq!(texts(a.unwrap()), ["1"]);
        assert_eq!(srv.session_count(), 0);
    }

    /// Decides CONNECT after a delay, as a token check does.
    struct Slow;
    impl Handler for Slow {
        fn connect(&self, _socket: &Socket, auth: &Value) -> ConnectFuture {
            let ok = auth.get("token").is_some();
            Box::pin(async move {
                tokio::time::sleep(Duration::from_millis(30)).await;
                if ok { Ok(()) } else { Err("no token".into()) }
            })
        }
        fn event(&self, socket: &Socket, event: &str, args: Vec<Data>, _ack: Option<u64>, _credit: Credit) {
            socket.emit(event, args);
        }
    }

    #[tokio::test]
    async fn connect_may_be_decided_later_and_events_before_it_are_ignored() {
        let srv = Server::new(Config::default(), Arc::new(Slow));
        let (s, _) = srv.open(Transport::Polling);
        srv.handle(&s, engine::Packet::Message("0{\"token\":\"t\"}".into()));
        // A second CONNECT while the first is pending, and an event before the answer: ignored.
        srv.handle(&s, engine::Packet::Message("0{\"token\":\"t\"}".into()));
        srv.handle(&s, engine::Packet::Message("2[\"early\"]".into()));
        let out = texts(s.poll(Duration::from_millis(500)).await.unwrap());
        assert_eq!(out.len(), 1, "{out:?}");
        assert!(out[0].starts_with("40{\"sid\":"), "{out:?}");
        srv.handle(&s, engine::Packet::Message("2[\"late\"]".into()));
        assert_eq!(texts(s.poll(Duration::from_millis(50)).await.unwrap()), ["42[\"late\"]"]);
        let (refused, _) = srv.open(Transport::Polling);
        srv.handle(&refused, engine::Packet::Message("0".into()));
        let out = texts(refused.poll(Duration::from_millis(500)).await.unwrap());
        assert_eq!(out, ["44{\"message\":\"no token\"}"]);
    }

    #[tokio::test]
    async fn connect_timeout_closes_idle_sessions() {
        let config = Config { connect_timeout: Duration::from_millis(30), ..Config::default() };
        let srv = Server::new(config, Arc::new(Recorder));
        let (s, _) = srv.open(Transport::WebSocket);
        let (joined, _) = srv.open(Transport::WebSocket);
        s.attach_websocket();
        srv.handle(&joined, engine::Packet::Message("0".into()));
        tokio::time::sleep(Duration::from_millis(80)).await;
        assert!(!joined.is_closed());
        assert_eq!(srv.session_count(), 1);
        assert!(s.is_closed());
    }
}
