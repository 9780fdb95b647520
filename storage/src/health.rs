//! Whether a durable store answers: the readiness probe's question (`/readyz`), asked of the
//! marketplace core's backend without handing the backend itself to the web layer.

use crate::StoreError;
use async_trait::async_trait;

#[async_trait]
pub trait StoreHealth: Send + Sync + 'static {
    /// The backend's name, for operators (`sqlite`).
    fn backend_name(&self) -> &'static str;
    /// Answers when a read can run now.
    async fn ping(&self) -> Result<(), StoreError>;
}

#[async_trait]
impl StoreHealth for crate::sqlite::SqliteStore {
    fn backend_name(&self) -> &'static str {
        "sqlite"
    }
    async fn ping(&self) -> Result<(), StoreError> {
        crate::sqlite::SqliteStore::ping(self).await
    }
}
