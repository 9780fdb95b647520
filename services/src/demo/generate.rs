//! The demo marketplace as data, computed without any I/O: accounts with their plaintext
//! demo passwords, and ads spread over every leaf category, city and status the way a real
//! marketplace looks. One seed always gives the same data (given the same reference data
//! and `now`), so a demo, a screenshot and a test all see the same ads.

use super::content::{self, Ctx, Intent, Place};
use super::images::ImageSet;
use super::people::{PRIVATE_SELLERS, SHOPS, Shop};
use super::rng::Rng;
use souk_domain::Lang;
use souk_domain::account::{Account, AccountType};
use souk_domain::ad::{Ad, AdStatus};
use souk_domain::catalog::{Area, Category, CategoryId, City, CityId, Vertical};
use souk_domain::text::fold;
use souk_storage::reference::Reference;
use std::collections::{BTreeMap, BTreeSet};

/// The one password of every demo account (spec §5: at least 5 characters).
pub const DEMO_PASSWORD: &str = "souk-demo-2026";
/// The first public ad number; later ads count up from it in publication order.
pub const FIRST_LIST_ID: i64 = 10_000_001;
/// The fewest ads every leaf category gets (when there are enough ads to go round).
pub const MIN_ADS_PER_LEAF: usize = 3;
/// The fewest active ads every demo account owns (when there are enough ads).
pub const MIN_ACTIVE_PER_ACCOUNT: usize = 3;

const DAY: i64 = 86_400;
const NON_ACTIVE: [AdStatus; 5] =
    [AdStatus::PendingReview, AdStatus::Refused, AdStatus::Deactivated, AdStatus::Deleted, AdStatus::PendingPayment];

/// A demo account and the password it signs in with.
#[derive(Debug, Clone, PartialEq)]
pub struct DemoAccount {
    pub account: Account,
    pub password: String,
}

/// Everything the demo seed writes.
#[derive(Debug, Clone, PartialEq)]
pub struct DemoData {
    pub accounts: Vec<DemoAccount>,
    /// In publication order, `list_id` ascending.
    pub ads: Vec<Ad>,
}

/// Who may own an ad, and where they usually sell.
struct Owner {
    city_id: CityId,
    /// For a shop: the leaves it sells in, its main one first. Empty for a private seller.
    leaves: Vec<CategoryId>,
    vertical: Option<Vertical>,
    shop: Option<&'static Shop>,
}

/// One ad before it is written: category, owner, status, and whether the fixing-up pass
/// placed it on purpose (so it is not moved again).
struct Slot<'a> {
    leaf: &'a Category,
    vertical: Vertical,
    owner: usize,
    status: AdStatus,
    locked: bool,
}

/// Generates the demo accounts and `ad_count` ads. Pure and deterministic: see the module
/// documentation. With no cities or no leaf categories it answers empty data.
pub fn generate(reference: &Reference, ad_count: usize, seed: u64, now_unix: i64, images: &ImageSet) -> DemoData {
    let mut rng = Rng::new(seed);
    let mut cities: Vec<&City> = reference.cities.iter().collect();
    cities.sort_by(|a, b| b.population.cmp(&a.population).then(a.id.cmp(&b.id)));
    let leaves = postable_leaves(reference);
    if cities.is_empty() || leaves.is_empty() {
        return DemoData { accounts: Vec::new(), ads: Vec::new() };
    }
    let (accounts, owners) = accounts(&cities, &leaves, &mut rng, now_unix);
    let mut slots = plan(&leaves, &owners, ad_count, &mut rng);
    fix_up(&mut slots, &owners, &mut rng);
    let ads = write_ads(reference, &cities, &owners, slots, &mut rng, now_unix, images);
    DemoData { accounts, ads }
}

/// The leaves where ads can be posted: not hidden, not under a hidden group, under a
/// vertical, offering at least one ad type.
pub fn postable_leaves(reference: &Reference) -> Vec<(&Category, Vertical)> {
    let visible: BTreeSet<CategoryId> = reference.categories.visible(false).iter().map(|c| c.id).collect();
    reference
        .categories
        .leaves()
        .filter(|c| visible.contains(&c.id) && !c.ad_types.is_empty())
        .filter_map(|c| reference.categories.vertical_of(c.id).map(|v| (c, v)))
        .collect()
}

fn find_city<'a>(cities: &[&'a City], name: &str) -> Option<&'a City> {
    let wanted = fold(name);
    cities.iter().copied().find(|c| fold(&c.label.fr) == wanted)
}

/// A UUIDv7 of a moment (Unix seconds, a random millisecond within it) whose random bits
/// come from the seed, so it is time-ordered like a real one yet reproducible.
pub(super) fn uuid_v7(rng: &mut Rng, unix_secs: i64) -> String {
    let millis = u64::try_from(unix_secs * 1000 + rng.range(0, 999)).unwrap_or(0);
    uuid::Builder::from_unix_timestamp_millis(millis, &rng.bytes::<10>()).into_uuid().to_string()
}

fn digits(rng: &mut Rng, n: usize) -> String {
    (0..n).map(|_| char::from(b'0' + rng.below(10) as u8)).collect()
}

fn accounts(
    cities: &[&City],
    leaves: &[(&Category, Vertical)],
    rng: &mut Rng,
    now: i64,
) -> (Vec<DemoAccount>, Vec<Owner>) {
    let mut phones = BTreeSet::new();
    let mut unique_phone = |rng: &mut Rng, prefix: &dyn Fn(&mut Rng) -> String, len: usize| loop {
        let p = prefix(rng);
        let phone = format!("{p}{}", digits(rng, len - p.len()));
        if phones.insert(phone.clone()) {
            return phone;
        }
    };
    let mut accounts = Vec::new();
    let mut owners = Vec::new();
    let fallback_city = |i: usize| cities[i % cities.len()];
    for (i, seller) in PRIVATE_SELLERS.iter().enumerate() {
        let city = find_city(cities, seller.city).unwrap_or_else(|| fallback_city(i));
        let phone = unique_phone(rng, &|r: &mut Rng| (*r.choose(&["06", "07"])).to_string(), 10);
        let registered_at = now - rng.range(95 * DAY, 730 * DAY);
        let account = Account {
            account_id: accounts.len() as i64 + 1,
            uuid: uuid_v7(rng, registered_at),
            account_type: AccountType::Private,
            name: seller.name.to_string(),
            email: None,
            phone: Some(phone),
            phone_hidden: i % 7 == 6,
            city_id: city.id,
            shop_category_id: None,
            registered_at,
        };
        owners.push(Owner { city_id: city.id, leaves: Vec::new(), vertical: None, shop: None });
        accounts.push(DemoAccount { account, password: DEMO_PASSWORD.to_string() });
    }
    for (i, shop) in SHOPS.iter().enumerate() {
        let city = find_city(cities, shop.city).unwrap_or_else(|| fallback_city(i));
        let phone = unique_phone(rng, &|_: &mut Rng| shop.phone_prefix.to_string(), 10);
        let registered_at = now - rng.range(95 * DAY, 730 * DAY);
        let shop_leaves = shop_leaves(shop, leaves);
        let account = Account {
            account_id: accounts.len() as i64 + 1,
            uuid: uuid_v7(rng, registered_at),
            account_type: AccountType::Shop,
            name: shop.name.to_string(),
            email: Some(shop.email.to_string()),
            phone: Some(phone),
            phone_hidden: false,
            city_id: city.id,
            shop_category_id: shop_leaves.first().copied(),
            registered_at,
        };
        owners.push(Owner { city_id: city.id, leaves: shop_leaves, vertical: Some(shop.vertical), shop: Some(shop) });
        accounts.push(DemoAccount { account, password: DEMO_PASSWORD.to_string() });
    }
    (accounts, owners)
}

/// The leaves a shop sells in, its shop category first: its listed ids that exist, else the
/// leaves of its vertical whose label has one of its keywords, else its vertical's first leaf.
fn shop_leaves(shop: &Shop, leaves: &[(&Category, Vertical)]) -> Vec<CategoryId> {
    let listed: Vec<CategoryId> =
        shop.categories.iter().copied().filter(|id| leaves.iter().any(|(c, _)| c.id == *id)).collect();
    if !listed.is_empty() {
        return listed;
    }
    let in_vertical: Vec<&Category> = leaves.iter().filter(|(_, v)| *v == shop.vertical).map(|(c, _)| *c).collect();
    // In the order of the shop's keywords, so its main trade comes first.
    let mut by_keyword: Vec<CategoryId> = Vec::new();
    for keyword in shop.keywords {
        for c in &in_vertical {
            let label = fold(&c.label.fr);
            let fits = label.split(|ch: char| !ch.is_alphanumeric()).any(|w| w.starts_with(keyword));
            if fits && !by_keyword.contains(&c.id) {
                by_keyword.push(c.id);
            }
        }
    }
    if !by_keyword.is_empty() {
        return by_keyword;
    }
    in_vertical.first().map(|c| vec![c.id]).unwrap_or_default()
}

/// How much of the marketplace a leaf category is: cars, flats and phones lead.
fn leaf_weight(id: CategoryId, vertical: Vertical) -> u64 {
    match id {
        2010 => 200,
        1010 => 160,
        5010 => 120,
        1020 | 5030 | 3010 => 45,
        2020 | 2060 => 35,
        1050 | 1090 | 1300 => 30,
        5050 | 5070 | 5080 => 25,
        2040 | 5020 | 5040 | 5060 | 5090 => 20,
        1080 | 3020 => 18,
        1060 => 15,
        1400 | 1500 => 12,
        1200 => 8,
        6000..=6999 => 18,
        7000..=7999 => 14,
        8000..=8999 => 10,
        9000..=9999 => 8,
        _ => match vertical {
            Vertical::JobsAndServices => 10,
            Vertical::Vehicles => 6,
            _ => 8,
        },
    }
}

/// Counts per leaf: everyone gets the minimum, the rest is shared by weight (largest
/// remainders), so the total is exactly `ad_count`.
pub fn allocate(weights: &[u64], ad_count: usize) -> Vec<usize> {
    if weights.is_empty() {
        return Vec::new();
    }
    let floor = MIN_ADS_PER_LEAF.min(ad_count / weights.len());
    let mut counts = vec![floor; weights.len()];
    let rest = ad_count - floor * weights.len();
    let total: u64 = weights.iter().sum::<u64>().max(1);
    let mut remainders = Vec::with_capacity(weights.len());
    let mut given = 0;
    for (i, w) in weights.iter().enumerate() {
        let exact = rest as u128 * u128::from(*w);
        let share = (exact / u128::from(total)) as usize;
        counts[i] += share;
        given += share;
        remainders.push((exact % u128::from(total), i));
    }
    remainders.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    for (_, i) in remainders.into_iter().take(rest - given) {
        counts[i] += 1;
    }
    counts
}

fn plan<'a>(leaves: &[(&'a Category, Vertical)], owners: &[Owner], ad_count: usize, rng: &mut Rng) -> Vec<Slot<'a>> {
    let weights: Vec<u64> = leaves.iter().map(|(c, v)| leaf_weight(c.id, *v)).collect();
    let counts = allocate(&weights, ad_count);
    let mut slots = Vec::with_capacity(ad_count);
    for ((leaf, vertical), n) in leaves.iter().zip(counts) {
        for _ in 0..n {
            slots.push(Slot { leaf, vertical: *vertical, owner: 0, status: AdStatus::Active, locked: false });
        }
    }
    rng.shuffle(&mut slots);
    let privates = owners.iter().filter(|o| o.shop.is_none()).count();
    for slot in slots.iter_mut() {
        // Private sellers share 100 parts, the busiest ones more; a shop selling in the
        // category takes 30 parts for its main category, 12 for its others.
        let weights: Vec<u64> = owners
            .iter()
            .enumerate()
            .map(|(i, o)| match o.leaves.iter().position(|l| *l == slot.leaf.id) {
                _ if o.shop.is_none() => (100 * (2 * privates - i) / (privates * (privates + 1)).max(1)) as u64 + 1,
                Some(0) => 30,
                Some(_) => 12,
                None => 0,
            })
            .collect();
        slot.owner = rng.weighted(&weights).unwrap_or(0);
        slot.status = if rng.chance(0.92) { AdStatus::Active } else { *rng.choose(&NON_ACTIVE) };
    }
    slots
}

/// Makes sure every account owns active ads (shops in their own categories), and that the
/// first private seller owns an ad in every status, so each "my ads" tab has something.
fn fix_up(slots: &mut [Slot<'_>], owners: &[Owner], rng: &mut Rng) {
    let mut order: Vec<usize> = (0..slots.len()).collect();
    rng.shuffle(&mut order);
    let claim = |slots: &mut [Slot<'_>], owner: usize, status: AdStatus, fits: &dyn Fn(&Slot<'_>) -> bool| {
        if let Some(&i) = order.iter().find(|&&i| !slots[i].locked && fits(&slots[i])) {
            slots[i].owner = owner;
            slots[i].status = status;
            slots[i].locked = true;
            true
        } else {
            false
        }
    };
    for (o, owner) in owners.iter().enumerate() {
        for _ in 0..MIN_ACTIVE_PER_ACCOUNT {
            let placed = !owner.leaves.is_empty()
                && claim(slots, o, AdStatus::Active, &|s: &Slot<'_>| owner.leaves.contains(&s.leaf.id));
            if !placed {
                let vertical = owner.vertical;
                claim(slots, o, AdStatus::Active, &|s: &Slot<'_>| vertical.is_none_or(|v| v == s.vertical));
            }
        }
    }
    if let Some(first_private) = owners.iter().position(|o| o.shop.is_none()) {
        for status in NON_ACTIVE {
            claim(slots, first_private, status, &|_| true);
        }
    }
}

/// The calendar year of a Unix time (UTC), by the days-to-civil algorithm.
pub fn year_of(unix: i64) -> i64 {
    let z = unix.div_euclid(DAY) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    yoe + era * 400 + i64::from(month <= 2)
}

/// When an ad in this status was published and last changed: active ads over the last 90
/// days, pending review within the hour (moderation takes at most 60 minutes), and so on.
fn dates(rng: &mut Rng, status: AdStatus, now: i64) -> (i64, i64) {
    match status {
        AdStatus::Active => {
            let published = now - rng.range(10 * 60, 90 * DAY);
            let modified = if rng.chance(0.7) { published } else { published + rng.range(0, now - published) };
            (published, modified)
        }
        AdStatus::PendingReview => {
            let published = now - rng.range(2 * 60, 55 * 60);
            (published, published)
        }
        AdStatus::PendingPayment => {
            let published = now - rng.range(3600, 3 * DAY);
            (published, published)
        }
        AdStatus::Refused => {
            let published = now - rng.range(DAY, 60 * DAY);
            (published, published + rng.range(10 * 60, 60 * 60))
        }
        AdStatus::Deactivated | AdStatus::Deleted => {
            let published = now - rng.range(10 * DAY, 90 * DAY);
            (published, published + rng.range(DAY, now - published - 3600))
        }
    }
}

fn pick_city<'a>(rng: &mut Rng, cities: &[&'a City], weights: &[u64]) -> &'a City {
    cities[rng.weighted(weights).unwrap_or(0).min(cities.len() - 1)]
}

fn write_ads(
    reference: &Reference,
    cities: &[&City],
    owners: &[Owner],
    slots: Vec<Slot<'_>>,
    rng: &mut Rng,
    now: i64,
    images: &ImageSet,
) -> Vec<Ad> {
    let now_year = year_of(now);
    let city_weights: Vec<u64> = cities.iter().map(|c| u64::from(c.population).max(1)).collect();
    let mut areas: BTreeMap<CityId, Vec<&Area>> = BTreeMap::new();
    for a in &reference.areas {
        areas.entry(a.city_id).or_default().push(a);
    }
    let by_id: BTreeMap<CityId, &City> = cities.iter().map(|c| (c.id, *c)).collect();
    let mut ads: Vec<Ad> = Vec::with_capacity(slots.len());
    for slot in slots {
        let owner = &owners[slot.owner];
        let types: Vec<u64> = slot.leaf.ad_types.iter().map(|t| Intent::of(&t.key).weight()).collect();
        let ad_type =
            slot.leaf.ad_types.get(rng.weighted(&types).unwrap_or(0)).map(|t| t.key.clone()).unwrap_or_default();
        let intent = Intent::of(&ad_type);
        let city = match by_id.get(&owner.city_id) {
            Some(home) if owner.shop.is_some() && rng.chance(0.85) => *home,
            Some(home) if rng.chance(0.25) => *home,
            _ => pick_city(rng, cities, &city_weights),
        };
        let area = areas.get(&city.id).and_then(|list| rng.pick(list).copied());
        let lang = if rng.chance(0.3) { Lang::Ar } else { Lang::Fr };
        let delivery = slot.vertical == Vertical::Market && intent == Intent::Sell && rng.chance(0.15);
        let ctx = Ctx {
            reference,
            leaf: slot.leaf,
            vertical: slot.vertical,
            intent,
            lang,
            place: Place { city, area },
            now_year,
            delivery,
        };
        let written = content::write(&ctx, rng);
        let delivery = delivery && !written.no_delivery;
        let photos = images.paths(slot.vertical);
        let count = match slot.vertical {
            _ if photos.is_empty() => 0,
            Vertical::JobsAndServices if rng.chance(0.6) => 0,
            Vertical::JobsAndServices => 1,
            _ => rng.range(1, photos.len().min(5) as i64) as usize,
        };
        let mut order: Vec<usize> = (0..photos.len()).collect();
        rng.shuffle(&mut order);
        let (published_at, modified_at) = dates(rng, slot.status, now);
        ads.push(Ad {
            ad_id: String::new(),
            list_id: 0,
            account_id: slot.owner as i64 + 1,
            category_id: slot.leaf.id,
            ad_type,
            title: written.title,
            description: written.description,
            price: written.price,
            city_id: city.id,
            area_id: area.map(|a| a.id),
            params: written.params,
            status: slot.status,
            urgent: rng.chance(0.08),
            delivery,
            phone_hidden: rng.chance(0.10),
            images: order.into_iter().take(count).filter_map(|i| photos.get(i).cloned()).collect(),
            published_at,
            modified_at,
            discount: None,
            video: None,
            state_time: modified_at,
            edit_status: None,
            refusal_reason: (slot.status == AdStatus::Refused)
                .then(|| souk_domain::moderation::RefusalReason::WrongCategory.key().to_string()),
        });
    }
    ads.sort_by_key(|a| a.published_at);
    for (i, ad) in ads.iter_mut().enumerate() {
        ad.list_id = FIRST_LIST_ID + i as i64;
        ad.ad_id = uuid_v7(rng, ad.published_at);
    }
    ads
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allocation_is_exact_with_a_floor_per_leaf() {
        let counts = allocate(&[200, 1, 1, 50], 100);
        assert_eq!(counts.iter().sum::<usize>(), 100);
        assert!(counts.iter().all(|c| *c >= 3), "{counts:?}");
        assert!(counts[0] > counts[3] && counts[3] > counts[1], "{counts:?}");
        let small = allocate(&[5, 5, 5], 4);
        assert_eq!(small.iter().sum::<usize>(), 4);
        assert!(allocate(&[], 10).is_empty());
    }

    #[test]
    fn years_of_unix_times() {
        assert_eq!(year_of(0), 1970);
        assert_eq!(year_of(1_700_000_000), 2023);
        assert_eq!(year_of(1_798_761_599), 2026);
        assert_eq!(year_of(1_798_761_600), 2027);
    }
}

#[cfg(test)]
mod fixture_tests {
    use super::*;
    use souk_domain::ad_text::ad_text_problem;
    use souk_storage::reference::ReferenceSources;

    /// A reference data set with only categories no template knows, one city without
    /// areas and no cars: every ad has to come from the generic fallbacks.
    fn odd_reference() -> Reference {
        let cat = |id: u32, parent: Option<u32>, fr: &str, types: &[&str], hidden: bool| {
            let types: Vec<String> = types
                .iter()
                .enumerate()
                .map(|(i, k)| format!(r#"{{"key":"{k}","order":{i},"label":{{"fr":"{k}","ar":"نوع"}}}}"#))
                .collect();
            format!(
                r#"{{"id":{id},"parentId":{},"order":{id},"label":{{"fr":"{fr}","ar":"فئة {id}"}},"slug":{{"fr":"c{id}","ar":"ف{id}"}},"adTypes":[{}],"hidden":{hidden}}}"#,
                parent.map_or("null".to_string(), |p| p.to_string()),
                types.join(",")
            )
        };
        let categories = format!(
            "[{}]",
            [
                cat(50000, None, "Marché", &["sell"], false),
                cat(4200, Some(50000), "Objets mystères, rares", &["sell", "swap"], false),
                cat(4300, Some(50000), "Ancienne rubrique", &["sell"], true),
                cat(30000, None, "Emploi", &["job_offer"], false),
                cat(3999, Some(30000), "Services divers", &["service_offer", "service_request"], false),
                cat(20000, None, "Véhicules", &["sell"], false),
                cat(2999, Some(20000), "Engins spéciaux", &["sell", "rent"], false),
                cat(10000, None, "Immobilier", &["sell"], false),
                cat(1999, Some(10000), "Biens atypiques", &["sell", "rent_wanted", "vacation_rent"], false),
            ]
            .join(",")
        );
        let parsed = Reference::parse(ReferenceSources {
            categories: &categories,
            regions: r#"[{"id":1,"label":{"fr":"Oriental","ar":"الشرق"},"slug":{"fr":"oriental","ar":"الشرق"}}]"#,
            cities: r#"[{"id":7,"regionId":1,"label":{"fr":"Figuig","ar":"فكيك"},"slug":{"fr":"figuig","ar":"فكيك"},"latitude":32.1,"longitude":-1.2,"population":10000}]"#,
            areas: "[]",
            cars: r#"{"fuels":[],"gearboxes":[],"brands":[]}"#,
        });
        match parsed {
            Ok(r) => r,
            Err(e) => panic!("fixture: {e}"),
        }
    }

    #[test]
    fn unknown_categories_get_believable_ads_from_the_fallbacks() {
        let reference = odd_reference();
        let data = generate(&reference, 120, 9, 1_800_000_000, &ImageSet::standard());
        assert_eq!(data.accounts.len(), PRIVATE_SELLERS.len() + SHOPS.len());
        assert_eq!(data.ads.len(), 120);
        let phones: BTreeSet<_> = data.accounts.iter().filter_map(|a| a.account.phone.clone()).collect();
        assert_eq!(phones.len(), data.accounts.len(), "phones are unique");
        for a in &data.accounts {
            assert_eq!(a.account.city_id, 7, "the only city stands in for the missing ones");
            if a.account.account_type == AccountType::Shop {
                assert!(a.account.shop_category_id.is_some(), "{} gets a category of its vertical", a.account.name);
            }
        }
        for leaf in [4200, 3999, 2999, 1999] {
            assert!(data.ads.iter().filter(|a| a.category_id == leaf).count() >= MIN_ADS_PER_LEAF, "leaf {leaf}");
        }
        assert!(data.ads.iter().all(|a| a.category_id != 4300), "hidden leaves get nothing");
        for ad in &data.ads {
            assert!(!ad.title.is_empty() && !ad.description.is_empty());
            for text in [&ad.title, &ad.description] {
                assert_eq!(ad_text_problem(text), None, "{text}");
            }
            assert!(ad.area_id.is_none());
        }
        assert!(data.ads.iter().any(|a| a.ad_type == "swap"), "unknown ad types are used too");
    }

    #[test]
    fn no_city_or_no_leaf_means_no_data() {
        let mut reference = odd_reference();
        reference.cities.clear();
        let data = generate(&reference, 50, 1, 1_800_000_000, &ImageSet::standard());
        assert!(data.accounts.is_empty() && data.ads.is_empty());
    }
}
