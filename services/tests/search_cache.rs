//! The listing cache of `SearchService` against the real SQLite listing index: concurrent
//! requests for a page that is not there wait on one computation; an expired page is served as
//! it is while one background task computes it again; without a cache every request computes.

use async_trait::async_trait;
use souk_domain::search::{SearchFilters, SearchSort};
use souk_services::catalog::CatalogService;
use souk_services::search::service::SearchService;
use souk_storage::StoreError;
use souk_storage::search::{ListingPage, ListingQuery, PageRequest, SearchStore, ShopQuery, SitemapAd};
use souk_storage::sqlite::SqliteStore;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The SQLite listing index, counting the pages it computes, each taking at least `delay_ms`.
struct Counting {
    inner: SqliteStore,
    pages: AtomicUsize,
    delay_ms: AtomicU64,
}

#[async_trait]
impl SearchStore for Counting {
    fn listing_generation(&self) -> u64 {
        self.inner.listing_generation()
    }
    async fn analyze_listing(&self) -> Result<(), StoreError> {
        self.inner.analyze_listing().await
    }
    async fn search_listing(&self, q: ListingQuery, page: PageRequest) -> Result<ListingPage, StoreError> {
        self.pages.fetch_add(1, Ordering::SeqCst);
        tokio::time::sleep(Duration::from_millis(self.delay_ms.load(Ordering::SeqCst))).await;
        self.inner.search_listing(q, page).await
    }
    async fn index_bytes(&self) -> Result<Option<u64>, StoreError> {
        self.inner.index_bytes().await
    }
    async fn sitemap_ads(&self, offset: u64, limit: u32) -> Result<Vec<SitemapAd>, StoreError> {
        self.inner.sitemap_ads(offset, limit).await
    }
    async fn active_count(&self) -> Result<u64, StoreError> {
        self.inner.active_count().await
    }
    async fn shops(&self, q: ShopQuery) -> Result<(Vec<i64>, u64), StoreError> {
        self.inner.shops(q).await
    }
}

async fn service(name: &str, ttl: Duration) -> (Arc<SearchService>, Arc<Counting>) {
    let dir = std::env::temp_dir().join(format!("souk-search-cache-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let sqlite = SqliteStore::open(dir.join("souk.db"), 2).expect("store");
    let catalog = Arc::new(CatalogService::load(&sqlite).await.expect("catalog"));
    let counting =
        Arc::new(Counting { inner: sqlite.clone(), pages: AtomicUsize::new(0), delay_ms: AtomicU64::new(0) });
    let search = SearchService::new(counting.clone(), Arc::new(sqlite), catalog).with_cache_ttl(ttl);
    (Arc::new(search), counting)
}

async fn search(s: &Arc<SearchService>) -> souk_services::search::service::SearchResult {
    s.search(&SearchFilters::default(), SearchSort::Newest, 0, 12, 1_700_000_000).await.expect("search")
}

async fn until(what: &str, mut ok: impl FnMut() -> bool) {
    let start = Instant::now();
    while !ok() {
        assert!(start.elapsed() < Duration::from_secs(10), "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test]
async fn concurrent_misses_wait_on_one_computation_and_a_stale_page_is_refreshed_behind() {
    let ttl = Duration::from_millis(2_000);
    let (s, store) = service("flight", ttl).await;
    store.delay_ms.store(300, Ordering::SeqCst);
    let pages: Vec<_> = futures_join(&s, 12).await;
    assert_eq!(store.pages.load(Ordering::SeqCst), 1, "twelve requests, one computation");
    assert!(pages.windows(2).all(|w| w[0].total == w[1].total && w[0].ads.len() == w[1].ads.len()));

    // Fresh: served without computing.
    search(&s).await;
    assert_eq!(store.pages.load(Ordering::SeqCst), 1);

    // Expired (within a second lifetime): served as it is at once, computed again behind.
    tokio::time::sleep(ttl + Duration::from_millis(100)).await;
    store.delay_ms.store(1_500, Ordering::SeqCst);
    let stale = search(&s).await;
    assert_eq!(stale.total, pages[0].total);
    until("the background refresh to start", || store.pages.load(Ordering::SeqCst) == 2).await;
    // Meanwhile the others get the same page without starting another refresh.
    search(&s).await;
    search(&s).await;
    assert_eq!(store.pages.load(Ordering::SeqCst), 2, "one refresh at a time");
}

#[tokio::test]
async fn without_a_cache_every_request_computes() {
    let (s, store) = service("off", Duration::ZERO).await;
    for _ in 0..3 {
        search(&s).await;
    }
    assert_eq!(store.pages.load(Ordering::SeqCst), 3);
}

/// `n` searches at once, on this task.
async fn futures_join(s: &Arc<SearchService>, n: usize) -> Vec<souk_services::search::service::SearchResult> {
    let mut set = tokio::task::JoinSet::new();
    for _ in 0..n {
        let s = Arc::clone(s);
        set.spawn(async move { search(&s).await });
    }
    let mut out = Vec::new();
    while let Some(page) = set.join_next().await {
        out.push(page.expect("task"));
    }
    out
}
