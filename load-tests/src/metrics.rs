//! What a run measures, in a form several generator processes can add up exactly: latency
//! histograms (HDR, microseconds, serialised in the V2 format and base64 for the JSON lines
//! between worker and coordinator), counters, errors by kind, and the per-second timeline.

use base64::Engine as _;
use hdrhistogram::Histogram;
use hdrhistogram::serialization::{Deserializer, Serializer, V2Serializer};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The largest latency recorded (60 s, in microseconds); longer ones are clamped to it.
const MAX_MICROS: u64 = 60_000_000;

/// A latency histogram in microseconds, 3 significant digits.
#[derive(Debug, Clone)]
pub struct Hist(pub Histogram<u64>);

impl Default for Hist {
    fn default() -> Self {
        Hist::new()
    }
}

impl Hist {
    pub fn new() -> Hist {
        // The bounds are constants that `new_with_bounds` accepts: 1 ≤ low, 2·low ≤ high, sigfig ≤ 5.
        Hist(Histogram::new_with_bounds(1, MAX_MICROS, 3).unwrap_or_else(|_| unreachable!("constant bounds")))
    }

    pub fn record_micros(&mut self, micros: u64) {
        self.0.saturating_record(micros.clamp(1, MAX_MICROS));
    }

    /// Adds another histogram's counts (exact: same bounds and precision).
    pub fn merge(&mut self, other: &Hist) {
        // Same bounds on both sides: `add` cannot fail.
        let _ = self.0.add(&other.0);
    }

    #[cfg(test)]
    pub fn count(&self) -> u64 {
        self.0.len()
    }

    /// The `q` quantile (0..=1) in milliseconds; 0 when empty.
    pub fn quantile_ms(&self, q: f64) -> f64 {
        if self.0.is_empty() { 0.0 } else { self.0.value_at_quantile(q) as f64 / 1000.0 }
    }

    pub fn max_ms(&self) -> f64 {
        if self.0.is_empty() { 0.0 } else { self.0.max() as f64 / 1000.0 }
    }

    /// The V2 serialisation, base64.
    pub fn encode(&self) -> String {
        let mut bytes = Vec::new();
        // Writing into a Vec does not fail.
        let _ = V2Serializer::new().serialize(&self.0, &mut bytes);
        base64::engine::general_purpose::STANDARD.encode(bytes)
    }

    pub fn decode(text: &str) -> Result<Hist, String> {
        let bytes = base64::engine::general_purpose::STANDARD.decode(text).map_err(|e| e.to_string())?;
        let h: Histogram<u64> = Deserializer::new().deserialize(&mut bytes.as_slice()).map_err(|e| format!("{e:?}"))?;
        let mut out = Hist::new();
        out.0.add(&h).map_err(|e| format!("{e:?}"))?;
        Ok(out)
    }
}

impl Serialize for Hist {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.encode())
    }
}

impl<'de> Deserialize<'de> for Hist {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Hist, D::Error> {
        let text = String::deserialize(d)?;
        Hist::decode(&text).map_err(serde::de::Error::custom)
    }
}

/// Counters of a run (or of one second of it).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Counters {
    /// `chat:send` written.
    pub sent: u64,
    /// `chat:send` acknowledged ok (durable, for Souk).
    pub acked: u64,
    /// Messages of other users received live.
    pub delivered: u64,
    /// Of which from a user connected to another server process.
    pub delivered_cross: u64,
    /// Messages received through `chat:sync` after a (re)connection.
    pub recovered: u64,
    pub typing_sent: u64,
    pub typing_received: u64,
    pub reads_sent: u64,
    pub reads_received: u64,
    pub presence_queries: u64,
    pub attachments: u64,
    /// Sockets opened (first connections and reconnections).
    pub connects: u64,
    pub reconnects: u64,
    /// Sign-ins made during the run (expired sessions).
    pub sign_ins: u64,
    /// Errors by kind (refused acks by code, failed connections, closed sockets ...).
    pub errors: BTreeMap<String, u64>,
}

impl Counters {
    pub fn error(&mut self, kind: &str) {
        *self.errors.entry(kind.to_owned()).or_default() += 1;
    }

    pub fn error_total(&self) -> u64 {
        self.errors.values().sum()
    }

    pub fn add(&mut self, o: &Counters) {
        self.sent += o.sent;
        self.acked += o.acked;
        self.delivered += o.delivered;
        self.delivered_cross += o.delivered_cross;
        self.recovered += o.recovered;
        self.typing_sent += o.typing_sent;
        self.typing_received += o.typing_received;
        self.reads_sent += o.reads_sent;
        self.reads_received += o.reads_received;
        self.presence_queries += o.presence_queries;
        self.attachments += o.attachments;
        self.connects += o.connects;
        self.reconnects += o.reconnects;
        self.sign_ins += o.sign_ins;
        for (k, v) in &o.errors {
            *self.errors.entry(k.clone()).or_default() += v;
        }
    }
}

/// The latencies of a run (or of one second of it).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Latencies {
    /// Sent to received by the other party (live deliveries).
    pub end_to_end: Hist,
    /// The same, for deliveries across server processes.
    pub end_to_end_cross: Hist,
    /// `chat:send` to its acknowledgement.
    pub ack: Hist,
    /// Other events (typing, read, list, sync) to their acknowledgement.
    pub event_ack: Hist,
    /// TCP connect to the Socket.IO CONNECT answer.
    pub connect: Hist,
}

impl Latencies {
    pub fn merge(&mut self, o: &Latencies) {
        self.end_to_end.merge(&o.end_to_end);
        self.end_to_end_cross.merge(&o.end_to_end_cross);
        self.ack.merge(&o.ack);
        self.event_ack.merge(&o.event_ack);
        self.connect.merge(&o.connect);
    }
}

/// One second of one worker (or, merged, of the run).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Tick {
    /// Seconds since the start (the tick covers [second - 1, second)).
    pub second: u64,
    pub counters: Counters,
    pub latencies: Latencies,
    /// Sockets open at the end of the second.
    pub open: u64,
}

impl Tick {
    pub fn merge(&mut self, o: &Tick) {
        self.counters.add(&o.counters);
        self.latencies.merge(&o.latencies);
        self.open += o.open;
    }
}

/// A whole run's totals.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Totals {
    pub counters: Counters,
    pub latencies: Latencies,
    /// Users a worker drove.
    pub users: u64,
}

impl Totals {
    pub fn merge(&mut self, o: &Totals) {
        self.counters.add(&o.counters);
        self.latencies.merge(&o.latencies);
        self.users += o.users;
    }

    /// The named figures thresholds are written against (docs/load-testing.md).
    pub fn metrics(&self, seconds: f64) -> BTreeMap<String, f64> {
        let c = &self.counters;
        let mut m = BTreeMap::new();
        let l = &self.latencies;
        for (name, h) in [
            ("end_to_end", &l.end_to_end),
            ("end_to_end_cross", &l.end_to_end_cross),
            ("ack", &l.ack),
            ("event_ack", &l.event_ack),
            ("connect", &l.connect),
        ] {
            for (p, q) in [("p50", 0.5), ("p90", 0.9), ("p99", 0.99), ("p999", 0.999)] {
                m.insert(format!("{p}_{name}_ms"), h.quantile_ms(q));
            }
            m.insert(format!("max_{name}_ms"), h.max_ms());
        }
        for (name, v) in [
            ("sent", c.sent),
            ("acked", c.acked),
            ("delivered", c.delivered),
            ("delivered_cross", c.delivered_cross),
            ("recovered", c.recovered),
            ("typing_sent", c.typing_sent),
            ("reads_sent", c.reads_sent),
            ("presence_queries", c.presence_queries),
            ("attachments", c.attachments),
            ("connects", c.connects),
            ("reconnects", c.reconnects),
            ("errors", c.error_total()),
        ] {
            m.insert(name.to_owned(), v as f64);
        }
        // Every acknowledged message has one other party: it should reach them, live or by sync.
        let ratio = if c.acked == 0 { 1.0 } else { (c.delivered + c.recovered) as f64 / c.acked as f64 };
        m.insert("delivered_ratio".into(), ratio);
        m.insert(
            "cross_process_share".into(),
            if c.delivered == 0 { 0.0 } else { c.delivered_cross as f64 / c.delivered as f64 },
        );
        m.insert("messages_per_s".into(), c.acked as f64 / seconds.max(1e-9));
        m.insert("deliveries_per_s".into(), c.delivered as f64 / seconds.max(1e-9));
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merged_histograms_equal_one_histogram_of_everything() {
        // Three workers' samples, merged after a round trip through their serialisation, give
        // exactly the histogram of all the samples recorded in one place.
        let mut all = Hist::new();
        let mut parts = vec![Hist::new(), Hist::new(), Hist::new()];
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        for i in 0..30_000u64 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let micros = 50 + x % 40_000 + if i % 1000 == 0 { 2_000_000 } else { 0 };
            all.record_micros(micros);
            parts[(i % 3) as usize].record_micros(micros);
        }
        let mut merged = Hist::new();
        for p in &parts {
            let wire = serde_json::to_string(p).unwrap();
            let back: Hist = serde_json::from_str(&wire).unwrap();
            assert_eq!(back.0, p.0, "the serialisation round-trips");
            merged.merge(&back);
        }
        assert_eq!(merged.0, all.0);
        assert_eq!(merged.count(), 30_000);
        for q in [0.5, 0.9, 0.99, 0.999, 1.0] {
            assert_eq!(merged.quantile_ms(q), all.quantile_ms(q), "q {q}");
        }
        assert!(merged.max_ms() >= 2_000.0);
        assert!(Hist::decode("not base64!").is_err());
    }

    #[test]
    fn totals_add_up_and_name_their_metrics() {
        let mut a = Totals::default();
        a.counters.acked = 1_000;
        a.counters.delivered = 990;
        a.counters.delivered_cross = 330;
        a.counters.error("CONVERSATION_BLOCKED");
        a.latencies.end_to_end.record_micros(4_000);
        let mut b = Totals::default();
        b.counters.acked = 1_000;
        b.counters.delivered = 1_000;
        b.counters.recovered = 9;
        b.counters.error("CONVERSATION_BLOCKED");
        b.counters.error("connect");
        b.latencies.end_to_end.record_micros(8_000);
        a.merge(&b);
        assert_eq!(a.counters.errors["CONVERSATION_BLOCKED"], 2);
        let m = a.metrics(10.0);
        assert_eq!(m["errors"], 3.0);
        assert!((m["delivered_ratio"] - 0.9995).abs() < 1e-12);
        assert_eq!(m["messages_per_s"], 200.0);
        assert!((m["p99_end_to_end_ms"] - 8.0).abs() < 0.01);
        assert!((m["cross_process_share"] - 330.0 / 1990.0).abs() < 1e-12);
        assert_eq!(Totals::default().metrics(1.0)["delivered_ratio"], 1.0, "nothing sent, nothing lost");
    }
}
