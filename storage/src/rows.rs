//! The leaf of the SQLite backend's shared row helpers: an ad's stored columns and how a row
//! reads back into a [`StoredAd`], and the error of a value that cannot be read. Both the ads'
//! module and the listing index read ads through it, so neither imports the other for it
//! (ads → search to keep the index in step; search → rows, never → ads).

use crate::error::StoreError;
use rusqlite::{Connection, Row};
use souk_domain::ad::{Ad, AdStatus, EditStatus};
use souk_domain::money::Money;

/// An ad with what only the store keeps: moderation counters, photo allowance, performance.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredAd {
    pub ad: Ad,
    pub resubmissions: u32,
    pub photo_allowance: u32,
    pub views: u64,
    pub phone_views: u64,
    pub conversations: u64,
    /// End of the latest boost pack (0 when never boosted).
    pub boosted_until: i64,
    pub rank_time: i64,
}

pub(crate) const COLUMNS: &str =
    "ad_id, list_id, account_id, category_id, ad_type, title, description, price_centimes, city_id,
    area_id, params, status, urgent, delivery, phone_hidden, images, published_at, modified_at, discount, video,
    state_time, edit_status, refusal_reason, resubmissions, photo_allowance, views, phone_views, conversations,
    boosted_until, rank_time";

/// A stored value that cannot be read back.
pub(crate) fn corrupt(what: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt(what.to_string())
}

fn row_to_ad(r: &Row<'_>) -> Result<StoredAd, StoreError> {
    let status: String = r.get(11)?;
    let params: String = r.get(10)?;
    let images: String = r.get(15)?;
    let edit_status: Option<String> = r.get(21)?;
    Ok(StoredAd {
        ad: Ad {
            ad_id: r.get(0)?,
            list_id: r.get(1)?,
            account_id: r.get(2)?,
            category_id: r.get(3)?,
            ad_type: r.get(4)?,
            title: r.get(5)?,
            description: r.get(6)?,
            price: r.get::<_, Option<i64>>(7)?.map(Money),
            city_id: r.get(8)?,
            area_id: r.get(9)?,
            params: serde_json::from_str(&params).map_err(corrupt)?,
            status: AdStatus::parse(&status).ok_or_else(|| corrupt(format!("ad status {status}")))?,
            urgent: r.get(12)?,
            delivery: r.get(13)?,
            phone_hidden: r.get(14)?,
            images: serde_json::from_str(&images).map_err(corrupt)?,
            published_at: r.get(16)?,
            modified_at: r.get(17)?,
            discount: r.get(18)?,
            video: r.get(19)?,
            state_time: r.get(20)?,
            edit_status: edit_status.as_deref().and_then(EditStatus::parse),
            refusal_reason: r.get(22)?,
        },
        resubmissions: r.get(23)?,
        photo_allowance: r.get(24)?,
        views: r.get::<_, i64>(25)?.max(0) as u64,
        phone_views: r.get::<_, i64>(26)?.max(0) as u64,
        conversations: r.get::<_, i64>(27)?.max(0) as u64,
        boosted_until: r.get(28)?,
        rank_time: r.get(29)?,
    })
}

pub(crate) fn query_ads(c: &Connection, sql: &str, args: impl rusqlite::Params) -> Result<Vec<StoredAd>, StoreError> {
    let mut st = c.prepare_cached(sql)?;
    let mut rows = st.query(args)?;
    let mut out = Vec::new();
    while let Some(r) = rows.next()? {
        out.push(row_to_ad(r)?);
    }
    Ok(out)
}
