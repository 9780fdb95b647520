//! GraphQL operations of payments (spec §2 checkout and payment steps, §3, §9; docs/payments.md):
//! the insertion fee of one of my ads (`getMyAdInsertionFee`, `orderAdPayment`), the boost offer
//! and ordering a pack (`getVasPacks`, `orderVasPack`), my balances and their ledger
//! (`getMyBalances`, `getMyBalanceEntries`), my payment orders (`getMyPaymentOrder`,
//! `getMyPaymentOrders`) and the admins' confirmation of a paid code (`confirmPaymentCode`).
//! Each resolver reads the caller, makes one payment-service call and maps the result; amounts
//! leave as centimes with their DH wording.

use super::ads::{VasPackNode, vas_node};
use super::request::{Req, req};
use async_graphql::{Context, InputObject, Object, Result, SimpleObject};
use souk_domain::balances::Standing;
use souk_domain::money::Money;
use souk_domain::packs::{SHOP_DISCOUNT_PERCENT, SHOP_MULTIPLIER};
use souk_domain::payments::PaymentMethod;
use souk_domain::time::{format_date, rfc3339};
use souk_services::payments::{Balances, Confirmation, InsertionFee, MethodOffer, VasPackCatalog, VasPackOrderInput};
use souk_storage::payments::{BalanceEntry, PaymentOrder};

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
    /// Whether Souk takes the fee this way now (`cc`: only with a card provider).
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

/// A payment order (an ad's insertion fee or a pack), with its payment code.
#[derive(SimpleObject)]
pub struct PaymentOrderNode {
    pub id: String,
    /// Ten digits, as the agency types it (the reference of a card or balance payment).
    pub code: String,
    pub method: String,
    /// `pending`, `ongoing` (at the card provider), `paid`, `expired` (left unpaid 48 hours)
    /// or `refunded`.
    pub status: String,
    /// `insertion` or `pack`.
    pub purpose: String,
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
    /// A pack order: the pack (`bump-7`), its kind and days, the slot chosen, and once paid
    /// its period.
    pub pack_id: Option<String>,
    pub pack_kind: Option<String>,
    pub duration_days: Option<u32>,
    pub slot_date: Option<String>,
    pub slot_part: Option<String>,
    pub pack_start: Option<String>,
    pub pack_end: Option<String>,
    /// Points or tokens taken from a balance.
    pub units: Option<i64>,
    /// The error code of the last refused attempt (a declined card), while not paid.
    pub failure: Option<String>,
    /// A card order not paid yet: the provider's page.
    pub redirect_url: Option<String>,
    /// A paid order's invoice: its number and where to download it.
    pub invoice_number: Option<String>,
    pub invoice_url: Option<String>,
}

pub(crate) fn order_node(r: &Req<'_>, o: PaymentOrder) -> PaymentOrderNode {
    let redirect_url = r.state.payments.redirect_url(&o, r.lang.code());
    let offer = o.pack.as_ref().and_then(|p| souk_domain::packs::pack(&p.pack_id).ok());
    let invoice_url = o.invoice_number.as_ref().map(|_| format!("/api/invoices/{}.pdf", o.order_id));
    PaymentOrderNode {
        code: o.code,
        method: o.method.as_str().into(),
        status: o.status.as_str().into(),
        purpose: o.purpose.as_str().into(),
        fee: amount(o.fee),
        extra_fee: amount(o.extra_fee),
        total: amount(o.total),
        ad_id: o.ad_id,
        list_id: o.list_id,
        ad_title: o.ad_title,
        created_at: rfc3339(o.created_at),
        expires_at: rfc3339(o.expires_at),
        paid_at: o.paid_at.map(rfc3339),
        pack_id: o.pack.as_ref().map(|p| p.pack_id.clone()),
        pack_kind: offer.map(|p| p.kind.as_str().into()),
        duration_days: offer.map(|p| p.days),
        slot_date: o.pack.as_ref().map(|p| format_date(p.slot_day)),
        slot_part: o.pack.as_ref().map(|p| p.slot_part.clone()),
        pack_start: o.pack.as_ref().and_then(|p| p.start).map(rfc3339),
        pack_end: o.pack.as_ref().and_then(|p| p.end).map(rfc3339),
        units: o.units,
        failure: o.failure,
        redirect_url,
        invoice_number: o.invoice_number,
        invoice_url,
        id: o.order_id,
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

fn fee_node(r: &Req<'_>, f: InsertionFee) -> AdInsertionFee {
    AdInsertionFee {
        ad_id: f.ad.ad.ad_id,
        list_id: f.ad.ad.list_id,
        title: f.ad.ad.title,
        status: f.ad.ad.status.as_str().into(),
        category_id: f.ad.ad.category_id,
        due: f.due,
        fee: amount(f.fee),
        methods: f.methods.into_iter().map(offer).collect(),
        open_order: f.open_order.map(|o| order_node(r, o)),
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

fn confirmation(r: &Req<'_>, c: Confirmation) -> PaymentConfirmation {
    PaymentConfirmation { order: order_node(r, c.order), ad_status: c.ad_status.as_str().into() }
}

/// The points balance: what it holds, when it expires, and whether it has (then it pays
/// nothing: spec §8 "0 credits").
#[derive(SimpleObject)]
pub struct PointsBalance {
    pub count: i64,
    pub expiry_date: Option<String>,
    pub expired: bool,
}

#[derive(SimpleObject)]
pub struct TokensBalance {
    pub count: i64,
}

#[derive(SimpleObject)]
pub struct BalancesNode {
    pub points: PointsBalance,
    pub tokens: TokensBalance,
}

fn balances_node(b: Balances) -> BalancesNode {
    let points =
        |s: Standing| PointsBalance { count: s.sum, expiry_date: s.expires_at.map(rfc3339), expired: s.expired(b.at) };
    BalancesNode { points: points(b.points), tokens: TokensBalance { count: b.tokens.sum } }
}

/// One entry of a balance's ledger.
#[derive(SimpleObject)]
pub struct BalanceEntryNode {
    pub id: String,
    /// Positive for a credit, negative for a debit.
    pub delta: i64,
    /// `membership`, `credit`, `pack`, `refund`, `opening`.
    pub reason: String,
    pub order_id: Option<String>,
    pub created_at: String,
    pub expires_at: Option<String>,
}

#[derive(SimpleObject)]
pub struct BalanceEntriesPage {
    pub entries: Vec<BalanceEntryNode>,
    pub count: u64,
}

fn entry_node(e: BalanceEntry) -> BalanceEntryNode {
    BalanceEntryNode {
        id: e.entry_id,
        delta: e.delta,
        reason: e.reason,
        order_id: e.order_id,
        created_at: rfc3339(e.created_at),
        expires_at: e.expires_at.map(rfc3339),
    }
}

/// One pack of the boost offer, as the caller would pay it for the ad.
#[derive(SimpleObject)]
pub struct VasPackOfferNode {
    /// `bump-7`.
    pub id: String,
    /// `bump`, `gallery`, `special`, `highlight`, `renewal`.
    pub kind: String,
    pub duration_days: u32,
    /// What the caller pays (a shop's discount applied).
    pub price: Amount,
    /// Before the shop discount.
    pub list_price: Amount,
    pub price_per_day: Amount,
    /// Spec §9's multiplier, times the shop multiplier for a shop.
    pub view_multiplier: f64,
    pub expected_reach: f64,
    /// Points or tokens it costs; null: that balance does not pay it.
    pub points: Option<i64>,
    pub tokens: Option<i64>,
}

/// A method of the boost page.
#[derive(SimpleObject)]
pub struct VasPackMethodNode {
    pub method: String,
    /// Whether the caller can pay this way here (points: shops only; card: with a provider).
    pub available: bool,
    pub offline: bool,
    pub extra_fee: Amount,
}

#[derive(SimpleObject)]
pub struct DayPartNode {
    /// `morning`, `afternoon`, `evening`.
    pub id: String,
    /// Local time (Morocco), `08:00`.
    pub from: String,
    pub to: String,
    /// The first date this part can still be chosen (a day ahead): the morning, asked at noon,
    /// opens the day after the picker's first date.
    pub earliest_date: String,
}

/// The slot picker: the dates offered and the parts of the day.
#[derive(SimpleObject)]
pub struct SlotsNode {
    pub earliest_date: String,
    pub latest_date: String,
    pub parts: Vec<DayPartNode>,
}

/// The boost page of one of my ads.
#[derive(SimpleObject)]
pub struct VasPackCatalogNode {
    pub ad_id: String,
    pub list_id: i64,
    pub title: String,
    pub status: String,
    /// `realEstate`, `vehicles`, `other`: the price group of the ad's category.
    pub group: String,
    pub is_shop: bool,
    pub shop_discount_percent: i64,
    pub shop_multiplier: f64,
    pub eligible: bool,
    /// Why not: an error code (`PACK_REQUIRES_IMAGE`, `AD_OPERATION_NOT_ALLOWED`).
    pub ineligible_reason: Option<String>,
    pub packs: Vec<VasPackOfferNode>,
    pub methods: Vec<VasPackMethodNode>,
    pub slots: SlotsNode,
    pub balances: BalancesNode,
    pub last_applied_vas_pack: Option<VasPackNode>,
}

fn catalog_node(c: VasPackCatalog) -> VasPackCatalogNode {
    let hour = |h: i64| format!("{h:02}:00");
    VasPackCatalogNode {
        ad_id: c.ad.ad.ad_id.clone(),
        list_id: c.ad.ad.list_id,
        title: c.ad.ad.title.clone(),
        status: c.ad.ad.status.as_str().into(),
        group: c.group.as_str().into(),
        is_shop: c.is_shop,
        shop_discount_percent: SHOP_DISCOUNT_PERCENT,
        shop_multiplier: SHOP_MULTIPLIER,
        eligible: c.ineligible.is_none(),
        ineligible_reason: c.ineligible.map(|e| e.code.code().into()),
        packs: c
            .packs
            .into_iter()
            .map(|p| VasPackOfferNode {
                id: p.offer.id(),
                kind: p.offer.kind.as_str().into(),
                duration_days: p.offer.days,
                price: amount(p.price),
                list_price: amount(p.list_price),
                price_per_day: amount(p.price_per_day),
                view_multiplier: souk_domain::packs::view_multiplier(p.offer.kind),
                expected_reach: p.expected_reach,
                points: p.points,
                tokens: p.tokens,
            })
            .collect(),
        methods: c
            .methods
            .into_iter()
            .map(|(m, available): (PaymentMethod, bool)| VasPackMethodNode {
                method: m.as_str().into(),
                available,
                offline: m.is_offline(),
                extra_fee: amount(m.extra_fee()),
            })
            .collect(),
        slots: SlotsNode {
            earliest_date: format_date(c.first_day),
            latest_date: format_date(c.last_day),
            parts: c
                .parts
                .into_iter()
                .map(|(p, first)| DayPartNode {
                    id: p.as_str().into(),
                    from: hour(p.hours().0),
                    to: hour(p.hours().1),
                    earliest_date: format_date(first),
                })
                .collect(),
        },
        balances: balances_node(c.balances),
        last_applied_vas_pack: c.vas_packs.first().map(vas_node),
    }
}

/// `orderVasPack(input)`.
#[derive(InputObject)]
pub struct VasPackOrderInputNode {
    pub ad_id: String,
    /// `bump-7` (getVasPacks' ids).
    pub pack_id: String,
    /// `YYYY-MM-DD` between the slots' earliest and latest dates.
    pub slot_date: String,
    /// `morning`, `afternoon` or `evening`.
    pub slot_part: String,
    /// One of getVasPacks' methods.
    pub method: String,
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
        r.state.payments.insertion_fee(&caller, &ad_id).await.map(|f| fee_node(&r, f)).map_err(|e| r.err(e))
    }

    /// The boost page of one of my ads: every pack with its price for me, the methods, the
    /// start slots and my balances (`AD_NOT_FOUND` for another account's ad).
    async fn get_vas_packs(&self, ctx: &Context<'_>, ad_id: String) -> Result<VasPackCatalogNode> {
        let r = req(ctx);
        let caller = r.caller().await?;
        r.state.payments.vas_packs(&caller, &ad_id).await.map(catalog_node).map_err(|e| r.err(e))
    }

    /// My points and token balances, as their ledgers sum them.
    async fn get_my_balances(&self, ctx: &Context<'_>) -> Result<BalancesNode> {
        let r = req(ctx);
        let caller = r.caller().await?;
        r.state.payments.my_balances(&caller).await.map(balances_node).map_err(|e| r.err(e))
    }

    /// One page of a balance's ledger (`points` or `tokens`), newest first.
    async fn get_my_balance_entries(
        &self,
        ctx: &Context<'_>,
        balance: String,
        page: Option<i64>,
        size: Option<i64>,
    ) -> Result<BalanceEntriesPage> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let (entries, count) =
            r.state.payments.my_entries(&caller, &balance, page, size).await.map_err(|e| r.err(e))?;
        Ok(BalanceEntriesPage { entries: entries.into_iter().map(entry_node).collect(), count })
    }

    /// One of my payment orders as it stands (`NO_ORDER_IS_UPDATED` for another's).
    async fn get_my_payment_order(&self, ctx: &Context<'_>, id: String) -> Result<PaymentOrderNode> {
        let r = req(ctx);
        let caller = r.caller().await?;
        r.state.payments.my_order(&caller, &id).await.map(|o| order_node(&r, o)).map_err(|e| r.err(e))
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
        Ok(PaymentOrdersPage { orders: orders.into_iter().map(|o| order_node(&r, o)).collect(), count })
    }
}

#[derive(Default)]
pub struct PaymentMutation;

#[Object]
impl PaymentMutation {
    /// The payment of the insertion fee of my ad waiting for payment: by card (`cc`, the
    /// order's `redirectUrl`) or a code for an agency (`fatourati`, `cashPlus`, `tasshilat`);
    /// the ad's open order while it is valid.
    async fn order_ad_payment(&self, ctx: &Context<'_>, ad_id: String, method: String) -> Result<PaymentOrderNode> {
        let r = req(ctx);
        let caller = r.caller().await?;
        r.state.payments.order_payment(&caller, &ad_id, &method).await.map(|o| order_node(&r, o)).map_err(|e| r.err(e))
    }

    /// A boost pack for my ad, starting in the chosen slot: paid at once from a balance
    /// (`points`, `avitoken`), else pending until the card provider or the agency confirms it.
    async fn order_vas_pack(&self, ctx: &Context<'_>, input: VasPackOrderInputNode) -> Result<PaymentOrderNode> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let input = VasPackOrderInput {
            ad_id: input.ad_id,
            pack_id: input.pack_id,
            slot_date: input.slot_date,
            slot_part: input.slot_part,
            method: input.method,
        };
        r.state.payments.order_pack(&caller, input).await.map(|o| order_node(&r, o)).map_err(|e| r.err(e))
    }

    /// Admins: the agency's confirmation that a code was paid; publishes its ad once.
    async fn confirm_payment_code(&self, ctx: &Context<'_>, code: String) -> Result<PaymentConfirmation> {
        let r = req(ctx);
        let caller = r.caller().await?;
        r.state.payments.confirm_code(&caller, &code).await.map(|c| confirmation(&r, c)).map_err(|e| r.err(e))
    }
}
