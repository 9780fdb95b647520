//! The SQLite backend of [`ChatStore`] and its schema (migration 6, "chat"). Tables, each read
//! by one key or one index range:
//! - `chat_conversations`: one row per conversation; unique per (ad, buyer) and (ad, visitor e-mail);
//! - `chat_members`: each party's row (list clustered by last activity, unread count, read and
//!   deletion markers);
//! - `chat_messages`: partition (conversation, week bucket), clustered by UUIDv7 id, read newest
//!   first walking the buckets backwards;
//! - `chat_client_ids`: (sender, client message id) -> message, for idempotent retries.
//!
//! In the two tables written for every message, conversation and message ids are the UUIDs'
//! 16 bytes, not their 36 characters of text (migration 19): a third fewer bytes per message,
//! so fewer B-tree pages split and written to the WAL by the one writer thread. Blobs compare
//! byte by byte, which orders UUIDv7 ids by time as their text did.

use super::SqliteStore;
use crate::chat::rules::{self, now_millis};
use crate::chat::{
    Appended, ChatAd, ChatMessage, ChatStore, Conversation, ConversationView, NewMessage, Starter, message_millis,
    uuid_millis,
};
use crate::error::StoreError;
use async_trait::async_trait;
use rusqlite::{Connection, OptionalExtension, Row, Transaction, params};
use souk_domain::chat::bucket_of;

pub(super) fn migration(tx: &Transaction) -> Result<(), StoreError> {
    tx.execute_batch(
        "CREATE TABLE chat_conversations (
            conversation_id TEXT PRIMARY KEY,
            list_id INTEGER NOT NULL,
            ad_id TEXT NOT NULL,
            ad_title TEXT NOT NULL,
            ad_image TEXT,
            buyer_id INTEGER,
            visitor_email TEXT,
            seller_id INTEGER NOT NULL,
            created_at INTEGER NOT NULL,
            buyer_blocked INTEGER NOT NULL DEFAULT 0,
            seller_blocked INTEGER NOT NULL DEFAULT 0,
            CHECK ((buyer_id IS NULL) <> (visitor_email IS NULL))
        ) WITHOUT ROWID;
        -- One conversation per buyer (or visitor e-mail) and ad.
        CREATE UNIQUE INDEX chat_conversation_of_buyer ON chat_conversations (list_id, buyer_id)
            WHERE buyer_id IS NOT NULL;
        CREATE UNIQUE INDEX chat_conversation_of_visitor ON chat_conversations (list_id, visitor_email)
            WHERE visitor_email IS NOT NULL;
        -- Each party's view; the conversation list is one range of this index.
        CREATE TABLE chat_members (
            account_id INTEGER NOT NULL,
            conversation_id TEXT NOT NULL,
            last_activity INTEGER NOT NULL,
            last_message_id TEXT,
            last_preview TEXT,
            last_sender_id INTEGER,
            unread INTEGER NOT NULL DEFAULT 0,
            read_upto TEXT,
            deleted_upto TEXT,
            hidden INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (account_id, conversation_id)
        ) WITHOUT ROWID;
        CREATE INDEX chat_members_by_activity ON chat_members (account_id, last_activity DESC);
        -- Messages: partition (conversation, week), clustered by time-ordered id.
        CREATE TABLE chat_messages (
            conversation_id TEXT NOT NULL,
            bucket INTEGER NOT NULL,
            message_id TEXT NOT NULL,
            sender_id INTEGER NOT NULL,
            client_message_id TEXT NOT NULL,
            body TEXT,
            attachment TEXT,
            PRIMARY KEY (conversation_id, bucket, message_id)
        ) WITHOUT ROWID;
        CREATE TABLE chat_client_ids (
            sender_id INTEGER NOT NULL,
            client_message_id TEXT NOT NULL,
            conversation_id TEXT NOT NULL,
            message_id TEXT NOT NULL,
            PRIMARY KEY (sender_id, client_message_id)
        ) WITHOUT ROWID;",
    )?;
    Ok(())
}

/// Migration 19: the ids of `chat_messages` and `chat_client_ids` as 16-byte blobs.
pub(super) fn compact_ids_migration(tx: &Transaction) -> Result<(), StoreError> {
    tx.execute_batch(
        "CREATE TABLE chat_messages_compact (
            conversation_id BLOB NOT NULL,
            bucket INTEGER NOT NULL,
            message_id BLOB NOT NULL,
            sender_id INTEGER NOT NULL,
            client_message_id TEXT NOT NULL,
            body TEXT,
            attachment TEXT,
            PRIMARY KEY (conversation_id, bucket, message_id)
        ) WITHOUT ROWID;
        INSERT INTO chat_messages_compact
            SELECT unhex(conversation_id, '-'), bucket, unhex(message_id, '-'), sender_id, client_message_id,
                   body, attachment
            FROM chat_messages;
        DROP TABLE chat_messages;
        ALTER TABLE chat_messages_compact RENAME TO chat_messages;
        CREATE TABLE chat_client_ids_compact (
            sender_id INTEGER NOT NULL,
            client_message_id TEXT NOT NULL,
            conversation_id BLOB NOT NULL,
            message_id BLOB NOT NULL,
            PRIMARY KEY (sender_id, client_message_id)
        ) WITHOUT ROWID;
        INSERT INTO chat_client_ids_compact
            SELECT sender_id, client_message_id, unhex(conversation_id, '-'), unhex(message_id, '-')
            FROM chat_client_ids;
        DROP TABLE chat_client_ids;
        ALTER TABLE chat_client_ids_compact RENAME TO chat_client_ids;",
    )?;
    Ok(())
}

/// The 16 bytes of a UUID written as text; None when it is not one (no stored id matches it).
fn id_bytes(id: &str) -> Option<[u8; 16]> {
    uuid::Uuid::parse_str(id).ok().map(uuid::Uuid::into_bytes)
}

/// The text of the UUID stored as 16 bytes in column `at`.
fn id_text(r: &Row, at: usize) -> rusqlite::Result<String> {
    let bytes = r.get_ref(at)?.as_blob()?;
    uuid::Uuid::from_slice(bytes)
        .map(|id| id.to_string())
        .map_err(|e| rusqlite::Error::FromSqlConversionFailure(at, rusqlite::types::Type::Blob, Box::new(e)))
}

const CONVERSATION_COLUMNS: &str = "c.conversation_id, c.list_id, c.ad_id, c.ad_title, c.ad_image, c.buyer_id, \
     c.visitor_email, c.seller_id, c.created_at, c.buyer_blocked, c.seller_blocked";

fn conversation_row(r: &Row, at: usize) -> rusqlite::Result<Conversation> {
    Ok(Conversation {
        conversation_id: r.get(at)?,
        list_id: r.get(at + 1)?,
        ad_id: r.get(at + 2)?,
        ad_title: r.get(at + 3)?,
        ad_image: r.get(at + 4)?,
        buyer_id: r.get(at + 5)?,
        visitor_email: r.get(at + 6)?,
        seller_id: r.get(at + 7)?,
        created_at: r.get(at + 8)?,
        buyer_blocked: r.get(at + 9)?,
        seller_blocked: r.get(at + 10)?,
    })
}

fn load_conversation(c: &Connection, id: &str) -> Result<Option<Conversation>, StoreError> {
    let sql = format!("SELECT {CONVERSATION_COLUMNS} FROM chat_conversations c WHERE c.conversation_id = ?1");
    Ok(c.prepare_cached(&sql)?.query_row([id], |r| conversation_row(r, 0)).optional()?)
}

const MESSAGE_COLUMNS: &str = "conversation_id, message_id, sender_id, client_message_id, body, attachment";

fn message_row(r: &Row) -> rusqlite::Result<(ChatMessage, Option<String>)> {
    let message_id = id_text(r, 1)?;
    let sent_at = message_millis(&message_id).unwrap_or(0);
    Ok((
        ChatMessage {
            conversation_id: id_text(r, 0)?,
            message_id,
            sender_id: r.get(2)?,
            client_message_id: r.get(3)?,
            text: r.get(4)?,
            attachment: None,
            sent_at,
        },
        r.get(5)?,
    ))
}

fn finish_message((mut m, attachment): (ChatMessage, Option<String>)) -> Result<ChatMessage, StoreError> {
    m.attachment = rules::attachment_of(&m.message_id, attachment)?;
    Ok(m)
}

fn load_message(c: &Connection, conversation_id: &str, message_id: &str) -> Result<Option<ChatMessage>, StoreError> {
    let (Some(millis), Some(conversation), Some(message)) =
        (message_millis(message_id), id_bytes(conversation_id), id_bytes(message_id))
    else {
        return Ok(None);
    };
    let sql = format!(
        "SELECT {MESSAGE_COLUMNS} FROM chat_messages WHERE conversation_id = ?1 AND bucket = ?2 AND message_id = ?3"
    );
    c.prepare_cached(&sql)?
        .query_row(params![conversation, bucket_of(millis), message], message_row)
        .optional()?
        .map(finish_message)
        .transpose()
}

fn load_view(c: &Connection, conversation_id: &str, account_id: i64) -> Result<Option<ConversationView>, StoreError> {
    let sql = format!(
        "SELECT {CONVERSATION_COLUMNS}, m.last_activity, m.last_message_id, m.last_preview, m.last_sender_id,
                m.unread, m.read_upto,
                (SELECT o.read_upto FROM chat_members o
                  WHERE o.conversation_id = m.conversation_id AND o.account_id <> m.account_id)
         FROM chat_members m JOIN chat_conversations c ON c.conversation_id = m.conversation_id
         WHERE m.account_id = ?1 AND m.conversation_id = ?2"
    );
    Ok(c.query_row(&sql, params![account_id, conversation_id], |r| view_row(r, account_id)).optional()?)
}

fn view_row(r: &Row, account_id: i64) -> rusqlite::Result<ConversationView> {
    Ok(ConversationView {
        conversation: conversation_row(r, 0)?,
        account_id,
        last_activity: r.get(11)?,
        last_message_id: r.get(12)?,
        last_preview: r.get(13)?,
        last_sender_id: r.get(14)?,
        unread: r.get::<_, i64>(15)?.clamp(0, i64::from(u32::MAX)) as u32,
        read_upto: r.get(16)?,
        other_read_upto: r.get(17)?,
    })
}

/// Messages of one conversation visible after `after` (exclusive) and before `before`
/// (exclusive), walking buckets newest first from `from_bucket` down to `to_bucket`.
fn walk_newest_first(
    c: &Connection,
    conversation_id: &str,
    before: Option<&str>,
    after: Option<&str>,
    from_bucket: i64,
    to_bucket: i64,
    limit: usize,
) -> Result<Vec<ChatMessage>, StoreError> {
    let sql = format!(
        "SELECT {MESSAGE_COLUMNS} FROM chat_messages
         WHERE conversation_id = ?1 AND bucket = ?2 AND message_id < ?3 AND message_id > ?4
         ORDER BY message_id DESC LIMIT ?5"
    );
    // No bound: past every 16-byte id above, the empty blob below. A bound that is not an id
    // matches no stored message (and is refused before reaching here by the callers).
    let bound = |id: Option<&str>, none: &[u8]| match id.filter(|id| !id.is_empty()) {
        Some(id) => id_bytes(id).map(|b| b.to_vec()),
        None => Some(none.to_vec()),
    };
    let (Some(conversation), Some(upper), Some(lower)) =
        (id_bytes(conversation_id), bound(before, &[0xff; 17]), bound(after, &[]))
    else {
        return Ok(Vec::new());
    };
    let mut st = c.prepare_cached(&sql)?;
    let mut out = Vec::new();
    let mut bucket = from_bucket;
    while bucket >= to_bucket && out.len() < limit {
        let want = (limit - out.len()) as i64;
        let rows = st.query_map(params![conversation, bucket, upper, lower, want], message_row)?;
        for row in rows {
            out.push(finish_message(row?)?);
        }
        bucket -= 1;
    }
    Ok(out)
}

fn member_markers(
    c: &Connection,
    conversation_id: &str,
    account_id: i64,
) -> Result<Option<Option<String>>, StoreError> {
    Ok(c.query_row(
        "SELECT deleted_upto FROM chat_members WHERE account_id = ?1 AND conversation_id = ?2",
        params![account_id, conversation_id],
        |r| r.get::<_, Option<String>>(0),
    )
    .optional()?)
}

#[async_trait]
impl ChatStore for SqliteStore {
    async fn find_chat_ad(&self, list_id: i64) -> Result<Option<ChatAd>, StoreError> {
        self.read(move |c| {
            let row = c
                .query_row(
                    "SELECT ad_id, list_id, account_id, title, images, status FROM ads WHERE list_id = ?1",
                    [list_id],
                    |r| {
                        Ok((
                            r.get::<_, String>(0)?,
                            r.get::<_, i64>(1)?,
                            r.get::<_, i64>(2)?,
                            r.get::<_, String>(3)?,
                            r.get::<_, String>(4)?,
                            r.get::<_, String>(5)?,
                        ))
                    },
                )
                .optional()?;
            Ok(row.map(|(ad_id, list_id, account_id, title, images, status)| {
                let image = serde_json::from_str::<Vec<String>>(&images).ok().and_then(|v| v.into_iter().next());
                ChatAd { ad_id, list_id, account_id, title, image, status }
            }))
        })
        .await
    }

    async fn open_conversation(&self, ad: ChatAd, starter: Starter) -> Result<(Conversation, bool), StoreError> {
        self.write(move |c| {
            let existing: Option<String> = match &starter {
                Starter::Account(buyer) => c
                    .query_row(
                        "SELECT conversation_id FROM chat_conversations WHERE list_id = ?1 AND buyer_id = ?2",
                        params![ad.list_id, buyer],
                        |r| r.get(0),
                    )
                    .optional()?,
                Starter::Visitor { email } => c
                    .query_row(
                        "SELECT conversation_id FROM chat_conversations WHERE list_id = ?1 AND visitor_email = ?2",
                        params![ad.list_id, email],
                        |r| r.get(0),
                    )
                    .optional()?,
            };
            if let Some(id) = existing {
                if let Starter::Account(buyer) = starter {
                    c.execute(
                        "UPDATE chat_members SET hidden = 0 WHERE account_id = ?1 AND conversation_id = ?2",
                        params![buyer, id],
                    )?;
                }
                let conv = load_conversation(c, &id)?
                    .ok_or_else(|| StoreError::Corrupt(format!("conversation {id} vanished")))?;
                return Ok((conv, false));
            }
            let id = uuid::Uuid::now_v7().to_string();
            let now = now_millis();
            let (buyer_id, visitor_email) = match &starter {
                Starter::Account(b) => (Some(*b), None),
                Starter::Visitor { email } => (None, Some(email.clone())),
            };
            c.execute(
                "INSERT INTO chat_conversations (conversation_id, list_id, ad_id, ad_title, ad_image, buyer_id,
                     visitor_email, seller_id, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![id, ad.list_id, ad.ad_id, ad.title, ad.image, buyer_id, visitor_email, ad.account_id, now],
            )?;
            // The seller's row appears with the first message; the starter's at once.
            let mut insert = c.prepare_cached(
                "INSERT INTO chat_members (account_id, conversation_id, last_activity, hidden) VALUES (?1, ?2, ?3, ?4)",
            )?;
            insert.execute(params![ad.account_id, id, now, true])?;
            if let Some(b) = buyer_id {
                insert.execute(params![b, id, now, false])?;
            }
            let conv =
                load_conversation(c, &id)?.ok_or_else(|| StoreError::Corrupt("conversation not stored".into()))?;
            Ok((conv, true))
        })
        .await
    }

    async fn conversation(&self, conversation_id: &str) -> Result<Option<Conversation>, StoreError> {
        let id = conversation_id.to_owned();
        self.read(move |c| load_conversation(c, &id)).await
    }

    async fn append_message(&self, m: NewMessage) -> Result<Appended, StoreError> {
        let mut answers = self.write(move |c| append_batch(c, vec![m])).await?;
        answers.pop().unwrap_or_else(|| Err(StoreError::Corrupt("an append gave no answer".into())))
    }

    async fn append_messages(
        &self,
        messages: Vec<NewMessage>,
    ) -> Result<Vec<Result<Appended, StoreError>>, StoreError> {
        self.write(move |c| append_batch(c, messages)).await
    }

    async fn view(&self, conversation_id: &str, account_id: i64) -> Result<Option<ConversationView>, StoreError> {
        let id = conversation_id.to_owned();
        self.read(move |c| load_view(c, &id, account_id)).await
    }

    async fn conversations_of(&self, account_id: i64, limit: u32) -> Result<Vec<ConversationView>, StoreError> {
        self.read(move |c| {
            let sql = format!(
                "SELECT {CONVERSATION_COLUMNS}, m.last_activity, m.last_message_id, m.last_preview, m.last_sender_id,
                        m.unread, m.read_upto,
                        (SELECT o.read_upto FROM chat_members o
                          WHERE o.conversation_id = m.conversation_id AND o.account_id <> m.account_id)
                 FROM chat_members m JOIN chat_conversations c ON c.conversation_id = m.conversation_id
                 WHERE m.account_id = ?1 AND m.hidden = 0
                 ORDER BY m.last_activity DESC LIMIT ?2"
            );
            let mut st = c.prepare_cached(&sql)?;
            let rows = st.query_map(params![account_id, limit], |r| view_row(r, account_id))?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await
    }

    async fn messages(
        &self,
        conversation_id: &str,
        account_id: i64,
        before: Option<&str>,
        limit: u32,
    ) -> Result<Vec<ChatMessage>, StoreError> {
        let id = conversation_id.to_owned();
        let before = before.map(str::to_owned);
        self.read(move |c| {
            let Some(deleted_upto) = member_markers(c, &id, account_id)? else { return Ok(Vec::new()) };
            let Some(conv) = load_conversation(c, &id)? else { return Ok(Vec::new()) };
            let Some((from, to)) = rules::history_buckets(before.as_deref(), deleted_upto.as_deref(), conv.created_at)
            else {
                return Ok(Vec::new());
            };
            walk_newest_first(c, &id, before.as_deref(), deleted_upto.as_deref(), from, to, limit as usize)
        })
        .await
    }

    async fn messages_since(&self, account_id: i64, since: &str, limit: u32) -> Result<Vec<ChatMessage>, StoreError> {
        let since = since.to_owned();
        self.read(move |c| {
            let Some(since_ms) = message_millis(&since) else { return Ok(Vec::new()) };
            let mut st = c.prepare_cached(
                "SELECT conversation_id, deleted_upto FROM chat_members
                 WHERE account_id = ?1 AND last_activity >= ?2 AND last_message_id > ?3",
            )?;
            let convs = st
                .query_map(params![account_id, since_ms, since], |r| {
                    Ok((r.get::<_, String>(0)?, r.get::<_, Option<String>>(1)?))
                })?
                .collect::<Result<Vec<_>, _>>()?;
            let now_bucket = bucket_of(now_millis()) + 1;
            let mut out = Vec::new();
            for (conversation_id, deleted_upto) in convs {
                let after = rules::catch_up_after(&since, deleted_upto);
                let found = walk_newest_first(
                    c,
                    &conversation_id,
                    None,
                    Some(&after),
                    now_bucket,
                    bucket_of(since_ms),
                    limit as usize,
                )?;
                out.extend(found);
            }
            out.sort_by(|a, b| a.message_id.cmp(&b.message_id));
            out.truncate(limit as usize);
            Ok(out)
        })
        .await
    }

    async fn mark_read(
        &self,
        conversation_id: &str,
        account_id: i64,
        message_id: &str,
    ) -> Result<Option<ConversationView>, StoreError> {
        let id = conversation_id.to_owned();
        let message_id = message_id.to_owned();
        self.write(move |c| {
            if member_markers(c, &id, account_id)?.is_none() || load_message(c, &id, &message_id)?.is_none() {
                return Ok(None);
            }
            // Unread = messages of the other party after the marker.
            c.execute(
                "UPDATE chat_members SET read_upto = ?3 WHERE account_id = ?1 AND conversation_id = ?2
                   AND (read_upto IS NULL OR read_upto < ?3)",
                params![account_id, id, message_id],
            )?;
            let view = load_view(c, &id, account_id)?;
            let Some(view) = view else { return Ok(None) };
            let upto = view.read_upto.clone().unwrap_or_default();
            let from = bucket_of(now_millis()) + 1;
            let to = message_millis(&upto).map(bucket_of).unwrap_or(bucket_of(view.conversation.created_at));
            let newer = walk_newest_first(c, &id, None, Some(&upto), from, to, 10_000)?;
            let unread = newer.iter().filter(|m| m.sender_id != account_id).count() as i64;
            c.execute(
                "UPDATE chat_members SET unread = ?3 WHERE account_id = ?1 AND conversation_id = ?2",
                params![account_id, id, unread],
            )?;
            load_view(c, &id, account_id)
        })
        .await
    }

    async fn set_blocked(
        &self,
        conversation_id: &str,
        account_id: i64,
        blocked: bool,
    ) -> Result<Option<Conversation>, StoreError> {
        let id = conversation_id.to_owned();
        self.write(move |c| {
            let Some(conv) = load_conversation(c, &id)? else { return Ok(None) };
            let column = if conv.seller_id == account_id {
                "seller_blocked"
            } else if conv.buyer_id == Some(account_id) {
                "buyer_blocked"
            } else {
                return Ok(None);
            };
            c.execute(
                &format!("UPDATE chat_conversations SET {column} = ?2 WHERE conversation_id = ?1"),
                params![id, blocked],
            )?;
            load_conversation(c, &id)
        })
        .await
    }

    async fn delete_for(&self, conversation_id: &str, account_id: i64) -> Result<bool, StoreError> {
        let id = conversation_id.to_owned();
        self.write(move |c| {
            let n = c.execute(
                "UPDATE chat_members SET hidden = 1, unread = 0, deleted_upto = last_message_id,
                     read_upto = coalesce(last_message_id, read_upto)
                 WHERE account_id = ?1 AND conversation_id = ?2",
                params![account_id, id],
            )?;
            Ok(n > 0)
        })
        .await
    }

    async fn unread_total(&self, account_id: i64) -> Result<u32, StoreError> {
        self.read(move |c| {
            let n: i64 = c.query_row(
                "SELECT coalesce(sum(unread), 0) FROM chat_members WHERE account_id = ?1 AND hidden = 0",
                [account_id],
                |r| r.get(0),
            )?;
            Ok(n.clamp(0, i64::from(u32::MAX)) as u32)
        })
        .await
    }
}

/// Messages appended inside the current transaction, in order (see `ChatStore::append_messages`).
/// A message refused for itself (a client message id used in another conversation, an unknown
/// conversation) is answered with its error before anything of it is written, so the others go
/// on; a database error fails the whole batch. Each party's `chat_members` row is written once
/// per batch, not once per message.
fn append_batch(c: &Connection, messages: Vec<NewMessage>) -> Result<Vec<Result<Appended, StoreError>>, StoreError> {
    let mut members = MemberUpdates::default();
    let mut statements = AppendStatements {
        claim: c.prepare_cached(
            "INSERT INTO chat_client_ids (sender_id, client_message_id, conversation_id, message_id)
             VALUES (?1, ?2, ?3, ?4) ON CONFLICT (sender_id, client_message_id) DO NOTHING",
        )?,
        insert: c.prepare_cached(
            "INSERT INTO chat_messages (conversation_id, bucket, message_id, sender_id, client_message_id, body,
                 attachment) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?,
    };
    let mut answers = Vec::with_capacity(messages.len());
    for m in messages {
        answers.push(append_checked(c, m, &mut members, &mut statements)?);
    }
    drop(statements);
    members.write(c)?;
    Ok(answers)
}

/// The statements every message of a batch runs, prepared once per batch.
struct AppendStatements<'c> {
    /// Takes the (sender, client message id) pair; no row changed means it was taken before.
    claim: rusqlite::CachedStatement<'c>,
    insert: rusqlite::CachedStatement<'c>,
}

/// One message of a batch: `Err` is a database error, `Ok(Err)` the message's own refusal.
fn append_checked(
    c: &Connection,
    m: NewMessage,
    members: &mut MemberUpdates,
    statements: &mut AppendStatements,
) -> Result<Result<Appended, StoreError>, StoreError> {
    let Some(StoredConversation { parties, key: conversation }) = members.conversation(c, &m.conversation_id)? else {
        return Ok(Err(StoreError::Corrupt(format!("no conversation {}", m.conversation_id))));
    };
    let attachment = match rules::attachment_json(&m) {
        Ok(attachment) => attachment,
        Err(refused) => return Ok(Err(refused)),
    };
    let id = uuid::Uuid::now_v7();
    let claimed =
        statements.claim.execute(params![m.sender_id, m.client_message_id, conversation, id.as_bytes()])? == 1;
    if !claimed {
        // A retry: the message stored the first time is the answer (nothing is written).
        let (earlier_conversation, earlier): (Vec<u8>, String) = c
            .prepare_cached(
                "SELECT conversation_id, message_id FROM chat_client_ids
                     WHERE sender_id = ?1 AND client_message_id = ?2",
            )?
            .query_row(params![m.sender_id, m.client_message_id], |r| Ok((r.get(0)?, id_text(r, 1)?)))?;
        if earlier_conversation != conversation {
            return Ok(Err(StoreError::Conflict(format!(
                "client message id {} already used in another conversation",
                m.client_message_id
            ))));
        }
        let message = load_message(c, &m.conversation_id, &earlier)?
            .ok_or_else(|| StoreError::Corrupt(format!("message {earlier} missing")))?;
        return Ok(Ok(Appended { message, duplicate: true }));
    }
    let sent_at = uuid_millis(&id).unwrap_or_else(now_millis);
    statements.insert.execute(params![
        conversation,
        bucket_of(sent_at),
        id.as_bytes(),
        m.sender_id,
        m.client_message_id,
        m.text,
        attachment
    ])?;
    let message_id = id.to_string();
    for party in parties {
        members.record(&m, party, sent_at, &message_id);
    }
    Ok(Ok(Appended { message: rules::stored(m, message_id, sent_at), duplicate: false }))
}

/// What a batch changes in each party's `chat_members` row, gathered so that each row is written
/// once: the last message, and the party's unread count and read marker.
#[derive(Default)]
struct MemberUpdates {
    /// Each conversation of the batch, read once (`None`: no such conversation). A batch is a
    /// Conversation actor's, so one conversation: a short list searched in order beats hashing
    /// the id of every message.
    conversations: Vec<(String, Option<StoredConversation>)>,
    rows: Vec<((String, i64), MemberUpdate)>,
}

/// A conversation of the batch as an append needs it: its parties (the buyer if an account,
/// and the seller) and its key in `chat_messages`.
#[derive(Clone, Copy)]
struct StoredConversation {
    parties: [Option<i64>; 2],
    key: [u8; 16],
}

struct MemberUpdate {
    last_activity: i64,
    last_message_id: String,
    last_preview: String,
    last_sender_id: i64,
    /// The party's own last message of the batch: it has read everything up to it.
    own_last: Option<String>,
    /// Messages of the batch from the other party (after `own_last` when there is one).
    unread_after: i64,
}

impl MemberUpdates {
    /// A conversation's parties and key, read once per batch.
    fn conversation(
        &mut self,
        c: &Connection,
        conversation_id: &str,
    ) -> Result<Option<StoredConversation>, StoreError> {
        if let Some((_, known)) = self.conversations.iter().find(|(id, _)| id == conversation_id) {
            return Ok(*known);
        }
        let found = match (load_conversation(c, conversation_id)?, id_bytes(conversation_id)) {
            (Some(conv), Some(key)) => Some(StoredConversation { parties: [conv.buyer_id, Some(conv.seller_id)], key }),
            _ => None,
        };
        self.conversations.push((conversation_id.to_owned(), found));
        Ok(found)
    }

    fn record(&mut self, m: &NewMessage, party: Option<i64>, sent_at: i64, message_id: &str) {
        let Some(party) = party else { return };
        let at = match self.rows.iter().position(|((id, p), _)| *p == party && *id == m.conversation_id) {
            Some(at) => at,
            None => {
                let row = MemberUpdate {
                    last_activity: sent_at,
                    last_message_id: String::new(),
                    last_preview: String::new(),
                    last_sender_id: m.sender_id,
                    own_last: None,
                    unread_after: 0,
                };
                self.rows.push(((m.conversation_id.clone(), party), row));
                self.rows.len() - 1
            }
        };
        let row = &mut self.rows[at].1;
        row.last_activity = sent_at;
        message_id.clone_into(&mut row.last_message_id);
        m.preview.clone_into(&mut row.last_preview);
        row.last_sender_id = m.sender_id;
        if party == m.sender_id {
            row.own_last = Some(message_id.to_owned());
            row.unread_after = 0;
        } else {
            row.unread_after += 1;
        }
    }

    fn write(self, c: &Connection) -> Result<(), StoreError> {
        let mut update = c.prepare_cached(
            "UPDATE chat_members SET last_activity = ?3, last_message_id = ?4, last_preview = ?5,
                     last_sender_id = ?6, hidden = 0,
                     unread = CASE WHEN ?7 IS NULL THEN unread + ?8 ELSE ?8 END,
                     read_upto = COALESCE(?7, read_upto)
                 WHERE account_id = ?1 AND conversation_id = ?2",
        )?;
        for ((conversation_id, party), row) in self.rows {
            update.execute(params![
                party,
                conversation_id,
                row.last_activity,
                row.last_message_id,
                row.last_preview,
                row.last_sender_id,
                row.own_last,
                row.unread_after
            ])?;
        }
        Ok(())
    }
}
