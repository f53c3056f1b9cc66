//! Real transforms (DESIGN.md section 4.5): [`RealSpec`], the point-wise steps that turn a
//! complex FFT into a real-to-complex (R2C) or complex-to-real (C2R) one, and
//! [`FusedReal`], the same steps fused into a fused pass's store or load.
//!
//! Even N: the `H = N/2`-point complex FFT of `z_n = x_2n + i x_2n+1`, then the split step
//! `X_k = (Z_k + conj Z_(H-k))/2 - i W_N^k (Z_k - conj Z_(H-k))/2` for `k = 0..=H` (numpy's
//! `rfft` layout, `H + 1` values per row). C2R runs the merge step
//! `Z_k = (X_k + conj X_(H-k)) + i W_N^-k (X_k - conj X_(H-k))` (the imaginary parts of
//! `X_0` and `X_H` ignored, as numpy's `irfft` does), the inverse H-point FFT, and reads the
//! result as `N` reals. Odd N: the N-point complex FFT of the real input (imaginary parts
//! zero), its first `(N+1)/2` values kept; C2R extends the half spectrum by Hermitian
//! symmetry first and keeps the real parts.

use crate::{Complex64, Direction, Precision};

/// A point-wise step of a real transform: one work-item per value it writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RealStep {
    /// R2C's first step: reads rows of `dist` reals and writes the complex sequences the FFT
    /// transforms: `z[b*H + m] = (x[b*dist + 2m], x[b*dist + 2m + 1])` (even N), or
    /// `(x[b*dist + n], 0)` (odd N).
    Pack,
    /// R2C's last step: writes the `N/2 + 1` values of each row's half spectrum from the
    /// complex spectrum (the split step for even N, the first half for odd N), times the scale.
    Split,
    /// C2R's first step: turns each row's `N/2 + 1` values into the spectrum the inverse
    /// complex FFT transforms (the merge step for even N, the Hermitian extension for odd N).
    Merge,
    /// C2R's last step: writes rows of `dist` reals from the complex result, times the scale:
    /// the pairs of `z` (even N), the real parts (odd N).
    Unpack,
}

impl RealStep {
    /// Every step, in plan order (R2C: pack, split; C2R: merge, unpack).
    pub const ALL: [RealStep; 4] = [
        RealStep::Pack,
        RealStep::Split,
        RealStep::Merge,
        RealStep::Unpack,
    ];

    /// Lower-case name: `pack`, `split`, `merge`, `unpack`.
    pub fn name(self) -> &'static str {
        match self {
            RealStep::Pack => "pack",
            RealStep::Split => "split",
            RealStep::Merge => "merge",
            RealStep::Unpack => "unpack",
        }
    }
}

/// A point-wise pass of a real transform ([`RealStep`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RealSpec {
    /// The step.
    pub step: RealStep,
    /// Whether N is odd (the complex FFT is then N points long, not N/2).
    pub odd: bool,
    /// Data precision.
    pub precision: Precision,
}

impl RealSpec {
    /// The kernel's name: `fft_real_split_f32`, `fft_real_merge_odd_f64`.
    pub fn name(&self) -> String {
        let parity = if self.odd { "_odd" } else { "" };
        format!(
            "fft_real_{}{parity}_{}",
            self.step.name(),
            self.precision.tag()
        )
    }

    /// Whether the step reads the twiddles `W_N^k` (the split and merge of an even N).
    pub fn has_twiddles(&self) -> bool {
        !self.odd && matches!(self.step, RealStep::Split | RealStep::Merge)
    }

    /// Whether one work-item handles a mirrored pair `(k, H - k)`, `k = 0..=H/2`, reading
    /// both values once and writing both (the split and merge of an even N): a work-item
    /// per value would read every value twice, 1.5 copies of the row instead of one.
    pub fn in_pairs(&self) -> bool {
        self.has_twiddles()
    }

    /// Work-items per row: the mirrored pairs `H/2 + 1` ([`RealSpec::in_pairs`]), else one
    /// per value written (`written` values).
    pub fn row_items(&self, len: usize, written: usize) -> usize {
        if self.in_pairs() {
            len / 4 + 1
        } else {
            written
        }
    }

    /// Every point-wise real spec of `precision`, in catalog order.
    pub fn all(precision: Precision) -> Vec<RealSpec> {
        let mut specs = Vec::new();
        for odd in [false, true] {
            for step in RealStep::ALL {
                specs.push(RealSpec {
                    step,
                    odd,
                    precision,
                });
            }
        }
        specs
    }
}

/// A real step fused into a fused pass, so it costs no pass of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FusedReal {
    /// The last pass of an even R2C: its store writes the split step's `H + 1` values per row
    /// (`H = t * L` points per sequence). In a multi-pass plan its work-groups take columns in
    /// mirrored pairs (`j` and `t - j`), so both values of each split are in local memory.
    Split,
    /// The first pass of an even C2R: its load reads the merge step of the `H + 1` values per
    /// row (`H = t * L`), both of each pair from global memory.
    Merge,
}

impl FusedReal {
    /// The name suffix: `_split` or `_merge`.
    pub fn suffix(self) -> &'static str {
        match self {
            FusedReal::Split => "_split",
            FusedReal::Merge => "_merge",
        }
    }

    /// The direction of the complex FFT the step belongs to: forward for the split (R2C),
    /// inverse for the merge (C2R).
    pub fn direction(self) -> Direction {
        match self {
            FusedReal::Split => Direction::Forward,
            FusedReal::Merge => Direction::Inverse,
        }
    }
}

/// How the real side of a real transform is laid out in memory.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RealLayout {
    /// `N` reals per row, rows one after another (numpy's layout; out of place only).
    #[default]
    Compact,
    /// `2 * (N/2 + 1)` reals per row, the layout of an in-place transform in FFTW and cuFFT:
    /// the half spectrum's `N/2 + 1` complex values fit each row exactly. In place or out of
    /// place.
    Padded,
}

impl RealLayout {
    /// Reals between the starts of consecutive rows for a transform of `len` reals.
    pub fn row_distance(self, len: usize) -> usize {
        match self {
            RealLayout::Compact => len,
            RealLayout::Padded => 2 * half_spectrum_len(len),
        }
    }
}

/// Complex values of a row of the half spectrum of `len` reals: `len / 2 + 1` (numpy's
/// `rfft` output length).
pub fn half_spectrum_len(len: usize) -> usize {
    len / 2 + 1
}

/// The real-input DFT of `x` in f64, numpy's `rfft` layout (`len / 2 + 1` values per row):
/// the oracle of the real transforms (O(N log N) for every length).
pub fn rfft_reference(x: &[f64]) -> Vec<Complex64> {
    let n = x.len();
    let complex: Vec<Complex64> = x.iter().map(|&v| Complex64::new(v, 0.0)).collect();
    let mut full = fast_fft(&complex, Direction::Forward);
    full.truncate(half_spectrum_len(n));
    full
}

/// The f64 DFT of `x` in O(N log N) for every length: [`crate::oracle::host_fft`], or
/// Bluestein's algorithm in f64 where a prime factor above 13 would make it quadratic.
fn fast_fft(x: &[Complex64], direction: Direction) -> Vec<Complex64> {
    let len = x.len();
    let smooth = crate::plan::prime_factors(len.max(1))
        .iter()
        .all(|&f| f <= crate::plan::LARGEST_PRIME_RADIX);
    if smooth || len <= 64 {
        crate::oracle::host_fft(x, direction)
    } else {
        super::chirp::bluestein_reference(x, direction)
    }
}

/// numpy's `irfft(half, n=len)` without scaling, in f64: the imaginary parts of the DC
/// value and, for even `len`, the Nyquist value are ignored; `half` holds at least
/// `len / 2 + 1` values (the rest is ignored).
pub fn irfft_reference(half: &[Complex64], len: usize) -> Vec<f64> {
    let full = hermitian_extension(half, len);
    fast_fft(&full, Direction::Inverse)
        .into_iter()
        .map(|v| v.re)
        .collect()
}

/// The `len`-point spectrum with Hermitian symmetry whose first `len / 2 + 1` values are
/// `half`'s (DC and, for even `len`, Nyquist made real).
pub fn hermitian_extension(half: &[Complex64], len: usize) -> Vec<Complex64> {
    let h1 = half_spectrum_len(len);
    let mut full = vec![Complex64::new(0.0, 0.0); len];
    for k in 0..len {
        full[k] = if k < h1 {
            half[k]
        } else {
            half[len - k].conj()
        };
    }
    if len > 0 {
        full[0].im = 0.0;
    }
    if len % 2 == 0 && len > 0 {
        full[len / 2].im = 0.0;
    }
    full
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_layouts() {
        let spec = RealSpec {
            step: RealStep::Merge,
            odd: true,
            precision: Precision::F64,
        };
        assert_eq!(spec.name(), "fft_real_merge_odd_f64");
        assert!(!spec.has_twiddles());
        assert_eq!(RealSpec::all(Precision::F32).len(), 8);
        assert_eq!(RealLayout::Padded.row_distance(8), 10);
        assert_eq!(RealLayout::Padded.row_distance(7), 8);
        assert_eq!(RealLayout::Compact.row_distance(7), 7);
    }

    #[test]
    fn references_of_large_primes_stay_fast_and_exact() {
        let n = 1031; // prime: Bluestein's f64 algorithm instead of an O(N^2) recursion
        let x: Vec<f64> = (0..n)
            .map(|i| ((i * 7919) % 1000) as f64 / 500.0 - 1.0)
            .collect();
        let complex: Vec<Complex64> = x.iter().map(|&v| Complex64::new(v, 0.0)).collect();
        let naive = crate::naive_dft(&complex, Direction::Forward);
        let got = rfft_reference(&x);
        let report = crate::accuracy::ErrorReport::compare(&got, &naive[..n / 2 + 1]);
        assert!(report.relative_l2 < 1e-13, "{report:?}");
    }

    #[test]
    fn references_round_trip_and_match_numpy_layout() {
        for n in [1usize, 2, 5, 8, 9] {
            let x: Vec<f64> = (0..n).map(|i| (i as f64 * 0.7).sin() + 0.1).collect();
            let half = rfft_reference(&x);
            assert_eq!(half.len(), n / 2 + 1);
            let back = irfft_reference(&half, n);
            for (a, b) in back.iter().zip(&x) {
                assert!((a / n as f64 - b).abs() < 1e-12, "n = {n}");
            }
        }
        // numpy ignores the imaginary parts of DC and Nyquist.
        let mut half = rfft_reference(&[1.0, 2.0, 3.0, 4.0]);
        let plain = irfft_reference(&half, 4);
        half[0].im = 5.0;
        half[2].im = -3.0;
        assert_eq!(irfft_reference(&half, 4), plain);
    }
}
