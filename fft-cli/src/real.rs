//! `oclfft fft --real`: numpy's `rfft` (real signals in, half spectra of `N/2 + 1` values
//! out) and, with `--inverse --n N`, numpy's `irfft(n=N)` (half spectra in, `N` reals out),
//! on the library's real-to-complex and complex-to-real plans; with `--axes 0,1`, numpy's
//! `rfftn` and `irfftn(s=(rows, N))` of a 2-D array on its multi-dimensional real plans.

use crate::axes::Layout;
use crate::compute::{pad_rows, resize_note, run_c2r, run_r2c, Axes, Job};
use crate::exit::CliError;
use crate::fft_job::Prepared;
use crate::transform::{emit, open_and_read, write_options, FftArgs};
use fft_core::kernel::half_spectrum_len;
use fft_io::txt::number_text;
use fft_io::{Format, Shape, Signal};
use fft_runtime::{DeviceQueue, Direction};
use num_complex::Complex64;
use std::fmt::Write as _;

/// Why `--inverse --real` needs `--n`.
pub const MISSING_N: &str = "--inverse --real needs --n N, the number of reals per signal: a half spectrum of M values is that of N = 2M-2 (even) or N = 2M-1 (odd) reals, and only N tells which (as numpy's irfft(n=N))";

/// Runs `oclfft fft --real` (forward or, with `--inverse`, inverse), `prepared` by
/// [`crate::fft_job::prepare`].
pub fn run(args: &FftArgs, prepared: Prepared) -> crate::Result<()> {
    if args.inverse {
        inverse(args, prepared)
    } else {
        forward(args, prepared)
    }
}

/// `--n` of `--inverse --real`, or why it is needed.
pub(crate) fn inverse_len(args: &FftArgs) -> crate::Result<usize> {
    args.len.ok_or_else(|| CliError::Input(MISSING_N.into()))
}

/// The real transforms of `args` on an input of `shape`: the layout, the job (forward,
/// `--len` reals per signal, by default the signal's own; inverse, the `--n` reals out) and
/// what the plan transforms.
pub(crate) fn job_of(args: &FftArgs, shape: Shape) -> crate::Result<(Layout, Job, Axes)> {
    let layout = layout(args, shape)?;
    let (points, batch) = layout.signal_shape(shape.rows, shape.cols);
    let job = if args.inverse {
        job(args, inverse_len(args)?, batch, Direction::Inverse)
    } else {
        job(args, args.len.unwrap_or(points), batch, Direction::Forward)
    };
    Ok((layout, job, real_axes(layout)))
}

/// The layout of the real transforms of `args` on an input of `shape`: rows, columns or the
/// 2-D transform (`--axes`, `--batch-axis`). Forward, `--len` with `--axes 0,1` is refused
/// as for complex input; inverse, `--n` is the reals per row whatever the axes.
fn layout(args: &FftArgs, shape: Shape) -> crate::Result<Layout> {
    if args.inverse {
        crate::axes::resolve(args.axes.as_deref(), args.batch_axis, shape, &args.input)
    } else {
        crate::transform::layout(args, shape)
    }
}

/// What the real plan transforms once `layout`'s signals lie one per row: each row, or the
/// whole array.
fn real_axes(layout: Layout) -> Axes {
    match layout {
        Layout::Both => Axes::Both,
        Layout::Rows | Layout::Columns => Axes::Rows,
    }
}

/// The job of `batch` real transforms of `len` reals in `direction`.
fn job(args: &FftArgs, len: usize, batch: usize, direction: Direction) -> Job {
    Job {
        len,
        batch,
        direction,
        normalization: args.norm.into(),
        precision: args.precision,
        measure: args.measure,
    }
}

/// Real signals in, their half spectra out (numpy's `rfft(x, n=N)`).
fn forward(args: &FftArgs, prepared: Prepared) -> crate::Result<()> {
    let (input_format, output_format) = (prepared.input_format, prepared.output_format);
    let (queue, signal) = open_and_read(args, prepared)?;
    check_real_input(args, &signal)?;

    let shape = signal.shape();
    let (layout, job, axes) = job_of(args, shape)?;
    let sample_rate = signal.sample_rate();
    let signals = layout.signals_by_row(signal);
    let points = signals.cols();
    let input: Vec<f64> = pad_rows(signals.into_data(), points, job.len)
        .into_iter()
        .map(|v| v.re)
        .collect();
    let reference_input = args.check.then(|| input.clone());
    let result = run_r2c(&queue, job, axes, input)?;
    describe_forward(job, axes, points, input_format, &queue);
    if let Some(input) = reference_input {
        crate::real_check::forward(args, job, axes, &input, &result)?;
    }
    let by_row = Signal::new(job.batch, half_spectrum_len(job.len), result, true)
        .map_err(internal)?
        .with_sample_rate(sample_rate);
    let out = layout.restore(by_row, shape.ndim);
    let bytes = fft_io::encode(&out, output_format, write_options(args, &out))?;
    emit(args, output_format, &out, &bytes)
}

/// Half spectra in, `--n` reals per signal out (numpy's `irfft(X, n=N)`).
fn inverse(args: &FftArgs, prepared: Prepared) -> crate::Result<()> {
    let (input_format, output_format) = (prepared.input_format, prepared.output_format);
    let (queue, signal) = open_and_read(args, prepared)?;

    let shape = signal.shape();
    let (layout, job, axes) = job_of(args, shape)?;
    let (len, bins) = (job.len, half_spectrum_len(job.len));
    let sample_rate = signal.sample_rate();
    let signals = layout.signals_by_row(signal);
    let values = signals.cols();
    // numpy's irfft: each row is cut or zero-padded to N/2 + 1 values.
    let input = pad_rows(signals.into_data(), values, bins);
    let reference_input = args.check.then(|| input.clone());
    let result = run_c2r(&queue, job, axes, input)?;
    describe_inverse(job, axes, values, input_format, &queue);

    let result: Vec<Complex64> = result.into_iter().map(|v| Complex64::new(v, 0.0)).collect();
    if let Some(input) = reference_input {
        crate::real_check::inverse(args, job, axes, &input, &result)?;
    }
    let by_row = Signal::new(job.batch, len, result, false)
        .map_err(internal)?
        .with_sample_rate(sample_rate);
    let out = layout.restore(by_row, shape.ndim);
    let bytes = encode_real(&out, output_format, args)?;
    emit(args, output_format, &out, &bytes)
}

/// Says on stderr what the forward `job` over `axes` did with signals of `points` reals read
/// as `format`.
fn describe_forward(job: Job, axes: Axes, points: usize, format: Format, queue: &DeviceQueue) {
    let (len, rows, bins) = (job.len, job.batch, half_spectrum_len(job.len));
    let from = format!("{}{}", format.name(), resize_note(points, len));
    match axes {
        Axes::Rows => eprintln!(
            "oclfft: {rows} real signal(s) of {points} points from {from}, real forward ({bins} values of the half spectrum each) on {}",
            queue.summary()
        ),
        Axes::Both => eprintln!(
            "oclfft: array of {rows} x {points} reals from {from}, 2-D real forward (axes 0 and 1: {rows} x {bins} values of the half spectrum) on {}",
            queue.summary()
        ),
    }
}

/// Says on stderr what the inverse `job` over `axes` did with half spectra of `values`
/// values read as `format`.
fn describe_inverse(job: Job, axes: Axes, values: usize, format: Format, queue: &DeviceQueue) {
    let (len, rows) = (job.len, job.batch);
    let from = format!(
        "{}{}",
        format.name(),
        resize_note(values, half_spectrum_len(len))
    );
    match axes {
        Axes::Rows => eprintln!(
            "oclfft: {rows} half spectr{} of {values} values from {from}, real inverse to {len} points each on {}",
            if rows == 1 { "um" } else { "a" },
            queue.summary()
        ),
        Axes::Both => eprintln!(
            "oclfft: half spectrum array of {rows} x {values} values from {from}, 2-D real inverse (axes 0 and 1) to {rows} x {len} reals on {}",
            queue.summary()
        ),
    }
}

fn internal(e: fft_io::ShapeError) -> CliError {
    CliError::Input(format!("internal: the device returned {e}"))
}

/// An error unless every value of `signal` is real (a complex file whose imaginary parts are
/// all zero is real).
fn check_real_input(args: &FftArgs, signal: &Signal) -> crate::Result<()> {
    if !signal.is_complex() {
        return Ok(());
    }
    match signal.data().iter().position(|v| v.im != 0.0) {
        None => Ok(()),
        Some(i) => {
            let cols = signal.cols().max(1);
            Err(CliError::Input(format!(
                "{} holds complex values ({} at row {}, column {}), but --real takes real signals (one column of text or CSV, a WAV, a float .npy): drop --real to transform complex data",
                args.input.display(),
                signal.data()[i],
                i / cols,
                i % cols
            )))
        }
    }
}

/// Encodes the real values of `out` (its imaginary parts are zero): text as one value per
/// line, CSV as one column under a `value` header, `.npy` as float32 (float64 with
/// `--precision f64`); WAV as usual; raw `.c64`/`.c128` files, complex by definition, with
/// zero imaginary parts.
fn encode_real(out: &Signal, format: Format, args: &FftArgs) -> crate::Result<Vec<u8>> {
    let options = write_options(args, out);
    Ok(match format {
        Format::Txt => real_txt(out).into_bytes(),
        Format::Csv => real_csv(out).into_bytes(),
        Format::Npy => real_npy(out, options.double),
        Format::Wav | Format::C64 | Format::C128 => fft_io::encode(out, format, options)?,
    })
}

/// One value per line; a `# row R` comment before each row of a 2-D result.
fn real_txt(out: &Signal) -> String {
    let mut text = String::with_capacity(out.data().len() * 24);
    for r in 0..out.rows() {
        if out.rows() > 1 {
            let _ = writeln!(text, "# row {r}");
        }
        for v in out.row_values(r).unwrap_or_default() {
            let _ = writeln!(text, "{}", number_text(v.re));
        }
    }
    text
}

/// A `value` header, then one value per line (rows one after another).
fn real_csv(out: &Signal) -> String {
    let mut text = String::with_capacity(out.data().len() * 24 + 6);
    text.push_str("value\n");
    for v in out.data() {
        let _ = writeln!(text, "{}", number_text(v.re));
    }
    text
}

/// A C-order little-endian float32 (float64 when `double`) array of `out`'s shape.
fn real_npy(out: &Signal, double: bool) -> Vec<u8> {
    fft_io::npy::encode_real(out, double)
}

#[cfg(test)]
mod tests {
    use super::*;
    use fft_io::ReadOptions;
    use std::path::Path;

    fn reals(rows: usize, cols: usize) -> Signal {
        let data = (0..rows * cols)
            .map(|i| Complex64::new(i as f64 * 0.5 - 1.0, 0.0))
            .collect();
        Signal::new(rows, cols, data, false).unwrap()
    }

    fn decode(bytes: &[u8], format: Format) -> Signal {
        fft_io::decode(Path::new("x"), bytes, format, ReadOptions::default())
            .unwrap()
            .signal
    }

    #[test]
    fn real_output_reads_back_as_the_same_real_values() {
        for (rows, cols) in [(1, 5), (3, 4)] {
            let out = reals(rows, cols);
            for double in [false, true] {
                let back = decode(&real_npy(&out, double), Format::Npy);
                assert_eq!(back, out, "npy {rows}x{cols} double {double}");
            }
            // Text and CSV keep the values, row after row.
            for (bytes, format) in [(real_txt(&out), Format::Txt), (real_csv(&out), Format::Csv)] {
                let back = decode(bytes.as_bytes(), format);
                assert!(!back.is_complex(), "{format:?}");
                assert_eq!(back.data(), out.data(), "{format:?} {rows}x{cols}");
            }
        }
        assert_eq!(real_txt(&reals(1, 2)), "-1\n-0.5\n");
        assert_eq!(real_txt(&reals(2, 1)), "# row 0\n-1\n# row 1\n-0.5\n");
        assert_eq!(real_csv(&reals(1, 2)), "value\n-1\n-0.5\n");
    }
}
