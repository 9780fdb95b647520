//! The demo marketplace as a visitor first sees it: `souk seed --demo`, then `souk serve`, and
//! the home's premium section (`getPremiumAds`) and a listing's premium slots (`searchAds`)
//! answer the demo's running gallery and special packs, not an empty list.

mod common;

use serde_json::{Value, json};

async fn gql(base: &str, query: &str, variables: Value) -> Value {
    let res = reqwest::Client::new()
        .post(format!("{base}/graphql"))
        .header("Accept-Language", "fr")
        .json(&json!({ "query": query, "variables": variables }))
        .send()
        .await
        .expect("request");
    assert!(res.status().is_success(), "{}", res.status());
    res.json().await.expect("a JSON body")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_demo_home_and_listing_show_premium_ads() {
    let dir = common::temp_dir("demo-premium");
    let mut seed = std::process::Command::new(env!("CARGO_BIN_EXE_souk"));
    for (k, _) in std::env::vars().filter(|(k, _)| k.starts_with("SOUK_")) {
        seed.env_remove(k);
    }
    let out = seed.args(["seed", "--demo", "--ads", "400", "--data-dir"]).arg(&dir).output().expect("souk seed");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("boosted)"), "the seed says how many ads it boosted: {err}");
    let (_node, base) = common::serve_process(&dir, &[]).await;

    let home =
        gql(&base, "query($l: Int) { getPremiumAds(limit: $l) { listId title image vasPackages } }", json!({ "l": 8 }))
            .await;
    let premium = home["data"]["getPremiumAds"].as_array().cloned().unwrap_or_default();
    assert_eq!(premium.len(), 8, "the home's premium section is full: {home}");
    assert!(premium.iter().all(|a| a["image"].as_str().is_some_and(|i| !i.is_empty())), "{home}");

    let listing = gql(
        &base,
        "query($f: SearchFiltersInput) { searchAds(filters: $f, limit: 20) { premium { listId } ads { listId } total } }",
        json!({ "f": {} }),
    )
    .await;
    let slots = listing["data"]["searchAds"]["premium"].as_array().map_or(0, Vec::len);
    assert!(slots > 0, "the listing's premium slots are filled: {listing}");
    let _ = std::fs::remove_dir_all(&dir);
}
