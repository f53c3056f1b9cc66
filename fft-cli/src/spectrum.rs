//! `oclfft spectrum INPUT -o plot.png|svg`: the magnitude spectrum in dB against frequency.
//!
//! The signal (its first `--len` samples, when that is shorter) is windowed, zero-padded to
//! `--len` when that is longer, and transformed on the device at that length, whatever it is:
//! a real signal by the real-to-complex transform (its half spectrum, numpy's `rfft`), a
//! complex one by the complex transform. Magnitudes are scaled to amplitudes (2|X[k]| / sum
//! of the window), so a tone of amplitude A shows at 20 log10(A) dB whatever the length and
//! window. Bin frequencies are numpy's: `rfftfreq` for the half spectrum of a real signal
//! (0 to the Nyquist frequency), `fftfreq` then `fftshift` for a complex one, so its plot runs
//! from the most negative frequency through 0 to the most positive, as numpy users draw it.

use crate::compute::{
    open_queue, pad_rows, resize_note, run_job, run_r2c, Axes, Job, PrecisionArg,
};
use crate::exit::CliError;
use crate::fft2::Job2d;
use crate::plot::{draw, Chart, Series, PALETTE};
use clap::{Args, ValueEnum};
use fft_io::{Format, ReadOptions};
use fft_runtime::{fftfreq, fftshift, rfftfreq, Direction, Normalization};
use num_complex::Complex64;
use std::f64::consts::PI;
use std::path::PathBuf;

/// Window applied before the transform.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Window {
    /// No window (rectangular).
    None,
    /// Hann: low leakage far from a tone.
    Hann,
    /// Hamming: lower first side lobe than Hann.
    Hamming,
    /// Blackman: lowest leakage, widest peaks.
    Blackman,
}

impl Window {
    /// The window's value at sample `n` of `len`.
    pub fn value(self, n: usize, len: usize) -> f64 {
        let x = if len > 1 {
            2.0 * PI * n as f64 / (len - 1) as f64
        } else {
            0.0
        };
        match self {
            Window::None => 1.0,
            Window::Hann => 0.5 - 0.5 * x.cos(),
            Window::Hamming => 0.54 - 0.46 * x.cos(),
            Window::Blackman => 0.42 - 0.5 * x.cos() + 0.08 * (2.0 * x).cos(),
        }
    }
}

/// Options of `oclfft spectrum`.
#[derive(Args)]
pub struct SpectrumArgs {
    /// Signal file: .txt, .csv, .npy, .wav, .c64 or .c128 (or name the format with --format);
    /// or a .png image, whose 2-D spectrum is drawn as an image of the same size (grayscale,
    /// 20 log10 |X| centred as numpy's fftshift; colour images by their luminance).
    pub input: PathBuf,
    /// The picture to write: .png or .svg (.png for the spectrum of an image).
    #[arg(short, long)]
    pub output: PathBuf,
    /// Format of INPUT, instead of guessing it from the extension.
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// Sample rate in Hz (default: the WAV header's; else frequency is in cycles per sample).
    #[arg(long)]
    pub rate: Option<f64>,
    /// Window applied before the transform.
    #[arg(long, value_enum, default_value = "none")]
    pub window: Window,
    /// Which row (WAV channel) of a 2-D input to plot.
    #[arg(long, default_value_t = 0)]
    pub channel: usize,
    /// Decibels shown below the highest peak (for an image: the range from white down to
    /// black).
    #[arg(long, default_value_t = 120.0)]
    pub db_range: f64,
    /// Precision on the device (also of an image's 2-D transform).
    #[arg(long, value_enum, default_value = "f32")]
    pub precision: PrecisionArg,
    /// Device: an index or name substring from `oclfft devices`.
    #[arg(long)]
    pub device: Option<String>,
    /// Accept NaN and infinite samples instead of rejecting them.
    #[arg(long)]
    pub allow_nonfinite: bool,
    /// Transform N points, as numpy's `n=`: the signal is zero-padded (finer frequency grid)
    /// or truncated to its first N samples (default: its own length). `--n N` and `--pad N`
    /// are the same.
    #[arg(short = 'n', long = "len", visible_aliases = ["n", "pad"], value_name = "N", value_parser = crate::compute::parse_len)]
    pub len: Option<usize>,
}

/// `oclfft spectrum` resolved up to the device.
#[derive(Debug)]
pub enum Prepared {
    /// The spectrum of a signal.
    Signal(SignalSpectrum),
    /// The 2-D spectrum of a PNG image.
    Image(Job2d),
}

/// The spectrum of a signal, resolved up to the device: the samples to transform and how.
#[derive(Debug)]
pub struct SignalSpectrum {
    /// One forward transform of `--len` points (by default the row's own), unscaled.
    pub job: Job,
    /// A complex signal (the complex transform, every bin plotted), else a real one (the
    /// real-to-complex transform, its half spectrum).
    pub complex: bool,
    /// The sample rate in Hz: `--rate`, else the WAV header's.
    pub rate: Option<f64>,
    /// The samples of the plotted row (before padding or truncation to `job.len`).
    pub samples: usize,
    /// Its first `min(samples, job.len)` samples windowed, beside the window's values.
    pub windowed: Vec<(Complex64, f64)>,
    /// What the reader noticed (a skipped CSV header), as warnings to print.
    pub warnings: Vec<String>,
}

/// Everything `oclfft spectrum` does before it opens a device: for an image its checks and
/// shape, for a signal the checks of the options, the file read, the row chosen and
/// windowed, and the job.
pub fn prepare(args: &SpectrumArgs) -> crate::Result<Prepared> {
    if crate::image_spectrum::is_image(&args.input) {
        return Ok(Prepared::Image(crate::image_spectrum::job(args)?));
    }
    crate::plot::check_extension(&args.output)?;
    let format = Format::resolve(&args.input, args.format)?;
    if let Some(rate) = args.rate {
        check_rate(rate, "--rate")?;
    }
    check_db_range(args.db_range)?;
    let options = ReadOptions {
        allow_nonfinite: args.allow_nonfinite,
    };
    let (signal, warnings) = crate::input::read_noting(&args.input, format, options)?;
    let row = signal.row_values(args.channel).ok_or_else(|| {
        CliError::Input(format!(
            "--channel {} does not exist: {} has {} row(s)",
            args.channel,
            args.input.display(),
            signal.rows()
        ))
    })?;
    let rate = match args.rate {
        Some(rate) => Some(rate),
        None => match signal.sample_rate() {
            Some(rate) => Some(check_rate(f64::from(rate), "the WAV header's sample rate")?),
            None => None,
        },
    };
    let len = args.len.unwrap_or(row.len());
    let windowed = windowed(&row[..row.len().min(len)], args.window)?;
    let job = Job {
        len,
        batch: 1,
        direction: Direction::Forward,
        normalization: Normalization::None,
        precision: args.precision,
        measure: false,
    };
    Ok(Prepared::Signal(SignalSpectrum {
        job,
        complex: signal.is_complex(),
        rate,
        samples: row.len(),
        windowed,
        warnings,
    }))
}

/// Runs the command.
pub fn run(args: &SpectrumArgs) -> crate::Result<()> {
    let prepared = match prepare(args)? {
        Prepared::Image(job) => return crate::image_spectrum::run(args, job),
        Prepared::Signal(prepared) => prepared,
    };
    crate::input::warn(&prepared.warnings);
    let SignalSpectrum {
        job,
        complex,
        rate,
        samples,
        windowed,
        ..
    } = prepared;
    let (len, count) = (job.len, windowed.len());
    let queue = open_queue(args.device.as_deref())?;
    // A complex signal has distinct negative frequencies: a complex transform, all bins
    // plotted. A real one: the real-to-complex transform, whose half spectrum is all that
    // is plotted.
    if complex {
        crate::compute::check_job(&queue, job)?;
    } else {
        crate::compute::check_real_job(&queue, job, Axes::Rows)?;
    }
    let gain: f64 = windowed.iter().map(|(_, w)| w).sum();
    let values = pad_rows(windowed.into_iter().map(|(v, _)| v).collect(), count, len);
    let spectrum = if complex {
        run_job(&queue, job, values)?
    } else {
        run_r2c(
            &queue,
            job,
            Axes::Rows,
            values.into_iter().map(|v| v.re).collect(),
        )?
    };

    let mut points = bin_points(&spectrum, len, complex, rate, gain);
    // Plotting a NaN or an infinity never ends (the axis has no finite range): refuse.
    if let Some((k, (_, db))) = points
        .iter()
        .enumerate()
        .find(|(_, p)| !p.0.is_finite() || !p.1.is_finite())
    {
        return Err(CliError::Input(format!(
            "the spectrum of {} is not finite at bin {k} ({db} dB): the input holds NaN or infinite samples; nothing to plot",
            args.input.display()
        )));
    }
    // The strongest bin in bin order (a tie goes to the lowest bin, the non-negative frequency).
    let (peak_freq, peak_db) =
        points.iter().copied().fold(
            (0.0, f64::NEG_INFINITY),
            |a, b| if b.1 > a.1 { b } else { a },
        );
    if complex {
        // Negative frequencies first, zero frequency at bin len/2: numpy's fftshift.
        fftshift(&mut points);
    }
    let top = (peak_db + 10.0).max(-290.0);
    let lowest = points.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
    let bottom = (top - 10.0 - args.db_range).max(lowest - 5.0);
    let clamped = points.iter().map(|&(f, db)| (f, db.max(bottom))).collect();
    let unit = if rate.is_some() {
        "Hz"
    } else {
        "cycles/sample"
    };
    let name = args
        .input
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let window = match args.window {
        Window::None => "no window".to_string(),
        w => format!("{w:?} window"),
    };
    let chart = Chart {
        title: format!("Magnitude spectrum of {name} (N = {len}, {window})"),
        x_label: match rate {
            Some(r) => format!("Frequency (Hz), sample rate {r} Hz"),
            None => "Normalized frequency (cycles per sample)".into(),
        },
        y_label: "Magnitude (dB, 0 dB = amplitude 1)".into(),
        x_range: x_range(&points),
        y_range: (bottom, top),
        x_format: |x| trim_number(x),
        y_format: |y| format!("{y:.0}"),
        series: vec![Series {
            label: "magnitude".into(),
            points: clamped,
            color: PALETTE[0],
        }],
    };
    draw(&args.output, &chart)?;
    eprintln!(
        "oclfft: {samples} samples{}, strongest bin at {} {unit} ({peak_db:.1} dB); wrote {}",
        resize_note(samples, len),
        trim_number(peak_freq),
        args.output.display()
    );
    Ok(())
}

/// (frequency, dB) of each bin of `spectrum` (a `len`-point transform; its half spectrum when
/// the signal is real), in bin order: numpy's bin frequencies (`fftfreq`, or `rfftfreq` for
/// the half spectrum) with sample spacing 1 / `rate` (1 sample when no rate is known), and
/// amplitudes (one-sided bins of a half spectrum doubled) over the window's `gain`.
fn bin_points(
    spectrum: &[Complex64],
    len: usize,
    complex: bool,
    rate: Option<f64>,
    gain: f64,
) -> Vec<(f64, f64)> {
    let spacing = 1.0 / rate.unwrap_or(1.0);
    let freqs = if complex {
        fftfreq(len, spacing)
    } else {
        rfftfreq(len, spacing)
    };
    freqs
        .into_iter()
        .zip(spectrum)
        .enumerate()
        .map(|(k, (freq, value))| {
            let one_sided = if !complex && k != 0 && 2 * k != len {
                2.0
            } else {
                1.0
            };
            let amplitude = one_sided * value.norm() / gain;
            // max() would turn a NaN amplitude (the real transform of an infinite sample
            // gives NaN) into the floor: keep it, so that it is refused below.
            let floored = if amplitude.is_nan() {
                amplitude
            } else {
                amplitude.max(1e-300)
            };
            (freq, 20.0 * floored.log10())
        })
        .collect()
}

/// The plot's frequency axis: from the first point's frequency (0 for a half spectrum,
/// negative for a shifted complex one) to the last's, never empty.
fn x_range(points: &[(f64, f64)]) -> (f64, f64) {
    let low = points.first().map_or(0.0, |p| p.0).min(0.0);
    let high = points.last().map_or(0.5, |p| p.0).max(low + 1e-9);
    (low, high)
}

/// Each sample of `samples` times `window`, beside the window's value; an error when the
/// window is zero over all of them (nothing would be left to plot).
fn windowed(samples: &[Complex64], window: Window) -> crate::Result<Vec<(Complex64, f64)>> {
    let count = samples.len();
    let values: Vec<(Complex64, f64)> = samples
        .iter()
        .enumerate()
        .map(|(n, v)| {
            let w = window.value(n, count);
            (v * w, w)
        })
        .collect();
    if values.iter().map(|(_, w)| w).sum::<f64>() <= 0.0 {
        return Err(CliError::Input(format!(
            "the {window:?} window is zero over {count} sample(s): use --window none"
        )));
    }
    Ok(values)
}

/// An error unless `range` (`--db-range`) is a positive finite number of decibels.
pub(crate) fn check_db_range(range: f64) -> crate::Result<()> {
    if range.is_finite() && range > 0.0 {
        Ok(())
    } else {
        Err(CliError::Input(format!(
            "--db-range {range}: must be a positive finite number of decibels"
        )))
    }
}

/// `rate` when it is a usable sample rate (finite, positive), else an error naming `what`.
fn check_rate(rate: f64, what: &str) -> crate::Result<f64> {
    if rate.is_finite() && rate > 0.0 {
        Ok(rate)
    } else {
        Err(CliError::Input(format!(
            "{what} {rate}: a sample rate must be a positive finite number of Hz"
        )))
    }
}

/// A tick label without trailing zeros: 1250, 0.125, 2.5.
fn trim_number(x: f64) -> String {
    let text = format!("{x:.4}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".into()
    } else {
        text.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_are_symmetric_and_bounded() {
        for w in [
            Window::None,
            Window::Hann,
            Window::Hamming,
            Window::Blackman,
        ] {
            for n in 0..16 {
                let v = w.value(n, 16);
                assert!((-1e-12..=1.0 + 1e-12).contains(&v));
                assert!((v - w.value(15 - n, 16)).abs() < 1e-12);
            }
        }
        assert!(Window::Hann.value(0, 8).abs() < 1e-12);
        assert_eq!(trim_number(1250.0), "1250");
        assert_eq!(trim_number(0.125), "0.125");
    }

    #[test]
    fn frequencies_are_numpys_and_a_complex_spectrum_runs_negative_to_positive() {
        // Real, len 6 at 12 Hz: the half spectrum at rfftfreq(6, 1/12) = [0, 2, 4, 6] Hz, the
        // one-sided bins doubled.
        let flat = vec![Complex64::new(1.0, 0.0); 6];
        let real = bin_points(&flat, 6, false, Some(12.0), 1.0);
        let freqs: Vec<f64> = real.iter().map(|p| p.0).collect();
        assert_eq!(freqs, rfftfreq(6, 1.0 / 12.0));
        assert!(freqs
            .iter()
            .zip([0.0, 2.0, 4.0, 6.0])
            .all(|(f, w)| (f - w).abs() < 1e-12));
        let doubled = 20.0 * 2f64.log10();
        assert!(real[0].1.abs() < 1e-12 && real[3].1.abs() < 1e-12);
        assert!((real[1].1 - doubled).abs() < 1e-12 && (real[2].1 - doubled).abs() < 1e-12);
        assert_eq!(x_range(&real), (0.0, freqs[3]));

        // Complex, len 5, cycles per sample: fftfreq(5) = [0, .2, .4, -.4, -.2]; shifted as
        // the plot draws it, [-.4, -.2, 0, .2, .4], a tone at bin 4 (-0.2) left of zero.
        let mut tone = vec![Complex64::new(0.0, 0.0); 5];
        tone[4] = Complex64::new(1.0, 0.0);
        let mut points = bin_points(&tone, 5, true, None, 1.0);
        assert_eq!(
            points.iter().map(|p| p.0).collect::<Vec<_>>(),
            fftfreq(5, 1.0)
        );
        fftshift(&mut points);
        let freqs: Vec<f64> = points.iter().map(|p| p.0).collect();
        assert_eq!(freqs, [-0.4, -0.2, 0.0, 0.2, 0.4]);
        assert_eq!(points[1].1, 0.0); // the tone, at -0.2, amplitude 1
        assert_eq!(x_range(&points), (-0.4, 0.4));

        // One bin: a non-empty axis.
        let one = bin_points(&flat[..1], 1, true, None, 1.0);
        assert_eq!(x_range(&one), (0.0, 1e-9));
    }

    #[test]
    fn rates_must_be_positive_and_finite() {
        assert_eq!(check_rate(8000.0, "--rate").unwrap(), 8000.0);
        for bad in [0.0, -5.0, f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            let err = check_rate(bad, "--rate").unwrap_err().to_string();
            assert!(err.contains("positive finite"), "{err}");
        }
    }
}
