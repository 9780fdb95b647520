//! Structured logs (tracing): human-readable or JSON, filtered by `log.level`.

use crate::config::{LogFormat, Settings};
use std::io::IsTerminal;
use tracing_subscriber::EnvFilter;

/// Installs the global subscriber once; later calls do nothing.
pub fn init(settings: &Settings) {
    let filter = EnvFilter::try_new(&settings.log.level).unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal());
    let _ = match settings.log.format {
        LogFormat::Json => builder.json().try_init(),
        LogFormat::Pretty => builder.compact().try_init(),
    };
}
