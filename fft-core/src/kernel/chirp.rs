//! [`ChirpSpec`]: the point-wise passes of Bluestein's algorithm (DESIGN.md section 4.4).
//!
//! A length-N DFT whose N has a prime factor above 13 is a convolution of length M >= 2N - 1
//! (a fast length): with the chirp `c_n = exp(sign*i*pi*n^2/N)`,
//! `X_k = c_k * sum_n (x_n c_n) * conj(c_(k-n))`. The plan runs [`ChirpStep::Pad`] (times the
//! chirp, zero-padded to M), the forward length-M FFT, [`ChirpStep::Multiply`] (times the
//! filter's spectrum, computed once on the host in f64), the inverse length-M FFT and
//! [`ChirpStep::Unpad`] (the first N values times the chirp and the plan's scale).

use crate::oracle::reference_fft;
use crate::{unit_root, Complex64, Direction, Precision};

/// Which point-wise step of Bluestein's algorithm a kernel computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ChirpStep {
    /// `y[b*M + n] = x[b*N + n] * c_n` for `n < N`, `0` for `N <= n < M`.
    Pad,
    /// `y[b*M + k] = x[b*M + k] * F_k`, `F` the filter's spectrum divided by M.
    Multiply,
    /// `y[b*N + k] = x[b*M + k] * c_k * scale` for `k < N`.
    Unpad,
}

impl ChirpStep {
    /// Every step, in plan order.
    pub const ALL: [ChirpStep; 3] = [ChirpStep::Pad, ChirpStep::Multiply, ChirpStep::Unpad];

    /// Lower-case name: `pad`, `multiply`, `unpad`.
    pub fn name(self) -> &'static str {
        match self {
            ChirpStep::Pad => "pad",
            ChirpStep::Multiply => "multiply",
            ChirpStep::Unpad => "unpad",
        }
    }
}

/// A point-wise Bluestein pass: one work-item per value it writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ChirpSpec {
    /// The step.
    pub step: ChirpStep,
    /// Sign of the exponent of the transform (the chirp's sign).
    pub direction: Direction,
    /// Data precision.
    pub precision: Precision,
}

impl ChirpSpec {
    /// The kernel's name: `fft_chirp_pad_fwd_f32`.
    pub fn name(&self) -> String {
        format!(
            "fft_chirp_{}_{}_{}",
            self.step.name(),
            self.direction.tag(),
            self.precision.tag()
        )
    }
}

/// The smallest power of two `M >= 2N - 1`: Bluestein's convolution length for `len`.
pub fn bluestein_len(len: usize) -> usize {
    (2 * len).saturating_sub(1).max(1).next_power_of_two()
}

/// The chirp `c_n = exp(sign*i*pi*n^2/N)` for `n < len`, with `n^2` reduced modulo `2N` in
/// exact integer arithmetic before the one rounding in [`unit_root`].
pub fn chirp(len: usize, direction: Direction) -> Vec<Complex64> {
    let period = 2 * len as u128;
    (0..len as u128)
        .map(|n| {
            let square = (n * n % period) as i64;
            unit_root(square, period as u64, direction)
        })
        .collect()
}

/// The filter's spectrum, divided by `padded`: the forward length-`padded` DFT of
/// `b_m = conj(c_m)` for `|m| < len` (wrapped modulo `padded`), zero elsewhere, in f64.
pub fn chirp_filter(len: usize, padded: usize, direction: Direction) -> Vec<Complex64> {
    let c = chirp(len, direction);
    let mut b = vec![Complex64::new(0.0, 0.0); padded];
    for (m, value) in c.iter().enumerate() {
        b[m] = value.conj();
        if m > 0 {
            b[padded - m] = value.conj();
        }
    }
    let scale = 1.0 / padded as f64;
    reference_fft(&b, Direction::Forward)
        .unwrap_or(b)
        .into_iter()
        .map(|v| v * scale)
        .collect()
}

/// The DFT of `input` (any length) by Bluestein's algorithm in f64 around the radix-2
/// reference FFT: the same steps the device plan runs, as a fast f64 reference for lengths
/// where the naive DFT is too slow (relative error about 1e-15).
pub fn bluestein_reference(input: &[Complex64], direction: Direction) -> Vec<Complex64> {
    let len = input.len();
    let padded = bluestein_len(len);
    let c = chirp(len, direction);
    let mut a = vec![Complex64::new(0.0, 0.0); padded];
    for (slot, (x, c)) in a.iter_mut().zip(input.iter().zip(&c)) {
        *slot = x * c;
    }
    let spectrum = reference_fft(&a, Direction::Forward).unwrap_or(a);
    let product: Vec<Complex64> = spectrum
        .iter()
        .zip(chirp_filter(len, padded, direction))
        .map(|(a, f)| a * f)
        .collect();
    let convolution = reference_fft(&product, Direction::Inverse).unwrap_or(product);
    convolution.iter().zip(&c).map(|(v, c)| v * c).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::naive_dft;

    #[test]
    fn convolution_lengths() {
        assert_eq!(bluestein_len(1), 1);
        assert_eq!(bluestein_len(17), 64);
        assert_eq!(bluestein_len(1009), 2048);
        assert_eq!(bluestein_len(65537), 1 << 18);
    }

    /// The three steps, with f64 FFTs between them, give the DFT.
    #[test]
    fn the_steps_compute_the_dft() {
        for (len, direction) in [(17, Direction::Forward), (23, Direction::Inverse)] {
            let x: Vec<Complex64> = (0..len)
                .map(|n| Complex64::new((n as f64 * 0.7).sin(), (n as f64 * 0.3).cos()))
                .collect();
            let got = bluestein_reference(&x, direction);
            let expected = naive_dft(&x, direction);
            for k in 0..len {
                assert!((got[k] - expected[k]).norm() < 1e-12, "len {len} k {k}");
            }
        }
    }
}
