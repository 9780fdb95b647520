//! Bumps move an ad in the listing (design §2 "bump moves it"): applying a bump, special or
//! renewal pack refreshes the ad's rank time, so sort NEWEST shows it first; bump and special
//! bump it again every day while they run (the renewal round, once across processes sharing
//! the ephemeral store); each bump counts in the owner's statistics; a refused pack changes
//! nothing.

mod common;

use common::{TestServer, active_ad, now, start};
use serde_json::{Value, json};
use souk_domain::ad::{Ad, AdStatus, VasPackKind};
use souk_domain::money::Money;
use souk_storage::ads::AdStore;
use std::time::Duration;

async fn call(s: &TestServer, token: Option<&str>, query: &str, vars: Value) -> Value {
    s.gql_as(token, &[("User-Agent", "Mozilla/5.0 Firefox/140.0")], query, vars).await
}

fn car(list_id: i64, owner: i64, at: i64, images: Vec<String>) -> Ad {
    Ad {
        description: "Voiture propre, entretien suivi".into(),
        price: Some(Money::from_dirhams(70_000)),
        images,
        ..active_ad(&format!("bump-{list_id}"), list_id, owner, 2010, 1, &format!("Renault Clio {list_id}"), at)
    }
}

async fn newest(s: &TestServer) -> Vec<i64> {
    let q = "{ searchAds(filters: { categoryId: 2010, cityId: 1 }, sort: NEWEST) { ads { listId } } }";
    let body = call(s, None, q, json!({})).await;
    body["data"]["searchAds"]["ads"]
        .as_array()
        .map(|a| a.iter().filter_map(|x| x["listId"].as_i64()).collect())
        .unwrap_or_default()
}

async fn metric_total(s: &TestServer, token: &str, ad_id: &str, name: &str) -> i64 {
    let q = "query($a: String) { getMyPerformanceMetricsFixedRange(range: \"LAST_7_DAYS\", adId: $a) { name total } }";
    let body = call(s, Some(token), q, json!({ "a": ad_id })).await;
    body["data"]["getMyPerformanceMetricsFixedRange"]
        .as_array()
        .and_then(|m| m.iter().find(|x| x["name"] == name))
        .and_then(|m| m["total"].as_i64())
        .unwrap_or_else(|| panic!("{name} in {body}"))
}

#[actix_web::test]
async fn a_bump_moves_the_ad_to_the_top_and_renews_daily_once() {
    let s = start("search-bump", |_| {}).await;
    let q = "mutation($i: RegisterAccountInput!) { registerAccount(input: $i) { login { accessToken } info { id } } }";
    let input = json!({ "type": "private", "name": "Rachid Amrani", "phone": "0612400001", "cityId": 1, "password": "secret1", "passwordConfirmation": "secret1" });
    let body = call(&s, None, q, json!({ "i": input })).await;
    let token = body["data"]["registerAccount"]["login"]["accessToken"].as_str().expect("token").to_string();
    let owner = body["data"]["registerAccount"]["info"]["id"].as_i64().expect("id");
    let t = now();
    let photo = vec!["demo/vehicles/1.jpg".to_string()];
    s.store
        .insert_ads(vec![
            car(930_001, owner, t - 7200, photo.clone()),
            car(930_002, owner, t - 3600, photo.clone()),
            car(930_003, owner, t - 60, vec![]),
        ])
        .await
        .expect("seed");
    assert_eq!(newest(&s).await, [930_003, 930_002, 930_001]);

    // A bump pack: the oldest ad goes to the top at once, and the bump is counted.
    s.state.ads.apply_pack("bump-930001", VasPackKind::Bump, t - 5, t + 7 * 86_400).await.expect("bump");
    assert_eq!(newest(&s).await, [930_001, 930_003, 930_002]);
    assert_eq!(metric_total(&s, &token, "bump-930001", "bump").await, 1);

    // A gallery or highlight pack does not bump; a special pack does (and counts a bump).
    s.state.ads.apply_pack("bump-930002", VasPackKind::Highlight, t - 5, t + 86_400).await.expect("highlight");
    assert_eq!(newest(&s).await, [930_001, 930_003, 930_002]);
    s.state.ads.apply_pack("bump-930002", VasPackKind::Special, t - 5, t + 3 * 86_400).await.expect("special");
    assert_eq!(newest(&s).await[0], 930_002);
    assert_eq!(metric_total(&s, &token, "bump-930002", "bump").await, 1);

    // A pack on an ad without photo is refused and nothing changes (spec §5).
    let refused = s.state.ads.apply_pack("bump-930003", VasPackKind::Bump, t - 5, t + 86_400).await;
    assert_eq!(refused.map_err(|e| e.code), Err(souk_domain::ErrorCode::PackRequiresImage));
    assert!(s.store.vas_packs("bump-930003").await.expect("packs").is_empty());
    assert_eq!(s.store.find_ad("bump-930003").await.expect("ad").map(|a| a.rank_time), Some(t - 60));

    // Less than a day later nothing is due; a day later both running packs bump again, once.
    assert_eq!(s.state.ads.renew_bumps(t + 3600).await, Ok(0));
    let day = t + 86_400 + 30;
    assert_eq!(s.state.ads.renew_bumps(day).await, Ok(2));
    assert_eq!(s.state.ads.renew_bumps(day).await, Ok(0), "renewed once a day");
    let a = s.store.find_ad("bump-930001").await.expect("ad").expect("ad");
    assert_eq!(a.rank_time, day);
    assert_eq!(metric_total(&s, &token, "bump-930001", "bump").await, 2);
    // The special pack ends after 3 days, the bump pack after 7: on day 5 only the bump renews.
    assert_eq!(s.state.ads.renew_bumps(t + 5 * 86_400).await, Ok(1));
    assert_eq!(s.store.find_ad("bump-930002").await.expect("ad").map(|a| a.rank_time), Some(day));
    assert_eq!(s.state.ads.renew_bumps(t + 30 * 86_400).await, Ok(0), "every pack is over");

    // A deactivated ad is not bumped by its running pack.
    let before = s.store.find_ad("bump-930001").await.expect("ad").expect("ad");
    s.store
        .apply_change(souk_storage::ads::AdChange {
            status: Some(AdStatus::Deactivated),
            ..souk_storage::ads::AdChange::new("bump-930001", AdStatus::Active, t)
        })
        .await
        .expect("deactivate");
    assert_eq!(s.state.ads.renew_bumps(t + 6 * 86_400 + 60).await, Ok(0));
    let after = s.store.find_ad("bump-930001").await.expect("ad").expect("ad");
    assert_eq!(after.rank_time, before.rank_time);
}

#[actix_web::test]
async fn two_processes_renew_once_per_round() {
    let s = start("search-bump-lease", |_| {}).await;
    let q = "mutation($i: RegisterAccountInput!) { registerAccount(input: $i) { info { id } } }";
    let input = json!({ "type": "private", "name": "Rachid Amrani", "phone": "0612400002", "cityId": 1, "password": "secret1", "passwordConfirmation": "secret1" });
    let owner =
        call(&s, None, q, json!({ "i": input })).await["data"]["registerAccount"]["info"]["id"].as_i64().expect("id");
    let t = now();
    s.store.insert_ads(vec![car(931_001, owner, t - 7200, vec!["demo/vehicles/2.jpg".into()])]).await.expect("seed");
    s.state.ads.apply_pack("bump-931001", VasPackKind::Bump, t - 5, t + 7 * 86_400).await.expect("bump");
    // Two `souk serve` processes share one ephemeral store: the round runs on whichever takes
    // the lease, and the other skips it.
    let every = Duration::from_secs(60);
    let day = t + 86_400 + 10;
    let first = s.state.ads.renewal_round(s.state.ephemeral.as_ref(), day, every).await;
    let second = s.state.ads.renewal_round(s.state.ephemeral.as_ref(), day, every).await;
    assert_eq!((first, second), (Some(1), None));
    assert_eq!(s.store.find_ad("bump-931001").await.expect("ad").map(|a| a.rank_time), Some(day));
}
