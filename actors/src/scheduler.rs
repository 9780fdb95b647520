//! The `Scheduler` actor owns every timed job of a node: the persisted one-shot jobs of the
//! `scheduled_jobs` store (claimed, run by their kind's handler, completed or retried later)
//! and the periodic rounds (statistics flush, saved-search alerts, daily bump renewal).
//!
//! Every job and every round runs in its own task, so a panic there is caught as a `JoinError`:
//! a failed or panicking job is put back with a backoff and its error stored, a failed round
//! waits for its next period, and the actor itself keeps running. It runs under an actix
//! `Supervisor` and holds its own address, so it lives as long as its arbiter: stopped (the
//! [`Fail`] test hook, a failure), it is restarted and arms its timers again. Jobs are claimed
//! in the store for a lease, so with several processes a job runs on one of them; a node that
//! dies loses its claims when their lease expires and another node runs its jobs.

use actix::prelude::*;
use souk_storage::jobs::{JobStore, ScheduledJob};
use std::collections::{HashMap, HashSet};
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How often due jobs are claimed.
pub const TICK: Duration = Duration::from_secs(1);
/// How long a claim keeps a job from the other nodes: longer than any job should run.
pub const LEASE: Duration = Duration::from_secs(300);
/// The first retry of a failed job waits this long, each next one twice as long...
pub const BACKOFF_BASE: Duration = Duration::from_secs(10);
/// ...up to this.
pub const BACKOFF_CAP: Duration = Duration::from_secs(3600);
/// The most jobs claimed by one tick.
pub const BATCH: u32 = 100;

/// What a job or a round answers: `Err` is logged (and a job retried later).
pub type Outcome = Result<(), String>;

/// A boxed future of an outcome.
pub type BoxOutcome<'a> = Pin<Box<dyn Future<Output = Outcome> + Send + 'a>>;

/// Runs the jobs of one kind, given their subject and the time. Implement it with
/// `#[async_trait]` (`async fn run(&self, subject: &str, now: i64) -> Result<(), String>`); the
/// signature below is what that attribute writes. A job may run more than once (its claim
/// expired while it ran, or it completed but the completion was not written): make it
/// idempotent, as conditional writes are.
pub trait JobHandler: Send + Sync + 'static {
    fn run<'life0, 'life1, 'async_trait>(&'life0 self, subject: &'life1 str, now: i64) -> BoxOutcome<'async_trait>
    where
        'life0: 'async_trait,
        'life1: 'async_trait,
        Self: 'async_trait;
}

/// The work of a periodic round, given the time (unix seconds).
pub type RoundFn = Arc<dyn Fn(i64) -> BoxOutcome<'static> + Send + Sync>;

/// A round run every `every` (the first one period after start). A round shared by several
/// processes takes its lease itself (`souk_services::lease`); a round still running when its
/// next period comes is not started twice.
#[derive(Clone)]
pub struct Periodic {
    pub name: &'static str,
    pub every: Duration,
    pub run: RoundFn,
}

impl Periodic {
    pub fn new<F, Fut>(name: &'static str, every: Duration, run: F) -> Periodic
    where
        F: Fn(i64) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Outcome> + Send + 'static,
    {
        Periodic { name, every, run: Arc::new(move |now| Box::pin(run(now))) }
    }
}

/// The scheduler's settings, handlers and rounds, before it starts.
pub struct SchedulerBuilder {
    jobs: Option<Arc<dyn JobStore>>,
    node_id: String,
    tick: Duration,
    lease: Duration,
    backoff: (Duration, Duration),
    handlers: HashMap<String, Arc<dyn JobHandler>>,
    rounds: Vec<Periodic>,
}

impl Default for SchedulerBuilder {
    fn default() -> Self {
        SchedulerBuilder::new()
    }
}

impl SchedulerBuilder {
    /// A scheduler of rounds only, with a node id of its own (the process id and a UUIDv7).
    pub fn new() -> SchedulerBuilder {
        SchedulerBuilder {
            jobs: None,
            node_id: format!("pid{}-{}", std::process::id(), uuid::Uuid::now_v7()),
            tick: TICK,
            lease: LEASE,
            backoff: (BACKOFF_BASE, BACKOFF_CAP),
            handlers: HashMap::new(),
            rounds: Vec::new(),
        }
    }

    /// Runs the due jobs of `jobs` whose kind has a handler.
    pub fn jobs(mut self, jobs: Arc<dyn JobStore>) -> Self {
        self.jobs = Some(jobs);
        self
    }

    /// The name this node claims jobs under (unique among the processes sharing the store).
    pub fn node_id(mut self, node_id: impl Into<String>) -> Self {
        self.node_id = node_id.into();
        self
    }

    /// How often due jobs are claimed (default [`TICK`]).
    pub fn tick(mut self, tick: Duration) -> Self {
        self.tick = tick;
        self
    }

    /// How long a claim keeps a job from the other nodes (default [`LEASE`]; whole seconds).
    pub fn lease(mut self, lease: Duration) -> Self {
        self.lease = lease;
        self
    }

    /// The wait before the first retry of a failed job, doubled at each attempt up to `cap`.
    pub fn backoff(mut self, base: Duration, cap: Duration) -> Self {
        self.backoff = (base, cap);
        self
    }

    /// Registers the handler of the jobs of `kind` (`pack_start`, `pack_end`, ...).
    pub fn handler(mut self, kind: &str, handler: Arc<dyn JobHandler>) -> Self {
        self.handlers.insert(kind.to_string(), handler);
        self
    }

    /// Adds a periodic round.
    pub fn periodic(mut self, round: Periodic) -> Self {
        self.rounds.push(round);
        self
    }

    /// Starts the scheduler under a `Supervisor` on the current arbiter (inside an actix system).
    pub fn start(self) -> Addr<Scheduler> {
        Supervisor::start(move |ctx| self.build(ctx))
    }

    /// Starts the scheduler under a `Supervisor` on `arbiter`.
    pub fn start_in_arbiter(self, arbiter: &ArbiterHandle) -> Addr<Scheduler> {
        Supervisor::start_in_arbiter(arbiter, move |ctx| self.build(ctx))
    }

    fn build(self, ctx: &mut Context<Scheduler>) -> Scheduler {
        let jobs = self.jobs.filter(|_| !self.handlers.is_empty());
        Scheduler {
            shared: Arc::new(Shared {
                jobs,
                node_id: self.node_id,
                lease_secs: self.lease.as_secs().max(1) as i64,
                backoff: self.backoff,
                handlers: self.handlers,
                in_flight: Mutex::new(HashSet::new()),
            }),
            tick: self.tick,
            rounds: self
                .rounds
                .into_iter()
                .map(|task| Arc::new(Round { task, running: AtomicBool::new(false) }))
                .collect(),
            claiming: Arc::new(AtomicBool::new(false)),
            _me: ctx.address(),
        }
    }
}

/// What the scheduler's tasks share.
struct Shared {
    /// `None`: no job store, or no handler to run its jobs with.
    jobs: Option<Arc<dyn JobStore>>,
    node_id: String,
    lease_secs: i64,
    backoff: (Duration, Duration),
    handlers: HashMap<String, Arc<dyn JobHandler>>,
    /// The jobs running on this node: one claimed again while it still runs is not started twice.
    in_flight: Mutex<HashSet<String>>,
}

struct Round {
    task: Periodic,
    running: AtomicBool,
}

/// The timed jobs of a node.
pub struct Scheduler {
    shared: Arc<Shared>,
    tick: Duration,
    rounds: Vec<Arc<Round>>,
    /// A claim of due jobs is under way: the next tick does not start another.
    claiming: Arc<AtomicBool>,
    /// Its own address: the supervisor restarts it as long as its arbiter runs.
    _me: Addr<Scheduler>,
}

impl Scheduler {
    /// The node id the scheduler claims jobs under.
    pub fn node_id(&self) -> &str {
        &self.shared.node_id
    }

    fn tick(&mut self) {
        if self.shared.jobs.is_none() || self.claiming.swap(true, Ordering::SeqCst) {
            return;
        }
        let (shared, claiming) = (Arc::clone(&self.shared), Arc::clone(&self.claiming));
        tokio::spawn(async move {
            // The jobs run on in their own tasks; the next tick may claim again.
            if let Err(e) = tokio::spawn(run_due(shared)).await {
                tracing::error!(error = %e, "scheduler: claiming due jobs failed; the next tick retries");
            }
            claiming.store(false, Ordering::SeqCst);
        });
    }
}

/// Seconds since the epoch.
fn now_secs() -> i64 {
    crate::now_millis() / 1000
}

/// The wait before the next attempt of a job that failed its `attempts`-th one:
/// `base * 2^(attempts - 1)`, at most `cap` (whole seconds).
pub fn retry_delay(attempts: u32, base: Duration, cap: Duration) -> i64 {
    let doubled = base.saturating_mul(1u32 << attempts.saturating_sub(1).min(20));
    doubled.min(cap).as_secs() as i64
}

/// Claims the due jobs and starts each in its own task; answers those tasks (they never panic).
async fn run_due(shared: Arc<Shared>) -> Vec<tokio::task::JoinHandle<()>> {
    let Some(store) = shared.jobs.clone() else { return Vec::new() };
    let claimed = match store.claim_due(now_secs(), &shared.node_id, shared.lease_secs, BATCH).await {
        Ok(claimed) => claimed,
        Err(e) => {
            tracing::warn!(error = %e, "scheduler: due jobs not claimed; the next tick retries");
            return Vec::new();
        }
    };
    let mut started = Vec::new();
    for job in claimed {
        let fresh = shared.in_flight.lock().map(|mut f| f.insert(job.job_id.clone())).unwrap_or(false);
        if fresh {
            let running = Running { shared: Arc::clone(&shared), job_id: job.job_id.clone() };
            started.push(tokio::spawn(run_job(Arc::clone(&shared), store.clone(), job, running)));
        }
    }
    started
}

/// A job running on this node: it leaves the in-flight set when this is dropped, however its
/// task ends.
struct Running {
    shared: Arc<Shared>,
    job_id: String,
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Ok(mut in_flight) = self.shared.in_flight.lock() {
            in_flight.remove(&self.job_id);
        }
    }
}

/// Runs one claimed job in a task of its own, then records its outcome.
async fn run_job(shared: Arc<Shared>, store: Arc<dyn JobStore>, job: ScheduledJob, _running: Running) {
    let outcome = match shared.handlers.get(&job.kind).cloned() {
        None => Err(format!("no handler for jobs of kind {}", job.kind)),
        Some(handler) => {
            let subject = job.subject.clone();
            match tokio::spawn(async move { handler.run(&subject, now_secs()).await }).await {
                Ok(outcome) => outcome,
                Err(e) if e.is_panic() => Err(format!("panicked: {}", panic_message(e.into_panic()))),
                Err(e) => Err(format!("cancelled: {e}")),
            }
        }
    };
    let now = now_secs();
    let (node, id) = (shared.node_id.as_str(), job.job_id.as_str());
    match outcome {
        Ok(()) => match store.complete(id, node, now).await {
            Ok(true) => tracing::debug!(job = id, "scheduled job done"),
            Ok(false) => tracing::warn!(job = id, "scheduled job done after its claim passed to another node"),
            Err(e) => tracing::error!(job = id, error = %e, "scheduled job done but not recorded; it runs again"),
        },
        Err(error) => {
            let (base, cap) = shared.backoff;
            let run_at = now + retry_delay(job.attempts, base, cap);
            tracing::error!(job = id, attempts = job.attempts, %error, retry_at = run_at, "scheduled job failed");
            if let Err(e) = store.retry_later(id, node, &error, run_at).await {
                tracing::error!(job = id, error = %e, "scheduled job failure not recorded; retried after its lease");
            }
        }
    }
}

fn panic_message(payload: Box<dyn std::any::Any + Send>) -> String {
    match payload.downcast::<String>() {
        Ok(s) => *s,
        Err(payload) => payload.downcast_ref::<&str>().map_or_else(|| "(no message)".into(), |s| s.to_string()),
    }
}

/// Starts a round unless its previous one still runs; a failure or panic is logged.
fn start_round(round: &Arc<Round>) {
    if round.running.swap(true, Ordering::SeqCst) {
        return;
    }
    let round = Arc::clone(round);
    tokio::spawn(async move {
        let name = round.task.name;
        match tokio::spawn((round.task.run)(now_secs())).await {
            Ok(Ok(())) => {}
            Ok(Err(error)) => tracing::warn!(round = name, %error, "periodic round failed; the next one runs"),
            Err(e) if e.is_panic() => {
                let error = panic_message(e.into_panic());
                tracing::error!(round = name, %error, "periodic round panicked; the next one runs");
            }
            Err(e) => tracing::warn!(round = name, error = %e, "periodic round cancelled"),
        }
        round.running.store(false, Ordering::SeqCst);
    });
}

impl Actor for Scheduler {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Self::Context) {
        ctx.run_interval(self.tick, |act, _| act.tick());
        for round in &self.rounds {
            let round = Arc::clone(round);
            ctx.run_interval(round.task.every, move |_, _| start_round(&round));
        }
    }
}

impl Supervised for Scheduler {
    /// The jobs and rounds already running go on; the timers are armed again in `started`.
    fn restarting(&mut self, _ctx: &mut Self::Context) {
        tracing::warn!(node = %self.shared.node_id, "scheduler restarted");
    }
}

/// Claims the due jobs now and answers, once they have run, how many ran here (tests, and
/// callers that cannot wait for the next tick).
#[derive(Message)]
#[rtype(result = "usize")]
pub struct RunDueNow;

impl Handler<RunDueNow> for Scheduler {
    type Result = ResponseFuture<usize>;

    fn handle(&mut self, _msg: RunDueNow, _ctx: &mut Self::Context) -> Self::Result {
        let shared = Arc::clone(&self.shared);
        Box::pin(async move {
            let started = tokio::spawn(run_due(shared)).await.unwrap_or_default();
            let n = started.len();
            for task in started {
                let _ = task.await;
            }
            n
        })
    }
}

/// Stops the scheduler as a failure does: its supervisor restarts it (supervision tests).
#[derive(Message)]
#[rtype(result = "()")]
pub struct Fail;

impl Handler<Fail> for Scheduler {
    type Result = ();

    fn handle(&mut self, _msg: Fail, ctx: &mut Self::Context) {
        ctx.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_retry_delay_doubles_up_to_its_cap() {
        let (base, cap) = (Duration::from_secs(10), Duration::from_secs(3600));
        let delays: Vec<i64> = [1, 2, 3, 4, 9, 40].iter().map(|a| retry_delay(*a, base, cap)).collect();
        assert_eq!(delays, [10, 20, 40, 80, 2560, 3600]);
        assert_eq!(retry_delay(0, base, cap), 10);
        assert_eq!(retry_delay(5, Duration::ZERO, cap), 0);
    }
}
