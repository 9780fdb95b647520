//! Pre-approved credit requests (spec §3 credit request, issue 25; docs/credit.md): one row per
//! request in the SQLite store (migration 26), read by its requester (newest first, or one by
//! id) and by the admins' list (newest first).

use crate::error::StoreError;
use crate::sqlite::SqliteStore;
use async_trait::async_trait;
use rusqlite::{OptionalExtension, Row, Transaction, params};

/// One credit request, with the simulation it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreditRequest {
    /// UUIDv7 text.
    pub request_id: String,
    pub account_id: i64,
    pub list_id: i64,
    pub ad_title: String,
    /// `vehicles` or `realEstate`.
    pub category_group: String,
    /// The ad's price when asked, in centimes.
    pub price_centimes: i64,
    pub down_payment_centimes: i64,
    /// The credit amount asked for, in centimes.
    pub amount_centimes: i64,
    pub months: u32,
    /// The annual rate of the simulation, in basis points.
    pub rate_bp: u32,
    /// The simulated monthly payment of `amount` over `months` at `rate_bp`, in centimes.
    pub monthly_payment_centimes: i64,
    pub profession: String,
    /// `classic` or `participative`.
    pub financing_type: String,
    pub age: u32,
    /// `private_employee`, `civil_servant`, `self_employed`, `retired`, `moroccan_abroad`.
    pub borrower_profile: String,
    /// The language of the form (`fr`, `ar`): the acknowledgement's.
    pub lang: String,
    /// Unix seconds.
    pub created_at: i64,
}

#[async_trait]
pub trait CreditRequestStore: Send + Sync + 'static {
    async fn insert_credit_request(&self, r: CreditRequest) -> Result<(), StoreError>;
    async fn find_credit_request(&self, request_id: &str) -> Result<Option<CreditRequest>, StoreError>;
    /// One account's requests, newest first.
    async fn account_credit_requests(&self, account_id: i64, limit: u32) -> Result<Vec<CreditRequest>, StoreError>;
    /// Every request, newest first, from `offset`; and how many there are.
    async fn credit_requests(&self, offset: u32, limit: u32) -> Result<(Vec<CreditRequest>, u64), StoreError>;
}

/// Migration 26.
pub(crate) fn migration(tx: &Transaction) -> Result<(), StoreError> {
    tx.execute_batch(
        "CREATE TABLE credit_requests (
            request_id TEXT PRIMARY KEY,
            account_id INTEGER NOT NULL,
            list_id INTEGER NOT NULL,
            ad_title TEXT NOT NULL,
            category_group TEXT NOT NULL,
            price_centimes INTEGER NOT NULL,
            down_payment_centimes INTEGER NOT NULL,
            amount_centimes INTEGER NOT NULL,
            months INTEGER NOT NULL,
            rate_bp INTEGER NOT NULL,
            monthly_payment_centimes INTEGER NOT NULL,
            profession TEXT NOT NULL,
            financing_type TEXT NOT NULL,
            age INTEGER NOT NULL,
            borrower_profile TEXT NOT NULL,
            lang TEXT NOT NULL,
            created_at INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX credit_requests_by_account ON credit_requests (account_id, created_at);
        CREATE INDEX credit_requests_by_time ON credit_requests (created_at);",
    )?;
    Ok(())
}

const COLUMNS: &str = "request_id, account_id, list_id, ad_title, category_group, price_centimes,
    down_payment_centimes, amount_centimes, months, rate_bp, monthly_payment_centimes, profession, financing_type,
    age, borrower_profile, lang, created_at";

fn row(r: &Row<'_>) -> rusqlite::Result<CreditRequest> {
    Ok(CreditRequest {
        request_id: r.get(0)?,
        account_id: r.get(1)?,
        list_id: r.get(2)?,
        ad_title: r.get(3)?,
        category_group: r.get(4)?,
        price_centimes: r.get(5)?,
        down_payment_centimes: r.get(6)?,
        amount_centimes: r.get(7)?,
        months: r.get(8)?,
        rate_bp: r.get(9)?,
        monthly_payment_centimes: r.get(10)?,
        profession: r.get(11)?,
        financing_type: r.get(12)?,
        age: r.get(13)?,
        borrower_profile: r.get(14)?,
        lang: r.get(15)?,
        created_at: r.get(16)?,
    })
}

#[async_trait]
impl CreditRequestStore for SqliteStore {
    async fn insert_credit_request(&self, c: CreditRequest) -> Result<(), StoreError> {
        self.write(move |conn| {
            conn.execute(
                &format!(
                    "INSERT INTO credit_requests ({COLUMNS})
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)"
                ),
                params![
                    c.request_id,
                    c.account_id,
                    c.list_id,
                    c.ad_title,
                    c.category_group,
                    c.price_centimes,
                    c.down_payment_centimes,
                    c.amount_centimes,
                    c.months,
                    c.rate_bp,
                    c.monthly_payment_centimes,
                    c.profession,
                    c.financing_type,
                    c.age,
                    c.borrower_profile,
                    c.lang,
                    c.created_at
                ],
            )?;
            Ok(())
        })
        .await
    }

    async fn find_credit_request(&self, request_id: &str) -> Result<Option<CreditRequest>, StoreError> {
        let id = request_id.to_string();
        self.read(move |conn| {
            let mut st =
                conn.prepare_cached(&format!("SELECT {COLUMNS} FROM credit_requests WHERE request_id = ?1"))?;
            Ok(st.query_row(params![id], row).optional()?)
        })
        .await
    }

    async fn account_credit_requests(&self, account_id: i64, limit: u32) -> Result<Vec<CreditRequest>, StoreError> {
        self.read(move |conn| {
            let mut st = conn.prepare_cached(&format!(
                "SELECT {COLUMNS} FROM credit_requests INDEXED BY credit_requests_by_account
                 WHERE account_id = ?1 ORDER BY created_at DESC, request_id DESC LIMIT ?2"
            ))?;
            Ok(st.query_map(params![account_id, limit], row)?.collect::<Result<_, _>>()?)
        })
        .await
    }

    async fn credit_requests(&self, offset: u32, limit: u32) -> Result<(Vec<CreditRequest>, u64), StoreError> {
        self.read(move |conn| {
            let mut st = conn.prepare_cached(&format!(
                "SELECT {COLUMNS} FROM credit_requests INDEXED BY credit_requests_by_time
                 ORDER BY created_at DESC, request_id DESC LIMIT ?1 OFFSET ?2"
            ))?;
            let list = st.query_map(params![limit, offset], row)?.collect::<Result<_, _>>()?;
            let total: i64 = conn.query_row("SELECT count(*) FROM credit_requests", [], |r| r.get(0))?;
            Ok((list, u64::try_from(total).unwrap_or(0)))
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(id: &str, account_id: i64, created_at: i64) -> CreditRequest {
        CreditRequest {
            request_id: id.into(),
            account_id,
            list_id: 7,
            ad_title: "Dacia Logan 2019".into(),
            category_group: "vehicles".into(),
            price_centimes: 10_000_000,
            down_payment_centimes: 2_000_000,
            amount_centimes: 8_000_000,
            months: 68,
            rate_bp: 650,
            monthly_payment_centimes: 140_956,
            profession: "Infirmière".into(),
            financing_type: "classic".into(),
            age: 31,
            borrower_profile: "civil_servant".into(),
            lang: "ar".into(),
            created_at,
        }
    }

    #[tokio::test]
    async fn requests_read_back_by_id_by_account_and_for_the_desk() {
        let dir = std::env::temp_dir().join(format!("souk-credit-store-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        let store = SqliteStore::open(dir.join("souk.db"), 2).expect("store");
        store.insert_credit_request(request("a", 1, 100)).await.expect("a");
        store.insert_credit_request(request("b", 2, 200)).await.expect("b");
        store.insert_credit_request(request("c", 1, 300)).await.expect("c");
        assert_eq!(store.find_credit_request("b").await.expect("find"), Some(request("b", 2, 200)));
        assert_eq!(store.find_credit_request("z").await.expect("find"), None);
        let mine: Vec<_> =
            store.account_credit_requests(1, 10).await.expect("mine").into_iter().map(|r| r.request_id).collect();
        assert_eq!(mine, ["c", "a"]);
        let (page, total) = store.credit_requests(1, 1).await.expect("desk");
        assert_eq!((page.len(), page[0].request_id.as_str(), total), (1, "b", 3));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
