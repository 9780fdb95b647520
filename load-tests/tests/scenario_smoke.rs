//! `make test`'s load smoke (issue 28): a small marketplace evening (load-tests/scenarios/smoke.toml,
//! every kind of chat event, a reconnect storm) for about 20 seconds against a real `souk serve`
//! on a demo data dir with a bench population, over two generator processes; the run passes its
//! threshold and writes result.json and an HTML report with its plots inline. And a broken
//! threshold makes a run exit non-zero (against the minimal relay, in a few seconds).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

// `figure` serves the other test files, not this one.
#[allow(dead_code)]
mod common;

use common::BIN;

/// A process killed when dropped.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace").to_path_buf()
}

/// The `souk` binary of this workspace: the one `cargo test --workspace` builds next to
/// `souk-load` (souk-http's tests need it), else built here. Building it here under other
/// feature choices than the workspace's would rebuild half the tree, so an existing one is used.
fn souk_binary() -> PathBuf {
    let dir = Path::new(BIN).parent().expect("the target profile dir");
    let souk = dir.join("souk");
    if !souk.exists() {
        let built = Command::new(env!("CARGO"))
            .args(["build", "-q", "-p", "souk-http", "--bin", "souk"])
            .current_dir(workspace())
            .status()
            .expect("cargo runs");
        assert!(built.success(), "the souk binary builds");
    }
    souk
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).expect("a free port")
}

fn run_souk(souk: &Path, args: &[&str]) -> String {
    let out = Command::new(souk).args(args).env("SOUK_LOG__LEVEL", "warn").output().expect("souk runs");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "souk {args:?} failed:\n{stderr}");
    stderr
}

#[test]
fn a_small_marketplace_evening_passes_and_reports_with_plots() {
    let started = Instant::now();
    let souk = souk_binary();
    eprintln!("smoke: the souk binary is ready after {:?}", started.elapsed());
    let dir = std::env::temp_dir().join(format!("souk-load-smoke-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let data = dir.join("data");
    let data_arg = data.to_str().expect("utf-8 path");

    // A data dir that is not a test deployment refuses a bench population.
    let plain = dir.join("plain");
    let refused = Command::new(&souk)
        .args(["seed", "--bench-users", "10", "--data-dir", plain.to_str().expect("utf-8")])
        .env("SOUK_LOG__LEVEL", "warn")
        .output()
        .expect("souk runs");
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("not marked as a test deployment"));

    run_souk(&souk, &["seed", "--demo", "--ads", "200", "--data-dir", data_arg]);
    let seeded =
        run_souk(&souk, &["seed", "--bench-users", "200", "--bench-conversations", "100", "--data-dir", data_arg]);
    assert!(seeded.contains("bench: 200 accounts"), "{seeded}");
    let seed_time = started.elapsed();

    let port = free_port();
    let url = format!("http://127.0.0.1:{port}");
    let server = Killed(
        Command::new(&souk)
            .args(["serve", "--port", &port.to_string(), "--data-dir", data_arg])
            .env("SOUK_LOG__LEVEL", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("souk serve starts"),
    );
    let ready = Instant::now();
    loop {
        let ok = std::net::TcpStream::connect(("127.0.0.1", port)).is_ok();
        if ok {
            break;
        }
        assert!(ready.elapsed() < Duration::from_secs(30), "souk serve is not listening after 30 s");
        std::thread::sleep(Duration::from_millis(100));
    }

    let out = dir.join("report");
    let run_started = Instant::now();
    let run = Command::new(BIN)
        .args(["run", "--scenario"])
        .arg(workspace().join("load-tests/scenarios/smoke.toml"))
        .arg("--population")
        .arg(data.join("bench-population.json"))
        .args(["--url", &url, "--workers", "2", "--sign-in-concurrency", "4"])
        .args(["--server-pid", &server.0.id().to_string()])
        .arg("--out")
        .arg(&out)
        .arg("--token-cache")
        .arg(dir.join("tokens.json"))
        .output()
        .expect("souk-load run runs");
    let run_time = run_started.elapsed();
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "the smoke run failed:\n{stdout}\n{stderr}");
    assert!(run_started.elapsed() < Duration::from_secs(60), "bounded: {:?}", run_started.elapsed());
    // A progress line a second.
    assert!(stderr.lines().filter(|l| l.trim_start().contains("s  online")).count() >= 15, "{stderr}");
    assert!(stdout.contains("threshold delivered_ratio > 0.99: pass"), "{stdout}");

    let result: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("result.json")).expect("result.json")).expect("json");
    assert_eq!(result["passed"], true);
    assert_eq!(result["workers"], 2);
    assert!(result["metrics"]["delivered"].as_f64().unwrap_or(0.0) > 50.0, "{}", result["metrics"]);
    assert!(result["metrics"]["reconnects"].as_f64().unwrap_or(0.0) >= 90.0, "the storm: {}", result["metrics"]);
    assert!(result["metrics"]["typing_sent"].as_f64().unwrap_or(0.0) > 0.0);
    assert!(result["metrics"]["reads_sent"].as_f64().unwrap_or(0.0) > 0.0);
    assert!(
        result["servers"][0]["readings"].as_array().is_some_and(|r| r.len() >= 10),
        "server CPU and memory sampled"
    );
    let html = std::fs::read_to_string(out.join("report.html")).expect("report.html");
    for id in ["throughput", "latency", "errors", "connections", "server-cpu", "server-memory"] {
        assert!(html.contains(&format!("id=\"plot-{id}\"><svg")), "the {id} plot is inline");
    }
    // The tokens were cached for the next run.
    let cache: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("tokens.json")).expect("the token cache")).expect("json");
    assert_eq!(cache["tokens"].as_object().map(|t| t.len()), Some(100), "every user's token is cached");
    eprintln!(
        "smoke: ready and seeded at {seed_time:?}, the run took {:?}, whole test {:?}",
        run_time,
        started.elapsed()
    );
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_broken_threshold_fails_the_run() {
    let mut relay = Killed(
        Command::new(BIN)
            .args(["relay", "--port", "0", "--lifetime", "60"])
            .stderr(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .expect("souk-load relay starts"),
    );
    let mut line = String::new();
    BufReader::new(relay.0.stderr.take().expect("stderr")).read_line(&mut line).expect("a first line");
    let addr = line.split("ws://").nth(1).and_then(|r| r.split_whitespace().next()).expect("an address").to_owned();
    let dir = std::env::temp_dir().join(format!("souk-load-threshold-{}", std::process::id()));
    let scenario = dir.join("s.toml");
    std::fs::create_dir_all(&dir).expect("a temp dir");
    std::fs::write(
        &scenario,
        format!(
            "name = \"impossible\"\ntarget = \"ws\"\nurls = [\"http://{addr}\"]\nusers = 20\nconversations = 10\ndrain_s = 1\n\
             thresholds = [\"p99_end_to_end_ms < 0.000001\", \"errors == 0\"]\n\
             [[phases]]\nname = \"all\"\nkind = \"spike\"\nduration_s = 3\nusers = 20\nramp_s = 0.5\n\
             [behaviour]\nthink_time_ms = {{ distribution = \"constant\", value = 50 }}\n\
             message_length = {{ distribution = \"constant\", value = 20 }}\n"
        ),
    )
    .expect("written");
    let run = Command::new(BIN)
        .args(["run", "--scenario"])
        .arg(&scenario)
        .arg("--out")
        .arg(dir.join("report"))
        .output()
        .expect("souk-load run runs");
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(1), "{stdout}\n{}", String::from_utf8_lossy(&run.stderr));
    assert!(stdout.contains("threshold p99_end_to_end_ms < 0.000001: FAIL"), "{stdout}");
    assert!(stdout.contains("threshold errors == 0: pass"), "{stdout}");
    let result: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("report/result.json")).expect("result.json")).expect("json");
    assert_eq!(result["passed"], false);
    assert!(result["metrics"]["delivered"].as_f64().unwrap_or(0.0) > 100.0, "{}", result["metrics"]);
    let _ = std::fs::remove_dir_all(&dir);
}
