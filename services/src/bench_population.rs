//! Load-test populations (issue 28): `souk seed --bench-users N --bench-conversations M` writes
//! N sign-in-ready accounts sharing one password (hashed once) and M conversations about the
//! demo's public ads, spread like a marketplace (a few busy sellers, many quiet buyers: the
//! sellers' shares follow a Zipf law), and a manifest file the load generator reads. Only a data
//! dir marked as a test deployment (the marker file [`TEST_DEPLOYMENT_MARKER`]) takes one.

use crate::accounts::password::{PasswordError, hash_password};
use crate::demo::demo_credentials;
use serde::{Deserialize, Serialize};
use souk_domain::Lang;
use souk_domain::account::{Account, AccountStatus, AccountType};
use souk_storage::StoreError;
use souk_storage::accounts::{AccountStore, NewAccount};
use souk_storage::chat::{ChatAd, ChatStore, NewMessage, Starter};
use souk_storage::reference::Reference;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

/// The file whose presence marks a data dir as a test deployment (`souk seed --demo` writes it,
/// and `souk seed --test-deployment` on an existing one). A production data dir never has it, so
/// a bench population can never be written into real users' data by mistake.
pub const TEST_DEPLOYMENT_MARKER: &str = "TEST-DEPLOYMENT";
/// The manifest the seed writes into the data dir, read by `souk-load`.
pub const MANIFEST_FILE: &str = "bench-population.json";
/// The password every bench account shares (unless `--bench-password`).
pub const DEFAULT_BENCH_PASSWORD: &str = "souk-bench-2026";
/// Bench account ids start here, far above the demo's and any sign-up of a test deployment.
pub const FIRST_BENCH_ACCOUNT_ID: i64 = 50_000_001;
/// The most accounts and conversations one seed writes.
pub const MAX_BENCH_USERS: usize = 1_000_000;
pub const MAX_BENCH_CONVERSATIONS: usize = 1_000_000;
/// Accounts per transaction.
const ACCOUNT_BATCH: usize = 5_000;
/// Conversations opened at once (the store's writer commits what arrives together).
const CONVERSATION_BATCH: usize = 500;
/// The demo's list ids are contiguous from here (`demo::generate::FIRST_LIST_ID`).
const FIRST_DEMO_LIST_ID: i64 = 10_000_001;
/// How many missing list ids in a row end the scan of the demo's ads.
const SCAN_GAP: i64 = 64;

/// Whether `data_dir` is marked as a test deployment.
pub fn is_test_deployment(data_dir: &Path) -> bool {
    data_dir.join(TEST_DEPLOYMENT_MARKER).is_file()
}

/// Marks `data_dir` as a test deployment (creating the directory if needed).
pub fn mark_test_deployment(data_dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(data_dir)?;
    std::fs::write(
        data_dir.join(TEST_DEPLOYMENT_MARKER),
        "This data dir is a test deployment: `souk seed --bench-users` may write load-test accounts into it.\n",
    )
}

/// What to seed.
#[derive(Debug, Clone)]
pub struct BenchOptions {
    pub users: usize,
    pub conversations: usize,
    pub password: String,
    /// The exponent of the sellers' Zipf law (1.0: the busiest seller has twice the second's share).
    pub zipf_exponent: f64,
}

/// Why a bench seed was refused or failed.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    #[error(
        "{0} is not marked as a test deployment: bench accounts are only written into a test data dir \
         (seed it with `souk seed --demo`, or mark it with `souk seed --test-deployment`; see docs/load-testing.md)"
    )]
    NotTestDeployment(PathBuf),
    #[error("{0} already holds a bench population ({MANIFEST_FILE}); seed a fresh data dir")]
    AlreadySeeded(PathBuf),
    #[error("{0}")]
    Invalid(String),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Password(#[from] PasswordError),
    #[error("manifest: {0}")]
    Io(#[from] std::io::Error),
    #[error("manifest: {0}")]
    Json(#[from] serde_json::Error),
}

/// Where a bench seed stands, for a progress display.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BenchProgress {
    /// `"accounts"`, `"conversations"` or `"first messages"`.
    pub stage: &'static str,
    pub done: usize,
    pub total: usize,
}

/// One account of the population, as the generator signs in with it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ManifestAccount {
    pub login: String,
    /// None: the manifest's shared `password`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub password: Option<String>,
}

/// One conversation: its id, the ad, and its parties as indexes into `accounts`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ManifestConversation {
    pub id: String,
    pub list_id: i64,
    pub buyer: usize,
    pub seller: usize,
}

/// The population file: the sellers come first in `accounts` (busiest first), then the bench users.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Manifest {
    pub version: u32,
    pub password: String,
    pub sellers: usize,
    pub accounts: Vec<ManifestAccount>,
    pub conversations: Vec<ManifestConversation>,
}

/// What a bench seed wrote.
#[derive(Debug, Clone, PartialEq)]
pub struct BenchSummary {
    pub users: usize,
    pub sellers: usize,
    pub conversations: usize,
    pub manifest: PathBuf,
    pub account_seconds: f64,
    /// Conversations of the busiest seller.
    pub busiest_seller: usize,
}

/// The login of bench account `i` (0-based).
pub fn bench_login(i: usize) -> String {
    format!("bench-{i:07}@bench.souk.test")
}

/// Splits `total` into `ranks` shares proportional to `1 / r^exponent` (r from 1), exactly
/// (largest remainders): the busiest first, the shares add up to `total`.
pub fn zipf_shares(total: usize, ranks: usize, exponent: f64) -> Vec<usize> {
    if ranks == 0 {
        return Vec::new();
    }
    let weights: Vec<f64> = (1..=ranks).map(|r| 1.0 / (r as f64).powf(exponent)).collect();
    let sum: f64 = weights.iter().sum();
    let exact: Vec<f64> = weights.iter().map(|w| total as f64 * w / sum).collect();
    let mut shares: Vec<usize> = exact.iter().map(|x| x.floor() as usize).collect();
    let mut left = total - shares.iter().sum::<usize>().min(total);
    let mut order: Vec<usize> = (0..ranks).collect();
    order.sort_by(|&a, &b| (exact[b] - exact[b].floor()).total_cmp(&(exact[a] - exact[a].floor())).then(a.cmp(&b)));
    for i in order {
        if left == 0 {
            break;
        }
        shares[i] += 1;
        left -= 1;
    }
    shares
}

/// One planned conversation: (seller rank, list id, buyer index among the bench users).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Planned {
    pub seller: usize,
    pub list_id: i64,
    pub buyer: usize,
}

/// Plans `conversations` conversations: seller `r` (ranked, with the list ids of its public ads)
/// gets its Zipf share, taking its ads in turn; buyers are taken in turn over all `users`, so
/// they have about as many conversations each (at most one each when there are more buyers than
/// conversations: many quiet buyers). A buyer never has
/// two conversations about one ad; conversations that cannot be placed so are left out.
pub fn plan(sellers: &[Vec<i64>], users: usize, conversations: usize, exponent: f64) -> Vec<Planned> {
    let sellers: Vec<&Vec<i64>> = sellers.iter().filter(|ads| !ads.is_empty()).collect();
    if sellers.is_empty() || users == 0 {
        return Vec::new();
    }
    let shares = zipf_shares(conversations, sellers.len(), exponent);
    let mut taken: HashSet<(usize, i64)> = HashSet::with_capacity(conversations);
    let mut out = Vec::with_capacity(conversations);
    let mut next_buyer = 0usize;
    for (rank, (ads, share)) in sellers.iter().zip(shares).enumerate() {
        for k in 0..share {
            let list_id = ads[k % ads.len()];
            // The next buyer in turn who has no conversation about this ad yet.
            let found = (0..users).map(|step| (next_buyer + step) % users).find(|b| !taken.contains(&(*b, list_id)));
            let Some(buyer) = found else { continue };
            taken.insert((buyer, list_id));
            next_buyer = (buyer + 1) % users;
            out.push(Planned { seller: rank, list_id, buyer });
        }
    }
    out
}

/// The first message of a conversation, in French or Arabic as buyers write.
fn opening(i: usize) -> &'static str {
    const OPENINGS: [&str; 4] = [
        "Bonjour, l'annonce est-elle toujours disponible ?",
        "السلام عليكم، واش باقي متوفر؟",
        "Bonsoir, le prix est-il négociable ?",
        "مساء الخير، شحال آخر ثمن؟",
    ];
    OPENINGS[i % OPENINGS.len()]
}

/// Seeds the bench population into the store of `data_dir` and writes its manifest there.
pub async fn seed_bench_population<S: AccountStore + ChatStore>(
    store: &S,
    reference: &Reference,
    data_dir: &Path,
    options: &BenchOptions,
    progress: &mut (dyn FnMut(BenchProgress) + Send),
) -> Result<BenchSummary, BenchError> {
    if !is_test_deployment(data_dir) {
        return Err(BenchError::NotTestDeployment(data_dir.to_path_buf()));
    }
    let manifest_path = data_dir.join(MANIFEST_FILE);
    if manifest_path.exists() {
        return Err(BenchError::AlreadySeeded(manifest_path));
    }
    if options.users == 0 || options.users > MAX_BENCH_USERS {
        return Err(BenchError::Invalid(format!("--bench-users must be between 1 and {MAX_BENCH_USERS}")));
    }
    if options.conversations > MAX_BENCH_CONVERSATIONS {
        return Err(BenchError::Invalid(format!("--bench-conversations must be at most {MAX_BENCH_CONVERSATIONS}")));
    }
    if store.find_account(FIRST_BENCH_ACCOUNT_ID).await?.is_some() {
        return Err(BenchError::AlreadySeeded(manifest_path));
    }

    // The public demo ads, by seller; the sellers the demo can sign in as, busiest first.
    let logins: HashMap<String, String> =
        demo_credentials(reference).into_iter().map(|c| (c.login, c.password)).collect();
    let mut ads_of: HashMap<i64, Vec<i64>> = HashMap::new();
    if options.conversations > 0 {
        let (mut list_id, mut gap) = (FIRST_DEMO_LIST_ID, 0);
        while gap < SCAN_GAP {
            match store.find_chat_ad(list_id).await? {
                Some(ad) => {
                    gap = 0;
                    if ad.status == "active" {
                        ads_of.entry(ad.account_id).or_default().push(ad.list_id);
                    }
                }
                None => gap += 1,
            }
            list_id += 1;
        }
    }
    let mut sellers: Vec<(i64, String, String, Vec<i64>)> = Vec::new();
    for (account_id, ads) in ads_of {
        let Some(account) = store.find_account(account_id).await? else { continue };
        let a = account.account;
        let login = [a.email, a.phone].into_iter().flatten().find(|l| logins.contains_key(l));
        if let Some(login) = login {
            let password = logins[&login].clone();
            sellers.push((account_id, login, password, ads));
        }
    }
    sellers.sort_by(|a, b| b.3.len().cmp(&a.3.len()).then(a.0.cmp(&b.0)));
    if options.conversations > 0 && sellers.is_empty() {
        return Err(BenchError::Invalid(
            "no public demo ad to talk about: seed the demo first (`souk seed --demo`)".into(),
        ));
    }

    // The accounts: one hash for all of them, written in large transactions.
    let started = std::time::Instant::now();
    let password = options.password.clone();
    let hash = tokio::task::spawn_blocking(move || hash_password(&password))
        .await
        .map_err(|e| BenchError::Io(std::io::Error::other(e)))??;
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64);
    let cities: Vec<_> = reference.cities.iter().take(8).map(|c| c.id).collect();
    let city = |i: usize| cities.get(i % cities.len().max(1)).copied().unwrap_or_default();
    let mut done = 0;
    progress(BenchProgress { stage: "accounts", done, total: options.users });
    while done < options.users {
        let batch: Vec<NewAccount> = (done..options.users.min(done + ACCOUNT_BATCH))
            .map(|i| {
                let account = Account {
                    account_id: FIRST_BENCH_ACCOUNT_ID + i as i64,
                    uuid: uuid::Uuid::now_v7().to_string(),
                    account_type: AccountType::Private,
                    name: format!("Bench {i}"),
                    email: Some(bench_login(i)),
                    phone: None,
                    phone_hidden: true,
                    city_id: city(i),
                    shop_category_id: None,
                    registered_at: now,
                };
                NewAccount {
                    account,
                    password_hash: hash.clone(),
                    roles: vec![],
                    lang: if i % 3 == 1 { Lang::Ar } else { Lang::Fr },
                    status: AccountStatus::Active,
                }
            })
            .collect();
        done += batch.len();
        store.insert_accounts(batch).await?;
        progress(BenchProgress { stage: "accounts", done, total: options.users });
    }
    let account_seconds = started.elapsed().as_secs_f64();

    // The conversations, each with the buyer's first message (so both parties list it).
    let ads: Vec<Vec<i64>> = sellers.iter().map(|s| s.3.clone()).collect();
    let planned = plan(&ads, options.users, options.conversations, options.zipf_exponent);
    let mut chat_ads: HashMap<i64, ChatAd> = HashMap::new();
    for p in &planned {
        if !chat_ads.contains_key(&p.list_id)
            && let Some(ad) = store.find_chat_ad(p.list_id).await?
        {
            chat_ads.insert(p.list_id, ad);
        }
    }
    let total = planned.len();
    let mut conversations = Vec::with_capacity(total);
    progress(BenchProgress { stage: "conversations", done: 0, total });
    for (chunk_index, chunk) in planned.chunks(CONVERSATION_BATCH).enumerate() {
        let opened = futures_join(chunk.iter().map(|p| {
            let ad = chat_ads.get(&p.list_id).cloned();
            let buyer = FIRST_BENCH_ACCOUNT_ID + p.buyer as i64;
            async move {
                match ad {
                    Some(ad) => store.open_conversation(ad, Starter::Account(buyer)).await.map(Some),
                    None => Ok(None),
                }
            }
        }))
        .await;
        let mut first = Vec::with_capacity(chunk.len());
        for (k, (p, result)) in chunk.iter().zip(opened).enumerate() {
            let Some((conversation, _)) = result? else { continue };
            let i = chunk_index * CONVERSATION_BATCH + k;
            let text = opening(i);
            first.push(NewMessage {
                conversation_id: conversation.conversation_id.clone(),
                sender_id: FIRST_BENCH_ACCOUNT_ID + p.buyer as i64,
                client_message_id: format!("bench-open-{i}"),
                text: Some(text.to_owned()),
                attachment: None,
                preview: text.to_owned(),
            });
            conversations.push(ManifestConversation {
                id: conversation.conversation_id,
                list_id: p.list_id,
                buyer: sellers.len() + p.buyer,
                seller: p.seller,
            });
        }
        for answer in store.append_messages(first).await? {
            answer?;
        }
        progress(BenchProgress { stage: "conversations", done: conversations.len(), total });
    }

    let busiest_seller = conversations.iter().filter(|c| c.seller == 0).count();
    let mut accounts: Vec<ManifestAccount> = sellers
        .iter()
        .map(|(_, login, password, _)| ManifestAccount { login: login.clone(), password: Some(password.clone()) })
        .collect();
    accounts.extend((0..options.users).map(|i| ManifestAccount { login: bench_login(i), password: None }));
    let manifest =
        Manifest { version: 1, password: options.password.clone(), sellers: sellers.len(), accounts, conversations };
    let tmp = data_dir.join(format!("{MANIFEST_FILE}.tmp"));
    std::fs::write(&tmp, serde_json::to_vec(&manifest)?)?;
    std::fs::rename(&tmp, &manifest_path)?;
    Ok(BenchSummary {
        users: options.users,
        sellers: manifest.sellers,
        conversations: manifest.conversations.len(),
        manifest: manifest_path,
        account_seconds,
        busiest_seller,
    })
}

/// Runs the futures concurrently and answers their results in order.
async fn futures_join<F: std::future::Future>(futures: impl Iterator<Item = F>) -> Vec<F::Output> {
    let mut set: Vec<std::pin::Pin<Box<F>>> = futures.map(Box::pin).collect();
    let mut out: Vec<Option<F::Output>> = (0..set.len()).map(|_| None).collect();
    std::future::poll_fn(|cx| {
        let mut pending = false;
        for (i, f) in set.iter_mut().enumerate() {
            if out[i].is_some() {
                continue;
            }
            match f.as_mut().poll(cx) {
                std::task::Poll::Ready(v) => out[i] = Some(v),
                std::task::Poll::Pending => pending = true,
            }
        }
        if pending { std::task::Poll::Pending } else { std::task::Poll::Ready(()) }
    })
    .await;
    out.into_iter().flatten().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zipf_shares_add_up_and_fall_with_rank() {
        let shares = zipf_shares(10_000, 22, 1.0);
        assert_eq!(shares.iter().sum::<usize>(), 10_000);
        assert!(shares.windows(2).all(|w| w[0] >= w[1]), "{shares:?}");
        // 1/H(22) of the whole for the first, half of that for the second.
        assert!((2_650..=2_750).contains(&shares[0]), "{shares:?}");
        assert!(shares[1].abs_diff(shares[0] / 2) <= 1, "{shares:?}");
        assert!(shares[21] < shares[0] / 20, "a long tail: {shares:?}");
        assert_eq!(zipf_shares(5, 0, 1.0), Vec::<usize>::new());
        assert_eq!(zipf_shares(3, 5, 1.0).iter().sum::<usize>(), 3);
    }

    #[test]
    fn the_plan_has_few_busy_sellers_and_many_quiet_buyers() {
        let sellers: Vec<Vec<i64>> = (0..10).map(|s| (0..20).map(|a| s * 1_000 + a).collect()).collect();
        let planned = plan(&sellers, 5_000, 2_000, 1.0);
        assert_eq!(planned.len(), 2_000);
        let per_seller = |r: usize| planned.iter().filter(|p| p.seller == r).count();
        assert!(per_seller(0) > 5 * per_seller(9), "{} vs {}", per_seller(0), per_seller(9));
        // Each buyer has at most one conversation; no buyer twice about one ad.
        let mut per_buyer: HashMap<usize, usize> = HashMap::new();
        for p in &planned {
            *per_buyer.entry(p.buyer).or_default() += 1;
        }
        assert!(per_buyer.values().all(|&n| n == 1));
        let pairs: HashSet<(usize, i64)> = planned.iter().map(|p| (p.buyer, p.list_id)).collect();
        assert_eq!(pairs.len(), planned.len());
        // Fewer buyers than conversations: spread evenly, never twice about one ad.
        let dense = plan(&sellers, 30, 600, 1.0);
        assert_eq!(dense.len(), 600);
        let pairs: HashSet<(usize, i64)> = dense.iter().map(|p| (p.buyer, p.list_id)).collect();
        assert_eq!(pairs.len(), 600);
        let mut counts = vec![0usize; 30];
        for p in &dense {
            counts[p.buyer] += 1;
        }
        let (min, max) = (counts.iter().min().copied().unwrap_or(0), counts.iter().max().copied().unwrap_or(0));
        assert!(max - min <= 2, "evenly spread: {counts:?}");
        assert!(plan(&[], 10, 10, 1.0).is_empty());
    }

    #[test]
    fn only_a_marked_data_dir_is_a_test_deployment() {
        let dir = std::env::temp_dir().join(format!("souk-bench-marker-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        assert!(!is_test_deployment(&dir));
        mark_test_deployment(&dir).expect("marked");
        assert!(is_test_deployment(&dir));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
