//! Persisted one-shot jobs of the scheduler (`scheduled_jobs`): each is scheduled once under an
//! idempotent key, claimed by one node at a time for a lease, and completed or put back for a
//! later attempt by its claimer; the conformance suite every backend must pass is here too.

use crate::error::StoreError;
use crate::sqlite::SqliteStore;
use async_trait::async_trait;
use rusqlite::{Connection, Row, params};

/// One job: run the handler of `kind` on `subject` at `run_at` or later.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScheduledJob {
    /// The idempotent key: scheduling the same key twice is one job (`kind:subject` by default).
    pub job_id: String,
    /// Which handler runs it: `pack_start`, `pack_end`, `payment_expiry`...
    pub kind: String,
    /// What the job is about (an order id).
    pub subject: String,
    /// Unix seconds.
    pub run_at: i64,
    /// How many times it was claimed.
    pub attempts: u32,
    /// Until when its claimer holds it (unix seconds; 0: nobody).
    pub claimed_until: i64,
    /// The node that claimed it last.
    pub claimed_by: Option<String>,
    /// When it was completed (never claimed again).
    pub done_at: Option<i64>,
    /// Why its last attempt failed.
    pub last_error: Option<String>,
}

impl ScheduledJob {
    /// A new job of `kind` about `subject`, keyed `kind:subject`.
    pub fn new(kind: &str, subject: &str, run_at: i64) -> ScheduledJob {
        ScheduledJob {
            job_id: ScheduledJob::key(kind, subject),
            kind: kind.into(),
            subject: subject.into(),
            run_at,
            attempts: 0,
            claimed_until: 0,
            claimed_by: None,
            done_at: None,
            last_error: None,
        }
    }

    /// The default key of a job: `kind:subject` (e.g. `pack_start:<order id>`).
    pub fn key(kind: &str, subject: &str) -> String {
        format!("{kind}:{subject}")
    }
}

#[async_trait]
pub trait JobStore: Send + Sync + 'static {
    /// Stores the job unless one with its id exists; answers whether it was stored.
    async fn schedule(&self, job: ScheduledJob) -> Result<bool, StoreError>;
    /// In one conditional write: up to `limit` jobs due at `now`, not done and not claimed (or
    /// whose claim expired), earliest first, are claimed by `node_id` until `now + lease_secs`
    /// and their attempts counted. Two nodes claiming at once never get the same job.
    async fn claim_due(
        &self,
        now: i64,
        node_id: &str,
        lease_secs: i64,
        limit: u32,
    ) -> Result<Vec<ScheduledJob>, StoreError>;
    /// Marks the job done at `at` if `node_id` holds its last claim; answers whether it did.
    async fn complete(&self, job_id: &str, node_id: &str, at: i64) -> Result<bool, StoreError>;
    /// Releases the claim of `node_id` and puts the job back for `run_at` with `error`;
    /// answers whether `node_id` held it.
    async fn retry_later(&self, job_id: &str, node_id: &str, error: &str, run_at: i64) -> Result<bool, StoreError>;
    /// The job as stored.
    async fn job(&self, job_id: &str) -> Result<Option<ScheduledJob>, StoreError>;
}

const COLUMNS: &str = "job_id, kind, subject, run_at, attempts, claimed_until, claimed_by, done_at, last_error";

fn row_to_job(r: &Row<'_>) -> Result<ScheduledJob, StoreError> {
    Ok(ScheduledJob {
        job_id: r.get(0)?,
        kind: r.get(1)?,
        subject: r.get(2)?,
        run_at: r.get(3)?,
        attempts: r.get(4)?,
        claimed_until: r.get(5)?,
        claimed_by: r.get(6)?,
        done_at: r.get(7)?,
        last_error: r.get(8)?,
    })
}

/// Schedules `job` inside a write already running on `c` (e.g. in the same transaction as the
/// payment that makes it due); answers whether it was stored.
pub fn schedule_in(c: &Connection, job: &ScheduledJob) -> Result<bool, StoreError> {
    let n = c
        .prepare_cached("INSERT OR IGNORE INTO scheduled_jobs (job_id, kind, subject, run_at) VALUES (?1, ?2, ?3, ?4)")?
        .execute(params![job.job_id, job.kind, job.subject, job.run_at])?;
    Ok(n == 1)
}

#[async_trait]
impl JobStore for SqliteStore {
    async fn schedule(&self, job: ScheduledJob) -> Result<bool, StoreError> {
        self.write(move |c| schedule_in(c, &job)).await
    }

    async fn claim_due(
        &self,
        now: i64,
        node_id: &str,
        lease_secs: i64,
        limit: u32,
    ) -> Result<Vec<ScheduledJob>, StoreError> {
        let node_id = node_id.to_string();
        self.write(move |c| {
            let mut st = c.prepare_cached(&format!(
                "UPDATE scheduled_jobs SET claimed_by = ?2, claimed_until = ?3, attempts = attempts + 1
                 WHERE job_id IN (
                     SELECT job_id FROM scheduled_jobs INDEXED BY scheduled_jobs_due
                     WHERE done_at IS NULL AND run_at <= ?1 AND claimed_until <= ?1
                     ORDER BY run_at LIMIT ?4)
                 RETURNING {COLUMNS}"
            ))?;
            let mut rows = st.query(params![now, node_id, now.saturating_add(lease_secs), limit])?;
            let mut jobs = Vec::new();
            while let Some(r) = rows.next()? {
                jobs.push(row_to_job(r)?);
            }
            jobs.sort_by(|a, b| (a.run_at, &a.job_id).cmp(&(b.run_at, &b.job_id)));
            Ok(jobs)
        })
        .await
    }

    async fn complete(&self, job_id: &str, node_id: &str, at: i64) -> Result<bool, StoreError> {
        let (job_id, node_id) = (job_id.to_string(), node_id.to_string());
        self.write(move |c| {
            let n = c
                .prepare_cached(
                    "UPDATE scheduled_jobs SET done_at = ?3, claimed_until = 0
                     WHERE job_id = ?1 AND claimed_by = ?2 AND done_at IS NULL",
                )?
                .execute(params![job_id, node_id, at])?;
            Ok(n == 1)
        })
        .await
    }

    async fn retry_later(&self, job_id: &str, node_id: &str, error: &str, run_at: i64) -> Result<bool, StoreError> {
        let (job_id, node_id, error) = (job_id.to_string(), node_id.to_string(), error.to_string());
        self.write(move |c| {
            let n = c
                .prepare_cached(
                    "UPDATE scheduled_jobs SET run_at = ?3, last_error = ?4, claimed_until = 0
                     WHERE job_id = ?1 AND claimed_by = ?2 AND done_at IS NULL",
                )?
                .execute(params![job_id, node_id, run_at, error])?;
            Ok(n == 1)
        })
        .await
    }

    async fn job(&self, job_id: &str) -> Result<Option<ScheduledJob>, StoreError> {
        let job_id = job_id.to_string();
        self.read(move |c| {
            let mut st = c.prepare_cached(&format!("SELECT {COLUMNS} FROM scheduled_jobs WHERE job_id = ?1"))?;
            let mut rows = st.query([job_id])?;
            match rows.next()? {
                Some(r) => Ok(Some(row_to_job(r)?)),
                None => Ok(None),
            }
        })
        .await
    }
}

/// The conformance suite of `JobStore`, run by `storage/tests/jobs_conformance.rs` on every
/// backend.
pub mod conformance {
    use super::*;
    use std::collections::HashSet;

    const T0: i64 = 1_800_000_000;
    const LEASE: i64 = 60;

    /// Scheduling the same job id twice is one job: the second call stores nothing and changes
    /// nothing of the first.
    pub async fn a_job_is_scheduled_once(store: &dyn JobStore) {
        let job = ScheduledJob::new("pack_start", "order-1", T0);
        assert_eq!(job.job_id, "pack_start:order-1");
        assert!(store.schedule(job.clone()).await.expect("schedule"));
        assert!(!store.schedule(ScheduledJob { run_at: T0 + 500, ..job.clone() }).await.expect("again"));
        assert_eq!(store.job(&job.job_id).await.expect("read"), Some(job));
        assert_eq!(store.job("pack_start:nothing").await.expect("read"), None);
    }

    /// Only due jobs are claimed, earliest first, up to the limit; a claimed job is not claimed
    /// again (by any node) until its lease expires, then another node takes it over.
    pub async fn due_jobs_are_claimed_by_one_node_per_lease(store: &dyn JobStore) {
        for (subject, at) in [("b", T0 - 10), ("a", T0 - 20), ("c", T0), ("later", T0 + 1)] {
            store.schedule(ScheduledJob::new("pack_end", subject, at)).await.expect("schedule");
        }
        let first = store.claim_due(T0, "node-1", LEASE, 2).await.expect("claim");
        let ids: Vec<&str> = first.iter().map(|j| j.subject.as_str()).collect();
        assert_eq!(ids, ["a", "b"]);
        assert!(first.iter().all(|j| j.attempts == 1 && j.claimed_by.as_deref() == Some("node-1")));
        assert!(first.iter().all(|j| j.claimed_until == T0 + LEASE));

        let second = store.claim_due(T0, "node-2", LEASE, 10).await.expect("claim");
        assert_eq!(second.iter().map(|j| j.subject.as_str()).collect::<Vec<_>>(), ["c"]);
        // Just before the leases expire, only the job due since is free.
        let later = store.claim_due(T0 + LEASE - 1, "node-2", LEASE, 10).await.expect("claim");
        assert_eq!(later.iter().map(|j| j.subject.as_str()).collect::<Vec<_>>(), ["later"]);

        // node-1 went silent: once its lease has expired, node-2 takes its jobs over.
        let taken = store.claim_due(T0 + LEASE, "node-2", LEASE, 10).await.expect("claim");
        let mut subjects: Vec<&str> = taken.iter().map(|j| j.subject.as_str()).collect();
        subjects.sort_unstable();
        assert_eq!(subjects, ["a", "b", "c"]);
        let a = taken.iter().find(|j| j.subject == "a").expect("a");
        assert_eq!((a.attempts, a.claimed_by.as_deref()), (2, Some("node-2")));
    }

    /// Only the claimer completes a job; a completed job is never claimed again.
    pub async fn only_the_claimer_completes_a_job(store: &dyn JobStore) {
        let job = ScheduledJob::new("payment_expiry", "order-9", T0);
        store.schedule(job.clone()).await.expect("schedule");
        assert!(!store.complete(&job.job_id, "node-1", T0).await.expect("complete unclaimed"));
        store.claim_due(T0, "node-1", LEASE, 10).await.expect("claim");
        assert!(!store.complete(&job.job_id, "node-2", T0 + 1).await.expect("complete by another"));
        assert!(store.complete(&job.job_id, "node-1", T0 + 2).await.expect("complete"));
        assert!(!store.complete(&job.job_id, "node-1", T0 + 3).await.expect("complete twice"));
        let stored = store.job(&job.job_id).await.expect("read").expect("job");
        assert_eq!(stored.done_at, Some(T0 + 2));
        assert!(store.claim_due(T0 + 10 * LEASE, "node-2", LEASE, 10).await.expect("claim").is_empty());
    }

    /// A failed attempt is put back by its claimer with its error for a later time: not claimed
    /// before it, claimed again from it.
    pub async fn a_failed_job_is_retried_later(store: &dyn JobStore) {
        let job = ScheduledJob::new("pack_start", "order-3", T0);
        store.schedule(job.clone()).await.expect("schedule");
        store.claim_due(T0, "node-1", LEASE, 10).await.expect("claim");
        assert!(!store.retry_later(&job.job_id, "node-2", "not mine", T0 + 30).await.expect("retry by another"));
        assert!(store.retry_later(&job.job_id, "node-1", "boom", T0 + 30).await.expect("retry"));
        let stored = store.job(&job.job_id).await.expect("read").expect("job");
        assert_eq!((stored.run_at, stored.last_error.as_deref(), stored.claimed_until), (T0 + 30, Some("boom"), 0));
        assert!(store.claim_due(T0 + 29, "node-1", LEASE, 10).await.expect("claim").is_empty());
        let again = store.claim_due(T0 + 30, "node-2", LEASE, 10).await.expect("claim");
        assert_eq!(again.len(), 1);
        assert_eq!((again[0].attempts, again[0].last_error.as_deref()), (2, Some("boom")));
    }

    /// Nodes claiming at the same time share the due jobs without any job going to two of them.
    pub async fn concurrent_claims_never_share_a_job(store: &dyn JobStore) {
        const JOBS: usize = 200;
        for i in 0..JOBS {
            store.schedule(ScheduledJob::new("pack_start", &format!("order-{i:03}"), T0 - 1)).await.expect("schedule");
        }
        let claim = |node: &'static str| async move {
            let mut mine = Vec::new();
            loop {
                let got = store.claim_due(T0, node, LEASE, 7).await.expect("claim");
                if got.is_empty() {
                    return mine;
                }
                mine.extend(got.into_iter().map(|j| j.job_id));
            }
        };
        let (one, two, three) = tokio::join!(claim("node-1"), claim("node-2"), claim("node-3"));
        let total = one.len() + two.len() + three.len();
        let distinct: HashSet<&String> = one.iter().chain(&two).chain(&three).collect();
        assert_eq!((total, distinct.len()), (JOBS, JOBS));
    }
}
