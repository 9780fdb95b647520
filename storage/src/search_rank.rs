//! `souk_rank`, the relevance of a keyword match: an FTS5 auxiliary function registered on every
//! SQLite connection. It is Okapi BM25 over the `body` column (the ad's words) with the weight of
//! each word given by the caller, so that, unlike FTS5's own `bm25`, it never counts the documents
//! of every phrase of the query: the place and category tokens of the `scope` column are in a
//! tenth of the index each, and counting them was most of a keyword search's time at 1,000,000
//! ads (docs/benchmarks.md). The words' document counts come from `search::word_counts`, which
//! keeps them for a while; their weights are `souk_domain::search::word_weight`.
//!
//! `souk_rank(search_fts, length, phrases, n0, n1, ...)`: `length` is the row's body length in
//! tokens (kept in `search_listing.words`, the row the query joins, so no per-row read of FTS5's
//! document sizes); the first `phrases` phrases of the MATCH
//! expression are the keyword's words, phrase `p` being word `p % words` (the words repeat once
//! per group of an OR, see `search::keyword_match`), word `i` held by `ni` ads; the phrases after
//! them are scope tokens and weigh nothing. A phrase's occurrences are counted in whichever column
//! it matched (`body`, or `cell` whose tokens repeat the body's words).
//! Lower is better, as with `bm25`.
//!
//! The row's `length` argument is `search_listing.words`, which packs the title's word count
//! above the body's length (`search::packed_words`): a phrase occurrence among the body's first
//! words (or the first cell tokens, three per body word) is a title match. The answer is
//! `-(title_mask * TITLE_MASK_SCALE + bm25)`, bit `i` of `title_mask` set when word `i` is in the
//! title; `search::relevance_order` turns it, with the hit's category, into the order (issue 32).

use crate::error::StoreError;
use rusqlite::Connection;
use rusqlite::ffi;
use souk_domain::search::{BM25_B as B, BM25_K1 as K1, MAX_KEYWORD_WORDS, word_weight};
use std::ffi::c_int;
use std::ptr;

/// Bits of `search_listing.words` holding the body's length; the title's word count is above
/// them (`search::packed_words` writes them, the rank function reads them).
pub(crate) const BODY_WORDS_BITS: u32 = 20;

/// What the title mask is multiplied by in `souk_rank`'s answer: above any BM25 sum (at most ten
/// words of weight below 15 each, times `K1 + 1`).
pub(crate) const TITLE_MASK_SCALE: f64 = 10_000.0;

/// The name the SQL calls it by.
pub(crate) const RANK_FUNCTION: &str = "souk_rank";

/// Registers `souk_rank` on `conn` (each connection has its own functions).
pub(crate) fn register(conn: &Connection) -> Result<(), StoreError> {
    let api = fts5_api(conn)?;
    // SAFETY: `api` is the live FTS5 API of this connection's database handle (checked not null
    // by `fts5_api`); the function pointer and its name outlive the connection (static).
    let rc = unsafe {
        let create =
            (*api).xCreateFunction.ok_or_else(|| StoreError::Corrupt("FTS5 cannot register functions".into()))?;
        create(api, c"souk_rank".as_ptr(), ptr::null_mut(), Some(souk_rank), None)
    };
    if rc != ffi::SQLITE_OK {
        return Err(StoreError::Corrupt(format!("registering {RANK_FUNCTION} failed: code {rc}")));
    }
    Ok(())
}

/// The connection's `fts5_api`, as SQLite documents getting it: `SELECT fts5(?1)` with a pointer
/// bound to the parameter under the type "fts5_api_ptr".
fn fts5_api(conn: &Connection) -> Result<*mut ffi::fts5_api, StoreError> {
    let mut api: *mut ffi::fts5_api = ptr::null_mut();
    // SAFETY: the statement is prepared, bound, stepped and finalised on this connection's own
    // handle, on this thread; `api` outlives the statement, which writes it during the step.
    let rc = unsafe {
        let db = conn.handle();
        let mut stmt: *mut ffi::sqlite3_stmt = ptr::null_mut();
        let rc = ffi::sqlite3_prepare_v2(db, c"SELECT fts5(?1)".as_ptr(), -1, &mut stmt, ptr::null_mut());
        if rc != ffi::SQLITE_OK {
            return Err(StoreError::Corrupt(format!("FTS5 is not available: code {rc}")));
        }
        ffi::sqlite3_bind_pointer(stmt, 1, (&raw mut api).cast(), c"fts5_api_ptr".as_ptr(), None);
        ffi::sqlite3_step(stmt);
        ffi::sqlite3_finalize(stmt)
    };
    if rc != ffi::SQLITE_OK || api.is_null() {
        return Err(StoreError::Corrupt(format!("FTS5 API not found: code {rc}")));
    }
    Ok(api)
}

/// The FTS5 entry point: answers the score, or the error code of an FTS5 call that failed.
unsafe extern "C" fn souk_rank(
    api: *const ffi::Fts5ExtensionApi,
    fts: *mut ffi::Fts5Context,
    ctx: *mut ffi::sqlite3_context,
    n_val: c_int,
    vals: *mut *mut ffi::sqlite3_value,
) {
    // SAFETY: FTS5 calls this with its own API table, the current row's context and `n_val`
    // argument values, all valid for the duration of the call.
    unsafe {
        match score(&*api, fts, n_val, vals) {
            Ok(s) => ffi::sqlite3_result_double(ctx, s),
            Err(rc) => ffi::sqlite3_result_error_code(ctx, rc),
        }
    }
}

/// What a query's rows share, worked out at its first row and kept by FTS5 (auxiliary data) for
/// the others: the words' weights and the body's average length.
struct Query {
    weights: [f64; MAX_KEYWORD_WORDS],
    words: usize,
    phrases: c_int,
    average: f64,
}

unsafe extern "C" fn drop_query(p: *mut std::ffi::c_void) {
    // SAFETY: `p` is the `Box<Query>` handed to `xSetAuxdata` by `query`, given back once.
    drop(unsafe { Box::from_raw(p.cast::<Query>()) });
}

/// The query's shared values, from FTS5's auxiliary data or worked out now.
///
/// # Safety
/// `fts` and `vals` as FTS5 passes them to an auxiliary function, with `n_val >= 2`.
unsafe fn query<'a>(
    api: &ffi::Fts5ExtensionApi,
    fts: *mut ffi::Fts5Context,
    n_val: c_int,
    vals: *mut *mut ffi::sqlite3_value,
) -> Result<&'a Query, c_int> {
    let (Some(get), Some(set), Some(phrase_count), Some(row_count), Some(total_size)) =
        (api.xGetAuxdata, api.xSetAuxdata, api.xPhraseCount, api.xRowCount, api.xColumnTotalSize)
    else {
        return Err(ffi::SQLITE_ERROR);
    };
    // SAFETY: FTS5 API calls on the context it gave us; the auxiliary data is a `Query` we set,
    // alive until FTS5 calls `drop_query` at the end of the query.
    unsafe {
        let kept = get(fts, 0).cast::<Query>();
        if !kept.is_null() {
            return Ok(&*kept);
        }
        let (mut rows, mut tokens) = (0i64, 0i64);
        ok(row_count(fts, &mut rows))?;
        ok(total_size(fts, 0, &mut tokens))?;
        let mut q = Query {
            weights: [0.0; MAX_KEYWORD_WORDS],
            words: ((n_val - 2).max(0) as usize).min(MAX_KEYWORD_WORDS),
            phrases: ffi::sqlite3_value_int(*vals.add(1)).min(phrase_count(fts)).max(0),
            average: if rows > 0 && tokens > 0 { tokens as f64 / rows as f64 } else { 1.0 },
        };
        for (i, w) in q.weights.iter_mut().enumerate().take(q.words) {
            *w = word_weight(rows.max(0) as f64, ffi::sqlite3_value_double(*vals.add(i + 2)));
        }
        let raw = Box::into_raw(Box::new(q));
        let rc = set(fts, raw.cast(), Some(drop_query));
        if rc != ffi::SQLITE_OK {
            // FTS5 called `drop_query` on it already.
            return Err(rc);
        }
        Ok(&*raw)
    }
}

/// BM25 of the current row over its word phrases (see the module); `souk_rank`'s first argument
/// is the row's body length in tokens (`search_listing.words`), the second the number of word
/// phrases, then the words' document counts.
///
/// # Safety
/// `fts` and `vals` as FTS5 passes them to an auxiliary function.
unsafe fn score(
    api: &ffi::Fts5ExtensionApi,
    fts: *mut ffi::Fts5Context,
    n_val: c_int,
    vals: *mut *mut ffi::sqlite3_value,
) -> Result<f64, c_int> {
    let (Some(first), Some(next)) = (api.xPhraseFirst, api.xPhraseNext) else {
        return Err(ffi::SQLITE_ERROR);
    };
    if n_val < 3 {
        return Ok(0.0);
    }
    // SAFETY: argument values and FTS5 API calls on the context FTS5 gave us, with out-pointers
    // to locals.
    unsafe {
        let q = query(api, fts, n_val, vals)?;
        if q.words == 0 {
            return Ok(0.0);
        }
        let packed = ffi::sqlite3_value_int64(*vals);
        let len = (packed & ((1 << BODY_WORDS_BITS) - 1)) as f64;
        let title = (packed >> BODY_WORDS_BITS) as c_int;
        let norm = K1 * (1.0 - B + B * len / q.average);
        let mut sum = 0.0;
        let mut mask = 0u32;
        for i in 0..q.phrases {
            let mut iter = ffi::Fts5PhraseIter { a: ptr::null(), b: ptr::null() };
            let (mut col, mut off) = (0 as c_int, 0 as c_int);
            ok(first(fts, i, &mut iter, &mut col, &mut off))?;
            let mut tf = 0u32;
            while col >= 0 {
                tf += 1;
                // Column 0 is `body` (one token a word), column 2 `cell` (three tokens a word).
                let word_at = if col == 2 { off / 3 } else { off };
                if col != 1 && word_at < title {
                    mask |= 1 << (i as usize % q.words);
                }
                next(fts, &mut iter, &mut col, &mut off);
            }
            if tf > 0 {
                let tf = f64::from(tf);
                sum += q.weights[i as usize % q.words] * tf * (K1 + 1.0) / (tf + norm);
            }
        }
        Ok(-(f64::from(mask) * TITLE_MASK_SCALE + sum))
    }
}

fn ok(rc: c_int) -> Result<(), c_int> {
    if rc == ffi::SQLITE_OK { Ok(()) } else { Err(rc) }
}
