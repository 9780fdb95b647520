//! Cross-node delivery never drops silently (issue 27): when events cannot all cross to the
//! other node (the publish queue overflows), the account's sockets over there get a
//! `realtime:catchup` after the last event they missed, so they read the rest from storage.
//! Two fan-outs share one in-memory publish/subscribe, as two `souk serve` processes share Redis.

use serde_json::json;
use souk_actors::fanout::{CATCH_UP_EVENT, Fanout, Payload};
use souk_actors::sessions::{ClientSink, Register, SessionRegistry};
use souk_storage::ephemeral::Ephemeral;
use souk_storage::ephemeral::memory::MemoryEphemeral;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

struct Sink {
    got: Mutex<Vec<String>>,
}

impl ClientSink for Sink {
    fn socket_id(&self) -> &str {
        "far-socket"
    }
    fn send(&self, event: &str, payload: &Payload) -> bool {
        let n = payload.value()["n"].as_i64().map_or(String::new(), |n| n.to_string());
        self.got.lock().unwrap().push(format!("{event}:{n}"));
        true
    }
}

#[actix::test]
async fn an_overflowing_publish_queue_sends_a_catch_up_after_what_was_missed() {
    let shared: Arc<dyn Ephemeral> = Arc::new(MemoryEphemeral::new("fanout-catch-up:"));
    let (near_registry, near_rooms) = SessionRegistry::start_supervised();
    let near = Fanout::distributed(near_registry, near_rooms, Arc::clone(&shared)).await;
    let (far_registry, far_rooms) = SessionRegistry::start_supervised();
    let _far = Fanout::distributed(far_registry.clone(), far_rooms.clone(), Arc::clone(&shared)).await;
    let sink = Arc::new(Sink { got: Mutex::new(Vec::new()) });
    far_registry.send(Register { account_id: 7, sink: sink.clone() }).await.expect("register");

    // Far more events than the publish queue holds, without yielding: the queue overflows.
    const SENT: i64 = 40_000;
    for n in 0..SENT {
        near.deliver(7, "chat:message", json!({ "n": n }));
    }
    // Every marked account's catch-up goes out after the drops it answers: here every drop
    // happened before the publisher first ran, so any catch-up received answers them all.
    let started = Instant::now();
    let mut last = (0, Instant::now());
    let (delivered, catch_ups) = loop {
        let got = sink.got.lock().unwrap().clone();
        let delivered = got.iter().filter(|e| e.starts_with("chat:message:")).count();
        let catch_ups = got.iter().filter(|e| e.starts_with(CATCH_UP_EVENT)).count();
        if delivered != last.0 {
            last = (delivered, Instant::now());
        }
        if delivered as i64 == SENT || (catch_ups > 0 && last.1.elapsed() > Duration::from_millis(500)) {
            break (delivered as i64, catch_ups);
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "neither every event nor a catch-up: {delivered} of {SENT}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert!(delivered < SENT, "the queue did not overflow ({delivered} of {SENT}): the test proves nothing");
    assert!(catch_ups >= 1, "{delivered} of {SENT} events crossed and no catch-up was sent");
}
