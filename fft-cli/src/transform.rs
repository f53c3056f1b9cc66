//! `oclfft fft INPUT`: transform a signal file on the device and write the result.

use crate::compute::{check_job, fit_length, open_queue, pad_rows, run_job, Job, PrecisionArg};
use crate::exit::CliError;
use clap::{Args, ValueEnum};
use fft_core::accuracy::{ErrorReport, Tolerance};
use fft_io::{Format, ReadOptions, Signal, WriteOptions};
use fft_runtime::{Direction, Normalization};
use num_complex::Complex64;
use rustfft::FftPlanner;
use std::path::PathBuf;

/// Scaling convention on the command line (numpy's names).
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum NormArg {
    /// No scaling in either direction.
    None,
    /// Scale the inverse by 1/N, so inverse(forward(x)) = x.
    Backward,
    /// Scale both directions by 1/sqrt(N).
    Ortho,
}

impl From<NormArg> for Normalization {
    fn from(arg: NormArg) -> Normalization {
        match arg {
            NormArg::None => Normalization::None,
            NormArg::Backward => Normalization::Backward,
            NormArg::Ortho => Normalization::Ortho,
        }
    }
}

/// Options of `oclfft fft`.
#[derive(Args)]
pub struct FftArgs {
    /// Signal file: .txt, .csv, .npy, .wav, .c64 or .c128 (or name the format with --format).
    pub input: PathBuf,
    /// Write the result here, in the format its extension names (default: `re im` lines on
    /// standard output). WAV output takes real results only.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Format of INPUT, instead of guessing it from the extension.
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// Format of the output, instead of guessing it from the extension.
    #[arg(long, value_enum)]
    pub output_format: Option<Format>,
    /// Inverse transform instead of forward.
    #[arg(long)]
    pub inverse: bool,
    /// Scaling: none, backward (inverse scaled by 1/N) or ortho (both by 1/sqrt(N)).
    #[arg(long, value_enum, default_value = "none")]
    pub norm: NormArg,
    /// Precision on the device (also of .npy and raw output: complex64 or complex128).
    #[arg(long, value_enum, default_value = "f32")]
    pub precision: PrecisionArg,
    /// Device: an index or name substring from `oclfft devices` (default: $OCLFFT_DEVICE, else the first GPU, else CPU).
    #[arg(long)]
    pub device: Option<String>,
    /// Zero-pad each signal to the next supported length (a power of two); without it an
    /// unsupported length is an error.
    #[arg(long)]
    pub pad: bool,
    /// For 2-D input (.npy, multi-channel .wav): 0 = each row is a signal, 1 = each column is.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=1))]
    pub batch_axis: u8,
    /// Accept NaN and infinite samples instead of rejecting them.
    #[arg(long)]
    pub allow_nonfinite: bool,
    /// Sample rate written into WAV output (default: the input WAV's, else 44100).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub rate: Option<u32>,
    /// Also compute a CPU reference (rustfft, f64) and report the errors; exit 3 when the
    /// relative L2 error exceeds the accuracy bound of the precision.
    #[arg(long)]
    pub check: bool,
    /// With --check: count the values whose error exceeds this.
    #[arg(long, default_value_t = 1e-4)]
    pub threshold: f64,
}

/// Runs the command.
pub fn run(args: &FftArgs) -> crate::Result<()> {
    let input_format = Format::resolve(&args.input, args.format)?;
    let output_format = match &args.output {
        Some(path) => Format::resolve(path, args.output_format)?,
        None => args.output_format.unwrap_or(Format::Txt),
    };
    let direction = if args.inverse {
        Direction::Inverse
    } else {
        Direction::Forward
    };
    let job_for = |rows: usize, cols: usize| -> crate::Result<Job> {
        let (len, batch) = if args.batch_axis == 0 {
            (cols, rows)
        } else {
            (rows, cols)
        };
        Ok(Job {
            len: fit_length(len, args.pad)?,
            batch,
            direction,
            normalization: args.norm.into(),
            precision: args.precision,
        })
    };
    let options = ReadOptions {
        allow_nonfinite: args.allow_nonfinite,
    };

    // Shapes known from a header are checked against the device before the data is read;
    // text files are read (and their errors reported) before the device is opened.
    let probed = fft_io::probe_shape(&args.input, input_format)?;
    let early = match probed {
        None => Some(crate::input::read(&args.input, input_format, options)?),
        Some((rows, cols)) => {
            job_for(rows, cols)?;
            None
        }
    };
    let queue = open_queue(args.device.as_deref())?;
    if let Some((rows, cols)) = probed {
        check_job(&queue, job_for(rows, cols)?)?;
    }
    let signal = match early {
        Some(signal) => signal,
        None => crate::input::read(&args.input, input_format, options)?,
    };

    // Host memory: every copy below is dropped once the next one exists (the input is kept
    // for --check only).
    let job = job_for(signal.rows(), signal.cols())?;
    let sample_rate = signal.sample_rate();
    let signals = if args.batch_axis == 1 {
        let transposed = signal.transposed();
        drop(signal);
        transposed
    } else {
        signal
    };
    let points = signals.cols();
    let input = pad_rows(signals.into_data(), points, job.len);
    let reference_input = args.check.then(|| input.clone());
    let result = run_job(&queue, job, input)?;
    let padded = if job.len == points {
        String::new()
    } else {
        format!(", zero-padded to {}", job.len)
    };
    eprintln!(
        "oclfft: {} signal(s) of {} points from {}{padded}, {direction} on {}",
        job.batch,
        points,
        input_format.name(),
        queue.summary()
    );

    let mut out = Signal::new(job.batch, job.len, result, true)
        .map_err(|e| CliError::Input(format!("internal: the device returned {e}")))?
        .with_sample_rate(sample_rate);
    if args.batch_axis == 1 {
        out = out.transposed();
    }
    if let Some(input) = reference_input {
        check(args, job, &input, &signals_result(&out, args.batch_axis))?;
    }
    write_result(args, output_format, &out)
}

/// The result laid out as transforms (one per row), whatever the batch axis.
fn signals_result(out: &Signal, batch_axis: u8) -> Vec<Complex64> {
    if batch_axis == 1 {
        out.transposed().into_data()
    } else {
        out.data().to_vec()
    }
}

fn write_result(args: &FftArgs, format: Format, out: &Signal) -> crate::Result<()> {
    let options = WriteOptions {
        double: matches!(args.precision, PrecisionArg::F64),
        sample_rate: args.rate.or(out.sample_rate()).unwrap_or(44_100),
    };
    let bytes = fft_io::encode(out, format, options)?;
    if out.rows() > 1 && !matches!(format, Format::Npy | Format::Wav) {
        eprintln!(
            "oclfft: {} rows of {} values written one after another; write .npy to keep the shape",
            out.rows(),
            out.cols()
        );
    }
    match &args.output {
        None => crate::out::bytes(&bytes),
        Some(path) => Ok(fft_io::write_file(path, &bytes)?),
    }
}

/// Compares the device result with rustfft in f64 and reports the errors.
fn check(args: &FftArgs, job: Job, input: &[Complex64], result: &[Complex64]) -> crate::Result<()> {
    let mut reference = input.to_vec();
    let mut planner = FftPlanner::<f64>::new();
    let cpu = match job.direction {
        Direction::Forward => planner.plan_fft_forward(job.len),
        Direction::Inverse => planner.plan_fft_inverse(job.len),
    };
    cpu.process(&mut reference);
    let scale = job.normalization.scale(job.len, job.direction);
    reference.iter_mut().for_each(|v| *v *= scale);
    let report = ErrorReport::compare(result, &reference);
    let max_abs = fft_core::accuracy::max_abs_error(result, &reference);
    let over = result
        .iter()
        .zip(&reference)
        .filter(|(a, b)| (*a - *b).norm() > args.threshold)
        .count();
    eprintln!(
        "check against rustfft (f64): relative L2 error {:.3e}, max error {max_abs:.3e}, {over} of {} values differ by more than {:e}",
        report.relative_l2,
        result.len(),
        args.threshold
    );
    let precision = match args.precision {
        PrecisionArg::F32 => fft_core::Precision::F32,
        PrecisionArg::F64 => fft_core::Precision::F64,
    };
    let tolerance = Tolerance::for_transform(precision, job.len.trailing_zeros(), 1.0);
    // A NaN error (from a NaN in the result or the reference) fails the check too.
    if report.relative_l2.is_nan() || report.relative_l2 > tolerance.relative_l2 {
        return Err(CliError::CheckFailed(format!(
            "the device result is off: relative L2 error {:.3e} exceeds the bound {:.3e}",
            report.relative_l2, tolerance.relative_l2
        )));
    }
    Ok(())
}
