//! Browser error reports (`POST /api/client-log`): checked, rate-limited per address in the
//! ephemeral store, and written to the structured log under the `client_log` target.

use souk_domain::{ErrorCode, SoukError};
use souk_storage::ephemeral::Ephemeral;
use std::sync::Arc;
use std::time::Duration;

/// The longest message kept; the rest is cut (the body limit is checked before this).
pub const MAX_MESSAGE_CHARS: usize = 2000;

/// One report from a browser.
#[derive(Debug, Clone)]
pub struct ClientLogEntry {
    pub address: String,
    pub visitor_id: Option<String>,
    pub message: String,
    pub level: Option<String>,
    pub url: Option<String>,
}

pub struct ClientLogService {
    ephemeral: Arc<dyn Ephemeral>,
    per_minute: u32,
}

impl ClientLogService {
    pub fn new(ephemeral: Arc<dyn Ephemeral>, per_minute: u32) -> Self {
        Self { ephemeral, per_minute }
    }

    /// Logs the report, unless it is empty or its address sent too many this minute.
    pub async fn record(&self, entry: ClientLogEntry) -> Result<(), SoukError> {
        let message = entry.message.trim();
        if message.is_empty() {
            return Err(SoukError::with_detail(ErrorCode::Required, "logMessage"));
        }
        let key = format!("client-log:{}", entry.address);
        let sent = self.ephemeral.incr(&key, 1, Some(Duration::from_secs(60))).await.map_err(SoukError::internal)?;
        if sent > i64::from(self.per_minute) {
            return Err(SoukError::with_detail(
                ErrorCode::TooManyAttempts,
                format!("{} reports a minute", self.per_minute),
            ));
        }
        let level = match entry.level.as_deref() {
            Some("warn" | "warning") => "warn",
            Some("info") => "info",
            _ => "error",
        };
        let message: String = message.chars().take(MAX_MESSAGE_CHARS).collect();
        let url: Option<String> = entry.url.map(|u| u.chars().take(500).collect());
        tracing::warn!(
            target: "client_log",
            address = %entry.address,
            visitor_id = entry.visitor_id.as_deref().unwrap_or("-"),
            level,
            // Control characters escaped: a newline in a report cannot forge a log line.
            url = %url.as_deref().unwrap_or("-").escape_debug(),
            message = %message.escape_debug(),
            "client log"
        );
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use souk_storage::ephemeral::memory::MemoryEphemeral;

    fn entry(address: &str, message: &str) -> ClientLogEntry {
        ClientLogEntry { address: address.into(), visitor_id: None, message: message.into(), level: None, url: None }
    }

    #[tokio::test]
    async fn reports_are_limited_per_address_per_minute() {
        let service = ClientLogService::new(Arc::new(MemoryEphemeral::new("test:")), 3);
        for _ in 0..3 {
            service.record(entry("10.0.0.1", "boom")).await.expect("within the limit");
        }
        let refused = service.record(entry("10.0.0.1", "boom")).await.expect_err("over the limit");
        assert_eq!(refused.code, ErrorCode::TooManyAttempts);
        service.record(entry("10.0.0.2", "boom")).await.expect("another address has its own budget");
    }

    #[tokio::test]
    async fn empty_reports_are_refused_without_spending_the_budget() {
        let service = ClientLogService::new(Arc::new(MemoryEphemeral::new("test:")), 1);
        assert_eq!(service.record(entry("a", "   ")).await.expect_err("empty").code, ErrorCode::Required);
        service.record(entry("a", "real")).await.expect("budget untouched");
    }

    /// Collects what a subscriber writes.
    #[derive(Clone, Default)]
    struct Captured(Arc<std::sync::Mutex<Vec<u8>>>);

    impl std::io::Write for Captured {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().map_err(|_| std::io::Error::other("poisoned"))?.extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[tokio::test]
    async fn a_newline_in_a_report_cannot_forge_a_log_line() {
        let out = Captured::default();
        let writer = out.clone();
        let subscriber = tracing_subscriber::fmt().with_ansi(false).with_writer(move || writer.clone()).finish();
        let _guard = tracing::subscriber::set_default(subscriber);
        let service = ClientLogService::new(Arc::new(MemoryEphemeral::new("test:")), 5);
        let forged = "boom\n2026-11-27T00:00:00Z  INFO souk: admin signed in\u{1b}[31m";
        service.record(entry("10.0.0.9", forged)).await.expect("logged");
        let text = String::from_utf8(out.0.lock().expect("lock").clone()).expect("utf-8");
        assert_eq!(text.lines().count(), 1, "{text}");
        assert!(text.contains("boom\\n2026-11-27"), "{text}");
        assert!(!text.contains('\u{1b}'), "{text}");
    }
}
