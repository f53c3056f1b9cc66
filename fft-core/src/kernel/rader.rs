//! [`RaderSpec`]: the point-wise passes of Rader's algorithm (DESIGN.md section 4.4), for a
//! prime N whose N - 1 is 13-smooth.
//!
//! With `g` a primitive root of N, the non-zero indices are the powers `g^p mod N`, and the
//! DFT at the non-zero frequencies is a cyclic convolution of length N - 1:
//! `X_(g^-q) = x_0 + sum_p x_(g^p) * w^(g^(p-q))`, `w = exp(sign*2*pi*i/N)`. The convolution
//! runs as two FFTs of the smooth length N - 1 instead of Bluestein's two of M >= 2N - 1: half
//! the work. The plan runs [`RaderStep::PowerGather`], the forward (N-1)-point FFT,
//! [`RaderStep::FilterMultiply`], the inverse (N-1)-point FFT and [`RaderStep::PowerScatter`].
//!
//! The DC bin `X_0 = x_0 + A_0` (`A_0` the gathered values' sum, the forward FFT's first bin)
//! and `x_0`, which every other bin adds, travel in the plan's stash
//! ([`crate::kernel::ArgKind::Stash`]), two values per transform. (Subtracting `x_0` from the
//! gathered values would make the convolution add it, but `X_0 = N x_0 + A'_0` then cancels:
//! a relative max error of 1.7e-5 at 65537 points in f32.)

use crate::oracle::host_fft;
use crate::plan::LARGEST_PRIME_RADIX;
use crate::{unit_root, Complex64, Direction, Precision};

/// Which point-wise step of Rader's algorithm a kernel computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RaderStep {
    /// `y[b*(N-1) + p] = x[b*N + g^p]`; `stash[2b] = x[b*N]`.
    PowerGather,
    /// `y[b*(N-1) + k] = x[b*(N-1) + k] * F_k`, `F` the filter's spectrum divided by N - 1;
    /// `stash[2b+1] = stash[2b] + x[b*(N-1)]` (the DC bin, `X_0 = x_0 + A_0`).
    FilterMultiply,
    /// `y[b*N + g^-q] = (x[b*(N-1) + q] + stash[2b]) * scale`; `y[b*N] = stash[2b+1] * scale`.
    PowerScatter,
}

impl RaderStep {
    /// Every step, in plan order.
    pub const ALL: [RaderStep; 3] = [
        RaderStep::PowerGather,
        RaderStep::FilterMultiply,
        RaderStep::PowerScatter,
    ];

    /// Lower-case name: `gather`, `multiply`, `scatter`.
    pub fn name(self) -> &'static str {
        match self {
            RaderStep::PowerGather => "gather",
            RaderStep::FilterMultiply => "multiply",
            RaderStep::PowerScatter => "scatter",
        }
    }
}

/// A point-wise Rader pass: one work-item per value of the (N-1)-point convolution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RaderSpec {
    /// The step.
    pub step: RaderStep,
    /// Sign of the exponent of the transform (the filter's sign).
    pub direction: Direction,
    /// Data precision.
    pub precision: Precision,
}

impl RaderSpec {
    /// The kernel's name: `fft_rader_gather_fwd_f32`.
    pub fn name(&self) -> String {
        format!(
            "fft_rader_{}_{}_{}",
            self.step.name(),
            self.direction.tag(),
            self.precision.tag()
        )
    }
}

/// Whether Rader's algorithm serves `len`: a prime above [`LARGEST_PRIME_RADIX`] (smaller
/// primes have butterflies) whose `len - 1` has no prime factor above it.
pub fn rader_serves(len: usize) -> bool {
    len > LARGEST_PRIME_RADIX
        && crate::plan::prime_factors(len) == [len]
        && crate::plan::is_smooth(len - 1)
}

/// The smallest primitive root of the prime `len`: the `g` whose powers `g^p mod len`,
/// `p < len - 1`, are every non-zero residue.
pub fn primitive_root(len: usize) -> usize {
    let order = len - 1;
    let mut factors = crate::plan::prime_factors(order);
    factors.dedup();
    (2..len)
        .find(|&g| {
            factors
                .iter()
                .all(|&q| power_mod(g as u64, (order / q) as u64, len as u64) != 1)
        })
        .unwrap_or(1)
}

fn power_mod(base: u64, mut exponent: u64, modulus: u64) -> u64 {
    let (mut result, mut base) = (1u128, u128::from(base) % u128::from(modulus));
    while exponent > 0 {
        if exponent & 1 == 1 {
            result = result * base % u128::from(modulus);
        }
        base = base * base % u128::from(modulus);
        exponent >>= 1;
    }
    result as u64
}

/// `g^p mod len` for `p < len - 1`, `g` the [`primitive_root`]: the gather's sources and
/// (read backwards, `g^-q = g^(len-1-q)`) the scatter's destinations.
pub fn rader_powers(len: usize) -> Vec<u32> {
    let g = primitive_root(len) as u64;
    let mut value = 1u64;
    (0..len - 1)
        .map(|_| {
            let power = value as u32;
            value = value * g % len as u64;
            power
        })
        .collect()
}

/// The index `g^-q mod len` the convolution's output `q` belongs to.
pub fn rader_destination(powers: &[u32], q: usize) -> usize {
    powers[(powers.len() - q) % powers.len()] as usize
}

/// The filter's spectrum divided by `len - 1`: the forward DFT of length `len - 1` of
/// `b_m = w^(g^-m)`, `w = exp(sign*2*pi*i/len)`, in f64 (each `w^k` rounded once).
pub fn rader_filter(len: usize, direction: Direction) -> Vec<Complex64> {
    let powers = rader_powers(len);
    let b: Vec<Complex64> = (0..len - 1)
        .map(|m| unit_root(rader_destination(&powers, m) as i64, len as u64, direction))
        .collect();
    let scale = 1.0 / (len - 1) as f64;
    host_fft(&b, Direction::Forward)
        .into_iter()
        .map(|v| v * scale)
        .collect()
}

/// The DFT of `input` (a prime length [`rader_serves`]) by Rader's algorithm in f64, the same
/// steps the device plan runs.
pub fn rader_reference(input: &[Complex64], direction: Direction) -> Vec<Complex64> {
    let len = input.len();
    let powers = rader_powers(len);
    let x0 = input[0];
    let gathered: Vec<Complex64> = powers.iter().map(|&p| input[p as usize]).collect();
    let spectrum = host_fft(&gathered, Direction::Forward);
    let product: Vec<Complex64> = spectrum
        .iter()
        .zip(rader_filter(len, direction))
        .map(|(a, f)| a * f)
        .collect();
    let convolution = host_fft(&product, Direction::Inverse);
    let mut out = vec![Complex64::new(0.0, 0.0); len];
    out[0] = x0 + spectrum[0];
    for (q, value) in convolution.into_iter().enumerate() {
        out[rader_destination(&powers, q)] = value + x0;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::naive_dft;

    #[test]
    fn rader_serves_primes_with_smooth_predecessors() {
        for len in [17, 97, 257, 1009, 1201, 4001, 7001, 65537] {
            assert!(rader_serves(len), "{len}");
        }
        // 13 has a butterfly; 2039 - 1 = 2 * 1019 and 999983 - 1 = 2 * 499991 are not smooth;
        // 1000 is not prime.
        for len in [13, 2039, 999_983, 1000, 4099] {
            assert!(!rader_serves(len), "{len}");
        }
    }

    #[test]
    fn powers_of_the_primitive_root_are_every_nonzero_residue() {
        assert_eq!(primitive_root(17), 3);
        assert_eq!(primitive_root(65537), 3);
        assert_eq!(primitive_root(1009), 11);
        for len in [17, 97, 1009, 7001] {
            let mut powers = rader_powers(len);
            powers.sort_unstable();
            let expected: Vec<u32> = (1..len as u32).collect();
            assert_eq!(powers, expected, "{len}");
        }
    }

    /// The steps, with f64 FFTs between them, give the DFT, in both directions.
    #[test]
    fn the_steps_compute_the_dft() {
        for (len, direction) in [
            (17, Direction::Forward),
            (97, Direction::Inverse),
            (1201, Direction::Forward),
        ] {
            let x: Vec<Complex64> = (0..len)
                .map(|n| Complex64::new((n as f64 * 0.7).sin() + 0.5, (n as f64 * 0.3).cos()))
                .collect();
            let got = rader_reference(&x, direction);
            let expected = naive_dft(&x, direction);
            let err = crate::accuracy::relative_l2_error(&got, &expected);
            assert!(err < 1e-13, "len {len}: {err}");
        }
    }
}
