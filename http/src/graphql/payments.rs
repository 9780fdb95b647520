//! GraphQL operations of the insertion-fee payment (spec §2 checkout, §3, §9): the fee of one of
//! my ads (`getMyAdInsertionFee`), ordering its payment code (`orderAdPayment`), my payment
//! orders (`getMyPaymentOrders`) and the admins' confirmation of a paid code
//! (`confirmPaymentCode`). Each resolver reads the caller, makes one payment-service call and
//! maps the result; amounts leave as centimes with their DH wording.

use super::request::req;
use async_graphql::{Context, Object, Result, SimpleObject};
use souk_domain::money::Money;
use souk_domain::time::rfc3339;
use souk_services::payments::{Confirmation, InsertionFee, MethodOffer};
use souk_storage::payments::PaymentOrder;

/// An amount: integer centimes, and as people read it (`52,50 DH`).
#[derive(SimpleObject, Clone)]
pub struct Amount {
    pub centimes: i64,
    pub with_currency: String,
    pub without_currency: String,
}

pub(crate) fn amount(m: Money) -> Amount {
    Amount { centimes: m.centimes(), with_currency: m.with_currency(), without_currency: m.without_currency() }
}

/// One checkout method with what the fee costs that way.
#[derive(SimpleObject)]
pub struct PaymentMethodOffer {
    /// Spec §3 method: `fatourati`, `cashPlus`, `tasshilat`, `cc`.
    pub method: String,
    /// Whether Souk takes the fee this way now (`cc`: false, no card provider).
    pub available: bool,
    /// Paid with a code at an agency.
    pub offline: bool,
    pub extra_fee: Amount,
    pub total: Amount,
}

fn offer(o: MethodOffer) -> PaymentMethodOffer {
    PaymentMethodOffer {
        method: o.method.as_str().into(),
        available: o.available,
        offline: o.method.is_offline(),
        extra_fee: amount(o.amounts.extra_fee),
        total: amount(o.amounts.total),
    }
}

/// An order of an ad's insertion fee, with its payment code.
#[derive(SimpleObject)]
pub struct PaymentOrderNode {
    pub id: String,
    /// Ten digits, as the agency types it.
    pub code: String,
    pub method: String,
    /// `pending`, `paid`, `expired` (a code left unpaid 48 hours) or `refunded`.
    pub status: String,
    pub fee: Amount,
    pub extra_fee: Amount,
    pub total: Amount,
    pub ad_id: String,
    pub list_id: i64,
    /// The ad's title when the order was made.
    pub ad_title: String,
    /// ISO 8601 UTC.
    pub created_at: String,
    pub expires_at: String,
    pub paid_at: Option<String>,
}

fn order_node(o: PaymentOrder) -> PaymentOrderNode {
    PaymentOrderNode {
        id: o.order_id,
        code: o.code,
        method: o.method.as_str().into(),
        status: o.status.as_str().into(),
        fee: amount(o.fee),
        extra_fee: amount(o.extra_fee),
        total: amount(o.total),
        ad_id: o.ad_id,
        list_id: o.list_id,
        ad_title: o.ad_title,
        created_at: rfc3339(o.created_at),
        expires_at: rfc3339(o.expires_at),
        paid_at: o.paid_at.map(rfc3339),
    }
}

/// The insertion fee of one of my ads: the checkout's order summary.
#[derive(SimpleObject)]
pub struct AdInsertionFee {
    pub ad_id: String,
    pub list_id: i64,
    pub title: String,
    /// The ad's status (lowercase, as `getMyAds`).
    pub status: String,
    pub category_id: u32,
    /// Whether the ad waits for payment: only then can its payment be ordered.
    pub due: bool,
    pub fee: Amount,
    pub methods: Vec<PaymentMethodOffer>,
    /// The ad's order whose code is still valid, if any.
    pub open_order: Option<PaymentOrderNode>,
}

fn fee_node(f: InsertionFee) -> AdInsertionFee {
    AdInsertionFee {
        ad_id: f.ad.ad.ad_id,
        list_id: f.ad.ad.list_id,
        title: f.ad.ad.title,
        status: f.ad.ad.status.as_str().into(),
        category_id: f.ad.ad.category_id,
        due: f.due,
        fee: amount(f.fee),
        methods: f.methods.into_iter().map(offer).collect(),
        open_order: f.open_order.map(order_node),
    }
}

/// A page of my payment orders and how many there are.
#[derive(SimpleObject)]
pub struct PaymentOrdersPage {
    pub orders: Vec<PaymentOrderNode>,
    pub count: u64,
}

/// The answer of a confirmation: the paid order and its ad's status afterwards.
#[derive(SimpleObject)]
pub struct PaymentConfirmation {
    pub order: PaymentOrderNode,
    pub ad_status: String,
}

fn confirmation(c: Confirmation) -> PaymentConfirmation {
    PaymentConfirmation { order: order_node(c.order), ad_status: c.ad_status.as_str().into() }
}

#[derive(Default)]
pub struct PaymentQuery;

#[Object]
impl PaymentQuery {
    /// The insertion fee of one of my ads, each checkout method's extra fee and total, and its
    /// open order (`AD_NOT_FOUND` for another account's ad, `LOGIN_REQUIRED` for a visitor).
    async fn get_my_ad_insertion_fee(&self, ctx: &Context<'_>, ad_id: String) -> Result<AdInsertionFee> {
        let r = req(ctx);
        let caller = r.caller().await?;
        r.state.payments.insertion_fee(&caller, &ad_id).await.map(fee_node).map_err(|e| r.err(e))
    }

    /// My payment orders, newest first (`page` from 1, `size` 1 to 50, default 10).
    async fn get_my_payment_orders(
        &self,
        ctx: &Context<'_>,
        page: Option<i64>,
        size: Option<i64>,
    ) -> Result<PaymentOrdersPage> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let (orders, count) = r.state.payments.my_orders(&caller, page, size).await.map_err(|e| r.err(e))?;
        Ok(PaymentOrdersPage { orders: orders.into_iter().map(order_node).collect(), count })
    }
}

#[derive(Default)]
pub struct PaymentMutation;

#[Object]
impl PaymentMutation {
    /// A payment code for the insertion fee of my ad waiting for payment, with an offline
    /// method (`fatourati`, `cashPlus`, `tasshilat`); the ad's open order while it is valid.
    async fn order_ad_payment(&self, ctx: &Context<'_>, ad_id: String, method: String) -> Result<PaymentOrderNode> {
        let r = req(ctx);
        let caller = r.caller().await?;
        r.state.payments.order_payment(&caller, &ad_id, &method).await.map(order_node).map_err(|e| r.err(e))
    }

    /// Admins: the agency's confirmation that a code was paid; publishes its ad once.
    async fn confirm_payment_code(&self, ctx: &Context<'_>, code: String) -> Result<PaymentConfirmation> {
        let r = req(ctx);
        let caller = r.caller().await?;
        r.state.payments.confirm_code(&caller, &code).await.map(confirmation).map_err(|e| r.err(e))
    }
}
