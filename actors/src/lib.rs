//! Live state of Souk as supervised actix actors (design §3): the session registry (account ->
//! live sockets on this node, the `user:{id}` rooms), presence (online and last seen in the
//! ephemeral store, with heartbeats), the fan-out of events to an account's sockets on any node,
//! one conversation actor per active conversation, and the scheduler that owns every timed job
//! (`scheduler`). Actors run under actix `Supervisor`s and keep bounded mailboxes.

pub mod ad_session;
pub mod conversation;
pub mod fanout;
pub mod messages;
pub mod order_workflow;
pub mod presence;
pub mod scheduler;
pub mod sessions;

/// Milliseconds since the epoch.
pub fn now_millis() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}
