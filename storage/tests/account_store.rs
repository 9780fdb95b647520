//! The account store on SQLite: creation with conflicts that write nothing, lookups by phone
//! and e-mail, shops with their lead, refresh-token rotation and replay, the audit log.

use souk_domain::account::{Account, AccountStatus, AccountType, NotificationPreferences, Role};
use souk_storage::StoreError;
use souk_storage::accounts::{
    AccountStore, AuditEntry, NewAccount, NewShop, RefreshToken, RotateOutcome, SessionRevocation, StoreEdit,
};
use souk_storage::sqlite::SqliteStore;

fn fresh(name: &str) -> SqliteStore {
    let dir = std::env::temp_dir().join(format!("souk-accounts-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    SqliteStore::open(dir.join("souk.db"), 2).expect("open")
}

fn account(kind: AccountType, phone: Option<&str>, email: Option<&str>) -> NewAccount {
    NewAccount::new(
        Account {
            account_id: 0,
            uuid: format!("uuid-{}-{}", phone.unwrap_or(""), email.unwrap_or("")),
            account_type: kind,
            name: "Salma Idrissi".into(),
            email: email.map(str::to_string),
            phone: phone.map(str::to_string),
            phone_hidden: false,
            city_id: 1,
            shop_category_id: (kind == AccountType::Shop).then_some(2010),
            registered_at: 1_700_000_000,
        },
        "$argon2id$hash".into(),
    )
}

fn token(hash: &str, account_id: i64, expires_at: i64) -> RefreshToken {
    RefreshToken {
        token_hash: hash.into(),
        family_id: format!("family-of-{hash}"),
        account_id,
        acting_admin_id: None,
        issued_at: 1,
        expires_at,
    }
}

#[tokio::test]
async fn accounts_are_created_once_per_phone_and_email() {
    let store = fresh("create");
    let a = store.create_account(account(AccountType::Private, Some("0612345678"), None), None).await.expect("create");
    assert!(a.account.account_id > 0);
    assert_eq!((a.status, a.roles.clone(), a.store_id), (AccountStatus::Active, vec![], None));
    let again = store.create_account(account(AccountType::Private, Some("0612345678"), None), None).await;
    assert!(matches!(again, Err(StoreError::Conflict(_))));
    assert_eq!(store.count_accounts().await.expect("count"), 1, "the refused sign-up wrote nothing");
    let found = store.find_account_by_phone("0612345678").await.expect("find").expect("present");
    assert_eq!(found.account.account_id, a.account.account_id);
    assert!(store.find_account_by_email("nobody@souk.ma").await.expect("find").is_none());

    store
        .set_notification_preferences(
            a.account.account_id,
            NotificationPreferences {
                newsletter_notifications_enabled: true,
                chat_notifications_enabled: false,
                ..Default::default()
            },
        )
        .await
        .expect("prefs");
    let p = store.find_account(a.account.account_id).await.expect("find").expect("present").preferences;
    assert!(p.newsletter_notifications_enabled && p.chat_notifications_enabled, "chat stays on");
    store.update_account_info(a.account.account_id, "Salma I.".into(), 2, Some("Rue 1".into())).await.expect("update");
    let after = store.find_account(a.account.account_id).await.expect("find").expect("present");
    assert_eq!(
        (after.account.name.as_str(), after.account.city_id, after.address.as_deref()),
        ("Salma I.", 2, Some("Rue 1"))
    );
    store.shutdown().await;
}

#[tokio::test]
async fn a_shop_gets_its_store_and_a_lead_to_call() {
    let store = fresh("shop");
    let shop = store
        .create_account(
            account(AccountType::Shop, Some("0522123456"), Some("contact@atlas.ma")),
            Some(NewShop { plan: "premium".into(), call_before: 1_700_086_400 }),
        )
        .await
        .expect("create");
    assert_eq!(shop.roles, vec![Role::StoreOwner]);
    let store_id = shop.store_id.expect("a store");
    let s = store.find_store(store_id).await.expect("find").expect("present");
    assert_eq!(
        (s.account_id, s.plan.as_str(), s.phones.clone()),
        (shop.account.account_id, "premium", vec!["0522123456".to_string()])
    );
    let leads = store.leads_to_call(10).await.expect("leads");
    assert_eq!(leads.len(), 1);
    assert_eq!(leads[0].call_before, 1_700_086_400);
    store
        .update_store(
            store_id,
            StoreEdit {
                name: "Atlas".into(),
                category_id: 1010,
                description_long: "Long".into(),
                description_short: "Court".into(),
                phones: vec!["0522123456".into(), "0661000000".into()],
                address: "Bd Zerktouni".into(),
                website: Some("https://atlas.ma".into()),
            },
        )
        .await
        .expect("edit");
    let s = store.find_store(store_id).await.expect("find").expect("present");
    assert_eq!((s.name.as_str(), s.phones.len(), s.website.as_deref()), ("Atlas", 2, Some("https://atlas.ma")));
    store.shutdown().await;
}

#[tokio::test]
async fn refresh_tokens_rotate_once_and_a_replay_revokes_the_family() {
    let store = fresh("refresh");
    let a = store.create_account(account(AccountType::Private, Some("0700000001"), None), None).await.expect("create");
    let id = a.account.account_id;
    store.insert_refresh_token(token("t1", id, 1_000)).await.expect("insert");
    let mut next = token("t2", id, 1_000);
    next.family_id = "ignored: the family is the old token's".into();
    assert_eq!(
        store.rotate_refresh_token("t1".into(), 10, next).await.expect("rotate"),
        RotateOutcome::Rotated { account_id: id, acting_admin_id: None, family_id: "family-of-t1".into() }
    );
    // Replaying t1 revokes the family: t2 is refused afterwards too.
    let replay = store.rotate_refresh_token("t1".into(), 11, token("t3", id, 1_000)).await.expect("replay");
    assert!(matches!(replay, RotateOutcome::Reused { family_id } if family_id == "family-of-t1"));
    assert_eq!(
        store.rotate_refresh_token("t2".into(), 12, token("t4", id, 1_000)).await.expect("t2"),
        RotateOutcome::Refused
    );
    assert_eq!(
        store.rotate_refresh_token("nope".into(), 12, token("t5", id, 1_000)).await.expect("unknown"),
        RotateOutcome::Refused
    );
    store.insert_refresh_token(token("old", id, 5)).await.expect("insert");
    assert_eq!(
        store.rotate_refresh_token("old".into(), 6, token("t6", id, 1_000)).await.expect("expired"),
        RotateOutcome::Refused
    );
    let mut acting = token("acting", id, 100);
    acting.acting_admin_id = Some(id);
    store.insert_refresh_token(acting).await.expect("insert");
    let rotated = store.rotate_refresh_token("acting".into(), 20, token("acting-2", id, 9_999)).await.expect("rotate");
    assert_eq!(
        rotated,
        RotateOutcome::Rotated { account_id: id, acting_admin_id: Some(id), family_id: "family-of-acting".into() }
    );
    assert_eq!(
        store.rotate_refresh_token("acting-2".into(), 150, token("acting-3", id, 9_999)).await.expect("rotate"),
        RotateOutcome::Refused,
        "an acting session ends at its first expiry however often it is refreshed"
    );
    store.insert_refresh_token(token("live", id, 1_000)).await.expect("insert");
    assert_eq!(
        store.revoke_refresh_family_of("live".into(), 7).await.expect("logout").as_deref(),
        Some("family-of-live")
    );
    assert_eq!(store.revoke_refresh_family_of("nope".into(), 7).await.expect("unknown"), None);
    assert_eq!(
        store.rotate_refresh_token("live".into(), 8, token("t7", id, 1_000)).await.expect("revoked"),
        RotateOutcome::Refused
    );
    store.shutdown().await;
}

#[tokio::test]
async fn audit_entries_are_kept_per_admin_newest_first() {
    let store = fresh("audit");
    let admin =
        store.create_account(account(AccountType::Private, Some("0600000009"), None), None).await.expect("admin");
    let user = store.create_account(account(AccountType::Private, Some("0600000008"), None), None).await.expect("user");
    for op in ["updateMyAccountInfo", "editUserPassword"] {
        store
            .append_audit(AuditEntry {
                admin_id: admin.account.account_id,
                account_id: user.account.account_id,
                at: 5,
                operation: op.into(),
                detail: "{}".into(),
            })
            .await
            .expect("audit");
    }
    let entries = store.audit_of_admin(admin.account.account_id, 10).await.expect("read");
    assert_eq!(
        entries.iter().map(|e| e.operation.as_str()).collect::<Vec<_>>(),
        vec!["editUserPassword", "updateMyAccountInfo"]
    );
    assert!(store.audit_of_admin(user.account.account_id, 10).await.expect("read").is_empty());
    store.shutdown().await;
}

#[tokio::test]
async fn ending_an_accounts_sessions_can_keep_one_family_and_revocations_keep_the_later_cut_off() {
    let store = fresh("revocations");
    let a = store.create_account(account(AccountType::Private, Some("0700000011"), None), None).await.expect("create");
    let id = a.account.account_id;
    for t in ["phone", "laptop", "tablet"] {
        store.insert_refresh_token(token(t, id, 1_000)).await.expect("insert");
    }
    let mut ended = store.revoke_refresh_tokens_of(id, 10, Some("family-of-laptop".into())).await.expect("others");
    ended.sort();
    assert_eq!(ended, vec!["family-of-phone".to_string(), "family-of-tablet".to_string()]);
    assert!(matches!(
        store.rotate_refresh_token("laptop".into(), 11, token("laptop-2", id, 1_000)).await.expect("kept"),
        RotateOutcome::Rotated { .. }
    ));
    assert_eq!(
        store.rotate_refresh_token("phone".into(), 11, token("p2", id, 1_000)).await.expect("ended"),
        RotateOutcome::Refused
    );

    let now = 2_000_000_000;
    let cut = |before: i64, until: i64| SessionRevocation {
        subject: "account:1".into(),
        issued_before: before,
        expires_at: until,
    };
    store.insert_session_revocations(vec![cut(now, now + 900)]).await.expect("first");
    store.insert_session_revocations(vec![cut(now - 50, now + 100)]).await.expect("older");
    let found = store.session_revocations_of(vec!["account:1".into(), "token:x".into()], now).await.expect("of");
    assert_eq!(found, vec![cut(now, now + 900)], "the later cut-off and expiry stay");
    assert!(store.session_revocations_of(vec!["account:1".into()], now + 900).await.expect("expired").is_empty());
    assert_eq!(store.live_session_revocations(now).await.expect("live").len(), 1);
    assert_eq!(store.session_revocations_since(0, now).await.expect("since").len(), 1);
    assert!(store.session_revocations_since(i64::MAX, now).await.expect("none since").is_empty());
    store.shutdown().await;
}
