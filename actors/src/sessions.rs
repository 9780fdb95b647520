//! The session registry: which sockets of which account are live on this node (the room
//! `user:{accountId}` of design §3), delivery of an event to all of them, and presence hooks
//! (first socket of an account in, last socket out). A socket whose queue is full is dropped
//! from the registry and closed by its transport; it catches up when it reconnects. The
//! registry runs under an actix `Supervisor`: a panic while it changes the rooms (in a
//! socket's own code) restarts it, and the rooms, which are this node's live sockets and are
//! kept in no store, survive the restart as they are.

use crate::messages::{Payload, PresenceChange};
use actix::prelude::*;
use std::collections::HashMap;
use std::sync::{Arc, RwLock};

/// The registry's mailbox capacity. Only room changes go through it — a socket registered or
/// dropped, a presence change — and none may be lost (a lost `Unregister` would keep a closed
/// socket in its room), so they are sent with `do_send`, which queues past the capacity: the
/// capacity only makes `send`ers wait. Deliveries never pass through the mailbox: they read
/// the [`Rooms`] directly, and a socket that cannot keep up is dropped there (its
/// [`ClientSink::send`] answers false) and closed by its transport (issue 27).
pub const MAILBOX: usize = 16_384;

/// The room of the moderators' sockets (admins not acting as a user): no account has this id, so
/// the fan-out reaches it like an account's room, on every node, and presence is not told of it.
/// The moderation desk hears new pending ads there (`moderation:new`, docs/realtime.md).
pub const MODERATORS_ROOM: i64 = -1;

/// Whether a room is an account's (presence follows those only).
fn is_account(room: i64) -> bool {
    room > 0
}

/// A live client socket, as the registry sees it.
pub trait ClientSink: Send + Sync + 'static {
    /// The socket id (unique on this node).
    fn socket_id(&self) -> &str;
    /// Queues an event for the client. false when the client is gone or cannot keep up (the
    /// transport then closes it).
    fn send(&self, event: &str, payload: &Payload) -> bool;
    /// The id (`jti`) of the access token the socket was accepted with, if it has one.
    fn token_id(&self) -> Option<&str> {
        None
    }
    /// The socket's access token was logged out: the socket is told and closed.
    fn end_session(&self) {}
}

/// The rooms `user:{accountId}` of this node: account id -> its live sockets. Readable from any
/// thread, so that an event is handed to its sockets by whoever produced it (no actor hop per
/// event); only the [`SessionRegistry`] actor changes them.
#[derive(Clone, Default)]
pub struct Rooms(Arc<RwLock<RoomMap>>);

/// Account id -> its live sockets here.
type RoomMap = HashMap<i64, Vec<Arc<dyn ClientSink>>>;

impl Rooms {
    /// Sends `event` to every socket of `account_id` here but `except` (the socket an event
    /// came from, which has its answer already); answers the ids of the sockets that could not
    /// take it (gone, or not keeping up), for the registry to drop.
    pub fn deliver(&self, account_id: i64, event: &str, payload: &Payload, except: Option<&str>) -> Vec<String> {
        let rooms = self.read();
        let Some(mine) = rooms.get(&account_id) else { return Vec::new() };
        mine.iter()
            .filter(|s| except != Some(s.socket_id()))
            .filter(|s| !s.send(event, payload))
            .map(|s| s.socket_id().to_owned())
            .collect()
    }

    /// The accounts with a socket here.
    pub fn accounts(&self) -> Vec<i64> {
        self.read().keys().copied().collect()
    }

    /// Ends every socket of `account_id` here that was accepted with the access token
    /// `token_id` (it was logged out); answers how many there were.
    pub fn end_session(&self, account_id: i64, token_id: &str) -> usize {
        let ended: Vec<Arc<dyn ClientSink>> = {
            let rooms = self.read();
            let Some(mine) = rooms.get(&account_id) else { return 0 };
            mine.iter().filter(|s| s.token_id() == Some(token_id)).cloned().collect()
        };
        // Outside the lock: closing a socket unregisters it.
        for socket in &ended {
            socket.end_session();
        }
        ended.len()
    }

    /// Drops a socket; true when it was its account's last one here.
    fn remove(&self, account_id: i64, socket_id: &str) -> bool {
        let mut rooms = self.write();
        let Some(mine) = rooms.get_mut(&account_id) else { return false };
        let before = mine.len();
        mine.retain(|s| s.socket_id() != socket_id);
        let emptied = before != mine.len() && mine.is_empty();
        if emptied {
            rooms.remove(&account_id);
        }
        emptied
    }

    fn write(&self) -> std::sync::RwLockWriteGuard<'_, RoomMap> {
        self.0.write().unwrap_or_else(|p| p.into_inner())
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, RoomMap> {
        self.0.read().unwrap_or_else(|p| p.into_inner())
    }
}

/// Keeps the rooms: registers and drops sockets, and tells presence when an account's first
/// socket arrives or its last one leaves.
#[derive(Default)]
pub struct SessionRegistry {
    rooms: Rooms,
    presence: Option<Recipient<PresenceChange>>,
}

impl SessionRegistry {
    /// Starts the registry under a supervisor on the current arbiter; answers it with the rooms
    /// it keeps, which the fan-out reads (`Fanout::local`, `Fanout::distributed`).
    pub fn start_supervised() -> (Addr<SessionRegistry>, Rooms) {
        let rooms = Rooms::default();
        let kept = rooms.clone();
        (actix::Supervisor::start(move |_| SessionRegistry { rooms: kept, presence: None }), rooms)
    }
}

impl Actor for SessionRegistry {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Self::Context) {
        ctx.set_mailbox_capacity(MAILBOX);
    }
}

impl Supervised for SessionRegistry {
    fn restarting(&mut self, _: &mut Self::Context) {
        let rooms = self.rooms.read();
        tracing::warn!(accounts = rooms.len(), "session registry restarting; its rooms are kept");
    }
}

/// Runs a change of the rooms; a panic in it (a socket's code misbehaving) stops the registry,
/// which its supervisor restarts, instead of unwinding through the arbiter.
fn guarded<T>(ctx: &mut Context<SessionRegistry>, change: impl FnOnce() -> T) -> Option<T> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(change)) {
        Ok(done) => Some(done),
        Err(_) => {
            tracing::error!("a change of the session registry panicked: restarting it");
            ctx.stop();
            None
        }
    }
}

/// Who is told when an account comes online or goes offline on this node.
#[derive(Message)]
#[rtype(result = "()")]
pub struct AttachPresence(pub Recipient<PresenceChange>);

impl Handler<AttachPresence> for SessionRegistry {
    type Result = ();
    fn handle(&mut self, msg: AttachPresence, _: &mut Self::Context) {
        self.presence = Some(msg.0);
    }
}

/// A socket of `account_id` joined (its room `user:{account_id}`).
#[derive(Message)]
#[rtype(result = "()")]
pub struct Register {
    pub account_id: i64,
    pub sink: Arc<dyn ClientSink>,
}

impl Handler<Register> for SessionRegistry {
    type Result = ();
    fn handle(&mut self, msg: Register, ctx: &mut Self::Context) {
        let rooms = self.rooms.clone();
        let first = guarded(ctx, move || {
            let mut rooms = rooms.write();
            let mine = rooms.entry(msg.account_id).or_default();
            mine.retain(|s| s.socket_id() != msg.sink.socket_id());
            mine.push(msg.sink);
            mine.len() == 1
        });
        if first == Some(true)
            && is_account(msg.account_id)
            && let Some(p) = &self.presence
        {
            p.do_send(PresenceChange { account_id: msg.account_id, online: true });
        }
    }
}

/// A socket left (disconnect, transport close, timeout).
#[derive(Message)]
#[rtype(result = "()")]
pub struct Unregister {
    pub account_id: i64,
    pub socket_id: String,
}

impl Handler<Unregister> for SessionRegistry {
    type Result = ();
    fn handle(&mut self, msg: Unregister, ctx: &mut Self::Context) {
        let rooms = self.rooms.clone();
        let account = is_account(msg.account_id);
        if guarded(ctx, move || rooms.remove(msg.account_id, &msg.socket_id)) == Some(true)
            && account
            && let Some(p) = &self.presence
        {
            p.do_send(PresenceChange { account_id: msg.account_id, online: false });
        }
    }
}

/// How many sockets and accounts are registered.
#[derive(Message)]
#[rtype(result = "RegistrySize")]
pub struct Size;

#[derive(Debug, Clone, Copy, PartialEq, Eq, MessageResponse)]
pub struct RegistrySize {
    pub sockets: usize,
    pub accounts: usize,
}

impl Handler<Size> for SessionRegistry {
    type Result = RegistrySize;
    fn handle(&mut self, _: Size, _: &mut Self::Context) -> RegistrySize {
        let rooms = self.rooms.read();
        RegistrySize { sockets: rooms.values().map(Vec::len).sum(), accounts: rooms.len() }
    }
}

/// The accounts with at least one socket here.
#[derive(Message)]
#[rtype(result = "Vec<i64>")]
pub struct LocalAccounts;

impl Handler<LocalAccounts> for SessionRegistry {
    type Result = MessageResult<LocalAccounts>;
    fn handle(&mut self, _: LocalAccounts, _: &mut Self::Context) -> Self::Result {
        MessageResult(self.rooms.read().keys().copied().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicBool, Ordering};

    struct Sink {
        id: String,
        got: Mutex<Vec<(String, serde_json::Value)>>,
        full: AtomicBool,
    }

    impl ClientSink for Sink {
        fn socket_id(&self) -> &str {
            &self.id
        }
        fn send(&self, event: &str, payload: &Payload) -> bool {
            if self.full.load(Ordering::Relaxed) {
                return false;
            }
            self.got.lock().unwrap().push((event.to_owned(), payload.value()));
            true
        }
    }

    fn sink(id: &str) -> Arc<Sink> {
        Arc::new(Sink { id: id.into(), got: Mutex::new(Vec::new()), full: AtomicBool::new(false) })
    }

    #[actix::test]
    async fn delivers_to_every_socket_of_the_account_only_and_drops_slow_ones() {
        let (reg, rooms) = SessionRegistry::start_supervised();
        let fanout = crate::fanout::Fanout::local(reg.clone(), rooms);
        let (a1, a2, b) = (sink("a1"), sink("a2"), sink("b"));
        reg.do_send(Register { account_id: 1, sink: a1.clone() });
        reg.do_send(Register { account_id: 1, sink: a2.clone() });
        reg.do_send(Register { account_id: 2, sink: b.clone() });
        assert_eq!(reg.send(Size).await.unwrap(), RegistrySize { sockets: 3, accounts: 2 });
        fanout.deliver(1, "e", serde_json::Value::from(7));
        reg.send(Size).await.unwrap();
        assert_eq!(a1.got.lock().unwrap().len(), 1);
        assert_eq!(a2.got.lock().unwrap().len(), 1);
        assert!(b.got.lock().unwrap().is_empty(), "another account's socket gets nothing");
        a2.full.store(true, Ordering::Relaxed);
        fanout.deliver(1, "e", serde_json::Value::from(8));
        assert_eq!(reg.send(Size).await.unwrap(), RegistrySize { sockets: 2, accounts: 2 });
        reg.do_send(Unregister { account_id: 1, socket_id: "a1".into() });
        reg.do_send(Unregister { account_id: 2, socket_id: "b".into() });
        assert_eq!(reg.send(Size).await.unwrap(), RegistrySize { sockets: 0, accounts: 0 });
    }
}
