//! The Payments use cases for the insertion fee of an ad waiting for payment (spec §3, §4, §9):
//! the fee of one of my ads with what each checkout method costs, ordering its payment with an
//! offline method (a ten-digit code valid 48 hours, one open order per ad), my payment orders,
//! and the agency's confirmation of a code, which publishes the ad once. Each function checks
//! who is asking before anything else.

use crate::accounts::service::Caller;
use crate::ads::AdService;
use crate::ads::service::now;
use crate::catalog::CatalogService;
use rand_core::{OsRng, RngCore};
use souk_domain::ad::AdStatus;
use souk_domain::money::Money;
use souk_domain::orders::orders_page;
use souk_domain::payments::{
    self, Amounts, PaymentMethod, PaymentStatus, amounts, check_can_order, checkout_method, expiry_of, normalize_code,
    payment_code, status_at,
};
use souk_domain::{ErrorCode, SoukError};
use souk_storage::StoreError;
use souk_storage::ads::{AdStore, StoredAd};
use souk_storage::payments::{PaymentOrder, PaymentStore};
use std::sync::Arc;

/// Fresh codes tried when a drawn one is already taken (ten digits: a clash is rare, two in a
/// row would mean the random source is broken).
const CODE_ATTEMPTS: usize = 3;

/// One checkout method and what the fee costs with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MethodOffer {
    pub method: PaymentMethod,
    /// Whether Souk takes the fee this way (the card is listed, not taken: no provider).
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
    /// The ad's order whose code is still valid, if one was made.
    pub open_order: Option<PaymentOrder>,
}

/// What a confirmation did: the order as paid, and where its ad stands afterwards.
#[derive(Debug, Clone, PartialEq)]
pub struct Confirmation {
    pub order: PaymentOrder,
    pub ad_status: AdStatus,
}

pub struct PaymentService {
    store: Arc<dyn PaymentStore>,
    ads: Arc<dyn AdStore>,
    ad_service: Arc<AdService>,
    catalog: Arc<CatalogService>,
}

/// The order with the status it has at `now` (a pending code past its 48 hours is expired).
fn as_of(mut order: PaymentOrder, now: i64) -> PaymentOrder {
    order.status = status_at(order.status, order.expires_at, now);
    order
}

impl PaymentService {
    pub fn new(
        store: Arc<dyn PaymentStore>,
        ads: Arc<dyn AdStore>,
        ad_service: Arc<AdService>,
        catalog: Arc<CatalogService>,
    ) -> PaymentService {
        PaymentService { store, ads, ad_service, catalog }
    }

    /// The caller's ad (another account's is `AD_NOT_FOUND`, its existence not revealed).
    async fn own_ad(&self, caller: &Caller, ad_id: &str) -> Result<StoredAd, SoukError> {
        let ad = self.ads.find_ad(ad_id).await.map_err(SoukError::internal)?;
        match ad {
            Some(ad) if ad.ad.account_id == caller.account_id() => Ok(ad),
            _ => Err(SoukError::with_detail(ErrorCode::AdNotFound, ad_id.to_string())),
        }
    }

    fn fee_of(&self, ad: &StoredAd) -> Result<Money, SoukError> {
        payments::insertion_fee(self.catalog.tree(), ad.ad.category_id)
            .ok_or_else(|| SoukError::internal(format!("no insertion fee for category {}", ad.ad.category_id)))
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
                available: method.takes_insertion_fees(),
                amounts: amounts(fee, method),
            })
            .collect();
        let t = now();
        let open_order = self.store.open_order_of_ad(ad_id, t).await.map_err(SoukError::internal)?.map(|o| as_of(o, t));
        let due = ad.ad.status == AdStatus::PendingPayment;
        Ok(InsertionFee { ad, fee, due, methods, open_order })
    }

    /// `orderAdPayment(adId, method)`: a payment code for the insertion fee of the caller's ad
    /// waiting for payment, valid 48 hours. While the ad has an open order, that order is the
    /// answer (whatever the method asked): one open order per ad. A method the checkout does not
    /// take is `UNKNOWN_PAYMENT_METHOD`; nothing is stored on any refusal.
    pub async fn order_payment(&self, caller: &Caller, ad_id: &str, method: &str) -> Result<PaymentOrder, SoukError> {
        let method = checkout_method(method)?;
        let ad = self.ads.find_ad(ad_id).await.map_err(SoukError::internal)?;
        let Some(ad) = ad else {
            return Err(SoukError::with_detail(ErrorCode::AdNotFound, ad_id.to_string()));
        };
        check_can_order(ad.ad.account_id, caller.account_id(), ad.ad.status)?;
        let a = amounts(self.fee_of(&ad)?, method);
        let t = now();
        let mut last = None;
        for _ in 0..CODE_ATTEMPTS {
            let order = PaymentOrder {
                order_id: uuid::Uuid::now_v7().to_string(),
                account_id: caller.account_id(),
                ad_id: ad.ad.ad_id.clone(),
                list_id: ad.ad.list_id,
                ad_title: ad.ad.title.clone(),
                code: payment_code(OsRng.next_u64()),
                method,
                fee: a.fee,
                extra_fee: a.extra_fee,
                total: a.total,
                status: PaymentStatus::Pending,
                created_at: t,
                expires_at: expiry_of(t),
                paid_at: None,
            };
            match self.store.open_order(order, t).await {
                Ok(opened) => return Ok(as_of(opened.order(), t)),
                Err(StoreError::Conflict(d)) => last = Some(d),
                Err(e) => return Err(SoukError::internal(e)),
            }
        }
        Err(SoukError::internal(format!("no free payment code after {CODE_ATTEMPTS} draws: {last:?}")))
    }

    /// `getMyPaymentOrders(page, size)`: the caller's orders, newest first, with their count.
    pub async fn my_orders(
        &self,
        caller: &Caller,
        page: Option<i64>,
        size: Option<i64>,
    ) -> Result<(Vec<PaymentOrder>, u64), SoukError> {
        let (offset, limit) = orders_page(page, size)?;
        let (orders, count) =
            self.store.orders_of_account(caller.account_id(), offset, limit).await.map_err(SoukError::internal)?;
        let t = now();
        Ok((orders.into_iter().map(|o| as_of(o, t)).collect(), count))
    }

    /// `confirmPaymentCode(code)`, admins only: the agency's confirmation that the code was paid
    /// (in production the payment provider's callback). A valid pending code becomes paid and
    /// its ad is published (`AdService::payment_received`), once: a second confirmation is
    /// `ORDER_ALREADY_COMPLETED`, an expired or refunded code `UPDATE_IS_NOT_ALLOWED`, an
    /// unknown one `NO_ORDER_IS_UPDATED`. A code whose ad no longer waits for payment (deleted
    /// meanwhile) is refused before any money is recorded.
    pub async fn confirm_code(&self, caller: &Caller, code: &str) -> Result<Confirmation, SoukError> {
        AdService::require_admin(caller)?;
        let code = normalize_code(code)?;
        let order = self
            .store
            .order_by_code(&code)
            .await
            .map_err(SoukError::internal)?
            .ok_or_else(|| SoukError::with_detail(ErrorCode::NoOrderIsUpdated, "unknown payment code"))?;
        let t = now();
        if let Err(refused) = payments::confirm(order.status, order.expires_at, t) {
            if refused.code == ErrorCode::OrderAlreadyCompleted {
                self.finish_publication(&order).await;
            }
            return Err(refused);
        }
        let ad = self.ads.find_ad(&order.ad_id).await.map_err(SoukError::internal)?;
        if ad.as_ref().map(|a| a.ad.status) != Some(AdStatus::PendingPayment) {
            return Err(SoukError::with_detail(ErrorCode::UpdateIsNotAllowed, "the ad no longer waits for payment"));
        }
        let paid = match self.store.mark_paid(&order.order_id, t).await {
            Ok(paid) => paid,
            // Another confirmation (or the expiry) came first: answer as it would now.
            Err(StoreError::Conflict(_)) => {
                let current = self.store.order_by_code(&code).await.map_err(SoukError::internal)?;
                let err = current
                    .and_then(|o| payments::confirm(o.status, o.expires_at, t).err())
                    .unwrap_or_else(|| SoukError::new(ErrorCode::NoOrderIsUpdated));
                return Err(err);
            }
            Err(e) => return Err(SoukError::internal(e)),
        };
        tracing::info!(order = %paid.order_id, ad = %paid.ad_id, admin = caller.account_id(), "payment code confirmed");
        let ad_status = match self.ad_service.payment_received(&paid.ad_id).await {
            Ok(ad) => ad.ad.status,
            Err(e) => {
                // The money is recorded; the next confirmation of this code finishes the
                // publication (finish_publication) while answering ORDER_ALREADY_COMPLETED.
                tracing::error!(order = %paid.order_id, ad = %paid.ad_id, error = %e, "paid, ad not published yet");
                AdStatus::PendingPayment
            }
        };
        Ok(Confirmation { order: as_of(paid, t), ad_status })
    }

    /// A paid order whose ad still waits for payment (the publication failed after the money
    /// was recorded) publishes it now.
    async fn finish_publication(&self, order: &PaymentOrder) {
        let waiting =
            matches!(self.ads.find_ad(&order.ad_id).await, Ok(Some(ad)) if ad.ad.status == AdStatus::PendingPayment);
        if waiting {
            match self.ad_service.payment_received(&order.ad_id).await {
                Ok(_) => {
                    tracing::info!(order = %order.order_id, ad = %order.ad_id, "paid ad published on a repeated confirmation")
                }
                Err(e) => {
                    tracing::error!(order = %order.order_id, ad = %order.ad_id, error = %e, "paid ad still not published")
                }
            }
        }
    }
}
