//! Photo and video uploads of the ad form: the bytes are checked (type from the bytes, size,
//! pixel limits, video duration and orientation from the MP4/MOV metadata), photos are
//! re-encoded into thumbnail, medium and large without their metadata, and the files go to the
//! `MediaStore` under `ads/{media id}/`. The upload is recorded as the caller's, to be used by
//! one of their ads. A refused upload stores nothing.

use super::service::now;
use crate::accounts::service::Caller;
use crate::media::{ImageError, process_ad_photo};
use crate::video::{VideoContainer, VideoProblem, check_ad_video};
use souk_domain::{ErrorCode, SoukError};
use souk_storage::ads::{AdStore, MediaRecord};
use souk_storage::media::MediaStore;
use std::sync::Arc;
use tokio::sync::Semaphore;

pub struct AdUploads {
    ads: Arc<dyn AdStore>,
    media: Arc<dyn MediaStore>,
    /// Bounds how many uploads are decoded at once: memory, not only CPU (shared with the shop
    /// logos, `accounts::logo`).
    permits: Arc<Semaphore>,
}

fn image_error(e: ImageError) -> SoukError {
    match e {
        ImageError::TooLarge { .. } | ImageError::TooManyPixels => {
            SoukError::with_detail(ErrorCode::PhotoTooLarge, e.to_string())
        }
        other => SoukError::with_detail(ErrorCode::PhotoNotAnImage, other.to_string()),
    }
}

fn video_error(e: VideoProblem) -> SoukError {
    let code = match &e {
        VideoProblem::TooLong { .. } => ErrorCode::VideoTooLong,
        VideoProblem::TooLarge { .. } => ErrorCode::VideoTooLarge,
        VideoProblem::NotLandscape { .. } => ErrorCode::VideoNotLandscape,
        _ => ErrorCode::VideoUnreadable,
    };
    SoukError::with_detail(code, e.to_string())
}

impl AdUploads {
    pub fn new(ads: Arc<dyn AdStore>, media: Arc<dyn MediaStore>, parallel: usize) -> AdUploads {
        AdUploads { ads, media, permits: Arc::new(Semaphore::new(parallel.max(1))) }
    }

    /// The bound on parallel decoding, for the other image uploads to share.
    pub fn permits(&self) -> Arc<Semaphore> {
        Arc::clone(&self.permits)
    }

    /// The public URL path of a stored key.
    pub fn public_path(&self, key: &str) -> String {
        self.media.public_path(key)
    }

    /// Stores every file or none: a failure removes what was written.
    async fn put_all(&self, files: Vec<(String, Vec<u8>, &'static str)>) -> Result<(), SoukError> {
        let mut written: Vec<String> = Vec::new();
        for (key, bytes, content_type) in files {
            if let Err(e) = self.media.put(&key, bytes, content_type).await {
                for k in &written {
                    let _ = self.media.delete(k).await;
                }
                return Err(SoukError::internal(e));
            }
            written.push(key);
        }
        Ok(())
    }

    /// An ad photo: checked, re-encoded (thumb, medium, large; metadata removed), stored.
    pub async fn upload_photo(&self, caller: &Caller, bytes: Vec<u8>) -> Result<MediaRecord, SoukError> {
        let size = bytes.len() as u64;
        let _permit = self.permits.acquire().await.map_err(SoukError::internal)?;
        let renditions = tokio::task::spawn_blocking(move || process_ad_photo(&bytes))
            .await
            .map_err(SoukError::internal)?
            .map_err(image_error)?;
        let media_id = uuid::Uuid::now_v7().simple().to_string();
        let base_key = format!("ads/{media_id}");
        let large = renditions.iter().find(|r| r.name == "large").map(|r| (r.width, r.height)).unwrap_or((0, 0));
        let files = renditions
            .into_iter()
            .map(|r| (format!("{base_key}/{}.{}", r.name, r.extension()), r.bytes, r.content_type))
            .collect();
        self.put_all(files).await?;
        let record = MediaRecord {
            media_id,
            account_id: caller.account_id(),
            kind: "photo".into(),
            base_key,
            width: large.0,
            height: large.1,
            bytes: size,
            duration_ms: None,
            created_at: now(),
        };
        self.ads.insert_media(record.clone()).await.map_err(SoukError::internal)?;
        Ok(record)
    }

    /// An ad video: under 1 minute, under 30 MB, landscape, read from its MP4/MOV metadata.
    pub async fn upload_video(&self, caller: &Caller, bytes: Vec<u8>) -> Result<MediaRecord, SoukError> {
        let size = bytes.len() as u64;
        let _permit = self.permits.acquire().await.map_err(SoukError::internal)?;
        let (info, bytes) = tokio::task::spawn_blocking(move || check_ad_video(&bytes).map(|i| (i, bytes)))
            .await
            .map_err(SoukError::internal)?
            .map_err(video_error)?;
        let media_id = uuid::Uuid::now_v7().simple().to_string();
        let (ext, content_type) = match info.container {
            VideoContainer::Mov => ("mov", "video/quicktime"),
            VideoContainer::Mp4 => ("mp4", "video/mp4"),
        };
        let key = format!("ads/{media_id}/video.{ext}");
        self.put_all(vec![(key.clone(), bytes, content_type)]).await?;
        let record = MediaRecord {
            media_id,
            account_id: caller.account_id(),
            kind: "video".into(),
            base_key: key,
            width: info.display_width(),
            height: info.display_height(),
            bytes: size,
            duration_ms: Some(info.duration_ms),
            created_at: now(),
        };
        self.ads.insert_media(record.clone()).await.map_err(SoukError::internal)?;
        Ok(record)
    }
}
