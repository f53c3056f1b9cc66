//! Compiled program binaries cached on disk, so a plan in a new process skips the driver's
//! compiler.
//!
//! An entry is keyed by everything that changes the binary: the kernel source (hashed), the
//! build options, the device, platform, driver and OpenCL version, and oclfft's version. The
//! file holds the full key text and a checksum of the binary; an entry whose key text or
//! checksum does not match, or that the driver refuses, is rebuilt from source and rewritten,
//! never trusted.

use crate::device::DeviceSummary;
use std::path::{Path, PathBuf};

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

    /// The binary stored under `key`, if an intact entry for exactly that key exists.
    pub fn load(&self, key: &CacheKey) -> Option<Vec<u8>> {
        let bytes = std::fs::read(self.dir.as_ref()?.join(key.file_name())).ok()?;
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
        let path = dir.join(key.file_name());
        let tmp = dir.join(format!("{}.{}.tmp", key.file_name(), std::process::id()));
        let written = std::fs::create_dir_all(dir)
            .and_then(|()| std::fs::write(&tmp, &bytes))
            .and_then(|()| std::fs::rename(&tmp, &path));
        if written.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
    }
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
    fn disabled_cache_stores_nothing() {
        let cache = BinaryCache::disabled();
        let key = CacheKey::new("src", "", &summary("1.0"));
        cache.store(&key, b"x");
        assert_eq!(cache.load(&key), None);
    }
}
