//! The Ads use cases: the ad form (drafts through the four steps, submission, edits with
//! `patchAd`), the lifecycle operations of spec §4 (deactivate, activate, delete, bulk, appeal,
//! payment), my ads, public ad data (seller summary, show number, related and premium ads, price
//! advice), saved ads, abuse reports and the admin's moderation queue. Each function checks who
//! is asking before anything else and changes storage in one conditional write.

use super::settings::AdSettings;
use crate::accounts::service::Caller;
use crate::catalog::CatalogService;
use crate::notify::{Mailer, Message, MessageSender};
use crate::stats::StatsService;
use souk_actors::fanout::Fanout;
use souk_actors::sessions::MODERATORS_ROOM;
use souk_domain::account::{AccountType, Role};
use souk_domain::ad::{AdStatus, BoostedFilter, EditStatus, ParamValue, ReportType, VasPack, VasPackKind};
use souk_domain::ad_form::{AdDraft, FREE_PHOTOS, FormContext, check_steps, next_step};
use souk_domain::ad_lifecycle::{self, Activation, EditOutcome};
use souk_domain::ad_patch::{AdPatch, draft_of};
use souk_domain::availability::{self, BookedPeriod};
use souk_domain::moderation::{RefusalReason, banned_word, duplicate_key};
use souk_domain::stats::Metric;
use souk_domain::{ErrorCode, Lang, SoukError};
use souk_storage::StoreError;
use souk_storage::accounts::{AccountStore, AuditEntry, StoredAccount};
use souk_storage::ads::{
    AbuseReport, AdChange, AdFields, AdStore, MyAdsQuery, NewAd, PendingEditOp, QueueEntry, QueueOp, ReportDismissal,
    ReportedAd, StoredAd, StoredDraft,
};
use souk_storage::ephemeral::Ephemeral;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Spec §9: ads page size.
pub const PAGE_SIZE: u32 = 12;
/// The largest page any list answers.
pub const MAX_PAGE_SIZE: u32 = 100;
/// Related and premium suggestions shown under an ad.
pub const SUGGESTIONS: u32 = 8;
/// Abuse report bodies.
pub const REPORT_BODY_MAX: usize = 1000;
/// Bulk operations at once.
pub const BULK_MAX: usize = 100;
/// Daily renewals done in one round at most (the rest wait for the next round).
pub const RENEWALS_PER_ROUND: u32 = 1_000;
/// How often `souk serve` looks for daily renewals due.
pub const RENEWAL_EVERY: Duration = Duration::from_secs(60);

/// The current Unix time, in seconds.
pub fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

fn internal(e: StoreError) -> SoukError {
    SoukError::internal(e)
}

/// A concurrent change between reading and writing: the operation is refused, nothing changes.
fn write_err(e: StoreError) -> SoukError {
    match e {
        StoreError::Conflict(d) => SoukError::with_detail(ErrorCode::AdOperationNotAllowed, d),
        other => SoukError::internal(other),
    }
}

fn not_found(what: impl std::fmt::Display) -> SoukError {
    SoukError::with_detail(ErrorCode::AdNotFound, what.to_string())
}

/// A draft with where it stands.
#[derive(Debug, Clone, PartialEq)]
pub struct DraftState {
    pub draft_id: String,
    pub ad_id: Option<String>,
    /// The last step saved.
    pub step: u8,
    /// The step to show next: the one after the last saved, or an earlier one that no longer
    /// passes (5 when the draft can be submitted).
    pub next_step: u8,
    pub draft: AdDraft,
}

/// The answer of `activateAd`.
#[derive(Debug, Clone, PartialEq)]
pub struct ActivationResult {
    pub ad: StoredAd,
    pub outcome: Activation,
}

/// One ad's outcome in a bulk operation.
#[derive(Debug, Clone, PartialEq)]
pub struct BulkOutcome {
    pub ad_id: String,
    pub result: Result<AdStatus, SoukError>,
}

/// My ad with its detail (spec §3 detail).
#[derive(Debug, Clone, PartialEq)]
pub struct MyAdDetail {
    pub ad: StoredAd,
    pub vas_packs: Vec<VasPack>,
    /// The edit waiting for moderation, if any.
    pub pending_edit: Option<AdDraft>,
    pub phone: Option<String>,
}

/// Who sells an ad, as a buyer sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct SellerSummary {
    pub account_id: i64,
    pub name: String,
    pub is_shop: bool,
    pub store_id: Option<i64>,
    pub is_verified_seller: bool,
    pub member_since: i64,
    pub logo_key: Option<String>,
    pub phone_hidden: bool,
}

/// A public ad with its seller.
#[derive(Debug, Clone, PartialEq)]
pub struct PublicAd {
    pub ad: StoredAd,
    pub seller: SellerSummary,
    pub vas_packs: Vec<VasPack>,
}

/// Comparable active ads' prices (centimes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PriceAdvice {
    pub median: i64,
    pub low: i64,
    pub high: i64,
    pub count: u32,
    /// Whether the comparison had to leave the city for the whole country.
    pub national: bool,
}

/// A moderator's decision.
#[derive(Debug, Clone, PartialEq)]
pub enum Decision {
    Approve,
    Refuse { reason: RefusalReason, note: Option<String> },
}

pub struct AdService {
    ads: Arc<dyn AdStore>,
    stats: Arc<StatsService>,
    accounts: Arc<dyn AccountStore>,
    catalog: Arc<CatalogService>,
    mailer: Arc<dyn Mailer>,
    sender: Arc<dyn MessageSender>,
    settings: AdSettings,
    /// Where the moderators' sockets hear of the queue's changes (set once at start).
    moderators: OnceLock<Fanout>,
}

/// The event announcing an ad (new, edited or appealed) entering the moderation queue.
pub const MODERATION_NEW_EVENT: &str = "moderation:new";
/// The event announcing that a moderator decided an ad (it leaves every moderator's queue).
pub const MODERATION_DECIDED_EVENT: &str = "moderation:decided";

impl AdService {
    pub fn new(
        ads: Arc<dyn AdStore>,
        stats: Arc<StatsService>,
        accounts: Arc<dyn AccountStore>,
        catalog: Arc<CatalogService>,
        mailer: Arc<dyn Mailer>,
        sender: Arc<dyn MessageSender>,
        settings: AdSettings,
    ) -> AdService {
        AdService { ads, stats, accounts, catalog, mailer, sender, settings, moderators: OnceLock::new() }
    }

    /// From now on, ads entering or leaving the moderation queue are announced to the
    /// moderators' sockets (room `MODERATORS_ROOM`) through `fanout`, on every node.
    pub fn tell_moderators_through(&self, fanout: Fanout) {
        let _ = self.moderators.set(fanout);
    }

    /// `moderation:new`: the desk shows the ad without being reloaded.
    fn queued(&self, ad: &StoredAd, kind: &str) {
        if let Some(fanout) = self.moderators.get() {
            let payload = serde_json::json!({
                "adId": ad.ad.ad_id, "listId": ad.ad.list_id, "kind": kind, "title": ad.ad.title, "at": now(),
            });
            fanout.deliver(MODERATORS_ROOM, MODERATION_NEW_EVENT, payload);
        }
    }

    /// `moderation:decided`: another moderator's desk drops the ad.
    fn dequeued(&self, ad: &StoredAd) {
        if let Some(fanout) = self.moderators.get() {
            let payload = serde_json::json!({ "adId": ad.ad.ad_id, "status": ad.ad.status.as_str() });
            fanout.deliver(MODERATORS_ROOM, MODERATION_DECIDED_EVENT, payload);
        }
    }

    pub fn settings(&self) -> &AdSettings {
        &self.settings
    }

    fn audit(caller: &Caller, operation: &str, detail: String) -> Option<AuditEntry> {
        caller.acting_admin().map(|admin_id| AuditEntry {
            admin_id,
            account_id: caller.account_id(),
            at: now(),
            operation: operation.into(),
            detail,
        })
    }

    /// Runs `f` with the reference data the form checks need.
    fn with_form<T>(&self, max_photos: usize, f: impl FnOnce(&FormContext<'_>) -> T) -> T {
        let areas_of = |city| self.catalog.areas(city).map(|a| a.iter().map(|x| x.id).collect()).unwrap_or_default();
        f(&FormContext {
            categories: self.catalog.tree(),
            cars: self.catalog.cars(),
            cities: self.catalog.cities(),
            areas_of: &areas_of,
            max_photos,
        })
    }

    fn check(&self, step: u8, draft: &AdDraft, max_photos: usize) -> Result<AdDraft, SoukError> {
        self.with_form(max_photos, |cx| check_steps(step, draft, cx))
    }

    fn next_step(&self, draft: &AdDraft, max_photos: usize) -> u8 {
        self.with_form(max_photos, |cx| next_step(draft, cx))
    }

    async fn account(&self, account_id: i64) -> Result<StoredAccount, SoukError> {
        self.accounts
            .find_account(account_id)
            .await
            .map_err(internal)?
            .ok_or_else(|| SoukError::with_detail(ErrorCode::AccountNotFound, account_id.to_string()))
    }

    /// The caller's own ad; another account's ad is "not found" (its existence is not revealed).
    async fn own_ad(&self, caller: &Caller, ad_id: &str) -> Result<StoredAd, SoukError> {
        let ad = self.ads.find_ad(ad_id).await.map_err(internal)?.ok_or_else(|| not_found(ad_id))?;
        if ad.ad.account_id != caller.account_id() {
            return Err(not_found(ad_id));
        }
        Ok(ad)
    }

    /// The `accountId` argument of the spec's operations must be the caller's own.
    fn check_account_arg(caller: &Caller, account_id: Option<i64>) -> Result<(), SoukError> {
        match account_id {
            Some(id) if id != caller.account_id() => {
                Err(SoukError::with_detail(ErrorCode::PermissionDenied, "accountId is another account"))
            }
            _ => Ok(()),
        }
    }

    pub(crate) fn require_admin(caller: &Caller) -> Result<(), SoukError> {
        // An admin acting as a user acts with that user's rights only.
        if caller.is_admin() && caller.acting_admin().is_none() {
            Ok(())
        } else {
            Err(SoukError::with_detail(ErrorCode::PermissionDenied, "moderators only"))
        }
    }

    // ----- The ad form -----

    /// Media ids the caller uploaded, checked: each exists and is the caller's, photos are
    /// photos and the video a video. Answers the image keys and the video key.
    async fn resolve_media(
        &self,
        caller: &Caller,
        draft: &AdDraft,
        keep: &[String],
        keep_video: Option<&str>,
    ) -> Result<(Vec<String>, Option<String>), SoukError> {
        let mut wanted: Vec<String> = draft.images.iter().filter(|i| !keep.contains(i)).cloned().collect();
        let video = draft.video.clone().filter(|v| Some(v.as_str()) != keep_video);
        wanted.extend(video.clone());
        let found = self.ads.find_media(wanted.clone()).await.map_err(internal)?;
        let get = |id: &str| found.iter().find(|m| m.media_id == id && m.account_id == caller.account_id());
        let mut images = Vec::new();
        for id in &draft.images {
            if keep.contains(id) {
                images.push(id.clone());
                continue;
            }
            let m = get(id)
                .filter(|m| m.kind == "photo")
                .ok_or_else(|| SoukError::with_detail(ErrorCode::MediaNotFound, format!("photo {id}")))?;
            images.push(photo_key(&m.base_key));
        }
        let video_key = match (&draft.video, keep_video) {
            (Some(v), Some(k)) if v == k => Some(k.to_string()),
            (Some(v), _) => {
                let m = get(v)
                    .filter(|m| m.kind == "video")
                    .ok_or_else(|| SoukError::with_detail(ErrorCode::MediaNotFound, format!("video {v}")))?;
                Some(m.base_key.clone())
            }
            (None, _) => None,
        };
        Ok((images, video_key))
    }

    /// `saveAdDraft`: the form's fields laid over the caller's draft (or the caller's ad being
    /// edited, or nothing), then saved as [`save_draft`](Self::save_draft) does.
    pub async fn save_form(
        &self,
        caller: &Caller,
        draft_id: Option<String>,
        step: u8,
        patch: AdPatch,
    ) -> Result<DraftState, SoukError> {
        let base = match (&draft_id, &patch.ad_id) {
            (Some(id), _) => self.draft(caller, id).await?.draft,
            (None, Some(ad_id)) => draft_of(&self.own_ad(caller, ad_id).await?.ad),
            (None, None) => AdDraft::default(),
        };
        let ad_id = patch.ad_id.clone();
        let draft = patch.apply(base)?;
        self.save_draft(caller, draft_id, ad_id, step, draft).await
    }

    /// `submitAd`: a saved draft, or the whole form at once (laid over nothing).
    pub async fn submit_form(
        &self,
        caller: &Caller,
        draft_id: Option<String>,
        patch: Option<AdPatch>,
    ) -> Result<StoredAd, SoukError> {
        let draft = patch.map(|p| p.apply(AdDraft::default())).transpose()?;
        self.submit(caller, draft_id, draft).await
    }

    /// `patchAd`: the form's fields laid over one of the caller's ads (left out: kept).
    pub async fn patch_form(&self, caller: &Caller, patch: AdPatch) -> Result<StoredAd, SoukError> {
        let ad_id = patch.ad_id.clone().ok_or_else(|| SoukError::with_detail(ErrorCode::Required, "adId"))?;
        let current = self.own_ad(caller, &ad_id).await?;
        let draft = patch.apply(draft_of(&current.ad))?;
        self.patch(caller, &ad_id, draft).await
    }

    /// Saves a draft after checking steps 1 to `step`. A new draft gets an id; an existing one
    /// must be the caller's. `ad_id` makes it an edit of one of the caller's ads.
    pub async fn save_draft(
        &self,
        caller: &Caller,
        draft_id: Option<String>,
        ad_id: Option<String>,
        step: u8,
        draft: AdDraft,
    ) -> Result<DraftState, SoukError> {
        let existing = match &draft_id {
            Some(id) => {
                let d =
                    self.ads.find_draft(id).await.map_err(internal)?.filter(|d| d.account_id == caller.account_id());
                Some(d.ok_or_else(|| not_found(format!("draft {id}")))?)
            }
            None => None,
        };
        let ad_id = existing.as_ref().and_then(|d| d.ad_id.clone()).or(ad_id);
        let mut allowance = FREE_PHOTOS;
        if let Some(ad_id) = &ad_id {
            allowance = self.own_ad(caller, ad_id).await?.photo_allowance as usize;
        }
        let checked = self.check(step, &draft, allowance)?;
        // Media must be the caller's as soon as the photo step is saved.
        if step >= 3 && ad_id.is_none() {
            self.resolve_media(caller, &checked, &[], None).await?;
        }
        let at = now();
        let draft_id = draft_id.unwrap_or_else(|| uuid::Uuid::now_v7().to_string());
        let content = serde_json::to_string(&checked).map_err(SoukError::internal)?;
        self.ads
            .save_draft(StoredDraft {
                draft_id: draft_id.clone(),
                account_id: caller.account_id(),
                ad_id: ad_id.clone(),
                step,
                content,
                created_at: existing.as_ref().map(|d| d.created_at).unwrap_or(at),
                updated_at: at,
            })
            .await
            .map_err(internal)?;
        let next_step = self.next_step(&checked, allowance).min(step + 1);
        Ok(DraftState { draft_id, ad_id, step, next_step, draft: checked })
    }

    /// A draft of the caller's.
    pub async fn draft(&self, caller: &Caller, draft_id: &str) -> Result<DraftState, SoukError> {
        let d = self
            .ads
            .find_draft(draft_id)
            .await
            .map_err(internal)?
            .filter(|d| d.account_id == caller.account_id())
            .ok_or_else(|| not_found(format!("draft {draft_id}")))?;
        let draft: AdDraft = serde_json::from_str(&d.content).map_err(SoukError::internal)?;
        let next_step = self.next_step(&draft, FREE_PHOTOS).min(d.step + 1);
        Ok(DraftState { draft_id: d.draft_id, ad_id: d.ad_id, step: d.step, next_step, draft })
    }

    /// Automatic moderation checks: a banned word refuses at once; a duplicate of one of the
    /// account's own ads too. Answers the flags for the moderator, or the refusal reason.
    async fn automatic_checks(
        &self,
        account_id: i64,
        f: &AdFields,
        except: Option<&str>,
    ) -> Result<Result<Vec<String>, (RefusalReason, String)>, SoukError> {
        let text = format!("{} {}", f.title, f.description);
        if let Some(word) = banned_word(&text) {
            return Ok(Err((RefusalReason::ForbiddenContent, format!("banned word: {word}"))));
        }
        if let Some(other) =
            self.ads.find_duplicate(account_id, f.category_id, &f.duplicate_key, except).await.map_err(internal)?
        {
            return Ok(Err((RefusalReason::Duplicate, format!("duplicate of {other}"))));
        }
        let mut flags = Vec::new();
        if f.images.is_empty() {
            flags.push("no_photo".to_string());
        }
        Ok(Ok(flags))
    }

    fn fields(draft: &AdDraft, images: Vec<String>, video: Option<String>) -> Result<AdFields, SoukError> {
        let (Some(category_id), Some(ad_type), Some(title), Some(description), Some(city_id)) =
            (draft.category_id, draft.ad_type.clone(), draft.title.clone(), draft.description.clone(), draft.city_id)
        else {
            return Err(SoukError::with_detail(ErrorCode::Required, "an incomplete ad"));
        };
        Ok(AdFields {
            duplicate_key: duplicate_key(&title, &description),
            category_id,
            ad_type,
            title,
            description,
            price: draft.price,
            city_id,
            area_id: draft.area_id,
            params: draft.params.clone(),
            urgent: draft.urgent,
            delivery: draft.delivery,
            phone_hidden: draft.phone_hidden,
            images,
            video,
            discount: draft.discount,
        })
    }

    /// Submits a complete ad (from a draft or directly): every step is checked, the media must
    /// be the caller's, the automatic checks run, and the ad waits in pending review — or is
    /// refused at once by the automatic checks, with the reason sent to the seller.
    pub async fn submit(
        &self,
        caller: &Caller,
        draft_id: Option<String>,
        draft: Option<AdDraft>,
    ) -> Result<StoredAd, SoukError> {
        let draft = match (&draft_id, draft) {
            (_, Some(d)) => d,
            (Some(id), None) => {
                let state = self.draft(caller, id).await?;
                if let Some(ad_id) = state.ad_id {
                    let patched = self.patch(caller, &ad_id, state.draft).await?;
                    return Ok(patched);
                }
                state.draft
            }
            (None, None) => return Err(SoukError::with_detail(ErrorCode::Required, "draftId or ad")),
        };
        let checked = self.check(4, &draft, FREE_PHOTOS)?;
        let (images, video) = self.resolve_media(caller, &checked, &[], None).await?;
        let fields = Self::fields(&checked, images, video)?;
        let verdict = self.automatic_checks(caller.account_id(), &fields, None).await?;
        let ad_id = uuid::Uuid::now_v7().to_string();
        let flags = verdict.clone().unwrap_or_default();
        let title = fields.title.clone();
        let created = self
            .ads
            .create_ad(NewAd {
                ad_id: ad_id.clone(),
                account_id: caller.account_id(),
                fields,
                photo_allowance: FREE_PHOTOS as u32,
                now: now(),
                flags,
                audit: Self::audit(caller, "insertAd", title),
                draft_id,
            })
            .await
            .map_err(internal)?;
        match verdict {
            Ok(_) => {
                self.queued(&created, "new");
                Ok(created)
            }
            Err((reason, note)) => self.refuse(created, reason, Some(note)).await,
        }
    }

    /// `patchAd(ad)`: edits one of the caller's ads with the fields given (the others keep their
    /// value). A waiting or refused ad changes now and goes (back) to moderation; a live one keeps
    /// its content while the edit waits (edit status pending).
    pub async fn patch(&self, caller: &Caller, ad_id: &str, patch: AdDraft) -> Result<StoredAd, SoukError> {
        let current = self.own_ad(caller, ad_id).await?;
        let outcome = ad_lifecycle::edit(current.ad.status)?;
        let checked = self.check(4, &patch, current.photo_allowance as usize)?;
        let (images, video) =
            self.resolve_media(caller, &checked, &current.ad.images, current.ad.video.as_deref()).await?;
        let fields = Self::fields(&checked, images, video)?;
        let verdict = self.automatic_checks(caller.account_id(), &fields, Some(ad_id)).await?;
        let t = now();
        let mut change = AdChange::new(ad_id, current.ad.status, t);
        change.audit = Self::audit(caller, "patchAd", ad_id.to_string());
        let flags = verdict.clone().unwrap_or_default();
        let kind = match outcome {
            EditOutcome::Replaced(_) => "new",
            EditOutcome::Pending => "edit",
        };
        match outcome {
            EditOutcome::Replaced(status) => {
                if current.ad.status == AdStatus::Refused {
                    // A corrected resubmission counts against the appeal limit.
                    ad_lifecycle::appeal(current.ad.status, current.resubmissions, self.settings.max_resubmissions)?;
                    change.count_resubmission = true;
                    change.refusal_reason = Some(None);
                }
                change.status = Some(status);
                change.fields = Some(fields);
                change.queue = QueueOp::Enqueue { kind: "new", flags };
            }
            EditOutcome::Pending => {
                let content = serde_json::to_string(&AdDraft {
                    images: fields.images.clone(),
                    video: fields.video.clone(),
                    ..checked
                })
                .map_err(SoukError::internal)?;
                change.pending_edit = PendingEditOp::Set(content);
                change.edit_status = Some(Some(EditStatus::Pending));
                change.queue = QueueOp::Enqueue { kind: "edit", flags };
            }
        }
        let saved = self.ads.apply_change(change).await.map_err(write_err)?;
        self.stats.ad_edited(ad_id);
        match verdict {
            Ok(_) => {
                self.queued(&saved, kind);
                Ok(saved)
            }
            Err((reason, note)) => self.refuse(saved, reason, Some(note)).await,
        }
    }

    // ----- Lifecycle -----

    /// `deactivateAd(adId, accountId, token)`
    pub async fn deactivate(
        &self,
        caller: &Caller,
        ad_id: &str,
        account_id: Option<i64>,
    ) -> Result<StoredAd, SoukError> {
        Self::check_account_arg(caller, account_id)?;
        let ad = self.own_ad(caller, ad_id).await?;
        let status = ad_lifecycle::deactivate(ad.ad.status)?;
        let mut change = AdChange::new(ad_id, ad.ad.status, now());
        change.status = Some(status);
        change.audit = Self::audit(caller, "deactivateAd", ad_id.to_string());
        self.ads.apply_change(change).await.map_err(write_err)
    }

    /// Whether one more active ad of this owner in this category stays free.
    async fn within_limit(&self, ad: &StoredAd) -> Result<bool, SoukError> {
        let owner = self.account(ad.ad.account_id).await?;
        let active = self.ads.active_in_category(ad.ad.account_id, ad.ad.category_id).await.map_err(internal)?;
        let limit = self.settings.free_limit(self.catalog.tree(), ad.ad.category_id);
        Ok(ad_lifecycle::within_free_limit(owner.account.account_type, active, Some(limit)))
    }

    /// `activateAd(adId, accountId, token)`: active, or pending payment over the free limit.
    pub async fn activate(
        &self,
        caller: &Caller,
        ad_id: &str,
        account_id: Option<i64>,
    ) -> Result<ActivationResult, SoukError> {
        Self::check_account_arg(caller, account_id)?;
        let ad = self.own_ad(caller, ad_id).await?;
        let within = self.within_limit(&ad).await?;
        let (status, outcome) = ad_lifecycle::activate(ad.ad.status, within)?;
        let mut change = AdChange::new(ad_id, ad.ad.status, now());
        change.status = Some(status);
        change.audit = Self::audit(caller, "activateAd", ad_id.to_string());
        let ad = self.ads.apply_change(change).await.map_err(write_err)?;
        if ad.ad.status == AdStatus::Active {
            self.published(&ad);
        }
        Ok(ActivationResult { ad, outcome })
    }

    /// `deleteAd(listId, accountId, token)`
    pub async fn delete(&self, caller: &Caller, list_id: i64, account_id: Option<i64>) -> Result<StoredAd, SoukError> {
        Self::check_account_arg(caller, account_id)?;
        let ad = self.ads.find_by_list_id(list_id).await.map_err(internal)?.ok_or_else(|| not_found(list_id))?;
        if ad.ad.account_id != caller.account_id() {
            return Err(not_found(list_id));
        }
        let t = now();
        let status = ad_lifecycle::delete(ad.ad.status, ad.ad.state_time, t)?;
        let mut change = AdChange::new(ad.ad.ad_id.clone(), ad.ad.status, t);
        change.status = Some(status);
        change.queue = QueueOp::Dequeue;
        change.pending_edit = PendingEditOp::Clear;
        change.audit = Self::audit(caller, "deleteAd", list_id.to_string());
        let deleted = self.ads.apply_change(change).await.map_err(write_err)?;
        self.stats.count(deleted.ad.account_id, Some(&deleted.ad.ad_id), Metric::Delete);
        Ok(deleted)
    }

    /// Counts a publication (and an activation) for the statistics.
    fn published(&self, ad: &StoredAd) {
        self.stats.count(ad.ad.account_id, Some(&ad.ad.ad_id), Metric::Publish);
        self.stats.count(ad.ad.account_id, Some(&ad.ad.ad_id), Metric::ActiveAds);
    }

    fn bulk_ids(ad_ids: &[String], reason: &str) -> Result<(), SoukError> {
        if ad_ids.is_empty() {
            return Err(SoukError::with_detail(ErrorCode::Required, "adIds"));
        }
        if ad_ids.len() > BULK_MAX {
            return Err(SoukError::with_detail(ErrorCode::ValueTooLarge, "adIds").with_param("max", BULK_MAX as i64));
        }
        if reason.trim().is_empty() {
            return Err(SoukError::with_detail(ErrorCode::Required, "reason"));
        }
        Ok(())
    }

    /// Deactivates several of the caller's ads, with a reason; each ad has its own outcome.
    pub async fn bulk_deactivate(
        &self,
        caller: &Caller,
        ad_ids: &[String],
        reason: &str,
    ) -> Result<Vec<BulkOutcome>, SoukError> {
        Self::bulk_ids(ad_ids, reason)?;
        let mut out = Vec::new();
        for id in ad_ids {
            let result = self.deactivate(caller, id, None).await.map(|a| a.ad.status);
            out.push(BulkOutcome { ad_id: id.clone(), result });
        }
        tracing::info!(account = caller.account_id(), count = ad_ids.len(), reason, "bulk deactivate");
        Ok(out)
    }

    /// Deletes several of the caller's ads, with a reason; each ad has its own outcome.
    pub async fn bulk_delete(
        &self,
        caller: &Caller,
        ad_ids: &[String],
        reason: &str,
    ) -> Result<Vec<BulkOutcome>, SoukError> {
        Self::bulk_ids(ad_ids, reason)?;
        let mut out = Vec::new();
        for id in ad_ids {
            let result = match self.own_ad(caller, id).await {
                Ok(ad) => self.delete(caller, ad.ad.list_id, None).await.map(|a| a.ad.status),
                Err(e) => Err(e),
            };
            out.push(BulkOutcome { ad_id: id.clone(), result });
        }
        tracing::info!(account = caller.account_id(), count = ad_ids.len(), reason, "bulk delete");
        Ok(out)
    }

    /// Appeal of a refused ad: back to moderation, within the resubmission limit.
    pub async fn appeal(&self, caller: &Caller, ad_id: &str, message: &str) -> Result<StoredAd, SoukError> {
        let ad = self.own_ad(caller, ad_id).await?;
        let message = message.trim();
        if message.chars().count() > REPORT_BODY_MAX {
            return Err(
                SoukError::with_detail(ErrorCode::TextTooLong, "message").with_param("max", REPORT_BODY_MAX as i64)
            );
        }
        let status = ad_lifecycle::appeal(ad.ad.status, ad.resubmissions, self.settings.max_resubmissions)?;
        let mut change = AdChange::new(ad_id, ad.ad.status, now());
        change.status = Some(status);
        change.count_resubmission = true;
        change.queue = QueueOp::Enqueue { kind: "appeal", flags: vec![format!("appeal: {message}")] };
        change.audit = Self::audit(caller, "appealAd", ad_id.to_string());
        let appealed = self.ads.apply_change(change).await.map_err(write_err)?;
        self.queued(&appealed, "appeal");
        Ok(appealed)
    }

    /// Payment received for an ad waiting for it: published (the payments capability calls this).
    pub async fn payment_received(&self, ad_id: &str) -> Result<StoredAd, SoukError> {
        let ad = self.ads.find_ad(ad_id).await.map_err(internal)?.ok_or_else(|| not_found(ad_id))?;
        let status = ad_lifecycle::paid(ad.ad.status)?;
        let mut change = AdChange::new(ad_id, ad.ad.status, now());
        change.status = Some(status);
        let ad = self.ads.apply_change(change).await.map_err(write_err)?;
        self.published(&ad);
        Ok(ad)
    }

    /// Applies a boost pack to an ad directly, for its period (tests and operators; a bought pack
    /// is put on the ad by its payment, `PaymentService`). Spec §5: a pack requires at least one
    /// image. A bump, special or renewal pack that has started bumps an active ad in the same
    /// write (its rank time becomes now, so "newest" shows it first); bump and special bump it
    /// again each day while they run ([`renew_bumps`](Self::renew_bumps)).
    pub async fn apply_pack(&self, ad_id: &str, kind: VasPackKind, start: i64, end: i64) -> Result<(), SoukError> {
        let ad = self.ads.find_ad(ad_id).await.map_err(internal)?.ok_or_else(|| not_found(ad_id))?;
        souk_domain::ad::check_pack_allowed(ad.ad.images.len())?;
        if end <= start {
            return Err(SoukError::with_detail(ErrorCode::InvalidArgument, "pack period"));
        }
        let t = now();
        let bump_at = (kind.bumps() && start <= t && ad.ad.status == AdStatus::Active).then_some(t);
        self.ads
            .add_vas_pack(ad_id, VasPack { name: kind.as_str().into(), start_date: start, end_date: end }, bump_at)
            .await
            .map_err(internal)?;
        self.count_pack(ad.ad.account_id, ad_id, kind, bump_at.is_some());
        Ok(())
    }

    /// A bought pack's start (the scheduler's `pack_start` job at its start instant): a bump,
    /// special or renewal pack bumps the ad if it is active; the pack is counted in the
    /// statistics. Running it again bumps nothing new (the rank time only moves forward).
    pub async fn pack_started(&self, ad_id: &str, kind: VasPackKind, at: i64) -> Result<(), SoukError> {
        let ad = self.ads.find_ad(ad_id).await.map_err(internal)?.ok_or_else(|| not_found(ad_id))?;
        let bumped = if kind.bumps() { self.ads.bump_ad(ad_id, at).await.map_err(internal)?.is_some() } else { false };
        self.count_pack(ad.ad.account_id, ad_id, kind, bumped);
        Ok(())
    }

    /// The statistics of a pack applied to an ad: its kind's metric, a bump when a special pack
    /// bumped it, and the boost consumption.
    fn count_pack(&self, owner: i64, ad_id: &str, kind: VasPackKind, bumped: bool) {
        let metric = match kind {
            VasPackKind::Bump | VasPackKind::Renewal => Metric::Bump,
            VasPackKind::Highlight => Metric::Highlights,
            VasPackKind::Gallery | VasPackKind::Special => Metric::Gallery,
        };
        self.stats.count(owner, Some(ad_id), metric);
        if kind == VasPackKind::Special && bumped {
            self.stats.count(owner, Some(ad_id), Metric::Bump);
        }
        self.stats.count(owner, Some(ad_id), Metric::BoostConsumption);
    }

    /// The daily renewal of bump and special packs (spec §3): every active ad with such a pack
    /// running at `now`, last bumped a day ago or more, is bumped again (rank time = `now`) and
    /// the bump counted. Each bump is a conditional write, so two processes renewing at once
    /// bump an ad once. Answers how many ads were bumped.
    pub async fn renew_bumps(&self, now: i64) -> Result<usize, SoukError> {
        let names: Vec<&str> = VasPackKind::DAILY_RENEWAL.iter().map(|k| k.as_str()).collect();
        let not_since = now - souk_domain::ad::BUMP_RENEWAL_SECONDS;
        let bumped = self.ads.bump_due(&names, now, not_since, RENEWALS_PER_ROUND).await.map_err(internal)?;
        for (ad_id, owner) in &bumped {
            self.stats.count(*owner, Some(ad_id), Metric::Bump);
        }
        Ok(bumped.len())
    }

    /// One round of the renewal schedule: runs [`renew_bumps`](Self::renew_bumps) only on the
    /// process that takes the lease `ads:bump-renewal` in the ephemeral store (shared by every
    /// process in distributed mode) for `every`. `None` when another process holds it (or the
    /// store did not answer: the next round retries).
    pub async fn renewal_round(&self, ephemeral: &dyn Ephemeral, now: i64, every: Duration) -> Option<usize> {
        if !crate::lease::take(ephemeral, "ads:bump-renewal", crate::lease::for_round(every)).await {
            return None;
        }
        match self.renew_bumps(now).await {
            Ok(n) => {
                if n > 0 {
                    tracing::info!(bumped = n, "daily bump renewal");
                }
                Some(n)
            }
            Err(e) => {
                tracing::warn!(error = %e, "daily bump renewal failed; the next round retries");
                None
            }
        }
    }

    // ----- My ads -----

    /// `getMyAds(filters {status, boosted}, pagination {number, size})`: one page and the total.
    pub async fn my_ads(
        &self,
        caller: &Caller,
        status: Option<&str>,
        boosted: Option<&str>,
        page: u32,
        size: u32,
    ) -> Result<(Vec<StoredAd>, u64), SoukError> {
        let status = match status {
            None => AdStatus::Active,
            Some(s) => AdStatus::parse_listing(s)
                .ok_or_else(|| SoukError::with_detail(ErrorCode::InvalidArgument, format!("status {s}")))?,
        };
        let boosted = match boosted.map(|b| BoostedFilter::parse(b).ok_or(b)) {
            None | Some(Ok(BoostedFilter::AllAds)) => None,
            Some(Ok(BoostedFilter::BoostedActiveAds)) => Some(true),
            Some(Ok(BoostedFilter::UnboostedActiveAds)) => Some(false),
            Some(Err(b)) => return Err(SoukError::with_detail(ErrorCode::InvalidArgument, format!("boosted {b}"))),
        };
        let (offset, limit) = page_window(page, size)?;
        self.stats.flush().await?;
        self.ads
            .my_ads(MyAdsQuery { account_id: caller.account_id(), status, boosted, now: now(), offset, limit })
            .await
            .map_err(internal)
    }

    /// `getMyAd(adId)`
    pub async fn my_ad(&self, caller: &Caller, ad_id: &str) -> Result<MyAdDetail, SoukError> {
        self.stats.flush().await?;
        let ad = self.own_ad(caller, ad_id).await?;
        let vas_packs = self.ads.vas_packs(ad_id).await.map_err(internal)?;
        let pending_edit = match self.ads.pending_edit(ad_id).await.map_err(internal)? {
            Some((content, _)) => Some(serde_json::from_str(&content).map_err(SoukError::internal)?),
            None => None,
        };
        let phone = self.account(ad.ad.account_id).await?.account.phone;
        Ok(MyAdDetail { ad, vas_packs, pending_edit, phone })
    }

    /// `getMyAdsCount`: every status with its count.
    pub async fn my_counts(&self, caller: &Caller) -> Result<Vec<(AdStatus, u64)>, SoukError> {
        self.ads.my_counts(caller.account_id()).await.map_err(internal)
    }

    // ----- Public ad data -----

    async fn seller(&self, account_id: i64) -> Result<SellerSummary, SoukError> {
        let a = self.account(account_id).await?;
        let store = match a.store_id {
            Some(id) => self.accounts.find_store(id).await.map_err(internal)?,
            None => None,
        };
        Ok(SellerSummary {
            account_id,
            name: store.as_ref().map(|s| s.name.clone()).unwrap_or_else(|| a.account.name.clone()),
            is_shop: a.account.account_type == AccountType::Shop,
            store_id: a.store_id,
            is_verified_seller: store.as_ref().is_some_and(|s| s.is_verified_seller),
            member_since: a.account.registered_at,
            logo_key: store.and_then(|s| s.logo_key),
            phone_hidden: a.account.phone_hidden,
        })
    }

    /// An ad as buyers see it: only active ads, except for its owner.
    pub async fn public_ad(&self, caller: Option<&Caller>, list_id: i64) -> Result<PublicAd, SoukError> {
        let ad = self.ads.find_by_list_id(list_id).await.map_err(internal)?.ok_or_else(|| not_found(list_id))?;
        let own = caller.is_some_and(|c| c.account_id() == ad.ad.account_id);
        if ad.ad.status != AdStatus::Active && !own {
            return Err(not_found(list_id));
        }
        let seller = self.seller(ad.ad.account_id).await?;
        let vas_packs = self.ads.vas_packs(&ad.ad.ad_id).await.map_err(internal)?;
        Ok(PublicAd { ad, seller, vas_packs })
    }

    /// "Show number": the seller's phone (or the ad's hidden flag), counted as a phone view as
    /// honestly as a view (not the owner's, not a robot's, once per visitor per 30 minutes).
    pub async fn show_phone(
        &self,
        caller: Option<&Caller>,
        list_id: i64,
        visitor_id: Option<&str>,
        user_agent: &str,
    ) -> Result<String, SoukError> {
        let ad = self.public_ad(caller, list_id).await?;
        let account = self.account(ad.ad.ad.account_id).await?;
        let phone = match (ad.ad.ad.phone_hidden || account.account.phone_hidden, account.account.phone) {
            (false, Some(p)) => p,
            _ => return Err(SoukError::with_detail(ErrorCode::NotFound, "the seller hides the number")),
        };
        let (owner, ad_id) = (ad.ad.ad.account_id, &ad.ad.ad.ad_id);
        // Counting is the statistics' business: the number is shown even if it cannot count.
        if let Err(e) = self.stats.record_phone_view(owner, ad_id, caller, visitor_id, user_agent).await {
            tracing::warn!(error = %e, "phone view not counted");
        }
        Ok(phone)
    }

    /// Ads of the same category and city.
    pub async fn related(&self, list_id: i64) -> Result<Vec<StoredAd>, SoukError> {
        let ad = self.public_ad(None, list_id).await?;
        self.ads.related_ads(ad.ad.ad.category_id, ad.ad.ad.city_id, list_id, SUGGESTIONS).await.map_err(internal)
    }

    /// Premium suggestions: ads with a live gallery or special pack.
    pub async fn premium(&self, limit: u32) -> Result<Vec<StoredAd>, SoukError> {
        self.ads.premium_ads(now(), limit.clamp(1, 50)).await.map_err(internal)
    }

    /// Price advice: median and range (quartiles) of comparable active ads — same category and
    /// ad type, in the city when it has at least 5 of them, else nationally.
    pub async fn price_advice(
        &self,
        category_id: u32,
        ad_type: &str,
        city_id: Option<u32>,
    ) -> Result<Option<PriceAdvice>, SoukError> {
        let mut national = city_id.is_none();
        let mut prices = self.ads.comparable_prices(category_id, ad_type, city_id, 500).await.map_err(internal)?;
        if prices.len() < 5 && city_id.is_some() {
            prices = self.ads.comparable_prices(category_id, ad_type, None, 500).await.map_err(internal)?;
            national = true;
        }
        Ok(price_stats(prices).map(|(median, low, high, count)| PriceAdvice { median, low, high, count, national }))
    }

    // ----- Availability calendar (vacation rentals) -----

    /// `getAdAvailability(listId)`: the booked periods not over yet of an ad buyers can see
    /// (or of one's own ad); none for ads that are not vacation rentals.
    pub async fn availability(&self, caller: Option<&Caller>, list_id: i64) -> Result<Vec<BookedPeriod>, SoukError> {
        let ad = self.public_ad(caller, list_id).await?.ad.ad;
        if !availability::has_calendar(&ad.ad_type) {
            return Ok(Vec::new());
        }
        let periods = self.ads.availability(&ad.ad_id).await.map_err(internal)?;
        Ok(availability::upcoming(periods, now()))
    }

    /// `setAdAvailability(adId, periods)`: the owner replaces the calendar of a vacation rental
    /// (any status but deleted; no new moderation: dates are not content). Answers the calendar
    /// as stored (sorted, merged).
    pub async fn set_availability(
        &self,
        caller: &Caller,
        ad_id: &str,
        periods: &[(String, String)],
    ) -> Result<Vec<BookedPeriod>, SoukError> {
        let ad = self.own_ad(caller, ad_id).await?;
        if ad.ad.status == AdStatus::Deleted {
            return Err(not_found(ad_id));
        }
        let checked = availability::check_calendar(&ad.ad.ad_type, periods, now())?;
        self.ads.set_availability(ad_id, checked.clone()).await.map_err(write_err)?;
        Ok(checked)
    }

    // ----- Saved ads -----

    /// `saveAd`: 201 whether it was new or already saved; only ads that exist.
    pub async fn save(&self, caller: &Caller, list_id: i64) -> Result<u16, SoukError> {
        let ad = self.ads.find_by_list_id(list_id).await.map_err(internal)?;
        if ad.is_none_or(|a| a.ad.status != AdStatus::Active) {
            return Err(not_found(list_id));
        }
        self.ads.save_ad(caller.account_id(), list_id, now()).await.map_err(internal)?;
        Ok(201)
    }

    /// `unsaveAd`: 204; an ad that was not saved is "not found".
    pub async fn unsave(&self, caller: &Caller, list_id: i64) -> Result<u16, SoukError> {
        if !self.ads.unsave_ad(caller.account_id(), list_id).await.map_err(internal)? {
            return Err(not_found(list_id));
        }
        Ok(204)
    }

    /// `getMySavedAds(page, size)`
    pub async fn saved(&self, caller: &Caller, page: u32, size: u32) -> Result<(Vec<StoredAd>, u64), SoukError> {
        let (offset, limit) = page_window(page, size)?;
        self.ads.saved_ads(caller.account_id(), offset, limit).await.map_err(internal)
    }

    /// Whether the caller has saved an ad (the ad view's "saved by me"). Walks the saved list
    /// by pages of 200: lists are short; a keyed storage lookup would replace it if they grow.
    pub async fn is_saved(&self, caller: &Caller, list_id: i64) -> Result<bool, SoukError> {
        const PAGE: u32 = 200;
        let mut offset = 0;
        loop {
            let (ads, total) = self.ads.saved_ads(caller.account_id(), offset, PAGE).await.map_err(internal)?;
            if ads.iter().any(|a| a.ad.list_id == list_id) {
                return Ok(true);
            }
            offset += PAGE;
            if ads.is_empty() || u64::from(offset) >= total {
                return Ok(false);
            }
        }
    }

    // ----- Abuse reports -----

    /// `submitReportAd(listId, from, type, body)`: one report per reporter per ad; a repeat
    /// changes nothing (answers false). Visitors report with their e-mail in `from`.
    pub async fn report(
        &self,
        caller: Option<&Caller>,
        list_id: i64,
        from: Option<&str>,
        report_type: &str,
        body: &str,
    ) -> Result<bool, SoukError> {
        let kind = ReportType::parse(report_type)
            .ok_or_else(|| SoukError::with_detail(ErrorCode::InvalidReportType, report_type.to_string()))?;
        let body = body.trim();
        if body.chars().count() > REPORT_BODY_MAX {
            return Err(
                SoukError::with_detail(ErrorCode::TextTooLong, "body").with_param("max", REPORT_BODY_MAX as i64)
            );
        }
        let reporter = match (caller, from.map(str::trim).filter(|f| !f.is_empty())) {
            (Some(c), _) => c.account_id().to_string(),
            (None, Some(email)) => souk_domain::account::normalize_email(email)?,
            (None, None) => return Err(SoukError::with_detail(ErrorCode::Required, "from")),
        };
        let ad = self.ads.find_by_list_id(list_id).await.map_err(internal)?;
        if ad.is_none_or(|a| a.ad.status != AdStatus::Active) {
            return Err(not_found(list_id));
        }
        self.ads
            .report_ad(AbuseReport {
                list_id,
                reporter,
                reporter_account: caller.map(Caller::account_id),
                report_type: kind.as_str().into(),
                body: body.into(),
                created_at: now(),
            })
            .await
            .map_err(internal)
    }

    // ----- Moderation (admins) -----

    /// The moderation queue, oldest first, with each ad's seller (the moderator judges the ad
    /// with who posted it; none when the account is gone) and the total.
    pub async fn moderation_queue(
        &self,
        caller: &Caller,
        page: u32,
        size: u32,
    ) -> Result<(Vec<(QueueEntry, Option<SellerSummary>)>, u64), SoukError> {
        Self::require_admin(caller)?;
        let (offset, limit) = page_window(page, size)?;
        let (entries, total) = self.ads.moderation_queue(offset, limit).await.map_err(internal)?;
        let mut out = Vec::with_capacity(entries.len());
        for e in entries {
            let seller = self.seller_if_any(e.ad.ad.account_id).await?;
            out.push((e, seller));
        }
        Ok((out, total))
    }

    /// A seller's summary, or none when the account no longer exists.
    async fn seller_if_any(&self, account_id: i64) -> Result<Option<SellerSummary>, SoukError> {
        match self.seller(account_id).await {
            Ok(s) => Ok(Some(s)),
            Err(e) if e.code == ErrorCode::AccountNotFound => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Open abuse reports with their ads and the ads' sellers, oldest first.
    pub async fn abuse_reports(
        &self,
        caller: &Caller,
        limit: u32,
    ) -> Result<Vec<(AbuseReport, Option<StoredAd>, Option<SellerSummary>)>, SoukError> {
        Self::require_admin(caller)?;
        let reports = self.ads.open_reports(limit.clamp(1, MAX_PAGE_SIZE)).await.map_err(internal)?;
        let mut out = Vec::new();
        for r in reports {
            let ad = self.ads.find_by_list_id(r.list_id).await.map_err(internal)?;
            let seller = match &ad {
                Some(a) => self.seller_if_any(a.ad.account_id).await?,
                None => None,
            };
            out.push((r, ad, seller));
        }
        Ok(out)
    }

    /// `getReportedAds(page, size)`: one page of the ads with open abuse reports, the most
    /// reported first, each with its reports, its ad and the ad's seller (none when gone), and
    /// how many reported ads there are.
    pub async fn reported_ads(
        &self,
        caller: &Caller,
        page: u32,
        size: u32,
    ) -> Result<(Vec<(ReportedAd, Option<StoredAd>, Option<SellerSummary>)>, u64), SoukError> {
        Self::require_admin(caller)?;
        let (offset, limit) = page_window(page, size)?;
        let (groups, total) = self.ads.reported_ads(offset, limit).await.map_err(internal)?;
        let mut out = Vec::with_capacity(groups.len());
        for g in groups {
            let ad = self.ads.find_by_list_id(g.list_id).await.map_err(internal)?;
            let seller = match &ad {
                Some(a) => self.seller_if_any(a.ad.account_id).await?,
                None => None,
            };
            out.push((g, ad, seller));
        }
        Ok((out, total))
    }

    /// `dismissReportAd(listId, reason, note)`: a moderator closes every open report of an ad
    /// without acting on the ad, for one of the dismissal reasons (`moderation::DismissalReason`),
    /// recorded with the reports and in the audit log. Answers how many reports it closed: 0
    /// when none was open (another moderator closed them first).
    pub async fn dismiss_reports(
        &self,
        caller: &Caller,
        list_id: i64,
        reason: &str,
        note: Option<&str>,
    ) -> Result<u64, SoukError> {
        Self::require_admin(caller)?;
        let reason = souk_domain::moderation::DismissalReason::parse(reason.trim())
            .ok_or_else(|| SoukError::with_detail(ErrorCode::InvalidArgument, format!("reason {reason}")))?;
        let note = souk_domain::moderation::dismissal_note(note)?;
        let owner = self.ads.find_by_list_id(list_id).await.map_err(internal)?.map_or(0, |a| a.ad.account_id);
        let at = now();
        let audit = AuditEntry {
            admin_id: caller.account_id(),
            account_id: owner,
            at,
            operation: "dismissReportAd".into(),
            detail: format!("{list_id} {}", reason.key()),
        };
        let dismissal =
            ReportDismissal { list_id, admin_id: caller.account_id(), reason: reason.key().into(), note, at, audit };
        self.ads.dismiss_reports(dismissal).await.map_err(internal)
    }

    /// When the oldest waiting ad entered the queue (for `/metrics`).
    pub async fn oldest_waiting(&self) -> Result<Option<i64>, SoukError> {
        self.ads.oldest_waiting().await.map_err(internal)
    }

    /// A moderator approves or refuses a waiting ad, or a waiting edit of a live ad.
    pub async fn decide(&self, caller: &Caller, ad_id: &str, decision: Decision) -> Result<StoredAd, SoukError> {
        Self::require_admin(caller)?;
        let ad = self.ads.find_ad(ad_id).await.map_err(internal)?.ok_or_else(|| not_found(ad_id))?;
        let pending_edit = self.ads.pending_edit(ad_id).await.map_err(internal)?;
        let t = now();
        let audit = Some(AuditEntry {
            admin_id: caller.account_id(),
            account_id: ad.ad.account_id,
            at: t,
            operation: "moderateAd".into(),
            detail: format!("{ad_id} {decision:?}"),
        });
        let decided = match (decision, pending_edit) {
            // An edit of a live ad: accepted replaces the content, refused keeps the old one.
            (Decision::Approve, Some((content, _))) if ad.ad.status != AdStatus::PendingReview => {
                let draft: AdDraft = serde_json::from_str(&content).map_err(SoukError::internal)?;
                let fields = Self::fields(&draft, draft.images.clone(), draft.video.clone())?;
                let mut change = AdChange::new(ad_id, ad.ad.status, t);
                change.fields = Some(fields);
                change.edit_status = Some(Some(EditStatus::Accepted));
                change.refusal_reason = Some(None);
                change.pending_edit = PendingEditOp::Clear;
                change.queue = QueueOp::Dequeue;
                change.audit = audit;
                self.ads.apply_change(change).await.map_err(write_err)
            }
            (Decision::Refuse { reason, note }, Some(_)) if ad.ad.status != AdStatus::PendingReview => {
                let mut change = AdChange::new(ad_id, ad.ad.status, t);
                change.edit_status = Some(Some(EditStatus::Refused));
                change.refusal_reason = Some(Some(reason.key().into()));
                change.pending_edit = PendingEditOp::Clear;
                change.queue = QueueOp::Dequeue;
                change.audit = audit;
                let saved = self.ads.apply_change(change).await.map_err(write_err)?;
                self.tell_refused(&saved, reason, note.as_deref()).await;
                Ok(saved)
            }
            (Decision::Approve, _) => {
                let within = self.within_limit(&ad).await?;
                let mut change = AdChange::new(ad_id, ad.ad.status, t);
                change.status = Some(ad_lifecycle::approve(ad.ad.status, within)?);
                change.refusal_reason = Some(None);
                change.queue = QueueOp::Dequeue;
                change.audit = audit;
                let decided = self.ads.apply_change(change).await.map_err(write_err)?;
                if decided.ad.status == AdStatus::Active {
                    self.published(&decided);
                }
                Ok(decided)
            }
            (Decision::Refuse { reason, note }, _) => {
                ad_lifecycle::refuse(ad.ad.status)?;
                let saved = self.refuse(ad, reason, note).await?;
                Ok(saved)
            }
        }?;
        self.dequeued(&decided);
        Ok(decided)
    }

    /// Refuses a waiting ad (moderator or automatic checks) and tells the seller why.
    async fn refuse(&self, ad: StoredAd, reason: RefusalReason, note: Option<String>) -> Result<StoredAd, SoukError> {
        let mut change = AdChange::new(ad.ad.ad_id.clone(), ad.ad.status, now());
        if ad.ad.status == AdStatus::PendingReview {
            change.status = Some(ad_lifecycle::refuse(ad.ad.status)?);
        } else {
            // A live ad's edit refused automatically: the live content stays.
            change.edit_status = Some(Some(EditStatus::Refused));
            change.pending_edit = PendingEditOp::Clear;
        }
        change.refusal_reason = Some(Some(reason.key().into()));
        change.queue = QueueOp::Dequeue;
        let saved = self.ads.apply_change(change).await.map_err(write_err)?;
        self.tell_refused(&saved, reason, note.as_deref()).await;
        Ok(saved)
    }

    /// The refusal goes to the seller in their language: by e-mail, or by messaging app to a
    /// private seller without e-mail. A delivery failure is logged; the decision stands.
    async fn tell_refused(&self, ad: &StoredAd, reason: RefusalReason, note: Option<&str>) {
        let Ok(owner) = self.account(ad.ad.account_id).await else { return };
        let lang: Lang = owner.lang;
        let mut text = reason.text(lang).to_string();
        if let Some(n) = note.filter(|n| !n.is_empty() && reason == RefusalReason::Other) {
            text = format!("{text} ({n})");
        }
        let message = Message::AdRefused { title: ad.ad.title.clone(), reason: text };
        let sent = match (&owner.account.email, &owner.account.phone) {
            (Some(email), _) => self.mailer.send(email, lang, &message).await,
            (None, Some(phone)) => self.sender.send(phone, lang, &message).await,
            (None, None) => return,
        };
        if let Err(e) = sent {
            tracing::warn!(ad = %ad.ad.ad_id, error = %e, "refusal notice not sent");
        }
    }

    /// Whether an account may moderate (admins not acting as someone).
    pub fn is_moderator(caller: &Caller) -> bool {
        caller.claims.roles.contains(&Role::Admin) && caller.acting_admin().is_none()
    }
}

/// The storage image key of an uploaded photo (its large rendition).
pub fn photo_key(base_key: &str) -> String {
    format!("{base_key}/large.jpg")
}

/// A page number (1-based) and size (1 to 100, 12 by default when 0) as offset and limit.
pub fn page_window(page: u32, size: u32) -> Result<(u32, u32), SoukError> {
    let size = if size == 0 { PAGE_SIZE } else { size };
    if size > MAX_PAGE_SIZE {
        return Err(SoukError::with_detail(ErrorCode::ValueTooLarge, "size").with_param("max", MAX_PAGE_SIZE.into()));
    }
    let page = page.max(1);
    let offset =
        (page - 1).checked_mul(size).ok_or_else(|| SoukError::with_detail(ErrorCode::InvalidArgument, "page"))?;
    Ok((offset, size))
}

/// Median, first and third quartile and count of prices; `None` for fewer than 3.
pub fn price_stats(mut prices: Vec<i64>) -> Option<(i64, i64, i64, u32)> {
    if prices.len() < 3 {
        return None;
    }
    prices.sort_unstable();
    let at = |q: f64| {
        let pos = q * (prices.len() - 1) as f64;
        let (lo, hi) = (pos.floor() as usize, pos.ceil() as usize);
        let frac = pos - lo as f64;
        (prices[lo] as f64 + (prices[hi] - prices[lo]) as f64 * frac).round() as i64
    };
    Some((at(0.5), at(0.25), at(0.75), prices.len() as u32))
}

/// Text of a parameter value (for the API's secondary params).
pub fn param_text(v: &ParamValue) -> String {
    match v {
        ParamValue::Bool(b) => b.to_string(),
        ParamValue::Number(n) => n.to_string(),
        ParamValue::Text(t) => t.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_are_one_based_with_the_spec_default() {
        assert_eq!(page_window(1, 0).unwrap(), (0, 12));
        assert_eq!(page_window(3, 12).unwrap(), (24, 12));
        assert_eq!(page_window(0, 5).unwrap(), (0, 5));
        assert_eq!(page_window(1, 101).unwrap_err().code, ErrorCode::ValueTooLarge);
    }

    #[test]
    fn price_stats_are_median_and_quartiles() {
        assert_eq!(price_stats(vec![100, 300]), None);
        assert_eq!(price_stats(vec![500, 100, 300]), Some((300, 200, 400, 3)));
        assert_eq!(price_stats(vec![1, 2, 3, 4, 100]), Some((3, 2, 4, 5)));
    }
}
