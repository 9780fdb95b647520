//! Operations endpoints: liveness, readiness and Prometheus metrics; the graceful stop.

pub mod disk;
pub mod drain;
pub mod health;
pub mod metrics;
