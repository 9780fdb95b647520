//! Orders (spec §3 sale and purchase orders, §4 order states): the seller-side statuses of an
//! order, the buyer-side word each one shows in "my orders", the filter words a buyer may ask
//! for, the payment methods, and the page rules of the orders list. No I/O.

use crate::error::{ErrorCode, SoukError};

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
