//! `souk-load run` and `souk-load worker`: the coordinator reads a scenario, prepares its
//! population (sign-ins, cached tokens), hands each generator process its share of users (in
//! process, local worker processes it spawns, or workers listening on other hosts), merges their
//! per-second ticks and final histograms exactly, prints one progress line a second, samples the
//! servers' CPU and memory, checks the thresholds, and writes `result.json` and `report.html`.
//! A worker serves one assignment per connection: a JSON line in, JSON lines out.

use crate::engine::{self, Assignment, Report};
use crate::metrics::{Tick, Totals};
use crate::population::{self, TokenCache};
use crate::report::{self, Point, RunResult};
use crate::scenario::{self, Scenario, TargetKind};
use crate::servers;
use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;

/// The options of `souk-load run`.
#[derive(Debug, Clone)]
pub struct RunOptions {
    pub scenario: PathBuf,
    pub population: Option<PathBuf>,
    /// Generator processes spawned on this machine (1: in this process).
    pub workers: usize,
    /// Workers already listening (`souk-load worker --listen`), instead of spawning.
    pub worker_addrs: Vec<String>,
    /// Overrides the scenario's target URLs.
    pub urls: Vec<String>,
    /// Overrides the scenario's kind of server.
    pub target: Option<TargetKind>,
    pub out: PathBuf,
    pub token_cache: PathBuf,
    pub sign_in_concurrency: usize,
    /// The servers' pids, in URL order (else found by port).
    pub server_pids: Vec<u32>,
    /// Scales the scenario's users, conversations and phase counts (a small run of a big scenario).
    pub scale: f64,
    /// Overrides the phases' durations by scaling them to this total (seconds).
    pub duration: Option<f64>,
}

/// Applies `--scale` and `--duration` to a scenario.
pub fn adjust(s: &mut Scenario, scale: f64, duration: Option<f64>) {
    if (scale - 1.0).abs() > f64::EPSILON {
        let f = |n: usize| ((n as f64 * scale).round() as usize).max(1);
        s.users = f(s.users);
        s.conversations = f(s.conversations);
        for p in &mut s.phases {
            p.users = p.users.map(f);
            p.arrival_rate = p.arrival_rate.map(|r| r * scale);
        }
    }
    if let Some(total) = duration {
        let factor = total / s.duration_s().max(1e-9);
        for p in &mut s.phases {
            p.duration_s *= factor;
            p.ramp_s = p.ramp_s.map(|r| r * factor);
            p.spread_s = p.spread_s.map(|r| r * factor);
        }
    }
}

/// Where a worker's reports come from.
enum Channel {
    Local(mpsc::UnboundedReceiver<Report>),
    Remote {
        lines: tokio::io::Lines<BufReader<tokio::net::tcp::OwnedReadHalf>>,
        /// Kept open for the run: the worker sees the coordinator leave when it closes.
        _write: tokio::net::tcp::OwnedWriteHalf,
    },
}

impl Channel {
    async fn next(&mut self) -> Option<Report> {
        match self {
            Channel::Local(rx) => rx.recv().await,
            Channel::Remote { lines, .. } => match lines.next_line().await {
                Ok(Some(line)) => Some(serde_json::from_str(&line).unwrap_or_else(|e| Report::Failed(format!("{e}")))),
                _ => None,
            },
        }
    }
}

/// Spawned worker processes, killed when dropped.
struct Children(Vec<tokio::process::Child>);

impl Drop for Children {
    fn drop(&mut self) {
        for c in &mut self.0 {
            let _ = c.start_kill();
        }
    }
}

/// Starts `n` local worker processes; answers them with their addresses.
async fn spawn_workers(n: usize, lifetime: u64) -> Result<(Children, Vec<String>), String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut children = Children(Vec::new());
    let mut addrs = Vec::new();
    for _ in 0..n {
        let mut child = tokio::process::Command::new(&exe)
            .args(["worker", "--listen", "127.0.0.1:0", "--lifetime", &lifetime.to_string(), "--once"])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::inherit())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| format!("cannot start a worker: {e}"))?;
        let stdout = child.stdout.take().ok_or("a worker without stdout")?;
        children.0.push(child);
        let mut lines = BufReader::new(stdout).lines();
        let line = tokio::time::timeout(Duration::from_secs(20), lines.next_line())
            .await
            .map_err(|_| "a worker did not start within 20 s")?
            .map_err(|e| e.to_string())?
            .ok_or("a worker ended before listening")?;
        let addr = line.strip_prefix("listening on ").ok_or_else(|| format!("unexpected worker line {line:?}"))?;
        addrs.push(addr.trim().to_owned());
    }
    Ok((children, addrs))
}

/// `souk-load run`: answers whether every threshold held.
pub async fn run(o: RunOptions) -> Result<bool, String> {
    let mut scenario = Scenario::load(&o.scenario)?;
    if !o.urls.is_empty() {
        scenario.urls = o.urls.clone();
    }
    if let Some(t) = o.target {
        scenario.target = t;
    }
    adjust(&mut scenario, o.scale, o.duration);
    // The adjusted scenario is checked again (loopback targets, counts, bounds).
    scenario.validate()?;
    let scenario = scenario;
    let population = population::load(&scenario, o.population.as_deref())?;
    let bound = scenario.duration_s() + scenario.drain_s + 60.0;
    let tokens = if scenario.target == TargetKind::Souk {
        let mut cache = TokenCache::open(&o.token_cache);
        let until = population::now_secs() + bound.min(600.0) as i64 + 30;
        tokio::time::timeout(
            Duration::from_secs(900),
            population::tokens(&population.users, &scenario.urls[0], &mut cache, until, o.sign_in_concurrency),
        )
        .await
        .map_err(|_| "the sign-ins took more than 15 minutes")??
    } else {
        Vec::new()
    };
    let local = o.worker_addrs.is_empty() && o.workers <= 1;
    let (children, addrs) = if !o.worker_addrs.is_empty() {
        (Children(Vec::new()), o.worker_addrs.clone())
    } else if local {
        (Children(Vec::new()), Vec::new())
    } else {
        spawn_workers(o.workers.min(64), bound as u64 + 120).await?
    };
    let workers = if local { 1 } else { addrs.len() };
    let start_unix_ms = engine::unix_micros() / 1000 + 3_000;
    let mut channels = Vec::new();
    for w in 0..workers {
        let assignment = Assignment {
            scenario: scenario.clone(),
            population: population.clone(),
            tokens: tokens.clone(),
            worker: w,
            workers,
            start_unix_ms,
        };
        if local {
            let (tx, rx) = mpsc::unbounded_channel();
            tokio::spawn(engine::run(assignment, tx));
            channels.push(Channel::Local(rx));
        } else {
            let addr = addrs.get(w).ok_or("a worker without an address")?;
            let stream = tokio::net::TcpStream::connect(addr).await.map_err(|e| format!("worker {addr}: {e}"))?;
            let (read, mut write) = stream.into_split();
            let mut line = serde_json::to_vec(&assignment).map_err(|e| e.to_string())?;
            line.push(b'\n');
            write.write_all(&line).await.map_err(|e| format!("worker {addr}: {e}"))?;
            channels.push(Channel::Remote { lines: BufReader::new(read).lines(), _write: write });
        }
    }
    let talkers = population.users.iter().filter(|u| !u.conversations.is_empty()).count();
    eprintln!(
        "souk-load run: about {:.0} actions/s offered at the peak ({talkers} users who talk, thinking {:.1} s on average)",
        talkers as f64 * scenario.peak_users() as f64
            / population.users.len().max(1) as f64
            / (scenario.behaviour.think_time_ms.mean() / 1000.0).max(1e-3),
        scenario.behaviour.think_time_ms.mean() / 1000.0
    );
    eprintln!(
        "souk-load run: {} ({:?} at {}), {} users ({} at most online), {} conversations, {} phases over {:.0} s, {workers} generator process(es)",
        scenario.name,
        scenario.target,
        scenario.urls.join(", "),
        population.users.len(),
        scenario.peak_users(),
        population.conversations,
        scenario.phases.len(),
        scenario.duration_s()
    );
    let wait = Duration::from_millis(start_unix_ms.saturating_sub(engine::unix_micros() / 1000));
    let start = tokio::time::Instant::now() + wait;
    let stop_sampling = Arc::new(AtomicBool::new(false));
    let sampler = tokio::spawn(servers::sample(
        scenario.urls.clone(),
        servers::sources(&scenario.urls, &o.server_pids),
        start,
        Arc::clone(&stop_sampling),
    ));

    // Every worker's reports, merged by second; a line once every worker has reported a second.
    let (tx, mut rx) = mpsc::unbounded_channel::<(usize, Report)>();
    for (w, mut channel) in channels.into_iter().enumerate() {
        let tx = tx.clone();
        tokio::spawn(async move {
            while let Some(r) = channel.next().await {
                let last = matches!(r, Report::Done(_) | Report::Failed(_));
                if tx.send((w, r)).is_err() || last {
                    break;
                }
            }
            let _ = tx.send((w, Report::Failed("the worker's connection ended".into())));
        });
    }
    drop(tx);
    let mut seconds: BTreeMap<u64, (usize, Tick)> = BTreeMap::new();
    let mut totals = Totals::default();
    let mut finished = vec![false; workers];
    let mut failures = Vec::new();
    let mut printed = 0u64;
    let mut timeline = Vec::new();
    let deadline = start + Duration::from_secs_f64(bound);
    while finished.iter().any(|f| !f) {
        let Ok(Some((w, report))) = tokio::time::timeout_at(deadline, rx.recv()).await else {
            failures.push("the run's time bound was reached".to_string());
            break;
        };
        match report {
            Report::Tick(t) => {
                let entry =
                    seconds.entry(t.second).or_insert_with(|| (0, Tick { second: t.second, ..Tick::default() }));
                entry.0 += 1;
                entry.1.merge(&t);
                totals.counters.add(&t.counters);
                totals.latencies.merge(&t.latencies);
                while let Some((n, _)) = seconds.get(&(printed + 1)) {
                    if *n < workers {
                        break;
                    }
                    printed += 1;
                    if let Some((_, tick)) = seconds.remove(&printed) {
                        timeline.push(progress_line(&tick));
                    }
                }
            }
            Report::Done(t) => {
                if !finished[w] {
                    finished[w] = true;
                    // The ticks were merged as they came; the final report adds the users and
                    // what arrived after the last tick.
                    totals.merge(&t);
                }
            }
            Report::Failed(e) => {
                if !finished[w] {
                    finished[w] = true;
                    failures.push(format!("worker {w}: {e}"));
                }
            }
        }
    }
    for (_, (_, tick)) in std::mem::take(&mut seconds) {
        timeline.push(progress_line(&tick));
    }
    stop_sampling.store(true, std::sync::atomic::Ordering::Relaxed);
    let series =
        tokio::time::timeout(Duration::from_secs(3), sampler).await.ok().and_then(Result::ok).unwrap_or_default();
    drop(children);

    let secs = scenario.duration_s();
    let metrics = totals.metrics(secs);
    let verdicts = scenario::evaluate(&scenario.thresholds, &metrics);
    let passed = failures.is_empty() && verdicts.iter().all(|v| v.passed);
    let result = RunResult {
        scenario: scenario.name.clone(),
        description: scenario.description.clone(),
        target: format!("{:?}", scenario.target).to_lowercase(),
        urls: scenario.urls.clone(),
        workers,
        users: totals.users,
        conversations: population.conversations,
        started_at: start_unix_ms / 1000,
        seconds: secs,
        metrics: metrics.clone(),
        errors: totals.counters.errors.clone(),
        thresholds: verdicts.clone(),
        passed,
        timeline,
        servers: series,
    };
    std::fs::create_dir_all(&o.out).map_err(|e| format!("{}: {e}", o.out.display()))?;
    let json_path = o.out.join("result.json");
    let html_path = o.out.join("report.html");
    std::fs::write(&json_path, serde_json::to_vec_pretty(&result).map_err(|e| e.to_string())?)
        .map_err(|e| format!("{}: {e}", json_path.display()))?;
    std::fs::write(&html_path, report::html(&result)).map_err(|e| format!("{}: {e}", html_path.display()))?;
    println!(
        "{}: {:.0} msg/s acknowledged, {:.0} deliveries/s; end-to-end ms p50 {:.2} p99 {:.2} p99.9 {:.2}; ack ms p99 {:.2}; \
         delivered ratio {:.5}; cross-process share {:.3} (p99 {:.2} ms); connects {}, reconnects {}; errors {}",
        scenario.name,
        metrics["messages_per_s"],
        metrics["deliveries_per_s"],
        metrics["p50_end_to_end_ms"],
        metrics["p99_end_to_end_ms"],
        metrics["p999_end_to_end_ms"],
        metrics["p99_ack_ms"],
        metrics["delivered_ratio"],
        metrics["cross_process_share"],
        metrics["p99_end_to_end_cross_ms"],
        metrics["connects"],
        metrics["reconnects"],
        metrics["errors"],
    );
    for (kind, n) in &totals.counters.errors {
        println!("  error {kind}: {n}");
    }
    for v in &verdicts {
        println!(
            "  threshold {}: {} (actual {})",
            v.threshold,
            if v.passed { "pass" } else { "FAIL" },
            v.actual.map_or("missing".into(), |a| format!("{a:.4}"))
        );
    }
    for f in &failures {
        println!("  failure: {f}");
    }
    println!("  result {}\n  report {}", json_path.display(), html_path.display());
    Ok(passed)
}

/// Prints the second's progress line and answers its timeline point.
fn progress_line(t: &Tick) -> Point {
    let c = &t.counters;
    let errors = c.error_total();
    eprintln!(
        "  {:>5}s  online {:>6}  sent {:>7}/s  delivered {:>7}/s  e2e p50 {:>7.2} p99 {:>7.2} ms  ack p99 {:>7.2} ms  connects {:>5}  errors {}",
        t.second,
        t.open,
        c.sent,
        c.delivered,
        t.latencies.end_to_end.quantile_ms(0.5),
        t.latencies.end_to_end.quantile_ms(0.99),
        t.latencies.ack.quantile_ms(0.99),
        c.connects,
        errors
    );
    let _ = std::io::stderr().flush();
    Point {
        second: t.second,
        sent: c.sent,
        acked: c.acked,
        delivered: c.delivered,
        recovered: c.recovered,
        connects: c.connects,
        open: t.open,
        errors: c.errors.clone(),
        p50_end_to_end_ms: t.latencies.end_to_end.quantile_ms(0.5),
        p99_end_to_end_ms: t.latencies.end_to_end.quantile_ms(0.99),
        p99_ack_ms: t.latencies.ack.quantile_ms(0.99),
    }
}

/// `souk-load worker`: listens on `listen` (printing `listening on ADDR`), runs each assignment
/// it receives and streams its reports back; `once` ends after the first; `lifetime` bounds it.
pub async fn worker(listen: &str, lifetime: Duration, once: bool) -> Result<(), String> {
    let listener = tokio::net::TcpListener::bind(listen).await.map_err(|e| format!("{listen}: {e}"))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    println!("listening on {addr}");
    let _ = std::io::stdout().flush();
    let serve = async {
        loop {
            let (stream, _) = listener.accept().await.map_err(|e| e.to_string())?;
            let (read, mut write) = stream.into_split();
            let mut lines = BufReader::new(read).lines();
            let Ok(Some(line)) = lines.next_line().await else { continue };
            let assignment: Assignment = match serde_json::from_str(&line) {
                Ok(a) => a,
                Err(e) => {
                    let mut out =
                        serde_json::to_vec(&Report::Failed(format!("unreadable assignment: {e}"))).unwrap_or_default();
                    out.push(b'\n');
                    let _ = write.write_all(&out).await;
                    continue;
                }
            };
            if let Err(e) = assignment.scenario.validate() {
                let mut out = serde_json::to_vec(&Report::Failed(format!("scenario refused: {e}"))).unwrap_or_default();
                out.push(b'\n');
                let _ = write.write_all(&out).await;
                continue;
            }
            let (tx, mut rx) = mpsc::unbounded_channel();
            let run = tokio::spawn(engine::run(assignment, tx));
            while let Some(report) = rx.recv().await {
                let mut out = serde_json::to_vec(&report).map_err(|e| e.to_string())?;
                out.push(b'\n');
                if write.write_all(&out).await.is_err() {
                    run.abort();
                    break;
                }
            }
            let _ = write.flush().await;
            if once {
                return Ok::<(), String>(());
            }
        }
    };
    match tokio::time::timeout(lifetime, serve).await {
        Ok(r) => r,
        Err(_) => Err("the worker's lifetime is over".into()),
    }
}
