//! Stored media files (shop logos, ad photos): the `MediaStore` trait that the services write
//! renditions through, and `LocalMediaStore`, the embedded-mode backend that keeps them as files
//! under `data/media/` (served by the HTTP layer at `/media/`). An S3-compatible backend implements
//! the same trait in distributed mode.

use async_trait::async_trait;
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The longest key accepted, in bytes.
pub const MAX_KEY_LEN: usize = 200;

/// The URL prefix under which the HTTP layer serves the local media folder.
pub const PUBLIC_PREFIX: &str = "/media";

/// A media-store failure.
#[derive(Debug, thiserror::Error)]
pub enum MediaError {
    #[error("invalid media key {0:?}")]
    InvalidKey(String),
    #[error("media i/o: {0}")]
    Io(#[from] std::io::Error),
}

/// Where media objects live. Keys are relative, lower-case paths such as
/// `logos/42/0192f3a4-256.jpg` (see [`validate_key`]); every method refuses any other key with
/// [`MediaError::InvalidKey`] before touching the backend.
#[async_trait]
pub trait MediaStore: Send + Sync + 'static {
    /// Stores `bytes` under `key`, replacing an existing object. Readers see either the old
    /// object or the new one, never a partial write.
    async fn put(&self, key: &str, bytes: Vec<u8>, content_type: &str) -> Result<(), MediaError>;
    /// The object's bytes, or `None` when there is none under `key`.
    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, MediaError>;
    /// Removes the object; `false` when there was none.
    async fn delete(&self, key: &str) -> Result<bool, MediaError>;
    /// The URL path the browser fetches the object at, e.g. `/media/logos/42/….jpg`.
    fn public_path(&self, key: &str) -> String;
}

/// Checks that `key` is a relative path made only of `[a-z0-9/_.-]`, at most [`MAX_KEY_LEN`]
/// bytes, with no empty segment (`a//b`, leading or trailing `/`) and no segment starting with a
/// dot (`..`, `.`, hidden files — this also keeps keys apart from the store's temporary files).
/// Upper case is refused so that one object never has two spellings on case-insensitive stores.
pub fn validate_key(key: &str) -> Result<(), MediaError> {
    let invalid = || MediaError::InvalidKey(key.chars().take(MAX_KEY_LEN + 1).collect());
    if key.is_empty() || key.len() > MAX_KEY_LEN {
        return Err(invalid());
    }
    if !key.bytes().all(|b| matches!(b, b'a'..=b'z' | b'0'..=b'9' | b'/' | b'_' | b'.' | b'-')) {
        return Err(invalid());
    }
    if key.split('/').any(|segment| segment.is_empty() || segment.starts_with('.')) {
        return Err(invalid());
    }
    Ok(())
}

/// Media kept as files under one folder (embedded mode). Writes go to a temporary file in the
/// target folder, are flushed, then renamed over the destination, so a crash or a concurrent
/// reader never sees half a file. Folders are created as needed. The content type is not
/// stored: the HTTP layer derives it from the key's extension.
#[derive(Debug, Clone)]
pub struct LocalMediaStore {
    root: PathBuf,
}

/// Makes temporary file names unique within the process (the pid separates processes).
static TEMP_COUNTER: AtomicU64 = AtomicU64::new(0);

impl LocalMediaStore {
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Self { root: root.into() }
    }

    /// The folder the objects live under.
    pub fn root(&self) -> &Path {
        &self.root
    }

    fn path_of(&self, key: &str) -> Result<PathBuf, MediaError> {
        validate_key(key)?;
        Ok(self.root.join(key))
    }
}

/// Runs blocking file-system work off the async executor.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, MediaError> + Send + 'static,
) -> Result<T, MediaError> {
    tokio::task::spawn_blocking(work).await.map_err(|e| MediaError::Io(std::io::Error::other(e)))?
}

fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), MediaError> {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return Err(MediaError::InvalidKey(path.display().to_string()));
    };
    std::fs::create_dir_all(dir)?;
    let n = TEMP_COUNTER.fetch_add(1, Ordering::Relaxed);
    // Starts with a dot, which no valid key segment does, so it never collides with an object.
    let temp = dir.join(format!(".{}.{}.{n}.tmp", name.to_string_lossy(), std::process::id()));
    let written = (|| -> std::io::Result<()> {
        let mut file = std::fs::File::create(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&temp, path)
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temp);
        return Err(MediaError::Io(e));
    }
    Ok(())
}

#[async_trait]
impl MediaStore for LocalMediaStore {
    async fn put(&self, key: &str, bytes: Vec<u8>, _content_type: &str) -> Result<(), MediaError> {
        let path = self.path_of(key)?;
        blocking(move || write_atomically(&path, &bytes)).await
    }

    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, MediaError> {
        let path = self.path_of(key)?;
        blocking(move || match std::fs::read(&path) {
            Ok(bytes) => Ok(Some(bytes)),
            // A key that names a folder (a prefix of other keys) holds no object either.
            Err(e) if matches!(e.kind(), ErrorKind::NotFound | ErrorKind::IsADirectory) => Ok(None),
            Err(e) => Err(e.into()),
        })
        .await
    }

    async fn delete(&self, key: &str) -> Result<bool, MediaError> {
        let path = self.path_of(key)?;
        blocking(move || match std::fs::remove_file(&path) {
            Ok(()) => Ok(true),
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(false),
            Err(e) => Err(e.into()),
        })
        .await
    }

    fn public_path(&self, key: &str) -> String {
        // Keys are URL-safe by construction (validate_key), so no escaping is needed.
        format!("{PUBLIC_PREFIX}/{key}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_root(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("souk-media-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn keys_are_relative_lower_case_paths() {
        for good in ["logos/42/3f2a-256.jpg", "a", "demo/vehicles-1.jpg", "ads/7/x_y.z.png", "a/b/c/d.e"] {
            assert!(validate_key(good).is_ok(), "{good} should be accepted");
        }
        let too_long = format!("logos/{}.jpg", "a".repeat(MAX_KEY_LEN));
        let longest = "a".repeat(MAX_KEY_LEN);
        assert!(validate_key(&longest).is_ok());
        for bad in [
            "",
            "../x",
            "a/../b",
            "..",
            ".",
            "./a",
            "/abs",
            "a//b",
            "a/",
            "A.JPG",
            "logos/42/Photo.jpg",
            "a b",
            "a\\b",
            "a/.hidden",
            "caf\u{e9}.jpg",
            "a\0b",
            "a?b",
            "a%2e%2e/b",
            too_long.as_str(),
        ] {
            assert!(matches!(validate_key(bad), Err(MediaError::InvalidKey(_))), "{bad:?} should be refused");
        }
    }

    #[tokio::test]
    async fn round_trip_replace_and_delete() {
        let root = temp_root("round-trip");
        let store = LocalMediaStore::new(&root);
        let key = "logos/42/3f2a-256.jpg";

        assert_eq!(store.get(key).await.unwrap(), None);
        store.put(key, b"first".to_vec(), "image/jpeg").await.unwrap();
        assert_eq!(store.get(key).await.unwrap().as_deref(), Some(&b"first"[..]));
        assert_eq!(std::fs::read(root.join("logos/42/3f2a-256.jpg")).unwrap(), b"first");

        store.put(key, b"second, longer".to_vec(), "image/jpeg").await.unwrap();
        assert_eq!(store.get(key).await.unwrap().as_deref(), Some(&b"second, longer"[..]));
        // No temporary file is left behind next to the object.
        let names: Vec<_> = std::fs::read_dir(root.join("logos/42")).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, vec![std::ffi::OsString::from("3f2a-256.jpg")]);

        // A folder is not an object.
        assert_eq!(store.get("logos/42").await.unwrap(), None);

        assert!(store.delete(key).await.unwrap());
        assert_eq!(store.get(key).await.unwrap(), None);
        assert!(!store.delete(key).await.unwrap());
        let _ = std::fs::remove_dir_all(&root);
    }

    #[tokio::test]
    async fn invalid_keys_touch_nothing() {
        let root = temp_root("invalid");
        let store = LocalMediaStore::new(root.join("media"));
        for bad in ["../escape.jpg", "/abs.jpg", "a//b.jpg", "UP.JPG", ""] {
            assert!(matches!(store.put(bad, b"x".to_vec(), "image/jpeg").await, Err(MediaError::InvalidKey(_))));
            assert!(matches!(store.get(bad).await, Err(MediaError::InvalidKey(_))));
            assert!(matches!(store.delete(bad).await, Err(MediaError::InvalidKey(_))));
        }
        assert!(!root.join("escape.jpg").exists());
        assert!(!root.join("media").exists());
        let _ = std::fs::remove_dir_all(&root);
    }

    #[tokio::test]
    async fn concurrent_writers_leave_one_whole_object() {
        let root = temp_root("concurrent");
        let store = std::sync::Arc::new(LocalMediaStore::new(&root));
        let key = "ads/1/photo-large.jpg";
        let writers: Vec<_> = (0u8..8)
            .map(|i| {
                let store = store.clone();
                tokio::spawn(async move { store.put(key, vec![i; 64 * 1024], "image/jpeg").await })
            })
            .collect();
        for writer in writers {
            writer.await.unwrap().unwrap();
        }
        let stored = store.get(key).await.unwrap().unwrap();
        assert_eq!(stored.len(), 64 * 1024);
        assert!(stored.iter().all(|&b| b == stored[0]), "bytes of two writes were mixed");
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn public_path_is_under_media() {
        let store = LocalMediaStore::new("/srv/souk/data/media");
        assert_eq!(store.public_path("logos/42/3f2a-256.jpg"), "/media/logos/42/3f2a-256.jpg");
    }
}
