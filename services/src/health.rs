//! Readiness (`/readyz`): the durable store and the ephemeral store both answer, else
//! `STORE_UNAVAILABLE` naming which (the disk's free space is the web layer's own check).

use souk_domain::{ErrorCode, SoukError};
use souk_storage::ephemeral::Ephemeral;
use souk_storage::health::StoreHealth;
use std::sync::Arc;

pub struct Readiness {
    store: Arc<dyn StoreHealth>,
    ephemeral: Arc<dyn Ephemeral>,
}

impl Readiness {
    pub fn new(store: Arc<dyn StoreHealth>, ephemeral: Arc<dyn Ephemeral>) -> Readiness {
        Readiness { store, ephemeral }
    }

    /// Ok when both stores answer; answers the ephemeral backend's name, which the probe shows.
    pub async fn check(&self) -> Result<&'static str, SoukError> {
        if let Err(e) = self.store.ping().await {
            let detail = format!("{}: {e}", self.store.backend_name());
            return Err(SoukError::with_detail(ErrorCode::StoreUnavailable, detail));
        }
        if let Err(e) = self.ephemeral.ping().await {
            let detail = format!("{}: {e}", self.ephemeral.backend_name());
            return Err(SoukError::with_detail(ErrorCode::StoreUnavailable, detail));
        }
        Ok(self.ephemeral.backend_name())
    }
}
