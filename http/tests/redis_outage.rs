//! A Redis outage does not end live sockets (issue 27): while the ephemeral store is down an
//! event's token check reads the durable revocation list, the event is answered (or gets a
//! retryable error with a request id) and the socket stays; when Redis is back the same socket
//! works again. Runs its own `redis-server` on a free port,
//! which it stops and starts again.

mod common;

use common::chat::{PollingClient, private, sign_up};
use common::redis::{answers, free_port, redis_on, skip_without_redis};
use common::start;
use serde_json::json;
use std::time::Duration;

#[actix_web::test]
async fn a_redis_outage_answers_events_with_a_retryable_error_and_keeps_the_socket() {
    let port = free_port();
    let Some(redis) = redis_on(port) else {
        skip_without_redis("Redis outage test");
        return;
    };
    assert!(answers(port).await, "the private redis-server did not start");
    let s = start("redis-outage", |settings| {
        settings.ephemeral.backend = souk_http::config::EphemeralBackend::Redis;
        settings.ephemeral.redis_url = format!("redis://127.0.0.1:{port}");
        settings.ephemeral.prefix = format!("outage-{}:", uuid::Uuid::new_v4());
    })
    .await;
    let (token, _) = sign_up(&s.base, private("0611000901")).await;
    let (socket, reply) = PollingClient::connect(&s.base, &token).await;
    assert!(reply.starts_with("40{\"sid\":"), "{reply}");

    // Redis goes away; the next event (past the recheck interval) checks the token against the
    // durable revocation list (docs/security.md) and is answered for what it is.
    drop(redis);
    tokio::time::sleep(souk_http::realtime::RECHECK + Duration::from_millis(300)).await;
    let during = socket.ask(1, "no:such-event", json!({})).await;
    assert_eq!(during["error"]["code"], "INVALID_ARGUMENT", "{during}");
    let listed = socket.ask(2, "chat:list", json!({})).await;
    assert!(listed["conversations"].is_array() || listed["error"]["requestId"].is_string(), "{listed}");

    // Redis is back: the same socket checks again and goes on (the unknown event is now
    // refused for what it is, after a successful token check).
    let _redis = redis_on(port).expect("redis again");
    assert!(answers(port).await);
    let mut after = json!(null);
    for n in 0..40u64 {
        after = socket.ask(10 + n, "no:such-event", json!({})).await;
        if after["error"]["code"] == "INVALID_ARGUMENT" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    assert_eq!(after["error"]["code"], "INVALID_ARGUMENT", "the socket lived through the outage: {after}");
}
