//! Stored ads and what hangs off them: the ads table (one owner's ads by status, listings by
//! category and city), drafts of the ad form, pending edits, uploaded media, the moderation
//! queue, boost packs, saved ads, abuse reports and the calendars of vacation rentals. Every change of an ad is one conditional
//! write (it applies only if the ad is still in the status the caller saw), together with its
//! queue entry and its audit line, so a failed request leaves the data as it was.

use crate::accounts::AuditEntry;
use crate::error::StoreError;
pub use crate::rows::StoredAd;
pub(crate) use crate::rows::{COLUMNS, corrupt, query_ads};
use crate::search;
use crate::sqlite::SqliteStore;
use async_trait::async_trait;
use rusqlite::{Connection, OptionalExtension, params};
use souk_domain::ad::{Ad, AdStatus, EditStatus, ParamValue, VasPack};
use souk_domain::availability::BookedPeriod;
use souk_domain::catalog::{AreaId, CategoryId, CityId};
use souk_domain::money::Money;
use std::collections::BTreeMap;

/// The content fields of an ad, as the form writes them.
#[derive(Debug, Clone, PartialEq)]
pub struct AdFields {
    pub category_id: CategoryId,
    pub ad_type: String,
    pub title: String,
    pub description: String,
    pub price: Option<Money>,
    pub city_id: CityId,
    pub area_id: Option<AreaId>,
    pub params: BTreeMap<String, ParamValue>,
    pub urgent: bool,
    pub delivery: bool,
    pub phone_hidden: bool,
    pub images: Vec<String>,
    pub video: Option<String>,
    pub discount: Option<u8>,
    pub duplicate_key: String,
}

/// What happens to the moderation queue with a change.
#[derive(Debug, Clone, PartialEq)]
pub enum QueueOp {
    Keep,
    /// Enters (or re-enters) the queue: kind "new", "edit" or "appeal", with automatic-check flags.
    Enqueue {
        kind: &'static str,
        flags: Vec<String>,
    },
    Dequeue,
}

/// What happens to a pending edit with a change.
#[derive(Debug, Clone, PartialEq)]
pub enum PendingEditOp {
    Keep,
    Set(String),
    Clear,
}

/// One conditional change of an ad: applied only if the ad is still `expected`.
#[derive(Debug, Clone, PartialEq)]
pub struct AdChange {
    pub ad_id: String,
    pub expected: AdStatus,
    pub now: i64,
    pub status: Option<AdStatus>,
    pub fields: Option<AdFields>,
    pub edit_status: Option<Option<EditStatus>>,
    pub refusal_reason: Option<Option<String>>,
    pub count_resubmission: bool,
    pub queue: QueueOp,
    pub pending_edit: PendingEditOp,
    /// Recorded when an admin acts as the owner.
    pub audit: Option<AuditEntry>,
}

impl AdChange {
    pub fn new(ad_id: impl Into<String>, expected: AdStatus, now: i64) -> AdChange {
        AdChange {
            ad_id: ad_id.into(),
            expected,
            now,
            status: None,
            fields: None,
            edit_status: None,
            refusal_reason: None,
            count_resubmission: false,
            queue: QueueOp::Keep,
            pending_edit: PendingEditOp::Keep,
            audit: None,
        }
    }
}

/// A new ad from the form, entering moderation.
#[derive(Debug, Clone, PartialEq)]
pub struct NewAd {
    pub ad_id: String,
    pub account_id: i64,
    pub fields: AdFields,
    pub photo_allowance: u32,
    pub now: i64,
    pub flags: Vec<String>,
    pub audit: Option<AuditEntry>,
    /// The draft it came from, deleted in the same write.
    pub draft_id: Option<String>,
}

/// A saved draft of the ad form.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredDraft {
    pub draft_id: String,
    pub account_id: i64,
    pub ad_id: Option<String>,
    pub step: u8,
    /// The draft as JSON (the service's `AdDraft`).
    pub content: String,
    pub created_at: i64,
    pub updated_at: i64,
}

/// An uploaded photo or video.
#[derive(Debug, Clone, PartialEq)]
pub struct MediaRecord {
    pub media_id: String,
    pub account_id: i64,
    /// "photo" or "video".
    pub kind: String,
    /// The media-store key prefix of its files.
    pub base_key: String,
    pub width: u32,
    pub height: u32,
    pub bytes: u64,
    pub duration_ms: Option<u64>,
    pub created_at: i64,
}

/// One entry of the moderation queue with its ad.
#[derive(Debug, Clone, PartialEq)]
pub struct QueueEntry {
    pub kind: String,
    pub submitted_at: i64,
    pub flags: Vec<String>,
    pub ad: StoredAd,
    /// The edit waiting, for kind "edit" (JSON of the fields).
    pub pending_edit: Option<String>,
}

/// An abuse report.
#[derive(Debug, Clone, PartialEq)]
pub struct AbuseReport {
    pub list_id: i64,
    /// The reporter's account id (as text) or, for a visitor, the address given in `from`.
    pub reporter: String,
    pub reporter_account: Option<i64>,
    pub report_type: String,
    pub body: String,
    pub created_at: i64,
}

/// One reported ad of the admins' report queue: its open reports, oldest first.
#[derive(Debug, Clone, PartialEq)]
pub struct ReportedAd {
    pub list_id: i64,
    pub reports: Vec<AbuseReport>,
}

/// A moderator closing every open report of an ad (`dismiss_reports`), with its audit line.
#[derive(Debug, Clone, PartialEq)]
pub struct ReportDismissal {
    pub list_id: i64,
    pub admin_id: i64,
    /// A `DismissalReason` key.
    pub reason: String,
    pub note: Option<String>,
    pub at: i64,
    pub audit: AuditEntry,
}

/// Which of one owner's ads a my-ads page lists.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MyAdsQuery {
    pub account_id: i64,
    pub status: AdStatus,
    /// `Some(true)`: only ads boosted at `now`; `Some(false)`: only ads not boosted.
    pub boosted: Option<bool>,
    pub now: i64,
    pub offset: u32,
    pub limit: u32,
}

#[async_trait]
pub trait AdStore: Send + Sync + 'static {
    /// Stores the ads all together, or none of them.
    async fn insert_ads(&self, ads: Vec<Ad>) -> Result<(), StoreError>;
    /// How many ads are in each status (statuses with none are left out).
    async fn count_ads_by_status(&self) -> Result<Vec<(AdStatus, u64)>, StoreError>;
    /// A new ad from the form, with its list id, queued for moderation.
    async fn create_ad(&self, new: NewAd) -> Result<StoredAd, StoreError>;
    /// Applies a change if the ad is still in `expected`; `Conflict` otherwise.
    async fn apply_change(&self, change: AdChange) -> Result<StoredAd, StoreError>;
    async fn find_ad(&self, ad_id: &str) -> Result<Option<StoredAd>, StoreError>;
    async fn find_by_list_id(&self, list_id: i64) -> Result<Option<StoredAd>, StoreError>;
    /// One page of an owner's ads of one status, newest change first, and how many there are.
    async fn my_ads(&self, q: MyAdsQuery) -> Result<(Vec<StoredAd>, u64), StoreError>;
    /// How many of an owner's ads are in each status.
    async fn my_counts(&self, account_id: i64) -> Result<Vec<(AdStatus, u64)>, StoreError>;
    /// How many of an owner's ads of a category are active.
    async fn active_in_category(&self, account_id: i64, category_id: CategoryId) -> Result<u64, StoreError>;
    /// One of the owner's live or waiting ads with the same duplicate key, other than `except`.
    async fn find_duplicate(
        &self,
        account_id: i64,
        category_id: CategoryId,
        key: &str,
        except: Option<&str>,
    ) -> Result<Option<String>, StoreError>;
    async fn save_draft(&self, draft: StoredDraft) -> Result<(), StoreError>;
    async fn find_draft(&self, draft_id: &str) -> Result<Option<StoredDraft>, StoreError>;
    async fn insert_media(&self, media: MediaRecord) -> Result<(), StoreError>;
    async fn find_media(&self, media_ids: Vec<String>) -> Result<Vec<MediaRecord>, StoreError>;
    /// The pending edit of an ad (JSON) and when it was submitted.
    async fn pending_edit(&self, ad_id: &str) -> Result<Option<(String, i64)>, StoreError>;
    /// The moderation queue, oldest first.
    async fn moderation_queue(&self, offset: u32, limit: u32) -> Result<(Vec<QueueEntry>, u64), StoreError>;
    /// When the oldest waiting entry was submitted.
    async fn oldest_waiting(&self) -> Result<Option<i64>, StoreError>;
    async fn vas_packs(&self, ad_id: &str) -> Result<Vec<VasPack>, StoreError>;
    /// Records a pack. `bump_at`: the pack bumps the ad now (its rank time becomes `bump_at`,
    /// if the ad is active), in the same write.
    async fn add_vas_pack(&self, ad_id: &str, pack: VasPack, bump_at: Option<i64>) -> Result<(), StoreError>;
    /// The daily renewals due, done in one write: every active ad with a pack of one of `names`
    /// running at `now` (started, not ended) whose rank time is not after `not_since` is bumped
    /// (rank time = `now`, listing row re-synced), at most `limit`. Each bump is conditional on
    /// the rank time, so two processes renewing together bump an ad once. Answers the bumped
    /// ads with their owners.
    /// A pack that starts bumps its ad: an active ad's rank time becomes `at` (listing row
    /// re-synced). Answers its owner when it was bumped.
    async fn bump_ad(&self, ad_id: &str, at: i64) -> Result<Option<i64>, StoreError>;
    async fn bump_due(
        &self,
        names: &[&str],
        now: i64,
        not_since: i64,
        limit: u32,
    ) -> Result<Vec<(String, i64)>, StoreError>;
    /// Saves an ad for an account; false when it was already saved.
    async fn save_ad(&self, account_id: i64, list_id: i64, now: i64) -> Result<bool, StoreError>;
    /// Unsaves; false when it was not saved.
    async fn unsave_ad(&self, account_id: i64, list_id: i64) -> Result<bool, StoreError>;
    /// One page of an account's saved ads, newest first, with the total.
    async fn saved_ads(&self, account_id: i64, offset: u32, limit: u32) -> Result<(Vec<StoredAd>, u64), StoreError>;
    /// Records a report; false when this reporter already reported this ad.
    async fn report_ad(&self, report: AbuseReport) -> Result<bool, StoreError>;
    /// Open reports, oldest first.
    async fn open_reports(&self, limit: u32) -> Result<Vec<AbuseReport>, StoreError>;
    /// One page of the ads with open reports — the most reported first, then the longest
    /// waiting — each with its open reports, and how many such ads there are.
    async fn reported_ads(&self, offset: u32, limit: u32) -> Result<(Vec<ReportedAd>, u64), StoreError>;
    /// Closes every open report of an ad (handled now, by whom, why) with the audit line, in
    /// one write; answers how many were closed (0 when none was open: already dismissed).
    async fn dismiss_reports(&self, dismissal: ReportDismissal) -> Result<u64, StoreError>;
    /// Adds to an ad's performance counters (my ads' views, phone views, conversations).
    async fn add_performance(
        &self,
        ad_id: &str,
        views: u64,
        phone_views: u64,
        conversations: u64,
    ) -> Result<(), StoreError>;
    /// Active ads of a category in a city by rank time, without `except`.
    async fn related_ads(
        &self,
        category_id: CategoryId,
        city_id: CityId,
        except: i64,
        limit: u32,
    ) -> Result<Vec<StoredAd>, StoreError>;
    /// Active ads with a premium pack (gallery, special) live at `now`, newest pack first.
    async fn premium_ads(&self, now: i64, limit: u32) -> Result<Vec<StoredAd>, StoreError>;
    /// Prices (centimes) of active ads of a category and type, in a city or everywhere, newest first.
    async fn comparable_prices(
        &self,
        category_id: CategoryId,
        ad_type: &str,
        city_id: Option<CityId>,
        limit: u32,
    ) -> Result<Vec<i64>, StoreError>;
    /// An ad's booked periods, by first day (one partition: the ad).
    async fn availability(&self, ad_id: &str) -> Result<Vec<BookedPeriod>, StoreError>;
    /// Replaces an ad's booked periods, all at once.
    async fn set_availability(&self, ad_id: &str, periods: Vec<BookedPeriod>) -> Result<(), StoreError>;
}

fn json<T: serde::Serialize>(v: &T) -> Result<String, StoreError> {
    serde_json::to_string(v).map_err(corrupt)
}

fn load_ad(c: &Connection, ad_id: &str) -> Result<Option<StoredAd>, StoreError> {
    Ok(query_ads(c, &format!("SELECT {COLUMNS} FROM ads WHERE ad_id = ?1"), [ad_id])?.into_iter().next())
}

fn append_audit(c: &Connection, e: &AuditEntry) -> Result<(), StoreError> {
    c.execute(
        "INSERT INTO audit_log (admin_id, id, account_id, at, operation, detail)
         VALUES (?1, (SELECT coalesce(max(id), 0) + 1 FROM audit_log WHERE admin_id = ?1), ?2, ?3, ?4, ?5)",
        params![e.admin_id, e.account_id, e.at, e.operation, e.detail],
    )?;
    Ok(())
}

fn write_fields(c: &Connection, ad_id: &str, f: &AdFields, now: i64) -> Result<(), StoreError> {
    c.execute(
        "UPDATE ads SET category_id = ?2, ad_type = ?3, title = ?4, description = ?5, price_centimes = ?6,
            city_id = ?7, area_id = ?8, params = ?9, urgent = ?10, delivery = ?11, phone_hidden = ?12,
            images = ?13, video = ?14, discount = ?15, duplicate_key = ?16, modified_at = ?17
         WHERE ad_id = ?1",
        params![
            ad_id,
            f.category_id,
            f.ad_type,
            f.title,
            f.description,
            f.price.map(|p| p.centimes()),
            f.city_id,
            f.area_id,
            json(&f.params)?,
            f.urgent,
            f.delivery,
            f.phone_hidden,
            json(&f.images)?,
            f.video,
            f.discount,
            f.duplicate_key,
            now
        ],
    )?;
    Ok(())
}

fn enqueue(c: &Connection, ad_id: &str, kind: &str, flags: &[String], now: i64) -> Result<(), StoreError> {
    c.execute(
        "INSERT INTO moderation_queue (ad_id, kind, submitted_at, flags) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (ad_id) DO UPDATE SET kind = excluded.kind, submitted_at = excluded.submitted_at,
            flags = excluded.flags",
        params![ad_id, kind, now, json(&flags)?],
    )?;
    Ok(())
}

/// Writes one whole ad as it is (a seed, or a seller-centre product's ad) and its search rows.
pub(crate) fn insert_ad_row(c: &Connection, a: &Ad) -> Result<(), StoreError> {
    let mut st = c.prepare_cached(
        "INSERT INTO ads (ad_id, list_id, account_id, category_id, ad_type, title, description, price_centimes,
                          city_id, area_id, params, status, urgent, delivery, phone_hidden, images,
                          published_at, modified_at, rank_time, discount, video, state_time, edit_status,
                          refusal_reason, duplicate_key)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?17,
                 ?19, ?20, ?21, ?22, ?23, ?24)",
    )?;
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
        json(&a.params)?,
        a.status.as_str(),
        a.urgent,
        a.delivery,
        a.phone_hidden,
        json(&a.images)?,
        a.published_at,
        a.modified_at,
        a.discount,
        a.video,
        a.state_time,
        a.edit_status.map(EditStatus::as_str),
        a.refusal_reason,
        souk_domain::moderation::duplicate_key(&a.title, &a.description)
    ])?;
    search::sync_ad(c, &a.ad_id, true)
}

/// The next public list id (one more than the largest).
pub(crate) fn next_list_id(c: &Connection) -> Result<i64, StoreError> {
    Ok(c.query_row("SELECT coalesce(max(list_id), 100000000) + 1 FROM ads", [], |r| r.get(0))?)
}

#[async_trait]
impl AdStore for SqliteStore {
    async fn insert_ads(&self, ads: Vec<Ad>) -> Result<(), StoreError> {
        self.write(move |c| {
            for a in &ads {
                insert_ad_row(c, a)?;
            }
            // Ads that wait for moderation are in its queue, oldest first.
            c.execute(
                "INSERT OR IGNORE INTO moderation_queue (ad_id, kind, submitted_at)
                 SELECT ad_id, 'new', modified_at FROM ads WHERE status = 'pending_review'",
                [],
            )?;
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
                let status = AdStatus::parse(&status).ok_or_else(|| corrupt(format!("ad status {status}")))?;
                out.push((status, n.max(0) as u64));
            }
            Ok(out)
        })
        .await
    }

    async fn create_ad(&self, new: NewAd) -> Result<StoredAd, StoreError> {
        self.write(move |c| {
            let list_id = next_list_id(c)?;
            let f = &new.fields;
            c.execute(
                "INSERT INTO ads (ad_id, list_id, account_id, category_id, ad_type, title, description, price_centimes,
                                  city_id, area_id, params, status, urgent, delivery, phone_hidden, images,
                                  published_at, modified_at, rank_time, discount, video, state_time,
                                  photo_allowance, duplicate_key)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 'pending_review', ?12, ?13, ?14, ?15,
                         ?16, ?16, ?16, ?17, ?18, ?16, ?19, ?20)",
                params![
                    new.ad_id,
                    list_id,
                    new.account_id,
                    f.category_id,
                    f.ad_type,
                    f.title,
                    f.description,
                    f.price.map(|p| p.centimes()),
                    f.city_id,
                    f.area_id,
                    json(&f.params)?,
                    f.urgent,
                    f.delivery,
                    f.phone_hidden,
                    json(&f.images)?,
                    new.now,
                    f.discount,
                    f.video,
                    new.photo_allowance,
                    f.duplicate_key
                ],
            )?;
            enqueue(c, &new.ad_id, "new", &new.flags, new.now)?;
            search::sync_ad(c, &new.ad_id, true)?;
            if let Some(draft) = &new.draft_id {
                c.execute("DELETE FROM ad_drafts WHERE draft_id = ?1", [draft])?;
            }
            if let Some(a) = &new.audit {
                append_audit(c, a)?;
            }
            load_ad(c, &new.ad_id)?.ok_or_else(|| corrupt("ad vanished"))
        })
        .await
    }

    async fn apply_change(&self, ch: AdChange) -> Result<StoredAd, StoreError> {
        self.write(move |c| {
            let (status, state_time): (String, i64) = c
                .query_row("SELECT status, state_time FROM ads WHERE ad_id = ?1", [&ch.ad_id], |r| {
                    Ok((r.get(0)?, r.get(1)?))
                })
                .optional()?
                .ok_or_else(|| StoreError::Conflict(format!("no ad {}", ch.ad_id)))?;
            if status != ch.expected.as_str() {
                return Err(StoreError::Conflict(format!("ad {} is {status}", ch.ad_id)));
            }
            if let Some(new_status) = ch.status {
                let state_time = if new_status == ch.expected { state_time } else { ch.now };
                c.execute(
                    "UPDATE ads SET status = ?2, state_time = ?3 WHERE ad_id = ?1",
                    params![ch.ad_id, new_status.as_str(), state_time],
                )?;
                // Coming back to life moves the ad up the listings.
                if new_status == AdStatus::Active && ch.expected != AdStatus::Active {
                    c.execute("UPDATE ads SET rank_time = ?2 WHERE ad_id = ?1", params![ch.ad_id, ch.now])?;
                }
                // Publication is when moderation first lets it out.
                if new_status == AdStatus::Active && ch.expected == AdStatus::PendingReview {
                    c.execute("UPDATE ads SET published_at = ?2 WHERE ad_id = ?1", params![ch.ad_id, ch.now])?;
                }
            }
            if let Some(f) = &ch.fields {
                write_fields(c, &ch.ad_id, f, ch.now)?;
            }
            if let Some(e) = &ch.edit_status {
                c.execute(
                    "UPDATE ads SET edit_status = ?2 WHERE ad_id = ?1",
                    params![ch.ad_id, e.map(EditStatus::as_str)],
                )?;
            }
            if let Some(r) = &ch.refusal_reason {
                c.execute("UPDATE ads SET refusal_reason = ?2 WHERE ad_id = ?1", params![ch.ad_id, r])?;
            }
            if ch.count_resubmission {
                c.execute("UPDATE ads SET resubmissions = resubmissions + 1 WHERE ad_id = ?1", [&ch.ad_id])?;
            }
            match &ch.queue {
                QueueOp::Keep => {}
                QueueOp::Enqueue { kind, flags } => enqueue(c, &ch.ad_id, kind, flags, ch.now)?,
                QueueOp::Dequeue => {
                    c.execute("DELETE FROM moderation_queue WHERE ad_id = ?1", [&ch.ad_id])?;
                }
            }
            match &ch.pending_edit {
                PendingEditOp::Keep => {}
                PendingEditOp::Set(content) => {
                    c.execute(
                        "INSERT INTO ad_edits (ad_id, content, submitted_at) VALUES (?1, ?2, ?3)
                         ON CONFLICT (ad_id) DO UPDATE SET content = excluded.content,
                            submitted_at = excluded.submitted_at",
                        params![ch.ad_id, content, ch.now],
                    )?;
                }
                PendingEditOp::Clear => {
                    c.execute("DELETE FROM ad_edits WHERE ad_id = ?1", [&ch.ad_id])?;
                }
            }
            if let Some(a) = &ch.audit {
                append_audit(c, a)?;
            }
            search::sync_ad(c, &ch.ad_id, false)?;
            load_ad(c, &ch.ad_id)?.ok_or_else(|| corrupt("ad vanished"))
        })
        .await
    }

    async fn find_ad(&self, ad_id: &str) -> Result<Option<StoredAd>, StoreError> {
        let ad_id = ad_id.to_string();
        self.read(move |c| load_ad(c, &ad_id)).await
    }

    async fn find_by_list_id(&self, list_id: i64) -> Result<Option<StoredAd>, StoreError> {
        self.read(move |c| {
            Ok(query_ads(c, &format!("SELECT {COLUMNS} FROM ads WHERE list_id = ?1"), [list_id])?.into_iter().next())
        })
        .await
    }

    async fn my_ads(&self, q: MyAdsQuery) -> Result<(Vec<StoredAd>, u64), StoreError> {
        self.read(move |c| {
            let boosted = match q.boosted {
                None => "",
                Some(true) => " AND boosted_until > ?3",
                Some(false) => " AND boosted_until <= ?3",
            };
            let filter = format!("account_id = ?1 AND status = ?2{boosted}");
            let total: i64 = c.query_row(
                &format!("SELECT count(*) FROM ads WHERE {filter} AND ?3 = ?3"),
                params![q.account_id, q.status.as_str(), q.now],
                |r| r.get(0),
            )?;
            let ads = query_ads(
                c,
                &format!(
                    "SELECT {COLUMNS} FROM ads INDEXED BY ads_by_owner WHERE {filter} AND ?3 = ?3
                     ORDER BY modified_at DESC LIMIT ?4 OFFSET ?5"
                ),
                params![q.account_id, q.status.as_str(), q.now, q.limit, q.offset],
            )?;
            Ok((ads, total.max(0) as u64))
        })
        .await
    }

    async fn my_counts(&self, account_id: i64) -> Result<Vec<(AdStatus, u64)>, StoreError> {
        self.read(move |c| {
            let mut st = c.prepare_cached("SELECT status, count(*) FROM ads WHERE account_id = ?1 GROUP BY status")?;
            let rows = st.query_map([account_id], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)))?;
            let mut found = BTreeMap::new();
            for row in rows {
                let (status, n) = row?;
                found.insert(status, n.max(0) as u64);
            }
            Ok(AdStatus::ALL.iter().map(|s| (*s, found.get(s.as_str()).copied().unwrap_or(0))).collect())
        })
        .await
    }

    async fn active_in_category(&self, account_id: i64, category_id: CategoryId) -> Result<u64, StoreError> {
        self.read(move |c| {
            let n: i64 = c.query_row(
                "SELECT count(*) FROM ads WHERE account_id = ?1 AND category_id = ?2 AND status = 'active'",
                params![account_id, category_id],
                |r| r.get(0),
            )?;
            Ok(n.max(0) as u64)
        })
        .await
    }

    async fn find_duplicate(
        &self,
        account_id: i64,
        category_id: CategoryId,
        key: &str,
        except: Option<&str>,
    ) -> Result<Option<String>, StoreError> {
        let (key, except) = (key.to_string(), except.unwrap_or("").to_string());
        self.read(move |c| {
            Ok(c.query_row(
                "SELECT ad_id FROM ads WHERE account_id = ?1 AND category_id = ?2
                    AND status IN ('active', 'pending_review', 'deactivated', 'pending_payment')
                    AND duplicate_key = ?3 AND ad_id <> ?4 LIMIT 1",
                params![account_id, category_id, key, except],
                |r| r.get(0),
            )
            .optional()?)
        })
        .await
    }

    async fn save_draft(&self, d: StoredDraft) -> Result<(), StoreError> {
        self.write(move |c| {
            c.execute(
                "INSERT INTO ad_drafts (draft_id, account_id, ad_id, step, content, created_at, updated_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                 ON CONFLICT (draft_id) DO UPDATE SET step = excluded.step, content = excluded.content,
                    updated_at = excluded.updated_at",
                params![d.draft_id, d.account_id, d.ad_id, d.step, d.content, d.created_at, d.updated_at],
            )?;
            Ok(())
        })
        .await
    }

    async fn find_draft(&self, draft_id: &str) -> Result<Option<StoredDraft>, StoreError> {
        let draft_id = draft_id.to_string();
        self.read(move |c| {
            Ok(c.query_row(
                "SELECT draft_id, account_id, ad_id, step, content, created_at, updated_at FROM ad_drafts
                 WHERE draft_id = ?1",
                [draft_id],
                |r| {
                    Ok(StoredDraft {
                        draft_id: r.get(0)?,
                        account_id: r.get(1)?,
                        ad_id: r.get(2)?,
                        step: r.get(3)?,
                        content: r.get(4)?,
                        created_at: r.get(5)?,
                        updated_at: r.get(6)?,
                    })
                },
            )
            .optional()?)
        })
        .await
    }

    async fn insert_media(&self, m: MediaRecord) -> Result<(), StoreError> {
        self.write(move |c| {
            c.execute(
                "INSERT INTO ad_media (media_id, account_id, kind, base_key, width, height, bytes, duration_ms, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![
                    m.media_id,
                    m.account_id,
                    m.kind,
                    m.base_key,
                    m.width,
                    m.height,
                    m.bytes as i64,
                    m.duration_ms.map(|d| d as i64),
                    m.created_at
                ],
            )?;
            Ok(())
        })
        .await
    }

    async fn find_media(&self, media_ids: Vec<String>) -> Result<Vec<MediaRecord>, StoreError> {
        self.read(move |c| {
            let mut st = c.prepare_cached(
                "SELECT media_id, account_id, kind, base_key, width, height, bytes, duration_ms, created_at
                 FROM ad_media WHERE media_id = ?1",
            )?;
            let mut out = Vec::new();
            for id in &media_ids {
                let found = st
                    .query_row([id], |r| {
                        Ok(MediaRecord {
                            media_id: r.get(0)?,
                            account_id: r.get(1)?,
                            kind: r.get(2)?,
                            base_key: r.get(3)?,
                            width: r.get(4)?,
                            height: r.get(5)?,
                            bytes: r.get::<_, i64>(6)?.max(0) as u64,
                            duration_ms: r.get::<_, Option<i64>>(7)?.map(|d| d.max(0) as u64),
                            created_at: r.get(8)?,
                        })
                    })
                    .optional()?;
                out.extend(found);
            }
            Ok(out)
        })
        .await
    }

    async fn pending_edit(&self, ad_id: &str) -> Result<Option<(String, i64)>, StoreError> {
        let ad_id = ad_id.to_string();
        self.read(move |c| {
            Ok(c.query_row("SELECT content, submitted_at FROM ad_edits WHERE ad_id = ?1", [ad_id], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .optional()?)
        })
        .await
    }

    async fn moderation_queue(&self, offset: u32, limit: u32) -> Result<(Vec<QueueEntry>, u64), StoreError> {
        self.read(move |c| {
            let total: i64 = c.query_row("SELECT count(*) FROM moderation_queue", [], |r| r.get(0))?;
            let mut st = c.prepare_cached(
                "SELECT q.ad_id, q.kind, q.submitted_at, q.flags, e.content FROM moderation_queue q
                 LEFT JOIN ad_edits e ON e.ad_id = q.ad_id
                 ORDER BY q.submitted_at, q.ad_id LIMIT ?1 OFFSET ?2",
            )?;
            let rows: Vec<(String, String, i64, String, Option<String>)> = st
                .query_map(params![limit, offset], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))?
                .collect::<Result<_, _>>()?;
            let mut out = Vec::new();
            for (ad_id, kind, submitted_at, flags, pending_edit) in rows {
                let ad = load_ad(c, &ad_id)?.ok_or_else(|| corrupt(format!("queued ad {ad_id} missing")))?;
                let flags = serde_json::from_str(&flags).map_err(corrupt)?;
                out.push(QueueEntry { kind, submitted_at, flags, ad, pending_edit });
            }
            Ok((out, total.max(0) as u64))
        })
        .await
    }

    async fn oldest_waiting(&self) -> Result<Option<i64>, StoreError> {
        self.read(|c| Ok(c.query_row("SELECT min(submitted_at) FROM moderation_queue", [], |r| r.get(0))?)).await
    }

    async fn vas_packs(&self, ad_id: &str) -> Result<Vec<VasPack>, StoreError> {
        let ad_id = ad_id.to_string();
        self.read(move |c| {
            let mut st = c.prepare_cached(
                "SELECT name, start_date, end_date FROM ad_vas_packs WHERE ad_id = ?1 ORDER BY start_date DESC",
            )?;
            let rows =
                st.query_map([ad_id], |r| Ok(VasPack { name: r.get(0)?, start_date: r.get(1)?, end_date: r.get(2)? }))?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await
    }

    async fn add_vas_pack(&self, ad_id: &str, pack: VasPack, bump_at: Option<i64>) -> Result<(), StoreError> {
        let ad_id = ad_id.to_string();
        self.write(move |c| {
            c.execute(
                "INSERT INTO ad_vas_packs (ad_id, name, start_date, end_date) VALUES (?1, ?2, ?3, ?4)",
                params![ad_id, pack.name, pack.start_date, pack.end_date],
            )?;
            c.execute(
                "UPDATE ads SET boosted_until = max(boosted_until, ?2) WHERE ad_id = ?1",
                params![ad_id, pack.end_date],
            )?;
            if let Some(at) = bump_at {
                c.execute("UPDATE ads SET rank_time = ?2 WHERE ad_id = ?1 AND status = 'active'", params![ad_id, at])?;
            }
            search::sync_ad(c, &ad_id, false)?;
            Ok(())
        })
        .await
    }

    async fn bump_ad(&self, ad_id: &str, at: i64) -> Result<Option<i64>, StoreError> {
        let ad_id = ad_id.to_string();
        self.write(move |c| {
            let owner: Option<i64> = c
                .prepare_cached(
                    "UPDATE ads SET rank_time = max(rank_time, ?2) WHERE ad_id = ?1 AND status = 'active'
                     RETURNING account_id",
                )?
                .query_row(params![ad_id, at], |r| r.get(0))
                .optional()?;
            if owner.is_some() {
                search::sync_ad(c, &ad_id, false)?;
            }
            Ok(owner)
        })
        .await
    }

    async fn bump_due(
        &self,
        names: &[&str],
        now: i64,
        not_since: i64,
        limit: u32,
    ) -> Result<Vec<(String, i64)>, StoreError> {
        let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        self.write(move |c| {
            let mut due: Vec<(String, i64)> = Vec::new();
            let mut seen = std::collections::HashSet::new();
            // One range of `vas_packs_live` per pack name: the packs not ended yet.
            for name in names {
                let mut st = c.prepare_cached(
                    "SELECT v.ad_id, a.account_id FROM ad_vas_packs v INDEXED BY vas_packs_live
                     JOIN ads a ON a.ad_id = v.ad_id
                     WHERE v.name = ?1 AND v.end_date > ?2 AND v.start_date <= ?2
                       AND a.status = 'active' AND a.rank_time <= ?3
                     ORDER BY v.end_date LIMIT ?4",
                )?;
                let rows = st.query_map(params![name, now, not_since, limit], |r| Ok((r.get(0)?, r.get(1)?)))?;
                for row in rows {
                    let row: (String, i64) = row?;
                    if due.len() < limit as usize && seen.insert(row.0.clone()) {
                        due.push(row);
                    }
                }
            }
            let mut bumped = Vec::with_capacity(due.len());
            for (ad_id, owner) in due {
                let changed = c
                    .prepare_cached(
                        "UPDATE ads SET rank_time = ?2 WHERE ad_id = ?1 AND status = 'active' AND rank_time <= ?3",
                    )?
                    .execute(params![ad_id, now, not_since])?;
                if changed > 0 {
                    search::sync_ad(c, &ad_id, false)?;
                    bumped.push((ad_id, owner));
                }
            }
            Ok(bumped)
        })
        .await
    }

    async fn availability(&self, ad_id: &str) -> Result<Vec<BookedPeriod>, StoreError> {
        let ad_id = ad_id.to_string();
        self.read(move |c| {
            let mut st = c.prepare_cached(
                "SELECT first_day, last_day FROM ad_availability WHERE ad_id = ?1 ORDER BY first_day",
            )?;
            let rows = st.query_map([ad_id], |r| Ok(BookedPeriod { first: r.get(0)?, last: r.get(1)? }))?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await
    }

    async fn set_availability(&self, ad_id: &str, periods: Vec<BookedPeriod>) -> Result<(), StoreError> {
        let ad_id = ad_id.to_string();
        self.write(move |c| {
            c.execute("DELETE FROM ad_availability WHERE ad_id = ?1", [&ad_id])?;
            let mut st =
                c.prepare_cached("INSERT INTO ad_availability (ad_id, first_day, last_day) VALUES (?1, ?2, ?3)")?;
            for p in periods {
                st.execute(params![ad_id, p.first, p.last])?;
            }
            Ok(())
        })
        .await
    }

    async fn save_ad(&self, account_id: i64, list_id: i64, now: i64) -> Result<bool, StoreError> {
        self.write(move |c| {
            let n = c.execute(
                "INSERT OR IGNORE INTO saved_ads (account_id, list_id, saved_at) VALUES (?1, ?2, ?3)",
                params![account_id, list_id, now],
            )?;
            Ok(n == 1)
        })
        .await
    }

    async fn unsave_ad(&self, account_id: i64, list_id: i64) -> Result<bool, StoreError> {
        self.write(move |c| {
            let n = c.execute(
                "DELETE FROM saved_ads WHERE account_id = ?1 AND list_id = ?2",
                params![account_id, list_id],
            )?;
            Ok(n == 1)
        })
        .await
    }

    async fn saved_ads(&self, account_id: i64, offset: u32, limit: u32) -> Result<(Vec<StoredAd>, u64), StoreError> {
        self.read(move |c| {
            let total: i64 =
                c.query_row("SELECT count(*) FROM saved_ads WHERE account_id = ?1", [account_id], |r| r.get(0))?;
            let cols = COLUMNS.split(',').map(|col| format!("a.{}", col.trim())).collect::<Vec<_>>().join(", ");
            let ads = query_ads(
                c,
                &format!(
                    "SELECT {cols} FROM saved_ads s JOIN ads a ON a.list_id = s.list_id
                     WHERE s.account_id = ?1 ORDER BY s.saved_at DESC, s.list_id DESC LIMIT ?2 OFFSET ?3"
                ),
                params![account_id, limit, offset],
            )?;
            Ok((ads, total.max(0) as u64))
        })
        .await
    }

    async fn report_ad(&self, r: AbuseReport) -> Result<bool, StoreError> {
        self.write(move |c| {
            let n = c.execute(
                "INSERT OR IGNORE INTO abuse_reports (list_id, reporter, reporter_account, type, body, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![r.list_id, r.reporter, r.reporter_account, r.report_type, r.body, r.created_at],
            )?;
            Ok(n == 1)
        })
        .await
    }

    async fn open_reports(&self, limit: u32) -> Result<Vec<AbuseReport>, StoreError> {
        self.read(move |c| {
            let mut st = c.prepare_cached(
                "SELECT list_id, reporter, reporter_account, type, body, created_at FROM abuse_reports
                 WHERE handled_at IS NULL ORDER BY created_at LIMIT ?1",
            )?;
            let rows = st.query_map([limit], |r| {
                Ok(AbuseReport {
                    list_id: r.get(0)?,
                    reporter: r.get(1)?,
                    reporter_account: r.get(2)?,
                    report_type: r.get(3)?,
                    body: r.get(4)?,
                    created_at: r.get(5)?,
                })
            })?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await
    }

    async fn reported_ads(&self, offset: u32, limit: u32) -> Result<(Vec<ReportedAd>, u64), StoreError> {
        self.read(move |c| {
            let total: i64 =
                c.query_row("SELECT count(DISTINCT list_id) FROM abuse_reports WHERE handled_at IS NULL", [], |r| {
                    r.get(0)
                })?;
            let mut st = c.prepare_cached(
                "SELECT list_id FROM abuse_reports WHERE handled_at IS NULL GROUP BY list_id
                 ORDER BY count(*) DESC, min(created_at), list_id LIMIT ?1 OFFSET ?2",
            )?;
            let ids: Vec<i64> = st.query_map([limit, offset], |r| r.get(0))?.collect::<Result<_, _>>()?;
            let mut reports = c.prepare_cached(
                "SELECT list_id, reporter, reporter_account, type, body, created_at FROM abuse_reports
                 WHERE list_id = ?1 AND handled_at IS NULL ORDER BY created_at, reporter",
            )?;
            let mut out = Vec::with_capacity(ids.len());
            for list_id in ids {
                let rows = reports.query_map([list_id], |r| {
                    Ok(AbuseReport {
                        list_id: r.get(0)?,
                        reporter: r.get(1)?,
                        reporter_account: r.get(2)?,
                        report_type: r.get(3)?,
                        body: r.get(4)?,
                        created_at: r.get(5)?,
                    })
                })?;
                out.push(ReportedAd { list_id, reports: rows.collect::<Result<_, _>>()? });
            }
            Ok((out, total.max(0) as u64))
        })
        .await
    }

    async fn dismiss_reports(&self, d: ReportDismissal) -> Result<u64, StoreError> {
        self.write(move |c| {
            let closed = c
                .prepare_cached(
                    "UPDATE abuse_reports SET handled_at = ?2, handled_by = ?3, handled_reason = ?4, handled_note = ?5
                     WHERE list_id = ?1 AND handled_at IS NULL",
                )?
                .execute(params![d.list_id, d.at, d.admin_id, d.reason, d.note])?;
            if closed > 0 {
                append_audit(c, &d.audit)?;
            }
            Ok(closed as u64)
        })
        .await
    }

    async fn add_performance(
        &self,
        ad_id: &str,
        views: u64,
        phone_views: u64,
        conversations: u64,
    ) -> Result<(), StoreError> {
        let ad_id = ad_id.to_string();
        let n = |v: u64| i64::try_from(v).unwrap_or(i64::MAX);
        self.write(move |c| {
            c.execute(
                "UPDATE ads SET views = views + ?2, phone_views = phone_views + ?3, conversations = conversations + ?4
                 WHERE ad_id = ?1",
                params![ad_id, n(views), n(phone_views), n(conversations)],
            )?;
            Ok(())
        })
        .await
    }

    async fn related_ads(
        &self,
        category_id: CategoryId,
        city_id: CityId,
        except: i64,
        limit: u32,
    ) -> Result<Vec<StoredAd>, StoreError> {
        self.read(move |c| {
            query_ads(
                c,
                &format!(
                    "SELECT {COLUMNS} FROM ads INDEXED BY ads_by_listing
                     WHERE category_id = ?1 AND city_id = ?2 AND status = 'active' AND list_id <> ?3
                     ORDER BY rank_time DESC LIMIT ?4"
                ),
                params![category_id, city_id, except, limit],
            )
        })
        .await
    }

    async fn premium_ads(&self, now: i64, limit: u32) -> Result<Vec<StoredAd>, StoreError> {
        self.read(move |c| {
            let cols = COLUMNS.split(',').map(|col| format!("a.{}", col.trim())).collect::<Vec<_>>().join(", ");
            query_ads(
                c,
                &format!(
                    "SELECT DISTINCT {cols} FROM ad_vas_packs v JOIN ads a ON a.ad_id = v.ad_id
                     WHERE v.name IN ('gallery', 'special') AND v.end_date > ?1 AND v.start_date <= ?1
                        AND a.status = 'active'
                     ORDER BY a.rank_time DESC LIMIT ?2"
                ),
                params![now, limit],
            )
        })
        .await
    }

    async fn comparable_prices(
        &self,
        category_id: CategoryId,
        ad_type: &str,
        city_id: Option<CityId>,
        limit: u32,
    ) -> Result<Vec<i64>, StoreError> {
        let ad_type = ad_type.to_string();
        self.read(move |c| {
            let city = if city_id.is_some() { "AND city_id = ?3" } else { "AND ?3 IS NULL" };
            let mut st = c.prepare_cached(&format!(
                "SELECT price_centimes FROM ads WHERE category_id = ?1 AND ad_type = ?2 {city}
                    AND status = 'active' AND price_centimes IS NOT NULL
                 ORDER BY rank_time DESC LIMIT ?4"
            ))?;
            let rows = st.query_map(params![category_id, ad_type, city_id, limit], |r| r.get::<_, i64>(0))?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await
    }
}
