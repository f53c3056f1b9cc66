//! [`ChirpSpec`]: the point-wise passes of Bluestein's algorithm (DESIGN.md section 4.4).
//!
//! A length-N DFT whose N has a prime factor above 13 is a convolution of length M >= 2N - 1
//! (a fast length): with the chirp `c_n = exp(sign*i*pi*n^2/N)`,
//! `X_k = c_k * sum_n (x_n c_n) * conj(c_(k-n))`. The plan runs [`ChirpStep::Pad`] (times the
//! chirp, zero-padded to M), the forward length-M FFT, [`ChirpStep::Multiply`] (times the
//! filter's spectrum, computed once on the host in f64), the inverse length-M FFT and
//! [`ChirpStep::Unpad`] (the first N values times the chirp and the plan's scale).

use crate::oracle::host_fft;
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

/// Bluestein's convolution length for `len`: the smallest `M >= 2N - 1` among the fast
/// lengths, the power of two or a `2^a 3^b 5^c 7^d` at least 20 % shorter.
pub fn bluestein_len(len: usize) -> usize {
    let min = (2 * len).saturating_sub(1).max(1);
    let power = min.next_power_of_two();
    let smooth = smallest_7_smooth_at_least(min, power);
    // A mixed-radix pass costs about 1.2x a power-of-two pass of the same length (measured
    // on the H100, docs/PERFORMANCE.md): take the smooth length only where it saves more.
    if smooth * 5 <= power * 4 {
        smooth
    } else {
        power
    }
}

/// The smallest `2^a 3^b 5^c 7^d >= min` (at most `limit`, a power of two >= `min`).
fn smallest_7_smooth_at_least(min: usize, limit: usize) -> usize {
    let mut best = limit;
    let mut a = 1usize;
    while a <= limit {
        let mut b = a;
        while b <= limit {
            let mut c = b;
            while c <= limit {
                let mut d = c;
                while d <= limit {
                    if d >= min && d < best {
                        best = d;
                    }
                    d *= 7;
                }
                c *= 5;
            }
            b *= 3;
        }
        a *= 2;
    }
    best
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
    host_fft(&b, Direction::Forward)
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
    let spectrum = host_fft(&a, Direction::Forward);
    let product: Vec<Complex64> = spectrum
        .iter()
        .zip(chirp_filter(len, padded, direction))
        .map(|(a, f)| a * f)
        .collect();
    let convolution = host_fft(&product, Direction::Inverse);
    convolution.iter().zip(&c).map(|(v, c)| v * c).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::naive_dft;

    #[test]
    fn convolution_lengths() {
        assert_eq!(bluestein_len(1), 1);
        // 33 -> 35 = 5 * 7 (64 would be 1.8x longer).
        assert_eq!(bluestein_len(17), 35);
        // 2017 -> 2048: 2025 = 3^4 * 5^2 saves too little.
        assert_eq!(bluestein_len(1009), 2048);
        // 131073 -> 131220 = 2^2 * 3^8 * 5, half of 2^18.
        assert_eq!(bluestein_len(65537), 131_220);
        assert_eq!(bluestein_len(999_983), 1 << 21);
        for len in 1..3000 {
            let m = bluestein_len(len);
            assert!(
                m >= 2 * len - 1 && m <= (2 * len - 1).next_power_of_two(),
                "{len}"
            );
        }
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
