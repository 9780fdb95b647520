//! Orders (spec §3 sale and purchase orders, §4 order states): the seller-side statuses of an
//! order, the buyer-side word each one shows in "my orders", the filter words a buyer and a
//! seller may ask for, the order workflow's transitions (which action each status allows and
//! what it leads to), the checkout's amounts (discounted price, delivery fee, total,
//! commission), the seller's payment status and transfer dates, the delivery details'
//! validation, and the page rules of the orders lists. No I/O.

use crate::account::{check_person_name, normalize_email, normalize_phone};
use crate::error::{ErrorCode, SoukError};
use crate::money::Money;

/// Spec §4 sale order statuses, as the seller centre knows them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SaleOrderStatus {
    Pending,
    Ready,
    Delivering,
    Delivered,
    Cancelled,
    Returned,
}

impl SaleOrderStatus {
    pub const ALL: [SaleOrderStatus; 6] = [
        SaleOrderStatus::Pending,
        SaleOrderStatus::Ready,
        SaleOrderStatus::Delivering,
        SaleOrderStatus::Delivered,
        SaleOrderStatus::Cancelled,
        SaleOrderStatus::Returned,
    ];

    /// The spec's uppercase word, also the stored value.
    pub fn as_str(self) -> &'static str {
        match self {
            SaleOrderStatus::Pending => "PENDING",
            SaleOrderStatus::Ready => "READY",
            SaleOrderStatus::Delivering => "DELIVERING",
            SaleOrderStatus::Delivered => "DELIVERED",
            SaleOrderStatus::Cancelled => "CANCELLED",
            SaleOrderStatus::Returned => "RETURNED",
        }
    }

    pub fn parse(s: &str) -> Option<SaleOrderStatus> {
        SaleOrderStatus::ALL.into_iter().find(|st| st.as_str() == s)
    }

    /// The seller centre's word (spec §4 "Seller-centre order statuses: pending,
    /// readyForDelivery, delivering, delivered, cancelled, returned").
    pub fn seller_word(self) -> &'static str {
        match self {
            SaleOrderStatus::Pending => "pending",
            SaleOrderStatus::Ready => "readyForDelivery",
            SaleOrderStatus::Delivering => "delivering",
            SaleOrderStatus::Delivered => "delivered",
            SaleOrderStatus::Cancelled => "cancelled",
            SaleOrderStatus::Returned => "returned",
        }
    }

    /// A final order changes no more: delivered, cancelled or returned.
    pub fn is_final(self) -> bool {
        matches!(self, SaleOrderStatus::Delivered | SaleOrderStatus::Cancelled | SaleOrderStatus::Returned)
    }

    /// What the buyer sees (spec §4 buyer-side: initiated, preparing, delivering, delivered,
    /// canceled — written `cancelled` as in the spec's orders filter of §2).
    pub fn buyer_word(self) -> &'static str {
        match self {
            SaleOrderStatus::Pending => "initiated",
            SaleOrderStatus::Ready => "preparing",
            SaleOrderStatus::Delivering => "delivering",
            SaleOrderStatus::Delivered => "delivered",
            SaleOrderStatus::Cancelled => "cancelled",
            SaleOrderStatus::Returned => "returned",
        }
    }
}

/// Spec §2 "Orders filter statuses": the words a buyer filters "my orders" with.
pub const BUYER_FILTER_STATUSES: [&str; 5] = ["initiated", "preparing", "delivering", "delivered", "cancelled"];

/// The seller status behind a buyer's filter word. `canceled` (spec §4's spelling) is accepted
/// for `cancelled`; `returned` is not a filter (spec §4: RETURNED is not in the filter).
pub fn parse_buyer_filter(word: &str) -> Result<SaleOrderStatus, SoukError> {
    let word = word.trim().to_ascii_lowercase();
    let word = if word == "canceled" { "cancelled".to_string() } else { word };
    SaleOrderStatus::ALL
        .into_iter()
        .filter(|s| *s != SaleOrderStatus::Returned)
        .find(|s| s.buyer_word() == word)
        .ok_or_else(|| {
            SoukError::with_detail(
                ErrorCode::InvalidOrderStatus,
                format!("status {word:?}: one of {}", BUYER_FILTER_STATUSES.join(", ")),
            )
        })
}

/// The seller status behind a seller-centre filter word (`pending` ... `returned`, or the
/// uppercase stored value).
pub fn parse_seller_filter(word: &str) -> Result<SaleOrderStatus, SoukError> {
    let word = word.trim();
    SaleOrderStatus::ALL
        .into_iter()
        .find(|s| s.seller_word().eq_ignore_ascii_case(word) || s.as_str() == word)
        .ok_or_else(|| {
            let words: Vec<&str> = SaleOrderStatus::ALL.iter().map(|s| s.seller_word()).collect();
            SoukError::with_detail(
                ErrorCode::InvalidOrderStatus,
                format!("status {word:?}: one of {}", words.join(", ")),
            )
        })
}

/// What a party may do to an order (spec §4: prepare, cancel, delete; then the delivery steps).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OrderAction {
    Prepare,
    Cancel,
    Delete,
    Ship,
    Deliver,
    Return,
}

impl OrderAction {
    pub const ALL: [OrderAction; 6] = [
        OrderAction::Prepare,
        OrderAction::Cancel,
        OrderAction::Delete,
        OrderAction::Ship,
        OrderAction::Deliver,
        OrderAction::Return,
    ];

    /// The word of `allowedActions`.
    pub fn as_str(self) -> &'static str {
        match self {
            OrderAction::Prepare => "prepare",
            OrderAction::Cancel => "cancel",
            OrderAction::Delete => "delete",
            OrderAction::Ship => "ship",
            OrderAction::Deliver => "deliver",
            OrderAction::Return => "return",
        }
    }

    /// Whether the buyer of an order may take this action (only cancelling a PENDING order);
    /// every action is the seller's.
    pub fn buyer_may(self) -> bool {
        self == OrderAction::Cancel
    }

    /// Whether the units go back into stock when this action succeeds.
    pub fn restocks(self) -> bool {
        matches!(self, OrderAction::Cancel | OrderAction::Delete | OrderAction::Return)
    }
}

/// Where an order goes when `action` is taken, or `None` when the action removes it (delete).
/// A final order refuses every action with `ORDER_ALREADY_COMPLETED`; an action its status
/// does not allow is `UPDATE_IS_NOT_ALLOWED`.
pub fn transition(from: SaleOrderStatus, action: OrderAction) -> Result<Option<SaleOrderStatus>, SoukError> {
    use OrderAction as A;
    use SaleOrderStatus as S;
    if from.is_final() {
        return Err(SoukError::with_detail(
            ErrorCode::OrderAlreadyCompleted,
            format!("order is {}: {} refused", from.as_str(), action.as_str()),
        ));
    }
    match (from, action) {
        (S::Pending, A::Prepare) => Ok(Some(S::Ready)),
        (S::Pending | S::Ready, A::Cancel) => Ok(Some(S::Cancelled)),
        (S::Pending, A::Delete) => Ok(None),
        (S::Ready, A::Ship) => Ok(Some(S::Delivering)),
        (S::Delivering, A::Deliver) => Ok(Some(S::Delivered)),
        (S::Delivering, A::Return) => Ok(Some(S::Returned)),
        _ => Err(SoukError::with_detail(
            ErrorCode::UpdateIsNotAllowed,
            format!("{} is not allowed on a {} order", action.as_str(), from.as_str()),
        )),
    }
}

/// The actions a status allows, for the seller (spec §4: PENDING allows prepare, cancel,
/// delete; the others their delivery step).
pub fn allowed_actions(status: SaleOrderStatus) -> Vec<OrderAction> {
    OrderAction::ALL.into_iter().filter(|a| transition(status, *a).is_ok()).collect()
}

/// The actions the buyer of an order may take in its status.
pub fn buyer_allowed_actions(status: SaleOrderStatus) -> Vec<OrderAction> {
    allowed_actions(status)
        .into_iter()
        .filter(|a| a.buyer_may())
        .filter(|_| status == SaleOrderStatus::Pending)
        .collect()
}

/// The most units one checkout may order.
pub const MAX_ORDER_QUANTITY: u32 = 99;
/// The delivery fee of a cash-on-delivery order, DH, when the configuration sets none.
pub const DEFAULT_DELIVERY_FEE_DH: i64 = 25;
/// The platform's commission on a delivered order (percent of the goods), when the
/// configuration sets none.
pub const DEFAULT_COMMISSION_PERCENT: u32 = 10;
/// A PENDING order not prepared within this reminds the seller (48 h).
pub const DEFAULT_REMINDER_AFTER_SECS: i64 = 48 * 3600;
/// A DELIVERING order not delivered within this is marked late (5 days).
pub const DEFAULT_LATE_AFTER_SECS: i64 = 5 * 86_400;

/// A checkout quantity: 1 to [`MAX_ORDER_QUANTITY`].
pub fn check_quantity(quantity: i64) -> Result<u32, SoukError> {
    if !(1..=i64::from(MAX_ORDER_QUANTITY)).contains(&quantity) {
        return Err(SoukError::with_detail(
            ErrorCode::InvalidArgument,
            format!("quantity {quantity}: 1 to {MAX_ORDER_QUANTITY}"),
        ));
    }
    Ok(quantity as u32)
}

/// The amounts of a checkout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OrderAmounts {
    pub unit_price: Money,
    /// The discount on the whole quantity.
    pub discount: Money,
    /// Quantity × discounted unit price.
    pub subtotal: Money,
    pub delivery_fee: Money,
    pub total: Money,
}

/// Quantity × (unit price − unit discount) + delivery fee.
pub fn order_amounts(unit_price: Money, final_unit_price: Money, quantity: u32, delivery_fee: Money) -> OrderAmounts {
    let q = i64::from(quantity);
    let subtotal = Money(final_unit_price.centimes() * q);
    OrderAmounts {
        unit_price,
        discount: Money((unit_price.centimes() - final_unit_price.centimes()).max(0) * q),
        subtotal,
        delivery_fee,
        total: Money(subtotal.centimes() + delivery_fee.centimes()),
    }
}

/// The platform's commission on an order's goods (the delivery fee is not commissioned),
/// rounded to the centime.
pub fn commission(goods: Money, percent: u32) -> Money {
    Money((goods.centimes() * i64::from(percent) + 50) / 100)
}

/// Spec §4 payment statuses of a seller's order: pending, ongoing, paid, refunded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SellerPaymentStatus {
    /// Not delivered yet: the cash is still to be collected.
    Pending,
    /// Delivered: the net amount is due at the next transfer.
    Ongoing,
    /// Delivered before the latest transfer: paid to the seller.
    Paid,
    /// Returned or cancelled: nothing is owed.
    Refunded,
}

impl SellerPaymentStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            SellerPaymentStatus::Pending => "pending",
            SellerPaymentStatus::Ongoing => "ongoing",
            SellerPaymentStatus::Paid => "paid",
            SellerPaymentStatus::Refunded => "refunded",
        }
    }
}

/// Seconds in a day.
const DAY: i64 = 86_400;

/// The latest transfer at or before `now` (Mondays, 00:00 UTC; the Unix epoch was a Thursday).
pub fn last_transfer(now: i64) -> i64 {
    let days = now.div_euclid(DAY);
    // Days since the last Monday: epoch day 0 is a Thursday, so Monday is day 4 (mod 7).
    let since_monday = (days - 4).rem_euclid(7);
    (days - since_monday) * DAY
}

/// The next transfer after `now`.
pub fn next_transfer(now: i64) -> i64 {
    last_transfer(now) + 7 * DAY
}

/// Where the seller's money for an order stands at `now`: `delivered_at` is when it was
/// delivered (for a DELIVERED order).
pub fn seller_payment_status(status: SaleOrderStatus, delivered_at: Option<i64>, now: i64) -> SellerPaymentStatus {
    match status {
        SaleOrderStatus::Cancelled | SaleOrderStatus::Returned => SellerPaymentStatus::Refunded,
        SaleOrderStatus::Delivered => match delivered_at {
            Some(at) if at < last_transfer(now) => SellerPaymentStatus::Paid,
            _ => SellerPaymentStatus::Ongoing,
        },
        _ => SellerPaymentStatus::Pending,
    }
}

/// Checkout delivery details (spec §3: full name, e-mail, phone, address; and the city).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DeliveryDetails {
    pub full_name: String,
    pub email: String,
    pub phone: String,
    pub address: String,
    pub city_id: u32,
}

/// Address length bounds.
pub const ADDRESS_MIN: usize = 5;
pub const ADDRESS_MAX: usize = 200;

/// Checks and normalises delivery details: a person's name, a valid e-mail, a Moroccan phone,
/// an address of 5 to 200 characters and a city (its existence is the caller's to check).
pub fn check_delivery(d: &DeliveryDetails) -> Result<DeliveryDetails, SoukError> {
    let full_name = check_person_name(&d.full_name)?;
    let email = normalize_email(&d.email)?;
    let phone = normalize_phone(&d.phone)?;
    let address = d.address.trim().to_string();
    let len = address.chars().count();
    if len == 0 {
        return Err(SoukError::with_detail(ErrorCode::Required, "address"));
    }
    if len < ADDRESS_MIN {
        return Err(SoukError::with_detail(ErrorCode::TextTooShort, "address").with_param("min", ADDRESS_MIN as i64));
    }
    if len > ADDRESS_MAX {
        return Err(SoukError::with_detail(ErrorCode::TextTooLong, "address").with_param("max", ADDRESS_MAX as i64));
    }
    if d.city_id == 0 {
        return Err(SoukError::with_detail(ErrorCode::CityRequired, "city"));
    }
    Ok(DeliveryDetails { full_name, email, phone, address, city_id: d.city_id })
}

/// Spec §3 payment methods an order can be paid with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PaymentMethod {
    /// Cash on delivery (spec §9: delivery payment is cash on delivery).
    Cod,
    Cc,
}

impl PaymentMethod {
    pub fn as_str(self) -> &'static str {
        match self {
            PaymentMethod::Cod => "cod",
            PaymentMethod::Cc => "cc",
        }
    }

    pub fn parse(s: &str) -> Option<PaymentMethod> {
        [PaymentMethod::Cod, PaymentMethod::Cc].into_iter().find(|m| m.as_str() == s)
    }
}

/// "My orders" page size when the client sends none (spec §9: the order page size differs
/// from the ads' 12, value not shown; 10 rows fit the orders table).
pub const ORDERS_PAGE_SIZE: u32 = 10;
/// The largest orders page.
pub const ORDERS_MAX_PAGE_SIZE: u32 = 50;
/// The deepest page number answered (beyond, nobody has that many orders).
pub const ORDERS_MAX_PAGE: u32 = 100_000;

/// A page number (1-based) and size as offset and limit. A missing number is page 1, a missing
/// size is [`ORDERS_PAGE_SIZE`]; a number below 1 or above [`ORDERS_MAX_PAGE`], or a size
/// outside 1..=[`ORDERS_MAX_PAGE_SIZE`], is `INVALID_ARGUMENT`.
pub fn orders_page(number: Option<i64>, size: Option<i64>) -> Result<(u32, u32), SoukError> {
    let number = number.unwrap_or(1);
    let size = size.unwrap_or(i64::from(ORDERS_PAGE_SIZE));
    if !(1..=i64::from(ORDERS_MAX_PAGE)).contains(&number) {
        return Err(SoukError::with_detail(
            ErrorCode::InvalidArgument,
            format!("page.number {number}: 1 to {ORDERS_MAX_PAGE}"),
        ));
    }
    if !(1..=i64::from(ORDERS_MAX_PAGE_SIZE)).contains(&size) {
        return Err(SoukError::with_detail(
            ErrorCode::InvalidArgument,
            format!("page.size {size}: 1 to {ORDERS_MAX_PAGE_SIZE}"),
        ));
    }
    let (number, size) = (number as u32, size as u32);
    Ok(((number - 1) * size, size))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_workflow_allows_what_spec_section_4_says() {
        use OrderAction as A;
        use SaleOrderStatus as S;
        let names = |s| allowed_actions(s).into_iter().map(OrderAction::as_str).collect::<Vec<_>>();
        assert_eq!(names(S::Pending), ["prepare", "cancel", "delete"]);
        assert_eq!(names(S::Ready), ["cancel", "ship"]);
        assert_eq!(names(S::Delivering), ["deliver", "return"]);
        for s in [S::Delivered, S::Cancelled, S::Returned] {
            assert!(names(s).is_empty());
            assert_eq!(transition(s, A::Cancel).map_err(|e| e.code), Err(ErrorCode::OrderAlreadyCompleted));
        }
        assert_eq!(transition(S::Pending, A::Prepare), Ok(Some(S::Ready)));
        assert_eq!(transition(S::Pending, A::Delete), Ok(None));
        assert_eq!(transition(S::Ready, A::Prepare).map_err(|e| e.code), Err(ErrorCode::UpdateIsNotAllowed));
        assert_eq!(transition(S::Delivering, A::Cancel).map_err(|e| e.code), Err(ErrorCode::UpdateIsNotAllowed));
        assert_eq!(buyer_allowed_actions(S::Pending), [A::Cancel]);
        assert!(buyer_allowed_actions(S::Ready).is_empty());
    }

    #[test]
    fn seller_words_parse_back_and_uppercase_is_accepted() {
        for s in SaleOrderStatus::ALL {
            assert_eq!(parse_seller_filter(s.seller_word()), Ok(s));
            assert_eq!(parse_seller_filter(s.as_str()), Ok(s));
        }
        assert_eq!(parse_seller_filter("shipped").map_err(|e| e.code), Err(ErrorCode::InvalidOrderStatus));
    }

    #[test]
    fn amounts_discount_each_unit_and_add_the_delivery_fee_once() {
        let a = order_amounts(Money::from_dirhams(200), Money::from_dirhams(150), 3, Money::from_dirhams(25));
        assert_eq!(a.discount, Money::from_dirhams(150));
        assert_eq!(a.subtotal, Money::from_dirhams(450));
        assert_eq!(a.total, Money::from_dirhams(475));
        assert_eq!(commission(Money(12_345), 10), Money(1_235));
        assert_eq!(check_quantity(0).map_err(|e| e.code), Err(ErrorCode::InvalidArgument));
        assert_eq!(check_quantity(100).map_err(|e| e.code), Err(ErrorCode::InvalidArgument));
        assert_eq!(check_quantity(99), Ok(99));
    }

    #[test]
    fn transfers_are_on_mondays_and_delivered_orders_are_paid_after_the_next_one() {
        // 2026-11-27 is a Friday; the Monday before is 2026-11-23.
        let friday = 1_795_780_800; // 2026-11-27T12:00:00Z
        assert_eq!(crate::time::rfc3339(last_transfer(friday)), "2026-11-23T00:00:00Z");
        assert_eq!(crate::time::rfc3339(next_transfer(friday)), "2026-11-30T00:00:00Z");
        let monday = last_transfer(friday);
        assert_eq!(last_transfer(monday), monday);
        use SaleOrderStatus as S;
        assert_eq!(seller_payment_status(S::Delivered, Some(friday - 3600), friday), SellerPaymentStatus::Ongoing);
        assert_eq!(seller_payment_status(S::Delivered, Some(monday - 1), friday), SellerPaymentStatus::Paid);
        assert_eq!(seller_payment_status(S::Ready, None, friday), SellerPaymentStatus::Pending);
        assert_eq!(seller_payment_status(S::Returned, None, friday), SellerPaymentStatus::Refunded);
    }

    #[test]
    fn delivery_details_are_checked_field_by_field() {
        let good = DeliveryDetails {
            full_name: " Salma Bennani ".into(),
            email: "Salma@Example.ma".into(),
            phone: "0612345678".into(),
            address: "12 rue Ibn Sina, Agdal".into(),
            city_id: 5,
        };
        let ok = check_delivery(&good).expect("valid");
        assert_eq!(ok.full_name, "Salma Bennani");
        let bad = |f: fn(&mut DeliveryDetails)| {
            let mut d = good.clone();
            f(&mut d);
            check_delivery(&d).map_err(|e| e.code).err()
        };
        assert_eq!(bad(|d| d.email = "nope".into()), Some(ErrorCode::InvalidEmail));
        assert_eq!(bad(|d| d.phone = "12".into()), Some(ErrorCode::InvalidPhone));
        assert_eq!(bad(|d| d.address = " ".into()), Some(ErrorCode::Required));
        assert_eq!(bad(|d| d.address = "abc".into()), Some(ErrorCode::TextTooShort));
        assert_eq!(bad(|d| d.city_id = 0), Some(ErrorCode::CityRequired));
    }

    #[test]
    fn every_seller_status_has_its_buyer_word() {
        let words: Vec<&str> = SaleOrderStatus::ALL.iter().map(|s| s.buyer_word()).collect();
        assert_eq!(words, ["initiated", "preparing", "delivering", "delivered", "cancelled", "returned"]);
        for s in SaleOrderStatus::ALL {
            assert_eq!(SaleOrderStatus::parse(s.as_str()), Some(s));
        }
    }

    #[test]
    fn the_filter_takes_the_five_spec_words_and_the_us_spelling() {
        for w in BUYER_FILTER_STATUSES {
            assert_eq!(parse_buyer_filter(w).map(|s| s.buyer_word()), Ok(w));
        }
        assert_eq!(parse_buyer_filter("canceled"), Ok(SaleOrderStatus::Cancelled));
        assert_eq!(parse_buyer_filter(" Delivered "), Ok(SaleOrderStatus::Delivered));
        for bad in ["returned", "PENDING", "", "shipped"] {
            assert_eq!(parse_buyer_filter(bad).map_err(|e| e.code), Err(ErrorCode::InvalidOrderStatus), "{bad}");
        }
    }

    #[test]
    fn pages_are_one_based_and_bounded() {
        assert_eq!(orders_page(None, None), Ok((0, 10)));
        assert_eq!(orders_page(Some(3), Some(5)), Ok((10, 5)));
        assert_eq!(orders_page(Some(ORDERS_MAX_PAGE as i64), Some(50)), Ok(((ORDERS_MAX_PAGE - 1) * 50, 50)));
        for (n, s) in [(0, 10), (-1, 10), (1, 0), (1, 51), (1, -5), (ORDERS_MAX_PAGE as i64 + 1, 10)] {
            assert_eq!(orders_page(Some(n), Some(s)).map_err(|e| e.code), Err(ErrorCode::InvalidArgument), "{n} {s}");
        }
    }
}
