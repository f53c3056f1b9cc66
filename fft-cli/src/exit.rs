//! Errors of the command line, each with its documented exit code.

use std::fmt;

/// A failure of the command, with the exit code it maps to.
#[derive(Debug)]
pub enum CliError {
    /// Bad command line or bad input file: exit 2.
    Input(String),
    /// The device or runtime failed: exit 1.
    Runtime(fft_runtime::Error),
    /// The device or runtime failed, said with what the command was doing: exit 1.
    Device(String),
    /// `--check` found the device result outside the tolerance: exit 3.
    CheckFailed(String),
    /// Standard output was closed by its reader: exit 0, nothing more to say.
    OutputClosed,
}

impl CliError {
    /// The process exit code.
    pub fn exit_code(&self) -> i32 {
        match self {
            CliError::Runtime(_) | CliError::Device(_) => 1,
            CliError::Input(_) => 2,
            CliError::CheckFailed(_) => 3,
            CliError::OutputClosed => 0,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Input(msg) | CliError::CheckFailed(msg) | CliError::Device(msg) => {
                f.write_str(msg)
            }
            CliError::Runtime(e) => write!(f, "{e}"),
            CliError::OutputClosed => f.write_str("standard output was closed"),
        }
    }
}

impl From<fft_io::IoError> for CliError {
    fn from(e: fft_io::IoError) -> CliError {
        CliError::Input(e.to_string())
    }
}

impl From<fft_runtime::Error> for CliError {
    fn from(e: fft_runtime::Error) -> CliError {
        match e {
            // A bad length is the user's input, not a device failure.
            fft_runtime::Error::Plan(p) => CliError::Input(p.to_string()),
            other => CliError::Runtime(other),
        }
    }
}
