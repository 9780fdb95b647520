//! The GraphQL types of payments: amounts, method offers, payment orders, insertion fees,
//! confirmations, balances and their ledger, the boost catalogue and the pack order input.

use crate::graphql::ads::VasPackNode;
use async_graphql::{InputObject, SimpleObject};

/// An amount: integer centimes, and as people read it (`52,50 DH`).
#[derive(SimpleObject, Clone)]
pub struct Amount {
    pub centimes: i64,
    pub with_currency: String,
    pub without_currency: String,
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
