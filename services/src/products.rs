//! The seller centre's products (spec §3 seller product, §4 product statuses and operations,
//! §5 product insert): insert and edit with the ad photo pipeline's uploads, activate,
//! deactivate, delete, adjust stock, apply a discount, and "my products" with counts. Only
//! e-commerce store owners reach it, and each only ever reads or changes their own products:
//! someone else's id answers as an unknown one. Every change is conditional on the version
//! read, retried once when a checkout changed the product in between.

use crate::accounts::service::Caller;
use crate::ads::service::{now, photo_key};
use crate::catalog::CatalogService;
use souk_domain::account::Role;
use souk_domain::orders::orders_page;
use souk_domain::products::{
    Discount, MAX_PHOTOS, ProductAction, ProductStatus, check_description, check_name, check_product_action,
    check_reference, check_unit_price, check_units, parse_products_filter, status_for_stock,
};
use souk_domain::{ErrorCode, SoukError};
use souk_storage::StoreError;
use souk_storage::ads::AdStore;
use souk_storage::products::{Product, ProductStore, ProductsQuery};
use std::sync::Arc;

/// "My products" page size when the client sends none (spec §9: "a constant of 8 in seller centre").
pub const PRODUCTS_PAGE_SIZE: i64 = 8;

/// The product form as the client sends it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProductForm {
    pub name: String,
    pub category_id: u32,
    pub city_id: u32,
    pub description: String,
    /// Uploaded photos' media ids (`POST /api/ads/photos`), or kept photo keys, cover first.
    pub media_ids: Vec<String>,
    pub units: i64,
    /// Whole DH.
    pub unit_price: i64,
    /// `(kind, value)`: `percent` 1-90 or `amount` in whole DH.
    pub discount: Option<(String, i64)>,
    pub reference: Option<String>,
    pub boost_pack: Option<String>,
}

/// A product operation without a form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProductOperation {
    Activate,
    Deactivate,
    Delete,
    AdjustStock(i64),
    /// `None` removes the discount.
    ApplyDiscount(Option<(String, i64)>),
}

/// Boost packs a product may carry (spec §3 boost packs).
pub const BOOST_PACKS: [&str; 4] = ["bump", "gallery", "special", "highlight"];

pub struct ProductService {
    products: Arc<dyn ProductStore>,
    ads: Arc<dyn AdStore>,
    catalog: Arc<CatalogService>,
}

fn internal(e: StoreError) -> SoukError {
    SoukError::internal(e)
}

/// Spec §6: the seller centre is for e-commerce store owners (token `roles`).
pub fn require_ecommerce(caller: &Caller) -> Result<(), SoukError> {
    if caller.claims.roles.contains(&Role::EcommerceStoreOwner) {
        Ok(())
    } else {
        Err(SoukError::with_detail(ErrorCode::EcommerceRoleRequired, "ROLE_ECOMMERCE_STORE_OWNER"))
    }
}

fn not_found(id: &str) -> SoukError {
    SoukError::with_detail(ErrorCode::ProductNotFound, format!("no product {id}"))
}

impl ProductService {
    pub fn new(products: Arc<dyn ProductStore>, ads: Arc<dyn AdStore>, catalog: Arc<CatalogService>) -> ProductService {
        ProductService { products, ads, catalog }
    }

    /// The product `id` if it is the caller's (any status).
    async fn mine(&self, caller: &Caller, id: &str) -> Result<Product, SoukError> {
        require_ecommerce(caller)?;
        match self.products.find_product(id).await.map_err(internal)? {
            Some(p) if p.seller_id == caller.account_id() => Ok(p),
            _ => Err(not_found(id)),
        }
    }

    /// The photos' keys: uploads of the caller's (by media id) or keys the product has already.
    async fn photos(&self, caller: &Caller, ids: &[String], kept: &[String]) -> Result<Vec<String>, SoukError> {
        if ids.is_empty() {
            return Err(SoukError::with_detail(ErrorCode::PackRequiresImage, "mediaIds"));
        }
        if ids.len() > MAX_PHOTOS {
            return Err(
                SoukError::with_detail(ErrorCode::TooManyPhotos, "mediaIds").with_param("max", MAX_PHOTOS as i64)
            );
        }
        let wanted: Vec<String> = ids.iter().filter(|i| !kept.contains(i)).cloned().collect();
        let found = self.ads.find_media(wanted.clone()).await.map_err(internal)?;
        let mut keys = Vec::new();
        for id in ids {
            if kept.contains(id) {
                keys.push(id.clone());
                continue;
            }
            match found.iter().find(|m| &m.media_id == id && m.account_id == caller.account_id() && m.kind == "photo") {
                Some(m) => keys.push(photo_key(&m.base_key)),
                None => return Err(SoukError::with_detail(ErrorCode::MediaNotFound, format!("media {id}"))),
            }
        }
        Ok(keys)
    }

    /// The form checked: (name, description, units, price, discount, reference, boost pack),
    /// with the sub-category and city known.
    fn check(&self, f: &ProductForm) -> Result<Checked, SoukError> {
        let name = check_name(&f.name)?;
        let tree = self.catalog.tree();
        let category =
            tree.get(f.category_id).filter(|c| c.children_ids.is_empty() && c.parent_id.is_some()).ok_or_else(
                || SoukError::with_detail(ErrorCode::CategoryNotFound, format!("sub-category {}", f.category_id)),
            )?;
        let ad_type = category.ad_types.first().map(|t| t.key.clone()).unwrap_or_else(|| "sell".into());
        if !self.catalog.cities().iter().any(|c| c.id == f.city_id) {
            return Err(SoukError::with_detail(ErrorCode::CityNotFound, format!("no city {}", f.city_id)));
        }
        let description = check_description(&f.description)?;
        let units = check_units(f.units)?;
        let unit_price = check_unit_price(f.unit_price)?;
        let discount = f.discount.as_ref().map(|(k, v)| Discount::parse(k, *v, unit_price)).transpose()?;
        let reference = check_reference(f.reference.as_deref())?;
        let boost_pack = match f.boost_pack.as_deref().map(str::trim).filter(|b| !b.is_empty()) {
            None => None,
            Some(b) if BOOST_PACKS.contains(&b) => Some(b.to_string()),
            Some(b) => return Err(SoukError::with_detail(ErrorCode::InvalidArgument, format!("boostPack {b:?}"))),
        };
        Ok(Checked { name, description, units, unit_price, discount, reference, boost_pack, ad_type })
    }

    /// `insertProduct`: a new active product (out of stock at 0 units), published as an ad of
    /// the shop with delivery.
    pub async fn insert(&self, caller: &Caller, form: ProductForm) -> Result<Product, SoukError> {
        require_ecommerce(caller)?;
        let c = self.check(&form)?;
        let images = self.photos(caller, &form.media_ids, &[]).await?;
        let at = now();
        let product = Product {
            product_id: uuid::Uuid::now_v7().to_string(),
            seller_id: caller.account_id(),
            ad_id: uuid::Uuid::now_v7().to_string(),
            list_id: 0,
            name: c.name,
            category_id: form.category_id,
            city_id: form.city_id,
            description: c.description,
            images,
            units: c.units,
            unit_price: c.unit_price,
            discount: c.discount,
            reference: c.reference,
            boost_pack: c.boost_pack,
            orders_count: 0,
            status: status_for_stock(ProductStatus::Active, c.units),
            version: 0,
            created_at: at,
            updated_at: at,
        };
        self.products.insert_product(product, c.ad_type).await.map_err(internal)
    }

    /// `editProduct`: the whole form again; the status follows the new stock.
    pub async fn edit(&self, caller: &Caller, id: &str, form: ProductForm) -> Result<Product, SoukError> {
        let c = self.check(&form)?;
        let current = self.mine(caller, id).await?;
        let images = self.photos(caller, &form.media_ids, &current.images).await?;
        self.change(caller, id, ProductAction::Edit, move |p| {
            p.name = c.name.clone();
            p.category_id = form.category_id;
            p.city_id = form.city_id;
            p.description = c.description.clone();
            p.images = images.clone();
            p.units = c.units;
            p.unit_price = c.unit_price;
            p.discount = c.discount;
            p.reference = c.reference.clone();
            p.boost_pack = c.boost_pack.clone();
            p.status = status_for_stock(p.status, p.units);
            Ok(())
        })
        .await
    }

    /// Activate, deactivate, delete, adjust stock or apply a discount.
    pub async fn operate(&self, caller: &Caller, id: &str, op: ProductOperation) -> Result<Product, SoukError> {
        let action = match &op {
            ProductOperation::Activate => ProductAction::Activate,
            ProductOperation::Deactivate => ProductAction::Deactivate,
            ProductOperation::Delete => ProductAction::Delete,
            ProductOperation::AdjustStock(_) => ProductAction::AdjustStock,
            ProductOperation::ApplyDiscount(_) => ProductAction::ApplyDiscount,
        };
        self.change(caller, id, action, move |p| {
            match &op {
                ProductOperation::Activate => p.status = status_for_stock(ProductStatus::Active, p.units),
                ProductOperation::Deactivate => p.status = ProductStatus::Deactivated,
                ProductOperation::Delete => p.status = ProductStatus::Deleted,
                ProductOperation::AdjustStock(units) => {
                    p.units = check_units(*units)?;
                    p.status = status_for_stock(p.status, p.units);
                }
                ProductOperation::ApplyDiscount(d) => {
                    p.discount = d.as_ref().map(|(k, v)| Discount::parse(k, *v, p.unit_price)).transpose()?;
                }
            }
            Ok(())
        })
        .await
    }

    /// Reads the caller's product, checks the action against its status, applies `edit` and
    /// writes it on the version read; once more if a checkout changed it in between.
    async fn change(
        &self,
        caller: &Caller,
        id: &str,
        action: ProductAction,
        edit: impl Fn(&mut Product) -> Result<(), SoukError>,
    ) -> Result<Product, SoukError> {
        for attempt in 0..3 {
            let mut p = self.mine(caller, id).await?;
            check_product_action(p.status, action)?;
            edit(&mut p)?;
            p.updated_at = now();
            match self.products.save_product(p).await {
                Ok(saved) => return Ok(saved),
                Err(StoreError::Conflict(_)) if attempt < 2 => continue,
                Err(e) => return Err(internal(e)),
            }
        }
        Err(SoukError::internal("product kept changing"))
    }

    /// `getMyProduct`.
    pub async fn my_product(&self, caller: &Caller, id: &str) -> Result<Product, SoukError> {
        let p = self.mine(caller, id).await?;
        if p.status == ProductStatus::Deleted {
            return Err(not_found(id));
        }
        Ok(p)
    }

    /// `getMyProducts`: one status (or all but deleted), newest change first, and the count.
    pub async fn my_products(
        &self,
        caller: &Caller,
        status: Option<&str>,
        page: Option<i64>,
        size: Option<i64>,
    ) -> Result<(Vec<Product>, u64), SoukError> {
        require_ecommerce(caller)?;
        let status = status.map(str::trim).filter(|s| !s.is_empty()).map(parse_products_filter).transpose()?;
        let (offset, limit) = orders_page(page, Some(size.unwrap_or(PRODUCTS_PAGE_SIZE)))?;
        let q = ProductsQuery { seller_id: caller.account_id(), status, offset, limit };
        self.products.my_products(q).await.map_err(internal)
    }

    /// `getMyProductsCounts`.
    pub async fn my_counts(&self, caller: &Caller) -> Result<Vec<(ProductStatus, u64)>, SoukError> {
        require_ecommerce(caller)?;
        self.products.product_counts(caller.account_id()).await.map_err(internal)
    }

    /// The product an ad carries, if it is for sale or out of stock (the ad view's "Buy").
    pub async fn listed_product(&self, list_id: i64) -> Result<Option<Product>, SoukError> {
        let p = self.products.product_of_listing(list_id).await.map_err(internal)?;
        Ok(p.filter(|p| p.status.is_listed()))
    }
}

struct Checked {
    name: String,
    description: String,
    units: u32,
    unit_price: souk_domain::Money,
    discount: Option<Discount>,
    reference: Option<String>,
    boost_pack: Option<String>,
    ad_type: String,
}
