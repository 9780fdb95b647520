//! One-time codes by messaging app: the `MessageSender` trait, and `OutboxMessageSender`, the
//! embedded mode's sender, which writes each message as a JSON file in the outbox. (The
//! distributed mode's provider API implements the same trait.)

use super::outbox::{self, Channel, SMS_SUFFIX, SmsRecord};
use super::{Message, NotifyError, render_sms};
use async_trait::async_trait;
use souk_domain::Lang;
use std::path::{Path, PathBuf};

/// Sends a message to a phone by messaging app.
#[async_trait]
pub trait MessageSender: Send + Sync + 'static {
    async fn send(&self, phone: &str, lang: Lang, message: &Message) -> Result<(), NotifyError>;
}

/// Embedded mode: each message becomes `<outbox>/<unix_millis>-<uuid>-sms.json`, written
/// atomically, with its text, and its code or link for tests and the development outbox page.
#[derive(Debug, Clone)]
pub struct OutboxMessageSender {
    dir: PathBuf,
}

impl OutboxMessageSender {
    /// `dir` is the outbox itself (`outbox_dir(data_dir)`); it is created on first send.
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self { dir: dir.into() }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

#[async_trait]
impl MessageSender for OutboxMessageSender {
    async fn send(&self, phone: &str, lang: Lang, message: &Message) -> Result<(), NotifyError> {
        let phone = checked_phone(phone)?;
        let millis = outbox::now_millis();
        let record = SmsRecord {
            channel: Channel::Sms,
            to: phone.to_string(),
            lang,
            kind: message.kind().to_string(),
            text: render_sms(message, lang),
            code: message.code().map(str::to_string),
            link: message.link().map(str::to_string),
            sent_at: outbox::rfc3339_millis(millis),
        };
        let json = serde_json::to_vec_pretty(&record).map_err(|e| NotifyError::Build(e.to_string()))?;
        let name = outbox::message_file_name(millis, SMS_SUFFIX);
        let path = outbox::write_atomically(&self.dir, &name, &json).await?;
        tracing::info!(kind = message.kind(), file = %path.display(), "message written to the outbox");
        Ok(())
    }
}

/// A phone number a message can be addressed to: digits, with an optional leading `+` and the
/// separators people type. The caller normalises numbers; this only refuses what no provider
/// would take.
fn checked_phone(phone: &str) -> Result<&str, NotifyError> {
    let phone = phone.trim();
    let digits = phone.chars().filter(char::is_ascii_digit).count();
    let allowed = phone
        .char_indices()
        .all(|(i, c)| c.is_ascii_digit() || matches!(c, ' ' | '-' | '.' | '(' | ')') || (c == '+' && i == 0));
    if !allowed || !(6..=15).contains(&digits) {
        return Err(NotifyError::Address(format!("not a phone number: {phone:?}")));
    }
    Ok(phone)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notify::read_outbox;

    fn temp_dir(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("souk-notify-{name}-{}", uuid::Uuid::new_v4()))
    }

    #[tokio::test]
    async fn a_code_sent_is_read_back_from_the_outbox() {
        let dir = temp_dir("sms").join("outbox");
        let sender = OutboxMessageSender::new(&dir);
        let msg = Message::PhoneVerificationCode { code: "604218".into(), minutes: 10 };
        sender.send("+212 612-345678", Lang::Ar, &msg).await.expect("sent");
        let second = Message::RecoveryCode { code: "119377".into(), minutes: 10 };
        sender.send("0612345678", Lang::Fr, &second).await.expect("sent");

        let files: Vec<String> = std::fs::read_dir(&dir)
            .expect("outbox created")
            .map(|e| e.expect("entry").file_name().into_string().expect("utf-8"))
            .collect();
        assert_eq!(files.len(), 2, "{files:?}");
        assert!(files.iter().all(|f| f.ends_with("-sms.json") && !f.starts_with('.')), "{files:?}");

        let entries = read_outbox(&dir, 10).expect("read");
        assert_eq!(entries.len(), 2);
        let newest = &entries[0];
        assert_eq!(newest.channel, Channel::Sms);
        assert_eq!(newest.to, "0612345678");
        assert_eq!(newest.code.as_deref(), Some("119377"));
        assert_eq!(newest.kind.as_deref(), Some("recovery_code"));
        assert_eq!(newest.lang, Some(Lang::Fr));
        let oldest = &entries[1];
        assert_eq!(oldest.to, "+212 612-345678");
        assert_eq!(oldest.code.as_deref(), Some("604218"));
        assert_eq!(oldest.lang, Some(Lang::Ar));
        assert_eq!(oldest.text, render_sms(&msg, Lang::Ar));
        assert_eq!(oldest.html, None);
        assert!(oldest.sent_at.ends_with('Z') && oldest.sent_at.len() == 24, "{}", oldest.sent_at);

        let json: serde_json::Value =
            serde_json::from_slice(&std::fs::read(dir.join(&newest.file)).expect("file")).expect("json");
        assert_eq!(json["channel"], "sms");
        assert_eq!(json["code"], "119377");
        assert_eq!(json["lang"], "fr");
        assert_eq!(json["kind"], "recovery_code");
        assert!(json["sentAt"].is_string());
        assert!(json.get("link").is_none());

        assert_eq!(read_outbox(&dir, 1).expect("read").len(), 1);
        let _ = std::fs::remove_dir_all(dir.parent().unwrap_or(&dir));
    }

    #[tokio::test]
    async fn a_message_to_something_that_is_not_a_phone_is_refused() {
        let dir = temp_dir("sms-bad");
        let sender = OutboxMessageSender::new(&dir);
        let msg = Message::PhoneVerificationCode { code: "1".into(), minutes: 1 };
        for bad in ["", "abc", "0612\n345678", "12", "06+12345678"] {
            let result = sender.send(bad, Lang::Fr, &msg).await;
            assert!(matches!(result, Err(NotifyError::Address(_))), "{bad:?}: {result:?}");
        }
        assert!(!dir.exists());
    }

    #[test]
    fn a_missing_outbox_is_empty() {
        assert!(read_outbox(&temp_dir("none"), 10).expect("read").is_empty());
    }
}
