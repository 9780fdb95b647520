//! Social sign-in through the gateway: a Google ID token signed with a key generated here and
//! published in the configured JWKS file signs in (creating the account once, linking a
//! verified e-mail to an existing account); a forged or foreign token is refused; a provider
//! that is not configured refuses everything.

mod common;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use common::{TestServer, start};
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

fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
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
