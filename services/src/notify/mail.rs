//! Outbound e-mail: the `Mailer` trait and `LettreMailer`, which builds a multipart
//! (text + HTML) UTF-8 e-mail with lettre and either writes it into the outbox (embedded mode,
//! lettre's file transport) or hands it to an SMTP server (distributed mode).

use super::outbox::{self, EMAIL_FILE_SUFFIX, HEADER_CODE, HEADER_KIND, HEADER_LINK};
use super::{Message, NotifyError, render_email};
use async_trait::async_trait;
use lettre::message::header::{HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncFileTransport, AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use serde::Deserialize;
use souk_domain::Lang;
use std::fmt;
use std::path::PathBuf;

/// Sends a message to an e-mail address.
#[async_trait]
pub trait Mailer: Send + Sync + 'static {
    async fn send(&self, to: &str, lang: Lang, message: &Message) -> Result<(), NotifyError>;
}

/// How e-mail leaves, and from whom.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MailSettings {
    /// The sender, e.g. `Souk <no-reply@souk.ma>`.
    pub from: String,
    pub transport: MailTransport,
}

/// Where e-mail goes: files in the outbox (embedded mode) or an SMTP server.
#[derive(Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum MailTransport {
    /// `*.eml` files in `dir` (`outbox_dir(data_dir)`).
    Outbox { dir: PathBuf },
    Smtp {
        host: String,
        port: u16,
        #[serde(default)]
        username: Option<String>,
        #[serde(default)]
        password: Option<String>,
        tls: SmtpTls,
    },
}

impl fmt::Debug for MailTransport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MailTransport::Outbox { dir } => f.debug_struct("Outbox").field("dir", dir).finish(),
            MailTransport::Smtp { host, port, username, password, tls } => f
                .debug_struct("Smtp")
                .field("host", host)
                .field("port", port)
                .field("username", username)
                .field("password", &password.as_ref().map(|_| "<redacted>"))
                .field("tls", tls)
                .finish(),
        }
    }
}

/// How the SMTP connection is protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SmtpTls {
    /// Plain text: only for a relay on this machine or a private network (tests, a local MTA).
    None,
    /// Plain connection upgraded with STARTTLS, which is required (usually port 587).
    StartTls,
    /// TLS from the first byte (usually port 465).
    Tls,
}

/// The `Mailer` of both modes, on lettre.
pub struct LettreMailer {
    from: Mailbox,
    transport: Transport,
}

enum Transport {
    Outbox {
        dir: PathBuf,
        /// lettre writes here; the finished file is then renamed into `dir`, so that a reader of
        /// the outbox never sees half a message.
        staging: PathBuf,
        files: AsyncFileTransport<Tokio1Executor>,
    },
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
}

impl fmt::Debug for LettreMailer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let transport = match &self.transport {
            Transport::Outbox { dir, .. } => format!("outbox {}", dir.display()),
            Transport::Smtp(smtp) => format!("{smtp:?}"),
        };
        f.debug_struct("LettreMailer").field("from", &self.from).field("transport", &transport).finish()
    }
}

impl LettreMailer {
    /// Builds the mailer. The SMTP transport keeps a connection pool whose upkeep task is
    /// spawned here, so in SMTP mode this must run inside the Tokio runtime that will send.
    pub fn new(settings: &MailSettings) -> Result<Self, NotifyError> {
        let from: Mailbox =
            settings.from.parse().map_err(|e| NotifyError::Build(format!("mail sender {:?}: {e}", settings.from)))?;
        let transport = match &settings.transport {
            MailTransport::Outbox { dir } => {
                let staging = dir.join(".staging");
                Transport::Outbox { dir: dir.clone(), files: AsyncFileTransport::new(&staging), staging }
            }
            MailTransport::Smtp { host, port, username, password, tls } => {
                if tokio::runtime::Handle::try_current().is_err() {
                    return Err(NotifyError::Build("the SMTP mailer must be built inside the Tokio runtime".into()));
                }
                let relay_error = |e: lettre::transport::smtp::Error| NotifyError::Build(format!("smtp {host}: {e}"));
                let mut builder = match tls {
                    SmtpTls::None => {
                        if !is_loopback(host) {
                            tracing::warn!(%host, "e-mail goes to the SMTP server unencrypted");
                        }
                        AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host.as_str())
                    }
                    SmtpTls::StartTls => {
                        AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(host).map_err(relay_error)?
                    }
                    SmtpTls::Tls => AsyncSmtpTransport::<Tokio1Executor>::relay(host).map_err(relay_error)?,
                }
                .port(*port);
                if let Some(username) = username {
                    builder =
                        builder.credentials(Credentials::new(username.clone(), password.clone().unwrap_or_default()));
                }
                let smtp: AsyncSmtpTransport<Tokio1Executor> = builder.build();
                Transport::Smtp(smtp)
            }
        };
        Ok(Self { from, transport })
    }

    fn build(&self, to: &str, lang: Lang, message: &Message) -> Result<lettre::Message, NotifyError> {
        let recipient: Mailbox =
            to.trim().parse().map_err(|e| NotifyError::Address(format!("not an e-mail address: {to:?} ({e})")))?;
        let rendered = render_email(message, lang);
        let mut builder = lettre::Message::builder()
            .from(self.from.clone())
            .to(recipient)
            .subject(rendered.subject)
            .message_id(Some(format!("<{}@{}>", uuid::Uuid::now_v7(), self.from.email.domain())))
            .raw_header(header("Content-Language", lang.code()))
            .raw_header(header(HEADER_KIND, message.kind()));
        if let Transport::Outbox { .. } = self.transport {
            // What tests and the development outbox page read back; real mail does not need it.
            if let Some(code) = message.code() {
                builder = builder.raw_header(header(HEADER_CODE, code));
            }
            if let Some(link) = message.link() {
                builder = builder.raw_header(header(HEADER_LINK, link));
            }
        }
        builder
            .multipart(MultiPart::alternative_plain_html(rendered.text, rendered.html))
            .map_err(|e| NotifyError::Build(e.to_string()))
    }
}

#[async_trait]
impl Mailer for LettreMailer {
    async fn send(&self, to: &str, lang: Lang, message: &Message) -> Result<(), NotifyError> {
        let email = self.build(to, lang, message)?;
        match &self.transport {
            Transport::Outbox { dir, staging, files } => {
                tokio::fs::create_dir_all(staging).await?;
                let id = files.send(email).await.map_err(|e| NotifyError::Io(std::io::Error::other(e.to_string())))?;
                let written = staging.join(format!("{id}.eml"));
                let path = dir.join(outbox::message_file_name(outbox::now_millis(), EMAIL_FILE_SUFFIX));
                if let Err(e) = tokio::fs::rename(&written, &path).await {
                    let _ = tokio::fs::remove_file(&written).await;
                    return Err(e.into());
                }
                tracing::info!(kind = message.kind(), file = %path.display(), "e-mail written to the outbox");
            }
            Transport::Smtp(smtp) => {
                smtp.send(email).await.map_err(|e| NotifyError::Smtp(e.to_string()))?;
                tracing::info!(kind = message.kind(), "e-mail handed to the SMTP server");
            }
        }
        Ok(())
    }
}

fn header(name: &'static str, value: &str) -> HeaderValue {
    HeaderValue::new(HeaderName::new_from_ascii_str(name), value.to_string())
}

fn is_loopback(host: &str) -> bool {
    host == "localhost" || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notify::{Channel, read_outbox};
    use std::path::Path;

    fn outbox_mailer(dir: &Path) -> LettreMailer {
        let settings = MailSettings {
            from: "Souk <no-reply@souk.ma>".into(),
            transport: MailTransport::Outbox { dir: dir.to_path_buf() },
        };
        LettreMailer::new(&settings).expect("mailer")
    }

    fn temp_outbox(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("souk-notify-{name}-{}", uuid::Uuid::new_v4())).join("outbox")
    }

    fn raw_files(dir: &Path) -> Vec<(String, String)> {
        let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
            .expect("outbox")
            .map(|e| e.expect("entry"))
            .filter(|e| e.path().is_file())
            .map(|e| {
                let name = e.file_name().into_string().expect("utf-8");
                (name, std::fs::read_to_string(e.path()).expect("read"))
            })
            .collect();
        files.sort();
        files
    }

    #[tokio::test]
    async fn an_email_in_the_outbox_is_read_back_with_subject_text_and_link() {
        let dir = temp_outbox("mail");
        let mailer = outbox_mailer(&dir);
        let msg = Message::RecoveryLink { link: "https://souk.ma/fr/reinitialiser?jeton=Zx9&a=1".into(), hours: 24 };
        mailer.send("karim@example.ma", Lang::Fr, &msg).await.expect("sent");

        let files = raw_files(&dir);
        assert_eq!(files.len(), 1, "{files:?}");
        let (name, raw) = &files[0];
        assert!(name.ends_with("-email.eml"), "{name}");
        assert!(raw.contains("multipart/alternative"), "{raw}");
        assert!(raw.contains("Content-Type: text/html; charset=utf-8"), "{raw}");
        assert!(raw.contains("Content-Language: fr"), "{raw}");
        assert!(raw.contains("Message-ID: <") && raw.contains("@souk.ma>"), "{raw}");
        // French text with accents: lettre chooses quoted-printable.
        assert!(raw.contains("Content-Transfer-Encoding: quoted-printable"), "{raw}");

        let entries = read_outbox(&dir, 10).expect("read");
        assert_eq!(entries.len(), 1);
        let entry = &entries[0];
        let rendered = render_email(&msg, Lang::Fr);
        assert_eq!(entry.channel, Channel::Email);
        assert_eq!(entry.to, "karim@example.ma");
        assert_eq!(entry.lang, Some(Lang::Fr));
        assert_eq!(entry.kind.as_deref(), Some("recovery_link"));
        assert_eq!(entry.subject.as_deref(), Some(rendered.subject.as_str()));
        assert_eq!(entry.text, rendered.text);
        assert_eq!(entry.html.as_deref(), Some(rendered.html.as_str()));
        assert_eq!(entry.link.as_deref(), Some("https://souk.ma/fr/reinitialiser?jeton=Zx9&a=1"));
        assert_eq!(entry.code, None);
        let _ = std::fs::remove_dir_all(dir.parent().unwrap_or(&dir));
    }

    #[tokio::test]
    async fn an_arabic_email_is_encoded_by_lettre_and_decoded_back() {
        let dir = temp_outbox("mail-ar");
        let mailer = outbox_mailer(&dir);
        let msg = Message::EmailVerification {
            link: "https://souk.ma/ar/verify?token=abc".into(),
            code: "530671".into(),
            hours: 48,
        };
        mailer.send("Amina <amina@example.ma>", Lang::Ar, &msg).await.expect("sent");
        let refused = Message::AdRefused {
            title: "شقة للكراء في طنجة".into(), reason: "صور غير واضحة".into()
        };
        mailer.send("amina@example.ma", Lang::Ar, &refused).await.expect("sent");

        let files = raw_files(&dir);
        assert_eq!(files.len(), 2, "{files:?}");
        for (_, raw) in &files {
            // Arabic is all non-ASCII: lettre encodes the subject as RFC 2047 words and the
            // bodies as base64.
            assert!(raw.contains("Subject: =?utf-8?b?"), "{raw}");
            assert!(raw.contains("Content-Transfer-Encoding: base64"), "{raw}");
            assert!(raw.contains("Content-Language: ar"), "{raw}");
            assert!(!raw.contains("مرحبًا"), "{raw}");
        }

        let entries = read_outbox(&dir, 10).expect("read");
        assert_eq!(entries.len(), 2);
        let (newest, oldest) = (&entries[0], &entries[1]);
        let rendered = render_email(&refused, Lang::Ar);
        assert_eq!(newest.subject.as_deref(), Some(rendered.subject.as_str()));
        assert_eq!(newest.subject.as_deref(), Some("لم يتم قبول إعلانك «شقة للكراء في طنجة»"));
        assert_eq!(newest.text, rendered.text);
        assert!(newest.text.contains("السبب: صور غير واضحة"), "{}", newest.text);

        let rendered = render_email(&msg, Lang::Ar);
        assert_eq!(oldest.to, "Amina <amina@example.ma>");
        assert_eq!(oldest.lang, Some(Lang::Ar));
        assert_eq!(oldest.subject.as_deref(), Some("أكّد عنوان بريدك الإلكتروني"));
        assert_eq!(oldest.text, rendered.text);
        assert_eq!(oldest.html.as_deref(), Some(rendered.html.as_str()));
        assert!(oldest.text.contains("530671") && oldest.text.contains("https://souk.ma/ar/verify?token=abc"));
        assert_eq!(oldest.code.as_deref(), Some("530671"));
        assert!(oldest.sent_at <= newest.sent_at);

        assert!(!dir.join(".staging").read_dir().expect("staging").any(|_| true), "staging left behind");
        let _ = std::fs::remove_dir_all(dir.parent().unwrap_or(&dir));
    }

    #[tokio::test]
    async fn a_bad_recipient_is_an_address_error_and_writes_nothing() {
        let dir = temp_outbox("mail-bad");
        let mailer = outbox_mailer(&dir);
        let msg = Message::RecoveryLink { link: "https://souk.ma/r".into(), hours: 1 };
        for bad in ["", "karim", "karim@", "a@b.c\r\nBcc: x@y.z"] {
            let result = mailer.send(bad, Lang::Fr, &msg).await;
            assert!(matches!(result, Err(NotifyError::Address(_))), "{bad:?}: {result:?}");
        }
        assert!(!dir.exists());
    }

    #[test]
    fn settings_read_from_configuration_and_hide_the_password() {
        let settings: MailSettings = serde_json::from_value(serde_json::json!({
            "from": "Souk <no-reply@souk.ma>",
            "transport": { "kind": "smtp", "host": "smtp.example.ma", "port": 587,
                           "username": "souk", "password": "s3cret", "tls": "starttls" }
        }))
        .expect("settings");
        assert_eq!(
            settings.transport,
            MailTransport::Smtp {
                host: "smtp.example.ma".into(),
                port: 587,
                username: Some("souk".into()),
                password: Some("s3cret".into()),
                tls: SmtpTls::StartTls,
            }
        );
        assert!(!format!("{settings:?}").contains("s3cret"));
        let outbox: MailTransport =
            serde_json::from_value(serde_json::json!({ "kind": "outbox", "dir": "data/outbox" })).expect("outbox");
        assert_eq!(outbox, MailTransport::Outbox { dir: PathBuf::from("data/outbox") });
    }

    #[test]
    fn the_smtp_mailer_needs_a_runtime_and_a_valid_sender() {
        let smtp = MailTransport::Smtp {
            host: "127.0.0.1".into(),
            port: 2525,
            username: None,
            password: None,
            tls: SmtpTls::None,
        };
        let outside = LettreMailer::new(&MailSettings { from: "Souk <no-reply@souk.ma>".into(), transport: smtp });
        assert!(matches!(outside, Err(NotifyError::Build(_))), "{outside:?}");
        let bad_from = LettreMailer::new(&MailSettings {
            from: "no sender".into(),
            transport: MailTransport::Outbox { dir: PathBuf::from("x") },
        });
        assert!(matches!(bad_from, Err(NotifyError::Build(_))), "{bad_from:?}");
    }
}
