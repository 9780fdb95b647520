//! The demo's running boost packs: a few percent of the active ads with photos — in every
//! vertical, over many categories and cities, and one of each demo login's ads — carry a
//! gallery, special, highlight or bump pack of the catalogue (`souk_domain::packs::PACKS`) that
//! started after the ad was published and runs past now, so the home's premium section, the
//! listings' premium slots and the boosted filter of "my ads" show real data on first run.
//! Pure and deterministic: the same demo data and time give the same packs.

use super::generate::DemoData;
use super::rng::Rng;
use souk_domain::ad::{AdStatus, VasPackKind};
use souk_domain::catalog::Vertical;
use souk_domain::packs::PACKS;
use souk_storage::reference::Reference;
use std::collections::BTreeSet;

/// The share of the eligible ads (active, with a photo) that run a pack, in percent.
pub const BOOSTED_PERCENT: usize = 4;
/// The fewest premium (gallery or special) ads when enough ads qualify: the home's premium
/// section shows eight.
pub const MIN_PREMIUM: usize = 8;

/// The seed of the packs' choices (apart from the ads' seed, so the ads do not move).
const BOOSTS_SEED: u64 = 0x0000_b005_7ed5;
const DAY: i64 = 86_400;
/// A pack starts about a day after its payment, itself after the ad's publication.
const START_AFTER_PUBLICATION: i64 = DAY;
/// Every demo pack still runs this long after `now`.
const RUNS_AT_LEAST: i64 = 6 * 3600;

/// One pack on one demo ad, and when a pack that bumps last brought it to the top.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoPack {
    pub ad_id: String,
    pub kind: VasPackKind,
    pub start: i64,
    pub end: i64,
    /// For a bump or special pack: its last daily bump (its start, or a day boundary of its
    /// period within the last day). `None` for gallery and highlight.
    pub bumped_at: Option<i64>,
}

/// The kinds in the proportions the demo shows: premium (gallery, special) a little over half.
const KINDS: [(VasPackKind, u64); 4] =
    [(VasPackKind::Gallery, 35), (VasPackKind::Special, 20), (VasPackKind::Highlight, 20), (VasPackKind::Bump, 25)];

/// The running packs of the demo at `now`: `BOOSTED_PERCENT` of the eligible ads (at least
/// `MIN_PREMIUM` premium ones when there are enough), chosen vertical by vertical preferring a
/// category and a city not boosted yet, plus the first eligible ad of each account that has
/// none, so every demo login has a boosted ad. None when no ad qualifies.
pub fn running_packs(data: &DemoData, reference: &Reference, now: i64) -> Vec<DemoPack> {
    let mut rng = Rng::new(BOOSTS_SEED);
    let eligible: Vec<_> = data
        .ads
        .iter()
        .filter(|a| a.status == AdStatus::Active && !a.images.is_empty())
        .filter(|a| a.published_at <= now - START_AFTER_PUBLICATION - RUNS_AT_LEAST)
        .collect();
    if eligible.is_empty() {
        return Vec::new();
    }
    let wanted = (eligible.len() * BOOSTED_PERCENT).div_ceil(100).max(MIN_PREMIUM.min(eligible.len()));

    // Vertical by vertical, in a seeded order, so every vertical gets its share.
    let mut by_vertical: Vec<Vec<usize>> = Vertical::ALL
        .iter()
        .map(|v| {
            (0..eligible.len())
                .filter(|&i| reference.categories.vertical_of(eligible[i].category_id) == Some(*v))
                .collect()
        })
        .collect();
    for list in by_vertical.iter_mut() {
        rng.shuffle(list);
    }
    let mut chosen: Vec<usize> = Vec::with_capacity(wanted);
    let mut taken: BTreeSet<usize> = BTreeSet::new();
    let mut categories = BTreeSet::new();
    let mut cities = BTreeSet::new();
    // Three passes: a new category in a new city, then a new category, then anything.
    for pass in 0..3 {
        let mut progress = true;
        while chosen.len() < wanted && progress {
            progress = false;
            for list in &by_vertical {
                let fits = |i: &usize| {
                    let ad = eligible[*i];
                    !taken.contains(i)
                        && match pass {
                            0 => !categories.contains(&ad.category_id) && !cities.contains(&ad.city_id),
                            1 => !categories.contains(&ad.category_id),
                            _ => true,
                        }
                };
                if let Some(&i) = list.iter().find(|i| fits(i)) {
                    taken.insert(i);
                    categories.insert(eligible[i].category_id);
                    cities.insert(eligible[i].city_id);
                    chosen.push(i);
                    progress = true;
                    if chosen.len() == wanted {
                        break;
                    }
                }
            }
        }
    }
    // Every demo login sees a boosted ad in "my ads".
    for account in &data.accounts {
        let id = account.account.account_id;
        if chosen.iter().any(|&i| eligible[i].account_id == id) {
            continue;
        }
        if let Some(i) = (0..eligible.len()).find(|&i| eligible[i].account_id == id && !taken.contains(&i)) {
            taken.insert(i);
            chosen.push(i);
        }
    }

    let weights: Vec<u64> = KINDS.iter().map(|(_, w)| *w).collect();
    chosen
        .into_iter()
        .enumerate()
        .map(|(n, i)| {
            let ad = eligible[i];
            // The first MIN_PREMIUM are premium, so the home's section is full.
            let kind = if n < MIN_PREMIUM {
                if n % 3 == 2 { VasPackKind::Special } else { VasPackKind::Gallery }
            } else {
                KINDS[rng.weighted(&weights).unwrap_or(0)].0
            };
            let lengths: Vec<u32> = PACKS.iter().filter(|p| p.kind == kind).map(|p| p.days).collect();
            let days = i64::from(*rng.pick(&lengths).unwrap_or(&7));
            // Started between an hour ago and as long ago as it may while running past now,
            // and never before a day after the ad's publication.
            let earliest = (ad.published_at + START_AFTER_PUBLICATION).max(now - days * DAY + RUNS_AT_LEAST);
            let start = rng.range(earliest, now - 3600);
            let end = start + days * DAY;
            let bumped_at = kind.bumps().then(|| start + (now - start) / DAY * DAY);
            DemoPack { ad_id: ad.ad_id.clone(), kind, start, end, bumped_at }
        })
        .collect()
}
