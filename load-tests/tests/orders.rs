//! `souk-load orders` as the benchmark runs it, briefly, against a real server: the demo
//! marketplace served on a free loopback port, in process, as `souk serve --demo` serves it
//! (a fresh data dir, the demo seed, the same state and HTTP server). The scenario signs in the
//! demo's e-commerce shop, restocks a product, registers buyers and places orders at a fixed
//! rate: it ends within its bound, every checkout succeeds, and every order placed reaches the
//! owner's socket as an `order:new`.

use std::process::Command;
use std::time::{Duration, Instant};

mod common;

use common::{BIN, figure};
use souk_http::config::{Overrides, Settings};
use souk_http::server;

/// The temporary data dir, removed when dropped.
struct DataDir(std::path::PathBuf);

impl Drop for DataDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Serves the demo marketplace on 127.0.0.1 and a free port; answers its base URL.
async fn serve_demo(dir: &std::path::Path) -> String {
    let overrides = Overrides { data_dir: Some(dir.to_path_buf()), port: Some(1), ..Overrides::default() };
    let mut settings = Settings::load(&overrides).expect("settings");
    settings.server.port = 0;
    settings.web.client_dir = dir.join("client");
    let store = server::open_store(&settings).expect("store");
    let reference = souk_storage::reference::Reference::embedded().expect("reference data");
    souk_services::demo::seed_demo(&store, &reference, &settings.media_dir(), settings.demo.ads, &mut |_| {})
        .await
        .expect("the demo seeds");
    let ephemeral = server::open_ephemeral(&settings).await.expect("ephemeral store");
    let state = server::build_state(settings, store, ephemeral).await.expect("state");
    let (srv, addr) = server::bind(state).expect("bind");
    actix_web::rt::spawn(srv);
    format!("http://{addr}")
}

#[actix_web::test]
async fn the_orders_scenario_places_orders_and_hears_every_alert() {
    let dir = DataDir(std::env::temp_dir().join(format!("souk-load-orders-{}", std::process::id())));
    let _ = std::fs::remove_dir_all(&dir.0);
    std::fs::create_dir_all(&dir.0).expect("temp dir");
    let url = serve_demo(&dir.0).await;

    let started = Instant::now();
    // The generator blocks this thread; the server runs on this runtime, so wait elsewhere.
    let run = tokio::task::spawn_blocking(move || {
        Command::new(BIN)
            .args(["orders", "--url", &url, "--buyers", "5", "--rate", "50", "--duration", "2", "--warmup", "1"])
            .output()
    })
    .await
    .expect("joined")
    .expect("souk-load orders runs");
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "orders failed:\n{stdout}\n{stderr}");
    assert!(started.elapsed() < Duration::from_secs(120), "bounded");

    let line =
        stdout.lines().find(|l| l.starts_with("orders Souk:")).unwrap_or_else(|| panic!("no result in {stdout}"));
    assert_eq!(figure(line, "errors"), 0.0, "{stdout}");
    assert_eq!(figure(line, "alerts missing"), 0.0, "every order placed was alerted: {stdout}");
    assert!(figure(line, "achieved") > 0.0, "{stdout}");
    assert!(figure(line, "alert ms p50") > 0.0, "alert latency was measured: {stdout}");
    // 50 orders/s offered for 3 s (warm-up included): all of them placed, each alerted once.
    let alerts = stdout.lines().find(|l| l.trim_start().starts_with("alerts:")).expect("an alerts line");
    let (received, placed) = (figure(alerts, "alerts:"), figure(alerts, "received for"));
    assert!(placed >= 140.0, "{stdout}");
    assert_eq!(received, placed, "{stdout}");
    assert_eq!(figure(alerts, "duplicates"), 0.0, "{stdout}");
    assert!(stdout.contains("errors by code: none"), "{stdout}");
    // The three latencies have samples.
    for label in ["checkout ms", "alert ms (owner's", "request sent -> alert"] {
        let l = stdout.lines().find(|l| l.contains(label)).unwrap_or_else(|| panic!("no {label} in {stdout}"));
        assert!(!l.contains("no samples"), "{l}");
    }
}
