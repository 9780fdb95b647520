//! Statistics through the gateway: views counted honestly (not the owner's, once per visitor per
//! 30 minutes, not robots), phone views, the fixed and custom ranges with their points, shop
//! metrics, the feed into my ads' performance, bad ranges and events refused — and only the
//! owner reads them.

mod common;

use common::{TestServer, start};
use reqwest::StatusCode;
use serde_json::{Value, json};
use souk_domain::ad::{Ad, AdStatus};
use souk_domain::money::Money;
use souk_storage::ads::AdStore;
use std::collections::BTreeMap;

const BROWSER: &str = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36";

async fn call(s: &TestServer, token: Option<&str>, visitor: &str, agent: &str, query: &str, vars: Value) -> Value {
    let auth = token.map(|t| format!("Bearer {t}"));
    let mut headers: Vec<(&str, &str)> = vec![("visitorId", visitor), ("User-Agent", agent)];
    if let Some(a) = auth.as_deref() {
        headers.push(("Authorization", a));
    }
    let (status, body) = s.gql("/graphql", &headers, query, vars).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

fn code(body: &Value) -> &str {
    body["errors"][0]["extensions"]["code"].as_str().unwrap_or("none")
}

async fn sign_up(s: &TestServer, input: Value) -> (String, i64, Option<i64>) {
    let q = "mutation($i: RegisterAccountInput!) { registerAccount(input: $i) { login { accessToken } info { id storeId } } }";
    let body = call(s, None, "setup", BROWSER, q, json!({ "i": input })).await;
    let p = &body["data"]["registerAccount"];
    (
        p["login"]["accessToken"].as_str().expect("token").into(),
        p["info"]["id"].as_i64().expect("id"),
        p["info"]["storeId"].as_i64(),
    )
}

async fn seed_ad(s: &TestServer, owner: i64, list_id: i64) -> String {
    let now =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0);
    let ad_id = format!("stats-{list_id}");
    s.store
        .insert_ads(vec![Ad {
            ad_id: ad_id.clone(),
            list_id,
            account_id: owner,
            category_id: 2010,
            ad_type: "sell".into(),
            title: "Dacia Logan 2018 diesel".into(),
            description: "Voiture bien entretenue premiere main".into(),
            price: Some(Money::from_dirhams(85_000)),
            city_id: 1,
            area_id: None,
            params: BTreeMap::new(),
            status: AdStatus::Active,
            urgent: false,
            delivery: false,
            phone_hidden: false,
            images: vec![],
            published_at: now,
            modified_at: now,
            discount: None,
            video: None,
            state_time: now,
            edit_status: None,
            refusal_reason: None,
        }])
        .await
        .expect("seed");
    ad_id
}

const VIEW: &str = "mutation($l: Int!) { collectPerformanceEvent(event: { name: \"view\", listId: $l }) }";
const FIXED: &str = "query($r: String!, $a: String, $s: Int) { getMyPerformanceMetricsFixedRange(range: $r, adId: $a, storeId: $s) { name total data { x y } } }";
const CUSTOM: &str = "query($f: String!, $t: String!, $a: String) { getMyPerformanceMetricsCustomRange(from: $f, to: $t, adId: $a) { name total data { x y } } }";

fn metric<'a>(body: &'a Value, field: &str, name: &str) -> &'a Value {
    body["data"][field].as_array().and_then(|m| m.iter().find(|x| x["name"] == name)).unwrap_or(&Value::Null)
}

#[actix_web::test]
async fn views_are_counted_honestly_and_only_the_owner_reads_them() {
    let s = start("stats-views", |_| {}).await;
    let (seller, seller_id, _) = sign_up(&s, json!({ "type": "private", "name": "Karim Bennani", "phone": "0612000001", "cityId": 1, "password": "secret1", "passwordConfirmation": "secret1" })).await;
    let (other, _, _) = sign_up(&s, json!({ "type": "private", "name": "Nadia Alaoui", "phone": "0612000002", "cityId": 1, "password": "secret1", "passwordConfirmation": "secret1" })).await;
    let ad_id = seed_ad(&s, seller_id, 910_001).await;
    let l = json!({ "l": 910_001 });

    let counted = |b: &Value| b["data"]["collectPerformanceEvent"].as_bool();
    assert_eq!(counted(&call(&s, None, "visitor-a", BROWSER, VIEW, l.clone()).await), Some(true));
    assert_eq!(
        counted(&call(&s, None, "visitor-a", BROWSER, VIEW, l.clone()).await),
        Some(false),
        "same visitor within 30 minutes"
    );
    assert_eq!(counted(&call(&s, None, "visitor-b", BROWSER, VIEW, l.clone()).await), Some(true));
    assert_eq!(counted(&call(&s, None, "visitor-c", "Googlebot/2.1", VIEW, l.clone()).await), Some(false), "robot");
    assert_eq!(counted(&call(&s, Some(&seller), "visitor-d", BROWSER, VIEW, l.clone()).await), Some(false), "owner");
    assert_eq!(counted(&call(&s, Some(&other), "visitor-e", BROWSER, VIEW, l.clone()).await), Some(true));
    call(&s, None, "visitor-a", BROWSER, "mutation { showAdPhone(listId: 910001) }", json!({})).await;

    let sessions = s.state.stats.sessions().expect("ad sessions run in the server");
    assert_eq!(sessions.live_count(), 1, "the ad's views went through its session");
    let today = call(&s, Some(&seller), "x", BROWSER, FIXED, json!({ "r": "TODAY", "a": ad_id })).await;
    let names: Vec<&str> = today["data"]["getMyPerformanceMetricsFixedRange"]
        .as_array()
        .expect("metrics")
        .iter()
        .filter_map(|m| m["name"].as_str())
        .collect();
    assert_eq!(names, ["phoneView", "conversation", "view", "bump", "publish", "delete"], "{today}");
    let views = metric(&today, "getMyPerformanceMetricsFixedRange", "view");
    assert_eq!(views["total"], 3, "{today}");
    assert_eq!(views["data"].as_array().map(Vec::len), Some(24), "hours of today");
    assert_eq!(metric(&today, "getMyPerformanceMetricsFixedRange", "phoneView")["total"], 1);
    let week = call(&s, Some(&seller), "x", BROWSER, FIXED, json!({ "r": "LAST_7_DAYS", "a": ad_id })).await;
    let v = metric(&week, "getMyPerformanceMetricsFixedRange", "view");
    assert_eq!((v["total"].as_u64(), v["data"].as_array().map(Vec::len)), (Some(3), Some(7)));
    let all = call(&s, Some(&seller), "x", BROWSER, FIXED, json!({ "r": "ALL_TIME", "a": ad_id })).await;
    let v = metric(&all, "getMyPerformanceMetricsFixedRange", "view");
    assert_eq!(v["data"][0]["x"], "2021-01", "months from 2021: {all}");
    assert_eq!(v["total"], 3);

    // My ads' performance follows.
    let mine = call(
        &s,
        Some(&seller),
        "x",
        BROWSER,
        "query($id: String!) { getMyAd(adId: $id) { performance { views phoneViews } } }",
        json!({ "id": ad_id }),
    )
    .await;
    assert_eq!(mine["data"]["getMyAd"]["performance"], json!({ "views": 3, "phoneViews": 1 }), "{mine}");

    // Only the owner.
    let theirs = call(&s, Some(&other), "x", BROWSER, FIXED, json!({ "r": "TODAY", "a": ad_id })).await;
    assert_eq!(code(&theirs), "AD_NOT_FOUND");
    let visitor = call(&s, None, "x", BROWSER, FIXED, json!({ "r": "TODAY", "a": ad_id })).await;
    assert_eq!(code(&visitor), "LOGIN_REQUIRED");
    let not_my_shop = call(&s, Some(&seller), "x", BROWSER, FIXED, json!({ "r": "TODAY", "s": 1 })).await;
    assert_eq!(code(&not_my_shop), "PERMISSION_DENIED");

    // Bad input.
    for (f, t, expected) in [
        ("2026-11-22", "2026-11-01", "INVALID_DATE_RANGE"),
        ("2026-02-30", "2026-03-01", "INVALID_DATE"),
        ("yesterday", "2026-03-01", "INVALID_DATE"),
        ("2021-01-01", "2025-01-01", "INVALID_DATE_RANGE"),
    ] {
        let b = call(&s, Some(&seller), "x", BROWSER, CUSTOM, json!({ "f": f, "t": t, "a": ad_id })).await;
        assert_eq!(code(&b), expected, "{f}..{t}: {b}");
    }
    let bad_range = call(&s, Some(&seller), "x", BROWSER, FIXED, json!({ "r": "LAST_YEAR", "a": ad_id })).await;
    assert_eq!(code(&bad_range), "INVALID_DATE_RANGE");
    let unknown = call(
        &s,
        None,
        "v",
        BROWSER,
        "mutation { collectPerformanceEvent(event: { name: \"likes\", storeId: 1 }) }",
        json!({}),
    )
    .await;
    assert_eq!(code(&unknown), "UNKNOWN_EVENT");
    let unseen = call(
        &s,
        None,
        "v",
        BROWSER,
        "mutation { collectPerformanceEvent(event: { name: \"view\", listId: 1 }) }",
        json!({}),
    )
    .await;
    assert_eq!(code(&unseen), "AD_NOT_FOUND");
}

#[actix_web::test]
async fn a_shop_sees_its_calls_and_the_shop_metrics() {
    let s = start("stats-shop", |_| {}).await;
    let (shop, _, store_id) = sign_up(&s, json!({ "type": "shop", "name": "Auto Atlas", "email": "atlas-stats@souk.ma", "phone": "0612000011", "cityId": 1, "password": "secret1", "shopCategory": 2010, "plan": "premium" })).await;
    let store_id = store_id.expect("a shop has a store");
    let calls = "mutation($s: Int!) { collectPerformanceEvent(event: { name: \"calls\", storeId: $s }) }";
    assert_eq!(
        call(&s, None, "v1", BROWSER, calls, json!({ "s": store_id })).await["data"]["collectPerformanceEvent"],
        true
    );
    assert_eq!(
        call(&s, None, "v1", BROWSER, calls, json!({ "s": store_id })).await["data"]["collectPerformanceEvent"],
        false
    );
    let missing = call(&s, None, "v1", BROWSER, calls, json!({ "s": 999_999 })).await;
    assert_eq!(code(&missing), "NOT_FOUND");
    let body = call(&s, Some(&shop), "x", BROWSER, FIXED, json!({ "r": "LAST_30_DAYS", "s": store_id })).await;
    let list = body["data"]["getMyPerformanceMetricsFixedRange"].as_array().expect("metrics");
    assert_eq!(list.len(), 12, "ad metrics and the six shop ones: {body}");
    assert_eq!(metric(&body, "getMyPerformanceMetricsFixedRange", "calls")["total"], 1);
    assert_eq!(metric(&body, "getMyPerformanceMetricsFixedRange", "calls")["data"].as_array().map(Vec::len), Some(30));
}
