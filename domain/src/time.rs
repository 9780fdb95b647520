//! Dates as the API writes them: RFC 3339 in UTC from Unix time, with the proleptic Gregorian
//! calendar computed directly (no time-zone database: Souk stores and answers UTC).

/// `2025-11-22T05:01:02.123Z`.
pub fn rfc3339_millis(millis: u64) -> String {
    let secs = millis / 1000;
    let (date, rem) = (secs / 86_400, secs % 86_400);
    let (year, month, day) = civil_from_days(date);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60,
        millis % 1000
    )
}

/// `2025-11-22T05:01:02Z` from Unix seconds (times before 1970 are written as 1970).
pub fn rfc3339(secs: i64) -> String {
    let secs = secs.max(0) as u64;
    let (date, rem) = (secs / 86_400, secs % 86_400);
    let (year, month, day) = civil_from_days(date);
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z", rem / 3600, rem % 3600 / 60, rem % 60)
}

/// Days since 1970-01-01 to a proleptic Gregorian date (H. Hinnant's algorithm).
pub fn civil_from_days(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z % 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    (year, month, day)
}

/// A proleptic Gregorian date to days since 1970-01-01 (H. Hinnant's algorithm); dates before
/// 1970 are negative.
pub fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// `YYYY-MM-DD` to days since 1970-01-01; `None` for anything else or a day the month lacks.
pub fn parse_date(text: &str) -> Option<i64> {
    let b = text.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let num = |r: std::ops::Range<usize>| text.get(r)?.parse::<u32>().ok();
    let (year, month, day) = (num(0..4)?, num(5..7)?, num(8..10)?);
    if !text[..4].bytes().chain(text[5..7].bytes()).chain(text[8..].bytes()).all(|c| c.is_ascii_digit()) {
        return None;
    }
    if !(1..=12).contains(&month) || day == 0 {
        return None;
    }
    let days = days_from_civil(i64::from(year), month, day);
    // A day past the month's end comes back as another date.
    (days >= 0 && civil_from_days(days as u64) == (u64::from(year), u64::from(month), u64::from(day))).then_some(days)
}

/// Days since 1970-01-01 to `YYYY-MM-DD`.
pub fn format_date(days: i64) -> String {
    let (y, m, d) = civil_from_days(days.max(0) as u64);
    format!("{y:04}-{m:02}-{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_round_trip() {
        assert_eq!(parse_date("1970-01-01"), Some(0));
        assert_eq!(parse_date("2026-11-27"), Some(20_784));
        assert_eq!(format_date(20_784), "2026-11-27");
        assert_eq!(parse_date("2024-02-29").map(format_date).as_deref(), Some("2024-02-29"));
        for bad in ["2026-02-30", "2026-13-01", "2026-1-01", "26-11-27", "2026/11/27", "2026-11-2x", "", "2026-00-10"] {
            assert_eq!(parse_date(bad), None, "{bad}");
        }
    }

    #[test]
    fn writes_utc_dates() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339(1_700_000_000), "2023-11-14T22:13:20Z");
        assert_eq!(rfc3339_millis(951_782_400_123), "2000-02-29T00:00:00.123Z");
    }
}
