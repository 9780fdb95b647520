//! Car valuations (spec §3 valuation, issue 25; docs/valuation.md): one row per valuation in the
//! SQLite store (migration 28), read by its account (newest first, one by id, how many since a
//! time for the per-user limit); and the live car listings of a brand the estimate learns from,
//! read from the ads table.

use crate::error::StoreError;
use crate::sqlite::SqliteStore;
use async_trait::async_trait;
use rusqlite::{OptionalExtension, Row, Transaction, params};

/// One stored valuation: the request and the estimate, both as JSON the service writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredValuation {
    /// UUIDv7 text.
    pub valuation_id: String,
    pub account_id: i64,
    pub brand: String,
    pub model: String,
    pub year: i64,
    pub mileage: i64,
    /// The checked request (spec §3 valuation input), JSON.
    pub request: String,
    /// The estimate (spec §3 valuation output), JSON.
    pub estimate: String,
    /// The language of the request (`fr`, `ar`): the e-mail's.
    pub lang: String,
    /// Unix seconds.
    pub created_at: i64,
    /// Unix seconds: when the estimate stops being valid.
    pub expires_at: i64,
    /// How many times the estimate was e-mailed.
    pub emails_sent: u32,
}

/// A live car listing, as the estimate reads it.
#[derive(Debug, Clone, PartialEq)]
pub struct CarListing {
    pub list_id: i64,
    pub category_id: u32,
    pub brand: String,
    pub model: String,
    pub year: i64,
    pub mileage: i64,
    pub price_centimes: i64,
    pub published_at: i64,
}

#[async_trait]
pub trait ValuationStore: Send + Sync + 'static {
    async fn insert_valuation(&self, v: StoredValuation) -> Result<(), StoreError>;
    async fn find_valuation(&self, valuation_id: &str) -> Result<Option<StoredValuation>, StoreError>;
    /// One account's valuations, newest first.
    async fn account_valuations(&self, account_id: i64, limit: u32) -> Result<Vec<StoredValuation>, StoreError>;
    /// How many valuations an account made since `since` (unix seconds).
    async fn count_valuations_since(&self, account_id: i64, since: i64) -> Result<u64, StoreError>;
    /// Counts one more e-mail of a valuation.
    async fn note_valuation_email(&self, valuation_id: &str) -> Result<(), StoreError>;
    /// Active `sell` ads of `categories` whose `brand` parameter is `brand`, with a price, a
    /// `model`, a `year` and (0 when absent) a `mileage`; at most `limit`, newest first.
    async fn car_listings(&self, categories: &[u32], brand: &str, limit: u32) -> Result<Vec<CarListing>, StoreError>;
}

/// Migration 28.
pub(crate) fn migration(tx: &Transaction) -> Result<(), StoreError> {
    tx.execute_batch(
        "CREATE TABLE valuations (
            valuation_id TEXT PRIMARY KEY,
            account_id INTEGER NOT NULL,
            brand TEXT NOT NULL,
            model TEXT NOT NULL,
            year INTEGER NOT NULL,
            mileage INTEGER NOT NULL,
            request TEXT NOT NULL,
            estimate TEXT NOT NULL,
            lang TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL,
            emails_sent INTEGER NOT NULL DEFAULT 0
        ) WITHOUT ROWID;
        CREATE INDEX valuations_by_account ON valuations (account_id, created_at);",
    )?;
    Ok(())
}

const COLUMNS: &str = "valuation_id, account_id, brand, model, year, mileage, request, estimate, lang, created_at, expires_at, emails_sent";

fn row(r: &Row<'_>) -> rusqlite::Result<StoredValuation> {
    Ok(StoredValuation {
        valuation_id: r.get(0)?,
        account_id: r.get(1)?,
        brand: r.get(2)?,
        model: r.get(3)?,
        year: r.get(4)?,
        mileage: r.get(5)?,
        request: r.get(6)?,
        estimate: r.get(7)?,
        lang: r.get(8)?,
        created_at: r.get(9)?,
        expires_at: r.get(10)?,
        emails_sent: r.get(11)?,
    })
}

#[async_trait]
impl ValuationStore for SqliteStore {
    async fn insert_valuation(&self, v: StoredValuation) -> Result<(), StoreError> {
        self.write(move |conn| {
            conn.execute(
                &format!(
                    "INSERT INTO valuations ({COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)"
                ),
                params![
                    v.valuation_id,
                    v.account_id,
                    v.brand,
                    v.model,
                    v.year,
                    v.mileage,
                    v.request,
                    v.estimate,
                    v.lang,
                    v.created_at,
                    v.expires_at,
                    v.emails_sent
                ],
            )?;
            Ok(())
        })
        .await
    }

    async fn find_valuation(&self, valuation_id: &str) -> Result<Option<StoredValuation>, StoreError> {
        let id = valuation_id.to_string();
        self.read(move |conn| {
            let mut st = conn.prepare_cached(&format!("SELECT {COLUMNS} FROM valuations WHERE valuation_id = ?1"))?;
            Ok(st.query_row(params![id], row).optional()?)
        })
        .await
    }

    async fn account_valuations(&self, account_id: i64, limit: u32) -> Result<Vec<StoredValuation>, StoreError> {
        self.read(move |conn| {
            let mut st = conn.prepare_cached(&format!(
                "SELECT {COLUMNS} FROM valuations INDEXED BY valuations_by_account
                 WHERE account_id = ?1 ORDER BY created_at DESC, valuation_id DESC LIMIT ?2"
            ))?;
            Ok(st.query_map(params![account_id, limit], row)?.collect::<Result<_, _>>()?)
        })
        .await
    }

    async fn count_valuations_since(&self, account_id: i64, since: i64) -> Result<u64, StoreError> {
        self.read(move |conn| {
            let n: i64 = conn.query_row(
                "SELECT count(*) FROM valuations WHERE account_id = ?1 AND created_at >= ?2",
                params![account_id, since],
                |r| r.get(0),
            )?;
            Ok(u64::try_from(n).unwrap_or(0))
        })
        .await
    }

    async fn note_valuation_email(&self, valuation_id: &str) -> Result<(), StoreError> {
        let id = valuation_id.to_string();
        self.write(move |conn| {
            conn.execute("UPDATE valuations SET emails_sent = emails_sent + 1 WHERE valuation_id = ?1", params![id])?;
            Ok(())
        })
        .await
    }

    async fn car_listings(&self, categories: &[u32], brand: &str, limit: u32) -> Result<Vec<CarListing>, StoreError> {
        let categories = serde_json::to_string(categories).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let brand = brand.to_string();
        self.read(move |conn| {
            let mut st = conn.prepare_cached(
                "SELECT list_id, category_id, json_extract(params, '$.model'), json_extract(params, '$.year'),
                        coalesce(json_extract(params, '$.mileage'), 0), price_centimes, published_at
                 FROM ads
                 WHERE category_id IN (SELECT value FROM json_each(?1)) AND ad_type = 'sell' AND status = 'active'
                   AND price_centimes > 0 AND json_extract(params, '$.brand') = ?2
                   AND json_type(params, '$.model') = 'text' AND json_type(params, '$.year') = 'integer'
                   AND coalesce(json_type(params, '$.mileage'), 'integer') = 'integer'
                 ORDER BY published_at DESC LIMIT ?3",
            )?;
            let rows = st.query_map(params![categories, brand, limit], |r| {
                Ok(CarListing {
                    list_id: r.get(0)?,
                    category_id: r.get(1)?,
                    brand: brand.clone(),
                    model: r.get(2)?,
                    year: r.get(3)?,
                    mileage: r.get(4)?,
                    price_centimes: r.get(5)?,
                    published_at: r.get(6)?,
                })
            })?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valuation(id: &str, account_id: i64, created_at: i64) -> StoredValuation {
        StoredValuation {
            valuation_id: id.into(),
            account_id,
            brand: "dacia".into(),
            model: "logan".into(),
            year: 2020,
            mileage: 90_000,
            request: "{}".into(),
            estimate: "{}".into(),
            lang: "ar".into(),
            created_at,
            expires_at: created_at + 86_400,
            emails_sent: 1,
        }
    }

    #[tokio::test]
    async fn valuations_read_back_by_id_and_by_account_and_are_counted() {
        let dir = std::env::temp_dir().join(format!("souk-valuation-store-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        let store = SqliteStore::open(dir.join("souk.db"), 2).expect("store");
        store.insert_valuation(valuation("a", 1, 100)).await.expect("a");
        store.insert_valuation(valuation("b", 2, 200)).await.expect("b");
        store.insert_valuation(valuation("c", 1, 300)).await.expect("c");
        assert_eq!(store.find_valuation("b").await.expect("find"), Some(valuation("b", 2, 200)));
        assert_eq!(store.find_valuation("z").await.expect("find"), None);
        let mine: Vec<_> =
            store.account_valuations(1, 10).await.expect("mine").into_iter().map(|v| v.valuation_id).collect();
        assert_eq!(mine, ["c", "a"]);
        assert_eq!(store.count_valuations_since(1, 150).await.expect("count"), 1);
        assert_eq!(store.count_valuations_since(1, 0).await.expect("count"), 2);
        store.note_valuation_email("a").await.expect("email");
        assert_eq!(store.find_valuation("a").await.expect("find").map(|v| v.emails_sent), Some(2));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
