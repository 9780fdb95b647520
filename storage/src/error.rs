//! Failures of the durable stores, whatever the backend.

/// A durable-store failure.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("sqlite: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("the store is shut down")]
    Closed,
    #[error("migration {version} ({name}) failed: {reason}")]
    Migration { version: u32, name: &'static str, reason: String },
    #[error("the database is at schema version {found}, newer than this binary knows ({known})")]
    SchemaTooNew { found: u32, known: u32 },
    #[error("stored data is not what was expected: {0}")]
    Corrupt(String),
    #[error("already exists: {0}")]
    Conflict(String),
    #[error("cluster: {0}")]
    Cluster(String),
    #[error("reference data: {0}")]
    Reference(#[from] crate::reference::ReferenceError),
}
