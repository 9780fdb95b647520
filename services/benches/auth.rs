//! The CPU cost of sign-in (argon2id verification), of a password hash, and of one access-token
//! check and signing, on one thread: a component benchmark of `souk_services::accounts` (moved
//! here from `souk-load auth`, issue 30 item 8). Run:
//! `cargo bench -p souk-services --bench auth -- 100` (the number: iterations, default 50).

use std::time::Instant;

/// The nearest-rank `p` percentile of sorted samples.
fn percentile(sorted: &[u32], p: f64) -> u32 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = (p * sorted.len() as f64 / 100.0 - 1e-9).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// Times `f` `n` times on this thread: (mean, p50, p99) in milliseconds.
fn time_it(n: usize, mut f: impl FnMut()) -> (f64, f64, f64) {
    // Nanosecond samples, so microsecond operations keep their precision.
    let mut samples: Vec<u32> = (0..n.max(1))
        .map(|_| {
            let started = Instant::now();
            f();
            u32::try_from(started.elapsed().as_nanos()).unwrap_or(u32::MAX)
        })
        .collect();
    samples.sort_unstable();
    let ms = |ns: f64| ns / 1_000_000.0;
    let mean = samples.iter().map(|&s| f64::from(s)).sum::<f64>() / samples.len() as f64;
    (ms(mean), ms(f64::from(percentile(&samples, 50.0))), ms(f64::from(percentile(&samples, 99.0))))
}

fn auth_costs(iterations: usize) -> std::process::ExitCode {
    use souk_services::accounts::password::{hash_password, verify_password};
    use souk_services::accounts::tokens::{AccessClaims, TokenKeys};
    let iterations = iterations.clamp(1, 10_000);
    let hash = match hash_password("souk-demo-2026") {
        Ok(h) => h,
        Err(e) => {
            eprintln!("auth: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    eprintln!("auth: {iterations} iterations each, one thread");
    let report = |what: &str, (mean, p50, p99): (f64, f64, f64)| {
        println!("{what}: mean {:.1} µs, p50 {:.1} µs, p99 {:.1} µs", mean * 1000.0, p50 * 1000.0, p99 * 1000.0);
    };
    report(
        "sign-in password check (argon2id verify)",
        time_it(iterations, || {
            std::hint::black_box(verify_password("souk-demo-2026", &hash));
        }),
    );
    report(
        "password hash (sign-up, reset)",
        time_it(iterations.min(50), || {
            std::hint::black_box(hash_password("souk-demo-2026").ok());
        }),
    );
    let keys = TokenKeys::new(b"a benchmark key of thirty-two bytes!");
    let now =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0);
    let claims = AccessClaims {
        sub: "0190c0de-0000-7000-8000-000000000001".into(),
        account_id: 1,
        store_id: Some(1),
        roles: vec![souk_domain::account::Role::StoreOwner],
        name: "Auto Prestige Casa".into(),
        email: Some("contact@auto-prestige-casa.ma".into()),
        allowed_access: vec!["shop.profile".into(), "shop.stats".into()],
        iat: now,
        exp: now + 900,
        jti: "bench".into(),
        act: None,
        fam: None,
    };
    let token = keys.sign(&claims).unwrap_or_default();
    let token_iterations = iterations.saturating_mul(200);
    report(
        "access-token check (HS256 verify + claims)",
        time_it(token_iterations, || {
            std::hint::black_box(keys.verify(&token).ok());
        }),
    );
    report(
        "access-token signing",
        time_it(token_iterations, || {
            std::hint::black_box(keys.sign(&claims).ok());
        }),
    );
    std::process::ExitCode::SUCCESS
}

fn main() -> std::process::ExitCode {
    // `cargo bench` passes `--bench`; the first number is the iteration count.
    let iterations = std::env::args().skip(1).find_map(|a| a.parse::<usize>().ok()).unwrap_or(50);
    auth_costs(iterations)
}
