//! Running a batch of transforms on the device, shared by `fft` and `spectrum`: opening the
//! queue, padding or truncating signals to the requested length (numpy's `n=`), the precision
//! dispatch, and the checks that no value overflows the precision on the way in or out.
//! Complex transforms run through [`run_job`], real ones (numpy's `rfft` and `irfft` of each
//! row, or `rfftn` and `irfftn` of the whole array: [`Axes`]) through [`run_r2c`] and
//! [`run_c2r`].

use crate::exit::CliError;
use clap::ValueEnum;
use fft_core::kernel::half_spectrum_len;
use fft_io::txt::number_text;
use fft_runtime::ocl::OclPrm;
use fft_runtime::{
    complex_from_f64, complex_to_f64, ComplexToReal, DeviceQueue, DeviceSelector, Direction, Fft,
    FftBuilder, FftFloat, Normalization, RealToComplex,
};
use num_complex::{Complex, Complex64};
use std::fmt::Display;

/// Precision of the device transform.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum PrecisionArg {
    /// 32-bit floats.
    F32,
    /// 64-bit floats (needs cl_khr_fp64).
    F64,
}

impl PrecisionArg {
    /// The name on the command line.
    fn name(self) -> &'static str {
        match self {
            PrecisionArg::F32 => "f32",
            PrecisionArg::F64 => "f64",
        }
    }
}

/// Opens the device named by `--device` (default: `$OCLFFT_DEVICE`, else the first GPU,
/// else a CPU), with the options the `OCLFFT_*` variables set.
pub fn open_queue(device: Option<&str>) -> crate::Result<DeviceQueue> {
    Ok(DeviceQueue::from_env_with_device(
        device.map(DeviceSelector::parse),
    )?)
}

/// Parses the `--len N` value of `fft` and `spectrum`: a number of points, at least 1.
pub fn parse_len(text: &str) -> Result<usize, String> {
    let len: usize = text.trim().parse().map_err(|_| {
        format!("'{text}' is not a number of points: pass a whole number of at least 1")
    })?;
    if len == 0 {
        return Err(
            "a transform of length 0 has nothing to compute: pass a length of at least 1".into(),
        );
    }
    Ok(len)
}

/// Rows of `cols` values as rows of exactly `len` values, as numpy's `n=`: each row is
/// zero-padded when `len > cols` and truncated when `len < cols`; `data` itself (no copy)
/// when `len == cols`.
pub fn pad_rows(data: Vec<Complex64>, cols: usize, len: usize) -> Vec<Complex64> {
    if len == cols {
        return data;
    }
    let rows = data.len() / cols.max(1);
    let mut out = Vec::with_capacity(rows * len);
    for row in data.chunks(cols.max(1)) {
        let keep = row.len().min(len);
        out.extend_from_slice(&row[..keep]);
        out.resize(out.len() + len - keep, Complex64::new(0.0, 0.0));
    }
    out
}

/// How `len` points were made from `points` samples, for the messages: empty when they are
/// the same, else ", zero-padded to N" or ", truncated to N".
pub fn resize_note(points: usize, len: usize) -> String {
    match len.cmp(&points) {
        std::cmp::Ordering::Equal => String::new(),
        std::cmp::Ordering::Greater => format!(", zero-padded to {len}"),
        std::cmp::Ordering::Less => format!(", truncated to {len}"),
    }
}

/// What to compute: `batch` transforms of `len` points.
#[derive(Clone, Copy, Debug)]
pub struct Job {
    /// Points per transform.
    pub len: usize,
    /// Number of transforms.
    pub batch: usize,
    /// Forward or inverse.
    pub direction: Direction,
    /// Scaling convention.
    pub normalization: Normalization,
    /// Device precision.
    pub precision: PrecisionArg,
    /// Measure mode: time the candidate decompositions and plan the fastest.
    pub measure: bool,
}

/// What a job transforms of its `batch` rows of `len` values (reals, or their half spectra,
/// for a real job).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axes {
    /// Each row on its own: numpy's `fft`, `rfft` and `irfft(n=len)`, scaled over `len`
    /// points.
    Rows,
    /// The `batch` x `len` array as one 2-D transform: numpy's `fftn`, `rfftn` and
    /// `irfftn(s=(batch, len))`, scaled over all `batch * len` points.
    Both,
}

/// Builds the plan of `job` without running it: checks the length, the device's
/// allocation limit and fp64 support before any data is read.
pub fn check_job(queue: &DeviceQueue, job: Job) -> crate::Result<()> {
    check_job_over(queue, job, Axes::Rows)
}

/// [`check_job`] of `job` over `axes`.
pub fn check_job_over(queue: &DeviceQueue, job: Job, axes: Axes) -> crate::Result<()> {
    // The check only plans: measure mode times the plan that runs.
    let job = Job {
        measure: false,
        ..job
    };
    match job.precision {
        PrecisionArg::F32 => plan::<f32>(queue, job, axes).map(drop),
        PrecisionArg::F64 => plan::<f64>(queue, job, axes).map(drop),
    }
}

/// Runs `job` on `data` (`len * batch` values, row after row).
///
/// A finite input value beyond the range of the precision, or a non-finite result from
/// finite input, is an error rather than `inf` in the output. `data` is dropped as soon as
/// it is converted to the device precision, so it and the result are never held together.
pub fn run_job(
    queue: &DeviceQueue,
    job: Job,
    data: Vec<Complex64>,
) -> crate::Result<Vec<Complex64>> {
    run_job_over(queue, job, Axes::Rows, data)
}

/// [`run_job`] of `job` over `axes` (the 2-D transform of the `batch` x `len` array for
/// [`Axes::Both`]).
pub fn run_job_over(
    queue: &DeviceQueue,
    job: Job,
    axes: Axes,
    data: Vec<Complex64>,
) -> crate::Result<Vec<Complex64>> {
    if matches!(job.precision, PrecisionArg::F32) {
        check_fits_f32(&data, |v| [v.re, v.im], job.len)?;
    }
    let input_finite = data.iter().all(is_finite);
    let result = match job.precision {
        PrecisionArg::F32 => run::<f32>(queue, job, axes, data)?,
        PrecisionArg::F64 => run::<f64>(queue, job, axes, data)?,
    };
    check_result(
        input_finite,
        &result,
        is_finite,
        job.precision,
        (job.len, 0),
        "bin",
    )?;
    Ok(result)
}

/// Builds the real plan of `job` over `axes` without running it (a real-to-complex plan for
/// a forward job, complex-to-real for an inverse one): checks the lengths, the device's
/// allocation limit and fp64 support before any data is read.
pub fn check_real_job(queue: &DeviceQueue, job: Job, axes: Axes) -> crate::Result<()> {
    let job = Job {
        measure: false,
        ..job
    };
    match (job.precision, job.direction) {
        (PrecisionArg::F32, Direction::Forward) => r2c_plan::<f32>(queue, job, axes).map(drop),
        (PrecisionArg::F64, Direction::Forward) => r2c_plan::<f64>(queue, job, axes).map(drop),
        (PrecisionArg::F32, Direction::Inverse) => c2r_plan::<f32>(queue, job, axes).map(drop),
        (PrecisionArg::F64, Direction::Inverse) => c2r_plan::<f64>(queue, job, axes).map(drop),
    }
}

/// Runs the real-to-complex transform of `job` (forward) over `axes` on `data` (`len *
/// batch` reals, row after row) and returns the half spectra: `batch` rows of `len / 2 + 1`
/// values (numpy's `rfft` of each row, or `rfftn` of the array). Range and overflow checks as
/// [`run_job`].
pub fn run_r2c(
    queue: &DeviceQueue,
    job: Job,
    axes: Axes,
    data: Vec<f64>,
) -> crate::Result<Vec<Complex64>> {
    if matches!(job.precision, PrecisionArg::F32) {
        check_fits_f32(&data, |v| [v, 0.0], job.len)?;
    }
    let input_finite = data.iter().all(|v| v.is_finite());
    let result = match job.precision {
        PrecisionArg::F32 => r2c::<f32>(queue, job, axes, data)?,
        PrecisionArg::F64 => r2c::<f64>(queue, job, axes, data)?,
    };
    check_result(
        input_finite,
        &result,
        is_finite,
        job.precision,
        (half_spectrum_len(job.len), 0),
        "bin",
    )?;
    Ok(result)
}

/// Runs the complex-to-real transform of `job` (inverse) over `axes` on `data` (`batch`
/// half spectra of `len / 2 + 1` values, row after row) and returns `batch` rows of `len`
/// reals (numpy's `irfft(n=len)` of each row, or `irfftn(s=(batch, len))` of the array).
/// Range and overflow checks as [`run_job`].
pub fn run_c2r(
    queue: &DeviceQueue,
    job: Job,
    axes: Axes,
    data: Vec<Complex64>,
) -> crate::Result<Vec<f64>> {
    if matches!(job.precision, PrecisionArg::F32) {
        check_fits_f32(&data, |v| [v.re, v.im], half_spectrum_len(job.len))?;
    }
    let input_finite = data.iter().all(is_finite);
    let result = match job.precision {
        PrecisionArg::F32 => c2r::<f32>(queue, job, axes, data)?,
        PrecisionArg::F64 => c2r::<f64>(queue, job, axes, data)?,
    };
    check_result(
        input_finite,
        &result,
        |v| v.is_finite(),
        job.precision,
        (job.len, 0),
        "point",
    )?;
    Ok(result)
}

fn is_finite(v: &Complex64) -> bool {
    v.re.is_finite() && v.im.is_finite()
}

/// Rejects the first finite value of `data` (rows of `row_len`) that f32 cannot hold;
/// `parts` gives a value's real and imaginary parts.
pub(crate) fn check_fits_f32<V: Copy>(
    data: &[V],
    parts: impl Fn(V) -> [f64; 2],
    row_len: usize,
) -> crate::Result<()> {
    let too_big = |v: V| {
        let [re, im] = parts(v);
        exceeds_f32(Complex64::new(re, im))
    };
    match data.iter().position(|&v| too_big(v)) {
        None => Ok(()),
        Some(i) => Err(beyond_f32(
            parts(data[i]),
            i / row_len.max(1),
            i % row_len.max(1),
        )),
    }
}

/// True when `value` is finite and f32 cannot hold its real or imaginary part.
pub(crate) fn exceeds_f32(value: Complex64) -> bool {
    let max = f64::from(f32::MAX);
    [value.re, value.im]
        .into_iter()
        .any(|x| x.is_finite() && x.abs() > max)
}

/// The error for the input value `[re, im]` at `row` and `column` that f32 cannot hold
/// (the value written as text would write it: `1e300`, `1e300-2e-3i`).
pub(crate) fn beyond_f32([re, im]: [f64; 2], row: usize, column: usize) -> CliError {
    let value = match im {
        0.0 => number_text(re),
        _ => format!(
            "{}{}{}i",
            number_text(re),
            if im < 0.0 { '-' } else { '+' },
            number_text(im.abs())
        ),
    };
    CliError::Input(format!(
        "input value {value} (row {row}, column {column}) is beyond the range of f32 (largest {:e}): pass --precision f64",
        f32::MAX
    ))
}

/// Rejects a result (rows of `row_len` from row `first_row` on, each value a `what`) in
/// `precision` that holds NaN or infinity when the input held neither.
pub(crate) fn check_result<V: Display>(
    input_finite: bool,
    result: &[V],
    finite: impl Fn(&V) -> bool,
    precision: PrecisionArg,
    (row_len, first_row): (usize, usize),
    what: &str,
) -> crate::Result<()> {
    if !input_finite {
        // --allow-nonfinite: NaN and infinity in, NaN and infinity out, as asked.
        return Ok(());
    }
    match result.iter().position(|v| !finite(v)) {
        None => Ok(()),
        Some(i) => Err(CliError::Input(format!(
            "the result overflows {} at row {}, {what} {} ({}): {}",
            precision.name(),
            first_row + i / row_len.max(1),
            i % row_len.max(1),
            result[i],
            match precision {
                PrecisionArg::F32 => "pass --precision f64, or scale the input down",
                PrecisionArg::F64 => "scale the input down",
            }
        ))),
    }
}

/// The complex plan of `job` over `axes`.
pub fn plan<T: FftFloat>(queue: &DeviceQueue, job: Job, axes: Axes) -> crate::Result<Fft<T>>
where
    Complex<T>: OclPrm,
{
    let plan = builder::<T>(queue, job, axes)
        .direction(job.direction)
        .build()?;
    warn_unsaved_tuning(plan.measurement());
    Ok(plan)
}

/// Says on standard error when measure mode could not save its choice (the transform is
/// right either way; the next run measures again).
fn warn_unsaved_tuning(measurement: Option<&fft_runtime::Measurement>) {
    if let Some(warning) = measurement.and_then(|m| m.warning.as_ref()) {
        eprintln!("oclfft: measure mode's choice was not saved: {warning}");
    }
}

fn run<T: FftFloat>(
    queue: &DeviceQueue,
    job: Job,
    axes: Axes,
    data: Vec<Complex64>,
) -> crate::Result<Vec<Complex64>>
where
    Complex<T>: OclPrm,
{
    let plan = plan::<T>(queue, job, axes)?;
    let mut values: Vec<Complex<T>> = data.iter().map(|&v| complex_from_f64(v)).collect();
    drop(data);
    plan.process(&mut values)?;
    Ok(values.into_iter().map(complex_to_f64).collect())
}

/// The builder of a plan of `job` over `axes`: a batch of rows of `len` values, or one
/// `batch` x `len` array (for a real plan, the last axis real).
fn builder<T: FftFloat>(queue: &DeviceQueue, job: Job, axes: Axes) -> FftBuilder<'_, T>
where
    Complex<T>: OclPrm,
{
    // A command transforms once and exits, which waits for every compile anyway: quick
    // start's stand-in passes would only add their own compile (measured on the H100: 1.7-1.9 s
    // against 0.9-1.2 s for `oclfft fft examples/input.txt --check`, cold).
    let builder = Fft::<T>::builder(queue)
        .normalization(job.normalization)
        .measure(job.measure)
        .quick_start(false);
    match axes {
        Axes::Rows => builder.len(job.len).batch(job.batch),
        Axes::Both => builder.shape(&[job.batch, job.len]),
    }
}

fn r2c_plan<T: FftFloat>(
    queue: &DeviceQueue,
    job: Job,
    axes: Axes,
) -> crate::Result<RealToComplex<T>>
where
    Complex<T>: OclPrm,
{
    let plan = builder::<T>(queue, job, axes).build_r2c()?;
    warn_unsaved_tuning(plan.measurement());
    Ok(plan)
}

fn c2r_plan<T: FftFloat>(
    queue: &DeviceQueue,
    job: Job,
    axes: Axes,
) -> crate::Result<ComplexToReal<T>>
where
    Complex<T>: OclPrm,
{
    let plan = builder::<T>(queue, job, axes).build_c2r()?;
    warn_unsaved_tuning(plan.measurement());
    Ok(plan)
}

fn r2c<T: FftFloat>(
    queue: &DeviceQueue,
    job: Job,
    axes: Axes,
    data: Vec<f64>,
) -> crate::Result<Vec<Complex64>>
where
    Complex<T>: OclPrm,
{
    let plan = r2c_plan::<T>(queue, job, axes)?;
    let values: Vec<T> = data.iter().map(|&v| T::from_f64(v)).collect();
    drop(data);
    let spectrum = plan.process(&values)?;
    drop(values);
    Ok(spectrum.into_iter().map(complex_to_f64).collect())
}

fn c2r<T: FftFloat>(
    queue: &DeviceQueue,
    job: Job,
    axes: Axes,
    data: Vec<Complex64>,
) -> crate::Result<Vec<f64>>
where
    Complex<T>: OclPrm,
{
    let plan = c2r_plan::<T>(queue, job, axes)?;
    let values: Vec<Complex<T>> = data.iter().map(|&v| complex_from_f64(v)).collect();
    drop(data);
    let reals = plan.process(&values)?;
    drop(values);
    Ok(reals.into_iter().map(Into::into).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_parse_or_explain() {
        assert_eq!(parse_len("1000"), Ok(1000));
        assert_eq!(parse_len("1"), Ok(1));
        let zero = parse_len("0").unwrap_err();
        assert!(
            zero.contains("length 0") && zero.contains("at least 1"),
            "{zero}"
        );
        let word = parse_len("many").unwrap_err();
        assert!(word.contains("'many' is not a number"), "{word}");
        assert!(parse_len("-3").is_err());
    }

    #[test]
    fn resizing_is_described() {
        assert_eq!(resize_note(1000, 1000), "");
        assert_eq!(resize_note(1000, 1024), ", zero-padded to 1024");
        assert_eq!(resize_note(1000, 500), ", truncated to 500");
    }

    #[test]
    fn rows_are_padded_separately() {
        let one = Complex64::new(1.0, 0.0);
        let padded = pad_rows(vec![one; 6], 3, 4);
        assert_eq!(padded.len(), 8);
        assert_eq!(padded[3], Complex64::new(0.0, 0.0));
        assert_eq!(padded[4], one);
        // Shorter rows are truncated, each on its own.
        let values: Vec<Complex64> = (0..6).map(|i| Complex64::new(f64::from(i), 0.0)).collect();
        let cut = pad_rows(values, 3, 2);
        let re: Vec<f64> = cut.iter().map(|v| v.re).collect();
        assert_eq!(re, [0.0, 1.0, 3.0, 4.0]);
        // No padding, no copy.
        let data = vec![one; 6];
        let at = data.as_ptr();
        let same = pad_rows(data, 3, 3);
        assert_eq!(same.as_ptr(), at);
    }
}
