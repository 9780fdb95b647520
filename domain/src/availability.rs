//! The availability calendar of a vacation rental (spec §2 "ad form: availability calendar";
//! docs/decisions.md "Availability calendar"): the nights its owner marks as booked, as periods of
//! whole days. The rules of a new calendar live here: only vacation rentals have one; dates are
//! `YYYY-MM-DD`; a period is in order, not over, and starts within a year; overlapping or touching
//! periods merge; at most `MAX_PERIODS` remain.

use crate::stats::{day_label, parse_day};
use crate::{ErrorCode, SoukError};

/// The ad type that has a calendar.
pub const VACATION_RENT: &str = "vacation_rent";
/// Booked periods an ad may hold at once.
pub const MAX_PERIODS: usize = 100;
/// How far ahead a period may start, in days.
pub const MAX_DAYS_AHEAD: i64 = 365;

const DAY: i64 = 86_400;

/// Booked nights `first..=last`, in days since 1970.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct BookedPeriod {
    pub first: i64,
    pub last: i64,
}

impl BookedPeriod {
    /// `YYYY-MM-DD` of its first and last day.
    pub fn labels(self) -> (String, String) {
        (day_label(self.first), day_label(self.last))
    }
}

/// Whether an ad of this type has an availability calendar.
pub fn has_calendar(ad_type: &str) -> bool {
    ad_type == VACATION_RENT
}

/// Checks a calendar sent by the owner (`(from, to)` pairs) at `now` (seconds): the periods it
/// holds, sorted and merged.
pub fn check_calendar(ad_type: &str, periods: &[(String, String)], now: i64) -> Result<Vec<BookedPeriod>, SoukError> {
    if !has_calendar(ad_type) {
        return Err(SoukError::with_detail(ErrorCode::AdOperationNotAllowed, "only vacation rentals have a calendar"));
    }
    let today = now.div_euclid(DAY);
    let mut checked = Vec::with_capacity(periods.len());
    for (i, (from, to)) in periods.iter().enumerate() {
        let day = |s: &str, field: &str| {
            parse_day(s).ok_or_else(|| SoukError::with_detail(ErrorCode::InvalidDate, format!("periods[{i}].{field}")))
        };
        let (first, last) = (day(from, "from")?, day(to, "to")?);
        if first > last {
            return Err(SoukError::with_detail(ErrorCode::InvalidDateRange, format!("periods[{i}]: from is after to")));
        }
        if last < today {
            return Err(SoukError::with_detail(ErrorCode::InvalidDateRange, format!("periods[{i}] is over")));
        }
        if first > today + MAX_DAYS_AHEAD {
            return Err(SoukError::with_detail(
                ErrorCode::InvalidDateRange,
                format!("periods[{i}] starts more than {MAX_DAYS_AHEAD} days ahead"),
            )
            .with_param("max", MAX_DAYS_AHEAD));
        }
        checked.push(BookedPeriod { first, last });
    }
    let merged = merge(checked);
    if merged.len() > MAX_PERIODS {
        return Err(SoukError::with_detail(ErrorCode::ValueTooLarge, "periods").with_param("max", MAX_PERIODS as i64));
    }
    Ok(merged)
}

/// Sorted periods with overlapping or touching ones joined.
pub fn merge(mut periods: Vec<BookedPeriod>) -> Vec<BookedPeriod> {
    periods.sort();
    let mut merged: Vec<BookedPeriod> = Vec::with_capacity(periods.len());
    for p in periods {
        match merged.last_mut() {
            Some(last) if p.first <= last.last + 1 => last.last = last.last.max(p.last),
            _ => merged.push(p),
        }
    }
    merged
}

/// What buyers see of a calendar at `now`: the periods not over yet.
pub fn upcoming(periods: Vec<BookedPeriod>, now: i64) -> Vec<BookedPeriod> {
    let today = now.div_euclid(DAY);
    periods.into_iter().filter(|p| p.last >= today).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    // 2026-11-24 12:00 UTC
    const NOW: i64 = 1_795_521_600;

    fn pair(from: &str, to: &str) -> (String, String) {
        (from.to_string(), to.to_string())
    }

    fn labels(periods: &[BookedPeriod]) -> Vec<(String, String)> {
        periods.iter().map(|p| p.labels()).collect()
    }

    #[test]
    fn sorts_and_merges_overlapping_and_touching_periods() {
        let periods = [
            pair("2026-12-20", "2026-12-27"),
            pair("2026-12-01", "2026-12-03"),
            pair("2026-12-04", "2026-12-05"),
            pair("2026-12-25", "2027-01-02"),
        ];
        let merged = check_calendar(VACATION_RENT, &periods, NOW).unwrap();
        assert_eq!(labels(&merged), vec![pair("2026-12-01", "2026-12-05"), pair("2026-12-20", "2027-01-02")]);
    }

    #[test]
    fn an_empty_calendar_frees_every_night() {
        assert_eq!(check_calendar(VACATION_RENT, &[], NOW).unwrap(), vec![]);
    }

    #[test]
    fn only_vacation_rentals_have_a_calendar() {
        let e = check_calendar("rent", &[pair("2026-12-01", "2026-12-02")], NOW).unwrap_err();
        assert_eq!(e.code, ErrorCode::AdOperationNotAllowed);
    }

    #[test]
    fn refuses_malformed_dates_reversed_past_and_far_periods() {
        let code = |from: &str, to: &str| check_calendar(VACATION_RENT, &[pair(from, to)], NOW).unwrap_err().code;
        assert_eq!(code("2026-02-30", "2026-03-01"), ErrorCode::InvalidDate);
        assert_eq!(code("2026-12-01", "tomorrow"), ErrorCode::InvalidDate);
        assert_eq!(code("2026-12-05", "2026-12-01"), ErrorCode::InvalidDateRange);
        assert_eq!(code("2026-11-01", "2026-11-23"), ErrorCode::InvalidDateRange);
        assert_eq!(code("2027-11-25", "2027-11-30"), ErrorCode::InvalidDateRange);
        // Today and a period started yesterday that goes on are fine.
        assert!(check_calendar(VACATION_RENT, &[pair("2026-11-23", "2026-11-24")], NOW).is_ok());
    }

    #[test]
    fn refuses_more_periods_than_the_limit() {
        let many: Vec<_> = (0..=MAX_PERIODS as i64)
            .map(|i| {
                let first = NOW / DAY + 2 * i;
                (day_label(first), day_label(first))
            })
            .collect();
        let e = check_calendar(VACATION_RENT, &many, NOW).unwrap_err();
        assert_eq!(e.code, ErrorCode::ValueTooLarge);
        assert!(check_calendar(VACATION_RENT, &many[..MAX_PERIODS], NOW).is_ok());
    }

    #[test]
    fn buyers_see_the_periods_not_over() {
        let today = NOW / DAY;
        let periods = vec![
            BookedPeriod { first: today - 10, last: today - 1 },
            BookedPeriod { first: today - 1, last: today },
            BookedPeriod { first: today + 3, last: today + 5 },
        ];
        assert_eq!(upcoming(periods.clone(), NOW), periods[1..].to_vec());
    }
}
