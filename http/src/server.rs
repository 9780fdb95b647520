//! Starting and stopping the server: open the stores, seed the demo when asked, load the
//! catalog, serve until SIGTERM/SIGINT, let in-flight requests finish, flush the writer.

use crate::config::{EphemeralBackend, Settings};
use crate::graphql::cache::ReferenceCache;
use crate::graphql::documents::DocumentCache;
use crate::graphql::{SchemaLimits, build_schema};
use crate::ops::metrics::Metrics;
use crate::routes;
use crate::state::AppState;
use actix_web::dev::{Server, Service};
use actix_web::{App, web};
use futures_util::FutureExt;
use souk_actors::fanout::Fanout;
use souk_actors::presence::Presence;
use souk_actors::sessions::{AttachPresence, SessionRegistry};
use souk_services::accounts::codes::CodePolicy;
use souk_services::accounts::facebook_graph::FacebookGraph;
use souk_services::accounts::service::{AccountService, AccountSettings};
use souk_services::accounts::social::{JwksSource, ProviderSettings, SocialProvider, SocialVerifier};
use souk_services::ads::{AdService, AdUploads};
use souk_services::catalog::CatalogService;
use souk_services::chat::{ChatDeps, ChatService};
use souk_services::client_log::ClientLogService;
use souk_services::notify::{
    LettreMailer, MailSettings, MailTransport, Mailer, MessageSender, OutboxMessageSender, SmtpTls,
};
use souk_services::orders::{OrderService, OrderStores};
use souk_services::payments::PaymentService;
use souk_services::products::ProductService;
use souk_services::scheduling::{self, SchedulerBuilder};
use souk_services::search::SearchService;
use souk_services::search::parse_url::{ParseUrlService, slug_index};
use souk_services::search::saved::SavedSearchService;
use souk_services::search::shops::ShopService;
use souk_services::stats::StatsService;
use souk_storage::ads::AdStore;
use souk_storage::chat::ChatStore;
use souk_storage::ephemeral::Ephemeral;
use souk_storage::ephemeral::memory::MemoryEphemeral;
use souk_storage::ephemeral::redis::RedisEphemeral;
use souk_storage::media::LocalMediaStore;
use souk_storage::media::MediaStore;
use souk_storage::sqlite::SqliteStore;
use std::sync::Arc;
use std::time::Duration;
use std::time::Instant;

/// Parsed GraphQL documents kept (the client's documents number in the tens).
const DOCUMENT_CACHE_ENTRIES: usize = 512;

/// Why the server could not start; the message names what to fix.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("storage.data_dir {path}: {source}")]
    DataDir { path: String, source: std::io::Error },
    #[error("storage: {0}")]
    Store(#[from] souk_storage::StoreError),
    #[error("ephemeral.redis_url: {0}")]
    Redis(String),
    #[error("scylla: {0}")]
    Scylla(String),
    #[error("catalog: {0}")]
    Catalog(#[from] souk_services::catalog::CatalogError),
    #[error("auth.jwt_secret: {0}")]
    Secret(String),
    #[error("mail: {0}")]
    Mail(String),
    #[error("social: {0}")]
    Social(String),
    #[error("orders: {0}")]
    Orders(String),
    #[error("metrics: {0}")]
    Metrics(#[from] prometheus::Error),
    #[error("server.host/server.port {addr}: {source}")]
    Bind { addr: String, source: std::io::Error },
    #[error("server: {0}")]
    Io(#[from] std::io::Error),
}

/// Opens the SQLite store in the data dir (creating the dir), applying migrations.
pub fn open_store(settings: &Settings) -> Result<SqliteStore, StartError> {
    let dir = &settings.storage.data_dir;
    std::fs::create_dir_all(dir).map_err(|source| StartError::DataDir { path: dir.display().to_string(), source })?;
    Ok(SqliteStore::open(settings.database_path(), settings.storage.readers)?)
}

/// The caps on live sockets, held across the processes sharing `ephemeral`, their leases kept.
fn socket_caps(settings: &Settings, ephemeral: &Arc<dyn Ephemeral>) -> Arc<souk_services::socket_caps::SocketCaps> {
    let r = &settings.realtime;
    let caps = Arc::new(souk_services::socket_caps::SocketCaps::new(
        Arc::clone(ephemeral),
        r.sockets_per_account,
        r.sockets_per_address,
        std::time::Duration::from_secs(r.socket_lease_secs),
    ));
    caps.keep_leases();
    caps
}

/// Connects the configured ephemeral backend.
pub async fn open_ephemeral(settings: &Settings) -> Result<Arc<dyn Ephemeral>, StartError> {
    let e = &settings.ephemeral;
    Ok(match e.backend {
        EphemeralBackend::Memory => Arc::new(MemoryEphemeral::new(e.prefix.clone())),
        EphemeralBackend::Redis => Arc::new(
            RedisEphemeral::connect(&e.redis_url, e.prefix.clone())
                .await
                .map_err(|err| StartError::Redis(err.to_string()))?,
        ),
    })
}

/// The stores that move to the ScyllaDB cluster in distributed mode (the metrics time series
/// and the chat); in embedded mode both are the SQLite file.
pub struct ClusterStores {
    pub metrics: Arc<dyn souk_storage::metrics::MetricsStore>,
    pub chat: Arc<dyn ChatStore>,
}

/// Connects the cluster when `[scylla] contact_points` is set, else answers the SQLite store.
pub async fn open_cluster_stores(settings: &Settings, store: &SqliteStore) -> Result<ClusterStores, StartError> {
    let Some(cluster) = settings.scylla.cluster() else {
        return Ok(ClusterStores { metrics: Arc::new(store.clone()), chat: Arc::new(store.clone()) });
    };
    let fail = |e: souk_storage::StoreError| StartError::Scylla(format!("{e} (did `souk migrate` apply the schema?)"));
    let session = souk_storage::scylla::connect(&cluster).await.map_err(|e| StartError::Scylla(e.to_string()))?;
    let metrics =
        souk_storage::metrics::ScyllaMetricsStore::new(session.clone(), &cluster.keyspace).await.map_err(fail)?;
    let chat = souk_storage::scylla::chat::ScyllaChatStore::new(session, &cluster.keyspace, Arc::new(store.clone()))
        .await
        .map_err(fail)?;
    Ok(ClusterStores { metrics: Arc::new(metrics), chat: Arc::new(chat) })
}

/// The rounds the process's scheduler runs besides its own statistics flush and the due jobs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rounds {
    /// No scheduler at all: a one-shot command, which must not claim jobs it may not finish.
    Nothing,
    /// No other (tests).
    OwnOnly,
    /// Also those every `souk serve` process shares through leases: the saved-search alerts and
    /// the daily bump renewal.
    Shared,
}

/// Builds the application state from open stores; its scheduler runs [`Rounds::OwnOnly`].
pub async fn build_state(
    settings: Settings,
    store: SqliteStore,
    ephemeral: Arc<dyn Ephemeral>,
) -> Result<AppState, StartError> {
    build_state_with(settings, store, ephemeral, Rounds::OwnOnly).await
}

/// Builds the application state from open stores and starts the process's scheduler
/// (`docs/scheduler.md`) with `rounds`.
pub async fn build_state_with(
    settings: Settings,
    store: SqliteStore,
    ephemeral: Arc<dyn Ephemeral>,
    rounds: Rounds,
) -> Result<AppState, StartError> {
    let catalog = CatalogService::load(&store).await?;
    let reference_cache_entries = settings.graphql.reference_cache_entries;
    let schema = build_schema(&SchemaLimits {
        max_depth: settings.graphql.max_depth,
        max_complexity: settings.graphql.max_complexity,
        introspection: settings.graphql.introspection,
    });
    let catalog = Arc::new(catalog);
    let (mailer, sender) = notifiers(&settings)?;
    let accounts =
        Arc::new(account_service(&settings, &store, &ephemeral, &catalog, (Arc::clone(&mailer), Arc::clone(&sender)))?);
    let social = Arc::new(social_verifier(&settings)?);
    let media: Arc<dyn MediaStore> = Arc::new(LocalMediaStore::new(settings.media_dir()));
    let ad_store: Arc<dyn AdStore> = Arc::new(store.clone());
    let cluster = open_cluster_stores(&settings, &store).await?;
    let stats = StatsService::new(cluster.metrics, Arc::clone(&ad_store), Arc::clone(&ephemeral));
    stats.run_sessions(souk_services::stats::SESSION_IDLE);
    stats.count_views_per_address(settings.stats.count_views_per_address);
    let (chat, sessions) =
        chat_service(&settings, &store, cluster.chat, &ephemeral, &media, Arc::clone(&mailer), Arc::clone(&stats))
            .await;
    stats.forward_live(chat.fanout().clone());
    accounts.end_live_sessions_through(chat.fanout().clone());
    let socketio = crate::socketio::Server::new(
        crate::realtime::config(),
        Arc::new(
            crate::realtime::Realtime::new(Arc::clone(&accounts), Arc::clone(&chat), sessions.clone())
                .with_caps(socket_caps(&settings, &ephemeral)),
        ),
    );
    let ads = AdService::new(
        Arc::clone(&ad_store),
        Arc::clone(&stats),
        Arc::new(store.clone()),
        Arc::clone(&catalog),
        Arc::clone(&mailer),
        sender,
        settings.ads.clone(),
    );
    ads.tell_moderators_through(chat.fanout().clone());
    let ads = Arc::new(ads);
    let payments = PaymentService::new(
        Arc::new(store.clone()),
        Arc::clone(&ad_store),
        Arc::clone(&ads),
        Arc::clone(&catalog),
        settings.payments.service(&settings.packs, &settings.auth.public_base_url),
    );
    let uploads = AdUploads::new(ad_store, Arc::clone(&media), settings.ads.max_parallel_uploads);
    let logos =
        souk_services::accounts::logo::ShopLogos::new(Arc::clone(&media), Arc::clone(&accounts), uploads.permits());
    let search = Arc::new(
        SearchService::new(Arc::new(store.clone()), Arc::new(store.clone()), Arc::clone(&catalog))
            .with_cache_ttl(std::time::Duration::from_millis(settings.search.listing_cache_ms)),
    );
    let shops = ShopService::new(Arc::new(store.clone()), Arc::new(store.clone()), Arc::clone(&search));
    let slugs = Arc::new(slug_index(&catalog));
    let order_mailer = Arc::clone(&mailer);
    let credit = Arc::new(souk_services::credit::CreditService::new(
        souk_services::credit::CreditStores {
            requests: Arc::new(store.clone()),
            ads: Arc::new(store.clone()),
            accounts: Arc::new(store.clone()),
        },
        Arc::clone(&catalog),
        Arc::clone(&slugs),
        Arc::clone(&mailer),
        Arc::new(souk_services::limits::RateLimits::new(Arc::clone(&ephemeral))),
        settings.credit.service(&settings.auth.public_base_url),
    ));
    let valuation = Arc::new(souk_services::valuation::ValuationService::new(
        Arc::new(store.clone()),
        Arc::clone(&catalog),
        Arc::clone(&mailer),
        settings.valuation.service(&settings.auth.public_base_url),
    ));
    let saved_searches = SavedSearchService::new(
        Arc::new(store.clone()),
        Arc::new(store.clone()),
        Arc::new(store.clone()),
        Arc::clone(&search),
        Arc::clone(&ephemeral),
        mailer,
        Arc::clone(&slugs),
        settings.auth.public_base_url.clone(),
    );
    let orders = Arc::new(OrderService::new(
        OrderStores {
            orders: Arc::new(store.clone()),
            products: Arc::new(store.clone()),
            accounts: Arc::new(store.clone()),
            delivery: Arc::new(store.clone()),
            ads: Arc::new(store.clone()),
        },
        Arc::clone(&catalog),
        Arc::clone(&media),
        settings.orders.service(&settings.auth.public_base_url),
    ));
    let resumed = orders
        .run_workflows(chat.fanout().clone(), order_mailer)
        .await
        .map_err(|e| StartError::Orders(e.to_string()))?;
    tracing::info!(open_orders = resumed, "order workflows started");
    saved_searches.set_alert_sink(Arc::new(souk_services::search::saved::FanoutAlertSink(chat.fanout().clone())));
    let saved_searches = Arc::new(saved_searches);
    // Job handlers are registered here, before the start: `.handler(kind, Arc<dyn JobHandler>)`.
    let payments = Arc::new(payments);
    let mut scheduler = SchedulerBuilder::new()
        .jobs(Arc::new(store.clone()))
        .periodic(scheduling::stats_flush(Arc::clone(&stats)))
        .periodic(scheduling::revocation_sync(Arc::clone(&accounts)));
    for (kind, handler) in souk_services::payments::job_handlers(&payments) {
        scheduler = scheduler.handler(kind, handler);
    }
    for (kind, handler) in souk_services::chat::job_handlers(&chat) {
        scheduler = scheduler.handler(kind, handler);
    }
    scheduler = scheduler.periodic(souk_services::chat::visitor_message_purge(Arc::clone(&chat)));
    if rounds == Rounds::Shared {
        scheduler = scheduler
            .periodic(scheduling::saved_search_alerts(
                Arc::clone(&saved_searches),
                Duration::from_secs(settings.search.alerts_every_secs),
                settings.search.digest_hour_utc,
            ))
            .periodic(scheduling::bump_renewal(
                Arc::clone(&ads),
                Arc::clone(&ephemeral),
                souk_services::ads::service::RENEWAL_EVERY,
            ));
    }
    if rounds != Rounds::Nothing {
        scheduler.start();
    }
    Ok(AppState {
        credit,
        valuation,
        saved_searches,
        ads,
        payments,
        stats,
        orders,
        limits: Arc::new(souk_services::limits::RateLimits::new(Arc::clone(&ephemeral))),
        products: Arc::new(ProductService::new(Arc::new(store.clone()), Arc::new(store.clone()), Arc::clone(&catalog))),
        search,
        shops: Arc::new(shops),
        parse_url: Arc::new(ParseUrlService::new(Arc::clone(&catalog), Arc::clone(&slugs))),
        slugs,
        uploads: Arc::new(uploads),
        logos: Arc::new(logos),
        sitemap: Arc::new(souk_services::sitemap::SitemapService::new(
            Arc::new(store.clone()),
            Arc::new(store.clone()),
        )),
        client_log: Arc::new(ClientLogService::new(Arc::clone(&ephemeral), settings.client_log.per_minute)),
        accounts,
        social,
        media,
        chat,
        sessions,
        socketio,
        settings: Arc::new(settings),
        readiness: Arc::new(souk_services::health::Readiness::new(Arc::new(store), Arc::clone(&ephemeral))),
        ephemeral,
        catalog,
        schema,
        reference_cache: Arc::new(ReferenceCache::new(reference_cache_entries)),
        documents: Arc::new(DocumentCache::new(DOCUMENT_CACHE_ENTRIES)),
        metrics: Arc::new(Metrics::new()?),
    })
}

/// Binds the HTTP server on `host:port` (port 0 picks a free one) and returns it unstarted
/// with the address it got.
pub fn bind(state: AppState) -> Result<(Server, std::net::SocketAddr), StartError> {
    let s = &state.settings.server;
    let addr = format!("{}:{}", s.host, s.port);
    let workers =
        if s.workers == 0 { std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2) } else { s.workers };
    let shutdown_timeout = s.shutdown_timeout_secs;
    let app_state = state.clone();
    // `souk serve` stops on SIGTERM through `ops::drain::stop_on_signal` (sockets drained first).
    let options =
        crate::socketio::listener::ServeOptions { workers, shutdown_timeout_secs: shutdown_timeout, own_signals: true };
    let https = state.settings.auth.public_base_url.starts_with("https://");
    let factory = move || {
        let state = app_state.clone();
        let metrics = Arc::clone(&state.metrics);
        App::new()
            .app_data(web::Data::new(state.clone()))
            // gzip for whoever asks (the client build, pages, GraphQL answers); actix leaves
            // images and videos as they are.
            .wrap(actix_web::middleware::from_fn(crate::ops::drain::gate))
            .wrap(actix_web::middleware::Compress::default())
            .wrap_fn(move |req, srv| {
                let started = Instant::now();
                let route = req.match_pattern().unwrap_or_else(|| "fallback".into());
                let metrics = Arc::clone(&metrics);
                let id = crate::request_id::new_id();
                let https = https;
                let header = actix_web::http::header::HeaderValue::from_str(&id).ok();
                crate::request_id::scope(id, srv.call(req)).map(move |mut res| {
                    if let Ok(r) = &mut res {
                        metrics.observe_http(&route, r.status().as_u16(), started.elapsed());
                        if let Some(h) = header {
                            r.headers_mut().insert(actix_web::http::header::HeaderName::from_static("x-request-id"), h);
                        }
                        crate::web::security::add_headers(r.headers_mut(), https);
                    }
                    res
                })
            })
            .configure(|cfg| routes::register(cfg, &state))
    };
    // WebSocket upgrades are taken off the HTTP dispatcher by the listener (socketio/listener.rs).
    let (server, bound) = crate::socketio::listener::bind(&addr, options, state.socketio.clone(), factory)
        .map_err(|source| StartError::Bind { addr: addr.clone(), source })?;
    Ok((server, bound))
}

/// The access-token key: the configured one, or one made once and kept in the data dir.
fn token_secret(settings: &Settings) -> Result<Vec<u8>, StartError> {
    if !settings.auth.jwt_secret.is_empty() {
        return Ok(settings.auth.jwt_secret.as_bytes().to_vec());
    }
    let path = settings.storage.data_dir.join("auth-secret");
    match std::fs::read_to_string(&path) {
        Ok(text) if text.trim().len() >= 32 => Ok(text.trim().as_bytes().to_vec()),
        Ok(_) => Err(StartError::Secret(format!("{} is shorter than 32 bytes", path.display()))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let secret = souk_services::accounts::tokens::random_token();
            write_private(&path, &secret).map_err(|e| StartError::Secret(format!("{}: {e}", path.display())))?;
            Ok(secret.into_bytes())
        }
        Err(e) => Err(StartError::Secret(format!("{}: {e}", path.display()))),
    }
}

fn write_private(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)?.write_all(text.as_bytes())
}

/// The chat with its actors: the session registry, the fan-out (across nodes when the ephemeral
/// store is Redis), presence, and the conversation actors. Runs inside the actix system.
async fn chat_service(
    settings: &Settings,
    store: &SqliteStore,
    chat_store: Arc<dyn ChatStore>,
    ephemeral: &Arc<dyn Ephemeral>,
    media: &Arc<dyn MediaStore>,
    mailer: Arc<dyn Mailer>,
    stats: Arc<StatsService>,
) -> (Arc<ChatService>, actix::Addr<SessionRegistry>) {
    let (registry, rooms) = SessionRegistry::start_supervised();
    let fanout = match settings.ephemeral.backend {
        EphemeralBackend::Memory => Fanout::local(registry.clone(), rooms),
        EphemeralBackend::Redis => Fanout::distributed(registry.clone(), rooms, Arc::clone(ephemeral)).await,
    };
    let presence =
        Presence::start_supervised(Arc::clone(ephemeral), Arc::clone(&chat_store), fanout.clone(), PRESENCE_HEARTBEAT);
    registry.do_send(AttachPresence(presence.recipient()));
    let chat = ChatService::new(ChatDeps {
        store: chat_store,
        accounts: Arc::new(store.clone()),
        media: Arc::clone(media),
        ephemeral: Arc::clone(ephemeral),
        fanout,
        mailer,
        public_base_url: settings.auth.public_base_url.clone(),
        conversation_idle: CONVERSATION_IDLE,
        stats,
        visitors: Arc::new(store.clone()),
        visitor_rules: settings.chat.rules(),
    });
    (Arc::new(chat), registry)
}

/// How often this node confirms the presence of its connected accounts.
const PRESENCE_HEARTBEAT: Duration = Duration::from_secs(20);
/// A conversation actor stops after this long without activity.
const CONVERSATION_IDLE: Duration = Duration::from_secs(300);

/// The two outbound channels: e-mail and one-time codes by messaging app.
type Notifiers = (Arc<dyn Mailer>, Arc<dyn MessageSender>);

fn notifiers(settings: &Settings) -> Result<Notifiers, StartError> {
    let m = &settings.mail;
    let transport = match m.transport {
        crate::config::MailTransportKind::Outbox => MailTransport::Outbox { dir: settings.outbox_dir() },
        crate::config::MailTransportKind::Smtp => MailTransport::Smtp {
            host: m.smtp.host.clone(),
            port: m.smtp.port,
            username: Some(m.smtp.username.clone()).filter(|u| !u.is_empty()),
            password: Some(m.smtp.password.clone()).filter(|p| !p.is_empty()),
            tls: match m.smtp.tls {
                crate::config::SmtpTlsSetting::None => SmtpTls::None,
                crate::config::SmtpTlsSetting::Starttls => SmtpTls::StartTls,
                crate::config::SmtpTlsSetting::Tls => SmtpTls::Tls,
            },
        },
    };
    let mailer = LettreMailer::new(&MailSettings { from: m.from.clone(), transport })
        .map_err(|e| StartError::Mail(e.to_string()))?;
    Ok((Arc::new(mailer), Arc::new(OutboxMessageSender::new(settings.outbox_dir()))))
}

fn account_service(
    settings: &Settings,
    store: &SqliteStore,
    ephemeral: &Arc<dyn Ephemeral>,
    catalog: &Arc<CatalogService>,
    (mailer, sender): Notifiers,
) -> Result<AccountService, StartError> {
    let a = &settings.auth;
    let account_settings = AccountSettings {
        access_ttl: Duration::from_secs(a.access_ttl_secs),
        refresh_ttl: Duration::from_secs(a.refresh_ttl_days * 86400),
        acting_ttl: Duration::from_secs(a.acting_ttl_secs),
        codes: CodePolicy {
            ttl: Duration::from_secs(a.code_ttl_secs),
            resend_after: Duration::from_secs(a.resend_after_secs),
            max_attempts: a.max_code_attempts,
        },
        reset_link_ttl: Duration::from_secs(a.reset_link_ttl_secs),
        attempts_per_identifier: a.attempts_per_identifier,
        attempts_per_address: a.attempts_per_address,
        attempt_window: Duration::from_secs(a.attempt_window_secs),
        first_attempt_delay: Duration::from_secs(a.first_attempt_delay_secs),
        max_attempt_delay: Duration::from_secs(a.max_attempt_delay_secs),
        attempts_per_known_device: a.attempts_per_known_device,
        public_base_url: a.public_base_url.clone(),
    };
    Ok(AccountService::new(
        Arc::new(store.clone()),
        Arc::clone(ephemeral),
        Arc::clone(catalog),
        &token_secret(settings)?,
        sender,
        mailer,
        account_settings,
    ))
}

fn social_verifier(settings: &Settings) -> Result<SocialVerifier, StartError> {
    let s = &settings.social;
    let mut providers = Vec::new();
    for (provider, audience, file) in [
        (SocialProvider::Google, &s.google_audience, &s.google_jwks_file),
        (SocialProvider::Facebook, &s.facebook_audience, &s.facebook_jwks_file),
    ] {
        if audience.is_empty() || file.is_empty() {
            continue;
        }
        providers.push(ProviderSettings {
            provider,
            issuers: provider.well_known_issuers().iter().map(|i| i.to_string()).collect(),
            audience: audience.clone(),
            jwks: JwksSource::File(file.into()),
        });
    }
    let verifier = SocialVerifier::new(providers).map_err(|e| StartError::Social(e.to_string()))?;
    if s.facebook_app_secret.is_empty() {
        return Ok(verifier);
    }
    let graph = FacebookGraph::new(&s.facebook_graph_url, &s.facebook_audience, &s.facebook_app_secret)
        .map_err(|e| StartError::Social(e.to_string()))?;
    Ok(verifier.with_facebook_graph(graph))
}
