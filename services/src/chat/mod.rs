//! The chat use cases (spec §2 messaging, §6, §8): start a conversation about an ad, send text
//! and attachments, read receipts, typing, the conversation list with unread counts and the
//! other party's presence, history paging, catch-up after a reconnect, block/unblock, delete for
//! oneself, and the visitor's message to a seller. Each public function is one operation and
//! checks who is asking; the socket events and the GraphQL operations both call these.

mod seller_message;

pub use seller_message::{
    PURGE_EVERY, SellerMessage, SellerMessageOutcome, VisitorConfirmation, VisitorMessageRules, job_handlers,
    visitor_message_purge,
};

use crate::accounts::service::Caller;
use crate::notify::Mailer;
use crate::stats::StatsService;
use serde_json::{Value, json};
use souk_actors::conversation::{ConversationActors, Render};
use souk_actors::fanout::{Fanout, Payload};
use souk_actors::presence::{PresenceState, presence_of};
use souk_domain::ad::AdStatus;
use souk_domain::chat::{
    ad_takes_messages, check_attachment, check_client_message_id, check_text, clean_file_name, no_ad_taking_messages,
    preview,
};
use souk_domain::stats::Metric;
use souk_domain::{ErrorCode, SoukError};
use souk_storage::accounts::AccountStore;
use souk_storage::chat::{
    ChatAd, ChatMessage, ChatStore, Conversation, ConversationView, NewMessage, Starter, StoredAttachment,
    message_millis,
};
use souk_storage::ephemeral::Ephemeral;
use souk_storage::media::MediaStore;
use souk_storage::visitor_messages::VisitorMessageStore;
use std::sync::Arc;
use std::time::Duration;

/// An attached image (`image`: JPEG, PNG, GIF or WebP) re-encoded as ad photos are
/// (services/src/media.rs): a decompression or animation bomb is `too_large`, a file that does
/// not decode `wrong`. Other files go as they are.
pub(crate) async fn reencoded(
    bytes: Vec<u8>,
    image: bool,
    too_large: ErrorCode,
    wrong: ErrorCode,
) -> Result<Vec<u8>, SoukError> {
    if !image {
        return Ok(bytes);
    }
    let done = tokio::task::spawn_blocking(move || crate::media::reencode_attachment(&bytes))
        .await
        .map_err(SoukError::internal)?;
    done.map_err(|e| match e {
        crate::media::ImageError::TooLarge { .. } | crate::media::ImageError::TooManyPixels => {
            SoukError::with_detail(too_large, e.to_string())
        }
        other => SoukError::with_detail(wrong, other.to_string()),
    })
}

/// The most messages one history page or one catch-up returns.
pub const MAX_PAGE: u32 = 200;
/// The most conversations listed.
pub const MAX_CONVERSATIONS: u32 = 200;

/// A file sent with a message: its bytes and the name the sender gave it.
#[derive(Debug, Clone)]
pub struct Upload {
    pub name: Option<String>,
    pub bytes: Vec<u8>,
}

/// A message to send.
#[derive(Debug, Clone, Default)]
pub struct Outgoing {
    pub client_message_id: String,
    pub text: Option<String>,
    pub attachment: Option<Upload>,
}

/// A conversation as one party sees it in the list.
#[derive(Debug, Clone)]
pub struct ConversationItem {
    pub view: ConversationView,
    /// The other party's account and name (None for a visitor, whose e-mail is on the conversation).
    pub other_id: Option<i64>,
    pub other_name: Option<String>,
    pub other_presence: PresenceState,
}

/// What the chat needs to run.
pub struct ChatDeps {
    pub store: Arc<dyn ChatStore>,
    pub accounts: Arc<dyn AccountStore>,
    pub media: Arc<dyn MediaStore>,
    pub ephemeral: Arc<dyn Ephemeral>,
    pub fanout: Fanout,
    pub mailer: Arc<dyn Mailer>,
    /// Where links in e-mails point.
    pub public_base_url: String,
    /// How long a conversation actor lives without activity.
    pub conversation_idle: Duration,
    /// Counts new conversations in the ad's statistics.
    pub stats: Arc<StatsService>,
    /// Visitor messages waiting for their link, confirmed senders, seller digests.
    pub visitors: Arc<dyn VisitorMessageStore>,
    pub visitor_rules: VisitorMessageRules,
}

pub struct ChatService {
    store: Arc<dyn ChatStore>,
    accounts: Arc<dyn AccountStore>,
    media: Arc<dyn MediaStore>,
    ephemeral: Arc<dyn Ephemeral>,
    fanout: Fanout,
    mailer: Arc<dyn Mailer>,
    public_base_url: String,
    conversations: ConversationActors,
    render: Render,
    stats: Arc<StatsService>,
    visitors: Arc<dyn VisitorMessageStore>,
    visitor_rules: VisitorMessageRules,
}

/// A message as `chat:message` carries it and acknowledgements return it (docs/realtime.md).
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct MessageOut<'a> {
    id: &'a str,
    conversation_id: &'a str,
    sender_id: i64,
    text: Option<&'a str>,
    attachment: Option<AttachmentOut<'a>>,
    sent_at: i64,
    client_message_id: &'a str,
}

#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct AttachmentOut<'a> {
    name: &'a str,
    content_type: &'a str,
    size: u64,
    url: String,
}

fn message_out<'a>(m: &'a ChatMessage, media: &dyn MediaStore) -> MessageOut<'a> {
    MessageOut {
        id: &m.message_id,
        conversation_id: &m.conversation_id,
        sender_id: m.sender_id,
        text: m.text.as_deref(),
        attachment: m.attachment.as_ref().map(|a| AttachmentOut {
            name: &a.name,
            content_type: &a.content_type,
            size: a.size,
            url: media.public_path(&a.key),
        }),
        sent_at: m.sent_at,
        client_message_id: &m.client_message_id,
    }
}

/// The JSON of a message, as `chat:message` carries it and acknowledgements return it.
pub fn message_json(m: &ChatMessage, media: &dyn MediaStore) -> Value {
    serde_json::to_value(message_out(m, media)).unwrap_or(Value::Null)
}

/// The same JSON as text, written straight from the message (the real-time hot path).
pub fn message_payload(m: &ChatMessage, media: &dyn MediaStore) -> Payload {
    Payload::from_json_text(serde_json::to_string(&message_out(m, media)).unwrap_or_else(|_| "null".into()))
}

fn not_found() -> SoukError {
    SoukError::new(ErrorCode::ConversationNotFound)
}

/// A conversation id as clients send it: a UUID, else no conversation at all.
fn conversation_id(id: &str) -> Result<String, SoukError> {
    uuid::Uuid::parse_str(id).map(|u| u.to_string()).map_err(|_| not_found())
}

fn message_id(id: &str) -> Result<String, SoukError> {
    let parsed =
        uuid::Uuid::parse_str(id).map_err(|_| SoukError::with_detail(ErrorCode::InvalidArgument, "messageId"))?;
    let id = parsed.to_string();
    message_millis(&id).map(|_| id).ok_or_else(|| SoukError::with_detail(ErrorCode::InvalidArgument, "messageId"))
}

impl ChatService {
    /// Must be called inside an actix system (it starts the conversation actors' hub).
    pub fn new(deps: ChatDeps) -> ChatService {
        let media = Arc::clone(&deps.media);
        let render: Render = Arc::new(move |m: &ChatMessage| message_payload(m, media.as_ref()));
        let conversations = ConversationActors::new(
            Arc::clone(&deps.store),
            deps.fanout.clone(),
            Arc::clone(&render),
            deps.conversation_idle,
        );
        ChatService {
            store: deps.store,
            accounts: deps.accounts,
            media: deps.media,
            ephemeral: deps.ephemeral,
            fanout: deps.fanout,
            mailer: deps.mailer,
            public_base_url: deps.public_base_url,
            conversations,
            render,
            stats: deps.stats,
            visitors: deps.visitors,
            visitor_rules: deps.visitor_rules,
        }
    }

    pub fn fanout(&self) -> &Fanout {
        &self.fanout
    }

    /// How many conversation actors are live on this node.
    pub fn live_conversations(&self) -> usize {
        self.conversations.live_count()
    }

    /// The message JSON with this node's media URLs.
    pub fn render(&self, m: &ChatMessage) -> Value {
        message_json(m, self.media.as_ref())
    }

    /// The message as the `chat:message` payload (serialised once).
    pub fn payload(&self, m: &ChatMessage) -> Payload {
        (self.render)(m)
    }

    /// Checks the message's parts before anything is stored.
    fn checked(
        &self,
        out: &Outgoing,
    ) -> Result<(Option<String>, Option<souk_domain::chat::AttachmentKind>), SoukError> {
        check_client_message_id(&out.client_message_id)?;
        let kind = out.attachment.as_ref().map(|a| check_attachment(&a.bytes)).transpose()?;
        let text = check_text(out.text.as_deref(), kind.is_some())?;
        Ok((text, kind))
    }

    /// Stores the attachment's bytes under the conversation (a JPEG or PNG re-encoded first).
    async fn store_attachment(
        &self,
        conversation_id: &str,
        upload: Upload,
        kind: souk_domain::chat::AttachmentKind,
    ) -> Result<StoredAttachment, SoukError> {
        use souk_domain::chat::AttachmentKind;
        let image = kind != AttachmentKind::Pdf;
        let bytes = reencoded(upload.bytes, image, ErrorCode::AttachmentTooLarge, ErrorCode::AttachmentType).await?;
        let key = format!("chat/{conversation_id}/{}.{}", uuid::Uuid::new_v4(), kind.extension());
        let name = clean_file_name(upload.name.as_deref(), kind.extension());
        let size = bytes.len() as u64;
        self.media.put(&key, bytes, kind.content_type()).await.map_err(SoukError::internal)?;
        Ok(StoredAttachment { key, name, content_type: kind.content_type().to_owned(), size })
    }

    /// Posts through the conversation's actor; a refused post leaves no attachment behind.
    async fn post(&self, caller: i64, conversation_id: &str, out: Outgoing) -> Result<ChatMessage, SoukError> {
        let (text, kind) = self.checked(&out)?;
        // With a file, the party and block checks come before any byte is stored (the actor
        // checks again, and alone for text: one round trip less per message).
        if kind.is_some() {
            let conv = self.conversations.conversation(conversation_id, caller).await?;
            if conv.is_blocked() {
                return Err(SoukError::new(ErrorCode::ConversationBlocked));
            }
        }
        let attachment = match (out.attachment, kind) {
            (Some(upload), Some(kind)) => Some(self.store_attachment(conversation_id, upload, kind).await?),
            _ => None,
        };
        let message = NewMessage {
            conversation_id: conversation_id.to_owned(),
            sender_id: caller,
            client_message_id: out.client_message_id,
            preview: preview(text.as_deref(), attachment.as_ref().map(|a| a.name.as_str())),
            text,
            attachment: attachment.clone(),
        };
        match self.conversations.post(caller, message).await {
            Ok(appended) => {
                if appended.duplicate
                    && let Some(a) = attachment
                {
                    // The retry's copy of the file is not the stored one.
                    let _ = self.media.delete(&a.key).await;
                }
                Ok(appended.message)
            }
            Err(e) => {
                if let Some(a) = attachment {
                    let _ = self.media.delete(&a.key).await;
                }
                Err(e)
            }
        }
    }

    /// The ad of `list_id` if it takes new conversations and visitor messages (a public ad);
    /// any other is answered exactly as an unknown list id.
    async fn ad_taking_messages(&self, list_id: i64) -> Result<ChatAd, SoukError> {
        match self.store.find_chat_ad(list_id).await.map_err(SoukError::internal)? {
            Some(ad) if AdStatus::parse(&ad.status).is_some_and(ad_takes_messages) => Ok(ad),
            _ => Err(no_ad_taking_messages()),
        }
    }

    /// `chat:open`: the caller's conversation about the ad of `list_id` (created on first use)
    /// with a first message. Only a public ad takes one; a seller cannot start one about their
    /// own ad.
    pub async fn open(
        &self,
        caller: &Caller,
        list_id: i64,
        out: Outgoing,
    ) -> Result<(ConversationView, ChatMessage), SoukError> {
        self.checked(&out)?;
        let ad = self.ad_taking_messages(list_id).await?;
        if ad.account_id == caller.account_id() {
            return Err(SoukError::new(ErrorCode::CannotMessageOwnAd));
        }
        let (seller, ad_id) = (ad.account_id, ad.ad_id.clone());
        let (conv, created) = self
            .store
            .open_conversation(ad, Starter::Account(caller.account_id()))
            .await
            .map_err(SoukError::internal)?;
        if created {
            self.stats.count(seller, Some(&ad_id), Metric::Conversation);
        }
        let message = self.post(caller.account_id(), &conv.conversation_id, out).await?;
        let view = self
            .store
            .view(&conv.conversation_id, caller.account_id())
            .await
            .map_err(SoukError::internal)?
            .ok_or_else(not_found)?;
        Ok((view, message))
    }

    /// `chat:send`: a message in a conversation of the caller. Acknowledged once durable;
    /// the same client message id again returns the stored message.
    pub async fn send(&self, caller: &Caller, conversation: &str, out: Outgoing) -> Result<ChatMessage, SoukError> {
        let id = conversation_id(conversation)?;
        self.post(caller.account_id(), &id, out).await
    }

    /// `chat:send` of a text message, pipelined: checks it and queues it to the conversation
    /// (at once when the conversation's actor runs, else once the caller's membership is
    /// checked; messages queued by one caller, each call awaited before the next, keep its
    /// order), and answers a future that resolves once it is durable, so a socket need not wait
    /// for one message to be stored before sending the next. A message with a file goes through `send` instead. `origin` is the
    /// socket it came from: it gets the answer (the rendered `chat:message` payload) and not the
    /// event itself; the caller's other sockets and the other party get the event.
    pub async fn queue_send(
        &self,
        caller: &Caller,
        conversation: &str,
        out: Outgoing,
        origin: Option<String>,
    ) -> Result<impl std::future::Future<Output = Result<Payload, SoukError>> + Send + use<>, SoukError> {
        let id = conversation_id(conversation)?;
        if out.attachment.is_some() {
            return Err(SoukError::internal("queue_send takes text messages only"));
        }
        let (text, _) = self.checked(&out)?;
        let message = NewMessage {
            conversation_id: id,
            sender_id: caller.account_id(),
            client_message_id: out.client_message_id,
            preview: preview(text.as_deref(), None),
            text,
            attachment: None,
        };
        let answer = self.conversations.enqueue(caller.account_id(), message, origin).await?;
        Ok(async move {
            match answer.await {
                Ok(posted) => posted.map(|p| p.payload),
                Err(_) => Err(SoukError::with_detail(ErrorCode::InternalError, "conversation restarting")),
            }
        })
    }

    /// The bytes of a chat attachment (`/media/chat/{conversation}/{file}`), for the parties of
    /// its conversation only: anyone else gets `ConversationNotFound` and no byte.
    pub async fn attachment(&self, caller: &Caller, conversation: &str, file: &str) -> Result<Vec<u8>, SoukError> {
        let id = conversation_id(conversation)?;
        let conv = self.store.conversation(&id).await.map_err(SoukError::internal)?.ok_or_else(not_found)?;
        if !conv.has_party(caller.account_id()) {
            return Err(not_found());
        }
        let key = format!("chat/{id}/{file}");
        self.media
            .get(&key)
            .await
            .map_err(|_| SoukError::with_detail(ErrorCode::NotFound, "attachment"))?
            .ok_or_else(|| SoukError::with_detail(ErrorCode::NotFound, "attachment"))
    }

    /// `chat:read`: read receipt up to a message.
    pub async fn read(
        &self,
        caller: &Caller,
        conversation: &str,
        message: &str,
    ) -> Result<ConversationView, SoukError> {
        let id = conversation_id(conversation)?;
        let message = message_id(message)?;
        self.conversations.read(&id, caller.account_id(), message).await
    }

    /// `chat:typing`: relayed to the other party, nothing stored.
    pub async fn typing(&self, caller: &Caller, conversation: &str, typing: bool) -> Result<(), SoukError> {
        let id = conversation_id(conversation)?;
        self.conversations.typing(&id, caller.account_id(), typing).await
    }

    /// `chat:block` / `chat:unblock`: the caller's block of the other party.
    pub async fn set_blocked(
        &self,
        caller: &Caller,
        conversation: &str,
        blocked: bool,
    ) -> Result<Conversation, SoukError> {
        let id = conversation_id(conversation)?;
        self.conversations.block(&id, caller.account_id(), blocked).await
    }

    /// `chat:delete`: removes the conversation from the caller's list and hides its messages
    /// for the caller only.
    pub async fn delete(&self, caller: &Caller, conversation: &str) -> Result<(), SoukError> {
        let id = conversation_id(conversation)?;
        if self.store.delete_for(&id, caller.account_id()).await.map_err(SoukError::internal)? {
            self.fanout.deliver(caller.account_id(), "chat:deleted", json!({ "conversationId": id }));
            Ok(())
        } else {
            Err(not_found())
        }
    }

    /// `chat:sync`: what the caller missed since a message id, oldest first.
    pub async fn sync(&self, caller: &Caller, since: &str, limit: u32) -> Result<Vec<ChatMessage>, SoukError> {
        let since = message_id(since)?;
        self.store
            .messages_since(caller.account_id(), &since, limit.clamp(1, MAX_PAGE))
            .await
            .map_err(SoukError::internal)
    }

    /// History of a conversation of the caller, newest first, before a message id.
    pub async fn history(
        &self,
        caller: &Caller,
        conversation: &str,
        before: Option<&str>,
        limit: u32,
    ) -> Result<Vec<ChatMessage>, SoukError> {
        let id = conversation_id(conversation)?;
        let before = before.map(message_id).transpose()?;
        if self.store.view(&id, caller.account_id()).await.map_err(SoukError::internal)?.is_none() {
            return Err(not_found());
        }
        self.store
            .messages(&id, caller.account_id(), before.as_deref(), limit.clamp(1, MAX_PAGE))
            .await
            .map_err(SoukError::internal)
    }

    /// One conversation of the caller, as listed.
    pub async fn conversation(&self, caller: &Caller, conversation: &str) -> Result<ConversationItem, SoukError> {
        let id = conversation_id(conversation)?;
        let view =
            self.store.view(&id, caller.account_id()).await.map_err(SoukError::internal)?.ok_or_else(not_found)?;
        self.item(view).await
    }

    /// The caller's conversations, most recent first, with the other party's presence.
    pub async fn conversations(&self, caller: &Caller, limit: u32) -> Result<Vec<ConversationItem>, SoukError> {
        let views = self
            .store
            .conversations_of(caller.account_id(), limit.clamp(1, MAX_CONVERSATIONS))
            .await
            .map_err(SoukError::internal)?;
        let mut items = Vec::with_capacity(views.len());
        for view in views {
            items.push(self.item(view).await?);
        }
        Ok(items)
    }

    async fn item(&self, view: ConversationView) -> Result<ConversationItem, SoukError> {
        let other_id = view.conversation.other_party(view.account_id);
        let (other_name, other_presence) = match other_id {
            Some(other) => {
                let name =
                    self.accounts.find_account(other).await.map_err(SoukError::internal)?.map(|a| a.account.name);
                let presence = presence_of(self.ephemeral.as_ref(), other)
                    .await
                    .unwrap_or(PresenceState { online: false, last_seen: None });
                (name, presence)
            }
            None => (None, PresenceState { online: false, last_seen: None }),
        };
        Ok(ConversationItem { view, other_id, other_name, other_presence })
    }

    /// Unread messages over all the caller's conversations.
    pub async fn unread_total(&self, caller: &Caller) -> Result<u32, SoukError> {
        self.store.unread_total(caller.account_id()).await.map_err(SoukError::internal)
    }

    /// The presence of an account.
    pub async fn presence(&self, account_id: i64) -> PresenceState {
        presence_of(self.ephemeral.as_ref(), account_id)
            .await
            .unwrap_or(PresenceState { online: false, last_seen: None })
    }
}
