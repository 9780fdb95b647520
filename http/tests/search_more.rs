//! More of Search and browse through the real server: the delivery, hotdeal, model and region
//! filters, the relevance order, premium ads on pages after the first, the Vehicle and
//! Residence JSON-LD of ad pages, and shop pages of one category (`/boutique/{name}/{category}`
//! and `getShop(categoryId)`).

mod common;

use common::{TestServer, active_ad, now, start};
use reqwest::StatusCode;
use serde_json::{Value, json};
use souk_domain::ad::{Ad, ParamValue, VasPack};
use souk_domain::money::Money;
use souk_storage::ads::AdStore;
use std::collections::BTreeMap;

const SEARCH: &str = "query($f: SearchFiltersInput, $o: Int, $l: Int, $s: SearchSortInput) {
  searchAds(filters: $f, offset: $o, limit: $l, sort: $s) { ads { listId } premium { listId } total extended } }";

async fn gql(s: &TestServer, query: &str, variables: Value) -> Value {
    s.gql_ok(&[("Accept-Language", "fr")], query, variables).await
}

fn ids(body: &Value, field: &str) -> Vec<i64> {
    body["data"]["searchAds"][field]
        .as_array()
        .map(|a| a.iter().filter_map(|x| x["listId"].as_i64()).collect())
        .unwrap_or_else(|| panic!("{field} in {body}"))
}

async fn search(s: &TestServer, vars: Value) -> Vec<i64> {
    ids(&gql(s, SEARCH, vars).await, "ads")
}

/// An active ad with what these tests vary.
struct Item {
    list_id: i64,
    owner: i64,
    category: u32,
    city: u32,
    title: &'static str,
    description: &'static str,
    params: Vec<(&'static str, ParamValue)>,
    delivery: bool,
    discount: Option<u8>,
    age: i64,
}

fn item(list_id: i64, owner: i64, category: u32, city: u32, title: &'static str) -> Item {
    Item {
        list_id,
        owner,
        category,
        city,
        title,
        description: "Très bon état général",
        params: vec![],
        delivery: false,
        discount: None,
        age: 1000 - list_id % 1000,
    }
}

fn ad(i: Item) -> Ad {
    let at = now() - i.age;
    Ad {
        description: i.description.into(),
        price: Some(Money::from_dirhams(1_000 + i.list_id % 1000)),
        params: i.params.into_iter().map(|(k, v)| (k.to_string(), v)).collect::<BTreeMap<_, _>>(),
        delivery: i.delivery,
        images: vec!["demo/x.jpg".into()],
        discount: i.discount,
        ..active_ad(&format!("m-{}", i.list_id), i.list_id, i.owner, i.category, i.city, i.title, at)
    }
}

async fn shop(s: &TestServer) -> (i64, String) {
    let q = "mutation($i: RegisterAccountInput!) { registerAccount(input: $i) { info { id storeId } } }";
    let input = json!({ "type": "shop", "name": "Moto Souss", "email": "souss@shop.ma", "phone": "0698700001", "cityId": 10, "password": "secret1", "shopCategory": 2020, "plan": "premium" });
    let body = gql(s, q, json!({ "i": input })).await;
    let info = &body["data"]["registerAccount"]["info"];
    (info["id"].as_i64().expect("id"), format!("moto-souss-{}", info["storeId"].as_i64().expect("store")))
}

#[actix_web::test]
async fn delivery_hotdeal_model_and_region_filters() {
    let s = start("search-more-filters", |_| {}).await;
    let (owner, _) = shop(&s).await;
    let peugeot = |model: &str| {
        vec![("brand", ParamValue::Text("Peugeot".into())), ("model", ParamValue::Text(model.to_string()))]
    };
    s.store
        .insert_ads(vec![
            ad(Item { params: peugeot("208"), delivery: true, ..item(940_001, owner, 2010, 1, "Peugeot citadine") }),
            ad(Item { params: peugeot("3008"), discount: Some(15), ..item(940_002, owner, 2010, 15, "Peugeot SUV") }),
            ad(Item { params: peugeot("208"), ..item(940_003, owner, 2010, 2, "Peugeot 208 Fès") }),
            ad(item(940_004, owner, 6020, 7, "Armoire")),
            ad(item(940_005, owner, 2010, 17, "Renault Clio El Jadida")),
            ad(item(940_006, owner, 2010, 17, "Dacia Sandero El Jadida")),
            ad(item(940_007, owner, 2010, 23, "Fiat Tipo Settat")),
        ])
        .await
        .expect("seed");
    let sorted = |mut v: Vec<i64>| {
        v.sort_unstable();
        v
    };
    assert_eq!(search(&s, json!({ "f": { "delivery": true } })).await, [940_001]);
    assert_eq!(search(&s, json!({ "f": { "hotdeal": true } })).await, [940_002]);
    assert_eq!(sorted(search(&s, json!({ "f": { "model": "208" } })).await), [940_001, 940_003]);
    assert_eq!(search(&s, json!({ "f": { "brand": "peugeot", "model": "3008" } })).await, [940_002]);
    assert_eq!(search(&s, json!({ "f": { "model": "clio" } })).await, Vec::<i64>::new());
    // Region 6 (Casablanca-Settat) holds Casablanca, Mohammedia, El Jadida and Settat: five cars,
    // enough not to widen; region 3 (Fès) has one, so it widens to the country and says so.
    let region = |r: u32| json!({ "f": { "regionId": r, "categoryId": 2010 } });
    let body = gql(&s, SEARCH, region(6)).await;
    assert_eq!(sorted(ids(&body, "ads")), [940_001, 940_002, 940_005, 940_006, 940_007]);
    assert!(body["data"]["searchAds"]["extended"].is_null(), "{body}");
    let body = gql(&s, SEARCH, region(3)).await;
    assert_eq!(body["data"]["searchAds"]["extended"], "COUNTRY", "{body}");
    assert_eq!(ids(&body, "ads").len(), 6);
    assert_eq!(search(&s, json!({ "f": { "regionId": 6, "delivery": true, "model": "208" } })).await, [940_001]);
    assert_eq!(search(&s, json!({ "f": { "delivery": false } })).await.len(), 7, "false means any");
}

#[actix_web::test]
async fn relevance_orders_by_the_words_and_premium_ads_rotate_over_pages() {
    let s = start("search-more-relevance", |_| {}).await;
    let (owner, _) = shop(&s).await;
    s.store
        .insert_ads(vec![
            // The most relevant is the oldest: relevance and newest disagree.
            ad(Item {
                description: "Scooter scooter révisé, scooter de ville",
                age: 5000,
                ..item(941_001, owner, 2020, 10, "Scooter Yamaha scooter")
            }),
            ad(Item {
                description: "Livré avec un casque de scooter",
                age: 10,
                ..item(941_002, owner, 2020, 10, "Moto 125")
            }),
            ad(Item { age: 100, ..item(941_003, owner, 2020, 10, "Scooter électrique") }),
        ])
        .await
        .expect("seed");
    let relevance = search(&s, json!({ "f": { "keyword": "scooter" }, "s": "RELEVANCE" })).await;
    assert_eq!(relevance, [941_001, 941_003, 941_002], "most occurrences first");
    let newest = search(&s, json!({ "f": { "keyword": "scooter" }, "s": "NEWEST" })).await;
    assert_eq!(newest, [941_002, 941_003, 941_001]);
    // Inside a city the words are read from the city's cells (alone, with the leaf category, or
    // the OR of a level-1 category's or a vertical's cells), in a category of the whole country
    // from the category's cells, in a region from the words and scope tokens: the same matches,
    // the same order.
    let region = s.state.catalog.cities().iter().find(|c| c.id == 10).map(|c| c.region_id).expect("city 10");
    for f in [
        json!({ "keyword": "scooter", "categoryId": 2020 }),
        json!({ "keyword": "scooter", "vertical": "vehicles" }),
        json!({ "keyword": "scooter", "regionId": region, "categoryId": 2020 }),
        json!({ "keyword": "scooter", "cityId": 10 }),
        json!({ "keyword": "scooter", "cityId": 10, "categoryId": 2020 }),
        json!({ "keyword": "scooter", "cityId": 10, "categoryId": 2000 }),
        json!({ "keyword": "scooter", "cityId": 10, "vertical": "vehicles" }),
    ] {
        assert_eq!(search(&s, json!({ "f": f, "s": "RELEVANCE" })).await, [941_001, 941_003, 941_002], "{f}");
    }
    assert_eq!(search(&s, json!({ "f": { "keyword": "scooter", "cityId": 10, "categoryId": 2030 } })).await.len(), 0);
    // Two words: the rarer one weighs more. "casque" is in three ads, "scooter" in five; the ad
    // saying "casque" three times beats the newer one saying "scooter" three times.
    s.store
        .insert_ads(vec![
            ad(Item { description: "scooter scooter", age: 20, ..item(941_010, owner, 2020, 10, "Casque scooter") }),
            ad(Item { description: "casque casque", age: 30, ..item(941_011, owner, 2020, 10, "Casque scooter") }),
        ])
        .await
        .expect("casques");
    for f in [json!({ "keyword": "scooter casque" }), json!({ "keyword": "casque scooter", "cityId": 10 })] {
        assert_eq!(search(&s, json!({ "f": f, "s": "RELEVANCE" })).await, [941_011, 941_010, 941_002], "{f}");
    }

    // Five premium ads among twelve; pages of two: each page shows three premium slots, and
    // the slots rotate with the page so that later pages put other premium ads on top.
    let t = now();
    let more: Vec<Ad> = (0..9).map(|i| ad(item(941_100 + i, owner, 2030, 10, "Vélo de route"))).collect();
    s.store.insert_ads(more).await.expect("more");
    for i in [941_100, 941_101, 941_102, 941_103, 941_104] {
        s.store
            .add_vas_pack(
                &format!("m-{i}"),
                VasPack { name: "gallery".into(), start_date: t - 60, end_date: t + 86_400 },
                None,
            )
            .await
            .expect("pack");
    }
    let mut tops = Vec::new();
    for page in 0..5 {
        let body = gql(&s, SEARCH, json!({ "f": { "categoryId": 2030 }, "o": page * 2, "l": 2, "s": "NEWEST" })).await;
        let premium = ids(&body, "premium");
        assert_eq!(premium.len(), 3, "page {page}: {body}");
        assert!(premium.iter().all(|id| (941_100..=941_104).contains(id)), "page {page}: {premium:?}");
        tops.push(premium[0]);
    }
    tops.sort_unstable();
    tops.dedup();
    assert_eq!(tops.len(), 5, "every premium ad gets the top of some page: {tops:?}");
    // A filter that matches no premium ad has no premium slot on any page.
    let body = gql(&s, SEARCH, json!({ "f": { "categoryId": 2020 }, "o": 2, "l": 1 })).await;
    assert_eq!(ids(&body, "premium"), Vec::<i64>::new());
}

/// More matches than `COUNT_CAP` (1,000): the total says "at least", the premium ads come from
/// the live-premium index even when they are older than every ad the count read, and a keyword's
/// relevance ranks the 1,000 most recent matches, the older ones following newest first, so
/// that paging through the whole match shows every ad exactly once.
#[actix_web::test]
async fn a_capped_match_keeps_its_premium_ads_and_pages_through_every_match_once() {
    let s = start("search-more-capped", |_| {}).await;
    let (owner, _) = shop(&s).await;
    const N: i64 = 1_050;
    let first = 942_000;
    let ads: Vec<Ad> = (0..N)
        .map(|i| {
            let title = if i == 0 { "Vélo vélo vélo de course" } else { "Vélo de route" };
            ad(Item { age: 10_000 - i, ..item(first + i, owner, 2030, 12, title) })
        })
        .collect();
    s.store.insert_ads(ads).await.expect("seed");
    let t = now();
    // The two oldest ads carry a live gallery pack.
    for id in [first, first + 1] {
        s.store
            .add_vas_pack(
                &format!("m-{id}"),
                VasPack { name: "gallery".into(), start_date: t - 60, end_date: t + 86_400 },
                None,
            )
            .await
            .expect("pack");
    }
    let q = "query($f: SearchFiltersInput, $o: Int, $l: Int, $s: SearchSortInput) {
      searchAds(filters: $f, offset: $o, limit: $l, sort: $s) { ads { listId } premium { listId } total totalCapped } }";
    let body = gql(&s, q, json!({ "f": { "categoryId": 2030, "cityId": 12 }, "l": 10, "s": "NEWEST" })).await;
    assert_eq!(body["data"]["searchAds"]["total"], 1_000, "{body}");
    assert_eq!(body["data"]["searchAds"]["totalCapped"], true, "{body}");
    assert_eq!(ids(&body, "ads")[0], first + N - 1, "newest first");
    let mut premium = ids(&body, "premium");
    premium.sort_unstable();
    assert_eq!(premium, [first, first + 1], "premium ads older than the counted matches still show");

    let mut seen = Vec::new();
    for page in 0..(N / 100 + 1) {
        let body = gql(
            &s,
            q,
            json!({ "f": { "keyword": "velo", "cityId": 12 }, "o": page * 100, "l": 100, "s": "RELEVANCE" }),
        )
        .await;
        assert_eq!(body["data"]["searchAds"]["totalCapped"], true, "{body}");
        let page_ids = ids(&body, "ads");
        if page == 10 {
            // Past the ranked 1,000: the older matches, newest listed first.
            let expected: Vec<i64> = (0..N - 1_000).rev().map(|i| first + i).collect();
            assert_eq!(page_ids, expected);
        }
        seen.extend(page_ids);
    }
    let count = seen.len();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!((count, seen.len()), (N as usize, N as usize), "every match once");
}

#[actix_web::test]
async fn ad_pages_say_vehicle_or_residence_and_shop_pages_take_a_category() {
    let s = start("search-more-pages", |_| {}).await;
    let (owner, name) = shop(&s).await;
    s.store
        .insert_ads(vec![
            ad(Item {
                params: vec![("rooms", ParamValue::Number(3))],
                ..item(942_001, owner, 1010, 10, "Appartement vue mer")
            }),
            ad(item(942_002, owner, 2020, 10, "Moto Honda CBR")),
            ad(item(942_003, owner, 2030, 10, "Vélo électrique")),
            ad(item(942_004, owner, 6020, 10, "Commode ancienne")),
        ])
        .await
        .expect("seed");
    let (status, _, html) = s.get_no_redirect("/vi/942001.htm").await;
    assert_eq!(status, StatusCode::MOVED_PERMANENTLY);
    let _ = html;
    let (status, _, html) = s.get_no_redirect("/souss-massa/appartements/appartement-vue-mer_942001.htm").await;
    assert_eq!(status, StatusCode::OK, "{html}");
    assert!(html.contains("\"@type\":[\"Product\",\"Residence\"]"), "{html}");
    assert!(html.contains("\"priceCurrency\":\"MAD\""), "{html}");
    let (_, _, html) = s.get_no_redirect("/souss-massa/motos/moto-honda-cbr_942002.htm").await;
    assert!(html.contains("\"@type\":[\"Product\",\"Vehicle\"]"), "{html}");
    let (_, _, html) = s.get_no_redirect("/souss-massa/meubles-et-decoration/commode-ancienne_942004.htm").await;
    assert!(html.contains("\"@type\":\"Product\"") && !html.contains("Residence"), "{html}");

    // A shop page of one category: its canonical path keeps the category.
    let (status, _, html) = s.get_no_redirect(&format!("/boutique/{name}/motos")).await;
    assert_eq!(status, StatusCode::OK, "{html}");
    assert!(html.contains(&format!("/boutique/{name}/motos\">")), "{html}");
    let id = name.rsplit('-').next().unwrap_or_default();
    let (status, location, _) = s.get_no_redirect(&format!("/boutique/ancien-nom-{id}/motos")).await;
    assert_eq!((status, location), (StatusCode::MOVED_PERMANENTLY, format!("/boutique/{name}/motos")));
    let (status, _, _) = s.get_no_redirect(&format!("/boutique/{name}/licornes")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let q = "query($n: String!, $c: Int) { getShop(name: $n, categoryId: $c) { count ads { listId } categories { id count } } }";
    let body = gql(&s, q, json!({ "n": name, "c": 2020 })).await;
    assert_eq!(body["data"]["getShop"]["count"], 1, "{body}");
    assert_eq!(body["data"]["getShop"]["ads"][0]["listId"], 942_002);
    let body = gql(&s, q, json!({ "n": name, "c": 2000 })).await;
    assert_eq!(body["data"]["getShop"]["count"], 2, "a level-1 category takes its children: {body}");
    let body = gql(&s, q, json!({ "n": name, "c": null })).await;
    assert_eq!(body["data"]["getShop"]["count"], 4);
    assert_eq!(body["data"]["getShop"]["categories"].as_array().map(Vec::len), Some(4), "{body}");
    let body = gql(&s, q, json!({ "n": name, "c": 424242 })).await;
    assert_eq!(body["errors"][0]["extensions"]["code"], "CATEGORY_NOT_FOUND", "{body}");
}
