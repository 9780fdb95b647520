//! The insertion-fee payment through the gateway: an activation over the free limit leaves the
//! ad waiting for payment, its fee and each method's total are read, a payment code is ordered
//! (one open order per ad), an admin confirms the code and the ad is published exactly once;
//! an expired code is refused and a new one can be ordered; another account can neither read,
//! order nor confirm, a visitor is asked to sign in, and bad input stores nothing — with the
//! spec §8 payment errors worded in French and Arabic.

mod common;

use common::{TestServer, active_ad, code, now, start};
use serde_json::{Value, json};
use souk_domain::account::Role;
use souk_domain::ad::{Ad, AdStatus};
use souk_domain::money::Money;
use souk_domain::payments::{PaymentMethod, PaymentStatus, Purpose};
use souk_storage::accounts::AccountStore;
use souk_storage::ads::AdStore;
use souk_storage::payments::{PaymentOrder, PaymentStore};

const FEE: &str = "query($id: String!) { getMyAdInsertionFee(adId: $id) {
  adId listId title status categoryId due fee { centimes withCurrency }
  methods { method available offline extraFee { centimes withCurrency } total { centimes withCurrency } }
  openOrder { id code status } } }";
const ORDER: &str = "mutation($id: String!, $m: String!) { orderAdPayment(adId: $id, method: $m) {
  id code method status fee { centimes } extraFee { centimes } total { centimes withCurrency }
  adId listId adTitle createdAt expiresAt paidAt } }";
const MY_ORDERS: &str = "query($p: Int, $s: Int) { getMyPaymentOrders(page: $p, size: $s) { orders { id code status method paidAt total { centimes } } count } }";
const CONFIRM: &str = "mutation($c: String!) { confirmPaymentCode(code: $c) { order { id status paidAt } adStatus } }";
const ACTIVATE: &str = "mutation($id: String!) { activateAd(adId: $id) { status outcome } }";

async fn call(s: &TestServer, token: Option<&str>, lang: &str, query: &str, variables: Value) -> Value {
    s.gql_as(token, &[("Accept-Language", lang)], query, variables).await
}

/// Signs up a private account; answers (token, account id).
async fn private(s: &TestServer, phone: &str) -> (String, i64) {
    let q = "mutation($i: RegisterAccountInput!) { registerAccount(input: $i) { login { accessToken } info { id } } }";
    let input = json!({ "type": "private", "name": "Nadia Chraibi", "phone": phone, "cityId": 1, "password": "secret1", "passwordConfirmation": "secret1" });
    let body = call(s, None, "fr", q, json!({ "i": input })).await;
    let p = &body["data"]["registerAccount"];
    (p["login"]["accessToken"].as_str().expect("token").into(), p["info"]["id"].as_i64().expect("id"))
}

/// A private account given the admin role, signed in again so that its token carries it.
async fn admin(s: &TestServer, phone: &str) -> String {
    let (_, id) = private(s, phone).await;
    s.store.set_roles(id, vec![Role::Admin]).await.expect("promote");
    let q =
        format!("mutation {{ loginByIdentifier(identifier: \"{phone}\", password: \"secret1\") {{ accessToken }} }}");
    let body = call(s, None, "fr", &q, json!({})).await;
    body["data"]["loginByIdentifier"]["accessToken"].as_str().expect("admin token").into()
}

/// An ad of `category_id` written straight into the store in `status`.
async fn seed(s: &TestServer, owner: i64, list_id: i64, status: AdStatus, category_id: u32) -> String {
    let ad_id = format!("pay-{list_id}");
    s.store
        .insert_ads(vec![Ad {
            description: "Table basse en bois massif".into(),
            price: Some(Money::from_dirhams(800)),
            status,
            images: vec!["demo/table.jpg".into()],
            ..active_ad(&ad_id, list_id, owner, category_id, 1, &format!("Table basse {list_id}"), now() - 86_400)
        }])
        .await
        .expect("seed");
    ad_id
}

async fn status_of(s: &TestServer, ad_id: &str) -> AdStatus {
    s.store.find_ad(ad_id).await.expect("read").expect("ad").ad.status
}

async fn orders_of(s: &TestServer, account_id: i64) -> Vec<PaymentOrder> {
    s.store.orders_of_account(account_id, 0, 100).await.expect("orders").0
}

fn wording(body: &Value) -> &str {
    body["errors"][0]["message"].as_str().unwrap_or("")
}

#[actix_web::test]
async fn a_seller_pays_the_fee_with_a_code_and_the_ad_is_published_once() {
    let s = start("pay-flow", |st| st.ads.free_limit_default = 1).await;
    let (seller, seller_id) = private(&s, "0611200001").await;
    let moderator = admin(&s, "0611200009").await;
    seed(&s, seller_id, 700_001, AdStatus::Active, 6020).await;
    let ad = seed(&s, seller_id, 700_002, AdStatus::Deactivated, 6020).await;

    // Over the free limit, activation leaves the ad waiting for payment.
    let activated = call(&s, Some(&seller), "fr", ACTIVATE, json!({ "id": ad })).await;
    assert_eq!(activated["data"]["activateAd"]["outcome"], "PAYMENT_REQUIRED", "{activated}");

    // The order summary: furniture is a market good, 10 DH; offline methods add 2.5 DH.
    let fee = call(&s, Some(&seller), "fr", FEE, json!({ "id": ad })).await;
    let f = &fee["data"]["getMyAdInsertionFee"];
    assert_eq!((f["due"].as_bool(), f["status"].as_str()), (Some(true), Some("pending_payment")), "{fee}");
    assert_eq!(f["fee"], json!({ "centimes": 1000, "withCurrency": "10 DH" }));
    let methods: Vec<(&str, bool, i64, &str)> = f["methods"]
        .as_array()
        .expect("methods")
        .iter()
        .map(|m| {
            (
                m["method"].as_str().unwrap_or(""),
                m["available"].as_bool().unwrap_or(false),
                m["extraFee"]["centimes"].as_i64().unwrap_or(-1),
                m["total"]["withCurrency"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        methods,
        vec![
            ("cc", true, 0, "10 DH"),
            ("fatourati", true, 250, "12,50 DH"),
            ("cashPlus", true, 250, "12,50 DH"),
            ("tasshilat", true, 250, "12,50 DH"),
        ]
    );
    assert_eq!(f["openOrder"], Value::Null);

    // A code valid 48 hours; asking again (another method, or at the same time) answers it.
    let ordered = call(&s, Some(&seller), "fr", ORDER, json!({ "id": ad, "m": "cashPlus" })).await;
    let o = &ordered["data"]["orderAdPayment"];
    let code_text = o["code"].as_str().expect("code").to_string();
    assert!(code_text.len() == 10 && code_text.bytes().all(|b| b.is_ascii_digit()), "{code_text}");
    assert_eq!(
        (o["status"].as_str(), o["method"].as_str(), o["total"]["withCurrency"].as_str(), o["paidAt"].as_null()),
        (Some("pending"), Some("cashPlus"), Some("12,50 DH"), Some(()))
    );
    assert_eq!((o["fee"]["centimes"].as_i64(), o["extraFee"]["centimes"].as_i64()), (Some(1000), Some(250)));
    assert_eq!((o["listId"].as_i64(), o["adTitle"].as_str()), (Some(700_002), Some("Table basse 700002")));
    let stored = orders_of(&s, seller_id).await;
    assert_eq!(stored.len(), 1);
    assert_eq!(stored[0].expires_at - stored[0].created_at, 48 * 3600);
    let (again, same_time) = tokio::join!(
        call(&s, Some(&seller), "fr", ORDER, json!({ "id": ad, "m": "fatourati" })),
        call(&s, Some(&seller), "fr", ORDER, json!({ "id": ad, "m": "tasshilat" })),
    );
    for body in [&again, &same_time] {
        assert_eq!(body["data"]["orderAdPayment"]["code"], code_text.as_str(), "{body}");
        assert_eq!(body["data"]["orderAdPayment"]["method"], "cashPlus");
    }
    assert_eq!(orders_of(&s, seller_id).await.len(), 1, "one open order per ad");
    let fee = call(&s, Some(&seller), "fr", FEE, json!({ "id": ad })).await;
    assert_eq!(fee["data"]["getMyAdInsertionFee"]["openOrder"]["code"], code_text.as_str());

    // The agency's confirmation (typed with spaces) publishes the ad.
    let spaced = format!("{} {} {}", &code_text[..3], &code_text[3..6], &code_text[6..]);
    let confirmed = call(&s, Some(&moderator), "fr", CONFIRM, json!({ "c": spaced })).await;
    let c = &confirmed["data"]["confirmPaymentCode"];
    assert_eq!((c["order"]["status"].as_str(), c["adStatus"].as_str()), (Some("paid"), Some("active")), "{confirmed}");
    assert!(c["order"]["paidAt"].is_string());
    assert_eq!(status_of(&s, &ad).await, AdStatus::Active);
    let mine = call(&s, Some(&seller), "fr", MY_ORDERS, json!({})).await;
    assert_eq!(mine["data"]["getMyPaymentOrders"]["count"], 1);
    assert_eq!(mine["data"]["getMyPaymentOrders"]["orders"][0]["status"], "paid");

    // Exactly once: a second confirmation is refused in the caller's language.
    let twice = call(&s, Some(&moderator), "fr", CONFIRM, json!({ "c": code_text })).await;
    assert_eq!((code(&twice), wording(&twice)), ("ORDER_ALREADY_COMPLETED", "Cette commande est déjà terminée"));
    assert_eq!(twice["errors"][0]["extensions"]["messageKey"], "payment.error.orderAlreadyCompleted");
    let twice_ar = call(&s, Some(&moderator), "ar", CONFIRM, json!({ "c": code_text })).await;
    assert_eq!((code(&twice_ar), wording(&twice_ar)), ("ORDER_ALREADY_COMPLETED", "هذا الطلب مكتمل بالفعل"));
    assert_eq!(status_of(&s, &ad).await, AdStatus::Active);

    // The ad no longer waits for payment: nothing more to order.
    let after = call(&s, Some(&seller), "fr", ORDER, json!({ "id": ad, "m": "cashPlus" })).await;
    assert_eq!(code(&after), "AD_OPERATION_NOT_ALLOWED", "{after}");
    let fee = call(&s, Some(&seller), "fr", FEE, json!({ "id": ad })).await;
    assert_eq!(fee["data"]["getMyAdInsertionFee"]["due"], false);
    assert_eq!(orders_of(&s, seller_id).await.len(), 1);

    // A car's fee is its own: 50 DH, 52,50 DH offline.
    let car = seed(&s, seller_id, 700_003, AdStatus::PendingPayment, 2010).await;
    let car_order = call(&s, Some(&seller), "fr", ORDER, json!({ "id": car, "m": "tasshilat" })).await;
    assert_eq!(car_order["data"]["orderAdPayment"]["total"], json!({ "centimes": 5250, "withCurrency": "52,50 DH" }));
}

#[actix_web::test]
async fn two_confirmations_at_once_publish_the_ad_once() {
    let s = start("pay-race", |_| {}).await;
    let (seller, seller_id) = private(&s, "0611200011").await;
    let moderator = admin(&s, "0611200019").await;
    let ad = seed(&s, seller_id, 700_011, AdStatus::PendingPayment, 6020).await;
    let ordered = call(&s, Some(&seller), "fr", ORDER, json!({ "id": ad, "m": "fatourati" })).await;
    let code_text = ordered["data"]["orderAdPayment"]["code"].as_str().expect("code").to_string();
    let (a, b) = tokio::join!(
        call(&s, Some(&moderator), "fr", CONFIRM, json!({ "c": code_text })),
        call(&s, Some(&moderator), "fr", CONFIRM, json!({ "c": code_text })),
    );
    let mut outcomes = [code(&a).to_string(), code(&b).to_string()];
    outcomes.sort();
    assert_eq!(outcomes, ["ORDER_ALREADY_COMPLETED".to_string(), "none".to_string()], "{a} {b}");
    assert_eq!(status_of(&s, &ad).await, AdStatus::Active);
}

#[actix_web::test]
async fn an_expired_code_is_refused_and_a_new_one_can_be_ordered() {
    let s = start("pay-expired", |_| {}).await;
    let (seller, seller_id) = private(&s, "0611200021").await;
    let moderator = admin(&s, "0611200029").await;
    let ad = seed(&s, seller_id, 700_021, AdStatus::PendingPayment, 6020).await;
    // An order made 49 hours ago, never paid.
    let made = now() - 49 * 3600;
    let old = PaymentOrder {
        order_id: "0190-old-order".into(),
        account_id: seller_id,
        ad_id: ad.clone(),
        list_id: 700_021,
        ad_title: "Table basse 700021".into(),
        code: "4444455555".into(),
        method: PaymentMethod::Fatourati,
        fee: Money(1000),
        extra_fee: Money(250),
        total: Money(1250),
        status: PaymentStatus::Pending,
        created_at: made,
        expires_at: made + 48 * 3600,
        paid_at: None,
        purpose: Purpose::Insertion,
        pack: None,
        units: None,
        failure: None,
        invoice_number: None,
    };
    s.store.open_order(old, made).await.expect("old order");

    for (lang, text) in [
        ("fr", "Cette commande ne peut pas être modifiée ainsi dans son état actuel"),
        ("ar", "لا يمكن تعديل هذا الطلب بهذه الطريقة في حالته الحالية"),
    ] {
        let late = call(&s, Some(&moderator), lang, CONFIRM, json!({ "c": "4444455555" })).await;
        assert_eq!((code(&late), wording(&late)), ("UPDATE_IS_NOT_ALLOWED", text), "{late}");
    }
    assert_eq!(status_of(&s, &ad).await, AdStatus::PendingPayment, "nothing published");
    let mine = call(&s, Some(&seller), "fr", MY_ORDERS, json!({})).await;
    assert_eq!(mine["data"]["getMyPaymentOrders"]["orders"][0]["status"], "expired", "{mine}");
    let fee = call(&s, Some(&seller), "fr", FEE, json!({ "id": ad })).await;
    assert_eq!(fee["data"]["getMyAdInsertionFee"]["openOrder"], Value::Null);

    let fresh = call(&s, Some(&seller), "fr", ORDER, json!({ "id": ad, "m": "cashPlus" })).await;
    let new_code = fresh["data"]["orderAdPayment"]["code"].as_str().expect("a new code").to_string();
    assert_ne!(new_code, "4444455555");
    let ok = call(&s, Some(&moderator), "fr", CONFIRM, json!({ "c": new_code })).await;
    assert_eq!(ok["data"]["confirmPaymentCode"]["adStatus"], "active", "{ok}");
    let stored: Vec<PaymentStatus> = orders_of(&s, seller_id).await.iter().map(|o| o.status).collect();
    assert_eq!(stored, vec![PaymentStatus::Paid, PaymentStatus::Expired]);
}

#[actix_web::test]
async fn another_account_cannot_read_order_or_confirm_and_visitors_must_sign_in() {
    let s = start("pay-who", |_| {}).await;
    let (seller, seller_id) = private(&s, "0611200031").await;
    let (other, other_id) = private(&s, "0611200032").await;
    let ad = seed(&s, seller_id, 700_031, AdStatus::PendingPayment, 6020).await;

    let read = call(&s, Some(&other), "fr", FEE, json!({ "id": ad })).await;
    assert_eq!(code(&read), "AD_NOT_FOUND", "{read}");
    let ordered = call(&s, Some(&other), "fr", ORDER, json!({ "id": ad, "m": "cashPlus" })).await;
    assert_eq!(code(&ordered), "AD_NOT_FOUND", "{ordered}");
    assert!(orders_of(&s, seller_id).await.is_empty() && orders_of(&s, other_id).await.is_empty());

    let mine = call(&s, Some(&seller), "fr", ORDER, json!({ "id": ad, "m": "cashPlus" })).await;
    let code_text = mine["data"]["orderAdPayment"]["code"].as_str().expect("code").to_string();
    let theirs = call(&s, Some(&other), "fr", MY_ORDERS, json!({})).await;
    assert_eq!(theirs["data"]["getMyPaymentOrders"], json!({ "orders": [], "count": 0 }));
    let open = call(&s, Some(&other), "fr", FEE, json!({ "id": ad })).await;
    assert_eq!(code(&open), "AD_NOT_FOUND", "the open order is not shown to another account");

    // Neither another account nor the seller may confirm a code: agencies (admins) only.
    for token in [&other, &seller] {
        let refused = call(&s, Some(token), "fr", CONFIRM, json!({ "c": code_text })).await;
        assert_eq!(code(&refused), "PERMISSION_DENIED", "{refused}");
    }
    assert_eq!(orders_of(&s, seller_id).await[0].status, PaymentStatus::Pending);
    assert_eq!(status_of(&s, &ad).await, AdStatus::PendingPayment);

    // Visitors are asked to sign in, in their language.
    let visitor_calls: [(&str, Value); 4] = [
        (FEE, json!({ "id": ad })),
        (ORDER, json!({ "id": ad, "m": "cashPlus" })),
        (MY_ORDERS, json!({})),
        (CONFIRM, json!({ "c": code_text })),
    ];
    for (query, vars) in visitor_calls {
        for lang in ["fr", "ar"] {
            let body = call(&s, None, lang, query, vars.clone()).await;
            assert_eq!(code(&body), "LOGIN_REQUIRED", "{body}");
            let arabic = wording(&body).chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c));
            assert_eq!(arabic, lang == "ar", "{lang}: {body}");
        }
    }
    assert_eq!(orders_of(&s, seller_id).await.len(), 1);
    assert_eq!(status_of(&s, &ad).await, AdStatus::PendingPayment);
}

#[actix_web::test]
async fn bad_input_is_refused_in_both_languages_and_stores_nothing() {
    let s = start("pay-bad", |_| {}).await;
    let (seller, seller_id) = private(&s, "0611200041").await;
    let moderator = admin(&s, "0611200049").await;
    let waiting = seed(&s, seller_id, 700_041, AdStatus::PendingPayment, 6020).await;
    let live = seed(&s, seller_id, 700_042, AdStatus::Active, 6020).await;

    for method in ["cod", "points", "avitoken", "paypal", ""] {
        for (lang, text) in [("fr", "Ce moyen de paiement n'est pas disponible"), ("ar", "وسيلة الأداء هذه غير متاحة")]
        {
            let body = call(&s, Some(&seller), lang, ORDER, json!({ "id": waiting, "m": method })).await;
            assert_eq!((code(&body), wording(&body)), ("UNKNOWN_PAYMENT_METHOD", text), "{method}: {body}");
        }
    }
    let not_waiting = call(&s, Some(&seller), "fr", ORDER, json!({ "id": live, "m": "cashPlus" })).await;
    assert_eq!(code(&not_waiting), "AD_OPERATION_NOT_ALLOWED");
    let unknown = call(&s, Some(&seller), "fr", ORDER, json!({ "id": "no-such-ad", "m": "cashPlus" })).await;
    assert_eq!(code(&unknown), "AD_NOT_FOUND");
    let page = call(&s, Some(&seller), "fr", MY_ORDERS, json!({ "s": 0 })).await;
    assert_eq!(code(&page), "INVALID_ARGUMENT");
    assert!(orders_of(&s, seller_id).await.is_empty(), "no refused order was stored");

    for (c, expected) in [("", "REQUIRED"), ("123", "NO_ORDER_IS_UPDATED"), ("9999999999", "NO_ORDER_IS_UPDATED")] {
        let body = call(&s, Some(&moderator), "fr", CONFIRM, json!({ "c": c })).await;
        assert_eq!(code(&body), expected, "{c}: {body}");
    }
    let ar = call(&s, Some(&moderator), "ar", CONFIRM, json!({ "c": "9999999999" })).await;
    assert_eq!(wording(&ar), "لم يتم تحديث أي طلب: هذا الطلب غير موجود");
    let fr = call(&s, Some(&moderator), "fr", CONFIRM, json!({ "c": "9999999999" })).await;
    assert_eq!(wording(&fr), "Aucune commande n'a été mise à jour : cette commande est introuvable");

    // The seller deletes the ad after ordering: its code can no longer be paid.
    let ordered = call(&s, Some(&seller), "fr", ORDER, json!({ "id": waiting, "m": "tasshilat" })).await;
    let code_text = ordered["data"]["orderAdPayment"]["code"].as_str().expect("code").to_string();
    let del = call(&s, Some(&seller), "fr", "mutation { deleteAd(listId: 700041) { status } }", json!({})).await;
    assert_eq!(del["data"]["deleteAd"]["status"], "deleted", "{del}");
    let refused = call(&s, Some(&moderator), "fr", CONFIRM, json!({ "c": code_text })).await;
    assert_eq!(code(&refused), "UPDATE_IS_NOT_ALLOWED", "{refused}");
    assert_eq!(orders_of(&s, seller_id).await[0].status, PaymentStatus::Pending, "no money recorded");
    assert_eq!(status_of(&s, &waiting).await, AdStatus::Deleted);
}

#[actix_web::test]
async fn every_category_of_the_catalogue_has_an_insertion_fee() {
    let s = start("pay-fees", |_| {}).await;
    let tree = s.state.catalog.tree();
    for c in tree.all() {
        let fee = souk_domain::payments::insertion_fee(tree, c.id);
        assert!(fee.is_some_and(|f| f.centimes() > 0), "category {} ({})", c.id, c.label.fr);
    }
    assert_eq!(souk_domain::payments::insertion_fee(tree, 2010), Some(Money::from_dirhams(50)));
    assert_eq!(souk_domain::payments::insertion_fee(tree, 6020), Some(Money::from_dirhams(10)));
}
