//! Stage twiddles from few table reads: the twiddles `W^(kk*m)`, `m = 1..r`, of a
//! radix-`r` butterfly in a stage that keeps its values in registers, read for `m < s` and
//! for the multiples of a grid step `s`, and formed as one product `W^(kk*q) * W^(kk*d)`
//! (`m = q + d`, `q` a multiple of `s`, `0 < d < s`) for the rest.
//!
//! A radix-20 butterfly reads 7 entries instead of 19. Each stage-twiddle read is a load
//! through the L1 cache, which the local-memory exchanges use too. Measured on the H200
//! (docs/PERFORMANCE.md, 2026-11-26 "twiddle grid"; f32, 2^27 points): 3125 points from
//! 0.620 to 0.564 ms, 2187 from 0.677 to 0.630, 1000 from 0.591 to 0.580, 10000 from 1.011
//! to 0.993; powers of two within 1 %. A product is one rounding more than a table entry,
//! and never more than one: chaining `W^(kk*m) = W^(kk*(m-1)) * W^(kk)` read a single
//! entry but its error grows with `m`, and pushed 9000 points past the f32 accuracy bound
//! (3.9e-7 against 3.0e-7 on the H100); the grid measured 1.49e-7 at 6561 and 10000 against
//! the table's 1.46e-7.
//!
//! Not in a pass that computes Bluestein's convolution ([`super::shape::Shape::twiddle_step`]):
//! its stages run twice, and with the grid the convolution of 1009 points took 2.29 ms
//! against 1.61 ms reading every twiddle.

/// Where twiddle `m` of a butterfly comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TwiddleSource {
    /// Read from the stage's table.
    Read,
    /// The product of twiddles `q` and `d` (`q + d = m`), both read.
    Product(u32, u32),
}

/// The grid step of a radix-`r` butterfly: the `s` that reads the fewest entries,
/// `(s - 1) + (r - 1) / s` (the smallest such `s`).
pub(crate) fn grid_step(r: u32) -> u32 {
    (1..r.max(2))
        .min_by_key(|&s| (s - 1) + (r - 1) / s)
        .unwrap_or(1)
}

/// The source of twiddle `m` of a butterfly whose twiddles lie on a grid of step `s`
/// ([`grid_step`]; 1 reads them all).
pub(crate) fn twiddle_source(s: u32, m: u32) -> TwiddleSource {
    let (q, d) = (m - m % s, m % s);
    if q == 0 || d == 0 {
        TwiddleSource::Read
    } else {
        TwiddleSource::Product(q, d)
    }
}

/// The number of products among a radix-`r` butterfly's `r - 1` twiddles on a grid of step
/// `s`.
pub(crate) fn products(r: u32, s: u32) -> u32 {
    (1..r)
        .filter(|&m| twiddle_source(s, m) != TwiddleSource::Read)
        .count() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_product_is_of_two_read_twiddles_that_sum_to_m() {
        for r in 2..=64 {
            let s = grid_step(r);
            for m in 1..r {
                if let TwiddleSource::Product(q, d) = twiddle_source(s, m) {
                    assert_eq!(q + d, m, "r = {r}, m = {m}");
                    assert_eq!(twiddle_source(s, q), TwiddleSource::Read);
                    assert_eq!(twiddle_source(s, d), TwiddleSource::Read);
                }
            }
        }
    }

    #[test]
    fn reads_about_two_square_roots_of_the_radix() {
        let reads = |r: u32| r - 1 - products(r, grid_step(r));
        assert_eq!(reads(2), 1);
        assert_eq!(reads(3), 2);
        assert_eq!(reads(5), 3);
        assert_eq!(reads(10), 5);
        assert_eq!(reads(20), 7);
        assert_eq!(reads(27), 9);
        assert_eq!(reads(64), 14);
        for r in 2..=64u32 {
            let bound = 2 * (r as f64).sqrt().ceil() as u32;
            assert!(reads(r) <= bound, "r = {r}: {} reads", reads(r));
        }
    }

    #[test]
    fn a_step_of_one_reads_every_twiddle() {
        for r in 2..=64 {
            assert_eq!(products(r, 1), 0, "r = {r}");
        }
    }
}
