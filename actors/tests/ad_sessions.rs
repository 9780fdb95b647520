//! The ad session actors against a real SQLite store: counts reach the owner live and the time
//! series (ad and account) once written, a session stops when idle with its counts durable and a
//! new one starts on the next event, and a panic while writing restarts the session (its
//! supervisor) without losing or doubling what it counted. A failed write is sent again only
//! when the store wrote nothing (a real SQLite failure, rolled back whole); one that may have
//! been written in part (as ScyllaDB's counter batches can be) is not, so it is never doubled.

use async_trait::async_trait;
use souk_actors::ad_session::{AdSessions, LiveFigure, LivePush};
use souk_domain::stats::Metric;
use souk_storage::StoreError;
use souk_storage::metrics::{MetricCount, MetricsStore};
use souk_storage::sqlite::SqliteStore;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The SQLite metrics store, with a switch that makes the next write panic, and one that makes
/// it fail after writing part of it. The second is a test double of ScyllaDB's behaviour (its
/// counter batches, one per partition, can fail after others were applied), which cannot run
/// on this machine: it stores the ads' rows, leaves the accounts' out, and answers
/// `MayHaveWritten` as the ScyllaDB store does.
struct Flaky {
    inner: SqliteStore,
    panic_next: AtomicBool,
    partial_next: AtomicBool,
}

#[async_trait]
impl MetricsStore for Flaky {
    async fn add(&self, counts: Vec<MetricCount>) -> Result<(), StoreError> {
        if self.panic_next.swap(false, Ordering::SeqCst) {
            panic!("storage bug while writing statistics");
        }
        if self.partial_next.swap(false, Ordering::SeqCst) {
            let (written, lost): (Vec<_>, Vec<_>) = counts.into_iter().partition(|c| c.owner.starts_with("ad:"));
            self.inner.add(written).await?;
            return Err(StoreError::MayHaveWritten(format!("{} counter rows timed out", lost.len())));
        }
        self.inner.add(counts).await
    }
    async fn hours(&self, owner: &str, metric: &str, day: i64) -> Result<Vec<(u8, u64)>, StoreError> {
        self.inner.hours(owner, metric, day).await
    }
    async fn days(&self, owner: &str, metric: &str, first: i64, last: i64) -> Result<Vec<(i64, u64)>, StoreError> {
        self.inner.days(owner, metric, first, last).await
    }
    async fn total(&self, owner: &str, metric: &str) -> Result<u64, StoreError> {
        self.inner.total(owner, metric).await
    }
}

struct Setup {
    store: Arc<Flaky>,
    sessions: AdSessions,
    pushed: Arc<Mutex<Vec<(LiveFigure, Instant)>>>,
}

fn setup(name: &str, idle: Duration) -> Setup {
    let dir = std::env::temp_dir().join(format!("souk-ad-sessions-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let sqlite = SqliteStore::open(dir.join("souk.db"), 1).unwrap();
    let store = Arc::new(Flaky {
        inner: sqlite.clone(),
        panic_next: AtomicBool::new(false),
        partial_next: AtomicBool::new(false),
    });
    let pushed = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&pushed);
    let push: LivePush = Arc::new(move |f| sink.lock().unwrap().push((f, Instant::now())));
    let sessions = AdSessions::new(store.clone(), Arc::new(sqlite), push, idle);
    Setup { store, sessions, pushed }
}

fn now() -> i64 {
    souk_actors::now_millis() / 1000
}

fn pushed_count(s: &Setup, ad: &str, metric: Metric) -> u64 {
    s.pushed.lock().unwrap().iter().filter(|(f, _)| f.ad_id == ad && f.metric == metric).map(|(f, _)| f.count).sum()
}

async fn until(what: &str, mut ok: impl FnMut() -> bool) {
    let start = Instant::now();
    while !ok() {
        assert!(start.elapsed() < Duration::from_secs(5), "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

const OWNER: i64 = 7;

#[actix::test]
async fn a_session_counts_pushes_live_and_stops_when_idle_with_its_counts_durable() {
    let s = setup("idle", Duration::from_millis(300));
    let sent = Instant::now();
    for _ in 0..5 {
        assert!(s.sessions.count(OWNER, "ad-1", Metric::View, now()));
    }
    assert!(s.sessions.count(OWNER, "ad-1", Metric::PhoneView, now()));
    assert!(s.sessions.count(OWNER, "ad-2", Metric::Conversation, now()));
    assert_eq!(s.sessions.live_count(), 2);

    // Live: every count reaches the owner within a second, coalesced.
    until("live figures", || pushed_count(&s, "ad-1", Metric::View) == 5).await;
    let pushed = s.pushed.lock().unwrap().clone();
    assert!(pushed.iter().all(|(f, _)| f.account_id == OWNER));
    let first = pushed.iter().find(|(f, _)| f.ad_id == "ad-1").map(|(_, t)| *t).unwrap();
    assert!(first.duration_since(sent) < Duration::from_secs(1));
    assert!(pushed.len() < 7, "pushes are coalesced: {pushed:?}");
    assert_eq!(pushed_count(&s, "ad-1", Metric::PhoneView), 1);

    // Idle: both sessions write what they counted and stop.
    until("idle sessions to stop", || s.sessions.live_count() == 0).await;
    let total = |owner: &'static str, metric: &'static str| {
        let store = Arc::clone(&s.store);
        async move { store.inner.total(owner, metric).await.unwrap() }
    };
    assert_eq!(total("ad:ad-1", "view").await, 5);
    assert_eq!(total("ad:ad-1", "phoneView").await, 1);
    assert_eq!(total("ad:ad-2", "conversation").await, 1);
    assert_eq!(total("account:7", "view").await, 5);
    assert_eq!(total("account:7", "conversation").await, 1);
    // The hour row holds them too.
    let day = now().div_euclid(86_400);
    let hours = s.store.inner.hours("ad:ad-1", "view", day).await.unwrap();
    assert_eq!(hours.iter().map(|(_, n)| n).sum::<u64>(), 5);

    // The next event starts a new session, which counts on from storage.
    assert!(s.sessions.count(OWNER, "ad-1", Metric::View, now()));
    assert_eq!(s.sessions.live_count(), 1);
    s.sessions.flush_all().await.unwrap();
    assert_eq!(total("ad:ad-1", "view").await, 6);
    assert_eq!(s.sessions.restarts(), 0);
}

#[actix::test]
async fn counts_survive_a_supervisor_restart_of_the_session() {
    let s = setup("restart", Duration::from_secs(30));
    for _ in 0..3 {
        assert!(s.sessions.count(OWNER, "ad-9", Metric::View, now()));
    }
    s.store.panic_next.store(true, Ordering::SeqCst);
    // The write panics: nothing is written, the session restarts with its counts.
    assert!(s.sessions.flush_all().await.is_err());
    until("the supervisor to restart the session", || s.sessions.restarts() == 1).await;
    assert_eq!(s.store.inner.total("ad:ad-9", "view").await.unwrap(), 0);
    assert_eq!(s.sessions.live_count(), 1, "restarted, not replaced");

    // The restarted session counts on and writes everything, once.
    assert!(s.sessions.count(OWNER, "ad-9", Metric::View, now()));
    s.sessions.flush_all().await.unwrap();
    assert_eq!(s.store.inner.total("ad:ad-9", "view").await.unwrap(), 4);
    assert_eq!(s.store.inner.total("account:7", "view").await.unwrap(), 4);
    // The periodic flush of the restarted session finds nothing more to write.
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert_eq!(s.store.inner.total("ad:ad-9", "view").await.unwrap(), 4);
    assert_eq!(s.sessions.restarts(), 1);
}

#[actix::test]
async fn counts_from_many_threads_at_once_are_each_counted_once() {
    let s = setup("threads", Duration::from_secs(30));
    const THREADS: usize = 4;
    const EACH: usize = 2_500;
    let refused = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for t in 0..THREADS {
            let (sessions, refused) = (s.sessions.clone(), &refused);
            scope.spawn(move || {
                for i in 0..EACH {
                    let ad = if (t + i) % 2 == 0 { "ad-even" } else { "ad-odd" };
                    if !sessions.count(OWNER, ad, Metric::View, now()) {
                        refused.fetch_add(1, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    s.sessions.flush_all().await.unwrap();
    let refused = refused.load(Ordering::Relaxed) as u64;
    let even = s.store.inner.total("ad:ad-even", "view").await.unwrap();
    let odd = s.store.inner.total("ad:ad-odd", "view").await.unwrap();
    // A count a session could not take goes back to the caller, which keeps it itself.
    assert_eq!(even + odd + refused, (THREADS * EACH) as u64);
    assert!(even > 0 && odd > 0);
    assert_eq!(s.store.inner.total("account:7", "view").await.unwrap(), even + odd);
    until("every count pushed live", || {
        pushed_count(&s, "ad-even", Metric::View) + pushed_count(&s, "ad-odd", Metric::View) == even + odd
    })
    .await;
}

#[actix::test]
async fn an_edit_opens_a_session_before_any_event_and_it_stops_when_idle() {
    let s = setup("open", Duration::from_millis(300));
    assert!(!s.sessions.is_open("ad-5"));
    assert!(s.sessions.open("ad-5"), "an edited ad gets its session");
    assert!(s.sessions.is_open("ad-5"));
    assert_eq!(s.sessions.live_count(), 1);
    // Events of the edit (a publication, a bump) land in that same session.
    assert!(s.sessions.count(OWNER, "ad-5", Metric::Publish, now()));
    assert!(s.sessions.count(OWNER, "ad-5", Metric::Bump, now()));
    assert_eq!(s.sessions.live_count(), 1);
    until("the opened session to stop when idle", || !s.sessions.is_open("ad-5")).await;
    assert_eq!(s.store.inner.total("ad:ad-5", "publish").await.unwrap(), 1);
    assert_eq!(s.store.inner.total("ad:ad-5", "bump").await.unwrap(), 1);
    // Opening with nothing counted writes nothing.
    assert!(s.sessions.open("ad-6"));
    until("the empty session to stop", || !s.sessions.is_open("ad-6")).await;
    assert_eq!(s.store.inner.total("ad:ad-6", "view").await.unwrap(), 0);
}

#[actix::test]
async fn a_write_sqlite_refused_is_sent_again_and_lands_once() {
    let s = setup("retry-sqlite", Duration::from_secs(30));
    // A real SQLite failure in the middle of the batch: the hour and day rows are upserted,
    // then the total's insert is refused, and the whole batch is rolled back.
    s.store
        .inner
        .write(|c| {
            c.execute_batch(
                "CREATE TRIGGER refuse_totals BEFORE INSERT ON metric_totals WHEN NEW.owner = 'ad:ad-r'
                 BEGIN SELECT RAISE(ABORT, 'disk quota'); END",
            )?;
            Ok(())
        })
        .await
        .unwrap();
    for _ in 0..3 {
        assert!(s.sessions.count(OWNER, "ad-r", Metric::View, now()));
    }
    let refused = s.sessions.flush_all().await;
    assert!(refused.is_err(), "the write failed: {refused:?}");
    let day = now().div_euclid(86_400);
    assert!(s.store.inner.hours("ad:ad-r", "view", day).await.unwrap().is_empty(), "nothing was written");
    assert_eq!(s.store.inner.total("account:7", "view").await.unwrap(), 0);

    // The store wrote nothing, so the session sends the counts again: they land once.
    s.store.inner.write(|c| Ok(c.execute_batch("DROP TRIGGER refuse_totals")?)).await.unwrap();
    s.sessions.flush_all().await.unwrap();
    assert_eq!(s.store.inner.total("ad:ad-r", "view").await.unwrap(), 3);
    assert_eq!(s.store.inner.total("account:7", "view").await.unwrap(), 3);
    let hours = s.store.inner.hours("ad:ad-r", "view", day).await.unwrap();
    assert_eq!(hours.iter().map(|(_, n)| n).sum::<u64>(), 3);
}

#[actix::test]
async fn a_write_that_may_have_landed_in_part_is_not_sent_again() {
    let s = setup("retry-partial", Duration::from_secs(30));
    for _ in 0..3 {
        assert!(s.sessions.count(OWNER, "ad-p", Metric::View, now()));
    }
    s.store.partial_next.store(true, Ordering::SeqCst);
    // Whether this flush or the session's own tick meets the failure, it happens once.
    let _ = s.sessions.flush_all().await;
    assert!(!s.store.partial_next.load(Ordering::SeqCst), "the partial failure happened");
    assert_eq!(s.store.inner.total("ad:ad-p", "view").await.unwrap(), 3, "the part that was written");

    // Later flushes (asked for, and the session's own every second) do not send them again:
    // the ad's rows are not doubled; the account's, never written, are lost.
    s.sessions.flush_all().await.unwrap();
    tokio::time::sleep(Duration::from_millis(1200)).await;
    s.sessions.flush_all().await.unwrap();
    assert_eq!(s.store.inner.total("ad:ad-p", "view").await.unwrap(), 3, "never doubled");
    assert_eq!(s.store.inner.total("account:7", "view").await.unwrap(), 0, "lost");
    // The session counts on normally.
    assert!(s.sessions.count(OWNER, "ad-p", Metric::View, now()));
    s.sessions.flush_all().await.unwrap();
    assert_eq!(s.store.inner.total("ad:ad-p", "view").await.unwrap(), 4);
    assert_eq!(s.store.inner.total("account:7", "view").await.unwrap(), 1);
    assert_eq!(s.sessions.restarts(), 0);
}
