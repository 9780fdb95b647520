//! The demo's purchase orders: each demo private account bought a handful of products from
//! the demo shops' active ads, paid cash on delivery, in every status of spec §4 — so the
//! "my orders" tab has something to show. Pure and deterministic: the same demo data and
//! time give the same orders.

use super::generate::{DemoData, uuid_v7};
use super::rng::Rng;
use souk_domain::account::AccountType;
use souk_domain::ad::AdStatus;
use souk_domain::money::Money;
use souk_domain::orders::{DeliveryDetails, PaymentMethod, SaleOrderStatus};
use souk_storage::orders::{Checkout, Order};
use std::collections::BTreeSet;

/// Orders each demo private account has.
pub const ORDERS_PER_BUYER: usize = 6;

/// The seed of the orders' choices (apart from the ads' seed, so the ads do not move).
const ORDERS_SEED: u64 = 0x0000_dde2_5c0d;

/// Purchase orders of the demo private accounts from the demo shops' priced active ads,
/// placed over the last two months before `now`. Each buyer gets every status once (the
/// sixth, RETURNED, shows as `returned`), orders newest first in a cycle that starts at a
/// different status per buyer. None when the data has no shop ad to buy.
pub fn purchase_orders(data: &DemoData, now: i64) -> Vec<Order> {
    let shops: BTreeSet<i64> = data
        .accounts
        .iter()
        .filter(|a| a.account.account_type == AccountType::Shop)
        .map(|a| a.account.account_id)
        .collect();
    let goods: Vec<_> = data
        .ads
        .iter()
        .filter(|a| shops.contains(&a.account_id) && a.status == AdStatus::Active)
        .filter(|a| a.price.is_some_and(|p| p.centimes() > 0))
        .collect();
    if goods.is_empty() {
        return Vec::new();
    }
    let mut rng = Rng::new(ORDERS_SEED);
    let mut orders = Vec::new();
    let buyers = data.accounts.iter().filter(|a| a.account.account_type == AccountType::Private);
    for (b, buyer) in buyers.enumerate() {
        let mut at = now - rng.range(3_600, 86_400);
        for k in 0..ORDERS_PER_BUYER {
            let ad = goods[rng.index(goods.len())];
            let units = if rng.chance(0.2) { 2 } else { 1 };
            let price = ad.price.map_or(0, Money::centimes);
            let status = SaleOrderStatus::ALL[(b + k) % SaleOrderStatus::ALL.len()];
            let id = uuid_v7(&mut rng, at.max(0));
            orders.push(Order {
                order_id: id,
                buyer_id: buyer.account.account_id,
                seller_id: ad.account_id,
                list_id: Some(ad.list_id),
                sku: None,
                product_name: ad.title.clone(),
                thumbnail: ad.images.first().cloned(),
                units,
                total: Money(price * i64::from(units)),
                status,
                payment_method: PaymentMethod::Cod,
                created_at: at,
                checkout: Checkout {
                    delivery: Some(DeliveryDetails {
                        full_name: buyer.account.name.clone(),
                        email: buyer.account.email.clone().unwrap_or_default(),
                        phone: buyer.account.phone.clone().unwrap_or_default(),
                        address: format!("{} rue Ibn Battouta, appartement {}", 10 + k * 7, 1 + b % 9),
                        city_id: buyer.account.city_id,
                    }),
                    status_at: at,
                    delivered_at: (status == SaleOrderStatus::Delivered).then_some(at),
                    ..Checkout::default()
                },
            });
            at -= rng.range(86_400, 10 * 86_400);
        }
    }
    orders
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demo::{DEMO_SEED, ImageSet, generate};
    use souk_storage::reference::Reference;

    #[test]
    fn every_private_account_gets_every_status_from_shops_paid_on_delivery() {
        let reference = Reference::embedded().expect("reference");
        let now = 1_790_000_000;
        let data = generate(&reference, 600, DEMO_SEED, now, &ImageSet::empty());
        let orders = purchase_orders(&data, now);
        assert_eq!(orders, purchase_orders(&data, now), "deterministic");
        let buyers: Vec<i64> = data
            .accounts
            .iter()
            .filter(|a| a.account.account_type == AccountType::Private)
            .map(|a| a.account.account_id)
            .collect();
        assert!(!buyers.is_empty());
        assert_eq!(orders.len(), buyers.len() * ORDERS_PER_BUYER);
        for buyer in buyers {
            let mine: Vec<&Order> = orders.iter().filter(|o| o.buyer_id == buyer).collect();
            let statuses: BTreeSet<SaleOrderStatus> = mine.iter().map(|o| o.status).collect();
            assert_eq!(statuses.len(), SaleOrderStatus::ALL.len(), "every status once");
            assert!(mine.windows(2).all(|w| w[0].created_at > w[1].created_at), "distinct dates");
        }
        for o in &orders {
            let ad = data.ads.iter().find(|a| Some(a.list_id) == o.list_id).expect("a demo ad");
            let seller = data.accounts.iter().find(|a| a.account.account_id == o.seller_id).expect("seller");
            assert_eq!(seller.account.account_type, AccountType::Shop);
            assert_eq!(ad.status, AdStatus::Active);
            assert_eq!(o.total.centimes(), ad.price.map_or(0, Money::centimes) * i64::from(o.units));
            assert_eq!(o.payment_method, PaymentMethod::Cod);
            assert!(o.created_at < now && o.created_at > now - 90 * 86_400);
        }
        let ids: BTreeSet<&str> = orders.iter().map(|o| o.order_id.as_str()).collect();
        assert_eq!(ids.len(), orders.len(), "unique ids");
    }
}
