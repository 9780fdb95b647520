//! A private `redis-server` for the tests that stop and restart Redis (outages, restarts
//! empty): on a free loopback port, without persistence, killed on drop.

use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running `redis-server`; killed on drop.
pub struct Redis(Child);

impl Drop for Redis {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `redis-server` on `port`; `None` when there is no binary (the caller skips visibly
/// unless `SOUK_REQUIRE_REDIS=1`, see [`skip_without_redis`]).
pub fn redis_on(port: u16) -> Option<Redis> {
    let child = Command::new("redis-server")
        .args(["--port", &port.to_string(), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    Some(Redis(child))
}

/// A free loopback port.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).expect("port")
}

/// Whether something answers on `port` within 5 s.
pub async fn answers(port: u16) -> bool {
    for _ in 0..100 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    false
}

/// Fails when Redis is required (`SOUK_REQUIRE_REDIS=1`, as `make test` sets), else says why
/// the test is skipped.
pub fn skip_without_redis(what: &str) {
    assert!(
        std::env::var("SOUK_REQUIRE_REDIS").as_deref() != Ok("1"),
        "redis-server is required (SOUK_REQUIRE_REDIS=1)"
    );
    eprintln!("{what} skipped: no redis-server binary");
}
