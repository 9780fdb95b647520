//! One `AdSession` actor per ad being viewed or edited (design §3): it counts the ad's events
//! (views, phone views, conversations, bump, publish, delete ...) for the ad and its owner's
//! account, writes them to the metrics time series at most once a second (and before it stops
//! when idle), pushes live figures for the owner at most every [`LIVE_EVERY`], and stops when
//! idle. Counting threads leave counts in a shared inbox and wake a session only when its list
//! was empty, so a busy ad costs one wake-up per batch, not per event. Sessions run under actix
//! `Supervisor`s with bounded mailboxes; a panic while writing restarts the session with its
//! unwritten counts kept, so nothing counted is lost. A failed write is sent again only when
//! the store says it wrote nothing; one that may have been written in part (ScyllaDB counters)
//! is dropped, so a count may be lost, never doubled.

use actix::prelude::*;
use souk_domain::SoukError;
use souk_domain::stats::Metric;
use souk_storage::ads::AdStore;
use souk_storage::metrics::{MetricCount, MetricsStore};
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

/// Counts that may wait for one session; beyond, the caller keeps the count itself.
pub const MAILBOX: usize = 4096;
/// Messages that may wait in one session's mailbox (drain calls and flushes).
const MESSAGES: usize = 64;
/// How often a session writes what it counted.
pub const FLUSH_EVERY: Duration = Duration::from_secs(1);
/// How often a session pushes live figures to the owner (well within the second of the spec).
pub const LIVE_EVERY: Duration = Duration::from_millis(200);

/// Counted events of one metric of one ad since the last push, for the owner's live page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveFigure {
    pub account_id: i64,
    pub ad_id: String,
    pub metric: Metric,
    pub count: u64,
    /// Unix seconds of the latest event.
    pub at: i64,
}

/// Where live figures go (the statistics service forwards them to the owner's sockets).
pub type LivePush = Arc<dyn Fn(LiveFigure) + Send + Sync>;

struct Hub {
    metrics: Arc<dyn MetricsStore>,
    ads: Arc<dyn AdStore>,
    push: LivePush,
    idle: Duration,
    arbiter: ArbiterHandle,
    live: Mutex<HashMap<String, Addr<AdSession>>>,
    /// Counts on their way to each ad's session. A counting thread adds to the list and wakes
    /// the session only when the list was empty, so a busy ad costs one cross-thread wake-up per
    /// batch instead of one per event.
    inbox: Mutex<HashMap<String, Vec<Count>>>,
    restarts: AtomicU64,
}

impl Hub {
    /// Takes the counts waiting for `ad_id`.
    fn take_inbox(&self, ad_id: &str) -> Vec<Count> {
        self.inbox.lock().unwrap_or_else(|p| p.into_inner()).remove(ad_id).unwrap_or_default()
    }
}

/// The ad sessions of this node, started on demand; cheap to clone.
#[derive(Clone)]
pub struct AdSessions {
    hub: Arc<Hub>,
}

impl AdSessions {
    /// Must be called inside an actix system: the sessions run on the current arbiter.
    pub fn new(metrics: Arc<dyn MetricsStore>, ads: Arc<dyn AdStore>, push: LivePush, idle: Duration) -> AdSessions {
        AdSessions {
            hub: Arc::new(Hub {
                metrics,
                ads,
                push,
                idle,
                arbiter: Arbiter::current(),
                live: Mutex::new(HashMap::new()),
                inbox: Mutex::new(HashMap::new()),
                restarts: AtomicU64::new(0),
            }),
        }
    }

    /// How many sessions are running.
    pub fn live_count(&self) -> usize {
        self.hub.live.lock().map(|l| l.values().filter(|a| a.connected()).count()).unwrap_or(0)
    }

    /// Whether a session of `ad_id` is running.
    pub fn is_open(&self, ad_id: &str) -> bool {
        self.hub.live.lock().map(|l| l.get(ad_id).is_some_and(|a| a.connected())).unwrap_or(false)
    }

    /// Starts the session of `ad_id` (or keeps the running one from going idle): design §3 "one
    /// per ad being viewed or edited" — an edit opens it before any event. False when its mailbox
    /// is full (it is running, busy).
    pub fn open(&self, ad_id: &str) -> bool {
        self.wake(ad_id, || Open)
    }

    /// Sends `message()` to the session of `ad_id`, starting one when there is none or the one
    /// found stopped between the look-up and the send. False when its mailbox is full.
    fn wake<M>(&self, ad_id: &str, message: impl Fn() -> M) -> bool
    where
        M: Message<Result = ()> + Send + 'static,
        AdSession: Handler<M>,
    {
        for _ in 0..2 {
            match self.session(ad_id).try_send(message()) {
                Ok(()) => return true,
                Err(SendError::Full(_)) => return false,
                Err(SendError::Closed(_)) => {
                    let mut live = self.hub.live.lock().unwrap_or_else(|p| p.into_inner());
                    if live.get(ad_id).is_some_and(|a| !a.connected()) {
                        live.remove(ad_id);
                    }
                }
            }
        }
        false
    }

    /// How many times a session was restarted by its supervisor.
    pub fn restarts(&self) -> u64 {
        self.hub.restarts.load(Ordering::Relaxed)
    }

    fn session(&self, ad_id: &str) -> Addr<AdSession> {
        let mut live = self.hub.live.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(addr) = live.get(ad_id)
            && addr.connected()
        {
            return addr.clone();
        }
        let id = ad_id.to_owned();
        let hub = Arc::downgrade(&self.hub);
        let addr = actix::Supervisor::start_in_arbiter(&self.hub.arbiter, move |ctx| {
            ctx.set_mailbox_capacity(MESSAGES);
            AdSession {
                ad_id: id,
                hub,
                pending: HashMap::new(),
                live: BTreeMap::new(),
                last_push: None,
                last_used: Instant::now(),
                crashed: false,
                timers: Vec::new(),
            }
        });
        live.insert(ad_id.to_owned(), addr.clone());
        addr
    }

    /// Counts one event of `ad_id` (owned by `account_id`) at `at` (unix seconds) in its session.
    /// False when [`MAILBOX`] counts already wait for the session: the caller must keep the
    /// count itself.
    pub fn count(&self, account_id: i64, ad_id: &str, metric: Metric, at: i64) -> bool {
        let first = {
            let mut inbox = self.hub.inbox.lock().unwrap_or_else(|p| p.into_inner());
            let waiting = inbox.entry(ad_id.to_owned()).or_default();
            if waiting.len() >= MAILBOX {
                return false;
            }
            waiting.push(Count { account_id, metric, at });
            waiting.len() == 1
        };
        // A session already has a drain call on its way for the counts before this one.
        if !first {
            return true;
        }
        if self.wake(ad_id, || Drain) {
            return true;
        }
        // No session to wake: this count goes back to the caller; any other waiting count is
        // taken by the session's next drain or flush.
        let mut inbox = self.hub.inbox.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(waiting) = inbox.get_mut(ad_id) {
            if let Some(i) =
                waiting.iter().rposition(|c| c.account_id == account_id && c.metric == metric && c.at == at)
            {
                waiting.remove(i);
            }
            if waiting.is_empty() {
                inbox.remove(ad_id);
            }
        }
        false
    }

    /// Writes what every running session counted (before a statistics read, at shutdown).
    pub async fn flush_all(&self) -> Result<(), SoukError> {
        let sessions: Vec<Addr<AdSession>> =
            self.hub.live.lock().unwrap_or_else(|p| p.into_inner()).values().cloned().collect();
        // Every request is queued before the first answer is awaited: the sessions write at once.
        let requests: Vec<_> = sessions.iter().map(|addr| addr.send(Flush)).collect();
        let mut outcome = Ok(());
        for request in requests {
            // A session that stopped meanwhile wrote its counts in `stopping`.
            if let Ok(Err(e)) = request.await {
                outcome = Err(e);
            }
        }
        outcome
    }
}

/// Counts not yet written, by (account, metric, hour since the epoch).
type Pending = HashMap<(i64, Metric, i64), u64>;

/// The live counting of one ad.
pub struct AdSession {
    ad_id: String,
    hub: Weak<Hub>,
    pending: Pending,
    /// Counted since the last live push, by (account, metric): (count, latest instant).
    live: BTreeMap<(i64, Metric), (u64, i64)>,
    last_push: Option<Instant>,
    last_used: Instant,
    /// A write panicked: the supervisor restarts the session, which keeps its counts.
    crashed: bool,
    timers: Vec<SpawnHandle>,
}

impl Actor for AdSession {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Self::Context) {
        let Some(hub) = self.hub.upgrade() else { return ctx.stop() };
        let flush = ctx.run_interval(FLUSH_EVERY, |act, ctx| {
            act.take_counts();
            if !act.pending.is_empty() {
                let write = act.write().map(|_, _, _| ());
                ctx.wait(write);
            }
        });
        let live = ctx.run_interval(LIVE_EVERY, |act, _| act.push_live());
        let every = (hub.idle / 2).max(Duration::from_millis(10));
        let idle = ctx.run_interval(every, |act, ctx| {
            let Some(hub) = act.hub.upgrade() else { return ctx.stop() };
            act.take_counts();
            if act.last_used.elapsed() < hub.idle || !act.pending.is_empty() {
                return;
            }
            act.push_live();
            let me = ctx.address();
            let mut live = hub.live.lock().unwrap_or_else(|p| p.into_inner());
            if live.get(&act.ad_id) == Some(&me) {
                live.remove(&act.ad_id);
            }
            drop(live);
            drop(me);
            // Without timers and addresses the session stops once its mailbox is drained;
            // counts that arrive meanwhile are written in `stopping`.
            for t in std::mem::take(&mut act.timers) {
                ctx.cancel_future(t);
            }
            tracing::debug!(ad = %act.ad_id, "idle ad session stopped");
        });
        self.timers = vec![flush, live, idle];
    }

    fn stopping(&mut self, _: &mut Self::Context) -> Running {
        self.take_counts();
        self.push_live();
        if self.crashed || self.pending.is_empty() {
            return Running::Stop;
        }
        // Counts that arrived after the idle decision: written without the actor.
        if let (Some(hub), Ok(rt)) = (self.hub.upgrade(), tokio::runtime::Handle::try_current()) {
            let (counts, perf) = batch(&self.ad_id, &std::mem::take(&mut self.pending));
            let ad_id = self.ad_id.clone();
            rt.spawn(async move {
                if let Err(e) = write_batch(hub.metrics.clone(), hub.ads.clone(), counts, perf, ad_id).await {
                    tracing::warn!(error = %e, "statistics of a stopping ad session not written");
                }
            });
        }
        Running::Stop
    }
}

impl Supervised for AdSession {
    fn restarting(&mut self, _: &mut Self::Context) {
        tracing::warn!(ad = %self.ad_id, pending = self.pending.len(), "ad session restarting; unwritten counts kept");
        if let Some(hub) = self.hub.upgrade() {
            hub.restarts.fetch_add(1, Ordering::Relaxed);
        }
        self.crashed = false;
        self.timers.clear();
    }
}

/// The rows of a batch (the ad's and its owner's account's) and the ad's performance fields
/// (views, phone views, conversations).
fn batch(ad_id: &str, pending: &Pending) -> (Vec<MetricCount>, (u64, u64, u64)) {
    let mut counts = Vec::with_capacity(pending.len() * 2);
    let mut perf = (0, 0, 0);
    for ((account, metric, hour), n) in pending {
        for owner in [format!("ad:{ad_id}"), format!("account:{account}")] {
            counts.push(MetricCount { owner, metric: metric.name().into(), at: hour * 3600, count: *n });
        }
        match metric {
            Metric::View => perf.0 += n,
            Metric::PhoneView => perf.1 += n,
            Metric::Conversation => perf.2 += n,
            _ => {}
        }
    }
    (counts, perf)
}

/// Why a write did not happen.
enum WriteError {
    /// Nothing was written: the counts go back.
    NotWritten(SoukError),
    /// Part of the counts may be in the time series: sending them again could count them
    /// twice, so they are dropped.
    MayHaveWritten(SoukError),
    /// The time series has the counts, the performance fields do not.
    Performance(SoukError),
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WriteError::NotWritten(e) => write!(f, "not written: {e}"),
            WriteError::MayHaveWritten(e) => write!(f, "may have been written in part: {e}"),
            WriteError::Performance(e) => write!(f, "performance fields not updated: {e}"),
        }
    }
}

async fn write_batch(
    metrics: Arc<dyn MetricsStore>,
    ads: Arc<dyn AdStore>,
    counts: Vec<MetricCount>,
    perf: (u64, u64, u64),
    ad_id: String,
) -> Result<(), WriteError> {
    metrics.add(counts).await.map_err(|e| {
        if e.wrote_nothing() {
            WriteError::NotWritten(SoukError::internal(e))
        } else {
            WriteError::MayHaveWritten(SoukError::internal(e))
        }
    })?;
    if perf.0 + perf.1 + perf.2 > 0 {
        ads.add_performance(&ad_id, perf.0, perf.1, perf.2)
            .await
            .map_err(|e| WriteError::Performance(SoukError::internal(e)))?;
    }
    Ok(())
}

impl AdSession {
    /// Writes the pending counts in a task (a panic there is caught): when the store wrote
    /// nothing they go back to the session for the next flush; when it may have written part of
    /// them they are dropped (a resend could count them twice). After a panic (taken as nothing
    /// written: the stores have no panicking path, and SQLite rolls back an unfinished
    /// transaction) the counts go back and the session stops so that its supervisor restarts it.
    fn write(&mut self) -> ResponseActFuture<Self, Result<(), SoukError>> {
        let Some(hub) = self.hub.upgrade() else {
            return Box::pin(fut::ready(Err(SoukError::internal("ad sessions stopped"))));
        };
        if self.pending.is_empty() {
            return Box::pin(fut::ready(Ok(())));
        }
        let taken = std::mem::take(&mut self.pending);
        let (counts, perf) = batch(&self.ad_id, &taken);
        let work = write_batch(Arc::clone(&hub.metrics), Arc::clone(&hub.ads), counts, perf, self.ad_id.clone());
        Box::pin(async move { tokio::spawn(work).await }.into_actor(self).map(move |outcome, act, ctx| {
            let (error, panicked) = match outcome {
                Ok(Ok(())) => return Ok(()),
                Ok(Err(WriteError::Performance(e))) => {
                    tracing::warn!(ad = %act.ad_id, error = %e, "performance fields of an ad not updated");
                    return Ok(());
                }
                Ok(Err(WriteError::MayHaveWritten(e))) => {
                    let lost: u64 = taken.values().sum();
                    tracing::error!(ad = %act.ad_id, error = %e, lost, "statistics may be written in part; not sent again, so they are not counted twice");
                    return Err(e);
                }
                Ok(Err(WriteError::NotWritten(e))) => (e, false),
                Err(e) => (SoukError::internal(format!("ad session write failed: {e}")), e.is_panic()),
            };
            tracing::warn!(ad = %act.ad_id, error = %error, "statistics not written; kept for the next flush");
            for (k, n) in taken {
                *act.pending.entry(k).or_default() += n;
            }
            if panicked {
                act.crashed = true;
                ctx.stop();
            }
            Err(error)
        }))
    }

    /// Moves the counts waiting in the inbox into the pending and live figures; answers how many.
    fn take_counts(&mut self) -> usize {
        let Some(hub) = self.hub.upgrade() else { return 0 };
        let counts = hub.take_inbox(&self.ad_id);
        if counts.is_empty() {
            return 0;
        }
        self.last_used = Instant::now();
        for c in &counts {
            *self.pending.entry((c.account_id, c.metric, c.at.div_euclid(3600))).or_default() += 1;
            let e = self.live.entry((c.account_id, c.metric)).or_default();
            e.0 += 1;
            e.1 = e.1.max(c.at);
        }
        counts.len()
    }

    fn push_live(&mut self) {
        if self.live.is_empty() {
            return;
        }
        let Some(hub) = self.hub.upgrade() else { return };
        for ((account_id, metric), (count, at)) in std::mem::take(&mut self.live) {
            (hub.push)(LiveFigure { account_id, ad_id: self.ad_id.clone(), metric, count, at });
        }
        self.last_push = Some(Instant::now());
    }
}

/// One counted event waiting in the hub's inbox.
struct Count {
    account_id: i64,
    metric: Metric,
    at: i64,
}

/// "Counts are waiting for you in the inbox."
#[derive(Message)]
#[rtype(result = "()")]
struct Drain;

impl Handler<Drain> for AdSession {
    type Result = ();

    fn handle(&mut self, _: Drain, _: &mut Self::Context) {
        if self.take_counts() == 0 {
            return;
        }
        // The first event after a quiet spell goes out at once; the others within LIVE_EVERY.
        if self.last_push.is_none_or(|t| t.elapsed() >= LIVE_EVERY) {
            self.push_live();
        }
    }
}

/// "The ad is being edited": the session stays for another idle period.
#[derive(Message)]
#[rtype(result = "()")]
struct Open;

impl Handler<Open> for AdSession {
    type Result = ();

    fn handle(&mut self, _: Open, _: &mut Self::Context) {
        self.last_used = Instant::now();
    }
}

#[derive(Message)]
#[rtype(result = "Result<(), SoukError>")]
struct Flush;

impl Handler<Flush> for AdSession {
    type Result = AtomicResponse<Self, Result<(), SoukError>>;

    fn handle(&mut self, _: Flush, _: &mut Self::Context) -> Self::Result {
        self.take_counts();
        self.push_live();
        AtomicResponse::new(self.write())
    }
}
