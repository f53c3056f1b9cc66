//! What a fused pass costs by its position, for the estimate planner's two-pass splits.
//!
//! A pass of a two-pass plan reads and writes runs of its work-group's columns; the last
//! pass's sub-FFTs sit at the larger stride, and its runs reach more DRAM pages per
//! work-group, so the same length costs more last than first (2048 points: 0.91 ms first,
//! 1.00 ms last). Balanced splits ignore that. Measure mode on the H100 (docs/PERFORMANCE.md,
//! 2026-11-24, `docs/bench/2026-11-24-parts/5-measure/tuning.toml`) timed every two-pass
//! split of 2^13..2^24 points in f32; a least-squares fit of `first[a] + last[b]` to those 46
//! timings (rms residual 12 us of 1440-2260) gives the table below, and its cheapest split is
//! the fastest measured one, or within 1 us of it, at every length.

use crate::Precision;

/// The cost of one f32 fused pass of 2^`log2` points, in microseconds per 2^27 points on the
/// H100 (only sums of a first and a last cost mean anything: the split of a common offset
/// between the columns is arbitrary).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PassCost {
    log2: u32,
    first_us: u32,
    last_us: u32,
}

const fn cost(log2: u32, first_us: u32, last_us: u32) -> PassCost {
    PassCost {
        log2,
        first_us,
        last_us,
    }
}

/// f32 passes of 32 to 4096 points (the wide passes from 1024 on).
const F32_COSTS: [PassCost; 8] = [
    cost(5, 729, 708),
    cost(6, 741, 709),
    cost(7, 733, 705),
    cost(8, 737, 723),
    cost(9, 774, 757),
    cost(10, 788, 768),
    cost(11, 907, 1000),
    cost(12, 1107, 1147),
];

/// The split of 2^`log2_len` into a first and a last pass of at most 2^`max_log2` points
/// each that the measured costs of `precision` say is cheapest, where it is cheaper than
/// `balanced` by more than [`MIN_SAVING_PERCENT`]; `None` where no costs are known (f64,
/// whose balanced splits measure mode found fastest at every length), no split is covered,
/// or the balanced split is as good within the fit's error.
pub(super) fn cheapest_two_pass_split(
    log2_len: u32,
    max_log2: u32,
    precision: Precision,
    balanced: [u32; 2],
) -> Option<[u32; 2]> {
    let costs: &[PassCost] = match precision {
        Precision::F32 => &F32_COSTS,
        Precision::F64 => return None,
    };
    let total = |split: [u32; 2]| {
        two_pass_cost(costs, split).filter(|_| split.iter().all(|&e| e <= max_log2))
    };
    let (best, split) = costs
        .iter()
        .rev()
        .filter_map(|first| {
            let split = [first.log2, log2_len.checked_sub(first.log2)?];
            Some((total(split)?, split))
        })
        .min_by_key(|&(total, _)| total)?;
    let balanced = total(balanced)?;
    (u64::from(best) * 100 < u64::from(balanced) * (100 - MIN_SAVING_PERCENT)).then_some(split)
}

/// The least saving, in percent of the balanced split's cost, worth leaving it for: above
/// the fit's error (rms 12 us, 0.8 %).
const MIN_SAVING_PERCENT: u64 = 1;

/// What an f32 plan of three fused passes as [`three_pass_exponents`] lays them out costs,
/// in the units of [`F32_COSTS`]. Measured on the H200 (docs/PERFORMANCE.md, 2026-11-29,
/// x2): 2^23 points as 1024 x 64 x 128 took 0.970 of 2048 x 4096 (1.650 against 1.700 ms
/// per 2^27 points), 2^24 as 1024 x 128 x 128 0.895 of 4096 x 4096 (1.691 against 1.889):
/// 1993 and 2018 against those splits' 2054 and 2254. The 4096-point passes hold 4 columns
/// and take 1.7-2 copies each, three shorter passes about 1.1.
const THREE_PASS_US: u32 = 2000;

/// Whether an f32 transform planned as the two passes `split` runs faster as three
/// ([`THREE_PASS_US`]): 2^23 and 2^24 points, not 2^22 (4096 x 1024, 1875).
pub(super) fn three_passes_cheaper(split: [u32; 2], precision: Precision) -> bool {
    precision == Precision::F32
        && two_pass_cost(&F32_COSTS, split).is_some_and(|cost| cost > THREE_PASS_US)
}

/// The cost of the two passes `split` in `costs`, where both lengths are in it.
fn two_pass_cost(costs: &[PassCost], [first, last]: [u32; 2]) -> Option<u32> {
    let of = |log2: u32| costs.iter().find(|c| c.log2 == log2);
    Some(of(first)?.first_us + of(last)?.last_us)
}

/// The sub-FFT exponents of an f32 plan of `passes` (three or more) fused passes of
/// 2^`log2_len` points: a first pass of 1024 points, a last of 128, the middle balanced (the
/// larger first). The first pass reads its runs at the smallest stride and the last at the
/// largest, so the long pass goes first and the short one last: on the H200 (x2, per 2^27
/// points) 2^24 as 1024 x 128 x 128 took 1.691 ms against 1.761 for 512 x 256 x 128, 2^25
/// as 1024 x 256 x 128 1.788 against 1.875 for 512 x 256 x 256, 2^26 as 1024 x 512 x 128
/// 1.834 against 1.912 for 512 x 512 x 256; first passes of 2048 were slower (0.69 against
/// 0.59 ms). `None` where a pass would not be 4 to 2^`max_log2` points.
pub(super) fn three_pass_exponents(log2_len: u32, passes: u32, max_log2: u32) -> Option<Vec<u32>> {
    const FIRST: u32 = 10;
    const LAST: u32 = 7;
    let middle_passes = passes.checked_sub(2).filter(|&m| m >= 1)?;
    let rest = log2_len.checked_sub(FIRST + LAST)?;
    let (base, extra) = (rest / middle_passes, rest % middle_passes);
    let middle = (0..middle_passes).map(|i| base + u32::from(i < extra));
    let exps: Vec<u32> = std::iter::once(FIRST).chain(middle).chain([LAST]).collect();
    exps.iter()
        .all(|&e| (2..=max_log2).contains(&e))
        .then_some(exps)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The split the planner takes: the cheapest, or the balanced one (larger first).
    fn split(log2_len: u32) -> [u32; 2] {
        let balanced = [log2_len.div_ceil(2), log2_len / 2];
        cheapest_two_pass_split(log2_len, 12, Precision::F32, balanced).unwrap_or(balanced)
    }

    #[test]
    fn the_splits_taken_are_the_ones_measure_mode_found_fastest_or_within_its_noise() {
        // Measured fastest on the H100 (tuning.toml of 2026-11-24), us: 2^15 256x128,
        // 2^16 256x256, 2^17 1024x128 (1479; the balanced 512x256 1497), 2^18 1024x256 and
        // 256x1024 (1499.5, 1500.0; 512x512 1526), 2^19 512x1024 and 1024x512 (1537, 1538),
        // 2^20 1024x1024, 2^21 2048x1024, 2^22 4096x1024 (1875; 2048x2048 1915), 2^23
        // 2048x4096 (2062; 4096x2048 2124), 2^24 4096x4096. At 2^17 the model misses by 14 us
        // (its rms error is 12 us) and keeps the balanced split.
        assert_eq!(split(15), [8, 7]);
        assert_eq!(split(16), [8, 8]);
        assert_eq!(split(17), [9, 8]);
        assert_eq!(split(18), [8, 10]);
        assert_eq!(split(19), [10, 9]);
        assert_eq!(split(20), [10, 10]);
        assert_eq!(split(21), [11, 10]);
        assert_eq!(split(22), [12, 10]);
        assert_eq!(split(23), [11, 12]);
        assert_eq!(split(24), [12, 12]);
    }

    #[test]
    fn three_passes_replace_two_from_2_pow_23_in_f32_long_first_short_last() {
        assert!(!three_passes_cheaper(split(22), Precision::F32));
        assert!(three_passes_cheaper(split(23), Precision::F32));
        assert!(three_passes_cheaper(split(24), Precision::F32));
        assert!(!three_passes_cheaper([12, 12], Precision::F64));
        assert_eq!(three_pass_exponents(23, 3, 12), Some(vec![10, 6, 7]));
        assert_eq!(three_pass_exponents(27, 3, 12), Some(vec![10, 10, 7]));
        assert_eq!(three_pass_exponents(30, 4, 12), Some(vec![10, 7, 6, 7]));
        // A middle pass of 2 points at least, none above the widest pass.
        assert_eq!(three_pass_exponents(18, 3, 12), None);
        assert_eq!(three_pass_exponents(30, 3, 12), None);
        assert_eq!(three_pass_exponents(24, 3, 9), None);
    }

    #[test]
    fn splits_stay_within_the_largest_pass_and_the_table() {
        let cheapest = |log2_len, max_log2, precision, balanced| {
            cheapest_two_pass_split(log2_len, max_log2, precision, balanced)
        };
        assert_eq!(cheapest(25, 12, Precision::F32, [13, 12]), None);
        assert_eq!(cheapest(22, 11, Precision::F32, [11, 11]), None);
        assert_eq!(cheapest(22, 12, Precision::F64, [11, 11]), None);
        // Below 32 points no cost is known.
        assert_eq!(cheapest(9, 12, Precision::F32, [5, 4]), None);
    }
}
