//! The defects of issue 12, one test each, through the `oclfft` binary: no wrong answer
//! with exit 0, no replaced device or link, no lost CSV value, no hang.

mod common;

use common::*;
use predicates::prelude::*;
use std::path::{Path, PathBuf};
use std::time::Duration;

fn file(dir: &Path, name: &str, bytes: impl AsRef<[u8]>) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

/// `oclfft ARGS...` with a time limit, so that a hang fails the test instead of blocking.
fn run(args: &[&std::ffi::OsStr]) -> assert_cmd::assert::Assert {
    oclfft()
        .args(args)
        .timeout(Duration::from_secs(120))
        .assert()
        .stderr(predicate::str::contains("panicked").not())
}

fn os<S: AsRef<std::ffi::OsStr> + ?Sized>(s: &S) -> &std::ffi::OsStr {
    s.as_ref()
}

#[test]
fn input_beyond_f32_is_an_error_suggesting_f64() {
    let dir = tempfile::tempdir().unwrap();
    let input = file(dir.path(), "b.txt", "1e300\n0\n0\n0\n");
    run(&[os("fft"), input.as_os_str()])
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("beyond the range of f32"))
        .stderr(predicate::str::contains("--precision f64"));
    run(&[os("fft"), input.as_os_str(), os("--precision"), os("f64")])
        .success()
        .stdout(predicate::str::contains("1e300"));
}

#[test]
fn a_result_that_overflows_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    // Each value fits f32; their sum (bin 0) does not.
    let input = file(dir.path(), "big.txt", "3e38\n3e38\n3e38\n3e38\n");
    run(&[os("fft"), input.as_os_str()])
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "the result overflows f32 at row 0, bin 0",
        ));
}

#[test]
fn a_nan_error_fails_the_check() {
    let dir = tempfile::tempdir().unwrap();
    let input = file(dir.path(), "nan.txt", "1\nNaN\n0\n0\n");
    run(&[
        os("fft"),
        input.as_os_str(),
        os("--allow-nonfinite"),
        os("--check"),
    ])
    .code(3)
    .stderr(predicate::str::contains("relative L2 error NaN"));
}

#[test]
fn a_symlinked_output_keeps_its_link() {
    let dir = tempfile::tempdir().unwrap();
    let input = file(dir.path(), "a.txt", "1\n0\n0\n0\n");
    let real = file(dir.path(), "real.txt", "old");
    let link = dir.path().join("link.txt");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    run(&[os("fft"), input.as_os_str(), os("-o"), link.as_os_str()]).success();
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(std::fs::read_to_string(&real).unwrap().starts_with("1 0\n"));
}

#[test]
fn the_temporary_file_is_not_written_through_a_planted_symlink() {
    let dir = tempfile::tempdir().unwrap();
    let input = file(dir.path(), "a.txt", "1\n0\n0\n0\n");
    let victim = file(dir.path(), "victim", "precious");
    // The name the old writer used for its temporary file, planted as a link.
    std::os::unix::fs::symlink(&victim, dir.path().join(".out.txt.oclfft-partial")).unwrap();
    let out = dir.path().join("out.txt");
    run(&[os("fft"), input.as_os_str(), os("-o"), out.as_os_str()]).success();
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    assert!(std::fs::symlink_metadata(&out).unwrap().is_file());
}

#[test]
fn a_pipe_is_written_not_replaced_and_a_directory_is_refused() {
    use std::os::unix::fs::FileTypeExt;
    // A FIFO in a temporary directory stands for /dev/stdout and /dev/null: run as root, the
    // old writer replaced /dev/null itself with a regular file.
    let dir = tempfile::tempdir().unwrap();
    let input = file(dir.path(), "a.txt", "1\n0\n0\n0\n");
    let fifo = dir.path().join("pipe.txt");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    run(&[os("fft"), input.as_os_str(), os("-o"), fifo.as_os_str()]).success();
    let kind = std::fs::symlink_metadata(&fifo).unwrap().file_type();
    // (When the pipe was replaced the reader stays blocked on it; the test fails here.)
    assert!(kind.is_fifo(), "the pipe was replaced by {kind:?}");
    assert!(reader.join().unwrap().starts_with("1 0\n"));

    let sub = dir.path().join("sub.txt");
    std::fs::create_dir(&sub).unwrap();
    run(&[os("fft"), input.as_os_str(), os("-o"), sub.as_os_str()])
        .code(2)
        .stderr(predicate::str::contains(
            "is a directory: refusing to replace it",
        ));
    assert!(sub.is_dir());
}

#[test]
fn a_csv_with_a_byte_order_mark_keeps_its_first_value() {
    let dir = tempfile::tempdir().unwrap();
    let input = file(dir.path(), "bom.csv", "\u{feff}4\n0\n0\n0\n");
    // Bin 0 is the sum: 4 when the first value is read, 0 when it is lost as a header.
    run(&[os("fft"), input.as_os_str()])
        .success()
        .stdout(predicate::str::starts_with("4 0\n"))
        .stderr(predicate::str::contains("warning").not());
    let headed = file(dir.path(), "headed.csv", "signal\n4\n0\n0\n0\n");
    run(&[os("fft"), headed.as_os_str()])
        .success()
        .stdout(predicate::str::starts_with("4 0\n"))
        .stderr(predicate::str::contains("warning: "))
        .stderr(predicate::str::contains(
            "headed.csv:1: skipped 'signal' as a header line",
        ));
}

#[test]
fn spectrum_rejects_bad_rates_and_infinite_amplitudes_instead_of_hanging() {
    let dir = tempfile::tempdir().unwrap();
    let input = file(dir.path(), "a.txt", "1\n0\n0\n0\n");
    let out = dir.path().join("s.svg");
    for rate in ["inf", "nan", "-inf", "-5", "0"] {
        run(&[
            os("spectrum"),
            input.as_os_str(),
            os("-o"),
            out.as_os_str(),
            os(&format!("--rate={rate}")),
        ])
        .code(2)
        .stderr(predicate::str::contains(
            "a sample rate must be a positive finite number",
        ));
    }
    let infinite = file(dir.path(), "inf.txt", "inf\n0\n0\n0\n");
    run(&[
        os("spectrum"),
        infinite.as_os_str(),
        os("-o"),
        out.as_os_str(),
        os("--allow-nonfinite"),
    ])
    .code(2)
    .stderr(predicate::str::contains("nothing to plot"));
    assert!(!out.exists());
}

#[test]
fn a_zero_wav_rate_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let input = file(dir.path(), "a.txt", "1\n0\n0\n0\n");
    run(&[os("fft"), input.as_os_str(), os("--rate"), os("0")])
        .code(2)
        .stderr(predicate::str::contains("--rate"));
}
