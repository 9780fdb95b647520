//! The metrics store on ScyllaDB: the three counter tables of `deploy/scylla/schema.cql`. A
//! batch of counts is summed per (owner, metric, hour) first, then written as one counter batch
//! per partition, sent to a replica of that partition. Counter updates are not idempotent: the
//! driver never retries them, and a timeout surfaces as an error. Unlike SQLite, a failure
//! part-way can leave some partitions updated: counters have no cross-partition atomicity. So
//! a failure once anything was sent is [`StoreError::MayHaveWritten`], which the callers
//! (`AdSession`, `StatsService::flush`) do not retry: a count may be lost, never doubled.

use super::{MetricCount, MetricsStore, year_of};
use crate::error::StoreError;
use crate::scylla::statements::{self, Cql};
use crate::scylla::{cql_error, prepare};
use async_trait::async_trait;
use futures_util::future::try_join_all;
use scylla::client::session::Session;
use scylla::statement::batch::{Batch, BatchType};
use scylla::statement::prepared::PreparedStatement;
use scylla::value::Counter;
use std::collections::BTreeMap;
use std::sync::Arc;

const DAY: i64 = 86_400;

/// [`MetricsStore`] over a ScyllaDB session.
pub struct ScyllaMetricsStore {
    session: Arc<Session>,
    add_hour: PreparedStatement,
    add_day: PreparedStatement,
    add_total: PreparedStatement,
    hours: PreparedStatement,
    days: PreparedStatement,
    total: PreparedStatement,
}

impl ScyllaMetricsStore {
    /// Prepares every statement once.
    pub async fn new(session: Arc<Session>, keyspace: &str) -> Result<Self, StoreError> {
        let p = |c: &'static Cql| {
            let session = session.clone();
            let keyspace = keyspace.to_string();
            async move { prepare(&session, &keyspace, c).await }
        };
        Ok(ScyllaMetricsStore {
            add_hour: p(&statements::METRIC_ADD_HOUR).await?,
            add_day: p(&statements::METRIC_ADD_DAY).await?,
            add_total: p(&statements::METRIC_ADD_TOTAL).await?,
            hours: p(&statements::METRIC_HOURS).await?,
            days: p(&statements::METRIC_DAYS).await?,
            total: p(&statements::METRIC_TOTAL).await?,
            session,
        })
    }

    /// One counter batch of `statement` with every row of one partition.
    async fn counter_batch<V>(&self, statement: &PreparedStatement, rows: Vec<V>) -> Result<(), StoreError>
    where
        V: scylla::serialize::row::SerializeRow,
    {
        let mut batch = Batch::new(BatchType::Counter);
        batch.set_is_idempotent(false);
        for _ in &rows {
            batch.append_statement(statement.clone());
        }
        self.session.batch(&batch, rows).await.map_err(cql_error)?;
        Ok(())
    }
}

fn to_i32(n: i64) -> Result<i32, StoreError> {
    i32::try_from(n).map_err(|_| StoreError::Corrupt(format!("day {n} out of range")))
}

fn counter(n: u64) -> Counter {
    Counter(i64::try_from(n).unwrap_or(i64::MAX))
}

type PartitionKey = (String, String, i64);

#[async_trait]
impl MetricsStore for ScyllaMetricsStore {
    async fn add(&self, counts: Vec<MetricCount>) -> Result<(), StoreError> {
        // Sum first: one increment per row, one batch per partition.
        let mut hours: BTreeMap<PartitionKey, BTreeMap<i8, u64>> = BTreeMap::new();
        let mut days: BTreeMap<PartitionKey, BTreeMap<i64, u64>> = BTreeMap::new();
        let mut totals: BTreeMap<(String, String), u64> = BTreeMap::new();
        for m in counts.into_iter().filter(|m| m.count > 0) {
            let (day, hour) = (m.at.div_euclid(DAY), (m.at.rem_euclid(DAY) / 3600) as i8);
            *hours.entry((m.owner.clone(), m.metric.clone(), day)).or_default().entry(hour).or_default() += m.count;
            *days.entry((m.owner.clone(), m.metric.clone(), year_of(day))).or_default().entry(day).or_default() +=
                m.count;
            *totals.entry((m.owner, m.metric)).or_default() += m.count;
        }
        let mut writes = Vec::new();
        for ((owner, metric, day), by_hour) in &hours {
            let day = to_i32(*day)?;
            let rows: Vec<_> =
                by_hour.iter().map(|(hour, n)| (counter(*n), owner.as_str(), metric.as_str(), day, *hour)).collect();
            writes.push(Box::pin(self.counter_batch(&self.add_hour, rows))
                as std::pin::Pin<Box<dyn Future<Output = Result<(), StoreError>> + Send + '_>>);
        }
        for ((owner, metric, year), by_day) in &days {
            let year = to_i32(*year)?;
            let mut rows = Vec::with_capacity(by_day.len());
            for (day, n) in by_day {
                rows.push((counter(*n), owner.as_str(), metric.as_str(), year, to_i32(*day)?));
            }
            writes.push(Box::pin(self.counter_batch(&self.add_day, rows)));
        }
        for ((owner, metric), n) in &totals {
            writes.push(Box::pin(async move {
                self.session
                    .execute_unpaged(&self.add_total, (counter(*n), owner.as_str(), metric.as_str()))
                    .await
                    .map_err(cql_error)?;
                Ok(())
            }));
        }
        // From here on a failure may leave some counters updated (and a timed-out one may have
        // been applied): the caller must not send these counts again.
        try_join_all(writes).await.map_err(|e| StoreError::MayHaveWritten(e.to_string()))?;
        Ok(())
    }

    async fn hours(&self, owner: &str, metric: &str, day: i64) -> Result<Vec<(u8, u64)>, StoreError> {
        let result = self
            .session
            .execute_unpaged(&self.hours, (owner, metric, to_i32(day)?))
            .await
            .map_err(cql_error)?
            .into_rows_result()
            .map_err(cql_error)?;
        let mut out = Vec::new();
        for row in result.rows::<(i8, Counter)>().map_err(cql_error)? {
            let (hour, Counter(n)) = row.map_err(cql_error)?;
            if n > 0 {
                out.push((hour.max(0) as u8, n as u64));
            }
        }
        Ok(out)
    }

    async fn days(&self, owner: &str, metric: &str, first: i64, last: i64) -> Result<Vec<(i64, u64)>, StoreError> {
        let (first32, last32) = (to_i32(first)?, to_i32(last)?);
        let mut out = Vec::new();
        // One partition per calendar year, in order.
        for year in year_of(first)..=year_of(last) {
            let result = self
                .session
                .execute_unpaged(&self.days, (owner, metric, to_i32(year)?, first32, last32))
                .await
                .map_err(cql_error)?
                .into_rows_result()
                .map_err(cql_error)?;
            for row in result.rows::<(i32, Counter)>().map_err(cql_error)? {
                let (day, Counter(n)) = row.map_err(cql_error)?;
                if n > 0 {
                    out.push((i64::from(day), n as u64));
                }
            }
        }
        Ok(out)
    }

    async fn total(&self, owner: &str, metric: &str) -> Result<u64, StoreError> {
        let result = self
            .session
            .execute_unpaged(&self.total, (owner, metric))
            .await
            .map_err(cql_error)?
            .into_rows_result()
            .map_err(cql_error)?;
        let row = result.maybe_first_row::<(Counter,)>().map_err(cql_error)?;
        Ok(row.map(|(Counter(n),)| n.max(0) as u64).unwrap_or(0))
    }
}
