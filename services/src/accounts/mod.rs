//! Accounts: sign-up, sign-in, profiles (grows with the Accounts capability).
pub mod password;
