//! `oclfft spectrum photo.png -o spec.png`: the 2-D magnitude spectrum of an image, as an
//! image of the same size.
//!
//! The PNG is read as luminance (`fft_io::png`), transformed in 2-D on the device, and each
//! bin's 20 log10 |X| is drawn centred (numpy's `fftshift` on both axes: zero frequency at
//! row `rows/2`, column `cols/2`) as an 8-bit grayscale PNG, mapped linearly from
//! `max - --db-range` dB (black) to the strongest bin's `max` dB (white).

use crate::compute::{open_queue, PrecisionArg};
use crate::exit::CliError;
use crate::fft2::{check_2d, fft_2d, Job2d};
use crate::spectrum::{SpectrumArgs, Window};
use fft_runtime::ocl::OclPrm;
use fft_runtime::{fftshift_2d, DeviceQueue, Direction, FftFloat, Normalization};
use num_complex::Complex;
use std::path::Path;

/// True when `spectrum` is given an image (a `.png` INPUT).
pub fn is_image(input: &Path) -> bool {
    fft_io::lowercase_extension(input) == "png"
}

/// The 2-D transform of `oclfft spectrum IMAGE.png`: the options checked, the image's size
/// from its header.
pub fn job(args: &SpectrumArgs) -> crate::Result<Job2d> {
    check_options(args)?;
    let (rows, cols) = fft_io::png::probe(&args.input)?;
    Ok(Job2d {
        rows,
        cols,
        direction: Direction::Forward,
        normalization: Normalization::None,
        precision: args.precision,
    })
}

/// Runs `oclfft spectrum IMAGE.png -o SPECTRUM.png`: the 2-D transform `job` (from [`job`]).
pub fn run(args: &SpectrumArgs, job: Job2d) -> crate::Result<()> {
    let Job2d { rows, cols, .. } = job;
    let queue = open_queue(args.device.as_deref())?;
    check_2d(&queue, job).map_err(|e| too_large(&args.input, rows, cols, e))?;
    let image = fft_io::png::read(&args.input)?;
    let mut db = match args.precision {
        PrecisionArg::F32 => decibels::<f32>(&queue, job, image.into_data())?,
        PrecisionArg::F64 => decibels::<f64>(&queue, job, image.into_data())?,
    };
    if let Some(i) = db.iter().position(|v| v.is_nan()) {
        return Err(CliError::Input(format!(
            "the spectrum of {} is not a number at row {}, column {}: nothing to draw",
            args.input.display(),
            i / cols,
            i % cols
        )));
    }
    fftshift_2d(&mut db, cols).map_err(|e| CliError::Input(format!("internal: {e}")))?;
    let peak = db.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let pixels = gray_levels(&db, peak, args.db_range as f32);
    let png = fft_io::png::encode_gray8(rows, cols, &pixels)?;
    fft_io::write_file(&args.output, &png)?;
    eprintln!(
        "oclfft: image of {cols} x {rows} pixels, 2-D spectrum on {}: {}; wrote {}",
        queue.summary(),
        if peak.is_finite() {
            format!(
                "white is {peak:.1} dB, black {:.1} dB and below",
                peak - args.db_range as f32
            )
        } else {
            "the image is black, its spectrum zero everywhere".to_string()
        },
        args.output.display()
    );
    Ok(())
}

/// Refuses the options of a signal's spectrum that mean nothing for an image, and an output
/// that is not a PNG.
fn check_options(args: &SpectrumArgs) -> crate::Result<()> {
    if fft_io::lowercase_extension(&args.output) != "png" {
        return Err(CliError::Input(format!(
            "{}: the spectrum of an image is an image of the same size: name a .png output",
            args.output.display()
        )));
    }
    let unused = [
        (args.rate.is_some(), "--rate"),
        (args.window != Window::None, "--window"),
        (args.channel != 0, "--channel"),
        (args.len.is_some(), "--len"),
        (args.format.is_some(), "--format"),
    ];
    if let Some((_, option)) = unused.iter().find(|(given, _)| *given) {
        return Err(CliError::Input(format!(
            "{option} applies to the spectrum of a signal, not of an image ({}): drop it",
            args.input.display()
        )));
    }
    crate::spectrum::check_db_range(args.db_range)
}

/// The library's refusal of a `rows` x `cols` transform, with the image named: beyond the
/// points a plan can index (exit 2, as any length the planner refuses) or beyond the device's
/// allocation limit (exit 1, as for any data).
fn too_large(input: &Path, rows: usize, cols: usize, e: CliError) -> CliError {
    let what = format!(
        "{} is {cols} x {rows} pixels, too large for one 2-D transform on this device ({e}): scale the image down",
        input.display()
    );
    match e {
        CliError::Input(_) => CliError::Input(what),
        CliError::Runtime(
            fft_runtime::Error::AllocationTooLarge { .. }
            | fft_runtime::Error::TooManyPoints { .. },
        ) => CliError::Device(what),
        other => other,
    }
}

/// 20 log10 |X| of each bin of the 2-D transform of `luminance` (row-major, `job`'s shape),
/// computed in `T` on `queue`; -inf for a zero bin.
fn decibels<T: FftFloat>(
    queue: &DeviceQueue,
    job: Job2d,
    luminance: Vec<f32>,
) -> crate::Result<Vec<f32>>
where
    Complex<T>: OclPrm,
{
    let values: Vec<Complex<T>> = luminance
        .iter()
        .map(|&v| Complex::new(T::from_f64(f64::from(v)), T::from_f64(0.0)))
        .collect();
    drop(luminance);
    let spectrum = fft_2d(queue, job, values)?;
    Ok(spectrum
        .into_iter()
        .map(|v| {
            let (re, im): (f64, f64) = (v.re.into(), v.im.into());
            (20.0 * re.hypot(im).log10()) as f32
        })
        .collect())
}

/// 8-bit gray levels of `db`: `peak` dB is 255, `peak - range` dB and below 0, linear
/// between (rounded). All black when `peak` is not finite (a zero spectrum).
fn gray_levels(db: &[f32], peak: f32, range: f32) -> Vec<u8> {
    if !peak.is_finite() {
        return vec![0; db.len()];
    }
    let floor = peak - range;
    db.iter()
        .map(|&v| {
            let level = ((v - floor) / range * 255.0).round();
            // -inf (a zero bin) and anything below the floor are black.
            level.clamp(0.0, 255.0) as u8
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decibels_map_linearly_from_the_floor_to_the_peak() {
        let db = [0.0, -60.0, -120.0, -200.0, f32::NEG_INFINITY, -30.0];
        assert_eq!(gray_levels(&db, 0.0, 120.0), [255, 128, 0, 0, 0, 191]);
        // A 60 dB range: -60 dB is already black.
        assert_eq!(gray_levels(&db[..2], 0.0, 60.0), [255, 0]);
        // Relative to the peak, wherever it is.
        assert_eq!(gray_levels(&[40.0, 10.0], 40.0, 60.0), [255, 128]);
        // A zero spectrum: black, not NaN levels.
        let zero = [f32::NEG_INFINITY; 3];
        assert_eq!(gray_levels(&zero, f32::NEG_INFINITY, 120.0), [0, 0, 0]);
    }

    #[test]
    fn a_refused_size_names_the_image_and_keeps_its_exit_code() {
        let planner = CliError::Input("length 400000000 exceeds ...".into());
        let e = too_large(Path::new("big.png"), 20000, 20000, planner);
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().starts_with(
            "big.png is 20000 x 20000 pixels, too large for one 2-D transform on this device (length 400000000"
        ));
        assert!(e.to_string().ends_with("scale the image down"), "{e}");
        let device = CliError::Runtime(fft_runtime::Error::AllocationTooLarge {
            requested: 3 << 30,
            limit: 2 << 30,
            device: "cpu".into(),
            max_batch: 0,
        });
        let e = too_large(Path::new("big.png"), 16000, 25000, device);
        assert_eq!(e.exit_code(), 1);
        assert!(
            e.to_string().contains("big.png is 25000 x 16000 pixels"),
            "{e}"
        );
        assert!(
            e.to_string().contains("CL_DEVICE_MAX_MEM_ALLOC_SIZE"),
            "{e}"
        );
        // Other failures (no fp64, no platform) are not about the size: unchanged.
        let other = CliError::Runtime(fft_runtime::Error::MissingLength);
        assert!(!too_large(Path::new("a.png"), 1, 1, other)
            .to_string()
            .contains("a.png"));
    }

    #[test]
    fn only_png_inputs_are_images() {
        assert!(is_image(Path::new("a/photo.PNG")));
        assert!(!is_image(Path::new("photo.npy")));
        assert!(!is_image(Path::new("png")));
    }
}
