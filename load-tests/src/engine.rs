//! The virtual users of one generator process: each user of the worker's share follows the
//! scenario's schedule (joins, leaves, reconnect storms), holds one Socket.IO (or plain
//! WebSocket) connection to its server, and acts with the scenario's behaviour — think, type,
//! send French or Arabic messages (some with an image), answer with read receipts, ask who is
//! online, drop and reconnect, catch up with `chat:sync`. Every second the worker reports a
//! [`Tick`]; at the end its [`Totals`].

use crate::metrics::{Counters, Latencies, Tick, Totals};
use crate::population::{Population, sign_in};
use crate::scenario::{Behaviour, Distribution, Scenario, TargetKind};
use crate::ws::{self, Frame, Writer};
use base64::Engine as _;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::time::Instant;

/// What a worker is given: the scenario, the run's users (and their tokens, for Souk), its share
/// and the common start.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Assignment {
    pub scenario: Scenario,
    pub population: Population,
    /// Access tokens by user (empty for a relay).
    pub tokens: Vec<String>,
    /// This worker takes the users `k` with `k % workers == worker`.
    pub worker: usize,
    pub workers: usize,
    /// The run's start, milliseconds since the epoch (the same for every worker).
    pub start_unix_ms: u64,
}

/// What a worker reports.
#[derive(Debug, Serialize, Deserialize)]
pub enum Report {
    Tick(Tick),
    /// The end: the worker's users, and what arrived after its last tick.
    Done(Totals),
    Failed(String),
}

/// Sockets a source address holds at most: Souk allows 200 per address by default
/// (`realtime.sockets_per_address`), so sockets to 127.0.0.1 come from 127.0.x.y in turn.
const SOCKETS_PER_SOURCE: usize = 150;

pub fn unix_micros() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_micros() as u64)
}

/// A small xorshift generator: each user has its own, seeded from its index.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Uniform in (0, 1].
    pub fn unit(&mut self) -> f64 {
        ((self.next_u64() >> 11) + 1) as f64 / (1u64 << 53) as f64
    }

    pub fn chance(&mut self, p: f64) -> bool {
        p > 0.0 && self.unit() <= p
    }

    pub fn draw(&mut self, d: &Distribution) -> f64 {
        let (a, b) = (self.unit(), self.unit());
        d.sample(a, b)
    }
}

const FRENCH: &[&str] = &[
    "bonjour",
    "est-ce",
    "que",
    "l'annonce",
    "est",
    "toujours",
    "disponible",
    "le",
    "prix",
    "négociable",
    "je",
    "peux",
    "passer",
    "ce",
    "soir",
    "à",
    "Casablanca",
    "merci",
    "d'accord",
    "la",
    "voiture",
    "a",
    "combien",
    "de",
    "kilomètres",
    "livraison",
    "possible",
    "Rabat",
    "demain",
    "matin",
    "photos",
    "svp",
    "très",
    "bon",
    "état",
    "dernier",
    "appartement",
    "visite",
    "samedi",
];
const ARABIC: &[&str] = &[
    "السلام",
    "عليكم",
    "واش",
    "مازال",
    "متوفر",
    "شحال",
    "آخر",
    "ثمن",
    "ممكن",
    "نشوفو",
    "غدا",
    "فالدار",
    "البيضاء",
    "شكرا",
    "بزاف",
    "الحالة",
    "مزيانة",
    "التوصيل",
    "الرباط",
    "الصباح",
    "الصور",
    "عافاك",
    "السيارة",
    "كيلومتر",
    "الشقة",
    "السبت",
];

/// A message text of about `chars` characters in French or Arabic.
pub fn text(rng: &mut Rng, chars: usize, arabic: bool) -> String {
    let words = if arabic { ARABIC } else { FRENCH };
    let target = chars.clamp(1, 3_800);
    let mut out = String::with_capacity(target * 2);
    let mut len = 0;
    while len < target {
        if len > 0 {
            out.push(' ');
            len += 1;
        }
        let w = words[(rng.next_u64() % words.len() as u64) as usize];
        out.push_str(w);
        len += w.chars().count();
    }
    out
}

/// The id of a message sent at `unix_ms` with nothing after it: `chat:sync` from it catches up
/// with everything sent since (message ids are time-ordered UUIDv7).
pub fn sync_origin(unix_ms: u64) -> String {
    format!("{:08x}-{:04x}-7000-8000-000000000000", unix_ms >> 16, unix_ms & 0xffff)
}

/// The stamp that starts every message's text: who sent it, through which server, and when.
pub fn stamp(user: usize, target: usize, micros: u64) -> String {
    format!("~{user}.{target}.{micros}")
}

/// Reads a stamp: (user, target, unix micros).
pub fn read_stamp(text: &str) -> Option<(usize, usize, u64)> {
    let head = text.strip_prefix('~')?.split(' ').next()?;
    let mut parts = head.split('.');
    let user = parts.next()?.parse().ok()?;
    let target = parts.next()?.parse().ok()?;
    let micros = parts.next()?.parse().ok()?;
    Some((user, target, micros))
}

/// The image some messages carry (a small PNG, base64 as the Socket.IO contract allows).
fn attachment() -> String {
    let img = image::RgbImage::from_fn(48, 48, |x, y| image::Rgb([(x * 5) as u8, (y * 5) as u8, 128]));
    let mut bytes = std::io::Cursor::new(Vec::new());
    let _ = img.write_to(&mut bytes, image::ImageFormat::Png);
    base64::engine::general_purpose::STANDARD.encode(bytes.into_inner())
}

/// What the worker's users share: the current second's figures, the totals, open sockets.
struct Shared {
    tick: Mutex<(Counters, Latencies)>,
    open: AtomicU64,
    /// Past the last phase: users stop acting (sockets stay open for the drain).
    ending: AtomicBool,
    /// Past the drain: sockets close.
    closing: AtomicBool,
    start_unix_ms: u64,
    start: Instant,
    target: TargetKind,
    behaviour: Behaviour,
    urls: Vec<String>,
    attachment: String,
}

impl Shared {
    fn count(&self, f: impl FnOnce(&mut Counters)) {
        if let Ok(mut t) = self.tick.lock() {
            f(&mut t.0);
        }
    }

    fn latency(&self, f: impl FnOnce(&mut Latencies)) {
        if let Ok(mut t) = self.tick.lock() {
            f(&mut t.1);
        }
    }

    fn error(&self, kind: &str) {
        self.count(|c| c.error(kind));
    }

    fn at(&self, secs: f64) -> Instant {
        self.start + Duration::from_secs_f64(secs.max(0.0))
    }
}

/// What a user keeps across its connections.
struct UserState {
    /// The newest message id seen (live or synced).
    last_seen: Option<String>,
    /// Recent message ids, so that a message both synced and pushed counts once.
    recent: VecDeque<String>,
}

impl UserState {
    /// Notes a message; false when it was seen already.
    fn note(&mut self, id: &str) -> bool {
        if self.recent.iter().any(|r| r == id) {
            return false;
        }
        if self.recent.len() == 256 {
            self.recent.pop_front();
        }
        self.recent.push_back(id.to_owned());
        if self.last_seen.as_deref().is_none_or(|l| l < id) {
            self.last_seen = Some(id.to_owned());
        }
        true
    }
}

/// What an acknowledgement answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Send,
    Event,
    Sync,
}

/// A socket's events waiting for their acknowledgement: ack id → (kind, event, when it left).
type Pending = HashMap<u64, (Kind, &'static str, Instant)>;

/// One open socket of a user.
struct Socket {
    writer: Arc<tokio::sync::Mutex<Writer>>,
    pending: Arc<Mutex<Pending>>,
    next_id: AtomicU64,
    reader: tokio::task::JoinHandle<Ended>,
}

/// Why a socket's reader stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ended {
    Closed,
    /// `session:expired`: sign in again.
    Expired,
    /// The run closed it.
    Stopped,
}

impl Socket {
    /// Emits `event` with an acknowledgement.
    async fn emit(&self, kind: Kind, event: &'static str, payload: &Value) -> bool {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        if let Ok(mut p) = self.pending.lock() {
            p.insert(id, (kind, event, Instant::now()));
        }
        let frame = format!("42{id}{}", json!([event, payload]));
        self.writer.lock().await.text(&frame).await.is_ok()
    }
}

/// The source address of user `k`'s sockets to a 127.0.0.1 target.
fn source_for(k: usize, url: &str) -> Option<std::net::IpAddr> {
    if !url.contains("://127.0.0.1") {
        return None;
    }
    let n = k / SOCKETS_PER_SOURCE + 2;
    Some(std::net::IpAddr::V4(std::net::Ipv4Addr::new(127, 0, (n / 250) as u8, (n % 250) as u8 + 1)))
}

fn host_port(url: &str) -> String {
    url.trim_start_matches("http://").trim_end_matches('/').to_owned()
}

/// Reads a delivered message's fields.
#[derive(Deserialize)]
struct Delivered {
    #[serde(default)]
    id: Option<String>,
    #[serde(default, rename = "conversationId")]
    conversation_id: Option<String>,
    #[serde(default)]
    text: Option<String>,
}

/// Opens user `k`'s socket and starts its reader.
async fn open(shared: &Arc<Shared>, k: usize, me: &UserCtx, token: &str) -> Result<Socket, String> {
    let target_index = k % shared.urls.len();
    let url = &shared.urls[target_index];
    let started = Instant::now();
    let path = match shared.target {
        TargetKind::Ws => {
            let ids: Vec<&str> = me.conversations.iter().map(|c| c.0.as_str()).collect();
            format!("/?conversations={}", ids.join(","))
        }
        _ => "/socket.io/?EIO=4&transport=websocket".to_owned(),
    };
    let (mut reader, writer) =
        ws::connect_from(&host_port(url), &path, source_for(k, url)).await.map_err(|e| format!("connect: {e}"))?;
    let writer = Arc::new(tokio::sync::Mutex::new(writer));
    match shared.target {
        TargetKind::Souk => {
            let auth = json!({ "token": token }).to_string();
            ws::socketio_connect(&mut reader, &writer, &auth).await.map_err(|e| e.to_string())?;
        }
        TargetKind::Socketio => {
            let ids: Vec<&str> = me.conversations.iter().map(|c| c.0.as_str()).collect();
            let auth = json!({ "conversations": ids }).to_string();
            ws::socketio_connect(&mut reader, &writer, &auth).await.map_err(|e| e.to_string())?;
        }
        TargetKind::Ws => {}
    }
    shared.latency(|l| l.connect.record_micros(started.elapsed().as_micros() as u64));
    shared.count(|c| c.connects += 1);
    shared.open.fetch_add(1, Ordering::Relaxed);
    let pending: Arc<Mutex<Pending>> = Arc::default();
    let reader = tokio::spawn(read_loop(
        Arc::clone(shared),
        k,
        target_index,
        reader,
        Arc::clone(&writer),
        Arc::clone(&pending),
        Arc::clone(&me.state),
        me.rng_seed,
    ));
    Ok(Socket { writer, pending, next_id: AtomicU64::new(1), reader })
}

/// A message of another user received (live or by sync): counted once, its latency if live.
fn received(shared: &Shared, k: usize, my_target: usize, state: &Mutex<UserState>, d: &Delivered, live: bool) -> bool {
    let Some((from, from_target, micros)) = d.text.as_deref().and_then(read_stamp) else { return false };
    if from == k || micros < shared.start_unix_ms * 1000 {
        return false;
    }
    if let Some(id) = &d.id
        && !state.lock().map(|mut s| s.note(id)).unwrap_or(true)
    {
        return false;
    }
    let cross = from_target != my_target;
    if live {
        let latency = unix_micros().saturating_sub(micros);
        shared.latency(|l| {
            l.end_to_end.record_micros(latency);
            if cross {
                l.end_to_end_cross.record_micros(latency);
            }
        });
        shared.count(|c| {
            c.delivered += 1;
            if cross {
                c.delivered_cross += 1;
            }
        });
    } else {
        shared.count(|c| c.recovered += 1);
    }
    true
}

#[allow(clippy::too_many_arguments)]
async fn read_loop(
    shared: Arc<Shared>,
    k: usize,
    my_target: usize,
    mut reader: ws::Reader,
    writer: Arc<tokio::sync::Mutex<Writer>>,
    pending: Arc<Mutex<Pending>>,
    state: Arc<Mutex<UserState>>,
    seed: u64,
) -> Ended {
    let mut rng = Rng::new(seed ^ 0xA5A5);
    let mut next_read_id = 1u64 << 40;
    loop {
        let frame = reader.next(&writer).await;
        if shared.closing.load(Ordering::Relaxed) {
            return Ended::Stopped;
        }
        let text = match frame {
            Ok(Frame::Text(t)) => t,
            Ok(Frame::Binary) => continue,
            Ok(Frame::Close) | Err(_) => return Ended::Closed,
        };
        if shared.target == TargetKind::Ws {
            match serde_json::from_str::<Value>(&text) {
                Ok(v) if v.get("ack").is_some() => {
                    let id = v["ack"].as_u64().unwrap_or(0);
                    if let Some((_, _, at)) = pending.lock().ok().and_then(|mut p| p.remove(&id)) {
                        shared.latency(|l| l.ack.record_micros(at.elapsed().as_micros() as u64));
                        shared.count(|c| c.acked += 1);
                    }
                }
                Ok(v) => {
                    let d = Delivered { id: None, conversation_id: None, text: v["text"].as_str().map(str::to_owned) };
                    received(&shared, k, my_target, &state, &d, true);
                }
                Err(_) => shared.error("unreadable frame"),
            }
            continue;
        }
        if text == "2" {
            let _ = writer.lock().await.text("3").await;
            continue;
        }
        if let Some(rest) = text.strip_prefix("43") {
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            let Ok(id) = rest[..digits].parse::<u64>() else { continue };
            let arg: Value = serde_json::from_str::<Value>(&rest[digits..])
                .ok()
                .and_then(|v| v.get(0).cloned())
                .unwrap_or(Value::Null);
            let Some((kind, event, at)) = pending.lock().ok().and_then(|mut p| p.remove(&id)) else { continue };
            let micros = at.elapsed().as_micros() as u64;
            if arg["ok"] != json!(true) {
                let code = arg["error"]["code"].as_str().unwrap_or("refused acknowledgement");
                shared.error(&format!("{event}: {code}"));
                continue;
            }
            match kind {
                Kind::Send => {
                    shared.latency(|l| l.ack.record_micros(micros));
                    shared.count(|c| c.acked += 1);
                }
                Kind::Event => shared.latency(|l| l.event_ack.record_micros(micros)),
                Kind::Sync => {
                    shared.latency(|l| l.event_ack.record_micros(micros));
                    for m in arg["messages"].as_array().map(Vec::as_slice).unwrap_or_default() {
                        if let Ok(d) = serde_json::from_value::<Delivered>(m.clone()) {
                            received(&shared, k, my_target, &state, &d, false);
                        }
                    }
                }
            }
            continue;
        }
        let Some(event) = text.strip_prefix("42[\"") else {
            if text.starts_with("41") {
                return Ended::Closed;
            }
            continue;
        };
        let name = event.split('"').next().unwrap_or_default();
        match name {
            "chat:message" => {
                let body = event["chat:message\",".len()..].strip_suffix(']').unwrap_or_default();
                let Ok(d) = serde_json::from_str::<Delivered>(body) else {
                    shared.error("unreadable chat:message");
                    continue;
                };
                if received(&shared, k, my_target, &state, &d, true)
                    && shared.target == TargetKind::Souk
                    && !shared.ending.load(Ordering::Relaxed)
                    && rng.chance(shared.behaviour.read_receipt_fraction)
                    && let (Some(conversation), Some(id)) = (&d.conversation_id, &d.id)
                {
                    next_read_id += 1;
                    if let Ok(mut p) = pending.lock() {
                        p.insert(next_read_id, (Kind::Event, "chat:read", Instant::now()));
                    }
                    let frame = format!(
                        "42{next_read_id}{}",
                        json!(["chat:read", { "conversationId": conversation, "messageId": id }])
                    );
                    if writer.lock().await.text(&frame).await.is_ok() {
                        shared.count(|c| c.reads_sent += 1);
                    }
                }
            }
            "chat:typing" => shared.count(|c| c.typing_received += 1),
            "chat:read" => shared.count(|c| c.reads_received += 1),
            "session:expired" => return Ended::Expired,
            _ => {}
        }
    }
}

/// One user of the worker.
struct UserCtx {
    k: usize,
    login: String,
    password: String,
    conversations: Vec<(String, usize)>,
    state: Arc<Mutex<UserState>>,
    rng_seed: u64,
    /// The user's messages so far: client message ids stay unique across its sockets (a reused
    /// one is answered with the stored message, as the contract's idempotence says).
    sent: AtomicU64,
}

/// Why a connected session ended.
enum SessionEnd {
    /// The user leaves (its interval is over, or the run).
    Leave,
    /// Drop and connect again after a pause (churn), or at once (a storm).
    Reconnect {
        pause: bool,
    },
    Expired,
    Closed,
}

/// The user's life: its online intervals, with sessions inside them.
async fn user(shared: Arc<Shared>, scenario: Arc<Scenario>, ctx: UserCtx, mut token: String) {
    let schedule = scenario.schedule(ctx.k);
    let end_of_run = scenario.duration_s();
    let mut rng = Rng::new(ctx.rng_seed);
    let mut storms: VecDeque<f64> = schedule.reconnects.iter().copied().collect();
    for (join, leave) in schedule.online {
        let leave = leave.unwrap_or(end_of_run).min(end_of_run);
        tokio::time::sleep_until(shared.at(join)).await;
        let mut first = true;
        while shared.start.elapsed().as_secs_f64() < leave && !shared.ending.load(Ordering::Relaxed) {
            if !first {
                shared.count(|c| c.reconnects += 1);
            }
            first = false;
            let mut socket = match open(&shared, ctx.k, &ctx, &token).await {
                Ok(s) => s,
                Err(e) if e.contains("INVALID_TOKEN") || e.contains("SESSION_EXPIRED") || e.contains("expired") => {
                    if !renew(&shared, &ctx, &mut token).await {
                        tokio::time::sleep(Duration::from_secs(1)).await;
                    }
                    continue;
                }
                Err(e) => {
                    let kind = if e.contains("TOO_MANY_ATTEMPTS") {
                        "connect refused: TOO_MANY_ATTEMPTS"
                    } else if e.starts_with("connect:") {
                        "connect failed"
                    } else {
                        "connect refused"
                    };
                    shared.error(kind);
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    continue;
                }
            };
            // Catch up with what was sent while this user was away (or before it came).
            if shared.target == TargetKind::Souk {
                let since = ctx
                    .state
                    .lock()
                    .ok()
                    .and_then(|s| s.last_seen.clone())
                    .unwrap_or_else(|| sync_origin(shared.start_unix_ms));
                socket.emit(Kind::Sync, "chat:sync", &json!({ "since": since, "limit": 200 })).await;
            }
            let session_end = shared.behaviour.session_s.map(|d| rng.draw(&d));
            let next_storm = storms.front().copied().filter(|s| *s < leave);
            let mut until = leave;
            if let Some(s) = session_end {
                until = until.min(shared.start.elapsed().as_secs_f64() + s);
            }
            if let Some(s) = next_storm {
                until = until.min(s);
            }
            let outcome = act(&shared, &ctx, &mut rng, &mut socket, until).await;
            let end = match outcome {
                Some(ended) => match ended {
                    Ended::Expired => SessionEnd::Expired,
                    Ended::Closed | Ended::Stopped => SessionEnd::Closed,
                },
                None if next_storm.is_some_and(|s| s <= until) => {
                    storms.pop_front();
                    SessionEnd::Reconnect { pause: false }
                }
                None if until < leave => SessionEnd::Reconnect { pause: true },
                None => SessionEnd::Leave,
            };
            let run_over = leave >= end_of_run || shared.ending.load(Ordering::Relaxed);
            if matches!(end, SessionEnd::Leave) && run_over {
                // The run's end: keep the socket for the drain, then close it.
                while !shared.closing.load(Ordering::Relaxed) {
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            }
            let _ = socket.writer.lock().await.close().await;
            socket.reader.abort();
            shared.open.fetch_sub(1, Ordering::Relaxed);
            match end {
                SessionEnd::Leave => break,
                SessionEnd::Reconnect { pause } => {
                    if pause {
                        let ms = rng.draw(&shared.behaviour.reconnect_pause_ms);
                        tokio::time::sleep(Duration::from_secs_f64(ms / 1000.0)).await;
                    }
                }
                SessionEnd::Expired => {
                    renew(&shared, &ctx, &mut token).await;
                }
                SessionEnd::Closed => {
                    if !shared.ending.load(Ordering::Relaxed) {
                        shared.error("socket closed by the server");
                        tokio::time::sleep(Duration::from_millis(500)).await;
                    }
                }
            }
        }
    }
}

/// Signs in again (an expired or refused token).
async fn renew(shared: &Shared, ctx: &UserCtx, token: &mut String) -> bool {
    if shared.target != TargetKind::Souk {
        return false;
    }
    let http = reqwest::Client::new();
    match sign_in(&http, &shared.urls[0], &ctx.login, &ctx.password).await {
        Ok(t) => {
            *token = t;
            shared.count(|c| c.sign_ins += 1);
            true
        }
        Err(_) => {
            shared.error("sign-in failed");
            false
        }
    }
}

/// Acts until `until` (seconds from the start) or the run's end; answers why the reader
/// stopped if it did first.
async fn act(shared: &Arc<Shared>, ctx: &UserCtx, rng: &mut Rng, socket: &mut Socket, until: f64) -> Option<Ended> {
    let b = &shared.behaviour;
    let deadline = shared.at(until);
    let mine: Vec<&(String, usize)> = ctx.conversations.iter().take(b.conversations_per_user.max(1)).collect();
    let my_target = ctx.k % shared.urls.len();
    loop {
        let think = Duration::from_secs_f64(rng.draw(&b.think_time_ms) / 1000.0);
        let wake = (Instant::now() + think).min(deadline);
        tokio::select! {
            _ = tokio::time::sleep_until(wake) => {}
            // The reader stopped: the socket is gone (or the session expired).
            ended = &mut socket.reader => return Some(ended.unwrap_or(Ended::Closed)),
        }
        if Instant::now() >= deadline || shared.ending.load(Ordering::Relaxed) {
            return None;
        }
        let souk = shared.target == TargetKind::Souk;
        if souk && rng.chance(b.presence_query_fraction) {
            socket.emit(Kind::Event, "chat:list", &json!({ "limit": 20 })).await;
            shared.count(|c| c.presence_queries += 1);
            continue;
        }
        let Some((conversation, _)) = mine.get((rng.next_u64() % mine.len().max(1) as u64) as usize) else {
            continue;
        };
        if souk && rng.chance(b.typing_fraction) {
            socket.emit(Kind::Event, "chat:typing", &json!({ "conversationId": conversation, "typing": true })).await;
            shared.count(|c| c.typing_sent += 1);
            let typing = Duration::from_secs_f64(rng.draw(&b.typing_ms) / 1000.0);
            tokio::time::sleep_until((Instant::now() + typing).min(deadline)).await;
            if Instant::now() >= deadline || shared.ending.load(Ordering::Relaxed) {
                return None;
            }
        }
        let chars = rng.draw(&b.message_length).round() as usize;
        let arabic = rng.chance(b.arabic_fraction);
        let body = text(rng, chars, arabic);
        let message = format!("{} {body}", stamp(ctx.k, my_target, unix_micros()));
        let seq = ctx.sent.fetch_add(1, Ordering::Relaxed) + 1;
        let ok = match shared.target {
            TargetKind::Ws => {
                let id = socket.next_id.fetch_add(1, Ordering::Relaxed);
                if let Ok(mut p) = socket.pending.lock() {
                    p.insert(id, (Kind::Send, "send", Instant::now()));
                }
                let frame = json!({ "conversationId": conversation, "clientMessageId": id, "text": message });
                socket.writer.lock().await.text(&frame.to_string()).await.is_ok()
            }
            _ => {
                let mut payload = json!({
                    "conversationId": conversation,
                    "clientMessageId": format!("l-{}-{}-{seq}", ctx.k, shared.start_unix_ms),
                    "text": message,
                });
                if souk && rng.chance(b.attachment_fraction) {
                    payload["attachment"] = json!({ "name": "photo.png", "data": shared.attachment });
                    shared.count(|c| c.attachments += 1);
                }
                socket.emit(Kind::Send, "chat:send", &payload).await
            }
        };
        if ok {
            shared.count(|c| c.sent += 1);
        } else {
            shared.error("send failed (socket closed)");
        }
    }
}

/// Runs a worker's share of the scenario; reports every second and at the end.
pub async fn run(a: Assignment, out: tokio::sync::mpsc::UnboundedSender<Report>) {
    let scenario = Arc::new(a.scenario.clone());
    let wait = a.start_unix_ms.saturating_sub(unix_micros() / 1000);
    let start = Instant::now() + Duration::from_millis(wait);
    let shared = Arc::new(Shared {
        tick: Mutex::default(),
        open: AtomicU64::new(0),
        ending: AtomicBool::new(false),
        closing: AtomicBool::new(false),
        start_unix_ms: a.start_unix_ms,
        start,
        target: scenario.target,
        behaviour: scenario.behaviour.clone(),
        urls: scenario.urls.clone(),
        attachment: attachment(),
    });
    let mut users = tokio::task::JoinSet::new();
    let mut mine = 0u64;
    for (k, u) in a.population.users.iter().enumerate() {
        if k % a.workers.max(1) != a.worker {
            continue;
        }
        mine += 1;
        let ctx = UserCtx {
            k,
            login: u.login.clone(),
            password: u.password.clone(),
            conversations: u.conversations.clone(),
            state: Arc::new(Mutex::new(UserState { last_seen: None, recent: VecDeque::new() })),
            rng_seed: (k as u64 + 1).wrapping_mul(0x2545_F491_4F6C_DD1D) ^ a.start_unix_ms,
            sent: AtomicU64::new(0),
        };
        let token = a.tokens.get(k).cloned().unwrap_or_default();
        users.spawn(user(Arc::clone(&shared), Arc::clone(&scenario), ctx, token));
    }
    let phases_end = scenario.duration_s();
    let drain_end = phases_end + scenario.drain_s.clamp(0.0, 60.0);
    let mut second = 0u64;
    loop {
        second += 1;
        tokio::time::sleep_until(shared.at(second as f64)).await;
        let elapsed = second as f64;
        if elapsed >= phases_end {
            shared.ending.store(true, Ordering::Relaxed);
        }
        let (counters, latencies) = shared.tick.lock().map(|mut t| std::mem::take(&mut *t)).unwrap_or_default();
        let tick = Tick { second, counters, latencies, open: shared.open.load(Ordering::Relaxed) };
        if out.send(Report::Tick(tick)).is_err() {
            break;
        }
        if elapsed >= drain_end {
            break;
        }
    }
    shared.closing.store(true, Ordering::Relaxed);
    shared.ending.store(true, Ordering::Relaxed);
    let bound = tokio::time::Instant::now() + Duration::from_secs(10);
    while tokio::time::timeout_at(bound, users.join_next()).await.ok().flatten().is_some() {}
    users.abort_all();
    // The ticks carried everything until the drain's end; the final report carries the users and
    // what arrived while closing (it belongs to the run's totals, not to a second of it).
    let (counters, latencies) = shared.tick.lock().map(|mut t| std::mem::take(&mut *t)).unwrap_or_default();
    let _ = out.send(Report::Done(Totals { counters, latencies, users: mine }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_round_trip_and_texts_have_their_length() {
        let s = stamp(1234, 2, 1_795_000_000_123_456);
        assert_eq!(read_stamp(&format!("{s} bonjour")), Some((1234, 2, 1_795_000_000_123_456)));
        assert_eq!(read_stamp("bonjour"), None);
        assert_eq!(read_stamp("~1.x.3 a"), None);
        let mut rng = Rng::new(7);
        let fr = text(&mut rng, 120, false);
        let n = fr.chars().count();
        assert!((120..140).contains(&n), "{n}: {fr}");
        let ar = text(&mut rng, 60, true);
        assert!(ar.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)), "{ar}");
        assert!(text(&mut rng, 100_000, false).chars().count() <= 4_000, "under the server's limit");
    }

    #[test]
    fn a_sync_origin_is_a_time_ordered_id() {
        let a = sync_origin(1_795_000_000_000);
        assert_eq!(a.len(), 36);
        assert!(a < sync_origin(1_795_000_000_001));
        // A UUIDv7 made at that millisecond sorts after it.
        assert!(a.as_str() < "01a1e1a8-3400-7fff-bfff-ffffffffffff" || a.starts_with("01a1"));
    }

    #[test]
    fn a_user_counts_each_message_once() {
        let mut s = UserState { last_seen: None, recent: VecDeque::new() };
        assert!(s.note("0193-b"));
        assert!(!s.note("0193-b"));
        assert!(s.note("0193-a"));
        assert_eq!(s.last_seen.as_deref(), Some("0193-b"), "the newest, not the last noted");
        for i in 0..300 {
            s.note(&format!("0194-{i:04}"));
        }
        assert_eq!(s.recent.len(), 256, "bounded");
    }

    #[test]
    fn sources_spread_over_loopback_addresses() {
        let a = source_for(0, "http://127.0.0.1:8080");
        let b = source_for(SOCKETS_PER_SOURCE, "http://127.0.0.1:8080");
        assert!(a.is_some() && b.is_some() && a != b);
        assert_eq!(source_for(SOCKETS_PER_SOURCE - 1, "http://127.0.0.1:8080"), a);
        assert_eq!(source_for(0, "http://localhost:8080"), None);
    }
}
