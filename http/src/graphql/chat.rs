//! GraphQL operations of chat, for clients without a socket (the same chat-service calls as the
//! `chat:*` socket events of `docs/realtime.md`): the conversation list with unread counts and
//! presence, history paging, catch-up, start/send/read/typing/block/unblock/delete, and the
//! visitor's `sendMessageToSeller`. Files (chat attachments, the CV) go through the multipart
//! routes of `rest/chat_upload.rs`, since the gateway's body limit is small.
//!
//! One representation per entity for both transports: a message is the JSON the chat service
//! renders for `chat:message` (`ChatService::render`), read into [`ChatMessageNode`]; a
//! conversation is [`ConversationNode`], which the socket events serialise as it is
//! (`realtime::conversation_json`).

use super::request::req;
use crate::state::AppState;
use async_graphql::{Context, Object, Result, SimpleObject};
use souk_domain::{ErrorCode, Lang};
use souk_services::chat::{ConversationItem, Outgoing, SellerMessage, SellerMessageOutcome};
use souk_storage::chat::ChatMessage;

/// A file attached to a message.
#[derive(SimpleObject, serde::Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ChatAttachmentNode {
    pub name: String,
    pub content_type: String,
    pub size: u64,
    pub url: String,
}

/// A chat message: the `chat:message` payload, read from the JSON the chat service renders.
#[derive(SimpleObject, serde::Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ChatMessageNode {
    pub id: String,
    pub conversation_id: String,
    /// 0 for a visitor who wrote without an account.
    pub sender_id: i64,
    pub text: Option<String>,
    pub attachment: Option<ChatAttachmentNode>,
    /// Milliseconds since the epoch.
    pub sent_at: i64,
    pub client_message_id: String,
}

fn message_node(m: &ChatMessage, state: &AppState) -> ChatMessageNode {
    let rendered = state.chat.render(m);
    serde_json::from_value(rendered).unwrap_or_else(|e| {
        // Both sides are this crate's and its service's: a test keeps them the same shape.
        tracing::error!(error = %e, message = %m.message_id, "the rendered message does not fit ChatMessageNode");
        ChatMessageNode {
            id: m.message_id.clone(),
            conversation_id: m.conversation_id.clone(),
            sender_id: m.sender_id,
            text: m.text.clone(),
            attachment: None,
            sent_at: m.sent_at,
            client_message_id: m.client_message_id.clone(),
        }
    })
}

/// The other party of a conversation, with presence.
#[derive(SimpleObject, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ChatPartyNode {
    pub account_id: Option<i64>,
    pub name: Option<String>,
    pub online: bool,
    pub last_seen: Option<i64>,
}

/// A conversation as the caller sees it, in GraphQL and in the socket events alike.
#[derive(SimpleObject, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ConversationNode {
    pub id: String,
    pub list_id: i64,
    pub ad_id: String,
    pub ad_title: String,
    pub ad_image: Option<String>,
    pub buyer_id: Option<i64>,
    pub seller_id: i64,
    pub visitor_email: Option<String>,
    pub other: ChatPartyNode,
    pub last_message_id: Option<String>,
    pub last_message_preview: Option<String>,
    /// Who wrote the last message (0 for a visitor).
    pub last_sender_id: Option<i64>,
    pub last_activity: i64,
    pub unread: u32,
    pub read_upto: Option<String>,
    pub other_read_upto: Option<String>,
    pub blocked: bool,
    pub blocked_by_me: bool,
}

pub fn conversation_node(item: ConversationItem) -> ConversationNode {
    let v = item.view;
    let c = v.conversation;
    ConversationNode {
        blocked: c.is_blocked(),
        blocked_by_me: c.blocked_by(v.account_id),
        id: c.conversation_id,
        list_id: c.list_id,
        ad_id: c.ad_id,
        ad_title: c.ad_title,
        ad_image: c.ad_image,
        buyer_id: c.buyer_id,
        seller_id: c.seller_id,
        visitor_email: c.visitor_email,
        other: ChatPartyNode {
            account_id: item.other_id,
            name: item.other_name,
            online: item.other_presence.online,
            last_seen: item.other_presence.last_seen,
        },
        last_message_id: v.last_message_id,
        last_message_preview: v.last_preview,
        last_sender_id: v.last_sender_id,
        last_activity: v.last_activity,
        unread: v.unread,
        read_upto: v.read_upto,
        other_read_upto: v.other_read_upto,
    }
}

#[derive(SimpleObject)]
pub struct StartConversationPayload {
    pub conversation: ConversationNode,
    pub message: ChatMessageNode,
}

#[derive(SimpleObject)]
pub struct ReadPayload {
    pub unread: u32,
    pub unread_total: u32,
}

/// The answer to the message form, and the visitor invited to create an account. Either
/// delivered (`sent`, `code` EMAIL_MATCHES_NO_ACCOUNT, the conversation's id), or waiting for
/// the link e-mailed to the visitor (`pending`, `code` MESSAGE_PENDING_CONFIRMATION, no
/// conversation yet: docs/security.md); with the code's message key and wording.
#[derive(SimpleObject)]
pub struct SellerMessagePayload {
    /// The seller has the message.
    pub sent: bool,
    /// The message waits until the visitor opens the link e-mailed to them.
    pub pending: bool,
    pub invite_to_sign_up: bool,
    pub code: String,
    pub message_key: String,
    pub message: String,
    /// Null while pending.
    pub conversation_id: Option<String>,
}

/// The message-form answer, shared with the multipart route.
pub fn seller_message_payload(o: SellerMessageOutcome, lang: Lang) -> SellerMessagePayload {
    let code = if o.pending { ErrorCode::MessagePendingConfirmation } else { ErrorCode::EmailMatchesNoAccount };
    SellerMessagePayload {
        sent: !o.pending,
        pending: o.pending,
        invite_to_sign_up: o.invite_to_sign_up,
        code: code.code().into(),
        message_key: code.message_key().into(),
        message: code.message(lang).into(),
        conversation_id: o.conversation_id,
    }
}

#[derive(Default)]
pub struct ChatQuery;

#[Object]
impl ChatQuery {
    /// The caller's conversations, most recent first, with unread counts and presence.
    async fn my_conversations(
        &self,
        ctx: &Context<'_>,
        #[graphql(default = 50)] limit: u32,
    ) -> Result<Vec<ConversationNode>> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let items = r.state.chat.conversations(&caller, limit).await.map_err(|e| r.err(e))?;
        Ok(items.into_iter().map(conversation_node).collect())
    }

    /// One conversation of the caller.
    async fn conversation(&self, ctx: &Context<'_>, id: String) -> Result<ConversationNode> {
        let r = req(ctx);
        let caller = r.caller().await?;
        r.state.chat.conversation(&caller, &id).await.map(conversation_node).map_err(|e| r.err(e))
    }

    /// History of a conversation, newest first, older than `before`.
    async fn conversation_messages(
        &self,
        ctx: &Context<'_>,
        conversation_id: String,
        before: Option<String>,
        #[graphql(default = 30)] limit: u32,
    ) -> Result<Vec<ChatMessageNode>> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let messages =
            r.state.chat.history(&caller, &conversation_id, before.as_deref(), limit).await.map_err(|e| r.err(e))?;
        Ok(messages.iter().map(|m| message_node(m, r.state)).collect())
    }

    /// Unread messages over all the caller's conversations.
    async fn chat_unread_count(&self, ctx: &Context<'_>) -> Result<u32> {
        let r = req(ctx);
        let caller = r.caller().await?;
        r.state.chat.unread_total(&caller).await.map_err(|e| r.err(e))
    }

    /// What the caller missed since a message id, oldest first (the `chat:sync` event).
    async fn chat_missed_messages(
        &self,
        ctx: &Context<'_>,
        since: String,
        #[graphql(default = 200)] limit: u32,
    ) -> Result<Vec<ChatMessageNode>> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let messages = r.state.chat.sync(&caller, &since, limit).await.map_err(|e| r.err(e))?;
        Ok(messages.iter().map(|m| message_node(m, r.state)).collect())
    }
}

#[derive(Default)]
pub struct ChatMutation;

#[Object]
impl ChatMutation {
    /// Starts (or reopens) the caller's conversation about the ad `listId` with a first message.
    async fn start_conversation(
        &self,
        ctx: &Context<'_>,
        list_id: i64,
        text: String,
        client_message_id: String,
    ) -> Result<StartConversationPayload> {
        let r = req(ctx);
        let caller = r.caller().await?;
        r.limit(&souk_domain::limits::CHAT_MESSAGES_PER_ACCOUNT, &caller.account_id().to_string()).await?;
        let out = Outgoing { client_message_id, text: Some(text), attachment: None };
        let (view, message) = r.state.chat.open(&caller, list_id, out).await.map_err(|e| r.err(e))?;
        let item =
            r.state.chat.conversation(&caller, &view.conversation.conversation_id).await.map_err(|e| r.err(e))?;
        Ok(StartConversationPayload { conversation: conversation_node(item), message: message_node(&message, r.state) })
    }

    /// Sends a text message; answered once durable. The same `clientMessageId` again returns the
    /// stored message.
    async fn send_chat_message(
        &self,
        ctx: &Context<'_>,
        conversation_id: String,
        client_message_id: String,
        text: String,
    ) -> Result<ChatMessageNode> {
        let r = req(ctx);
        let caller = r.caller().await?;
        r.limit(&souk_domain::limits::CHAT_MESSAGES_PER_ACCOUNT, &caller.account_id().to_string()).await?;
        let out = Outgoing { client_message_id, text: Some(text), attachment: None };
        let m = r.state.chat.send(&caller, &conversation_id, out).await.map_err(|e| r.err(e))?;
        Ok(message_node(&m, r.state))
    }

    /// Read receipt up to a message.
    async fn mark_conversation_read(
        &self,
        ctx: &Context<'_>,
        conversation_id: String,
        message_id: String,
    ) -> Result<ReadPayload> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let view = r.state.chat.read(&caller, &conversation_id, &message_id).await.map_err(|e| r.err(e))?;
        let total = r.state.chat.unread_total(&caller).await.map_err(|e| r.err(e))?;
        Ok(ReadPayload { unread: view.unread, unread_total: total })
    }

    /// Tells the other party the caller is typing (or stopped).
    async fn set_chat_typing(&self, ctx: &Context<'_>, conversation_id: String, typing: bool) -> Result<bool> {
        let r = req(ctx);
        let caller = r.caller().await?;
        r.state.chat.typing(&caller, &conversation_id, typing).await.map_err(|e| r.err(e))?;
        Ok(true)
    }

    /// Blocks the other party: no message goes through until the caller unblocks.
    async fn block_conversation(&self, ctx: &Context<'_>, conversation_id: String) -> Result<ConversationNode> {
        block(ctx, conversation_id, true).await
    }

    async fn unblock_conversation(&self, ctx: &Context<'_>, conversation_id: String) -> Result<ConversationNode> {
        block(ctx, conversation_id, false).await
    }

    /// Deletes the conversation for the caller only.
    async fn delete_conversation(&self, ctx: &Context<'_>, conversation_id: String) -> Result<bool> {
        let r = req(ctx);
        let caller = r.caller().await?;
        r.state.chat.delete(&caller, &conversation_id).await.map_err(|e| r.err(e))?;
        Ok(true)
    }

    /// The message form of an ad view, for a visitor (no sign-in): a known e-mail is refused
    /// with EMAIL_ALREADY_EXISTS (sign in); an address that never confirmed gets a link by
    /// e-mail and the message waits for it (`pending`); a confirmed one reaches the seller's
    /// inbox at once and their e-mail digest. A CV goes through `POST /api/ads/{listId}/message`
    /// (multipart) instead.
    async fn send_message_to_seller(
        &self,
        ctx: &Context<'_>,
        list_id: i64,
        email: String,
        message: String,
    ) -> Result<SellerMessagePayload> {
        let r = req(ctx);
        r.limit(&souk_domain::limits::SELLER_MESSAGES_PER_ADDRESS, &r.address()).await?;
        r.limit(&souk_domain::limits::SELLER_MESSAGES_PER_EMAIL, email.trim()).await?;
        r.limit(&souk_domain::limits::SELLER_MESSAGES_PER_AD, &list_id.to_string()).await?;
        let form = SellerMessage { list_id, email, message, cv: None, lang: r.lang };
        let outcome = r.state.chat.message_to_seller(form).await.map_err(|e| r.err(e))?;
        Ok(seller_message_payload(outcome, r.lang))
    }
}

async fn block(ctx: &Context<'_>, conversation_id: String, blocked: bool) -> Result<ConversationNode> {
    let r = req(ctx);
    let caller = r.caller().await?;
    r.state.chat.set_blocked(&caller, &conversation_id, blocked).await.map_err(|e| r.err(e))?;
    r.state.chat.conversation(&caller, &conversation_id).await.map(conversation_node).map_err(|e| r.err(e))
}
