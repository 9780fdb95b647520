//! Who takes part in a run: for Souk, the bench population's manifest that `souk seed
//! --bench-users` writes (read as a file: the generator uses no server code), signed in through
//! the public GraphQL API with a bounded concurrency, tokens kept in a cache file across runs
//! while they are valid; for the relays, the same shape built here (a Zipf spread of
//! conversations over a few sellers).

use crate::scenario::{Scenario, TargetKind};
use base64::Engine as _;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One account of the manifest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ManifestAccount {
    pub login: String,
    #[serde(default)]
    pub password: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ManifestConversation {
    pub id: String,
    pub list_id: i64,
    pub buyer: usize,
    pub seller: usize,
}

/// The population file (`bench-population.json`; docs/load-testing.md).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Manifest {
    pub version: u32,
    pub password: String,
    pub sellers: usize,
    pub accounts: Vec<ManifestAccount>,
    pub conversations: Vec<ManifestConversation>,
}

/// One user of a run: how to sign in, and the conversations it writes in with the other party's
/// user index.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct User {
    pub login: String,
    pub password: String,
    /// (conversation id, the other party's user index).
    pub conversations: Vec<(String, usize)>,
}

/// The users of a run, in joining order (sellers first).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Population {
    pub users: Vec<User>,
    pub conversations: usize,
}

/// Splits `total` into `ranks` Zipf shares (1/r), exactly, the busiest first.
pub fn zipf_shares(total: usize, ranks: usize) -> Vec<usize> {
    if ranks == 0 {
        return Vec::new();
    }
    let weights: Vec<f64> = (1..=ranks).map(|r| 1.0 / r as f64).collect();
    let sum: f64 = weights.iter().sum();
    let exact: Vec<f64> = weights.iter().map(|w| total as f64 * w / sum).collect();
    let mut shares: Vec<usize> = exact.iter().map(|x| x.floor() as usize).collect();
    let mut order: Vec<usize> = (0..ranks).collect();
    order.sort_by(|&a, &b| (exact[b] - exact[b].floor()).total_cmp(&(exact[a] - exact[a].floor())).then(a.cmp(&b)));
    let left = total.saturating_sub(shares.iter().sum());
    for &i in order.iter().take(left) {
        shares[i] += 1;
    }
    shares
}

impl Population {
    /// The run's users from a manifest: its first `scenario.users` accounts, and the first
    /// `scenario.conversations` conversations (of `seller_ranks` when set) between two of them.
    pub fn from_manifest(m: &Manifest, scenario: &Scenario) -> Result<Population, String> {
        let n = scenario.users.min(m.accounts.len());
        if n < scenario.peak_users() {
            return Err(format!(
                "the population has {} accounts; the scenario puts {} online (seed more with --bench-users)",
                m.accounts.len(),
                scenario.peak_users()
            ));
        }
        let mut users: Vec<User> = m.accounts[..n]
            .iter()
            .map(|a| User {
                login: a.login.clone(),
                password: a.password.clone().unwrap_or_else(|| m.password.clone()),
                conversations: Vec::new(),
            })
            .collect();
        let mut count = 0;
        for c in &m.conversations {
            if count == scenario.conversations {
                break;
            }
            if !scenario.seller_ranks.is_empty() && !scenario.seller_ranks.contains(&(c.seller + 1)) {
                continue;
            }
            if c.buyer >= n || c.seller >= n {
                continue;
            }
            users[c.buyer].conversations.push((c.id.clone(), c.seller));
            users[c.seller].conversations.push((c.id.clone(), c.buyer));
            count += 1;
        }
        if count < scenario.conversations {
            eprintln!(
                "souk-load: {count} of the scenario's {} conversations are in the population among its first {n} users",
                scenario.conversations
            );
        }
        Ok(Population { users, conversations: count })
    }

    /// The same shape for a relay: `sellers` users first (a Zipf spread of the conversations),
    /// then buyers in turn; conversation ids `c0, c1, ...`.
    pub fn synthetic(scenario: &Scenario) -> Population {
        let n = scenario.users.max(2);
        let sellers = if scenario.seller_ranks.is_empty() { (n / 1000).clamp(1, 22) } else { 1 };
        let buyers = n - sellers;
        let shares = zipf_shares(scenario.conversations, sellers);
        let mut users: Vec<User> =
            (0..n).map(|_| User { login: String::new(), password: String::new(), conversations: Vec::new() }).collect();
        let mut j = 0;
        for (seller, share) in shares.into_iter().enumerate() {
            for _ in 0..share {
                let buyer = sellers + j % buyers.max(1);
                let id = format!("c{j}");
                users[seller].conversations.push((id.clone(), buyer));
                users[buyer].conversations.push((id, seller));
                j += 1;
            }
        }
        Population { users, conversations: j }
    }
}

/// A token cached with its expiry (unix seconds).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CachedToken {
    pub token: String,
    pub exp: i64,
}

/// The token cache: a JSON file of (server, login) → token; tokens are reused while they stay
/// valid for the whole run.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct TokenCache {
    #[serde(default)]
    pub tokens: HashMap<String, CachedToken>,
    #[serde(skip)]
    path: Option<PathBuf>,
}

impl TokenCache {
    /// Reads the cache (an unreadable one is an empty one).
    pub fn open(path: &Path) -> TokenCache {
        let mut cache: TokenCache =
            std::fs::read(path).ok().and_then(|b| serde_json::from_slice(&b).ok()).unwrap_or_default();
        cache.path = Some(path.to_path_buf());
        cache
    }

    fn key(server: &str, login: &str) -> String {
        format!("{}|{login}", server.trim_end_matches('/'))
    }

    /// A cached token of `login` still valid at `until` (unix seconds).
    pub fn valid(&self, server: &str, login: &str, until: i64) -> Option<String> {
        self.tokens.get(&Self::key(server, login)).filter(|t| t.exp > until).map(|t| t.token.clone())
    }

    pub fn put(&mut self, server: &str, login: &str, token: &str) {
        let exp = token_expiry(token).unwrap_or(0);
        self.tokens.insert(Self::key(server, login), CachedToken { token: token.to_owned(), exp });
    }

    /// Forgets the tokens that have expired, and writes the file.
    pub fn save(&mut self, now: i64) -> Result<(), String> {
        self.tokens.retain(|_, t| t.exp > now);
        let Some(path) = &self.path else { return Ok(()) };
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let tmp = path.with_extension("tmp");
        std::fs::write(&tmp, serde_json::to_vec(self).map_err(|e| e.to_string())?)
            .and_then(|()| std::fs::rename(&tmp, path))
            .map_err(|e| format!("{}: {e}", path.display()))
    }
}

/// The `exp` claim of a JWT (unix seconds), read without checking the signature (the server does).
pub fn token_expiry(token: &str) -> Option<i64> {
    let payload = token.split('.').nth(1)?;
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(payload.trim_end_matches('=')).ok()?;
    serde_json::from_slice::<Value>(&bytes).ok()?["exp"].as_i64()
}

pub fn now_secs() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// Signs in through GraphQL; answers the access token.
pub async fn sign_in(http: &reqwest::Client, url: &str, login: &str, password: &str) -> Result<String, String> {
    let body = json!({
        "query": "mutation($i: String!, $p: String!) { loginByIdentifier(identifier: $i, password: $p) { accessToken } }",
        "variables": { "i": login, "p": password },
    });
    let res: Value = http
        .post(format!("{}/graphql", url.trim_end_matches('/')))
        .json(&body)
        .send()
        .await
        .map_err(|e| e.to_string())?
        .json()
        .await
        .map_err(|e| e.to_string())?;
    res["data"]["loginByIdentifier"]["accessToken"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| format!("sign-in of {login} refused: {}", res["errors"]))
}

/// Tokens for every user: from the cache when valid until `until`, else signed in, at most
/// `concurrency` at once; progress on stderr. Answers the tokens in user order.
pub async fn tokens(
    users: &[User],
    url: &str,
    cache: &mut TokenCache,
    until: i64,
    concurrency: usize,
) -> Result<Vec<String>, String> {
    let mut out: Vec<Option<String>> = users.iter().map(|u| cache.valid(url, &u.login, until)).collect();
    let missing: Vec<usize> = (0..users.len()).filter(|&i| out[i].is_none()).collect();
    let cached = users.len() - missing.len();
    if missing.is_empty() {
        eprintln!("souk-load: {cached} tokens from the cache");
        return out.into_iter().map(|t| t.ok_or_else(|| "token".to_string())).collect();
    }
    eprintln!("souk-load: {cached} tokens from the cache, {} sign-ins ({concurrency} at once)", missing.len());
    let http = reqwest::Client::builder().pool_max_idle_per_host(concurrency).build().map_err(|e| e.to_string())?;
    let semaphore = Arc::new(tokio::sync::Semaphore::new(concurrency.max(1)));
    let started = std::time::Instant::now();
    let mut tasks = tokio::task::JoinSet::new();
    for i in missing.iter().copied() {
        let (http, url, login, password, semaphore) =
            (http.clone(), url.to_owned(), users[i].login.clone(), users[i].password.clone(), semaphore.clone());
        tasks.spawn(async move {
            let _permit = semaphore.acquire().await.map_err(|e| e.to_string())?;
            sign_in(&http, &url, &login, &password).await.map(|t| (i, t))
        });
    }
    let mut done = 0;
    let mut last_print = std::time::Instant::now();
    while let Some(joined) = tasks.join_next().await {
        let (i, token) = joined.map_err(|e| e.to_string())??;
        cache.put(url, &users[i].login, &token);
        out[i] = Some(token);
        done += 1;
        if last_print.elapsed().as_secs() >= 1 || done == missing.len() {
            last_print = std::time::Instant::now();
            eprintln!(
                "  signed in {done}/{} ({:.0}/s)",
                missing.len(),
                done as f64 / started.elapsed().as_secs_f64().max(1e-3)
            );
        }
    }
    cache.save(now_secs())?;
    out.into_iter().map(|t| t.ok_or_else(|| "a sign-in left no token".to_string())).collect()
}

/// Loads the population of a scenario.
pub fn load(scenario: &Scenario, population: Option<&Path>) -> Result<Population, String> {
    if scenario.target != TargetKind::Souk {
        return Ok(Population::synthetic(scenario));
    }
    let path = population
        .map(Path::to_path_buf)
        .or_else(|| scenario.population.as_ref().map(PathBuf::from))
        .ok_or("a Souk scenario needs a population: --population FILE (souk seed --bench-users writes it)")?;
    let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let manifest: Manifest = serde_json::from_slice(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    Population::from_manifest(&manifest, scenario)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scenario(users: usize, conversations: usize, ranks: Vec<usize>) -> Scenario {
        let text = format!(
            "name = \"t\"\ntarget = \"souk\"\nurls = [\"http://127.0.0.1:1\"]\nusers = {users}\nconversations = {conversations}\n\
             [[phases]]\nname = \"r\"\nkind = \"ramp\"\nduration_s = 1\nusers = {users}\n\
             [behaviour]\nthink_time_ms = {{ distribution = \"constant\", value = 10 }}\n\
             message_length = {{ distribution = \"constant\", value = 10 }}\n"
        );
        let mut s = Scenario::parse(&text).unwrap();
        s.seller_ranks = ranks;
        s
    }

    fn manifest() -> Manifest {
        let mut accounts = vec![
            ManifestAccount { login: "shop@x.ma".into(), password: Some("demo".into()) },
            ManifestAccount { login: "0600000000".into(), password: Some("demo".into()) },
        ];
        accounts.extend((0..10).map(|i| ManifestAccount { login: format!("b{i}@t"), password: None }));
        let conversations = (0..10)
            .map(|i| ManifestConversation {
                id: format!("k{i}"),
                list_id: i,
                buyer: 2 + i as usize,
                seller: usize::from(i >= 7),
            })
            .collect();
        Manifest { version: 1, password: "bench".into(), sellers: 2, accounts, conversations }
    }

    #[test]
    fn a_manifest_gives_the_first_users_and_their_conversations() {
        let p = Population::from_manifest(&manifest(), &scenario(7, 100, vec![])).unwrap();
        assert_eq!(p.users.len(), 7);
        assert_eq!(p.users[0].password, "demo");
        assert_eq!(p.users[6].password, "bench", "the shared password");
        // Buyers 2..=6 take part; only their conversations with seller 0 (7..=9 are beyond them).
        assert_eq!(p.conversations, 5);
        assert_eq!(p.users[0].conversations.len(), 5);
        assert_eq!(p.users[3].conversations, [("k1".to_string(), 0)]);
        // One hot seller only: rank 2 is the second seller.
        let hot = Population::from_manifest(&manifest(), &scenario(12, 100, vec![2])).unwrap();
        assert_eq!(hot.conversations, 3);
        assert!(hot.users[0].conversations.is_empty());
        assert_eq!(hot.users[1].conversations.len(), 3);
        // More users online than the population holds: refused.
        assert!(
            Population::from_manifest(&manifest(), &scenario(13, 1, vec![])).unwrap_err().contains("--bench-users")
        );
    }

    #[test]
    fn a_relay_population_has_the_same_shape() {
        let p = Population::synthetic(&scenario(5_000, 2_000, vec![]));
        assert_eq!(p.conversations, 2_000);
        let sellers = 5;
        let busiest = p.users[0].conversations.len();
        assert!(busiest > 3 * p.users[sellers - 1].conversations.len());
        assert!(p.users[sellers..].iter().all(|u| u.conversations.len() <= 1), "quiet buyers");
        assert_eq!(zipf_shares(10, 3).iter().sum::<usize>(), 10);
    }

    #[test]
    fn tokens_are_reused_while_valid_for_the_run() {
        let dir = std::env::temp_dir().join(format!("souk-load-tokens-{}", std::process::id()));
        let path = dir.join("tokens.json");
        let jwt = |exp: i64| {
            let b = |v: &Value| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(v.to_string());
            format!("{}.{}.sig", b(&json!({"alg": "HS256"})), b(&json!({"sub": "1", "exp": exp})))
        };
        assert_eq!(token_expiry(&jwt(1_900_000_000)), Some(1_900_000_000));
        let mut cache = TokenCache::open(&path);
        cache.put("http://127.0.0.1:8080/", "a@t", &jwt(2_000));
        cache.put("http://127.0.0.1:8080", "b@t", &jwt(1_000));
        cache.save(500).unwrap();
        let cache = TokenCache::open(&path);
        assert_eq!(cache.valid("http://127.0.0.1:8080", "a@t", 1_500), Some(jwt(2_000)));
        assert_eq!(cache.valid("http://127.0.0.1:8080", "a@t", 2_000), None, "expires during the run");
        assert_eq!(cache.valid("http://127.0.0.1:8081", "a@t", 1_500), None, "another server");
        let mut cache = cache;
        cache.save(1_500).unwrap();
        assert_eq!(TokenCache::open(&path).valid("http://127.0.0.1:8080", "b@t", 0), None, "expired ones are dropped");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
