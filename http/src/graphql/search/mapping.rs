//! From the search services' values to the GraphQL types of `types.rs` (saved searches, shops),
//! and the filters as typed to the domain's `SearchFilters`.

use super::types::*;
use async_graphql::Result;
use souk_domain::catalog::Vertical;
use souk_domain::search::{Range, SearchFilters, SellerKind};
use souk_domain::{ErrorCode, SoukError};

pub(super) fn saved_node(s: &souk_storage::search::SavedSearch) -> SavedSearchNode {
    SavedSearchNode {
        id: s.search_id,
        name: s.name.clone(),
        filters: async_graphql::Json(serde_json::from_str(&s.filters).unwrap_or_default()),
        created_at: souk_domain::time::rfc3339(s.created_at),
        alerts_enabled: s.alerts,
    }
}

pub(super) fn shop_node(s: &souk_storage::accounts::StoredStore, r: &crate::graphql::request::Req<'_>) -> ShopNode {
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
