//! GraphQL operations of the car valuation (issue 25, docs/valuation.md): `getValuationRules`
//! for anyone (the steps' choices and the per-user limit, all the server's); `requestValuation`,
//! `resendValuationEmail`, `getMyValuations` and `getValuation` for the signed-in account that
//! owns the valuation. Each resolver reads the caller, makes one valuation-service call and maps
//! the result.

use super::payments::{Amount, amount};
use super::request::req;
use async_graphql::{Context, InputObject, Object, Result, SimpleObject};
use souk_domain::time::rfc3339;
use souk_domain::valuation::{self as rules, ValuationForm};
use souk_services::valuation::Valuation;

/// What the steps offer and check, from the server: the choices' keys (the client words them),
/// the ranges, and the per-user limit.
#[derive(SimpleObject)]
pub struct ValuationRulesNode {
    pub phases: Vec<String>,
    pub origins: Vec<String>,
    pub conditions: Vec<String>,
    pub warning_lights: Vec<String>,
    pub reasons: Vec<String>,
    pub year_min: i64,
    pub year_max: i64,
    pub real_power_min: i64,
    pub real_power_max: i64,
    pub fiscal_power_min: i64,
    pub fiscal_power_max: i64,
    pub mileage_max: i64,
    pub version_max_chars: u32,
    /// At most this many valuations per account within `window_days` (spec §6).
    pub limit_per_account: u32,
    pub window_days: u32,
    pub validity_days: u32,
}

/// A valuation request (spec §3 valuation input); numbers may be left out, the server answers
/// `REQUIRED`.
#[derive(InputObject)]
pub struct ValuationInput {
    pub brand: String,
    pub model: String,
    pub fuel: String,
    pub gearbox: String,
    pub year: Option<i64>,
    /// Optional.
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

/// Spec §3 valuation output.
#[derive(SimpleObject)]
pub struct ValuationEstimateNode {
    pub low: Amount,
    pub high: Amount,
    pub reference_value: Amount,
    pub ad_value: Amount,
    pub transaction_value: Amount,
    /// The negotiation margin in basis points (800 = 8 %).
    pub negotiation_margin_basis_points: i64,
    /// Median days online of the comparable listings.
    pub rotation_days: u32,
    /// 1 (slow to sell) to 5.
    pub attractiveness: u32,
    pub new_car_price: Option<Amount>,
    /// 1 to 5.
    pub confidence: u32,
    /// `model` or `brand`: which listings it came from.
    pub scope: String,
    pub sample_size: u32,
}

/// One valuation: the car asked about, the contact, and the estimate.
#[derive(SimpleObject)]
pub struct ValuationNode {
    pub id: String,
    pub brand: String,
    pub model: String,
    pub fuel: String,
    pub gearbox: String,
    pub year: i64,
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
    pub estimate: ValuationEstimateNode,
    pub created_at: String,
    /// Spec §3 expiry date.
    pub expires_at: String,
    pub emails_sent: u32,
}

fn node(v: Valuation) -> ValuationNode {
    let r = v.request;
    let e = v.estimate;
    ValuationNode {
        id: v.id,
        brand: r.brand,
        model: r.model,
        fuel: r.fuel,
        gearbox: r.gearbox,
        year: r.year,
        phase: r.phase,
        version: r.version,
        real_power: r.real_power,
        fiscal_power: r.fiscal_power,
        origin: r.origin,
        mileage: r.mileage,
        mechanical_condition: r.mechanical_condition,
        body_condition: r.body_condition,
        warning_lights: r.warning_lights,
        reason: r.reason,
        contact_name: r.contact_name,
        phone: r.phone,
        email: r.email,
        estimate: ValuationEstimateNode {
            low: amount(e.low),
            high: amount(e.high),
            reference_value: amount(e.reference_value),
            ad_value: amount(e.ad_value),
            transaction_value: amount(e.transaction_value),
            negotiation_margin_basis_points: e.negotiation_margin_bp,
            rotation_days: e.rotation_days,
            attractiveness: u32::from(e.attractiveness),
            new_car_price: e.new_car_price.map(amount),
            confidence: u32::from(e.confidence),
            scope: e.scope.key().into(),
            sample_size: e.sample_size as u32,
        },
        created_at: rfc3339(v.created_at),
        expires_at: rfc3339(v.expires_at),
        emails_sent: v.emails_sent,
    }
}

fn keys(list: &[&str]) -> Vec<String> {
    list.iter().map(|k| k.to_string()).collect()
}

#[derive(Default)]
pub struct ValuationQuery;

#[Object]
impl ValuationQuery {
    /// The steps' choices and ranges and the per-user limit.
    async fn get_valuation_rules(&self, ctx: &Context<'_>) -> Result<ValuationRulesNode> {
        let r = req(ctx);
        let s = r.state.valuation.settings();
        Ok(ValuationRulesNode {
            phases: keys(&rules::PHASES),
            origins: keys(&rules::ORIGINS),
            conditions: keys(&rules::CONDITIONS),
            warning_lights: keys(&rules::WARNING_LIGHTS),
            reasons: keys(&rules::REASONS),
            year_min: rules::YEAR_MIN,
            year_max: r.state.valuation.year_max(),
            real_power_min: rules::REAL_POWER_MIN,
            real_power_max: rules::REAL_POWER_MAX,
            fiscal_power_min: rules::FISCAL_POWER_MIN,
            fiscal_power_max: rules::FISCAL_POWER_MAX,
            mileage_max: rules::MILEAGE_MAX,
            version_max_chars: rules::VERSION_MAX_CHARS as u32,
            limit_per_account: s.limit_per_account,
            window_days: s.window_days,
            validity_days: s.validity_days,
        })
    }

    /// The caller's valuations, newest first ("my estimations").
    async fn get_my_valuations(&self, ctx: &Context<'_>) -> Result<Vec<ValuationNode>> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let list = r.state.valuation.my_valuations(&caller).await.map_err(|e| r.err(e))?;
        Ok(list.into_iter().map(node).collect())
    }

    /// One valuation, for its account only.
    async fn get_valuation(&self, ctx: &Context<'_>, id: String) -> Result<ValuationNode> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let one = r.state.valuation.valuation(&caller, &id).await.map_err(|e| r.err(e))?;
        Ok(node(one))
    }
}

#[derive(Default)]
pub struct ValuationMutation;

#[Object]
impl ValuationMutation {
    /// A car valuation (signed in): stored with its estimate and e-mailed to the request's address.
    async fn request_valuation(&self, ctx: &Context<'_>, input: ValuationInput) -> Result<ValuationNode> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let form = ValuationForm {
            brand: input.brand,
            model: input.model,
            fuel: input.fuel,
            gearbox: input.gearbox,
            year: input.year,
            phase: input.phase,
            version: input.version,
            real_power: input.real_power,
            fiscal_power: input.fiscal_power,
            origin: input.origin,
            mileage: input.mileage,
            mechanical_condition: input.mechanical_condition,
            body_condition: input.body_condition,
            warning_lights: input.warning_lights,
            reason: input.reason,
            contact_name: input.contact_name,
            phone: input.phone,
            email: input.email,
            terms_accepted: input.terms_accepted,
        };
        let saved = r.state.valuation.request_valuation(&caller, r.lang, form).await.map_err(|e| r.err(e))?;
        Ok(node(saved))
    }

    /// The estimate of one of the caller's valuations, e-mailed again.
    async fn resend_valuation_email(&self, ctx: &Context<'_>, id: String) -> Result<ValuationNode> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let one = r.state.valuation.resend_email(&caller, r.lang, &id).await.map_err(|e| r.err(e))?;
        Ok(node(one))
    }
}
