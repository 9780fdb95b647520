//! Facebook sign-in on the web: Facebook's JavaScript SDK gives the browser an opaque Graph API
//! access token, not a Limited Login JWT, so it is checked by asking the Graph API. First
//! `debug_token` with the app's own token (`{app id}|{app secret}`): the token must be valid, a
//! user token, issued for our app and not expired. Then `/me` with the person's token and its
//! `appsecret_proof` (HMAC-SHA256 of the token keyed with the app secret): the id it answers must
//! be the `user_id` that `debug_token` named. The person's app-scoped id is the same `sub` a
//! Limited Login token carries, so both ways of signing in reach the same account.
//!
//! The e-mail `/me` returns is never reported as verified (as with Limited Login): an account is
//! never joined to an existing one by an address Souk has not checked itself.

use std::time::Duration;

use hmac::{Hmac, Mac};
use serde::Deserialize;
use sha2::Sha256;

use super::social::{LEEWAY_SECS, MAX_TOKEN_BYTES, SocialError, SocialProvider, VerifiedIdentity};

/// Where the Graph API answers by default (a version Facebook supports until at least 2027).
pub const DEFAULT_GRAPH_URL: &str = "https://graph.facebook.com/v21.0";

/// Longest Graph API answer read, in bytes (real ones are a few hundred).
const MAX_ANSWER_BYTES: usize = 64 * 1024;

/// How long one Graph API call may take before sign-in fails with a generic error.
const CALL_TIMEOUT: Duration = Duration::from_secs(5);

/// Checks Facebook access tokens against the Graph API for one app.
#[derive(Debug, Clone)]
pub struct FacebookGraph {
    client: reqwest::Client,
    graph_url: String,
    app_id: String,
    app_secret: String,
}

impl FacebookGraph {
    /// `graph_url` is the versioned Graph API root (`DEFAULT_GRAPH_URL`, or a local server in tests).
    pub fn new(graph_url: &str, app_id: &str, app_secret: &str) -> Result<Self, SocialError> {
        if app_id.is_empty() || app_secret.is_empty() {
            return Err(SocialError::Jwks("facebook: the app id and the app secret go together".into()));
        }
        let client = reqwest::Client::builder()
            .timeout(CALL_TIMEOUT)
            .connect_timeout(CALL_TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|e| SocialError::Unavailable(format!("facebook: HTTP client: {e}")))?;
        Ok(FacebookGraph {
            client,
            graph_url: graph_url.trim_end_matches('/').to_string(),
            app_id: app_id.to_string(),
            app_secret: app_secret.to_string(),
        })
    }

    /// Who the person holding `access_token` is, as described in the module documentation.
    pub async fn verify(&self, access_token: &str) -> Result<VerifiedIdentity, SocialError> {
        check_access_token_shape(access_token)?;
        let app_token = format!("{}|{}", self.app_id, self.app_secret);
        let debug: DebugTokenAnswer =
            self.get("debug_token", &[("input_token", access_token), ("access_token", &app_token)]).await?;
        let data = debug.data.ok_or_else(|| SocialError::Malformed("debug_token answered no data".into()))?;
        // `expires_at` 0 means a token that does not expire.
        let now = jsonwebtoken::get_current_timestamp();
        if data.expires_at.is_some_and(|at| at != 0 && at + LEEWAY_SECS < now) {
            return Err(SocialError::Expired);
        }
        if !data.is_valid {
            // Revoked, or never a token: Facebook says which in `error`, not needed here.
            return Err(SocialError::BadSignature);
        }
        if data.app_id.as_deref() != Some(self.app_id.as_str()) {
            return Err(SocialError::WrongAudience);
        }
        if data.kind.as_deref().is_some_and(|kind| kind != "USER") {
            return Err(SocialError::Malformed("not a user access token".into()));
        }
        let user_id =
            data.user_id.filter(|id| !id.is_empty()).ok_or_else(|| SocialError::Malformed("no user id".into()))?;

        let proof = appsecret_proof(&self.app_secret, access_token);
        let me: MeAnswer = self
            .get("me", &[("fields", "id,name,email"), ("access_token", access_token), ("appsecret_proof", &proof)])
            .await?;
        if me.id != user_id {
            return Err(SocialError::WrongAudience);
        }
        Ok(VerifiedIdentity {
            provider: SocialProvider::Facebook,
            subject: me.id,
            email: me.email.filter(|e| !e.is_empty()),
            email_verified: false,
            name: me.name.filter(|n| !n.is_empty()),
        })
    }

    /// One Graph API GET: a 2xx JSON answer of type `T`; Facebook's `{error}` answers (HTTP 400,
    /// e.g. an invalid token) are refusals; anything else (unreachable, 5xx, not JSON) is
    /// `Unavailable`.
    async fn get<T: for<'de> Deserialize<'de>>(&self, path: &str, query: &[(&str, &str)]) -> Result<T, SocialError> {
        let url = format!("{}/{path}", self.graph_url);
        let unavailable = |e: &dyn std::fmt::Display| SocialError::Unavailable(format!("facebook {path}: {e}"));
        let mut answer = self.client.get(&url).query(query).send().await.map_err(|e| unavailable(&e))?;
        let status = answer.status();
        let mut body = Vec::new();
        while let Some(chunk) = answer.chunk().await.map_err(|e| unavailable(&e))? {
            if body.len() + chunk.len() > MAX_ANSWER_BYTES {
                return Err(unavailable(&"answer too large"));
            }
            body.extend_from_slice(&chunk);
        }
        if status.is_success() {
            return serde_json::from_slice(&body).map_err(|e| unavailable(&e));
        }
        let graph_error = serde_json::from_slice::<serde_json::Value>(&body).is_ok_and(|v| v.get("error").is_some());
        if status.is_client_error() && graph_error {
            return Err(SocialError::BadSignature);
        }
        Err(unavailable(&status))
    }
}

/// A Graph API access token is printable ASCII with no spaces (letters and digits in practice);
/// anything else is refused before a request is made.
fn check_access_token_shape(token: &str) -> Result<(), SocialError> {
    if token.is_empty() || token.len() > MAX_TOKEN_BYTES {
        return Err(SocialError::Malformed("access token empty or too long".into()));
    }
    if !token.bytes().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.' | b'|')) {
        return Err(SocialError::Malformed("access token holds unexpected characters".into()));
    }
    Ok(())
}

/// Whether `token` has the shape of a JWT (three dot-separated parts): a Limited Login token,
/// verified with the JWKS, rather than a Graph API access token.
pub fn looks_like_jwt(token: &str) -> bool {
    token.split('.').count() == 3
}

/// `appsecret_proof`: lowercase hex of HMAC-SHA256(key = app secret, message = access token).
pub fn appsecret_proof(app_secret: &str, access_token: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(app_secret.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(access_token.as_bytes());
    mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect()
}

#[derive(Deserialize)]
struct DebugTokenAnswer {
    data: Option<DebugTokenData>,
}

#[derive(Deserialize)]
struct DebugTokenData {
    #[serde(default)]
    is_valid: bool,
    app_id: Option<String>,
    #[serde(rename = "type")]
    kind: Option<String>,
    user_id: Option<String>,
    expires_at: Option<u64>,
}

#[derive(Deserialize)]
struct MeAnswer {
    id: String,
    name: Option<String>,
    email: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn appsecret_proof_is_the_hmac_sha256_of_the_token() {
        // RFC 4231 test case 2: key "Jefe", data "what do ya want for nothing?".
        assert_eq!(
            appsecret_proof("Jefe", "what do ya want for nothing?"),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }

    #[test]
    fn tokens_are_told_apart_by_shape() {
        assert!(looks_like_jwt("eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln"));
        assert!(!looks_like_jwt("EAAGm0PX4ZCpsBAKZCZB1lZAvZBqZCm"));
        assert!(check_access_token_shape("EAAGm0PX4ZCpsBA").is_ok());
        assert!(check_access_token_shape("").is_err());
        assert!(check_access_token_shape("a b").is_err());
        assert!(check_access_token_shape("a&access_token=x").is_err());
        assert!(check_access_token_shape(&"A".repeat(MAX_TOKEN_BYTES + 1)).is_err());
    }
}
