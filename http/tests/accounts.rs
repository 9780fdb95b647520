//! Accounts through the gateway, as the client uses them: sign-up, every sign-in, refresh
//! rotation and replay, logout, one-time codes read back from the outbox, recovery, profile,
//! passwords, preferences, shops and the logo, an admin acting as a user — and, for every
//! operation that acts on an account, proof that another account cannot use it.

mod common;

use common::{TestServer, code, start};
use reqwest::StatusCode;
use serde_json::{Value, json};
use souk_domain::account::{AccountStatus, Role};
use souk_services::notify::read_outbox;
use souk_storage::accounts::AccountStore;

async fn call(s: &TestServer, token: Option<&str>, query: &str, variables: Value) -> Value {
    s.gql_as(token, &[], query, variables).await
}

const REGISTER: &str = "mutation($i: RegisterAccountInput!) { registerAccount(input: $i) { login { accessToken refreshToken expiresIn tokenType } info { id uuId name type phone { number } email storeId location { city { id name } } } } }";
const ME: &str =
    "{ getMyAccountInfo { id name email type phone { number } location { city { id } address } roles storeId } }";

fn private_input(phone: &str) -> Value {
    json!({ "type": "private", "name": "Youssef Alami", "phone": phone, "cityId": 1, "password": "secret1", "passwordConfirmation": "secret1" })
}

fn shop_input(email: &str, phone: &str) -> Value {
    json!({ "type": "shop", "name": "Auto Atlas", "email": email, "phone": phone, "cityId": 1, "password": "secret1", "shopCategory": 2010, "plan": "premium" })
}

/// Signs up and answers (access token, refresh token, account id, store id).
async fn sign_up(s: &TestServer, input: Value) -> (String, String, i64, Option<i64>) {
    let body = call(s, None, REGISTER, json!({ "i": input })).await;
    let p = &body["data"]["registerAccount"];
    assert!(p["login"]["accessToken"].is_string(), "{body}");
    (
        p["login"]["accessToken"].as_str().unwrap_or_default().to_string(),
        p["login"]["refreshToken"].as_str().unwrap_or_default().to_string(),
        p["info"]["id"].as_i64().unwrap_or_default(),
        p["info"]["storeId"].as_i64(),
    )
}

async fn accounts(s: &TestServer) -> u64 {
    s.store.count_accounts().await.expect("count")
}

fn outbox_code(s: &TestServer, to: &str) -> String {
    let entries = read_outbox(&s.data_dir.join("outbox"), 50).expect("outbox");
    entries.into_iter().find(|e| e.to == to && e.code.is_some()).and_then(|e| e.code).expect("a code in the outbox")
}

#[actix_web::test]
async fn private_sign_up_validates_in_both_languages_and_stores_nothing_on_failure() {
    let s = start("acc-signup", |_| {}).await;
    for (input, want) in [
        (
            json!({ "type": "private", "name": "Youssef", "phone": "0612345678", "cityId": 1, "password": "abcd", "passwordConfirmation": "abcd" }),
            "PASSWORD_TOO_SHORT",
        ),
        (
            json!({ "type": "private", "name": "Youssef", "phone": "0612345678", "cityId": 1, "password": "abcde", "passwordConfirmation": "abcdf" }),
            "PASSWORD_CONFIRMATION_MISMATCH",
        ),
        (
            json!({ "type": "private", "name": "Youssef", "phone": "0612345678", "password": "abcde", "passwordConfirmation": "abcde" }),
            "CITY_REQUIRED",
        ),
        (
            json!({ "type": "private", "name": "Youssef", "phone": "0912", "cityId": 1, "password": "abcde", "passwordConfirmation": "abcde" }),
            "INVALID_PHONE",
        ),
        (
            json!({ "type": "private", "name": "Y0ussef!", "phone": "0612345678", "cityId": 1, "password": "abcde", "passwordConfirmation": "abcde" }),
            "INVALID_NAME",
        ),
        (
            json!({ "type": "shop", "name": "Atlas", "email": "nope", "phone": "0612345678", "cityId": 1, "password": "abcde", "shopCategory": 2010 }),
            "INVALID_EMAIL",
        ),
        (
            json!({ "type": "shop", "name": "Atlas", "email": "a@atlas.ma", "phone": "0612345678", "cityId": 1, "password": "abcde", "shopCategory": 424242 }),
            "INVALID_SHOP_CATEGORY",
        ),
    ] {
        let body = call(&s, None, REGISTER, json!({ "i": input })).await;
        assert_eq!(code(&body), want, "{body}");
    }
    let (_, ar) = s.gql("/graphql", &[("Accept-Language", "ar")], REGISTER, json!({ "i": { "type": "private", "name": "Youssef", "phone": "0612345678", "cityId": 1, "password": "abcd", "passwordConfirmation": "abcd" } })).await;
    assert_eq!(ar["errors"][0]["message"], "يجب أن تحتوي كلمة المرور على 5 أحرف على الأقل");
    assert_eq!(ar["errors"][0]["extensions"]["messageKey"], "validation.password.min");
    assert_eq!(accounts(&s).await, 0, "no failed sign-up wrote anything");

    let (token, _, id, store_id) = sign_up(&s, private_input("06 12 34 56 78")).await;
    assert_eq!(store_id, None);
    let me = call(&s, Some(&token), ME, json!({})).await;
    assert_eq!(me["data"]["getMyAccountInfo"]["id"], id);
    assert_eq!(me["data"]["getMyAccountInfo"]["phone"]["number"], "0612345678");
    assert_eq!(me["data"]["getMyAccountInfo"]["type"], "private");
    let again = call(&s, None, REGISTER, json!({ "i": private_input("+212612345678") })).await;
    assert_eq!(code(&again), "ACCOUNT_ALREADY_EXISTS");
    assert_eq!(accounts(&s).await, 1);
    let exists =
        call(&s, None, "{ checkAccountExistance(phone: \"0612345678\") { doesAccountExist } }", json!({})).await;
    assert_eq!(exists["data"]["checkAccountExistance"]["doesAccountExist"], true);
    let other =
        call(&s, None, "{ checkUserExists(identifier: \"nobody@souk.ma\") { doesAccountExist } }", json!({})).await;
    assert_eq!(other["data"]["checkUserExists"]["doesAccountExist"], false);
}

#[actix_web::test]
async fn shops_sign_in_by_email_and_get_a_lead_the_admin_sees() {
    let s = start("acc-shop", |_| {}).await;
    let (_, _, shop_id, store_id) = sign_up(&s, shop_input("Contact@Atlas.ma", "0522123456")).await;
    assert!(store_id.is_some());
    let login = call(&s, None, "mutation { login(email: \"contact@atlas.ma\", password: \"secret1\") { token tokenType expiresIn accountId uuId } }", json!({})).await;
    let l = &login["data"]["login"];
    assert_eq!((l["tokenType"].as_str(), l["accountId"].as_i64()), (Some("Bearer"), Some(shop_id)));
    assert!(l["expiresIn"].as_i64().is_some_and(|e| e > 0) && l["uuId"].is_string());
    let by_email = call(
        &s,
        None,
        "mutation { loginByEmail(email: \"contact@atlas.ma\", password: \"secret1\") { accessToken } }",
        json!({}),
    )
    .await;
    assert!(by_email["data"]["loginByEmail"]["accessToken"].is_string());
    let token = l["token"].as_str().expect("token");
    let me = call(&s, Some(token), "{ getCurrentUser { type role allowedAccess shopInfo { storeId plan membership { name } points { count } } session { expiresAt actingAdminId } } }", json!({})).await;
    let u = &me["data"]["getCurrentUser"];
    assert_eq!(u["type"], "shop");
    assert_eq!(u["role"], json!(["ROLE_STORE_OWNER"]));
    assert_eq!(u["shopInfo"]["plan"], "premium");
    assert!(u["session"]["actingAdminId"].is_null());

    // Only an admin reads the leads.
    let leads = "{ getShopLeads { accountId callBefore plan } }";
    assert_eq!(code(&call(&s, Some(token), leads, json!({})).await), "PERMISSION_DENIED");
    let (admin_token, admin_id) = admin(&s, "0600000001").await;
    let seen = call(&s, Some(&admin_token), leads, json!({})).await;
    assert_eq!(seen["data"]["getShopLeads"][0]["accountId"], shop_id, "{seen}");
    assert_eq!(seen["data"]["getShopLeads"][0]["plan"], "premium");
    let _ = admin_id;
}

/// A private account promoted to admin in the store; answers its token and id.
async fn admin(s: &TestServer, phone: &str) -> (String, i64) {
    let (_, _, id, _) = sign_up(s, private_input(phone)).await;
    s.store.set_roles(id, vec![Role::Admin]).await.expect("promote");
    let body = call(
        s,
        None,
        &format!("mutation {{ loginByIdentifier(identifier: \"{phone}\", password: \"secret1\") {{ accessToken }} }}"),
        json!({}),
    )
    .await;
    (body["data"]["loginByIdentifier"]["accessToken"].as_str().expect("admin token").to_string(), id)
}

#[actix_web::test]
async fn sign_in_failures_disabled_accounts_and_attempt_limits() {
    let s = start("acc-login", |st| {
        st.auth.attempts_per_identifier = 3;
        st.auth.first_attempt_delay_secs = 30;
    })
    .await;
    let (_, _, id, _) = sign_up(&s, private_input("0711111111")).await;
    let login = |pw: &str| {
        format!(
            "mutation {{ loginByIdentifier(identifier: \"0711111111\", password: \"{pw}\") {{ accessToken refreshToken }} }}"
        )
    };
    assert_eq!(code(&call(&s, None, &login("wrong"), json!({})).await), "INCORRECT_CREDENTIALS");
    let unknown = call(
        &s,
        None,
        "mutation { loginByIdentifier(identifier: \"0799999999\", password: \"secret1\") { accessToken } }",
        json!({}),
    )
    .await;
    assert_eq!(code(&unknown), "INCORRECT_CREDENTIALS", "an unknown phone looks like a wrong password");
    let ok = call(&s, None, &login("secret1"), json!({})).await;
    assert!(ok["data"]["loginByIdentifier"]["refreshToken"].is_string());
    for _ in 0..3 {
        call(&s, None, &login("wrong"), json!({})).await;
    }
    assert_eq!(code(&call(&s, None, &login("secret1"), json!({})).await), "TOO_MANY_ATTEMPTS");

    let (_, _, other, _) = sign_up(&s, private_input("0722222222")).await;
    s.store.set_account_status(other, AccountStatus::Disabled).await.expect("disable");
    let disabled = call(
        &s,
        None,
        "mutation { loginByIdentifier(identifier: \"0722222222\", password: \"secret1\") { accessToken } }",
        json!({}),
    )
    .await;
    assert_eq!(code(&disabled), "NOT_AUTHORIZED");
    assert!(disabled["errors"][0]["message"].as_str().is_some_and(|m| m.contains("service client")));
    let _ = id;
}

#[actix_web::test]
async fn refresh_tokens_rotate_and_a_replay_ends_every_session_of_the_family() {
    let s = start("acc-refresh", |_| {}).await;
    let (access, refresh, _, _) = sign_up(&s, private_input("0633333333")).await;
    let rotate = "mutation($t: String!) { refreshAccessToken(refreshToken: $t) { accessToken refreshToken } }";
    let first = call(&s, None, rotate, json!({ "t": refresh })).await;
    let next = first["data"]["refreshAccessToken"]["refreshToken"].as_str().expect("rotated").to_string();
    assert_ne!(next, refresh);
    let new_access = first["data"]["refreshAccessToken"]["accessToken"].as_str().expect("access").to_string();
    assert!(call(&s, Some(&new_access), ME, json!({})).await["data"]["getMyAccountInfo"]["id"].is_i64());
    let replay = call(&s, None, rotate, json!({ "t": refresh })).await;
    assert_eq!(code(&replay), "SESSION_EXPIRED");
    assert_eq!(code(&call(&s, None, rotate, json!({ "t": next })).await), "SESSION_EXPIRED", "the family is revoked");
    // With the family's access tokens: whoever replayed the refresh token holds one of them.
    assert_eq!(code(&call(&s, Some(&access), ME, json!({})).await), "SESSION_EXPIRED");
    assert_eq!(code(&call(&s, Some(&new_access), ME, json!({})).await), "SESSION_EXPIRED");

    // Logout ends the access token at once; logoutUser ends a refresh family.
    let login = call(
        &s,
        None,
        "mutation { loginByIdentifier(identifier: \"0633333333\", password: \"secret1\") { accessToken } }",
        json!({}),
    )
    .await;
    let access = login["data"]["loginByIdentifier"]["accessToken"].as_str().expect("access").to_string();
    let body = call(&s, Some(&access), "mutation { logout }", json!({})).await;
    assert_eq!(body["data"]["logout"], true);
    assert_eq!(code(&call(&s, Some(&access), ME, json!({})).await), "SESSION_EXPIRED");
    let login = call(&s, None, "mutation { loginByIdentifier(identifier: \"0633333333\", password: \"secret1\") { accessToken refreshToken } }", json!({})).await;
    let r = login["data"]["loginByIdentifier"]["refreshToken"].as_str().expect("refresh").to_string();
    let out = call(&s, None, "mutation($t: String!) { logoutUser(token: $t) }", json!({ "t": r })).await;
    assert_eq!(out["data"]["logoutUser"], true);
    assert_eq!(code(&call(&s, None, rotate, json!({ "t": r })).await), "SESSION_EXPIRED");
}

#[actix_web::test]
async fn tampered_expired_and_missing_tokens_are_refused() {
    let s = start("acc-tokens", |_| {}).await;
    let (token, _, _, _) = sign_up(&s, private_input("0644444444")).await;
    assert_eq!(code(&call(&s, None, ME, json!({})).await), "LOGIN_REQUIRED");
    let mut tampered = token.clone();
    tampered.pop();
    tampered.push(if token.ends_with('A') { 'B' } else { 'A' });
    assert_eq!(code(&call(&s, Some(&tampered), ME, json!({})).await), "INVALID_TOKEN");
    let secret = std::fs::read_to_string(s.data_dir.join("auth-secret")).expect("secret");
    let keys = souk_services::accounts::tokens::TokenKeys::new(secret.trim().as_bytes());
    let mut claims = keys.verify(&token).expect("our token");
    claims.exp = claims.iat - 120;
    let expired = keys.sign(&claims).expect("sign");
    assert_eq!(code(&call(&s, Some(&expired), ME, json!({})).await), "SESSION_EXPIRED");
    // The cookie the client stores works like the bearer header.
    let (status, body) = s.gql("/graphql", &[("Cookie", &format!("lang=fr; souk_token={token}"))], ME, json!({})).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body["data"]["getMyAccountInfo"]["id"].is_i64(), "{body}");
}

#[actix_web::test]
async fn phone_codes_are_sent_limited_and_used_once() {
    let s = start("acc-otp", |st| st.auth.max_code_attempts = 2).await;
    let request = "mutation { requestPhoneVerification(input: { phone: \"+212655555555\" }) { phone } }";
    let sent = call(&s, None, request, json!({})).await;
    assert_eq!(sent["data"]["requestPhoneVerification"]["phone"], "0655555555");
    assert_eq!(code(&call(&s, None, request, json!({})).await), "RESEND_TOO_SOON");
    let real = outbox_code(&s, "0655555555");
    let check = "query($c: String!) { checkActivationCode(input: { phone: \"0655555555\", code: $c }) { isValid } }";
    let wrong = if real == "000000" { "111111" } else { "000000" };
    assert_eq!(call(&s, None, check, json!({ "c": wrong })).await["data"]["checkActivationCode"]["isValid"], false);
    assert_eq!(code(&call(&s, None, check, json!({ "c": "" })).await), "CODE_REQUIRED");
    assert_eq!(call(&s, None, check, json!({ "c": real })).await["data"]["checkActivationCode"]["isValid"], true);
    assert_eq!(code(&call(&s, None, check, json!({ "c": real })).await), "CODE_EXPIRED", "used once");
}

#[actix_web::test]
async fn recovery_by_email_link_and_by_phone_code() {
    let s = start("acc-recovery", |_| {}).await;
    sign_up(&s, shop_input("owner@atlas.ma", "0522000000")).await;
    let sent = call(
        &s,
        None,
        "mutation { requestAccountRecovery(input: { email: \"owner@atlas.ma\" }) { email } }",
        json!({}),
    )
    .await;
    assert_eq!(sent["data"]["requestAccountRecovery"]["email"], "owner@atlas.ma");
    let unknown = call(
        &s,
        None,
        "mutation { requestAccountRecovery(input: { email: \"ghost@atlas.ma\" }) { email } }",
        json!({}),
    )
    .await;
    assert_eq!(unknown["data"]["requestAccountRecovery"]["email"], "ghost@atlas.ma", "no account discovery");
    let entries = read_outbox(&s.data_dir.join("outbox"), 50).expect("outbox");
    let link = entries.iter().find(|e| e.to == "owner@atlas.ma").and_then(|e| e.link.clone()).expect("a link");
    assert!(!entries.iter().any(|e| e.to == "ghost@atlas.ma"));
    let token = link.split("token=").nth(1).expect("token in link").to_string();
    let reset = "mutation($t: String, $p: String, $c: String, $pw: String!) { resetMyPassword(input: { token: $t, phone: $p, code: $c, password: $pw, passwordConfirmation: $pw }) { code } }";
    assert_eq!(
        call(&s, None, reset, json!({ "t": token, "pw": "abc" })).await["errors"][0]["extensions"]["code"],
        "PASSWORD_TOO_SHORT"
    );
    assert_eq!(
        call(&s, None, reset, json!({ "t": token, "pw": "brand-new" })).await["data"]["resetMyPassword"]["code"],
        200
    );
    assert_eq!(code(&call(&s, None, reset, json!({ "t": token, "pw": "other-new" })).await), "INVALID_RESET_LINK");
    let old = call(
        &s,
        None,
        "mutation { loginByEmail(email: \"owner@atlas.ma\", password: \"secret1\") { accessToken } }",
        json!({}),
    )
    .await;
    assert_eq!(code(&old), "INCORRECT_CREDENTIALS");
    let new = call(
        &s,
        None,
        "mutation { loginByEmail(email: \"owner@atlas.ma\", password: \"brand-new\") { accessToken } }",
        json!({}),
    )
    .await;
    assert!(new["data"]["loginByEmail"]["accessToken"].is_string());

    sign_up(&s, private_input("0766666666")).await;
    let by_phone = call(
        &s,
        None,
        "mutation { requestAccountRecoveryByPhone(input: { phone: \"0766666666\" }) { phone } }",
        json!({}),
    )
    .await;
    assert_eq!(by_phone["data"]["requestAccountRecoveryByPhone"]["phone"], "0766666666");
    let code_sent = outbox_code(&s, "0766666666");
    let done = call(&s, None, reset, json!({ "p": "0766666666", "c": code_sent, "pw": "by-phone" })).await;
    assert_eq!(done["data"]["resetMyPassword"]["code"], 200, "{done}");
    let login = call(
        &s,
        None,
        "mutation { loginByIdentifier(identifier: \"0766666666\", password: \"by-phone\") { accessToken } }",
        json!({}),
    )
    .await;
    assert!(login["data"]["loginByIdentifier"]["accessToken"].is_string());
}

#[actix_web::test]
async fn profile_password_and_preferences_of_ones_own_account_only() {
    let s = start("acc-profile", |_| {}).await;
    let (token, _, id, _) = sign_up(&s, private_input("0677777777")).await;
    let (other_token, _, other_id, _) = sign_up(&s, private_input("0678888888")).await;
    let update =
        "mutation($i: AccountInfoInput!) { updateMyAccountInfo(input: $i) { name location { city { id } address } } }";
    let ok = call(
        &s,
        Some(&token),
        update,
        json!({ "i": { "name": "Youssef El Alami", "location": { "cityId": 2, "address": "Rue 5" } } }),
    )
    .await;
    assert_eq!(ok["data"]["updateMyAccountInfo"]["location"]["city"]["id"], 2);
    assert_eq!(
        code(&call(&s, Some(&token), update, json!({ "i": { "email": "new@souk.ma" } })).await),
        "EMAIL_CANNOT_CHANGE"
    );
    assert_eq!(
        code(&call(&s, Some(&token), update, json!({ "i": { "name": "X Y", "phone": "0600000000" } })).await),
        "PHONE_CHANGE_VIA_SUPPORT"
    );
    assert_eq!(
        call(&s, Some(&token), ME, json!({})).await["data"]["getMyAccountInfo"]["name"],
        "Youssef El Alami",
        "a refused update changed nothing"
    );
    assert_eq!(code(&call(&s, None, update, json!({ "i": { "name": "Nobody" } })).await), "LOGIN_REQUIRED");

    let pw = "mutation($u: Int!, $c: String!, $p: String!) { editUserPassword(userId: $u, currentPassword: $c, password: $p, accountType: \"private\") { code } }";
    assert_eq!(
        code(&call(&s, Some(&other_token), pw, json!({ "u": id, "c": "secret1", "p": "hijack1" })).await),
        "PERMISSION_DENIED"
    );
    assert_eq!(
        code(&call(&s, Some(&token), pw, json!({ "u": id, "c": "wrong1", "p": "newpass1" })).await),
        "WRONG_CURRENT_PASSWORD"
    );
    assert_eq!(
        code(&call(&s, Some(&token), pw, json!({ "u": id, "c": "secret1", "p": "secret1" })).await),
        "PASSWORD_SAME_AS_CURRENT"
    );
    assert_eq!(
        call(&s, Some(&token), pw, json!({ "u": id, "c": "secret1", "p": "newpass1" })).await["data"]["editUserPassword"]
            ["code"],
        204
    );
    let still = call(
        &s,
        None,
        "mutation { loginByIdentifier(identifier: \"0678888888\", password: \"secret1\") { accessToken } }",
        json!({}),
    )
    .await;
    assert!(still["data"]["loginByIdentifier"]["accessToken"].is_string(), "the other account's password is untouched");

    let prefs = "mutation { updateUserNotificationPreferences(preferences: { adNotificationsEnabled: false, vasNotificationsEnabled: true, paymentNotificationsEnabled: true, newsletterNotificationsEnabled: true, chatNotificationsEnabled: false }) { settings { adNotificationsEnabled newsletterNotificationsEnabled chatNotificationsEnabled } } }";
    let saved = call(&s, Some(&token), prefs, json!({})).await;
    assert_eq!(
        saved["data"]["updateUserNotificationPreferences"]["settings"],
        json!({ "adNotificationsEnabled": false, "newsletterNotificationsEnabled": true, "chatNotificationsEnabled": true })
    );
    let theirs = call(
        &s,
        Some(&other_token),
        "{ getUserNotificationPreferences { settings { adNotificationsEnabled } } }",
        json!({}),
    )
    .await;
    assert_eq!(
        theirs["data"]["getUserNotificationPreferences"]["settings"]["adNotificationsEnabled"], true,
        "another account's preferences are untouched"
    );
    let _ = other_id;
}

#[actix_web::test]
async fn email_verification_and_the_email_channel() {
    let s = start("acc-verify", |_| {}).await;
    let (token, _, id, _) = sign_up(&s, shop_input("verify@atlas.ma", "0523000000")).await;
    let channel = "{ getUserNotificationChannel(channelName: \"email\") { name status } }";
    assert_eq!(
        call(&s, Some(&token), channel, json!({})).await["data"]["getUserNotificationChannel"]["status"],
        "unverified"
    );
    assert_eq!(
        call(&s, Some(&token), "mutation { sendEmailVerification(lang: \"AR\") }", json!({})).await["data"]["sendEmailVerification"],
        true
    );
    let sent = outbox_code(&s, "verify@atlas.ma");
    let (other_token, _, _, _) = sign_up(&s, shop_input("other@atlas.ma", "0524000000")).await;
    let verify = "mutation($c: String!) { verifyEmail(input: { code: $c }) { code } }";
    let stolen = call(&s, Some(&other_token), verify, json!({ "c": sent })).await;
    assert_eq!(code(&stolen), "CODE_EXPIRED", "a code only verifies the account it was sent for");
    assert_eq!(call(&s, Some(&token), verify, json!({ "c": sent })).await["data"]["verifyEmail"]["code"], 200);
    assert_eq!(
        call(&s, Some(&token), channel, json!({})).await["data"]["getUserNotificationChannel"]["status"],
        "verified"
    );
    let _ = id;
}

const EDIT_SHOP: &str = "mutation($u: Int!, $url: String) { editShopProfile(userId: $u, shopName: \"Atlas Motors\", shopCategory: 2010, shopDescription: \"Voitures importées et dédouanées.\", shortDescription: \"Voitures\", address: \"Bd Zerktouni\", phone1: \"0522111111\", phone2: \"0661222222\", shopUrl: $url) { code } }";

#[actix_web::test]
async fn shops_edit_only_their_own_profile_and_logo() {
    let s = start("acc-shops", |_| {}).await;
    let (token, _, id, store_id) = sign_up(&s, shop_input("a@atlas.ma", "0525000000")).await;
    let (other_token, _, other_id, other_store) = sign_up(&s, shop_input("b@atlas.ma", "0526000000")).await;
    let (store_id, other_store) = (store_id.expect("store"), other_store.expect("store"));
    let info =
        "query($s: Int!) { getMyStoreInfo(storeId: $s) { name phones website description { long short } logo } }";
    assert_eq!(code(&call(&s, Some(&other_token), info, json!({ "s": store_id })).await), "PERMISSION_DENIED");
    assert_eq!(
        code(
            &call(
                &s,
                Some(&other_token),
                "query($s: Int!) { getShopProfile(storeId: $s) { name } }",
                json!({ "s": store_id })
            )
            .await
        ),
        "PERMISSION_DENIED"
    );
    assert_eq!(
        code(&call(&s, Some(&other_token), EDIT_SHOP, json!({ "u": id, "url": null })).await),
        "PERMISSION_DENIED"
    );
    assert_eq!(
        code(&call(&s, Some(&token), EDIT_SHOP, json!({ "u": id, "url": "not a url" })).await),
        "INVALID_WEBSITE"
    );
    let done = call(&s, Some(&token), EDIT_SHOP, json!({ "u": id, "url": "https://atlas.ma" })).await;
    assert_eq!(done["data"]["editShopProfile"]["code"], 201, "{done}");
    let shown = call(&s, Some(&token), info, json!({ "s": store_id })).await;
    let i = &shown["data"]["getMyStoreInfo"];
    assert_eq!((i["name"].as_str(), i["website"].as_str()), (Some("Atlas Motors"), Some("https://atlas.ma")));
    assert_eq!(i["phones"], json!(["0522111111", "0661222222"]));
    let theirs = call(&s, Some(&other_token), info, json!({ "s": other_store })).await;
    assert_eq!(theirs["data"]["getMyStoreInfo"]["name"], "Auto Atlas", "the other shop is untouched");

    let mut png = Vec::new();
    image::DynamicImage::ImageRgb8(image::RgbImage::from_pixel(300, 200, image::Rgb([200, 40, 40])))
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .expect("png");
    let upload = |token: &str, user: i64, bytes: Vec<u8>| {
        let form = reqwest::multipart::Form::new()
            .text("userId", user.to_string())
            .part("file", reqwest::multipart::Part::bytes(bytes).file_name("logo.png"));
        s.client.post(format!("{}/api/shops/logo", s.base)).bearer_auth(token).multipart(form).send()
    };
    let refused = upload(&other_token, id, png.clone()).await.expect("upload");
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    let not_image = upload(&token, id, b"%PDF-1.4 not an image".to_vec()).await.expect("upload");
    assert_eq!(not_image.status(), StatusCode::BAD_REQUEST);
    assert_eq!(not_image.json::<Value>().await.expect("json")["code"], "LOGO_NOT_AN_IMAGE");
    let oversize = upload(&token, id, vec![0u8; 2 * 1024 * 1024 + 1]).await.expect("upload");
    assert_eq!(oversize.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(oversize.json::<Value>().await.expect("json")["code"], "PAYLOAD_TOO_LARGE");
    let anonymous = s
        .client
        .post(format!("{}/api/shops/logo", s.base))
        .multipart(reqwest::multipart::Form::new().text("userId", id.to_string()))
        .send()
        .await
        .expect("upload");
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    let ok = upload(&token, id, png).await.expect("upload");
    assert_eq!(ok.status(), StatusCode::CREATED);
    let logo = ok.json::<Value>().await.expect("json")["logo"].as_str().expect("logo path").to_string();
    assert_eq!(
        call(&s, Some(&token), info, json!({ "s": store_id })).await["data"]["getMyStoreInfo"]["logo"],
        logo.as_str()
    );
    let served = s.client.get(format!("{}{logo}", s.base)).send().await.expect("logo");
    assert_eq!(served.status(), StatusCode::OK);
    assert!(
        call(&s, Some(&other_token), info, json!({ "s": other_store })).await["data"]["getMyStoreInfo"]["logo"]
            .is_null()
    );
    let _ = other_id;
}

#[actix_web::test]
async fn an_admin_acts_as_a_user_and_every_write_is_audited() {
    let s = start("acc-admin", |_| {}).await;
    let (user_token, _, user_id, _) = sign_up(&s, private_input("0690000000")).await;
    let (admin_token, admin_id) = admin(&s, "0690000001").await;
    let act = "mutation($a: Int!) { actAsUser(accountId: $a) { accessToken expiresIn } }";
    assert_eq!(code(&call(&s, Some(&user_token), act, json!({ "a": admin_id })).await), "PERMISSION_DENIED");
    let acting = call(&s, Some(&admin_token), act, json!({ "a": user_id })).await;
    let acting_token = acting["data"]["actAsUser"]["accessToken"].as_str().expect("token").to_string();
    let me = call(
        &s,
        Some(&acting_token),
        "{ getCurrentUser { userId session { actingAdminId actingAdminName expiresAt } } }",
        json!({}),
    )
    .await;
    let u = &me["data"]["getCurrentUser"];
    assert_eq!((u["userId"].as_i64(), u["session"]["actingAdminId"].as_i64()), (Some(user_id), Some(admin_id)));
    assert_eq!(u["session"]["actingAdminName"], "Youssef Alami");
    assert_eq!(
        code(&call(&s, Some(&acting_token), act, json!({ "a": admin_id })).await),
        "PERMISSION_DENIED",
        "no acting twice"
    );
    call(
        &s,
        Some(&acting_token),
        "mutation { updateMyAccountInfo(input: { name: \"Changed By Admin\" }) { name } }",
        json!({}),
    )
    .await;
    let log = call(&s, Some(&admin_token), "{ getMyAuditLog { accountId operation } }", json!({})).await;
    let ops: Vec<&str> =
        log["data"]["getMyAuditLog"].as_array().expect("log").iter().filter_map(|e| e["operation"].as_str()).collect();
    assert_eq!(ops, vec!["updateMyAccountInfo", "actAs"]);
    assert_eq!(
        code(&call(&s, Some(&user_token), "{ getMyAuditLog { operation } }", json!({})).await),
        "PERMISSION_DENIED"
    );
}

#[actix_web::test]
async fn every_account_operation_needs_a_caller() {
    let s = start("acc-anon", |_| {}).await;
    for (op, vars) in [
        (ME, json!({})),
        ("{ getCurrentUser { userId } }", json!({})),
        ("{ getMyStoreInfo(storeId: 1) { name } }", json!({})),
        ("{ getShopProfile(storeId: 1) { name } }", json!({})),
        ("{ getUserNotificationPreferences { settings { adNotificationsEnabled } } }", json!({})),
        ("{ getUserNotificationChannel(channelName: \"email\") { status } }", json!({})),
        ("{ getShopLeads { leadId } }", json!({})),
        ("{ getMyAuditLog { operation } }", json!({})),
        ("mutation { logout }", json!({})),
        ("mutation { updateMyAccountInfo(input: { name: \"A B\" }) { name } }", json!({})),
        ("mutation { editUserPassword(userId: 1, currentPassword: \"a\", password: \"bbbbbb\") { code } }", json!({})),
        (EDIT_SHOP, json!({ "u": 1, "url": null })),
        (
            "mutation { updateUserNotificationPreferences(preferences: { adNotificationsEnabled: true, vasNotificationsEnabled: true, paymentNotificationsEnabled: true, newsletterNotificationsEnabled: true }) { settings { adNotificationsEnabled } } }",
            json!({}),
        ),
        ("mutation { sendEmailVerification(lang: \"FR\") }", json!({})),
        ("mutation { verifyEmail(input: { code: \"123456\" }) { code } }", json!({})),
        ("mutation { actAsUser(accountId: 1) { accessToken } }", json!({})),
    ] {
        assert_eq!(code(&call(&s, None, op, vars).await), "LOGIN_REQUIRED", "{op}");
    }
}

#[actix_web::test]
async fn the_development_outbox_is_listed_only_when_turned_on() {
    let off = start("acc-outbox-off", |_| {}).await;
    let res = off.client.get(format!("{}/api/dev/outbox", off.base)).send().await.expect("get");
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    let on = start("acc-outbox-on", |st| st.auth.dev_outbox = true).await;
    call(&on, None, "mutation { requestPhoneVerification(input: { phone: \"0611112222\" }) { phone } }", json!({}))
        .await;
    let list: Value =
        on.client.get(format!("{}/api/dev/outbox", on.base)).send().await.expect("get").json().await.expect("json");
    assert_eq!(list[0]["to"], "0611112222", "{list}");
    assert!(list[0]["code"].as_str().is_some_and(|c| c.len() == 6));
}

#[actix_web::test]
async fn failed_sign_ins_are_also_limited_per_address_and_the_old_gateway_reads_its_token_header() {
    let s = start("acc-address", |st| {
        st.auth.attempts_per_address = 3;
        st.auth.first_attempt_delay_secs = 30;
    })
    .await;
    let (token, _, id, _) = sign_up(&s, private_input("0612121212")).await;
    for phone in ["0600000001", "0600000002", "0600000003"] {
        let body = call(
            &s,
            None,
            &format!(
                "mutation {{ loginByIdentifier(identifier: \"{phone}\", password: \"nope1\") {{ accessToken }} }}"
            ),
            json!({}),
        )
        .await;
        assert_eq!(code(&body), "INCORRECT_CREDENTIALS");
    }
    let blocked = call(
        &s,
        None,
        "mutation { loginByIdentifier(identifier: \"0612121212\", password: \"nope1\") { accessToken } }",
        json!({}),
    )
    .await;
    assert_eq!(code(&blocked), "TOO_MANY_ATTEMPTS", "the address spent its free failures on other identifiers");
    let right = call(
        &s,
        None,
        "mutation { loginByIdentifier(identifier: \"0612121212\", password: \"secret1\") { accessToken } }",
        json!({}),
    )
    .await;
    assert!(right["errors"].is_null(), "a right password still signs in from the waiting address: {right}");

    let (status, legacy) = s.gql("/graphql-legacy", &[("token", &token), ("lang", "ar")], ME, json!({})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(legacy["data"]["getMyAccountInfo"]["id"], id, "{legacy}");
}
