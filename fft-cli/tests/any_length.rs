//! `oclfft fft` at any length: a signal is transformed at its own length (no power of two
//! needed), and `--len N` (alias `--pad N`, short `-n N`) zero-pads or truncates it to exactly
//! N points as numpy's `n=` does. Every result is compared with the naive f64 DFT.

mod common;

use common::*;
use fft_core::accuracy::relative_l2_error;
use fft_core::{naive_dft, random_signal, Direction};
use num_complex::Complex64;
use std::path::Path;

/// `count` real samples: two tones plus noise, not periodic in any length used here.
fn samples(count: usize) -> Vec<f64> {
    random_signal(count, 9)
        .into_iter()
        .enumerate()
        .map(|(n, noise)| {
            let t = n as f64;
            (0.3 * t).sin() + 0.5 * (0.071 * t).cos() + 0.1 * noise.re
        })
        .collect()
}

/// Runs `oclfft fft INPUT -o OUT.npy EXTRA...`, checks stderr mentions `note` and returns
/// the result.
fn transform(input: &Path, extra: &[&str], note: &str) -> Vec<Complex64> {
    let out = input.with_file_name("out.npy");
    let assert = oclfft()
        .arg("fft")
        .arg(input)
        .arg("-o")
        .arg(&out)
        .args(extra)
        .assert()
        .success();
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert!(stderr.contains(note), "{note:?} not in: {stderr}");
    let result = read_output(&out);
    std::fs::remove_file(&out).unwrap();
    result
}

/// The naive f64 DFT of `values` zero-padded or truncated to `len`.
fn dft_at(values: &[f64], len: usize) -> Vec<Complex64> {
    let mut input = complex(&values[..values.len().min(len)]);
    input.resize(len, Complex64::new(0.0, 0.0));
    naive_dft(&input, Direction::Forward)
}

/// Asserts `got` is `want` within relative L2 error `bound`.
fn assert_matches(got: &[Complex64], want: &[Complex64], bound: f64, what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: number of bins");
    let error = relative_l2_error(got, want);
    assert!(
        error <= bound,
        "{what}: relative L2 error {error:e} against the DFT exceeds {bound:e}"
    );
}

/// A 1000-line text file, one real sample a line, as `examples/input.txt`.
fn thousand_lines(dir: &Path) -> (std::path::PathBuf, Vec<f64>) {
    let values = samples(1000);
    let input = dir.join("input.txt");
    write_signal(&input, &values);
    (input, values)
}

#[test]
fn a_thousand_samples_are_transformed_at_their_own_length() {
    let dir = tempfile::tempdir().unwrap();
    let (input, values) = thousand_lines(dir.path());
    let want = dft_at(&values, 1000);
    let got = transform(&input, &[], "1 signal(s) of 1000 points from txt, forward");
    assert_matches(&got, &want, 2e-6, "1000 points, f32");
    let got = transform(&input, &["--precision", "f64", "--check"], "of 1000 points");
    assert_matches(&got, &want, 1e-12, "1000 points, f64");
}

#[test]
fn pad_zero_pads_to_exactly_n() {
    let dir = tempfile::tempdir().unwrap();
    let (input, values) = thousand_lines(dir.path());
    let got = transform(&input, &["--pad", "1024"], "zero-padded to 1024");
    assert_matches(&got, &dft_at(&values, 1024), 2e-6, "--pad 1024");
    // A prime length runs as Bluestein's convolution; --len and -n are the same option.
    let got = transform(
        &input,
        &["--len", "1009", "--precision", "f64"],
        "zero-padded to 1009",
    );
    assert_matches(&got, &dft_at(&values, 1009), 1e-11, "--len 1009");
    let got = transform(&input, &["-n", "1001"], "zero-padded to 1001");
    assert_matches(&got, &dft_at(&values, 1001), 5e-6, "-n 1001");
}

#[test]
fn pad_truncates_to_exactly_n() {
    let dir = tempfile::tempdir().unwrap();
    let (input, values) = thousand_lines(dir.path());
    let got = transform(&input, &["--pad", "500"], "truncated to 500");
    assert_matches(&got, &dft_at(&values, 500), 2e-6, "--pad 500");
    let got = transform(&input, &["--pad", "1"], "truncated to 1");
    assert_matches(&got, &dft_at(&values, 1), 1e-6, "--pad 1");
}

#[test]
fn every_row_of_a_batch_is_padded_or_truncated_on_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let rows = [samples(12), samples(12).iter().map(|v| -2.0 * v).collect()];
    let flat: Vec<f64> = rows.concat();
    let input = dir.path().join("rows.npy");
    std::fs::write(&input, npy("<f8", false, "(2, 12)", &complex(&flat))).unwrap();
    for len in [7, 12, 13, 20] {
        let got = transform(
            &input,
            &["--len", &len.to_string(), "--precision", "f64"],
            "2 signal(s) of 12 points",
        );
        let want: Vec<Complex64> = rows.iter().flat_map(|row| dft_at(row, len)).collect();
        assert_matches(&got, &want, 1e-12, &format!("2 rows at --len {len}"));
    }
}

#[test]
fn spectrum_plots_any_length_and_pads_on_request() {
    let dir = tempfile::tempdir().unwrap();
    let (input, _) = thousand_lines(dir.path());
    let svg = dir.path().join("s.svg");
    for (extra, note) in [
        (&[][..], "1000 samples, strongest"),
        (&["--len", "4096"][..], "1000 samples, zero-padded to 4096"),
        (&["--pad", "600"][..], "1000 samples, truncated to 600"),
    ] {
        oclfft()
            .arg("spectrum")
            .arg(&input)
            .arg("-o")
            .arg(&svg)
            .args(extra)
            .assert()
            .success()
            .stderr(predicates::str::contains(note));
        let text = std::fs::read_to_string(&svg).unwrap();
        let n = extra.get(1).copied().unwrap_or("1000");
        assert!(text.contains(&format!("N = {n},")), "title without N = {n}");
    }
}
