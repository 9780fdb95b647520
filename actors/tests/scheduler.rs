//! The scheduler against a real SQLite job store: a due job runs once (scheduled twice or not),
//! a panicking job is retried with its error stored while the others run, two nodes over one
//! store never run a job twice, a restarted node runs what was pending and nothing that was
//! done, a dead node's expired claim is taken over (an unexpired one is not), a job still
//! running is not started again by its node, and neither a panicking round nor a failure of the
//! actor stops the schedule.

use async_trait::async_trait;
use souk_actors::scheduler::{Fail, JobHandler, Periodic, RunDueNow, SchedulerBuilder};
use souk_storage::jobs::{JobStore, ScheduledJob};
use souk_storage::sqlite::SqliteStore;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn fresh_store(name: &str) -> SqliteStore {
    let dir = std::env::temp_dir().join(format!("souk-scheduler-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    SqliteStore::open(dir.join("souk.db"), 2).expect("open sqlite")
}

fn now() -> i64 {
    souk_actors::now_millis() / 1000
}

/// Counts the runs of each subject; panics on the subjects listed in `panic_once`, once each.
#[derive(Default)]
struct Counting {
    runs: Mutex<HashMap<String, usize>>,
    panic_once: Mutex<Vec<String>>,
}

impl Counting {
    fn runs_of(&self, subject: &str) -> usize {
        self.runs.lock().unwrap().get(subject).copied().unwrap_or(0)
    }
    fn total(&self) -> usize {
        self.runs.lock().unwrap().values().sum()
    }
}

#[async_trait]
impl JobHandler for Counting {
    async fn run(&self, subject: &str, _now: i64) -> Result<(), String> {
        let panics = {
            let mut list = self.panic_once.lock().unwrap();
            let found = list.iter().position(|s| s == subject);
            found.map(|i| list.remove(i)).is_some()
        };
        if panics {
            panic!("handler bug on {subject}");
        }
        *self.runs.lock().unwrap().entry(subject.to_string()).or_default() += 1;
        Ok(())
    }
}

/// A scheduler of the `count` jobs over `store`, ticking rarely (tests drive it with `RunDueNow`).
fn node(store: &SqliteStore, name: &str, handler: &Arc<Counting>) -> SchedulerBuilder {
    SchedulerBuilder::new()
        .jobs(Arc::new(store.clone()))
        .node_id(name)
        .tick(Duration::from_secs(3600))
        .backoff(Duration::ZERO, Duration::ZERO)
        .handler("count", handler.clone())
}

async fn schedule(store: &SqliteStore, subject: &str, run_at: i64) -> bool {
    store.schedule(ScheduledJob::new("count", subject, run_at)).await.expect("schedule")
}

async fn stored(store: &SqliteStore, subject: &str) -> ScheduledJob {
    store.job(&ScheduledJob::key("count", subject)).await.expect("read").expect("job")
}

/// Polls `done` every 20 ms until it holds, for at most 20 s.
async fn eventually(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while !done() {
        assert!(Instant::now() < deadline, "{what}: not within 20 s");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[actix::test]
async fn a_due_job_runs_once_even_scheduled_twice() {
    let store = fresh_store("once");
    let handler = Arc::new(Counting::default());
    assert!(schedule(&store, "a", now() - 5).await);
    assert!(!schedule(&store, "a", now() - 5).await);
    assert!(schedule(&store, "future", now() + 3600).await);
    let scheduler = node(&store, "node-1", &handler).start();

    assert_eq!(scheduler.send(RunDueNow).await.expect("run"), 1);
    assert_eq!(scheduler.send(RunDueNow).await.expect("run"), 0);
    assert_eq!((handler.runs_of("a"), handler.runs_of("future")), (1, 0));
    let a = stored(&store, "a").await;
    assert!(a.done_at.is_some());
    assert_eq!((a.attempts, a.claimed_by.as_deref()), (1, Some("node-1")));
    assert!(stored(&store, "future").await.done_at.is_none());
}

#[actix::test]
async fn the_ticks_run_due_jobs_without_being_asked() {
    let store = fresh_store("ticks");
    let handler = Arc::new(Counting::default());
    let _scheduler = node(&store, "node-1", &handler).tick(Duration::from_millis(20)).start();
    schedule(&store, "ticked", now() - 1).await;
    eventually("the ticked job", || handler.runs_of("ticked") == 1).await;
}

#[actix::test]
async fn a_panicking_job_is_retried_and_the_others_run() {
    let store = fresh_store("panic");
    let handler = Arc::new(Counting::default());
    handler.panic_once.lock().unwrap().push("bad".into());
    schedule(&store, "bad", now() - 5).await;
    schedule(&store, "good", now() - 5).await;
    let scheduler = node(&store, "node-1", &handler).start();

    assert_eq!(scheduler.send(RunDueNow).await.expect("run"), 2);
    assert_eq!((handler.runs_of("bad"), handler.runs_of("good")), (0, 1));
    let bad = stored(&store, "bad").await;
    assert!(bad.done_at.is_none());
    assert_eq!(bad.attempts, 1);
    assert!(bad.last_error.as_deref().is_some_and(|e| e.contains("handler bug on bad")), "{bad:?}");

    // No backoff in this test: the next claim retries it, and the scheduler still runs.
    schedule(&store, "after", now() - 1).await;
    assert_eq!(scheduler.send(RunDueNow).await.expect("run"), 2);
    assert_eq!((handler.runs_of("bad"), handler.runs_of("good"), handler.runs_of("after")), (1, 1, 1));
    let bad = stored(&store, "bad").await;
    assert_eq!((bad.attempts, bad.done_at.is_some()), (2, true));
}

#[actix::test]
async fn a_job_of_an_unknown_kind_waits_with_its_error() {
    let store = fresh_store("unknown");
    let handler = Arc::new(Counting::default());
    store.schedule(ScheduledJob::new("mystery", "x", now() - 5)).await.expect("schedule");
    let scheduler =
        node(&store, "node-1", &handler).backoff(Duration::from_secs(600), Duration::from_secs(600)).start();
    assert_eq!(scheduler.send(RunDueNow).await.expect("run"), 1);
    let job = store.job("mystery:x").await.expect("read").expect("job");
    assert!(job.done_at.is_none());
    assert!(job.run_at >= now() + 500, "retried later: {job:?}");
    assert!(job.last_error.as_deref().is_some_and(|e| e.contains("no handler")));
}

#[actix::test]
async fn two_nodes_over_one_store_never_run_a_job_twice() {
    const JOBS: usize = 200;
    let store = fresh_store("two-nodes");
    let handler = Arc::new(Counting::default());
    for i in 0..JOBS {
        schedule(&store, &format!("job-{i:03}"), now() - 1).await;
    }
    let one = node(&store, "node-1", &handler).tick(Duration::from_millis(5)).start();
    let two = node(&store, "node-2", &handler).tick(Duration::from_millis(5)).start();
    // Besides their ticks, both claim at once.
    let (a, b) = tokio::join!(one.send(RunDueNow), two.send(RunDueNow));
    assert!(a.expect("one") + b.expect("two") <= JOBS);
    eventually("every job", || handler.total() >= JOBS).await;
    for i in 0..JOBS {
        let job = stored(&store, &format!("job-{i:03}")).await;
        assert!(job.done_at.is_some(), "{job:?}");
        assert_eq!(job.attempts, 1, "{job:?}");
    }
    let runs = handler.runs.lock().unwrap().clone();
    assert_eq!(runs.len(), JOBS);
    assert!(runs.values().all(|n| *n == 1), "a job ran twice: {runs:?}");
}

#[actix::test]
async fn a_restarted_node_runs_what_was_pending_and_nothing_done() {
    let store = fresh_store("restart");
    let handler = Arc::new(Counting::default());
    schedule(&store, "before", now() - 5).await;
    // The first process: on its own arbiter, stopped as the process would end.
    let arbiter = actix::Arbiter::new();
    let first = node(&store, "node-1", &handler).start_in_arbiter(&arbiter.handle());
    assert_eq!(first.send(RunDueNow).await.expect("run"), 1);
    arbiter.stop();
    tokio::task::spawn_blocking(move || arbiter.join()).await.expect("join").expect("arbiter");
    assert!(!first.connected());

    schedule(&store, "while-down", now() - 1).await;
    schedule(&store, "before", now() - 1).await;
    let second = node(&store, "node-1", &handler).start();
    assert_eq!(second.send(RunDueNow).await.expect("run"), 1);
    assert_eq!((handler.runs_of("before"), handler.runs_of("while-down")), (1, 1));
}

#[actix::test]
async fn a_dead_nodes_expired_claim_is_taken_over() {
    let store = fresh_store("dead-node");
    let handler = Arc::new(Counting::default());
    // node-0 claimed the held job just now, and the orphan long ago (its lease is over).
    schedule(&store, "held", now() - 200).await;
    let held = store.claim_due(now(), "node-0", 3600, 10).await.expect("claim");
    schedule(&store, "orphan", now() - 100).await;
    let old = store.claim_due(now() - 100, "node-0", 10, 10).await.expect("old claim");
    assert_eq!((held.len(), old.len()), (1, 1));
    assert_eq!((held[0].subject.as_str(), old[0].subject.as_str()), ("held", "orphan"));

    let scheduler = node(&store, "node-1", &handler).start();
    assert_eq!(scheduler.send(RunDueNow).await.expect("run"), 1);
    assert_eq!((handler.runs_of("orphan"), handler.runs_of("held")), (1, 0));
    let orphan = stored(&store, "orphan").await;
    assert_eq!((orphan.attempts, orphan.claimed_by.as_deref()), (2, Some("node-1")));
    assert!(orphan.done_at.is_some());
}

#[actix::test]
async fn a_panicking_round_and_a_failed_actor_do_not_stop_the_schedule() {
    let store = fresh_store("rounds");
    let handler = Arc::new(Counting::default());
    let rounds = Arc::new(AtomicUsize::new(0));
    let counted = Arc::clone(&rounds);
    let round = Periodic::new("flaky", Duration::from_millis(10), move |_now| {
        let n = counted.fetch_add(1, Ordering::SeqCst);
        async move {
            if n.is_multiple_of(2) {
                panic!("round bug {n}");
            }
            Err::<(), String>(format!("round error {n}"))
        }
    });
    let scheduler = node(&store, "node-1", &handler).tick(Duration::from_millis(10)).periodic(round).start();
    eventually("rounds after panics and errors", || rounds.load(Ordering::SeqCst) >= 4).await;

    scheduler.send(Fail).await.expect("fail");
    let after_failure = rounds.load(Ordering::SeqCst);
    eventually("rounds after the restart", || rounds.load(Ordering::SeqCst) >= after_failure + 3).await;
    // Its tick runs again too.
    schedule(&store, "after-restart", now() - 1).await;
    eventually("a job after the restart", || handler.runs_of("after-restart") == 1).await;
    assert!(scheduler.connected());
}

/// Blocks each run until let through; counts the runs started.
struct Gated {
    started: AtomicUsize,
    gate: tokio::sync::Semaphore,
}

#[async_trait]
impl JobHandler for Gated {
    async fn run(&self, _subject: &str, _now: i64) -> Result<(), String> {
        self.started.fetch_add(1, Ordering::SeqCst);
        self.gate.acquire().await.map_err(|e| e.to_string())?.forget();
        Ok(())
    }
}

#[actix::test]
async fn a_job_still_running_is_not_started_again_on_its_node() {
    let store = fresh_store("in-flight");
    let handler = Arc::new(Gated { started: AtomicUsize::new(0), gate: tokio::sync::Semaphore::new(0) });
    store.schedule(ScheduledJob::new("slow", "s", now() - 5)).await.expect("schedule");
    let scheduler = SchedulerBuilder::new()
        .jobs(Arc::new(store.clone()))
        .node_id("node-1")
        .tick(Duration::from_secs(3600))
        .handler("slow", handler.clone())
        .start();
    let first = tokio::spawn(scheduler.send(RunDueNow));
    eventually("the first run", || handler.started.load(Ordering::SeqCst) == 1).await;
    // Its claim expires while it runs (as a run longer than the lease would): claimed again
    // by the same node, it is not started a second time.
    store
        .write(|c| Ok(c.execute("UPDATE scheduled_jobs SET claimed_until = 0 WHERE job_id = 'slow:s'", [])?))
        .await
        .expect("expire the claim");
    let again = tokio::time::timeout(Duration::from_secs(20), scheduler.send(RunDueNow)).await;
    assert_eq!(again.expect("a second run was started (and waits)").expect("run"), 0);
    assert_eq!(store.job("slow:s").await.expect("read").expect("job").attempts, 2);

    handler.gate.add_permits(1);
    assert_eq!(first.await.expect("task").expect("run"), 1);
    assert_eq!(handler.started.load(Ordering::SeqCst), 1);
    assert!(store.job("slow:s").await.expect("read").expect("job").done_at.is_some());
}
