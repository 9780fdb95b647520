//! GraphQL operations of the seller centre's products (spec §3 seller product, §4 product
//! statuses, §5 product insert; docs/api.md "Seller centre"): my products and their counts,
//! one product, insert, edit, activate, deactivate, delete, adjust stock, apply a discount —
//! and the ad view's `product` (what a buyer can buy on an ad). Each resolver reads the
//! caller, makes one product-service call and maps the result.

use super::ads::{ImageNode, PublicAdNode, StatusCount, image_node};
use super::payments::{Amount, amount};
use super::request::req;
use crate::state::AppState;
use async_graphql::{ComplexObject, Context, InputObject, Object, Result, SimpleObject};
use souk_domain::products::{Discount, product_actions};
use souk_domain::time::rfc3339;
use souk_services::products::{ProductForm, ProductOperation};
use souk_storage::products::Product;

/// Spec §3 product discount: `percent` (1-90) or `amount` (whole DH off each unit).
#[derive(SimpleObject)]
pub struct ProductDiscount {
    pub kind: String,
    pub value: i64,
}

#[derive(InputObject)]
pub struct ProductDiscountInput {
    pub kind: String,
    pub value: i64,
}

fn discount_node(d: Option<Discount>) -> Option<ProductDiscount> {
    d.map(|d| ProductDiscount { kind: d.kind().into(), value: d.value() })
}

/// A seller-centre product.
#[derive(SimpleObject)]
pub struct ProductNode {
    pub id: String,
    /// The public id of the ad that carries it (`/vi/{listId}.htm`).
    pub list_id: i64,
    pub name: String,
    pub category_id: u32,
    pub city_id: u32,
    pub description: String,
    pub images: Vec<ImageNode>,
    pub units: u32,
    pub unit_price: Amount,
    pub discount: Option<ProductDiscount>,
    /// What a buyer pays for one unit.
    pub final_price: Amount,
    pub reference: Option<String>,
    pub boost_pack: Option<String>,
    pub orders_count: u64,
    /// active, outOfStock, deactivated or deleted.
    pub status: String,
    pub created_at: String,
    pub updated_at: String,
    /// What the status allows: edit, activate, deactivate, delete, adjustStock, applyDiscount, boost.
    pub allowed_actions: Vec<String>,
}

pub(crate) fn product_node(p: Product, state: &AppState) -> ProductNode {
    ProductNode {
        final_price: amount(p.final_price()),
        allowed_actions: product_actions(p.status).into_iter().map(|a| a.as_str().to_string()).collect(),
        images: p.images.iter().map(|k| image_node(state, k)).collect(),
        id: p.product_id,
        list_id: p.list_id,
        name: p.name,
        category_id: p.category_id,
        city_id: p.city_id,
        description: p.description,
        units: p.units,
        unit_price: amount(p.unit_price),
        discount: discount_node(p.discount),
        reference: p.reference,
        boost_pack: p.boost_pack,
        orders_count: p.orders_count,
        status: p.status.as_str().into(),
        created_at: rfc3339(p.created_at),
        updated_at: rfc3339(p.updated_at),
    }
}

/// The product form.
#[derive(InputObject)]
pub struct ProductInput {
    pub name: String,
    /// A sub-category (a leaf of the category tree).
    pub category_id: u32,
    pub city_id: u32,
    pub description: String,
    /// Ids answered by `POST /api/ads/photos` (or a kept photo's `mediaId`), cover first, 1 to 8.
    pub media_ids: Vec<String>,
    pub units: i64,
    /// Whole DH.
    pub unit_price: i64,
    pub discount: Option<ProductDiscountInput>,
    pub reference: Option<String>,
    pub boost_pack: Option<String>,
}

impl From<ProductInput> for ProductForm {
    fn from(i: ProductInput) -> Self {
        ProductForm {
            name: i.name,
            category_id: i.category_id,
            city_id: i.city_id,
            description: i.description,
            media_ids: i.media_ids,
            units: i.units,
            unit_price: i.unit_price,
            discount: i.discount.map(|d| (d.kind, d.value)),
            reference: i.reference,
            boost_pack: i.boost_pack,
        }
    }
}

#[derive(InputObject, Default)]
pub struct ProductsFilters {
    /// active, outOfStock or deactivated; none: every product but deleted ones.
    pub status: Option<String>,
}

#[derive(InputObject, Default)]
pub struct ProductsPageInput {
    pub number: Option<i64>,
    /// 1 to 50, default 8.
    pub size: Option<i64>,
}

#[derive(InputObject)]
pub struct ProductsQuery {
    pub filters: Option<ProductsFilters>,
    pub page: Option<ProductsPageInput>,
}

#[derive(SimpleObject)]
pub struct ProductsPage {
    pub products: Vec<ProductNode>,
    pub count: u64,
}

/// What a buyer sees of the product an ad carries.
#[derive(SimpleObject)]
pub struct AdProduct {
    pub id: String,
    pub units: u32,
    /// active or outOfStock.
    pub status: String,
    pub unit_price: Amount,
    pub final_price: Amount,
    pub discount: Option<ProductDiscount>,
    /// The checkout's delivery fee.
    pub delivery_fee: Amount,
}

#[ComplexObject]
impl PublicAdNode {
    /// The seller-centre product this ad carries, when it can be bought (active or out of
    /// stock); null otherwise.
    async fn product(&self, ctx: &Context<'_>) -> Result<Option<AdProduct>> {
        let r = req(ctx);
        let found = r.state.products.listed_product(self.ad.list_id).await.map_err(|e| r.err(e))?;
        Ok(found.map(|p| AdProduct {
            id: p.product_id.clone(),
            units: p.units,
            status: p.status.as_str().into(),
            unit_price: amount(p.unit_price),
            final_price: amount(p.final_price()),
            discount: discount_node(p.discount),
            delivery_fee: amount(r.state.orders.settings().delivery_fee),
        }))
    }
}

#[derive(Default)]
pub struct ProductQuery;

#[Object]
impl ProductQuery {
    /// "My products" (`ECOMMERCE_ROLE_REQUIRED` without the e-commerce role).
    async fn get_my_products(&self, ctx: &Context<'_>, query: ProductsQuery) -> Result<ProductsPage> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let (filters, page) = (query.filters.unwrap_or_default(), query.page.unwrap_or_default());
        let (products, count) = r
            .state
            .products
            .my_products(&caller, filters.status.as_deref(), page.number, page.size)
            .await
            .map_err(|e| r.err(e))?;
        Ok(ProductsPage { products: products.into_iter().map(|p| product_node(p, r.state)).collect(), count })
    }

    /// How many of my products are active, out of stock and deactivated.
    async fn get_my_products_counts(&self, ctx: &Context<'_>) -> Result<Vec<StatusCount>> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let counts = r.state.products.my_counts(&caller).await.map_err(|e| r.err(e))?;
        Ok(counts.into_iter().map(|(s, count)| StatusCount { status: s.as_str().into(), count }).collect())
    }

    /// One of my products (`PRODUCT_NOT_FOUND` for someone else's).
    async fn get_my_product(&self, ctx: &Context<'_>, id: String) -> Result<ProductNode> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let p = r.state.products.my_product(&caller, &id).await.map_err(|e| r.err(e))?;
        Ok(product_node(p, r.state))
    }
}

#[derive(Default)]
pub struct ProductMutation;

impl ProductMutation {
    async fn operate(ctx: &Context<'_>, id: String, op: ProductOperation) -> Result<ProductNode> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let p = r.state.products.operate(&caller, &id, op).await.map_err(|e| r.err(e))?;
        Ok(product_node(p, r.state))
    }
}

#[Object]
impl ProductMutation {
    /// A new product, published as an ad of the shop (spec §5 product insert).
    async fn insert_product(&self, ctx: &Context<'_>, input: ProductInput) -> Result<ProductNode> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let p = r.state.products.insert(&caller, input.into()).await.map_err(|e| r.err(e))?;
        Ok(product_node(p, r.state))
    }

    async fn edit_product(&self, ctx: &Context<'_>, id: String, input: ProductInput) -> Result<ProductNode> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let p = r.state.products.edit(&caller, &id, input.into()).await.map_err(|e| r.err(e))?;
        Ok(product_node(p, r.state))
    }

    async fn activate_product(&self, ctx: &Context<'_>, id: String) -> Result<ProductNode> {
        Self::operate(ctx, id, ProductOperation::Activate).await
    }

    async fn deactivate_product(&self, ctx: &Context<'_>, id: String) -> Result<ProductNode> {
        Self::operate(ctx, id, ProductOperation::Deactivate).await
    }

    async fn delete_product(&self, ctx: &Context<'_>, id: String) -> Result<ProductNode> {
        Self::operate(ctx, id, ProductOperation::Delete).await
    }

    /// Sets the units in stock (0 to 100,000): 0 makes it out of stock, more makes it active again.
    async fn adjust_product_stock(&self, ctx: &Context<'_>, id: String, units: i64) -> Result<ProductNode> {
        Self::operate(ctx, id, ProductOperation::AdjustStock(units)).await
    }

    /// Sets the discount; null removes it.
    async fn apply_product_discount(
        &self,
        ctx: &Context<'_>,
        id: String,
        discount: Option<ProductDiscountInput>,
    ) -> Result<ProductNode> {
        Self::operate(ctx, id, ProductOperation::ApplyDiscount(discount.map(|d| (d.kind, d.value)))).await
    }
}
