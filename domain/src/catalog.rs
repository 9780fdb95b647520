//! Reference data of the marketplace: the category tree grouped into four verticals, Morocco's
//! regions, cities and neighbourhoods (areas), and the car catalogue. Loaded once by migration;
//! these types are what every layer reads.

use crate::lang::Localized;
use serde::{Deserialize, Serialize};

pub type CategoryId = u32;
pub type RegionId = u32;
pub type CityId = u32;
pub type AreaId = u32;

/// The four verticals of spec §1; each is the root of a category subtree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Vertical {
    Market,
    Vehicles,
    RealEstate,
    JobsAndServices,
}

impl Vertical {
    pub const ALL: [Vertical; 4] =
        [Vertical::Market, Vertical::Vehicles, Vertical::RealEstate, Vertical::JobsAndServices];

    /// The id of the vertical's root category.
    pub fn root_id(self) -> CategoryId {
        match self {
            Vertical::RealEstate => 10000,
            Vertical::Vehicles => 20000,
            Vertical::JobsAndServices => 30000,
            Vertical::Market => 50000,
        }
    }

    pub fn from_root_id(id: CategoryId) -> Option<Vertical> {
        Vertical::ALL.into_iter().find(|v| v.root_id() == id)
    }

    pub fn key(self) -> &'static str {
        match self {
            Vertical::Market => "market",
            Vertical::Vehicles => "vehicles",
            Vertical::RealEstate => "real_estate",
            Vertical::JobsAndServices => "jobs_and_services",
        }
    }
}

/// Spec §5 category groups used by rules elsewhere (parameters, price advice, tracking).
pub const REAL_ESTATE_CATEGORY_IDS: [CategoryId; 12] =
    [10000, 1000, 1010, 1020, 1050, 1060, 1080, 1090, 1200, 1300, 1400, 1500];
pub const VEHICLE_CATEGORY_IDS: [CategoryId; 14] =
    [20000, 2000, 2010, 2020, 2030, 2060, 2075, 2073, 2072, 2078, 2050, 2040, 2081, 2100];
pub const CARS_CATEGORY_ID: CategoryId = 2010;
pub const MULTIMEDIA_CATEGORY_IDS: [CategoryId; 10] = [5000, 5010, 5080, 5030, 5050, 5060, 5040, 5070, 5090, 5020];

/// A kind of ad allowed in a category (for sale, for rent, wanted, job offer...).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdType {
    pub key: String,
    pub order: u32,
    pub label: Localized,
}

/// One node of the category tree. `children_ids` is derived from the parents when the
/// tree is built, never stored twice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Category {
    pub id: CategoryId,
    pub parent_id: Option<CategoryId>,
    #[serde(default)]
    pub children_ids: Vec<CategoryId>,
    pub order: u32,
    pub label: Localized,
    pub slug: Localized,
    pub ad_types: Vec<AdType>,
    /// A "missing" category: kept for old ads and links but not offered in the main tree;
    /// `getCategories(withMissingCats: true)` includes it.
    #[serde(default)]
    pub hidden: bool,
}

/// The category tree, with children lists and verticals derived from parent links.
#[derive(Debug, Clone, Default)]
pub struct CategoryTree {
    categories: Vec<Category>,
}

/// Why a list of categories does not form a tree.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CategoryTreeError {
    #[error("category {0} appears twice")]
    Duplicate(CategoryId),
    #[error("category {child} names unknown parent {parent}")]
    UnknownParent { child: CategoryId, parent: CategoryId },
    #[error("category {0} is a root but not one of the four verticals")]
    StrayRoot(CategoryId),
    #[error("category {0} is not under any vertical (cycle)")]
    Cycle(CategoryId),
}

impl CategoryTree {
    /// Builds the tree: checks ids are unique, parents exist, every root is a vertical and
    /// every node reaches a root; fills `children_ids` in display order.
    pub fn build(mut categories: Vec<Category>) -> Result<CategoryTree, CategoryTreeError> {
        categories.sort_by_key(|c| (c.order, c.id));
        let mut seen = std::collections::HashSet::new();
        for c in &categories {
            if !seen.insert(c.id) {
                return Err(CategoryTreeError::Duplicate(c.id));
            }
        }
        for c in &categories {
            match c.parent_id {
                Some(p) if !seen.contains(&p) => {
                    return Err(CategoryTreeError::UnknownParent { child: c.id, parent: p });
                }
                None if Vertical::from_root_id(c.id).is_none() => {
                    return Err(CategoryTreeError::StrayRoot(c.id));
                }
                _ => {}
            }
        }
        let children: Vec<(CategoryId, CategoryId)> =
            categories.iter().filter_map(|c| c.parent_id.map(|p| (p, c.id))).collect();
        for c in categories.iter_mut() {
            c.children_ids = children.iter().filter(|(p, _)| *p == c.id).map(|(_, id)| *id).collect();
        }
        // Depth-first from the roots: parents come before their children, siblings in order.
        // A node never reached this way sits on a cycle.
        let mut ordered = Vec::with_capacity(categories.len());
        let mut stack: Vec<CategoryId> =
            categories.iter().filter(|c| c.parent_id.is_none()).map(|c| c.id).rev().collect();
        while let Some(id) = stack.pop() {
            let Some(pos) = categories.iter().position(|c| c.id == id) else {
                continue;
            };
            let c = categories.swap_remove(pos);
            stack.extend(c.children_ids.iter().rev().copied());
            ordered.push(c);
        }
        if let Some(stray) = categories.iter().map(|c| c.id).min() {
            return Err(CategoryTreeError::Cycle(stray));
        }
        Ok(CategoryTree { categories: ordered })
    }

    /// Every category, parents before children, siblings in display order.
    pub fn all(&self) -> &[Category] {
        &self.categories
    }

    pub fn get(&self, id: CategoryId) -> Option<&Category> {
        self.categories.iter().find(|c| c.id == id)
    }

    /// The vertical a category belongs to, following parent links (bounded, so a cycle
    /// answers `None` instead of looping).
    pub fn vertical_of(&self, id: CategoryId) -> Option<Vertical> {
        let mut current = id;
        for _ in 0..16 {
            let c = self.get(current)?;
            match c.parent_id {
                None => return Vertical::from_root_id(c.id),
                Some(p) => current = p,
            }
        }
        None
    }

    /// The categories shown to people: hidden ones only when asked for, and never a child
    /// of a hidden parent.
    pub fn visible(&self, with_missing: bool) -> Vec<&Category> {
        self.categories.iter().filter(|c| with_missing || !self.is_hidden_or_under_hidden(c.id)).collect()
    }

    fn is_hidden_or_under_hidden(&self, id: CategoryId) -> bool {
        let mut current = Some(id);
        for _ in 0..16 {
            let Some(c) = current.and_then(|id| self.get(id)) else {
                return false;
            };
            if c.hidden {
                return true;
            }
            current = c.parent_id;
        }
        false
    }

    /// Leaf categories (where ads are posted).
    pub fn leaves(&self) -> impl Iterator<Item = &Category> {
        self.categories.iter().filter(|c| c.children_ids.is_empty() && !c.hidden)
    }
}

/// One of Morocco's twelve regions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Region {
    pub id: RegionId,
    pub label: Localized,
    pub slug: Localized,
}

/// A city, with its region and coordinates (for maps drawn without a tile server).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct City {
    pub id: CityId,
    pub region_id: RegionId,
    pub label: Localized,
    pub slug: Localized,
    pub latitude: f64,
    pub longitude: f64,
    pub population: u32,
}

/// A neighbourhood of a city.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Area {
    pub id: AreaId,
    pub city_id: CityId,
    pub label: Localized,
    pub slug: Localized,
}

/// A choice offered for a car (a fuel or a gearbox).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CarOption {
    pub key: String,
    pub label: Localized,
}

/// A car model of a brand, with the years it was sold and its usual fuels and gearboxes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CarModel {
    pub id: u32,
    pub name: String,
    pub slug: String,
    pub year_from: u16,
    pub year_to: Option<u16>,
    pub fuels: Vec<String>,
    pub gearboxes: Vec<String>,
}

/// A car brand and its models.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CarBrand {
    pub id: u32,
    pub name: String,
    pub slug: String,
    pub models: Vec<CarModel>,
}

/// The whole car catalogue: brands with models, and the fuel and gearbox choices.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct CarCatalogue {
    pub fuels: Vec<CarOption>,
    pub gearboxes: Vec<CarOption>,
    pub brands: Vec<CarBrand>,
}

impl CarCatalogue {
    /// The brand whose slug an ad's `brand` parameter holds.
    pub fn brand(&self, slug: &str) -> Option<&CarBrand> {
        self.brands.iter().find(|b| b.slug == slug)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cat(id: CategoryId, parent: Option<CategoryId>, order: u32, hidden: bool) -> Category {
        Category {
            id,
            parent_id: parent,
            children_ids: vec![],
            order,
            label: Localized::new(format!("c{id}"), format!("ف{id}")),
            slug: Localized::new(format!("c{id}"), format!("ف{id}")),
            ad_types: vec![],
            hidden,
        }
    }

    #[test]
    fn builds_children_in_order_and_finds_verticals() {
        let tree = CategoryTree::build(vec![
            cat(1010, Some(1000), 2, false),
            cat(10000, None, 1, false),
            cat(1000, Some(10000), 1, false),
            cat(1020, Some(1000), 1, false),
        ])
        .expect("a valid tree");
        assert_eq!(tree.get(1000).map(|c| c.children_ids.clone()), Some(vec![1020, 1010]));
        assert_eq!(tree.vertical_of(1010), Some(Vertical::RealEstate));
        assert_eq!(tree.leaves().map(|c| c.id).collect::<Vec<_>>(), vec![1020, 1010]);
    }

    #[test]
    fn refuses_broken_trees() {
        assert_eq!(
            CategoryTree::build(vec![cat(10000, None, 1, false), cat(10000, None, 2, false)]).err(),
            Some(CategoryTreeError::Duplicate(10000))
        );
        assert_eq!(
            CategoryTree::build(vec![cat(1010, Some(1000), 1, false)]).err(),
            Some(CategoryTreeError::UnknownParent { child: 1010, parent: 1000 })
        );
        assert_eq!(CategoryTree::build(vec![cat(7, None, 1, false)]).err(), Some(CategoryTreeError::StrayRoot(7)));
        assert_eq!(
            CategoryTree::build(vec![cat(1, Some(2), 1, false), cat(2, Some(1), 1, false)]).err(),
            Some(CategoryTreeError::Cycle(1))
        );
    }

    #[test]
    fn hidden_categories_and_their_children_only_when_asked() {
        let tree = CategoryTree::build(vec![
            cat(50000, None, 1, false),
            cat(5000, Some(50000), 1, true),
            cat(5010, Some(5000), 1, false),
            cat(6000, Some(50000), 2, false),
        ])
        .expect("a valid tree");
        let ids = |v: Vec<&Category>| v.into_iter().map(|c| c.id).collect::<Vec<_>>();
        assert_eq!(ids(tree.visible(false)), vec![50000, 6000]);
        assert_eq!(ids(tree.visible(true)), vec![50000, 5000, 5010, 6000]);
    }
}
