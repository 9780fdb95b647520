//! Counts requests against the abuse limits of `souk_domain::limits` in the ephemeral store
//! (Redis across processes). When the store cannot count (Redis down) the request goes through
//! and a warning is logged: an outage must not lock people out (docs/security.md).

use souk_domain::limits::Limit;
use souk_domain::{ErrorCode, SoukError};
use souk_storage::ephemeral::Ephemeral;
use std::sync::Arc;
use std::time::Duration;

pub struct RateLimits {
    ephemeral: Arc<dyn Ephemeral>,
}

fn key(limit: &Limit, subject: &str) -> String {
    format!("limit:{}:{}", limit.name, subject.to_lowercase())
}

fn refused(limit: &Limit) -> SoukError {
    SoukError::with_detail(
        ErrorCode::TooManyAttempts,
        format!("{}: at most {} per {} s", limit.name, limit.max, limit.window_secs),
    )
}

impl RateLimits {
    pub fn new(ephemeral: Arc<dyn Ephemeral>) -> RateLimits {
        RateLimits { ephemeral }
    }

    /// Counts one request of `subject`; `TOO_MANY_ATTEMPTS` once over the limit.
    pub async fn hit(&self, limit: &Limit, subject: &str) -> Result<(), SoukError> {
        let window = Some(Duration::from_secs(limit.window_secs));
        match self.ephemeral.incr(&key(limit, subject), 1, window).await {
            Ok(n) if n > limit.max => Err(refused(limit)),
            Ok(_) => Ok(()),
            Err(e) => {
                tracing::warn!(limit = limit.name, error = %e, "limit not counted: the ephemeral store fails");
                Ok(())
            }
        }
    }

    /// Counts one failure of `subject` and answers how many it has now in the window (0 when
    /// the store cannot count: an outage must not lock people out).
    pub async fn count(&self, limit: &Limit, subject: &str) -> i64 {
        let window = Some(Duration::from_secs(limit.window_secs));
        match self.ephemeral.incr(&key(limit, subject), 1, window).await {
            Ok(n) => n,
            Err(e) => {
                tracing::warn!(limit = limit.name, error = %e, "limit not counted: the ephemeral store fails");
                0
            }
        }
    }

    /// Refuses when `subject` has already reached the limit, without counting (a limit on
    /// failures, counted by [`RateLimits::hit`] after each one).
    pub async fn check(&self, limit: &Limit, subject: &str) -> Result<(), SoukError> {
        match self.ephemeral.get(&key(limit, subject)).await {
            Ok(Some(bytes)) => {
                let n: i64 = std::str::from_utf8(&bytes).ok().and_then(|t| t.trim().parse().ok()).unwrap_or(0);
                if n >= limit.max { Err(refused(limit)) } else { Ok(()) }
            }
            Ok(None) => Ok(()),
            Err(e) => {
                tracing::warn!(limit = limit.name, error = %e, "limit not read: the ephemeral store fails");
                Ok(())
            }
        }
    }
}
