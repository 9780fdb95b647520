//! Page statuses through the real server: every page of the client's route table answers 200
//! (French and Arabic paths, vertical homes, listings, ad and shop pages, the account area), a
//! path no page matches answers 404 with the SPA shell titled "page not found" (no soft 404),
//! an unknown ad or shop 404 too; every shell names the configured map tile server, whose origin
//! alone joins the pages' image policy.

mod common;

use common::{TestServer, active_ad, now, start};
use reqwest::StatusCode;
use serde_json::json;
use souk_storage::ads::AdStore;

const SHELL: &str = "<!doctype html><html><head><title>Souk</title></head><body><div id=\"root\"></div></body></html>";
const TILES: &str = "https://tiles.example.test/{z}/{x}/{y}.png";

async fn server(name: &str) -> TestServer {
    let client = common::temp_dir(&format!("{name}-client"));
    std::fs::write(client.join("index.html"), SHELL).expect("shell");
    start(name, move |c| {
        c.web.client_dir = client;
        c.web.map_tiles_url = TILES.into();
        c.web.map_tiles_attribution = "© OpenStreetMap contributors".into();
    })
    .await
}

/// A shop account; answers its account id.
async fn register_shop(s: &TestServer) -> i64 {
    let q = "mutation($i: RegisterAccountInput!) { registerAccount(input: $i) { info { id } } }";
    let input = json!({ "type": "shop", "name": "Auto Atlas", "email": "atlas@shop.ma", "phone": "0698765432", "cityId": 1, "password": "secret1", "shopCategory": 2010, "plan": "premium" });
    let body = s.gql_ok(&[], q, json!({ "i": input })).await;
    body["data"]["registerAccount"]["info"]["id"].as_i64().expect("id")
}

/// A shop with one car in Casablanca; answers the shop's page segment.
async fn seed(s: &TestServer) -> String {
    let owner = register_shop(s).await;
    s.store
        .insert_ads(vec![active_ad("pages-1", 900001, owner, 2010, 1, "Peugeot 208 à vendre", now() - 100)])
        .await
        .expect("seed");
    let shops = s.gql_ok(&[], "{ getShops(cityId: 1) { shops { slug } } }", json!({})).await;
    shops["data"]["getShops"]["shops"][0]["slug"].as_str().expect("slug").to_string()
}

fn encode(path: &str) -> String {
    souk_domain::listing_url::percent_encode_path(path)
}

#[actix_web::test]
async fn every_page_of_the_route_table_answers_200_in_both_languages() {
    let s = server("pages-known").await;
    let shop = seed(&s).await;
    let mut paths: Vec<String> = [
        "/",
        "/fr",
        "/ar",
        "/home",
        "/account/signin",
        "/ar/account/signin",
        "/fr/account/v2/my-ads",
        "/account/v2/settings/password",
        "/ar/account/seller/my-orders",
        "/messages/chat",
        "/ad/insert/1",
        "/ad/edit/42/3",
        "/conditions-utilisation",
        "/ar/confidentialite",
        "/immobilier",
        "/vehicules",
        "/ar/العقارات",
        "/casablanca/voitures",
        "/ar/الدار-البيضاء",
        "/maroc",
        "/boutiques",
        "/ar/boutiques",
        "/boutiques/casablanca/voitures",
        "/casablanca-settat/voitures/peugeot-208-a-vendre_900001.htm",
    ]
    .iter()
    .map(|p| p.to_string())
    .collect();
    paths.push(format!("/boutique/{shop}"));
    paths.push(format!("/ar/boutique/{shop}"));
    for path in paths {
        let (status, location, html) = s.get_no_redirect(&encode(&path)).await;
        assert_eq!(status, StatusCode::OK, "{path} → {location}");
        assert!(html.contains("id=\"root\""), "{path}: the SPA shell: {html}");
        assert!(!html.contains("noindex"), "{path}");
    }
}

#[actix_web::test]
async fn a_path_no_page_matches_answers_404_with_the_spa_s_404_page() {
    let s = server("pages-unknown").await;
    seed(&s).await;
    for path in [
        "/nothing-here",
        "/fr/nothing-here",
        "/account/v2/nothing",
        "/account/v2/my-ads/more",
        "/wp-admin/setup.php",
        "/a/b/c/d/e",
        "/atlantis/voitures",
        "/vi/abc.htm",
        "/vi/424242.htm",
        "/casablanca-settat/voitures/nothing_424242.htm",
        "/boutique/nobody-424242",
        "/boutiques/maroc/voitures/golf/more",
        "/boutiques/casablanca_not-a-type",
    ] {
        let (status, _, html) = s.get_no_redirect(&encode(path)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        assert!(html.contains("<title>Page introuvable - Souk</title>"), "{path}: {html}");
        assert!(html.contains("<meta name=\"robots\" content=\"noindex\">"), "{path}");
        assert!(html.contains("<div id=\"root\">"), "{path}: the client draws its 404 page: {html}");
    }
    let (status, _, html) = s.get_no_redirect(&encode("/ar/لا-شيء-هنا")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(html.contains("<html lang=\"ar\" dir=\"rtl\">"), "{html}");
    assert!(html.contains("<title>الصفحة غير موجودة - سوق</title>"), "{html}");
    // API paths keep their JSON answer.
    let res = s.client.get(format!("{}/api/nothing", s.base)).send().await.expect("get");
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    assert!(res.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or("").contains("json"));
}

#[actix_web::test]
async fn pages_name_the_tile_server_and_allow_its_images_only() {
    let s = server("pages-tiles").await;
    seed(&s).await;
    for path in ["/account/signin", "/casablanca-settat/voitures/peugeot-208-a-vendre_900001.htm", "/nothing-here"] {
        let res = s.client.get(format!("{}{}", s.base, encode(path))).send().await.expect("get");
        let policy =
            res.headers().get("content-security-policy").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
        let html = res.text().await.expect("html");
        assert!(
            html.contains("<meta name=\"souk-map-tiles\" content=\"https://tiles.example.test/{z}/{x}/{y}.png\">"),
            "{path}: {html}"
        );
        assert!(html.contains("<meta name=\"souk-map-attribution\" content=\"© OpenStreetMap contributors\">"));
        let img = policy.split(';').find(|d| d.trim().starts_with("img-src")).expect("img-src");
        assert!(img.contains("https://tiles.example.test"), "{path}: {policy}");
        let connect = policy.split(';').find(|d| d.trim().starts_with("connect-src")).expect("connect-src");
        assert!(!connect.contains("tiles.example.test"), "{policy}");
    }
}

#[actix_web::test]
async fn a_shop_page_shows_its_phone_numbers_when_asked() {
    let s = server("pages-shop-phones").await;
    let shop = seed(&s).await;
    let q = "query($n: String!) { getShopPhones(name: $n) }";
    let body = s.gql_ok(&[], q, json!({ "n": shop })).await;
    assert_eq!(body["data"]["getShopPhones"], json!(["0698765432"]), "{body}");
    let (_, body) = s.gql("/graphql", &[], q, json!({ "n": "nobody-424242" })).await;
    assert!(body["data"].is_null() || body["data"]["getShopPhones"].is_null(), "{body}");
    assert!(common::code(&body).contains("NOT_FOUND"), "{body}");
    // The page's data leaves the numbers out.
    let page = s.gql_ok(&[], "query($n: String!) { getShop(name: $n) { shop { name } } }", json!({ "n": shop })).await;
    assert!(!page.to_string().contains("0698765432"), "{page}");
}

#[actix_web::test]
async fn the_vehicles_home_counts_the_popular_brands_and_models() {
    let s = server("pages-popular-models").await;
    let owner = register_shop(&s).await;
    let car = |n: i64, brand: &str, model: Option<&str>, category: u32| {
        let mut params = std::collections::BTreeMap::new();
        params.insert("brand".to_string(), souk_domain::ad::ParamValue::Text(brand.into()));
        if let Some(m) = model {
            params.insert("model".to_string(), souk_domain::ad::ParamValue::Text(m.into()));
        }
        souk_domain::ad::Ad {
            params,
            ..active_ad(&format!("pop-{n}"), 910_000 + n, owner, category, 1, "Voiture", now() - 100 - n)
        }
    };
    let mut ads = Vec::new();
    for n in 0..3 {
        ads.push(car(n, "Dacia", Some("Logan"), 2010));
    }
    ads.push(car(3, "Dacia", Some("Sandero"), 2010));
    ads.push(car(4, "Renault", Some("Clio"), 2010));
    ads.push(car(5, "Renault", None, 2010));
    // Another category's partition is not read.
    ads.push(car(6, "Renault", Some("Clio"), 2020));
    s.store.insert_ads(ads).await.expect("seed");
    let q = "query($c: Int!) { getPopularModels(categoryId: $c, models: 1) { slug name count models { slug name count } } }";
    let body = s.gql_ok(&[], q, json!({ "c": 2010 })).await;
    assert_eq!(
        body["data"]["getPopularModels"],
        json!([
            { "slug": "dacia", "name": "Dacia", "count": 4, "models": [{ "slug": "logan", "name": "Logan", "count": 3 }] },
            { "slug": "renault", "name": "Renault", "count": 2, "models": [{ "slug": "clio", "name": "Clio", "count": 1 }] },
        ]),
        "{body}"
    );
    let (_, body) = s.gql("/graphql", &[], q, json!({ "c": 424242 })).await;
    assert_eq!(common::code(&body), "CATEGORY_NOT_FOUND", "{body}");
}
