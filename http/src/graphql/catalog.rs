//! GraphQL operations of the catalog: categories, cities, popular cities, areas (spec §7), and
//! the car catalogue behind the ad form's car parameters (their `source`: carBrands,
//! carModels, carFuels, carGearboxes). Each resolver reads the request context, makes one
//! catalog-service call and maps it.

use super::context::RequestContext;
use super::errors::to_graphql_error;
use crate::state::AppState;
use async_graphql::{Context, Object, Result, SimpleObject};
use souk_domain::catalog::{AdType, Area, CarBrand, CarModel, CarOption, Category};
use souk_domain::{Lang, Localized};
use souk_services::catalog::LocationOption;

/// A text in both languages.
#[derive(SimpleObject, Clone)]
#[graphql(name = "LocalizedText")]
pub struct LocalizedText {
    pub fr: String,
    pub ar: String,
}

impl From<&Localized> for LocalizedText {
    fn from(l: &Localized) -> Self {
        LocalizedText { fr: l.fr.clone(), ar: l.ar.clone() }
    }
}

/// An ad type allowed in a category.
#[derive(SimpleObject)]
pub struct AdTypeNode {
    pub key: String,
    pub order: u32,
    pub label: LocalizedText,
}

impl From<&AdType> for AdTypeNode {
    fn from(t: &AdType) -> Self {
        AdTypeNode { key: t.key.clone(), order: t.order, label: (&t.label).into() }
    }
}

/// A category of the tree, with its label in the request language as `name`.
#[derive(SimpleObject)]
#[graphql(name = "Category")]
pub struct CategoryNode {
    pub id: u32,
    pub parent_id: Option<u32>,
    pub children_ids: Vec<u32>,
    pub order: u32,
    pub name: String,
    pub label: LocalizedText,
    pub slug: LocalizedText,
    pub ad_types: Vec<AdTypeNode>,
    /// The vertical's key: market, vehicles, real_estate, jobs_and_services.
    pub vertical: Option<String>,
    /// Whether this is a legacy ("missing") category, returned only with `withMissingCats`.
    pub is_missing: bool,
}

/// A location picker entry: `type` is `city` or `area`.
#[derive(SimpleObject)]
#[graphql(name = "City")]
pub struct CityNode {
    pub label: String,
    pub value: String,
    #[graphql(name = "type")]
    pub kind: String,
    pub city_id: u32,
    pub area_id: Option<u32>,
    pub slug: String,
}

impl From<LocationOption> for CityNode {
    fn from(o: LocationOption) -> Self {
        CityNode {
            label: o.label,
            value: o.value,
            kind: o.kind.as_str().to_string(),
            city_id: o.city_id,
            area_id: o.area_id,
            slug: o.slug,
        }
    }
}

/// A window of cities and the number of matches in all.
#[derive(SimpleObject)]
pub struct CitiesPage {
    pub cities: Vec<CityNode>,
    pub count: u32,
}

/// A neighbourhood of a city.
#[derive(SimpleObject)]
#[graphql(name = "Area")]
pub struct AreaNode {
    pub id: u32,
    pub name: String,
    pub label: LocalizedText,
    pub slug: LocalizedText,
}

impl AreaNode {
    fn new(a: &Area, lang: Lang) -> Self {
        AreaNode { id: a.id, name: a.label.get(lang).to_string(), label: (&a.label).into(), slug: (&a.slug).into() }
    }
}

/// A car brand; `slug` is the value of a car's `brand` parameter.
#[derive(SimpleObject)]
#[graphql(name = "CarBrand")]
pub struct CarBrandNode {
    pub id: u32,
    pub name: String,
    pub slug: String,
}

impl From<&CarBrand> for CarBrandNode {
    fn from(b: &CarBrand) -> Self {
        CarBrandNode { id: b.id, name: b.name.clone(), slug: b.slug.clone() }
    }
}

/// A model of a car brand; `slug` is the value of a car's `model` parameter. The years it was
/// sold (`yearTo` null: still sold) and its usual fuels and gearboxes (keys of getCarFuels and
/// getCarGearboxes).
#[derive(SimpleObject)]
#[graphql(name = "CarModel")]
pub struct CarModelNode {
    pub id: u32,
    pub name: String,
    pub slug: String,
    pub year_from: u16,
    pub year_to: Option<u16>,
    pub fuels: Vec<String>,
    pub gearboxes: Vec<String>,
}

impl From<&CarModel> for CarModelNode {
    fn from(m: &CarModel) -> Self {
        CarModelNode {
            id: m.id,
            name: m.name.clone(),
            slug: m.slug.clone(),
            year_from: m.year_from,
            year_to: m.year_to,
            fuels: m.fuels.clone(),
            gearboxes: m.gearboxes.clone(),
        }
    }
}

/// A fuel or a gearbox; `key` is the parameter's value, `name` its label in the request language.
#[derive(SimpleObject)]
#[graphql(name = "CarOption")]
pub struct CarOptionNode {
    pub key: String,
    pub name: String,
    pub label: LocalizedText,
}

impl CarOptionNode {
    fn new(o: &CarOption, lang: Lang) -> Self {
        CarOptionNode { key: o.key.clone(), name: o.label.get(lang).to_string(), label: (&o.label).into() }
    }
}

#[derive(Default)]
pub struct CatalogQuery;

fn request<'a>(ctx: &Context<'a>) -> (Lang, &'a AppState) {
    let lang = ctx.data_opt::<RequestContext>().map(|r| r.lang).unwrap_or_default();
    let state = ctx.data_unchecked::<AppState>();
    (lang, state)
}

#[Object]
impl CatalogQuery {
    /// The category tree as a flat list, parents before children; roots are the four
    /// verticals. Legacy ("missing") categories only with `withMissingCats: true`.
    async fn get_categories(&self, ctx: &Context<'_>, with_missing_cats: Option<bool>) -> Vec<CategoryNode> {
        let (lang, state) = request(ctx);
        let tree = state.catalog.tree();
        state
            .catalog
            .categories(with_missing_cats.unwrap_or(false))
            .into_iter()
            .map(|c: &Category| CategoryNode {
                id: c.id,
                parent_id: c.parent_id,
                children_ids: c.children_ids.clone(),
                order: c.order,
                name: c.label.get(lang).to_string(),
                label: (&c.label).into(),
                slug: (&c.slug).into(),
                ad_types: c.ad_types.iter().map(Into::into).collect(),
                vertical: tree.vertical_of(c.id).map(|v| v.key().to_string()),
                is_missing: c.hidden,
            })
            .collect()
    }

    /// Cities (and, with a keyword, areas) from `startIndex` to `stopIndex` inclusive, with
    /// the total `count` — the shape an infinite-scroll picker asks for.
    async fn get_cities_formatted_next(
        &self,
        ctx: &Context<'_>,
        start_index: i32,
        stop_index: i32,
        keyword: Option<String>,
    ) -> Result<CitiesPage> {
        let (lang, state) = request(ctx);
        let page = state
            .catalog
            .cities_formatted(lang, start_index.into(), stop_index.into(), keyword.as_deref())
            .map_err(|e| to_graphql_error(&e, lang))?;
        Ok(CitiesPage {
            count: u32::try_from(page.count).unwrap_or(u32::MAX),
            cities: page.cities.into_iter().map(Into::into).collect(),
        })
    }

    /// The biggest cities, fewer on a phone.
    async fn get_popular_cities_formatted_next(&self, ctx: &Context<'_>, is_mobile: Option<bool>) -> Vec<CityNode> {
        let (lang, state) = request(ctx);
        state.catalog.popular_cities(lang, is_mobile.unwrap_or(false)).into_iter().map(Into::into).collect()
    }

    /// The neighbourhoods of a city (empty for a city without any).
    async fn get_areas(&self, ctx: &Context<'_>, city_id: i32) -> Result<Vec<AreaNode>> {
        let (lang, state) = request(ctx);
        let id = u32::try_from(city_id).unwrap_or(u32::MAX);
        let areas = state.catalog.areas(id).map_err(|e| to_graphql_error(&e, lang))?;
        Ok(areas.iter().map(|a| AreaNode::new(a, lang)).collect())
    }

    /// The car brands in display order (the ad form's `carBrands` source).
    async fn get_car_brands(&self, ctx: &Context<'_>) -> Vec<CarBrandNode> {
        let (_, state) = request(ctx);
        state.catalog.car_brands().iter().map(Into::into).collect()
    }

    /// The models of a brand given by its slug (the `carModels` source); an unknown brand is
    /// `INVALID_PARAM`.
    async fn get_car_models(&self, ctx: &Context<'_>, brand: String) -> Result<Vec<CarModelNode>> {
        let (lang, state) = request(ctx);
        let models = state.catalog.car_models(&brand).map_err(|e| to_graphql_error(&e, lang))?;
        Ok(models.iter().map(Into::into).collect())
    }

    /// The fuels (the `carFuels` source).
    async fn get_car_fuels(&self, ctx: &Context<'_>) -> Vec<CarOptionNode> {
        let (lang, state) = request(ctx);
        state.catalog.car_fuels().iter().map(|o| CarOptionNode::new(o, lang)).collect()
    }

    /// The gearboxes (the `carGearboxes` source).
    async fn get_car_gearboxes(&self, ctx: &Context<'_>) -> Vec<CarOptionNode> {
        let (lang, state) = request(ctx);
        state.catalog.car_gearboxes().iter().map(|o| CarOptionNode::new(o, lang)).collect()
    }
}
