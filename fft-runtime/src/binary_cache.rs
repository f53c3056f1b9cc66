//! Compiled program binaries cached on disk, so a plan in a new process skips the driver's
//! compiler.
//!
//! An entry is keyed by everything that changes the binary: the kernel source (hashed), the
//! build options, the device, platform, driver and OpenCL version, and oclfft's version. The
//! file holds the full key text and a checksum of the binary; an entry whose key text or
//! checksum does not match, or that the driver refuses, is rebuilt from source and rewritten,
//! never trusted.
//!
//! The entries are native code the driver loads and runs, so the directory is trusted like the
//! driver itself: it is created with mode 0700, and an entry is read only when it is a regular
//! file of at most [`MAX_ENTRY_BYTES`] that the current user owns and nobody else can write
//! (see `files`).

pub(crate) mod files;

use crate::device::DeviceSummary;
use crate::error::{Error, Result};
use ocl::{Context, Device, Program};
use std::ffi::CString;
use std::path::{Path, PathBuf};

pub use files::MAX_ENTRY_BYTES;

const MAGIC: &[u8] = b"OCLFFT-PROGRAM-BINARY-1\n";

/// 64-bit FNV-1a: stable across Rust versions and platforms (unlike `DefaultHasher`).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Everything a cached binary depends on, as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CacheKey(String);

impl CacheKey {
    /// The key of `source` built with `options` on the device of `summary`.
    pub fn new(source: &str, options: &str, summary: &DeviceSummary) -> CacheKey {
        CacheKey(format!(
            "oclfft {} | device {} | platform {} | driver {} | {} | options '{}' | source fnv1a {:016x} len {}",
            env!("CARGO_PKG_VERSION"),
            summary.name,
            summary.platform,
            summary.driver_version,
            summary.opencl_version,
            options,
            fnv1a(source.as_bytes()),
            source.len()
        ))
    }

    fn file_name(&self) -> String {
        format!("{:016x}.bin", fnv1a(self.0.as_bytes()))
    }
}

/// A directory of cached program binaries (or none: a disabled cache).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BinaryCache {
    dir: Option<PathBuf>,
}

impl BinaryCache {
    /// A cache in `dir`.
    pub fn in_dir(dir: impl Into<PathBuf>) -> BinaryCache {
        BinaryCache {
            dir: Some(dir.into()),
        }
    }

    /// A cache that stores nothing.
    pub fn disabled() -> BinaryCache {
        BinaryCache { dir: None }
    }

    /// The directory, if the cache is enabled.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The file that holds the entry of `key`, if the cache is enabled.
    pub fn entry_path(&self, key: &CacheKey) -> Option<PathBuf> {
        Some(self.dir.as_ref()?.join(key.file_name()))
    }

    /// The binary stored under `key`, if an intact, trusted entry for exactly that key exists.
    pub fn load(&self, key: &CacheKey) -> Option<Vec<u8>> {
        let bytes = files::read_entry(&self.entry_path(key)?, MAX_ENTRY_BYTES)?;
        let rest = bytes.strip_prefix(MAGIC)?;
        let rest = rest.strip_prefix(key.0.as_bytes())?.strip_prefix(b"\n")?;
        let (len, rest) = rest.split_first_chunk::<8>()?;
        let len = usize::try_from(u64::from_le_bytes(*len)).ok()?;
        if rest.len() != len.checked_add(8)? {
            return None;
        }
        let (binary, checksum) = rest.split_at(len);
        (u64::from_le_bytes(checksum.try_into().ok()?) == fnv1a(binary)).then(|| binary.to_vec())
    }

    /// The program of `key` built from its cached binary, if one is stored and usable: the
    /// driver accepts it and it has a kernel `entry_point`, and every kernel it declares can be
    /// created. An entry that fails this (another kernel's binary, or a tampered one) is
    /// deleted and reported once on standard error; the caller then builds from source and
    /// stores a good one.
    pub(crate) fn load_program(
        &self,
        key: &CacheKey,
        context: &Context,
        device: Device,
        options: &CString,
        entry_point: &str,
    ) -> Option<Program> {
        let binary = self.load(key)?;
        let why = match Program::with_binary(context, &[device], &[&binary], options) {
            Ok(program) => match unusable_kernel(&program, entry_point) {
                None => return Some(program),
                Some(why) => why,
            },
            Err(e) => format!("the driver refused it: {}", first_line(&e.to_string())),
        };
        self.remove(key);
        if let Some(path) = self.entry_path(key) {
            eprintln!(
                "oclfft: removed the unusable cached binary {} ({why}); building {entry_point} from source",
                path.display()
            );
        }
        None
    }

    /// Stores `binary` under `key`. Failures are ignored: the cache only saves time.
    pub fn store(&self, key: &CacheKey, binary: &[u8]) {
        let Some(dir) = &self.dir else { return };
        let mut bytes = Vec::with_capacity(MAGIC.len() + key.0.len() + binary.len() + 17);
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(key.0.as_bytes());
        bytes.push(b'\n');
        bytes.extend_from_slice(&(binary.len() as u64).to_le_bytes());
        bytes.extend_from_slice(binary);
        bytes.extend_from_slice(&fnv1a(binary).to_le_bytes());
        let _ = files::write_entry(dir, &key.file_name(), &bytes);
    }

    /// Deletes the entry of `key`, if there is one.
    pub fn remove(&self, key: &CacheKey) {
        if let Some(path) = self.entry_path(key) {
            let _ = std::fs::remove_file(path);
        }
    }

    /// How many entries the cache holds and their bytes (with any leftover temporary files);
    /// all zero for a disabled cache or a directory not made yet.
    pub fn stats(&self) -> Result<CacheStats> {
        let Some(dir) = &self.dir else {
            return Ok(CacheStats::default());
        };
        let found = files::cache_files(dir).map_err(cache_error(dir, "read"))?;
        Ok(CacheStats::of(&found))
    }

    /// Deletes every entry (and leftover temporary file) and returns what was deleted. Other
    /// files in the directory, and the directory itself, are left alone.
    pub fn clear(&self) -> Result<CacheStats> {
        let Some(dir) = &self.dir else {
            return Ok(CacheStats::default());
        };
        let found = files::cache_files(dir).map_err(cache_error(dir, "read"))?;
        for (path, _) in &found {
            std::fs::remove_file(path).map_err(cache_error(dir, "cleared"))?;
        }
        Ok(CacheStats::of(&found))
    }
}

/// What a cache directory holds: see [`BinaryCache::stats`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CacheStats {
    /// Cached program binaries.
    pub entries: usize,
    /// Bytes of the entries and of any leftover temporary files.
    pub bytes: u64,
}

impl CacheStats {
    fn of(found: &[(PathBuf, u64)]) -> CacheStats {
        let is_entry = |path: &PathBuf| {
            path.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(files::is_entry)
        };
        CacheStats {
            entries: found.iter().filter(|(path, _)| is_entry(path)).count(),
            bytes: found.iter().map(|(_, bytes)| bytes).sum(),
        }
    }
}

fn cache_error(dir: &Path, action: &'static str) -> impl FnOnce(std::io::Error) -> Error {
    let dir = dir.to_path_buf();
    move |source| Error::Cache {
        dir,
        action,
        source,
    }
}

fn first_line(text: &str) -> &str {
    text.lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or(text)
        .trim()
}

/// Why `program` cannot run `entry_point`, or `None` when it can: the kernel is missing, or
/// one of the program's kernels cannot be created.
fn unusable_kernel(program: &Program, entry_point: &str) -> Option<String> {
    let names = match program.info(ocl::enums::ProgramInfo::KernelNames) {
        Ok(ocl::enums::ProgramInfoResult::KernelNames(names)) => names,
        Ok(other) => return Some(format!("unexpected kernel names {other}")),
        Err(e) => {
            return Some(format!(
                "its kernels cannot be listed: {}",
                first_line(&e.to_string())
            ))
        }
    };
    let names: Vec<&str> = names
        .split(';')
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .collect();
    if !names.contains(&entry_point) {
        return Some(format!(
            "it has no kernel {entry_point}, only {}",
            names.join(", ")
        ));
    }
    names.iter().find_map(|name| {
        ocl::core::create_kernel(program.as_core(), name)
            .err()
            .map(|e| {
                format!(
                    "its kernel {name} cannot be created: {}",
                    first_line(&e.to_string())
                )
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::DeviceSummary;
    use fft_core::plan::DeviceKind;

    fn summary(driver: &str) -> DeviceSummary {
        DeviceSummary {
            index: 0,
            name: "dev".into(),
            platform: "plat".into(),
            kind: DeviceKind::Cpu,
            compute_units: 1,
            global_mem_bytes: 1,
            local_mem_bytes: 1,
            max_alloc_bytes: 1,
            max_work_group_size: 1,
            fp64: true,
            driver_version: driver.into(),
            opencl_version: "OpenCL 3.0".into(),
        }
    }

    fn temp_cache(name: &str) -> BinaryCache {
        let dir =
            std::env::temp_dir().join(format!("oclfft-cache-test-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        BinaryCache::in_dir(dir)
    }

    #[test]
    fn stored_binaries_load_back_only_for_the_same_key() {
        let cache = temp_cache("roundtrip");
        let key = CacheKey::new("kernel void k() {}", "", &summary("1.0"));
        assert_eq!(cache.load(&key), None);
        cache.store(&key, b"binary bytes");
        assert_eq!(cache.load(&key).as_deref(), Some(&b"binary bytes"[..]));
        let other_driver = CacheKey::new("kernel void k() {}", "", &summary("2.0"));
        let other_source = CacheKey::new("kernel void j() {}", "", &summary("1.0"));
        assert_ne!(key, other_driver);
        assert_eq!(cache.load(&other_driver), None);
        assert_eq!(cache.load(&other_source), None);
        std::fs::remove_dir_all(cache.dir().unwrap()).unwrap();
    }

    #[test]
    fn corrupt_entries_are_not_trusted() {
        let cache = temp_cache("corrupt");
        let key = CacheKey::new("src", "-O", &summary("1.0"));
        cache.store(&key, b"0123456789");
        let path = cache.dir().unwrap().join(key.file_name());
        let mut bytes = std::fs::read(&path).unwrap();
        let n = bytes.len();
        bytes[n - 12] ^= 0xff; // a byte of the binary
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(cache.load(&key), None);
        std::fs::write(&path, &bytes[..n / 2]).unwrap(); // truncated
        assert_eq!(cache.load(&key), None);
        cache.store(&key, b"0123456789"); // rewritten
        assert!(cache.load(&key).is_some());
        std::fs::remove_dir_all(cache.dir().unwrap()).unwrap();
    }

    #[test]
    fn stats_and_clear_count_only_the_caches_files() {
        let cache = temp_cache("stats");
        let dir = cache.dir().unwrap().to_path_buf();
        assert_eq!(cache.stats().unwrap(), CacheStats::default());
        cache.store(&CacheKey::new("a", "", &summary("1.0")), b"01234");
        cache.store(&CacheKey::new("b", "", &summary("1.0")), b"56789");
        std::fs::write(dir.join("notes.txt"), "keep me").unwrap();
        std::fs::write(dir.join("0123456789abcdef.bin.77.tmp"), "xx").unwrap();
        let stats = cache.stats().unwrap();
        assert_eq!(stats.entries, 2);
        let entry_bytes = std::fs::metadata(
            cache
                .entry_path(&CacheKey::new("a", "", &summary("1.0")))
                .unwrap(),
        )
        .unwrap()
        .len();
        assert_eq!(stats.bytes, 2 * entry_bytes + 2);
        assert_eq!(cache.clear().unwrap(), stats);
        assert_eq!(cache.stats().unwrap(), CacheStats::default());
        assert!(dir.join("notes.txt").exists());
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn disabled_cache_stores_nothing() {
        let cache = BinaryCache::disabled();
        let key = CacheKey::new("src", "", &summary("1.0"));
        cache.store(&key, b"x");
        assert_eq!(cache.load(&key), None);
    }
}
