//! Ads through the gateway, as the client uses them: uploads, the four steps of the ad form,
//! moderation (queue, automatic checks, refusal e-mail, appeals and their limit), the lifecycle
//! rules of spec §4, my ads and counts, public ad data, saved ads (GraphQL and REST) and abuse
//! reports — and, for every mutation, proof that another account is refused and its ad left
//! unchanged, and that a visitor is asked to sign in.

mod common;

use common::{TestServer, active_ad, code, now, start};
use reqwest::StatusCode;
use serde_json::{Value, json};
use souk_domain::account::Role;
use souk_domain::ad::{Ad, AdStatus};
use souk_domain::money::Money;
use souk_services::notify::read_outbox;
use souk_storage::accounts::AccountStore;
use souk_storage::ads::AdStore;

const DAY: i64 = 86_400;

async fn call(s: &TestServer, token: Option<&str>, query: &str, variables: Value) -> Value {
    call_in(s, token, "fr", query, variables).await
}

async fn call_in(s: &TestServer, token: Option<&str>, lang: &str, query: &str, variables: Value) -> Value {
    s.gql_as(token, &[("Accept-Language", lang)], query, variables).await
}

/// Signs up a private account; answers (token, account id).
async fn private(s: &TestServer, phone: &str) -> (String, i64) {
    let q = "mutation($i: RegisterAccountInput!) { registerAccount(input: $i) { login { accessToken } info { id } } }";
    let input = json!({ "type": "private", "name": "Youssef Alami", "phone": phone, "cityId": 1, "password": "secret1", "passwordConfirmation": "secret1" });
    let body = call(s, None, q, json!({ "i": input })).await;
    let p = &body["data"]["registerAccount"];
    (p["login"]["accessToken"].as_str().expect("token").into(), p["info"]["id"].as_i64().expect("id"))
}

/// Signs up a shop (with an e-mail) in the given language; answers (token, account id).
async fn shop(s: &TestServer, email: &str, phone: &str, lang: &str) -> (String, i64) {
    let q = "mutation($i: RegisterAccountInput!) { registerAccount(input: $i) { login { accessToken } info { id } } }";
    let input = json!({ "type": "shop", "name": "Auto Atlas", "email": email, "phone": phone, "cityId": 1, "password": "secret1", "shopCategory": 2010, "plan": "premium" });
    let body = call_in(s, None, lang, q, json!({ "i": input })).await;
    let p = &body["data"]["registerAccount"];
    (p["login"]["accessToken"].as_str().expect("token").into(), p["info"]["id"].as_i64().expect("id"))
}

async fn admin(s: &TestServer, phone: &str) -> String {
    let (_, id) = private(s, phone).await;
    s.store.set_roles(id, vec![Role::Admin]).await.expect("promote");
    let q =
        format!("mutation {{ loginByIdentifier(identifier: \"{phone}\", password: \"secret1\") {{ accessToken }} }}");
    let body = call(s, None, &q, json!({})).await;
    body["data"]["loginByIdentifier"]["accessToken"].as_str().expect("admin token").into()
}

fn png(width: u32, height: u32) -> Vec<u8> {
    let img = image::RgbImage::from_fn(width, height, |x, y| image::Rgb([(x % 255) as u8, (y % 255) as u8, 90]));
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).expect("png");
    out.into_inner()
}

async fn upload(s: &TestServer, token: &str, path: &str, bytes: Vec<u8>) -> (StatusCode, Value) {
    let form = reqwest::multipart::Form::new().part("file", reqwest::multipart::Part::bytes(bytes).file_name("x.bin"));
    let res =
        s.client.post(format!("{}{path}", s.base)).bearer_auth(token).multipart(form).send().await.expect("upload");
    let status = res.status();
    (status, res.json().await.unwrap_or(Value::Null))
}

async fn photo(s: &TestServer, token: &str) -> String {
    let (status, body) = upload(s, token, "/api/ads/photos", png(1200, 900)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body["mediaId"].as_str().expect("media id").into()
}

const SAVE_DRAFT: &str = "mutation($d: String, $s: Int!, $a: AdInput!) { saveAdDraft(draftId: $d, step: $s, ad: $a) { draftId step nextStep ad } }";
const SUBMIT: &str =
    "mutation($d: String, $a: AdInput) { submitAd(draftId: $d, ad: $a) { adId listId status refusalReason } }";
const MY_AD: &str = "query($id: String!) { getMyAd(adId: $id) { adId listId status editAdStatus title refusalReason refusalReasonText images { thumb medium large } performance { phoneViews } price { withCurrency } city { id name } area { id name } params { key label value unit } labels deletableInDays } }";
const COUNTS: &str = "{ getMyAdsCount { countByStatus { status count } } }";
const MODERATE: &str = "mutation($id: String!, $d: String!, $r: String) { moderateAd(adId: $id, decision: $d, reason: $r) { adId status refusalReason } }";

fn sofa(images: Vec<String>) -> Value {
    json!({
        "categoryId": 6020, "adType": "sell", "title": "Canapé d'angle en cuir",
        "description": "Canapé en très bon état à récupérer sur place", "params": { "condition": "tres_bon_etat" },
        "images": images, "cityId": 1, "areaId": 101, "price": 2500,
    })
}

fn count_of(body: &Value, status: &str) -> i64 {
    body["data"]["getMyAdsCount"]["countByStatus"]
        .as_array()
        .and_then(|a| a.iter().find(|c| c["status"] == status))
        .and_then(|c| c["count"].as_i64())
        .unwrap_or(-1)
}

/// An ad written straight into the store, in any status.
async fn seed_ad(s: &TestServer, owner: i64, list_id: i64, status: AdStatus, state_time: i64) -> String {
    seed_typed_ad(s, owner, list_id, status, state_time, 6020, "sell").await
}

/// An ad of a category and ad type written straight into the store.
async fn seed_typed_ad(
    s: &TestServer,
    owner: i64,
    list_id: i64,
    status: AdStatus,
    state_time: i64,
    category_id: u32,
    ad_type: &str,
) -> String {
    let ad_id = format!("seeded-{list_id}");
    s.store
        .insert_ads(vec![Ad {
            ad_type: ad_type.into(),
            description: "Table basse en bois massif".into(),
            price: Some(Money::from_dirhams(800)),
            status,
            images: vec!["demo/table.jpg".into()],
            ..active_ad(&ad_id, list_id, owner, category_id, 1, &format!("Table basse {list_id}"), state_time)
        }])
        .await
        .expect("seed");
    ad_id
}

#[actix_web::test]
async fn an_ad_goes_through_the_four_steps_moderation_and_appears_in_my_ads() {
    let s = start("ads-flow", |_| {}).await;
    let (seller, _) = private(&s, "0611000001").await;
    let moderator = admin(&s, "0611000009").await;
    let photos = vec![photo(&s, &seller).await, photo(&s, &seller).await];

    let full = sofa(photos.clone());
    let step1 =
        call(&s, Some(&seller), SAVE_DRAFT, json!({ "s": 1, "a": { "categoryId": 6020, "adType": "sell" } })).await;
    let draft = &step1["data"]["saveAdDraft"];
    assert_eq!((draft["step"].as_i64(), draft["nextStep"].as_i64()), (Some(1), Some(2)), "{step1}");
    let id = draft["draftId"].as_str().expect("draft id").to_string();
    let step2 = json!({ "title": full["title"], "description": full["description"], "params": full["params"] });
    let b = call(&s, Some(&seller), SAVE_DRAFT, json!({ "d": id, "s": 2, "a": step2 })).await;
    assert_eq!(b["data"]["saveAdDraft"]["nextStep"], 3, "{b}");
    let b = call(&s, Some(&seller), SAVE_DRAFT, json!({ "d": id, "s": 3, "a": { "images": photos } })).await;
    assert_eq!(b["data"]["saveAdDraft"]["ad"]["images"].as_array().map(Vec::len), Some(2), "{b}");
    let step4 = json!({ "cityId": 1, "areaId": 101, "price": 2500 });
    let b = call(&s, Some(&seller), SAVE_DRAFT, json!({ "d": id, "s": 4, "a": step4 })).await;
    assert_eq!(b["data"]["saveAdDraft"]["nextStep"], 5, "{b}");
    let got =
        call(&s, Some(&seller), "query($d: String!) { getAdDraft(draftId: $d) { step ad } }", json!({ "d": id })).await;
    assert_eq!(got["data"]["getAdDraft"]["ad"]["title"], "Canapé d'angle en cuir");

    let sub = call(&s, Some(&seller), SUBMIT, json!({ "d": id })).await;
    let ad = &sub["data"]["submitAd"];
    assert_eq!(ad["status"], "pending_review", "{sub}");
    let (ad_id, list_id) = (ad["adId"].as_str().expect("id").to_string(), ad["listId"].as_i64().expect("list id"));
    let counts = call(&s, Some(&seller), COUNTS, json!({})).await;
    assert_eq!((count_of(&counts, "PENDING_REVIEW"), count_of(&counts, "ACTIVE")), (1, 0));
    let waiting = call(
        &s,
        Some(&seller),
        "{ getMyAds(filters: { status: \"UNVERIFIED\" }, pagination: { number: 1, size: 12 }) { ads { adId } count { total } } }",
        json!({}),
    )
    .await;
    assert_eq!(waiting["data"]["getMyAds"]["count"]["total"], 1);
    // The draft was used up.
    let gone =
        call(&s, Some(&seller), "query($d: String!) { getAdDraft(draftId: $d) { step } }", json!({ "d": id })).await;
    assert_eq!(code(&gone), "AD_NOT_FOUND");

    // The moderation queue and its service-level metric.
    let queue = call(
        &s,
        Some(&moderator),
        "{ getModerationQueue { total items { kind ageSeconds overdue ad { adId } } } }",
        json!({}),
    )
    .await;
    let items = queue["data"]["getModerationQueue"]["items"].as_array().expect("items").clone();
    assert_eq!(items.len(), 1, "{queue}");
    assert_eq!((items[0]["kind"].as_str(), items[0]["overdue"].as_bool()), (Some("new"), Some(false)));
    let metrics =
        s.client.get(format!("{}/metrics", s.base)).send().await.expect("metrics").text().await.expect("text");
    assert!(metrics.contains("souk_moderation_oldest_waiting_seconds"), "{metrics}");
    let not_admin = call(&s, Some(&seller), "{ getModerationQueue { total } }", json!({})).await;
    assert_eq!(code(&not_admin), "PERMISSION_DENIED");

    let approved = call(&s, Some(&moderator), MODERATE, json!({ "id": ad_id, "d": "APPROVE" })).await;
    assert_eq!(approved["data"]["moderateAd"]["status"], "active", "{approved}");

    // Public view for a visitor; show number counts a phone view.
    let public = call(
        &s,
        None,
        "query($l: Int!) { getAd(listId: $l) { ad { title status images { large } } seller { type name } latitude } }",
        json!({ "l": list_id }),
    )
    .await;
    assert_eq!(public["data"]["getAd"]["ad"]["title"], "Canapé d'angle en cuir", "{public}");
    assert_eq!(public["data"]["getAd"]["seller"]["type"], "private");
    // A visitor's browser (a visitor id, a browser's User-Agent): counted like a view.
    let browser = [("visitorId", "ads-flow-visitor"), ("User-Agent", "Mozilla/5.0 Firefox/140.0")];
    let (_, phone) =
        s.gql("/graphql", &browser, "mutation($l: Int!) { showAdPhone(listId: $l) }", json!({ "l": list_id })).await;
    assert_eq!(phone["data"]["showAdPhone"], "0611000001", "{phone}");

    let mine = call(&s, Some(&seller), MY_AD, json!({ "id": ad_id })).await;
    let m = &mine["data"]["getMyAd"];
    assert_eq!(m["performance"]["phoneViews"], 1, "{mine}");
    assert_eq!(m["area"]["name"], "Maârif");
    assert_eq!(m["price"]["withCurrency"], "2 500 DH");
    assert_eq!(m["params"][0]["value"], "tres_bon_etat");
    let fr = call(
        &s,
        None,
        "query($l: Int!) { getAd(listId: $l) { ad { params { valueLabel } } } }",
        json!({ "l": list_id }),
    )
    .await;
    assert_eq!(
        fr["data"]["getAd"]["ad"]["params"][0]["valueLabel"], "Très bon état",
        "a choice carries its label: {fr}"
    );
    let ar = call_in(
        &s,
        None,
        "ar",
        "query($l: Int!) { getAd(listId: $l) { ad { params { value valueLabel } } savedByMe } }",
        json!({ "l": list_id }),
    )
    .await;
    assert_eq!(ar["data"]["getAd"]["ad"]["params"][0]["valueLabel"], "حالة جيدة جدا", "{ar}");
    assert_eq!(ar["data"]["getAd"]["savedByMe"], false, "a visitor has saved nothing");
    let images = m["images"].as_array().expect("images");
    assert_eq!(images.len(), 2);
    for size in ["thumb", "medium", "large"] {
        let url = images[0][size].as_str().expect("url");
        let res = s.client.get(format!("{}{url}", s.base)).send().await.expect("image");
        assert_eq!(res.status(), StatusCode::OK, "{url}");
    }
    let active = call(&s, Some(&seller), "{ getMyAds(filters: { status: \"ACTIVE\", boosted: \"unboosted_active_ads\" }) { ads { adId listId title } count { total } } }", json!({})).await;
    assert_eq!(active["data"]["getMyAds"]["count"]["total"], 1, "{active}");
}

#[actix_web::test]
async fn bad_input_is_refused_with_its_code_in_both_languages_and_stores_nothing() {
    let s = start("ads-bad", |_| {}).await;
    let (seller, seller_id) = private(&s, "0611000011").await;

    let bad = [
        (json!({ "title": "Appelez le 0612345678" }), "TEXT_HAS_PHONE"),
        (json!({ "title": "Canapé en cuir !" }), "TEXT_HAS_SPECIAL_CHARACTERS"),
        (json!({ "description": "Écrivez à vendeur@exemple.ma pour plus" }), "TEXT_HAS_EMAIL"),
        (json!({ "description": "Voir www.souk.ma pour les photos" }), "TEXT_HAS_LINK"),
        (json!({ "title": "Sofa" }), "TEXT_TOO_SHORT"),
        (json!({ "categoryId": 6000 }), "CATEGORY_NOT_FOUND"),
        (json!({ "adType": "rent" }), "INVALID_AD_TYPE"),
        (json!({ "params": { "colour": "rouge" } }), "INVALID_PARAM"),
        (json!({ "areaId": 9999 }), "AREA_NOT_FOUND"),
        (json!({ "cityId": 987654 }), "CITY_NOT_FOUND"),
        (json!({ "price": 0 }), "REQUIRED"),
        (json!({ "discount": 95 }), "VALUE_TOO_LARGE"),
        (json!({ "images": ["not-my-upload"] }), "MEDIA_NOT_FOUND"),
    ];
    for (change, expected) in bad {
        let mut ad = sofa(vec![]);
        for (k, v) in change.as_object().expect("object") {
            ad[k] = v.clone();
        }
        let body = call(&s, Some(&seller), SUBMIT, json!({ "a": ad })).await;
        assert_eq!(code(&body), expected, "{change} → {body}");
        assert!(body["errors"][0]["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    let ar = call_in(&s, Some(&seller), "ar", SUBMIT, json!({ "a": { "categoryId": 6020, "adType": "sell", "title": "اتصل على 0612345678", "description": "وصف طويل بما فيه الكفاية", "cityId": 1, "price": 10 } })).await;
    assert_eq!(ar["errors"][0]["message"], "يجب ألا يحتوي النص على رقم هاتف", "{ar}");
    assert_eq!(ar["errors"][0]["extensions"]["messageKey"], "validation.text.noPhone");

    let nine: Vec<String> = (0..9).map(|i| format!("m{i}")).collect();
    let too_many = call(&s, Some(&seller), SUBMIT, json!({ "a": sofa(nine) })).await;
    assert_eq!(code(&too_many), "TOO_MANY_PHOTOS");
    assert_eq!(too_many["errors"][0]["extensions"]["max"], 8);

    let (status, body) = upload(&s, &seller, "/api/ads/photos", b"GIF89a not really".to_vec()).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("PHOTO_NOT_AN_IMAGE")), "{body}");
    let (status, body) = upload(&s, &seller, "/api/ads/videos", b"\0\0\0\x18ftypisom not a video".to_vec()).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("VIDEO_UNREADABLE")), "{body}");
    let (status, body) = upload(&s, &seller, "/api/ads/videos", vec![0u8; 30 * 1024 * 1024 + 1]).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::PAYLOAD_TOO_LARGE, Some("VIDEO_TOO_LARGE")), "{body}");

    let counts = call(&s, Some(&seller), COUNTS, json!({})).await;
    let total: i64 = counts["data"]["getMyAdsCount"]["countByStatus"]
        .as_array()
        .expect("counts")
        .iter()
        .filter_map(|c| c["count"].as_i64())
        .sum();
    assert_eq!(total, 0, "no refused request stored an ad");
    let media = s.store.find_media(vec![]).await.expect("media");
    assert!(media.is_empty());
    let ads_dir = s.data_dir.join("media").join("ads");
    assert!(
        !ads_dir.exists() || std::fs::read_dir(&ads_dir).expect("dir").next().is_none(),
        "refused uploads wrote no file"
    );
    let _ = seller_id;
}

#[actix_web::test]
async fn lifecycle_follows_spec_section_4() {
    let s = start("ads-life", |st| st.ads.free_limit_default = 1).await;
    let (seller, seller_id) = private(&s, "0611000021").await;
    let t = now();
    let active = seed_ad(&s, seller_id, 500_001, AdStatus::Active, t - 30 * DAY).await;
    let fresh_deactivated = seed_ad(&s, seller_id, 500_002, AdStatus::Deactivated, t - 2 * DAY).await;
    let old_deactivated = seed_ad(&s, seller_id, 500_003, AdStatus::Deactivated, t - 8 * DAY).await;

    let del = "mutation($l: Int!, $a: Int) { deleteAd(listId: $l, accountId: $a) { status outcome } }";
    let refused = call(&s, Some(&seller), del, json!({ "l": 500_002, "a": seller_id })).await;
    assert_eq!(code(&refused), "DELETION_REFUSED", "{refused}");
    assert_eq!(refused["errors"][0]["extensions"]["days"], 5);
    assert_eq!(refused["errors"][0]["message"], "L'annonce ne peut être supprimée qu'après 5 jours");
    assert_eq!(s.store.find_ad(&fresh_deactivated).await.unwrap().unwrap().ad.status, AdStatus::Deactivated);
    let deleted = call(&s, Some(&seller), del, json!({ "l": 500_003 })).await;
    assert_eq!(deleted["data"]["deleteAd"]["status"], "deleted", "{deleted}");
    let activate = "mutation($id: String!) { activateAd(adId: $id) { status outcome messageKey message } }";
    let again = call(&s, Some(&seller), activate, json!({ "id": old_deactivated })).await;
    assert_eq!(code(&again), "AD_OPERATION_NOT_ALLOWED", "deleted is final");
    let active_delete = call(&s, Some(&seller), del, json!({ "l": 500_001 })).await;
    assert_eq!(code(&active_delete), "AD_OPERATION_NOT_ALLOWED", "an active ad is deactivated first");

    // Over the free limit (1 in this test): activation ends in pending payment.
    let over = call(&s, Some(&seller), activate, json!({ "id": fresh_deactivated })).await;
    let o = &over["data"]["activateAd"];
    assert_eq!(
        (o["status"].as_str(), o["outcome"].as_str()),
        (Some("pending_payment"), Some("PAYMENT_REQUIRED")),
        "{over}"
    );
    assert_eq!(o["messageKey"], "adOperations.activeLimitReached");
    // Payment publishes it (the payments capability calls this).
    let paid = s.store.find_ad(&fresh_deactivated).await.unwrap().unwrap();
    assert_eq!(paid.ad.status, AdStatus::PendingPayment);

    let deactivate = "mutation($id: String!, $tok: String) { deactivateAd(adId: $id, token: $tok) { status } }";
    let d = call(&s, None, deactivate, json!({ "id": active, "tok": seller })).await;
    assert_eq!(d["data"]["deactivateAd"]["status"], "deactivated", "the token argument authenticates: {d}");
    let ok = call(&s, Some(&seller), activate, json!({ "id": active })).await;
    assert_eq!(ok["data"]["activateAd"]["outcome"], "ACTIVATED", "{ok}");

    // Bulk with a reason: each ad its own outcome.
    let fresh2 = seed_ad(&s, seller_id, 500_004, AdStatus::Active, t).await;
    let bulk = "mutation($ids: [String!]!, $r: String!) { bulkDeactivateAds(adIds: $ids, reason: $r) { adId status error { code } } }";
    let b = call(&s, Some(&seller), bulk, json!({ "ids": [fresh2, "unknown-ad"], "r": "vendu" })).await;
    let items = b["data"]["bulkDeactivateAds"].as_array().expect("items");
    assert_eq!(
        (items[0]["status"].as_str(), items[1]["error"]["code"].as_str()),
        (Some("deactivated"), Some("AD_NOT_FOUND"))
    );
    let no_reason = call(&s, Some(&seller), bulk, json!({ "ids": [fresh2], "r": " " })).await;
    assert_eq!(code(&no_reason), "REQUIRED");
    let bulk_del =
        "mutation($ids: [String!]!) { bulkDeleteAds(adIds: $ids, reason: \"vendu\") { status error { code } } }";
    let b = call(&s, Some(&seller), bulk_del, json!({ "ids": [fresh2] })).await;
    assert_eq!(b["data"]["bulkDeleteAds"][0]["error"]["code"], "DELETION_REFUSED", "{b}");
}

#[actix_web::test]
async fn refusals_are_emailed_in_the_sellers_language_and_appeals_are_limited() {
    let s = start("ads-moderation", |_| {}).await;
    let (seller, _) = shop(&s, "atlas@souk.ma", "0611000031", "ar").await;
    let moderator = admin(&s, "0611000039").await;
    let body = call(&s, Some(&seller), SUBMIT, json!({ "a": sofa(vec![]) })).await;
    let ad_id = body["data"]["submitAd"]["adId"].as_str().expect("ad").to_string();

    let refuse =
        call(&s, Some(&moderator), MODERATE, json!({ "id": ad_id, "d": "REFUSE", "r": "wrong_category" })).await;
    assert_eq!(refuse["data"]["moderateAd"]["status"], "refused", "{refuse}");
    let mails = read_outbox(&s.data_dir.join("outbox"), 100).expect("outbox");
    let mail = mails.iter().find(|m| m.kind.as_deref() == Some("ad_refused")).expect("a refusal e-mail");
    assert_eq!(mail.to, "atlas@souk.ma");
    assert!(mail.text.contains("الإعلان ليس في الفئة المناسبة"), "in Arabic: {}", mail.text);

    let appeal = "mutation($id: String!) { appealAd(adId: $id, message: \"La catégorie est la bonne\") { status } }";
    for round in 0..2 {
        let a = call(&s, Some(&seller), appeal, json!({ "id": ad_id })).await;
        assert_eq!(a["data"]["appealAd"]["status"], "pending_review", "round {round}: {a}");
        call(&s, Some(&moderator), MODERATE, json!({ "id": ad_id, "d": "REFUSE", "r": "wrong_category" })).await;
    }
    let limit = call(&s, Some(&seller), appeal, json!({ "id": ad_id })).await;
    assert_eq!(code(&limit), "APPEAL_LIMIT_REACHED", "{limit}");
    assert_eq!(limit["errors"][0]["extensions"]["messageKey"], "appeal.error.limitReached");

    // Automatic checks: a banned word, then a duplicate of one's own ad.
    let mut banned = sofa(vec![]);
    banned["title"] = json!("Réplique de montre de luxe");
    let b = call(&s, Some(&seller), SUBMIT, json!({ "a": banned })).await;
    assert_eq!(
        (b["data"]["submitAd"]["status"].as_str(), b["data"]["submitAd"]["refusalReason"].as_str()),
        (Some("refused"), Some("forbidden_content")),
        "{b}"
    );
    let mut first = sofa(vec![]);
    first["title"] = json!("Armoire trois portes");
    let one = call(&s, Some(&seller), SUBMIT, json!({ "a": first.clone() })).await;
    assert_eq!(one["data"]["submitAd"]["status"], "pending_review");
    let two = call(&s, Some(&seller), SUBMIT, json!({ "a": first })).await;
    assert_eq!(two["data"]["submitAd"]["refusalReason"], "duplicate", "{two}");
}

#[actix_web::test]
async fn an_edit_of_a_live_ad_waits_for_moderation_while_the_ad_stays_online() {
    let s = start("ads-edit", |_| {}).await;
    let (seller, seller_id) = private(&s, "0611000041").await;
    let moderator = admin(&s, "0611000049").await;
    let ad_id = seed_ad(&s, seller_id, 600_001, AdStatus::Active, now()).await;
    let patch = "mutation($a: AdInput!) { patchAd(ad: $a) }";
    let p =
        call(&s, Some(&seller), patch, json!({ "a": { "adId": ad_id, "title": "Table basse en chêne massif" } })).await;
    assert_eq!(p["data"]["patchAd"], ad_id.as_str(), "{p}");
    let mine = call(&s, Some(&seller), MY_AD, json!({ "id": ad_id })).await;
    let m = &mine["data"]["getMyAd"];
    assert_eq!(
        (m["status"].as_str(), m["editAdStatus"].as_str(), m["title"].as_str()),
        (Some("active"), Some("pending"), Some("Table basse 600001"))
    );
    let q = call(&s, Some(&moderator), "{ getModerationQueue { items { kind pendingEdit } } }", json!({})).await;
    assert_eq!(q["data"]["getModerationQueue"]["items"][0]["kind"], "edit", "{q}");
    assert_eq!(q["data"]["getModerationQueue"]["items"][0]["pendingEdit"]["title"], "Table basse en chêne massif");
    call(&s, Some(&moderator), MODERATE, json!({ "id": ad_id, "d": "APPROVE" })).await;
    let mine = call(&s, Some(&seller), MY_AD, json!({ "id": ad_id })).await;
    let m = &mine["data"]["getMyAd"];
    assert_eq!(
        (m["status"].as_str(), m["editAdStatus"].as_str(), m["title"].as_str()),
        (Some("active"), Some("accepted"), Some("Table basse en chêne massif"))
    );
    let bad = call(&s, Some(&seller), patch, json!({ "a": { "adId": ad_id, "title": "Prix: à débattre" } })).await;
    assert_eq!(code(&bad), "TEXT_HAS_SPECIAL_CHARACTERS");
    let after = call(&s, Some(&seller), MY_AD, json!({ "id": ad_id })).await;
    assert_eq!(after["data"]["getMyAd"]["title"], "Table basse en chêne massif", "the refused edit changed nothing");
}

#[actix_web::test]
async fn an_edit_keeps_the_photos_it_sends_back_and_adds_new_ones() {
    let s = start("ads-edit-photos", |_| {}).await;
    let (seller, seller_id) = private(&s, "0611000043").await;
    let moderator = admin(&s, "0611000048").await;
    let ad_id = seed_ad(&s, seller_id, 600_011, AdStatus::Active, now()).await;
    let images = "query($id: String!) { getMyAd(adId: $id) { images { mediaId large } videoMediaId } }";
    let before = call(&s, Some(&seller), images, json!({ "id": ad_id })).await;
    let kept = before["data"]["getMyAd"]["images"][0]["mediaId"].as_str().expect("media id").to_string();
    assert_eq!(kept, "demo/table.jpg", "{before}");
    assert!(before["data"]["getMyAd"]["videoMediaId"].is_null());
    let added = photo(&s, &seller).await;
    let patch = "mutation($a: AdInput!) { patchAd(ad: $a) }";
    let p = call(&s, Some(&seller), patch, json!({ "a": { "adId": ad_id, "images": [kept, added] } })).await;
    assert_eq!(p["data"]["patchAd"], ad_id.as_str(), "{p}");
    call(&s, Some(&moderator), MODERATE, json!({ "id": ad_id, "d": "APPROVE" })).await;
    let after = call(&s, Some(&seller), images, json!({ "id": ad_id })).await;
    let after = after["data"]["getMyAd"]["images"].as_array().expect("images").clone();
    assert_eq!(after.len(), 2, "{after:?}");
    assert_eq!(after[0]["mediaId"], "demo/table.jpg", "the old photo is kept first");
    assert!(after[1]["large"].as_str().expect("large").ends_with("/large.jpg"), "{after:?}");

    // Another account's photo key is not kept: it is no media of this seller's.
    let (other, _) = private(&s, "0611000044").await;
    let theirs = photo(&s, &other).await;
    let refused =
        call(&s, Some(&seller), patch, json!({ "a": { "adId": ad_id, "images": ["demo/table.jpg", theirs] } })).await;
    assert_eq!(code(&refused), "MEDIA_NOT_FOUND", "{refused}");
    let unchanged = call(&s, Some(&seller), images, json!({ "id": ad_id })).await;
    assert_eq!(unchanged["data"]["getMyAd"]["images"].as_array().map(Vec::len), Some(2), "nothing stored");
}

/// The photos keep the order the seller gave them (issue 26: the form reorders them and makes
/// one the cover): the order sent is the order stored and shown, the first is the cover, and
/// an edit reorders them. The description, prose, keeps its commas, colon and Arabic comma.
#[actix_web::test]
async fn photos_keep_the_sellers_order_and_the_first_is_the_cover() {
    let s = start("ads-photo-order", |_| {}).await;
    let (seller, _) = private(&s, "0611000191").await;
    let moderator = admin(&s, "0611000192").await;
    let (a, b, c) = (photo(&s, &seller).await, photo(&s, &seller).await, photo(&s, &seller).await);
    let mut ad = sofa(vec![c.clone(), a.clone(), b.clone()]);
    let description = "Canapé en cuir, très bon état : 3 places، à récupérer sur place.";
    ad["description"] = json!(description);
    let sub = call(&s, Some(&seller), SUBMIT, json!({ "a": ad })).await;
    let ad_id = sub["data"]["submitAd"]["adId"].as_str().unwrap_or_else(|| panic!("{sub}")).to_string();
    let mine = "query($id: String!) { getMyAd(adId: $id) { description images { mediaId } } }";
    let order = |body: &Value| -> Vec<String> {
        body["data"]["getMyAd"]["images"]
            .as_array()
            .expect("images")
            .iter()
            // An attached photo's id is its large rendition's key (`ads/{upload}/large.jpg`).
            .map(|i| {
                i["mediaId"]
                    .as_str()
                    .expect("media id")
                    .trim_start_matches("ads/")
                    .trim_end_matches("/large.jpg")
                    .to_string()
            })
            .collect()
    };
    let stored = call(&s, Some(&seller), mine, json!({ "id": ad_id })).await;
    assert_eq!(order(&stored), [c.clone(), a.clone(), b.clone()], "{stored}");
    assert_eq!(stored["data"]["getMyAd"]["description"], description);

    // An edit makes `b` the cover and drops `c`; the ad shows them in that order once approved.
    let patch = "mutation($a: AdInput!) { patchAd(ad: $a) }";
    let p = call(&s, Some(&seller), patch, json!({ "a": { "adId": ad_id, "images": [b, a] } })).await;
    assert_eq!(p["data"]["patchAd"], ad_id.as_str(), "{p}");
    call(&s, Some(&moderator), MODERATE, json!({ "id": ad_id, "d": "APPROVE" })).await;
    let edited = call(&s, Some(&seller), mine, json!({ "id": ad_id })).await;
    assert_eq!(order(&edited), [b.clone(), a.clone()], "{edited}");
    let list_id = call(&s, Some(&seller), MY_AD, json!({ "id": ad_id })).await["data"]["getMyAd"]["listId"].clone();
    let public =
        call(&s, None, "query($l: Int!) { getAd(listId: $l) { ad { images { large } } } }", json!({ "l": list_id }))
            .await;
    let large: Vec<&str> = public["data"]["getAd"]["ad"]["images"]
        .as_array()
        .expect("images")
        .iter()
        .map(|i| i["large"].as_str().expect("large"))
        .collect();
    assert_eq!(large.len(), 2, "{public}");
    assert!(large[0].contains(b.as_str()), "the cover first: {large:?} ({b})");
    assert!(large[1].contains(a.as_str()), "{large:?} ({a})");
}

#[actix_web::test]
async fn another_account_never_touches_my_ads_and_visitors_must_sign_in() {
    let s = start("ads-authz", |_| {}).await;
    let (owner, owner_id) = private(&s, "0611000051").await;
    let (other, other_id) = private(&s, "0611000052").await;
    let active = seed_ad(&s, owner_id, 700_001, AdStatus::Active, now()).await;
    let deactivated = seed_ad(&s, owner_id, 700_002, AdStatus::Deactivated, now() - 30 * DAY).await;
    let refused = seed_ad(&s, owner_id, 700_003, AdStatus::Refused, now()).await;
    let my_photo = photo(&s, &owner).await;

    let attempts: Vec<(&str, Value)> = vec![
        ("mutation($id: String!) { deactivateAd(adId: $id) { status } }", json!({ "id": active })),
        ("mutation($id: String!) { activateAd(adId: $id) { status } }", json!({ "id": deactivated })),
        ("mutation { deleteAd(listId: 700002) { status } }", json!({})),
        (
            "mutation($id: String!) { patchAd(ad: { adId: $id, title: \"Titre pris par un autre\" }) }",
            json!({ "id": active }),
        ),
        ("mutation($id: String!) { appealAd(adId: $id) { status } }", json!({ "id": refused })),
        ("query($id: String!) { getMyAd(adId: $id) { title } }", json!({ "id": active })),
        (
            "mutation($id: String!) { saveAdDraft(step: 1, ad: { adId: $id, categoryId: 6020, adType: \"sell\" }) { draftId } }",
            json!({ "id": active }),
        ),
        (
            "mutation($id: String!) { bulkDeactivateAds(adIds: [$id], reason: \"x\") { error { code } } }",
            json!({ "id": active }),
        ),
        (
            "mutation($id: String!) { bulkDeleteAds(adIds: [$id], reason: \"x\") { error { code } } }",
            json!({ "id": deactivated }),
        ),
        ("mutation($a: AdInput!) { submitAd(ad: $a) { status } }", json!({ "a": sofa(vec![my_photo.clone()]) })),
    ];
    let before: Vec<_> = {
        let mut v = Vec::new();
        for id in [&active, &deactivated, &refused] {
            v.push(s.store.find_ad(id).await.unwrap());
        }
        v
    };
    for (query, vars) in &attempts {
        let body = call(&s, Some(&other), query, vars.clone()).await;
        let refused_code = code(&body).to_string();
        let in_bulk = body.to_string().contains("AD_NOT_FOUND") || body.to_string().contains("MEDIA_NOT_FOUND");
        assert!(
            matches!(refused_code.as_str(), "AD_NOT_FOUND" | "PERMISSION_DENIED" | "MEDIA_NOT_FOUND") || in_bulk,
            "another account: {query} → {body}"
        );
        let visitor = call(&s, None, query, vars.clone()).await;
        assert_eq!(code(&visitor), "LOGIN_REQUIRED", "visitor: {query} → {visitor}");
    }
    let wrong_account_arg = call(
        &s,
        Some(&owner),
        "mutation($id: String!, $a: Int!) { deactivateAd(adId: $id, accountId: $a) { status } }",
        json!({ "id": active, "a": other_id }),
    )
    .await;
    assert_eq!(code(&wrong_account_arg), "PERMISSION_DENIED");
    let moderate = call(&s, Some(&other), MODERATE, json!({ "id": active, "d": "APPROVE" })).await;
    assert_eq!(code(&moderate), "PERMISSION_DENIED");
    for (id, was) in [&active, &deactivated, &refused].into_iter().zip(before) {
        assert_eq!(s.store.find_ad(id).await.unwrap(), was, "ad {id} unchanged");
    }
    let others = call(&s, Some(&other), COUNTS, json!({})).await;
    assert_eq!(count_of(&others, "PENDING_REVIEW"), 0, "nothing was created with the owner's photo");
}

#[actix_web::test]
async fn saved_ads_and_abuse_reports() {
    let s = start("ads-saved", |_| {}).await;
    let (owner, owner_id) = private(&s, "0611000061").await;
    let (buyer, _) = private(&s, "0611000062").await;
    let moderator = admin(&s, "0611000069").await;
    seed_ad(&s, owner_id, 800_001, AdStatus::Active, now()).await;
    seed_ad(&s, owner_id, 800_002, AdStatus::Deactivated, now()).await;
    let save = "mutation($l: Int!) { saveAd(input: { listId: $l }) { code } }";
    let unsave = "mutation($l: Int!) { unsaveAd(input: { listId: $l }) { code } }";
    let list = "{ getMySavedAds(page: 1, size: 12) { ads { listId title price { withCurrency } image } count } }";
    assert_eq!(call(&s, Some(&buyer), save, json!({ "l": 800_001 })).await["data"]["saveAd"]["code"], 201);
    assert_eq!(call(&s, Some(&buyer), save, json!({ "l": 800_001 })).await["data"]["saveAd"]["code"], 201);
    let saved = call(&s, Some(&buyer), list, json!({})).await;
    assert_eq!(saved["data"]["getMySavedAds"]["count"], 1, "{saved}");
    let saved_by = "query($l: Int!) { getAd(listId: $l) { savedByMe } }";
    assert_eq!(call(&s, Some(&buyer), saved_by, json!({ "l": 800_001 })).await["data"]["getAd"]["savedByMe"], true);
    assert_eq!(call(&s, Some(&owner), saved_by, json!({ "l": 800_001 })).await["data"]["getAd"]["savedByMe"], false);
    assert_eq!(saved["data"]["getMySavedAds"]["ads"][0]["price"]["withCurrency"], "800 DH");
    assert_eq!(call(&s, Some(&owner), list, json!({})).await["data"]["getMySavedAds"]["count"], 0);
    let missing = call(&s, Some(&buyer), save, json!({ "l": 800_002 })).await;
    assert_eq!(missing["errors"][0]["extensions"]["messageKey"], "saveAd.error.adNotFound");
    let visitor = call(&s, None, save, json!({ "l": 800_001 })).await;
    assert_eq!(visitor["errors"][0]["extensions"]["messageKey"], "saveAd.error.sessionExpired");
    assert_eq!(call(&s, Some(&buyer), unsave, json!({ "l": 800_001 })).await["data"]["unsaveAd"]["code"], 204);
    let again = call(&s, Some(&buyer), unsave, json!({ "l": 800_001 })).await;
    assert_eq!(again["errors"][0]["extensions"]["messageKey"], "unsaveAd.error.adNotFound");

    // The REST-style helpers.
    let res = s
        .client
        .post(format!("{}/api/saved-ads", s.base))
        .bearer_auth(&buyer)
        .json(&json!({ "listId": 800_001 }))
        .send()
        .await
        .expect("post");
    assert_eq!(res.status(), StatusCode::CREATED);
    let res =
        s.client.get(format!("{}/api/saved-ads?page=1&size=12", s.base)).bearer_auth(&buyer).send().await.expect("get");
    let body: Value = res.json().await.expect("json");
    assert_eq!(body["count"], 1);
    let res =
        s.client.delete(format!("{}/api/saved-ads/800001", s.base)).bearer_auth(&buyer).send().await.expect("delete");
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    let res = s
        .client
        .post(format!("{}/api/saved-ads", s.base))
        .json(&json!({ "listId": 800_001 }))
        .send()
        .await
        .expect("post");
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    let body: Value = res.json().await.expect("json");
    assert_eq!(body["messageKey"], "saveAd.error.sessionExpired");

    // Abuse reports: the spec's types, one per reporter per ad.
    let report = "mutation($t: String!, $f: String) { submitReportAd(listId: 800001, from: $f, type: $t, body: \"Prix trop bas\") { reported } }";
    let r = call(&s, Some(&buyer), report, json!({ "t": "fraud" })).await;
    assert_eq!(r["data"]["submitReportAd"]["reported"], true, "{r}");
    let r = call(&s, Some(&buyer), report, json!({ "t": "sold" })).await;
    assert_eq!(r["data"]["submitReportAd"]["reported"], false, "a repeat changes nothing");
    let r = call(&s, None, report, json!({ "t": "wrong_price", "f": "visiteur@exemple.ma" })).await;
    assert_eq!(r["data"]["submitReportAd"]["reported"], true, "{r}");
    let r = call(&s, None, report, json!({ "t": "spam", "f": "visiteur@exemple.ma" })).await;
    assert_eq!(code(&r), "INVALID_REPORT_TYPE");
    let reports = call(&s, Some(&moderator), "{ getAbuseReports { listId type ad { title } } }", json!({})).await;
    let list = reports["data"]["getAbuseReports"].as_array().expect("reports");
    assert_eq!(list.len(), 2, "{reports}");
    assert_eq!(list[0]["type"], "fraud");
    assert_eq!(code(&call(&s, Some(&buyer), "{ getAbuseReports { listId } }", json!({})).await), "PERMISSION_DENIED");
}

const SET_AVAILABILITY: &str =
    "mutation($id: String!, $p: [AvailabilityPeriodInput!]!) { setAdAvailability(adId: $id, periods: $p) { from to } }";
const AVAILABILITY: &str = "query($l: Int!) { getAdAvailability(listId: $l) { from to } }";

fn day(offset: i64) -> String {
    souk_domain::stats::day_label(now().div_euclid(DAY) + offset)
}

fn period(from: i64, to: i64) -> Value {
    json!({ "from": day(from), "to": day(to) })
}

#[actix_web::test]
async fn a_vacation_rental_keeps_its_calendar_which_only_its_owner_changes() {
    let s = start("ads-calendar", |_| {}).await;
    let (owner, owner_id) = private(&s, "0611000071").await;
    let (other, _) = private(&s, "0611000072").await;
    let rental = seed_typed_ad(&s, owner_id, 710_001, AdStatus::Active, now(), 1300, "vacation_rent").await;
    let sofa_ad = seed_ad(&s, owner_id, 710_002, AdStatus::Active, now()).await;

    // The owner marks booked nights: sorted, overlapping and touching periods merged.
    let set = call(
        &s,
        Some(&owner),
        SET_AVAILABILITY,
        json!({ "id": rental, "p": [period(10, 12), period(1, 2), period(12, 15), period(16, 16)] }),
    )
    .await;
    let stored = json!([period(1, 2), period(10, 16)]);
    assert_eq!(set["data"]["setAdAvailability"], stored, "{set}");
    // Buyers (visitors included) see it on the ad.
    let seen = call(&s, None, AVAILABILITY, json!({ "l": 710_001 })).await;
    assert_eq!(seen["data"]["getAdAvailability"], stored, "{seen}");

    // Another account and a visitor change nothing.
    let theirs = call(&s, Some(&other), SET_AVAILABILITY, json!({ "id": rental, "p": [] })).await;
    assert_eq!(code(&theirs), "AD_NOT_FOUND", "{theirs}");
    let visitor = call(&s, None, SET_AVAILABILITY, json!({ "id": rental, "p": [] })).await;
    assert_eq!(code(&visitor), "LOGIN_REQUIRED", "{visitor}");

    // Bad input: its code, a message in French and in Arabic, and the calendar as it was.
    let bad = [
        (json!([period(5, 3)]), "INVALID_DATE_RANGE"),
        (json!([period(-9, -2)]), "INVALID_DATE_RANGE"),
        (json!([period(400, 401)]), "INVALID_DATE_RANGE"),
        (json!([{ "from": "2026-02-30", "to": day(3) }]), "INVALID_DATE"),
        (json!([{ "from": "demain", "to": day(3) }]), "INVALID_DATE"),
    ];
    for (periods, expected) in bad {
        let body = call(&s, Some(&owner), SET_AVAILABILITY, json!({ "id": rental, "p": periods })).await;
        assert_eq!(code(&body), expected, "{periods} → {body}");
        assert!(body["errors"][0]["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    let ar = call_in(&s, Some(&owner), "ar", SET_AVAILABILITY, json!({ "id": rental, "p": [period(5, 3)] })).await;
    assert_eq!(ar["errors"][0]["message"], "هذه الفترة غير صالحة", "{ar}");
    let many: Vec<Value> = (0..=100).map(|i| period(2 * i, 2 * i)).collect();
    let too_many = call(&s, Some(&owner), SET_AVAILABILITY, json!({ "id": rental, "p": many })).await;
    assert_eq!(code(&too_many), "VALUE_TOO_LARGE", "{too_many}");
    let after = call(&s, None, AVAILABILITY, json!({ "l": 710_001 })).await;
    assert_eq!(after["data"]["getAdAvailability"], stored, "a refused change stores nothing");

    // Only vacation rentals have a calendar.
    let not_rental = call(&s, Some(&owner), SET_AVAILABILITY, json!({ "id": sofa_ad, "p": [period(1, 2)] })).await;
    assert_eq!(code(&not_rental), "AD_OPERATION_NOT_ALLOWED", "{not_rental}");
    let none = call(&s, None, AVAILABILITY, json!({ "l": 710_002 })).await;
    assert_eq!(none["data"]["getAdAvailability"], json!([]));

    // An empty calendar frees every night.
    let cleared = call(&s, Some(&owner), SET_AVAILABILITY, json!({ "id": rental, "p": [] })).await;
    assert_eq!(cleared["data"]["setAdAvailability"], json!([]), "{cleared}");
    let free = call(&s, None, AVAILABILITY, json!({ "l": 710_001 })).await;
    assert_eq!(free["data"]["getAdAvailability"], json!([]));
}
