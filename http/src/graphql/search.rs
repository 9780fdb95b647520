//! GraphQL operations of Search and browse: `searchAds(filters, offset, limit, sort)` — one
//! page of active ads with premium slots, counts, facets and the location extension — and the
//! shop directory (`getShops`) and shop pages (`getShop`). Each resolver maps its input and
//! makes one service call.

use super::ads::{MyAd, my_ad, public_ad};
use super::request::req;
use async_graphql::{Context, Enum, InputObject, Object, Result, SimpleObject};
use souk_domain::catalog::Vertical;
use souk_domain::search::{PAGE_SIZE, Range, SearchFilters, SearchSort, SellerKind};
use souk_domain::{ErrorCode, SoukError};
use souk_services::search::saved::SaveOutcome;

/// The order of results.
#[derive(Enum, Copy, Clone, Eq, PartialEq)]
pub enum SearchSortInput {
    Relevance,
    Newest,
    PriceAsc,
    PriceDesc,
}

/// Private or shop sellers only.
#[derive(Enum, Copy, Clone, Eq, PartialEq)]
pub enum SellerKindInput {
    Private,
    Shop,
}

/// What to search; every field is optional. Prices in dirhams.
#[derive(InputObject, Default)]
pub struct SearchFiltersInput {
    pub keyword: Option<String>,
    pub category_id: Option<u32>,
    /// market, vehicles, real_estate or jobs_and_services.
    pub vertical: Option<String>,
    pub ad_type: Option<String>,
    pub region_id: Option<u32>,
    pub city_id: Option<u32>,
    pub area_id: Option<u32>,
    pub price_min: Option<i64>,
    pub price_max: Option<i64>,
    pub brand: Option<String>,
    pub model: Option<String>,
    pub year_min: Option<i64>,
    pub year_max: Option<i64>,
    pub mileage_min: Option<i64>,
    pub mileage_max: Option<i64>,
    pub rooms_min: Option<i64>,
    pub rooms_max: Option<i64>,
    pub surface_min: Option<i64>,
    pub surface_max: Option<i64>,
    pub with_photos: Option<bool>,
    pub delivery: Option<bool>,
    pub urgent: Option<bool>,
    pub hotdeal: Option<bool>,
    pub seller: Option<SellerKindInput>,
    pub verified_seller: Option<bool>,
}

impl SearchFiltersInput {
    pub fn to_filters(&self) -> Result<SearchFilters, SoukError> {
        let vertical = match self.vertical.as_deref() {
            None | Some("") => None,
            Some(k) => Some(
                Vertical::ALL
                    .into_iter()
                    .find(|v| v.key() == k)
                    .ok_or_else(|| SoukError::with_detail(ErrorCode::CategoryNotFound, format!("vertical {k}")))?,
            ),
        };
        let range = |min: Option<i64>, max: Option<i64>| Range { min, max };
        Ok(SearchFilters {
            keyword: self.keyword.clone(),
            category_id: self.category_id,
            vertical,
            ad_type: self.ad_type.clone().filter(|t| !t.is_empty()),
            region_id: self.region_id,
            city_id: self.city_id,
            area_id: self.area_id,
            price: range(self.price_min, self.price_max),
            brand: self.brand.clone(),
            model: self.model.clone(),
            year: range(self.year_min, self.year_max),
            mileage: range(self.mileage_min, self.mileage_max),
            rooms: range(self.rooms_min, self.rooms_max),
            surface: range(self.surface_min, self.surface_max),
            with_photos: self.with_photos.unwrap_or(false),
            delivery: self.delivery.unwrap_or(false),
            urgent: self.urgent.unwrap_or(false),
            hotdeal: self.hotdeal.unwrap_or(false),
            seller: self.seller.map(|s| match s {
                SellerKindInput::Private => SellerKind::Private,
                SellerKindInput::Shop => SellerKind::Shop,
            }),
            verified_seller: self.verified_seller.unwrap_or(false),
        })
    }
}

/// A facet entry: a category or a city with its number of matches.
#[derive(SimpleObject)]
pub struct FacetCount {
    pub id: u32,
    pub name: String,
    pub count: u64,
}

#[derive(SimpleObject)]
pub struct SearchFacets {
    pub categories: Vec<FacetCount>,
    pub cities: Vec<FacetCount>,
}

/// One page of search results.
#[derive(SimpleObject)]
pub struct SearchPage {
    pub ads: Vec<MyAd>,
    /// Gallery and special ads for this page's premium slots, shown first.
    pub premium: Vec<MyAd>,
    pub total: u64,
    /// The count stopped at its cap: there are at least `total` matches.
    pub total_capped: bool,
    /// CITY, REGION or COUNTRY when the location asked for had too few matches.
    pub extended: Option<String>,
    pub facets: SearchFacets,
    pub offset: u64,
    pub limit: u32,
    /// The keyword had fewer than three matches and a close spelling finds more: that spelling,
    /// to offer as "did you mean …" (a link to the same search with it). When the keyword found
    /// nothing, `ads` are already the corrected keyword's.
    pub did_you_mean: Option<String>,
}

/// A saved search of the signed-in account.
#[derive(SimpleObject)]
pub struct SavedSearchNode {
    pub id: i64,
    pub name: String,
    /// The filters, in the shape of `SearchFiltersInput`'s domain form.
    pub filters: async_graphql::Json<serde_json::Value>,
    pub created_at: String,
    /// New matches are announced (live while online, else in the daily digest).
    pub alerts_enabled: bool,
}

fn saved_node(s: &souk_storage::search::SavedSearch) -> SavedSearchNode {
    SavedSearchNode {
        id: s.search_id,
        name: s.name.clone(),
        filters: async_graphql::Json(serde_json::from_str(&s.filters).unwrap_or_default()),
        created_at: souk_domain::time::rfc3339(s.created_at),
        alerts_enabled: s.alerts,
    }
}

/// Spec §8 "Save search": `SAVED` or `ALREADY_SAVED` with its message key (errors carry theirs).
#[derive(SimpleObject)]
pub struct SaveSearchResult {
    pub outcome: String,
    pub message_key: String,
    /// The answer's wording in the request's language (fr or ar).
    pub message: String,
    pub search: SavedSearchNode,
}

/// A shop as the directory and its page show it.
#[derive(SimpleObject)]
pub struct ShopNode {
    pub store_id: i64,
    pub name: String,
    /// The `/boutique/{name}` segment of its page.
    pub slug: String,
    pub url: String,
    pub city: Option<String>,
    pub category_id: Option<u32>,
    pub short_description: String,
    pub description: String,
    pub address: String,
    pub website: Option<String>,
    pub logo: Option<String>,
    pub is_verified_seller: bool,
    pub offers_delivery: bool,
}

#[derive(SimpleObject)]
pub struct ShopsPage {
    pub shops: Vec<ShopNode>,
    pub count: u64,
}

/// A shop page: the shop, a page of its active ads and their counts by category.
#[derive(SimpleObject)]
pub struct ShopPageNode {
    pub shop: ShopNode,
    pub ads: Vec<MyAd>,
    pub count: u64,
    pub categories: Vec<FacetCount>,
}

/// A brand of the vehicles home: its slug (as listing filters name it), name, active ads and
/// most advertised models.
#[derive(SimpleObject)]
pub struct PopularBrandNode {
    pub slug: String,
    pub name: String,
    pub count: u64,
    pub models: Vec<PopularModelNode>,
}

#[derive(SimpleObject)]
pub struct PopularModelNode {
    pub slug: String,
    pub name: String,
    pub count: u64,
}

fn shop_node(s: &souk_storage::accounts::StoredStore, r: &super::request::Req<'_>) -> ShopNode {
    let url = souk_domain::listing_url::shop_path(r.lang, &s.name, s.store_id);
    ShopNode {
        store_id: s.store_id,
        name: s.name.clone(),
        slug: url.rsplit('/').next().unwrap_or_default().to_string(),
        url,
        city: s
            .city_id
            .and_then(|id| r.state.catalog.cities().iter().find(|c| c.id == id))
            .map(|c| c.label.get(r.lang).to_string()),
        category_id: s.category_id,
        short_description: s.description_short.clone(),
        description: s.description_long.clone(),
        address: s.address.clone(),
        website: s.website.clone(),
        logo: s.logo_key.as_ref().map(|k| r.state.media.public_path(k)),
        is_verified_seller: s.is_verified_seller,
        offers_delivery: s.offers_delivery,
    }
}

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
