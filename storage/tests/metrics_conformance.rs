//! Runs the metrics conformance suite on SQLite always, and on ScyllaDB when `SCYLLA_URI` names a
//! cluster (otherwise it says plainly that it skipped).

#[path = "support/scylla.rs"]
mod scylla_support;

use souk_storage::metrics::{ScyllaMetricsStore, conformance};
use souk_storage::sqlite::SqliteStore;

#[tokio::test]
async fn sqlite_backend_conforms() {
    let dir = std::env::temp_dir().join(format!("souk-metrics-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let store = SqliteStore::open(dir.join("souk.db"), 2).expect("open");
    conformance::run_all(&store, "t:").await;
}

#[tokio::test]
async fn scylla_backend_conforms() {
    let Some((session, keyspace)) = scylla_support::session("metrics conformance", "souk_test_metrics").await else {
        return;
    };
    let store = ScyllaMetricsStore::new(session, &keyspace).await.expect("prepare");
    // Counters only add up: each run counts under owners of its own.
    let prefix =
        format!("run{}:", std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis());
    conformance::run_all(&store, &prefix).await;
}
