//! Stored chat (design §2, query-first): conversations between a buyer and a seller about an ad,
//! each party's view of its conversations clustered by last activity, messages partitioned by
//! (conversation, week bucket) with time-ordered UUIDv7 ids read newest first, read markers,
//! blocks, per-account deletion, and the (sender, client message id) index that makes a retried
//! send idempotent. The `ChatStore` trait is what every backend implements; the conformance suite
//! is `storage/tests/chat_conformance.rs`. Authorisation is the caller's job: the store answers
//! `None`/empty for a conversation an account is not part of, never another party's data.

use crate::error::StoreError;
use async_trait::async_trait;
use serde::{Deserialize, Serialize};

/// The account id written as the sender of a message a visitor sent without an account.
pub const VISITOR_SENDER: i64 = 0;

/// The ad a conversation is about, as the chat needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatAd {
    pub ad_id: String,
    pub list_id: i64,
    /// The seller.
    pub account_id: i64,
    pub title: String,
    pub image: Option<String>,
    pub status: String,
}

/// Who starts a conversation: a signed-in buyer, or a visitor known by e-mail alone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Starter {
    Account(i64),
    Visitor { email: String },
}

/// A conversation, the same for both parties.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conversation {
    pub conversation_id: String,
    pub list_id: i64,
    pub ad_id: String,
    pub ad_title: String,
    pub ad_image: Option<String>,
    /// None for a visitor's conversation.
    pub buyer_id: Option<i64>,
    pub visitor_email: Option<String>,
    pub seller_id: i64,
    /// Milliseconds since the epoch.
    pub created_at: i64,
    pub buyer_blocked: bool,
    pub seller_blocked: bool,
}

impl Conversation {
    /// Whether `account_id` is one of the two parties.
    pub fn has_party(&self, account_id: i64) -> bool {
        self.seller_id == account_id || self.buyer_id == Some(account_id)
    }

    /// The other party of `account_id` (None for a visitor).
    pub fn other_party(&self, account_id: i64) -> Option<i64> {
        if self.seller_id == account_id { self.buyer_id } else { Some(self.seller_id) }
    }

    /// Whether either party blocked the other.
    pub fn is_blocked(&self) -> bool {
        self.buyer_blocked || self.seller_blocked
    }

    /// Whether `account_id` is the one who blocked.
    pub fn blocked_by(&self, account_id: i64) -> bool {
        (self.seller_id == account_id && self.seller_blocked)
            || (self.buyer_id == Some(account_id) && self.buyer_blocked)
    }
}

/// A file attached to a message, stored in the media store under `key`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredAttachment {
    pub key: String,
    pub name: String,
    pub content_type: String,
    pub size: u64,
}

/// A stored message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatMessage {
    /// UUIDv7: ordering ids orders messages by time.
    pub message_id: String,
    pub conversation_id: String,
    pub sender_id: i64,
    pub client_message_id: String,
    pub text: Option<String>,
    pub attachment: Option<StoredAttachment>,
    /// Milliseconds since the epoch (the id's timestamp).
    pub sent_at: i64,
}

/// A message to append.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMessage {
    pub conversation_id: String,
    pub sender_id: i64,
    pub client_message_id: String,
    pub text: Option<String>,
    pub attachment: Option<StoredAttachment>,
    /// Text shown in the conversation list.
    pub preview: String,
}

/// The result of an append: the message, and whether it was already stored by an earlier try.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Appended {
    pub message: ChatMessage,
    pub duplicate: bool,
}

/// One account's view of a conversation (its row in the list).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConversationView {
    pub conversation: Conversation,
    pub account_id: i64,
    pub last_activity: i64,
    pub last_message_id: Option<String>,
    pub last_preview: Option<String>,
    pub last_sender_id: Option<i64>,
    pub unread: u32,
    /// The last message this account has read.
    pub read_upto: Option<String>,
    /// The last message the other party has read (read receipts).
    pub other_read_upto: Option<String>,
}

/// Chat persistence. Every method is one partition or index-range read, or one transaction.
#[async_trait]
pub trait ChatStore: Send + Sync + 'static {
    /// The ad of a list id, for starting a conversation (None when unknown).
    async fn find_chat_ad(&self, list_id: i64) -> Result<Option<ChatAd>, StoreError>;

    /// The conversation of this starter about this ad, created when absent; true when created.
    /// A conversation the starter deleted for itself is shown again.
    async fn open_conversation(&self, ad: ChatAd, starter: Starter) -> Result<(Conversation, bool), StoreError>;

    async fn conversation(&self, conversation_id: &str) -> Result<Option<Conversation>, StoreError>;

    /// Appends a message (id made here, time-ordered), updates both parties' rows (last activity,
    /// preview, the recipient's unread count; a conversation deleted by either party reappears
    /// with the new message only). The same (sender, client message id) again answers the stored
    /// message with `duplicate: true` and changes nothing. Durable when this returns.
    async fn append_message(&self, message: NewMessage) -> Result<Appended, StoreError>;

    /// Appends several messages in order, in ONE transaction (group commit): each answer is
    /// that of `append_message` for its message (one failing leaves the others), and every
    /// message is durable when this returns. The outer error means none was stored.
    async fn append_messages(
        &self,
        messages: Vec<NewMessage>,
    ) -> Result<Vec<Result<Appended, StoreError>>, StoreError> {
        let mut answers = Vec::with_capacity(messages.len());
        for m in messages {
            answers.push(self.append_message(m).await);
        }
        Ok(answers)
    }

    /// One account's row for one conversation; None when the account is not a party.
    async fn view(&self, conversation_id: &str, account_id: i64) -> Result<Option<ConversationView>, StoreError>;

    /// An account's conversations, most recent activity first, without the deleted ones.
    async fn conversations_of(&self, account_id: i64, limit: u32) -> Result<Vec<ConversationView>, StoreError>;

    /// Messages of a conversation visible to `account_id`, newest first, older than `before`.
    async fn messages(
        &self,
        conversation_id: &str,
        account_id: i64,
        before: Option<&str>,
        limit: u32,
    ) -> Result<Vec<ChatMessage>, StoreError>;

    /// Messages newer than `since` in every conversation of `account_id`, oldest first.
    async fn messages_since(&self, account_id: i64, since: &str, limit: u32) -> Result<Vec<ChatMessage>, StoreError>;

    /// Marks the conversation read by `account_id` up to `message_id` (never backwards);
    /// answers the account's row after the change. None when not a party or unknown message.
    async fn mark_read(
        &self,
        conversation_id: &str,
        account_id: i64,
        message_id: &str,
    ) -> Result<Option<ConversationView>, StoreError>;

    /// Sets or clears `account_id`'s block; answers the conversation (None when not a party).
    async fn set_blocked(
        &self,
        conversation_id: &str,
        account_id: i64,
        blocked: bool,
    ) -> Result<Option<Conversation>, StoreError>;

    /// Deletes the conversation for `account_id` only: it leaves the list, its messages so far
    /// are hidden for that account. false when not a party.
    async fn delete_for(&self, conversation_id: &str, account_id: i64) -> Result<bool, StoreError>;

    /// Unread messages over every conversation of the account.
    async fn unread_total(&self, account_id: i64) -> Result<u32, StoreError>;
}

/// What every backend shares about storing and reading messages: the clock, the JSON of an
/// attachment, the message an append answers, and which week buckets a read walks.
pub(crate) mod rules {
    use super::{ChatMessage, NewMessage, StoredAttachment, message_millis};
    use crate::error::StoreError;
    use souk_domain::chat::bucket_of;

    /// Milliseconds since the epoch, now.
    pub fn now_millis() -> i64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
            .unwrap_or(0)
    }

    /// The attachment as stored (JSON), if any.
    pub fn attachment_json(m: &NewMessage) -> Result<Option<String>, StoreError> {
        m.attachment
            .as_ref()
            .map(|a| serde_json::to_string(a).map_err(|e| StoreError::Corrupt(e.to_string())))
            .transpose()
    }

    /// The stored attachment of message `message_id` read back from its JSON.
    pub fn attachment_of(message_id: &str, json: Option<String>) -> Result<Option<StoredAttachment>, StoreError> {
        json.map(|json| {
            serde_json::from_str::<StoredAttachment>(&json)
                .map_err(|e| StoreError::Corrupt(format!("attachment of {message_id}: {e}")))
        })
        .transpose()
    }

    /// The message an append stored, under its new id sent at `sent_at` (the id's time).
    pub fn stored(m: NewMessage, message_id: String, sent_at: i64) -> ChatMessage {
        ChatMessage {
            message_id,
            conversation_id: m.conversation_id,
            sender_id: m.sender_id,
            client_message_id: m.client_message_id,
            text: m.text,
            attachment: m.attachment,
            sent_at,
        }
    }

    /// The week buckets a history page walks, newest first: from the bucket of `before` (or the
    /// current one) down to the conversation's first, or the one of the reader's deletion mark.
    /// None when `before` is not a message id.
    pub fn history_buckets(before: Option<&str>, deleted_upto: Option<&str>, created_at: i64) -> Option<(i64, i64)> {
        let from = match before {
            Some(b) => bucket_of(message_millis(b)?),
            None => bucket_of(now_millis()) + 1,
        };
        let first = bucket_of(created_at);
        let to = deleted_upto.and_then(message_millis).map(bucket_of).unwrap_or(first).max(first);
        Some((from, to))
    }

    /// Where catching up after `since` starts in one conversation: after the reader's deletion
    /// mark when it is later.
    pub fn catch_up_after(since: &str, deleted_upto: Option<String>) -> String {
        match deleted_upto {
            Some(d) if d.as_str() > since => d,
            _ => since.to_string(),
        }
    }
}

/// The milliseconds since the epoch of a UUIDv7 message id; None for anything else.
pub fn message_millis(message_id: &str) -> Option<i64> {
    uuid_millis(&uuid::Uuid::parse_str(message_id).ok()?)
}

/// The milliseconds since the epoch of a UUIDv7; None for another version.
pub fn uuid_millis(id: &uuid::Uuid) -> Option<i64> {
    if id.get_version_num() != 7 {
        return None;
    }
    let (secs, nanos) = id.get_timestamp()?.to_unix();
    i64::try_from(secs).ok()?.checked_mul(1000)?.checked_add(i64::from(nanos / 1_000_000))
}
