//! The Orders use cases (spec §2 my orders, seller centre, /ecom/checkout, delivery order; §3
//! sale and purchase orders, checkout delivery, delivery request; §4 order states; §7):
//! - buyer side: "my orders" (`getMyPurchaseOrders`), the checkout's quote and `placeOrder`
//!   (stock reserved and order stored in one write, idempotent on the buyer's order key);
//! - seller side: sale orders and their counts, the seller banner and payments;
//! - the workflow: every action goes through the order's `OrderWorkflow` actor, which writes
//!   it before answering and tells both parties; a new order reaches the shop owner's sockets
//!   (`order:new`, on every node through the fan-out) and inbox the moment it is committed;
//! - home-delivery requests, seen by the seller and by the callback desk (admins).
//!
//! The caller is always the token's account: a buyer reads only their purchases, a seller only
//! their sales, and someone else's order answers as an unknown one.

use crate::accounts::service::Caller;
use crate::ads::service::now;
use crate::catalog::CatalogService;
use crate::media::photo_path;
use crate::notify::{Mailer, Message};
use crate::products::require_ecommerce;
use serde_json::{Value, json};
use souk_actors::fanout::Fanout;
use souk_actors::order_workflow::{OrderEvents, OrderWorkflows, WorkflowTimes};
use souk_domain::money::Money;
use souk_domain::orders::{
    DeliveryDetails, OrderAction, PaymentMethod, SaleOrderStatus, allowed_actions, buyer_allowed_actions,
    check_delivery, check_quantity, last_transfer, next_transfer, order_amounts, orders_page, parse_buyer_filter,
    parse_seller_filter, seller_payment_status,
};
use souk_domain::time::rfc3339;
use souk_domain::{ErrorCode, SoukError};
use souk_storage::StoreError;
use souk_storage::accounts::AccountStore;
use souk_storage::delivery::{DeliveryRequest, DeliveryRequestStore};
use souk_storage::media::MediaStore;
use souk_storage::orders::{
    Order, OrderActionRequest, OrderStore, PlaceOutcome, Placement, PurchaseOrdersQuery, SaleOrdersQuery, SellerSums,
};
use souk_storage::products::{Product, ProductStore};
use std::sync::{Arc, OnceLock};

/// What "my orders" asks for, as the client sends it (`filters { status }`, `page { number size }`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PurchaseOrdersRequest {
    /// A spec §2 filter word (`initiated` ... `cancelled`, or `canceled`); none or empty: all.
    pub status: Option<String>,
    pub page_number: Option<i64>,
    pub page_size: Option<i64>,
}

/// The orders' settings (`[orders]` of the configuration).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderSettings {
    pub delivery_fee: Money,
    pub commission_percent: u32,
    pub times: WorkflowTimes,
    /// Where links in e-mails point.
    pub public_base_url: String,
    /// Spec §9: the callback of a delivery request is due within this (2 hours).
    pub delivery_callback_secs: i64,
}

impl Default for OrderSettings {
    fn default() -> Self {
        use souk_domain::orders::*;
        OrderSettings {
            delivery_fee: Money::from_dirhams(DEFAULT_DELIVERY_FEE_DH),
            commission_percent: DEFAULT_COMMISSION_PERCENT,
            times: WorkflowTimes {
                reminder_after_secs: DEFAULT_REMINDER_AFTER_SECS,
                late_after_secs: DEFAULT_LATE_AFTER_SECS,
            },
            public_base_url: "http://127.0.0.1:8080".into(),
            delivery_callback_secs: 2 * 3600,
        }
    }
}

/// A checkout as the client sends it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CheckoutForm {
    pub order_key: String,
    pub list_id: i64,
    pub quantity: i64,
    pub payment_method: Option<String>,
    pub delivery: DeliveryDetails,
    pub remember: bool,
}

/// What the checkout page shows before the order is placed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckoutQuote {
    pub product: Product,
    pub seller_name: String,
    pub quantity: u32,
    pub amounts: souk_domain::orders::OrderAmounts,
    pub saved_details: Option<DeliveryDetails>,
}

/// The seller banner (spec §2: points, orders, items, due and unpaid, next transfer).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SellerSummary {
    pub points: i64,
    pub orders: u64,
    /// Products for sale (active or out of stock).
    pub items: u64,
    pub sums: SellerSums,
    pub next_transfer: i64,
    pub commission_percent: u32,
}

/// A home-delivery request as the ad view's modal sends it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DeliveryRequestForm {
    pub list_id: i64,
    pub first_name: String,
    pub email: String,
    pub phone: String,
    pub city_id: u32,
    pub area_id: Option<u32>,
    pub address: String,
}

pub struct OrderService {
    store: Arc<dyn OrderStore>,
    products: Arc<dyn ProductStore>,
    accounts: Arc<dyn AccountStore>,
    delivery: Arc<dyn DeliveryRequestStore>,
    ads: Arc<dyn souk_storage::ads::AdStore>,
    catalog: Arc<CatalogService>,
    media: Arc<dyn MediaStore>,
    settings: OrderSettings,
    live: OnceLock<Live>,
}

/// What the service needs an actix system for: the workflows and the alerts.
struct Live {
    workflows: OrderWorkflows,
    alerts: Arc<OrderAlerts>,
}

fn internal(e: StoreError) -> SoukError {
    SoukError::internal(e)
}

/// The orders' stores.
pub struct OrderStores {
    pub orders: Arc<dyn OrderStore>,
    pub products: Arc<dyn ProductStore>,
    pub accounts: Arc<dyn AccountStore>,
    pub delivery: Arc<dyn DeliveryRequestStore>,
    pub ads: Arc<dyn souk_storage::ads::AdStore>,
}

impl OrderService {
    pub fn new(
        stores: OrderStores,
        catalog: Arc<CatalogService>,
        media: Arc<dyn MediaStore>,
        settings: OrderSettings,
    ) -> OrderService {
        OrderService {
            store: stores.orders,
            products: stores.products,
            accounts: stores.accounts,
            delivery: stores.delivery,
            ads: stores.ads,
            catalog,
            media,
            settings,
            live: OnceLock::new(),
        }
    }

    pub fn settings(&self) -> &OrderSettings {
        &self.settings
    }

    /// Starts the order workflows (one actor per open order, read from the store) and the
    /// alerts through `fanout` and `mailer`. Must be called inside an actix system, once;
    /// answers how many workflows started.
    pub async fn run_workflows(&self, fanout: Fanout, mailer: Arc<dyn Mailer>) -> Result<usize, SoukError> {
        let alerts = Arc::new(OrderAlerts {
            fanout,
            mailer,
            accounts: Arc::clone(&self.accounts),
            media: Arc::clone(&self.media),
            catalog: Arc::clone(&self.catalog),
            settings: self.settings.clone(),
        });
        let events: Arc<dyn OrderEvents> = alerts.clone();
        let workflows = OrderWorkflows::new(Arc::clone(&self.store), events, self.settings.times);
        let live = self.live.get_or_init(|| Live { workflows, alerts });
        live.workflows.resume().await.map_err(internal)
    }

    /// The running workflows (tests and metrics).
    pub fn workflows(&self) -> Option<&OrderWorkflows> {
        self.live.get().map(|l| &l.workflows)
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
        self.store.purchase_orders(query).await.map_err(internal)
    }

    /// The product an ad carries, for sale (active or out of stock), with its seller's name.
    async fn product_for_sale(&self, list_id: i64) -> Result<(Product, String), SoukError> {
        let not_for_sale = || SoukError::with_detail(ErrorCode::ProductNotFound, format!("no product on ad {list_id}"));
        let product = self
            .products
            .product_of_listing(list_id)
            .await
            .map_err(internal)?
            .filter(|p| p.status.is_listed())
            .ok_or_else(not_for_sale)?;
        let seller = self.accounts.find_account(product.seller_id).await.map_err(internal)?;
        Ok((product, seller.map(|s| s.account.name).unwrap_or_default()))
    }

    /// `getCheckout(listId, quantity)`: the product, the amounts for the quantity (1 when
    /// none) and the caller's remembered delivery details.
    pub async fn checkout_quote(
        &self,
        caller: &Caller,
        list_id: i64,
        quantity: Option<i64>,
    ) -> Result<CheckoutQuote, SoukError> {
        let quantity = check_quantity(quantity.unwrap_or(1))?;
        let (product, seller_name) = self.product_for_sale(list_id).await?;
        if product.seller_id == caller.account_id() {
            return Err(SoukError::new(ErrorCode::CannotBuyOwnProduct));
        }
        let amounts = order_amounts(product.unit_price, product.final_price(), quantity, self.settings.delivery_fee);
        let saved_details = self.store.checkout_details(caller.account_id()).await.map_err(internal)?;
        Ok(CheckoutQuote { product, seller_name, quantity, amounts, saved_details })
    }

    /// `placeOrder`: checks the form, reserves the stock and stores the order in one write,
    /// then starts its workflow and alerts the shop owner. The same order key from the same
    /// buyer answers the first order again.
    pub async fn place_order(&self, caller: &Caller, form: CheckoutForm) -> Result<Order, SoukError> {
        let key = form.order_key.trim();
        if key.is_empty() || key.len() > 64 || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            return Err(SoukError::with_detail(
                ErrorCode::InvalidArgument,
                "orderKey: 1 to 64 letters, digits, - or _",
            ));
        }
        let quantity = check_quantity(form.quantity)?;
        let method = match form.payment_method.as_deref().map(str::trim).filter(|m| !m.is_empty()) {
            None | Some("cod") => PaymentMethod::Cod,
            Some(m) => return Err(SoukError::with_detail(ErrorCode::UnknownPaymentMethod, format!("method {m:?}"))),
        };
        let delivery = check_delivery(&form.delivery)?;
        if !self.catalog.cities().iter().any(|c| c.id == delivery.city_id) {
            return Err(SoukError::with_detail(ErrorCode::CityNotFound, format!("no city {}", delivery.city_id)));
        }
        let placement = Placement {
            order_id: uuid::Uuid::now_v7().to_string(),
            order_key: key.to_string(),
            buyer_id: caller.account_id(),
            list_id: form.list_id,
            quantity,
            payment_method: method,
            delivery,
            remember: form.remember,
            delivery_fee: self.settings.delivery_fee,
            commission_percent: self.settings.commission_percent,
            now: now(),
        };
        match self.store.place_order(placement).await.map_err(internal)? {
            PlaceOutcome::Placed(order) => {
                if let Some(live) = self.live.get() {
                    live.alerts.placed(&order);
                    live.workflows.track(order.clone());
                }
                Ok(order)
            }
            PlaceOutcome::Existing(order) => Ok(order),
            PlaceOutcome::OutOfStock { left } => {
                Err(SoukError::with_detail(ErrorCode::OutOfStock, format!("{quantity} asked, {left} left"))
                    .with_param("units", i64::from(left)))
            }
            PlaceOutcome::NotForSale => {
                Err(SoukError::with_detail(ErrorCode::ProductNotFound, format!("no product on ad {}", form.list_id)))
            }
            PlaceOutcome::OwnProduct => Err(SoukError::new(ErrorCode::CannotBuyOwnProduct)),
        }
    }

    /// `getMySaleOrders(query)`: the seller's orders of a seller-centre status, newest first.
    pub async fn my_sale_orders(
        &self,
        caller: &Caller,
        request: &PurchaseOrdersRequest,
    ) -> Result<(Vec<Order>, u64), SoukError> {
        require_ecommerce(caller)?;
        let status = match request.status.as_deref() {
            Some(word) if !word.trim().is_empty() => Some(parse_seller_filter(word)?),
            _ => None,
        };
        let (offset, limit) = orders_page(request.page_number, request.page_size)?;
        let query = SaleOrdersQuery { seller_id: caller.account_id(), status, offset, limit };
        self.store.sale_orders(query).await.map_err(internal)
    }

    /// `getMySaleOrdersCounts`: every seller status with its count.
    pub async fn my_sale_counts(&self, caller: &Caller) -> Result<Vec<(SaleOrderStatus, u64)>, SoukError> {
        require_ecommerce(caller)?;
        self.store.sale_order_counts(caller.account_id()).await.map_err(internal)
    }

    /// A workflow action (`prepareOrder`, `cancelOrder`, `deleteOrder`, `shipOrder`,
    /// `deliverOrder`, `returnOrder`): written, then pushed to both parties. Answers the order
    /// after it (for a delete, before) and whether it was deleted.
    pub async fn act(&self, caller: &Caller, order_id: &str, action: OrderAction) -> Result<(Order, bool), SoukError> {
        // The buyer's cancel needs no seller role; every other action is the seller centre's.
        if !action.buyer_may() {
            require_ecommerce(caller)?;
        }
        let request =
            OrderActionRequest { order_id: order_id.to_string(), actor_id: caller.account_id(), action, now: now() };
        match self.live.get() {
            Some(live) => live.workflows.act(request).await,
            None => match self.store.apply_order_action(request).await.map_err(internal)? {
                souk_storage::orders::ActionOutcome::Applied { order, deleted } => Ok((*order, deleted)),
                souk_storage::orders::ActionOutcome::Refused(e) => Err(e),
            },
        }
    }

    /// `getMySellerSummary`: the seller banner.
    pub async fn seller_summary(&self, caller: &Caller) -> Result<SellerSummary, SoukError> {
        require_ecommerce(caller)?;
        let at = now();
        let sums = self.store.seller_sums(caller.account_id(), last_transfer(at)).await.map_err(internal)?;
        let counts = self.products.product_counts(caller.account_id()).await.map_err(internal)?;
        let items = counts.iter().filter(|(s, _)| s.is_listed()).map(|(_, n)| n).sum();
        let points = match caller.claims.store_id {
            Some(store_id) => self.accounts.find_store(store_id).await.map_err(internal)?.map_or(0, |s| s.points_count),
            None => 0,
        };
        Ok(SellerSummary {
            points,
            orders: sums.orders,
            items,
            sums,
            next_transfer: next_transfer(at),
            commission_percent: self.settings.commission_percent,
        })
    }

    /// `getMySellerPayments`: the seller's orders newest first with what each brings, and the sums.
    pub async fn seller_payments(
        &self,
        caller: &Caller,
        page: Option<i64>,
        size: Option<i64>,
    ) -> Result<(Vec<Order>, u64, SellerSums, i64), SoukError> {
        require_ecommerce(caller)?;
        let (offset, limit) = orders_page(page, size)?;
        let at = now();
        let q = SaleOrdersQuery { seller_id: caller.account_id(), status: None, offset, limit };
        let (orders, count) = self.store.sale_orders(q).await.map_err(internal)?;
        let sums = self.store.seller_sums(caller.account_id(), last_transfer(at)).await.map_err(internal)?;
        Ok((orders, count, sums, next_transfer(at)))
    }

    /// `requestDelivery`: a home-delivery request on an ad that offers delivery, visitor or
    /// not; the callback is due within `delivery_callback_secs`.
    pub async fn request_delivery(
        &self,
        caller: Option<&Caller>,
        form: DeliveryRequestForm,
    ) -> Result<DeliveryRequest, SoukError> {
        let ad = self
            .ads
            .find_by_list_id(form.list_id)
            .await
            .map_err(internal)?
            .filter(|a| a.ad.status == souk_domain::ad::AdStatus::Active && a.ad.delivery)
            .ok_or_else(|| {
                SoukError::with_detail(ErrorCode::AdNotFound, format!("no ad {} with delivery", form.list_id))
            })?;
        let details = check_delivery(&DeliveryDetails {
            full_name: form.first_name.clone(),
            email: form.email.clone(),
            phone: form.phone.clone(),
            address: form.address.clone(),
            city_id: form.city_id,
        })?;
        let areas = self.catalog.areas(form.city_id)?;
        if let Some(area) = form.area_id
            && !areas.iter().any(|a| a.id == area)
        {
            return Err(SoukError::with_detail(ErrorCode::AreaNotFound, format!("no area {area}")));
        }
        let at = now();
        let request = DeliveryRequest {
            request_id: uuid::Uuid::now_v7().to_string(),
            list_id: form.list_id,
            seller_id: ad.ad.account_id,
            requester_id: caller.map(Caller::account_id),
            ad_title: ad.ad.title.clone(),
            first_name: details.full_name,
            email: details.email,
            phone: details.phone,
            city_id: details.city_id,
            area_id: form.area_id,
            address: details.address,
            created_at: at,
            callback_before: at + self.settings.delivery_callback_secs,
        };
        self.delivery.insert_delivery_request(request.clone()).await.map_err(internal)?;
        Ok(request)
    }

    /// `getMyDeliveryRequests`: the requests on the caller's ads, newest first.
    pub async fn my_delivery_requests(&self, caller: &Caller) -> Result<Vec<DeliveryRequest>, SoukError> {
        self.delivery.seller_delivery_requests(caller.account_id(), 100).await.map_err(internal)
    }

    /// `getDeliveryCallbacks`: admins' list of callbacks still due, soonest first.
    pub async fn delivery_callbacks(&self, caller: &Caller) -> Result<Vec<DeliveryRequest>, SoukError> {
        if !caller.is_admin() {
            return Err(SoukError::with_detail(ErrorCode::PermissionDenied, "admins only"));
        }
        self.delivery.delivery_callbacks(now(), 200).await.map_err(internal)
    }

    /// A city's name in French (the buyer's address on a sale order).
    pub fn city_name(&self, city_id: u32) -> Option<String> {
        city_name(&self.catalog, city_id)
    }
}

fn amount(m: Money) -> Value {
    json!({ "centimes": m.centimes(), "withCurrency": m.with_currency(), "withoutCurrency": m.without_currency() })
}

/// A city's name in French, the way a sale order names its buyer's city.
fn city_name(catalog: &CatalogService, city_id: u32) -> Option<String> {
    catalog.cities().iter().find(|c| c.id == city_id).map(|c| c.label.fr.clone())
}

/// A sale order as the seller centre shows it (the GraphQL `SaleOrder`, in JSON: the
/// `order:new` payload).
fn sale_order_json(o: &Order, media: &dyn MediaStore, catalog: &CatalogService, at: i64) -> Value {
    let d = o.checkout.delivery.clone().unwrap_or_default();
    json!({
        "id": o.order_id,
        "product": {
            "sku": o.sku, "listId": o.list_id, "name": o.product_name,
            "thumbnail": o.thumbnail.as_deref().map(|k| photo_path(media, k, "thumb")),
        },
        "unitsSold": o.units,
        "total": o.total.with_currency(),
        "amount": amount(o.total),
        "status": o.status.seller_word(),
        "buyerStatus": o.status.buyer_word(),
        "date": rfc3339(o.created_at),
        "paymentMethod": o.payment_method.as_str(),
        "commission": amount(o.checkout.commission),
        "paymentStatus": seller_payment_status(o.status, o.checkout.delivered_at, at).as_str(),
        "late": o.checkout.late,
        "buyer": {
            "fullName": d.full_name, "email": d.email, "phone": d.phone, "address": d.address,
            "city": city_name(catalog, d.city_id),
        },
        "allowedActions": allowed_actions(o.status).iter().map(|a| a.as_str()).collect::<Vec<_>>(),
    })
}

/// The actions the caller may take on an order, as its buyer or as its seller.
pub fn actions_for(order: &Order, account_id: i64) -> Vec<OrderAction> {
    if order.seller_id == account_id {
        allowed_actions(order.status)
    } else if order.buyer_id == account_id {
        buyer_allowed_actions(order.status)
    } else {
        Vec::new()
    }
}

/// Tells the parties about orders: live events to their sockets on every node, e-mail to the
/// shop owner in their language.
struct OrderAlerts {
    fanout: Fanout,
    mailer: Arc<dyn Mailer>,
    accounts: Arc<dyn AccountStore>,
    media: Arc<dyn MediaStore>,
    catalog: Arc<CatalogService>,
    settings: OrderSettings,
}

impl OrderAlerts {
    fn link(&self, path: &str) -> String {
        format!("{}{path}", self.settings.public_base_url.trim_end_matches('/'))
    }

    /// A new order was committed: `order:new` to the shop owner's sockets now, the e-mail after.
    fn placed(self: &Arc<Self>, order: &Order) {
        let order_json = sale_order_json(order, self.media.as_ref(), &self.catalog, order.created_at);
        let payload = json!({ "order": order_json, "committedAt": souk_actors::now_millis() });
        self.fanout.deliver(order.seller_id, "order:new", payload);
        let (me, order) = (Arc::clone(self), order.clone());
        tokio::spawn(async move {
            let Ok(Some(seller)) = me.accounts.find_account(order.seller_id).await else { return };
            let Some(to) = seller.account.email.clone() else { return };
            let buyer = order.checkout.delivery.as_ref().map(|d| d.full_name.clone()).unwrap_or_default();
            let mail = Message::NewOrder {
                order_id: order.order_id.clone(),
                product: order.product_name.clone(),
                units: order.units,
                total: order.total.with_currency(),
                buyer,
                link: me.link("/account/seller/my-orders"),
            };
            if let Err(e) = me.mailer.send(&to, seller.lang, &mail).await {
                tracing::warn!(order = %order.order_id, error = %e, "new-order e-mail not sent");
            }
        });
    }

    fn updated_payload(order: &Order, deleted: bool) -> Value {
        json!({
            "id": order.order_id,
            "status": order.status.seller_word(),
            "buyerStatus": order.status.buyer_word(),
            "late": order.checkout.late,
            "deleted": deleted,
            "at": order.checkout.status_at,
        })
    }
}

impl OrderEvents for OrderAlerts {
    fn changed(&self, order: &Order, deleted: bool) {
        let payload = souk_actors::fanout::Payload::from(Self::updated_payload(order, deleted));
        self.fanout.deliver(order.buyer_id, "order:updated", payload.clone());
        self.fanout.deliver(order.seller_id, "order:updated", payload);
    }

    fn reminded(&self, order: &Order) {
        self.fanout.deliver(
            order.seller_id,
            "order:reminder",
            json!({ "id": order.order_id, "createdAt": rfc3339(order.created_at) }),
        );
        let (accounts, mailer) = (Arc::clone(&self.accounts), Arc::clone(&self.mailer));
        let hours = (self.settings.times.reminder_after_secs / 3600).max(1) as u32;
        let mail = Message::OrderReminder {
            order_id: order.order_id.clone(),
            product: order.product_name.clone(),
            hours,
            link: self.link("/account/seller/my-orders?status=pending"),
        };
        let seller_id = order.seller_id;
        tokio::spawn(async move {
            let Ok(Some(seller)) = accounts.find_account(seller_id).await else { return };
            let Some(to) = seller.account.email.clone() else { return };
            if let Err(e) = mailer.send(&to, seller.lang, &mail).await {
                tracing::warn!(error = %e, "order reminder e-mail not sent");
            }
        });
    }

    fn late(&self, order: &Order) {
        self.changed(order, false);
    }
}
