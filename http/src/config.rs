//! Settings: `config/default.toml` (compiled in), then an optional file, then `SOUK_*`
//! environment variables, then command-line flags. Unknown keys, wrong types and values
//! out of range stop start-up with a message naming the setting.

use figment::Figment;
use figment::providers::{Env, Format, Toml};
use serde::Deserialize;
use std::path::{Path, PathBuf};

const DEFAULTS: &str = include_str!("../../config/default.toml");

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    pub server: ServerSettings,
    pub storage: StorageSettings,
    pub scylla: ScyllaSettings,
    pub ephemeral: EphemeralSettings,
    pub web: WebSettings,
    pub graphql: GraphqlSettings,
    pub client_log: ClientLogSettings,
    pub auth: AuthSettings,
    pub mail: MailConfig,
    pub social: SocialSettings,
    pub ads: souk_services::ads::AdSettings,
    pub log: LogSettings,
    pub demo: DemoSettings,
    pub search: SearchSettings,
    pub orders: OrdersSettings,
    pub payments: PaymentsSettings,
    pub packs: PacksSettings,
    pub realtime: RealtimeSettings,
    pub stats: StatsSettings,
    pub chat: ChatSettings,
    pub credit: CreditConfig,
    pub valuation: ValuationConfig,
}

/// `[valuation]`: the car valuation's per-user limit and how long an estimate holds
/// (docs/valuation.md; spec §6 "Valuation has a per-user limit").
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ValuationConfig {
    /// At most this many valuations per account within `window_days`.
    pub limit_per_account: u32,
    pub window_days: u32,
    /// Days after which an estimate expires (spec §3 expiry date).
    pub validity_days: u32,
}

impl ValuationConfig {
    /// The service's settings, links pointing at `public_base_url`.
    pub fn service(&self, public_base_url: &str) -> souk_services::valuation::ValuationSettings {
        souk_services::valuation::ValuationSettings {
            limit_per_account: self.limit_per_account,
            window_days: self.window_days,
            validity_days: self.validity_days,
            public_base_url: public_base_url.to_string(),
        }
    }
}

/// `[credit]`: the loan simulator's terms per category group (docs/credit.md).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreditConfig {
    pub vehicles: LoanTermsConfig,
    pub real_estate: LoanTermsConfig,
}

/// `[credit.vehicles]`, `[credit.real_estate]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LoanTermsConfig {
    /// The annual rate in basis points (650 = 6.50 %).
    pub rate_basis_points: u32,
    /// The durations offered, in months.
    pub durations_months: Vec<u32>,
    /// The duration the simulator opens on.
    pub default_months: u32,
    /// The down payment the simulator opens on, percent of the price.
    pub default_down_payment_percent: u32,
}

impl LoanTermsConfig {
    fn terms(&self) -> souk_domain::loan::LoanTerms {
        let mut durations = self.durations_months.clone();
        durations.sort_unstable();
        durations.dedup();
        souk_domain::loan::LoanTerms {
            rate_bp: self.rate_basis_points,
            durations,
            default_months: self.default_months,
            default_down_payment_percent: self.default_down_payment_percent,
        }
    }
}

impl CreditConfig {
    /// The service's settings, links pointing at `public_base_url`.
    pub fn service(&self, public_base_url: &str) -> souk_services::credit::CreditSettings {
        souk_services::credit::CreditSettings {
            vehicles: self.vehicles.terms(),
            real_estate: self.real_estate.terms(),
            public_base_url: public_base_url.to_string(),
        }
    }
}

/// `[chat]`: the confirmation of visitors' first messages and the sellers' digest e-mails
/// (docs/security.md).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatSettings {
    /// Hours a confirmation link (and its waiting message) lasts.
    pub visitor_confirm_hours: u64,
    /// Seconds a seller's digest gathers visitor messages before it is e-mailed.
    pub seller_digest_secs: u64,
}

impl ChatSettings {
    pub fn rules(&self) -> souk_services::chat::VisitorMessageRules {
        souk_services::chat::VisitorMessageRules {
            confirm_for: std::time::Duration::from_secs(self.visitor_confirm_hours * 3600),
            digest_window: std::time::Duration::from_secs(self.seller_digest_secs),
        }
    }
}

/// `[realtime]`: caps on live Socket.IO sessions (docs/security.md).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RealtimeSettings {
    /// Sockets one account may hold open at once, across the processes sharing the ephemeral store.
    pub sockets_per_account: usize,
    /// Sockets one address may hold open at once, across the processes sharing the ephemeral store.
    pub sockets_per_address: usize,
    /// How long a socket's place in the shared caps lasts unless its process refreshes it (every
    /// third of it): a crashed process's sockets stop counting after this.
    pub socket_lease_secs: u64,
}

/// `[stats]`: counting rules of the statistics.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatsSettings {
    /// A view of an ad counts at most once per address per day, whatever its visitor id.
    pub count_views_per_address: bool,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ServerSettings {
    pub host: String,
    pub port: u16,
    pub workers: usize,
    pub shutdown_timeout_secs: u64,
    /// A bearer token `/metrics` asks for; empty: only a scrape from this machine that did not
    /// come through a proxy is answered.
    pub metrics_token: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StorageSettings {
    pub data_dir: PathBuf,
    pub readers: usize,
    /// Below this many free MiB on the data dir's file system, `/readyz` answers `STORAGE_FULL`.
    #[serde(default = "default_min_free_mb")]
    pub min_free_mb: u64,
}

fn default_min_free_mb() -> u64 {
    64
}

/// The ScyllaDB cluster of the distributed mode; off while `contact_points` is empty.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScyllaSettings {
    pub contact_points: Vec<String>,
    pub keyspace: String,
    pub local_datacenter: String,
    pub request_timeout_ms: u64,
}

impl ScyllaSettings {
    /// The connection settings, or None in embedded mode.
    pub fn cluster(&self) -> Option<souk_storage::scylla::ScyllaConfig> {
        (!self.contact_points.is_empty()).then(|| souk_storage::scylla::ScyllaConfig {
            contact_points: self.contact_points.clone(),
            keyspace: self.keyspace.clone(),
            local_datacenter: self.local_datacenter.clone(),
            request_timeout: std::time::Duration::from_millis(self.request_timeout_ms),
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EphemeralBackend {
    Memory,
    Redis,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EphemeralSettings {
    pub backend: EphemeralBackend,
    pub redis_url: String,
    pub prefix: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WebSettings {
    pub client_dir: PathBuf,
    /// URLs per sitemap file (ads, categories and shops are paged alike; the protocol allows
    /// 50,000).
    pub sitemap_urls_per_file: u32,
    /// The ad view's street map: a tile URL template (`https://…/{z}/{x}/{y}.png`); empty, the
    /// map is the bundled outline of Morocco only. Its origin is allowed in pages' `img-src`.
    pub map_tiles_url: String,
    /// The credit the tile server's licence asks for, shown on the map.
    pub map_tiles_attribution: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GraphqlSettings {
    pub max_depth: usize,
    pub max_complexity: usize,
    pub max_body_bytes: usize,
    pub introspection: bool,
    pub reference_cache_entries: usize,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClientLogSettings {
    pub max_bytes: usize,
    pub per_minute: u32,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AuthSettings {
    pub jwt_secret: String,
    pub access_ttl_secs: u64,
    pub refresh_ttl_days: u64,
    pub acting_ttl_secs: u64,
    pub code_ttl_secs: u64,
    pub resend_after_secs: u64,
    pub max_code_attempts: i64,
    pub reset_link_ttl_secs: u64,
    pub attempts_per_identifier: i64,
    pub attempts_per_address: i64,
    pub attempt_window_secs: u64,
    pub first_attempt_delay_secs: u64,
    pub max_attempt_delay_secs: u64,
    pub attempts_per_known_device: i64,
    pub public_base_url: String,
    pub dev_outbox: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MailTransportKind {
    Outbox,
    Smtp,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SmtpTlsSetting {
    None,
    Starttls,
    Tls,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SmtpSettings {
    pub host: String,
    pub port: u16,
    pub username: String,
    pub password: String,
    pub tls: SmtpTlsSetting,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MailConfig {
    pub from: String,
    pub transport: MailTransportKind,
    pub smtp: SmtpSettings,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SocialSettings {
    pub google_audience: String,
    pub google_jwks_file: String,
    /// The Facebook app id: digits, so an environment variable gives it as a number.
    #[serde(deserialize_with = "string_or_number")]
    pub facebook_audience: String,
    pub facebook_jwks_file: String,
    /// The Facebook app secret: with it, the web SDK's access tokens are checked with the Graph
    /// API (`facebook_audience` is then the app id). Empty: only Limited Login tokens.
    pub facebook_app_secret: String,
    /// The versioned Graph API root those checks call.
    pub facebook_graph_url: String,
}

/// A text setting that may arrive as a number (`SOUK_SOCIAL__FACEBOOK_AUDIENCE=1234567890`).
fn string_or_number<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Text {
        Text(String),
        Number(u64),
    }
    Ok(match Text::deserialize(d)? {
        Text::Text(t) => t,
        Text::Number(n) => n.to_string(),
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    Pretty,
    Json,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogSettings {
    pub level: String,
    pub format: LogFormat,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DemoSettings {
    pub seed_on_empty: bool,
    pub ads: usize,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchSettings {
    /// How long a computed listing page is served again (0: never), unless an ad changed.
    pub listing_cache_ms: u64,
    /// How often `souk serve` matches saved searches against new ads (seconds).
    pub alerts_every_secs: u64,
    /// The hour (UTC, 0-23) from which the daily saved-search digest goes out.
    pub digest_hour_utc: u32,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrdersSettings {
    /// The delivery fee of a cash-on-delivery order, whole DH.
    pub delivery_fee_dh: i64,
    /// The platform's commission on delivered goods, percent.
    pub commission_percent: u32,
    /// A PENDING order not prepared within this reminds the seller (seconds; 48 h).
    pub reminder_after_secs: i64,
    /// A DELIVERING order not delivered within this is marked late (seconds).
    pub late_after_secs: i64,
    /// A home-delivery request's callback is due within this (seconds; spec §9: 2 hours).
    pub delivery_callback_secs: i64,
}

impl OrdersSettings {
    /// The service's settings, links pointing at `public_base_url`.
    pub fn service(&self, public_base_url: &str) -> souk_services::orders::OrderSettings {
        souk_services::orders::OrderSettings {
            delivery_fee: souk_domain::Money::from_dirhams(self.delivery_fee_dh),
            commission_percent: self.commission_percent,
            times: souk_actors::order_workflow::WorkflowTimes {
                reminder_after_secs: self.reminder_after_secs,
                late_after_secs: self.late_after_secs,
            },
            public_base_url: public_base_url.to_string(),
            delivery_callback_secs: self.delivery_callback_secs,
        }
    }
}

/// How payments are taken (docs/payments.md): the sandbox card provider and the secret each
/// provider signs its callbacks with.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PaymentsSettings {
    /// `souk serve` answers card payments with its sandbox provider (embedded mode, demos).
    pub sandbox: bool,
    pub card_secret: String,
    pub agency_secret: String,
    pub sms_secret: String,
    pub bank_secret: String,
    /// How far a callback's timestamp may be from now (seconds).
    pub callback_tolerance_secs: i64,
}

/// Boost packs.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PacksSettings {
    /// Tests only: a paid pack starts this many seconds after acceptance instead of in its
    /// chosen slot about 24 hours later (0: off).
    pub test_start_after_seconds: i64,
}

impl PaymentsSettings {
    /// The service's settings, the card page returning to `public_base_url`.
    pub fn service(&self, packs: &PacksSettings, public_base_url: &str) -> souk_services::payments::PaymentSettings {
        souk_services::payments::PaymentSettings {
            public_base_url: public_base_url.to_string(),
            sandbox: self.sandbox,
            secrets: souk_services::payments::ProviderSecrets {
                card: self.card_secret.clone(),
                agency: self.agency_secret.clone(),
                sms: self.sms_secret.clone(),
                bank: self.bank_secret.clone(),
            },
            callback_tolerance_secs: self.callback_tolerance_secs,
            test_start_after_secs: packs.test_start_after_seconds,
        }
    }
}

/// A setting that stops start-up, with the setting's name in the message.
#[derive(Debug, thiserror::Error)]
#[error("configuration: {0}")]
pub struct ConfigError(pub String);

/// Flags of the command line that override settings.
#[derive(Debug, Default, Clone)]
pub struct Overrides {
    pub config_file: Option<PathBuf>,
    pub data_dir: Option<PathBuf>,
    pub port: Option<u16>,
    pub demo: bool,
}

impl Settings {
    /// Loads the settings from the process environment.
    pub fn load(overrides: &Overrides) -> Result<Settings, ConfigError> {
        Settings::load_with_env(overrides, settings_env("SOUK_"))
    }

    /// Loads the settings with an explicit environment provider (tests pass their own).
    pub fn load_with_env(overrides: &Overrides, env: Env) -> Result<Settings, ConfigError> {
        let mut figment = Figment::from(Toml::string(DEFAULTS));
        if let Some(file) = &overrides.config_file {
            if !file.is_file() {
                return Err(ConfigError(format!("--config {}: no such file", file.display())));
            }
            figment = figment.merge(Toml::file(file));
        }
        figment = figment.merge(env);
        let mut settings: Settings = figment.extract().map_err(|e| ConfigError(describe(e)))?;
        if let Some(dir) = &overrides.data_dir {
            settings.storage.data_dir = dir.clone();
        }
        if let Some(port) = overrides.port {
            settings.server.port = port;
        }
        if overrides.demo {
            settings.demo.seed_on_empty = true;
        }
        settings.validate()?;
        Ok(settings)
    }

    fn validate(&self) -> Result<(), ConfigError> {
        let fail = |msg: &str| Err(ConfigError(msg.to_string()));
        if self.server.host.parse::<std::net::IpAddr>().is_err() && self.server.host != "localhost" {
            return fail("server.host must be an IP address (127.0.0.1, ::1, 0.0.0.0) or localhost");
        }
        if self.server.port == 0 {
            return fail("server.port must be between 1 and 65535");
        }
        if self.storage.readers == 0 || self.storage.readers > 64 {
            return fail("storage.readers must be between 1 and 64");
        }
        if self.storage.data_dir.as_os_str().is_empty() {
            return fail("storage.data_dir must not be empty");
        }
        let k = &self.scylla.keyspace;
        if k.is_empty() || k.len() > 48 || !k.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        {
            return fail("scylla.keyspace must be 1 to 48 characters among a-z, 0-9 and _");
        }
        if self.scylla.contact_points.iter().any(|p| p.trim().is_empty() || !p.contains(':')) {
            return fail("scylla.contact_points must be host:port entries");
        }
        if !self.scylla.contact_points.is_empty() && self.ephemeral.backend != EphemeralBackend::Redis {
            return fail(
                "scylla.contact_points needs ephemeral.backend = \"redis\" (several processes share presence and events)",
            );
        }
        if self.scylla.request_timeout_ms < 100 {
            return fail("scylla.request_timeout_ms must be at least 100");
        }
        if self.ephemeral.backend == EphemeralBackend::Redis
            && !(self.ephemeral.redis_url.starts_with("redis://") || self.ephemeral.redis_url.starts_with("rediss://"))
        {
            return fail("ephemeral.redis_url must start with redis:// or rediss://");
        }
        if self.graphql.max_depth < 3 || self.graphql.max_complexity < 10 || self.graphql.max_body_bytes < 1024 {
            return fail(
                "graphql.max_depth must be at least 3, graphql.max_complexity at least 10 and graphql.max_body_bytes at least 1024",
            );
        }
        self.ads.validate().map_err(ConfigError)?;
        for (name, terms) in [("vehicles", &self.credit.vehicles), ("real_estate", &self.credit.real_estate)] {
            if let Err(e) = terms.terms().check() {
                return fail(&format!("credit.{name}: {e}"));
            }
        }
        let v = &self.valuation;
        if v.limit_per_account < 1 || v.window_days < 1 || v.validity_days < 1 {
            return fail(
                "valuation.limit_per_account, valuation.window_days and valuation.validity_days must be at least 1",
            );
        }
        let o = &self.orders;
        if o.delivery_fee_dh < 0 || o.commission_percent > 50 {
            return fail("orders.delivery_fee_dh must be 0 or more and orders.commission_percent at most 50");
        }
        if o.reminder_after_secs < 1 || o.late_after_secs < 1 || o.delivery_callback_secs < 60 {
            return fail(
                "orders.reminder_after_secs and orders.late_after_secs must be at least 1, orders.delivery_callback_secs at least 60",
            );
        }
        let p = &self.payments;
        let secrets = [&p.card_secret, &p.agency_secret, &p.sms_secret, &p.bank_secret];
        if secrets.iter().any(|s| s.len() < 16) {
            return fail("payments.*_secret must be at least 16 characters");
        }
        if !p.sandbox && secrets.iter().any(|s| s.starts_with("sandbox-")) {
            return fail("payments.sandbox = false needs the providers' own secrets, not the sandbox's");
        }
        if !(10..=3600).contains(&p.callback_tolerance_secs) {
            return fail("payments.callback_tolerance_secs must be between 10 and 3600");
        }
        if !(0..=86_400).contains(&self.packs.test_start_after_seconds) {
            return fail("packs.test_start_after_seconds must be between 0 and 86400");
        }
        if !(1..=168).contains(&self.chat.visitor_confirm_hours) {
            return fail("chat.visitor_confirm_hours must be between 1 and 168");
        }
        if self.chat.seller_digest_secs > 86_400 {
            return fail("chat.seller_digest_secs must be at most 86400");
        }
        if self.realtime.sockets_per_account == 0 || self.realtime.sockets_per_address == 0 {
            return fail("realtime.sockets_per_account and realtime.sockets_per_address must be above 0");
        }
        if self.realtime.socket_lease_secs < 3 {
            return fail("realtime.socket_lease_secs must be at least 3");
        }
        if self.client_log.max_bytes == 0 || self.client_log.per_minute == 0 {
            return fail("client_log.max_bytes and client_log.per_minute must be above 0");
        }
        let a = &self.auth;
        if !a.jwt_secret.is_empty() && a.jwt_secret.len() < 32 {
            return fail("auth.jwt_secret must be at least 32 bytes (or empty for a generated one)");
        }
        if a.access_ttl_secs < 60
            || a.code_ttl_secs < 60
            || a.max_code_attempts < 1
            || a.attempts_per_identifier < 1
            || a.attempts_per_address < 1
            || a.attempts_per_known_device < 1
            || !(1..=3600).contains(&a.max_attempt_delay_secs)
            || !(1..=a.max_attempt_delay_secs).contains(&a.first_attempt_delay_secs)
        {
            return fail(
                "auth.access_ttl_secs and auth.code_ttl_secs must be at least 60, auth.max_code_attempts and auth.attempts_per_* at least 1, auth.max_attempt_delay_secs 1 to 3600 and auth.first_attempt_delay_secs 1 to it",
            );
        }
        if !(a.public_base_url.starts_with("http://") || a.public_base_url.starts_with("https://")) {
            return fail("auth.public_base_url must start with http:// or https://");
        }
        if self.mail.from.trim().is_empty() || !self.mail.from.contains('@') {
            return fail("mail.from must hold an e-mail address");
        }
        if self.mail.transport == MailTransportKind::Smtp
            && (self.mail.smtp.host.is_empty() || self.mail.smtp.port == 0)
        {
            return fail("mail.smtp.host and mail.smtp.port are required with mail.transport = \"smtp\"");
        }
        let s = &self.social;
        if s.google_audience.is_empty() != s.google_jwks_file.is_empty() {
            return fail("social.google_audience and social.google_jwks_file go together");
        }
        let facebook_checks = !s.facebook_jwks_file.is_empty() || !s.facebook_app_secret.is_empty();
        if s.facebook_audience.is_empty() == facebook_checks {
            return fail(
                "social.facebook_audience (the app id) goes with social.facebook_jwks_file, social.facebook_app_secret or both",
            );
        }
        let graph_url_ok = s.facebook_graph_url.starts_with("https://") || s.facebook_graph_url.starts_with("http://");
        if !s.facebook_app_secret.is_empty() && !graph_url_ok {
            return fail("social.facebook_graph_url must start with https:// (or http:// for a local test server)");
        }
        if tracing_subscriber::EnvFilter::try_new(&self.log.level).is_err() {
            return fail("log.level is not a valid filter (try \"info\" or \"souk_http=debug,info\")");
        }
        if self.demo.ads == 0 || self.demo.ads > 200_000 {
            return fail("demo.ads must be between 1 and 200000");
        }
        if self.search.listing_cache_ms > 60_000 {
            return fail("search.listing_cache_ms must be at most 60000");
        }
        if self.search.alerts_every_secs == 0 || self.search.alerts_every_secs > 86_400 {
            return fail("search.alerts_every_secs must be between 1 and 86400");
        }
        if self.search.digest_hour_utc > 23 {
            return fail("search.digest_hour_utc must be between 0 and 23");
        }
        Ok(())
    }

    pub fn database_path(&self) -> PathBuf {
        self.storage.data_dir.join("souk.db")
    }

    pub fn outbox_dir(&self) -> PathBuf {
        self.storage.data_dir.join("outbox")
    }

    pub fn media_dir(&self) -> PathBuf {
        self.storage.data_dir.join("media")
    }

    pub fn client_dir(&self) -> &Path {
        &self.web.client_dir
    }
}

/// The environment variables that are settings: `<PREFIX><SECTION>__<KEY>`. Other `SOUK_*`
/// variables (`SOUK_REQUIRE_REDIS` of the test suites, say) are not settings and are ignored.
pub fn settings_env(prefix: &str) -> Env {
    Env::prefixed(prefix).filter(|k| k.as_str().contains("__")).split("__")
}

/// Figment's messages name the key path; keep them, one line each.
fn describe(e: figment::Error) -> String {
    e.into_iter()
        .map(|e| {
            let path = e.path.join(".");
            let what = e.kind.to_string();
            if path.is_empty() { what } else { format!("{path}: {what}") }
        })
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An environment provider under a prefix no other test uses.
    fn env(prefix: &str) -> Env {
        settings_env(prefix)
    }

    #[test]
    fn environment_variables_override_the_defaults() {
        // SAFETY: the variable names are unique to this test; no other thread reads them.
        unsafe {
            std::env::set_var("SOUK_CFGTEST_ENV_SERVER__PORT", "9300");
            std::env::set_var("SOUK_CFGTEST_ENV_LOG__FORMAT", "json");
            std::env::set_var("SOUK_CFGTEST_ENV_REQUIRE_SOMETHING", "1");
        }
        let s = Settings::load_with_env(&Overrides::default(), env("SOUK_CFGTEST_ENV_")).expect("load");
        assert_eq!((s.server.port, s.log.format), (9300, LogFormat::Json));
        unsafe { std::env::set_var("SOUK_CFGTEST_BAD_SERVER__WORKERS", "many") };
        let err = Settings::load_with_env(&Overrides::default(), env("SOUK_CFGTEST_BAD_")).expect_err("bad env");
        assert!(err.to_string().contains("server.workers"), "{err}");
    }

    #[test]
    fn facebook_needs_its_app_id_with_a_jwks_or_an_app_secret() {
        // SAFETY: the variable names are unique to this test; no other thread reads them.
        unsafe {
            std::env::set_var("SOUK_CFGTEST_FB1_SOCIAL__FACEBOOK_APP_SECRET", "s3cret");
            std::env::set_var("SOUK_CFGTEST_FB2_SOCIAL__FACEBOOK_APP_SECRET", "s3cret");
            std::env::set_var("SOUK_CFGTEST_FB2_SOCIAL__FACEBOOK_AUDIENCE", "1234");
            std::env::set_var("SOUK_CFGTEST_FB3_SOCIAL__FACEBOOK_AUDIENCE", "1234");
        }
        let err = Settings::load_with_env(&Overrides::default(), env("SOUK_CFGTEST_FB1_")).expect_err("no app id");
        assert!(err.to_string().contains("social.facebook_audience"), "{err}");
        let s = Settings::load_with_env(&Overrides::default(), env("SOUK_CFGTEST_FB2_")).expect("web sign-in alone");
        assert_eq!(s.social.facebook_audience, "1234", "a numeric app id is read as its digits");
        assert_eq!(s.social.facebook_graph_url, "https://graph.facebook.com/v21.0");
        let err = Settings::load_with_env(&Overrides::default(), env("SOUK_CFGTEST_FB3_")).expect_err("app id alone");
        assert!(err.to_string().contains("social.facebook_app_secret"), "{err}");
    }

    #[test]
    fn defaults_are_the_embedded_mode() {
        let s = Settings::load_with_env(&Overrides::default(), env("SOUK_CFGTEST_NONE_")).expect("defaults load");
        assert_eq!((s.server.host.as_str(), s.server.port), ("127.0.0.1", 8080));
        assert_eq!(s.storage.data_dir, PathBuf::from("./data"));
        assert_eq!(s.ephemeral.backend, EphemeralBackend::Memory);
        assert!(!s.demo.seed_on_empty);
    }

    #[test]
    fn flags_override_files_and_files_override_defaults() {
        let dir = std::env::temp_dir().join(format!("souk-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let file = dir.join("souk.toml");
        std::fs::write(&file, "[server]\nport = 9100\n[ephemeral]\nbackend = \"redis\"\n").expect("write");
        let overrides =
            Overrides { config_file: Some(file.clone()), data_dir: Some("/tmp/d".into()), port: None, demo: true };
        let s = Settings::load_with_env(&overrides, env("SOUK_CFGTEST_NONE_")).expect("load");
        assert_eq!(s.server.port, 9100);
        assert_eq!(s.ephemeral.backend, EphemeralBackend::Redis);
        assert_eq!(s.storage.data_dir, PathBuf::from("/tmp/d"));
        assert!(s.demo.seed_on_empty);
        let flagged = Overrides { port: Some(9200), ..overrides };
        assert_eq!(Settings::load_with_env(&flagged, env("SOUK_CFGTEST_NONE_")).expect("load").server.port, 9200);
    }

    fn error_for(toml: &str) -> String {
        let dir = std::env::temp_dir().join(format!("souk-config-bad-{}-{}", std::process::id(), toml.len()));
        std::fs::create_dir_all(&dir).expect("dir");
        let file = dir.join("bad.toml");
        std::fs::write(&file, toml).expect("write");
        let overrides = Overrides { config_file: Some(file), ..Overrides::default() };
        Settings::load_with_env(&overrides, env("SOUK_CFGTEST_NONE_")).expect_err("must be refused").to_string()
    }

    #[test]
    fn the_production_example_is_the_distributed_mode() {
        // SAFETY: the variable names are unique to this test; no other thread reads them.
        unsafe {
            std::env::set_var("SOUK_CFGTEST_PROD_AUTH__JWT_SECRET", "0123456789abcdef0123456789abcdef");
            std::env::set_var("SOUK_CFGTEST_PROD_SCYLLA__CONTACT_POINTS", r#"["a:9042","b:9042"]"#);
        }
        let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../config/production.example.toml");
        let s = Settings::load_with_env(
            &Overrides { config_file: Some(file), ..Overrides::default() },
            env("SOUK_CFGTEST_PROD_"),
        )
        .expect("the example loads");
        let cluster = s.scylla.cluster().expect("scylla on");
        assert_eq!(cluster.contact_points, vec!["a:9042", "b:9042"]);
        assert_eq!(cluster.keyspace, "souk");
        assert_eq!(s.ephemeral.backend, EphemeralBackend::Redis);
        assert!(
            Settings::load_with_env(&Overrides::default(), env("SOUK_CFGTEST_NONE_"))
                .expect("defaults")
                .scylla
                .cluster()
                .is_none()
        );
    }

    #[test]
    fn wrong_settings_are_named() {
        assert!(error_for("[scylla]\ncontact_points = [\"a:9042\"]\n").contains("ephemeral.backend"));
        assert!(error_for("[scylla]\nkeyspace = \"Souk-Prod\"\n").contains("scylla.keyspace"));
        assert!(
            error_for("[scylla]\ncontact_points = [\"nohost\"]\n[ephemeral]\nbackend = \"redis\"\n")
                .contains("scylla.contact_points")
        );
        assert!(error_for("[server]\nport = \"eighty\"\n").contains("server.port"));
        assert!(error_for("[server]\nprot = 80\n").contains("prot"));
        assert!(error_for("[ephemeral]\nbackend = \"memcached\"\n").contains("ephemeral.backend"));
        assert!(error_for("[server]\nport = 0\n").contains("server.port"));
        assert!(error_for("[storage]\nreaders = 0\n").contains("storage.readers"));
        assert!(error_for("[server]\nhost = \"not a host\"\n").contains("server.host"));
        let missing = Settings::load_with_env(
            &Overrides { config_file: Some("/nonexistent/souk.toml".into()), ..Overrides::default() },
            env("SOUK_CFGTEST_NONE_"),
        )
        .expect_err("missing file");
        assert!(missing.to_string().contains("/nonexistent/souk.toml"));
    }
}
