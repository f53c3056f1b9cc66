//! Host-computed pass twiddles (DESIGN.md section 5): exact in f64, rounded once.

use crate::float::{complex_from_f64, FftFloat};
use fft_core::{unit_root, Direction};
use num_complex::Complex;

/// The table a global radix pass of `radix` and stride `stride` reads:
/// entry `(m - 1) * stride + k` is `W_{radix*stride}^{k*m}` for `m` in `1..radix` and `k` in
/// `0..stride`, so neighbouring work-items (neighbouring `k`) read neighbouring entries.
pub fn pass_twiddles<T: FftFloat>(
    radix: u32,
    stride: usize,
    direction: Direction,
) -> Vec<Complex<T>> {
    let span = (radix as u64) * stride as u64;
    (1..radix as i64)
        .flat_map(|m| (0..stride as i64).map(move |k| unit_root(k * m, span, direction)))
        .map(complex_from_f64)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_is_rows_of_stride() {
        let table = pass_twiddles::<f64>(4, 8, Direction::Forward);
        assert_eq!(table.len(), 3 * 8);
        // m = 2, k = 3: W_32^6
        assert_eq!(table[8 + 3], unit_root(6, 32, Direction::Forward));
        // k = 0 is always 1
        assert_eq!(table[16], Complex::new(1.0, 0.0));
    }

    #[test]
    fn inverse_table_is_conjugate() {
        let fwd = pass_twiddles::<f32>(8, 4, Direction::Forward);
        let inv = pass_twiddles::<f32>(8, 4, Direction::Inverse);
        for (f, i) in fwd.iter().zip(&inv) {
            assert_eq!(f.conj(), *i);
        }
    }
}
