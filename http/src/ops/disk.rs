//! The free space of the data directory's file system, for readiness (issue 27,
//! docs/operations.md "A full disk"): below `storage.min_free_mb` the process reports not
//! ready with `STORAGE_FULL`, and ready again by itself once space is back.

use std::path::Path;

/// Bytes available to this (unprivileged) process on the file system holding `path`.
#[cfg(unix)]
pub fn available_bytes(path: &Path) -> std::io::Result<u64> {
    use std::os::unix::ffi::OsStrExt;
    let c_path = std::ffi::CString::new(path.as_os_str().as_bytes())
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
    let mut stats = std::mem::MaybeUninit::<libc::statvfs>::zeroed();
    // SAFETY: `c_path` is a NUL-terminated path that outlives the call, and `stats` points to
    // writable memory the size of a `statvfs`; the call only writes into it.
    let status = unsafe { libc::statvfs(c_path.as_ptr(), stats.as_mut_ptr()) };
    if status != 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: statvfs answered 0, so it filled the whole structure.
    let stats = unsafe { stats.assume_init() };
    // u64 here; 32 bits on some platforms, where the conversion is not useless.
    #[allow(clippy::useless_conversion)]
    let (blocks, block_size) = (u64::from(stats.f_bavail), u64::from(stats.f_frsize));
    Ok(blocks.saturating_mul(block_size))
}

/// Without statvfs the space is not known: never reported as full.
#[cfg(not(unix))]
pub fn available_bytes(_path: &Path) -> std::io::Result<u64> {
    Ok(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_temporary_directory_has_some_space_and_a_missing_path_is_an_error() {
        let free = available_bytes(&std::env::temp_dir()).expect("statvfs");
        assert!(free > 0);
        assert!(available_bytes(Path::new("/no/such/souk/dir")).is_err());
    }
}
