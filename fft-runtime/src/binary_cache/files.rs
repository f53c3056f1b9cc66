//! The cache's file-system side, written against a directory others might have planted files
//! in: entries are read only when they are regular files of bounded size that the current user
//! owns and nobody else can write, without following links or waiting on FIFOs; they are
//! written through an exclusively created temporary file into a directory made private (0700).

use std::fs::{Metadata, OpenOptions};
use std::io::{Read, Write};
use std::os::unix::fs::{DirBuilderExt, MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

/// The largest entry read: compiled FFT kernels are kilobytes to a few megabytes.
pub const MAX_ENTRY_BYTES: u64 = 64 << 20;

/// Prefix of the temporary files entries are written through.
const TEMP_PREFIX: &str = ".oclfft-entry-";

/// Whether `meta` is a regular file of at most `max` bytes that the current user owns and
/// neither group nor others can write.
fn trusted(meta: &Metadata, max: u64) -> bool {
    // SAFETY: geteuid has no preconditions, touches no memory of ours and cannot fail.
    let euid = unsafe { libc::geteuid() };
    meta.file_type().is_file()
        && meta.len() <= max
        && meta.uid() == euid
        && meta.mode() & 0o022 == 0
}

/// The bytes of the entry at `path`, or `None` when it is missing or not [`trusted`].
///
/// The path is checked without following links before it is opened, and the open file again
/// (it may have been replaced in between): a FIFO, device or link is never read, and the open
/// itself neither follows a final link nor waits for a FIFO's writer.
pub fn read_entry(path: &Path, max: u64) -> Option<Vec<u8>> {
    if !trusted(&std::fs::symlink_metadata(path).ok()?, max) {
        return None;
    }
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)
        .ok()?;
    let meta = file.metadata().ok()?;
    if !trusted(&meta, max) {
        return None;
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).ok()?);
    file.take(max + 1).read_to_end(&mut bytes).ok()?;
    (bytes.len() as u64 <= max).then_some(bytes)
}

/// Creates `dir` (and missing parents) with mode 0700.
fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
}

/// Writes `bytes` to `dir/name` through an exclusively created temporary file (mode 0600) and
/// a rename, which replaces whatever is at `name` without following it.
pub fn write_entry(dir: &Path, name: &str, bytes: &[u8]) -> std::io::Result<()> {
    create_private_dir(dir)?;
    let mut temp = tempfile::Builder::new()
        .prefix(TEMP_PREFIX)
        .tempfile_in(dir)?;
    temp.write_all(bytes)?;
    temp.as_file().sync_all()?;
    temp.persist(dir.join(name)).map_err(|e| e.error)?;
    Ok(())
}

/// Whether `name` is an entry: `<16 hex digits>.bin`.
pub fn is_entry(name: &str) -> bool {
    name.strip_suffix(".bin")
        .is_some_and(|hash| hash.len() == 16 && hash.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// Whether `name` is a file the cache writes: an entry, one of its temporary files, or a
/// temporary file of an older oclfft (`<entry>.<pid>.tmp`).
pub fn is_cache_file(name: &str) -> bool {
    is_entry(name)
        || name.starts_with(TEMP_PREFIX)
        || name
            .strip_suffix(".tmp")
            .and_then(|rest| rest.rsplit_once('.'))
            .is_some_and(|(stem, pid)| is_entry(stem) && pid.bytes().all(|b| b.is_ascii_digit()))
}

/// Every file of `dir` that [`is_cache_file`], with its size (links and other non-regular
/// files count 0 bytes and are not followed). A missing directory holds none.
pub fn cache_files(dir: &Path) -> std::io::Result<Vec<(PathBuf, u64)>> {
    let listing = match std::fs::read_dir(dir) {
        Ok(listing) => listing,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e),
    };
    let mut files = Vec::new();
    for entry in listing {
        let entry = entry?;
        if entry.file_name().to_str().is_some_and(is_cache_file) {
            let meta = entry.metadata()?; // of the link itself, not its target
            let bytes = if meta.is_file() { meta.len() } else { 0 };
            files.push((entry.path(), bytes));
        }
    }
    files.sort();
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_over_the_size_bound_are_not_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("0123456789abcdef.bin");
        write_entry(dir.path(), "0123456789abcdef.bin", b"0123456789").unwrap();
        assert_eq!(read_entry(&path, 9), None);
        assert_eq!(read_entry(&path, 10).as_deref(), Some(&b"0123456789"[..]));
    }

    #[test]
    fn only_the_caches_own_file_names_count() {
        for name in [
            "0123456789abcdef.bin",
            "0123456789ABCDEF.bin.4242.tmp",
            ".oclfft-entry-x1y2",
        ] {
            assert!(is_cache_file(name), "{name}");
        }
        for name in [
            "notes.txt",
            "0123.bin",
            "0123456789abcdefg.bin",
            "0123456789abcdef.bin.x.tmp",
        ] {
            assert!(!is_cache_file(name), "{name}");
        }
        assert!(!is_entry(".oclfft-entry-x1y2"));
    }
}
