//! The parse-URL endpoint's use case (spec §7): a listing pathname (and optional query) read
//! into language, location entries (city, area), category, ad type and keyword. Answers are
//! cached in memory: fresh for 5 minutes (spec §9 "stale 300000 ms"), recomputed when older,
//! and dropped after 10 minutes ("kept 600000 ms": entries older than that are purged at most
//! a minute after they expire, and whenever the cache is full). The answer depends only on
//! reference data, which changes only with a migration, so recomputing after 5 minutes is the
//! whole refresh. The clock is the caller's (`now`), so tests can move it.

use crate::catalog::CatalogService;
use souk_domain::Lang;
use souk_domain::listing_url::{SlugIndex, parse_listing, percent_decode, split_lang};
use souk_domain::search::display_keyword_words;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Spec §9: parse-URL answers are fresh this long...
pub const FRESH_FOR: Duration = Duration::from_millis(300_000);
/// ...and kept at most this long.
pub const KEPT_FOR: Duration = Duration::from_millis(600_000);
/// Entries the cache holds at most (expired ones are dropped first when full).
pub const CACHE_ENTRIES: usize = 10_000;
/// How often the cache is swept for entries older than [`KEPT_FOR`].
pub const PURGE_EVERY: Duration = Duration::from_secs(60);
/// Longest pathname read.
pub const MAX_PATH_BYTES: usize = 2048;

/// A location entry of a parsed URL.
#[derive(Debug, Clone, PartialEq)]
pub struct LocationEntry {
    /// `city` or `area`.
    pub level: &'static str,
    pub id: u32,
    pub slug: String,
    pub name: String,
}

/// A category of a parsed URL.
#[derive(Debug, Clone, PartialEq)]
pub struct CategoryEntry {
    pub id: u32,
    pub slug: String,
    pub name: String,
}

/// What a listing URL says; all empty when it matches nothing.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ParsedUrl {
    pub language: Lang,
    pub locations: Vec<LocationEntry>,
    pub category: Option<CategoryEntry>,
    pub ad_type: Option<String>,
    pub keyword: Option<String>,
    pub matched: bool,
}

type Cache = HashMap<(String, String), (Instant, ParsedUrl)>;

struct CacheState {
    entries: Cache,
    /// When expired entries were last swept out (None: never).
    purged_at: Option<Instant>,
}

pub struct ParseUrlService {
    catalog: Arc<CatalogService>,
    slugs: Arc<SlugIndex>,
    cache: Mutex<CacheState>,
    computed: AtomicU64,
}

/// The slugs of the catalog, built once.
pub fn slug_index(catalog: &CatalogService) -> SlugIndex {
    let areas: Vec<_> =
        catalog.cities().iter().flat_map(|c| catalog.areas(c.id).map(|a| a.to_vec()).unwrap_or_default()).collect();
    SlugIndex::new(catalog.tree(), catalog.regions(), catalog.cities(), areas.iter())
}

impl ParseUrlService {
    pub fn new(catalog: Arc<CatalogService>, slugs: Arc<SlugIndex>) -> ParseUrlService {
        ParseUrlService {
            catalog,
            slugs,
            cache: Mutex::new(CacheState { entries: HashMap::new(), purged_at: None }),
            computed: AtomicU64::new(0),
        }
    }

    /// How many answers were computed rather than served from the cache.
    pub fn computations(&self) -> u64 {
        self.computed.load(Ordering::Relaxed)
    }

    /// How many answers the cache holds.
    pub fn cached(&self) -> usize {
        self.cache.lock().map(|c| c.entries.len()).unwrap_or(0)
    }

    /// Parses `pathname` (and `q` of `query` when the path has no keyword), from the cache
    /// when fresh.
    pub fn parse(&self, pathname: &str, query: Option<&str>, now: Instant) -> ParsedUrl {
        let key = (pathname.chars().take(MAX_PATH_BYTES).collect::<String>(), query.unwrap_or("").to_string());
        if let Ok(cache) = self.cache.lock()
            && let Some((at, answer)) = cache.entries.get(&key)
            && now.saturating_duration_since(*at) < FRESH_FOR
        {
            return answer.clone();
        }
        let answer = self.compute(&key.0, query);
        self.computed.fetch_add(1, Ordering::Relaxed);
        if let Ok(mut cache) = self.cache.lock() {
            let due = cache.purged_at.is_none_or(|p| now.saturating_duration_since(p) >= PURGE_EVERY);
            if due || cache.entries.len() >= CACHE_ENTRIES {
                cache.entries.retain(|_, (at, _)| now.saturating_duration_since(*at) < KEPT_FOR);
                cache.purged_at = Some(now);
                if cache.entries.len() >= CACHE_ENTRIES {
                    cache.entries.clear();
                }
            }
            cache.entries.insert(key, (now, answer.clone()));
        }
        answer
    }

    fn compute(&self, pathname: &str, query: Option<&str>) -> ParsedUrl {
        let path = percent_decode(pathname.split(['?', '#']).next().unwrap_or("")).unwrap_or_default();
        let (language, _, _) = split_lang(&path);
        let Some(route) = parse_listing(&path, &self.slugs) else {
            return ParsedUrl { language, ..ParsedUrl::default() };
        };
        let lang = route.lang;
        let mut locations = Vec::new();
        if let Some(city) = route.city.and_then(|id| self.catalog.cities().iter().find(|c| c.id == id)) {
            locations.push(LocationEntry {
                level: "city",
                id: city.id,
                slug: city.slug.get(lang).to_string(),
                name: city.label.get(lang).to_string(),
            });
            if let Some(area) =
                route.area.and_then(|a| self.catalog.areas(city.id).ok()?.iter().find(|x| x.id == a).cloned())
            {
                locations.push(LocationEntry {
                    level: "area",
                    id: area.id,
                    slug: area.slug.get(lang).to_string(),
                    name: area.label.get(lang).to_string(),
                });
            }
        }
        let category = route.category.and_then(|id| self.catalog.tree().get(id)).map(|c| CategoryEntry {
            id: c.id,
            slug: c.slug.get(lang).to_string(),
            name: c.label.get(lang).to_string(),
        });
        let from_query = query.and_then(|q| {
            q.trim_start_matches('?').split('&').find_map(|kv| {
                let (k, v) = kv.split_once('=')?;
                (k == "q" || k == "keyword").then(|| percent_decode(&v.replace('+', " ")).unwrap_or_default())
            })
        });
        let keyword = route.keyword.or_else(|| {
            let words = display_keyword_words(&from_query?);
            (!words.is_empty()).then(|| words.join(" "))
        });
        ParsedUrl { language: lang, locations, category, ad_type: route.ad_type, keyword, matched: true }
    }
}
