//! How Bluestein's power-of-two convolution length M splits into fused passes on GPUs.
//!
//! Its first forward pass pads (reading its sub-FFTs at a stride), its last forward pass
//! multiplies by the filter and its last inverse pass unpads (both writing at a stride), so
//! these passes carry Bluestein's edges and cannot be [wide](crate::kernel::FusedSpec::is_wide):
//! a sub-FFT of 1024 points runs 4 side by side (runs of 32 bytes at the strided side), 2048
//! points 2, 4096 points 1. The split the plain transform of M takes put 1024 to 4096 points in
//! the last passes. Measured on the H100 (docs/PERFORMANCE.md, 2026-11-25; f32, M x batch =
//! 2^28, every split through `shapes --decomposition=`), the last pass should be short and the
//! first pass long; the estimate's split against this one:
//!
//! | M | estimate | ms | this split | ms | cuFFT ms |
//! |---|---|---|---|---|---|
//! | 2^18 | 256 x 1024 | 7.18 | 1024 x 256 | 5.86 | 6.44 |
//! | 2^20 | 1024 x 1024 | 8.34 | 2048 x 512 | 7.11 | 6.80 |
//! | 2^21 | 2048 x 1024 | 9.41 | 4096 x 512 | 8.85 | 9.87 |
//! | 2^22 | 4096 x 1024 | 10.78 | 128 x 128 x 256 | 9.55 | 10.17 |
//! | 2^23 | 2048 x 4096 | 22.99 | 256 x 128 x 256 | 9.71 | 10.36 |
//!
//! At 2^17 and 2^19 the estimate's split is this one's; every other split measured was slower
//! by 1 % or more but at 2^17 (256 x 512, 5.64 ms against 5.72). In f64 (several passes up
//! to 2048 points, so 2^21 takes three: 128 x 64 x 256) the same rule was the fastest split
//! measured from 2^18 to 2^22 (`e9.txt`): 2^18 6.05 -> 5.75 ms, 2^20 8.66 -> 7.82, 2^21 9.75
//! -> 9.54, 2^22 15.36 -> 9.66 (cuFFT 6.07, 7.94, 10.08, 10.19); at 2^17 1024 x 128 took
//! 5.51 ms against 5.62.

use super::choice::FusedSplit;
use super::rules::FusedLimits;

/// The shortest M (log2) the split applies to: shorter ones were not measured (M up to
/// 16384 is one pass, Bluestein's whole convolution).
const MIN_LOG2: u32 = 17;
/// The last pass's length (log2) from M = 2^19 on: 512 points, 8 side by side.
const LAST_LOG2: u32 = 9;
/// The last pass's length (log2) below M = 2^19, and of three passes or more: 256 points.
const SHORT_LAST_LOG2: u32 = 8;

/// The fused passes of Bluestein's M = 2^`log2_m` on a device with `limits`: two passes
/// whose last is 512 points (256 below M = 2^19), the first the rest while it fits a pass of
/// several (4096 points in f32, 2048 in f64); beyond, a last pass of 256 points after the
/// rest split evenly, the longer first (2^22 = 128 x 128 x 256). `None` where the estimate's
/// split stands: M below 2^17, M of one pass.
pub(super) fn bluestein_split(log2_m: u32, limits: FusedLimits) -> Option<FusedSplit> {
    if log2_m < MIN_LOG2 || 1usize << log2_m <= limits.single_pass_max {
        return None;
    }
    let max_e = limits.multi_pass_max.max(2).ilog2();
    let last = if log2_m >= MIN_LOG2 + 2 {
        LAST_LOG2
    } else {
        SHORT_LAST_LOG2
    };
    if log2_m - last <= max_e {
        return FusedSplit::new(&[log2_m - last, last]);
    }
    let rest = log2_m - SHORT_LAST_LOG2;
    let passes = rest.div_ceil(max_e).max(2);
    let (base, extra) = (rest / passes, rest % passes);
    let mut log2s: Vec<u32> = (0..passes).map(|i| base + u32::from(i < extra)).collect();
    log2s.push(SHORT_LAST_LOG2);
    FusedSplit::new(&log2s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::DeviceCaps;
    use crate::Precision;

    fn split(log2_m: u32, precision: Precision) -> Option<Vec<u32>> {
        let limits = FusedLimits::of(&DeviceCaps::NVIDIA_GPU, precision).unwrap();
        bluestein_split(log2_m, limits).map(|s| s.log2s())
    }

    #[test]
    fn the_last_pass_is_short_and_the_first_long() {
        let f32 = |log2_m| split(log2_m, Precision::F32);
        assert_eq!(f32(14), None);
        assert_eq!(f32(16), None);
        assert_eq!(f32(17), Some(vec![9, 8]));
        assert_eq!(f32(18), Some(vec![10, 8]));
        assert_eq!(f32(19), Some(vec![10, 9]));
        assert_eq!(f32(20), Some(vec![11, 9]));
        assert_eq!(f32(21), Some(vec![12, 9]));
        assert_eq!(f32(22), Some(vec![7, 7, 8]));
        assert_eq!(f32(23), Some(vec![8, 7, 8]));
        assert_eq!(f32(27), Some(vec![10, 9, 8]));
        // f64: passes of several up to 2048 points, so 2^21 already takes three.
        let f64 = |log2_m| split(log2_m, Precision::F64);
        assert_eq!(f64(13), None);
        assert_eq!(f64(18), Some(vec![10, 8]));
        assert_eq!(f64(20), Some(vec![11, 9]));
        assert_eq!(f64(21), Some(vec![7, 6, 8]));
        assert_eq!(f64(22), Some(vec![7, 7, 8]));
    }
}
