//! Presence: who is online and when they were last seen, kept in the ephemeral store so that
//! every node sees it. An online account is an expiring set `online:{id}` of the nodes holding
//! one of its sockets, each node with its own expiry (three heartbeats), refreshed by that
//! node's heartbeat: a node that dies leaves the set three heartbeats after its last beat even
//! while another node keeps the account online. `last-seen:{id}` is written when the account's
//! last socket on a node leaves. Changes are pushed as `presence`
//! events to the people the account talks with. The actor runs under an actix `Supervisor`:
//! the work on the stores runs in its own task, and a panic there restarts the actor, which
//! keeps the accounts online on this node (the registry's news, which no store holds) and
//! writes them again at once.

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

/// An account's first socket arrived on this node (`online`) or its last one left.
#[derive(Message, Debug, Clone, Copy)]
#[rtype(result = "()")]
pub struct PresenceChange {
    pub account_id: i64,
    pub online: bool,
}

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
        // are refreshed now rather than one heartbeat later.
        self.beat(ctx);
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
        let (eph, store, fanout, node, ttl) =
            (Arc::clone(&self.ephemeral), Arc::clone(&self.store), self.fanout.clone(), self.node_id.clone(), self.ttl);
        // Waits for the store so that an offline right after an online is applied after it.
        // The work runs in its own task: a panic there restarts this actor (see `restarting`).
        let work = tokio::spawn(async move {
            let account = msg.account_id;
            let now = crate::now_millis();
            let written = if msg.online {
                record_online(eph.as_ref(), account, &node, ttl).await
            } else {
                let removed = eph.expiring_set_remove(&online_key(account), &node).await.map(drop);
                let seen = eph.set(&last_seen_key(account), now.to_string().as_bytes(), Some(LAST_SEEN_TTL)).await;
                removed.and(seen)
            };
            if let Err(e) = written {
                tracing::warn!(error = %e, account, "presence not written");
            }
            let Ok(state) = presence_of(eph.as_ref(), account).await else { return };
            if state.online != msg.online {
                // Another node still holds a socket of the account: nothing changed for others.
                return;
            }
            let payload = crate::fanout::Payload::from(
                json!({ "accountId": account, "online": state.online, "lastSeen": state.last_seen }),
            );
            let partners = store.conversations_of(account, PARTNERS).await.unwrap_or_default();
            let mut told = HashSet::new();
            for view in partners {
                if let Some(other) = view.conversation.other_party(account)
                    && told.insert(other)
                {
                    fanout.deliver(other, "presence", payload.clone());
                }
            }
        });
        ctx.wait(work.into_actor(self).map(|done, _, ctx| {
            if let Err(e) = done
                && e.is_panic()
            {
                tracing::error!(error = %e, "presence change failed: restarting the presence actor");
                ctx.stop();
            }
        }));
    }
}
