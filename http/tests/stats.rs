//! Statistics through the gateway: views counted honestly (not the owner's, once per visitor per
//! 30 minutes, not robots), phone views, conversations started through the chat, publications
//! (approval, reactivation, payment), the shop's packs and active ads, the fixed and custom
//! ranges with their points per ad and per shop, the 12 shop metrics in spec order, the feed
//! into my ads' performance, bad ranges and events refused, the live push of a shop's calls and
//! leads to its owner's socket only — and only the owner reads them.

mod common;

use common::chat::PollingClient;
use common::{TestServer, active_ad, code, now, start};
use serde_json::{Value, json};
use souk_domain::ad::{Ad, AdStatus, VasPackKind};
use souk_domain::money::Money;
use souk_storage::ads::AdStore;

const BROWSER: &str = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36";

/// A request of `visitor`, each visitor from its own address (behind the local proxy): a view
/// counts at most once per address per ad per day.
async fn call(s: &TestServer, token: Option<&str>, visitor: &str, agent: &str, query: &str, vars: Value) -> Value {
    let h = visitor.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
    let address = format!("2001:db8::{:x}:{:x}:{:x}", h >> 48, (h >> 32) & 0xffff, h & 0xffff);
    s.gql_as(token, &[("visitorId", visitor), ("User-Agent", agent), ("X-Forwarded-For", &address)], query, vars).await
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
    let now = now();
    let ad_id = format!("stats-{list_id}");
    s.store
        .insert_ads(vec![Ad {
            description: "Voiture bien entretenue premiere main".into(),
            price: Some(Money::from_dirhams(85_000)),
            ..active_ad(&ad_id, list_id, owner, 2010, 1, "Dacia Logan 2018 diesel", now)
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
    // Nobody else reads them: not through the ad view, not through a search (issue 27).
    let list_id = mine_list_id(&s, &seller, &ad_id).await;
    let public = call(
        &s,
        Some(&other),
        "x",
        BROWSER,
        "query($l: Int!) { getAd(listId: $l) { ad { performance { views } } } }",
        json!({ "l": list_id }),
    )
    .await;
    assert!(public["errors"].is_null(), "{public}");
    assert!(public["data"]["getAd"]["ad"]["performance"].is_null(), "{public}");
    let visitor = call(&s, None, "x", BROWSER, "query($l: Int!) { getRelatedAds(listId: $l) { performance { views } } getAd(listId: $l) { ad { performance { views } } } }", json!({ "l": list_id })).await;
    assert!(visitor["data"]["getAd"]["ad"]["performance"].is_null(), "{visitor}");
    assert!(
        visitor["data"]["getRelatedAds"].as_array().is_some_and(|a| a.iter().all(|x| x["performance"].is_null())),
        "{visitor}"
    );

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

async fn total(s: &TestServer, token: &str, vars: Value, name: &str) -> u64 {
    let body = call(s, Some(token), "x", BROWSER, FIXED, vars).await;
    metric(&body, "getMyPerformanceMetricsFixedRange", name)["total"].as_u64().unwrap_or_else(|| panic!("{body}"))
}

#[actix_web::test]
async fn phone_views_calls_and_leads_are_counted_as_honestly_as_views() {
    let s = start("stats-honest", |_| {}).await;
    let (shop, shop_id, store_id) = sign_up(&s, json!({ "type": "shop", "name": "Atlas Phones", "email": "honest@souk.ma", "phone": "0612000021", "cityId": 1, "password": "secret1", "shopCategory": 2010, "plan": "premium" })).await;
    let store_id = store_id.expect("store");
    let (buyer, _, _) = sign_up(&s, json!({ "type": "private", "name": "Omar Kettani", "phone": "0612000022", "cityId": 1, "password": "secret1", "passwordConfirmation": "secret1" })).await;
    let ad_id = seed_ad(&s, shop_id, 910_101).await;
    let phone = "mutation { showAdPhone(listId: 910101) }";
    let shown = |b: &Value| b["data"]["showAdPhone"].as_str().map(str::to_string);

    // Every "show number" answers the number; only some count.
    let auth = format!("Bearer {buyer}");
    let owner_auth = format!("Bearer {shop}");
    for headers in [
        vec![("visitorId", "pv-a"), ("User-Agent", BROWSER)],
        vec![("visitorId", "pv-a"), ("User-Agent", BROWSER)], // the same visitor within 30 minutes
        vec![("visitorId", "pv-b"), ("User-Agent", "python-requests/2.32")], // a robot
        vec![("User-Agent", BROWSER)],                        // nobody known
        vec![("visitorId", "pv-c"), ("User-Agent", BROWSER), ("Authorization", owner_auth.as_str())], // the owner
        vec![("User-Agent", BROWSER), ("Authorization", auth.as_str())], // a signed-in buyer
        vec![("visitorId", "pv-d"), ("User-Agent", BROWSER), ("Authorization", auth.as_str())], // the same account
    ] {
        let body = s.gql_ok(&headers, phone, json!({})).await;
        assert_eq!(shown(&body).as_deref(), Some("0612000021"), "{body}");
    }
    assert_eq!(total(&s, &shop, json!({ "r": "TODAY", "a": ad_id }), "phoneView").await, 2, "pv-a and the buyer");

    // Calls and leads of the shop follow the same rules.
    let event = "mutation($n: String!, $s: Int!) { collectPerformanceEvent(event: { name: $n, storeId: $s }) }";
    let counted = |b: &Value| b["data"]["collectPerformanceEvent"].as_bool();
    for (name, headers, expected) in [
        ("calls", vec![("visitorId", "c-1"), ("User-Agent", BROWSER)], true),
        ("calls", vec![("visitorId", "c-1"), ("User-Agent", BROWSER)], false),
        ("calls", vec![("visitorId", "c-2"), ("User-Agent", "Googlebot/2.1")], false),
        ("calls", vec![("User-Agent", BROWSER)], false),
        ("calls", vec![("visitorId", "c-3"), ("User-Agent", BROWSER), ("Authorization", owner_auth.as_str())], false),
        ("calls", vec![("User-Agent", BROWSER), ("Authorization", auth.as_str())], true),
        ("leads", vec![("visitorId", "c-1"), ("User-Agent", BROWSER)], true),
        ("leads", vec![("visitorId", "c-1"), ("User-Agent", BROWSER)], false),
        ("leads", vec![("visitorId", "c-4"), ("User-Agent", "")], false),
        ("leads", vec![("visitorId", "c-5"), ("User-Agent", BROWSER), ("Authorization", owner_auth.as_str())], false),
    ] {
        let body = s.gql_ok(&headers, event, json!({ "n": name, "s": store_id })).await;
        assert_eq!(counted(&body), Some(expected), "{name} {headers:?}: {body}");
    }
    let shop_range = json!({ "r": "TODAY", "s": store_id });
    assert_eq!(total(&s, &shop, shop_range.clone(), "calls").await, 2);
    assert_eq!(total(&s, &shop, shop_range.clone(), "leads").await, 1);

    // Refused events record nothing.
    let before: Vec<u64> = {
        let mut v = Vec::new();
        for m in ["calls", "leads", "view", "phoneView"] {
            v.push(total(&s, &shop, shop_range.clone(), m).await);
        }
        v
    };
    for (vars, expected) in [
        (json!({ "n": "likes", "s": store_id }), "UNKNOWN_EVENT"),
        (json!({ "n": "phoneView", "s": store_id }), "UNKNOWN_EVENT"),
        (json!({ "n": "calls", "s": 999_999 }), "NOT_FOUND"),
    ] {
        let body = call(&s, None, "refused", BROWSER, event, vars.clone()).await;
        assert_eq!(code(&body), expected, "{vars}");
    }
    let view = "mutation($l: Int) { collectPerformanceEvent(event: { name: \"view\", listId: $l }) }";
    assert_eq!(code(&call(&s, None, "refused", BROWSER, view, json!({ "l": 1 })).await), "AD_NOT_FOUND");
    assert_eq!(code(&call(&s, None, "refused", BROWSER, view, json!({ "l": null })).await), "REQUIRED");
    let missing_ad = call(&s, None, "refused", BROWSER, "mutation { showAdPhone(listId: 1) }", json!({})).await;
    assert_eq!(code(&missing_ad), "AD_NOT_FOUND");
    let mut after = Vec::new();
    for m in ["calls", "leads", "view", "phoneView"] {
        after.push(total(&s, &shop, shop_range.clone(), m).await);
    }
    assert_eq!(before, after, "refused events are not recorded");
}

#[actix_web::test]
async fn an_admin_acting_as_the_owner_reads_the_statistics_and_nobody_else_does() {
    let s = start("stats-acting", |_| {}).await;
    let (_, shop_id, store_id) = sign_up(&s, json!({ "type": "shop", "name": "Atlas Acting", "email": "acting@souk.ma", "phone": "0612000031", "cityId": 1, "password": "secret1", "shopCategory": 2010, "plan": "premium" })).await;
    let store_id = store_id.expect("store");
    let (other, other_id, _) = sign_up(&s, json!({ "type": "private", "name": "Samir Fassi", "phone": "0612000032", "cityId": 1, "password": "secret1", "passwordConfirmation": "secret1" })).await;
    let (_, admin_id, _) = sign_up(&s, json!({ "type": "private", "name": "Leila Admin", "phone": "0612000033", "cityId": 1, "password": "secret1", "passwordConfirmation": "secret1" })).await;
    souk_storage::accounts::AccountStore::set_roles(&s.store, admin_id, vec![souk_domain::account::Role::Admin])
        .await
        .expect("promote");
    let login = "mutation { loginByIdentifier(identifier: \"0612000033\", password: \"secret1\") { accessToken } }";
    let admin = call(&s, None, "x", BROWSER, login, json!({})).await["data"]["loginByIdentifier"]["accessToken"]
        .as_str()
        .expect("admin token")
        .to_string();
    let ad_id = seed_ad(&s, shop_id, 910_201).await;
    call(&s, None, "acting-v", BROWSER, VIEW, json!({ "l": 910_201 })).await;

    let act = "mutation($a: Int!) { actAsUser(accountId: $a) { accessToken } }";
    let acting = call(&s, Some(&admin), "x", BROWSER, act, json!({ "a": shop_id })).await;
    let acting = acting["data"]["actAsUser"]["accessToken"].as_str().expect("acting token").to_string();
    let ad_range = json!({ "r": "TODAY", "a": ad_id });
    let shop_range = json!({ "r": "TODAY", "s": store_id });
    assert_eq!(total(&s, &acting, ad_range.clone(), "view").await, 1, "the admin as the owner reads the ad's");
    assert_eq!(total(&s, &acting, shop_range.clone(), "view").await, 1, "and the shop's");

    // The admin as someone else, the admin themselves and another account cannot.
    let as_other = call(&s, Some(&admin), "x", BROWSER, act, json!({ "a": other_id })).await;
    let as_other = as_other["data"]["actAsUser"]["accessToken"].as_str().expect("token").to_string();
    for token in [&as_other, &admin, &other] {
        let ad = call(&s, Some(token), "x", BROWSER, FIXED, ad_range.clone()).await;
        assert_eq!(code(&ad), "AD_NOT_FOUND", "{ad}");
        let shop = call(&s, Some(token), "x", BROWSER, FIXED, shop_range.clone()).await;
        assert_eq!(code(&shop), "PERMISSION_DENIED", "{shop}");
    }
}

/// A coffee table in the store, in `status` since `state_time`.
async fn seed_table(s: &TestServer, owner: i64, list_id: i64, status: AdStatus, state_time: i64) -> String {
    let ad_id = format!("table-{list_id}");
    s.store
        .insert_ads(vec![Ad {
            description: "Table basse en bois massif".into(),
            price: Some(Money::from_dirhams(800)),
            status,
            images: vec!["demo/table.jpg".into()],
            ..active_ad(&ad_id, list_id, owner, 6020, 1, &format!("Table basse {list_id}"), state_time)
        }])
        .await
        .expect("seed");
    ad_id
}

#[actix_web::test]
async fn editing_an_ad_opens_its_session_and_its_lifecycle_events_reach_it() {
    let s = start("stats-edit-session", |_| {}).await;
    let (seller, seller_id, _) = sign_up(&s, json!({ "type": "private", "name": "Hind Bennis", "phone": "0612000041", "cityId": 1, "password": "secret1", "passwordConfirmation": "secret1" })).await;
    let (other, _, _) = sign_up(&s, json!({ "type": "private", "name": "Ali Chraibi", "phone": "0612000042", "cityId": 1, "password": "secret1", "passwordConfirmation": "secret1" })).await;
    let now = now();
    let edited = seed_table(&s, seller_id, 910_301, AdStatus::Active, now).await;
    let old = seed_table(&s, seller_id, 910_302, AdStatus::Deactivated, now - 8 * 86_400).await;
    let bumped = seed_table(&s, seller_id, 910_303, AdStatus::Active, now).await;
    let sessions = s.state.stats.sessions().expect("ad sessions run in the server");
    assert!(!sessions.is_open(&edited) && !sessions.is_open(&old) && !sessions.is_open(&bumped));

    // Someone else's edit is refused and opens nothing; the owner's opens the ad's session
    // before any event.
    let patch = "mutation($a: AdInput!) { patchAd(ad: $a) }";
    let edit = json!({ "a": { "adId": edited, "title": "Table basse en noyer massif" } });
    assert_eq!(code(&call(&s, Some(&other), "x", BROWSER, patch, edit.clone()).await), "AD_NOT_FOUND");
    assert!(!sessions.is_open(&edited));
    let body = call(&s, Some(&seller), "x", BROWSER, patch, edit).await;
    assert_eq!(body["data"]["patchAd"], edited.as_str(), "{body}");
    assert!(sessions.is_open(&edited), "an edited ad has its session");

    // Delete and bump events go through their ad's session, and are counted once.
    let delete = "mutation($l: Int!) { deleteAd(listId: $l) { __typename } }";
    let body = call(&s, Some(&seller), "x", BROWSER, delete, json!({ "l": 910_302 })).await;
    assert!(body["errors"].is_null(), "{body}");
    assert!(sessions.is_open(&old), "the deletion reached the ad's session");
    s.state.ads.apply_pack(&bumped, souk_domain::ad::VasPackKind::Bump, now - 5, now + 86_400).await.expect("bump");
    assert!(sessions.is_open(&bumped), "the bump reached the ad's session");
    let week = |ad: &str| json!({ "r": "LAST_7_DAYS", "a": ad });
    assert_eq!(total(&s, &seller, week(&old), "delete").await, 1);
    assert_eq!(total(&s, &seller, week(&bumped), "bump").await, 1);
    assert_eq!(total(&s, &seller, week(&edited), "view").await, 0, "an edit is not a view");
}

const START_CHAT: &str = "mutation($l: Int!, $t: String!, $c: String!) { startConversation(listId: $l, text: $t, clientMessageId: $c) { conversation { id } } }";
const MY_AD_PERFORMANCE: &str =
    "query($id: String!) { getMyAd(adId: $id) { performance { conversations phoneViews views } } }";
const MY_ADS_PERFORMANCE: &str = "{ getMyAds(filters: { status: \"ACTIVE\" }, pagination: { number: 1, size: 12 }) { ads { adId performance { conversations phoneViews views } } count { total } } }";

#[actix_web::test]
async fn a_new_conversation_counts_for_the_ad_the_shop_and_my_ads() {
    let s = start("stats-conversation", |_| {}).await;
    let (shop, shop_id, store_id) = sign_up(&s, json!({ "type": "shop", "name": "Atlas Chat", "email": "chat-stats@souk.ma", "phone": "0612000051", "cityId": 1, "password": "secret1", "shopCategory": 2010, "plan": "premium" })).await;
    let store_id = store_id.expect("store");
    let (first, _, _) = sign_up(&s, json!({ "type": "private", "name": "Rachid Tazi", "phone": "0612000052", "cityId": 1, "password": "secret1", "passwordConfirmation": "secret1" })).await;
    let (second, _, _) = sign_up(&s, json!({ "type": "private", "name": "Sanaa Idrissi", "phone": "0612000053", "cityId": 1, "password": "secret1", "passwordConfirmation": "secret1" })).await;
    let ad_id = seed_ad(&s, shop_id, 910_401).await;
    let other_ad = seed_ad(&s, shop_id, 910_402).await;

    // Through the real chat service: two buyers start a conversation about the ad; the first
    // one's second start finds the same conversation, and the seller cannot start one.
    let mut ids = Vec::new();
    for (token, client) in [(&first, "c-1"), (&first, "c-2"), (&second, "c-3")] {
        let vars = json!({ "l": 910_401, "t": "Toujours disponible ?", "c": client });
        let body = call(&s, Some(token), "x", BROWSER, START_CHAT, vars).await;
        ids.push(body["data"]["startConversation"]["conversation"]["id"].as_str().map(str::to_string));
    }
    assert!(ids.iter().all(Option::is_some), "{ids:?}");
    assert_eq!(ids[0], ids[1], "the first buyer's second start is the same conversation");
    assert_ne!(ids[0], ids[2]);
    let own = call(&s, Some(&shop), "x", BROWSER, START_CHAT, json!({ "l": 910_401, "t": "moi", "c": "s-1" })).await;
    assert_eq!(code(&own), "CANNOT_MESSAGE_OWN_AD");

    let ad_range = json!({ "r": "TODAY", "a": ad_id });
    assert_eq!(total(&s, &shop, ad_range.clone(), "conversation").await, 2, "two buyers, two conversations");
    assert_eq!(total(&s, &shop, json!({ "r": "TODAY", "s": store_id }), "conversation").await, 2, "the shop's");
    assert_eq!(total(&s, &shop, json!({ "r": "TODAY", "a": other_ad }), "conversation").await, 0);
    let today = call(&s, Some(&shop), "x", BROWSER, FIXED, ad_range).await;
    let hours = &metric(&today, "getMyPerformanceMetricsFixedRange", "conversation")["data"];
    let points: u64 = hours.as_array().map(|h| h.iter().filter_map(|p| p["y"].as_u64()).sum()).unwrap_or(0);
    assert_eq!(points, 2, "the hour points hold them: {today}");

    // My ads' performance: the ad's detail and the list.
    let mine = call(&s, Some(&shop), "x", BROWSER, MY_AD_PERFORMANCE, json!({ "id": ad_id })).await;
    assert_eq!(
        mine["data"]["getMyAd"]["performance"],
        json!({ "conversations": 2, "phoneViews": 0, "views": 0 }),
        "{mine}"
    );
    let list = call(&s, Some(&shop), "x", BROWSER, MY_ADS_PERFORMANCE, json!({})).await;
    let ads = list["data"]["getMyAds"]["ads"].as_array().cloned().unwrap_or_default();
    let row = |id: &str| ads.iter().find(|a| a["adId"] == id).map(|a| a["performance"]["conversations"].clone());
    assert_eq!(row(&ad_id), Some(json!(2)), "{list}");
    assert_eq!(row(&other_ad), Some(json!(0)), "{list}");
}

/// A private account promoted to admin, signed in again so that its token carries the role.
async fn admin(s: &TestServer, phone: &str) -> String {
    let (_, admin_id, _) = sign_up(s, json!({ "type": "private", "name": "Leila Admin", "phone": phone, "cityId": 1, "password": "secret1", "passwordConfirmation": "secret1" })).await;
    souk_storage::accounts::AccountStore::set_roles(&s.store, admin_id, vec![souk_domain::account::Role::Admin])
        .await
        .expect("promote");
    let login = "mutation($p: String!) { loginByIdentifier(identifier: $p, password: \"secret1\") { accessToken } }";
    call(s, None, "x", BROWSER, login, json!({ "p": phone })).await["data"]["loginByIdentifier"]["accessToken"]
        .as_str()
        .expect("admin token")
        .to_string()
}

#[actix_web::test]
async fn publish_is_counted_on_approval_reactivation_and_payment() {
    let s = start("stats-publish", |_| {}).await;
    let (shop, shop_id, store_id) = sign_up(&s, json!({ "type": "shop", "name": "Atlas Publie", "email": "publish@souk.ma", "phone": "0612000061", "cityId": 1, "password": "secret1", "shopCategory": 6020, "plan": "premium" })).await;
    let shop_range = json!({ "r": "TODAY", "s": store_id.expect("store") });
    let moderator = admin(&s, "0612000062").await;
    let now = now();
    let waiting = seed_table(&s, shop_id, 910_501, AdStatus::PendingReview, now).await;
    let refused = seed_table(&s, shop_id, 910_502, AdStatus::PendingReview, now).await;
    let deactivated = seed_table(&s, shop_id, 910_503, AdStatus::Deactivated, now - 3_600).await;
    let unpaid = seed_table(&s, shop_id, 910_504, AdStatus::PendingPayment, now).await;
    assert_eq!(total(&s, &shop, shop_range.clone(), "publish").await, 0);

    // Moderation approves: published.
    let moderate = "mutation($id: String!, $d: String!, $r: String) { moderateAd(adId: $id, decision: $d, reason: $r) { status } }";
    let approved = call(&s, Some(&moderator), "x", BROWSER, moderate, json!({ "id": waiting, "d": "APPROVE" })).await;
    assert_eq!(approved["data"]["moderateAd"]["status"], "active", "{approved}");
    assert_eq!(total(&s, &shop, shop_range.clone(), "publish").await, 1, "after the approval");
    assert_eq!(total(&s, &shop, json!({ "r": "TODAY", "a": waiting }), "publish").await, 1);
    // A refusal is not a publication.
    let no =
        call(&s, Some(&moderator), "x", BROWSER, moderate, json!({ "id": refused, "d": "REFUSE", "r": "duplicate" }))
            .await;
    assert_eq!(no["data"]["moderateAd"]["status"], "refused", "{no}");
    assert_eq!(total(&s, &shop, shop_range.clone(), "publish").await, 1, "after the refusal");

    // Reactivation: published again.
    let activate = "mutation($id: String!) { activateAd(adId: $id) { outcome } }";
    let activated = call(&s, Some(&shop), "x", BROWSER, activate, json!({ "id": deactivated })).await;
    assert_eq!(activated["data"]["activateAd"]["outcome"], "ACTIVATED", "{activated}");
    assert_eq!(total(&s, &shop, shop_range.clone(), "publish").await, 2, "after the reactivation");
    assert_eq!(total(&s, &shop, json!({ "r": "TODAY", "a": deactivated }), "publish").await, 1);

    // Payment of an ad waiting for it (the payments capability calls the ads service).
    let paid = s.state.ads.payment_received(&unpaid).await.expect("payment");
    assert_eq!(paid.ad.status, AdStatus::Active);
    assert_eq!(total(&s, &shop, shop_range.clone(), "publish").await, 3, "after the payment");
    assert_eq!(total(&s, &shop, json!({ "r": "TODAY", "a": unpaid }), "publish").await, 1);
    assert_eq!(total(&s, &shop, json!({ "r": "TODAY", "a": refused }), "publish").await, 0);
}

#[actix_web::test]
async fn shop_metrics_count_packs_and_active_ads_in_the_spec_order() {
    let s = start("stats-shop-extras", |_| {}).await;
    let (shop, shop_id, store_id) = sign_up(&s, json!({ "type": "shop", "name": "Atlas Boost", "email": "boost@souk.ma", "phone": "0612000071", "cityId": 1, "password": "secret1", "shopCategory": 6020, "plan": "premium" })).await;
    let store_id = store_id.expect("store");
    let now = now();
    let highlighted = seed_table(&s, shop_id, 910_601, AdStatus::Active, now - 7_200).await;
    let featured = seed_table(&s, shop_id, 910_602, AdStatus::Active, now - 7_200).await;
    let special = seed_table(&s, shop_id, 910_603, AdStatus::Active, now - 7_200).await;
    seed_table(&s, shop_id, 910_604, AdStatus::Deactivated, now - 7_200).await;

    // Every applied pack is a boost consumed; highlight and gallery count as such, a special
    // pack as gallery (and as a bump once started), a bump pack as a bump.
    let ads = &s.state.ads;
    let day = 86_400;
    ads.apply_pack(&highlighted, VasPackKind::Highlight, now - 5, now + day).await.expect("highlight");
    ads.apply_pack(&featured, VasPackKind::Gallery, now - 5, now + day).await.expect("gallery");
    ads.apply_pack(&special, VasPackKind::Special, now - 5, now + 3 * day).await.expect("special");
    ads.apply_pack(&highlighted, VasPackKind::Bump, now - 5, now + day).await.expect("bump");

    let body = call(&s, Some(&shop), "x", BROWSER, FIXED, json!({ "r": "TODAY", "s": store_id })).await;
    let names: Vec<&str> = body["data"]["getMyPerformanceMetricsFixedRange"]
        .as_array()
        .expect("metrics")
        .iter()
        .filter_map(|m| m["name"].as_str())
        .collect();
    // The order itself is the spec's, checked where it is decided (`Metric::shown`).
    let shown: Vec<&str> = souk_domain::stats::Metric::shown(true).iter().map(|m| m.name()).collect();
    assert_eq!(names, shown, "spec §3 order: {body}");
    assert_eq!(names.len(), 12);
    let value = |name: &str| metric(&body, "getMyPerformanceMetricsFixedRange", name)["total"].as_u64();
    assert_eq!(value("highlights"), Some(1));
    assert_eq!(value("gallery"), Some(2), "the gallery and the special pack");
    assert_eq!(value("bump"), Some(2), "the special pack started, and the bump pack");
    assert_eq!(value("boostConsumption"), Some(4), "four packs");
    // Active ads: the total is how many are active now; the points are activations (none yet:
    // these ads were stored active).
    assert_eq!(value("activeAds"), Some(3));
    let points = &metric(&body, "getMyPerformanceMetricsFixedRange", "activeAds")["data"];
    assert_eq!(points.as_array().map(|p| p.iter().filter_map(|x| x["y"].as_u64()).sum::<u64>()), Some(0));

    let deactivate = "mutation($id: String!) { deactivateAd(adId: $id) { status } }";
    let done = call(&s, Some(&shop), "x", BROWSER, deactivate, json!({ "id": featured })).await;
    assert_eq!(done["data"]["deactivateAd"]["status"], "deactivated", "{done}");
    let activate = "mutation($id: String!) { activateAd(adId: $id) { outcome } }";
    let done = call(&s, Some(&shop), "x", BROWSER, activate, json!({ "id": "table-910604" })).await;
    assert_eq!(done["data"]["activateAd"]["outcome"], "ACTIVATED", "{done}");
    let done = call(&s, Some(&shop), "x", BROWSER, deactivate, json!({ "id": special })).await;
    assert_eq!(done["data"]["deactivateAd"]["status"], "deactivated", "{done}");
    let shop_range = json!({ "r": "TODAY", "s": store_id });
    assert_eq!(total(&s, &shop, shop_range.clone(), "activeAds").await, 2, "active now: 3 - 2 + 1");
    let body = call(&s, Some(&shop), "x", BROWSER, FIXED, shop_range).await;
    let points = &metric(&body, "getMyPerformanceMetricsFixedRange", "activeAds")["data"];
    assert_eq!(
        points.as_array().map(|p| p.iter().filter_map(|x| x["y"].as_u64()).sum::<u64>()),
        Some(1),
        "one activation: {body}"
    );
    // The ad's own statistics keep to the six ad metrics, with its own packs' bumps.
    let own = call(&s, Some(&shop), "x", BROWSER, FIXED, json!({ "r": "TODAY", "a": special })).await;
    assert_eq!(own["data"]["getMyPerformanceMetricsFixedRange"].as_array().map(Vec::len), Some(6), "{own}");
    assert_eq!(metric(&own, "getMyPerformanceMetricsFixedRange", "bump")["total"], 1);
}

const SHOP_CUSTOM: &str = "query($f: String!, $t: String!, $s: Int) { getMyPerformanceMetricsCustomRange(from: $f, to: $t, storeId: $s) { name total data { x y } } }";

/// The points `(x, y)` of one metric of an answer.
fn points(body: &Value, field: &str, name: &str) -> Vec<(String, u64)> {
    metric(body, field, name)["data"]
        .as_array()
        .map(|d| d.iter().map(|p| (p["x"].as_str().unwrap_or("").to_string(), p["y"].as_u64().unwrap_or(0))).collect())
        .unwrap_or_default()
}

#[actix_web::test]
async fn custom_and_fixed_ranges_give_their_points_and_totals() {
    use souk_domain::stats::day_label;
    use souk_storage::metrics::{MetricCount, MetricsStore};
    let s = start("stats-ranges", |_| {}).await;
    let (shop, shop_id, store_id) = sign_up(&s, json!({ "type": "shop", "name": "Atlas Ranges", "email": "ranges@souk.ma", "phone": "0612000081", "cityId": 1, "password": "secret1", "shopCategory": 2010, "plan": "premium" })).await;
    let store_id = store_id.expect("store");
    let ad_id = seed_ad(&s, shop_id, 910_701).await;
    // A history written into the time series as the flushes write it: views on days before
    // today (days back, count), at 10:00 UTC, for the ad and its shop.
    let today = now().div_euclid(86_400);
    let history = [(0, 2), (3, 5), (9, 7), (13, 11), (14, 13), (20, 17), (200, 19)];
    let mut rows = Vec::new();
    for (back, n) in history {
        let at = (today - back) * 86_400 + 10 * 3_600 + 30;
        for owner in [format!("ad:{ad_id}"), format!("account:{shop_id}")] {
            rows.push(MetricCount { owner, metric: "view".into(), at, count: n });
        }
    }
    s.store.add(rows).await.expect("history");
    let label = |back: i64| day_label(today - back);
    let custom = "getMyPerformanceMetricsCustomRange";
    let fixed = "getMyPerformanceMetricsFixedRange";

    // A custom range: one point a day from `from` to `to`, zeros included; the total is theirs.
    for (scope, query, vars) in [
        ("ad", CUSTOM, json!({ "f": label(9), "t": label(3), "a": ad_id })),
        ("shop", SHOP_CUSTOM, json!({ "f": label(9), "t": label(3), "s": store_id })),
    ] {
        let body = call(&s, Some(&shop), "x", BROWSER, query, vars).await;
        let p = points(&body, custom, "view");
        let expected: Vec<(String, u64)> = (3..=9)
            .rev()
            .map(|back| {
                (
                    label(back),
                    match back {
                        9 => 7,
                        3 => 5,
                        _ => 0,
                    },
                )
            })
            .collect();
        assert_eq!(p, expected, "{scope}: {body}");
        assert_eq!(metric(&body, custom, "view")["total"], 12, "{scope}: {body}");
        let names = body["data"][custom].as_array().map(Vec::len);
        assert_eq!(names, Some(if scope == "shop" { 12 } else { 6 }), "{scope}: {body}");
    }
    // One day: its 24 hours.
    let body = call(&s, Some(&shop), "x", BROWSER, CUSTOM, json!({ "f": label(3), "t": label(3), "a": ad_id })).await;
    let p = points(&body, custom, "view");
    assert_eq!(p.len(), 24, "{body}");
    assert_eq!(p[10], (format!("{}T10:00", label(3)), 5));
    assert_eq!(p.iter().map(|(_, y)| y).sum::<u64>(), 5);
    // Over 185 days: months, with every day of the range in its month.
    let body =
        call(&s, Some(&shop), "x", BROWSER, SHOP_CUSTOM, json!({ "f": label(200), "t": label(0), "s": store_id }))
            .await;
    let p = points(&body, custom, "view");
    assert_eq!(p.first().map(|(x, _)| x.clone()), Some(label(200)[..7].to_string()), "{body}");
    assert_eq!(p.last().map(|(x, _)| x.clone()), Some(label(0)[..7].to_string()));
    assert!(p.iter().all(|(x, _)| x.len() == 7), "{p:?}");
    assert_eq!(metric(&body, custom, "view")["total"], 2 + 5 + 7 + 11 + 13 + 17 + 19);

    // The last 14 days end today and start 13 days back; the last 15 days, 14 days back.
    for (range, days, total) in [("LAST_14_DAYS", 14, 2 + 5 + 7 + 11), ("LAST_15_DAYS", 15, 2 + 5 + 7 + 11 + 13)] {
        for vars in [json!({ "r": range, "a": ad_id }), json!({ "r": range, "s": store_id })] {
            let body = call(&s, Some(&shop), "x", BROWSER, FIXED, vars).await;
            let p = points(&body, fixed, "view");
            assert_eq!(p.len(), days, "{range}: {body}");
            assert_eq!(p[0], (label(days as i64 - 1), if days == 15 { 13 } else { 11 }), "{range}");
            assert_eq!(p[days - 1], (label(0), 2), "{range}");
            assert_eq!(metric(&body, fixed, "view")["total"], total, "{range}: {body}");
            assert_eq!(metric(&body, fixed, "phoneView")["data"].as_array().map(Vec::len), Some(days));
        }
    }
}

/// A visitor's `calls` or `leads` event for a shop; answers whether it counted.
async fn collect(s: &TestServer, name: &str, store_id: i64, visitor: &str) -> Option<bool> {
    let event = "mutation($n: String!, $s: Int!) { collectPerformanceEvent(event: { name: $n, storeId: $s }) }";
    call(s, None, visitor, BROWSER, event, json!({ "n": name, "s": store_id })).await["data"]["collectPerformanceEvent"]
        .as_bool()
}

#[actix_web::test]
async fn a_shops_calls_and_leads_reach_its_owners_socket_and_nobody_elses() {
    let s = start("stats-live-shop", |_| {}).await;
    let (atlas, _, atlas_store) = sign_up(&s, json!({ "type": "shop", "name": "Atlas Live", "email": "live-a@souk.ma", "phone": "0612000091", "cityId": 1, "password": "secret1", "shopCategory": 2010, "plan": "premium" })).await;
    let (rif, _, rif_store) = sign_up(&s, json!({ "type": "shop", "name": "Rif Live", "email": "live-b@souk.ma", "phone": "0612000092", "cityId": 1, "password": "secret1", "shopCategory": 2010, "plan": "premium" })).await;
    let (atlas_store, rif_store) = (atlas_store.expect("store"), rif_store.expect("store"));
    let (atlas_socket, reply) = PollingClient::connect(&s.base, &atlas).await;
    assert!(reply.starts_with("40"), "{reply}");
    let (rif_socket, reply) = PollingClient::connect(&s.base, &rif).await;
    assert!(reply.starts_with("40"), "{reply}");
    for _ in 0..100 {
        if s.state.sessions.send(souk_actors::sessions::Size).await.expect("registry").sockets == 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    // A call to Atlas reaches Atlas's socket: a shop event, without an ad.
    assert_eq!(collect(&s, "calls", atlas_store, "live-1").await, Some(true));
    let update = atlas_socket.event("stats:update").await;
    assert_eq!((&update["metric"], &update["adId"], &update["count"]), (&json!("calls"), &Value::Null, &json!(1)));
    assert!(update["at"].as_i64().is_some_and(|at| (at - now()).abs() < 60), "{update}");
    // A lead of Rif reaches Rif's socket, and is the first update it sees: Atlas's call was
    // not sent to it.
    assert_eq!(collect(&s, "leads", rif_store, "live-2").await, Some(true));
    let update = rif_socket.event("stats:update").await;
    assert_eq!((&update["metric"], &update["adId"]), (&json!("leads"), &Value::Null), "{update}");
    // A repeated call is not counted and pushes nothing: Atlas's next update is its lead.
    assert_eq!(collect(&s, "calls", atlas_store, "live-1").await, Some(false));
    assert_eq!(collect(&s, "leads", atlas_store, "live-3").await, Some(true));
    let update = atlas_socket.event("stats:update").await;
    assert_eq!((&update["metric"], &update["count"]), (&json!("leads"), &json!(1)), "{update}");
    atlas_socket.post("1").await;
    rif_socket.post("1").await;
}

/// The public list id of one of `owner`'s ads.
async fn mine_list_id(s: &TestServer, owner: &str, ad_id: &str) -> i64 {
    let body = call(
        s,
        Some(owner),
        "x",
        BROWSER,
        "query($id: String!) { getMyAd(adId: $id) { listId } }",
        json!({ "id": ad_id }),
    )
    .await;
    body["data"]["getMyAd"]["listId"].as_i64().unwrap_or_else(|| panic!("{body}"))
}

#[actix_web::test]
async fn thirty_visitor_ids_from_one_address_count_one_view_a_day() {
    let s = start("stats-views-per-address", |_| {}).await;
    let (seller, seller_id, _) = sign_up(&s, json!({ "type": "private", "name": "Omar Tazi", "phone": "0612000091", "cityId": 1, "password": "secret1", "passwordConfirmation": "secret1" })).await;
    let ad_id = seed_ad(&s, seller_id, 910_901).await;
    let view = |visitor: String, address: &'static str| {
        let s = &s;
        async move {
            let headers = [("visitorId", visitor.as_str()), ("User-Agent", BROWSER), ("X-Forwarded-For", address)];
            s.gql_as(None, &headers, VIEW, json!({ "l": 910_901 })).await["data"]["collectPerformanceEvent"].as_bool()
        }
    };
    let mut counted = 0;
    for n in 0..30 {
        if view(format!("invented-{n}"), "203.0.113.30").await == Some(true) {
            counted += 1;
        }
    }
    assert_eq!(counted, 1, "30 visitor ids from one address raise the count by 1");
    assert_eq!(view("invented-99".into(), "203.0.113.31").await, Some(true), "another address counts");
    let today = call(&s, Some(&seller), "x", BROWSER, FIXED, json!({ "r": "TODAY", "a": ad_id })).await;
    assert_eq!(metric(&today, "getMyPerformanceMetricsFixedRange", "view")["total"], 2, "{today}");
}
