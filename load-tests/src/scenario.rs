//! Scenario files (`load-tests/scenarios/*.toml`, docs/load-testing.md): the target, the
//! population, the phases (ramp, steady, spike, reconnect storm) that set how many users are
//! online over time, each user's behaviour (think time, message lengths in French and Arabic,
//! typing, read receipts, attachments, reconnect churn, presence queries) and the thresholds
//! that fail a run. Parsing, validation, the users-online schedule and threshold evaluation.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The longest a scenario may last (phases), so that every run stops by itself.
pub const MAX_SCENARIO_SECS: f64 = 3_600.0;
/// The most users one scenario may put online.
pub const MAX_USERS: usize = 200_000;

/// Which kind of server is measured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum TargetKind {
    /// `souk serve` (Socket.IO, tokens, a bench population).
    Souk,
    /// The reference Node socket.io relay (load-tests/reference/socketio-relay.mjs).
    Socketio,
    /// A minimal WebSocket relay (`souk-load relay`, load-tests/reference/ws-relay.mjs).
    Ws,
}

/// A random quantity: milliseconds, characters or seconds, depending on where it is used.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "distribution", rename_all = "lowercase", deny_unknown_fields)]
pub enum Distribution {
    Constant {
        value: f64,
    },
    Uniform {
        min: f64,
        max: f64,
    },
    /// Memoryless waits (Poisson arrivals): the mean.
    Exponential {
        mean: f64,
    },
    /// Skewed sizes (message lengths): the median, the spread (sigma of the log) and a cap.
    Lognormal {
        median: f64,
        sigma: f64,
        max: f64,
    },
}

impl Distribution {
    /// A draw from `u1, u2` uniform in (0, 1].
    pub fn sample(&self, u1: f64, u2: f64) -> f64 {
        let u1 = u1.clamp(f64::MIN_POSITIVE, 1.0);
        match *self {
            Distribution::Constant { value } => value,
            Distribution::Uniform { min, max } => min + (max - min) * u1,
            Distribution::Exponential { mean } => -mean * u1.ln(),
            Distribution::Lognormal { median, sigma, max } => {
                // Box-Muller: one standard normal from two uniforms.
                let z = (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos();
                (median * (sigma * z).exp()).min(max)
            }
        }
    }

    /// The mean (for the scenario's summary: the offered message rate).
    pub fn mean(&self) -> f64 {
        match *self {
            Distribution::Constant { value } => value,
            Distribution::Uniform { min, max } => (min + max) / 2.0,
            Distribution::Exponential { mean } => mean,
            Distribution::Lognormal { median, sigma, max } => (median * (sigma * sigma / 2.0).exp()).min(max),
        }
    }

    fn check(&self, what: &str) -> Result<(), String> {
        let ok = match *self {
            Distribution::Constant { value } => value >= 0.0,
            Distribution::Uniform { min, max } => min >= 0.0 && max >= min,
            Distribution::Exponential { mean } => mean > 0.0,
            Distribution::Lognormal { median, sigma, max } => median > 0.0 && sigma >= 0.0 && max >= 1.0,
        };
        if ok { Ok(()) } else { Err(format!("{what}: {self:?} is not a valid distribution")) }
    }
}

/// What a phase does to the number of users online.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PhaseKind {
    /// From the previous count to `users` (or by `arrival_rate`) over the phase.
    Ramp,
    /// The count stays.
    Steady,
    /// To `users` within `ramp_s` (a few seconds), then held.
    Spike,
    /// Every online user drops its socket and connects again, spread over `spread_s`.
    Reconnect,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Phase {
    pub name: String,
    pub kind: PhaseKind,
    pub duration_s: f64,
    /// Users online at the end of the phase (ramp, spike).
    #[serde(default)]
    pub users: Option<usize>,
    /// New users a second (ramp): the alternative to `users`.
    #[serde(default)]
    pub arrival_rate: Option<f64>,
    /// Spike: how fast the count is reached (default 1 s).
    #[serde(default)]
    pub ramp_s: Option<f64>,
    /// Reconnect: the window the reconnections are spread over (default the whole phase).
    #[serde(default)]
    pub spread_s: Option<f64>,
}

/// What each user does while online.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Behaviour {
    /// Between two actions, in milliseconds.
    pub think_time_ms: Distribution,
    /// How many of their conversations a user writes in (the first ones).
    #[serde(default = "one")]
    pub conversations_per_user: usize,
    /// Characters of a message's text.
    pub message_length: Distribution,
    /// Share of messages written in Arabic (the others in French).
    #[serde(default)]
    pub arabic_fraction: f64,
    /// Share of sends preceded by `chat:typing` (then a wait of `typing_ms`).
    #[serde(default)]
    pub typing_fraction: f64,
    #[serde(default = "typing_default")]
    pub typing_ms: Distribution,
    /// Share of messages received that are answered by a read receipt (`chat:read`).
    #[serde(default)]
    pub read_receipt_fraction: f64,
    /// Share of messages sent with a small image attached.
    #[serde(default)]
    pub attachment_fraction: f64,
    /// Share of actions that are a presence query (`chat:list`: who is online) instead of a send.
    #[serde(default)]
    pub presence_query_fraction: f64,
    /// Reconnect churn: how long a socket lives before it drops and connects again (seconds);
    /// none: it stays until its user leaves.
    #[serde(default)]
    pub session_s: Option<Distribution>,
    /// The pause between a drop and the reconnection (milliseconds).
    #[serde(default = "pause_default")]
    pub reconnect_pause_ms: Distribution,
}

fn one() -> usize {
    1
}

fn typing_default() -> Distribution {
    Distribution::Uniform { min: 300.0, max: 1_500.0 }
}

fn pause_default() -> Distribution {
    Distribution::Uniform { min: 100.0, max: 1_000.0 }
}

/// A scenario file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub name: String,
    #[serde(default)]
    pub description: String,
    pub target: TargetKind,
    /// One URL per server process; user `u` connects to `urls[u % len]`.
    pub urls: Vec<String>,
    /// Souk: the bench population's manifest (`souk seed --bench-users`); overridden by `--population`.
    #[serde(default)]
    pub population: Option<String>,
    /// The users taking part: the first ones of the population (its sellers first).
    pub users: usize,
    /// The conversations taking part (both parties among the users).
    pub conversations: usize,
    /// Only the conversations of these sellers (1: the busiest), e.g. one hot shop.
    #[serde(default)]
    pub seller_ranks: Vec<usize>,
    pub phases: Vec<Phase>,
    pub behaviour: Behaviour,
    /// Seconds after the last phase for deliveries in flight to arrive (default 3).
    #[serde(default = "drain_default")]
    pub drain_s: f64,
    /// `metric op number`, e.g. `p99_end_to_end_ms < 20`, `errors == 0`.
    #[serde(default)]
    pub thresholds: Vec<String>,
}

fn drain_default() -> f64 {
    3.0
}

impl Scenario {
    /// Reads and checks a scenario file's text.
    pub fn parse(text: &str) -> Result<Scenario, String> {
        let scenario: Scenario = toml::from_str(text).map_err(|e| e.to_string())?;
        scenario.validate()?;
        Ok(scenario)
    }

    /// Reads a scenario file.
    pub fn load(path: &std::path::Path) -> Result<Scenario, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        Scenario::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Checks the scenario's bounds: loopback targets, counts, durations, fractions, thresholds.
    pub fn validate(&self) -> Result<(), String> {
        if self.urls.is_empty() {
            return Err("urls: at least one target".into());
        }
        if let Some(url) = self.urls.iter().find(|u| !crate::is_loopback(u)) {
            return Err(format!("urls: {url} is not a loopback address (only 127.x, localhost, [::1])"));
        }
        if self.users == 0 || self.users > MAX_USERS {
            return Err(format!("users: between 1 and {MAX_USERS}"));
        }
        if self.phases.is_empty() {
            return Err("phases: at least one".into());
        }
        let mut online = 0usize;
        for p in &self.phases {
            if p.duration_s.is_nan() || p.duration_s <= 0.0 {
                return Err(format!("phase {}: duration_s must be positive", p.name));
            }
            match p.kind {
                PhaseKind::Ramp if p.users.is_none() == p.arrival_rate.is_none() => {
                    return Err(format!("phase {}: a ramp has either users or arrival_rate", p.name));
                }
                PhaseKind::Spike if p.users.is_none() => return Err(format!("phase {}: a spike needs users", p.name)),
                _ => {}
            }
            online = self.target_after(p, online);
            if online > self.users {
                return Err(format!(
                    "phase {}: {online} users online, more than the scenario's {}",
                    p.name, self.users
                ));
            }
        }
        if self.duration_s() > MAX_SCENARIO_SECS {
            return Err(format!("the phases last {:.0} s, more than {MAX_SCENARIO_SECS} s", self.duration_s()));
        }
        let b = &self.behaviour;
        b.think_time_ms.check("think_time_ms")?;
        b.message_length.check("message_length")?;
        b.typing_ms.check("typing_ms")?;
        b.reconnect_pause_ms.check("reconnect_pause_ms")?;
        if let Some(s) = &b.session_s {
            s.check("session_s")?;
        }
        for (what, f) in [
            ("arabic_fraction", b.arabic_fraction),
            ("typing_fraction", b.typing_fraction),
            ("read_receipt_fraction", b.read_receipt_fraction),
            ("attachment_fraction", b.attachment_fraction),
            ("presence_query_fraction", b.presence_query_fraction),
        ] {
            if !(0.0..=1.0).contains(&f) {
                return Err(format!("{what}: a fraction between 0 and 1"));
            }
        }
        for t in &self.thresholds {
            Threshold::parse(t)?;
        }
        Ok(())
    }

    /// The users online at the end of `phase` when `before` were online at its start.
    fn target_after(&self, phase: &Phase, before: usize) -> usize {
        match phase.kind {
            PhaseKind::Ramp => match (phase.users, phase.arrival_rate) {
                (Some(u), _) => u,
                (None, Some(rate)) => before + (rate * phase.duration_s).round() as usize,
                (None, None) => before,
            },
            PhaseKind::Spike => phase.users.unwrap_or(before),
            PhaseKind::Steady | PhaseKind::Reconnect => before,
        }
    }

    /// The phases' total length, in seconds.
    pub fn duration_s(&self) -> f64 {
        self.phases.iter().map(|p| p.duration_s).sum()
    }

    /// When user `k` (0-based, in joining order) is online: its (join, leave) intervals in
    /// seconds from the start (leave `None`: until the end), and the moments a reconnect phase
    /// makes it drop and connect again.
    pub fn schedule(&self, k: usize) -> Schedule {
        let mut out = Schedule::default();
        let (mut start, mut online) = (0.0f64, 0usize);
        let mut joined: Option<f64> = None;
        for p in &self.phases {
            let after = self.target_after(p, online);
            let ramp = match p.kind {
                PhaseKind::Spike => p.ramp_s.unwrap_or(1.0).min(p.duration_s),
                _ => p.duration_s,
            };
            // When the count, going linearly from `online` to `after` over `ramp`, crosses k.
            let crossing = |from: usize, to: usize| -> f64 {
                let span = to.abs_diff(from) as f64;
                let steps = k.abs_diff(from) as f64 + if to > from { 1.0 } else { 0.0 };
                start + ramp * (steps / span).min(1.0)
            };
            if after > online && k >= online && k < after && joined.is_none() {
                joined = Some(crossing(online, after) - ramp / (after - online) as f64);
            } else if after < online
                && k >= after
                && k < online
                && let Some(j) = joined.take()
            {
                out.online.push((j, Some(crossing(online, after))));
            }
            if p.kind == PhaseKind::Reconnect && joined.is_some() {
                let spread = p.spread_s.unwrap_or(p.duration_s).min(p.duration_s);
                // Spread evenly over the window, in an order that is not the joining order.
                let slot = (k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 11;
                out.reconnects.push(start + spread * (slot as f64 / (1u64 << 53) as f64));
            }
            online = after;
            start += p.duration_s;
        }
        if let Some(j) = joined {
            out.online.push((j, None));
        }
        out
    }

    /// The most users online at once.
    pub fn peak_users(&self) -> usize {
        let mut online = 0;
        let mut peak = 0;
        for p in &self.phases {
            online = self.target_after(p, online);
            peak = peak.max(online);
        }
        peak
    }
}

/// When one user is online.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Schedule {
    pub online: Vec<(f64, Option<f64>)>,
    pub reconnects: Vec<f64>,
}

/// A comparison of a threshold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Op {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

/// `metric op value`: the run fails when it does not hold.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Threshold {
    pub metric: String,
    pub op: Op,
    pub value: f64,
}

/// A threshold's outcome in a run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Verdict {
    pub threshold: String,
    /// None: the run has no such metric (which fails).
    pub actual: Option<f64>,
    pub passed: bool,
}

impl Threshold {
    pub fn parse(text: &str) -> Result<Threshold, String> {
        let ops = [("<=", Op::Le), (">=", Op::Ge), ("==", Op::Eq), ("!=", Op::Ne), ("<", Op::Lt), (">", Op::Gt)];
        let (at, sym, op) = ops
            .iter()
            .filter_map(|(s, op)| text.find(s).map(|at| (at, *s, *op)))
            .min_by_key(|(at, s, _)| (*at, std::cmp::Reverse(s.len())))
            .ok_or_else(|| format!("threshold {text:?}: expected `metric < number` (or <=, >, >=, ==, !=)"))?;
        let metric = text[..at].trim();
        let value = text[at + sym.len()..].trim();
        if metric.is_empty() || !metric.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(format!("threshold {text:?}: {metric:?} is not a metric name"));
        }
        let value: f64 =
            value.replace('_', "").parse().map_err(|_| format!("threshold {text:?}: {value:?} is not a number"))?;
        Ok(Threshold { metric: metric.to_owned(), op, value })
    }

    /// Whether the run's `metrics` meet it.
    pub fn evaluate(&self, text: &str, metrics: &BTreeMap<String, f64>) -> Verdict {
        let actual = metrics.get(&self.metric).copied();
        let passed = actual.is_some_and(|a| match self.op {
            Op::Lt => a < self.value,
            Op::Le => a <= self.value,
            Op::Gt => a > self.value,
            Op::Ge => a >= self.value,
            Op::Eq => a == self.value,
            Op::Ne => a != self.value,
        });
        Verdict { threshold: text.to_owned(), actual, passed }
    }
}

/// Evaluates every threshold of a scenario against a run's metrics.
pub fn evaluate(thresholds: &[String], metrics: &BTreeMap<String, f64>) -> Vec<Verdict> {
    thresholds
        .iter()
        .map(|t| match Threshold::parse(t) {
            Ok(th) => th.evaluate(t, metrics),
            Err(_) => Verdict { threshold: t.clone(), actual: None, passed: false },
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = r#"
name = "t"
target = "souk"
urls = ["http://127.0.0.1:8080", "http://127.0.0.1:8081"]
users = 100
conversations = 40
thresholds = ["p99_end_to_end_ms < 20", "errors == 0", "delivered_ratio > 0.999"]

[[phases]]
name = "ramp"
kind = "ramp"
duration_s = 10
users = 100

[[phases]]
name = "steady"
kind = "steady"
duration_s = 20

[[phases]]
name = "storm"
kind = "reconnect"
duration_s = 10
spread_s = 5

[behaviour]
think_time_ms = { distribution = "exponential", mean = 2000 }
message_length = { distribution = "lognormal", median = 40, sigma = 0.8, max = 500 }
arabic_fraction = 0.4
session_s = { distribution = "uniform", min = 30, max = 60 }
"#;

    #[test]
    fn a_scenario_file_parses_with_its_defaults() {
        let s = Scenario::parse(SMALL).expect("parses");
        assert_eq!(s.phases.len(), 3);
        assert_eq!(s.phases[2].kind, PhaseKind::Reconnect);
        assert_eq!(s.behaviour.conversations_per_user, 1);
        assert_eq!(s.drain_s, 3.0);
        assert_eq!(s.duration_s(), 40.0);
        assert_eq!(s.peak_users(), 100);
        assert!(matches!(s.behaviour.think_time_ms, Distribution::Exponential { mean } if mean == 2000.0));
    }

    #[test]
    fn bad_scenarios_are_refused_with_a_reason() {
        let remote = SMALL.replace("http://127.0.0.1:8081", "http://10.1.2.3:8081");
        assert!(Scenario::parse(&remote).unwrap_err().contains("loopback"));
        let typo = SMALL.replace("arabic_fraction", "arabic_fractoin");
        assert!(Scenario::parse(&typo).unwrap_err().contains("arabic_fractoin"));
        let too_many = SMALL
            .replace("users = 100\n\n[[phases]]\nname = \"steady\"", "users = 101\n\n[[phases]]\nname = \"steady\"");
        assert!(Scenario::parse(&too_many).unwrap_err().contains("101 users online"));
        let bad_threshold = SMALL.replace("errors == 0", "errors ~ 0");
        assert!(Scenario::parse(&bad_threshold).unwrap_err().contains("errors ~ 0"));
        let fraction = SMALL.replace("arabic_fraction = 0.4", "arabic_fraction = 1.4");
        assert!(Scenario::parse(&fraction).unwrap_err().contains("arabic_fraction"));
    }

    #[test]
    fn thresholds_parse_and_decide() {
        let t = Threshold::parse("p99_end_to_end_ms < 20").unwrap();
        assert_eq!((t.metric.as_str(), t.op, t.value), ("p99_end_to_end_ms", Op::Lt, 20.0));
        assert_eq!(Threshold::parse("errors==0").unwrap().op, Op::Eq);
        assert_eq!(Threshold::parse("delivered_ratio >= 0.999").unwrap().op, Op::Ge);
        assert_eq!(Threshold::parse("sent > 10_000").unwrap().value, 10_000.0);
        assert!(Threshold::parse("p99 <").is_err());
        assert!(Threshold::parse("< 3").is_err());
        assert!(Threshold::parse("p99 is 3").is_err());
        let metrics: BTreeMap<String, f64> =
            [("p99_end_to_end_ms".to_string(), 12.5), ("errors".into(), 0.0), ("delivered_ratio".into(), 0.998)]
                .into_iter()
                .collect();
        let verdicts = evaluate(
            &[
                "p99_end_to_end_ms < 20".into(),
                "errors == 0".into(),
                "delivered_ratio > 0.999".into(),
                "nope < 1".into(),
            ],
            &metrics,
        );
        let passed: Vec<bool> = verdicts.iter().map(|v| v.passed).collect();
        assert_eq!(passed, [true, true, false, false]);
        assert_eq!(verdicts[2].actual, Some(0.998));
        assert_eq!(verdicts[3].actual, None, "an unknown metric fails");
        // The boundary: `<` is strict.
        let at: BTreeMap<String, f64> = [("p99_end_to_end_ms".to_string(), 20.0)].into_iter().collect();
        assert!(!evaluate(&["p99_end_to_end_ms < 20".into()], &at)[0].passed);
        assert!(evaluate(&["p99_end_to_end_ms <= 20".into()], &at)[0].passed);
    }

    #[test]
    fn the_schedule_follows_the_phases() {
        let s = Scenario::parse(SMALL).unwrap();
        // 100 users over a 10 s ramp: user k joins at k/10 s, and nobody leaves.
        assert_eq!(s.schedule(0).online, [(0.0, None)]);
        let last = s.schedule(99);
        assert!((last.online[0].0 - 9.9).abs() < 1e-9, "{last:?}");
        // Everyone online reconnects once in the storm's first 5 s (30 s to 35 s).
        for k in [0, 17, 99] {
            let r = s.schedule(k).reconnects;
            assert_eq!(r.len(), 1);
            assert!((30.0..35.0).contains(&r[0]), "{r:?}");
        }
        let spread: std::collections::HashSet<u64> =
            (0..100).map(|k| (s.schedule(k).reconnects[0] * 10.0) as u64).collect();
        assert!(spread.len() > 30, "reconnects are spread over the window");
        // A ramp down: the last users leave first; an arrival-rate ramp adds rate x duration.
        let down = SMALL.replace(
            "[[phases]]\nname = \"storm\"",
            "[[phases]]\nname = \"down\"\nkind = \"ramp\"\nduration_s = 10\nusers = 50\n\n[[phases]]\nname = \"storm\"",
        );
        let d = Scenario::parse(&down).unwrap();
        assert_eq!(d.schedule(10).online, [(1.0, None)]);
        let leaving = d.schedule(99).online;
        assert_eq!(leaving.len(), 1);
        assert!(leaving[0].1.is_some_and(|l| (30.0..31.0).contains(&l)), "{leaving:?}");
        let rate = SMALL.replace("duration_s = 10\nusers = 100", "duration_s = 10\narrival_rate = 5");
        let r = Scenario::parse(&rate).unwrap();
        assert_eq!(r.peak_users(), 50);
        assert!((r.schedule(49).online[0].0 - 9.8).abs() < 1e-9);
        assert!(r.schedule(50).online.is_empty(), "never online");
    }

    #[test]
    fn distributions_draw_what_they_say() {
        let e = Distribution::Exponential { mean: 100.0 };
        assert!((e.sample(1.0, 0.5)).abs() < 1e-9);
        assert!((e.sample((-1.0f64).exp(), 0.5) - 100.0).abs() < 1e-9);
        let u = Distribution::Uniform { min: 10.0, max: 20.0 };
        assert_eq!(u.sample(0.5, 0.0), 15.0);
        let l = Distribution::Lognormal { median: 40.0, sigma: 0.8, max: 100.0 };
        // u2 = 0.25: cos = 0, the median itself.
        assert!((l.sample(0.3, 0.25) - 40.0).abs() < 1e-9);
        assert!(l.sample(1e-12, 0.0) <= 100.0, "capped");
    }
}
