//! Statistics rules (spec §2 statistics, §3 Stats metric, §9 stats dates): the metric names in
//! their spec order, the fixed ranges and the custom range with its limits, how a range is cut
//! into points (hours for today, days up to 185 days, months beyond), which events count (not the
//! owner's own views, one view per visitor per ad per 30 minutes, no obvious bots).

use crate::time::civil_from_days;
use crate::{ErrorCode, SoukError};

const DAY: i64 = 86_400;
/// Spec §9: "all-time from a fixed start in 2021" — 2021-01-01 00:00 UTC.
pub const ALL_TIME_START: i64 = 1_609_459_200;
/// Repeated views of one ad by one visitor within this many seconds count once.
pub const VIEW_DEDUP_SECONDS: u64 = 30 * 60;
/// Views of one ad from one address count once within this many seconds (a day), whatever
/// visitor ids they carry.
pub const VIEW_PER_ADDRESS_SECONDS: u64 = 24 * 3600;
/// The longest custom range, in days.
pub const MAX_CUSTOM_DAYS: i64 = 366;
/// Ranges longer than this many days are drawn by month ('MMM yy' on the client).
pub const MONTHLY_AFTER_DAYS: i64 = 185;

/// A measured figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Metric {
    PhoneView,
    Conversation,
    View,
    Bump,
    Publish,
    Delete,
    Leads,
    Calls,
    Highlights,
    Gallery,
    ActiveAds,
    BoostConsumption,
}

impl Metric {
    /// Spec §3: "Names in order: phoneView, conversation, view, bump, publish, delete".
    pub const AD: [Metric; 6] =
        [Metric::PhoneView, Metric::Conversation, Metric::View, Metric::Bump, Metric::Publish, Metric::Delete];

    /// What a shop's statistics show, in order: the ad metrics (summed over its ads), then
    /// spec §3's "leads, calls, highlights, gallery, active ads and boost consumption".
    pub const SHOP: [Metric; 12] = [
        Metric::PhoneView,
        Metric::Conversation,
        Metric::View,
        Metric::Bump,
        Metric::Publish,
        Metric::Delete,
        Metric::Leads,
        Metric::Calls,
        Metric::Highlights,
        Metric::Gallery,
        Metric::ActiveAds,
        Metric::BoostConsumption,
    ];

    /// The metrics of an ad's statistics, or of a shop's, in the order they are shown.
    pub fn shown(shop: bool) -> &'static [Metric] {
        if shop { &Metric::SHOP } else { &Metric::AD }
    }

    pub fn name(self) -> &'static str {
        match self {
            Metric::PhoneView => "phoneView",
            Metric::Conversation => "conversation",
            Metric::View => "view",
            Metric::Bump => "bump",
            Metric::Publish => "publish",
            Metric::Delete => "delete",
            Metric::Leads => "leads",
            Metric::Calls => "calls",
            Metric::Highlights => "highlights",
            Metric::Gallery => "gallery",
            Metric::ActiveAds => "activeAds",
            Metric::BoostConsumption => "boostConsumption",
        }
    }

    pub fn parse(name: &str) -> Option<Metric> {
        Metric::SHOP.into_iter().find(|m| m.name() == name)
    }

    /// Events the browser may report through `collectPerformanceEvent` (the others are counted
    /// by the server where they happen: views, phone views, conversations, publications...).
    pub fn client_reportable(self) -> bool {
        matches!(self, Metric::Calls | Metric::Leads)
    }
}

/// The fixed ranges of the statistics tab.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FixedRange {
    Today,
    Days7,
    Days14,
    Days15,
    Days30,
    AllTime,
}

impl FixedRange {
    pub fn parse(s: &str) -> Option<FixedRange> {
        match s {
            "TODAY" => Some(FixedRange::Today),
            "LAST_7_DAYS" => Some(FixedRange::Days7),
            "LAST_14_DAYS" => Some(FixedRange::Days14),
            "LAST_15_DAYS" => Some(FixedRange::Days15),
            "LAST_30_DAYS" => Some(FixedRange::Days30),
            "ALL_TIME" => Some(FixedRange::AllTime),
            _ => None,
        }
    }

    /// The days (since 1970) the range covers at `now`, first and last included.
    pub fn days(self, now: i64) -> (i64, i64) {
        let today = now.div_euclid(DAY);
        let back = match self {
            FixedRange::Today => 0,
            FixedRange::Days7 => 6,
            FixedRange::Days14 => 13,
            FixedRange::Days15 => 14,
            FixedRange::Days30 => 29,
            FixedRange::AllTime => today - ALL_TIME_START / DAY,
        };
        (today - back, today)
    }
}

/// How a range is cut into points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Granularity {
    Hour,
    Day,
    Month,
}

/// The points of a range of days: hours for a single day, days up to 185 days, months beyond.
pub fn granularity(first_day: i64, last_day: i64) -> Granularity {
    let span = last_day - first_day + 1;
    if span <= 1 {
        Granularity::Hour
    } else if span <= MONTHLY_AFTER_DAYS {
        Granularity::Day
    } else {
        Granularity::Month
    }
}

/// Reads `YYYY-MM-DD` as days since 1970.
pub fn parse_day(s: &str) -> Option<i64> {
    let mut parts = s.trim().splitn(3, '-');
    let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
    if y.len() != 4 || m.len() != 2 || d.len() != 2 {
        return None;
    }
    let (y, m, d): (i64, u32, u32) = (y.parse().ok()?, m.parse().ok()?, d.parse().ok()?);
    if !(1970..=9999).contains(&y) || !(1..=12).contains(&m) || d == 0 {
        return None;
    }
    // Days from civil (H. Hinnant), then a round trip to refuse 2026-02-30.
    let yy = if m <= 2 { y - 1 } else { y };
    let era = yy.div_euclid(400);
    let yoe = yy - era * 400;
    let mp = (i64::from(m) + 9) % 12;
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    (days >= 0 && civil_from_days(days as u64) == (y as u64, u64::from(m), u64::from(d))).then_some(days)
}

/// `YYYY-MM-DD` of a day since 1970.
pub fn day_label(day: i64) -> String {
    let (y, m, d) = civil_from_days(day.max(0) as u64);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The first day of the month a day falls in.
pub fn month_start(day: i64) -> i64 {
    let (y, m, _) = civil_from_days(day.max(0) as u64);
    parse_day(&format!("{y:04}-{m:02}-01")).unwrap_or(day)
}

/// A custom range `from`..=`to` (`YYYY-MM-DD`): well-formed, in order, not before 2021, not in
/// the future, at most 366 days.
pub fn custom_range(from: &str, to: &str, now: i64) -> Result<(i64, i64), SoukError> {
    let bad = |f: &str| SoukError::with_detail(ErrorCode::InvalidDate, f.to_string());
    let first = parse_day(from).ok_or_else(|| bad("from"))?;
    let last = parse_day(to).ok_or_else(|| bad("to"))?;
    if first > last {
        return Err(SoukError::with_detail(ErrorCode::InvalidDateRange, "from is after to"));
    }
    if first < ALL_TIME_START / DAY || last > now.div_euclid(DAY) {
        return Err(SoukError::with_detail(ErrorCode::InvalidDateRange, "outside 2021-01-01 to today"));
    }
    if last - first + 1 > MAX_CUSTOM_DAYS {
        return Err(SoukError::with_detail(ErrorCode::InvalidDateRange, format!("more than {MAX_CUSTOM_DAYS} days"))
            .with_param("max", MAX_CUSTOM_DAYS));
    }
    Ok((first, last))
}

/// Obvious robots by their user agent: they are not counted.
pub fn is_bot(user_agent: &str) -> bool {
    let ua = user_agent.to_ascii_lowercase();
    ua.is_empty()
        || [
            "bot",
            "crawler",
            "spider",
            "slurp",
            "curl/",
            "wget/",
            "python-requests",
            "python-urllib",
            "go-http-client",
            "headlesschrome",
            "phantomjs",
            "facebookexternalhit",
            "httpclient",
            "okhttp",
            "java/",
            "libwww",
        ]
        .iter()
        .any(|needle| ua.contains(needle))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_in_the_spec_order() {
        let names: Vec<_> = Metric::shown(false).iter().map(|m| m.name()).collect();
        assert_eq!(names, ["phoneView", "conversation", "view", "bump", "publish", "delete"]);
        // Spec §3: the six in order, then "leads, calls, highlights, gallery, active ads, boost
        // consumption".
        let names: Vec<_> = Metric::shown(true).iter().map(|m| m.name()).collect();
        assert_eq!(
            names,
            [
                "phoneView",
                "conversation",
                "view",
                "bump",
                "publish",
                "delete",
                "leads",
                "calls",
                "highlights",
                "gallery",
                "activeAds",
                "boostConsumption"
            ]
        );
        assert_eq!(Metric::SHOP[..6], Metric::AD, "a shop's list starts with the ad metrics");
        for m in Metric::SHOP {
            assert_eq!(Metric::parse(m.name()), Some(m));
        }
        assert_eq!(Metric::parse("likes"), None);
        assert_eq!(Metric::parse("PhoneView"), None, "names are case-sensitive");
    }

    #[test]
    fn fixed_ranges_end_today() {
        let now = 1_795_305_600 + 3600; // 2026-11-22 01:00 UTC
        let today = now / DAY;
        assert_eq!(FixedRange::Today.days(now), (today, today));
        assert_eq!(FixedRange::Days7.days(now), (today - 6, today));
        assert_eq!(FixedRange::Days14.days(now), (today - 13, today));
        assert_eq!(FixedRange::Days15.days(now), (today - 14, today));
        assert_eq!(FixedRange::Days30.days(now), (today - 29, today));
        for (name, range) in [
            ("TODAY", FixedRange::Today),
            ("LAST_7_DAYS", FixedRange::Days7),
            ("LAST_14_DAYS", FixedRange::Days14),
            ("LAST_15_DAYS", FixedRange::Days15),
            ("LAST_30_DAYS", FixedRange::Days30),
            ("ALL_TIME", FixedRange::AllTime),
        ] {
            assert_eq!(FixedRange::parse(name), Some(range));
        }
        assert_eq!(FixedRange::parse("last_14_days"), None);
        assert_eq!(day_label(FixedRange::AllTime.days(now).0), "2021-01-01");
    }

    #[test]
    fn points_are_hours_days_or_months() {
        assert_eq!(granularity(10, 10), Granularity::Hour);
        assert_eq!(granularity(10, 16), Granularity::Day);
        assert_eq!(granularity(10, 194), Granularity::Day);
        assert_eq!(granularity(10, 195), Granularity::Month);
    }

    #[test]
    fn days_parse_strictly() {
        assert_eq!(parse_day("2021-01-01"), Some(ALL_TIME_START / DAY));
        assert_eq!(parse_day("2024-02-29").map(day_label).as_deref(), Some("2024-02-29"));
        for bad in ["2023-02-29", "2026-13-01", "2026-1-01", "yesterday", "", "2026-11-22T00:00", "0000-01-01"] {
            assert_eq!(parse_day(bad), None, "{bad}");
        }
        assert_eq!(day_label(month_start(parse_day("2026-11-22").unwrap_or(0))), "2026-11-01");
    }

    #[test]
    fn custom_ranges_are_checked() {
        let now = 1_795_305_600; // 2026-11-22
        assert!(custom_range("2026-11-01", "2026-11-22", now).is_ok());
        assert_eq!(custom_range("2026-11-22", "2026-11-01", now).unwrap_err().code, ErrorCode::InvalidDateRange);
        assert_eq!(custom_range("2026-11-31", "2026-12-01", now).unwrap_err().code, ErrorCode::InvalidDate);
        assert_eq!(custom_range("2024-01-01", "2026-11-01", now).unwrap_err().code, ErrorCode::InvalidDateRange);
        assert_eq!(custom_range("2020-12-01", "2021-01-05", now).unwrap_err().code, ErrorCode::InvalidDateRange);
        assert_eq!(custom_range("2026-11-20", "2026-11-30", now).unwrap_err().code, ErrorCode::InvalidDateRange);
    }

    #[test]
    fn bots_are_recognised() {
        assert!(is_bot("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"));
        assert!(is_bot("curl/8.5.0"));
        assert!(is_bot(""));
        assert!(!is_bot("Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36"));
    }
}
