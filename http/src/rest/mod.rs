//! The REST-style helpers of spec §7 (client log now; parse-URL, uploads and saved ads join
//! with their capabilities).

pub mod client_log;
