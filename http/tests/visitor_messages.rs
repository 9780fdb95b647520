//! A visitor's messages to sellers against abuse (issue 27, docs/security.md), through a real
//! server and its outbox: a first message waits for the confirmation link e-mailed to the
//! visitor in their language and reaches no seller before it is opened; the link delivers it
//! once (opened again it says so and delivers nothing more); a confirmed address goes straight
//! through afterwards; a CV waits with its message; an expired link is refused with
//! MESSAGE_LINK_EXPIRED in French or Arabic and purged; several messages to one seller within
//! the window make one digest e-mail; a signed-in buyer's messages are untouched.

mod common;

use common::chat::{call, confirmed_sender, insert_ad, private, shop, sign_up, wait_for_mails};
use common::{TestServer, start};
use serde_json::{Value, json};
use souk_services::notify::{OutboxEntry, read_outbox};
use std::time::Duration;

const FORM: &str = "mutation($l: Int!, $e: String!, $m: String!) { sendMessageToSeller(listId: $l, email: $e, message: $m) { sent pending inviteToSignUp code messageKey message conversationId } }";
const LIST: &str = "{ myConversations { id visitorEmail lastMessagePreview unread } }";
const HISTORY: &str =
    "query($id: String!) { conversationMessages(conversationId: $id, limit: 50) { text attachment { name } } }";

fn outbox(s: &TestServer) -> Vec<OutboxEntry> {
    read_outbox(&s.data_dir.join("outbox"), 500).expect("outbox")
}

fn mails_to(s: &TestServer, to: &str) -> Vec<OutboxEntry> {
    outbox(s).into_iter().filter(|e| e.to.contains(to)).collect()
}

/// The form through GraphQL, in a language.
async fn form(s: &TestServer, lang: &str, list_id: i64, email: &str, text: &str) -> Value {
    s.gql_as(None, &[("Accept-Language", lang)], FORM, json!({ "l": list_id, "e": email, "m": text })).await
}

/// The path and query of the confirmation link last e-mailed to `email`.
fn confirmation_link(s: &TestServer, email: &str) -> String {
    let entry = mails_to(s, email)
        .into_iter()
        .rfind(|e| e.kind.as_deref() == Some("seller_message_confirmation"))
        .unwrap_or_else(|| panic!("no confirmation e-mail to {email}"));
    let link = entry.link.expect("link");
    assert!(entry.text.contains(&link), "the e-mail shows its link: {}", entry.text);
    let at = link.find("/confirmer-message/").expect("confirmation path");
    link[at..].to_owned()
}

async fn open(s: &TestServer, path: &str) -> (u16, String, Option<String>) {
    let res = s.client.get(format!("{}{path}", s.base)).send().await.expect("get");
    let status = res.status().as_u16();
    let code = res.headers().get("x-souk-code").and_then(|v| v.to_str().ok()).map(str::to_owned);
    (status, res.text().await.expect("page"), code)
}

async fn conversations(s: &TestServer, seller: &str) -> Vec<Value> {
    call(&s.base, Some(seller), LIST, json!({})).await["data"]["myConversations"]
        .as_array()
        .cloned()
        .unwrap_or_else(|| panic!("conversations"))
}

#[actix_web::test]
async fn a_first_message_waits_for_its_link_which_delivers_it_once_then_the_address_goes_straight_through() {
    let s = start("visitor-confirm", |st| st.chat.seller_digest_secs = 1).await;
    let (seller, seller_id) = sign_up(&s.base, shop("vendeur@confirm.ma", "0522000701")).await;
    insert_ad(&s.store, seller_id, 701).await;

    let sent = form(&s, "ar", 701, "Zineb@Example.ma", "هل ما زال متوفرًا؟").await;
    let p = &sent["data"]["sendMessageToSeller"];
    assert_eq!((p["sent"].as_bool(), p["pending"].as_bool()), (Some(false), Some(true)), "{sent}");
    assert_eq!(p["code"], "MESSAGE_PENDING_CONFIRMATION");
    assert_eq!(p["messageKey"], "messageForm.info.confirmByEmail");
    assert_eq!(p["message"], souk_domain::ErrorCode::MessagePendingConfirmation.message(souk_domain::Lang::Ar));
    assert_eq!(p["conversationId"], Value::Null);

    // The visitor got the link, in Arabic; the token is not what the store keeps.
    let confirmation: Vec<_> = mails_to(&s, "zineb@example.ma");
    assert_eq!(confirmation.len(), 1, "one e-mail to the visitor");
    assert_eq!(confirmation[0].kind.as_deref(), Some("seller_message_confirmation"));
    assert_eq!(confirmation[0].lang, Some(souk_domain::Lang::Ar));
    let link = confirmation_link(&s, "zineb@example.ma");
    assert!(link.ends_with("?lang=ar"), "{link}");
    let token = link.trim_start_matches("/confirmer-message/").trim_end_matches("?lang=ar").to_owned();
    let token_stored: i64 = s
        .store
        .read(move |c| {
            Ok(c.query_row(
                "SELECT count(*) FROM visitor_pending_messages WHERE token_hash = ?1 OR pending_id = ?1",
                [token],
                |r| r.get(0),
            )?)
        })
        .await
        .expect("count");
    assert_eq!(token_stored, 0, "only the token's hash is stored");

    // Nothing reached the seller: no conversation, and no e-mail after the digest window.
    assert!(conversations(&s, &seller).await.is_empty());
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert!(
        mails_to(&s, "vendeur@confirm.ma").iter().all(|e| !e
            .kind
            .as_deref()
            .unwrap_or("")
            .starts_with("seller_message"))
    );

    // The link delivers it, says so in Arabic, and the seller's e-mail follows.
    let (status, page, _) = open(&s, &link).await;
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("dir=\"rtl\"") && page.contains("تم تأكيد الرسالة"), "{page}");
    let list = conversations(&s, &seller).await;
    assert_eq!(list.len(), 1, "{list:?}");
    assert_eq!(list[0]["visitorEmail"], "zineb@example.ma");
    assert_eq!(list[0]["unread"], 1);
    let id = list[0]["id"].as_str().expect("id").to_owned();
    wait_for_mails(&s.data_dir, "vendeur@confirm.ma", "seller_message", 1).await;

    // Opened again: already confirmed, nothing more delivered or mailed.
    let (status, page, _) = open(&s, &link).await;
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("الرسالة مؤكدة من قبل"), "{page}");
    let history = call(&s.base, Some(&seller), HISTORY, json!({ "id": id })).await;
    assert_eq!(history["data"]["conversationMessages"].as_array().map(Vec::len), Some(1), "{history}");
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert_eq!(
        mails_to(&s, "vendeur@confirm.ma").iter().filter(|e| e.kind.as_deref() == Some("seller_message")).count(),
        1
    );

    // The confirmed address now goes straight through, without another link.
    let again = form(&s, "fr", 701, "zineb@example.ma", "Je passe demain ?").await;
    let p = &again["data"]["sendMessageToSeller"];
    assert_eq!((p["sent"].as_bool(), p["pending"].as_bool()), (Some(true), Some(false)), "{again}");
    assert_eq!(p["code"], "EMAIL_MATCHES_NO_ACCOUNT");
    assert_eq!(p["conversationId"], id.as_str());
    assert_eq!(mails_to(&s, "zineb@example.ma").len(), 1, "no second confirmation e-mail");
    let history = call(&s.base, Some(&seller), HISTORY, json!({ "id": id })).await;
    assert_eq!(history["data"]["conversationMessages"][0]["text"], "Je passe demain ?", "{history}");
    wait_for_mails(&s.data_dir, "vendeur@confirm.ma", "seller_message", 2).await;
}

#[actix_web::test]
async fn a_cv_waits_with_its_message_and_one_link_delivers_every_waiting_message_of_the_address() {
    let s = start("visitor-confirm-cv", |_| {}).await;
    let (seller, seller_id) = sign_up(&s.base, shop("rh@confirm.ma", "0522000702")).await;
    insert_ad(&s.store, seller_id, 702).await;
    insert_ad(&s.store, seller_id, 703).await;
    let cv = reqwest::multipart::Form::new()
        .text("email", "candidate@example.ma")
        .text("message", "Voici ma candidature")
        .part("cv", reqwest::multipart::Part::bytes(b"%PDF-1.4 mon cv".to_vec()).file_name("cv.pdf"));
    let res = s.client.post(format!("{}/api/ads/702/message", s.base)).multipart(cv).send().await.expect("post");
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.expect("json");
    assert_eq!((body["sent"].as_bool(), body["pending"].as_bool()), (Some(false), Some(true)), "{body}");
    assert_eq!(body["code"], "MESSAGE_PENDING_CONFIRMATION");
    let files = std::fs::read_dir(s.data_dir.join("media/chat")).map(|d| d.count()).unwrap_or(0);
    assert_eq!(files, 0, "the CV is not in the chat's media before the link");
    let second = form(&s, "fr", 703, "candidate@example.ma", "Et pour ce poste aussi").await;
    assert_eq!(second["data"]["sendMessageToSeller"]["pending"], true, "{second}");
    assert_eq!(mails_to(&s, "candidate@example.ma").len(), 2, "one link per waiting message");

    // The first link delivers both waiting messages, the CV with its own.
    let (status, page, _) = open(&s, &confirmation_link(&s, "candidate@example.ma").replace("?lang=fr", "")).await;
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("Message confirmé") && page.contains("lang=\"fr\""), "{page}");
    let list = conversations(&s, &seller).await;
    assert_eq!(list.len(), 2, "{list:?}");
    let mut attachments = Vec::new();
    for row in &list {
        let history = call(&s.base, Some(&seller), HISTORY, json!({ "id": row["id"] })).await;
        attachments.push(history["data"]["conversationMessages"][0]["attachment"]["name"].clone());
    }
    attachments.sort_by_key(|a| a.is_null());
    assert_eq!(attachments, [json!("cv.pdf"), Value::Null], "the CV came with its own message only");
}

#[actix_web::test]
async fn an_expired_link_is_refused_in_the_visitors_language_delivers_nothing_and_is_purged() {
    let s = start("visitor-expired", |_| {}).await;
    let (seller, seller_id) = sign_up(&s.base, shop("expire@confirm.ma", "0522000704")).await;
    insert_ad(&s.store, seller_id, 704).await;
    let sent = form(&s, "fr", 704, "tardif@example.ma", "Toujours là ?").await;
    assert_eq!(sent["data"]["sendMessageToSeller"]["pending"], true, "{sent}");
    let link = confirmation_link(&s, "tardif@example.ma");
    // A day later.
    s.store
        .write(|c| Ok(c.execute("UPDATE visitor_pending_messages SET expires_at = created_at - 1", [])?))
        .await
        .expect("age");

    for (lang, words) in [("fr", "Ce lien de confirmation a expiré"), ("ar", "انتهت صلاحية رابط التأكيد")]
    {
        let path = format!("{}?lang={lang}", link.split('?').next().expect("path"));
        let (status, page, code) = open(&s, &path).await;
        assert_eq!(status, 410, "{page}");
        assert_eq!(code.as_deref(), Some("MESSAGE_LINK_EXPIRED"));
        assert!(page.contains(words) && page.contains(&format!("lang=\"{lang}\"")), "{page}");
    }
    assert!(conversations(&s, &seller).await.is_empty(), "nothing delivered");
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).expect("clock").as_secs() as i64;
    assert_eq!(s.state.chat.purge_expired_visitor_messages(now).await.expect("purge"), 1);
    let (status, _, code) = open(&s, &link).await;
    assert_eq!((status, code.as_deref()), (410, Some("MESSAGE_LINK_EXPIRED")), "purged: still refused");
    let (status, _, code) = open(&s, "/confirmer-message/not-a-token").await;
    assert_eq!((status, code.as_deref()), (410, Some("MESSAGE_LINK_EXPIRED")));
    // The address never confirmed: its next message waits again.
    let again = form(&s, "fr", 704, "tardif@example.ma", "Et maintenant ?").await;
    assert_eq!(again["data"]["sendMessageToSeller"]["pending"], true, "{again}");
}

#[actix_web::test]
async fn five_messages_within_the_window_make_one_email_to_the_seller() {
    let s = start("visitor-digest", |st| st.chat.seller_digest_secs = 6).await;
    let (seller, seller_id) = sign_up(&s.base, shop("digest@confirm.ma", "0522000705")).await;
    insert_ad(&s.store, seller_id, 705).await;
    insert_ad(&s.store, seller_id, 706).await;
    for n in 0..5 {
        let email = format!("acheteur{n}@example.ma");
        confirmed_sender(&s.store, &email).await;
        let sent = form(&s, "fr", 705 + n % 2, &email, &format!("Message numéro {n}")).await;
        assert_eq!(sent["data"]["sendMessageToSeller"]["sent"], true, "{sent}");
    }
    assert_eq!(conversations(&s, &seller).await.len(), 5, "the inbox has them at once");
    assert!(mails_to(&s, "digest@confirm.ma").iter().all(|e| e.kind.as_deref() != Some("seller_message_digest")));
    wait_for_mails(&s.data_dir, "digest@confirm.ma", "seller_message_digest", 1).await;
    tokio::time::sleep(Duration::from_secs(7)).await;
    let to_seller: Vec<_> = mails_to(&s, "digest@confirm.ma")
        .into_iter()
        .filter(|e| e.kind.as_deref().is_some_and(|k| k.starts_with("seller_message")))
        .collect();
    assert_eq!(to_seller.len(), 1, "one e-mail for five messages");
    for n in 0..5 {
        assert!(to_seller[0].text.contains(&format!("Message numéro {n}")), "{}", to_seller[0].text);
        assert!(to_seller[0].text.contains(&format!("acheteur{n}@example.ma")));
    }
    assert!(to_seller[0].subject.as_deref().is_some_and(|t| t.starts_with("5 nouveaux messages")));
}

#[actix_web::test]
async fn a_signed_in_buyers_messages_are_unaffected() {
    let s = start("visitor-buyer", |_| {}).await;
    let (seller, seller_id) = sign_up(&s.base, shop("direct@confirm.ma", "0522000707")).await;
    let (buyer, _) = sign_up(&s.base, private("0611000707")).await;
    insert_ad(&s.store, seller_id, 707).await;
    let started = call(
        &s.base,
        Some(&buyer),
        "mutation($l: Int!) { startConversation(listId: $l, text: \"Bonjour\", clientMessageId: \"b-1\") { conversation { id } } }",
        json!({ "l": 707 }),
    )
    .await;
    assert!(started["errors"].is_null(), "{started}");
    let list = conversations(&s, &seller).await;
    assert_eq!(list.len(), 1);
    assert_eq!(list[0]["lastMessagePreview"], "Bonjour");
    assert!(outbox(&s).iter().all(|e| e.kind.as_deref() != Some("seller_message_confirmation")));
    let pending: i64 = s
        .store
        .read(|c| Ok(c.query_row("SELECT count(*) FROM visitor_pending_messages", [], |r| r.get(0))?))
        .await
        .expect("count");
    assert_eq!(pending, 0);
}
