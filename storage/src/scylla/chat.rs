//! The ScyllaDB backend of [`ChatStore`] (distributed mode), on the chat tables of
//! `deploy/scylla/schema.cql`. Every read is one partition: a conversation by id, one party's
//! rows by account, the list by account clustered by last activity, messages by (conversation,
//! week bucket) newest first. Uniqueness uses lightweight transactions: one conversation per
//! (ad, starter) and one message per (sender, client message id). Each party's row changes by
//! compare-and-set on its markers, so two `souk` processes appending to one conversation never
//! lose an unread count. The ads stay in SQLite in this step: `find_chat_ad` asks the ad store.

use super::statements::{self, Cql};
use super::{Session, cql_error, prepare};
use crate::chat::rules::{self, now_millis};
use crate::chat::{
    Appended, ChatAd, ChatMessage, ChatStore, Conversation, ConversationView, NewMessage, Starter, message_millis,
};
use crate::error::StoreError;
use async_trait::async_trait;
use scylla::statement::prepared::PreparedStatement;
use scylla::value::{CqlValue, Row};
use souk_domain::chat::bucket_of;
use std::collections::HashMap;
use std::sync::Arc;

/// How many times a party's row is re-read and re-written when another process changed it.
const CAS_ATTEMPTS: usize = 8;

type ConversationRow =
    (String, i64, String, String, Option<String>, Option<i64>, Option<String>, i64, i64, Option<bool>, Option<bool>);
type MemberRow = (
    String,
    Option<i64>,
    Option<String>,
    Option<String>,
    Option<i64>,
    Option<i32>,
    Option<String>,
    Option<String>,
    Option<bool>,
);
type MessageRow = (String, String, i64, String, Option<String>, Option<String>);

/// One party's row, as stored.
#[derive(Debug, Clone, Default)]
struct Member {
    conversation_id: String,
    last_activity: i64,
    last_message_id: Option<String>,
    last_preview: Option<String>,
    last_sender_id: Option<i64>,
    unread: i32,
    read_upto: Option<String>,
    deleted_upto: Option<String>,
    hidden: bool,
}

impl From<MemberRow> for Member {
    fn from(r: MemberRow) -> Self {
        Member {
            conversation_id: r.0,
            last_activity: r.1.unwrap_or(0),
            last_message_id: r.2,
            last_preview: r.3,
            last_sender_id: r.4,
            unread: r.5.unwrap_or(0).max(0),
            read_upto: r.6,
            deleted_upto: r.7,
            hidden: r.8.unwrap_or(false),
        }
    }
}

fn conversation_of(r: ConversationRow) -> Conversation {
    Conversation {
        conversation_id: r.0,
        list_id: r.1,
        ad_id: r.2,
        ad_title: r.3,
        ad_image: r.4,
        buyer_id: r.5,
        visitor_email: r.6,
        seller_id: r.7,
        created_at: r.8,
        buyer_blocked: r.9.unwrap_or(false),
        seller_blocked: r.10.unwrap_or(false),
    }
}

fn message_of(r: MessageRow) -> Result<ChatMessage, StoreError> {
    let attachment = rules::attachment_of(&r.1, r.5)?;
    Ok(ChatMessage {
        sent_at: message_millis(&r.1).unwrap_or(0),
        conversation_id: r.0,
        message_id: r.1,
        sender_id: r.2,
        client_message_id: r.3,
        text: r.4,
        attachment,
    })
}

/// The key of a conversation's starter in `chat_conversation_keys`.
fn starter_key(starter: &Starter) -> String {
    match starter {
        Starter::Account(id) => format!("account:{id}"),
        Starter::Visitor { email } => format!("visitor:{}", email.to_lowercase()),
    }
}

/// [`ChatStore`] over a ScyllaDB session, with the ad store for `find_chat_ad`.
pub struct ScyllaChatStore {
    session: Arc<Session>,
    ads: Arc<dyn ChatStore>,
    st: HashMap<&'static str, PreparedStatement>,
}

impl ScyllaChatStore {
    /// Prepares every chat statement once. `ads` answers `find_chat_ad` (the SQLite store).
    pub async fn new(session: Arc<Session>, keyspace: &str, ads: Arc<dyn ChatStore>) -> Result<Self, StoreError> {
        let mut st = HashMap::new();
        for cql in statements::ALL.iter().filter(|c| c.text.contains(".chat_")) {
            st.insert(cql.name, prepare(&session, keyspace, cql).await?);
        }
        Ok(ScyllaChatStore { session, ads, st })
    }

    fn statement(&self, cql: &Cql) -> &PreparedStatement {
        &self.st[cql.name]
    }

    async fn run(
        &self,
        cql: &Cql,
        values: impl scylla::serialize::row::SerializeRow,
    ) -> Result<scylla::response::query_result::QueryResult, StoreError> {
        self.session.execute_unpaged(self.statement(cql), values).await.map_err(cql_error)
    }

    async fn rows<R>(&self, cql: &Cql, values: impl scylla::serialize::row::SerializeRow) -> Result<Vec<R>, StoreError>
    where
        R: for<'f, 'm> scylla::deserialize::row::DeserializeRow<'f, 'm>,
    {
        let result = self.run(cql, values).await?.into_rows_result().map_err(cql_error)?;
        let rows = result.rows::<R>().map_err(cql_error)?;
        rows.collect::<Result<Vec<R>, _>>().map_err(cql_error)
    }

    /// A lightweight transaction: whether it applied, and the current row's columns by name.
    async fn lwt(
        &self,
        cql: &Cql,
        values: impl scylla::serialize::row::SerializeRow,
    ) -> Result<(bool, HashMap<String, CqlValue>), StoreError> {
        let result = self.run(cql, values).await?.into_rows_result().map_err(cql_error)?;
        let names: Vec<String> = result.column_specs().as_slice().iter().map(|c| c.name().to_string()).collect();
        let row = result.maybe_first_row::<Row>().map_err(cql_error)?.unwrap_or_default();
        let mut columns = HashMap::new();
        for (name, value) in names.into_iter().zip(row.columns) {
            if let Some(v) = value {
                columns.insert(name, v);
            }
        }
        let applied = columns.get("[applied]").and_then(CqlValue::as_boolean).unwrap_or(false);
        Ok((applied, columns))
    }

    async fn load_conversation(&self, id: &str) -> Result<Option<Conversation>, StoreError> {
        let rows: Vec<ConversationRow> = self.rows(&statements::CONVERSATION_GET, (id,)).await?;
        Ok(rows.into_iter().next().map(conversation_of))
    }

    async fn member(&self, conversation_id: &str, account_id: i64) -> Result<Option<Member>, StoreError> {
        let rows: Vec<MemberRow> = self.rows(&statements::MEMBER_GET, (account_id, conversation_id)).await?;
        Ok(rows.into_iter().next().map(Member::from))
    }

    async fn load_message(&self, conversation_id: &str, message_id: &str) -> Result<Option<ChatMessage>, StoreError> {
        let Some(millis) = message_millis(message_id) else { return Ok(None) };
        let rows: Vec<MessageRow> =
            self.rows(&statements::MESSAGE_GET, (conversation_id, bucket_of(millis), message_id)).await?;
        rows.into_iter().next().map(message_of).transpose()
    }

    /// Messages after `after` and before `before` (both exclusive), walking week buckets newest
    /// first from `from_bucket` down to `to_bucket`: one partition per step.
    async fn walk_newest_first(
        &self,
        conversation_id: &str,
        before: Option<&str>,
        after: Option<&str>,
        from_bucket: i64,
        to_bucket: i64,
        limit: usize,
    ) -> Result<Vec<ChatMessage>, StoreError> {
        let upper = before.unwrap_or("~");
        let lower = after.unwrap_or("");
        let mut out = Vec::new();
        let mut bucket = from_bucket;
        while bucket >= to_bucket && out.len() < limit {
            let want = i32::try_from(limit - out.len()).unwrap_or(i32::MAX);
            let rows: Vec<MessageRow> =
                self.rows(&statements::MESSAGE_RANGE, (conversation_id, bucket, upper, lower, want)).await?;
            for row in rows {
                out.push(message_of(row)?);
            }
            bucket -= 1;
        }
        Ok(out)
    }

    /// Rewrites one party's row with `change`, compare-and-set on its markers; moves its entry
    /// in the activity list when the last activity changed. None when the account has no row.
    async fn change_member(
        &self,
        conversation_id: &str,
        account_id: i64,
        change: impl Fn(&mut Member),
    ) -> Result<Option<Member>, StoreError> {
        for _ in 0..CAS_ATTEMPTS {
            let Some(before) = self.member(conversation_id, account_id).await? else { return Ok(None) };
            let mut after = before.clone();
            change(&mut after);
            let (applied, _) = self
                .lwt(
                    &statements::MEMBER_UPDATE_IF,
                    (
                        after.last_activity,
                        &after.last_message_id,
                        &after.last_preview,
                        after.last_sender_id,
                        after.unread,
                        &after.read_upto,
                        &after.deleted_upto,
                        after.hidden,
                        account_id,
                        conversation_id,
                        &before.last_message_id,
                        &before.read_upto,
                        &before.deleted_upto,
                    ),
                )
                .await?;
            if !applied {
                continue;
            }
            if after.last_activity != before.last_activity {
                self.run(&statements::ACTIVITY_INSERT, (account_id, after.last_activity, conversation_id)).await?;
                self.run(&statements::ACTIVITY_DELETE, (account_id, before.last_activity, conversation_id)).await?;
            }
            return Ok(Some(after));
        }
        Err(StoreError::Conflict(format!("conversation {conversation_id}: too many concurrent changes")))
    }

    async fn view_of(
        &self,
        conversation: Conversation,
        member: Member,
        account_id: i64,
    ) -> Result<ConversationView, StoreError> {
        let other_read_upto = match conversation.other_party(account_id) {
            Some(other) => self.member(&conversation.conversation_id, other).await?.and_then(|m| m.read_upto),
            None => None,
        };
        Ok(ConversationView {
            conversation,
            account_id,
            last_activity: member.last_activity,
            last_message_id: member.last_message_id,
            last_preview: member.last_preview,
            last_sender_id: member.last_sender_id,
            unread: member.unread.max(0) as u32,
            read_upto: member.read_upto,
            other_read_upto,
        })
    }

    async fn create_member(
        &self,
        conversation_id: &str,
        account_id: i64,
        at: i64,
        hidden: bool,
    ) -> Result<(), StoreError> {
        let (applied, _) = self.lwt(&statements::MEMBER_CREATE, (account_id, conversation_id, at, hidden)).await?;
        if applied {
            self.run(&statements::ACTIVITY_INSERT, (account_id, at, conversation_id)).await?;
        }
        Ok(())
    }
}

#[async_trait]
impl ChatStore for ScyllaChatStore {
    async fn find_chat_ad(&self, list_id: i64) -> Result<Option<ChatAd>, StoreError> {
        self.ads.find_chat_ad(list_id).await
    }

    async fn open_conversation(&self, ad: ChatAd, starter: Starter) -> Result<(Conversation, bool), StoreError> {
        let candidate = uuid::Uuid::now_v7().to_string();
        let (applied, existing) =
            self.lwt(&statements::CONVERSATION_KEY_CLAIM, (ad.list_id, starter_key(&starter), &candidate)).await?;
        let now = now_millis();
        let (buyer_id, visitor_email) = match &starter {
            Starter::Account(b) => (Some(*b), None),
            Starter::Visitor { email } => (None, Some(email.clone())),
        };
        if !applied {
            let id = existing
                .get("conversation_id")
                .and_then(CqlValue::as_text)
                .cloned()
                .ok_or_else(|| StoreError::Corrupt("conversation key without id".into()))?;
            if let Some(buyer) = buyer_id {
                self.change_member(&id, buyer, |m| m.hidden = false).await?;
            }
            // A process that claimed the key may still be writing the row: read until it is there.
            for _ in 0..20 {
                if let Some(conv) = self.load_conversation(&id).await? {
                    return Ok((conv, false));
                }
                tokio::time::sleep(std::time::Duration::from_millis(25)).await;
            }
            return Err(StoreError::Corrupt(format!("conversation {id} claimed but not written")));
        }
        self.run(
            &statements::CONVERSATION_INSERT,
            (&candidate, ad.list_id, &ad.ad_id, &ad.title, &ad.image, buyer_id, &visitor_email, ad.account_id, now),
        )
        .await?;
        // The seller's row appears with the first message; the starter's at once.
        self.create_member(&candidate, ad.account_id, now, true).await?;
        if let Some(b) = buyer_id {
            self.create_member(&candidate, b, now, false).await?;
        }
        let conv = self
            .load_conversation(&candidate)
            .await?
            .ok_or_else(|| StoreError::Corrupt("conversation not stored".into()))?;
        Ok((conv, true))
    }

    async fn conversation(&self, conversation_id: &str) -> Result<Option<Conversation>, StoreError> {
        self.load_conversation(conversation_id).await
    }

    async fn append_message(&self, m: NewMessage) -> Result<Appended, StoreError> {
        let conv = self
            .load_conversation(&m.conversation_id)
            .await?
            .ok_or_else(|| StoreError::Corrupt(format!("no conversation {}", m.conversation_id)))?;
        let message_id = uuid::Uuid::now_v7().to_string();
        let (claimed, earlier) = self
            .lwt(&statements::CLIENT_ID_CLAIM, (m.sender_id, &m.client_message_id, &m.conversation_id, &message_id))
            .await?;
        if !claimed {
            let text = |k: &str| earlier.get(k).and_then(CqlValue::as_text).cloned().unwrap_or_default();
            let (conversation_id, earlier_id) = (text("conversation_id"), text("message_id"));
            if conversation_id != m.conversation_id {
                return Err(StoreError::Conflict(format!(
                    "client message id {} already used in another conversation",
                    m.client_message_id
                )));
            }
            // The earlier try may still be writing its message: give it a moment.
            for _ in 0..20 {
                if let Some(message) = self.load_message(&conversation_id, &earlier_id).await? {
                    return Ok(Appended { message, duplicate: true });
                }
                tokio::time::sleep(std::time::Duration::from_millis(25)).await;
            }
            return Err(StoreError::Corrupt(format!("message {earlier_id} claimed but not written")));
        }
        let sent_at = message_millis(&message_id).unwrap_or_else(now_millis);
        let attachment = rules::attachment_json(&m)?;
        self.run(
            &statements::MESSAGE_INSERT,
            (
                &m.conversation_id,
                bucket_of(sent_at),
                &message_id,
                m.sender_id,
                &m.client_message_id,
                &m.text,
                &attachment,
            ),
        )
        .await?;
        for party in [conv.buyer_id, Some(conv.seller_id)].into_iter().flatten() {
            let is_sender = party == m.sender_id;
            self.change_member(&m.conversation_id, party, |row| {
                row.last_activity = sent_at;
                row.last_message_id = Some(message_id.clone());
                row.last_preview = Some(m.preview.clone());
                row.last_sender_id = Some(m.sender_id);
                row.hidden = false;
                if is_sender {
                    row.unread = 0;
                    row.read_upto = Some(message_id.clone());
                } else {
                    row.unread = row.unread.saturating_add(1);
                }
            })
            .await?;
        }
        Ok(Appended { message: rules::stored(m, message_id, sent_at), duplicate: false })
    }

    async fn view(&self, conversation_id: &str, account_id: i64) -> Result<Option<ConversationView>, StoreError> {
        let Some(member) = self.member(conversation_id, account_id).await? else { return Ok(None) };
        let Some(conv) = self.load_conversation(conversation_id).await? else { return Ok(None) };
        Ok(Some(self.view_of(conv, member, account_id).await?))
    }

    async fn conversations_of(&self, account_id: i64, limit: u32) -> Result<Vec<ConversationView>, StoreError> {
        // The list partition is newest first; hidden rows are skipped, so read a margin more.
        let want = i32::try_from(limit.saturating_mul(2).max(limit)).unwrap_or(i32::MAX);
        let ids: Vec<(String,)> = self.rows(&statements::ACTIVITY_LIST, (account_id, want)).await?;
        let mut out = Vec::new();
        for (id,) in ids {
            if out.len() >= limit as usize {
                break;
            }
            let Some(member) = self.member(&id, account_id).await? else { continue };
            if member.hidden {
                continue;
            }
            let Some(conv) = self.load_conversation(&id).await? else { continue };
            out.push(self.view_of(conv, member, account_id).await?);
        }
        Ok(out)
    }

    async fn messages(
        &self,
        conversation_id: &str,
        account_id: i64,
        before: Option<&str>,
        limit: u32,
    ) -> Result<Vec<ChatMessage>, StoreError> {
        let Some(member) = self.member(conversation_id, account_id).await? else { return Ok(Vec::new()) };
        let Some(conv) = self.load_conversation(conversation_id).await? else { return Ok(Vec::new()) };
        let Some((from, to)) = rules::history_buckets(before, member.deleted_upto.as_deref(), conv.created_at) else {
            return Ok(Vec::new());
        };
        self.walk_newest_first(conversation_id, before, member.deleted_upto.as_deref(), from, to, limit as usize).await
    }

    async fn messages_since(&self, account_id: i64, since: &str, limit: u32) -> Result<Vec<ChatMessage>, StoreError> {
        let Some(since_ms) = message_millis(since) else { return Ok(Vec::new()) };
        let members: Vec<MemberRow> = self.rows(&statements::MEMBERS_OF_ACCOUNT, (account_id,)).await?;
        let now_bucket = bucket_of(now_millis()) + 1;
        let mut out = Vec::new();
        for member in members.into_iter().map(Member::from) {
            if member.last_activity < since_ms || member.last_message_id.as_deref().is_none_or(|id| id <= since) {
                continue;
            }
            let after = rules::catch_up_after(since, member.deleted_upto);
            let found = self
                .walk_newest_first(
                    &member.conversation_id,
                    None,
                    Some(&after),
                    now_bucket,
                    bucket_of(since_ms),
                    limit as usize,
                )
                .await?;
            out.extend(found);
        }
        out.sort_by(|a, b| a.message_id.cmp(&b.message_id));
        out.truncate(limit as usize);
        Ok(out)
    }

    async fn mark_read(
        &self,
        conversation_id: &str,
        account_id: i64,
        message_id: &str,
    ) -> Result<Option<ConversationView>, StoreError> {
        if self.member(conversation_id, account_id).await?.is_none()
            || self.load_message(conversation_id, message_id).await?.is_none()
        {
            return Ok(None);
        }
        let Some(conv) = self.load_conversation(conversation_id).await? else { return Ok(None) };
        for _ in 0..CAS_ATTEMPTS {
            let Some(member) = self.member(conversation_id, account_id).await? else { return Ok(None) };
            let upto = match &member.read_upto {
                Some(r) if r.as_str() >= message_id => r.clone(),
                _ => message_id.to_string(),
            };
            // Unread = the other party's messages after the marker.
            let from = bucket_of(now_millis()) + 1;
            let to = message_millis(&upto).map(bucket_of).unwrap_or(bucket_of(conv.created_at));
            let newer = self.walk_newest_first(conversation_id, None, Some(&upto), from, to, 10_000).await?;
            let unread = newer.iter().filter(|m| m.sender_id != account_id).count() as i32;
            let last_seen = member.last_message_id.clone();
            let changed = self
                .change_member(conversation_id, account_id, |row| {
                    row.read_upto = Some(upto.clone());
                    row.unread = unread;
                })
                .await?;
            // A message arrived between the count and the write: count again.
            match changed {
                Some(row) if row.last_message_id == last_seen => return self.view(conversation_id, account_id).await,
                Some(_) => continue,
                None => return Ok(None),
            }
        }
        self.view(conversation_id, account_id).await
    }

    async fn set_blocked(
        &self,
        conversation_id: &str,
        account_id: i64,
        blocked: bool,
    ) -> Result<Option<Conversation>, StoreError> {
        let Some(conv) = self.load_conversation(conversation_id).await? else { return Ok(None) };
        let statement = if conv.seller_id == account_id {
            &statements::CONVERSATION_BLOCK_BY_SELLER
        } else if conv.buyer_id == Some(account_id) {
            &statements::CONVERSATION_BLOCK_BY_BUYER
        } else {
            return Ok(None);
        };
        self.run(statement, (blocked, conversation_id)).await?;
        self.load_conversation(conversation_id).await
    }

    async fn delete_for(&self, conversation_id: &str, account_id: i64) -> Result<bool, StoreError> {
        let changed = self
            .change_member(conversation_id, account_id, |row| {
                row.hidden = true;
                row.unread = 0;
                row.deleted_upto = row.last_message_id.clone();
                if row.last_message_id.is_some() {
                    row.read_upto = row.last_message_id.clone();
                }
            })
            .await?;
        Ok(changed.is_some())
    }

    async fn unread_total(&self, account_id: i64) -> Result<u32, StoreError> {
        let members: Vec<MemberRow> = self.rows(&statements::MEMBERS_OF_ACCOUNT, (account_id,)).await?;
        let total: i64 = members.into_iter().map(Member::from).filter(|m| !m.hidden).map(|m| i64::from(m.unread)).sum();
        Ok(total.clamp(0, i64::from(u32::MAX)) as u32)
    }
}
