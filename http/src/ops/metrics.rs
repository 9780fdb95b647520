//! Prometheus metrics: HTTP requests and latency by route, GraphQL operations (by outcome: `ok`
//! or the first error's code) and latency by operation, errors answered by code, and the moderation service level (the age of the oldest waiting ad, read at
//! each scrape), served as text on `GET /metrics`. Label values are bounded: routes are the
//! registered patterns, operations are schema field names.

use actix_web::{HttpResponse, web};
use prometheus::{Encoder, HistogramOpts, HistogramVec, IntCounterVec, IntGauge, Opts, Registry, TextEncoder};
use std::time::Duration;

/// Errors answered, by catalogue code: one counter for the process, registered in every
/// `Metrics` registry (tests build several).
fn errors_counter() -> &'static IntCounterVec {
    static ERRORS: std::sync::OnceLock<IntCounterVec> = std::sync::OnceLock::new();
    ERRORS.get_or_init(|| {
        IntCounterVec::new(Opts::new("errors_total", "Errors answered to clients, by catalogue code"), &["code"])
            .unwrap_or_else(|e| panic!("the errors counter's options are constant: {e}"))
    })
}

/// Counts one error answered with `code`.
pub fn count_error(code: &str) {
    errors_counter().with_label_values(&[code]).inc();
}

const BUCKETS: &[f64] = &[0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5];

pub struct Metrics {
    registry: Registry,
    http_requests: IntCounterVec,
    http_duration: HistogramVec,
    graphql_operations: IntCounterVec,
    graphql_duration: HistogramVec,
    moderation_oldest: IntGauge,
}

impl Metrics {
    pub fn new() -> Result<Metrics, prometheus::Error> {
        let registry = Registry::new_custom(Some("souk".into()), None)?;
        let http_requests = IntCounterVec::new(
            Opts::new("http_requests_total", "HTTP requests by route and status"),
            &["route", "status"],
        )?;
        let http_duration = HistogramVec::new(
            HistogramOpts::new("http_request_duration_seconds", "HTTP request latency by route")
                .buckets(BUCKETS.to_vec()),
            &["route"],
        )?;
        let graphql_operations = IntCounterVec::new(
            Opts::new("graphql_operations_total", "GraphQL operations by root field and outcome"),
            &["operation", "outcome"],
        )?;
        let graphql_duration = HistogramVec::new(
            HistogramOpts::new("graphql_operation_duration_seconds", "GraphQL operation latency by root field")
                .buckets(BUCKETS.to_vec()),
            &["operation"],
        )?;
        registry.register(Box::new(http_requests.clone()))?;
        registry.register(Box::new(http_duration.clone()))?;
        registry.register(Box::new(graphql_operations.clone()))?;
        registry.register(Box::new(graphql_duration.clone()))?;
        registry.register(Box::new(errors_counter().clone()))?;
        let moderation_oldest = IntGauge::new(
            "moderation_oldest_waiting_seconds",
            "Age of the oldest ad waiting for moderation (0 when none; the service level is 3600)",
        )?;
        registry.register(Box::new(moderation_oldest.clone()))?;
        Ok(Metrics { registry, http_requests, http_duration, graphql_operations, graphql_duration, moderation_oldest })
    }

    pub fn observe_http(&self, route: &str, status: u16, elapsed: Duration) {
        self.http_requests.with_label_values(&[route, &status.to_string()]).inc();
        self.http_duration.with_label_values(&[route]).observe(elapsed.as_secs_f64());
    }

    pub fn observe_graphql(&self, operation: &str, outcome: &str, elapsed: Duration) {
        self.graphql_operations.with_label_values(&[operation, outcome]).inc();
        self.graphql_duration.with_label_values(&[operation]).observe(elapsed.as_secs_f64());
    }

    pub fn set_moderation_oldest(&self, seconds: i64) {
        self.moderation_oldest.set(seconds.max(0));
    }

    pub fn render(&self) -> String {
        let mut buf = Vec::new();
        let _ = TextEncoder::new().encode(&self.registry.gather(), &mut buf);
        String::from_utf8(buf).unwrap_or_default()
    }
}

/// Whether a scrape may read the metrics: with a configured token, the bearer token must be
/// it; without, the request must come from this machine and not through a proxy.
fn may_scrape(req: &actix_web::HttpRequest, token: &str) -> bool {
    if !token.is_empty() {
        let sent =
            req.headers().get("Authorization").and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer "));
        return sent.is_some_and(|s| {
            s.len() == token.len() && s.bytes().zip(token.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
        });
    }
    let local = req.peer_addr().is_some_and(|a| a.ip().is_loopback());
    local && !req.headers().contains_key("X-Forwarded-For")
}

/// `GET /metrics` — Prometheus text format, for the operator only (docs/security.md).
pub async fn metrics(req: actix_web::HttpRequest, state: web::Data<crate::state::AppState>) -> HttpResponse {
    if !may_scrape(&req, &state.settings.server.metrics_token) {
        let err =
            souk_domain::SoukError::with_detail(souk_domain::ErrorCode::PermissionDenied, "metrics: operator only");
        return crate::graphql::errors::request_failure(&err, souk_domain::Lang::Fr);
    }
    match state.ads.oldest_waiting().await {
        Ok(oldest) => state.metrics.set_moderation_oldest(oldest.map_or(0, |t| souk_services::ads::service::now() - t)),
        Err(e) => tracing::warn!(error = %e, "moderation queue unreadable for metrics"),
    }
    HttpResponse::Ok().content_type("text/plain; version=0.0.4").body(state.metrics.render())
}
