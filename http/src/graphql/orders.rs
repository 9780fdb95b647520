//! GraphQL operations of orders, buyer side (spec §7): `getMyPurchaseOrders(query)` — the
//! signed-in caller's own purchase orders for the "my orders" tab, one status or all, paged.

use super::ads::image_node;
use super::request::req;
use async_graphql::{Context, InputObject, Object, Result, SimpleObject};
use souk_domain::time::rfc3339;
use souk_services::orders::PurchaseOrdersRequest;
use souk_storage::orders::Order;

/// `filters` of "my orders".
#[derive(InputObject, Default)]
pub struct PurchaseOrdersFilters {
    /// initiated, preparing, delivering, delivered, cancelled (`canceled` too); none: every order.
    pub status: Option<String>,
}

/// `page` of "my orders": `number` from 1 (default 1), `size` 1 to 50 (default 10).
#[derive(InputObject, Default)]
pub struct PurchaseOrdersPageInput {
    pub number: Option<i64>,
    pub size: Option<i64>,
}

/// `query` of `getMyPurchaseOrders`, as the client sends it: `{ filters { status }, page { number size } }`.
#[derive(InputObject)]
pub struct PurchaseOrdersQuery {
    pub filters: Option<PurchaseOrdersFilters>,
    pub page: Option<PurchaseOrdersPageInput>,
}

/// Spec §3 sale order `product`: what was bought, as it was when ordered.
#[derive(SimpleObject)]
pub struct OrderProduct {
    pub sku: Option<String>,
    pub list_id: Option<i64>,
    pub name: String,
    /// The cover photo's thumbnail path.
    pub thumbnail: Option<String>,
}

/// Spec §3 purchase order.
#[derive(SimpleObject)]
pub struct PurchaseOrder {
    pub id: String,
    pub product: OrderProduct,
    pub units_sold: u32,
    /// With its currency, as ads' `price.withCurrency`: `1 250 DH`.
    pub total: String,
    /// The buyer-side word: initiated, preparing, delivering, delivered, cancelled, returned.
    pub status: String,
    /// When it was ordered, ISO 8601 UTC.
    pub date: String,
    /// `cod` (cash on delivery) or `cc`.
    pub payment_method: String,
}

/// One page of "my orders" and how many orders the status has.
#[derive(SimpleObject)]
pub struct PurchaseOrdersPage {
    pub orders: Vec<PurchaseOrder>,
    pub count: u64,
}

fn purchase_order(o: Order, state: &crate::state::AppState) -> PurchaseOrder {
    PurchaseOrder {
        id: o.order_id,
        product: OrderProduct {
            sku: o.sku,
            list_id: o.list_id,
            name: o.product_name,
            thumbnail: o.thumbnail.as_deref().map(|k| image_node(state, k).thumb),
        },
        units_sold: o.units,
        total: o.total.with_currency(),
        status: o.status.buyer_word().into(),
        date: rfc3339(o.created_at),
        payment_method: o.payment_method.as_str().into(),
    }
}

#[derive(Default)]
pub struct OrderQuery;

#[Object]
impl OrderQuery {
    /// "My orders": the caller's own purchase orders, newest first (`LOGIN_REQUIRED` for a
    /// visitor, `INVALID_ORDER_STATUS` / `INVALID_ARGUMENT` for a bad status or page).
    async fn get_my_purchase_orders(
        &self,
        ctx: &Context<'_>,
        query: PurchaseOrdersQuery,
    ) -> Result<PurchaseOrdersPage> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let (filters, page) = (query.filters.unwrap_or_default(), query.page.unwrap_or_default());
        let request = PurchaseOrdersRequest { status: filters.status, page_number: page.number, page_size: page.size };
        let (orders, count) = r.state.orders.my_purchase_orders(&caller, &request).await.map_err(|e| r.err(e))?;
        Ok(PurchaseOrdersPage { orders: orders.into_iter().map(|o| purchase_order(o, r.state)).collect(), count })
    }
}
