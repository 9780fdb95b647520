//! The Orders use cases, buyer side: "my orders" (spec §2 account.my-orders, §7
//! `getMyPurchaseOrders`) — one page of the signed-in caller's own orders, one status or all,
//! newest first, with the count. The caller is the only buyer ever read.

use crate::accounts::service::Caller;
use souk_domain::SoukError;
use souk_domain::orders::{orders_page, parse_buyer_filter};
use souk_storage::orders::{Order, OrderStore, PurchaseOrdersQuery};
use std::sync::Arc;

/// What "my orders" asks for, as the client sends it (`filters { status }`, `page { number size }`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PurchaseOrdersRequest {
    /// A spec §2 filter word (`initiated` ... `cancelled`, or `canceled`); none or empty: all.
    pub status: Option<String>,
    pub page_number: Option<i64>,
    pub page_size: Option<i64>,
}

pub struct OrderService {
    store: Arc<dyn OrderStore>,
}

impl OrderService {
    pub fn new(store: Arc<dyn OrderStore>) -> OrderService {
        OrderService { store }
    }

    /// `getMyPurchaseOrders(query)`: the caller's orders of the status asked, newest first, and
    /// how many there are. A bad status is `INVALID_ORDER_STATUS`, a bad page `INVALID_ARGUMENT`.
    pub async fn my_purchase_orders(
        &self,
        caller: &Caller,
        request: &PurchaseOrdersRequest,
    ) -> Result<(Vec<Order>, u64), SoukError> {
        // An empty filter is no filter; `parse_buyer_filter` trims the rest.
        let status = match request.status.as_deref() {
            Some(word) if !word.trim().is_empty() => Some(parse_buyer_filter(word)?),
            _ => None,
        };
        let (offset, limit) = orders_page(request.page_number, request.page_size)?;
        let query = PurchaseOrdersQuery { buyer_id: caller.account_id(), status, offset, limit };
        self.store.purchase_orders(query).await.map_err(SoukError::internal)
    }
}
