//! The two passes of a mixed-radix R2C's complex FFT chosen so that the last takes the split
//! step: the planner balances its factors for the complex transform, and where its last
//! pass cannot pair mirrored columns at its stride (100000 reals: 250 x 200 points, 20
//! columns at stride 250) the split would take a point-wise pass of its own, a third pass
//! over memory.

use super::nd::fits_device;
use super::real::{
    all_fused, run_bytes, with_split_in_dividing_columns, with_step, PAIRED_SPLIT_MIN_RUN_BYTES,
};
use super::real_any_stride::{with_split_at_any_stride, AnyStrideTier};
use super::rules::{fused_limits_for, passes_of_specs};
use super::{DeviceCaps, Pass, PlanRequest};
use crate::kernel::{FusedReal, FusedSpec, KernelSpec, Lengths};
use crate::Precision;

/// `passes` (the planner's complex passes of an even R2C's `inner.len = N/2` points), or,
/// where they are two fused passes of a mixed length whose last cannot take the split, the
/// two fused passes `L1 x L2 = N/2` whose last can ([`with_split_in_dividing_columns`]: as
/// many columns as pair at its stride; returned with the split in) and whose first reads
/// runs of at least
/// [`PAIRED_SPLIT_MIN_RUN_BYTES`] and whose split pass holds at most
/// [`MIXED_SPLIT_MAX_VALUES`], the most balanced first (the shorter longest pass, then the
/// shorter last pass). 100000 reals: 400 x 125 points (the split in 20 columns of 125)
/// instead of 250 x 200 and a point-wise split. Not where the request names a split
/// (measure mode) or no such pair exists (the planner's passes stay, with the point-wise
/// split after them). Where no two passes pair with `C` dividing the stride, the passes
/// whose last pairs at any stride (`real_any_stride.rs`), in the order below. In f64 only
/// where the planner's last pass pairs at no stride (without it the split takes a point-wise
/// pass): measured on the H200 (docs/PERFORMANCE.md, 2026-12-01 (f64 rules), b1, per 2^26
/// reals, ms), the point-wise split's plans gained (135200 reals 1.112 -> 0.864 as 400 x 169
/// points, 147420 1.168 -> 0.947, 149058 1.088 -> 0.911, 165888 1.057 -> 0.782, 252000
/// 1.163 -> 0.986, 140400 1.134 -> 0.978), while of two plans whose last pass paired at any
/// stride 175000 gained (0.961 -> 0.843) and 10500 lost (0.887 -> 0.995: 75 points in 14
/// columns, 0.605 ms).
pub(super) fn mixed_split_passes(
    passes: Vec<Pass>,
    inner: PlanRequest,
    caps: &DeviceCaps,
) -> Vec<Pass> {
    let len = inner.len;
    let planner_takes_it = passes.len() != 2
        || !all_fused(&passes)
        || with_step(&passes[1], FusedReal::Split).is_some();
    if len.is_power_of_two() || inner.fused_split.is_some() || planner_takes_it {
        return passes;
    }
    let f64_pairs_already = inner.precision == Precision::F64
        && with_split_at_any_stride(&passes[1], AnyStrideTier::InLocalMemory).is_some();
    if f64_pairs_already {
        return passes;
    }
    let Ok(Some(limits)) = fused_limits_for(&inner, caps) else {
        return passes;
    };
    let max = limits.complex_multi_pass_max;
    let mut splits: Vec<(usize, usize)> = (2..=max.min(len / 2))
        .filter(|last| len % last == 0 && len / last <= max && len / last >= 2)
        .map(|last| (len / last, last))
        .collect();
    splits.sort_by_key(|&(first, last)| (first.max(last), last));
    let pass_spec = |points: usize| FusedSpec {
        direction: inner.direction,
        precision: inner.precision,
        lengths: Lengths::Any,
        ..FusedSpec::new(points as u32)
    };
    // The two passes of `(first, last)` points, where both fit and the first reads runs of
    // at least PAIRED_SPLIT_MIN_RUN_BYTES; built as each tier's search reaches them.
    let candidate = |(first, last): (usize, usize)| {
        let fits = fits_device(&pass_spec(first), caps) && fits_device(&pass_spec(last), caps);
        let specs = vec![
            KernelSpec::Fused(pass_spec(first)),
            KernelSpec::Fused(pass_spec(last)),
        ];
        fits.then(|| passes_of_specs(specs, &inner, len, 1.0))
            .filter(|candidate| run_bytes(&candidate[0]) >= PAIRED_SPLIT_MIN_RUN_BYTES)
    };
    let candidates = || splits.iter().filter_map(|&split| candidate(split));
    // The first candidate whose last pass takes the split with C dividing its stride,
    // returned with the split in (in f64 the plan's own last step would pair a pass that
    // pairs at any stride that way instead: `real.rs`, `FewerColumns`).
    let dividing = candidates().find_map(|mut passes| {
        passes[1] = with_split_in_dividing_columns(&passes[1])
            .filter(|split| split_values(split) <= MIXED_SPLIT_MAX_VALUES)?;
        Some(passes)
    });
    if let Some(chosen) = dividing {
        return chosen;
    }
    // Where no two passes pair with C dividing the stride (`real_any_stride.rs`), tier by
    // tier: the planner's passes where their last pairs at any stride (the plan's last step
    // puts the split in), else the first candidate whose last does. Measured on the H200
    // (docs/PERFORMANCE.md, 2026-12-01 (any stride), a4, per 2^27 f32 reals, ms): a candidate
    // holding few values against the planner's passes above 3600 values, 113190 reals 0.786
    // against 0.910 (343 x 165 against 245 x 231), 114660 0.851 against 0.924, but 106722
    // 0.885 against 0.846 and 112266 0.861 against 0.850.
    for tier in [AnyStrideTier::Few, AnyStrideTier::InLocalMemory] {
        let pairs = |last: &Pass| with_split_at_any_stride(last, tier).is_some();
        if pairs(&passes[1]) {
            break;
        }
        if let Some(chosen) = candidates().find(|candidate| pairs(&candidate[1])) {
            return chosen;
        }
    }
    passes
}

/// The most values (`C * L`) the last pass of [`mixed_split_passes`] holds with the split.
/// Measured on the H200 (docs/PERFORMANCE.md, 2026-12-01 (mixed split), ms per 2^27 reals):
/// split passes of 2,000-3,600 values took 0.39-0.55 (45 points in 70 columns, 98 in 30, 100,
/// 120, 125, 150 and 180 in 20, 175 in 18), the 250-point pass in 16 columns (4,000) 0.77,
/// which made the R2C of 120000 reals slower than its planner's two passes and a
/// point-wise split (1.18 against 1.09 ms). That pass is also the only one measured whose
/// stages keep their values in registers ([10, 5, 5], 400 work-items; the others run their
/// stages in local memory). 2026-12-01 (any stride), a3: more columns above the bound lost
/// in local memory too (81 points in 50 columns 0.50 ms against 0.45 in 34, 65 in 62 0.51
/// against 0.50 in 42), but where no fewer columns pair, 243 and 231 points in 16 (3888 and
/// 3696 values) beat the point-wise split (`real_any_stride.rs` takes those).
pub(super) const MIXED_SPLIT_MAX_VALUES: u32 = 3600;

/// `C * L` of a fused pass.
fn split_values(pass: &Pass) -> u32 {
    match pass.spec {
        KernelSpec::Fused(spec) => spec.columns() * spec.len,
        _ => u32::MAX,
    }
}

#[cfg(test)]
mod tests {
    use crate::kernel::{FusedReal, FusedSpec, Lengths, SpecError};
    use crate::plan::tests::{gpu_r2c, plan_name};
    use crate::plan::Plan;
    use crate::{Direction, Precision};

    fn r2c(len: usize) -> Plan {
        gpu_r2c(len, Precision::F32)
    }

    /// The R2Cs whose planner's passes would leave the split to a pass of its own take two
    /// mixed passes whose last holds it, with as many columns as divide its stride.
    #[test]
    fn mixed_r2cs_take_the_split_in_their_last_pass() {
        let explain = r2c(100000).explain();
        let why = "holding 20 of the 32 sub-FFTs its local memory could so that its mirrored columns pair at its stride";
        assert!(explain.contains(why), "{explain}");
        for (len, want) in [
            // 50000 = 250 x 200 (20 columns at stride 250) -> 400 x 125, 20 of its 32 columns.
            (
                100000,
                ["fft_fused400_c10_fwd_f32", "fft_fused125_c20_fwd_f32_split"],
            ),
            // 30000 = 200 x 150: 20 of the 150-point pass's 27 columns divide 200.
            (
                60000,
                ["fft_fused200_c20_fwd_f32", "fft_fused150_c20_fwd_f32_split"],
            ),
            // 22050 = 150 x 147 -> 126 x 175, 18 of 23 columns.
            (
                44100,
                ["fft_fused126_c32_fwd_f32", "fft_fused175_c18_fwd_f32_split"],
            ),
            // The planner's own passes pair already: unchanged.
            (
                200000,
                ["fft_fused400_c10_fwd_f32", "fft_fused250_c16_fwd_f32_split"],
            ),
        ] {
            let plan = r2c(len);
            assert_eq!(plan_name(&plan), want, "{len}\n{}", plan.explain());
        }
        // f64: where the planner's last pass pairs at no stride (67600 = 260 x 260, 7 columns
        // each), 400 x 169 points, 10 of the 169-point pass's 12 columns; where it pairs at
        // any stride (5250 = 75 x 70, 26 columns of 70 points at stride 75; 19200 = 150 x
        // 128, 16 columns of 128 at stride 150, not 10 dividing it), the planner's passes
        // and columns stay, with the kernel pairing with C dividing t where C does (4914 =
        // 78 x 63, 26 columns).
        for (len, want) in [
            (
                135200,
                ["fft_fused400_c5_fwd_f64", "fft_fused169_c10_fwd_f64_split"],
            ),
            (
                10500,
                [
                    "fft_fused75_c27_fwd_f64",
                    "fft_fused70_c26_fwd_f64_split_anystride",
                ],
            ),
            (
                38400,
                [
                    "fft_fused150_c13_fwd_f64",
                    "fft_fused128_c16_fwd_f64_mixed_split_anystride",
                ],
            ),
            (
                9828,
                ["fft_fused78_c26_fwd_f64", "fft_fused63_c26_fwd_f64_split"],
            ),
        ] {
            let plan = gpu_r2c(len, Precision::F64);
            assert_eq!(plan_name(&plan), want, "{len}\n{}", plan.explain());
        }
        // No two passes of at most 1024 points make 500000: the point-wise split stays.
        let plan = r2c(1_000_000);
        assert_eq!(plan.passes.len(), 3, "{}", plan.explain());
        assert!(plan.explain().contains("point-wise"), "{}", plan.explain());
    }

    /// Split columns apply to a multi-pass split below the pass's own columns, in pairs.
    #[test]
    fn split_columns_are_checked() {
        let split = |len: u32, columns: u32| FusedSpec {
            real: Some(FusedReal::Split),
            lengths: Lengths::Any,
            split_columns: columns,
            ..FusedSpec::new(len)
        };
        assert_eq!(split(125, 0).columns(), 32);
        assert_eq!(split(125, 20).check(), Ok(()));
        assert_eq!(split(125, 20).columns(), 20);
        for bad in [
            split(125, 21),
            split(125, 32),
            split(125, 40),
            FusedSpec {
                real: None,
                ..split(125, 20)
            },
            FusedSpec {
                direction: Direction::Inverse,
                real: Some(FusedReal::Merge),
                ..split(125, 20)
            },
            FusedSpec {
                single_pass: true,
                ..split(125, 20)
            },
        ] {
            assert_eq!(bad.check(), Err(SpecError::SplitColumns), "{bad:?}");
        }
    }
}
