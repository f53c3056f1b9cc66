//! Fused local-memory passes on the device: every fused kernel of the catalog as a one-pass
//! transform (with a batch that leaves a partial work-group), multi-pass plans, and agreement
//! with the global radix passes.

use fft_codegen::{catalog, KernelSpec};
use fft_core::plan::PlanError;
use fft_core::{Direction, Precision};
use fft_runtime::ocl::OclPrm;
use fft_runtime::{Error, Fft, FftFloat, Strategy, Twiddles};
use num_complex::Complex;
use oclfft_tests::*;
use proptest::prelude::*;

fn check<T: FftFloat>(
    len: usize,
    batch: usize,
    direction: Direction,
    expected_passes: usize,
) -> Result<(), String>
where
    Complex<T>: OclPrm,
{
    check_split::<T>(len, batch, direction, expected_passes, None)
}

/// [`check`] with the plan's fused split given (`"fused 16x4096x16"`), or the default one.
fn check_split<T: FftFloat>(
    len: usize,
    batch: usize,
    direction: Direction,
    expected_passes: usize,
    split: Option<&str>,
) -> Result<(), String>
where
    Complex<T>: OclPrm,
{
    let signal = to_device::<T>(&random_signal(len * batch, len as u64 ^ batch as u64));
    let mut builder = Fft::<T>::builder(test_queue())
        .len(len)
        .batch(batch)
        .direction(direction)
        .strategy(Strategy::Fused);
    if let Some(split) = split {
        builder = builder.decomposition(split.parse().map_err(|e| format!("{split}: {e}"))?);
    }
    let plan = builder.build().map_err(|e| e.to_string())?;
    let passes = &plan.plan().passes;
    if passes.len() != expected_passes
        || !passes
            .iter()
            .all(|p| matches!(p.spec, KernelSpec::Fused(_)))
    {
        return Err(format!("unexpected plan:\n{}", plan.explain()));
    }
    let mut data = signal.clone();
    plan.process(&mut data).map_err(|e| e.to_string())?;
    let want = batched_oracle(&to_f64(&signal), len, direction, 1.0);
    check_against(&to_f64(&data), &want, len, tolerance::<T>(len)).map(|_| ())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Random shapes through fused passes (CPU devices plan global passes by default, so this
    /// keeps fused passes under random testing in CI too).
    #[test]
    fn fused_transforms_match_the_oracle(log2 in 1u32..=16, batch in 1usize..=5, inverse in any::<bool>(), double in any::<bool>()) {
        let direction = if inverse { Direction::Inverse } else { Direction::Forward };
        let len = 1usize << log2;
        // One pass up to 16384 points in f32 (8192 in f64): above 4096 (2048) the stages
        // exchange halves, above 8192 (4096) in two parts.
        let budget = if double { 8192 } else { 16384 };
        let passes = if len <= budget { 1 } else { 2 };
        let result = if double {
            check::<f64>(len, batch, direction, passes)
        } else {
            check::<f32>(len, batch, direction, passes)
        };
        result.map_err(TestCaseError::fail)?;
    }
}

#[test]
fn every_fused_kernel_as_a_single_pass() {
    let mut failures = Vec::new();
    let fused = catalog().into_iter().filter_map(|spec| match spec {
        KernelSpec::Fused(fused) => Some(fused),
        _ => None,
    });
    for spec in fused {
        let len = spec.len as usize;
        // A batch of C + 1 sub-FFTs: one full work-group and one with a single sequence.
        let batch = spec.columns() as usize + 1;
        let result = match spec.precision {
            Precision::F32 => check::<f32>(len, batch, spec.direction, 1),
            Precision::F64 => check::<f64>(len, batch, spec.direction, 1),
        };
        if let Err(e) = result {
            failures.push(format!("{}: {e}", spec.name()));
        }
    }
    assert!(
        failures.is_empty(),
        "{} fused kernels failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn two_and_three_fused_passes() {
    for (log2, batch, passes) in [
        (14u32, 3usize, 1usize),
        (15, 3, 2),
        (16, 2, 2),
        (20, 1, 2),
        (21, 1, 2),
        (22, 1, 2),
    ] {
        for direction in [Direction::Forward, Direction::Inverse] {
            check::<f32>(1 << log2, batch, direction, passes).unwrap();
        }
    }
    // f32 2^23 takes three passes (1024 x 64 x 128: two 4096-point passes cost more); the
    // wide 4096-point pass (two parts per exchange) as the last of two, planned as named.
    check::<f32>(1 << 23, 1, Direction::Inverse, 3).unwrap();
    check_split::<f32>(1 << 23, 1, Direction::Inverse, 2, Some("fused 2048x4096")).unwrap();
    // f64: one pass up to 8192 points; wide passes of 1024 and 2048 points take 2^21 in
    // two, 2^23 in three.
    check::<f64>(1 << 13, 3, Direction::Forward, 1).unwrap();
    check::<f64>(1 << 21, 1, Direction::Inverse, 2).unwrap();
    check::<f64>(1 << 23, 1, Direction::Forward, 3).unwrap();
    // Three passes (default f32 plans take them from 2^23 on): a wide pass in the middle,
    // where both its loads and its stores run in columns.
    for split in ["fused 16x4096x16", "fused 4096x16x16"] {
        check_split::<f32>(1 << 20, 1, Direction::Forward, 3, Some(split)).unwrap();
    }
    for split in ["fused 16x2048x32", "fused 2048x16x32"] {
        check_split::<f64>(1 << 20, 1, Direction::Inverse, 3, Some(split)).unwrap();
    }
}

#[test]
fn fused_and_global_passes_agree() {
    for log2 in [5u32, 11, 14] {
        let len = 1usize << log2;
        let input = to_device::<f64>(&random_signal(len * 2, 77));
        let run = |strategy| {
            let plan = Fft::<f64>::builder(test_queue())
                .len(len)
                .batch(2)
                .strategy(strategy)
                .build()
                .unwrap();
            let mut data = input.clone();
            plan.process(&mut data).unwrap();
            to_f64(&data)
        };
        let mut bound = tolerance::<f64>(len);
        bound.relative_l2 *= 2.0;
        bound.relative_max *= 2.0;
        check_against(
            &run(Strategy::Fused),
            &run(Strategy::GlobalRadix),
            len,
            bound,
        )
        .unwrap();
    }
}

#[test]
fn on_the_fly_twiddles_fall_back_to_global_passes_or_say_why_not() {
    let auto = Fft::<f32>::builder(test_queue())
        .len(1024)
        .twiddles(Twiddles::Sincos)
        .build()
        .unwrap();
    assert!(auto
        .plan()
        .passes
        .iter()
        .all(|p| matches!(p.spec, KernelSpec::Radix(_))));
    let err = Fft::<f32>::builder(test_queue())
        .len(1024)
        .twiddles(Twiddles::Native)
        .strategy(Strategy::Fused)
        .build()
        .unwrap_err();
    assert!(
        matches!(err, Error::Plan(PlanError::FusedUnavailable(_))),
        "{err:?}"
    );
    assert!(
        err.to_string()
            .contains("Twiddles::Table or Strategy::GlobalRadix"),
        "{err}"
    );
}

/// Mixed lengths as fused passes (issue 9): one stage (T = 1), two and three local stages,
/// guarded butterflies (a stage radix that does not divide the largest), every prime up to
/// 13, both precisions and directions, with a batch that leaves the last work-group partly
/// empty; the values kept in registers from load to store (`FusedSpec::mixed_in_registers`:
/// 400, 729 and 1000 with complex exchanges and C > 1, 3125 with C = 1, 2187 in f64 and
/// 6561 in f32 exchanging halves in one pass, 10000 in f32 and 5000 in f64 also in one part
/// (up to `FusedSpec::mixed_scalar_capacity`), 10800 in f32 and 5184 in f64 in two parts;
/// 2187 in f32 as [27, 9, 9]; 3600, 2662 and 3072, whose exchanges would take a padding period that breaks their
/// indices but for the generator's check of every work-item, `exchange_pad.rs`: relative
/// errors of 0.3-0.8 without it); then two- and three-pass plans of long smooth lengths.
#[test]
fn mixed_lengths_as_fused_passes() {
    let mut failures = Vec::new();
    // (length, precision): PoCL compiles each kernel cold in CI (a few seconds each for the
    // long unrolled ones), so the sample is small; `fused_model` in fft-codegen checks the
    // same index arithmetic for more lengths on the CPU.
    let f32 = Precision::F32;
    let f64 = Precision::F64;
    let one_pass = [
        (3usize, f32),
        (12, f64),
        (91, f32),
        (100, f32),
        (726, f64),
        (1000, f32),
        (1000, f64),
        (2310, f32),
        (2000, f32),
        (2187, f64),
        (2187, f32),
        (400, f32),
        (729, f32),
        (3125, f32),
        (10000, f32),
        (5000, f64),
        (10800, f32),
        (5184, f64),
        (3600, f32),
        (2662, f32),
        (3072, f32),
    ];
    for (i, &(len, precision)) in one_pass.iter().enumerate() {
        let direction = if i % 2 == 0 {
            Direction::Forward
        } else {
            Direction::Inverse
        };
        {
            let spec = fft_codegen::FusedSpec {
                direction,
                precision,
                ..fft_codegen::FusedSpec::new(len as u32)
            };
            let batch = spec.columns() as usize + 1;
            // f64 work-groups exchange 2048 complex values: 2310 takes two passes there
            // (2187 = [9, 9, 9, 3] stays in registers and exchanges halves: one pass).
            let passes = if spec.check().is_ok() { 1 } else { 2 };
            let result = match precision {
                Precision::F32 => check::<f32>(len, batch, direction, passes),
                Precision::F64 => check::<f64>(len, batch, direction, passes),
            };
            if let Err(e) = result {
                failures.push(format!("{}: {e}", spec.name()));
            }
        }
    }
    for (len, passes) in [(6561usize, 1usize), (3 << 16, 2)] {
        if let Err(e) = check::<f32>(len, 2, Direction::Forward, passes) {
            failures.push(format!("N = {len}: {e}"));
        }
    }
    // f64 above its 2048-value complex exchanges: 3000 = [10, 10, 6, 5] in registers with
    // the radix-6 stage clamped (one pass), 6000 two passes (`guarded.rs`).
    for (len, passes) in [(3000usize, 1usize), (6000, 2)] {
        if let Err(e) = check::<f64>(len, 3, Direction::Inverse, passes) {
            failures.push(format!("f64 N = {len}: {e}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} mixed fused transforms failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Bluestein's lengths on fused passes (issue 9): the padding, the filter's multiply and the
/// unpadding happen in the first and last passes' loads and stores, so the plan is the two
/// M-point FFTs and nothing else: two passes each beyond one pass's length, and where M is
/// one pass, one pass in all that runs the whole convolution (`ChirpStore::Convolve`): in
/// `buf` (M = 35, 81 sub-FFTs per work-group), in registers exchanging complex values
/// (M = 2048 with C = 2, 2401 = [7, 7, 7, 7], 4096 with C = 1), halves (8192) and halves in
/// two parts (16384).
#[test]
fn bluestein_edges_fused_into_the_passes() {
    let mut failures = Vec::new();
    for (len, batch, passes, direction, double) in [
        (17usize, 3usize, 1usize, Direction::Forward, false),
        (17, 100, 1, Direction::Inverse, true),
        (1009, 3, 1, Direction::Inverse, false),
        (1009, 2, 1, Direction::Forward, true),
        (1201, 2, 1, Direction::Forward, false),
        (2039, 2, 1, Direction::Inverse, false),
        (4001, 2, 1, Direction::Forward, false),
        (2039, 1, 1, Direction::Forward, true),
        (7001, 2, 1, Direction::Inverse, false),
        // The power of two M = 16384 as one pass instead of the smooth 10080 in four
        // (`one_pass_bluestein_len`); f64's 2503 likewise (8192 instead of 5040).
        (5003, 2, 1, Direction::Forward, false),
        (2503, 1, 1, Direction::Inverse, true),
        (4099, 1, 4, Direction::Inverse, true),
        // M = 131220 = [405, 324]: the 324-point passes with the filter and the unpad keep
        // their values in registers ([18, 18]).
        (65537, 1, 4, Direction::Forward, false),
        // Power-of-two M split for its edges (`bluestein_split`): 2^18 as 1024 x 256, 2^22
        // as 128 x 128 x 256 (the filter and unpad passes short, a plain middle pass); f64's
        // 2^21 as 128 x 64 x 256.
        (131071, 1, 4, Direction::Forward, false),
        (2097143, 1, 6, Direction::Inverse, false),
        (1048573, 1, 6, Direction::Forward, true),
    ] {
        let result = if double {
            check::<f64>(len, batch, direction, passes)
        } else {
            check::<f32>(len, batch, direction, passes)
        };
        if let Err(e) = result {
            failures.push(format!("N = {len} ({direction}, f64 {double}): {e}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
