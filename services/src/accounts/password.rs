//! Password hashing for sign-up, sign-in and password changes: argon2id PHC strings
//! (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`), salted per hash, verified in constant time.
//!
//! Parameters: m = 19 456 KiB (19 MiB), t = 2 passes, p = 1 lane. This is the first of the
//! equivalent argon2id settings the OWASP Password Storage Cheat Sheet recommends, and the
//! RustCrypto default. It costs about 20-40 ms of one core per hash in an optimised build,
//! which keeps a brute-force attack on a leaked table expensive while letting a 2-core
//! server absorb sign-in bursts; one lane because the server already runs requests in
//! parallel, so more lanes would only add memory pressure. Verification reads the parameters
//! from the stored string, so raising them later keeps old hashes valid.

use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::{Algorithm, Argon2, Params, Version};

/// Memory cost in KiB (OWASP: 19 MiB).
pub const M_COST_KIB: u32 = 19_456;
/// Number of passes over the memory.
pub const T_COST: u32 = 2;
/// Degree of parallelism (lanes).
pub const P_COST: u32 = 1;

/// The most memory a stored hash may ask for before verification refuses it: a hash is
/// ours, but a corrupted or planted row must not make the server allocate gigabytes.
const MAX_VERIFY_M_COST_KIB: u32 = 256 * 1024;

/// Why a password could not be hashed.
#[derive(Debug, thiserror::Error)]
pub enum PasswordError {
    #[error("password hashing failed: {0}")]
    Hash(String),
}

fn hasher() -> Result<Argon2<'static>, PasswordError> {
    let params = Params::new(M_COST_KIB, T_COST, P_COST, None).map_err(|e| PasswordError::Hash(e.to_string()))?;
    Ok(Argon2::new(Algorithm::Argon2id, Version::V0x13, params))
}

/// Hashes a password with a fresh random salt into an argon2id PHC string. CPU-bound
/// (tens of milliseconds): call it from a blocking thread, not an async executor.
pub fn hash_password(password: &str) -> Result<String, PasswordError> {
    let hash = hasher()?.hash_password(password.as_bytes()).map_err(|e| PasswordError::Hash(e.to_string()))?;
    Ok(hash.to_string())
}

/// Whether `password` matches the stored PHC string. A malformed hash, another algorithm or
/// unreasonable parameters answer `false`; this never panics. CPU-bound like hashing.
pub fn verify_password(password: &str, phc: &str) -> bool {
    let Ok(parsed) = PasswordHash::new(phc) else {
        return false;
    };
    if parsed.algorithm.as_str() != "argon2id" {
        return false;
    }
    let m_cost = parsed.params.get_decimal("m");
    if m_cost.is_none_or(|m| m > MAX_VERIFY_M_COST_KIB) {
        return false;
    }
    Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_verifies_its_password_and_records_the_parameters() {
        let phc = hash_password("souk-demo-2026").expect("hash");
        assert!(phc.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{phc}");
        assert!(verify_password("souk-demo-2026", &phc));
    }

    #[test]
    fn a_wrong_password_does_not_verify() {
        let phc = hash_password("souk-demo-2026").expect("hash");
        assert!(!verify_password("souk-demo-2025", &phc));
        assert!(!verify_password("", &phc));
    }

    #[test]
    fn garbage_hashes_answer_false() {
        for phc in [
            "",
            "garbage",
            "$argon2id$",
            "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$",
            "$2b$12$abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopq",
            // A plausible argon2 hash asking for 4 GiB of memory.
            "$argon2id$v=19$m=4194304,t=2,p=1$c2FsdHNhbHRzYWx0$YWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWE",
        ] {
            assert!(!verify_password("souk-demo-2026", phc), "{phc}");
        }
    }

    #[test]
    fn two_hashes_of_one_password_differ_by_their_salt() {
        let a = hash_password("same").expect("hash");
        let b = hash_password("same").expect("hash");
        assert_ne!(a, b);
        assert!(verify_password("same", &a) && verify_password("same", &b));
    }
}
