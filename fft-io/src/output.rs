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
use std::fs::{self, File, Metadata, Permissions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use tempfile::NamedTempFile;

/// Writes `bytes` to `path` as the module documentation describes.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), IoError> {
    let mut file = OutputFile::create(path)?;
    file.write_all(bytes).map_err(|e| file.error(e))?;
    file.finish()
}

/// An output being written a piece at a time (`io::Write`), as the module documentation
/// describes: a temporary file that [`OutputFile::finish`] renames over the path (dropped
/// unfinished, it is deleted and the path left as it was), or a character device or pipe
/// written directly.
pub struct OutputFile {
    /// The path as the user wrote it, for messages.
    shown: PathBuf,
    sink: Sink,
}

/// Where an [`OutputFile`]'s bytes go.
enum Sink {
    /// A temporary file beside `target`, renamed over it by `finish`; `existing` holds the
    /// permissions of the file it replaces.
    Replace {
        tmp: NamedTempFile,
        target: PathBuf,
        existing: Option<Permissions>,
    },
    /// A character device or a pipe.
    Stream(File),
}

impl OutputFile {
    /// Opens `path` for writing: resolves what is there now (a new path, a regular file, a
    /// link to one, a character device or pipe) and refuses anything else before a byte is
    /// written.
    pub fn create(path: &Path) -> Result<OutputFile, IoError> {
        let write_error = |source| IoError::Write {
            path: path.into(),
            source,
        };
        let meta = match fs::symlink_metadata(path) {
            Ok(meta) => meta,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return open(path, path, None),
            Err(e) => return Err(write_error(e)),
        };
        if !meta.file_type().is_symlink() {
            return open(path, path, Some(meta));
        }
        let target = fs::metadata(path).map_err(|_| IoError::NotReplaceable {
            path: path.into(),
            what: "is a symbolic link to nothing".into(),
        })?;
        if target.is_file() {
            // Keep the link: replace the file it points to.
            let real = fs::canonicalize(path).map_err(write_error)?;
            return open(path, &real, Some(target));
        }
        open(path, path, Some(target))
    }

    /// The error of a failed write to this output.
    pub fn error(&self, source: io::Error) -> IoError {
        IoError::Write {
            path: self.shown.clone(),
            source,
        }
    }

    /// Flushes the bytes to the disk and puts the file in place (a stream is flushed).
    pub fn finish(self) -> Result<(), IoError> {
        let write_error = |source| IoError::Write {
            path: self.shown.clone(),
            source,
        };
        match self.sink {
            Sink::Stream(mut file) => file.flush().map_err(write_error),
            Sink::Replace {
                tmp,
                target,
                existing,
            } => {
                tmp.as_file().sync_all().map_err(write_error)?;
                if let Some(permissions) = existing {
                    fs::set_permissions(tmp.path(), permissions).map_err(write_error)?;
                    tmp.persist(&target).map_err(|e| write_error(e.error))?;
                } else {
                    // Something created at the path meanwhile is not overwritten.
                    tmp.persist_noclobber(&target)
                        .map_err(|e| write_error(e.error))?;
                }
                Ok(())
            }
        }
    }
}

impl Write for OutputFile {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match &mut self.sink {
            Sink::Replace { tmp, .. } => tmp.write(bytes),
            Sink::Stream(file) => file.write(bytes),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.sink {
            Sink::Replace { tmp, .. } => tmp.flush(),
            Sink::Stream(file) => file.flush(),
        }
    }
}

/// The output for `target` (what `shown` names, as the user wrote it) given what is there
/// now (`None`: nothing).
fn open(shown: &Path, target: &Path, meta: Option<Metadata>) -> Result<OutputFile, IoError> {
    let write_error = |source| IoError::Write {
        path: shown.into(),
        source,
    };
    let sink = match meta {
        None => temporary_beside(target, None).map_err(write_error)?,
        Some(meta) if meta.is_file() => {
            temporary_beside(target, Some(meta)).map_err(write_error)?
        }
        Some(meta) if is_stream(&meta) => Sink::Stream(
            fs::OpenOptions::new()
                .write(true)
                .open(target)
                .map_err(write_error)?,
        ),
        Some(meta) => {
            return Err(IoError::NotReplaceable {
                path: shown.into(),
                what: describe(&meta).into(),
            })
        }
    };
    Ok(OutputFile {
        shown: shown.into(),
        sink,
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

/// An exclusively created temporary file beside `target`, to be renamed over it; with
/// `existing` (the metadata of the file being replaced) it will get its permissions.
fn temporary_beside(target: &Path, existing: Option<Metadata>) -> io::Result<Sink> {
    let existing = existing.map(|meta| meta.permissions());
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
    {
        use std::os::unix::fs::PermissionsExt;
        // As `File::create` would: 0666 less the umask (which the kernel applies).
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    Ok(Sink::Replace {
        tmp: builder.tempfile_in(&dir)?,
        target: target.into(),
        existing,
    })
}
