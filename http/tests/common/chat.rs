//! What the chat tests share: GraphQL calls with a bearer token, signing up private and shop
//! accounts, ads written straight into the database in a chosen status, and a bare Engine.IO
//! long-polling client.

use serde_json::{Value, json};
use souk_storage::sqlite::SqliteStore;
use std::time::Duration;

pub const REGISTER: &str =
    "mutation($i: RegisterAccountInput!) { registerAccount(input: $i) { login { accessToken } info { id } } }";

pub async fn call(base: &str, token: Option<&str>, query: &str, variables: Value) -> Value {
    let mut req =
        reqwest::Client::new().post(format!("{base}/graphql")).json(&json!({ "query": query, "variables": variables }));
    if let Some(t) = token {
        req = req.header("Authorization", format!("Bearer {t}"));
    }
    req.send().await.expect("request").json().await.expect("json")
}

/// Registers an account; answers (token, account id).
pub async fn sign_up(base: &str, input: Value) -> (String, i64) {
    let body = call(base, None, REGISTER, json!({ "i": input })).await;
    let p = &body["data"]["registerAccount"];
    (p["login"]["accessToken"].as_str().expect("token").to_owned(), p["info"]["id"].as_i64().expect("id"))
}

pub fn private(phone: &str) -> Value {
    json!({ "type": "private", "name": "Youssef Alami", "phone": phone, "cityId": 1, "password": "secret1", "passwordConfirmation": "secret1" })
}

pub fn shop(email: &str, phone: &str) -> Value {
    json!({ "type": "shop", "name": "Auto Atlas", "email": email, "phone": phone, "cityId": 1, "password": "secret1", "shopCategory": 2010, "plan": "premium" })
}

/// Writes an active ad of `seller` with `list_id` straight into the shared database.
pub async fn insert_ad(store: &SqliteStore, seller: i64, list_id: i64) {
    insert_ad_in(store, seller, list_id, "active").await;
}

/// Writes an ad of `seller` with `list_id` in `status` (the stored name: `active`,
/// `pending_review` ...) straight into the shared database.
pub async fn insert_ad_in(store: &SqliteStore, seller: i64, list_id: i64, status: &'static str) {
    store
        .write(move |c| {
            c.execute(
                "INSERT INTO ads (ad_id, list_id, account_id, category_id, ad_type, title, description, city_id,
                                  params, status, urgent, delivery, phone_hidden, images, published_at, modified_at,
                                  rank_time)
                 VALUES (?1, ?2, ?3, 2010, 'sell', 'Dacia Logan 2019', 'Très bon état', 1, '{}', ?4, 0, 0, 0,
                         '[]', 0, 0, 0)",
                (format!("ad-{list_id}"), list_id, seller, status),
            )?;
            Ok(())
        })
        .await
        .expect("ad");
}

/// Changes the status of the ad `list_id` in the database.
pub async fn set_ad_status(store: &SqliteStore, list_id: i64, status: &'static str) {
    store
        .write(move |c| {
            c.execute("UPDATE ads SET status = ?2 WHERE list_id = ?1", (list_id, status))?;
            Ok(())
        })
        .await
        .expect("status");
}

/// An Engine.IO long-polling client speaking just enough Socket.IO for these tests.
pub struct PollingClient {
    url: String,
    http: reqwest::Client,
}

impl PollingClient {
    /// Opens a session and joins `/` with `token`; answers the client and the CONNECT reply.
    pub async fn connect(base: &str, token: &str) -> (PollingClient, String) {
        let http = reqwest::Client::new();
        let open =
            http.get(format!("{base}/socket.io/?EIO=4&transport=polling")).send().await.unwrap().text().await.unwrap();
        let handshake: Value = serde_json::from_str(&open[1..]).expect("open packet");
        let sid = handshake["sid"].as_str().expect("sid");
        let client = PollingClient { url: format!("{base}/socket.io/?EIO=4&transport=polling&sid={sid}"), http };
        client.post(&format!("40{}", json!({ "token": token }))).await;
        let reply = client.records().await.join("\u{1e}");
        (client, reply)
    }

    pub async fn post(&self, body: &str) {
        let res = self.http.post(&self.url).body(body.to_owned()).send().await.unwrap();
        assert!(res.status().is_success(), "POST {body}: {}", res.status());
    }

    pub async fn records(&self) -> Vec<String> {
        let body = self.http.get(&self.url).send().await.unwrap().text().await.unwrap();
        body.split('\u{1e}').map(str::to_owned).collect()
    }

    /// Polls until the session ends (an Engine.IO CLOSE), answering pings and sending nothing
    /// else; answers every record received. Fails after 5 seconds, or at once when the session
    /// is gone without its CLOSE.
    pub async fn until_closed(&self) -> Vec<String> {
        let mut all = Vec::new();
        let polling = async {
            loop {
                for record in self.records().await {
                    if record == "2" {
                        self.post("3").await;
                    }
                    // The session is gone without having sent its CLOSE: no use polling on.
                    assert!(!record.contains("Session ID unknown"), "the session ended without a CLOSE: {all:?}");
                    let closed = record == "1";
                    all.push(record);
                    if closed {
                        return;
                    }
                }
            }
        };
        if tokio::time::timeout(Duration::from_secs(5), polling).await.is_err() {
            panic!("the session did not close within 5 s: {all:?}");
        }
        all
    }

    /// Waits for the event `name`, answering pings; answers its first argument.
    pub async fn event(&self, name: &str) -> Value {
        let prefix = format!("42[\"{name}\",");
        for _ in 0..20 {
            for record in self.records().await {
                if record == "2" {
                    self.post("3").await;
                }
                if let Some(rest) = record.strip_prefix(&prefix) {
                    let args: Value = serde_json::from_str(&format!("[{rest}")).unwrap();
                    return args[0].clone();
                }
            }
        }
        panic!("no {name} event");
    }

    /// Sends `event` with `payload` asking for acknowledgement `ack_id`; waits for the
    /// acknowledgement (answering pings, skipping other records) and answers its argument.
    pub async fn ask(&self, ack_id: u64, event: &str, payload: Value) -> Value {
        self.post(&format!("42{ack_id}{}", json!([event, payload]))).await;
        let prefix = format!("43{ack_id}[");
        for _ in 0..20 {
            for record in self.records().await {
                if record == "2" {
                    self.post("3").await;
                }
                if let Some(rest) = record.strip_prefix(&prefix) {
                    let args: Value = serde_json::from_str(&format!("[{rest}")).unwrap();
                    return args[0].clone();
                }
            }
        }
        panic!("no acknowledgement {ack_id} of {event}");
    }
}

/// Remembers `email` as a visitor address that confirmed a message before (docs/security.md):
/// its messages to sellers go straight through, as they did before confirmation links.
pub async fn confirmed_sender(store: &SqliteStore, email: &str) {
    use souk_storage::visitor_messages::VisitorMessageStore;
    store.confirm(&[], email, 1_800_000_000).await.expect("confirmed sender");
}

/// Waits (15 s at most) until `to` has exactly `n` e-mails of `kind` in the outbox.
pub async fn wait_for_mails(data_dir: &std::path::Path, to: &str, kind: &str, n: usize) {
    let count = || {
        souk_services::notify::read_outbox(&data_dir.join("outbox"), 500)
            .expect("outbox")
            .iter()
            .filter(|e| e.to.contains(to) && e.kind.as_deref() == Some(kind))
            .count()
    };
    let deadline = std::time::Instant::now() + Duration::from_secs(15);
    while count() < n && std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(count(), n, "{kind} e-mails to {to}");
}
