//! The demo seed against the real reference data and a real SQLite store: what it writes,
//! that it writes only once, and that every generated ad respects the catalogue and the
//! spec §5 text rules.

use souk_domain::account::AccountType;
use souk_domain::ad::{Ad, AdStatus};
use souk_domain::ad_text::ad_text_problem;
use souk_domain::catalog::Vertical;
use souk_services::accounts::password::verify_password;
use souk_services::demo::generate::{FIRST_LIST_ID, MIN_ADS_PER_LEAF, postable_leaves};
use souk_services::demo::images::{HEIGHT, WIDTH};
use souk_services::demo::{
    DEMO_PASSWORD, DEMO_SEED, DemoData, ImageSet, SeedOutcome, SeedProgress, generate, seed_demo,
};
use souk_storage::accounts::AccountStore;
use souk_storage::ads::AdStore;
use souk_storage::reference::Reference;
use souk_storage::sqlite::SqliteStore;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::time::Instant;

/// 2026-11-22 00:00 UTC: a fixed "now" so generated dates are reproducible.
const NOW: i64 = 1_795_305_600;

fn reference() -> Reference {
    match Reference::embedded() {
        Ok(r) => r,
        Err(e) => panic!("the shipped reference data is invalid: {e}"),
    }
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("souk-demo-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn is_arabic(text: &str) -> bool {
    text.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seeds_an_empty_store_once_then_leaves_it_alone() {
    let dir = temp_dir("seed");
    let media = dir.join("media");
    let store = SqliteStore::open(dir.join("souk.db"), 2).expect("open store");
    let reference = reference();

    let mut events: Vec<SeedProgress> = Vec::new();
    let started = Instant::now();
    let outcome = seed_demo(&store, &reference, &media, 600, &mut |p| events.push(p)).await.expect("first seed");
    eprintln!("seeded 600 ads in {:?}", started.elapsed());
    let SeedOutcome::Seeded(summary) = outcome else { panic!("expected a seed, got {outcome:?}") };
    assert_eq!(summary.ads, 600);
    assert!(summary.accounts.len() >= 20, "{} accounts", summary.accounts.len());
    assert_eq!(summary.images, ImageSet::standard().len());
    assert_eq!(
        souk_services::demo::demo_credentials(&reference),
        summary.accounts,
        "the logins printed at a later start are the ones seeded"
    );

    // Progress: every stage finishes, and ads arrive in batches of 250.
    for stage in ["images", "accounts", "ads"] {
        let last = events.iter().rev().find(|p| p.stage == stage).expect("stage reported");
        assert_eq!(last.done, last.total, "{stage} finishes");
    }
    let ads_done: Vec<usize> = events.iter().filter(|p| p.stage == "ads").map(|p| p.done).collect();
    assert_eq!(ads_done, vec![0, 250, 500, 600]);

    // The store holds what the summary says.
    let by_status = store.count_ads_by_status().await.expect("count");
    assert_eq!(by_status.iter().map(|(_, n)| n).sum::<u64>(), 600);
    assert!(by_status.len() >= 4, "several statuses: {by_status:?}");
    let active = by_status.iter().find(|(s, _)| *s == AdStatus::Active).map_or(0, |(_, n)| *n);
    assert!(active > 500, "mostly active: {by_status:?}");
    let accounts = store.count_accounts().await.expect("count accounts");
    assert_eq!(accounts, summary.accounts.len() as u64);

    // Each private account has its purchase orders, read back by buyer.
    let privates = summary.accounts.iter().filter(|a| a.kind == souk_domain::account::AccountType::Private).count();
    assert_eq!(summary.orders, privates * souk_services::demo::orders::ORDERS_PER_BUYER);
    let mut seen = 0;
    for buyer in 1..=accounts as i64 {
        let q = souk_storage::orders::PurchaseOrdersQuery { buyer_id: buyer, status: None, offset: 0, limit: 50 };
        let (orders, count) = souk_storage::orders::OrderStore::purchase_orders(&store, q).await.expect("orders");
        assert_eq!(orders.len() as u64, count);
        assert!(orders.iter().all(|o| o.payment_method == souk_domain::orders::PaymentMethod::Cod));
        seen += orders.len();
    }
    assert_eq!(seen, summary.orders);

    // Every account owns active ads; the first private seller owns one in every status.
    let (owners_with_active, first_statuses) = store
        .read(|c| {
            let owners: i64 =
                c.query_row("SELECT count(DISTINCT account_id) FROM ads WHERE status = 'active'", [], |r| r.get(0))?;
            let statuses: i64 =
                c.query_row("SELECT count(DISTINCT status) FROM ads WHERE account_id = 1", [], |r| r.get(0))?;
            Ok((owners, statuses))
        })
        .await
        .expect("owners");
    assert_eq!(owners_with_active, accounts as i64);
    assert_eq!(first_statuses, 6);

    // The printed credentials sign in: the stored argon2id hash verifies the password.
    for cred in &summary.accounts {
        assert_eq!(cred.password, DEMO_PASSWORD);
        match cred.kind {
            AccountType::Private => assert!(
                cred.login.len() == 10
                    && (cred.login.starts_with("06") || cred.login.starts_with("07"))
                    && cred.login.chars().all(|c| c.is_ascii_digit()),
                "{}",
                cred.login
            ),
            AccountType::Shop => assert!(cred.login.contains('@') && cred.login.ends_with(".ma"), "{}", cred.login),
        }
        let login = cred.login.clone();
        let hash: String = store
            .read(move |c| {
                Ok(c.query_row("SELECT password_hash FROM accounts WHERE phone = ?1 OR email = ?1", [&login], |r| {
                    r.get(0)
                })?)
            })
            .await
            .expect("hash");
        assert!(hash.starts_with("$argon2id$"), "{hash}");
        assert!(verify_password(&cred.password, &hash), "{} signs in", cred.name);
        assert!(!verify_password("wrong-password", &hash));
    }

    // Placeholder photos: JPEG, 800×600, one set per vertical.
    for vertical in Vertical::ALL {
        for rel in ImageSet::standard().paths(vertical) {
            let path = media.join(rel);
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert_eq!(image::guess_format(&bytes).expect("format"), image::ImageFormat::Jpeg);
            let img = image::load_from_memory(&bytes).expect("decodes");
            assert_eq!((img.width(), img.height()), (WIDTH, HEIGHT));
        }
    }

    // A second run writes nothing and says so.
    let modified_before = std::fs::metadata(media.join("demo/vehicles-1.jpg")).and_then(|m| m.modified()).ok();
    let mut second_events = 0;
    let again = seed_demo(&store, &reference, &media, 600, &mut |_| second_events += 1).await.expect("second seed");
    assert_eq!(again, SeedOutcome::AlreadySeeded { accounts });
    assert_eq!(second_events, 0);
    assert_eq!(store.count_ads_by_status().await.expect("count"), by_status);
    assert_eq!(store.count_accounts().await.expect("count"), accounts);
    let modified_after = std::fs::metadata(media.join("demo/vehicles-1.jpg")).and_then(|m| m.modified()).ok();
    assert_eq!(modified_before, modified_after);

    store.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn photos_already_in_place_are_kept() {
    let dir = temp_dir("photos");
    let media = dir.join("media");
    let rel = ImageSet::standard().paths(Vertical::Market)[0].clone();
    // A stale file of the wrong size is redrawn; a right one is kept as it is.
    std::fs::create_dir_all(media.join("demo")).expect("dir");
    std::fs::write(media.join(&rel), b"not a photo").expect("stale");
    assert!(souk_services::demo::images::write_placeholder(&media, Vertical::Market, 1).expect("redraw"));
    assert!(!souk_services::demo::images::write_placeholder(&media, Vertical::Market, 1).expect("keep"));
    let img = image::open(media.join(&rel)).expect("decodes");
    assert_eq!((img.width(), img.height()), (WIDTH, HEIGHT));
    let _ = std::fs::remove_dir_all(&dir);
}

fn full_demo() -> (Reference, DemoData) {
    let reference = reference();
    let data = generate(&reference, 3_200, DEMO_SEED, NOW, &ImageSet::standard());
    (reference, data)
}

#[test]
fn every_seed_writes_clean_text() {
    let reference = reference();
    for seed in 1..=4 {
        let data = generate(&reference, 3_200, seed, NOW, &ImageSet::standard());
        for ad in &data.ads {
            for text in [&ad.title, &ad.description] {
                assert_eq!(ad_text_problem(text), None, "seed {seed}: {text}");
            }
        }
    }
}

#[test]
fn generation_is_deterministic() {
    let reference = reference();
    let a = generate(&reference, 800, DEMO_SEED, NOW, &ImageSet::standard());
    let b = generate(&reference, 800, DEMO_SEED, NOW, &ImageSet::standard());
    assert_eq!(a, b);
    let other = generate(&reference, 800, DEMO_SEED + 1, NOW, &ImageSet::standard());
    assert_ne!(a.ads, other.ads);
}

#[test]
fn generated_ads_respect_the_catalogue_and_the_text_rules() {
    let (reference, data) = full_demo();
    assert_eq!(data.ads.len(), 3_200);
    let leaves: BTreeMap<u32, (Vec<String>, Vertical)> = postable_leaves(&reference)
        .into_iter()
        .map(|(c, v)| (c.id, (c.ad_types.iter().map(|t| t.key.clone()).collect(), v)))
        .collect();
    let cities: BTreeSet<u32> = reference.cities.iter().map(|c| c.id).collect();
    let areas: BTreeMap<u32, u32> = reference.areas.iter().map(|a| (a.id, a.city_id)).collect();
    let accounts: BTreeSet<i64> = data.accounts.iter().map(|a| a.account.account_id).collect();
    let images = ImageSet::standard();
    let mut ad_ids = BTreeSet::new();

    for (i, ad) in data.ads.iter().enumerate() {
        let Some((types, vertical)) = leaves.get(&ad.category_id) else {
            panic!("ad {} is in {}, not a visible leaf", ad.list_id, ad.category_id)
        };
        assert!(types.contains(&ad.ad_type), "{} not an ad type of {}", ad.ad_type, ad.category_id);
        assert!(cities.contains(&ad.city_id), "city {}", ad.city_id);
        if let Some(area) = ad.area_id {
            assert_eq!(areas.get(&area), Some(&ad.city_id), "area {area} belongs to city {}", ad.city_id);
        } else {
            assert!(reference.areas_of(ad.city_id).next().is_none(), "a city with areas gets one");
        }
        assert!(accounts.contains(&ad.account_id));
        for text in [&ad.title, &ad.description] {
            assert_eq!(ad_text_problem(text), None, "ad {}: {text}", ad.list_id);
        }
        let sentences = ad.description.matches(". ").count() + 1;
        assert!((2..=5).contains(&sentences), "{} sentences: {}", sentences, ad.description);
        assert!(ad.title.chars().count() <= 100, "{}", ad.title);
        // Photos come from the ad's vertical; only jobs and services may have none.
        assert!(ad.images.len() <= 5);
        assert!(ad.images.iter().all(|p| images.paths(*vertical).contains(p)), "{:?}", ad.images);
        assert!(*vertical == Vertical::JobsAndServices || !ad.images.is_empty(), "ad {} has photos", ad.list_id);
        let unique: BTreeSet<_> = ad.images.iter().collect();
        assert_eq!(unique.len(), ad.images.len());
        // Dates and ids.
        assert!(ad.published_at <= NOW && ad.published_at >= NOW - 90 * 86_400, "published {}", ad.published_at);
        assert!(ad.modified_at >= ad.published_at && ad.modified_at <= NOW);
        assert_eq!(ad.list_id, FIRST_LIST_ID + i as i64);
        if i > 0 {
            assert!(ad.published_at >= data.ads[i - 1].published_at);
        }
        let uuid = uuid::Uuid::parse_str(&ad.ad_id).expect("ad id is a UUID");
        assert_eq!(uuid.get_version_num(), 7);
        assert!(ad_ids.insert(ad.ad_id.clone()), "duplicate ad id");
        // Prices.
        let dh = ad.price.map(|p| p.centimes() / 100);
        if matches!(ad.ad_type.as_str(), "job_offer" | "job_request") {
            assert_eq!(dh, None, "jobs have no price");
        }
        if ad.delivery {
            assert_eq!(*vertical, Vertical::Market, "delivery is for goods");
        }
        if ad.category_id == 2010 && ad.ad_type == "sell" {
            let dh = dh.expect("a car for sale has a price");
            assert!((40_000..=600_000).contains(&dh) && dh % 500 == 0, "car at {dh} DH");
        }
        if ad.category_id == 1010 && ad.ad_type == "sell" {
            let dh = dh.expect("a flat for sale has a price");
            assert!((400_000..=3_500_000).contains(&dh) && dh % 5_000 == 0, "flat at {dh} DH");
        }
        if ad.category_id == 1010 && ad.ad_type == "rent" {
            let dh = dh.expect("a flat to rent has a price");
            assert!((2_000..=25_000).contains(&dh) && dh % 500 == 0, "rent at {dh} DH");
        }
        if ad.category_id == 5010 && ad.ad_type == "sell" {
            let dh = dh.expect("a phone for sale has a price");
            assert!((800..=15_000).contains(&dh), "phone at {dh} DH");
        }
    }

    // Every leaf has ads; cars, flats and phones lead; Casablanca leads.
    let mut per_leaf: BTreeMap<u32, usize> = leaves.keys().map(|id| (*id, 0)).collect();
    for ad in &data.ads {
        *per_leaf.entry(ad.category_id).or_default() += 1;
    }
    for (leaf, n) in &per_leaf {
        assert!(*n >= MIN_ADS_PER_LEAF, "leaf {leaf} has {n} ads");
    }
    let mut biggest: Vec<(usize, u32)> = per_leaf.iter().map(|(id, n)| (*n, *id)).collect();
    biggest.sort_unstable_by(|a, b| b.cmp(a));
    let top3: BTreeSet<u32> = biggest.iter().take(3).map(|(_, id)| *id).collect();
    assert_eq!(top3, BTreeSet::from([2010, 1010, 5010]));
    let mut per_city: BTreeMap<u32, usize> = BTreeMap::new();
    for ad in &data.ads {
        *per_city.entry(ad.city_id).or_default() += 1;
    }
    let casablanca = reference.cities.iter().find(|c| c.label.fr == "Casablanca").expect("Casablanca").id;
    assert_eq!(per_city.iter().max_by_key(|(_, n)| **n).map(|(id, _)| *id), Some(casablanca));

    // About 30 % Arabic, 92 % active, and a few of each flag.
    let share = |f: &dyn Fn(&Ad) -> bool| data.ads.iter().filter(|a| f(a)).count() as f64 / data.ads.len() as f64;
    let arabic = share(&|a| is_arabic(&a.title));
    assert!((0.22..=0.38).contains(&arabic), "{arabic} Arabic");
    assert!(data.ads.iter().all(|a| is_arabic(&a.title) == is_arabic(&a.description)), "one language per ad");
    let active = share(&|a| a.status == AdStatus::Active);
    assert!((0.89..=0.95).contains(&active), "{active} active");
    let statuses: BTreeSet<&str> = data.ads.iter().map(|a| a.status.as_str()).collect();
    assert_eq!(statuses.len(), 6, "{statuses:?}");
    let urgent = share(&|a| a.urgent);
    assert!((0.05..=0.11).contains(&urgent), "{urgent} urgent");
    let hidden = share(&|a| a.phone_hidden);
    assert!((0.07..=0.13).contains(&hidden), "{hidden} phone hidden");
    assert!(share(&|a| a.delivery) > 0.02);

    // Shops sell in their own vertical and city mostly; accounts are well formed.
    for demo in &data.accounts {
        let a = &demo.account;
        assert!(a.registered_at <= NOW - 90 * 86_400 && a.registered_at >= NOW - 731 * 86_400);
        assert_eq!(uuid::Uuid::parse_str(&a.uuid).expect("uuid").get_version_num(), 7);
        assert!(cities.contains(&a.city_id));
        match a.account_type {
            AccountType::Private => {
                assert!(a.email.is_none() && a.phone.is_some() && a.shop_category_id.is_none())
            }
            AccountType::Shop => {
                let category = a.shop_category_id.expect("shop category");
                let vertical = leaves.get(&category).map(|(_, v)| *v).expect("shop category is a leaf");
                assert!(a.email.is_some());
                let theirs: Vec<&Ad> = data.ads.iter().filter(|ad| ad.account_id == a.account_id).collect();
                assert!(theirs.len() >= 3, "{} has ads", a.name);
                assert!(
                    theirs.iter().all(|ad| leaves.get(&ad.category_id).map(|(_, v)| *v) == Some(vertical)),
                    "{} sells in its vertical",
                    a.name
                );
            }
        }
    }
    let privates = data.accounts.iter().filter(|a| a.account.account_type == AccountType::Private).count();
    assert!((12..=16).contains(&privates) && data.accounts.len() - privates >= 6);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_full_demo_seeds_in_reasonable_time() {
    let dir = temp_dir("full");
    let store = SqliteStore::open(dir.join("souk.db"), 2).expect("open store");
    let reference = reference();
    let started = Instant::now();
    let mut stage_ends: BTreeMap<&'static str, std::time::Duration> = BTreeMap::new();
    let outcome = seed_demo(&store, &reference, &dir.join("media"), 3_200, &mut |p| {
        stage_ends.insert(p.stage, started.elapsed());
    })
    .await
    .expect("seed");
    let elapsed = started.elapsed();
    eprintln!("seeded the full demo (3 200 ads, photos, accounts) in {elapsed:?}; stages ended at {stage_ends:?}");
    assert!(matches!(outcome, SeedOutcome::Seeded(ref s) if s.ads == 3_200));
    let total: u64 = store.count_ads_by_status().await.expect("count").iter().map(|(_, n)| n).sum();
    assert_eq!(total, 3_200);
    assert!(elapsed.as_secs() < 120, "{elapsed:?}");
    store.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every demo ad passes the ad form's four steps as a seller would have to: the same text,
/// parameter, location and price rules (`domain::ad_form`), so the demo shows only what the
/// form accepts.
#[test]
fn every_demo_ad_passes_the_ad_form() {
    use souk_domain::ad_form::{AdDraft, FormContext, PACK_PHOTOS, check_steps};
    let reference = reference();
    let data = generate(&reference, 3_200, DEMO_SEED, NOW, &ImageSet::standard());
    let areas_of = |city| reference.areas.iter().filter(|a| a.city_id == city).map(|a| a.id).collect::<Vec<_>>();
    let cx = FormContext {
        categories: &reference.categories,
        cars: &reference.cars,
        cities: &reference.cities,
        areas_of: &areas_of,
        max_photos: PACK_PHOTOS,
    };
    let mut failures = Vec::new();
    for ad in &data.ads {
        let draft = AdDraft {
            category_id: Some(ad.category_id),
            ad_type: Some(ad.ad_type.clone()),
            title: Some(ad.title.clone()),
            description: Some(ad.description.clone()),
            params: ad.params.clone(),
            urgent: ad.urgent,
            discount: ad.discount,
            delivery: ad.delivery,
            images: ad.images.clone(),
            video: None,
            city_id: Some(ad.city_id),
            area_id: ad.area_id,
            price: ad.price,
            phone_hidden: ad.phone_hidden,
        };
        if let Err(e) = check_steps(4, &draft, &cx) {
            failures.push(format!("{} {} {:?}: {e}", ad.category_id, ad.ad_type, ad.title));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} demo ads fail the form, e.g. {:#?}",
        failures.len(),
        data.ads.len(),
        &failures[..failures.len().min(8)]
    );
}

/// The demo's boosts (`demo::boosts`): a few percent of the full demo's active ads with photos
/// run a pack of every kind, spread over every vertical, many categories and cities, and every
/// demo account; each pack is a catalogue length, started after its ad was published and still
/// running. The same data and time give the same packs.
#[test]
fn the_full_demo_boosts_a_few_percent_of_its_ads_with_running_packs() {
    use souk_domain::ad::VasPackKind;
    use souk_services::demo::boosts::{BOOSTED_PERCENT, running_packs};
    let (reference, data) = full_demo();
    let packs = running_packs(&data, &reference, NOW);
    assert_eq!(packs, running_packs(&data, &reference, NOW), "deterministic");
    let by_id: BTreeMap<&str, &Ad> = data.ads.iter().map(|a| (a.ad_id.as_str(), a)).collect();
    let eligible = data.ads.iter().filter(|a| a.status == AdStatus::Active && !a.images.is_empty()).count();
    let share = packs.len() * 100 / eligible;
    assert!((BOOSTED_PERCENT - 1..=BOOSTED_PERCENT + 2).contains(&share), "{} packs of {eligible}", packs.len());
    let mut kinds = BTreeMap::new();
    let (mut verticals, mut categories, mut cities, mut owners) =
        (BTreeSet::new(), BTreeSet::new(), BTreeSet::new(), BTreeSet::new());
    for p in &packs {
        let ad = by_id[p.ad_id.as_str()];
        assert_eq!(ad.status, AdStatus::Active);
        assert!(!ad.images.is_empty(), "spec §5: a pack requires a photo");
        assert!(p.start >= ad.published_at + 86_400, "a pack starts a day after payment at the earliest");
        assert!(p.start < NOW && p.end > NOW + 3_600, "running: {p:?}");
        let days = (p.end - p.start) / 86_400;
        assert!(
            souk_domain::packs::PACKS.iter().any(|o| o.kind == p.kind && i64::from(o.days) == days),
            "{days} days of {:?} is in the catalogue",
            p.kind
        );
        assert_eq!(p.bumped_at.is_some(), p.kind.bumps());
        if let Some(at) = p.bumped_at {
            assert!(at >= p.start && at <= NOW && NOW - at < 86_400, "bumped within the last day: {p:?}");
        }
        *kinds.entry(p.kind.as_str()).or_insert(0) += 1;
        verticals.insert(reference.categories.vertical_of(ad.category_id).map(|v| v as u8));
        categories.insert(ad.category_id);
        cities.insert(ad.city_id);
        owners.insert(ad.account_id);
    }
    assert_eq!(packs.iter().map(|p| &p.ad_id).collect::<BTreeSet<_>>().len(), packs.len(), "one pack per ad");
    for kind in [VasPackKind::Gallery, VasPackKind::Special, VasPackKind::Highlight, VasPackKind::Bump] {
        assert!(kinds.get(kind.as_str()).copied().unwrap_or(0) >= 5, "{kinds:?}");
    }
    let premium = packs.iter().filter(|p| p.kind.is_premium()).count();
    assert!(premium * 2 >= packs.len(), "premium ads are about half: {kinds:?}");
    assert_eq!(verticals.len(), Vertical::ALL.len(), "every vertical");
    assert!(categories.len() >= 40 && cities.len() >= 15, "{} categories, {} cities", categories.len(), cities.len());
    assert_eq!(owners.len(), data.accounts.len(), "every demo login has a boosted ad");
}

/// Seeded, the demo answers the home's premium query and fills the listings' premium slots:
/// the store's running premium ads are the demo's gallery and special packs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seeded_demo_has_running_premium_ads() {
    let dir = temp_dir("boosts");
    let store = SqliteStore::open(dir.join("souk.db"), 2).expect("open store");
    let reference = reference();
    let mut stages = BTreeSet::new();
    let outcome = seed_demo(&store, &reference, &dir.join("media"), 600, &mut |p| {
        stages.insert(p.stage);
    })
    .await
    .expect("seed");
    let SeedOutcome::Seeded(summary) = outcome else { panic!("expected a seed, got {outcome:?}") };
    assert!(stages.contains("boosts"), "{stages:?}");
    assert!(summary.boosted >= 20, "{} boosted ads", summary.boosted);
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).expect("clock").as_secs() as i64;
    let premium = store.premium_ads(now, 8).await.expect("premium ads");
    assert_eq!(premium.len(), 8, "the home's premium section is full");
    assert!(premium.iter().all(|a| a.ad.status == AdStatus::Active && !a.ad.images.is_empty()));
    let (packs, listed_premium, boosted_until): (i64, i64, i64) = store
        .read(move |c| {
            Ok((
                c.query_row(
                    "SELECT count(*) FROM ad_vas_packs WHERE start_date <= ?1 AND end_date > ?1",
                    [now],
                    |r| r.get(0),
                )?,
                c.query_row(
                    "SELECT count(*) FROM search_listing WHERE premium_from <= ?1 AND premium_until > ?1",
                    [now],
                    |r| r.get(0),
                )?,
                c.query_row("SELECT count(*) FROM ads WHERE boosted_until > ?1", [now], |r| r.get(0))?,
            ))
        })
        .await
        .expect("packs");
    assert_eq!(packs as usize, summary.boosted, "every pack runs now");
    assert_eq!(boosted_until, packs, "each boosted ad says until when");
    assert!(listed_premium >= 8, "the listing's premium slots have {listed_premium} ads to show");
    store.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}
