//! `cargo xtask mpi-test`: distributed transforms over real MPI ranks (OpenMPI, PoCL or any
//! device), the part of issue 14's checks that `cargo test` cannot run.

use crate::cargo::{cargo, run_checked};
use crate::setup::{apt_get, ensure_opencl, is_root};
use crate::{workspace_root, Error};
use std::process::Command;

/// Debian/Ubuntu packages of OpenMPI: headers and libraries for the `mpi` crate, and `mpirun`.
const PACKAGES: [&str; 2] = ["libopenmpi-dev", "openmpi-bin"];

/// The rank counts the test runs.
const RANKS: [usize; 2] = [2, 4];

/// Seconds one `mpirun` may take before it counts as a hang.
const TIMEOUT_SECONDS: u32 = 600;

fn has_mpirun() -> bool {
    Command::new("mpirun")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Installs OpenMPI when `mpirun` is missing.
fn ensure_mpi() -> Result<String, Error> {
    if has_mpirun() {
        return Ok("MPI: mpirun present".into());
    }
    eprintln!(
        "xtask: no mpirun; running `apt-get install -y {}`",
        PACKAGES.join(" ")
    );
    apt_get(&["update", "-qq"])?;
    let mut install = vec!["install", "-y", "-qq", "--no-install-recommends"];
    install.extend(PACKAGES);
    apt_get(&install)?;
    if has_mpirun() {
        Ok(format!("MPI: installed {}", PACKAGES.join(" ")))
    } else {
        Err(Error::Setup(format!(
            "still no mpirun after installing {}",
            PACKAGES.join(" ")
        )))
    }
}

/// Builds the example and runs it on [`RANKS`] ranks.
pub fn mpi_test() -> Result<String, Error> {
    eprintln!("xtask: {}", ensure_opencl()?);
    eprintln!("xtask: {}", ensure_mpi()?);
    let mut test = cargo();
    test.args(["test", "-p", "fft-mpi", "--features", "mpi", "--lib"]);
    run_checked(test, "cargo test -p fft-mpi --features mpi --lib")?;
    let mut build = cargo();
    build.args([
        "build",
        "-p",
        "fft-mpi",
        "--features",
        "mpi",
        "--example",
        "slab_mpi",
        "--example",
        "mpi_timing",
    ]);
    run_checked(
        build,
        "cargo build -p fft-mpi --features mpi --example slab_mpi --example mpi_timing",
    )?;
    let examples = std::env::var_os("CARGO_TARGET_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| workspace_root().join("target"))
        .join("debug")
        .join("examples");
    let mpirun = |ranks: usize, example: &str, args: &[&str]| -> Result<(), Error> {
        let mut command = Command::new("timeout");
        command.arg(TIMEOUT_SECONDS.to_string()).arg("mpirun");
        if is_root() {
            command.arg("--allow-run-as-root");
        }
        // More ranks than the CI machine's 2 cores.
        command
            .args(["--oversubscribe", "-n", &ranks.to_string()])
            .arg(examples.join(example))
            .args(args);
        run_checked(
            command,
            &format!("mpirun -n {ranks} {example} {}", args.join(" ")),
        )
    };
    for ranks in RANKS {
        mpirun(ranks, "slab_mpi", &[])?;
    }
    // The timing example checks its result against one plan, too (small: its numbers are
    // for GPUs; here it only has to run and agree), on 3 ranks for a split that is uneven.
    mpirun(3, "mpi_timing", &["20", "--chunk=4096"])?;
    Ok(format!(
        "distributed transforms match the reference on {} ranks over MPI (and the timing example on 3)",
        RANKS.map(|r| r.to_string()).join(" and ")
    ))
}
