//! GraphQL operations of ads (spec §7): my ads and their counts, one of my ads, the ad form
//! (drafts, submission, `patchAd`), the lifecycle (`deactivateAd`, `activateAd`, `deleteAd`, bulk,
//! appeal), public ad data (an ad, show number, related and premium ads, price advice, the
//! category's form parameters), saved ads, abuse reports and the admin's moderation. Each
//! resolver reads the caller, makes one ad-service call and maps the result.
//!
//! Split by concern: `types.rs` (the GraphQL types), `mapping.rs` (service values to types),
//! and here the resolvers.

mod mapping;
mod types;

use super::errors::with_message_key;
use super::request::req;
use async_graphql::{Context, Json, Object, Result};
use mapping::*;
pub(crate) use mapping::{image_node, my_ad, public_ad, vas_node};
use souk_domain::ad_lifecycle::Activation;
use souk_domain::ad_params::{ParamKind, params_of};
use souk_domain::ad_patch::AdPatch;
use souk_domain::moderation::RefusalReason;
use souk_domain::money::Money;
use souk_domain::time::rfc3339;
use souk_domain::{ErrorCode, Lang, SoukError};
use souk_services::ads::service::Decision;
pub use types::*;

#[derive(Default)]
pub struct AdQuery;

#[Object]
impl AdQuery {
    /// `getMyAds(filters {status, boosted}, pagination {number, size})` → ads, count.total.
    async fn get_my_ads(
        &self,
        ctx: &Context<'_>,
        filters: Option<MyAdsFilters>,
        pagination: Option<Pagination>,
    ) -> Result<MyAdsPage> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let (status, boosted) = filters.map(|f| (f.status, f.boosted)).unwrap_or_default();
        let (number, size) = pagination.map(|p| (p.number, p.size)).unwrap_or((1, 0));
        let (ads, total) = r
            .state
            .ads
            .my_ads(&caller, status.as_deref(), boosted.as_deref(), number, size)
            .await
            .map_err(|e| r.err(e))?;
        let ads = ads.iter().map(|a| my_ad(a, &[], None, r.state, r.lang)).collect();
        Ok(MyAdsPage { ads, count: CountTotal { total } })
    }

    /// `getMyAd(adId)`: with images, description, area, phone, vasPacks and params.
    async fn get_my_ad(&self, ctx: &Context<'_>, ad_id: String) -> Result<MyAd> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let d = r.state.ads.my_ad(&caller, &ad_id).await.map_err(|e| r.err(e))?;
        Ok(my_ad(&d.ad, &d.vas_packs, d.phone, r.state, r.lang))
    }

    /// The edit of one of my ads waiting for moderation, in the shape of `AdInput`.
    async fn get_my_ad_pending_edit(
        &self,
        ctx: &Context<'_>,
        ad_id: String,
    ) -> Result<Option<Json<serde_json::Value>>> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let d = r.state.ads.my_ad(&caller, &ad_id).await.map_err(|e| r.err(e))?;
        Ok(d.pending_edit.as_ref().map(|e| Json(draft_json(e))))
    }

    /// `getMyAdsCount` → countByStatus (every status, uppercase).
    async fn get_my_ads_count(&self, ctx: &Context<'_>) -> Result<MyAdsCount> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let counts = r.state.ads.my_counts(&caller).await.map_err(|e| r.err(e))?;
        Ok(MyAdsCount {
            count_by_status: counts
                .into_iter()
                .map(|(s, count)| StatusCount { status: s.listing_name().into(), count })
                .collect(),
        })
    }

    /// `getMySavedAds(page, size)` → ads, count.
    async fn get_my_saved_ads(&self, ctx: &Context<'_>, page: Option<u32>, size: Option<u32>) -> Result<SavedAdsPage> {
        let r = req(ctx);
        let caller = r.caller().await.map_err(|_| {
            with_message_key(&SoukError::new(ErrorCode::SessionExpired), r.lang, "saveAd.error.sessionExpired")
        })?;
        let (ads, count) =
            r.state.ads.saved(&caller, page.unwrap_or(1), size.unwrap_or(0)).await.map_err(|e| r.err(e))?;
        Ok(SavedAdsPage { ads: ads.iter().map(|a| saved_ad(a, r.state)).collect(), count })
    }

    /// An ad by its public id, with its seller (active ads; their owner sees any status).
    async fn get_ad(&self, ctx: &Context<'_>, list_id: i64) -> Result<PublicAdNode> {
        let r = req(ctx);
        let caller = r.optional_caller().await?;
        let ad = r.state.ads.public_ad(caller.as_ref(), list_id).await.map_err(|e| r.err(e))?;
        let saved_by_me = match &caller {
            Some(c) => r.state.ads.is_saved(c, list_id).await.map_err(|e| r.err(e))?,
            None => false,
        };
        Ok(public_node(ad, saved_by_me, r.state, r.lang))
    }

    /// The booked periods (not over yet) of a vacation rental buyers can see, or of one's own
    /// ad; empty for other ads.
    async fn get_ad_availability(&self, ctx: &Context<'_>, list_id: i64) -> Result<Vec<AvailabilityPeriod>> {
        let r = req(ctx);
        let caller = r.optional_caller().await?;
        let periods = r.state.ads.availability(caller.as_ref(), list_id).await.map_err(|e| r.err(e))?;
        Ok(availability_nodes(periods))
    }

    /// Active ads of the same category and city.
    async fn get_related_ads(&self, ctx: &Context<'_>, list_id: i64) -> Result<Vec<MyAd>> {
        let r = req(ctx);
        let ads = r.state.ads.related(list_id).await.map_err(|e| r.err(e))?;
        Ok(ads.iter().map(|a| public_ad(my_ad(a, &[], None, r.state, r.lang))).collect())
    }

    /// Premium suggestions (ads with a live gallery or special pack).
    async fn get_premium_ads(&self, ctx: &Context<'_>, limit: Option<u32>) -> Result<Vec<MyAd>> {
        let r = req(ctx);
        let ads = r.state.ads.premium(limit.unwrap_or(8)).await.map_err(|e| r.err(e))?;
        Ok(ads.iter().map(|a| public_ad(my_ad(a, &[], None, r.state, r.lang))).collect())
    }

    /// Price advice: median and range of comparable active ads (none under 3 of them).
    async fn get_price_advice(
        &self,
        ctx: &Context<'_>,
        category_id: u32,
        ad_type: String,
        city_id: Option<u32>,
    ) -> Result<Option<PriceAdviceNode>> {
        let r = req(ctx);
        let advice = r.state.ads.price_advice(category_id, &ad_type, city_id).await.map_err(|e| r.err(e))?;
        Ok(advice.map(|a| PriceAdviceNode {
            median: price_of(Money(a.median)),
            low: price_of(Money(a.low)),
            high: price_of(Money(a.high)),
            count: a.count,
            national: a.national,
        }))
    }

    /// The parameters step 2 of the ad form asks for in a category.
    async fn get_ad_params(&self, ctx: &Context<'_>, category_id: u32) -> Result<Vec<ParamSpecNode>> {
        let r = req(ctx);
        let tree = r.state.catalog.tree();
        if tree.get(category_id).is_none() {
            return Err(r.err(SoukError::with_detail(ErrorCode::CategoryNotFound, category_id.to_string())));
        }
        let label = |l: souk_domain::ad_params::Label| if r.lang == Lang::Ar { l.ar } else { l.fr }.to_string();
        Ok(params_of(category_id, tree.vertical_of(category_id))
            .iter()
            .map(|s| {
                let (mut unit, mut min, mut max, mut max_length, mut choices, mut source) =
                    (None, None, None, None, vec![], None);
                match s.kind {
                    ParamKind::Text { max_len } => max_length = Some(max_len as u32),
                    ParamKind::Number { unit: u, min: lo, max: hi } => {
                        (unit, min, max) = (u.map(str::to_string), Some(lo), Some(hi));
                    }
                    ParamKind::Bool => {}
                    ParamKind::Choice(cs) => {
                        choices = cs.iter().map(|c| ChoiceNode { key: c.key.into(), label: label(c.label) }).collect();
                    }
                    ParamKind::CarBrand => source = Some("carBrands".into()),
                    ParamKind::CarModel => source = Some("carModels".into()),
                    ParamKind::CarFuel => source = Some("carFuels".into()),
                    ParamKind::CarGearbox => source = Some("carGearboxes".into()),
                }
                ParamSpecNode {
                    key: s.key.into(),
                    label: label(s.label),
                    kind: match s.kind {
                        ParamKind::Text { .. } => "text",
                        ParamKind::Number { .. } => "number",
                        ParamKind::Bool => "boolean",
                        _ => "choice",
                    }
                    .into(),
                    required_for_offers: s.required,
                    unit,
                    min,
                    max,
                    max_length,
                    choices,
                    source,
                }
            })
            .collect())
    }

    /// One of my drafts of the ad form.
    async fn get_ad_draft(&self, ctx: &Context<'_>, draft_id: String) -> Result<DraftNode> {
        let r = req(ctx);
        let caller = r.caller().await?;
        Ok(draft_node(r.state.ads.draft(&caller, &draft_id).await.map_err(|e| r.err(e))?))
    }

    /// Admins: the moderation queue, oldest first with its age.
    async fn get_moderation_queue(
        &self,
        ctx: &Context<'_>,
        page: Option<u32>,
        size: Option<u32>,
    ) -> Result<ModerationQueue> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let (entries, total) =
            r.state.ads.moderation_queue(&caller, page.unwrap_or(1), size.unwrap_or(0)).await.map_err(|e| r.err(e))?;
        let now = souk_services::ads::service::now();
        let items = entries.into_iter().map(|e| queue_item(e, now, r.state, r.lang)).collect();
        Ok(ModerationQueue { items, total })
    }

    /// Admins: open abuse reports with their ads, oldest first.
    async fn get_abuse_reports(&self, ctx: &Context<'_>, limit: Option<u32>) -> Result<Vec<AbuseReportNode>> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let reports = r.state.ads.abuse_reports(&caller, limit.unwrap_or(50)).await.map_err(|e| r.err(e))?;
        Ok(reports
            .into_iter()
            .map(|(rep, ad, seller)| AbuseReportNode {
                list_id: rep.list_id,
                report_type: rep.report_type,
                body: rep.body,
                reporter: rep.reporter,
                created_at: rfc3339(rep.created_at),
                ad: ad.map(|a| my_ad(&a, &[], None, r.state, r.lang)),
                seller: seller.map(|s| seller_node(s, r.state)),
            })
            .collect())
    }

    /// Admins: one page of the ads with open abuse reports, the most reported first, with the
    /// number of reported ads.
    async fn get_reported_ads(&self, ctx: &Context<'_>, page: Option<u32>, size: Option<u32>) -> Result<ReportedAds> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let (groups, total) =
            r.state.ads.reported_ads(&caller, page.unwrap_or(1), size.unwrap_or(0)).await.map_err(|e| r.err(e))?;
        let items = groups
            .into_iter()
            .map(|(g, ad, seller)| ReportedAdNode {
                list_id: g.list_id,
                count: g.reports.len() as u32,
                first_at: g.reports.first().map(|x| rfc3339(x.created_at)).unwrap_or_default(),
                last_at: g.reports.last().map(|x| rfc3339(x.created_at)).unwrap_or_default(),
                reports: g.reports.into_iter().map(report_node).collect(),
                ad: ad.map(|a| my_ad(&a, &[], None, r.state, r.lang)),
                seller: seller.map(|s| seller_node(s, r.state)),
            })
            .collect();
        Ok(ReportedAds { items, total })
    }
}

#[derive(Default)]
pub struct AdMutation;

#[Object]
impl AdMutation {
    /// `saveAd(input)`: code 201.
    async fn save_ad(&self, ctx: &Context<'_>, input: ListIdInput) -> Result<CodeResult> {
        let r = req(ctx);
        let caller =
            r.caller().await.map_err(|_| saved_error(&r, "saveAd", SoukError::new(ErrorCode::SessionExpired)))?;
        let code = r.state.ads.save(&caller, input.list_id).await.map_err(|e| saved_error(&r, "saveAd", e))?;
        Ok(CodeResult { code })
    }

    /// `unsaveAd(input)`: code 204.
    async fn unsave_ad(&self, ctx: &Context<'_>, input: ListIdInput) -> Result<CodeResult> {
        let r = req(ctx);
        let caller =
            r.caller().await.map_err(|_| saved_error(&r, "unsaveAd", SoukError::new(ErrorCode::SessionExpired)))?;
        let code = r.state.ads.unsave(&caller, input.list_id).await.map_err(|e| saved_error(&r, "unsaveAd", e))?;
        Ok(CodeResult { code })
    }

    /// Saves the ad form after a step (1 to 4): the steps up to it are checked.
    async fn save_ad_draft(
        &self,
        ctx: &Context<'_>,
        draft_id: Option<String>,
        step: u8,
        ad: AdInput,
    ) -> Result<DraftNode> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let state = r.state.ads.save_form(&caller, draft_id, step, ad.into()).await.map_err(|e| r.err(e))?;
        Ok(draft_node(state))
    }

    /// Submits a new ad (a saved draft, or the whole form at once): it waits for moderation.
    async fn submit_ad(&self, ctx: &Context<'_>, draft_id: Option<String>, ad: Option<AdInput>) -> Result<SubmittedAd> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let saved = r.state.ads.submit_form(&caller, draft_id, ad.map(AdPatch::from)).await.map_err(|e| r.err(e))?;
        Ok(submitted(&saved))
    }

    /// Replaces the availability calendar of one of my vacation rentals → the calendar as stored
    /// (sorted; overlapping or touching periods merged). No new moderation.
    async fn set_ad_availability(
        &self,
        ctx: &Context<'_>,
        ad_id: String,
        periods: Vec<AvailabilityPeriodInput>,
    ) -> Result<Vec<AvailabilityPeriod>> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let periods: Vec<(String, String)> = periods.into_iter().map(|p| (p.from, p.to)).collect();
        let stored = r.state.ads.set_availability(&caller, &ad_id, &periods).await.map_err(|e| r.err(e))?;
        Ok(availability_nodes(stored))
    }

    /// `patchAd(ad)` → adId: edits one of my ads (fields left out keep their value).
    async fn patch_ad(&self, ctx: &Context<'_>, ad: AdInput) -> Result<String> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let saved = r.state.ads.patch_form(&caller, ad.into()).await.map_err(|e| r.err(e))?;
        Ok(saved.ad.ad_id)
    }

    /// `deactivateAd(adId, accountId, token)`
    async fn deactivate_ad(
        &self,
        ctx: &Context<'_>,
        ad_id: String,
        account_id: Option<i64>,
        token: Option<String>,
    ) -> Result<AdOperationResult> {
        let r = req(ctx);
        let caller = r.caller_or_token(token.as_deref()).await?;
        let ad = r.state.ads.deactivate(&caller, &ad_id, account_id).await.map_err(|e| r.err(e))?;
        Ok(operation(&ad, "DEACTIVATED", None, "adOperations.deactivated", r.lang))
    }

    /// `activateAd(adId, accountId, token)`: ACTIVATED, or PAYMENT_REQUIRED over the free limit.
    async fn activate_ad(
        &self,
        ctx: &Context<'_>,
        ad_id: String,
        account_id: Option<i64>,
        token: Option<String>,
    ) -> Result<AdOperationResult> {
        let r = req(ctx);
        let caller = r.caller_or_token(token.as_deref()).await?;
        let result = r.state.ads.activate(&caller, &ad_id, account_id).await.map_err(|e| r.err(e))?;
        Ok(match result.outcome {
            Activation::Activated => operation(&result.ad, "ACTIVATED", None, "adOperations.activated", r.lang),
            Activation::PaymentRequired => {
                operation(&result.ad, "PAYMENT_REQUIRED", Some(ErrorCode::ActiveLimitReached), "", r.lang)
            }
        })
    }

    /// `deleteAd(listId, accountId, token)`: deleted, or 'deletion refused' with the days left.
    async fn delete_ad(
        &self,
        ctx: &Context<'_>,
        list_id: i64,
        account_id: Option<i64>,
        token: Option<String>,
    ) -> Result<AdOperationResult> {
        let r = req(ctx);
        let caller = r.caller_or_token(token.as_deref()).await?;
        let ad = r.state.ads.delete(&caller, list_id, account_id).await.map_err(|e| r.err(e))?;
        Ok(operation(&ad, "DELETED", None, "adOperations.deleted", r.lang))
    }

    /// Deactivates several of my ads with a reason; each has its own outcome.
    async fn bulk_deactivate_ads(
        &self,
        ctx: &Context<'_>,
        ad_ids: Vec<String>,
        reason: String,
    ) -> Result<Vec<BulkItem>> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let out = r.state.ads.bulk_deactivate(&caller, &ad_ids, &reason).await.map_err(|e| r.err(e))?;
        Ok(bulk(out, r.lang))
    }

    /// Deletes several of my ads with a reason; each has its own outcome.
    async fn bulk_delete_ads(&self, ctx: &Context<'_>, ad_ids: Vec<String>, reason: String) -> Result<Vec<BulkItem>> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let out = r.state.ads.bulk_delete(&caller, &ad_ids, &reason).await.map_err(|e| r.err(e))?;
        Ok(bulk(out, r.lang))
    }

    /// Appeal of a refused ad: back to moderation, within the limit ('appeal limit reached').
    async fn appeal_ad(&self, ctx: &Context<'_>, ad_id: String, message: Option<String>) -> Result<SubmittedAd> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let ad = r.state.ads.appeal(&caller, &ad_id, message.as_deref().unwrap_or("")).await.map_err(|e| r.err(e))?;
        Ok(submitted(&ad))
    }

    /// "Show number": the seller's phone, counted as a phone view (not the owner's, not a
    /// robot's, once per visitor per 30 minutes).
    async fn show_ad_phone(&self, ctx: &Context<'_>, list_id: i64) -> Result<String> {
        let r = req(ctx);
        r.limit(&souk_domain::limits::PHONES_SHOWN_PER_ADDRESS, &r.address()).await?;
        let caller = r.optional_caller().await?;
        let (visitor, agent) = r.visitor();
        r.state.ads.show_phone(caller.as_ref(), list_id, visitor, agent).await.map_err(|e| r.err(e))
    }

    /// `submitReportAd(listId, from, type, body)`: one report per reporter per ad.
    async fn submit_report_ad(
        &self,
        ctx: &Context<'_>,
        list_id: i64,
        from: Option<String>,
        #[graphql(name = "type")] report_type: String,
        body: Option<String>,
    ) -> Result<ReportResult> {
        let r = req(ctx);
        r.limit(&souk_domain::limits::REPORTS_PER_ADDRESS, &r.address()).await?;
        let caller = r.optional_caller().await?;
        let reported = r
            .state
            .ads
            .report(caller.as_ref(), list_id, from.as_deref(), &report_type, body.as_deref().unwrap_or(""))
            .await
            .map_err(|e| r.err(e))?;
        Ok(ReportResult { reported })
    }

    /// Admins: approve (APPROVE) or refuse (REFUSE with a reason key) a waiting ad or edit.
    async fn moderate_ad(
        &self,
        ctx: &Context<'_>,
        ad_id: String,
        decision: String,
        reason: Option<String>,
        note: Option<String>,
    ) -> Result<SubmittedAd> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let decision = match decision.as_str() {
            "APPROVE" => Decision::Approve,
            "REFUSE" => {
                let key = reason.unwrap_or_default();
                let reason = RefusalReason::parse(&key).ok_or_else(|| {
                    r.err(SoukError::with_detail(ErrorCode::InvalidArgument, format!("reason {key}")))
                })?;
                Decision::Refuse { reason, note }
            }
            other => return Err(r.err(SoukError::with_detail(ErrorCode::InvalidArgument, format!("decision {other}")))),
        };
        let ad = r.state.ads.decide(&caller, &ad_id, decision).await.map_err(|e| r.err(e))?;
        Ok(submitted(&ad))
    }

    /// Admins: closes every open abuse report of an ad for a dismissal reason (no_violation,
    /// ad_corrected, already_handled, other) with an optional note.
    async fn dismiss_report_ad(
        &self,
        ctx: &Context<'_>,
        list_id: i64,
        reason: String,
        note: Option<String>,
    ) -> Result<DismissedReports> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let closed =
            r.state.ads.dismiss_reports(&caller, list_id, &reason, note.as_deref()).await.map_err(|e| r.err(e))?;
        Ok(DismissedReports { list_id, closed })
    }
}
