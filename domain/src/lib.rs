//! Pure rules of Souk: languages, reference entities (categories, places, cars), ads, accounts,
//! money and the error catalogue of spec §8. Nothing here does I/O or awaits.

pub mod account;
pub mod ad;
pub mod ad_form;
pub mod ad_lifecycle;
pub mod ad_params;
pub mod ad_patch;
pub mod ad_text;
pub mod availability;
pub mod balances;
pub mod catalog;
pub mod chat;
pub mod error;
pub mod lang;
pub mod limits;
pub mod listing_url;
pub mod loan;
pub mod moderation;
pub mod money;
pub mod orders;
pub mod packs;
pub mod payments;
pub mod products;
pub mod search;
pub mod search_text;
pub mod stats;
pub mod text;
pub mod time;
pub mod valuation;

pub use error::{ErrorCode, SoukError};
pub use lang::{Lang, Localized};
pub use money::Money;
