//! How amounts and dates are written on an invoice: `1 299,00 DH`, `27/11/2026` (Morocco, UTC+1).

/// Narrow no-break space between groups of thousands, as in French typography.
const THOUSANDS: char = '\u{202f}';
/// No-break space between an amount and `DH`, so that they never part at a line end.
const BEFORE_UNIT: char = '\u{a0}';

/// Morocco's offset from UTC outside Ramadan, in seconds. Invoice dates are printed in it.
pub(crate) const MOROCCO_OFFSET_SECONDS: i64 = 3600;

/// An amount of centimes with its currency, always with two decimals on an invoice: `1 299,00 DH`.
/// The digits are the same in both languages; the caller isolates the amount as a left-to-right run.
pub(crate) fn amount(centimes: i64) -> String {
    let sign = if centimes < 0 { "-" } else { "" };
    let abs = centimes.unsigned_abs();
    let (whole, cents) = (abs / 100, abs % 100);
    let digits = whole.to_string();
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 3 * 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push(THOUSANDS);
        }
        grouped.push(c);
    }
    format!("{sign}{grouped},{cents:02}{BEFORE_UNIT}DH")
}

/// The calendar date of `unix_seconds` in Morocco (UTC+1), `dd/mm/yyyy`.
pub(crate) fn date(unix_seconds: i64) -> String {
    let (y, m, d) = civil_date(unix_seconds + MOROCCO_OFFSET_SECONDS);
    format!("{d:02}/{m:02}/{y}")
}

/// Year, month and day of a count of seconds since 1970-01-01 (proleptic Gregorian calendar).
pub(crate) fn civil_date(seconds: i64) -> (i64, u32, u32) {
    // Howard Hinnant's days-to-civil algorithm.
    let z = seconds.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_have_two_decimals_and_grouped_thousands() {
        assert_eq!(amount(5250), "52,50\u{a0}DH");
        assert_eq!(amount(129_900), "1\u{202f}299,00\u{a0}DH");
        assert_eq!(amount(125_000_000), "1\u{202f}250\u{202f}000,00\u{a0}DH");
        assert_eq!(amount(0), "0,00\u{a0}DH");
        assert_eq!(amount(-250), "-2,50\u{a0}DH");
    }

    #[test]
    fn dates_are_morocco_calendar_days() {
        assert_eq!(date(0), "01/01/1970");
        // 2026-11-27 23:30 UTC is already the 28th in Casablanca (UTC+1).
        assert_eq!(date(1_795_822_200), "28/11/2026");
        assert_eq!(date(1_795_822_200 - 3600), "27/11/2026");
        assert_eq!(civil_date(951_782_400), (2000, 2, 29));
    }
}
