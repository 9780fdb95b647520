//! The scheduler of a `souk` process: the periodic rounds of the services (statistics flush,
//! saved-search alerts, daily bump renewal) as scheduler tasks, and the builder on which job
//! handlers are registered before it starts (`souk_actors::scheduler`, `docs/scheduler.md`).

use crate::accounts::service::AccountService;
use crate::ads::AdService;
use crate::search::saved::SavedSearchService;
use crate::stats::{FLUSH_EVERY, StatsService};
use souk_storage::ephemeral::Ephemeral;
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub use souk_actors::scheduler::{JobHandler, Periodic, RunDueNow, Scheduler, SchedulerBuilder};
pub use souk_storage::jobs::{JobStore, ScheduledJob};

/// The statistics flush, every second, on every process (each writes its own counts: no lease).
pub fn stats_flush(stats: Arc<StatsService>) -> Periodic {
    Periodic::new("stats_flush", FLUSH_EVERY, move |_now| {
        let stats = Arc::clone(&stats);
        async move { stats.flush().await.map_err(|e| e.to_string()) }
    })
}

/// How often a process copies into its revocation cache what other processes (`souk admin
/// revoke`) recorded in the durable list.
pub const REVOCATION_SYNC_EVERY: Duration = Duration::from_secs(5);

/// The revocation sync, on every process (each may have its own cache: the in-memory backend).
/// Each round reads from the previous round's start, less a second (`created_at` has whole
/// seconds), so a row is never missed; seeing one twice is harmless.
pub fn revocation_sync(accounts: Arc<AccountService>) -> Periodic {
    let since = Arc::new(Mutex::new(0_i64));
    Periodic::new("revocation_sync", REVOCATION_SYNC_EVERY, move |now| {
        let (accounts, since) = (Arc::clone(&accounts), Arc::clone(&since));
        async move {
            let from = *since.lock().map_err(|e| e.to_string())?;
            accounts.sync_revocations(from).await.map_err(|e| e.to_string())?;
            *since.lock().map_err(|e| e.to_string())? = now - 1;
            Ok(())
        }
    })
}

/// The saved-search alerts every `every` and the daily digest from `digest_hour` UTC; each step
/// runs on the process that takes its lease ([`SavedSearchService::scheduled_round`]).
pub fn saved_search_alerts(saved: Arc<SavedSearchService>, every: Duration, digest_hour: u32) -> Periodic {
    // The day whose digest this process is done with, from one round to the next.
    let last_digest_day = Arc::new(Mutex::new(None));
    Periodic::new("saved_search_alerts", every, move |now| {
        let (saved, last_digest_day) = (Arc::clone(&saved), Arc::clone(&last_digest_day));
        async move {
            let mut day = *last_digest_day.lock().map_err(|e| e.to_string())?;
            saved.scheduled_round(now, every, digest_hour, &mut day).await;
            *last_digest_day.lock().map_err(|e| e.to_string())? = day;
            Ok(())
        }
    })
}

/// The daily bump renewal every `every`, on the process that takes its lease
/// ([`AdService::renewal_round`]).
pub fn bump_renewal(ads: Arc<AdService>, ephemeral: Arc<dyn Ephemeral>, every: Duration) -> Periodic {
    Periodic::new("bump_renewal", every, move |now| {
        let (ads, ephemeral) = (Arc::clone(&ads), Arc::clone(&ephemeral));
        async move {
            ads.renewal_round(ephemeral.as_ref(), now, every).await;
            Ok(())
        }
    })
}
