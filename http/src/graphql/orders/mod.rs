//! GraphQL operations of orders (spec §7; docs/api.md "Seller centre, checkout and sale
//! orders"): buyer side `getMyPurchaseOrders`, `getCheckout` and `placeOrder`; seller side
//! `getMySaleOrders`, `getMySaleOrdersCounts`, the workflow actions (`prepareOrder`,
//! `cancelOrder`, `deleteOrder`, `shipOrder`, `deliverOrder`, `returnOrder`), the seller banner
//! and payments; home-delivery requests. Each resolver reads the caller, makes one
//! orders-service call and maps the result.
//!
//! Split by concern: `types.rs` (the GraphQL types), `mapping.rs` (service values to types),
//! and here the resolvers.

mod mapping;
mod types;

use super::ads::StatusCount;
use super::payments::amount;
use super::request::req;
use async_graphql::{Context, Object, Result};
use mapping::*;
use souk_domain::orders::{DeliveryDetails, OrderAction, seller_payment_status};
use souk_domain::time::rfc3339;
use souk_services::media::photo_path;
use souk_services::orders::{CheckoutForm, DeliveryRequestForm, PurchaseOrdersRequest};
pub use types::*;

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

    /// The seller centre's orders: the caller's sales, newest first (`ECOMMERCE_ROLE_REQUIRED`
    /// without the role, `INVALID_ORDER_STATUS` / `INVALID_ARGUMENT` for a bad status or page).
    async fn get_my_sale_orders(&self, ctx: &Context<'_>, query: SaleOrdersQuery) -> Result<SaleOrdersPage> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let (filters, page) = (query.filters.unwrap_or_default(), query.page.unwrap_or_default());
        let request = PurchaseOrdersRequest { status: filters.status, page_number: page.number, page_size: page.size };
        let (orders, count) = r.state.orders.my_sale_orders(&caller, &request).await.map_err(|e| r.err(e))?;
        Ok(SaleOrdersPage { orders: orders.into_iter().map(|o| sale_order(o, r.state)).collect(), count })
    }

    /// How many sale orders each seller status has.
    async fn get_my_sale_orders_counts(&self, ctx: &Context<'_>) -> Result<SaleOrdersCounts> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let counts = r.state.orders.my_sale_counts(&caller).await.map_err(|e| r.err(e))?;
        Ok(SaleOrdersCounts {
            counts_by_status: counts
                .into_iter()
                .map(|(s, count)| StatusCount { status: s.seller_word().into(), count })
                .collect(),
        })
    }

    /// The checkout page: the product an ad carries, the amounts for `quantity` and the
    /// caller's remembered delivery details (`LOGIN_REQUIRED` for a visitor).
    async fn get_checkout(&self, ctx: &Context<'_>, list_id: i64, quantity: Option<i64>) -> Result<CheckoutQuote> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let q = r.state.orders.checkout_quote(&caller, list_id, quantity).await.map_err(|e| r.err(e))?;
        let p = q.product;
        Ok(CheckoutQuote {
            max_quantity: p.units.min(souk_domain::orders::MAX_ORDER_QUANTITY),
            product: CheckoutProduct {
                thumbnail: p.images.first().map(|k| photo_path(r.state.media.as_ref(), k, "thumb")),
                id: p.product_id,
                list_id: p.list_id,
                name: p.name,
                seller_name: q.seller_name,
                units: p.units,
                status: p.status.as_str().into(),
            },
            quantity: q.quantity,
            unit_price: amount(q.amounts.unit_price),
            discount: amount(q.amounts.discount),
            subtotal: amount(q.amounts.subtotal),
            delivery_fee: amount(q.amounts.delivery_fee),
            total: amount(q.amounts.total),
            payment_methods: vec!["cod".into()],
            saved_details: q.saved_details.map(CheckoutDetails::from),
        })
    }

    /// The seller banner.
    async fn get_my_seller_summary(&self, ctx: &Context<'_>) -> Result<SellerSummaryNode> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let s = r.state.orders.seller_summary(&caller).await.map_err(|e| r.err(e))?;
        Ok(SellerSummaryNode {
            points: s.points,
            orders_count: s.orders,
            items_count: s.items,
            due: amount(s.sums.due),
            unpaid: amount(s.sums.unpaid),
            next_transfer_date: date_only(s.next_transfer),
            commission_percent: s.commission_percent,
        })
    }

    /// The seller's payments: each order with its commission and net, newest first.
    async fn get_my_seller_payments(
        &self,
        ctx: &Context<'_>,
        page: Option<i64>,
        size: Option<i64>,
    ) -> Result<SellerPaymentsPage> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let (orders, count, sums, next) =
            r.state.orders.seller_payments(&caller, page, size).await.map_err(|e| r.err(e))?;
        let now = souk_services::ads::service::now();
        let payments = orders
            .into_iter()
            .map(|o| {
                let goods = o.total.centimes() - o.checkout.delivery_fee.centimes();
                SellerPayment {
                    net: amount(souk_domain::Money(goods - o.checkout.commission.centimes())),
                    payment_status: seller_payment_status(o.status, o.checkout.delivered_at, now).as_str().into(),
                    date: rfc3339(o.created_at),
                    order_id: o.order_id,
                    product_name: o.product_name,
                    total: amount(o.total),
                    commission: amount(o.checkout.commission),
                }
            })
            .collect();
        Ok(SellerPaymentsPage {
            payments,
            count,
            due: amount(sums.due),
            unpaid: amount(sums.unpaid),
            next_transfer_date: date_only(next),
        })
    }

    /// The home-delivery requests on the caller's ads, newest first.
    async fn get_my_delivery_requests(&self, ctx: &Context<'_>) -> Result<Vec<DeliveryRequestNode>> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let list = r.state.orders.my_delivery_requests(&caller).await.map_err(|e| r.err(e))?;
        Ok(list.into_iter().map(|d| delivery_node(d, r.state)).collect())
    }

    /// Admins: the delivery callbacks still due, soonest first.
    async fn get_delivery_callbacks(&self, ctx: &Context<'_>) -> Result<Vec<DeliveryRequestNode>> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let list = r.state.orders.delivery_callbacks(&caller).await.map_err(|e| r.err(e))?;
        Ok(list.into_iter().map(|d| delivery_node(d, r.state)).collect())
    }
}

#[derive(Default)]
pub struct OrderMutation;

impl OrderMutation {
    async fn act(ctx: &Context<'_>, id: String, action: OrderAction) -> Result<OrderUpdate> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let (o, deleted) = r.state.orders.act(&caller, &id, action).await.map_err(|e| r.err(e))?;
        Ok(OrderUpdate {
            id: o.order_id,
            status: o.status.seller_word().into(),
            buyer_status: o.status.buyer_word().into(),
            deleted,
        })
    }
}

#[Object]
impl OrderMutation {
    /// Cash-on-delivery checkout: reserves the units and stores the order; the same
    /// `orderKey` answers the same order.
    async fn place_order(&self, ctx: &Context<'_>, input: PlaceOrderInput) -> Result<SaleOrder> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let d = input.delivery;
        let form = CheckoutForm {
            order_key: input.order_key,
            list_id: input.list_id,
            quantity: input.quantity,
            payment_method: input.payment_method,
            delivery: DeliveryDetails {
                full_name: d.full_name,
                email: d.email,
                phone: d.phone,
                address: d.address,
                city_id: d.city_id,
            },
            remember: input.remember_details.unwrap_or(false),
        };
        let order = r.state.orders.place_order(&caller, form).await.map_err(|e| r.err(e))?;
        Ok(sale_order(order, r.state))
    }

    /// PENDING → READY.
    async fn prepare_order(&self, ctx: &Context<'_>, id: String) -> Result<OrderUpdate> {
        Self::act(ctx, id, OrderAction::Prepare).await
    }

    /// PENDING or READY → CANCELLED (the seller; the buyer of a PENDING order).
    async fn cancel_order(&self, ctx: &Context<'_>, id: String) -> Result<OrderUpdate> {
        Self::act(ctx, id, OrderAction::Cancel).await
    }

    /// Removes a PENDING order.
    async fn delete_order(&self, ctx: &Context<'_>, id: String) -> Result<OrderUpdate> {
        Self::act(ctx, id, OrderAction::Delete).await
    }

    /// READY → DELIVERING.
    async fn ship_order(&self, ctx: &Context<'_>, id: String) -> Result<OrderUpdate> {
        Self::act(ctx, id, OrderAction::Ship).await
    }

    /// DELIVERING → DELIVERED.
    async fn deliver_order(&self, ctx: &Context<'_>, id: String) -> Result<OrderUpdate> {
        Self::act(ctx, id, OrderAction::Deliver).await
    }

    /// DELIVERING → RETURNED (the units go back into stock).
    async fn return_order(&self, ctx: &Context<'_>, id: String) -> Result<OrderUpdate> {
        Self::act(ctx, id, OrderAction::Return).await
    }

    /// A home-delivery request from the ad view (visitors too).
    async fn request_delivery(&self, ctx: &Context<'_>, input: DeliveryRequestInput) -> Result<DeliveryRequestNode> {
        let r = req(ctx);
        let caller = r.optional_caller().await?;
        let form = DeliveryRequestForm {
            list_id: input.list_id,
            first_name: input.first_name,
            email: input.email,
            phone: input.phone,
            city_id: input.city_id,
            area_id: input.area_id,
            address: input.address,
        };
        let d = r.state.orders.request_delivery(caller.as_ref(), form).await.map_err(|e| r.err(e))?;
        Ok(delivery_node(d, r.state))
    }
}
