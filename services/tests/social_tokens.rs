//! Social sign-in token verification, end to end: keys generated at test time, published as a
//! JWKS (file for Google, inline for Facebook), tokens signed with jsonwebtoken as a provider would.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::jwk::{Jwk, PublicKeyUse};
use jsonwebtoken::{Algorithm, EncodingKey, Header, encode, get_current_timestamp};
use p256::elliptic_curve::sec1::ToEncodedPoint;
use p256::pkcs8::{EncodePrivateKey, LineEnding};
use serde_json::{Value, json};
use souk_services::accounts::social::{
    JwksSource, MAX_TOKEN_BYTES, ProviderSettings, SocialError, SocialProvider, SocialVerifier, VerifiedIdentity,
};

const GOOGLE_CLIENT: &str = "1234-web.apps.googleusercontent.com";
const FACEBOOK_APP: &str = "987654321";

/// Test-only RSA key (2048 bits, generated once with `openssl genrsa`): the `rsa` crate is not a
/// dependency of this workspace, so an RSA key cannot be generated at test time.
const RSA_TEST_KEY_PEM: &str = "\
-----BEGIN RSA PRIVATE KEY-----
MIIEpAIBAAKCAQEA4PUsTnb0OoKDJK+GfUSAYwMznrUa4nNjPw6vKC1sfKPmeOpa
nq88eqOCWujxMDnHSqyBCZ0Q9ynea054rvcRIQuKFwgN2s2SvTWBzEC/qCRj7Nxf
cSIOvhHqIG1nQWWosC2xfT0bf5mcixj9BVIDwHVgcVyyQMt7HSebRwxUE74Del6/
aF7uMvhKC0wVdlst4NwWTH2V5MNtX+Nh6tfZ5fpWgttZ1x08oLnWn951BBjXOu8h
4beXs3esCnJWMI1+FFNs2AVVGVMSUWKvNy09WWnsYknZSuLSPIFMDywBa7NLTb+l
xci34j6kseDDpqIBr6NhwUC4CK1wG4yE4nRwwwIDAQABAoIBAFTPmjiq2EEG23KF
SmsH3G930YpQNSaS4iPv4VGAbpo/ILENicSxxFdoNckYcXYBEoWwq6V4NeE5Q8Wo
/A7azvZqZ1Fvk+md/2ieN6VN8/PsZE/0dXcto+k8z8wR8w/Qx9xEHdpdo3Rj8YTv
ktTiqs9wcT/L9tg+3teLCxuqJjiagZZ5Q8N54tDqVIEZQBbnOdsf/878FF6HkdsI
tc0FufA2CWw4t5mnXntOO4pHApb1r3/pw0DKUI20YSh3VAnJQaheXU+whdwVWPAM
w3U5gA+9ysTAcK4twsbcEIgnLGBVlt5T8aUh0FQ9YIiksgOIedMJabdDl3+3uZaW
B0QCiwECgYEA+ZDla9ar/ahbFZsW9hW0j6M92ZA813rZdoBcGUUW1/9EEkpEA8mL
shdPNbv47XzS4mK7zbg/7iTP7MSAm1uSQXkVeD/FaodhfqJR86wd/+RuHtoHExqb
+qU+X3XC+yFMscGHUTby9OQxX1X3Xb/l66ZpjKzjbBjIUbfAcvff12ECgYEA5sHd
g9gDMWnxvGwWHC9MTbthstHt51/3zXwpEqC+fXekYx1sUa1DYFGqtoTMKBqQCG5W
2t7E29QltRxUUezsMsRv62oP3dcp2Owi4+OdlkzYtxWtGtTooUBS4vDHA6Sv4ZQQ
tcZK80t+PUxGScInvmMLCMDXUh6RraNVul2HDqMCgYEAk0N9HXU/aB7AIK+zjOKh
+WBKTudd/4juaY60yfSK1ko60NAh8lorpJs8kmipKvpNNmksiOgAUXZHe184xHP0
ic35bUu0Inhgf2kpErCtwyH4GRxusEczY2O+unWy6J1ttDaOss3J79f3ilof7aIe
+j7oaapbSJ4XFqFnXnAGFgECgYAad7ANuFAdcdZtU0Rx9SbeX5jEJvoPqN1Gb3BS
l6dhwsBTMgPDloj82kEncDHug6VzohxKPHT99eZhUJ+HShKJfCiOKvso6c39+I/D
7c6cd7H/xfe19Se9nyAisZVSIKifyhjkkJr2LvmK1F3XhfKDDt8sINpRq/nvnaVu
m92q2wKBgQCxy7GdDyAyWXQmJ7Nk7sEGcu8tR5bjLHfchAYl8ulbHdd9unr0Myb8
1+BuG2FocfMIxvEkZIJ0wcJGLmtt2xn7EQysoLIRGpba9KuoNbcgDKlIi9j6pUUq
C+2RfXdJh5cwdKJVej6JOaJSCWvtNhD9dUJha2o1yOVrBT0Gy+Qygg==
-----END RSA PRIVATE KEY-----
";

/// A provider's signing key: the private half signs tokens, the JWK goes into the JWKS.
struct TestKey {
    kid: String,
    alg: Algorithm,
    encoding: EncodingKey,
    jwk: Value,
}

impl TestKey {
    fn es256(kid: &str) -> TestKey {
        let secret = p256::SecretKey::random(&mut rand_core::OsRng);
        let pem = secret.to_pkcs8_pem(LineEnding::LF).unwrap();
        let point = secret.public_key().to_encoded_point(false);
        let jwk = json!({
            "kty": "EC",
            "crv": "P-256",
            "x": URL_SAFE_NO_PAD.encode(point.x().unwrap()),
            "y": URL_SAFE_NO_PAD.encode(point.y().unwrap()),
            "kid": kid,
            "alg": "ES256",
            "use": "sig",
        });
        TestKey {
            kid: kid.into(),
            alg: Algorithm::ES256,
            encoding: EncodingKey::from_ec_pem(pem.as_bytes()).unwrap(),
            jwk,
        }
    }

    fn rs256(kid: &str) -> TestKey {
        let encoding = EncodingKey::from_rsa_pem(RSA_TEST_KEY_PEM.as_bytes()).unwrap();
        let mut jwk = Jwk::from_encoding_key(&encoding, Algorithm::RS256).unwrap();
        jwk.common.key_id = Some(kid.into());
        jwk.common.public_key_use = Some(PublicKeyUse::Signature);
        TestKey { kid: kid.into(), alg: Algorithm::RS256, encoding, jwk: serde_json::to_value(jwk).unwrap() }
    }

    fn sign(&self, claims: &Value) -> String {
        self.sign_as(&self.kid, claims)
    }

    fn sign_as(&self, kid: &str, claims: &Value) -> String {
        let mut header = Header::new(self.alg);
        header.kid = Some(kid.into());
        encode(&header, claims, &self.encoding).unwrap()
    }
}

fn jwks(keys: &[&TestKey]) -> String {
    json!({ "keys": keys.iter().map(|k| k.jwk.clone()).collect::<Vec<_>>() }).to_string()
}

/// A JWKS file in a fresh directory, removed when dropped.
struct JwksFile {
    dir: PathBuf,
    path: PathBuf,
}

impl JwksFile {
    fn new(contents: &str) -> JwksFile {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "souk-social-tokens-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("google-jwks.json");
        std::fs::write(&path, contents).unwrap();
        JwksFile { dir, path }
    }

    fn replace(&self, contents: &str) {
        // Write then rename, as a fetcher would, so a reader never sees half a file.
        let tmp = self.dir.join("google-jwks.json.tmp");
        std::fs::write(&tmp, contents).unwrap();
        std::fs::rename(&tmp, &self.path).unwrap();
    }
}

impl Drop for JwksFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn google_settings(file: &JwksFile) -> ProviderSettings {
    ProviderSettings {
        provider: SocialProvider::Google,
        issuers: vec!["https://accounts.google.com".into(), "accounts.google.com".into()],
        audience: GOOGLE_CLIENT.into(),
        jwks: JwksSource::File(file.path.clone()),
    }
}

fn facebook_settings(jwks: String) -> ProviderSettings {
    ProviderSettings {
        provider: SocialProvider::Facebook,
        issuers: vec!["https://www.facebook.com".into()],
        audience: FACEBOOK_APP.into(),
        jwks: JwksSource::Inline(jwks),
    }
}

fn now() -> i64 {
    get_current_timestamp() as i64
}

fn google_claims() -> Value {
    json!({
        "iss": "https://accounts.google.com",
        "azp": "1234-android.apps.googleusercontent.com",
        "aud": GOOGLE_CLIENT,
        "sub": "110169484474386276334",
        "email": "amina@example.com",
        "email_verified": true,
        "name": "Amina B.",
        "iat": now(),
        "exp": now() + 3600,
    })
}

fn facebook_claims() -> Value {
    json!({
        "iss": "https://www.facebook.com",
        "aud": FACEBOOK_APP,
        "sub": "10224000000000001",
        "email": "karim@example.com",
        "name": "Karim",
        "nonce": "n-0S6_WzA2Mj",
        "iat": now(),
        "exp": now() + 3600,
    })
}

fn with(mut claims: Value, key: &str, value: Value) -> Value {
    claims[key] = value;
    claims
}

fn without(mut claims: Value, key: &str) -> Value {
    claims.as_object_mut().unwrap().remove(key);
    claims
}

/// Google keys in a file, Facebook keys inline.
struct Fixture {
    google: TestKey,
    facebook: TestKey,
    file: JwksFile,
    verifier: SocialVerifier,
}

fn fixture() -> Fixture {
    let google = TestKey::es256("google-2026-11");
    let facebook = TestKey::es256("fb-1");
    let file = JwksFile::new(&jwks(&[&google]));
    let verifier = SocialVerifier::new(vec![google_settings(&file), facebook_settings(jwks(&[&facebook]))]).unwrap();
    Fixture { google, facebook, file, verifier }
}

#[test]
fn valid_google_token_gives_identity_with_verified_email() {
    let f = fixture();
    let identity = f.verifier.verify(SocialProvider::Google, &f.google.sign(&google_claims())).unwrap();
    assert_eq!(
        identity,
        VerifiedIdentity {
            provider: SocialProvider::Google,
            subject: "110169484474386276334".into(),
            email: Some("amina@example.com".into()),
            email_verified: true,
            name: Some("Amina B.".into()),
        }
    );
}

#[test]
fn both_google_issuer_spellings_and_fractional_times_are_accepted() {
    let f = fixture();
    let claims = with(google_claims(), "iss", json!("accounts.google.com"));
    let claims = with(claims, "iat", json!(now() as f64 - 0.5));
    assert!(f.verifier.verify(SocialProvider::Google, &f.google.sign(&claims)).is_ok());
}

#[test]
fn email_verified_as_string_or_missing() {
    let f = fixture();
    let verify = |claims: Value| f.verifier.verify(SocialProvider::Google, &f.google.sign(&claims)).unwrap();
    assert!(verify(with(google_claims(), "email_verified", json!("true"))).email_verified);
    assert!(!verify(with(google_claims(), "email_verified", json!("false"))).email_verified);
    assert!(!verify(with(google_claims(), "email_verified", json!(false))).email_verified);
    assert!(!verify(with(google_claims(), "email_verified", json!(null))).email_verified);
    let unverified = verify(without(google_claims(), "email_verified"));
    assert!(!unverified.email_verified);
    assert_eq!(unverified.email.as_deref(), Some("amina@example.com"));
    let no_email = verify(without(without(google_claims(), "email"), "name"));
    assert_eq!((no_email.email, no_email.email_verified, no_email.name), (None, false, None));
}

#[test]
fn facebook_limited_login_token_from_inline_jwks() {
    let f = fixture();
    let identity = f.verifier.verify(SocialProvider::Facebook, &f.facebook.sign(&facebook_claims())).unwrap();
    assert_eq!(identity.provider, SocialProvider::Facebook);
    assert_eq!(identity.subject, "10224000000000001");
    assert_eq!(identity.email.as_deref(), Some("karim@example.com"));
    assert!(!identity.email_verified, "Limited Login tokens carry no email_verified claim");
    assert_eq!(identity.name.as_deref(), Some("Karim"));
}

#[test]
fn token_of_one_provider_is_refused_by_the_other() {
    let f = fixture();
    // Facebook's key is not in Google's JWKS, and Google's claims are not Facebook's.
    let err = f.verifier.verify(SocialProvider::Google, &f.facebook.sign(&google_claims())).unwrap_err();
    assert_eq!(err, SocialError::UnknownKey("fb-1".into()));
    let err = f.verifier.verify(SocialProvider::Facebook, &f.facebook.sign(&google_claims())).unwrap_err();
    assert_eq!(err, SocialError::WrongIssuer);
}

#[test]
fn another_key_with_the_same_kid_is_a_bad_signature() {
    let f = fixture();
    let impostor = TestKey::es256(&f.google.kid);
    let err = f.verifier.verify(SocialProvider::Google, &impostor.sign(&google_claims())).unwrap_err();
    assert_eq!(err, SocialError::BadSignature);
}

#[test]
fn tampered_claims_are_a_bad_signature() {
    let f = fixture();
    let token = f.google.sign(&google_claims());
    let mut parts: Vec<String> = token.split('.').map(String::from).collect();
    let forged = with(google_claims(), "sub", json!("someone-else"));
    parts[1] = URL_SAFE_NO_PAD.encode(forged.to_string());
    let err = f.verifier.verify(SocialProvider::Google, &parts.join(".")).unwrap_err();
    assert_eq!(err, SocialError::BadSignature);
}

#[test]
fn unknown_kid_is_reported() {
    let f = fixture();
    let err =
        f.verifier.verify(SocialProvider::Google, &f.google.sign_as("retired-key", &google_claims())).unwrap_err();
    assert_eq!(err, SocialError::UnknownKey("retired-key".into()));
}

#[test]
fn token_without_kid_or_with_a_huge_kid_is_malformed() {
    let f = fixture();
    let token = encode(&Header::new(Algorithm::ES256), &google_claims(), &f.google.encoding).unwrap();
    assert!(matches!(f.verifier.verify(SocialProvider::Google, &token), Err(SocialError::Malformed(_))));
    let token = f.google.sign_as(&"k".repeat(4096), &google_claims());
    assert!(matches!(f.verifier.verify(SocialProvider::Google, &token), Err(SocialError::Malformed(_))));
}

#[test]
fn expired_token_is_refused_but_leeway_is_honoured() {
    let f = fixture();
    let verify = |claims: Value| f.verifier.verify(SocialProvider::Google, &f.google.sign(&claims));
    let expired = with(with(google_claims(), "iat", json!(now() - 7200)), "exp", json!(now() - 3600));
    assert_eq!(verify(expired).unwrap_err(), SocialError::Expired);
    let just_expired = with(google_claims(), "exp", json!(now() - 90));
    assert_eq!(verify(just_expired).unwrap_err(), SocialError::Expired);
    let within_leeway = with(google_claims(), "exp", json!(now() - 20));
    assert!(verify(within_leeway).is_ok());
}

#[test]
fn token_issued_in_the_future_is_refused() {
    let f = fixture();
    let verify = |claims: Value| f.verifier.verify(SocialProvider::Google, &f.google.sign(&claims));
    assert_eq!(verify(with(google_claims(), "iat", json!(now() + 600))).unwrap_err(), SocialError::Expired);
    assert_eq!(verify(with(google_claims(), "nbf", json!(now() + 600))).unwrap_err(), SocialError::Expired);
    assert!(verify(with(google_claims(), "iat", json!(now() + 20))).is_ok());
}

#[test]
fn wrong_issuer_is_refused() {
    let f = fixture();
    let verify = |claims: Value| f.verifier.verify(SocialProvider::Google, &f.google.sign(&claims));
    assert_eq!(
        verify(with(google_claims(), "iss", json!("https://evil.example"))).unwrap_err(),
        SocialError::WrongIssuer
    );
    assert_eq!(
        verify(with(google_claims(), "iss", json!("https://www.facebook.com"))).unwrap_err(),
        SocialError::WrongIssuer
    );
    assert!(verify(without(google_claims(), "iss")).is_err());
}

#[test]
fn wrong_audience_is_refused() {
    let f = fixture();
    let verify = |claims: Value| f.verifier.verify(SocialProvider::Google, &f.google.sign(&claims));
    assert_eq!(verify(with(google_claims(), "aud", json!("other-client"))).unwrap_err(), SocialError::WrongAudience);
    assert_eq!(verify(with(google_claims(), "aud", json!([]))).unwrap_err(), SocialError::WrongAudience);
    let shared = with(google_claims(), "aud", json!([GOOGLE_CLIENT, "other-client"]));
    assert_eq!(verify(shared).unwrap_err(), SocialError::WrongAudience);
    assert!(verify(with(google_claims(), "aud", json!([GOOGLE_CLIENT]))).is_ok());
    assert!(verify(without(google_claims(), "aud")).is_err());
}

#[test]
fn hs256_tokens_are_refused_even_with_a_symmetric_key_in_the_jwks() {
    let secret = b"a-shared-secret-someone-published";
    let ec = TestKey::es256("ec");
    let oct = json!({ "kty": "oct", "kid": "hmac", "alg": "HS256", "k": URL_SAFE_NO_PAD.encode(secret) });
    let jwks = json!({ "keys": [ec.jwk.clone(), oct] }).to_string();
    let verifier = SocialVerifier::new(vec![facebook_settings(jwks)]).unwrap();

    for kid in ["hmac", "ec"] {
        let mut header = Header::new(Algorithm::HS256);
        header.kid = Some(kid.into());
        let token = encode(&header, &facebook_claims(), &EncodingKey::from_secret(secret)).unwrap();
        let err = verifier.verify(SocialProvider::Facebook, &token).unwrap_err();
        assert!(matches!(err, SocialError::Malformed(_)), "kid {kid}: {err:?}");
    }

    // The classic confusion: HMAC keyed with the public key's bytes.
    let mut header = Header::new(Algorithm::HS256);
    header.kid = Some("ec".into());
    let public = serde_json::to_vec(&ec.jwk).unwrap();
    let token = encode(&header, &facebook_claims(), &EncodingKey::from_secret(&public)).unwrap();
    assert!(matches!(verifier.verify(SocialProvider::Facebook, &token), Err(SocialError::Malformed(_))));
}

#[test]
fn alg_none_is_refused() {
    let f = fixture();
    for alg in ["none", "None", "NONE", ""] {
        let header = URL_SAFE_NO_PAD.encode(json!({ "alg": alg, "typ": "JWT", "kid": f.google.kid }).to_string());
        let claims = URL_SAFE_NO_PAD.encode(google_claims().to_string());
        for signature in ["", "AAAA"] {
            let token = format!("{header}.{claims}.{signature}");
            let err = f.verifier.verify(SocialProvider::Google, &token).unwrap_err();
            assert!(matches!(err, SocialError::Malformed(_)), "alg {alg:?}: {err:?}");
        }
    }
}

#[test]
fn other_asymmetric_algorithms_are_refused() {
    let f = fixture();
    for alg in ["ES384", "PS256", "RS512", "EdDSA"] {
        let header = URL_SAFE_NO_PAD.encode(json!({ "alg": alg, "kid": f.google.kid }).to_string());
        let token = format!("{header}.{}.AAAA", URL_SAFE_NO_PAD.encode(google_claims().to_string()));
        let err = f.verifier.verify(SocialProvider::Google, &token).unwrap_err();
        assert!(matches!(err, SocialError::Malformed(_)), "alg {alg}: {err:?}");
    }
}

#[test]
fn garbage_is_malformed() {
    let f = fixture();
    let inputs = [
        "",
        " ",
        "abc",
        "a.b",
        "a.b.c",
        "a.b.c.d",
        "....",
        "eyJ.eyJ.sig",
        "😀.😀.😀",
        "\0.\0.\0",
        "eyJhbGciOiJFUzI1NiJ9.e30=.e30",
        "e30.e30.e30",
        "W10.W10.W10",
        "bnVsbA.bnVsbA.bnVsbA",
    ];
    for input in inputs {
        let err = f.verifier.verify(SocialProvider::Google, input).unwrap_err();
        assert!(matches!(err, SocialError::Malformed(_)), "{input:?}: {err:?}");
    }
}

#[test]
fn validly_signed_but_unusable_claims_are_malformed() {
    let f = fixture();
    let verify = |claims: Value| f.verifier.verify(SocialProvider::Google, &f.google.sign(&claims));
    let cases = [
        json!("just a string"),
        json!([1, 2, 3]),
        without(google_claims(), "sub"),
        with(google_claims(), "sub", json!("")),
        with(google_claims(), "sub", json!(42)),
        without(google_claims(), "iat"),
        with(google_claims(), "iat", json!("yesterday")),
        without(google_claims(), "exp"),
        with(google_claims(), "exp", json!("tomorrow")),
        with(google_claims(), "iss", json!(["https://accounts.google.com"])),
        with(google_claims(), "email", json!(["a@example.com"])),
    ];
    for claims in cases {
        let err = verify(claims.clone()).unwrap_err();
        assert!(matches!(err, SocialError::Malformed(_)), "{claims}: {err:?}");
    }
}

#[test]
fn oversized_token_is_malformed() {
    let f = fixture();
    // Validly signed, so only its 20 KiB size is wrong.
    let claims = with(google_claims(), "padding", json!("x".repeat(20 * 1024)));
    let token = f.google.sign(&claims);
    assert!(token.len() > MAX_TOKEN_BYTES);
    let err = f.verifier.verify(SocialProvider::Google, &token).unwrap_err();
    assert!(matches!(err, SocialError::Malformed(_)), "{err:?}");
}

#[test]
fn unconfigured_provider_is_reported() {
    let google = TestKey::es256("g");
    let file = JwksFile::new(&jwks(&[&google]));
    let verifier = SocialVerifier::new(vec![google_settings(&file)]).unwrap();
    assert!(verifier.is_configured(SocialProvider::Google));
    assert!(!verifier.is_configured(SocialProvider::Facebook));
    let err = verifier.verify(SocialProvider::Facebook, &google.sign(&facebook_claims())).unwrap_err();
    assert_eq!(err, SocialError::NotConfigured(SocialProvider::Facebook));
    let nothing = SocialVerifier::new(Vec::new()).unwrap();
    assert_eq!(
        nothing.verify(SocialProvider::Google, "x").unwrap_err(),
        SocialError::NotConfigured(SocialProvider::Google)
    );
}

#[test]
fn reload_picks_up_a_rotated_key_file() {
    let f = fixture();
    let next = TestKey::es256("google-2026-12");
    let old_token = f.google.sign(&google_claims());
    let new_token = next.sign(&google_claims());
    assert_eq!(
        f.verifier.verify(SocialProvider::Google, &new_token).unwrap_err(),
        SocialError::UnknownKey(next.kid.clone())
    );

    // Overlap period: both keys published.
    f.file.replace(&jwks(&[&f.google, &next]));
    f.verifier.reload().unwrap();
    assert!(f.verifier.verify(SocialProvider::Google, &old_token).is_ok());
    assert!(f.verifier.verify(SocialProvider::Google, &new_token).is_ok());

    // The old key retired.
    f.file.replace(&jwks(&[&next]));
    f.verifier.reload().unwrap();
    assert_eq!(
        f.verifier.verify(SocialProvider::Google, &old_token).unwrap_err(),
        SocialError::UnknownKey(f.google.kid.clone())
    );
    assert!(f.verifier.verify(SocialProvider::Google, &new_token).is_ok());

    // A broken download is refused and the current keys stay in place.
    f.file.replace("<html>502 Bad Gateway</html>");
    assert!(matches!(f.verifier.reload(), Err(SocialError::Jwks(_))));
    assert!(f.verifier.verify(SocialProvider::Google, &new_token).is_ok());
    f.file.replace(r#"{"keys":[]}"#);
    assert!(matches!(f.verifier.reload(), Err(SocialError::Jwks(_))));
    assert!(f.verifier.verify(SocialProvider::Google, &new_token).is_ok());

    // Inline sources are untouched by reload.
    assert!(f.verifier.verify(SocialProvider::Facebook, &f.facebook.sign(&facebook_claims())).is_ok());
}

#[test]
fn rs256_token_verifies_and_cannot_borrow_an_ec_kid() {
    let rsa = TestKey::rs256("google-rsa");
    let ec = TestKey::es256("google-ec");
    let file = JwksFile::new(&jwks(&[&rsa, &ec]));
    let verifier = SocialVerifier::new(vec![google_settings(&file)]).unwrap();

    let identity = verifier.verify(SocialProvider::Google, &rsa.sign(&google_claims())).unwrap();
    assert_eq!(identity.subject, "110169484474386276334");
    assert!(verifier.verify(SocialProvider::Google, &ec.sign(&google_claims())).is_ok());

    // An RS256 token naming the EC key, and an ES256 token naming the RSA key.
    let err = verifier.verify(SocialProvider::Google, &rsa.sign_as("google-ec", &google_claims())).unwrap_err();
    assert_eq!(err, SocialError::BadSignature);
    let err = verifier.verify(SocialProvider::Google, &ec.sign_as("google-rsa", &google_claims())).unwrap_err();
    assert_eq!(err, SocialError::BadSignature);
}

#[test]
fn mangled_tokens_never_verify_and_never_panic() {
    let f = fixture();
    let token = f.google.sign(&google_claims());
    let bytes = token.as_bytes();
    for cut in 0..bytes.len() {
        let truncated = std::str::from_utf8(&bytes[..cut]).unwrap();
        assert!(f.verifier.verify(SocialProvider::Google, truncated).is_err(), "prefix of {cut} bytes");
    }
    for i in 0..bytes.len() {
        for replacement in [b'A', b'_', b'.', b'='] {
            if bytes[i] == replacement {
                continue;
            }
            let mut mangled = bytes.to_vec();
            mangled[i] = replacement;
            let mangled = String::from_utf8(mangled).unwrap();
            assert!(
                f.verifier.verify(SocialProvider::Google, &mangled).is_err(),
                "byte {i} -> {}",
                replacement as char
            );
        }
    }
}

#[test]
fn verifier_can_be_shared_between_threads() {
    fn assert_shareable<T: Send + Sync>() {}
    assert_shareable::<SocialVerifier>();
    let f = fixture();
    let token = f.google.sign(&google_claims());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| assert!(f.verifier.verify(SocialProvider::Google, &token).is_ok()));
        }
        s.spawn(|| f.verifier.reload().unwrap());
    });
}
