//! The chat's rules through the GraphQL gateway of a real server: only a public (active) ad
//! takes a new conversation or a visitor's message, and any other looks exactly like an unknown
//! list id; a conversation already open goes on when its ad stops being public; a seller who
//! blocked a visitor's conversation gets nothing more from that visitor (neither in chat nor by
//! e-mail); the GraphQL equivalents of the socket events (missed messages, typing, unblock,
//! history pages, delete) work for the parties and are refused to anyone else; events for
//! conversations that do not exist, or that the caller is not part of, start no conversation
//! actor; and `chat:conversation` answers one conversation to its parties, older than the 200
//! the list holds included, and to no one else.

mod common;

use common::chat::{
    PollingClient, call, confirmed_sender, insert_ad, insert_ad_in, private, set_ad_status, shop, sign_up,
    wait_for_mails,
};
use common::{code, start};
use image::AnimationDecoder;
use image::codecs::gif::{GifDecoder, GifEncoder, Repeat};
use serde_json::{Value, json};

const START: &str = "mutation($l: Int!, $t: String!, $c: String!) { startConversation(listId: $l, text: $t, clientMessageId: $c) { conversation { id } message { id } } }";
const SEND: &str = "mutation($id: String!, $c: String!, $t: String!) { sendChatMessage(conversationId: $id, clientMessageId: $c, text: $t) { id text senderId } }";
const FORM: &str = "mutation($l: Int!, $e: String!, $m: String!) { sendMessageToSeller(listId: $l, email: $e, message: $m) { sent conversationId } }";
const HISTORY: &str = "query($id: String!, $b: String, $n: Int) { conversationMessages(conversationId: $id, before: $b, limit: $n) { id text } }";
const LIST: &str = "{ myConversations { id blocked unread lastMessagePreview } }";

/// Every status an ad can have, by its stored name.
const STATUSES: [&str; 6] = ["active", "pending_review", "refused", "deactivated", "deleted", "pending_payment"];

/// The e-mails of one kind in the outbox, addressed to `to`.
fn mails(data_dir: &std::path::Path, to: &str, kind: &str) -> usize {
    souk_services::notify::read_outbox(&data_dir.join("outbox"), 200)
        .expect("outbox")
        .iter()
        .filter(|e| e.to.contains(to) && e.kind.as_deref() == Some(kind))
        .count()
}

fn texts(history: &Value) -> Vec<String> {
    history["data"]["conversationMessages"]
        .as_array()
        .unwrap_or_else(|| panic!("messages: {history}"))
        .iter()
        .map(|m| m["text"].as_str().unwrap_or_default().to_owned())
        .collect()
}

/// An answer's errors without their request ids (one per request).
fn errors_of(body: &Value) -> Value {
    let mut errors = body["errors"].clone();
    for e in errors.as_array_mut().into_iter().flatten() {
        if let Some(ext) = e["extensions"].as_object_mut() {
            ext.remove("requestId");
        }
    }
    errors
}

#[actix_web::test]
async fn only_an_active_ad_takes_a_new_conversation_or_a_visitor_message() {
    // Visitor e-mails go to the seller as digests: at once here (docs/security.md).
    let s = start("chat-ad-status", |st| st.chat.seller_digest_secs = 0).await;
    let (seller, seller_id) = sign_up(&s.base, shop("statuts@atlas.ma", "0522000051")).await;
    let (buyer, _) = sign_up(&s.base, private("0611000051")).await;
    for (i, status) in STATUSES.iter().enumerate() {
        insert_ad_in(&s.store, seller_id, 500 + i as i64, status).await;
    }
    // An unknown list id: the answer every ad that is not public must give, word for word.
    let unknown = call(&s.base, Some(&buyer), START, json!({ "l": 599, "t": "Bonjour", "c": "u-1" })).await;
    assert_eq!(code(&unknown), "NOT_FOUND");
    assert!(unknown["errors"][0]["message"].as_str().is_some_and(|m| !m.is_empty()));
    let unknown_form = call(&s.base, None, FORM, json!({ "l": 599, "e": "visiteur@example.ma", "m": "Bonjour" })).await;
    assert_eq!(code(&unknown_form), "NOT_FOUND");
    for arabic in [false, true] {
        // The wording is the catalogue's, in the request's language.
        let res = reqwest::Client::new()
            .post(format!("{}/graphql", s.base))
            .header("Authorization", format!("Bearer {buyer}"))
            .header("Accept-Language", if arabic { "ar" } else { "fr" })
            .json(&json!({ "query": START, "variables": { "l": 501, "t": "Bonjour", "c": "lang" } }))
            .send()
            .await
            .unwrap();
        let body: Value = res.json().await.unwrap();
        let wording = body["errors"][0]["message"].as_str().unwrap().to_owned();
        assert_eq!(
            wording,
            souk_domain::ErrorCode::NotFound.message(if arabic {
                souk_domain::Lang::Ar
            } else {
                souk_domain::Lang::Fr
            })
        );
    }

    // The active ad's visitor confirmed an earlier message: theirs goes straight through.
    confirmed_sender(&s.store, "visiteur0@example.ma").await;
    for (i, status) in STATUSES.iter().enumerate() {
        let list_id = 500 + i as i64;
        let started =
            call(&s.base, Some(&buyer), START, json!({ "l": list_id, "t": "Bonjour", "c": format!("b-{i}") })).await;
        let form = call(
            &s.base,
            None,
            FORM,
            json!({ "l": list_id, "e": format!("visiteur{i}@example.ma"), "m": "Toujours disponible ?" }),
        )
        .await;
        if *status == "active" {
            assert!(started["errors"].is_null(), "{status}: {started}");
            assert_eq!(form["data"]["sendMessageToSeller"]["sent"], true, "{status}: {form}");
            continue;
        }
        // Nothing tells a non-public ad from an unknown one: not its title, not its seller.
        assert_eq!(errors_of(&started), errors_of(&unknown), "{status}");
        assert_eq!(errors_of(&form), errors_of(&unknown_form), "{status}");
        for body in [&started, &form] {
            let text = body.to_string();
            assert!(!text.contains("Dacia") && !text.contains(&list_id.to_string()), "{status}: {text}");
        }
    }
    // Only the active ad's two conversations exist, and the seller got one e-mail.
    let list = call(&s.base, Some(&seller), LIST, json!({})).await;
    assert_eq!(list["data"]["myConversations"].as_array().map(Vec::len), Some(2), "{list}");
    let buyers = call(&s.base, Some(&buyer), LIST, json!({})).await;
    assert_eq!(buyers["data"]["myConversations"].as_array().map(Vec::len), Some(1), "{buyers}");
    wait_for_mails(&s.data_dir, "statuts@atlas.ma", "seller_message", 1).await;

    // The multipart form with a CV is refused alike, and stores no file.
    let form = reqwest::multipart::Form::new()
        .text("email", "candidat@example.ma")
        .text("message", "Voici mon CV")
        .part("cv", reqwest::multipart::Part::bytes(b"%PDF-1.4 cv".to_vec()).file_name("cv.pdf"));
    let res = reqwest::Client::new().post(format!("{}/api/ads/503/message", s.base)).multipart(form).send().await;
    let res = res.unwrap();
    assert_eq!(res.status(), 404);
    assert_eq!(res.json::<Value>().await.unwrap()["code"], "NOT_FOUND");
    let files = std::fs::read_dir(s.data_dir.join("media/chat")).map(|d| d.count()).unwrap_or(0);
    assert_eq!(files, 0, "no CV stored for a deactivated ad");
}

#[actix_web::test]
async fn an_open_conversation_goes_on_when_its_ad_stops_being_public() {
    let s = start("chat-ad-gone", |_| {}).await;
    let (seller, seller_id) = sign_up(&s.base, shop("apres@atlas.ma", "0522000052")).await;
    let (buyer, _) = sign_up(&s.base, private("0611000052")).await;
    let (latecomer, _) = sign_up(&s.base, private("0611000053")).await;
    insert_ad(&s.store, seller_id, 610).await;
    let started = call(&s.base, Some(&buyer), START, json!({ "l": 610, "t": "Je le prends", "c": "g-1" })).await;
    let id = started["data"]["startConversation"]["conversation"]["id"].as_str().expect("conversation").to_owned();
    confirmed_sender(&s.store, "passant@example.ma").await;
    let visitor = call(&s.base, None, FORM, json!({ "l": 610, "e": "passant@example.ma", "m": "Encore là ?" })).await;
    assert_eq!(visitor["data"]["sendMessageToSeller"]["sent"], true, "{visitor}");

    for (status, n) in [("deactivated", 0), ("deleted", 1), ("pending_review", 2)] {
        set_ad_status(&s.store, 610, status).await;
        // The two parties go on talking, and the history stays readable.
        let reply =
            call(&s.base, Some(&seller), SEND, json!({ "id": id, "c": format!("s-{n}"), "t": format!("vendu {n}") }))
                .await;
        assert!(reply["errors"].is_null(), "{status}: {reply}");
        let answer =
            call(&s.base, Some(&buyer), SEND, json!({ "id": id, "c": format!("b-{n}"), "t": format!("merci {n}") }))
                .await;
        assert!(answer["errors"].is_null(), "{status}: {answer}");
        let history = call(&s.base, Some(&buyer), HISTORY, json!({ "id": id, "n": 50 })).await;
        assert_eq!(texts(&history)[..2], [format!("merci {n}"), format!("vendu {n}")], "{status}");
        // But nobody starts a conversation about it, not even the same buyer again, and no
        // visitor writes to it, not even one who already did.
        for token in [&latecomer, &buyer] {
            let refused =
                call(&s.base, Some(token), START, json!({ "l": 610, "t": "Bonjour", "c": format!("l-{n}") })).await;
            assert_eq!(code(&refused), "NOT_FOUND", "{status}");
        }
        let form =
            call(&s.base, None, FORM, json!({ "l": 610, "e": "passant@example.ma", "m": "Toujours là ?" })).await;
        assert_eq!(code(&form), "NOT_FOUND", "{status}");
    }
    let list = call(&s.base, Some(&latecomer), LIST, json!({})).await;
    assert_eq!(list["data"]["myConversations"], json!([]));
}

#[actix_web::test]
async fn a_seller_who_blocked_a_visitor_gets_no_more_of_their_messages_nor_emails() {
    let s = start("chat-visitor-block", |st| st.chat.seller_digest_secs = 0).await;
    confirmed_sender(&s.store, "insistant@example.ma").await;
    confirmed_sender(&s.store, "poli@example.ma").await;
    let (seller, seller_id) = sign_up(&s.base, shop("bloque@atlas.ma", "0522000054")).await;
    insert_ad(&s.store, seller_id, 620).await;
    let first =
        call(&s.base, None, FORM, json!({ "l": 620, "e": "insistant@example.ma", "m": "Premier message" })).await;
    let id = first["data"]["sendMessageToSeller"]["conversationId"].as_str().expect("conversation").to_owned();
    wait_for_mails(&s.data_dir, "bloque@atlas.ma", "seller_message", 1).await;
    let blocked = call(
        &s.base,
        Some(&seller),
        "mutation($id: String!) { blockConversation(conversationId: $id) { blocked blockedByMe } }",
        json!({ "id": id }),
    )
    .await;
    assert_eq!(blocked["data"]["blockConversation"], json!({ "blocked": true, "blockedByMe": true }), "{blocked}");
    let (socket, _) = PollingClient::connect(&s.base, &seller).await;

    // The visitor is told, as a blocked chat sender is; nothing is stored, pushed or mailed.
    let again = call(&s.base, None, FORM, json!({ "l": 620, "e": "insistant@example.ma", "m": "Deuxième" })).await;
    assert_eq!(code(&again), "CONVERSATION_BLOCKED", "{again}");
    assert!(again["errors"][0]["message"].as_str().is_some_and(|m| !m.is_empty()));
    let cv = reqwest::multipart::Form::new()
        .text("email", "insistant@example.ma")
        .text("message", "Avec mon CV")
        .part("cv", reqwest::multipart::Part::bytes(b"%PDF-1.4 cv".to_vec()).file_name("cv.pdf"));
    let res =
        reqwest::Client::new().post(format!("{}/api/ads/620/message", s.base)).multipart(cv).send().await.unwrap();
    assert_eq!(res.status(), 403);
    assert_eq!(res.json::<Value>().await.unwrap()["code"], "CONVERSATION_BLOCKED");
    let files = std::fs::read_dir(s.data_dir.join("media/chat").join(&id)).map(|d| d.count()).unwrap_or(0);
    assert_eq!(files, 0, "the refused CV is not kept");
    let history = call(&s.base, Some(&seller), HISTORY, json!({ "id": id, "n": 50 })).await;
    assert_eq!(texts(&history), ["Premier message"]);
    // A digest would have gone within a scheduler tick or two.
    tokio::time::sleep(std::time::Duration::from_millis(2500)).await;
    assert_eq!(mails(&s.data_dir, "bloque@atlas.ma", "seller_message"), 1, "no e-mail while blocked");
    // Another visitor still reaches the seller.
    let other = call(&s.base, None, FORM, json!({ "l": 620, "e": "poli@example.ma", "m": "Bonjour" })).await;
    assert_eq!(other["data"]["sendMessageToSeller"]["sent"], true, "{other}");
    // The first notification on the seller's socket is the other visitor's: nothing of the
    // blocked one was pushed.
    let pushed = socket.event("notification").await;
    assert_eq!(pushed["fromEmail"], "poli@example.ma", "{pushed}");
    wait_for_mails(&s.data_dir, "bloque@atlas.ma", "seller_message", 2).await;

    // Unblocked, the visitor gets through again.
    call(
        &s.base,
        Some(&seller),
        "mutation($id: String!) { unblockConversation(conversationId: $id) { blocked } }",
        json!({ "id": id }),
    )
    .await;
    let through = call(&s.base, None, FORM, json!({ "l": 620, "e": "insistant@example.ma", "m": "Troisième" })).await;
    assert_eq!(through["data"]["sendMessageToSeller"]["conversationId"], id.as_str(), "{through}");
    wait_for_mails(&s.data_dir, "bloque@atlas.ma", "seller_message", 3).await;
}

#[actix_web::test]
async fn graphql_missed_messages_typing_unblock_paging_and_delete_serve_the_parties_only() {
    let s = start("chat-graphql-more", |_| {}).await;
    let (seller, seller_id) = sign_up(&s.base, shop("pages@atlas.ma", "0522000055")).await;
    let (buyer, buyer_id) = sign_up(&s.base, private("0611000055")).await;
    let (outsider, _) = sign_up(&s.base, private("0611000056")).await;
    insert_ad(&s.store, seller_id, 630).await;
    let started = call(&s.base, Some(&buyer), START, json!({ "l": 630, "t": "m1", "c": "p-1" })).await;
    let id = started["data"]["startConversation"]["conversation"]["id"].as_str().expect("conversation").to_owned();
    let mut ids = vec![started["data"]["startConversation"]["message"]["id"].as_str().unwrap().to_owned()];
    for n in 2..=5 {
        let token = if n % 2 == 0 { &seller } else { &buyer };
        let sent =
            call(&s.base, Some(token), SEND, json!({ "id": id, "c": format!("p-{n}"), "t": format!("m{n}") })).await;
        ids.push(sent["data"]["sendChatMessage"]["id"].as_str().expect("message").to_owned());
    }

    // History pages, newest first, each older than the last one read.
    let page = |before: Option<&str>| call(&s.base, Some(&buyer), HISTORY, json!({ "id": id, "b": before, "n": 2 }));
    assert_eq!(texts(&page(None).await), ["m5", "m4"]);
    assert_eq!(texts(&page(Some(&ids[3])).await), ["m3", "m2"]);
    assert_eq!(texts(&page(Some(&ids[1])).await), ["m1"]);
    assert_eq!(texts(&page(Some(&ids[0])).await), Vec::<String>::new());
    let bad = call(&s.base, Some(&buyer), HISTORY, json!({ "id": id, "b": "hier", "n": 2 })).await;
    assert_eq!(code(&bad), "INVALID_ARGUMENT");

    // What was missed since m2, oldest first; an outsider misses nothing of it.
    let missed = "query($s: String!) { chatMissedMessages(since: $s) { id text conversationId } }";
    let got = call(&s.base, Some(&seller), missed, json!({ "s": ids[1] })).await;
    let got: Vec<&str> =
        got["data"]["chatMissedMessages"].as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap()).collect();
    assert_eq!(got, ["m3", "m4", "m5"]);
    let theirs = call(&s.base, Some(&outsider), missed, json!({ "s": ids[0] })).await;
    assert_eq!(theirs["data"]["chatMissedMessages"], json!([]), "{theirs}");
    let bad = call(&s.base, Some(&seller), missed, json!({ "s": "0" })).await;
    assert_eq!(code(&bad), "INVALID_ARGUMENT");

    // Typing reaches the other party's socket; an outsider's is refused and relayed to nobody
    // (the first typing event the seller's socket gets is the buyer's).
    let (socket, _) = PollingClient::connect(&s.base, &seller).await;
    let typing = "mutation($id: String!, $t: Boolean!) { setChatTyping(conversationId: $id, typing: $t) }";
    let intruder = call(&s.base, Some(&outsider), typing, json!({ "id": id, "t": true })).await;
    assert_eq!(code(&intruder), "CONVERSATION_NOT_FOUND");
    let typed = call(&s.base, Some(&buyer), typing, json!({ "id": id, "t": true })).await;
    assert_eq!(typed["data"]["setChatTyping"], true, "{typed}");
    let event = socket.event("chat:typing").await;
    assert_eq!(event, json!({ "conversationId": id, "accountId": buyer_id, "typing": true }));

    // Unblock: only the one who blocked lifts it; an outsider cannot touch it.
    let block = "mutation($id: String!) { blockConversation(conversationId: $id) { blocked } }";
    let unblock = "mutation($id: String!) { unblockConversation(conversationId: $id) { blocked blockedByMe } }";
    call(&s.base, Some(&seller), block, json!({ "id": id })).await;
    let by_buyer = call(&s.base, Some(&buyer), unblock, json!({ "id": id })).await;
    assert_eq!(by_buyer["data"]["unblockConversation"]["blocked"], true, "{by_buyer}");
    let by_outsider = call(&s.base, Some(&outsider), unblock, json!({ "id": id })).await;
    assert_eq!(code(&by_outsider), "CONVERSATION_NOT_FOUND");
    let still = call(&s.base, Some(&buyer), SEND, json!({ "id": id, "c": "p-6", "t": "m6" })).await;
    assert_eq!(code(&still), "CONVERSATION_BLOCKED");
    let lifted = call(&s.base, Some(&seller), unblock, json!({ "id": id })).await;
    assert_eq!(lifted["data"]["unblockConversation"], json!({ "blocked": false, "blockedByMe": false }));
    let through = call(&s.base, Some(&buyer), SEND, json!({ "id": id, "c": "p-6", "t": "m6" })).await;
    assert!(through["errors"].is_null(), "{through}");

    // Delete: refused to an outsider (nothing changes), done for the buyer only.
    let delete = "mutation($id: String!) { deleteConversation(conversationId: $id) }";
    let refused = call(&s.base, Some(&outsider), delete, json!({ "id": id })).await;
    assert_eq!(code(&refused), "CONVERSATION_NOT_FOUND");
    assert_eq!(texts(&call(&s.base, Some(&buyer), HISTORY, json!({ "id": id, "n": 50 })).await).len(), 6);
    let deleted = call(&s.base, Some(&buyer), delete, json!({ "id": id })).await;
    assert_eq!(deleted["data"]["deleteConversation"], true, "{deleted}");
    let mine = call(&s.base, Some(&buyer), LIST, json!({})).await;
    assert_eq!(mine["data"]["myConversations"], json!([]));
    assert_eq!(texts(&call(&s.base, Some(&buyer), HISTORY, json!({ "id": id, "n": 50 })).await), Vec::<String>::new());
    let missed_after = call(&s.base, Some(&buyer), missed, json!({ "s": ids[0] })).await;
    assert_eq!(missed_after["data"]["chatMissedMessages"], json!([]), "deleted messages are not caught up");
    let theirs = call(&s.base, Some(&seller), LIST, json!({})).await;
    assert_eq!(theirs["data"]["myConversations"][0]["id"], id.as_str());
    assert_eq!(texts(&call(&s.base, Some(&seller), HISTORY, json!({ "id": id, "n": 50 })).await).len(), 6);
}

#[actix_web::test]
async fn unknown_conversations_and_outsiders_start_no_conversation_actor() {
    let s = start("chat-actor-bound", |_| {}).await;
    let (seller, seller_id) = sign_up(&s.base, shop("borne@atlas.ma", "0522000057")).await;
    let (buyer, _) = sign_up(&s.base, private("0611000057")).await;
    let (outsider, _) = sign_up(&s.base, private("0611000058")).await;
    insert_ad(&s.store, seller_id, 640).await;
    let started = call(&s.base, Some(&buyer), START, json!({ "l": 640, "t": "Bonjour", "c": "a-1" })).await;
    let id = started["data"]["startConversation"]["conversation"]["id"].as_str().expect("conversation").to_owned();
    assert_eq!(s.state.chat.live_conversations(), 1, "the parties' conversation has its actor");

    // Over a socket: events with random conversation ids, and an outsider's on a real one.
    let (socket, _) = PollingClient::connect(&s.base, &outsider).await;
    let mut ack_id = 0;
    for n in 0..40 {
        let random = uuid::Uuid::new_v4().to_string();
        for (event, payload) in [
            ("chat:typing", json!({ "conversationId": random, "typing": true })),
            ("chat:send", json!({ "conversationId": random, "clientMessageId": format!("r-{n}"), "text": "x" })),
            ("chat:read", json!({ "conversationId": random, "messageId": "0190a0a0-0000-7000-8000-000000000000" })),
            ("chat:block", json!({ "conversationId": random })),
        ] {
            ack_id += 1;
            let answer = socket.ask(ack_id, event, payload).await;
            assert_eq!(answer["ok"], false, "{event}: {answer}");
            assert_eq!(answer["error"]["code"], "CONVERSATION_NOT_FOUND", "{event}: {answer}");
            assert!(answer["error"]["message"].as_str().is_some_and(|m| !m.is_empty()));
        }
    }
    ack_id += 1;
    let theirs = socket.ask(ack_id, "chat:typing", json!({ "conversationId": id, "typing": true })).await;
    assert_eq!(theirs["error"]["code"], "CONVERSATION_NOT_FOUND", "{theirs}");
    // And through GraphQL, in Arabic too.
    for lang in ["fr", "ar"] {
        let random = uuid::Uuid::new_v4().to_string();
        let res = reqwest::Client::new()
            .post(format!("{}/graphql", s.base))
            .header("Authorization", format!("Bearer {seller}"))
            .header("Accept-Language", lang)
            .json(&json!({
                "query": "mutation($id: String!) { setChatTyping(conversationId: $id, typing: true) }",
                "variables": { "id": random },
            }))
            .send()
            .await
            .unwrap();
        let body: Value = res.json().await.unwrap();
        assert_eq!(code(&body), "CONVERSATION_NOT_FOUND");
        let wording = souk_domain::ErrorCode::ConversationNotFound.message(if lang == "ar" {
            souk_domain::Lang::Ar
        } else {
            souk_domain::Lang::Fr
        });
        assert_eq!(body["errors"][0]["message"], wording);
    }
    assert_eq!(s.state.chat.live_conversations(), 1, "random ids and outsiders started no actor");
}

#[actix_web::test]
async fn chat_conversation_answers_a_party_even_beyond_the_listed_200_and_refuses_anyone_else() {
    let s = start("chat-one-conversation", |_| {}).await;
    let (seller, seller_id) = sign_up(&s.base, shop("ancienne@atlas.ma", "0522000059")).await;
    let (buyer, buyer_id) = sign_up(&s.base, private("0611000059")).await;
    let (outsider, _) = sign_up(&s.base, private("0611000060")).await;
    // 201 conversations of the buyer, the first the oldest, opened over the socket (GraphQL's
    // sendChatMessage/startConversation are limited per minute).
    let (socket, _) = PollingClient::connect(&s.base, &buyer).await;
    let mut ids = Vec::new();
    for n in 0..=200 {
        insert_ad(&s.store, seller_id, 700 + n).await;
        let opened = socket
            .ask(
                100 + n as u64,
                "chat:open",
                json!({ "listId": 700 + n, "text": format!("Bonjour {n}"), "clientMessageId": format!("o-{n}") }),
            )
            .await;
        let id = opened["conversation"]["id"].as_str();
        ids.push(id.unwrap_or_else(|| panic!("conversation {n}: {opened}")).to_owned());
    }
    let oldest = ids[0].clone();

    let list = socket.ask(1, "chat:list", json!({ "limit": 500 })).await;
    let listed = list["conversations"].as_array().expect("conversations");
    assert_eq!(listed.len(), 200, "the list stops at the 200 most recent");
    assert!(listed.iter().all(|c| c["id"] != oldest.as_str()), "the oldest is not listed");

    let answer = socket.ask(2, "chat:conversation", json!({ "conversationId": oldest })).await;
    assert_eq!(answer["ok"], true, "{answer}");
    let c = &answer["conversation"];
    assert_eq!(c["id"], oldest.as_str());
    assert_eq!(c["listId"], 700);
    assert_eq!(c["other"]["accountId"], seller_id);
    assert_eq!(c["other"]["name"], "Auto Atlas");
    assert_eq!(c["lastMessagePreview"], "Bonjour 0");
    assert_eq!((c["unread"].as_u64(), c["blocked"].as_bool()), (Some(0), Some(false)));
    // The same representation as the list's rows.
    let newest = socket.ask(3, "chat:conversation", json!({ "conversationId": ids[200] })).await;
    assert_eq!(newest["conversation"], listed[0]);

    // The other party gets it too, from their side.
    let (theirs, _) = PollingClient::connect(&s.base, &seller).await;
    let seen = theirs.ask(1, "chat:conversation", json!({ "conversationId": oldest })).await;
    assert_eq!((seen["ok"].as_bool(), seen["conversation"]["unread"].as_u64()), (Some(true), Some(1)), "{seen}");
    assert_eq!(seen["conversation"]["other"]["accountId"], buyer_id);

    // Anyone else: exactly an unknown conversation, with nothing of it in the answer.
    let (stranger, _) = PollingClient::connect(&s.base, &outsider).await;
    let refused = stranger.ask(1, "chat:conversation", json!({ "conversationId": oldest })).await;
    let unknown =
        stranger.ask(2, "chat:conversation", json!({ "conversationId": uuid::Uuid::new_v4().to_string() })).await;
    for answer in [&refused, &unknown] {
        assert_eq!(answer["ok"], false, "{answer}");
        assert_eq!(answer["error"]["code"], "CONVERSATION_NOT_FOUND", "{answer}");
        assert_eq!(answer.get("conversation"), None);
    }
    assert_eq!(refused["error"]["message"], unknown["error"]["message"]);
    assert!(!refused.to_string().contains("Bonjour"), "{refused}");
    let malformed = stranger.ask(3, "chat:conversation", json!({})).await;
    assert_eq!(malformed["error"]["code"], "INVALID_ARGUMENT", "{malformed}");
}

/// A real 20000 x 20000 PNG (one bit per pixel, all black) of about 300 KB: its zlib stream is
/// written by hand as a fixed-Huffman deflate block of one literal zero and repeated
/// (length 258, distance 1) matches. Decoded, it would need 400 MB of pixels.
fn png_bomb(side: u32) -> Vec<u8> {
    struct Bits {
        out: Vec<u8>,
        acc: u64,
        n: u32,
    }
    impl Bits {
        fn put(&mut self, value: u32, len: u32) {
            self.acc |= u64::from(value) << self.n;
            self.n += len;
            while self.n >= 8 {
                self.out.push(self.acc as u8);
                self.acc >>= 8;
                self.n -= 8;
            }
        }
        /// A Huffman code goes most significant bit first.
        fn code(&mut self, code: u32, len: u32) {
            self.put(code.reverse_bits() >> (32 - len), len);
        }
    }
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = !0u32;
        for &b in bytes {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
            }
        }
        !crc
    }
    let raw = u64::from(side) * (1 + u64::from(side.div_ceil(8)));
    let mut bits = Bits { out: vec![0x78, 0x01], acc: 0, n: 0 };
    bits.put(1, 1); // the last block
    bits.put(1, 2); // fixed Huffman codes
    bits.code(0b0011_0000, 8); // literal 0
    let (matches, rest) = ((raw - 1) / 258, (raw - 1) % 258);
    for _ in 0..matches {
        bits.code(0b1100_0101, 8); // length 258
        bits.code(0, 5); // distance 1
    }
    for _ in 0..rest {
        bits.code(0b0011_0000, 8);
    }
    bits.code(0, 7); // end of block
    bits.put(0, 7); // to a byte boundary
    let adler = ((raw % 65_521) << 16 | 1) as u32;
    let mut zlib = bits.out;
    zlib.extend(adler.to_be_bytes());
    let chunk = |kind: &[u8], data: &[u8]| {
        let mut c = (data.len() as u32).to_be_bytes().to_vec();
        let mut body = kind.to_vec();
        body.extend_from_slice(data);
        c.extend_from_slice(&body);
        c.extend(crc32(&body).to_be_bytes());
        c
    };
    let mut ihdr = side.to_be_bytes().to_vec();
    ihdr.extend(side.to_be_bytes());
    ihdr.extend([1, 0, 0, 0, 0]); // 1 bit, greyscale
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.extend(chunk(b"IHDR", &ihdr));
    png.extend(chunk(b"IDAT", &zlib));
    png.extend(chunk(b"IEND", b""));
    png
}

const PAGE: &[u8] = b"<html><body><script>fetch('/graphql',{credentials:'include'})</script></body></html>";

#[actix_web::test]
async fn attachments_and_cvs_are_checked_reencoded_and_served_as_downloads() {
    let s = start("chat-files-hardened", |_| {}).await;
    let (seller, seller_id) = sign_up(&s.base, shop("pieces@atlas.ma", "0522000071")).await;
    let (buyer, _) = sign_up(&s.base, private("0611000071")).await;
    insert_ad(&s.store, seller_id, 71).await;
    let started = call(&s.base, Some(&buyer), START, json!({ "l": 71, "t": "Bonjour", "c": "h-1" })).await;
    let id = started["data"]["startConversation"]["conversation"]["id"].as_str().expect("conversation").to_owned();
    let send = |client: &'static str, bytes: Vec<u8>, name: &'static str| {
        let form = reqwest::multipart::Form::new()
            .text("conversationId", id.clone())
            .text("clientMessageId", client)
            .part("file", reqwest::multipart::Part::bytes(bytes).file_name(name));
        reqwest::Client::new()
            .post(format!("{}/api/chat/messages", s.base))
            .header("Authorization", format!("Bearer {buyer}"))
            .multipart(form)
            .send()
    };
    let code_of = |v: Value| v["code"].as_str().unwrap_or_default().to_owned();

    // A decompression bomb is refused by its header, before any pixel is decoded.
    let bomb = png_bomb(20_000);
    assert!(bomb.len() < 1_000_000, "a small file: {} bytes", bomb.len());
    let dims = image::ImageReader::with_format(std::io::Cursor::new(&bomb), image::ImageFormat::Png).into_dimensions();
    assert_eq!(dims.expect("a readable PNG header"), (20_000, 20_000));
    let refused = send("h-bomb", bomb, "bomb.png").await.expect("send");
    assert_eq!(refused.status(), 413);
    assert_eq!(code_of(refused.json().await.expect("json")), "ATTACHMENT_TOO_LARGE");

    // An animation bomb: a file of a few hundred bytes whose seven 1 x 1 frames sit on a
    // 4000 x 4000 logical screen, each decoded to 16 megapixels.
    let mut bomb = animated_gif(7, 1, 1);
    bomb[6..10].copy_from_slice(&[0xA0, 0x0F, 0xA0, 0x0F]);
    assert!(bomb.len() < 1000, "a small file: {} bytes", bomb.len());
    let refused = send("h-gif-bomb", bomb, "bomb.gif").await.expect("send");
    assert_eq!(refused.status(), 413);
    assert_eq!(code_of(refused.json().await.expect("json")), "ATTACHMENT_TOO_LARGE");
    // And one of more frames than allowed, however small.
    let refused = send("h-gif-frames", animated_gif(501, 1, 1), "frames.gif").await.expect("send");
    assert_eq!(code_of(refused.json().await.expect("json")), "ATTACHMENT_TOO_LARGE");

    // A polyglot: a PDF header followed by a page.
    let mut pdf = b"%PDF-1.4\n".to_vec();
    pdf.extend_from_slice(PAGE);
    let refused = send("h-pdf", pdf.clone(), "devis.pdf").await.expect("send");
    assert_eq!(code_of(refused.json().await.expect("json")), "ATTACHMENT_TYPE");
    let cv = reqwest::multipart::Form::new()
        .text("email", "candidat-h@example.ma")
        .text("message", "Voici mon CV")
        .part("cv", reqwest::multipart::Part::bytes(pdf).file_name("cv.pdf"));
    let refused = reqwest::Client::new().post(format!("{}/api/ads/71/message", s.base)).multipart(cv).send().await;
    assert_eq!(code_of(refused.expect("send").json().await.expect("json")), "CV_TYPE");
    let history = call(&s.base, Some(&buyer), "{ myConversations { id } }", json!({})).await;
    assert_eq!(history["data"]["myConversations"].as_array().map(Vec::len), Some(1), "nothing opened: {history}");

    // A real photo with a page appended is re-encoded: the page is gone.
    let mut photo = Vec::new();
    let pixels = image::RgbImage::from_fn(40, 30, |x, y| image::Rgb([x as u8 * 6, y as u8 * 8, 120]));
    image::DynamicImage::ImageRgb8(pixels)
        .write_to(&mut std::io::Cursor::new(&mut photo), image::ImageFormat::Png)
        .expect("encode");
    photo.extend_from_slice(PAGE);
    let sent = send("h-photo", photo.clone(), "photo.png").await.expect("send");
    assert_eq!(sent.status(), 200);
    let sent: Value = sent.json().await.expect("json");
    let url = sent["message"]["attachment"]["url"].as_str().expect("url").to_owned();
    assert_eq!(sent["message"]["attachment"]["contentType"], "image/png");
    let served =
        reqwest::Client::new().get(format!("{}{url}", s.base)).bearer_auth(&seller).send().await.expect("fetch");
    assert_eq!(served.status(), 200);
    let header = |name: &str| served.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
    assert!(header("content-disposition").starts_with("attachment"), "{}", header("content-disposition"));
    assert_eq!(header("x-content-type-options"), "nosniff");
    assert_eq!(header("content-security-policy"), "default-src 'none'; sandbox");
    assert_eq!(header("content-type"), "image/png");
    let bytes = served.bytes().await.expect("bytes");
    assert_ne!(&bytes[..], &photo[..], "stored as re-encoded, not as sent");
    assert!(!bytes.windows(7).any(|w| w == b"<script"), "the appended page is gone");
    let decoded = image::load_from_memory(&bytes).expect("still a picture");
    assert_eq!((decoded.width(), decoded.height()), (40, 30));

    // A real animated GIF and a real WebP with a page appended: re-encoded in their own
    // format, the page is gone, the GIF keeps its frames.
    let mut gif = animated_gif(3, 24, 16);
    gif.extend_from_slice(PAGE);
    let mut webp = Vec::new();
    let pixels = image::RgbImage::from_fn(40, 30, |x, y| image::Rgb([x as u8 * 6, y as u8 * 8, 120]));
    image::DynamicImage::ImageRgb8(pixels.clone())
        .write_to(&mut std::io::Cursor::new(&mut webp), image::ImageFormat::WebP)
        .expect("encode");
    webp.extend_from_slice(PAGE);
    for (client, sent, name, content_type) in
        [("h-gif", gif, "anim.gif", "image/gif"), ("h-webp", webp, "photo.webp", "image/webp")]
    {
        let answer = send(client, sent.clone(), name).await.expect("send");
        assert_eq!(answer.status(), 200, "{name}");
        let answer: Value = answer.json().await.expect("json");
        assert_eq!(answer["message"]["attachment"]["contentType"], content_type);
        let url = answer["message"]["attachment"]["url"].as_str().expect("url").to_owned();
        let served =
            reqwest::Client::new().get(format!("{}{url}", s.base)).bearer_auth(&seller).send().await.expect("fetch");
        assert_eq!(served.status(), 200);
        let bytes = served.bytes().await.expect("bytes");
        assert_ne!(&bytes[..], &sent[..], "{name}: stored as re-encoded, not as sent");
        assert!(!bytes.windows(7).any(|w| w.eq_ignore_ascii_case(b"<script")), "{name}: the appended page is gone");
        if content_type == "image/gif" {
            let frames = GifDecoder::new(std::io::Cursor::new(&bytes[..]))
                .expect("still a GIF")
                .into_frames()
                .collect_frames()
                .expect("frames");
            assert_eq!(frames.len(), 3, "the animation is kept");
            assert_eq!(frames[0].buffer().dimensions(), (24, 16));
        } else {
            let decoded = image::load_from_memory_with_format(&bytes, image::ImageFormat::WebP).expect("still a WebP");
            assert_eq!(decoded.to_rgb8(), pixels, "re-encoded losslessly");
        }
    }
}

/// An animated GIF of `frames` frames of `width` x `height`, each another colour, built with the
/// image crate.
fn animated_gif(frames: u32, width: u32, height: u32) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut encoder = GifEncoder::new(&mut out);
        encoder.set_repeat(Repeat::Infinite).expect("repeat");
        for n in 0..frames {
            let pixels = image::RgbaImage::from_pixel(width, height, image::Rgba([(n * 40 % 256) as u8, 90, 200, 255]));
            let delay = image::Delay::from_numer_denom_ms(80, 1);
            encoder.encode_frame(image::Frame::from_parts(pixels, 0, 0, delay)).expect("frame");
        }
    }
    out
}

/// One representation per entity for both transports: the conversation list and the history
/// a socket reads (`chat:list`, `chat:history`) are exactly what GraphQL answers with every
/// field of `ConversationNode` and `ChatMessageNode` asked.
#[actix_web::test]
async fn sockets_and_graphql_answer_the_same_conversation_and_messages() {
    let s = start("chat-one-representation", |_| {}).await;
    let (seller, seller_id) = sign_up(&s.base, shop("same@atlas.ma", "0522000077")).await;
    let (buyer, _) = sign_up(&s.base, private("0611000077")).await;
    insert_ad(&s.store, seller_id, 677).await;
    let started = call(&s.base, Some(&buyer), START, json!({ "l": 677, "t": "Bonjour", "c": "same-1" })).await;
    let id = started["data"]["startConversation"]["conversation"]["id"].as_str().expect("conversation").to_owned();
    call(&s.base, Some(&seller), SEND, json!({ "id": id, "c": "same-2", "t": "Oui, toujours là" })).await;

    let every_field = "{ myConversations { id listId adId adTitle adImage buyerId sellerId visitorEmail
        other { accountId name online lastSeen } lastMessageId lastMessagePreview lastSenderId lastActivity
        unread readUpto otherReadUpto blocked blockedByMe } }";
    let graphql = call(&s.base, Some(&buyer), every_field, json!({})).await;
    let (socket, _) = PollingClient::connect(&s.base, &buyer).await;
    let listed = socket.ask(1, "chat:list", json!({})).await;
    assert_eq!(listed["conversations"], graphql["data"]["myConversations"], "the same conversation both ways");
    assert_eq!(listed["conversations"][0]["lastSenderId"], json!(seller_id));

    let history = "query($id: String!) { conversationMessages(conversationId: $id) { id conversationId senderId text
        attachment { name contentType size url } sentAt clientMessageId } }";
    let graphql = call(&s.base, Some(&buyer), history, json!({ "id": id })).await;
    let read = socket.ask(2, "chat:history", json!({ "conversationId": id })).await;
    assert_eq!(read["messages"], graphql["data"]["conversationMessages"], "the same messages both ways");
    assert_eq!(read["messages"].as_array().map(Vec::len), Some(2));
}
