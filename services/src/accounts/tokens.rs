//! Session tokens: the signed access token (a JWT carrying the spec §3 claims: subject,
//! accountId, storeId, roles, name, email, allowedAccess, expiry) and the opaque refresh
//! token, stored only as its SHA-256 so a database leak does not leak sessions.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use rand_core::{OsRng, RngCore};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use souk_domain::account::Role;
use souk_domain::{ErrorCode, SoukError};

/// The claims of an access token. Field names are the JSON names the client reads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AccessClaims {
    /// The account's public UUID.
    pub sub: String,
    pub account_id: i64,
    pub store_id: Option<i64>,
    pub roles: Vec<Role>,
    pub name: String,
    pub email: Option<String>,
    pub allowed_access: Vec<String>,
    pub iat: i64,
    pub exp: i64,
    /// Unique id, so one token can be revoked (logout) until it expires.
    pub jti: String,
    /// When an admin acts as this user: the admin's account id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub act: Option<i64>,
    /// The refresh family the token was issued with: revoking the family voids it too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fam: Option<String>,
}

/// Signs and checks access tokens with one HMAC-SHA256 key.
pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
}

impl TokenKeys {
    pub fn new(secret: &[u8]) -> TokenKeys {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 5;
        validation.validate_exp = true;
        validation.required_spec_claims = ["exp", "sub"].iter().map(|s| s.to_string()).collect();
        TokenKeys { encoding: EncodingKey::from_secret(secret), decoding: DecodingKey::from_secret(secret), validation }
    }

    pub fn sign(&self, claims: &AccessClaims) -> Result<String, SoukError> {
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), claims, &self.encoding)
            .map_err(|e| SoukError::with_detail(ErrorCode::InternalError, format!("sign: {e}")))
    }

    /// The claims of a token we signed and that has not expired. An expired token is
    /// `SESSION_EXPIRED`; anything else wrong (signature, shape, algorithm) is `INVALID_TOKEN`.
    pub fn verify(&self, token: &str) -> Result<AccessClaims, SoukError> {
        if token.len() > 8192 {
            return Err(SoukError::with_detail(ErrorCode::InvalidToken, "too long"));
        }
        jsonwebtoken::decode::<AccessClaims>(token, &self.decoding, &self.validation).map(|d| d.claims).map_err(|e| {
            match e.kind() {
                jsonwebtoken::errors::ErrorKind::ExpiredSignature => {
                    SoukError::with_detail(ErrorCode::SessionExpired, "access token expired")
                }
                _ => SoukError::with_detail(ErrorCode::InvalidToken, e.to_string()),
            }
        })
    }
}

/// 32 random bytes, base64url: refresh tokens, reset links, token ids.
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    OsRng.fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// The SHA-256 of a token, hex: what is stored instead of the token.
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// Six random digits for a one-time code.
pub fn six_digit_code() -> String {
    // Rejection sampling keeps every code equally likely.
    loop {
        let n = OsRng.next_u32();
        if n < u32::MAX - (u32::MAX % 1_000_000) {
            return format!("{:06}", n % 1_000_000);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claims(exp: i64) -> AccessClaims {
        AccessClaims {
            sub: "u".into(),
            account_id: 7,
            store_id: Some(3),
            roles: vec![Role::StoreOwner],
            name: "Atlas".into(),
            email: Some("a@souk.ma".into()),
            allowed_access: vec![],
            iat: 0,
            exp,
            jti: "j".into(),
            act: None,
            fam: None,
        }
    }

    fn now() -> i64 {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
    }

    #[test]
    fn signed_tokens_verify_and_carry_the_claims() {
        let keys = TokenKeys::new(b"0123456789abcdef0123456789abcdef");
        let c = claims(now() + 60);
        let t = keys.sign(&c).expect("sign");
        assert_eq!(keys.verify(&t).expect("verify"), c);
    }

    #[test]
    fn expired_tampered_and_foreign_tokens_are_refused() {
        let keys = TokenKeys::new(b"0123456789abcdef0123456789abcdef");
        let expired = keys.sign(&claims(now() - 60)).expect("sign");
        assert_eq!(keys.verify(&expired).map_err(|e| e.code), Err(ErrorCode::SessionExpired));
        let t = keys.sign(&claims(now() + 60)).expect("sign");
        let mut parts: Vec<String> = t.split('.').map(str::to_string).collect();
        let mut forged = claims(now() + 60);
        forged.account_id = 8;
        parts[1] = URL_SAFE_NO_PAD.encode(serde_json::to_vec(&forged).expect("json"));
        assert_eq!(keys.verify(&parts.join(".")).map_err(|e| e.code), Err(ErrorCode::InvalidToken));
        let other = TokenKeys::new(b"another key another key another!!");
        assert_eq!(other.verify(&t).map_err(|e| e.code), Err(ErrorCode::InvalidToken));
        assert_eq!(keys.verify("not.a.token").map_err(|e| e.code), Err(ErrorCode::InvalidToken));
        let none_alg = format!(
            "{}.{}.",
            URL_SAFE_NO_PAD.encode(br#"{"alg":"none","typ":"JWT"}"#),
            URL_SAFE_NO_PAD.encode(serde_json::to_vec(&claims(now() + 60)).expect("json"))
        );
        assert_eq!(keys.verify(&none_alg).map_err(|e| e.code), Err(ErrorCode::InvalidToken));
    }

    #[test]
    fn random_values_have_their_shape() {
        assert_ne!(random_token(), random_token());
        assert_eq!(random_token().len(), 43);
        assert_eq!(token_hash("abc").len(), 64);
        let code = six_digit_code();
        assert!(code.len() == 6 && code.chars().all(|c| c.is_ascii_digit()));
    }
}
