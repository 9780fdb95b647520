//! The `orders` scenario (issue 23): cash-on-delivery checkouts with live order alerts.
//!
//! One e-commerce shop owner signs in and opens a Socket.IO connection (the alert receiver);
//! one of the shop's products gets a big stock, so that every checkout of the run reserves
//! units of the same row (contention on one product); N buyers register; then `placeOrder`
//! requests leave at a fixed rate for a bounded time, each with its own order key, spread over
//! the buyers. The rate is open-loop: orders leave when they are due, whatever the answers of
//! the earlier ones are doing (a slow server queues them; it does not slow the offer).
//!
//! It measures, with HDR histograms (microseconds, 3 significant digits):
//! - checkout latency: request sent → answer received;
//! - alert latency: the `order:new` event's arrival on the owner's socket − its `committedAt`
//!   (the server's clock when the order was committed, before fan-out; the same machine's clock,
//!   milliseconds since the epoch, so the figure is up to 1 ms over the true one);
//! - request sent → alert received, by order id;
//!
//! and the orders per second achieved, the errors by code, and the alerts missing at the end:
//! every order the server answered must reach the owner's socket as an `order:new`.

use crate::ws::{self, Frame, Packet};
use hdrhistogram::Histogram;
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

type Error = Box<dyn std::error::Error + Send + Sync>;

/// The most buyers a run registers.
pub const MAX_BUYERS: usize = 1000;
/// The highest rate a run offers, in orders per second.
pub const MAX_RATE: u64 = 20_000;
/// Requests waiting for their answer at most; an order due beyond it is not sent and is
/// counted (the generator's limit, reported as such, never a silent slow-down).
const MAX_IN_FLIGHT: u64 = 4096;
/// The product's stock at the start of a run (the most `adjustProductStock` takes).
const STOCK: i64 = 100_000;
/// How long one checkout may take before it counts as an error.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);
/// After the last answer, how long the alerts of the answered orders may take to arrive.
const ALERT_GRACE: Duration = Duration::from_secs(10);
/// Histogram bounds, microseconds.
const HIST_MAX_US: u64 = 300_000_000;
const BUYER_PASSWORD: &str = "souk-load-2026";

const PLACE: &str = "mutation placeOrder($i: PlaceOrderInput!) { placeOrder(input: $i) { id } }";
const PRODUCTS: &str = "query getMyProducts($q: ProductsQuery!) { getMyProducts(query: $q) { count products { id listId name units status } } }";
const ADJUST: &str = "mutation adjustProductStock($id: String!, $u: Int!) { adjustProductStock(id: $id, units: $u) { id listId name units status } }";
const REGISTER: &str =
    "mutation registerAccount($i: RegisterAccountInput!) { registerAccount(input: $i) { login { accessToken } } }";
const ME: &str = "query { getMyAccountInfo { id name } }";

pub struct Options {
    pub url: String,
    /// The shop owner's login; None: the first e-commerce shop of the demo.
    pub login: Option<String>,
    pub password: String,
    /// The product's list id; None: the shop's first active product.
    pub list_id: Option<i64>,
    pub buyers: usize,
    pub rate: u64,
    pub duration: Duration,
    pub warmup: Duration,
    pub server_pid: Option<u32>,
}

/// An order the server answered.
struct Placed {
    sent: Instant,
    /// Sent during the measured window (not the warm-up).
    measured: bool,
}

/// An `order:new` received on the owner's socket.
struct Alert {
    at: Instant,
    /// Receive time − `committedAt`, microseconds.
    latency_us: i64,
}

/// What the senders, the answers and the socket reader share.
struct Shared {
    measuring: AtomicBool,
    sent: AtomicU64,
    sent_measured: AtomicU64,
    placed: AtomicU64,
    /// Successful answers that arrived during the measured window.
    placed_in_window: AtomicU64,
    errors: AtomicU64,
    /// Orders due while `MAX_IN_FLIGHT` requests were waiting: not sent.
    skipped: AtomicU64,
    in_flight: AtomicU64,
    alerts_received: AtomicU64,
    duplicate_alerts: AtomicU64,
    malformed_alerts: AtomicU64,
    /// Error code → (count, the first message seen).
    error_codes: Mutex<BTreeMap<String, (u64, String)>>,
    checkout_us: Mutex<Histogram<u64>>,
    placed_orders: Mutex<HashMap<String, Placed>>,
    alerts: Mutex<HashMap<String, Alert>>,
    /// Why the owner's socket ended before the run did, if it did.
    socket_lost: Mutex<Option<String>>,
}

impl Shared {
    fn new() -> Result<Shared, Error> {
        Ok(Shared {
            measuring: AtomicBool::new(false),
            sent: AtomicU64::new(0),
            sent_measured: AtomicU64::new(0),
            placed: AtomicU64::new(0),
            placed_in_window: AtomicU64::new(0),
            errors: AtomicU64::new(0),
            skipped: AtomicU64::new(0),
            in_flight: AtomicU64::new(0),
            alerts_received: AtomicU64::new(0),
            duplicate_alerts: AtomicU64::new(0),
            malformed_alerts: AtomicU64::new(0),
            error_codes: Mutex::new(BTreeMap::new()),
            checkout_us: Mutex::new(histogram()?),
            placed_orders: Mutex::new(HashMap::new()),
            alerts: Mutex::new(HashMap::new()),
            socket_lost: Mutex::new(None),
        })
    }

    fn error(&self, code: &str, message: &str) {
        self.errors.fetch_add(1, Ordering::Relaxed);
        if let Ok(mut codes) = self.error_codes.lock() {
            let entry = codes.entry(code.to_owned()).or_insert_with(|| (0, message.chars().take(160).collect()));
            entry.0 += 1;
        }
    }

    /// Answered orders whose alert has not arrived (yet).
    fn missing_alerts(&self) -> u64 {
        let (Ok(placed), Ok(alerts)) = (self.placed_orders.lock(), self.alerts.lock()) else { return u64::MAX };
        placed.keys().filter(|id| !alerts.contains_key(*id)).count() as u64
    }
}

fn histogram() -> Result<Histogram<u64>, Error> {
    Ok(Histogram::new_with_bounds(1, HIST_MAX_US, 3)?)
}

fn micros(d: Duration) -> u64 {
    u64::try_from(d.as_micros()).unwrap_or(u64::MAX)
}

/// Microseconds since the epoch, this machine's clock (the server's too: loopback only).
fn epoch_micros() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| i64::try_from(d.as_micros()).unwrap_or(i64::MAX))
}

/// "p50 a p90 b p99 c max d" in milliseconds, from a histogram of microseconds.
fn quantiles(h: &Histogram<u64>) -> String {
    if h.is_empty() {
        return "p50 - p90 - p99 - max - (no samples)".into();
    }
    let ms = |us: u64| us as f64 / 1000.0;
    format!(
        "p50 {:.2} p90 {:.2} p99 {:.2} max {:.2} ({} samples)",
        ms(h.value_at_quantile(0.50)),
        ms(h.value_at_quantile(0.90)),
        ms(h.value_at_quantile(0.99)),
        ms(h.max()),
        h.len()
    )
}

/// A GraphQL call; a GraphQL error becomes an `Err` naming its code.
async fn gql(
    client: &reqwest::Client,
    endpoint: &str,
    token: Option<&str>,
    query: &str,
    variables: Value,
) -> Result<Value, Error> {
    let mut req = client.post(endpoint).json(&json!({ "query": query, "variables": variables }));
    if let Some(t) = token {
        req = req.header("Authorization", format!("Bearer {t}"));
    }
    let res: Value = req.send().await?.json().await?;
    if let Some(e) = res["errors"].get(0) {
        let code = e["extensions"]["code"].as_str().unwrap_or("GRAPHQL_ERROR");
        return Err(format!("{code}: {}", e["message"].as_str().unwrap_or("")).into());
    }
    Ok(res)
}

/// The first e-commerce shop of the demo, as `souk serve --demo` prints it (kind `ecommerce`):
/// a public login, written here rather than read from the server's code.
const DEMO_ECOMMERCE_LOGIN: &str = "contact@phonecity-marrakech.ma";

/// The product every checkout buys: `list_id`'s, or the shop's first active (else out of stock)
/// product; its stock is set to `STOCK`. Answers (list id, name).
async fn prepare_product(
    client: &reqwest::Client,
    endpoint: &str,
    token: &str,
    list_id: Option<i64>,
) -> Result<(i64, String), Error> {
    let page =
        gql(client, endpoint, Some(token), PRODUCTS, json!({ "q": { "page": { "number": 1, "size": 50 } } })).await?;
    let products = page["data"]["getMyProducts"]["products"].as_array().cloned().unwrap_or_default();
    let chosen = match list_id {
        Some(l) => products.iter().find(|p| p["listId"].as_i64() == Some(l)),
        None => products
            .iter()
            .find(|p| p["status"] == "active")
            .or_else(|| products.iter().find(|p| p["status"] == "outOfStock")),
    }
    .ok_or_else(|| match list_id {
        Some(l) => format!("the shop has no product on ad {l} (among its first 50)"),
        None => "the shop has no active or out-of-stock product (is the server seeded with --demo?)".into(),
    })?;
    let id = chosen["id"].as_str().ok_or("a product without an id")?;
    let adjusted = gql(client, endpoint, Some(token), ADJUST, json!({ "id": id, "u": STOCK })).await?;
    let p = &adjusted["data"]["adjustProductStock"];
    if p["status"] != "active" {
        return Err(format!("the product is not for sale after restocking: {p}").into());
    }
    let list_id = p["listId"].as_i64().ok_or("a product without a list id")?;
    Ok((list_id, p["name"].as_str().unwrap_or("").to_owned()))
}

/// A person's name of letters only (the registration refuses digits): "Acheteur Ab", ….
fn buyer_name(i: usize) -> String {
    let mut n = i;
    let mut suffix = String::new();
    loop {
        suffix.insert(0, char::from(b'a' + (n % 26) as u8));
        n /= 26;
        if n == 0 {
            break;
        }
    }
    let mut chars = suffix.chars();
    let first = chars.next().map(|c| c.to_ascii_uppercase()).unwrap_or('A');
    format!("Acheteur {first}{}", chars.as_str())
}

/// Registers `n` private buyers with fresh mobile numbers; answers their access tokens.
async fn register_buyers(client: &reqwest::Client, endpoint: &str, n: usize) -> Result<Vec<String>, Error> {
    // Numbers that differ from one run to the next; a taken one is retried with another.
    let seed = (epoch_micros().unsigned_abs() / 1000) % 100_000_000;
    let register = |i: usize| async move {
        let mut last = String::new();
        for attempt in 0..5u64 {
            let number = (seed + i as u64 * 7_919 + attempt * 15_485_863) % 100_000_000;
            let input = json!({
                "type": "private", "name": buyer_name(i), "phone": format!("06{number:08}"), "cityId": 1,
                "password": BUYER_PASSWORD, "passwordConfirmation": BUYER_PASSWORD,
            });
            match gql(client, endpoint, None, REGISTER, json!({ "i": input })).await {
                Ok(r) => {
                    if let Some(t) = r["data"]["registerAccount"]["login"]["accessToken"].as_str() {
                        return Ok(t.to_owned());
                    }
                    last = format!("no token in {r}");
                }
                Err(e) => last = e.to_string(),
            }
        }
        Err::<String, Error>(format!("buyer {i} could not register: {last}").into())
    };
    let mut tokens = Vec::with_capacity(n);
    // A few at a time: each costs the server a password hash.
    for chunk in (0..n).collect::<Vec<_>>().chunks(4) {
        for t in futures_util::future::join_all(chunk.iter().map(|&i| register(i))).await {
            tokens.push(t?);
        }
    }
    Ok(tokens)
}

/// Opens the owner's Socket.IO connection; its reader notes every `order:new` until `done`.
async fn alert_socket(
    addr: &str,
    token: &str,
    shared: Arc<Shared>,
    done: Arc<AtomicBool>,
) -> Result<tokio::task::JoinHandle<()>, Error> {
    let (mut reader, writer) = ws::socketio_session(addr, token).await?;
    Ok(tokio::spawn(async move {
        let lost = loop {
            let frame = match reader.next(&writer).await {
                Ok(f) => f,
                Err(e) => break format!("read failed: {e}"),
            };
            // The arrival, before any parsing.
            let (at, at_us) = (Instant::now(), epoch_micros());
            let text = match frame {
                Frame::Text(t) => t,
                Frame::Binary => continue,
                Frame::Close => break "closed by the server".to_owned(),
            };
            match ws::parse(&text) {
                Packet::Ping => {
                    if let Err(e) = writer.lock().await.text("3").await {
                        break format!("pong failed: {e}");
                    }
                }
                Packet::Event(name, args) if name == "order:new" => {
                    let alert = args.first();
                    let id = alert.and_then(|a| a["order"]["id"].as_str());
                    let committed = alert.and_then(|a| a["committedAt"].as_i64());
                    let (Some(id), Some(committed)) = (id, committed) else {
                        shared.malformed_alerts.fetch_add(1, Ordering::Relaxed);
                        continue;
                    };
                    shared.alerts_received.fetch_add(1, Ordering::Relaxed);
                    let alert = Alert { at, latency_us: at_us - committed * 1000 };
                    let before = shared.alerts.lock().ok().and_then(|mut a| a.insert(id.to_owned(), alert));
                    if before.is_some() {
                        shared.duplicate_alerts.fetch_add(1, Ordering::Relaxed);
                    }
                }
                _ => {}
            }
        };
        if !done.load(Ordering::Relaxed)
            && let Ok(mut l) = shared.socket_lost.lock()
        {
            *l = Some(lost);
        }
    }))
}

/// One checkout: sends it, reads the answer, notes the outcome.
async fn place_one(
    client: reqwest::Client,
    endpoint: Arc<str>,
    auth: Arc<str>,
    body: String,
    shared: Arc<Shared>,
    measured: bool,
) {
    let sent = Instant::now();
    let res = client
        .post(&*endpoint)
        .header("content-type", "application/json")
        .header("Authorization", &*auth)
        .body(body)
        .send()
        .await;
    let outcome: Result<String, (String, String)> = match res {
        Ok(r) if r.status().is_success() => match r.bytes().await {
            Ok(bytes) => match serde_json::from_slice::<Value>(&bytes) {
                Ok(v) => match (v["data"]["placeOrder"]["id"].as_str(), v["errors"].get(0)) {
                    (Some(id), None) => Ok(id.to_owned()),
                    (_, Some(e)) => Err((
                        e["extensions"]["code"].as_str().unwrap_or("GRAPHQL_ERROR").to_owned(),
                        e["message"].as_str().unwrap_or("").to_owned(),
                    )),
                    (None, None) => Err(("NO_ORDER_ID".into(), v.to_string())),
                },
                Err(e) => Err(("UNREADABLE_ANSWER".into(), e.to_string())),
            },
            Err(e) => Err((transport_code(&e).into(), e.to_string())),
        },
        Ok(r) => Err((format!("HTTP_{}", r.status().as_u16()), String::new())),
        Err(e) => Err((transport_code(&e).into(), e.to_string())),
    };
    let took = sent.elapsed();
    match outcome {
        Ok(id) => {
            shared.placed.fetch_add(1, Ordering::Relaxed);
            if shared.measuring.load(Ordering::Relaxed) {
                shared.placed_in_window.fetch_add(1, Ordering::Relaxed);
            }
            if measured && let Ok(mut h) = shared.checkout_us.lock() {
                h.saturating_record(micros(took).max(1));
            }
            if let Ok(mut p) = shared.placed_orders.lock() {
                p.insert(id, Placed { sent, measured });
            }
        }
        Err((code, message)) => shared.error(&code, &message),
    }
    shared.in_flight.fetch_sub(1, Ordering::Relaxed);
}

fn transport_code(e: &reqwest::Error) -> &'static str {
    if e.is_timeout() {
        "TIMEOUT"
    } else if e.is_connect() {
        "CONNECT"
    } else {
        "TRANSPORT"
    }
}

/// The request body of order `seq` by buyer `buyer`, written straight into its text.
fn order_body(run: &str, seq: u64, list_id: i64, delivery: &str) -> String {
    format!(
        "{{\"query\":{},\"operationName\":\"placeOrder\",\"variables\":{{\"i\":{{\"orderKey\":\"load-{run}-{seq}\",\"listId\":{list_id},\"quantity\":1,\"paymentMethod\":\"cod\",\"delivery\":{delivery},\"rememberDetails\":false}}}}}}",
        Value::from(PLACE)
    )
}

/// The delivery details of buyer `i`.
fn delivery(i: usize) -> String {
    json!({
        "fullName": buyer_name(i),
        "email": format!("acheteur{i}@example.ma"),
        "phone": "0612345678",
        "address": format!("{} rue Ibn Sina, Agdal", 1 + i),
        "cityId": 1,
    })
    .to_string()
}

pub async fn run(o: Options) -> Result<(), Error> {
    let base = o.url.trim_end_matches('/').to_owned();
    let endpoint = format!("{base}/graphql");
    let addr = base.trim_start_matches("http://").to_owned();
    let (rate, n) = (o.rate.clamp(1, MAX_RATE), o.buyers.clamp(1, MAX_BUYERS));
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(MAX_IN_FLIGHT as usize)
        .tcp_nodelay(true)
        .timeout(REQUEST_TIMEOUT)
        .build()?;

    // The shop owner, the product, the owner's socket.
    let login = match o.login {
        Some(l) => l,
        None => DEMO_ECOMMERCE_LOGIN.to_owned(),
    };
    let owner = crate::population::sign_in(&client, &base, &login, &o.password).await?;
    let me = gql(&client, &endpoint, Some(&owner), ME, json!({})).await?;
    let shop = me["data"]["getMyAccountInfo"]["name"].as_str().unwrap_or("?").to_owned();
    let (list_id, product) = prepare_product(&client, &endpoint, &owner, o.list_id).await?;
    let needed = rate * (o.warmup + o.duration).as_secs();
    eprintln!(
        "souk-load orders: shop {shop} ({login}), product {list_id} \"{product}\" restocked to {STOCK} units{}",
        if needed > STOCK as u64 {
            format!(" (the run offers {needed} orders: the stock will run out)")
        } else {
            String::new()
        }
    );
    let shared = Arc::new(Shared::new()?);
    let done = Arc::new(AtomicBool::new(false));
    let reader = alert_socket(&addr, &owner, Arc::clone(&shared), Arc::clone(&done)).await?;

    eprintln!("souk-load orders: registering {n} buyers");
    let registering = Instant::now();
    let tokens = register_buyers(&client, &endpoint, n).await?;
    let auths: Arc<Vec<Arc<str>>> = Arc::new(tokens.iter().map(|t| Arc::from(format!("Bearer {t}"))).collect());
    let deliveries: Arc<Vec<String>> = Arc::new((0..n).map(delivery).collect());
    eprintln!(
        "souk-load orders: {n} buyers in {:.1} s; {rate} checkouts/s for {} s after a {} s warm-up, open loop",
        registering.elapsed().as_secs_f64(),
        o.duration.as_secs(),
        o.warmup.as_secs()
    );

    // The offer: every millisecond (the timer's grain) what is due at the rate leaves, each order
    // in its own task, whatever the earlier ones are waiting for.
    let run_id = format!("{:x}{:x}", epoch_micros() / 1000, std::process::id());
    let endpoint: Arc<str> = Arc::from(endpoint);
    let stop = Arc::new(AtomicBool::new(false));
    let sender = {
        let (client, endpoint, shared, stop) =
            (client.clone(), Arc::clone(&endpoint), Arc::clone(&shared), Arc::clone(&stop));
        let (auths, deliveries) = (Arc::clone(&auths), Arc::clone(&deliveries));
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_millis(1));
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
            let started = Instant::now();
            let mut seq = 0u64;
            while !stop.load(Ordering::Relaxed) {
                tick.tick().await;
                let due = (started.elapsed().as_secs_f64() * rate as f64) as u64 + 1;
                while seq < due {
                    seq += 1;
                    if shared.in_flight.load(Ordering::Relaxed) >= MAX_IN_FLIGHT {
                        shared.skipped.fetch_add(1, Ordering::Relaxed);
                        continue;
                    }
                    let measured = shared.measuring.load(Ordering::Relaxed);
                    shared.in_flight.fetch_add(1, Ordering::Relaxed);
                    shared.sent.fetch_add(1, Ordering::Relaxed);
                    if measured {
                        shared.sent_measured.fetch_add(1, Ordering::Relaxed);
                    }
                    let buyer = (seq % auths.len() as u64) as usize;
                    let body = order_body(&run_id, seq, list_id, &deliveries[buyer]);
                    tokio::spawn(place_one(
                        client.clone(),
                        Arc::clone(&endpoint),
                        Arc::clone(&auths[buyer]),
                        body,
                        Arc::clone(&shared),
                        measured,
                    ));
                }
            }
        })
    };

    let cpu = |pid: u32| crate::realtime::cpu_secs(pid);
    let own_pid = std::process::id();
    let started = Instant::now();
    let total = o.warmup + o.duration;
    let (mut window_start, mut window) = (None, Duration::ZERO);
    let (mut server_cpu0, mut own_cpu0, mut rss0) = (None, None, None);
    let mut last_placed = 0;
    let mut next_report = Duration::from_secs(1);
    loop {
        let elapsed = started.elapsed();
        if window_start.is_none() && elapsed >= o.warmup {
            server_cpu0 = o.server_pid.and_then(cpu);
            own_cpu0 = cpu(own_pid);
            rss0 = o.server_pid.and_then(crate::realtime::rss_kib);
            shared.measuring.store(true, Ordering::Relaxed);
            window_start = Some(Instant::now());
        }
        if elapsed >= total {
            break;
        }
        let mut wake = next_report.min(total);
        if window_start.is_none() {
            wake = wake.min(o.warmup);
        }
        tokio::time::sleep(wake.saturating_sub(elapsed)).await;
        if started.elapsed() >= next_report {
            next_report += Duration::from_secs(1);
            let placed = shared.placed.load(Ordering::Relaxed);
            eprint!(
                "\r  {:>4}s{}  sent {:>8}  placed {:>8} ({:>5}/s)  alerts {:>8}  errors {}  in flight {}   ",
                started.elapsed().as_secs(),
                if shared.measuring.load(Ordering::Relaxed) { "" } else { " (warm-up)" },
                shared.sent.load(Ordering::Relaxed),
                placed,
                placed - last_placed,
                shared.alerts_received.load(Ordering::Relaxed),
                shared.errors.load(Ordering::Relaxed),
                shared.in_flight.load(Ordering::Relaxed),
            );
            let _ = std::io::stderr().flush();
            last_placed = placed;
        }
    }
    shared.measuring.store(false, Ordering::Relaxed);
    if let Some(w) = window_start {
        window = w.elapsed();
    }
    let server_cores = match (server_cpu0, o.server_pid.and_then(cpu)) {
        (Some(a), Some(b)) => format!("{:.2}", (b - a) / window.as_secs_f64().max(0.001)),
        _ => "?".into(),
    };
    let own_cores = match (own_cpu0, cpu(own_pid)) {
        (Some(a), Some(b)) => format!("{:.2}", (b - a) / window.as_secs_f64().max(0.001)),
        _ => "?".into(),
    };
    let rss1 = o.server_pid.and_then(crate::realtime::rss_kib);
    stop.store(true, Ordering::Relaxed);
    let _ = sender.await;
    eprintln!();

    // The drain: every answer (each request has its own time bound), then their alerts.
    let draining = Instant::now();
    while shared.in_flight.load(Ordering::Relaxed) > 0 && draining.elapsed() < REQUEST_TIMEOUT + Duration::from_secs(5)
    {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let waiting = Instant::now();
    while shared.missing_alerts() > 0
        && waiting.elapsed() < ALERT_GRACE
        && shared.socket_lost.lock().map(|l| l.is_none()).unwrap_or(false)
    {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    eprintln!(
        "souk-load orders: answers drained in {:.2} s, alerts in {:.2} s more",
        (waiting - draining).as_secs_f64(),
        waiting.elapsed().as_secs_f64()
    );
    done.store(true, Ordering::Relaxed);
    reader.abort();

    // The join of answers and alerts, by order id.
    let (mut alert_us, mut e2e_us) = (histogram()?, histogram()?);
    let (mut missing, mut unexpected, placed_total) = (0u64, 0u64, shared.placed.load(Ordering::Relaxed));
    {
        let placed = shared.placed_orders.lock().map_err(|_| "poisoned")?;
        let alerts = shared.alerts.lock().map_err(|_| "poisoned")?;
        for (id, p) in placed.iter() {
            match alerts.get(id) {
                Some(a) if p.measured => {
                    alert_us.saturating_record(a.latency_us.max(1) as u64);
                    e2e_us.saturating_record(micros(a.at.saturating_duration_since(p.sent)).max(1));
                }
                Some(_) => {}
                None => missing += 1,
            }
        }
        for id in alerts.keys() {
            if !placed.contains_key(id) {
                unexpected += 1;
            }
        }
    }
    let checkout_us = shared.checkout_us.lock().map_err(|_| "poisoned")?.clone();
    let secs = window.as_secs_f64().max(0.001);
    let (sent_m, placed_w) =
        (shared.sent_measured.load(Ordering::Relaxed), shared.placed_in_window.load(Ordering::Relaxed));
    let achieved = placed_w as f64 / secs;
    let errors = shared.errors.load(Ordering::Relaxed);
    let ms = |us: u64| us as f64 / 1000.0;

    println!(
        "orders: shop {shop} ({login}), product {list_id} \"{product}\" ({STOCK} units at the start), {n} buyers; offered {rate}/s for {:.1} s after a {} s warm-up",
        secs,
        o.warmup.as_secs()
    );
    println!(
        "  sent {sent_m} in the window ({:.1}/s), {placed_w} answered placed in it = {achieved:.1} orders/s achieved; in all (warm-up and drain included) {} sent, {placed_total} placed; not sent (generator's cap of {MAX_IN_FLIGHT} in flight) {}",
        sent_m as f64 / secs,
        shared.sent.load(Ordering::Relaxed),
        shared.skipped.load(Ordering::Relaxed)
    );
    println!("  checkout ms (request sent -> answer):             {}", quantiles(&checkout_us));
    println!("  alert ms (owner's socket receive - committedAt):  {}", quantiles(&alert_us));
    println!("  request sent -> alert received ms:                {}", quantiles(&e2e_us));
    println!(
        "  alerts: {} received for {placed_total} orders placed; missing {missing}; for no answered order {unexpected}; duplicates {}; unreadable {}",
        shared.alerts_received.load(Ordering::Relaxed),
        shared.duplicate_alerts.load(Ordering::Relaxed),
        shared.malformed_alerts.load(Ordering::Relaxed)
    );
    let codes = shared.error_codes.lock().map(|c| c.clone()).unwrap_or_default();
    if codes.is_empty() {
        println!("  errors by code: none");
    } else {
        println!(
            "  errors by code: {}",
            codes.iter().map(|(code, (count, _))| format!("{code} {count}")).collect::<Vec<_>>().join(", ")
        );
        for (code, (_, message)) in &codes {
            println!("    {code}: {message}");
        }
    }
    if let Some(lost) = shared.socket_lost.lock().ok().and_then(|l| l.clone()) {
        println!("  the owner's socket ended during the run: {lost}");
    }
    println!(
        "  server CPU {server_cores} cores, RSS {} -> {} KiB; generator CPU {own_cores} cores",
        rss0.map_or("?".into(), |k: u64| k.to_string()),
        rss1.map_or("?".into(), |k: u64| k.to_string()),
    );
    // "-" where nothing was measured (no alert of a measured order arrived).
    let p = |h: &Histogram<u64>, q: f64| {
        if h.is_empty() { "-".to_owned() } else { format!("{:.2}", ms(h.value_at_quantile(q))) }
    };
    println!(
        "orders Souk: offered {rate}/s, achieved {achieved:.1} orders/s; alert ms p50 {} p99 {} max {}; checkout ms p99 {}; errors {errors}; alerts missing {missing}",
        p(&alert_us, 0.5),
        p(&alert_us, 0.99),
        if alert_us.is_empty() { "-".to_owned() } else { format!("{:.2}", ms(alert_us.max())) },
        p(&checkout_us, 0.99),
    );
    if placed_total == 0 {
        return Err("no order was placed".into());
    }
    if errors > 0 || missing > 0 {
        return Err(format!("{errors} checkout errors, {missing} alerts missing").into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buyer_names_are_letters_only_and_distinct() {
        let names: Vec<String> = (0..MAX_BUYERS).map(buyer_name).collect();
        assert_eq!(names[0], "Acheteur A");
        assert_eq!(names[27], "Acheteur Bb");
        assert!(names.iter().all(|n| n.chars().all(|c| c.is_alphabetic() || c == ' ')), "no digits");
        let distinct: std::collections::HashSet<&String> = names.iter().collect();
        assert_eq!(distinct.len(), names.len());
    }

    #[test]
    fn an_order_body_is_the_place_order_call() {
        let body: Value = serde_json::from_str(&order_body("r1", 42, 10_000_123, &delivery(3))).expect("json");
        assert_eq!(body["query"], PLACE);
        let i = &body["variables"]["i"];
        assert_eq!(i["orderKey"], "load-r1-42");
        assert_eq!((i["listId"].as_i64(), i["quantity"].as_i64()), (Some(10_000_123), Some(1)));
        assert_eq!(i["delivery"]["fullName"], "Acheteur D");
        assert_eq!(i["delivery"]["cityId"], 1);
        assert_eq!(i["rememberDetails"], false);
    }

    #[test]
    fn quantiles_read_in_milliseconds() {
        let mut h = histogram().expect("bounds");
        for us in 1..=1000u64 {
            h.record(us * 100).expect("in range");
        }
        let q = quantiles(&h);
        assert!(q.starts_with("p50 50.0"), "{q}");
        assert!(q.contains("max 100.0"), "{q}");
        assert!(q.ends_with("(1000 samples)"), "{q}");
        assert!(quantiles(&histogram().expect("bounds")).contains("no samples"));
    }
}
