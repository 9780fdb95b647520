//! One-time codes in the ephemeral store: six digits with an expiry, a countdown before a
//! new one may be sent, a limit on wrong attempts, and single use. One `purpose` per flow
//! (phone verification, password reset by phone, e-mail verification) so they never mix.

use super::tokens::six_digit_code;
use souk_domain::account::normalize_code;
use souk_domain::{ErrorCode, SoukError};
use souk_storage::ephemeral::Ephemeral;
use std::time::Duration;

/// How codes behave.
#[derive(Debug, Clone, Copy)]
pub struct CodePolicy {
    /// How long a code stays valid.
    pub ttl: Duration,
    /// How long before a new code may be sent (the countdown the screen shows).
    pub resend_after: Duration,
    /// Wrong attempts allowed on one code; the next one burns it.
    pub max_attempts: i64,
}

impl Default for CodePolicy {
    fn default() -> Self {
        CodePolicy { ttl: Duration::from_secs(600), resend_after: Duration::from_secs(60), max_attempts: 5 }
    }
}

/// Issues and checks the codes of one purpose.
pub struct Codes<'a> {
    pub ephemeral: &'a dyn Ephemeral,
    pub policy: CodePolicy,
    pub purpose: &'static str,
}

impl Codes<'_> {
    fn key(&self, what: &str, subject: &str) -> String {
        format!("otp:{}:{what}:{subject}", self.purpose)
    }

    /// A new code for `subject`, unless the countdown of the previous one is still running
    /// (`RESEND_TOO_SOON`, with the seconds left in the detail).
    pub async fn issue(&self, subject: &str) -> Result<String, SoukError> {
        let countdown = self.key("countdown", subject);
        let started = self
            .ephemeral
            .set_if_absent(&countdown, b"1", Some(self.policy.resend_after))
            .await
            .map_err(SoukError::internal)?;
        if !started {
            let left = self
                .ephemeral
                .ttl(&countdown)
                .await
                .map_err(SoukError::internal)?
                .map(|d| d.as_secs().max(1))
                .unwrap_or(1);
            return Err(SoukError::with_detail(ErrorCode::ResendTooSoon, format!("{left} seconds")));
        }
        let code = six_digit_code();
        self.ephemeral
            .set(&self.key("code", subject), code.as_bytes(), Some(self.policy.ttl))
            .await
            .map_err(SoukError::internal)?;
        self.ephemeral.delete(&self.key("attempts", subject)).await.map_err(SoukError::internal)?;
        Ok(code)
    }

    /// Whether `typed` is the live code of `subject`. A right code is used up; a wrong one
    /// counts, and too many burn the code (`TOO_MANY_ATTEMPTS`). No live code: `CODE_EXPIRED`.
    pub async fn check(&self, subject: &str, typed: &str) -> Result<bool, SoukError> {
        let typed = normalize_code(typed)?;
        let code_key = self.key("code", subject);
        let Some(stored) = self.ephemeral.get(&code_key).await.map_err(SoukError::internal)? else {
            return Err(SoukError::with_detail(ErrorCode::CodeExpired, "no live code"));
        };
        let attempts = self.key("attempts", subject);
        let n = self.ephemeral.incr(&attempts, 1, Some(self.policy.ttl)).await.map_err(SoukError::internal)?;
        if n > self.policy.max_attempts {
            self.ephemeral.delete(&code_key).await.map_err(SoukError::internal)?;
            return Err(SoukError::with_detail(ErrorCode::TooManyAttempts, "code burnt"));
        }
        if constant_time_eq(stored.as_slice(), typed.as_bytes()) {
            self.ephemeral.delete(&code_key).await.map_err(SoukError::internal)?;
            self.ephemeral.delete(&attempts).await.map_err(SoukError::internal)?;
            return Ok(true);
        }
        Ok(false)
    }
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use souk_storage::ephemeral::MemoryEphemeral;

    fn codes(e: &MemoryEphemeral) -> Codes<'_> {
        Codes {
            ephemeral: e,
            policy: CodePolicy { ttl: Duration::from_secs(60), resend_after: Duration::from_secs(30), max_attempts: 3 },
            purpose: "test",
        }
    }

    #[tokio::test]
    async fn a_code_is_used_once_and_resends_wait_for_the_countdown() {
        let e = MemoryEphemeral::new("t:");
        let c = codes(&e);
        let code = c.issue("0612345678").await.expect("issue");
        assert_eq!(c.issue("0612345678").await.map_err(|e| e.code), Err(ErrorCode::ResendTooSoon));
        assert!(!c.check("0612345678", "000000").await.expect("wrong") || code == "000000");
        assert!(c.check("0612345678", &code).await.expect("right"));
        assert_eq!(c.check("0612345678", &code).await.map_err(|e| e.code), Err(ErrorCode::CodeExpired), "single use");
        assert_eq!(c.check("0612345678", "").await.map_err(|e| e.code), Err(ErrorCode::CodeRequired));
    }

    #[tokio::test]
    async fn too_many_wrong_attempts_burn_the_code() {
        let e = MemoryEphemeral::new("t:");
        let c = codes(&e);
        let code = c.issue("s").await.expect("issue");
        let wrong = if code == "111111" { "222222" } else { "111111" };
        for _ in 0..3 {
            assert!(!c.check("s", wrong).await.expect("wrong"));
        }
        assert_eq!(c.check("s", &code).await.map_err(|e| e.code), Err(ErrorCode::TooManyAttempts));
        assert_eq!(c.check("s", &code).await.map_err(|e| e.code), Err(ErrorCode::CodeExpired));
    }
}
