//! The demo marketplace: on an empty store, placeholder photos, about twenty demo accounts
//! (private sellers and shops) and a few thousand realistic ads in French and Arabic over
//! every category — a few percent of them boosted with a running pack (`boosts`) — so the
//! product can be tried at once. Generation is pure and
//! deterministic (`generate`); `seed_demo` writes it, CPU work on blocking threads.

pub mod boosts;
mod content;
pub mod generate;
pub mod images;
mod jobs;
mod market;
pub mod orders;
mod people;
pub mod products;
mod real_estate;
mod rng;
pub mod search_volume;
pub mod shop_volume;
pub mod stats_history;
pub mod text_rules;
mod vehicles;

pub use generate::{DEMO_PASSWORD, DemoAccount, DemoData, generate};
pub use images::ImageSet;

use crate::accounts::password::{PasswordError, hash_password};
use souk_domain::account::AccountType;
use souk_domain::catalog::Vertical;
use souk_storage::StoreError;
use souk_storage::accounts::{AccountStore, NewAccount};
use souk_storage::ads::AdStore;
use souk_storage::orders::OrderStore;
use souk_storage::payments::PaymentStore;
use souk_storage::products::ProductStore;
use souk_storage::reference::Reference;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// The seed of the demo data: the same marketplace on every machine.
pub const DEMO_SEED: u64 = 0x500c_2026_de30;
/// How many ads the command line seeds.
pub const DEFAULT_AD_COUNT: usize = 3_200;
/// Ads written per store call (one transaction each).
pub const AD_BATCH: usize = 250;

/// How to sign in as one demo account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoCredentials {
    pub kind: AccountType,
    /// A shop that runs a seller centre (printed as `ecommerce`).
    pub ecommerce: bool,
    pub name: String,
    /// The phone number for a private seller, the e-mail address for a shop.
    pub login: String,
    pub password: String,
}

impl DemoCredentials {
    /// The kind as the demo prints it: `private`, `shop` or `ecommerce`.
    pub fn kind_word(&self) -> &'static str {
        if self.ecommerce { "ecommerce" } else { self.kind.as_str() }
    }

    /// How to sign in as a generated demo account.
    pub fn of(demo: &DemoAccount) -> DemoCredentials {
        let a = &demo.account;
        let login = match a.account_type {
            AccountType::Private => a.phone.clone(),
            AccountType::Shop => a.email.clone(),
        };
        DemoCredentials {
            kind: a.account_type,
            ecommerce: products::is_ecommerce(demo),
            name: a.name.clone(),
            login: login.unwrap_or_default(),
            password: demo.password.clone(),
        }
    }
}

/// The demo accounts' logins, the same on every machine: printed at every demo start, not
/// only the first. Accounts are generated before any ad, so no ad is needed to know them.
pub fn demo_credentials(reference: &Reference) -> Vec<DemoCredentials> {
    generate(reference, 0, DEMO_SEED, 0, &ImageSet::empty()).accounts.iter().map(DemoCredentials::of).collect()
}

/// What a seed wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeedSummary {
    pub accounts: Vec<DemoCredentials>,
    pub ads: usize,
    /// Purchase orders of the private accounts (`orders::purchase_orders`).
    pub orders: usize,
    /// Ads running a boost pack (`boosts::running_packs`).
    pub boosted: usize,
    /// Placeholder photos in the media directory (written now or already there).
    pub images: usize,
}

/// The result of `seed_demo`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeedOutcome {
    Seeded(SeedSummary),
    /// The store already had accounts: nothing was written.
    AlreadySeeded {
        accounts: u64,
    },
}

/// Where a seed stands, for a progress display.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeedProgress {
    /// `"images"`, `"accounts"`, `"ads"` or `"boosts"`.
    pub stage: &'static str,
    pub done: usize,
    pub total: usize,
}

/// Why the demo seed failed.
#[derive(Debug, thiserror::Error)]
pub enum SeedError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("reference data: {0}")]
    Reference(String),
    #[error("media directory: {0}")]
    Io(#[from] std::io::Error),
    #[error("placeholder photo: {0}")]
    Image(#[from] image::ImageError),
    #[error(transparent)]
    Password(#[from] PasswordError),
}

/// Runs CPU or file work on a blocking thread.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, SeedError> + Send + 'static,
) -> Result<T, SeedError> {
    tokio::task::spawn_blocking(work).await.map_err(|e| SeedError::Io(std::io::Error::other(e)))?
}

/// Seeds the demo marketplace into an empty store: placeholder photos under `media_dir`,
/// the demo accounts, then `ad_count` ads in batches of `AD_BATCH`, then the running boost
/// packs and the private accounts' purchase orders, reporting progress after each step. A store that already has accounts is left untouched.
pub async fn seed_demo<S: AccountStore + AdStore + OrderStore + ProductStore + PaymentStore>(
    store: &S,
    reference: &Reference,
    media_dir: &Path,
    ad_count: usize,
    progress: &mut (dyn FnMut(SeedProgress) + Send),
) -> Result<SeedOutcome, SeedError> {
    let existing = store.count_accounts().await?;
    if existing > 0 {
        return Ok(SeedOutcome::AlreadySeeded { accounts: existing });
    }
    if generate::postable_leaves(reference).is_empty() || reference.cities.is_empty() {
        return Err(SeedError::Reference("no leaf category or no city to place demo ads in".into()));
    }

    let image_set = ImageSet::standard();
    let total_images = image_set.len();
    let mut done = 0;
    progress(SeedProgress { stage: "images", done, total: total_images });
    // One blocking task per vertical, all started at once so that every core draws.
    let tasks: Vec<_> = Vertical::ALL
        .into_iter()
        .map(|vertical| {
            let dir: PathBuf = media_dir.to_path_buf();
            let count = image_set.paths(vertical).len();
            let task = tokio::task::spawn_blocking(move || -> Result<(), SeedError> {
                for n in 1..=count {
                    images::write_placeholder(&dir, vertical, n)?;
                }
                Ok(())
            });
            (count, task)
        })
        .collect();
    for (count, task) in tasks {
        task.await.map_err(|e| SeedError::Io(std::io::Error::other(e)))??;
        done += count;
        progress(SeedProgress { stage: "images", done, total: total_images });
    }

    let now = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0);
    let reference_copy = reference.clone();
    let set = image_set.clone();
    let data = blocking(move || Ok(generate(&reference_copy, ad_count, DEMO_SEED, now, &set))).await?;

    let demo_orders = orders::purchase_orders(&data, now);
    let demo_packs = boosts::running_packs(&data, reference, now);
    let order_count = demo_orders.len();
    let total_accounts = data.accounts.len();
    progress(SeedProgress { stage: "accounts", done: 0, total: total_accounts });
    let mut new_accounts = Vec::with_capacity(total_accounts);
    let mut credentials = Vec::with_capacity(total_accounts);
    let demo_products = products::products(&data, now);
    let demo_entries = balances(&data.accounts, now);
    let mut demo_orders = demo_orders;
    for o in &mut demo_orders {
        o.checkout.product_id =
            demo_products.iter().find(|p| Some(p.list_id) == o.list_id).map(|p| p.product_id.clone());
    }
    for (i, demo) in data.accounts.into_iter().enumerate() {
        let password = demo.password.clone();
        let password_hash = blocking(move || Ok(hash_password(&password)?)).await?;
        credentials.push(DemoCredentials::of(&demo));
        let ecommerce = products::is_ecommerce(&demo);
        let mut new = NewAccount::new(demo.account, password_hash);
        if ecommerce {
            new.roles.push(souk_domain::account::Role::EcommerceStoreOwner);
        }
        new_accounts.push(new);
        progress(SeedProgress { stage: "accounts", done: i + 1, total: total_accounts });
    }
    store.insert_accounts(new_accounts).await?;

    let total_ads = data.ads.len();
    let mut written = 0;
    progress(SeedProgress { stage: "ads", done: 0, total: total_ads });
    let mut ads = data.ads;
    while !ads.is_empty() {
        let rest = ads.split_off(AD_BATCH.min(ads.len()));
        let batch = std::mem::replace(&mut ads, rest);
        written += batch.len();
        store.insert_ads(batch).await?;
        progress(SeedProgress { stage: "ads", done: written, total: total_ads });
    }
    let total_packs = demo_packs.len();
    progress(SeedProgress { stage: "boosts", done: 0, total: total_packs });
    for (i, p) in demo_packs.into_iter().enumerate() {
        let pack = souk_domain::ad::VasPack { name: p.kind.as_str().into(), start_date: p.start, end_date: p.end };
        store.add_vas_pack(&p.ad_id, pack, p.bumped_at).await?;
        if (i + 1) % 25 == 0 || i + 1 == total_packs {
            progress(SeedProgress { stage: "boosts", done: i + 1, total: total_packs });
        }
    }
    store.insert_products_for_ads(demo_products).await?;
    store.insert_orders(demo_orders).await?;
    for entry in demo_entries {
        store.add_entry(entry).await?;
    }
    tracing::info!(
        accounts = credentials.len(),
        ads = written,
        orders = order_count,
        boosted = total_packs,
        images = total_images,
        "demo data seeded"
    );
    Ok(SeedOutcome::Seeded(SeedSummary {
        accounts: credentials,
        ads: written,
        orders: order_count,
        boosted: total_packs,
        images: total_images,
    }))
}

/// The demo's balances (issue 24), as ledger entries: every shop's membership points — the
/// first shop 1 000 points for six months, the second 300 points that expired yesterday (the
/// "0 credits" case of spec §8), the others 500 for three months — and 150 tokens for the
/// first private account.
fn balances(accounts: &[generate::DemoAccount], now: i64) -> Vec<souk_storage::payments::BalanceEntry> {
    use souk_domain::account::AccountType;
    use souk_domain::balances::{Balance, EntryReason};
    let day = 86_400;
    let entry = |account_id: i64, balance: Balance, delta: i64, reason: EntryReason, expires_at: Option<i64>| {
        souk_storage::payments::BalanceEntry {
            entry_id: format!("demo-{}-{account_id}", balance.as_str()),
            account_id,
            balance,
            delta,
            reason: reason.as_str().into(),
            order_id: None,
            expires_at,
            created_at: now - 30 * day,
        }
    };
    let mut out = Vec::new();
    let shops = accounts.iter().filter(|a| a.account.account_type == AccountType::Shop);
    for (n, shop) in shops.enumerate() {
        let (points, expires) = match n {
            0 => (1_000, now + 180 * day),
            1 => (300, now - day),
            _ => (500, now + 90 * day),
        };
        out.push(entry(shop.account.account_id, Balance::Points, points, EntryReason::Membership, Some(expires)));
    }
    if let Some(first) = accounts.iter().find(|a| a.account.account_type == AccountType::Private) {
        out.push(entry(first.account.account_id, Balance::Tokens, 150, EntryReason::Credit, None));
    }
    out
}
