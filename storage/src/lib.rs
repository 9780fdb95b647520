//! Persistence of Souk behind traits. Durable data: the SQLite backend (embedded mode) and,
//! in distributed mode, ScyllaDB for the chat and the metrics time series. Ephemeral state (codes, countdowns, rate
//! limits, presence, pub/sub): in memory or in Redis. Every trait has a conformance suite
//! that each backend must pass.

pub mod accounts;
pub mod ads;
pub mod catalog;
pub mod chat;
pub mod credit;
pub mod delivery;
pub mod ephemeral;
pub mod error;
pub mod health;
pub mod jobs;
pub mod media;
pub mod metrics;
pub mod orders;
pub mod payments;
pub mod products;
pub mod reference;
mod rows;
pub mod scylla;
pub mod search;
mod search_rank;
pub mod sqlite;
pub mod valuation;
pub mod visitor_messages;

pub use error::StoreError;
