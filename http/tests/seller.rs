//! The seller centre through the gateway (issue 23, docs/api.md "Seller centre, checkout and
//! sale orders"): products and their operations, the checkout (50 buyers racing for the last
//! 10 units, a retried submit making one order, refusals that change nothing), the order
//! workflow's transitions and refusals, live `order:new` and `order:updated` events, the seller
//! banner and payments, home-delivery requests — and, for each operation, that one account
//! never reads or changes another's products or orders.

mod common;

use common::chat::PollingClient;
use common::{TestServer, code, start};
use serde_json::{Value, json};
use souk_domain::account::Role;
use souk_storage::accounts::AccountStore;
use souk_storage::ads::{AdStore, MediaRecord};

const REGISTER: &str =
    "mutation($i: RegisterAccountInput!) { registerAccount(input: $i) { login { accessToken } info { id } } }";
const LOGIN: &str =
    "mutation($i: String!, $p: String!) { loginByIdentifier(identifier: $i, password: $p) { accessToken } }";
const PRODUCT_FIELDS: &str = "id listId name status units ordersCount allowedActions unitPrice { centimes } finalPrice { centimes } discount { kind value } reference images { thumb }";
const PLACE: &str = "mutation($i: PlaceOrderInput!) { placeOrder(input: $i) { id status buyerStatus unitsSold total amount { centimes } commission { centimes } allowedActions buyer { fullName city } } }";
const SALE_ORDERS: &str = "query($q: SaleOrdersQuery!) { getMySaleOrders(query: $q) { count orders { id status allowedActions unitsSold paymentStatus } } }";
const COUNTS: &str = "{ getMySaleOrdersCounts { countsByStatus { status count } } }";

async fn call(s: &TestServer, token: Option<&str>, query: &str, vars: Value) -> Value {
    s.gql_as(token, &[("Accept-Language", "fr")], query, vars).await
}

async fn call_ar(s: &TestServer, token: Option<&str>, query: &str, vars: Value) -> Value {
    s.gql_as(token, &[("Accept-Language", "ar")], query, vars).await
}

fn ok<'a>(body: &'a Value, field: &str) -> &'a Value {
    assert!(body["errors"].is_null(), "{field}: {body}");
    &body["data"][field]
}

fn wording(body: &Value) -> &str {
    body["errors"][0]["message"].as_str().unwrap_or("")
}

async fn private(s: &TestServer, name: &str, phone: &str) -> (String, i64) {
    let input = json!({ "type": "private", "name": name, "phone": phone, "cityId": 1, "password": "secret1", "passwordConfirmation": "secret1" });
    let body = call(s, None, REGISTER, json!({ "i": input })).await;
    let p = ok(&body, "registerAccount");
    (p["login"]["accessToken"].as_str().expect("token").into(), p["info"]["id"].as_i64().expect("id"))
}

/// A shop given the e-commerce role, signed in again so that its token carries it.
async fn ecommerce_shop(s: &TestServer, email: &str, phone: &str) -> (String, i64) {
    let input = json!({ "type": "shop", "name": "Tech Atlas", "email": email, "phone": phone, "cityId": 1, "password": "secret1", "shopCategory": 5010, "plan": "premium" });
    let body = call(s, None, REGISTER, json!({ "i": input })).await;
    let id = ok(&body, "registerAccount")["info"]["id"].as_i64().expect("id");
    s.store.set_roles(id, vec![Role::StoreOwner, Role::EcommerceStoreOwner]).await.expect("roles");
    let body = call(s, None, LOGIN, json!({ "i": email, "p": "secret1" })).await;
    (ok(&body, "loginByIdentifier")["accessToken"].as_str().expect("token").into(), id)
}

/// An uploaded photo of `owner`, as the photo pipeline records it.
async fn photo(s: &TestServer, owner: i64, n: u32) -> String {
    let media_id = format!("media-{owner}-{n}");
    let record = MediaRecord {
        media_id: media_id.clone(),
        account_id: owner,
        kind: "photo".into(),
        base_key: format!("ads/{owner}/{n}"),
        width: 1200,
        height: 900,
        bytes: 50_000,
        duration_ms: None,
        created_at: common::now(),
    };
    s.store.insert_media(record).await.expect("media");
    media_id
}

/// A leaf category of the reference tree.
fn leaf(s: &TestServer) -> u32 {
    s.state.catalog.tree().leaves().find(|c| c.parent_id.is_some() && !c.hidden).expect("a leaf").id
}

fn product_input(s: &TestServer, media: &str, units: i64, price: i64) -> Value {
    json!({
        "name": "Smartphone Galaxy A55", "categoryId": leaf(s), "cityId": 1,
        "description": "Neuf sous blister, garantie un an, livré avec chargeur.",
        "mediaIds": [media], "units": units, "unitPrice": price, "reference": "GAL-A55",
        "discount": { "kind": "percent", "value": 10 }
    })
}

async fn insert_product(s: &TestServer, token: &str, input: Value) -> Value {
    let q = format!("mutation($i: ProductInput!) {{ insertProduct(input: $i) {{ {PRODUCT_FIELDS} }} }}");
    ok(&call(s, Some(token), &q, json!({ "i": input })).await, "insertProduct").clone()
}

fn delivery() -> Value {
    json!({ "fullName": "Salma Bennani", "email": "salma@example.ma", "phone": "0612345678", "address": "12 rue Ibn Sina, Agdal", "cityId": 1 })
}

fn place_vars(key: &str, list_id: i64, quantity: i64) -> Value {
    json!({ "i": { "orderKey": key, "listId": list_id, "quantity": quantity, "delivery": delivery(), "rememberDetails": true } })
}

async fn product_units(s: &TestServer, token: &str, id: &str) -> (i64, String) {
    let q = format!("query($id: String!) {{ getMyProduct(id: $id) {{ {PRODUCT_FIELDS} }} }}");
    let body = call(s, Some(token), &q, json!({ "id": id })).await;
    let p = ok(&body, "getMyProduct");
    (p["units"].as_i64().expect("units"), p["status"].as_str().expect("status").into())
}

async fn order_count(s: &TestServer) -> i64 {
    s.store
        .read(|c| Ok(c.query_row("SELECT count(*) FROM purchase_orders", [], |r| r.get::<_, i64>(0))?))
        .await
        .expect("count")
}

#[actix_web::test]
async fn only_e_commerce_shops_reach_the_seller_centre() {
    let s = start("seller-role", |_| {}).await;
    let (buyer, _) = private(&s, "Karim Tahiri", "0611000101").await;
    for (query, vars) in [
        ("{ getMySaleOrdersCounts { countsByStatus { status } } }", json!({})),
        ("{ getMySellerSummary { ordersCount } }", json!({})),
        ("query($q: ProductsQuery!) { getMyProducts(query: $q) { count } }", json!({ "q": {} })),
    ] {
        let fr = call(&s, Some(&buyer), query, vars.clone()).await;
        assert_eq!(code(&fr), "ECOMMERCE_ROLE_REQUIRED", "{query}: {fr}");
        assert_eq!(wording(&fr), "Cet espace est réservé aux boutiques e-commerce");
        let ar = call_ar(&s, Some(&buyer), query, vars).await;
        assert_eq!(wording(&ar), "هذا الفضاء مخصص لمتاجر التجارة الإلكترونية");
    }
    let visitor = call(&s, None, COUNTS, json!({})).await;
    assert_eq!(code(&visitor), "LOGIN_REQUIRED");
}

#[actix_web::test]
async fn a_product_is_an_ad_with_a_buy_action_and_its_operations_follow_its_status() {
    let s = start("seller-products", |_| {}).await;
    let (shop, shop_id) = ecommerce_shop(&s, "ventes@tech-atlas.ma", "0522000101").await;
    let (other, other_id) = ecommerce_shop(&s, "ventes@autre.ma", "0522000102").await;
    let media = photo(&s, shop_id, 1).await;
    let p = insert_product(&s, &shop, product_input(&s, &media, 3, 2000)).await;
    assert_eq!(p["status"], "active");
    assert_eq!(p["finalPrice"]["centimes"], 180_000);
    assert_eq!(p["discount"], json!({ "kind": "percent", "value": 10 }));
    assert!(p["images"][0]["thumb"].as_str().is_some_and(|t| t.contains("thumb")), "{p}");
    let (id, list_id) = (p["id"].as_str().unwrap().to_string(), p["listId"].as_i64().unwrap());

    // The ad view shows it with its "Buy" data; search lists it.
    let ad = call(&s, None, "query($l: Int!) { getAd(listId: $l) { ad { title } product { id units status finalPrice { centimes } deliveryFee { centimes } } } }", json!({ "l": list_id })).await;
    assert_eq!(ok(&ad, "getAd")["product"]["id"], json!(id));
    assert_eq!(ad["data"]["getAd"]["product"]["deliveryFee"]["centimes"], 2500);

    // Another shop can neither read nor change it, and its refusals change nothing.
    let op =
        |name: &str, extra: &str| format!("mutation($id: String!) {{ {name}(id: $id{extra}) {{ id status units }} }}");
    for (q, vars) in [
        ("query($id: String!) { getMyProduct(id: $id) { id } }".to_string(), json!({ "id": id })),
        (op("deactivateProduct", ""), json!({ "id": id })),
        (op("deleteProduct", ""), json!({ "id": id })),
        (op("adjustProductStock", ", units: 50"), json!({ "id": id })),
        (op("applyProductDiscount", ", discount: null"), json!({ "id": id })),
        (
            "mutation($id: String!, $i: ProductInput!) { editProduct(id: $id, input: $i) { id } }".into(),
            json!({ "id": id, "i": product_input(&s, &photo(&s, other_id, 9).await, 99, 10) }),
        ),
    ] {
        let body = call(&s, Some(&other), &q, vars).await;
        assert_eq!(code(&body), "PRODUCT_NOT_FOUND", "{q}: {body}");
    }
    assert_eq!(product_units(&s, &shop, &id).await, (3, "active".into()));

    // Stock 0 makes it out of stock by itself; restocking makes it active again.
    let zero = call(&s, Some(&shop), &op("adjustProductStock", ", units: 0"), json!({ "id": id })).await;
    assert_eq!(ok(&zero, "adjustProductStock")["status"], "outOfStock");
    let back = call(&s, Some(&shop), &op("adjustProductStock", ", units: 4"), json!({ "id": id })).await;
    assert_eq!(ok(&back, "adjustProductStock")["status"], "active");
    // Deactivated: its ad leaves the public view; activated again: back.
    let off = call(&s, Some(&shop), &op("deactivateProduct", ""), json!({ "id": id })).await;
    assert_eq!(ok(&off, "deactivateProduct")["status"], "deactivated");
    let hidden =
        call(&s, None, "query($l: Int!) { getAd(listId: $l) { product { id } } }", json!({ "l": list_id })).await;
    assert_eq!(code(&hidden), "AD_NOT_FOUND", "{hidden}");
    let again = call(&s, Some(&shop), &op("deactivateProduct", ""), json!({ "id": id })).await;
    assert_eq!(code(&again), "PRODUCT_OPERATION_NOT_ALLOWED");
    let on = call(&s, Some(&shop), &op("activateProduct", ""), json!({ "id": id })).await;
    assert_eq!(ok(&on, "activateProduct")["status"], "active");
    // Deleted: nothing is possible afterwards.
    let gone = call(&s, Some(&shop), &op("deleteProduct", ""), json!({ "id": id })).await;
    assert_eq!(ok(&gone, "deleteProduct")["status"], "deleted");
    let after = call(&s, Some(&shop), &op("activateProduct", ""), json!({ "id": id })).await;
    assert_eq!(code(&after), "PRODUCT_OPERATION_NOT_ALLOWED");
    let list =
        call(&s, Some(&shop), "query($q: ProductsQuery!) { getMyProducts(query: $q) { count } }", json!({ "q": {} }))
            .await;
    assert_eq!(ok(&list, "getMyProducts")["count"], 0, "deleted products are not listed");

    // The form refuses what spec §5 refuses, in both languages, and stores nothing.
    let mut bad = product_input(&s, &media, 3, 2000);
    bad["categoryId"] = json!(5);
    let body =
        call(&s, Some(&shop), "mutation($i: ProductInput!) { insertProduct(input: $i) { id } }", json!({ "i": bad }))
            .await;
    assert_eq!(code(&body), "CATEGORY_NOT_FOUND");
    let mut bad = product_input(&s, &media, -1, 2000);
    bad["name"] = json!("Smartphone");
    let body = call_ar(
        &s,
        Some(&shop),
        "mutation($i: ProductInput!) { insertProduct(input: $i) { id } }",
        json!({ "i": bad }),
    )
    .await;
    assert_eq!(code(&body), "VALUE_TOO_SMALL");
    let body = call(
        &s,
        Some(&shop),
        "mutation($i: ProductInput!) { insertProduct(input: $i) { id } }",
        json!({ "i": product_input(&s, &photo(&s, other_id, 3).await, 3, 10) }),
    )
    .await;
    assert_eq!(code(&body), "MEDIA_NOT_FOUND", "another account's upload is not mine");
    let counts = call(&s, Some(&shop), "{ getMyProductsCounts { status count } }", json!({})).await;
    assert!(ok(&counts, "getMyProductsCounts").as_array().unwrap().iter().all(|c| c["count"] == 0), "{counts}");
}

#[actix_web::test]
async fn fifty_buyers_race_for_ten_units_and_exactly_ten_get_one() {
    let s = start("seller-race", |_| {}).await;
    let (shop, shop_id) = ecommerce_shop(&s, "ventes@course.ma", "0522000201").await;
    let media = photo(&s, shop_id, 1).await;
    let p = insert_product(&s, &shop, product_input(&s, &media, 10, 500)).await;
    let (id, list_id) = (p["id"].as_str().unwrap().to_string(), p["listId"].as_i64().unwrap());
    let mut buyers = Vec::new();
    for n in 0..50 {
        buyers.push(private(&s, "Client Pressé", &format!("06120003{n:02}")).await.0);
    }
    let s = std::sync::Arc::new(s);
    let mut tasks = Vec::new();
    for (n, token) in buyers.into_iter().enumerate() {
        let s = std::sync::Arc::clone(&s);
        tasks.push(actix_web::rt::spawn(async move {
            call(&s, Some(&token), PLACE, place_vars(&format!("race-{n}"), list_id, 1)).await
        }));
    }
    let mut placed = 0;
    let mut refused = 0;
    for t in tasks {
        let body = t.await.expect("task");
        if body["errors"].is_null() {
            placed += 1;
        } else {
            assert_eq!(code(&body), "OUT_OF_STOCK", "{body}");
            assert_eq!(wording(&body), "Stock insuffisant : il ne reste que 0 unité(s) de ce produit");
            refused += 1;
        }
    }
    assert_eq!((placed, refused), (10, 40));
    assert_eq!(order_count(&s).await, 10);
    assert_eq!(product_units(&s, &shop, &id).await, (0, "outOfStock".into()));
    let late = private(&s, "Dernier Client", "0612000399").await.0;
    let ar = call_ar(&s, Some(&late), PLACE, place_vars("race-ar", list_id, 1)).await;
    assert_eq!(wording(&ar), "المخزون غير كافٍ: لم يتبق من هذا المنتج سوى 0 وحدة");
    let counts = call(&s, Some(&shop), COUNTS, json!({})).await;
    let pending = &ok(&counts, "getMySaleOrdersCounts")["countsByStatus"][0];
    assert_eq!(*pending, json!({ "status": "pending", "count": 10 }));
}

#[actix_web::test]
async fn a_retried_checkout_makes_one_order_and_a_refused_one_changes_nothing() {
    let s = start("seller-retry", |_| {}).await;
    let (shop, shop_id) = ecommerce_shop(&s, "ventes@retry.ma", "0522000301").await;
    let media = photo(&s, shop_id, 1).await;
    let p = insert_product(&s, &shop, product_input(&s, &media, 5, 200)).await;
    let (id, list_id) = (p["id"].as_str().unwrap().to_string(), p["listId"].as_i64().unwrap());
    let (buyer, _) = private(&s, "Salma Bennani", "0612000401").await;

    let first = call(&s, Some(&buyer), PLACE, place_vars("key-1", list_id, 2)).await;
    let second = call(&s, Some(&buyer), PLACE, place_vars("key-1", list_id, 2)).await;
    let (a, b) = (ok(&first, "placeOrder"), ok(&second, "placeOrder"));
    assert_eq!(a["id"], b["id"], "the same key is the same order");
    // 2 × (200 − 10 %) + 25 DH delivery; commission 10 % of the goods.
    assert_eq!(a["amount"]["centimes"], 2 * 18_000 + 2_500);
    assert_eq!(a["commission"]["centimes"], 3_600);
    assert_eq!(a["status"], "pending");
    assert_eq!(order_count(&s).await, 1);
    assert_eq!(product_units(&s, &shop, &id).await, (3, "active".into()));

    // Too many units, one's own product, a bad phone, an unknown ad: refused, nothing moves.
    let too_many = call(&s, Some(&buyer), PLACE, place_vars("key-2", list_id, 4)).await;
    assert_eq!(
        (code(&too_many), wording(&too_many)),
        ("OUT_OF_STOCK", "Stock insuffisant : il ne reste que 3 unité(s) de ce produit")
    );
    let own = call(&s, Some(&shop), PLACE, place_vars("key-3", list_id, 1)).await;
    assert_eq!(code(&own), "CANNOT_BUY_OWN_PRODUCT");
    let mut vars = place_vars("key-4", list_id, 1);
    vars["i"]["delivery"]["phone"] = json!("12");
    assert_eq!(code(&call(&s, Some(&buyer), PLACE, vars).await), "INVALID_PHONE");
    assert_eq!(code(&call(&s, Some(&buyer), PLACE, place_vars("key-5", 424242, 1)).await), "PRODUCT_NOT_FOUND");
    assert_eq!(code(&call(&s, Some(&buyer), PLACE, place_vars("key-6", list_id, 0)).await), "INVALID_ARGUMENT");
    assert_eq!(code(&call(&s, None, PLACE, place_vars("key-7", list_id, 1)).await), "LOGIN_REQUIRED");
    assert_eq!(order_count(&s).await, 1);
    assert_eq!(product_units(&s, &shop, &id).await, (3, "active".into()));

    // The details were remembered for the next checkout.
    let quote = call(&s, Some(&buyer), "query($l: Int!) { getCheckout(listId: $l, quantity: 2) { maxQuantity total { centimes } savedDetails { fullName address cityId } } }", json!({ "l": list_id })).await;
    let q = ok(&quote, "getCheckout");
    assert_eq!(q["maxQuantity"], 3);
    assert_eq!(q["total"]["centimes"], 38_500);
    assert_eq!(q["savedDetails"]["address"], "12 rue Ibn Sina, Agdal");
}

async fn action(s: &TestServer, token: &str, name: &str, id: &str) -> Value {
    call(
        s,
        Some(token),
        &format!("mutation($id: String!) {{ {name}(id: $id) {{ id status buyerStatus deleted }} }}"),
        json!({ "id": id }),
    )
    .await
}

#[actix_web::test]
async fn the_workflow_moves_orders_live_and_refuses_what_spec_section_4_forbids() {
    let s = start("seller-workflow", |_| {}).await;
    let (shop, shop_id) = ecommerce_shop(&s, "ventes@flux.ma", "0522000501").await;
    let (rival, _) = ecommerce_shop(&s, "ventes@rival.ma", "0522000502").await;
    let media = photo(&s, shop_id, 1).await;
    let p = insert_product(&s, &shop, product_input(&s, &media, 6, 300)).await;
    let (product_id, list_id) = (p["id"].as_str().unwrap().to_string(), p["listId"].as_i64().unwrap());
    let (buyer, _) = private(&s, "Salma Bennani", "0612000501").await;

    let (seller_socket, reply) = PollingClient::connect(&s.base, &shop).await;
    assert!(reply.starts_with("40{\"sid\":"), "{reply}");
    let (buyer_socket, _) = PollingClient::connect(&s.base, &buyer).await;
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;

    let placed = call(&s, Some(&buyer), PLACE, place_vars("flow-1", list_id, 2)).await;
    let order_id = ok(&placed, "placeOrder")["id"].as_str().unwrap().to_string();
    let alert = seller_socket.event("order:new").await;
    assert_eq!(alert["order"]["id"], json!(order_id));
    assert_eq!(alert["order"]["status"], "pending");
    assert_eq!(alert["order"]["buyer"]["fullName"], "Salma Bennani");
    let listed = call(
        &s,
        Some(&shop),
        "query($q: SaleOrdersQuery!) { getMySaleOrders(query: $q) { orders { buyer { city } } } }",
        json!({ "q": {} }),
    )
    .await;
    assert_eq!(
        alert["order"]["buyer"]["city"], listed["data"]["getMySaleOrders"]["orders"][0]["buyer"]["city"],
        "the alert names the city as the list does"
    );
    assert!(alert["order"]["buyer"]["city"].is_string(), "{alert}");
    assert!(alert["committedAt"].as_i64().is_some());
    assert!(s.state.orders.workflows().expect("workflows").is_running(&order_id), "one workflow per open order");

    // Neither another shop (whatever the action) nor the buyer may prepare it; nothing changes.
    let actions = ["prepareOrder", "cancelOrder", "deleteOrder", "shipOrder", "deliverOrder", "returnOrder"];
    for (i, name) in actions.into_iter().enumerate() {
        let foreign = action(&s, &rival, name, &order_id).await;
        assert_eq!(code(&foreign), "NO_ORDER_IS_UPDATED", "{name}: {foreign}");
        let (other_buyer, _) = private(&s, "Curieux Voisin", &format!("061200052{i}")).await;
        let stranger = action(&s, &other_buyer, "cancelOrder", &order_id).await;
        assert_eq!(code(&stranger), "NO_ORDER_IS_UPDATED", "a stranger cancels: {stranger}");
    }
    let by_buyer = action(&s, &buyer, "prepareOrder", &order_id).await;
    assert_eq!(code(&by_buyer), "ECOMMERCE_ROLE_REQUIRED");
    let rival_list = call(&s, Some(&rival), SALE_ORDERS, json!({ "q": {} })).await;
    assert_eq!(ok(&rival_list, "getMySaleOrders")["count"], 0);

    let prepared = action(&s, &shop, "prepareOrder", &order_id).await;
    let u = ok(&prepared, "prepareOrder");
    assert_eq!((u["id"].as_str(), u["status"].as_str()), (Some(order_id.as_str()), Some("readyForDelivery")));
    let live = buyer_socket.event("order:updated").await;
    assert_eq!((live["id"].as_str(), live["buyerStatus"].as_str()), (Some(order_id.as_str()), Some("preparing")));
    let again = action(&s, &shop, "prepareOrder", &order_id).await;
    assert_eq!(
        (code(&again), wording(&again)),
        ("UPDATE_IS_NOT_ALLOWED", "Cette commande ne peut pas être modifiée ainsi dans son état actuel")
    );
    let counts = call(&s, Some(&shop), COUNTS, json!({})).await;
    let by = ok(&counts, "getMySaleOrdersCounts")["countsByStatus"].as_array().unwrap().clone();
    assert_eq!(by[0], json!({ "status": "pending", "count": 0 }));
    assert_eq!(by[1], json!({ "status": "readyForDelivery", "count": 1 }));

    assert_eq!(ok(&action(&s, &shop, "shipOrder", &order_id).await, "shipOrder")["status"], "delivering");
    assert_eq!(ok(&action(&s, &shop, "deliverOrder", &order_id).await, "deliverOrder")["status"], "delivered");
    let done = action(&s, &shop, "cancelOrder", &order_id).await;
    assert_eq!((code(&done), wording(&done)), ("ORDER_ALREADY_COMPLETED", "Cette commande est déjà terminée"));
    let done_ar =
        call_ar(&s, Some(&shop), "mutation($id: String!) { cancelOrder(id: $id) { id } }", json!({ "id": order_id }))
            .await;
    assert_eq!(wording(&done_ar), "هذا الطلب مكتمل بالفعل");
    assert!(!s.state.orders.workflows().unwrap().is_running(&order_id), "a final order's workflow stops");
    let page = call(&s, Some(&shop), SALE_ORDERS, json!({ "q": { "filters": { "status": "delivered" } } })).await;
    let delivered = &ok(&page, "getMySaleOrders")["orders"][0];
    assert_eq!(delivered["paymentStatus"], "ongoing");
    assert_eq!(delivered["allowedActions"], json!([]));
    let summary = call(
        &s,
        Some(&shop),
        "{ getMySellerSummary { ordersCount itemsCount due { centimes } unpaid { centimes } nextTransferDate } }",
        json!({}),
    )
    .await;
    let sum = ok(&summary, "getMySellerSummary");
    // 2 × 270 DH of goods − 10 % commission.
    assert_eq!(
        (sum["ordersCount"].as_i64(), sum["itemsCount"].as_i64(), sum["due"]["centimes"].as_i64()),
        (Some(1), Some(1), Some(48_600))
    );

    // The buyer cancels a PENDING order of theirs (the units go back); a seller deletes one.
    let second = call(&s, Some(&buyer), PLACE, place_vars("flow-2", list_id, 1)).await;
    let second_id = ok(&second, "placeOrder")["id"].as_str().unwrap().to_string();
    let cancel = action(&s, &buyer, "cancelOrder", &second_id).await;
    assert_eq!(ok(&cancel, "cancelOrder")["buyerStatus"], "cancelled");
    let third = call(&s, Some(&buyer), PLACE, place_vars("flow-3", list_id, 1)).await;
    let third_id = ok(&third, "placeOrder")["id"].as_str().unwrap().to_string();
    let deleted = action(&s, &shop, "deleteOrder", &third_id).await;
    assert_eq!(ok(&deleted, "deleteOrder")["deleted"], true);
    assert_eq!(product_units(&s, &shop, &product_id).await.0, 4, "6 − 2 delivered; cancelled and deleted went back");
    let mine = call(
        &s,
        Some(&buyer),
        "query($q: PurchaseOrdersQuery!) { getMyPurchaseOrders(query: $q) { count orders { id status } } }",
        json!({ "q": {} }),
    )
    .await;
    assert_eq!(ok(&mine, "getMyPurchaseOrders")["count"], 2, "a deleted order is gone, the others stay");
    let unknown = action(&s, &shop, "prepareOrder", "no-such-order").await;
    assert_eq!(code(&unknown), "NO_ORDER_IS_UPDATED");
}

#[actix_web::test]
async fn a_workflow_restarted_by_its_supervisor_reloads_its_order_and_its_timer() {
    let s = start("seller-supervised", |settings| settings.orders.reminder_after_secs = 2).await;
    let (shop, shop_id) = ecommerce_shop(&s, "ventes@superv.ma", "0522000601").await;
    let media = photo(&s, shop_id, 1).await;
    let p = insert_product(&s, &shop, product_input(&s, &media, 6, 300)).await;
    let (buyer, _) = private(&s, "Salma Bennani", "0612000601").await;
    let placed = call(&s, Some(&buyer), PLACE, place_vars("sup-1", p["listId"].as_i64().unwrap(), 1)).await;
    let order_id = ok(&placed, "placeOrder")["id"].as_str().unwrap().to_string();
    let workflows = s.state.orders.workflows().expect("workflows");
    assert!(workflows.fail(&order_id), "the workflow runs");
    let (socket, _) = PollingClient::connect(&s.base, &shop).await;
    let reminder = socket.event("order:reminder").await;
    assert_eq!(reminder["id"], json!(order_id));
    assert!(workflows.is_running(&order_id), "restarted, still open");
    let prepared = action(&s, &shop, "prepareOrder", &order_id).await;
    assert_eq!(ok(&prepared, "prepareOrder")["status"], "readyForDelivery");
}

#[actix_web::test]
async fn home_delivery_requests_reach_the_seller_and_the_callback_desk() {
    let s = start("seller-delivery", |_| {}).await;
    let (shop, shop_id) = ecommerce_shop(&s, "ventes@livraison.ma", "0522000701").await;
    let media = photo(&s, shop_id, 1).await;
    let p = insert_product(&s, &shop, product_input(&s, &media, 6, 300)).await;
    let list_id = p["listId"].as_i64().unwrap();
    let q = "mutation($i: DeliveryRequestInput!) { requestDelivery(input: $i) { id listId firstName createdAt callbackBefore } }";
    let input = json!({ "listId": list_id, "firstName": "Hajar", "email": "hajar@example.ma", "phone": "0661000001", "cityId": 1, "address": "5 avenue Hassan II" });
    let body = call(&s, None, q, json!({ "i": input })).await;
    let r = ok(&body, "requestDelivery");
    let (created, due) = (r["createdAt"].as_str().unwrap(), r["callbackBefore"].as_str().unwrap());
    assert!(due > created, "{created} {due}");
    let mut bad = input.clone();
    bad["email"] = json!("hajar");
    assert_eq!(code(&call(&s, None, q, json!({ "i": bad })).await), "INVALID_EMAIL");
    let mut no_ad = input.clone();
    no_ad["listId"] = json!(999_999);
    assert_eq!(code(&call(&s, None, q, json!({ "i": no_ad })).await), "AD_NOT_FOUND");

    let mine = call(&s, Some(&shop), "{ getMyDeliveryRequests { firstName listId } }", json!({})).await;
    assert_eq!(ok(&mine, "getMyDeliveryRequests"), &json!([{ "firstName": "Hajar", "listId": list_id }]));
    let (other, _) = private(&s, "Karim Tahiri", "0612000701").await;
    let theirs = call(&s, Some(&other), "{ getMyDeliveryRequests { firstName } }", json!({})).await;
    assert_eq!(ok(&theirs, "getMyDeliveryRequests"), &json!([]));
    let desk = call(&s, Some(&other), "{ getDeliveryCallbacks { firstName } }", json!({})).await;
    assert_eq!(code(&desk), "PERMISSION_DENIED");
}

async fn serve(data_dir: &std::path::Path) -> (common::Node, String) {
    common::serve_process(data_dir, &[("SOUK_ORDERS__REMINDER_AFTER_SECS", "6")]).await
}

async fn gql(base: &str, token: Option<&str>, query: &str, vars: Value) -> Value {
    common::chat::call(base, token, query, vars).await
}

/// The order's workflow columns, read from the database the server writes.
async fn stored(db: &std::path::Path, order_id: &str) -> (String, Option<i64>) {
    let store = souk_storage::sqlite::SqliteStore::open(db, 1).expect("database");
    let id = order_id.to_string();
    let row = store
        .read(move |c| {
            Ok(c.query_row("SELECT status, reminded_at FROM purchase_orders WHERE order_id = ?1", [id], |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, Option<i64>>(1)?))
            })?)
        })
        .await
        .expect("order row");
    store.shutdown().await;
    row
}

#[actix_web::test]
async fn a_killed_server_comes_back_with_its_orders_states_and_pending_timers() {
    let data_dir = common::temp_dir("seller-restart");
    let db = data_dir.join("souk.db");
    let (node, base) = serve(&data_dir).await;
    let shop_input = json!({ "type": "shop", "name": "Tech Atlas", "email": "ventes@redemarrage.ma", "phone": "0522000801", "cityId": 1, "password": "secret1", "shopCategory": 5010, "plan": "premium" });
    let shop_id = gql(&base, None, REGISTER, json!({ "i": shop_input })).await["data"]["registerAccount"]["info"]["id"]
        .as_i64()
        .expect("shop id");
    let store = souk_storage::sqlite::SqliteStore::open(&db, 1).expect("database");
    store.set_roles(shop_id, vec![Role::StoreOwner, Role::EcommerceStoreOwner]).await.expect("roles");
    let media = format!("media-{shop_id}");
    store
        .insert_media(MediaRecord {
            media_id: media.clone(),
            account_id: shop_id,
            kind: "photo".into(),
            base_key: format!("ads/{shop_id}/1"),
            width: 1200,
            height: 900,
            bytes: 1,
            duration_ms: None,
            created_at: common::now(),
        })
        .await
        .expect("media");
    store.shutdown().await;
    let login = gql(&base, None, LOGIN, json!({ "i": "ventes@redemarrage.ma", "p": "secret1" })).await;
    let shop = login["data"]["loginByIdentifier"]["accessToken"].as_str().expect("token").to_string();
    let leaf = "{ getCategories { id parentId childrenIds } }";
    let cats = gql(&base, None, leaf, json!({})).await;
    let leaf_id = cats["data"]["getCategories"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| !c["parentId"].is_null() && c["childrenIds"].as_array().is_some_and(|k| k.is_empty()))
        .expect("a leaf")["id"]
        .clone();
    let input = json!({ "name": "Ordinateur portable", "categoryId": leaf_id, "cityId": 1, "description": "Très bon état, batterie neuve.", "mediaIds": [media], "units": 5, "unitPrice": 4000 });
    let q = format!("mutation($i: ProductInput!) {{ insertProduct(input: $i) {{ {PRODUCT_FIELDS} }} }}");
    let product = gql(&base, Some(&shop), &q, json!({ "i": input })).await;
    let list_id = product["data"]["insertProduct"]["listId"].as_i64().unwrap_or_else(|| panic!("{product}"));
    let buyer_input = json!({ "type": "private", "name": "Salma Bennani", "phone": "0612000801", "cityId": 1, "password": "secret1", "passwordConfirmation": "secret1" });
    let buyer = gql(&base, None, REGISTER, json!({ "i": buyer_input })).await["data"]["registerAccount"]["login"]["accessToken"]
        .as_str()
        .expect("buyer")
        .to_string();
    let pending = gql(&base, Some(&buyer), PLACE, place_vars("restart-1", list_id, 1)).await;
    let pending_id = pending["data"]["placeOrder"]["id"].as_str().unwrap_or_else(|| panic!("{pending}")).to_string();
    let ready = gql(&base, Some(&buyer), PLACE, place_vars("restart-2", list_id, 1)).await;
    let ready_id = ready["data"]["placeOrder"]["id"].as_str().expect("order").to_string();
    let prepared = gql(
        &base,
        Some(&shop),
        "mutation($id: String!) { prepareOrder(id: $id) { status } }",
        json!({ "id": ready_id }),
    )
    .await;
    assert_eq!(prepared["data"]["prepareOrder"]["status"], "readyForDelivery");
    assert_eq!(stored(&db, &pending_id).await, ("PENDING".into(), None), "the reminder is not due yet");

    // SIGKILL mid-workflow, then a new process on the same data.
    drop(node);
    let (_node, base) = serve(&data_dir).await;
    let (socket, _) = PollingClient::connect(&base, &shop).await;
    let reminder = socket.event("order:reminder").await;
    assert_eq!(reminder["id"], json!(pending_id), "the pending timer survived the restart");
    let (status, reminded) = stored(&db, &pending_id).await;
    assert_eq!(status, "PENDING");
    assert!(reminded.is_some());
    let orders = gql(&base, Some(&shop), SALE_ORDERS, json!({ "q": {} })).await;
    let list = orders["data"]["getMySaleOrders"]["orders"].as_array().unwrap_or_else(|| panic!("{orders}")).clone();
    let status_of = |id: &str| list.iter().find(|o| o["id"] == json!(id)).map(|o| o["status"].clone());
    assert_eq!(status_of(&ready_id), Some(json!("readyForDelivery")));
    assert_eq!(status_of(&pending_id), Some(json!("pending")));
    // The workflow that came back takes the next step.
    let shipped =
        gql(&base, Some(&shop), "mutation($id: String!) { shipOrder(id: $id) { status } }", json!({ "id": ready_id }))
            .await;
    assert_eq!(shipped["data"]["shipOrder"]["status"], "delivering");
    let mail = souk_services::notify::read_outbox(&data_dir.join("outbox"), 100).expect("outbox");
    assert!(mail.iter().any(|m| m.kind.as_deref() == Some("order_reminder")), "the reminder e-mail went out");
    assert!(mail.iter().any(|m| m.kind.as_deref() == Some("new_order")), "the new-order e-mail went out");
}
