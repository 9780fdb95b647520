//! Persistence of Souk behind traits. Durable data: the SQLite backend (embedded mode; a
//! ScyllaDB backend joins it in distributed mode). Ephemeral state (codes, countdowns, rate
//! limits, presence, pub/sub): in memory or in Redis. Every trait has a conformance suite
//! that each backend must pass.

pub mod accounts;
pub mod ads;
pub mod catalog;
pub mod chat;
pub mod ephemeral;
pub mod error;
pub mod media;
pub mod metrics;
pub mod reference;
pub mod search;
pub mod sqlite;

pub use error::StoreError;
