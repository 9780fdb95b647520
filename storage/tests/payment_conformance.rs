//! Runs the `PaymentStore` conformance suite on every reachable backend: SQLite (payment orders
//! stay in the embedded store in distributed mode too, beside the ads they publish).

use souk_storage::payments::conformance;
use souk_storage::sqlite::SqliteStore;

fn fresh_sqlite(name: &str) -> SqliteStore {
    let dir = std::env::temp_dir().join(format!("souk-payments-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    SqliteStore::open(dir.join("souk.db"), 2).expect("open sqlite")
}

#[tokio::test]
async fn sqlite_an_ad_has_one_open_order() {
    let store = fresh_sqlite("one-open");
    conformance::an_ad_has_one_open_order(&store).await;
    store.shutdown().await;
}

#[tokio::test]
async fn sqlite_a_code_belongs_to_one_order() {
    let store = fresh_sqlite("code");
    conformance::a_code_belongs_to_one_order(&store).await;
    store.shutdown().await;
}

#[tokio::test]
async fn sqlite_an_order_is_paid_once_within_its_validity() {
    let store = fresh_sqlite("paid-once");
    conformance::an_order_is_paid_once_within_its_validity(&store).await;
    store.shutdown().await;
}

#[tokio::test]
async fn sqlite_orders_by_account() {
    let store = fresh_sqlite("by-account");
    conformance::orders_by_account(&store).await;
    store.shutdown().await;
}

#[tokio::test]
async fn sqlite_parallel_debits_never_overdraw() {
    let store = std::sync::Arc::new(fresh_sqlite("race"));
    conformance::parallel_debits_never_overdraw(store.clone()).await;
    store.shutdown().await;
}

#[tokio::test]
async fn sqlite_expired_points_pay_nothing() {
    let store = fresh_sqlite("expired-points");
    conformance::expired_points_pay_nothing(&store).await;
    store.shutdown().await;
}

#[tokio::test]
async fn sqlite_invoice_numbers_have_no_gaps() {
    let store = std::sync::Arc::new(fresh_sqlite("invoices"));
    conformance::invoice_numbers_have_no_gaps(store.clone()).await;
    store.shutdown().await;
}

#[tokio::test]
async fn sqlite_an_attempt_goes_ongoing_and_back() {
    let store = fresh_sqlite("attempt");
    conformance::an_attempt_goes_ongoing_and_back(&store).await;
    store.shutdown().await;
}

#[tokio::test]
async fn sqlite_a_callback_is_seen_once() {
    let store = fresh_sqlite("callbacks");
    conformance::a_callback_is_seen_once(&store).await;
    store.shutdown().await;
}
