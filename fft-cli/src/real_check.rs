//! `--check` of `oclfft fft --real`: the f64 references. numpy's `rfft` and `irfft` of each
//! row are fft-core's real-input DFT; with `--axes 0,1`, numpy's `rfftn` is that of each row,
//! then rustfft down the columns, and `irfftn` rustfft down the columns, then each row's
//! inverse real-input DFT (numpy's order, so the imaginary parts it ignores are the same).

use crate::compute::{Axes, Job};
use crate::fft2::tolerance_2d;
use crate::transform::{report_check, tolerance, FftArgs};
use fft_core::accuracy::Tolerance;
use fft_core::along_axes;
use fft_core::kernel::{half_spectrum_len, irfft_reference, rfft_reference};
use fft_runtime::Direction;
use num_complex::Complex64;
use rustfft::FftPlanner;

/// Compares `result`, the half spectra of the forward `job` over `axes` on `input` (`batch`
/// rows of `len` reals), with the reference and reports the errors; an error (exit 3)
/// outside the accuracy bound.
pub fn forward(
    args: &FftArgs,
    job: Job,
    axes: Axes,
    input: &[f64],
    result: &[Complex64],
) -> crate::Result<()> {
    let oracle = match axes {
        Axes::Rows => "the real-input DFT (f64)",
        Axes::Both => "the 2-D real-input DFT (f64, rows then rustfft down the columns)",
    };
    let reference = forward_reference(job, axes, input);
    report_check(args, oracle, result, &reference, bound(job, axes))
}

/// Compares `result`, the reals of the inverse `job` over `axes` on `input` (`batch` half
/// spectra of `len / 2 + 1` values), with the reference and reports the errors; an error
/// (exit 3) outside the accuracy bound.
pub fn inverse(
    args: &FftArgs,
    job: Job,
    axes: Axes,
    input: &[Complex64],
    result: &[Complex64],
) -> crate::Result<()> {
    let oracle = match axes {
        Axes::Rows => "the inverse real-input DFT (f64)",
        Axes::Both => {
            "the inverse 2-D real-input DFT (f64, rustfft down the columns, then the rows)"
        }
    };
    let reference: Vec<Complex64> = inverse_reference(job, axes, input)
        .into_iter()
        .map(|v| Complex64::new(v, 0.0))
        .collect();
    report_check(args, oracle, result, &reference, bound(job, axes))
}

/// The accuracy bound of `job`: that of its length, or of the whole array's.
fn bound(job: Job, axes: Axes) -> Tolerance {
    match axes {
        Axes::Rows => tolerance(job.precision, job.len),
        Axes::Both => tolerance_2d(job.precision, job.batch, job.len),
    }
}

/// The points `job`'s normalization is over: a row's, or the array's.
fn points(job: Job, axes: Axes) -> usize {
    match axes {
        Axes::Rows => job.len,
        Axes::Both => job.batch * job.len,
    }
}

/// numpy's `rfft` of each row of `input` (`rfftn` of the `batch` x `len` array for
/// [`Axes::Both`]), scaled as `job` asks.
fn forward_reference(job: Job, axes: Axes, input: &[f64]) -> Vec<Complex64> {
    let rows: Vec<Complex64> = input.chunks(job.len).flat_map(rfft_reference).collect();
    let mut half = match axes {
        Axes::Rows => rows,
        Axes::Both => down_columns(&rows, job.batch, Direction::Forward),
    };
    let scale = job
        .normalization
        .scale(points(job, axes), Direction::Forward);
    half.iter_mut().for_each(|v| *v *= scale);
    half
}

/// numpy's `irfft(n=len)` of each row of `input` (`irfftn(s=(batch, len))` of the array for
/// [`Axes::Both`]), scaled as `job` asks.
fn inverse_reference(job: Job, axes: Axes, input: &[Complex64]) -> Vec<f64> {
    let columns;
    let half = match axes {
        Axes::Rows => input,
        Axes::Both => {
            columns = down_columns(input, job.batch, Direction::Inverse);
            &columns
        }
    };
    let scale = job
        .normalization
        .scale(points(job, axes), Direction::Inverse);
    half.chunks(half_spectrum_len(job.len))
        .flat_map(|row| irfft_reference(row, job.len))
        .map(|v| v * scale)
        .collect()
}

/// The unscaled DFT in `direction` of each column of `data` (`rows` rows), by rustfft in f64.
fn down_columns(data: &[Complex64], rows: usize, direction: Direction) -> Vec<Complex64> {
    let cols = data.len() / rows.max(1);
    let mut planner = FftPlanner::<f64>::new();
    let plan = match direction {
        Direction::Forward => planner.plan_fft_forward(rows),
        Direction::Inverse => planner.plan_fft_inverse(rows),
    };
    along_axes(data, &[rows, cols], &[0], |column| {
        let mut values = column.to_vec();
        plan.process(&mut values);
        values
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compute::PrecisionArg;
    use fft_runtime::Normalization;
    use std::f64::consts::PI;

    fn job(rows: usize, len: usize, direction: Direction, norm: Normalization) -> Job {
        Job {
            len,
            batch: rows,
            direction,
            normalization: norm,
            precision: PrecisionArg::F64,
            measure: false,
        }
    }

    /// numpy's `rfftn` by the definition: the 2-D DFT's columns `0..=cols/2`.
    fn rfftn(x: &[f64], rows: usize, cols: usize) -> Vec<Complex64> {
        let bins = cols / 2 + 1;
        (0..rows * bins)
            .map(|k| {
                let (kr, kc) = (k / bins, k % bins);
                x.iter()
                    .enumerate()
                    .map(|(n, &v)| {
                        let turns = ((kr * (n / cols)) % rows) as f64 / rows as f64
                            + ((kc * (n % cols)) % cols) as f64 / cols as f64;
                        v * Complex64::from_polar(1.0, -2.0 * PI * turns)
                    })
                    .sum()
            })
            .collect()
    }

    fn samples(count: usize) -> Vec<f64> {
        (0..count)
            .map(|n| (0.37 * n as f64).sin() + 0.25 * (0.05 * n as f64).cos())
            .collect()
    }

    #[test]
    fn the_2d_reference_is_rfftn_scaled_over_all_points() {
        for (rows, cols) in [(3, 5), (4, 6), (1, 7)] {
            let x = samples(rows * cols);
            let want = rfftn(&x, rows, cols);
            for (norm, scale) in [
                (Normalization::Backward, 1.0),
                (Normalization::Forward, 1.0 / (rows * cols) as f64),
            ] {
                let got =
                    forward_reference(job(rows, cols, Direction::Forward, norm), Axes::Both, &x);
                assert_eq!(got.len(), want.len());
                for (g, w) in got.iter().zip(&want) {
                    assert!((g - w * scale).norm() < 1e-12, "{rows}x{cols} {norm:?}");
                }
            }
        }
    }

    #[test]
    fn the_2d_inverse_reference_gives_the_array_back() {
        for (rows, cols) in [(3, 5), (4, 6), (2, 1)] {
            let x = samples(rows * cols);
            let half = rfftn(&x, rows, cols);
            let back = inverse_reference(
                job(rows, cols, Direction::Inverse, Normalization::Backward),
                Axes::Both,
                &half,
            );
            assert_eq!(back.len(), x.len());
            for (b, v) in back.iter().zip(&x) {
                assert!((b - v).abs() < 1e-12, "{rows}x{cols}: {b} vs {v}");
            }
        }
    }

    #[test]
    fn rows_alone_are_each_rows_rfft() {
        let x = samples(12);
        let got = forward_reference(
            job(2, 6, Direction::Forward, Normalization::None),
            Axes::Rows,
            &x,
        );
        let want: Vec<Complex64> = x.chunks(6).flat_map(|r| rfftn(r, 1, 6)).collect();
        for (g, w) in got.iter().zip(&want) {
            assert!((g - w).norm() < 1e-12);
        }
    }
}
