//! Listing search rules: what a search may ask (filters, sort, offset), how keywords are
//! normalised (French accents folded, Arabic diacritics and letter variants unified, the same
//! at indexing and query time) and how they become an FTS5 query in which every user word is a
//! quoted string, so operators, quotes, `*` and `NEAR` are plain words and never FTS syntax.

use crate::ad::ParamValue;
use crate::catalog::{AreaId, CategoryId, CityId, RegionId, Vertical};
use crate::{ErrorCode, SoukError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Spec §9: the largest listing offset; a larger one restarts at offset 1 (see `listing_url`).
pub const OFFSET_CAP: u64 = 2_147_483_648;
/// Spec §9: ads page size.
pub const PAGE_SIZE: u32 = 12;
/// The largest page a search answers.
pub const MAX_PAGE_SIZE: u32 = 100;
/// Premium (gallery, special) slots shown first on each page.
pub const PREMIUM_SLOTS: u32 = 3;
/// A location with fewer matches than this is extended to the next wider one.
pub const EXTEND_BELOW: u64 = 5;
/// Keyword words kept (the rest are ignored) and the longest word kept.
pub const MAX_KEYWORD_WORDS: usize = 10;
pub const MAX_WORD_CHARS: usize = 40;
/// The highest price a filter accepts, in dirhams (a billion: above any real listing).
pub const MAX_PRICE_DH: i64 = 1_000_000_000;
/// Counts and facets look at this many matches at most; beyond, `total` is a lower bound.
pub const COUNT_CAP: u64 = 1_000;

/// Private person or shop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SellerKind {
    Private,
    Shop,
}

/// The order of results.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SearchSort {
    /// Best keyword match first (newest first without a keyword).
    #[default]
    Relevance,
    /// By rank time, which a bump refreshes.
    Newest,
    PriceAsc,
    PriceDesc,
}

/// Which location the results come from: the one asked for, or a wider one because it had
/// fewer than `EXTEND_BELOW` matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Extended {
    City,
    Region,
    Country,
}

impl Extended {
    pub fn as_str(self) -> &'static str {
        match self {
            Extended::City => "CITY",
            Extended::Region => "REGION",
            Extended::Country => "COUNTRY",
        }
    }
}

/// An inclusive range of whole numbers; either end may be open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Range {
    pub min: Option<i64>,
    pub max: Option<i64>,
}

impl Range {
    pub fn is_open(&self) -> bool {
        self.min.is_none() && self.max.is_none()
    }

    /// Refuses negative ends, ends above `limit` and a minimum above the maximum.
    pub fn check(&self, what: &str, limit: i64, code: ErrorCode) -> Result<(), SoukError> {
        for v in [self.min, self.max].into_iter().flatten() {
            if v < 0 || v > limit {
                return Err(SoukError::with_detail(code, format!("{what}: {v} outside 0..={limit}")));
            }
        }
        if let (Some(a), Some(b)) = (self.min, self.max)
            && a > b
        {
            return Err(SoukError::with_detail(code, format!("{what}: minimum {a} above maximum {b}")));
        }
        Ok(())
    }
}

/// What a listing search asks for. Location and category are ids; the URL layer turns slugs
/// into ids (and refuses unknown ones) before building this.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct SearchFilters {
    pub keyword: Option<String>,
    pub category_id: Option<CategoryId>,
    pub vertical: Option<Vertical>,
    pub ad_type: Option<String>,
    pub region_id: Option<RegionId>,
    pub city_id: Option<CityId>,
    pub area_id: Option<AreaId>,
    /// In dirhams.
    pub price: Range,
    pub brand: Option<String>,
    pub model: Option<String>,
    pub year: Range,
    pub mileage: Range,
    pub rooms: Range,
    pub surface: Range,
    pub with_photos: bool,
    pub delivery: bool,
    pub urgent: bool,
    pub hotdeal: bool,
    pub seller: Option<SellerKind>,
    pub verified_seller: bool,
}

impl SearchFilters {
    /// Checks the numbers of a search: prices and parameter ranges (negative, absurd or
    /// reversed ranges are refused with a catalogue code).
    pub fn check(&self) -> Result<(), SoukError> {
        self.price.check("price", MAX_PRICE_DH, ErrorCode::InvalidPriceRange)?;
        self.year.check("year", 3000, ErrorCode::InvalidSearchRange)?;
        self.mileage.check("mileage", 100_000_000, ErrorCode::InvalidSearchRange)?;
        self.rooms.check("rooms", 10_000, ErrorCode::InvalidSearchRange)?;
        self.surface.check("surface", 100_000_000, ErrorCode::InvalidSearchRange)?;
        Ok(())
    }
}

/// How many searches one account may save.
pub const MAX_SAVED_SEARCHES: usize = 50;

/// The identity of a saved search: its filters with the keyword reduced to its normalised
/// words and empty texts dropped, so the same search typed differently is "already saved".
pub fn saved_search_key(f: &SearchFilters) -> String {
    let mut n = f.clone();
    let norm = |t: &Option<String>| t.as_deref().map(keyword_words).map(|w| w.join(" ")).filter(|w| !w.is_empty());
    n.keyword = norm(&f.keyword);
    n.brand = norm(&f.brand);
    n.model = norm(&f.model);
    n.ad_type = f.ad_type.clone().filter(|t| !t.is_empty());
    serde_json::to_string(&n).unwrap_or_default()
}

/// Checks a listing window: the offset up to spec §9's cap, the page size up to `MAX_PAGE_SIZE`.
pub fn check_window(offset: i64, limit: i64) -> Result<(u64, u32), SoukError> {
    if offset < 0 || offset as u64 > OFFSET_CAP {
        return Err(SoukError::with_detail(ErrorCode::InvalidOffset, format!("offset {offset}")));
    }
    if limit < 1 || limit > MAX_PAGE_SIZE as i64 {
        return Err(SoukError::with_detail(ErrorCode::InvalidArgument, format!("limit {limit} outside 1..=100")));
    }
    Ok((offset as u64, limit as u32))
}

/// The words of a keyword, normalised as the index is (`search_text::normalize_words`: folded,
/// stemmed, the marketplace vocabulary applied), without its fillers when it has other words, at most `MAX_KEYWORD_WORDS` words of at most
/// `MAX_WORD_CHARS` characters. What the visitor sees of their keyword is `display_keyword`.
pub fn keyword_words(keyword: &str) -> Vec<String> {
    let mut words = crate::search_text::normalize_words(keyword);
    // "voitures occasion", "appartement à louer": the words that say what is sought are the
    // query (all required); fillers alone stay a query.
    let voc = crate::search_text::vocabulary();
    if words.iter().any(|w| !voc.is_filler(w)) {
        words.retain(|w| !voc.is_filler(w));
    }
    words.into_iter().map(|w| w.chars().take(MAX_WORD_CHARS).collect::<String>()).take(MAX_KEYWORD_WORDS).collect()
}

/// The words of a keyword folded only (`text::fold`, split on anything but letters and digits, no
/// stemming, no vocabulary): for matching names inside names (the shop directory), where "auto"
/// must stay "auto".
pub fn folded_words(keyword: &str) -> Vec<String> {
    crate::text::fold(keyword)
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| w.chars().take(MAX_WORD_CHARS).collect::<String>())
        .take(MAX_KEYWORD_WORDS)
        .collect()
}

/// A keyword as the visitor typed it, cleaned for the search box and the listing URL: their own
/// words (lower case, split on anything but letters, digits and apostrophes, at most
/// `MAX_KEYWORD_WORDS` of at most `MAX_WORD_CHARS` characters), never the normalised form.
pub fn display_keyword_words(keyword: &str) -> Vec<String> {
    crate::search_text::display_words(keyword)
        .into_iter()
        .map(|w| w.chars().take(MAX_WORD_CHARS).collect::<String>())
        .take(MAX_KEYWORD_WORDS)
        .collect()
}

/// The FTS5 MATCH expression of a keyword: every word as a double-quoted string (a quote
/// inside is doubled, though folding already removed them), all required. `None` when the
/// keyword has no word at all, so the search runs without a keyword.
pub fn fts_query(keyword: &str) -> Option<String> {
    fts_phrases(&keyword_words(keyword))
}

/// BM25's term-frequency saturation: a word's tenth occurrence in an ad adds little.
pub const BM25_K1: f64 = 1.2;
/// BM25's length normalisation: a word in a short ad weighs more than in a long one.
pub const BM25_B: f64 = 0.75;

/// The weight of a word held by `with_word` of `documents` ads: its inverse document frequency
/// as BM25 has it (a rare word weighs more), never below a small positive value.
pub fn word_weight(documents: f64, with_word: f64) -> f64 {
    let idf = ((documents - with_word + 0.5) / (with_word + 0.5)).ln_1p();
    idf.max(1e-6)
}

/// The FTS5 MATCH expression of words already folded by `keyword_words`: one phrase per word,
/// in order (the relevance function weighs phrase `i` as word `i`); `None` without words.
pub fn fts_phrases(words: &[String]) -> Option<String> {
    if words.is_empty() {
        return None;
    }
    Some(words.iter().map(|w| format!("\"{}\"", w.replace('"', "\"\""))).collect::<Vec<_>>().join(" "))
}

/// The text an ad is indexed under: its title's normalised words first, then its description's
/// and text parameters', then the vocabulary's canonical words of its category (so "voiture"
/// finds a car whose ad never says it), normalised as keywords are; and how many of its first
/// words are the title's (the relevance ranks title matches first).
pub fn index_text(
    title: &str,
    description: &str,
    params: &BTreeMap<String, ParamValue>,
    category: CategoryId,
) -> (String, usize) {
    let mut rest = String::with_capacity(description.len() + 32);
    rest.push_str(description);
    for v in params.values() {
        if let ParamValue::Text(t) = v {
            rest.push(' ');
            rest.push_str(t);
        }
    }
    let mut words = crate::search_text::normalize_words(title);
    let title_words = words.len();
    words.extend(crate::search_text::normalize_words(&rest));
    words.extend(crate::search_text::vocabulary().category_words(category).iter().cloned());
    (words.join(" "), title_words)
}

/// A parameter value as a filterable number (years, kilometres, rooms, square metres).
pub fn param_number(params: &BTreeMap<String, ParamValue>, key: &str) -> Option<i64> {
    match params.get(key)? {
        ParamValue::Number(n) => Some(*n),
        ParamValue::Text(t) => t.trim().parse().ok(),
        ParamValue::Bool(_) => None,
    }
}

/// A parameter value as a filterable word (brand, model): folded and slugged, so "Peugeot",
/// "peugeot" and "PEUGEOT" are one brand.
pub fn param_word(params: &BTreeMap<String, ParamValue>, key: &str) -> Option<String> {
    match params.get(key)? {
        ParamValue::Text(t) => Some(crate::text::slugify(t)).filter(|s| !s.is_empty()),
        _ => None,
    }
}

/// Which premium ads (by position among the matching premium ads) a page shows: the slots
/// rotate with the page number so that every premium ad gets the top of some page.
pub fn premium_window(page: u64, premium_total: u64) -> Option<(u64, u64)> {
    if premium_total == 0 {
        return None;
    }
    let slots = (PREMIUM_SLOTS as u64).min(premium_total);
    let start = (page * slots) % premium_total;
    Some((start, slots))
}

/// The wording of a "save search" answer (spec §8: saved, already saved), in the page's language.
pub fn save_search_wording(already_saved: bool, lang: crate::lang::Lang) -> &'static str {
    match (already_saved, lang) {
        (false, crate::lang::Lang::Ar) => "تم حفظ البحث. سنخبرك بالإعلانات الجديدة.",
        (false, _) => "Recherche enregistrée. Nous vous préviendrons des nouvelles annonces.",
        (true, crate::lang::Lang::Ar) => "هذا البحث محفوظ من قبل.",
        (true, _) => "Cette recherche est déjà enregistrée.",
    }
}

/// Whether the daily saved-search digest is due at `now` (seconds, UTC): from `digest_hour`
/// (UTC) on, once per day (`last_day`: the day number it last went out).
pub fn digest_due(now: i64, digest_hour: u32, last_day: Option<i64>) -> bool {
    let day = now.div_euclid(86_400);
    let hour = now.rem_euclid(86_400) / 3_600;
    hour >= i64::from(digest_hour) && last_day != Some(day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_fold_french_accents_and_arabic_variants() {
        assert_eq!(keyword_words("Étagère  CRÈME"), vec!["etagere", "creme"]);
        assert_eq!(keyword_words("أَحْمَد إبراهيم آسيا"), vec!["احمد", "ابراهيم", "اسيا"]);
        assert_eq!(keyword_words("مكتبة مستشفى"), vec!["مكتب", "مستشفي"]);
        assert_eq!(display_keyword_words("سيارة  Rouge"), vec!["سيارة", "rouge"]);
        // Fillers go when other words remain; alone, they are the query.
        assert_eq!(keyword_words("Voitures d'occasion pas cher"), vec!["voiture"]);
        assert_eq!(keyword_words("شقة للبيع في الرباط"), vec!["appartement", "رباط"]);
        assert_eq!(keyword_words("occasion"), vec!["occasion"]);
        assert_eq!(folded_words("Auto  Écoles"), vec!["auto", "ecoles"]);
        assert_eq!(keyword_words("  ...  "), Vec::<String>::new());
    }

    #[test]
    fn fts_syntax_is_always_quoted() {
        assert_eq!(fts_query("voiture NEAR maison").as_deref(), Some("\"voiture\" \"near\" \"maison\""));
        assert_eq!(fts_query("x* OR \"b\" AND -c ^y").as_deref(), Some("\"x\" \"or\" \"b\" \"and\" \"c\" \"y\""));
        assert_eq!(fts_query("col:val (x)").as_deref(), Some("\"col\" \"val\" \"x\""));
        assert_eq!(fts_query("\"\"\"*"), None);
        let many = "mot ".repeat(50);
        assert_eq!(keyword_words(&many).len(), MAX_KEYWORD_WORDS);
    }

    #[test]
    fn index_text_matches_query_normalisation() {
        let mut params = BTreeMap::new();
        params.insert("brand".to_string(), ParamValue::Text("Citroën".into()));
        params.insert("year".to_string(), ParamValue::Number(2019));
        let (text, title) = index_text("Villa à Fès", "سيارة جميلة", &params, 1010);
        assert_eq!(text, "villa a fes voiture جميل citroen appartement");
        assert_eq!(title, 3);
        assert_eq!(param_word(&params, "brand").as_deref(), Some("citroen"));
        assert_eq!(param_number(&params, "year"), Some(2019));
    }

    #[test]
    fn ranges_refuse_negative_absurd_and_reversed() {
        let ok = SearchFilters { price: Range { min: Some(0), max: Some(5000) }, ..Default::default() };
        assert!(ok.check().is_ok());
        let neg = SearchFilters { price: Range { min: Some(-1), max: None }, ..Default::default() };
        assert_eq!(neg.check().map_err(|e| e.code), Err(ErrorCode::InvalidPriceRange));
        let absurd = SearchFilters { price: Range { min: None, max: Some(i64::MAX) }, ..Default::default() };
        assert_eq!(absurd.check().map_err(|e| e.code), Err(ErrorCode::InvalidPriceRange));
        let reversed = SearchFilters { year: Range { min: Some(2020), max: Some(2010) }, ..Default::default() };
        assert_eq!(reversed.check().map_err(|e| e.code), Err(ErrorCode::InvalidSearchRange));
    }

    #[test]
    fn the_same_search_typed_differently_has_one_key() {
        let a = SearchFilters { keyword: Some("Vélo  ROUGE!".into()), city_id: Some(1), ..Default::default() };
        let b = SearchFilters { keyword: Some("velo rouge".into()), city_id: Some(1), ..Default::default() };
        let c = SearchFilters { keyword: Some("velo rouge".into()), city_id: Some(2), ..Default::default() };
        assert_eq!(saved_search_key(&a), saved_search_key(&b));
        assert_ne!(saved_search_key(&a), saved_search_key(&c));
        let back: SearchFilters = serde_json::from_str(&saved_search_key(&a)).expect("round trip");
        assert_eq!(back.keyword.as_deref(), Some("velo rouge"));
    }

    #[test]
    fn windows_and_premium_rotation() {
        assert_eq!(check_window(0, 12).ok(), Some((0, 12)));
        assert_eq!(check_window(-1, 12).map_err(|e| e.code), Err(ErrorCode::InvalidOffset));
        assert_eq!(check_window(OFFSET_CAP as i64 + 1, 12).map_err(|e| e.code), Err(ErrorCode::InvalidOffset));
        assert_eq!(check_window(0, 0).map_err(|e| e.code), Err(ErrorCode::InvalidArgument));
        assert_eq!(premium_window(0, 0), None);
        assert_eq!(premium_window(0, 7), Some((0, 3)));
        assert_eq!(premium_window(1, 7), Some((3, 3)));
        assert_eq!(premium_window(3, 7), Some((2, 3)));
        assert_eq!(premium_window(5, 2), Some((0, 2)));
    }

    #[test]
    fn the_digest_goes_once_a_day_from_its_hour() {
        let day = 20_000 * 86_400;
        assert!(!digest_due(day + 7 * 3_600 + 59 * 60, 8, None));
        assert!(digest_due(day + 8 * 3_600, 8, None));
        assert!(digest_due(day + 23 * 3_600, 8, Some(19_999)));
        assert!(!digest_due(day + 23 * 3_600, 8, Some(20_000)));
        assert!(!digest_due(day + 86_400 + 3_600, 8, Some(20_000)));
        assert!(digest_due(day + 86_400 + 9 * 3_600, 8, Some(20_000)));
    }
}
