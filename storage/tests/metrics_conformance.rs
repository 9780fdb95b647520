//! Runs the metrics conformance suite on SQLite. The ScyllaDB backend (distributed mode) runs the
//! same suite when `SCYLLA_URI` is set; this binary has no ScyllaDB backend yet and says so.

use souk_storage::metrics::conformance;
use souk_storage::sqlite::SqliteStore;

#[tokio::test]
async fn sqlite_backend_conforms() {
    let dir = std::env::temp_dir().join(format!("souk-metrics-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let store = SqliteStore::open(dir.join("souk.db"), 2).expect("open");
    conformance::run_all(&store, "t:").await;
}

#[test]
fn scylla_backend_is_reported() {
    match std::env::var("SCYLLA_URI") {
        Ok(uri) => eprintln!(
            "metrics conformance: SCYLLA_URI={uri} is set but the ScyllaDB backend is not built yet (issue 10)"
        ),
        Err(_) => eprintln!("metrics conformance: ScyllaDB skipped (SCYLLA_URI not set)"),
    }
}
