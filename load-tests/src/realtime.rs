//! The real-time scenarios of `souk-load`, over WebSocket against three kinds of server that
//! speak the same `chat:send` / `chat:message` contract: Souk (Socket.IO, token auth, every
//! message durable before its ack), the reference Node socket.io relay of `load-tests/reference/`,
//! and a minimal WebSocket relay (no protocol, no storage: the ceiling), `souk-load relay`
//! (`relay.rs`; `load-tests/reference/ws-relay.mjs` speaks the same, on one core).
//!
//! - `chat`: N users (one socket each) in M conversations, each conversation between two of
//!   them, one of whom sends at the run's rate over M; a user may be in several conversations
//!   (N < 2M) or in none (N > 2M); by default N = 2M, every user in one. Runs for a time and
//!   reports delivered messages/s, ack and end-to-end latency percentiles, errors, and the
//!   server's resident memory.
//! - `idle`: K idle connections; reports the server's memory per connection.

use crate::ws::{self, Frame, Writer};
use serde_json::{Value, json};
use std::collections::{HashMap, VecDeque};
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::Mutex;

/// Which server is measured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Target {
    /// `souk serve --demo` (Socket.IO, chat through the real service).
    Souk,
    /// `load-tests/reference/socketio-relay.mjs`.
    Socketio,
    /// A minimal WebSocket relay: `souk-load relay` (the ceiling), or
    /// `load-tests/reference/ws-relay.mjs` (the same wire, on Node's one core).
    Ws,
}

type Error = Box<dyn std::error::Error + Send + Sync>;

/// Counters shared by every connection.
#[derive(Default)]
struct Counters {
    sent: AtomicU64,
    acked: AtomicU64,
    delivered: AtomicU64,
    errors: AtomicU64,
    /// The first few distinct error answers (refused acknowledgements, unreadable frames), so
    /// that a run's errors say what they were.
    error_samples: std::sync::Mutex<Vec<String>>,
}

/// How many distinct error answers a run keeps for its report.
const ERROR_SAMPLES: usize = 4;

impl Counters {
    /// Counts an error and keeps its text if it is one of the first distinct ones.
    fn error(&self, what: &str) {
        self.errors.fetch_add(1, Ordering::Relaxed);
        let what: String = what.chars().take(200).collect();
        if let Ok(mut samples) = self.error_samples.lock()
            && samples.len() < ERROR_SAMPLES
            && !samples.contains(&what)
        {
            samples.push(what);
        }
    }
}

/// The resident memory of a process, in KiB (Linux).
pub fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The CPU time a process has used so far (user + system), in seconds (Linux, 100 ticks a second).
pub(crate) fn cpu_secs(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name (which may hold spaces) start after the last ')'.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn host_port(url: &str) -> String {
    url.trim_start_matches("http://").trim_end_matches('/').to_owned()
}

/// One open connection: the writer, and what was sent and not yet acknowledged.
struct Conn {
    writer: Arc<Mutex<Writer>>,
    pending: Arc<std::sync::Mutex<Pending>>,
}

/// When each message of a connection not yet acknowledged left. Its sequence numbers follow
/// each other and acknowledgements come back nearly in order, so the times are kept in a ring
/// indexed by sequence number (a hash map of hundreds of thousands of entries during a backlog
/// was a tenth of the generator's time, time the server under test shared).
#[derive(Default)]
struct Pending {
    /// The sequence number of `slots[0]`.
    first: u64,
    /// Send times; `None` once acknowledged (or never sent).
    slots: VecDeque<Option<Instant>>,
}

impl Pending {
    /// Notes that message `seq` left at `at` (numbers only grow on a connection).
    fn sent(&mut self, seq: u64, at: Instant) {
        if self.slots.is_empty() {
            self.first = seq;
        }
        let Some(index) = seq.checked_sub(self.first).and_then(|i| usize::try_from(i).ok()) else { return };
        while self.slots.len() < index {
            self.slots.push_back(None);
        }
        match self.slots.get_mut(index) {
            Some(slot) => *slot = Some(at),
            None => self.slots.push_back(Some(at)),
        }
    }

    /// When message `seq` left, once: None if unknown or already acknowledged.
    fn acked(&mut self, seq: u64) -> Option<Instant> {
        let index = usize::try_from(seq.checked_sub(self.first)?).ok()?;
        let at = self.slots.get_mut(index)?.take();
        while let Some(None) = self.slots.front() {
            self.slots.pop_front();
            self.first += 1;
        }
        at
    }
}

/// What a connection's reader collected.
#[derive(Default)]
struct Samples {
    ack_us: Vec<u32>,
    e2e_us: Vec<u32>,
}

/// Opens a connection of `target` and, for Socket.IO, joins with `auth`. Starts its reader,
/// which answers pings, matches acks and records latencies while `measuring`.
/// What every connection of a run shares: the time base of message stamps, the counters, and
/// whether samples are being kept.
#[derive(Clone)]
struct Run {
    base: Instant,
    counters: Arc<Counters>,
    measuring: Arc<AtomicBool>,
    /// Set when the measurement is over: readers stop at their next frame.
    done: Arc<AtomicBool>,
}

async fn open(
    target: Target,
    addr: &str,
    auth: &Value,
    conversations: &[String],
    run: &Run,
    own_sender: Option<usize>,
) -> Result<(Conn, tokio::task::JoinHandle<Samples>), Error> {
    let Run { base, counters, measuring, done } = run.clone();
    let path = match target {
        Target::Ws => format!("/?conversations={}", conversations.join(",")),
        Target::Souk | Target::Socketio => "/socket.io/?EIO=4&transport=websocket".to_owned(),
    };
    let (mut reader, writer) = ws::connect(addr, &path).await?;
    let writer = Arc::new(Mutex::new(writer));
    if target != Target::Ws {
        ws::socketio_connect(&mut reader, &writer, &auth.to_string()).await?;
    }
    let pending: Arc<std::sync::Mutex<Pending>> = Arc::default();
    let (w, p) = (Arc::clone(&writer), Arc::clone(&pending));
    let handle = tokio::spawn(async move {
        let mut samples = Samples::default();
        let micros = |d: Duration| u32::try_from(d.as_micros()).unwrap_or(u32::MAX);
        while let Ok(frame) = reader.next(&w).await {
            if done.load(Ordering::Relaxed) {
                break;
            }
            let Frame::Text(text) = frame else { break };
            let now = Instant::now();
            // (ack id or None, delivered text or None, ok)
            let (ack, delivered, ok) = match reply(target, &text) {
                Reply::Ping => {
                    let _ = w.lock().await.text("3").await;
                    continue;
                }
                Reply::Ack(id, ok) => (Some(id), None, ok),
                Reply::Delivered(text) => (None, text, true),
                Reply::Malformed => (None, None, false),
                Reply::Other => continue,
            };
            if !ok {
                counters.error(&text);
            }
            if let Some(id) = ack {
                let sent = p.lock().map(|mut m| m.acked(id)).unwrap_or(None);
                if let Some(at) = sent
                    && ok
                {
                    counters.acked.fetch_add(1, Ordering::Relaxed);
                    if measuring.load(Ordering::Relaxed) {
                        samples.ack_us.push(micros(now - at));
                    }
                }
            }
            // The text is "{sender}:{micros since base}"; a sender's own echo is not a delivery.
            if let Some(t) = delivered
                && let Some((from, at)) = t.split_once(':')
                && let Ok(at) = at.parse::<u64>()
                && from.parse::<usize>().ok() != own_sender
            {
                counters.delivered.fetch_add(1, Ordering::Relaxed);
                if measuring.load(Ordering::Relaxed) {
                    let sent = base + Duration::from_micros(at);
                    samples.e2e_us.push(micros(now.saturating_duration_since(sent)));
                }
            }
        }
        samples
    });
    Ok((Conn { writer, pending }, handle))
}

/// What a reader makes of one text frame.
#[derive(Debug)]
pub(crate) enum Reply {
    Ping,
    /// An acknowledgement: its id and whether it says ok.
    Ack(u64, bool),
    /// A chat message pushed to this connection: its text.
    Delivered(Option<String>),
    Malformed,
    Other,
}

/// The first argument of an acknowledgement, as far as the generator cares.
#[derive(serde::Deserialize)]
struct AckArg {
    #[serde(default)]
    ok: bool,
}

/// A pushed message (and the minimal relay's frames), as far as the generator cares.
#[derive(serde::Deserialize)]
struct Pushed {
    text: Option<String>,
    ack: Option<u64>,
}

/// Reads a frame with typed parsing of just the fields the generator uses (the same work for
/// every server measured, and far less than building a JSON tree per frame).
pub(crate) fn reply(target: Target, text: &str) -> Reply {
    if target == Target::Ws {
        return match serde_json::from_str::<Pushed>(text) {
            Ok(Pushed { ack: Some(id), .. }) => Reply::Ack(id, true),
            Ok(Pushed { text, .. }) => Reply::Delivered(text),
            Err(_) => Reply::Malformed,
        };
    }
    if text == "2" {
        return Reply::Ping;
    }
    if let Some(rest) = text.strip_prefix("43") {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let Ok(id) = rest[..digits].parse::<u64>() else { return Reply::Malformed };
        return match serde_json::from_str::<(AckArg,)>(&rest[digits..]) {
            Ok((arg,)) => Reply::Ack(id, arg.ok),
            Err(_) => Reply::Ack(id, false),
        };
    }
    if let Some(rest) = text.strip_prefix("42[\"chat:message\",") {
        let body = rest.strip_suffix(']').unwrap_or(rest);
        return match serde_json::from_str::<Pushed>(body) {
            Ok(p) => Reply::Delivered(p.text),
            Err(_) => Reply::Malformed,
        };
    }
    Reply::Other
}

/// One chat message frame from `sender` with ack id `seq`, written straight into its text (the
/// generator makes one per message at every rate: no JSON tree).
pub(crate) fn frame(target: Target, conversation: &str, sender: usize, seq: u64, base: Instant) -> String {
    use std::fmt::Write as _;
    let micros = base.elapsed().as_micros();
    // Conversation ids are the server's (UUIDs, or the relay's names): quoted as JSON anyway.
    let conversation = Value::from(conversation);
    let mut out = String::with_capacity(160);
    let _ = match target {
        Target::Ws => write!(
            out,
            "{{\"conversationId\":{conversation},\"clientMessageId\":{seq},\"text\":\"{sender}:{micros}\"}}"
        ),
        _ => {
            // Time first, as the web client makes them (`c-{time}-{counter}`): one sender's ids
            // follow each other in the store's index.
            let millis =
                std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis());
            write!(
                out,
                "42{seq}[\"chat:send\",{{\"conversationId\":{conversation},\"clientMessageId\":\"c-{millis:011x}-{sender}-{seq}\",\"text\":\"{sender}:{micros}\"}}]"
            )
        }
    };
    out
}

/// Sends the chat messages `first..=last` of `sender` on `conn` in one write (what was due since
/// the previous tick), taking the sender's conversations in turn, noting when each left.
async fn send_due(
    target: Target,
    conn: &Conn,
    conversations: &[String],
    sender: usize,
    seqs: std::ops::RangeInclusive<u64>,
    base: Instant,
) -> bool {
    let turn = |seq: u64| &conversations[(seq % conversations.len() as u64) as usize];
    let frames: Vec<String> = seqs.clone().map(|seq| frame(target, turn(seq), sender, seq, base)).collect();
    if let Ok(mut p) = conn.pending.lock() {
        let now = Instant::now();
        for seq in seqs {
            p.sent(seq, now);
        }
    }
    conn.writer.lock().await.texts(&frames).await.is_ok()
}

/// Which users talk in each conversation: conversation `j` is between users `2j mod n` (who
/// sends) and `2j + 1 mod n` (who receives), so that with `n = 2m` every user is in exactly one
/// conversation, with fewer users each is in about `2m / n`, and with more the last ones are
/// in none. `n` is at least 2.
fn layout(users: usize, conversations: usize) -> Vec<(usize, usize)> {
    let n = users.max(2);
    (0..conversations).map(|j| ((2 * j) % n, (2 * j + 1) % n)).collect()
}

/// Signs in `users` demo accounts (those with ads first; at most all of them) and opens the
/// `conversations` of their [`layout`], each about an ad of one of its two users (the other one starts it);
/// answers every user's token and, for each conversation it could open, (conversation id,
/// sender, receiver).
type SoukRun = (Vec<String>, Vec<(String, usize, usize)>);

async fn souk_conversations(
    url: &str,
    population: Option<&std::path::Path>,
    users: usize,
    conversations: usize,
) -> Result<SoukRun, Error> {
    let http = reqwest::Client::new();
    let gql = |query: &'static str, variables: Value, token: Option<String>| {
        let mut req = http.post(format!("{url}/graphql")).json(&json!({ "query": query, "variables": variables }));
        if let Some(t) = token {
            req = req.header("Authorization", format!("Bearer {t}"));
        }
        async move { req.send().await?.json::<Value>().await }
    };
    // The accounts come from the bench population's manifest (`souk seed --bench-users`): the
    // sellers with public ads first, then the bench accounts. The generator knows no server code.
    let path = population.ok_or("--population FILE is needed for Souk (souk seed --bench-users writes it)")?;
    let manifest: crate::population::Manifest = serde_json::from_slice(&std::fs::read(path)?)?;
    let mut people = Vec::new();
    for a in manifest.accounts.iter().take(users.max(manifest.sellers).max(2)) {
        let password = a.password.clone().unwrap_or_else(|| manifest.password.clone());
        let token = crate::population::sign_in(&http, url, &a.login, &password).await?;
        let me = gql("{ getMyAccountInfo { id } }", json!({}), Some(token.clone())).await?;
        people.push((me["data"]["getMyAccountInfo"]["id"].as_i64().unwrap_or(-1), token));
    }
    let users = if users > people.len() {
        eprintln!("  Souk: {users} users capped at {} (the population's accounts)", people.len());
        people.len()
    } else {
        users
    };
    let pairs = layout(users, conversations);
    // Who owns which public ads (the demo's first list ids), without starting anything.
    let mut ads: HashMap<i64, std::collections::VecDeque<i64>> = HashMap::new();
    for list_id in 10_000_001i64..10_000_001 + 400 {
        let ad = gql("query($l: Int!) { getAd(listId: $l) { seller { accountId } } }", json!({ "l": list_id }), None)
            .await?;
        if let Some(owner) = ad["data"]["getAd"]["seller"]["accountId"].as_i64() {
            ads.entry(owner).or_default().push_back(list_id);
        }
    }
    people.sort_by_key(|(id, _)| usize::from(!ads.contains_key(id)));
    people.truncate(users);
    let mut out = Vec::new();
    for (j, &(sender, receiver)) in pairs.iter().enumerate() {
        // About an ad of the receiver, or else of the sender; the other party starts it.
        let (buyer, list_id) = match [(sender, receiver), (receiver, sender)]
            .into_iter()
            .find_map(|(buyer, owner)| ads.get_mut(&people[owner].0).and_then(|l| l.pop_front()).map(|l| (buyer, l)))
        {
            Some(found) => found,
            None => {
                eprintln!("  conversation {j}: neither user has an ad left: skipped");
                continue;
            }
        };
        let started = gql(
            "mutation($l: Int!, $c: String!) { startConversation(listId: $l, text: \"bonjour\", clientMessageId: $c) { conversation { id } } }",
            json!({ "l": list_id, "c": format!("load-open-{list_id}-{}", people[buyer].0) }),
            Some(people[buyer].1.clone()),
        )
        .await?;
        match started["data"]["startConversation"]["conversation"]["id"].as_str() {
            Some(id) => out.push((id.to_owned(), sender, receiver)),
            None => eprintln!("  conversation {j}: not opened: {started}"),
        }
    }
    if out.is_empty() {
        return Err("no conversation could be opened (is the server seeded with --demo?)".into());
    }
    Ok((people.into_iter().map(|(_, token)| token).collect(), out))
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    crate::nearest_rank(sorted, p).map_or(0.0, |micros| f64::from(micros) / 1000.0)
}

/// The `chat` scenario: `users` sockets in `conversations` conversations (see [`layout`]).
#[allow(clippy::too_many_arguments)]
pub async fn chat(
    target: Target,
    url: &str,
    population: Option<&std::path::Path>,
    users: usize,
    conversations: usize,
    rate: u64,
    duration: Duration,
    pid: Option<u32>,
) -> Result<(), Error> {
    let addr = host_port(url);
    let base = Instant::now();
    let counters = Arc::new(Counters::default());
    let measuring = Arc::new(AtomicBool::new(false));
    let stop = Arc::new(AtomicBool::new(false));
    let n = users.max(2);
    // Each user's auth, and each conversation: (id, sender, receiver).
    let (auths, talks): (Vec<Value>, Vec<(String, usize, usize)>) = match target {
        Target::Souk => {
            let (tokens, talks) = souk_conversations(url, population, n, conversations).await?;
            (tokens.into_iter().map(|t| json!({ "token": t })).collect(), talks)
        }
        _ => {
            let talks: Vec<(String, usize, usize)> =
                layout(n, conversations).iter().enumerate().map(|(j, &(a, b))| (format!("c{j}"), a, b)).collect();
            let auths = (0..n)
                .map(|u| {
                    let mine: Vec<&String> = talks.iter().filter(|t| t.1 == u || t.2 == u).map(|t| &t.0).collect();
                    json!({ "conversations": mine })
                })
                .collect();
            (auths, talks)
        }
    };
    let (n, m) = (auths.len(), talks.len());
    eprintln!(
        "souk-load chat: {target:?} at {url}, {m} conversations ({n} sockets), {rate} msg/s for {}s (+2s warm-up)",
        duration.as_secs()
    );
    let done = Arc::new(AtomicBool::new(false));
    let run = Run { base, counters: counters.clone(), measuring: measuring.clone(), done: done.clone() };
    let mut readers = Vec::new();
    let mut senders = Vec::new();
    // Every connection is open before the first message, so that setup is never slowed by load.
    // A socket joins every conversation of its user; its stamps name the user.
    let mut conns = Vec::with_capacity(n);
    for (u, auth) in auths.iter().enumerate() {
        let mine: Vec<String> = talks.iter().filter(|t| t.1 == u || t.2 == u).map(|t| t.0.clone()).collect();
        let (conn, handle) = open(target, &addr, auth, &mine, &run, Some(u)).await?;
        readers.push(handle);
        conns.push(Arc::new(conn));
    }
    let per_conversation = (rate as f64 / m as f64).max(0.1);
    for (u, conn) in conns.iter().enumerate() {
        // The conversations this user sends in, taken in turn.
        let sends: Vec<String> = talks.iter().filter(|t| t.1 == u).map(|t| t.0.clone()).collect();
        if sends.is_empty() {
            continue;
        }
        let (counters, stop, conn) = (counters.clone(), stop.clone(), Arc::clone(conn));
        let per_sender = per_conversation * sends.len() as f64;
        senders.push(tokio::spawn(async move {
            // Every millisecond (the timer's grain), what is due at the sender's rate leaves in
            // one write: the offered rate holds however busy the machine is.
            let mut tick = tokio::time::interval(Duration::from_millis(1));
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
            let started = Instant::now();
            let mut seq = 0u64;
            while !stop.load(Ordering::Relaxed) {
                tick.tick().await;
                let due = (started.elapsed().as_secs_f64() * per_sender) as u64 + 1;
                if due <= seq {
                    continue;
                }
                let n = due - seq;
                if send_due(target, &conn, &sends, u, seq + 1..=due, base).await {
                    counters.sent.fetch_add(n, Ordering::Relaxed);
                    seq = due;
                } else {
                    // Once the run is over, a write still held by the server's back-pressure
                    // fails when the generator closes its connections: the generator's doing,
                    // not an error of the server.
                    if !stop.load(Ordering::Relaxed) {
                        counters.error("a send failed (the connection was closed)");
                    }
                    break;
                }
            }
        }));
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let rss_start = pid.and_then(rss_kib);
    let cpu_start = pid.and_then(cpu_secs);
    measuring.store(true, Ordering::Relaxed);
    let (sent0, delivered0) = (counters.sent.load(Ordering::Relaxed), counters.delivered.load(Ordering::Relaxed));
    let started = Instant::now();
    let mut last = delivered0;
    while started.elapsed() < duration {
        tokio::time::sleep(Duration::from_secs(1)).await;
        let d = counters.delivered.load(Ordering::Relaxed);
        eprint!(
            "\r  {:>4}s  sent {:>9}  acked {:>9}  delivered {:>9} ({:>7}/s)  errors {}   ",
            started.elapsed().as_secs(),
            counters.sent.load(Ordering::Relaxed),
            counters.acked.load(Ordering::Relaxed),
            d,
            d - last,
            counters.errors.load(Ordering::Relaxed)
        );
        let _ = std::io::stderr().flush();
        last = d;
    }
    measuring.store(false, Ordering::Relaxed);
    let elapsed = started.elapsed();
    let rss_end = pid.and_then(rss_kib);
    let cores = match (cpu_start, pid.and_then(cpu_secs)) {
        (Some(a), Some(b)) => format!("{:.2}", (b - a) / elapsed.as_secs_f64()),
        _ => "?".into(),
    };
    let (sent, delivered) =
        (counters.sent.load(Ordering::Relaxed) - sent0, counters.delivered.load(Ordering::Relaxed) - delivered0);
    stop.store(true, Ordering::Relaxed);
    done.store(true, Ordering::Relaxed);
    eprintln!();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    for s in senders {
        let _ = tokio::time::timeout_at(deadline, s).await;
    }
    for conn in &conns {
        let _ = conn.writer.lock().await.close().await;
    }
    let (mut acks, mut e2e) = (Vec::new(), Vec::new());
    // One deadline for the whole drain: a server still flushing a backlog does not hold the run.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    for r in readers {
        if let Ok(Ok(s)) = tokio::time::timeout_at(deadline, r).await {
            acks.extend(s.ack_us);
            e2e.extend(s.e2e_us);
        }
    }
    acks.sort_unstable();
    e2e.sort_unstable();
    let secs = elapsed.as_secs_f64();
    println!(
        "chat {target:?}: {m} conversations, offered {rate} msg/s; sent {:.0} msg/s, delivered {:.0} msg/s; \
         ack ms p50 {:.2} p99 {:.2} p99.9 {:.2}; end-to-end ms p50 {:.2} p99 {:.2} p99.9 {:.2}; errors {}; \
         server RSS {} -> {} KiB; server CPU {cores} cores",
        sent as f64 / secs,
        delivered as f64 / secs,
        percentile(&acks, 50.0),
        percentile(&acks, 99.0),
        percentile(&acks, 99.9),
        percentile(&e2e, 50.0),
        percentile(&e2e, 99.0),
        percentile(&e2e, 99.9),
        counters.errors.load(Ordering::Relaxed),
        rss_start.map_or("?".into(), |k| k.to_string()),
        rss_end.map_or("?".into(), |k| k.to_string()),
    );
    for sample in counters.error_samples.lock().map(|s| s.clone()).unwrap_or_default() {
        println!("  error: {sample}");
    }
    Ok(())
}

/// The `idle` scenario: opens `count` connections and reports the server's memory per connection.
pub async fn idle(
    target: Target,
    url: &str,
    population: Option<&std::path::Path>,
    count: usize,
    pid: u32,
    hold: Duration,
) -> Result<(), Error> {
    let addr = host_port(url);
    let base = Instant::now();
    let counters = Arc::new(Counters::default());
    let measuring = Arc::new(AtomicBool::new(false));
    let auth = match target {
        Target::Souk => {
            let (tokens, _) = souk_conversations(url, population, 2, 1).await?;
            json!({ "token": tokens[0] })
        }
        _ => json!({ "conversations": [] }),
    };
    let run = Run { base, counters, measuring, done: Arc::new(AtomicBool::new(false)) };
    let before = rss_kib(pid).ok_or("cannot read the server's memory (--server-pid)")?;
    eprintln!("souk-load idle: {target:?} at {url}, {count} connections; server RSS before {before} KiB");
    let mut conns = Vec::with_capacity(count);
    for i in 0..count {
        match open(target, &addr, &auth, &[], &run, None).await {
            Ok(c) => conns.push(c),
            Err(e) => {
                eprintln!("\n  connection {i} failed: {e}");
                break;
            }
        }
        if i % 500 == 499 {
            eprint!("\r  {:>6} connections open   ", i + 1);
            let _ = std::io::stderr().flush();
        }
    }
    tokio::time::sleep(hold).await;
    let after = rss_kib(pid).ok_or("cannot read the server's memory")?;
    let open_count = conns.len();
    println!(
        "idle {target:?}: {open_count} connections; server RSS {before} -> {after} KiB = {:.1} KiB per connection",
        (after.saturating_sub(before)) as f64 / open_count.max(1) as f64
    );
    for (c, _) in &conns {
        let _ = c.writer.lock().await.close().await;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pending_sends_are_matched_once_in_or_out_of_order() {
        let t0 = Instant::now();
        let at = |ms: u64| t0 + Duration::from_millis(ms);
        let mut p = Pending::default();
        for seq in 1..=4 {
            p.sent(seq, at(seq));
        }
        assert_eq!(p.acked(2), Some(at(2)));
        assert_eq!(p.acked(2), None, "an acknowledgement counts once");
        assert_eq!(p.acked(1), Some(at(1)));
        assert_eq!(p.slots.len(), 2, "acknowledged heads are dropped");
        assert_eq!(p.acked(9), None, "never sent");
        assert_eq!(p.acked(0), None, "before the first");
        p.sent(5, at(5));
        assert_eq!((p.acked(5), p.acked(4), p.acked(3)), (Some(at(5)), Some(at(4)), Some(at(3))));
        assert!(p.slots.is_empty());
        // After a drained ring the numbers go on from where they are.
        p.sent(6, at(6));
        assert_eq!(p.acked(6), Some(at(6)));
    }

    #[test]
    fn frames_are_json_the_servers_read() {
        let base = Instant::now();
        let ws: Value = serde_json::from_str(&frame(Target::Ws, "c\"1", 3, 7, base)).expect("json");
        assert_eq!((ws["conversationId"].as_str(), ws["clientMessageId"].as_u64()), (Some("c\"1"), Some(7)));
        assert!(ws["text"].as_str().is_some_and(|t| t.starts_with("3:")), "{ws}");
        let sio = frame(Target::Souk, "conv-9", 3, 7, base);
        let rest = sio.strip_prefix("427").expect("an EVENT with ack id 7");
        let event: Value = serde_json::from_str(rest).expect("json");
        assert_eq!(event[0], "chat:send");
        assert_eq!(event[1]["conversationId"], "conv-9");
        assert!(
            event[1]["clientMessageId"].as_str().is_some_and(|c| c.starts_with("c-") && c.ends_with("-3-7")),
            "{event}"
        );
    }

    #[test]
    fn users_and_conversations_are_chosen_independently() {
        // The default: two users per conversation, each user in one.
        assert_eq!(layout(8, 4), [(0, 1), (2, 3), (4, 5), (6, 7)]);
        // Fewer users: each is in several conversations, never one with itself.
        let few = layout(3, 6);
        assert!(few.iter().all(|(a, b)| a != b && *a < 3 && *b < 3), "{few:?}");
        for u in 0..3 {
            assert_eq!(few.iter().filter(|(a, b)| *a == u || *b == u).count(), 4, "user {u} in {few:?}");
        }
        // More users: the last ones are in none.
        let many = layout(10, 2);
        assert_eq!(many, [(0, 1), (2, 3)]);
        assert_eq!(layout(1, 2), [(0, 1), (0, 1)], "at least two users");
    }

    #[test]
    fn replies_are_read_for_every_kind_of_server() {
        assert!(matches!(reply(Target::Souk, "2"), Reply::Ping));
        assert!(matches!(reply(Target::Souk, r#"4317[{"message":{"text":"ok"},"ok":true}]"#), Reply::Ack(17, true)));
        assert!(matches!(reply(Target::Socketio, r#"432[{"ok":true,"message":{}}]"#), Reply::Ack(2, true)));
        assert!(matches!(reply(Target::Souk, r#"439[{"ok":false,"error":{}}]"#), Reply::Ack(9, false)));
        assert!(
            matches!(reply(Target::Souk, r#"42["chat:message",{"id":"x","text":"3:120","attachment":null}]"#), Reply::Delivered(Some(t)) if t == "3:120")
        );
        assert!(matches!(reply(Target::Souk, r#"42["presence",{"online":true}]"#), Reply::Other));
        assert!(matches!(reply(Target::Ws, r#"{"ack":4}"#), Reply::Ack(4, true)));
        assert!(
            matches!(reply(Target::Ws, r#"{"conversationId":"c1","text":"1:5"}"#), Reply::Delivered(Some(t)) if t == "1:5")
        );
        assert!(matches!(reply(Target::Ws, "nope"), Reply::Malformed));
    }
}
