//! Fan-out of events to an account's sockets wherever they are: straight to this node's rooms
//! (read on the caller's thread; sockets that cannot keep up are handed to the
//! [`SessionRegistry`] to drop), and, in distributed mode, over the ephemeral store's publish/subscribe
//! (Redis) to the other `souk` processes, whose relay hands them to their own registry. One
//! publisher task keeps the order of events; a relay task resubscribes when Redis comes back.
//! The same path ends, on every node, the sockets of an access token that was logged out.
//!
//! Nothing is dropped silently: an event that cannot cross to the other nodes (the publish
//! queue full, Redis failing the publish) leaves its account marked, and the publisher sends a
//! catch-up for each marked account as soon as it can; a node whose subscription was lost sends
//! one to every account of its own once subscribed again. A catch-up reaches the account's
//! sockets as [`CATCH_UP_EVENT`], on which a client catches up from storage (`chat:sync`),
//! where every event that matters already is.

use crate::sessions::{Rooms, SessionRegistry, Unregister};
use actix::Addr;
use serde_json::{Value, json};
use souk_storage::ephemeral::Ephemeral;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;

pub use crate::messages::Payload;

/// The pub/sub channel carrying events between nodes (under the store's prefix).
pub const CHANNEL: &str = "realtime-events";
/// Events waiting to be published; beyond, an event is not queued and its account gets a
/// catch-up instead.
const PUBLISH_QUEUE: usize = 16_384;
/// The event telling a socket that it may have missed events and should read them from
/// storage (docs/realtime.md).
pub const CATCH_UP_EVENT: &str = "realtime:catchup";
/// At most this many accounts wait for a catch-up; beyond, every account of every node gets one.
const MAX_PENDING_CATCH_UPS: usize = 100_000;

/// Accounts whose events could not cross to the other nodes, waiting for their catch-up.
#[derive(Default)]
struct Missed {
    accounts: std::sync::Mutex<std::collections::HashSet<i64>>,
    /// Too many to list: every account gets a catch-up.
    everyone: std::sync::atomic::AtomicBool,
    wake: tokio::sync::Notify,
}

impl Missed {
    fn mark(&self, account_id: i64) {
        {
            let mut accounts = self.accounts.lock().unwrap_or_else(|p| p.into_inner());
            if accounts.len() < MAX_PENDING_CATCH_UPS {
                accounts.insert(account_id);
            } else {
                self.everyone.store(true, std::sync::atomic::Ordering::Release);
            }
        }
        self.wake.notify_one();
    }

    /// The catch-up envelopes to publish now (an account is taken back if its publish fails).
    fn take(&self, node_id: &str) -> Vec<(Option<i64>, Vec<u8>)> {
        let everyone = self.everyone.swap(false, std::sync::atomic::Ordering::AcqRel);
        let accounts: Vec<i64> = self.accounts.lock().unwrap_or_else(|p| p.into_inner()).drain().collect();
        if everyone {
            return vec![(None, json!({ "node": node_id, "catchUpAll": true }).to_string().into_bytes())];
        }
        accounts
            .into_iter()
            .map(|a| (Some(a), json!({ "node": node_id, "account": a, "catchUp": true }).to_string().into_bytes()))
            .collect()
    }
}

/// Delivers events to accounts; cheap to clone.
#[derive(Clone)]
pub struct Fanout {
    local: Local,
    node_id: Arc<str>,
    publisher: Option<mpsc::Sender<Vec<u8>>>,
    missed: Arc<Missed>,
}

impl Fanout {
    /// A fan-out for this node only (embedded mode): `rooms` are the ones `registry` keeps.
    pub fn local(registry: Addr<SessionRegistry>, rooms: Rooms) -> Fanout {
        Fanout {
            local: Local { registry, rooms },
            node_id: uuid::Uuid::new_v4().to_string().into(),
            publisher: None,
            missed: Arc::default(),
        }
    }

    /// A fan-out that also reaches the other nodes through `ephemeral`'s pub/sub: starts the
    /// publisher and the relay (must run inside a Tokio runtime). Returns once subscribed, so
    /// events published afterwards by other nodes reach this one.
    pub async fn distributed(registry: Addr<SessionRegistry>, rooms: Rooms, ephemeral: Arc<dyn Ephemeral>) -> Fanout {
        let node_id: Arc<str> = uuid::Uuid::new_v4().to_string().into();
        let (tx, rx) = mpsc::channel::<Vec<u8>>(PUBLISH_QUEUE);
        let missed = Arc::new(Missed::default());
        tokio::spawn(publish(Arc::clone(&ephemeral), rx, Arc::clone(&missed), Arc::clone(&node_id)));
        let first = ephemeral.subscribe(CHANNEL).await;
        let local = Local { registry, rooms };
        tokio::spawn(relay(ephemeral, local.clone(), Arc::clone(&node_id), first.ok()));
        Fanout { local, node_id, publisher: Some(tx), missed }
    }

    pub fn registry(&self) -> &Addr<SessionRegistry> {
        &self.local.registry
    }

    /// Sends `event` with `payload` to every socket of `account_id`, on every node. A payload
    /// meant for several accounts is serialised once (pass clones of one [`Payload`]).
    pub fn deliver(&self, account_id: i64, event: &str, payload: impl Into<Payload>) {
        self.deliver_except(account_id, event, payload, None);
    }

    /// `deliver`, leaving out the socket `except` of this node (the one the event answers, which
    /// got its acknowledgement).
    pub fn deliver_except(&self, account_id: i64, event: &str, payload: impl Into<Payload>, except: Option<&str>) {
        let payload = payload.into();
        if let Some(tx) = &self.publisher {
            // {"node":…,"account":…,"event":…,"payload":<the payload's own text>}
            let head = json!({ "node": &*self.node_id, "account": account_id, "event": event }).to_string();
            let envelope = format!("{},\"payload\":{}}}", &head[..head.len() - 1], payload.json());
            if tx.try_send(envelope.into_bytes()).is_err() {
                tracing::debug!(account = account_id, "realtime publish queue full: a catch-up instead");
                self.missed.mark(account_id);
            }
        }
        self.local.deliver(account_id, event, &payload, except);
    }

    /// Ends, on every node, the sockets of `account_id` accepted with the access token
    /// `token_id` (its session was logged out).
    pub fn end_session(&self, account_id: i64, token_id: &str) {
        if let Some(tx) = &self.publisher {
            let envelope = json!({ "node": &*self.node_id, "account": account_id, "endSession": token_id });
            // Unlike an event (which a client catches up on), a logout is not dropped when the
            // queue is full: it waits for room.
            if let Err(mpsc::error::TrySendError::Full(bytes)) = tx.try_send(envelope.to_string().into_bytes()) {
                let tx = tx.clone();
                tokio::spawn(async move { tx.send(bytes).await });
            }
        }
        self.local.rooms.end_session(account_id, token_id);
    }
}

/// This node's sockets: the rooms to deliver to, the registry to tell about slow ones.
#[derive(Clone)]
struct Local {
    registry: Addr<SessionRegistry>,
    rooms: Rooms,
}

impl Local {
    /// A catch-up to every account with a socket here.
    fn catch_up_everyone(&self) {
        let payload = Payload::from(json!({}));
        for account in self.rooms.accounts() {
            self.deliver(account, CATCH_UP_EVENT, &payload, None);
        }
    }

    fn deliver(&self, account_id: i64, event: &str, payload: &Payload, except: Option<&str>) {
        for socket_id in self.rooms.deliver(account_id, event, payload, except) {
            tracing::debug!(account = account_id, socket = %socket_id, "socket cannot keep up: dropped");
            self.registry.do_send(Unregister { account_id, socket_id });
        }
    }
}

/// The publisher task: events in order; a failed publish marks its account for a catch-up,
/// and pending catch-ups go out between events and whenever one is marked.
async fn publish(ephemeral: Arc<dyn Ephemeral>, mut rx: mpsc::Receiver<Vec<u8>>, missed: Arc<Missed>, node: Arc<str>) {
    loop {
        tokio::select! {
            biased;
            next = rx.recv() => {
                let Some(bytes) = next else { return };
                if let Err(e) = ephemeral.publish(CHANNEL, &bytes).await {
                    tracing::warn!(error = %e, "cannot publish a realtime event to the other nodes: a catch-up will follow");
                    if let Some(account) = serde_json::from_slice::<Value>(&bytes).ok().and_then(|v| v["account"].as_i64()) {
                        missed.mark(account);
                    }
                }
            }
            () = missed.wake.notified() => {}
        }
        let catch_ups = missed.take(&node);
        let mut failed = false;
        for (account, bytes) in catch_ups {
            if failed || ephemeral.publish(CHANNEL, &bytes).await.is_err() {
                failed = true;
                match account {
                    Some(a) => missed.mark(a),
                    None => missed.everyone.store(true, std::sync::atomic::Ordering::Release),
                }
            }
        }
        if failed {
            // Redis is failing: try again in a moment rather than in a tight loop.
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
}

async fn relay(
    ephemeral: Arc<dyn Ephemeral>,
    local: Local,
    node_id: Arc<str>,
    mut subscription: Option<souk_storage::ephemeral::Subscription>,
) {
    loop {
        let Some(sub) = subscription.as_mut() else {
            tokio::time::sleep(Duration::from_secs(1)).await;
            if !local.registry.connected() {
                return;
            }
            subscription = ephemeral.subscribe(CHANNEL).await.ok();
            if subscription.is_some() {
                // Events published while this node was not subscribed were lost to it.
                local.catch_up_everyone();
            }
            continue;
        };
        let Some(bytes) = sub.next().await else {
            subscription = None;
            continue;
        };
        let Ok(envelope) = serde_json::from_slice::<Value>(&bytes) else { continue };
        if envelope["node"].as_str() == Some(&*node_id) {
            continue;
        }
        if envelope["catchUpAll"] == true {
            local.catch_up_everyone();
            continue;
        }
        let Some(account) = envelope["account"].as_i64() else { continue };
        if envelope["catchUp"] == true {
            local.deliver(account, CATCH_UP_EVENT, &Payload::from(json!({})), None);
            continue;
        }
        if let Some(token_id) = envelope["endSession"].as_str() {
            local.rooms.end_session(account, token_id);
            continue;
        }
        let Some(event) = envelope["event"].as_str() else { continue };
        local.deliver(account, event, &Payload::from(&envelope["payload"]), None);
    }
}
