//! Nothing acknowledged is lost when the process dies under write load: a `souk serve` process
//! takes chat messages from buyers and a seller and ad drafts at once, is killed (SIGKILL, three
//! times; then SIGTERM) in the middle, and comes back on the same data. Every message whose
//! send was answered is in its conversation exactly once, in its sender's order; every
//! acknowledged draft is there; and a message sent without an answer (in flight at the kill)
//! is either stored once or not at all, never twice after its retry.

mod common;

use common::chat::{call, insert_ad, private, sign_up};
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::time::Duration;

const START: &str = "mutation($l: Int!, $t: String!, $c: String!) { startConversation(listId: $l, text: $t, clientMessageId: $c) { conversation { id } } }";
const HISTORY: &str = "query($id: String!, $b: String, $n: Int!) { conversationMessages(conversationId: $id, before: $b, limit: $n) { id clientMessageId senderId } }";
const DRAFT: &str = "mutation($a: AdInput!) { saveAdDraft(step: 1, ad: $a) { draftId } }";
const GET_DRAFT: &str = "query($d: String!) { getAdDraft(draftId: $d) { draftId } }";
const LOGIN: &str =
    "mutation($i: String!) { loginByIdentifier(identifier: $i, password: \"secret1\") { accessToken } }";

/// A GraphQL call that may meet a dead process: `None` when no answer came.
async fn try_call(client: &reqwest::Client, base: &str, token: &str, query: &str, vars: Value) -> Option<Value> {
    let response = client
        .post(format!("{base}/graphql"))
        .bearer_auth(token)
        .json(&json!({ "query": query, "variables": vars }))
        .timeout(Duration::from_secs(5))
        .send()
        .await
        .ok()?;
    response.json().await.ok()
}

/// What one writer saw: the client ids its sends were acknowledged for, in order, and the
/// ones in flight when the process died (sent again after the restart).
#[derive(Default)]
struct Sent {
    acknowledged: Vec<String>,
    unanswered: Vec<String>,
}

/// A Socket.IO session over Engine.IO long-polling that reports a dead server instead of
/// failing: `None` from any call once the process is gone.
struct Socket {
    url: String,
    http: reqwest::Client,
}

impl Socket {
    async fn open(base: &str, token: &str) -> Option<Socket> {
        let http = reqwest::Client::builder().timeout(Duration::from_secs(5)).build().ok()?;
        let open =
            http.get(format!("{base}/socket.io/?EIO=4&transport=polling")).send().await.ok()?.text().await.ok()?;
        let handshake: Value = serde_json::from_str(open.get(1..)?).ok()?;
        let url = format!("{base}/socket.io/?EIO=4&transport=polling&sid={}", handshake["sid"].as_str()?);
        let socket = Socket { url, http };
        socket.post(&format!("40{}", json!({ "token": token }))).await?;
        let reply = socket.records().await?;
        reply.iter().any(|r| r.starts_with("40")).then_some(socket)
    }

    async fn post(&self, body: &str) -> Option<()> {
        let res = self.http.post(&self.url).body(body.to_owned()).send().await.ok()?;
        res.status().is_success().then_some(())
    }

    async fn records(&self) -> Option<Vec<String>> {
        let res = self.http.get(&self.url).send().await.ok()?;
        if !res.status().is_success() {
            return None;
        }
        Some(res.text().await.ok()?.split('\u{1e}').map(str::to_owned).collect())
    }
}

/// Sends `chat:send` into `conversation` over a socket, eight in flight at a time, until the
/// process dies.
async fn writer(base: String, token: String, conversation: String, tag: String) -> Sent {
    let mut sent = Sent::default();
    let Some(socket) = Socket::open(&base, &token).await else { return sent };
    let mut n = 0u64;
    loop {
        // A batch of eight sends in one POST, each asking its acknowledgement (its number).
        let batch: Vec<(u64, String)> = (n..n + 8).map(|k| (k, format!("{tag}-{k:05}"))).collect();
        n += 8;
        let packets: Vec<String> = batch
            .iter()
            .map(|(k, id)| {
                let payload =
                    json!({ "conversationId": conversation, "clientMessageId": id, "text": format!("message {id}") });
                format!("42{k}{}", json!(["chat:send", payload]))
            })
            .collect();
        if socket.post(&packets.join("\u{1e}")).await.is_none() {
            sent.unanswered.extend(batch.into_iter().map(|(_, id)| id));
            return sent;
        }
        let mut waiting: BTreeMap<u64, String> = batch.into_iter().collect();
        while !waiting.is_empty() {
            let Some(records) = socket.records().await else {
                sent.unanswered.extend(waiting.into_values());
                return sent;
            };
            for record in records {
                if record == "2" {
                    let _ = socket.post("3").await;
                }
                let Some(rest) = record.strip_prefix("43") else { continue };
                let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
                let Ok(k) = digits.parse::<u64>() else { continue };
                let answer: Value = serde_json::from_str(&rest[digits.len()..]).unwrap_or(Value::Null);
                if let Some(id) = waiting.remove(&k) {
                    assert_eq!(answer[0]["message"]["clientMessageId"], json!(id), "{tag}: the ack of {id}: {answer}");
                    sent.acknowledged.push(id);
                }
            }
        }
        // Acks of one batch may come in any order; the sender's order is the send order.
        sent.acknowledged.sort();
    }
}

/// Saves drafts until the process dies; answers the acknowledged draft ids.
async fn drafter(base: String, token: String) -> Vec<String> {
    let client = reqwest::Client::new();
    let mut saved = Vec::new();
    loop {
        let vars = json!({ "a": { "categoryId": 6020, "adType": "sell" } });
        match try_call(&client, &base, &token, DRAFT, vars).await {
            Some(body) => match body["data"]["saveAdDraft"]["draftId"].as_str() {
                Some(id) => saved.push(id.to_string()),
                None => tokio::time::sleep(Duration::from_millis(100)).await,
            },
            None => return saved,
        }
    }
}

/// Every message of `conversation`, oldest first, read page by page (pages come newest first).
async fn history(base: &str, token: &str, conversation: &str) -> Vec<Value> {
    let mut all = Vec::new();
    let mut before: Option<String> = None;
    loop {
        let body = call(base, Some(token), HISTORY, json!({ "id": conversation, "b": before, "n": 50 })).await;
        let page = body["data"]["conversationMessages"].as_array().unwrap_or_else(|| panic!("{body}")).clone();
        let Some(oldest) = page.last() else { break };
        before = oldest["id"].as_str().map(str::to_string);
        all.extend(page);
    }
    all.reverse();
    all
}

async fn sign_in(base: &str, phone: &str) -> String {
    let body = call(base, None, LOGIN, json!({ "i": phone })).await;
    body["data"]["loginByIdentifier"]["accessToken"].as_str().unwrap_or_else(|| panic!("{body}")).to_string()
}

fn terminate(node: &common::Node) {
    // SAFETY: kill(2) on our own child's pid.
    let rc = unsafe { libc::kill(node.0.id() as libc::pid_t, libc::SIGTERM) };
    assert_eq!(rc, 0, "SIGTERM sent");
}

async fn serve(data_dir: &Path) -> (common::Node, String) {
    common::serve_process(data_dir, &[]).await
}

#[actix_web::test]
async fn acknowledged_messages_and_drafts_survive_sigkill_and_sigterm_under_load() {
    let data_dir = common::temp_dir("crash-under-load");
    let (mut node, mut base) = serve(&data_dir).await;
    let (_, seller_id) = sign_up(&base, private("0613500000")).await;
    let mut buyer_phones = Vec::new();
    for b in 0..4 {
        let phone = format!("061350000{}", b + 1);
        sign_up(&base, private(&phone)).await;
        buyer_phones.push(phone);
    }
    let store = souk_storage::sqlite::SqliteStore::open(data_dir.join("souk.db"), 1).expect("database");
    for b in 0..4 {
        insert_ad(&store, seller_id, 930_000 + b).await;
    }
    store.shutdown().await;
    let mut conversations = Vec::new();
    for (b, phone) in buyer_phones.iter().enumerate() {
        let token = sign_in(&base, phone).await;
        let body = call(
            &base,
            Some(&token),
            START,
            json!({ "l": 930_000 + b as i64, "t": "Bonjour", "c": format!("open-{b}") }),
        )
        .await;
        conversations.push(
            body["data"]["startConversation"]["conversation"]["id"]
                .as_str()
                .unwrap_or_else(|| panic!("{body}"))
                .to_string(),
        );
    }

    // Writer tag → (conversation, its acknowledged ids, its unanswered ids).
    let mut acknowledged: BTreeMap<String, (String, Vec<String>)> = BTreeMap::new();
    let mut unanswered: Vec<(String, String, String, String)> = Vec::new();
    let mut drafts: Vec<String> = Vec::new();
    for (round, signal) in ["KILL", "KILL", "KILL", "TERM"].into_iter().enumerate() {
        let seller = sign_in(&base, "0613500000").await;
        let mut tasks = Vec::new();
        for (b, phone) in buyer_phones.iter().enumerate() {
            let buyer = sign_in(&base, phone).await;
            let conversation = conversations[b].clone();
            for (who, token) in [("buyer", buyer), ("seller", seller.clone())] {
                let tag = format!("r{round}-{who}-{b}");
                tasks.push((
                    tag.clone(),
                    conversation.clone(),
                    token.clone(),
                    tokio::spawn(writer(base.clone(), token, conversation.clone(), tag)),
                ));
            }
        }
        let drafting = tokio::spawn(drafter(base.clone(), seller.clone()));
        // Let the load build, then the signal.
        tokio::time::sleep(Duration::from_millis(700 + 300 * round as u64)).await;
        match signal {
            "KILL" => drop(node),
            _ => {
                terminate(&node);
                let _ = tokio::task::spawn_blocking(move || {
                    let mut node = node;
                    node.0.wait()
                })
                .await;
            }
        }
        for (tag, conversation, token, task) in tasks {
            let sent = task.await.expect("writer");
            assert!(!sent.acknowledged.is_empty(), "{tag} wrote before the {signal}");
            for id in sent.unanswered {
                unanswered.push((tag.clone(), conversation.clone(), token.clone(), id));
            }
            acknowledged.entry(tag).or_insert((conversation, Vec::new())).1.extend(sent.acknowledged);
        }
        drafts.extend(drafting.await.expect("drafter"));
        (node, base) = serve(&data_dir).await;
        // The client of a send left unanswered sends it again, as socket.io-client and the web
        // client do: it must be stored once.
        // One socket per writer (its account's token still signs it in after the restart).
        let mut by_writer: BTreeMap<&str, Vec<&(String, String, String, String)>> = BTreeMap::new();
        for u in unanswered.iter().filter(|u| u.0.starts_with(&format!("r{round}-"))) {
            by_writer.entry(u.0.as_str()).or_default().push(u);
        }
        for (tag, sends) in by_writer {
            let socket =
                Socket::open(&base, &sends[0].2).await.unwrap_or_else(|| panic!("{tag}: a socket after the restart"));
            for (k, (_, conversation, _, id)) in sends.into_iter().enumerate() {
                let payload =
                    json!({ "conversationId": conversation, "clientMessageId": id, "text": format!("message {id}") });
                socket.post(&format!("42{k}{}", json!(["chat:send", payload]))).await.expect("sent again");
                let prefix = format!("43{k}[");
                let mut answered = false;
                for _ in 0..20 {
                    let records = socket.records().await.expect("records");
                    if let Some(ack) = records.iter().find_map(|r| r.strip_prefix(&prefix)) {
                        let answer: Value = serde_json::from_str(&format!("[{ack}")).expect("ack");
                        assert_eq!(
                            answer[0]["message"]["clientMessageId"],
                            json!(id),
                            "the retry is answered: {answer}"
                        );
                        answered = true;
                        break;
                    }
                }
                assert!(answered, "the retry of {id} was acknowledged");
            }
            let _ = socket.post("41").await;
        }
    }

    // Every acknowledged message once, in its sender's order; the retried ones once.
    let reader = sign_in(&base, "0613500000").await;
    let mut total = 0;
    for conversation in &conversations {
        let stored: Vec<String> = history(&base, &reader, conversation)
            .await
            .iter()
            .map(|m| m["clientMessageId"].as_str().unwrap_or_default().to_string())
            .collect();
        let mut seen = BTreeSet::new();
        let twice: Vec<&String> = stored.iter().filter(|id| !seen.insert(*id)).collect();
        assert!(twice.is_empty(), "stored twice in {conversation} ({} messages): {twice:?}", stored.len());
        for (tag, (conv, ids)) in acknowledged.iter().filter(|(_, (c, _))| c == conversation) {
            let mine: Vec<&String> =
                stored.iter().filter(|s| s.rsplit_once('-').map(|(t, _)| t) == Some(tag.as_str())).collect();
            let expected: Vec<&String> = ids.iter().collect();
            assert!(
                mine.len() >= expected.len() && mine[..expected.len()] == expected[..],
                "{tag} in {conv}: {} acknowledged, {} stored; the first missing: {:?}",
                expected.len(),
                mine.len(),
                expected.iter().find(|id| !mine.contains(id))
            );
            total += expected.len();
        }
        for (_, conv, _, id) in unanswered.iter().filter(|u| &u.1 == conversation) {
            assert_eq!(
                stored.iter().filter(|s| *s == id).count(),
                1,
                "{id} retried after the crash is stored once in {conv}"
            );
        }
    }
    assert!(total > 100, "the load was real: {total} acknowledged messages");
    for draft in &drafts {
        let body = call(&base, Some(&reader), GET_DRAFT, json!({ "d": draft })).await;
        assert_eq!(body["data"]["getAdDraft"]["draftId"], json!(draft), "acknowledged draft {draft} survived: {body}");
    }
    eprintln!(
        "{total} acknowledged messages and {} drafts over 3 SIGKILLs and a SIGTERM, {} retried sends",
        drafts.len(),
        unanswered.len()
    );
    drop(node);
}
