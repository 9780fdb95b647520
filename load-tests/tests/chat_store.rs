//! `souk-load chat-store` as the benchmark runs it: the chat store alone appends every batch
//! without an error, reports the writer's CPU per message, and removes its database afterwards.

use std::process::Command;

mod common;

use common::{BIN, figure};

#[test]
fn the_chat_store_scenario_appends_and_cleans_up() {
    let child = Command::new(BIN)
        .args(["chat-store", "--conversations", "2", "--batch", "16", "--duration", "1"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("souk-load chat-store runs");
    let dir = std::env::temp_dir().join(format!("souk-chat-store-{}", child.id()));
    let run = child.wait_with_output().expect("it ends");
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "chat-store failed: {stdout}\n{}", String::from_utf8_lossy(&run.stderr));
    let line = stdout.lines().find(|l| l.starts_with("chat-store:")).unwrap_or_else(|| panic!("no result in {stdout}"));
    assert!(figure(line, "batches of 16;") > 0.0, "messages were appended: {line}");
    assert!(figure(line, "writer") > 0.0, "the writer's CPU was read: {line}");
    assert_eq!(figure(line, "errors"), 0.0, "{line}");
    assert!(!dir.exists(), "the database is removed: {}", dir.display());
}
