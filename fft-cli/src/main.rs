//! `oclfft`: FFTs on any OpenCL device from the shell (the commands are in the library,
//! `fft_cli`).
//!
//! Exit codes: 0 success, 1 runtime or device failure, 2 bad command line or bad input file,
//! 3 `--check` found the device result outside the tolerance.

use clap::Parser;
use fft_cli::{Cli, CliError};

fn main() {
    match Cli::parse().run() {
        Ok(()) | Err(CliError::OutputClosed) => {}
        Err(error) => {
            eprintln!("oclfft: {error}");
            std::process::exit(error.exit_code());
        }
    }
}
