//! The SQLite writer when the database is full (issue 27): SQLite then rolls back the whole
//! group transaction by itself, so every write of the group must be told it failed — with the
//! cause, "database or disk is full" — and the writes after it must go into a new transaction.
//! The property checked: the writes answered Ok are exactly the rows stored. The database is
//! made full for real with `max_page_count`.

use futures_util::future::join_all;
use souk_storage::sqlite::SqliteStore;
use std::collections::BTreeSet;

fn fresh(name: &str) -> SqliteStore {
    let dir = std::env::temp_dir().join(format!("souk-full-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    SqliteStore::open(dir.join("souk.db"), 2).expect("open")
}

#[tokio::test]
async fn writes_answered_ok_are_exactly_the_rows_stored_when_the_database_fills_up() {
    let store = fresh("groups");
    store
        .write(|c| {
            c.execute_batch("CREATE TABLE filled (id INTEGER PRIMARY KEY, x BLOB)")?;
            let pages: i64 = c.query_row("PRAGMA page_count", [], |r| r.get(0))?;
            c.pragma_update(None, "max_page_count", pages + 40)?;
            Ok(())
        })
        .await
        .expect("cap");
    // Many writes at once (the writer groups them), far more than 40 pages of them.
    let writes = (0..400_i64).map(|id| {
        let store = store.clone();
        async move {
            let outcome =
                store.write(move |c| Ok(c.execute("INSERT INTO filled VALUES (?1, zeroblob(3000))", [id])?)).await;
            (id, outcome)
        }
    });
    let outcomes = join_all(writes).await;
    let answered_ok: BTreeSet<i64> = outcomes.iter().filter(|(_, o)| o.is_ok()).map(|(id, _)| *id).collect();
    let failures: Vec<String> =
        outcomes.iter().filter_map(|(_, o)| o.as_ref().err().map(ToString::to_string)).collect();
    assert!(!failures.is_empty(), "the database never filled up: the test proves nothing");
    for failure in &failures {
        assert!(failure.contains("database or disk is full"), "a failure without its cause: {failure}");
    }
    let stored: BTreeSet<i64> = store
        .read(|c| {
            let mut q = c.prepare("SELECT id FROM filled")?;
            let ids = q.query_map([], |r| r.get(0))?.collect::<Result<BTreeSet<i64>, _>>()?;
            Ok(ids)
        })
        .await
        .expect("read");
    assert_eq!(answered_ok, stored, "answered Ok but not stored, or refused but stored");
    // Room again: writes work without a restart.
    store
        .write(|c| {
            c.pragma_update(None, "max_page_count", 1_073_741_823_i64)?;
            Ok(())
        })
        .await
        .expect("room");
    store
        .write(|c| Ok(c.execute("INSERT INTO filled VALUES (100000, zeroblob(3000))", [])?))
        .await
        .expect("a write after");
    store.shutdown().await;
}
