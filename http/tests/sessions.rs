//! Session revocation (issue 27, docs/security.md "Session revocation"): a logout voids the
//! whole refresh family with its access tokens, a password change keeps only this device, ended
//! sessions end on every device at once, taking admin rights away ends the admin's sessions
//! within seconds — and none of it comes back when Redis restarts empty, or is skipped while
//! Redis is down.

mod common;

use common::chat::call;
use common::redis::{answers, free_port, redis_on, skip_without_redis};
use common::{TestServer, code, start};
use serde_json::{Value, json};
use souk_storage::accounts::AccountStore;
use std::process::Command;
use std::time::{Duration, Instant};

const REGISTER: &str = "mutation($i: RegisterAccountInput!) { registerAccount(input: $i) { login { accessToken refreshToken } info { id } } }";
const LOGIN: &str = "mutation($id: String!, $pw: String!) { loginByIdentifier(identifier: $id, password: $pw) { accessToken refreshToken } }";
const ROTATE: &str = "mutation($t: String!) { refreshAccessToken(refreshToken: $t) { accessToken refreshToken } }";
const ME: &str = "{ getMyAccountInfo { id roles } }";
const PASSWORD: &str = "mutation($u: Int!, $c: String!, $p: String!) { editUserPassword(userId: $u, currentPassword: $c, password: $p) { code } }";

/// (access token, refresh token, account id)
async fn register(base: &str, phone: &str) -> (String, String, i64) {
    let input = json!({ "type": "private", "name": "Salma Idrissi", "phone": phone, "cityId": 1, "password": "secret1", "passwordConfirmation": "secret1" });
    let body = call(base, None, REGISTER, json!({ "i": input })).await;
    let p = &body["data"]["registerAccount"];
    (
        text(&p["login"]["accessToken"], &body),
        text(&p["login"]["refreshToken"], &body),
        p["info"]["id"].as_i64().expect("id"),
    )
}

fn text(v: &Value, whole: &Value) -> String {
    v.as_str().unwrap_or_else(|| panic!("no token in {whole}")).to_string()
}

/// Another device's session: (access token, refresh token).
async fn sign_in(base: &str, phone: &str, password: &str) -> (String, String) {
    let body = call(base, None, LOGIN, json!({ "id": phone, "pw": password })).await;
    let p = &body["data"]["loginByIdentifier"];
    (text(&p["accessToken"], &body), text(&p["refreshToken"], &body))
}

async fn works(base: &str, token: &str) -> bool {
    let body = call(base, Some(token), ME, json!({})).await;
    if body["data"]["getMyAccountInfo"]["id"].is_i64() {
        return true;
    }
    assert_eq!(code(&body), "SESSION_EXPIRED", "a void token is refused as expired: {body}");
    false
}

async fn rotates(base: &str, refresh: &str) -> bool {
    call(base, None, ROTATE, json!({ "t": refresh })).await["data"]["refreshAccessToken"]["accessToken"].is_string()
}

#[actix_web::test]
async fn a_logout_voids_its_family_and_a_password_change_keeps_only_this_device() {
    let s = start("sessions-family", |_| {}).await;
    let (first, refresh, _) = register(&s.base, "0611000501").await;
    let rotated = call(&s.base, None, ROTATE, json!({ "t": refresh })).await;
    let second = text(&rotated["data"]["refreshAccessToken"]["accessToken"], &rotated);
    let next = text(&rotated["data"]["refreshAccessToken"]["refreshToken"], &rotated);
    assert!(works(&s.base, &first).await && works(&s.base, &second).await);
    // A logout without the refresh token at hand: the family goes, with its other access token.
    assert_eq!(call(&s.base, Some(&second), "mutation { logout }", json!({})).await["data"]["logout"], true);
    assert!(!works(&s.base, &second).await);
    assert!(!works(&s.base, &first).await, "an access token of the logged-out family");
    assert!(!rotates(&s.base, &next).await, "the family's refresh token");

    // Two devices; the password changes on the laptop.
    let (phone_access, phone_refresh) = sign_in(&s.base, "0611000501", "secret1").await;
    let (laptop_access, laptop_refresh) = sign_in(&s.base, "0611000501", "secret1").await;
    let me = call(&s.base, Some(&laptop_access), ME, json!({})).await["data"]["getMyAccountInfo"]["id"].clone();
    let changed =
        call(&s.base, Some(&laptop_access), PASSWORD, json!({ "u": me, "c": "secret1", "p": "newpass1" })).await;
    assert_eq!(changed["data"]["editUserPassword"]["code"], 204, "{changed}");
    assert!(works(&s.base, &laptop_access).await, "this device keeps its session");
    assert!(!works(&s.base, &phone_access).await, "the other device's access token is void at once");
    assert!(!rotates(&s.base, &phone_refresh).await);
    assert!(rotates(&s.base, &laptop_refresh).await);
}

#[actix_web::test]
async fn wrong_current_passwords_end_every_device_at_once() {
    let s = start("sessions-every-device", |_| {}).await;
    let (_, _, id) = register(&s.base, "0611000502").await;
    let (thief, _) = sign_in(&s.base, "0611000502", "secret1").await;
    let (owner, owner_refresh) = sign_in(&s.base, "0611000502", "secret1").await;
    let mut last = json!(null);
    for n in 0..5 {
        last =
            call(&s.base, Some(&thief), PASSWORD, json!({ "u": id, "c": format!("guess{n}"), "p": "taken99" })).await;
    }
    assert_eq!(code(&last), "SESSION_EXPIRED", "{last}");
    assert!(!works(&s.base, &thief).await);
    assert!(!works(&s.base, &owner).await, "every access token of the account, not only the guesser's");
    assert!(!rotates(&s.base, &owner_refresh).await);
    // The owner signs in again: a new session is not caught by the cut-off.
    tokio::time::sleep(Duration::from_millis(1_100)).await;
    let (again, _) = sign_in(&s.base, "0611000502", "secret1").await;
    assert!(works(&s.base, &again).await);
}

fn souk_admin(data_dir: &std::path::Path, action: &str, identifier: &str) -> std::process::Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_souk"));
    for (k, _) in std::env::vars().filter(|(k, _)| k.starts_with("SOUK_")) {
        c.env_remove(k);
    }
    c.args(["admin", "--data-dir"]).arg(data_dir).args([action, identifier]).output().expect("souk admin")
}

#[actix_web::test]
async fn taking_admin_rights_away_ends_the_admins_sessions_within_seconds() {
    let s = start("sessions-admin", |_| {}).await;
    let (_, _, id) = register(&s.base, "0611000503").await;
    let granted = souk_admin(&s.data_dir, "grant", "0611000503");
    assert!(granted.status.success(), "{}", String::from_utf8_lossy(&granted.stderr));
    let (admin, _) = sign_in(&s.base, "0611000503", "secret1").await;
    let roles = call(&s.base, Some(&admin), ME, json!({})).await["data"]["getMyAccountInfo"]["roles"].clone();
    assert!(roles.to_string().contains("ADMIN") || roles.to_string().contains("admin"), "{roles}");

    let revoked = souk_admin(&s.data_dir, "revoke", "0611000503");
    assert!(revoked.status.success(), "{}", String::from_utf8_lossy(&revoked.stderr));
    let started = Instant::now();
    while works(&s.base, &admin).await {
        assert!(started.elapsed() < Duration::from_secs(15), "the admin's token still works 15 s after the revoke");
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    // Signing in again gives a session without the role.
    let account = s.store.find_account(id).await.expect("find").expect("account");
    assert!(account.roles.iter().all(|r| *r != souk_domain::account::Role::Admin));
}

async fn with_redis(name: &str, port: u16) -> TestServer {
    start(name, |settings| {
        settings.ephemeral.backend = souk_http::config::EphemeralBackend::Redis;
        settings.ephemeral.redis_url = format!("redis://127.0.0.1:{port}");
        settings.ephemeral.prefix = format!("{name}-{}:", uuid::Uuid::new_v4());
    })
    .await
}

#[actix_web::test]
async fn a_logged_out_token_stays_void_when_redis_restarts_empty_and_while_it_is_down() {
    let port = free_port();
    let Some(redis) = redis_on(port) else {
        skip_without_redis("session revocation over Redis");
        return;
    };
    assert!(answers(port).await, "the private redis-server did not start");
    let s = with_redis("sessions-redis", port).await;
    let (gone, _, _) = register(&s.base, "0611000504").await;
    let (kept, _, _) = register(&s.base, "0611000505").await;
    assert_eq!(call(&s.base, Some(&gone), "mutation { logout }", json!({})).await["data"]["logout"], true);
    assert!(!works(&s.base, &gone).await);

    // Redis restarts with nothing in it (no persistence).
    drop(redis);
    let redis = redis_on(port).expect("redis again");
    assert!(answers(port).await);
    let started = Instant::now();
    loop {
        let body = call(&s.base, Some(&gone), ME, json!({})).await;
        assert!(body["data"]["getMyAccountInfo"].is_null(), "a logged-out token worked after Redis restarted: {body}");
        if code(&body) == "SESSION_EXPIRED" {
            break;
        }
        // The client's connection to Redis may still be reconnecting.
        assert!(started.elapsed() < Duration::from_secs(10), "{body}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(works(&s.base, &kept).await);

    // Redis down: the durable list answers the check.
    drop(redis);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!works(&s.base, &gone).await, "a logged-out token while Redis is down");
    assert!(works(&s.base, &kept).await, "a live token while Redis is down");
    // Rate limits fail open (docs/operations.md): a limited query still answers.
    let q = "query($i: String!) { checkUserExists(identifier: $i) { doesAccountExist } }";
    let exists = call(&s.base, None, q, json!({ "i": "0611000505" })).await;
    assert_eq!(exists["data"]["checkUserExists"]["doesAccountExist"], true, "{exists}");
}

/// One gateway call with extra headers: (the `Set-Cookie` headers, the body).
async fn gateway(s: &TestServer, headers: &[(&str, &str)], query: &str, variables: Value) -> (Vec<String>, Value) {
    let mut request =
        s.client.post(format!("{}/graphql", s.base)).json(&json!({ "query": query, "variables": variables }));
    for (k, v) in headers {
        request = request.header(*k, *v);
    }
    let response = request.send().await.expect("gateway");
    let cookies =
        response.headers().get_all("set-cookie").iter().filter_map(|v| v.to_str().ok()).map(str::to_string).collect();
    (cookies, response.json().await.expect("json"))
}

fn refresh_value(cookies: &[String]) -> String {
    let cookie = cookies.iter().find(|c| c.starts_with("souk_refresh=")).expect("a refresh cookie");
    cookie["souk_refresh=".len()..].split(';').next().unwrap_or_default().to_string()
}

#[actix_web::test]
async fn the_web_clients_refresh_token_lives_only_in_an_http_only_cookie() {
    let s = start("sessions-cookie", |_| {}).await;
    register(&s.base, "0611000506").await;
    let mode = ("X-Souk-Session", "cookie");
    let (cookies, body) = gateway(&s, &[mode], LOGIN, json!({ "id": "0611000506", "pw": "secret1" })).await;
    assert_eq!(body["data"]["loginByIdentifier"]["refreshToken"], "", "no refresh token in the body: {body}");
    let set = cookies.iter().find(|c| c.starts_with("souk_refresh=")).expect("Set-Cookie souk_refresh");
    for part in ["HttpOnly", "SameSite=Strict", "Path=/graphql", "Max-Age=2592000"] {
        assert!(set.contains(part), "{part} missing from {set}");
    }
    let first = refresh_value(&cookies);
    assert!(first.len() > 20);

    // The refresh reads the cookie and rotates it.
    let rotate = "mutation { refreshAccessToken { accessToken refreshToken } }";
    let cookie = format!("souk_refresh={first}");
    let (cookies, body) = gateway(&s, &[mode, ("Cookie", &cookie)], rotate, json!({})).await;
    let access = text(&body["data"]["refreshAccessToken"]["accessToken"], &body);
    assert_eq!(body["data"]["refreshAccessToken"]["refreshToken"], "");
    let second = refresh_value(&cookies);
    assert_ne!(second, first);
    assert!(works(&s.base, &access).await);

    // Another site cannot make the browser spend it.
    let next = format!("souk_refresh={second}");
    let (_, body) =
        gateway(&s, &[mode, ("Cookie", &next), ("Origin", "https://evil.example")], rotate, json!({})).await;
    assert_eq!(code(&body), "PERMISSION_DENIED", "{body}");

    // Logout ends the cookie's family and removes the cookie.
    let bearer = format!("Bearer {access}");
    let (cookies, body) =
        gateway(&s, &[mode, ("Cookie", &next), ("Authorization", &bearer)], "mutation { logout }", json!({})).await;
    assert_eq!(body["data"]["logout"], true, "{body}");
    assert_eq!(refresh_value(&cookies), "", "the cookie is cleared");
    let (cookies, body) = gateway(&s, &[mode, ("Cookie", &next)], rotate, json!({})).await;
    assert_eq!(code(&body), "SESSION_EXPIRED", "{body}");
    assert_eq!(refresh_value(&cookies), "", "a refused refresh clears the cookie");

    // Any other client gets the refresh token in the body, as the spec says, and no cookie.
    let (cookies, body) = gateway(&s, &[], LOGIN, json!({ "id": "0611000506", "pw": "secret1" })).await;
    assert!(body["data"]["loginByIdentifier"]["refreshToken"].as_str().is_some_and(|t| t.len() > 20), "{body}");
    assert!(cookies.is_empty(), "{cookies:?}");
}

/// The last one-time code the outbox holds for `to`.
fn outbox_code(s: &TestServer, to: &str) -> String {
    let entries = souk_services::notify::read_outbox(&s.data_dir.join("outbox"), 50).expect("outbox");
    entries
        .into_iter()
        .rev()
        .find(|e| e.to == to && e.code.is_some())
        .and_then(|e| e.code)
        .expect("a code in the outbox")
}

#[actix_web::test]
async fn a_one_time_code_signs_the_owner_in_while_password_sign_ins_wait() {
    let s = start("sessions-code", |_| {}).await;
    register(&s.base, "0611000507").await;
    // A guesser makes the phone's password sign-ins wait.
    let mut last = json!(null);
    for n in 0..7 {
        last = call(&s.base, None, LOGIN, json!({ "id": "0611000507", "pw": format!("wrong{n}") })).await;
    }
    assert_eq!(code(&last), "TOO_MANY_ATTEMPTS", "{last}");
    let right = call(&s.base, None, LOGIN, json!({ "id": "0611000507", "pw": "secret1" })).await;
    assert_eq!(code(&right), "TOO_MANY_ATTEMPTS", "the password waits: {right}");

    let ask = "mutation($p: String!) { requestSignInCode(input: { phone: $p }) { phone } }";
    let sent = call(&s.base, None, ask, json!({ "p": "+212611000507" })).await;
    assert_eq!(sent["data"]["requestSignInCode"]["phone"], "0611000507", "{sent}");
    let real = outbox_code(&s, "0611000507");
    let with_code = "mutation($p: String!, $c: String!) { loginWithCode(phone: $p, code: $c) { accessToken } }";
    let wrong = if real == "000000" { "111111" } else { "000000" };
    assert_eq!(code(&call(&s.base, None, with_code, json!({ "p": "0611000507", "c": wrong })).await), "CODE_INVALID");
    let signed = call(&s.base, None, with_code, json!({ "p": "0611000507", "c": real })).await;
    let token = text(&signed["data"]["loginWithCode"]["accessToken"], &signed);
    assert!(works(&s.base, &token).await);
    // The code is spent, and the password's wait is over.
    let again = call(&s.base, None, with_code, json!({ "p": "0611000507", "c": real })).await;
    assert!(again["data"]["loginWithCode"].is_null(), "{again}");
    let right = call(&s.base, None, LOGIN, json!({ "id": "0611000507", "pw": "secret1" })).await;
    assert!(right["data"]["loginByIdentifier"]["accessToken"].is_string(), "{right}");
    // No code for a phone without an account.
    let nobody = call(&s.base, None, ask, json!({ "p": "0611000599" })).await;
    assert_eq!(code(&nobody), "ACCOUNT_NOT_FOUND", "{nobody}");
}
