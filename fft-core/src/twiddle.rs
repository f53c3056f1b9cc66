//! Exact twiddle factors in f64.

use crate::Direction;
use num_complex::Complex64;
use std::f64::consts::{FRAC_1_SQRT_2, FRAC_PI_2};

/// `exp(sign * 2*pi*i * k / n)` with `sign` from `direction`, accurate to about 1 ulp of f64.
///
/// The angle is reduced exactly in integers to the first octant before `sin`/`cos` are
/// evaluated, so `W_n^k` for large `k` is as accurate as for small `k`, and the values on
/// the axes and diagonals are exact (`W_4^1 == -i` forward, not `6e-17 - i`).
///
/// # Panics
/// Panics if `n == 0` (a zero-length root of unity has no meaning).
pub fn unit_root(k: i64, n: u64, direction: Direction) -> Complex64 {
    assert!(n > 0, "unit_root needs n > 0");
    let n = n as i128;
    let k = (k as i128).rem_euclid(n);
    // Angle = 2*pi*k/n = (pi/2) * (4k/n): quarter turns q plus a fraction r/n of a quarter.
    let four_k = 4 * k;
    let quarter = four_k / n;
    let rem = four_k - quarter * n; // 0 <= rem < n
                                    // Angle within the quarter, as (cos, sin) computed from the smaller complementary angle.
    let (c, s) = if 2 * rem == n {
        (FRAC_1_SQRT_2, FRAC_1_SQRT_2)
    } else if 2 * rem < n {
        let a = FRAC_PI_2 * rem as f64 / n as f64;
        (a.cos(), a.sin())
    } else {
        let a = FRAC_PI_2 * (n - rem) as f64 / n as f64;
        (a.sin(), a.cos())
    };
    // Rotate by `quarter` quarter turns counter-clockwise (angle positive = e^{+i...}).
    let (c, s) = match quarter {
        0 => (c, s),
        1 => (-s, c),
        2 => (-c, -s),
        _ => (s, -c),
    };
    Complex64::new(c, direction.sign() * s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use approx::assert_abs_diff_eq;

    #[test]
    fn axes_are_exact() {
        assert_eq!(
            unit_root(0, 4, Direction::Forward),
            Complex64::new(1.0, 0.0)
        );
        assert_eq!(
            unit_root(1, 4, Direction::Forward),
            Complex64::new(0.0, -1.0)
        );
        assert_eq!(
            unit_root(2, 4, Direction::Forward),
            Complex64::new(-1.0, 0.0)
        );
        assert_eq!(
            unit_root(3, 4, Direction::Forward),
            Complex64::new(0.0, 1.0)
        );
        assert_eq!(
            unit_root(1, 4, Direction::Inverse),
            Complex64::new(0.0, 1.0)
        );
    }

    #[test]
    fn matches_libm_angle() {
        for n in [3u64, 8, 12, 1000, 4096] {
            for k in -(n as i64)..(2 * n as i64) {
                let a = -2.0 * std::f64::consts::PI * k as f64 / n as f64;
                let w = unit_root(k, n, Direction::Forward);
                assert_abs_diff_eq!(w.re, a.cos(), epsilon = 1e-14);
                assert_abs_diff_eq!(w.im, a.sin(), epsilon = 1e-14);
            }
        }
    }

    #[test]
    fn diagonal_is_symmetric() {
        let w = unit_root(1, 8, Direction::Forward);
        assert_eq!(w.re, -w.im);
        assert_abs_diff_eq!(w.re, std::f64::consts::FRAC_1_SQRT_2, epsilon = 1e-16);
    }
}
