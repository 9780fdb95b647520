//! A year of statistics history for a demo shop, for measuring the statistics queries at volume
//! (`souk seed --demo --stats-shop N`): each of the shop's volume ads gets daily views, phone
//! views and conversations from a day of the past year (up to its latest publication) to today
//! or, if no longer active, a few weeks later (spread over the hours for the last week, one hour a
//! day before), its publication, bumps and deletion; the shop's account gets the sum of its ads
//! plus calls, leads, highlights, gallery and boost consumption. Everything goes through the
//! metrics store (hour, day and total rows agree) and the ads' performance fields,
//! deterministically, in batches with progress.

use super::rng::Rng;
use super::shop_volume::FIRST_VOLUME_LIST_ID;
use super::{SeedError, SeedProgress};
use souk_domain::ad::AdStatus;
use souk_domain::stats::Metric;
use souk_storage::ads::AdStore;
use souk_storage::metrics::{MetricCount, MetricsStore};
use std::collections::HashMap;

const DAY: i64 = 86_400;
const HOUR: i64 = 3_600;
/// Counts written per transaction.
const BATCH: usize = 20_000;
/// Days of history at most.
const YEAR_DAYS: i64 = 365;
/// The last days get their counts spread over the hours of the day.
const HOURLY_DAYS: i64 = 7;

/// What the history holds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HistoryOutcome {
    pub ads: usize,
    /// Counts written (each adds to an hour, a day and a total row).
    pub counts: u64,
    /// Views over all the ads (the shop's `view` total).
    pub views: u64,
}

/// Writes the history of the `count` volume ads of the shop `owner` (see `shop_volume`), up to
/// `now` (unix seconds).
pub async fn seed_stats_history<S: AdStore + MetricsStore>(
    store: &S,
    owner: i64,
    count: usize,
    now: i64,
    progress: &mut (dyn FnMut(SeedProgress) + Send),
) -> Result<HistoryOutcome, SeedError> {
    let mut rng = Rng::new(0x5747_5354 ^ owner as u64);
    let today = now.div_euclid(DAY);
    let first_day = today - YEAR_DAYS + 1;
    let account = format!("account:{owner}");
    let mut shop: HashMap<(Metric, i64), u64> = HashMap::new();
    let mut pending: Vec<MetricCount> = Vec::with_capacity(BATCH + 4096);
    let mut out = HistoryOutcome::default();
    progress(SeedProgress { stage: "history", done: 0, total: count });
    for i in 0..count {
        let list_id = FIRST_VOLUME_LIST_ID + i as i64;
        let Some(stored) = store.find_by_list_id(list_id).await? else { continue };
        if stored.ad.account_id != owner {
            return Err(SeedError::Reference(format!("list id {list_id} is not the shop's volume ad")));
        }
        let ad_owner = format!("ad:{}", stored.ad.ad_id);
        // The shop has been selling for a year: an ad's history starts on a day of the year up to
        // its (latest) publication.
        let born = rng.range(first_day, stored.ad.published_at.div_euclid(DAY).clamp(first_day, today));
        // Ads that are no longer active stopped drawing visits some weeks after publication.
        let last = if stored.ad.status == AdStatus::Active { today } else { (born + rng.range(3, 40)).min(today) };
        let popularity = rng.range(1, 12) as u64;
        let mut perf = (0u64, 0u64, 0u64);
        let mut add = |metric: Metric, at: i64, n: u64, pending: &mut Vec<MetricCount>| {
            if n == 0 {
                return;
            }
            let at = at.min(now);
            pending.push(MetricCount { owner: ad_owner.clone(), metric: metric.name().into(), at, count: n });
            *shop.entry((metric, at.div_euclid(HOUR))).or_default() += n;
        };
        add(Metric::Publish, born * DAY + 9 * HOUR, 1, &mut pending);
        for day in born..=last {
            let views = rng.below(2 * popularity + 1);
            let phone = if views > 0 { rng.below(views / 4 + 1) } else { 0 };
            let conversations = u64::from(views > 0 && rng.chance(0.08));
            perf = (perf.0 + views, perf.1 + phone, perf.2 + conversations);
            for (metric, n) in
                [(Metric::View, views), (Metric::PhoneView, phone), (Metric::Conversation, conversations)]
            {
                if day > today - HOURLY_DAYS {
                    // Spread over the hours of the day (up to now for today).
                    let hours = if day == today { now.rem_euclid(DAY) / HOUR + 1 } else { 24 };
                    let mut left = n;
                    while left > 0 {
                        let k = left.min(rng.range(1, 3) as u64);
                        add(metric, day * DAY + rng.range(0, hours - 1) * HOUR, k, &mut pending);
                        left -= k;
                    }
                } else {
                    add(metric, day * DAY + rng.range(8, 22) * HOUR, n, &mut pending);
                }
            }
            if stored.ad.status == AdStatus::Active && rng.chance(0.01) {
                add(Metric::Bump, day * DAY + 7 * HOUR, 1, &mut pending);
            }
        }
        if stored.ad.status == AdStatus::Deleted {
            add(Metric::Delete, last * DAY + 20 * HOUR, 1, &mut pending);
        }
        out.views += perf.0;
        out.ads += 1;
        if perf.0 + perf.1 + perf.2 > 0 {
            store.add_performance(&stored.ad.ad_id, perf.0, perf.1, perf.2).await?;
        }
        if pending.len() >= BATCH {
            out.counts += pending.len() as u64;
            store.add(std::mem::take(&mut pending)).await?;
        }
        if i % 100 == 99 || i + 1 == count {
            progress(SeedProgress { stage: "history", done: i + 1, total: count });
        }
    }
    // The shop's account: the sum of its ads, then its own events.
    for day in first_day..=today {
        let hour = day * DAY / HOUR + 14;
        for (metric, n) in [
            (Metric::Calls, rng.below(6)),
            (Metric::Leads, rng.below(4)),
            (Metric::Highlights, u64::from(rng.chance(0.05))),
            (Metric::Gallery, u64::from(rng.chance(0.03))),
            (Metric::BoostConsumption, u64::from(rng.chance(0.08))),
        ] {
            if n > 0 && hour * HOUR <= now {
                *shop.entry((metric, hour)).or_default() += n;
            }
        }
    }
    let publications: Vec<((Metric, i64), u64)> = shop
        .iter()
        .filter(|((m, _), _)| *m == Metric::Publish)
        .map(|((_, h), n)| ((Metric::ActiveAds, *h), *n))
        .collect();
    shop.extend(publications);
    progress(SeedProgress { stage: "shop", done: 0, total: 1 });
    pending.extend(shop.into_iter().map(|((metric, hour), n)| MetricCount {
        owner: account.clone(),
        metric: metric.name().into(),
        at: hour * HOUR,
        count: n,
    }));
    for chunk in pending.chunks(BATCH) {
        out.counts += chunk.len() as u64;
        store.add(chunk.to_vec()).await?;
    }
    progress(SeedProgress { stage: "shop", done: 1, total: 1 });
    Ok(out)
}
