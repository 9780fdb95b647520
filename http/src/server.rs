//! Starting and stopping the server: open the stores, seed the demo when asked, load the
//! catalog, serve until SIGTERM/SIGINT, let in-flight requests finish, flush the writer.

use crate::config::{EphemeralBackend, Settings};
use crate::graphql::cache::ReferenceCache;
use crate::graphql::{SchemaLimits, build_schema};
use crate::ops::metrics::Metrics;
use crate::routes;
use crate::state::AppState;
use actix_web::dev::{Server, Service};
use actix_web::{App, HttpServer, web};
use futures_util::FutureExt;
use souk_services::catalog::CatalogService;
use souk_services::client_log::ClientLogService;
use souk_storage::ephemeral::Ephemeral;
use souk_storage::ephemeral::memory::MemoryEphemeral;
use souk_storage::ephemeral::redis::RedisEphemeral;
use souk_storage::sqlite::SqliteStore;
use std::sync::Arc;
use std::time::Instant;

/// Why the server could not start; the message names what to fix.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("storage.data_dir {path}: {source}")]
    DataDir { path: String, source: std::io::Error },
    #[error("storage: {0}")]
    Store(#[from] souk_storage::StoreError),
    #[error("ephemeral.redis_url: {0}")]
    Redis(String),
    #[error("catalog: {0}")]
    Catalog(#[from] souk_services::catalog::CatalogError),
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

/// Builds the application state from open stores.
pub async fn build_state(
    settings: Settings,
    store: SqliteStore,
    ephemeral: Arc<dyn Ephemeral>,
) -> Result<AppState, StartError> {
    let catalog = CatalogService::load(&store).await?;
    let reference_cache_entries = settings.graphql.reference_cache_entries;
    let schema = build_schema(&SchemaLimits {
        max_depth: settings.graphql.max_depth,
        max_complexity: settings.graphql.max_complexity,
        introspection: settings.graphql.introspection,
    });
    Ok(AppState {
        client_log: Arc::new(ClientLogService::new(Arc::clone(&ephemeral), settings.client_log.per_minute)),
        settings: Arc::new(settings),
        store,
        ephemeral,
        catalog: Arc::new(catalog),
        schema,
        reference_cache: Arc::new(ReferenceCache::new(reference_cache_entries)),
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
    let server = HttpServer::new(move || {
        let state = app_state.clone();
        let metrics = Arc::clone(&state.metrics);
        App::new()
            .app_data(web::Data::new(state.clone()))
            .wrap_fn(move |req, srv| {
                let started = Instant::now();
                let route = req.match_pattern().unwrap_or_else(|| "fallback".into());
                let metrics = Arc::clone(&metrics);
                srv.call(req).map(move |res| {
                    if let Ok(r) = &res {
                        metrics.observe_http(&route, r.status().as_u16(), started.elapsed());
                    }
                    res
                })
            })
            .configure(|cfg| routes::register(cfg, &state))
    })
    .workers(workers)
    .shutdown_timeout(shutdown_timeout)
    .bind(&addr)
    .map_err(|source| StartError::Bind { addr: addr.clone(), source })?;
    let bound = server
        .addrs()
        .first()
        .copied()
        .ok_or_else(|| StartError::Bind { addr, source: std::io::Error::other("no address bound") })?;
    Ok((server.run(), bound))
}
