//! The listing index: one row per active ad in `search_listing` (the listing partition,
//! denormalised with its category levels, region, seller kind and the filterable parameters)
//! and its folded words in the contentless FTS5 table `search_fts` (rowid = list id), whose
//! second column holds the ad's place and category as tokens (`scope_text`), so that a keyword
//! search inside a city or a category is one intersection of posting lists in the index.
//! `sync_ad` is the single hook the ad writes call after they change an ad; it makes the
//! index follow the ad (in, updated, or out when it stops being active) in the same transaction.
//! Which index serves which read is in `docs/search.md`.

use crate::error::StoreError;
use crate::rows::{COLUMNS, StoredAd, query_ads};
use crate::search_rank::{BODY_WORDS_BITS, RANK_FUNCTION, TITLE_MASK_SCALE};
use crate::sqlite::SqliteStore;
use async_trait::async_trait;
use rusqlite::types::Value;
use rusqlite::{Connection, OptionalExtension, params, params_from_iter};
use souk_domain::ad::ParamValue;
use souk_domain::catalog::{AreaId, CategoryId, CityId, RegionId};
use souk_domain::search::{COUNT_CAP, SearchSort, fts_phrases, index_text, param_number, param_word};
use std::collections::BTreeMap;

/// The schema of the listing index (migration 7).
pub(crate) const SCHEMA: &str = "
    CREATE TABLE search_listing (
        list_id INTEGER PRIMARY KEY,
        ad_id TEXT NOT NULL,
        account_id INTEGER NOT NULL,
        vertical_id INTEGER NOT NULL,
        cat1_id INTEGER NOT NULL,
        category_id INTEGER NOT NULL,
        region_id INTEGER NOT NULL,
        city_id INTEGER NOT NULL,
        area_id INTEGER,
        ad_type TEXT NOT NULL,
        price INTEGER,
        rank_time INTEGER NOT NULL,
        published_at INTEGER NOT NULL,
        photos INTEGER NOT NULL,
        delivery INTEGER NOT NULL,
        urgent INTEGER NOT NULL,
        hotdeal INTEGER NOT NULL,
        shop INTEGER NOT NULL,
        verified INTEGER NOT NULL,
        premium_from INTEGER NOT NULL,
        premium_until INTEGER NOT NULL,
        brand TEXT, model TEXT, year INTEGER, mileage INTEGER, rooms INTEGER, surface INTEGER,
        -- The number of words of the ad's `body` in `search_fts` (the relevance's length).
        words INTEGER NOT NULL DEFAULT 0
    );
    -- Listing of a city (any category), newest rank first.
    CREATE INDEX listing_by_city ON search_listing (city_id, rank_time DESC);
    -- Listing of a leaf, a level-1 category or a vertical, in a city or (leading range) anywhere.
    CREATE INDEX listing_by_category ON search_listing (category_id, city_id, rank_time DESC);
    CREATE INDEX listing_by_cat1 ON search_listing (cat1_id, city_id, rank_time DESC);
    CREATE INDEX listing_by_vertical ON search_listing (vertical_id, city_id, rank_time DESC);
    -- Listing of a region, and of the whole country.
    CREATE INDEX listing_by_region ON search_listing (region_id, rank_time DESC);
    CREATE INDEX listing_by_rank ON search_listing (rank_time DESC);
    -- The few premium ads live now.
    CREATE INDEX listing_premium ON search_listing (premium_until) WHERE premium_until > 0;
    -- Shop pages: one shop's active ads.
    CREATE INDEX listing_by_owner ON search_listing (account_id, rank_time DESC);
    -- New ads for saved-search alerts: published after a point in time.
    CREATE INDEX listing_by_publication ON search_listing (published_at);
    -- Saved searches: one account's, by id; the same filters once per account.
    CREATE TABLE saved_searches (
        search_id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(account_id),
        name TEXT NOT NULL,
        filters TEXT NOT NULL,
        filters_key TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        checked_at INTEGER NOT NULL,
        UNIQUE (account_id, filters_key)
    );
    -- Matches waiting for the daily digest, partitioned by account.
    CREATE TABLE search_alerts (
        account_id INTEGER NOT NULL,
        search_id INTEGER NOT NULL,
        list_id INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        sent_at INTEGER,
        PRIMARY KEY (account_id, search_id, list_id)
    ) WITHOUT ROWID;
    CREATE INDEX search_alerts_unsent ON search_alerts (sent_at, account_id);
    -- The FTS table is created in its current shape (FTS_SCHEMA, with `scope` and `cell`) so
    -- that the backfill below can write it; migrations 12 and 16 rebuild it on older stores.
    CREATE VIRTUAL TABLE search_fts USING fts5(
        body, scope, cell, content = '', contentless_delete = 1,
        tokenize = \"unicode61 remove_diacritics 2 tokenchars '_'\"
    );
";

/// Migration 14: the listing reads served from their index alone. A listing of a category (leaf,
/// level 1 or vertical) in a city, or of a city, reads up to `COUNT_CAP` matches for its count
/// and facets; with these indexes each match is the next entry of one index range, holding every
/// column a filter, a facet, the order or the premium slots look at, instead of a lookup of the
/// table row (which was most of a search's time at 1,000,000 ads). The same query-first shape as
/// the ScyllaDB tables: one partition per (category, city), rows by rank time. The premium ads
/// live now get a small index of their own, holding their scope.
pub(crate) const COVERING_INDEXES: &str = "
    DROP INDEX listing_by_category;
    DROP INDEX listing_by_cat1;
    DROP INDEX listing_by_vertical;
    DROP INDEX listing_by_city;
    DROP INDEX listing_premium;
    CREATE INDEX listing_by_category ON search_listing (category_id, city_id, rank_time DESC,
        region_id, area_id, ad_type, price, photos, delivery, urgent, hotdeal, shop, verified,
        premium_from, premium_until, brand, model, year, mileage, rooms, surface);
    CREATE INDEX listing_by_cat1 ON search_listing (cat1_id, city_id, rank_time DESC, category_id,
        region_id, area_id, ad_type, price, photos, delivery, urgent, hotdeal, shop, verified,
        premium_from, premium_until, brand, model, year, mileage, rooms, surface);
    CREATE INDEX listing_by_vertical ON search_listing (vertical_id, city_id, rank_time DESC, category_id,
        region_id, area_id, ad_type, price, photos, delivery, urgent, hotdeal, shop, verified,
        premium_from, premium_until, brand, model, year, mileage, rooms, surface);
    CREATE INDEX listing_by_city ON search_listing (city_id, rank_time DESC, category_id,
        area_id, ad_type, price, photos, delivery, urgent, hotdeal, shop, verified,
        premium_from, premium_until, brand, model, year, mileage, rooms, surface);
    CREATE INDEX listing_premium_live ON search_listing (premium_until, premium_from, rank_time DESC,
        category_id, cat1_id, vertical_id, region_id, city_id, area_id) WHERE premium_until > 0;
    ANALYZE search_listing;
";

/// Migration 18: what a keyword search reads of every match — its count, facets, order,
/// relevance length and premium window — in a narrow table of its own beside the listing row
/// (eight integers, about 28 bytes a row, against the listing row's thirty columns). A keyword
/// search looks each match up by list id, up to `COUNT_CAP` of them; in the wide table those
/// lookups were half of its time at 1,000,000 ads (docs/benchmarks.md, search sixth round).
/// Triggers keep it equal to `search_listing` whoever writes that, so no writer has to know it.
pub(crate) const HITS_SCHEMA: &str = "
    CREATE TABLE search_hits (
        list_id INTEGER PRIMARY KEY,
        category_id INTEGER NOT NULL,
        city_id INTEGER NOT NULL,
        rank_time INTEGER NOT NULL,
        price INTEGER,
        premium_from INTEGER NOT NULL,
        premium_until INTEGER NOT NULL,
        words INTEGER NOT NULL
    );
    CREATE TRIGGER search_hits_insert AFTER INSERT ON search_listing BEGIN
        INSERT OR REPLACE INTO search_hits (list_id, category_id, city_id, rank_time, price, premium_from,
            premium_until, words)
        VALUES (NEW.list_id, NEW.category_id, NEW.city_id, NEW.rank_time, NEW.price, NEW.premium_from,
            NEW.premium_until, NEW.words);
    END;
    CREATE TRIGGER search_hits_update AFTER UPDATE OF list_id, category_id, city_id, rank_time, price,
        premium_from, premium_until, words ON search_listing BEGIN
        DELETE FROM search_hits WHERE list_id = OLD.list_id;
        INSERT OR REPLACE INTO search_hits (list_id, category_id, city_id, rank_time, price, premium_from,
            premium_until, words)
        VALUES (NEW.list_id, NEW.category_id, NEW.city_id, NEW.rank_time, NEW.price, NEW.premium_from,
            NEW.premium_until, NEW.words);
    END;
    CREATE TRIGGER search_hits_delete AFTER DELETE ON search_listing BEGIN
        DELETE FROM search_hits WHERE list_id = OLD.list_id;
    END;
    INSERT INTO search_hits (list_id, category_id, city_id, rank_time, price, premium_from, premium_until, words)
        SELECT list_id, category_id, city_id, rank_time, price, premium_from, premium_until, words
        FROM search_listing ORDER BY list_id;
";

/// Takes the ads of accounts disabled before migration 9 out of the index.
pub(crate) fn resync_disabled_sellers(c: &Connection) -> Result<(), StoreError> {
    let ids: Vec<i64> = {
        let mut st = c.prepare("SELECT account_id FROM accounts WHERE status <> 'active'")?;
        st.query_map([], |r| r.get(0))?.collect::<Result<_, _>>()?
    };
    for id in ids {
        sync_account(c, id)?;
    }
    Ok(())
}

/// Makes the index follow one seller: every active ad of the account is indexed again (out
/// of the index while the account is not active, back in when it is).
pub(crate) fn sync_account(c: &Connection, account_id: i64) -> Result<(), StoreError> {
    let ids: Vec<String> = {
        let mut st = c.prepare_cached("SELECT ad_id FROM ads WHERE account_id = ?1 AND status = 'active'")?;
        st.query_map([account_id], |r| r.get(0))?.collect::<Result<_, _>>()?
    };
    for id in ids {
        sync_ad(c, &id, false)?;
    }
    Ok(())
}

/// Puts every active ad into the index (migration 7 on a store that already has ads).
pub(crate) fn backfill(c: &Connection) -> Result<(), StoreError> {
    let ids: Vec<String> = {
        let mut st = c.prepare("SELECT ad_id FROM ads WHERE status = 'active'")?;
        st.query_map([], |r| r.get(0))?.collect::<Result<_, _>>()?
    };
    for id in ids {
        sync_ad(c, &id, true)?;
    }
    Ok(())
}

thread_local! {
    /// Whether the write transaction running on this thread (the writer's) changed the listing
    /// index; the writer moves its store's listing generation once that transaction committed
    /// (`sqlite::commit_group`), never before: a page read between a change and its commit sees
    /// the old rows and must not be cached as fresh.
    static LISTING_CHANGED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether the transaction just ended changed the listing index (and forgets it).
pub(crate) fn take_listing_changed() -> bool {
    LISTING_CHANGED.with(|changed| changed.replace(false))
}

/// Makes the index follow one ad: removed, then put back if the ad is active. `fresh` skips
/// the removal for an ad that was just inserted.
pub(crate) fn sync_ad(c: &Connection, ad_id: &str, fresh: bool) -> Result<(), StoreError> {
    LISTING_CHANGED.with(|changed| changed.set(true));
    type Row = (i64, i64, u32, u32, Option<u32>, String, Option<i64>, i64, String, String, String, String, String, i64);
    let row: Option<Row> = c
        .prepare_cached(
            "SELECT list_id, account_id, category_id, city_id, area_id, ad_type, price_centimes, rank_time,
                    status, title, description, params, images, published_at
             FROM ads WHERE ad_id = ?1",
        )?
        .query_row([ad_id], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
                r.get(6)?,
                r.get(7)?,
                r.get(8)?,
                r.get(9)?,
                r.get(10)?,
                r.get(11)?,
                r.get(12)?,
                r.get(13)?,
            ))
        })
        .optional()?;
    let Some((
        list_id,
        account_id,
        category_id,
        city_id,
        area_id,
        ad_type,
        price,
        rank_time,
        status,
        title,
        description,
        params,
        images,
        published_at,
    )) = row
    else {
        return Ok(());
    };
    if !fresh {
        c.prepare_cached("DELETE FROM search_listing WHERE list_id = ?1")?.execute([list_id])?;
        c.prepare_cached("DELETE FROM search_fts WHERE rowid = ?1")?.execute([list_id])?;
    }
    let (shop, verified, seller_active): (bool, bool, bool) = c
        .prepare_cached(
            "SELECT a.account_type = 'shop', coalesce(s.is_verified_seller, 0), a.status = 'active' FROM accounts a
             LEFT JOIN stores s ON s.account_id = a.account_id WHERE a.account_id = ?1",
        )?
        .query_row([account_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .optional()?
        .unwrap_or((false, false, true));
    if status != "active" || !seller_active {
        return Ok(());
    }
    let params: BTreeMap<String, ParamValue> =
        serde_json::from_str(&params).map_err(|e| StoreError::Corrupt(e.to_string()))?;
    let images: Vec<String> = serde_json::from_str(&images).map_err(|e| StoreError::Corrupt(e.to_string()))?;
    let (vertical_id, cat1_id) = category_levels(c, category_id)?;
    let region_id: u32 = c
        .prepare_cached("SELECT region_id FROM cities WHERE id = ?1")?
        .query_row([city_id], |r| r.get(0))
        .optional()?
        .unwrap_or(0);
    let (premium_from, premium_until): (i64, i64) = c
        .prepare_cached(
            "SELECT coalesce(min(start_date), 0), coalesce(max(end_date), 0) FROM ad_vas_packs
             WHERE ad_id = ?1 AND name IN ('gallery', 'special')",
        )?
        .query_row([ad_id], |r| Ok((r.get(0)?, r.get(1)?)))?;
    let hotdeal: bool = c
        .prepare_cached("SELECT discount IS NOT NULL AND discount > 0 FROM ads WHERE ad_id = ?1")?
        .query_row([ad_id], |r| r.get(0))?;
    let (urgent, delivery): (bool, bool) = c
        .prepare_cached("SELECT urgent, delivery FROM ads WHERE ad_id = ?1")?
        .query_row([ad_id], |r| Ok((r.get(0)?, r.get(1)?)))?;
    let (body, title_words) = index_text(&title, &description, &params, category_id);
    c.prepare_cached(
        "INSERT INTO search_listing (list_id, ad_id, account_id, vertical_id, cat1_id, category_id, region_id, city_id,
            area_id, ad_type, price, rank_time, photos, delivery, urgent, hotdeal, shop, verified, premium_from,
            premium_until, brand, model, year, mileage, rooms, surface, published_at, words)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21,
            ?22, ?23, ?24, ?25, ?26, ?27, ?28)",
    )?
    .execute(params![
        list_id,
        ad_id,
        account_id,
        vertical_id,
        cat1_id,
        category_id,
        region_id,
        city_id,
        area_id,
        ad_type,
        price,
        rank_time,
        images.len() as i64,
        delivery,
        urgent,
        hotdeal,
        shop,
        verified,
        premium_from,
        premium_until,
        param_word(&params, "brand"),
        param_word(&params, "model"),
        param_number(&params, "year"),
        param_number(&params, "mileage"),
        param_number(&params, "rooms"),
        param_number(&params, "surface"),
        published_at,
        packed_words(&body, title_words),
    ])?;
    c.prepare_cached("INSERT INTO search_fts (rowid, body, scope, cell) VALUES (?1, ?2, ?3, ?4)")?.execute(params![
        list_id,
        body,
        scope_text(vertical_id, cat1_id, category_id, region_id, city_id, area_id),
        cell_text(&body, category_id, city_id),
    ])?;
    Ok(())
}

/// The FTS5 table of the listing index (migrations 12 and 16): `body` holds the ad's folded
/// words, `scope` its place and category as tokens (see `scope_text`), `cell` its words again
/// as tokens of its city and of its category in its city (see `cell_text`). `_` is part of a
/// token (folded words never hold one). The relevance reads the body's length from
/// `search_listing.words` in the row it joins anyway, not from FTS5's document sizes (one more
/// lookup per match; they stay, `contentless_delete` needs them).
pub(crate) const FTS_SCHEMA: &str = "
    CREATE VIRTUAL TABLE search_fts USING fts5(
        body, scope, cell, content = '', contentless_delete = 1,
        tokenize = \"unicode61 remove_diacritics 2 tokenchars '_'\"
    );
";

/// How many words `body` (an `index_text`) holds: the relevance's length of the ad.
pub(crate) fn body_words(body: &str) -> i64 {
    body.split(' ').filter(|w| !w.is_empty()).count() as i64
}

/// What `search_listing.words` holds for an ad: the body's length in words (the relevance's
/// length, up to 2^20 - 1) in the low `BODY_WORDS_BITS` bits, and how many of its first words are
/// the title's (up to 255) above them, so `souk_rank` tells a title match from a description
/// match without a column more in the narrow `search_hits` row (issue 32).
pub(crate) fn packed_words(body: &str, title_words: usize) -> i64 {
    let body = body_words(body).min((1 << BODY_WORDS_BITS) - 1);
    let title = (title_words as i64).min(255);
    body | (title << BODY_WORDS_BITS)
}

/// The `cell` column of an ad: each word of its `body` (as often as there) as a token of its
/// city (`c{city}_{word}`), of its category (`k{category}_{word}`) and of its category in its
/// city (`k{category}c{city}_{word}`). A keyword search inside a city or a category reads one such
/// posting list per word, holding exactly the ads of that cell with the word, newest listed last:
/// the partition a query-first store keeps per (category, city, word), as the ScyllaDB backend
/// would (docs/search.md).
pub(crate) fn cell_text(body: &str, category: CategoryId, city: CityId) -> String {
    let mut text = String::with_capacity(body.len() * 3);
    for word in body.split(' ').filter(|w| !w.is_empty()) {
        for prefix in [format!("c{city}_"), format!("k{category}_"), format!("k{category}c{city}_")] {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(&prefix);
            text.push_str(word);
        }
    }
    text
}

/// The tokens of an ad's place and category in the `scope` column: `v` vertical, `p` level-1
/// category, `k` category, `r` region, `c` city, `a` area, each followed by its id.
pub(crate) fn scope_text(
    vertical: CategoryId,
    cat1: CategoryId,
    category: CategoryId,
    region: RegionId,
    city: CityId,
    area: Option<AreaId>,
) -> String {
    let mut text = format!("v{vertical} p{cat1} k{category} r{region} c{city}");
    if let Some(a) = area {
        text.push_str(&format!(" a{a}"));
    }
    text
}

/// A keyword search as FTS5 runs it: the MATCH expression, and how many of its phrases are the
/// keyword's words (first in the expression, word `i` of a group at `i` modulo the number of
/// words, as `souk_rank` reads them); the phrases after them are scope tokens.
struct KeywordMatch {
    expr: String,
    word_phrases: usize,
}

/// The MATCH expression of a keyword search (None without a keyword). Inside a city, or a
/// category of the whole country, the keyword's words are looked up as cell tokens
/// (`cell_text`): one short posting list per word holding exactly the city's, the category's, or
/// the category-in-the-city's ads with the word; a level-1 category or a vertical is the OR of its
/// categories' cells. The whole country without a category reads the words in `body`; a region
/// reads them in `body` with the category and region as `scope` tokens intersected with them.
fn keyword_match(c: &Connection, q: &ListingQuery) -> Result<Option<KeywordMatch>, StoreError> {
    if q.keyword.is_empty() {
        return Ok(None);
    }
    let city = match q.place {
        Some(PlaceScope::City(city)) | Some(PlaceScope::Area(city, _)) => Some(city),
        Some(PlaceScope::Country) | None => None,
        Some(PlaceScope::Region(_)) => {
            let words = fts_phrases(&q.keyword).unwrap_or_default();
            return Ok(Some(KeywordMatch { expr: scoped_match(q, &words), word_phrases: q.keyword.len() }));
        }
    };
    let city_part = city.map(|c| format!("c{c}")).unwrap_or_default();
    let cells: Vec<String> = match q.category {
        None if city.is_some() => vec![format!("{city_part}_")],
        // The whole country, any category: the words themselves.
        None => {
            let words = fts_phrases(&q.keyword).unwrap_or_default();
            return Ok(Some(KeywordMatch { expr: format!("body : ( {words} )"), word_phrases: q.keyword.len() }));
        }
        Some(CategoryScope::Leaf(id)) => vec![format!("k{id}{city_part}_")],
        Some(CategoryScope::Level1(id)) | Some(CategoryScope::Vertical(id)) => {
            category_and_below(c, id)?.into_iter().map(|k| format!("k{k}{city_part}_")).collect()
        }
    };
    let groups: Vec<String> = cells
        .iter()
        .map(|cell| {
            let tokens: Vec<String> = q.keyword.iter().map(|w| cell.clone() + w).collect();
            format!("( {} )", fts_phrases(&tokens).unwrap_or_default())
        })
        .collect();
    let mut expr = format!("cell : ( {} )", groups.join(" OR "));
    if let Some(PlaceScope::Area(_, area)) = q.place {
        expr.push_str(&format!(" AND scope : \"a{area}\""));
    }
    Ok(Some(KeywordMatch { expr, word_phrases: q.keyword.len() * cells.len() }))
}

/// A category and every category below it (ads sit in any of them).
fn category_and_below(c: &Connection, id: CategoryId) -> Result<Vec<CategoryId>, StoreError> {
    let mut st = c.prepare_cached(
        "WITH RECURSIVE below(id) AS (SELECT ?1 UNION ALL SELECT c.id FROM categories c JOIN below ON c.parent_id = below.id)
         SELECT id FROM below ORDER BY id",
    )?;
    Ok(st.query_map([id], |r| r.get(0))?.collect::<Result<_, _>>()?)
}

/// The keyword's words in `body` and the query's category and place as `scope` tokens (the same
/// conditions as the WHERE clause, answered by the FTS index itself).
fn scoped_match(q: &ListingQuery, words: &str) -> String {
    let mut expr = format!("body : ( {words} )");
    let mut scope = |token: String| expr.push_str(&format!(" AND scope : \"{token}\""));
    match q.category {
        Some(CategoryScope::Leaf(id)) => scope(format!("k{id}")),
        Some(CategoryScope::Level1(id)) => scope(format!("p{id}")),
        Some(CategoryScope::Vertical(id)) => scope(format!("v{id}")),
        None => {}
    }
    match q.place {
        Some(PlaceScope::Region(id)) => scope(format!("r{id}")),
        Some(PlaceScope::City(id)) => scope(format!("c{id}")),
        Some(PlaceScope::Area(city, area)) => {
            scope(format!("c{city}"));
            scope(format!("a{area}"));
        }
        Some(PlaceScope::Country) | None => {}
    }
    expr
}

/// Rebuilds the FTS table in its current shape (`FTS_SCHEMA`) from the listing index
/// (migrations 12 and 16).
pub(crate) fn rebuild_fts(c: &Connection) -> Result<(), StoreError> {
    c.execute_batch("DROP TABLE search_fts;")?;
    c.execute_batch(FTS_SCHEMA)?;
    // (list id, ad id, category, city, scope tokens) of every indexed ad.
    type Row = (i64, String, CategoryId, CityId, String);
    let rows: Vec<Row> = {
        let mut st = c.prepare(
            "SELECT l.list_id, l.ad_id, l.vertical_id, l.cat1_id, l.category_id, l.region_id, l.city_id, l.area_id
             FROM search_listing l",
        )?;
        st.query_map([], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(4)?,
                r.get(6)?,
                scope_text(r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?, r.get(7)?),
            ))
        })?
        .collect::<Result<_, _>>()?
    };
    let mut text = c.prepare("SELECT title, description, params FROM ads WHERE ad_id = ?1")?;
    let mut insert = c.prepare("INSERT INTO search_fts (rowid, body, scope, cell) VALUES (?1, ?2, ?3, ?4)")?;
    let mut words = c.prepare("UPDATE search_listing SET words = ?2 WHERE list_id = ?1")?;
    for (list_id, ad_id, category, city, scope) in rows {
        let (title, description, params): (String, String, String) =
            text.query_row([&ad_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
        let params: BTreeMap<String, ParamValue> =
            serde_json::from_str(&params).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let (body, title_words) = index_text(&title, &description, &params, category);
        let cell = cell_text(&body, category, city);
        insert.execute(params![list_id, body, scope, cell])?;
        words.execute(params![list_id, packed_words(&body, title_words)])?;
    }
    Ok(())
}

/// (vertical, level-1 category) of a category: a leaf's parent is its level-1 category.
fn category_levels(c: &Connection, id: CategoryId) -> Result<(CategoryId, CategoryId), StoreError> {
    let mut chain = vec![id];
    let mut st = c.prepare_cached("SELECT parent_id FROM categories WHERE id = ?1")?;
    let mut current = id;
    for _ in 0..8 {
        let parent: Option<Option<CategoryId>> = st.query_row([current], |r| r.get(0)).optional()?;
        match parent.flatten() {
            Some(p) => {
                chain.push(p);
                current = p;
            }
            None => break,
        }
    }
    // chain = [id, ..., root]
    let vertical = *chain.last().unwrap_or(&id);
    let cat1 = if chain.len() >= 2 { chain[chain.len() - 2] } else { id };
    Ok((vertical, cat1))
}

/// Which categories a search covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CategoryScope {
    Leaf(CategoryId),
    Level1(CategoryId),
    Vertical(CategoryId),
}

/// Which places a search covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlaceScope {
    Country,
    Region(RegionId),
    City(CityId),
    Area(CityId, AreaId),
}

/// A resolved listing query (ids, centimes), as the search service builds it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ListingQuery {
    /// The keyword's words, folded by `souk_domain::search::keyword_words`; empty without one.
    pub keyword: Vec<String>,
    pub category: Option<CategoryScope>,
    pub place: Option<PlaceScope>,
    pub ad_type: Option<String>,
    pub price_min: Option<i64>,
    pub price_max: Option<i64>,
    pub brand: Option<String>,
    pub model: Option<String>,
    pub year: (Option<i64>, Option<i64>),
    pub mileage: (Option<i64>, Option<i64>),
    pub rooms: (Option<i64>, Option<i64>),
    pub surface: (Option<i64>, Option<i64>),
    pub with_photos: bool,
    pub delivery: bool,
    pub urgent: bool,
    pub hotdeal: bool,
    pub shop: Option<bool>,
    pub verified: bool,
    pub account_id: Option<i64>,
    /// Only ads published after this time (saved-search alerts).
    pub published_after: Option<i64>,
}

/// One page of results with its counts.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ListingPage {
    pub ads: Vec<StoredAd>,
    pub premium: Vec<StoredAd>,
    /// Matches, counted up to `COUNT_CAP`.
    pub total: u64,
    /// Whether `total` reached the cap (the true number is at least `total`).
    pub total_capped: bool,
    pub by_category: Vec<(CategoryId, u64)>,
    pub by_city: Vec<(CityId, u64)>,
}

/// Where and how to cut a page.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PageRequest {
    pub sort: SearchSort,
    pub offset: u64,
    pub limit: u32,
    /// Which premium ads to show: (start among the matching premium ads, how many).
    pub premium_slots: u32,
    pub page: u64,
    pub now: i64,
    pub with_facets: bool,
}

#[async_trait]
pub trait SearchStore: Send + Sync + 'static {
    /// The listing index's change counter: it moves once a committed write changed the index,
    /// so a listing page computed under an older value is stale.
    fn listing_generation(&self) -> u64;
    /// After a bulk load: refreshes the planner's statistics of the listing index (`ANALYZE`) and
    /// merges the FTS index's segments into one.
    async fn analyze_listing(&self) -> Result<(), StoreError>;
    /// One page of matching active ads, the premium ones for its slots, counts and facets.
    async fn search_listing(&self, q: ListingQuery, page: PageRequest) -> Result<ListingPage, StoreError>;
    /// Size of the listing index in bytes (table, indexes and FTS), for the benchmark notes.
    async fn index_bytes(&self) -> Result<Option<u64>, StoreError>;
    /// Active ads for the sitemap, by list id: (list id, city, category, title, rank time).
    async fn sitemap_ads(&self, offset: u64, limit: u32) -> Result<Vec<SitemapAd>, StoreError>;
    /// How many ads are in the listing index.
    async fn active_count(&self) -> Result<u64, StoreError>;
    /// Words of the index's `body` (normalised, `souk_domain::search_text`) within `max_distance`
    /// edits of `word` (itself included) and starting with its first two letters (or those two
    /// swapped), with how many ads hold each, most held first: the spellings a query with few
    /// results is retried with (issue 32). A `word` held by `COMMON_WORD_ADS` ads or more answers
    /// itself alone. Read from the FTS vocabulary (`search_fts_words`), two small ranges of terms.
    /// A store without a vocabulary (a test double) knows no words.
    async fn words_near(&self, word: String, max_distance: usize) -> Result<Vec<(String, u64)>, StoreError> {
        let _ = (word, max_distance);
        Ok(Vec::new())
    }
    /// The shop directory: store ids of shops in a city, of a category, whose name holds
    /// `keyword` (folded), by name; and how many there are.
    async fn shops(&self, q: ShopQuery) -> Result<(Vec<i64>, u64), StoreError>;
    /// The brands and models (their slugs, as indexed) of the active ads of one category, with
    /// how many ads each pair has, most first, at most `limit` pairs: one partition of the
    /// listing index (`listing_by_category`), for the vehicles home's popular brands and models.
    /// A store without a listing index (a test double) counts none.
    async fn brand_model_counts(
        &self,
        category_id: CategoryId,
        limit: u32,
    ) -> Result<Vec<BrandModelCount>, StoreError> {
        let _ = (category_id, limit);
        Ok(Vec::new())
    }
}

/// How many active ads of a category have one brand and model (`model` absent when the ads
/// name none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BrandModelCount {
    pub brand: String,
    pub model: Option<String>,
    pub count: u64,
}

/// An ad as the sitemap lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct SitemapAd {
    pub list_id: i64,
    pub city_id: CityId,
    pub category_id: CategoryId,
    pub title: String,
    pub rank_time: i64,
}

/// What the shop directory asks for.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ShopQuery {
    pub city_id: Option<CityId>,
    pub category_id: Option<CategoryId>,
    pub keyword: Option<String>,
    /// Only shops with at least one active ad of this ad type (`sell`, `rent`...).
    pub ad_type: Option<String>,
    pub offset: u64,
    pub limit: u32,
}

/// The FROM and WHERE of a listing query with its arguments.
fn where_clause(q: &ListingQuery, m: Option<&KeywordMatch>) -> (String, Vec<Value>) {
    let (conds, args) = conditions(q, m, Scope::FromMatch);
    (from_where_sql(m.is_some(), &conds), args)
}

/// The FROM of a listing query (the FTS match joined to the index row when there is a keyword)
/// and the WHERE of `conds`, the conditions on the listing row. A keyword search with none
/// joins the narrow `search_hits` (`HITS_SCHEMA`), which holds every column such a search reads
/// as `l`; one with filters joins the listing row.
fn from_where_sql(keyword: bool, conds: &[String]) -> String {
    let mut sql = if keyword {
        let joined = if conds.is_empty() { "search_hits" } else { "search_listing" };
        // The match drives the join (CROSS JOIN keeps that order): with the scope tokens it is
        // already narrowed to the query's category and place.
        format!("FROM search_fts CROSS JOIN {joined} l ON l.list_id = search_fts.rowid WHERE search_fts MATCH ?1")
    } else {
        String::from("FROM search_listing l")
    };
    if !conds.is_empty() {
        sql.push_str(if keyword { " AND " } else { " WHERE " });
        sql.push_str(&conds.join(" AND "));
    }
    sql
}

/// The FROM and WHERE of the matching ads with a premium pack live at `now`: read from the
/// small `listing_premium_live` index, which holds the scope columns, so the cost follows the number of live premium ads, not the size of the match. A keyword is
/// checked per candidate (the FTS match seeks the candidate's rowid).
fn premium_where_clause(q: &ListingQuery, m: Option<&KeywordMatch>, now: i64) -> (String, Vec<Value>) {
    let (mut conds, mut args) = conditions(q, m, Scope::Listed);
    args.push(Value::Integer(now));
    let now = args.len();
    // `premium_until > 0` (the partial index's own condition) lets the planner use it.
    conds.push(format!("l.premium_until > 0 AND l.premium_until > ?{now} AND l.premium_from <= ?{now}"));
    if m.is_some() {
        conds.push(
            "EXISTS (SELECT 1 FROM search_fts WHERE search_fts MATCH ?1 AND search_fts.rowid = l.list_id)".into(),
        );
    }
    (format!("FROM search_listing l INDEXED BY listing_premium_live WHERE {}", conds.join(" AND ")), args)
}

/// Where a query's category and place are checked when it has a keyword.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Scope {
    /// By the FTS match itself (its cell or scope tokens hold them): no listing condition, so the
    /// statement has no binding that SQLite's planner statistics would prepare it again for.
    FromMatch,
    /// On the listing row too (a read driven by a listing index, such as the premium slots').
    Listed,
}

/// The conditions of a listing query on the index row `l`, with their arguments; the FTS
/// expression, when there is one, is argument 1.
fn conditions(q: &ListingQuery, m: Option<&KeywordMatch>, scope: Scope) -> (Vec<String>, Vec<Value>) {
    let mut args: Vec<Value> = Vec::new();
    let mut conds: Vec<String> = Vec::new();
    if let Some(m) = m {
        args.push(Value::Text(m.expr.clone()));
    }
    let mut push = |cond: &str, v: Value, args: &mut Vec<Value>| {
        args.push(v);
        conds.push(cond.replace('?', &format!("?{}", args.len())));
    };
    let category = if scope == Scope::FromMatch && m.is_some() { None } else { q.category };
    let place = if scope == Scope::FromMatch && m.is_some() { None } else { q.place };
    match category {
        Some(CategoryScope::Leaf(id)) => push("l.category_id = ?", Value::Integer(id.into()), &mut args),
        Some(CategoryScope::Level1(id)) => push("l.cat1_id = ?", Value::Integer(id.into()), &mut args),
        Some(CategoryScope::Vertical(id)) => push("l.vertical_id = ?", Value::Integer(id.into()), &mut args),
        None => {}
    }
    match place {
        Some(PlaceScope::Region(id)) => push("l.region_id = ?", Value::Integer(id.into()), &mut args),
        Some(PlaceScope::City(id)) => push("l.city_id = ?", Value::Integer(id.into()), &mut args),
        Some(PlaceScope::Area(city, area)) => {
            push("l.city_id = ?", Value::Integer(city.into()), &mut args);
            push("l.area_id = ?", Value::Integer(area.into()), &mut args);
        }
        Some(PlaceScope::Country) | None => {}
    }
    if let Some(t) = &q.ad_type {
        push("l.ad_type = ?", Value::Text(t.clone()), &mut args);
    }
    if let Some(v) = q.price_min {
        push("l.price >= ?", Value::Integer(v), &mut args);
    }
    if let Some(v) = q.price_max {
        push("l.price <= ?", Value::Integer(v), &mut args);
    }
    if let Some(v) = &q.brand {
        push("l.brand = ?", Value::Text(v.clone()), &mut args);
    }
    if let Some(v) = &q.model {
        push("l.model = ?", Value::Text(v.clone()), &mut args);
    }
    for (col, (min, max)) in [("year", q.year), ("mileage", q.mileage), ("rooms", q.rooms), ("surface", q.surface)] {
        if let Some(v) = min {
            push(&format!("l.{col} >= ?"), Value::Integer(v), &mut args);
        }
        if let Some(v) = max {
            push(&format!("l.{col} <= ?"), Value::Integer(v), &mut args);
        }
    }
    if let Some(v) = q.account_id {
        push("l.account_id = ?", Value::Integer(v), &mut args);
    }
    if let Some(v) = q.published_after {
        push("l.published_at > ?", Value::Integer(v), &mut args);
    }
    if let Some(shop) = q.shop {
        push("l.shop = ?", Value::Integer(shop.into()), &mut args);
    }
    for (on, cond) in [
        (q.with_photos, "l.photos > 0"),
        (q.delivery, "l.delivery = 1"),
        (q.urgent, "l.urgent = 1"),
        (q.hotdeal, "l.hotdeal = 1"),
        (q.verified, "l.verified = 1"),
    ] {
        if on {
            conds.push(cond.to_string());
        }
    }
    (conds, args)
}

/// The SQL order of a page read past the scanned matches. Relevance reaches it only without a
/// keyword (a keyword's relevance pages come from the scanned, ranked matches and then by list
/// id), where it means newest.
fn order_by(sort: SearchSort) -> &'static str {
    match sort {
        SearchSort::Relevance | SearchSort::Newest => "ORDER BY l.rank_time DESC, l.list_id DESC",
        SearchSort::PriceAsc => "ORDER BY l.price IS NULL, l.price ASC, l.rank_time DESC, l.list_id DESC",
        SearchSort::PriceDesc => "ORDER BY l.price IS NULL, l.price DESC, l.rank_time DESC, l.list_id DESC",
    }
}

/// One matching row as the single scan reads it: enough to count, facet, sort and pick the
/// premium slots without touching the match again.
struct Hit {
    list_id: i64,
    category_id: u32,
    city_id: u32,
    score: f64,
    rank_time: i64,
    price: Option<i64>,
    premium_from: i64,
    premium_until: i64,
}

/// The matches, up to `COUNT_CAP`, in one pass over the match (the FTS5 MATCH and the relevance
/// are evaluated once). `rank` (relevance sort only) is the number of word phrases of the match
/// and the keyword's words' document counts, for `souk_rank`. A keyword match is read newest listed first (FTS5 walks its doclists backwards),
/// so that when it is capped the matches read are the most recent ones; a listing range is read
/// in its index order (rank time).
fn scan(
    c: &Connection,
    from_where: &str,
    args: &[Value],
    keyword: bool,
    rank: Option<(usize, &[f64])>,
) -> Result<Vec<Hit>, StoreError> {
    let mut args = args.to_vec();
    let score = match rank {
        Some((word_phrases, weights)) => {
            let first = args.len() + 1;
            args.push(Value::Integer(word_phrases as i64));
            args.extend(weights.iter().map(|w| Value::Real(*w)));
            let params: Vec<String> = (first..=first + weights.len()).map(|i| format!("?{i}")).collect();
            format!("{RANK_FUNCTION}(search_fts, l.words, {})", params.join(", "))
        }
        None => "0.0".to_string(),
    };
    let order = if keyword { "ORDER BY search_fts.rowid DESC" } else { "" };
    let mut st = c.prepare_cached(&format!(
        "SELECT l.list_id, l.category_id, l.city_id, {score}, l.rank_time, l.price, l.premium_from, l.premium_until
         {from_where} {order} LIMIT {COUNT_CAP}"
    ))?;
    let rows = st.query_map(params_from_iter(args.iter()), |r| {
        Ok(Hit {
            list_id: r.get(0)?,
            category_id: r.get(1)?,
            city_id: r.get(2)?,
            score: r.get(3)?,
            rank_time: r.get(4)?,
            price: r.get(5)?,
            premium_from: r.get(6)?,
            premium_until: r.get(7)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// How long a word's document count is trusted: it moves slowly (a common word stays common),
/// and reading it walks the word's whole posting list.
const WORD_COUNT_TTL: std::time::Duration = std::time::Duration::from_secs(600);
/// The most words whose document counts are kept (a few MB at most).
const WORD_COUNT_KEPT: usize = 20_000;

/// Document counts of words in `body` ((database, word) -> (count, when read)), shared by the
/// readers.
static WORD_COUNTS: std::sync::Mutex<BTreeMap<String, (u64, std::time::Instant)>> =
    std::sync::Mutex::new(BTreeMap::new());

/// How many ads hold each word of a keyword in `body`, for `souk_rank`'s weights. A single word
/// needs none (every match holds it: its weight would not change the order), so the common case
/// reads nothing; counts are kept `WORD_COUNT_TTL`.
fn word_counts(c: &Connection, words: &[String]) -> Result<Vec<f64>, StoreError> {
    if words.len() < 2 {
        return Ok(vec![0.0; words.len()]);
    }
    let mut weights = Vec::with_capacity(words.len());
    for word in words {
        // Kept by database and word: processes with several stores (tests) keep them apart.
        let key = format!("{}\u{0}{word}", c.path().unwrap_or_default());
        let kept = {
            let counts = WORD_COUNTS.lock().unwrap_or_else(|p| p.into_inner());
            counts.get(&key).filter(|(_, at)| at.elapsed() < WORD_COUNT_TTL).map(|(n, _)| *n)
        };
        let n = match kept {
            Some(n) => n,
            None => {
                let n: i64 = c
                    .prepare_cached(
                        "SELECT coalesce(sum(doc), 0) FROM search_fts_words WHERE term = ?1 AND col = 'body'",
                    )?
                    .query_row([word], |r| r.get(0))?;
                let n = n.max(0) as u64;
                let mut counts = WORD_COUNTS.lock().unwrap_or_else(|p| p.into_inner());
                if counts.len() >= WORD_COUNT_KEPT {
                    counts.retain(|_, (_, at)| at.elapsed() < WORD_COUNT_TTL);
                    if counts.len() >= WORD_COUNT_KEPT {
                        counts.clear();
                    }
                }
                counts.insert(key, (n, std::time::Instant::now()));
                n
            }
        };
        weights.push(n as f64);
    }
    Ok(weights)
}

/// A word held by this many ads is spelt as people spell it: `words_near` looks no further.
pub const COMMON_WORD_ADS: i64 = 3;

/// A word of the keyword in the ad's category counts this much in the relevance order: a query
/// naming a category ("voiture", "tomobil", "peugeot") puts that category's ads first.
pub const CATEGORY_MATCH: u32 = 3;
/// A word of the keyword in the ad's title counts this much (in its description: nothing more).
pub const TITLE_MATCH: u32 = 2;

/// The relevance order of keyword matches (issue 32): for each word of the keyword, the ad scores
/// `CATEGORY_MATCH` when it is in a category the word names (the vocabulary's canonical words and
/// brands, `souk_domain::search_text`), plus `TITLE_MATCH` when the word is in its title; ads
/// with more come first, then by BM25 (`souk_rank`), then newest. A title match alone loses to a
/// category match of the same word ("appartement": apartments before "vélo d'appartement"), but
/// two title matches beat one category match ("siège voiture" puts car seats before cars).
/// Rewrites each hit's `score` (lower is better).
fn relevance_scores(hits: &mut [Hit], words: &[String]) {
    let voc = souk_domain::search_text::vocabulary();
    let named: Vec<&[CategoryId]> = words.iter().map(|w| voc.categories_named(w)).collect();
    for h in hits {
        let raw = -h.score;
        let mask = (raw / TITLE_MASK_SCALE).floor().max(0.0);
        let bm25 = raw - mask * TITLE_MASK_SCALE;
        let mask = mask as u64;
        let mut tier = 0u32;
        for (i, cats) in named.iter().enumerate() {
            if cats.contains(&h.category_id) {
                tier += CATEGORY_MATCH;
            }
            if mask & (1 << i) != 0 {
                tier += TITLE_MATCH;
            }
        }
        h.score = -(f64::from(tier) * 1_000.0 + bm25);
    }
}

/// Counts per key, largest first, then by key (the facets).
fn facet(hits: &[Hit], key: impl Fn(&Hit) -> u32) -> Vec<(u32, u64)> {
    let mut counts: BTreeMap<u32, u64> = BTreeMap::new();
    for h in hits {
        *counts.entry(key(h)).or_default() += 1;
    }
    let mut out: Vec<(u32, u64)> = counts.into_iter().collect();
    out.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    out
}

/// The same order as `order_by`, on scanned rows.
fn hit_order(sort: SearchSort, keyword: bool) -> impl Fn(&Hit, &Hit) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let newest = |a: &Hit, b: &Hit| b.rank_time.cmp(&a.rank_time).then(b.list_id.cmp(&a.list_id));
    let price = |a: &Hit, b: &Hit, desc: bool| match (a.price, b.price) {
        (None, None) => Ordering::Equal,
        (None, Some(_)) => Ordering::Greater,
        (Some(_), None) => Ordering::Less,
        (Some(x), Some(y)) if desc => y.cmp(&x),
        (Some(x), Some(y)) => x.cmp(&y),
    };
    move |a: &Hit, b: &Hit| match sort {
        SearchSort::Relevance if keyword => a.score.total_cmp(&b.score).then_with(|| newest(a, b)),
        SearchSort::Relevance | SearchSort::Newest => newest(a, b),
        SearchSort::PriceAsc => price(a, b, false).then_with(|| newest(a, b)),
        SearchSort::PriceDesc => price(a, b, true).then_with(|| newest(a, b)),
    }
}

/// The first `count` scanned rows in the page order, sorted; the rest in no order. Only the
/// page and what precedes it are sorted (a page is 12 of up to `COUNT_CAP` rows).
fn sort_first(hits: &mut [Hit], count: usize, sort: SearchSort, keyword: bool) {
    let order = hit_order(sort, keyword);
    if count < hits.len() {
        hits.select_nth_unstable_by(count, &order);
    }
    let count = count.min(hits.len());
    hits[..count].sort_by(&order);
}

fn load_by_list_ids(c: &Connection, ids: &[i64]) -> Result<Vec<StoredAd>, StoreError> {
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        out.extend(query_ads(c, &format!("SELECT {COLUMNS} FROM ads WHERE list_id = ?1"), [id])?);
    }
    Ok(out)
}

fn list_ids(c: &Connection, sql: &str, args: &[Value]) -> Result<Vec<i64>, StoreError> {
    let mut st = c.prepare_cached(sql)?;
    let rows = st.query_map(params_from_iter(args.iter()), |r| r.get::<_, i64>(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

#[async_trait]
impl SearchStore for SqliteStore {
    fn listing_generation(&self) -> u64 {
        self.listing_changes()
    }

    async fn analyze_listing(&self) -> Result<(), StoreError> {
        self.write(|c| {
            // After a bulk load the FTS index is many segments (each batch wrote its own): merged
            // into one, a word's posting list is read from one place (a keyword search at
            // 1,000,000 ads: p99 52 -> 43 ms at 50 connections; 6 s of work once).
            c.execute_batch(
                "ANALYZE search_listing; ANALYZE ads; PRAGMA optimize;
                 INSERT INTO search_fts (search_fts) VALUES ('optimize');",
            )?;
            Ok(())
        })
        .await
    }

    async fn search_listing(&self, q: ListingQuery, p: PageRequest) -> Result<ListingPage, StoreError> {
        self.read(move |c| {
            let m = keyword_match(c, &q)?;
            let (from_where, args) = where_clause(&q, m.as_ref());
            let keyword = m.is_some();
            // One scan reads every match (up to the cap) once: the count, both facets and,
            // when the whole match fits under the cap, the page order and the premium ads too.
            let rank = match &m {
                Some(m) if p.sort == SearchSort::Relevance => Some((m.word_phrases, word_counts(c, &q.keyword)?)),
                _ => None,
            };
            let relevance = rank.is_some();
            let mut hits = scan(c, &from_where, &args, keyword, rank.as_ref().map(|(n, w)| (*n, w.as_slice())))?;
            if relevance {
                relevance_scores(&mut hits, &q.keyword);
            }
            let total = hits.len() as u64;
            let complete = total < COUNT_CAP;
            let (by_category, by_city) = if p.with_facets {
                (facet(&hits, |h| h.category_id), facet(&hits, |h| h.city_id))
            } else {
                (Vec::new(), Vec::new())
            };
            // Relevance over a capped match ranks the `COUNT_CAP` most recent matches (the ones
            // scanned: ranking every match of a common word cost more than the rest of the
            // search); the older matches follow, newest listed first (docs/search.md).
            let ranked_page = relevance && (p.offset as usize) < hits.len();
            let page_ids: Vec<i64> = if complete || ranked_page {
                let from = (p.offset.min(usize::MAX as u64) as usize).min(hits.len());
                sort_first(&mut hits, from.saturating_add(p.limit as usize), p.sort, keyword);
                hits[from..].iter().take(p.limit as usize).map(|h| h.list_id).collect()
            } else if relevance {
                let oldest_ranked = hits.iter().map(|h| h.list_id).min().unwrap_or(i64::MAX);
                // The scan's own FROM and WHERE (a keyword's always ends with a WHERE), past the
                // oldest ranked match.
                let mut page_args = args.clone();
                page_args.push(Value::Integer(oldest_ranked));
                let n = page_args.len();
                let page_sql = format!(
                    "SELECT l.list_id {from_where} AND search_fts.rowid < ?{n} ORDER BY search_fts.rowid DESC LIMIT ?{} OFFSET ?{}",
                    n + 1,
                    n + 2
                );
                page_args.push(Value::Integer(p.limit.into()));
                page_args.push(Value::Integer((p.offset - hits.len() as u64).min(i64::MAX as u64) as i64));
                list_ids(c, &page_sql, &page_args)?
            } else {
                let order = order_by(p.sort);
                let n = args.len();
                let page_sql = format!("SELECT l.list_id {from_where} {order} LIMIT ?{} OFFSET ?{}", n + 1, n + 2);
                let mut page_args = args.clone();
                page_args.push(Value::Integer(p.limit.into()));
                page_args.push(Value::Integer(p.offset.min(i64::MAX as u64) as i64));
                list_ids(c, &page_sql, &page_args)?
            };
            let ads = load_by_list_ids(c, &page_ids)?;
            // Premium slots: the matching ads with a gallery or special pack live now, rotated by page.
            let mut premium = Vec::new();
            if p.premium_slots > 0 {
                let ids: Vec<i64> = if complete {
                    let mut live: Vec<&Hit> =
                        hits.iter().filter(|h| h.premium_until > p.now && h.premium_from <= p.now).collect();
                    live.sort_by(|a, b| b.rank_time.cmp(&a.rank_time).then(b.list_id.cmp(&a.list_id)));
                    live.iter().take(200).map(|h| h.list_id).collect()
                } else {
                    let (premium_from_where, premium_args) = premium_where_clause(&q, m.as_ref(), p.now);
                    list_ids(
                        c,
                        &format!(
                            "SELECT l.list_id {premium_from_where} ORDER BY l.rank_time DESC, l.list_id DESC LIMIT 200"
                        ),
                        &premium_args,
                    )?
                };
                if let Some((start, slots)) = souk_domain::search::premium_window(p.page, ids.len() as u64) {
                    let chosen: Vec<i64> = (0..slots).map(|i| ids[((start + i) % ids.len() as u64) as usize]).collect();
                    premium = load_by_list_ids(c, &chosen)?;
                }
            }
            Ok(ListingPage { ads, premium, total, total_capped: total >= COUNT_CAP, by_category, by_city })
        })
        .await
    }

    async fn sitemap_ads(&self, offset: u64, limit: u32) -> Result<Vec<SitemapAd>, StoreError> {
        self.read(move |c| {
            let mut st = c.prepare_cached(
                "SELECT l.list_id, l.city_id, l.category_id, a.title, l.rank_time FROM search_listing l
                 JOIN ads a ON a.list_id = l.list_id ORDER BY l.list_id LIMIT ?1 OFFSET ?2",
            )?;
            let rows = st.query_map(params![limit, offset.min(i64::MAX as u64) as i64], |r| {
                Ok(SitemapAd {
                    list_id: r.get(0)?,
                    city_id: r.get(1)?,
                    category_id: r.get(2)?,
                    title: r.get(3)?,
                    rank_time: r.get(4)?,
                })
            })?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await
    }

    async fn brand_model_counts(
        &self,
        category_id: CategoryId,
        limit: u32,
    ) -> Result<Vec<BrandModelCount>, StoreError> {
        self.read(move |c| {
            let mut st = c.prepare_cached(
                "SELECT brand, model, count(*) AS n FROM search_listing
                 WHERE category_id = ?1 AND brand IS NOT NULL AND brand <> ''
                 GROUP BY brand, model ORDER BY n DESC, brand, model LIMIT ?2",
            )?;
            let rows = st.query_map(params![category_id, limit], |r| {
                Ok(BrandModelCount {
                    brand: r.get(0)?,
                    model: r.get::<_, Option<String>>(1)?.filter(|m| !m.is_empty()),
                    count: r.get::<_, i64>(2)? as u64,
                })
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await
    }

    async fn words_near(&self, word: String, max_distance: usize) -> Result<Vec<(String, u64)>, StoreError> {
        self.read(move |c| {
            // A word held by a few ads already is its own spelling: one lookup of the vocabulary,
            // no range read. A rarer one (a misspelling some ads share) is compared too.
            let held: i64 = c
                .prepare_cached("SELECT coalesce(sum(doc), 0) FROM search_fts_words WHERE term = ?1 AND col = 'body'")?
                .query_row([&word], |r| r.get(0))?;
            if held >= COMMON_WORD_ADS {
                return Ok(vec![(word, held as u64)]);
            }
            let chars: Vec<char> = word.chars().collect();
            if chars.len() < 2 || !chars[0].is_alphabetic() || !chars[1].is_alphabetic() {
                return Ok(Vec::new());
            }
            // The terms starting with the word's first two letters, or those two swapped: a read of
            // the FTS vocabulary (which walks each term's posting list) bounded to a small range,
            // never the whole index; scope and cell tokens (a letter then a digit) are outside it.
            let mut prefixes = vec![format!("{}{}", chars[0], chars[1])];
            if chars[0] != chars[1] {
                prefixes.push(format!("{}{}", chars[1], chars[0]));
            }
            let len = chars.len();
            let mut st = c.prepare_cached(
                "SELECT term, doc FROM search_fts_words WHERE term >= ?1 AND term < ?2 AND col = 'body' LIMIT 20000",
            )?;
            let mut out: Vec<(String, u64)> = Vec::new();
            for prefix in prefixes {
                let mut p: Vec<char> = prefix.chars().collect();
                let Some(next) = char::from_u32(p[1] as u32 + 1) else { continue };
                p[1] = next;
                let hi: String = p.into_iter().collect();
                let rows = st.query_map(params![prefix, hi], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)))?;
                for row in rows {
                    let (term, doc) = row?;
                    if term.chars().count().abs_diff(len) <= max_distance
                        && souk_domain::search_text::edit_distance(&term, &word, max_distance) <= max_distance
                    {
                        out.push((term, doc.max(0) as u64));
                    }
                }
            }
            out.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
            Ok(out)
        })
        .await
    }

    async fn active_count(&self) -> Result<u64, StoreError> {
        self.read(|c| {
            let n: i64 = c.query_row("SELECT count(*) FROM search_listing", [], |r| r.get(0))?;
            Ok(n.max(0) as u64)
        })
        .await
    }

    async fn shops(&self, q: ShopQuery) -> Result<(Vec<i64>, u64), StoreError> {
        self.read(move |c| {
            // Stores are few (thousands): one scan with the filters, folded names compared in Rust.
            let mut st = c.prepare_cached(
                "SELECT store_id, name FROM stores WHERE (?1 IS NULL OR city_id = ?1) AND (?2 IS NULL OR category_id = ?2)
                   AND (?3 IS NULL OR EXISTS (SELECT 1 FROM search_listing l INDEXED BY listing_by_owner
                                              WHERE l.account_id = stores.account_id AND l.ad_type = ?3))
                 ORDER BY name, store_id",
            )?;
            let rows = st.query_map(params![q.city_id, q.category_id, q.ad_type], |r| {
                Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?))
            })?;
            let words: Vec<String> = q.keyword.as_deref().map(souk_domain::search::folded_words).unwrap_or_default();
            let mut ids = Vec::new();
            for row in rows {
                let (id, name) = row?;
                let folded = souk_domain::text::fold(&name);
                if words.iter().all(|w| folded.contains(w.as_str())) {
                    ids.push(id);
                }
            }
            let total = ids.len() as u64;
            let page = ids.into_iter().skip(q.offset.min(usize::MAX as u64) as usize).take(q.limit as usize).collect();
            Ok((page, total))
        })
        .await
    }

    async fn index_bytes(&self) -> Result<Option<u64>, StoreError> {
        self.read(|c| {
            let n: Option<i64> = c
                .query_row(
                    "SELECT sum(pgsize) FROM dbstat WHERE name LIKE 'search_%' OR name LIKE 'listing_%'",
                    [],
                    |r| r.get(0),
                )
                .optional()
                .ok()
                .flatten()
                .flatten();
            Ok(n.map(|v| v.max(0) as u64))
        })
        .await
    }
}

/// A saved search of an account.
#[derive(Debug, Clone, PartialEq)]
pub struct SavedSearch {
    pub search_id: i64,
    pub account_id: i64,
    pub name: String,
    /// The filters as JSON (`souk_domain::search::SearchFilters`).
    pub filters: String,
    pub created_at: i64,
    /// Ads published up to this time have been matched for alerts.
    pub checked_at: i64,
    /// New matches are announced (live, then the daily digest); off, they are not looked for.
    pub alerts: bool,
}

/// A match waiting for its digest.
#[derive(Debug, Clone, PartialEq)]
pub struct PendingAlert {
    pub search_id: i64,
    pub search_name: String,
    pub list_id: i64,
    pub created_at: i64,
}

#[async_trait]
pub trait SavedSearchStore: Send + Sync + 'static {
    /// Saves a search unless the account already has one with `key`, or already has `max`:
    /// `Ok((true, it))` saved, `Ok((false, the existing one))` already saved, `Err(Conflict)` full.
    async fn save_search(
        &self,
        account_id: i64,
        key: String,
        name: String,
        filters: String,
        now: i64,
        max: usize,
    ) -> Result<(bool, SavedSearch), StoreError>;
    /// One account's saved searches, newest first.
    async fn saved_searches(&self, account_id: i64) -> Result<Vec<SavedSearch>, StoreError>;
    async fn delete_saved_search(&self, account_id: i64, search_id: i64) -> Result<bool, StoreError>;
    /// Turns the alerts of one of the account's saved searches on or off; None when it has no
    /// such search. Off forgets the matches not sent yet; on starts matching from `now`.
    async fn set_saved_search_alerts(
        &self,
        account_id: i64,
        search_id: i64,
        on: bool,
        now: i64,
    ) -> Result<Option<SavedSearch>, StoreError>;
    /// Every saved search after `after_id`, by id (the alert matcher walks them all).
    async fn saved_searches_after(&self, after_id: i64, limit: u32) -> Result<Vec<SavedSearch>, StoreError>;
    /// Records matches for a search and moves its checked time; answers the list ids that were
    /// new (a match recorded before is not new again).
    async fn record_alerts(
        &self,
        search: &SavedSearch,
        list_ids: Vec<i64>,
        checked_at: i64,
    ) -> Result<Vec<i64>, StoreError>;
    /// Accounts with unsent matches (up to `limit`).
    async fn accounts_with_alerts(&self, limit: u32) -> Result<Vec<i64>, StoreError>;
    /// One account's unsent matches, oldest first.
    async fn pending_alerts(&self, account_id: i64) -> Result<Vec<PendingAlert>, StoreError>;
    /// Marks an account's matches up to `until` as sent.
    async fn mark_alerts_sent(&self, account_id: i64, until: i64, now: i64) -> Result<(), StoreError>;
    /// Marks some matches of one search sent (they went out live), so the digest leaves them out.
    async fn mark_search_alerts_sent(
        &self,
        account_id: i64,
        search_id: i64,
        list_ids: Vec<i64>,
        now: i64,
    ) -> Result<(), StoreError>;
}

fn saved_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<SavedSearch> {
    Ok(SavedSearch {
        search_id: r.get(0)?,
        account_id: r.get(1)?,
        name: r.get(2)?,
        filters: r.get(3)?,
        created_at: r.get(4)?,
        checked_at: r.get(5)?,
        alerts: r.get(6)?,
    })
}

const SAVED_COLUMNS: &str = "search_id, account_id, name, filters, created_at, checked_at, alerts";

#[async_trait]
impl SavedSearchStore for SqliteStore {
    async fn save_search(
        &self,
        account_id: i64,
        key: String,
        name: String,
        filters: String,
        now: i64,
        max: usize,
    ) -> Result<(bool, SavedSearch), StoreError> {
        self.write(move |c| {
            let existing = c
                .query_row(
                    &format!("SELECT {SAVED_COLUMNS} FROM saved_searches WHERE account_id = ?1 AND filters_key = ?2"),
                    params![account_id, key],
                    saved_row,
                )
                .optional()?;
            if let Some(found) = existing {
                return Ok((false, found));
            }
            let n: i64 =
                c.query_row("SELECT count(*) FROM saved_searches WHERE account_id = ?1", [account_id], |r| r.get(0))?;
            if n as usize >= max {
                return Err(StoreError::Conflict(format!("{n} saved searches")));
            }
            c.execute(
                "INSERT INTO saved_searches (account_id, name, filters, filters_key, created_at, checked_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?5)",
                params![account_id, name, filters, key, now],
            )?;
            let id = c.last_insert_rowid();
            let saved = c.query_row(
                &format!("SELECT {SAVED_COLUMNS} FROM saved_searches WHERE search_id = ?1"),
                [id],
                saved_row,
            )?;
            Ok((true, saved))
        })
        .await
    }

    async fn saved_searches(&self, account_id: i64) -> Result<Vec<SavedSearch>, StoreError> {
        self.read(move |c| {
            let mut st = c.prepare_cached(&format!(
                "SELECT {SAVED_COLUMNS} FROM saved_searches WHERE account_id = ?1 ORDER BY search_id DESC"
            ))?;
            Ok(st.query_map([account_id], saved_row)?.collect::<Result<_, _>>()?)
        })
        .await
    }

    async fn delete_saved_search(&self, account_id: i64, search_id: i64) -> Result<bool, StoreError> {
        self.write(move |c| {
            let n = c.execute(
                "DELETE FROM saved_searches WHERE account_id = ?1 AND search_id = ?2",
                params![account_id, search_id],
            )?;
            c.execute(
                "DELETE FROM search_alerts WHERE account_id = ?1 AND search_id = ?2",
                params![account_id, search_id],
            )?;
            Ok(n == 1)
        })
        .await
    }

    async fn set_saved_search_alerts(
        &self,
        account_id: i64,
        search_id: i64,
        on: bool,
        now: i64,
    ) -> Result<Option<SavedSearch>, StoreError> {
        self.write(move |c| {
            let changed = if on {
                c.execute(
                    "UPDATE saved_searches SET checked_at = CASE WHEN alerts THEN checked_at ELSE ?3 END, alerts = 1
                     WHERE account_id = ?1 AND search_id = ?2",
                    params![account_id, search_id, now],
                )?
            } else {
                c.execute(
                    "DELETE FROM search_alerts WHERE account_id = ?1 AND search_id = ?2 AND sent_at IS NULL",
                    params![account_id, search_id],
                )?;
                c.execute(
                    "UPDATE saved_searches SET alerts = 0 WHERE account_id = ?1 AND search_id = ?2",
                    params![account_id, search_id],
                )?
            };
            if changed == 0 {
                return Ok(None);
            }
            Ok(c.query_row(
                &format!("SELECT {SAVED_COLUMNS} FROM saved_searches WHERE account_id = ?1 AND search_id = ?2"),
                params![account_id, search_id],
                saved_row,
            )
            .optional()?)
        })
        .await
    }

    async fn saved_searches_after(&self, after_id: i64, limit: u32) -> Result<Vec<SavedSearch>, StoreError> {
        self.read(move |c| {
            let mut st = c.prepare_cached(&format!(
                "SELECT {SAVED_COLUMNS} FROM saved_searches WHERE search_id > ?1 ORDER BY search_id LIMIT ?2"
            ))?;
            Ok(st.query_map(params![after_id, limit], saved_row)?.collect::<Result<_, _>>()?)
        })
        .await
    }

    async fn record_alerts(
        &self,
        search: &SavedSearch,
        list_ids: Vec<i64>,
        checked_at: i64,
    ) -> Result<Vec<i64>, StoreError> {
        let (account_id, search_id) = (search.account_id, search.search_id);
        self.write(move |c| {
            let mut added = Vec::new();
            for id in &list_ids {
                let inserted = c.execute(
                    "INSERT OR IGNORE INTO search_alerts (account_id, search_id, list_id, created_at)
                     VALUES (?1, ?2, ?3, ?4)",
                    params![account_id, search_id, id, checked_at],
                )?;
                if inserted > 0 {
                    added.push(*id);
                }
            }
            c.execute(
                "UPDATE saved_searches SET checked_at = max(checked_at, ?2) WHERE search_id = ?1",
                params![search_id, checked_at],
            )?;
            Ok(added)
        })
        .await
    }

    async fn accounts_with_alerts(&self, limit: u32) -> Result<Vec<i64>, StoreError> {
        self.read(move |c| {
            let mut st = c.prepare_cached(
                "SELECT DISTINCT account_id FROM search_alerts WHERE sent_at IS NULL ORDER BY account_id LIMIT ?1",
            )?;
            Ok(st.query_map([limit], |r| r.get(0))?.collect::<Result<_, _>>()?)
        })
        .await
    }

    async fn pending_alerts(&self, account_id: i64) -> Result<Vec<PendingAlert>, StoreError> {
        self.read(move |c| {
            let mut st = c.prepare_cached(
                "SELECT a.search_id, s.name, a.list_id, a.created_at FROM search_alerts a
                 JOIN saved_searches s ON s.search_id = a.search_id
                 WHERE a.account_id = ?1 AND a.sent_at IS NULL ORDER BY a.created_at, a.list_id",
            )?;
            let rows = st.query_map([account_id], |r| {
                Ok(PendingAlert {
                    search_id: r.get(0)?,
                    search_name: r.get(1)?,
                    list_id: r.get(2)?,
                    created_at: r.get(3)?,
                })
            })?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await
    }

    async fn mark_alerts_sent(&self, account_id: i64, until: i64, now: i64) -> Result<(), StoreError> {
        self.write(move |c| {
            c.execute(
                "UPDATE search_alerts SET sent_at = ?3 WHERE account_id = ?1 AND sent_at IS NULL AND created_at <= ?2",
                params![account_id, until, now],
            )?;
            Ok(())
        })
        .await
    }

    async fn mark_search_alerts_sent(
        &self,
        account_id: i64,
        search_id: i64,
        list_ids: Vec<i64>,
        now: i64,
    ) -> Result<(), StoreError> {
        self.write(move |c| {
            let mut st = c.prepare_cached(
                "UPDATE search_alerts SET sent_at = ?4
                 WHERE account_id = ?1 AND search_id = ?2 AND list_id = ?3 AND sent_at IS NULL",
            )?;
            for id in list_ids {
                st.execute(params![account_id, search_id, id, now])?;
            }
            Ok(())
        })
        .await
    }
}

#[cfg(test)]
mod generation {
    use super::*;

    /// The listing generation moves once the change is committed, not while the transaction
    /// that changed the index is still open: a page read in that window (the old rows) would
    /// otherwise be cached under the new generation and served as fresh.
    #[tokio::test]
    async fn the_listing_generation_moves_after_the_commit_not_before() {
        let dir = std::env::temp_dir().join(format!("souk-listing-generation-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("dir");
        let store = SqliteStore::open(dir.join("souk.db"), 1).expect("store");
        let before = store.listing_generation();
        let inside = store.clone();
        let during = store
            .write(move |c| {
                c.execute(
                    "INSERT INTO accounts (account_id, uuid, account_type, name, city_id, password_hash, registered_at)
                     VALUES (1, 'u-1', 'private', 'Salma', 1, 'x', 0)",
                    [],
                )?;
                c.execute(
                    "INSERT INTO ads (ad_id, list_id, account_id, category_id, ad_type, title, description, city_id,
                                      params, status, urgent, delivery, phone_hidden, images, published_at,
                                      modified_at, rank_time)
                     VALUES ('gen-1', 1, 1, 2010, 'sell', 'Dacia Logan 2019', 'Très bon état', 1, '{}', 'active',
                             0, 0, 0, '[]', 0, 0, 0)",
                    [],
                )?;
                sync_ad(c, "gen-1", true)?;
                // Still inside the transaction: nothing is committed yet.
                Ok(inside.listing_generation())
            })
            .await
            .expect("write");
        assert_eq!(during, before, "the generation must not move before the commit");
        assert_eq!(store.listing_generation(), before + 1, "it moves once the change is committed");
        // A write that does not touch the listing leaves it.
        store.write(|c| Ok(c.execute("UPDATE ads SET title = title WHERE ad_id = 'none'", [])?)).await.expect("write");
        assert_eq!(store.listing_generation(), before + 1);
        store.shutdown().await;
        let _ = std::fs::remove_dir_all(&dir);
    }
}
