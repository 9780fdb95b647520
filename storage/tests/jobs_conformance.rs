//! Runs the `JobStore` conformance suite on every reachable backend: SQLite (the scheduler's
//! jobs stay in the embedded store, beside the payments that schedule them).

use souk_storage::jobs::conformance;
use souk_storage::sqlite::SqliteStore;

fn fresh_sqlite(name: &str) -> SqliteStore {
    let dir = std::env::temp_dir().join(format!("souk-jobs-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    SqliteStore::open(dir.join("souk.db"), 2).expect("open sqlite")
}

#[tokio::test]
async fn sqlite_a_job_is_scheduled_once() {
    let store = fresh_sqlite("once");
    conformance::a_job_is_scheduled_once(&store).await;
    store.shutdown().await;
}

#[tokio::test]
async fn sqlite_due_jobs_are_claimed_by_one_node_per_lease() {
    let store = fresh_sqlite("claim");
    conformance::due_jobs_are_claimed_by_one_node_per_lease(&store).await;
    store.shutdown().await;
}

#[tokio::test]
async fn sqlite_only_the_claimer_completes_a_job() {
    let store = fresh_sqlite("complete");
    conformance::only_the_claimer_completes_a_job(&store).await;
    store.shutdown().await;
}

#[tokio::test]
async fn sqlite_a_failed_job_is_retried_later() {
    let store = fresh_sqlite("retry");
    conformance::a_failed_job_is_retried_later(&store).await;
    store.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_concurrent_claims_never_share_a_job() {
    let store = fresh_sqlite("concurrent");
    conformance::concurrent_claims_never_share_a_job(&store).await;
    store.shutdown().await;
}
