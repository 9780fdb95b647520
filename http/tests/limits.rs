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
    let waiting: i64 = s
        .store
        .read(|c| Ok(c.query_row("SELECT count(*) FROM visitor_pending_messages", [], |r| r.get(0))?))
        .await
        .expect("count");
    // The accepted ones wait for their confirmation links (nothing in the seller's inbox yet);
    // the refused ones stored nothing.
    assert_eq!(
        (conversations, waiting),
        (0, limits::SELLER_MESSAGES_PER_ADDRESS.max),
        "the refused messages stored nothing"
    );
}

#[actix_web::test]
async fn the_multipart_message_form_shares_the_limits_of_send_message_to_seller() {
    let s = start("limits-seller-form", |_| {}).await;
    let (_, seller_id) = sign_up(&s.base, shop("formulaire@limite.ma", "0522009005")).await;
    insert_ad(&s.store, seller_id, 885).await;
    let post = |n: i64| {
        let form = reqwest::multipart::Form::new()
            .text("email", format!("candidat{n}@example.ma"))
            .text("message", "Bonjour, voici ma candidature");
        s.client
            .post(format!("{}/api/ads/885/message", s.base))
            .header("X-Forwarded-For", "203.0.113.85")
            .multipart(form)
            .send()
    };
    for n in 0..limits::SELLER_MESSAGES_PER_ADDRESS.max {
        let sent = post(n).await.expect("post");
        assert_eq!(sent.status(), 200, "message {n}");
    }
    let refused = post(99).await.expect("post");
    assert_eq!(refused.status(), 429);
    assert_eq!(refused.json::<Value>().await.expect("json")["code"], "TOO_MANY_ATTEMPTS");
    let conversations: i64 = s
        .store
        .read(|c| Ok(c.query_row("SELECT count(*) FROM chat_conversations", [], |r| r.get(0))?))
        .await
        .expect("count");
    let waiting: i64 = s
        .store
        .read(|c| Ok(c.query_row("SELECT count(*) FROM visitor_pending_messages", [], |r| r.get(0))?))
        .await
        .expect("count");
    assert_eq!(
        (conversations, waiting),
        (0, limits::SELLER_MESSAGES_PER_ADDRESS.max),
        "the refused message stored nothing"
    );
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

    // Wrong current passwords: the last one allowed ends every session of the account.
    let login = "mutation($i: String!, $p: String!) { loginByIdentifier(identifier: $i, password: $p) { accessToken refreshToken } }";
    let signed = call(&s.base, None, login, json!({ "i": "0611009003", "p": "secret1" })).await;
    let (access, refresh) = (
        signed["data"]["loginByIdentifier"]["accessToken"].as_str().expect("access").to_string(),
        signed["data"]["loginByIdentifier"]["refreshToken"].as_str().expect("refresh").to_string(),
    );
    let edit = "mutation($u: Int!, $c: String!, $p: String!) { editUserPassword(userId: $u, currentPassword: $c, password: $p) { code } }";
    for n in 1..limits::PASSWORD_CHECKS_PER_ACCOUNT.max {
        let wrong =
            call(&s.base, Some(&access), edit, json!({ "u": buyer_id, "c": format!("guess{n}"), "p": "nouveau1" }))
                .await;
        assert_eq!(code(&wrong), "WRONG_CURRENT_PASSWORD", "{wrong}");
    }
    let last = call(&s.base, Some(&access), edit, json!({ "u": buyer_id, "c": "guess-last", "p": "nouveau1" })).await;
    assert_eq!(code(&last), "SESSION_EXPIRED", "the last wrong guess ends the sessions: {last}");
    // The token in use is refused from now on, even with the right password, and so is every
    // refresh token of the account (this one and the sign-up's).
    let right = call(&s.base, Some(&access), edit, json!({ "u": buyer_id, "c": "secret1", "p": "nouveau1" })).await;
    assert_eq!(code(&right), "SESSION_EXPIRED", "{right}");
    let me = call(&s.base, Some(&access), "{ getMyAccountInfo { id } }", json!({})).await;
    assert_eq!(code(&me), "SESSION_EXPIRED", "{me}");
    let refresh_q = "mutation($r: String!) { refreshAccessToken(refreshToken: $r) { accessToken } }";
    let refreshed = call(&s.base, None, refresh_q, json!({ "r": refresh })).await;
    assert_eq!(code(&refreshed), "SESSION_EXPIRED", "{refreshed}");
    let _ = buyer;
    let still = call(&s.base, None, login, json!({ "i": "0611009003", "p": "secret1" })).await;
    assert!(still["errors"].is_null(), "the password did not change and the owner signs in again: {still}");
}

const LOGIN: &str =
    "mutation($i: String!, $p: String!) { loginByIdentifier(identifier: $i, password: $p) { accessToken } }";

/// A sign-in from `device` (the client's `visitorId`), behind the local proxy at `address`.
async fn sign_in(s: &common::TestServer, device: &str, address: &str, identifier: &str, password: &str) -> Value {
    let headers = [("visitorId", device), ("X-Forwarded-For", address)];
    s.gql_as(None, &headers, LOGIN, json!({ "i": identifier, "p": password })).await
}

/// The seconds a `TOO_MANY_ATTEMPTS` sign-in says to wait.
fn seconds(body: &Value) -> i64 {
    assert_eq!(code(body), "TOO_MANY_ATTEMPTS", "{body}");
    body["errors"][0]["extensions"]["seconds"].as_i64().unwrap_or(0)
}

#[actix_web::test]
async fn a_guesser_is_slowed_down_but_the_owners_known_device_still_signs_in() {
    let s = start("limits-sign-in", |st| {
        st.auth.attempts_per_identifier = 3;
        // Long first wait: the test never races the clock.
        st.auth.first_attempt_delay_secs = 30;
        st.auth.max_attempt_delay_secs = 60;
        st.auth.attempts_per_known_device = 2;
    })
    .await;
    sign_up(&s.base, private("0611009020")).await;
    let owner = "owner-phone-0001";
    let ok = sign_in(&s, owner, "198.51.100.20", "0611009020", "secret1").await;
    assert!(ok["errors"].is_null(), "{ok}");

    for n in 0..3 {
        let wrong = sign_in(&s, "thief-laptop", "203.0.113.7", "0611009020", &format!("guess{n}")).await;
        assert_eq!(code(&wrong), "INCORRECT_CREDENTIALS", "failure {n}: {wrong}");
    }
    // Now every attempt of an unknown device waits, even with the right password, and says how long.
    let refused = sign_in(&s, "thief-laptop", "203.0.113.7", "0611009020", "secret1").await;
    let wait = seconds(&refused);
    assert!((1..=30).contains(&wait), "{refused}");
    assert_eq!(refused["errors"][0]["message"], "Trop de tentatives. Veuillez réessayer dans quelques minutes");
    let other = sign_in(&s, "another-device", "192.0.2.44", "0611009020", "secret1").await;
    assert!((1..=30).contains(&seconds(&other)), "the wait is the identifier's, from any address: {other}");

    // The owner's known device is not held by the identifier's wait…
    let owner_in = sign_in(&s, owner, "198.51.100.20", "0611009020", "secret1").await;
    assert!(owner_in["errors"].is_null(), "the owner is not locked out: {owner_in}");
    // …only by its own ceiling.
    for n in 0..2 {
        let wrong = sign_in(&s, owner, "198.51.100.20", "0611009020", &format!("typo{n}")).await;
        assert_eq!(code(&wrong), "INCORRECT_CREDENTIALS", "{wrong}");
    }
    let ceiling = sign_in(&s, owner, "198.51.100.20", "0611009020", "secret1").await;
    assert!(seconds(&ceiling) >= 1, "{ceiling}");
}

#[actix_web::test]
async fn a_noisy_address_waits_for_its_failures_but_not_for_right_passwords() {
    let s = start("limits-sign-in-address", |st| {
        st.auth.attempts_per_address = 3;
        st.auth.first_attempt_delay_secs = 30;
    })
    .await;
    sign_up(&s.base, private("0611009021")).await;
    let nat = "203.0.113.77";
    for n in 0..3 {
        let wrong = sign_in(&s, &format!("sprayer-{n}"), nat, &format!("06110091{n:02}"), "123456").await;
        assert_eq!(code(&wrong), "INCORRECT_CREDENTIALS", "{wrong}");
    }
    let sprayed = sign_in(&s, "sprayer-9", nat, "0611009199", "123456").await;
    assert!(seconds(&sprayed) >= 1, "the address's failures wait: {sprayed}");
    // Someone else behind the same address, on a new device, with the right password: signed in.
    let neighbour = sign_in(&s, "neighbour-phone", nat, "0611009021", "secret1").await;
    assert!(neighbour["errors"].is_null(), "one noisy address does not lock every account behind it: {neighbour}");
    // Another address is not concerned.
    let elsewhere = sign_in(&s, "sprayer-9", "192.0.2.10", "0611009199", "123456").await;
    assert_eq!(code(&elsewhere), "INCORRECT_CREDENTIALS", "{elsewhere}");
}
