//! The parse-URL endpoint's use case (spec §7): a listing pathname (and optional query) read
//! into language, location entries (city, area), category, ad type and keyword. Answers are
//! cached in memory: fresh for 5 minutes (spec §9 "stale 300000 ms"), recomputed when older,
//! and dropped after 10 minutes ("kept 600000 ms"). The answer depends only on reference data,
//! which changes only with a migration, so recomputing after 5 minutes is the whole refresh.

use crate::catalog::CatalogService;
use souk_domain::Lang;
use souk_domain::listing_url::{SlugIndex, parse_listing, percent_decode, split_lang};
use souk_domain::search::keyword_words;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Spec §9: parse-URL answers are fresh this long...
pub const FRESH_FOR: Duration = Duration::from_millis(300_000);
/// ...and kept at most this long.
pub const KEPT_FOR: Duration = Duration::from_millis(600_000);
/// Entries the cache holds at most (expired ones are dropped first when full).
pub const CACHE_ENTRIES: usize = 10_000;
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

pub struct ParseUrlService {
    catalog: Arc<CatalogService>,
    slugs: Arc<SlugIndex>,
    cache: Mutex<HashMap<(String, String), (Instant, ParsedUrl)>>,
}

/// The slugs of the catalog, built once.
pub fn slug_index(catalog: &CatalogService) -> SlugIndex {
    let areas: Vec<_> =
        catalog.cities().iter().flat_map(|c| catalog.areas(c.id).map(|a| a.to_vec()).unwrap_or_default()).collect();
    SlugIndex::new(catalog.tree(), catalog.regions(), catalog.cities(), areas.iter())
}

impl ParseUrlService {
    pub fn new(catalog: Arc<CatalogService>, slugs: Arc<SlugIndex>) -> ParseUrlService {
        ParseUrlService { catalog, slugs, cache: Mutex::new(HashMap::new()) }
    }

    /// Parses `pathname` (and `q` of `query` when the path has no keyword), from the cache
    /// when fresh.
    pub fn parse(&self, pathname: &str, query: Option<&str>, now: Instant) -> ParsedUrl {
        let key = (pathname.chars().take(MAX_PATH_BYTES).collect::<String>(), query.unwrap_or("").to_string());
        if let Ok(cache) = self.cache.lock()
            && let Some((at, answer)) = cache.get(&key)
            && now.duration_since(*at) < FRESH_FOR
        {
            return answer.clone();
        }
        let answer = self.compute(&key.0, query);
        if let Ok(mut cache) = self.cache.lock() {
            if cache.len() >= CACHE_ENTRIES {
                cache.retain(|_, (at, _)| now.duration_since(*at) < KEPT_FOR);
                if cache.len() >= CACHE_ENTRIES {
                    cache.clear();
                }
            }
            cache.insert(key, (now, answer.clone()));
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
            let words = keyword_words(&from_query?);
            (!words.is_empty()).then(|| words.join(" "))
        });
        ParsedUrl { language: lang, locations, category, ad_type: route.ad_type, keyword, matched: true }
    }
}
