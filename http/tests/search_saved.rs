//! Recent and saved searches through the real server, and the saved-search alerts run by the
//! real services on the same store: saved / already saved / errors with their keys, the limit
//! of 50 (refused in French and Arabic, nothing stored), only the owner lists, switches or
//! deletes a saved search (signed out: LOGIN_REQUIRED), alerts
//! recorded for ads published after saving (live hook called), one daily digest e-mail, and
//! the scheduled rounds of two processes sharing one ephemeral store run each step once.

mod common;

use common::{TestServer, active_ad, now, start};
use serde_json::json;
use souk_actors::presence::record_online;
use souk_domain::ad::Ad;
use souk_domain::money::Money;
use souk_services::catalog::CatalogService;
use souk_services::notify::{LettreMailer, MailSettings, MailTransport, read_outbox};
use souk_services::search::SearchService;
use souk_services::search::parse_url::slug_index;
use souk_services::search::saved::{AlertSink, SavedSearchService};
use souk_storage::ads::AdStore;
use souk_storage::ephemeral::memory::MemoryEphemeral;
use std::sync::{Arc, Mutex};
use std::time::Duration;

fn car(list_id: i64, owner: i64, title: &str, at: i64) -> Ad {
    Ad {
        description: "Bon état général".into(),
        price: Some(Money::from_dirhams(1_500)),
        ..active_ad(&format!("saved-{list_id}"), list_id, owner, 2030, 2, title, at)
    }
}

struct Recorder(Mutex<Vec<(i64, i64, usize)>>);

impl AlertSink for Recorder {
    fn new_matches(&self, account_id: i64, search_id: i64, _name: &str, list_ids: &[i64]) {
        if let Ok(mut v) = self.0.lock() {
            v.push((account_id, search_id, list_ids.len()));
        }
    }
}

#[actix_web::test]
async fn recent_searches_follow_the_visitor() {
    let s = start("saved-recent", |_| {}).await;
    let search = "query($f: SearchFiltersInput) { searchAds(filters: $f) { total } }";
    let visitor = [("visitorId", "visitor-42")];
    for f in [json!({ "keyword": "Vélo" }), json!({ "keyword": "moto", "cityId": 2 }), json!({ "keyword": "velo" })] {
        s.gql_ok(&visitor, search, json!({ "f": f })).await;
    }
    let body = s.gql_ok(&visitor, "{ getRecentSearches }", json!({})).await;
    let list = body["data"]["getRecentSearches"].as_array().cloned().unwrap_or_default();
    assert_eq!(list.len(), 2, "{body}");
    assert_eq!(list[0]["keyword"], "velo");
    assert_eq!(list[1]["city_id"], 2);
    let other = s.gql_ok(&[("visitorId", "someone-else")], "{ getRecentSearches }", json!({})).await;
    assert_eq!(other["data"]["getRecentSearches"], json!([]));
    s.gql_ok(&visitor, "mutation { clearRecentSearches }", json!({})).await;
    let body = s.gql_ok(&visitor, "{ getRecentSearches }", json!({})).await;
    assert_eq!(body["data"]["getRecentSearches"], json!([]));
}

#[actix_web::test]
async fn refused_searches_are_not_remembered() {
    let s = start("saved-recent-refused", |_| {}).await;
    let search = "query($f: SearchFiltersInput, $o: Int) { searchAds(filters: $f, offset: $o) { total } }";
    let visitor = [("visitorId", "visitor-refused")];
    for (f, offset, code) in [
        (json!({ "keyword": "velo", "categoryId": 987654 }), 0, "CATEGORY_NOT_FOUND"),
        (json!({ "keyword": "velo", "cityId": 987654 }), 0, "CITY_NOT_FOUND"),
        (json!({ "keyword": "velo", "priceMin": 500, "priceMax": 10 }), 0, "INVALID_PRICE_RANGE"),
        (json!({ "keyword": "velo", "categoryId": 2030, "adType": "teleport" }), 0, "INVALID_AD_TYPE"),
        (json!({ "keyword": "velo" }), -1, "INVALID_OFFSET"),
    ] {
        let body = s.gql_ok(&visitor, search, json!({ "f": f, "o": offset })).await;
        assert_eq!(body["errors"][0]["extensions"]["code"], code, "{f}: {body}");
        let recent = s.gql_ok(&visitor, "{ getRecentSearches }", json!({})).await;
        assert_eq!(recent["data"]["getRecentSearches"], json!([]), "{f} was refused, so not remembered");
    }
    // An answered search still is.
    s.gql_ok(&visitor, search, json!({ "f": { "keyword": "velo", "cityId": 2 }, "o": 0 })).await;
    let recent = s.gql_ok(&visitor, "{ getRecentSearches }", json!({})).await;
    assert_eq!(recent["data"]["getRecentSearches"].as_array().map(Vec::len), Some(1), "{recent}");
}

/// The saved-search service of one `souk serve` process on the test server's store, sending
/// e-mail to `outbox`, with `ephemeral` as its (possibly shared) ephemeral store.
async fn alert_service(
    s: &TestServer,
    outbox: &std::path::Path,
    ephemeral: Arc<dyn souk_storage::ephemeral::Ephemeral>,
) -> SavedSearchService {
    let catalog = Arc::new(CatalogService::load(&s.store).await.expect("catalog"));
    let search =
        Arc::new(SearchService::new(Arc::new(s.store.clone()), Arc::new(s.store.clone()), Arc::clone(&catalog)));
    let mailer = LettreMailer::new(&MailSettings {
        from: "Souk <no-reply@souk.ma>".into(),
        transport: MailTransport::Outbox { dir: outbox.to_path_buf() },
    })
    .expect("mailer");
    SavedSearchService::new(
        Arc::new(s.store.clone()),
        Arc::new(s.store.clone()),
        Arc::new(s.store.clone()),
        search,
        ephemeral,
        Arc::new(mailer),
        Arc::new(slug_index(&catalog)),
        "https://souk.ma".into(),
    )
}

#[actix_web::test]
async fn two_processes_match_and_send_the_digest_once() {
    let s = start("saved-leases", |_| {}).await;
    let q = "mutation($i: RegisterAccountInput!) { registerAccount(input: $i) { login { accessToken } info { id } } }";
    let input = json!({ "type": "shop", "name": "Meubles Tanger", "email": "meubles@shop.ma", "phone": "0698765433", "cityId": 2, "password": "secret1", "shopCategory": 2030, "plan": "premium" });
    let body = s.gql_ok(&[], q, json!({ "i": input })).await;
    let token = body["data"]["registerAccount"]["login"]["accessToken"].as_str().expect("token").to_string();
    let input = json!({ "type": "private", "name": "Karim", "phone": "0612345670", "cityId": 2, "password": "secret1", "passwordConfirmation": "secret1" });
    let seller =
        s.gql_ok(&[], q, json!({ "i": input })).await["data"]["registerAccount"]["info"]["id"].as_i64().expect("id");
    let auth = format!("Bearer {token}");
    let save = "mutation($f: SearchFiltersInput!) { saveSearch(filters: $f) { outcome } }";
    let saved = s.gql_ok(&[("Authorization", auth.as_str())], save, json!({ "f": { "keyword": "vélo" } })).await;
    assert_eq!(saved["data"]["saveSearch"]["outcome"], "SAVED", "{saved}");

    // Two processes: the same store, one shared ephemeral store (Redis in distributed mode).
    let outbox = s.data_dir.join("leases-outbox");
    let shared: Arc<dyn souk_storage::ephemeral::Ephemeral> = Arc::new(MemoryEphemeral::new("t:"));
    let one = alert_service(&s, &outbox, Arc::clone(&shared)).await;
    let two = alert_service(&s, &outbox, Arc::clone(&shared)).await;
    let later = now() + 60;
    s.store.insert_ads(vec![car(810001, seller, "Vélo de ville", later)]).await.expect("ad");
    let every = std::time::Duration::from_secs(60);
    let (mut day_one, mut day_two) = (None, None);
    let first = one.scheduled_round(later + 10, every, 0, &mut day_one).await;
    let second = two.scheduled_round(later + 10, every, 0, &mut day_two).await;
    assert_eq!(first.matched.map(|r| r.matches), Some(1), "{first:?}");
    assert_eq!(first.digests, Some(1), "{first:?}");
    assert!(second.matched.is_none() && second.digests.is_none(), "the other process waits: {second:?}");
    let mails = read_outbox(&outbox, 10).expect("outbox");
    assert_eq!(mails.len(), 1, "one digest e-mail for two processes");
    assert_eq!(mails[0].to, "meubles@shop.ma");
    // The same day again: no second digest from either process.
    let again = two.scheduled_round(later + 20, every, 0, &mut day_two).await;
    assert!(again.digests.is_none(), "{again:?}");
    assert_eq!(read_outbox(&outbox, 10).expect("outbox").len(), 1);
}

#[actix_web::test]
async fn saved_searches_alert_live_and_by_daily_digest() {
    let s = start("saved-alerts", |_| {}).await;
    let q = "mutation($i: RegisterAccountInput!) { registerAccount(input: $i) { login { accessToken } info { id } } }";
    let input = json!({ "type": "shop", "name": "Cycles Fès", "email": "cycles@shop.ma", "phone": "0698765432", "cityId": 2, "password": "secret1", "shopCategory": 2030, "plan": "premium" });
    let body = s.gql_ok(&[], q, json!({ "i": input })).await;
    let token = body["data"]["registerAccount"]["login"]["accessToken"].as_str().expect("token").to_string();
    let saver = body["data"]["registerAccount"]["info"]["id"].as_i64().expect("id");
    let input = json!({ "type": "private", "name": "Samir", "phone": "0612345678", "cityId": 2, "password": "secret1", "passwordConfirmation": "secret1" });
    let seller =
        s.gql_ok(&[], q, json!({ "i": input })).await["data"]["registerAccount"]["info"]["id"].as_i64().expect("id");
    let auth = format!("Bearer {token}");
    let h = [("Authorization", auth.as_str())];

    let save = "mutation($f: SearchFiltersInput!, $n: String) { saveSearch(filters: $f, name: $n) { outcome messageKey message search { id name } } }";
    let first = s.gql_ok(&h, save, json!({ "f": { "keyword": "Vélo", "cityId": 2 }, "n": "Vélo à Fès" })).await;
    assert_eq!(first["data"]["saveSearch"]["outcome"], "SAVED", "{first}");
    assert_eq!(first["data"]["saveSearch"]["messageKey"], "saveSearch.saved");
    let again = s.gql_ok(&h, save, json!({ "f": { "keyword": "  VELO ", "cityId": 2 } })).await;
    assert_eq!(again["data"]["saveSearch"]["outcome"], "ALREADY_SAVED");
    assert_eq!(again["data"]["saveSearch"]["messageKey"], "saveSearch.alreadySaved");
    assert_eq!(
        first["data"]["saveSearch"]["message"],
        "Recherche enregistrée. Nous vous préviendrons des nouvelles annonces."
    );
    assert_eq!(again["data"]["saveSearch"]["message"], "Cette recherche est déjà enregistrée.");
    let ar = [h[0], ("Accept-Language", "ar")];
    let again_ar = s.gql_ok(&ar, save, json!({ "f": { "keyword": "velo", "cityId": 2 } })).await;
    assert_eq!(again_ar["data"]["saveSearch"]["message"], "هذا البحث محفوظ من قبل.");
    let bad_ar = s.gql_ok(&ar, save, json!({ "f": { "priceMin": -3 } })).await;
    let wording = bad_ar["errors"][0]["message"].as_str().unwrap_or("");
    assert!(wording.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)), "{bad_ar}");
    assert_eq!(again["data"]["saveSearch"]["search"]["id"], first["data"]["saveSearch"]["search"]["id"]);
    let visitor = s.gql_ok(&[], save, json!({ "f": { "keyword": "x" } })).await;
    assert_eq!(visitor["errors"][0]["extensions"]["code"], "LOGIN_REQUIRED");
    let bad = s.gql_ok(&h, save, json!({ "f": { "categoryId": 424242 } })).await;
    assert_eq!(bad["errors"][0]["extensions"]["code"], "CATEGORY_NOT_FOUND");
    assert_eq!(bad["errors"][0]["extensions"]["messageKey"], "saveSearch.error");
    let mine = s.gql_ok(&h, "{ getMySavedSearches { id name filters } }", json!({})).await;
    assert_eq!(mine["data"]["getMySavedSearches"][0]["name"], "Vélo à Fès");
    assert_eq!(mine["data"]["getMySavedSearches"][0]["filters"]["keyword"], "velo");

    // The real services on the same store, with a recording live hook.
    let outbox = s.data_dir.join("alerts-outbox");
    let ephemeral: Arc<dyn souk_storage::ephemeral::Ephemeral> = Arc::new(MemoryEphemeral::new("t:"));
    let alerts = alert_service(&s, &outbox, Arc::clone(&ephemeral)).await;
    let recorder = Arc::new(Recorder(Mutex::new(vec![])));
    alerts.set_alert_sink(recorder.clone());
    let search_id = first["data"]["saveSearch"]["search"]["id"].as_i64().unwrap_or(0);

    // Offline owner: no live alert, the matches wait for the daily digest.
    let later = now() + 60;
    s.store
        .insert_ads(vec![
            car(800001, seller, "Vélo de route Btwin", later),
            car(800002, seller, "Vélo enfant", later),
            // A motorbike, in the motorbikes' category: "velo" names the bicycles' (issue 32).
            Ad { category_id: 2020, ..car(800003, seller, "Moto Yamaha", later) },
            car(800004, saver, "Vélo de la boutique elle-même", later),
        ])
        .await
        .expect("new ads");
    let run = alerts.match_new_ads(later + 10).await.expect("match");
    assert_eq!((run.searches, run.matches, run.live), (1, 2, 0));
    assert_eq!(recorder.0.lock().map(|v| v.clone()).unwrap_or_default(), vec![]);
    // Nothing new: nothing recorded twice.
    assert_eq!(alerts.match_new_ads(later + 20).await.expect("match").matches, 0);

    assert_eq!(alerts.send_digests(later + 30).await.expect("digest"), 1);
    let mails = read_outbox(&outbox, 10).expect("outbox");
    assert_eq!(mails.len(), 1);
    assert_eq!(mails[0].to, "cycles@shop.ma");
    assert_eq!(mails[0].kind.as_deref(), Some("saved_search_digest"));
    assert!(
        mails[0].text.contains("Vélo de route Btwin") && mails[0].text.contains("_800001.htm"),
        "{}",
        mails[0].text
    );
    assert!(!mails[0].text.contains("Moto"));
    // Sent once.
    assert_eq!(alerts.send_digests(later + 40).await.expect("digest"), 0);

    // Online owner (a socket on some node, as the presence actor records it): the new match
    // goes out live and the digest leaves it out. The seller, offline, is not alerted.
    record_online(&*ephemeral, saver, "node-1", Duration::from_secs(600)).await.expect("presence");
    s.store.insert_ads(vec![car(800005, seller, "Vélo électrique", later + 50)]).await.expect("ad");
    let run = alerts.match_new_ads(later + 60).await.expect("match");
    assert_eq!((run.matches, run.live), (1, 1));
    assert_eq!(recorder.0.lock().map(|v| v.clone()).unwrap_or_default(), vec![(saver, search_id, 1)]);
    assert_eq!(alerts.send_digests(later + 70).await.expect("digest"), 0);
    assert_eq!(read_outbox(&outbox, 10).expect("outbox").len(), 1);

    // Alerts switched off: the search is no longer matched; only its owner may switch it.
    let switch = "mutation($i: Int!, $e: Boolean!) { setSavedSearchAlerts(id: $i, enabled: $e) { id alertsEnabled } }";
    let input = json!({ "type": "private", "name": "Nadia", "phone": "0612345679", "cityId": 2, "password": "secret1", "passwordConfirmation": "secret1" });
    let other = s.gql_ok(&[], q, json!({ "i": input })).await["data"]["registerAccount"]["login"]["accessToken"]
        .as_str()
        .expect("token")
        .to_string();
    let other_auth = format!("Bearer {other}");
    let theirs =
        s.gql_ok(&[("Authorization", other_auth.as_str())], switch, json!({ "i": search_id, "e": false })).await;
    assert_eq!(theirs["errors"][0]["extensions"]["code"], "NOT_FOUND", "{theirs}");
    let listed = s.gql_ok(&h, "{ getMySavedSearches { id alertsEnabled } }", json!({})).await;
    assert_eq!(listed["data"]["getMySavedSearches"][0]["alertsEnabled"], true, "another account changed nothing");
    let off = s.gql_ok(&h, switch, json!({ "i": search_id, "e": false })).await;
    assert_eq!(off["data"]["setSavedSearchAlerts"]["alertsEnabled"], false, "{off}");
    s.store.insert_ads(vec![car(800006, seller, "Vélo pliant", later + 80)]).await.expect("ad");
    let run = alerts.match_new_ads(later + 90).await.expect("match");
    assert_eq!((run.searches, run.matches, run.live), (0, 0, 0), "a search without alerts is not matched");
    let on = s.gql_ok(&h, switch, json!({ "i": search_id, "e": true })).await;
    assert_eq!(on["data"]["setSavedSearchAlerts"]["alertsEnabled"], true, "{on}");
    let listed = s.gql_ok(&h, "{ getMySavedSearches { id alertsEnabled } }", json!({})).await;
    assert_eq!(listed["data"]["getMySavedSearches"][0]["alertsEnabled"], true);

    let del = s
        .gql_ok(
            &h,
            "mutation($i: Int!) { deleteSavedSearch(id: $i) }",
            json!({ "i": first["data"]["saveSearch"]["search"]["id"] }),
        )
        .await;
    assert_eq!(del["data"]["deleteSavedSearch"], true);
    let gone = s.gql_ok(&h, "mutation($i: Int!) { deleteSavedSearch(id: $i) }", json!({ "i": 999 })).await;
    assert_eq!(gone["errors"][0]["extensions"]["code"], "NOT_FOUND");
}

#[actix_web::test]
async fn the_schedule_loop_matches_new_ads_round_after_round() {
    let s = start("saved-schedule", |_| {}).await;
    let q = "mutation($i: RegisterAccountInput!) { registerAccount(input: $i) { login { accessToken } info { id } } }";
    let input = json!({ "type": "shop", "name": "Glisse Rabat", "email": "glisse@shop.ma", "phone": "0698765434", "cityId": 2, "password": "secret1", "shopCategory": 2030, "plan": "premium" });
    let body = s.gql_ok(&[], q, json!({ "i": input })).await;
    let token = body["data"]["registerAccount"]["login"]["accessToken"].as_str().expect("token").to_string();
    let saver = body["data"]["registerAccount"]["info"]["id"].as_i64().expect("id");
    let input = json!({ "type": "private", "name": "Adil", "phone": "0612345671", "cityId": 2, "password": "secret1", "passwordConfirmation": "secret1" });
    let seller =
        s.gql_ok(&[], q, json!({ "i": input })).await["data"]["registerAccount"]["info"]["id"].as_i64().expect("id");
    let auth = format!("Bearer {token}");
    let save = "mutation($f: SearchFiltersInput!) { saveSearch(filters: $f) { search { id } } }";
    let saved = s.gql_ok(&[("Authorization", auth.as_str())], save, json!({ "f": { "keyword": "trottinette" } })).await;
    let search_id = saved["data"]["saveSearch"]["search"]["id"].as_i64().expect("search id");

    let ephemeral: Arc<dyn souk_storage::ephemeral::Ephemeral> = Arc::new(MemoryEphemeral::new("t:"));
    let alerts = Arc::new(alert_service(&s, &s.data_dir.join("schedule-outbox"), Arc::clone(&ephemeral)).await);
    let recorder = Arc::new(Recorder(Mutex::new(vec![])));
    alerts.set_alert_sink(recorder.clone());
    record_online(&*ephemeral, saver, "node-1", Duration::from_secs(600)).await.expect("presence");
    // The loop `souk serve` runs, with a short period.
    alerts.start_schedule(std::time::Duration::from_millis(300), 0);

    let alerted = |n: usize| {
        let recorder = recorder.clone();
        async move {
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
            while std::time::Instant::now() < deadline {
                if recorder.0.lock().map(|v| v.len()).unwrap_or(0) >= n {
                    return recorder.0.lock().map(|v| v.clone()).unwrap_or_default();
                }
                actix_web::rt::time::sleep(std::time::Duration::from_millis(100)).await;
            }
            panic!("no alert {n} within 15 s")
        }
    };
    s.store.insert_ads(vec![car(820001, seller, "Trottinette électrique", now() + 1)]).await.expect("ad");
    assert_eq!(alerted(1).await, vec![(saver, search_id, 1)]);
    // A later round of the same loop takes the next one.
    s.store.insert_ads(vec![car(820002, seller, "Trottinette enfant", now() + 1)]).await.expect("ad");
    assert_eq!(alerted(2).await, vec![(saver, search_id, 1), (saver, search_id, 1)]);
}

/// Registers a private account; answers its bearer header value.
async fn signed_in(s: &TestServer, name: &str, phone: &str) -> String {
    let q = "mutation($i: RegisterAccountInput!) { registerAccount(input: $i) { login { accessToken } } }";
    let input = json!({ "type": "private", "name": name, "phone": phone, "cityId": 2, "password": "secret1", "passwordConfirmation": "secret1" });
    let body = s.gql_ok(&[], q, json!({ "i": input })).await;
    format!("Bearer {}", body["data"]["registerAccount"]["login"]["accessToken"].as_str().expect("token"))
}

const SAVE: &str =
    "mutation($f: SearchFiltersInput!, $n: String) { saveSearch(filters: $f, name: $n) { outcome search { id } } }";
const MINE: &str = "{ getMySavedSearches { id name alertsEnabled } }";

#[actix_web::test]
async fn only_the_owner_sees_switches_or_deletes_a_saved_search() {
    let s = start("saved-owner", |_| {}).await;
    let amal = signed_in(&s, "Amal", "0612340001").await;
    let badr = signed_in(&s, "Badr", "0612340002").await;
    let (amal, badr) = ([("Authorization", amal.as_str())], [("Authorization", badr.as_str())]);
    let saved = s.gql_ok(&amal, SAVE, json!({ "f": { "keyword": "vélo" }, "n": "Vélos" })).await;
    let amal_search = saved["data"]["saveSearch"]["search"]["id"].as_i64().expect("id");
    let saved = s.gql_ok(&badr, SAVE, json!({ "f": { "keyword": "moto" }, "n": "Motos" })).await;
    let badr_search = saved["data"]["saveSearch"]["search"]["id"].as_i64().expect("id");

    // Each account lists its own searches only.
    let mine = s.gql_ok(&amal, MINE, json!({})).await;
    assert_eq!(
        mine["data"]["getMySavedSearches"],
        json!([{ "id": amal_search, "name": "Vélos", "alertsEnabled": true }])
    );
    let theirs = s.gql_ok(&badr, MINE, json!({})).await;
    assert_eq!(
        theirs["data"]["getMySavedSearches"],
        json!([{ "id": badr_search, "name": "Motos", "alertsEnabled": true }])
    );

    // Badr cannot delete Amal's search: refused as unknown, and it is still there.
    let delete = "mutation($i: Int!) { deleteSavedSearch(id: $i) }";
    let refused = s.gql_ok(&badr, delete, json!({ "i": amal_search })).await;
    assert_eq!(refused["errors"][0]["extensions"]["code"], "NOT_FOUND", "{refused}");
    assert!(refused["data"].is_null() || refused["data"]["deleteSavedSearch"].is_null(), "{refused}");
    let mine = s.gql_ok(&amal, MINE, json!({})).await;
    assert_eq!(mine["data"]["getMySavedSearches"][0]["id"], amal_search, "still there: {mine}");

    // Signed out: every saved-search operation asks to sign in, in French or Arabic, and
    // changes nothing.
    let switch = "mutation($i: Int!, $e: Boolean!) { setSavedSearchAlerts(id: $i, enabled: $e) { id } }";
    let arabic = |m: &str| m.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c));
    for (query, vars) in [
        (switch, json!({ "i": amal_search, "e": false })),
        (delete, json!({ "i": amal_search })),
        (MINE, json!({})),
        (SAVE, json!({ "f": { "keyword": "vélo" } })),
    ] {
        let mut wording = Vec::new();
        for lang in ["fr", "ar"] {
            let body = s.gql_ok(&[("Accept-Language", lang)], query, vars.clone()).await;
            assert_eq!(body["errors"][0]["extensions"]["code"], "LOGIN_REQUIRED", "{lang} {query}: {body}");
            wording.push(body["errors"][0]["message"].as_str().unwrap_or("").to_string());
        }
        assert!(!wording[0].is_empty() && !arabic(&wording[0]), "French: {wording:?}");
        assert!(arabic(&wording[1]), "Arabic: {wording:?}");
    }
    let mine = s.gql_ok(&amal, MINE, json!({})).await;
    assert_eq!(
        mine["data"]["getMySavedSearches"],
        json!([{ "id": amal_search, "name": "Vélos", "alertsEnabled": true }])
    );
    let theirs = s.gql_ok(&badr, MINE, json!({})).await;
    assert_eq!(theirs["data"]["getMySavedSearches"].as_array().map(Vec::len), Some(1));
}

#[actix_web::test]
async fn the_saved_search_limit_is_refused_in_french_and_arabic_and_stores_nothing() {
    let s = start("saved-limit", |_| {}).await;
    let token = signed_in(&s, "Chama", "0612340003").await;
    let fr = [("Authorization", token.as_str()), ("Accept-Language", "fr")];
    let ar = [("Authorization", token.as_str()), ("Accept-Language", "ar")];
    let limit = souk_domain::search::MAX_SAVED_SEARCHES;
    for i in 0..limit {
        let body = s.gql_ok(&fr, SAVE, json!({ "f": { "keyword": format!("velo{i}") } })).await;
        assert_eq!(body["data"]["saveSearch"]["outcome"], "SAVED", "{i}: {body}");
    }
    let count = async || s.gql_ok(&fr, MINE, json!({})).await["data"]["getMySavedSearches"].as_array().map(Vec::len);
    assert_eq!(count().await, Some(limit));

    // One more: refused with the catalogue's code, key and wording in the request's language.
    let over = s.gql_ok(&fr, SAVE, json!({ "f": { "keyword": "trottinette" } })).await;
    let error = &over["errors"][0];
    assert_eq!(error["extensions"]["code"], "SAVED_SEARCH_LIMIT_REACHED", "{over}");
    assert_eq!(error["extensions"]["messageKey"], "saveSearch.error", "{over}");
    assert_eq!(error["message"], "Vous avez atteint le nombre maximum de recherches sauvegardées");
    let over = s.gql_ok(&ar, SAVE, json!({ "f": { "keyword": "trottinette" } })).await;
    assert_eq!(over["errors"][0]["extensions"]["code"], "SAVED_SEARCH_LIMIT_REACHED", "{over}");
    assert_eq!(over["errors"][0]["message"], "لقد بلغت الحد الأقصى لعمليات البحث المحفوظة");
    assert_eq!(count().await, Some(limit), "nothing stored");
    let names = s.gql_ok(&fr, MINE, json!({})).await;
    assert!(!names.to_string().contains("trottinette"), "{names}");

    // A search already saved is still "already saved" at the limit; one deleted frees a place.
    let again = s.gql_ok(&fr, SAVE, json!({ "f": { "keyword": "velo7" } })).await;
    assert_eq!(again["data"]["saveSearch"]["outcome"], "ALREADY_SAVED", "{again}");
    let first = names["data"]["getMySavedSearches"][0]["id"].clone();
    let deleted = s.gql_ok(&fr, "mutation($i: Int!) { deleteSavedSearch(id: $i) }", json!({ "i": first })).await;
    assert_eq!(deleted["data"]["deleteSavedSearch"], true, "{deleted}");
    let now_saved = s.gql_ok(&fr, SAVE, json!({ "f": { "keyword": "trottinette" } })).await;
    assert_eq!(now_saved["data"]["saveSearch"]["outcome"], "SAVED", "{now_saved}");
    assert_eq!(count().await, Some(limit));
}
