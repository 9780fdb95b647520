//! The reference data shipped with Souk (categories, regions, cities, areas, cars), parsed
//! from the JSON files in `storage/reference/` that are compiled into the binary and loaded
//! into the store by migration. Validation here is what keeps a typo out of production.

use souk_domain::Localized;
use souk_domain::catalog::{Area, CarCatalogue, Category, CategoryTree, CategoryTreeError, City, Region};
use std::collections::HashSet;

const CATEGORIES: &str = include_str!("../reference/categories.json");
const REGIONS: &str = include_str!("../reference/regions.json");
const CITIES: &str = include_str!("../reference/cities.json");
const AREAS: &str = include_str!("../reference/areas.json");
const CARS: &str = include_str!("../reference/cars.json");

/// What is wrong with a reference data set.
#[derive(Debug, thiserror::Error)]
pub enum ReferenceError {
    #[error("{file}: {source}")]
    Json { file: &'static str, source: serde_json::Error },
    #[error("categories: {0}")]
    Tree(#[from] CategoryTreeError),
    #[error("{0}")]
    Invalid(String),
}

/// All reference data, validated.
#[derive(Debug, Clone)]
pub struct Reference {
    pub categories: CategoryTree,
    pub regions: Vec<Region>,
    pub cities: Vec<City>,
    pub areas: Vec<Area>,
    pub cars: CarCatalogue,
}

/// The raw texts of a reference data set, one JSON document each.
pub struct ReferenceSources<'a> {
    pub categories: &'a str,
    pub regions: &'a str,
    pub cities: &'a str,
    pub areas: &'a str,
    pub cars: &'a str,
}

impl Reference {
    /// The data set compiled into this binary.
    pub fn embedded() -> Result<Reference, ReferenceError> {
        Reference::parse(ReferenceSources {
            categories: CATEGORIES,
            regions: REGIONS,
            cities: CITIES,
            areas: AREAS,
            cars: CARS,
        })
    }

    /// Parses and validates a data set.
    pub fn parse(src: ReferenceSources<'_>) -> Result<Reference, ReferenceError> {
        fn json<T: serde::de::DeserializeOwned>(file: &'static str, text: &str) -> Result<T, ReferenceError> {
            serde_json::from_str(text).map_err(|source| ReferenceError::Json { file, source })
        }
        let categories: Vec<Category> = json("categories.json", src.categories)?;
        let reference = Reference {
            categories: CategoryTree::build(categories)?,
            regions: json("regions.json", src.regions)?,
            cities: json("cities.json", src.cities)?,
            areas: json("areas.json", src.areas)?,
            cars: json("cars.json", src.cars)?,
        };
        reference.validate()?;
        Ok(reference)
    }

    fn validate(&self) -> Result<(), ReferenceError> {
        let invalid = |msg: String| Err(ReferenceError::Invalid(msg));
        let bilingual = |what: &str, l: &Localized| -> Result<(), ReferenceError> {
            let has_arabic = l.ar.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c));
            if l.fr.trim().is_empty() || !has_arabic {
                return Err(ReferenceError::Invalid(format!("{what} needs a French and an Arabic text")));
            }
            Ok(())
        };
        for c in self.categories.all() {
            bilingual(&format!("category {} label", c.id), &c.label)?;
            bilingual(&format!("category {} slug", c.id), &c.slug)?;
            for t in &c.ad_types {
                bilingual(&format!("category {} ad type {}", c.id, t.key), &t.label)?;
            }
        }
        let region_ids = unique_ids("region", self.regions.iter().map(|r| r.id))?;
        for r in &self.regions {
            bilingual(&format!("region {}", r.id), &r.label)?;
        }
        let city_ids = unique_ids("city", self.cities.iter().map(|c| c.id))?;
        for c in &self.cities {
            bilingual(&format!("city {}", c.id), &c.label)?;
            if !region_ids.contains(&c.region_id) {
                return invalid(format!("city {} names unknown region {}", c.id, c.region_id));
            }
            if !(20.0..=36.5).contains(&c.latitude) || !(-17.5..=-0.9).contains(&c.longitude) {
                return invalid(format!("city {} has coordinates outside Morocco", c.id));
            }
        }
        unique_ids("area", self.areas.iter().map(|a| a.id))?;
        for a in &self.areas {
            bilingual(&format!("area {}", a.id), &a.label)?;
            if !city_ids.contains(&a.city_id) {
                return invalid(format!("area {} names unknown city {}", a.id, a.city_id));
            }
        }
        let fuels: HashSet<&str> = self.cars.fuels.iter().map(|f| f.key.as_str()).collect();
        let gearboxes: HashSet<&str> = self.cars.gearboxes.iter().map(|g| g.key.as_str()).collect();
        unique_ids("car brand", self.cars.brands.iter().map(|b| b.id))?;
        unique_ids("car model", self.cars.brands.iter().flat_map(|b| b.models.iter().map(|m| m.id)))?;
        for m in self.cars.brands.iter().flat_map(|b| &b.models) {
            if let Some(f) = m.fuels.iter().find(|f| !fuels.contains(f.as_str())) {
                return invalid(format!("car model {} names unknown fuel {f}", m.id));
            }
            if let Some(g) = m.gearboxes.iter().find(|g| !gearboxes.contains(g.as_str())) {
                return invalid(format!("car model {} names unknown gearbox {g}", m.id));
            }
        }
        Ok(())
    }

    /// The areas of one city, in display order.
    pub fn areas_of(&self, city_id: u32) -> impl Iterator<Item = &Area> {
        self.areas.iter().filter(move |a| a.city_id == city_id)
    }
}

fn unique_ids(what: &str, ids: impl Iterator<Item = u32>) -> Result<HashSet<u32>, ReferenceError> {
    let mut seen = HashSet::new();
    for id in ids {
        if !seen.insert(id) {
            return Err(ReferenceError::Invalid(format!("{what} id {id} appears twice")));
        }
    }
    Ok(seen)
}

#[cfg(test)]
mod tests {
    use super::*;
    use souk_domain::catalog::{MULTIMEDIA_CATEGORY_IDS, REAL_ESTATE_CATEGORY_IDS, VEHICLE_CATEGORY_IDS, Vertical};

    fn embedded() -> Reference {
        match Reference::embedded() {
            Ok(r) => r,
            Err(e) => panic!("the shipped reference data is invalid: {e}"),
        }
    }

    #[test]
    fn reference_categories_hold_every_spec_id_under_the_right_vertical() {
        let r = embedded();
        for id in REAL_ESTATE_CATEGORY_IDS {
            assert_eq!(r.categories.vertical_of(id), Some(Vertical::RealEstate), "category {id}");
        }
        for id in VEHICLE_CATEGORY_IDS {
            assert_eq!(r.categories.vertical_of(id), Some(Vertical::Vehicles), "category {id}");
        }
        for id in MULTIMEDIA_CATEGORY_IDS {
            assert_eq!(r.categories.vertical_of(id), Some(Vertical::Market), "category {id}");
        }
        let jobs =
            r.categories.all().iter().filter(|c| r.categories.vertical_of(c.id) == Some(Vertical::JobsAndServices));
        assert!(jobs.count() >= 5, "jobs and services need categories");
        assert!(r.categories.all().iter().any(|c| c.hidden), "some legacy (missing) categories");
        assert!(r.categories.leaves().all(|c| !c.ad_types.is_empty()), "every leaf has ad types");
    }

    #[test]
    fn reference_places_cover_morocco() {
        let r = embedded();
        assert_eq!(r.regions.len(), 12);
        assert!(r.cities.len() >= 60, "{} cities", r.cities.len());
        let mut by_population = r.cities.clone();
        by_population.sort_by_key(|c| std::cmp::Reverse(c.population));
        for city in by_population.iter().take(10) {
            assert!(r.areas_of(city.id).count() >= 5, "{} needs its neighbourhoods", city.label.fr);
        }
        assert!(r.cities.iter().any(|c| c.label.fr == "Casablanca" && c.label.ar == "الدار البيضاء"));
    }

    #[test]
    fn reference_cars_have_brands_models_fuels_and_gearboxes() {
        let r = embedded();
        assert!(r.cars.brands.len() >= 25);
        assert!(r.cars.brands.iter().any(|b| b.name == "Dacia" && b.models.iter().any(|m| m.name == "Logan")));
        assert!(r.cars.fuels.iter().any(|f| f.key == "diesel"));
        assert!(r.cars.gearboxes.iter().any(|g| g.key == "automatique"));
    }

    #[test]
    fn reference_rejects_broken_sets() {
        let src = |categories, cities, areas| ReferenceSources {
            categories,
            regions: r#"[{"id":1,"label":{"fr":"R","ar":"ج"},"slug":{"fr":"r","ar":"ج"}}]"#,
            cities,
            areas,
            cars: r#"{"fuels":[],"gearboxes":[],"brands":[]}"#,
        };
        let city = r#"[{"id":1,"regionId":1,"label":{"fr":"Fès","ar":"فاس"},"slug":{"fr":"fes","ar":"فاس"},"latitude":34.03,"longitude":-5.0,"population":1}]"#;
        let root = r#"[{"id":10000,"parentId":null,"order":1,"label":{"fr":"Immobilier","ar":"عقار"},"slug":{"fr":"immobilier","ar":"عقار"},"adTypes":[]}]"#;
        assert!(Reference::parse(src(root, city, "[]")).is_ok());
        assert!(matches!(
            Reference::parse(src("{", city, "[]")),
            Err(ReferenceError::Json { file: "categories.json", .. })
        ));
        let orphan_area = r#"[{"id":1,"cityId":9,"label":{"fr":"A","ar":"ح"},"slug":{"fr":"a","ar":"ح"}}]"#;
        assert!(matches!(Reference::parse(src(root, city, orphan_area)), Err(ReferenceError::Invalid(_))));
        let french_only = root.replace("عقار", "Aqar");
        assert!(matches!(Reference::parse(src(&french_only, city, "[]")), Err(ReferenceError::Invalid(_))));
    }
}
