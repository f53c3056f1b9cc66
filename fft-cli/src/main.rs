//! `oclfft`: FFTs on any OpenCL device from the shell.
//!
//! Exit codes: 0 success, 1 runtime or device failure, 2 bad command line or bad input file,
//! 3 `--check` found the device result outside the tolerance.

mod bench;
mod devices;
mod exit;
mod input;
mod out;
mod plan;
mod transform;

use clap::{Parser, Subcommand};
use exit::CliError;

/// Result of a command.
pub type Result<T> = std::result::Result<T, CliError>;

/// FFTs on OpenCL devices: GPUs through their vendor driver, CPUs through PoCL.
#[derive(Parser)]
#[command(name = "oclfft", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List every OpenCL platform and device, and which one is the default.
    Devices,
    /// Transform a signal file (one real sample per line), zero-padded to a power of two.
    Fft(transform::FftArgs),
    /// Time batched transforms over a range of sizes beside the device's copy bandwidth.
    Bench(bench::BenchArgs),
    /// Show the passes, kernels and bytes of a transform, and time building its plan.
    Plan(plan::PlanArgs),
}

fn main() {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Devices => devices::run(),
        Command::Fft(args) => transform::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Plan(args) => plan::run(&args),
    };
    match result {
        Ok(()) | Err(CliError::OutputClosed) => {}
        Err(error) => {
            eprintln!("oclfft: {error}");
            std::process::exit(error.exit_code());
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
