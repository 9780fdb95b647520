//! The message form of an ad view (spec §2, §6, §8): a visitor writes to the seller of a
//! public ad with an e-mail address, a message and an optional CV. A known e-mail is told to
//! sign in and nothing is stored; an unknown one gets the message delivered to the seller (chat
//! and e-mail) and is invited to create an account, unless the seller blocked that visitor's
//! conversation (`CONVERSATION_BLOCKED`, nothing stored or sent).

use super::{ChatService, Upload};
use crate::notify::Message;
use serde_json::json;
use souk_domain::account::normalize_email;
use souk_domain::chat::{check_cv, check_text, clean_file_name, preview};
use souk_domain::{ErrorCode, SoukError};
use souk_storage::chat::{NewMessage, Starter, StoredAttachment, VISITOR_SENDER};

/// The form's fields.
#[derive(Debug, Clone)]
pub struct SellerMessage {
    pub list_id: i64,
    pub email: String,
    pub message: String,
    pub cv: Option<Upload>,
}

/// What the visitor is told after a delivered message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SellerMessageOutcome {
    pub conversation_id: String,
    pub message_id: String,
    /// Always true: the e-mail matched no account, so the visitor is invited to sign up.
    pub invite_to_sign_up: bool,
}

impl ChatService {
    /// Delivers a visitor's message to the seller of an ad, or refuses with
    /// `EMAIL_ALREADY_EXISTS` (sign in) when the e-mail belongs to an account.
    pub async fn message_to_seller(&self, form: SellerMessage) -> Result<SellerMessageOutcome, SoukError> {
        let email = normalize_email(&form.email)?;
        let text =
            check_text(Some(&form.message), false)?.ok_or_else(|| SoukError::new(ErrorCode::ChatMessageEmpty))?;
        let cv_kind = form.cv.as_ref().map(|cv| check_cv(&cv.bytes)).transpose()?;
        // A photo CV is re-encoded before anything is opened, so that a refused one leaves nothing.
        let cv = match (form.cv, cv_kind) {
            (Some(cv), Some(kind)) => {
                let photo = kind == souk_domain::chat::CvKind::Jpeg;
                let bytes = super::reencoded(cv.bytes, photo, ErrorCode::CvTooLarge, ErrorCode::CvType).await?;
                Some(Upload { name: cv.name, bytes })
            }
            _ => None,
        };
        let ad = self.ad_taking_messages(form.list_id).await?;
        if self.accounts.find_account_by_email(&email).await.map_err(SoukError::internal)?.is_some() {
            return Err(SoukError::new(ErrorCode::EmailAlreadyExists));
        }
        let seller = self.accounts.find_account(ad.account_id).await.map_err(SoukError::internal)?;
        let title = ad.title.clone();
        let (conv, _) = self
            .store
            .open_conversation(ad, Starter::Visitor { email: email.clone() })
            .await
            .map_err(SoukError::internal)?;
        if conv.is_blocked() {
            // The seller blocked this visitor's conversation: nothing more reaches them, neither
            // in chat nor by e-mail, and the visitor is told as a blocked chat sender is.
            return Err(SoukError::with_detail(ErrorCode::ConversationBlocked, "blocked"));
        }
        let attachment = match (cv, cv_kind) {
            (Some(cv), Some(kind)) => {
                let key = format!("chat/{}/{}.{}", conv.conversation_id, uuid::Uuid::new_v4(), kind.extension());
                let name = clean_file_name(cv.name.as_deref(), kind.extension());
                let size = cv.bytes.len() as u64;
                self.media.put(&key, cv.bytes, kind.content_type()).await.map_err(SoukError::internal)?;
                Some(StoredAttachment { key, name, content_type: kind.content_type().to_owned(), size })
            }
            _ => None,
        };
        let cv_attached = attachment.is_some();
        let appended = self
            .store
            .append_message(NewMessage {
                conversation_id: conv.conversation_id.clone(),
                sender_id: VISITOR_SENDER,
                client_message_id: format!("visitor-{}", uuid::Uuid::new_v4()),
                preview: preview(Some(&text), None),
                text: Some(text.clone()),
                attachment,
            })
            .await
            .map_err(SoukError::internal)?;
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
        if let Some(seller) = seller
            && let Some(to) = seller.account.email.clone()
        {
            let mail = Message::SellerMessage {
                title,
                from_email: email.clone(),
                text,
                cv_attached,
                link: format!("{}/messages", self.public_base_url.trim_end_matches('/')),
            };
            // The message is stored and pushed: a mail failure is logged, not reported.
            if let Err(e) = self.mailer.send(&to, seller.lang, &mail).await {
                tracing::warn!(error = %e, "seller message e-mail not sent");
            }
        }
        Ok(SellerMessageOutcome {
            conversation_id: conv.conversation_id,
            message_id: appended.message.message_id,
            invite_to_sign_up: true,
        })
    }
}
