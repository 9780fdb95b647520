//! The gateway as a client sees it: a real server on a free port with a fresh SQLite store,
//! asked over HTTP. Covers the catalog operations in both languages and through both
//! gateways, and every kind of bad input getting its catalogue code — never a 500.

mod common;

use common::start;
use reqwest::StatusCode;
use serde_json::{Value, json};

const CATEGORIES: &str = "query getCategories($w: Boolean) { getCategories(withMissingCats: $w) { id parentId childrenIds order name label { fr ar } slug { fr ar } adTypes { key order label { fr ar } } vertical isMissing } }";

fn ids(data: &Value) -> Vec<u64> {
    data["data"]["getCategories"].as_array().expect("a list").iter().filter_map(|c| c["id"].as_u64()).collect()
}

#[actix_web::test]
async fn get_categories_returns_the_whole_tree_in_both_languages() {
    let s = start("categories", |_| {}).await;
    let (status, fr) = s.gql("/graphql", &[], CATEGORIES, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{fr}");
    let list = fr["data"]["getCategories"].as_array().expect("list");
    for id in [10000, 1010, 20000, 2010, 30000, 50000, 5010] {
        assert!(ids(&fr).contains(&id), "category {id} missing");
    }
    let cars = list.iter().find(|c| c["id"] == 2010).expect("cars");
    assert_eq!(cars["name"], "Voitures");
    assert_eq!(cars["vertical"], "vehicles");
    assert!(cars["label"]["ar"].as_str().is_some_and(|s| s.contains("سيارات")), "{cars}");
    assert!(!cars["adTypes"].as_array().expect("ad types").is_empty());
    let roots: Vec<_> = list.iter().filter(|c| c["parentId"].is_null()).map(|c| c["id"].as_u64()).collect();
    assert_eq!(roots.len(), 4, "four verticals");
    let real_estate = list.iter().find(|c| c["id"] == 10000).expect("real estate");
    assert!(!real_estate["childrenIds"].as_array().expect("children").is_empty());
    assert!(list.iter().all(|c| c["isMissing"] == false), "no legacy category by default");

    let (_, ar) = s.gql("/graphql", &[("Accept-Language", "ar-MA,ar;q=0.9")], CATEGORIES, json!({})).await;
    let cars_ar =
        ar["data"]["getCategories"].as_array().expect("list").iter().find(|c| c["id"] == 2010).cloned().expect("cars");
    assert_eq!(cars_ar["name"], cars_ar["label"]["ar"]);

    let (_, with_missing) = s.gql("/graphql", &[], CATEGORIES, json!({ "w": true })).await;
    assert!(ids(&with_missing).len() > ids(&fr).len(), "withMissingCats adds the legacy categories");
}

#[actix_web::test]
async fn cities_search_windows_and_areas() {
    let s = start("cities", |_| {}).await;
    let q = "query($k: String) { getCitiesFormattedNext(startIndex: 0, stopIndex: 9, keyword: $k) { cities { label value type cityId } count } }";
    let (status, body) = s.gql("/graphql", &[], q, json!({ "k": "casa" })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let page = &body["data"]["getCitiesFormattedNext"];
    assert!(page["count"].as_u64().expect("count") >= 1);
    assert_eq!(page["cities"][0]["label"], "Casablanca");
    assert_eq!(page["cities"][0]["type"], "city");
    let casablanca = page["cities"][0]["cityId"].as_i64().expect("id");

    let (_, ar) = s.gql("/graphql", &[("Accept-Language", "ar")], q, json!({ "k": "casa" })).await;
    assert_eq!(ar["data"]["getCitiesFormattedNext"]["cities"][0]["label"], "الدار البيضاء");

    let (_, all) = s.gql("/graphql", &[], q, json!({})).await;
    let all = &all["data"]["getCitiesFormattedNext"];
    assert!(all["count"].as_u64().expect("count") >= 60);
    assert_eq!(all["cities"].as_array().expect("window").len(), 10);

    let popular = "query($m: Boolean) { getPopularCitiesFormattedNext(isMobile: $m) { label value type } }";
    let (_, mobile) = s.gql("/graphql", &[], popular, json!({ "m": true })).await;
    let (_, desktop) = s.gql("/graphql", &[], popular, json!({ "m": false })).await;
    let n = |v: &Value| v["data"]["getPopularCitiesFormattedNext"].as_array().map(Vec::len).unwrap_or(0);
    assert!(n(&mobile) > 0 && n(&mobile) < n(&desktop));
    assert_eq!(mobile["data"]["getPopularCitiesFormattedNext"][0]["label"], "Casablanca");

    let areas = "query($c: Int!) { getAreas(cityId: $c) { id name label { fr ar } slug { fr ar } } }";
    let (_, found) = s.gql("/graphql", &[], areas, json!({ "c": casablanca })).await;
    let list = found["data"]["getAreas"].as_array().expect("areas");
    assert!(list.len() >= 10, "{found}");
    assert!(list.iter().any(
        |a| a["label"]["fr"].as_str().is_some_and(|l| l.contains("Ma"))
            && a["label"]["ar"].as_str().is_some()
    ));

    let (status, missing) = s.gql("/graphql", &[("Accept-Language", "ar")], areas, json!({ "c": 987654 })).await;
    assert_eq!(status, StatusCode::OK, "a resolver error is a GraphQL error, not an HTTP one");
    assert_eq!(missing["errors"][0]["extensions"]["code"], "CITY_NOT_FOUND");
    assert_eq!(missing["errors"][0]["extensions"]["messageKey"], "location.error.cityNotFound");
    assert_eq!(missing["errors"][0]["message"], "هذه المدينة غير موجودة");

    let (_, window) =
        s.gql("/graphql", &[], "{ getCitiesFormattedNext(startIndex: 5, stopIndex: 1) { count } }", json!({})).await;
    assert_eq!(window["errors"][0]["extensions"]["code"], "INVALID_ARGUMENT");
}

#[actix_web::test]
async fn the_legacy_gateway_reads_its_own_headers() {
    let s = start("legacy", |_| {}).await;
    let q = "{ getCategories { id name } }";
    let (status, ar) = s.gql("/graphql-legacy", &[("lang", "ar"), ("visitorId", "v-1")], q, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{ar}");
    let cars =
        ar["data"]["getCategories"].as_array().expect("list").iter().find(|c| c["id"] == 2010).cloned().expect("cars");
    assert!(cars["name"].as_str().is_some_and(|n| n.contains("سيارات")));
    let (status, bad) = s.gql("/graphql-legacy", &[("lang", "en")], q, json!({})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(bad["code"], "INVALID_HEADER");
}

#[actix_web::test]
async fn bad_requests_get_catalogue_codes_and_translated_wording() {
    let s = start("bad", |st| {
        st.graphql.max_complexity = 60;
        // The depth check is shown on the schema's own types, which only introspection nests.
        st.graphql.introspection = true;
    })
    .await;
    let check = |status: StatusCode, body: &Value, want_status: StatusCode, code: &str| {
        assert_eq!(status, want_status, "{body}");
        assert_eq!(body["code"], code, "{body}");
        assert_eq!(body["errors"][0]["extensions"]["code"], code, "{body}");
        assert!(body["wording"].as_str().is_some_and(|w| !w.is_empty()), "{body}");
        assert!(body["message"].as_str().is_some(), "{body}");
    };

    let (st, b) = s.raw("/graphql", &[], b"{not json".to_vec()).await;
    check(st, &b, StatusCode::BAD_REQUEST, "MALFORMED_REQUEST");
    let (st, b) = s.raw("/graphql", &[("Accept-Language", "ar")], b"[1,2]".to_vec()).await;
    check(st, &b, StatusCode::BAD_REQUEST, "MALFORMED_REQUEST");
    assert_eq!(b["wording"], "الطلب غير صالح. يرجى المحاولة لاحقًا");

    let (st, b) = s.gql("/graphql", &[], "{ getCategories { id ", json!({})).await;
    check(st, &b, StatusCode::BAD_REQUEST, "GRAPHQL_PARSE_FAILED");
    let (st, b) = s.gql("/graphql", &[], "{ getCategories { id priceOfTea } }", json!({})).await;
    check(st, &b, StatusCode::BAD_REQUEST, "GRAPHQL_VALIDATION_FAILED");
    let (st, b) = s.gql("/graphql", &[], "{ getAreas(cityId: \"one\") { id } }", json!({})).await;
    check(st, &b, StatusCode::BAD_REQUEST, "GRAPHQL_VALIDATION_FAILED");

    let deep = "{ __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } } } } } }";
    let (st, b) = s.gql("/graphql", &[], deep, json!({})).await;
    check(st, &b, StatusCode::BAD_REQUEST, "QUERY_TOO_DEEP");
    let wide: String = (0..40).map(|i| format!("a{i}: getCategories {{ id name }} ")).collect();
    let (st, b) = s.gql("/graphql", &[], &format!("{{ {wide} }}"), json!({})).await;
    check(st, &b, StatusCode::BAD_REQUEST, "QUERY_TOO_COMPLEX");

    let big = format!("{{\"query\": \"{{ getCategories {{ id }} }}\", \"pad\": \"{}\"}}", "x".repeat(70_000));
    let (st, b) = s.raw("/graphql", &[], big.into_bytes()).await;
    check(st, &b, StatusCode::PAYLOAD_TOO_LARGE, "PAYLOAD_TOO_LARGE");

    for (name, value) in
        [("visitorId", "bad id with spaces"), ("sessionId", &"s".repeat(65)), ("Authorization", "Basic abc")]
    {
        let (st, b) = s.gql("/graphql", &[(name, value)], "{ getCategories { id } }", json!({})).await;
        check(st, &b, StatusCode::BAD_REQUEST, "INVALID_HEADER");
    }
    let (st, _) = s
        .gql(
            "/graphql",
            &[("Authorization", "Bearer abc.def.ghi"), ("visitorId", "0f8e-11"), ("sessionId", "s_1")],
            "{ getCategories { id } }",
            json!({}),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "well-formed headers pass");
    let (st, _) = s.gql("/graphql", &[("Accept-Language", "en-US")], "{ getCategories { id } }", json!({})).await;
    assert_eq!(st, StatusCode::OK, "an unsupported Accept-Language falls back to French");
}

#[actix_web::test]
async fn client_log_is_limited_in_size_and_rate() {
    let s = start("client-log", |st| {
        st.client_log.per_minute = 2;
        st.client_log.max_bytes = 1024;
    })
    .await;
    let (st, _) = s.raw("/api/client-log", &[], br#"{"logMessage":"TypeError: x is undefined"}"#.to_vec()).await;
    assert_eq!(st, StatusCode::NO_CONTENT);
    let (st, b) = s.raw("/api/client-log", &[], br#"{"logMessage":""}"#.to_vec()).await;
    assert_eq!((st, b["code"].as_str()), (StatusCode::BAD_REQUEST, Some("REQUIRED")));
    let (st, b) = s.raw("/api/client-log", &[], b"log this".to_vec()).await;
    assert_eq!((st, b["code"].as_str()), (StatusCode::BAD_REQUEST, Some("MALFORMED_REQUEST")));
    let big = format!("{{\"logMessage\":\"{}\"}}", "y".repeat(2000));
    let (st, b) = s.raw("/api/client-log", &[], big.into_bytes()).await;
    assert_eq!((st, b["code"].as_str()), (StatusCode::PAYLOAD_TOO_LARGE, Some("PAYLOAD_TOO_LARGE")));
    let (st, _) = s.raw("/api/client-log", &[], br#"{"logMessage":"second"}"#.to_vec()).await;
    assert_eq!(st, StatusCode::NO_CONTENT);
    let (st, b) = s.raw("/api/client-log", &[("lang", "ar")], br#"{"logMessage":"third"}"#.to_vec()).await;
    assert_eq!((st, b["code"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("TOO_MANY_ATTEMPTS")));
    assert!(b["wording"].as_str().is_some_and(|w| w.contains("محاولات")));
}

#[actix_web::test]
async fn operations_endpoints_and_metrics_by_operation() {
    let s = start("ops", |_| {}).await;
    let get = |path: &str| s.client.get(format!("{}{path}", s.base)).send();
    assert_eq!(get("/healthz").await.expect("healthz").status(), StatusCode::OK);
    let ready = get("/readyz").await.expect("readyz");
    assert_eq!(ready.status(), StatusCode::OK);
    s.gql("/graphql", &[], "query getCategories { getCategories { id } }", json!({})).await;
    s.gql("/graphql", &[], "{ nope }", json!({})).await;
    let metrics = get("/metrics").await.expect("metrics").text().await.expect("text");
    assert!(
        metrics.contains(r#"souk_graphql_operations_total{operation="getCategories",outcome="ok"} 1"#),
        "{metrics}"
    );
    assert!(
        metrics.contains(r#"souk_graphql_operations_total{operation="invalid",outcome="GRAPHQL_VALIDATION_FAILED"} 1"#),
        "{metrics}"
    );
    assert!(metrics.contains("souk_graphql_operation_duration_seconds_bucket"), "{metrics}");
    assert!(metrics.contains(r#"souk_http_requests_total{route="/healthz",status="200"} 1"#), "{metrics}");
}

#[actix_web::test]
async fn pages_get_the_client_shell_and_unknown_api_paths_a_json_404() {
    let s = start("spa", |_| {}).await;
    let get = |path: &str| s.client.get(format!("{}{path}", s.base)).send();
    assert_eq!(get("/ar/home").await.expect("page").status(), StatusCode::SERVICE_UNAVAILABLE, "no build yet: says so");
    let client = s.data_dir.join("client");
    std::fs::create_dir_all(client.join("assets")).expect("dir");
    std::fs::write(client.join("index.html"), "<!doctype html><div id=root></div>").expect("index");
    std::fs::write(client.join("assets/app.123.js"), "console.log(1)").expect("asset");
    for page in ["/", "/ar", "/fr/home", "/boutiques/casablanca"] {
        let res = get(page).await.expect("page");
        assert_eq!(res.status(), StatusCode::OK, "{page}");
        let html = res.text().await.expect("html");
        assert!(html.contains("id=root") || html.contains("id=\"root\""), "{page}: {html}");
    }
    // The home page is drawn by the server first (its title and figures), in its language.
    let html = get("/ar").await.expect("home").text().await.expect("html");
    assert!(html.contains("<div id=\"root\" data-first-paint>"), "{html}");
    assert!(html.contains(">إعلانات مبوبة في المغرب</h1>") && html.contains("lang=\"ar\" dir=\"rtl\""), "{html}");
    // A page the server does not draw is still right to left in Arabic before the client runs:
    // by its prefix, or by the `lang` cookie without one; French otherwise.
    let html = get("/ar/account/signin").await.expect("sign-in").text().await.expect("html");
    assert!(html.starts_with("<!doctype html><html lang=\"ar\" dir=\"rtl\">"), "{html}");
    let html = s
        .client
        .get(format!("{}/account/signin", s.base))
        .header("cookie", "lang=ar")
        .send()
        .await
        .expect("sign-in with the cookie")
        .text()
        .await
        .expect("html");
    assert!(html.contains("lang=\"ar\" dir=\"rtl\""), "{html}");
    let html = get("/fr/account/signin").await.expect("sign-in").text().await.expect("html");
    assert!(!html.contains("dir=\"rtl\""), "{html}");
    let asset = get("/assets/app.123.js").await.expect("asset");
    assert_eq!(asset.status(), StatusCode::OK);
    assert!(asset.headers()["cache-control"].to_str().expect("header").contains("immutable"));
    assert!(asset.headers().get("content-encoding").is_none(), "identity unless asked");
    let script = "console.log('souk');\n".repeat(200);
    std::fs::write(client.join("assets/vendors.456.js"), &script).expect("asset");
    let gz = s
        .client
        .get(format!("{}/assets/vendors.456.js", s.base))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .expect("gzip asset");
    assert_eq!(gz.status(), StatusCode::OK);
    assert_eq!(gz.headers()["content-encoding"], "gzip", "the client build is compressed when asked");
    assert!(gz.headers()["cache-control"].to_str().expect("header").contains("immutable"));
    let body = gz.bytes().await.expect("body");
    assert!(body.len() < script.len() / 10, "{} compressed bytes of {}", body.len(), script.len());
    let png = [0x89u8, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a].repeat(64);
    std::fs::write(client.join("assets/logo.789.png"), &png).expect("image");
    let image = s
        .client
        .get(format!("{}/assets/logo.789.png", s.base))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .expect("image");
    assert!(image.headers().get("content-encoding").is_none(), "images are sent as they are");
    assert_eq!(image.bytes().await.expect("image body").len(), png.len());
    let res = get("/api/nothing-here").await.expect("api");
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    assert_eq!(res.json::<Value>().await.expect("json")["code"], "NOT_FOUND");
    assert_eq!(
        get("/assets/missing.js").await.expect("missing").status(),
        StatusCode::NOT_FOUND,
        "no shell for a missing asset"
    );
}

#[actix_web::test]
async fn reference_answers_served_again_are_identical_to_computed_ones() {
    let cached = start("cache-on", |_| {}).await;
    let uncached = start("cache-off", |st| st.graphql.reference_cache_entries = 0).await;
    let cities = "query($k: String) { getCitiesFormattedNext(startIndex: 0, stopIndex: 4, keyword: $k) { cities { label value } count } }";
    let mut by_lang = Vec::new();
    for lang in ["fr", "ar"] {
        let headers = [("Accept-Language", lang)];
        let first = cached.gql("/graphql", &headers, CATEGORIES, json!({})).await;
        let again = cached.gql("/graphql", &headers, CATEGORIES, json!({})).await;
        let computed = uncached.gql("/graphql", &headers, CATEGORIES, json!({})).await;
        assert_eq!(first, again);
        assert_eq!(again, computed);
        for k in ["casa", "fes"] {
            let a = cached.gql("/graphql", &headers, cities, json!({ "k": k })).await;
            let b = cached.gql("/graphql", &headers, cities, json!({ "k": k })).await;
            let c = uncached.gql("/graphql", &headers, cities, json!({ "k": k })).await;
            assert_eq!((&a, &b), (&c, &c), "keyword {k} in {lang}");
        }
        by_lang.push(first.1);
    }
    assert_ne!(by_lang[0], by_lang[1], "each language has its own answer");
    let missing = "{ getAreas(cityId: 987654) { id } }";
    cached.gql("/graphql", &[], missing, json!({})).await;
    let (_, again) = cached.gql("/graphql", &[("Accept-Language", "ar")], missing, json!({})).await;
    assert_eq!(again["errors"][0]["message"], "هذه المدينة غير موجودة", "errors are computed every time");
}

#[actix_web::test]
async fn the_car_catalogue_lists_what_a_car_ad_accepts() {
    let s = start("cars", |_| {}).await;
    let brands = s.gql_ok(&[], "{ getCarBrands { id name slug } }", json!({})).await;
    let brands = brands["data"]["getCarBrands"].as_array().expect("brands").clone();
    assert!(brands.len() >= 10, "{brands:?}");
    let dacia = brands.iter().find(|b| b["name"] == "Dacia").expect("Dacia");
    assert_eq!(dacia["slug"], "dacia");

    let models = "query($b: String!) { getCarModels(brand: $b) { id name slug yearFrom yearTo fuels gearboxes } }";
    let body = s.gql_ok(&[], models, json!({ "b": "dacia" })).await;
    let list = body["data"]["getCarModels"].as_array().expect("models");
    let logan = list.iter().find(|m| m["name"] == "Logan").expect("Logan");
    assert_eq!(logan["slug"], "logan");
    assert!(logan["fuels"].as_array().is_some_and(|f| f.iter().any(|x| x == "diesel")), "{logan}");
    let other = s.gql_ok(&[], models, json!({ "b": brands[1]["slug"] })).await;
    assert!(other["data"]["getCarModels"].as_array().is_some_and(|m| !m.is_empty() && !m.contains(logan)), "{other}");

    let unknown = s.gql_ok(&[("Accept-Language", "ar")], models, json!({ "b": "lune" })).await;
    assert_eq!(common::code(&unknown), "INVALID_PARAM");
    assert_eq!(unknown["errors"][0]["extensions"]["messageKey"], "adForm.error.param");
    assert_eq!(unknown["errors"][0]["message"], "إحدى خصائص الإعلان غير صالحة");

    let options = "{ getCarFuels { key name label { fr ar } } getCarGearboxes { key name label { fr ar } } }";
    let fr = s.gql_ok(&[], options, json!({})).await;
    let ar = s.gql_ok(&[("Accept-Language", "ar")], options, json!({})).await;
    let diesel =
        |v: &Value| v["data"]["getCarFuels"].as_array().and_then(|f| f.iter().find(|x| x["key"] == "diesel").cloned());
    assert_eq!(diesel(&fr).map(|d| d["name"].clone()), Some(json!("Diesel")));
    assert_eq!(diesel(&ar).map(|d| d["name"].clone()), Some(json!("ديزل")));
    let gearbox = fr["data"]["getCarGearboxes"][0]["key"].as_str().expect("a gearbox").to_string();

    // The values listed are the ones step 2 of a car ad accepts.
    let signup = "mutation($i: RegisterAccountInput!) { registerAccount(input: $i) { login { accessToken } } }";
    let input = json!({ "type": "private", "name": "Youssef Alami", "phone": "0611000077", "cityId": 1, "password": "secret1", "passwordConfirmation": "secret1" });
    let token = s.gql_ok(&[], signup, json!({ "i": input })).await["data"]["registerAccount"]["login"]["accessToken"]
        .as_str()
        .expect("token")
        .to_string();
    let auth = format!("Bearer {token}");
    let draft = "mutation($s: Int!, $a: AdInput!) { saveAdDraft(step: $s, ad: $a) { nextStep } }";
    let car = |model: &str| {
        json!({ "s": 2, "a": { "categoryId": 2010, "adType": "sell", "title": "Dacia Logan bien entretenue",
            "description": "Première main avec carnet d'entretien complet",
            "params": { "brand": "dacia", "model": model, "year": 2018, "fuel": "diesel", "gearbox": gearbox } } })
    };
    let saved = s.gql_ok(&[("Authorization", &auth)], draft, car("logan")).await;
    assert_eq!(saved["data"]["saveAdDraft"]["nextStep"], 3, "{saved}");
    let foreign = other["data"]["getCarModels"][0]["slug"].as_str().expect("a model of another brand");
    let refused = s.gql_ok(&[("Authorization", &auth)], draft, car(foreign)).await;
    assert_eq!(common::code(&refused), "INVALID_PARAM", "a model of another brand is refused");
}

#[actix_web::test]
async fn an_internal_failure_answers_a_code_wording_and_request_id_and_logs_the_cause_with_it() {
    let s = start("internal", |_| {}).await;
    // A refusal keeps its developer detail and counts under its code.
    let refused = s
        .client
        .post(format!("{}/graphql", s.base))
        .json(
            &json!({ "query": "query($l: Int!) { getAd(listId: $l) { ad { title } } }", "variables": { "l": 424242 } }),
        )
        .send()
        .await
        .expect("request");
    let header =
        refused.headers().get("x-request-id").and_then(|v| v.to_str().ok()).map(str::to_string).expect("x-request-id");
    let body: serde_json::Value = refused.json().await.expect("json");
    assert_eq!(body["errors"][0]["extensions"]["code"], "AD_NOT_FOUND");
    assert_eq!(body["errors"][0]["extensions"]["requestId"], json!(header));
    // The store goes away: the next read fails inside the server.
    s.store.shutdown().await;
    let res = s
        .client
        .post(format!("{}/graphql", s.base))
        .header("Accept-Language", "ar")
        .json(
            &json!({ "query": "query($l: Int!) { getAd(listId: $l) { ad { title } } }", "variables": { "l": 424242 } }),
        )
        .send()
        .await
        .expect("request");
    let id = res.headers().get("x-request-id").and_then(|v| v.to_str().ok()).map(str::to_string).expect("x-request-id");
    assert_eq!(id.len(), 16);
    assert_ne!(id, header, "one id per request");
    let text = res.text().await.expect("text");
    let body: serde_json::Value = serde_json::from_str(&text).expect("json");
    let ext = &body["errors"][0]["extensions"];
    assert_eq!(ext["code"], "INTERNAL_ERROR");
    assert_eq!(ext["requestId"], json!(id));
    assert!(ext["detail"].is_null(), "no cause leaves: {body}");
    assert_eq!(body["errors"][0]["message"], "خطأ، يرجى المحاولة لاحقًا");
    for internal in ["shut down", "sqlite", "store", "/tmp", ".db"] {
        assert!(!text.to_lowercase().contains(internal), "{internal:?} leaked: {text}");
    }
    let metrics =
        s.client.get(format!("{}/metrics", s.base)).send().await.expect("metrics").text().await.expect("text");
    assert!(metrics.contains(r#"souk_errors_total{code="INTERNAL_ERROR"}"#), "{metrics}");
    assert!(metrics.contains(r#"souk_errors_total{code="AD_NOT_FOUND"}"#), "{metrics}");
    assert!(
        metrics.contains(r#"souk_graphql_operations_total{operation="getAd",outcome="INTERNAL_ERROR"} 1"#),
        "{metrics}"
    );
    assert!(
        metrics.contains(r#"souk_graphql_operations_total{operation="getAd",outcome="AD_NOT_FOUND"} 1"#),
        "{metrics}"
    );
}

#[actix_web::test]
async fn browser_defences_headers_json_only_and_same_origin_cookies() {
    let s = start("defences", |_| {}).await;
    let client_dir = s.data_dir.join("client");
    std::fs::create_dir_all(&client_dir).expect("dir");
    std::fs::write(client_dir.join("index.html"), "<!doctype html><html><head><title>Souk</title><script defer src=/assets/main.1.js></script></head><body><div id=root></div></body></html>").expect("index");
    let page = s.client.get(format!("{}/fr/home", s.base)).send().await.expect("page");
    let h = page.headers().clone();
    let header = |name: &str| h.get(name).and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
    assert_eq!(header("x-content-type-options"), "nosniff");
    assert_eq!(header("x-frame-options"), "DENY");
    assert_eq!(header("referrer-policy"), "strict-origin-when-cross-origin");
    let csp = header("content-security-policy");
    assert!(csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'"), "{csp}");
    let scripts = csp.split(';').find(|d| d.trim_start().starts_with("script-src")).expect("script-src");
    assert!(!scripts.contains("unsafe"), "no inline script but the server's own: {scripts}");
    let html = page.text().await.expect("html");
    if html.contains("<script>addEventListener") {
        assert!(scripts.contains("'sha256-"), "the page's loader is allowed by its hash: {scripts}");
    }
    let api = s.client.get(format!("{}/healthz", s.base)).send().await.expect("healthz");
    assert_eq!(api.headers().get("x-content-type-options").map(|v| v.to_str().unwrap_or("")), Some("nosniff"));
    assert!(api.headers().get("content-security-policy").is_none(), "the policy is for pages");

    // A text/plain body (what a form on another site can post) never runs.
    let plain = s
        .client
        .post(format!("{}/graphql", s.base))
        .header("Content-Type", "text/plain")
        .body(r#"{"query":"{ getCategories { id } }"}"#)
        .send()
        .await
        .expect("post");
    assert_eq!(plain.status(), StatusCode::BAD_REQUEST);
    let body: serde_json::Value = plain.json().await.expect("json");
    assert_eq!(body["code"], "MALFORMED_REQUEST");

    // The session cookie counts only on requests from this site's own pages.
    let input = json!({ "type": "private", "name": "Karim Tahiri", "phone": "0611009001", "cityId": 1, "password": "secret1", "passwordConfirmation": "secret1" });
    let reg = s
        .gql_ok(
            &[],
            "mutation($i: RegisterAccountInput!) { registerAccount(input: $i) { login { accessToken } } }",
            json!({ "i": input }),
        )
        .await;
    let token = reg["data"]["registerAccount"]["login"]["accessToken"].as_str().expect("token").to_string();
    let cookie = format!("souk_token={token}");
    let me = "{ getMyAccountInfo { name } }";
    let host = s.base.trim_start_matches("http://").to_string();
    let same =
        s.gql_ok(&[("Cookie", &cookie), ("Origin", &s.base), ("Sec-Fetch-Site", "same-origin")], me, json!({})).await;
    assert_eq!(same["data"]["getMyAccountInfo"]["name"], "Karim Tahiri", "{same} {host}");
    for headers in [
        vec![("Cookie", cookie.as_str()), ("Origin", "https://evil.example")],
        vec![("Cookie", cookie.as_str()), ("Sec-Fetch-Site", "cross-site")],
        vec![("Cookie", cookie.as_str()), ("Origin", "null")],
    ] {
        let (status, body) = s.gql("/graphql", &headers, me, json!({})).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{headers:?}: {body}");
        assert_eq!(body["code"], "PERMISSION_DENIED", "{headers:?}: {body}");
    }
    // A bearer token is not sent by other sites' pages: it works from anywhere.
    let bearer = format!("Bearer {token}");
    let api_call = s.gql_ok(&[("Authorization", &bearer), ("Origin", "https://partner.example")], me, json!({})).await;
    assert_eq!(api_call["data"]["getMyAccountInfo"]["name"], "Karim Tahiri");
}

#[actix_web::test]
async fn introspection_is_off_unless_configured() {
    let s = start("introspection", |_| {}).await;
    let (status, body) = s.gql("/graphql", &[], "{ __schema { types { name } } }", json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body["data"]["__schema"].is_null(), "the schema is not listed: {body}");
    let on = start("introspection-on", |st| st.graphql.introspection = true).await;
    let (status, body) = on.gql("/graphql", &[], "{ __schema { queryType { name } } }", json!({})).await;
    assert_eq!(
        (status, &body["data"]["__schema"]["queryType"]["name"]),
        (StatusCode::OK, &json!("QueryRoot")),
        "{body}"
    );
}

#[actix_web::test]
async fn metrics_are_for_the_operator_only() {
    let s = start("metrics-local", |_| {}).await;
    let get = |headers: Vec<(&'static str, &'static str)>| {
        let mut req = s.client.get(format!("{}/metrics", s.base));
        for (k, v) in headers {
            req = req.header(k, v);
        }
        req.send()
    };
    assert_eq!(get(vec![]).await.expect("local").status(), StatusCode::OK, "a local scrape");
    let proxied = get(vec![("X-Forwarded-For", "203.0.113.5")]).await.expect("proxied");
    assert_eq!(proxied.status(), StatusCode::FORBIDDEN, "a request through the proxy");
    let t = start("metrics-token", |st| st.server.metrics_token = "scrape-secret-0123456789".into()).await;
    let with = |token: Option<&str>| {
        let mut req = t.client.get(format!("{}/metrics", t.base));
        if let Some(v) = token {
            req = req.header("Authorization", format!("Bearer {v}"));
        }
        req.send()
    };
    assert_eq!(with(None).await.expect("none").status(), StatusCode::FORBIDDEN);
    assert_eq!(with(Some("scrape-secret-0123456788")).await.expect("wrong").status(), StatusCode::FORBIDDEN);
    let ok = with(Some("scrape-secret-0123456789")).await.expect("right");
    assert_eq!(ok.status(), StatusCode::OK);
    assert!(ok.text().await.expect("text").contains("souk_http_requests_total"));
}
