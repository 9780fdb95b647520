//! The SQLite backend of the durable stores (embedded mode): one writer thread that commits
//! the writes arriving together in one transaction (group commit), a checkpointer thread that
//! copies committed pages from the WAL into the database file (its fsyncs never hold up a
//! commit), a pool of reader threads with their own connections (WAL lets them read while the
//! writer writes), and versioned migrations applied when the store opens. Async callers never
//! block an executor thread.

mod chat;
mod migrations;

pub use migrations::{MIGRATIONS, Migration};

use crate::error::StoreError;
use rusqlite::{Connection, OpenFlags};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;
use tokio::sync::oneshot;

/// The most writes committed in one transaction; more wait for the next one.
const MAX_GROUP: usize = 256;

/// After commits, the checkpointer copies the WAL's pages into the database file at most this
/// often. Small and frequent is what keeps commits fast: a checkpoint of many pages (and its
/// fsyncs) holds up the writer's next WAL writes at the file system, a small one barely does
/// (measured: chat ack p99 at 40,000 msg/s 6 ms with 10 ms, 40 ms with 200 ms, 72 ms with
/// SQLite's own checkpoint every 1,000 pages; docs/benchmarks.md).
const CHECKPOINT_EVERY: Duration = Duration::from_millis(10);

/// The writer checkpoints by itself only when the WAL has grown past this many pages (64 MiB
/// of 4 KiB pages): a backstop should the checkpointer fall behind.
const WRITER_CHECKPOINT_PAGES: i64 = 16_384;

type Completion = Box<dyn FnOnce(Result<(), String>) + Send>;
/// A write run on the writer thread: answers its completion (called with the group's commit
/// outcome) and, when the write itself failed, why.
type WriteJob = Box<dyn FnOnce(&Connection) -> (Completion, Option<String>) + Send>;
type ReadJob = Box<dyn FnOnce(&Connection) + Send>;

enum WriterMessage {
    Write(WriteJob),
    Shutdown(oneshot::Sender<()>),
}

/// An open SQLite database: cheap to clone, shared by every store of the process.
#[derive(Clone)]
pub struct SqliteStore {
    inner: Arc<Inner>,
}

struct Inner {
    path: PathBuf,
    writer: Mutex<Option<mpsc::Sender<WriterMessage>>>,
    readers: Mutex<Option<mpsc::Sender<ReadJob>>>,
    threads: Mutex<Vec<JoinHandle<()>>>,
    /// Moves once a committed write changed the listing index: a listing page computed under
    /// an older value is stale (`SearchStore::listing_generation`).
    listing_generation: Arc<std::sync::atomic::AtomicU64>,
}

impl SqliteStore {
    /// Opens (creating if needed) the database file, applies pending migrations, and starts
    /// the writer thread and `readers` reader threads.
    pub fn open(path: impl AsRef<Path>, readers: usize) -> Result<SqliteStore, StoreError> {
        let path = path.as_ref().to_path_buf();
        let mut writer_conn = Connection::open(&path)?;
        configure(&writer_conn)?;
        writer_conn.pragma_update(None, "journal_mode", "WAL")?;
        // Every group commit reaches the disk before its writes are answered: in WAL mode FULL
        // syncs the WAL at each commit (NORMAL would only survive a crash of the process, not of
        // the machine). One sync serves the whole group, which is what makes it affordable.
        writer_conn.pragma_update(None, "synchronous", "FULL")?;
        // Each write runs in its own savepoint (so that a failing one rolls back alone), and a
        // savepoint keeps the first copy of every page it changes in a sub-journal. In memory,
        // that copy is a memcpy and the sub-journal is emptied when the savepoint is released;
        // in a temporary file (the default once it outgrows 64 KiB) it is a `pwrite` per page,
        // and the file only grows until the commit (seen: 3 % of the writer's time at 140,000
        // chat messages/s).
        writer_conn.pragma_update(None, "temp_store", "MEMORY")?;
        migrations::apply(&mut writer_conn)?;
        // Whatever the WAL holds (a migration's rebuilt index, a seed, the last run's tail) goes
        // into the database file before any reader starts: a page still in the WAL is found
        // through its hash table and copied by a read, one of each per page read (seen: a search
        // over 1,000,000 ads three times slower behind a 550 MB WAL).
        writer_conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
        writer_conn.pragma_update(None, "wal_autocheckpoint", WRITER_CHECKPOINT_PAGES)?;

        let mut threads = Vec::new();
        let checkpoint_conn = Connection::open(&path)?;
        configure(&checkpoint_conn)?;
        // One pending "something was committed" is enough: commits coalesce.
        let (committed_tx, committed_rx) = mpsc::sync_channel::<()>(1);
        threads.push(
            std::thread::Builder::new()
                .name("sqlite-checkpoint".into())
                .spawn(move || checkpoint_loop(checkpoint_conn, committed_rx))
                .map_err(|e| StoreError::Corrupt(format!("cannot start the checkpoint thread: {e}")))?,
        );
        let (write_tx, write_rx) = mpsc::channel::<WriterMessage>();
        let listing_generation = Arc::new(std::sync::atomic::AtomicU64::new(0));
        let generation = Arc::clone(&listing_generation);
        threads.push(
            std::thread::Builder::new()
                .name("sqlite-writer".into())
                .spawn(move || writer_loop(writer_conn, write_rx, committed_tx, &generation))
                .map_err(|e| StoreError::Corrupt(format!("cannot start the writer thread: {e}")))?,
        );

        let (read_tx, read_rx) = mpsc::channel::<ReadJob>();
        let read_rx = Arc::new(Mutex::new(read_rx));
        for i in 0..readers.max(1) {
            let conn = Connection::open_with_flags(
                &path,
                OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX | OpenFlags::SQLITE_OPEN_URI,
            )?;
            configure(&conn)?;
            let rx = Arc::clone(&read_rx);
            threads.push(
                std::thread::Builder::new()
                    .name(format!("sqlite-reader-{i}"))
                    .spawn(move || reader_loop(conn, rx))
                    .map_err(|e| StoreError::Corrupt(format!("cannot start a reader thread: {e}")))?,
            );
        }

        Ok(SqliteStore {
            inner: Arc::new(Inner {
                path,
                writer: Mutex::new(Some(write_tx)),
                readers: Mutex::new(Some(read_tx)),
                threads: Mutex::new(threads),
                listing_generation,
            }),
        })
    }

    /// How many committed writes changed the listing index since the store opened.
    pub fn listing_changes(&self) -> u64 {
        self.inner.listing_generation.load(std::sync::atomic::Ordering::Acquire)
    }

    pub fn path(&self) -> &Path {
        &self.inner.path
    }

    /// Runs `work` on the writer thread inside the current group transaction. Its changes
    /// are rolled back alone if it fails; the answer arrives once the group is committed,
    /// so a successful write is durable when this returns.
    pub async fn write<T, F>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    {
        let (tx, rx) = oneshot::channel::<Result<T, StoreError>>();
        let job: WriteJob = Box::new(move |conn: &Connection| {
            let outcome = run_in_savepoint(conn, work);
            let failure = outcome.as_ref().err().map(ToString::to_string);
            let completion: Completion = Box::new(move |commit: Result<(), String>| {
                let answer = match (outcome, commit) {
                    (Err(e), _) => Err(e),
                    (Ok(_), Err(reason)) => Err(StoreError::Corrupt(format!("commit failed: {reason}"))),
                    (Ok(value), Ok(())) => Ok(value),
                };
                let _ = tx.send(answer);
            });
            (completion, failure)
        });
        {
            let guard = self.inner.writer.lock().map_err(|_| StoreError::Closed)?;
            let sender = guard.as_ref().ok_or(StoreError::Closed)?;
            sender.send(WriterMessage::Write(job)).map_err(|_| StoreError::Closed)?;
        }
        rx.await.map_err(|_| StoreError::Closed)?
    }

    /// Runs `work` on a reader thread with its own read-only connection.
    pub async fn read<T, F>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    {
        let (tx, rx) = oneshot::channel();
        let job: ReadJob = Box::new(move |conn: &Connection| {
            let _ = tx.send(work(conn));
        });
        {
            let guard = self.inner.readers.lock().map_err(|_| StoreError::Closed)?;
            let sender = guard.as_ref().ok_or(StoreError::Closed)?;
            sender.send(job).map_err(|_| StoreError::Closed)?;
        }
        rx.await.map_err(|_| StoreError::Closed)?
    }

    /// Answers when a reader can run a statement: the readiness check.
    pub async fn ping(&self) -> Result<(), StoreError> {
        self.read(|conn| Ok(conn.query_row("SELECT count(*) FROM schema_migrations", [], |r| r.get::<_, i64>(0))?))
            .await
            .map(|_| ())
    }

    /// Finishes the queued writes, commits them, and stops every thread. Later calls fail
    /// with `StoreError::Closed`. Safe to call twice.
    pub async fn shutdown(&self) {
        let writer = self.inner.writer.lock().ok().and_then(|mut g| g.take());
        if let Some(writer) = writer {
            let (tx, rx) = oneshot::channel();
            if writer.send(WriterMessage::Shutdown(tx)).is_ok() {
                let _ = rx.await;
            }
        }
        if let Ok(mut readers) = self.inner.readers.lock() {
            readers.take();
        }

        let threads: Vec<JoinHandle<()>> =
            self.inner.threads.lock().map(|mut t| t.drain(..).collect()).unwrap_or_default();
        let _ = tokio::task::spawn_blocking(move || {
            for t in threads {
                let _ = t.join();
            }
        })
        .await;
    }
}

/// How much of the database file a connection reads through memory mapping (SQLite's own
/// ceiling, about 2 GiB): pages are read in place from the OS cache instead of being copied by a
/// `pread` each into the connection's small page cache, which was half the time of a search
/// over 1,000,000 ads.
const MMAP_BYTES: i64 = 0x7fff_0000;

fn configure(conn: &Connection) -> Result<(), StoreError> {
    conn.pragma_update(None, "foreign_keys", "ON")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.pragma_update(None, "mmap_size", MMAP_BYTES)?;
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    crate::search_rank::register(conn)?;
    Ok(())
}

fn run_in_savepoint<T>(
    conn: &Connection,
    work: impl FnOnce(&Connection) -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    conn.execute_batch("SAVEPOINT job")?;
    match work(conn) {
        Ok(value) => {
            conn.execute_batch("RELEASE job")?;
            Ok(value)
        }
        // SQLite rolled the whole transaction back itself (a full disk, an I/O error): there is
        // no savepoint left to roll back to, and the cause is the answer (commit_group tells
        // the rest of the group).
        Err(e) if conn.is_autocommit() => Err(e),
        Err(e) => {
            conn.execute_batch("ROLLBACK TO job; RELEASE job")?;
            Err(e)
        }
    }
}

fn writer_loop(
    conn: Connection,
    rx: mpsc::Receiver<WriterMessage>,
    committed: mpsc::SyncSender<()>,
    listing_generation: &std::sync::atomic::AtomicU64,
) {
    let mut shutdown: Option<oneshot::Sender<()>> = None;
    while shutdown.is_none() {
        let Ok(first) = rx.recv() else { break };
        let mut batch = Vec::new();
        match first {
            WriterMessage::Write(job) => batch.push(job),
            WriterMessage::Shutdown(done) => shutdown = Some(done),
        }
        while batch.len() < MAX_GROUP {
            match rx.try_recv() {
                Ok(WriterMessage::Write(job)) => batch.push(job),
                Ok(WriterMessage::Shutdown(done)) => {
                    shutdown = Some(done);
                    break;
                }
                Err(_) => break,
            }
        }
        if shutdown.is_some() {
            // Writes queued before the shutdown request still land.
            while let Ok(WriterMessage::Write(job)) = rx.try_recv() {
                batch.push(job);
            }
        }
        commit_group(&conn, batch, listing_generation);
        // The checkpointer takes it from here (a full channel: it is told already).
        let _ = committed.try_send(());
    }
    if let Err((_, e)) = conn.close() {
        tracing::warn!(error = %e, "closing the SQLite writer connection");
    }
    if let Some(done) = shutdown {
        let _ = done.send(());
    }
}

fn commit_group(conn: &Connection, batch: Vec<WriteJob>, listing_generation: &std::sync::atomic::AtomicU64) {
    let mut jobs = batch.into_iter().peekable();
    while jobs.peek().is_some() {
        if let Err(e) = conn.execute_batch("BEGIN IMMEDIATE") {
            let reason = e.to_string();
            // The jobs never ran against the database: run none; each is answered `Closed`.
            tracing::error!(error = %reason, writes = jobs.len(), "cannot begin a write transaction");
            return;
        }
        let mut completions: Vec<Completion> = Vec::new();
        let mut rolled_back = None;
        for job in jobs.by_ref() {
            let (completion, failure) = job(conn);
            completions.push(completion);
            if conn.is_autocommit() {
                // SQLite ended the transaction itself (SQLITE_FULL, an I/O error): nothing of
                // this group is stored. Every write of it is told so, with the cause; the writes
                // after it go into a new transaction.
                rolled_back = Some(failure.unwrap_or_else(|| "the transaction was rolled back".into()));
                break;
            }
        }
        let commit = match rolled_back {
            Some(cause) => {
                tracing::error!(error = %cause, writes = completions.len(), "a write transaction was rolled back");
                Err(format!("rolled back: {cause}"))
            }
            None => {
                let commit = conn.execute_batch("COMMIT").map_err(|e| e.to_string());
                if commit.is_err() && !conn.is_autocommit() {
                    let _ = conn.execute_batch("ROLLBACK");
                }
                commit
            }
        };
        // The listing moved only once its change is committed (and not at all when rolled back),
        // before the writers are answered.
        if crate::search::take_listing_changed() && commit.is_ok() {
            listing_generation.fetch_add(1, std::sync::atomic::Ordering::AcqRel);
        }
        tracing::trace!(writes = completions.len(), "group committed");
        for done in completions {
            done(commit.clone());
        }
    }
}

/// Copies committed pages from the WAL into the database file after commits, at most every
/// `CHECKPOINT_EVERY`, beside the writer (a passive checkpoint takes no lock a commit needs);
/// ends with the writer.
fn checkpoint_loop(conn: Connection, committed: mpsc::Receiver<()>) {
    while committed.recv().is_ok() {
        let started = std::time::Instant::now();
        if let Err(e) = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| r.get::<_, i64>(0)) {
            tracing::warn!(error = %e, "WAL checkpoint failed; the next one retries");
        }
        std::thread::sleep(CHECKPOINT_EVERY.saturating_sub(started.elapsed()));
    }
}

fn reader_loop(conn: Connection, rx: Arc<Mutex<mpsc::Receiver<ReadJob>>>) {
    loop {
        let job = {
            let Ok(guard) = rx.lock() else { return };
            match guard.recv() {
                Ok(job) => job,
                Err(_) => return,
            }
        };
        job(&conn);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_db(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("souk-sqlite-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        dir.join("souk.db")
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn concurrent_writes_are_grouped_and_a_failing_one_is_rolled_back_alone() {
        let store = SqliteStore::open(temp_db("group"), 2).expect("open");
        store.write(|c| Ok(c.execute_batch("CREATE TABLE t (n INTEGER PRIMARY KEY)")?)).await.expect("create");
        let mut tasks = Vec::new();
        for n in 0..200i64 {
            let s = store.clone();
            tasks.push(tokio::spawn(async move {
                s.write(move |c| {
                    c.execute("INSERT INTO t (n) VALUES (?1)", [n])?;
                    if n % 10 == 0 {
                        // A failed write must leave nothing behind, even its own insert.
                        return Err(StoreError::Corrupt("refused".into()));
                    }
                    Ok(n)
                })
                .await
            }));
        }
        let mut failed = 0;
        for t in tasks {
            if t.await.expect("join").is_err() {
                failed += 1;
            }
        }
        assert_eq!(failed, 20);
        let count: i64 = store
            .read(|c| Ok(c.query_row("SELECT count(*) FROM t WHERE n % 10 != 0", [], |r| r.get(0))?))
            .await
            .expect("count");
        let all: i64 = store.read(|c| Ok(c.query_row("SELECT count(*) FROM t", [], |r| r.get(0))?)).await.expect("all");
        assert_eq!((count, all), (180, 180));
        store.shutdown().await;
    }

    #[tokio::test]
    async fn committed_pages_reach_the_database_file_without_the_writer() {
        let path = temp_db("checkpoint");
        let store = SqliteStore::open(&path, 1).expect("open");
        let before = std::fs::metadata(&path).expect("db file").len();
        store.write(|c| Ok(c.execute_batch("CREATE TABLE t (b BLOB)")?)).await.expect("create");
        // 2 MiB committed: far below the writer's own checkpoint threshold.
        for _ in 0..8 {
            store
                .write(|c| {
                    for _ in 0..64 {
                        c.execute("INSERT INTO t VALUES (zeroblob(4096))", [])?;
                    }
                    Ok(())
                })
                .await
                .expect("insert");
        }
        let mut grown = 0;
        for _ in 0..50 {
            tokio::time::sleep(CHECKPOINT_EVERY / 2).await;
            grown = std::fs::metadata(&path).expect("db file").len();
            if grown >= before + 2 * 1024 * 1024 {
                break;
            }
        }
        assert!(grown >= before + 2 * 1024 * 1024, "the checkpointer copied the pages: {before} -> {grown} bytes");
        store.shutdown().await;
    }

    #[tokio::test]
    async fn shutdown_flushes_queued_writes_then_refuses_new_ones() {
        let path = temp_db("shutdown");
        let store = SqliteStore::open(&path, 1).expect("open");
        store.write(|c| Ok(c.execute_batch("CREATE TABLE t (n INTEGER)")?)).await.expect("create");
        let pending: Vec<_> = (0..50)
            .map(|n| {
                let s = store.clone();
                tokio::spawn(async move { s.write(move |c| Ok(c.execute("INSERT INTO t VALUES (?1)", [n])?)).await })
            })
            .collect();
        tokio::task::yield_now().await;
        for p in pending {
            p.await.expect("join").expect("write before shutdown");
        }
        store.shutdown().await;
        assert!(matches!(store.write(|_| Ok(())).await, Err(StoreError::Closed)));
        let reopened = SqliteStore::open(&path, 1).expect("reopen");
        let n: i64 = reopened.read(|c| Ok(c.query_row("SELECT count(*) FROM t", [], |r| r.get(0))?)).await.expect("n");
        assert_eq!(n, 50);
        reopened.shutdown().await;
    }

    #[tokio::test]
    async fn migrations_are_recorded_and_not_reapplied() {
        let path = temp_db("migrate");
        let store = SqliteStore::open(&path, 1).expect("open");
        let versions: Vec<u32> = store
            .read(|c| {
                let mut st = c.prepare("SELECT version FROM schema_migrations ORDER BY version")?;
                let rows = st.query_map([], |r| r.get(0))?.collect::<Result<Vec<u32>, _>>()?;
                Ok(rows)
            })
            .await
            .expect("versions");
        assert_eq!(versions, MIGRATIONS.iter().map(|m| m.version).collect::<Vec<_>>());
        store.shutdown().await;
        let again = SqliteStore::open(&path, 1).expect("reopen applies nothing twice");
        again.shutdown().await;
    }

    #[tokio::test]
    async fn a_database_from_a_newer_binary_is_refused() {
        let path = temp_db("newer");
        SqliteStore::open(&path, 1).expect("open").shutdown().await;
        let conn = Connection::open(&path).expect("raw");
        conn.execute("INSERT INTO schema_migrations (version, name, applied_at) VALUES (9999, 'future', 0)", [])
            .expect("insert");
        drop(conn);
        assert!(matches!(SqliteStore::open(&path, 1), Err(StoreError::SchemaTooNew { found: 9999, .. })));
    }
}
