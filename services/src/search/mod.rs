//! The Search and browse use cases: listing search (`searchAds`), with the location
//! extension of spec §2 (a city with too few results widens to its region, then the country).

pub mod service;

pub use service::{SearchResult, SearchService};
