//! The Payments capability (spec §2 payment steps, §3 insertion fees, packs, methods and
//! balances, §4 payment statuses, §8 payment and shop-boost errors, §9 payment code): one
//! service with its use cases split by concern — the insertion fee of an ad waiting for
//! payment (`insertion`), the boost packs (`packs`), the balances (`balances`), the providers'
//! signed callbacks and the sandbox card page (`providers`), and invoices (`invoices`). Paying
//! an order, whoever confirms it, goes through [`PaymentService::settle_paid`]. Each use case
//! checks who is asking before anything else.

mod balances;
mod insertion;
mod invoices;
mod packs;
mod providers;

pub use balances::Balances;
pub use insertion::{Confirmation, InsertionFee, MethodOffer};
pub use invoices::InvoiceData;
pub use packs::{PackChoice, VasPackCatalog, VasPackOrderInput};
pub use providers::{CallbackOutcome, CardPage, ProviderSecrets, sign_callback};

use crate::accounts::service::Caller;
use crate::ads::AdService;
use crate::ads::service::now;
use crate::catalog::CatalogService;
use rand_core::{OsRng, RngCore};
use souk_domain::ad::AdStatus;
use souk_domain::packs::{DayPart, Slot, start_instant};
use souk_domain::payments::{self, PaymentStatus, payment_code, status_at};
use souk_domain::{ErrorCode, SoukError};
use souk_storage::StoreError;
use souk_storage::ads::{AdStore, StoredAd};
use souk_storage::jobs::ScheduledJob;
use souk_storage::payments::{PackOnAd, PaymentOrder, PaymentStore, Settled, Settlement};
use std::sync::Arc;

/// Fresh codes tried when a drawn one is already taken (ten digits: a clash is rare, two in a
/// row would mean the random source is broken).
const CODE_ATTEMPTS: usize = 3;

/// The scheduler's job kinds this capability runs (docs/scheduler.md).
pub const JOB_PACK_START: &str = "pack_start";
pub const JOB_PACK_END: &str = "pack_end";

/// How payments are taken on this deployment (`[payments]` and `[packs]` in the config).
#[derive(Debug, Clone)]
pub struct PaymentSettings {
    /// Where the site is served, for the links the card page returns to.
    pub public_base_url: String,
    /// Whether `souk serve` answers card payments with its sandbox provider (embedded mode and
    /// demos; a production deployment plugs a real provider in, docs/payments.md).
    pub sandbox: bool,
    /// The secret each provider signs its callbacks with.
    pub secrets: ProviderSecrets,
    /// How old a callback's timestamp may be (seconds, either way).
    pub callback_tolerance_secs: i64,
    /// Tests only: a paid pack starts this many seconds after acceptance instead of in its slot
    /// (0: off, the spec's "about 24 hours" in the chosen part of the day).
    pub test_start_after_secs: i64,
}

impl Default for PaymentSettings {
    fn default() -> Self {
        PaymentSettings {
            public_base_url: String::new(),
            sandbox: true,
            secrets: ProviderSecrets::default(),
            callback_tolerance_secs: 300,
            test_start_after_secs: 0,
        }
    }
}

pub struct PaymentService {
    store: Arc<dyn PaymentStore>,
    ads: Arc<dyn AdStore>,
    ad_service: Arc<AdService>,
    catalog: Arc<CatalogService>,
    settings: PaymentSettings,
}

/// The order with the status it has at `now` (an unpaid order past its 48 hours is expired).
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
        settings: PaymentSettings,
    ) -> PaymentService {
        PaymentService { store, ads, ad_service, catalog, settings }
    }

    /// The caller's ad (another account's is `AD_NOT_FOUND`, its existence not revealed).
    async fn own_ad(&self, caller: &Caller, ad_id: &str) -> Result<StoredAd, SoukError> {
        let ad = self.ads.find_ad(ad_id).await.map_err(SoukError::internal)?;
        match ad {
            Some(ad) if ad.ad.account_id == caller.account_id() => Ok(ad),
            _ => Err(SoukError::with_detail(ErrorCode::AdNotFound, ad_id.to_string())),
        }
    }

    /// The caller's order (another account's is `NO_ORDER_IS_UPDATED`, as an unknown one).
    async fn own_order(&self, caller: &Caller, order_id: &str) -> Result<PaymentOrder, SoukError> {
        match self.store.order(order_id).await.map_err(SoukError::internal)? {
            Some(o) if o.account_id == caller.account_id() => Ok(o),
            _ => Err(SoukError::with_detail(ErrorCode::NoOrderIsUpdated, format!("order {order_id}"))),
        }
    }

    /// `getMyPaymentOrder(id)`: one of the caller's orders as it stands now.
    pub async fn my_order(&self, caller: &Caller, order_id: &str) -> Result<PaymentOrder, SoukError> {
        self.own_order(caller, order_id).await.map(|o| as_of(o, now()))
    }

    /// `getMyPaymentOrders(page, size)`: the caller's orders, newest first, with their count.
    pub async fn my_orders(
        &self,
        caller: &Caller,
        page: Option<i64>,
        size: Option<i64>,
    ) -> Result<(Vec<PaymentOrder>, u64), SoukError> {
        let (offset, limit) = souk_domain::orders::orders_page(page, size)?;
        let (orders, count) =
            self.store.orders_of_account(caller.account_id(), offset, limit).await.map_err(SoukError::internal)?;
        let t = now();
        Ok((orders.into_iter().map(|o| as_of(o, t)).collect(), count))
    }

    /// A new unpaid order of the caller for `ad`, made at `now`, with its payment code.
    fn unpaid_order(
        caller: &Caller,
        purpose: payments::Purpose,
        ad: &StoredAd,
        method: payments::PaymentMethod,
        a: payments::Amounts,
        now: i64,
        code: String,
    ) -> PaymentOrder {
        PaymentOrder {
            order_id: uuid::Uuid::now_v7().to_string(),
            account_id: caller.account_id(),
            purpose,
            ad_id: ad.ad.ad_id.clone(),
            list_id: ad.ad.list_id,
            ad_title: ad.ad.title.clone(),
            code,
            method,
            fee: a.fee,
            extra_fee: a.extra_fee,
            total: a.total,
            status: PaymentStatus::Pending,
            created_at: now,
            expires_at: payments::expiry_of(now),
            paid_at: None,
            pack: None,
            units: None,
            failure: None,
            invoice_number: None,
        }
    }

    /// Stores a new order built by `make` from a fresh payment code, drawing again when the
    /// code is taken; answers what the store did.
    async fn open_with_code(
        &self,
        now: i64,
        make: impl Fn(String) -> PaymentOrder,
    ) -> Result<souk_storage::payments::OpenedOrder, SoukError> {
        let mut last = None;
        for _ in 0..CODE_ATTEMPTS {
            match self.store.open_order(make(payment_code(OsRng.next_u64())), now).await {
                Ok(opened) => return Ok(opened),
                Err(StoreError::Conflict(d)) => last = Some(d),
                Err(e) => return Err(SoukError::internal(e)),
            }
        }
        Err(SoukError::internal(format!("no free payment code after {CODE_ATTEMPTS} draws: {last:?}")))
    }

    /// Everything paying `order` at `at` writes: its invoice number and, for a pack, the
    /// balance debit, its period (a random instant of its slot about 24 hours later), the pack
    /// on the ad and the jobs of its start and end.
    fn settlement(&self, order: &PaymentOrder, at: i64) -> Result<Settlement, SoukError> {
        let mut s = Settlement { at, invoice_year: payments::invoice_year(at), ..Settlement::default() };
        let Some(pack) = &order.pack else { return Ok(s) };
        let offer = souk_domain::packs::pack(&pack.pack_id)?;
        let part = DayPart::parse(&pack.slot_part)
            .ok_or_else(|| SoukError::internal(format!("order {}: slot part {}", order.order_id, pack.slot_part)))?;
        let start = if self.settings.test_start_after_secs > 0 {
            at + self.settings.test_start_after_secs
        } else {
            start_instant(Slot { day: pack.slot_day, part }, at, OsRng.next_u64())
        };
        let end = offer.end(start);
        s.debit = order.method.balance().zip(order.units);
        s.pack_period = Some((start, end));
        s.photo_allowance = Some(souk_domain::ad_form::PACK_PHOTOS as u32);
        s.pack_on_ad = Some(PackOnAd { ad_id: order.ad_id.clone(), name: offer.kind.as_str().into(), start, end });
        s.jobs = vec![
            ScheduledJob::new(JOB_PACK_START, &order.order_id, start),
            ScheduledJob::new(JOB_PACK_END, &order.order_id, end),
        ];
        Ok(s)
    }

    /// Pays an unpaid order at `at`, whoever confirmed it (an agency's or a provider's callback,
    /// an admin): one write ([`settlement`](Self::settlement)), then an insertion fee publishes
    /// its ad. A paid order is `ORDER_ALREADY_COMPLETED` (its ad's publication finished if it
    /// had failed), an expired or refunded one `UPDATE_IS_NOT_ALLOWED`.
    pub async fn settle_paid(&self, order: &PaymentOrder, at: i64) -> Result<PaymentOrder, SoukError> {
        if let Err(refused) = payments::confirm(order.status, order.expires_at, at) {
            if refused.code == ErrorCode::OrderAlreadyCompleted {
                self.finish_publication(order).await;
            }
            return Err(refused);
        }
        if order.purpose == payments::Purpose::Insertion {
            let ad = self.ads.find_ad(&order.ad_id).await.map_err(SoukError::internal)?;
            if ad.as_ref().map(|a| a.ad.status) != Some(AdStatus::PendingPayment) {
                return Err(SoukError::with_detail(
                    ErrorCode::UpdateIsNotAllowed,
                    "the ad no longer waits for payment",
                ));
            }
        }
        let paid = match self.store.settle(&order.order_id, self.settlement(order, at)?).await {
            Ok(Settled::Paid(paid)) => paid,
            // Another confirmation (or the expiry) came first: answer as it would now.
            Ok(Settled::NotOpen(current)) => {
                return Err(payments::confirm(current.status, current.expires_at, at)
                    .err()
                    .unwrap_or_else(|| SoukError::new(ErrorCode::NoOrderIsUpdated)));
            }
            Ok(Settled::Short(_)) => return Err(SoukError::internal("a provider's order has no balance debit")),
            Err(e) => return Err(SoukError::internal(e)),
        };
        tracing::info!(order = %paid.order_id, ad = %paid.ad_id, method = paid.method.as_str(), invoice = ?paid.invoice_number, "order paid");
        if paid.purpose == payments::Purpose::Insertion
            && let Err(e) = self.ad_service.payment_received(&paid.ad_id).await
        {
            // The money is recorded; the next confirmation of this order finishes the
            // publication (finish_publication) while answering ORDER_ALREADY_COMPLETED.
            tracing::error!(order = %paid.order_id, ad = %paid.ad_id, error = %e, "paid, ad not published yet");
        }
        Ok(as_of(paid, at))
    }

    /// A paid insertion order whose ad still waits for payment (the publication failed after
    /// the money was recorded) publishes it now.
    async fn finish_publication(&self, order: &PaymentOrder) {
        if order.purpose != payments::Purpose::Insertion {
            return;
        }
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

    /// The scheduler's `pack_start` job: the pack of a paid order starts (its ad bumped when
    /// the pack bumps, the pack counted). An order that is not a paid pack does nothing.
    pub async fn pack_start_job(&self, order_id: &str) -> Result<(), SoukError> {
        let Some(order) = self.store.order(order_id).await.map_err(SoukError::internal)? else {
            tracing::warn!(order = order_id, "pack start of an unknown order");
            return Ok(());
        };
        let (Some(pack), PaymentStatus::Paid) = (&order.pack, order.status) else { return Ok(()) };
        let offer = souk_domain::packs::pack(&pack.pack_id)?;
        let start = pack.start.unwrap_or_else(now);
        self.ad_service.pack_started(&order.ad_id, offer.kind, start).await?;
        tracing::info!(order = order_id, ad = %order.ad_id, pack = %pack.pack_id, "pack started");
        Ok(())
    }

    /// The scheduler's `payment_expiry` job: an order still unpaid when its 48 hours are over
    /// is written expired (reads already treat it so; this keeps the stored status true).
    pub async fn payment_expiry_job(&self, order_id: &str, now: i64) -> Result<(), SoukError> {
        if let Some(o) = self.store.expire(order_id, now).await.map_err(SoukError::internal)? {
            tracing::info!(order = order_id, ad = %o.ad_id, method = o.method.as_str(), "unpaid order expired");
        }
        Ok(())
    }

    /// The scheduler's `pack_end` job: the pack of a paid order has ended; the listings stop
    /// showing it by its end date, this records it for the operators.
    pub async fn pack_end_job(&self, order_id: &str) -> Result<(), SoukError> {
        if let Some(order) = self.store.order(order_id).await.map_err(SoukError::internal)? {
            tracing::info!(order = order_id, ad = %order.ad_id, pack = ?order.pack.map(|p| p.pack_id), "pack ended");
        }
        Ok(())
    }
}

/// Runs one of this capability's scheduler jobs (`pack_start`, `pack_end`, `payment_expiry`).
struct PackJob {
    payments: Arc<PaymentService>,
    kind: &'static str,
}

#[async_trait::async_trait]
impl souk_actors::scheduler::JobHandler for PackJob {
    async fn run(&self, subject: &str, now: i64) -> Result<(), String> {
        let done = match self.kind {
            JOB_PACK_START => self.payments.pack_start_job(subject).await,
            JOB_PACK_END => self.payments.pack_end_job(subject).await,
            _ => self.payments.payment_expiry_job(subject, now).await,
        };
        done.map_err(|e| e.to_string())
    }
}

/// The handlers the scheduler needs for the jobs paying an order schedules.
pub fn job_handlers(
    payments: &Arc<PaymentService>,
) -> Vec<(&'static str, Arc<dyn souk_actors::scheduler::JobHandler>)> {
    [JOB_PACK_START, JOB_PACK_END, souk_storage::payments::PAYMENT_EXPIRY_JOB]
        .into_iter()
        .map(|kind| {
            let handler: Arc<dyn souk_actors::scheduler::JobHandler> =
                Arc::new(PackJob { payments: Arc::clone(payments), kind });
            (kind, handler)
        })
        .collect()
}
