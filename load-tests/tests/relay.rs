//! `souk-load relay` measured by `souk-load chat --target ws`, both as the benchmark script runs
//! them (two processes): every message offered is acknowledged and delivered, without errors.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

mod common;

use common::{BIN, figure};

/// The relay's process, killed when dropped.
struct Relay(Child);

impl Drop for Relay {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts the relay on a free port; answers it with its address, read from its first line.
fn start_relay() -> (Relay, String) {
    let mut child = Command::new(BIN)
        .args(["relay", "--port", "0", "--lifetime", "120"])
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("souk-load relay starts");
    let stderr = child.stderr.take().expect("its stderr");
    let relay = Relay(child);
    let mut line = String::new();
    BufReader::new(stderr).read_line(&mut line).expect("a first line");
    let addr = line
        .split("ws://")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_owned();
    (relay, addr)
}

#[test]
fn the_generator_measures_the_relay() {
    let (relay, addr) = start_relay();
    let started = Instant::now();
    let run = Command::new(BIN)
        .args(["chat", "--target", "ws", "--url", &format!("http://{addr}"), "--conversations", "4"])
        .args(["--rate", "400", "--duration", "2", "--server-pid", &relay.0.id().to_string()])
        .output()
        .expect("souk-load chat runs");
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "chat failed: {stdout}\n{}", String::from_utf8_lossy(&run.stderr));
    assert!(started.elapsed() < Duration::from_secs(60), "bounded");
    let line = stdout.lines().find(|l| l.starts_with("chat Ws:")).unwrap_or_else(|| panic!("no result in {stdout}"));
    // 400 msg/s offered over 2 s: on a loaded machine a few may be in flight at either end.
    let (sent, delivered) = (figure(line, "sent"), figure(line, "delivered"));
    assert!(sent >= 300.0, "{line}");
    assert!(delivered >= sent * 0.9 && delivered <= sent * 1.1, "every message sent is delivered: {line}");
    assert_eq!(figure(line, "errors"), 0.0, "{line}");
    // Acknowledgements were timed: some latency was measured.
    assert!(figure(line, "ack ms p50") > 0.0, "{line}");
    assert!(figure(line, "server RSS") > 0.0, "the relay's memory was read: {line}");
}

#[test]
fn the_relay_refuses_a_port_it_cannot_have() {
    let (_relay, addr) = start_relay();
    let port = addr.rsplit(':').next().expect("a port");
    let second =
        Command::new(BIN).args(["relay", "--port", port, "--lifetime", "5"]).output().expect("a second relay runs");
    assert!(!second.status.success(), "the port is taken");
    assert!(String::from_utf8_lossy(&second.stderr).contains("souk-load relay:"));
}
