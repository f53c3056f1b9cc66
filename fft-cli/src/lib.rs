//! The `oclfft` command line as a library: [`Cli`] is the command line the binary parses and
//! [`Cli::run`] what it runs; [`resolve_job`] takes a command line through the same parsing
//! and the same resolution of `fft` and `spectrum` into a job (formats, the input's shape,
//! axes, length, batch, precision) but stops before an OpenCL device is opened, for the fuzz
//! target `fuzz/fuzz_targets/args.rs` and the property tests.
//!
//! Exit codes: 0 success, 1 runtime or device failure, 2 bad command line or bad input file,
//! 3 `--check` found the device result outside the tolerance.

mod axes;
mod bench;
mod cache;
mod compute;
mod devices;
mod exit;
mod fft2;
mod fft_job;
mod image_spectrum;
mod input;
mod kernel;
mod out;
mod plan;
mod plot;
mod real;
mod real_check;
mod resolve;
mod spectrum;
mod streamed;
mod transform;
mod transform2d;

use clap::{Parser, Subcommand};

pub use axes::Layout;
pub use compute::{Axes, Job, PrecisionArg};
pub use exit::CliError;
pub use fft2::Job2d;
pub use fft_job::FftJob;
pub use resolve::{resolve_job, ResolveError, Resolved};

/// Result of a command.
pub type Result<T> = std::result::Result<T, CliError>;

const EXIT_CODES: &str = "\
Exit codes:
  0  success (also when standard output is closed early, as by `| head`)
  1  device or runtime failure: no OpenCL platform (the message gives the install command),
     the data exceeds the device's allocation limit (both numbers given), no fp64 on the
     device, a kernel that fails to build
  2  bad command line or bad input: missing or empty file, a non-numeric value (file:line:column),
     NaN or infinity (unless --allow-nonfinite), an unsupported .npy dtype or shape, a length
     of 0 or above 2^27 or a batch of 0 (a 2-D transform or image above 2^27 points), input
     beyond the precision's range or a result that overflows it (try --precision f64), an
     output path that is not a regular file, character device or pipe, a --rate that is not
     a positive finite number, complex input to --real, --inverse --real without --n, --axes
     the input does not have or that disagree with --batch-axis, --len with --axes 0,1
     (but --inverse --real --axes 0,1 needs --n), an unreadable or too large PNG image
  3  `fft --check` found the device result outside the accuracy bound (or a NaN error)
A failed command never leaves a partial output file, and replaces nothing but a regular file.";

/// FFTs on OpenCL devices: GPUs through their vendor driver, CPUs through PoCL.
#[derive(Parser)]
#[command(name = "oclfft", version, about, after_help = EXIT_CODES)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List every OpenCL platform and device, and which one is the default.
    Devices,
    /// Transform a signal file (.txt, .csv, .npy, .wav, raw .c64/.c128) on the device; with
    /// --real, numpy's rfft (and with --inverse --real --n N, irfft; with --axes 0,1, rfftn and
    /// irfftn).
    #[command(after_help = EXIT_CODES)]
    Fft(transform::FftArgs),
    /// Plot a signal's magnitude spectrum in dB (PNG or SVG), or draw a PNG image's 2-D
    /// spectrum as an image.
    #[command(after_help = EXIT_CODES)]
    Spectrum(spectrum::SpectrumArgs),
    /// Print the generated OpenCL C source of a radix kernel.
    Kernel(kernel::KernelArgs),
    /// Time batched transforms over a range of sizes beside the device's copy bandwidth,
    /// transfers and rustfft.
    Bench(bench::BenchArgs),
    /// Show the passes, kernels and bytes of a transform, and time building its plan.
    Plan(plan::PlanArgs),
    /// Show where compiled kernels are cached, their number and size; `--clear` deletes them.
    Cache(cache::CacheArgs),
}

impl Cli {
    /// Runs the command: what `oclfft` does once its command line is parsed.
    pub fn run(self) -> Result<()> {
        match self.command {
            Command::Devices => devices::run(),
            Command::Fft(args) => transform::run(&args),
            Command::Spectrum(args) => spectrum::run(&args),
            Command::Kernel(args) => kernel::run(&args),
            Command::Bench(args) => bench::run(&args),
            Command::Plan(args) => plan::run(&args),
            Command::Cache(args) => cache::run(&args),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn command_line_is_consistent() {
        Cli::command().debug_assert();
    }
}
