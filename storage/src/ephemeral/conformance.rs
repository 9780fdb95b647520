//! Conformance suite of the [`Ephemeral`] trait: every backend (and every decorator wrapped
//! around one) must pass it. It is ordinary code so that any crate's tests can run it:
//! `run_all(store, other).await`, where `other` reaches the same data as `store` (same server,
//! or `MemoryEphemeral::with_prefix`) under a prefix that neither starts nor is started by
//! `store`'s. Cases panic on a violated expectation and use real time (TTLs of about a second);
//! `run_all` runs them concurrently, so the whole suite takes about two seconds.
//!
//! Each case touches only keys and channels under its own name (`rt:`, `exp:`, ...), so cases
//! can share a store. Keys created without a ttl are left behind: give the stores a throw-away
//! prefix and clear it afterwards (`RedisEphemeral::clear_prefix`).

use std::any::Any;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use tokio::task::JoinHandle;
use tokio::time::{Instant, sleep, sleep_until, timeout};

use super::{Ephemeral, EphemeralError, EphemeralResult, Subscription};

/// Short time to live used by the expiry cases.
pub const TTL: Duration = Duration::from_millis(1200);
/// Slack for the round trip and millisecond rounding when waiting for an expiry.
const MARGIN: Duration = Duration::from_millis(150);
/// How long a subscriber waits for a message that must arrive.
const DELIVERY_WAIT: Duration = Duration::from_secs(3);

/// One case: runs against `store`, with `other` for the cases that need a second prefix.
pub type Case = fn(Arc<dyn Ephemeral>, Arc<dyn Ephemeral>) -> CaseFuture;
/// What a [`Case`] returns.
pub type CaseFuture = Pin<Box<dyn Future<Output = EphemeralResult<()>> + Send>>;

/// Every case, by name.
pub const CASES: &[(&str, Case)] = &[
    ("basics", |s, _| Box::pin(basics(s))),
    ("bytes_round_trip", |s, _| Box::pin(bytes_round_trip(s))),
    ("get_many", |s, _| Box::pin(get_many(s))),
    ("expiry", |s, _| Box::pin(expiry(s))),
    ("set_if_absent", |s, _| Box::pin(set_if_absent(s))),
    ("counters", |s, _| Box::pin(counters(s))),
    ("concurrent_increments", |s, _| Box::pin(concurrent_increments(s))),
    ("wrong_type", |s, _| Box::pin(wrong_type(s))),
    ("sets", |s, _| Box::pin(sets(s))),
    ("set_expiry", |s, _| Box::pin(set_expiry(s))),
    ("expiring_sets", |s, _| Box::pin(expiring_sets(s))),
    ("expiring_set_types", |s, _| Box::pin(expiring_set_types(s))),
    ("expiring_set_claims", |s, _| Box::pin(expiring_set_claims(s))),
    ("concurrent_claims", |s, _| Box::pin(concurrent_claims(s))),
    ("expiring_set_refresh", |s, _| Box::pin(expiring_set_refresh(s))),
    ("prefix_isolation", |s, o| Box::pin(prefix_isolation(s, o))),
    ("pubsub_fan_out_in_order", |s, _| Box::pin(pubsub_fan_out_in_order(s))),
    ("pubsub_without_subscriber", |s, _| Box::pin(pubsub_without_subscriber(s))),
    ("pubsub_drop_unsubscribes", |s, _| Box::pin(pubsub_drop_unsubscribes(s))),
    ("pubsub_isolation", |s, o| Box::pin(pubsub_isolation(s, o))),
];

/// Runs every case concurrently and panics with the list of failed cases, if any.
pub async fn run_all(store: Arc<dyn Ephemeral>, other: Arc<dyn Ephemeral>) {
    let backend = store.backend_name();
    let running: Vec<(&str, JoinHandle<EphemeralResult<()>>)> =
        CASES.iter().map(|(name, case)| (*name, tokio::spawn(case(store.clone(), other.clone())))).collect();
    let mut failures = Vec::new();
    for (name, handle) in running {
        match handle.await {
            Ok(Ok(())) => {}
            Ok(Err(error)) => failures.push(format!("{name}: unexpected error: {error}")),
            Err(join_error) if join_error.is_panic() => {
                failures.push(format!("{name}: {}", panic_text(join_error.into_panic())));
            }
            Err(join_error) => failures.push(format!("{name}: {join_error}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} ephemeral conformance cases failed on the {backend} backend:\n{}",
        failures.len(),
        CASES.len(),
        failures.join("\n")
    );
}

fn panic_text(payload: Box<dyn Any + Send>) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        (*text).to_owned()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "panicked".to_owned()
    }
}

fn assert_wrong_type<T: std::fmt::Debug>(result: EphemeralResult<T>, expected_key: &str) {
    match result {
        Err(EphemeralError::WrongType { key }) => assert_eq!(key, expected_key),
        other => panic!("expected WrongType for {expected_key:?}, got {other:?}"),
    }
}

fn assert_invalid_argument<T: std::fmt::Debug>(result: EphemeralResult<T>, what: &str) {
    assert!(
        matches!(result, Err(EphemeralError::InvalidArgument(_))),
        "{what}: expected InvalidArgument, got {result:?}"
    );
}

async fn next_within(subscription: &mut Subscription, what: &str) -> Vec<u8> {
    match timeout(DELIVERY_WAIT, subscription.next()).await {
        Ok(Some(message)) => message,
        Ok(None) => panic!("{what}: subscription ended"),
        Err(_) => panic!("{what}: no message within {DELIVERY_WAIT:?}"),
    }
}

async fn assert_nothing_more(subscription: &mut Subscription, what: &str) {
    if let Ok(message) = timeout(Duration::from_millis(200), subscription.next()).await {
        panic!("{what}: unexpected {message:?}");
    }
}

/// Publishes probes until `expected` subscribers receive one (the server may learn of a dropped
/// subscription a moment after the drop); returns the last count.
async fn publish_until(store: &dyn Ephemeral, channel: &str, expected: usize) -> EphemeralResult<usize> {
    let give_up = Instant::now() + DELIVERY_WAIT;
    loop {
        let count = store.publish(channel, b"probe").await?;
        if count == expected || Instant::now() >= give_up {
            return Ok(count);
        }
        sleep(Duration::from_millis(20)).await;
    }
}

/// ping answers and the backend names itself.
pub async fn basics(store: Arc<dyn Ephemeral>) -> EphemeralResult<()> {
    store.ping().await?;
    assert!(["memory", "redis"].contains(&store.backend_name()), "unknown backend name {:?}", store.backend_name());
    Ok(())
}

/// get_many answers each key in the order asked: values, None for missing, expired and
/// non-byte keys.
pub async fn get_many(store: Arc<dyn Ephemeral>) -> EphemeralResult<()> {
    assert!(store.get_many(&[]).await?.is_empty());
    store.set("many:a", b"1", None).await?;
    store.set("many:c", b"\x00\xff", None).await?;
    store.set("many:gone", b"x", Some(Duration::from_millis(20))).await?;
    store.set_add("many:set", "m", None).await?;
    tokio::time::sleep(Duration::from_millis(60)).await;
    let keys: Vec<String> =
        ["many:c", "many:b", "many:a", "many:gone", "many:set"].iter().map(|k| k.to_string()).collect();
    let got = store.get_many(&keys).await?;
    assert_eq!(got, vec![Some(b"\x00\xff".to_vec()), None, Some(b"1".to_vec()), None, None]);
    Ok(())
}

/// set/get/delete keep arbitrary bytes; missing keys read as None.
pub async fn bytes_round_trip(store: Arc<dyn Ephemeral>) -> EphemeralResult<()> {
    let every_byte: Vec<u8> = (0..=255).collect();
    assert_eq!(store.get("rt:missing").await?, None);
    assert_eq!(store.ttl("rt:missing").await?, None);
    assert!(!store.delete("rt:missing").await?);

    store.set("rt:bytes", &every_byte, None).await?;
    assert_eq!(store.get("rt:bytes").await?, Some(every_byte.clone()));
    assert_eq!(store.ttl("rt:bytes").await?, None, "no ttl was given");

    store.set("rt:bytes", b"\0second\xff", None).await?;
    assert_eq!(store.get("rt:bytes").await?, Some(b"\0second\xff".to_vec()));

    store.set("rt:empty", b"", None).await?;
    assert_eq!(store.get("rt:empty").await?, Some(Vec::new()), "empty is not missing");

    let odd_key = "rt:clé avec espaces *?[x]\\ \n";
    store.set(odd_key, b"odd", None).await?;
    assert_eq!(store.get(odd_key).await?, Some(b"odd".to_vec()));
    assert_eq!(store.get("rt:clé avec espaces").await?, None);

    assert!(store.delete("rt:bytes").await?);
    assert_eq!(store.get("rt:bytes").await?, None);
    assert!(!store.delete("rt:bytes").await?, "already deleted");
    assert!(store.delete(odd_key).await?);
    assert!(store.delete("rt:empty").await?);
    Ok(())
}

/// Times to live are reported, cleared by a plain set, applied by expire, and really expire.
pub async fn expiry(store: Arc<dyn Ephemeral>) -> EphemeralResult<()> {
    assert_invalid_argument(store.set("exp:zero", b"v", Some(Duration::ZERO)).await, "zero ttl");
    assert_eq!(store.get("exp:zero").await?, None);

    store.set("exp:short", b"v", Some(TTL)).await?;
    store.set("exp:cleared", b"v", Some(TTL)).await?;
    store.set("exp:cleared", b"w", None).await?;
    store.set("exp:later", b"v", None).await?;
    assert!(store.expire("exp:later", TTL).await?);
    let expired_by = Instant::now() + TTL + MARGIN;
    store.set("exp:long", b"v", Some(Duration::from_secs(60))).await?;

    assert!(!store.expire("exp:missing", TTL).await?, "expire on a missing key");
    assert_eq!(store.get("exp:missing").await?, None);
    assert_invalid_argument(store.expire("exp:long", Duration::ZERO).await, "expire 0");

    let left = store.ttl("exp:short").await?;
    assert!(
        left.is_some_and(|left| left <= TTL && left > TTL - Duration::from_millis(600)),
        "ttl right after set: {left:?}"
    );
    assert_eq!(store.ttl("exp:cleared").await?, None, "set without ttl clears it");
    assert!(store.ttl("exp:later").await?.is_some_and(|left| left <= TTL));
    assert_eq!(store.get("exp:short").await?, Some(b"v".to_vec()), "not yet expired");

    sleep_until(expired_by).await;
    assert_eq!(store.get("exp:short").await?, None, "expired");
    assert_eq!(store.ttl("exp:short").await?, None);
    assert!(!store.delete("exp:short").await?, "nothing left to delete");
    assert!(!store.expire("exp:later", TTL).await?, "expired key is absent");
    assert_eq!(store.get("exp:later").await?, None);
    assert_eq!(store.get("exp:cleared").await?, Some(b"w".to_vec()));
    assert_eq!(store.get("exp:long").await?, Some(b"v".to_vec()));
    assert!(store.delete("exp:cleared").await?);
    assert!(store.delete("exp:long").await?);
    Ok(())
}

/// set_if_absent refuses while the key is present (of any kind) and succeeds after expiry.
pub async fn set_if_absent(store: Arc<dyn Ephemeral>) -> EphemeralResult<()> {
    assert!(store.set_if_absent("sia:lock", b"first", Some(TTL)).await?);
    let expired_by = Instant::now() + TTL + MARGIN;
    assert!(!store.set_if_absent("sia:lock", b"second", None).await?);
    assert_eq!(store.get("sia:lock").await?, Some(b"first".to_vec()));
    assert!(store.ttl("sia:lock").await?.is_some(), "a refused set_if_absent keeps the ttl");

    store.set_add("sia:set", "m", None).await?;
    assert!(!store.set_if_absent("sia:set", b"v", None).await?, "a set is present");
    assert_eq!(store.set_len("sia:set").await?, 1);

    sleep_until(expired_by).await;
    assert!(store.set_if_absent("sia:lock", b"second", None).await?, "after expiry");
    assert_eq!(store.get("sia:lock").await?, Some(b"second".to_vec()));
    assert_eq!(store.ttl("sia:lock").await?, None);
    assert!(store.delete("sia:lock").await?);
    assert!(store.delete("sia:set").await?);
    Ok(())
}

/// Counters start at 0, add exactly, keep their first window, and read as decimal text.
pub async fn counters(store: Arc<dyn Ephemeral>) -> EphemeralResult<()> {
    assert_eq!(store.incr("ctr:plain", 5, None).await?, 5);
    assert_eq!(store.incr("ctr:plain", -7, None).await?, -2);
    assert_eq!(store.get("ctr:plain").await?, Some(b"-2".to_vec()));
    assert_eq!(store.incr("ctr:plain", 1, Some(TTL)).await?, -1);
    assert_eq!(store.ttl("ctr:plain").await?, None, "ttl_if_new ignored: not new");

    store.set("ctr:text", b"41", None).await?;
    assert_eq!(store.incr("ctr:text", 1, None).await?, 42);

    // Precision beyond 2^53 on both code paths.
    let big = (1i64 << 60) + 1;
    store.set("ctr:big", big.to_string().as_bytes(), None).await?;
    assert_eq!(store.incr("ctr:big", 2, Some(TTL)).await?, big + 2);
    assert_eq!(store.incr("ctr:big", 2, None).await?, big + 4);
    assert_eq!(store.incr("ctr:bignew", i64::MAX - 1, Some(Duration::from_secs(60))).await?, i64::MAX - 1);

    store.set("ctr:max", i64::MAX.to_string().as_bytes(), None).await?;
    assert_invalid_argument(store.incr("ctr:max", 1, None).await, "overflow");
    assert_invalid_argument(store.incr("ctr:max", 1, Some(TTL)).await, "overflow (ttl)");
    assert_eq!(store.get("ctr:max").await?, Some(i64::MAX.to_string().into_bytes()));

    store.set("ctr:word", b"abc", None).await?;
    assert_wrong_type(store.incr("ctr:word", 1, None).await, "ctr:word");
    store.set("ctr:padded", b"007", None).await?;
    assert_wrong_type(store.incr("ctr:padded", 1, Some(TTL)).await, "ctr:padded");
    assert_invalid_argument(store.incr("ctr:zero", 1, Some(Duration::ZERO)).await, "zero ttl");
    assert_eq!(store.get("ctr:zero").await?, None);

    // Fixed window: later increments do not move the deadline.
    assert_eq!(store.incr("ctr:window", 1, Some(TTL)).await?, 1);
    let expired_by = Instant::now() + TTL + MARGIN;
    let opened = Instant::now();
    sleep(Duration::from_millis(400)).await;
    assert_eq!(store.incr("ctr:window", 2, Some(TTL)).await?, 3);
    let left = store.ttl("ctr:window").await?;
    let waited = opened.elapsed();
    assert!(
        left.is_some_and(|left| left + waited <= TTL + Duration::from_millis(5)),
        "window slid: {left:?} left after {waited:?}"
    );

    sleep_until(expired_by).await;
    assert_eq!(store.get("ctr:window").await?, None, "window over");
    assert_eq!(store.incr("ctr:window", 1, Some(TTL)).await?, 1, "new window");
    assert!(store.ttl("ctr:window").await?.is_some_and(|left| left > TTL / 2));

    for key in ["ctr:plain", "ctr:text", "ctr:big", "ctr:bignew", "ctr:max", "ctr:word", "ctr:padded", "ctr:window"] {
        assert!(store.delete(key).await?, "{key} should exist");
    }
    Ok(())
}

/// 50 concurrent increments of a new counter each see a distinct value and sum exactly.
pub async fn concurrent_increments(store: Arc<dyn Ephemeral>) -> EphemeralResult<()> {
    const TASKS: i64 = 50;
    let handles: Vec<_> = (1..=TASKS)
        .map(|i| {
            let store = store.clone();
            tokio::spawn(async move {
                let hits = store.incr("conc:hits", 1, Some(Duration::from_secs(30))).await?;
                store.incr("conc:sum", i, None).await?;
                Ok::<_, EphemeralError>(hits)
            })
        })
        .collect();
    let mut seen = Vec::new();
    for handle in handles {
        match handle.await {
            Ok(result) => seen.push(result?),
            Err(join_error) => panic!("increment task failed: {join_error}"),
        }
    }
    seen.sort_unstable();
    assert_eq!(seen, (1..=TASKS).collect::<Vec<_>>(), "each increment saw a distinct value");
    assert_eq!(store.get("conc:hits").await?, Some(TASKS.to_string().into_bytes()));
    assert_eq!(store.get("conc:sum").await?, Some((TASKS * (TASKS + 1) / 2).to_string().into_bytes()));
    assert!(
        store.ttl("conc:hits").await?.is_some_and(|left| left <= Duration::from_secs(30)),
        "the racing creators gave the counter its window"
    );
    assert!(store.delete("conc:hits").await?);
    assert!(store.delete("conc:sum").await?);
    Ok(())
}

/// Operations on a key of the other kind fail with WrongType and change nothing.
pub async fn wrong_type(store: Arc<dyn Ephemeral>) -> EphemeralResult<()> {
    store.set_add("wt:set", "m", None).await?;
    assert_wrong_type(store.incr("wt:set", 1, None).await, "wt:set");
    assert_wrong_type(store.incr("wt:set", 1, Some(TTL)).await, "wt:set");
    assert_wrong_type(store.get("wt:set").await, "wt:set");
    assert_eq!(store.set_members("wt:set").await?, vec!["m".to_owned()]);
    assert_eq!(store.ttl("wt:set").await?, None);

    store.set("wt:bytes", b"v", None).await?;
    assert_wrong_type(store.set_add("wt:bytes", "m", None).await, "wt:bytes");
    assert_wrong_type(store.set_add("wt:bytes", "m", Some(TTL)).await, "wt:bytes");
    assert_wrong_type(store.set_remove("wt:bytes", "m").await, "wt:bytes");
    assert_wrong_type(store.set_members("wt:bytes").await, "wt:bytes");
    assert_wrong_type(store.set_contains("wt:bytes", "m").await, "wt:bytes");
    assert_wrong_type(store.set_len("wt:bytes").await, "wt:bytes");
    assert_eq!(store.get("wt:bytes").await?, Some(b"v".to_vec()));
    assert_eq!(store.ttl("wt:bytes").await?, None, "failed set_add applied no ttl");

    // A plain set replaces a value of any kind.
    store.set("wt:set", b"now bytes", None).await?;
    assert_eq!(store.get("wt:set").await?, Some(b"now bytes".to_vec()));
    assert!(store.delete("wt:set").await?);
    assert!(store.delete("wt:bytes").await?);
    Ok(())
}

/// Sets have membership semantics, sorted listing, and disappear with their last member.
pub async fn sets(store: Arc<dyn Ephemeral>) -> EphemeralResult<()> {
    for member in ["pear", "apple", "été", "", "fig"] {
        assert!(store.set_add("sets:fruit", member, None).await?, "{member:?} is new");
    }
    assert!(!store.set_add("sets:fruit", "apple", None).await?, "apple again");
    assert_eq!(store.set_members("sets:fruit").await?, ["", "apple", "fig", "pear", "été"].map(str::to_owned).to_vec());
    assert_eq!(store.set_len("sets:fruit").await?, 5);
    assert!(store.set_contains("sets:fruit", "apple").await?);
    assert!(store.set_contains("sets:fruit", "").await?);
    assert!(!store.set_contains("sets:fruit", "grape").await?);
    assert!(!store.set_contains("sets:fruit", "Apple").await?);
    assert_eq!(store.ttl("sets:fruit").await?, None);

    assert_eq!(store.set_members("sets:missing").await?, Vec::<String>::new());
    assert_eq!(store.set_len("sets:missing").await?, 0);
    assert!(!store.set_contains("sets:missing", "x").await?);
    assert!(!store.set_remove("sets:missing", "x").await?);

    assert!(store.set_remove("sets:fruit", "fig").await?);
    assert!(!store.set_remove("sets:fruit", "fig").await?, "already removed");
    assert_eq!(store.set_len("sets:fruit").await?, 4);
    for member in ["pear", "apple", "été", ""] {
        assert!(store.set_remove("sets:fruit", member).await?);
    }
    assert_eq!(store.set_len("sets:fruit").await?, 0);
    assert_eq!(store.get("sets:fruit").await?, None, "empty set leaves no key");
    assert!(!store.delete("sets:fruit").await?);
    assert_eq!(store.incr("sets:fruit", 1, None).await?, 1, "key is free again");
    assert!(store.delete("sets:fruit").await?);
    Ok(())
}

/// A ttl given to set_add is (re)applied to the whole set; None keeps it; the set expires.
pub async fn set_expiry(store: Arc<dyn Ephemeral>) -> EphemeralResult<()> {
    assert!(store.set_add("sx:online", "u1", Some(TTL)).await?);
    let first_ttl_at = Instant::now();
    store.set_add("sx:plain", "u1", None).await?;
    sleep(Duration::from_millis(400)).await;

    assert!(store.set_add("sx:online", "u2", None).await?);
    let left = store.ttl("sx:online").await?;
    let waited = first_ttl_at.elapsed();
    assert!(
        left.is_some_and(|left| left + waited <= TTL + Duration::from_millis(5)),
        "set_add without ttl kept the deadline: {left:?} left after {waited:?}"
    );

    // A heartbeat: the member is already there, but the ttl is re-applied.
    assert!(!store.set_add("sx:online", "u1", Some(TTL)).await?);
    let expired_by = Instant::now() + TTL + MARGIN;
    let left = store.ttl("sx:online").await?;
    assert!(left.is_some_and(|left| left > TTL - Duration::from_millis(300)), "ttl re-applied: {left:?}");
    assert_eq!(store.ttl("sx:plain").await?, None);

    sleep_until(expired_by).await;
    assert_eq!(store.set_len("sx:online").await?, 0, "set expired");
    assert_eq!(store.set_members("sx:online").await?, Vec::<String>::new());
    assert!(!store.set_contains("sx:online", "u1").await?);
    assert_eq!(store.set_len("sx:plain").await?, 1);
    assert!(store.delete("sx:plain").await?);
    Ok(())
}

/// Each member of an expiring set has its own time to live: one that expires leaves while the
/// others stay, a refresh extends only its member, the key lives as long as its latest member,
/// and only live members count, are listed, or are reported removed.
pub async fn expiring_sets(store: Arc<dyn Ephemeral>) -> EphemeralResult<()> {
    let long = Duration::from_secs(60);
    assert_eq!(store.expiring_set_len("es:missing").await?, 0);
    assert_eq!(store.expiring_set_members("es:missing").await?, Vec::<String>::new());
    assert!(!store.expiring_set_remove("es:missing", "a").await?);
    assert_invalid_argument(store.expiring_set_add("es:zero", "a", Duration::ZERO).await, "zero ttl");
    assert_eq!(store.expiring_set_len("es:zero").await?, 0);

    // Three processes hold the account: one stops heartbeating (short), one lives long, one beats.
    let started = Instant::now();
    assert!(store.expiring_set_add("es:online", "short", TTL).await?);
    assert!(store.expiring_set_add("es:online", "long", long).await?);
    assert!(store.expiring_set_add("es:online", "beat", TTL).await?);
    let short_gone_by = started + TTL + MARGIN;
    assert_eq!(store.expiring_set_members("es:online").await?, ["beat", "long", "short"].map(str::to_owned).to_vec());
    assert_eq!(store.expiring_set_len("es:online").await?, 3);
    let left = store.ttl("es:online").await?;
    assert!(
        left.is_some_and(|left| left > long - Duration::from_secs(5)),
        "the key lives as its latest member: {left:?}"
    );

    sleep(Duration::from_millis(600)).await;
    assert!(!store.expiring_set_add("es:online", "beat", TTL).await?, "a heartbeat adds nothing new");
    let beat_gone_by = Instant::now() + TTL + MARGIN;
    sleep_until(short_gone_by).await;
    assert_eq!(
        store.expiring_set_members("es:online").await?,
        ["beat", "long"].map(str::to_owned).to_vec(),
        "the member that stopped beating expired alone"
    );
    assert_eq!(store.expiring_set_len("es:online").await?, 2);
    assert!(!store.expiring_set_remove("es:online", "short").await?, "an expired member is not removed");
    assert!(store.expiring_set_add("es:online", "short", TTL).await?, "an expired member added again is new");
    assert!(store.expiring_set_remove("es:online", "short").await?);

    // Without the long-lived member, the key lives as long as the heartbeat's.
    assert!(store.expiring_set_remove("es:online", "long").await?);
    let left = store.ttl("es:online").await?;
    assert!(left.is_some_and(|left| left <= TTL), "the key's life follows its members: {left:?}");
    assert_eq!(store.expiring_set_members("es:online").await?, vec!["beat".to_owned()]);
    sleep_until(beat_gone_by).await;
    assert_eq!(store.expiring_set_len("es:online").await?, 0);
    assert_eq!(store.expiring_set_members("es:online").await?, Vec::<String>::new());
    assert_eq!(store.ttl("es:online").await?, None, "the key went with its last member");
    assert!(!store.delete("es:online").await?);

    // Removing the last member removes the key.
    assert!(store.expiring_set_add("es:one", "x", long).await?);
    assert!(store.expiring_set_remove("es:one", "x").await?);
    assert!(!store.delete("es:one").await?, "nothing left");
    Ok(())
}

/// An expiring set is a kind of its own: expiring-set operations on bytes or on a plain set, and
/// byte, counter or plain-set operations on an expiring set, are `WrongType`.
pub async fn expiring_set_types(store: Arc<dyn Ephemeral>) -> EphemeralResult<()> {
    store.set("est:bytes", b"v", None).await?;
    store.set_add("est:plain", "m", None).await?;
    for key in ["est:bytes", "est:plain"] {
        assert_wrong_type(store.expiring_set_add(key, "m", TTL).await, key);
        assert_wrong_type(store.expiring_set_remove(key, "m").await, key);
        assert_wrong_type(store.expiring_set_members(key).await, key);
        assert_wrong_type(store.expiring_set_len(key).await, key);
    }
    assert_eq!(store.get("est:bytes").await?, Some(b"v".to_vec()), "unchanged");
    assert_eq!(store.set_members("est:plain").await?, vec!["m".to_owned()], "unchanged");
    assert_eq!(store.ttl("est:plain").await?, None, "no ttl applied by the refused add");

    assert!(store.expiring_set_add("est:expiring", "m", Duration::from_secs(60)).await?);
    assert_wrong_type(store.get("est:expiring").await, "est:expiring");
    assert_wrong_type(store.incr("est:expiring", 1, None).await, "est:expiring");
    assert_wrong_type(store.set_add("est:expiring", "n", None).await, "est:expiring");
    assert_wrong_type(store.set_len("est:expiring").await, "est:expiring");
    assert_eq!(store.expiring_set_members("est:expiring").await?, vec!["m".to_owned()], "unchanged");
    assert!(!store.set_if_absent("est:expiring", b"v", None).await?, "an expiring set is present");
    for key in ["est:bytes", "est:plain", "est:expiring"] {
        assert!(store.delete(key).await?);
    }
    Ok(())
}

fn claims(pairs: &[(&str, usize)]) -> Vec<(String, usize)> {
    pairs.iter().map(|(key, cap)| ((*key).to_owned(), *cap)).collect()
}

/// A claim takes a place in every capped set or in none: a full set (its index answered) leaves
/// the others untouched; a member already in takes no second place; an expired member's place
/// is free again; a removed one gives its place back; a wrong kind of key changes nothing.
pub async fn expiring_set_claims(store: Arc<dyn Ephemeral>) -> EphemeralResult<()> {
    let long = Duration::from_secs(60);
    let both = claims(&[("cl:account", 2), ("cl:address", 3)]);
    assert_eq!(store.expiring_set_claim(&both, "s1", long).await?, None);
    assert_eq!(store.expiring_set_claim(&both, "s2", TTL).await?, None);
    assert_eq!(store.expiring_set_claim(&both, "s3", long).await?, Some(0), "the account holds 2");
    assert_eq!(
        store.expiring_set_members("cl:address").await?,
        ["s1", "s2"].map(str::to_owned).to_vec(),
        "all or none"
    );
    assert_eq!(store.expiring_set_claim(&both, "s1", long).await?, None, "a member in already takes no new place");
    assert_eq!(store.expiring_set_len("cl:account").await?, 2);

    // Another account from the same address: the address's third place, then it is full.
    let other = claims(&[("cl:account-2", 5), ("cl:address", 3)]);
    assert_eq!(store.expiring_set_claim(&other, "t1", long).await?, None);
    assert_eq!(store.expiring_set_claim(&other, "t2", long).await?, Some(1), "the address holds 3");
    assert_eq!(store.expiring_set_members("cl:account-2").await?, vec!["t1".to_owned()], "all or none");

    // A place given back, then an expired one, are free again.
    assert!(store.expiring_set_remove("cl:address", "t1").await?);
    assert_eq!(store.expiring_set_claim(&other, "t2", long).await?, None);
    sleep(TTL + MARGIN).await;
    assert_eq!(store.expiring_set_claim(&both, "s3", long).await?, None, "s2's lease lapsed");
    assert_eq!(store.expiring_set_members("cl:account").await?, ["s1", "s3"].map(str::to_owned).to_vec());
    let left = store.ttl("cl:account").await?;
    assert!(left.is_some_and(|left| left > long - Duration::from_secs(5)), "the key lives as its latest: {left:?}");

    // No cap (0) refuses; no set claims nothing; a bad ttl and a wrong kind of key are refused.
    assert_eq!(store.expiring_set_claim(&claims(&[("cl:none", 0)]), "x", long).await?, Some(0));
    assert_eq!(store.expiring_set_len("cl:none").await?, 0);
    assert_eq!(store.expiring_set_claim(&[], "x", long).await?, None);
    assert_invalid_argument(store.expiring_set_claim(&both, "x", Duration::ZERO).await, "zero ttl");
    store.set("cl:bytes", b"v", None).await?;
    let wrong = claims(&[("cl:fresh", 5), ("cl:bytes", 5)]);
    assert_wrong_type(store.expiring_set_claim(&wrong, "x", long).await, "cl:bytes");
    assert_eq!(store.expiring_set_len("cl:fresh").await?, 0, "nothing claimed");
    assert_eq!(store.get("cl:bytes").await?, Some(b"v".to_vec()), "unchanged");
    for key in ["cl:account", "cl:account-2", "cl:address", "cl:bytes"] {
        store.delete(key).await?;
    }
    Ok(())
}

/// Claims racing for the last places of one set never overfill it (the check and the add are
/// one step): 20 claims for 5 places, 5 granted.
pub async fn concurrent_claims(store: Arc<dyn Ephemeral>) -> EphemeralResult<()> {
    let racing: Vec<_> = (0..20)
        .map(|n| {
            let store = store.clone();
            tokio::spawn(async move {
                store.expiring_set_claim(&claims(&[("cc:account", 5)]), &format!("s{n}"), Duration::from_secs(60)).await
            })
        })
        .collect();
    let mut granted = 0;
    for handle in racing {
        if handle.await.expect("claim task")?.is_none() {
            granted += 1;
        }
    }
    assert_eq!(granted, 5);
    assert_eq!(store.expiring_set_len("cc:account").await?, 5);
    store.delete("cc:account").await?;
    Ok(())
}

/// A batched refresh extends each listed member's lease (adding back one that lapsed or was
/// absent) and leaves the others to expire.
pub async fn expiring_set_refresh(store: Arc<dyn Ephemeral>) -> EphemeralResult<()> {
    let pairs = |list: &[(&str, &str)]| -> Vec<(String, String)> {
        list.iter().map(|(k, m)| ((*k).to_owned(), (*m).to_owned())).collect()
    };
    assert_eq!(store.expiring_set_claim(&claims(&[("rf:a", 10), ("rf:b", 10)]), "kept", TTL).await?, None);
    assert!(store.expiring_set_add("rf:a", "dropped", TTL).await?);
    sleep(TTL / 2).await;
    store.expiring_set_refresh(&pairs(&[("rf:a", "kept"), ("rf:b", "kept"), ("rf:b", "new")]), TTL).await?;
    sleep(TTL / 2 + MARGIN).await;
    assert_eq!(store.expiring_set_members("rf:a").await?, vec!["kept".to_owned()], "the unrefreshed member lapsed");
    assert_eq!(store.expiring_set_members("rf:b").await?, ["kept", "new"].map(str::to_owned).to_vec());
    store.expiring_set_refresh(&[], TTL).await?;
    assert_invalid_argument(store.expiring_set_refresh(&pairs(&[("rf:a", "kept")]), Duration::ZERO).await, "zero ttl");
    store.set_add("rf:plain", "m", None).await?;
    assert_wrong_type(store.expiring_set_refresh(&pairs(&[("rf:plain", "m")]), TTL).await, "rf:plain");
    assert_eq!(store.set_members("rf:plain").await?, vec!["m".to_owned()], "unchanged");
    for key in ["rf:a", "rf:b", "rf:plain"] {
        store.delete(key).await?;
    }
    Ok(())
}

/// Two stores with different prefixes do not see each other's keys.
pub async fn prefix_isolation(store: Arc<dyn Ephemeral>, other: Arc<dyn Ephemeral>) -> EphemeralResult<()> {
    store.set("iso:k", b"mine", None).await?;
    assert_eq!(other.get("iso:k").await?, None);
    other.set("iso:k", b"theirs", None).await?;
    assert_eq!(store.get("iso:k").await?, Some(b"mine".to_vec()));
    assert!(store.delete("iso:k").await?);
    assert_eq!(other.get("iso:k").await?, Some(b"theirs".to_vec()));

    assert_eq!(store.incr("iso:n", 1, None).await?, 1);
    assert_eq!(other.incr("iso:n", 10, None).await?, 10);
    assert_eq!(store.incr("iso:n", 1, None).await?, 2);

    store.set_add("iso:s", "a", None).await?;
    assert_eq!(other.set_len("iso:s").await?, 0);
    other.set_add("iso:s", "b", None).await?;
    assert_eq!(store.set_members("iso:s").await?, vec!["a".to_owned()]);

    assert!(store.set_if_absent("iso:lock", b"1", None).await?);
    assert!(other.set_if_absent("iso:lock", b"2", None).await?);
    assert!(!other.expire("iso:absent", TTL).await?);
    store.set("iso:absent", b"v", None).await?;
    assert!(!other.expire("iso:absent", TTL).await?);

    for key in ["iso:n", "iso:s", "iso:lock", "iso:absent"] {
        assert!(store.delete(key).await?);
    }
    for key in ["iso:k", "iso:n", "iso:s", "iso:lock"] {
        assert!(other.delete(key).await?);
    }
    Ok(())
}

/// Two subscribers each receive every message, in publish order, even right after subscribing.
pub async fn pubsub_fan_out_in_order(store: Arc<dyn Ephemeral>) -> EphemeralResult<()> {
    let mut first = store.subscribe("ps:news").await?;
    let mut second = store.subscribe("ps:news").await?;
    let payloads: Vec<Vec<u8>> =
        std::iter::once(Vec::new()).chain((0..30u8).map(|i| vec![i, 0, 0xff, b'\n', i])).collect();
    for payload in &payloads {
        assert_eq!(store.publish("ps:news", payload).await?, 2);
    }
    for (name, subscription) in [("first", &mut first), ("second", &mut second)] {
        for (index, payload) in payloads.iter().enumerate() {
            let got = next_within(subscription, &format!("{name} subscriber, message {index}")).await;
            assert_eq!(&got, payload, "{name} subscriber, message {index}");
        }
        assert_nothing_more(subscription, name).await;
    }
    Ok(())
}

/// A publish nobody listens to reaches 0 subscribers.
pub async fn pubsub_without_subscriber(store: Arc<dyn Ephemeral>) -> EphemeralResult<()> {
    assert_eq!(store.publish("ps:nobody", b"hello?").await?, 0);
    Ok(())
}

/// Dropping a subscription unsubscribes: the publish count goes down, the others still receive.
pub async fn pubsub_drop_unsubscribes(store: Arc<dyn Ephemeral>) -> EphemeralResult<()> {
    let mut kept = store.subscribe("ps:drop").await?;
    let gone = store.subscribe("ps:drop").await?;
    assert_eq!(store.publish("ps:drop", b"both").await?, 2);
    drop(gone);
    assert_eq!(publish_until(store.as_ref(), "ps:drop", 1).await?, 1, "after one drop");
    assert_eq!(next_within(&mut kept, "kept subscriber").await, b"both");
    assert_eq!(next_within(&mut kept, "kept subscriber").await, b"probe");
    drop(kept);
    assert_eq!(publish_until(store.as_ref(), "ps:drop", 0).await?, 0, "after both drops");
    Ok(())
}

/// A subscriber receives neither another channel's messages nor another prefix's.
pub async fn pubsub_isolation(store: Arc<dyn Ephemeral>, other: Arc<dyn Ephemeral>) -> EphemeralResult<()> {
    let mut mine = store.subscribe("ps:iso").await?;
    let mut theirs = other.subscribe("ps:iso").await?;
    assert_eq!(store.publish("ps:iso-other", b"other channel").await?, 0);
    assert_eq!(store.publish("ps:iso", b"mine").await?, 1);
    assert_eq!(other.publish("ps:iso", b"theirs").await?, 1);
    assert_eq!(next_within(&mut mine, "own prefix").await, b"mine");
    assert_eq!(next_within(&mut theirs, "other prefix").await, b"theirs");
    assert_nothing_more(&mut mine, "own prefix").await;
    assert_nothing_more(&mut theirs, "other prefix").await;
    Ok(())
}
