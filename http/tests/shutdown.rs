//! A graceful stop (issue 27, docs/operations.md "Stopping"): after SIGTERM a keep-alive
//! connection's next request is refused with 503 and the connection closed, no new Socket.IO
//! session opens, an event taken before the signal is acknowledged before its socket closes
//! with an Engine.IO CLOSE, and the process exits cleanly.

mod common;

use common::chat::{PollingClient, private, sign_up};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Sends one GET on an open connection and reads one answer (headers and a small body).
async fn get_on(conn: &mut tokio::net::TcpStream, path: &str) -> String {
    conn.write_all(format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").as_bytes()).await.expect("write");
    let mut answer = Vec::new();
    let mut buf = [0u8; 4096];
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(5) {
        let n =
            tokio::time::timeout(Duration::from_secs(5), conn.read(&mut buf)).await.expect("read in time").unwrap_or(0);
        if n == 0 {
            break;
        }
        answer.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&answer);
        if let Some((head, body)) = text.split_once("\r\n\r\n") {
            let length = head
                .lines()
                .find_map(|l| l.to_ascii_lowercase().strip_prefix("content-length:").map(|v| v.trim().to_string()))
                .and_then(|v| v.parse::<usize>().ok())
                .unwrap_or(0);
            if body.len() >= length {
                break;
            }
        }
    }
    String::from_utf8_lossy(&answer).into_owned()
}

#[actix_web::test]
async fn sigterm_takes_no_new_work_and_finishes_what_it_took() {
    let data_dir = common::temp_dir("shutdown");
    let (mut node, base) = common::serve_process(&data_dir, &[]).await;
    let (token, _) = sign_up(&base, private("0611000601")).await;
    let port = base.rsplit(':').next().and_then(|p| p.parse::<u16>().ok()).expect("port");
    let mut keep_alive = tokio::net::TcpStream::connect(("127.0.0.1", port)).await.expect("connect");
    let first = get_on(&mut keep_alive, "/healthz").await;
    assert!(first.starts_with("HTTP/1.1 200"), "{first}");

    let (socket, reply) = PollingClient::connect(&base, &token).await;
    assert!(reply.starts_with("40{\"sid\":"), "{reply}");
    // An event the server has taken (its POST answered) before the signal.
    socket.post("4277[\"chat:list\",{}]").await;

    let killed = std::process::Command::new("kill").args(["-TERM", &node.0.id().to_string()]).status().expect("kill");
    assert!(killed.success());
    tokio::time::sleep(Duration::from_millis(150)).await;

    // The keep-alive connection's next request is refused, and the connection closes.
    let refused = get_on(&mut keep_alive, "/readyz").await;
    assert!(refused.starts_with("HTTP/1.1 503"), "{refused}");
    assert!(refused.to_ascii_lowercase().contains("connection: close"), "{refused}");
    assert!(refused.contains("STORE_UNAVAILABLE"), "{refused}");
    let mut rest = [0u8; 16];
    let after = tokio::time::timeout(Duration::from_secs(3), keep_alive.read(&mut rest)).await;
    assert!(matches!(after, Ok(Ok(0)) | Ok(Err(_))), "the connection was closed: {after:?}");

    // The event taken before the signal is acknowledged, then the socket gets its CLOSE.
    let records = socket.until_closed().await;
    let ack = records.iter().position(|r| r.starts_with("4377["));
    let close = records.iter().position(|r| r == "1");
    assert!(ack.is_some() && ack < close, "the acknowledgement before the close: {records:?}");

    // No new session while draining (or the port is already closed).
    if let Ok(res) = reqwest::get(format!("{base}/socket.io/?EIO=4&transport=polling")).await {
        assert_eq!(res.status(), reqwest::StatusCode::SERVICE_UNAVAILABLE);
    }

    let started = Instant::now();
    let status = loop {
        if let Some(s) = node.0.try_wait().expect("wait") {
            break s;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "souk did not stop within 20 s of SIGTERM");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(status.success(), "{status:?}");
}
