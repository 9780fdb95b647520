//! The SQLite chat store alone (a component benchmark of `souk-storage`, moved here from
//! `souk-load chat-store`, issue 30 item 8), without sockets or actors. M
//! conversations each append batches of B text messages one after the other, all of them at
//! once, as the Conversation actors do under load (each batch one `append_messages` call; the
//! writer thread commits whatever arrives together in one transaction). It measures what the
//! real-time benchmark's bottleneck, the one writer thread, can commit: messages per second, and
//! the CPU time of the writer and of the checkpointer per message. A fresh database in a
//! temporary directory, removed afterwards; progress every second; bounded in time.

use souk_storage::chat::{ChatAd, ChatStore, NewMessage, Starter};
use souk_storage::sqlite::SqliteStore;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The seller of every conversation; buyer `i` is account `BUYERS + i`.
const SELLER: i64 = 1;
const BUYERS: i64 = 100;

/// CPU time of this process's threads named `name`, in seconds (`/proc/self/task/*/stat`).
fn thread_cpu_seconds(name: &str) -> f64 {
    let ticks = 100.0; // USER_HZ on Linux
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else { return 0.0 };
    tasks
        .flatten()
        .filter(|t| std::fs::read_to_string(t.path().join("comm")).is_ok_and(|c| c.trim() == name))
        .filter_map(|t| std::fs::read_to_string(t.path().join("stat")).ok())
        .filter_map(|stat| {
            // After the command's closing parenthesis: state is field 3, utime 14 and stime 15.
            let rest = stat.rsplit_once(')')?.1;
            let fields: Vec<&str> = rest.split_whitespace().collect();
            Some(fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?)
        })
        .sum::<f64>()
        / ticks
}

/// Runs the scenario; answers its one-line result.
async fn run(conversations: usize, batch: usize, duration: Duration) -> Result<String, String> {
    let (conversations, batch) = (conversations.clamp(1, 256), batch.clamp(1, 1024));
    let dir = std::env::temp_dir().join(format!("souk-chat-store-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let result = measure(&dir, conversations, batch, duration).await;
    let _ = std::fs::remove_dir_all(&dir);
    result
}

async fn measure(
    dir: &std::path::Path,
    conversations: usize,
    batch: usize,
    duration: Duration,
) -> Result<String, String> {
    let store = SqliteStore::open(dir.join("souk.db"), 1).map_err(|e| e.to_string())?;
    let mut ids = Vec::with_capacity(conversations);
    for i in 0..conversations {
        let ad = ChatAd {
            ad_id: format!("ad-{i}"),
            list_id: 1_000 + i as i64,
            account_id: SELLER,
            title: format!("Annonce {i}"),
            image: None,
            status: "active".into(),
        };
        let (conversation, _) =
            store.open_conversation(ad, Starter::Account(BUYERS + i as i64)).await.map_err(|e| e.to_string())?;
        ids.push(conversation.conversation_id);
    }
    eprintln!(
        "chat-store: {conversations} conversations appending batches of {batch} for {}s (+1s warm-up) in {}",
        duration.as_secs(),
        dir.display()
    );
    let appended = Arc::new(AtomicU64::new(0));
    let errors = Arc::new(AtomicU64::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let mut tasks = Vec::new();
    for (i, conversation_id) in ids.into_iter().enumerate() {
        let (store, appended, errors, stop) = (store.clone(), appended.clone(), errors.clone(), stop.clone());
        tasks.push(tokio::spawn(async move {
            let mut seq = 0u64;
            while !stop.load(Ordering::Relaxed) {
                let messages = (0..batch)
                    .map(|_| {
                        seq += 1;
                        // As a conversation goes: the two parties in turn, short texts.
                        let sender = if seq.is_multiple_of(2) { SELLER } else { BUYERS + i as i64 };
                        let text = format!("message {seq} de {sender}");
                        NewMessage {
                            conversation_id: conversation_id.clone(),
                            sender_id: sender,
                            client_message_id: format!("c-{i}-{seq}"),
                            preview: text.clone(),
                            text: Some(text),
                            attachment: None,
                        }
                    })
                    .collect();
                match store.append_messages(messages).await {
                    Ok(answers) => {
                        let ok = answers.iter().filter(|a| a.is_ok()).count() as u64;
                        appended.fetch_add(ok, Ordering::Relaxed);
                        errors.fetch_add(answers.len() as u64 - ok, Ordering::Relaxed);
                    }
                    Err(_) => {
                        errors.fetch_add(batch as u64, Ordering::Relaxed);
                    }
                }
            }
        }));
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    let (start, start_count) = (Instant::now(), appended.load(Ordering::Relaxed));
    let (writer0, checkpointer0) = (thread_cpu_seconds("sqlite-writer"), thread_cpu_seconds("sqlite-checkpoi"));
    let mut last = start_count;
    while start.elapsed() < duration {
        tokio::time::sleep(Duration::from_secs(1).min(duration.saturating_sub(start.elapsed()))).await;
        let now = appended.load(Ordering::Relaxed);
        eprint!(
            "  {:>3.0}s  appended {:>9} ({:>7}/s)  errors {}\r",
            start.elapsed().as_secs_f64(),
            now - start_count,
            now - last,
            errors.load(Ordering::Relaxed)
        );
        last = now;
    }
    let count = appended.load(Ordering::Relaxed) - start_count;
    let seconds = start.elapsed().as_secs_f64();
    let writer = thread_cpu_seconds("sqlite-writer") - writer0;
    let checkpointer = thread_cpu_seconds("sqlite-checkpoi") - checkpointer0;
    stop.store(true, Ordering::Relaxed);
    for t in tasks {
        let _ = t.await;
    }
    store.shutdown().await;
    eprintln!();
    let per_message = |cpu: f64| if count == 0 { 0.0 } else { cpu * 1e6 / count as f64 };
    Ok(format!(
        "chat-store: {conversations} conversations, batches of {batch}; {:.0} msg/s appended; writer {:.2} cores, {:.2} us/msg; checkpointer {:.2} cores, {:.2} us/msg; errors {}",
        count as f64 / seconds,
        writer / seconds,
        per_message(writer),
        checkpointer / seconds,
        per_message(checkpointer),
        errors.load(Ordering::Relaxed)
    ))
}

/// `cargo bench -p souk-storage --bench chat_store -- [conversations] [batch] [seconds]`
/// (defaults 8, 128, 10).
fn main() -> std::process::ExitCode {
    let numbers: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let conversations = numbers.first().copied().unwrap_or(8) as usize;
    let batch = numbers.get(1).copied().unwrap_or(128) as usize;
    let seconds = numbers.get(2).copied().unwrap_or(10).clamp(1, 300);
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("chat-store: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let duration = Duration::from_secs(seconds);
    let outcome = runtime.block_on(async {
        tokio::time::timeout(duration + Duration::from_secs(60), run(conversations, batch, duration))
            .await
            .unwrap_or_else(|_| Err("time bound reached".into()))
    });
    match outcome {
        Ok(line) => {
            println!("{line}");
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("chat-store: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
