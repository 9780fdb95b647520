//! The loan simulator and pre-approved credit requests over GraphQL (issue 25, docs/credit.md):
//! the offer reads the configured terms of the ad's group; the simulation gives the formula's
//! figure and refuses a negative down payment or one above the price in French and Arabic; a
//! credit request is checked field by field (spec §5), stored, acknowledged by e-mail, readable
//! by its requester and by admins only — a refused request stores nothing.

mod common;

use common::chat::{shop, sign_up};
use common::{TestServer, active_ad, code, now, start};
use serde_json::{Value, json};
use souk_domain::account::Role;
use souk_domain::money::Money;
use souk_storage::accounts::AccountStore;
use souk_storage::ads::AdStore;
use souk_storage::credit::CreditRequestStore;

const OFFER: &str = "query($l: Int!) { getLoanOffer(listId: $l) { listId categoryGroup price { centimes } rateBasisPoints durations defaultMonths defaultDownPayment creditAgeMin creditAgeMax financingTypes borrowerProfiles } }";
const SIMULATE: &str = "query($l: Int!, $d: Int!, $m: Int!) { simulateLoan(listId: $l, downPayment: $d, months: $m) { principal { centimes } monthlyPayment { centimes withCurrency } totalRepaid { centimes } totalCost { centimes } } }";
const SUBMIT: &str = "mutation($i: CreditRequestInput!) { submitCreditRequest(input: $i) { id accountId listId amount { centimes } months monthlyPayment { centimes } profession financingType age borrowerProfile } }";
const MINE: &str = "{ getMyCreditRequests { id adTitle } }";
const ONE: &str = "query($id: String!) { getCreditRequest(id: $id) { id profession } }";
const DESK: &str =
    "{ getCreditRequests(page: 1, size: 20) { total requests { id accountId profession amount { withCurrency } } } }";

const CAR: i64 = 501;
const FLAT: i64 = 502;
const SOFA: i64 = 503;

async fn call(s: &TestServer, token: Option<&str>, lang: &str, query: &str, variables: Value) -> Value {
    s.gql_as(token, &[("Accept-Language", lang)], query, variables).await
}

/// A seller with a 100 000 DH car, a 1 200 000 DH flat and a 2 500 DH sofa online.
async fn market(s: &TestServer) {
    let (_, seller) = sign_up(&s.base, shop("auto.atlas@example.ma", "0661000001")).await;
    let at = now();
    let ads = [
        (CAR, 2010, "Dacia Logan 2019", 100_000),
        (FLAT, 1010, "Appartement 3 chambres Maârif", 1_200_000),
        (SOFA, 6020, "Canapé d'angle", 2_500),
    ];
    let ads = ads
        .into_iter()
        .map(|(list_id, category, title, price)| souk_domain::ad::Ad {
            price: Some(Money::from_dirhams(price)),
            ..active_ad(&format!("ad-{list_id}"), list_id, seller, category, 1, title, at)
        })
        .collect();
    s.store.insert_ads(ads).await.expect("ads");
}

/// A signed-in requester with an e-mail address; answers (token, account id).
async fn requester(s: &TestServer, email: &str, phone: &str) -> (String, i64) {
    sign_up(&s.base, shop(email, phone)).await
}

fn request(list_id: i64) -> Value {
    json!({
        "listId": list_id, "downPayment": 20000, "months": 68, "profession": "Infirmière",
        "amount": 80000, "financingType": "CLASSIC", "age": 34, "borrowerProfile": "CIVIL_SERVANT",
    })
}

#[actix_web::test]
async fn the_simulator_reads_the_configured_terms_and_computes_the_formula() {
    let s = start("credit-simulator", |_| {}).await;
    market(&s).await;
    let car = call(&s, None, "fr", OFFER, json!({ "l": CAR })).await;
    let o = &car["data"]["getLoanOffer"];
    assert_eq!(o["categoryGroup"], "vehicles", "{car}");
    assert_eq!(o["price"]["centimes"], 10_000_000);
    assert_eq!(o["rateBasisPoints"], s.state.settings.credit.vehicles.rate_basis_points);
    assert!(o["durations"].as_array().expect("durations").contains(&json!(68)));
    assert_eq!((o["defaultMonths"].clone(), o["defaultDownPayment"].clone()), (json!(68), json!(20000)));
    assert_eq!((o["creditAgeMin"].clone(), o["creditAgeMax"].clone()), (json!(18), json!(100)));
    assert_eq!(o["financingTypes"], json!(["CLASSIC", "PARTICIPATIVE"]));
    let flat = call(&s, None, "fr", OFFER, json!({ "l": FLAT })).await;
    assert_eq!(flat["data"]["getLoanOffer"]["categoryGroup"], "realEstate", "{flat}");
    assert_eq!(flat["data"]["getLoanOffer"]["rateBasisPoints"], s.state.settings.credit.real_estate.rate_basis_points);
    // Every ad view asks: an ad without a simulator is answered null, not refused.
    let sofa = call(&s, None, "fr", OFFER, json!({ "l": SOFA })).await;
    assert_eq!((code(&sofa), sofa["data"]["getLoanOffer"].clone()), ("none", Value::Null), "{sofa}");
    let sofa_loan = call(&s, None, "ar", SIMULATE, json!({ "l": SOFA, "d": 0, "m": 68 })).await;
    assert_eq!(code(&sofa_loan), "LOAN_NOT_OFFERED", "{sofa_loan}");
    let gone = call(&s, None, "fr", OFFER, json!({ "l": 999_999 })).await;
    assert_eq!(code(&gone), "AD_NOT_FOUND", "{gone}");

    // Spec §9's illustration: 80 000 DH over 68 months (a 100 000 DH car, 20 000 DH down).
    let sim = call(&s, None, "fr", SIMULATE, json!({ "l": CAR, "d": 20000, "m": 68 })).await;
    let p = &sim["data"]["simulateLoan"];
    assert_eq!(p["principal"]["centimes"], 8_000_000, "{sim}");
    let expected =
        souk_domain::loan::monthly_payment(8_000_000, s.state.settings.credit.vehicles.rate_basis_points, 68);
    assert_eq!(p["monthlyPayment"]["centimes"], expected);
    assert_eq!(p["totalRepaid"]["centimes"], expected * 68);
    assert_eq!(p["totalCost"]["centimes"], expected * 68 - 8_000_000);
    let whole = call(&s, None, "fr", SIMULATE, json!({ "l": CAR, "d": 100000, "m": 68 })).await;
    assert_eq!(whole["data"]["simulateLoan"]["monthlyPayment"]["centimes"], 0, "{whole}");
}

#[actix_web::test]
async fn the_down_payment_rules_answer_in_french_and_arabic() {
    let s = start("credit-down-payment", |_| {}).await;
    market(&s).await;
    let cases = [
        (
            -1,
            68,
            "LOAN_DOWN_PAYMENT_NEGATIVE",
            "L'apport ne peut pas être négatif",
            "لا يمكن أن تكون الدفعة الأولى سالبة",
        ),
        (
            100_001,
            68,
            "LOAN_DOWN_PAYMENT_ABOVE_PRICE",
            "L'apport ne peut pas dépasser le prix",
            "لا يمكن أن تتجاوز الدفعة الأولى الثمن",
        ),
        (0, 61, "LOAN_DURATION_NOT_OFFERED", "Cette durée de crédit n'est pas proposée", "مدة القرض هذه غير متاحة"),
    ];
    for (down, months, want, fr, ar) in cases {
        let vars = json!({ "l": CAR, "d": down, "m": months });
        let in_fr = call(&s, None, "fr", SIMULATE, vars.clone()).await;
        assert_eq!(code(&in_fr), want, "{in_fr}");
        assert_eq!(in_fr["errors"][0]["message"], fr);
        let in_ar = call(&s, None, "ar", SIMULATE, vars).await;
        assert_eq!(in_ar["errors"][0]["message"], ar, "{in_ar}");
    }
}

#[actix_web::test]
async fn a_credit_request_is_stored_acknowledged_and_refused_field_by_field() {
    let s = start("credit-request", |_| {}).await;
    market(&s).await;
    let (token, id) = requester(&s, "salma.credit@example.ma", "0662000002").await;

    let visitor = call(&s, None, "fr", SUBMIT, json!({ "i": request(CAR) })).await;
    assert_eq!(code(&visitor), "LOGIN_REQUIRED", "{visitor}");

    // Every rule of spec §5, in both languages; nothing is stored by a refused request.
    let refused = [
        (
            json!({ "age": 17 }),
            "CREDIT_AGE_INVALID",
            "L'âge doit être compris entre 18 et 100 ans",
            "يجب أن يكون العمر بين 18 و100 سنة",
        ),
        (
            json!({ "age": 101 }),
            "CREDIT_AGE_INVALID",
            "L'âge doit être compris entre 18 et 100 ans",
            "يجب أن يكون العمر بين 18 و100 سنة",
        ),
        (
            json!({ "amount": 0 }),
            "CREDIT_AMOUNT_INVALID",
            "Le montant du crédit doit être positif et ne pas dépasser le prix",
            "يجب أن يكون مبلغ القرض موجبًا وألا يتجاوز الثمن",
        ),
        (
            json!({ "amount": 100_001 }),
            "CREDIT_AMOUNT_INVALID",
            "Le montant du crédit doit être positif et ne pas dépasser le prix",
            "يجب أن يكون مبلغ القرض موجبًا وألا يتجاوز الثمن",
        ),
        (
            json!({ "downPayment": -5 }),
            "LOAN_DOWN_PAYMENT_NEGATIVE",
            "L'apport ne peut pas être négatif",
            "لا يمكن أن تكون الدفعة الأولى سالبة",
        ),
        (
            json!({ "downPayment": 100_001 }),
            "LOAN_DOWN_PAYMENT_ABOVE_PRICE",
            "L'apport ne peut pas dépasser le prix",
            "لا يمكن أن تتجاوز الدفعة الأولى الثمن",
        ),
        (json!({ "profession": "   " }), "REQUIRED", "", ""),
        (json!({ "listId": SOFA }), "LOAN_NOT_OFFERED", "", ""),
    ];
    for (change, want, fr, ar) in refused {
        let mut input = request(CAR);
        for (k, v) in change.as_object().expect("change") {
            input[k] = v.clone();
        }
        let in_fr = call(&s, Some(&token), "fr", SUBMIT, json!({ "i": input.clone() })).await;
        assert_eq!(code(&in_fr), want, "{change}: {in_fr}");
        let in_ar = call(&s, Some(&token), "ar", SUBMIT, json!({ "i": input })).await;
        assert_eq!(code(&in_ar), want, "{in_ar}");
        if !fr.is_empty() {
            assert_eq!(
                (in_fr["errors"][0]["message"].as_str(), in_ar["errors"][0]["message"].as_str()),
                (Some(fr), Some(ar))
            );
        }
        assert!(
            in_ar["errors"][0]["message"]
                .as_str()
                .is_some_and(|m| m.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)))
        );
    }
    assert_eq!(s.store.account_credit_requests(id, 10).await.expect("read").len(), 0, "refused requests store nothing");

    let body = call(&s, Some(&token), "ar", SUBMIT, json!({ "i": request(CAR) })).await;
    let saved = &body["data"]["submitCreditRequest"];
    assert_eq!(saved["accountId"], id, "{body}");
    assert_eq!(saved["amount"]["centimes"], 8_000_000);
    assert_eq!(
        (saved["financingType"].clone(), saved["borrowerProfile"].clone()),
        (json!("classic"), json!("civil_servant"))
    );
    let rate = s.state.settings.credit.vehicles.rate_basis_points;
    assert_eq!(saved["monthlyPayment"]["centimes"], souk_domain::loan::monthly_payment(8_000_000, rate, 68));
    let stored = s.store.account_credit_requests(id, 10).await.expect("read");
    assert_eq!(stored.len(), 1);
    assert_eq!((stored[0].age, stored[0].profession.as_str(), stored[0].lang.as_str()), (34, "Infirmière", "ar"));
    common::chat::wait_for_mails(&s.data_dir, "salma.credit@example.ma", "credit_request_received", 1).await;

    let mine = call(&s, Some(&token), "fr", MINE, json!({})).await;
    assert_eq!(mine["data"]["getMyCreditRequests"][0]["adTitle"], "Dacia Logan 2019", "{mine}");

    // At most 10 stored a day per account (the refused ones above did not count).
    for _ in 1..souk_domain::limits::CREDIT_REQUESTS_PER_ACCOUNT.max {
        let more = call(&s, Some(&token), "fr", SUBMIT, json!({ "i": request(CAR) })).await;
        assert_eq!(code(&more), "none", "{more}");
    }
    let over = call(&s, Some(&token), "ar", SUBMIT, json!({ "i": request(CAR) })).await;
    assert_eq!(code(&over), "TOO_MANY_ATTEMPTS", "{over}");
    assert_eq!(s.store.account_credit_requests(id, 20).await.expect("read").len(), 10);
}

#[actix_web::test]
async fn only_the_requester_and_admins_read_a_request() {
    let s = start("credit-rights", |_| {}).await;
    market(&s).await;
    let (salma, _) = requester(&s, "salma.rights@example.ma", "0662000003").await;
    let (karim, _) = requester(&s, "karim.rights@example.ma", "0662000004").await;
    let body = call(&s, Some(&salma), "fr", SUBMIT, json!({ "i": request(CAR) })).await;
    let request_id = body["data"]["submitCreditRequest"]["id"].as_str().expect("id").to_string();

    let own = call(&s, Some(&salma), "fr", ONE, json!({ "id": request_id })).await;
    assert_eq!(own["data"]["getCreditRequest"]["profession"], "Infirmière", "{own}");
    let other = call(&s, Some(&karim), "fr", ONE, json!({ "id": request_id })).await;
    assert_eq!(code(&other), "CREDIT_REQUEST_NOT_FOUND", "{other}");
    assert!(other["data"].is_null() || other["data"]["getCreditRequest"].is_null());
    let others_list = call(&s, Some(&karim), "fr", MINE, json!({})).await;
    assert_eq!(others_list["data"]["getMyCreditRequests"], json!([]), "{others_list}");
    let anonymous = call(&s, None, "fr", ONE, json!({ "id": request_id })).await;
    assert_eq!(code(&anonymous), "LOGIN_REQUIRED");

    let not_admin = call(&s, Some(&karim), "ar", DESK, json!({})).await;
    assert_eq!(code(&not_admin), "PERMISSION_DENIED", "{not_admin}");
    let visitor = call(&s, None, "fr", DESK, json!({})).await;
    assert_eq!(code(&visitor), "LOGIN_REQUIRED");

    let (_, admin_id) = requester(&s, "nadia.admin@example.ma", "0662000005").await;
    s.store.set_roles(admin_id, vec![Role::Admin]).await.expect("promote");
    let login = call(
        &s,
        None,
        "fr",
        "mutation { loginByIdentifier(identifier: \"0662000005\", password: \"secret1\") { accessToken } }",
        json!({}),
    )
    .await;
    let admin = login["data"]["loginByIdentifier"]["accessToken"].as_str().expect("admin token").to_string();
    let desk = call(&s, Some(&admin), "fr", DESK, json!({})).await;
    let page = &desk["data"]["getCreditRequests"];
    assert_eq!(page["total"], 1, "{desk}");
    assert_eq!(page["requests"][0]["id"], request_id.as_str());
    assert_eq!(page["requests"][0]["amount"]["withCurrency"], "80 000 DH");
    let read = call(&s, Some(&admin), "fr", ONE, json!({ "id": request_id })).await;
    assert_eq!(read["data"]["getCreditRequest"]["id"], request_id.as_str(), "{read}");
    assert_eq!(s.store.find_credit_request(&request_id).await.expect("find").map(|r| r.age), Some(34));
}
