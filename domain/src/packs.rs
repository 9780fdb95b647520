//! The boost packs (spec §1, §3, §4, §9): the catalogue of kinds and durations with their price
//! per category group, the shop discount, the view multipliers shown as expected reach, the
//! points and tokens a pack costs, and the start slot (a date and a part of the day, applied
//! at a random instant about 24 hours after the payment is accepted). No I/O: the service
//! draws the random number and keeps time. docs/payments.md is the prose of this module.

use crate::ad::VasPackKind;
use crate::catalog::{CategoryId, CategoryTree, Vertical};
use crate::error::{ErrorCode, SoukError};
use crate::money::Money;

/// Spec §3 "shops see ... discounted boosts": what a shop pays off the list price, in percent.
pub const SHOP_DISCOUNT_PERCENT: i64 = 20;
/// Spec §9: a shop's ads get 2.5 times the views.
pub const SHOP_MULTIPLIER: f64 = 2.5;
/// Spec §4/§9: a chosen pack applies about 24 hours after acceptance.
pub const PACK_START_DELAY_SECONDS: i64 = 86_400;
/// How far ahead the slot picker offers a start: 30 days.
pub const SLOT_HORIZON_DAYS: i64 = 30;
/// Morocco's legal time, UTC+1 all year except during Ramadan (UTC+0): the slots are read in
/// UTC+1, so during Ramadan a "morning" starts an hour later on the wall clock (docs/payments.md).
pub const MOROCCO_UTC_OFFSET_SECONDS: i64 = 3600;
/// What one point and one token are worth: one dirham.
pub const CENTIMES_PER_POINT: i64 = 100;

/// The price group of an ad's category (spec: "a price per category group").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CategoryGroup {
    RealEstate,
    Vehicles,
    Other,
}

impl CategoryGroup {
    pub fn as_str(self) -> &'static str {
        match self {
            CategoryGroup::RealEstate => "realEstate",
            CategoryGroup::Vehicles => "vehicles",
            CategoryGroup::Other => "other",
        }
    }

    /// The group of a category: its vertical's (a category outside the tree is `Other`).
    pub fn of(tree: &CategoryTree, category: CategoryId) -> CategoryGroup {
        match tree.vertical_of(category) {
            Some(Vertical::RealEstate) => CategoryGroup::RealEstate,
            Some(Vertical::Vehicles) => CategoryGroup::Vehicles,
            _ => CategoryGroup::Other,
        }
    }
}

/// Spec §9 view multipliers: bump 9×, gallery 15×, special 12×, highlight 6×; a renewal
/// brings the ad back to the top once and is counted as no multiplier.
pub fn view_multiplier(kind: VasPackKind) -> f64 {
    match kind {
        VasPackKind::Bump => 9.0,
        VasPackKind::Gallery => 15.0,
        VasPackKind::Special => 12.0,
        VasPackKind::Highlight => 6.0,
        VasPackKind::Renewal => 1.0,
    }
}

/// One pack of the catalogue: a kind for a number of days, with its list price in each group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PackOffer {
    pub kind: VasPackKind,
    pub days: u32,
    /// List prices in centimes: everything else, vehicles, real estate.
    pub other: i64,
    pub vehicles: i64,
    pub real_estate: i64,
}

const fn offer(kind: VasPackKind, days: u32, other: i64, vehicles: i64, real_estate: i64) -> PackOffer {
    PackOffer { kind, days, other: other * 100, vehicles: vehicles * 100, real_estate: real_estate * 100 }
}

/// The catalogue, in the order the boost page shows it. Prices are a decision
/// (docs/decisions.md "Pack prices"): a longer pack costs less per day, vehicles and real estate
/// (where one sale is worth more) cost more than the rest.
pub const PACKS: &[PackOffer] = &[
    offer(VasPackKind::Bump, 7, 49, 69, 79),
    offer(VasPackKind::Bump, 15, 89, 129, 149),
    offer(VasPackKind::Bump, 30, 149, 219, 249),
    offer(VasPackKind::Gallery, 7, 99, 149, 179),
    offer(VasPackKind::Gallery, 15, 179, 269, 319),
    offer(VasPackKind::Gallery, 30, 299, 449, 539),
    offer(VasPackKind::Special, 7, 79, 119, 139),
    offer(VasPackKind::Special, 15, 139, 209, 249),
    offer(VasPackKind::Special, 30, 239, 359, 419),
    offer(VasPackKind::Highlight, 7, 29, 39, 49),
    offer(VasPackKind::Highlight, 15, 49, 69, 89),
    offer(VasPackKind::Highlight, 30, 89, 119, 149),
    offer(VasPackKind::Renewal, 1, 9, 15, 19),
];

/// The pack of an id (`bump-7`): `ERROR_PACKAGE_NOT_FOUND` for anything else.
pub fn pack(id: &str) -> Result<&'static PackOffer, SoukError> {
    PACKS
        .iter()
        .find(|p| p.id() == id.trim())
        .ok_or_else(|| SoukError::with_detail(ErrorCode::PackageNotFound, format!("pack {id:?}")))
}

impl PackOffer {
    /// `{kind}-{days}`.
    pub fn id(&self) -> String {
        format!("{}-{}", self.kind.as_str(), self.days)
    }

    pub fn list_price(&self, group: CategoryGroup) -> Money {
        Money(match group {
            CategoryGroup::Other => self.other,
            CategoryGroup::Vehicles => self.vehicles,
            CategoryGroup::RealEstate => self.real_estate,
        })
    }

    /// What the seller pays: the list price, less the shop discount for a shop (rounded down
    /// to the centime).
    pub fn price(&self, group: CategoryGroup, is_shop: bool) -> Money {
        let list = self.list_price(group).centimes();
        Money(if is_shop { list * (100 - SHOP_DISCOUNT_PERCENT) / 100 } else { list })
    }

    /// The price per day, rounded to the centime.
    pub fn price_per_day(&self, group: CategoryGroup, is_shop: bool) -> Money {
        let days = i64::from(self.days.max(1));
        let price = self.price(group, is_shop).centimes();
        Money((price + days / 2) / days)
    }

    /// How many times the views the ad would get without it: the pack's multiplier, times the
    /// shop multiplier for a shop.
    pub fn expected_reach(&self, is_shop: bool) -> f64 {
        view_multiplier(self.kind) * if is_shop { SHOP_MULTIPLIER } else { 1.0 }
    }

    /// The points a shop pays for it (a point is a dirham, rounded up), `None` when points do
    /// not pay this pack: a renewal is too small a purchase to take from a shop's points.
    pub fn points(&self, group: CategoryGroup) -> Option<i64> {
        (self.kind != VasPackKind::Renewal).then(|| whole_units(self.price(group, true)))
    }

    /// The tokens it costs (a token is a dirham, rounded up); every pack takes tokens.
    pub fn tokens(&self, group: CategoryGroup, is_shop: bool) -> Option<i64> {
        Some(whole_units(self.price(group, is_shop)))
    }

    /// Its name as invoices print it: `Pack Bump 7 jours`.
    pub fn label(&self, lang: crate::lang::Lang) -> String {
        let (fr, ar) = match self.kind {
            VasPackKind::Bump => ("Remontée", "إعادة النشر"),
            VasPackKind::Gallery => ("Galerie", "المعرض"),
            VasPackKind::Special => ("Spéciale", "مميزة"),
            VasPackKind::Highlight => ("Mise en avant", "إبراز"),
            VasPackKind::Renewal => ("Renouvellement", "تجديد"),
        };
        match lang {
            crate::lang::Lang::Ar => format!("باقة {ar} لمدة {} يوم", self.days),
            crate::lang::Lang::Fr if self.days == 1 => format!("Pack {fr} 1 jour"),
            crate::lang::Lang::Fr => format!("Pack {fr} {} jours", self.days),
        }
    }

    /// When a pack starting at `start` ends.
    pub fn end(&self, start: i64) -> i64 {
        start + i64::from(self.days) * 86_400
    }
}

fn whole_units(m: Money) -> i64 {
    (m.centimes() + CENTIMES_PER_POINT - 1) / CENTIMES_PER_POINT
}

/// Spec §3 slot picker: the part of the day a pack starts in (Morocco time).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DayPart {
    Morning,
    Afternoon,
    Evening,
}

impl DayPart {
    pub const ALL: [DayPart; 3] = [DayPart::Morning, DayPart::Afternoon, DayPart::Evening];

    pub fn as_str(self) -> &'static str {
        match self {
            DayPart::Morning => "morning",
            DayPart::Afternoon => "afternoon",
            DayPart::Evening => "evening",
        }
    }

    pub fn parse(s: &str) -> Option<DayPart> {
        DayPart::ALL.into_iter().find(|p| p.as_str() == s.trim())
    }

    /// Its hours, local: from (included) and to (excluded).
    pub fn hours(self) -> (i64, i64) {
        match self {
            DayPart::Morning => (8, 12),
            DayPart::Afternoon => (12, 18),
            DayPart::Evening => (18, 23),
        }
    }
}

/// A start slot: a local day (days since 1970-01-01) and a part of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slot {
    pub day: i64,
    pub part: DayPart,
}

impl Slot {
    /// The slot from the picker's words (`2026-11-28`, `morning`); `INVALID_ARGUMENT` otherwise.
    pub fn parse(date: &str, part: &str) -> Result<Slot, SoukError> {
        let day = crate::time::parse_date(date.trim())
            .ok_or_else(|| SoukError::with_detail(ErrorCode::InvalidArgument, format!("slot date {date:?}")))?;
        let part = DayPart::parse(part)
            .ok_or_else(|| SoukError::with_detail(ErrorCode::InvalidArgument, format!("slot part {part:?}")))?;
        Ok(Slot { day, part })
    }

    pub fn date(&self) -> String {
        crate::time::format_date(self.day)
    }

    /// Its window in Unix seconds: [from, to).
    pub fn window(&self) -> (i64, i64) {
        let midnight = self.day * 86_400 - MOROCCO_UTC_OFFSET_SECONDS;
        let (from, to) = self.part.hours();
        (midnight + from * 3600, midnight + to * 3600)
    }
}

/// The local day of an instant.
pub fn local_day(at: i64) -> i64 {
    (at + MOROCCO_UTC_OFFSET_SECONDS).div_euclid(86_400)
}

/// The dates the picker offers at `now`: from the first day with a part still open 24 hours
/// ahead, to [`SLOT_HORIZON_DAYS`] later.
pub fn offered_days(now: i64) -> (i64, i64) {
    let earliest = now + PACK_START_DELAY_SECONDS;
    let first = local_day(earliest);
    let first = if DayPart::ALL.iter().any(|&part| Slot { day: first, part }.window().1 > earliest) {
        first
    } else {
        first + 1
    };
    (first, local_day(now) + SLOT_HORIZON_DAYS)
}

/// The first local day whose `part` is still open 24 hours after `now`: on the picker's
/// first day a part already gone by then (the morning, asked at noon) opens a day later.
pub fn first_day_of_part(part: DayPart, now: i64) -> i64 {
    let earliest = now + PACK_START_DELAY_SECONDS;
    let day = local_day(earliest);
    if (Slot { day, part }).window().1 > earliest { day } else { day + 1 }
}

/// A slot the seller may choose at `now`: its window must still be open 24 hours from now, and
/// it must be within the horizon; otherwise `INVALID_ARGUMENT`.
pub fn check_slot(slot: Slot, now: i64) -> Result<(), SoukError> {
    let (_, last) = offered_days(now);
    if slot.window().1 <= now + PACK_START_DELAY_SECONDS || slot.day > last {
        return Err(SoukError::with_detail(
            ErrorCode::InvalidArgument,
            format!("slot {} {} is not offered", slot.date(), slot.part.as_str()),
        ));
    }
    Ok(())
}

/// When a pack bought for `slot` starts, its payment accepted at `accepted_at`: a random
/// instant (from `random`) of the slot's window no earlier than 24 hours after acceptance;
/// when that leaves nothing of the window (a code paid late), the same part of the first day
/// still 24 hours away.
pub fn start_instant(slot: Slot, accepted_at: i64, random: u64) -> i64 {
    let not_before = accepted_at + PACK_START_DELAY_SECONDS;
    let mut day = slot.day.max(local_day(not_before) - 1);
    loop {
        let (from, to) = Slot { day, part: slot.part }.window();
        let lo = from.max(not_before);
        if lo < to {
            return lo + (random % (to - lo) as u64) as i64;
        }
        day += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::parse_date;

    #[test]
    fn every_pack_has_an_id_a_positive_price_and_one_entry() {
        let mut ids: Vec<_> = PACKS.iter().map(PackOffer::id).collect();
        assert_eq!(ids[0], "bump-7");
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), PACKS.len());
        for p in PACKS {
            assert!(p.other > 0 && p.other <= p.vehicles && p.vehicles <= p.real_estate, "{}", p.id());
            assert_eq!(pack(&p.id()).map(|f| f.id()), Ok(p.id()));
        }
        assert_eq!(pack("bump-8").map_err(|e| e.code), Err(ErrorCode::PackageNotFound));
        assert_eq!(pack("").map_err(|e| e.code), Err(ErrorCode::PackageNotFound));
    }

    #[test]
    fn a_longer_pack_costs_less_per_day() {
        for kind in [VasPackKind::Bump, VasPackKind::Gallery, VasPackKind::Special, VasPackKind::Highlight] {
            let per_day: Vec<_> = PACKS
                .iter()
                .filter(|p| p.kind == kind)
                .map(|p| p.price_per_day(CategoryGroup::Other, false).centimes())
                .collect();
            assert!(per_day.windows(2).all(|w| w[0] > w[1]), "{kind:?}: {per_day:?}");
        }
    }

    #[test]
    fn shops_pay_twenty_percent_less_and_reach_two_and_a_half_times_more() {
        let bump = pack("bump-7").expect("pack");
        assert_eq!(bump.price(CategoryGroup::Other, false), Money(4900));
        assert_eq!(bump.price(CategoryGroup::Other, true), Money(3920));
        assert_eq!(bump.price(CategoryGroup::RealEstate, true), Money(6320));
        assert_eq!(bump.price_per_day(CategoryGroup::Other, false), Money(700));
        assert_eq!(bump.expected_reach(false), 9.0);
        assert_eq!(bump.expected_reach(true), 22.5);
        assert_eq!(pack("gallery-7").expect("pack").expected_reach(false), 15.0);
        assert_eq!(pack("special-7").expect("pack").expected_reach(false), 12.0);
        assert_eq!(pack("highlight-7").expect("pack").expected_reach(false), 6.0);
        // 39,20 DH is 40 points; a renewal takes no points but takes tokens.
        assert_eq!(bump.points(CategoryGroup::Other), Some(40));
        assert_eq!(pack("renewal-1").expect("pack").points(CategoryGroup::Other), None);
        assert_eq!(pack("renewal-1").expect("pack").tokens(CategoryGroup::Other, false), Some(9));
    }

    #[test]
    fn slots_open_a_day_ahead_for_thirty_days() {
        // 2026-11-27 10:00 in Morocco (09:00 UTC).
        let now = parse_date("2026-11-27").expect("date") * 86_400 + 9 * 3600;
        let (first, last) = offered_days(now);
        assert_eq!(crate::time::format_date(first), "2026-11-28");
        assert_eq!(crate::time::format_date(last), "2026-12-27");
        let slot = |d: &str, p: &str| Slot::parse(d, p).expect("slot");
        // Tomorrow's morning is still open at 10:00 tomorrow; the afternoon too.
        assert_eq!(check_slot(slot("2026-11-28", "morning"), now), Ok(()));
        assert_eq!(check_slot(slot("2026-11-28", "afternoon"), now), Ok(()));
        assert_eq!(check_slot(slot("2026-12-27", "evening"), now), Ok(()));
        for (d, p) in [("2026-11-27", "evening"), ("2026-12-28", "morning")] {
            assert_eq!(check_slot(slot(d, p), now).map_err(|e| e.code), Err(ErrorCode::InvalidArgument), "{d} {p}");
        }
        assert_eq!(Slot::parse("2026-11-28", "night").map_err(|e| e.code), Err(ErrorCode::InvalidArgument));
        assert_eq!(Slot::parse("28/11/2026", "morning").map_err(|e| e.code), Err(ErrorCode::InvalidArgument));
        // At 23:30 local the next day has nothing left 24 hours ahead: the picker starts after it.
        let late = parse_date("2026-11-27").expect("date") * 86_400 + 22 * 3600 + 1800;
        assert_eq!(crate::time::format_date(offered_days(late).0), "2026-11-29");
    }

    #[test]
    fn each_part_opens_on_its_own_first_day() {
        let date = |d: i64| crate::time::format_date(d);
        // 2026-11-27 13:00 in Morocco (12:00 UTC): tomorrow's morning is gone 24 hours ahead,
        // its afternoon and evening are not.
        let noon = parse_date("2026-11-27").expect("date") * 86_400 + 12 * 3600;
        assert_eq!(date(offered_days(noon).0), "2026-11-28");
        assert_eq!(date(first_day_of_part(DayPart::Morning, noon)), "2026-11-29");
        assert_eq!(date(first_day_of_part(DayPart::Afternoon, noon)), "2026-11-28");
        assert_eq!(date(first_day_of_part(DayPart::Evening, noon)), "2026-11-28");
        // Every part's first day is the first it may be ordered for, the day before is refused.
        for at in [noon, noon - 5 * 3600, noon + 11 * 3600 + 1800, noon + 3 * 3600] {
            for part in DayPart::ALL {
                let first = first_day_of_part(part, at);
                assert_eq!(check_slot(Slot { day: first, part }, at), Ok(()), "{at} {part:?}");
                let before = check_slot(Slot { day: first - 1, part }, at).map_err(|e| e.code);
                assert_eq!(before, Err(ErrorCode::InvalidArgument), "{at} {part:?}");
                assert!(first >= offered_days(at).0);
            }
            let open_first = DayPart::ALL.iter().map(|&p| first_day_of_part(p, at)).min();
            assert_eq!(open_first, Some(offered_days(at).0), "the picker's first day has a part open");
        }
    }

    #[test]
    fn a_pack_starts_in_its_slot_at_least_a_day_after_acceptance() {
        let day = parse_date("2026-11-28").expect("date");
        let slot = Slot { day, part: DayPart::Afternoon };
        let (from, to) = slot.window();
        assert_eq!(crate::time::rfc3339(from), "2026-11-28T11:00:00Z", "12:00 in Morocco");
        let accepted = from - 3 * 86_400;
        for r in [0, 1, 7_777, u64::MAX] {
            let s = start_instant(slot, accepted, r);
            assert!((from..to).contains(&s), "{r}: in the window");
        }
        // Accepted at 14:00 the day before: not before 14:00 on the day.
        let accepted = from - 86_400 + 2 * 3600;
        for r in [0, 99, u64::MAX] {
            let s = start_instant(slot, accepted, r);
            assert!(s >= accepted + PACK_START_DELAY_SECONDS && s < to, "{r}");
        }
        // Paid after the window: the same part of the first day still a day away.
        let accepted = to + 3600;
        let s = start_instant(slot, accepted, 5);
        let moved = Slot { day: day + 2, part: DayPart::Afternoon }.window();
        assert!(s >= accepted + PACK_START_DELAY_SECONDS && (moved.0..moved.1).contains(&s));
    }

    #[test]
    fn category_groups_follow_the_vertical() {
        assert_eq!(CategoryGroup::RealEstate.as_str(), "realEstate");
        assert_eq!(CategoryGroup::Vehicles.as_str(), "vehicles");
        assert_eq!(CategoryGroup::Other.as_str(), "other");
    }
}
