//! The ScyllaDB side of a conformance suite: a store on the cluster of `SCYLLA_URI` (schema
//! applied in a keyspace of the test's own), or a plain "skipped" line written straight to the
//! terminal — past the test harness's output capture, so that `make test` shows it.

use souk_storage::scylla::{self, ScyllaConfig};
use std::io::Write;
use std::os::fd::FromRawFd;
use std::sync::Arc;

/// Says `line` on standard error even though the harness captures test output.
pub fn say(line: &str) {
    // SAFETY: fd 2 is open for the whole process; ManuallyDrop keeps it open after the write.
    let mut stderr = std::mem::ManuallyDrop::new(unsafe { std::fs::File::from_raw_fd(2) });
    let _ = writeln!(stderr, "{line}");
}

/// The session and keyspace of the configured cluster, or None (and a "skipped" line).
pub async fn session(suite: &str, keyspace: &str) -> Option<(Arc<scylla::Session>, String)> {
    let Some(config) = ScyllaConfig::from_test_env(keyspace) else {
        say(&format!("{suite}: ScyllaDB SKIPPED — SCYLLA_URI is not set (set it to host:port of a cluster to run it)"));
        return None;
    };
    let session = scylla::connect(&config).await.expect("connect to SCYLLA_URI");
    scylla::apply_schema(&session, keyspace).await.expect("apply schema.cql");
    say(&format!("{suite}: running on ScyllaDB at {:?}, keyspace {keyspace}", config.contact_points));
    Some((session, keyspace.to_string()))
}
