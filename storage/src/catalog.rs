//! Reads of the reference data (categories, places, cars) — the `CatalogStore` trait, its
//! SQLite implementation, and the conformance suite every backend must pass.

use crate::error::StoreError;
use crate::sqlite::SqliteStore;
use async_trait::async_trait;
use rusqlite::Row;
use souk_domain::Localized;
use souk_domain::catalog::{Area, CarBrand, CarCatalogue, CarModel, CarOption, Category, City, CityId, Region};

/// Reference data as stored: loaded once at start by the catalog service.
#[async_trait]
pub trait CatalogStore: Send + Sync + 'static {
    /// Every category, hidden ones included, in no particular order.
    async fn categories(&self) -> Result<Vec<Category>, StoreError>;
    async fn regions(&self) -> Result<Vec<Region>, StoreError>;
    async fn cities(&self) -> Result<Vec<City>, StoreError>;
    /// The areas of one city in display order (one partition read).
    async fn areas_of_city(&self, city_id: CityId) -> Result<Vec<Area>, StoreError>;
    async fn car_catalogue(&self) -> Result<CarCatalogue, StoreError>;
}

fn localized(row: &Row, fr: usize) -> rusqlite::Result<Localized> {
    Ok(Localized { fr: row.get(fr)?, ar: row.get(fr + 1)? })
}

fn from_json<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::Corrupt(e.to_string()))
}

#[async_trait]
impl CatalogStore for SqliteStore {
    async fn categories(&self) -> Result<Vec<Category>, StoreError> {
        self.read(|c| {
            let mut st = c.prepare(
                "SELECT id, parent_id, ord, label_fr, label_ar, slug_fr, slug_ar, ad_types, hidden FROM categories",
            )?;
            let rows = st.query_map([], |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    localized(r, 3)?,
                    localized(r, 5)?,
                    r.get::<_, String>(7)?,
                    r.get(8)?,
                ))
            })?;
            let mut out = Vec::new();
            for row in rows {
                let (id, parent_id, order, label, slug, ad_types, hidden) = row?;
                out.push(Category {
                    id,
                    parent_id,
                    children_ids: vec![],
                    order,
                    label,
                    slug,
                    ad_types: from_json(&ad_types)?,
                    hidden,
                });
            }
            Ok(out)
        })
        .await
    }

    async fn regions(&self) -> Result<Vec<Region>, StoreError> {
        self.read(|c| {
            let mut st = c.prepare("SELECT id, label_fr, label_ar, slug_fr, slug_ar FROM regions ORDER BY id")?;
            let rows =
                st.query_map([], |r| Ok(Region { id: r.get(0)?, label: localized(r, 1)?, slug: localized(r, 3)? }))?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await
    }

    async fn cities(&self) -> Result<Vec<City>, StoreError> {
        self.read(|c| {
            let mut st = c.prepare(
                "SELECT id, region_id, label_fr, label_ar, slug_fr, slug_ar, latitude, longitude, population
                 FROM cities ORDER BY id",
            )?;
            let rows = st.query_map([], |r| {
                Ok(City {
                    id: r.get(0)?,
                    region_id: r.get(1)?,
                    label: localized(r, 2)?,
                    slug: localized(r, 4)?,
                    latitude: r.get(6)?,
                    longitude: r.get(7)?,
                    population: r.get(8)?,
                })
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await
    }

    async fn areas_of_city(&self, city_id: CityId) -> Result<Vec<Area>, StoreError> {
        self.read(move |c| {
            let mut st = c.prepare(
                "SELECT id, label_fr, label_ar, slug_fr, slug_ar FROM areas WHERE city_id = ?1 ORDER BY ord",
            )?;
            let rows = st.query_map([city_id], |r| {
                Ok(Area { id: r.get(0)?, city_id, label: localized(r, 1)?, slug: localized(r, 3)? })
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await
    }

    async fn car_catalogue(&self) -> Result<CarCatalogue, StoreError> {
        self.read(|c| {
            let mut options = c.prepare("SELECT kind, key, label_fr, label_ar FROM car_options ORDER BY kind, ord")?;
            let mut catalogue = CarCatalogue::default();
            for row in options.query_map([], |r| Ok((r.get::<_, String>(0)?, CarOption { key: r.get(1)?, label: localized(r, 2)? })))? {
                let (kind, option) = row?;
                match kind.as_str() {
                    "fuel" => catalogue.fuels.push(option),
                    _ => catalogue.gearboxes.push(option),
                }
            }
            let mut brands = c.prepare("SELECT id, name, slug FROM car_brands ORDER BY ord")?;
            let mut models = c.prepare(
                "SELECT id, name, slug, year_from, year_to, fuels, gearboxes FROM car_models WHERE brand_id = ?1 ORDER BY ord",
            )?;
            let brand_rows = brands
                .query_map([], |r| Ok((r.get::<_, u32>(0)?, r.get::<_, String>(1)?, r.get::<_, String>(2)?)))?
                .collect::<Result<Vec<_>, _>>()?;
            for (id, name, slug) in brand_rows {
                let mut brand = CarBrand { id, name, slug, models: vec![] };
                let rows = models.query_map([id], |r| {
                    Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get::<_, String>(5)?, r.get::<_, String>(6)?))
                })?;
                for row in rows {
                    let (id, name, slug, year_from, year_to, fuels, gearboxes) = row?;
                    brand.models.push(CarModel {
                        id,
                        name,
                        slug,
                        year_from,
                        year_to,
                        fuels: from_json(&fuels)?,
                        gearboxes: from_json(&gearboxes)?,
                    });
                }
                catalogue.brands.push(brand);
            }
            Ok(catalogue)
        })
        .await
    }
}

/// The conformance suite of `CatalogStore`: a backend loaded with the shipped reference data
/// must give it back exactly. Run by `storage/tests/catalog_conformance.rs` on every backend.
pub mod conformance {
    use super::*;
    use crate::reference::Reference;

    fn sorted<T: Clone, K: Ord>(items: &[T], key: impl Fn(&T) -> K) -> Vec<T> {
        let mut v = items.to_vec();
        v.sort_by_key(key);
        v
    }

    /// Categories come back whole (labels, slugs, ad types, hidden flags), parents intact.
    pub async fn categories_round_trip(store: &dyn CatalogStore) {
        let expected = Reference::embedded().expect("shipped reference data");
        let mut got = store.categories().await.expect("categories");
        got.sort_by_key(|c| c.id);
        let want: Vec<Category> = sorted(expected.categories.all(), |c| c.id)
            .into_iter()
            .map(|c| Category { children_ids: vec![], ..c })
            .collect();
        assert_eq!(got, want);
    }

    /// Regions, cities and every city's areas (in display order) come back whole.
    pub async fn places_round_trip(store: &dyn CatalogStore) {
        let expected = Reference::embedded().expect("shipped reference data");
        assert_eq!(store.regions().await.expect("regions"), sorted(&expected.regions, |r| r.id));
        assert_eq!(store.cities().await.expect("cities"), sorted(&expected.cities, |c| c.id));
        for city in &expected.cities {
            let want: Vec<Area> = expected.areas_of(city.id).cloned().collect();
            assert_eq!(store.areas_of_city(city.id).await.expect("areas"), want, "areas of city {}", city.id);
        }
        assert_eq!(store.areas_of_city(999_999).await.expect("unknown city"), vec![]);
    }

    /// The car catalogue comes back whole, brands and models in order.
    pub async fn cars_round_trip(store: &dyn CatalogStore) {
        let expected = Reference::embedded().expect("shipped reference data");
        assert_eq!(store.car_catalogue().await.expect("cars"), expected.cars);
    }
}
