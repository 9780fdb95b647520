//! A shop's logo upload (spec §7 logo upload helper): the bytes decide the type, the image is
//! size-limited and checked against decompression bombs, re-encoded without its metadata into
//! 256 px and 64 px squares under the same bound on parallel decoding as the ad photos, stored,
//! and recorded as the caller's own shop's logo. A refused upload stores nothing.

use super::service::{AccountService, Caller};
use crate::media::{ImageError, process_logo};
use souk_domain::{ErrorCode, SoukError};
use souk_storage::media::MediaStore;
use std::sync::Arc;
use tokio::sync::Semaphore;

pub struct ShopLogos {
    media: Arc<dyn MediaStore>,
    accounts: Arc<AccountService>,
    /// Shared with the ad uploads: how many images are decoded at once (memory, not only CPU).
    permits: Arc<Semaphore>,
}

fn image_error(e: ImageError) -> SoukError {
    match e {
        ImageError::TooLarge { max_bytes } => {
            SoukError::with_detail(ErrorCode::PayloadTooLarge, format!("{max_bytes} bytes"))
        }
        other => SoukError::with_detail(ErrorCode::LogoNotAnImage, other.to_string()),
    }
}

impl ShopLogos {
    pub fn new(media: Arc<dyn MediaStore>, accounts: Arc<AccountService>, permits: Arc<Semaphore>) -> ShopLogos {
        ShopLogos { media, accounts, permits }
    }

    /// `POST /api/shops/logo`: the caller's own shop only (`userId` must be the caller, a
    /// private account is `PERMISSION_DENIED`). Answers the created code and the logo's path.
    pub async fn upload(&self, caller: &Caller, user_id: i64, bytes: Vec<u8>) -> Result<(u16, String), SoukError> {
        if user_id != caller.account_id() {
            return Err(SoukError::with_detail(ErrorCode::PermissionDenied, "another account's shop"));
        }
        let store_id =
            caller.claims.store_id.ok_or_else(|| SoukError::with_detail(ErrorCode::PermissionDenied, "not a shop"))?;
        let renditions = {
            let _permit = self.permits.acquire().await.map_err(SoukError::internal)?;
            tokio::task::spawn_blocking(move || process_logo(&bytes))
                .await
                .map_err(SoukError::internal)?
                .map_err(image_error)?
        };
        let id = uuid::Uuid::now_v7().simple().to_string();
        let mut written: Vec<String> = Vec::new();
        let mut main_key = None;
        for r in renditions {
            let key = format!("logos/{store_id}/{id}-{}.{}", r.name, r.extension());
            if let Err(e) = self.media.put(&key, r.bytes, r.content_type).await {
                for k in &written {
                    let _ = self.media.delete(k).await;
                }
                return Err(SoukError::internal(e));
            }
            if r.name == "256" {
                main_key = Some(key.clone());
            }
            written.push(key);
        }
        let key = main_key.ok_or_else(|| SoukError::internal("no 256 px rendition"))?;
        let code = self.accounts.set_logo(caller, user_id, key.clone()).await?;
        Ok((code, self.media.public_path(&key)))
    }
}
