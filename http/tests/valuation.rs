//! The car valuation over GraphQL (issue 25, docs/valuation.md): an estimate from seeded car ads
//! that follow a known price law, stored for its account, e-mailed and resent; every rule of spec
//! §5 answered with its code in French and Arabic; the per-user limit; "could not evaluate" with
//! too few comparables; another account refused — and a refused request stores nothing.

mod common;

use common::chat::{shop, sign_up};
use common::{TestServer, active_ad, code, now, start};
use serde_json::{Value, json};
use souk_domain::ErrorCode;
use souk_domain::ad::{Ad, ParamValue};
use souk_domain::lang::Lang;
use souk_domain::money::Money;
use souk_services::valuation::year_of;
use souk_storage::ads::AdStore;
use souk_storage::valuation::ValuationStore;
use std::collections::BTreeMap;

const REQUEST: &str = "mutation($i: ValuationInput!) { requestValuation(input: $i) { id brand model year phase mileage phone email emailsSent expiresAt estimate { low { centimes } high { centimes } referenceValue { centimes } adValue { centimes } transactionValue { centimes } negotiationMarginBasisPoints rotationDays attractiveness newCarPrice { centimes } confidence scope sampleSize } } }";
const MINE: &str = "{ getMyValuations { id model estimate { adValue { withCurrency } } } }";
const ONE: &str = "query($id: String!) { getValuation(id: $id) { id contactName estimate { confidence } } }";
const RESEND: &str = "mutation($id: String!) { resendValuationEmail(id: $id) { id emailsSent } }";
const RULES: &str = "{ getValuationRules { origins reasons conditions limitPerAccount windowDays yearMin yearMax } }";

async fn call(s: &TestServer, token: Option<&str>, lang: &str, query: &str, variables: Value) -> Value {
    s.gql_as(token, &[("Accept-Language", lang)], query, variables).await
}

/// The seeded listings' price law: 200,000 DH new, −10 % a year, −2 % per 10,000 km.
fn law(now_year: i64, year: i64, mileage: i64) -> f64 {
    200_000.0 * (-0.10 * (now_year - year) as f64 - 0.02 * mileage as f64 / 10_000.0).exp()
}

/// A dealer with 48 Dacia Logan ads for sale (8 model years, ±3 % around the law) and three new
/// Logans at 150,000, 160,000 and 170,000 DH.
async fn market(s: &TestServer) {
    let (_, seller) = sign_up(&s.base, shop("auto.cote@example.ma", "0661100001")).await;
    let at = now();
    let this_year = year_of(at);
    let mut ads: Vec<Ad> = Vec::new();
    for i in 0..48_i64 {
        let year = this_year - 1 - (i % 8);
        let mileage = (this_year - year) * 15_000 + (i % 5) * 3_000;
        let noise = 1.0 + 0.03 * ((i * 37 % 7) as f64 - 3.0) / 3.0;
        let price = (law(this_year, year, mileage) * noise).round() as i64;
        let params = BTreeMap::from([
            ("brand".to_string(), ParamValue::Text("dacia".into())),
            ("model".to_string(), ParamValue::Text("logan".into())),
            ("year".to_string(), ParamValue::Number(year)),
            ("mileage".to_string(), ParamValue::Number(mileage)),
            ("fuel".to_string(), ParamValue::Text("diesel".into())),
            ("gearbox".to_string(), ParamValue::Text("manuelle".into())),
        ]);
        ads.push(Ad {
            price: Some(Money::from_dirhams(price)),
            params,
            ..active_ad(&format!("car-{i}"), 7000 + i, seller, 2010, 1, "Dacia Logan", at - (i % 20) * 86_400)
        });
    }
    for (i, price) in [150_000, 160_000, 170_000].into_iter().enumerate() {
        let params = BTreeMap::from([
            ("brand".to_string(), ParamValue::Text("dacia".into())),
            ("model".to_string(), ParamValue::Text("logan".into())),
            ("year".to_string(), ParamValue::Number(this_year)),
        ]);
        ads.push(Ad {
            price: Some(Money::from_dirhams(price)),
            params,
            ..active_ad(&format!("new-{i}"), 7900 + i as i64, seller, 2072, 1, "Dacia Logan neuve", at)
        });
    }
    s.store.insert_ads(ads).await.expect("ads");
}

fn input(model: &str) -> Value {
    json!({
        "brand": "dacia", "model": model, "fuel": "diesel", "gearbox": "manuelle", "year": year_of(now()) - 4,
        "phase": "phase_2", "version": "1.5 dCi Lauréate", "realPower": 90, "fiscalPower": 6, "origin": "ww_au_maroc", "mileage": 60000,
        "bodyCondition": "good", "reason": "sell", "contactName": "Amina Benali", "phone": "06 12 34 56 78",
        "email": "amina.cote@example.ma", "termsAccepted": true,
    })
}

fn with(change: Value, model: &str) -> Value {
    let mut i = input(model);
    for (k, v) in change.as_object().expect("change") {
        i[k] = v.clone();
    }
    i
}

fn has_arabic(text: &str) -> bool {
    text.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c))
}

#[actix_web::test]
async fn a_valuation_is_estimated_from_live_car_ads_stored_emailed_and_resent() {
    let s = start("valuation-estimate", |_| {}).await;
    market(&s).await;
    let (token, id) = sign_up(&s.base, shop("amina.account@example.ma", "0662100001")).await;

    let rules = call(&s, None, "fr", RULES, json!({})).await;
    let r = &rules["data"]["getValuationRules"];
    assert_eq!(r["limitPerAccount"], s.state.settings.valuation.limit_per_account, "{rules}");
    assert!(r["reasons"].as_array().expect("reasons").contains(&json!("sell")));

    let visitor = call(&s, None, "fr", REQUEST, json!({ "i": input("logan") })).await;
    assert_eq!(code(&visitor), "LOGIN_REQUIRED", "{visitor}");

    let body = call(&s, Some(&token), "fr", REQUEST, json!({ "i": input("logan") })).await;
    let v = &body["data"]["requestValuation"];
    assert_eq!(
        (v["phone"].as_str(), v["email"].as_str()),
        (Some("0612345678"), Some("amina.cote@example.ma")),
        "{body}"
    );
    let e = &v["estimate"];
    let this_year = year_of(now());
    let truth = law(this_year, this_year - 4, 60_000);
    let ad_value = e["adValue"]["centimes"].as_i64().expect("ad value") as f64 / 100.0;
    assert!((ad_value - truth).abs() / truth < 0.03, "ad value {ad_value} against the law's {truth}");
    let (low, high) = (e["low"]["centimes"].as_i64().unwrap_or(0), e["high"]["centimes"].as_i64().unwrap_or(0));
    assert!(low < (truth * 100.0) as i64 && (truth * 100.0) as i64 <= high, "{e}");
    assert!(e["transactionValue"]["centimes"].as_i64() < e["adValue"]["centimes"].as_i64());
    assert_eq!(e["negotiationMarginBasisPoints"], 800);
    assert_eq!(e["newCarPrice"]["centimes"], 16_000_000, "median of the new Logans");
    assert_eq!((e["scope"].as_str(), e["confidence"].as_i64()), (Some("model"), Some(5)), "{e}");
    assert!(e["rotationDays"].as_i64().is_some_and(|d| (5..=14).contains(&d)), "{e}");
    assert_eq!(v["emailsSent"], 1);
    assert_eq!(v["phase"], "phase_2");
    common::chat::wait_for_mails(&s.data_dir, "amina.cote@example.ma", "valuation_estimate", 1).await;

    let valuation_id = v["id"].as_str().expect("id").to_string();
    let resent = call(&s, Some(&token), "ar", RESEND, json!({ "id": valuation_id })).await;
    assert_eq!(resent["data"]["resendValuationEmail"]["emailsSent"], 2, "{resent}");
    common::chat::wait_for_mails(&s.data_dir, "amina.cote@example.ma", "valuation_estimate", 2).await;

    let mine = call(&s, Some(&token), "fr", MINE, json!({})).await;
    assert_eq!(mine["data"]["getMyValuations"][0]["id"], valuation_id.as_str(), "{mine}");
    let one = call(&s, Some(&token), "fr", ONE, json!({ "id": valuation_id })).await;
    assert_eq!(one["data"]["getValuation"]["contactName"], "Amina Benali", "{one}");
    let stored = s.store.account_valuations(id, 10).await.expect("read");
    assert_eq!((stored.len(), stored[0].emails_sent, stored[0].lang.as_str()), (1, 2, "fr"));
}

#[actix_web::test]
async fn every_rule_of_spec_5_answers_in_french_and_arabic_and_stores_nothing() {
    let s = start("valuation-rules", |_| {}).await;
    market(&s).await;
    let (token, id) = sign_up(&s.base, shop("rules.account@example.ma", "0662100002")).await;
    let cases = [
        (json!({ "brand": "" }), ErrorCode::Required),
        (json!({ "model": "" }), ErrorCode::Required),
        (json!({ "fuel": "" }), ErrorCode::Required),
        (json!({ "gearbox": "" }), ErrorCode::Required),
        (json!({ "year": null }), ErrorCode::Required),
        (json!({ "version": " " }), ErrorCode::Required),
        (json!({ "realPower": null }), ErrorCode::Required),
        (json!({ "fiscalPower": null }), ErrorCode::Required),
        (json!({ "origin": "" }), ErrorCode::Required),
        (json!({ "mileage": null }), ErrorCode::Required),
        (json!({ "mileage": -10 }), ErrorCode::InvalidArgument),
        (json!({ "phase": "phase_9" }), ErrorCode::InvalidArgument),
        (json!({ "brand": "licorne" }), ErrorCode::InvalidArgument),
        (json!({ "reason": "" }), ErrorCode::Required),
        (json!({ "reason": "spéculer" }), ErrorCode::InvalidArgument),
        (json!({ "contactName": "" }), ErrorCode::Required),
        (json!({ "contactName": "A" }), ErrorCode::InvalidName),
        (json!({ "phone": "12345" }), ErrorCode::InvalidPhone),
        (json!({ "email": "amina@" }), ErrorCode::InvalidEmail),
        (json!({ "termsAccepted": false }), ErrorCode::ValuationTermsRequired),
    ];
    for (change, want) in cases {
        let i = with(change.clone(), "logan");
        let in_fr = call(&s, Some(&token), "fr", REQUEST, json!({ "i": i.clone() })).await;
        assert_eq!(code(&in_fr), want.code(), "{change}: {in_fr}");
        assert_eq!(in_fr["errors"][0]["message"], want.message(Lang::Fr), "{in_fr}");
        let in_ar = call(&s, Some(&token), "ar", REQUEST, json!({ "i": i })).await;
        assert_eq!(code(&in_ar), want.code(), "{in_ar}");
        assert_eq!(in_ar["errors"][0]["message"], want.message(Lang::Ar));
        assert!(has_arabic(in_ar["errors"][0]["message"].as_str().unwrap_or("")));
    }
    assert_eq!(
        ErrorCode::ValuationTermsRequired.message(Lang::Fr),
        "Veuillez accepter les conditions d'utilisation",
        "the terms rule's own wording"
    );
    assert!(s.store.account_valuations(id, 10).await.expect("read").is_empty(), "refused requests store nothing");
}

#[actix_web::test]
async fn the_per_user_limit_answers_limit_reached() {
    let s = start("valuation-limit", |settings| settings.valuation.limit_per_account = 2).await;
    market(&s).await;
    let (token, id) = sign_up(&s.base, shop("limit.account@example.ma", "0662100003")).await;
    for _ in 0..2 {
        let ok = call(&s, Some(&token), "fr", REQUEST, json!({ "i": input("logan") })).await;
        assert!(ok["data"]["requestValuation"]["id"].is_string(), "{ok}");
    }
    let third = call(&s, Some(&token), "fr", REQUEST, json!({ "i": input("logan") })).await;
    assert_eq!(code(&third), "VALUATION_LIMIT_REACHED", "{third}");
    assert_eq!(third["errors"][0]["message"], "Vous avez atteint la limite de 2 estimations sur 30 jours");
    let in_ar = call(&s, Some(&token), "ar", REQUEST, json!({ "i": input("logan") })).await;
    let ar = in_ar["errors"][0]["message"].as_str().unwrap_or("");
    assert!(has_arabic(ar) && ar.contains('2') && ar.contains("30"), "{in_ar}");
    assert_eq!(s.store.account_valuations(id, 10).await.expect("read").len(), 2, "the refused third is not stored");
    // Another account has its own allowance.
    let (other, _) = sign_up(&s.base, shop("limit.other@example.ma", "0662100004")).await;
    let theirs = call(&s, Some(&other), "fr", REQUEST, json!({ "i": input("logan") })).await;
    assert!(theirs["data"]["requestValuation"]["id"].is_string(), "{theirs}");
}

#[actix_web::test]
async fn too_few_comparables_could_not_evaluate_and_store_nothing() {
    let s = start("valuation-not-possible", |_| {}).await;
    market(&s).await;
    let (token, id) = sign_up(&s.base, shop("duster.account@example.ma", "0662100005")).await;
    // No Duster listed, and the brand's listings are all within the year window of a Logan only.
    let mut old = input("duster");
    old["year"] = json!(2005);
    for lang in ["fr", "ar"] {
        let body = call(&s, Some(&token), lang, REQUEST, json!({ "i": old.clone() })).await;
        assert_eq!(code(&body), "VALUATION_NOT_POSSIBLE", "{body}");
        let want = ErrorCode::ValuationNotPossible.message(if lang == "fr" { Lang::Fr } else { Lang::Ar });
        assert_eq!(body["errors"][0]["message"], want);
    }
    // A brand with no listing at all.
    let mut renault = input("clio");
    renault["brand"] = json!("renault");
    let body = call(&s, Some(&token), "fr", REQUEST, json!({ "i": renault })).await;
    assert_eq!(code(&body), "VALUATION_NOT_POSSIBLE", "{body}");
    assert!(s.store.account_valuations(id, 10).await.expect("read").is_empty());
}

#[actix_web::test]
async fn another_account_is_refused() {
    let s = start("valuation-rights", |_| {}).await;
    market(&s).await;
    let (amina, _) = sign_up(&s.base, shop("amina.rights@example.ma", "0662100006")).await;
    let (karim, _) = sign_up(&s.base, shop("karim.rights@example.ma", "0662100007")).await;
    let body = call(&s, Some(&amina), "fr", REQUEST, json!({ "i": input("logan") })).await;
    let valuation_id = body["data"]["requestValuation"]["id"].as_str().expect("id").to_string();

    let other = call(&s, Some(&karim), "fr", ONE, json!({ "id": valuation_id })).await;
    assert_eq!(code(&other), "PERMISSION_DENIED", "{other}");
    assert!(other["data"].is_null() || other["data"]["getValuation"].is_null());
    let resend = call(&s, Some(&karim), "ar", RESEND, json!({ "id": valuation_id })).await;
    assert_eq!(code(&resend), "PERMISSION_DENIED", "{resend}");
    let theirs = call(&s, Some(&karim), "fr", MINE, json!({})).await;
    assert_eq!(theirs["data"]["getMyValuations"], json!([]), "{theirs}");
    let anonymous = call(&s, None, "fr", ONE, json!({ "id": valuation_id })).await;
    assert_eq!(code(&anonymous), "LOGIN_REQUIRED");
    let unknown = call(&s, Some(&karim), "fr", ONE, json!({ "id": "0190a0a0-0000-7000-8000-000000000000" })).await;
    assert_eq!(code(&unknown), "NOT_FOUND", "{unknown}");
    let stored = s.store.find_valuation(&valuation_id).await.expect("find").expect("still there");
    assert_eq!(stored.emails_sent, 1, "the refused resend sent nothing");
}
