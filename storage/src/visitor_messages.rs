//! Visitor messages to sellers that wait for their sender's confirmation link, the e-mail
//! addresses that confirmed once, and the seller-message digests queued for e-mail (issue 27,
//! `docs/security.md`): three tables of the SQLite store (migration 25), and the conformance
//! suite every backend must pass.

use crate::error::StoreError;
use crate::jobs::{ScheduledJob, schedule_in};
use crate::sqlite::SqliteStore;
use async_trait::async_trait;
use rusqlite::{Connection, OptionalExtension, Row, Transaction, params};

/// The job kind that e-mails a seller the digest of the visitor messages queued for them.
pub const DIGEST_JOB: &str = "seller_message_digest";

/// A CV sent with a pending message, kept until the message is delivered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingCv {
    /// The name the visitor gave it.
    pub name: Option<String>,
    /// Its extension, from its content (`pdf`, `jpg`...).
    pub extension: String,
    pub content_type: String,
    pub bytes: Vec<u8>,
}

/// A visitor's message waiting for its confirmation link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingVisitorMessage {
    /// A UUID, also the delivered message's client id (`visitor-<id>`): delivering twice is once.
    pub pending_id: String,
    /// SHA-256 (hex) of the link's token; the token itself is never stored.
    pub token_hash: String,
    pub list_id: i64,
    /// Normalised.
    pub email: String,
    /// The language of the form's request (`fr`, `ar`).
    pub lang: String,
    pub text: String,
    /// None once delivered.
    pub cv: Option<PendingCv>,
    /// Unix seconds.
    pub created_at: i64,
    /// Unix seconds: the link is refused from then on, and the row purged.
    pub expires_at: i64,
    /// When its link (or another link of the same address) delivered it.
    pub confirmed_at: Option<i64>,
}

/// One visitor message in a seller's next digest e-mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DigestEntry {
    /// The delivered chat message (one entry per message, whatever the retries).
    pub message_id: String,
    pub seller_id: i64,
    pub conversation_id: String,
    pub list_id: i64,
    pub title: String,
    pub from_email: String,
    pub text: String,
    pub cv_attached: bool,
    /// Unix seconds.
    pub queued_at: i64,
}

#[async_trait]
pub trait VisitorMessageStore: Send + Sync + 'static {
    /// Stores a pending message.
    async fn add_pending(&self, message: PendingVisitorMessage) -> Result<(), StoreError>;
    /// Removes a pending message (its confirmation e-mail could not be sent).
    async fn remove_pending(&self, pending_id: &str) -> Result<(), StoreError>;
    /// The pending message of a link, confirmed or not, expired or not (until purged).
    async fn pending_by_token(&self, token_hash: &str) -> Result<Option<PendingVisitorMessage>, StoreError>;
    /// The messages of `email` still waiting at `now` (not confirmed, not expired), oldest first.
    async fn waiting_of(&self, email: &str, now: i64) -> Result<Vec<PendingVisitorMessage>, StoreError>;
    /// In one write: the messages `pending_ids` are confirmed at `at` (their CV dropped: it was
    /// delivered) and `email` is remembered as confirmed.
    async fn confirm(&self, pending_ids: &[String], email: &str, at: i64) -> Result<(), StoreError>;
    /// Whether `email` confirmed a message once.
    async fn is_confirmed_sender(&self, email: &str) -> Result<bool, StoreError>;
    /// Deletes the pending messages whose link expired at `now` (delivered or not); answers how many.
    async fn purge_expired(&self, now: i64) -> Result<u64, StoreError>;
    /// Queues a message for its seller's digest (once per message id). In the same write, when
    /// no other message waits for that seller, schedules the digest job (`DIGEST_JOB`, subject
    /// the seller id) at `run_at`; answers whether it scheduled one.
    async fn queue_digest(&self, entry: DigestEntry, run_at: i64) -> Result<bool, StoreError>;
    /// The messages queued for a seller, oldest first.
    async fn queued_digest(&self, seller_id: i64) -> Result<Vec<DigestEntry>, StoreError>;
    /// In one write: removes the sent entries; when others were queued meanwhile, schedules the
    /// seller's next digest job at `next_run_at`. Answers whether it scheduled one.
    async fn digest_sent(&self, seller_id: i64, message_ids: &[String], next_run_at: i64) -> Result<bool, StoreError>;
}

/// Migration 25.
pub(crate) fn migration(tx: &Transaction) -> Result<(), StoreError> {
    tx.execute_batch(
        "CREATE TABLE visitor_pending_messages (
            pending_id TEXT PRIMARY KEY,
            token_hash TEXT NOT NULL UNIQUE,
            list_id INTEGER NOT NULL,
            email TEXT NOT NULL,
            lang TEXT NOT NULL,
            text TEXT NOT NULL,
            cv_name TEXT,
            cv_extension TEXT,
            cv_content_type TEXT,
            cv_bytes BLOB,
            created_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL,
            confirmed_at INTEGER
        ) WITHOUT ROWID;
        CREATE INDEX visitor_pending_by_email ON visitor_pending_messages (email, created_at);
        CREATE INDEX visitor_pending_by_expiry ON visitor_pending_messages (expires_at);
        CREATE TABLE visitor_confirmed_senders (
            email TEXT PRIMARY KEY,
            confirmed_at INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE seller_message_digests (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            message_id TEXT NOT NULL UNIQUE,
            seller_id INTEGER NOT NULL,
            conversation_id TEXT NOT NULL,
            list_id INTEGER NOT NULL,
            title TEXT NOT NULL,
            from_email TEXT NOT NULL,
            text TEXT NOT NULL,
            cv_attached INTEGER NOT NULL,
            queued_at INTEGER NOT NULL
        );
        CREATE INDEX seller_message_digests_by_seller ON seller_message_digests (seller_id, seq);",
    )?;
    Ok(())
}

const PENDING_COLUMNS: &str = "pending_id, token_hash, list_id, email, lang, text, cv_name, cv_extension,
    cv_content_type, cv_bytes, created_at, expires_at, confirmed_at";

fn row_to_pending(r: &Row<'_>) -> Result<PendingVisitorMessage, rusqlite::Error> {
    let extension: Option<String> = r.get(7)?;
    let cv = match (extension, r.get::<_, Option<Vec<u8>>>(9)?) {
        (Some(extension), Some(bytes)) => Some(PendingCv {
            name: r.get(6)?,
            extension,
            content_type: r.get::<_, Option<String>>(8)?.unwrap_or_default(),
            bytes,
        }),
        _ => None,
    };
    Ok(PendingVisitorMessage {
        pending_id: r.get(0)?,
        token_hash: r.get(1)?,
        list_id: r.get(2)?,
        email: r.get(3)?,
        lang: r.get(4)?,
        text: r.get(5)?,
        cv,
        created_at: r.get(10)?,
        expires_at: r.get(11)?,
        confirmed_at: r.get(12)?,
    })
}

const DIGEST_COLUMNS: &str =
    "message_id, seller_id, conversation_id, list_id, title, from_email, text, cv_attached, queued_at";

fn row_to_entry(r: &Row<'_>) -> Result<DigestEntry, rusqlite::Error> {
    Ok(DigestEntry {
        message_id: r.get(0)?,
        seller_id: r.get(1)?,
        conversation_id: r.get(2)?,
        list_id: r.get(3)?,
        title: r.get(4)?,
        from_email: r.get(5)?,
        text: r.get(6)?,
        cv_attached: r.get::<_, i64>(7)? != 0,
        queued_at: r.get(8)?,
    })
}

/// Schedules the seller's digest job at `run_at`, keyed by its first message so that each
/// window is its own job (a done job's key is never scheduled again).
fn schedule_digest(c: &Connection, seller_id: i64, first_message_id: &str, run_at: i64) -> Result<bool, StoreError> {
    let subject = seller_id.to_string();
    let mut job = ScheduledJob::new(DIGEST_JOB, &subject, run_at);
    job.job_id = format!("{DIGEST_JOB}:{seller_id}:{first_message_id}");
    schedule_in(c, &job)
}

fn oldest_queued(c: &Connection, seller_id: i64) -> Result<Option<String>, StoreError> {
    Ok(c.prepare_cached("SELECT message_id FROM seller_message_digests WHERE seller_id = ?1 ORDER BY seq LIMIT 1")?
        .query_row([seller_id], |r| r.get(0))
        .optional()?)
}

#[async_trait]
impl VisitorMessageStore for SqliteStore {
    async fn add_pending(&self, m: PendingVisitorMessage) -> Result<(), StoreError> {
        self.write(move |c| {
            let cv = m.cv.as_ref();
            c.prepare_cached(&format!(
                "INSERT INTO visitor_pending_messages ({PENDING_COLUMNS})
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)"
            ))?
            .execute(params![
                m.pending_id,
                m.token_hash,
                m.list_id,
                m.email,
                m.lang,
                m.text,
                cv.and_then(|c| c.name.clone()),
                cv.map(|c| c.extension.clone()),
                cv.map(|c| c.content_type.clone()),
                cv.map(|c| c.bytes.clone()),
                m.created_at,
                m.expires_at,
                m.confirmed_at,
            ])?;
            Ok(())
        })
        .await
    }

    async fn remove_pending(&self, pending_id: &str) -> Result<(), StoreError> {
        let pending_id = pending_id.to_string();
        self.write(move |c| {
            c.prepare_cached("DELETE FROM visitor_pending_messages WHERE pending_id = ?1")?.execute([pending_id])?;
            Ok(())
        })
        .await
    }

    async fn pending_by_token(&self, token_hash: &str) -> Result<Option<PendingVisitorMessage>, StoreError> {
        let token_hash = token_hash.to_string();
        self.read(move |c| {
            Ok(c.prepare_cached(&format!(
                "SELECT {PENDING_COLUMNS} FROM visitor_pending_messages WHERE token_hash = ?1"
            ))?
            .query_row([token_hash], row_to_pending)
            .optional()?)
        })
        .await
    }

    async fn waiting_of(&self, email: &str, now: i64) -> Result<Vec<PendingVisitorMessage>, StoreError> {
        let email = email.to_string();
        self.read(move |c| {
            let mut st = c.prepare_cached(&format!(
                "SELECT {PENDING_COLUMNS} FROM visitor_pending_messages
                 WHERE email = ?1 AND confirmed_at IS NULL AND expires_at > ?2 ORDER BY created_at, pending_id"
            ))?;
            let rows = st.query_map(params![email, now], row_to_pending)?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await
    }

    async fn confirm(&self, pending_ids: &[String], email: &str, at: i64) -> Result<(), StoreError> {
        let (ids, email) = (pending_ids.to_vec(), email.to_string());
        self.write(move |c| {
            let mut st = c.prepare_cached(
                "UPDATE visitor_pending_messages
                 SET confirmed_at = ?2, cv_name = NULL, cv_extension = NULL, cv_content_type = NULL, cv_bytes = NULL
                 WHERE pending_id = ?1 AND confirmed_at IS NULL",
            )?;
            for id in &ids {
                st.execute(params![id, at])?;
            }
            c.prepare_cached("INSERT OR IGNORE INTO visitor_confirmed_senders (email, confirmed_at) VALUES (?1, ?2)")?
                .execute(params![email, at])?;
            Ok(())
        })
        .await
    }

    async fn is_confirmed_sender(&self, email: &str) -> Result<bool, StoreError> {
        let email = email.to_string();
        self.read(move |c| {
            Ok(c.prepare_cached("SELECT 1 FROM visitor_confirmed_senders WHERE email = ?1")?
                .query_row([email], |_| Ok(()))
                .optional()?
                .is_some())
        })
        .await
    }

    async fn purge_expired(&self, now: i64) -> Result<u64, StoreError> {
        self.write(move |c| {
            let n = c.prepare_cached("DELETE FROM visitor_pending_messages WHERE expires_at <= ?1")?.execute([now])?;
            Ok(n as u64)
        })
        .await
    }

    async fn queue_digest(&self, e: DigestEntry, run_at: i64) -> Result<bool, StoreError> {
        self.write(move |c| {
            let others = oldest_queued(c, e.seller_id)?;
            let n = c
                .prepare_cached(&format!(
                    "INSERT OR IGNORE INTO seller_message_digests ({DIGEST_COLUMNS})
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"
                ))?
                .execute(params![
                    e.message_id,
                    e.seller_id,
                    e.conversation_id,
                    e.list_id,
                    e.title,
                    e.from_email,
                    e.text,
                    e.cv_attached as i64,
                    e.queued_at,
                ])?;
            if n == 0 || others.is_some() {
                return Ok(false);
            }
            schedule_digest(c, e.seller_id, &e.message_id, run_at)
        })
        .await
    }

    async fn queued_digest(&self, seller_id: i64) -> Result<Vec<DigestEntry>, StoreError> {
        self.read(move |c| {
            let mut st = c.prepare_cached(&format!(
                "SELECT {DIGEST_COLUMNS} FROM seller_message_digests WHERE seller_id = ?1 ORDER BY seq"
            ))?;
            let rows = st.query_map([seller_id], row_to_entry)?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await
    }

    async fn digest_sent(&self, seller_id: i64, message_ids: &[String], next_run_at: i64) -> Result<bool, StoreError> {
        let ids = message_ids.to_vec();
        self.write(move |c| {
            let mut st =
                c.prepare_cached("DELETE FROM seller_message_digests WHERE seller_id = ?1 AND message_id = ?2")?;
            for id in &ids {
                st.execute(params![seller_id, id])?;
            }
            match oldest_queued(c, seller_id)? {
                Some(first) => schedule_digest(c, seller_id, &first, next_run_at),
                None => Ok(false),
            }
        })
        .await
    }
}

/// The conformance suite of `VisitorMessageStore`, run by `storage/tests/visitor_messages_conformance.rs`.
pub mod conformance {
    use super::*;
    use crate::jobs::JobStore;

    const T0: i64 = 1_800_000_000;

    fn pending(id: &str, email: &str, created_at: i64) -> PendingVisitorMessage {
        PendingVisitorMessage {
            pending_id: id.into(),
            token_hash: format!("hash-{id}"),
            list_id: 7,
            email: email.into(),
            lang: "ar".into(),
            text: format!("message {id}"),
            cv: Some(PendingCv {
                name: Some("cv.pdf".into()),
                extension: "pdf".into(),
                content_type: "application/pdf".into(),
                bytes: b"%PDF-1.4".to_vec(),
            }),
            created_at,
            expires_at: created_at + 86_400,
            confirmed_at: None,
        }
    }

    fn entry(message_id: &str, seller_id: i64) -> DigestEntry {
        DigestEntry {
            message_id: message_id.into(),
            seller_id,
            conversation_id: "c1".into(),
            list_id: 7,
            title: "Vélo".into(),
            from_email: "v@example.ma".into(),
            text: format!("texte {message_id}"),
            cv_attached: false,
            queued_at: T0,
        }
    }

    /// A pending message is found by its link until purged; confirming it drops its CV,
    /// remembers the address, and takes it (and only it) off the address's waiting list.
    pub async fn pending_messages_wait_confirm_and_expire(store: &dyn VisitorMessageStore) {
        let a = pending("a", "v@example.ma", T0);
        let b = pending("b", "v@example.ma", T0 + 10);
        let other = pending("c", "autre@example.ma", T0);
        for m in [&a, &b, &other] {
            store.add_pending(m.clone()).await.expect("add");
        }
        assert_eq!(store.pending_by_token("hash-a").await.expect("read"), Some(a.clone()));
        assert_eq!(store.pending_by_token("hash-x").await.expect("read"), None);
        let dropped = pending("d", "v@example.ma", T0 + 5);
        store.add_pending(dropped).await.expect("add");
        store.remove_pending("d").await.expect("remove");
        assert_eq!(store.pending_by_token("hash-d").await.expect("read"), None);
        let waiting = store.waiting_of("v@example.ma", T0 + 20).await.expect("waiting");
        assert_eq!(waiting.iter().map(|m| m.pending_id.as_str()).collect::<Vec<_>>(), ["a", "b"]);
        assert!(!store.is_confirmed_sender("v@example.ma").await.expect("sender"));

        store.confirm(&["a".into()], "v@example.ma", T0 + 30).await.expect("confirm");
        let confirmed = store.pending_by_token("hash-a").await.expect("read").expect("kept until expiry");
        assert_eq!(confirmed.confirmed_at, Some(T0 + 30));
        assert_eq!(confirmed.cv, None, "the delivered CV is not kept twice");
        assert!(store.is_confirmed_sender("v@example.ma").await.expect("sender"));
        assert!(!store.is_confirmed_sender("autre@example.ma").await.expect("sender"));
        let waiting = store.waiting_of("v@example.ma", T0 + 40).await.expect("waiting");
        assert_eq!(waiting.iter().map(|m| m.pending_id.as_str()).collect::<Vec<_>>(), ["b"]);
        // Confirming again changes nothing.
        store.confirm(&["a".into()], "v@example.ma", T0 + 50).await.expect("again");
        assert_eq!(store.pending_by_token("hash-a").await.expect("read").and_then(|m| m.confirmed_at), Some(T0 + 30));
        // Expired messages are not waiting any more, then purged whatever their state.
        assert!(store.waiting_of("v@example.ma", b.expires_at).await.expect("waiting").is_empty());
        assert_eq!(store.purge_expired(a.expires_at).await.expect("purge"), 2, "a and c, not b");
        assert_eq!(store.pending_by_token("hash-a").await.expect("read"), None);
        assert!(store.pending_by_token("hash-b").await.expect("read").is_some());
        assert_eq!(store.purge_expired(b.expires_at).await.expect("purge"), 1);
        assert!(store.is_confirmed_sender("v@example.ma").await.expect("remembered after the purge"));
    }

    /// The first message queued for a seller schedules one digest job; the next ones join it;
    /// once sent, what was queued meanwhile gets the next job, and an empty queue none.
    pub async fn a_digest_job_per_seller_window(store: &dyn VisitorMessageStore, jobs: &dyn JobStore) {
        assert!(store.queue_digest(entry("m1", 5), T0 + 300).await.expect("queue"));
        let job = jobs.job(&format!("{DIGEST_JOB}:5:m1")).await.expect("job").expect("scheduled");
        assert_eq!((job.kind.as_str(), job.subject.as_str(), job.run_at), (DIGEST_JOB, "5", T0 + 300));
        assert!(!store.queue_digest(entry("m1", 5), T0 + 400).await.expect("same message"), "once per message");
        assert!(!store.queue_digest(entry("m2", 5), T0 + 400).await.expect("queue"), "joins the window");
        assert!(store.queue_digest(entry("m3", 6), T0 + 400).await.expect("queue"), "another seller");
        let queued = store.queued_digest(5).await.expect("queued");
        assert_eq!(queued.iter().map(|e| e.message_id.as_str()).collect::<Vec<_>>(), ["m1", "m2"]);
        assert_eq!(queued[0], entry("m1", 5));

        // m4 arrives while the digest of m1 and m2 is being sent.
        assert!(!store.queue_digest(entry("m4", 5), T0 + 500).await.expect("queue"));
        assert!(store.digest_sent(5, &["m1".into(), "m2".into()], T0 + 600).await.expect("sent"));
        let next = jobs.job(&format!("{DIGEST_JOB}:5:m4")).await.expect("job").expect("next window");
        assert_eq!(next.run_at, T0 + 600);
        assert_eq!(store.queued_digest(5).await.expect("queued").len(), 1);
        assert!(!store.digest_sent(5, &["m4".into()], T0 + 900).await.expect("sent"), "nothing left");
        assert!(store.queued_digest(5).await.expect("queued").is_empty());
        assert_eq!(store.queued_digest(6).await.expect("queued").len(), 1, "other sellers untouched");
    }
}
