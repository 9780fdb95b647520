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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_utc_dates() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339(1_700_000_000), "2023-11-14T22:13:20Z");
        assert_eq!(rfc3339_millis(951_782_400_123), "2000-02-29T00:00:00.123Z");
    }
}
