//! Runs the `OrderStore` conformance suite on every reachable backend: SQLite (the orders
//! stay in the embedded store in distributed mode too, like the ads they come from) — the
//! buyer's pages, the checkout's stock reservation and the workflow's actions.

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

/// A shop account to sell products.
async fn seller(store: &SqliteStore) -> i64 {
    use souk_domain::account::{Account, AccountType};
    use souk_storage::accounts::{AccountStore, NewAccount};
    let account = Account {
        account_id: 0,
        uuid: "uuid-seller".into(),
        account_type: AccountType::Shop,
        name: "Dar Fès".into(),
        email: Some("contact@darfes.ma".into()),
        phone: Some("0535000000".into()),
        phone_hidden: false,
        city_id: 1,
        shop_category_id: None,
        registered_at: 1_700_000_000,
    };
    store
        .create_account(NewAccount::new(account, "$argon2id$hash".into()), None)
        .await
        .expect("seller")
        .account
        .account_id
}

#[tokio::test]
async fn sqlite_checkout_reserves_stock_once() {
    let store = fresh_sqlite("checkout");
    let seller = seller(&store).await;
    conformance::checkout_reserves_stock_once(&store, seller).await;
    store.shutdown().await;
}

#[tokio::test]
async fn sqlite_workflow_actions_check_who_and_what() {
    let store = fresh_sqlite("actions");
    let seller = seller(&store).await;
    conformance::workflow_actions_check_who_and_what(&store, seller).await;
    store.shutdown().await;
}
