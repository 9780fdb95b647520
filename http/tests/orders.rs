//! "My orders" through the gateway (spec §7 `getMyPurchaseOrders`): each status filter of spec
//! §2 (and `canceled`), paging and count, the buyer-side words and display fields, another
//! account sees none of them, a visitor is asked to sign in (fr and ar), and a bad status or
//! page is refused with a catalogue error.

mod common;

use common::{TestServer, code, start};
use serde_json::{Value, json};
use souk_domain::money::Money;
use souk_domain::orders::{PaymentMethod, SaleOrderStatus};
use souk_storage::orders::{Checkout, Order, OrderStore};

const ORDERS: &str = "query getMyPurchaseOrders($query: PurchaseOrdersQuery!) {
  getMyPurchaseOrders(query: $query) {
    orders { id product { sku listId name thumbnail } total status date paymentMethod unitsSold }
    count
  }
}";

async fn call(s: &TestServer, token: Option<&str>, lang: &str, query: &str, vars: Value) -> Value {
    s.gql_as(token, &[("Accept-Language", lang)], query, vars).await
}

async fn sign_up(s: &TestServer, name: &str, phone: &str) -> (String, i64) {
    let q = "mutation($i: RegisterAccountInput!) { registerAccount(input: $i) { login { accessToken } info { id } } }";
    let input = json!({ "type": "private", "name": name, "phone": phone, "cityId": 1, "password": "secret1", "passwordConfirmation": "secret1" });
    let body = call(s, None, "fr", q, json!({ "i": input })).await;
    let p = &body["data"]["registerAccount"];
    (p["login"]["accessToken"].as_str().expect("token").into(), p["info"]["id"].as_i64().expect("id"))
}

/// 13 orders for `buyer`: statuses in the spec order, cycling, one hour apart, newest last.
fn orders_of(buyer: i64, prefix: &str) -> Vec<Order> {
    (0..13i64)
        .map(|n| Order {
            order_id: format!("{prefix}-{n:02}"),
            buyer_id: buyer,
            seller_id: 999,
            list_id: Some(500_000 + n),
            sku: None,
            product_name: format!("Tajine en argile {n}"),
            thumbnail: Some(format!("demo/market/{n}.jpg")),
            units: 1,
            total: Money(125_000 + n * 100),
            status: SaleOrderStatus::ALL[n as usize % 6],
            payment_method: PaymentMethod::Cod,
            created_at: 1_780_000_000 + n * 3600,
            checkout: Checkout::default(),
        })
        .collect()
}

fn query(status: Option<&str>, number: Option<i64>, size: Option<i64>) -> Value {
    json!({ "query": { "filters": { "status": status }, "page": { "number": number, "size": size } } })
}

fn page(body: &Value) -> (&Vec<Value>, i64) {
    let p = &body["data"]["getMyPurchaseOrders"];
    (p["orders"].as_array().unwrap_or_else(|| panic!("orders in {body}")), p["count"].as_i64().expect("count"))
}

#[actix_web::test]
async fn a_buyer_reads_their_orders_by_status_page_by_page() {
    let s = start("orders-read", |_| {}).await;
    let (token, me) = sign_up(&s, "Salma Idrissi", "0612300001").await;
    let (other, other_id) = sign_up(&s, "Youssef Tazi", "0612300002").await;
    s.store.insert_orders(orders_of(me, "mine")).await.expect("seed mine");
    s.store.insert_orders(orders_of(other_id, "theirs")).await.expect("seed theirs");

    // Each status of spec §2 is one filter; 13 orders over 6 statuses: 3 PENDING, 2 of the others.
    for (word, stored, n) in [
        ("initiated", "mine-12", 3),
        ("preparing", "mine-07", 2),
        ("delivering", "mine-08", 2),
        ("delivered", "mine-09", 2),
        ("cancelled", "mine-10", 2),
        ("canceled", "mine-10", 2),
    ] {
        let body = call(&s, Some(&token), "fr", ORDERS, query(Some(word), Some(1), Some(10))).await;
        let (orders, count) = page(&body);
        assert_eq!(count, n, "{word}: {body}");
        assert_eq!(orders.len() as i64, n, "{word}");
        assert_eq!(orders[0]["id"], stored, "{word}: newest first");
        let shown = if word == "canceled" { "cancelled" } else { word };
        assert!(orders.iter().all(|o| o["status"] == shown), "{word}: {body}");
    }

    // Every order, newest first, with the display fields.
    let body = call(&s, Some(&token), "fr", ORDERS, query(None, None, None)).await;
    let (orders, count) = page(&body);
    assert_eq!(count, 13);
    assert_eq!(orders.len(), 10, "the default page size");
    let newest = &orders[0];
    assert_eq!(newest["id"], "mine-12");
    assert_eq!(newest["status"], "initiated");
    assert_eq!(newest["total"], "1 262 DH");
    assert_eq!(newest["paymentMethod"], "cod");
    assert_eq!(newest["date"], "2026-05-29T08:26:40Z");
    assert_eq!(newest["unitsSold"], 1);
    assert_eq!(newest["product"]["listId"], 500_012);
    assert_eq!(newest["product"]["name"], "Tajine en argile 12");
    assert_eq!(newest["product"]["sku"], Value::Null);
    assert!(newest["product"]["thumbnail"].as_str().is_some_and(|t| t.contains("demo/market/12")), "{newest}");
    let returned = orders.iter().find(|o| o["id"] == "mine-11").expect("a returned order");
    assert_eq!(returned["status"], "returned", "RETURNED shows, though it is no filter");

    // Pages of 5: 5, 5, 3, then an empty page past the end, always the same count.
    let mut seen = Vec::new();
    for (number, expected) in [(1, 5), (2, 5), (3, 3), (4, 0)] {
        let body = call(&s, Some(&token), "fr", ORDERS, query(None, Some(number), Some(5))).await;
        let (orders, count) = page(&body);
        assert_eq!((orders.len(), count), (expected, 13), "page {number}");
        seen.extend(orders.iter().map(|o| o["id"].as_str().unwrap_or_default().to_string()));
    }
    let want: Vec<String> = (0..13).rev().map(|n| format!("mine-{n:02}")).collect();
    assert_eq!(seen, want, "pages walk every order once, newest first");
    let body = call(&s, Some(&token), "fr", ORDERS, query(Some("delivered"), Some(2), Some(1))).await;
    let (orders, count) = page(&body);
    assert_eq!((orders[0]["id"].as_str(), count), (Some("mine-03"), 2), "a status paged");

    // The other account sees only its own: none of mine, by any filter.
    for status in [None, Some("initiated"), Some("delivered")] {
        let body = call(&s, Some(&other), "fr", ORDERS, query(status, Some(1), Some(50))).await;
        let (orders, _) = page(&body);
        assert!(!orders.is_empty());
        assert!(orders.iter().all(|o| o["id"].as_str().is_some_and(|id| id.starts_with("theirs-"))), "{body}");
    }
    let (fresh, _) = sign_up(&s, "Imane Berrada", "0612300003").await;
    let body = call(&s, Some(&fresh), "fr", ORDERS, query(Some("initiated"), Some(1), Some(10))).await;
    assert_eq!((page(&body).0.len(), page(&body).1), (0, 0), "an account without orders: empty, no error");
}

#[actix_web::test]
async fn visitors_and_bad_input_are_refused_and_nothing_changes() {
    let s = start("orders-refused", |_| {}).await;
    let (token, me) = sign_up(&s, "Hamza Alami", "0612300011").await;
    s.store.insert_orders(orders_of(me, "kept")).await.expect("seed");

    let fr = call(&s, None, "fr", ORDERS, query(Some("initiated"), Some(1), Some(10))).await;
    assert_eq!(code(&fr), "LOGIN_REQUIRED", "{fr}");
    assert_eq!(fr["data"], Value::Null);
    let ar = call(&s, None, "ar", ORDERS, query(Some("initiated"), Some(1), Some(10))).await;
    assert_eq!(code(&ar), "LOGIN_REQUIRED");
    let (fr_msg, ar_msg) = (fr["errors"][0]["message"].as_str(), ar["errors"][0]["message"].as_str());
    assert!(fr_msg.is_some_and(|m| !m.is_empty()) && ar_msg.is_some_and(|m| !m.is_empty()));
    assert_ne!(fr_msg, ar_msg, "worded in each language");
    assert!(ar_msg.is_some_and(|m| m.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c))), "{ar}");

    for (status, number, size, expected) in [
        (Some("returned"), Some(1), Some(10), "INVALID_ORDER_STATUS"),
        (Some("PENDING"), Some(1), Some(10), "INVALID_ORDER_STATUS"),
        (Some("shipped"), Some(1), Some(10), "INVALID_ORDER_STATUS"),
        (Some("initiated"), Some(0), Some(10), "INVALID_ARGUMENT"),
        (Some("initiated"), Some(-3), Some(10), "INVALID_ARGUMENT"),
        (Some("initiated"), Some(1), Some(0), "INVALID_ARGUMENT"),
        (Some("initiated"), Some(1), Some(51), "INVALID_ARGUMENT"),
        (None, Some(100_001), Some(10), "INVALID_ARGUMENT"),
    ] {
        let body = call(&s, Some(&token), "ar", ORDERS, query(status, number, size)).await;
        assert_eq!(code(&body), expected, "{status:?} {number:?} {size:?}: {body}");
        assert!(body["errors"][0]["extensions"]["messageKey"].as_str().is_some(), "{body}");
        assert!(body["errors"][0]["message"].as_str().is_some_and(|m| m.chars().any(|c| c > '\u{0600}')), "{body}");
    }
    // A visitor's bad input is still a sign-in question first.
    let body = call(&s, None, "fr", ORDERS, query(Some("shipped"), Some(0), Some(0))).await;
    assert_eq!(code(&body), "LOGIN_REQUIRED");
    // Reads only: the orders are as they were.
    let body = call(&s, Some(&token), "fr", ORDERS, query(None, Some(1), Some(50))).await;
    assert_eq!(page(&body).1, 13);
}
