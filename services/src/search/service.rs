//! Listing search: checks and resolves what a visitor asks (ids to scopes, dirhams to
//! centimes), widens a location with too few matches, and reads one page of the listing index
//! with its premium slots and facet counts.

use crate::catalog::CatalogService;
use souk_domain::catalog::{CategoryId, CityId};
use souk_domain::search::{
    EXTEND_BELOW, Extended, PREMIUM_SLOTS, SearchFilters, SearchSort, SellerKind, check_window, display_keyword_words,
    keyword_words,
};
use souk_domain::search_text::{edit_distance, max_typo_distance, normalize_words, vocabulary};
use souk_domain::{ErrorCode, SoukError};
use souk_storage::ads::StoredAd;
use souk_storage::search::{CategoryScope, ListingQuery, PageRequest, PlaceScope, SearchStore};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Listing pages kept at most (the popular listings; the oldest half is dropped beyond).
const CACHE_ENTRIES: usize = 2_000;

/// One page of a listing search.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchResult {
    pub ads: Vec<StoredAd>,
    /// Gallery and special ads matching the search, shown first on the page.
    pub premium: Vec<StoredAd>,
    pub total: u64,
    /// `total` reached the counting cap: there are at least that many.
    pub total_capped: bool,
    /// Set when the location asked for had too few matches and the search was widened.
    pub extended: Option<Extended>,
    pub by_category: Vec<(CategoryId, u64)>,
    pub by_city: Vec<(CityId, u64)>,
    pub offset: u64,
    pub limit: u32,
    /// A keyword with fewer than `FEW_RESULTS` matches was retried with close spellings from the
    /// index's and the vocabulary's words, which found more: the corrected keyword, to offer as
    /// "did you mean …". When the keyword found nothing, the page holds the corrected keyword's
    /// results already.
    pub did_you_mean: Option<String>,
}

/// The categories ads can sit in at or below `id` (itself and every descendant).
fn leaves_under(tree: &souk_domain::catalog::CategoryTree, id: CategoryId) -> Vec<CategoryId> {
    let mut out = vec![id];
    let mut i = 0;
    while i < out.len() {
        if let Some(c) = tree.get(out[i]) {
            out.extend(c.children_ids.iter().copied());
        }
        i += 1;
    }
    out
}

/// Fewer matches than this and the keyword is retried with close spellings (issue 32).
pub const FEW_RESULTS: u64 = 3;

/// A page recently computed.
struct Cached {
    at: Instant,
    /// The listing index's generation when it was computed.
    generation: u64,
    page: SearchResult,
    /// A refresh of this page is under way: the others serve it as it is meanwhile.
    refreshing: bool,
}

/// One computation of a page that every request for it waits on.
type InFlight = Arc<tokio::sync::OnceCell<Result<SearchResult, SoukError>>>;

pub struct SearchService {
    store: Arc<dyn SearchStore>,
    ads: Arc<dyn souk_storage::ads::AdStore>,
    catalog: Arc<CatalogService>,
    /// Pages recently computed, by query and window.
    cache: Mutex<HashMap<String, Cached>>,
    /// Pages being computed, by query and window: concurrent misses wait on one computation.
    in_flight: Mutex<HashMap<String, InFlight>>,
    cache_ttl: Duration,
}

/// What the cache holds for a key.
enum Lookup {
    Fresh(SearchResult),
    /// Expired less than a lifetime ago, nothing changed in the index since: served as it is
    /// while one background task computes it again (`refresh` says whether this request starts it).
    Stale(SearchResult, bool),
    Missing,
}

/// Brand and model pairs read for the popular brands (enough for a dozen brands' top models).
const POPULAR_PAIRS: u32 = 400;

/// A brand of the vehicles home with its active ads and its most advertised models.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PopularBrand {
    pub slug: String,
    pub name: String,
    pub count: u64,
    pub models: Vec<PopularModel>,
}

/// A model of a popular brand with its active ads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PopularModel {
    pub slug: String,
    pub name: String,
    pub count: u64,
}

fn internal(e: souk_storage::StoreError) -> SoukError {
    SoukError::internal(e)
}

impl SearchService {
    pub fn new(
        store: Arc<dyn SearchStore>,
        ads: Arc<dyn souk_storage::ads::AdStore>,
        catalog: Arc<CatalogService>,
    ) -> SearchService {
        SearchService {
            store,
            ads,
            catalog,
            cache: Mutex::new(HashMap::new()),
            in_flight: Mutex::new(HashMap::new()),
            cache_ttl: Duration::ZERO,
        }
    }

    /// Keeps computed listing pages for `ttl` (zero: no cache). A page is served fresh for
    /// `ttl`, then for one more `ttl` as it is while a background task computes it again; never
    /// once an ad of the listing index changed in this process since it was computed.
    /// Concurrent requests for a page that is not there wait on one computation.
    pub fn with_cache_ttl(mut self, ttl: Duration) -> SearchService {
        self.cache_ttl = ttl;
        self
    }

    fn lookup(&self, key: &str) -> Lookup {
        let Ok(mut cache) = self.cache.lock() else { return Lookup::Missing };
        let Some(c) = cache.get_mut(key) else { return Lookup::Missing };
        if c.generation != self.store.listing_generation() {
            return Lookup::Missing;
        }
        let age = c.at.elapsed();
        if age < self.cache_ttl {
            Lookup::Fresh(c.page.clone())
        } else if age < self.cache_ttl * 2 {
            let start = !c.refreshing;
            c.refreshing = true;
            Lookup::Stale(c.page.clone(), start)
        } else {
            Lookup::Missing
        }
    }

    fn remember(&self, key: String, generation: u64, page: &SearchResult) {
        if let Ok(mut cache) = self.cache.lock() {
            if cache.len() >= CACHE_ENTRIES {
                let keep = self.cache_ttl * 2;
                cache.retain(|_, c| c.at.elapsed() < keep);
                if cache.len() >= CACHE_ENTRIES {
                    cache.clear();
                }
            }
            cache.insert(key, Cached { at: Instant::now(), generation, page: page.clone(), refreshing: false });
        }
    }

    /// The refresh of a stale page failed: the next request may try again.
    fn refresh_failed(&self, key: &str) {
        if let Ok(mut cache) = self.cache.lock()
            && let Some(c) = cache.get_mut(key)
        {
            c.refreshing = false;
        }
    }

    /// Turns checked filters into a listing query: unknown categories, places and ad types are
    /// refused with their catalogue codes.
    pub fn resolve(&self, f: &SearchFilters) -> Result<ListingQuery, SoukError> {
        f.check()?;
        let tree = self.catalog.tree();
        let category = match (f.category_id, f.vertical) {
            (Some(id), _) => {
                let c = tree
                    .get(id)
                    .ok_or_else(|| SoukError::with_detail(ErrorCode::CategoryNotFound, format!("category {id}")))?;
                Some(if c.parent_id.is_none() {
                    CategoryScope::Vertical(id)
                } else if !c.children_ids.is_empty() {
                    CategoryScope::Level1(id)
                } else {
                    CategoryScope::Leaf(id)
                })
            }
            (None, Some(v)) => Some(CategoryScope::Vertical(v.root_id())),
            (None, None) => None,
        };
        if let Some(t) = &f.ad_type {
            let known = match f.category_id.and_then(|id| tree.get(id)) {
                Some(c) => c.ad_types.iter().any(|a| &a.key == t),
                None => tree.all().iter().any(|c| c.ad_types.iter().any(|a| &a.key == t)),
            };
            if !known {
                return Err(SoukError::with_detail(ErrorCode::InvalidAdType, format!("ad type {t}")));
            }
        }
        let place = match (f.region_id, f.city_id, f.area_id) {
            (_, Some(city), area) => {
                let c = self
                    .catalog
                    .cities()
                    .iter()
                    .find(|c| c.id == city)
                    .ok_or_else(|| SoukError::with_detail(ErrorCode::CityNotFound, format!("city {city}")))?;
                if f.region_id.is_some_and(|r| r != c.region_id) {
                    return Err(SoukError::with_detail(ErrorCode::CityNotFound, format!("city {city} not in region")));
                }
                match area {
                    Some(a) => {
                        let areas = self.catalog.areas(city)?;
                        if !areas.iter().any(|x| x.id == a) {
                            return Err(SoukError::with_detail(ErrorCode::AreaNotFound, format!("area {a}")));
                        }
                        Some(PlaceScope::Area(city, a))
                    }
                    None => Some(PlaceScope::City(city)),
                }
            }
            (_, None, Some(a)) => {
                return Err(SoukError::with_detail(ErrorCode::AreaNotFound, format!("area {a} without city")));
            }
            (Some(region), None, None) => {
                if !self.catalog.regions().iter().any(|r| r.id == region) {
                    return Err(SoukError::with_detail(ErrorCode::CityNotFound, format!("region {region}")));
                }
                Some(PlaceScope::Region(region))
            }
            (None, None, None) => None,
        };
        let words = |s: &Option<String>| s.as_deref().map(souk_domain::text::slugify).filter(|s| !s.is_empty());
        let mut keyword = f.keyword.as_deref().map(keyword_words).unwrap_or_default();
        // A word every ad of the category asked for is indexed with (its vocabulary's canonical
        // word: "appartement" in Appartements) selects nothing more than the category: dropped,
        // the search is the category's listing (the same ads, without the FTS match).
        if let Some(id) = f.category_id.or_else(|| f.vertical.map(|v| v.root_id())) {
            let leaves = leaves_under(tree, id);
            let voc = vocabulary();
            keyword.retain(|w| !leaves.iter().all(|l| voc.category_words(*l).iter().any(|c| c == w)));
        }
        Ok(ListingQuery {
            keyword,
            category,
            place,
            ad_type: f.ad_type.clone(),
            price_min: f.price.min.map(|dh| dh * 100),
            price_max: f.price.max.map(|dh| dh * 100),
            brand: words(&f.brand),
            model: words(&f.model),
            year: (f.year.min, f.year.max),
            mileage: (f.mileage.min, f.mileage.max),
            rooms: (f.rooms.min, f.rooms.max),
            surface: (f.surface.min, f.surface.max),
            with_photos: f.with_photos,
            delivery: f.delivery,
            urgent: f.urgent,
            hotdeal: f.hotdeal,
            shop: f.seller.map(|s| s == SellerKind::Shop),
            verified: f.verified_seller,
            account_id: None,
            published_after: None,
        })
    }

    /// An active ad by list id (for digests): `None` when it is no longer active.
    pub async fn active_ad(&self, list_id: i64) -> Result<Option<souk_domain::ad::Ad>, SoukError> {
        self.ads
            .find_by_list_id(list_id)
            .await
            .map(|a| a.filter(|a| a.ad.status == souk_domain::ad::AdStatus::Active).map(|a| a.ad))
            .map_err(internal)
    }

    /// The next wider place: an area's city, a city's region, a region's country.
    fn wider(&self, place: PlaceScope) -> Option<(PlaceScope, Extended)> {
        match place {
            PlaceScope::Area(city, _) => Some((PlaceScope::City(city), Extended::City)),
            PlaceScope::City(city) => {
                let region = self.catalog.cities().iter().find(|c| c.id == city)?.region_id;
                Some((PlaceScope::Region(region), Extended::Region))
            }
            PlaceScope::Region(_) => Some((PlaceScope::Country, Extended::Country)),
            PlaceScope::Country => None,
        }
    }

    /// The most advertised brands of a category (`category_id`, the cars of the vehicles home),
    /// each with its ads and its most advertised models, most first: read from that category's
    /// partition of the listing index, named from the car catalogue (a slug the catalogue does
    /// not know keeps its slug). At most `brands` brands of at most `models` models.
    pub async fn popular_models(
        &self,
        category_id: CategoryId,
        brands: usize,
        models: usize,
    ) -> Result<Vec<PopularBrand>, SoukError> {
        if self.catalog.tree().get(category_id).is_none() {
            return Err(SoukError::with_detail(ErrorCode::CategoryNotFound, category_id.to_string()));
        }
        let rows = self.store.brand_model_counts(category_id, POPULAR_PAIRS).await.map_err(internal)?;
        let cars = self.catalog.car_brands();
        let mut out: Vec<PopularBrand> = Vec::new();
        for row in rows {
            let known = cars.iter().find(|b| b.slug == row.brand);
            let at = match out.iter().position(|b| b.slug == row.brand) {
                Some(i) => i,
                None => {
                    out.push(PopularBrand {
                        name: known.map(|b| b.name.clone()).unwrap_or_else(|| row.brand.clone()),
                        slug: row.brand.clone(),
                        count: 0,
                        models: Vec::new(),
                    });
                    out.len() - 1
                }
            };
            let brand = &mut out[at];
            brand.count += row.count;
            if let Some(model) = row.model {
                let name = known
                    .and_then(|b| b.models.iter().find(|m| m.slug == model))
                    .map(|m| m.name.clone())
                    .unwrap_or_else(|| model.clone());
                brand.models.push(PopularModel { slug: model, name, count: row.count });
            }
        }
        out.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.name.cmp(&b.name)));
        out.truncate(brands);
        for brand in &mut out {
            brand.models.truncate(models);
        }
        Ok(out)
    }

    /// `searchAds`: one page of active ads matching `filters`, in `sort` order, from `offset`.
    pub async fn search(
        self: &Arc<Self>,
        filters: &SearchFilters,
        sort: SearchSort,
        offset: i64,
        limit: i64,
        now: i64,
    ) -> Result<SearchResult, SoukError> {
        let (offset, limit) = check_window(offset, limit)?;
        let q = self.resolve(filters)?;
        let typed = filters.keyword.clone();
        if self.cache_ttl.is_zero() {
            return self.compute(q, typed, sort, offset, limit, now).await.map(|(page, _)| page);
        }
        let key = format!("{q:?}|{typed:?}|{sort:?}|{offset}|{limit}");
        match self.lookup(&key) {
            Lookup::Fresh(page) => return Ok(page),
            Lookup::Stale(page, start) => {
                if start {
                    let this = Arc::clone(self);
                    tokio::spawn(async move {
                        match this.compute(q, typed, sort, offset, limit, now).await {
                            Ok((fresh, generation)) => this.remember(key, generation, &fresh),
                            Err(e) => {
                                tracing::warn!(error = %e, "listing page not refreshed");
                                this.refresh_failed(&key);
                            }
                        }
                    });
                }
                return Ok(page);
            }
            Lookup::Missing => {}
        }
        let cell = {
            let mut in_flight = self.in_flight.lock().unwrap_or_else(|p| p.into_inner());
            Arc::clone(in_flight.entry(key.clone()).or_default())
        };
        let outcome = cell
            .get_or_init(|| async {
                let computed = self.compute(q, typed, sort, offset, limit, now).await;
                if let Ok((page, generation)) = &computed {
                    self.remember(key.clone(), *generation, page);
                }
                computed.map(|(page, _)| page)
            })
            .await
            .clone();
        let mut in_flight = self.in_flight.lock().unwrap_or_else(|p| p.into_inner());
        if in_flight.get(&key).is_some_and(|c| Arc::ptr_eq(c, &cell)) {
            in_flight.remove(&key);
        }
        outcome
    }

    /// Computes one page; answers it with the listing generation it was computed at.
    async fn compute(
        &self,
        mut q: ListingQuery,
        typed: Option<String>,
        sort: SearchSort,
        offset: u64,
        limit: u32,
        now: i64,
    ) -> Result<(SearchResult, u64), SoukError> {
        let generation = self.store.listing_generation();
        let sort = if sort == SearchSort::Relevance && q.keyword.is_empty() { SearchSort::Newest } else { sort };
        let page = PageRequest {
            sort,
            offset,
            limit,
            premium_slots: PREMIUM_SLOTS,
            page: offset / limit as u64,
            now,
            with_facets: true,
        };
        // Widening is decided on the whole location (its total), not the page, so every page
        // agrees; the page read for a thin place tells its total, so a place with enough ads is
        // read once.
        let mut extended = None;
        let mut p = self.store.search_listing(q.clone(), page).await.map_err(internal)?;
        // Few results for a keyword: retried in the same place with close spellings; the
        // correction is offered when it finds more, and replaces the page when there was none.
        let mut did_you_mean = None;
        if p.total < FEW_RESULTS
            && !q.keyword.is_empty()
            && let Some(typed) = &typed
            && let Some(fixed) = self.correct(typed).await?
        {
            let mut fixed_q = q.clone();
            fixed_q.keyword = keyword_words(&fixed);
            if fixed_q.keyword != q.keyword {
                let fixed_p = self.store.search_listing(fixed_q.clone(), page).await.map_err(internal)?;
                if fixed_p.total > p.total {
                    did_you_mean = Some(fixed);
                    if p.total == 0 {
                        p = fixed_p;
                        q = fixed_q;
                    }
                }
            }
        }
        while let Some(place) = q.place {
            if p.total >= EXTEND_BELOW {
                break;
            }
            let Some((wider, level)) = self.wider(place) else { break };
            q.place = Some(wider);
            extended = Some(level);
            p = self.store.search_listing(q.clone(), page).await.map_err(internal)?;
        }
        let result = SearchResult {
            ads: p.ads,
            premium: p.premium,
            total: p.total,
            total_capped: p.total_capped,
            extended,
            by_category: p.by_category,
            by_city: p.by_city,
            offset,
            limit,
            did_you_mean,
        };
        Ok((result, generation))
    }

    /// The typed keyword with each word the vocabulary does not know and fewer than
    /// `FEW_RESULTS` ads hold replaced by the closest word more ads hold, of the index or the
    /// vocabulary (`search_text::max_typo_distance` edits at most: the fewest edits, then the
    /// word most ads hold, a vocabulary word first); `None` when no word changed.
    async fn correct(&self, typed: &str) -> Result<Option<String>, SoukError> {
        let voc = vocabulary();
        let mut changed = false;
        let mut out = Vec::new();
        for shown in display_keyword_words(typed) {
            let norm = normalize_words(&shown);
            let [word] = norm.as_slice() else {
                out.push(shown);
                continue;
            };
            let max = max_typo_distance(word);
            if max == 0 || voc.knows(word) || word.chars().any(|c| c.is_ascii_digit()) {
                out.push(shown);
                continue;
            }
            let near = self.store.words_near(word.clone(), max).await.map_err(internal)?;
            // A word few ads hold (a misspelling some share) gives way to a spelling more hold.
            let held = near.iter().find(|(t, _)| t == word).map_or(0, |(_, n)| *n);
            if held >= FEW_RESULTS {
                out.push(shown);
                continue;
            }
            // (edits, ads holding it, spelling); the vocabulary's words count as held by all.
            let mut best: Option<(usize, u64, String)> = None;
            let candidates = near
                .into_iter()
                .map(|(t, n)| (edit_distance(&t, word, max), n, t))
                .chain(voc.spellings().map(|(n, d)| (edit_distance(n, word, max), u64::MAX, d.to_string())));
            for (dist, more, spelling) in candidates {
                if dist == 0 || dist > max || more <= held {
                    continue;
                }
                if best
                    .as_ref()
                    .is_none_or(|(bd, bh, _)| (dist, std::cmp::Reverse(more)) < (*bd, std::cmp::Reverse(*bh)))
                {
                    best = Some((dist, more, spelling));
                }
            }
            match best {
                Some((_, _, spelling)) => {
                    changed = true;
                    out.push(spelling);
                }
                None => out.push(shown),
            }
        }
        Ok(changed.then(|| out.join(" ")))
    }
}
