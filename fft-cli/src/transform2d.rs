//! `oclfft fft --axes 0,1`: the 2-D transform of a 2-D input, numpy's
//! `fftn(x, axes=(0, 1))`, written in the input's shape; `--check` compares it with rustfft
//! in f64 along the rows, then the columns.

use crate::fft2::{reference_2d, run_2d, tolerance_2d, Job2d};
use crate::transform::{direction, report_check, write_result, FftArgs};
use fft_io::{Format, Shape, Signal};
use fft_runtime::DeviceQueue;

/// The 2-D job of `args` on an input of `shape`.
pub fn job(args: &FftArgs, shape: Shape) -> Job2d {
    Job2d {
        rows: shape.rows,
        cols: shape.cols,
        direction: direction(args),
        normalization: args.norm.into(),
        precision: args.precision,
    }
}

/// Transforms `signal` (read from INPUT, as `input_format`) on `queue` and writes the result.
pub fn run(
    args: &FftArgs,
    queue: &DeviceQueue,
    signal: Signal,
    input_format: Format,
    output_format: Format,
) -> crate::Result<()> {
    let job = job(args, signal.shape());
    let sample_rate = signal.sample_rate();
    let input = signal.into_data();
    let reference_input = args.check.then(|| input.clone());
    let result = run_2d(queue, job, input)?;
    eprintln!(
        "oclfft: array of {} x {} values from {}, 2-D {} (axes 0 and 1) on {}",
        job.rows,
        job.cols,
        input_format.name(),
        job.direction,
        queue.summary()
    );
    if let Some(input) = reference_input {
        report_check(
            args,
            "rustfft (f64, rows then columns)",
            &result,
            &reference_2d(job, &input),
            tolerance_2d(args.precision, job.rows, job.cols),
        )?;
    }
    let out = Signal::new(job.rows, job.cols, result, true)
        .map_err(|e| crate::exit::CliError::Input(format!("internal: the device returned {e}")))?
        .with_sample_rate(sample_rate);
    write_result(args, output_format, &out)
}
