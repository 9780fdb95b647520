//! The load-test population seed (`souk seed --bench-users N --bench-conversations M`) against a
//! real SQLite store: refused on a data dir not marked as a test deployment; on a marked one,
//! N accounts that sign in with the shared password, M conversations about public demo ads with
//! a Zipf spread over the sellers, each listed by both parties, and a manifest that says so.

use souk_services::accounts::password::verify_password;
use souk_services::bench_population::{
    BenchError, BenchOptions, FIRST_BENCH_ACCOUNT_ID, MANIFEST_FILE, Manifest, bench_login, mark_test_deployment,
    seed_bench_population,
};
use souk_services::demo::seed_demo;
use souk_storage::accounts::AccountStore;
use souk_storage::chat::ChatStore;
use souk_storage::reference::Reference;
use souk_storage::sqlite::SqliteStore;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_population_on_a_test_deployment_only() {
    let dir = std::env::temp_dir().join(format!("souk-bench-population-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let store = SqliteStore::open(dir.join("souk.db"), 2).unwrap();
    let reference = Reference::embedded().unwrap();
    seed_demo(&store, &reference, &dir.join("media"), 120, &mut |_| {}).await.unwrap();
    let options =
        BenchOptions { users: 3_000, conversations: 400, password: "bench-secret-1".into(), zipf_exponent: 1.0 };

    // Not marked: refused, nothing written.
    let refused = seed_bench_population(&store, &reference, &dir, &options, &mut |_| {}).await;
    assert!(matches!(refused, Err(BenchError::NotTestDeployment(_))), "{refused:?}");
    assert!(refused.unwrap_err().to_string().contains("not marked as a test deployment"));
    assert!(store.find_account(FIRST_BENCH_ACCOUNT_ID).await.unwrap().is_none());

    mark_test_deployment(&dir).unwrap();
    let mut last = None;
    let summary = seed_bench_population(&store, &reference, &dir, &options, &mut |p| last = Some(p)).await.unwrap();
    assert_eq!(summary.users, 3_000);
    assert_eq!(summary.conversations, 400);
    assert!(last.is_some_and(|p| p.done == p.total), "progress reached the end: {last:?}");
    // Hashing once keeps account creation far above 5,000 a second (debug builds included).
    let rate = 3_000.0 / summary.account_seconds;
    assert!(rate > 5_000.0, "{rate:.0} accounts/s");

    let manifest: Manifest = serde_json::from_slice(&std::fs::read(dir.join(MANIFEST_FILE)).unwrap()).unwrap();
    assert_eq!(manifest.accounts.len(), manifest.sellers + 3_000);
    assert_eq!(manifest.accounts[manifest.sellers].login, bench_login(0));
    // Every bench account signs in with the shared password.
    let last_user = store.find_account_by_email(&bench_login(2_999)).await.unwrap().expect("the last bench account");
    assert!(verify_password("bench-secret-1", &last_user.password_hash));
    // A Zipf spread: the busiest seller has the largest share, several times the quietest's.
    let per_seller: Vec<usize> =
        (0..manifest.sellers).map(|s| manifest.conversations.iter().filter(|c| c.seller == s).count()).collect();
    assert_eq!(summary.busiest_seller, per_seller[0]);
    assert!(per_seller.windows(2).all(|w| w[0] >= w[1]), "{per_seller:?}");
    assert!(per_seller[0] >= 4 * per_seller[manifest.sellers - 1].max(1), "{per_seller:?}");
    // Each conversation is real: the buyer and the seller both list it, with the first message.
    for c in manifest.conversations.iter().step_by(37) {
        let conversation = store.conversation(&c.id).await.unwrap().expect("stored");
        let buyer = store.find_account_by_email(&manifest.accounts[c.buyer].login).await.unwrap().unwrap();
        assert_eq!(conversation.buyer_id, Some(buyer.account.account_id));
        assert_eq!(conversation.list_id, c.list_id);
        let seller_view = store.view(&c.id, conversation.seller_id).await.unwrap().expect("the seller's view");
        assert!(seller_view.last_message_id.is_some());
        assert_eq!(seller_view.unread, 1);
    }
    // Once only.
    let again = seed_bench_population(&store, &reference, &dir, &options, &mut |_| {}).await;
    assert!(matches!(again, Err(BenchError::AlreadySeeded(_))), "{again:?}");
    store.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}
