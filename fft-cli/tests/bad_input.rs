//! Bad input never panics: each case exits with its documented code, says what is wrong
//! and where, and leaves no output file behind.

mod common;

use common::*;
use predicates::prelude::*;
use std::path::Path;

/// Runs `oclfft fft INPUT -o DIR/out.npy EXTRA...` and checks the exit code, that stderr
/// contains every one of `needles`, that nothing panicked and that no output (or partial
/// file) was left.
fn fails(input: &Path, extra: &[&str], code: i32, needles: &[&str]) {
    let dir = input.parent().unwrap();
    let out = dir.join("out.npy");
    let before: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    let assert = oclfft()
        .arg("fft")
        .arg(input)
        .arg("-o")
        .arg(&out)
        .args(extra)
        .assert()
        .code(code)
        .stderr(predicate::str::contains("panicked").not());
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    for needle in needles {
        assert!(stderr.contains(needle), "{needle:?} not in: {stderr}");
    }
    assert!(!out.exists(), "a failed run left {}", out.display());
    let after: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(before, after, "a failed run left files behind");
}

fn file(dir: &Path, name: &str, bytes: impl AsRef<[u8]>) -> std::path::PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn missing_and_empty_files() {
    let dir = tempfile::tempdir().unwrap();
    fails(
        &dir.path().join("nope.txt"),
        &[],
        2,
        &["cannot read", "nope.txt"],
    );
    fails(&file(dir.path(), "empty.txt", ""), &[], 2, &["no samples"]);
    fails(
        &file(dir.path(), "empty.csv", "re,im\n"),
        &[],
        2,
        &["no samples"],
    );
    fails(
        &file(dir.path(), "empty.npy", ""),
        &[],
        2,
        &["not a .npy file"],
    );
    fails(
        &file(dir.path(), "empty.wav", ""),
        &[],
        2,
        &["not a readable WAV file"],
    );
    fails(
        &file(dir.path(), "empty.c64", ""),
        &[],
        2,
        &["holds no samples"],
    );
}

#[test]
fn non_numeric_values_name_file_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let txt = file(dir.path(), "bad.txt", "# comment\n1.0\n2.0  x3\n");
    fails(&txt, &[], 2, &["bad.txt:3:6: 'x3' is not a number"]);
    let csv = file(dir.path(), "bad.csv", "re,im\n1,2\n3,four\n");
    fails(&csv, &[], 2, &["bad.csv:3:3: 'four' is not a number"]);
    let raw = file(dir.path(), "odd.c64", [0u8; 12]);
    fails(&raw, &[], 2, &["12 bytes is not a whole number"]);
}

#[test]
fn nan_and_infinity_are_rejected_with_their_position_unless_allowed() {
    let dir = tempfile::tempdir().unwrap();
    let txt = file(dir.path(), "nan.txt", "1\n2\nNaN\n4\n");
    fails(
        &txt,
        &[],
        2,
        &["nan.txt:3:1", "not finite", "--allow-nonfinite"],
    );
    let csv = file(dir.path(), "inf.csv", "1,0\n2,-inf\n");
    fails(&csv, &[], 2, &["inf.csv:2:3", "not finite"]);
    let mut values = complex(&[1.0, 2.0, 3.0, 4.0]);
    values[2].re = f64::INFINITY;
    let npy_path = file(dir.path(), "inf.npy", npy("<f8", false, "(2, 2)", &values));
    fails(&npy_path, &[], 2, &["row 1, column 0", "not finite"]);
    let out = dir.path().join("allowed.txt");
    oclfft()
        .args([
            "fft".as_ref(),
            txt.as_os_str(),
            "-o".as_ref(),
            out.as_os_str(),
        ])
        .arg("--allow-nonfinite")
        .assert()
        .success();
    assert!(out.exists());
}

#[test]
fn unsupported_npy_dtype_and_shape() {
    let dir = tempfile::tempdir().unwrap();
    let ints = file(dir.path(), "ints.npy", npy("<i4", false, "(4,)", &[]));
    fails(
        &ints,
        &[],
        2,
        &[
            "dtype '<i4' is not supported",
            "float32, float64, complex64 and complex128",
        ],
    );
    let cube = file(
        dir.path(),
        "cube.npy",
        npy("<f8", false, "(2, 2, 2)", &complex(&[0.0; 8])),
    );
    fails(
        &cube,
        &[],
        2,
        &["shape (2, 2, 2) is not supported", "1-D", "2-D"],
    );
    let short = file(
        dir.path(),
        "short.npy",
        npy("<f8", false, "(8,)", &complex(&[0.0; 4])),
    );
    fails(&short, &[], 2, &["truncated"]);
}

#[test]
fn zero_lengths_and_empty_batches_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let txt = file(dir.path(), "three.txt", "1\n2\n3\n");
    for flag in ["--len", "--pad", "-n"] {
        fails(
            &txt,
            &[flag, "0"],
            2,
            &["length 0 has nothing to compute", "at least 1"],
        );
    }
    fails(&txt, &["--len", "lots"], 2, &["'lots' is not a number"]);
    let no_rows = file(dir.path(), "rows.npy", npy("<f8", false, "(0, 8)", &[]));
    fails(&no_rows, &[], 2, &["the array is empty", "(0, 8)"]);
    let no_cols = file(dir.path(), "cols.npy", npy("<f8", false, "(4, 0)", &[]));
    fails(&no_cols, &[], 2, &["the array is empty", "(4, 0)"]);
}

#[test]
fn lengths_beyond_the_limits_give_the_numbers_before_padding() {
    let dir = tempfile::tempdir().unwrap();
    let txt = file(dir.path(), "three.txt", "1\n2\n3\n");
    // Padding 3 samples to 10^12 would need 16 TB: refused before any copy is made.
    fails(
        &txt,
        &["--len", "1000000000000"],
        2,
        &["length 1000000000000 exceeds", "134217728 points"],
    );
    // 64 rows of 2^27 points (Bluestein-free, but past the 32-bit index limit) read whole,
    // as --check does (a streamed run takes a row at a time: see below).
    let rows = file(dir.path(), "rows.npy", npy("<f8", false, "(64, 16)", &[]));
    fails(
        &rows,
        &["--len", "134217728", "--check"],
        2,
        &[
            "len 134217728 x batch 64",
            "4294967295 points",
            "split the batch",
        ],
    );
}

#[test]
fn beyond_the_allocation_limit_gives_both_numbers_before_reading_data() {
    let dir = tempfile::tempdir().unwrap();
    // A header announcing 4095 x 2^20 values (64 GiB as complex128) and no data: the size
    // is checked against the device before anything is read.
    let big = file(
        dir.path(),
        "big.npy",
        npy("<f8", false, "(4095, 1048576)", &[]),
    );
    // Read whole (--check keeps the input for its reference), the batch must fit the device.
    fails(
        &big,
        &["--precision", "f64", "--check"],
        1,
        &[
            "68702699520 bytes exceeds",
            "CL_DEVICE_MAX_MEM_ALLOC_SIZE of ",
        ],
    );
    // Streamed, a few rows go through the device at a time, so only the missing data is
    // wrong, and it is found before the device is opened.
    fails(
        &big,
        &["--precision", "f64"],
        2,
        &[
            "the header announces 4293918720 values",
            "the file is truncated",
        ],
    );
    // The same through --len: 63 rows of 16 points padded to 2^26 (63 GiB as complex128).
    let rows = file(dir.path(), "rows.npy", npy("<f8", false, "(63, 16)", &[]));
    fails(
        &rows,
        &["--len", "67108864", "--precision", "f64", "--check"],
        1,
        &[
            "67645734912 bytes exceeds",
            "CL_DEVICE_MAX_MEM_ALLOC_SIZE of ",
            "use a batch of at most",
        ],
    );
}

#[test]
fn no_opencl_platform_gives_the_install_command() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("x.txt");
    write_signal(&input, &[1.0, 2.0]);
    let out = dir.path().join("out.txt");
    oclfft()
        .env("OCL_ICD_VENDORS", dir.path().join("no-vendors"))
        .args([
            "fft".as_ref(),
            input.as_os_str(),
            "-o".as_ref(),
            out.as_os_str(),
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no OpenCL platform"))
        .stderr(predicate::str::contains("apt-get install"));
    assert!(!out.exists());
}

#[test]
fn complex_results_cannot_be_wav_and_unknown_extensions_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("x.txt");
    // [1, 2, 3, 4] -> [10, -2+2i, -2, -2-2i]: complex.
    write_signal(&input, &[1.0, 2.0, 3.0, 4.0]);
    let wav = dir.path().join("spectrum.wav");
    oclfft()
        .args([
            "fft".as_ref(),
            input.as_os_str(),
            "-o".as_ref(),
            wav.as_os_str(),
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "WAV output holds real samples only",
        ));
    assert!(!wav.exists());
    let weird = file(dir.path(), "x.weird", "1\n2\n");
    fails(&weird, &[], 2, &["cannot tell the format", "--format"]);
    // --format overrides the extension.
    oclfft()
        .args([
            "fft".as_ref(),
            weird.as_os_str(),
            "--format".as_ref(),
            "txt".as_ref(),
        ])
        .assert()
        .success();
}
