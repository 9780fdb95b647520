//! The session revocation list (issue 27, docs/security.md "Session revocation"): which access
//! tokens are void before their expiry — one token (logout), a refresh family (its access tokens
//! too), or every token of an account issued before a moment (sessions ended, password reset,
//! admin rights taken away). The durable store is the source; the ephemeral store (Redis) is its
//! cache, read in one round trip per check, refilled from the durable store whenever it comes
//! back empty (a Redis restart), and bypassed for the durable store while it is unreachable.

use souk_domain::SoukError;
use souk_storage::accounts::{AccountStore, SessionRevocation};
use souk_storage::ephemeral::Ephemeral;
use std::sync::Arc;
use std::time::Duration;

/// Present in the ephemeral store once it holds every live revocation; gone after a restart.
const LOADED: &str = "revocations:loaded";

fn key(subject: &str) -> String {
    format!("revoked:{subject}")
}

/// The subject of one access token.
pub fn token_subject(jti: &str) -> String {
    format!("token:{jti}")
}

/// The subject of a refresh family (and the access tokens issued with it).
pub fn family_subject(family: &str) -> String {
    format!("family:{family}")
}

/// The subject of a whole account.
pub fn account_subject(account_id: i64) -> String {
    format!("account:{account_id}")
}

/// What an access token is checked by: its id, its family, its account, its acting admin.
pub struct TokenFacts<'a> {
    pub jti: &'a str,
    pub family: Option<&'a str>,
    pub account_id: i64,
    pub acting_admin: Option<i64>,
    pub issued_at: i64,
}

impl TokenFacts<'_> {
    fn subjects(&self) -> Vec<String> {
        let mut subjects = vec![token_subject(self.jti), account_subject(self.account_id)];
        subjects.extend(self.family.map(family_subject));
        subjects.extend(self.acting_admin.map(account_subject));
        subjects
    }
}

/// The revocation list over its two stores.
pub struct Revocations {
    store: Arc<dyn AccountStore>,
    ephemeral: Arc<dyn Ephemeral>,
}

impl Revocations {
    pub fn new(store: Arc<dyn AccountStore>, ephemeral: Arc<dyn Ephemeral>) -> Revocations {
        Revocations { store, ephemeral }
    }

    /// Records revocations: the durable store first (it must hold before the call answers),
    /// then the cache. A cache that cannot be written is not an error: the durable store is
    /// read while the cache is down, and a cache that restarted empty is refilled from it.
    pub async fn revoke(&self, revocations: Vec<SessionRevocation>, now: i64) -> Result<(), SoukError> {
        if revocations.is_empty() {
            return Ok(());
        }
        self.store.insert_session_revocations(revocations.clone()).await.map_err(SoukError::internal)?;
        for r in &revocations {
            if let Err(e) = self.cache(r, now).await {
                tracing::warn!(error = %e, subject = %r.subject, "revocation not cached; the durable list holds it");
            }
        }
        Ok(())
    }

    async fn cache(&self, r: &SessionRevocation, now: i64) -> Result<(), souk_storage::ephemeral::EphemeralError> {
        let left = (r.expires_at - now).max(1) as u64;
        // A revocation already cached with a later moment keeps it (an account ended twice).
        let before = match self.ephemeral.get(&key(&r.subject)).await? {
            Some(v) => parse(&v).map_or(r.issued_before, |b| b.max(r.issued_before)),
            None => r.issued_before,
        };
        self.ephemeral.set(&key(&r.subject), before.to_string().as_bytes(), Some(Duration::from_secs(left))).await
    }

    /// True when the token is void. Reads the cache in one round trip; refills it when it is
    /// empty (restarted); reads the durable store when the cache cannot answer.
    pub async fn is_revoked(&self, token: &TokenFacts<'_>, now: i64) -> Result<bool, SoukError> {
        let subjects = token.subjects();
        let mut keys = vec![LOADED.to_string()];
        keys.extend(subjects.iter().map(|s| key(s)));
        match self.ephemeral.get_many(&keys).await {
            Ok(values) if values.first().is_some_and(Option::is_some) => {
                Ok(values[1..].iter().flatten().filter_map(|v| parse(v)).any(|before| token.issued_at < before))
            }
            Ok(_) => {
                // The cache lost the list (or never had it): answer from the durable store,
                // and refill the cache for the next checks.
                let revoked = self.durable_check(token, subjects, now).await?;
                if let Err(e) = self.refill(now).await {
                    tracing::warn!(error = %e, "revocation cache not refilled");
                }
                Ok(revoked)
            }
            Err(e) => {
                tracing::debug!(error = %e, "revocation cache unreachable: checking the durable list");
                self.durable_check(token, subjects, now).await
            }
        }
    }

    async fn durable_check(&self, token: &TokenFacts<'_>, subjects: Vec<String>, now: i64) -> Result<bool, SoukError> {
        let found = self.store.session_revocations_of(subjects, now).await.map_err(SoukError::internal)?;
        Ok(found.iter().any(|r| token.issued_at < r.issued_before))
    }

    /// Copies every live revocation into the cache, then marks it loaded.
    async fn refill(&self, now: i64) -> Result<(), SoukError> {
        let live = self.store.live_session_revocations(now).await.map_err(SoukError::internal)?;
        for r in &live {
            self.cache(r, now).await.map_err(SoukError::internal)?;
        }
        self.ephemeral.set(LOADED, b"1", None).await.map_err(SoukError::internal)
    }
}

impl Revocations {
    /// Caches what the durable list gained at or after `since` (written by another process,
    /// such as `souk admin revoke`); the scheduler's `revocation_sync` calls it every few
    /// seconds with the previous call's start, so a row is seen at least once.
    pub async fn sync_since(&self, since: i64, now: i64) -> Result<usize, SoukError> {
        let new = self.store.session_revocations_since(since, now).await.map_err(SoukError::internal)?;
        for r in &new {
            self.cache(r, now).await.map_err(SoukError::internal)?;
        }
        Ok(new.len())
    }
}

fn parse(v: &[u8]) -> Option<i64> {
    std::str::from_utf8(v).ok()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use souk_storage::ephemeral::memory::MemoryEphemeral;
    use souk_storage::sqlite::SqliteStore;

    fn stores(name: &str) -> (Arc<dyn AccountStore>, SqliteStore) {
        let dir = std::env::temp_dir().join(format!("souk-revocations-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("dir");
        let sqlite = SqliteStore::open(dir.join("souk.db"), 1).expect("open");
        (Arc::new(sqlite.clone()), sqlite)
    }

    fn facts(jti: &str, issued_at: i64) -> TokenFacts<'_> {
        TokenFacts { jti, family: Some("fam"), account_id: 7, acting_admin: None, issued_at }
    }

    #[tokio::test]
    async fn a_revocation_survives_a_cache_that_comes_back_empty() {
        let (store, sqlite) = stores("survives");
        let now = 1_000;
        let first: Arc<dyn Ephemeral> = Arc::new(MemoryEphemeral::new("a:"));
        let list = Revocations::new(store.clone(), first);
        let one = SessionRevocation { subject: token_subject("t1"), issued_before: i64::MAX, expires_at: now + 900 };
        list.revoke(vec![one], now).await.expect("revoke");
        assert!(list.is_revoked(&facts("t1", now), now).await.expect("check"));
        assert!(!list.is_revoked(&facts("t2", now), now).await.expect("check"));

        // A new, empty cache (Redis restarted empty): the logged-out token stays void.
        let empty: Arc<dyn Ephemeral> = Arc::new(MemoryEphemeral::new("b:"));
        let restarted = Revocations::new(store.clone(), empty.clone());
        assert!(restarted.is_revoked(&facts("t1", now), now).await.expect("check"));
        assert!(empty.get(LOADED).await.expect("get").is_some(), "the cache was refilled");
        assert!(empty.get(&key(&token_subject("t1"))).await.expect("get").is_some());
        // A revocation ends with the tokens it voids: it is not refilled after that.
        assert!(store.live_session_revocations(now + 901).await.expect("live").is_empty());
        assert_eq!(store.live_session_revocations(now).await.expect("live").len(), 1);
        sqlite.shutdown().await;
    }

    #[tokio::test]
    async fn an_account_cut_off_voids_earlier_tokens_only_and_a_family_its_own() {
        let (store, sqlite) = stores("cutoff");
        let now = 5_000;
        let cache: Arc<dyn Ephemeral> = Arc::new(MemoryEphemeral::new("c:"));
        let list = Revocations::new(store, cache);
        list.revoke(
            vec![SessionRevocation { subject: account_subject(7), issued_before: now, expires_at: now + 1_800 }],
            now,
        )
        .await
        .expect("revoke");
        assert!(list.is_revoked(&facts("old", now - 1), now).await.expect("check"));
        assert!(!list.is_revoked(&facts("new", now), now).await.expect("check"), "a token issued after the cut-off");
        let other =
            TokenFacts { jti: "x", family: Some("other"), account_id: 8, acting_admin: Some(7), issued_at: now - 5 };
        assert!(list.is_revoked(&other, now).await.expect("check"), "acting as someone, for an ended admin");

        list.revoke(
            vec![SessionRevocation { subject: family_subject("fam"), issued_before: i64::MAX, expires_at: now + 900 }],
            now,
        )
        .await
        .expect("family");
        let mine = TokenFacts { jti: "y", family: Some("fam"), account_id: 9, acting_admin: None, issued_at: now + 10 };
        let theirs =
            TokenFacts { jti: "z", family: Some("kept"), account_id: 9, acting_admin: None, issued_at: now + 10 };
        assert!(list.is_revoked(&mine, now).await.expect("check"));
        assert!(!list.is_revoked(&theirs, now).await.expect("check"));
        sqlite.shutdown().await;
    }
}
