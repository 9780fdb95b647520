//! Fan-out of events to an account's sockets wherever they are: straight to this node's
//! [`SessionRegistry`], and, in distributed mode, over the ephemeral store's publish/subscribe
//! (Redis) to the other `souk` processes, whose relay hands them to their own registry. One
//! publisher task keeps the order of events; a relay task resubscribes when Redis comes back.

use crate::sessions::{Deliver, SessionRegistry};
use actix::Addr;
use serde_json::{Value, json};
use souk_storage::ephemeral::Ephemeral;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;

/// The pub/sub channel carrying events between nodes (under the store's prefix).
pub const CHANNEL: &str = "realtime-events";
/// Events waiting to be published; beyond, events are dropped (clients catch up on reconnect).
const PUBLISH_QUEUE: usize = 16_384;

/// Delivers events to accounts; cheap to clone.
#[derive(Clone)]
pub struct Fanout {
    registry: Addr<SessionRegistry>,
    node_id: Arc<str>,
    publisher: Option<mpsc::Sender<Vec<u8>>>,
}

impl Fanout {
    /// A fan-out for this node only (embedded mode).
    pub fn local(registry: Addr<SessionRegistry>) -> Fanout {
        Fanout { registry, node_id: uuid::Uuid::new_v4().to_string().into(), publisher: None }
    }

    /// A fan-out that also reaches the other nodes through `ephemeral`'s pub/sub: starts the
    /// publisher and the relay (must run inside a Tokio runtime). Returns once subscribed, so
    /// events published afterwards by other nodes reach this one.
    pub async fn distributed(registry: Addr<SessionRegistry>, ephemeral: Arc<dyn Ephemeral>) -> Fanout {
        let node_id: Arc<str> = uuid::Uuid::new_v4().to_string().into();
        let (tx, mut rx) = mpsc::channel::<Vec<u8>>(PUBLISH_QUEUE);
        let publisher = Arc::clone(&ephemeral);
        tokio::spawn(async move {
            while let Some(bytes) = rx.recv().await {
                if let Err(e) = publisher.publish(CHANNEL, &bytes).await {
                    tracing::warn!(error = %e, "cannot publish a realtime event to the other nodes");
                }
            }
        });
        let first = ephemeral.subscribe(CHANNEL).await;
        tokio::spawn(relay(ephemeral, registry.clone(), Arc::clone(&node_id), first.ok()));
        Fanout { registry, node_id, publisher: Some(tx) }
    }

    pub fn registry(&self) -> &Addr<SessionRegistry> {
        &self.registry
    }

    /// Sends `event` with `payload` to every socket of `account_id`, on every node. A payload
    /// meant for several accounts is shared, not copied (pass one `Arc<Value>` to each).
    pub fn deliver(&self, account_id: i64, event: &str, payload: impl Into<Arc<Value>>) {
        let payload = payload.into();
        if let Some(tx) = &self.publisher {
            let envelope =
                json!({ "node": &*self.node_id, "account": account_id, "event": event, "payload": &*payload });
            if tx.try_send(envelope.to_string().into_bytes()).is_err() {
                tracing::warn!("realtime publish queue full: event dropped for other nodes");
            }
        }
        local_deliver(&self.registry, account_id, event.into(), payload);
    }
}

fn local_deliver(registry: &Addr<SessionRegistry>, account_id: i64, event: Arc<str>, payload: Arc<Value>) {
    if registry.try_send(Deliver { account_id, event, payload }).is_err() {
        tracing::warn!(account = account_id, "session registry mailbox full: event dropped");
    }
}

async fn relay(
    ephemeral: Arc<dyn Ephemeral>,
    registry: Addr<SessionRegistry>,
    node_id: Arc<str>,
    mut subscription: Option<souk_storage::ephemeral::Subscription>,
) {
    loop {
        let Some(sub) = subscription.as_mut() else {
            tokio::time::sleep(Duration::from_secs(1)).await;
            if !registry.connected() {
                return;
            }
            subscription = ephemeral.subscribe(CHANNEL).await.ok();
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
        let (Some(account), Some(event)) = (envelope["account"].as_i64(), envelope["event"].as_str()) else {
            continue;
        };
        local_deliver(&registry, account, event.into(), Arc::new(envelope["payload"].clone()));
    }
}
