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
    /// A write failed after part of it may have been stored: a ScyllaDB counter write that
    /// failed or timed out (it may have been applied), or failed while other partitions of the
    /// same batch were updated. Counters only add up, so sending the same counts again could
    /// count them twice: the caller must not retry it.
    #[error("may have been written in part: {0}")]
    MayHaveWritten(String),
    #[error("reference data: {0}")]
    Reference(#[from] crate::reference::ReferenceError),
}

impl StoreError {
    /// Whether the failed write stored nothing, so that it may be sent again: every failure but
    /// [`StoreError::MayHaveWritten`]. A store whose writes are not idempotent answers that one
    /// once anything was sent (the ScyllaDB metrics store); SQLite rolls a failed write back
    /// whole.
    pub fn wrote_nothing(&self) -> bool {
        !matches!(self, StoreError::MayHaveWritten(_))
    }
}
