//! Outbound messages of Souk: the kinds of message the platform sends (one-time codes, recovery
//! links, e-mail verification, moderation outcomes), their wording in French and Arabic, and the
//! two channels that carry them — e-mail (`Mailer`, lettre: files in the outbox or SMTP) and
//! one-time codes by messaging app (`MessageSender`, the outbox in embedded mode).
//!
//! In embedded mode everything lands in `<data_dir>/outbox/`, which `read_outbox` lists for the
//! development endpoint and for tests that read codes back.

mod mail;
mod outbox;
mod sms;
mod texts;

pub use mail::{LettreMailer, MailSettings, MailTransport, Mailer, SmtpTls};
pub use outbox::{Channel, OutboxEntry, outbox_dir, read_outbox};
pub use sms::{MessageSender, OutboxMessageSender};
pub use texts::{RenderedEmail, render_email, render_sms};

/// A message Souk sends to a person, with what it needs to say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Message {
    /// The six-digit code that proves a phone number (sign-up, phone login).
    PhoneVerificationCode { code: String, minutes: u32 },
    /// The code that lets a private user reset a forgotten password by phone.
    RecoveryCode { code: String, minutes: u32 },
    /// The link that lets a shop owner reset a forgotten password by e-mail.
    RecoveryLink { link: String, hours: u32 },
    /// The link (and the code, for typing it in) that confirms an e-mail address.
    EmailVerification { link: String, code: String, hours: u32 },
    /// Moderation refused an ad; the owner learns why (spec: "Refused: reason emailed").
    AdRefused { title: String, reason: String },
    /// A visitor wrote to the seller about an ad from the message form (spec §2, §6).
    SellerMessage { title: String, from_email: String, text: String, cv_attached: bool, link: String },
    /// A visitor's first message waits: the link that confirms their address and delivers it
    /// (docs/security.md), valid `hours`.
    SellerMessageConfirmation { title: String, link: String, hours: u32 },
    /// Several visitor messages to one seller within the digest window, in one e-mail.
    SellerMessageDigest { messages: Vec<DigestMessage>, link: String },
    /// The daily digest of new ads matching saved searches: per search, its name and the new
    /// ads (title, link), and how many more there are than listed.
    SavedSearchDigest { searches: Vec<DigestSearch> },
    /// A buyer placed an order on a seller-centre product (issue 23's order alert).
    NewOrder { order_id: String, product: String, units: u32, total: String, buyer: String, link: String },
    /// A PENDING order was not prepared in time: the seller is reminded.
    OrderReminder { order_id: String, product: String, hours: u32, link: String },
    /// A pre-approved credit request was received (spec §3, issue 25): what was asked, with the
    /// simulated monthly payment; the amounts already written (`1 409,56 DH`).
    CreditRequestReceived { title: String, amount: String, months: u32, monthly_payment: String, link: String },
    /// A car valuation's estimate (spec §3 valuation output, issue 25), sent when it is made and
    /// again on request; the amounts already written (`95 000 DH`), `expires` a date.
    ValuationEstimate {
        car: String,
        low: String,
        high: String,
        ad_value: String,
        transaction_value: String,
        confidence: u8,
        expires: String,
        link: String,
    },
}

/// One visitor message in a seller's digest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DigestMessage {
    pub title: String,
    pub from_email: String,
    pub text: String,
    pub cv_attached: bool,
}

/// One saved search in a digest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DigestSearch {
    pub name: String,
    pub ads: Vec<(String, String)>,
    pub more: usize,
}

impl Message {
    /// A stable name of the kind, written in the outbox and in the `X-Souk-Kind` mail header.
    pub fn kind(&self) -> &'static str {
        match self {
            Message::PhoneVerificationCode { .. } => "phone_verification_code",
            Message::RecoveryCode { .. } => "recovery_code",
            Message::RecoveryLink { .. } => "recovery_link",
            Message::EmailVerification { .. } => "email_verification",
            Message::AdRefused { .. } => "ad_refused",
            Message::SellerMessage { .. } => "seller_message",
            Message::SellerMessageConfirmation { .. } => "seller_message_confirmation",
            Message::SellerMessageDigest { .. } => "seller_message_digest",
            Message::SavedSearchDigest { .. } => "saved_search_digest",
            Message::NewOrder { .. } => "new_order",
            Message::OrderReminder { .. } => "order_reminder",
            Message::CreditRequestReceived { .. } => "credit_request_received",
            Message::ValuationEstimate { .. } => "valuation_estimate",
        }
    }

    /// The one-time code the message carries, if any.
    pub fn code(&self) -> Option<&str> {
        match self {
            Message::PhoneVerificationCode { code, .. }
            | Message::RecoveryCode { code, .. }
            | Message::EmailVerification { code, .. } => Some(code),
            Message::RecoveryLink { .. }
            | Message::AdRefused { .. }
            | Message::SellerMessage { .. }
            | Message::SellerMessageConfirmation { .. }
            | Message::SellerMessageDigest { .. }
            | Message::SavedSearchDigest { .. }
            | Message::NewOrder { .. }
            | Message::OrderReminder { .. }
            | Message::CreditRequestReceived { .. }
            | Message::ValuationEstimate { .. } => None,
        }
    }

    /// The link the message carries, if any.
    pub fn link(&self) -> Option<&str> {
        match self {
            Message::RecoveryLink { link, .. } | Message::EmailVerification { link, .. } => Some(link),
            Message::SellerMessage { link, .. }
            | Message::SellerMessageConfirmation { link, .. }
            | Message::SellerMessageDigest { link, .. }
            | Message::NewOrder { link, .. }
            | Message::OrderReminder { link, .. }
            | Message::CreditRequestReceived { link, .. }
            | Message::ValuationEstimate { link, .. } => Some(link),
            Message::PhoneVerificationCode { .. }
            | Message::RecoveryCode { .. }
            | Message::AdRefused { .. }
            | Message::SavedSearchDigest { .. } => None,
        }
    }
}

/// Why a message could not be sent or the outbox could not be read.
#[derive(Debug, thiserror::Error)]
pub enum NotifyError {
    #[error("outbox: {0}")]
    Io(#[from] std::io::Error),
    #[error("smtp: {0}")]
    Smtp(String),
    /// The recipient (e-mail address or phone number) is not one a message can go to.
    #[error("bad recipient: {0}")]
    Address(String),
    #[error("cannot build the message: {0}")]
    Build(String),
}
