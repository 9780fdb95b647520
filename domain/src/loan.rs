//! The loan simulator and the pre-approved credit request (spec §2 ad view "loan simulator",
//! §3 credit request, §5 "credit age 18 to 100; amount valid; down payment not above price, not
//! negative", §9 "loan illustration 80000 MAD over 68 months"): the monthly payment of an
//! annuity loan computed exactly in integer centimes, the simulator's validation and the credit
//! request's field rules. The client mirrors `monthly_payment` (client/src/features/credit/loan.ts);
//! both test suites read `loan_cases.json`, so the two cannot drift. `docs/credit.md` states the
//! formula and its rounding.

use crate::error::{ErrorCode, SoukError};
use crate::money::Money;

/// An annual rate in basis points per month is `bp / 10 000 / 12`: the monthly rate is
/// `bp / RATE_DENOMINATOR`.
pub const RATE_DENOMINATOR: i128 = 120_000;
/// The fixed-point scale of the growth factor `(1 + r)^n` (15 decimal places).
pub const SCALE: i128 = 1_000_000_000_000_000;
/// The longest loan the simulator computes, in months (40 years).
pub const MAX_MONTHS: u32 = 480;
/// The highest annual rate a configuration may set, in basis points (30 %).
pub const MAX_RATE_BASIS_POINTS: u32 = 3_000;
/// Spec §5 / §9: a borrower is 18 to 100 years old.
pub const CREDIT_AGE_MIN: u32 = 18;
pub const CREDIT_AGE_MAX: u32 = 100;
/// The longest profession a credit request keeps.
pub const PROFESSION_MAX_CHARS: usize = 80;

/// The monthly payment, in centimes, of a loan of `principal` centimes repaid in `months` equal
/// instalments at an annual rate of `rate_bp` basis points (650 = 6.50 %), interest monthly at
/// a twelfth of the annual rate:
///
/// `M = P · r · (1 + r)^n / ((1 + r)^n − 1)` with `r = rate_bp / 120 000`, and `M = P / n` at a
/// zero rate.
///
/// Integer arithmetic only: `(1 + r)^n` is built by `n` multiplications in fixed point (scale
/// 10^15, each step rounded down), then `M` is one exact division rounded to the nearest
/// centime, halves up. The result is 0 for a zero principal or zero months.
pub fn monthly_payment(principal: i64, rate_bp: u32, months: u32) -> i64 {
    if principal <= 0 || months == 0 {
        return 0;
    }
    let p = i128::from(principal);
    let n = i128::from(months);
    let bp = i128::from(rate_bp.min(MAX_RATE_BASIS_POINTS));
    if bp == 0 {
        return half_up(p, n);
    }
    let mut growth = SCALE;
    for _ in 0..months.min(MAX_MONTHS) {
        growth = growth * (RATE_DENOMINATOR + bp) / RATE_DENOMINATOR;
    }
    half_up(p * bp * growth, RATE_DENOMINATOR * (growth - SCALE))
}

/// `num / den` rounded to the nearest integer, halves up (both positive).
fn half_up(num: i128, den: i128) -> i64 {
    let q = (2 * num + den) / (2 * den);
    i64::try_from(q).unwrap_or(i64::MAX)
}

/// The terms the simulator offers for one category group (server configuration).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoanTerms {
    /// The annual rate, in basis points (650 = 6.50 %).
    pub rate_bp: u32,
    /// The durations offered, in months, ascending.
    pub durations: Vec<u32>,
    /// The duration the simulator opens on (one of `durations`).
    pub default_months: u32,
    /// The down payment the simulator opens on, in percent of the price.
    pub default_down_payment_percent: u32,
}

impl LoanTerms {
    /// Whether the terms are ones the simulator can offer: a rate up to 30 %, durations from 1
    /// to 480 months, and a default duration among them.
    pub fn check(&self) -> Result<(), String> {
        if self.rate_bp > MAX_RATE_BASIS_POINTS {
            return Err(format!("rate_basis_points at most {MAX_RATE_BASIS_POINTS}"));
        }
        if self.durations.is_empty() || self.durations.iter().any(|m| *m == 0 || *m > MAX_MONTHS) {
            return Err(format!("durations_months from 1 to {MAX_MONTHS}, at least one"));
        }
        if !self.durations.contains(&self.default_months) {
            return Err("default_months must be one of durations_months".into());
        }
        if self.default_down_payment_percent > 100 {
            return Err("default_down_payment_percent at most 100".into());
        }
        Ok(())
    }
}

/// One simulation: what the card shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoanSimulation {
    pub price: Money,
    pub down_payment: Money,
    /// The credit amount: price less down payment.
    pub principal: Money,
    pub months: u32,
    pub rate_bp: u32,
    pub monthly_payment: Money,
    /// `months` payments.
    pub total_repaid: Money,
    /// Total repaid less the credit amount (interest).
    pub total_cost: Money,
}

/// Spec §5 "down payment not above price, not negative": the down payment's rules alone.
pub fn check_down_payment(price: Money, down_payment: Money) -> Result<(), SoukError> {
    if down_payment.centimes() < 0 {
        return Err(SoukError::new(ErrorCode::LoanDownPaymentNegative));
    }
    if down_payment > price {
        return Err(SoukError::new(ErrorCode::LoanDownPaymentAbovePrice));
    }
    Ok(())
}

/// Simulates a loan on `price` with `down_payment` over `months` under `terms`.
pub fn simulate(
    price: Money,
    down_payment: Money,
    months: u32,
    terms: &LoanTerms,
) -> Result<LoanSimulation, SoukError> {
    check_down_payment(price, down_payment)?;
    if !terms.durations.contains(&months) {
        return Err(SoukError::with_detail(ErrorCode::LoanDurationNotOffered, format!("{months} months")));
    }
    let principal = price.centimes() - down_payment.centimes();
    let monthly = monthly_payment(principal, terms.rate_bp, months);
    let total = monthly.saturating_mul(i64::from(months));
    Ok(LoanSimulation {
        price,
        down_payment,
        principal: Money(principal),
        months,
        rate_bp: terms.rate_bp,
        monthly_payment: Money(monthly),
        total_repaid: Money(total),
        total_cost: Money(total - principal),
    })
}

/// Spec §3 financing type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FinancingType {
    /// A conventional bank loan, with interest.
    Classic,
    /// Participative (Islamic) financing, e.g. a mourabaha.
    Participative,
}

impl FinancingType {
    pub const ALL: [FinancingType; 2] = [FinancingType::Classic, FinancingType::Participative];

    pub fn key(self) -> &'static str {
        match self {
            FinancingType::Classic => "classic",
            FinancingType::Participative => "participative",
        }
    }

    pub fn from_key(key: &str) -> Option<FinancingType> {
        Self::ALL.into_iter().find(|t| t.key() == key)
    }
}

/// Spec §3 borrower profile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BorrowerProfile {
    /// Employee of a private company.
    PrivateEmployee,
    /// Civil servant.
    CivilServant,
    /// Self-employed, liberal profession, trader.
    SelfEmployed,
    /// Retired.
    Retired,
    /// Moroccan living abroad (MRE).
    MoroccanAbroad,
}

impl BorrowerProfile {
    pub const ALL: [BorrowerProfile; 5] = [
        BorrowerProfile::PrivateEmployee,
        BorrowerProfile::CivilServant,
        BorrowerProfile::SelfEmployed,
        BorrowerProfile::Retired,
        BorrowerProfile::MoroccanAbroad,
    ];

    pub fn key(self) -> &'static str {
        match self {
            BorrowerProfile::PrivateEmployee => "private_employee",
            BorrowerProfile::CivilServant => "civil_servant",
            BorrowerProfile::SelfEmployed => "self_employed",
            BorrowerProfile::Retired => "retired",
            BorrowerProfile::MoroccanAbroad => "moroccan_abroad",
        }
    }

    pub fn from_key(key: &str) -> Option<BorrowerProfile> {
        Self::ALL.into_iter().find(|p| p.key() == key)
    }
}

/// A credit request as the form sends it (spec §3), before its rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreditRequestForm {
    pub profession: String,
    /// In centimes.
    pub amount: Money,
    pub financing_type: FinancingType,
    pub age: i64,
    pub borrower_profile: BorrowerProfile,
}

/// A credit request that passed its rules: the profession trimmed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedCreditRequest {
    pub profession: String,
    pub amount: Money,
    pub financing_type: FinancingType,
    pub age: u32,
    pub borrower_profile: BorrowerProfile,
}

/// Spec §5 credit request rules, on an ad priced `price`: a profession (1 to 80 characters),
/// an amount above zero and not above the price, an age from 18 to 100. The first broken rule
/// is answered, in the form's order.
pub fn check_credit_request(form: &CreditRequestForm, price: Money) -> Result<CheckedCreditRequest, SoukError> {
    let profession = form.profession.split_whitespace().collect::<Vec<_>>().join(" ");
    if profession.is_empty() {
        return Err(SoukError::with_detail(ErrorCode::Required, "profession"));
    }
    if profession.chars().count() > PROFESSION_MAX_CHARS {
        return Err(
            SoukError::with_detail(ErrorCode::TextTooLong, "profession").with_param("max", PROFESSION_MAX_CHARS as i64)
        );
    }
    if form.amount.centimes() <= 0 || form.amount > price {
        return Err(SoukError::with_detail(ErrorCode::CreditAmountInvalid, "amount"));
    }
    let age = u32::try_from(form.age)
        .ok()
        .filter(|a| (CREDIT_AGE_MIN..=CREDIT_AGE_MAX).contains(a))
        .ok_or_else(|| SoukError::with_detail(ErrorCode::CreditAgeInvalid, "age"))?;
    Ok(CheckedCreditRequest {
        profession,
        amount: form.amount,
        financing_type: form.financing_type,
        age,
        borrower_profile: form.borrower_profile,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms() -> LoanTerms {
        LoanTerms {
            rate_bp: 650,
            durations: vec![12, 24, 36, 48, 60, 68, 72, 84],
            default_months: 60,
            default_down_payment_percent: 20,
        }
    }

    #[test]
    fn the_spec_illustration_80000_dh_over_68_months() {
        // 80 000 DH at 6.50 % a year over 68 months: 1 409,56 DH a month (computed apart with
        // 60-digit decimals: 1409.5598… rounded to the centime).
        assert_eq!(monthly_payment(8_000_000, 650, 68), 140_956);
        let s = simulate(Money::from_dirhams(100_000), Money::from_dirhams(20_000), 68, &terms()).expect("valid");
        assert_eq!(s.principal, Money::from_dirhams(80_000));
        assert_eq!(s.monthly_payment, Money(140_956));
        assert_eq!(s.total_repaid, Money(140_956 * 68));
        assert_eq!(s.total_cost, Money(140_956 * 68 - 8_000_000));
    }

    #[test]
    fn a_zero_rate_divides_the_amount_evenly_rounded_to_the_centime() {
        assert_eq!(monthly_payment(8_000_000, 0, 68), 117_647);
        assert_eq!(monthly_payment(6_000_000, 0, 60), 100_000);
        let zero = LoanTerms { rate_bp: 0, ..terms() };
        let s = simulate(Money::from_dirhams(60_000), Money(0), 60, &zero).expect("valid");
        assert_eq!((s.monthly_payment, s.total_cost), (Money(100_000), Money(0)));
    }

    #[test]
    fn a_down_payment_equal_to_the_price_leaves_nothing_to_borrow() {
        let s = simulate(Money::from_dirhams(90_000), Money::from_dirhams(90_000), 60, &terms()).expect("valid");
        assert_eq!(
            (s.principal, s.monthly_payment, s.total_repaid, s.total_cost),
            (Money(0), Money(0), Money(0), Money(0))
        );
    }

    #[test]
    fn the_down_payment_is_not_negative_nor_above_the_price() {
        let price = Money::from_dirhams(90_000);
        let negative = simulate(price, Money(-100), 60, &terms()).expect_err("negative");
        assert_eq!(negative.code, ErrorCode::LoanDownPaymentNegative);
        let above = simulate(price, Money::from_dirhams(90_001), 60, &terms()).expect_err("above");
        assert_eq!(above.code, ErrorCode::LoanDownPaymentAbovePrice);
        let odd = simulate(price, Money(0), 61, &terms()).expect_err("duration");
        assert_eq!(odd.code, ErrorCode::LoanDurationNotOffered);
    }

    #[test]
    fn long_loans_at_the_highest_rate_do_not_overflow() {
        let top = monthly_payment(crate::ad_form::PRICE_MAX_DH * 100, MAX_RATE_BASIS_POINTS, MAX_MONTHS);
        // 10^9 DH at 30 % over 40 years: interest alone is 2.5 % of the amount a month.
        assert!(top > 2_500_000_000 && top < 2_600_000_000, "{top}");
    }

    /// The examples the client's mirror is tested on too (client/src/features/credit/loan.test.ts).
    #[test]
    fn the_shared_cases_hold() {
        let cases: serde_json::Value = serde_json::from_str(include_str!("loan_cases.json")).expect("JSON");
        let list = cases["monthlyPayment"].as_array().expect("cases");
        assert!(list.len() >= 8);
        for c in list {
            let got = monthly_payment(
                c["principal"].as_i64().expect("principal"),
                c["rateBasisPoints"].as_u64().expect("rate") as u32,
                c["months"].as_u64().expect("months") as u32,
            );
            assert_eq!(got, c["monthlyPayment"].as_i64().expect("payment"), "{c}");
        }
    }

    #[test]
    fn the_credit_request_rules_of_spec_5() {
        let price = Money::from_dirhams(150_000);
        let form = CreditRequestForm {
            profession: "  Ingénieure   informatique ".into(),
            amount: Money::from_dirhams(120_000),
            financing_type: FinancingType::Classic,
            age: 34,
            borrower_profile: BorrowerProfile::PrivateEmployee,
        };
        let ok = check_credit_request(&form, price).expect("valid");
        assert_eq!((ok.profession.as_str(), ok.age), ("Ingénieure informatique", 34));
        let code = |f: CreditRequestForm| check_credit_request(&f, price).expect_err("refused").code;
        assert_eq!(code(CreditRequestForm { profession: "  ".into(), ..form.clone() }), ErrorCode::Required);
        assert_eq!(code(CreditRequestForm { profession: "x".repeat(81), ..form.clone() }), ErrorCode::TextTooLong);
        assert_eq!(code(CreditRequestForm { amount: Money(0), ..form.clone() }), ErrorCode::CreditAmountInvalid);
        assert_eq!(
            code(CreditRequestForm { amount: Money(15_000_001), ..form.clone() }),
            ErrorCode::CreditAmountInvalid
        );
        assert_eq!(code(CreditRequestForm { age: 17, ..form.clone() }), ErrorCode::CreditAgeInvalid);
        assert_eq!(code(CreditRequestForm { age: 101, ..form.clone() }), ErrorCode::CreditAgeInvalid);
        assert_eq!(code(CreditRequestForm { age: -5, ..form.clone() }), ErrorCode::CreditAgeInvalid);
        assert!(check_credit_request(&CreditRequestForm { age: 18, ..form.clone() }, price).is_ok());
        assert!(check_credit_request(&CreditRequestForm { age: 100, amount: price, ..form }, price).is_ok());
    }

    #[test]
    fn keys_read_back() {
        for t in FinancingType::ALL {
            assert_eq!(FinancingType::from_key(t.key()), Some(t));
        }
        for p in BorrowerProfile::ALL {
            assert_eq!(BorrowerProfile::from_key(p.key()), Some(p));
        }
    }
}
