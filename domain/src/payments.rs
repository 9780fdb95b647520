//! Payment orders (spec §3 "insertion fees" and boost packs, §4 "pending-payment becomes
//! published after payment", payment statuses, §9 payment code and extra fee): the fee of each
//! category as a data table, what an order pays for, the payment methods and which of them each
//! purchase takes, who confirms each, the amounts of an order, the payment code and its 48-hour
//! validity, the order statuses and which change each allows, and who may order a payment. No
//! I/O: the service draws the code's random number and keeps time.

use crate::ad::AdStatus;
use crate::catalog::{CategoryId, CategoryTree};
use crate::error::{ErrorCode, SoukError};
use crate::money::Money;

/// Spec §9: a payment code is valid 48 hours.
pub const PAYMENT_CODE_VALIDITY_SECONDS: i64 = 48 * 3600;
/// Spec §9: extra fee of 2.5 DH per offline transaction (250 centimes).
pub const OFFLINE_EXTRA_FEE: Money = Money(250);
/// Digits of a payment code: ten, read out at an agency's counter in groups (`123 456 7890`).
pub const PAYMENT_CODE_DIGITS: usize = 10;

/// The insertion fee of each category, in centimes: the closest of a category, its parents and
/// its vertical applies (every vertical root is here, so every category has a fee). Amounts are
/// a decision (docs/decisions.md "Insertion fees"): what one more active ad is worth to the
/// seller, from a phone's 15 DH to a car's or a flat's 50 DH, and 5 DH for a job seeker.
pub const INSERTION_FEES: &[(CategoryId, i64)] = &[
    // Market: most goods.
    (50000, 10_00),
    (5000, 15_00), // computers, phones and multimedia
    (9000, 30_00), // businesses: equipment, stock, goodwill
    // Vehicles.
    (20000, 30_00), // motorbikes, boats, caravans, other vehicles
    (2010, 50_00),  // cars
    (2072, 50_00),  // new cars
    (2073, 50_00),  // car rental
    (2040, 50_00),  // commercial vehicles
    (2075, 50_00),  // lorries
    (2078, 50_00),  // farm and building machines
    (2030, 10_00),  // bicycles
    (2060, 10_00),  // parts and accessories
    // Real estate.
    (10000, 50_00),
    (1300, 30_00), // vacation rentals
    (1400, 20_00), // shared flats
    // Jobs and services.
    (30000, 20_00),
    (3020, 5_00), // job seekers
    (3030, 5_00), // internships
];

/// The insertion fee of a category: its own, else its closest parent's, else its vertical's.
/// `None` only for a category outside the tree.
pub fn insertion_fee(tree: &CategoryTree, category: CategoryId) -> Option<Money> {
    let mut current = Some(category);
    // Bounded like the tree's own walks, so a broken parent link cannot loop.
    for _ in 0..16 {
        let id = current?;
        if let Some((_, centimes)) = INSERTION_FEES.iter().find(|(c, _)| *c == id) {
            return Some(Money(*centimes));
        }
        current = tree.get(id)?.parent_id;
    }
    None
}

/// Spec §3 payment methods.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PaymentMethod {
    /// Credit card, through a payment provider's redirect page.
    Cc,
    /// Cash on delivery (e-commerce orders only).
    Cod,
    /// Offline: a code paid at a Fatourati agency or banking channel.
    Fatourati,
    /// Offline: a code paid at a Cash Plus agency.
    CashPlus,
    /// Offline: a code paid at a Tasshilat agency.
    Tasshilat,
    BankingApp,
    Sms,
    /// The token balance.
    Avitoken,
    /// A shop's points balance (spec §3 "shops pay packs from points").
    Points,
}

/// Who confirms that an order was paid, by a signed callback (docs/payments.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Provider {
    /// The card provider (the sandbox in embedded mode).
    Card,
    /// The agencies where offline codes are paid (Fatourati, Cash Plus, Tasshilat).
    Agency,
    /// The SMS operator.
    Sms,
    /// The bank of the banking app.
    Bank,
}

impl Provider {
    pub const ALL: [Provider; 4] = [Provider::Card, Provider::Agency, Provider::Sms, Provider::Bank];

    /// Its name in the callback's path (`/payments/callback/{provider}`) and the config.
    pub fn as_str(self) -> &'static str {
        match self {
            Provider::Card => "card",
            Provider::Agency => "agency",
            Provider::Sms => "sms",
            Provider::Bank => "bank",
        }
    }

    pub fn parse(s: &str) -> Option<Provider> {
        Provider::ALL.into_iter().find(|p| p.as_str() == s)
    }
}

/// What an order pays for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Purpose {
    /// One more active ad beyond the free limit (the ad waits in pending-payment).
    Insertion,
    /// A boost pack for an ad.
    Pack,
}

impl Purpose {
    pub fn as_str(self) -> &'static str {
        match self {
            Purpose::Insertion => "insertion",
            Purpose::Pack => "pack",
        }
    }

    pub fn parse(s: &str) -> Option<Purpose> {
        [Purpose::Insertion, Purpose::Pack].into_iter().find(|p| p.as_str() == s)
    }
}

impl PaymentMethod {
    pub const ALL: [PaymentMethod; 9] = [
        PaymentMethod::Cc,
        PaymentMethod::Cod,
        PaymentMethod::Fatourati,
        PaymentMethod::CashPlus,
        PaymentMethod::Tasshilat,
        PaymentMethod::BankingApp,
        PaymentMethod::Sms,
        PaymentMethod::Avitoken,
        PaymentMethod::Points,
    ];

    /// The methods the insertion-fee checkout lists, in the order it shows them.
    pub const CHECKOUT: [PaymentMethod; 4] =
        [PaymentMethod::Cc, PaymentMethod::Fatourati, PaymentMethod::CashPlus, PaymentMethod::Tasshilat];

    /// The methods a boost pack takes, in the order the boost page shows them.
    pub const PACKS: [PaymentMethod; 8] = [
        PaymentMethod::Cc,
        PaymentMethod::Fatourati,
        PaymentMethod::CashPlus,
        PaymentMethod::Tasshilat,
        PaymentMethod::Sms,
        PaymentMethod::BankingApp,
        PaymentMethod::Avitoken,
        PaymentMethod::Points,
    ];

    /// The spec's word, also the stored value.
    pub fn as_str(self) -> &'static str {
        match self {
            PaymentMethod::Cc => "cc",
            PaymentMethod::Cod => "cod",
            PaymentMethod::Fatourati => "fatourati",
            PaymentMethod::CashPlus => "cashPlus",
            PaymentMethod::Tasshilat => "tasshilat",
            PaymentMethod::BankingApp => "bankingApp",
            PaymentMethod::Sms => "sms",
            PaymentMethod::Avitoken => "avitoken",
            PaymentMethod::Points => "points",
        }
    }

    pub fn parse(s: &str) -> Option<PaymentMethod> {
        PaymentMethod::ALL.into_iter().find(|m| m.as_str() == s)
    }

    /// The method's name as invoices and the sandbox print it.
    pub fn label(self, lang: crate::lang::Lang) -> &'static str {
        let (fr, ar) = match self {
            PaymentMethod::Cc => ("Carte bancaire", "بطاقة بنكية"),
            PaymentMethod::Cod => ("Paiement à la livraison", "الأداء عند التسليم"),
            PaymentMethod::Fatourati => ("Fatourati", "فاتورتي"),
            PaymentMethod::CashPlus => ("Cash Plus", "كاش بلوس"),
            PaymentMethod::Tasshilat => ("Tasshilat", "تسهيلات"),
            PaymentMethod::BankingApp => ("Application bancaire", "التطبيق البنكي"),
            PaymentMethod::Sms => ("SMS", "رسالة قصيرة"),
            PaymentMethod::Avitoken => ("Jetons", "الرموز"),
            PaymentMethod::Points => ("Points boutique", "نقاط المتجر"),
        };
        if lang == crate::lang::Lang::Ar { ar } else { fr }
    }

    /// Paid with a code at an agency's counter (spec §3 agency options).
    pub fn is_offline(self) -> bool {
        matches!(self, PaymentMethod::Fatourati | PaymentMethod::CashPlus | PaymentMethod::Tasshilat)
    }

    /// Whether Souk takes an insertion fee this way: a card or an offline code (cash on
    /// delivery is for products; balances, SMS and banking apps pay packs).
    pub fn takes_insertion_fees(self) -> bool {
        PaymentMethod::CHECKOUT.contains(&self)
    }

    /// The balance a method draws on at once, if it is one.
    pub fn balance(self) -> Option<crate::balances::Balance> {
        match self {
            PaymentMethod::Avitoken => Some(crate::balances::Balance::Tokens),
            PaymentMethod::Points => Some(crate::balances::Balance::Points),
            _ => None,
        }
    }

    /// Who confirms a payment made this way; `None` for a balance (paid at once) and cash on
    /// delivery (the courier).
    pub fn provider(self) -> Option<Provider> {
        match self {
            PaymentMethod::Cc => Some(Provider::Card),
            PaymentMethod::Fatourati | PaymentMethod::CashPlus | PaymentMethod::Tasshilat => Some(Provider::Agency),
            PaymentMethod::Sms => Some(Provider::Sms),
            PaymentMethod::BankingApp => Some(Provider::Bank),
            PaymentMethod::Cod | PaymentMethod::Avitoken | PaymentMethod::Points => None,
        }
    }

    /// The extra fee of one transaction: spec §9's 2.5 DH offline, nothing otherwise.
    pub fn extra_fee(self) -> Money {
        if self.is_offline() { OFFLINE_EXTRA_FEE } else { Money(0) }
    }
}

/// The method asked for an insertion fee: a known method Souk takes that way, else
/// `UNKNOWN_PAYMENT_METHOD` (spec §8) — a method it does not take is unknown to its checkout.
pub fn checkout_method(word: &str) -> Result<PaymentMethod, SoukError> {
    method_of(word, Purpose::Insertion)
}

/// The method asked for `purpose`: one of the methods that purchase takes, else
/// `UNKNOWN_PAYMENT_METHOD`.
pub fn method_of(word: &str, purpose: Purpose) -> Result<PaymentMethod, SoukError> {
    let word = word.trim();
    let offered: &[PaymentMethod] = match purpose {
        Purpose::Insertion => &PaymentMethod::CHECKOUT,
        Purpose::Pack => &PaymentMethod::PACKS,
    };
    match PaymentMethod::parse(word) {
        Some(m) if offered.contains(&m) => Ok(m),
        Some(m) => Err(SoukError::with_detail(
            ErrorCode::UnknownPaymentMethod,
            format!("{}: not offered for {}", m.as_str(), purpose.as_str()),
        )),
        None => Err(SoukError::with_detail(ErrorCode::UnknownPaymentMethod, format!("method {word:?}"))),
    }
}

/// What an order costs: the fee, the method's extra fee, and their sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Amounts {
    pub fee: Money,
    pub extra_fee: Money,
    pub total: Money,
}

pub fn amounts(fee: Money, method: PaymentMethod) -> Amounts {
    let extra_fee = method.extra_fee();
    Amounts { fee, extra_fee, total: Money(fee.centimes() + extra_fee.centimes()) }
}

/// Spec §4 payment statuses, with `expired` for an order left unpaid 48 hours: pending (a code
/// to pay, a card page not opened yet), ongoing (the buyer is at the card provider), paid,
/// refunded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PaymentStatus {
    Pending,
    Ongoing,
    Paid,
    Expired,
    Refunded,
}

impl PaymentStatus {
    pub const ALL: [PaymentStatus; 5] = [
        PaymentStatus::Pending,
        PaymentStatus::Ongoing,
        PaymentStatus::Paid,
        PaymentStatus::Expired,
        PaymentStatus::Refunded,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            PaymentStatus::Pending => "pending",
            PaymentStatus::Ongoing => "ongoing",
            PaymentStatus::Paid => "paid",
            PaymentStatus::Expired => "expired",
            PaymentStatus::Refunded => "refunded",
        }
    }

    pub fn parse(s: &str) -> Option<PaymentStatus> {
        PaymentStatus::ALL.into_iter().find(|st| st.as_str() == s)
    }
}

/// The status an order has at `now`: an unpaid (pending or ongoing) order past its expiry is
/// expired, whether or not the store has written it yet.
pub fn status_at(stored: PaymentStatus, expires_at: i64, now: i64) -> PaymentStatus {
    match stored {
        PaymentStatus::Pending | PaymentStatus::Ongoing if now >= expires_at => PaymentStatus::Expired,
        other => other,
    }
}

/// Whether an order is the ad's open one at `now` (spec: one open order per ad; asking again
/// while it is open answers it instead of a new code).
pub fn is_open(stored: PaymentStatus, expires_at: i64, now: i64) -> bool {
    matches!(status_at(stored, expires_at, now), PaymentStatus::Pending | PaymentStatus::Ongoing)
}

/// The year an order paid at `at` is invoiced in: Morocco's calendar year (invoices print the
/// Moroccan date and are numbered from 1 each year).
pub fn invoice_year(at: i64) -> i32 {
    let day = crate::packs::local_day(at).max(0) as u64;
    crate::time::civil_from_days(day).0 as i32
}

/// When a code made at `created_at` stops being valid.
pub fn expiry_of(created_at: i64) -> i64 {
    created_at + PAYMENT_CODE_VALIDITY_SECONDS
}

/// Who may order the payment of an ad: its owner (another account's ad is `AD_NOT_FOUND`, its
/// existence not revealed), and only while it waits for payment (else `AD_OPERATION_NOT_ALLOWED`).
pub fn check_can_order(owner: i64, caller: i64, status: AdStatus) -> Result<(), SoukError> {
    if owner != caller {
        return Err(SoukError::with_detail(ErrorCode::AdNotFound, "another account's ad"));
    }
    match status {
        AdStatus::PendingPayment => Ok(()),
        other => Err(SoukError::with_detail(
            ErrorCode::AdOperationNotAllowed,
            format!("pay from {}: the ad is not waiting for payment", other.as_str()),
        )),
    }
}

/// The agency's confirmation of an order's code at `now`: a pending order within its validity
/// becomes paid; a paid one is `ORDER_ALREADY_COMPLETED`; an expired or refunded one is
/// `UPDATE_IS_NOT_ALLOWED`.
pub fn confirm(stored: PaymentStatus, expires_at: i64, now: i64) -> Result<PaymentStatus, SoukError> {
    match status_at(stored, expires_at, now) {
        PaymentStatus::Pending | PaymentStatus::Ongoing => Ok(PaymentStatus::Paid),
        PaymentStatus::Paid => Err(SoukError::with_detail(ErrorCode::OrderAlreadyCompleted, "already paid")),
        PaymentStatus::Expired => {
            Err(SoukError::with_detail(ErrorCode::UpdateIsNotAllowed, "the payment code has expired"))
        }
        PaymentStatus::Refunded => Err(SoukError::with_detail(ErrorCode::UpdateIsNotAllowed, "the order was refunded")),
    }
}

/// A payment code from a random number: its last [`PAYMENT_CODE_DIGITS`] decimal digits.
pub fn payment_code(random: u64) -> String {
    let modulus = 10u64.pow(PAYMENT_CODE_DIGITS as u32);
    format!("{:0width$}", random % modulus, width = PAYMENT_CODE_DIGITS)
}

/// A code as typed at a counter: spaces, dots and dashes between digits are dropped. An empty
/// code is `REQUIRED`; anything else than ten digits matches no order (`NO_ORDER_IS_UPDATED`).
pub fn normalize_code(input: &str) -> Result<String, SoukError> {
    let code: String = input.chars().filter(|c| !matches!(c, ' ' | '.' | '-' | '\u{a0}')).collect();
    if code.is_empty() {
        return Err(SoukError::with_detail(ErrorCode::Required, "code"));
    }
    if code.len() != PAYMENT_CODE_DIGITS || !code.bytes().all(|b| b.is_ascii_digit()) {
        return Err(SoukError::with_detail(ErrorCode::NoOrderIsUpdated, "not a payment code"));
    }
    Ok(code)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{Category, CategoryTree};
    use crate::lang::Localized;

    fn cat(id: CategoryId, parent: Option<CategoryId>) -> Category {
        Category {
            id,
            parent_id: parent,
            children_ids: vec![],
            order: 1,
            label: Localized::new(format!("c{id}"), format!("ف{id}")),
            slug: Localized::new(format!("c{id}"), format!("ف{id}")),
            ad_types: vec![],
            hidden: false,
        }
    }

    fn tree() -> CategoryTree {
        CategoryTree::build(vec![
            cat(50000, None),
            cat(5000, Some(50000)),
            cat(5010, Some(5000)),
            cat(6000, Some(50000)),
            cat(6020, Some(6000)),
            cat(20000, None),
            cat(2000, Some(20000)),
            cat(2010, Some(2000)),
            cat(2020, Some(2000)),
            cat(10000, None),
            cat(1000, Some(10000)),
            cat(1010, Some(1000)),
            cat(1300, Some(10000)),
            cat(30000, None),
            cat(3000, Some(30000)),
            cat(3010, Some(3000)),
            cat(3020, Some(3000)),
        ])
        .expect("tree")
    }

    #[test]
    fn the_closest_category_with_a_fee_decides() {
        let t = tree();
        let fee = |c| insertion_fee(&t, c).map(Money::centimes);
        assert_eq!(fee(2010), Some(5000), "cars have their own fee");
        assert_eq!(fee(2020), Some(3000), "motorbikes take the vehicles' fee");
        assert_eq!(fee(5010), Some(1500), "phones take multimedia's");
        assert_eq!(fee(6020), Some(1000), "furniture takes the market's");
        assert_eq!(fee(1010), Some(5000));
        assert_eq!(fee(1300), Some(3000));
        assert_eq!(fee(3010), Some(2000));
        assert_eq!(fee(3020), Some(500));
        assert_eq!(fee(77), None, "a category outside the tree has none");
    }

    #[test]
    fn every_vertical_has_a_fee_and_every_fee_is_positive() {
        for v in crate::catalog::Vertical::ALL {
            assert!(INSERTION_FEES.iter().any(|(c, _)| *c == v.root_id()), "{v:?}");
        }
        assert!(INSERTION_FEES.iter().all(|(_, c)| *c > 0));
        let mut ids: Vec<_> = INSERTION_FEES.iter().map(|(c, _)| *c).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), INSERTION_FEES.len(), "one fee per category");
    }

    #[test]
    fn offline_methods_add_two_and_a_half_dirhams() {
        for m in [PaymentMethod::Fatourati, PaymentMethod::CashPlus, PaymentMethod::Tasshilat] {
            let a = amounts(Money(5000), m);
            assert_eq!((a.fee, a.extra_fee, a.total), (Money(5000), Money(250), Money(5250)), "{m:?}");
            assert_eq!(a.total.with_currency(), "52,50 DH");
        }
        let card = amounts(Money(5000), PaymentMethod::Cc);
        assert_eq!((card.extra_fee, card.total), (Money(0), Money(5000)));
    }

    #[test]
    fn the_checkout_takes_a_card_or_an_offline_code() {
        assert_eq!(checkout_method("cashPlus"), Ok(PaymentMethod::CashPlus));
        assert_eq!(checkout_method(" tasshilat "), Ok(PaymentMethod::Tasshilat));
        assert_eq!(checkout_method("cc"), Ok(PaymentMethod::Cc));
        for bad in ["cod", "sms", "avitoken", "points", "bankingApp", "", "CASHPLUS", "paypal"] {
            assert_eq!(checkout_method(bad).map_err(|e| e.code), Err(ErrorCode::UnknownPaymentMethod), "{bad}");
        }
        for m in PaymentMethod::ALL {
            assert_eq!(PaymentMethod::parse(m.as_str()), Some(m));
        }
        assert!(PaymentMethod::CHECKOUT.iter().all(|m| m.takes_insertion_fees()));
    }

    #[test]
    fn packs_take_every_method_but_cash_on_delivery() {
        for m in PaymentMethod::ALL {
            let taken = method_of(m.as_str(), Purpose::Pack).is_ok();
            assert_eq!(taken, m != PaymentMethod::Cod, "{m:?}");
        }
        assert_eq!(PaymentMethod::Points.balance(), Some(crate::balances::Balance::Points));
        assert_eq!(PaymentMethod::Avitoken.balance(), Some(crate::balances::Balance::Tokens));
        assert_eq!(PaymentMethod::Cc.provider(), Some(Provider::Card));
        assert_eq!(PaymentMethod::CashPlus.provider(), Some(Provider::Agency));
        assert_eq!(PaymentMethod::Sms.provider(), Some(Provider::Sms));
        assert_eq!(PaymentMethod::BankingApp.provider(), Some(Provider::Bank));
        // Every method is paid one way: at once from a balance, by a provider, or (cod) the courier.
        for m in PaymentMethod::ALL {
            assert!(m.balance().is_none() || m.provider().is_none(), "{m:?}");
        }
    }

    #[test]
    fn an_order_is_invoiced_in_morocco_s_year() {
        let new_year = crate::time::parse_date("2027-01-01").expect("date") * 86_400;
        assert_eq!(invoice_year(new_year - 3600 - 1), 2026, "22:59 UTC on 31 December is 23:59 in Morocco");
        assert_eq!(invoice_year(new_year - 1800), 2027, "23:30 UTC on 31 December is 00:30 on 1 January in Morocco");
    }

    #[test]
    fn a_code_expires_48_hours_after_it_was_made() {
        let t0 = 1_800_000_000;
        let exp = expiry_of(t0);
        assert_eq!(exp - t0, 172_800);
        assert_eq!(status_at(PaymentStatus::Pending, exp, exp - 1), PaymentStatus::Pending);
        assert_eq!(status_at(PaymentStatus::Pending, exp, exp), PaymentStatus::Expired);
        assert_eq!(status_at(PaymentStatus::Paid, exp, exp + 10), PaymentStatus::Paid, "a paid order stays paid");
        assert_eq!(status_at(PaymentStatus::Refunded, exp, t0), PaymentStatus::Refunded);
        assert!(is_open(PaymentStatus::Pending, exp, exp - 1));
        assert!(!is_open(PaymentStatus::Pending, exp, exp));
        assert!(!is_open(PaymentStatus::Paid, exp, t0));
    }

    #[test]
    fn confirmation_pays_a_valid_code_once() {
        let exp = 1_000;
        assert_eq!(confirm(PaymentStatus::Pending, exp, 999), Ok(PaymentStatus::Paid));
        let code = |s, now| confirm(s, exp, now).map_err(|e| e.code);
        assert_eq!(code(PaymentStatus::Paid, 10), Err(ErrorCode::OrderAlreadyCompleted));
        assert_eq!(code(PaymentStatus::Pending, 1_000), Err(ErrorCode::UpdateIsNotAllowed), "expired");
        assert_eq!(code(PaymentStatus::Expired, 10), Err(ErrorCode::UpdateIsNotAllowed));
        assert_eq!(code(PaymentStatus::Refunded, 10), Err(ErrorCode::UpdateIsNotAllowed));
    }

    #[test]
    fn only_the_owner_of_an_ad_waiting_for_payment_orders_it() {
        assert_eq!(check_can_order(7, 7, AdStatus::PendingPayment), Ok(()));
        assert_eq!(check_can_order(7, 8, AdStatus::PendingPayment).map_err(|e| e.code), Err(ErrorCode::AdNotFound));
        for s in
            [AdStatus::Active, AdStatus::PendingReview, AdStatus::Refused, AdStatus::Deactivated, AdStatus::Deleted]
        {
            assert_eq!(check_can_order(7, 7, s).map_err(|e| e.code), Err(ErrorCode::AdOperationNotAllowed), "{s:?}");
        }
    }

    #[test]
    fn codes_are_ten_digits_and_read_back_as_typed() {
        assert_eq!(payment_code(42), "0000000042");
        assert_eq!(payment_code(u64::MAX), "3709551615");
        assert_eq!(normalize_code("000 000 0042"), Ok("0000000042".into()));
        assert_eq!(normalize_code("000-000.0042"), Ok("0000000042".into()));
        assert_eq!(normalize_code("  ").map_err(|e| e.code), Err(ErrorCode::Required));
        for bad in ["123", "12345678901", "12345abcde", "١٢٣٤٥٦٧٨٩٠"] {
            assert_eq!(normalize_code(bad).map_err(|e| e.code), Err(ErrorCode::NoOrderIsUpdated), "{bad}");
        }
    }
}
