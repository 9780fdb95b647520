//! A run's result: the JSON document (`result.json`) and the self-contained HTML report
//! (`report.html`) with inline SVG plots drawn by `plotters` — throughput, latency percentiles
//! over time, errors by kind, open connections, and each server's CPU and memory.

use crate::scenario::Verdict;
use crate::servers::Series;
use plotters::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One second of the merged run.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Point {
    pub second: u64,
    pub sent: u64,
    pub acked: u64,
    pub delivered: u64,
    pub recovered: u64,
    pub connects: u64,
    pub open: u64,
    pub errors: BTreeMap<String, u64>,
    pub p50_end_to_end_ms: f64,
    pub p99_end_to_end_ms: f64,
    pub p99_ack_ms: f64,
}

/// The JSON result of a run.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RunResult {
    pub scenario: String,
    pub description: String,
    pub target: String,
    pub urls: Vec<String>,
    pub workers: usize,
    pub users: u64,
    pub conversations: usize,
    /// Unix seconds.
    pub started_at: u64,
    pub seconds: f64,
    pub metrics: BTreeMap<String, f64>,
    pub errors: BTreeMap<String, u64>,
    pub thresholds: Vec<Verdict>,
    pub passed: bool,
    pub timeline: Vec<Point>,
    pub servers: Vec<Series>,
}

const W: u32 = 900;
const H: u32 = 300;

/// A line chart of named series over seconds, as an SVG string.
fn chart(title: &str, y_label: &str, series: &[(String, Vec<(f64, f64)>)]) -> String {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (W, H)).into_drawing_area();
        let _ = root.fill(&WHITE);
        let x_max = series.iter().flat_map(|(_, p)| p.iter().map(|(x, _)| *x)).fold(1.0, f64::max);
        let y_max = series.iter().flat_map(|(_, p)| p.iter().map(|(_, y)| *y)).fold(0.0, f64::max);
        let y_max = if y_max <= 0.0 { 1.0 } else { y_max * 1.1 };
        let built = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 16))
            .margin(8)
            .x_label_area_size(30)
            .y_label_area_size(60)
            .build_cartesian_2d(0.0..x_max, 0.0..y_max);
        let Ok(mut c) = built else { return svg_error(title) };
        let _ = c.configure_mesh().x_desc("seconds").y_desc(y_label).light_line_style(WHITE.mix(0.0)).draw();
        for (i, (name, points)) in series.iter().enumerate() {
            let color = Palette99::pick(i).to_rgba();
            if let Ok(drawn) = c.draw_series(LineSeries::new(points.iter().copied(), color.stroke_width(2))) {
                drawn.label(name.as_str()).legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], color));
            }
        }
        let _ = c
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK.mix(0.3))
            .position(SeriesLabelPosition::UpperRight)
            .draw();
        let _ = root.present();
    }
    svg
}

fn svg_error(title: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"40\"><text x=\"8\" y=\"24\">{} (no data)</text></svg>",
        escape(title)
    )
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The plots of a run, each (id, title, SVG).
pub fn plots(r: &RunResult) -> Vec<(&'static str, String)> {
    let t = &r.timeline;
    let line = |f: &dyn Fn(&Point) -> f64| t.iter().map(|p| (p.second as f64, f(p))).collect::<Vec<_>>();
    let mut out = vec![
        (
            "throughput",
            chart(
                "Throughput (per second)",
                "messages/s",
                &[
                    ("sent".into(), line(&|p| p.sent as f64)),
                    ("acknowledged".into(), line(&|p| p.acked as f64)),
                    ("delivered".into(), line(&|p| p.delivered as f64)),
                ],
            ),
        ),
        (
            "latency",
            chart(
                "Latency percentiles over time",
                "ms",
                &[
                    ("end-to-end p50".into(), line(&|p| p.p50_end_to_end_ms)),
                    ("end-to-end p99".into(), line(&|p| p.p99_end_to_end_ms)),
                    ("ack p99".into(), line(&|p| p.p99_ack_ms)),
                ],
            ),
        ),
    ];
    let kinds: std::collections::BTreeSet<&String> = t.iter().flat_map(|p| p.errors.keys()).collect();
    let mut errors: Vec<(String, Vec<(f64, f64)>)> = kinds
        .iter()
        .map(|k| ((*k).clone(), t.iter().map(|p| (p.second as f64, *p.errors.get(*k).unwrap_or(&0) as f64)).collect()))
        .collect();
    if errors.is_empty() {
        errors.push(("no errors".into(), line(&|_| 0.0)));
    }
    out.push(("errors", chart("Errors by kind (per second)", "errors/s", &errors)));
    out.push((
        "connections",
        chart(
            "Connections",
            "sockets",
            &[("open".into(), line(&|p| p.open as f64)), ("opened this second".into(), line(&|p| p.connects as f64))],
        ),
    ));
    let cpu: Vec<(String, Vec<(f64, f64)>)> = r
        .servers
        .iter()
        .map(|s| (s.url.clone(), s.readings.iter().map(|x| (x.second as f64, x.cpu_cores)).collect()))
        .collect();
    out.push(("server-cpu", chart("Server CPU", "cores", &cpu)));
    let mem: Vec<(String, Vec<(f64, f64)>)> = r
        .servers
        .iter()
        .map(|s| (s.url.clone(), s.readings.iter().map(|x| (x.second as f64, x.rss_mib)).collect()))
        .collect();
    out.push(("server-memory", chart("Server memory (resident)", "MiB", &mem)));
    out
}

/// The self-contained HTML report.
pub fn html(r: &RunResult) -> String {
    let mut h = String::with_capacity(200_000);
    h.push_str("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>souk-load: ");
    h.push_str(&escape(&r.scenario));
    h.push_str("</title><style>body{font:14px sans-serif;margin:24px;max-width:960px}table{border-collapse:collapse}\
        td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}th{text-align:left}.pass{color:#060}.fail{color:#b00;font-weight:bold}\
        figure{margin:16px 0}</style></head><body>");
    let verdict = if r.passed { "<span class=\"pass\">PASSED</span>" } else { "<span class=\"fail\">FAILED</span>" };
    h.push_str(&format!(
        "<h1>{} — {verdict}</h1><p>{}</p><p>target <b>{}</b> at {}; {} users, {} conversations, {} generator process(es); {:.1} s</p>",
        escape(&r.scenario),
        escape(&r.description),
        escape(&r.target),
        escape(&r.urls.join(", ")),
        r.users,
        r.conversations,
        r.workers,
        r.seconds
    ));
    h.push_str("<h2>Thresholds</h2><table><tr><th>threshold</th><th>actual</th><th>verdict</th></tr>");
    for v in &r.thresholds {
        h.push_str(&format!(
            "<tr><th>{}</th><td>{}</td><td class=\"{}\">{}</td></tr>",
            escape(&v.threshold),
            v.actual.map_or("missing".into(), |a| format!("{a:.4}")),
            if v.passed { "pass" } else { "fail" },
            if v.passed { "pass" } else { "fail" }
        ));
    }
    h.push_str("</table><h2>Figures</h2><table>");
    for key in [
        "messages_per_s",
        "deliveries_per_s",
        "sent",
        "acked",
        "delivered",
        "recovered",
        "delivered_ratio",
        "cross_process_share",
        "p50_end_to_end_ms",
        "p99_end_to_end_ms",
        "p999_end_to_end_ms",
        "p99_end_to_end_cross_ms",
        "p50_ack_ms",
        "p99_ack_ms",
        "p99_event_ack_ms",
        "p99_connect_ms",
        "connects",
        "reconnects",
        "typing_sent",
        "reads_sent",
        "presence_queries",
        "attachments",
        "errors",
    ] {
        if let Some(v) = r.metrics.get(key) {
            h.push_str(&format!("<tr><th>{key}</th><td>{}</td></tr>", fmt(*v)));
        }
    }
    h.push_str("</table><h2>Errors by kind</h2>");
    if r.errors.is_empty() {
        h.push_str("<p>none</p>");
    } else {
        h.push_str("<table>");
        for (k, v) in &r.errors {
            h.push_str(&format!("<tr><th>{}</th><td>{v}</td></tr>", escape(k)));
        }
        h.push_str("</table>");
    }
    h.push_str("<h2>Over time</h2>");
    for (id, svg) in plots(r) {
        h.push_str(&format!("<figure id=\"plot-{id}\">{svg}</figure>"));
    }
    h.push_str(&format!(
        "<p>Servers: {}</p></body></html>\n",
        escape(&r.servers.iter().map(|s| format!("{} ({})", s.url, s.source)).collect::<Vec<_>>().join(", "))
    ));
    h
}

fn fmt(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 { format!("{v:.0}") } else { format!("{v:.3}") }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::servers::Reading;

    #[test]
    fn the_report_holds_every_plot_inline() {
        let timeline: Vec<Point> = (1..=20)
            .map(|s| Point {
                second: s,
                sent: 100 + s,
                acked: 100 + s,
                delivered: 99 + s,
                open: 50,
                p50_end_to_end_ms: 2.0,
                p99_end_to_end_ms: 8.0 + s as f64 / 10.0,
                errors: if s == 7 {
                    [("CONVERSATION_BLOCKED".to_string(), 2)].into_iter().collect()
                } else {
                    BTreeMap::new()
                },
                ..Point::default()
            })
            .collect();
        let r = RunResult {
            scenario: "smoke <test>".into(),
            description: "d".into(),
            target: "souk".into(),
            urls: vec!["http://127.0.0.1:1".into()],
            workers: 2,
            users: 50,
            conversations: 20,
            started_at: 0,
            seconds: 20.0,
            metrics: [("p99_end_to_end_ms".to_string(), 9.5)].into_iter().collect(),
            errors: [("CONVERSATION_BLOCKED".to_string(), 2)].into_iter().collect(),
            thresholds: vec![Verdict { threshold: "p99_end_to_end_ms < 20".into(), actual: Some(9.5), passed: true }],
            passed: true,
            timeline,
            servers: vec![Series {
                url: "http://127.0.0.1:1".into(),
                source: "proc:1".into(),
                readings: (1..=20).map(|s| Reading { second: s, cpu_cores: 0.5, rss_mib: 40.0 }).collect(),
            }],
        };
        let page = html(&r);
        for id in ["throughput", "latency", "errors", "connections", "server-cpu", "server-memory"] {
            let at = page.find(&format!("id=\"plot-{id}\"")).unwrap_or_else(|| panic!("no {id} plot"));
            assert!(page[at..].starts_with(&format!("id=\"plot-{id}\"><svg")), "{id} is an inline SVG");
        }
        assert!(page.matches("<polyline").count() + page.matches("<path").count() >= 6, "lines are drawn");
        assert!(page.contains("smoke &lt;test&gt;"), "escaped");
        assert!(page.contains("CONVERSATION_BLOCKED"));
        assert!(!page.contains("<script"), "self-contained, no script");
        assert!(!page.contains("http-equiv") && !page.contains("src=\"http"), "nothing loaded from elsewhere");
    }
}
