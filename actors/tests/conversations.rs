//! The conversation actors against a real SQLite store: only parties post, messages reach both
//! parties' sockets and nobody else's, a block stops messages, a panic in storage restarts the
//! actor (which reloads from storage), idle actors stop, and outsiders or unknown conversation
//! ids start none.

mod common;

use common::Flaky;
use serde_json::Value;
use souk_actors::conversation::{ConversationActors, Render};
use souk_actors::fanout::{Fanout, Payload};
use souk_actors::sessions::{ClientSink, Register, SessionRegistry, Size};
use souk_domain::ErrorCode;
use souk_storage::chat::{ChatAd, ChatMessage, ChatStore, NewMessage, Starter};
use souk_storage::sqlite::SqliteStore;
use std::sync::atomic::Ordering;
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

impl Sink {
    fn events(&self, name: &str) -> Vec<Value> {
        self.got.lock().unwrap().iter().filter(|(e, _)| e == name).map(|(_, p)| p.clone()).collect()
    }
}

fn sink(id: &str) -> Arc<Sink> {
    Arc::new(Sink { id: id.into(), got: Mutex::new(Vec::new()) })
}

fn text(conversation_id: &str, sender: i64, client: &str) -> NewMessage {
    NewMessage {
        conversation_id: conversation_id.into(),
        sender_id: sender,
        client_message_id: client.into(),
        text: Some(format!("text {client}")),
        attachment: None,
        preview: client.into(),
    }
}

const SELLER: i64 = 1;
const BUYER: i64 = 2;
const OUTSIDER: i64 = 3;

#[actix::test]
async fn conversations_check_parties_fan_out_block_restart_and_stop_when_idle() {
    let dir = std::env::temp_dir().join(format!("souk-actors-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let sqlite = SqliteStore::open(dir.join("souk.db"), 1).unwrap();
    let store = Arc::new(Flaky::new(sqlite.clone()));
    let (registry, rooms) = SessionRegistry::start_supervised();
    let fanout = Fanout::local(registry.clone(), rooms);
    let render: Render = Arc::new(|m: &ChatMessage| serde_json::json!({ "id": m.message_id, "text": m.text }).into());
    let actors = ConversationActors::new(store.clone(), fanout, render, Duration::from_millis(300));

    let (seller, buyer, outsider) = (sink("s"), sink("b"), sink("o"));
    registry.do_send(Register { account_id: SELLER, sink: seller.clone() });
    registry.do_send(Register { account_id: BUYER, sink: buyer.clone() });
    registry.do_send(Register { account_id: OUTSIDER, sink: outsider.clone() });
    let ad = ChatAd {
        ad_id: "ad-1".into(),
        list_id: 1,
        account_id: SELLER,
        title: "Vélo".into(),
        image: None,
        status: "active".into(),
    };
    let (conv, _) = store.open_conversation(ad, Starter::Account(BUYER)).await.unwrap();
    let id = conv.conversation_id.clone();

    let first = actors.post(BUYER, text(&id, BUYER, "c1")).await.expect("a party posts");
    assert!(!first.duplicate);
    registry.send(Size).await.unwrap();
    assert_eq!(seller.events("chat:message").len(), 1);
    assert_eq!(buyer.events("chat:message").len(), 1);
    assert!(outsider.got.lock().unwrap().is_empty(), "an outsider receives nothing");

    let refused = actors.post(OUTSIDER, text(&id, OUTSIDER, "x1")).await.unwrap_err();
    assert_eq!(refused.code, ErrorCode::ConversationNotFound);
    assert_eq!(store.messages(&id, SELLER, None, 50).await.unwrap().len(), 1, "nothing stored for an outsider");
    assert_eq!(actors.typing(&id, OUTSIDER, true).await.unwrap_err().code, ErrorCode::ConversationNotFound);

    actors.typing(&id, BUYER, true).await.unwrap();
    actors.read(&id, SELLER, first.message.message_id.clone()).await.unwrap();
    actors.block(&id, SELLER, true).await.unwrap();
    let blocked = actors.post(BUYER, text(&id, BUYER, "c2")).await.unwrap_err();
    assert_eq!(blocked.code, ErrorCode::ConversationBlocked);
    registry.send(Size).await.unwrap();
    assert_eq!(seller.events("chat:typing").len(), 1);
    assert_eq!(buyer.events("chat:read").len(), 1, "the sender gets the read receipt");
    assert_eq!(buyer.events("chat:blocked")[0]["blocked"], true);
    assert_eq!(seller.events("chat:blocked")[0]["blockedBy"], serde_json::json!([SELLER]));

    // A panic in storage fails that request only; the supervisor restarts the actor, which
    // reloads the conversation (still blocked) from storage.
    store.panic_next_append.store(true, Ordering::SeqCst);
    actors.block(&id, SELLER, false).await.unwrap();
    let crashed = actors.post(BUYER, text(&id, BUYER, "c3")).await.unwrap_err();
    assert_eq!(crashed.code, ErrorCode::InternalError);
    actors.block(&id, SELLER, true).await.unwrap();
    let after = actors.post(BUYER, text(&id, BUYER, "c4")).await.unwrap_err();
    assert_eq!(after.code, ErrorCode::ConversationBlocked, "state after the restart comes from storage");
    actors.block(&id, SELLER, false).await.unwrap();
    let again = actors.post(BUYER, text(&id, BUYER, "c3")).await.expect("the retried message goes through");
    assert!(!again.duplicate, "the crashed attempt stored nothing");
    let retry = actors.post(BUYER, text(&id, BUYER, "c3")).await.unwrap();
    assert!(retry.duplicate);
    assert_eq!(retry.message.message_id, again.message.message_id);

    assert_eq!(actors.live_count(), 1);
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(actors.live_count(), 0, "an idle conversation actor stops");
    // Neither an outsider nor unknown ids start an actor; each gets CONVERSATION_NOT_FOUND.
    assert_eq!(actors.typing(&id, OUTSIDER, true).await.unwrap_err().code, ErrorCode::ConversationNotFound);
    assert_eq!(
        actors.post(OUTSIDER, text(&id, OUTSIDER, "x2")).await.unwrap_err().code,
        ErrorCode::ConversationNotFound
    );
    for n in 0..200 {
        let random = uuid::Uuid::new_v4().to_string();
        let refused = match n % 5 {
            0 => actors.typing(&random, BUYER, true).await.map(drop),
            1 => actors.post(BUYER, text(&random, BUYER, &format!("r{n}"))).await.map(drop),
            2 => actors.read(&random, BUYER, first.message.message_id.clone()).await.map(drop),
            3 => actors.block(&random, BUYER, true).await.map(drop),
            _ => actors.conversation(&random, BUYER).await.map(drop),
        };
        assert_eq!(refused.unwrap_err().code, ErrorCode::ConversationNotFound, "request {n}");
    }
    assert_eq!(actors.live_count(), 0, "no actor for an outsider or an unknown conversation");
    // It comes back on demand, for a party.
    actors.typing(&id, SELLER, false).await.unwrap();
    assert_eq!(actors.live_count(), 1);
    sqlite.shutdown().await;
}
