//! `oclfft fft INPUT`: transform a signal file on the device and write the result.

use crate::axes::Layout;
use crate::compute::{open_queue, pad_rows, resize_note, run_job, Job, PrecisionArg};
use crate::exit::CliError;
use crate::fft_job::{read_options, Prepared};
use clap::{Args, ValueEnum};
use fft_core::accuracy::{ErrorReport, Tolerance};
use fft_core::plan::Algorithm;
use fft_io::{Format, Shape, Signal, WriteOptions};
use fft_runtime::{DeviceQueue, Direction, Normalization};
use num_complex::Complex64;
use rustfft::FftPlanner;
use std::path::PathBuf;

/// Scaling convention on the command line (numpy's names and default).
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum NormArg {
    /// No scaling in either direction.
    None,
    /// Scale the inverse by 1/N, so inverse(forward(x)) = x.
    Backward,
    /// Scale both directions by 1/sqrt(N).
    Ortho,
    /// Scale the forward transform by 1/N, the inverse not at all.
    Forward,
}

impl From<NormArg> for Normalization {
    fn from(arg: NormArg) -> Normalization {
        match arg {
            NormArg::None => Normalization::None,
            NormArg::Backward => Normalization::Backward,
            NormArg::Ortho => Normalization::Ortho,
            NormArg::Forward => Normalization::Forward,
        }
    }
}

/// Options of `oclfft fft`.
#[derive(Args)]
pub struct FftArgs {
    /// Signal file: .txt, .csv, .npy, .wav, .c64 or .c128 (or name the format with --format).
    pub input: PathBuf,
    /// Write the result here, in the format its extension names (default: `re im` lines on
    /// standard output; one value per line for --inverse --real). WAV output takes real
    /// results only.
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
    /// Scaling: none, backward (inverse scaled by 1/N), ortho (both by 1/sqrt(N)) or forward
    /// (forward scaled by 1/N). Default backward, as numpy; the library's default is none, as
    /// cuFFT and RustFFT.
    #[arg(long, value_enum, default_value = "backward")]
    pub norm: NormArg,
    /// Precision on the device (also of .npy and raw output: complex64 or complex128, and
    /// float32 or float64 for the reals of --inverse --real).
    #[arg(long, value_enum, default_value = "f32")]
    pub precision: PrecisionArg,
    /// Measure mode: time the candidate decompositions of the transform on the device and
    /// run the fastest (remembered in tuning.toml beside the binary cache, so later runs of
    /// the same transform skip the timing). 1-D transforms only; 2-D ones are estimated.
    #[arg(long)]
    pub measure: bool,
    /// Device: an index or name substring from `oclfft devices` (default: $OCLFFT_DEVICE, else the first GPU, else CPU).
    #[arg(long)]
    pub device: Option<String>,
    /// Transform exactly N points per signal, as numpy's `n=`: shorter signals are
    /// zero-padded, longer ones truncated (default: each signal at its own length; every
    /// length from 1 to 2^27 is supported). `--n N` and `--pad N` are the same option. With
    /// --inverse --real: the number of reals out, required.
    #[arg(short = 'n', long = "len", visible_aliases = ["n", "pad"], value_name = "N", value_parser = crate::compute::parse_len)]
    pub len: Option<usize>,
    /// Real transform, as numpy's rfft: each signal is real (one column of text or CSV, a WAV
    /// channel, a float .npy; imaginary parts that are not all zero are an error) and the
    /// output is its half spectrum, N/2+1 values per signal. With --inverse, numpy's
    /// irfft(n=N): each row of INPUT is a half spectrum (truncated or zero-padded to N/2+1
    /// values; the imaginary parts of DC and, for even N, Nyquist are ignored), the output N
    /// reals per signal, and --n N is required (it tells an even N from an odd one). With
    /// --axes 0,1: numpy's rfftn of the rows x cols array (rows x (cols/2+1) values out) and,
    /// inverse, irfftn(s=(rows, N)) (rows x N reals out).
    #[arg(long)]
    pub real: bool,
    /// Which axes to transform, as numpy's `axes=`: for 2-D input (.npy, multi-channel
    /// .wav), 1 = each row is a signal (the default), 0 = each column is, 0,1 = the 2-D
    /// transform (numpy's fftn, and with --real rfftn; the output keeps the 2-D shape). A 1-D
    /// input has the axis 0 only.
    #[arg(long, value_delimiter = ',', value_name = "AXES", value_parser = clap::value_parser!(u8).range(0..=1))]
    pub axes: Option<Vec<u8>>,
    /// For 2-D input (.npy, multi-channel .wav): 0 = each row is a signal (the default), 1 =
    /// each column is. The same as --axes 1 and --axes 0; both together must agree.
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..=1))]
    pub batch_axis: Option<u8>,
    /// Accept NaN and infinite samples instead of rejecting them.
    #[arg(long)]
    pub allow_nonfinite: bool,
    /// Sample rate written into WAV output (default: the input WAV's, else 44100).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub rate: Option<u32>,
    /// Also compute a CPU reference (rustfft, f64; with --real the real-input DFT, f64) and
    /// report the errors; exit 3 when the relative L2 error exceeds the accuracy bound of the
    /// precision.
    #[arg(long)]
    pub check: bool,
    /// Host memory per chunk, in MiB, when the rows of a .npy or raw file are streamed
    /// through the device (complex transforms of each row written to a file with -o, without
    /// --check): the file is never held whole, so it may be larger than memory. At least one
    /// row is taken at a time.
    #[arg(long, value_name = "MIB", default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=1 << 20))]
    pub chunk_mib: u32,
    /// With --check: count the values whose error exceeds this.
    #[arg(long, default_value_t = 1e-4)]
    pub threshold: f64,
}

/// Runs the command.
pub fn run(args: &FftArgs) -> crate::Result<()> {
    let prepared = crate::fft_job::prepare(args)?;
    let (input_format, output_format) = (prepared.input_format, prepared.output_format);
    if args.real {
        return crate::real::run(args, prepared);
    }
    if crate::streamed::run_if_streamable(args, &prepared)? {
        return Ok(());
    }
    let direction = direction(args);
    let (queue, signal) = open_and_read(args, prepared)?;
    let shape = signal.shape();
    let layout = layout(args, shape)?;
    if layout == Layout::Both {
        return crate::transform2d::run(args, &queue, signal, input_format, output_format);
    }

    // Host memory: every copy below is dropped once the next one exists (the input is kept
    // for --check only).
    let job = job_for(args, layout, shape);
    let sample_rate = signal.sample_rate();
    let signals = layout.signals_by_row(signal);
    let points = signals.cols();
    let input = pad_rows(signals.into_data(), points, job.len);
    let reference_input = args.check.then(|| input.clone());
    let result = run_job(&queue, job, input)?;
    eprintln!(
        "oclfft: {} signal(s) of {} points from {}{}, {direction} on {}",
        job.batch,
        points,
        input_format.name(),
        resize_note(points, job.len),
        queue.summary()
    );

    let by_row = Signal::new(job.batch, job.len, result, true)
        .map_err(|e| CliError::Input(format!("internal: the device returned {e}")))?
        .with_sample_rate(sample_rate);
    if let Some(input) = reference_input {
        check(args, job, &input, by_row.data())?;
    }
    let out = layout.restore(by_row, shape.ndim);
    write_result(args, output_format, &out)
}

/// The 1-D complex job of `args` on an input of `shape` under `layout` (rows or columns):
/// `--len` points per signal (default: the signal's own), one transform per signal.
pub(crate) fn job_for(args: &FftArgs, layout: Layout, shape: Shape) -> Job {
    let (points, batch) = layout.signal_shape(shape.rows, shape.cols);
    Job {
        len: args.len.unwrap_or(points),
        batch,
        direction: direction(args),
        normalization: args.norm.into(),
        precision: args.precision,
        measure: args.measure,
    }
}

/// Forward, or inverse with `--inverse`.
pub(crate) fn direction(args: &FftArgs) -> Direction {
    if args.inverse {
        Direction::Inverse
    } else {
        Direction::Forward
    }
}

/// What `args` transforms of an input of `shape`: `--axes` or `--batch-axis` (see
/// [`crate::axes::resolve`]); `--len` is for 1-D transforms only.
pub(crate) fn layout(args: &FftArgs, shape: Shape) -> crate::Result<Layout> {
    let layout = crate::axes::resolve(args.axes.as_deref(), args.batch_axis, shape, &args.input)?;
    if layout == Layout::Both && args.len.is_some() {
        return Err(CliError::Input(
            "--len pads or truncates the signals of a 1-D transform; --axes 0,1 transforms the array at its own shape: pad the array itself (numpy.pad), or drop --len".into(),
        ));
    }
    Ok(layout)
}

/// The format of the output: `--output-format`, else the extension of `-o`, else text.
pub(crate) fn output_format(args: &FftArgs) -> crate::Result<Format> {
    Ok(match &args.output {
        Some(path) => Format::resolve(path, args.output_format)?,
        None => args.output_format.unwrap_or(Format::Txt),
    })
}

/// Opens the device, builds the plan of the `prepared` job on it (refusing a job the device
/// cannot run before any padded copy is made), and reads INPUT if it was not read already.
///
/// Shapes known from a header are checked against the device before the data is read;
/// text files are read (and their errors reported) before the device is opened.
pub(crate) fn open_and_read(
    args: &FftArgs,
    prepared: Prepared,
) -> crate::Result<(DeviceQueue, Signal)> {
    crate::input::warn(&prepared.warnings);
    let queue = open_queue(args.device.as_deref())?;
    prepared.job.check(&queue)?;
    let signal = match prepared.early {
        Some(signal) => signal,
        None => crate::input::read(&args.input, prepared.input_format, read_options(args))?,
    };
    Ok((queue, signal))
}

/// Encodes `out` as `format` and writes it to `-o` or standard output.
pub(crate) fn write_result(args: &FftArgs, format: Format, out: &Signal) -> crate::Result<()> {
    let bytes = fft_io::encode(out, format, write_options(args, out))?;
    emit(args, format, out, &bytes)
}

/// How `out` is written: the precision's width, the sample rate for WAV.
pub(crate) fn write_options(args: &FftArgs, out: &Signal) -> WriteOptions {
    WriteOptions {
        double: matches!(args.precision, PrecisionArg::F64),
        sample_rate: args.rate.or(out.sample_rate()).unwrap_or(44_100),
    }
}

/// Writes the encoding `bytes` of `out` to `-o` or standard output.
pub(crate) fn emit(
    args: &FftArgs,
    format: Format,
    out: &Signal,
    bytes: &[u8],
) -> crate::Result<()> {
    note_flattened_rows(format, out.rows(), out.cols());
    match &args.output {
        None => crate::out::bytes(bytes),
        Some(path) => Ok(fft_io::write_file(path, bytes)?),
    }
}

/// Says on standard error that `rows` rows of `cols` values lose their shape in `format`
/// (all but `.npy` and WAV write them one after another).
pub(crate) fn note_flattened_rows(format: Format, rows: usize, cols: usize) {
    if rows > 1 && !matches!(format, Format::Npy | Format::Wav) {
        eprintln!(
            "oclfft: {rows} rows of {cols} values written one after another; write .npy to keep the shape"
        );
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
    report_check(
        args,
        "rustfft (f64)",
        result,
        &reference,
        tolerance(args.precision, job.len),
    )
}

/// Reports the errors of `result` against `reference` (computed by `oracle`); an error
/// when the relative L2 error exceeds `tolerance` or is NaN.
pub(crate) fn report_check(
    args: &FftArgs,
    oracle: &str,
    result: &[Complex64],
    reference: &[Complex64],
    tolerance: Tolerance,
) -> crate::Result<()> {
    let report = ErrorReport::compare(result, reference);
    let max_abs = fft_core::accuracy::max_abs_error(result, reference);
    let over = result
        .iter()
        .zip(reference)
        .filter(|(a, b)| (*a - *b).norm() > args.threshold)
        .count();
    eprintln!(
        "check against {oracle}: relative L2 error {:.3e}, max error {max_abs:.3e}, {over} of {} values differ by more than {:e}",
        report.relative_l2,
        result.len(),
        args.threshold
    );
    // A NaN error (from a NaN in the result or the reference) fails the check too.
    if report.relative_l2.is_nan() || report.relative_l2 > tolerance.relative_l2 {
        return Err(CliError::CheckFailed(format!(
            "the device result is off: relative L2 error {:.3e} exceeds the bound {:.3e}",
            report.relative_l2, tolerance.relative_l2
        )));
    }
    Ok(())
}

/// The accuracy bound of `--check` for `len` points: the model's `eps * sqrt(log2 N)` with
/// log2 N rounded up, three times wider for Bluestein's lengths (two transforms of the padded
/// length and two chirp products).
pub(crate) fn tolerance(precision: PrecisionArg, len: usize) -> Tolerance {
    let precision = match precision {
        PrecisionArg::F32 => fft_core::Precision::F32,
        PrecisionArg::F64 => fft_core::Precision::F64,
    };
    let log2 = len.max(1).next_power_of_two().trailing_zeros();
    let factor = match Algorithm::for_len(len.max(1)) {
        Algorithm::Bluestein { .. } => 3.0,
        _ => 1.0,
    };
    Tolerance::for_transform(precision, log2, factor)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bluestein_lengths_get_a_wider_bound() {
        let pow2 = tolerance(PrecisionArg::F32, 1024).relative_l2;
        let smooth = tolerance(PrecisionArg::F32, 1000).relative_l2;
        let prime = tolerance(PrecisionArg::F32, 1009).relative_l2;
        assert_eq!(pow2, smooth, "1000 rounds up to log2 10, as 1024");
        assert!(
            (prime / smooth - 3.0).abs() < 1e-12,
            "1009 also rounds up to 1024"
        );
    }
}
