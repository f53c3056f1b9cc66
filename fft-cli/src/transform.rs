//! `oclfft fft INPUT`: transform a file of real samples on the device.

use crate::exit::CliError;
use crate::input::read_samples;
use clap::{Args, ValueEnum};
use fft_core::accuracy::{ErrorReport, Tolerance};
use fft_runtime::ocl::OclPrm;
use fft_runtime::{
    complex_from_f64, complex_to_f64, DeviceQueue, DeviceSelector, Direction, Fft, FftFloat,
};
use num_complex::{Complex, Complex64};
use rustfft::FftPlanner;
use std::path::PathBuf;

/// Precision of the device transform.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum PrecisionArg {
    /// 32-bit floats.
    F32,
    /// 64-bit floats (needs cl_khr_fp64).
    F64,
}

/// Options of `oclfft fft`.
#[derive(Args)]
pub struct FftArgs {
    /// Text file with one real sample per line (`#` starts a comment).
    pub input: PathBuf,
    /// Write the spectrum here (`k re im` per line) instead of standard output.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Inverse transform instead of forward.
    #[arg(long)]
    pub inverse: bool,
    /// Precision on the device.
    #[arg(long, value_enum, default_value = "f32")]
    pub precision: PrecisionArg,
    /// Device: an index or name substring from `oclfft devices` (default: $OCLFFT_DEVICE, else the first GPU, else CPU).
    #[arg(long)]
    pub device: Option<String>,
    /// Also compute a CPU reference (rustfft, f64) and report the errors.
    #[arg(long)]
    pub check: bool,
    /// With --check: count the values whose error exceeds this.
    #[arg(long, default_value_t = 1e-4)]
    pub threshold: f64,
}

/// Runs the command.
pub fn run(args: &FftArgs) -> crate::Result<()> {
    let samples = read_samples(&args.input)?;
    let len = samples.len().max(2).next_power_of_two();
    let mut signal: Vec<Complex64> = samples.iter().map(|&v| Complex64::new(v, 0.0)).collect();
    signal.resize(len, Complex64::new(0.0, 0.0));
    let selector = args
        .device
        .as_deref()
        .map(DeviceSelector::parse)
        .unwrap_or_default();
    let queue = DeviceQueue::new(&selector)?;
    let direction = if args.inverse {
        Direction::Inverse
    } else {
        Direction::Forward
    };
    let spectrum = match args.precision {
        PrecisionArg::F32 => transform::<f32>(&queue, &signal, direction)?,
        PrecisionArg::F64 => transform::<f64>(&queue, &signal, direction)?,
    };
    eprintln!(
        "oclfft: {} samples zero-padded to {len}, {direction} on {}",
        samples.len(),
        queue.summary()
    );
    write_spectrum(args.output.as_ref(), &spectrum)?;
    if args.check {
        check(args, &signal, &spectrum, direction)?;
    }
    Ok(())
}

fn transform<T: FftFloat>(
    queue: &DeviceQueue,
    signal: &[Complex64],
    direction: Direction,
) -> crate::Result<Vec<Complex64>>
where
    Complex<T>: OclPrm,
{
    let plan = Fft::<T>::builder(queue)
        .len(signal.len())
        .direction(direction)
        .build()?;
    let mut data: Vec<_> = signal.iter().map(|&v| complex_from_f64::<T>(v)).collect();
    plan.process(&mut data)?;
    Ok(data.into_iter().map(complex_to_f64).collect())
}

fn write_spectrum(path: Option<&PathBuf>, spectrum: &[Complex64]) -> crate::Result<()> {
    let mut text = String::with_capacity(spectrum.len() * 40);
    for (k, v) in spectrum.iter().enumerate() {
        text.push_str(&format!("{k} {} {}\n", v.re, v.im));
    }
    match path {
        None => crate::out::text(&text),
        Some(path) => {
            // Write beside the target, then rename: never a half-written output file.
            let tmp = path.with_extension("oclfft-partial");
            std::fs::write(&tmp, text)
                .and_then(|()| std::fs::rename(&tmp, path))
                .map_err(|e| {
                    let _ = std::fs::remove_file(&tmp);
                    CliError::Input(format!("cannot write {}: {e}", path.display()))
                })
        }
    }
}

fn check(
    args: &FftArgs,
    signal: &[Complex64],
    spectrum: &[Complex64],
    direction: Direction,
) -> crate::Result<()> {
    let mut reference = signal.to_vec();
    let mut planner = FftPlanner::<f64>::new();
    let cpu = match direction {
        Direction::Forward => planner.plan_fft_forward(reference.len()),
        Direction::Inverse => planner.plan_fft_inverse(reference.len()),
    };
    cpu.process(&mut reference);
    let report = ErrorReport::compare(spectrum, &reference);
    let max_abs = fft_core::accuracy::max_abs_error(spectrum, &reference);
    let over = spectrum
        .iter()
        .zip(&reference)
        .filter(|(a, b)| (*a - *b).norm() > args.threshold)
        .count();
    eprintln!(
        "check against rustfft (f64): relative L2 error {:.3e}, max error {max_abs:.3e}, {over} of {} values differ by more than {:e}",
        report.relative_l2,
        spectrum.len(),
        args.threshold
    );
    let precision = match args.precision {
        PrecisionArg::F32 => fft_core::Precision::F32,
        PrecisionArg::F64 => fft_core::Precision::F64,
    };
    let tolerance = Tolerance::for_transform(precision, spectrum.len().trailing_zeros(), 1.0);
    if report.relative_l2 > tolerance.relative_l2 {
        return Err(CliError::CheckFailed(format!(
            "the device result is off: relative L2 error {:.3e} exceeds the bound {:.3e}",
            report.relative_l2, tolerance.relative_l2
        )));
    }
    Ok(())
}
