//! `cargo xtask test` without arguments: the workspace's test binaries run several at a time.
//!
//! The suite's time is PoCL compiling kernels (86 % of a device test's samples were in LLVM,
//! measured with `perf`), and PoCL compiles one program at a time per process, so one test
//! binary keeps one core busy however many threads libtest gives it (the device tests merged
//! into one binary used 105 % of the 2-core CI machine). `cargo test` runs its binaries one
//! after another; this runs [`jobs`] of them at once, the device suite's first (the longest),
//! each with the working directory and the `CARGO_MANIFEST_DIR` cargo gives it, names each
//! binary as it starts and prints its output whole when it ends. A binary still running after
//! [`timeout`] is killed and fails with the output it had written, so a hang names itself
//! instead of running into CI's limit silently. The doc tests run after them through
//! `cargo test --doc`.

use crate::cargo::{cargo_lines, cargo_test, parse_result_line};
use crate::Error;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

/// The package whose binaries run first: the device tests, the longest of the suite.
const LONGEST_PACKAGE: &str = "oclfft-tests";

/// Memory one test binary may take: the device tests peak at 2.7 GB (any_length, measured
/// with `/usr/bin/time -v`), so no more binaries run at once than the memory holds.
const BYTES_PER_JOB: u64 = 3 << 30;

/// Overrides [`jobs`] (a positive count).
const JOBS_ENV: &str = "OCLFFT_TEST_JOBS";

/// How long one binary may run by default: four times the longest measured (gpu_plans,
/// about 290 s with cold caches on the 2-core CI machine).
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(20 * 60);

/// Overrides [`DEFAULT_TIMEOUT`] (whole seconds, positive).
const TIMEOUT_ENV: &str = "OCLFFT_TEST_TIMEOUT_S";

/// How long the output of a killed binary is waited for.
const KILLED_OUTPUT_WAIT: Duration = Duration::from_secs(2);

/// How often a running binary is checked for its end or its time limit.
const POLL: Duration = Duration::from_millis(50);

/// One test binary cargo built.
#[derive(Clone, Debug, PartialEq, Eq)]
struct TestBinary {
    package: String,
    /// The target's source file, as cargo prints it (`tests/gpu_plans.rs`).
    source: String,
    executable: PathBuf,
    manifest_dir: PathBuf,
}

/// How one binary ended.
struct Outcome {
    binary: TestBinary,
    output: String,
    success: bool,
    seconds: f64,
}

/// Builds every test target, runs the binaries [`jobs`] at a time and then the doc tests;
/// returns the totals as `N passed, N failed`.
pub fn run_all() -> Result<String, Error> {
    let binaries = build()?;
    let jobs = jobs();
    let timeout = timeout();
    eprintln!(
        "xtask: running {} test binaries, {jobs} at a time ({JOBS_ENV} changes it), each for at most {} s ({TIMEOUT_ENV})",
        binaries.len(),
        timeout.as_secs()
    );
    let (mut passed, mut failed) = (0, 0);
    let mut failures = Vec::new();
    run(binaries, jobs, timeout, |outcome| {
        println!(
            "     Running {} ({}) [{:.0} s]",
            outcome.binary.source,
            outcome.binary.executable.display(),
            outcome.seconds
        );
        println!("{}", outcome.output);
        let counts: Vec<(u64, u64)> = outcome
            .output
            .lines()
            .filter_map(parse_result_line)
            .collect();
        passed += counts.iter().map(|c| c.0).sum::<u64>();
        failed += counts.iter().map(|c| c.1).sum::<u64>();
        if !outcome.success || counts.is_empty() {
            failures.push(format!(
                "{} {} ({})",
                outcome.binary.package,
                outcome.binary.source,
                outcome.binary.executable.display()
            ));
        }
    });
    let (doc_passed, doc_failed, doc_ok) = cargo_test(&["--workspace".into(), "--doc".into()])?;
    passed += doc_passed;
    failed += doc_failed;
    if !doc_ok {
        failures.push("the doc tests (cargo test --workspace --doc)".into());
    }
    let totals = format!("{passed} passed, {failed} failed");
    if failures.is_empty() && failed == 0 {
        Ok(totals)
    } else {
        Err(Error::Command(format!(
            "{totals}; failed: {}",
            failures.join(", ")
        )))
    }
}

/// `cargo test --workspace --no-run`, the test binaries it built in the order they run.
fn build() -> Result<Vec<TestBinary>, Error> {
    let args = [
        "test",
        "--workspace",
        "--no-run",
        "--message-format=json-render-diagnostics",
    ];
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let mut binaries = Vec::new();
    if !cargo_lines(&args, |line| binaries.extend(test_binary(line)))? {
        return Err(Error::Command(format!("cargo {} failed", args.join(" "))));
    }
    binaries.sort_by_key(|b| {
        (
            b.package != LONGEST_PACKAGE,
            b.package.clone(),
            b.source.clone(),
        )
    });
    Ok(binaries)
}

/// The test binary a line of cargo's JSON messages names, if it names one.
fn test_binary(line: &str) -> Option<TestBinary> {
    let message: serde_json::Value = serde_json::from_str(line).ok()?;
    if message["reason"] != "compiler-artifact" || message["profile"]["test"] != true {
        return None;
    }
    let executable = PathBuf::from(message["executable"].as_str()?);
    let manifest_dir = Path::new(message["manifest_path"].as_str()?)
        .parent()?
        .to_path_buf();
    let source = Path::new(message["target"]["src_path"].as_str()?);
    let source = source
        .strip_prefix(&manifest_dir)
        .unwrap_or(source)
        .display()
        .to_string();
    // The package id names the package: `path+file:///.../tests#oclfft-tests@0.1.0`, or
    // `...#0.1.0` where the directory is the package's name.
    let id = message["package_id"].as_str()?;
    let tail = id.rsplit(['#', '/']).next()?;
    let package = match tail.split_once('@') {
        Some((name, _)) => name.to_string(),
        None => manifest_dir.file_name()?.to_string_lossy().into_owned(),
    };
    Some(TestBinary {
        package,
        source,
        executable,
        manifest_dir,
    })
}

/// How many binaries run at once: [`JOBS_ENV`], else the cores, at most as many as the
/// available memory holds at [`BYTES_PER_JOB`] each, at least 1.
fn jobs() -> usize {
    if let Some(jobs) = std::env::var(JOBS_ENV)
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .filter(|&j| j > 0)
    {
        return jobs;
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let memory_jobs = available_memory().map_or(cores, |bytes| (bytes / BYTES_PER_JOB) as usize);
    cores.min(memory_jobs).max(1)
}

/// How long one binary may run: [`TIMEOUT_ENV`], else [`DEFAULT_TIMEOUT`].
fn timeout() -> Duration {
    std::env::var(TIMEOUT_ENV)
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .filter(|&s| s > 0)
        .map_or(DEFAULT_TIMEOUT, Duration::from_secs)
}

/// `MemAvailable` of `/proc/meminfo`, in bytes (Linux; `None` elsewhere).
fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Runs `binaries` on `jobs` threads, each for at most `timeout`, and hands each outcome to
/// `ended` (on this thread) as its binary ends.
fn run(binaries: Vec<TestBinary>, jobs: usize, timeout: Duration, mut ended: impl FnMut(Outcome)) {
    let next = AtomicUsize::new(0);
    let (send, receive) = mpsc::channel();
    let total = binaries.len();
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(total) {
            let (next, binaries, send) = (&next, &binaries, send.clone());
            scope.spawn(move || {
                while let Some(binary) = binaries.get(next.fetch_add(1, Ordering::Relaxed)) {
                    eprintln!("xtask: started {} {}", binary.package, binary.source);
                    if send.send(run_one(binary, timeout)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(send);
        receive.iter().for_each(&mut ended);
    });
}

/// Runs one binary as `cargo test` would: from its package's directory, with its
/// `CARGO_MANIFEST_DIR`; stdout then stderr. Past `timeout` it is killed and fails, with what
/// it had written and a line that says so.
fn run_one(binary: &TestBinary, timeout: Duration) -> Outcome {
    let start = Instant::now();
    let spawned = Command::new(&binary.executable)
        .current_dir(&binary.manifest_dir)
        .env("CARGO_MANIFEST_DIR", &binary.manifest_dir)
        .env("CARGO_PKG_NAME", &binary.package)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let (output, success) = match spawned {
        Ok(child) => wait_with_output(child, timeout),
        Err(e) => (format!("cannot start the test binary: {e}"), false),
    };
    Outcome {
        binary: binary.clone(),
        output,
        success,
        seconds: start.elapsed().as_secs_f64(),
    }
}

/// Waits for `child` (its stdout and stderr piped) up to `timeout`, killing it then; returns
/// its stdout then stderr, and whether it exited successfully in time.
fn wait_with_output(mut child: Child, timeout: Duration) -> (String, bool) {
    let stdout = child.stdout.take().map(read_all);
    let stderr = child.stderr.take().map(read_all);
    let deadline = Instant::now() + timeout;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if Instant::now() < deadline => std::thread::sleep(POLL),
            // Past the limit, or the status cannot be read: kill it (an error means it has
            // ended already) and reap it.
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
        }
    };
    // A killed binary's children may hold its pipes open: its output is what came by then.
    let give_up = status
        .is_none()
        .then(|| Instant::now() + KILLED_OUTPUT_WAIT);
    let mut text = String::new();
    for captured in [stdout, stderr].into_iter().flatten() {
        text.push_str(&captured.text(give_up));
    }
    if status.is_none() {
        text.push_str(&format!(
            "\nxtask: killed after {} s, the time limit of one test binary ({TIMEOUT_ENV} changes it)\n",
            timeout.as_secs()
        ));
    }
    (text, status.is_some_and(|s| s.success()))
}

/// A child's stream, read on a thread of its own (a full pipe would block the child).
struct Captured {
    bytes: Arc<Mutex<Vec<u8>>>,
    ended: mpsc::Receiver<()>,
}

impl Captured {
    /// The stream's text: all of it, or what came by `give_up` (then marked as cut).
    fn text(&self, give_up: Option<Instant>) -> String {
        let complete = match give_up {
            None => self.ended.recv().is_ok(),
            Some(at) => self
                .ended
                .recv_timeout(at.saturating_duration_since(Instant::now()))
                .is_ok(),
        };
        let bytes = self.bytes.lock().map(|b| b.clone()).unwrap_or_default();
        let mut text = String::from_utf8_lossy(&bytes).into_owned();
        if !complete {
            text.push_str("\nxtask: (the rest of this stream was not read)\n");
        }
        text
    }
}

/// Starts reading `pipe` to its end.
fn read_all(mut pipe: impl Read + Send + 'static) -> Captured {
    let bytes = Arc::new(Mutex::new(Vec::new()));
    let (send, ended) = mpsc::channel();
    let sink = Arc::clone(&bytes);
    std::thread::spawn(move || {
        let mut chunk = [0u8; 8192];
        while let Ok(n @ 1..) = pipe.read(&mut chunk) {
            if let Ok(mut all) = sink.lock() {
                all.extend_from_slice(&chunk[..n]);
            }
        }
        let _ = send.send(());
    });
    Captured { bytes, ended }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_test_binaries_from_cargo_messages() {
        let line = r#"{"reason":"compiler-artifact","package_id":"path+file:///w/tests#oclfft-tests@0.1.0","manifest_path":"/w/tests/Cargo.toml","target":{"kind":["test"],"name":"gpu_plans","src_path":"/w/tests/tests/gpu_plans.rs"},"profile":{"test":true},"executable":"/w/target/debug/deps/gpu_plans-1"}"#;
        assert_eq!(
            test_binary(line),
            Some(TestBinary {
                package: "oclfft-tests".into(),
                source: "tests/gpu_plans.rs".into(),
                executable: "/w/target/debug/deps/gpu_plans-1".into(),
                manifest_dir: "/w/tests".into(),
            })
        );
        // A package id without a name takes the directory's.
        let line = line.replace("#oclfft-tests@0.1.0", "#0.1.0");
        assert_eq!(test_binary(&line).unwrap().package, "tests");
        // Libraries built for the tests are no test binaries, nor other messages.
        let library = line.replace(r#""profile":{"test":true}"#, r#""profile":{"test":false}"#);
        assert_eq!(test_binary(&library), None);
        assert_eq!(
            test_binary(r#"{"reason":"build-finished","success":true}"#),
            None
        );
        assert_eq!(test_binary("not json"), None);
    }

    #[test]
    fn every_binary_runs_once_and_its_exit_status_is_kept() {
        let binary = |name: &str| TestBinary {
            package: "p".into(),
            source: name.into(),
            executable: name.into(),
            manifest_dir: std::env::temp_dir(),
        };
        let binaries: Vec<TestBinary> = ["true", "false", "true", "false", "true"]
            .into_iter()
            .map(binary)
            .collect();
        let mut ended = Vec::new();
        run(binaries, 2, DEFAULT_TIMEOUT, |outcome| {
            ended.push((outcome.binary.source, outcome.success))
        });
        ended.sort();
        let want = [
            ("false", false),
            ("false", false),
            ("true", true),
            ("true", true),
            ("true", true),
        ];
        let want: Vec<(String, bool)> = want.iter().map(|&(n, ok)| (n.into(), ok)).collect();
        assert_eq!(ended, want);
    }

    #[test]
    fn a_binary_past_its_time_limit_is_killed_and_fails_with_its_output() {
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("hangs.sh");
        // `sleep` is the shell's child: killing the shell leaves it holding the pipes.
        std::fs::write(&script, "#!/bin/sh\necho before the hang\nsleep 30\n").unwrap();
        let mut permissions = std::fs::metadata(&script).unwrap().permissions();
        std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o755);
        std::fs::set_permissions(&script, permissions).unwrap();
        let binary = TestBinary {
            package: "p".into(),
            source: "hangs".into(),
            executable: script,
            manifest_dir: dir.path().to_path_buf(),
        };
        let outcome = run_one(&binary, Duration::from_secs(1));
        assert!(!outcome.success);
        assert!(outcome.seconds < 10.0, "not killed: {} s", outcome.seconds);
        assert!(
            outcome.output.contains("before the hang"),
            "{}",
            outcome.output
        );
        assert!(
            outcome.output.contains("killed after 1 s"),
            "{}",
            outcome.output
        );
        // In time, the exit status and output are kept.
        let quick = TestBinary {
            executable: "echo".into(),
            manifest_dir: std::env::temp_dir(),
            ..binary
        };
        let outcome = run_one(&quick, Duration::from_secs(10));
        assert!(outcome.success, "{}", outcome.output);
        assert!(!outcome.output.contains("killed"), "{}", outcome.output);
    }
}
