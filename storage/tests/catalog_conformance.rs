//! Runs the `CatalogStore` conformance suite on every reachable backend: SQLite always
//! (ScyllaDB joins when its backend lands, when `SCYLLA_URI` is set).

use souk_storage::catalog::conformance;
use souk_storage::sqlite::SqliteStore;

fn fresh_sqlite(name: &str) -> SqliteStore {
    let dir = std::env::temp_dir().join(format!("souk-catalog-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    SqliteStore::open(dir.join("souk.db"), 2).expect("open sqlite")
}

#[tokio::test]
async fn sqlite_catalog_categories() {
    let store = fresh_sqlite("categories");
    conformance::categories_round_trip(&store).await;
    store.shutdown().await;
}

#[tokio::test]
async fn sqlite_catalog_places() {
    let store = fresh_sqlite("places");
    conformance::places_round_trip(&store).await;
    store.shutdown().await;
}

#[tokio::test]
async fn sqlite_catalog_cars() {
    let store = fresh_sqlite("cars");
    conformance::cars_round_trip(&store).await;
    store.shutdown().await;
}
