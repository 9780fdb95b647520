//! Boosts, balances and payments through the gateway (issue 24, docs/payments.md): the boost
//! offer is the domain's catalogue; a pack paid with the sandbox card goes pending → ongoing →
//! paid with an invoice, starts in its slot at least a day later and then shows in the premium
//! places; a declined card leaves the order waiting with its failure; the providers' callbacks
//! are signed, fresh and applied once; a shop pays with points and every spec §8 refusal is
//! exact in French and Arabic and stores nothing; another account reads and changes nothing;
//! the invoice PDF is the caller's only.

mod common;

use common::{TestServer, active_ad, code, now, start};
use reqwest::StatusCode;
use serde_json::{Value, json};
use souk_domain::ad::Ad;
use souk_domain::balances::{Balance, EntryReason};
use souk_domain::money::Money;
use souk_domain::packs::{self, CategoryGroup, PACK_START_DELAY_SECONDS};
use souk_services::payments::sign_callback;
use souk_storage::ads::AdStore;
use souk_storage::payments::PaymentStore;

const PACKS: &str = "query($id: String!) { getVasPacks(adId: $id) {
  adId group isShop shopDiscountPercent eligible ineligibleReason
  packs { id kind durationDays price { centimes } listPrice { centimes } pricePerDay { centimes } viewMultiplier expectedReach points tokens }
  methods { method available offline extraFee { centimes } }
  slots { earliestDate latestDate parts { id from to earliestDate } }
  balances { points { count expired } tokens { count } } } }";
const ORDER: &str = "mutation($i: VasPackOrderInputNode!) { orderVasPack(input: $i) {
  id code method status purpose packId packKind durationDays slotDate slotPart packStart packEnd units failure
  redirectUrl invoiceNumber invoiceUrl total { centimes } paidAt } }";
const ONE: &str = "query($id: String!) { getMyPaymentOrder(id: $id) {
  id status failure packStart packEnd invoiceNumber invoiceUrl redirectUrl paidAt total { centimes } } }";
const BALANCES: &str = "{ getMyBalances { points { count expiryDate expired } tokens { count } } }";
const PREMIUM: &str = "{ getPremiumAds(limit: 50) { adId } }";

async fn call(s: &TestServer, token: Option<&str>, lang: &str, query: &str, variables: Value) -> Value {
    s.gql_as(token, &[("Accept-Language", lang)], query, variables).await
}

fn wording(body: &Value) -> &str {
    body["errors"][0]["message"].as_str().unwrap_or("")
}

/// Signs up an account (`input` of registerAccount); answers (token, account id).
async fn sign_up(s: &TestServer, input: Value) -> (String, i64) {
    let q = "mutation($i: RegisterAccountInput!) { registerAccount(input: $i) { login { accessToken } info { id } } }";
    let body = call(s, None, "fr", q, json!({ "i": input })).await;
    let p = &body["data"]["registerAccount"];
    (p["login"]["accessToken"].as_str().expect("token").into(), p["info"]["id"].as_i64().expect("id"))
}

async fn private(s: &TestServer, phone: &str) -> (String, i64) {
    sign_up(s, json!({ "type": "private", "name": "Nadia Chraibi", "phone": phone, "cityId": 1, "password": "secret1", "passwordConfirmation": "secret1" })).await
}

async fn shop(s: &TestServer, phone: &str, email: &str) -> (String, i64) {
    sign_up(s, json!({ "type": "shop", "name": "Atlas Meubles", "email": email, "phone": phone, "cityId": 1, "password": "secret1", "shopCategory": 6020, "plan": "premium" })).await
}

/// An active ad of `category_id` with one photo (or none), written straight into the store.
async fn seed(s: &TestServer, owner: i64, list_id: i64, category_id: u32, photo: bool) -> String {
    let ad_id = format!("boost-{list_id}");
    s.store
        .insert_ads(vec![Ad {
            price: Some(Money::from_dirhams(800)),
            images: if photo { vec!["demo/table.jpg".into()] } else { vec![] },
            ..active_ad(&ad_id, list_id, owner, category_id, 1, &format!("Table basse {list_id}"), now() - 3 * 86_400)
        }])
        .await
        .expect("seed");
    ad_id
}

/// The first date and part the picker offers.
async fn first_slot(s: &TestServer, token: &str, ad: &str) -> (String, String) {
    let body = call(s, Some(token), "fr", PACKS, json!({ "id": ad })).await;
    let slots = &body["data"]["getVasPacks"]["slots"];
    // The evening of the first date offered is always open 24 hours ahead.
    (slots["earliestDate"].as_str().expect("date").into(), "evening".into())
}

fn input(ad: &str, pack: &str, date: &str, part: &str, method: &str) -> Value {
    json!({ "i": { "adId": ad, "packId": pack, "slotDate": date, "slotPart": part, "method": method } })
}

/// Follows the sandbox card page: opens it (the order becomes ongoing) and posts `number`;
/// answers where the provider sends the buyer.
async fn pay_by_card(s: &TestServer, redirect: &str, number: &str) -> String {
    let (status, _, page) = s.get_no_redirect(redirect).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(page.contains("<form") && page.contains("name=\"number\""), "the card form");
    let sig = redirect.split("sig=").nth(1).expect("sig").to_string();
    let path = redirect.split('?').next().expect("path");
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("client");
    let res = client
        .post(format!("{}{path}", s.base))
        .form(&[("sig", sig.as_str()), ("lang", "fr"), ("number", number), ("expiry", "12/30"), ("cvc", "123")])
        .send()
        .await
        .expect("post");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    res.headers().get("location").and_then(|v| v.to_str().ok()).expect("location").to_string()
}

async fn order_of(s: &TestServer, token: &str, id: &str) -> Value {
    call(s, Some(token), "fr", ONE, json!({ "id": id })).await["data"]["getMyPaymentOrder"].clone()
}

fn unix(rfc: &str) -> i64 {
    let date = souk_domain::time::parse_date(&rfc[..10]).expect("date");
    let h: i64 = rfc[11..13].parse().expect("h");
    let m: i64 = rfc[14..16].parse().expect("m");
    let sec: i64 = rfc[17..19].parse().expect("s");
    date * 86_400 + h * 3600 + m * 60 + sec
}

#[actix_web::test]
async fn the_offer_is_the_catalogue_priced_for_the_ad_and_the_caller() {
    let s = start("boost-offer", |_| {}).await;
    let (seller, seller_id) = private(&s, "0611300001").await;
    let (shop_token, shop_id) = shop(&s, "0611300002", "atlas-offer@souk.ma").await;
    let table = seed(&s, seller_id, 710_001, 6020, true).await;
    let car = seed(&s, shop_id, 710_002, 2010, true).await;
    let bare = seed(&s, seller_id, 710_003, 6020, false).await;

    let body = call(&s, Some(&seller), "fr", PACKS, json!({ "id": table })).await;
    let o = &body["data"]["getVasPacks"];
    assert_eq!(
        (o["group"].as_str(), o["isShop"].as_bool(), o["eligible"].as_bool()),
        (Some("other"), Some(false), Some(true))
    );
    let packs = o["packs"].as_array().expect("packs");
    assert_eq!(packs.len(), packs::PACKS.len());
    for (p, offer) in packs.iter().zip(packs::PACKS) {
        assert_eq!(p["id"].as_str(), Some(offer.id().as_str()));
        assert_eq!(p["price"]["centimes"].as_i64(), Some(offer.price(CategoryGroup::Other, false).centimes()));
        assert_eq!(p["expectedReach"].as_f64(), Some(offer.expected_reach(false)));
        assert!(p["points"].is_null(), "points are a shop's");
    }
    let methods: Vec<_> = o["methods"]
        .as_array()
        .expect("methods")
        .iter()
        .map(|m| (m["method"].as_str().unwrap_or(""), m["available"].as_bool().unwrap_or(false)))
        .collect();
    assert!(
        methods.contains(&("cc", true))
            && methods.contains(&("points", false))
            && methods.contains(&("avitoken", true))
    );
    let morning = &o["slots"]["parts"][0];
    assert_eq!(
        (&morning["id"], &morning["from"], &morning["to"]),
        (&json!("morning"), &json!("08:00"), &json!("12:00"))
    );
    // Each part's first date is the picker's first date or the day after (the morning, asked after
    // noon); the evening always opens on the first date.
    let first = o["slots"]["earliestDate"].as_str().expect("date").to_string();
    for part in o["slots"]["parts"].as_array().expect("parts") {
        let opens = part["earliestDate"].as_str().expect("part date");
        assert!(opens >= first.as_str(), "{part}");
        assert!(part["id"] != "evening" || opens == first, "{part}");
    }

    // A shop's car: the vehicles' prices less 20 %, 2.5 times the reach, points.
    let body = call(&s, Some(&shop_token), "ar", PACKS, json!({ "id": car })).await;
    let o = &body["data"]["getVasPacks"];
    assert_eq!(
        (o["group"].as_str(), o["isShop"].as_bool(), o["shopDiscountPercent"].as_i64()),
        (Some("vehicles"), Some(true), Some(20))
    );
    let bump = &o["packs"][0];
    assert_eq!(bump["listPrice"]["centimes"], 6900);
    assert_eq!(bump["price"]["centimes"], 5520);
    assert_eq!(bump["expectedReach"], 22.5);
    assert_eq!(bump["points"], 56);

    // No photo: listed, not eligible (spec §5).
    let body = call(&s, Some(&seller), "fr", PACKS, json!({ "id": bare })).await;
    assert_eq!(body["data"]["getVasPacks"]["ineligibleReason"], "PACK_REQUIRES_IMAGE");
    // Another account's ad does not exist for the caller.
    let body = call(&s, Some(&shop_token), "fr", PACKS, json!({ "id": table })).await;
    assert_eq!(code(&body), "AD_NOT_FOUND");
}

#[actix_web::test]
async fn a_card_payment_goes_ongoing_then_paid_with_an_invoice_and_starts_a_day_later_in_its_slot() {
    let s = start("boost-card", |_| {}).await;
    let (seller, seller_id) = private(&s, "0611300011").await;
    let (other, _) = private(&s, "0611300012").await;
    let ad = seed(&s, seller_id, 710_011, 6020, true).await;
    let (date, part) = first_slot(&s, &seller, &ad).await;

    let body = call(&s, Some(&seller), "fr", ORDER, input(&ad, "bump-7", &date, &part, "cc")).await;
    let order = &body["data"]["orderVasPack"];
    assert_eq!(
        (order["status"].as_str(), order["purpose"].as_str(), order["packKind"].as_str()),
        (Some("pending"), Some("pack"), Some("bump")),
        "{body}"
    );
    assert_eq!(order["total"]["centimes"], 4900);
    assert!(order["invoiceNumber"].is_null());
    let id = order["id"].as_str().expect("id").to_string();
    let redirect = order["redirectUrl"].as_str().expect("card page").to_string();

    // Another account neither reads the order nor opens its card page with a forged link.
    assert_eq!(code(&call(&s, Some(&other), "fr", ONE, json!({ "id": id })).await), "NO_ORDER_IS_UPDATED");
    let (status, _, _) = s.get_no_redirect(&format!("/sandbox/card/{id}?sig=00ff")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // The declined test card: back to pending with the failure, to the failure page.
    let to = pay_by_card(&s, &redirect, "4000 0000 0000 0002").await;
    assert!(to.starts_with(&format!("/fr/payment/failure?order={id}")), "{to}");
    let now_order = order_of(&s, &seller, &id).await;
    assert_eq!(
        (now_order["status"].as_str(), now_order["failure"].as_str()),
        (Some("pending"), Some("INVALID_OPERATION"))
    );

    // The approved one: paid, numbered, and the pack's period set in its slot a day later.
    let to = pay_by_card(&s, &redirect, "4242424242424242").await;
    assert!(to.starts_with(&format!("/fr/payment/success?order={id}")), "{to}");
    let paid = order_of(&s, &seller, &id).await;
    assert_eq!(paid["status"], "paid");
    assert!(paid["failure"].is_null() && paid["redirectUrl"].is_null());
    let year = &paid["paidAt"].as_str().expect("paid at")[..4];
    assert_eq!(paid["invoiceNumber"].as_str(), Some(format!("F-{year}-000001").as_str()));
    let (start, end) = (unix(paid["packStart"].as_str().expect("start")), unix(paid["packEnd"].as_str().expect("end")));
    let paid_at = unix(paid["paidAt"].as_str().expect("paid"));
    assert!(start >= paid_at + PACK_START_DELAY_SECONDS, "about 24 hours after acceptance");
    let slot = packs::Slot::parse(&date, &part).expect("slot");
    let (from, to) = slot.window();
    let later = packs::Slot { day: slot.day + 1, part: slot.part }.window();
    assert!((from..to).contains(&start) || (later.0..later.1).contains(&start), "in the chosen part of the day");
    assert_eq!(end - start, 7 * 86_400);

    // Paying again through the card page changes nothing.
    let (status, _, page) = s.get_no_redirect(&redirect).await;
    assert_eq!(status, StatusCode::OK);
    assert!(!page.contains("name=\"number\""), "a paid order has no card form");
    // The ad shows the pack; it is not premium before its start.
    let premium = call(&s, None, "fr", PREMIUM, json!({})).await;
    assert!(!premium.to_string().contains(&ad), "not before its start");
    let packs_on_ad = s.store.vas_packs(&ad).await.expect("packs");
    assert_eq!(packs_on_ad.len(), 1);
    assert_eq!((packs_on_ad[0].name.as_str(), packs_on_ad[0].start_date), ("bump", start));
}

#[actix_web::test]
async fn a_pack_starts_and_shows_in_the_premium_places() {
    let s = start("boost-start", |c| c.packs.test_start_after_seconds = 1).await;
    let (seller, seller_id) = private(&s, "0611300021").await;
    let ad = seed(&s, seller_id, 710_021, 6020, true).await;
    let (date, part) = first_slot(&s, &seller, &ad).await;
    let body = call(&s, Some(&seller), "fr", ORDER, input(&ad, "gallery-7", &date, &part, "cc")).await;
    let redirect = body["data"]["orderVasPack"]["redirectUrl"].as_str().expect("card page").to_string();
    pay_by_card(&s, &redirect, "4242424242424242").await;
    // The scheduler's pack_start job runs at the start; the premium places show the ad then.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let premium = call(&s, None, "fr", PREMIUM, json!({})).await;
        if premium.to_string().contains(&ad) {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "the gallery pack never reached the premium places: {premium}");
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
}

async fn callback(s: &TestServer, provider: &str, secret: &str, at: i64, event: Value) -> (StatusCode, Value) {
    let body = serde_json::to_vec(&event).expect("json");
    let sig = sign_callback(secret, at, &body);
    s.raw(
        &format!("/payments/callback/{provider}"),
        &[("X-Souk-Timestamp", &at.to_string()), ("X-Souk-Signature", &sig)],
        body,
    )
    .await
}

#[actix_web::test]
async fn callbacks_are_signed_fresh_and_applied_once() {
    let s = start("boost-callbacks", |_| {}).await;
    let (seller, seller_id) = private(&s, "0611300031").await;
    let ad = seed(&s, seller_id, 710_031, 6020, true).await;
    let (date, part) = first_slot(&s, &seller, &ad).await;
    let body = call(&s, Some(&seller), "fr", ORDER, input(&ad, "highlight-7", &date, &part, "cashPlus")).await;
    let order = &body["data"]["orderVasPack"];
    let (id, code_) =
        (order["id"].as_str().expect("id").to_string(), order["code"].as_str().expect("code").to_string());
    let total = order["total"]["centimes"].as_i64().expect("total");
    assert_eq!(total, 2900 + 250, "an agency adds 2,50 DH");
    let agency = "sandbox-agency-secret";
    let event = |n: &str| json!({ "eventId": n, "code": code_, "status": "paid", "amountCentimes": total });

    // Wrong secret, stale timestamp, no signature: refused, nothing paid.
    let (status, body) = callback(&s, "agency", "not-the-secret-at-all", now(), event("e1")).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::UNAUTHORIZED, Some("INVALID_TOKEN")), "{body}");
    let (status, _) = callback(&s, "agency", agency, now() - 3600, event("e1")).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = s
        .raw(
            "/payments/callback/agency",
            &[("X-Souk-Timestamp", &now().to_string())],
            serde_json::to_vec(&event("e1")).expect("json"),
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // The card provider does not confirm an agency's code; a wrong amount is refused.
    let (status, _) = callback(
        &s,
        "card",
        "sandbox-card-secret",
        now(),
        json!({ "eventId": "c1", "orderId": id, "status": "paid", "amountCentimes": total }),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, _) = callback(
        &s,
        "agency",
        agency,
        now(),
        json!({ "eventId": "e0", "code": code_, "status": "paid", "amountCentimes": 1 }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(order_of(&s, &seller, &id).await["status"], "pending");

    // The agency's signed confirmation pays it; the same event again, or another one, changes nothing.
    let (status, body) = callback(&s, "agency", agency, now(), event("e1")).await;
    assert_eq!((status, body["outcome"].as_str()), (StatusCode::OK, Some("paid")), "{body}");
    let paid = order_of(&s, &seller, &id).await;
    assert_eq!(paid["status"], "paid");
    for replay in ["e1", "e2"] {
        let (status, body) = callback(&s, "agency", agency, now(), event(replay)).await;
        assert_eq!((status, body["outcome"].as_str()), (StatusCode::OK, Some("duplicate")), "{replay}: {body}");
    }
    let again = order_of(&s, &seller, &id).await;
    assert_eq!(
        (again["invoiceNumber"].clone(), again["paidAt"].clone()),
        (paid["invoiceNumber"].clone(), paid["paidAt"].clone())
    );
    assert_eq!(s.store.vas_packs(&ad).await.expect("packs").len(), 1, "one pack, not two");

    // A callback for an order past its 48 hours is refused (and logged).
    let body = call(&s, Some(&seller), "fr", ORDER, input(&ad, "bump-7", &date, &part, "sms")).await;
    let late_id = body["data"]["orderVasPack"]["id"].as_str().expect("id").to_string();
    let late = s.store.order(&late_id).await.expect("read").expect("order");
    assert!(s.store.expire(&late_id, late.expires_at).await.expect("expire").is_some());
    let (status, body) = callback(
        &s,
        "sms",
        "sandbox-sms-secret",
        now(),
        json!({ "eventId": "s1", "orderId": late_id, "status": "paid", "amountCentimes": late.total.centimes() }),
    )
    .await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::CONFLICT, Some("UPDATE_IS_NOT_ALLOWED")), "{body}");
    assert_eq!(order_of(&s, &seller, &late_id).await["status"], "expired");
}

#[actix_web::test]
async fn a_shop_pays_with_points_and_every_refusal_is_the_spec_s_and_stores_nothing() {
    let s = start("boost-points", |_| {}).await;
    let (shop_token, shop_id) = shop(&s, "0611300041", "atlas-points@souk.ma").await;
    let (seller, seller_id) = private(&s, "0611300042").await;
    let ad = seed(&s, shop_id, 710_041, 6020, true).await;
    let private_ad = seed(&s, seller_id, 710_042, 6020, true).await;
    let (date, part) = first_slot(&s, &shop_token, &ad).await;
    let payments = &s.state.payments;
    let year = now() + 365 * 86_400;
    payments.credit(shop_id, Balance::Points, 100, EntryReason::Membership, Some(year), "m-1").await.expect("points");

    let balances = call(&s, Some(&shop_token), "fr", BALANCES, json!({})).await;
    assert_eq!(balances["data"]["getMyBalances"]["points"]["count"], 100);
    let body = call(&s, Some(&shop_token), "fr", ORDER, input(&ad, "bump-7", &date, &part, "points")).await;
    let order = &body["data"]["orderVasPack"];
    assert_eq!((order["status"].as_str(), order["units"].as_i64()), (Some("paid"), Some(40)), "{body}");
    assert!(order["invoiceNumber"].as_str().is_some_and(|n| n.starts_with("F-")));
    let balances = call(&s, Some(&shop_token), "fr", BALANCES, json!({})).await;
    assert_eq!(balances["data"]["getMyBalances"]["points"]["count"], 60, "the ledger's sum");
    // A paid pack lets the ad have more photos (docs/ads.md).
    let allowance = call(
        &s,
        Some(&shop_token),
        "fr",
        "query($id: String!) { getMyAd(adId: $id) { photoAllowance } }",
        json!({ "id": ad }),
    )
    .await;
    assert_eq!(allowance["data"]["getMyAd"]["photoAllowance"], souk_domain::ad_form::PACK_PHOTOS, "{allowance}");

    let orders_before = s.store.orders_of_account(shop_id, 0, 100).await.expect("orders").1;
    let offer = call(&s, Some(&shop_token), "fr", PACKS, json!({ "id": ad })).await;
    let morning_opens = offer["data"]["getVasPacks"]["slots"]["parts"][0]["earliestDate"].as_str().expect("date");
    let day_before_morning =
        souk_domain::time::format_date(souk_domain::time::parse_date(morning_opens).expect("date") - 1);
    let refusals = [
        (
            input(&ad, "gallery-30", &date, &part, "points"),
            "ERROR_SOLDE_NOT_ENOUGH",
            "Votre solde est insuffisant pour ce pack",
            "رصيدك غير كافٍ لهذه الباقة",
        ),
        (
            input(&ad, "renewal-1", &date, &part, "points"),
            "ERROR_SOLDE_EQUIVALENT",
            "Ce pack ne peut pas être payé avec ce solde",
            "لا يمكن أداء هذه الباقة بهذا الرصيد",
        ),
        (
            input(&ad, "bump-9", &date, &part, "points"),
            "ERROR_PACKAGE_NOT_FOUND",
            "Ce pack n'existe pas",
            "هذه الباقة غير موجودة",
        ),
        (
            input(&ad, "bump-7", &date, &part, "paypal"),
            "UNKNOWN_PAYMENT_METHOD",
            "Ce moyen de paiement n'est pas disponible",
            "وسيلة الأداء هذه غير متاحة",
        ),
        (input(&ad, "bump-7", "2020-01-01", &part, "points"), "INVALID_ARGUMENT", "Valeur invalide", "قيمة غير صالحة"),
        // A part the day before the first date the picker offers it: less than a day away.
        (
            input(&ad, "bump-7", &day_before_morning, "morning", "points"),
            "INVALID_ARGUMENT",
            "Valeur invalide",
            "قيمة غير صالحة",
        ),
        (input(&private_ad, "bump-7", &date, &part, "points"), "AD_NOT_FOUND", "", ""),
    ];
    for (i, code_, fr, ar) in &refusals {
        for (lang, text) in [("fr", fr), ("ar", ar)] {
            let body = call(&s, Some(&shop_token), lang, ORDER, i.clone()).await;
            assert_eq!(code(&body), *code_, "{body}");
            if !text.is_empty() {
                assert_eq!(wording(&body), *text, "{lang}");
            }
        }
    }
    // Points are a shop's.
    let body = call(&s, Some(&seller), "fr", ORDER, input(&private_ad, "bump-7", &date, &part, "points")).await;
    assert_eq!(code(&body), "PERMISSION_DENIED");
    // Expired points: the exact spec §8 message, 0 credits.
    // Expired points (a shop whose membership points ran out): the exact spec §8 message.
    let (s2_token, s2_id) = shop(&s, "0611300043", "atlas-expired@souk.ma").await;
    let ad2 = seed(&s, s2_id, 710_043, 6020, true).await;
    payments
        .credit(s2_id, Balance::Points, 500, EntryReason::Membership, Some(now() - 1), "m-2")
        .await
        .expect("expired");
    for (lang, text) in [
        ("fr", "Votre solde a expiré : il vous reste 0 crédit. Veuillez contacter le service client"),
        ("ar", "انتهت صلاحية رصيدك: لم يتبق لديك أي رصيد (0). يرجى الاتصال بخدمة الزبناء"),
    ] {
        let body = call(&s, Some(&s2_token), lang, ORDER, input(&ad2, "bump-7", &date, &part, "points")).await;
        assert_eq!((code(&body), wording(&body)), ("ERROR_SOLDE_EXPIRED", text));
    }
    let balances = call(&s, Some(&s2_token), "fr", BALANCES, json!({})).await;
    assert_eq!(balances["data"]["getMyBalances"]["points"]["expired"], true);
    assert_eq!(s.store.orders_of_account(shop_id, 0, 100).await.expect("orders").1, orders_before, "nothing stored");
    assert_eq!(s.store.orders_of_account(s2_id, 0, 100).await.expect("orders").1, 0);
}

#[actix_web::test]
async fn the_invoice_pdf_is_the_payer_s_only() {
    let s = start("boost-invoice", |_| {}).await;
    let (shop_token, shop_id) = shop(&s, "0611300051", "atlas-invoice@souk.ma").await;
    let (other, _) = private(&s, "0611300052").await;
    let ad = seed(&s, shop_id, 710_051, 6020, true).await;
    let (date, part) = first_slot(&s, &shop_token, &ad).await;
    s.state.payments.credit(shop_id, Balance::Tokens, 100, EntryReason::Credit, None, "t-1").await.expect("tokens");
    let body = call(&s, Some(&shop_token), "fr", ORDER, input(&ad, "bump-7", &date, &part, "avitoken")).await;
    let url = body["data"]["orderVasPack"]["invoiceUrl"].as_str().expect("invoice url").to_string();
    let unpaid = call(&s, Some(&shop_token), "fr", ORDER, input(&ad, "bump-7", &date, &part, "cc")).await;
    let unpaid_id = unpaid["data"]["orderVasPack"]["id"].as_str().expect("id").to_string();

    let get = |path: String, token: String| {
        let client = s.client.clone();
        let base = s.base.clone();
        async move {
            let res = client.get(format!("{base}{path}")).bearer_auth(token).send().await.expect("get");
            let status = res.status();
            let kind = res.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
            (status, kind, res.bytes().await.expect("body").to_vec())
        }
    };
    for lang in ["fr", "ar"] {
        let (status, kind, pdf) = get(format!("{url}?lang={lang}"), shop_token.clone()).await;
        assert_eq!((status, kind.as_str()), (StatusCode::OK, "application/pdf"));
        assert!(pdf.starts_with(b"%PDF"), "a PDF");
    }
    let (status, _, body) = get(url.clone(), other.clone()).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "another account's invoice: {}", String::from_utf8_lossy(&body));
    assert!(!String::from_utf8_lossy(&body).contains("%PDF"));
    let (status, _, _) = get(format!("/api/invoices/{unpaid_id}.pdf"), shop_token.clone()).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "an unpaid order has no invoice");
}

/// Reads a value from the database a `souk serve` process writes.
async fn read_db<T: Send + 'static>(
    db: &std::path::Path,
    f: impl FnOnce(&rusqlite::Connection) -> rusqlite::Result<T> + Send + 'static,
) -> T {
    let store = souk_storage::sqlite::SqliteStore::open(db, 1).expect("database");
    let out = store.read(move |c| Ok(f(c)?)).await.expect("read");
    store.shutdown().await;
    out
}

#[actix_web::test]
async fn a_pack_paid_before_a_restart_starts_once_after_it() {
    let data_dir = common::temp_dir("boost-restart");
    let db = data_dir.join("souk.db");
    let env = [("SOUK_PACKS__TEST_START_AFTER_SECONDS", "4")];
    let (node, base) = common::serve_process(&data_dir, &env).await;
    let register =
        "mutation($i: RegisterAccountInput!) { registerAccount(input: $i) { login { accessToken } info { id } } }";
    let account = json!({ "type": "private", "name": "Nadia Chraibi", "phone": "0611300061", "cityId": 1, "password": "secret1", "passwordConfirmation": "secret1" });
    let body = common::chat::call(&base, None, register, json!({ "i": account })).await;
    let token = body["data"]["registerAccount"]["login"]["accessToken"].as_str().expect("token").to_string();
    let seller_id = body["data"]["registerAccount"]["info"]["id"].as_i64().expect("id");
    {
        let store = souk_storage::sqlite::SqliteStore::open(&db, 1).expect("database");
        let old = now() - 3 * 86_400;
        store
            .insert_ads(vec![Ad {
                images: vec!["demo/table.jpg".into()],
                ..active_ad("boost-710061", 710_061, seller_id, 6020, 1, "Table basse 710061", old)
            }])
            .await
            .expect("seed");
        souk_storage::payments::PaymentStore::add_entry(
            &store,
            souk_storage::payments::BalanceEntry {
                entry_id: "t-restart".into(),
                account_id: seller_id,
                balance: Balance::Tokens,
                delta: 100,
                reason: "credit".into(),
                order_id: None,
                expires_at: None,
                created_at: now(),
            },
        )
        .await
        .expect("tokens");
        store.shutdown().await;
    }
    let offer = common::chat::call(&base, Some(&token), PACKS, json!({ "id": "boost-710061" })).await;
    let date = offer["data"]["getVasPacks"]["slots"]["earliestDate"].as_str().expect("date").to_string();
    let body =
        common::chat::call(&base, Some(&token), ORDER, input("boost-710061", "bump-7", &date, "evening", "avitoken"))
            .await;
    let order = &body["data"]["orderVasPack"];
    assert_eq!(order["status"], "paid", "{body}");
    let id = order["id"].as_str().expect("id").to_string();
    let start = unix(order["packStart"].as_str().expect("start"));
    // Killed before the pack starts.
    drop(node);
    let job_id = format!("pack_start:{id}");
    let job = {
        let job_id = job_id.clone();
        read_db(&db, move |c| {
            c.query_row("SELECT attempts, done_at FROM scheduled_jobs WHERE job_id = ?1", [job_id], |r| {
                Ok((r.get::<_, u32>(0)?, r.get::<_, Option<i64>>(1)?))
            })
        })
        .await
    };
    assert_eq!(job, (0, None), "the start is still to come when the server dies");

    let (_node, _) = common::serve_process(&data_dir, &env).await;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    let (attempts, rank_time) = loop {
        let job_id = job_id.clone();
        let row = read_db(&db, move |c| {
            c.query_row(
                "SELECT j.attempts, j.done_at, a.rank_time FROM scheduled_jobs j, ads a WHERE j.job_id = ?1 AND a.ad_id = 'boost-710061'",
                [job_id],
                |r| Ok((r.get::<_, u32>(0)?, r.get::<_, Option<i64>>(1)?, r.get::<_, i64>(2)?)),
            )
        })
        .await;
        if row.1.is_some() {
            break (row.0, row.2);
        }
        assert!(std::time::Instant::now() < deadline, "the pack never started after the restart: {row:?}");
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    };
    assert_eq!(attempts, 1, "run once");
    assert_eq!(rank_time, start, "the bump of its start");
    let bumps: i64 = read_db(&db, |c| {
        c.query_row("SELECT count(*) FROM ad_vas_packs WHERE ad_id = 'boost-710061'", [], |r| r.get(0))
    })
    .await;
    assert_eq!(bumps, 1);
}

#[actix_web::test]
async fn fifty_orders_at_once_never_overdraw_the_points() {
    let s = start("boost-race", |_| {}).await;
    let (shop_token, shop_id) = shop(&s, "0611300071", "atlas-race@souk.ma").await;
    let ad = seed(&s, shop_id, 710_071, 6020, true).await;
    let (date, part) = first_slot(&s, &shop_token, &ad).await;
    // bump-7 costs a shop 40 points: 400 points pay ten.
    let year = now() + 365 * 86_400;
    s.state
        .payments
        .credit(shop_id, Balance::Points, 400, EntryReason::Membership, Some(year), "race")
        .await
        .expect("points");
    let calls: Vec<_> = (0..50)
        .map(|_| {
            let (client, base, token) = (s.client.clone(), s.base.clone(), shop_token.clone());
            let body = json!({ "query": ORDER, "variables": input(&ad, "bump-7", &date, &part, "points") });
            tokio::spawn(async move {
                let res =
                    client.post(format!("{base}/graphql")).bearer_auth(token).json(&body).send().await.expect("call");
                res.json::<Value>().await.expect("json")
            })
        })
        .collect();
    let mut outcomes = std::collections::BTreeMap::<String, usize>::new();
    for c in calls {
        let body = c.await.expect("task");
        let key =
            body["data"]["orderVasPack"]["status"].as_str().map_or_else(|| code(&body).to_string(), str::to_string);
        *outcomes.entry(key).or_default() += 1;
    }
    assert_eq!(outcomes, [("ERROR_SOLDE_NOT_ENOUGH".to_string(), 40), ("paid".to_string(), 10)].into_iter().collect());
    let balances = call(&s, Some(&shop_token), "fr", BALANCES, json!({})).await;
    assert_eq!(balances["data"]["getMyBalances"]["points"]["count"], 0);
    let (orders, count) = s.store.orders_of_account(shop_id, 0, 100).await.expect("orders");
    assert_eq!(count, 10, "a refused order is not stored");
    let mut numbers: Vec<_> = orders.into_iter().filter_map(|o| o.invoice_number).collect();
    numbers.sort();
    numbers.dedup();
    assert_eq!(numbers.len(), 10, "ten invoices, ten numbers");
}

#[actix_web::test]
async fn an_unpaid_order_is_written_expired_by_the_scheduler() {
    let s = start("boost-expiry", |_| {}).await;
    let (_, seller_id) = private(&s, "0611300081").await;
    let made = now() - 48 * 3600 - 5;
    let mut order = souk_storage::payments::conformance::order(900, seller_id, "ad-expiring", "9900000900", made);
    order.order_id = "0190-expiring".into();
    s.store.open_order(order, made).await.expect("open");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let stored = s.store.order("0190-expiring").await.expect("read").expect("order");
        if stored.status == souk_domain::payments::PaymentStatus::Expired {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "never written expired: {stored:?}");
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
}
