//! The settings of the Ads capability (`[ads]` of `config/default.toml`): free-ad limits per
//! category for private accounts (shops are unlimited, spec §6), the appeal limit, and how many
//! uploads may be processed at once.

use serde::Deserialize;
use souk_domain::catalog::{CategoryId, CategoryTree};
use std::collections::BTreeMap;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdSettings {
    /// Free active ads a private account may have in one category when no closer limit is set.
    pub free_limit_default: u64,
    /// Limits by category id (a leaf, a parent or a vertical root, the closest one applies).
    pub free_limits: BTreeMap<String, u64>,
    /// How many times a refused ad may go back to moderation (appeal or corrected resubmission).
    pub max_resubmissions: u32,
    /// Uploads processed at the same time (each large photo can need a few hundred MiB).
    pub max_parallel_uploads: usize,
}

impl Default for AdSettings {
    fn default() -> Self {
        AdSettings {
            free_limit_default: 10,
            free_limits: BTreeMap::new(),
            max_resubmissions: 2,
            max_parallel_uploads: 2,
        }
    }
}

impl AdSettings {
    /// The free limit that applies to a category: its own, else its parent's, else its
    /// vertical's, else the default.
    pub fn free_limit(&self, tree: &CategoryTree, category: CategoryId) -> u64 {
        let mut id = Some(category);
        while let Some(current) = id {
            if let Some(limit) = self.free_limits.get(&current.to_string()) {
                return *limit;
            }
            id = tree.get(current).and_then(|c| c.parent_id);
        }
        self.free_limit_default
    }

    /// Names the first setting that is wrong.
    pub fn validate(&self) -> Result<(), String> {
        if let Some(k) = self.free_limits.keys().find(|k| k.parse::<CategoryId>().is_err()) {
            return Err(format!("ads.free_limits: '{k}' is not a category id"));
        }
        if self.max_parallel_uploads == 0 {
            return Err("ads.max_parallel_uploads must be at least 1".into());
        }
        Ok(())
    }
}
