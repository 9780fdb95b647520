//! Statistics: counting what happens to ads and shops (views, phone views, conversations,
//! publications, deletions, boosts, calls, leads), honestly (not the owner's own views, one view
//! per visitor per ad per 30 minutes, no obvious bots), batching the counts into the metrics
//! time series every second (an ad's events through its `AdSession` actor once
//! [`StatsService::run_sessions`] started them, the rest through a buffer here), pushing the
//! counted events within a second to whoever listens (the owner's live statistics page), and
//! answering the statistics queries for the owner only.

use crate::accounts::service::Caller;
use crate::ads::service::now;
use souk_actors::ad_session::{AdSessions, LivePush};
use souk_domain::ad::AdStatus;
use souk_domain::stats::{FixedRange, Granularity, Metric, custom_range, day_label, granularity, is_bot, month_start};
use souk_domain::{ErrorCode, SoukError};
use souk_storage::ads::AdStore;
use souk_storage::ephemeral::Ephemeral;
use souk_storage::metrics::{MetricCount, MetricsStore};
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;
use tokio::sync::broadcast;

/// How often counts go to storage.
pub const FLUSH_EVERY: Duration = Duration::from_secs(1);

/// How long an ad session lives without events.
pub const SESSION_IDLE: Duration = Duration::from_secs(30);

/// Counted events of one metric, pushed live to the owner (an ad session coalesces what it
/// counted within 200 ms into one, hence `count`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveStat {
    pub account_id: i64,
    pub ad_id: Option<String>,
    pub metric: Metric,
    pub count: u64,
    pub at: i64,
}

/// One metric over a range: points `(x, y)` and their total.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Series {
    pub name: &'static str,
    pub data: Vec<(String, u64)>,
    pub total: u64,
}

/// Whose statistics.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scope {
    Ad(String),
    /// A shop, by its store id.
    Shop(i64),
}

fn ad_owner(ad_id: &str) -> String {
    format!("ad:{ad_id}")
}

fn account_owner(account_id: i64) -> String {
    format!("account:{account_id}")
}

type Buffer = HashMap<(String, Metric, i64), u64>;

/// How long the ad a view is about stays known without reading it again (a viewed ad is read at
/// most this often; an ad deactivated meanwhile may take this long to stop counting views).
const VIEWED_AD_TTL: Duration = Duration::from_secs(2);
/// Viewed ads remembered at most; beyond, the memory starts over.
const VIEWED_ADS: usize = 100_000;

/// An active ad being viewed: its id and owner, and when they were read.
type ViewedAds = HashMap<i64, (Arc<str>, i64, std::time::Instant)>;

pub struct StatsService {
    store: Arc<dyn MetricsStore>,
    ads: Arc<dyn AdStore>,
    ephemeral: Arc<dyn Ephemeral>,
    buffer: Mutex<Buffer>,
    live: broadcast::Sender<LiveStat>,
    sessions: OnceLock<AdSessions>,
    viewed: Mutex<ViewedAds>,
    /// Whether a view also counts at most once per address per ad per day (on by default;
    /// `stats.count_views_per_address`).
    per_address: std::sync::atomic::AtomicBool,
}

impl StatsService {
    pub fn new(
        store: Arc<dyn MetricsStore>,
        ads: Arc<dyn AdStore>,
        ephemeral: Arc<dyn Ephemeral>,
    ) -> Arc<StatsService> {
        let (live, _) = broadcast::channel(4096);
        Arc::new(StatsService {
            store,
            ads,
            ephemeral,
            buffer: Mutex::new(HashMap::new()),
            live,
            sessions: OnceLock::new(),
            viewed: Mutex::new(HashMap::new()),
            per_address: std::sync::atomic::AtomicBool::new(true),
        })
    }

    /// Turns the once-per-address-per-day rule of views on or off (off for journeys and load
    /// tests, whose visitors all come from one loopback address).
    pub fn count_views_per_address(&self, on: bool) {
        self.per_address.store(on, std::sync::atomic::Ordering::Relaxed);
    }

    /// Counts ad events through one `AdSession` actor per ad from now on (design §3). Must be
    /// called inside an actix system; without it (tools, unit tests) the buffer here counts.
    pub fn run_sessions(&self, idle: Duration) -> AdSessions {
        let live = self.live.clone();
        let push: LivePush = Arc::new(move |f| {
            let _ = live.send(LiveStat {
                account_id: f.account_id,
                ad_id: Some(f.ad_id),
                metric: f.metric,
                count: f.count,
                at: f.at,
            });
        });
        self.sessions
            .get_or_init(|| AdSessions::new(Arc::clone(&self.store), Arc::clone(&self.ads), push, idle))
            .clone()
    }

    /// An ad is being edited: its session starts (design §3 "one per ad being viewed or
    /// edited"), so the events its edit leads to (publication, bump, deletion) and the views of
    /// its owner's live page are counted there. Nothing without sessions (tools, unit tests).
    pub fn ad_edited(&self, ad_id: &str) {
        if let Some(sessions) = self.sessions.get() {
            sessions.open(ad_id);
        }
    }

    /// The ad sessions, once started.
    pub fn sessions(&self) -> Option<&AdSessions> {
        self.sessions.get()
    }

    /// Counted events as they happen (the real-time layer forwards them to `user:{accountId}`).
    pub fn subscribe(&self) -> broadcast::Receiver<LiveStat> {
        self.live.subscribe()
    }

    /// Forwards every counted event to its owner's sockets (`stats:update`, on every node), so
    /// an open statistics page moves within a second.
    pub fn forward_live(&self, fanout: souk_actors::fanout::Fanout) {
        let mut events = self.subscribe();
        tokio::spawn(async move {
            loop {
                match events.recv().await {
                    Ok(e) => fanout.deliver(
                        e.account_id,
                        "stats:update",
                        serde_json::json!({ "adId": e.ad_id, "metric": e.metric.name(), "count": e.count, "at": e.at }),
                    ),
                    Err(broadcast::error::RecvError::Lagged(n)) => {
                        tracing::warn!(skipped = n, "live statistics lagging: events skipped");
                    }
                    Err(broadcast::error::RecvError::Closed) => break,
                }
            }
        });
    }

    /// Writes what was counted since the last flush (every [`FLUSH_EVERY`]: the scheduler's
    /// `stats_flush` round, `crate::scheduling::stats_flush`). When the store wrote nothing the
    /// counts go back to the buffer for the next flush; when it may have written part of them
    /// (ScyllaDB counters) they are dropped, since a resend could count them twice.
    pub async fn flush(&self) -> Result<(), SoukError> {
        if let Some(sessions) = self.sessions.get() {
            sessions.flush_all().await?;
        }
        let taken: Buffer = std::mem::take(&mut *self.buffer.lock().map_err(SoukError::internal)?);
        if taken.is_empty() {
            return Ok(());
        }
        let counts: Vec<MetricCount> = taken
            .iter()
            .map(|((owner, metric, hour), n)| MetricCount {
                owner: owner.clone(),
                metric: metric.name().into(),
                at: hour * 3600,
                count: *n,
            })
            .collect();
        // The performance fields of my ads (views, phone views, conversations) follow the counts.
        let mut per_ad: BTreeMap<String, (u64, u64, u64)> = BTreeMap::new();
        for ((owner, metric, _), n) in &taken {
            if let Some(ad_id) = owner.strip_prefix("ad:") {
                let e = per_ad.entry(ad_id.to_string()).or_default();
                match metric {
                    Metric::View => e.0 += n,
                    Metric::PhoneView => e.1 += n,
                    Metric::Conversation => e.2 += n,
                    _ => {}
                }
            }
        }
        if let Err(e) = self.store.add(counts).await {
            if e.wrote_nothing() {
                let mut buffer = self.buffer.lock().map_err(SoukError::internal)?;
                for (k, n) in taken {
                    *buffer.entry(k).or_default() += n;
                }
            } else {
                let lost: u64 = taken.values().sum();
                tracing::error!(error = %e, lost, "statistics may be written in part; not sent again, so they are not counted twice");
            }
            return Err(SoukError::internal(e));
        }
        for (ad_id, (views, phone_views, conversations)) in per_ad {
            if views + phone_views + conversations > 0 {
                self.ads
                    .add_performance(&ad_id, views, phone_views, conversations)
                    .await
                    .map_err(SoukError::internal)?;
            }
        }
        Ok(())
    }

    /// Counts one event for an ad (and its owner's account) or an account alone, and pushes it.
    pub fn count(&self, account_id: i64, ad_id: Option<&str>, metric: Metric) {
        let at = now();
        if let (Some(sessions), Some(ad)) = (self.sessions.get(), ad_id)
            && sessions.count(account_id, ad, metric, at)
        {
            return;
        }
        // No session (an account's own event, no actix system) or its mailbox is full.
        let hour = at.div_euclid(3600);
        if let Ok(mut buffer) = self.buffer.lock() {
            *buffer.entry((account_owner(account_id), metric, hour)).or_default() += 1;
            if let Some(ad) = ad_id {
                *buffer.entry((ad_owner(ad), metric, hour)).or_default() += 1;
            }
        }
        let _ = self.live.send(LiveStat { account_id, ad_id: ad_id.map(str::to_string), metric, count: 1, at });
    }

    /// A view of an active ad: not counted for its owner, for a bot, or again for the same visitor
    /// within 30 minutes, nor more than once per address per ad per day (visitor ids are the
    /// client's choice: 30 of them from one address count once). Answers whether it counted.
    pub async fn record_view(
        &self,
        list_id: i64,
        viewer: Option<&Caller>,
        visitor_id: Option<&str>,
        user_agent: &str,
        address: &str,
    ) -> Result<bool, SoukError> {
        if is_bot(user_agent) {
            return Ok(false);
        }
        let (ad_id, owner) = self.viewed_ad(list_id).await?;
        let per_address = self.per_address.load(std::sync::atomic::Ordering::Relaxed);
        let address_key = format!("stats:view-address:{ad_id}:{address}");
        let day = Duration::from_secs(souk_domain::stats::VIEW_PER_ADDRESS_SECONDS);
        // The address's one view of the day is claimed first (atomically), and given back when
        // the view does not count for another reason.
        if per_address
            && !self.ephemeral.set_if_absent(&address_key, b"1", Some(day)).await.map_err(SoukError::internal)?
        {
            return Ok(false);
        }
        let counted = self.count_once(Metric::View, owner, Some(&ad_id), viewer, visitor_id, user_agent).await;
        if per_address && !matches!(counted, Ok(true)) {
            let _ = self.ephemeral.delete(&address_key).await;
        }
        let counted = counted?;
        Ok(counted)
    }

    /// "Show number" on an ad of `owner`, counted as honestly as a view: not for the owner, a
    /// bot, a caller with neither account nor visitor id, or again for the same visitor within
    /// 30 minutes. Answers whether it counted.
    pub async fn record_phone_view(
        &self,
        owner: i64,
        ad_id: &str,
        viewer: Option<&Caller>,
        visitor_id: Option<&str>,
        user_agent: &str,
    ) -> Result<bool, SoukError> {
        self.count_once(Metric::PhoneView, owner, Some(ad_id), viewer, visitor_id, user_agent).await
    }

    /// The counting rules of events people cause (views, phone views, calls, leads): a robot's
    /// request, the owner's own, and one from nobody known (no account, no visitor id) do not
    /// count; the same account or visitor counts once per metric and subject (the ad, or the
    /// shop without one) per 30 minutes (a key with that expiry in the ephemeral store, so it
    /// holds across processes). Counts `metric` when those allow; answers whether it counted.
    async fn count_once(
        &self,
        metric: Metric,
        owner: i64,
        ad_id: Option<&str>,
        viewer: Option<&Caller>,
        visitor_id: Option<&str>,
        user_agent: &str,
    ) -> Result<bool, SoukError> {
        if is_bot(user_agent) || viewer.is_some_and(|c| c.account_id() == owner) {
            return Ok(false);
        }
        let who = match (viewer, visitor_id) {
            (Some(c), _) => format!("a{}", c.account_id()),
            (None, Some(v)) if !v.is_empty() => format!("v{v}"),
            (None, _) => return Ok(false),
        };
        let key = match ad_id {
            Some(ad_id) => format!("stats:{}:{ad_id}:{who}", metric.name()),
            None => format!("stats:{}:{owner}:{who}", metric.name()),
        };
        let ttl = Duration::from_secs(souk_domain::stats::VIEW_DEDUP_SECONDS);
        if !self.ephemeral.set_if_absent(&key, b"1", Some(ttl)).await.map_err(SoukError::internal)? {
            return Ok(false);
        }
        self.count(owner, ad_id, metric);
        Ok(true)
    }

    /// The id and owner of the active ad `list_id` (`AD_NOT_FOUND` otherwise), read at most every
    /// [`VIEWED_AD_TTL`].
    async fn viewed_ad(&self, list_id: i64) -> Result<(Arc<str>, i64), SoukError> {
        if let Ok(viewed) = self.viewed.lock()
            && let Some((ad_id, owner, at)) = viewed.get(&list_id)
            && at.elapsed() < VIEWED_AD_TTL
        {
            return Ok((Arc::clone(ad_id), *owner));
        }
        let ad = self
            .ads
            .find_by_list_id(list_id)
            .await
            .map_err(SoukError::internal)?
            .filter(|a| a.ad.status == AdStatus::Active)
            .ok_or_else(|| SoukError::with_detail(ErrorCode::AdNotFound, list_id.to_string()))?;
        let found: (Arc<str>, i64) = (ad.ad.ad_id.into(), ad.ad.account_id);
        if let Ok(mut viewed) = self.viewed.lock() {
            if viewed.len() >= VIEWED_ADS {
                viewed.clear();
            }
            viewed.insert(list_id, (Arc::clone(&found.0), found.1, std::time::Instant::now()));
        }
        Ok(found)
    }

    /// The metric of an event a browser may report (`calls`, `leads`); `UNKNOWN_EVENT` otherwise.
    pub fn event_metric(name: &str) -> Result<Metric, SoukError> {
        Metric::parse(name)
            .filter(|m| m.client_reportable())
            .ok_or_else(|| SoukError::with_detail(ErrorCode::UnknownEvent, name.to_string()))
    }

    /// `collectPerformanceEvent(event {name, storeId})`: events the browser reports for a shop
    /// (calls, leads), counted like views: not the shop owner's own, not a robot's, not from
    /// nobody known, once per account or visitor per 30 minutes. Unknown names are refused
    /// (`UNKNOWN_EVENT`) and nothing is counted.
    pub async fn collect(
        &self,
        name: &str,
        store_account: i64,
        caller: Option<&Caller>,
        visitor: Option<&str>,
        user_agent: &str,
    ) -> Result<bool, SoukError> {
        let metric = Self::event_metric(name)?;
        self.count_once(metric, store_account, None, caller, visitor, user_agent).await
    }

    /// The owner of the scope, checked against the caller (an admin acting as the owner is the
    /// owner). Answers the time-series key and whether the shop metrics apply.
    async fn owner_key(&self, caller: &Caller, scope: &Scope) -> Result<(String, bool), SoukError> {
        match scope {
            Scope::Ad(ad_id) => {
                let ad = self.ads.find_ad(ad_id).await.map_err(SoukError::internal)?;
                match ad {
                    Some(a) if a.ad.account_id == caller.account_id() => Ok((ad_owner(ad_id), false)),
                    _ => Err(SoukError::with_detail(ErrorCode::AdNotFound, ad_id.clone())),
                }
            }
            Scope::Shop(store_id) if caller.claims.store_id == Some(*store_id) => {
                Ok((account_owner(caller.account_id()), true))
            }
            Scope::Shop(_) => Err(SoukError::with_detail(ErrorCode::PermissionDenied, "another shop's statistics")),
        }
    }

    /// `getMyPerformanceMetricsFixedRange`
    pub async fn fixed_range(&self, caller: &Caller, scope: &Scope, range: &str) -> Result<Vec<Series>, SoukError> {
        let range = FixedRange::parse(range)
            .ok_or_else(|| SoukError::with_detail(ErrorCode::InvalidDateRange, format!("range {range}")))?;
        let (first, last) = range.days(now());
        self.series(caller, scope, first, last).await
    }

    /// `getMyPerformanceMetricsCustomRange(from, to)`
    pub async fn custom_range(
        &self,
        caller: &Caller,
        scope: &Scope,
        from: &str,
        to: &str,
    ) -> Result<Vec<Series>, SoukError> {
        let (first, last) = custom_range(from, to, now())?;
        self.series(caller, scope, first, last).await
    }

    async fn series(&self, caller: &Caller, scope: &Scope, first: i64, last: i64) -> Result<Vec<Series>, SoukError> {
        let (owner, shop) = self.owner_key(caller, scope).await?;
        self.flush().await?;
        let metrics = Metric::shown(shop);
        let mut out = Vec::with_capacity(metrics.len());
        for &metric in metrics {
            let data = match granularity(first, last) {
                Granularity::Hour => {
                    let hours = self.store.hours(&owner, metric.name(), first).await.map_err(SoukError::internal)?;
                    let label = day_label(first);
                    (0..24u8)
                        .map(|h| {
                            let y = hours.iter().find(|(x, _)| *x == h).map_or(0, |(_, n)| *n);
                            (format!("{label}T{h:02}:00"), y)
                        })
                        .collect()
                }
                g => {
                    let days =
                        self.store.days(&owner, metric.name(), first, last).await.map_err(SoukError::internal)?;
                    let by_day: HashMap<i64, u64> = days.into_iter().collect();
                    let mut points: Vec<(String, u64)> = Vec::new();
                    for day in first..=last {
                        let y = by_day.get(&day).copied().unwrap_or(0);
                        let x = if g == Granularity::Month {
                            day_label(month_start(day))[..7].to_string()
                        } else {
                            day_label(day)
                        };
                        match points.last_mut() {
                            Some((px, py)) if *px == x => *py += y,
                            _ => points.push((x, y)),
                        }
                    }
                    points
                }
            };
            // Active ads: the points are activations; the total is how many are active now.
            let total = if metric == Metric::ActiveAds {
                let counts = self.ads.my_counts(caller.account_id()).await.map_err(SoukError::internal)?;
                counts.iter().find(|(s, _)| *s == AdStatus::Active).map_or(0, |(_, n)| *n)
            } else {
                data.iter().map(|(_, y)| y).sum()
            };
            out.push(Series { name: metric.name(), data, total });
        }
        Ok(out)
    }
}
