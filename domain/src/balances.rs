//! The balances shops pay packs from (spec §3 "points with expiry; token balance", §8 shop
//! boost errors): which balance a method draws on, who may use it, the standing of a balance
//! as its ledger sums it, and the exact refusal of each debit that cannot be made. A balance is
//! never a field overwritten: the store keeps one row per credit and debit and sums them.

use crate::error::{ErrorCode, SoukError};

/// The two balances.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Balance {
    /// A shop's points (spec: "points with expiry"), given with its membership or by customer
    /// service; a point pays one dirham of a pack.
    Points,
    /// The token balance (`avitoken`); a token pays one dirham of a pack.
    Tokens,
}

impl Balance {
    pub const ALL: [Balance; 2] = [Balance::Points, Balance::Tokens];

    pub fn as_str(self) -> &'static str {
        match self {
            Balance::Points => "points",
            Balance::Tokens => "tokens",
        }
    }

    pub fn parse(s: &str) -> Option<Balance> {
        Balance::ALL.into_iter().find(|b| b.as_str() == s.trim())
    }
}

/// Why an entry was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EntryReason {
    /// Points that came with the shop's membership.
    Membership,
    /// A credit by customer service (`souk admin credit`).
    Credit,
    /// A pack paid from the balance.
    Pack,
    /// A debit given back (an order refunded).
    Refund,
    /// What the balance held before the ledger existed.
    Opening,
}

impl EntryReason {
    pub const ALL: [EntryReason; 5] =
        [EntryReason::Membership, EntryReason::Credit, EntryReason::Pack, EntryReason::Refund, EntryReason::Opening];

    pub fn as_str(self) -> &'static str {
        match self {
            EntryReason::Membership => "membership",
            EntryReason::Credit => "credit",
            EntryReason::Pack => "pack",
            EntryReason::Refund => "refund",
            EntryReason::Opening => "opening",
        }
    }

    pub fn parse(s: &str) -> Option<EntryReason> {
        EntryReason::ALL.into_iter().find(|r| r.as_str() == s)
    }
}

/// A balance as its ledger sums it: the sum of its entries, and for points the latest expiry
/// among their credits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Standing {
    pub sum: i64,
    pub expires_at: Option<i64>,
}

impl Standing {
    /// Whether the balance has expired at `now` (only points expire).
    pub fn expired(&self, now: i64) -> bool {
        self.expires_at.is_some_and(|e| e <= now)
    }

    /// What the holder can spend at `now`: nothing once expired ("0 credits").
    pub fn available(&self, now: i64) -> i64 {
        if self.expired(now) { 0 } else { self.sum.max(0) }
    }
}

/// Whether `price` (units of `balance`, `None` when the pack has no price in it) can be taken
/// from `standing` at `now` by an account that is a shop or not. The refusals are spec §8's:
/// points are a shop's (`PERMISSION_DENIED`), a pack without a price in that unit is
/// `ERROR_SOLDE_EQUIVALENT`, expired points `ERROR_SOLDE_EXPIRED`, too little
/// `ERROR_SOLDE_NOT_ENOUGH`.
pub fn check_debit(
    balance: Balance,
    standing: Standing,
    price: Option<i64>,
    now: i64,
    is_shop: bool,
) -> Result<i64, SoukError> {
    if balance == Balance::Points && !is_shop {
        return Err(SoukError::with_detail(ErrorCode::PermissionDenied, "points are a shop's balance"));
    }
    let Some(price) = price else {
        return Err(SoukError::with_detail(ErrorCode::SoldeEquivalent, format!("no price in {}", balance.as_str())));
    };
    if standing.expired(now) {
        return Err(SoukError::with_detail(ErrorCode::SoldeExpired, format!("{} expired", balance.as_str())));
    }
    if standing.available(now) < price {
        return Err(SoukError::with_detail(
            ErrorCode::SoldeNotEnough,
            format!("{} {} < {price}", balance.as_str(), standing.sum),
        ));
    }
    Ok(price)
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_800_000_000;

    fn code(r: Result<i64, SoukError>) -> Result<i64, ErrorCode> {
        r.map_err(|e| e.code)
    }

    #[test]
    fn a_debit_is_refused_with_the_spec_error() {
        let live = Standing { sum: 100, expires_at: Some(NOW + 10) };
        assert_eq!(code(check_debit(Balance::Points, live, Some(100), NOW, true)), Ok(100));
        assert_eq!(code(check_debit(Balance::Points, live, Some(101), NOW, true)), Err(ErrorCode::SoldeNotEnough));
        assert_eq!(code(check_debit(Balance::Points, live, Some(1), NOW, false)), Err(ErrorCode::PermissionDenied));
        assert_eq!(code(check_debit(Balance::Points, live, None, NOW, true)), Err(ErrorCode::SoldeEquivalent));
        let expired = Standing { sum: 500, expires_at: Some(NOW) };
        assert_eq!(code(check_debit(Balance::Points, expired, Some(1), NOW, true)), Err(ErrorCode::SoldeExpired));
        assert_eq!(expired.available(NOW), 0, "0 credits once expired");
        let tokens = Standing { sum: 30, expires_at: None };
        assert_eq!(code(check_debit(Balance::Tokens, tokens, Some(30), NOW, false)), Ok(30), "tokens are anyone's");
        assert_eq!(code(check_debit(Balance::Tokens, tokens, Some(31), NOW, false)), Err(ErrorCode::SoldeNotEnough));
    }

    #[test]
    fn words_round_trip() {
        for b in Balance::ALL {
            assert_eq!(Balance::parse(b.as_str()), Some(b));
        }
        for r in EntryReason::ALL {
            assert_eq!(EntryReason::parse(r.as_str()), Some(r));
        }
    }
}
