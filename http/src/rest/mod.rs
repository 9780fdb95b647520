//! The REST-style helpers of spec §7: client log, shop logo upload, and the development-only
//! outbox listing (parse-URL and saved ads join with their capabilities).

pub mod chat_upload;
pub mod client_log;
pub mod dev_outbox;
pub mod shop_logo;
