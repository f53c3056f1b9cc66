//! [`resolve_job`]: a command line through the binary's own argument parsing and resolution
//! into a job, stopping before an OpenCL device is opened. The binary runs the same
//! functions ([`crate::fft_job::prepare`], [`crate::spectrum::prepare`]) and then opens the
//! device; the fuzz target `fuzz/fuzz_targets/args.rs` and `tests/arbitrary_args.rs` call
//! this to check that any command line and input end in a job or a clear error.

use crate::compute::Job;
use crate::exit::CliError;
use crate::fft2::Job2d;
use crate::fft_job::FftJob;
use crate::spectrum::Prepared;
use crate::{Cli, Command};
use clap::Parser;
use std::ffi::OsString;
use std::fmt;

/// What a command line resolves to before any device is opened.
#[derive(Clone, Copy, Debug)]
pub enum Resolved {
    /// `oclfft fft`: the transforms it plans on the device.
    Fft(FftJob),
    /// `oclfft spectrum` of a signal: one forward transform.
    Spectrum(Job),
    /// `oclfft spectrum` of a PNG image: its 2-D transform.
    ImageSpectrum(Job2d),
    /// `devices`, `kernel`, `bench`, `plan` or `cache`: parsed; they read no input file, and
    /// nothing else is resolved before their device.
    Other,
}

impl Resolved {
    /// The transforms to plan as `batch` transforms of `len` points (a 2-D job as its
    /// `rows` rows of `cols` points); `None` for [`Resolved::Other`].
    pub fn job(&self) -> Option<Job> {
        match *self {
            Resolved::Fft(job) => Some(job.job()),
            Resolved::Spectrum(job) => Some(job),
            Resolved::ImageSpectrum(job) => Some(job.job()),
            Resolved::Other => None,
        }
    }
}

/// Why a command line does not resolve to a job.
#[derive(Debug)]
pub enum ResolveError {
    /// clap refused the command line, or it asks for `--help` or `--version` (the binary
    /// prints it and exits with clap's code: 2, or 0 for help and version).
    Usage(clap::Error),
    /// The command refused its options or its input: the binary's message and exit code.
    Cli(CliError),
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResolveError::Usage(e) => write!(f, "{e}"),
            ResolveError::Cli(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ResolveError {}

/// Parses `argv` (the program name first, as `std::env::args_os`) as `oclfft` does and
/// resolves `fft` and `spectrum` into their job as the binary does before it opens a device:
/// the formats, the input file (its header, or the whole file where the shape needs it),
/// `--axes` and `--batch-axis` against its shape, `--len`, `--real` and `--inverse`, the
/// length, batch and precision. Reads INPUT, writes nothing.
pub fn resolve_job<I, T>(argv: I) -> Result<Resolved, ResolveError>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = Cli::try_parse_from(argv).map_err(ResolveError::Usage)?;
    Ok(match cli.command {
        Command::Fft(args) => Resolved::Fft(
            crate::fft_job::prepare(&args)
                .map_err(ResolveError::Cli)?
                .job,
        ),
        Command::Spectrum(args) => {
            match crate::spectrum::prepare(&args).map_err(ResolveError::Cli)? {
                Prepared::Signal(signal) => Resolved::Spectrum(signal.job),
                Prepared::Image(job) => Resolved::ImageSpectrum(job),
            }
        }
        Command::Devices
        | Command::Kernel(_)
        | Command::Bench(_)
        | Command::Plan(_)
        | Command::Cache(_) => Resolved::Other,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resolve(args: &str, dir: &std::path::Path) -> Result<Resolved, String> {
        let argv = std::iter::once("oclfft".to_string()).chain(
            args.split_whitespace()
                .map(|a| a.replace("DIR", &dir.display().to_string())),
        );
        resolve_job(argv).map_err(|e| e.to_string())
    }

    #[test]
    fn jobs_are_what_the_binary_plans() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.txt"), "1\n2\n3\n").unwrap();
        std::fs::write(dir.path().join("a.csv"), "re,im\n1,0\n2,0\n").unwrap();
        let job = |args| resolve(args, dir.path()).unwrap().job().unwrap();

        let one = job("fft DIR/a.txt");
        assert_eq!((one.len, one.batch), (3, 1));
        let padded = job("fft DIR/a.txt --len 8 --precision f64 --inverse");
        assert_eq!((padded.len, padded.batch), (8, 1));
        assert!(matches!(
            padded.precision,
            crate::compute::PrecisionArg::F64
        ));
        assert_eq!(padded.direction, fft_runtime::Direction::Inverse);
        let real = resolve("fft DIR/a.txt --real --inverse --n 5", dir.path()).unwrap();
        assert!(matches!(
            real,
            Resolved::Fft(FftJob::Real {
                job: Job {
                    len: 5,
                    batch: 1,
                    ..
                },
                ..
            })
        ));
        let spectrum = job("spectrum DIR/a.csv -o DIR/s.svg --len 16");
        assert_eq!((spectrum.len, spectrum.batch), (16, 1));
        assert!(matches!(
            resolve("devices", dir.path()),
            Ok(Resolved::Other)
        ));
    }

    #[test]
    fn refusals_are_the_binarys_errors() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.txt"), "1\n2\n").unwrap();
        let err = |args| resolve(args, dir.path()).unwrap_err();
        assert!(err("fft DIR/a.txt --axes 0,1").contains("needs 2-D input"));
        assert!(err("fft DIR/a.txt --real --inverse").contains("needs --n N"));
        assert!(err("fft DIR/a.bin").contains("cannot tell the format"));
        assert!(err("fft DIR/none.txt").contains("cannot read"));
        assert!(err("fft DIR/a.txt --len 0").contains("length 0"));
        assert!(err("spectrum DIR/a.txt -o x.svg --rate inf").contains("positive finite"));
        assert!(err("spectrum DIR/a.txt -o x.jpg").contains("not 'jpg'"));
        assert!(err("frobnicate").contains("unrecognized subcommand"));
    }
}
