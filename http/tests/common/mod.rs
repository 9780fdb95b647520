//! The test harness shared by the integration tests: a real server on a free port with a
//! fresh SQLite store and default settings (adjustable), asked over HTTP, and a Socket.IO
//! client over long-polling for the events it pushes.
#![allow(dead_code)]

pub mod chat;
pub mod redis;

use reqwest::StatusCode;
use serde_json::{Value, json};
use souk_domain::ad::{Ad, AdStatus};
use souk_http::config::{Overrides, Settings};
use souk_http::server;
use souk_storage::sqlite::SqliteStore;
use std::collections::BTreeMap;
use std::path::PathBuf;

pub struct TestServer {
    pub base: String,
    pub client: reqwest::Client,
    pub data_dir: PathBuf,
    pub store: SqliteStore,
    pub state: souk_http::state::AppState,
}

pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("souk-gw-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Starts a server with the default settings but a fresh data dir, a free port and the
/// given adjustments.
pub async fn start(name: &str, adjust: impl FnOnce(&mut Settings)) -> TestServer {
    let data_dir = temp_dir(name);
    let overrides = Overrides { data_dir: Some(data_dir.clone()), port: Some(1), ..Overrides::default() };
    let mut settings = Settings::load(&overrides).expect("settings");
    settings.server.port = 0;
    settings.server.workers = 1;
    settings.web.client_dir = data_dir.join("client");
    adjust(&mut settings);
    let store = server::open_store(&settings).expect("store");
    let ephemeral = server::open_ephemeral(&settings).await.expect("ephemeral");
    let state = server::build_state(settings, store.clone(), ephemeral).await.expect("state");
    let (srv, addr) = server::bind(state.clone()).expect("bind");
    actix_web::rt::spawn(srv);
    TestServer { base: format!("http://{addr}"), client: reqwest::Client::new(), data_dir, store, state }
}

/// A `souk serve` child process, killed (SIGKILL) on drop.
pub struct Node(pub std::process::Child);

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts the `souk` binary (`souk serve`) on a free loopback port with `data_dir`, one worker
/// and the extra environment `env`; answers it once `/healthz` answers, with its base URL.
pub async fn serve_process(data_dir: &std::path::Path, env: &[(&str, &str)]) -> (Node, String) {
    let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).expect("port");
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_souk"));
    command
        .args(["serve", "--port", &port.to_string(), "--data-dir"])
        .arg(data_dir)
        .env("SOUK_SERVER__WORKERS", "1")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    for (k, v) in env {
        command.env(k, v);
    }
    let node = Node(command.spawn().expect("souk serve"));
    let base = format!("http://127.0.0.1:{port}");
    for _ in 0..200 {
        if reqwest::get(format!("{base}/healthz")).await.is_ok_and(|r| r.status().is_success()) {
            return (node, base);
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("souk serve did not start on {base}");
}

/// The current time in unix seconds.
pub fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

/// An active ad for sale published, modified and in its status at `at`: no description,
/// price, parameters, photos or video; tests set what they need with `Ad { .., ..active_ad(..) }`.
pub fn active_ad(ad_id: &str, list_id: i64, owner: i64, category_id: u32, city_id: u32, title: &str, at: i64) -> Ad {
    Ad {
        ad_id: ad_id.into(),
        list_id,
        account_id: owner,
        category_id,
        ad_type: "sell".into(),
        title: title.into(),
        description: String::new(),
        price: None,
        city_id,
        area_id: None,
        params: BTreeMap::new(),
        status: AdStatus::Active,
        urgent: false,
        delivery: false,
        phone_hidden: false,
        images: vec![],
        published_at: at,
        modified_at: at,
        discount: None,
        video: None,
        state_time: at,
        edit_status: None,
        refusal_reason: None,
    }
}

/// The error code of a GraphQL answer's first error, or "none".
pub fn code(body: &Value) -> &str {
    body["errors"][0]["extensions"]["code"].as_str().unwrap_or("none")
}

impl TestServer {
    pub async fn gql(
        &self,
        path: &str,
        headers: &[(&str, &str)],
        query: &str,
        variables: Value,
    ) -> (StatusCode, Value) {
        let mut req =
            self.client.post(format!("{}{path}", self.base)).json(&json!({ "query": query, "variables": variables }));
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        let res = req.send().await.expect("request");
        let status = res.status();
        (status, res.json().await.expect("a JSON body"))
    }

    /// A GraphQL call to `/graphql` that must answer HTTP 200; answers the body.
    pub async fn gql_ok(&self, headers: &[(&str, &str)], query: &str, variables: Value) -> Value {
        let (status, body) = self.gql("/graphql", headers, query, variables).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body
    }

    /// `gql_ok` signed in with `token` (an `Authorization: Bearer` header) when there is one.
    pub async fn gql_as(&self, token: Option<&str>, headers: &[(&str, &str)], query: &str, variables: Value) -> Value {
        let auth = token.map(|t| format!("Bearer {t}"));
        let mut all = headers.to_vec();
        if let Some(a) = auth.as_deref() {
            all.push(("Authorization", a));
        }
        self.gql_ok(&all, query, variables).await
    }

    /// A GET of `path` that does not follow redirects; answers (status, Location, body).
    pub async fn get_no_redirect(&self, path: &str) -> (StatusCode, String, String) {
        let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("client");
        let res = client.get(format!("{}{path}", self.base)).send().await.expect("get");
        let status = res.status();
        let location = res.headers().get("location").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
        (status, location, res.text().await.unwrap_or_default())
    }

    pub async fn raw(&self, path: &str, headers: &[(&str, &str)], body: Vec<u8>) -> (StatusCode, Value) {
        let mut req =
            self.client.post(format!("{}{path}", self.base)).body(body).header("content-type", "application/json");
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        let res = req.send().await.expect("request");
        let status = res.status();
        (status, res.json().await.unwrap_or(Value::Null))
    }
}
