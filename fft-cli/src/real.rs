//! `oclfft fft --real`: numpy's `rfft` (real signals in, half spectra of `N/2 + 1` values
//! out) and, with `--inverse --n N`, numpy's `irfft(n=N)` (half spectra in, `N` reals out),
//! on the library's real-to-complex and complex-to-real plans.

use crate::axes::Layout;
use crate::compute::{check_real_job, pad_rows, resize_note, run_c2r, run_r2c, Job};
use crate::exit::CliError;
use crate::transform::{emit, open_and_read, report_check, tolerance, write_options, FftArgs};
use fft_core::kernel::{half_spectrum_len, irfft_reference, rfft_reference};
use fft_io::txt::number_text;
use fft_io::{Format, Shape, Signal};
use fft_runtime::Direction;
use num_complex::Complex64;
use std::fmt::Write as _;

/// Why `--inverse --real` needs `--n`.
pub const MISSING_N: &str = "--inverse --real needs --n N, the number of reals per signal: a half spectrum of M values is that of N = 2M-2 (even) or N = 2M-1 (odd) reals, and only N tells which (as numpy's irfft(n=N))";

/// Runs `oclfft fft --real` (forward or, with `--inverse`, inverse).
pub fn run(args: &FftArgs, input_format: Format, output_format: Format) -> crate::Result<()> {
    if args.inverse {
        inverse(args, input_format, output_format)
    } else {
        forward(args, input_format, output_format)
    }
}

/// Why `--real` with `--axes 0,1` is refused.
pub const NO_2D: &str = "2-D real transforms: not yet; use complex input (drop --real: --axes 0,1 transforms real data as complex, giving the full spectrum)";

/// The layout of the real transforms of `args` on an input of `shape`: rows or columns
/// (`--axes`, `--batch-axis`); the 2-D transform is refused.
fn layout(args: &FftArgs, shape: Shape) -> crate::Result<Layout> {
    match crate::axes::resolve(args.axes.as_deref(), args.batch_axis, shape, &args.input)? {
        Layout::Both => Err(CliError::Input(NO_2D.into())),
        one => Ok(one),
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
    }
}

/// Real signals in, their half spectra out (numpy's `rfft(x, n=N)`).
fn forward(args: &FftArgs, input_format: Format, output_format: Format) -> crate::Result<()> {
    let job_for = |layout: Layout, shape: Shape| -> Job {
        let (points, batch) = layout.signal_shape(shape.rows, shape.cols);
        job(args, args.len.unwrap_or(points), batch, Direction::Forward)
    };
    let (queue, signal) = open_and_read(args, input_format, |queue, shape| {
        check_real_job(queue, job_for(layout(args, shape)?, shape))
    })?;
    check_real_input(args, &signal)?;

    let shape = signal.shape();
    let layout = layout(args, shape)?;
    let job = job_for(layout, shape);
    let sample_rate = signal.sample_rate();
    let signals = layout.signals_by_row(signal);
    let points = signals.cols();
    let input: Vec<f64> = pad_rows(signals.into_data(), points, job.len)
        .into_iter()
        .map(|v| v.re)
        .collect();
    let reference_input = args.check.then(|| input.clone());
    let result = run_r2c(&queue, job, input)?;
    let bins = half_spectrum_len(job.len);
    eprintln!(
        "oclfft: {} real signal(s) of {} points from {}{}, real forward ({bins} values of the half spectrum each) on {}",
        job.batch,
        points,
        input_format.name(),
        resize_note(points, job.len),
        queue.summary()
    );

    if let Some(input) = reference_input {
        let scale = job.normalization.scale(job.len, Direction::Forward);
        let reference: Vec<Complex64> = input
            .chunks(job.len)
            .flat_map(rfft_reference)
            .map(|v| v * scale)
            .collect();
        report_check(
            args,
            "the real-input DFT (f64)",
            &result,
            &reference,
            tolerance(args.precision, job.len),
        )?;
    }
    let by_row = Signal::new(job.batch, bins, result, true)
        .map_err(internal)?
        .with_sample_rate(sample_rate);
    let out = layout.restore(by_row, shape.ndim);
    let bytes = fft_io::encode(&out, output_format, write_options(args, &out))?;
    emit(args, output_format, &out, &bytes)
}

/// Half spectra in, `--n` reals per signal out (numpy's `irfft(X, n=N)`).
fn inverse(args: &FftArgs, input_format: Format, output_format: Format) -> crate::Result<()> {
    let len = args.len.ok_or_else(|| CliError::Input(MISSING_N.into()))?;
    let bins = half_spectrum_len(len);
    let job_for = |layout: Layout, shape: Shape| -> Job {
        let (_, batch) = layout.signal_shape(shape.rows, shape.cols);
        job(args, len, batch, Direction::Inverse)
    };
    let (queue, signal) = open_and_read(args, input_format, |queue, shape| {
        check_real_job(queue, job_for(layout(args, shape)?, shape))
    })?;

    let shape = signal.shape();
    let layout = layout(args, shape)?;
    let job = job_for(layout, shape);
    let sample_rate = signal.sample_rate();
    let signals = layout.signals_by_row(signal);
    let values = signals.cols();
    // numpy's irfft: each row is cut or zero-padded to N/2 + 1 values.
    let input = pad_rows(signals.into_data(), values, bins);
    let reference_input = args.check.then(|| input.clone());
    let result = run_c2r(&queue, job, input)?;
    eprintln!(
        "oclfft: {} half spectr{} of {} values from {}{}, real inverse to {len} points each on {}",
        job.batch,
        if job.batch == 1 { "um" } else { "a" },
        values,
        input_format.name(),
        resize_note(values, bins),
        queue.summary()
    );

    let result: Vec<Complex64> = result.into_iter().map(|v| Complex64::new(v, 0.0)).collect();
    if let Some(input) = reference_input {
        let scale = job.normalization.scale(len, Direction::Inverse);
        let reference: Vec<Complex64> = input
            .chunks(bins)
            .flat_map(|row| irfft_reference(row, len))
            .map(|v| Complex64::new(v * scale, 0.0))
            .collect();
        report_check(
            args,
            "the inverse real-input DFT (f64)",
            &result,
            &reference,
            tolerance(args.precision, len),
        )?;
    }
    let by_row = Signal::new(job.batch, len, result, false)
        .map_err(internal)?
        .with_sample_rate(sample_rate);
    let out = layout.restore(by_row, shape.ndim);
    let bytes = encode_real(&out, output_format, args)?;
    emit(args, output_format, &out, &bytes)
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
