//! Host-computed twiddle tables (DESIGN.md section 5): exact in f64; the runtime rounds each
//! value once to the data precision.

use crate::{unit_root, Complex64, Direction};

/// The table a global radix pass of `radix` and stride `stride` reads:
/// entry `(m - 1) * stride + k` is `W_{radix*stride}^{k*m}` for `m` in `1..radix` and `k` in
/// `0..stride`, so neighbouring work-items (neighbouring `k`) read neighbouring entries.
pub fn pass_twiddles(radix: u32, stride: usize, direction: Direction) -> Vec<Complex64> {
    let span = (radix as u64) * stride as u64;
    (1..radix as i64)
        .flat_map(|m| (0..stride as i64).map(move |k| unit_root(k * m, span, direction)))
        .collect()
}

/// `W_len^s` for `s < len`: the table a fused kernel reads its between-stage twiddles from.
pub fn stage_twiddles(len: u32, direction: Direction) -> Vec<Complex64> {
    (0..i64::from(len))
        .map(|s| unit_root(s, u64::from(len), direction))
        .collect()
}

/// The two-level table of a fused pass's twiddles `W_span^s`, `s < span`:
/// `W_span^s = hi[s >> h] * lo[s & (2^h - 1)]`, each level exact, so a pass over 2^26 points
/// needs two tables of 2^13 entries instead of one of 2^26.
#[derive(Clone, Debug, PartialEq)]
pub struct SplitTwiddles {
    /// The split exponent.
    pub h: u32,
    /// `hi[a] = W_span^(a << h)`.
    pub hi: Vec<Complex64>,
    /// `lo[b] = W_span^b`, `b < 2^h`.
    pub lo: Vec<Complex64>,
}

/// The split exponent of [`SplitTwiddles`] for `span`: `ceil(log2(span) / 2)`.
pub(crate) fn split_exponent(span: u64) -> u32 {
    span.max(1).ilog2().div_ceil(2)
}

/// Builds [`SplitTwiddles`] for any `span >= 1` in `direction` (`hi` has `ceil(span / 2^h)`
/// entries, so a mixed span such as `1000 * 3` is covered too).
pub fn split_twiddles(span: u64, direction: Direction) -> SplitTwiddles {
    let h = split_exponent(span);
    let root = |s: u64| unit_root(s as i64, span, direction);
    SplitTwiddles {
        h,
        hi: (0..span.div_ceil(1 << h).max(1))
            .map(|a| root(a << h))
            .collect(),
        lo: (0..1u64 << h).map(root).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_table_reconstructs_every_twiddle() {
        let span = 1u64 << 11;
        let table = split_twiddles(span, Direction::Inverse);
        assert_eq!(table.h, 6);
        assert_eq!(table.lo.len(), 64);
        assert_eq!(table.hi.len(), 32);
        for s in 0..span {
            let w = table.hi[(s >> table.h) as usize] * table.lo[(s & 63) as usize];
            let want = unit_root(s as i64, span, Direction::Inverse);
            assert!((w - want).norm() < 1e-15, "{s}");
        }
    }

    #[test]
    fn split_table_covers_mixed_spans() {
        for span in [3000u64, 7 * 11 * 13, 999, 2] {
            let table = split_twiddles(span, Direction::Forward);
            for s in 0..span {
                let got = table.hi[(s >> table.h) as usize]
                    * table.lo[(s & ((1 << table.h) - 1)) as usize];
                let want = unit_root(s as i64, span, Direction::Forward);
                assert!((got - want).norm() < 1e-15, "{span} {s}");
            }
        }
    }

    #[test]
    fn stage_table_holds_the_roots() {
        let table = stage_twiddles(8, Direction::Forward);
        assert_eq!(table.len(), 8);
        assert_eq!(table[2], Complex64::new(0.0, -1.0));
    }

    #[test]
    fn layout_is_rows_of_stride() {
        let table = pass_twiddles(4, 8, Direction::Forward);
        assert_eq!(table.len(), 3 * 8);
        // m = 2, k = 3: W_32^6
        assert_eq!(table[8 + 3], unit_root(6, 32, Direction::Forward));
        // k = 0 is always 1
        assert_eq!(table[16], Complex64::new(1.0, 0.0));
    }

    #[test]
    fn inverse_table_is_conjugate() {
        let fwd = pass_twiddles(8, 4, Direction::Forward);
        let inv = pass_twiddles(8, 4, Direction::Inverse);
        for (f, i) in fwd.iter().zip(&inv) {
            assert_eq!(f.conj(), *i);
        }
    }
}
