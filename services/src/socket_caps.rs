//! The caps on live Socket.IO sockets per account and per address (docs/security.md "Sockets"),
//! held across every process that shares the ephemeral store: a socket takes a place in its
//! account's and its address's capped sets (`sockets:account:{id}`, `sockets:address:{ip}`, one
//! atomic claim), keeps it by a lease this process refreshes for all its live sockets in one
//! batched call every third of the lease, and gives it back when it ends; a crashed process's
//! places lapse with their lease. Each process also counts its own sockets, so that the cap
//! holds on one process whatever the store does: when the store fails, the claim is let through
//! on the local count alone (fail open, logged), and the next refresh records it.

use souk_domain::{ErrorCode, SoukError};
use souk_storage::ephemeral::{Ephemeral, EphemeralResult, MemoryEphemeral};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};
use std::time::Duration;

/// Default caps and lease (`[realtime]` of config/default.toml).
pub const SOCKETS_PER_ACCOUNT: usize = 20;
pub const SOCKETS_PER_ADDRESS: usize = 200;
pub const SOCKET_LEASE: Duration = Duration::from_secs(30);

/// The refusal of a CONNECT over a cap.
pub fn over_cap(what: &str, cap: usize) -> SoukError {
    SoukError::with_detail(ErrorCode::TooManyAttempts, format!("at most {cap} sockets per {what}"))
}

fn account_key(account: i64) -> String {
    format!("sockets:account:{account}")
}

fn address_key(address: &str) -> String {
    format!("sockets:address:{address}")
}

/// The sockets each account and each address holds on this process, from an accepted CONNECT
/// to the socket's end.
#[derive(Default)]
struct Holds {
    by_socket: HashMap<String, (i64, String)>,
    per_account: HashMap<i64, usize>,
    per_address: HashMap<String, usize>,
}

impl Holds {
    /// Takes a place for `socket`, or says which cap is reached.
    fn take(&mut self, socket: &str, account: i64, address: &str, caps: (usize, usize)) -> Result<(), SoukError> {
        if self.per_account.get(&account).copied().unwrap_or(0) >= caps.0 {
            return Err(over_cap("account", caps.0));
        }
        if !address.is_empty() && self.per_address.get(address).copied().unwrap_or(0) >= caps.1 {
            return Err(over_cap("address", caps.1));
        }
        *self.per_account.entry(account).or_default() += 1;
        if !address.is_empty() {
            *self.per_address.entry(address.to_owned()).or_default() += 1;
        }
        self.by_socket.insert(socket.to_owned(), (account, address.to_owned()));
        Ok(())
    }

    /// Gives back the place of a socket that ended: its account and address, None if it held none.
    fn release(&mut self, socket: &str) -> Option<(i64, String)> {
        let (account, address) = self.by_socket.remove(socket)?;
        if let Some(n) = self.per_account.get_mut(&account) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                self.per_account.remove(&account);
            }
        }
        if let Some(n) = self.per_address.get_mut(&address) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                self.per_address.remove(&address);
            }
        }
        Some((account, address))
    }
}

/// The shared sets a socket of `account` from `address` takes a place in.
fn keys(account: i64, address: &str) -> Vec<String> {
    let mut keys = vec![account_key(account)];
    if !address.is_empty() {
        keys.push(address_key(address));
    }
    keys
}

/// The socket caps of one process.
pub struct SocketCaps {
    ephemeral: Arc<dyn Ephemeral>,
    /// At most this many sockets per account, and per address.
    caps: (usize, usize),
    lease: Duration,
    local: Mutex<Holds>,
}

impl SocketCaps {
    /// Caps held across the processes sharing `ephemeral`, each place leased for `lease` (at
    /// least a second). Call [`SocketCaps::keep_leases`] once to refresh them.
    pub fn new(ephemeral: Arc<dyn Ephemeral>, per_account: usize, per_address: usize, lease: Duration) -> SocketCaps {
        SocketCaps {
            ephemeral,
            caps: (per_account.max(1), per_address.max(1)),
            lease: lease.max(Duration::from_secs(1)),
            local: Mutex::new(Holds::default()),
        }
    }

    /// The default caps, counted by this process alone.
    pub fn local(per_account: usize, per_address: usize) -> SocketCaps {
        SocketCaps::new(Arc::new(MemoryEphemeral::new("")), per_account, per_address, SOCKET_LEASE)
    }

    fn holds(&self) -> MutexGuard<'_, Holds> {
        // Every change is one map operation per map, so a poisoned lock still holds whole counts.
        self.local.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Takes a place for `socket` of `account` from `address` (empty: unknown, not capped), or
    /// refuses with `TOO_MANY_ATTEMPTS` when the account or the address already holds its cap,
    /// on this process or across all of them. When the shared store fails, this process's count
    /// alone decides.
    pub async fn take(&self, socket: &str, account: i64, address: &str) -> Result<(), SoukError> {
        self.holds().take(socket, account, address, self.caps)?;
        let keys = keys(account, address);
        let caps = [self.caps.0, self.caps.1];
        let claims: Vec<(String, usize)> = keys.into_iter().zip(caps).collect();
        match self.ephemeral.expiring_set_claim(&claims, socket, self.lease).await {
            Ok(None) => Ok(()),
            Ok(Some(full)) => {
                self.holds().release(socket);
                Err(if full == 0 { over_cap("account", self.caps.0) } else { over_cap("address", self.caps.1) })
            }
            Err(e) => {
                tracing::warn!(error = %e, "socket caps counted on this process only: the ephemeral store fails");
                Ok(())
            }
        }
    }

    /// Gives back the place of a socket that ended (nothing if it held none): at once on this
    /// process, then in the shared sets (a failure there leaves the place to its lease).
    pub fn release(self: &Arc<Self>, socket: &str) {
        let Some((account, address)) = self.holds().release(socket) else { return };
        let (caps, socket) = (Arc::clone(self), socket.to_owned());
        tokio::spawn(async move {
            for key in keys(account, &address) {
                if let Err(e) = caps.ephemeral.expiring_set_remove(&key, &socket).await {
                    tracing::debug!(error = %e, "socket place left to its lease: the ephemeral store fails");
                }
            }
        });
    }

    /// Refreshes the lease of every place this process's sockets hold, in one batched call
    /// (places taken while the store failed are recorded then).
    pub async fn refresh(&self) -> EphemeralResult<()> {
        let entries: Vec<(String, String)> = {
            let holds = self.holds();
            holds
                .by_socket
                .iter()
                .flat_map(|(socket, (account, address))| {
                    keys(*account, address).into_iter().map(move |key| (key, socket.clone()))
                })
                .collect()
        };
        if entries.is_empty() {
            return Ok(());
        }
        self.ephemeral.expiring_set_refresh(&entries, self.lease).await
    }

    /// How many sockets this process holds.
    pub fn held(&self) -> usize {
        self.holds().by_socket.len()
    }

    /// Refreshes the leases every third of the lease, until the caps are dropped.
    pub fn keep_leases(self: &Arc<Self>) {
        let caps: Weak<SocketCaps> = Arc::downgrade(self);
        let every = self.lease / 3;
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(every);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                let Some(caps) = caps.upgrade() else { return };
                if let Err(e) = caps.refresh().await {
                    tracing::warn!(error = %e, "socket leases not refreshed: the ephemeral store fails");
                }
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn caps(store: &MemoryEphemeral, per_account: usize, per_address: usize) -> Arc<SocketCaps> {
        Arc::new(SocketCaps::new(Arc::new(store.with_prefix("")), per_account, per_address, Duration::from_secs(60)))
    }

    fn refused(result: Result<(), SoukError>) -> bool {
        result.is_err_and(|e| e.code == ErrorCode::TooManyAttempts)
    }

    #[tokio::test]
    async fn the_caps_hold_across_processes_sharing_a_store() {
        let shared = MemoryEphemeral::new("t:");
        let (one, two) = (caps(&shared, 2, 3), caps(&shared, 2, 3));
        one.take("a1", 7, "10.0.0.1").await.expect("first");
        two.take("a2", 7, "10.0.0.1").await.expect("second, on the other process");
        assert!(refused(one.take("a3", 7, "10.0.0.1").await), "the account holds 2 across both");
        assert!(refused(two.take("a3", 7, "10.0.0.1").await));
        assert_eq!((one.held(), two.held()), (1, 1), "a refused socket holds nothing");
        // Another account from the address gets the address's last place.
        two.take("b1", 8, "10.0.0.1").await.expect("the address's third");
        assert!(refused(one.take("b2", 8, "10.0.0.1").await), "the address holds 3");
        one.take("b2", 8, "10.0.0.2").await.expect("from another address");

        // A socket that ends gives its place back everywhere.
        one.release("a1");
        tokio::time::sleep(Duration::from_millis(50)).await;
        two.take("a3", 7, "10.0.0.3").await.expect("the account's place came back");
    }

    #[tokio::test]
    async fn a_lapsed_lease_frees_the_place_and_a_refresh_keeps_it() {
        let shared = MemoryEphemeral::new("t:");
        let lease = Duration::from_secs(1);
        let crashed = Arc::new(SocketCaps::new(Arc::new(shared.with_prefix("")), 1, 10, lease));
        let alive = Arc::new(SocketCaps::new(Arc::new(shared.with_prefix("")), 1, 10, lease));
        crashed.take("gone", 5, "").await.expect("taken");
        alive.take("kept", 6, "").await.expect("taken");
        alive.keep_leases();
        assert!(refused(alive.take("new", 5, "").await), "held by the other process");
        tokio::time::sleep(lease + Duration::from_millis(300)).await;
        alive.take("new", 5, "").await.expect("the crashed process's place lapsed with its lease");
        assert!(refused(crashed.take("again", 6, "").await), "the refreshed place is still held");
    }
}
