//! GraphQL operations of the loan simulator and pre-approved credit requests (issue 25,
//! docs/credit.md): `getLoanOffer` (null for an ad without a simulator) and `simulateLoan` for
//! anyone on an ad's view;
//! `submitCreditRequest`, `getMyCreditRequests` and `getCreditRequest` for the signed-in
//! requester; `getCreditRequests` for admins. Each resolver reads the caller, makes one
//! credit-service call and maps the result.

use super::payments::{Amount, amount};
use super::request::req;
use async_graphql::{Context, Enum, InputObject, Object, Result, SimpleObject};
use souk_domain::loan::{self, BorrowerProfile, CreditRequestForm, FinancingType};
use souk_domain::money::Money;
use souk_domain::time::rfc3339;
use souk_services::credit::{CreditRequestInput as ServiceInput, LoanOffer};
use souk_storage::credit::CreditRequest;

/// Spec §3 financing type.
#[derive(Enum, Copy, Clone, Eq, PartialEq)]
#[graphql(remote = "FinancingType")]
pub enum FinancingTypeEnum {
    Classic,
    Participative,
}

/// Spec §3 borrower profile.
#[derive(Enum, Copy, Clone, Eq, PartialEq)]
#[graphql(remote = "BorrowerProfile")]
pub enum BorrowerProfileEnum {
    PrivateEmployee,
    CivilServant,
    SelfEmployed,
    Retired,
    MoroccanAbroad,
}

/// What the ad view's simulator starts from: the ad's price and its group's terms.
#[derive(SimpleObject)]
pub struct LoanOfferNode {
    pub list_id: i64,
    /// `vehicles` or `realEstate`.
    pub category_group: String,
    pub price: Amount,
    /// The annual rate in basis points (650 = 6.50 %).
    pub rate_basis_points: u32,
    /// The durations offered, in months, ascending.
    pub durations: Vec<u32>,
    pub default_months: u32,
    /// Whole DH.
    pub default_down_payment: i64,
    pub credit_age_min: u32,
    pub credit_age_max: u32,
    pub profession_max_chars: u32,
    pub financing_types: Vec<FinancingTypeEnum>,
    pub borrower_profiles: Vec<BorrowerProfileEnum>,
}

fn offer_node(o: LoanOffer) -> LoanOfferNode {
    let price_dh = o.price.centimes() / 100;
    LoanOfferNode {
        list_id: o.list_id,
        category_group: o.group.as_str().into(),
        price: amount(o.price),
        rate_basis_points: o.terms.rate_bp,
        durations: o.terms.durations,
        default_months: o.terms.default_months,
        default_down_payment: price_dh * i64::from(o.terms.default_down_payment_percent) / 100,
        credit_age_min: loan::CREDIT_AGE_MIN,
        credit_age_max: loan::CREDIT_AGE_MAX,
        profession_max_chars: loan::PROFESSION_MAX_CHARS as u32,
        financing_types: FinancingType::ALL.into_iter().map(Into::into).collect(),
        borrower_profiles: BorrowerProfile::ALL.into_iter().map(Into::into).collect(),
    }
}

/// One simulation (docs/credit.md: formula and rounding).
#[derive(SimpleObject)]
pub struct LoanSimulationNode {
    pub price: Amount,
    pub down_payment: Amount,
    /// The credit amount: price less down payment.
    pub principal: Amount,
    pub months: u32,
    pub rate_basis_points: u32,
    pub monthly_payment: Amount,
    pub total_repaid: Amount,
    pub total_cost: Amount,
}

/// A pre-approved credit request from the simulator: its inputs and spec §3's fields.
#[derive(InputObject)]
pub struct CreditRequestInput {
    pub list_id: i64,
    /// Whole DH.
    pub down_payment: i64,
    pub months: u32,
    pub profession: String,
    /// The credit amount, whole DH.
    pub amount: i64,
    pub financing_type: FinancingTypeEnum,
    pub age: i64,
    pub borrower_profile: BorrowerProfileEnum,
}

#[derive(SimpleObject)]
pub struct CreditRequestNode {
    pub id: String,
    pub account_id: i64,
    pub list_id: i64,
    pub ad_title: String,
    pub category_group: String,
    pub price: Amount,
    pub down_payment: Amount,
    pub amount: Amount,
    pub months: u32,
    pub rate_basis_points: u32,
    pub monthly_payment: Amount,
    pub profession: String,
    /// `classic` or `participative`.
    pub financing_type: String,
    pub age: u32,
    /// `private_employee`, `civil_servant`, `self_employed`, `retired`, `moroccan_abroad`.
    pub borrower_profile: String,
    pub created_at: String,
}

fn request_node(r: CreditRequest) -> CreditRequestNode {
    CreditRequestNode {
        id: r.request_id,
        account_id: r.account_id,
        list_id: r.list_id,
        ad_title: r.ad_title,
        category_group: r.category_group,
        price: amount(Money(r.price_centimes)),
        down_payment: amount(Money(r.down_payment_centimes)),
        amount: amount(Money(r.amount_centimes)),
        months: r.months,
        rate_basis_points: r.rate_bp,
        monthly_payment: amount(Money(r.monthly_payment_centimes)),
        profession: r.profession,
        financing_type: r.financing_type,
        age: r.age,
        borrower_profile: r.borrower_profile,
        created_at: rfc3339(r.created_at),
    }
}

/// One page of the admins' list.
#[derive(SimpleObject)]
pub struct CreditRequestPageNode {
    pub total: u64,
    pub requests: Vec<CreditRequestNode>,
}

/// Whole DH to centimes, saturating (a huge figure is refused by the rules, never wrapped).
fn dirhams(dh: i64) -> Money {
    Money(dh.saturating_mul(100))
}

#[derive(Default)]
pub struct CreditQuery;

#[Object]
impl CreditQuery {
    /// The loan simulator of an online vehicle or real-estate ad with a price; null for any
    /// other ad.
    async fn get_loan_offer(&self, ctx: &Context<'_>, list_id: i64) -> Result<Option<LoanOfferNode>> {
        let r = req(ctx);
        let offer = r.state.credit.loan_offer(list_id).await.map_err(|e| r.err(e))?;
        Ok(offer.map(offer_node))
    }

    /// The monthly payment of a loan on an ad: down payment in whole DH, duration in months.
    async fn simulate_loan(
        &self,
        ctx: &Context<'_>,
        list_id: i64,
        down_payment: i64,
        months: u32,
    ) -> Result<LoanSimulationNode> {
        let r = req(ctx);
        let s = r.state.credit.simulate(list_id, dirhams(down_payment), months).await.map_err(|e| r.err(e))?;
        Ok(LoanSimulationNode {
            price: amount(s.price),
            down_payment: amount(s.down_payment),
            principal: amount(s.principal),
            months: s.months,
            rate_basis_points: s.rate_bp,
            monthly_payment: amount(s.monthly_payment),
            total_repaid: amount(s.total_repaid),
            total_cost: amount(s.total_cost),
        })
    }

    /// The caller's credit requests, newest first.
    async fn get_my_credit_requests(&self, ctx: &Context<'_>) -> Result<Vec<CreditRequestNode>> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let list = r.state.credit.my_credit_requests(&caller).await.map_err(|e| r.err(e))?;
        Ok(list.into_iter().map(request_node).collect())
    }

    /// One credit request, for its requester or an admin.
    async fn get_credit_request(&self, ctx: &Context<'_>, id: String) -> Result<CreditRequestNode> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let one = r.state.credit.credit_request(&caller, &id).await.map_err(|e| r.err(e))?;
        Ok(request_node(one))
    }

    /// Admins: every credit request, newest first (`page` from 1, `size` up to 100).
    async fn get_credit_requests(
        &self,
        ctx: &Context<'_>,
        #[graphql(default = 1)] page: u32,
        #[graphql(default = 20)] size: u32,
    ) -> Result<CreditRequestPageNode> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let p = r.state.credit.credit_requests(&caller, page, size).await.map_err(|e| r.err(e))?;
        Ok(CreditRequestPageNode { total: p.total, requests: p.requests.into_iter().map(request_node).collect() })
    }
}

#[derive(Default)]
pub struct CreditMutation;

#[Object]
impl CreditMutation {
    /// A pre-approved credit request from the ad view's simulator (signed in), acknowledged by
    /// e-mail.
    async fn submit_credit_request(&self, ctx: &Context<'_>, input: CreditRequestInput) -> Result<CreditRequestNode> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let service_input = ServiceInput {
            list_id: input.list_id,
            down_payment: dirhams(input.down_payment),
            months: input.months,
            form: CreditRequestForm {
                profession: input.profession,
                amount: dirhams(input.amount),
                financing_type: input.financing_type.into(),
                age: input.age,
                borrower_profile: input.borrower_profile.into(),
            },
        };
        let saved = r.state.credit.submit_credit_request(&caller, r.lang, service_input).await.map_err(|e| r.err(e))?;
        Ok(request_node(saved))
    }
}
