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

const REPORTED: &str = "query($p: Int, $s: Int) { getReportedAds(page: $p, size: $s) {
  total items { listId count firstAt reports { type body } ad { adId } seller { accountId } } } }";
const DISMISS: &str = "mutation($l: Int!, $r: String!, $n: String) { dismissReportAd(listId: $l, reason: $r, note: $n) { listId closed } }";

/// The open reports of `list_id` and how each was closed: (reporter, handled_by, reason, note).
async fn report_rows(s: &TestServer, list_id: i64) -> Vec<(String, Option<i64>, Option<String>, Option<String>)> {
    s.store
        .read(move |c| {
            let mut st = c.prepare(
                "SELECT reporter, handled_by, handled_reason, handled_note FROM abuse_reports WHERE list_id = ?1 ORDER BY reporter",
            )?;
            let rows = st.query_map([list_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await
        .expect("report rows")
}

/// The admins' report queue pages past 50 reported ads with the server's count, the most
/// reported first; closing an ad's reports with a reason is an admin's act only — anyone else
/// is refused and the reports stay open — recorded with the reports and in the audit log, and
/// a second close finds nothing left to close.
#[actix_web::test]
async fn reported_ads_page_beyond_fifty_and_only_an_admin_dismisses_them() {
    use souk_storage::ads::{AbuseReport, AdStore};
    let s = start("moderation-reports", |_| {}).await;
    let (seller, seller_id) = private(&s, "0611300001", "Youssef Alami").await;
    let (other, _) = private(&s, "0611300002", "Karim Bennani").await;
    let (moderator, moderator_id) = admin(&s, "0611300009").await;
    let now = common::now();
    let ads: Vec<_> = (0..60)
        .map(|n| {
            common::active_ad(&format!("rep-{n}"), 500 + n, seller_id, 6020, 1, &format!("Canapé {n}"), now - 3600)
        })
        .collect();
    s.store.insert_ads(ads).await.expect("ads");
    let report = |list_id: i64, reporter: &str, report_type: &str, at: i64| AbuseReport {
        list_id,
        reporter: reporter.into(),
        reporter_account: None,
        report_type: report_type.into(),
        body: format!("signalé par {reporter}"),
        created_at: at,
    };
    for n in 0..60 {
        s.store.report_ad(report(500 + n, "a@exemple.ma", "fraud", now - 600 + n)).await.expect("report");
    }
    // The last ad is the most reported: it comes first.
    for who in ["b@exemple.ma", "c@exemple.ma"] {
        s.store.report_ad(report(559, who, "wrong_price", now - 60)).await.expect("report");
    }

    let page1 = call(&s, Some(&moderator), REPORTED, json!({ "p": 1, "s": 50 })).await;
    let page1 = &page1["data"]["getReportedAds"];
    assert_eq!(page1["total"], 60, "{page1}");
    let items = page1["items"].as_array().expect("items");
    assert_eq!(items.len(), 50);
    assert_eq!((items[0]["listId"].as_i64(), items[0]["count"].as_u64()), (Some(559), Some(3)), "{}", items[0]);
    assert_eq!(items[0]["reports"].as_array().map(Vec::len), Some(3));
    assert_eq!(items[0]["seller"]["accountId"], seller_id);
    assert_eq!(items[1]["listId"], 500, "then the longest waiting");
    let page2 = call(&s, Some(&moderator), REPORTED, json!({ "p": 2, "s": 50 })).await;
    let page2 = &page2["data"]["getReportedAds"];
    assert_eq!(page2["total"], 60);
    let rest: Vec<i64> =
        page2["items"].as_array().expect("items").iter().filter_map(|i| i["listId"].as_i64()).collect();
    assert_eq!(rest, (549..559).collect::<Vec<_>>(), "the second page holds the last ten");

    let act = "mutation($a: Int!) { actAsUser(accountId: $a) { accessToken } }";
    let acting = call(&s, Some(&moderator), act, json!({ "a": seller_id })).await;
    let acting = acting["data"]["actAsUser"]["accessToken"].as_str().expect("acting token").to_owned();
    let before = report_rows(&s, 559).await;
    assert!(before.iter().all(|r| r.1.is_none() && r.2.is_none()), "{before:?}");
    for (who, token) in
        [("the seller", Some(seller.as_str())), ("another user", Some(&other)), ("an acting admin", Some(&acting))]
    {
        let refused = call(&s, token, DISMISS, json!({ "l": 559, "r": "no_violation" })).await;
        assert_eq!(code(&refused), "PERMISSION_DENIED", "{who}: {refused}");
        assert_eq!(code(&call(&s, token, REPORTED, json!({})).await), "PERMISSION_DENIED", "{who}: reading");
    }
    let visitor = call(&s, None, DISMISS, json!({ "l": 559, "r": "no_violation" })).await;
    assert!(matches!(code(&visitor), "LOGIN_REQUIRED" | "SESSION_EXPIRED"), "{visitor}");
    let unknown = call(&s, Some(&moderator), DISMISS, json!({ "l": 559, "r": "bored" })).await;
    assert_eq!(code(&unknown), "INVALID_ARGUMENT", "{unknown}");
    let long = call(&s, Some(&moderator), DISMISS, json!({ "l": 559, "r": "other", "n": "x".repeat(501) })).await;
    assert_eq!(code(&long), "VALUE_TOO_LARGE", "{long}");
    assert_eq!(report_rows(&s, 559).await, before, "refused requests change nothing");
    let still = call(&s, Some(&moderator), REPORTED, json!({ "p": 1, "s": 1 })).await;
    assert_eq!(still["data"]["getReportedAds"]["total"], 60, "{still}");

    let dismissed =
        call(&s, Some(&moderator), DISMISS, json!({ "l": 559, "r": "other", "n": " Prix vérifié avec le vendeur " }))
            .await;
    assert_eq!(dismissed["data"]["dismissReportAd"], json!({ "listId": 559, "closed": 3 }), "{dismissed}");
    let after = report_rows(&s, 559).await;
    assert!(
        after.iter().all(|r| r.1 == Some(moderator_id)
            && r.2.as_deref() == Some("other")
            && r.3.as_deref() == Some("Prix vérifié avec le vendeur")),
        "{after:?}"
    );
    let audit: Vec<(i64, String, String)> = s
        .store
        .read(move |c| {
            let mut st = c.prepare("SELECT account_id, operation, detail FROM audit_log WHERE admin_id = ?1")?;
            let rows = st.query_map([moderator_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await
        .expect("audit");
    assert!(audit.contains(&(seller_id, "dismissReportAd".into(), "559 other".into())), "{audit:?}");
    let again = call(&s, Some(&moderator), DISMISS, json!({ "l": 559, "r": "no_violation" })).await;
    assert_eq!(again["data"]["dismissReportAd"]["closed"], 0, "already closed: {again}");
    let left = call(&s, Some(&moderator), REPORTED, json!({ "p": 1, "s": 50 })).await;
    assert_eq!(left["data"]["getReportedAds"]["total"], 59, "{left}");
    assert_eq!(left["data"]["getReportedAds"]["items"][0]["listId"], 500);
}
