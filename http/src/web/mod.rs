//! The web face: the built React client (hashed assets and the SPA shell for every page
//! route of spec §2, with or without a language prefix) and the media files.

pub mod spa;
