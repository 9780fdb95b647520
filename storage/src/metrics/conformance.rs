//! The conformance suite of [`MetricsStore`]: every backend runs it (SQLite always, ScyllaDB
//! when `SCYLLA_URI` is set). Each check uses its own owner keys, so a shared store works.

use super::{MetricCount, MetricsStore};

const DAY: i64 = 86_400;
/// 2026-11-22 00:00 UTC.
const T0: i64 = 1_795_305_600;

fn count(owner: &str, metric: &str, at: i64, n: u64) -> MetricCount {
    MetricCount { owner: owner.into(), metric: metric.into(), at, count: n }
}

/// Counts land in their hour, their day and the total; other owners and metrics stay apart.
pub async fn counts_add_up_by_hour_day_and_total(store: &dyn MetricsStore, prefix: &str) {
    let owner = format!("{prefix}ad:1");
    let other = format!("{prefix}ad:2");
    store
        .add(vec![
            count(&owner, "view", T0 + 10, 2),
            count(&owner, "view", T0 + 3599, 1),
            count(&owner, "view", T0 + 3600 * 13 + 5, 4),
            count(&owner, "phoneView", T0 + 60, 1),
            count(&other, "view", T0 + 60, 9),
        ])
        .await
        .expect("add");
    store.add(vec![count(&owner, "view", T0 + 30, 1)]).await.expect("add again");
    assert_eq!(store.hours(&owner, "view", T0 / DAY).await.expect("hours"), vec![(0, 4), (13, 4)]);
    assert_eq!(store.days(&owner, "view", T0 / DAY, T0 / DAY).await.expect("days"), vec![(T0 / DAY, 8)]);
    assert_eq!(store.total(&owner, "view").await.expect("total"), 8);
    assert_eq!(store.total(&owner, "phoneView").await.expect("total"), 1);
    assert_eq!(store.total(&other, "view").await.expect("total"), 9);
    assert_eq!(store.total(&owner, "bump").await.expect("total"), 0);
    assert!(store.hours(&owner, "view", T0 / DAY - 1).await.expect("hours").is_empty());
}

/// Day ranges cross calendar years (the roll-up's partitions) and keep only their days.
pub async fn day_ranges_cross_years(store: &dyn MetricsStore, prefix: &str) {
    let owner = format!("{prefix}account:7");
    // 2025-12-30, 2025-12-31, 2026-01-01, 2026-01-02
    let dec30 = souk_domain::stats::parse_day("2025-12-30").expect("day");
    store
        .add((0..4).map(|i| count(&owner, "publish", (dec30 + i) * DAY + 100, (i + 1) as u64)).collect())
        .await
        .expect("add");
    let days = store.days(&owner, "publish", dec30 + 1, dec30 + 2).await.expect("days");
    assert_eq!(days, vec![(dec30 + 1, 2), (dec30 + 2, 3)]);
    let all = store.days(&owner, "publish", dec30 - 400, dec30 + 400).await.expect("days");
    assert_eq!(all.iter().map(|d| d.1).sum::<u64>(), 10);
    assert_eq!(store.total(&owner, "publish").await.expect("total"), 10);
}

/// Every check, for a backend.
pub async fn run_all(store: &dyn MetricsStore, prefix: &str) {
    counts_add_up_by_hour_day_and_total(store, prefix).await;
    day_ranges_cross_years(store, prefix).await;
}
