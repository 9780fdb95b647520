//! Stored orders (spec §3 purchase and sale orders): the `purchase_orders` table, one row per
//! order with the product as it was when ordered, read by its buyer's partition (my orders) or
//! its seller's (the seller centre), newest first — one status of one account is one index
//! range, so a page and its count are one range read each. A checkout reserves the stock and
//! stores the order in one write (`place_order`); a workflow action checks and applies the
//! transition, the restock and the product's status in one write (`apply_order_action`). Money
//! is integer centimes. The conformance suite every backend must pass is here too
//! (`conformance`).

use crate::error::StoreError;
use crate::products;
use crate::rows::corrupt;
use crate::sqlite::SqliteStore;
use async_trait::async_trait;
use rusqlite::{Connection, OptionalExtension, Row, params};
use souk_domain::money::Money;
use souk_domain::orders::{
    DeliveryDetails, OrderAction, PaymentMethod, SaleOrderStatus, commission, order_amounts, transition,
};
use souk_domain::products::status_for_stock;
use souk_domain::{ErrorCode, SoukError};

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
    /// What the buyer pays, delivery fee included.
    pub total: Money,
    pub status: SaleOrderStatus,
    pub payment_method: PaymentMethod,
    /// When it was ordered, Unix seconds.
    pub created_at: i64,
    /// What a checkout adds (none of it for the demo's older orders).
    pub checkout: Checkout,
}

/// What a seller-centre checkout records beside the order, and where its workflow stands.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Checkout {
    /// The seller-centre product bought.
    pub product_id: Option<String>,
    /// The buyer's key: the same key from the same buyer is the same order.
    pub order_key: Option<String>,
    pub delivery_fee: Money,
    /// The platform's commission on the goods.
    pub commission: Money,
    pub delivery: Option<DeliveryDetails>,
    /// When the order entered its status, Unix seconds.
    pub status_at: i64,
    pub delivered_at: Option<i64>,
    /// When the seller was reminded of a PENDING order not prepared in time.
    pub reminded_at: Option<i64>,
    /// A DELIVERING order past its expected delivery.
    pub late: bool,
}

/// One page of a buyer's orders, optionally of one status, newest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PurchaseOrdersQuery {
    pub buyer_id: i64,
    pub status: Option<SaleOrderStatus>,
    pub offset: u32,
    pub limit: u32,
}

/// One page of a seller's orders, optionally of one status, newest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SaleOrdersQuery {
    pub seller_id: i64,
    pub status: Option<SaleOrderStatus>,
    pub offset: u32,
    pub limit: u32,
}

/// A checkout, as the service checked it: who buys how many units of which ad, delivered where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    pub order_id: String,
    pub order_key: String,
    pub buyer_id: i64,
    pub list_id: i64,
    pub quantity: u32,
    pub payment_method: PaymentMethod,
    pub delivery: DeliveryDetails,
    /// Stores `delivery` as the buyer's details for the next checkout.
    pub remember: bool,
    pub delivery_fee: Money,
    pub commission_percent: u32,
    pub now: i64,
}

/// What a checkout came to. Refusals write nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlaceOutcome {
    /// The order was stored and the stock reserved.
    Placed(Order),
    /// The buyer's key had made this order already: nothing new was stored.
    Existing(Order),
    /// Fewer units are left than asked.
    OutOfStock { left: u32 },
    /// The ad is not a product for sale (unknown, not listed, deactivated or deleted).
    NotForSale,
    /// The buyer sells this product.
    OwnProduct,
}

/// A workflow action on an order, by the account `actor_id`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderActionRequest {
    pub order_id: String,
    pub actor_id: i64,
    pub action: OrderAction,
    pub now: i64,
}

/// What an action came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActionOutcome {
    /// Applied: the order as it is now (for a delete, as it was), and whether it was deleted.
    Applied { order: Box<Order>, deleted: bool },
    /// Refused with a catalogue error; nothing was written.
    Refused(SoukError),
}

/// What a seller's orders add up to (seller banner and payments).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SellerSums {
    pub orders: u64,
    /// Net (goods − commission) of delivered orders delivered at or after `since`.
    pub due: Money,
    /// Net of orders still on their way (PENDING, READY, DELIVERING).
    pub unpaid: Money,
}

#[async_trait]
pub trait OrderStore: Send + Sync + 'static {
    /// Stores the orders all together, or none of them (an id already stored refuses them all).
    async fn insert_orders(&self, orders: Vec<Order>) -> Result<(), StoreError>;
    /// One page of a buyer's orders (of one status, or all), newest first (ties: the larger id
    /// first), and how many there are in that status.
    async fn purchase_orders(&self, q: PurchaseOrdersQuery) -> Result<(Vec<Order>, u64), StoreError>;
    /// The same for a seller's orders.
    async fn sale_orders(&self, q: SaleOrdersQuery) -> Result<(Vec<Order>, u64), StoreError>;
    /// How many of a seller's orders are in each status (every status, zeros included).
    async fn sale_order_counts(&self, seller_id: i64) -> Result<Vec<(SaleOrderStatus, u64)>, StoreError>;
    /// A seller's sums: orders, `due` (delivered since `since`), `unpaid`.
    async fn seller_sums(&self, seller_id: i64, since: i64) -> Result<SellerSums, StoreError>;
    async fn find_order(&self, order_id: &str) -> Result<Option<Order>, StoreError>;
    /// Every open order (PENDING, READY, DELIVERING), for the workflows to start again.
    async fn open_orders(&self) -> Result<Vec<Order>, StoreError>;
    /// A checkout: reserves the units and stores the order in one write (see [`PlaceOutcome`]).
    async fn place_order(&self, p: Placement) -> Result<PlaceOutcome, StoreError>;
    /// A workflow action, checked against the stored order and applied in one write.
    async fn apply_order_action(&self, r: OrderActionRequest) -> Result<ActionOutcome, StoreError>;
    /// Records the reminder of a PENDING order; false when it is no longer PENDING or was
    /// reminded already.
    async fn mark_reminded(&self, order_id: &str, at: i64) -> Result<bool, StoreError>;
    /// Marks a DELIVERING order late; false when it is no longer DELIVERING or late already.
    async fn mark_late(&self, order_id: &str) -> Result<bool, StoreError>;
    /// The delivery details a buyer asked to remember.
    async fn checkout_details(&self, account_id: i64) -> Result<Option<DeliveryDetails>, StoreError>;
}

const COLUMNS: &str = "order_id, buyer_id, seller_id, list_id, sku, product_name, thumbnail, units, total_centimes,
    status, payment_method, created_at, product_id, order_key, delivery_fee_centimes, commission_centimes, delivery,
    status_at, delivered_at, reminded_at, late";

fn delivery_json(d: &DeliveryDetails) -> String {
    serde_json::json!({
        "fullName": d.full_name, "email": d.email, "phone": d.phone, "address": d.address, "cityId": d.city_id
    })
    .to_string()
}

fn delivery_of(text: &str) -> Result<DeliveryDetails, StoreError> {
    let v: serde_json::Value = serde_json::from_str(text).map_err(corrupt)?;
    let s = |k: &str| v[k].as_str().unwrap_or_default().to_string();
    Ok(DeliveryDetails {
        full_name: s("fullName"),
        email: s("email"),
        phone: s("phone"),
        address: s("address"),
        city_id: v["cityId"].as_u64().unwrap_or(0) as u32,
    })
}

fn row_to_order(r: &Row<'_>) -> Result<Order, StoreError> {
    let status: String = r.get(9)?;
    let method: String = r.get(10)?;
    let delivery: Option<String> = r.get(16)?;
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
        checkout: Checkout {
            product_id: r.get(12)?,
            order_key: r.get(13)?,
            delivery_fee: Money(r.get(14)?),
            commission: Money(r.get(15)?),
            delivery: delivery.as_deref().map(delivery_of).transpose()?,
            status_at: r.get(17)?,
            delivered_at: r.get(18)?,
            reminded_at: r.get(19)?,
            late: r.get(20)?,
        },
    })
}

fn query_orders(c: &Connection, sql: &str, args: impl rusqlite::Params) -> Result<Vec<Order>, StoreError> {
    let mut st = c.prepare_cached(sql)?;
    let mut rows = st.query(args)?;
    let mut out = Vec::new();
    while let Some(r) = rows.next()? {
        out.push(row_to_order(r)?);
    }
    Ok(out)
}

fn load_order(c: &Connection, order_id: &str) -> Result<Option<Order>, StoreError> {
    Ok(query_orders(c, &format!("SELECT {COLUMNS} FROM purchase_orders WHERE order_id = ?1"), [order_id])?.pop())
}

fn insert_order(c: &Connection, o: &Order) -> Result<(), StoreError> {
    let k = &o.checkout;
    c.prepare_cached(
        "INSERT INTO purchase_orders (order_id, buyer_id, seller_id, list_id, sku, product_name, thumbnail,
                                      units, total_centimes, status, payment_method, created_at, product_id,
                                      order_key, delivery_fee_centimes, commission_centimes, delivery, status_at,
                                      delivered_at, reminded_at, late)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21)",
    )?
    .execute(params![
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
        o.created_at,
        k.product_id,
        k.order_key,
        k.delivery_fee.centimes(),
        k.commission.centimes(),
        k.delivery.as_ref().map(delivery_json),
        k.status_at,
        k.delivered_at,
        k.reminded_at,
        k.late
    ])?;
    Ok(())
}

/// One page of one account's orders as buyer or seller (`who` is the column), and the count.
fn orders_page(
    c: &Connection,
    who: &str,
    account_id: i64,
    status: Option<SaleOrderStatus>,
    offset: u32,
    limit: u32,
) -> Result<(Vec<Order>, u64), StoreError> {
    // One account (and one status): one range of `purchase_orders_by_{who}_status` or
    // `purchase_orders_by_{who}`, walked newest first.
    let (index, filter) = match status {
        Some(_) => (format!("purchase_orders_by_{who}_status"), "status = ?2"),
        None => (format!("purchase_orders_by_{who}"), "?2 IS NULL"),
    };
    let rows_sql = format!(
        "SELECT {COLUMNS} FROM purchase_orders INDEXED BY {index} WHERE {who}_id = ?1 AND {filter}
         ORDER BY created_at DESC, order_id DESC LIMIT ?3 OFFSET ?4"
    );
    let count_sql = format!("SELECT count(*) FROM purchase_orders INDEXED BY {index} WHERE {who}_id = ?1 AND {filter}");
    let status = status.map(SaleOrderStatus::as_str);
    let orders = query_orders(c, &rows_sql, params![account_id, status, limit, offset])?;
    let count: i64 = c.prepare_cached(&count_sql)?.query_row(params![account_id, status], |r| r.get(0))?;
    Ok((orders, count.max(0) as u64))
}

/// The checkout's write: every check against what is stored now, then the order and the
/// stock change together.
fn place(c: &Connection, p: &Placement) -> Result<PlaceOutcome, StoreError> {
    let existing = query_orders(
        c,
        &format!("SELECT {COLUMNS} FROM purchase_orders WHERE buyer_id = ?1 AND order_key = ?2"),
        params![p.buyer_id, p.order_key],
    )?;
    if let Some(order) = existing.into_iter().next() {
        return Ok(PlaceOutcome::Existing(order));
    }
    let Some(product) = products::load_by_list_id(c, p.list_id)? else { return Ok(PlaceOutcome::NotForSale) };
    if !product.status.is_listed() {
        return Ok(PlaceOutcome::NotForSale);
    }
    if product.seller_id == p.buyer_id {
        return Ok(PlaceOutcome::OwnProduct);
    }
    if product.units < p.quantity {
        return Ok(PlaceOutcome::OutOfStock { left: product.units });
    }
    let amounts = order_amounts(product.unit_price, product.final_price(), p.quantity, p.delivery_fee);
    let units_left = product.units - p.quantity;
    let status = status_for_stock(product.status, units_left);
    let changed = c.execute(
        "UPDATE seller_products SET units = ?2, status = ?3, orders_count = orders_count + 1,
            version = version + 1, updated_at = ?4
         WHERE product_id = ?1 AND units >= ?5",
        params![product.product_id, units_left, status.as_str(), p.now, p.quantity],
    )?;
    if changed != 1 {
        return Err(StoreError::Conflict(format!("product {} changed under the checkout", product.product_id)));
    }
    let order = Order {
        order_id: p.order_id.clone(),
        buyer_id: p.buyer_id,
        seller_id: product.seller_id,
        list_id: Some(product.list_id),
        sku: product.reference.clone(),
        product_name: product.name.clone(),
        thumbnail: product.images.first().cloned(),
        units: p.quantity,
        total: amounts.total,
        status: SaleOrderStatus::Pending,
        payment_method: p.payment_method,
        created_at: p.now,
        checkout: Checkout {
            product_id: Some(product.product_id.clone()),
            order_key: Some(p.order_key.clone()),
            delivery_fee: amounts.delivery_fee,
            commission: commission(amounts.subtotal, p.commission_percent),
            delivery: Some(p.delivery.clone()),
            status_at: p.now,
            delivered_at: None,
            reminded_at: None,
            late: false,
        },
    };
    insert_order(c, &order)?;
    if p.remember {
        let d = &p.delivery;
        c.execute(
            "INSERT INTO checkout_details (account_id, full_name, email, phone, address, city_id, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
             ON CONFLICT (account_id) DO UPDATE SET full_name = excluded.full_name, email = excluded.email,
                phone = excluded.phone, address = excluded.address, city_id = excluded.city_id,
                updated_at = excluded.updated_at",
            params![p.buyer_id, d.full_name, d.email, d.phone, d.address, d.city_id, p.now],
        )?;
    }
    if status != product.status {
        products::sync_listing(c, &product.product_id, p.now)?;
    }
    Ok(PlaceOutcome::Placed(order))
}

/// The action's write: who may act, whether the status allows it, then the change, the
/// restock and the product's status together.
fn act(c: &Connection, r: &OrderActionRequest) -> Result<ActionOutcome, StoreError> {
    let refused = |code: ErrorCode, detail: String| Ok(ActionOutcome::Refused(SoukError::with_detail(code, detail)));
    let Some(order) = load_order(c, &r.order_id)? else {
        return refused(ErrorCode::NoOrderIsUpdated, format!("no order {}", r.order_id));
    };
    let is_seller = order.seller_id == r.actor_id;
    let is_buyer = order.buyer_id == r.actor_id && r.action.buyer_may();
    if !is_seller && !is_buyer {
        // Someone else's order answers as an unknown one.
        return refused(ErrorCode::NoOrderIsUpdated, format!("no order {} of account {}", r.order_id, r.actor_id));
    }
    if is_buyer && !is_seller && order.status != SaleOrderStatus::Pending && !order.status.is_final() {
        return refused(ErrorCode::UpdateIsNotAllowed, "a buyer cancels only a pending order".into());
    }
    let next = match transition(order.status, r.action) {
        Ok(next) => next,
        Err(e) => return Ok(ActionOutcome::Refused(e)),
    };
    let expected = order.status.as_str();
    let changed = match next {
        None => {
            c.execute("DELETE FROM purchase_orders WHERE order_id = ?1 AND status = ?2", params![r.order_id, expected])?
        }
        Some(status) => c.execute(
            "UPDATE purchase_orders SET status = ?3, status_at = ?4,
                delivered_at = CASE WHEN ?3 = 'DELIVERED' THEN ?4 ELSE delivered_at END
             WHERE order_id = ?1 AND status = ?2",
            params![r.order_id, expected, status.as_str(), r.now],
        )?,
    };
    if changed != 1 {
        return Err(StoreError::Conflict(format!("order {} changed under the action", r.order_id)));
    }
    if r.action.restocks()
        && let Some(product_id) = &order.checkout.product_id
    {
        products::restock(c, product_id, order.units, r.now)?;
    }
    let deleted = next.is_none();
    let order = if deleted { order } else { load_order(c, &r.order_id)?.ok_or_else(|| corrupt("order vanished"))? };
    Ok(ActionOutcome::Applied { order: Box::new(order), deleted })
}

#[async_trait]
impl OrderStore for SqliteStore {
    async fn insert_orders(&self, orders: Vec<Order>) -> Result<(), StoreError> {
        self.write(move |c| {
            for o in &orders {
                insert_order(c, o)?;
            }
            Ok(())
        })
        .await
    }

    async fn purchase_orders(&self, q: PurchaseOrdersQuery) -> Result<(Vec<Order>, u64), StoreError> {
        self.read(move |c| orders_page(c, "buyer", q.buyer_id, q.status, q.offset, q.limit)).await
    }

    async fn sale_orders(&self, q: SaleOrdersQuery) -> Result<(Vec<Order>, u64), StoreError> {
        self.read(move |c| orders_page(c, "seller", q.seller_id, q.status, q.offset, q.limit)).await
    }

    async fn sale_order_counts(&self, seller_id: i64) -> Result<Vec<(SaleOrderStatus, u64)>, StoreError> {
        self.read(move |c| {
            let mut st = c.prepare_cached(
                "SELECT status, count(*) FROM purchase_orders INDEXED BY purchase_orders_by_seller_status
                 WHERE seller_id = ?1 GROUP BY status",
            )?;
            let found: Vec<(String, i64)> =
                st.query_map([seller_id], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<Result<_, _>>()?;
            Ok(SaleOrderStatus::ALL
                .into_iter()
                .map(|s| {
                    let n = found.iter().find(|(w, _)| w == s.as_str()).map_or(0, |(_, n)| *n);
                    (s, n.max(0) as u64)
                })
                .collect())
        })
        .await
    }

    async fn seller_sums(&self, seller_id: i64, since: i64) -> Result<SellerSums, StoreError> {
        self.read(move |c| {
            let (orders, due, unpaid): (i64, i64, i64) = c
                .prepare_cached(
                    "SELECT count(*),
                    coalesce(sum(CASE WHEN status = 'DELIVERED' AND delivered_at >= ?2
                        THEN total_centimes - delivery_fee_centimes - commission_centimes END), 0),
                    coalesce(sum(CASE WHEN status IN ('PENDING', 'READY', 'DELIVERING')
                        THEN total_centimes - delivery_fee_centimes - commission_centimes END), 0)
                 FROM purchase_orders INDEXED BY purchase_orders_by_seller WHERE seller_id = ?1",
                )?
                .query_row(params![seller_id, since], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
            Ok(SellerSums { orders: orders.max(0) as u64, due: Money(due), unpaid: Money(unpaid) })
        })
        .await
    }

    async fn find_order(&self, order_id: &str) -> Result<Option<Order>, StoreError> {
        let order_id = order_id.to_string();
        self.read(move |c| load_order(c, &order_id)).await
    }

    async fn open_orders(&self) -> Result<Vec<Order>, StoreError> {
        self.read(|c| {
            query_orders(
                c,
                &format!(
                    "SELECT {COLUMNS} FROM purchase_orders INDEXED BY purchase_orders_open
                     WHERE status IN ('PENDING', 'READY', 'DELIVERING') ORDER BY status, order_id"
                ),
                [],
            )
        })
        .await
    }

    async fn place_order(&self, p: Placement) -> Result<PlaceOutcome, StoreError> {
        self.write(move |c| place(c, &p)).await
    }

    async fn apply_order_action(&self, r: OrderActionRequest) -> Result<ActionOutcome, StoreError> {
        self.write(move |c| act(c, &r)).await
    }

    async fn mark_reminded(&self, order_id: &str, at: i64) -> Result<bool, StoreError> {
        let order_id = order_id.to_string();
        self.write(move |c| {
            Ok(c.execute(
                "UPDATE purchase_orders SET reminded_at = ?2
                 WHERE order_id = ?1 AND status = 'PENDING' AND reminded_at IS NULL",
                params![order_id, at],
            )? == 1)
        })
        .await
    }

    async fn mark_late(&self, order_id: &str) -> Result<bool, StoreError> {
        let order_id = order_id.to_string();
        self.write(move |c| {
            Ok(c.execute(
                "UPDATE purchase_orders SET late = 1 WHERE order_id = ?1 AND status = 'DELIVERING' AND late = 0",
                [order_id],
            )? == 1)
        })
        .await
    }

    async fn checkout_details(&self, account_id: i64) -> Result<Option<DeliveryDetails>, StoreError> {
        self.read(move |c| {
            Ok(c.prepare_cached(
                "SELECT full_name, email, phone, address, city_id FROM checkout_details WHERE account_id = ?1",
            )?
            .query_row([account_id], |r| {
                Ok(DeliveryDetails {
                    full_name: r.get(0)?,
                    email: r.get(1)?,
                    phone: r.get(2)?,
                    address: r.get(3)?,
                    city_id: r.get(4)?,
                })
            })
            .optional()?)
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
            checkout: Checkout { status_at: created_at, ..Checkout::default() },
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

    fn product(seller_id: i64, units: u32) -> crate::products::Product {
        crate::products::Product {
            product_id: format!("prod-{seller_id}"),
            seller_id,
            ad_id: format!("ad-of-prod-{seller_id}"),
            list_id: 0,
            name: "Théière en argent".into(),
            category_id: 5010,
            city_id: 1,
            description: "Faite à la main à Fès.".into(),
            images: vec!["ads/1/large.jpg".into()],
            units,
            unit_price: Money(40_000),
            discount: Some(souk_domain::products::Discount::Percent(25)),
            reference: Some("TH-1".into()),
            boost_pack: None,
            orders_count: 0,
            status: souk_domain::products::ProductStatus::Active,
            version: 0,
            created_at: 1_700_000_000,
            updated_at: 1_700_000_000,
        }
    }

    fn placement(key: &str, buyer_id: i64, list_id: i64, quantity: u32) -> Placement {
        Placement {
            order_id: format!("order-{key}"),
            order_key: key.into(),
            buyer_id,
            list_id,
            quantity,
            payment_method: PaymentMethod::Cod,
            delivery: DeliveryDetails {
                full_name: "Salma Bennani".into(),
                email: "salma@example.ma".into(),
                phone: "0612345678".into(),
                address: "12 rue Ibn Sina".into(),
                city_id: 1,
            },
            remember: false,
            delivery_fee: Money(2_500),
            commission_percent: 10,
            now: 1_700_000_100,
        }
    }

    /// A checkout reserves the units and stores the order together; the same key answers the
    /// same order; refusals (too many units, own product, unknown ad) write nothing; the last
    /// unit makes the product out of stock.
    /// `seller` is an account of the store.
    pub async fn checkout_reserves_stock_once<S: OrderStore + crate::products::ProductStore>(store: &S, seller: i64) {
        let p = store.insert_product(product(seller, 3), "sell".into()).await.expect("product");
        let placed = store.place_order(placement("k1", 40, p.list_id, 2)).await.expect("place");
        let PlaceOutcome::Placed(order) = placed else { panic!("placed: {placed:?}") };
        // 2 × 300 DH (400 − 25 %) + 25 DH; commission 10 % of 600 DH.
        assert_eq!((order.total, order.checkout.commission), (Money(62_500), Money(6_000)));
        assert_eq!(order.status, SaleOrderStatus::Pending);
        let again = store.place_order(placement("k1", 40, p.list_id, 2)).await.expect("retry");
        assert_eq!(again, PlaceOutcome::Existing(order.clone()));
        assert_eq!(
            store.place_order(placement("k2", 41, p.list_id, 2)).await.expect("too many"),
            PlaceOutcome::OutOfStock { left: 1 }
        );
        assert_eq!(
            store.place_order(placement("k3", seller, p.list_id, 1)).await.expect("own"),
            PlaceOutcome::OwnProduct
        );
        assert_eq!(
            store.place_order(placement("k4", 41, 9_999_999, 1)).await.expect("unknown"),
            PlaceOutcome::NotForSale
        );
        let left = store.find_product(&p.product_id).await.expect("read").expect("product");
        assert_eq!((left.units, left.orders_count), (1, 1), "refusals changed nothing");
        let last = store.place_order(placement("k5", 41, p.list_id, 1)).await.expect("last unit");
        assert!(matches!(last, PlaceOutcome::Placed(_)));
        let sold_out = store.find_product(&p.product_id).await.expect("read").expect("product");
        assert_eq!((sold_out.units, sold_out.status), (0, souk_domain::products::ProductStatus::OutOfStock));
        let (sales, n) = store
            .sale_orders(SaleOrdersQuery { seller_id: seller, status: None, offset: 0, limit: 10 })
            .await
            .expect("sales");
        assert_eq!((n, sales.len()), (2, 2));
        assert_eq!(store.open_orders().await.expect("open").len(), 2);
    }

    /// Actions: only the seller (or the buyer's cancel of a PENDING order); refusals write
    /// nothing; cancel puts the units back and makes the product active again.
    /// `seller` is an account of the store.
    pub async fn workflow_actions_check_who_and_what<S: OrderStore + crate::products::ProductStore>(
        store: &S,
        seller: i64,
    ) {
        let p = store.insert_product(product(seller, 1), "sell".into()).await.expect("product");
        let PlaceOutcome::Placed(order) = store.place_order(placement("w1", 60, p.list_id, 1)).await.expect("place")
        else {
            panic!("not placed")
        };
        let act = |actor_id, action| OrderActionRequest {
            order_id: order.order_id.clone(),
            actor_id,
            action,
            now: 1_700_000_200,
        };
        let refused = |o: ActionOutcome| match o {
            ActionOutcome::Refused(e) => e.code,
            other => panic!("applied: {other:?}"),
        };
        use souk_domain::ErrorCode as E;
        assert_eq!(refused(store.apply_order_action(act(61, OrderAction::Cancel)).await.unwrap()), E::NoOrderIsUpdated);
        assert_eq!(
            refused(store.apply_order_action(act(60, OrderAction::Prepare)).await.unwrap()),
            E::NoOrderIsUpdated
        );
        assert_eq!(
            refused(store.apply_order_action(act(seller, OrderAction::Ship)).await.unwrap()),
            E::UpdateIsNotAllowed
        );
        let ActionOutcome::Applied { order: ready, .. } =
            store.apply_order_action(act(seller, OrderAction::Prepare)).await.unwrap()
        else {
            panic!("prepare")
        };
        assert_eq!((ready.status, ready.checkout.status_at), (SaleOrderStatus::Ready, 1_700_000_200));
        assert_eq!(
            refused(store.apply_order_action(act(60, OrderAction::Cancel)).await.unwrap()),
            E::UpdateIsNotAllowed
        );
        let ActionOutcome::Applied { order: cancelled, deleted } =
            store.apply_order_action(act(seller, OrderAction::Cancel)).await.unwrap()
        else {
            panic!("cancel")
        };
        assert_eq!((cancelled.status, deleted), (SaleOrderStatus::Cancelled, false));
        let back = store.find_product(&p.product_id).await.expect("read").expect("product");
        assert_eq!((back.units, back.status), (1, souk_domain::products::ProductStatus::Active));
        assert_eq!(
            refused(store.apply_order_action(act(seller, OrderAction::Cancel)).await.unwrap()),
            E::OrderAlreadyCompleted
        );
        assert!(!store.mark_reminded(&order.order_id, 1).await.unwrap(), "only a pending order is reminded");
        assert!(store.open_orders().await.unwrap().iter().all(|o| o.order_id != order.order_id));
    }
}
