//! The ad state machine of spec §4: which operation is allowed from which status and where it
//! leads — deactivate and activate at any time (activation may hit the free-ad limit and end
//! in pending payment), delete only 7 days after the state timestamp, moderation decisions,
//! appeals with their limit, payment, and what an edit does to each status.

use crate::account::AccountType;
use crate::ad::AdStatus;
use crate::{ErrorCode, SoukError};

/// Spec §9: a deactivated ad can be deleted 7 days after its state timestamp.
pub const DELETE_AFTER_DAYS: i64 = 7;
const DAY: i64 = 86_400;
/// Spec §9: moderation decides within 60 minutes.
pub const MODERATION_MAX_SECONDS: i64 = 60 * 60;

fn not_allowed(op: &str, from: AdStatus) -> SoukError {
    SoukError::with_detail(ErrorCode::AdOperationNotAllowed, format!("{op} from {}", from.as_str()))
}

/// Whether one more active ad stays within the free-ad limit: shops insert without limit
/// (spec §6); private accounts have a limit per category (`None`: no limit there).
pub fn within_free_limit(account: AccountType, active_in_category: u64, limit: Option<u64>) -> bool {
    account == AccountType::Shop || limit.is_none_or(|l| active_in_category < l)
}

/// `deactivateAd`: an active ad is deactivated.
pub fn deactivate(from: AdStatus) -> Result<AdStatus, SoukError> {
    match from {
        AdStatus::Active => Ok(AdStatus::Deactivated),
        other => Err(not_allowed("deactivate", other)),
    }
}

/// How an activation ended (spec §4: 'ad activated' or 'active limit reached' with payment).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Activation {
    Activated,
    PaymentRequired,
}

/// `activateAd`: a deactivated ad becomes active, or pending payment over the free limit.
pub fn activate(from: AdStatus, within_limit: bool) -> Result<(AdStatus, Activation), SoukError> {
    match from {
        AdStatus::Deactivated if within_limit => Ok((AdStatus::Active, Activation::Activated)),
        AdStatus::Deactivated => Ok((AdStatus::PendingPayment, Activation::PaymentRequired)),
        other => Err(not_allowed("activate", other)),
    }
}

/// `deleteAd`: a deactivated ad only 7 days after its state timestamp (else 'deletion refused'
/// with the days remaining); refused and pending-payment ads, which were never live or are
/// not live, at any time. Active ads are deactivated first; deleted is final.
pub fn delete(from: AdStatus, state_time: i64, now: i64) -> Result<AdStatus, SoukError> {
    match from {
        AdStatus::Deactivated => {
            let allowed_at = state_time + DELETE_AFTER_DAYS * DAY;
            if now >= allowed_at {
                Ok(AdStatus::Deleted)
            } else {
                let days = (allowed_at - now + DAY - 1) / DAY;
                Err(SoukError::with_detail(ErrorCode::DeletionRefused, format!("{days} days remaining"))
                    .with_param("days", days))
            }
        }
        AdStatus::Refused | AdStatus::PendingPayment => Ok(AdStatus::Deleted),
        other => Err(not_allowed("delete", other)),
    }
}

/// Moderation approves a waiting ad: active, or pending payment over the free limit.
pub fn approve(from: AdStatus, within_limit: bool) -> Result<AdStatus, SoukError> {
    match from {
        AdStatus::PendingReview if within_limit => Ok(AdStatus::Active),
        AdStatus::PendingReview => Ok(AdStatus::PendingPayment),
        other => Err(not_allowed("approve", other)),
    }
}

/// Moderation refuses a waiting ad.
pub fn refuse(from: AdStatus) -> Result<AdStatus, SoukError> {
    match from {
        AdStatus::PendingReview => Ok(AdStatus::Refused),
        other => Err(not_allowed("refuse", other)),
    }
}

/// An appeal (or a corrected resubmission) of a refused ad goes back to moderation, at most
/// `limit` times.
pub fn appeal(from: AdStatus, resubmissions: u32, limit: u32) -> Result<AdStatus, SoukError> {
    match from {
        AdStatus::Refused if resubmissions >= limit => {
            Err(SoukError::with_detail(ErrorCode::AppealLimitReached, format!("{resubmissions} of {limit}")))
        }
        AdStatus::Refused => Ok(AdStatus::PendingReview),
        other => Err(not_allowed("appeal", other)),
    }
}

/// Spec §4: pending payment becomes published after payment.
pub fn paid(from: AdStatus) -> Result<AdStatus, SoukError> {
    match from {
        AdStatus::PendingPayment => Ok(AdStatus::Active),
        other => Err(not_allowed("pay", other)),
    }
}

/// What saving an edit does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EditOutcome {
    /// The ad was not live: its content changes now and it (re)enters moderation in `AdStatus`.
    Replaced(AdStatus),
    /// The ad is live (or paused, or awaiting payment): it keeps its current content and status
    /// while the edit waits for moderation (edit status pending).
    Pending,
}

/// `patchAd`: which statuses can be edited and what follows.
pub fn edit(from: AdStatus) -> Result<EditOutcome, SoukError> {
    match from {
        AdStatus::PendingReview => Ok(EditOutcome::Replaced(AdStatus::PendingReview)),
        AdStatus::Refused => Ok(EditOutcome::Replaced(AdStatus::PendingReview)),
        AdStatus::Active | AdStatus::Deactivated | AdStatus::PendingPayment => Ok(EditOutcome::Pending),
        AdStatus::Deleted => Err(not_allowed("edit", from)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use AdStatus::*;

    #[test]
    fn deactivate_only_active() {
        assert_eq!(deactivate(Active), Ok(Deactivated));
        for s in [PendingReview, Refused, Deactivated, Deleted, PendingPayment] {
            assert_eq!(deactivate(s).unwrap_err().code, ErrorCode::AdOperationNotAllowed);
        }
    }

    #[test]
    fn activate_respects_the_free_limit() {
        assert_eq!(activate(Deactivated, true), Ok((Active, Activation::Activated)));
        assert_eq!(activate(Deactivated, false), Ok((PendingPayment, Activation::PaymentRequired)));
        assert_eq!(activate(Deleted, true).unwrap_err().code, ErrorCode::AdOperationNotAllowed);
        assert_eq!(activate(Active, true).unwrap_err().code, ErrorCode::AdOperationNotAllowed);
    }

    #[test]
    fn delete_waits_seven_days_and_counts_the_days_left() {
        let t0 = 1_700_000_000;
        let e = delete(Deactivated, t0, t0 + 2 * DAY).unwrap_err();
        assert_eq!((e.code, e.params.clone()), (ErrorCode::DeletionRefused, vec![("days", 5)]));
        let e = delete(Deactivated, t0, t0 + 7 * DAY - 1).unwrap_err();
        assert_eq!(e.params, vec![("days", 1)]);
        assert_eq!(delete(Deactivated, t0, t0 + 7 * DAY), Ok(Deleted));
        assert_eq!(delete(Refused, t0, t0), Ok(Deleted));
        assert_eq!(delete(Active, t0, t0 + 30 * DAY).unwrap_err().code, ErrorCode::AdOperationNotAllowed);
        assert_eq!(delete(Deleted, t0, t0 + 30 * DAY).unwrap_err().code, ErrorCode::AdOperationNotAllowed);
    }

    #[test]
    fn moderation_and_appeals() {
        assert_eq!(approve(PendingReview, true), Ok(Active));
        assert_eq!(approve(PendingReview, false), Ok(PendingPayment));
        assert_eq!(refuse(PendingReview), Ok(Refused));
        assert!(approve(Active, true).is_err() && refuse(Active).is_err());
        assert_eq!(appeal(Refused, 1, 2), Ok(PendingReview));
        assert_eq!(appeal(Refused, 2, 2).unwrap_err().code, ErrorCode::AppealLimitReached);
        assert_eq!(appeal(Active, 0, 2).unwrap_err().code, ErrorCode::AdOperationNotAllowed);
        assert_eq!(paid(PendingPayment), Ok(Active));
        assert!(paid(Active).is_err());
    }

    #[test]
    fn edits() {
        assert_eq!(edit(Active), Ok(EditOutcome::Pending));
        assert_eq!(edit(Refused), Ok(EditOutcome::Replaced(PendingReview)));
        assert_eq!(edit(Deleted).unwrap_err().code, ErrorCode::AdOperationNotAllowed);
    }

    #[test]
    fn shops_have_no_free_limit() {
        assert!(within_free_limit(AccountType::Shop, 10_000, Some(5)));
        assert!(within_free_limit(AccountType::Private, 4, Some(5)));
        assert!(!within_free_limit(AccountType::Private, 5, Some(5)));
        assert!(within_free_limit(AccountType::Private, 500, None));
    }
}
