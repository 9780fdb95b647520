//! The web face: the built React client (hashed assets and the SPA shell for every page
//! route of spec §2, with or without a language prefix), canonical redirects and SEO tags of
//! ad, listing and shop pages, the sitemaps and robots.txt, and the media files.

pub mod first_paint;
pub mod message_confirm;
pub mod page_routes;
pub mod pages;
pub mod sandbox;
pub mod security;
pub mod seo;
pub mod sitemap;
pub mod spa;
