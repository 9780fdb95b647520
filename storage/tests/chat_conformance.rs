//! Conformance suite of [`ChatStore`]: every backend must pass `run_all`. It runs here on SQLite
//! (a fresh file per run) and on ScyllaDB when `SCYLLA_URI` names a cluster (a fresh keyspace per
//! run, dropped afterwards); without it the run says plainly that ScyllaDB was skipped. Account ids
//! are plain numbers: the chat store does not read the accounts.

use souk_storage::StoreError;
use souk_storage::chat::{ChatAd, ChatStore, NewMessage, Starter, StoredAttachment, VISITOR_SENDER, message_millis};
use souk_storage::sqlite::SqliteStore;
use std::path::PathBuf;
use std::sync::Arc;

#[path = "support/scylla.rs"]
mod scylla_support;

const SELLER: i64 = 10;
const BUYER: i64 = 20;
const OTHER_BUYER: i64 = 30;
const OUTSIDER: i64 = 40;

fn ad(list_id: i64) -> ChatAd {
    ChatAd {
        ad_id: format!("ad-{list_id}"),
        list_id,
        account_id: SELLER,
        title: format!("Annonce {list_id}"),
        image: Some("ads/1/a.jpg".into()),
        status: "active".into(),
    }
}

fn text(conversation_id: &str, sender: i64, client: &str, body: &str) -> NewMessage {
    NewMessage {
        conversation_id: conversation_id.into(),
        sender_id: sender,
        client_message_id: client.into(),
        text: Some(body.into()),
        attachment: None,
        preview: body.into(),
    }
}

pub async fn run_all(store: &dyn ChatStore) {
    opening_is_idempotent_per_buyer_and_ad(store).await;
    append_is_durable_ordered_and_idempotent(store).await;
    a_group_of_appends_answers_each_alone(store).await;
    history_pages_newest_first(store).await;
    unread_and_read_receipts(store).await;
    blocking_is_per_party(store).await;
    delete_is_for_oneself(store).await;
    sync_returns_only_what_was_missed(store).await;
    outsiders_see_nothing(store).await;
    visitor_conversations_reach_the_seller(store).await;
}

async fn opening_is_idempotent_per_buyer_and_ad(store: &dyn ChatStore) {
    let (c, created) = store.open_conversation(ad(1), Starter::Account(BUYER)).await.unwrap();
    assert!(created);
    assert_eq!((c.buyer_id, c.seller_id, c.list_id), (Some(BUYER), SELLER, 1));
    assert_eq!(c.ad_title, "Annonce 1");
    assert!(message_millis(&c.conversation_id).is_some(), "conversation ids are UUIDv7");
    let (again, created) = store.open_conversation(ad(1), Starter::Account(BUYER)).await.unwrap();
    assert!(!created);
    assert_eq!(again.conversation_id, c.conversation_id);
    let (other, created) = store.open_conversation(ad(1), Starter::Account(OTHER_BUYER)).await.unwrap();
    assert!(created);
    assert_ne!(other.conversation_id, c.conversation_id);
    assert_eq!(store.conversation(&c.conversation_id).await.unwrap(), Some(c.clone()));
    // The seller sees nothing until the first message.
    assert!(store.conversations_of(SELLER, 50).await.unwrap().iter().all(|v| v.conversation.list_id != 1));
}

async fn append_is_durable_ordered_and_idempotent(store: &dyn ChatStore) {
    let (c, _) = store.open_conversation(ad(2), Starter::Account(BUYER)).await.unwrap();
    let first = store.append_message(text(&c.conversation_id, BUYER, "b-2-1", "Bonjour")).await.unwrap();
    assert!(!first.duplicate);
    let second = store.append_message(text(&c.conversation_id, SELLER, "s-2-1", "Oui ?")).await.unwrap();
    assert!(second.message.message_id > first.message.message_id, "ids grow with time");
    assert!(second.message.sent_at >= first.message.sent_at);
    let retry = store.append_message(text(&c.conversation_id, BUYER, "b-2-1", "Bonjour (retry)")).await.unwrap();
    assert!(retry.duplicate);
    assert_eq!(retry.message, first.message);
    let all = store.messages(&c.conversation_id, BUYER, None, 50).await.unwrap();
    assert_eq!(all.len(), 2, "a retry stores nothing");
    // The same client id in another conversation of the same sender is refused.
    let (c3, _) = store.open_conversation(ad(3), Starter::Account(BUYER)).await.unwrap();
    let clash = store.append_message(text(&c3.conversation_id, BUYER, "b-2-1", "x")).await;
    assert!(matches!(clash, Err(StoreError::Conflict(_))), "{clash:?}");
    // Attachments round-trip.
    let attachment = StoredAttachment {
        key: "chat/x/y.pdf".into(),
        name: "devis.pdf".into(),
        content_type: "application/pdf".into(),
        size: 1234,
    };
    let with_file = NewMessage {
        text: None,
        attachment: Some(attachment.clone()),
        ..text(&c.conversation_id, SELLER, "s-2-2", "📎 devis.pdf")
    };
    let stored = store.append_message(with_file).await.unwrap();
    let newest = store.messages(&c.conversation_id, SELLER, None, 1).await.unwrap();
    assert_eq!(newest, vec![stored.message.clone()]);
    assert_eq!(newest[0].attachment.as_ref(), Some(&attachment));
    let list = store.conversations_of(BUYER, 50).await.unwrap();
    assert_eq!(list[0].conversation.conversation_id, c.conversation_id, "most recent activity first");
    assert_eq!(list[0].last_preview.as_deref(), Some("📎 devis.pdf"));
    assert_eq!(list[0].last_sender_id, Some(SELLER));
}

async fn a_group_of_appends_answers_each_alone(store: &dyn ChatStore) {
    let (c, _) = store.open_conversation(ad(50), Starter::Account(BUYER)).await.unwrap();
    let (elsewhere, _) = store.open_conversation(ad(51), Starter::Account(BUYER)).await.unwrap();
    store.append_message(text(&elsewhere.conversation_id, BUYER, "g-used", "ailleurs")).await.unwrap();
    let id = &c.conversation_id;
    let answers = store
        .append_messages(vec![
            text(id, BUYER, "g-1", "un"),
            text(id, BUYER, "g-used", "refusé : id déjà pris ailleurs"),
            text(id, SELLER, "g-2", "deux"),
            text(id, BUYER, "g-1", "un (retry in the same group)"),
        ])
        .await
        .unwrap();
    assert_eq!(answers.len(), 4);
    let first = answers[0].as_ref().unwrap();
    assert!(!first.duplicate);
    assert!(matches!(answers[1], Err(StoreError::Conflict(_))), "{:?}", answers[1]);
    let second = answers[2].as_ref().unwrap();
    assert!(second.message.message_id > first.message.message_id, "stored in the group's order");
    let retry = answers[3].as_ref().unwrap();
    assert!(retry.duplicate);
    assert_eq!(retry.message, first.message);
    let stored = store.messages(id, BUYER, None, 50).await.unwrap();
    let texts: Vec<_> = stored.iter().rev().map(|m| m.text.clone().unwrap_or_default()).collect();
    assert_eq!(texts, ["un", "deux"], "the refused one and the retry store nothing");
    let buyer_row = store.view(id, BUYER).await.unwrap().unwrap();
    assert_eq!(buyer_row.unread, 1, "the buyer has the seller's message unread, counted once");
    assert_eq!(buyer_row.last_preview.as_deref(), Some("deux"));
    let seller_row = store.view(id, SELLER).await.unwrap().unwrap();
    assert_eq!(seller_row.unread, 0, "the seller's own message reads everything before it");
    assert_eq!(seller_row.read_upto.as_deref(), Some(second.message.message_id.as_str()));
    // A group from one side only adds to the other's unread count, one per message.
    let answers =
        store.append_messages(vec![text(id, BUYER, "g-3", "trois"), text(id, BUYER, "g-4", "quatre")]).await.unwrap();
    assert!(answers.iter().all(Result::is_ok), "{answers:?}");
    let seller_row = store.view(id, SELLER).await.unwrap().unwrap();
    assert_eq!(seller_row.unread, 2);
    assert_eq!(seller_row.read_upto.as_deref(), Some(second.message.message_id.as_str()), "unchanged");
    assert_eq!(seller_row.last_preview.as_deref(), Some("quatre"));
    assert_eq!(store.view(id, BUYER).await.unwrap().unwrap().unread, 0);
}

async fn history_pages_newest_first(store: &dyn ChatStore) {
    let (c, _) = store.open_conversation(ad(4), Starter::Account(BUYER)).await.unwrap();
    let mut ids = Vec::new();
    for i in 0..7 {
        let sender = if i % 2 == 0 { BUYER } else { SELLER };
        let m = store.append_message(text(&c.conversation_id, sender, &format!("h4-{i}"), &format!("m{i}"))).await;
        ids.push(m.unwrap().message.message_id);
    }
    let page1 = store.messages(&c.conversation_id, BUYER, None, 3).await.unwrap();
    assert_eq!(page1.iter().map(|m| m.text.clone().unwrap()).collect::<Vec<_>>(), ["m6", "m5", "m4"]);
    let page2 = store.messages(&c.conversation_id, BUYER, Some(&page1[2].message_id), 3).await.unwrap();
    assert_eq!(page2.iter().map(|m| m.text.clone().unwrap()).collect::<Vec<_>>(), ["m3", "m2", "m1"]);
    let page3 = store.messages(&c.conversation_id, SELLER, Some(&page2[2].message_id), 3).await.unwrap();
    assert_eq!(page3.len(), 1);
    assert_eq!(page3[0].message_id, ids[0]);
    assert!(store.messages(&c.conversation_id, BUYER, Some("not-an-id"), 3).await.unwrap().is_empty());
}

async fn unread_and_read_receipts(store: &dyn ChatStore) {
    let (c, _) = store.open_conversation(ad(5), Starter::Account(OTHER_BUYER)).await.unwrap();
    let before_total = store.unread_total(SELLER).await.unwrap();
    let a = store.append_message(text(&c.conversation_id, OTHER_BUYER, "u5-1", "un")).await.unwrap();
    let b = store.append_message(text(&c.conversation_id, OTHER_BUYER, "u5-2", "deux")).await.unwrap();
    let seller = store.view(&c.conversation_id, SELLER).await.unwrap().unwrap();
    assert_eq!(seller.unread, 2);
    assert_eq!(store.unread_total(SELLER).await.unwrap(), before_total + 2);
    assert_eq!(store.view(&c.conversation_id, OTHER_BUYER).await.unwrap().unwrap().unread, 0, "own messages are read");
    let after_first = store.mark_read(&c.conversation_id, SELLER, &a.message.message_id).await.unwrap().unwrap();
    assert_eq!(after_first.unread, 1);
    let after_all = store.mark_read(&c.conversation_id, SELLER, &b.message.message_id).await.unwrap().unwrap();
    assert_eq!(after_all.unread, 0);
    // Never backwards.
    let again = store.mark_read(&c.conversation_id, SELLER, &a.message.message_id).await.unwrap().unwrap();
    assert_eq!(again.read_upto.as_deref(), Some(b.message.message_id.as_str()));
    let buyer = store.view(&c.conversation_id, OTHER_BUYER).await.unwrap().unwrap();
    assert_eq!(buyer.other_read_upto.as_deref(), Some(b.message.message_id.as_str()), "read receipt");
    assert_eq!(store.unread_total(SELLER).await.unwrap(), before_total);
    assert_eq!(
        store.mark_read(&c.conversation_id, SELLER, "0190a0a0-0000-7000-8000-000000000000").await.unwrap(),
        None
    );
}

async fn blocking_is_per_party(store: &dyn ChatStore) {
    let (c, _) = store.open_conversation(ad(6), Starter::Account(BUYER)).await.unwrap();
    let blocked = store.set_blocked(&c.conversation_id, SELLER, true).await.unwrap().unwrap();
    assert!(blocked.is_blocked() && blocked.blocked_by(SELLER) && !blocked.blocked_by(BUYER));
    // The blocked party cannot lift it.
    let still = store.set_blocked(&c.conversation_id, BUYER, false).await.unwrap().unwrap();
    assert!(still.is_blocked());
    let lifted = store.set_blocked(&c.conversation_id, SELLER, false).await.unwrap().unwrap();
    assert!(!lifted.is_blocked());
    assert_eq!(store.set_blocked(&c.conversation_id, OUTSIDER, true).await.unwrap(), None);
    assert!(!store.conversation(&c.conversation_id).await.unwrap().unwrap().is_blocked());
}

async fn delete_is_for_oneself(store: &dyn ChatStore) {
    let (c, _) = store.open_conversation(ad(7), Starter::Account(BUYER)).await.unwrap();
    store.append_message(text(&c.conversation_id, BUYER, "d7-1", "avant")).await.unwrap();
    assert!(store.delete_for(&c.conversation_id, BUYER).await.unwrap());
    let listed = |v: Vec<souk_storage::chat::ConversationView>| v.iter().any(|v| v.conversation.list_id == 7);
    assert!(!listed(store.conversations_of(BUYER, 50).await.unwrap()));
    assert!(listed(store.conversations_of(SELLER, 50).await.unwrap()), "the other party keeps it");
    assert!(store.messages(&c.conversation_id, BUYER, None, 50).await.unwrap().is_empty());
    assert_eq!(store.messages(&c.conversation_id, SELLER, None, 50).await.unwrap().len(), 1);
    store.append_message(text(&c.conversation_id, SELLER, "d7-2", "après")).await.unwrap();
    assert!(listed(store.conversations_of(BUYER, 50).await.unwrap()), "a new message brings it back");
    let visible = store.messages(&c.conversation_id, BUYER, None, 50).await.unwrap();
    assert_eq!(visible.iter().map(|m| m.text.clone().unwrap()).collect::<Vec<_>>(), ["après"]);
    assert!(!store.delete_for(&c.conversation_id, OUTSIDER).await.unwrap());
}

async fn sync_returns_only_what_was_missed(store: &dyn ChatStore) {
    let (c, _) = store.open_conversation(ad(8), Starter::Account(BUYER)).await.unwrap();
    let seen = store.append_message(text(&c.conversation_id, BUYER, "s8-1", "vu")).await.unwrap().message;
    let m1 = store.append_message(text(&c.conversation_id, SELLER, "s8-2", "manqué 1")).await.unwrap().message;
    let (c9, _) = store.open_conversation(ad(9), Starter::Account(BUYER)).await.unwrap();
    let m2 = store.append_message(text(&c9.conversation_id, SELLER, "s9-1", "manqué 2")).await.unwrap().message;
    let (c10, _) = store.open_conversation(ad(10), Starter::Account(OTHER_BUYER)).await.unwrap();
    store.append_message(text(&c10.conversation_id, SELLER, "s10-1", "pas pour toi")).await.unwrap();
    let missed = store.messages_since(BUYER, &seen.message_id, 100).await.unwrap();
    assert_eq!(missed, vec![m1.clone(), m2.clone()], "oldest first, only the buyer's conversations");
    assert_eq!(store.messages_since(BUYER, &m2.message_id, 100).await.unwrap(), vec![]);
    assert_eq!(store.messages_since(BUYER, &seen.message_id, 1).await.unwrap(), vec![m1]);
    assert!(store.messages_since(BUYER, "garbage", 100).await.unwrap().is_empty());
}

async fn outsiders_see_nothing(store: &dyn ChatStore) {
    let (c, _) = store.open_conversation(ad(11), Starter::Account(BUYER)).await.unwrap();
    let m = store.append_message(text(&c.conversation_id, BUYER, "o11-1", "privé")).await.unwrap().message;
    assert!(store.messages(&c.conversation_id, OUTSIDER, None, 50).await.unwrap().is_empty());
    assert_eq!(store.view(&c.conversation_id, OUTSIDER).await.unwrap(), None);
    assert_eq!(store.mark_read(&c.conversation_id, OUTSIDER, &m.message_id).await.unwrap(), None);
    assert!(store.conversations_of(OUTSIDER, 50).await.unwrap().is_empty());
    assert_eq!(store.unread_total(OUTSIDER).await.unwrap(), 0);
    assert!(store.messages_since(OUTSIDER, &c.conversation_id, 50).await.unwrap().is_empty());
}

async fn visitor_conversations_reach_the_seller(store: &dyn ChatStore) {
    let visitor = Starter::Visitor { email: "visiteur@example.ma".into() };
    let (c, created) = store.open_conversation(ad(12), visitor.clone()).await.unwrap();
    assert!(created);
    assert_eq!((c.buyer_id, c.visitor_email.as_deref()), (None, Some("visiteur@example.ma")));
    assert_eq!(c.other_party(SELLER), None);
    let (same, created) = store.open_conversation(ad(12), visitor).await.unwrap();
    assert!(!created && same.conversation_id == c.conversation_id);
    store.append_message(text(&c.conversation_id, VISITOR_SENDER, "visitor-1", "Je suis intéressé")).await.unwrap();
    let view = store.view(&c.conversation_id, SELLER).await.unwrap().unwrap();
    assert_eq!(view.unread, 1);
    assert_eq!(view.last_sender_id, Some(VISITOR_SENDER));
}

fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("souk-chat-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join("souk.db")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_backend_conforms() {
    let store = SqliteStore::open(temp_db("conformance"), 2).expect("open");
    run_all(&store).await;
    store.shutdown().await;
}

#[tokio::test]
async fn sqlite_finds_the_ad_of_a_list_id() {
    let store = SqliteStore::open(temp_db("ad"), 1).expect("open");
    store
        .write(|c| {
            c.execute_batch(
                "INSERT INTO accounts (account_id, uuid, account_type, name, city_id, password_hash, registered_at)
                   SELECT 7, 'u-7', 'private', 'Salma', id, 'x', 0 FROM cities LIMIT 1;
                 INSERT INTO ads (ad_id, list_id, account_id, category_id, ad_type, title, description, city_id,
                                  params, status, urgent, delivery, phone_hidden, images, published_at, modified_at,
                                  rank_time)
                   SELECT 'ad-x', 555, 7, (SELECT id FROM categories LIMIT 1), 'sell', 'Vélo', 'Bon état', id,
                          '{}', 'active', 0, 0, 0, '[\"ads/7/1.jpg\",\"ads/7/2.jpg\"]', 0, 0, 0
                   FROM cities LIMIT 1;",
            )?;
            Ok(())
        })
        .await
        .expect("seed");
    let found = store.find_chat_ad(555).await.unwrap().unwrap();
    assert_eq!((found.ad_id.as_str(), found.account_id, found.title.as_str()), ("ad-x", 7, "Vélo"));
    assert_eq!(found.image.as_deref(), Some("ads/7/1.jpg"));
    assert_eq!(store.find_chat_ad(556).await.unwrap(), None);
    store.shutdown().await;
}

/// Messages stored before migration 19, with their ids as text, read the same after it: the
/// history, a retried send answered with the stored message, a client id refused in another
/// conversation, and the catch-up after a message id.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_messages_stored_as_text_survive_the_compact_ids_migration() {
    let path = temp_db("compact-ids");
    let store = SqliteStore::open(&path, 1).expect("open");
    let (c, _) = store.open_conversation(ad(1), Starter::Account(BUYER)).await.unwrap();
    let (other, _) = store.open_conversation(ad(2), Starter::Account(BUYER)).await.unwrap();
    let first = store.append_message(text(&c.conversation_id, BUYER, "b-1", "Salam")).await.unwrap().message;
    let second = store.append_message(text(&c.conversation_id, SELLER, "s-1", "Bonjour")).await.unwrap().message;
    store.shutdown().await;

    // Back to the shape of migration 6: the same rows with their ids as text.
    let text_id = |column: &str| {
        format!(
            "lower(substr(hex({column}), 1, 8) || '-' || substr(hex({column}), 9, 4) || '-' || substr(hex({column}), 13, 4)
             || '-' || substr(hex({column}), 17, 4) || '-' || substr(hex({column}), 21))"
        )
    };
    let raw = rusqlite::Connection::open(&path).unwrap();
    raw.execute_batch(&format!(
        "CREATE TABLE m (conversation_id TEXT NOT NULL, bucket INTEGER NOT NULL, message_id TEXT NOT NULL,
             sender_id INTEGER NOT NULL, client_message_id TEXT NOT NULL, body TEXT, attachment TEXT,
             PRIMARY KEY (conversation_id, bucket, message_id)) WITHOUT ROWID;
         INSERT INTO m SELECT {}, bucket, {}, sender_id, client_message_id, body, attachment FROM chat_messages;
         DROP TABLE chat_messages; ALTER TABLE m RENAME TO chat_messages;
         CREATE TABLE k (sender_id INTEGER NOT NULL, client_message_id TEXT NOT NULL, conversation_id TEXT NOT NULL,
             message_id TEXT NOT NULL, PRIMARY KEY (sender_id, client_message_id)) WITHOUT ROWID;
         INSERT INTO k SELECT sender_id, client_message_id, {}, {} FROM chat_client_ids;
         DROP TABLE chat_client_ids; ALTER TABLE k RENAME TO chat_client_ids;
         DELETE FROM schema_migrations WHERE version = 19;",
        text_id("conversation_id"),
        text_id("message_id"),
        text_id("conversation_id"),
        text_id("message_id"),
    ))
    .unwrap();
    let stored: String = raw.query_row("SELECT message_id FROM chat_messages LIMIT 1", [], |r| r.get(0)).unwrap();
    assert_eq!(stored.len(), 36, "the rows are back to text ids before the migration");
    drop(raw);

    let store = SqliteStore::open(&path, 1).expect("reopen: migration 19 runs");
    let history = store.messages(&c.conversation_id, BUYER, None, 10).await.unwrap();
    assert_eq!(history, vec![second.clone(), first.clone()]);
    let retried = store.append_message(text(&c.conversation_id, BUYER, "b-1", "Salam")).await.unwrap();
    assert!(retried.duplicate);
    assert_eq!(retried.message, first);
    let refused = store.append_message(text(&other.conversation_id, BUYER, "b-1", "Salam")).await;
    assert!(matches!(refused, Err(StoreError::Conflict(_))), "{refused:?}");
    let missed = store.messages_since(BUYER, &first.message_id, 10).await.unwrap();
    assert_eq!(missed, vec![second.clone()]);
    let older = store.messages(&c.conversation_id, BUYER, Some(&second.message_id), 10).await.unwrap();
    assert_eq!(older, vec![first]);
    store.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn scylla_backend_conforms() {
    let millis = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis();
    let keyspace = format!("souk_test_chat_{millis}");
    let Some((session, keyspace)) = scylla_support::session("chat conformance", &keyspace).await else { return };
    let ads = SqliteStore::open(temp_db("scylla-ads"), 1).expect("open");
    let store = souk_storage::scylla::chat::ScyllaChatStore::new(session.clone(), &keyspace, Arc::new(ads.clone()))
        .await
        .expect("prepare");
    run_all(&store).await;
    session.query_unpaged(format!("DROP KEYSPACE {keyspace}"), &[]).await.expect("drop the test keyspace");
    ads.shutdown().await;
}
