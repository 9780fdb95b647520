//! Presence: who is online and when they were last seen, kept in the ephemeral store so that
//! every node sees it. An online account is an expiring set `online:{id}` of the nodes holding
//! one of its sockets, each node with its own expiry (three heartbeats), refreshed by that
//! node's heartbeat: a node that dies leaves the set three heartbeats after its last beat even
//! while another node keeps the account online. `last-seen:{id}` is written when the account's
//! last socket on a node leaves. Changes are pushed as `presence`
//! events to the people the account talks with. Changes are applied in batches: every change
//! that arrives while a batch is being written waits for it, then all of them go together,
//! each account once (its last change wins) and the accounts side by side (at most
//! [`CONCURRENCY`] at once), so a reconnect storm costs a few rounds of store calls, not one
//! round per socket. The actor runs under an actix `Supervisor`: the work on the stores runs in
//! its own task, and a panic there restarts the actor, which keeps the accounts online on this
//! node (the registry's news, which no store holds) and writes them again at once.

use crate::fanout::Fanout;
use actix::prelude::*;
use serde_json::json;
use souk_storage::chat::ChatStore;
use souk_storage::ephemeral::{Ephemeral, EphemeralResult};
use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

/// How long a last-seen time is kept.
const LAST_SEEN_TTL: Duration = Duration::from_secs(90 * 86400);
/// How many recent conversation partners are told about a change.
const PARTNERS: u32 = 100;
/// How many accounts of a batch are written at once.
pub const CONCURRENCY: usize = 64;

/// Online or not, and when last seen (ms since the epoch).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PresenceState {
    pub online: bool,
    pub last_seen: Option<i64>,
}

/// The expiring set of the nodes holding a socket of the account. (Not `presence:{id}`, the plain
/// set with one expiry of earlier versions: a rolling upgrade then never mixes the two kinds.)
fn online_key(account_id: i64) -> String {
    format!("online:{account_id}")
}

fn last_seen_key(account_id: i64) -> String {
    format!("last-seen:{account_id}")
}

/// Records that `node` holds a socket of the account, for `ttl` unless recorded again (the
/// heartbeat), whatever other nodes record.
pub async fn record_online(
    ephemeral: &dyn Ephemeral,
    account_id: i64,
    node: &str,
    ttl: Duration,
) -> EphemeralResult<()> {
    ephemeral.expiring_set_add(&online_key(account_id), node, ttl).await.map(drop)
}

/// The presence of an account, as every node sees it.
pub async fn presence_of(ephemeral: &dyn Ephemeral, account_id: i64) -> EphemeralResult<PresenceState> {
    let online = ephemeral.expiring_set_len(&online_key(account_id)).await? > 0;
    let last_seen = ephemeral
        .get(&last_seen_key(account_id))
        .await?
        .and_then(|b| String::from_utf8(b).ok())
        .and_then(|s| s.parse::<i64>().ok());
    Ok(PresenceState { online, last_seen })
}

pub use crate::messages::PresenceChange;

/// The presence actor of this node.
pub struct Presence {
    ephemeral: Arc<dyn Ephemeral>,
    store: Arc<dyn ChatStore>,
    fanout: Fanout,
    node_id: String,
    /// Time to live of this node's membership in `online:{id}`; the heartbeat refreshes it.
    ttl: Duration,
    heartbeat: Duration,
    online: HashSet<i64>,
    /// The changes waiting for the next batch, each account's last one.
    pending: std::collections::HashMap<i64, bool>,
    /// Whether a batch is being written (the next one waits for it).
    flushing: bool,
}

impl Presence {
    pub fn start_supervised(
        ephemeral: Arc<dyn Ephemeral>,
        store: Arc<dyn ChatStore>,
        fanout: Fanout,
        heartbeat: Duration,
    ) -> Addr<Presence> {
        let node_id = uuid::Uuid::new_v4().to_string();
        actix::Supervisor::start(move |_| Presence {
            ephemeral,
            store,
            fanout,
            node_id,
            ttl: heartbeat * 3,
            heartbeat,
            online: HashSet::new(),
            pending: std::collections::HashMap::new(),
            flushing: false,
        })
    }
}

impl Actor for Presence {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Self::Context) {
        ctx.set_mailbox_capacity(crate::sessions::MAILBOX);
        ctx.run_interval(self.heartbeat, Presence::beat);
    }
}

impl Presence {
    /// Refreshes this node's membership of `online:{id}` for every account online here.
    fn beat(&mut self, ctx: &mut Context<Self>) {
        let (eph, node, ttl) = (Arc::clone(&self.ephemeral), self.node_id.clone(), self.ttl);
        let accounts: Vec<i64> = self.online.iter().copied().collect();
        ctx.spawn(
            async move {
                for account in accounts {
                    if let Err(e) = record_online(eph.as_ref(), account, &node, ttl).await {
                        tracing::warn!(error = %e, "presence heartbeat");
                    }
                }
            }
            .into_actor(self),
        );
    }
}

impl Supervised for Presence {
    fn restarting(&mut self, ctx: &mut Self::Context) {
        tracing::warn!(online = self.online.len(), "presence actor restarting; its accounts are written again");
        // `started` runs again after this and sets the heartbeat again; the accounts online here
        // are refreshed now rather than one heartbeat later, and the changes that waited go.
        self.beat(ctx);
        self.flushing = false;
        self.flush(ctx);
    }
}

impl Handler<PresenceChange> for Presence {
    type Result = ();

    fn handle(&mut self, msg: PresenceChange, ctx: &mut Self::Context) {
        if msg.online {
            self.online.insert(msg.account_id);
        } else {
            self.online.remove(&msg.account_id);
        }
        self.pending.insert(msg.account_id, msg.online);
        if !self.flushing {
            self.flush(ctx);
        }
    }
}

impl Presence {
    /// Writes the waiting changes as one batch; when it is done, the changes that arrived
    /// meanwhile go as the next one (so an offline right after an online is applied after it).
    fn flush(&mut self, ctx: &mut Context<Self>) {
        if self.pending.is_empty() {
            return;
        }
        self.flushing = true;
        let batch: Vec<(i64, bool)> = self.pending.drain().collect();
        let (eph, store, fanout, node, ttl) =
            (Arc::clone(&self.ephemeral), Arc::clone(&self.store), self.fanout.clone(), self.node_id.clone(), self.ttl);
        // The work runs in its own task: a panic there restarts this actor (see `restarting`).
        let work = tokio::spawn(async move {
            let permits = Arc::new(tokio::sync::Semaphore::new(CONCURRENCY));
            let mut accounts = tokio::task::JoinSet::new();
            for (account, online) in batch {
                let change = Change {
                    eph: Arc::clone(&eph),
                    store: Arc::clone(&store),
                    fanout: fanout.clone(),
                    node: node.clone(),
                    ttl,
                };
                let permits = Arc::clone(&permits);
                accounts.spawn(async move {
                    let _permit = permits.acquire_owned().await;
                    change.apply(account, online).await;
                });
            }
            while let Some(done) = accounts.join_next().await {
                if let Err(e) = done
                    && e.is_panic()
                {
                    std::panic::resume_unwind(e.into_panic());
                }
            }
        });
        ctx.spawn(work.into_actor(self).map(|done, act, ctx| {
            act.flushing = false;
            if let Err(e) = done
                && e.is_panic()
            {
                tracing::error!(error = %e, "presence change failed: restarting the presence actor");
                ctx.stop();
                return;
            }
            act.flush(ctx);
        }));
    }
}

/// What writing one account's change needs.
struct Change {
    eph: Arc<dyn Ephemeral>,
    store: Arc<dyn ChatStore>,
    fanout: Fanout,
    node: String,
    ttl: Duration,
}

impl Change {
    /// Records the account online or offline on this node and, when that changed what others
    /// see, tells its recent conversation partners.
    async fn apply(self, account: i64, online: bool) {
        let eph = self.eph.as_ref();
        let written = if online {
            record_online(eph, account, &self.node, self.ttl).await
        } else {
            let now = crate::now_millis();
            let removed = eph.expiring_set_remove(&online_key(account), &self.node).await.map(drop);
            let seen = eph.set(&last_seen_key(account), now.to_string().as_bytes(), Some(LAST_SEEN_TTL)).await;
            removed.and(seen)
        };
        if let Err(e) = written {
            tracing::warn!(error = %e, account, "presence not written");
        }
        let Ok(state) = presence_of(eph, account).await else { return };
        if state.online != online {
            // Another node still holds a socket of the account: nothing changed for others.
            return;
        }
        let payload = crate::fanout::Payload::from(
            json!({ "accountId": account, "online": state.online, "lastSeen": state.last_seen }),
        );
        let partners = self.store.conversations_of(account, PARTNERS).await.unwrap_or_default();
        let mut told = HashSet::new();
        for view in partners {
            if let Some(other) = view.conversation.other_party(account)
                && told.insert(other)
            {
                self.fanout.deliver(other, "presence", payload.clone());
            }
        }
    }
}
