//! Writing an output file so that nothing but a regular file is ever replaced.
//!
//! - A new path or a regular file: the bytes go to an exclusively created temporary file in
//!   the same directory (the `tempfile` crate: unpredictable name, `O_EXCL`, never through a
//!   symlink), which is then renamed over the path. Readers never see a half-written file,
//!   and a failure leaves nothing behind. An existing file keeps its permissions.
//! - A symbolic link to a regular file: the link is kept and the file it points to is
//!   replaced as above.
//! - A character device or a pipe (`/dev/stdout`, `/dev/null`, a FIFO): written directly,
//!   never replaced.
//! - Anything else (a directory, a dangling link, a block device, a socket): refused.

use crate::IoError;
use std::fs::{self, Metadata};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` as the module documentation describes.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), IoError> {
    let write_error = |source| IoError::Write {
        path: path.into(),
        source,
    };
    let meta = match fs::symlink_metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return replace(path, path, None, bytes)
        }
        Err(e) => return Err(write_error(e)),
    };
    if !meta.file_type().is_symlink() {
        return write_to(path, path, &meta, bytes);
    }
    let target = fs::metadata(path).map_err(|_| IoError::NotReplaceable {
        path: path.into(),
        what: "is a symbolic link to nothing".into(),
    })?;
    if target.is_file() {
        // Keep the link: replace the file it points to.
        let real = fs::canonicalize(path).map_err(write_error)?;
        return write_to(path, &real, &target, bytes);
    }
    write_to(path, path, &target, bytes)
}

/// Writes to `target` (what `shown` names, as the user wrote it) given what is there now.
fn write_to(shown: &Path, target: &Path, meta: &Metadata, bytes: &[u8]) -> Result<(), IoError> {
    if meta.is_file() {
        return replace(shown, target, Some(meta), bytes);
    }
    if is_stream(meta) {
        let write_error = |source| IoError::Write {
            path: shown.into(),
            source,
        };
        let mut file = fs::OpenOptions::new()
            .write(true)
            .open(target)
            .map_err(write_error)?;
        return file
            .write_all(bytes)
            .and_then(|()| file.flush())
            .map_err(write_error);
    }
    Err(IoError::NotReplaceable {
        path: shown.into(),
        what: describe(meta).into(),
    })
}

/// True for character devices and FIFOs, which are written, never replaced.
#[cfg(unix)]
fn is_stream(meta: &Metadata) -> bool {
    use std::os::unix::fs::FileTypeExt;
    meta.file_type().is_char_device() || meta.file_type().is_fifo()
}

#[cfg(not(unix))]
fn is_stream(_meta: &Metadata) -> bool {
    false
}

/// What is at a path that is neither a file nor a stream.
fn describe(meta: &Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if meta.file_type().is_block_device() {
            return "is a block device";
        }
        if meta.file_type().is_socket() {
            return "is a socket";
        }
    }
    if meta.is_dir() {
        "is a directory"
    } else {
        "is not a regular file"
    }
}

/// Writes a temporary file beside `target` and renames it over `target`; with `existing`
/// (the metadata of the file being replaced) the new file gets its permissions.
fn replace(
    shown: &Path,
    target: &Path,
    existing: Option<&Metadata>,
    bytes: &[u8],
) -> Result<(), IoError> {
    let write_error = |source| IoError::Write {
        path: shown.into(),
        source,
    };
    let dir: PathBuf = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.into(),
        _ => PathBuf::from("."),
    };
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "output".into());
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".oclfft-partial");
    #[cfg(unix)]
    let new_file_mode = {
        use std::os::unix::fs::PermissionsExt;
        // As `File::create` would: 0666 less the umask (which the kernel applies).
        fs::Permissions::from_mode(0o666)
    };
    #[cfg(unix)]
    builder.permissions(new_file_mode);
    let mut tmp = builder.tempfile_in(&dir).map_err(write_error)?;
    tmp.write_all(bytes)
        .and_then(|()| tmp.as_file().sync_all())
        .map_err(write_error)?;
    if let Some(meta) = existing {
        fs::set_permissions(tmp.path(), meta.permissions()).map_err(write_error)?;
        tmp.persist(target).map_err(|e| write_error(e.error))?;
    } else {
        // Something created at the path meanwhile is not overwritten.
        tmp.persist_noclobber(target)
            .map_err(|e| write_error(e.error))?;
    }
    Ok(())
}
