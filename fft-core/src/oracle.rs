//! The f64 oracle: a naive DFT (the definition, O(N^2)) and a radix-2 reference FFT
//! (O(N log N), itself checked against the naive DFT) for lengths where N^2 is too slow.

use crate::{log2_exact, unit_root, Direction};
use num_complex::Complex64;

/// The discrete Fourier transform by its definition, in f64, unnormalized.
///
/// Twiddles come from one exact table of `W_N^j` indexed by `(j*k) mod N`, and the sums are
/// compensated (Neumaier), so the oracle's own relative error stays near f64 epsilon for any
/// N instead of growing like `eps * sqrt(N)` as plain summation does. That matters: an f64
/// FFT of 4096 points errs by about `eps * sqrt(12)`, less than a plain naive DFT would.
/// Cost O(N^2): use it up to a few thousand points.
pub fn naive_dft(input: &[Complex64], direction: Direction) -> Vec<Complex64> {
    let n = input.len();
    if n == 0 {
        return Vec::new();
    }
    let roots: Vec<Complex64> = (0..n)
        .map(|j| unit_root(j as i64, n as u64, direction))
        .collect();
    (0..n)
        .map(|k| {
            let (mut re, mut im) = (CompensatedSum::default(), CompensatedSum::default());
            let mut idx = 0usize;
            for x in input {
                let w = roots[idx];
                re.add(x.re * w.re);
                re.add(-x.im * w.im);
                im.add(x.re * w.im);
                im.add(x.im * w.re);
                idx += k;
                if idx >= n {
                    idx -= n;
                }
            }
            Complex64::new(re.value(), im.value())
        })
        .collect()
}

/// Neumaier's compensated summation: the running error of each addition is kept and added
/// back at the end.
#[derive(Default)]
struct CompensatedSum {
    sum: f64,
    compensation: f64,
}

impl CompensatedSum {
    fn add(&mut self, value: f64) {
        let t = self.sum + value;
        if self.sum.abs() >= value.abs() {
            self.compensation += (self.sum - t) + value;
        } else {
            self.compensation += (value - t) + self.sum;
        }
        self.sum = t;
    }

    fn value(&self) -> f64 {
        self.sum + self.compensation
    }
}

/// An iterative radix-2 FFT in f64 with exact twiddles, unnormalized.
///
/// Returns `None` when `input.len()` is not a power of two.
pub fn reference_fft(input: &[Complex64], direction: Direction) -> Option<Vec<Complex64>> {
    let n = input.len();
    let bits = log2_exact(n)?;
    let mut data: Vec<Complex64> = (0..n).map(|k| input[crate::bit_reverse(k, bits)]).collect();
    let roots: Vec<Complex64> = (0..n / 2)
        .map(|j| unit_root(j as i64, n as u64, direction))
        .collect();
    let mut half = 1;
    while half < n {
        let step = n / (2 * half);
        for start in (0..n).step_by(2 * half) {
            for j in 0..half {
                let w = roots[j * step];
                let a = data[start + j];
                let b = data[start + j + half] * w;
                data[start + j] = a + b;
                data[start + j + half] = a - b;
            }
        }
        half *= 2;
    }
    Some(data)
}

/// A mixed-radix FFT in f64 for any length, unnormalized: recursive decimation in time by
/// the smallest prime factor, with exact twiddles from one table of `W_N^j`; each level costs
/// O(N p), so it is fast for smooth lengths (Bluestein's convolution length M, whose filter
/// spectrum the plan computes on the host) and falls back to O(N^2) for a large prime.
pub fn mixed_fft(input: &[Complex64], direction: Direction) -> Vec<Complex64> {
    let n = input.len();
    if n == 0 {
        return Vec::new();
    }
    let roots: Vec<Complex64> = (0..n)
        .map(|j| unit_root(j as i64, n as u64, direction))
        .collect();
    mixed_level(input, &roots, 1)
}

/// One level of [`mixed_fft`]: the FFT of `x` (length n), `roots[j * step]` = `W_n^j`.
fn mixed_level(x: &[Complex64], roots: &[Complex64], step: usize) -> Vec<Complex64> {
    let n = x.len();
    if n == 1 {
        return x.to_vec();
    }
    let r = (2..=n).find(|f| n % f == 0).unwrap_or(n);
    let m = n / r;
    let subs: Vec<Vec<Complex64>> = (0..r)
        .map(|s| {
            let part: Vec<Complex64> = x.iter().skip(s).step_by(r).copied().collect();
            mixed_level(&part, roots, step * r)
        })
        .collect();
    (0..n)
        .map(|index| {
            let k = index % m;
            subs.iter()
                .enumerate()
                .map(|(s, sub)| sub[k] * roots[(s * index) % n * step])
                .sum()
        })
        .collect()
}

/// [`reference_fft`] for powers of two, [`mixed_fft`] for every other length.
pub fn host_fft(input: &[Complex64], direction: Direction) -> Vec<Complex64> {
    reference_fft(input, direction).unwrap_or_else(|| mixed_fft(input, direction))
}

#[cfg(test)]
mod tests {
    #[test]
    fn mixed_fft_equals_the_naive_dft() {
        use super::*;
        for (n, direction) in [
            (1, Direction::Forward),
            (35, Direction::Inverse),
            (360, Direction::Forward),
            (2 * 3 * 5 * 7 * 11, Direction::Forward),
            (97, Direction::Inverse),
        ] {
            let x: Vec<Complex64> = (0..n)
                .map(|j| Complex64::new((j as f64 * 0.37).sin(), (j as f64 * 1.3).cos()))
                .collect();
            let want = naive_dft(&x, direction);
            let got = mixed_fft(&x, direction);
            let err = crate::accuracy::relative_l2_error(&got, &want);
            assert!(err < 1e-14, "{n}: {err}");
        }
    }

    use super::*;
    use crate::accuracy::relative_l2_error;
    use approx::assert_abs_diff_eq;
    use proptest::prelude::*;

    fn c(re: f64, im: f64) -> Complex64 {
        Complex64::new(re, im)
    }

    #[test]
    fn impulse_transforms_to_flat() {
        let mut x = vec![c(0.0, 0.0); 16];
        x[0] = c(1.0, 0.0);
        for v in naive_dft(&x, Direction::Forward) {
            assert_eq!(v, c(1.0, 0.0));
        }
    }

    #[test]
    fn flat_transforms_to_scaled_impulse() {
        let x = vec![c(1.0, 0.0); 8];
        let y = naive_dft(&x, Direction::Forward);
        assert_abs_diff_eq!(y[0].re, 8.0, epsilon = 1e-12);
        for v in &y[1..] {
            assert!(v.norm() < 1e-12, "{v}");
        }
    }

    #[test]
    fn shifted_impulse_is_a_twiddle_ramp() {
        // x[j] = delta(j - 1)  =>  X[k] = W_N^k
        let n = 12;
        let mut x = vec![c(0.0, 0.0); n];
        x[1] = c(1.0, 0.0);
        let y = naive_dft(&x, Direction::Forward);
        for (k, v) in y.iter().enumerate() {
            assert_eq!(*v, unit_root(k as i64, n as u64, Direction::Forward));
        }
    }

    #[test]
    fn single_tone_lands_in_its_bin() {
        let n = 32;
        let x: Vec<_> = (0..n)
            .map(|j| unit_root(5 * j as i64, n as u64, Direction::Inverse))
            .collect();
        let y = naive_dft(&x, Direction::Forward);
        assert_abs_diff_eq!(y[5].re, n as f64, epsilon = 1e-11);
        let off: f64 = y
            .iter()
            .enumerate()
            .filter(|(k, _)| *k != 5)
            .map(|(_, v)| v.norm())
            .sum();
        assert!(off < 1e-10, "leakage {off}");
    }

    #[test]
    fn compensated_sum_recovers_what_plain_summation_loses() {
        let mut sum = CompensatedSum::default();
        for v in [1.0, 1e100, 1.0, -1e100] {
            sum.add(v);
        }
        assert_eq!(sum.value(), 2.0);
    }

    #[test]
    fn non_power_of_two_has_no_reference_fft() {
        assert!(reference_fft(&[c(1.0, 0.0); 6], Direction::Forward).is_none());
    }

    fn signal(max_log2: u32) -> impl Strategy<Value = Vec<Complex64>> {
        (0..=max_log2).prop_flat_map(|b| {
            prop::collection::vec((-1.0..1.0f64, -1.0..1.0f64), 1usize << b)
                .prop_map(|v| v.into_iter().map(|(re, im)| c(re, im)).collect())
        })
    }

    proptest! {
        #[test]
        fn reference_fft_equals_naive_dft(x in signal(10), inverse in any::<bool>()) {
            let dir = if inverse { Direction::Inverse } else { Direction::Forward };
            let fast = reference_fft(&x, dir).unwrap();
            let slow = naive_dft(&x, dir);
            prop_assert!(relative_l2_error(&fast, &slow) < 1e-14);
        }

        #[test]
        fn inverse_of_forward_is_n_times_input(x in signal(9)) {
            let n = x.len() as f64;
            let back = naive_dft(&naive_dft(&x, Direction::Forward), Direction::Inverse);
            let scaled: Vec<_> = back.iter().map(|v| v / n).collect();
            prop_assert!(relative_l2_error(&scaled, &x) < 1e-13);
        }

        #[test]
        fn parseval_holds(x in signal(9)) {
            let y = naive_dft(&x, Direction::Forward);
            let ex: f64 = x.iter().map(|v| v.norm_sqr()).sum();
            let ey: f64 = y.iter().map(|v| v.norm_sqr()).sum::<f64>() / x.len() as f64;
            prop_assert!((ex - ey).abs() <= 1e-12 * ex.max(1.0));
        }

        #[test]
        fn dft_is_linear(x in signal(7), a in -2.0..2.0f64) {
            let y: Vec<_> = x.iter().rev().copied().collect();
            let mixed: Vec<_> = x.iter().zip(&y).map(|(p, q)| p * a + q).collect();
            let fx = naive_dft(&x, Direction::Forward);
            let fy = naive_dft(&y, Direction::Forward);
            let want: Vec<_> = fx.iter().zip(&fy).map(|(p, q)| p * a + q).collect();
            prop_assert!(relative_l2_error(&naive_dft(&mixed, Direction::Forward), &want) < 1e-13);
        }
    }
}
