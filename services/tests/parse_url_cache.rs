//! The parse-URL cache with an injected clock (spec §9: stale 300000 ms, kept 600000 ms): an
//! answer is served from memory while fresh, computed again once stale, and an entry nobody
//! asks for again is purged once older than 10 minutes — not only when the cache is full.

use souk_services::catalog::CatalogService;
use souk_services::search::parse_url::{FRESH_FOR, KEPT_FOR, ParseUrlService, slug_index};
use souk_storage::sqlite::SqliteStore;
use std::sync::Arc;
use std::time::{Duration, Instant};

async fn service(name: &str) -> (SqliteStore, ParseUrlService) {
    let dir = std::env::temp_dir().join(format!("souk-parse-url-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let store = SqliteStore::open(dir.join("souk.db"), 1).expect("store");
    let catalog = Arc::new(CatalogService::load(&store).await.expect("catalog"));
    let slugs = Arc::new(slug_index(&catalog));
    (store, ParseUrlService::new(catalog, slugs))
}

#[tokio::test]
async fn fresh_answers_come_from_memory_and_stale_ones_are_computed_again() {
    let (store, parse) = service("fresh").await;
    let t0 = Instant::now();
    let first = parse.parse("/casablanca/voitures", None, t0);
    assert_eq!(first.category.as_ref().map(|c| c.id), Some(2010));
    assert_eq!(parse.computations(), 1);
    let minute = Duration::from_secs(60);
    assert_eq!(parse.parse("/casablanca/voitures", None, t0 + 4 * minute), first);
    assert_eq!(parse.computations(), 1, "fresh: served from memory");
    assert_eq!(parse.parse("/casablanca/voitures", None, t0 + FRESH_FOR - Duration::from_millis(1)), first);
    assert_eq!(parse.computations(), 1, "still fresh a millisecond before 5 minutes");
    assert_eq!(parse.parse("/casablanca/voitures", None, t0 + FRESH_FOR), first);
    assert_eq!(parse.computations(), 2, "stale at 5 minutes: computed again");
    assert_eq!(parse.parse("/casablanca/voitures", None, t0 + FRESH_FOR + minute), first);
    assert_eq!(parse.computations(), 2, "the recomputed answer is fresh again");
    // Another query string is another entry.
    parse.parse("/casablanca/voitures", Some("q=peugeot"), t0 + FRESH_FOR + minute);
    assert_eq!(parse.computations(), 3);
    store.shutdown().await;
}

#[tokio::test]
async fn entries_older_than_ten_minutes_are_purged_though_the_cache_is_not_full() {
    let (store, parse) = service("kept").await;
    let t0 = Instant::now();
    let minute = Duration::from_secs(60);
    parse.parse("/casablanca", None, t0);
    parse.parse("/rabat", None, t0 + 6 * minute);
    assert_eq!(parse.cached(), 2);
    // At 10 minutes and a second, the first entry is past what is kept; the second (4 minutes
    // old) stays.
    parse.parse("/marrakech", None, t0 + KEPT_FOR + Duration::from_secs(1));
    assert_eq!(parse.cached(), 2, "/casablanca purged, /rabat and /marrakech kept");
    let computed = parse.computations();
    parse.parse("/rabat", None, t0 + KEPT_FOR + Duration::from_secs(2));
    assert_eq!(parse.computations(), computed, "/rabat (4 minutes old) still served from memory");
    parse.parse("/casablanca", None, t0 + KEPT_FOR + Duration::from_secs(3));
    assert_eq!(parse.computations(), computed + 1, "/casablanca was gone: computed");
    // Much later, one request sweeps out everything older than 10 minutes.
    parse.parse("/tanger", None, t0 + 30 * minute);
    assert_eq!(parse.cached(), 1);
    store.shutdown().await;
}
