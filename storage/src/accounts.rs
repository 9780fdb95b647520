//! Stored accounts. The Foundation needs only what the demo seed writes and counts; sign-in
//! and profiles extend this trait with the Accounts capability.

use crate::error::StoreError;
use crate::sqlite::SqliteStore;
use async_trait::async_trait;
use rusqlite::params;
use souk_domain::account::Account;

/// An account to create, with its password already hashed (argon2id PHC string).
#[derive(Debug, Clone)]
pub struct NewAccount {
    pub account: Account,
    pub password_hash: String,
}

#[async_trait]
pub trait AccountStore: Send + Sync + 'static {
    /// Creates the accounts all together, or none of them.
    async fn insert_accounts(&self, accounts: Vec<NewAccount>) -> Result<(), StoreError>;
    async fn count_accounts(&self) -> Result<u64, StoreError>;
}

#[async_trait]
impl AccountStore for SqliteStore {
    async fn insert_accounts(&self, accounts: Vec<NewAccount>) -> Result<(), StoreError> {
        self.write(move |c| {
            let mut st = c.prepare(
                "INSERT INTO accounts (account_id, uuid, account_type, name, email, phone, phone_hidden, city_id,
                                       shop_category_id, password_hash, registered_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
            )?;
            for NewAccount { account: a, password_hash } in &accounts {
                st.execute(params![
                    a.account_id,
                    a.uuid,
                    a.account_type.as_str(),
                    a.name,
                    a.email,
                    a.phone,
                    a.phone_hidden,
                    a.city_id,
                    a.shop_category_id,
                    password_hash,
                    a.registered_at
                ])?;
            }
            Ok(())
        })
        .await
    }

    async fn count_accounts(&self) -> Result<u64, StoreError> {
        let n: i64 = self.read(|c| Ok(c.query_row("SELECT count(*) FROM accounts", [], |r| r.get(0))?)).await?;
        Ok(n.max(0) as u64)
    }
}
