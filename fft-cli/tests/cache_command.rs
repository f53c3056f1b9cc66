//! `oclfft cache` shows where compiled kernels are cached, how many and how big, and
//! `--clear` deletes them and nothing else.

mod common;

use common::*;
use predicates::prelude::*;

#[test]
fn cache_shows_location_entries_and_size_and_clears_only_entries() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("0123456789abcdef.bin"), [0u8; 10]).unwrap();
    std::fs::write(dir.path().join("fedcba9876543210.bin"), [0u8; 5]).unwrap();
    std::fs::write(dir.path().join("notes.txt"), "not the cache's").unwrap();
    let location = format!("binary cache: {}", dir.path().display());
    oclfft()
        .arg("cache")
        .env("OCLFFT_CACHE_DIR", dir.path())
        .assert()
        .success()
        .stdout(predicate::str::contains(location.as_str()))
        .stdout(predicate::str::contains("2 entries, 0.0 MiB (15 bytes)"));
    oclfft()
        .args(["cache", "--clear"])
        .env("OCLFFT_CACHE_DIR", dir.path())
        .assert()
        .success()
        .stdout(predicate::str::contains("removed 2 entries"));
    assert!(!dir.path().join("0123456789abcdef.bin").exists());
    assert!(dir.path().join("notes.txt").exists());
    oclfft()
        .arg("cache")
        .env("OCLFFT_CACHE_DIR", dir.path())
        .assert()
        .success()
        .stdout(predicate::str::contains("0 entries"));
}

#[test]
fn cache_says_when_it_is_disabled() {
    oclfft()
        .arg("cache")
        .env("OCLFFT_CACHE_DIR", "off")
        .assert()
        .success()
        .stdout(predicate::str::contains("disabled"));
}
