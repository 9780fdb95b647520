//! The servers under test, seen from outside: their CPU and memory every second, read from
//! /proc/<pid> for a process on this machine (found by the port it listens on, or given) and
//! otherwise from its Prometheus `/metrics` (`process_cpu_seconds_total`,
//! `process_resident_memory_bytes`).

use serde::{Deserialize, Serialize};

/// One reading of one server.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct Reading {
    pub second: u64,
    /// Cores busy over the last second.
    pub cpu_cores: f64,
    pub rss_mib: f64,
}

/// A server's series.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Series {
    pub url: String,
    /// `proc:<pid>`, `metrics` or `none`.
    pub source: String,
    pub readings: Vec<Reading>,
}

/// Where one server's figures come from.
#[derive(Debug, Clone)]
pub enum Source {
    Proc(u32),
    Metrics(String),
    None,
}

/// The process listening on TCP `port` on this machine (/proc/net/tcp{,6} and the fds).
pub fn pid_listening_on(port: u16) -> Option<u32> {
    let mut inodes = Vec::new();
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
        let Ok(text) = std::fs::read_to_string(table) else { continue };
        for line in text.lines().skip(1) {
            let f: Vec<&str> = line.split_whitespace().collect();
            // local_address is "IP:PORT" in hex; state 0A is LISTEN; the inode is field 9.
            let Some(local) = f.get(1) else { continue };
            let listening = f.get(3) == Some(&"0A");
            let p = local.rsplit(':').next().and_then(|h| u16::from_str_radix(h, 16).ok());
            if listening && p == Some(port) {
                inodes.extend(f.get(9).map(|i| format!("socket:[{i}]")));
            }
        }
    }
    if inodes.is_empty() {
        return None;
    }
    for entry in std::fs::read_dir("/proc").ok()?.flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse::<u32>().ok()) else { continue };
        let Ok(fds) = std::fs::read_dir(entry.path().join("fd")) else { continue };
        for fd in fds.flatten() {
            if let Ok(link) = std::fs::read_link(fd.path())
                && inodes.iter().any(|i| link.to_str() == Some(i.as_str()))
            {
                return Some(pid);
            }
        }
    }
    None
}

/// The port of a URL (`http://127.0.0.1:8080` → 8080).
pub fn port_of(url: &str) -> Option<u16> {
    let rest = url.split("://").nth(1).unwrap_or(url);
    let host_port = rest.split('/').next()?;
    host_port.rsplit(':').next()?.parse().ok()
}

/// (CPU seconds so far, resident KiB) of a local process.
pub fn proc_figures(pid: u32) -> Option<(f64, f64)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let rss = status.lines().find(|l| l.starts_with("VmRSS:"))?.split_whitespace().nth(1)?.parse::<f64>().ok()?;
    Some((ticks / 100.0, rss))
}

/// (CPU seconds so far, resident KiB) from a Prometheus text exposition.
pub fn metrics_figures(text: &str) -> Option<(f64, f64)> {
    let value = |name: &str| {
        text.lines()
            .find(|l| l.starts_with(name) && l[name.len()..].starts_with([' ', '{']))
            .and_then(|l| l.split_whitespace().last())
            .and_then(|v| v.parse::<f64>().ok())
    };
    Some((value("process_cpu_seconds_total")?, value("process_resident_memory_bytes")? / 1024.0))
}

/// Decides where each target's figures come from: the given pids in URL order, else the
/// process listening on the URL's port here, else `/metrics`.
pub fn sources(urls: &[String], pids: &[u32]) -> Vec<Source> {
    urls.iter()
        .enumerate()
        .map(|(i, url)| match pids.get(i).copied().or_else(|| port_of(url).and_then(pid_listening_on)) {
            Some(pid) => Source::Proc(pid),
            None => Source::Metrics(format!("{}/metrics", url.trim_end_matches('/'))),
        })
        .collect()
}

/// Samples the servers once a second until `stop`; answers their series.
pub async fn sample(
    urls: Vec<String>,
    sources: Vec<Source>,
    start: tokio::time::Instant,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
) -> Vec<Series> {
    let http = reqwest::Client::builder().timeout(std::time::Duration::from_millis(800)).build().ok();
    let mut series: Vec<Series> = urls
        .iter()
        .zip(&sources)
        .map(|(url, s)| Series {
            url: url.clone(),
            source: match s {
                Source::Proc(pid) => format!("proc:{pid}"),
                Source::Metrics(_) => "metrics".into(),
                Source::None => "none".into(),
            },
            readings: Vec::new(),
        })
        .collect();
    let mut previous: Vec<Option<(f64, tokio::time::Instant)>> = vec![None; urls.len()];
    let mut sources = sources;
    let mut second = 0u64;
    while !stop.load(std::sync::atomic::Ordering::Relaxed) {
        second += 1;
        tokio::time::sleep_until(start + std::time::Duration::from_secs(second)).await;
        for (i, source) in sources.iter_mut().enumerate() {
            let figures = match source {
                Source::Proc(pid) => proc_figures(*pid),
                Source::Metrics(url) => match &http {
                    Some(h) => match h.get(url.as_str()).send().await {
                        Ok(r) => r.text().await.ok().as_deref().and_then(metrics_figures),
                        Err(_) => None,
                    },
                    None => None,
                },
                Source::None => None,
            };
            let Some((cpu, rss_kib)) = figures else {
                if matches!(source, Source::Metrics(_)) && second > 3 && series[i].readings.is_empty() {
                    // No process figures there: stop asking.
                    *source = Source::None;
                    series[i].source = "none".into();
                }
                continue;
            };
            let now = tokio::time::Instant::now();
            let cores = match previous[i] {
                Some((c, at)) => (cpu - c) / now.duration_since(at).as_secs_f64().max(1e-3),
                None => 0.0,
            };
            previous[i] = Some((cpu, now));
            series[i].readings.push(Reading { second, cpu_cores: cores.max(0.0), rss_mib: rss_kib / 1024.0 });
        }
    }
    series
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_are_read_from_proc_and_from_metrics() {
        let me = std::process::id();
        let (cpu, rss) = proc_figures(me).expect("this process");
        assert!(cpu >= 0.0 && rss > 100.0, "{cpu} {rss}");
        let text = "# HELP x\nprocess_cpu_seconds_total 12.5\nprocess_resident_memory_bytes 1048576\nprocess_cpu_seconds_total_other 3\n";
        assert_eq!(metrics_figures(text), Some((12.5, 1024.0)));
        assert_eq!(metrics_figures("souk_requests_total 3"), None);
        assert_eq!(port_of("http://127.0.0.1:8080/"), Some(8080));
        assert_eq!(port_of("http://[::1]:9000"), Some(9000));
    }

    #[test]
    fn a_listening_process_is_found_by_its_port() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        assert_eq!(pid_listening_on(port), Some(std::process::id()));
    }
}
