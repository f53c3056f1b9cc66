//! `cargo xtask test` and `cargo xtask demo`: set up, then run cargo and oclfft.

use crate::setup::ensure_opencl;
use crate::{workspace_root, Error};
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};

pub(crate) fn run_checked(mut command: Command, what: &str) -> Result<(), Error> {
    eprintln!("xtask: {what}");
    let status = command
        .current_dir(workspace_root())
        .status()
        .map_err(|e| Error::Command(format!("cannot start {what}: {e}")))?;
    if status.success() {
        Ok(())
    } else {
        Err(Error::Command(format!("{what} failed ({status})")))
    }
}

pub(crate) fn cargo() -> Command {
    Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
}

/// Passed and failed counts of one `test result:` line of libtest.
pub(crate) fn parse_result_line(line: &str) -> Option<(u64, u64)> {
    let rest = line.trim().strip_prefix("test result: ")?;
    let count = |word: &str| {
        rest.split(';').find_map(|part| {
            part.trim()
                .strip_suffix(word)
                .map(str::trim)
                .and_then(|n| n.rsplit(' ').next()?.parse().ok())
        })
    };
    Some((count("passed")?, count("failed")?))
}

/// The test suite after the OpenCL set-up: without `extra` arguments the test binaries
/// several at a time ([`crate::test_binaries`]), with them `cargo test --workspace EXTRA`,
/// its output passed through; the totals of every test binary are printed last as
/// `N passed, N failed`.
pub fn test(extra: Vec<String>) -> Result<String, Error> {
    eprintln!("xtask: {}", ensure_opencl()?);
    if extra.is_empty() {
        return crate::test_binaries::run_all();
    }
    let mut args = vec!["--workspace".to_string()];
    args.extend(extra);
    let (passed, failed, success) = cargo_test(&args)?;
    let totals = format!("{passed} passed, {failed} failed");
    if success && failed == 0 {
        Ok(totals)
    } else {
        Err(Error::Command(format!(
            "cargo test {} failed\n{totals}",
            args.join(" ")
        )))
    }
}

/// `cargo test ARGS` from the workspace root, its output passed through: the passed and
/// failed counts of its `test result:` lines, and whether it exited with success.
pub(crate) fn cargo_test(args: &[String]) -> Result<(u64, u64, bool), Error> {
    let mut command = vec!["test".to_string()];
    command.extend_from_slice(args);
    let (mut passed, mut failed) = (0, 0);
    let success = cargo_lines(&command, |line| {
        println!("{line}");
        if let Some((p, f)) = parse_result_line(line) {
            passed += p;
            failed += f;
        }
    })?;
    Ok((passed, failed, success))
}

/// `cargo ARGS` from the workspace root, each line of its standard output handed to
/// `on_line` (its standard error passes through): whether it exited with success.
pub(crate) fn cargo_lines(args: &[String], mut on_line: impl FnMut(&str)) -> Result<bool, Error> {
    let what = format!("cargo {}", args.join(" "));
    eprintln!("xtask: {what}");
    let mut child = cargo()
        .args(args)
        .current_dir(workspace_root())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| Error::Command(format!("cannot start {what}: {e}")))?;
    if let Some(stdout) = child.stdout.take() {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            on_line(&line);
        }
    }
    let status = child
        .wait()
        .map_err(|e| Error::Command(format!("{what}: {e}")))?;
    Ok(status.success())
}

fn oclfft_binary() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_root().join("target"));
    target.join("release").join("oclfft")
}

/// Builds `oclfft`, then: devices, a checked transform of `examples/input.txt`, a short bench.
pub fn demo() -> Result<String, Error> {
    eprintln!("xtask: {}", ensure_opencl()?);
    let mut build = cargo();
    build.args(["build", "--release", "--package", "fft-cli"]);
    run_checked(build, "cargo build --release --package fft-cli")?;
    let oclfft = oclfft_binary();
    let spectrum = workspace_root().join("target").join("spectrum.txt");
    let steps: [(&str, Vec<String>); 3] = [
        ("oclfft devices", vec!["devices".into()]),
        (
            "oclfft fft examples/input.txt --check -o target/spectrum.txt",
            vec![
                "fft".into(),
                "examples/input.txt".into(),
                "--check".into(),
                "-o".into(),
                spectrum.display().to_string(),
            ],
        ),
        (
            "oclfft bench --max 20 --runs 10",
            vec![
                "bench".into(),
                "--max".into(),
                "20".into(),
                "--runs".into(),
                "10".into(),
            ],
        ),
    ];
    for (what, args) in steps {
        let mut command = Command::new(&oclfft);
        command.args(args);
        run_checked(command, what)?;
    }
    Ok(format!(
        "demo done; the spectrum of examples/input.txt is in {}",
        spectrum.display()
    ))
}

#[cfg(test)]
mod tests {
    use super::parse_result_line;

    #[test]
    fn reads_libtest_result_lines() {
        let line = "test result: ok. 30 passed; 2 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.19s";
        assert_eq!(parse_result_line(line), Some((30, 2)));
        assert_eq!(parse_result_line("test foo ... ok"), None);
    }
}
