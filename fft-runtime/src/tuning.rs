//! Measure mode's memory: `tuning.toml` beside the binary cache, one entry per device, driver
//! and transform, with the decomposition that was fastest and what every candidate took.
//!
//! The file is plain TOML that people may read, edit or delete. A choice read back is used
//! only when it is one of the request's candidates ([`fft_core::plan::candidates`]): an
//! edited or stale entry can make a plan slower, never wrong. A file that does not parse is
//! left alone (with a warning) rather than overwritten.

use crate::binary_cache::files::{read_entry, write_entry};
use crate::binary_cache::BinaryCache;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The tuning file's name in the cache directory.
pub const TUNING_FILE: &str = "tuning.toml";
/// The largest tuning file read (a few hundred bytes per entry).
const MAX_TUNING_BYTES: u64 = 4 << 20;

const HEADER: &str = "\
# oclfft measure mode: the fastest decomposition found per device, driver and transform.
# `choice` is used by plans built with .measure(true) / --measure; delete an entry (or the
# file) to measure again. A choice that is not among a plan's candidates is ignored.

";

/// One measured transform.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TuningEntry {
    /// The device, platform, driver, OpenCL version and oclfft version.
    pub device: String,
    /// The transform timed: precision, length, batch and the options that bound the choice.
    pub transform: String,
    /// The fastest decomposition, as [`fft_core::plan::Choice`] writes it.
    pub choice: String,
    /// Its median kernel time in microseconds.
    pub median_us: f64,
    /// Every candidate with its median time (or why it did not run), fastest first.
    #[serde(default)]
    pub measured: Vec<String>,
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct Document {
    #[serde(default, rename = "entry")]
    entries: Vec<TuningEntry>,
}

/// The tuning file of a binary cache (none when the cache is disabled: measure mode then
/// measures every plan).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TuningFile {
    path: Option<PathBuf>,
}

impl TuningFile {
    /// The tuning file in `cache`'s directory.
    pub fn of(cache: &BinaryCache) -> TuningFile {
        TuningFile {
            path: cache.dir().map(|dir| dir.join(TUNING_FILE)),
        }
    }

    /// Where the file is, if anywhere.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The entry for `transform` on `device`, if the file holds one.
    pub fn lookup(&self, device: &str, transform: &str) -> Option<TuningEntry> {
        let document = self.read().ok()?;
        document
            .entries
            .into_iter()
            .find(|e| e.device == device && e.transform == transform)
    }

    /// Records `entry`, replacing the one for the same device and transform. Returns why it
    /// could not be written (the plan is measured either way). The file is replaced whole
    /// through a temporary file and a rename, so a reader never sees half of it; two
    /// processes recording at once may lose one entry, which is then measured again.
    pub fn record(&self, entry: TuningEntry) -> Result<(), String> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        let mut document = self.read()?;
        document
            .entries
            .retain(|e| !(e.device == entry.device && e.transform == entry.transform));
        document.entries.push(entry);
        let text = toml::to_string(&document)
            .map_err(|e| format!("could not write {}: {e}", path.display()))?;
        let dir = path.parent().unwrap_or(Path::new("."));
        write_entry(dir, TUNING_FILE, format!("{HEADER}{text}").as_bytes())
            .map_err(|e| format!("could not write {}: {e}", path.display()))
    }

    /// The file's entries: none when it does not exist; an error when it exists but cannot be
    /// trusted or read as a tuning file (it is then not overwritten).
    fn read(&self) -> Result<Document, String> {
        let Some(path) = &self.path else {
            return Ok(Document::default());
        };
        if std::fs::symlink_metadata(path).is_err() {
            return Ok(Document::default());
        }
        let bytes = read_entry(path, MAX_TUNING_BYTES).ok_or_else(|| {
            format!(
                "{} is not a regular file of yours of at most {MAX_TUNING_BYTES} bytes that only you can write: remove it",
                path.display()
            )
        })?;
        let text = String::from_utf8(bytes)
            .map_err(|_| format!("{} is not UTF-8 text: fix or remove it", path.display()))?;
        toml::from_str(&text).map_err(|e| {
            format!(
                "{} is not a tuning file ({}): fix or remove it",
                path.display(),
                e.message()
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(transform: &str, choice: &str) -> TuningEntry {
        TuningEntry {
            device: "dev | driver 1".into(),
            transform: transform.into(),
            choice: choice.into(),
            median_us: 12.5,
            measured: vec![
                format!("{choice}: 12.5 us"),
                "radix 16 vector: 20.0 us".into(),
            ],
        }
    }

    #[test]
    fn entries_are_recorded_replaced_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let file = TuningFile::of(&BinaryCache::in_dir(dir.path().join("cache")));
        assert_eq!(file.lookup("dev | driver 1", "f32 len 64"), None);
        file.record(entry("f32 len 64", "fused 64")).unwrap();
        file.record(entry("f32 len 128", "fused 128")).unwrap();
        file.record(entry("f32 len 64", "fused 8x8")).unwrap();
        assert_eq!(
            file.lookup("dev | driver 1", "f32 len 64"),
            Some(entry("f32 len 64", "fused 8x8"))
        );
        assert_eq!(
            file.lookup("dev | driver 1", "f32 len 128").unwrap().choice,
            "fused 128"
        );
        assert_eq!(file.lookup("other device", "f32 len 64"), None);
        let text = std::fs::read_to_string(file.path().unwrap()).unwrap();
        assert!(text.starts_with("# oclfft measure mode"), "{text}");
        assert_eq!(text.matches("[[entry]]").count(), 2, "{text}");
    }

    #[test]
    fn a_file_that_is_not_a_tuning_file_is_reported_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let cache = BinaryCache::in_dir(dir.path());
        let path = dir.path().join(TUNING_FILE);
        std::fs::write(&path, "my notes, not toml [").unwrap();
        let file = TuningFile::of(&cache);
        assert_eq!(file.lookup("dev | driver 1", "f32 len 64"), None);
        let err = file.record(entry("f32 len 64", "fused 64")).unwrap_err();
        assert!(
            err.contains("is not a tuning file") && err.contains("fix or remove it"),
            "{err}"
        );
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "my notes, not toml ["
        );
    }

    #[test]
    fn a_disabled_cache_has_no_file_and_records_nothing() {
        let file = TuningFile::of(&BinaryCache::disabled());
        assert_eq!(file.path(), None);
        file.record(entry("f32 len 64", "fused 64")).unwrap();
        assert_eq!(file.lookup("dev | driver 1", "f32 len 64"), None);
    }
}
