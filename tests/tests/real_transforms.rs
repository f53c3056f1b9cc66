//! Real transforms (issue 10): R2C against numpy's `rfft` layout of the f64 oracle, C2R
//! against `irfft`, round trips, the padded in-place layout, outputs pre-filled with NaN so
//! an unwritten value fails, an out-of-place C2R that leaves its input as it was, and the
//! fused split and merge steps (forced on PoCL with `Family::Fused`).
//!
//! Tolerances: the model `eps * sqrt(log2 N)` (N the real length; 3x where the complex FFT
//! at the core is Bluestein's), as for complex transforms.

use fft_core::accuracy::{ErrorReport, Tolerance};
use fft_core::kernel::{hermitian_extension, FusedReal, KernelSpec};
use fft_core::plan::{Algorithm, Plan};
use fft_core::{Complex64, Direction};
use fft_runtime::ocl::{Buffer, OclPrm};
use fft_runtime::{
    ComplexToReal, Fft, FftFloat, Normalization, RealLayout, RealToComplex, Strategy as Family,
};
use num_complex::Complex;
use oclfft_tests::*;
use proptest::prelude::*;

/// The tolerance of a real transform of `len` reals in `T`.
fn real_tolerance<T: FftFloat>(len: usize) -> Tolerance {
    let complex_len = if len % 2 == 1 { len } else { len / 2 };
    let log2 = len.max(2).next_power_of_two().trailing_zeros();
    let factor = match Algorithm::for_len(complex_len) {
        Algorithm::Bluestein { .. } => 3.0,
        _ => 1.0,
    };
    Tolerance::for_transform(T::PRECISION, log2, factor)
}

/// numpy's `rfft` of one row, from the f64 oracle.
fn rfft_oracle(row: &[f64]) -> Vec<Complex64> {
    let complex: Vec<Complex64> = row.iter().map(|&v| Complex64::new(v, 0.0)).collect();
    let mut full = oracle(&complex, Direction::Forward);
    full.truncate(row.len() / 2 + 1);
    full
}

/// numpy's `irfft(half, n = len)`, unscaled, from the f64 oracle.
fn irfft_oracle(half: &[Complex64], len: usize) -> Vec<f64> {
    oracle(&hermitian_extension(half, len), Direction::Inverse)
        .into_iter()
        .map(|v| v.re)
        .collect()
}

/// `count` reals in [-1, 1), deterministic in `seed`, rounded to `T`.
fn random_reals<T: FftFloat>(count: usize, seed: u64) -> Vec<T> {
    random_signal(count, seed)
        .into_iter()
        .map(|v| T::from_f64(v.re))
        .collect()
}

fn real_plan<T: FftFloat>(
    len: usize,
    batch: usize,
    strategy: Family,
    layout: RealLayout,
) -> Result<RealToComplex<T>, String>
where
    Complex<T>: OclPrm,
{
    Fft::<T>::builder(test_queue())
        .len(len)
        .batch(batch)
        .strategy(strategy)
        .real_layout(layout)
        .build_r2c()
        .map_err(|e| format!("N = {len}: {e}"))
}

fn inverse_plan<T: FftFloat>(
    len: usize,
    batch: usize,
    strategy: Family,
    layout: RealLayout,
) -> Result<ComplexToReal<T>, String>
where
    Complex<T>: OclPrm,
{
    Fft::<T>::builder(test_queue())
        .len(len)
        .batch(batch)
        .strategy(strategy)
        .real_layout(layout)
        .build_c2r()
        .map_err(|e| format!("N = {len}: {e}"))
}

/// Compares rows of `got` with rows of `want` (each `row` long) and returns the worst report.
fn compare_rows(
    got: &[Complex64],
    want: &[Complex64],
    row: usize,
    tolerance: Tolerance,
    what: &str,
) -> Result<ErrorReport, String> {
    check_against(got, want, row, tolerance).map_err(|e| format!("{what}: {e}"))
}

/// R2C of `batch` random rows of `len` reals, host API, against the oracle.
fn check_r2c<T: FftFloat>(
    len: usize,
    batch: usize,
    strategy: Family,
    seed: u64,
) -> Result<ErrorReport, String>
where
    Complex<T>: OclPrm,
{
    let plan = real_plan::<T>(len, batch, strategy, RealLayout::Compact)?;
    let input = random_reals::<T>(len * batch, seed);
    let got = plan
        .process(&input)
        .map_err(|e| format!("N = {len}: {e}"))?;
    let want: Vec<Complex64> = input
        .chunks(len)
        .flat_map(|row| rfft_oracle(&row.iter().map(|&v| v.into()).collect::<Vec<f64>>()))
        .collect();
    compare_rows(
        &to_f64(&got),
        &want,
        len / 2 + 1,
        real_tolerance::<T>(len),
        &format!("R2C N = {len} batch {batch}"),
    )
}

/// C2R of `batch` random half spectra (DC and Nyquist imaginary parts not zero: they must
/// be ignored), host API, against the oracle.
fn check_c2r<T: FftFloat>(
    len: usize,
    batch: usize,
    strategy: Family,
    seed: u64,
) -> Result<ErrorReport, String>
where
    Complex<T>: OclPrm,
{
    let plan = inverse_plan::<T>(len, batch, strategy, RealLayout::Compact)?;
    check_c2r_plan(&plan, len, batch, seed, 1.0)
}

/// [`check_c2r`] through `plan`, whose normalization scales by `scale`.
fn check_c2r_plan<T: FftFloat>(
    plan: &ComplexToReal<T>,
    len: usize,
    batch: usize,
    seed: u64,
    scale: f64,
) -> Result<ErrorReport, String>
where
    Complex<T>: OclPrm,
{
    let half = len / 2 + 1;
    let input = to_device::<T>(&random_signal(half * batch, seed));
    let got = plan
        .process(&input)
        .map_err(|e| format!("N = {len}: {e}"))?;
    let want: Vec<Complex64> = to_f64(&input)
        .chunks(half)
        .flat_map(|row| irfft_oracle(row, len))
        .map(|v| Complex64::new(v * scale, 0.0))
        .collect();
    let got: Vec<Complex64> = got.iter().map(|&v| Complex64::new(v.into(), 0.0)).collect();
    compare_rows(
        &got,
        &want,
        len,
        real_tolerance::<T>(len),
        &format!("C2R N = {len} batch {batch} scale {scale}"),
    )
}

#[test]
fn every_length_up_to_160_both_kinds_f32_and_f64() {
    let mut failures = Vec::new();
    let mut worst = [0.0f64; 4];
    for len in 1..=160 {
        let results = [
            check_r2c::<f32>(len, 2, Family::Auto, len as u64),
            check_c2r::<f32>(len, 2, Family::Auto, len as u64 + 1000),
            check_r2c::<f64>(len, 1, Family::Auto, len as u64 + 2000),
            check_c2r::<f64>(len, 1, Family::Auto, len as u64 + 3000),
        ];
        for (slot, result) in results.into_iter().enumerate() {
            match result {
                Ok(report) => worst[slot] = worst[slot].max(report.relative_l2),
                Err(e) => failures.push(e),
            }
        }
    }
    eprintln!(
        "worst relative L2, N = 1..=160: R2C f32 {:.2e}, C2R f32 {:.2e}, R2C f64 {:.2e}, C2R f64 {:.2e}",
        worst[0], worst[1], worst[2], worst[3]
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The lengths whose fused plans (forced on PoCL) cover the fused steps: one pass of a power
/// of two and of a mixed length, two passes of a power of two (the split's mirrored column
/// pairs), a mixed two-pass length whose last pass cannot pair columns (point-wise split),
/// and a Bluestein half length.
// 1024 and 8192: the single-pass 512-point kernels (4 sub-FFTs per work-group) and the
// 4096-point ones (stages 32, 32, 4) with the split and merge.
/// Real lengths whose complex core is fused: up to 2^15, whose 16384-point pass exchanges in
/// two parts (the split step's mirror exchange too); 1000 (500 points as [10, 10, 5] in
/// registers, one stage more than without the edge); 1024 and 4096 (512 and 2048 points, whose
/// merge and split take smaller radices than the plain passes); 2000 and 10000 (1000 and 5000 complex
/// points in registers: the split through local memory, or a point-wise split after the
/// 5000-point pass that exchanges halves), 20000 (10000 points in one part, the merge in
/// its load), 21600 (10800 points in two parts).
const FUSED_LENGTHS: [usize; 13] = [
    512,
    1000,
    1024,
    2000,
    4096,
    8190,
    8192,
    10_000,
    1 << 14,
    1 << 15,
    20_000,
    21_600,
    2 * 4099,
];

/// Multi-pass real lengths whose edge pass would be wide without its step (1024 and 2048
/// points): the step shrinks its work-group, so the plan must launch it with the edge
/// spec's geometry (the launch of the plain wide pass failed with CL_INVALID_WORK_GROUP_SIZE
/// on NVIDIA). 2^19 also runs the R2C as 2048 x 128 (the split in the short pass),
/// 2^21..2^23 its three passes with the split in a 64-point last pass (128 x 128 x 64 ..
/// 1024 x 64 x 64), 2^22 and 2^23 the C2R's merge in a wide first pass (2048 and 4096
/// points).
const WIDE_EDGE_LENGTHS: [usize; 4] = [1 << 19, 1 << 21, 1 << 22, 1 << 23];

#[test]
fn fused_split_and_merge_match_the_oracle() {
    for len in WIDE_EDGE_LENGTHS {
        check_r2c::<f32>(len, 1, Family::Fused, len as u64).unwrap();
        check_c2r::<f32>(len, 1, Family::Fused, len as u64 + 1).unwrap();
    }
    for len in FUSED_LENGTHS {
        let r2c = check_r2c::<f32>(len, 3, Family::Fused, len as u64).unwrap();
        let c2r = check_c2r::<f32>(len, 3, Family::Fused, len as u64 + 1).unwrap();
        eprintln!(
            "fused N = {len}: R2C L2 {:.2e}, C2R L2 {:.2e}",
            r2c.relative_l2, c2r.relative_l2
        );
    }
    for len in [512, 1 << 13, 1 << 14] {
        check_r2c::<f64>(len, 2, Family::Fused, 7).unwrap();
        check_c2r::<f64>(len, 2, Family::Fused, 8).unwrap();
    }
    // The merge in wide first passes whose column blocks run in mirrored order: f64's 512
    // blocks of 2 x 2048 values here, f32's 256 of 4 x 4096 (2^23 reals) in the first loop.
    check_c2r::<f64>(1 << 22, 1, Family::Fused, 9).unwrap();
}

/// Real lengths whose complex FFT is one lanes pass (CPU devices), the step in it: half
/// lengths from 8 points (the shortest lanes pass) to 4096 (f32's longest), powers of two (a
/// program each) and not (the program whose length is an argument; 13 and 100 points end in
/// a partial run of 8).
const LANES_LENGTHS: [usize; 8] = [16, 26, 64, 200, 1000, 2048, 6000, 8192];

/// R2C and C2R of `batch` rows of `len` reals with lanes plans: each one lanes pass with its
/// step, matching the oracle.
fn check_one_lanes_pass<T: FftFloat>(len: usize, batch: usize) -> Result<(), String>
where
    Complex<T>: OclPrm,
{
    let with_step = |plan: &Plan, step: FusedReal| {
        matches!(plan.passes.as_slice(),
            [pass] if matches!(pass.spec, KernelSpec::Lanes(l) if l.real == Some(step)))
    };
    let r2c = real_plan::<T>(len, batch, Family::Lanes, RealLayout::Compact)?;
    let c2r = inverse_plan::<T>(len, batch, Family::Lanes, RealLayout::Compact)?;
    if !with_step(r2c.plan(), FusedReal::Split) || !with_step(c2r.plan(), FusedReal::Merge) {
        return Err(format!(
            "N = {len}: not one lanes pass with the step:\n{}\n{}",
            r2c.explain(),
            c2r.explain()
        ));
    }
    let seed = (len * 16 + batch) as u64;
    check_r2c::<T>(len, batch, Family::Lanes, seed)?;
    check_c2r::<T>(len, batch, Family::Lanes, seed + 1)?;
    Ok(())
}

#[test]
fn one_lanes_pass_takes_the_split_and_the_merge() {
    let kind = test_queue().plan_caps().kind;
    if kind != fft_runtime::DeviceKind::Cpu {
        // Lanes passes exist for CPU devices only (tests/tests/lanes_passes.rs).
        let refused = real_plan::<f32>(64, 1, Family::Lanes, RealLayout::Compact);
        assert!(refused.is_err_and(|e| e.contains("lanes")), "{kind}");
        return;
    }
    let mut failures = Vec::new();
    // Batches of 1 and 11: the last work-item's lanes past the batch repeat its last row.
    for len in LANES_LENGTHS {
        for batch in [1, 11] {
            failures.extend(check_one_lanes_pass::<f32>(len, batch).err());
        }
    }
    for len in [16, 26, 1000, 4096] {
        failures.extend(check_one_lanes_pass::<f64>(len, 3).err());
    }
    // The split's store scales: numpy's "forward" normalization (1/N on the R2C).
    for len in [64, 1000] {
        failures.extend(check_scaled_lanes_split(len).err());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// R2Cs whose last lanes pass of several takes the split: lanes 0..3 hold four columns and
/// lanes 4..7 their mirrors (odd sub-FFT lengths 65, 125 and 81 among them; up to 512 KiB
/// per sequence: 2^17 f32 reals), against the oracle.
#[test]
fn the_last_lanes_pass_of_several_takes_the_split() {
    if test_queue().plan_caps().kind != fft_runtime::DeviceKind::Cpu {
        return; // Lanes passes exist for CPU devices only (see above).
    }
    fn check<T: FftFloat>(len: usize, batch: usize) -> Result<ErrorReport, String>
    where
        Complex<T>: OclPrm,
    {
        let plan = real_plan::<T>(len, batch, Family::Lanes, RealLayout::Compact)?;
        let paired = plan.plan().passes.len() > 1
            && matches!(plan.plan().passes.last().map(|p| p.spec),
                Some(KernelSpec::Lanes(l)) if l.real == Some(FusedReal::Split));
        if !paired {
            return Err(format!("N = {len}: no paired split\n{}", plan.explain()));
        }
        check_r2c::<T>(len, batch, Family::Lanes, len as u64)
    }
    let mut failures = Vec::new();
    // 9152 and 8640 reals: lanes lengths whose last stride is a multiple of 16 (4576 as
    // 32 x 143, 4320 as 80 x 54), not the complex plan's (88 x 52, 72 x 60).
    for (len, batch) in [
        (8320, 3),
        (20000, 3),
        (23328, 2),
        (48000, 3),
        (1 << 17, 2),
        (9152, 3),
        (8640, 2),
    ] {
        failures.extend(check::<f32>(len, batch).err());
    }
    for len in [8192, 8320, 20000, 1 << 15, 9152] {
        failures.extend(check::<f64>(len, 3).err());
    }
    failures.extend(check_scaled_lanes_split(48000).err());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// C2Rs whose first lanes pass of several takes the merge: lanes 0..3 hold four columns and
/// lanes 4..7 their mirrors, column 0 and the middle column each merged with itself, against
/// the oracle (the DC and Nyquist imaginary parts random, to be ignored), in both
/// precisions and with the backward normalization's 1/N in the last pass.
#[test]
fn the_first_lanes_pass_of_several_takes_the_merge() {
    if test_queue().plan_caps().kind != fft_runtime::DeviceKind::Cpu {
        return; // Lanes passes exist for CPU devices only (see above).
    }
    fn merged<T: FftFloat>(len: usize) -> Result<(), String>
    where
        Complex<T>: OclPrm,
    {
        let plan = inverse_plan::<T>(len, 1, Family::Lanes, RealLayout::Compact)?;
        let passes = &plan.plan().passes;
        let paired = passes.len() > 1
            && matches!(passes[0].spec,
                KernelSpec::Lanes(l) if l.real == Some(FusedReal::Merge));
        if paired {
            Ok(())
        } else {
            Err(format!("N = {len}: no paired merge\n{}", plan.explain()))
        }
    }
    let mut failures = Vec::new();
    // 8320 reals: 4160 points as 104 x 40, lanes lengths in multiples of 8 (the complex
    // plan's 64 x 65 has 65 sub-FFTs per sequence in its first pass).
    for (len, batch) in [(8320, 3), (9216, 3), (12800, 3), (16384, 2), (19968, 2)] {
        failures.extend(merged::<f32>(len).err());
        failures.extend(check_c2r::<f32>(len, batch, Family::Lanes, len as u64).err());
    }
    for (len, batch) in [(8320, 2), (9216, 3), (16384, 2)] {
        failures.extend(merged::<f64>(len).err());
        failures.extend(check_c2r::<f64>(len, batch, Family::Lanes, len as u64).err());
    }
    failures.extend(check_scaled_lanes_merge(12800).err());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A C2R of `len` reals in lanes passes with the backward normalization: the oracle's
/// reals times 1/N.
fn check_scaled_lanes_merge(len: usize) -> Result<ErrorReport, String> {
    let plan = Fft::<f32>::builder(test_queue())
        .len(len)
        .batch(5)
        .strategy(Family::Lanes)
        .normalization(Normalization::Backward)
        .build_c2r()
        .map_err(|e| format!("N = {len}: {e}"))?;
    check_c2r_plan(&plan, len, 5, len as u64 + 7, 1.0 / len as f64)
}

/// An R2C of `len` reals in lanes passes with the forward normalization: the oracle's
/// spectrum times 1/N.
fn check_scaled_lanes_split(len: usize) -> Result<ErrorReport, String> {
    let plan = Fft::<f32>::builder(test_queue())
        .len(len)
        .batch(9)
        .strategy(Family::Lanes)
        .normalization(Normalization::Forward)
        .build_r2c()
        .map_err(|e| format!("N = {len}: {e}"))?;
    let input = random_reals::<f32>(len * 9, len as u64 + 5);
    let got = plan
        .process(&input)
        .map_err(|e| format!("N = {len}: {e}"))?;
    let want: Vec<Complex64> = input
        .chunks(len)
        .flat_map(|row| rfft_oracle(&row.iter().map(|&v| f64::from(v)).collect::<Vec<_>>()))
        .map(|v| v / len as f64)
        .collect();
    compare_rows(
        &to_f64(&got),
        &want,
        len / 2 + 1,
        real_tolerance::<f32>(len),
        &format!("scaled R2C N = {len}"),
    )
}

#[test]
fn fused_plans_put_the_steps_into_the_edge_passes() {
    let fused_step = |plan: &Plan, step: FusedReal| {
        plan.passes
            .iter()
            .any(|p| matches!(p.spec, KernelSpec::Fused(f) if f.real == Some(step)))
    };
    for len in [512, 2000, 8190, 1 << 14, 1 << 15] {
        let r2c = real_plan::<f32>(len, 1, Family::Fused, RealLayout::Compact).unwrap();
        assert!(
            fused_step(r2c.plan(), FusedReal::Split),
            "{}",
            r2c.explain()
        );
        assert!(r2c
            .explain()
            .contains("fused into the store of the real axis's last pass"));
        let c2r = inverse_plan::<f32>(len, 1, Family::Fused, RealLayout::Compact).unwrap();
        assert!(
            fused_step(c2r.plan(), FusedReal::Merge),
            "{}",
            c2r.explain()
        );
        // No pass of its own: as many passes as the complex FFT of len/2 points.
        let complex = Plan::new(
            fft_core::plan::PlanRequest {
                strategy: Family::Fused,
                ..fft_core::plan::PlanRequest::new(len / 2)
            },
            &test_queue().plan_caps(),
        )
        .unwrap();
        assert_eq!(r2c.plan().passes.len(), complex.passes.len());
        assert_eq!(c2r.plan().passes.len(), complex.passes.len());
    }
    // The C2R's merge rides in a wide first pass (f32 from 2048 points, f64 from 1024)
    // instead of a point-wise merge pass before it; returns the column blocks of C per
    // sequence (the kernel takes them in mirrored order from 32 MiB per sequence: 256 blocks
    // in f32, 512 in f64).
    fn wide_merge_blocks<T: FftFloat>(len: usize) -> usize
    where
        Complex<T>: OclPrm,
    {
        let c2r = inverse_plan::<T>(len, 1, Family::Fused, RealLayout::Compact).unwrap();
        let pass = &c2r.plan().passes[0];
        let first = match pass.spec {
            KernelSpec::Fused(f) => f,
            other => panic!("N = {len}: first pass {other:?}\n{}", c2r.explain()),
        };
        assert!(
            first.real == Some(FusedReal::Merge) && first.is_wide(),
            "N = {len}: {}",
            c2r.explain()
        );
        let t = pass.params.padded / (first.len as usize * pass.params.stride);
        t / first.columns() as usize
    }
    assert!(wide_merge_blocks::<f32>(1 << 22) < 256);
    assert!(wide_merge_blocks::<f32>(1 << 23) >= 256);
    assert!(wide_merge_blocks::<f64>(1 << 21) < 512);
    assert!(wide_merge_blocks::<f64>(1 << 22) >= 512);
}

/// Device buffers: outputs pre-filled with NaN, the padded in-place layout, and the input of
/// an out-of-place C2R read back unchanged.
fn check_device_buffers(len: usize, batch: usize, strategy: Family) {
    let queue = test_queue().queue().clone();
    let half = len / 2 + 1;
    let input = random_reals::<f32>(len * batch, len as u64);
    let want: Vec<Complex64> = input
        .chunks(len)
        .flat_map(|row| rfft_oracle(&row.iter().map(|&v| f64::from(v)).collect::<Vec<_>>()))
        .collect();
    let tolerance = real_tolerance::<f32>(len);
    // Out of place, compact rows.
    let plan = real_plan::<f32>(len, batch, strategy, RealLayout::Compact).unwrap();
    let reals = Buffer::<f32>::builder()
        .queue(queue.clone())
        .len(input.len())
        .copy_host_slice(&input)
        .build()
        .unwrap();
    let nan = Complex::new(f32::NAN, f32::NAN);
    let spectrum = Buffer::<Complex<f32>>::builder()
        .queue(queue.clone())
        .len(half * batch)
        .fill_val(nan)
        .build()
        .unwrap();
    plan.enqueue(&reals, &spectrum, None)
        .unwrap()
        .wait_for()
        .unwrap();
    let mut got = vec![nan; half * batch];
    spectrum.read(&mut got).enq().unwrap();
    compare_rows(&to_f64(&got), &want, half, tolerance, "device R2C").unwrap();

    // C2R out of place: the input (the spectrum) is left as it was.
    let inverse = Fft::<f32>::builder(test_queue())
        .len(len)
        .batch(batch)
        .strategy(strategy)
        .normalization(Normalization::Backward)
        .build_c2r()
        .unwrap();
    let back = Buffer::<f32>::builder()
        .queue(queue.clone())
        .len(len * batch)
        .fill_val(f32::NAN)
        .build()
        .unwrap();
    inverse
        .enqueue(&spectrum, &back, None)
        .unwrap()
        .wait_for()
        .unwrap();
    let mut after = vec![nan; half * batch];
    spectrum.read(&mut after).enq().unwrap();
    assert!(
        after.iter().zip(&got).all(|(a, b)| a == b),
        "N = {len}: the C2R wrote its input"
    );
    let mut round = vec![f32::NAN; len * batch];
    back.read(&mut round).enq().unwrap();
    let as_complex = |v: &[f32]| -> Vec<Complex64> {
        v.iter()
            .map(|&x| Complex64::new(f64::from(x), 0.0))
            .collect()
    };
    compare_rows(
        &as_complex(&round),
        &as_complex(&input),
        len,
        tolerance,
        "irfft(rfft(x))",
    )
    .unwrap();

    // In place, padded rows of 2 * half reals (the last ones NaN: never read).
    let padded_plan = real_plan::<f32>(len, batch, strategy, RealLayout::Padded).unwrap();
    let mut rows = vec![f32::NAN; 2 * half * batch];
    for (row, chunk) in rows.chunks_mut(2 * half).zip(input.chunks(len)) {
        row[..len].copy_from_slice(chunk);
    }
    let data = Buffer::<f32>::builder()
        .queue(queue.clone())
        .len(rows.len())
        .copy_host_slice(&rows)
        .build()
        .unwrap();
    padded_plan
        .enqueue_in_place(&data, None)
        .unwrap()
        .wait_for()
        .unwrap();
    let mut in_place = vec![f32::NAN; rows.len()];
    data.read(&mut in_place).enq().unwrap();
    let spectrum_in_place: Vec<Complex64> = in_place
        .chunks(2)
        .map(|p| Complex64::new(f64::from(p[0]), f64::from(p[1])))
        .collect();
    compare_rows(&spectrum_in_place, &want, half, tolerance, "in-place R2C").unwrap();
    let padded_inverse = Fft::<f32>::builder(test_queue())
        .len(len)
        .batch(batch)
        .strategy(strategy)
        .real_layout(RealLayout::Padded)
        .normalization(Normalization::Backward)
        .build_c2r()
        .unwrap();
    padded_inverse
        .enqueue_in_place(&data, None)
        .unwrap()
        .wait_for()
        .unwrap();
    data.read(&mut in_place).enq().unwrap();
    let restored: Vec<f32> = in_place
        .chunks(2 * half)
        .flat_map(|row| row[..len].to_vec())
        .collect();
    compare_rows(
        &as_complex(&restored),
        &as_complex(&input),
        len,
        tolerance,
        "in-place irfft(rfft(x))",
    )
    .unwrap();
}

#[test]
fn device_buffers_in_place_padded_and_c2r_input_kept() {
    for len in [1, 2, 7, 16, 100, 1000, 4096, 1031] {
        check_device_buffers(len, 3, Family::Auto);
    }
    for len in [512, 1 << 14, 999] {
        check_device_buffers(len, 2, Family::Fused);
    }
}

#[test]
fn wrong_sizes_are_errors_that_leave_the_output_alone() {
    let plan = real_plan::<f32>(10, 2, Family::Auto, RealLayout::Compact).unwrap();
    let mut output = vec![Complex::new(7.0f32, 7.0); 12];
    let err = plan.process_into(&[0.0; 19], &mut output).unwrap_err();
    let text = err.to_string();
    assert!(text.contains("19 reals") && text.contains("20"), "{text}");
    assert!(output.iter().all(|v| v.re == 7.0));
    let err = plan
        .process_into(&[0.0; 20], &mut output[..11])
        .unwrap_err();
    assert!(err.to_string().contains("12"), "{err}");
    let inverse = inverse_plan::<f32>(10, 2, Family::Auto, RealLayout::Compact).unwrap();
    let err = inverse.process(&output[..10]).unwrap_err();
    assert!(err.to_string().contains("len/2 + 1"), "{err}");
    let queue = test_queue().queue().clone();
    let data = Buffer::<f32>::builder()
        .queue(queue)
        .len(24)
        .build()
        .unwrap();
    let err = plan.enqueue_in_place(&data, None).unwrap_err();
    assert!(err.to_string().contains("RealLayout::Padded"), "{err}");
    let err = Fft::<f32>::builder(test_queue())
        .len(8)
        .inverse()
        .build_r2c()
        .unwrap_err();
    assert!(err.to_string().contains("build_c2r"), "{err}");
}

#[test]
fn explain_says_how_odd_and_even_lengths_run() {
    let odd = real_plan::<f32>(999, 1, Family::Auto, RealLayout::Compact).unwrap();
    assert!(odd.explain().contains("999 is odd"), "{}", odd.explain());
    assert!(
        odd.explain().starts_with("forward R2C"),
        "{}",
        odd.explain()
    );
    let even = inverse_plan::<f32>(1000, 1, Family::Auto, RealLayout::Compact).unwrap();
    assert!(
        even.explain().contains("500-point complex FFT"),
        "{}",
        even.explain()
    );
    // On the CPU device of the tests the 500-point FFT is one lanes pass whose load takes the
    // merge, and explain says so.
    if test_queue().plan_caps().kind == fft_core::plan::DeviceKind::Cpu {
        assert!(
            even.explain()
                .contains("loads the real transform's merge step from the half spectrum"),
            "{}",
            even.explain()
        );
    }
    let bluestein = real_plan::<f32>(2 * 4099, 1, Family::Fused, RealLayout::Compact).unwrap();
    assert!(
        bluestein.explain().contains("Bluestein's convolution"),
        "{}",
        bluestein.explain()
    );
}

/// Random lengths weighted toward the awkward ones: small, odd, twice a prime, powers of two.
fn any_real_len() -> impl Strategy<Value = usize> {
    prop_oneof![
        1usize..300,
        (1usize..3000).prop_map(|n| 2 * n + 1),
        prop::sample::select(vec![2 * 1009, 2 * 4099, 2 * 65537, 3 * 4099]),
        (4u32..=18).prop_map(|e| 1usize << e),
        300usize..70_000,
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_lengths_batches_and_precisions(
        len in any_real_len(),
        batch in 1usize..4,
        double in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let (r2c, c2r) = if double {
            (check_r2c::<f64>(len, batch, Family::Auto, seed),
             check_c2r::<f64>(len, batch, Family::Auto, seed ^ 1))
        } else {
            (check_r2c::<f32>(len, batch, Family::Auto, seed),
             check_c2r::<f32>(len, batch, Family::Auto, seed ^ 1))
        };
        prop_assert!(r2c.is_ok(), "{}", r2c.unwrap_err());
        prop_assert!(c2r.is_ok(), "{}", c2r.unwrap_err());
    }
}

#[test]
fn forward_then_inverse_direction_tags() {
    // The plan's headline names the kind, as the CLI prints it.
    let plan = inverse_plan::<f32>(6, 1, Family::Auto, RealLayout::Compact).unwrap();
    assert!(
        plan.explain().starts_with("inverse C2R"),
        "{}",
        plan.explain()
    );
    assert_eq!(plan.plan().request.direction, Direction::Inverse);
}
