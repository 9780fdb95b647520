//! The metrics time series of the statistics (design §2): counts by (owner, metric, day) with
//! one row per hour, a daily roll-up by (owner, metric, year) with one row per day so that long
//! ranges read a few partitions, and a running total by (owner, metric). An owner is a key such
//! as `ad:{adId}` or `account:{accountId}`. Every backend passes [`conformance`].

pub mod conformance;
mod scylla;
mod sqlite;

pub use scylla::ScyllaMetricsStore;

use crate::error::StoreError;
use async_trait::async_trait;

/// Counted events of one metric for one owner in one hour.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MetricCount {
    pub owner: String,
    /// The metric's name (`view`, `phoneView` ...).
    pub metric: String,
    /// Unix seconds of any instant in the hour.
    pub at: i64,
    pub count: u64,
}

#[async_trait]
pub trait MetricsStore: Send + Sync + 'static {
    /// Adds the counts (to the hour, the day and the total). On failure the error says whether
    /// nothing was stored ([`StoreError::wrote_nothing`]: the caller may send the counts again)
    /// or part of them may have been ([`StoreError::MayHaveWritten`]: the caller must not, or
    /// they would count twice; they are lost). SQLite writes all or nothing; ScyllaDB's counter
    /// batches, one per partition, may fail part-way.
    async fn add(&self, counts: Vec<MetricCount>) -> Result<(), StoreError>;
    /// The hours of one day (days since 1970) that have counts: one partition.
    async fn hours(&self, owner: &str, metric: &str, day: i64) -> Result<Vec<(u8, u64)>, StoreError>;
    /// The days of `first..=last` that have counts: one partition per calendar year.
    async fn days(&self, owner: &str, metric: &str, first: i64, last: i64) -> Result<Vec<(i64, u64)>, StoreError>;
    /// The running total (0 when nothing was counted).
    async fn total(&self, owner: &str, metric: &str) -> Result<u64, StoreError>;
}

/// The calendar year of a day since 1970 (the daily roll-up's partition).
pub fn year_of(day: i64) -> i64 {
    souk_domain::time::civil_from_days(day.max(0) as u64).0 as i64
}
