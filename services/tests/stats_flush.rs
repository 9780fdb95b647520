//! The statistics service's own flush (the counts of shops' calls and leads, and of every event
//! when no ad session runs) against a real SQLite store: a write SQLite refused (rolled back
//! whole) is sent again and lands once; a write that may have landed in part, as ScyllaDB's
//! counter batches can, is not sent again, so nothing is counted twice.

use async_trait::async_trait;
use souk_domain::stats::Metric;
use souk_services::stats::StatsService;
use souk_storage::StoreError;
use souk_storage::ephemeral::memory::MemoryEphemeral;
use souk_storage::metrics::{MetricCount, MetricsStore};
use souk_storage::sqlite::SqliteStore;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The SQLite metrics store with a switch that makes the next write fail after writing part of
/// it: a test double of ScyllaDB's counter batches (one per partition, some applied before
/// another fails), since ScyllaDB cannot run on this machine. It stores the ad's rows, leaves
/// the account's out and answers `MayHaveWritten`, as the ScyllaDB store does.
struct PartlyFailing {
    inner: SqliteStore,
    partial_next: AtomicBool,
}

#[async_trait]
impl MetricsStore for PartlyFailing {
    async fn add(&self, counts: Vec<MetricCount>) -> Result<(), StoreError> {
        if self.partial_next.swap(false, Ordering::SeqCst) {
            let (written, lost): (Vec<_>, Vec<_>) = counts.into_iter().partition(|c| c.owner.starts_with("ad:"));
            self.inner.add(written).await?;
            return Err(StoreError::MayHaveWritten(format!("{} counter rows timed out", lost.len())));
        }
        self.inner.add(counts).await
    }
    async fn hours(&self, owner: &str, metric: &str, day: i64) -> Result<Vec<(u8, u64)>, StoreError> {
        self.inner.hours(owner, metric, day).await
    }
    async fn days(&self, owner: &str, metric: &str, first: i64, last: i64) -> Result<Vec<(i64, u64)>, StoreError> {
        self.inner.days(owner, metric, first, last).await
    }
    async fn total(&self, owner: &str, metric: &str) -> Result<u64, StoreError> {
        self.inner.total(owner, metric).await
    }
}

fn sqlite(name: &str) -> SqliteStore {
    let dir = std::env::temp_dir().join(format!("souk-stats-flush-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    SqliteStore::open(dir.join("souk.db"), 1).expect("open")
}

fn service(metrics: Arc<dyn MetricsStore>, sqlite: &SqliteStore) -> Arc<StatsService> {
    StatsService::new(metrics, Arc::new(sqlite.clone()), Arc::new(MemoryEphemeral::new("t:")))
}

const SHOP: i64 = 41;

#[tokio::test]
async fn a_flush_sqlite_refused_is_sent_again_and_lands_once() {
    let store = sqlite("refused");
    let stats = service(Arc::new(store.clone()), &store);
    // A real SQLite failure part-way through the batch: the hour and day rows are upserted, then
    // the total's insert is refused, and the whole batch is rolled back.
    store
        .write(|c| {
            Ok(c.execute_batch(
                "CREATE TRIGGER refuse_totals BEFORE INSERT ON metric_totals WHEN NEW.owner = 'account:41'
                 BEGIN SELECT RAISE(ABORT, 'disk quota'); END",
            )?)
        })
        .await
        .expect("trigger");
    for _ in 0..2 {
        stats.count(SHOP, None, Metric::Calls);
    }
    stats.count(SHOP, Some("ad-f"), Metric::Conversation);
    assert!(stats.flush().await.is_err(), "the write failed");
    assert_eq!(store.total("ad:ad-f", "conversation").await.expect("total"), 0, "nothing was written");
    assert_eq!(store.total("account:41", "calls").await.expect("total"), 0);

    // SQLite wrote nothing, so the next flush sends the counts again: they land once.
    store.write(|c| Ok(c.execute_batch("DROP TRIGGER refuse_totals")?)).await.expect("drop");
    stats.flush().await.expect("flush");
    stats.flush().await.expect("nothing left to flush");
    assert_eq!(store.total("account:41", "calls").await.expect("total"), 2);
    assert_eq!(store.total("account:41", "conversation").await.expect("total"), 1);
    assert_eq!(store.total("ad:ad-f", "conversation").await.expect("total"), 1);
}

#[tokio::test]
async fn a_flush_that_may_have_landed_in_part_is_not_sent_again() {
    let store = sqlite("partial");
    let double = Arc::new(PartlyFailing { inner: store.clone(), partial_next: AtomicBool::new(true) });
    let stats = service(double.clone(), &store);
    for _ in 0..3 {
        stats.count(SHOP, Some("ad-p"), Metric::View);
    }
    assert!(stats.flush().await.is_err(), "the write failed part-way");
    assert_eq!(store.total("ad:ad-p", "view").await.expect("total"), 3, "the part that was written");

    // The next flushes do not send them again: the ad's rows are not doubled, the account's,
    // never written, are lost.
    stats.flush().await.expect("flush");
    stats.flush().await.expect("flush");
    assert_eq!(store.total("ad:ad-p", "view").await.expect("total"), 3, "never doubled");
    assert_eq!(store.total("account:41", "view").await.expect("total"), 0, "lost");
    // Counting goes on normally.
    stats.count(SHOP, Some("ad-p"), Metric::View);
    stats.flush().await.expect("flush");
    assert_eq!(store.total("ad:ad-p", "view").await.expect("total"), 4);
    assert_eq!(store.total("account:41", "view").await.expect("total"), 1);
}
