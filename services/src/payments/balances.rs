//! The points and token balances (spec §3 "points with expiry; token balance"): what the
//! caller holds as their ledgers sum it, one page of a ledger, and the credits customer service
//! and memberships write. A balance is never overwritten: every change is a ledger entry.

use super::PaymentService;
use crate::accounts::service::Caller;
use crate::ads::service::now;
use souk_domain::balances::{Balance, EntryReason, Standing};
use souk_domain::{ErrorCode, SoukError};
use souk_storage::StoreError;
use souk_storage::payments::BalanceEntry;

/// Both balances of an account at an instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Balances {
    pub points: Standing,
    pub tokens: Standing,
    /// When they were read (what "expired" is judged against).
    pub at: i64,
}

impl PaymentService {
    pub(super) async fn balances_of(&self, account_id: i64, at: i64) -> Result<Balances, SoukError> {
        let points = self.store.standing(account_id, Balance::Points).await.map_err(SoukError::internal)?;
        let tokens = self.store.standing(account_id, Balance::Tokens).await.map_err(SoukError::internal)?;
        Ok(Balances { points, tokens, at })
    }

    /// `getMyBalances`.
    pub async fn my_balances(&self, caller: &Caller) -> Result<Balances, SoukError> {
        self.balances_of(caller.account_id(), now()).await
    }

    /// `getMyBalanceEntries(balance, page, size)`: the caller's ledger, newest first.
    pub async fn my_entries(
        &self,
        caller: &Caller,
        balance: &str,
        page: Option<i64>,
        size: Option<i64>,
    ) -> Result<(Vec<BalanceEntry>, u64), SoukError> {
        let balance = Balance::parse(balance)
            .ok_or_else(|| SoukError::with_detail(ErrorCode::InvalidArgument, format!("balance {balance:?}")))?;
        let (offset, limit) = souk_domain::orders::orders_page(page, size)?;
        self.store.entries(caller.account_id(), balance, offset, limit).await.map_err(SoukError::internal)
    }

    /// Writes a credit (a positive `delta`) or a correction (negative) to an account's ledger:
    /// `souk admin credit`, memberships, the demo. `entry_id` makes it idempotent: writing the
    /// same entry again is `Ok(false)`.
    pub async fn credit(
        &self,
        account_id: i64,
        balance: Balance,
        delta: i64,
        reason: EntryReason,
        expires_at: Option<i64>,
        entry_id: &str,
    ) -> Result<bool, SoukError> {
        if delta == 0 {
            return Err(SoukError::with_detail(ErrorCode::InvalidArgument, "a credit of 0"));
        }
        let entry = BalanceEntry {
            entry_id: entry_id.to_string(),
            account_id,
            balance,
            delta,
            reason: reason.as_str().into(),
            order_id: None,
            expires_at,
            created_at: now(),
        };
        match self.store.add_entry(entry).await {
            Ok(()) => Ok(true),
            Err(StoreError::Conflict(_)) => Ok(false),
            Err(e) => Err(SoukError::internal(e)),
        }
    }
}
