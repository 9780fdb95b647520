//! Money in Moroccan dirhams, kept as integer centimes so that sums never round.

use serde::{Deserialize, Serialize};

/// An amount in centimes of a dirham (1 DH = 100 centimes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize)]
pub struct Money(pub i64);

impl Money {
    pub fn from_dirhams(dh: i64) -> Money {
        Money(dh * 100)
    }

    pub fn centimes(self) -> i64 {
        self.0
    }

    /// The amount without currency as shown to people: `1 250 000` or `99,50`
    /// (French grouping with a space, decimal comma only when there are centimes).
    pub fn without_currency(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        let (whole, cents) = (abs / 100, abs % 100);
        let grouped = crate::text::group_thousands(whole);
        if cents == 0 { format!("{sign}{grouped}") } else { format!("{sign}{grouped},{cents:02}") }
    }

    /// The amount with its currency, `1 250 000 DH`.
    pub fn with_currency(self) -> String {
        format!("{} DH", self.without_currency())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_dirhams_the_french_way() {
        assert_eq!(Money::from_dirhams(1_250_000).with_currency(), "1 250 000 DH");
        assert_eq!(Money::from_dirhams(950).without_currency(), "950");
        assert_eq!(Money(9950).without_currency(), "99,50");
        assert_eq!(Money(-250).without_currency(), "-2,50");
        assert_eq!(Money(0).with_currency(), "0 DH");
    }
}
