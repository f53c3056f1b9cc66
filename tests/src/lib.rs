//! Helpers shared by the cross-crate tests: the device under test, random signals, and the
//! comparison with the f64 oracle.

use fft_core::accuracy::{ErrorReport, Tolerance};
use fft_core::kernel::{bluestein_reference, irfft_reference, rfft_reference};
use fft_core::plan::Algorithm;
use fft_core::{naive_dft, reference_fft, Complex64, Direction};
use fft_runtime::{complex_from_f64, complex_to_f64, DeviceQueue, FftFloat};
use num_complex::Complex;
use std::sync::OnceLock;

/// Longest length checked against the naive DFT; longer ones use `fft_core::reference_fft`,
/// which is itself tested against the naive DFT.
pub const NAIVE_DFT_MAX_LEN: usize = 4096;

/// The device every test runs on: `OCLFFT_DEVICE`, else the default. Opened once per test
/// binary so programs are built once.
///
/// # Panics
/// Panics, failing the test loudly, when no OpenCL device can be opened: a device test never
/// passes by skipping.
pub fn test_queue() -> &'static DeviceQueue {
    static QUEUE: OnceLock<DeviceQueue> = OnceLock::new();
    QUEUE.get_or_init(|| match DeviceQueue::from_env() {
        Ok(queue) => {
            eprintln!(
                "testing on {} (plans for {:?})",
                queue.summary(),
                queue.plan_caps()
            );
            queue
        }
        Err(e) => panic!("device tests need an OpenCL device and found none: {e}"),
    })
}

/// Set to a non-empty value other than `0` to run the extended samples of the device tests
/// as well as CI's fixed sample (`OCLFFT_FULL_TESTS=1 cargo xtask test`; see [`sample`]).
pub const FULL_TESTS_ENV: &str = "OCLFFT_FULL_TESTS";

/// Whether [`FULL_TESTS_ENV`] asks for the extended samples.
pub fn full_tests() -> bool {
    std::env::var_os(FULL_TESTS_ENV).is_some_and(|v| !v.is_empty() && v != "0")
}

/// The cases a test runs: `always`, then `extended` where [`full_tests`] asks for them. The
/// suite's time on the 2-core CI machine is PoCL compiling kernels (a GPU-class program takes
/// 5 to 40 s there), so lists of plan families keep one or more cases of each family in
/// `always` and their further lengths in `extended`.
pub fn sample<T: Clone>(always: &[T], extended: &[T]) -> Vec<T> {
    let mut cases = always.to_vec();
    if full_tests() {
        cases.extend_from_slice(extended);
    }
    cases
}

/// A deterministic pseudo-random signal with components in [-1, 1).
pub use fft_core::random_signal;

/// Rounds an f64 signal to the device precision.
pub fn to_device<T: FftFloat>(signal: &[Complex64]) -> Vec<Complex<T>> {
    signal.iter().map(|&v| complex_from_f64(v)).collect()
}

/// Widens device values to f64.
pub fn to_f64<T: FftFloat>(values: &[Complex<T>]) -> Vec<Complex64> {
    values.iter().map(|&v| complex_to_f64(v)).collect()
}

/// The f64 oracle of one sequence: the naive DFT up to [`NAIVE_DFT_MAX_LEN`], else the
/// radix-2 reference FFT for powers of two, else Bluestein's algorithm in f64 around the
/// reference FFT (its error, about 1e-15, is far below f32's tolerances; f64 device results
/// are checked only up to [`NAIVE_DFT_MAX_LEN`] points).
pub fn oracle(sequence: &[Complex64], direction: Direction) -> Vec<Complex64> {
    let len = sequence.len();
    if len <= NAIVE_DFT_MAX_LEN {
        return naive_dft(sequence, direction);
    }
    if let Some(spectrum) = reference_fft(sequence, direction) {
        return spectrum;
    }
    bluestein_reference(sequence, direction)
}

/// The oracle of every sequence of a batch, scaled by `scale`.
pub fn batched_oracle(
    batch: &[Complex64],
    len: usize,
    direction: Direction,
    scale: f64,
) -> Vec<Complex64> {
    batch
        .chunks(len)
        .flat_map(|seq| oracle(seq, direction))
        .map(|v| v * scale)
        .collect()
}

/// Compares `got` with `want` sequence by sequence and returns the worst report, or a
/// message describing the first sequence outside `tolerance`.
pub fn check_against(
    got: &[Complex64],
    want: &[Complex64],
    len: usize,
    tolerance: Tolerance,
) -> Result<ErrorReport, String> {
    let mut worst = ErrorReport {
        relative_l2: 0.0,
        relative_max: 0.0,
    };
    for (index, (g, w)) in got.chunks(len).zip(want.chunks(len)).enumerate() {
        let report = ErrorReport::compare(g, w);
        if !tolerance.accepts(&report) {
            return Err(format!(
                "sequence {index} of length {len}: relative L2 {:.3e} (bound {:.3e}), relative max {:.3e} (bound {:.3e})",
                report.relative_l2, tolerance.relative_l2, report.relative_max, tolerance.relative_max
            ));
        }
        worst.relative_l2 = worst.relative_l2.max(report.relative_l2);
        worst.relative_max = worst.relative_max.max(report.relative_max);
    }
    Ok(worst)
}

/// The tolerance for a table-twiddle transform of `len` points in `T`: the model's
/// `eps * sqrt(log2 N)` with log2 N rounded up, three times wider for Bluestein's lengths
/// (issue 9: two transforms of the padded length and two chirp products).
pub fn tolerance<T: FftFloat>(len: usize) -> Tolerance {
    let log2 = len.max(1).next_power_of_two().trailing_zeros();
    let factor = match Algorithm::for_len(len) {
        Algorithm::Bluestein { .. } => 3.0,
        _ => 1.0,
    };
    Tolerance::for_transform(T::PRECISION, log2, factor)
}

/// A device buffer on the test queue holding `values` (one value when there are none).
pub fn buffer_of<V: fft_runtime::ocl::OclPrm>(values: &[V]) -> fft_runtime::ocl::Buffer<V> {
    let buffer = fft_runtime::ocl::Buffer::builder()
        .queue(test_queue().queue().clone())
        .len(values.len().max(1))
        .build()
        .expect("a device buffer on the test queue");
    if !values.is_empty() {
        buffer.write(values).enq().expect("writing a test buffer");
    }
    buffer
}

/// The separable f64 oracle of a batch of multi-dimensional transforms of shape `dims` (C
/// order) along `axes`: [`oracle`] along each axis in turn, then times `scale`.
pub fn nd_oracle(
    data: &[Complex64],
    dims: &[usize],
    axes: &[usize],
    direction: Direction,
    scale: f64,
) -> Vec<Complex64> {
    fft_core::along_axes(data, dims, axes, |line| oracle(line, direction))
        .into_iter()
        .map(|v| v * scale)
        .collect()
}

/// numpy's `rfftn(x, axes)` in f64 of one C-order real array of shape `dims` (the last axis
/// the real one, and in `axes`): the real FFT of every row, then the complex FFT along the
/// other axes of `axes` of the half-spectrum array.
pub fn rfftn_oracle(x: &[f64], dims: &[usize], axes: &[usize]) -> Vec<Complex64> {
    let (half_dims, others) = half_spectrum_axes(dims, axes);
    let n = dims[dims.len() - 1];
    let rows: Vec<Complex64> = x.chunks(n).flat_map(rfft_reference).collect();
    nd_oracle(&rows, &half_dims, &others, Direction::Forward, 1.0)
}

/// numpy's `irfftn(h, s=dims, axes)` in f64, unnormalized: the inverse complex FFT along the
/// other axes of `axes`, then the inverse real FFT of every row into `dims`' last length.
pub fn irfftn_oracle(h: &[Complex64], dims: &[usize], axes: &[usize]) -> Vec<f64> {
    let (half_dims, others) = half_spectrum_axes(dims, axes);
    let n = dims[dims.len() - 1];
    nd_oracle(h, &half_dims, &others, Direction::Inverse, 1.0)
        .chunks(n / 2 + 1)
        .flat_map(|row| irfft_reference(row, n))
        .collect()
}

/// The half-spectrum shape of `dims` and the axes of `axes` but the last.
fn half_spectrum_axes(dims: &[usize], axes: &[usize]) -> (Vec<usize>, Vec<usize>) {
    let last = dims.len() - 1;
    let mut half = dims.to_vec();
    half[last] = dims[last] / 2 + 1;
    (half, axes.iter().copied().filter(|&a| a != last).collect())
}

/// Relative L2 distance of two real vectors (NaN anywhere makes it NaN).
pub fn relative_l2(got: &[f64], want: &[f64]) -> f64 {
    let err: f64 = got.iter().zip(want).map(|(g, w)| (g - w).powi(2)).sum();
    let norm: f64 = want.iter().map(|w| w * w).sum();
    (err / norm.max(f64::MIN_POSITIVE)).sqrt()
}

/// The tolerance of a multi-dimensional transform in `T`: the model's `eps * sqrt(log2 N)`
/// with N the product of the transformed lengths, three times wider when an axis runs
/// Bluestein's algorithm.
pub fn nd_tolerance<T: FftFloat>(dims: &[usize], axes: &[usize]) -> Tolerance {
    let n: usize = axes.iter().map(|&a| dims[a]).product();
    let log2 = n.max(2).next_power_of_two().trailing_zeros();
    let bluestein = axes
        .iter()
        .any(|&a| matches!(Algorithm::for_len(dims[a]), Algorithm::Bluestein { .. }));
    Tolerance::for_transform(T::PRECISION, log2, if bluestein { 3.0 } else { 1.0 })
}

/// A small seeded generator for the layouts' property tests (a 64-bit LCG: the cases come
/// from proptest's seeds, so a failure reproduces).
pub struct LayoutRng(u64);

impl LayoutRng {
    /// The generator seeded with `seed`.
    pub fn new(seed: u64) -> LayoutRng {
        LayoutRng(seed)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }

    /// Strides of `dims` (C order) in a random order of the axes, the innermost `first`, each
    /// next one the previous reach plus up to 2 values of padding, and a batch distance past
    /// them: a layout whose values never overlap.
    pub fn strides(&mut self, dims: &[usize], first: usize) -> (Vec<usize>, usize) {
        let mut order: Vec<usize> = (0..dims.len()).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, self.below(i + 1));
        }
        let mut strides = vec![0; dims.len()];
        let mut step = first;
        for &axis in &order {
            strides[axis] = step;
            step = step * dims[axis] + self.below(3);
        }
        (strides, step + self.below(3))
    }
}

/// The README's Rust examples, compiled (and run, on the default device) as doctests, so
/// what a new user copies keeps working.
#[doc = include_str!("../../README.md")]
#[cfg(doctest)]
pub struct ReadmeExamples;
