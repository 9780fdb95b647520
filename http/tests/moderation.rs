//! The moderation desk's server side, as the web client uses it: only an admin (not acting as a
//! user) reads the queue and the abuse reports and decides an ad — anyone else is refused and
//! the ad is left as it was; the queue names each ad's seller; and an admin's socket hears a new
//! pending ad (`moderation:new`) and a decision (`moderation:decided`) live, while the sockets
//! of other accounts, and of an admin acting as a user, hear nothing of it.

mod common;

use common::chat::PollingClient;
use common::{TestServer, code, start};
use serde_json::{Value, json};
use souk_domain::account::Role;
use souk_storage::accounts::AccountStore;
use std::time::Duration;

const SUBMIT: &str = "mutation($a: AdInput) { submitAd(ad: $a) { adId listId status } }";
const MODERATE: &str = "mutation($id: String!, $d: String!, $r: String) { moderateAd(adId: $id, decision: $d, reason: $r) { adId status } }";
const QUEUE: &str =
    "{ getModerationQueue { total items { kind flags ad { adId title } seller { accountId name type } } } }";
const REPORTS: &str = "{ getAbuseReports { listId type ad { adId } seller { accountId name } } }";

async fn call(s: &TestServer, token: Option<&str>, query: &str, variables: Value) -> Value {
    s.gql_as(token, &[("Accept-Language", "fr")], query, variables).await
}

/// Signs up a private account; answers (token, account id).
async fn private(s: &TestServer, phone: &str, name: &str) -> (String, i64) {
    let q = "mutation($i: RegisterAccountInput!) { registerAccount(input: $i) { login { accessToken } info { id } } }";
    let input = json!({ "type": "private", "name": name, "phone": phone, "cityId": 1, "password": "secret1", "passwordConfirmation": "secret1" });
    let body = call(s, None, q, json!({ "i": input })).await;
    let p = &body["data"]["registerAccount"];
    (p["login"]["accessToken"].as_str().expect("token").into(), p["info"]["id"].as_i64().expect("id"))
}

/// An admin's fresh token (the role is read at sign-in).
async fn admin(s: &TestServer, phone: &str) -> (String, i64) {
    let (_, id) = private(s, phone, "Nadia Moderatrice").await;
    s.store.set_roles(id, vec![Role::Admin]).await.expect("promote");
    let q =
        format!("mutation {{ loginByIdentifier(identifier: \"{phone}\", password: \"secret1\") {{ accessToken }} }}");
    let body = call(s, None, &q, json!({})).await;
    (body["data"]["loginByIdentifier"]["accessToken"].as_str().expect("admin token").into(), id)
}

/// A complete ad without photos (the form's photos are optional).
fn sofa(title: &str) -> Value {
    json!({
        "categoryId": 6020, "adType": "sell", "title": title,
        "description": "Canapé en très bon état à récupérer sur place", "params": { "condition": "tres_bon_etat" },
        "images": [], "cityId": 1, "areaId": 101, "price": 2500,
    })
}

async fn submit(s: &TestServer, token: &str, title: &str) -> (String, i64) {
    let body = call(s, Some(token), SUBMIT, json!({ "a": sofa(title) })).await;
    let ad = &body["data"]["submitAd"];
    assert_eq!(ad["status"], "pending_review", "{body}");
    (ad["adId"].as_str().expect("ad id").into(), ad["listId"].as_i64().expect("list id"))
}

/// The records a socket received within `wait` (pings answered).
async fn records_within(client: &PollingClient, wait: Duration) -> Vec<String> {
    let mut all = Vec::new();
    let _ = tokio::time::timeout(wait, async {
        loop {
            for record in client.records().await {
                if record == "2" {
                    client.post("3").await;
                }
                all.push(record);
            }
        }
    })
    .await;
    all
}

#[actix_web::test]
async fn only_an_admin_not_acting_as_a_user_reads_the_queue_and_decides() {
    let s = start("moderation-rights", |_| {}).await;
    let (seller, seller_id) = private(&s, "0611200001", "Youssef Alami").await;
    let (other, _) = private(&s, "0611200002", "Karim Bennani").await;
    let (moderator, _) = admin(&s, "0611200009").await;
    let (ad_id, list_id) = submit(&s, &seller, "Canapé d'angle en cuir").await;

    // The admin acting as the seller has the seller's rights only.
    let act = "mutation($a: Int!) { actAsUser(accountId: $a) { accessToken } }";
    let acting = call(&s, Some(&moderator), act, json!({ "a": seller_id })).await;
    let acting = acting["data"]["actAsUser"]["accessToken"].as_str().expect("acting token").to_owned();

    for (who, token) in
        [("the seller", Some(seller.as_str())), ("another user", Some(&other)), ("an acting admin", Some(&acting))]
    {
        assert_eq!(code(&call(&s, token, QUEUE, json!({})).await), "PERMISSION_DENIED", "{who}: queue");
        assert_eq!(code(&call(&s, token, REPORTS, json!({})).await), "PERMISSION_DENIED", "{who}: reports");
        let approve = call(&s, token, MODERATE, json!({ "id": ad_id, "d": "APPROVE" })).await;
        assert_eq!(code(&approve), "PERMISSION_DENIED", "{who}: approve {approve}");
        let refuse = call(&s, token, MODERATE, json!({ "id": ad_id, "d": "REFUSE", "r": "duplicate" })).await;
        assert_eq!(code(&refuse), "PERMISSION_DENIED", "{who}: refuse {refuse}");
    }
    for query in [QUEUE, REPORTS] {
        let visitor = code(&call(&s, None, query, json!({})).await).to_owned();
        assert!(matches!(visitor.as_str(), "LOGIN_REQUIRED" | "SESSION_EXPIRED"), "a visitor: {visitor}");
    }
    let visitor = call(&s, None, MODERATE, json!({ "id": ad_id, "d": "APPROVE" })).await;
    assert!(matches!(code(&visitor), "LOGIN_REQUIRED" | "SESSION_EXPIRED"), "{visitor}");

    // Nothing changed: the ad still waits, with its seller named in the queue.
    let queue = call(&s, Some(&moderator), QUEUE, json!({})).await;
    let items = &queue["data"]["getModerationQueue"]["items"];
    assert_eq!(queue["data"]["getModerationQueue"]["total"], 1, "{queue}");
    assert_eq!(items[0]["ad"]["adId"], ad_id.as_str());
    assert_eq!(items[0]["seller"], json!({ "accountId": seller_id, "name": "Youssef Alami", "type": "private" }));

    let approved = call(&s, Some(&moderator), MODERATE, json!({ "id": ad_id, "d": "APPROVE" })).await;
    assert_eq!(approved["data"]["moderateAd"]["status"], "active", "{approved}");
    // Once live it can be reported: the admin reads the report with the ad's seller.
    let report = "mutation($l: Int!) { submitReportAd(listId: $l, type: \"fraud\", body: \"arnaque\") { reported } }";
    let reported = call(&s, Some(&other), report, json!({ "l": list_id })).await;
    assert_eq!(reported["data"]["submitReportAd"]["reported"], true, "{reported}");
    let reports = call(&s, Some(&moderator), REPORTS, json!({})).await;
    let first = &reports["data"]["getAbuseReports"][0];
    assert_eq!((first["listId"].as_i64(), first["type"].as_str()), (Some(list_id), Some("fraud")), "{reports}");
    assert_eq!(first["seller"]["accountId"], seller_id);
    assert_eq!(first["ad"]["adId"], ad_id.as_str());
}

#[actix_web::test]
async fn an_admin_s_socket_hears_new_pending_ads_and_decisions_live_and_no_one_else_does() {
    let s = start("moderation-live", |_| {}).await;
    let (seller, seller_id) = private(&s, "0611300001", "Youssef Alami").await;
    let (bystander, _) = private(&s, "0611300002", "Karim Bennani").await;
    let (moderator, _) = admin(&s, "0611300009").await;
    let act = "mutation($a: Int!) { actAsUser(accountId: $a) { accessToken } }";
    let acting = call(&s, Some(&moderator), act, json!({ "a": seller_id })).await;
    let acting = acting["data"]["actAsUser"]["accessToken"].as_str().expect("acting token").to_owned();

    let (desk, reply) = PollingClient::connect(&s.base, &moderator).await;
    assert!(reply.starts_with("40"), "admin CONNECT: {reply}");
    let (other, reply) = PollingClient::connect(&s.base, &bystander).await;
    assert!(reply.starts_with("40"), "bystander CONNECT: {reply}");
    let (as_user, reply) = PollingClient::connect(&s.base, &acting).await;
    assert!(reply.starts_with("40"), "acting CONNECT: {reply}");
    // The registry takes the sockets in through its mailbox: let it.
    tokio::time::sleep(Duration::from_millis(200)).await;

    let (ad_id, list_id) = submit(&s, &seller, "Table basse en chêne").await;
    let new = desk.event("moderation:new").await;
    assert_eq!(
        (new["adId"].as_str(), new["listId"].as_i64(), new["kind"].as_str(), new["title"].as_str()),
        (Some(ad_id.as_str()), Some(list_id), Some("new"), Some("Table basse en chêne")),
        "{new}"
    );

    let approved = call(&s, Some(&moderator), MODERATE, json!({ "id": ad_id, "d": "APPROVE" })).await;
    assert_eq!(approved["data"]["moderateAd"]["status"], "active", "{approved}");
    let decided = desk.event("moderation:decided").await;
    assert_eq!((decided["adId"].as_str(), decided["status"].as_str()), (Some(ad_id.as_str()), Some("active")));

    for (who, client) in [("another user", &other), ("an admin acting as a user", &as_user)] {
        let heard = records_within(client, Duration::from_millis(600)).await;
        assert!(!heard.iter().any(|r| r.contains("moderation:")), "{who} heard the moderators' events: {heard:?}");
    }
}
