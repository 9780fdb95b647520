//! Accounts: sign-up, sign-in, profiles (grows with the Accounts capability).
pub mod codes;
pub mod facebook_graph;
pub mod logo;
pub mod password;
pub mod revocations;
pub mod service;
pub mod social;
pub mod tokens;
