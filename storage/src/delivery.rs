//! Home-delivery requests (spec §2 delivery order, §3 delivery request, §9 callback within 2
//! hours): one row per request, read by the seller of the ad (newest first) and by the
//! callback desk (soonest due first).

use crate::error::StoreError;
use crate::sqlite::SqliteStore;
use async_trait::async_trait;
use rusqlite::{Row, params};

/// One request for home delivery of an ad's item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeliveryRequest {
    /// UUIDv7 text.
    pub request_id: String,
    pub list_id: i64,
    pub seller_id: i64,
    /// The signed-in requester, if any (visitors may ask too).
    pub requester_id: Option<i64>,
    pub ad_title: String,
    pub first_name: String,
    pub email: String,
    pub phone: String,
    pub city_id: u32,
    pub area_id: Option<u32>,
    pub address: String,
    pub created_at: i64,
    /// When the callback is due (spec §9: within 2 hours).
    pub callback_before: i64,
}

#[async_trait]
pub trait DeliveryRequestStore: Send + Sync + 'static {
    async fn insert_delivery_request(&self, r: DeliveryRequest) -> Result<(), StoreError>;
    /// The requests on a seller's ads, newest first.
    async fn seller_delivery_requests(&self, seller_id: i64, limit: u32) -> Result<Vec<DeliveryRequest>, StoreError>;
    /// Requests whose callback is due after `after`, soonest first.
    async fn delivery_callbacks(&self, after: i64, limit: u32) -> Result<Vec<DeliveryRequest>, StoreError>;
}

const COLUMNS: &str = "request_id, list_id, seller_id, requester_id, ad_title, first_name, email, phone, city_id,
    area_id, address, created_at, callback_before";

fn row(r: &Row<'_>) -> rusqlite::Result<DeliveryRequest> {
    Ok(DeliveryRequest {
        request_id: r.get(0)?,
        list_id: r.get(1)?,
        seller_id: r.get(2)?,
        requester_id: r.get(3)?,
        ad_title: r.get(4)?,
        first_name: r.get(5)?,
        email: r.get(6)?,
        phone: r.get(7)?,
        city_id: r.get(8)?,
        area_id: r.get(9)?,
        address: r.get(10)?,
        created_at: r.get(11)?,
        callback_before: r.get(12)?,
    })
}

#[async_trait]
impl DeliveryRequestStore for SqliteStore {
    async fn insert_delivery_request(&self, d: DeliveryRequest) -> Result<(), StoreError> {
        self.write(move |c| {
            c.execute(
                &format!("INSERT INTO delivery_requests ({COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)"),
                params![
                    d.request_id,
                    d.list_id,
                    d.seller_id,
                    d.requester_id,
                    d.ad_title,
                    d.first_name,
                    d.email,
                    d.phone,
                    d.city_id,
                    d.area_id,
                    d.address,
                    d.created_at,
                    d.callback_before
                ],
            )?;
            Ok(())
        })
        .await
    }

    async fn seller_delivery_requests(&self, seller_id: i64, limit: u32) -> Result<Vec<DeliveryRequest>, StoreError> {
        self.read(move |c| {
            let mut st = c.prepare_cached(&format!(
                "SELECT {COLUMNS} FROM delivery_requests INDEXED BY delivery_requests_by_seller
                 WHERE seller_id = ?1 ORDER BY created_at DESC, request_id DESC LIMIT ?2"
            ))?;
            Ok(st.query_map(params![seller_id, limit], row)?.collect::<Result<_, _>>()?)
        })
        .await
    }

    async fn delivery_callbacks(&self, after: i64, limit: u32) -> Result<Vec<DeliveryRequest>, StoreError> {
        self.read(move |c| {
            let mut st = c.prepare_cached(&format!(
                "SELECT {COLUMNS} FROM delivery_requests INDEXED BY delivery_requests_by_due
                 WHERE callback_before > ?1 ORDER BY callback_before, request_id LIMIT ?2"
            ))?;
            Ok(st.query_map(params![after, limit], row)?.collect::<Result<_, _>>()?)
        })
        .await
    }
}
