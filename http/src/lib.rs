//! The HTTP face of Souk — the GraphQL gateway, the REST-style helpers, the web shell and
//! operations endpoints — and the `souk` command line that starts it.

pub mod body;
pub mod cli;
pub mod config;
pub mod graphql;
pub mod logging;
pub mod ops;
pub mod realtime;
pub mod request_id;
pub mod rest;
pub mod routes;
pub mod server;
pub mod session_cookie;
pub mod socketio;
pub mod state;
pub mod web;
