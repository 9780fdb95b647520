//! `souk-load`: the load generator of Souk. Scenario `gateway` sends one GraphQL operation
//! over N keep-alive connections for a bounded time against a loopback server and reports
//! throughput and latency percentiles. Scenarios `chat` and `idle` drive the real-time chat
//! over WebSocket (Souk, the reference socket.io relay of `load-tests/reference/`, or the
//! minimal relay that `souk-load relay` serves: the ceiling).  Scenario `orders` places cash-on-delivery orders
//! of one product at a fixed rate while the shop owner's socket receives their `order:new`
//! alerts (issue 23). `run` plays a scenario file (load-tests/scenarios/, docs/load-testing.md)
//! over one or several generator processes (`worker`), with thresholds and an HTML report.

mod coordinator;
mod engine;
mod metrics;
mod orders;
mod population;
mod realtime;
mod relay;
mod report;
mod scenario;
mod servers;
mod stats;
mod ws;

// The same allocator as the server: the generator shares the machine's two cores with the
// server under test, so what it spends in glibc's malloc is taken from the measurement.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use clap::{Parser, Subcommand};
use serde_json::{Value, json};
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The longest run the generator accepts: every load test stops by itself.
const MAX_DURATION_SECS: u64 = 300;
const MAX_CONNECTIONS: usize = 1024;

#[derive(Parser)]
#[command(name = "souk-load", about = "Load generator for Souk (loopback targets only)")]
struct Cli {
    #[command(subcommand)]
    scenario: Scenario,
}

#[derive(Subcommand)]
enum Scenario {
    /// Play a scenario file: phases of users online, their behaviour, thresholds that fail the
    /// run; a progress line a second, then result.json and report.html (docs/load-testing.md).
    Run {
        /// The scenario (TOML), e.g. load-tests/scenarios/marketplace-evening.toml.
        #[arg(long)]
        scenario: std::path::PathBuf,
        /// The bench population's manifest (`souk seed --bench-users` writes
        /// <data-dir>/bench-population.json); overrides the scenario's `population`.
        #[arg(long)]
        population: Option<std::path::PathBuf>,
        /// Generator processes to start on this machine (1: this process alone).
        #[arg(long, default_value_t = 1)]
        workers: usize,
        /// Workers already listening (`souk-load worker --listen`), comma-separated host:port.
        #[arg(long, value_delimiter = ',')]
        worker_addr: Vec<String>,
        /// Target URLs instead of the scenario's (comma-separated; loopback only).
        #[arg(long, value_delimiter = ',')]
        url: Vec<String>,
        /// Another kind of server than the scenario's: the same scenario side by side against the
        /// reference socket.io relay or the minimal relay (their population is built here).
        #[arg(long, value_enum)]
        target: Option<scenario::TargetKind>,
        /// Where result.json and report.html go.
        #[arg(long, default_value = "target/souk-load/report")]
        out: std::path::PathBuf,
        /// Access tokens kept across runs while valid.
        #[arg(long, default_value = "target/souk-load/tokens.json")]
        token_cache: std::path::PathBuf,
        /// Sign-ins at once while preparing the population.
        #[arg(long, default_value_t = 8)]
        sign_in_concurrency: usize,
        /// The servers' process ids, in URL order (default: found by their port on this machine).
        #[arg(long, value_delimiter = ',')]
        server_pid: Vec<u32>,
        /// Multiply the scenario's users, conversations and arrival rates (a small run of a big scenario).
        #[arg(long, default_value_t = 1.0)]
        scale: f64,
        /// Stretch or shrink the phases to this many seconds in all.
        #[arg(long)]
        duration: Option<f64>,
    },
    /// A generator process: serves assignments from `run --worker-addr` (or a local `run
    /// --workers K`), printing `listening on ADDR` first.
    Worker {
        /// Address to listen on (port 0: any free one).
        #[arg(long, default_value = "127.0.0.1:0")]
        listen: String,
        /// Seconds after which the worker stops by itself.
        #[arg(long, default_value_t = 4_000)]
        lifetime: u64,
        /// End after the first assignment.
        #[arg(long)]
        once: bool,
    },
    /// Repeat one GraphQL operation and measure it.
    Gateway {
        /// Base URL of a souk server on this machine.
        #[arg(long, default_value = "http://127.0.0.1:8080")]
        url: String,
        /// getCategories | getCitiesFormattedNext | getPopularCitiesFormattedNext | getAreas | getMyAds |
        /// searchKeyword | searchFilters
        #[arg(long, default_value = "getCategories")]
        operation: String,
        /// Concurrent keep-alive connections.
        #[arg(long, default_value_t = 32)]
        connections: usize,
        /// Seconds of measurement (after a 2 s warm-up).
        #[arg(long, default_value_t = 20)]
        duration: u64,
        /// Language of the requests (fr or ar).
        #[arg(long, default_value = "fr")]
        lang: String,
        /// Sign in first with this phone or e-mail (password `--password`) and send its token.
        #[arg(long)]
        login: Option<String>,
        #[arg(long, default_value = "souk-demo-2026")]
        password: String,
    },
    /// Publish ads with large photos through the API, one after the other: upload the photos,
    /// submit the ad; report the time of each publication and the server's peak memory.
    Publish {
        #[arg(long, default_value = "http://127.0.0.1:8080")]
        url: String,
        /// Phone or e-mail of the seller.
        #[arg(long)]
        login: String,
        #[arg(long, default_value = "souk-demo-2026")]
        password: String,
        /// Photos per ad.
        #[arg(long, default_value_t = 8)]
        photos: usize,
        /// Width and height of each photo, in pixels (JPEG).
        #[arg(long, default_value_t = 4000)]
        width: u32,
        #[arg(long, default_value_t = 3000)]
        height: u32,
        /// How many ads to publish.
        #[arg(long, default_value_t = 5)]
        ads: usize,
        /// The server's process id, to read its peak resident memory (VmHWM) from /proc.
        #[arg(long)]
        pid: Option<u32>,
    },
    /// N users (one socket each) in M conversations at a total send rate.
    Chat {
        #[arg(long, value_enum, default_value = "souk")]
        target: realtime::Target,
        #[arg(long, default_value = "http://127.0.0.1:8080")]
        url: String,
        /// Souk: the bench population's manifest (`souk seed --bench-users`), whose accounts sign in.
        #[arg(long)]
        population: Option<std::path::PathBuf>,
        /// Conversations (M), each between two users, one of whom sends.
        #[arg(long, default_value_t = 8)]
        conversations: usize,
        /// Connected users (N, at least 2; Souk: at most the demo accounts). By default twice
        /// the conversations, each user in one; fewer puts a user in several, more leaves some
        /// in none.
        #[arg(long)]
        users: Option<usize>,
        /// Messages per second offered, over all senders.
        #[arg(long, default_value_t = 1000)]
        rate: u64,
        /// Seconds of measurement (after a 2 s warm-up).
        #[arg(long, default_value_t = 20)]
        duration: u64,
        /// The server's process id, to report its memory.
        #[arg(long)]
        server_pid: Option<u32>,
    },
    /// K idle connections: the server's memory per connection.
    Idle {
        #[arg(long, value_enum, default_value = "souk")]
        target: realtime::Target,
        #[arg(long, default_value = "http://127.0.0.1:8080")]
        url: String,
        /// Souk: the bench population's manifest (`souk seed --bench-users`).
        #[arg(long)]
        population: Option<std::path::PathBuf>,
        #[arg(long, default_value_t = 1000)]
        connections: usize,
        /// The server's process id (required: memory is what is measured).
        #[arg(long)]
        server_pid: u32,
    },
    /// Live statistics: view events ingested with the owner's live pushes on, then the p99 of
    /// the shop's 30-day and all-time statistics (a server seeded with `--stats-shop N`).
    Stats {
        #[arg(long, default_value = "http://127.0.0.1:8080")]
        url: String,
        /// The shop owner's e-mail (the seed prints it).
        #[arg(long, default_value = "contact@auto-prestige-casa.ma")]
        login: String,
        #[arg(long, default_value = "souk-demo-2026")]
        password: String,
        #[arg(long, default_value_t = 1)]
        store_id: i64,
        /// The N of `--stats-shop N`.
        #[arg(long, default_value_t = 5000)]
        ads: usize,
        /// How many of the shop's active ads receive the views.
        #[arg(long, default_value_t = 200)]
        viewed_ads: usize,
        #[arg(long, default_value_t = 64)]
        connections: usize,
        /// Seconds of ingest.
        #[arg(long, default_value_t = 20)]
        duration: u64,
        /// Repetitions of each statistics query.
        #[arg(long, default_value_t = 200)]
        queries: usize,
    },
    /// Checkouts with live order alerts (issue 23): one e-commerce shop owner's socket receives
    /// `order:new` while N buyers order one product (every checkout on the same row) at a fixed,
    /// open-loop rate; reports checkout and alert latencies, orders/s, errors by code and the
    /// alerts missing at the end.
    Orders {
        #[arg(long, default_value = "http://127.0.0.1:8080")]
        url: String,
        /// The shop owner's login (default: the first e-commerce shop of the demo).
        #[arg(long)]
        login: Option<String>,
        #[arg(long, default_value = "souk-demo-2026")]
        password: String,
        /// The product's ad (list id); default: the shop's first active product.
        #[arg(long)]
        list_id: Option<i64>,
        /// Buyers registered for the run; the orders go to them in turn.
        #[arg(long, default_value_t = 50)]
        buyers: usize,
        /// Checkouts per second offered (open loop: slow answers do not lower it).
        #[arg(long, default_value_t = 200)]
        rate: u64,
        /// Seconds of measurement (after the warm-up).
        #[arg(long, default_value_t = 20)]
        duration: u64,
        /// Seconds of orders before the measurement (their alerts are checked too).
        #[arg(long, default_value_t = 2)]
        warmup: u64,
        /// The server's process id, to report its CPU and memory.
        #[arg(long)]
        server_pid: Option<u32>,
    },
    /// Serve the benchmark's ceiling on 127.0.0.1: a minimal WebSocket relay with no protocol
    /// and no storage, on every core, that `chat --target ws` and `idle --target ws` measure.
    Relay {
        /// Port to listen on (0: any free one, printed on start).
        #[arg(long, default_value_t = 8091)]
        port: u16,
        /// Seconds after which the relay stops by itself.
        #[arg(long, default_value_t = 3600)]
        lifetime: u64,
    },
}

fn operation_body(operation: &str) -> Option<Value> {
    let query = match operation {
        "getCategories" => {
            "query getCategories { getCategories { id parentId childrenIds order name label { fr ar } slug { fr ar } adTypes { key order label { fr ar } } } }"
        }
        "getCitiesFormattedNext" => {
            "query getCitiesFormattedNext { getCitiesFormattedNext(startIndex: 0, stopIndex: 9, keyword: \"casa\") { cities { label value type } count } }"
        }
        "getPopularCitiesFormattedNext" => {
            "query getPopularCitiesFormattedNext { getPopularCitiesFormattedNext(isMobile: false) { label value type } }"
        }
        "getAreas" => "query getAreas { getAreas(cityId: 1) { id name label { fr ar } slug { fr ar } } }",
        // A demo private seller (the demo's phone logins are deterministic; see `souk seed --demo`).
        "loginByIdentifier" => {
            "mutation loginByIdentifier { loginByIdentifier(identifier: \"0608573663\", password: \"souk-demo-2026\") { accessToken } }"
        }
        _ => return None,
    };
    Some(json!({ "query": query, "operationName": operation }))
}

/// The bodies a scenario cycles through: one for most operations; pages 1 to 40 of the active
/// ads, and the other statuses' first pages, for `getMyAds`.
fn operation_bodies(operation: &str) -> Option<Vec<Value>> {
    if operation == "getMyAds" {
        let query = "query getMyAds($s: String, $n: Int!) { getMyAds(filters: { status: $s }, pagination: { number: $n, size: 12 }) { ads { adId listId title image price { withCurrency } status publishedAt lastStateTime performance { views phoneViews conversations } city { id name } type { key name } } count { total } } }";
        let mut bodies: Vec<Value> = (1..=40)
            .map(|n| json!({ "query": query, "operationName": operation, "variables": { "s": "ACTIVE", "n": n } }))
            .collect();
        for s in ["DEACTIVATED", "PENDING_REVIEW", "REFUSED", "DELETED"] {
            bodies.push(json!({ "query": query, "operationName": operation, "variables": { "s": s, "n": 1 } }));
        }
        return Some(bodies);
    }
    if operation == "searchKeyword" || operation == "searchFilters" {
        return Some(search_bodies(operation));
    }
    operation_body(operation).map(|b| vec![b])
}

/// The search benchmark's requests: `searchKeyword` is keyword + city + category (the listing
/// a visitor types), `searchFilters` is category + city + price/parameter filters without a
/// keyword (the listing a visitor browses). Cities are the eight largest (ids 1-8) and
/// elsewhere; pages 1-3.
fn search_bodies(operation: &str) -> Vec<Value> {
    let query = format!(
        "query {operation}($f: SearchFiltersInput, $o: Int) {{ searchAds(filters: $f, offset: $o, limit: 12) {{ ads {{ listId title price {{ value }} city {{ id name }} image }} premium {{ listId }} total extended facets {{ categories {{ id count }} cities {{ id count }} }} }} }}"
    );
    let keyword = [
        ("peugeot", 2010),
        ("dacia", 2010),
        ("appartement", 1010),
        ("villa", 1050),
        ("iphone", 5010),
        ("samsung", 5010),
        ("canape", 6020),
        ("velo", 2030),
    ];
    let filters = [
        (json!({ "categoryId": 2010, "priceMax": 150000 })),
        (json!({ "categoryId": 2010, "yearMin": 2015, "withPhotos": true })),
        (json!({ "categoryId": 1010, "priceMin": 300000, "priceMax": 1500000 })),
        (json!({ "categoryId": 1000, "roomsMin": 3 })),
        (json!({ "vertical": "market", "delivery": true })),
        (json!({ "categoryId": 5000, "seller": "SHOP" })),
        (json!({ "categoryId": 6020, "priceMax": 5000 })),
        (json!({ "vertical": "vehicles", "urgent": true })),
    ];
    let mut bodies = Vec::new();
    for city in [1, 2, 3, 4, 5, 7, 12, 20] {
        for page in 0..3 {
            let f = if operation == "searchKeyword" {
                let (k, c) = keyword[(city + page) % keyword.len()];
                json!({ "keyword": k, "categoryId": c, "cityId": city })
            } else {
                let mut f = filters[(city + page) % filters.len()].clone();
                f["cityId"] = json!(city);
                f
            };
            bodies.push(json!({ "query": query, "operationName": operation, "variables": { "f": f, "o": page * 12 } }));
        }
    }
    bodies
}

/// A resident-memory line (`VmHWM`, `VmRSS`) of a process, in KiB.
fn proc_kib(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// A photo-like JPEG (gradients and noise, so it compresses like a photo, not like a flat colour).
fn photo_jpeg(width: u32, height: u32, seed: u32) -> Vec<u8> {
    let mut state = seed.wrapping_mul(2_654_435_761).max(1);
    let img = image::RgbImage::from_fn(width, height, |x, y| {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        let noise = (state % 24) as u8;
        image::Rgb([
            ((x * 255 / width.max(1)) as u8).wrapping_add(noise),
            ((y * 255 / height.max(1)) as u8).wrapping_add(noise),
            120u8.wrapping_add(noise),
        ])
    });
    let mut out = std::io::Cursor::new(Vec::new());
    let encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 90);
    if img.write_with_encoder(encoder).is_err() {
        return Vec::new();
    }
    out.into_inner()
}

#[allow(clippy::too_many_arguments)]
async fn publish(
    url: String,
    login: String,
    password: String,
    photos: usize,
    width: u32,
    height: u32,
    ads: usize,
    pid: Option<u32>,
) -> std::process::ExitCode {
    if !is_loopback(&url) {
        eprintln!("souk-load: only loopback targets are allowed");
        return std::process::ExitCode::FAILURE;
    }
    let (photos, ads) = (photos.clamp(1, 20), ads.clamp(1, 50));
    let (width, height) = (width.clamp(16, 8000), height.clamp(16, 8000));
    let client = reqwest::Client::new();
    let token = match population::sign_in(&client, &url, &login, &password).await {
        Ok(t) => t,
        Err(e) => {
            eprintln!("souk-load: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    eprintln!("souk-load publish: {ads} ads of {photos} photos {width}x{height} on {url}");
    let files: Vec<Vec<u8>> = (0..photos).map(|i| photo_jpeg(width, height, i as u32 + 1)).collect();
    let mb = files.iter().map(Vec::len).sum::<usize>() as f64 / 1_048_576.0;
    eprintln!("  {photos} photos, {mb:.1} MiB in all");
    let base = url.trim_end_matches('/').to_string();
    let mut times = Vec::new();
    for n in 0..ads {
        let started = Instant::now();
        let uploads = files.iter().map(|bytes| {
            let form = reqwest::multipart::Form::new()
                .part("file", reqwest::multipart::Part::bytes(bytes.clone()).file_name("photo.jpg"));
            client.post(format!("{base}/api/ads/photos")).bearer_auth(&token).multipart(form).send()
        });
        let mut ids = Vec::new();
        for res in futures_util::future::join_all(uploads).await {
            let body: Value = match res {
                Ok(r) => r.json().await.unwrap_or(Value::Null),
                Err(e) => json!({ "error": e.to_string() }),
            };
            match body["mediaId"].as_str() {
                Some(id) => ids.push(id.to_string()),
                None => {
                    eprintln!("souk-load: upload refused: {body}");
                    return std::process::ExitCode::FAILURE;
                }
            }
        }
        let ad = json!({
            "categoryId": 6020, "adType": "sell", "title": format!("Salon marocain complet numéro {}", n + 1),
            "description": "Salon marocain en très bon état avec tables et coussins", "images": ids,
            "cityId": 1, "price": 9500,
        });
        let body =
            json!({ "query": "mutation($a: AdInput!) { submitAd(ad: $a) { adId status } }", "variables": { "a": ad } });
        let res: Value = match client.post(format!("{base}/graphql")).bearer_auth(&token).json(&body).send().await {
            Ok(r) => r.json().await.unwrap_or(Value::Null),
            Err(e) => json!({ "error": e.to_string() }),
        };
        if res["data"]["submitAd"]["adId"].as_str().is_none() {
            eprintln!("souk-load: submit refused: {res}");
            return std::process::ExitCode::FAILURE;
        }
        let took = started.elapsed();
        eprintln!("  ad {}: {:.0} ms", n + 1, took.as_secs_f64() * 1000.0);
        times.push(took.as_secs_f64() * 1000.0);
    }
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    print!(
        "publish: {ads} ads x {photos} photos {width}x{height} ({mb:.1} MiB): ms min {:.0} median {median:.0} max {:.0}",
        times[0],
        times[times.len() - 1]
    );
    match pid {
        Some(pid) => println!(
            "; server peak RSS {} MiB, RSS now {} MiB",
            proc_kib(pid, "VmHWM:").unwrap_or(0) / 1024,
            proc_kib(pid, "VmRSS:").unwrap_or(0) / 1024
        ),
        None => println!(),
    }
    std::process::ExitCode::SUCCESS
}

fn is_loopback(url: &str) -> bool {
    let rest = url.strip_prefix("http://").unwrap_or("");
    let host = rest.split('/').next().unwrap_or("");
    let host = host.rsplit_once(':').map(|(h, _)| h).unwrap_or(host);
    host == "localhost" || host == "[::1]" || host.starts_with("127.")
}

/// Latency percentiles in microseconds from the samples (sorted in place).
fn percentile(sorted: &[u32], p: f64) -> u32 {
    nearest_rank(sorted, p).unwrap_or(0)
}

/// The nearest-rank `p` percentile of sorted samples; None when there are none. The epsilon
/// keeps 99.9% of 1000 at rank 999 despite float rounding.
pub(crate) fn nearest_rank<T: Copy>(sorted: &[T], p: f64) -> Option<T> {
    if sorted.is_empty() {
        return None;
    }
    let rank = (p * sorted.len() as f64 / 100.0 - 1e-9).ceil() as usize;
    Some(sorted[rank.clamp(1, sorted.len()) - 1])
}

/// Runs a scenario under a hard time bound (setup, warm-up and drain included) and turns its
/// outcome into the exit code.
async fn bounded<E: std::fmt::Display>(
    limit: Duration,
    run: impl std::future::Future<Output = Result<(), E>>,
) -> std::process::ExitCode {
    match tokio::time::timeout(limit, run).await {
        Ok(Ok(())) => std::process::ExitCode::SUCCESS,
        Ok(Err(e)) => {
            eprintln!("souk-load: {e}");
            std::process::ExitCode::FAILURE
        }
        Err(_) => {
            eprintln!("souk-load: time bound reached");
            std::process::ExitCode::FAILURE
        }
    }
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let (url, operation, connections, duration, lang, login, password) = match Cli::parse().scenario {
        Scenario::Run {
            scenario,
            population,
            workers,
            worker_addr,
            url,
            target,
            out,
            token_cache,
            sign_in_concurrency,
            server_pid,
            scale,
            duration,
        } => {
            if !(scale > 0.0 && scale <= 10.0) {
                eprintln!("souk-load: --scale between 0 and 10");
                return std::process::ExitCode::FAILURE;
            }
            let options = coordinator::RunOptions {
                scenario,
                population,
                workers: workers.max(1),
                worker_addrs: worker_addr,
                urls: url,
                target,
                out,
                token_cache,
                sign_in_concurrency: sign_in_concurrency.clamp(1, 256),
                server_pids: server_pid,
                scale,
                duration: duration.map(|d| d.clamp(1.0, scenario::MAX_SCENARIO_SECS)),
            };
            return match coordinator::run(options).await {
                Ok(true) => std::process::ExitCode::SUCCESS,
                Ok(false) => {
                    eprintln!("souk-load: thresholds broken (or a worker failed): exit 1");
                    std::process::ExitCode::FAILURE
                }
                Err(e) => {
                    eprintln!("souk-load: {e}");
                    std::process::ExitCode::from(2)
                }
            };
        }
        Scenario::Worker { listen, lifetime, once } => {
            return match coordinator::worker(&listen, Duration::from_secs(lifetime.max(1)), once).await {
                Ok(()) => std::process::ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("souk-load worker: {e}");
                    std::process::ExitCode::FAILURE
                }
            };
        }
        Scenario::Relay { port, lifetime } => {
            return match relay::run(port, Duration::from_secs(lifetime.max(1))).await {
                Ok(()) => std::process::ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("souk-load relay: {e}");
                    std::process::ExitCode::FAILURE
                }
            };
        }
        Scenario::Chat { target, url, population, conversations, users, rate, duration, server_pid } => {
            if !is_loopback(&url) {
                eprintln!("souk-load: only loopback targets are allowed");
                return std::process::ExitCode::FAILURE;
            }
            let duration = Duration::from_secs(duration.clamp(1, MAX_DURATION_SECS));
            let conversations = conversations.clamp(1, MAX_CONNECTIONS);
            let run = realtime::chat(
                target,
                &url,
                population.as_deref(),
                users.unwrap_or(conversations * 2).clamp(2, MAX_CONNECTIONS),
                conversations,
                rate.max(1),
                duration,
                server_pid,
            );
            // Hard bound: setup, warm-up and the drain included.
            return bounded(duration + Duration::from_secs(60), run).await;
        }
        Scenario::Stats { url, login, password, store_id, ads, viewed_ads, connections, duration, queries } => {
            if !is_loopback(&url) {
                eprintln!("souk-load: only loopback targets are allowed");
                return std::process::ExitCode::FAILURE;
            }
            let duration = Duration::from_secs(duration.clamp(1, MAX_DURATION_SECS));
            let options = stats::Options {
                url,
                login,
                password,
                store_id,
                ads,
                viewed_ads,
                connections: connections.clamp(1, MAX_CONNECTIONS),
                duration,
                queries: queries.clamp(1, 10_000),
            };
            return bounded(duration + Duration::from_secs(240), stats::run(options)).await;
        }
        Scenario::Orders { url, login, password, list_id, buyers, rate, duration, warmup, server_pid } => {
            if !is_loopback(&url) {
                eprintln!("souk-load: only loopback targets are allowed");
                return std::process::ExitCode::FAILURE;
            }
            let duration = Duration::from_secs(duration.clamp(1, MAX_DURATION_SECS));
            let warmup = Duration::from_secs(warmup.min(60));
            let options = orders::Options {
                url,
                login,
                password,
                list_id,
                buyers: buyers.clamp(1, orders::MAX_BUYERS),
                rate: rate.clamp(1, orders::MAX_RATE),
                duration,
                warmup,
                server_pid,
            };
            // Hard bound: sign-ins and registrations, the warm-up, the drain (answers, then alerts).
            return bounded(warmup + duration + Duration::from_secs(180), orders::run(options)).await;
        }
        Scenario::Idle { target, url, population, connections, server_pid } => {
            if !is_loopback(&url) {
                eprintln!("souk-load: only loopback targets are allowed");
                return std::process::ExitCode::FAILURE;
            }
            let run = realtime::idle(
                target,
                &url,
                population.as_deref(),
                connections.clamp(1, 50_000),
                server_pid,
                Duration::from_secs(3),
            );
            return bounded(Duration::from_secs(MAX_DURATION_SECS), run).await;
        }
        Scenario::Publish { url, login, password, photos, width, height, ads, pid } => {
            return publish(url, login, password, photos, width, height, ads, pid).await;
        }
        Scenario::Gateway { url, operation, connections, duration, lang, login, password } => {
            (url, operation, connections, duration, lang, login, password)
        }
    };
    let Some(bodies) = operation_bodies(&operation) else {
        eprintln!("souk-load: unknown operation {operation}");
        return std::process::ExitCode::FAILURE;
    };
    if !is_loopback(&url) {
        eprintln!("souk-load: only loopback targets (http://127.x.x.x, localhost, [::1]) are allowed");
        return std::process::ExitCode::FAILURE;
    }
    let connections = connections.clamp(1, MAX_CONNECTIONS);
    let duration = Duration::from_secs(duration.clamp(1, MAX_DURATION_SECS));
    let warmup = Duration::from_secs(2);
    let endpoint = format!("{}/graphql", url.trim_end_matches('/'));
    let client = match reqwest::Client::builder().pool_max_idle_per_host(connections).build() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("souk-load: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let token = match &login {
        Some(l) => match population::sign_in(&client, &url, l, &password).await {
            Ok(t) => Some(format!("Bearer {t}")),
            Err(e) => {
                eprintln!("souk-load: {e}");
                return std::process::ExitCode::FAILURE;
            }
        },
        None => None,
    };
    let payloads: Arc<Vec<Vec<u8>>> =
        Arc::new(bodies.iter().map(|b| serde_json::to_vec(b).unwrap_or_default()).collect());
    let stop = Arc::new(AtomicBool::new(false));
    let measuring = Arc::new(AtomicBool::new(false));
    let done = Arc::new(AtomicU64::new(0));
    let errors = Arc::new(AtomicU64::new(0));
    eprintln!(
        "souk-load gateway: {operation} on {endpoint}, {connections} connections, {}s (+2s warm-up)",
        duration.as_secs()
    );

    let mut workers = Vec::new();
    for worker in 0..connections {
        let (client, endpoint, payloads, lang, token) =
            (client.clone(), endpoint.clone(), Arc::clone(&payloads), lang.clone(), token.clone());
        let (stop, measuring, done, errors) =
            (Arc::clone(&stop), Arc::clone(&measuring), Arc::clone(&done), Arc::clone(&errors));
        workers.push(tokio::spawn(async move {
            let mut samples: Vec<u32> = Vec::new();
            let mut next = worker;
            while !stop.load(Ordering::Relaxed) {
                let started = Instant::now();
                next = (next + 1) % payloads.len();
                let mut req = client
                    .post(&endpoint)
                    .header("content-type", "application/json")
                    .header("Accept-Language", &lang)
                    .body(payloads[next].clone());
                if let Some(t) = &token {
                    req = req.header("Authorization", t);
                }
                let res = req.send().await;
                // A GraphQL error (HTTP 200 with `errors`) is a failure too.
                let ok = match res {
                    Ok(r) if r.status().is_success() => {
                        r.bytes().await.is_ok_and(|b| !b.windows(9).any(|w| w == b"\"errors\""))
                    }
                    _ => false,
                };
                if measuring.load(Ordering::Relaxed) {
                    if ok {
                        samples.push(u32::try_from(started.elapsed().as_micros()).unwrap_or(u32::MAX));
                        done.fetch_add(1, Ordering::Relaxed);
                    } else {
                        errors.fetch_add(1, Ordering::Relaxed);
                    }
                }
            }
            samples
        }));
    }

    tokio::time::sleep(warmup).await;
    measuring.store(true, Ordering::Relaxed);
    let started = Instant::now();
    let mut last = 0;
    while started.elapsed() < duration {
        tokio::time::sleep(Duration::from_secs(1)).await;
        let now = done.load(Ordering::Relaxed);
        eprint!(
            "\r  {:>4}s  {:>9} requests  {:>8} req/s  {} errors   ",
            started.elapsed().as_secs(),
            now,
            now - last,
            errors.load(Ordering::Relaxed)
        );
        let _ = std::io::stderr().flush();
        last = now;
    }
    measuring.store(false, Ordering::Relaxed);
    let elapsed = started.elapsed();
    stop.store(true, Ordering::Relaxed);
    eprintln!();
    let mut samples = Vec::new();
    for w in workers {
        if let Ok(s) = w.await {
            samples.extend(s);
        }
    }
    samples.sort_unstable();
    let total = samples.len();
    let rate = total as f64 / elapsed.as_secs_f64();
    let ms = |us: u32| f64::from(us) / 1000.0;
    println!(
        "{operation}: {total} requests in {:.1}s = {rate:.0} req/s; latency ms p50 {:.2} p90 {:.2} p99 {:.2} p99.9 {:.2} max {:.2}; errors {}",
        elapsed.as_secs_f64(),
        ms(percentile(&samples, 50.0)),
        ms(percentile(&samples, 90.0)),
        ms(percentile(&samples, 99.0)),
        ms(percentile(&samples, 99.9)),
        ms(samples.last().copied().unwrap_or(0)),
        errors.load(Ordering::Relaxed)
    );
    if errors.load(Ordering::Relaxed) > 0 || total == 0 {
        return std::process::ExitCode::FAILURE;
    }
    std::process::ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_pick_the_rank() {
        let samples: Vec<u32> = (1..=1000).collect();
        assert_eq!(percentile(&samples, 50.0), 500);
        assert_eq!(percentile(&samples, 99.0), 990);
        assert_eq!(percentile(&samples, 99.9), 999);
        assert_eq!(percentile(&[], 99.0), 0);
    }

    #[test]
    fn only_loopback_targets() {
        assert!(is_loopback("http://127.0.0.1:8080"));
        assert!(is_loopback("http://localhost:8080/"));
        assert!(is_loopback("http://[::1]:8080"));
        assert!(!is_loopback("http://10.0.0.5:8080"));
        assert!(!is_loopback("https://example.com"));
    }

    #[test]
    fn every_operation_has_a_body() {
        for op in [
            "getCategories",
            "getCitiesFormattedNext",
            "getPopularCitiesFormattedNext",
            "getAreas",
            "loginByIdentifier",
        ] {
            assert!(operation_body(op).is_some(), "{op}");
        }
        assert_eq!(operation_bodies("getMyAds").map(|b| b.len()), Some(44));
        assert!(operation_body("dropTables").is_none());
    }
}
