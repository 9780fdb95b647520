//! What the sitemaps list (`/sitemap.xml` and its pages, written by http/src/web/sitemap.rs):
//! how many active ads and shops there are, one page of shops (name and id) and one page of
//! active ads, read through the search and account stores.

use souk_domain::SoukError;
use souk_storage::accounts::AccountStore;
use souk_storage::search::{SearchStore, ShopQuery, SitemapAd};
use std::sync::Arc;

pub struct SitemapService {
    search: Arc<dyn SearchStore>,
    accounts: Arc<dyn AccountStore>,
}

impl SitemapService {
    pub fn new(search: Arc<dyn SearchStore>, accounts: Arc<dyn AccountStore>) -> SitemapService {
        SitemapService { search, accounts }
    }

    /// How many active ads and how many shops the sitemaps list.
    pub async fn counts(&self) -> Result<(u64, u64), SoukError> {
        let ads = self.search.active_count().await.map_err(SoukError::internal)?;
        let shops =
            self.search.shops(ShopQuery { limit: 1, ..ShopQuery::default() }).await.map_err(SoukError::internal)?.1;
        Ok((ads, shops))
    }

    /// One page of shops by name: each shop's name and store id.
    pub async fn shops(&self, offset: u64, limit: u32) -> Result<Vec<(String, i64)>, SoukError> {
        let (ids, _) = self
            .search
            .shops(ShopQuery { offset, limit, ..ShopQuery::default() })
            .await
            .map_err(SoukError::internal)?;
        let mut out = Vec::with_capacity(ids.len());
        for id in ids {
            if let Some(s) = self.accounts.find_store(id).await.map_err(SoukError::internal)? {
                out.push((s.name, s.store_id));
            }
        }
        Ok(out)
    }

    /// One page of active ads by list id.
    pub async fn ads(&self, offset: u64, limit: u32) -> Result<Vec<SitemapAd>, SoukError> {
        self.search.sitemap_ads(offset, limit).await.map_err(SoukError::internal)
    }
}
