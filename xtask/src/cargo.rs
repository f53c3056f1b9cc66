//! `cargo xtask test` and `cargo xtask demo`: set up, then run cargo and oclfft.

use crate::setup::ensure_opencl;
use crate::{workspace_root, Error};
use std::path::PathBuf;
use std::process::Command;

fn run_checked(mut command: Command, what: &str) -> Result<(), Error> {
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

fn cargo() -> Command {
    Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
}

/// `cargo test --workspace` after the OpenCL set-up.
pub fn test(extra: Vec<String>) -> Result<String, Error> {
    eprintln!("xtask: {}", ensure_opencl()?);
    let mut command = cargo();
    command.args(["test", "--workspace"]).args(&extra);
    run_checked(command, "cargo test --workspace")?;
    Ok("all tests passed".into())
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
