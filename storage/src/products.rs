//! Stored seller-centre products (spec §3 seller product, §4 product statuses): the
//! `seller_products` table, read by its seller's partition (one status of one seller is one
//! index range) or by the list id of the ad that carries it in search. Each product has one ad
//! of its shop, written in the same transaction as the product, so search, the ad view and the
//! product never disagree: the ad is public while the product is active or out of stock,
//! deactivated or deleted with it. Every change is conditional on the version the caller read.

use crate::ads::{corrupt, insert_ad_row, next_list_id};
use crate::error::StoreError;
use crate::search;
use crate::sqlite::SqliteStore;
use async_trait::async_trait;
use rusqlite::{Connection, Row, params};
use souk_domain::ad::{Ad, AdStatus};
use souk_domain::money::Money;
use souk_domain::products::{Discount, ProductStatus, final_price, status_for_stock};
use std::collections::BTreeMap;

/// One product of an e-commerce shop.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Product {
    /// UUIDv7 text.
    pub product_id: String,
    pub seller_id: i64,
    /// The ad that carries it in search.
    pub ad_id: String,
    /// The ad's public id (given by the store at insert).
    pub list_id: i64,
    pub name: String,
    /// Its sub-category.
    pub category_id: u32,
    pub city_id: u32,
    pub description: String,
    /// Media keys of its photos, cover first.
    pub images: Vec<String>,
    pub units: u32,
    pub unit_price: Money,
    pub discount: Option<Discount>,
    /// The seller's reference (SKU).
    pub reference: Option<String>,
    /// The boost pack chosen for it (applied by the boosts capability).
    pub boost_pack: Option<String>,
    pub orders_count: u64,
    pub status: ProductStatus,
    /// Bumped by every change: a change is applied only on the version it was made from.
    pub version: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

impl Product {
    /// What a buyer pays for one unit.
    pub fn final_price(&self) -> Money {
        final_price(self.unit_price, self.discount)
    }
}

/// One page of a seller's products, of one status or all but deleted ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProductsQuery {
    pub seller_id: i64,
    pub status: Option<ProductStatus>,
    pub offset: u32,
    pub limit: u32,
}

#[async_trait]
pub trait ProductStore: Send + Sync + 'static {
    /// Stores a new product and its ad (type `ad_type`) together; the list id is given here.
    async fn insert_product(&self, product: Product, ad_type: String) -> Result<Product, StoreError>;
    /// Makes products of ads that exist already (the demo's e-commerce shops), all or none:
    /// each ad takes its product's content, price, promo and status.
    async fn insert_products_for_ads(&self, products: Vec<Product>) -> Result<(), StoreError>;
    /// Writes `product` (its version bumped) and its ad, if the stored version is still
    /// `product.version`; `Conflict` otherwise.
    async fn save_product(&self, product: Product) -> Result<Product, StoreError>;
    async fn find_product(&self, product_id: &str) -> Result<Option<Product>, StoreError>;
    /// The product an ad carries.
    async fn product_of_listing(&self, list_id: i64) -> Result<Option<Product>, StoreError>;
    /// One page of a seller's products, newest change first, and the count.
    async fn my_products(&self, q: ProductsQuery) -> Result<(Vec<Product>, u64), StoreError>;
    /// How many of a seller's products are in each status but deleted (zeros included).
    async fn product_counts(&self, seller_id: i64) -> Result<Vec<(ProductStatus, u64)>, StoreError>;
}

const COLUMNS: &str = "product_id, seller_id, ad_id, list_id, name, category_id, city_id, description, images, units,
    unit_price_centimes, discount_kind, discount_value, reference, boost_pack, orders_count, status, version,
    created_at, updated_at";

fn row_to_product(r: &Row<'_>) -> Result<Product, StoreError> {
    let images: String = r.get(8)?;
    let kind: Option<String> = r.get(11)?;
    let value: Option<i64> = r.get(12)?;
    let status: String = r.get(16)?;
    let discount = match (kind.as_deref(), value) {
        (Some("percent"), Some(v)) => Some(Discount::Percent(u8::try_from(v).map_err(corrupt)?)),
        (Some("amount"), Some(v)) => Some(Discount::Amount(Money(v))),
        (None, _) => None,
        (k, v) => return Err(corrupt(format!("discount {k:?} {v:?}"))),
    };
    Ok(Product {
        product_id: r.get(0)?,
        seller_id: r.get(1)?,
        ad_id: r.get(2)?,
        list_id: r.get(3)?,
        name: r.get(4)?,
        category_id: r.get(5)?,
        city_id: r.get(6)?,
        description: r.get(7)?,
        images: serde_json::from_str(&images).map_err(corrupt)?,
        units: r.get(9)?,
        unit_price: Money(r.get(10)?),
        discount,
        reference: r.get(13)?,
        boost_pack: r.get(14)?,
        orders_count: r.get::<_, i64>(15)?.max(0) as u64,
        status: ProductStatus::parse(&status).ok_or_else(|| corrupt(format!("product status {status}")))?,
        version: r.get(17)?,
        created_at: r.get(18)?,
        updated_at: r.get(19)?,
    })
}

fn query(c: &Connection, sql: &str, args: impl rusqlite::Params) -> Result<Vec<Product>, StoreError> {
    let mut st = c.prepare_cached(sql)?;
    let mut rows = st.query(args)?;
    let mut out = Vec::new();
    while let Some(r) = rows.next()? {
        out.push(row_to_product(r)?);
    }
    Ok(out)
}

fn load(c: &Connection, product_id: &str) -> Result<Option<Product>, StoreError> {
    Ok(query(c, &format!("SELECT {COLUMNS} FROM seller_products WHERE product_id = ?1"), [product_id])?.pop())
}

/// The product carried by the ad `list_id`.
pub(crate) fn load_by_list_id(c: &Connection, list_id: i64) -> Result<Option<Product>, StoreError> {
    Ok(query(c, &format!("SELECT {COLUMNS} FROM seller_products WHERE list_id = ?1"), [list_id])?.pop())
}

fn discount_columns(d: Option<Discount>) -> (Option<&'static str>, Option<i64>) {
    match d {
        None => (None, None),
        Some(Discount::Percent(p)) => (Some("percent"), Some(i64::from(p))),
        Some(Discount::Amount(m)) => (Some("amount"), Some(m.centimes())),
    }
}

fn ad_status(status: ProductStatus) -> AdStatus {
    match status {
        ProductStatus::Active | ProductStatus::OutOfStock => AdStatus::Active,
        ProductStatus::Deactivated => AdStatus::Deactivated,
        ProductStatus::Deleted => AdStatus::Deleted,
    }
}

/// Brings the product's ad in line with the product (content, price, promo, status) and
/// re-syncs its search rows.
pub(crate) fn sync_listing(c: &Connection, product_id: &str, now: i64) -> Result<(), StoreError> {
    let p = load(c, product_id)?.ok_or_else(|| corrupt(format!("no product {product_id}")))?;
    let status = ad_status(p.status).as_str();
    let badge = p.discount.map(|d| d.badge_percent(p.unit_price));
    c.execute(
        "UPDATE ads SET title = ?2, description = ?3, category_id = ?4, city_id = ?5, price_centimes = ?6,
            discount = ?7, images = ?8, delivery = 1, modified_at = ?9,
            state_time = CASE WHEN status = ?10 THEN state_time ELSE ?9 END,
            rank_time = CASE WHEN status <> 'active' AND ?10 = 'active' THEN ?9 ELSE rank_time END,
            status = ?10
         WHERE ad_id = ?1",
        params![
            p.ad_id,
            p.name,
            p.description,
            p.category_id,
            p.city_id,
            p.unit_price.centimes(),
            badge,
            serde_json::to_string(&p.images).map_err(corrupt)?,
            now,
            status
        ],
    )?;
    search::sync_ad(c, &p.ad_id, false)
}

/// Puts `units` back into a product's stock (a cancelled, deleted or returned order); an
/// out-of-stock product is active again.
pub(crate) fn restock(c: &Connection, product_id: &str, units: u32, now: i64) -> Result<(), StoreError> {
    let Some(p) = load(c, product_id)? else { return Ok(()) };
    let total = p.units.saturating_add(units);
    let status = status_for_stock(p.status, total);
    c.execute(
        "UPDATE seller_products SET units = ?2, status = ?3, version = version + 1, updated_at = ?4
         WHERE product_id = ?1",
        params![product_id, total, status.as_str(), now],
    )?;
    if status != p.status {
        sync_listing(c, product_id, now)?;
    }
    Ok(())
}

fn write_row(c: &Connection, p: &Product, insert: bool) -> Result<usize, StoreError> {
    let (kind, value) = discount_columns(p.discount);
    let images = serde_json::to_string(&p.images).map_err(corrupt)?;
    let sql = if insert {
        "INSERT INTO seller_products (product_id, seller_id, ad_id, list_id, name, category_id, city_id, description,
            images, units, unit_price_centimes, discount_kind, discount_value, reference, boost_pack, orders_count,
            status, version, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20)"
    } else {
        "UPDATE seller_products SET name = ?5, category_id = ?6, city_id = ?7, description = ?8, images = ?9,
            units = ?10, unit_price_centimes = ?11, discount_kind = ?12, discount_value = ?13, reference = ?14,
            boost_pack = ?15, status = ?17, version = ?18 + 1, updated_at = ?20
         WHERE product_id = ?1 AND seller_id = ?2 AND ad_id = ?3 AND list_id = ?4 AND version = ?18"
    };
    Ok(c.prepare_cached(sql)?.execute(params![
        p.product_id,
        p.seller_id,
        p.ad_id,
        p.list_id,
        p.name,
        p.category_id,
        p.city_id,
        p.description,
        images,
        p.units,
        p.unit_price.centimes(),
        kind,
        value,
        p.reference,
        p.boost_pack,
        p.orders_count as i64,
        p.status.as_str(),
        p.version,
        p.created_at,
        p.updated_at
    ])?)
}

#[async_trait]
impl ProductStore for SqliteStore {
    async fn insert_product(&self, product: Product, ad_type: String) -> Result<Product, StoreError> {
        self.write(move |c| {
            let list_id = next_list_id(c)?;
            let p = Product { list_id, version: 0, ..product };
            let ad = Ad {
                ad_id: p.ad_id.clone(),
                list_id,
                account_id: p.seller_id,
                category_id: p.category_id,
                ad_type,
                title: p.name.clone(),
                description: p.description.clone(),
                price: Some(p.unit_price),
                city_id: p.city_id,
                area_id: None,
                params: BTreeMap::new(),
                status: ad_status(p.status),
                urgent: false,
                delivery: true,
                phone_hidden: false,
                images: p.images.clone(),
                published_at: p.created_at,
                modified_at: p.updated_at,
                discount: p.discount.map(|d| d.badge_percent(p.unit_price)),
                video: None,
                state_time: p.created_at,
                edit_status: None,
                refusal_reason: None,
            };
            insert_ad_row(c, &ad)?;
            write_row(c, &p, true)?;
            load(c, &p.product_id)?.ok_or_else(|| corrupt("product vanished"))
        })
        .await
    }

    async fn insert_products_for_ads(&self, products: Vec<Product>) -> Result<(), StoreError> {
        self.write(move |c| {
            for p in &products {
                write_row(c, p, true)?;
                sync_listing(c, &p.product_id, p.updated_at)?;
            }
            Ok(())
        })
        .await
    }

    async fn save_product(&self, product: Product) -> Result<Product, StoreError> {
        self.write(move |c| {
            if write_row(c, &product, false)? != 1 {
                return Err(StoreError::Conflict(format!("product {} changed", product.product_id)));
            }
            sync_listing(c, &product.product_id, product.updated_at)?;
            load(c, &product.product_id)?.ok_or_else(|| corrupt("product vanished"))
        })
        .await
    }

    async fn find_product(&self, product_id: &str) -> Result<Option<Product>, StoreError> {
        let product_id = product_id.to_string();
        self.read(move |c| load(c, &product_id)).await
    }

    async fn product_of_listing(&self, list_id: i64) -> Result<Option<Product>, StoreError> {
        self.read(move |c| load_by_list_id(c, list_id)).await
    }

    async fn my_products(&self, q: ProductsQuery) -> Result<(Vec<Product>, u64), StoreError> {
        self.read(move |c| {
            // One seller (and one status): one range of `seller_products_by_seller_status`.
            let (filter, status) = match q.status {
                Some(s) => ("status = ?2", s.as_str()),
                None => ("status <> ?2", ProductStatus::Deleted.as_str()),
            };
            let rows = query(
                c,
                &format!(
                    "SELECT {COLUMNS} FROM seller_products INDEXED BY seller_products_by_seller_status
                     WHERE seller_id = ?1 AND {filter} ORDER BY updated_at DESC, product_id DESC LIMIT ?3 OFFSET ?4"
                ),
                params![q.seller_id, status, q.limit, q.offset],
            )?;
            let count: i64 = c
                .prepare_cached(&format!(
                    "SELECT count(*) FROM seller_products INDEXED BY seller_products_by_seller_status
                     WHERE seller_id = ?1 AND {filter}"
                ))?
                .query_row(params![q.seller_id, status], |r| r.get(0))?;
            Ok((rows, count.max(0) as u64))
        })
        .await
    }

    async fn product_counts(&self, seller_id: i64) -> Result<Vec<(ProductStatus, u64)>, StoreError> {
        self.read(move |c| {
            let mut st = c.prepare_cached(
                "SELECT status, count(*) FROM seller_products INDEXED BY seller_products_by_seller_status
                 WHERE seller_id = ?1 GROUP BY status",
            )?;
            let found: Vec<(String, i64)> =
                st.query_map([seller_id], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<Result<_, _>>()?;
            Ok([ProductStatus::Active, ProductStatus::OutOfStock, ProductStatus::Deactivated]
                .into_iter()
                .map(|s| (s, found.iter().find(|(w, _)| w == s.as_str()).map_or(0, |(_, n)| (*n).max(0) as u64)))
                .collect())
        })
        .await
    }
}
