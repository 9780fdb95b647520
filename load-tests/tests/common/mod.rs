//! What the `souk-load` tests share: the binary under test, and reading its result line.

pub const BIN: &str = env!("CARGO_BIN_EXE_souk-load");

/// The number after `label` in a result line.
pub fn figure(line: &str, label: &str) -> f64 {
    let rest = line.split(label).nth(1).unwrap_or_else(|| panic!("no {label:?} in {line:?}"));
    let number: String = rest.trim_start().chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
    number.parse().unwrap_or_else(|_| panic!("no number after {label:?} in {line:?}"))
}
