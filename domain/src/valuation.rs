//! The car valuation (spec §3 valuation input and output, §4 outcomes, §5 rules; issue 25;
//! docs/valuation.md): the checking of a valuation request, and the estimate computed from the
//! marketplace's own comparable car listings — a least-squares regression of log price on age
//! and mileage, trimmed for outliers, giving the value range, reference, ad and transaction
//! values, rotation delay, model attractiveness and a confidence index from 1 to 5.

use crate::account::{check_person_name, normalize_email, normalize_phone};
use crate::catalog::CarCatalogue;
use crate::money::Money;
use crate::{ErrorCode, SoukError};
use serde::{Deserialize, Serialize};

/// Fewer comparables than this after trimming: "could not evaluate" (spec §4). Six leave three
/// degrees of freedom after the three coefficients; so few give confidence 1 and a wide range.
pub const MIN_COMPARABLES: usize = 6;
/// Comparables are listings of a model year within this many years of the car's.
pub const YEAR_WINDOW: i64 = 4;
/// The last fallback: the brand's listings within this many model years (age is a regressor, so
/// a wider window still prices the car's own age; the confidence is at most 2).
pub const WIDE_YEAR_WINDOW: i64 = 10;
/// Residuals further than this many robust standard deviations (1.4826 × MAD) from their median
/// are dropped before the final fit.
pub const TRIM_MADS: f64 = 2.5;
/// The negotiation margin taken off the ad value to give the transaction value, in basis points
/// (800 = 8 %). The marketplace sees asking prices, never the price a car changed hands at, so the
/// margin cannot be observed from its store; 8 % is the usual gap between asking and selling price
/// of used cars quoted by Moroccan dealers (docs/valuation.md says so and how to replace it).
pub const NEGOTIATION_MARGIN_BP: i64 = 800;
/// The narrowest half-width of the value range, in log units (±5 %): an estimate is never more
/// precise than that, however tight the comparables.
pub const MIN_HALF_RANGE: f64 = 0.05;
/// Mileage in the regression is in units of this many kilometres.
const MILEAGE_UNIT: f64 = 10_000.0;
/// Spec §5 "real power": horse power of a car.
pub const REAL_POWER_MIN: i64 = 20;
pub const REAL_POWER_MAX: i64 = 1_000;
/// Fiscal power (CV), as on the car ad form.
pub const FISCAL_POWER_MIN: i64 = 1;
pub const FISCAL_POWER_MAX: i64 = 99;
/// Mileage, as on the car ad form.
pub const MILEAGE_MAX: i64 = 2_000_000;
/// The oldest model year valued.
pub const YEAR_MIN: i64 = 1950;
/// The longest version text.
pub const VERSION_MAX_CHARS: usize = 80;

/// Registration origin keys (the car ad form's `origin` choices).
pub const ORIGINS: [&str; 3] = ["ww_au_maroc", "dedouanee", "importee_neuve"];
/// Mechanical and body condition keys (optional).
pub const CONDITIONS: [&str; 4] = ["excellent", "good", "average", "poor"];
/// Warning-light keys (optional).
pub const WARNING_LIGHTS: [&str; 2] = ["none", "some"];
/// Model phase keys (spec §3 "year and phase": the model's generation or facelift; optional, as a
/// person often does not know it).
pub const PHASES: [&str; 3] = ["phase_1", "phase_2", "phase_3"];
/// Reason-of-interest keys (spec §5 "reason").
pub const REASONS: [&str; 4] = ["sell", "buy", "trade_in", "curiosity"];

/// A valuation request as the steps send it (spec §3 valuation input).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ValuationForm {
    pub brand: String,
    pub model: String,
    pub fuel: String,
    pub gearbox: String,
    pub year: Option<i64>,
    pub phase: Option<String>,
    pub version: String,
    pub real_power: Option<i64>,
    pub fiscal_power: Option<i64>,
    pub origin: String,
    pub mileage: Option<i64>,
    pub mechanical_condition: Option<String>,
    pub body_condition: Option<String>,
    pub warning_lights: Option<String>,
    pub reason: String,
    pub contact_name: String,
    pub phone: String,
    pub email: String,
    pub terms_accepted: bool,
}

/// A request that passed spec §5's rules: trimmed and normalised.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CheckedValuation {
    pub brand: String,
    pub model: String,
    pub fuel: String,
    pub gearbox: String,
    pub year: i64,
    #[serde(default)]
    pub phase: Option<String>,
    pub version: String,
    pub real_power: i64,
    pub fiscal_power: i64,
    pub origin: String,
    pub mileage: i64,
    pub mechanical_condition: Option<String>,
    pub body_condition: Option<String>,
    pub warning_lights: Option<String>,
    pub reason: String,
    pub contact_name: String,
    pub phone: String,
    pub email: String,
}

fn required(field: &str) -> SoukError {
    SoukError::with_detail(ErrorCode::Required, field.to_string())
}

fn invalid(field: &str) -> SoukError {
    SoukError::with_detail(ErrorCode::InvalidArgument, field.to_string())
}

fn text(value: &str, field: &str) -> Result<String, SoukError> {
    let v = value.trim();
    if v.is_empty() { Err(required(field)) } else { Ok(v.to_string()) }
}

fn number(value: Option<i64>, field: &str, min: i64, max: i64) -> Result<i64, SoukError> {
    let v = value.ok_or_else(|| required(field))?;
    if (min..=max).contains(&v) { Ok(v) } else { Err(invalid(field)) }
}

fn choice(value: &str, field: &str, keys: &[&str]) -> Result<String, SoukError> {
    let v = text(value, field)?;
    if keys.contains(&v.as_str()) { Ok(v) } else { Err(invalid(field)) }
}

fn optional_choice(value: &Option<String>, field: &str, keys: &[&str]) -> Result<Option<String>, SoukError> {
    match value.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(v) if keys.contains(&v) => Ok(Some(v.to_string())),
        Some(_) => Err(invalid(field)),
    }
}

/// Spec §5 "Valuation: all fields required except optional ones; name; valid phone; valid e-mail;
/// terms; reason", in the order of the steps: the car (brand, model, fuel, gearbox from the car
/// catalogue; year from 1950 to next year; version; real and fiscal power; origin; mileage), the
/// optional condition fields, the reason of interest, then the contact (name, Moroccan phone,
/// e-mail) and the terms. `REQUIRED`, `INVALID_ARGUMENT` (a value outside its choices or range),
/// `INVALID_NAME`, `INVALID_PHONE`, `INVALID_EMAIL`, `VALUATION_TERMS_REQUIRED`.
pub fn check_valuation_request(
    form: &ValuationForm,
    cars: &CarCatalogue,
    now_year: i64,
) -> Result<CheckedValuation, SoukError> {
    let brand_slug = text(&form.brand, "brand")?;
    let brand = cars.brand(&brand_slug).ok_or_else(|| invalid("brand"))?;
    let model_slug = text(&form.model, "model")?;
    if !brand.models.iter().any(|m| m.slug == model_slug) {
        return Err(invalid("model"));
    }
    let fuel = text(&form.fuel, "fuel")?;
    if !cars.fuels.iter().any(|f| f.key == fuel) {
        return Err(invalid("fuel"));
    }
    let gearbox = text(&form.gearbox, "gearbox")?;
    if !cars.gearboxes.iter().any(|g| g.key == gearbox) {
        return Err(invalid("gearbox"));
    }
    let year = number(form.year, "year", YEAR_MIN, now_year + 1)?;
    let phase = optional_choice(&form.phase, "phase", &PHASES)?;
    let version = text(&form.version, "version")?;
    if version.chars().count() > VERSION_MAX_CHARS {
        return Err(invalid("version"));
    }
    let real_power = number(form.real_power, "realPower", REAL_POWER_MIN, REAL_POWER_MAX)?;
    let fiscal_power = number(form.fiscal_power, "fiscalPower", FISCAL_POWER_MIN, FISCAL_POWER_MAX)?;
    let origin = choice(&form.origin, "origin", &ORIGINS)?;
    let mileage = number(form.mileage, "mileage", 0, MILEAGE_MAX)?;
    let mechanical_condition = optional_choice(&form.mechanical_condition, "mechanicalCondition", &CONDITIONS)?;
    let body_condition = optional_choice(&form.body_condition, "bodyCondition", &CONDITIONS)?;
    let warning_lights = optional_choice(&form.warning_lights, "warningLights", &WARNING_LIGHTS)?;
    let reason = choice(&form.reason, "reason", &REASONS)?;
    text(&form.contact_name, "contactName")?;
    let contact_name = check_person_name(&form.contact_name)?;
    text(&form.phone, "phone")?;
    let phone = normalize_phone(&form.phone)?;
    text(&form.email, "email")?;
    let email = normalize_email(&form.email)?;
    if !form.terms_accepted {
        return Err(SoukError::with_detail(ErrorCode::ValuationTermsRequired, "terms"));
    }
    Ok(CheckedValuation {
        brand: brand_slug,
        model: model_slug,
        fuel,
        gearbox,
        year,
        phase,
        version,
        real_power,
        fiscal_power,
        origin,
        mileage,
        mechanical_condition,
        body_condition,
        warning_lights,
        reason,
        contact_name,
        phone,
        email,
    })
}

/// One live car listing the estimate may learn from.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparable {
    pub list_id: i64,
    pub brand: String,
    pub model: String,
    pub year: i64,
    pub mileage: i64,
    /// The asking price, in centimes.
    pub price_centimes: i64,
    /// Days the listing has been online.
    pub days_active: f64,
}

/// The car to value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subject {
    pub brand: String,
    pub model: String,
    pub year: i64,
    pub mileage: i64,
}

/// Which listings the estimate came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Scope {
    /// The same model, model years within [`YEAR_WINDOW`].
    Model,
    /// Too few of the model: the same brand (the catalogue's only segment), same year window.
    Brand,
    /// Too few still: the same brand within [`WIDE_YEAR_WINDOW`].
    BrandWide,
}

impl Scope {
    pub fn key(self) -> &'static str {
        match self {
            Scope::Model => "model",
            Scope::Brand => "brand",
            Scope::BrandWide => "brandWide",
        }
    }
}

/// Spec §3 valuation output (the expiry date is the service's: it knows the clock).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Estimate {
    pub low: Money,
    pub high: Money,
    /// The robust centre: the median of the comparables' prices, each moved to the car's age and
    /// mileage with the fitted slopes.
    pub reference_value: Money,
    /// The regression's asking price for the car.
    pub ad_value: Money,
    /// The ad value less [`NEGOTIATION_MARGIN_BP`].
    pub transaction_value: Money,
    pub negotiation_margin_bp: i64,
    /// Median days online of the comparables kept.
    pub rotation_days: u32,
    /// 1 (slow to sell) to 5 (sells fast), from the rotation delay.
    pub attractiveness: u8,
    pub new_car_price: Option<Money>,
    /// 1 to 5, from the sample size and the fit.
    pub confidence: u8,
    pub scope: Scope,
    /// Comparables kept after trimming.
    pub sample_size: usize,
    /// Residual standard deviation of the fit, in log units (≈ relative error).
    pub residual_sd: f64,
}

/// The comparables of `subject`: its model within the year window, or when fewer than
/// [`MIN_COMPARABLES`], its brand within the window, or its brand within the wide window.
pub fn select<'a>(subject: &Subject, all: &'a [Comparable]) -> (Scope, Vec<&'a Comparable>) {
    let within = |years: i64| move |c: &&Comparable| (c.year - subject.year).abs() <= years && c.price_centimes > 0;
    let same_model: Vec<&Comparable> = all
        .iter()
        .filter(|c| c.brand == subject.brand && c.model == subject.model)
        .filter(within(YEAR_WINDOW))
        .collect();
    if same_model.len() >= MIN_COMPARABLES {
        return (Scope::Model, same_model);
    }
    let same_brand: Vec<&Comparable> =
        all.iter().filter(|c| c.brand == subject.brand).filter(within(YEAR_WINDOW)).collect();
    if same_brand.len() >= MIN_COMPARABLES {
        return (Scope::Brand, same_brand);
    }
    (Scope::BrandWide, all.iter().filter(|c| c.brand == subject.brand).filter(within(WIDE_YEAR_WINDOW)).collect())
}

/// A least-squares fit of `y = b0 + b1·age + b2·mileage` (mileage in 10,000 km), dropping the
/// regressors the sample cannot identify (every listing the same age, or the same mileage).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Fit {
    b: [f64; 3],
}

impl Fit {
    fn predict(&self, x: [f64; 2]) -> f64 {
        self.b[0] + self.b[1] * x[0] + self.b[2] * x[1]
    }
}

fn solve3(mut a: [[f64; 4]; 3]) -> Option<[f64; 3]> {
    for col in 0..3 {
        let pivot = (col..3).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-9 {
            return None;
        }
        a.swap(col, pivot);
        for row in 0..3 {
            if row != col {
                let f = a[row][col] / a[col][col];
                let pivot_row = a[col];
                for (cell, p) in a[row].iter_mut().zip(pivot_row).skip(col) {
                    *cell -= f * p;
                }
            }
        }
    }
    Some([a[0][3] / a[0][0], a[1][3] / a[1][1], a[2][3] / a[2][2]])
}

fn variance(v: impl Iterator<Item = f64> + Clone) -> f64 {
    let n = v.clone().count() as f64;
    let mean = v.clone().sum::<f64>() / n;
    v.map(|x| (x - mean) * (x - mean)).sum::<f64>() / n
}

fn least_squares(points: &[([f64; 2], f64)]) -> Fit {
    let n = points.len() as f64;
    let use_age = variance(points.iter().map(|p| p.0[0])) > 1e-6;
    let use_km = variance(points.iter().map(|p| p.0[1])) > 1e-6;
    let mean_y = points.iter().map(|p| p.1).sum::<f64>() / n;
    let mut eq = [[0.0; 4]; 3];
    for (x, y) in points {
        let row = [1.0, if use_age { x[0] } else { 0.0 }, if use_km { x[1] } else { 0.0 }];
        for i in 0..3 {
            for j in 0..3 {
                eq[i][j] += row[i] * row[j];
            }
            eq[i][3] += row[i] * y;
        }
    }
    // An unused regressor's equation is `b = 0`.
    for (k, used) in [(1, use_age), (2, use_km)] {
        if !used {
            eq[k] = [0.0; 4];
            eq[k][k] = 1.0;
        }
    }
    match solve3(eq) {
        Some(b) if b.iter().all(|v| v.is_finite()) => Fit { b },
        // Age and mileage move together exactly: age alone explains what they share.
        _ if use_age && use_km => {
            let age_only: Vec<([f64; 2], f64)> = points.iter().map(|(x, y)| ([x[0], 0.0], *y)).collect();
            least_squares(&age_only)
        }
        _ => Fit { b: [mean_y, 0.0, 0.0] },
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n == 0 {
        0.0
    } else if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// Whole dirhams, rounded to the nearest 1,000 DH (what a person quotes a car at).
fn to_money(log_price_dh: f64) -> Money {
    let dh = log_price_dh.exp();
    Money::from_dirhams(((dh / 1000.0).round() as i64) * 1000)
}

/// The confidence index (1–5): the lower of what the sample size and the fit allow, at most 3
/// when the estimate had to fall back on the brand, at most 2 on the brand's wide window.
pub fn confidence(sample_size: usize, residual_sd: f64, scope: Scope) -> u8 {
    let by_size = match sample_size {
        n if n >= 40 => 5,
        n if n >= 25 => 4,
        n if n >= 15 => 3,
        n if n >= 10 => 2,
        _ => 1,
    };
    let by_fit = match residual_sd {
        s if s <= 0.08 => 5,
        s if s <= 0.12 => 4,
        s if s <= 0.18 => 3,
        s if s <= 0.25 => 2,
        _ => 1,
    };
    let level = by_size.min(by_fit);
    match scope {
        Scope::Model => level,
        Scope::Brand => level.min(3),
        Scope::BrandWide => level.min(2),
    }
}

/// Model attractiveness (1–5) from the rotation delay: listings of a model that sells fast stay
/// online for few days.
pub fn attractiveness(rotation_days: u32) -> u8 {
    match rotation_days {
        0..=14 => 5,
        15..=29 => 4,
        30..=44 => 3,
        45..=59 => 2,
        _ => 1,
    }
}

/// The estimate of `subject` from `all` live car listings (spec §3 output). `now_year` gives
/// ages; `new_car_price` is the catalogue's, when it knows one. `VALUATION_NOT_POSSIBLE` ("could not
/// evaluate", spec §4) when fewer than [`MIN_COMPARABLES`] comparables remain after trimming.
pub fn estimate(
    subject: &Subject,
    all: &[Comparable],
    now_year: i64,
    new_car_price: Option<Money>,
) -> Result<Estimate, SoukError> {
    let (scope, mut kept) = select(subject, all);
    let too_few = |n: usize| {
        SoukError::with_detail(ErrorCode::ValuationNotPossible, format!("{n} comparables, {MIN_COMPARABLES} needed"))
    };
    if kept.len() < MIN_COMPARABLES {
        return Err(too_few(kept.len()));
    }
    let x_of = |year: i64, mileage: i64| [(now_year - year).max(0) as f64, mileage.max(0) as f64 / MILEAGE_UNIT];
    let point = |c: &Comparable| (x_of(c.year, c.mileage), ((c.price_centimes as f64) / 100.0).ln());
    let mut fit = least_squares(&kept.iter().map(|c| point(c)).collect::<Vec<_>>());
    // Trim twice at most: refit without the residuals beyond TRIM_MADS robust deviations.
    for _ in 0..2 {
        let residuals: Vec<f64> = kept.iter().map(|c| point(c)).map(|(x, y)| y - fit.predict(x)).collect();
        let centre = median(residuals.clone());
        let mad = median(residuals.iter().map(|r| (r - centre).abs()).collect());
        let bound = TRIM_MADS * 1.4826 * mad.max(1e-3);
        let before = kept.len();
        kept = kept.into_iter().zip(&residuals).filter(|(_, r)| (*r - centre).abs() <= bound).map(|(c, _)| c).collect();
        if kept.len() < MIN_COMPARABLES {
            return Err(too_few(kept.len()));
        }
        fit = least_squares(&kept.iter().map(|c| point(c)).collect::<Vec<_>>());
        if kept.len() == before {
            break;
        }
    }
    let points: Vec<([f64; 2], f64)> = kept.iter().map(|c| point(c)).collect();
    let residuals: Vec<f64> = points.iter().map(|(x, y)| y - fit.predict(*x)).collect();
    let dof = (points.len() as f64 - 3.0).max(1.0);
    let residual_sd = (residuals.iter().map(|r| r * r).sum::<f64>() / dof).sqrt();
    let x = x_of(subject.year, subject.mileage);
    let centre = fit.predict(x);
    let reference = median(residuals.iter().map(|r| centre + r).collect());
    let half = residual_sd.max(MIN_HALF_RANGE);
    let ad_value = to_money(centre);
    let transaction_value =
        Money::from_dirhams(((ad_value.centimes() / 100) * (10_000 - NEGOTIATION_MARGIN_BP) / 10_000 / 1000) * 1000);
    let rotation_days = median(kept.iter().map(|c| c.days_active).collect()).round().max(0.0) as u32;
    Ok(Estimate {
        low: to_money(centre - half),
        high: to_money(centre + half),
        reference_value: to_money(reference),
        ad_value,
        transaction_value,
        negotiation_margin_bp: NEGOTIATION_MARGIN_BP,
        rotation_days,
        attractiveness: attractiveness(rotation_days),
        new_car_price,
        confidence: confidence(kept.len(), residual_sd, scope),
        scope,
        sample_size: kept.len(),
        residual_sd,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Localized;
    use crate::catalog::{CarBrand, CarModel, CarOption};

    const NOW: i64 = 2026;

    /// A price law with a known answer: 200,000 DH new, −10 % a year, −2 % per 10,000 km.
    fn law(year: i64, mileage: i64) -> f64 {
        200_000.0 * (-0.10 * (NOW - year) as f64 - 0.02 * mileage as f64 / 10_000.0).exp()
    }

    fn comparable(i: i64, model: &str, year: i64, mileage: i64, factor: f64) -> Comparable {
        Comparable {
            list_id: i,
            brand: "dacia".into(),
            model: model.into(),
            year,
            mileage,
            price_centimes: (law(year, mileage) * factor * 100.0).round() as i64,
            days_active: (i % 40) as f64,
        }
    }

    /// 60 listings on a grid of years and mileages, with a small deterministic noise (±3 %).
    fn market(model: &str, n: i64) -> Vec<Comparable> {
        (0..n)
            .map(|i| {
                let year = NOW - 1 - (i % 8);
                let mileage = (NOW - year) * 15_000 + ((i * 7919) % 9) * 4_000 - 16_000;
                let noise = 1.0 + 0.03 * (((i * 37) % 7) as f64 - 3.0) / 3.0;
                comparable(i, model, year, mileage.max(0), noise)
            })
            .collect()
    }

    fn subject(model: &str, year: i64, mileage: i64) -> Subject {
        Subject { brand: "dacia".into(), model: model.into(), year, mileage }
    }

    fn dh(m: Money) -> f64 {
        m.centimes() as f64 / 100.0
    }

    #[test]
    fn recovers_the_price_law_of_clean_comparables() {
        let all = market("logan", 60);
        let e = estimate(&subject("logan", 2021, 80_000), &all, NOW, None).unwrap();
        let truth = law(2021, 80_000);
        assert!((dh(e.ad_value) - truth).abs() / truth < 0.02, "ad value {} vs {truth}", dh(e.ad_value));
        assert!((dh(e.reference_value) - truth).abs() / truth < 0.03);
        assert!(dh(e.low) < truth && truth < dh(e.high));
        assert_eq!(e.scope, Scope::Model);
        assert_eq!(e.sample_size, 60);
        assert_eq!(e.confidence, 5, "60 listings, residuals about 2.5 %");
        assert!(e.residual_sd < 0.04);
    }

    #[test]
    fn transaction_value_is_the_ad_value_less_the_margin() {
        let e = estimate(&subject("logan", 2020, 90_000), &market("logan", 60), NOW, None).unwrap();
        let expected = dh(e.ad_value) * (1.0 - NEGOTIATION_MARGIN_BP as f64 / 10_000.0);
        assert!((dh(e.transaction_value) - expected).abs() <= 1000.0);
        assert!(e.transaction_value < e.ad_value);
        assert_eq!(e.negotiation_margin_bp, 800);
    }

    #[test]
    fn outliers_are_trimmed_and_do_not_move_the_estimate() {
        let mut all = market("logan", 60);
        // Five absurd asking prices (a typo with an extra zero, a price per day).
        for (k, factor) in [10.0, 10.0, 0.05, 0.05, 8.0].into_iter().enumerate() {
            all.push(comparable(100 + k as i64, "logan", 2021, 75_000, factor));
        }
        let e = estimate(&subject("logan", 2021, 80_000), &all, NOW, None).unwrap();
        let truth = law(2021, 80_000);
        assert_eq!(e.sample_size, 60, "the five outliers are dropped");
        assert!((dh(e.ad_value) - truth).abs() / truth < 0.02);
    }

    #[test]
    fn too_few_of_the_model_falls_back_on_the_brand_with_lower_confidence() {
        let mut all = market("sandero", 50);
        all.extend(market("logan", 3));
        let e = estimate(&subject("logan", 2021, 80_000), &all, NOW, None).unwrap();
        assert_eq!(e.scope, Scope::Brand);
        assert!(e.confidence <= 3);
        // Ten years apart, the brand's listings are still read on the wide window.
        let far: Vec<Comparable> = market("sandero", 50).into_iter().filter(|c| c.year <= NOW - 5).collect();
        let e = estimate(&subject("logan", NOW - 14, 200_000), &far, NOW, None).unwrap();
        assert_eq!((e.scope, e.confidence <= 2), (Scope::BrandWide, true));
    }

    #[test]
    fn too_few_comparables_could_not_evaluate() {
        let all = market("logan", 5);
        let err = estimate(&subject("logan", 2021, 80_000), &all, NOW, None).unwrap_err();
        assert_eq!(err.code, ErrorCode::ValuationNotPossible);
        // Listings too far in years do not count.
        let old = market("logan", 60);
        let err = estimate(&subject("logan", 1990, 300_000), &old, NOW, None).unwrap_err();
        assert_eq!(err.code, ErrorCode::ValuationNotPossible);
    }

    #[test]
    fn rotation_delay_is_the_median_days_online_and_sets_attractiveness() {
        let mut all = market("logan", 9);
        for (i, c) in all.iter_mut().enumerate() {
            c.days_active = [3.0, 5.0, 8.0, 10.0, 12.0, 40.0, 50.0, 60.0, 90.0][i];
        }
        let e = estimate(&subject("logan", 2022, 60_000), &all, NOW, Some(Money::from_dirhams(180_000))).unwrap();
        assert_eq!(e.rotation_days, 12);
        assert_eq!(e.attractiveness, 5);
        assert_eq!(e.new_car_price, Some(Money::from_dirhams(180_000)));
        assert_eq!(attractiveness(70), 1);
    }

    #[test]
    fn confidence_follows_sample_size_and_fit() {
        assert_eq!(confidence(60, 0.05, Scope::Model), 5);
        assert_eq!(confidence(60, 0.30, Scope::Model), 1);
        assert_eq!(confidence(12, 0.05, Scope::Model), 2);
        assert_eq!(confidence(60, 0.05, Scope::Brand), 3);
        assert_eq!(confidence(60, 0.05, Scope::BrandWide), 2);
        // Noisier comparables: lower confidence than clean ones.
        let clean = estimate(&subject("logan", 2021, 80_000), &market("logan", 60), NOW, None).unwrap();
        let noisy: Vec<Comparable> = market("logan", 60)
            .into_iter()
            .enumerate()
            .map(|(i, mut c)| {
                c.price_centimes = (c.price_centimes as f64 * [0.8, 1.0, 1.2][i % 3]) as i64;
                c
            })
            .collect();
        let noisy = estimate(&subject("logan", 2021, 80_000), &noisy, NOW, None).unwrap();
        assert!(noisy.confidence < clean.confidence);
        assert!(dh(noisy.high) - dh(noisy.low) > dh(clean.high) - dh(clean.low));
    }

    #[test]
    fn one_model_year_only_still_fits_on_mileage() {
        let all: Vec<Comparable> = (0..12).map(|i| comparable(i, "logan", 2022, 20_000 + i * 5_000, 1.0)).collect();
        let e = estimate(&subject("logan", 2022, 50_000), &all, NOW, None).unwrap();
        let truth = law(2022, 50_000);
        assert!((dh(e.ad_value) - truth).abs() / truth < 0.01);
    }

    fn cars() -> CarCatalogue {
        CarCatalogue {
            fuels: vec![CarOption { key: "diesel".into(), label: Localized::new("Diesel", "ديزل") }],
            gearboxes: vec![CarOption { key: "manuelle".into(), label: Localized::new("Manuelle", "يدوية") }],
            brands: vec![CarBrand {
                id: 1,
                name: "Dacia".into(),
                slug: "dacia".into(),
                models: vec![CarModel {
                    id: 1,
                    name: "Logan".into(),
                    slug: "logan".into(),
                    year_from: 2005,
                    year_to: None,
                    fuels: vec!["diesel".into()],
                    gearboxes: vec!["manuelle".into()],
                }],
            }],
        }
    }

    fn form() -> ValuationForm {
        ValuationForm {
            brand: "dacia".into(),
            model: "logan".into(),
            fuel: "diesel".into(),
            gearbox: "manuelle".into(),
            year: Some(2020),
            phase: Some("phase_2".into()),
            version: "1.5 dCi Lauréate".into(),
            real_power: Some(90),
            fiscal_power: Some(6),
            origin: "ww_au_maroc".into(),
            mileage: Some(90_000),
            mechanical_condition: None,
            body_condition: Some("good".into()),
            warning_lights: None,
            reason: "sell".into(),
            contact_name: "Amina Benali".into(),
            phone: "06 12 34 56 78".into(),
            email: " Amina@Example.ma ".into(),
            terms_accepted: true,
        }
    }

    #[test]
    fn a_complete_request_is_checked_and_normalised() {
        let c = check_valuation_request(&form(), &cars(), NOW).unwrap();
        assert_eq!(c.phone, "0612345678");
        assert_eq!(c.email, "amina@example.ma");
        assert_eq!(c.body_condition.as_deref(), Some("good"));
        assert_eq!(c.mechanical_condition, None);
    }

    #[test]
    fn every_rule_of_spec_5_has_its_code() {
        type Case = (fn(&mut ValuationForm), ErrorCode, &'static str);
        let cases: Vec<Case> = vec![
            (|f| f.brand.clear(), ErrorCode::Required, "brand"),
            (|f| f.brand = "tesla".into(), ErrorCode::InvalidArgument, "brand"),
            (|f| f.model = "duster".into(), ErrorCode::InvalidArgument, "model"),
            (|f| f.fuel.clear(), ErrorCode::Required, "fuel"),
            (|f| f.gearbox = "cvt".into(), ErrorCode::InvalidArgument, "gearbox"),
            (|f| f.year = None, ErrorCode::Required, "year"),
            (|f| f.year = Some(2040), ErrorCode::InvalidArgument, "year"),
            (|f| f.phase = Some("phase_9".into()), ErrorCode::InvalidArgument, "phase"),
            (|f| f.version = "  ".into(), ErrorCode::Required, "version"),
            (|f| f.real_power = None, ErrorCode::Required, "realPower"),
            (|f| f.fiscal_power = Some(0), ErrorCode::InvalidArgument, "fiscalPower"),
            (|f| f.origin.clear(), ErrorCode::Required, "origin"),
            (|f| f.mileage = Some(-1), ErrorCode::InvalidArgument, "mileage"),
            (|f| f.body_condition = Some("broken".into()), ErrorCode::InvalidArgument, "bodyCondition"),
            (|f| f.reason.clear(), ErrorCode::Required, "reason"),
            (|f| f.contact_name.clear(), ErrorCode::Required, "contactName"),
            (|f| f.contact_name = "A".into(), ErrorCode::InvalidName, ""),
            (|f| f.phone = "0112".into(), ErrorCode::InvalidPhone, ""),
            (|f| f.email = "amina@".into(), ErrorCode::InvalidEmail, ""),
            (|f| f.terms_accepted = false, ErrorCode::ValuationTermsRequired, "terms"),
        ];
        for (change, code, field) in cases {
            let mut f = form();
            change(&mut f);
            let err = check_valuation_request(&f, &cars(), NOW).unwrap_err();
            assert_eq!(err.code, code, "{field}");
            if !field.is_empty() {
                assert_eq!(err.detail.as_deref(), Some(field));
            }
        }
    }
}
