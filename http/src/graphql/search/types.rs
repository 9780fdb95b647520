//! The GraphQL types of search and browse: the search page, premium slots, facets, saved
//! searches, shops and shop pages, and the filter inputs.

use crate::graphql::ads::MyAd;
use async_graphql::{Enum, InputObject, SimpleObject};

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
