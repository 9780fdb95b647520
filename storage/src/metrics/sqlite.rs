//! The metrics store on SQLite: three tables keyed like their ScyllaDB counterparts, upserted
//! in one transaction per batch. A failed batch is rolled back whole, so its error always says
//! "nothing written" and the caller may send it again.

use super::{MetricCount, MetricsStore, year_of};
use crate::error::StoreError;
use crate::sqlite::SqliteStore;
use async_trait::async_trait;
use rusqlite::params;

const DAY: i64 = 86_400;

#[async_trait]
impl MetricsStore for SqliteStore {
    async fn add(&self, counts: Vec<MetricCount>) -> Result<(), StoreError> {
        self.write(move |c| {
            let mut hours = c.prepare_cached(
                "INSERT INTO metric_hours (owner, metric, day, hour, count) VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT (owner, metric, day, hour) DO UPDATE SET count = count + excluded.count",
            )?;
            let mut days = c.prepare_cached(
                "INSERT INTO metric_days (owner, metric, year, day, count) VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT (owner, metric, year, day) DO UPDATE SET count = count + excluded.count",
            )?;
            let mut totals = c.prepare_cached(
                "INSERT INTO metric_totals (owner, metric, total) VALUES (?1, ?2, ?3)
                 ON CONFLICT (owner, metric) DO UPDATE SET total = total + excluded.total",
            )?;
            for m in &counts {
                let (day, hour) = (m.at.div_euclid(DAY), m.at.rem_euclid(DAY) / 3600);
                let n = i64::try_from(m.count).unwrap_or(i64::MAX);
                hours.execute(params![m.owner, m.metric, day, hour, n])?;
                days.execute(params![m.owner, m.metric, year_of(day), day, n])?;
                totals.execute(params![m.owner, m.metric, n])?;
            }
            Ok(())
        })
        .await
    }

    async fn hours(&self, owner: &str, metric: &str, day: i64) -> Result<Vec<(u8, u64)>, StoreError> {
        let (owner, metric) = (owner.to_string(), metric.to_string());
        self.read(move |c| {
            let mut st = c.prepare_cached(
                "SELECT hour, count FROM metric_hours WHERE owner = ?1 AND metric = ?2 AND day = ?3 ORDER BY hour",
            )?;
            let rows = st.query_map(params![owner, metric, day], |r| {
                Ok((r.get::<_, u8>(0)?, r.get::<_, i64>(1)?.max(0) as u64))
            })?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await
    }

    async fn days(&self, owner: &str, metric: &str, first: i64, last: i64) -> Result<Vec<(i64, u64)>, StoreError> {
        let (owner, metric) = (owner.to_string(), metric.to_string());
        self.read(move |c| {
            let mut st = c.prepare_cached(
                "SELECT day, count FROM metric_days WHERE owner = ?1 AND metric = ?2 AND year = ?3
                    AND day BETWEEN ?4 AND ?5 ORDER BY day",
            )?;
            let mut out = Vec::new();
            for year in year_of(first)..=year_of(last) {
                let rows = st.query_map(params![owner, metric, year, first, last], |r| {
                    Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?.max(0) as u64))
                })?;
                for row in rows {
                    out.push(row?);
                }
            }
            Ok(out)
        })
        .await
    }

    async fn total(&self, owner: &str, metric: &str) -> Result<u64, StoreError> {
        let (owner, metric) = (owner.to_string(), metric.to_string());
        self.read(move |c| {
            let total: Option<i64> = c
                .query_row(
                    "SELECT total FROM metric_totals WHERE owner = ?1 AND metric = ?2",
                    params![owner, metric],
                    |r| r.get(0),
                )
                .ok();
            Ok(total.unwrap_or(0).max(0) as u64)
        })
        .await
    }
}
