//! The GraphQL types of orders: purchase and sale orders, their pages, counts, the checkout
//! quote and delivery requests, and the inputs of the queries and of the checkout.

use crate::graphql::ads::StatusCount;
use crate::graphql::payments::Amount;
use async_graphql::{InputObject, SimpleObject};
use souk_domain::orders::DeliveryDetails;

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
    /// What the caller may do: `cancel` while it is PENDING.
    pub allowed_actions: Vec<String>,
}

/// One page of "my orders" and how many orders the status has.
#[derive(SimpleObject)]
pub struct PurchaseOrdersPage {
    pub orders: Vec<PurchaseOrder>,
    pub count: u64,
}

/// The buyer of a sale order, as the checkout recorded them.
#[derive(SimpleObject)]
pub struct OrderBuyer {
    pub full_name: String,
    pub email: String,
    pub phone: String,
    pub address: String,
    pub city: Option<String>,
}

/// Spec §3 sale order, as the seller centre shows it.
#[derive(SimpleObject)]
pub struct SaleOrder {
    pub id: String,
    pub product: OrderProduct,
    pub units_sold: u32,
    /// `1 250 DH`.
    pub total: String,
    pub amount: Amount,
    /// The seller-centre word: pending, readyForDelivery, delivering, delivered, cancelled, returned.
    pub status: String,
    /// The buyer-side word of the same status.
    pub buyer_status: String,
    pub date: String,
    pub payment_method: String,
    pub commission: Amount,
    /// pending, ongoing, paid or refunded.
    pub payment_status: String,
    /// A DELIVERING order past its expected delivery.
    pub late: bool,
    pub buyer: OrderBuyer,
    /// prepare, cancel, delete (PENDING); ship, cancel (READY); deliver, return (DELIVERING).
    pub allowed_actions: Vec<String>,
}

/// `query` of `getMySaleOrders`: `{ filters { status }, page { number size } }`.
#[derive(InputObject)]
pub struct SaleOrdersQuery {
    pub filters: Option<PurchaseOrdersFilters>,
    pub page: Option<PurchaseOrdersPageInput>,
}

#[derive(SimpleObject)]
pub struct SaleOrdersPage {
    pub orders: Vec<SaleOrder>,
    pub count: u64,
}

#[derive(SimpleObject)]
pub struct SaleOrdersCounts {
    pub counts_by_status: Vec<StatusCount>,
}

/// What an order action answers: the client shows its toast only when `id` is the order it
/// acted on (spec §4).
#[derive(SimpleObject)]
pub struct OrderUpdate {
    pub id: String,
    pub status: String,
    pub buyer_status: String,
    pub deleted: bool,
}

/// Checkout delivery details (spec §3).
#[derive(SimpleObject, InputObject)]
#[graphql(input_name = "CheckoutDetailsInput")]
pub struct CheckoutDetails {
    pub full_name: String,
    pub email: String,
    pub phone: String,
    pub address: String,
    pub city_id: u32,
}

impl From<DeliveryDetails> for CheckoutDetails {
    fn from(d: DeliveryDetails) -> Self {
        CheckoutDetails {
            full_name: d.full_name,
            email: d.email,
            phone: d.phone,
            address: d.address,
            city_id: d.city_id,
        }
    }
}

#[derive(SimpleObject)]
pub struct CheckoutProduct {
    pub id: String,
    pub list_id: i64,
    pub name: String,
    pub thumbnail: Option<String>,
    pub seller_name: String,
    pub units: u32,
    pub status: String,
}

#[derive(SimpleObject)]
pub struct CheckoutQuote {
    pub product: CheckoutProduct,
    pub quantity: u32,
    pub unit_price: Amount,
    pub discount: Amount,
    pub subtotal: Amount,
    pub delivery_fee: Amount,
    pub total: Amount,
    /// The most units one order may take now (stock, at most 99).
    pub max_quantity: u32,
    pub payment_methods: Vec<String>,
    pub saved_details: Option<CheckoutDetails>,
}

#[derive(InputObject)]
pub struct PlaceOrderInput {
    /// Made by the client once per checkout and sent again on a retry: one order per key.
    pub order_key: String,
    pub list_id: i64,
    pub quantity: i64,
    /// `cod` (the default: cash on delivery).
    pub payment_method: Option<String>,
    pub delivery: CheckoutDetails,
    pub remember_details: Option<bool>,
}

#[derive(SimpleObject)]
pub struct SellerSummaryNode {
    pub points: i64,
    pub orders_count: u64,
    /// Products for sale.
    pub items_count: u64,
    pub due: Amount,
    pub unpaid: Amount,
    /// ISO date of the next Monday transfer.
    pub next_transfer_date: String,
    pub commission_percent: u32,
}

#[derive(SimpleObject)]
pub struct SellerPayment {
    pub order_id: String,
    pub product_name: String,
    pub total: Amount,
    pub commission: Amount,
    /// What the seller gets: goods − commission.
    pub net: Amount,
    pub payment_status: String,
    pub date: String,
}

#[derive(SimpleObject)]
pub struct SellerPaymentsPage {
    pub payments: Vec<SellerPayment>,
    pub count: u64,
    pub due: Amount,
    pub unpaid: Amount,
    pub next_transfer_date: String,
}

#[derive(InputObject)]
pub struct DeliveryRequestInput {
    pub list_id: i64,
    pub first_name: String,
    pub email: String,
    pub phone: String,
    pub city_id: u32,
    pub area_id: Option<u32>,
    pub address: String,
}

#[derive(SimpleObject)]
pub struct DeliveryRequestNode {
    pub id: String,
    pub list_id: i64,
    pub ad_title: String,
    pub first_name: String,
    pub email: String,
    pub phone: String,
    pub city: Option<String>,
    pub area_id: Option<u32>,
    pub address: String,
    pub created_at: String,
    /// When the callback is due (spec §9: within 2 hours).
    pub callback_before: String,
}
