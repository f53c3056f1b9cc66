//! What `oclfft fft` does before it opens a device, in one place for the binary
//! ([`crate::transform::run`]) and for [`crate::resolve_job`]: the input and output formats,
//! the input's shape (from a header, or by reading a text file or a WAV), and the job that
//! shape and the options make (which axes, points and signals, direction, real or complex).

use crate::axes::Layout;
use crate::compute::{check_job, check_real_job, Axes, Job};
use crate::fft2::{check_2d, Job2d};
use crate::transform::FftArgs;
use fft_io::{Format, ReadOptions, Shape, Signal};
use fft_runtime::DeviceQueue;

/// The transforms `oclfft fft` plans on the device.
#[derive(Clone, Copy, Debug)]
pub enum FftJob {
    /// Complex 1-D transforms of each row, or with [`Layout::Columns`] each column, of the
    /// input (numpy's `fft`).
    Complex {
        /// Rows or columns.
        layout: Layout,
        /// `batch` transforms of `len` points.
        job: Job,
    },
    /// The complex 2-D transform of the input (`--axes 0,1`, numpy's `fftn`).
    Complex2d(Job2d),
    /// `--real`: numpy's `rfft` or, with `--inverse`, `irfft(n=N)` of each row or column; with
    /// `--axes 0,1`, `rfftn` and `irfftn`.
    Real {
        /// Rows, columns or both axes.
        layout: Layout,
        /// `batch` transforms of `len` reals (the half spectra have `len / 2 + 1` values).
        job: Job,
        /// Each row on its own, or the whole array.
        axes: Axes,
    },
}

impl FftJob {
    /// The job of `args` on an input of `shape`, or why the options do not fit that input
    /// (`--axes` it does not have, `--len` with `--axes 0,1`, `--inverse --real` without
    /// `--n`).
    pub fn of(args: &FftArgs, shape: Shape) -> crate::Result<FftJob> {
        if args.real {
            let (layout, job, axes) = crate::real::job_of(args, shape)?;
            return Ok(FftJob::Real { layout, job, axes });
        }
        Ok(match crate::transform::layout(args, shape)? {
            Layout::Both => FftJob::Complex2d(crate::transform2d::job(args, shape)),
            layout => FftJob::Complex {
                layout,
                job: crate::transform::job_for(args, layout, shape),
            },
        })
    }

    /// The job as `batch` transforms of `len` points (for the 2-D transform, its `rows` rows of
    /// `cols` points).
    pub fn job(self) -> Job {
        match self {
            FftJob::Complex { job, .. } | FftJob::Real { job, .. } => job,
            FftJob::Complex2d(job) => job.job(),
        }
    }

    /// Builds the plan on `queue` without running it: checks the lengths, the device's
    /// allocation limit and fp64 support before the data is read.
    pub fn check(self, queue: &DeviceQueue) -> crate::Result<()> {
        match self {
            FftJob::Complex { job, .. } => check_job(queue, job),
            FftJob::Complex2d(job) => check_2d(queue, job),
            FftJob::Real { job, axes, .. } => check_real_job(queue, job, axes),
        }
    }
}

/// `oclfft fft` resolved up to the device.
#[derive(Debug)]
pub struct Prepared {
    /// The format INPUT is read as (`--format`, else its extension).
    pub input_format: Format,
    /// The format of the result (`--output-format`, else the extension of `-o`, else text).
    pub output_format: Format,
    /// INPUT, when it was read for its shape (text, CSV, WAV); `None` when a header gave the
    /// shape (.npy, raw), so that the device can refuse the job before the data is read.
    pub early: Option<Signal>,
    /// What the reader of `early` noticed (a skipped CSV header), as warnings to print.
    pub warnings: Vec<String>,
    /// The job on the input's shape.
    pub job: FftJob,
}

/// Everything `oclfft fft` does before it opens a device: the formats, `--n` for
/// `--inverse --real`, the input's shape, the job.
pub fn prepare(args: &FftArgs) -> crate::Result<Prepared> {
    let input_format = Format::resolve(&args.input, args.format)?;
    let output_format = crate::transform::output_format(args)?;
    if args.real && args.inverse {
        // Said before the input is read: no file can make up for it.
        crate::real::inverse_len(args)?;
    }
    let (early, warnings, shape) = match fft_io::probe_shape(&args.input, input_format)? {
        Some(shape) => (None, Vec::new(), shape),
        None => {
            let (signal, warnings) =
                crate::input::read_noting(&args.input, input_format, read_options(args))?;
            let shape = signal.shape();
            (Some(signal), warnings, shape)
        }
    };
    Ok(Prepared {
        input_format,
        output_format,
        early,
        warnings,
        job: FftJob::of(args, shape)?,
    })
}

/// How INPUT is read: `--allow-nonfinite`.
pub fn read_options(args: &FftArgs) -> ReadOptions {
    ReadOptions {
        allow_nonfinite: args.allow_nonfinite,
    }
}
