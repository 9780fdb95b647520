//! Accounts as the rest of the product sees them: private sellers (phone sign-in) and shops
//! (e-mail sign-in). Sign-in, profiles and roles grow here with the Accounts capability.

use crate::catalog::{CategoryId, CityId};
use serde::{Deserialize, Serialize};

/// The two kinds of account of spec §6.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AccountType {
    Private,
    Shop,
}

impl AccountType {
    pub fn as_str(self) -> &'static str {
        match self {
            AccountType::Private => "private",
            AccountType::Shop => "shop",
        }
    }
}

/// An account and, for a shop, the shop's public name and category.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Account {
    pub account_id: i64,
    /// Public UUID (`uuId` of spec §7 `login`).
    pub uuid: String,
    pub account_type: AccountType,
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub phone_hidden: bool,
    pub city_id: CityId,
    pub shop_category_id: Option<CategoryId>,
    /// Unix seconds.
    pub registered_at: i64,
}
