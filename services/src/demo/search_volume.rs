//! A large listing for the search benchmark: copies of the demo's active ads (all categories,
//! all sellers), spread over every city and over the last year, all active, written in big
//! batches with progress and the ingest rate. Used by `souk seed --demo --search-ads N` and
//! `load-tests/run-search-bench.sh` (`docs/benchmarks.md`).

use super::{SeedError, SeedProgress};
use souk_domain::search::SearchSort;
use souk_storage::ads::AdStore;
use souk_storage::catalog::CatalogStore;
use souk_storage::search::{ListingQuery, PageRequest, SearchStore};
use std::time::{SystemTime, UNIX_EPOCH};

/// The first list id of search-volume ads (below the shop volume's 900,000,000).
pub const FIRST_SEARCH_LIST_ID: i64 = 700_000_000;
/// Ads written per transaction.
pub const SEARCH_BATCH: usize = 5_000;

/// Adds `count` active ads copied from the demo's; answers how many templates were used.
pub async fn seed_search_volume<S: AdStore + SearchStore + CatalogStore>(
    store: &S,
    count: usize,
    progress: &mut (dyn FnMut(SeedProgress) + Send),
) -> Result<usize, SeedError> {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0);
    let page = PageRequest {
        sort: SearchSort::Newest,
        offset: 0,
        limit: 5_000,
        premium_slots: 0,
        page: 0,
        now,
        with_facets: false,
    };
    let templates = store.search_listing(ListingQuery::default(), page).await?.ads;
    if templates.is_empty() {
        return Err(SeedError::Reference("no active demo ad to copy: seed the demo first".into()));
    }
    let cities = store.cities().await?;
    let mut done = 0;
    progress(SeedProgress { stage: "search ads", done, total: count });
    while done < count {
        let n = SEARCH_BATCH.min(count - done);
        let batch = (done..done + n)
            .map(|i| {
                let mut ad = templates[i % templates.len()].ad.clone();
                ad.list_id = FIRST_SEARCH_LIST_ID + i as i64;
                ad.ad_id = format!("search-{i:09}");
                // A third keep their city; the rest go everywhere, big cities (first) more often.
                if i % 3 != 0 {
                    let r = (i.wrapping_mul(2_654_435_761) >> 7) % 1000;
                    let pick = if r < 600 { r % 8.min(cities.len()) } else { r % cities.len() };
                    if let Some(c) = cities.get(pick) {
                        ad.city_id = c.id;
                        ad.area_id = None;
                    }
                }
                let at = now - (i as i64 * 7_919) % (365 * 86_400);
                (ad.published_at, ad.modified_at, ad.state_time) = (at, at, at);
                ad.title = format!("{} {}", ad.title.chars().take(80).collect::<String>(), i % 997);
                ad
            })
            .collect();
        store.insert_ads(batch).await?;
        done += n;
        progress(SeedProgress { stage: "search ads", done, total: count });
    }
    // Statistics for the planner, so it chooses among the listing indexes knowing their sizes.
    store.analyze_listing().await?;
    Ok(templates.len())
}
