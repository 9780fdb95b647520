//! The product's page URLs (spec §2) as data: parsing a listing path into language, place,
//! category, ad type and keyword; building the one canonical path of a listing, an ad or a
//! shop, so that any other spelling can be answered with a permanent redirect; and the
//! `o` offset rule (above spec §9's cap, back to 1).
//!
//! Canonical listing: `[/ar]/{place}[/{area}][/{category}[_{ad-type}]][/{keyword}]` where the
//! place is `maroc` (`المغرب` in Arabic) or a city slug, slugs are those of the page language,
//! the ad type is the slug of its label (`a-vendre`) and the keyword is its folded words joined
//! by hyphens. French has no prefix; `/fr/...` redirects to it.

use crate::catalog::{Area, AreaId, CategoryId, CategoryTree, City, CityId, Region, RegionId};
use crate::lang::Lang;
use crate::search::{OFFSET_CAP, display_keyword_words};
use crate::text::slugify;
use std::collections::{HashMap, HashSet};

/// The whole-country place segment.
pub const COUNTRY_SLUG: [&str; 2] = ["maroc", "المغرب"];

fn country_slug(lang: Lang) -> &'static str {
    match lang {
        Lang::Fr => COUNTRY_SLUG[0],
        Lang::Ar => COUNTRY_SLUG[1],
    }
}

/// Slugs of the reference data in both languages, looked up both ways.
#[derive(Debug, Clone, Default)]
pub struct SlugIndex {
    categories: HashMap<String, CategoryId>,
    /// Slugs of the verticals (root categories): `/{vertical}` alone is the vertical's home.
    verticals: HashSet<String>,
    category_slugs: HashMap<CategoryId, [String; 2]>,
    cities: HashMap<String, CityId>,
    city_slugs: HashMap<CityId, [String; 2]>,
    city_region: HashMap<CityId, RegionId>,
    region_slugs: HashMap<RegionId, [String; 2]>,
    areas: HashMap<(CityId, String), AreaId>,
    area_slugs: HashMap<(CityId, AreaId), [String; 2]>,
    /// ad-type label slug -> key, and key -> label slugs.
    ad_types: HashMap<String, String>,
    ad_type_slugs: HashMap<String, [String; 2]>,
}

fn idx(lang: Lang) -> usize {
    match lang {
        Lang::Fr => 0,
        Lang::Ar => 1,
    }
}

impl SlugIndex {
    pub fn new<'a>(
        tree: &CategoryTree,
        regions: &[Region],
        cities: &[City],
        areas: impl IntoIterator<Item = &'a Area>,
    ) -> SlugIndex {
        let mut s = SlugIndex::default();
        for c in tree.all() {
            s.categories.insert(c.slug.fr.clone(), c.id);
            s.categories.insert(c.slug.ar.clone(), c.id);
            s.category_slugs.insert(c.id, [c.slug.fr.clone(), c.slug.ar.clone()]);
            if c.parent_id.is_none() {
                s.verticals.insert(c.slug.fr.clone());
                s.verticals.insert(c.slug.ar.clone());
            }
            for t in &c.ad_types {
                let slugs = [slugify(&t.label.fr), slugify(&t.label.ar)];
                s.ad_types.insert(slugs[0].clone(), t.key.clone());
                s.ad_types.insert(slugs[1].clone(), t.key.clone());
                s.ad_type_slugs.insert(t.key.clone(), slugs);
            }
        }
        for r in regions {
            s.region_slugs.insert(r.id, [r.slug.fr.clone(), r.slug.ar.clone()]);
        }
        for c in cities {
            s.cities.insert(c.slug.fr.clone(), c.id);
            s.cities.insert(c.slug.ar.clone(), c.id);
            s.city_slugs.insert(c.id, [c.slug.fr.clone(), c.slug.ar.clone()]);
            s.city_region.insert(c.id, c.region_id);
        }
        for a in areas {
            s.areas.insert((a.city_id, a.slug.fr.clone()), a.id);
            s.areas.insert((a.city_id, a.slug.ar.clone()), a.id);
            s.area_slugs.insert((a.city_id, a.id), [a.slug.fr.clone(), a.slug.ar.clone()]);
        }
        s
    }

    pub fn category_slug(&self, id: CategoryId, lang: Lang) -> Option<&str> {
        self.category_slugs.get(&id).map(|s| s[idx(lang)].as_str())
    }

    pub fn city_slug(&self, id: CityId, lang: Lang) -> Option<&str> {
        self.city_slugs.get(&id).map(|s| s[idx(lang)].as_str())
    }

    pub fn region_of_city_slug(&self, city: CityId, lang: Lang) -> Option<&str> {
        let region = self.city_region.get(&city)?;
        self.region_slugs.get(region).map(|s| s[idx(lang)].as_str())
    }

    pub fn area_slug(&self, city: CityId, area: AreaId, lang: Lang) -> Option<&str> {
        self.area_slugs.get(&(city, area)).map(|s| s[idx(lang)].as_str())
    }

    pub fn ad_type_slug(&self, key: &str, lang: Lang) -> Option<&str> {
        self.ad_type_slugs.get(key).map(|s| s[idx(lang)].as_str())
    }

    /// The ad-type key of a label slug of either language (`a-vendre` → `sell`).
    pub fn ad_type_of_slug(&self, slug: &str) -> Option<&str> {
        self.ad_types.get(slug).map(String::as_str)
    }

    pub fn is_region_slug(&self, slug: &str) -> bool {
        self.region_slugs.values().any(|s| s[0] == slug || s[1] == slug)
    }

    /// Whether `slug` (either language) names a vertical: `/{slug}` is its home page.
    pub fn is_vertical(&self, slug: &str) -> bool {
        self.verticals.contains(slug)
    }
}

/// What a shop directory path says: `/boutiques/{place?}/{category?}/{keyword?}`, the ad type
/// riding on the category (`_a-vendre`), or on the place without a category.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ShopDirectoryRoute {
    pub city: Option<CityId>,
    pub category: Option<CategoryId>,
    pub keyword: Option<String>,
    pub ad_type: Option<String>,
}

/// Parses the segments after `boutiques` (decoded, no language prefix); `None` when a segment
/// names nothing (an unknown ad type, a keyword followed by more, an unknown first segment that
/// is no keyword of the country).
pub fn parse_shop_directory(segs: &[&str], idx: &SlugIndex) -> Option<ShopDirectoryRoute> {
    let mut route = ShopDirectoryRoute::default();
    let mut rest = segs.iter().copied();
    let mut ad_type_slug = None;
    let mut next = rest.next();
    if let Some(seg) = next {
        let (place, suffix) = split_suffix(seg);
        if COUNTRY_SLUG.contains(&place) {
            ad_type_slug = suffix;
            next = rest.next();
        } else if let Some(city) = idx.cities.get(place) {
            route.city = Some(*city);
            ad_type_slug = suffix;
            next = rest.next();
        }
    }
    if let Some(slug) = next {
        let (base, suffix) = split_suffix(slug);
        if let Some(category) = idx.categories.get(base) {
            route.category = Some(*category);
            if suffix.is_some() {
                ad_type_slug = suffix;
            }
            next = rest.next();
        }
    }
    if let Some(slug) = ad_type_slug {
        route.ad_type = Some(idx.ad_types.get(slug)?.clone());
    }
    if let Some(k) = next {
        route.keyword = Some(slugify(k)).filter(|k| !k.is_empty());
        if rest.next().is_some() || route.keyword.is_none() {
            return None;
        }
    }
    let understood = route.city.is_some() || route.category.is_some() || route.keyword.is_some();
    if !segs.is_empty() && !understood && route.ad_type.is_none() && !COUNTRY_SLUG.contains(&segs[0]) {
        return None;
    }
    Some(route)
}

/// The canonical path of a shop directory route in `lang`.
pub fn shop_directory_path(route: &ShopDirectoryRoute, lang: Lang, idx: &SlugIndex) -> String {
    let mut p = String::from(if lang == Lang::Ar { "/ar/boutiques" } else { "/boutiques" });
    let type_slug = route.ad_type.as_deref().and_then(|t| idx.ad_type_slug(t, lang));
    if route.city.is_some() || route.category.is_some() || route.keyword.is_some() || type_slug.is_some() {
        p.push('/');
        match route.city {
            Some(city) => p.push_str(idx.city_slug(city, lang).unwrap_or_default()),
            None => p.push_str(country_slug(lang)),
        }
    }
    if let Some(slug) = route.category.and_then(|c| idx.category_slug(c, lang)) {
        p.push('/');
        p.push_str(slug);
    }
    // The ad type rides on the category, or on the place without a category.
    if let Some(t) = type_slug {
        p.push('_');
        p.push_str(t);
    }
    if let Some(k) = &route.keyword {
        p.push('/');
        p.push_str(k);
    }
    p
}

/// What a listing path says.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ListingRoute {
    pub lang: Lang,
    pub city: Option<CityId>,
    pub area: Option<AreaId>,
    pub category: Option<CategoryId>,
    pub ad_type: Option<String>,
    pub keyword: Option<String>,
}

/// Splits an optional `fr`/`ar` prefix off a decoded path: (language, whether a prefix was
/// there, the segments after it).
pub fn split_lang(path: &str) -> (Lang, bool, Vec<&str>) {
    let segs: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    match segs.first().copied() {
        Some("fr") => (Lang::Fr, true, segs[1..].to_vec()),
        Some("ar") => (Lang::Ar, true, segs[1..].to_vec()),
        _ => (Lang::Fr, false, segs),
    }
}

/// A path segment and its optional `_{suffix}` (the ad type riding on a place or a category).
pub fn split_suffix(seg: &str) -> (&str, Option<&str>) {
    match seg.split_once('_') {
        Some((a, b)) => (a, Some(b)),
        None => (seg, None),
    }
}

/// Parses a decoded listing path; `None` when it is not a listing (another page, or a slug
/// that names nothing). The place is optional (spec §2 `/{location?}/...`): a path that starts
/// with a category is a listing of the whole country (`/voitures` is `/maroc/voitures`), except
/// a vertical's slug alone, which is that vertical's home page.
pub fn parse_listing(path: &str, idx: &SlugIndex) -> Option<ListingRoute> {
    let (lang, _, segs) = split_lang(path);
    let (first, rest) = segs.split_first()?;
    let (place, suffix) = split_suffix(first);
    let is_place = COUNTRY_SLUG.contains(&place) || idx.cities.contains_key(place);
    let vertical_home = rest.is_empty() && suffix.is_none() && idx.verticals.contains(place);
    let placeless = !is_place && !vertical_home && idx.categories.contains_key(place);
    let (rest, mut ad_type_slug): (&[&str], _) = if placeless { (&segs[..], None) } else { (rest, suffix) };
    if rest.len() > 3 {
        return None;
    }
    let mut route = ListingRoute { lang, ..ListingRoute::default() };
    if !placeless && !COUNTRY_SLUG.contains(&place) {
        route.city = Some(*idx.cities.get(place)?);
    }
    for (i, seg) in rest.iter().enumerate() {
        let last = i + 1 == rest.len();
        let (head, suffix) = split_suffix(seg);
        if let Some(city) = route.city
            && route.area.is_none()
            && route.category.is_none()
            && let Some(area) = idx.areas.get(&(city, head.to_string()))
        {
            // An area without a category carries the ad type (`/casablanca/maarif_a-vendre`).
            route.area = Some(*area);
            if suffix.is_some() {
                ad_type_slug = suffix;
            }
        } else if route.category.is_none()
            && route.keyword.is_none()
            && let Some(c) = idx.categories.get(head)
        {
            route.category = Some(*c);
            if suffix.is_some() {
                ad_type_slug = suffix;
            }
        } else if last && suffix.is_none() {
            let words = display_keyword_words(&seg.replace('-', " "));
            if words.is_empty() {
                return None;
            }
            route.keyword = Some(words.join(" "));
        } else {
            return None;
        }
    }
    if let Some(slug) = ad_type_slug {
        route.ad_type = Some(idx.ad_types.get(slug)?.clone());
    }
    Some(route)
}

/// The canonical path of a listing (no query string).
pub fn listing_path(route: &ListingRoute, idx: &SlugIndex) -> String {
    let lang = route.lang;
    let mut out = String::new();
    if lang == Lang::Ar {
        out.push_str("/ar");
    }
    out.push('/');
    out.push_str(route.city.and_then(|c| idx.city_slug(c, lang)).unwrap_or(country_slug(lang)));
    let ad_type = route.ad_type.as_deref().and_then(|t| idx.ad_type_slug(t, lang));
    if let (Some(city), Some(area)) = (route.city, route.area)
        && let Some(slug) = idx.area_slug(city, area, lang)
    {
        out.push('/');
        out.push_str(slug);
    }
    if let Some(slug) = route.category.and_then(|c| idx.category_slug(c, lang)) {
        out.push('/');
        out.push_str(slug);
    }
    // The ad type rides on the last place or category segment: `voitures_a-vendre`, or without
    // a category `maarif_a-vendre` / `casablanca_a-vendre` / `maroc_a-vendre`.
    if let Some(t) = ad_type {
        out.push('_');
        out.push_str(t);
    }
    if let Some(k) = &route.keyword {
        let words = display_keyword_words(k);
        if !words.is_empty() {
            out.push('/');
            out.push_str(&words.join("-"));
        }
    }
    out
}

/// What the `o` query parameter asks for: absent, a valid offset, one over the cap
/// (redirect to `o=1`), or not a number (redirect without it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OffsetParam {
    Absent,
    Valid(u64),
    OverCap,
    Malformed,
}

pub fn offset_param(value: Option<&str>) -> OffsetParam {
    match value {
        None => OffsetParam::Absent,
        Some(v) => match v.trim().parse::<u64>() {
            Ok(n) if n > OFFSET_CAP => OffsetParam::OverCap,
            Ok(n) => OffsetParam::Valid(n),
            Err(_) if v.trim().chars().all(|c| c.is_ascii_digit()) && !v.trim().is_empty() => OffsetParam::OverCap,
            Err(_) => OffsetParam::Malformed,
        },
    }
}

/// The canonical path of an ad view: `[/ar]/{region}/{category}/{title-slug}_{id}.htm`.
pub fn ad_path(lang: Lang, city: CityId, category: CategoryId, title: &str, list_id: i64, idx: &SlugIndex) -> String {
    let prefix = if lang == Lang::Ar { "/ar" } else { "" };
    let region = idx.region_of_city_slug(city, lang).unwrap_or(country_slug(lang));
    let cat = idx.category_slug(category, lang).unwrap_or("annonces");
    let mut slug = slugify(title);
    if slug.is_empty() {
        slug = "annonce".into();
    }
    format!("{prefix}/{region}/{cat}/{slug}_{list_id}.htm")
}

/// The list id of an ad-view path: `/vi/{id}.htm`, `/{region}/{category}/{slug}_{id}.htm`
/// or `/deeplink/view/{id}` (after the language prefix).
pub fn ad_id_of_path(segs: &[&str]) -> Option<i64> {
    match segs {
        ["vi", last] => last.strip_suffix(".htm")?.parse().ok(),
        ["deeplink", "view", id] => id.parse().ok(),
        [_, _, last] => last.strip_suffix(".htm")?.rsplit_once('_')?.1.parse().ok(),
        _ => None,
    }
}

/// The canonical path of a shop page: `[/ar]/boutique/{name-slug}-{store id}`.
pub fn shop_path(lang: Lang, name: &str, store_id: i64) -> String {
    let prefix = if lang == Lang::Ar { "/ar" } else { "" };
    let slug = slugify(name);
    if slug.is_empty() {
        format!("{prefix}/boutique/{store_id}")
    } else {
        format!("{prefix}/boutique/{slug}-{store_id}")
    }
}

/// The store id at the end of a shop name segment (`auto-atlas-12` or `12`).
pub fn shop_id_of(name: &str) -> Option<i64> {
    name.rsplit('-').next()?.parse().ok()
}

/// Decodes `%XX` escapes of a path (UTF-8); `None` when they do not form valid UTF-8.
pub fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// Escapes a path for a `Location` header: anything but unreserved ASCII and `/` as `%XX`.
pub fn percent_encode_path(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'/' | b'-' | b'_' | b'.' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{AdType, Category};
    use crate::lang::Localized;

    fn index() -> SlugIndex {
        let sell = AdType { key: "sell".into(), order: 1, label: Localized::new("À vendre", "للبيع") };
        let rent = AdType { key: "rent".into(), order: 2, label: Localized::new("À louer", "للكراء") };
        let cat = |id, parent, fr: &str, ar: &str| Category {
            id,
            parent_id: parent,
            children_ids: vec![],
            order: 1,
            label: Localized::new(fr, ar),
            slug: Localized::new(slugify(fr), slugify(ar)),
            ad_types: vec![sell.clone(), rent.clone()],
            hidden: false,
        };
        let tree = CategoryTree::build(vec![
            cat(20000, None, "Véhicules", "مركبات"),
            cat(2000, Some(20000), "Véhicules et accessoires", "مركبات ولوازم"),
            cat(2010, Some(2000), "Voitures", "سيارات"),
            cat(10000, None, "Immobilier", "عقارات"),
            cat(1010, Some(10000), "Appartements", "شقق"),
        ])
        .expect("tree");
        let regions = vec![Region {
            id: 6,
            label: Localized::new("Casablanca-Settat", "الدار البيضاء سطات"),
            slug: Localized::new("casablanca-settat", "الدار-البيضاء-سطات"),
        }];
        let city = |id, fr: &str, ar: &str| City {
            id,
            region_id: 6,
            label: Localized::new(fr, ar),
            slug: Localized::new(slugify(fr), slugify(ar)),
            latitude: 33.5,
            longitude: -7.6,
            population: 3_000_000,
        };
        let cities = vec![city(1, "Casablanca", "الدار البيضاء"), city(2, "Mohammedia", "المحمدية")];
        let areas = [
            Area {
                id: 101,
                city_id: 1,
                label: Localized::new("Maârif", "المعاريف"),
                slug: Localized::new("maarif", "المعاريف"),
            },
            Area {
                id: 201,
                city_id: 2,
                label: Localized::new("Centre ville", "وسط المدينة"),
                slug: Localized::new("centre-ville", "وسط-المدينة"),
            },
        ];
        SlugIndex::new(&tree, &regions, &cities, areas.iter())
    }

    #[test]
    fn shop_directory_paths_parse_and_build_back_in_both_languages() {
        let idx = index();
        let parse = |segs: &[&str]| parse_shop_directory(segs, &idx);
        assert_eq!(parse(&[]), Some(ShopDirectoryRoute::default()));
        let r = parse(&["casablanca", "voitures_a-vendre", "Peugeot 208"]).expect("place, category, type, keyword");
        assert_eq!((r.city, r.category, r.ad_type.as_deref()), (Some(1), Some(2010), Some("sell")));
        assert_eq!(r.keyword.as_deref(), Some("peugeot-208"));
        assert_eq!(shop_directory_path(&r, Lang::Fr, &idx), "/boutiques/casablanca/voitures_a-vendre/peugeot-208");
        assert_eq!(shop_directory_path(&r, Lang::Ar, &idx), "/ar/boutiques/الدار-البيضاء/سيارات_للبيع/peugeot-208");
        let country = parse(&["المغرب_للكراء"]).expect("the country with a type");
        assert_eq!((country.city, country.ad_type.as_deref()), (None, Some("rent")));
        assert_eq!(shop_directory_path(&country, Lang::Fr, &idx), "/boutiques/maroc_a-louer");
        // An unknown first segment is a keyword of the whole country; one with no letters is nothing.
        assert_eq!(parse(&["tapis"]).and_then(|r| r.keyword), Some("tapis".to_string()));
        assert_eq!(parse(&["--"]), None);
        assert_eq!(parse(&["maroc", "voitures", "golf", "more"]), None, "nothing after the keyword");
        assert_eq!(parse(&["casablanca_not-a-type"]), None);
        assert!(idx.is_vertical("immobilier") && idx.is_vertical("عقارات") && !idx.is_vertical("voitures"));
    }

    #[test]
    fn listing_paths_parse_into_place_category_type_and_keyword() {
        let idx = index();
        let r = parse_listing("/casablanca/maarif/voitures_a-vendre/peugeot-208", &idx).expect("a listing");
        assert_eq!(r.city, Some(1));
        assert_eq!(r.area, Some(101));
        assert_eq!(r.category, Some(2010));
        assert_eq!(r.ad_type.as_deref(), Some("sell"));
        assert_eq!(r.keyword.as_deref(), Some("peugeot 208"));
        assert_eq!(listing_path(&r, &idx), "/casablanca/maarif/voitures_a-vendre/peugeot-208");
        let ar = parse_listing("/ar/الدار-البيضاء/سيارات", &idx).expect("arabic");
        assert_eq!((ar.lang, ar.city, ar.category), (Lang::Ar, Some(1), Some(2010)));
        assert_eq!(listing_path(&ar, &idx), "/ar/الدار-البيضاء/سيارات");
        let country = parse_listing("/maroc", &idx).expect("country");
        assert_eq!(listing_path(&country, &idx), "/maroc");
        let typed = parse_listing("/maroc_a-vendre", &idx).expect("typed");
        assert_eq!(typed.ad_type.as_deref(), Some("sell"));
    }

    /// Every listing `listing_path` builds parses back to that listing: every language,
    /// place (country, city, city and area), category level, ad type and keyword together.
    #[test]
    fn every_canonical_listing_path_parses_back_to_its_listing() {
        let idx = index();
        let places: [(Option<CityId>, Option<AreaId>); 5] =
            [(None, None), (Some(1), None), (Some(1), Some(101)), (Some(2), None), (Some(2), Some(201))];
        let mut checked = 0;
        for lang in [Lang::Fr, Lang::Ar] {
            for (city, area) in places {
                for category in [None, Some(20000), Some(2000), Some(2010), Some(10000), Some(1010)] {
                    for ad_type in [None, Some("sell"), Some("rent")] {
                        for keyword in [None, Some("peugeot 208"), Some("velo"), Some("شقه مفروشه")] {
                            let route = ListingRoute {
                                lang,
                                city,
                                area,
                                category,
                                ad_type: ad_type.map(str::to_string),
                                keyword: keyword.map(str::to_string),
                            };
                            let path = listing_path(&route, &idx);
                            assert_eq!(parse_listing(&path, &idx), Some(route.clone()), "{path}");
                            assert_eq!(listing_path(&route, &idx), path, "stable");
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(checked, 2 * 5 * 6 * 3 * 4);
        let typed_area =
            ListingRoute { city: Some(1), area: Some(101), ad_type: Some("sell".into()), ..ListingRoute::default() };
        assert_eq!(listing_path(&typed_area, &idx), "/casablanca/maarif_a-vendre");
    }

    #[test]
    fn a_listing_without_a_place_is_the_whole_country() {
        let idx = index();
        for (path, canonical) in [
            ("/voitures", "/maroc/voitures"),
            ("/voitures_a-louer", "/maroc/voitures_a-louer"),
            ("/voitures/peugeot", "/maroc/voitures/peugeot"),
            ("/fr/voitures", "/maroc/voitures"),
            ("/ar/سيارات", "/ar/المغرب/سيارات"),
            ("/vehicules_a-vendre", "/maroc/vehicules_a-vendre"),
            ("/vehicules/peugeot", "/maroc/vehicules/peugeot"),
        ] {
            let route = parse_listing(path, &idx).unwrap_or_else(|| panic!("{path} is a listing"));
            assert_eq!((route.city, route.area), (None, None), "{path}");
            assert_eq!(listing_path(&route, &idx), canonical, "{path}");
        }
        // A vertical's slug alone is its home page, not a listing; four segments after the
        // implicit country are too many.
        for path in ["/vehicules", "/ar/مركبات", "/immobilier", "/voitures/a/b/c"] {
            assert_eq!(parse_listing(path, &idx), None, "{path}");
        }
    }

    #[test]
    fn other_spellings_have_one_canonical_form() {
        let idx = index();
        // A French prefix, Arabic slugs on a French page, a keyword with capitals and accents.
        let r = parse_listing("/fr/الدار-البيضاء/voitures/Peugeot-Béta", &idx).expect("listing");
        // The keyword keeps the visitor's own letters (lower case): only the search normalises.
        assert_eq!(listing_path(&r, &idx), "/casablanca/voitures/peugeot-béta");
        let kw = parse_listing("/maroc/voiture", &idx).expect("keyword only");
        assert_eq!(kw.keyword.as_deref(), Some("voiture"));
        // Issue 32: "سيارة" stays "سيارة" (it was rewritten "سياره"), in the route and the path.
        let ar = parse_listing("/ar/المغرب/سيارة", &idx).expect("arabic keyword");
        assert_eq!(ar.keyword.as_deref(), Some("سيارة"));
        assert_eq!(listing_path(&ar, &idx), "/ar/المغرب/سيارة");
    }

    #[test]
    fn paths_that_are_not_listings_do_not_parse() {
        let idx = index();
        for p in [
            "/",
            "/account",
            "/messages/chat",
            "/atlantis/voitures",
            "/casablanca/voitures_teleport",
            "/maroc/a/b/c/d",
            "/casablanca/voitures/x/y",
        ] {
            assert_eq!(parse_listing(p, &idx), None, "{p}");
        }
    }

    #[test]
    fn offsets_and_ad_paths() {
        assert_eq!(offset_param(None), OffsetParam::Absent);
        assert_eq!(offset_param(Some("24")), OffsetParam::Valid(24));
        assert_eq!(offset_param(Some("2147483648")), OffsetParam::Valid(2_147_483_648));
        assert_eq!(offset_param(Some("2147483649")), OffsetParam::OverCap);
        assert_eq!(offset_param(Some("99999999999999999999999")), OffsetParam::OverCap);
        assert_eq!(offset_param(Some("-3")), OffsetParam::Malformed);
        assert_eq!(offset_param(Some("abc")), OffsetParam::Malformed);
        let idx = index();
        assert_eq!(
            ad_path(Lang::Fr, 1, 2010, "Peugeot 208 à vendre", 42, &idx),
            "/casablanca-settat/voitures/peugeot-208-a-vendre_42.htm"
        );
        assert_eq!(ad_id_of_path(&["casablanca-settat", "voitures", "x_42.htm"]), Some(42));
        assert_eq!(ad_id_of_path(&["vi", "42.htm"]), Some(42));
        assert_eq!(ad_id_of_path(&["deeplink", "view", "42"]), Some(42));
        assert_eq!(ad_id_of_path(&["vi", "abc.htm"]), None);
        assert_eq!(shop_path(Lang::Fr, "Auto Atlas", 7), "/boutique/auto-atlas-7");
        assert_eq!(shop_id_of("auto-atlas-7"), Some(7));
    }

    #[test]
    fn percent_escapes_round_trip() {
        let p = "/ar/الدار-البيضاء";
        assert_eq!(percent_decode(&percent_encode_path(p)).as_deref(), Some(p));
        assert_eq!(percent_decode("/a%2"), Some("/a%2".into()));
        assert_eq!(percent_decode("%FF"), None);
    }
}
