//! Search that understands its users (issue 32) through the real server and a real SQLite store:
//! a query naming a category in Darija, Arabic or French finds that category's ads though their
//! titles do not say it, and lists them first; title matches come before description matches; a
//! misspelt keyword gets `didYouMean` and the corrected results; the listing page keeps the
//! visitor's own Arabic word in its URL and says "Vouliez-vous dire …" with a link.

mod common;

use common::{TestServer, active_ad, now, start};
use reqwest::StatusCode;
use serde_json::{Value, json};
use souk_domain::ad::{Ad, ParamValue};
use souk_storage::ads::AdStore;
use std::collections::BTreeMap;

const SEARCH: &str = "query($f: SearchFiltersInput) {
  searchAds(filters: $f) { ads { listId title category { id } } total didYouMean } }";

async fn search(s: &TestServer, keyword: &str) -> Value {
    let body = s.gql_ok(&[("Accept-Language", "fr")], SEARCH, json!({ "f": { "keyword": keyword } })).await;
    body["data"]["searchAds"].clone()
}

fn ids(page: &Value) -> Vec<i64> {
    page["ads"].as_array().map(|a| a.iter().filter_map(|x| x["listId"].as_i64()).collect()).unwrap_or_default()
}

/// A car whose ad never says "voiture", an exercise bike "d'appartement" (newer than the
/// apartment, so recency alone would list it first), an apartment titled "F3 Maârif", a car seat,
/// a phone described in its description only.
async fn seed(s: &TestServer) {
    let q = "mutation($i: RegisterAccountInput!) { registerAccount(input: $i) { info { id } } }";
    let input = json!({ "type": "private", "name": "Youssef Alami", "phone": "0612345678", "cityId": 1, "password": "secret1", "passwordConfirmation": "secret1" });
    let body = s.gql_ok(&[], q, json!({ "i": input })).await;
    let owner = body["data"]["registerAccount"]["info"]["id"].as_i64().expect("id");
    let t = now() - 10_000;
    let mut car_params = BTreeMap::new();
    car_params.insert("brand".to_string(), ParamValue::Text("Dacia".into()));
    let ads = vec![
        Ad {
            params: car_params,
            description: "Diesel, 2015, première main.".into(),
            ..active_ad("q-1", 910001, owner, 2010, 1, "Dacia Logan 2015", t)
        },
        Ad {
            description: "Un appartement lumineux de 90 m² au 3e étage.".into(),
            ..active_ad("q-2", 910002, owner, 1010, 1, "F3 Maârif 90 m²", t + 10)
        },
        Ad {
            description: "Idéal pour le sport à la maison.".into(),
            ..active_ad("q-3", 910003, owner, 8010, 1, "Vélo d'appartement Domyos", t + 20)
        },
        Ad {
            description: "Siège auto pour bébé, bon état.".into(),
            ..active_ad("q-4", 910004, owner, 7060, 1, "Siège voiture bébé", t + 30)
        },
        Ad {
            description: "Téléphone débloqué, 128 Go.".into(),
            ..active_ad("q-5", 910005, owner, 5010, 1, "Samsung Galaxy S21", t + 40)
        },
        Ad {
            description: "Coque pour téléphone Samsung.".into(),
            ..active_ad("q-6", 910006, owner, 5010, 1, "Coque Galaxy", t + 50)
        },
        Ad {
            description: "Un téléphone à gagner pour tout achat.".into(),
            ..active_ad("q-7", 910007, owner, 9510, 1, "Lot de bibelots", t + 60)
        },
    ];
    s.store.insert_ads(ads).await.expect("seed");
}

#[actix_web::test]
async fn category_names_find_their_category_first_in_every_spelling() {
    let s = start("search-quality-vocabulary", |_| {}).await;
    seed(&s).await;
    // Darija, Arabic (singular, plural, with the article), French, a brand: the car, which never
    // says "voiture", comes before the car seat whose title does.
    for keyword in ["tomobil", "tonobil", "sayara", "سيارة", "سيارات", "السيارات", "voiture", "VOITURES"]
    {
        let page = search(&s, keyword).await;
        assert_eq!(ids(&page), vec![910001, 910004], "{keyword}: {page}");
    }
    assert_eq!(ids(&search(&s, "dacia").await), vec![910001]);
    // "appartement": the apartment (category) before the exercise bike (title), though newer.
    for keyword in ["appartement", "appartements", "l'appartement", "appart", "chqa", "شقة", "شقق"] {
        let page = search(&s, keyword).await;
        let found = ids(&page);
        assert_eq!(found.first(), Some(&910002), "{keyword}: {page}");
    }
    assert_eq!(ids(&search(&s, "appartement").await), vec![910002, 910003]);
    // Inside its own category the word selects the category: its listing, the same ads.
    let inside = s.gql_ok(&[], SEARCH, json!({ "f": { "keyword": "chqa", "categoryId": 1010, "cityId": 1 } })).await;
    assert_eq!(ids(&inside["data"]["searchAds"]), vec![910002], "{inside}");
    let inside = s.gql_ok(&[], SEARCH, json!({ "f": { "keyword": "appartement", "categoryId": 8010 } })).await;
    assert_eq!(ids(&inside["data"]["searchAds"]), vec![910003], "another category keeps the word: {inside}");
    // Two title words beat one category word: "siège voiture" lists the car seat first.
    assert_eq!(ids(&search(&s, "siège voiture").await).first(), Some(&910004));
    // Title before description, in the same category: "telephone" names phones (both phones
    // first, the newer first), then the ad saying it in its description only.
    assert_eq!(ids(&search(&s, "tilifoun").await), vec![910006, 910005, 910007]);
    // "galaxy" is in both phones' titles; "samsung" in one title and the other's description.
    assert_eq!(ids(&search(&s, "samsung").await), vec![910005, 910006]);
}

#[actix_web::test]
async fn a_misspelt_keyword_gets_a_suggestion_and_its_results() {
    let s = start("search-quality-typos", |_| {}).await;
    seed(&s).await;
    // One letter off, nothing found: the corrected keyword's results, and the suggestion.
    let page = search(&s, "apartement").await;
    assert_eq!(page["didYouMean"], "appartement", "{page}");
    assert_eq!(ids(&page).first(), Some(&910002), "{page}");
    // One edit for a word of 4 to 7 letters, two beyond; none under 4 letters.
    let page = search(&s, "logn").await;
    assert_eq!(page["didYouMean"], "logan", "{page}");
    assert_eq!(search(&s, "lgn").await["didYouMean"], Value::Null);
    assert_eq!(search(&s, "lgoan").await["didYouMean"], "logan", "a transposition is one edit");
    let page = search(&s, "dacai logan").await;
    assert_eq!(page["didYouMean"], "dacia logan", "{page}");
    assert_eq!(ids(&page), vec![910001]);
    // Few results: a misspelling one ad shares keeps its result, and the spelling more ads hold
    // is offered.
    let owner = s.store.find_ad("q-1").await.expect("find").expect("ad").ad.account_id;
    s.store
        .insert_ads(vec![active_ad("q-8", 910008, owner, 9510, 1, "Chargeur Samsng", now() - 1_000)])
        .await
        .expect("typo ad");
    let page = search(&s, "samsng").await;
    assert_eq!((ids(&page), page["didYouMean"].clone()), (vec![910008], json!("samsung")), "{page}");
    // A keyword that finds enough is left alone.
    assert_eq!(search(&s, "voiture").await["didYouMean"], Value::Null);
    // Nothing close: no suggestion, no results.
    let page = search(&s, "xylophone").await;
    assert_eq!((page["total"].as_u64(), page["didYouMean"].clone()), (Some(0), Value::Null), "{page}");

    // The listing page: "Vouliez-vous dire" with a link to the corrected listing.
    let (status, _, html) = s.get_no_redirect("/maroc/apartement").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.contains("Vouliez-vous dire <a href=\"/maroc/appartement\">appartement</a> ?"),
        "{}",
        html.split("listing__count").nth(1).unwrap_or(&html).chars().take(600).collect::<String>()
    );
    let (status, _, html) = s.get_no_redirect("/ar/%D8%A7%D9%84%D9%85%D8%BA%D8%B1%D8%A8/apartement").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("هل تقصد <a href="), "arabic page");
}

#[actix_web::test]
async fn the_visitors_arabic_word_stays_in_the_url_and_the_heading() {
    let s = start("search-quality-url", |_| {}).await;
    seed(&s).await;
    // "سيارة" is its own canonical URL (it used to 301 to "سياره"), and finds the car.
    let path = "/ar/%D8%A7%D9%84%D9%85%D8%BA%D8%B1%D8%A8/%D8%B3%D9%8A%D8%A7%D8%B1%D8%A9";
    let (status, location, html) = s.get_no_redirect(path).await;
    assert_eq!(status, StatusCode::OK, "redirected to {location}");
    assert!(html.contains("سيارة"), "the heading keeps the typed word");
    assert!(!html.contains("سياره"), "never the normalised form");
    assert!(html.contains("Dacia Logan 2015"));
    // The old-style query alias keeps it too.
    let (status, location, _) = s.get_no_redirect("/list?q=%D8%B3%D9%8A%D8%A7%D8%B1%D8%A9").await;
    assert_eq!(status, StatusCode::MOVED_PERMANENTLY);
    assert_eq!(location, "/maroc/%D8%B3%D9%8A%D8%A7%D8%B1%D8%A9");
}
