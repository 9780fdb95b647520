//! Abuse limits (issue 27, docs/security.md): how many times one subject — an address, an
//! e-mail, an ad, a number prefix, an account — may do one thing in a window. Over the limit
//! the request is refused with `TOO_MANY_ATTEMPTS` and nothing is done. The values live here,
//! once; the ephemeral store counts.

/// One limit: at most `max` per `window_secs` for one subject.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    /// The counter's name (part of the ephemeral key).
    pub name: &'static str,
    pub max: i64,
    pub window_secs: u64,
}

const MINUTE: u64 = 60;
const HOUR: u64 = 3600;
const DAY: u64 = 86_400;

/// Visitor messages to sellers (`sendMessageToSeller`), per address.
pub const SELLER_MESSAGES_PER_ADDRESS: Limit = Limit { name: "seller-msg-addr", max: 10, window_secs: HOUR };
/// … per sender e-mail.
pub const SELLER_MESSAGES_PER_EMAIL: Limit = Limit { name: "seller-msg-email", max: 10, window_secs: HOUR };
/// … per ad (one seller's inbox).
pub const SELLER_MESSAGES_PER_AD: Limit = Limit { name: "seller-msg-ad", max: 30, window_secs: HOUR };
/// Phone verification codes (`requestPhoneVerification`), per address.
pub const PHONE_CODES_PER_ADDRESS: Limit = Limit { name: "phone-code-addr", max: 5, window_secs: HOUR };
/// … per number prefix (the first six digits: one operator's range), against SMS pumping.
pub const PHONE_CODES_PER_PREFIX: Limit = Limit { name: "phone-code-prefix", max: 30, window_secs: HOUR };
/// … for the whole platform in a day (the SMS budget).
pub const PHONE_CODES_PER_DAY: Limit = Limit { name: "phone-code-day", max: 5_000, window_secs: DAY };
/// Account look-ups (`checkUserExists`, `checkAccountExistance`), per address.
pub const ACCOUNT_LOOKUPS_PER_ADDRESS: Limit = Limit { name: "account-lookup-addr", max: 30, window_secs: MINUTE };
/// Chat messages sent through GraphQL (`sendChatMessage`), per account.
pub const CHAT_MESSAGES_PER_ACCOUNT: Limit = Limit { name: "chat-msg-account", max: 60, window_secs: MINUTE };
/// Abuse reports (`submitReportAd`), per address.
pub const REPORTS_PER_ADDRESS: Limit = Limit { name: "report-addr", max: 10, window_secs: HOUR };
/// Sellers' numbers shown (`showAdPhone`), per address.
pub const PHONES_SHOWN_PER_ADDRESS: Limit = Limit { name: "show-phone-addr", max: 30, window_secs: HOUR };
/// Wrong current passwords (`editUserPassword`), per account: a stolen access token cannot
/// guess its way to the password.
pub const PASSWORD_CHECKS_PER_ACCOUNT: Limit =
    Limit { name: "password-check-account", max: 5, window_secs: 15 * MINUTE };

/// Pre-approved credit requests stored (`submitCreditRequest`, docs/credit.md), per account.
pub const CREDIT_REQUESTS_PER_ACCOUNT: Limit = Limit { name: "credit-request-account", max: 10, window_secs: DAY };

/// Every limit, for the documentation test.
pub const ALL: [Limit; 12] = [
    CREDIT_REQUESTS_PER_ACCOUNT,
    SELLER_MESSAGES_PER_ADDRESS,
    SELLER_MESSAGES_PER_EMAIL,
    SELLER_MESSAGES_PER_AD,
    PHONE_CODES_PER_ADDRESS,
    PHONE_CODES_PER_PREFIX,
    PHONE_CODES_PER_DAY,
    ACCOUNT_LOOKUPS_PER_ADDRESS,
    CHAT_MESSAGES_PER_ACCOUNT,
    REPORTS_PER_ADDRESS,
    PHONES_SHOWN_PER_ADDRESS,
    PASSWORD_CHECKS_PER_ACCOUNT,
];

/// Sign-in's progressive delay: once a subject (an identifier, an address) has failed `free`
/// times in the window, each further failure makes the next attempt wait `first_secs` (1 s by
/// default), then twice that, four times … up to `cap_secs`. Answers the seconds to wait after
/// the `failures`-th failure (None: no wait).
pub fn login_delay_secs(failures: i64, free: i64, first_secs: u64, cap_secs: u64) -> Option<u64> {
    if failures < free.max(1) {
        return None;
    }
    let doublings = u32::try_from(failures - free.max(1)).unwrap_or(u32::MAX).min(32);
    Some(first_secs.max(1).saturating_mul(1u64 << doublings).min(cap_secs.max(1)))
}

/// How many times one known device (a `visitorId` that signed in to the account before) may
/// fail its account's password in the sign-in window: it is not slowed by the identifier's
/// delays, only stopped at this much higher ceiling.
pub const KNOWN_DEVICE_FAILURES: i64 = 50;
/// How long a device stays known after a successful sign-in.
pub const KNOWN_DEVICE_SECS: u64 = 180 * DAY;

/// The subject of the per-prefix limit of a phone number: its first six digits.
pub fn phone_prefix(phone: &str) -> String {
    phone.chars().filter(char::is_ascii_digit).take(6).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_have_distinct_names_and_sane_values() {
        let names: std::collections::BTreeSet<_> = ALL.iter().map(|l| l.name).collect();
        assert_eq!(names.len(), ALL.len());
        assert!(ALL.iter().all(|l| l.max > 0 && l.window_secs >= 60));
        assert_eq!(phone_prefix("06 12-34 56 78"), "061234");
    }

    #[test]
    fn sign_in_delays_grow_from_one_second_and_stop_at_the_cap() {
        let delays: Vec<_> = (0..14).map(|n| login_delay_secs(n, 5, 1, 60)).collect();
        assert_eq!(&delays[..5], &[None; 5]);
        assert_eq!(&delays[5..13], &[Some(1), Some(2), Some(4), Some(8), Some(16), Some(32), Some(60), Some(60)]);
        assert_eq!(login_delay_secs(i64::MAX, 5, 1, 60), Some(60));
        assert_eq!(login_delay_secs(7, 5, 30, 60), Some(60));
    }
}
