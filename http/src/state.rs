//! What every handler shares: settings, the stores, the services and the metrics.

use crate::config::Settings;
use crate::graphql::SoukSchema;
use crate::graphql::cache::ReferenceCache;
use crate::ops::metrics::Metrics;
use souk_domain::listing_url::SlugIndex;
use souk_services::accounts::service::AccountService;
use souk_services::accounts::social::SocialVerifier;
use souk_services::ads::{AdService, AdUploads};
use souk_services::catalog::CatalogService;
use souk_services::chat::ChatService;
use souk_services::client_log::ClientLogService;
use souk_services::orders::OrderService;
use souk_services::payments::PaymentService;
use souk_services::products::ProductService;
use souk_services::search::SearchService;
use souk_services::search::parse_url::ParseUrlService;
use souk_services::search::saved::SavedSearchService;
use souk_services::search::shops::ShopService;
use souk_services::stats::StatsService;
use souk_storage::ephemeral::Ephemeral;
use souk_storage::media::MediaStore;
use std::sync::Arc;

/// The application state, cheap to clone (everything behind `Arc`).
#[derive(Clone)]
pub struct AppState {
    pub settings: Arc<Settings>,
    /// Whether the durable and ephemeral stores answer (`/readyz`).
    pub readiness: Arc<souk_services::health::Readiness>,
    pub ephemeral: Arc<dyn Ephemeral>,
    pub catalog: Arc<CatalogService>,
    pub client_log: Arc<ClientLogService>,
    pub accounts: Arc<AccountService>,
    pub ads: Arc<AdService>,
    pub stats: Arc<StatsService>,
    pub orders: Arc<OrderService>,
    /// The loan simulator and credit requests.
    pub credit: Arc<souk_services::credit::CreditService>,
    /// The car valuation.
    pub valuation: Arc<souk_services::valuation::ValuationService>,
    pub payments: Arc<PaymentService>,
    pub products: Arc<ProductService>,
    pub limits: Arc<souk_services::limits::RateLimits>,
    pub uploads: Arc<AdUploads>,
    /// What the sitemaps list.
    pub sitemap: Arc<souk_services::sitemap::SitemapService>,
    /// Shop logo uploads.
    pub logos: Arc<souk_services::accounts::logo::ShopLogos>,
    pub search: Arc<SearchService>,
    pub shops: Arc<ShopService>,
    pub saved_searches: Arc<SavedSearchService>,
    pub parse_url: Arc<ParseUrlService>,
    pub slugs: Arc<SlugIndex>,
    pub social: Arc<SocialVerifier>,
    pub media: Arc<dyn MediaStore>,
    pub schema: SoukSchema,
    pub reference_cache: Arc<ReferenceCache>,
    pub documents: Arc<crate::graphql::documents::DocumentCache>,
    pub metrics: Arc<Metrics>,
    pub chat: Arc<ChatService>,
    pub sessions: actix::Addr<souk_actors::sessions::SessionRegistry>,
    pub socketio: crate::socketio::Server,
}
