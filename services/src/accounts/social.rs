//! Social sign-in (`loginWithGoogle`, `loginByFacebook`): verifies the OpenID Connect ID token a
//! client got from Google, or the Limited Login OIDC token from Facebook, against the provider's
//! published signing keys (JWKS), and returns who the provider says the person is.
//!
//! Keys come from a JWKS file or an inline JWKS string, parsed once at construction; `reload()`
//! re-reads the files. This crate has no HTTP client: when a provider's JWKS is only known by URL
//! (see [`SocialProvider::well_known_jwks_url`]) the deployment fetches it into the file on a
//! schedule (the providers rotate keys every few days to weeks) and then calls `reload()`.
//!
//! What is checked, in order: size and shape (at most [`MAX_TOKEN_BYTES`], three base64url parts),
//! the header's algorithm (RS256 or ES256 only: never `none`, never an HMAC algorithm, whatever the
//! JWKS holds), the header's `kid` against the provider's JWKS, the signature, then the claims:
//! `exp` (at most [`LEEWAY_SECS`] late), `nbf` and `iat` (not in the future beyond the leeway),
//! `iss` (one of the provider's issuers), `aud` (exactly our client id), `sub` (non-empty). Keys
//! offered inside the token itself (`jwk`, `jku`, `x5u`, `x5c` headers) are never used.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::errors::ErrorKind;
use jsonwebtoken::jwk::{AlgorithmParameters, EllipticCurve, Jwk, KeyAlgorithm, KeyOperations, PublicKeyUse};
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde::Deserialize;

use super::facebook_graph::{FacebookGraph, looks_like_jwt};

/// Longest ID token accepted, in bytes. Real ones are 1-2 KiB; the cap bounds the work an
/// anonymous caller can make the server do before any signature is checked.
pub const MAX_TOKEN_BYTES: usize = 16 * 1024;

/// Clock skew tolerated on `exp`, `nbf` and `iat`, in seconds.
pub const LEEWAY_SECS: u64 = 60;

/// Longest `kid` looked up (providers use 20-40 characters).
const MAX_KID_BYTES: usize = 256;

/// Largest JWKS document read (a provider's set is a few KiB).
const MAX_JWKS_BYTES: u64 = 1024 * 1024;

/// RSA moduli accepted in a JWKS, in bits: below 2048 is too weak, above 4096 the verifier of the
/// `rsa` crate refuses the key anyway.
const RSA_MIN_BITS: usize = 2048;
const RSA_MAX_BITS: usize = 4096;

/// An identity provider a person can sign in with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SocialProvider {
    Google,
    Facebook,
}

impl SocialProvider {
    /// The `iss` values the provider puts in its ID tokens. Google documents both spellings;
    /// Facebook's Limited Login tokens say `https://www.facebook.com` (early ones, in 2021, said
    /// `https://facebook.com`, facebook/facebook-ios-sdk#1701).
    pub fn well_known_issuers(self) -> &'static [&'static str] {
        match self {
            SocialProvider::Google => &["https://accounts.google.com", "accounts.google.com"],
            SocialProvider::Facebook => &["https://www.facebook.com", "https://facebook.com"],
        }
    }

    /// Where the provider publishes its signing keys; the deployment fetches this into the file
    /// named by [`JwksSource::File`].
    pub fn well_known_jwks_url(self) -> &'static str {
        match self {
            SocialProvider::Google => "https://www.googleapis.com/oauth2/v3/certs",
            SocialProvider::Facebook => "https://limited.facebook.com/.well-known/oauth/openid/jwks/",
        }
    }
}

impl fmt::Display for SocialProvider {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SocialProvider::Google => "google",
            SocialProvider::Facebook => "facebook",
        })
    }
}

/// How Souk is registered with one provider.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderSettings {
    pub provider: SocialProvider,
    /// Accepted `iss` values, e.g. `["https://accounts.google.com", "accounts.google.com"]`.
    pub issuers: Vec<String>,
    /// Our client id at the provider (Google OAuth client id, Facebook app id): the only `aud`
    /// accepted.
    pub audience: String,
    pub jwks: JwksSource,
}

/// Where a provider's JSON Web Key Set comes from. A URL is not supported here (no HTTP client in
/// this crate): the deployment downloads it into a file and calls [`SocialVerifier::reload`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JwksSource {
    /// A JWKS document on disk, re-read by [`SocialVerifier::reload`].
    File(PathBuf),
    /// A JWKS document given as a JSON string (configuration, tests).
    Inline(String),
}

/// What a provider vouches for once its token has been verified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifiedIdentity {
    pub provider: SocialProvider,
    /// The provider's stable id for the person (`sub`); pair it with `provider` as the account key.
    pub subject: String,
    pub email: Option<String>,
    /// True only when there is an e-mail and the token says `email_verified: true` (or the string
    /// `"true"`). Facebook's Limited Login token carries no such claim, so its e-mail is never
    /// reported as verified.
    pub email_verified: bool,
    pub name: Option<String>,
}

/// Why a social sign-in token was refused, or the verifier could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SocialError {
    #[error("sign-in with {0} is not configured")]
    NotConfigured(SocialProvider),
    /// Not a well-formed JWT, too long, an algorithm other than RS256/ES256 (`none` and HMAC
    /// included), no `kid`, or claims missing or of the wrong type.
    #[error("malformed token: {0}")]
    Malformed(String),
    /// The `kid` is not in the provider's JWKS (unknown, or rotated out: reload the JWKS).
    #[error("token signed with unknown key {0:?}")]
    UnknownKey(String),
    /// The signature does not match the key the token names (or the token's algorithm does not
    /// match that key's).
    #[error("token signature is invalid")]
    BadSignature,
    /// Outside its validity window: `exp` passed, or `iat`/`nbf` in the future, beyond the leeway.
    #[error("token expired or not yet valid")]
    Expired,
    #[error("token issued by an unexpected issuer")]
    WrongIssuer,
    #[error("token issued for another audience")]
    WrongAudience,
    /// A JWKS (or the settings around it) could not be read or holds no usable key.
    #[error("JWKS: {0}")]
    Jwks(String),
    /// The provider could not be asked (unreachable, timed out, an unexpected answer): the token
    /// is neither accepted nor known to be bad.
    #[error("provider unavailable: {0}")]
    Unavailable(String),
}

/// Verifies social sign-in tokens for the configured providers. Cheap to share (`Arc`) across
/// request handlers; `verify` does no I/O.
#[derive(Debug)]
pub struct SocialVerifier {
    providers: Vec<ProviderState>,
    /// Facebook web sign-in (opaque access tokens), when the app secret is configured.
    facebook_graph: Option<FacebookGraph>,
}

#[derive(Debug)]
struct ProviderState {
    settings: ProviderSettings,
    keys: RwLock<Arc<KeySet>>,
}

/// The usable signing keys of one provider, by `kid`.
#[derive(Debug)]
struct KeySet {
    by_kid: HashMap<String, VerifyingKey>,
}

#[derive(Debug)]
struct VerifyingKey {
    alg: Algorithm,
    key: DecodingKey,
}

impl SocialVerifier {
    /// Reads every provider's JWKS. Fails if a provider is listed twice, has no issuer or no
    /// audience, or if its JWKS cannot be read or holds no usable RS256/ES256 signing key.
    /// Reads files synchronously: call it at start-up (or from `spawn_blocking`).
    pub fn new(providers: Vec<ProviderSettings>) -> Result<Self, SocialError> {
        let mut states: Vec<ProviderState> = Vec::with_capacity(providers.len());
        for settings in providers {
            let provider = settings.provider;
            if states.iter().any(|s| s.settings.provider == provider) {
                return Err(SocialError::Jwks(format!("{provider} is configured twice")));
            }
            if settings.issuers.is_empty() || settings.issuers.iter().any(|i| i.is_empty()) {
                return Err(SocialError::Jwks(format!("{provider}: no issuer configured")));
            }
            if settings.audience.is_empty() {
                return Err(SocialError::Jwks(format!("{provider}: no audience (client id) configured")));
            }
            let keys = load_key_set(provider, &settings.jwks)?;
            states.push(ProviderState { settings, keys: RwLock::new(Arc::new(keys)) });
        }
        Ok(SocialVerifier { providers: states, facebook_graph: None })
    }

    /// Also accepts Facebook's web access tokens, checked with the Graph API.
    pub fn with_facebook_graph(mut self, graph: FacebookGraph) -> Self {
        self.facebook_graph = Some(graph);
        self
    }

    /// The sign-in check: a Facebook token that is not a JWT goes to the Graph API (when set up),
    /// every other token to [`SocialVerifier::verify`].
    pub async fn verify_sign_in(&self, provider: SocialProvider, token: &str) -> Result<VerifiedIdentity, SocialError> {
        match (&self.facebook_graph, provider) {
            (Some(graph), SocialProvider::Facebook) if !looks_like_jwt(token) => graph.verify(token).await,
            _ => self.verify(provider, token),
        }
    }

    /// Re-reads the JWKS files (after the deployment has fetched rotated keys). All or nothing:
    /// if one file cannot be read or holds no usable key, every provider keeps its current keys.
    /// Reads files synchronously (use `spawn_blocking` from async code).
    pub fn reload(&self) -> Result<(), SocialError> {
        let mut fresh = Vec::new();
        for (index, state) in self.providers.iter().enumerate() {
            if let JwksSource::File(_) = state.settings.jwks {
                fresh.push((index, load_key_set(state.settings.provider, &state.settings.jwks)?));
            }
        }
        for (index, keys) in fresh {
            let state = &self.providers[index];
            *state.keys.write().unwrap_or_else(|poisoned| poisoned.into_inner()) = Arc::new(keys);
        }
        Ok(())
    }

    /// Whether sign-in with `provider` is configured.
    pub fn is_configured(&self, provider: SocialProvider) -> bool {
        self.state(provider).is_some() || (provider == SocialProvider::Facebook && self.facebook_graph.is_some())
    }

    /// Checks `id_token` as described in the module documentation and returns the identity in it.
    pub fn verify(&self, provider: SocialProvider, id_token: &str) -> Result<VerifiedIdentity, SocialError> {
        let state = self.state(provider).ok_or(SocialError::NotConfigured(provider))?;
        check_shape(id_token)?;

        let header = jsonwebtoken::decode_header(id_token)
            .map_err(|e| SocialError::Malformed(format!("unreadable header: {e}")))?;
        if !matches!(header.alg, Algorithm::RS256 | Algorithm::ES256) {
            return Err(SocialError::Malformed(format!("algorithm {:?} is not accepted", header.alg)));
        }
        if header.crit.is_some() {
            return Err(SocialError::Malformed("critical header extensions are not supported".into()));
        }
        let kid = header.kid.ok_or_else(|| SocialError::Malformed("header has no kid".into()))?;
        if kid.len() > MAX_KID_BYTES {
            // Keeps attacker-sized strings out of `UnknownKey` and whatever logs it.
            return Err(SocialError::Malformed("kid too long".into()));
        }

        let keys = Arc::clone(&state.keys.read().unwrap_or_else(|poisoned| poisoned.into_inner()));
        let key = keys.by_kid.get(&kid).ok_or_else(|| SocialError::UnknownKey(kid.clone()))?;
        if key.alg != header.alg {
            // A token naming an EC key but claiming RS256 (or the reverse) was not signed by it.
            return Err(SocialError::BadSignature);
        }

        let mut validation = Validation::new(key.alg);
        validation.leeway = LEEWAY_SECS;
        validation.validate_exp = true;
        validation.validate_nbf = true;
        validation.validate_aud = true;
        validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
        validation.set_issuer(&state.settings.issuers);
        validation.set_audience(&[&state.settings.audience]);

        let claims =
            jsonwebtoken::decode::<IdTokenClaims>(id_token, &key.key, &validation).map_err(map_jwt_error)?.claims;

        // The library accepts an `aud` array that merely contains us; an ID token that also
        // names other clients was not issued for us alone (OpenID Connect Core §3.1.3.7).
        let only_us = match &claims.aud {
            Audience::One(aud) => *aud == state.settings.audience,
            Audience::Many(auds) => !auds.is_empty() && auds.iter().all(|a| *a == state.settings.audience),
        };
        if !only_us {
            return Err(SocialError::WrongAudience);
        }
        // `Validation` also accepts an `iss` array sharing one member with ours; OpenID Connect
        // says a single string, so only that form gets this far.
        if !state.settings.issuers.contains(&claims.iss) {
            return Err(SocialError::WrongIssuer);
        }
        let now = jsonwebtoken::get_current_timestamp() as f64;
        if claims.iat > now + LEEWAY_SECS as f64 {
            return Err(SocialError::Expired);
        }
        if claims.sub.is_empty() {
            return Err(SocialError::Malformed("empty sub".into()));
        }

        let email = claims.email.filter(|e| !e.is_empty());
        // A verified flag says nothing when there is no address for it to apply to.
        let email_verified = email.is_some() && claims.email_verified.as_ref().is_some_and(is_email_verified);
        Ok(VerifiedIdentity {
            provider,
            subject: claims.sub,
            email,
            email_verified,
            name: claims.name.filter(|n| !n.is_empty()),
        })
    }

    fn state(&self, provider: SocialProvider) -> Option<&ProviderState> {
        self.providers.iter().find(|s| s.settings.provider == provider)
    }
}

/// The claims read from a verified ID token (`exp` and `nbf` are checked by `Validation` only).
#[derive(Deserialize)]
struct IdTokenClaims {
    iss: String,
    sub: String,
    aud: Audience,
    /// Required by OpenID Connect; seconds since the epoch, possibly fractional.
    iat: f64,
    #[serde(default)]
    email: Option<String>,
    #[serde(default)]
    email_verified: Option<serde_json::Value>,
    #[serde(default)]
    name: Option<String>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Audience {
    One(String),
    Many(Vec<String>),
}

/// Google has sent `email_verified` both as a JSON boolean and as the string `"true"`; anything
/// else (another string, a number, null) counts as not verified rather than failing sign-in.
fn is_email_verified(value: &serde_json::Value) -> bool {
    match value {
        serde_json::Value::Bool(verified) => *verified,
        serde_json::Value::String(text) => text.eq_ignore_ascii_case("true"),
        _ => false,
    }
}

/// Rejects, before any decoding, what cannot be a compact JWS: too long, not three base64url parts.
fn check_shape(token: &str) -> Result<(), SocialError> {
    if token.len() > MAX_TOKEN_BYTES {
        return Err(SocialError::Malformed(format!("token longer than {MAX_TOKEN_BYTES} bytes")));
    }
    let parts: Vec<&str> = token.split('.').collect();
    if parts.len() != 3 {
        return Err(SocialError::Malformed("a JWT has three dot-separated parts".into()));
    }
    let base64url = |c: u8| c.is_ascii_alphanumeric() || c == b'-' || c == b'_';
    if parts[0].is_empty() || parts[1].is_empty() || !parts.iter().all(|p| p.bytes().all(base64url)) {
        return Err(SocialError::Malformed("parts must be non-empty base64url".into()));
    }
    Ok(())
}

fn map_jwt_error(err: jsonwebtoken::errors::Error) -> SocialError {
    match err.kind() {
        ErrorKind::InvalidSignature => SocialError::BadSignature,
        ErrorKind::ExpiredSignature | ErrorKind::ImmatureSignature => SocialError::Expired,
        ErrorKind::InvalidIssuer => SocialError::WrongIssuer,
        ErrorKind::InvalidAudience => SocialError::WrongAudience,
        ErrorKind::MissingRequiredClaim(claim) if claim == "iss" => SocialError::WrongIssuer,
        ErrorKind::MissingRequiredClaim(claim) if claim == "aud" => SocialError::WrongAudience,
        ErrorKind::InvalidEcdsaKey | ErrorKind::InvalidRsaKey(_) | ErrorKind::InvalidKeyFormat => {
            SocialError::Jwks(format!("key unusable: {err}"))
        }
        _ => SocialError::Malformed(err.to_string()),
    }
}

fn load_key_set(provider: SocialProvider, source: &JwksSource) -> Result<KeySet, SocialError> {
    let text = match source {
        JwksSource::Inline(text) => text.clone(),
        JwksSource::File(path) => read_jwks_file(path)
            .map_err(|e| SocialError::Jwks(format!("{provider}: cannot read JWKS file {}: {e}", path.display())))?,
    };
    parse_key_set(provider, &text)
}

fn read_jwks_file(path: &Path) -> std::io::Result<String> {
    let mut text = String::new();
    std::fs::File::open(path)?.take(MAX_JWKS_BYTES + 1).read_to_string(&mut text)?;
    if text.len() as u64 > MAX_JWKS_BYTES {
        return Err(std::io::Error::other(format!("larger than {MAX_JWKS_BYTES} bytes")));
    }
    Ok(text)
}

/// Keeps the keys that can verify RS256 or ES256 signatures and skips (with a warning) the rest,
/// so one odd key in a provider's set does not stop sign-in with the others.
fn parse_key_set(provider: SocialProvider, text: &str) -> Result<KeySet, SocialError> {
    #[derive(Deserialize)]
    struct RawSet {
        keys: Vec<serde_json::Value>,
    }
    let raw: RawSet =
        serde_json::from_str(text).map_err(|e| SocialError::Jwks(format!("{provider}: not a JWKS document: {e}")))?;

    let mut by_kid = HashMap::new();
    for (index, value) in raw.keys.into_iter().enumerate() {
        let jwk: Jwk = match serde_json::from_value(value) {
            Ok(jwk) => jwk,
            Err(e) => {
                tracing::warn!(%provider, index, error = %e, "skipping unreadable JWKS key");
                continue;
            }
        };
        let kid = jwk.common.key_id.clone().unwrap_or_default();
        match usable_key(&jwk) {
            Ok(key) if kid.is_empty() => {
                tracing::warn!(%provider, index, alg = ?key.alg, "skipping JWKS key without kid");
            }
            Ok(key) => match by_kid.entry(kid) {
                Entry::Vacant(slot) => {
                    slot.insert(key);
                }
                Entry::Occupied(first) => {
                    tracing::warn!(%provider, kid = first.key(), "skipping JWKS key with a duplicate kid");
                }
            },
            Err(reason) => tracing::warn!(%provider, kid, reason, "skipping JWKS key"),
        }
    }
    if by_kid.is_empty() {
        return Err(SocialError::Jwks(format!("{provider}: no usable RS256/ES256 signing key")));
    }
    Ok(KeySet { by_kid })
}

fn usable_key(jwk: &Jwk) -> Result<VerifyingKey, &'static str> {
    match &jwk.common.public_key_use {
        None | Some(PublicKeyUse::Signature) => {}
        Some(_) => return Err("not a signature key"),
    }
    if let Some(ops) = &jwk.common.key_operations
        && !ops.contains(&KeyOperations::Verify)
    {
        return Err("key_ops does not allow verify");
    }
    let (alg, key_alg) = match &jwk.algorithm {
        AlgorithmParameters::EllipticCurve(params) if params.curve == EllipticCurve::P256 => {
            (Algorithm::ES256, KeyAlgorithm::ES256)
        }
        AlgorithmParameters::RSA(params) => {
            let bits = modulus_bits(&params.n).ok_or("RSA modulus is not base64url")?;
            if !(RSA_MIN_BITS..=RSA_MAX_BITS).contains(&bits) {
                return Err("RSA modulus size outside 2048..=4096 bits");
            }
            (Algorithm::RS256, KeyAlgorithm::RS256)
        }
        _ => return Err("not an RSA or P-256 key (symmetric keys are never accepted)"),
    };
    if jwk.common.key_algorithm.is_some_and(|a| a != key_alg) {
        return Err("alg is neither RS256 nor ES256");
    }
    let key = DecodingKey::from_jwk(jwk).map_err(|_| "key parameters are not base64url")?;
    // Building a verifier checks that an EC point is on the curve; the empty signature then
    // simply fails to verify.
    jsonwebtoken::crypto::verify("", b"", &key, alg).map_err(|_| "invalid public key")?;
    Ok(VerifyingKey { alg, key })
}

fn modulus_bits(n: &str) -> Option<usize> {
    let bytes = URL_SAFE_NO_PAD.decode(n.trim_end_matches('=')).ok()?;
    let first = bytes.iter().position(|b| *b != 0)?;
    let significant = &bytes[first..];
    Some(significant.len() * 8 - significant[0].leading_zeros() as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verifier_with(jwks: &str) -> Result<SocialVerifier, SocialError> {
        SocialVerifier::new(vec![ProviderSettings {
            provider: SocialProvider::Google,
            issuers: vec!["https://accounts.google.com".into()],
            audience: "client-1".into(),
            jwks: JwksSource::Inline(jwks.into()),
        }])
    }

    /// A valid P-256 point (the generator G), so the EC key passes the on-curve probe.
    const EC_KEY: &str = r#"{"kty":"EC","crv":"P-256","kid":"ec1","use":"sig","alg":"ES256",
        "x":"axfR8uEsQkf4vOblY6RA8ncDfYEt6zOg9KE5RdiYwpY","y":"T-NC4v4af5uO5-tKfA-eFivOM1drMV7Oy7ZAaDe_UfU"}"#;

    #[test]
    fn jwks_keeps_only_rs256_and_es256_signature_keys() {
        let jwks = format!(
            r#"{{"keys":[{EC_KEY},
                {{"kty":"oct","k":"c2VjcmV0","kid":"hmac","alg":"HS256"}},
                {{"kty":"EC","crv":"P-256","kid":"enc","use":"enc",
                  "x":"axfR8uEsQkf4vOblY6RA8ncDfYEt6zOg9KE5RdiYwpY","y":"T-NC4v4af5uO5-tKfA-eFivOM1drMV7Oy7ZAaDe_UfU"}},
                {EC_KEY},
                {{"kty":"EC","crv":"P-256","kid":"offcurve","x":"AAAA","y":"AAAA"}},
                {{"kty":"EC","crv":"P-256","kid":"wrongalg","alg":"HS256",
                  "x":"axfR8uEsQkf4vOblY6RA8ncDfYEt6zOg9KE5RdiYwpY","y":"T-NC4v4af5uO5-tKfA-eFivOM1drMV7Oy7ZAaDe_UfU"}},
                {{"kty":"EC","crv":"P-256",
                  "x":"axfR8uEsQkf4vOblY6RA8ncDfYEt6zOg9KE5RdiYwpY","y":"T-NC4v4af5uO5-tKfA-eFivOM1drMV7Oy7ZAaDe_UfU"}},
                {{"kty":"RSA","kid":"short","n":"AQAB","e":"AQAB"}},
                {{"kty":"weird","kid":"other"}},
                "not a key"]}}"#
        );
        let verifier = verifier_with(&jwks).unwrap();
        let keys = verifier.providers[0].keys.read().unwrap();
        let mut kids: Vec<&String> = keys.by_kid.keys().collect();
        kids.sort();
        assert_eq!(kids, vec!["ec1"]);
    }

    #[test]
    fn jwks_without_usable_key_is_refused() {
        for jwks in ["", "{}", r#"{"keys":[]}"#, r#"{"keys":[{"kty":"oct","k":"c2VjcmV0","kid":"h"}]}"#, "[1,2]"] {
            assert!(matches!(verifier_with(jwks), Err(SocialError::Jwks(_))), "{jwks:?}");
        }
    }

    #[test]
    fn settings_are_checked() {
        let jwks = format!(r#"{{"keys":[{EC_KEY}]}}"#);
        let google = ProviderSettings {
            provider: SocialProvider::Google,
            issuers: vec!["https://accounts.google.com".into()],
            audience: "client-1".into(),
            jwks: JwksSource::Inline(jwks),
        };
        let twice = SocialVerifier::new(vec![google.clone(), google.clone()]);
        assert!(matches!(twice, Err(SocialError::Jwks(_))));
        let no_issuer = SocialVerifier::new(vec![ProviderSettings { issuers: vec![], ..google.clone() }]);
        assert!(matches!(no_issuer, Err(SocialError::Jwks(_))));
        let no_audience = SocialVerifier::new(vec![ProviderSettings { audience: String::new(), ..google.clone() }]);
        assert!(matches!(no_audience, Err(SocialError::Jwks(_))));
        let missing_file = SocialVerifier::new(vec![ProviderSettings {
            jwks: JwksSource::File("/nonexistent/souk/jwks.json".into()),
            ..google
        }]);
        assert!(matches!(missing_file, Err(SocialError::Jwks(_))));
    }

    #[test]
    fn shape_is_checked_before_decoding() {
        assert!(check_shape("a.b.c").is_ok());
        assert!(check_shape("a.b.").is_ok());
        for bad in ["", "a.b", "a.b.c.d", ".b.c", "a..c", "a.b+.c", "a.b.c=", "a b.c.d", "é.b.c"] {
            assert!(matches!(check_shape(bad), Err(SocialError::Malformed(_))), "{bad:?}");
        }
        let long = format!("{}.b.c", "a".repeat(MAX_TOKEN_BYTES));
        assert!(matches!(check_shape(&long), Err(SocialError::Malformed(_))));
    }

    #[test]
    fn email_verified_accepts_bool_and_string() {
        let parse = |v: &str| is_email_verified(&serde_json::from_str(v).unwrap());
        assert!(parse("true"));
        assert!(parse(r#""true""#));
        assert!(parse(r#""TRUE""#));
        assert!(!parse("false"));
        assert!(!parse(r#""false""#));
        assert!(!parse(r#""yes""#));
        assert!(!parse("1"));
        assert!(!parse("null"));
    }

    #[test]
    fn modulus_bits_counts_significant_bits() {
        assert_eq!(modulus_bits("AQAB"), Some(17));
        assert_eq!(modulus_bits(&URL_SAFE_NO_PAD.encode([0u8, 0x80, 0])), Some(16));
        assert_eq!(modulus_bits(&URL_SAFE_NO_PAD.encode([0u8; 4])), None);
        assert_eq!(modulus_bits("!!"), None);
    }

    #[test]
    fn provider_names_and_well_known_values() {
        assert_eq!(SocialProvider::Google.to_string(), "google");
        assert_eq!(SocialProvider::Facebook.to_string(), "facebook");
        assert!(SocialProvider::Google.well_known_issuers().contains(&"accounts.google.com"));
        assert!(SocialProvider::Facebook.well_known_jwks_url().starts_with("https://"));
    }
}
