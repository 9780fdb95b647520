//! Stored payment orders of insertion fees (spec §3 insertion fees, §9 payment code): the
//! `payment_orders` table, one row per order with the ad as it was when ordered, its amounts in
//! centimes, its payment code and status. Read by its account's partition newest first (my
//! payment orders), by its code (the agency's confirmation), and by its ad's one open order.
//! Every change is one conditional write. The conformance suite every backend must pass is
//! here too (`conformance`).

use crate::ads::corrupt;
use crate::error::StoreError;
use crate::sqlite::SqliteStore;
use async_trait::async_trait;
use rusqlite::{Connection, Row, params};
use souk_domain::money::Money;
use souk_domain::payments::{PaymentMethod, PaymentStatus};

/// One order of an ad's insertion fee.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentOrder {
    /// UUIDv7 text (time-ordered).
    pub order_id: String,
    /// Who pays: the ad's owner.
    pub account_id: i64,
    pub ad_id: String,
    /// The ad's public id and title when it was ordered.
    pub list_id: i64,
    pub ad_title: String,
    /// The payment code (ten digits), unique among every order ever made.
    pub code: String,
    pub method: PaymentMethod,
    pub fee: Money,
    pub extra_fee: Money,
    pub total: Money,
    /// As stored: a pending order past `expires_at` is expired even before it is written so
    /// (`souk_domain::payments::status_at`).
    pub status: PaymentStatus,
    /// Unix seconds.
    pub created_at: i64,
    pub expires_at: i64,
    pub paid_at: Option<i64>,
}

/// What asking for an ad's order did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OpenedOrder {
    /// The order was stored.
    Created(PaymentOrder),
    /// The ad already had an open order: it is answered, nothing was stored.
    Existing(PaymentOrder),
}

impl OpenedOrder {
    pub fn order(self) -> PaymentOrder {
        match self {
            OpenedOrder::Created(o) | OpenedOrder::Existing(o) => o,
        }
    }
}

#[async_trait]
pub trait PaymentStore: Send + Sync + 'static {
    /// In one write: the ad's pending orders whose code expired by `now` are written expired;
    /// an order of the ad still open at `now` is answered as it is (`Existing`); otherwise
    /// `order` is stored (`Created`). A code or id already used is `Conflict`, and nothing is
    /// written.
    async fn open_order(&self, order: PaymentOrder, now: i64) -> Result<OpenedOrder, StoreError>;
    /// The order of a payment code.
    async fn order_by_code(&self, code: &str) -> Result<Option<PaymentOrder>, StoreError>;
    /// The ad's order still open at `now`, if any.
    async fn open_order_of_ad(&self, ad_id: &str, now: i64) -> Result<Option<PaymentOrder>, StoreError>;
    /// One page of an account's orders, newest first (ties: the larger id first), and how many
    /// the account has.
    async fn orders_of_account(
        &self,
        account_id: i64,
        offset: u32,
        limit: u32,
    ) -> Result<(Vec<PaymentOrder>, u64), StoreError>;
    /// Marks the order paid at `at` if it is still pending and its code valid at `at`;
    /// otherwise `Conflict` and nothing changes. Answers the order as stored after the write.
    async fn mark_paid(&self, order_id: &str, at: i64) -> Result<PaymentOrder, StoreError>;
}

const COLUMNS: &str = "order_id, account_id, ad_id, list_id, ad_title, code, method, fee_centimes, extra_fee_centimes,
    total_centimes, status, created_at, expires_at, paid_at";

fn row_to_order(r: &Row<'_>) -> Result<PaymentOrder, StoreError> {
    let method: String = r.get(6)?;
    let status: String = r.get(10)?;
    Ok(PaymentOrder {
        order_id: r.get(0)?,
        account_id: r.get(1)?,
        ad_id: r.get(2)?,
        list_id: r.get(3)?,
        ad_title: r.get(4)?,
        code: r.get(5)?,
        method: PaymentMethod::parse(&method).ok_or_else(|| corrupt(format!("payment method {method}")))?,
        fee: Money(r.get(7)?),
        extra_fee: Money(r.get(8)?),
        total: Money(r.get(9)?),
        status: PaymentStatus::parse(&status).ok_or_else(|| corrupt(format!("payment status {status}")))?,
        created_at: r.get(11)?,
        expires_at: r.get(12)?,
        paid_at: r.get(13)?,
    })
}

fn one(c: &Connection, sql: &str, key: &dyn rusqlite::ToSql) -> Result<Option<PaymentOrder>, StoreError> {
    let mut st = c.prepare_cached(sql)?;
    let mut rows = st.query([key])?;
    match rows.next()? {
        Some(r) => Ok(Some(row_to_order(r)?)),
        None => Ok(None),
    }
}

fn by_id(c: &Connection, order_id: &str) -> Result<Option<PaymentOrder>, StoreError> {
    one(c, &format!("SELECT {COLUMNS} FROM payment_orders WHERE order_id = ?1"), &order_id)
}

/// The ad's pending order (the partial unique index allows one), whatever its expiry.
fn pending_of_ad(c: &Connection, ad_id: &str) -> Result<Option<PaymentOrder>, StoreError> {
    one(
        c,
        &format!(
            "SELECT {COLUMNS} FROM payment_orders INDEXED BY payment_orders_open_by_ad
             WHERE ad_id = ?1 AND status = 'pending'"
        ),
        &ad_id,
    )
}

fn is_constraint(e: &rusqlite::Error) -> bool {
    matches!(e, rusqlite::Error::SqliteFailure(f, _) if f.code == rusqlite::ErrorCode::ConstraintViolation)
}

#[async_trait]
impl PaymentStore for SqliteStore {
    async fn open_order(&self, order: PaymentOrder, now: i64) -> Result<OpenedOrder, StoreError> {
        self.write(move |c| {
            c.prepare_cached(
                "UPDATE payment_orders SET status = 'expired'
                 WHERE ad_id = ?1 AND status = 'pending' AND expires_at <= ?2",
            )?
            .execute(params![order.ad_id, now])?;
            if let Some(open) = pending_of_ad(c, &order.ad_id)? {
                return Ok(OpenedOrder::Existing(open));
            }
            let inserted = c
                .prepare_cached(
                    "INSERT INTO payment_orders (order_id, account_id, ad_id, list_id, ad_title, code, method,
                         fee_centimes, extra_fee_centimes, total_centimes, status, created_at, expires_at, paid_at)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
                )?
                .execute(params![
                    order.order_id,
                    order.account_id,
                    order.ad_id,
                    order.list_id,
                    order.ad_title,
                    order.code,
                    order.method.as_str(),
                    order.fee.centimes(),
                    order.extra_fee.centimes(),
                    order.total.centimes(),
                    order.status.as_str(),
                    order.created_at,
                    order.expires_at,
                    order.paid_at
                ]);
            match inserted {
                Ok(_) => Ok(OpenedOrder::Created(order)),
                // The savepoint rolls back the expiry update with it: nothing is written.
                Err(e) if is_constraint(&e) => {
                    Err(StoreError::Conflict(format!("payment order {}: {e}", order.order_id)))
                }
                Err(e) => Err(e.into()),
            }
        })
        .await
    }

    async fn order_by_code(&self, code: &str) -> Result<Option<PaymentOrder>, StoreError> {
        let code = code.to_string();
        self.read(move |c| {
            one(
                c,
                &format!("SELECT {COLUMNS} FROM payment_orders INDEXED BY payment_orders_by_code WHERE code = ?1"),
                &code,
            )
        })
        .await
    }

    async fn open_order_of_ad(&self, ad_id: &str, now: i64) -> Result<Option<PaymentOrder>, StoreError> {
        let ad_id = ad_id.to_string();
        self.read(move |c| Ok(pending_of_ad(c, &ad_id)?.filter(|o| o.expires_at > now))).await
    }

    async fn orders_of_account(
        &self,
        account_id: i64,
        offset: u32,
        limit: u32,
    ) -> Result<(Vec<PaymentOrder>, u64), StoreError> {
        self.read(move |c| {
            let mut st = c.prepare_cached(&format!(
                "SELECT {COLUMNS} FROM payment_orders INDEXED BY payment_orders_by_account
                 WHERE account_id = ?1 ORDER BY created_at DESC, order_id DESC LIMIT ?2 OFFSET ?3"
            ))?;
            let mut rows = st.query(params![account_id, limit, offset])?;
            let mut orders = Vec::new();
            while let Some(r) = rows.next()? {
                orders.push(row_to_order(r)?);
            }
            let count: i64 = c
                .prepare_cached(
                    "SELECT count(*) FROM payment_orders INDEXED BY payment_orders_by_account WHERE account_id = ?1",
                )?
                .query_row([account_id], |r| r.get(0))?;
            Ok((orders, count.max(0) as u64))
        })
        .await
    }

    async fn mark_paid(&self, order_id: &str, at: i64) -> Result<PaymentOrder, StoreError> {
        let order_id = order_id.to_string();
        self.write(move |c| {
            let changed = c
                .prepare_cached(
                    "UPDATE payment_orders SET status = 'paid', paid_at = ?2
                     WHERE order_id = ?1 AND status = 'pending' AND expires_at > ?2",
                )?
                .execute(params![order_id, at])?;
            let stored = by_id(c, &order_id)?;
            match (changed, stored) {
                (1, Some(order)) => Ok(order),
                (_, Some(order)) => {
                    Err(StoreError::Conflict(format!("payment order {order_id} is {}", order.status.as_str())))
                }
                (_, None) => Err(StoreError::Conflict(format!("no payment order {order_id}"))),
            }
        })
        .await
    }
}

/// The conformance suite of `PaymentStore`, run by `storage/tests/payment_conformance.rs` on
/// every backend.
pub mod conformance {
    use super::*;

    const T0: i64 = 1_800_000_000;
    const VALID: i64 = 48 * 3600;

    /// An order of `ad_id` by `account_id` made at `at`, its code `code`.
    pub fn order(n: u32, account_id: i64, ad_id: &str, code: &str, at: i64) -> PaymentOrder {
        PaymentOrder {
            order_id: format!("0190-pay-{n:04}"),
            account_id,
            ad_id: ad_id.into(),
            list_id: 10_000_000 + i64::from(n),
            ad_title: format!("Annonce {n} — إعلان"),
            code: code.into(),
            method: PaymentMethod::CashPlus,
            fee: Money(5000),
            extra_fee: Money(250),
            total: Money(5250),
            status: PaymentStatus::Pending,
            created_at: at,
            expires_at: at + VALID,
            paid_at: None,
        }
    }

    async fn all_of(store: &dyn PaymentStore, account_id: i64) -> Vec<PaymentOrder> {
        store.orders_of_account(account_id, 0, 100).await.expect("orders of account").0
    }

    /// An ad has one open order: asking again answers it and stores nothing; once its code has
    /// expired, the next order is stored and the old one is written expired.
    pub async fn an_ad_has_one_open_order(store: &dyn PaymentStore) {
        let first = order(1, 7, "ad-1", "1000000001", T0);
        assert_eq!(store.open_order(first.clone(), T0).await.expect("first"), OpenedOrder::Created(first.clone()));
        let again = order(2, 7, "ad-1", "1000000002", T0 + 60);
        assert_eq!(store.open_order(again, T0 + 60).await.expect("again"), OpenedOrder::Existing(first.clone()));
        assert_eq!(all_of(store, 7).await, vec![first.clone()], "nothing more stored");
        assert_eq!(store.order_by_code("1000000002").await.expect("code"), None);
        assert_eq!(store.open_order_of_ad("ad-1", T0 + VALID - 1).await.expect("open"), Some(first.clone()));
        assert_eq!(store.open_order_of_ad("ad-1", T0 + VALID).await.expect("expired"), None);

        // Another ad of the same account has its own order.
        let other_ad = order(3, 7, "ad-2", "1000000003", T0 + 120);
        assert!(matches!(store.open_order(other_ad, T0 + 120).await, Ok(OpenedOrder::Created(_))));

        let later = T0 + VALID;
        let renewed = order(4, 7, "ad-1", "1000000004", later);
        assert_eq!(store.open_order(renewed.clone(), later).await.expect("renewed"), OpenedOrder::Created(renewed));
        let old = store.order_by_code("1000000001").await.expect("old").expect("kept");
        assert_eq!(old.status, PaymentStatus::Expired, "the expired order is written expired");
        assert_eq!(all_of(store, 7).await.len(), 3);
    }

    /// A code is unique: an order reusing one is refused whole, and the ad's expired order it
    /// would have replaced stays as it was.
    pub async fn a_code_belongs_to_one_order(store: &dyn PaymentStore) {
        let first = order(10, 20, "ad-10", "2000000010", T0);
        store.open_order(first.clone(), T0).await.expect("first");
        assert_eq!(store.order_by_code("2000000010").await.expect("by code"), Some(first.clone()));

        let stale = order(11, 21, "ad-11", "2000000011", T0);
        store.open_order(stale.clone(), T0).await.expect("stale");
        let later = T0 + VALID + 1;
        let clash = order(12, 21, "ad-11", "2000000010", later);
        assert!(matches!(store.open_order(clash, later).await, Err(StoreError::Conflict(_))), "a used code");
        let same_id = order(10, 22, "ad-12", "2000000012", T0);
        assert!(matches!(store.open_order(same_id, T0).await, Err(StoreError::Conflict(_))), "a used id");
        assert_eq!(all_of(store, 21).await, vec![stale], "nothing written, not even the expiry");
        assert_eq!(all_of(store, 22).await, vec![]);
        assert_eq!(store.order_by_code("9999999999").await.expect("unknown"), None);
    }

    /// An order is paid once, and only while its code is valid.
    pub async fn an_order_is_paid_once_within_its_validity(store: &dyn PaymentStore) {
        let o = order(30, 40, "ad-30", "3000000030", T0);
        store.open_order(o.clone(), T0).await.expect("open");
        let paid = store.mark_paid(&o.order_id, T0 + 3600).await.expect("paid");
        assert_eq!((paid.status, paid.paid_at), (PaymentStatus::Paid, Some(T0 + 3600)));
        assert!(matches!(store.mark_paid(&o.order_id, T0 + 3601).await, Err(StoreError::Conflict(_))), "twice");
        assert_eq!(store.order_by_code(&o.code).await.expect("read").map(|o| o.paid_at), Some(Some(T0 + 3600)));
        assert_eq!(store.open_order_of_ad("ad-30", T0 + 3602).await.expect("open"), None, "a paid order is closed");

        let late = order(31, 40, "ad-31", "3000000031", T0);
        store.open_order(late.clone(), T0).await.expect("open");
        assert!(matches!(store.mark_paid(&late.order_id, T0 + VALID).await, Err(StoreError::Conflict(_))), "expired");
        let kept = store.order_by_code(&late.code).await.expect("read").expect("kept");
        assert_eq!((kept.status, kept.paid_at), (PaymentStatus::Pending, None), "unchanged");
        assert!(matches!(store.mark_paid("no-such-order", T0).await, Err(StoreError::Conflict(_))));
    }

    /// An account's orders come back whole, newest first, paged, with their count; another
    /// account's are never among them.
    pub async fn orders_by_account(store: &dyn PaymentStore) {
        let mut mine = Vec::new();
        for n in 0..7u32 {
            // Two orders share a time, to check the tie order.
            let at = T0 + i64::from(n / 2) * 60;
            let o = order(100 + n, 50, &format!("ad-5{n}"), &format!("50000001{n:02}"), at);
            store.open_order(o.clone(), at).await.expect("mine");
            mine.push(o);
        }
        store.open_order(order(200, 51, "ad-theirs", "5100000200", T0), T0).await.expect("theirs");
        mine.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(b.order_id.cmp(&a.order_id)));
        let (all, count) = store.orders_of_account(50, 0, 100).await.expect("all");
        assert_eq!((all, count), (mine.clone(), 7));
        let mut walked = Vec::new();
        for page in 0..3u32 {
            let (got, count) = store.orders_of_account(50, page * 3, 3).await.expect("page");
            assert_eq!(count, 7);
            walked.extend(got);
        }
        assert_eq!(walked, mine);
        assert_eq!(store.orders_of_account(52, 0, 10).await.expect("none"), (vec![], 0));
    }
}
