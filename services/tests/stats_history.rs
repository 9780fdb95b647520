//! The statistics history seed (`souk seed --demo --stats-shop N`) against a real SQLite store:
//! a year of history whose hour, day, total rows, shop sum and ads' performance fields agree.

use souk_services::demo::shop_volume::seed_shop_volume;
use souk_services::demo::stats_history::seed_stats_history;
use souk_services::demo::{SeedProgress, demo_credentials, seed_demo};
use souk_storage::ads::AdStore;
use souk_storage::metrics::MetricsStore;
use souk_storage::reference::Reference;
use souk_storage::sqlite::SqliteStore;

/// 2026-11-22 13:30 UTC.
const NOW: i64 = 1_795_354_200;
const DAY: i64 = 86_400;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_year_of_history_whose_rows_add_up() {
    let dir = std::env::temp_dir().join(format!("souk-stats-history-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let store = SqliteStore::open(dir.join("souk.db"), 2).unwrap();
    let reference = Reference::embedded().unwrap();
    seed_demo(&store, &reference, &dir.join("media"), 60, &mut |_| {}).await.unwrap();
    let shop =
        demo_credentials(&reference).into_iter().find(|c| c.kind == souk_domain::account::AccountType::Shop).unwrap();
    let owner = seed_shop_volume(&store, &shop.login, 120, &mut |_| {}).await.unwrap();

    let mut events: Vec<SeedProgress> = Vec::new();
    let history = seed_stats_history(&store, owner, 120, NOW, &mut |p| events.push(p)).await.unwrap();
    assert_eq!(history.ads, 120);
    assert!(history.views > 120 * 10, "{history:?}");
    let last = events.iter().rev().find(|p| p.stage == "history").unwrap();
    assert_eq!((last.done, last.total), (120, 120));

    // The shop's views: the total, the days of the year and the sum of its ads agree.
    let account = format!("account:{owner}");
    let total = store.total(&account, "view").await.unwrap();
    assert_eq!(total, history.views);
    let today = NOW / DAY;
    let days = store.days(&account, "view", today - 364, today).await.unwrap();
    assert_eq!(days.iter().map(|(_, n)| n).sum::<u64>(), total);
    assert!(days.first().is_some_and(|(d, _)| *d < today - 200), "history reaches back most of a year");
    assert!(days.iter().all(|(d, _)| *d <= today));
    let mut per_ad = 0;
    let mut performance = 0;
    for i in 0..120 {
        let ad =
            store.find_by_list_id(souk_services::demo::shop_volume::FIRST_VOLUME_LIST_ID + i).await.unwrap().unwrap();
        let t = store.total(&format!("ad:{}", ad.ad.ad_id), "view").await.unwrap();
        assert_eq!(ad.views, t, "the ad's performance field follows its history");
        per_ad += t;
        performance += ad.views;
    }
    assert_eq!(per_ad, total);
    assert_eq!(performance, total);
    // Today has hour rows, none in the future.
    let hours = store.hours(&account, "view", today).await.unwrap();
    assert!(!hours.is_empty());
    assert!(hours.iter().all(|(h, _)| i64::from(*h) <= (NOW % DAY) / 3600));
    let today_days = store.days(&account, "view", today, today).await.unwrap();
    assert_eq!(hours.iter().map(|(_, n)| n).sum::<u64>(), today_days.first().map_or(0, |(_, n)| *n));
    // The shop's own metrics are there too.
    assert!(store.total(&account, "calls").await.unwrap() > 0);
    assert_eq!(store.total(&account, "activeAds").await.unwrap(), store.total(&account, "publish").await.unwrap());
}
