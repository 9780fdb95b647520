//! Abuse limits (issue 27, docs/security.md): each limited operation answers
//! `TOO_MANY_ATTEMPTS`, worded in French and Arabic, once its subject is over the limit, and
//! does nothing more; a proxy's `X-Forwarded-For` names the client only when the peer is local.

mod common;

use common::chat::{call, insert_ad, private, shop, sign_up};
use common::{code, start};
use serde_json::{Value, json};
use souk_domain::limits::{self, Limit};

fn wording(body: &Value) -> &str {
    body["errors"][0]["message"].as_str().unwrap_or("")
}

/// Calls `op` `limit.max` times (all accepted), then once more (refused).
async fn over<F, Fut>(limit: &Limit, mut op: F) -> Value
where
    F: FnMut(i64) -> Fut,
    Fut: std::future::Future<Output = Value>,
{
    for n in 0..limit.max {
        let body = op(n).await;
        assert_ne!(code(&body), "TOO_MANY_ATTEMPTS", "{}: call {n} of {}: {body}", limit.name, limit.max);
    }
    let body = op(limit.max).await;
    assert_eq!(code(&body), "TOO_MANY_ATTEMPTS", "{}: {body}", limit.name);
    body
}

#[actix_web::test]
async fn phone_codes_account_lookups_reports_and_numbers_shown_are_limited_per_address() {
    let s = start("limits-address", |_| {}).await;
    let q = "mutation($p: String!) { requestPhoneVerification(input: { phone: $p }) { phone } }";
    let refused =
        over(&limits::PHONE_CODES_PER_ADDRESS, |n| call(&s.base, None, q, json!({ "p": format!("06611000{n:02}") })))
            .await;
    assert_eq!(wording(&refused), "Trop de tentatives. Veuillez réessayer dans quelques minutes");
    let sent = souk_services::notify::read_outbox(&s.data_dir.join("outbox"), 100).expect("outbox");
    assert_eq!(sent.len() as i64, limits::PHONE_CODES_PER_ADDRESS.max, "no code for the refused request");

    let q = "query($i: String!) { checkUserExists(identifier: $i) { doesAccountExist } }";
    over(&limits::ACCOUNT_LOOKUPS_PER_ADDRESS, |n| call(&s.base, None, q, json!({ "i": format!("06622000{n:02}") })))
        .await;

    let (seller, seller_id) = sign_up(&s.base, shop("vendeur@limite.ma", "0522009001")).await;
    let _ = seller;
    insert_ad(&s.store, seller_id, 880).await;
    let q = "mutation($l: Int!) { showAdPhone(listId: $l) }";
    over(&limits::PHONES_SHOWN_PER_ADDRESS, |_| call(&s.base, None, q, json!({ "l": 880 }))).await;
    let q = "mutation($l: Int!, $f: String) { submitReportAd(listId: $l, from: $f, type: \"fraud\", body: \"arnaque\") { reported } }";
    over(&limits::REPORTS_PER_ADDRESS, |n| {
        call(&s.base, None, q, json!({ "l": 880, "f": format!("temoin{n}@example.ma") }))
    })
    .await;

    // Another client behind the local proxy has its own count; a far peer's header is ignored.
    let fresh = s
        .client
        .post(format!("{}/graphql", s.base))
        .header("X-Forwarded-For", "203.0.113.9, 198.51.100.7")
        .json(&json!({ "query": "mutation($l: Int!) { showAdPhone(listId: $l) }", "variables": { "l": 880 } }))
        .send()
        .await
        .expect("request")
        .json::<Value>()
        .await
        .expect("json");
    assert_ne!(code(&fresh), "TOO_MANY_ATTEMPTS", "{fresh}");
}

#[actix_web::test]
async fn visitor_messages_to_a_seller_are_limited_and_refused_ones_reach_no_inbox() {
    let s = start("limits-seller-message", |_| {}).await;
    let (_, seller_id) = sign_up(&s.base, shop("boutique@limite.ma", "0522009002")).await;
    insert_ad(&s.store, seller_id, 881).await;
    let q = "mutation($l: Int!, $e: String!, $m: String!) { sendMessageToSeller(listId: $l, email: $e, message: $m) { sent } }";
    let body = over(&limits::SELLER_MESSAGES_PER_ADDRESS, |n| {
        call(
            &s.base,
            None,
            q,
            json!({ "l": 881, "e": format!("visiteur{n}@example.ma"), "m": "Toujours disponible ?" }),
        )
    })
    .await;
    assert_eq!(code(&body), "TOO_MANY_ATTEMPTS");
    let ar =
        s.gql_as(None, &[("Accept-Language", "ar")], q, json!({ "l": 881, "e": "y@example.ma", "m": "مرحبا" })).await;
    assert!(wording(&ar).contains("محاولات"), "{ar}");
    let conversations: i64 = s
        .store
        .read(|c| Ok(c.query_row("SELECT count(*) FROM chat_conversations", [], |r| r.get(0))?))
        .await
        .expect("count");
    assert_eq!(conversations, limits::SELLER_MESSAGES_PER_ADDRESS.max, "the refused messages opened nothing");
}

#[actix_web::test]
async fn chat_messages_over_graphql_and_wrong_current_passwords_are_limited_per_account() {
    let s = start("limits-account", |_| {}).await;
    let (seller, seller_id) = sign_up(&s.base, shop("chat@limite.ma", "0522009003")).await;
    let _ = seller;
    insert_ad(&s.store, seller_id, 882).await;
    let (buyer, buyer_id) = sign_up(&s.base, private("0611009003")).await;
    let start_q = "mutation($l: Int!, $t: String!, $c: String!) { startConversation(listId: $l, text: $t, clientMessageId: $c) { conversation { id } } }";
    let started = call(&s.base, Some(&buyer), start_q, json!({ "l": 882, "t": "Bonjour", "c": "first" })).await;
    let conversation =
        started["data"]["startConversation"]["conversation"]["id"].as_str().expect("conversation").to_string();
    let send = "mutation($id: String!, $c: String!, $t: String!) { sendChatMessage(conversationId: $id, clientMessageId: $c, text: $t) { id } }";
    // The conversation's first message counted too.
    for n in 1..limits::CHAT_MESSAGES_PER_ACCOUNT.max {
        let body =
            call(&s.base, Some(&buyer), send, json!({ "id": conversation, "c": format!("m-{n}"), "t": "encore" }))
                .await;
        assert!(body["errors"].is_null(), "message {n}: {body}");
    }
    let last = call(&s.base, Some(&buyer), send, json!({ "id": conversation, "c": "m-last", "t": "encore" })).await;
    assert_eq!(code(&last), "TOO_MANY_ATTEMPTS", "{last}");

    let edit = "mutation($u: Int!, $c: String!, $p: String!) { editUserPassword(userId: $u, currentPassword: $c, password: $p) { code } }";
    for n in 0..limits::PASSWORD_CHECKS_PER_ACCOUNT.max {
        let wrong =
            call(&s.base, Some(&buyer), edit, json!({ "u": buyer_id, "c": format!("guess{n}"), "p": "nouveau1" }))
                .await;
        assert_eq!(code(&wrong), "WRONG_CURRENT_PASSWORD", "{wrong}");
    }
    // Even the right password is refused now: a stolen token cannot keep guessing.
    let right = call(&s.base, Some(&buyer), edit, json!({ "u": buyer_id, "c": "secret1", "p": "nouveau1" })).await;
    assert_eq!(code(&right), "TOO_MANY_ATTEMPTS", "{right}");
    let login =
        "mutation($i: String!, $p: String!) { loginByIdentifier(identifier: $i, password: $p) { accessToken } }";
    let still = call(&s.base, None, login, json!({ "i": "0611009003", "p": "secret1" })).await;
    assert!(still["errors"].is_null(), "the password did not change: {still}");
}
