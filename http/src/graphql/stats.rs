//! GraphQL operations of statistics (spec §7): `getMyPerformanceMetricsFixedRange`,
//! `getMyPerformanceMetricsCustomRange` (per ad or per shop, the owner only) and
//! `collectPerformanceEvent` (a view of an ad, a call or a lead of a shop, as the browser sees it).

use super::request::req;
use async_graphql::{Context, InputObject, Object, Result, SimpleObject};
use souk_domain::{ErrorCode, SoukError};
use souk_services::stats::{Scope, Series, StatsService};

/// Spec §3 Stats metric: one point.
#[derive(SimpleObject)]
pub struct StatsPoint {
    /// `YYYY-MM-DDTHH:00` (today), `YYYY-MM-DD`, or `YYYY-MM` (ranges over 185 days).
    pub x: String,
    pub y: u64,
}

/// Spec §3 Stats metric: name, data, total.
#[derive(SimpleObject)]
pub struct StatsMetric {
    pub name: String,
    pub data: Vec<StatsPoint>,
    pub total: u64,
}

fn metrics(series: Vec<Series>) -> Vec<StatsMetric> {
    series
        .into_iter()
        .map(|s| StatsMetric {
            name: s.name.into(),
            data: s.data.into_iter().map(|(x, y)| StatsPoint { x, y }).collect(),
            total: s.total,
        })
        .collect()
}

fn scope(ad_id: Option<String>, store_id: Option<i64>) -> Result<Scope, SoukError> {
    match (ad_id, store_id) {
        (Some(ad), None) => Ok(Scope::Ad(ad)),
        (None, Some(store)) => Ok(Scope::Shop(store)),
        _ => Err(SoukError::with_detail(ErrorCode::InvalidArgument, "exactly one of adId and storeId")),
    }
}

/// `collectPerformanceEvent(event)`: `view` with `listId`; `calls` or `leads` with `storeId`.
#[derive(InputObject)]
pub struct PerformanceEvent {
    pub name: String,
    pub store_id: Option<i64>,
    pub list_id: Option<i64>,
}

#[derive(Default)]
pub struct StatsQuery;

#[Object]
impl StatsQuery {
    /// Ranges TODAY, LAST_7_DAYS, LAST_14_DAYS, LAST_15_DAYS, LAST_30_DAYS, ALL_TIME (from 2021).
    async fn get_my_performance_metrics_fixed_range(
        &self,
        ctx: &Context<'_>,
        range: String,
        ad_id: Option<String>,
        store_id: Option<i64>,
    ) -> Result<Vec<StatsMetric>> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let scope = scope(ad_id, store_id).map_err(|e| r.err(e))?;
        Ok(metrics(r.state.stats.fixed_range(&caller, &scope, &range).await.map_err(|e| r.err(e))?))
    }

    /// A custom range, `from` and `to` as `YYYY-MM-DD` (at most 366 days, from 2021 to today).
    async fn get_my_performance_metrics_custom_range(
        &self,
        ctx: &Context<'_>,
        from: String,
        to: String,
        ad_id: Option<String>,
        store_id: Option<i64>,
    ) -> Result<Vec<StatsMetric>> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let scope = scope(ad_id, store_id).map_err(|e| r.err(e))?;
        Ok(metrics(r.state.stats.custom_range(&caller, &scope, &from, &to).await.map_err(|e| r.err(e))?))
    }
}

#[derive(Default)]
pub struct StatsMutation;

#[Object]
impl StatsMutation {
    /// Answers whether the event was counted (the owner's own views, repeats within 30 minutes
    /// and robots are not).
    async fn collect_performance_event(&self, ctx: &Context<'_>, event: PerformanceEvent) -> Result<bool> {
        let r = req(ctx);
        let caller = r.optional_caller().await?;
        let (visitor, agent) = r.visitor();
        let stats = &r.state.stats;
        let counted = match (event.name.as_str(), event.list_id, event.store_id) {
            ("view", Some(list_id), _) => {
                stats.record_view(list_id, caller.as_ref(), visitor, agent, &r.address()).await
            }
            ("view", None, _) => Err(SoukError::with_detail(ErrorCode::Required, "listId")),
            (name, _, Some(store_id)) => match StatsService::event_metric(name) {
                Ok(_) => match r.state.accounts.store_account(store_id).await {
                    Ok(account) => stats.collect(name, account, caller.as_ref(), visitor, agent).await,
                    Err(e) => Err(e),
                },
                Err(e) => Err(e),
            },
            (name, _, None) => Err(SoukError::with_detail(ErrorCode::UnknownEvent, name.to_string())),
        };
        counted.map_err(|e| r.err(e))
    }
}
