//! The ad store on SQLite: creation with list ids and the moderation queue, conditional changes
//! that refuse a stale status and write nothing, my-ads pages and counts, boosted filters,
//! drafts, media, saved ads, abuse reports (one per reporter), related ads and prices, the
//! calendars of vacation rentals, and the keyword index's place and category tokens (migration 12).

use souk_domain::account::{Account, AccountType};
use souk_domain::ad::{AdStatus, EditStatus, VasPack};
use souk_domain::availability::BookedPeriod;
use souk_domain::money::Money;
use souk_storage::StoreError;
use souk_storage::accounts::{AccountStore, AuditEntry, NewAccount};
use souk_storage::ads::{
    AbuseReport, AdChange, AdFields, AdStore, MediaRecord, MyAdsQuery, NewAd, PendingEditOp, QueueOp, StoredDraft,
};
use souk_storage::sqlite::SqliteStore;
use std::collections::BTreeMap;

async fn fresh(name: &str) -> (SqliteStore, i64, i64) {
    let dir = std::env::temp_dir().join(format!("souk-ads-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let store = SqliteStore::open(dir.join("souk.db"), 2).expect("open");
    let mut ids = Vec::new();
    for phone in ["0611111111", "0622222222"] {
        let a = store
            .create_account(
                NewAccount::new(
                    Account {
                        account_id: 0,
                        uuid: format!("uuid-{phone}"),
                        account_type: AccountType::Private,
                        name: "Salma Idrissi".into(),
                        email: None,
                        phone: Some(phone.into()),
                        phone_hidden: false,
                        city_id: 1,
                        shop_category_id: None,
                        registered_at: 1_700_000_000,
                    },
                    "$argon2id$hash".into(),
                ),
                None,
            )
            .await
            .expect("account");
        ids.push(a.account.account_id);
    }
    (store, ids[0], ids[1])
}

fn fields(title: &str, price: i64) -> AdFields {
    AdFields {
        category_id: 6020,
        ad_type: "sell".into(),
        title: title.into(),
        description: "Une description assez longue".into(),
        price: Some(Money::from_dirhams(price)),
        city_id: 1,
        area_id: None,
        params: BTreeMap::new(),
        urgent: false,
        delivery: false,
        phone_hidden: false,
        images: vec!["ads/x/large.jpg".into()],
        video: None,
        discount: None,
        duplicate_key: title.to_lowercase(),
    }
}

async fn create(store: &SqliteStore, owner: i64, title: &str, now: i64) -> String {
    let ad_id = format!("ad-{title}-{now}");
    store
        .create_ad(NewAd {
            ad_id: ad_id.clone(),
            account_id: owner,
            fields: fields(title, 1000),
            photo_allowance: 8,
            now,
            flags: vec![],
            audit: None,
            draft_id: None,
        })
        .await
        .expect("create");
    ad_id
}

fn status_change(ad_id: &str, from: AdStatus, to: AdStatus, now: i64) -> AdChange {
    let mut c = AdChange::new(ad_id, from, now);
    c.status = Some(to);
    c
}

#[tokio::test]
async fn new_ads_get_increasing_list_ids_and_wait_in_the_queue_oldest_first() {
    let (store, owner, _) = fresh("create").await;
    let first = create(&store, owner, "Canapé", 100).await;
    let second = create(&store, owner, "Table", 50).await;
    let a = store.find_ad(&first).await.unwrap().unwrap();
    let b = store.find_ad(&second).await.unwrap().unwrap();
    assert_eq!(b.ad.list_id, a.ad.list_id + 1);
    assert_eq!(a.ad.status, AdStatus::PendingReview);
    let (queue, total) = store.moderation_queue(0, 10).await.unwrap();
    assert_eq!(total, 2);
    assert_eq!(queue.iter().map(|q| q.ad.ad.ad_id.as_str()).collect::<Vec<_>>(), [second.as_str(), first.as_str()]);
    assert_eq!(store.oldest_waiting().await.unwrap(), Some(50));
    assert_eq!(store.find_by_list_id(a.ad.list_id).await.unwrap().unwrap().ad.ad_id, first);
}

#[tokio::test]
async fn a_change_applies_only_from_the_status_it_expects_and_writes_nothing_otherwise() {
    let (store, owner, _) = fresh("change").await;
    let id = create(&store, owner, "Canapé", 100).await;
    let mut approve = status_change(&id, AdStatus::PendingReview, AdStatus::Active, 200);
    approve.queue = QueueOp::Dequeue;
    approve.audit = Some(AuditEntry {
        admin_id: owner,
        account_id: owner,
        at: 200,
        operation: "moderateAd".into(),
        detail: id.clone(),
    });
    let ad = store.apply_change(approve).await.unwrap();
    assert_eq!((ad.ad.status, ad.ad.state_time, ad.rank_time, ad.ad.published_at), (AdStatus::Active, 200, 200, 200));
    assert_eq!(store.moderation_queue(0, 10).await.unwrap().1, 0);

    // Stale: the caller thought it was still pending.
    let mut stale = status_change(&id, AdStatus::PendingReview, AdStatus::Refused, 300);
    stale.fields = Some(fields("Autre titre", 5));
    stale.refusal_reason = Some(Some("duplicate".into()));
    assert!(matches!(store.apply_change(stale).await, Err(StoreError::Conflict(_))));
    let after = store.find_ad(&id).await.unwrap().unwrap();
    assert_eq!(after, ad, "a refused change leaves the ad exactly as it was");
    assert_eq!(store.audit_of_admin(owner, 10).await.unwrap().len(), 1);
}

#[tokio::test]
async fn my_ads_pages_counts_and_boosted_filters_stay_within_the_owner() {
    let (store, owner, other) = fresh("mine").await;
    let mut ids = Vec::new();
    for i in 0..15 {
        let id = create(&store, owner, &format!("Annonce {i}"), 100 + i).await;
        store.apply_change(status_change(&id, AdStatus::PendingReview, AdStatus::Active, 1000 + i)).await.unwrap();
        ids.push(id);
    }
    create(&store, other, "Chez un autre", 100).await;
    store.add_vas_pack(&ids[3], VasPack { name: "bump".into(), start_date: 0, end_date: 10_000 }, None).await.unwrap();
    let q = |offset, boosted| MyAdsQuery {
        account_id: owner,
        status: AdStatus::Active,
        boosted,
        now: 5000,
        offset,
        limit: 12,
    };
    let (page1, total) = store.my_ads(q(0, None)).await.unwrap();
    assert_eq!((page1.len(), total), (12, 15));
    assert!(page1.iter().all(|a| a.ad.account_id == owner));
    let (page2, _) = store.my_ads(q(12, None)).await.unwrap();
    assert_eq!(page2.len(), 3);
    let (boosted, n) = store.my_ads(q(0, Some(true))).await.unwrap();
    assert_eq!((boosted.len(), n, boosted[0].ad.ad_id.clone()), (1, 1, ids[3].clone()));
    assert_eq!(store.my_ads(q(0, Some(false))).await.unwrap().1, 14);
    let counts = store.my_counts(owner).await.unwrap();
    assert_eq!(counts.len(), 6, "every status is listed");
    assert!(counts.contains(&(AdStatus::Active, 15)) && counts.contains(&(AdStatus::PendingReview, 0)));
    assert_eq!(store.active_in_category(owner, 6020).await.unwrap(), 15);
    assert_eq!(store.active_in_category(other, 6020).await.unwrap(), 0);
}

#[tokio::test]
async fn duplicates_pending_edits_and_drafts() {
    let (store, owner, other) = fresh("edits").await;
    let id = create(&store, owner, "Canapé", 100).await;
    assert_eq!(store.find_duplicate(owner, 6020, "canapé", None).await.unwrap(), Some(id.clone()));
    assert_eq!(store.find_duplicate(owner, 6020, "canapé", Some(&id)).await.unwrap(), None);
    assert_eq!(store.find_duplicate(other, 6020, "canapé", None).await.unwrap(), None);

    let mut edit = AdChange::new(&id, AdStatus::PendingReview, 150);
    edit.pending_edit = PendingEditOp::Set("{\"title\":\"Nouveau\"}".into());
    edit.edit_status = Some(Some(EditStatus::Pending));
    let ad = store.apply_change(edit).await.unwrap();
    assert_eq!(ad.ad.edit_status, Some(EditStatus::Pending));
    assert_eq!(store.pending_edit(&id).await.unwrap(), Some(("{\"title\":\"Nouveau\"}".into(), 150)));

    let draft = StoredDraft {
        draft_id: "d1".into(),
        account_id: owner,
        ad_id: None,
        step: 2,
        content: "{}".into(),
        created_at: 1,
        updated_at: 2,
    };
    store.save_draft(draft.clone()).await.unwrap();
    store.save_draft(StoredDraft { step: 3, updated_at: 5, ..draft.clone() }).await.unwrap();
    let found = store.find_draft("d1").await.unwrap().unwrap();
    assert_eq!((found.step, found.created_at, found.updated_at), (3, 1, 5));

    let media = MediaRecord {
        media_id: "m1".into(),
        account_id: owner,
        kind: "photo".into(),
        base_key: "ads/m1".into(),
        width: 800,
        height: 600,
        bytes: 1234,
        duration_ms: None,
        created_at: 1,
    };
    store.insert_media(media.clone()).await.unwrap();
    assert_eq!(store.find_media(vec!["m1".into(), "missing".into()]).await.unwrap(), vec![media]);
}

#[tokio::test]
async fn saved_ads_reports_related_and_prices() {
    let (store, owner, other) = fresh("saved").await;
    let mut list_ids = Vec::new();
    for (i, price) in [100, 200, 300, 400].into_iter().enumerate() {
        let id = format!("p{i}");
        store
            .create_ad(NewAd {
                ad_id: id.clone(),
                account_id: owner,
                fields: fields(&format!("Objet {i}"), price),
                photo_allowance: 8,
                now: 10 + i as i64,
                flags: vec![],
                audit: None,
                draft_id: None,
            })
            .await
            .unwrap();
        let ad = store
            .apply_change(status_change(&id, AdStatus::PendingReview, AdStatus::Active, 20 + i as i64))
            .await
            .unwrap();
        list_ids.push(ad.ad.list_id);
    }
    assert!(store.save_ad(other, list_ids[0], 1).await.unwrap());
    assert!(!store.save_ad(other, list_ids[0], 2).await.unwrap(), "saving twice changes nothing");
    assert!(store.save_ad(other, list_ids[1], 3).await.unwrap());
    let (saved, total) = store.saved_ads(other, 0, 12).await.unwrap();
    assert_eq!((total, saved[0].ad.list_id), (2, list_ids[1]), "newest first");
    assert_eq!(store.saved_ads(owner, 0, 12).await.unwrap().1, 0);
    assert!(store.unsave_ad(other, list_ids[1]).await.unwrap());
    assert!(!store.unsave_ad(other, list_ids[1]).await.unwrap());

    let report = AbuseReport {
        list_id: list_ids[0],
        reporter: other.to_string(),
        reporter_account: Some(other),
        report_type: "fraud".into(),
        body: "Arnaque".into(),
        created_at: 5,
    };
    assert!(store.report_ad(report.clone()).await.unwrap());
    assert!(!store.report_ad(AbuseReport { body: "encore".into(), ..report.clone() }).await.unwrap());
    assert_eq!(store.open_reports(10).await.unwrap(), vec![report]);

    let related = store.related_ads(6020, 1, list_ids[0], 8).await.unwrap();
    assert_eq!(related.len(), 3);
    assert!(related.iter().all(|a| a.ad.list_id != list_ids[0]));
    let mut prices = store.comparable_prices(6020, "sell", Some(1), 100).await.unwrap();
    prices.sort();
    assert_eq!(prices, vec![10_000, 20_000, 30_000, 40_000]);
    assert!(store.comparable_prices(6020, "sell", Some(2), 100).await.unwrap().is_empty());
    assert_eq!(store.comparable_prices(6020, "sell", None, 100).await.unwrap().len(), 4);

    store.add_performance("p0", 3, 1, 2).await.unwrap();
    let p0 = store.find_ad("p0").await.unwrap().unwrap();
    assert_eq!((p0.views, p0.phone_views, p0.conversations), (3, 1, 2));
    store
        .add_vas_pack("p1", VasPack { name: "gallery".into(), start_date: 0, end_date: i64::MAX }, None)
        .await
        .unwrap();
    let premium = store.premium_ads(100, 10).await.unwrap();
    assert_eq!(premium.iter().map(|a| a.ad.ad_id.as_str()).collect::<Vec<_>>(), ["p1"]);
}

#[tokio::test]
async fn a_calendar_is_replaced_whole_and_stays_with_its_ad() {
    let (store, owner, _) = fresh("calendar").await;
    let rental = create(&store, owner, "Riad à Marrakech", 1_000).await;
    let other = create(&store, owner, "Appartement à Agadir", 1_000).await;
    assert_eq!(store.availability(&rental).await.unwrap(), vec![]);

    let first = vec![BookedPeriod { first: 20_000, last: 20_003 }, BookedPeriod { first: 20_010, last: 20_011 }];
    store.set_availability(&rental, first.clone()).await.unwrap();
    store.set_availability(&other, vec![BookedPeriod { first: 20_005, last: 20_005 }]).await.unwrap();
    assert_eq!(store.availability(&rental).await.unwrap(), first);

    let second = vec![BookedPeriod { first: 20_020, last: 20_030 }];
    store.set_availability(&rental, second.clone()).await.unwrap();
    assert_eq!(store.availability(&rental).await.unwrap(), second, "the old periods are gone");
    assert_eq!(store.availability(&other).await.unwrap(), vec![BookedPeriod { first: 20_005, last: 20_005 }]);

    store.set_availability(&rental, vec![]).await.unwrap();
    assert_eq!(store.availability(&rental).await.unwrap(), vec![]);
}

/// A keyword search inside a city and a category, on a store whose FTS table predates its
/// `scope` column (before migration 12): the migration rebuilds it and the search finds the ad.
#[tokio::test]
async fn migration_12_gives_the_keyword_index_its_place_and_category_tokens() {
    use souk_domain::search::{SearchSort, keyword_words};
    use souk_storage::search::{CategoryScope, ListingQuery, PageRequest, PlaceScope, SearchStore};

    let (store, owner, _) = fresh("fts-scope").await;
    let ad = create(&store, owner, "Riad traditionnel", 1_000).await;
    store.apply_change(status_change(&ad, AdStatus::PendingReview, AdStatus::Active, 1_001)).await.unwrap();
    let page = PageRequest {
        sort: SearchSort::Relevance,
        offset: 0,
        limit: 12,
        premium_slots: 0,
        page: 1,
        now: 2_000,
        with_facets: false,
    };
    let query = |city: u32| ListingQuery {
        keyword: keyword_words("riad"),
        category: Some(CategoryScope::Leaf(6020)),
        place: Some(PlaceScope::City(city)),
        ..ListingQuery::default()
    };
    let found = |s: &SqliteStore, city: u32| {
        let (s, q) = (s.clone(), query(city));
        async move { s.search_listing(q, page).await.unwrap().total }
    };
    assert_eq!(found(&store, 1).await, 1);
    assert_eq!(found(&store, 2).await, 0);

    // Back to the shape of migration 7: words only, and migration 12 not applied.
    let path = std::env::temp_dir().join(format!("souk-ads-fts-scope-{}", std::process::id())).join("souk.db");
    let raw = rusqlite::Connection::open(&path).unwrap();
    raw.execute_batch(
        "DROP TABLE search_fts;
         CREATE VIRTUAL TABLE search_fts USING fts5(
             body, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2');
         INSERT INTO search_fts (rowid, body) SELECT list_id, 'riad traditionnel' FROM search_listing;
         DELETE FROM schema_migrations WHERE version = 12;",
    )
    .unwrap();
    drop(raw);

    let reopened = SqliteStore::open(&path, 2).expect("reopen: migration 12 runs");
    assert_eq!(found(&reopened, 1).await, 1);
    assert_eq!(found(&reopened, 2).await, 0);
}

/// Migration 23 (issue 32) fills the FTS table again with the normalised words: on a store whose
/// index holds the old folded text ("سياره"), a plural Arabic query and a Darija one find nothing
/// before and the ad after; the title's length is packed into `words` above the body's.
#[tokio::test]
async fn migration_23_indexes_the_normalised_words_again() {
    use souk_domain::search::{SearchSort, keyword_words};
    use souk_storage::search::{ListingQuery, PageRequest, SearchStore};

    let (store, owner, _) = fresh("fts-normalised").await;
    let ad = create(&store, owner, "سيارة للبيع", 1_000).await;
    store.apply_change(status_change(&ad, AdStatus::PendingReview, AdStatus::Active, 1_001)).await.unwrap();
    let page = PageRequest {
        sort: SearchSort::Relevance,
        offset: 0,
        limit: 12,
        premium_slots: 0,
        page: 0,
        now: 2_000,
        with_facets: false,
    };
    let found = |s: &SqliteStore, k: &str| {
        let (s, q) = (s.clone(), ListingQuery { keyword: keyword_words(k), ..ListingQuery::default() });
        async move { s.search_listing(q, page).await.unwrap().total }
    };
    assert_eq!(found(&store, "سيارات").await, 1);
    assert_eq!(found(&store, "tomobil").await, 1);

    // Back to the text of migration 22 (folded only), and migration 23 not applied.
    let path = std::env::temp_dir().join(format!("souk-ads-fts-normalised-{}", std::process::id())).join("souk.db");
    let raw = rusqlite::Connection::open(&path).unwrap();
    raw.execute_batch(
        "DROP TABLE search_fts;
         CREATE VIRTUAL TABLE search_fts USING fts5(
             body, scope, cell, content = '', contentless_delete = 1,
             tokenize = \"unicode61 remove_diacritics 2 tokenchars '_'\");
         INSERT INTO search_fts (rowid, body, scope, cell) SELECT list_id, 'سياره للبيع', '', '' FROM search_listing;
         UPDATE search_listing SET words = 2;
         DELETE FROM schema_migrations WHERE version = 23;",
    )
    .unwrap();
    let old_match: i64 = raw
        .query_row("SELECT count(*) FROM search_fts WHERE search_fts MATCH 'body : \"voiture\"'", [], |r| r.get(0))
        .unwrap();
    assert_eq!(old_match, 0, "the old index knows no canonical word");
    drop(raw);

    let reopened = SqliteStore::open(&path, 2).expect("reopen: migration 23 runs");
    assert_eq!(found(&reopened, "سيارات").await, 1);
    assert_eq!(found(&reopened, "السيارة").await, 1);
    assert_eq!(found(&reopened, "sayara").await, 1);
    let raw = rusqlite::Connection::open(&path).unwrap();
    let words: i64 = raw.query_row("SELECT words FROM search_listing", [], |r| r.get(0)).unwrap();
    assert_eq!(words >> 20, 2, "the title's two words (voiture, بيع) packed above the body's length");
    assert!(words & 0xF_FFFF >= 2, "{words}");
}

/// A keyword search reads its matches' order and price from `search_hits` (migration 18): a
/// bump, a price edit, a deactivation made through the store and a row changed in place move the
/// keyword listing, and the narrow table stays equal, row for row, to the listing index.
#[tokio::test]
async fn keyword_searches_follow_bumps_edits_and_removals_through_the_hits_table() {
    use souk_domain::search::{SearchSort, keyword_words};
    use souk_storage::search::{CategoryScope, ListingQuery, PageRequest, PlaceScope, SearchStore};

    let (store, owner, _) = fresh("hits").await;
    let mut ids = Vec::new();
    for (title, at) in [("Riad ancien", 1_000), ("Riad neuf", 1_100), ("Riad familial", 1_200)] {
        let ad = create(&store, owner, title, at).await;
        store.apply_change(status_change(&ad, AdStatus::PendingReview, AdStatus::Active, at + 1)).await.unwrap();
        ids.push(store.find_ad(&ad).await.unwrap().unwrap().ad.list_id);
    }
    let query = ListingQuery {
        keyword: keyword_words("riad"),
        category: Some(CategoryScope::Leaf(6020)),
        place: Some(PlaceScope::City(1)),
        ..ListingQuery::default()
    };
    let listed = |sort: SearchSort| {
        let (s, q) = (store.clone(), query.clone());
        let page = PageRequest { sort, offset: 0, limit: 12, premium_slots: 0, page: 1, now: 5_000, with_facets: true };
        async move {
            let p = s.search_listing(q, page).await.unwrap();
            (p.ads.iter().map(|a| a.ad.list_id).collect::<Vec<_>>(), p.total)
        }
    };
    assert_eq!(listed(SearchSort::Newest).await, (vec![ids[2], ids[1], ids[0]], 3));

    // A bump refreshes the rank time: the oldest ad comes first.
    let first_ad = "ad-Riad ancien-1000";
    store
        .add_vas_pack(first_ad, VasPack { name: "bump".into(), start_date: 2_000, end_date: 90_000 }, Some(2_000))
        .await
        .unwrap();
    assert_eq!(listed(SearchSort::Newest).await, (vec![ids[0], ids[2], ids[1]], 3));

    // A price edit moves the ad in a price sort (all three cost 1,000 DH before).
    let mut edit = AdChange::new("ad-Riad neuf-1100", AdStatus::Active, 2_100);
    edit.fields = Some(fields("Riad neuf", 500));
    store.apply_change(edit).await.unwrap();
    assert_eq!(listed(SearchSort::PriceAsc).await.0[0], ids[1]);

    // A deactivated ad leaves the keyword listing.
    store
        .apply_change(status_change("ad-Riad familial-1200", AdStatus::Active, AdStatus::Deactivated, 2_200))
        .await
        .unwrap();
    assert_eq!(listed(SearchSort::Newest).await, (vec![ids[0], ids[1]], 2));

    let path = std::env::temp_dir().join(format!("souk-ads-hits-{}", std::process::id())).join("souk.db");
    let raw = rusqlite::Connection::open(&path).unwrap();
    let count = |sql: &str| raw.query_row(sql, [], |r| r.get::<_, i64>(0)).unwrap();
    assert_eq!(count("SELECT count(*) FROM search_hits"), 2);
    assert_eq!(
        count(
            "SELECT count(*) FROM search_listing l JOIN search_hits h ON h.list_id = l.list_id
             WHERE h.category_id = l.category_id AND h.city_id = l.city_id AND h.rank_time = l.rank_time
               AND h.price IS l.price AND h.premium_from = l.premium_from
               AND h.premium_until = l.premium_until AND h.words = l.words"
        ),
        2
    );
    // A row changed in place (as migrations do) is followed too.
    raw.execute("UPDATE search_listing SET rank_time = 9000 WHERE list_id = ?1", [ids[1]]).unwrap();
    assert_eq!(listed(SearchSort::Newest).await, (vec![ids[1], ids[0]], 2));
}
