//! In-process ephemeral store for embedded mode: one mutex-guarded map whose entries carry a
//! deadline, and per-subscriber bounded channels for pub/sub. Nothing survives the process.
//!
//! Expired entries are removed lazily when touched and, so that memory does not grow with keys
//! nobody reads again, by a full sweep that the first write after each [`SWEEP_INTERVAL`]
//! performs (no background task, so the store works in any runtime and under paused time).
//! A subscriber that lags more than [`SUBSCRIPTION_BUFFER`] messages behind loses the newer ones.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use tokio::sync::mpsc;
use tokio::sync::mpsc::error::TrySendError;
use tokio::time::Instant;

use super::{Ephemeral, EphemeralError, EphemeralResult, SUBSCRIPTION_BUFFER, Subscription, ttl_millis};

/// How often a write sweeps every expired entry (and every dead subscriber) out of the maps.
pub const SWEEP_INTERVAL: Duration = Duration::from_secs(5);

/// The in-process [`Ephemeral`] backend. Stores made with [`MemoryEphemeral::with_prefix`] share
/// the same data, so that prefixes isolate them as they would on one Redis server.
pub struct MemoryEphemeral {
    prefix: String,
    shared: Arc<Shared>,
}

impl std::fmt::Debug for MemoryEphemeral {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MemoryEphemeral").field("prefix", &self.prefix).finish_non_exhaustive()
    }
}

struct Shared {
    state: Mutex<State>,
    channels: Mutex<HashMap<String, Vec<mpsc::Sender<Vec<u8>>>>>,
}

struct State {
    entries: HashMap<String, Entry>,
    next_sweep: Instant,
}

struct Entry {
    value: Value,
    deadline: Option<Instant>,
}

enum Value {
    Bytes(Vec<u8>),
    Set(BTreeSet<String>),
    /// An expiring set: each member with its own deadline (the entry's is the latest of them).
    Expiring(BTreeMap<String, Instant>),
}

impl Entry {
    fn is_expired(&self, now: Instant) -> bool {
        self.deadline.is_some_and(|deadline| deadline <= now)
    }
}

impl State {
    /// The entry under `key` unless it is absent or expired (an expired one is removed).
    fn live(&mut self, key: &str, now: Instant) -> Option<&mut Entry> {
        if self.entries.get(key).is_some_and(|e| e.is_expired(now)) {
            self.entries.remove(key);
        }
        self.entries.get_mut(key)
    }

    /// Sweeps when the interval has passed; true when it did.
    fn sweep_if_due(&mut self, now: Instant) -> bool {
        if now < self.next_sweep {
            return false;
        }
        self.sweep(now);
        true
    }

    fn sweep(&mut self, now: Instant) -> usize {
        let before = self.entries.len();
        self.entries.retain(|_, entry| !entry.is_expired(now));
        self.next_sweep = now + SWEEP_INTERVAL;
        before - self.entries.len()
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while holding the lock cannot leave an entry half-written (every mutation is a
    // single map operation), so a poisoned map is still consistent.
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

fn deadline(now: Instant, ttl: Option<Duration>) -> EphemeralResult<Option<Instant>> {
    ttl.map(|ttl| deadline_after(now, ttl)).transpose()
}

fn deadline_after(now: Instant, ttl: Duration) -> EphemeralResult<Instant> {
    let millis = ttl_millis(ttl)?;
    now.checked_add(Duration::from_millis(millis))
        .ok_or_else(|| EphemeralError::InvalidArgument("time to live too long".into()))
}

/// Adds or refreshes `member` (deadline `until`) in the expiring set under the full key `full`,
/// which the caller has checked is absent or an expiring set; drops the expired members.
fn add_expiring(state: &mut State, full: String, member: &str, until: Instant, now: Instant) {
    match state.live(&full, now) {
        Some(Entry { value: Value::Expiring(members), deadline }) => {
            members.retain(|_, d| *d > now);
            members.insert(member.to_owned(), until);
            *deadline = members.values().max().copied();
        }
        _ => {
            let members = BTreeMap::from([(member.to_owned(), until)]);
            state.entries.insert(full, Entry { value: Value::Expiring(members), deadline: Some(until) });
        }
    }
}

/// Parses a counter the way Redis does: canonical decimal digits of an i64.
fn parse_counter(bytes: &[u8]) -> Option<i64> {
    let text = std::str::from_utf8(bytes).ok()?;
    let value: i64 = text.parse().ok()?;
    (value.to_string() == text).then_some(value)
}

impl MemoryEphemeral {
    /// A new, empty store whose keys and channels are namespaced by `prefix`.
    pub fn new(prefix: impl Into<String>) -> Self {
        Self {
            prefix: prefix.into(),
            shared: Arc::new(Shared {
                state: Mutex::new(State { entries: HashMap::new(), next_sweep: Instant::now() + SWEEP_INTERVAL }),
                channels: Mutex::new(HashMap::new()),
            }),
        }
    }

    /// A store over the same data under another prefix.
    pub fn with_prefix(&self, prefix: impl Into<String>) -> Self {
        Self { prefix: prefix.into(), shared: Arc::clone(&self.shared) }
    }

    /// The namespace applied to every key and channel.
    pub fn prefix(&self) -> &str {
        &self.prefix
    }

    /// Removes every expired entry and every dropped subscriber now (all prefixes); returns how
    /// many entries were removed. Writes call this on their own every [`SWEEP_INTERVAL`].
    pub fn sweep_expired(&self) -> usize {
        let removed = lock(&self.shared.state).sweep(Instant::now());
        self.prune_channels();
        removed
    }

    fn full(&self, key: &str) -> String {
        format!("{}{}", self.prefix, key)
    }

    /// Runs a write on the state, sweeping first when due.
    fn write<R>(&self, op: impl FnOnce(&mut State, Instant) -> R) -> R {
        let now = Instant::now();
        let (result, swept) = {
            let mut state = lock(&self.shared.state);
            let swept = state.sweep_if_due(now);
            (op(&mut state, now), swept)
        };
        if swept {
            self.prune_channels();
        }
        result
    }

    fn read<R>(&self, op: impl FnOnce(&mut State, Instant) -> R) -> R {
        let now = Instant::now();
        op(&mut lock(&self.shared.state), now)
    }

    fn prune_channels(&self) {
        lock(&self.shared.channels).retain(|_, senders| {
            senders.retain(|sender| !sender.is_closed());
            !senders.is_empty()
        });
    }

    fn wrong_type(key: &str) -> EphemeralError {
        EphemeralError::WrongType { key: key.to_owned() }
    }

    /// Runs `op` on the members of the expiring set at `key` that are live at the instant given.
    fn with_expiring<R>(
        &self,
        key: &str,
        op: impl FnOnce(&BTreeMap<String, Instant>, Instant) -> R,
        absent: R,
    ) -> EphemeralResult<R> {
        let full = self.full(key);
        self.read(|state, now| match state.live(&full, now) {
            None => Ok(absent),
            Some(Entry { value: Value::Expiring(members), .. }) => Ok(op(members, now)),
            Some(_) => Err(Self::wrong_type(key)),
        })
    }

    fn with_set<R>(&self, key: &str, op: impl FnOnce(&BTreeSet<String>) -> R, absent: R) -> EphemeralResult<R> {
        let full = self.full(key);
        self.read(|state, now| match state.live(&full, now) {
            None => Ok(absent),
            Some(Entry { value: Value::Set(members), .. }) => Ok(op(members)),
            Some(_) => Err(Self::wrong_type(key)),
        })
    }
}

#[async_trait::async_trait]
impl Ephemeral for MemoryEphemeral {
    fn backend_name(&self) -> &'static str {
        "memory"
    }

    async fn ping(&self) -> EphemeralResult<()> {
        Ok(())
    }

    async fn set(&self, key: &str, value: &[u8], ttl: Option<Duration>) -> EphemeralResult<()> {
        let full = self.full(key);
        self.write(|state, now| {
            let deadline = deadline(now, ttl)?;
            state.entries.insert(full, Entry { value: Value::Bytes(value.to_vec()), deadline });
            Ok(())
        })
    }

    async fn set_if_absent(&self, key: &str, value: &[u8], ttl: Option<Duration>) -> EphemeralResult<bool> {
        let full = self.full(key);
        self.write(|state, now| {
            let deadline = deadline(now, ttl)?;
            if state.live(&full, now).is_some() {
                return Ok(false);
            }
            state.entries.insert(full, Entry { value: Value::Bytes(value.to_vec()), deadline });
            Ok(true)
        })
    }

    async fn get(&self, key: &str) -> EphemeralResult<Option<Vec<u8>>> {
        let full = self.full(key);
        self.read(|state, now| match state.live(&full, now) {
            None => Ok(None),
            Some(Entry { value: Value::Bytes(bytes), .. }) => Ok(Some(bytes.clone())),
            Some(_) => Err(Self::wrong_type(key)),
        })
    }

    async fn get_many(&self, keys: &[String]) -> EphemeralResult<Vec<Option<Vec<u8>>>> {
        let full: Vec<String> = keys.iter().map(|k| self.full(k)).collect();
        self.read(|state, now| {
            Ok(full
                .iter()
                .map(|k| match state.live(k, now) {
                    Some(Entry { value: Value::Bytes(bytes), .. }) => Some(bytes.clone()),
                    _ => None,
                })
                .collect())
        })
    }

    async fn delete(&self, key: &str) -> EphemeralResult<bool> {
        let full = self.full(key);
        self.write(|state, now| {
            let live = state.live(&full, now).is_some();
            state.entries.remove(&full);
            Ok(live)
        })
    }

    async fn ttl(&self, key: &str) -> EphemeralResult<Option<Duration>> {
        let full = self.full(key);
        self.read(|state, now| {
            Ok(state
                .live(&full, now)
                .and_then(|entry| entry.deadline)
                .map(|deadline| deadline.saturating_duration_since(now)))
        })
    }

    async fn expire(&self, key: &str, ttl: Duration) -> EphemeralResult<bool> {
        let full = self.full(key);
        self.write(|state, now| {
            let deadline = deadline(now, Some(ttl))?;
            match state.live(&full, now) {
                Some(entry) => {
                    entry.deadline = deadline;
                    Ok(true)
                }
                None => Ok(false),
            }
        })
    }

    async fn incr(&self, key: &str, by: i64, ttl_if_new: Option<Duration>) -> EphemeralResult<i64> {
        let full = self.full(key);
        self.write(|state, now| {
            let deadline = deadline(now, ttl_if_new)?;
            match state.live(&full, now) {
                Some(entry) => {
                    let Value::Bytes(bytes) = &mut entry.value else {
                        return Err(Self::wrong_type(key));
                    };
                    let current = parse_counter(bytes).ok_or_else(|| Self::wrong_type(key))?;
                    let next = current.checked_add(by).ok_or_else(|| {
                        EphemeralError::InvalidArgument(format!("incrementing counter {key:?} by {by} would overflow"))
                    })?;
                    *bytes = next.to_string().into_bytes();
                    Ok(next)
                }
                None => {
                    state.entries.insert(full, Entry { value: Value::Bytes(by.to_string().into_bytes()), deadline });
                    Ok(by)
                }
            }
        })
    }

    async fn set_add(&self, key: &str, member: &str, ttl: Option<Duration>) -> EphemeralResult<bool> {
        let full = self.full(key);
        self.write(|state, now| {
            let deadline = deadline(now, ttl)?;
            match state.live(&full, now) {
                Some(entry) => {
                    let Value::Set(members) = &mut entry.value else {
                        return Err(Self::wrong_type(key));
                    };
                    let added = members.insert(member.to_owned());
                    if deadline.is_some() {
                        entry.deadline = deadline;
                    }
                    Ok(added)
                }
                None => {
                    state
                        .entries
                        .insert(full, Entry { value: Value::Set(BTreeSet::from([member.to_owned()])), deadline });
                    Ok(true)
                }
            }
        })
    }

    async fn set_remove(&self, key: &str, member: &str) -> EphemeralResult<bool> {
        let full = self.full(key);
        self.write(|state, now| {
            let Some(entry) = state.live(&full, now) else {
                return Ok(false);
            };
            let Value::Set(members) = &mut entry.value else {
                return Err(Self::wrong_type(key));
            };
            let removed = members.remove(member);
            if members.is_empty() {
                state.entries.remove(&full);
            }
            Ok(removed)
        })
    }

    async fn set_members(&self, key: &str) -> EphemeralResult<Vec<String>> {
        // A BTreeSet iterates in ascending order already.
        self.with_set(key, |members| members.iter().cloned().collect(), Vec::new())
    }

    async fn set_contains(&self, key: &str, member: &str) -> EphemeralResult<bool> {
        self.with_set(key, |members| members.contains(member), false)
    }

    async fn set_len(&self, key: &str) -> EphemeralResult<usize> {
        self.with_set(key, BTreeSet::len, 0)
    }

    async fn expiring_set_add(&self, key: &str, member: &str, ttl: Duration) -> EphemeralResult<bool> {
        let full = self.full(key);
        self.write(|state, now| {
            let until = deadline_after(now, ttl)?;
            match state.live(&full, now) {
                Some(entry) => {
                    let Value::Expiring(members) = &mut entry.value else {
                        return Err(Self::wrong_type(key));
                    };
                    members.retain(|_, deadline| *deadline > now);
                    let added = members.insert(member.to_owned(), until).is_none();
                    entry.deadline = members.values().max().copied();
                    Ok(added)
                }
                None => {
                    let members = BTreeMap::from([(member.to_owned(), until)]);
                    state.entries.insert(full, Entry { value: Value::Expiring(members), deadline: Some(until) });
                    Ok(true)
                }
            }
        })
    }

    async fn expiring_set_remove(&self, key: &str, member: &str) -> EphemeralResult<bool> {
        let full = self.full(key);
        self.write(|state, now| {
            let Some(entry) = state.live(&full, now) else {
                return Ok(false);
            };
            let Value::Expiring(members) = &mut entry.value else {
                return Err(Self::wrong_type(key));
            };
            members.retain(|_, deadline| *deadline > now);
            let removed = members.remove(member).is_some();
            if members.is_empty() {
                state.entries.remove(&full);
            } else {
                entry.deadline = members.values().max().copied();
            }
            Ok(removed)
        })
    }

    async fn expiring_set_members(&self, key: &str) -> EphemeralResult<Vec<String>> {
        self.with_expiring(
            key,
            |members, now| members.iter().filter(|(_, deadline)| **deadline > now).map(|(m, _)| m.clone()).collect(),
            Vec::new(),
        )
    }

    async fn expiring_set_len(&self, key: &str) -> EphemeralResult<usize> {
        self.with_expiring(key, |members, now| members.values().filter(|deadline| **deadline > now).count(), 0)
    }

    async fn expiring_set_claim(
        &self,
        claims: &[(String, usize)],
        member: &str,
        ttl: Duration,
    ) -> EphemeralResult<Option<usize>> {
        self.write(|state, now| {
            let until = deadline_after(now, ttl)?;
            // Every set is checked (kind, then room) before any is written: all or none.
            for (index, (key, cap)) in claims.iter().enumerate() {
                let Some(entry) = state.live(&self.full(key), now) else {
                    if *cap == 0 {
                        return Ok(Some(index));
                    }
                    continue;
                };
                let Value::Expiring(members) = &mut entry.value else {
                    return Err(Self::wrong_type(key));
                };
                members.retain(|_, deadline| *deadline > now);
                if !members.contains_key(member) && members.len() >= *cap {
                    return Ok(Some(index));
                }
            }
            for (key, _) in claims {
                add_expiring(state, self.full(key), member, until, now);
            }
            Ok(None)
        })
    }

    async fn expiring_set_refresh(&self, entries: &[(String, String)], ttl: Duration) -> EphemeralResult<()> {
        self.write(|state, now| {
            let until = deadline_after(now, ttl)?;
            for (key, member) in entries {
                let full = self.full(key);
                if state.live(&full, now).is_some_and(|entry| !matches!(entry.value, Value::Expiring(_))) {
                    return Err(Self::wrong_type(key));
                }
                add_expiring(state, full, member, until, now);
            }
            Ok(())
        })
    }

    async fn publish(&self, channel: &str, payload: &[u8]) -> EphemeralResult<usize> {
        let full = self.full(channel);
        let mut channels = lock(&self.shared.channels);
        let Some(senders) = channels.get_mut(&full) else {
            return Ok(0);
        };
        senders.retain(|sender| !sender.is_closed());
        let mut delivered = 0;
        for sender in senders.iter() {
            match sender.try_send(payload.to_vec()) {
                Ok(()) => delivered += 1,
                Err(TrySendError::Full(_)) => {
                    tracing::warn!(channel, "ephemeral subscriber lagging: message dropped");
                }
                Err(TrySendError::Closed(_)) => {}
            }
        }
        if senders.is_empty() {
            channels.remove(&full);
        }
        Ok(delivered)
    }

    async fn subscribe(&self, channel: &str) -> EphemeralResult<Subscription> {
        let (sender, receiver) = mpsc::channel(SUBSCRIPTION_BUFFER);
        let mut channels = lock(&self.shared.channels);
        let senders = channels.entry(self.full(channel)).or_default();
        senders.retain(|sender| !sender.is_closed());
        senders.push(sender);
        Ok(Subscription::new(receiver))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHORT: Duration = Duration::from_millis(30);

    fn entry_count(store: &MemoryEphemeral) -> usize {
        lock(&store.shared.state).entries.len()
    }

    fn channel_count(store: &MemoryEphemeral) -> usize {
        lock(&store.shared.channels).len()
    }

    #[tokio::test]
    async fn sweep_removes_expired_entries_of_every_kind_and_prefix() -> EphemeralResult<()> {
        let store = MemoryEphemeral::new("a:");
        let other = store.with_prefix("b:");
        store.set("code", b"1234", Some(SHORT)).await?;
        store.incr("hits", 1, Some(SHORT)).await?;
        store.set_add("online", "u1", Some(SHORT)).await?;
        other.set("code", b"5678", Some(SHORT)).await?;
        store.set("kept", b"x", None).await?;
        other.set("kept-longer", b"y", Some(Duration::from_secs(60))).await?;
        assert_eq!(entry_count(&store), 6);

        tokio::time::sleep(SHORT * 2).await;
        // Nobody reads the expired keys: only the sweep can reclaim them.
        assert_eq!(entry_count(&store), 6);
        assert_eq!(store.sweep_expired(), 4);
        assert_eq!(entry_count(&store), 2);
        assert_eq!(store.get("kept").await?, Some(b"x".to_vec()));
        assert_eq!(other.get("kept-longer").await?, Some(b"y".to_vec()));
        Ok(())
    }

    #[tokio::test]
    async fn a_write_after_the_sweep_interval_sweeps() -> EphemeralResult<()> {
        let store = MemoryEphemeral::new("p:");
        for i in 0..100 {
            store.set(&format!("otp:{i}"), b"code", Some(SHORT)).await?;
        }
        tokio::time::sleep(SHORT * 2).await;
        // Writes before the interval is over leave the expired entries alone...
        store.set("unrelated", b"v", None).await?;
        assert_eq!(entry_count(&store), 101);
        // ...and the first write once it is over removes them all.
        lock(&store.shared.state).next_sweep = Instant::now();
        store.set("another", b"v", None).await?;
        assert_eq!(entry_count(&store), 2);
        Ok(())
    }

    #[tokio::test]
    async fn expired_entry_is_removed_when_touched() -> EphemeralResult<()> {
        let store = MemoryEphemeral::new("p:");
        store.set("k", b"v", Some(SHORT)).await?;
        tokio::time::sleep(SHORT * 2).await;
        assert_eq!(store.ttl("k").await?, None);
        assert_eq!(entry_count(&store), 0);
        Ok(())
    }

    #[tokio::test]
    async fn sweep_forgets_dropped_subscribers() -> EphemeralResult<()> {
        let store = MemoryEphemeral::new("p:");
        let kept = store.subscribe("kept").await?;
        let dropped = store.subscribe("gone").await?;
        assert_eq!(channel_count(&store), 2);
        drop(dropped);
        store.sweep_expired();
        assert_eq!(channel_count(&store), 1);
        assert_eq!(store.publish("kept", b"m").await?, 1);
        drop(kept);
        Ok(())
    }

    #[tokio::test]
    async fn lagging_subscriber_loses_newer_messages() -> EphemeralResult<()> {
        let store = MemoryEphemeral::new("p:");
        let mut slow = store.subscribe("c").await?;
        for i in 0..SUBSCRIPTION_BUFFER {
            assert_eq!(store.publish("c", &i.to_be_bytes()).await?, 1);
        }
        assert_eq!(store.publish("c", b"overflow").await?, 0);
        assert_eq!(slow.next().await, Some(0usize.to_be_bytes().to_vec()));
        assert_eq!(store.publish("c", b"after").await?, 1);
        Ok(())
    }

    #[test]
    fn counters_parse_like_redis() {
        assert_eq!(parse_counter(b"42"), Some(42));
        assert_eq!(parse_counter(b"-7"), Some(-7));
        assert_eq!(parse_counter(b"+7"), None);
        assert_eq!(parse_counter(b"007"), None);
        assert_eq!(parse_counter(b" 1"), None);
        assert_eq!(parse_counter(b""), None);
        assert_eq!(parse_counter(&[0xff]), None);
    }
}
