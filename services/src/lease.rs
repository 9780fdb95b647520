//! Leases of the periodic steps of `souk serve` (saved-search alerts and digests, the daily bump
//! renewal): every process runs the schedule, and a step runs only on the process that takes its
//! lease in the ephemeral store, shared by all of them in distributed mode.

use std::time::Duration;

use souk_storage::ephemeral::Ephemeral;

/// Takes the lease `name` for `ttl` if nobody holds it. A store failure counts as taken
/// elsewhere: the step waits for the next round rather than risk running twice.
pub async fn take(ephemeral: &dyn Ephemeral, name: &str, ttl: Duration) -> bool {
    ephemeral.set_if_absent(name, b"1", Some(ttl)).await.unwrap_or(false)
}

/// The lease of a step run every `every`: a little shorter than the period, so that the next
/// round (here or on another process) finds it free, and at least a second.
pub fn for_round(every: Duration) -> Duration {
    every.saturating_sub(Duration::from_millis(500)).max(Duration::from_secs(1))
}
