//! Presence through the session registry: an account's first socket makes it online, its last
//! one leaving records when it was last seen, and the people it has conversations with get
//! `presence` events; the heartbeat keeps the entry alive, and a process that dies without a
//! word (no disconnect) stops counting once its heartbeats stop, even while another process
//! keeps the account online (each process's membership expires on its own: when the account
//! then leaves the live process, it goes offline and its partners are told), on the memory
//! store and on Redis when one answers; a panic in presence's store work, or in the registry, restarts that actor under
//! its supervisor with the state the design gives it.

mod common;

use common::Flaky;
use serde_json::Value;
use souk_actors::fanout::{Fanout, Payload};
use souk_actors::presence::{Presence, presence_of};
use souk_actors::sessions::Size;
use souk_actors::sessions::{AttachPresence, ClientSink, Register, SessionRegistry, Unregister};
use souk_storage::chat::{ChatAd, ChatStore, NewMessage, Starter};
use souk_storage::ephemeral::{Ephemeral, MemoryEphemeral, RedisEphemeral};
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

fn sink(id: &str) -> Arc<Sink> {
    Arc::new(Sink { id: id.into(), got: Mutex::new(Vec::new()) })
}

fn fresh_store(name: &str) -> SqliteStore {
    let dir = std::env::temp_dir().join(format!("souk-presence-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    SqliteStore::open(dir.join("souk.db"), 1).unwrap()
}

/// The real Redis on 127.0.0.1:6379 under a fresh prefix, or None (with the reason printed)
/// when none answers and `SOUK_REQUIRE_REDIS` is not set.
async fn redis() -> Option<RedisEphemeral> {
    let prefix = format!("souk-presence-test-{}:", uuid::Uuid::new_v4());
    match RedisEphemeral::connect("redis://127.0.0.1:6379", prefix).await {
        Ok(r) => Some(r),
        Err(e) => {
            assert!(std::env::var("SOUK_REQUIRE_REDIS").as_deref() != Ok("1"), "Redis is required: {e}");
            eprintln!("presence on Redis SKIPPED: no Redis on 127.0.0.1:6379 ({e})");
            None
        }
    }
}

/// A process that dies holds a socket of account 7 (its registry and presence run on their own
/// arbiter, stopped without any disconnect): the account stays online while the heartbeats run,
/// and goes offline within a time to live (three heartbeats) once they stop.
async fn a_crashed_process_stops_counting(ephemeral: Arc<dyn Ephemeral>) {
    let store = fresh_store("crash");
    let chat: Arc<dyn ChatStore> = Arc::new(store.clone());
    let heartbeat = Duration::from_millis(100);
    let process = actix::Arbiter::new();
    let (eph, started) = (Arc::clone(&ephemeral), tokio::sync::oneshot::channel::<()>());
    let (ready, is_ready) = started;
    process.spawn(async move {
        let (registry, rooms) = SessionRegistry::start_supervised();
        let presence = Presence::start_supervised(eph, chat, Fanout::local(registry.clone(), rooms), heartbeat);
        registry.do_send(AttachPresence(presence.recipient()));
        registry.do_send(Register { account_id: 7, sink: sink("doomed") });
        let _ = ready.send(());
    });
    is_ready.await.unwrap();
    eventually("online", async || presence_of(ephemeral.as_ref(), 7).await.unwrap().online).await;
    tokio::time::sleep(heartbeat * 5).await;
    assert!(presence_of(ephemeral.as_ref(), 7).await.unwrap().online, "the heartbeats keep it past one time to live");

    // The process dies: no Unregister, no offline written, no more heartbeats.
    assert!(process.stop());
    let died = std::time::Instant::now();
    eventually("offline once the heartbeats stopped", async || {
        !presence_of(ephemeral.as_ref(), 7).await.unwrap().online
    })
    .await;
    assert!(
        died.elapsed() <= heartbeat * 3 + Duration::from_millis(500),
        "within a time to live: {:?}",
        died.elapsed()
    );
    store.shutdown().await;
}

#[actix::test]
async fn a_crashed_process_stops_counting_once_its_heartbeats_stop() {
    a_crashed_process_stops_counting(Arc::new(MemoryEphemeral::new("presence-crash:"))).await;
    if let Some(redis) = redis().await {
        let redis = Arc::new(redis);
        a_crashed_process_stops_counting(redis.clone()).await;
        redis.clear_prefix().await.unwrap();
    }
}

/// Account 7 has sockets on two processes and talks with account 1, connected to the live one.
/// The other process dies without a word while the live one keeps heartbeating account 7: the
/// dead process's membership expires on its own, so the account stays online through the live
/// process only, and when its socket there leaves, account 7 goes offline at once and account 1
/// is told. (With one expiry for the whole set, which the live process kept refreshing, the dead
/// entry outlived it: no offline was pushed.)
async fn a_dead_process_does_not_keep_an_account_online(ephemeral: Arc<dyn Ephemeral>) {
    let store = fresh_store("two-processes");
    let ad = ChatAd {
        ad_id: "ad-1".into(),
        list_id: 1,
        account_id: 1,
        title: "Vélo".into(),
        image: None,
        status: "active".into(),
    };
    store.open_conversation(ad, Starter::Account(7)).await.unwrap();
    let chat: Arc<dyn ChatStore> = Arc::new(store.clone());
    let heartbeat = Duration::from_millis(100);

    let doomed = actix::Arbiter::new();
    let (eph, doomed_chat, (ready, is_ready)) =
        (Arc::clone(&ephemeral), Arc::clone(&chat), tokio::sync::oneshot::channel::<()>());
    doomed.spawn(async move {
        let (registry, rooms) = SessionRegistry::start_supervised();
        let presence = Presence::start_supervised(eph, doomed_chat, Fanout::local(registry.clone(), rooms), heartbeat);
        registry.do_send(AttachPresence(presence.recipient()));
        registry.do_send(Register { account_id: 7, sink: sink("doomed") });
        let _ = ready.send(());
    });
    is_ready.await.unwrap();

    let (registry, rooms) = SessionRegistry::start_supervised();
    let presence =
        Presence::start_supervised(ephemeral.clone(), chat, Fanout::local(registry.clone(), rooms), heartbeat);
    registry.do_send(AttachPresence(presence.recipient()));
    let seller = sink("seller");
    registry.do_send(Register { account_id: 1, sink: seller.clone() });
    registry.do_send(Register { account_id: 7, sink: sink("alive") });
    eventually("account 7 online", async || presence_of(ephemeral.as_ref(), 7).await.unwrap().online).await;

    assert!(doomed.stop());
    // Well past three of the dead process's heartbeats, while the live one beats on.
    tokio::time::sleep(heartbeat * 3 + Duration::from_millis(400)).await;
    assert!(presence_of(ephemeral.as_ref(), 7).await.unwrap().online, "the live process holds account 7");

    let told_offline = || {
        seller
            .got
            .lock()
            .unwrap()
            .iter()
            .any(|(event, p)| event == "presence" && p["accountId"] == 7 && p["online"] == false)
    };
    assert!(!told_offline());
    registry.do_send(Unregister { account_id: 7, socket_id: "alive".into() });
    eventually("account 1 told that account 7 is offline", async || told_offline()).await;
    let state = presence_of(ephemeral.as_ref(), 7).await.unwrap();
    assert!(!state.online && state.last_seen.is_some(), "{state:?}");
    store.shutdown().await;
}

#[actix::test]
async fn a_dead_process_does_not_keep_online_an_account_that_leaves_the_live_one() {
    a_dead_process_does_not_keep_an_account_online(Arc::new(MemoryEphemeral::new("presence-two:"))).await;
    if let Some(redis) = redis().await {
        let redis = Arc::new(redis);
        a_dead_process_does_not_keep_an_account_online(redis.clone()).await;
        redis.clear_prefix().await.unwrap();
    }
}

#[actix::test]
async fn a_panic_restarts_presence_which_keeps_its_accounts_online() {
    let sqlite = fresh_store("restart");
    let store = Arc::new(Flaky::new(sqlite.clone()));
    let ephemeral: Arc<dyn Ephemeral> = Arc::new(MemoryEphemeral::new("presence-restart:"));
    let heartbeat = Duration::from_millis(50);
    let (registry, rooms) = SessionRegistry::start_supervised();
    let presence =
        Presence::start_supervised(ephemeral.clone(), store.clone(), Fanout::local(registry.clone(), rooms), heartbeat);
    registry.do_send(AttachPresence(presence.clone().recipient()));
    registry.do_send(Register { account_id: 1, sink: sink("one") });
    eventually("account 1 online", async || presence_of(ephemeral.as_ref(), 1).await.unwrap().online).await;

    // Account 2 arrives and telling its partners panics: the actor restarts.
    store.panic_next_listing.store(true, Ordering::SeqCst);
    registry.do_send(Register { account_id: 2, sink: sink("two") });
    eventually("the panic happened", async || !store.panic_next_listing.load(Ordering::SeqCst)).await;
    // After the restart both accounts are still online here and heartbeated: after several
    // times to live they are online still.
    tokio::time::sleep(heartbeat * 10).await;
    assert!(presence.connected(), "restarted, not gone");
    for account in [1, 2] {
        assert!(presence_of(ephemeral.as_ref(), account).await.unwrap().online, "account {account} still online");
    }
    // And it goes on handling changes.
    registry.do_send(Unregister { account_id: 1, socket_id: "one".into() });
    eventually("account 1 offline", async || !presence_of(ephemeral.as_ref(), 1).await.unwrap().online).await;
    assert!(presence_of(ephemeral.as_ref(), 1).await.unwrap().last_seen.is_some());
    sqlite.shutdown().await;
}

/// A socket whose own code panics while the registry changes the rooms.
struct Broken;

impl ClientSink for Broken {
    fn socket_id(&self) -> &str {
        panic!("a transport bug")
    }
    fn send(&self, _: &str, _: &Payload) -> bool {
        true
    }
}

#[actix::test]
async fn a_panic_restarts_the_registry_which_keeps_its_rooms() {
    let (registry, rooms) = SessionRegistry::start_supervised();
    let fanout = Fanout::local(registry.clone(), rooms);
    let (a, b) = (sink("a"), sink("b"));
    registry.do_send(Register { account_id: 1, sink: a.clone() });
    registry.do_send(Register { account_id: 2, sink: b.clone() });
    // Joining account 1's room compares socket ids: the broken socket panics there.
    registry.do_send(Register { account_id: 1, sink: Arc::new(Broken) });
    let size = registry.send(Size).await.expect("the registry answers after its restart");
    assert_eq!((size.sockets, size.accounts), (2, 2), "the rooms are kept, without the broken socket");
    fanout.deliver(1, "e", serde_json::json!(1));
    fanout.deliver(2, "e", serde_json::json!(2));
    assert_eq!(a.got.lock().unwrap().len(), 1);
    assert_eq!(b.got.lock().unwrap().len(), 1);
    registry.do_send(Unregister { account_id: 1, socket_id: "a".into() });
    let size = registry.send(Size).await.unwrap();
    assert_eq!((size.sockets, size.accounts), (1, 1));
}

/// A reconnect storm: 40 accounts come online at once while each listing of conversations (the
/// partners to tell) takes 50 ms. The changes are written as batches with the accounts side by
/// side — listings run at once (one at a time, the storm would take 40 × 50 ms and queue every
/// change behind it) — and an account whose socket came and went within one batch ends offline
/// with its last-seen time, its last change winning.
#[actix::test]
async fn a_reconnect_storm_is_written_in_batches_with_the_accounts_side_by_side() {
    let sqlite = fresh_store("storm");
    let store = Arc::new(Flaky::new(sqlite.clone()));
    store.listing_delay_ms.store(50, Ordering::SeqCst);
    let ephemeral: Arc<dyn Ephemeral> = Arc::new(MemoryEphemeral::new("presence-storm:"));
    let (registry, rooms) = SessionRegistry::start_supervised();
    let chat: Arc<dyn ChatStore> = store.clone();
    let presence = Presence::start_supervised(
        ephemeral.clone(),
        chat,
        Fanout::local(registry.clone(), rooms),
        Duration::from_secs(5),
    );
    registry.do_send(AttachPresence(presence.recipient()));

    for account in 100..140 {
        registry.do_send(Register { account_id: account, sink: sink(&format!("s-{account}")) });
    }
    registry.do_send(Register { account_id: 99, sink: sink("blink") });
    registry.do_send(Unregister { account_id: 99, socket_id: "blink".into() });
    for account in 100..140 {
        eventually("every account of the storm online", async || {
            presence_of(ephemeral.as_ref(), account).await.unwrap().online
        })
        .await;
    }
    eventually("the account that came and went offline, with its last-seen time", async || {
        let state = presence_of(ephemeral.as_ref(), 99).await.unwrap();
        !state.online && state.last_seen.is_some()
    })
    .await;
    let at_once = store.listings_at_once.load(Ordering::SeqCst);
    assert!(at_once > 1, "the accounts of a batch are written side by side: at most {at_once} listing at once");
    assert!(
        at_once <= souk_actors::presence::CONCURRENCY,
        "and no more than {} at once",
        souk_actors::presence::CONCURRENCY
    );
    sqlite.shutdown().await;
}
