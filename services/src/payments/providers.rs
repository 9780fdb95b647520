//! The payment providers' side (docs/payments.md "Provider adapter"): the signed callback
//! every provider sends when an order is paid or refused (HMAC-SHA256 over the timestamp and
//! the body, a timestamp within the tolerance, each event applied once), and the sandbox card
//! provider `souk serve` runs in embedded mode — its hosted page, which accepts the usual test
//! card numbers, sends the same signed callback and returns the buyer to the result pages.

use super::PaymentService;
use crate::ads::service::now;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;
use souk_domain::payments::{PaymentMethod, PaymentStatus, Provider, normalize_code, status_at};
use souk_domain::{ErrorCode, SoukError};
use souk_storage::payments::PaymentOrder;

/// The secret each provider signs its callbacks with. The defaults are the sandbox's, for
/// embedded mode only; a deployment sets its own (`[payments]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderSecrets {
    pub card: String,
    pub agency: String,
    pub sms: String,
    pub bank: String,
}

impl Default for ProviderSecrets {
    fn default() -> Self {
        ProviderSecrets {
            card: "sandbox-card-secret".into(),
            agency: "sandbox-agency-secret".into(),
            sms: "sandbox-sms-secret".into(),
            bank: "sandbox-bank-secret".into(),
        }
    }
}

impl ProviderSecrets {
    fn of(&self, p: Provider) -> &str {
        match p {
            Provider::Card => &self.card,
            Provider::Agency => &self.agency,
            Provider::Sms => &self.sms,
            Provider::Bank => &self.bank,
        }
    }
}

/// A provider's callback body.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CallbackEvent {
    /// The provider's id of this event: a second delivery carries the same.
    pub event_id: String,
    /// The order, by id (card) or by payment code (agencies, SMS, banking apps).
    #[serde(default)]
    pub order_id: Option<String>,
    #[serde(default)]
    pub code: Option<String>,
    /// `paid` or `declined`.
    pub status: String,
    /// What was paid, in centimes: must be the order's total.
    pub amount_centimes: i64,
}

/// What a callback did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallbackOutcome {
    /// The order is paid now.
    Paid,
    /// The attempt was refused; the order waits for another.
    Declined,
    /// This event was applied before: nothing done again.
    Duplicate,
}

impl CallbackOutcome {
    pub fn as_str(self) -> &'static str {
        match self {
            CallbackOutcome::Paid => "paid",
            CallbackOutcome::Declined => "declined",
            CallbackOutcome::Duplicate => "duplicate",
        }
    }
}

fn mac(secret: &str) -> Hmac<Sha256> {
    Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes a key of any length")
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) {
        return None;
    }
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok()).collect()
}

/// The `X-Souk-Signature` of a callback: `sha256=` and the hex HMAC-SHA256 of
/// `{timestamp}.{body}` with the provider's secret.
pub fn sign_callback(secret: &str, timestamp: i64, body: &[u8]) -> String {
    let mut m = mac(secret);
    m.update(timestamp.to_string().as_bytes());
    m.update(b".");
    m.update(body);
    format!("sha256={}", hex(&m.finalize().into_bytes()))
}

/// A refusal of a callback's credentials: the same answer whatever was wrong.
fn unsigned(detail: &str) -> SoukError {
    SoukError::with_detail(ErrorCode::InvalidToken, format!("payment callback: {detail}"))
}

/// The sandbox card page of an order: what it shows.
#[derive(Debug, Clone, PartialEq)]
pub struct CardPage {
    pub order: PaymentOrder,
    /// The signature the page's form sends back.
    pub sig: String,
}

/// Test card numbers of the sandbox (the providers' usual ones).
const CARD_APPROVED: &str = "4242424242424242";
const CARD_DECLINED: &str = "4000000000000002";

impl PaymentService {
    /// `POST /payments/callback/{provider}`: a provider says an order was paid or refused.
    /// Refused before anything is read: an unknown provider (`NOT_FOUND`), a missing or wrong
    /// signature or a timestamp outside the tolerance (`INVALID_TOKEN`). Then: an event seen
    /// before is answered `Duplicate` and changes nothing; an order it does not name or that
    /// this provider does not take is `NO_ORDER_IS_UPDATED` / `UPDATE_IS_NOT_ALLOWED`; an
    /// amount that is not the order's total `INVALID_ARGUMENT`; an order past its expiry is
    /// refused (`UPDATE_IS_NOT_ALLOWED`) and logged. Paying goes through `settle_paid`, which
    /// pays an order once however many callbacks arrive.
    pub async fn provider_callback(
        &self,
        provider: &str,
        timestamp: Option<&str>,
        signature: Option<&str>,
        body: &[u8],
    ) -> Result<CallbackOutcome, SoukError> {
        let provider = Provider::parse(provider)
            .ok_or_else(|| SoukError::with_detail(ErrorCode::NotFound, format!("provider {provider:?}")))?;
        let t = now();
        let ts: i64 = timestamp.and_then(|s| s.trim().parse().ok()).ok_or_else(|| unsigned("no timestamp"))?;
        if (t - ts).abs() > self.settings.callback_tolerance_secs {
            tracing::warn!(provider = provider.as_str(), timestamp = ts, "payment callback refused: stale timestamp");
            return Err(unsigned("stale timestamp"));
        }
        let given = signature
            .and_then(|s| s.trim().strip_prefix("sha256="))
            .and_then(unhex)
            .ok_or_else(|| unsigned("no signature"))?;
        let mut m = mac(self.settings.secrets.of(provider));
        m.update(ts.to_string().as_bytes());
        m.update(b".");
        m.update(body);
        if m.verify_slice(&given).is_err() {
            tracing::warn!(provider = provider.as_str(), "payment callback refused: wrong signature");
            return Err(unsigned("wrong signature"));
        }
        let event: CallbackEvent = serde_json::from_slice(body)
            .map_err(|e| SoukError::with_detail(ErrorCode::MalformedRequest, format!("callback body: {e}")))?;
        if self.store.seen_callback(provider.as_str(), &event.event_id).await.map_err(SoukError::internal)? {
            tracing::info!(provider = provider.as_str(), event = %event.event_id, "payment callback delivered again: ignored");
            return Ok(CallbackOutcome::Duplicate);
        }
        let order = self.callback_order(&event).await?;
        if order.method.provider() != Some(provider) {
            return Err(SoukError::with_detail(
                ErrorCode::UpdateIsNotAllowed,
                format!("{} does not confirm {} payments", provider.as_str(), order.method.as_str()),
            ));
        }
        if event.amount_centimes != order.total.centimes() {
            tracing::warn!(order = %order.order_id, amount = event.amount_centimes, total = order.total.centimes(), "payment callback refused: amount");
            return Err(SoukError::with_detail(ErrorCode::InvalidArgument, "amount is not the order's total"));
        }
        if status_at(order.status, order.expires_at, t) == PaymentStatus::Expired {
            tracing::warn!(order = %order.order_id, provider = provider.as_str(), event = %event.event_id, "payment callback after the order expired: refused");
            self.record(provider, &event, &order, "refused-expired", t).await?;
            return Err(SoukError::with_detail(ErrorCode::UpdateIsNotAllowed, "the order has expired"));
        }
        let outcome = match event.status.as_str() {
            "paid" => match self.settle_paid(&order, t).await {
                Ok(_) => CallbackOutcome::Paid,
                // Paid by another event already: this one changes nothing.
                Err(e) if e.code == ErrorCode::OrderAlreadyCompleted => CallbackOutcome::Duplicate,
                Err(e) => return Err(e),
            },
            "declined" => {
                match self.store.record_failure(&order.order_id, ErrorCode::InvalidOperation.code(), t).await {
                    Ok(_) => CallbackOutcome::Declined,
                    Err(souk_storage::StoreError::Conflict(_)) => CallbackOutcome::Duplicate,
                    Err(e) => return Err(SoukError::internal(e)),
                }
            }
            other => {
                return Err(SoukError::with_detail(ErrorCode::MalformedRequest, format!("callback status {other:?}")));
            }
        };
        self.record(provider, &event, &order, outcome.as_str(), t).await?;
        Ok(outcome)
    }

    async fn record(
        &self,
        provider: Provider,
        event: &CallbackEvent,
        order: &PaymentOrder,
        outcome: &str,
        at: i64,
    ) -> Result<(), SoukError> {
        self.store
            .record_callback(provider.as_str(), &event.event_id, Some(&order.order_id), outcome, at)
            .await
            .map(|_| ())
            .map_err(SoukError::internal)
    }

    async fn callback_order(&self, event: &CallbackEvent) -> Result<PaymentOrder, SoukError> {
        let found = match (&event.order_id, &event.code) {
            (Some(id), _) => self.store.order(id).await,
            (None, Some(code)) => self.store.order_by_code(&normalize_code(code)?).await,
            (None, None) => return Err(SoukError::with_detail(ErrorCode::Required, "orderId or code")),
        };
        found
            .map_err(SoukError::internal)?
            .ok_or_else(|| SoukError::with_detail(ErrorCode::NoOrderIsUpdated, "callback of an unknown order"))
    }

    /// The signature of an order's sandbox card link (so that only the link Souk handed out
    /// opens the page).
    fn card_link_sig(&self, order_id: &str) -> String {
        let mut m = mac(&self.settings.secrets.card);
        m.update(b"sandbox-card:");
        m.update(order_id.as_bytes());
        hex(&m.finalize().into_bytes())
    }

    /// Where the buyer pays an unpaid card order: the sandbox's hosted page, in `lang`.
    pub fn redirect_url(&self, order: &PaymentOrder, lang: &str) -> Option<String> {
        let unpaid =
            matches!(status_at(order.status, order.expires_at, now()), PaymentStatus::Pending | PaymentStatus::Ongoing);
        (order.method == PaymentMethod::Cc && unpaid && self.settings.sandbox).then(|| {
            format!("/sandbox/card/{}?lang={lang}&sig={}", order.order_id, self.card_link_sig(&order.order_id))
        })
    }

    fn check_card_link(&self, order_id: &str, sig: &str) -> Result<(), SoukError> {
        let expected = self.card_link_sig(order_id);
        let same =
            expected.len() == sig.len() && expected.bytes().zip(sig.bytes()).fold(0u8, |a, (x, y)| a | (x ^ y)) == 0;
        if !self.settings.sandbox || !same {
            return Err(SoukError::with_detail(ErrorCode::NotFound, "sandbox card link"));
        }
        Ok(())
    }

    /// `GET /sandbox/card/{order}`: the buyer opened the card page — the order is ongoing.
    pub async fn card_page(&self, order_id: &str, sig: &str) -> Result<CardPage, SoukError> {
        self.check_card_link(order_id, sig)?;
        let order = match self.store.mark_ongoing(order_id, now()).await {
            Ok(o) => o,
            // Paid, expired or refunded already: the page says so.
            Err(souk_storage::StoreError::Conflict(_)) => self
                .store
                .order(order_id)
                .await
                .map_err(SoukError::internal)?
                .ok_or_else(|| SoukError::with_detail(ErrorCode::NotFound, "sandbox card order"))?,
            Err(e) => return Err(SoukError::internal(e)),
        };
        Ok(CardPage { order: super::as_of(order, now()), sig: sig.to_string() })
    }

    /// `POST /sandbox/card/{order}` with `cancel`: the buyer gave up at the provider — the
    /// attempt is refused (`INVALID_OPERATION`) and the buyer goes to the failure page.
    pub async fn card_cancel(&self, order_id: &str, sig: &str, lang: &str) -> Result<String, SoukError> {
        self.check_card_link(order_id, sig)?;
        match self.store.record_failure(order_id, ErrorCode::InvalidOperation.code(), now()).await {
            Ok(_) | Err(souk_storage::StoreError::Conflict(_)) => {}
            Err(e) => return Err(SoukError::internal(e)),
        }
        Ok(self.result_url(order_id, lang, false))
    }

    fn result_url(&self, order_id: &str, lang: &str, paid: bool) -> String {
        let lang = if lang == "ar" { "ar" } else { "fr" };
        let (page, result) = if paid { ("success", "paid") } else { ("failure", "declined") };
        format!(
            "/{lang}/payment/{page}?order={order_id}&result={result}&sig={}",
            self.card_link_sig(&format!("{order_id}:{result}"))
        )
    }

    /// `POST /sandbox/card/{order}`: the card form. `4242 4242 4242 4242` is approved,
    /// `4000 0000 0000 0002` declined (both as the provider's signed callback, through
    /// [`provider_callback`](Self::provider_callback)); another number is `INVALID_ARGUMENT`
    /// and the page asks again. Answers where the buyer goes: the result page of the order.
    pub async fn card_submit(
        &self,
        order_id: &str,
        sig: &str,
        card_number: &str,
        lang: &str,
    ) -> Result<String, SoukError> {
        self.check_card_link(order_id, sig)?;
        let number: String = card_number.chars().filter(|c| !c.is_whitespace() && *c != '-').collect();
        let status = match number.as_str() {
            CARD_APPROVED => "paid",
            CARD_DECLINED => "declined",
            _ => return Err(SoukError::with_detail(ErrorCode::InvalidArgument, "card number")),
        };
        let order = self
            .store
            .order(order_id)
            .await
            .map_err(SoukError::internal)?
            .ok_or_else(|| SoukError::with_detail(ErrorCode::NotFound, "sandbox card order"))?;
        let event = CallbackEvent {
            event_id: format!("sandbox-{}", uuid::Uuid::new_v4()),
            order_id: Some(order.order_id.clone()),
            code: None,
            status: status.into(),
            amount_centimes: order.total.centimes(),
        };
        let body = serde_json::to_vec(&event).map_err(SoukError::internal)?;
        let t = now();
        let signature = sign_callback(&self.settings.secrets.card, t, &body);
        let outcome = self.provider_callback("card", Some(&t.to_string()), Some(&signature), &body).await;
        let paid = match outcome {
            Ok(CallbackOutcome::Paid) => true,
            Ok(_) => self.store.order(order_id).await.ok().flatten().is_some_and(|o| o.status == PaymentStatus::Paid),
            Err(e) => {
                tracing::warn!(order = order_id, error = %e, "sandbox card payment refused");
                false
            }
        };
        Ok(self.result_url(order_id, lang, paid))
    }
}
