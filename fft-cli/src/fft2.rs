//! 2-D transforms on the device, for `oclfft fft --axes 0,1` and the spectrum of an image:
//! the plan, the run with the same range checks as the 1-D jobs, and the separable f64
//! reference of `--check`.

use crate::compute::{check_job_over, plan, run_job_over, Axes, Job, PrecisionArg};
use fft_core::accuracy::Tolerance;
use fft_core::plan::Algorithm;
use fft_runtime::ocl::OclPrm;
use fft_runtime::{DeviceQueue, Direction, FftFloat, Normalization};
use num_complex::{Complex, Complex64};
use rustfft::FftPlanner;

/// What to compute: the 2-D transform of one `rows` x `cols` array (row-major).
#[derive(Clone, Copy, Debug)]
pub struct Job2d {
    /// Rows of the array.
    pub rows: usize,
    /// Values per row.
    pub cols: usize,
    /// Forward or inverse.
    pub direction: Direction,
    /// Scaling convention, over all `rows * cols` points (numpy's `fftn`).
    pub normalization: Normalization,
    /// Device precision.
    pub precision: PrecisionArg,
}

impl Job2d {
    /// The same job as the CLI's jobs describe it: `rows` rows of `cols` values.
    pub fn job(self) -> Job {
        Job {
            len: self.cols,
            batch: self.rows,
            direction: self.direction,
            normalization: self.normalization,
            precision: self.precision,
            measure: false,
        }
    }
}

/// Builds the plan of `job` without running it: checks the lengths, the device's
/// allocation limit and fp64 support before any data is read.
pub fn check_2d(queue: &DeviceQueue, job: Job2d) -> crate::Result<()> {
    check_job_over(queue, job.job(), Axes::Both)
}

/// Runs `job` on `data` (`rows * cols` values, row after row), with the range checks of
/// [`crate::compute::run_job`]: a finite input beyond f32, or a non-finite result from finite
/// input, is an error.
pub fn run_2d(
    queue: &DeviceQueue,
    job: Job2d,
    data: Vec<Complex64>,
) -> crate::Result<Vec<Complex64>> {
    run_job_over(queue, job.job(), Axes::Both, data)
}

/// The 2-D transform of `data` (`job.rows * job.cols` values, row-major) in `T`.
pub fn fft_2d<T: FftFloat>(
    queue: &DeviceQueue,
    job: Job2d,
    mut data: Vec<Complex<T>>,
) -> crate::Result<Vec<Complex<T>>>
where
    Complex<T>: OclPrm,
{
    plan::<T>(queue, job.job(), Axes::Both)?.process(&mut data)?;
    Ok(data)
}

/// The transpose of `data` (`rows` x `cols`, row-major): `cols` x `rows`, row-major.
fn transpose<V: Copy>(data: &[V], rows: usize, cols: usize) -> Vec<V> {
    let mut out = Vec::with_capacity(data.len());
    for c in 0..cols {
        out.extend((0..rows).map(|r| data[r * cols + c]));
    }
    out
}

/// The 2-D transform of `input` (`job.rows` x `job.cols`) by rustfft in f64, rows then
/// columns, scaled as `job` asks: the reference of `--check`.
pub fn reference_2d(job: Job2d, input: &[Complex64]) -> Vec<Complex64> {
    let mut planner = FftPlanner::<f64>::new();
    let mut along = |data: &mut [Complex64], len: usize| {
        let plan = match job.direction {
            Direction::Forward => planner.plan_fft_forward(len),
            Direction::Inverse => planner.plan_fft_inverse(len),
        };
        // Every row at once: rustfft transforms each chunk of `len`.
        plan.process(data);
    };
    let mut data = input.to_vec();
    along(&mut data, job.cols);
    let mut columns = transpose(&data, job.rows, job.cols);
    along(&mut columns, job.rows);
    let scale = job.normalization.scale(job.rows * job.cols, job.direction);
    let mut out = transpose(&columns, job.cols, job.rows);
    out.iter_mut().for_each(|v| *v *= scale);
    out
}

/// The accuracy bound of `--check` for a `rows` x `cols` transform: the 1-D model's
/// `eps * sqrt(log2 N)` with log2 N the sum of the axes' (each rounded up), three times wider
/// when either axis takes Bluestein's algorithm.
pub fn tolerance_2d(precision: PrecisionArg, rows: usize, cols: usize) -> Tolerance {
    let precision = match precision {
        PrecisionArg::F32 => fft_core::Precision::F32,
        PrecisionArg::F64 => fft_core::Precision::F64,
    };
    let log2 = |n: usize| n.max(1).next_power_of_two().trailing_zeros();
    let bluestein = |n: usize| matches!(Algorithm::for_len(n.max(1)), Algorithm::Bluestein { .. });
    let factor = if bluestein(rows) || bluestein(cols) {
        3.0
    } else {
        1.0
    };
    Tolerance::for_transform(precision, log2(rows) + log2(cols), factor)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(rows: usize, cols: usize, direction: Direction, norm: Normalization) -> Job2d {
        Job2d {
            rows,
            cols,
            direction,
            normalization: norm,
            precision: PrecisionArg::F64,
        }
    }

    /// The 2-D DFT by its definition.
    fn dft_2d(x: &[Complex64], rows: usize, cols: usize, sign: f64) -> Vec<Complex64> {
        let mut out = vec![Complex64::new(0.0, 0.0); rows * cols];
        for (k, o) in out.iter_mut().enumerate() {
            let (kr, kc) = (k / cols, k % cols);
            for (n, v) in x.iter().enumerate() {
                let (nr, nc) = (n / cols, n % cols);
                let phase = sign
                    * 2.0
                    * std::f64::consts::PI
                    * ((kr * nr) as f64 / rows as f64 + (kc * nc) as f64 / cols as f64);
                *o += v * Complex64::from_polar(1.0, phase);
            }
        }
        out
    }

    #[test]
    fn the_reference_is_the_2d_dft_scaled_over_all_points() {
        let (rows, cols) = (3, 5);
        let x: Vec<Complex64> = (0..rows * cols)
            .map(|i| Complex64::new((i as f64 * 0.7).sin(), (i as f64 * 0.3).cos()))
            .collect();
        for (direction, sign) in [(Direction::Forward, -1.0), (Direction::Inverse, 1.0)] {
            let want = dft_2d(&x, rows, cols, sign);
            for (norm, scale) in [
                (Normalization::None, 1.0),
                (Normalization::Ortho, 1.0 / 15f64.sqrt()),
            ] {
                let got = reference_2d(job(rows, cols, direction, norm), &x);
                for (g, w) in got.iter().zip(&want) {
                    assert!((g - w * scale).norm() < 1e-12, "{direction:?} {norm:?}");
                }
            }
        }
        // Backward: the inverse over 15 points is divided by 15.
        let got = reference_2d(
            job(rows, cols, Direction::Inverse, Normalization::Backward),
            &x,
        );
        let want = dft_2d(&x, rows, cols, 1.0);
        assert!((got[4] - want[4] / 15.0).norm() < 1e-12);
    }

    #[test]
    fn transposes_swap_rows_and_columns() {
        assert_eq!(transpose(&[1, 2, 3, 4, 5, 6], 2, 3), [1, 4, 2, 5, 3, 6]);
        assert_eq!(transpose(&[1, 4, 2, 5, 3, 6], 3, 2), [1, 2, 3, 4, 5, 6]);
    }

    #[test]
    fn the_bound_adds_the_axes_and_widens_for_bluestein() {
        let square = tolerance_2d(PrecisionArg::F32, 32, 32).relative_l2;
        let long = crate::transform::tolerance(PrecisionArg::F32, 1024).relative_l2;
        assert_eq!(square, long, "32 x 32 has the log2 of 1024");
        let prime = tolerance_2d(PrecisionArg::F32, 31, 1009).relative_l2;
        let smooth = tolerance_2d(PrecisionArg::F32, 32, 1024).relative_l2;
        assert!((prime / smooth - 3.0).abs() < 1e-12);
    }
}
