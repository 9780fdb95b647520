//! The `souk` binary as an operator uses it: settings errors that name the setting,
//! `migrate`, `seed` without `--demo`, and a served process that stops cleanly on SIGTERM.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn souk() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_souk"));
    // The tests choose every setting they depend on.
    for (k, _) in std::env::vars().filter(|(k, _)| k.starts_with("SOUK_")) {
        c.env_remove(k);
    }
    c
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("souk-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).expect("a free port")
}

fn http_get(port: u16, path: &str) -> Option<String> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(2))).ok()?;
    write!(s, "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").ok()?;
    let mut out = String::new();
    s.read_to_string(&mut out).ok()?;
    Some(out)
}

#[test]
fn a_wrong_setting_stops_start_up_and_names_it() {
    let dir = temp_dir("bad-env");
    let out =
        souk().args(["serve", "--data-dir"]).arg(&dir).env("SOUK_SERVER__PORT", "eighty").output().expect("run souk");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("server.port"), "{err}");

    let file = dir.join("souk.toml");
    std::fs::write(&file, "[ephemeral]\nbakend = \"redis\"\n").expect("write");
    let out = souk().args(["migrate", "--config"]).arg(&file).arg("--data-dir").arg(&dir).output().expect("run souk");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bakend"), "{err}");
    assert!(!dir.join("souk.db").exists(), "nothing is created when the settings are wrong");
}

#[test]
fn migrate_creates_the_database_and_seed_needs_demo() {
    let dir = temp_dir("migrate");
    let out = souk().arg("migrate").arg("--data-dir").arg(&dir).output().expect("run souk");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(dir.join("souk.db").is_file());
    let out = souk().arg("seed").arg("--data-dir").arg(&dir).output().expect("run souk");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--demo"));
}

#[test]
fn serve_answers_then_stops_cleanly_on_sigterm() {
    let dir = temp_dir("serve");
    let port = free_port();
    let mut child = souk()
        .args(["serve", "--port", &port.to_string(), "--data-dir"])
        .arg(&dir)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start souk");
    let started = Instant::now();
    let mut health = None;
    while started.elapsed() < Duration::from_secs(30) {
        health = http_get(port, "/healthz").filter(|r| r.starts_with("HTTP/1.1 200"));
        if health.is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(health.is_some(), "souk did not answer /healthz");
    let ready = http_get(port, "/readyz").unwrap_or_default();
    assert!(ready.starts_with("HTTP/1.1 200"), "{ready}");

    let killed = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().expect("kill");
    assert!(killed.success());
    let deadline = Instant::now() + Duration::from_secs(20);
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break s;
        }
        assert!(Instant::now() < deadline, "souk did not stop within 20 s of SIGTERM");
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut err = String::new();
    child.stderr.take().expect("stderr").read_to_string(&mut err).expect("read");
    assert!(status.success(), "exit {status:?}: {err}");
    assert!(err.contains("flushing the store"), "{err}");
    assert!(http_get(port, "/healthz").is_none(), "the port is closed");
}

#[test]
fn admin_grant_and_revoke_name_the_account() {
    let dir = temp_dir("admin");
    let seeded = souk().args(["seed", "--demo", "--ads", "40", "--data-dir"]).arg(&dir).output().expect("seed");
    assert!(seeded.status.success(), "{}", String::from_utf8_lossy(&seeded.stderr));
    let login = String::from_utf8_lossy(&seeded.stderr)
        .lines()
        .find(|l| l.trim_start().starts_with("private"))
        .and_then(|l| l.split_whitespace().find(|w| w.starts_with("06") || w.starts_with("07")).map(str::to_string))
        .expect("a demo phone login is printed");
    let granted = souk().args(["admin", "grant", &login, "--data-dir"]).arg(&dir).output().expect("grant");
    assert!(granted.status.success(), "{}", String::from_utf8_lossy(&granted.stderr));
    assert!(String::from_utf8_lossy(&granted.stderr).contains("is now an admin"));
    let revoked = souk().args(["admin", "revoke", &login, "--data-dir"]).arg(&dir).output().expect("revoke");
    assert!(String::from_utf8_lossy(&revoked.stderr).contains("is no longer an admin"));
    let unknown = souk().args(["admin", "grant", "0799999990", "--data-dir"]).arg(&dir).output().expect("unknown");
    assert!(!unknown.status.success());
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("no account with 0799999990"));
}

#[actix_web::test]
async fn seed_search_ads_adds_active_ads_then_analyzes_the_listing() {
    let dir = temp_dir("seed-search");
    let out = souk()
        .args(["seed", "--demo", "--ads", "60", "--search-ads", "400", "--data-dir"])
        .arg(&dir)
        .output()
        .expect("run souk");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("demo: 400 search ads from"), "{err}");
    let store = souk_storage::sqlite::SqliteStore::open(dir.join("souk.db"), 1).expect("open the seeded store");
    let listed = souk_storage::search::SearchStore::active_count(&store).await.expect("count");
    assert!((400..=460).contains(&listed), "400 search ads plus the demo's active ones: {listed}");
    let (cities, analyzed): (i64, i64) = store
        .read(|c| {
            let cities = c.query_row("SELECT count(DISTINCT city_id) FROM search_listing", [], |r| r.get(0))?;
            let analyzed =
                c.query_row("SELECT count(*) FROM sqlite_stat1 WHERE tbl = 'search_listing'", [], |r| r.get(0))?;
            Ok((cities, analyzed))
        })
        .await
        .expect("read");
    assert!(cities >= 20, "spread over the cities: {cities}");
    assert!(analyzed > 0, "ANALYZE ran on the listing");
    store.shutdown().await;
}
