//! A full disk (issue 27, docs/operations.md "A full disk"): a write that cannot be stored is
//! refused with `STORAGE_FULL` and its translated wording (counted in `/metrics` by code), stores
//! nothing — a sign-up creates no account without its session — and works again by itself once
//! there is room; `/readyz` answers `STORAGE_FULL` while the data dir's file system is below
//! `storage.min_free_mb`. The database is made full for real: SQLite's `max_page_count` caps
//! the file at its size, and a filler table takes what room is left.

mod common;

use common::{code, start};
use serde_json::json;
use souk_storage::accounts::AccountStore;

const REGISTER: &str = "mutation($i: RegisterAccountInput!) { registerAccount(input: $i) { login { accessToken } } }";

fn private(phone: &str) -> serde_json::Value {
    json!({ "type": "private", "name": "Karim Bennani", "phone": phone, "cityId": 1, "password": "secret1", "passwordConfirmation": "secret1" })
}

#[actix_web::test]
async fn a_full_database_refuses_writes_with_storage_full_stores_nothing_and_recovers() {
    let s = start("disk-full", |_| {}).await;
    // No more pages than the file has, and the free room inside it taken.
    s.store
        .write(|c| {
            c.execute_batch("CREATE TABLE filler (x BLOB)")?;
            let pages: i64 = c.query_row("PRAGMA page_count", [], |r| r.get(0))?;
            c.pragma_update(None, "max_page_count", pages)?;
            Ok(())
        })
        .await
        .expect("cap");
    // Big rows first, then ever smaller ones, until not even a byte fits; then accounts until
    // the accounts' own pages are full too.
    for size in [2048, 512, 128, 16, 1] {
        let refusal = loop {
            let insert =
                move |c: &rusqlite::Connection| Ok(c.execute("INSERT INTO filler VALUES (zeroblob(?1))", [size])?);
            if let Err(e) = s.store.write(insert).await {
                break e.to_string();
            }
        };
        assert!(refusal.contains("database or disk is full"), "{refusal}");
    }
    let mut filled = 0;
    let refusal = loop {
        let account = souk_domain::account::Account {
            account_id: 0,
            uuid: format!("filler-{filled}"),
            account_type: souk_domain::account::AccountType::Private,
            name: "Rempli".into(),
            email: None,
            phone: Some(format!("07{filled:08}")),
            phone_hidden: false,
            city_id: 1,
            shop_category_id: None,
            registered_at: 1_700_000_000,
        };
        match s.store.create_account(souk_storage::accounts::NewAccount::new(account, "x".into()), None).await {
            Ok(_) => filled += 1,
            Err(e) => break e.to_string(),
        }
    };
    assert!(refusal.contains("database or disk is full"), "{refusal}");
    let before = s.store.count_accounts().await.expect("count");

    for (lang, wording) in [("fr", "l'espace de stockage est plein"), ("ar", "مساحة التخزين ممتلئة")]
    {
        let (_, body) =
            s.gql("/graphql", &[("Accept-Language", lang)], REGISTER, json!({ "i": private("0611000701") })).await;
        assert_eq!(code(&body), "STORAGE_FULL", "{body}");
        let message = body["errors"][0]["message"].as_str().unwrap_or_default();
        assert!(message.contains(wording), "{message}");
        assert!(!body.to_string().contains("disk is full"), "no internal text reaches the client: {body}");
    }
    assert_eq!(s.store.count_accounts().await.expect("count"), before, "a failed sign-up stored nothing");
    let metrics = reqwest::get(format!("{}/metrics", s.base)).await.expect("metrics").text().await.unwrap_or_default();
    assert!(metrics.contains("STORAGE_FULL"), "answers are counted by code");

    // Room again: the same sign-up works, without a restart.
    s.store
        .write(|c| {
            c.execute_batch("DROP TABLE filler")?;
            c.pragma_update(None, "max_page_count", 1_073_741_823_i64)?;
            Ok(())
        })
        .await
        .expect("room");
    let (_, body) = s.gql("/graphql", &[], REGISTER, json!({ "i": private("0611000701") })).await;
    assert!(body["data"]["registerAccount"]["login"]["accessToken"].is_string(), "{body}");
    assert_eq!(s.store.count_accounts().await.expect("count"), before + 1);
    assert!(filled > 0);
}

#[actix_web::test]
async fn readiness_says_storage_full_below_the_free_space_floor() {
    let full = start("disk-floor", |settings| settings.storage.min_free_mb = u64::MAX / (1024 * 1024)).await;
    let res = reqwest::get(format!("{}/readyz", full.base)).await.expect("readyz");
    assert_eq!(res.status().as_u16(), 507);
    let body: serde_json::Value = res.json().await.expect("json");
    assert_eq!(code(&body), "STORAGE_FULL", "{body}");
    let roomy = start("disk-room", |_| {}).await;
    assert_eq!(reqwest::get(format!("{}/readyz", roomy.base)).await.expect("readyz").status().as_u16(), 200);
}
