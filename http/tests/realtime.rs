//! Chat through a real server: the session registry empties when sockets disconnect or time
//! out; the GraphQL chat operations check who is asking (one account never reads or changes
//! another's conversation); the visitor's message form (known and unknown e-mail, CV checks);
//! a saved search's live alert on its owner's socket; a socket ended, idle, when its access
//! token expires or is logged out (an expired token refused at CONNECT); and two `souk serve`
//! processes sharing one data dir and one Redis deliver to each other's sockets and end each
//! other's logged-out sockets, and hold the socket caps together (a private `redis-server`: a
//! crashed process's sockets stop counting after their lease, and with Redis gone each process
//! still caps by its own count). Sockets are driven over Engine.IO long-polling with plain HTTP
//! requests.

mod common;

use common::chat::{PollingClient, call, insert_ad, private, shop, sign_up};
use common::redis::{answers, free_port, redis_on, skip_without_redis};
use common::{TestServer, code, start};
use serde_json::{Value, json};
use souk_actors::sessions::Size;
use souk_http::realtime::{RECHECK, Realtime};
use souk_http::socketio::{self, engine, server::Transport};
use souk_services::accounts::tokens::TokenKeys;
use souk_storage::sqlite::SqliteStore;
use std::sync::Arc;
use std::time::Duration;

/// The access token `token` signed again by the server's key with another expiry (and id).
fn reissued(data_dir: &std::path::Path, token: &str, exp: i64) -> String {
    let secret = std::fs::read_to_string(data_dir.join("auth-secret")).expect("the server's token key");
    let keys = TokenKeys::new(secret.trim().as_bytes());
    let mut claims = keys.verify(token).expect("a valid token");
    claims.exp = exp;
    claims.jti = format!("{}-{exp}", claims.jti);
    keys.sign(&claims).expect("signed")
}

/// The records by which the server ends a socket: `session:expired` with the catalogue error,
/// a Socket.IO DISCONNECT, the Engine.IO CLOSE.
fn assert_ended(records: &[String]) {
    let expired = records.iter().find_map(|r| r.strip_prefix("42[\"session:expired\",")).expect("session:expired");
    let error: Value = serde_json::from_str(expired.trim_end_matches(']')).expect("its payload");
    assert_eq!(error["code"], "SESSION_EXPIRED", "{records:?}");
    assert_eq!(error["messageKey"], "common.error.sessionExpired");
    assert!(error["message"].as_str().is_some_and(|m| !m.is_empty()));
    let tail: Vec<&str> = records.iter().map(String::as_str).skip_while(|r| *r != "41").collect();
    assert_eq!(tail, ["41", "1"], "DISCONNECT then CLOSE: {records:?}");
}

async fn registry_size(s: &TestServer) -> usize {
    s.state.sessions.send(Size).await.expect("registry").sockets
}

async fn wait_for(what: &str, mut check: impl AsyncFnMut() -> bool) {
    for _ in 0..100 {
        if check().await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("timed out waiting for {what}");
}

#[actix_web::test]
async fn disconnected_and_timed_out_sockets_leave_the_registry() {
    let s = start("rt-registry", |_| {}).await;
    let (token, _) = sign_up(&s.base, private("0611000001")).await;
    // The product handler on a server core with short heartbeats, sharing the app's registry.
    let handler = Arc::new(Realtime::new(s.state.accounts.clone(), s.state.chat.clone(), s.state.sessions.clone()));
    let config = socketio::Config {
        ping_interval: Duration::from_millis(100),
        ping_timeout: Duration::from_millis(100),
        ..socketio::Config::default()
    };
    let srv = socketio::Server::new(config, handler);
    let connect = engine::Packet::Message(format!("0{}", json!({ "token": token })));
    let (leaving, _) = srv.open(Transport::Polling);
    let (silent, _) = srv.open(Transport::Polling);
    let (refused, _) = srv.open(Transport::Polling);
    srv.handle(&leaving, connect.clone());
    srv.handle(&silent, connect);
    srv.handle(&refused, engine::Packet::Message("0{\"token\":\"forged\"}".into()));
    wait_for("two registered sockets", async || registry_size(&s).await == 2).await;
    let answer = refused.poll(Duration::from_millis(50)).await.unwrap();
    assert!(matches!(&answer[0], engine::Packet::Message(m) if m.contains("INVALID_TOKEN")), "{answer:?}");
    srv.handle(&leaving, engine::Packet::Close);
    wait_for("one socket left", async || registry_size(&s).await == 1).await;
    // `silent` never answers a ping: dropped after the timeout, and the registry is empty again.
    wait_for("the silent socket dropped", async || registry_size(&s).await == 0).await;
    assert!(silent.is_closed());
    srv.handle(&refused, engine::Packet::Close);
    assert_eq!(srv.session_count(), 0);

    // Through the real endpoint too: a polling client joins, then closes.
    let (client, reply) = PollingClient::connect(&s.base, &token).await;
    assert!(reply.starts_with("40{\"sid\":"), "{reply}");
    wait_for("the polling client registered", async || registry_size(&s).await == 1).await;
    client.post("1").await;
    wait_for("the polling client gone", async || registry_size(&s).await == 0).await;
}

#[actix_web::test]
async fn an_idle_socket_is_ended_when_its_token_expires_or_is_logged_out() {
    let s = start("rt-token-end", |_| {}).await;
    let (token, _) = sign_up(&s.base, private("0611000041")).await;

    // Already expired (beyond the signature check's few seconds of tolerance, and within them):
    // refused at CONNECT.
    for ago in [30, 1] {
        let (_, reply) = PollingClient::connect(&s.base, &reissued(&s.data_dir, &token, common::now() - ago)).await;
        assert!(reply.starts_with("44{") && reply.contains("\"SESSION_EXPIRED\""), "{ago} s ago: {reply}");
    }

    // Expiring in two seconds: accepted, then ended at the expiry without sending anything.
    let exp = common::now() + 2;
    let (client, reply) = PollingClient::connect(&s.base, &reissued(&s.data_dir, &token, exp)).await;
    assert!(reply.starts_with("40{\"sid\":"), "{reply}");
    wait_for("the socket registered", async || registry_size(&s).await == 1).await;
    let records = client.until_closed().await;
    let ended_at = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
    assert!(ended_at >= exp * 1000, "not before the expiry ({ended_at} < {})", exp * 1000);
    assert!(ended_at < exp * 1000 + 2000, "soon after the expiry ({ended_at} vs {})", exp * 1000);
    assert_ended(&records);
    wait_for("the expired socket left the registry", async || registry_size(&s).await == 0).await;

    // Logged out while idle: ended at once, on no event of its own.
    let (client, reply) = PollingClient::connect(&s.base, &token).await;
    assert!(reply.starts_with("40{\"sid\":"), "{reply}");
    wait_for("the socket registered", async || registry_size(&s).await == 1).await;
    let started = std::time::Instant::now();
    let out = call(&s.base, Some(&token), "mutation { logout }", json!({})).await;
    assert_eq!(out["data"]["logout"], true, "{out}");
    let records = client.until_closed().await;
    assert!(started.elapsed() < RECHECK, "ended by the logout itself, not by a later check");
    assert_ended(&records);
    wait_for("the logged-out socket left the registry", async || registry_size(&s).await == 0).await;
    let (_, again) = PollingClient::connect(&s.base, &token).await;
    assert!(again.starts_with("44{") && again.contains("\"SESSION_EXPIRED\""), "{again}");

    // A logout whose publication was lost (only the deny-list written): the next event after
    // `RECHECK` is refused and the socket ended.
    let (token, _) = sign_up(&s.base, private("0611000042")).await;
    let (client, _) = PollingClient::connect(&s.base, &token).await;
    let jti = TokenKeys::new(std::fs::read_to_string(s.data_dir.join("auth-secret")).unwrap().trim().as_bytes())
        .verify(&token)
        .unwrap()
        .jti;
    let revocation = souk_storage::accounts::SessionRevocation {
        subject: souk_services::accounts::revocations::token_subject(&jti),
        issued_before: i64::MAX,
        expires_at: i64::MAX / 2,
    };
    souk_storage::accounts::AccountStore::insert_session_revocations(&s.store, vec![revocation]).await.unwrap();
    s.state.ephemeral.set(&format!("revoked:token:{jti}"), i64::MAX.to_string().as_bytes(), None).await.unwrap();
    tokio::time::sleep(RECHECK).await;
    client.post("421[\"chat:list\",{}]").await;
    let records = client.until_closed().await;
    assert!(records.iter().any(|r| r.starts_with("431[") && r.contains("SESSION_EXPIRED")), "{records:?}");
    assert_ended(&records);
}

const START: &str = "mutation($l: Int!, $t: String!, $c: String!) { startConversation(listId: $l, text: $t, clientMessageId: $c) { conversation { id sellerId buyerId unread } message { id text senderId clientMessageId } } }";
const SEND: &str = "mutation($id: String!, $c: String!, $t: String!) { sendChatMessage(conversationId: $id, clientMessageId: $c, text: $t) { id text } }";
const LIST: &str =
    "{ myConversations { id unread lastMessagePreview blocked other { accountId name } } chatUnreadCount }";
const HISTORY: &str = "query($id: String!) { conversationMessages(conversationId: $id) { id text senderId } }";

#[actix_web::test]
async fn graphql_chat_answers_only_the_parties() {
    let s = start("rt-graphql", |_| {}).await;
    let (seller, seller_id) = sign_up(&s.base, shop("vendeur@atlas.ma", "0522000002")).await;
    let (buyer, buyer_id) = sign_up(&s.base, private("0611000002")).await;
    let (outsider, _) = sign_up(&s.base, private("0611000003")).await;
    insert_ad(&s.store, seller_id, 77).await;

    let own = call(&s.base, Some(&seller), START, json!({ "l": 77, "t": "moi", "c": "s-1" })).await;
    assert_eq!(code(&own), "CANNOT_MESSAGE_OWN_AD");
    let missing = call(&s.base, Some(&buyer), START, json!({ "l": 78, "t": "x", "c": "b-0" })).await;
    assert_eq!(code(&missing), "NOT_FOUND");
    let anonymous = call(&s.base, None, START, json!({ "l": 77, "t": "x", "c": "b-0" })).await;
    assert_eq!(code(&anonymous), "LOGIN_REQUIRED");

    let started = call(&s.base, Some(&buyer), START, json!({ "l": 77, "t": "Toujours dispo ?", "c": "b-1" })).await;
    let conv = started["data"]["startConversation"]["conversation"].clone();
    let id = conv["id"].as_str().expect("conversation id").to_owned();
    assert_eq!((conv["sellerId"].as_i64(), conv["buyerId"].as_i64()), (Some(seller_id), Some(buyer_id)));
    let retry = call(&s.base, Some(&buyer), SEND, json!({ "id": id, "c": "b-1", "t": "Toujours dispo ?" })).await;
    assert_eq!(retry["data"]["sendChatMessage"]["id"], started["data"]["startConversation"]["message"]["id"]);

    // The outsider can neither read nor write nor change it, and nothing is stored.
    for (query, vars) in [
        (HISTORY, json!({ "id": id })),
        (SEND, json!({ "id": id, "c": "o-1", "t": "intrus" })),
        ("mutation($id: String!) { blockConversation(conversationId: $id) { id } }", json!({ "id": id })),
        ("mutation($id: String!) { deleteConversation(conversationId: $id) }", json!({ "id": id })),
        ("query($id: String!) { conversation(id: $id) { id } }", json!({ "id": id })),
        (
            "mutation($id: String!) { markConversationRead(conversationId: $id, messageId: \"0190a0a0-0000-7000-8000-000000000000\") { unread } }",
            json!({ "id": id }),
        ),
    ] {
        let body = call(&s.base, Some(&outsider), query, vars).await;
        assert_eq!(code(&body), "CONVERSATION_NOT_FOUND", "{query}: {body}");
        assert!(body["errors"][0]["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    let theirs = call(&s.base, Some(&outsider), LIST, json!({})).await;
    assert_eq!(theirs["data"]["myConversations"], json!([]));
    let history = call(&s.base, Some(&seller), HISTORY, json!({ "id": id })).await;
    assert_eq!(history["data"]["conversationMessages"].as_array().map(Vec::len), Some(1));

    let list = call(&s.base, Some(&seller), LIST, json!({})).await;
    assert_eq!(list["data"]["chatUnreadCount"], 1);
    assert_eq!(list["data"]["myConversations"][0]["other"]["accountId"], buyer_id);
    let last = history["data"]["conversationMessages"][0]["id"].as_str().unwrap().to_owned();
    let read = call(
        &s.base,
        Some(&seller),
        "mutation($id: String!, $m: String!) { markConversationRead(conversationId: $id, messageId: $m) { unread unreadTotal } }",
        json!({ "id": id, "m": last }),
    )
    .await;
    assert_eq!(read["data"]["markConversationRead"], json!({ "unread": 0, "unreadTotal": 0 }));

    // Arabic wording for a blocked sender.
    call(
        &s.base,
        Some(&seller),
        "mutation($id: String!) { blockConversation(conversationId: $id) { blocked } }",
        json!({ "id": id }),
    )
    .await;
    let res = reqwest::Client::new()
        .post(format!("{}/graphql", s.base))
        .header("Authorization", format!("Bearer {buyer}"))
        .header("Accept-Language", "ar")
        .json(&json!({ "query": SEND, "variables": { "id": id, "c": "b-2", "t": "؟" } }))
        .send()
        .await
        .unwrap();
    let blocked: Value = res.json().await.unwrap();
    assert_eq!(code(&blocked), "CONVERSATION_BLOCKED");
    assert!(blocked["errors"][0]["message"].as_str().unwrap().contains("محظورة"));
}

#[actix_web::test]
async fn the_message_form_delivers_to_the_seller_or_asks_to_sign_in() {
    let s = start("rt-form", |st| st.chat.seller_digest_secs = 0).await;
    // Both visitors confirmed an earlier message (a first one waits: http/tests/visitor_messages.rs).
    common::chat::confirmed_sender(&s.store, "visiteur@example.ma").await;
    common::chat::confirmed_sender(&s.store, "candidat@example.ma").await;
    let (seller, seller_id) = sign_up(&s.base, shop("boutique@atlas.ma", "0522000003")).await;
    insert_ad(&s.store, seller_id, 90).await;
    let form = "mutation($l: Int!, $e: String!, $m: String!) { sendMessageToSeller(listId: $l, email: $e, message: $m) { sent inviteToSignUp code messageKey message conversationId } }";

    let known = call(&s.base, None, form, json!({ "l": 90, "e": "Boutique@Atlas.ma", "m": "Bonjour" })).await;
    assert_eq!(code(&known), "EMAIL_ALREADY_EXISTS");
    let bad = call(&s.base, None, form, json!({ "l": 90, "e": "pas-un-email", "m": "Bonjour" })).await;
    assert_eq!(code(&bad), "INVALID_EMAIL");
    let sent =
        call(&s.base, None, form, json!({ "l": 90, "e": "visiteur@example.ma", "m": "Le prix est-il négociable ?" }))
            .await;
    let p = &sent["data"]["sendMessageToSeller"];
    assert_eq!((p["sent"].as_bool(), p["inviteToSignUp"].as_bool()), (Some(true), Some(true)), "{sent}");
    assert_eq!(p["code"], "EMAIL_MATCHES_NO_ACCOUNT");
    let list =
        call(&s.base, Some(&seller), "{ myConversations { id visitorEmail lastMessagePreview unread } }", json!({}))
            .await;
    let row = &list["data"]["myConversations"][0];
    assert_eq!(row["visitorEmail"], "visiteur@example.ma");
    assert_eq!(row["unread"], 1);
    common::chat::wait_for_mails(&s.data_dir, "boutique@atlas.ma", "seller_message", 1).await;

    // The multipart route with a CV: type and size checked from the bytes, nothing stored on refusal.
    let post = |cv: Vec<u8>, name: &'static str| {
        let form = reqwest::multipart::Form::new()
            .text("email", "candidat@example.ma")
            .text("message", "Voici mon CV")
            .part("cv", reqwest::multipart::Part::bytes(cv).file_name(name));
        reqwest::Client::new().post(format!("{}/api/ads/90/message", s.base)).multipart(form).send()
    };
    let ok = post(b"%PDF-1.4 cv".to_vec(), "cv.pdf").await.unwrap();
    assert_eq!(ok.status(), 200);
    let ok: Value = ok.json().await.unwrap();
    assert_eq!(ok["inviteToSignUp"], true);
    let exe = post(b"MZ\x90\x00".to_vec(), "cv.pdf").await.unwrap();
    assert_eq!(exe.status(), 400);
    assert_eq!(exe.json::<Value>().await.unwrap()["code"], "CV_TYPE");
    let mut big = b"%PDF-".to_vec();
    big.resize(souk_domain::chat::MAX_CV_BYTES + 1, b' ');
    let big = post(big, "cv.pdf").await.unwrap();
    assert_eq!(big.status(), 413);
    assert_eq!(big.json::<Value>().await.unwrap()["code"], "CV_TOO_LARGE");
    let list = call(&s.base, Some(&seller), "{ myConversations { id } }", json!({})).await;
    assert_eq!(list["data"]["myConversations"].as_array().map(Vec::len), Some(2), "one conversation per visitor");
}

async fn serve(data_dir: &std::path::Path, prefix: &str) -> (common::Node, String) {
    common::serve_process(data_dir, &[("SOUK_EPHEMERAL__BACKEND", "redis"), ("SOUK_EPHEMERAL__PREFIX", prefix)]).await
}

async fn redis_answers() -> bool {
    let attempt = tokio::time::timeout(Duration::from_secs(1), tokio::net::TcpStream::connect("127.0.0.1:6379")).await;
    let up = matches!(attempt, Ok(Ok(_)));
    if !up {
        assert!(std::env::var("SOUK_REQUIRE_REDIS").as_deref() != Ok("1"), "Redis is required (SOUK_REQUIRE_REDIS=1)");
        eprintln!("two-process test skipped: no Redis on 127.0.0.1:6379");
    }
    up
}

#[actix_web::test]
async fn chat_presence_statistics_and_logout_cross_from_one_process_to_another() {
    if !redis_answers().await {
        return;
    }
    let data_dir = common::temp_dir("rt-two-nodes");
    let prefix = format!("souk-test-{}:", uuid::Uuid::new_v4());
    let (_a, a) = serve(&data_dir, &prefix).await;
    let (_b, b) = serve(&data_dir, &prefix).await;
    let (seller, seller_id) = sign_up(&a, shop("deux@atlas.ma", "0522000004")).await;
    let (buyer, _) = sign_up(&b, private("0611000004")).await;
    let store = SqliteStore::open(data_dir.join("souk.db"), 1).expect("shared database");
    insert_ad(&store, seller_id, 123).await;
    store.shutdown().await;

    // The seller's socket is on node B; the buyer writes through node A.
    let (socket, reply) = PollingClient::connect(&b, &seller).await;
    assert!(reply.starts_with("40{\"sid\":"), "{reply}");
    tokio::time::sleep(Duration::from_millis(200)).await;
    let started = call(&a, Some(&buyer), START, json!({ "l": 123, "t": "Bonjour de A", "c": "two-1" })).await;
    assert!(started["errors"].is_null(), "{started}");
    let message = socket.event("chat:message").await;
    assert_eq!(message["text"], "Bonjour de A");
    assert_eq!(message["id"], started["data"]["startConversation"]["message"]["id"]);
    // And presence crossed too: the seller's socket on B makes it online for A.
    let list = call(&a, Some(&buyer), "{ myConversations { other { online } } }", json!({})).await;
    assert_eq!(list["data"]["myConversations"][0]["other"]["online"], true);
    // And live statistics: a visitor's view counted by node A reaches the seller's socket on B.
    let viewed: Value = reqwest::Client::new()
        .post(format!("{a}/graphql"))
        .header("user-agent", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36")
        .header("visitorId", "visitor-two-nodes")
        .json(&json!({ "query": "mutation { collectPerformanceEvent(event: { name: \"view\", listId: 123 }) }" }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(viewed["errors"].is_null(), "{viewed}");
    let update = socket.event("stats:update").await;
    assert_eq!(update["metric"], "view", "{update}");
    // And a logout through node A ends the seller's idle socket on node B.
    let out = call(&a, Some(&seller), "mutation { logout }", json!({})).await;
    assert_eq!(out["data"]["logout"], true, "{out}");
    assert_ended(&socket.until_closed().await);

    let redis =
        souk_storage::ephemeral::RedisEphemeral::connect("redis://127.0.0.1:6379", prefix).await.expect("redis");
    redis.clear_prefix().await.expect("clean up");
}

#[actix_web::test]
async fn chat_files_go_through_the_multipart_route_checked_from_their_bytes() {
    let s = start("rt-files", |_| {}).await;
    let (seller, seller_id) = sign_up(&s.base, shop("fichiers@atlas.ma", "0522000005")).await;
    let (buyer, _) = sign_up(&s.base, private("0611000005")).await;
    let (outsider, _) = sign_up(&s.base, private("0611000006")).await;
    insert_ad(&s.store, seller_id, 55).await;
    let started = call(&s.base, Some(&buyer), START, json!({ "l": 55, "t": "Photos ?", "c": "f-1" })).await;
    let id = started["data"]["startConversation"]["conversation"]["id"].as_str().unwrap().to_owned();
    let send = |token: String, client: &'static str, bytes: Vec<u8>| {
        let form = reqwest::multipart::Form::new()
            .text("conversationId", id.clone())
            .text("clientMessageId", client)
            .part("file", reqwest::multipart::Part::bytes(bytes).file_name("plan.pdf"));
        reqwest::Client::new()
            .post(format!("{}/api/chat/messages", s.base))
            .header("Authorization", format!("Bearer {token}"))
            .multipart(form)
            .send()
    };
    let ok = send(seller.clone(), "f-2", b"%PDF-1.7 plan".to_vec()).await.unwrap();
    assert_eq!(ok.status(), 200);
    let ok: Value = ok.json().await.unwrap();
    let url = ok["message"]["attachment"]["url"].as_str().unwrap().to_owned();
    assert_eq!(ok["message"]["attachment"]["contentType"], "application/pdf");
    // The file is served to the two parties only: a visitor and a third account get the
    // catalogue error and no byte.
    let fetch = |token: Option<String>| {
        let mut req = reqwest::Client::new().get(format!("{}{url}", s.base));
        if let Some(t) = token {
            req = req.header("Authorization", format!("Bearer {t}"));
        }
        req.send()
    };
    for party in [seller.clone(), buyer.clone()] {
        let stored = fetch(Some(party)).await.unwrap();
        assert_eq!(stored.status(), 200);
        assert_eq!(&stored.bytes().await.unwrap()[..], b"%PDF-1.7 plan");
    }
    for (token, status, code) in
        [(None, 401, "LOGIN_REQUIRED"), (Some(outsider.clone()), 404, "CONVERSATION_NOT_FOUND")]
    {
        let refused = fetch(token).await.unwrap();
        assert_eq!(refused.status(), status);
        let body = refused.text().await.unwrap();
        assert!(!body.contains("%PDF"), "no byte of the file: {body}");
        assert_eq!(serde_json::from_str::<Value>(&body).unwrap()["code"], code);
    }

    let wrong = send(seller.clone(), "f-3", b"<html>not a pdf</html>".to_vec()).await.unwrap();
    assert_eq!(wrong.status(), 400);
    assert_eq!(wrong.json::<Value>().await.unwrap()["code"], "ATTACHMENT_TYPE");
    let mut big = b"%PDF-".to_vec();
    big.resize(souk_domain::chat::MAX_ATTACHMENT_BYTES + 1, b' ');
    let big = send(seller.clone(), "f-4", big).await.unwrap();
    assert_eq!(big.status(), 413);
    assert_eq!(big.json::<Value>().await.unwrap()["code"], "ATTACHMENT_TOO_LARGE");
    let intruder = send(outsider, "f-5", b"%PDF-1.7".to_vec()).await.unwrap();
    assert_eq!(intruder.status(), 404);
    assert_eq!(intruder.json::<Value>().await.unwrap()["code"], "CONVERSATION_NOT_FOUND");
    let history = call(&s.base, Some(&buyer), HISTORY, json!({ "id": id })).await;
    assert_eq!(
        history["data"]["conversationMessages"].as_array().map(Vec::len),
        Some(2),
        "refused files stored nothing"
    );
    let files = std::fs::read_dir(s.data_dir.join("media/chat").join(&id)).map(|d| d.count()).unwrap_or(0);
    assert_eq!(files, 1, "only the accepted file is on disk");
}

#[actix_web::test]
async fn a_saved_search_alert_reaches_its_owners_socket() {
    let s = start("rt-search-alert", |_| {}).await;
    let (saver, _) = sign_up(&s.base, shop("alertes@atlas.ma", "0522000031")).await;
    let (_, seller_id) = sign_up(&s.base, private("0611000031")).await;
    let save = "mutation($f: SearchFiltersInput!, $n: String) { saveSearch(filters: $f, name: $n) { search { id } } }";
    let saved = call(&s.base, Some(&saver), save, json!({ "f": { "keyword": "tandem" }, "n": "Tandems" })).await;
    let search_id = saved["data"]["saveSearch"]["search"]["id"].as_i64().expect("saved search");
    let (owner_socket, reply) = PollingClient::connect(&s.base, &saver).await;
    assert!(reply.starts_with("40"), "{reply}");

    let at = souk_services::ads::service::now() + 60;
    let ad = souk_domain::ad::Ad {
        description: "Deux places, bon état".into(),
        price: Some(souk_domain::money::Money::from_dirhams(2_400)),
        ..common::active_ad("alert-1", 920_001, seller_id, 2030, 1, "Tandem de randonnée", at)
    };
    souk_storage::ads::AdStore::insert_ads(&s.store, vec![ad]).await.expect("ad");
    // The owner is online (their socket registered presence): the match goes out live.
    let run = s.state.saved_searches.match_new_ads(at + 10).await.expect("match");
    assert_eq!((run.matches, run.live), (1, 1), "{run:?}");
    let alert = owner_socket.event("search:alert").await;
    assert_eq!(alert, json!({ "searchId": search_id, "name": "Tandems", "listIds": [920_001] }));
    // Sent live once: the daily digest leaves it out.
    assert_eq!(s.state.saved_searches.send_digests(at + 20).await.expect("digest"), 0);
}

#[actix_web::test]
async fn sockets_are_capped_per_account_and_per_address() {
    let s = start("rt-caps", |st| {
        st.realtime.sockets_per_account = 3;
        st.realtime.sockets_per_address = 5;
    })
    .await;
    let (first, _) = sign_up(&s.base, private("0611000091")).await;
    let (second, _) = sign_up(&s.base, private("0611000092")).await;
    let accepted = |reply: &str| reply.starts_with("40{\"sid\":");
    let mut open = Vec::new();
    for n in 0..3 {
        let (client, reply) = PollingClient::connect(&s.base, &first).await;
        assert!(accepted(&reply), "socket {n}: {reply}");
        open.push(client);
    }
    let (_, over) = PollingClient::connect(&s.base, &first).await;
    assert!(over.starts_with("44{") && over.contains("\"TOO_MANY_ATTEMPTS\""), "the account's 4th: {over}");
    assert!(over.contains("Trop de tentatives"), "the CONNECT_ERROR carries the wording: {over}");

    // A socket that ends gives its place back.
    wait_for("three sockets registered", async || registry_size(&s).await == 3).await;
    open.pop().expect("a socket").post("1").await;
    wait_for("the closed socket gone", async || registry_size(&s).await == 2).await;
    let (client, again) = PollingClient::connect(&s.base, &first).await;
    assert!(accepted(&again), "{again}");
    open.push(client);

    // The address holds 3; another account from it gets the 2 left, then is refused.
    for n in 0..2 {
        let (client, reply) = PollingClient::connect(&s.base, &second).await;
        assert!(accepted(&reply), "second account, socket {n}: {reply}");
        open.push(client);
    }
    let (_, full) = PollingClient::connect(&s.base, &second).await;
    assert!(full.starts_with("44{") && full.contains("\"TOO_MANY_ATTEMPTS\""), "the address's 6th: {full}");
}

/// A CONNECT_ERROR for a cap reached: `TOO_MANY_ATTEMPTS` with its wording.
fn over_cap(reply: &str) -> bool {
    reply.starts_with("44{") && reply.contains("\"TOO_MANY_ATTEMPTS\"")
}

/// Connects to `base` until the CONNECT is accepted (a place given back on another process
/// frees after a round trip to Redis), for at most `within`.
async fn connect_once_free(base: &str, token: &str, within: Duration) -> PollingClient {
    let until = tokio::time::Instant::now() + within;
    loop {
        let (client, reply) = PollingClient::connect(base, token).await;
        if reply.starts_with("40{\"sid\":") {
            return client;
        }
        assert!(over_cap(&reply), "{reply}");
        assert!(tokio::time::Instant::now() < until, "still refused after {within:?}: {reply}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[actix_web::test]
async fn socket_caps_hold_across_processes_sharing_one_redis() {
    let port = free_port();
    let Some(redis) = redis_on(port) else {
        skip_without_redis("cross-process socket caps test");
        return;
    };
    assert!(answers(port).await, "the private redis-server did not start");
    let data_dir = common::temp_dir("rt-caps-two-nodes");
    let url = format!("redis://127.0.0.1:{port}");
    let lease = Duration::from_secs(3);
    let env = [
        ("SOUK_EPHEMERAL__BACKEND", "redis"),
        ("SOUK_EPHEMERAL__REDIS_URL", url.as_str()),
        ("SOUK_EPHEMERAL__PREFIX", "caps:"),
        ("SOUK_REALTIME__SOCKETS_PER_ACCOUNT", "2"),
        ("SOUK_REALTIME__SOCKET_LEASE_SECS", "3"),
    ];
    let (a_node, a) = common::serve_process(&data_dir, &env).await;
    let (_b_node, b) = common::serve_process(&data_dir, &env).await;
    let (token, account) = sign_up(&a, private("0611000093")).await;

    // Two sockets on process A; the account's third, on process B, is refused as on one process.
    let (a1, reply) = PollingClient::connect(&a, &token).await;
    assert!(reply.starts_with("40{\"sid\":"), "{reply}");
    let (_a2, reply) = PollingClient::connect(&a, &token).await;
    assert!(reply.starts_with("40{\"sid\":"), "{reply}");
    let (_, over) = PollingClient::connect(&b, &token).await;
    assert!(over_cap(&over), "the account's third socket, on the other process: {over}");
    assert!(over.contains("Trop de tentatives"), "the CONNECT_ERROR carries the wording: {over}");

    // One on A ends: B takes its place, then B is full again.
    a1.post("1").await;
    let _b1 = connect_once_free(&b, &token, Duration::from_secs(2)).await;
    let (_, over) = PollingClient::connect(&b, &token).await;
    assert!(over_cap(&over), "A's second socket still counts on B: {over}");

    // A crashes (SIGKILL: nothing given back); its socket counts until its lease lapses.
    drop(a_node);
    let crashed = tokio::time::Instant::now();
    let (_, over) = PollingClient::connect(&b, &token).await;
    assert!(over_cap(&over), "within the lease the crashed process's socket counts: {over}");
    let b2 = connect_once_free(&b, &token, lease + Duration::from_secs(3)).await;
    assert!(
        crashed.elapsed() >= lease - Duration::from_millis(500),
        "freed only by the lease: {:?}",
        crashed.elapsed()
    );

    // B's first socket has outlived its first lease: B's refreshes keep it in the shared set.
    use souk_storage::ephemeral::Ephemeral as _;
    let shared = souk_storage::ephemeral::RedisEphemeral::connect(&url, "caps:").await.expect("redis");
    tokio::time::sleep(Duration::from_millis(500)).await;
    let held = shared.expiring_set_members(&format!("sockets:account:{account}")).await.expect("members");
    assert_eq!(held.len(), 2, "B's two sockets, refreshed: {held:?}");

    // Redis goes away: B's own count still caps the account (fail open to the local count).
    drop(redis);
    let (_, over) = PollingClient::connect(&b, &token).await;
    assert!(over_cap(&over), "B holds 2 on its own: {over}");
    b2.post("1").await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let (_b3, reply) = PollingClient::connect(&b, &token).await;
    assert!(reply.starts_with("40{\"sid\":"), "a place free on B is taken without Redis: {reply}");
    let (_, over) = PollingClient::connect(&b, &token).await;
    assert!(over_cap(&over), "and the local cap still holds: {over}");
}
