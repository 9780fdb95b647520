//! Shop directory (`/boutiques/{location?}/{category?}/{keyword?}`) and shop pages
//! (`/boutique/{name}`): shops by city, category and name, one shop with its active ads, and a
//! shop's phone numbers when a visitor asks for them.

use super::service::SearchService;
use souk_domain::listing_url::shop_id_of;
use souk_domain::search::{SearchFilters, check_window};
use souk_domain::{ErrorCode, SoukError};
use souk_storage::accounts::{AccountStore, StoredStore};
use souk_storage::ads::StoredAd;
use souk_storage::search::{PageRequest, SearchStore, ShopQuery};
use std::sync::Arc;

/// One shop with a page of its active ads and their counts by category.
#[derive(Debug, Clone, PartialEq)]
pub struct ShopPage {
    pub store: StoredStore,
    pub ads: Vec<StoredAd>,
    pub total: u64,
    pub by_category: Vec<(u32, u64)>,
}

pub struct ShopService {
    store: Arc<dyn SearchStore>,
    accounts: Arc<dyn AccountStore>,
    search: Arc<SearchService>,
}

fn internal(e: souk_storage::StoreError) -> SoukError {
    SoukError::internal(e)
}

fn shop_not_found(name: &str) -> SoukError {
    SoukError::with_detail(ErrorCode::NotFound, format!("shop {name}"))
}

impl ShopService {
    pub fn new(
        store: Arc<dyn SearchStore>,
        accounts: Arc<dyn AccountStore>,
        search: Arc<SearchService>,
    ) -> ShopService {
        ShopService { store, accounts, search }
    }

    /// `getShops`: shops of a city and category whose name holds the keyword, by name; with an
    /// ad type (the directory's `_{ad-type}` suffix), only shops with active ads of that type.
    pub async fn shops(
        &self,
        city_id: Option<u32>,
        category_id: Option<u32>,
        keyword: Option<String>,
        ad_type: Option<String>,
        offset: i64,
        limit: i64,
    ) -> Result<(Vec<StoredStore>, u64), SoukError> {
        let (offset, limit) = check_window(offset, limit)?;
        let ad_type = ad_type.filter(|t| !t.is_empty());
        // Unknown places, categories and ad types are refused the way a search refuses them.
        self.search.resolve(&SearchFilters {
            city_id,
            category_id,
            ad_type: ad_type.clone(),
            ..SearchFilters::default()
        })?;
        let query = ShopQuery { city_id, category_id, keyword, ad_type, offset, limit };
        let (ids, total) = self.store.shops(query).await.map_err(internal)?;
        let mut out = Vec::with_capacity(ids.len());
        for id in ids {
            out.extend(self.accounts.find_store(id).await.map_err(internal)?);
        }
        Ok((out, total))
    }

    /// `getShop(name)`: the shop named by a `/boutique/{name}` segment (`auto-atlas-7` or `7`)
    /// with a page of its active ads, optionally of one category.
    pub async fn shop(
        &self,
        name: &str,
        category_id: Option<u32>,
        offset: i64,
        limit: i64,
        now: i64,
    ) -> Result<ShopPage, SoukError> {
        let (offset, limit) = check_window(offset, limit)?;
        let id = shop_id_of(name).ok_or_else(|| shop_not_found(name))?;
        let store = self.accounts.find_store(id).await.map_err(internal)?.ok_or_else(|| shop_not_found(name))?;
        let mut q = self.search.resolve(&SearchFilters { category_id, ..SearchFilters::default() })?;
        q.account_id = Some(store.account_id);
        let page = PageRequest {
            sort: souk_domain::search::SearchSort::Newest,
            offset,
            limit,
            premium_slots: 0,
            page: 0,
            now,
            with_facets: true,
        };
        let p = self.store.search_listing(q, page).await.map_err(internal)?;
        Ok(ShopPage { store, ads: p.ads, total: p.total, by_category: p.by_category })
    }

    /// The shop's phone numbers (up to three, spec §3), shown on its page when a visitor asks
    /// for them (the numbers are not part of the page's data, so a page read is not a number
    /// read).
    pub async fn phones(&self, name: &str) -> Result<Vec<String>, SoukError> {
        let id = shop_id_of(name).ok_or_else(|| shop_not_found(name))?;
        let store = self.accounts.find_store(id).await.map_err(internal)?.ok_or_else(|| shop_not_found(name))?;
        Ok(store.phones.into_iter().filter(|p| !p.trim().is_empty()).collect())
    }
}
