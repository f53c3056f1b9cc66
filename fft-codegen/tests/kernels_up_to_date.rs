//! The committed `kernels/*.cl` files (the reviewed sample, `fft_codegen::sample_catalog`) are
//! exactly what `emit` produces today.

use fft_codegen::{emit, sample_catalog};
use std::collections::BTreeSet;
use std::fs;
use std::path::PathBuf;

const FIX: &str = "run `cargo xtask gen-kernels` to regenerate kernels/";

fn kernels_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../kernels")
}

/// File name -> generated source of every kernel of the sample.
fn expected() -> Vec<(String, String)> {
    sample_catalog()
        .into_iter()
        .map(|spec| {
            let kernel = emit(&spec).expect("catalog specs are generated");
            (spec.file_name(), kernel.source.into_owned())
        })
        .collect()
}

#[test]
fn committed_kernels_match_the_generator() {
    let dir = kernels_dir();
    let mut problems = Vec::new();
    for (name, want) in expected() {
        let path = dir.join(name);
        match fs::read_to_string(&path) {
            Ok(text) if text == want => {}
            Ok(_) => problems.push(format!("stale: {}", path.display())),
            Err(err) => problems.push(format!("missing: {} ({err})", path.display())),
        }
    }
    assert!(problems.is_empty(), "{}\n{FIX}", problems.join("\n"));
}

#[test]
fn kernels_dir_has_no_extra_kernels() {
    let names: BTreeSet<String> = expected().into_iter().map(|(name, _)| name).collect();
    let dir = kernels_dir();
    let entries = fs::read_dir(&dir)
        .unwrap_or_else(|err| panic!("cannot read {}: {err}\n{FIX}", dir.display()));
    let extra: Vec<String> = entries
        .map(|entry| entry.expect("readable kernels/ entry").file_name())
        .map(|name| name.to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".cl") && !names.contains(name))
        .collect();
    assert!(
        extra.is_empty(),
        "kernels/ has files the generator does not produce: {}\n{FIX}",
        extra.join(", ")
    );
}
