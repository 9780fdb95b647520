//! Use cases of Souk, one module per area: each combines domain rules, storage and actors
//! behind functions the HTTP layer calls once per request.

pub mod accounts;
pub mod ads;
pub mod bench_population;
pub mod catalog;
pub mod chat;
pub mod client_log;
pub mod credit;
pub mod demo;
pub mod health;
pub mod lease;
pub mod limits;
pub mod media;
pub mod notify;
pub mod orders;
pub mod payments;
pub mod products;
pub mod scheduling;
pub mod search;
pub mod sitemap;
pub mod socket_caps;
pub mod stats;
pub mod valuation;
pub mod video;
