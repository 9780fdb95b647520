//! The two chat routes that carry files, as multipart form data (the GraphQL gateway's body
//! limit is small): `POST /api/chat/messages` sends a message with an attachment for a client
//! without a socket, and `POST /api/ads/{listId}/message` is the visitor's message form with an
//! optional CV. Both parse, call one chat-service function and answer its JSON. It also serves
//! the attachments, `GET /media/chat/{conversation}/{file}`, to the conversation's parties only
//! (signed in by bearer token or cookie; anyone else gets the §8 error and no byte).

use crate::graphql::chat::seller_message_payload;
use crate::graphql::context::{Gateway, RequestContext};
use crate::graphql::errors::request_failure;
use crate::state::AppState;
use actix_multipart::Multipart;
use actix_web::{HttpRequest, HttpResponse, web};
use futures_util::StreamExt;
use serde_json::json;
use souk_domain::chat::{MAX_ATTACHMENT_BYTES, MAX_CV_BYTES};
use souk_domain::limits;
use souk_domain::{ErrorCode, SoukError};
use souk_services::chat::{Outgoing, SellerMessage, Upload};
use std::collections::HashMap;

/// The longest text field accepted.
const MAX_TEXT_FIELD: usize = 32 * 1024;

/// The form's text fields, and its one file field (`file_field`) with its name, if sent.
struct Form {
    texts: HashMap<String, String>,
    file: Option<Upload>,
}

async fn read_form(
    mut form: Multipart,
    file_field: &str,
    file_limit: usize,
    too_large: ErrorCode,
) -> Result<Form, SoukError> {
    let mut out = Form { texts: HashMap::new(), file: None };
    while let Some(field) = form.next().await {
        let mut field = field.map_err(|e| SoukError::with_detail(ErrorCode::MalformedRequest, e.to_string()))?;
        let name = field.name().unwrap_or("").to_owned();
        let is_file = name == file_field;
        let file_name = field.content_disposition().and_then(|d| d.get_filename()).map(str::to_owned);
        let limit = if is_file { file_limit } else { MAX_TEXT_FIELD };
        let mut bytes = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(|e| SoukError::with_detail(ErrorCode::MalformedRequest, e.to_string()))?;
            if bytes.len() + chunk.len() > limit {
                let code = if is_file { too_large } else { ErrorCode::PayloadTooLarge };
                return Err(SoukError::with_detail(code, format!("{name}: at most {limit} bytes")));
            }
            bytes.extend_from_slice(&chunk);
        }
        if is_file {
            if !bytes.is_empty() {
                out.file = Some(Upload { name: file_name, bytes });
            }
        } else {
            let text = String::from_utf8(bytes)
                .map_err(|_| SoukError::with_detail(ErrorCode::MalformedRequest, format!("{name}: not UTF-8")))?;
            out.texts.insert(name, text);
        }
    }
    Ok(out)
}

/// `POST /api/chat/messages` — fields `conversationId`, `clientMessageId`, `text` (optional),
/// `file` (image or PDF under 5 MB). Answers `{ok: true, message}` once the message is durable.
pub async fn send_with_attachment(req: HttpRequest, form: Multipart, state: web::Data<AppState>) -> HttpResponse {
    let lang = RequestContext::fallback_lang(&req);
    let result = async {
        let ctx = RequestContext::from_request(&req, Gateway::New)?;
        let token = ctx.bearer_token.ok_or_else(|| SoukError::new(ErrorCode::LoginRequired))?;
        let caller = state.accounts.authenticate(&token).await?;
        // The same limit as `sendChatMessage` (docs/security.md), before the file is read.
        state.limits.hit(&limits::CHAT_MESSAGES_PER_ACCOUNT, &caller.account_id().to_string()).await?;
        let mut form = read_form(form, "file", MAX_ATTACHMENT_BYTES, ErrorCode::AttachmentTooLarge).await?;
        let conversation = form
            .texts
            .remove("conversationId")
            .ok_or_else(|| SoukError::with_detail(ErrorCode::Required, "conversationId"))?;
        let out = Outgoing {
            client_message_id: form
                .texts
                .remove("clientMessageId")
                .ok_or_else(|| SoukError::with_detail(ErrorCode::Required, "clientMessageId"))?,
            text: form.texts.remove("text"),
            attachment: form.file,
        };
        state.chat.send(&caller, &conversation, out).await
    }
    .await;
    match result {
        Ok(message) => HttpResponse::Ok().json(json!({ "ok": true, "message": state.chat.render(&message) })),
        Err(e) => request_failure(&e, lang),
    }
}

/// `POST /api/ads/{listId}/message` — the message form: fields `email`, `message`, `cv`
/// (optional: pdf, jpg, jpeg, rtf or odt, at most 2.5 MB). Same answer as the GraphQL
/// `sendMessageToSeller` (a pending message keeps its CV until its link is opened).
pub async fn message_to_seller(
    req: HttpRequest,
    path: web::Path<i64>,
    form: Multipart,
    state: web::Data<AppState>,
) -> HttpResponse {
    let lang = RequestContext::fallback_lang(&req);
    let result = async {
        // The limits of `sendMessageToSeller` (docs/security.md): the address before the form
        // is read, the e-mail and the ad once it is.
        let list_id = path.into_inner();
        let address = crate::graphql::context::client_address(&req);
        state.limits.hit(&limits::SELLER_MESSAGES_PER_ADDRESS, &address).await?;
        let mut form = read_form(form, "cv", MAX_CV_BYTES, ErrorCode::CvTooLarge).await?;
        let email = form.texts.remove("email").ok_or_else(|| SoukError::with_detail(ErrorCode::Required, "email"))?;
        state.limits.hit(&limits::SELLER_MESSAGES_PER_EMAIL, email.trim()).await?;
        state.limits.hit(&limits::SELLER_MESSAGES_PER_AD, &list_id.to_string()).await?;
        let message =
            form.texts.remove("message").ok_or_else(|| SoukError::with_detail(ErrorCode::Required, "message"))?;
        let seller_message = SellerMessage { list_id, email, message, cv: form.file, lang };
        state.chat.message_to_seller(seller_message).await
    }
    .await;
    match result {
        Ok(outcome) => HttpResponse::Ok().json(seller_message_payload_json(outcome, lang)),
        Err(e) => request_failure(&e, lang),
    }
}

fn seller_message_payload_json(
    outcome: souk_services::chat::SellerMessageOutcome,
    lang: souk_domain::Lang,
) -> serde_json::Value {
    let p = seller_message_payload(outcome, lang);
    json!({
        "sent": p.sent,
        "pending": p.pending,
        "inviteToSignUp": p.invite_to_sign_up,
        "code": p.code,
        "messageKey": p.message_key,
        "message": p.message,
        "conversationId": p.conversation_id,
    })
}

/// The `Content-Security-Policy` of served attachments and CVs: nothing loads, nothing runs.
pub const ATTACHMENT_POLICY: &str = "default-src 'none'; sandbox";

/// `GET /media/chat/{conversation}/{file}`: an attachment or a CV, for the conversation's
/// parties, as a download (`Content-Disposition: attachment`, `nosniff`, [`ATTACHMENT_POLICY`]).
pub async fn attachment(
    req: HttpRequest,
    path: web::Path<(String, String)>,
    state: web::Data<AppState>,
) -> HttpResponse {
    let lang = RequestContext::fallback_lang(&req);
    let (conversation, file) = path.into_inner();
    let result = async {
        let caller = super::caller_of(&req, &state).await?;
        state.chat.attachment(&caller, &conversation, &file).await
    }
    .await;
    match result {
        Ok(bytes) => {
            let ext = file.rsplit_once('.').map(|(_, e)| e).unwrap_or("");
            // Whatever a file holds, it never runs as a page of this site: a download, typed by
            // what was checked at upload, under a policy that allows nothing (docs/security.md).
            let name: String = file.chars().filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-')).collect();
            HttpResponse::Ok()
                .content_type(actix_files::file_extension_to_mime(ext))
                .insert_header((actix_web::http::header::CACHE_CONTROL, "private, max-age=86400"))
                .insert_header((
                    actix_web::http::header::CONTENT_DISPOSITION,
                    format!("attachment; filename=\"{name}\""),
                ))
                .insert_header((actix_web::http::header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
                .insert_header((actix_web::http::header::CONTENT_SECURITY_POLICY, ATTACHMENT_POLICY))
                .body(bytes)
        }
        Err(e) => request_failure(&e, lang),
    }
}
