//! Runs the `OrderStore` conformance suite on every reachable backend: SQLite (the orders
//! stay in the embedded store in distributed mode too, like the ads they come from).

use souk_storage::orders::conformance;
use souk_storage::sqlite::SqliteStore;

fn fresh_sqlite(name: &str) -> SqliteStore {
    let dir = std::env::temp_dir().join(format!("souk-orders-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    SqliteStore::open(dir.join("souk.db"), 2).expect("open sqlite")
}

#[tokio::test]
async fn sqlite_purchase_orders_by_buyer() {
    let store = fresh_sqlite("by-buyer");
    conformance::purchase_orders_by_buyer(&store).await;
    store.shutdown().await;
}

#[tokio::test]
async fn sqlite_a_refused_batch_writes_nothing() {
    let store = fresh_sqlite("refused");
    conformance::a_refused_batch_writes_nothing(&store).await;
    store.shutdown().await;
}
