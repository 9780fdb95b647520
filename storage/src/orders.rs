//! Stored orders (spec §3 purchase and sale orders): the `purchase_orders` table, one row per
//! order with the product as it was when ordered, read by its buyer's partition newest first —
//! one status of one buyer is one index range, so a "my orders" page and its count are one
//! range read each. Money is integer centimes. The conformance suite every backend must pass
//! is here too (`conformance`).

use crate::ads::corrupt;
use crate::error::StoreError;
use crate::sqlite::SqliteStore;
use async_trait::async_trait;
use rusqlite::{Row, params};
use souk_domain::money::Money;
use souk_domain::orders::{PaymentMethod, SaleOrderStatus};

/// One order: who bought what from whom, for how much, where it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Order {
    /// UUIDv7 text (time-ordered).
    pub order_id: String,
    pub buyer_id: i64,
    pub seller_id: i64,
    /// The ad bought, by its public id.
    pub list_id: Option<i64>,
    /// The seller's product reference (seller-centre products); none for a classified ad.
    pub sku: Option<String>,
    /// The product's name when it was ordered.
    pub product_name: String,
    /// The media key of the product's cover photo when it was ordered.
    pub thumbnail: Option<String>,
    pub units: u32,
    pub total: Money,
    pub status: SaleOrderStatus,
    pub payment_method: PaymentMethod,
    /// When it was ordered, Unix seconds.
    pub created_at: i64,
}

/// One page of a buyer's orders, optionally of one status, newest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PurchaseOrdersQuery {
    pub buyer_id: i64,
    pub status: Option<SaleOrderStatus>,
    pub offset: u32,
    pub limit: u32,
}

#[async_trait]
pub trait OrderStore: Send + Sync + 'static {
    /// Stores the orders all together, or none of them (an id already stored refuses them all).
    async fn insert_orders(&self, orders: Vec<Order>) -> Result<(), StoreError>;
    /// One page of a buyer's orders (of one status, or all), newest first (ties: the larger id
    /// first), and how many there are in that status.
    async fn purchase_orders(&self, q: PurchaseOrdersQuery) -> Result<(Vec<Order>, u64), StoreError>;
}

const COLUMNS: &str = "order_id, buyer_id, seller_id, list_id, sku, product_name, thumbnail, units, total_centimes,
    status, payment_method, created_at";

fn row_to_order(r: &Row<'_>) -> Result<Order, StoreError> {
    let status: String = r.get(9)?;
    let method: String = r.get(10)?;
    Ok(Order {
        order_id: r.get(0)?,
        buyer_id: r.get(1)?,
        seller_id: r.get(2)?,
        list_id: r.get(3)?,
        sku: r.get(4)?,
        product_name: r.get(5)?,
        thumbnail: r.get(6)?,
        units: r.get(7)?,
        total: Money(r.get(8)?),
        status: SaleOrderStatus::parse(&status).ok_or_else(|| corrupt(format!("order status {status}")))?,
        payment_method: PaymentMethod::parse(&method).ok_or_else(|| corrupt(format!("payment method {method}")))?,
        created_at: r.get(11)?,
    })
}

#[async_trait]
impl OrderStore for SqliteStore {
    async fn insert_orders(&self, orders: Vec<Order>) -> Result<(), StoreError> {
        self.write(move |c| {
            let mut st = c.prepare_cached(
                "INSERT INTO purchase_orders (order_id, buyer_id, seller_id, list_id, sku, product_name, thumbnail,
                                              units, total_centimes, status, payment_method, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
            )?;
            for o in &orders {
                st.execute(params![
                    o.order_id,
                    o.buyer_id,
                    o.seller_id,
                    o.list_id,
                    o.sku,
                    o.product_name,
                    o.thumbnail,
                    o.units,
                    o.total.centimes(),
                    o.status.as_str(),
                    o.payment_method.as_str(),
                    o.created_at
                ])?;
            }
            Ok(())
        })
        .await
    }

    async fn purchase_orders(&self, q: PurchaseOrdersQuery) -> Result<(Vec<Order>, u64), StoreError> {
        self.read(move |c| {
            // One buyer (and one status): one range of `purchase_orders_by_buyer_status` or
            // `purchase_orders_by_buyer`, walked newest first.
            let (rows_sql, count_sql) = match q.status {
                Some(_) => (
                    format!(
                        "SELECT {COLUMNS} FROM purchase_orders INDEXED BY purchase_orders_by_buyer_status
                         WHERE buyer_id = ?1 AND status = ?2
                         ORDER BY created_at DESC, order_id DESC LIMIT ?3 OFFSET ?4"
                    ),
                    "SELECT count(*) FROM purchase_orders INDEXED BY purchase_orders_by_buyer_status
                     WHERE buyer_id = ?1 AND status = ?2",
                ),
                None => (
                    format!(
                        "SELECT {COLUMNS} FROM purchase_orders INDEXED BY purchase_orders_by_buyer
                         WHERE buyer_id = ?1 AND ?2 IS NULL
                         ORDER BY created_at DESC, order_id DESC LIMIT ?3 OFFSET ?4"
                    ),
                    "SELECT count(*) FROM purchase_orders INDEXED BY purchase_orders_by_buyer
                     WHERE buyer_id = ?1 AND ?2 IS NULL",
                ),
            };
            let status = q.status.map(SaleOrderStatus::as_str);
            let mut st = c.prepare_cached(&rows_sql)?;
            let mut rows = st.query(params![q.buyer_id, status, q.limit, q.offset])?;
            let mut orders = Vec::new();
            while let Some(r) = rows.next()? {
                orders.push(row_to_order(r)?);
            }
            let count: i64 = c.prepare_cached(count_sql)?.query_row(params![q.buyer_id, status], |r| r.get(0))?;
            Ok((orders, count.max(0) as u64))
        })
        .await
    }
}

/// The conformance suite of `OrderStore`, run by `storage/tests/order_conformance.rs` on every
/// backend.
pub mod conformance {
    use super::*;

    fn order(n: i64, buyer_id: i64, status: SaleOrderStatus, created_at: i64) -> Order {
        Order {
            order_id: format!("0190-order-{n:04}"),
            buyer_id,
            seller_id: 900,
            list_id: Some(1000 + n),
            sku: if n % 2 == 0 { Some(format!("SKU-{n}")) } else { None },
            product_name: format!("Produit {n} — منتج"),
            thumbnail: if n % 3 == 0 { None } else { Some(format!("ads/{n}/large.jpg")) },
            units: 1 + (n % 3) as u32,
            total: Money(12_345 * (n + 1)),
            status,
            payment_method: PaymentMethod::Cod,
            created_at,
        }
    }

    /// A buyer's orders come back whole, newest first, one status at a time or all, paged, with
    /// the count of the status asked; another buyer's are never among them.
    pub async fn purchase_orders_by_buyer(store: &dyn OrderStore) {
        let statuses = SaleOrderStatus::ALL;
        let mut mine = Vec::new();
        for n in 0..24i64 {
            // Two orders share a time, to check the tie order.
            let at = 1_700_000_000 + (n / 2) * 3600;
            mine.push(order(n, 7, statuses[n as usize % statuses.len()], at));
        }
        let theirs: Vec<Order> = (100..110).map(|n| order(n, 8, SaleOrderStatus::Pending, 1_800_000_000)).collect();
        store.insert_orders(mine.clone()).await.expect("insert mine");
        store.insert_orders(theirs.clone()).await.expect("insert theirs");

        let newest_first = |mut v: Vec<Order>| {
            v.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(b.order_id.cmp(&a.order_id)));
            v
        };
        let all = PurchaseOrdersQuery { buyer_id: 7, status: None, offset: 0, limit: 100 };
        let (got, count) = store.purchase_orders(all).await.expect("all");
        assert_eq!(count, 24);
        assert_eq!(got, newest_first(mine.clone()), "every field back, newest first");

        for status in statuses {
            let want = newest_first(mine.iter().filter(|o| o.status == status).cloned().collect());
            let q = PurchaseOrdersQuery { buyer_id: 7, status: Some(status), offset: 0, limit: 100 };
            let (got, count) = store.purchase_orders(q).await.expect("one status");
            assert_eq!(count, want.len() as u64, "{status:?}");
            assert_eq!(got, want, "{status:?}");
        }

        // Pages of 5 walk the same order without gaps or repeats, the count unchanged.
        let mut walked = Vec::new();
        for page in 0..5u32 {
            let q = PurchaseOrdersQuery { buyer_id: 7, status: None, offset: page * 5, limit: 5 };
            let (got, count) = store.purchase_orders(q).await.expect("page");
            assert_eq!(count, 24);
            assert!(got.len() <= 5);
            walked.extend(got);
        }
        assert_eq!(walked, newest_first(mine.clone()));

        let (theirs_got, n) =
            store.purchase_orders(PurchaseOrdersQuery { buyer_id: 8, ..all }).await.expect("another buyer");
        assert_eq!((theirs_got.len(), n), (10, 10));
        assert!(theirs_got.iter().all(|o| o.buyer_id == 8));
        let (none, zero) =
            store.purchase_orders(PurchaseOrdersQuery { buyer_id: 9, ..all }).await.expect("a buyer without orders");
        assert_eq!((none.len(), zero), (0, 0));
    }

    /// A batch with an id already stored is refused whole: nothing of it is written.
    pub async fn a_refused_batch_writes_nothing(store: &dyn OrderStore) {
        store.insert_orders(vec![order(1, 20, SaleOrderStatus::Pending, 1)]).await.expect("first");
        let batch = vec![order(2, 20, SaleOrderStatus::Ready, 2), order(1, 20, SaleOrderStatus::Delivered, 3)];
        assert!(store.insert_orders(batch).await.is_err(), "a duplicate id is refused");
        let q = PurchaseOrdersQuery { buyer_id: 20, status: None, offset: 0, limit: 10 };
        let (got, count) = store.purchase_orders(q).await.expect("read");
        assert_eq!(count, 1);
        assert_eq!(got[0].status, SaleOrderStatus::Pending, "the stored order is as it was");
    }
}
