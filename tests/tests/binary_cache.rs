//! The binary cache is trusted only as far as it proves itself: a wrong binary is dropped and
//! rebuilt, anything but a regular file of bounded size is skipped without being opened for
//! long, and writing an entry never follows a link planted in the directory.

use fft_core::Direction;
use fft_runtime::binary_cache::{BinaryCache, CacheKey};
use fft_runtime::Fft;
use oclfft_tests::*;
use std::os::unix::fs::{symlink, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

/// A forward or inverse 16-point f32 plan on the test device, caching binaries in `dir`.
fn plan_in(dir: &Path, direction: Direction) -> fft_runtime::Result<Fft<f32>> {
    let queue = test_queue()
        .clone()
        .with_binary_cache(BinaryCache::in_dir(dir));
    // Every program compiled in `build`: a quick-start plan would still be writing entries.
    Fft::<f32>::builder(&queue)
        .len(16)
        .direction(direction)
        .quick_start(false)
        .build()
}

/// The entry files (`<hash>.bin`) in `dir`.
fn entries(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "bin"))
        .collect();
    found.sort();
    found
}

/// Length of an entry's header: the magic line and the key line.
fn header_len(entry: &[u8]) -> usize {
    let magic = entry.iter().position(|&b| b == b'\n').unwrap() + 1;
    magic + entry[magic..].iter().position(|&b| b == b'\n').unwrap() + 1
}

fn some_key() -> CacheKey {
    CacheKey::new("kernel void k() {}", "", test_queue().summary())
}

#[test]
fn another_kernels_binary_under_a_valid_checksum_is_dropped_and_rebuilt() {
    let forward = tempfile::tempdir().unwrap();
    let inverse = tempfile::tempdir().unwrap();
    plan_in(forward.path(), Direction::Forward).unwrap();
    plan_in(inverse.path(), Direction::Inverse).unwrap();
    let donor = std::fs::read(&entries(inverse.path())[0]).unwrap();
    let donor_tail = &donor[header_len(&donor)..]; // length, binary and its checksum
    let forged: Vec<(PathBuf, Vec<u8>)> = entries(forward.path())
        .into_iter()
        .map(|path| {
            let entry = std::fs::read(&path).unwrap();
            let mut bytes = entry[..header_len(&entry)].to_vec();
            bytes.extend_from_slice(donor_tail);
            std::fs::write(&path, &bytes).unwrap();
            (path, bytes)
        })
        .collect();
    assert!(!forged.is_empty());

    let plan = plan_in(forward.path(), Direction::Forward)
        .expect("an unusable cached binary must be rebuilt from source, not fail the plan");
    let input = to_device::<f32>(&random_signal(16, 3));
    let mut data = input.clone();
    plan.process(&mut data).unwrap();
    let want = batched_oracle(&to_f64(&input), 16, Direction::Forward, 1.0);
    check_against(&to_f64(&data), &want, 16, tolerance::<f32>(16)).unwrap();
    for (path, bytes) in &forged {
        assert_ne!(
            &std::fs::read(path).unwrap(),
            bytes,
            "{} still holds the wrong binary",
            path.display()
        );
    }
    plan_in(forward.path(), Direction::Forward).expect("the rewritten entry loads");
}

#[test]
fn a_fifo_named_like_an_entry_is_skipped_not_waited_on() {
    let dir = tempfile::tempdir().unwrap();
    let cache = BinaryCache::in_dir(dir.path());
    let key = some_key();
    let status = std::process::Command::new("mkfifo")
        .arg(cache.entry_path(&key).unwrap())
        .status()
        .unwrap();
    assert!(status.success());
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || send.send(cache.load(&key)));
    let loaded = receive
        .recv_timeout(Duration::from_secs(20))
        .expect("load() hangs on a FIFO named like a cache entry");
    assert_eq!(loaded, None);
}

#[test]
fn a_symlinked_entry_is_not_followed() {
    let elsewhere = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let key = some_key();
    let real = BinaryCache::in_dir(elsewhere.path());
    real.store(&key, b"binary bytes");
    assert_eq!(real.load(&key).as_deref(), Some(&b"binary bytes"[..]));
    let linked = BinaryCache::in_dir(dir.path());
    symlink(
        real.entry_path(&key).unwrap(),
        linked.entry_path(&key).unwrap(),
    )
    .unwrap();
    assert_eq!(linked.load(&key), None);
}

#[test]
fn an_entry_others_can_write_is_not_trusted() {
    let dir = tempfile::tempdir().unwrap();
    let cache = BinaryCache::in_dir(dir.path());
    let key = some_key();
    cache.store(&key, b"binary bytes");
    let path = cache.entry_path(&key).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o666)).unwrap();
    assert_eq!(cache.load(&key), None);
}

#[test]
fn storing_never_writes_through_a_planted_temporary_name() {
    let dir = tempfile::tempdir().unwrap();
    let victim = dir.path().join("victim");
    std::fs::write(&victim, "precious").unwrap();
    let cache_dir = dir.path().join("cache");
    std::fs::create_dir(&cache_dir).unwrap();
    let cache = BinaryCache::in_dir(&cache_dir);
    let key = some_key();
    // The name the cache used to write its temporary file to: predictable from the pid.
    let entry = cache.entry_path(&key).unwrap();
    let planted = format!("{}.{}.tmp", entry.display(), std::process::id());
    symlink(&victim, planted).unwrap();
    cache.store(&key, b"binary bytes");
    assert_eq!(std::fs::read(&victim).unwrap(), b"precious");
    assert_eq!(cache.load(&key).as_deref(), Some(&b"binary bytes"[..]));
}

#[test]
fn the_cache_directory_is_created_private() {
    let dir = tempfile::tempdir().unwrap();
    let cache_dir = dir.path().join("new").join("oclfft");
    let cache = BinaryCache::in_dir(&cache_dir);
    cache.store(&some_key(), b"binary bytes");
    let mode = std::fs::metadata(&cache_dir).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o700, "mode {mode:o}");
}
