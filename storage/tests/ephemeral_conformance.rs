//! Runs the ephemeral conformance suite against every reachable backend: memory always, Redis
//! when `REDIS_URL` (default redis://127.0.0.1:6379) answers within a second. With
//! `SOUK_REQUIRE_REDIS=1` (CI) an unreachable Redis fails instead of skipping.

use std::sync::Arc;
use std::time::Duration;

use souk_storage::ephemeral::{
    Ephemeral, EphemeralError, EphemeralResult, MemoryEphemeral, RedisEphemeral, conformance,
};

const DEFAULT_REDIS_URL: &str = "redis://127.0.0.1:6379";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn memory_backend_conforms() {
    let store = MemoryEphemeral::new("souk-test:");
    let other = store.with_prefix("souk-other:");
    conformance::run_all(Arc::new(store), Arc::new(other)).await;
}

/// Connects to the test Redis under a fresh prefix, or returns None when it may be skipped.
async fn redis_store(prefix: String) -> Option<RedisEphemeral> {
    let url = std::env::var("REDIS_URL").unwrap_or_else(|_| DEFAULT_REDIS_URL.to_owned());
    let attempt = tokio::time::timeout(Duration::from_secs(1), async {
        let store = RedisEphemeral::connect(&url, prefix).await?;
        store.ping().await?;
        Ok::<_, EphemeralError>(store)
    })
    .await;
    let url = redacted(&url);
    let reason = match attempt {
        Ok(Ok(store)) => return Some(store),
        Ok(Err(error)) => error.to_string(),
        Err(_) => "no answer within 1 s".to_owned(),
    };
    if std::env::var("SOUK_REQUIRE_REDIS").is_ok_and(|v| v == "1") {
        panic!("ephemeral conformance: Redis not reachable at {url} ({reason}) and SOUK_REQUIRE_REDIS=1");
    }
    eprintln!("ephemeral conformance: Redis not reachable at {url}, skipped ({reason})");
    None
}

/// The URL without its password, for messages.
fn redacted(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme_end), Some(at)) if at > scheme_end => {
            format!("{}://***{}", &url[..scheme_end], &url[at..])
        }
        _ => url.to_owned(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_backend_conforms() {
    let run = uuid::Uuid::now_v7();
    let Some(store) = redis_store(format!("souk-test-{run}:")).await else {
        return;
    };
    let other = store.with_prefix(format!("souk-test-{run}-other:"));
    let (store, other) = (Arc::new(store), Arc::new(other));

    let suite = tokio::spawn(conformance::run_all(store.clone(), other.clone())).await;
    // Clean up even when the suite failed, then report the failure.
    let cleaned = clear(&store).await.and(clear(&other).await);
    if let Err(join_error) = suite {
        std::panic::resume_unwind(join_error.into_panic());
    }
    if let Err(error) = cleaned {
        panic!("could not clear the test prefixes: {error}");
    }
}

async fn clear(store: &RedisEphemeral) -> EphemeralResult<()> {
    store.clear_prefix().await?;
    assert_eq!(store.clear_prefix().await?, 0, "nothing left under {}", store.prefix());
    Ok(())
}

#[tokio::test]
async fn redis_clear_prefix_deletes_only_its_own_keys() {
    let run = uuid::Uuid::now_v7();
    let Some(store) = redis_store(format!("souk-test-{run}*[x]:")).await else {
        return;
    };
    // A key that the unescaped glob `souk-test-<run>*[x]:*` would match.
    let neighbour = store.with_prefix(format!("souk-test-{run}-x:"));
    let result = async {
        store.set("a", b"1", None).await?;
        store.set_add("b", "m", None).await?;
        neighbour.set("c", b"1", None).await?;
        assert_eq!(store.clear_prefix().await?, 2);
        assert_eq!(store.get("a").await?, None);
        assert_eq!(neighbour.get("c").await?, Some(b"1".to_vec()));
        Ok::<_, EphemeralError>(())
    }
    .await;
    let cleaned = neighbour.clear_prefix().await;
    assert!(result.is_ok(), "{result:?}");
    assert!(cleaned.is_ok(), "{cleaned:?}");
    assert!(matches!(store.with_prefix("").clear_prefix().await, Err(EphemeralError::InvalidArgument(_))));
}

#[tokio::test]
async fn redis_unreachable_is_unavailable() {
    // Port 1 on loopback: nothing listens there.
    let result = RedisEphemeral::connect("redis://127.0.0.1:1", "souk-test:").await;
    assert!(matches!(result, Err(EphemeralError::Unavailable(_))), "{result:?}");
}

#[tokio::test]
async fn redis_malformed_url_is_invalid_argument() {
    let result = RedisEphemeral::connect("http://127.0.0.1:6379", "souk-test:").await;
    assert!(matches!(result, Err(EphemeralError::InvalidArgument(_))), "{result:?}");
}
