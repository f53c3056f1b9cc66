//! The split step of an even R2C in a last pass whose columns pair at any stride
//! ([`FusedSpec::split_any_stride`]): where its `C` cannot divide the stride `t` (an odd `t`,
//! every pass of an odd half length; or `t` with too few factors of 2), a sequence's
//! `ceil(t/2)` mirrored column pairs take `ceil(ceil(t/2) / (C/2))` work-groups, the slots past
//! them idle, instead of a point-wise split pass after the last (a third pass over memory).
//!
//! Only where the rules that pair with `C` dividing `t` find no pass ([`super::real`]'s
//! `fuse`, `real_mixed_split.rs`): measured on the H200 (docs/PERFORMANCE.md, 2026-12-01 (any
//! stride), a3, per 2^27 f32 reals, ms), the point-wise pass's plans gained (11858 reals
//! 1.052 -> 0.844, 16038 1.099 -> 0.847, 52500 1.066 -> 0.885, 101920 1.114 -> 0.904,
//! 322102 1.298 -> 1.054; f64 per 2^26 11858 0.974 -> 0.790, 322102 1.214 -> 1.000), while
//! (a1) the planner's own passes paired at any stride instead of two passes that pair with
//! `C` dividing `t` gained on some (88200 0.963 -> 0.824, 20580 0.774 -> 0.727) and lost on
//! others (100000 0.847 -> 0.925, 120000 0.807 -> 0.930: their first passes of 250 and 300
//! points took 0.38 ms against 0.30 for 400).

use super::real::{column_run_bytes, paired_min_run_bytes, PAIRED_SPLIT_MIN_RUN_BYTES};
use super::real_mixed_split::MIXED_SPLIT_MAX_VALUES;
use super::Pass;
use crate::kernel::{FusedReal, FusedSpec, KernelSpec};
use crate::{Direction, Precision};

/// Which split passes at any stride [`split_at_any_stride`] takes, each taking those of the
/// one before first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum AnyStrideTier {
    /// Passes whose column halves run over [`PAIRED_SPLIT_MIN_RUN_BYTES`] and that hold
    /// few values ([`holds_few_values`]).
    Few,
    /// Else the most columns whose halves run that long in a pass whose stages run through
    /// local memory (not [`FusedSpec::holds_registers`]), however many values it holds.
    InLocalMemory,
    /// Else the most columns whose halves run over [`last_resort_min_run_bytes`] in such a
    /// pass (in f64 in any pass), those holding few values first: only where the split would
    /// otherwise take a point-wise pass. f64 split passes in registers, measured on the H200
    /// (docs/PERFORMANCE.md, 2026-12-01 (f64 rules), b5, ms per 2^26 reals; point-wise split
    /// -> the split in the last pass): 228096 reals 1.129 -> 0.962 (324 points in 6 columns
    /// at any stride), 314928 1.111 -> 0.920, 360000 1.238 -> 1.049, 637000 1.101 -> 0.991,
    /// 235298 0.925 -> 0.798, 294912 1.037 -> 0.927 (384 in 4 dividing the stride), but 412500
    /// 1.181 -> 1.225 (375 in 4, its split pass 0.740 ms).
    LastResort,
}

/// Puts the split step into `pass`, the last of several complex passes, pairing its columns
/// at any stride with the most even columns `C` (at most its natural ones) that
/// [`pairs_at_any_stride`] and that `tier` takes; says whether it did (`pass` is
/// unchanged where not). Measured on the H200 (docs/PERFORMANCE.md, 2026-12-01 (any
/// stride), a3, a4 and a6, per 2^27 f32 reals, ms; point-wise split -> the split above 3600
/// values in local memory): 118098 reals 1.045 -> 0.896 (243 points in 16 columns, 3888
/// values), 133100 1.034 -> 0.863, 157300 1.095 -> 0.837, 158466 0.979 -> 0.796 (231 in
/// 16, 3696), but 137500 1.127 -> 1.208 (250 in 16, whose split stages keep their values in
/// registers, [10, 5, 5]); with more columns than the bound allows where fewer pair, 16038
/// reals (81 points in 50 columns, not 34) 0.846 -> 0.893 and 15730 (65 in 62, not 42) 0.839
/// -> 0.849; point-wise -> runs of 48 and 56 bytes (12 and 14 columns), 151250 reals 1.142
/// -> 1.026, 168070 1.145 -> 1.016, where those short runs in place of two other passes lost
/// (120050 0.87 -> 1.13, 113190 0.79 -> 0.99-1.03: their split passes took 0.55-0.70 ms).
pub(super) fn split_at_any_stride(pass: &mut Pass, tier: AnyStrideTier) -> bool {
    let KernelSpec::Fused(plain) = pass.spec else {
        return false;
    };
    let stride = pass.params.stride;
    let plain_pass = plain.chirp.is_none() && plain.real.is_none() && !plain.interleaved;
    if stride <= 1 || !plain_pass || plain.direction != Direction::Forward {
        return false;
    }
    let split = FusedSpec {
        real: Some(FusedReal::Split),
        split_any_stride: true,
        ..plain
    };
    let natural = split.natural_columns();
    let pairing: Vec<FusedSpec> = (2..=natural)
        .rev()
        .filter(|columns| columns % 2 == 0)
        .map(|columns| FusedSpec {
            split_columns: if columns == natural { 0 } else { columns },
            ..split
        })
        .filter(|spec| spec.check().is_ok() && pairs_at_any_stride(spec, stride))
        .collect();
    let long_runs = |spec: &&FusedSpec| column_run_bytes(spec) / 2 >= PAIRED_SPLIT_MIN_RUN_BYTES;
    let in_local_memory = |spec: &&FusedSpec| !spec.holds_registers();
    let few = || {
        pairing
            .iter()
            .filter(long_runs)
            .find(|spec| holds_few_values(spec))
    };
    let local_memory = || {
        let taken = tier >= AnyStrideTier::InLocalMemory;
        taken.then(|| pairing.iter().filter(long_runs).find(in_local_memory))?
    };
    let last_resort = || {
        if tier != AnyStrideTier::LastResort {
            return None;
        }
        // f64 split passes in registers gained but one (docs/PERFORMANCE.md, 2026-12-01 (f64
        // rules), b5); f32's lost (137500 reals, above).
        let f64 = plain.precision == Precision::F64;
        let mut taken = pairing.iter().filter(|spec| f64 || in_local_memory(spec));
        let first = taken.clone().next();
        taken.find(|spec| holds_few_values(spec)).or(first)
    };
    let Some(&spec) = few().or_else(local_memory).or_else(last_resort) else {
        return false;
    };
    // Where C divides the stride (a last resort whose runs are too short for
    // `pairs_columns`: 2^20 f64 reals, 512 points in 4 columns at stride 1024), the kernel
    // pairing with C dividing t takes the same pairs without the any-stride arithmetic.
    let spec = FusedSpec {
        split_any_stride: stride % spec.columns() as usize != 0,
        ..spec
    };
    pass.spec = KernelSpec::Fused(spec);
    pass.relaunch();
    true
}

/// `pass` with the split step paired at any stride ([`split_at_any_stride`]), or `None`.
pub(super) fn with_split_at_any_stride(pass: &Pass, tier: AnyStrideTier) -> Option<Pass> {
    let mut split = pass.clone();
    split_at_any_stride(&mut split, tier).then_some(split)
}

/// Whether a last pass with the split at any stride `stride` may pair its columns: `C`
/// even, runs of `C / 2` values of at least [`last_resort_min_run_bytes`]
/// ([`paired_min_run_bytes`]: more above a stride of 4096, as with `C`
/// dividing `t`) and at most [`ANY_STRIDE_MAX_IDLE_SLOTS`] of its slots idle
/// ([`split_at_any_stride`] takes runs under [`PAIRED_SPLIT_MIN_RUN_BYTES`] as a last resort
/// only).
pub fn pairs_at_any_stride(spec: &FusedSpec, stride: usize) -> bool {
    let columns = spec.columns() as usize;
    columns % 2 == 0
        && column_run_bytes(spec) / 2
            >= paired_min_run_bytes(stride, last_resort_min_run_bytes(spec.precision))
        && idle_slot_fraction(columns / 2, stride) <= ANY_STRIDE_MAX_IDLE_SLOTS
}

/// The shortest runs (bytes of `C / 2` values) of a split pass at any stride taken as a
/// last resort ([`AnyStrideTier::LastResort`]): [`ANY_STRIDE_LAST_RESORT_MIN_RUN_BYTES`]
/// (12 columns) in f32, [`ANY_STRIDE_LAST_RESORT_MIN_RUN_BYTES_F64`] (4 columns) in f64.
pub fn last_resort_min_run_bytes(precision: Precision) -> usize {
    match precision {
        Precision::F32 => ANY_STRIDE_LAST_RESORT_MIN_RUN_BYTES,
        Precision::F64 => ANY_STRIDE_LAST_RESORT_MIN_RUN_BYTES_F64,
    }
}

/// The shortest runs of an f32 split pass at any stride taken as a last resort. Measured on
/// the H200 (docs/PERFORMANCE.md, 2026-12-01 (f64 rules), b1, per 2^27 reals, ms; point-wise
/// split -> runs of 40 and 32 bytes): 245000 reals 1.136 -> 1.009, 277992 1.127 -> 1.012,
/// 326592 1.197 -> 1.068, 422400 1.247 -> 1.065, 509600 1.289 -> 1.167, but 397488 1.069 ->
/// 1.101, 346112 1.070 -> 1.112 and 692224 0.899 -> 1.035 (split passes of 0.58-0.73 ms
/// whatever the plain pass took): not taken below 48 bytes.
pub const ANY_STRIDE_LAST_RESORT_MIN_RUN_BYTES: usize = 48;

/// The shortest runs of an f64 split pass at any stride taken as a last resort: 2 values.
/// Measured on the H200 (docs/PERFORMANCE.md, 2026-12-01 (f64 rules), b1, per 2^26 reals,
/// ms; point-wise split -> runs of 48 bytes) 151250 reals 1.207 -> 0.970, 185900 1.157 ->
/// 1.045, 216320 1.054 -> 0.887, and (runs of 32 bytes) 245700 1.131 -> 0.954, 314496 1.131
/// -> 0.954, 413952 1.034 -> 0.898, 551936 1.081 -> 1.004.
pub const ANY_STRIDE_LAST_RESORT_MIN_RUN_BYTES_F64: usize = 32;

/// Whether a split pass holds at most [`MIXED_SPLIT_MAX_VALUES`] values where that bound
/// applies: f32 passes of mixed lengths.
fn holds_few_values(spec: &FusedSpec) -> bool {
    let bounded = spec.precision == Precision::F32 && !spec.len.is_power_of_two();
    !bounded || spec.columns() * spec.len <= MIXED_SPLIT_MAX_VALUES
}

/// The fraction of a paired split pass's front slots that hold no column of their own: a
/// sequence's `t` columns pair as `ceil(t/2)` fronts, `half` per work-group.
fn idle_slot_fraction(half: usize, stride: usize) -> f64 {
    let fronts = stride.div_ceil(2);
    let slots = fronts.div_ceil(half) * half;
    (slots - fronts) as f64 / slots as f64
}

/// The largest fraction of idle slots ([`idle_slot_fraction`]) a split pass at any stride
/// may have (the 77-point pass of 11858 reals, 40 columns at stride 77: 1 of 40 slots; the
/// 11-point third pass of 322102 reals, 256 at stride 14641: 103 of 7424).
pub const ANY_STRIDE_MAX_IDLE_SLOTS: f64 = 1.0 / 16.0;

#[cfg(test)]
mod tests {
    use crate::kernel::KernelSpec;
    use crate::plan::tests::{gpu_r2c, plan_name};
    use crate::Precision;

    /// Odd half lengths, strides with too few factors of 2 and three-pass plans take the
    /// split in their last pass at any stride; the plans that pair with C dividing t keep
    /// their passes and kernels.
    #[test]
    fn r2cs_whose_columns_cannot_divide_the_stride_pair_them_at_any_stride() {
        for (len, precision, want) in [
            // 5929 = 77 x 77: odd strides; 40 of the 53 columns (an even C within 3600 values).
            (
                11858,
                Precision::F32,
                &[
                    "fft_fused77_c53_fwd_f32",
                    "fft_fused77_c40_fwd_f32_split_anystride",
                ][..],
            ),
            (
                11858,
                Precision::F64,
                &[
                    "fft_fused77_c26_fwd_f64",
                    "fft_fused77_c26_fwd_f64_split_anystride",
                ],
            ),
            // 50960 = 245 x 208 at stride 245.
            (
                101920,
                Precision::F32,
                &[
                    "fft_fused245_c14_fwd_f32",
                    "fft_fused208_c16_fwd_f32_split_anystride",
                ],
            ),
            // 53361 = 231 x 231, whose 231-point pass would hold 16 columns (3696 values): two
            // other passes whose last pairs at any stride.
            (
                106722,
                Precision::F32,
                &[
                    "fft_fused363_c11_fwd_f32",
                    "fft_fused147_c24_fwd_f32_split_anystride",
                ],
            ),
            // 59049 = 243 x 243: no fewer columns than 16 pair (3888 values), in local memory.
            (
                118098,
                Precision::F32,
                &[
                    "fft_fused243_c16_fwd_f32",
                    "fft_fused243_c16_fwd_f32_split_anystride",
                ],
            ),
            // 161051 = 121 x 121 x 11: the split at stride 14641, runs of 128 values.
            (
                322102,
                Precision::F32,
                &[
                    "fft_fused121_c33_fwd_f32",
                    "fft_fused121_c33_fwd_f32",
                    "fft_fused11_c256_fwd_f32_split_anystride",
                ],
            ),
            // Paired with C dividing t: unchanged.
            (
                100000,
                Precision::F32,
                &["fft_fused400_c10_fwd_f32", "fft_fused125_c20_fwd_f32_split"],
            ),
            (
                1 << 20,
                Precision::F32,
                &["fft_fused4096_c4_fwd_f32", "fft_fused128_c32_fwd_f32_split"],
            ),
        ] {
            let plan = gpu_r2c(len, precision);
            assert_eq!(plan_name(&plan), want, "{len}\n{}", plan.explain());
            assert!(!plan.explain().contains("point-wise"), "{}", plan.explain());
        }
        // Last resorts: 75625 = 275 x 275, no 16 f32 columns pair, 12 (runs of 48 bytes) do,
        // and 6 in f64 (48 bytes); 122850 = 351 x 350, 4 f64 columns of 350 points (runs of
        // 32 bytes); 2^19 = 1024 x 512, 4 f64 columns dividing stride 1024: the kernel that
        // pairs with C dividing t. Not below 48 bytes in f32: 245000 reals (350 points in 10
        // columns, 40 bytes) keep the point-wise split.
        for (len, precision, want) in [
            (
                151250,
                Precision::F32,
                [
                    "fft_fused275_c14_fwd_f32",
                    "fft_fused275_c12_fwd_f32_split_anystride",
                ],
            ),
            (
                151250,
                Precision::F64,
                [
                    "fft_fused275_c7_fwd_f64",
                    "fft_fused275_c6_fwd_f64_split_anystride",
                ],
            ),
            (
                245700,
                Precision::F64,
                [
                    "fft_fused351_c5_fwd_f64",
                    "fft_fused350_c4_fwd_f64_split_anystride",
                ],
            ),
            (
                1 << 20,
                Precision::F64,
                ["fft_fused1024_c4_fwd_f64", "fft_fused512_c4_fwd_f64_split"],
            ),
            // 114048 = 352 x 324, whose 324-point split pass keeps its stages in registers:
            // taken in f64 (not in f32: 137500 below).
            (
                228096,
                Precision::F64,
                [
                    "fft_fused352_c5_fwd_f64",
                    "fft_fused324_c6_fwd_f64_split_anystride",
                ],
            ),
        ] {
            let plan = gpu_r2c(len, precision);
            assert_eq!(plan_name(&plan), want, "{len}\n{}", plan.explain());
        }
        let plan = gpu_r2c(245000, Precision::F32);
        assert!(plan.explain().contains("point-wise"), "{}", plan.explain());
        // 68750 = 275 x 250, whose 250-point split pass (16 columns) keeps its stages in
        // registers: the point-wise split stays.
        let plan = gpu_r2c(137500, Precision::F32);
        assert!(plan.explain().contains("point-wise"), "{}", plan.explain());
        let explain = gpu_r2c(11858, Precision::F32).explain();
        let why = "holding 40 of the 53 sub-FFTs its local memory could (an even number), its columns in mirrored pairs at any stride";
        assert!(explain.contains(why), "{explain}");
        // The last pass's launch: ceil(ceil(t/2) / (C/2)) work-groups per row, 2 of 20
        // column pairs each at t = 77 (39 fronts), 80 work-items each.
        let plan = gpu_r2c(11858, Precision::F32);
        let last = plan.passes.last().unwrap();
        let KernelSpec::Fused(spec) = last.spec else {
            panic!("{}", plan.explain());
        };
        assert_eq!(
            last.launch.global,
            vec![2 * spec.work_group_size() as usize]
        );
    }

    /// Pairing at any stride applies to the last pass of a multi-pass R2C with an even C:
    /// a spec that asks for it elsewhere is rejected with its own error.
    #[test]
    fn split_any_stride_is_checked() {
        use crate::kernel::{FusedReal, FusedSpec, Lengths, SpecError};
        use crate::Direction;
        let split = FusedSpec {
            real: Some(FusedReal::Split),
            lengths: Lengths::Any,
            split_columns: 40,
            split_any_stride: true,
            ..FusedSpec::new(77)
        };
        assert_eq!(split.check(), Ok(()));
        let whole_columns = |spec: FusedSpec| FusedSpec {
            split_columns: 0,
            ..spec
        };
        for bad in [
            // 53 columns: odd.
            whole_columns(split),
            whole_columns(FusedSpec {
                real: None,
                ..split
            }),
            whole_columns(FusedSpec {
                direction: Direction::Inverse,
                real: Some(FusedReal::Merge),
                ..split
            }),
            whole_columns(FusedSpec {
                single_pass: true,
                ..split
            }),
        ] {
            assert_eq!(bad.check(), Err(SpecError::SplitAnyStride), "{bad:?}");
        }
        let message = SpecError::SplitAnyStride.to_string();
        assert!(
            message.contains("leave split_any_stride false"),
            "{message}"
        );
    }
}
