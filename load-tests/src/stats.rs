//! The `stats` scenario: live statistics at volume against a `souk serve` seeded with
//! `souk seed --demo --stats-shop N`. Ingest: C keep-alive connections send real view events
//! (`collectPerformanceEvent {name: "view", listId}` with a browser user agent and a fresh
//! visitor id each, as the ad page does) for the shop's active volume ads while the shop owner's
//! Socket.IO connection receives `stats:update`; it reports ingested views/s, the pushes and the
//! views they carry, and checks that the stored counts (the shop's and the ads' `view` totals
//! today) grew by exactly the counted views. Queries: the p50/p99 of the shop's 30-day and
//! all-time statistics.

use crate::ws::{self, Frame, Packet};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

type Error = Box<dyn std::error::Error + Send + Sync>;

const BROWSER: &str =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const VIEW: &str = "mutation($l: Int!) { collectPerformanceEvent(event: { name: \"view\", listId: $l }) }";
const FIXED: &str = "query($r: String!, $s: Int) { getMyPerformanceMetricsFixedRange(range: $r, storeId: $s) { name total data { x y } } }";
const FIXED_AD: &str =
    "query($r: String!, $a: String) { getMyPerformanceMetricsFixedRange(range: $r, adId: $a) { name total } }";
/// The first list id of the shop volume ads (`services/src/demo/shop_volume.rs`).
const FIRST_VOLUME_LIST_ID: i64 = 900_000_000;

pub struct Options {
    pub url: String,
    pub login: String,
    pub password: String,
    pub store_id: i64,
    /// How many volume ads the shop has (`--stats-shop N`).
    pub ads: usize,
    /// How many of its active ads the views go to.
    pub viewed_ads: usize,
    pub connections: usize,
    pub duration: Duration,
    /// Repetitions of each statistics query.
    pub queries: usize,
}

#[derive(Default)]
struct Counters {
    sent: AtomicU64,
    counted: AtomicU64,
    not_counted: AtomicU64,
    errors: AtomicU64,
    pushes: AtomicU64,
    pushed_views: AtomicU64,
}

async fn gql(
    client: &reqwest::Client,
    endpoint: &str,
    token: &str,
    query: &str,
    variables: Value,
) -> Result<Value, Error> {
    let res = client
        .post(endpoint)
        .header("authorization", format!("Bearer {token}"))
        .json(&json!({ "query": query, "variables": variables }))
        .send()
        .await?
        .json::<Value>()
        .await?;
    if res.get("errors").is_some() {
        return Err(format!("GraphQL error: {res}").into());
    }
    Ok(res)
}

fn total(res: &Value, field: &str, metric: &str) -> Option<u64> {
    res["data"][field].as_array()?.iter().find(|m| m["name"] == metric)?["total"].as_u64()
}

/// The shop's `view` total today and the sum of the viewed ads' own totals.
async fn stored_views(
    client: &reqwest::Client,
    endpoint: &str,
    token: &str,
    store_id: i64,
    ad_ids: &[String],
) -> Result<(u64, u64), Error> {
    let shop = gql(client, endpoint, token, FIXED, json!({ "r": "TODAY", "s": store_id })).await?;
    let shop = total(&shop, "getMyPerformanceMetricsFixedRange", "view").ok_or("no shop view total")?;
    let mut ads = 0;
    for id in ad_ids {
        let r = gql(client, endpoint, token, FIXED_AD, json!({ "r": "TODAY", "a": id })).await?;
        ads += total(&r, "getMyPerformanceMetricsFixedRange", "view").ok_or("no ad view total")?;
    }
    Ok((shop, ads))
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    crate::nearest_rank(sorted, p).map_or(0.0, |d| d.as_secs_f64() * 1000.0)
}

/// Opens the owner's Socket.IO connection; its reader counts `stats:update` pushes until `done`.
async fn owner_socket(
    addr: &str,
    token: &str,
    counters: Arc<Counters>,
    done: Arc<AtomicBool>,
) -> Result<tokio::task::JoinHandle<()>, Error> {
    let (mut reader, writer) = ws::socketio_session(addr, token).await?;
    Ok(tokio::spawn(async move {
        while let Ok(frame) = reader.next(&writer).await {
            if done.load(Ordering::Relaxed) {
                break;
            }
            let Frame::Text(text) = frame else { break };
            match ws::parse(&text) {
                Packet::Ping => {
                    let _ = writer.lock().await.text("3").await;
                }
                Packet::Event(name, args) if name == "stats:update" => {
                    counters.pushes.fetch_add(1, Ordering::Relaxed);
                    if let Some(u) = args.first()
                        && u["metric"] == "view"
                    {
                        counters.pushed_views.fetch_add(u["count"].as_u64().unwrap_or(1), Ordering::Relaxed);
                    }
                }
                _ => {}
            }
        }
    }))
}

pub async fn run(o: Options) -> Result<(), Error> {
    let base = o.url.trim_end_matches('/').to_owned();
    let endpoint = format!("{base}/graphql");
    let addr = base.trim_start_matches("http://").to_owned();
    let client = reqwest::Client::builder().pool_max_idle_per_host(o.connections + 4).build()?;
    let token = crate::population::sign_in(&client, &base, &o.login, &o.password).await?;

    // The shop's active volume ads (80 %: index % 20 >= 4), the first `viewed_ads` of them.
    let list_ids: Vec<i64> =
        (0..o.ads as i64).filter(|i| i % 20 >= 4).take(o.viewed_ads.max(1)).map(|i| FIRST_VOLUME_LIST_ID + i).collect();
    let mut ad_ids = Vec::new();
    for l in &list_ids {
        let r =
            gql(&client, &endpoint, &token, "query($l: Int!) { getAd(listId: $l) { ad { adId } } }", json!({ "l": l }))
                .await?;
        ad_ids.push(r["data"]["getAd"]["ad"]["adId"].as_str().ok_or(format!("ad {l} not found: {r}"))?.to_owned());
    }
    eprintln!("stats: {} active ads of the shop take the views; owner socket connecting", list_ids.len());
    let before = stored_views(&client, &endpoint, &token, o.store_id, &ad_ids).await?;

    let counters = Arc::new(Counters::default());
    let done = Arc::new(AtomicBool::new(false));
    let reader = owner_socket(&addr, &token, Arc::clone(&counters), Arc::clone(&done)).await?;

    // Ingest.
    let stop = Arc::new(AtomicBool::new(false));
    let list_ids = Arc::new(list_ids);
    let mut workers = Vec::new();
    for w in 0..o.connections {
        let (client, endpoint, c, stop, list_ids) =
            (client.clone(), endpoint.clone(), Arc::clone(&counters), Arc::clone(&stop), Arc::clone(&list_ids));
        workers.push(tokio::spawn(async move {
            let mut seq = 0u64;
            while !stop.load(Ordering::Relaxed) {
                seq += 1;
                let l = list_ids[(w + seq as usize * 7) % list_ids.len()];
                let body = format!("{{\"query\":{},\"variables\":{{\"l\":{l}}}}}", json!(VIEW));
                c.sent.fetch_add(1, Ordering::Relaxed);
                let res = client
                    .post(&endpoint)
                    .header("content-type", "application/json")
                    .header("user-agent", BROWSER)
                    .header("visitorId", format!("load-{}-{w}-{seq}", std::process::id()))
                    .body(body)
                    .send()
                    .await;
                let answer = match res {
                    Ok(r) => r.json::<Value>().await.ok(),
                    Err(_) => None,
                };
                match answer.as_ref().map(|a| &a["data"]["collectPerformanceEvent"]) {
                    Some(Value::Bool(true)) => c.counted.fetch_add(1, Ordering::Relaxed),
                    Some(Value::Bool(false)) => c.not_counted.fetch_add(1, Ordering::Relaxed),
                    _ => c.errors.fetch_add(1, Ordering::Relaxed),
                };
            }
        }));
    }
    let started = Instant::now();
    let mut last = 0;
    while started.elapsed() < o.duration {
        tokio::time::sleep(Duration::from_secs(2).min(o.duration.saturating_sub(started.elapsed()))).await;
        let counted = counters.counted.load(Ordering::Relaxed);
        eprintln!(
            "stats: {:>4.0} s  {:>8} views counted ({:.0}/s over the last interval), {} pushes received",
            started.elapsed().as_secs_f64(),
            counted,
            (counted - last) as f64 / 2.0,
            counters.pushes.load(Ordering::Relaxed)
        );
        last = counted;
    }
    stop.store(true, Ordering::Relaxed);
    for w in workers {
        let _ = w.await;
    }
    let elapsed = started.elapsed().as_secs_f64();
    // Live figures leave a session within 200 ms; give them a second.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let after = stored_views(&client, &endpoint, &token, o.store_id, &ad_ids).await?;
    done.store(true, Ordering::Relaxed);
    reader.abort();

    let c = &counters;
    let (sent, counted) = (c.sent.load(Ordering::Relaxed), c.counted.load(Ordering::Relaxed));
    let (pushes, pushed) = (c.pushes.load(Ordering::Relaxed), c.pushed_views.load(Ordering::Relaxed));
    let (shop_delta, ads_delta) = (after.0 - before.0, after.1 - before.1);
    println!(
        "ingest: {} connections, {elapsed:.1} s: {sent} view events sent, {counted} counted = {:.0} views/s ingested, {} not counted, {} errors",
        o.connections,
        counted as f64 / elapsed,
        c.not_counted.load(Ordering::Relaxed),
        c.errors.load(Ordering::Relaxed)
    );
    println!("live: {pushes} stats:update pushes received by the owner carrying {pushed} views");
    println!(
        "stored: shop view total today +{shop_delta}, sum of the ads' view totals +{ads_delta} (counted {counted}): {}",
        if shop_delta == counted && ads_delta == counted && pushed == counted { "they add up" } else { "MISMATCH" }
    );

    // Queries.
    for range in ["LAST_30_DAYS", "ALL_TIME"] {
        let mut samples = Vec::with_capacity(o.queries);
        let mut points = 0;
        for _ in 0..o.queries {
            let t = Instant::now();
            let r = gql(&client, &endpoint, &token, FIXED, json!({ "r": range, "s": o.store_id })).await?;
            samples.push(t.elapsed());
            points = r["data"]["getMyPerformanceMetricsFixedRange"]
                .as_array()
                .map_or(0, |m| m.iter().map(|s| s["data"].as_array().map_or(0, Vec::len)).sum::<usize>());
        }
        samples.sort_unstable();
        println!(
            "query {range} (shop, 12 metrics, {points} points): {} runs, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            samples.len(),
            percentile(&samples, 50.0),
            percentile(&samples, 99.0),
            percentile(&samples, 100.0)
        );
    }
    if shop_delta != counted || ads_delta != counted {
        return Err("the stored counts do not add up".into());
    }
    Ok(())
}
