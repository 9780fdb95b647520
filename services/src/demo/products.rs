//! The demo's seller centres: two demo shops selling goods (phones, computers) are e-commerce
//! shops, and a dozen of each one's priced active ads are their products — with stock (one of
//! every seven sold out), a discount on one of every four, and a reference — so the seller
//! centre, the "Buy" button and the checkout have something to show from the first start.
//! Pure and deterministic.

use super::generate::{DemoAccount, DemoData};
use souk_domain::account::AccountType;
use souk_domain::ad::AdStatus;
use souk_domain::products::{Discount, ProductStatus, status_for_stock};
use souk_storage::products::Product;

/// The sign-in e-mails of the demo shops that run a seller centre.
pub const ECOMMERCE_SHOPS: [&str; 2] = ["contact@phonecity-marrakech.ma", "contact@techmaroc-info.ma"];
/// Products per e-commerce shop.
pub const PRODUCTS_PER_SHOP: usize = 12;

/// Whether a demo account runs a seller centre.
pub fn is_ecommerce(demo: &DemoAccount) -> bool {
    demo.account.account_type == AccountType::Shop
        && demo.account.email.as_deref().is_some_and(|e| ECOMMERCE_SHOPS.contains(&e))
}

/// The e-commerce shops' products, made of their newest priced active ads.
pub fn products(data: &DemoData, now: i64) -> Vec<Product> {
    let mut out = Vec::new();
    for shop in data.accounts.iter().filter(|a| is_ecommerce(a)) {
        let shop_id = shop.account.account_id;
        let ads = data
            .ads
            .iter()
            .rev()
            .filter(|a| {
                a.account_id == shop_id && a.status == AdStatus::Active && a.price.is_some_and(|p| p.centimes() > 0)
            })
            .take(PRODUCTS_PER_SHOP);
        for (n, ad) in ads.enumerate() {
            let unit_price = ad.price.unwrap_or_default();
            let units = if n % 7 == 3 { 0 } else { 3 + (n as u32 * 5) % 40 };
            let discount = (n % 4 == 1).then_some(Discount::Percent(10 + (n % 3) as u8 * 5));
            out.push(Product {
                product_id: format!("{}-p", ad.ad_id),
                seller_id: shop_id,
                ad_id: ad.ad_id.clone(),
                list_id: ad.list_id,
                name: ad.title.clone(),
                category_id: ad.category_id,
                city_id: ad.city_id,
                description: ad.description.clone(),
                images: ad.images.clone(),
                units,
                unit_price,
                discount,
                reference: Some(format!("SKU-{}-{:03}", shop_id, n + 1)),
                boost_pack: None,
                orders_count: 0,
                status: status_for_stock(ProductStatus::Active, units),
                version: 0,
                created_at: ad.published_at.min(now),
                updated_at: ad.published_at.min(now),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demo::{DEMO_SEED, ImageSet, generate};
    use souk_storage::reference::Reference;

    #[test]
    fn two_shops_sell_a_dozen_products_each_some_sold_out_some_discounted() {
        let reference = Reference::embedded().expect("reference");
        let data = generate(&reference, 1200, DEMO_SEED, 1_790_000_000, &ImageSet::empty());
        let products = products(&data, 1_790_000_000);
        assert_eq!(products, super::products(&data, 1_790_000_000), "deterministic");
        let shops: std::collections::BTreeSet<i64> = products.iter().map(|p| p.seller_id).collect();
        assert_eq!(shops.len(), ECOMMERCE_SHOPS.len(), "both e-commerce shops have products");
        for shop in shops {
            let mine: Vec<&Product> = products.iter().filter(|p| p.seller_id == shop).collect();
            assert_eq!(mine.len(), PRODUCTS_PER_SHOP);
            assert!(mine.iter().any(|p| p.status == ProductStatus::OutOfStock && p.units == 0));
            assert!(mine.iter().any(|p| p.discount.is_some()));
            assert!(mine.iter().filter(|p| p.status == ProductStatus::Active).all(|p| p.units > 0));
        }
    }
}
