//! Presence through the session registry, in the memory ephemeral store: an account's first
//! socket makes it online, its last one leaving records when it was last seen, and the people it
//! has conversations with get `presence` events; the heartbeat keeps the entry alive.

use serde_json::Value;
use souk_actors::fanout::{Fanout, Payload};
use souk_actors::presence::{Presence, presence_of};
use souk_actors::sessions::{AttachPresence, ClientSink, Register, SessionRegistry, Unregister};
use souk_storage::chat::{ChatAd, ChatStore, NewMessage, Starter};
use souk_storage::ephemeral::{Ephemeral, MemoryEphemeral};
use souk_storage::sqlite::SqliteStore;
use std::sync::{Arc, Mutex};
use std::time::Duration;

struct Sink {
    id: String,
    got: Mutex<Vec<(String, Value)>>,
}

impl ClientSink for Sink {
    fn socket_id(&self) -> &str {
        &self.id
    }
    fn send(&self, event: &str, payload: &Payload) -> bool {
        self.got.lock().unwrap().push((event.to_owned(), payload.value()));
        true
    }
}

async fn eventually(what: &str, mut check: impl AsyncFnMut() -> bool) {
    for _ in 0..100 {
        if check().await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("timed out waiting for {what}");
}

#[actix::test]
async fn first_socket_in_is_online_last_socket_out_is_last_seen_and_partners_are_told() {
    let dir = std::env::temp_dir().join(format!("souk-presence-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let store = SqliteStore::open(dir.join("souk.db"), 1).unwrap();
    let ad = ChatAd {
        ad_id: "ad-1".into(),
        list_id: 1,
        account_id: 1,
        title: "Vélo".into(),
        image: None,
        status: "active".into(),
    };
    let (conv, _) = store.open_conversation(ad, Starter::Account(2)).await.unwrap();
    store
        .append_message(NewMessage {
            conversation_id: conv.conversation_id.clone(),
            sender_id: 2,
            client_message_id: "p-1".into(),
            text: Some("salam".into()),
            attachment: None,
            preview: "salam".into(),
        })
        .await
        .unwrap();
    let ephemeral: Arc<dyn Ephemeral> = Arc::new(MemoryEphemeral::new("presence-test:"));
    let (registry, rooms) = SessionRegistry::start_supervised();
    let fanout = Fanout::local(registry.clone(), rooms);
    let chat: Arc<dyn ChatStore> = Arc::new(store.clone());
    let presence = Presence::start_supervised(ephemeral.clone(), chat, fanout, Duration::from_millis(50));
    registry.do_send(AttachPresence(presence.recipient()));

    let seller = Arc::new(Sink { id: "seller".into(), got: Mutex::new(Vec::new()) });
    registry.do_send(Register { account_id: 1, sink: seller.clone() });
    for id in ["buyer-tab-1", "buyer-tab-2"] {
        registry
            .do_send(Register { account_id: 2, sink: Arc::new(Sink { id: id.into(), got: Mutex::new(Vec::new()) }) });
    }
    eventually("the buyer online", async || presence_of(ephemeral.as_ref(), 2).await.unwrap().online).await;
    // Heartbeats keep it (the membership lives three heartbeats).
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(presence_of(ephemeral.as_ref(), 2).await.unwrap().online);

    registry.do_send(Unregister { account_id: 2, socket_id: "buyer-tab-1".into() });
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert!(presence_of(ephemeral.as_ref(), 2).await.unwrap().online, "another tab is still open");
    registry.do_send(Unregister { account_id: 2, socket_id: "buyer-tab-2".into() });
    eventually("the buyer offline", async || !presence_of(ephemeral.as_ref(), 2).await.unwrap().online).await;
    let state = presence_of(ephemeral.as_ref(), 2).await.unwrap();
    assert!(state.last_seen.is_some_and(|t| t > 0));

    let told: Vec<Value> =
        seller.got.lock().unwrap().iter().filter(|(e, _)| e == "presence").map(|(_, p)| p.clone()).collect();
    assert_eq!(told.first().map(|p| (p["accountId"].clone(), p["online"].clone())), Some((2.into(), true.into())));
    assert_eq!(told.last().map(|p| (p["accountId"].clone(), p["online"].clone())), Some((2.into(), false.into())));
    assert!(told.last().is_some_and(|p| p["lastSeen"].is_i64()));
    store.shutdown().await;
}
