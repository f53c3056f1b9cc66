//! Project automation for oclfft: `cargo xtask <command>` (see [`USAGE`]).
//!
//! xtask links no OpenCL, so it runs on a fresh machine and can install what the rest of the
//! workspace needs before building it.

mod cargo;
mod fuzz;
mod gen_kernels;
mod mpi;
mod real_coverage;
mod setup;
mod test_binaries;

use fft_codegen::CodegenError;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <command>

commands:
  demo
      Set up OpenCL if needed, build oclfft (release), list the devices, transform
      examples/input.txt on the default device with a CPU check, and run a short benchmark.
  test [ARGS...]
      Set up OpenCL if needed, then run the workspace's tests: without ARGS, build them
      (`cargo test --workspace --no-run`) and run the test binaries as many at a time as
      the cores and memory allow (OCLFFT_TEST_JOBS=N sets it), each killed and failed
      after 20 minutes (OCLFFT_TEST_TIMEOUT_S=N sets it), then the doc tests; with ARGS,
      `cargo test --workspace ARGS...`.
  setup
      Make sure an OpenCL loader and at least one platform are installed; when they are
      missing and apt-get is available, install ocl-icd-opencl-dev and pocl-opencl-icd.
  gen-kernels [--all] [--out DIR] [--check]
      Write the reviewed sample of generated kernels (every family and form, both
      precisions of one size), or with --all every kernel of the catalog, as <name>.cl
      into DIR (default: kernels/ at the workspace root) and remove other .cl files there.
      --check: write nothing; exit with status 1 and list every missing, stale or extra
      file when DIR is not up to date.
  mpi-test
      Set up OpenCL and OpenMPI if needed (apt-get install libopenmpi-dev openmpi-bin), build
      fft-mpi's slab_mpi example with --features mpi and run it on 2 and 4 ranks with mpirun
      (each rank checks its part of distributed 2-D and 3-D transforms against the reference).
  fuzz [--seconds N] [TARGET...]
      Run the cargo-fuzz targets in fuzz/ (npy, wav, txt, csv, raw, png: every fft-io
      reader; args: oclfft's command line and input file to its job, up to the device)
      for N seconds each (default 60), from the seeds in fuzz/seeds/; installs the
      nightly toolchain and cargo-fuzz when missing. Fails on any crash or hang (naming the
      input).
  real-coverage [--max M] [--cpu]
      Plan every even N <= M (default 1048576) whose half is 13-smooth for an NVIDIA GPU
      (with --cpu: a PoCL CPU device), f32 and f64, R2C and C2R (no device needed), and
      count the plans that still run the split or merge step as a point-wise pass of its
      own, grouped by plan shape.
  help
      Print this message.";

/// A failure, printed as `error: ...` with exit status 1 (2 for usage errors).
#[derive(Debug)]
pub enum Error {
    /// Bad command line.
    Usage(String),
    /// The generator failed.
    Codegen(CodegenError),
    /// A file operation failed.
    Io(PathBuf, io::Error),
    /// `gen-kernels --check` found differences.
    OutOfDate(Vec<String>),
    /// OpenCL is missing and could not be installed.
    Setup(String),
    /// A command xtask ran failed.
    Command(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Usage(msg) => write!(f, "{msg}\n\n{USAGE}"),
            Error::Codegen(err) => write!(f, "generating kernels failed: {err}"),
            Error::Io(path, err) => write!(f, "{}: {err}", path.display()),
            Error::OutOfDate(problems) => {
                writeln!(f, "the generated kernels are out of date:")?;
                for problem in problems {
                    writeln!(f, "  {problem}")?;
                }
                write!(f, "run `cargo xtask gen-kernels` to regenerate them")
            }
            Error::Setup(msg) | Error::Command(msg) => f.write_str(msg),
        }
    }
}

/// The workspace root (the parent of this crate).
pub fn workspace_root() -> PathBuf {
    let xtask = Path::new(env!("CARGO_MANIFEST_DIR"));
    xtask.parent().unwrap_or(xtask).to_path_buf()
}

fn run(mut args: impl Iterator<Item = String>) -> Result<String, Error> {
    match args.next().as_deref() {
        Some("gen-kernels") => gen_kernels::gen_kernels(&gen_kernels::parse_gen_kernels(args)?),
        Some("setup") => setup::ensure_opencl(),
        Some("test") => cargo::test(args.collect()),
        Some("demo") => cargo::demo(),
        Some("fuzz") => fuzz::fuzz(&fuzz::parse_fuzz(args)?),
        Some("mpi-test") => mpi::mpi_test(),
        Some("real-coverage") => {
            real_coverage::real_coverage(real_coverage::parse_real_coverage(args)?)
        }
        Some("help" | "--help" | "-h") => Ok(USAGE.to_string()),
        Some(other) => Err(Error::Usage(format!("unknown command `{other}`"))),
        None => Err(Error::Usage("no command given".into())),
    }
}

fn main() -> ExitCode {
    match run(std::env::args().skip(1)) {
        Ok(message) => {
            println!("{message}");
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("error: {err}");
            match err {
                Error::Usage(_) => ExitCode::from(2),
                _ => ExitCode::FAILURE,
            }
        }
    }
}

/// A command line's arguments after the command, for the tests.
#[cfg(test)]
fn test_args(list: &[&str]) -> impl Iterator<Item = String> {
    list.iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .into_iter()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_commands_are_usage_errors() {
        let args = test_args;
        assert!(matches!(run(args(&["bogus"])), Err(Error::Usage(_))));
        assert!(matches!(run(args(&[])), Err(Error::Usage(_))));
        assert!(run(args(&["help"])).unwrap().contains("gen-kernels"));
    }
}
