//! Lanes passes (eight sub-FFTs per work-item, one per SIMD lane: the CPU devices' default
//! for powers of two and 13-smooth lengths from 32 points), asked for with `Strategy::Lanes`
//! so every length runs them: every power-of-two whole-transform length and mixed ones in both
//! precisions with a batch that leaves the last work-item partial, plans of two and three
//! passes (with one- and two-level twiddle tables, first sub-FFTs straddling transforms), in
//! place, lengths without the factor 8 whose later passes straddle, and random shapes. They
//! exist for CPU devices only: on any other test device each test checks instead that asking
//! for them is refused with `PlanError::LanesUnavailable`.

use fft_codegen::KernelSpec;
use fft_core::plan::PlanError;
use fft_core::Direction;
use fft_runtime::ocl::{Buffer, OclPrm};
use fft_runtime::{DeviceKind, Error, Fft, FftFloat, Strategy};
use num_complex::Complex;
use oclfft_tests::*;
use proptest::prelude::*;

/// Whether the test device runs lanes passes (a CPU); on any other device, checks that a
/// lanes plan is refused with the error that says so.
fn lanes_device() -> bool {
    let kind = test_queue().plan_caps().kind;
    if kind == DeviceKind::Cpu {
        return true;
    }
    let refused = Fft::<f32>::builder(test_queue())
        .len(1024)
        .strategy(Strategy::Lanes)
        .build();
    match refused {
        Err(Error::Plan(PlanError::LanesUnavailable(k))) => assert_eq!(k, kind),
        Err(other) => panic!("a lanes plan on a {kind} was refused for another reason: {other}"),
        Ok(plan) => panic!("a lanes plan on a {kind} was built:\n{}", plan.explain()),
    }
    false
}

fn lanes_plan<T: FftFloat>(len: usize, batch: usize, direction: Direction) -> Fft<T>
where
    Complex<T>: OclPrm,
{
    Fft::<T>::builder(test_queue())
        .len(len)
        .batch(batch)
        .direction(direction)
        .strategy(Strategy::Lanes)
        .build()
        .unwrap_or_else(|e| panic!("{len} x {batch}: {e}"))
}

/// Transforms random data with a lanes plan of `passes` passes and checks it against the
/// oracle.
fn check<T: FftFloat>(
    len: usize,
    batch: usize,
    direction: Direction,
    passes: usize,
) -> Result<(), String>
where
    Complex<T>: OclPrm,
{
    let plan = lanes_plan::<T>(len, batch, direction);
    let specs = &plan.plan().passes;
    if specs.len() != passes || !specs.iter().all(|p| matches!(p.spec, KernelSpec::Lanes(_))) {
        return Err(format!("unexpected plan:\n{}", plan.explain()));
    }
    let signal = random_signal(len * batch, (len * 31 + batch) as u64);
    let mut data = to_device::<T>(&signal);
    plan.process(&mut data).map_err(|e| e.to_string())?;
    let want = batched_oracle(&signal, len, direction, 1.0);
    check_against(&to_f64(&data), &want, len, tolerance::<T>(len))
        .map(|_| ())
        .map_err(|e| format!("{len} x {batch} {direction:?}: {e}"))
}

#[test]
fn every_whole_transform_length_in_both_precisions() {
    if !lanes_device() {
        return;
    }
    let mut failures = Vec::new();
    for log2 in 3..=12u32 {
        let len = 1usize << log2;
        // 9 transforms: one full work-item and one that repeats the last transform 7 times.
        let direction = if log2 % 2 == 0 {
            Direction::Forward
        } else {
            Direction::Inverse
        };
        failures.extend(check::<f32>(len, 9, direction, 1).err());
        if log2 <= 11 {
            failures.extend(check::<f64>(len, 9, direction, 1).err());
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn mixed_lengths_in_one_pass_with_and_without_a_whole_run_of_8_at_the_end() {
    if !lanes_device() {
        return;
    }
    let mut failures = Vec::new();
    // 9, 15, 2187 and 4095 end in a partial run of 8 values; 4095 = 3^2 * 5 * 7 * 13 and
    // 4004 = 4 * 7 * 11 * 13 take every odd butterfly.
    for (i, len) in [9usize, 15, 24, 100, 243, 300, 1000, 2187, 4004, 4095]
        .into_iter()
        .enumerate()
    {
        let direction = if i % 2 == 0 {
            Direction::Forward
        } else {
            Direction::Inverse
        };
        failures.extend(check::<f32>(len, 9, direction, 1).err());
        if len <= 2048 {
            failures.extend(check::<f64>(len, 9, direction, 1).err());
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn mixed_lengths_in_several_passes_whose_first_sub_ffts_straddle_transforms() {
    if !lanes_device() {
        return;
    }
    // 100000 = 400 x 250: the first pass's t = 250 is no multiple of 8, so some work-items
    // straddle two transforms, and 3 x 250 sub-FFTs leave the last work-item partial;
    // 3 * 2^20 = 2048 x 1536 takes the two-level table at a span of no power of two;
    // 8 * 3^12 in f64 (sub-FFTs of at most 2048) needs three passes.
    for direction in [Direction::Forward, Direction::Inverse] {
        check::<f32>(100_000, 3, direction, 2).unwrap();
    }
    check::<f64>(100_000, 1, Direction::Inverse, 2).unwrap();
    check::<f32>(3 << 20, 1, Direction::Forward, 2).unwrap();
    check::<f64>(8 * 3usize.pow(12), 1, Direction::Forward, 3).unwrap();
}

#[test]
fn lengths_without_the_factor_8_straddle_in_their_later_passes() {
    if !lanes_device() {
        return;
    }
    // 6561 = 81 x 81 and 4116 = 84 x 49: the later pass's stride is no multiple of 8, so
    // the work-items whose sub-FFTs k .. k + 8 pass a multiple of it (and the batch's last,
    // partial one) load, twiddle and store lane by lane; 3^14 in f64 (sub-FFTs of at most
    // 2048) takes three passes, both later ones straddling.
    let straddling = |len: usize, precision: &str, passes: &[fft_core::plan::Pass]| {
        assert!(
            passes.len() > 1
                && passes[1..]
                    .iter()
                    .all(|p| matches!(p.spec, KernelSpec::Lanes(l) if l.straddles)),
            "{len} {precision}: every later pass straddles"
        );
    };
    for (i, (len, batch)) in [(6561usize, 3usize), (4116, 5)].into_iter().enumerate() {
        for direction in [Direction::Forward, Direction::Inverse] {
            check::<f32>(len, batch, direction, 2).unwrap();
        }
        let direction = if i == 0 {
            Direction::Forward
        } else {
            Direction::Inverse
        };
        check::<f64>(len, batch + 2, direction, 2).unwrap();
        straddling(
            len,
            "f32",
            &lanes_plan::<f32>(len, 1, direction).plan().passes,
        );
    }
    let len = 3usize.pow(14);
    check::<f64>(len, 1, Direction::Inverse, 3).unwrap();
    straddling(
        len,
        "f64",
        &lanes_plan::<f64>(len, 1, Direction::Forward).plan().passes,
    );
}

#[test]
fn the_default_plan_of_a_power_of_two_is_lanes_on_cpus_and_fused_on_gpus() {
    let plan = Fft::<f32>::builder(test_queue()).len(1024).build().unwrap();
    let spec = plan.plan().passes[0].spec;
    match test_queue().plan_caps().kind {
        DeviceKind::Cpu => assert!(matches!(spec, KernelSpec::Lanes(_)), "{}", plan.explain()),
        DeviceKind::Gpu => assert!(matches!(spec, KernelSpec::Fused(_)), "{}", plan.explain()),
        DeviceKind::Accelerator | DeviceKind::Other => {}
    }
}

#[test]
fn plans_of_two_passes() {
    if !lanes_device() {
        return;
    }
    // 2^19 = 1024 x 512: the later pass's one table would hold 2^19 values, so it takes the
    // two-level table (`_hilo`).
    for (log2, batch) in [(13u32, 2usize), (16, 3), (17, 1), (19, 1)] {
        for direction in [Direction::Forward, Direction::Inverse] {
            check::<f32>(1 << log2, batch, direction, 2).unwrap();
        }
    }
    check::<f64>(1 << 12, 2, Direction::Forward, 2).unwrap();
    check::<f64>(1 << 13, 1, Direction::Inverse, 2).unwrap();
}

#[test]
fn in_place_equals_out_of_place() {
    if !lanes_device() {
        return;
    }
    for (len, batch) in [(1024usize, 5usize), (1 << 13, 2)] {
        let plan = lanes_plan::<f32>(len, batch, Direction::Forward);
        let signal = to_device::<f32>(&random_signal(len * batch, 7));
        let mut expected = signal.clone();
        plan.process(&mut expected).unwrap();
        let buffer = Buffer::builder()
            .queue(test_queue().queue().clone())
            .len(len * batch)
            .copy_host_slice(&signal)
            .build()
            .unwrap();
        plan.enqueue(&buffer).unwrap().wait_for().unwrap();
        let mut got = vec![Complex::new(0.0f32, 0.0); len * batch];
        buffer.read(&mut got).enq().unwrap();
        assert_eq!(got, expected, "{len} x {batch}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// Random shapes through lanes passes.
    #[test]
    fn lanes_transforms_match_the_oracle(log2 in 3u32..=15, batch in 1usize..=10, inverse in any::<bool>(), double in any::<bool>()) {
        if !lanes_device() {
            return Ok(());
        }
        let direction = if inverse { Direction::Inverse } else { Direction::Forward };
        let len = 1usize << log2;
        let single = if double { 2048 } else { 4096 };
        let passes = if len <= single { 1 } else { 2 };
        let result = if double {
            check::<f64>(len, batch, direction, passes)
        } else {
            check::<f32>(len, batch, direction, passes)
        };
        result.map_err(TestCaseError::fail)?;
    }
}
