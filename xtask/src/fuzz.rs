//! `cargo xtask fuzz [--seconds N] [TARGET...]`: run the cargo-fuzz targets in `fuzz/` (every
//! fft-io reader, and `args`: the CLI's command line and input to its job), installing the
//! nightly toolchain and cargo-fuzz when they are missing.
//!
//! Each target starts from its committed seeds (`fuzz/seeds/TARGET`) and grows a working
//! corpus in `fuzz/corpus/TARGET` (ignored by git). A crash or a hang (an input that runs
//! longer than 10 s) fails the command and names the file libFuzzer wrote it to.

use crate::{workspace_root, Error};
use std::process::Command;

/// Every target in `fuzz/fuzz_targets/`.
pub const TARGETS: [&str; 7] = ["npy", "wav", "txt", "csv", "raw", "png", "args"];

/// What `cargo xtask fuzz` was asked to do.
#[derive(Debug, PartialEq, Eq)]
pub struct FuzzArgs {
    /// Seconds per target.
    pub seconds: u64,
    /// Targets to run (all by default).
    pub targets: Vec<String>,
}

/// Parses `[--seconds N] [TARGET...]`.
pub fn parse_fuzz(mut args: impl Iterator<Item = String>) -> Result<FuzzArgs, Error> {
    let mut parsed = FuzzArgs {
        seconds: 60,
        targets: Vec::new(),
    };
    while let Some(arg) = args.next() {
        if arg == "--seconds" {
            let value = args.next().unwrap_or_default();
            parsed.seconds = value.parse().ok().filter(|&s| s > 0).ok_or_else(|| {
                Error::Usage(format!(
                    "--seconds takes a positive whole number, not `{value}`"
                ))
            })?;
        } else if TARGETS.contains(&arg.as_str()) {
            parsed.targets.push(arg);
        } else {
            return Err(Error::Usage(format!(
                "unknown fuzz target or option `{arg}` (targets: {})",
                TARGETS.join(", ")
            )));
        }
    }
    if parsed.targets.is_empty() {
        parsed.targets = TARGETS.iter().map(|t| t.to_string()).collect();
    }
    Ok(parsed)
}

fn succeeds(command: &mut Command) -> bool {
    command
        .output()
        .map(|out| out.status.success())
        .unwrap_or(false)
}

fn install(program: &str, args: &[&str], what: &str) -> Result<(), Error> {
    eprintln!("xtask: installing {what}");
    let status = Command::new(program)
        .args(args)
        .status()
        .map_err(|e| Error::Setup(format!("cannot run {program} to install {what}: {e}")))?;
    if status.success() {
        Ok(())
    } else {
        Err(Error::Setup(format!("installing {what} failed ({status})")))
    }
}

/// Installs the nightly toolchain and cargo-fuzz when they are missing.
fn ensure_tools() -> Result<(), Error> {
    if !succeeds(Command::new("rustup").args(["run", "nightly", "rustc", "--version"])) {
        install(
            "rustup",
            &["toolchain", "install", "nightly", "--profile", "minimal"],
            "the nightly toolchain (cargo-fuzz needs it)",
        )?;
    }
    if !succeeds(Command::new("cargo").args(["fuzz", "--version"])) {
        install(
            "cargo",
            &["install", "cargo-fuzz", "--locked"],
            "cargo-fuzz",
        )?;
    }
    Ok(())
}

/// The number after `stat::number_of_executed_units:` in libFuzzer's final statistics.
pub fn executions(output: &str) -> Option<u64> {
    output.lines().find_map(|line| {
        line.trim()
            .strip_prefix("stat::number_of_executed_units:")
            .and_then(|n| n.trim().parse().ok())
    })
}

/// The path after libFuzzer's `Test unit written to`, for a crash or a hang.
fn artifact(output: &str) -> Option<&str> {
    output
        .lines()
        .find_map(|line| line.split("Test unit written to ").nth(1))
        .map(str::trim)
}

/// Runs every requested target for the requested time; a summary, or the failures.
pub fn fuzz(args: &FuzzArgs) -> Result<String, Error> {
    ensure_tools()?;
    let root = workspace_root();
    let mut summary = Vec::new();
    let mut failures = Vec::new();
    for target in &args.targets {
        let corpus = root.join("fuzz/corpus").join(target);
        std::fs::create_dir_all(&corpus).map_err(|e| Error::Io(corpus.clone(), e))?;
        eprintln!("xtask: fuzzing {target} for {} s", args.seconds);
        let output = Command::new("cargo")
            .current_dir(&root)
            .args(["+nightly", "fuzz", "run", target])
            .arg(&corpus)
            .arg(root.join("fuzz/seeds").join(target))
            .arg("--")
            .arg(format!("-max_total_time={}", args.seconds))
            .args(["-timeout=10", "-rss_limit_mb=2048", "-print_final_stats=1"])
            .output()
            .map_err(|e| Error::Command(format!("cannot run cargo fuzz: {e}")))?;
        let text = String::from_utf8_lossy(&output.stderr);
        let runs = executions(&text).unwrap_or(0);
        if output.status.success() {
            summary.push(format!(
                "{target}: {runs} executions in {} s, no crash, no hang",
                args.seconds
            ));
        } else {
            // libFuzzer's progress lines (`#1234 NEW ...`) hide the panic message: drop them.
            let report: Vec<&str> = text
                .lines()
                .filter(|l| !l.starts_with('#') && !l.starts_with("INFO:"))
                .collect();
            let from = report.len().saturating_sub(60);
            eprintln!("{}", report[from..].join("\n"));
            failures.push(format!(
                "{target}: failed after {runs} executions ({}); input: {}",
                output.status,
                artifact(&text).unwrap_or("(none written)")
            ));
        }
    }
    if failures.is_empty() {
        Ok(summary.join("\n"))
    } else {
        failures.extend(summary);
        Err(Error::Command(failures.join("\n")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::test_args as args;

    #[test]
    fn arguments() {
        let all = parse_fuzz(args(&[])).unwrap();
        assert_eq!(all.seconds, 60);
        assert_eq!(all.targets.len(), TARGETS.len());
        let some = parse_fuzz(args(&["--seconds", "600", "npy"])).unwrap();
        assert_eq!(
            some,
            FuzzArgs {
                seconds: 600,
                targets: vec!["npy".into()]
            }
        );
        assert!(matches!(
            parse_fuzz(args(&["--seconds", "x"])),
            Err(Error::Usage(_))
        ));
        assert!(matches!(parse_fuzz(args(&["bogus"])), Err(Error::Usage(_))));
    }

    #[test]
    fn every_target_has_a_source_and_seeds() {
        let root = workspace_root();
        for target in TARGETS {
            assert!(root
                .join(format!("fuzz/fuzz_targets/{target}.rs"))
                .is_file());
            let seeds = std::fs::read_dir(root.join("fuzz/seeds").join(target)).unwrap();
            assert!(seeds.count() > 0, "no seeds for {target}");
        }
    }

    #[test]
    fn libfuzzer_output() {
        let out =
            "#1024 DONE cov: 10\nstat::number_of_executed_units: 123456\nstat::peak_rss_mb: 40\n";
        assert_eq!(executions(out), Some(123456));
        let crash = "==1== ERROR\nartifact_prefix='x/'; Test unit written to fuzz/artifacts/npy/crash-abc\n";
        assert_eq!(artifact(crash), Some("fuzz/artifacts/npy/crash-abc"));
    }
}
