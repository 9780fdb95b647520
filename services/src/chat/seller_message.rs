//! The message form of an ad view (spec §2, §6, §8) and what keeps it from being abused
//! (issue 27, docs/security.md): a visitor writes to the seller of a public ad with an e-mail
//! address, a message and an optional CV. A known e-mail is told to sign in and nothing is
//! stored. An address that never confirmed gets its message kept as pending and a one-use
//! confirmation link by e-mail; opening the link delivers it (and the address's other waiting
//! messages) and remembers the address, whose later messages go straight through. A delivered
//! message reaches the seller's inbox at once and their e-mail in one digest per seller per
//! window (the `seller_message_digest` job). A seller who blocked the visitor's conversation
//! gets nothing (`CONVERSATION_BLOCKED`).

use super::{ChatService, Upload};
use crate::accounts::tokens::{random_token, token_hash};
use crate::notify::{DigestMessage, Message};
use serde_json::json;
use souk_actors::scheduler::{JobHandler, Periodic};
use souk_domain::account::normalize_email;
use souk_domain::chat::{CvKind, check_cv, check_text, clean_file_name, preview};
use souk_domain::{ErrorCode, Lang, SoukError};
use souk_storage::chat::{ChatAd, NewMessage, Starter, StoredAttachment, VISITOR_SENDER};
use souk_storage::visitor_messages::{DIGEST_JOB, DigestEntry, PendingCv, PendingVisitorMessage};
use std::sync::Arc;
use std::time::Duration;

/// How long a confirmation link stays valid, and how long a seller's digest gathers messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VisitorMessageRules {
    /// A pending message's link is refused (`MESSAGE_LINK_EXPIRED`) and the message purged after this.
    pub confirm_for: Duration,
    /// The seller's e-mail goes this long after the first message of a window, listing them all.
    pub digest_window: Duration,
}

impl Default for VisitorMessageRules {
    fn default() -> Self {
        VisitorMessageRules { confirm_for: Duration::from_secs(24 * 3600), digest_window: Duration::from_secs(300) }
    }
}

/// How often expired pending messages are purged.
pub const PURGE_EVERY: Duration = Duration::from_secs(600);

/// The form's fields.
#[derive(Debug, Clone)]
pub struct SellerMessage {
    pub list_id: i64,
    pub email: String,
    pub message: String,
    pub cv: Option<Upload>,
    /// The request's language: the confirmation e-mail's.
    pub lang: Lang,
}

/// What the visitor is told after the form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SellerMessageOutcome {
    /// None while the message waits for its link.
    pub conversation_id: Option<String>,
    pub message_id: Option<String>,
    /// The message waits for the link e-mailed to the visitor.
    pub pending: bool,
    /// Always true: the e-mail matched no account, so the visitor is invited to sign up.
    pub invite_to_sign_up: bool,
}

/// What opening a confirmation link did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VisitorConfirmation {
    /// The message went to the seller (with `others` more waiting messages of the address).
    Delivered { lang: Lang, title: String, others: usize },
    /// The link was opened before: nothing more is delivered.
    AlreadyConfirmed { lang: Lang },
}

/// A CV ready to be stored: re-encoded when it is a photo.
struct CheckedCv {
    name: Option<String>,
    kind_extension: String,
    content_type: String,
    bytes: Vec<u8>,
}

fn unix_now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

/// Failures of the platform (store, media, mail), as opposed to refusals of the message.
fn is_failure(e: &SoukError) -> bool {
    matches!(e.code, ErrorCode::InternalError | ErrorCode::StoreUnavailable)
}

impl ChatService {
    /// The form: refuses with `EMAIL_ALREADY_EXISTS` (sign in) when the e-mail belongs to an
    /// account; delivers at once for an address that confirmed before; else keeps the message
    /// pending and e-mails the visitor its confirmation link.
    pub async fn message_to_seller(&self, form: SellerMessage) -> Result<SellerMessageOutcome, SoukError> {
        let email = normalize_email(&form.email)?;
        let text =
            check_text(Some(&form.message), false)?.ok_or_else(|| SoukError::new(ErrorCode::ChatMessageEmpty))?;
        let cv_kind = form.cv.as_ref().map(|cv| check_cv(&cv.bytes)).transpose()?;
        // A photo CV is re-encoded before anything is opened, so that a refused one leaves nothing.
        let cv = match (form.cv, cv_kind) {
            (Some(cv), Some(kind)) => {
                let photo = kind == CvKind::Jpeg;
                let bytes = super::reencoded(cv.bytes, photo, ErrorCode::CvTooLarge, ErrorCode::CvType).await?;
                Some(CheckedCv {
                    name: cv.name,
                    kind_extension: kind.extension().to_owned(),
                    content_type: kind.content_type().to_owned(),
                    bytes,
                })
            }
            _ => None,
        };
        let ad = self.ad_taking_messages(form.list_id).await?;
        if self.accounts.find_account_by_email(&email).await.map_err(SoukError::internal)?.is_some() {
            return Err(SoukError::new(ErrorCode::EmailAlreadyExists));
        }
        if self.visitors.is_confirmed_sender(&email).await.map_err(SoukError::internal)? {
            let id = uuid::Uuid::new_v4().to_string();
            let (conversation_id, message_id) = self.deliver_visitor_message(ad, &email, text, cv, &id).await?;
            return Ok(SellerMessageOutcome {
                conversation_id: Some(conversation_id),
                message_id: Some(message_id),
                pending: false,
                invite_to_sign_up: true,
            });
        }
        self.hold_for_confirmation(ad, email, text, cv, form.lang).await?;
        Ok(SellerMessageOutcome { conversation_id: None, message_id: None, pending: true, invite_to_sign_up: true })
    }

    /// Keeps the message pending and e-mails its link; an e-mail that cannot be sent leaves
    /// nothing stored.
    async fn hold_for_confirmation(
        &self,
        ad: ChatAd,
        email: String,
        text: String,
        cv: Option<CheckedCv>,
        lang: Lang,
    ) -> Result<(), SoukError> {
        let now = unix_now();
        let token = random_token();
        let pending = PendingVisitorMessage {
            pending_id: uuid::Uuid::new_v4().to_string(),
            token_hash: token_hash(&token),
            list_id: ad.list_id,
            email: email.clone(),
            lang: lang.code().to_owned(),
            text,
            cv: cv.map(|cv| PendingCv {
                name: cv.name,
                extension: cv.kind_extension,
                content_type: cv.content_type,
                bytes: cv.bytes,
            }),
            created_at: now,
            expires_at: now + self.visitor_rules.confirm_for.as_secs() as i64,
            confirmed_at: None,
        };
        let pending_id = pending.pending_id.clone();
        self.visitors.add_pending(pending).await.map_err(SoukError::internal)?;
        let link =
            format!("{}/confirmer-message/{token}?lang={}", self.public_base_url.trim_end_matches('/'), lang.code());
        let hours = (self.visitor_rules.confirm_for.as_secs() / 3600).max(1) as u32;
        let mail = Message::SellerMessageConfirmation { title: ad.title, link, hours };
        if let Err(e) = self.mailer.send(&email, lang, &mail).await {
            let _ = self.visitors.remove_pending(&pending_id).await;
            return Err(SoukError::internal(e));
        }
        Ok(())
    }

    /// Opens a confirmation link (`GET /confirmer-message/{token}`): delivers its message and
    /// every other message of the same address still waiting, and remembers the address.
    /// A link opened before answers `AlreadyConfirmed` and delivers nothing; an expired or
    /// unknown one is refused with `MESSAGE_LINK_EXPIRED`. A failure of the platform changes
    /// nothing (delivery is idempotent: the link can be opened again).
    pub async fn confirm_visitor_message(&self, token: &str) -> Result<VisitorConfirmation, SoukError> {
        let now = unix_now();
        let token = token.trim();
        if token.is_empty() || token.len() > 128 {
            return Err(SoukError::with_detail(ErrorCode::MessageLinkExpired, "malformed token"));
        }
        let found = self.visitors.pending_by_token(&token_hash(token)).await.map_err(SoukError::internal)?;
        let Some(pending) = found else {
            return Err(SoukError::with_detail(ErrorCode::MessageLinkExpired, "unknown or purged"));
        };
        let lang = Lang::parse(&pending.lang).unwrap_or(Lang::Fr);
        if pending.confirmed_at.is_some() {
            return Ok(VisitorConfirmation::AlreadyConfirmed { lang });
        }
        if pending.expires_at <= now {
            return Err(SoukError::with_detail(ErrorCode::MessageLinkExpired, "expired"));
        }
        let mut others = self.visitors.waiting_of(&pending.email, now).await.map_err(SoukError::internal)?;
        others.retain(|m| m.pending_id != pending.pending_id);
        let first = self.deliver_pending(&pending).await;
        if let Err(e) = &first
            && is_failure(e)
        {
            return Err(e.clone());
        }
        let mut ids = vec![pending.pending_id.clone()];
        let mut delivered_others = 0;
        for other in &others {
            match self.deliver_pending(other).await {
                Ok(_) => delivered_others += 1,
                Err(e) if is_failure(&e) => return Err(e),
                // The ad went, or the seller blocked the address: that message is dropped.
                Err(e) => tracing::info!(code = e.code.code(), "a waiting visitor message was not delivered"),
            }
            ids.push(other.pending_id.clone());
        }
        self.visitors.confirm(&ids, &pending.email, now).await.map_err(SoukError::internal)?;
        first.map(|title| VisitorConfirmation::Delivered { lang, title, others: delivered_others })
    }

    /// Delivers a pending message; answers the ad's title.
    async fn deliver_pending(&self, p: &PendingVisitorMessage) -> Result<String, SoukError> {
        let ad = self.ad_taking_messages(p.list_id).await?;
        let title = ad.title.clone();
        let cv = p.cv.as_ref().map(|cv| CheckedCv {
            name: cv.name.clone(),
            kind_extension: cv.extension.clone(),
            content_type: cv.content_type.clone(),
            bytes: cv.bytes.clone(),
        });
        self.deliver_visitor_message(ad, &p.email, p.text.clone(), cv, &p.pending_id).await?;
        Ok(title)
    }

    /// Puts a visitor's message in the seller's inbox, pushes it live and queues it for the
    /// seller's digest e-mail. `id` names the message and its CV: delivering the same id again
    /// stores, pushes and queues nothing more. Answers the conversation and message ids.
    async fn deliver_visitor_message(
        &self,
        ad: ChatAd,
        email: &str,
        text: String,
        cv: Option<CheckedCv>,
        id: &str,
    ) -> Result<(String, String), SoukError> {
        let title = ad.title.clone();
        let (conv, _) = self
            .store
            .open_conversation(ad, Starter::Visitor { email: email.to_owned() })
            .await
            .map_err(SoukError::internal)?;
        if conv.is_blocked() {
            // The seller blocked this visitor's conversation: nothing more reaches them, neither
            // in chat nor by e-mail, and the visitor is told as a blocked chat sender is.
            return Err(SoukError::with_detail(ErrorCode::ConversationBlocked, "blocked"));
        }
        let attachment = match cv {
            Some(cv) => {
                let key = format!("chat/{}/{id}.{}", conv.conversation_id, cv.kind_extension);
                let name = clean_file_name(cv.name.as_deref(), &cv.kind_extension);
                let size = cv.bytes.len() as u64;
                self.media.put(&key, cv.bytes, &cv.content_type).await.map_err(SoukError::internal)?;
                Some(StoredAttachment { key, name, content_type: cv.content_type, size })
            }
            None => None,
        };
        let cv_attached = attachment.is_some();
        let appended = self
            .store
            .append_message(NewMessage {
                conversation_id: conv.conversation_id.clone(),
                sender_id: VISITOR_SENDER,
                client_message_id: format!("visitor-{id}"),
                preview: preview(Some(&text), None),
                text: Some(text.clone()),
                attachment,
            })
            .await
            .map_err(SoukError::internal)?;
        let message_id = appended.message.message_id.clone();
        if !appended.duplicate {
            let payload = self.payload(&appended.message);
            self.fanout.deliver(conv.seller_id, "chat:message", payload);
            self.fanout.deliver(
                conv.seller_id,
                "notification",
                json!({
                    "kind": "sellerMessage",
                    "conversationId": conv.conversation_id,
                    "listId": conv.list_id,
                    "fromEmail": email,
                    "preview": preview(Some(&text), None),
                }),
            );
        }
        let now = unix_now();
        let entry = DigestEntry {
            message_id: message_id.clone(),
            seller_id: conv.seller_id,
            conversation_id: conv.conversation_id.clone(),
            list_id: conv.list_id,
            title,
            from_email: email.to_owned(),
            text,
            cv_attached,
            queued_at: now,
        };
        let run_at = now + self.visitor_rules.digest_window.as_secs() as i64;
        self.visitors.queue_digest(entry, run_at).await.map_err(SoukError::internal)?;
        Ok((conv.conversation_id, message_id))
    }

    /// The `seller_message_digest` job: e-mails the seller the messages queued for them (the
    /// single-message e-mail when there is one), then removes them; messages queued meanwhile
    /// get the next window's job. A seller without an e-mail address gets none.
    pub async fn send_seller_digest(&self, seller_id: i64, now: i64) -> Result<(), SoukError> {
        let queued = self.visitors.queued_digest(seller_id).await.map_err(SoukError::internal)?;
        if queued.is_empty() {
            return Ok(());
        }
        let seller = self.accounts.find_account(seller_id).await.map_err(SoukError::internal)?;
        if let Some(seller) = seller
            && let Some(to) = seller.account.email.clone()
        {
            let link = format!("{}/messages", self.public_base_url.trim_end_matches('/'));
            let mail = match queued.as_slice() {
                [one] => Message::SellerMessage {
                    title: one.title.clone(),
                    from_email: one.from_email.clone(),
                    text: one.text.clone(),
                    cv_attached: one.cv_attached,
                    link,
                },
                many => Message::SellerMessageDigest {
                    messages: many
                        .iter()
                        .map(|e| DigestMessage {
                            title: e.title.clone(),
                            from_email: e.from_email.clone(),
                            text: e.text.clone(),
                            cv_attached: e.cv_attached,
                        })
                        .collect(),
                    link,
                },
            };
            self.mailer.send(&to, seller.lang, &mail).await.map_err(SoukError::internal)?;
        }
        let ids: Vec<String> = queued.into_iter().map(|e| e.message_id).collect();
        let next = now + self.visitor_rules.digest_window.as_secs() as i64;
        self.visitors.digest_sent(seller_id, &ids, next).await.map_err(SoukError::internal)?;
        Ok(())
    }

    /// Deletes the pending messages whose link expired; answers how many.
    pub async fn purge_expired_visitor_messages(&self, now: i64) -> Result<u64, SoukError> {
        self.visitors.purge_expired(now).await.map_err(SoukError::internal)
    }
}

struct DigestJob {
    chat: Arc<ChatService>,
}

#[async_trait::async_trait]
impl JobHandler for DigestJob {
    async fn run(&self, subject: &str, now: i64) -> Result<(), String> {
        let seller_id: i64 = subject.parse().map_err(|_| format!("not a seller id: {subject}"))?;
        self.chat.send_seller_digest(seller_id, now).await.map_err(|e| e.to_string())
    }
}

/// The handlers the scheduler needs for the jobs the chat schedules (`seller_message_digest`).
pub fn job_handlers(chat: &Arc<ChatService>) -> Vec<(&'static str, Arc<dyn JobHandler>)> {
    vec![(DIGEST_JOB, Arc::new(DigestJob { chat: Arc::clone(chat) }))]
}

/// The purge of expired pending visitor messages, every [`PURGE_EVERY`] on every process (a
/// delete by expiry: running it twice is harmless).
pub fn visitor_message_purge(chat: Arc<ChatService>) -> Periodic {
    Periodic::new("visitor_message_purge", PURGE_EVERY, move |now| {
        let chat = Arc::clone(&chat);
        async move {
            let purged = chat.purge_expired_visitor_messages(now).await.map_err(|e| e.to_string())?;
            if purged > 0 {
                tracing::info!(purged, "expired visitor messages purged");
            }
            Ok(())
        }
    })
}
