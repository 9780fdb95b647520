//! The `souk` command line: `serve`, `migrate`, `seed --demo` (and `--bench-users`), `schema`, `socketio-echo`.

pub mod progress;
pub mod rules;

use crate::config::{Overrides, Settings};
use crate::server::{self, StartError};
use clap::{Args, Parser, Subcommand};
use souk_services::demo::shop_volume::seed_shop_volume;
use souk_services::demo::{DemoCredentials, SeedOutcome, demo_credentials, seed_demo};
use souk_storage::reference::Reference;
use souk_storage::sqlite::SqliteStore;
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(name = "souk", version, about = "Souk — the classifieds marketplace for Morocco")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Serve the marketplace (embedded mode by default: data in ./data, http://127.0.0.1:8080).
    Serve {
        #[command(flatten)]
        common: Common,
        /// Port to listen on.
        #[arg(long)]
        port: Option<u16>,
        /// Seed the demo marketplace first if the data dir is empty.
        #[arg(long)]
        demo: bool,
    },
    /// Saved-search alerts: record the new ads matching every saved search (live hook), and
    /// with --digest e-mail each account its digest of unsent matches. Run it daily from cron.
    SearchAlerts {
        #[command(flatten)]
        common: Common,
        #[arg(long)]
        digest: bool,
    },
    /// Apply pending database migrations and exit.
    Migrate {
        #[command(flatten)]
        common: Common,
    },
    /// Fill an empty data dir with the demo marketplace.
    Seed {
        #[command(flatten)]
        common: Common,
        /// Seed the demo marketplace (the only seed there is; required so the intent is explicit).
        #[arg(long)]
        demo: bool,
        /// How many ads to create (default: demo.ads from the settings).
        #[arg(long)]
        ads: Option<usize>,
        /// Also give the first demo shop this many more ads (for measuring shop screens at volume).
        #[arg(long)]
        shop_ads: Option<usize>,
        /// Also add this many active ads spread over every city (the search benchmark's listing).
        #[arg(long)]
        search_ads: Option<usize>,
        /// Give the first demo shop this many more ads and a year of statistics history (the
        /// statistics benchmark's shop); not with --shop-ads.
        #[arg(long, conflicts_with = "shop_ads")]
        stats_shop: Option<usize>,
        /// Mark the data dir as a test deployment (`--demo` does too): only such a data dir
        /// takes a bench population (docs/load-testing.md).
        #[arg(long)]
        test_deployment: bool,
        /// Add this many sign-in-ready load-test accounts sharing one password, and write the
        /// population manifest (bench-population.json) the load generator reads.
        #[arg(long)]
        bench_users: Option<usize>,
        /// With --bench-users: this many conversations about the demo's public ads (a few busy
        /// sellers, many quiet buyers).
        #[arg(long, requires = "bench_users", default_value_t = 0)]
        bench_conversations: usize,
        /// With --bench-users: the bench accounts' shared password.
        #[arg(long, requires = "bench_users", default_value = souk_services::bench_population::DEFAULT_BENCH_PASSWORD)]
        bench_password: String,
    },
    /// Give or take the admin role (an admin may act as a user; every write is audited), or
    /// the e-commerce store-owner role of the seller centre (`grant-ecommerce`, `revoke-ecommerce`).
    Admin {
        #[command(flatten)]
        common: Common,
        #[arg(value_enum)]
        action: AdminAction,
        /// The account's phone number or e-mail address.
        identifier: String,
    },
    /// Credit (or, negative, correct) an account's points or tokens: one ledger entry, as
    /// customer service does (docs/payments.md).
    Credit {
        #[command(flatten)]
        common: Common,
        /// The account's phone number or e-mail address.
        identifier: String,
        /// `points` (shops) or `tokens`.
        #[arg(long, default_value = "points")]
        balance: String,
        /// How many (negative to correct a mistake).
        #[arg(long, allow_hyphen_values = true)]
        amount: i64,
        /// Points only: they expire this many days from now.
        #[arg(long, default_value_t = 365)]
        valid_days: i64,
    },
    /// Write the rules and wording the client is built from (into client/src/generated).
    Rules {
        /// The directory to write rules.json, messages.fr.json and messages.ar.json into.
        #[arg(default_value = "client/src/generated")]
        dir: PathBuf,
    },
    /// Print the GraphQL schema (SDL).
    Schema,
    /// Serve the Socket.IO echo behaviour on 127.0.0.1 (protocol conformance tests).
    SocketioEcho {
        /// Port to listen on.
        #[arg(long)]
        port: u16,
        /// Milliseconds between server pings.
        #[arg(long, default_value_t = 25_000)]
        ping_interval: u64,
        /// Milliseconds to wait for a pong before dropping the client.
        #[arg(long, default_value_t = 20_000)]
        ping_timeout: u64,
        /// Milliseconds a client may stay without joining a namespace.
        #[arg(long, default_value_t = 45_000)]
        connect_timeout: u64,
    },
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum AdminAction {
    /// Give the admin role.
    Grant,
    /// Take the admin role.
    Revoke,
    /// Give the e-commerce store-owner role (the seller centre) to a shop.
    GrantEcommerce,
    /// Take the e-commerce store-owner role.
    RevokeEcommerce,
}

#[derive(Args, Debug, Clone)]
pub struct Common {
    /// A settings file (TOML, same keys as config/default.toml).
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Where the database, media and outbox live (default ./data).
    #[arg(long)]
    pub data_dir: Option<PathBuf>,
}

/// Why a command failed.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error(transparent)]
    Config(#[from] crate::config::ConfigError),
    #[error(transparent)]
    Start(#[from] StartError),
    #[error("seed: {0}")]
    Seed(#[from] souk_services::demo::SeedError),
    #[error("reference data: {0}")]
    Reference(#[from] souk_storage::reference::ReferenceError),
    #[error("{0}")]
    Usage(String),
}

fn settings(common: &Common, port: Option<u16>, demo: bool) -> Result<Settings, CliError> {
    Ok(Settings::load(&Overrides {
        config_file: common.config.clone(),
        data_dir: common.data_dir.clone(),
        port,
        demo,
    })?)
}

/// Runs one command to completion.
pub async fn run(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        Command::SocketioEcho { port, ping_interval, ping_timeout, connect_timeout } => {
            use std::time::Duration;
            let config = crate::socketio::Config {
                ping_interval: Duration::from_millis(ping_interval),
                ping_timeout: Duration::from_millis(ping_timeout),
                connect_timeout: Duration::from_millis(connect_timeout),
                ..crate::socketio::Config::default()
            };
            crate::socketio::serve_echo(port, config).await.map_err(|e| CliError::Start(StartError::Io(e)))
        }
        Command::Rules { dir } => {
            rules::write(&dir).map_err(|e| CliError::Start(StartError::Io(e)))?;
            eprintln!("rules: written to {}", dir.display());
            Ok(())
        }
        Command::Schema => {
            let schema = crate::graphql::build_schema(&crate::graphql::SchemaLimits {
                max_depth: 64,
                max_complexity: 100_000,
                introspection: true,
            });
            println!("{}", schema.sdl());
            Ok(())
        }
        Command::Admin { common, action, identifier } => {
            let settings = settings(&common, None, false)?;
            crate::logging::init(&settings);
            let store = server::open_store(&settings)?;
            let longest = settings.auth.access_ttl_secs.max(settings.auth.acting_ttl_secs);
            let result = set_admin(&store, action, &identifier, longest).await;
            store.shutdown().await;
            result
        }
        Command::Credit { common, identifier, balance, amount, valid_days } => {
            let settings = settings(&common, None, false)?;
            crate::logging::init(&settings);
            let store = server::open_store(&settings)?;
            let result = credit(&store, &identifier, &balance, amount, valid_days).await;
            store.shutdown().await;
            result
        }
        Command::SearchAlerts { common, digest } => {
            let settings = settings(&common, None, false)?;
            crate::logging::init(&settings);
            let store = server::open_store(&settings)?;
            let ephemeral = server::open_ephemeral(&settings).await?;
            let state = server::build_state_with(settings, store.clone(), ephemeral, server::Rounds::Nothing).await?;
            let now = souk_services::ads::service::now();
            let result = async {
                let run = state.saved_searches.match_new_ads(now).await?;
                eprintln!("search alerts: {} saved searches, {} new matches", run.searches, run.matches);
                if digest {
                    let sent = state.saved_searches.send_digests(now).await?;
                    eprintln!("search alerts: {sent} digests sent");
                }
                Ok::<(), souk_domain::SoukError>(())
            }
            .await;
            store.shutdown().await;
            result.map_err(|e| CliError::Usage(e.to_string()))
        }
        Command::Migrate { common } => {
            let settings = settings(&common, None, false)?;
            crate::logging::init(&settings);
            let store = server::open_store(&settings)?;
            store.shutdown().await;
            eprintln!("migrations applied to {}", settings.database_path().display());
            if let Some(cluster) = settings.scylla.cluster() {
                let session = souk_storage::scylla::connect(&cluster)
                    .await
                    .map_err(|e| CliError::Start(StartError::Scylla(e.to_string())))?;
                let applied = souk_storage::scylla::apply_schema(&session, &cluster.keyspace)
                    .await
                    .map_err(|e| CliError::Start(StartError::Scylla(e.to_string())))?;
                eprintln!("scylla schema: {applied} statements applied to keyspace {}", cluster.keyspace);
            }
            Ok(())
        }
        Command::Seed {
            common,
            demo,
            ads,
            shop_ads,
            search_ads,
            stats_shop,
            test_deployment,
            bench_users,
            bench_conversations,
            bench_password,
        } => {
            if !demo && !test_deployment && bench_users.is_none() {
                return Err(CliError::Usage("nothing to seed: pass --demo (or --bench-users N)".into()));
            }
            let settings = settings(&common, None, true)?;
            crate::logging::init(&settings);
            if test_deployment {
                mark_test_deployment(&settings)?;
            }
            let data_dir = &settings.storage.data_dir;
            if bench_users.is_some() && !demo && !souk_services::bench_population::is_test_deployment(data_dir) {
                // Refused before the store is opened: nothing is created in that data dir.
                let refusal = souk_services::bench_population::BenchError::NotTestDeployment(data_dir.clone());
                return Err(CliError::Usage(format!("bench population: {refusal}")));
            }
            let store = server::open_store(&settings)?;
            let mut result =
                if demo { seed(&store, &settings, ads.unwrap_or(settings.demo.ads)).await } else { Ok(()) };
            if let (Ok(()), Some(users)) = (&result, bench_users) {
                let options = souk_services::bench_population::BenchOptions {
                    users,
                    conversations: bench_conversations,
                    password: bench_password,
                    zipf_exponent: 1.0,
                };
                result = seed_bench(&store, &settings, &options).await;
            }
            if let (Ok(()), Some(n)) = (&result, shop_ads) {
                result = seed_shop(&store, n).await;
            }
            if let (Ok(()), Some(n)) = (&result, search_ads) {
                result = seed_search(&store, n).await;
            }
            if let (Ok(()), Some(n)) = (&result, stats_shop) {
                result = seed_stats_shop(&store, n).await;
            }
            store.shutdown().await;
            result
        }
        Command::Serve { common, port, demo } => {
            let settings = settings(&common, port, demo)?;
            crate::logging::init(&settings);
            let store = server::open_store(&settings)?;
            if settings.demo.seed_on_empty {
                seed(&store, &settings, settings.demo.ads).await?;
            }
            let ephemeral = server::open_ephemeral(&settings).await?;
            let state = server::build_state_with(settings, store.clone(), ephemeral, server::Rounds::Shared).await?;
            let stats = std::sync::Arc::clone(&state.stats);
            let (socketio, drain_within) =
                (state.socketio.clone(), std::time::Duration::from_secs(state.settings.server.shutdown_timeout_secs));
            let (server, addr) = server::bind(state)?;
            actix_web::rt::spawn(crate::ops::drain::stop_on_signal(server.handle(), socketio, drain_within));
            tracing::info!(%addr, "serving");
            eprintln!("Souk is serving on http://{addr}  (Ctrl-C to stop)");
            let outcome = server.await;
            tracing::info!("in-flight requests finished; flushing the store (statistics first)");
            if let Err(e) = stats.flush().await {
                tracing::warn!(error = %e, "statistics counted in the last second were not written");
            }
            store.shutdown().await;
            outcome.map_err(|e| CliError::Start(StartError::Io(e)))
        }
    }
}

/// `souk admin`: grants or takes away a role. Taking one away also voids the account's access
/// tokens at once (a running server reads the durable revocation list within seconds,
/// `revocation_sync`); granting one takes effect at the next sign-in.
async fn set_admin(
    store: &SqliteStore,
    action: AdminAction,
    identifier: &str,
    longest_token_secs: u64,
) -> Result<(), CliError> {
    use souk_domain::account::{Identifier, Role};
    use souk_storage::accounts::AccountStore;
    let id = Identifier::parse(identifier).map_err(|e| CliError::Usage(format!("{identifier}: {e}")))?;
    let found = match &id {
        Identifier::Phone(p) => store.find_account_by_phone(p).await,
        Identifier::Email(e) => store.find_account_by_email(e).await,
    }
    .map_err(|e| CliError::Start(StartError::Store(e)))?;
    let account = found.ok_or_else(|| CliError::Usage(format!("no account with {}", id.as_str())))?;
    let (role, grant, verb) = match action {
        AdminAction::Grant => (Role::Admin, true, "is now an admin"),
        AdminAction::Revoke => (Role::Admin, false, "is no longer an admin"),
        AdminAction::GrantEcommerce => {
            (Role::EcommerceStoreOwner, true, "now runs a seller centre (e-commerce store owner)")
        }
        AdminAction::RevokeEcommerce => (Role::EcommerceStoreOwner, false, "no longer runs a seller centre"),
    };
    if role == Role::EcommerceStoreOwner && account.store_id.is_none() {
        return Err(CliError::Usage(format!("{} is not a shop: only shops run a seller centre", id.as_str())));
    }
    let mut roles: Vec<Role> = account.roles.into_iter().filter(|r| *r != role).collect();
    if grant {
        roles.push(role);
    }
    store.set_roles(account.account.account_id, roles).await.map_err(|e| CliError::Start(StartError::Store(e)))?;
    if grant {
        eprintln!("{} ({}) {verb}; it takes effect at the next sign-in", account.account.name, id.as_str());
        return Ok(());
    }
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64);
    let cut_off = souk_storage::accounts::SessionRevocation {
        subject: souk_services::accounts::revocations::account_subject(account.account.account_id),
        issued_before: now + 1,
        expires_at: now + i64::try_from(longest_token_secs).unwrap_or(i64::MAX / 2) + 60,
    };
    store.insert_session_revocations(vec![cut_off]).await.map_err(|e| CliError::Start(StartError::Store(e)))?;
    eprintln!("{} ({}) {verb}; their sessions end within seconds", account.account.name, id.as_str());
    Ok(())
}

/// `souk credit`: one ledger entry for the account of `identifier`.
async fn credit(
    store: &SqliteStore,
    identifier: &str,
    balance: &str,
    amount: i64,
    valid_days: i64,
) -> Result<(), CliError> {
    use souk_domain::account::Identifier;
    use souk_domain::balances::{Balance, EntryReason};
    use souk_storage::accounts::AccountStore;
    use souk_storage::payments::{BalanceEntry, PaymentStore};
    let balance = Balance::parse(balance).ok_or_else(|| CliError::Usage(format!("{balance}: points or tokens")))?;
    if amount == 0 {
        return Err(CliError::Usage("--amount must not be 0".into()));
    }
    let id = Identifier::parse(identifier).map_err(|e| CliError::Usage(format!("{identifier}: {e}")))?;
    let found = match &id {
        Identifier::Phone(p) => store.find_account_by_phone(p).await,
        Identifier::Email(e) => store.find_account_by_email(e).await,
    }
    .map_err(|e| CliError::Start(StartError::Store(e)))?;
    let account = found.ok_or_else(|| CliError::Usage(format!("no account with {}", id.as_str())))?;
    if balance == Balance::Points && account.store_id.is_none() {
        return Err(CliError::Usage(format!("{} is not a shop: points are a shop's balance", id.as_str())));
    }
    let now = souk_services::ads::service::now();
    let entry = BalanceEntry {
        entry_id: uuid::Uuid::now_v7().to_string(),
        account_id: account.account.account_id,
        balance,
        delta: amount,
        reason: EntryReason::Credit.as_str().into(),
        order_id: None,
        expires_at: (balance == Balance::Points).then_some(now + valid_days * 86_400),
        created_at: now,
    };
    store.add_entry(entry).await.map_err(|e| CliError::Start(StartError::Store(e)))?;
    let standing =
        store.standing(account.account.account_id, balance).await.map_err(|e| CliError::Start(StartError::Store(e)))?;
    eprintln!(
        "{} ({}): {amount:+} {}; the balance is now {}",
        account.account.name,
        id.as_str(),
        balance.as_str(),
        standing.sum
    );
    Ok(())
}

/// Marks the data dir as a test deployment (docs/load-testing.md).
fn mark_test_deployment(settings: &Settings) -> Result<(), CliError> {
    souk_services::bench_population::mark_test_deployment(&settings.storage.data_dir)
        .map_err(|e| CliError::Start(StartError::Io(e)))
}

/// `souk seed --bench-users N [--bench-conversations M]`: the load-test population.
async fn seed_bench(
    store: &SqliteStore,
    settings: &Settings,
    options: &souk_services::bench_population::BenchOptions,
) -> Result<(), CliError> {
    let reference = Reference::embedded()?;
    let started = std::time::Instant::now();
    let mut bar = progress::ProgressBar::new();
    let outcome = souk_services::bench_population::seed_bench_population(
        store,
        &reference,
        &settings.storage.data_dir,
        options,
        &mut |p| bar.update(p.stage, p.done, p.total),
    )
    .await;
    bar.finish();
    let summary = outcome.map_err(|e| CliError::Usage(format!("bench population: {e}")))?;
    eprintln!(
        "bench: {} accounts ({:.0}/s, password {}), {} conversations over {} sellers (the busiest has {}) in {:.1} s; manifest {}",
        summary.users,
        summary.users as f64 / summary.account_seconds.max(1e-6),
        options.password,
        summary.conversations,
        summary.sellers,
        summary.busiest_seller,
        started.elapsed().as_secs_f64(),
        summary.manifest.display()
    );
    Ok(())
}

async fn seed(store: &SqliteStore, settings: &Settings, ads: usize) -> Result<(), CliError> {
    // The demo is never production: its data dir is a test deployment.
    mark_test_deployment(settings)?;
    let reference = Reference::embedded()?;
    let mut bar = progress::ProgressBar::new();
    let outcome =
        seed_demo(store, &reference, &settings.media_dir(), ads, &mut |p| bar.update(p.stage, p.done, p.total)).await;
    bar.finish();
    match outcome? {
        SeedOutcome::AlreadySeeded { accounts } => {
            eprintln!("demo: the data dir already holds {accounts} accounts; nothing seeded");
            print_credentials(&demo_credentials(&reference));
        }
        SeedOutcome::Seeded(summary) => {
            eprintln!(
                "demo: {} ads ({} boosted), {} photos, {} accounts, {} orders",
                summary.ads,
                summary.boosted,
                summary.images,
                summary.accounts.len(),
                summary.orders
            );
            print_credentials(&summary.accounts);
        }
    }
    Ok(())
}

/// The first shop of the demo's sign-in list: the one the volume seeds grow.
fn first_demo_shop() -> Result<DemoCredentials, CliError> {
    demo_credentials(&Reference::embedded()?)
        .into_iter()
        .find(|c| c.kind == souk_domain::account::AccountType::Shop)
        .ok_or_else(|| CliError::Usage("the demo has no shop".into()))
}

/// Adds `count` ads to the first demo shop.
async fn seed_shop(store: &SqliteStore, count: usize) -> Result<(), CliError> {
    let shop = first_demo_shop()?;
    let mut bar = progress::ProgressBar::new();
    let owner = seed_shop_volume(store, &shop.login, count, &mut |p| bar.update(p.stage, p.done, p.total)).await;
    bar.finish();
    let owner = owner?;
    eprintln!("demo: {count} more ads for {} (account {owner}, sign in with {})", shop.name, shop.login);
    Ok(())
}

/// Gives the first demo shop `count` more ads and a year of statistics history.
async fn seed_stats_shop(store: &SqliteStore, count: usize) -> Result<(), CliError> {
    use souk_storage::accounts::AccountStore;
    let started = std::time::Instant::now();
    let shop = first_demo_shop()?;
    let mut bar = progress::ProgressBar::new();
    let owner = seed_shop_volume(store, &shop.login, count, &mut |p| bar.update(p.stage, p.done, p.total)).await;
    let history = match owner {
        Ok(owner) => {
            let now = souk_services::ads::service::now();
            souk_services::demo::stats_history::seed_stats_history(store, owner, count, now, &mut |p| {
                bar.update(p.stage, p.done, p.total)
            })
            .await
            .map(|h| (owner, h))
        }
        Err(e) => Err(e),
    };
    bar.finish();
    let (owner, history) = history?;
    let store_id = store.find_account(owner).await.ok().flatten().and_then(|a| a.store_id);
    eprintln!(
        "demo: statistics shop {} (account {owner}, store {}, sign in with {} / {}): {} ads, {} views, {} counts over a year in {:.1} s",
        shop.name,
        store_id.map_or("?".to_string(), |s| s.to_string()),
        shop.login,
        shop.password,
        history.ads,
        history.views,
        history.counts,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Adds `count` active ads over every city, with the ingest rate.
async fn seed_search(store: &SqliteStore, count: usize) -> Result<(), CliError> {
    let started = std::time::Instant::now();
    let mut bar = progress::ProgressBar::new();
    let templates = souk_services::demo::search_volume::seed_search_volume(store, count, &mut |p| {
        bar.update(p.stage, p.done, p.total)
    })
    .await;
    bar.finish();
    let templates = templates?;
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "demo: {count} search ads from {templates} templates in {secs:.1} s ({:.0} ads/s)",
        count as f64 / secs.max(0.001)
    );
    Ok(())
}

fn print_credentials(accounts: &[DemoCredentials]) {
    eprintln!("demo accounts (sign in with the login and password):");
    for c in accounts {
        eprintln!("  {:<9} {:<34} {:<36} {}", c.kind_word(), c.name, c.login, c.password);
    }
}
