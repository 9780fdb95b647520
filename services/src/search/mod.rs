//! The Search and browse use cases: listing search (`searchAds`), with the location
//! extension of spec §2 (a city with too few results widens to its region, then the country),
//! the parse-URL endpoint with its cache, recent and saved searches with their alerts, and the
//! shop directory and shop pages.

pub mod parse_url;
pub mod saved;
pub mod service;
pub mod shops;

pub use service::{SearchResult, SearchService};
