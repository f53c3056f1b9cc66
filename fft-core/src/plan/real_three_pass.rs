//! Long even real transforms in three fused passes: the R2C's split in a last pass of 64
//! points, the C2R's merge in a first pass of 256, where the complex plan of `N/2` points
//! has three passes or two that cannot take the step.
//!
//! A step in a pass changes what that pass costs: the split pairs mirrored columns, so the
//! pass that takes it should hold the most columns (64 points: 64, runs of 256 bytes), and
//! the merge reads both values of each pair, so its pass should be short too. Measured on
//! the H200 (docs/PERFORMANCE.md, 2026-11-29, x2; ms per 2^27 f32 reals):
//!
//! | reals | before | three passes | cuFFT |
//! |---|---|---|---|
//! | R2C 2^21 | 1024 x 1024, split pass: 0.903 | 128 x 128 x 64: 0.880 | 0.938 |
//! | R2C 2^22 | 2048 x 1024, split pass: 0.985 | 256 x 128 x 64: 0.912 | 0.964 |
//! | R2C 2^23 | 4096 x 1024, split pass: 1.080 | 1024 x 64 x 64: 0.920 | 1.111 |
//! | R2C 2^24 | 2048 x 4096, split pass: 1.141 | 1024 x 128 x 64: 0.938 | 1.135 |
//! | R2C 2^25 | 4096 x 4096, split pass: 1.229 | 1024 x 256 x 64: 0.999 | 1.202 |
//! | R2C 2^26 | 512 x 256 x 256, split pass: 1.215 | 1024 x 512 x 64: 1.031 | 1.296 |
//! | R2C 2^27 | 512 x 512 x 256, split pass: 1.146 | 1024 x 1024 x 64: 1.054 | - |
//! | C2R 2^24 | 4096 (merge) x 2048: 1.063 | 256 x 256 x 128: 1.021 | 2.104 |
//! | C2R 2^25 | 4096 (merge) x 4096: 1.122 | 256 x 256 x 256: 1.063 | 2.177 |
//!
//! In the same call the merge pass of 128 and 256 points took 0.42-0.43 ms, of 512 0.48-0.50
//! and of 1024 0.57; the split pass of 64 points 0.35-0.40 at strides up to 2^20.

use super::choice::FusedSplit;
use super::real::{all_fused, split_plan, with_step};
use super::{DeviceCaps, Pass, PlanRequest};
use crate::kernel::FusedReal;
use crate::Precision;

/// log2 of the last pass that takes an R2C's split.
const SPLIT_PASS_LOG2: u32 = 6;

/// log2 of the first pass that takes a C2R's merge.
const MERGE_PASS_LOG2: u32 = 8;

/// log2 of the last pass of a C2R's three.
const MERGE_LAST_LOG2: u32 = 7;

/// The longest first pass of the R2C's three (its runs are whole sectors up to 1024 points;
/// 2048 took 0.36 against 0.29 ms).
const SPLIT_FIRST_MAX_LOG2: u32 = 10;

/// An f32 R2C's passes with the split in a last pass of 64 points, where the planner's
/// complex passes are three or more, or two whose last cannot take the split: the first
/// pass 1024 points (or the first and middle balanced, the larger first, where the middle
/// would be under 64), the middle the rest. The planner's passes otherwise.
pub(super) fn split_in_third_pass(
    passes: Vec<Pass>,
    inner: PlanRequest,
    caps: &DeviceCaps,
) -> Vec<Pass> {
    let takes_split = |passes: &[Pass]| {
        passes
            .last()
            .is_some_and(|last| with_step(last, FusedReal::Split).is_some())
    };
    let applies = passes.len() >= 3 || (passes.len() == 2 && !takes_split(&passes));
    let Some(log2_len) = long_power_of_two(&passes, inner).filter(|_| applies) else {
        return passes;
    };
    let rest = log2_len.saturating_sub(SPLIT_PASS_LOG2);
    let first = if rest >= SPLIT_FIRST_MAX_LOG2 + SPLIT_PASS_LOG2 {
        SPLIT_FIRST_MAX_LOG2
    } else {
        rest.div_ceil(2)
    };
    FusedSplit::new(&[first, rest - first, SPLIT_PASS_LOG2])
        .and_then(|split| split_plan(split, inner, caps))
        .filter(|plan| takes_split(&plan.passes))
        .map_or(passes, |plan| plan.passes)
}

/// An f32 C2R's passes with the merge in a first pass of 256 points and a last of 128,
/// where the planner's complex passes are three or more (their first pass of 1024 points
/// takes the merge at 0.57 ms). The planner's passes otherwise.
pub(super) fn merge_in_short_first_pass(
    passes: Vec<Pass>,
    inner: PlanRequest,
    caps: &DeviceCaps,
) -> Vec<Pass> {
    let Some(log2_len) = long_power_of_two(&passes, inner).filter(|_| passes.len() >= 3) else {
        return passes;
    };
    let Some(middle) = log2_len.checked_sub(MERGE_PASS_LOG2 + MERGE_LAST_LOG2) else {
        return passes;
    };
    FusedSplit::new(&[MERGE_PASS_LOG2, middle, MERGE_LAST_LOG2])
        .and_then(|split| split_plan(split, inner, caps))
        .filter(|plan| with_step(&plan.passes[0], FusedReal::Merge).is_some())
        .map_or(passes, |plan| plan.passes)
}

/// log2 of `inner`'s length where the rules above may replace `passes`: f32, a power of
/// two, plain fused passes, no split named by the request (measure mode).
fn long_power_of_two(passes: &[Pass], inner: PlanRequest) -> Option<u32> {
    let applies =
        inner.precision == Precision::F32 && inner.fused_split.is_none() && all_fused(passes);
    crate::bits::log2_exact(inner.len).filter(|_| applies)
}
