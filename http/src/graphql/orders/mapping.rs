//! From the order service's values to the GraphQL types of `types.rs`: purchase and sale
//! orders, delivery requests, dates.

use super::types::*;
use crate::graphql::ads::image_node;
use crate::graphql::payments::amount;
use souk_domain::orders::seller_payment_status;
use souk_domain::time::rfc3339;
use souk_services::media::photo_path;
use souk_services::orders::actions_for;
use souk_storage::delivery::DeliveryRequest;
use souk_storage::orders::Order;

pub(super) fn purchase_order(o: Order, state: &crate::state::AppState) -> PurchaseOrder {
    PurchaseOrder {
        allowed_actions: actions_for(&o, o.buyer_id).iter().map(|a| a.as_str().to_string()).collect(),
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

pub(super) fn sale_order(o: Order, state: &crate::state::AppState) -> SaleOrder {
    let d = o.checkout.delivery.clone().unwrap_or_default();
    let now = souk_services::ads::service::now();
    SaleOrder {
        allowed_actions: actions_for(&o, o.seller_id).iter().map(|a| a.as_str().to_string()).collect(),
        payment_status: seller_payment_status(o.status, o.checkout.delivered_at, now).as_str().into(),
        buyer: OrderBuyer {
            city: state.orders.city_name(d.city_id),
            full_name: d.full_name,
            email: d.email,
            phone: d.phone,
            address: d.address,
        },
        id: o.order_id,
        product: OrderProduct {
            sku: o.sku,
            list_id: o.list_id,
            name: o.product_name,
            thumbnail: o.thumbnail.as_deref().map(|k| photo_path(state.media.as_ref(), k, "thumb")),
        },
        units_sold: o.units,
        total: o.total.with_currency(),
        amount: amount(o.total),
        status: o.status.seller_word().into(),
        buyer_status: o.status.buyer_word().into(),
        date: rfc3339(o.created_at),
        payment_method: o.payment_method.as_str().into(),
        commission: amount(o.checkout.commission),
        late: o.checkout.late,
    }
}

pub(super) fn delivery_node(d: DeliveryRequest, state: &crate::state::AppState) -> DeliveryRequestNode {
    DeliveryRequestNode {
        city: state.orders.city_name(d.city_id),
        id: d.request_id,
        list_id: d.list_id,
        ad_title: d.ad_title,
        first_name: d.first_name,
        email: d.email,
        phone: d.phone,
        area_id: d.area_id,
        address: d.address,
        created_at: rfc3339(d.created_at),
        callback_before: rfc3339(d.callback_before),
    }
}

pub(super) fn date_only(secs: i64) -> String {
    rfc3339(secs)[..10].to_string()
}
