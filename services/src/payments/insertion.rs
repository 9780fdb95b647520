//! The insertion fee of an ad waiting for payment (spec §3 insertion fees, §4 "pending-payment
//! becomes published after payment", §9): the fee of one of my ads with what each checkout
//! method costs, ordering its payment (a card page, or a ten-digit code valid 48 hours; one
//! open order per ad), and the admins' confirmation of a code paid at an agency.

use super::{PaymentService, as_of};
use crate::accounts::service::Caller;
use crate::ads::AdService;
use crate::ads::service::now;
use souk_domain::ad::AdStatus;
use souk_domain::money::Money;
use souk_domain::payments::{
    self, Amounts, PaymentMethod, Purpose, amounts, check_can_order, checkout_method, normalize_code,
};
use souk_domain::{ErrorCode, SoukError};
use souk_storage::ads::StoredAd;
use souk_storage::payments::PaymentOrder;

/// One checkout method and what the fee costs with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MethodOffer {
    pub method: PaymentMethod,
    /// Whether Souk takes the fee this way on this deployment (the card needs a provider).
    pub available: bool,
    pub amounts: Amounts,
}

/// The insertion fee of one of my ads.
#[derive(Debug, Clone, PartialEq)]
pub struct InsertionFee {
    pub ad: StoredAd,
    pub fee: Money,
    /// Whether the ad waits for payment (only then can its payment be ordered).
    pub due: bool,
    pub methods: Vec<MethodOffer>,
    /// The ad's order still open, if one was made.
    pub open_order: Option<PaymentOrder>,
}

/// What a confirmation did: the order as paid, and where its ad stands afterwards.
#[derive(Debug, Clone, PartialEq)]
pub struct Confirmation {
    pub order: PaymentOrder,
    pub ad_status: AdStatus,
}

impl PaymentService {
    fn fee_of(&self, ad: &StoredAd) -> Result<Money, SoukError> {
        payments::insertion_fee(self.catalog.tree(), ad.ad.category_id)
            .ok_or_else(|| SoukError::internal(format!("no insertion fee for category {}", ad.ad.category_id)))
    }

    /// Whether this deployment takes payments by `method` now: a card only with a provider.
    pub(super) fn method_available(&self, method: PaymentMethod) -> bool {
        method != PaymentMethod::Cc || self.settings.sandbox
    }

    /// `getMyAdInsertionFee(adId)`: the fee of one of the caller's ads, each checkout method
    /// with its extra fee and total, and the ad's open order if it has one.
    pub async fn insertion_fee(&self, caller: &Caller, ad_id: &str) -> Result<InsertionFee, SoukError> {
        let ad = self.own_ad(caller, ad_id).await?;
        let fee = self.fee_of(&ad)?;
        let methods = PaymentMethod::CHECKOUT
            .into_iter()
            .map(|method| MethodOffer {
                method,
                available: self.method_available(method),
                amounts: amounts(fee, method),
            })
            .collect();
        let t = now();
        let open_order = self.store.open_order_of_ad(ad_id, t).await.map_err(SoukError::internal)?.map(|o| as_of(o, t));
        let due = ad.ad.status == AdStatus::PendingPayment;
        Ok(InsertionFee { ad, fee, due, methods, open_order })
    }

    /// `orderAdPayment(adId, method)`: the payment of the insertion fee of the caller's ad
    /// waiting for payment — a card page or a code valid 48 hours. While the ad has an open
    /// order, that order is the answer (whatever the method asked): one open order per ad. A
    /// method the checkout does not take is `UNKNOWN_PAYMENT_METHOD`; nothing is stored on any
    /// refusal.
    pub async fn order_payment(&self, caller: &Caller, ad_id: &str, method: &str) -> Result<PaymentOrder, SoukError> {
        let method = checkout_method(method)?;
        if !self.method_available(method) {
            return Err(SoukError::with_detail(ErrorCode::UnknownPaymentMethod, "no card provider"));
        }
        let ad = self.ads.find_ad(ad_id).await.map_err(SoukError::internal)?;
        let Some(ad) = ad else {
            return Err(SoukError::with_detail(ErrorCode::AdNotFound, ad_id.to_string()));
        };
        check_can_order(ad.ad.account_id, caller.account_id(), ad.ad.status)?;
        let a = amounts(self.fee_of(&ad)?, method);
        let t = now();
        let opened = self
            .open_with_code(t, |code| Self::unpaid_order(caller, Purpose::Insertion, &ad, method, a, t, code))
            .await?;
        Ok(as_of(opened.order(), t))
    }

    /// `confirmPaymentCode(code)`, admins only: the agency's confirmation that the code was paid
    /// by hand (agencies also confirm with their signed callback). A valid unpaid code becomes
    /// paid (an insertion fee publishes its ad), once: a second confirmation is
    /// `ORDER_ALREADY_COMPLETED`, an expired or refunded code `UPDATE_IS_NOT_ALLOWED`, an unknown
    /// one `NO_ORDER_IS_UPDATED`. A code whose ad no longer waits for payment (deleted meanwhile)
    /// is refused before any money is recorded.
    pub async fn confirm_code(&self, caller: &Caller, code: &str) -> Result<Confirmation, SoukError> {
        AdService::require_admin(caller)?;
        let code = normalize_code(code)?;
        let order = self
            .store
            .order_by_code(&code)
            .await
            .map_err(SoukError::internal)?
            .ok_or_else(|| SoukError::with_detail(ErrorCode::NoOrderIsUpdated, "unknown payment code"))?;
        let paid = self.settle_paid(&order, now()).await?;
        tracing::info!(order = %paid.order_id, admin = caller.account_id(), "payment code confirmed by an admin");
        let ad_status = self.ads.find_ad(&paid.ad_id).await.map_err(SoukError::internal)?.map(|a| a.ad.status);
        Ok(Confirmation { order: paid, ad_status: ad_status.unwrap_or(AdStatus::Deleted) })
    }
}
