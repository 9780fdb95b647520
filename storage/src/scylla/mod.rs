//! The ScyllaDB connection of the distributed mode (design §2): one `Session` per process with
//! token-aware, datacenter-aware load balancing and LOCAL_QUORUM, the schema of
//! `deploy/scylla/schema.cql` applied by `souk migrate`, and the catalogue of every CQL
//! statement the backends prepare — unit-tested here for the partition each one reads.

pub mod chat;
pub mod statements;

use crate::error::StoreError;
use scylla::client::execution_profile::ExecutionProfile;
pub use scylla::client::session::Session;
use scylla::client::session_builder::SessionBuilder;
use scylla::policies::load_balancing::DefaultPolicy;
use scylla::statement::Consistency;
use scylla::statement::prepared::PreparedStatement;
use std::sync::Arc;
use std::time::Duration;

/// The schema, as shipped in `deploy/scylla/schema.cql` (keyspace `souk`).
pub const SCHEMA_CQL: &str = include_str!("../../../deploy/scylla/schema.cql");

/// Where the cluster is and which keyspace holds Souk's tables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScyllaConfig {
    /// `host:port` of a few nodes; the driver discovers the rest.
    pub contact_points: Vec<String>,
    pub keyspace: String,
    /// The datacenter this process runs in: its replicas are preferred (LOCAL_QUORUM is counted
    /// there). Empty: no preference.
    pub local_datacenter: String,
    pub request_timeout: Duration,
}

impl ScyllaConfig {
    /// The configuration of the `SCYLLA_URI` environment variable used by the conformance suites
    /// (`host:port[,host:port...]`), with a keyspace of their own; None when it is not set.
    pub fn from_test_env(keyspace: &str) -> Option<Self> {
        let uri = std::env::var("SCYLLA_URI").ok().filter(|u| !u.trim().is_empty())?;
        Some(ScyllaConfig {
            contact_points: uri.split(',').map(|s| s.trim().trim_start_matches("scylla://").to_string()).collect(),
            keyspace: keyspace.to_string(),
            local_datacenter: String::new(),
            request_timeout: Duration::from_secs(10),
        })
    }
}

/// A failure of the cluster, as a store error.
pub(crate) fn cql_error(e: impl std::fmt::Display) -> StoreError {
    StoreError::Cluster(e.to_string())
}

/// Connects: token-aware routing to a replica of the partition, LOCAL_QUORUM reads and writes,
/// the driver's default retry policy (which retries a failed request on another node only when
/// the statement is marked idempotent).
pub async fn connect(config: &ScyllaConfig) -> Result<Arc<Session>, StoreError> {
    let mut policy = DefaultPolicy::builder().token_aware(true);
    if !config.local_datacenter.is_empty() {
        policy = policy.prefer_datacenter(config.local_datacenter.clone()).permit_dc_failover(false);
    }
    let profile = ExecutionProfile::builder()
        .consistency(Consistency::LocalQuorum)
        .load_balancing_policy(policy.build())
        .request_timeout(Some(config.request_timeout))
        .build();
    let session = SessionBuilder::new()
        .known_nodes(&config.contact_points)
        .default_execution_profile_handle(profile.into_handle())
        .build()
        .await
        .map_err(cql_error)?;
    Ok(Arc::new(session))
}

/// The schema's statements for `keyspace` (the shipped file names `souk`), in order.
pub fn schema_statements(keyspace: &str) -> Vec<String> {
    let without_comments: String =
        SCHEMA_CQL.lines().filter(|l| !l.trim_start().starts_with("--")).collect::<Vec<_>>().join("\n");
    without_comments
        .split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.replace("KEYSPACE IF NOT EXISTS souk", &format!("KEYSPACE IF NOT EXISTS {keyspace}")))
        .map(|s| s.replace("souk.", &format!("{keyspace}.")))
        .collect()
}

/// Applies the schema (every statement is `IF NOT EXISTS`: applying it again changes nothing),
/// then waits for the nodes to agree on it.
pub async fn apply_schema(session: &Session, keyspace: &str) -> Result<usize, StoreError> {
    let statements = schema_statements(keyspace);
    for cql in &statements {
        session.query_unpaged(cql.as_str(), &[]).await.map_err(cql_error)?;
    }
    session.await_schema_agreement().await.map_err(cql_error)?;
    Ok(statements.len())
}

/// Prepares one catalogued statement against `keyspace`, with its idempotence flag: only
/// statements whose repetition changes nothing may be retried by the driver.
pub(crate) async fn prepare(
    session: &Session,
    keyspace: &str,
    statement: &statements::Cql,
) -> Result<PreparedStatement, StoreError> {
    let text = statement.text.replace("{ks}", keyspace);
    let mut prepared = session.prepare(text).await.map_err(cql_error)?;
    prepared.set_is_idempotent(statement.idempotent);
    Ok(prepared)
}
