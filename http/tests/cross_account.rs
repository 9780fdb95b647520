//! Every mutation of the schema, asked by another account: the census of who may call each
//! one (a new mutation fails this test until it is placed), and the probe of each mutation
//! that names something owned — an ad, a draft, a conversation, a saved search, a payment
//! order, a sale order, a product, an account — with the ids of a shop's things, asked by a
//! private account and by another e-commerce shop, and the admins' mutations asked by both.
//! Each probe must be refused with its spec §8 code, and the whole store (every table, every
//! row) must be exactly as it was before the probes.

mod common;

use common::{TestServer, active_ad, code, now, start};
use rusqlite::types::ValueRef;
use serde_json::{Value, json};
use souk_domain::account::Role;
use souk_domain::ad::{Ad, AdStatus};
use souk_domain::money::Money;
use souk_storage::accounts::AccountStore;
use souk_storage::ads::{AdStore, MediaRecord};
use std::collections::{BTreeMap, BTreeSet};

/// Who may call a mutation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Who {
    /// Anyone, signed in or not: it names no one's things, or proves its right by a secret
    /// it carries (a password, a code, a refresh token).
    Anyone,
    /// A signed-in account, on its own things only: it takes no id of another's thing (or
    /// only a public ad's, which it may save, report, contact, buy).
    OwnOnly,
    /// It names something owned: probed below with another account's ids.
    Owner,
    /// Admins only: probed below with a private account and a shop.
    Admin,
}

/// Every mutation of the schema and who may call it.
const CENSUS: &[(&str, Who)] = &[
    ("registerAccount", Who::Anyone),
    ("login", Who::Anyone),
    ("loginByEmail", Who::Anyone),
    ("loginByIdentifier", Who::Anyone),
    ("refreshAccessToken", Who::Anyone),
    ("loginWithGoogle", Who::Anyone),
    ("loginByFacebook", Who::Anyone),
    ("logoutUser", Who::Anyone),
    ("logout", Who::Anyone),
    ("updateMyAccountInfo", Who::OwnOnly),
    ("editUserPassword", Who::Owner),
    ("editShopProfile", Who::Owner),
    ("requestAccountRecovery", Who::Anyone),
    ("requestAccountRecoveryByPhone", Who::Anyone),
    ("requestSignInCode", Who::Anyone),
    ("loginWithCode", Who::Anyone),
    ("requestPhoneVerification", Who::OwnOnly),
    ("resetMyPassword", Who::Anyone),
    ("updateUserNotificationPreferences", Who::OwnOnly),
    ("sendEmailVerification", Who::OwnOnly),
    ("verifyEmail", Who::Anyone),
    ("actAsUser", Who::Admin),
    ("saveAd", Who::OwnOnly),
    ("unsaveAd", Who::OwnOnly),
    ("saveAdDraft", Who::Owner),
    ("submitAd", Who::Owner),
    ("setAdAvailability", Who::Owner),
    ("patchAd", Who::Owner),
    ("deactivateAd", Who::Owner),
    ("activateAd", Who::Owner),
    ("deleteAd", Who::Owner),
    ("bulkDeactivateAds", Who::Owner),
    ("bulkDeleteAds", Who::Owner),
    ("appealAd", Who::Owner),
    ("showAdPhone", Who::Anyone),
    ("submitReportAd", Who::Anyone),
    ("moderateAd", Who::Admin),
    ("dismissReportAd", Who::Admin),
    ("collectPerformanceEvent", Who::Anyone),
    ("startConversation", Who::OwnOnly),
    ("sendChatMessage", Who::Owner),
    ("markConversationRead", Who::Owner),
    ("setChatTyping", Who::Owner),
    ("blockConversation", Who::Owner),
    ("unblockConversation", Who::Owner),
    ("deleteConversation", Who::Owner),
    ("sendMessageToSeller", Who::Anyone),
    ("saveSearch", Who::OwnOnly),
    ("deleteSavedSearch", Who::Owner),
    ("setSavedSearchAlerts", Who::Owner),
    ("clearRecentSearches", Who::OwnOnly),
    ("orderAdPayment", Who::Owner),
    ("orderVasPack", Who::Owner),
    ("confirmPaymentCode", Who::Admin),
    ("placeOrder", Who::OwnOnly),
    ("prepareOrder", Who::Owner),
    ("cancelOrder", Who::Owner),
    ("deleteOrder", Who::Owner),
    ("shipOrder", Who::Owner),
    ("deliverOrder", Who::Owner),
    ("returnOrder", Who::Owner),
    ("requestDelivery", Who::OwnOnly),
    ("insertProduct", Who::OwnOnly),
    ("editProduct", Who::Owner),
    ("activateProduct", Who::Owner),
    ("deactivateProduct", Who::Owner),
    ("deleteProduct", Who::Owner),
    ("adjustProductStock", Who::Owner),
    ("applyProductDiscount", Who::Owner),
    ("submitCreditRequest", Who::OwnOnly),
    ("requestValuation", Who::OwnOnly),
    // Probed in valuation.rs (another account's valuation is refused, nothing is sent).
    ("resendValuationEmail", Who::OwnOnly),
];

/// The fields of `root` (`MutationRoot`, `QueryRoot`) the schema serves, read from its SDL.
fn schema_fields(root: &str) -> BTreeSet<String> {
    let schema = souk_http::graphql::build_schema(&souk_http::graphql::SchemaLimits {
        max_depth: 64,
        max_complexity: 100_000,
        introspection: true,
    });
    let sdl = schema.sdl();
    let block =
        sdl.split(&format!("type {root} {{")).nth(1).and_then(|rest| rest.split("\n}").next()).expect("the root type");
    let mut names = BTreeSet::new();
    let mut in_doc = false;
    for line in block.lines() {
        let line = line.trim();
        if line.starts_with("\"\"\"") {
            // A one-line doc opens and closes on the same line.
            let one_line = line.len() > 3 && line.ends_with("\"\"\"");
            in_doc = !(in_doc || one_line);
            continue;
        }
        if in_doc || line.is_empty() {
            continue;
        }
        let name: String = line.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
        if !name.is_empty() && line[name.len()..].starts_with(['(', ':']) {
            names.insert(name);
        }
    }
    names
}

/// Fails with the names the schema serves and `census` does not place, and the reverse.
fn check_census(root: &str, census: &[(&str, Who)]) {
    let served = schema_fields(root);
    assert!(served.len() > 50, "the SDL was read: {served:?}");
    let placed: BTreeSet<String> = census.iter().map(|(name, _)| (*name).to_string()).collect();
    let missing: Vec<_> = served.difference(&placed).collect();
    let gone: Vec<_> = placed.difference(&served).collect();
    assert!(missing.is_empty(), "{root} fields nobody placed in the census (who may call them?): {missing:?}");
    assert!(gone.is_empty(), "{root} census entries the schema no longer serves: {gone:?}");
}

#[test]
fn every_mutation_and_query_is_placed_in_the_census() {
    check_census("MutationRoot", CENSUS);
    check_census("QueryRoot", QUERY_CENSUS);
}

/// Every query of the schema and who may ask it (`OwnOnly`: the caller's own things, found
/// from the caller's token; `Owner`: it takes the id of something owned).
const QUERY_CENSUS: &[(&str, Who)] = &[
    ("getCategories", Who::Anyone),
    ("getCitiesFormattedNext", Who::Anyone),
    ("getPopularCitiesFormattedNext", Who::Anyone),
    ("getAreas", Who::Anyone),
    ("getCarBrands", Who::Anyone),
    ("getCarModels", Who::Anyone),
    ("getCarFuels", Who::Anyone),
    ("getCarGearboxes", Who::Anyone),
    ("getMyAccountInfo", Who::OwnOnly),
    ("getCurrentUser", Who::OwnOnly),
    ("getMyStoreInfo", Who::Owner),
    ("getShopProfile", Who::Anyone),
    ("checkActivationCode", Who::Anyone),
    ("getUserNotificationPreferences", Who::OwnOnly),
    ("getUserNotificationChannel", Who::OwnOnly),
    ("checkAccountExistance", Who::Anyone),
    ("checkUserExists", Who::Anyone),
    ("getShopLeads", Who::Admin),
    ("getMyAuditLog", Who::Admin),
    ("getMyAds", Who::OwnOnly),
    ("getMyAd", Who::Owner),
    ("getMyAdPendingEdit", Who::Owner),
    ("getMyAdsCount", Who::OwnOnly),
    ("getMySavedAds", Who::OwnOnly),
    ("getAd", Who::Anyone),
    ("getAdAvailability", Who::Anyone),
    ("getRelatedAds", Who::Anyone),
    ("getPremiumAds", Who::Anyone),
    ("getPriceAdvice", Who::Anyone),
    ("getAdParams", Who::Anyone),
    ("getAdDraft", Who::Owner),
    ("getModerationQueue", Who::Admin),
    ("getAbuseReports", Who::Admin),
    ("getReportedAds", Who::Admin),
    ("getMyPerformanceMetricsFixedRange", Who::Owner),
    ("getMyPerformanceMetricsCustomRange", Who::Owner),
    ("myConversations", Who::OwnOnly),
    ("conversation", Who::Owner),
    ("conversationMessages", Who::Owner),
    ("chatUnreadCount", Who::OwnOnly),
    ("chatMissedMessages", Who::OwnOnly),
    ("getRecentSearches", Who::OwnOnly),
    ("getMySavedSearches", Who::OwnOnly),
    ("getShops", Who::Anyone),
    ("getPopularModels", Who::Anyone),
    ("getShopPhones", Who::Anyone),
    ("getShop", Who::Anyone),
    ("searchAds", Who::Anyone),
    ("getMyPurchaseOrders", Who::OwnOnly),
    ("getMySaleOrders", Who::OwnOnly),
    ("getMySaleOrdersCounts", Who::OwnOnly),
    ("getCheckout", Who::Anyone),
    ("getMySellerSummary", Who::OwnOnly),
    ("getMySellerPayments", Who::OwnOnly),
    ("getMyDeliveryRequests", Who::OwnOnly),
    ("getDeliveryCallbacks", Who::Admin),
    ("getMyAdInsertionFee", Who::Owner),
    ("getVasPacks", Who::Owner),
    ("getMyBalances", Who::OwnOnly),
    ("getMyBalanceEntries", Who::OwnOnly),
    ("getMyPaymentOrder", Who::Owner),
    ("getMyPaymentOrders", Who::OwnOnly),
    ("getMyProducts", Who::OwnOnly),
    ("getMyProductsCounts", Who::OwnOnly),
    ("getMyProduct", Who::Owner),
    ("getLoanOffer", Who::Anyone),
    ("simulateLoan", Who::Anyone),
    ("getMyCreditRequests", Who::OwnOnly),
    // Probed in credit.rs (another account's request is not found).
    ("getCreditRequest", Who::OwnOnly),
    ("getCreditRequests", Who::Admin),
    ("getValuationRules", Who::Anyone),
    ("getMyValuations", Who::OwnOnly),
    // Probed in valuation.rs (another account's valuation is refused).
    ("getValuation", Who::OwnOnly),
];

const REGISTER: &str =
    "mutation($i: RegisterAccountInput!) { registerAccount(input: $i) { login { accessToken } info { id } } }";
const LOGIN: &str =
    "mutation($i: String!, $p: String!) { loginByIdentifier(identifier: $i, password: $p) { accessToken } }";

async fn call(s: &TestServer, token: Option<&str>, query: &str, vars: Value) -> Value {
    s.gql_as(token, &[("Accept-Language", "fr")], query, vars).await
}

fn data<'a>(body: &'a Value, field: &str) -> &'a Value {
    let v = &body["data"][field];
    assert!(!v.is_null(), "{field}: {body}");
    v
}

async fn private(s: &TestServer, name: &str, phone: &str) -> (String, i64) {
    let input = json!({ "type": "private", "name": name, "phone": phone, "cityId": 1, "password": "secret1", "passwordConfirmation": "secret1" });
    let body = call(s, None, REGISTER, json!({ "i": input })).await;
    let p = data(&body, "registerAccount");
    (p["login"]["accessToken"].as_str().expect("token").into(), p["info"]["id"].as_i64().expect("id"))
}

/// A shop given the e-commerce role, signed in again so that its token carries it.
async fn ecommerce_shop(s: &TestServer, name: &str, email: &str, phone: &str) -> (String, i64) {
    let input = json!({ "type": "shop", "name": name, "email": email, "phone": phone, "cityId": 1, "password": "secret1", "shopCategory": 5010, "plan": "premium" });
    let body = call(s, None, REGISTER, json!({ "i": input })).await;
    let id = data(&body, "registerAccount")["info"]["id"].as_i64().expect("id");
    s.store.set_roles(id, vec![Role::StoreOwner, Role::EcommerceStoreOwner]).await.expect("roles");
    let body = call(s, None, LOGIN, json!({ "i": email, "p": "secret1" })).await;
    (data(&body, "loginByIdentifier")["accessToken"].as_str().expect("token").into(), id)
}

/// An ad of `owner` written straight into the store, with a photo, in `status`.
async fn seed_ad(s: &TestServer, owner: i64, list_id: i64, status: AdStatus) -> String {
    let ad_id = format!("probe-{list_id}");
    s.store
        .insert_ads(vec![Ad {
            description: "Canapé d'angle en velours, très bon état, livraison possible à Rabat.".into(),
            price: Some(Money::from_dirhams(4_500)),
            status,
            images: vec!["demo/sofa.jpg".into()],
            ..active_ad(&ad_id, list_id, owner, 2020, 1, &format!("Canapé d'angle {list_id}"), now() - 86_400)
        }])
        .await
        .expect("seed");
    ad_id
}

/// An uploaded photo of `owner`, as the photo pipeline records it.
async fn photo(s: &TestServer, owner: i64) -> String {
    let media_id = format!("media-{owner}-probe");
    let record = MediaRecord {
        media_id: media_id.clone(),
        account_id: owner,
        kind: "photo".into(),
        base_key: format!("ads/{owner}/probe"),
        width: 1200,
        height: 900,
        bytes: 50_000,
        duration_ms: None,
        created_at: now(),
    };
    s.store.insert_media(record).await.expect("media");
    media_id
}

/// What the shop owns, by id: the things the probes aim at.
struct Owned {
    shop_id: i64,
    ad_id: String,
    list_id: i64,
    refused_ad_id: String,
    unpaid_ad_id: String,
    draft_id: String,
    conversation_id: String,
    message_id: String,
    saved_search_id: i64,
    payment_code: String,
    payment_order_id: String,
    store_id: i64,
    product_id: String,
    /// The product's input, as its owner gave it.
    product_input: Value,
    sale_order_id: String,
}

/// The shop's things, made as their owners make them.
async fn owned_things(s: &TestServer, shop: &str, shop_id: i64, buyer: &str) -> Owned {
    let ad_id = seed_ad(s, shop_id, 910_001, AdStatus::Active).await;
    let refused_ad_id = seed_ad(s, shop_id, 910_002, AdStatus::Refused).await;
    let unpaid_ad_id = seed_ad(s, shop_id, 910_003, AdStatus::PendingPayment).await;

    let body = call(
        s,
        Some(shop),
        "mutation($a: AdInput!) { saveAdDraft(step: 1, ad: $a) { draftId } }",
        json!({ "a": { "categoryId": 6020, "adType": "sell" } }),
    )
    .await;
    let draft_id = data(&body, "saveAdDraft")["draftId"].as_str().expect("draft").to_string();

    let body = call(
        s,
        Some(buyer),
        "mutation($l: Int!) { startConversation(listId: $l, text: \"Bonjour, toujours disponible ?\", clientMessageId: \"c-1\") { conversation { id } message { id } } }",
        json!({ "l": 910_001 }),
    )
    .await;
    let started = data(&body, "startConversation");
    let conversation_id = started["conversation"]["id"].as_str().expect("conversation").to_string();
    let message_id = started["message"]["id"].as_str().expect("message").to_string();

    // An open abuse report on the ad, for the admins' desk.
    let body = call(
        s,
        Some(buyer),
        "mutation($l: Int!) { submitReportAd(listId: $l, type: \"fraud\", body: \"Prix trop bas, demande un virement\") { reported } }",
        json!({ "l": 910_001 }),
    )
    .await;
    assert_eq!(data(&body, "submitReportAd")["reported"], true, "{body}");

    let body = call(
        s,
        Some(shop),
        "mutation($f: SearchFiltersInput!) { saveSearch(filters: $f, name: \"Canapés Rabat\") { search { id } } }",
        json!({ "f": { "keyword": "canapé", "cityId": 1 } }),
    )
    .await;
    let saved_search_id = data(&body, "saveSearch")["search"]["id"].as_i64().expect("saved search");

    let body = call(
        s,
        Some(shop),
        "mutation($a: String!) { orderAdPayment(adId: $a, method: \"cashPlus\") { id code } }",
        json!({ "a": unpaid_ad_id }),
    )
    .await;
    let payment_code = data(&body, "orderAdPayment")["code"].as_str().expect("code").to_string();
    let payment_order_id = data(&body, "orderAdPayment")["id"].as_str().expect("order").to_string();
    let body = call(s, Some(shop), "{ getCurrentUser { shopInfo { storeId } } }", json!({})).await;
    let store_id = data(&body, "getCurrentUser")["shopInfo"]["storeId"].as_i64().expect("store id");

    let media = photo(s, shop_id).await;
    let leaf = s.state.catalog.tree().leaves().find(|c| c.parent_id.is_some() && !c.hidden).expect("a leaf").id;
    let product_input = json!({
        "name": "Smartphone Galaxy A55", "categoryId": leaf, "cityId": 1,
        "description": "Neuf sous blister, garantie un an, livré avec chargeur.",
        "mediaIds": [media], "units": 5, "unitPrice": 350_000, "reference": "GAL-A55"
    });
    let body = call(
        s,
        Some(shop),
        "mutation($i: ProductInput!) { insertProduct(input: $i) { id listId } }",
        json!({ "i": product_input }),
    )
    .await;
    let product = data(&body, "insertProduct");
    let product_id = product["id"].as_str().expect("product").to_string();
    let product_list_id = product["listId"].as_i64().expect("list id");

    let delivery = json!({ "fullName": "Salma Bennani", "email": "salma@example.ma", "phone": "0612345678", "address": "12 rue Ibn Sina, Agdal", "cityId": 1 });
    let body = call(
        s,
        Some(buyer),
        "mutation($i: PlaceOrderInput!) { placeOrder(input: $i) { id } }",
        json!({ "i": { "orderKey": "probe-order-1", "listId": product_list_id, "quantity": 1, "delivery": delivery } }),
    )
    .await;
    let sale_order_id = data(&body, "placeOrder")["id"].as_str().expect("order").to_string();

    Owned {
        shop_id,
        ad_id,
        list_id: 910_001,
        refused_ad_id,
        unpaid_ad_id,
        draft_id,
        conversation_id,
        message_id,
        saved_search_id,
        payment_code,
        payment_order_id,
        store_id,
        product_id,
        product_input,
        sale_order_id,
    }
}

/// One attempt: a mutation's or query's document and variables, aimed at the shop's things.
struct Probe {
    mutation: &'static str,
    query: &'static str,
    vars: Value,
}

/// The owner's and admins' queries, asked with the shop's ids.
fn query_probes(o: &Owned) -> Vec<Probe> {
    let p = |mutation, query, vars| Probe { mutation, query, vars };
    let ad = json!({ "a": o.ad_id });
    vec![
        p(
            "getMyStoreInfo",
            "query($s: Int!) { getMyStoreInfo(storeId: $s) { name email tokenBalance } }",
            json!({ "s": o.store_id }),
        ),
        p("getShopLeads", "{ getShopLeads { __typename } }", json!({})),
        p("getMyAuditLog", "{ getMyAuditLog { __typename } }", json!({})),
        p("getMyAd", "query($a: String!) { getMyAd(adId: $a) { adId title } }", ad.clone()),
        p("getMyAdPendingEdit", "query($a: String!) { getMyAdPendingEdit(adId: $a) }", ad.clone()),
        p("getAdDraft", "query($d: String!) { getAdDraft(draftId: $d) { draftId ad } }", json!({ "d": o.draft_id })),
        p("getModerationQueue", "{ getModerationQueue { __typename } }", json!({})),
        p("getAbuseReports", "{ getAbuseReports { __typename } }", json!({})),
        p("getReportedAds", "{ getReportedAds { __typename } }", json!({})),
        p(
            "getMyPerformanceMetricsFixedRange",
            "query($a: String!) { getMyPerformanceMetricsFixedRange(range: \"LAST_7_DAYS\", adId: $a) { name total } }",
            ad.clone(),
        ),
        p(
            "getMyPerformanceMetricsFixedRange",
            "query($s: Int!) { getMyPerformanceMetricsFixedRange(range: \"LAST_7_DAYS\", storeId: $s) { name total } }",
            json!({ "s": o.store_id }),
        ),
        p(
            "getMyPerformanceMetricsCustomRange",
            "query($a: String!) { getMyPerformanceMetricsCustomRange(from: \"2026-11-01\", to: \"2026-11-20\", adId: $a) { name total } }",
            ad.clone(),
        ),
        p(
            "conversation",
            "query($c: String!) { conversation(id: $c) { id lastMessagePreview } }",
            json!({ "c": o.conversation_id }),
        ),
        p(
            "conversationMessages",
            "query($c: String!) { conversationMessages(conversationId: $c) { id text } }",
            json!({ "c": o.conversation_id }),
        ),
        p("getDeliveryCallbacks", "{ getDeliveryCallbacks { __typename } }", json!({})),
        p(
            "getMyAdInsertionFee",
            "query($a: String!) { getMyAdInsertionFee(adId: $a) { __typename } }",
            json!({ "a": o.unpaid_ad_id }),
        ),
        p("getVasPacks", "query($a: String!) { getVasPacks(adId: $a) { title } }", ad.clone()),
        p(
            "getMyPaymentOrder",
            "query($i: String!) { getMyPaymentOrder(id: $i) { id code } }",
            json!({ "i": o.payment_order_id }),
        ),
        p(
            "getMyProduct",
            "query($i: String!) { getMyProduct(id: $i) { id name units } }",
            json!({ "i": o.product_id }),
        ),
        p("getCreditRequests", "{ getCreditRequests { __typename } }", json!({})),
    ]
}

fn probes(o: &Owned) -> Vec<Probe> {
    let p = |mutation, query, vars| Probe { mutation, query, vars };
    let mut cheap_product = o.product_input.clone();
    cheap_product["units"] = json!(1);
    cheap_product["unitPrice"] = json!(100);
    let ad_input = json!({ "adId": o.ad_id, "title": "Canapé repris par un autre", "price": 1 });
    vec![
        p(
            "editUserPassword",
            "mutation($u: Int!) { editUserPassword(userId: $u, currentPassword: \"secret1\", password: \"taken1\") { code } }",
            json!({ "u": o.shop_id }),
        ),
        p(
            "editShopProfile",
            "mutation($u: Int!) { editShopProfile(userId: $u, shopCategory: 5010, shopName: \"Volée\", phone1: \"0611111111\") { code } }",
            json!({ "u": o.shop_id }),
        ),
        p(
            "saveAdDraft",
            "mutation($d: String!) { saveAdDraft(draftId: $d, step: 1, ad: { categoryId: 6020, adType: \"rent\" }) { draftId } }",
            json!({ "d": o.draft_id }),
        ),
        p("submitAd", "mutation($d: String!) { submitAd(draftId: $d) { adId } }", json!({ "d": o.draft_id })),
        p(
            "setAdAvailability",
            "mutation($a: String!) { setAdAvailability(adId: $a, periods: [{ from: \"2027-01-01\", to: \"2027-01-10\" }]) { from } }",
            json!({ "a": o.ad_id }),
        ),
        p("patchAd", "mutation($a: AdInput!) { patchAd(ad: $a) }", json!({ "a": ad_input })),
        p("deactivateAd", "mutation($a: String!) { deactivateAd(adId: $a) { status } }", json!({ "a": o.ad_id })),
        p(
            "deactivateAd",
            "mutation($a: String!, $u: Int!) { deactivateAd(adId: $a, accountId: $u) { status } }",
            json!({ "a": o.ad_id, "u": o.shop_id }),
        ),
        p("activateAd", "mutation($a: String!) { activateAd(adId: $a) { status } }", json!({ "a": o.refused_ad_id })),
        p("deleteAd", "mutation($l: Int!) { deleteAd(listId: $l) { status } }", json!({ "l": o.list_id })),
        p(
            "deleteAd",
            "mutation($l: Int!, $u: Int!) { deleteAd(listId: $l, accountId: $u) { status } }",
            json!({ "l": o.list_id, "u": o.shop_id }),
        ),
        p(
            "bulkDeactivateAds",
            "mutation($a: String!) { bulkDeactivateAds(adIds: [$a], reason: \"sold\") { adId status error { code } } }",
            json!({ "a": o.ad_id }),
        ),
        p(
            "bulkDeleteAds",
            "mutation($a: String!) { bulkDeleteAds(adIds: [$a], reason: \"sold\") { adId status error { code } } }",
            json!({ "a": o.ad_id }),
        ),
        p(
            "appealAd",
            "mutation($a: String!) { appealAd(adId: $a, message: \"Merci de revoir\") { status } }",
            json!({ "a": o.refused_ad_id }),
        ),
        p(
            "moderateAd",
            "mutation($a: String!) { moderateAd(adId: $a, decision: \"REFUSE\", reason: \"duplicate\") { status } }",
            json!({ "a": o.ad_id }),
        ),
        p(
            "dismissReportAd",
            "mutation($l: Int!) { dismissReportAd(listId: $l, reason: \"no_violation\") { __typename } }",
            json!({ "l": o.list_id }),
        ),
        p("actAsUser", "mutation($u: Int!) { actAsUser(accountId: $u) { accessToken } }", json!({ "u": o.shop_id })),
        p(
            "sendChatMessage",
            "mutation($c: String!) { sendChatMessage(conversationId: $c, clientMessageId: \"x-1\", text: \"intrus\") { id } }",
            json!({ "c": o.conversation_id }),
        ),
        p(
            "markConversationRead",
            "mutation($c: String!, $m: String!) { markConversationRead(conversationId: $c, messageId: $m) { unread } }",
            json!({ "c": o.conversation_id, "m": o.message_id }),
        ),
        p(
            "setChatTyping",
            "mutation($c: String!) { setChatTyping(conversationId: $c, typing: true) }",
            json!({ "c": o.conversation_id }),
        ),
        p(
            "blockConversation",
            "mutation($c: String!) { blockConversation(conversationId: $c) { id } }",
            json!({ "c": o.conversation_id }),
        ),
        p(
            "unblockConversation",
            "mutation($c: String!) { unblockConversation(conversationId: $c) { id } }",
            json!({ "c": o.conversation_id }),
        ),
        p(
            "deleteConversation",
            "mutation($c: String!) { deleteConversation(conversationId: $c) }",
            json!({ "c": o.conversation_id }),
        ),
        p("deleteSavedSearch", "mutation($i: Int!) { deleteSavedSearch(id: $i) }", json!({ "i": o.saved_search_id })),
        p(
            "setSavedSearchAlerts",
            "mutation($i: Int!) { setSavedSearchAlerts(id: $i, enabled: false) { id } }",
            json!({ "i": o.saved_search_id }),
        ),
        p(
            "orderAdPayment",
            "mutation($a: String!) { orderAdPayment(adId: $a, method: \"cashPlus\") { id } }",
            json!({ "a": o.unpaid_ad_id }),
        ),
        p(
            "orderVasPack",
            "mutation($a: String!) { orderVasPack(input: { adId: $a, packId: \"bump-7\", slotDate: \"2030-01-01\", slotPart: \"evening\", method: \"cc\" }) { id } }",
            json!({ "a": o.ad_id }),
        ),
        p(
            "confirmPaymentCode",
            "mutation($c: String!) { confirmPaymentCode(code: $c) { adStatus } }",
            json!({ "c": o.payment_code }),
        ),
        p("prepareOrder", "mutation($i: String!) { prepareOrder(id: $i) { status } }", json!({ "i": o.sale_order_id })),
        p("cancelOrder", "mutation($i: String!) { cancelOrder(id: $i) { status } }", json!({ "i": o.sale_order_id })),
        p("deleteOrder", "mutation($i: String!) { deleteOrder(id: $i) { status } }", json!({ "i": o.sale_order_id })),
        p("shipOrder", "mutation($i: String!) { shipOrder(id: $i) { status } }", json!({ "i": o.sale_order_id })),
        p("deliverOrder", "mutation($i: String!) { deliverOrder(id: $i) { status } }", json!({ "i": o.sale_order_id })),
        p("returnOrder", "mutation($i: String!) { returnOrder(id: $i) { status } }", json!({ "i": o.sale_order_id })),
        p(
            "editProduct",
            "mutation($i: String!, $p: ProductInput!) { editProduct(id: $i, input: $p) { id } }",
            json!({ "i": o.product_id, "p": cheap_product }),
        ),
        p("activateProduct", "mutation($i: String!) { activateProduct(id: $i) { id } }", json!({ "i": o.product_id })),
        p(
            "deactivateProduct",
            "mutation($i: String!) { deactivateProduct(id: $i) { id } }",
            json!({ "i": o.product_id }),
        ),
        p("deleteProduct", "mutation($i: String!) { deleteProduct(id: $i) { id } }", json!({ "i": o.product_id })),
        p(
            "adjustProductStock",
            "mutation($i: String!) { adjustProductStock(id: $i, units: -5) { id } }",
            json!({ "i": o.product_id }),
        ),
        p(
            "applyProductDiscount",
            "mutation($i: String!) { applyProductDiscount(id: $i, discount: { kind: \"percent\", value: 90 }) { id } }",
            json!({ "i": o.product_id }),
        ),
    ]
}

/// Every row of every table, as text, by table: the whole store once the counts made so far
/// are written (the statistics are counted in memory and flushed).
async fn every_row(s: &TestServer) -> BTreeMap<String, Vec<String>> {
    actix_web::rt::time::sleep(std::time::Duration::from_millis(300)).await;
    s.state.stats.flush().await.expect("flush");
    s.store
        .read(|c| {
            let mut tables: Vec<String> = Vec::new();
            let mut stmt = c.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")?;
            for name in stmt.query_map([], |r| r.get::<_, String>(0))? {
                tables.push(name?);
            }
            let mut all = BTreeMap::new();
            for table in tables {
                let mut stmt = c.prepare(&format!("SELECT * FROM \"{table}\""))?;
                let columns = stmt.column_count();
                let mut rows: Vec<String> = stmt
                    .query_map([], |r| {
                        let mut row = Vec::with_capacity(columns);
                        for i in 0..columns {
                            row.push(match r.get_ref(i)? {
                                ValueRef::Text(t) => format!("{:?}", String::from_utf8_lossy(t)),
                                other => format!("{other:?}"),
                            });
                        }
                        Ok(row.join(" | "))
                    })?
                    .collect::<Result<_, _>>()?;
                rows.sort();
                all.insert(table, rows);
            }
            Ok(all)
        })
        .await
        .expect("rows")
}

/// What changed between two readings of the store, table by table.
fn changes(before: &BTreeMap<String, Vec<String>>, after: &BTreeMap<String, Vec<String>>) -> Vec<String> {
    let mut out = Vec::new();
    for (table, rows) in after {
        let old: BTreeSet<_> = before.get(table).into_iter().flatten().collect();
        let new: BTreeSet<_> = rows.iter().collect();
        for row in new.difference(&old) {
            out.push(format!("{table} + {row}"));
        }
        for row in old.difference(&new) {
            out.push(format!("{table} - {row}"));
        }
    }
    out
}

/// What a refusal must be: the code of spec §8 that says "not yours" (or "not found", which
/// says no more), never a success, a validation error that could hide a missing check, or
/// an internal error.
const REFUSALS: &[&str] = &[
    "PERMISSION_DENIED",
    "ECOMMERCE_ROLE_REQUIRED",
    "AD_NOT_FOUND",
    "NOT_FOUND",
    "CONVERSATION_NOT_FOUND",
    "NO_ORDER_IS_UPDATED",
    "ORDER_NOT_FOUND",
    "PRODUCT_NOT_FOUND",
];

/// Asks each probe as each attacker: every answer must refuse as "not yours" (a bulk operation
/// per ad) and show none of `secrets`; answers the refusals seen.
async fn refusals(s: &TestServer, probes: &[Probe], attackers: &[(&str, &str)], secrets: &[&str]) -> Vec<String> {
    let mut seen = Vec::new();
    for probe in probes {
        for (who, token) in attackers {
            let body = call(s, Some(token), probe.query, probe.vars.clone()).await;
            let refused = body["errors"][0]["extensions"]["code"]
                .as_str()
                .or_else(|| body["data"][probe.mutation][0]["error"]["code"].as_str())
                .unwrap_or("");
            seen.push(format!("{} ({who}): {refused}", probe.mutation));
            assert!(
                REFUSALS.contains(&refused),
                "{} by the {who} was not refused as not theirs: {body}",
                probe.mutation
            );
            let text = body.to_string();
            for secret in secrets {
                assert!(!text.contains(secret), "{} by the {who} shows {secret:?}: {body}", probe.mutation);
            }
        }
    }
    seen
}

#[actix_web::test]
async fn another_account_changes_and_reads_nothing_of_a_shop_with_any_mutation_or_query() {
    let s = start("cross-account", |_| {}).await;
    let (shop, shop_id) = ecommerce_shop(&s, "Atlas Électronique", "atlas@souk.ma", "0611000001").await;
    let (buyer, _) = private(&s, "Salma Bennani", "0611000002").await;
    let (intruder, _) = private(&s, "Karim Intrus", "0611000003").await;
    let (rival, _) = ecommerce_shop(&s, "Rival Shop", "rival@souk.ma", "0611000004").await;
    let owned = owned_things(&s, &shop, shop_id, &buyer).await;

    let stored = every_row(&s).await;
    for table in
        ["ads", "ad_drafts", "chat_messages", "saved_searches", "payment_orders", "purchase_orders", "abuse_reports"]
    {
        assert!(stored.get(table).is_some_and(|rows| !rows.is_empty()), "the reading sees the shop's {table}");
    }
    let mut answers = Vec::new();
    let attackers = [("private", intruder.as_str()), ("shop", rival.as_str())];
    let secrets = ["Atlas", "0611000001", "Bonjour, toujours", "Canapé", "Galaxy", owned.payment_code.as_str()];
    for (kind, probes, census) in [("mutation", probes(&owned), CENSUS), ("query", query_probes(&owned), QUERY_CENSUS)]
    {
        let probed: BTreeSet<&str> = probes.iter().map(|p| p.mutation).collect();
        let want: BTreeSet<&str> =
            census.iter().filter(|(_, who)| matches!(who, Who::Owner | Who::Admin)).map(|(name, _)| *name).collect();
        assert_eq!(probed, want, "every owner's and admin's {kind} is probed");
        let before = every_row(&s).await;
        answers.extend(refusals(&s, &probes, &attackers, &secrets).await);
        let changed = changes(&before, &every_row(&s).await);
        assert!(changed.is_empty(), "the refused {kind} probes changed the store:\n{}", changed.join("\n"));
    }
    eprintln!("{} refusals:\n  {}", answers.len(), answers.join("\n  "));

    // The shop itself still may: the probes were refused for who asked, not for what.
    let body = call(
        &s,
        Some(&shop),
        "mutation($i: Int!) { setSavedSearchAlerts(id: $i, enabled: false) { id } }",
        json!({ "i": owned.saved_search_id }),
    )
    .await;
    assert_eq!(code(&body), "none", "{body}");
    let body = call(
        &s,
        Some(&shop),
        "mutation($i: String!) { prepareOrder(id: $i) { status } }",
        json!({ "i": owned.sale_order_id }),
    )
    .await;
    assert_eq!(body["data"]["prepareOrder"]["status"], "readyForDelivery", "{body}");
}
