//! GraphQL operations of Search and browse: `searchAds(filters, offset, limit, sort)` — one
//! page of active ads with premium slots, counts, facets and the location extension — and the
//! shop directory (`getShops`) and shop pages (`getShop`). Each resolver maps its input and
//! makes one service call.
//!
//! Split by concern: `types.rs` (the GraphQL types), `mapping.rs` (service values to types),
//! and here the resolvers.

mod mapping;
mod types;

use super::ads::{my_ad, public_ad};
use super::request::req;
use async_graphql::{Context, Object, Result};
use mapping::*;
use souk_domain::search::{PAGE_SIZE, SearchSort};
use souk_services::search::saved::SaveOutcome;
pub use types::*;

#[derive(Default)]
pub struct SearchQuery;

#[Object]
impl SearchQuery {
    /// The visitor's recent searches (by the `visitorId` header), most recent first.
    async fn get_recent_searches(&self, ctx: &Context<'_>) -> Result<Vec<async_graphql::Json<serde_json::Value>>> {
        let r = req(ctx);
        let Some(visitor) = r.ctx.and_then(|c| c.visitor_id.as_deref()) else {
            return Ok(vec![]);
        };
        let list = r.state.saved_searches.recent(visitor).await.map_err(|e| r.err(e))?;
        Ok(list.iter().map(|f| async_graphql::Json(serde_json::to_value(f).unwrap_or_default())).collect())
    }

    /// The signed-in account's saved searches, newest first.
    async fn get_my_saved_searches(&self, ctx: &Context<'_>) -> Result<Vec<SavedSearchNode>> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let list = r.state.saved_searches.list(&caller).await.map_err(|e| r.err(e))?;
        Ok(list.iter().map(saved_node).collect())
    }

    /// The shop directory (`/boutiques/{location?}/{category?}/{keyword?}`, optional ad-type
    /// suffix): shops by name; `adType` keeps the shops with active ads of that type.
    #[allow(clippy::too_many_arguments)]
    async fn get_shops(
        &self,
        ctx: &Context<'_>,
        city_id: Option<u32>,
        category_id: Option<u32>,
        keyword: Option<String>,
        ad_type: Option<String>,
        offset: Option<i64>,
        limit: Option<i64>,
    ) -> Result<ShopsPage> {
        let r = req(ctx);
        let window = (offset.unwrap_or(0), limit.unwrap_or(PAGE_SIZE as i64));
        let (shops, count) = r
            .state
            .shops
            .shops(city_id, category_id, keyword, ad_type, window.0, window.1)
            .await
            .map_err(|e| r.err(e))?;
        Ok(ShopsPage { shops: shops.iter().map(|s| shop_node(s, &r)).collect(), count })
    }

    /// A shop page (`/boutique/{name}/{category?}`): `name` is the page's segment
    /// (`auto-atlas-7`) or the store id.
    /// `getPopularModels(categoryId)`: the most advertised brands of a category (the cars of
    /// the vehicles home) with their active ads and their most advertised models.
    async fn get_popular_models(
        &self,
        ctx: &Context<'_>,
        category_id: u32,
        brands: Option<u32>,
        models: Option<u32>,
    ) -> Result<Vec<PopularBrandNode>> {
        let r = req(ctx);
        let brands = brands.unwrap_or(12).clamp(1, 30) as usize;
        let models = models.unwrap_or(4).clamp(1, 10) as usize;
        let found = r.state.search.popular_models(category_id, brands, models).await.map_err(|e| r.err(e))?;
        Ok(found
            .into_iter()
            .map(|b| PopularBrandNode {
                slug: b.slug,
                name: b.name,
                count: b.count,
                models: b
                    .models
                    .into_iter()
                    .map(|m| PopularModelNode { slug: m.slug, name: m.name, count: m.count })
                    .collect(),
            })
            .collect())
    }

    /// `getShopPhones(name)`: the phone numbers of the shop page `name` names (its
    /// "show the number" button).
    async fn get_shop_phones(&self, ctx: &Context<'_>, name: String) -> Result<Vec<String>> {
        let r = req(ctx);
        r.state.shops.phones(&name).await.map_err(|e| r.err(e))
    }

    async fn get_shop(
        &self,
        ctx: &Context<'_>,
        name: String,
        category_id: Option<u32>,
        offset: Option<i64>,
        limit: Option<i64>,
    ) -> Result<ShopPageNode> {
        let r = req(ctx);
        let now = souk_services::ads::service::now();
        let p = r
            .state
            .shops
            .shop(&name, category_id, offset.unwrap_or(0), limit.unwrap_or(PAGE_SIZE as i64), now)
            .await
            .map_err(|e| r.err(e))?;
        let tree = r.state.catalog.tree();
        Ok(ShopPageNode {
            shop: shop_node(&p.store, &r),
            ads: p.ads.iter().map(|a| public_ad(my_ad(a, &[], None, r.state, r.lang))).collect(),
            count: p.total,
            categories: p
                .by_category
                .iter()
                .map(|(id, n)| FacetCount {
                    id: *id,
                    name: tree.get(*id).map(|c| c.label.get(r.lang).to_string()).unwrap_or_default(),
                    count: *n,
                })
                .collect(),
        })
    }

    /// Listing search over active ads (see `docs/search.md`): keyword, category, place,
    /// price and parameter filters, sort, offset pagination (page size 12 by default).
    async fn search_ads(
        &self,
        ctx: &Context<'_>,
        filters: Option<SearchFiltersInput>,
        offset: Option<i64>,
        limit: Option<i64>,
        sort: Option<SearchSortInput>,
    ) -> Result<SearchPage> {
        let r = req(ctx);
        let filters = filters.unwrap_or_default().to_filters().map_err(|e| r.err(e))?;
        let sort = match sort.unwrap_or(SearchSortInput::Relevance) {
            SearchSortInput::Relevance => SearchSort::Relevance,
            SearchSortInput::Newest => SearchSort::Newest,
            SearchSortInput::PriceAsc => SearchSort::PriceAsc,
            SearchSortInput::PriceDesc => SearchSort::PriceDesc,
        };
        let now = souk_services::ads::service::now();
        let res = r
            .state
            .search
            .search(&filters, sort, offset.unwrap_or(0), limit.unwrap_or(PAGE_SIZE as i64), now)
            .await
            .map_err(|e| r.err(e))?;
        if let Some(visitor) = r.ctx.and_then(|c| c.visitor_id.as_deref()) {
            // Only a search that was answered is remembered (refused filters never are). Recent
            // searches are a convenience: failing to remember one never fails the search.
            let _ = r.state.saved_searches.remember(visitor, &filters).await;
        }
        let catalog = &r.state.catalog;
        let categories = res
            .by_category
            .iter()
            .map(|(id, n)| FacetCount {
                id: *id,
                name: catalog.tree().get(*id).map(|c| c.label.get(r.lang).to_string()).unwrap_or_default(),
                count: *n,
            })
            .collect();
        let cities = res
            .by_city
            .iter()
            .map(|(id, n)| FacetCount {
                id: *id,
                name: catalog
                    .cities()
                    .iter()
                    .find(|c| c.id == *id)
                    .map(|c| c.label.get(r.lang).to_string())
                    .unwrap_or_default(),
                count: *n,
            })
            .collect();
        Ok(SearchPage {
            ads: res.ads.iter().map(|a| public_ad(my_ad(a, &[], None, r.state, r.lang))).collect(),
            premium: res.premium.iter().map(|a| public_ad(my_ad(a, &[], None, r.state, r.lang))).collect(),
            total: res.total,
            total_capped: res.total_capped,
            extended: res.extended.map(|e| e.as_str().to_string()),
            facets: SearchFacets { categories, cities },
            offset: res.offset,
            limit: res.limit,
            did_you_mean: res.did_you_mean.clone(),
        })
    }
}

#[derive(Default)]
pub struct SearchMutation;

#[Object]
impl SearchMutation {
    /// Saves a search for the signed-in account (alerts: live and daily digest).
    async fn save_search(
        &self,
        ctx: &Context<'_>,
        filters: SearchFiltersInput,
        name: Option<String>,
    ) -> Result<SaveSearchResult> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let filters = filters.to_filters().map_err(|e| r.err(e))?;
        let now = souk_services::ads::service::now();
        let outcome = r
            .state
            .saved_searches
            .save(&caller, &filters, name.as_deref(), now)
            .await
            .map_err(|e| super::errors::with_message_key(&e, r.lang, "saveSearch.error"))?;
        Ok(match outcome {
            SaveOutcome::Saved(s) => SaveSearchResult {
                outcome: "SAVED".into(),
                message_key: "saveSearch.saved".into(),
                message: souk_domain::search::save_search_wording(false, r.lang).into(),
                search: saved_node(&s),
            },
            SaveOutcome::AlreadySaved(s) => SaveSearchResult {
                outcome: "ALREADY_SAVED".into(),
                message_key: "saveSearch.alreadySaved".into(),
                message: souk_domain::search::save_search_wording(true, r.lang).into(),
                search: saved_node(&s),
            },
        })
    }

    /// Deletes one of the signed-in account's saved searches.
    async fn delete_saved_search(&self, ctx: &Context<'_>, id: i64) -> Result<bool> {
        let r = req(ctx);
        let caller = r.caller().await?;
        r.state.saved_searches.delete(&caller, id).await.map_err(|e| r.err(e))?;
        Ok(true)
    }

    /// Turns the alerts of one of the signed-in account's saved searches on or off.
    async fn set_saved_search_alerts(&self, ctx: &Context<'_>, id: i64, enabled: bool) -> Result<SavedSearchNode> {
        let r = req(ctx);
        let caller = r.caller().await?;
        let now = souk_services::ads::service::now();
        let saved = r.state.saved_searches.set_alerts(&caller, id, enabled, now).await.map_err(|e| r.err(e))?;
        Ok(saved_node(&saved))
    }

    /// Forgets the visitor's recent searches.
    async fn clear_recent_searches(&self, ctx: &Context<'_>) -> Result<bool> {
        let r = req(ctx);
        if let Some(visitor) = r.ctx.and_then(|c| c.visitor_id.as_deref()) {
            r.state.saved_searches.clear_recent(visitor).await.map_err(|e| r.err(e))?;
        }
        Ok(true)
    }
}
