//! The web side of Search and browse through the real server: the parse-URL endpoint, the
//! canonical 301s of listing, ad and shop paths (language prefix, `o` over the cap, malformed
//! `o`, `/vi/`, `/deeplink/view/`, `/list`), the SEO tags written into the pages, the sitemaps
//! and robots.txt, Open Graph tags of listing and shop pages (with the page's photo or the
//! shop's logo), the shop directory's web paths (place, category, ad type, keyword), and the
//! shop directory and shop pages over GraphQL.

mod common;

use common::{TestServer, active_ad, now, start};
use reqwest::StatusCode;
use serde_json::{Value, json};
use souk_domain::ad::{Ad, ParamValue};
use souk_domain::money::Money;
use souk_storage::ads::AdStore;
use std::collections::BTreeMap;

async fn gql(s: &TestServer, query: &str, variables: Value) -> Value {
    s.gql_ok(&[("Accept-Language", "fr")], query, variables).await
}

async fn parse(s: &TestServer, body: Value) -> (StatusCode, Value) {
    s.raw("/api/parse-url", &[], serde_json::to_vec(&body).expect("json")).await
}

/// A shop with one car in Casablanca; answers the shop's page segment.
async fn seed(s: &TestServer) -> String {
    let q = "mutation($i: RegisterAccountInput!) { registerAccount(input: $i) { info { id } } }";
    let input = json!({ "type": "shop", "name": "Auto Atlas", "email": "atlas@shop.ma", "phone": "0698765432", "cityId": 1, "password": "secret1", "shopCategory": 2010, "plan": "premium" });
    let body = gql(s, q, json!({ "i": input })).await;
    let owner = body["data"]["registerAccount"]["info"]["id"].as_i64().expect("id");
    let t = now() - 100;
    let mut params = BTreeMap::new();
    params.insert("brand".to_string(), ParamValue::Text("Peugeot".into()));
    s.store
        .insert_ads(vec![Ad {
            description: "Première main, <b>entretien</b> suivi".into(),
            price: Some(Money::from_dirhams(95_000)),
            params,
            images: vec!["demo/car.jpg".into()],
            ..active_ad("web-1", 900001, owner, 2010, 1, "Peugeot 208 à vendre", t)
        }])
        .await
        .expect("seed");
    let shops = gql(s, "{ getShops(cityId: 1) { count shops { slug name url } } }", json!({})).await;
    assert_eq!(shops["data"]["getShops"]["count"], 1, "{shops}");
    shops["data"]["getShops"]["shops"][0]["slug"].as_str().expect("slug").to_string()
}

#[actix_web::test]
async fn parse_url_reads_listing_paths_and_answers_empty_for_the_rest() {
    let s = start("web-parse", |_| {}).await;
    let (status, body) = parse(&s, json!({ "pathname": "/casablanca/maarif/voitures_a-vendre/peugeot-208" })).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["language"], "fr");
    assert_eq!(body["locations"][0], json!({ "level": "city", "id": 1, "slug": "casablanca", "name": "Casablanca" }));
    assert_eq!(body["locations"][1]["level"], "area");
    assert_eq!(body["locations"][1]["name"], "Maârif");
    assert_eq!(body["category"]["id"], 2010);
    assert_eq!(body["adType"], "sell");
    assert_eq!(body["keyword"], "peugeot 208");
    // Arabic, percent-escaped as a browser sends it.
    let ar = "/ar/%D8%A7%D9%84%D8%AF%D8%A7%D8%B1-%D8%A7%D9%84%D8%A8%D9%8A%D8%B6%D8%A7%D8%A1";
    let (_, body) = parse(&s, json!({ "pathname": ar })).await;
    assert_eq!(body["language"], "ar");
    assert_eq!(body["locations"][0]["name"], "الدار البيضاء");
    // The keyword may come in the query.
    let (_, body) = parse(&s, json!({ "pathname": "/maroc", "query": "o=24&q=v%C3%A9lo+rouge" })).await;
    // The visitor's own word, accent kept (issue 32): only the search normalises it.
    assert_eq!(body["keyword"], "vélo rouge");
    let (_, body) = parse(&s, json!({ "pathname": "/maroc", "query": { "q": "moto" } })).await;
    assert_eq!(body["keyword"], "moto");
    // Nothing matches: an empty answer, twice (the second from the cache).
    for _ in 0..2 {
        let (status, body) = parse(&s, json!({ "pathname": "/nowhere/at/all/really/deep" })).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(
            body,
            json!({ "language": "fr", "locations": [], "category": null, "adType": null, "keyword": null })
        );
    }
    let (status, _) = parse(&s, json!({})).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = s.raw("/api/parse-url", &[], b"not json".to_vec()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
}

#[actix_web::test]
async fn listing_paths_redirect_to_their_canonical_form() {
    let s = start("web-listing", |_| {}).await;
    seed(&s).await;
    let cases = [
        ("/fr/casablanca/voitures", "/casablanca/voitures"),
        ("/casablanca/voitures?o=2147483649", "/casablanca/voitures?o=1"),
        ("/casablanca/voitures?o=99999999999999999999&price=5", "/casablanca/voitures?o=1&price=5"),
        ("/casablanca/voitures?o=abc", "/casablanca/voitures"),
        ("/casablanca/voitures/Peugeot", "/casablanca/voitures/peugeot"),
        ("/list?city=1&category=2010&q=peugeot&o=12", "/casablanca/voitures/peugeot?o=12"),
        ("/li", "/maroc"),
        ("/list?city=99999", "/maroc"),
    ];
    for (from, to) in cases {
        let (status, location, _) = s.get_no_redirect(from).await;
        assert_eq!(status, StatusCode::MOVED_PERMANENTLY, "{from}");
        assert_eq!(location, to, "{from}");
    }
    // Arabic slugs on a French page: the French spelling, escaped.
    let (status, location, _) =
        s.get_no_redirect("/%D8%A7%D9%84%D8%AF%D8%A7%D8%B1-%D8%A7%D9%84%D8%A8%D9%8A%D8%B6%D8%A7%D8%A1/voitures").await;
    assert_eq!((status, location.as_str()), (StatusCode::MOVED_PERMANENTLY, "/casablanca/voitures"));

    let (status, _, html) = s.get_no_redirect("/casablanca/voitures?o=0").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("<title>Voitures à Casablanca - Souk</title>"), "{html}");
    assert!(html.contains("<meta name=\"description\" content=\"1 annonces Voitures à Casablanca"), "{html}");
    assert!(html.contains("rel=\"canonical\" href=\"http") && html.contains("/casablanca/voitures\">"), "{html}");
    assert!(html.contains("hreflang=\"ar\""), "{html}");
    assert!(html.contains("\"@type\":\"ItemList\""), "{html}");
    assert!(html.contains("_900001.htm"), "{html}");
    // The first paint: the heading and the page's results, drawn before the client runs.
    let root = &html[html.find("<div id=\"root\" data-first-paint>").expect("first paint")..];
    assert!(root.contains("<h1>Voitures à Casablanca</h1>"), "{root}");
    assert!(root.contains("peugeot-208-a-vendre_900001.htm\">Peugeot 208 à vendre</a>"), "{root}");
    assert!(root.contains("<p class=\"listing-card__price\"><bdi class=\"amount\">95 000 DH</bdi></p>"), "{root}");
    let (status, _, html) =
        s.get_no_redirect("/ar/%D8%A7%D9%84%D8%AF%D8%A7%D8%B1-%D8%A7%D9%84%D8%A8%D9%8A%D8%B6%D8%A7%D8%A1").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("lang=\"ar\" dir=\"rtl\""), "{html}");
    // Other pages are the SPA's, never redirected.
    for p in ["/account/signin", "/messages", "/ad/insert/2"] {
        let (status, _, _) = s.get_no_redirect(p).await;
        assert_ne!(status, StatusCode::MOVED_PERMANENTLY, "{p}");
    }
}

#[actix_web::test]
async fn ad_and_shop_pages_have_one_canonical_path_and_seo_tags() {
    let s = start("web-ad", |_| {}).await;
    let shop = seed(&s).await;
    let canonical = "/casablanca-settat/voitures/peugeot-208-a-vendre_900001.htm";
    for from in [
        "/vi/900001.htm",
        "/deeplink/view/900001",
        "/x/y/old-title_900001.htm",
        "/fr/casablanca-settat/voitures/peugeot-208-a-vendre_900001.htm",
    ] {
        let (status, location, _) = s.get_no_redirect(from).await;
        assert_eq!((status, location.as_str()), (StatusCode::MOVED_PERMANENTLY, canonical), "{from}");
    }
    let (status, _, html) = s.get_no_redirect(canonical).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("<title>Peugeot 208 à vendre - 95 000 DH - Casablanca | Souk</title>"), "{html}");
    assert!(html.contains("&lt;b&gt;entretien"), "description escaped: {html}");
    assert!(html.contains("og:type\" content=\"product\""));
    assert!(html.contains("\"@type\":[\"Product\",\"Vehicle\"]"), "{html}");
    assert!(html.contains("\"price\":\"95000.00\"") && html.contains("\"priceCurrency\":\"MAD\""), "{html}");
    assert!(html.contains("hreflang=\"ar\""));
    // The first photo, as the gallery will ask for it, is fetched with the HTML.
    let ad = gql(&s, "{ getAd(listId: 900001) { ad { images { large } } } }", json!({})).await;
    let large = ad["data"]["getAd"]["ad"]["images"][0]["large"].as_str().expect("large photo").to_string();
    assert!(
        html.contains(&format!("<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"{large}\">")),
        "{large} not preloaded: {html}"
    );
    // The first paint shows the photo, title and price before the client runs, and links to
    // the same ad in Arabic.
    let root = &html[html.find("<div id=\"root\" data-first-paint>").expect("first paint")..];
    assert!(root.contains(&format!("<img class=\"gallery__large\" src=\"{large}\"")), "{root}");
    assert!(root.contains("<h1 dir=\"auto\">Peugeot 208 à vendre</h1>"), "{root}");
    assert!(root.contains("<p class=\"ad-view__price\"><bdi class=\"amount\">95 000 DH</bdi></p>"), "{root}");
    assert!(root.contains("class=\"language-switch\" lang=\"ar\" hreflang=\"ar\" href=\"/ar/"), "{root}");
    // In Arabic the title's price is a bidirectional isolate, so that it reads "95 000 DH".
    let arabic = root.split("hreflang=\"ar\" href=\"").nth(1).and_then(|r| r.split('"').next()).expect("arabic path");
    let (status, _, html) = s.get_no_redirect(arabic).await;
    assert_eq!(status, StatusCode::OK, "{arabic}");
    assert!(html.contains("- \u{2068}95 000 DH\u{2069} - "), "{html}");
    let (status, _, html) = s.get_no_redirect("/vi/424242.htm").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(html.contains("noindex"));

    let (status, _, html) = s.get_no_redirect(&format!("/boutique/{shop}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("<title>Auto Atlas - boutique à Casablanca | Souk</title>"), "{html}");
    assert!(html.contains("\"@type\":\"Store\""));
    let id = shop.rsplit('-').next().unwrap_or_default();
    let (status, location, _) = s.get_no_redirect(&format!("/boutique/old-name-{id}")).await;
    assert_eq!((status, location), (StatusCode::MOVED_PERMANENTLY, format!("/boutique/{shop}")));
    let (status, _, _) = s.get_no_redirect("/boutique/nobody-424242").await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Shop page data and directory filters.
    let body = gql(&s, "query($n: String!) { getShop(name: $n) { shop { name isVerifiedSeller } count ads { listId } categories { id count } } }", json!({ "n": shop })).await;
    assert_eq!(body["data"]["getShop"]["count"], 1, "{body}");
    assert_eq!(body["data"]["getShop"]["ads"][0]["listId"], 900001);
    assert_eq!(body["data"]["getShop"]["categories"][0]["id"], 2010);
    let none = gql(&s, "{ getShops(cityId: 2) { count } }", json!({})).await;
    assert_eq!(none["data"]["getShops"]["count"], 0);
    let kw = gql(&s, "{ getShops(keyword: \"ATLAS\") { count } }", json!({})).await;
    assert_eq!(kw["data"]["getShops"]["count"], 1);
    // Shop names are matched folded only: "auto" is not the ads' vocabulary word "voiture".
    let kw = gql(&s, "{ getShops(keyword: \"Auto\") { count } }", json!({})).await;
    assert_eq!(kw["data"]["getShops"]["count"], 1, "{kw}");
    let bad = gql(&s, "{ getShops(cityId: 99999) { count } }", json!({})).await;
    assert_eq!(bad["errors"][0]["extensions"]["code"], "CITY_NOT_FOUND");
    let missing = gql(&s, "{ getShop(name: \"zzz\") { count } }", json!({})).await;
    assert_eq!(missing["errors"][0]["extensions"]["code"], "NOT_FOUND");
}

#[actix_web::test]
async fn sitemaps_and_robots() {
    let s = start("web-sitemap", |_| {}).await;
    let shop = seed(&s).await;
    let (status, _, robots) = s.get_no_redirect("/robots.txt").await;
    assert_eq!(status, StatusCode::OK);
    assert!(robots.contains("Sitemap: ") && robots.contains("/sitemap.xml") && robots.contains("Disallow: /account"));
    let (status, _, index) = s.get_no_redirect("/sitemap.xml").await;
    assert_eq!(status, StatusCode::OK);
    for f in ["/sitemaps/categories-1.xml", "/sitemaps/shops-1.xml", "/sitemaps/ads-1.xml"] {
        assert!(index.contains(f), "{index}");
    }
    let (_, _, ads) = s.get_no_redirect("/sitemaps/ads-1.xml").await;
    assert!(ads.contains("/casablanca-settat/voitures/peugeot-208-a-vendre_900001.htm"), "{ads}");
    let (_, _, shops) = s.get_no_redirect("/sitemaps/shops.xml").await;
    assert!(shops.contains(&format!("/boutique/{shop}")), "{shops}");
    let (_, _, cats) = s.get_no_redirect("/sitemaps/categories.xml").await;
    assert!(cats.contains("/maroc/voitures") && cats.contains("/casablanca</loc>"), "{cats}");
    let (status, _, _) = s.get_no_redirect("/sitemaps/ads-0.xml").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[actix_web::test]
async fn bad_paths_offsets_prices_and_keywords_never_fail() {
    // A client build (its shell) so that paths the server leaves to the SPA answer a page.
    let client = common::temp_dir("web-bad-input-client");
    std::fs::create_dir_all(&client).expect("client dir");
    std::fs::write(client.join("index.html"), "<!doctype html><html><head></head><body></body></html>").expect("shell");
    let s = start("web-bad-input", move |c| c.web.client_dir = client).await;
    seed(&s).await;
    // Unknown slugs, malformed or absurd offsets and prices in page URLs: a page or a redirect.
    for path in [
        "/atlantis/voitures",
        "/casablanca/licornes-volantes",
        "/casablanca/voitures_a-teleporter",
        "/casablanca/voitures?o=-5",
        "/casablanca/voitures?o=1e99",
        "/casablanca/voitures?o=%22%27",
        "/casablanca/voitures?price=-100",
        "/casablanca/voitures/%22peugeot%22%20OR%20NEAR(a%20b)*",
        "/list?city=abc&category=-1&q=%22",
        "/vi/abc.htm",
        "/vi/-1.htm",
        "/boutique/%22%27",
        "/boutiques/nulle-part/rien",
    ] {
        let (status, _, _) = s.get_no_redirect(path).await;
        assert!(!status.is_server_error(), "{path}: {status}");
    }
    // The same in parse-URL: a clean (possibly empty) answer.
    for pathname in ["/atlantis/voitures", "/casablanca/voitures/\"peugeot\" OR *", "/%ZZ", ""] {
        let (status, body) = parse(&s, json!({ "pathname": pathname, "query": "o=-1&q=\"" })).await;
        assert_eq!(status, StatusCode::OK, "{pathname}: {body}");
    }
    // FTS operators and quotes in a keyword are plain words: a result, never an error.
    let q = "query($k: String) { searchAds(filters: { keyword: $k }) { total } }";
    for k in ["\"", "\"peugeot", "peugeot\" OR \"dacia", "NEAR(peugeot dacia)", "*", "title:peugeot", "^-()", "'; DROP"]
    {
        let body = gql(&s, q, json!({ "k": k })).await;
        assert!(body["errors"].is_null(), "{k}: {body}");
        assert!(body["data"]["searchAds"]["total"].is_u64(), "{k}: {body}");
    }
}

#[actix_web::test]
async fn the_shop_directory_has_seo_tags() {
    let s = start("web-directory", |_| {}).await;
    seed(&s).await;
    let (status, _, html) = s.get_no_redirect("/boutiques/casablanca/voitures").await;
    assert_eq!(status, StatusCode::OK, "{html}");
    assert!(html.contains("<title>Boutiques Voitures à Casablanca | Souk</title>"), "{html}");
    assert!(html.contains("<meta name=\"description\" content=\"1 boutiques professionnelles"), "{html}");
    assert!(
        html.contains("rel=\"canonical\" href=\"http") && html.contains("/boutiques/casablanca/voitures\">"),
        "{html}"
    );
    assert!(html.contains("hreflang=\"ar\"") && html.contains("og:title"), "{html}");
    assert!(html.contains("\"@type\":\"ItemList\"") && html.contains("Auto Atlas"), "{html}");
    let (status, _, html) = s.get_no_redirect("/ar/boutiques").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("lang=\"ar\" dir=\"rtl\"") && html.contains("المتاجر في المغرب"), "{html}");
}

/// `n` more shops (one car each, in Casablanca), registered through the gateway.
async fn more_shops(s: &TestServer, n: usize) {
    let q = "mutation($i: RegisterAccountInput!) { registerAccount(input: $i) { info { id } } }";
    for i in 0..n {
        let input = json!({ "type": "shop", "name": format!("Garage {i:02}"), "email": format!("garage{i}@shop.ma"), "phone": format!("06988000{i:02}"), "cityId": 1, "password": "secret1", "shopCategory": 2010, "plan": "starter" });
        let body = gql(s, q, json!({ "i": input })).await;
        assert!(body["data"]["registerAccount"]["info"]["id"].is_i64(), "{body}");
    }
}

fn locs(xml: &str) -> Vec<String> {
    xml.split("<loc>").skip(1).filter_map(|x| x.split("</loc>").next()).map(str::to_string).collect()
}

#[actix_web::test]
async fn every_sitemap_is_paged() {
    let s = start("web-sitemap-pages", |c| c.web.sitemap_urls_per_file = 40).await;
    seed(&s).await;
    more_shops(&s, 44).await;
    let (_, _, index) = s.get_no_redirect("/sitemap.xml").await;
    let files = locs(&index);
    let shops: Vec<&String> = files.iter().filter(|f| f.contains("/sitemaps/shops-")).collect();
    assert_eq!(shops.len(), 2, "45 shops, 40 a page: {index}");
    let categories = files.iter().filter(|f| f.contains("/sitemaps/categories-")).count();
    assert!(categories >= 5, "hundreds of category and city URLs, 40 a page: {index}");
    assert!(files.iter().any(|f| f.ends_with("/sitemaps/ads-1.xml")));

    // Every page of a kind holds at most 40 URLs, and together they hold each URL once.
    for (kind, pages) in [("shops", 2), ("categories", categories)] {
        let mut all = Vec::new();
        for n in 1..=pages {
            let (status, _, xml) = s.get_no_redirect(&format!("/sitemaps/{kind}-{n}.xml")).await;
            assert_eq!(status, StatusCode::OK, "{kind}-{n}");
            let urls = locs(&xml);
            assert!(!urls.is_empty() && urls.len() <= 40, "{kind}-{n}: {}", urls.len());
            all.extend(urls);
        }
        let distinct: std::collections::BTreeSet<&String> = all.iter().collect();
        assert_eq!(distinct.len(), all.len(), "{kind}: no URL twice");
        if kind == "shops" {
            assert_eq!(all.len(), 45);
        } else {
            assert!(
                all.iter().any(|u| u.ends_with("/maroc/voitures")) && all.iter().any(|u| u.ends_with("/casablanca"))
            );
        }
        let (status, _, _) = s.get_no_redirect(&format!("/sitemaps/{kind}-{}.xml", pages + 1)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{kind}: no page past the last");
    }
    // The first pages keep their old names.
    let (_, _, first) = s.get_no_redirect("/sitemaps/shops.xml").await;
    let (_, _, paged) = s.get_no_redirect("/sitemaps/shops-1.xml").await;
    assert_eq!(first, paged);
    for bad in ["/sitemaps/shops-0.xml", "/sitemaps/shops-x.xml", "/sitemaps/other-1.xml", "/sitemaps/ads.xml"] {
        let (status, _, _) = s.get_no_redirect(bad).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{bad}");
    }
}

#[actix_web::test]
async fn the_shop_directory_reads_its_ad_type_suffix() {
    let s = start("web-directory-type", |_| {}).await;
    seed(&s).await;
    // The shop sells (`sell`): it is listed for `_a-vendre`, not for `_recherche` (`buy`).
    let (status, _, html) = s.get_no_redirect("/boutiques/casablanca/voitures_a-vendre").await;
    assert_eq!(status, StatusCode::OK, "{html}");
    assert!(html.contains("/boutiques/casablanca/voitures_a-vendre\">"), "canonical keeps the type: {html}");
    assert!(html.contains("\"numberOfItems\":1") && html.contains("Auto Atlas"), "{html}");
    let (status, _, html) = s.get_no_redirect("/boutiques/casablanca/voitures_recherche").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.contains("/boutiques/casablanca/voitures_recherche\">") && html.contains("\"numberOfItems\":0"),
        "{html}"
    );
    // Without a category the type rides on the place.
    let (status, _, html) = s.get_no_redirect("/boutiques/maroc_a-vendre").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("/boutiques/maroc_a-vendre\">") && html.contains("\"numberOfItems\":1"), "{html}");
    let (_, _, html) = s.get_no_redirect("/boutiques/casablanca_recherche").await;
    assert!(html.contains("/boutiques/casablanca_recherche\">") && html.contains("\"numberOfItems\":0"), "{html}");
    // An unknown type is not a directory page.
    let (_, _, html) = s.get_no_redirect("/boutiques/casablanca/voitures_a-teleporter").await;
    assert!(!html.contains("\"@type\":\"ItemList\""), "{html}");

    // The same filter through GraphQL.
    let q = "query($t: String, $c: Int) { getShops(cityId: 1, categoryId: $c, adType: $t) { count shops { name } } }";
    for (t, c, n) in [
        (json!("sell"), json!(2010), 1),
        (json!("buy"), json!(2010), 0),
        (json!("sell"), json!(null), 1),
        (json!(null), json!(null), 1),
    ] {
        let body = gql(&s, q, json!({ "t": t, "c": c })).await;
        assert_eq!(body["data"]["getShops"]["count"], n, "{t} {c}: {body}");
    }
    let body = gql(&s, q, json!({ "t": "teleport", "c": 2010 })).await;
    assert_eq!(body["errors"][0]["extensions"]["code"], "INVALID_AD_TYPE", "{body}");
    let body = gql(&s, q, json!({ "t": "rent", "c": 2010 })).await;
    assert_eq!(body["errors"][0]["extensions"]["code"], "INVALID_AD_TYPE", "cars are not rented: {body}");
}

#[actix_web::test]
async fn a_listing_without_a_place_redirects_to_the_whole_country() {
    let s = start("web-placeless", |_| {}).await;
    seed(&s).await;
    for (path, location) in [
        ("/voitures", "/maroc/voitures"),
        ("/voitures_a-vendre?o=12", "/maroc/voitures_a-vendre?o=12"),
        ("/voitures/peugeot", "/maroc/voitures/peugeot"),
        ("/fr/voitures", "/maroc/voitures"),
    ] {
        let (status, got, _) = s.get_no_redirect(path).await;
        assert_eq!((status, got.as_str()), (StatusCode::MOVED_PERMANENTLY, location), "{path}");
    }
    let (status, got, _) = s.get_no_redirect("/ar/%D8%B3%D9%8A%D8%A7%D8%B1%D8%A7%D8%AA").await;
    assert_eq!(status, StatusCode::MOVED_PERMANENTLY);
    assert_eq!(souk_domain::listing_url::percent_decode(&got).as_deref(), Some("/ar/المغرب/سيارات"));
    // A vertical's slug alone is its home page (the SPA's), not a listing.
    let (status, _, _) = s.get_no_redirect("/vehicules").await;
    assert_ne!(status, StatusCode::MOVED_PERMANENTLY);
    // An area with an ad type and no category: its canonical form is served as is.
    let (status, got, _) = s.get_no_redirect("/casablanca/maarif_a-vendre").await;
    assert_eq!(status, StatusCode::OK, "{got}");
    let (status, got, _) = s.get_no_redirect("/casablanca_a-vendre/maarif").await;
    assert_eq!((status, got.as_str()), (StatusCode::MOVED_PERMANENTLY, "/casablanca/maarif_a-vendre"));

    // parse-URL answers a placeless path too.
    let (status, body) = parse(&s, json!({ "pathname": "/voitures_a-vendre" })).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["category"]["id"], 2010, "{body}");
    assert_eq!(body["adType"], "sell");
    assert_eq!(body["locations"], json!([]));
    let (_, body) = parse(&s, json!({ "pathname": "/casablanca/maarif_a-vendre" })).await;
    assert_eq!(body["locations"].as_array().map(Vec::len), Some(2), "{body}");
    assert_eq!(body["adType"], "sell");
    assert_eq!(body["category"], Value::Null);
}

/// The `content` of the `<meta property="{property}">` tag of a page, if it has one.
fn og(html: &str, property: &str) -> Option<String> {
    let open = format!("<meta property=\"{property}\" content=\"");
    let at = html.find(&open)? + open.len();
    html[at..].split('"').next().map(str::to_string)
}

/// The text of the page's `<title>` and its meta description, as written (escaped).
fn title_and_description(html: &str) -> (String, String) {
    let title = html.split("<title>").nth(1).and_then(|t| t.split("</title>").next()).unwrap_or("").to_string();
    let open = "<meta name=\"description\" content=\"";
    let description = html.split(open).nth(1).and_then(|d| d.split('"').next()).unwrap_or("").to_string();
    (title, description)
}

#[actix_web::test]
async fn listing_and_shop_pages_carry_open_graph_tags() {
    let s = start("web-open-graph", |_| {}).await;
    let shop = seed(&s).await;
    let base = s.state.settings.auth.public_base_url.trim_end_matches('/').to_string();
    let photo = format!("{base}{}", s.state.media.public_path("demo/car.jpg"));

    // A listing: its title, description and canonical address, and the first photo it shows.
    for (path, locale) in [("/casablanca/voitures", "fr_MA"), ("/ar/الدار-البيضاء/سيارات", "ar_MA")] {
        let (status, _, html) = s.get_no_redirect(&souk_domain::listing_url::percent_encode_path(path)).await;
        assert_eq!(status, StatusCode::OK, "{path}: {html}");
        let (title, description) = title_and_description(&html);
        assert!(title.contains("Voitures") || title.contains("سيارات"), "{path}: {title}");
        assert_eq!(og(&html, "og:title"), Some(title), "{path}");
        assert_eq!(og(&html, "og:description"), Some(description), "{path}");
        let url = format!("{base}{}", souk_domain::listing_url::percent_encode_path(path));
        assert_eq!(og(&html, "og:url"), Some(url), "{path}");
        assert_eq!(og(&html, "og:type").as_deref(), Some("website"));
        assert_eq!(og(&html, "og:locale").as_deref(), Some(locale));
        assert_eq!(og(&html, "og:image"), Some(photo.clone()), "{path}: {html}");
    }
    // A listing without a photo to show has no image.
    let (status, _, html) = s.get_no_redirect("/casablanca/motos").await;
    assert_eq!(status, StatusCode::OK, "{html}");
    assert!(og(&html, "og:title").is_some() && og(&html, "og:url").is_some(), "{html}");
    assert_eq!(og(&html, "og:image"), None, "{html}");

    // A shop page: without a logo, no image; with one, the logo.
    let page = format!("/boutique/{shop}");
    let (status, _, html) = s.get_no_redirect(&page).await;
    assert_eq!(status, StatusCode::OK);
    let (title, description) = title_and_description(&html);
    assert_eq!(og(&html, "og:title"), Some(title));
    assert_eq!(og(&html, "og:description"), Some(description));
    assert_eq!(og(&html, "og:url"), Some(format!("{base}{page}")));
    assert_eq!(og(&html, "og:image"), None, "{html}");
    let login = gql(
        &s,
        "mutation { loginByEmail(email: \"atlas@shop.ma\", password: \"secret1\") { accessToken } }",
        json!({}),
    )
    .await;
    let token = login["data"]["loginByEmail"]["accessToken"].as_str().expect("token").to_string();
    let me = s.gql_ok(&[("Authorization", &format!("Bearer {token}"))], "{ getMyAccountInfo { id } }", json!({})).await;
    let mut png = Vec::new();
    image::DynamicImage::ImageRgb8(image::RgbImage::from_pixel(300, 200, image::Rgb([20, 90, 160])))
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .expect("png");
    let form = reqwest::multipart::Form::new()
        .text("userId", me["data"]["getMyAccountInfo"]["id"].to_string())
        .part("file", reqwest::multipart::Part::bytes(png).file_name("logo.png"));
    let uploaded = s.client.post(format!("{}/api/shops/logo", s.base)).bearer_auth(&token).multipart(form).send().await;
    let uploaded = uploaded.expect("upload");
    assert_eq!(uploaded.status(), StatusCode::CREATED);
    let logo = uploaded.json::<Value>().await.expect("json")["logo"].as_str().expect("logo").to_string();
    let (_, _, html) = s.get_no_redirect(&page).await;
    assert_eq!(og(&html, "og:image"), Some(format!("{base}{logo}")), "{html}");
    let (_, _, html) = s.get_no_redirect(&format!("/ar/boutique/{shop}")).await;
    assert_eq!(og(&html, "og:locale").as_deref(), Some("ar_MA"), "{html}");
    assert_eq!(og(&html, "og:image"), Some(format!("{base}{logo}")));
}

#[actix_web::test]
async fn the_shop_directory_reads_a_keyword_from_its_path() {
    // A client build (its shell), which answers the paths the server leaves to the SPA.
    let client = common::temp_dir("web-directory-keyword-client");
    std::fs::write(client.join("index.html"), "<!doctype html><html><head></head><body></body></html>").expect("shell");
    let s = start("web-directory-keyword", move |c| c.web.client_dir = client).await;
    seed(&s).await;
    let items = |html: &str| -> Option<u64> {
        let at = html.find("\"numberOfItems\":")? + "\"numberOfItems\":".len();
        html[at..].split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
    };
    for (path, found) in [
        ("/boutiques/casablanca/voitures/atlas", 1),
        ("/boutiques/casablanca/voitures/zeppelin", 0),
        ("/boutiques/maroc/atlas", 1),
        ("/boutiques/casablanca/voitures_a-vendre/atlas", 1),
    ] {
        let (status, _, html) = s.get_no_redirect(path).await;
        assert_eq!(status, StatusCode::OK, "{path}: {html}");
        assert_eq!(items(&html), Some(found), "{path}: {html}");
        assert!(html.contains(&format!("{path}\">")), "the canonical keeps the keyword: {path}: {html}");
        assert_eq!(html.contains("Auto Atlas"), found == 1, "{path}");
        assert!(og(&html, "og:url").is_some_and(|u| u.ends_with(path)), "{path}");
    }
    // The keyword is read as the directory writes it: folded to its slug.
    let (status, _, html) = s.get_no_redirect("/boutiques/casablanca/voitures/ATLAS").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("/boutiques/casablanca/voitures/atlas\">"), "{html}");
    assert_eq!(items(&html), Some(1));
    // A fourth segment is not a directory path: no page (404), without the directory's tags.
    let (status, _, html) = s.get_no_redirect("/boutiques/casablanca/voitures/atlas/plus").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(!html.contains("numberOfItems") && html.contains("<meta name=\"robots\" content=\"noindex\">"), "{html}");
}
