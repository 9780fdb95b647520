//! Ephemeral state: what may be lost on restart (one-time codes, countdowns, rate-limit counters,
//! sets, and expiring sets whose members each have their own time to live, as presence needs)
//! and publish/subscribe for cross-process fan-out, behind one trait with two backends:
//! in-process memory (embedded mode) and Redis (production).
//!
//! Every key and channel is namespaced by the store's prefix. Both backends pass the same
//! conformance suite ([`conformance`]); the semantics it checks are written on the trait methods.

pub mod conformance;
pub mod memory;
pub mod redis;

use std::time::Duration;

use tokio::sync::mpsc;

pub use self::memory::MemoryEphemeral;
pub use self::redis::RedisEphemeral;

/// Result of an ephemeral store operation.
pub type EphemeralResult<T> = Result<T, EphemeralError>;

/// Why an ephemeral store operation failed.
#[derive(Debug, thiserror::Error)]
pub enum EphemeralError {
    /// The backend cannot be reached or failed with an I/O or protocol error.
    #[error("ephemeral store unavailable: {0}")]
    Unavailable(String),
    /// The key holds a value of another kind (e.g. `incr` on a set, or on a non-integer value).
    #[error("key {key:?} holds a value of the wrong type for this operation")]
    WrongType {
        /// The key as the caller named it (without the store's prefix).
        key: String,
    },
    /// The arguments cannot be honoured (zero or too long a ttl, counter overflow, bad URL).
    #[error("invalid argument: {0}")]
    InvalidArgument(String),
}

/// Longest time to live accepted by [`Ephemeral`] operations; ephemeral state is meant to be short-lived.
pub const MAX_TTL: Duration = Duration::from_secs(10 * 365 * 24 * 60 * 60);

/// Messages buffered per subscription; when a subscriber falls this far behind, newer messages
/// are dropped for it (both backends) rather than letting memory grow.
pub const SUBSCRIPTION_BUFFER: usize = 1024;

/// Ephemeral key-value store, counters, sets and pub/sub. Times to live are rounded up to whole
/// milliseconds and must lie in `1 ms ..= MAX_TTL`, otherwise `InvalidArgument`.
#[async_trait::async_trait]
pub trait Ephemeral: Send + Sync + 'static {
    /// `"memory"` or `"redis"`.
    fn backend_name(&self) -> &'static str;

    /// Checks that the backend answers.
    async fn ping(&self) -> EphemeralResult<()>;

    /// Stores `value` under `key`, replacing any value of any kind. With `ttl: None` the key does
    /// not expire (an earlier expiry is cleared).
    async fn set(&self, key: &str, value: &[u8], ttl: Option<Duration>) -> EphemeralResult<()>;

    /// Sets only when the key is absent (countdowns, locks). true when it was set.
    async fn set_if_absent(&self, key: &str, value: &[u8], ttl: Option<Duration>) -> EphemeralResult<bool>;

    /// The value under `key`; None when absent. A counter reads as its decimal digits;
    /// a set is `WrongType`.
    async fn get(&self, key: &str) -> EphemeralResult<Option<Vec<u8>>>;

    /// The values of several keys in one round trip (Redis `MGET`), in the order asked; a
    /// missing key, or one holding a set or a counter's other type, reads as `None`.
    async fn get_many(&self, keys: &[String]) -> EphemeralResult<Vec<Option<Vec<u8>>>>;

    /// Removes the key, whatever it holds. true when something was removed.
    async fn delete(&self, key: &str) -> EphemeralResult<bool>;

    /// Remaining time to live; None when the key is absent or has no expiry.
    async fn ttl(&self, key: &str) -> EphemeralResult<Option<Duration>>;

    /// Sets the key's time to live. false when the key is absent.
    async fn expire(&self, key: &str, ttl: Duration) -> EphemeralResult<bool>;

    /// Adds `by` to an integer counter; a new counter starts at 0 and gets `ttl_if_new`
    /// (fixed-window rate limits: the window does not slide on later increments). Returns the
    /// new value. A value that is not a canonical decimal i64, or a set, is `WrongType`;
    /// overflow is `InvalidArgument` and leaves the counter unchanged.
    async fn incr(&self, key: &str, by: i64, ttl_if_new: Option<Duration>) -> EphemeralResult<i64>;

    /// Adds `member` to the set at `key`. true when newly added; ttl (if Some) is (re)applied to
    /// the whole set, None keeps the set's current expiry.
    async fn set_add(&self, key: &str, member: &str, ttl: Option<Duration>) -> EphemeralResult<bool>;

    /// Removes `member`; true when it was there. Removing the last member removes the key.
    async fn set_remove(&self, key: &str, member: &str) -> EphemeralResult<bool>;

    /// Members of the set, sorted ascending; empty when the key is absent.
    async fn set_members(&self, key: &str) -> EphemeralResult<Vec<String>>;

    /// Whether `member` is in the set at `key`.
    async fn set_contains(&self, key: &str, member: &str) -> EphemeralResult<bool>;

    /// Number of members; 0 when the key is absent.
    async fn set_len(&self, key: &str) -> EphemeralResult<usize>;

    /// Adds `member` to the expiring set at `key`, or refreshes it: the member leaves the set
    /// `ttl` from now unless added again, whatever happens to the others (each member has its
    /// own expiry; Redis: a sorted set of (member, deadline) timed by the server's clock). The
    /// key lives as long as its longest-lived member. true when the member was not in the set
    /// (or had expired). A key holding bytes or a plain set is `WrongType`.
    async fn expiring_set_add(&self, key: &str, member: &str, ttl: Duration) -> EphemeralResult<bool>;

    /// Removes `member` from the expiring set; true when it was there and not expired.
    /// Removing the last member removes the key.
    async fn expiring_set_remove(&self, key: &str, member: &str) -> EphemeralResult<bool>;

    /// The members of the expiring set that have not expired, sorted ascending; empty when the
    /// key is absent.
    async fn expiring_set_members(&self, key: &str) -> EphemeralResult<Vec<String>>;

    /// Number of members of the expiring set that have not expired; 0 when the key is absent.
    async fn expiring_set_len(&self, key: &str) -> EphemeralResult<usize>;

    /// Claims a place for `member` in several capped expiring sets at once, all or none, in one
    /// atomic step (Redis: one script; a place in each of `claims`, a `(key, cap)` list). Expired
    /// members are dropped first. When a set already holds `cap` live members and `member` is
    /// not one of them, nothing changes and the answer is that set's index in `claims`;
    /// otherwise `member` is added to (or refreshed in) every set for `ttl`, as
    /// [`Ephemeral::expiring_set_add`] does, and the answer is None. A key holding bytes or a
    /// plain set is `WrongType` (naming that key), and nothing changes.
    async fn expiring_set_claim(
        &self,
        claims: &[(String, usize)],
        member: &str,
        ttl: Duration,
    ) -> EphemeralResult<Option<usize>>;

    /// Refreshes many `(key, member)` pairs of expiring sets in one round trip: each member's
    /// deadline becomes `ttl` from now, as [`Ephemeral::expiring_set_add`] does (one that had
    /// expired or was absent is added again). A lease kept alive by its holder. A key holding
    /// another kind is `WrongType`; the pairs before it may have been refreshed.
    async fn expiring_set_refresh(&self, entries: &[(String, String)], ttl: Duration) -> EphemeralResult<()>;

    /// Returns how many subscribers received it (in this process for memory; as Redis reports for redis).
    async fn publish(&self, channel: &str, payload: &[u8]) -> EphemeralResult<usize>;

    /// Subscribes to `channel`. The subscription is active when this returns: a publish made
    /// afterwards is delivered to it.
    async fn subscribe(&self, channel: &str) -> EphemeralResult<Subscription>;
}

/// Messages of one channel, in publish order; dropping it unsubscribes.
///
/// At most [`SUBSCRIPTION_BUFFER`] messages wait for the reader; a subscriber that lags further
/// loses the newer messages (a warning is logged) instead of growing memory.
#[derive(Debug)]
pub struct Subscription {
    receiver: mpsc::Receiver<Vec<u8>>,
}

impl Subscription {
    pub(crate) fn new(receiver: mpsc::Receiver<Vec<u8>>) -> Self {
        Self { receiver }
    }

    /// The next message; None once the subscription has ended (on Redis: the connection was
    /// lost — subscribe again).
    pub async fn next(&mut self) -> Option<Vec<u8>> {
        self.receiver.recv().await
    }
}

/// Validates a time to live and converts it to whole milliseconds, rounding up.
pub(crate) fn ttl_millis(ttl: Duration) -> EphemeralResult<u64> {
    if ttl.is_zero() {
        return Err(EphemeralError::InvalidArgument("time to live must be positive".into()));
    }
    if ttl > MAX_TTL {
        return Err(EphemeralError::InvalidArgument(format!("time to live {ttl:?} exceeds the maximum {MAX_TTL:?}")));
    }
    u64::try_from(ttl.as_nanos().div_ceil(1_000_000))
        .map_err(|_| EphemeralError::InvalidArgument("time to live too long".into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ttl_is_rounded_up_to_milliseconds_and_bounded() {
        assert_eq!(ttl_millis(Duration::from_micros(1)).ok(), Some(1));
        assert_eq!(ttl_millis(Duration::from_millis(1200)).ok(), Some(1200));
        assert_eq!(ttl_millis(Duration::from_micros(1_200_001)).ok(), Some(1201));
        assert!(matches!(ttl_millis(Duration::ZERO), Err(EphemeralError::InvalidArgument(_))));
        assert!(matches!(ttl_millis(MAX_TTL + Duration::from_secs(1)), Err(EphemeralError::InvalidArgument(_))));
    }
}
