//! Runs the `VisitorMessageStore` conformance suite on SQLite (the pending visitor messages,
//! confirmed senders and seller digests live in the embedded store, beside the jobs table).

use souk_storage::sqlite::SqliteStore;
use souk_storage::visitor_messages::conformance;

fn fresh_sqlite(name: &str) -> SqliteStore {
    let dir = std::env::temp_dir().join(format!("souk-visitor-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    SqliteStore::open(dir.join("souk.db"), 2).expect("open sqlite")
}

#[tokio::test]
async fn sqlite_pending_messages_wait_confirm_and_expire() {
    let store = fresh_sqlite("pending");
    conformance::pending_messages_wait_confirm_and_expire(&store).await;
    store.shutdown().await;
}

#[tokio::test]
async fn sqlite_a_digest_job_per_seller_window() {
    let store = fresh_sqlite("digest");
    conformance::a_digest_job_per_seller_window(&store, &store).await;
    store.shutdown().await;
}
