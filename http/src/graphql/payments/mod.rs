//! GraphQL operations of payments (spec §2 checkout and payment steps, §3, §9; docs/payments.md):
//! the insertion fee of one of my ads (`getMyAdInsertionFee`, `orderAdPayment`), the boost offer
//! and ordering a pack (`getVasPacks`, `orderVasPack`), my balances and their ledger
//! (`getMyBalances`, `getMyBalanceEntries`), my payment orders (`getMyPaymentOrder`,
//! `getMyPaymentOrders`) and the admins' confirmation of a paid code (`confirmPaymentCode`).
//! Each resolver reads the caller, makes one payment-service call and maps the result; amounts
//! leave as centimes with their DH wording.
//!
//! Split by concern: `types.rs` (the GraphQL types), `mapping.rs` (service values to types),
//! and here the resolvers.

mod mapping;
mod types;

use super::request::req;
use async_graphql::{Context, Object, Result};
use mapping::*;
pub(crate) use mapping::{amount, order_node};
use souk_services::payments::VasPackOrderInput;
pub use types::*;

#[derive(Default)]
pub struct PaymentQuery;

#[Object]
impl PaymentQuery {
    /// The insertion fee of one of my ads, each checkout method's extra fee and total, and its
    /// open order (`AD_NOT_FOUND` for another account's ad, `LOGIN_REQUIRED` for a visitor).
    async fn get_my_ad_insertion_fee(&self, ctx: &Context<'_>, ad_id: String) -> Result<AdInsertionFee> {
        let r = req(ctx);
        let caller = r.caller().await?;
        r.state.payments.insertion_fee(&caller, &ad_id).await.map(|f| fee_node(&r, f)).map_err(|e| r.err(e))
    }

    /// The boost page of one of my ads: every pack with its price for me, the methods, the
    /// start slots and my balances (`AD_NOT_FOUND` for another account's ad).
    async fn get_vas_packs(&self, ctx: &Context<'_>, ad_id: String) -> Result<VasPackCatalogNode> {
        let r = req(ctx);
        let caller = r.caller().await?;
        r.state.payments.vas_packs(&caller, &ad_id).await.map(catalog_node).map_err(|e| r.err(e))
    }

    /// My points and token balances, as their ledgers sum them.
    async fn get_my_balances(&self, ctx: &Context<'_>) -> Result<BalancesNode> {
        let r = req(ctx);
        let caller = r.caller().await?;
        r.state.payments.my_balances(&caller).await.map(balances_node).map_err(|e| r.err(e))
    }

    /// One page of a balance's ledger (`points` or `tokens`), newest first.
    async fn get_my_balance_entries(
        &self,
        ctx: &Context<'_>,
        balance: String,
        page: Option<i64>,
        size: Option<i64>,
    ) -> Result<BalanceEntriesPage> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let (entries, count) =
            r.state.payments.my_entries(&caller, &balance, page, size).await.map_err(|e| r.err(e))?;
        Ok(BalanceEntriesPage { entries: entries.into_iter().map(entry_node).collect(), count })
    }

    /// One of my payment orders as it stands (`NO_ORDER_IS_UPDATED` for another's).
    async fn get_my_payment_order(&self, ctx: &Context<'_>, id: String) -> Result<PaymentOrderNode> {
        let r = req(ctx);
        let caller = r.caller().await?;
        r.state.payments.my_order(&caller, &id).await.map(|o| order_node(&r, o)).map_err(|e| r.err(e))
    }

    /// My payment orders, newest first (`page` from 1, `size` 1 to 50, default 10).
    async fn get_my_payment_orders(
        &self,
        ctx: &Context<'_>,
        page: Option<i64>,
        size: Option<i64>,
    ) -> Result<PaymentOrdersPage> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let (orders, count) = r.state.payments.my_orders(&caller, page, size).await.map_err(|e| r.err(e))?;
        Ok(PaymentOrdersPage { orders: orders.into_iter().map(|o| order_node(&r, o)).collect(), count })
    }
}

#[derive(Default)]
pub struct PaymentMutation;

#[Object]
impl PaymentMutation {
    /// The payment of the insertion fee of my ad waiting for payment: by card (`cc`, the
    /// order's `redirectUrl`) or a code for an agency (`fatourati`, `cashPlus`, `tasshilat`);
    /// the ad's open order while it is valid.
    async fn order_ad_payment(&self, ctx: &Context<'_>, ad_id: String, method: String) -> Result<PaymentOrderNode> {
        let r = req(ctx);
        let caller = r.caller().await?;
        r.state.payments.order_payment(&caller, &ad_id, &method).await.map(|o| order_node(&r, o)).map_err(|e| r.err(e))
    }

    /// A boost pack for my ad, starting in the chosen slot: paid at once from a balance
    /// (`points`, `avitoken`), else pending until the card provider or the agency confirms it.
    async fn order_vas_pack(&self, ctx: &Context<'_>, input: VasPackOrderInputNode) -> Result<PaymentOrderNode> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let input = VasPackOrderInput {
            ad_id: input.ad_id,
            pack_id: input.pack_id,
            slot_date: input.slot_date,
            slot_part: input.slot_part,
            method: input.method,
        };
        r.state.payments.order_pack(&caller, input).await.map(|o| order_node(&r, o)).map_err(|e| r.err(e))
    }

    /// Admins: the agency's confirmation that a code was paid; publishes its ad once.
    async fn confirm_payment_code(&self, ctx: &Context<'_>, code: String) -> Result<PaymentConfirmation> {
        let r = req(ctx);
        let caller = r.caller().await?;
        r.state.payments.confirm_code(&caller, &code).await.map(|c| confirmation(&r, c)).map_err(|e| r.err(e))
    }
}
