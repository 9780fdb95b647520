//! From the account service's values to the GraphQL types of `types.rs`: the account's info
//! and the shop's info.

use super::types::*;
use crate::state::AppState;
use souk_domain::Lang;
use souk_storage::accounts::{StoredAccount, StoredStore};

pub(super) fn account_info(a: &StoredAccount, state: &AppState, lang: Lang) -> AccountInfo {
    let city = state.catalog.cities().iter().find(|c| c.id == a.account.city_id).map(|c| CityRef {
        id: c.id,
        name: c.label.get(lang).to_string(),
        tracking_value: c.slug.fr.clone(),
    });
    AccountInfo {
        id: a.account.account_id,
        uu_id: a.account.uuid.clone(),
        name: a.account.name.clone(),
        email: a.account.email.clone(),
        phone: PhoneNode { number: a.account.phone.clone(), is_hidden: a.account.phone_hidden },
        location: LocationNode { city, address: a.address.clone() },
        registered_at: a.account.registered_at,
        kind: a.account.account_type.as_str().to_string(),
        roles: a.roles.iter().map(|r| r.as_str().to_string()).collect(),
        is_admin: a.roles.contains(&souk_domain::account::Role::Admin),
        store_id: a.store_id,
        email_verified: a.email_verified,
    }
}

pub(super) fn store_info(s: StoredStore, state: &AppState) -> StoreInfo {
    StoreInfo {
        store_id: s.store_id,
        name: s.name,
        email: s.email,
        category: s.category_id,
        website: s.website,
        description: Descriptions { long: s.description_long, short: s.description_short },
        phones: s.phones,
        locations: if s.address.is_empty() { vec![] } else { vec![s.address] },
        logo: s.logo_key.map(|k| state.media.public_path(&k)),
        start_date: s.start_date,
        expiry_date: s.expiry_date,
        points: Points { count: s.points_count, expiry_date: s.points_expiry },
        token_balance: s.token_balance,
        offers_delivery: s.offers_delivery,
        membership: Membership { id: s.membership_id, name: s.membership_name },
        is_verified_seller: s.is_verified_seller,
        plan: s.plan,
    }
}
