//! The catalog service: the category tree, cities, areas and cars, read once from the store
//! at start (reference data changes only with a migration) and answered from memory:
//! `getCategories`, `getCitiesFormattedNext`, `getPopularCitiesFormattedNext`, `getAreas`, and
//! the car catalogue the ad form's car parameters choose from (`getCarBrands`, `getCarModels`,
//! `getCarFuels`, `getCarGearboxes`).

use souk_domain::catalog::{
    Area, CarBrand, CarCatalogue, CarModel, CarOption, Category, CategoryTree, CategoryTreeError, City, CityId, Region,
};
use souk_domain::text::fold;
use souk_domain::{ErrorCode, Lang, SoukError};
use souk_storage::StoreError;
use souk_storage::catalog::CatalogStore;
use std::collections::HashMap;

/// The widest window `getCitiesFormattedNext` answers at once.
pub const MAX_CITY_WINDOW: usize = 100;
/// The longest keyword a location search accepts.
pub const MAX_KEYWORD_CHARS: usize = 100;
/// How many popular cities the home page shows on a phone and on a desktop.
pub const POPULAR_CITIES_MOBILE: usize = 6;
pub const POPULAR_CITIES_DESKTOP: usize = 12;

/// Why the catalog could not load.
#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Tree(#[from] CategoryTreeError),
}

/// Whether a location option is a whole city or one of its areas.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LocationType {
    City,
    Area,
}

impl LocationType {
    pub fn as_str(self) -> &'static str {
        match self {
            LocationType::City => "city",
            LocationType::Area => "area",
        }
    }
}

/// One entry of a location picker: `label` in the request language; `value` is the city id
/// (`"5"`) or, for an area, the city and area ids (`"1:101"`).
#[derive(Debug, Clone, PartialEq)]
pub struct LocationOption {
    pub label: String,
    pub value: String,
    pub kind: LocationType,
    pub city_id: CityId,
    pub area_id: Option<u32>,
    pub slug: String,
}

/// A window of a location search and how many entries match in all.
#[derive(Debug, Clone, PartialEq)]
pub struct LocationPage {
    pub cities: Vec<LocationOption>,
    pub count: usize,
}

struct Searchable {
    option_fr: LocationOption,
    option_ar: LocationOption,
    keys: Vec<String>,
    population: u32,
}

/// Reference data in memory, with a folded search index over cities and areas.
pub struct CatalogService {
    tree: CategoryTree,
    regions: Vec<Region>,
    cities: Vec<City>,
    areas: HashMap<CityId, Vec<Area>>,
    cars: CarCatalogue,
    searchable: Vec<Searchable>,
}

impl CatalogService {
    /// Reads every piece of reference data once (one read per city for its areas).
    pub async fn load(store: &dyn CatalogStore) -> Result<CatalogService, CatalogError> {
        let tree = CategoryTree::build(store.categories().await?)?;
        let regions = store.regions().await?;
        let cities = store.cities().await?;
        let mut areas = HashMap::new();
        for city in &cities {
            areas.insert(city.id, store.areas_of_city(city.id).await?);
        }
        let cars = store.car_catalogue().await?;
        let searchable = index(&cities, &areas);
        Ok(CatalogService { tree, regions, cities, areas, cars, searchable })
    }

    pub fn tree(&self) -> &CategoryTree {
        &self.tree
    }

    /// The category tree, parents before children; hidden ("missing") categories only when asked.
    pub fn categories(&self, with_missing_cats: bool) -> Vec<&Category> {
        self.tree.visible(with_missing_cats)
    }

    pub fn regions(&self) -> &[Region] {
        &self.regions
    }

    pub fn cities(&self) -> &[City] {
        &self.cities
    }

    pub fn cars(&self) -> &CarCatalogue {
        &self.cars
    }

    /// The car brands in display order: the values of a car's `brand` parameter.
    pub fn car_brands(&self) -> &[CarBrand] {
        &self.cars.brands
    }

    /// The models of a brand in display order: the values of a car's `model` parameter once
    /// that brand is chosen. An unknown brand is the parameter error the ad form would get.
    pub fn car_models(&self, brand: &str) -> Result<&[CarModel], SoukError> {
        self.cars.brand(brand.trim()).map(|b| b.models.as_slice()).ok_or_else(|| {
            SoukError::with_detail(ErrorCode::InvalidParam, format!("params.brand: no car brand '{brand}'"))
        })
    }

    /// The fuels a car's `fuel` parameter chooses from.
    pub fn car_fuels(&self) -> &[CarOption] {
        &self.cars.fuels
    }

    /// The gearboxes a car's `gearbox` parameter chooses from.
    pub fn car_gearboxes(&self) -> &[CarOption] {
        &self.cars.gearboxes
    }

    /// The window `start_index..=stop_index` of the cities (no keyword: every city, by
    /// label) or of the cities and areas matching `keyword` (best match first, then the
    /// biggest city), with the total `count`.
    pub fn cities_formatted(
        &self,
        lang: Lang,
        start_index: i64,
        stop_index: i64,
        keyword: Option<&str>,
    ) -> Result<LocationPage, SoukError> {
        if start_index < 0 || stop_index < start_index {
            return Err(SoukError::with_detail(
                ErrorCode::InvalidArgument,
                "startIndex must be at least 0 and stopIndex at least startIndex",
            ));
        }
        let width = (stop_index - start_index) as u64 + 1;
        if width > MAX_CITY_WINDOW as u64 {
            return Err(SoukError::with_detail(
                ErrorCode::InvalidArgument,
                format!("at most {MAX_CITY_WINDOW} cities at once"),
            ));
        }
        let keyword = keyword.map(str::trim).filter(|k| !k.is_empty());
        if keyword.is_some_and(|k| k.chars().count() > MAX_KEYWORD_CHARS) {
            return Err(SoukError::with_detail(
                ErrorCode::InvalidArgument,
                format!("keyword longer than {MAX_KEYWORD_CHARS} characters"),
            ));
        }
        let pick = |s: &Searchable| match lang {
            Lang::Fr => s.option_fr.clone(),
            Lang::Ar => s.option_ar.clone(),
        };
        let matches: Vec<LocationOption> = match keyword {
            None => {
                let mut all: Vec<LocationOption> =
                    self.searchable.iter().filter(|s| s.option_fr.kind == LocationType::City).map(pick).collect();
                all.sort_by_cached_key(|o| fold(&o.label));
                all
            }
            Some(k) => {
                let needle = fold(k);
                let mut ranked: Vec<(u8, bool, std::cmp::Reverse<u32>, &Searchable)> = self
                    .searchable
                    .iter()
                    .filter_map(|s| {
                        let rank = s.keys.iter().filter_map(|key| match_rank(key, &needle)).min()?;
                        Some((rank, s.option_fr.kind == LocationType::Area, std::cmp::Reverse(s.population), s))
                    })
                    .collect();
                ranked.sort_by(|a, b| {
                    (a.0, a.1, a.2).cmp(&(b.0, b.1, b.2)).then_with(|| a.3.option_fr.label.cmp(&b.3.option_fr.label))
                });
                ranked.into_iter().map(|(_, _, _, s)| pick(s)).collect()
            }
        };
        let count = matches.len();
        let cities = matches.into_iter().skip(start_index as usize).take(width as usize).collect();
        Ok(LocationPage { cities, count })
    }

    /// The biggest cities, fewer on a phone.
    pub fn popular_cities(&self, lang: Lang, is_mobile: bool) -> Vec<LocationOption> {
        let n = if is_mobile { POPULAR_CITIES_MOBILE } else { POPULAR_CITIES_DESKTOP };
        let mut cities: Vec<&City> = self.cities.iter().collect();
        cities.sort_by(|a, b| b.population.cmp(&a.population).then(a.id.cmp(&b.id)));
        cities.into_iter().take(n).map(|c| city_option(c, lang)).collect()
    }

    /// The areas of a city; an unknown city is an error, a city without areas an empty list.
    pub fn areas(&self, city_id: CityId) -> Result<&[Area], SoukError> {
        self.areas
            .get(&city_id)
            .map(Vec::as_slice)
            .ok_or_else(|| SoukError::with_detail(ErrorCode::CityNotFound, format!("no city {city_id}")))
    }
}

/// 0 exact, 1 prefix, 2 a word's prefix, 3 anywhere.
fn match_rank(key: &str, needle: &str) -> Option<u8> {
    if key == needle {
        Some(0)
    } else if key.starts_with(needle) {
        Some(1)
    } else if key.split([' ', '-', '\'']).any(|w| w.starts_with(needle)) {
        Some(2)
    } else if key.contains(needle) {
        Some(3)
    } else {
        None
    }
}

fn city_option(c: &City, lang: Lang) -> LocationOption {
    LocationOption {
        label: c.label.get(lang).to_string(),
        value: c.id.to_string(),
        kind: LocationType::City,
        city_id: c.id,
        area_id: None,
        slug: c.slug.get(lang).to_string(),
    }
}

fn area_option(a: &Area, city: &City, lang: Lang) -> LocationOption {
    let separator = match lang {
        Lang::Fr => ", ",
        Lang::Ar => "، ",
    };
    LocationOption {
        label: format!("{}{separator}{}", a.label.get(lang), city.label.get(lang)),
        value: format!("{}:{}", city.id, a.id),
        kind: LocationType::Area,
        city_id: city.id,
        area_id: Some(a.id),
        slug: a.slug.get(lang).to_string(),
    }
}

fn index(cities: &[City], areas: &HashMap<CityId, Vec<Area>>) -> Vec<Searchable> {
    let mut out = Vec::new();
    for c in cities {
        out.push(Searchable {
            option_fr: city_option(c, Lang::Fr),
            option_ar: city_option(c, Lang::Ar),
            keys: vec![fold(&c.label.fr), fold(&c.label.ar), fold(&c.slug.fr)],
            population: c.population,
        });
        for a in areas.get(&c.id).into_iter().flatten() {
            out.push(Searchable {
                option_fr: area_option(a, c, Lang::Fr),
                option_ar: area_option(a, c, Lang::Ar),
                keys: vec![fold(&a.label.fr), fold(&a.label.ar), fold(&a.slug.fr)],
                population: c.population,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use souk_domain::Localized;

    fn service() -> CatalogService {
        let city = |id, fr: &str, ar: &str, population| City {
            id,
            region_id: 1,
            label: Localized::new(fr, ar),
            slug: Localized::new(souk_domain::text::slugify(fr), souk_domain::text::slugify(ar)),
            latitude: 33.0,
            longitude: -7.0,
            population,
        };
        let cities = vec![
            city(1, "Casablanca", "الدار البيضاء", 3_300_000),
            city(2, "Fès", "فاس", 1_100_000),
            city(3, "Dar Bouazza", "دار بوعزة", 150_000),
        ];
        let mut areas = HashMap::new();
        areas.insert(
            1,
            vec![Area {
                id: 101,
                city_id: 1,
                label: Localized::new("Maârif", "المعاريف"),
                slug: Localized::new("maarif", "المعاريف"),
            }],
        );
        areas.insert(2, vec![]);
        areas.insert(3, vec![]);
        let searchable = index(&cities, &areas);
        CatalogService {
            tree: CategoryTree::default(),
            regions: vec![],
            cities,
            areas,
            cars: CarCatalogue {
                fuels: vec![CarOption { key: "diesel".into(), label: Localized::new("Diesel", "ديزل") }],
                gearboxes: vec![CarOption { key: "manuelle".into(), label: Localized::new("Manuelle", "يدوية") }],
                brands: vec![CarBrand {
                    id: 1,
                    name: "Dacia".into(),
                    slug: "dacia".into(),
                    models: vec![CarModel {
                        id: 101,
                        name: "Logan".into(),
                        slug: "logan".into(),
                        year_from: 2005,
                        year_to: None,
                        fuels: vec!["diesel".into()],
                        gearboxes: vec!["manuelle".into()],
                    }],
                }],
            },
            searchable,
        }
    }

    #[test]
    fn car_models_follow_the_brand_and_an_unknown_brand_is_a_param_error() {
        let s = service();
        assert_eq!(s.car_brands().iter().map(|b| b.slug.as_str()).collect::<Vec<_>>(), vec!["dacia"]);
        assert_eq!(
            s.car_models("dacia").expect("models").iter().map(|m| m.slug.as_str()).collect::<Vec<_>>(),
            vec!["logan"]
        );
        assert_eq!(s.car_models("tesla").expect_err("unknown").code, ErrorCode::InvalidParam);
        assert_eq!(s.car_fuels()[0].label.get(Lang::Ar), "ديزل");
        assert_eq!(s.car_gearboxes()[0].key, "manuelle");
    }

    #[test]
    fn keyword_search_finds_prefixes_accents_and_arabic() {
        let s = service();
        let page = s.cities_formatted(Lang::Fr, 0, 9, Some("casa")).expect("search");
        assert_eq!(page.count, 1);
        assert_eq!(page.cities[0].label, "Casablanca");
        assert_eq!(page.cities[0].value, "1");
        let fes = s.cities_formatted(Lang::Fr, 0, 9, Some("FES")).expect("search");
        assert_eq!(fes.cities.iter().map(|c| c.label.as_str()).collect::<Vec<_>>(), vec!["Fès"]);
        let ar = s.cities_formatted(Lang::Ar, 0, 9, Some("البيضاء")).expect("search");
        assert_eq!(ar.cities[0].label, "الدار البيضاء");
        let area = s.cities_formatted(Lang::Fr, 0, 9, Some("maarif")).expect("search");
        assert_eq!((area.cities[0].label.as_str(), area.cities[0].value.as_str()), ("Maârif, Casablanca", "1:101"));
        assert_eq!(area.cities[0].kind, LocationType::Area);
    }

    #[test]
    fn better_matches_and_bigger_cities_come_first() {
        let s = service();
        let page = s.cities_formatted(Lang::Fr, 0, 9, Some("da")).expect("search");
        // "Dar Bouazza" starts with "da"; "Casablanca" does not contain it at a word start.
        assert_eq!(page.cities[0].label, "Dar Bouazza");
    }

    #[test]
    fn windows_count_everything_and_return_a_slice() {
        let s = service();
        let all = s.cities_formatted(Lang::Fr, 0, 99, None).expect("all");
        assert_eq!(all.count, 3);
        assert_eq!(
            all.cities.iter().map(|c| c.label.as_str()).collect::<Vec<_>>(),
            vec!["Casablanca", "Dar Bouazza", "Fès"]
        );
        let second = s.cities_formatted(Lang::Fr, 1, 1, None).expect("one");
        assert_eq!((second.count, second.cities.len(), second.cities[0].label.as_str()), (3, 1, "Dar Bouazza"));
        let past_end = s.cities_formatted(Lang::Fr, 10, 19, None).expect("past the end");
        assert_eq!((past_end.count, past_end.cities.len()), (3, 0));
    }

    #[test]
    fn bad_windows_and_keywords_are_refused() {
        let s = service();
        for (start, stop) in [(-1, 5), (5, 4), (0, 100)] {
            let err = s.cities_formatted(Lang::Fr, start, stop, None).expect_err("bad window");
            assert_eq!(err.code, ErrorCode::InvalidArgument);
        }
        let long = "a".repeat(MAX_KEYWORD_CHARS + 1);
        assert_eq!(s.cities_formatted(Lang::Fr, 0, 9, Some(&long)).expect_err("long").code, ErrorCode::InvalidArgument);
    }

    #[test]
    fn areas_of_unknown_city_is_an_error() {
        let s = service();
        assert_eq!(s.areas(1).expect("areas").len(), 1);
        assert!(s.areas(2).expect("no areas").is_empty());
        assert_eq!(s.areas(99).expect_err("unknown").code, ErrorCode::CityNotFound);
    }

    #[test]
    fn popular_cities_are_the_biggest() {
        let s = service();
        let popular = s.popular_cities(Lang::Ar, true);
        assert_eq!(popular[0].label, "الدار البيضاء");
        assert_eq!(popular.len(), 3);
    }
}
