//! Stored ads. The Foundation needs what the demo seed writes and counts; the ad lifecycle,
//! my ads and listings extend this trait with the Ads and Search capabilities.

use crate::error::StoreError;
use crate::sqlite::SqliteStore;
use async_trait::async_trait;
use rusqlite::params;
use souk_domain::ad::{Ad, AdStatus};

#[async_trait]
pub trait AdStore: Send + Sync + 'static {
    /// Stores the ads all together, or none of them.
    async fn insert_ads(&self, ads: Vec<Ad>) -> Result<(), StoreError>;
    /// How many ads are in each status (statuses with none are left out).
    async fn count_ads_by_status(&self) -> Result<Vec<(AdStatus, u64)>, StoreError>;
}

#[async_trait]
impl AdStore for SqliteStore {
    async fn insert_ads(&self, ads: Vec<Ad>) -> Result<(), StoreError> {
        self.write(move |c| {
            let mut st = c.prepare(
                "INSERT INTO ads (ad_id, list_id, account_id, category_id, ad_type, title, description, price_centimes,
                                  city_id, area_id, params, status, urgent, delivery, phone_hidden, images,
                                  published_at, modified_at, rank_time)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?17)",
            )?;
            for a in &ads {
                let params_json = serde_json::to_string(&a.params).map_err(|e| StoreError::Corrupt(e.to_string()))?;
                let images = serde_json::to_string(&a.images).map_err(|e| StoreError::Corrupt(e.to_string()))?;
                st.execute(params![
                    a.ad_id,
                    a.list_id,
                    a.account_id,
                    a.category_id,
                    a.ad_type,
                    a.title,
                    a.description,
                    a.price.map(|p| p.centimes()),
                    a.city_id,
                    a.area_id,
                    params_json,
                    a.status.as_str(),
                    a.urgent,
                    a.delivery,
                    a.phone_hidden,
                    images,
                    a.published_at,
                    a.modified_at
                ])?;
            }
            Ok(())
        })
        .await
    }

    async fn count_ads_by_status(&self) -> Result<Vec<(AdStatus, u64)>, StoreError> {
        self.read(|c| {
            let mut st = c.prepare("SELECT status, count(*) FROM ads GROUP BY status ORDER BY status")?;
            let rows = st.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)))?;
            let mut out = Vec::new();
            for row in rows {
                let (status, n) = row?;
                let status =
                    AdStatus::parse(&status).ok_or_else(|| StoreError::Corrupt(format!("ad status {status}")))?;
                out.push((status, n.max(0) as u64));
            }
            Ok(out)
        })
        .await
    }
}
