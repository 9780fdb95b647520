//! Operations endpoints: liveness, readiness and Prometheus metrics.

pub mod health;
pub mod metrics;
