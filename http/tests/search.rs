//! Search and browse through the real server and a real SQLite store: `searchAds` with
//! accent and Arabic folding, FTS operators taken as plain words, category subtrees, filters,
//! sorts, premium slots (gallery and special packs while they run), location extension, facets, the index following ad changes, and
//! every kind of bad input answered with a catalogue code.

mod common;

use common::{TestServer, active_ad, code, now, start};
use reqwest::StatusCode;
use serde_json::{Value, json};
use souk_domain::ad::{Ad, AdStatus, ParamValue, VasPack};
use souk_domain::money::Money;
use souk_storage::ads::{AdChange, AdStore};
use std::collections::BTreeMap;

const SEARCH: &str = "query($f: SearchFiltersInput, $o: Int, $l: Int, $s: SearchSortInput) {
  searchAds(filters: $f, offset: $o, limit: $l, sort: $s) {
    ads { listId title price { value } city { id } category { id } }
    premium { listId }
    total totalCapped extended offset limit
    facets { categories { id name count } cities { id name count } }
  } }";

async fn call(s: &TestServer, lang: &str, query: &str, variables: Value) -> Value {
    s.gql_ok(&[("Accept-Language", lang)], query, variables).await
}

async fn search(s: &TestServer, vars: Value) -> Value {
    call(s, "fr", SEARCH, vars).await
}

fn ids(body: &Value) -> Vec<i64> {
    body["data"]["searchAds"]["ads"]
        .as_array()
        .map(|a| a.iter().filter_map(|x| x["listId"].as_i64()).collect())
        .unwrap_or_default()
}

async fn account(s: &TestServer, kind: &str, phone: &str) -> i64 {
    let q = "mutation($i: RegisterAccountInput!) { registerAccount(input: $i) { info { id } } }";
    let input = if kind == "shop" {
        json!({ "type": "shop", "name": "Auto Atlas", "email": format!("{phone}@shop.ma"), "phone": phone, "cityId": 1, "password": "secret1", "shopCategory": 2010, "plan": "premium" })
    } else {
        json!({ "type": "private", "name": "Youssef Alami", "phone": phone, "cityId": 1, "password": "secret1", "passwordConfirmation": "secret1" })
    };
    let body = call(s, "fr", q, json!({ "i": input })).await;
    body["data"]["registerAccount"]["info"]["id"].as_i64().expect("account id")
}

struct Seed {
    list_id: i64,
    owner: i64,
    category: u32,
    city: u32,
    title: &'static str,
    price: Option<i64>,
    params: Vec<(&'static str, ParamValue)>,
    rank: i64,
    urgent: bool,
    photos: bool,
}

fn ad(s: Seed) -> Ad {
    Ad {
        description: "Très bon état, à voir".into(),
        price: s.price.map(Money::from_dirhams),
        params: s.params.into_iter().map(|(k, v)| (k.to_string(), v)).collect::<BTreeMap<_, _>>(),
        urgent: s.urgent,
        images: if s.photos { vec!["demo/x.jpg".into()] } else { vec![] },
        ..active_ad(&format!("s-{}", s.list_id), s.list_id, s.owner, s.category, s.city, s.title, s.rank)
    }
}

/// Seeds a small marketplace: cars and phones in Casablanca, one flat in Fès, Arabic titles.
async fn seed(s: &TestServer) -> (i64, i64) {
    let private = account(s, "private", "0612345678").await;
    let shop = account(s, "shop", "0698765432").await;
    let t = now() - 10_000;
    let base = |list_id, owner, category, city, title, price| Seed {
        list_id,
        owner,
        category,
        city,
        title,
        price,
        params: vec![],
        rank: t + list_id % 1000,
        urgent: false,
        photos: true,
    };
    let ads = vec![
        ad(Seed {
            params: vec![
                ("brand", ParamValue::Text("Peugeot".into())),
                ("year", ParamValue::Number(2018)),
                ("mileage", ParamValue::Number(90_000)),
            ],
            ..base(900001, shop, 2010, 1, "Peugeot 208 diesel", Some(95_000))
        }),
        ad(Seed {
            params: vec![("brand", ParamValue::Text("Dacia".into())), ("year", ParamValue::Number(2012))],
            urgent: true,
            ..base(900002, private, 2010, 1, "Dacia Logan économique", Some(45_000))
        }),
        ad(Seed { photos: false, ..base(900003, private, 5010, 1, "Téléphone Samsung Galaxy", Some(2_500)) }),
        ad(base(900004, private, 5010, 1, "هاتف سامسونج جديد", Some(3_000))),
        ad(base(900005, private, 2020, 1, "Moto Yamaha NEAR Casablanca", Some(20_000))),
        ad(Seed {
            params: vec![("rooms", ParamValue::Number(3)), ("surface", ParamValue::Number(85))],
            ..base(900006, private, 1010, 2, "Appartement à Fès, 3 pièces", Some(650_000))
        }),
        ad(base(900007, private, 6020, 1, "مكتبة خشبية كبيرة", None)),
        ad(base(900008, private, 6020, 1, "Étagère en chêne massif", Some(800))),
    ];
    s.store.insert_ads(ads).await.expect("seed ads");
    (private, shop)
}

#[actix_web::test]
async fn keywords_fold_accents_and_arabic_and_operators_are_plain_words() {
    let s = start("search-keywords", |_| {}).await;
    seed(&s).await;
    let by = |k: &str| json!({ "f": { "keyword": k } });
    assert_eq!(ids(&search(&s, by("etagere CHENE")).await), vec![900008]);
    assert_eq!(ids(&search(&s, by("Économique")).await), vec![900002]);
    // ة and ه meet, as do the words typed with or without diacritics.
    assert_eq!(ids(&search(&s, by("مكتبه")).await), vec![900007]);
    // "هاتف" is the vocabulary's "telephone" (issue 32): the Arabic and the French phone.
    let mut phones = ids(&search(&s, by("هَاتِف")).await);
    phones.sort_unstable();
    assert_eq!(phones, vec![900003, 900004]);
    // FTS syntax is nothing but words: NEAR is a word of 900005's title.
    assert_eq!(ids(&search(&s, by("NEAR")).await), vec![900005]);
    for nasty in [
        "\"",
        "\"peugeot",
        "peugeot*",
        "a OR b",
        "NEAR(a b)",
        "title:peugeot",
        "-dacia ^",
        "(((",
        "'; DROP TABLE ads; --",
        "*",
        "\u{0}",
    ] {
        let body = search(&s, by(nasty)).await;
        assert!(body["errors"].is_null(), "{nasty}: {body}");
    }
    assert_eq!(ids(&search(&s, by("\"peugeot\" OR\"")).await), Vec::<i64>::new(), "OR is a required word");
    assert_eq!(ids(&search(&s, by("peugeot*")).await), vec![900001]);
    // A keyword without any word is no keyword: everything.
    assert_eq!(search(&s, by(" \"*\" ")).await["data"]["searchAds"]["total"], 8);

    // A keyword inside a category and a place: the category (with its children), the vertical
    // and the city narrow the match; a word never matches a place or category token.
    let within = |k: &str, f: Value| {
        let mut f = f;
        f["keyword"] = json!(k);
        json!({ "f": f })
    };
    assert_eq!(ids(&search(&s, within("peugeot", json!({ "categoryId": 2010, "cityId": 1 }))).await), vec![900001]);
    assert_eq!(ids(&search(&s, within("peugeot", json!({ "vertical": "vehicles", "cityId": 1 }))).await), vec![900001]);
    assert_eq!(ids(&search(&s, within("peugeot", json!({ "categoryId": 2000 }))).await), vec![900001]);
    assert_eq!(ids(&search(&s, within("peugeot", json!({ "categoryId": 5010 }))).await), Vec::<i64>::new());
    assert_eq!(ids(&search(&s, within("appartement", json!({ "cityId": 2 }))).await), vec![900006]);
    // Inside a city: the city's cells alone, a level-1 category's (OR of its categories), the
    // words all required, and nothing of another category.
    assert_eq!(ids(&search(&s, within("peugeot", json!({ "cityId": 1 }))).await), vec![900001]);
    assert_eq!(ids(&search(&s, within("peugeot", json!({ "categoryId": 2000, "cityId": 1 }))).await), vec![900001]);
    assert_eq!(ids(&search(&s, within("208 PEUGEOT", json!({ "categoryId": 2010, "cityId": 1 }))).await), vec![900001]);
    assert_eq!(ids(&search(&s, within("peugeot dacia", json!({ "cityId": 1 }))).await), Vec::<i64>::new());
    assert_eq!(
        ids(&search(&s, within("samsung", json!({ "categoryId": 2010, "cityId": 1 }))).await),
        Vec::<i64>::new()
    );
    assert_eq!(ids(&search(&s, within("مكتبه", json!({ "categoryId": 6020, "cityId": 1 }))).await), vec![900007]);
    // None in Casablanca nor its region: the search widens through the region to the country.
    let casa = search(&s, within("appartement", json!({ "cityId": 1 }))).await;
    assert_eq!(casa["data"]["searchAds"]["extended"], "COUNTRY", "{casa}");
    assert_eq!(ids(&casa), vec![900006]);
    assert_eq!(ids(&search(&s, by("c1")).await), Vec::<i64>::new(), "place tokens are not words");
    assert_eq!(ids(&search(&s, by("k2010")).await), Vec::<i64>::new(), "category tokens are not words");
    assert_eq!(ids(&search(&s, by("c1_peugeot")).await), Vec::<i64>::new(), "cell tokens are not words");
    let cell = within("k2010c1_peugeot", json!({ "categoryId": 2010, "cityId": 1 }));
    assert_eq!(ids(&search(&s, cell).await), Vec::<i64>::new(), "nor inside a city");
}

#[actix_web::test]
async fn categories_include_children_and_filters_apply() {
    let s = start("search-filters", |_| {}).await;
    let (_, shop) = seed(&s).await;
    let total = |b: &Value| b["data"]["searchAds"]["total"].as_u64().unwrap_or(999);
    // A level-1 category (vehicles and accessories) covers cars and motorbikes; a vertical too.
    assert_eq!(total(&search(&s, json!({ "f": { "categoryId": 2000 } })).await), 3);
    assert_eq!(total(&search(&s, json!({ "f": { "vertical": "vehicles" } })).await), 3);
    assert_eq!(total(&search(&s, json!({ "f": { "categoryId": 2010 } })).await), 2);
    assert_eq!(ids(&search(&s, json!({ "f": { "categoryId": 2010, "priceMax": 50000 } })).await), vec![900002]);
    assert_eq!(ids(&search(&s, json!({ "f": { "brand": "PEUGEOT" } })).await), vec![900001]);
    assert_eq!(ids(&search(&s, json!({ "f": { "yearMin": 2015, "mileageMax": 100000 } })).await), vec![900001]);
    assert_eq!(ids(&search(&s, json!({ "f": { "roomsMin": 3, "surfaceMin": 80 } })).await), vec![900006]);
    assert_eq!(ids(&search(&s, json!({ "f": { "urgent": true } })).await), vec![900002]);
    assert_eq!(ids(&search(&s, json!({ "f": { "seller": "SHOP" } })).await), vec![900001]);
    assert_eq!(total(&search(&s, json!({ "f": { "seller": "PRIVATE" } })).await), 7);
    assert_eq!(total(&search(&s, json!({ "f": { "withPhotos": true, "categoryId": 5010 } })).await), 1);
    assert_eq!(total(&search(&s, json!({ "f": { "verifiedSeller": true } })).await), 0);
    assert_eq!(total(&search(&s, json!({ "f": { "adType": "sell", "cityId": 1 } })).await), 7);
    let _ = shop;

    // Sorts: price ascending and descending; ads without a price last.
    let asc = ids(&search(&s, json!({ "f": { "cityId": 1 }, "s": "PRICE_ASC" })).await);
    assert_eq!(asc, vec![900008, 900003, 900004, 900005, 900002, 900001, 900007]);
    let desc = ids(&search(&s, json!({ "f": { "cityId": 1 }, "s": "PRICE_DESC" })).await);
    assert_eq!(desc.first(), Some(&900001));
    let newest = ids(&search(&s, json!({ "s": "NEWEST" })).await);
    assert_eq!(newest.first(), Some(&900008));

    // Offset pagination.
    let page2 = search(&s, json!({ "f": { "cityId": 1 }, "s": "PRICE_ASC", "o": 3, "l": 3 })).await;
    assert_eq!(ids(&page2), vec![900005, 900002, 900001]);
    assert_eq!(page2["data"]["searchAds"]["total"], 7);

    // Facets by category and city.
    let all = search(&s, json!({})).await;
    let cities = &all["data"]["searchAds"]["facets"]["cities"];
    assert_eq!(cities[0]["id"], 1);
    assert_eq!(cities[0]["count"], 7);
    assert_eq!(cities[1]["name"], "Fès");
    let cats = all["data"]["searchAds"]["facets"]["categories"].as_array().cloned().unwrap_or_default();
    assert!(cats.iter().any(|c| c["id"] == 5010 && c["count"] == 2), "{cats:?}");
}

#[actix_web::test]
async fn a_thin_city_extends_to_its_region_then_the_country() {
    let s = start("search-extend", |_| {}).await;
    let (private, _) = seed(&s).await;
    // Casablanca has 7 ads: no extension.
    let casa = search(&s, json!({ "f": { "cityId": 1 } })).await;
    assert!(casa["data"]["searchAds"]["extended"].is_null());
    // Meknès (region Fès-Meknès) has none; its region has 1 (Fès): still too few, so the country.
    let meknes = search(&s, json!({ "f": { "cityId": 6 } })).await;
    assert_eq!(meknes["data"]["searchAds"]["extended"], "COUNTRY");
    assert_eq!(meknes["data"]["searchAds"]["total"], 8);
    // Enough in the region: it stops there.
    let more: Vec<Ad> = (0..5)
        .map(|i| {
            ad(Seed {
                list_id: 910000 + i,
                owner: private,
                category: 6020,
                city: 2,
                title: "Chaise",
                price: Some(100),
                params: vec![],
                rank: now() - 100,
                urgent: false,
                photos: true,
            })
        })
        .collect();
    s.store.insert_ads(more).await.expect("more");
    let meknes = search(&s, json!({ "f": { "cityId": 6 } })).await;
    assert_eq!(meknes["data"]["searchAds"]["extended"], "REGION");
    assert_eq!(meknes["data"]["searchAds"]["total"], 6);
    // An area with nothing widens to its city.
    let area = search(&s, json!({ "f": { "cityId": 1, "areaId": 101 } })).await;
    assert_eq!(area["data"]["searchAds"]["extended"], "CITY");
}

#[actix_web::test]
async fn the_index_follows_ad_changes_and_premium_ads_take_the_first_slots() {
    let s = start("search-follow", |_| {}).await;
    seed(&s).await;
    let t = now();
    // Deactivated: out of the index. Back active: in again, on top (rank time refreshed).
    s.store
        .apply_change(AdChange {
            status: Some(AdStatus::Deactivated),
            ..AdChange::new("s-900001", AdStatus::Active, t)
        })
        .await
        .expect("deactivate");
    assert_eq!(ids(&search(&s, json!({ "f": { "keyword": "peugeot" } })).await), Vec::<i64>::new());
    s.store
        .apply_change(AdChange {
            status: Some(AdStatus::Active),
            ..AdChange::new("s-900001", AdStatus::Deactivated, t + 5)
        })
        .await
        .expect("activate");
    assert_eq!(ids(&search(&s, json!({ "s": "NEWEST" })).await).first(), Some(&900001));

    // A gallery pack makes an ad premium on every page of the searches it matches.
    s.store
        .add_vas_pack("s-900003", VasPack { name: "gallery".into(), start_date: t - 60, end_date: t + 86_400 }, None)
        .await
        .expect("pack");
    let body = search(&s, json!({ "f": { "categoryId": 5010 } })).await;
    assert_eq!(body["data"]["searchAds"]["premium"][0]["listId"], 900003);
    let other = search(&s, json!({ "f": { "categoryId": 2010 } })).await;
    assert_eq!(other["data"]["searchAds"]["premium"].as_array().map(Vec::len), Some(0));
}

fn premium(body: &Value) -> Vec<i64> {
    body["data"]["searchAds"]["premium"]
        .as_array()
        .map(|a| a.iter().filter_map(|x| x["listId"].as_i64()).collect())
        .unwrap_or_default()
}

#[actix_web::test]
async fn a_special_pack_takes_a_premium_slot_while_it_runs_and_other_packs_do_not() {
    let s = start("search-special", |_| {}).await;
    seed(&s).await;
    let t = now();
    let day = 86_400;
    // Through the ads service, as payments apply packs.
    let apply = |ad: &'static str, kind, start: i64, end: i64| {
        let ads = s.state.ads.clone();
        async move { ads.apply_pack(ad, kind, start, end).await.expect("pack") }
    };
    use souk_domain::ad::VasPackKind::{Bump, Highlight, Special};
    apply("s-900007", Special, t - 60, t + day).await;
    apply("s-900008", Highlight, t - 60, t + day).await;
    apply("s-900008", Special, t - 3 * day, t - day).await; // over
    apply("s-900001", Bump, t - 60, t + day).await;
    apply("s-900002", Special, t + 3_600, t + day).await; // not started

    let furniture = search(&s, json!({ "f": { "categoryId": 6020 } })).await;
    assert_eq!(premium(&furniture), vec![900007], "the running special pack: {furniture}");
    let mut both = ids(&furniture);
    both.sort();
    assert_eq!(both, vec![900007, 900008], "premium ads stay in the results too");
    let cars = search(&s, json!({ "f": { "categoryId": 2010 } })).await;
    assert_eq!(premium(&cars), Vec::<i64>::new(), "a bump and a special not yet started: {cars}");
    // The slots follow the search's filters: a keyword the special ad does not match.
    let oak = search(&s, json!({ "f": { "keyword": "chene" } })).await;
    assert_eq!((ids(&oak), premium(&oak)), (vec![900008], vec![]), "{oak}");
    // Everything: the special ad, and no ad of another pack.
    let all = search(&s, json!({})).await;
    assert_eq!(premium(&all), vec![900007], "{all}");
}

#[actix_web::test]
async fn bad_input_gets_catalogue_codes_never_a_failure() {
    let s = start("search-bad", |_| {}).await;
    seed(&s).await;
    let cases = [
        (json!({ "f": { "priceMin": -1 } }), "INVALID_PRICE_RANGE"),
        (json!({ "f": { "priceMax": 9_000_000_000_000i64 } }), "INVALID_PRICE_RANGE"),
        (json!({ "f": { "priceMin": 500, "priceMax": 100 } }), "INVALID_PRICE_RANGE"),
        (json!({ "f": { "yearMin": -2020 } }), "INVALID_SEARCH_RANGE"),
        (json!({ "f": { "categoryId": 424242 } }), "CATEGORY_NOT_FOUND"),
        (json!({ "f": { "vertical": "spaceships" } }), "CATEGORY_NOT_FOUND"),
        (json!({ "f": { "cityId": 99999 } }), "CITY_NOT_FOUND"),
        (json!({ "f": { "regionId": 99 } }), "CITY_NOT_FOUND"),
        (json!({ "f": { "cityId": 2, "areaId": 101 } }), "AREA_NOT_FOUND"),
        (json!({ "f": { "adType": "teleport" } }), "INVALID_AD_TYPE"),
        (json!({ "o": -5 }), "INVALID_OFFSET"),
        (json!({ "o": 2_147_483_649i64 }), "INVALID_OFFSET"),
        (json!({ "l": 0 }), "INVALID_ARGUMENT"),
        (json!({ "l": 1000 }), "INVALID_ARGUMENT"),
    ];
    for (vars, expected) in cases {
        let body = search(&s, vars.clone()).await;
        assert_eq!(code(&body), expected, "{vars}: {body}");
    }
    // The Arabic wording comes with the code.
    let ar = call(&s, "ar", SEARCH, json!({ "f": { "priceMin": -1 } })).await;
    let msg = ar["errors"][0]["message"].as_str().unwrap_or("");
    assert!(msg.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)), "{ar}");
    // The largest offset allowed is an empty page, not an error.
    let far = search(&s, json!({ "o": 2_147_483_648i64 })).await;
    assert_eq!(ids(&far), Vec::<i64>::new());
    // A malformed offset (not a number) is a validation error of the gateway, never a 500.
    let (status, body) = s.gql("/graphql", &[], "query { searchAds(offset: \"abc\") { total } }", json!({})).await;
    assert!(status.is_client_error() || status == StatusCode::OK, "{status} {body}");
    assert!(!body["errors"].is_null());
}

#[actix_web::test]
async fn the_index_follows_its_sellers_status_shop_and_verified_flag() {
    use souk_domain::account::{AccountStatus, AccountType};
    use souk_storage::accounts::AccountStore;
    // Seller changes (status, verified flag, shop conversion) go through the store's writes,
    // which keep the index (no trigger since migration 29) and move its generation.
    let s = start("search-sellers", |c| c.search.listing_cache_ms = 0).await;
    let (private, shop) = seed(&s).await;
    let cars = json!({ "f": { "categoryId": 2010 }, "s": "NEWEST" });
    assert_eq!(ids(&search(&s, cars.clone()).await), vec![900002, 900001]);

    // A disabled account's ads leave the results; re-enabled, they come back.
    s.store.set_account_status(shop, AccountStatus::Disabled).await.expect("disable");
    assert_eq!(ids(&search(&s, cars.clone()).await), vec![900002]);
    assert_eq!(ids(&search(&s, json!({ "f": { "keyword": "peugeot" } })).await), Vec::<i64>::new());
    s.store.set_account_status(shop, AccountStatus::Active).await.expect("enable");
    assert_eq!(ids(&search(&s, cars.clone()).await), vec![900002, 900001]);
    assert_eq!(ids(&search(&s, json!({ "f": { "keyword": "peugeot" } })).await), vec![900001]);

    // The verified flag and the seller kind follow the seller without touching the ads.
    let verified = json!({ "f": { "categoryId": 2010, "verifiedSeller": true } });
    assert_eq!(ids(&search(&s, verified.clone()).await), Vec::<i64>::new());
    s.store.set_verified_seller(shop, true).await.expect("verify");
    assert_eq!(ids(&search(&s, verified).await), vec![900001]);
    let shops = json!({ "f": { "categoryId": 2010, "seller": "SHOP" } });
    assert_eq!(ids(&search(&s, shops.clone()).await), vec![900001]);
    s.store.set_account_type(private, AccountType::Shop).await.expect("convert");
    let mut both = ids(&search(&s, shops).await);
    both.sort();
    assert_eq!(both, vec![900001, 900002]);
}
