//! Social sign-in through the gateway: a Google ID token signed with a key generated here and
//! published in the configured JWKS file signs in (creating the account once, linking a
//! verified e-mail to an existing account); a forged or foreign token is refused; a provider
//! that is not configured refuses everything.

mod common;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use common::{TestServer, now, start};
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use p256::elliptic_curve::sec1::ToEncodedPoint;
use p256::pkcs8::{EncodePrivateKey, LineEnding};
use serde_json::{Value, json};
use souk_storage::accounts::AccountStore;

const AUDIENCE: &str = "souk-web.apps.googleusercontent.com";

struct Key {
    encoding: EncodingKey,
    jwk: Value,
}

fn key(kid: &str) -> Key {
    let secret = p256::SecretKey::random(&mut rand_core::OsRng);
    let pem = secret.to_pkcs8_pem(LineEnding::LF).expect("pem");
    let point = secret.public_key().to_encoded_point(false);
    let coordinate = |c: Option<&p256::FieldBytes>| URL_SAFE_NO_PAD.encode(c.expect("coordinate"));
    Key {
        encoding: EncodingKey::from_ec_pem(pem.as_bytes()).expect("key"),
        jwk: json!({ "kty": "EC", "crv": "P-256", "x": coordinate(point.x()), "y": coordinate(point.y()), "kid": kid, "alg": "ES256", "use": "sig" }),
    }
}

fn id_token(key: &Key, sub: &str, email: &str) -> String {
    let mut header = Header::new(Algorithm::ES256);
    header.kid = Some("k1".into());
    let claims = json!({ "iss": "https://accounts.google.com", "aud": AUDIENCE, "sub": sub, "email": email,
        "email_verified": true, "name": "Amina Benali", "iat": now(), "exp": now() + 600 });
    jsonwebtoken::encode(&header, &claims, &key.encoding).expect("sign")
}

async fn google(s: &TestServer, token: &str) -> Value {
    let (_, body) = s
        .gql(
            "/graphql",
            &[],
            "mutation($t: String!) { loginWithGoogle(token: $t) { accessToken refreshToken } }",
            json!({ "t": token }),
        )
        .await;
    body
}

async fn me(s: &TestServer, token: &str) -> Value {
    let auth = format!("Bearer {token}");
    let (_, body) =
        s.gql("/graphql", &[("Authorization", &auth)], "{ getMyAccountInfo { id email } }", json!({})).await;
    body["data"]["getMyAccountInfo"].clone()
}

#[actix_web::test]
async fn google_sign_in_creates_once_links_by_verified_email_and_refuses_forgeries() {
    let dir = common::temp_dir("social-keys");
    let jwks = dir.join("google-jwks.json");
    let signing = key("k1");
    std::fs::write(&jwks, json!({ "keys": [signing.jwk.clone()] }).to_string()).expect("jwks");
    let s = start("social", |st| {
        st.social.google_audience = AUDIENCE.into();
        st.social.google_jwks_file = jwks.display().to_string();
    })
    .await;

    let first = google(&s, &id_token(&signing, "g-1", "amina@example.com")).await;
    let access = first["data"]["loginWithGoogle"]["accessToken"].as_str().expect("signed in").to_string();
    let account = me(&s, &access).await;
    assert_eq!(account["email"], "amina@example.com");
    let again = google(&s, &id_token(&signing, "g-1", "amina@example.com")).await;
    let access2 = again["data"]["loginWithGoogle"]["accessToken"].as_str().expect("signed in again").to_string();
    assert_eq!(me(&s, &access2).await["id"], account["id"], "the same identity, the same account");
    assert_eq!(s.store.count_accounts().await.expect("count"), 1);

    // A verified e-mail that already has an account links to it.
    let (_, shop) = s
        .gql("/graphql", &[], "mutation { registerAccount(input: { type: \"shop\", name: \"Dar Lhna\", email: \"shop@darlhna.ma\", phone: \"0528000000\", cityId: 1, password: \"secret1\", shopCategory: 6020 }) { info { id } } }", json!({}))
        .await;
    let shop_id = shop["data"]["registerAccount"]["info"]["id"].clone();
    let linked = google(&s, &id_token(&signing, "g-2", "shop@darlhna.ma")).await;
    let linked_access = linked["data"]["loginWithGoogle"]["accessToken"].as_str().expect("linked").to_string();
    assert_eq!(me(&s, &linked_access).await["id"], shop_id);

    let forger = key("k1");
    let forged = google(&s, &id_token(&forger, "g-1", "amina@example.com")).await;
    assert_eq!(forged["errors"][0]["extensions"]["code"], "INVALID_TOKEN");
    assert_eq!(google(&s, "garbage").await["errors"][0]["extensions"]["code"], "INVALID_TOKEN");
    let (_, facebook) = s
        .gql(
            "/graphql",
            &[],
            "mutation($t: String!) { loginByFacebook(token: $t) { accessToken } }",
            json!({ "t": id_token(&signing, "f", "x@y.ma") }),
        )
        .await;
    assert_eq!(facebook["errors"][0]["extensions"]["code"], "NOT_AUTHORIZED", "Facebook is not configured here");
}

/// A stand-in for the Graph API on 127.0.0.1, answering `debug_token` and `/me` as Facebook does
/// for a few known tokens, and refusing calls without the app's token or the `appsecret_proof`.
mod fake_graph {
    use actix_web::{App, HttpResponse, HttpServer, web};
    use serde_json::json;
    use std::collections::HashMap;

    pub const APP_ID: &str = "1234567890";
    pub const APP_SECRET: &str = "fb-app-secret-for-tests";

    fn now() -> u64 {
        super::now() as u64
    }

    async fn debug_token(q: web::Query<HashMap<String, String>>) -> HttpResponse {
        if q.get("access_token").map(String::as_str) != Some(&format!("{APP_ID}|{APP_SECRET}")) {
            return HttpResponse::BadRequest().json(
                json!({ "error": { "message": "Invalid OAuth access token.", "type": "OAuthException", "code": 190 } }),
            );
        }
        let token = q.get("input_token").cloned().unwrap_or_default();
        let data = match token.as_str() {
            "EAAgoodAmina" => {
                json!({ "app_id": APP_ID, "type": "USER", "is_valid": true, "user_id": "10001", "expires_at": now() + 3600 })
            }
            "EAAgoodKarim" => {
                json!({ "app_id": APP_ID, "type": "USER", "is_valid": true, "user_id": "10002", "expires_at": 0 })
            }
            "EAAexpired" => json!({ "app_id": APP_ID, "type": "USER", "is_valid": false, "user_id": "10001",
                "expires_at": now() - 7200, "error": { "code": 190, "message": "Session has expired" } }),
            "EAAotherApp" => {
                json!({ "app_id": "999", "type": "USER", "is_valid": true, "user_id": "10001", "expires_at": now() + 3600 })
            }
            "EAAwrongUser" => {
                json!({ "app_id": APP_ID, "type": "USER", "is_valid": true, "user_id": "10003", "expires_at": now() + 3600 })
            }
            _ => json!({ "is_valid": false, "error": { "code": 190, "message": "Invalid OAuth access token." } }),
        };
        HttpResponse::Ok().json(json!({ "data": data }))
    }

    async fn me(q: web::Query<HashMap<String, String>>) -> HttpResponse {
        let token = q.get("access_token").cloned().unwrap_or_default();
        let proof = souk_services::accounts::facebook_graph::appsecret_proof(APP_SECRET, &token);
        if q.get("appsecret_proof") != Some(&proof) {
            return HttpResponse::BadRequest()
                .json(json!({ "error": { "message": "Invalid appsecret_proof", "code": 100 } }));
        }
        match token.as_str() {
            "EAAgoodAmina" => {
                HttpResponse::Ok().json(json!({ "id": "10001", "name": "Amina Fb", "email": "amina.fb@example.com" }))
            }
            "EAAgoodKarim" => HttpResponse::Ok().json(json!({ "id": "10002", "name": "Karim" })),
            "EAAwrongUser" => HttpResponse::Ok().json(json!({ "id": "10004", "name": "Someone else" })),
            _ => HttpResponse::BadRequest()
                .json(json!({ "error": { "message": "Invalid OAuth access token.", "code": 190 } })),
        }
    }

    /// Starts the fake on a free port; returns its versioned root.
    pub fn start() -> String {
        let server = HttpServer::new(|| {
            App::new().route("/v21.0/debug_token", web::get().to(debug_token)).route("/v21.0/me", web::get().to(me))
        })
        .workers(1)
        .bind(("127.0.0.1", 0))
        .expect("bind");
        let port = server.addrs()[0].port();
        actix_web::rt::spawn(server.run());
        format!("http://127.0.0.1:{port}/v21.0")
    }
}

async fn facebook(s: &TestServer, token: &str) -> Value {
    let (_, body) = s
        .gql(
            "/graphql",
            &[],
            "mutation($t: String!) { loginByFacebook(token: $t) { accessToken refreshToken } }",
            json!({ "t": token }),
        )
        .await;
    body
}

#[actix_web::test]
async fn facebook_web_access_tokens_are_checked_with_the_graph_api() {
    let graph = fake_graph::start();
    let s = start("social-fb", |st| {
        st.social.facebook_audience = fake_graph::APP_ID.into();
        st.social.facebook_app_secret = fake_graph::APP_SECRET.into();
        st.social.facebook_graph_url = graph.clone();
    })
    .await;

    let first = facebook(&s, "EAAgoodAmina").await;
    let access = first["data"]["loginByFacebook"]["accessToken"].as_str().expect("signed in").to_string();
    let account = me(&s, &access).await;
    assert!(account["id"].is_string() || account["id"].is_number(), "{account}");
    assert!(account["email"].is_null(), "an e-mail Facebook gives is not taken as verified: {account}");
    let again = facebook(&s, "EAAgoodAmina").await;
    let access2 = again["data"]["loginByFacebook"]["accessToken"].as_str().expect("signed in again").to_string();
    assert_eq!(me(&s, &access2).await["id"], account["id"], "the same Facebook user, the same account");
    let karim = facebook(&s, "EAAgoodKarim").await;
    let karim_access = karim["data"]["loginByFacebook"]["accessToken"].as_str().expect("a token that never expires");
    assert_ne!(me(&s, karim_access).await["id"], account["id"]);
    assert_eq!(s.store.count_accounts().await.expect("count"), 2);

    // Refusals create nothing.
    for (token, code) in [
        ("EAAexpired", "SESSION_EXPIRED"),
        ("EAAotherApp", "INVALID_TOKEN"),
        ("EAAwrongUser", "INVALID_TOKEN"),
        ("EAAunknown", "INVALID_TOKEN"),
        ("EAA&access_token=1234567890|x", "INVALID_TOKEN"),
        ("", "INVALID_TOKEN"),
    ] {
        let body = facebook(&s, token).await;
        assert_eq!(body["errors"][0]["extensions"]["code"], code, "{token}: {body}");
        assert!(body["data"].is_null() || body["data"]["loginByFacebook"].is_null(), "{token}: {body}");
    }
    assert_eq!(s.store.count_accounts().await.expect("count"), 2);
    // A JWT-shaped token goes to the Limited Login check, which is not set up here.
    let jwt = facebook(&s, "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln").await;
    assert_eq!(jwt["errors"][0]["extensions"]["code"], "NOT_AUTHORIZED");
}

#[actix_web::test]
async fn an_unreachable_graph_api_fails_sign_in_without_creating_anything() {
    // A port nothing listens on: bound, then released.
    let port = std::net::TcpListener::bind("127.0.0.1:0").expect("bind").local_addr().expect("addr").port();
    let s = start("social-fb-down", |st| {
        st.social.facebook_audience = fake_graph::APP_ID.into();
        st.social.facebook_app_secret = fake_graph::APP_SECRET.into();
        st.social.facebook_graph_url = format!("http://127.0.0.1:{port}/v21.0");
    })
    .await;
    let body = facebook(&s, "EAAgoodAmina").await;
    assert_eq!(body["errors"][0]["extensions"]["code"], "INTERNAL_ERROR", "{body}");
    assert!(body["errors"][0]["message"].as_str().is_some_and(|m| !m.is_empty()));
    assert_eq!(s.store.count_accounts().await.expect("count"), 0);
}
