//! The GPU planner's plans, run on the test device (PoCL in CI) against the f64 oracle.
//!
//! A CPU device's own plans are lanes and global radix passes, so the fused kernels that GPUs
//! run (one-pass register kernels, exchanges in parts, wide passes, fused Bluestein, the real
//! split and merge in edge passes, multi-dimensional column passes) were checked only where a
//! test forced them, with PoCL's limits, which give other splits than a GPU's. Two planner bugs
//! that named kernels the generator refuses (2026-11-27) failed only on NVIDIA's driver. This
//! file plans with NVIDIA's limits ([`PlanAs::Class`], what `OCLFFT_PLAN_AS=nvidia-gpu` does for
//! the whole suite) over a fixed sample, one or more lengths per plan family and the caller's
//! strided and planar layouts, and checks each plan runs fused passes, so a change in the
//! planner cannot silently leave the sample.
//!
//! Nearly all of this file's time is PoCL compiling GPU-class kernels (1110 s with cold caches
//! and 60 s with warm ones on the 2-core CI-class machine, 182 cases, 2026-12-02), so CI runs
//! one or more cases of each family (about half the cases) and `OCLFFT_FULL_TESTS=1` adds
//! the further lengths of the same families ([`sample`]).

use fft_core::kernel::KernelSpec;
use fft_core::plan::{DeviceCaps, DeviceKind, Plan};
use fft_core::{Complex64, Direction};
use fft_runtime::ocl::OclPrm;
use fft_runtime::{DeviceQueue, Fft, FftFloat, Layout, PlanAs};
use num_complex::Complex;
use oclfft_tests::*;
use std::sync::OnceLock;

/// The test device, planned for as an NVIDIA GPU.
fn gpu_planned() -> &'static DeviceQueue {
    static QUEUE: OnceLock<DeviceQueue> = OnceLock::new();
    QUEUE.get_or_init(|| {
        let queue = test_queue()
            .clone()
            .with_plan_as(PlanAs::Class(DeviceCaps::NVIDIA_GPU));
        assert_eq!(queue.plan_caps(), DeviceCaps::NVIDIA_GPU);
        queue
    })
}

/// Fails unless `plan` runs fused passes: the sample is there to run the GPU's kernels.
fn assert_fused(plan: &Plan, what: &str, explain: &str) {
    assert!(
        plan.passes
            .iter()
            .any(|p| matches!(p.spec, KernelSpec::Fused(_))),
        "{what}: no fused pass in the GPU plan\n{explain}"
    );
}

/// A complex transform of `batch` random sequences of shape `dims`, host API, in place.
fn check_c2c<T: FftFloat>(dims: &[usize], batch: usize, direction: Direction) -> Result<(), String>
where
    Complex<T>: OclPrm,
{
    check_c2c_against::<T>(dims, batch, direction, oracle)
}

/// [`check_c2c`] with `line_oracle` the f64 transform of each line along an axis: the
/// reference FFT for shapes whose lines the naive DFT would take minutes over (8192 x 4096).
fn check_c2c_against<T: FftFloat>(
    dims: &[usize],
    batch: usize,
    direction: Direction,
    line_oracle: fn(&[Complex64], Direction) -> Vec<Complex64>,
) -> Result<(), String>
where
    Complex<T>: OclPrm,
{
    let what = format!("{} C2C {dims:?} x{batch} {direction}", T::PRECISION);
    let plan = Fft::<T>::builder(gpu_planned())
        .shape(dims)
        .batch(batch)
        .direction(direction)
        .build()
        .map_err(|e| format!("{what}: {e}"))?;
    assert_fused(plan.plan(), &what, &plan.explain());
    let total: usize = dims.iter().product();
    let signal = to_device::<T>(&random_signal(total * batch, total as u64));
    let mut data = signal.clone();
    plan.process(&mut data)
        .map_err(|e| format!("{what}: {e}"))?;
    let axes: Vec<usize> = (0..dims.len()).collect();
    let want: Vec<Complex64> = to_f64(&signal)
        .chunks(total)
        .flat_map(|one| fft_core::along_axes(one, dims, &axes, |line| line_oracle(line, direction)))
        .collect();
    check_against(&to_f64(&data), &want, total, nd_tolerance::<T>(dims, &axes))
        .map(|_| ())
        .map_err(|e| format!("{what}: {e}\n{}", plan.explain()))
}

/// R2C and C2R of `batch` random arrays of shape `dims` (the last axis real), host API.
fn check_real<T: FftFloat>(dims: &[usize], batch: usize) -> Result<(), String>
where
    Complex<T>: OclPrm,
{
    let what = format!("{} real {dims:?} x{batch}", T::PRECISION);
    let builder = || Fft::<T>::builder(gpu_planned()).shape(dims).batch(batch);
    let r2c = builder()
        .build_r2c()
        .map_err(|e| format!("{what} R2C: {e}"))?;
    let c2r = builder()
        .build_c2r()
        .map_err(|e| format!("{what} C2R: {e}"))?;
    assert_fused(r2c.plan(), &what, &r2c.explain());
    assert_fused(c2r.plan(), &what, &c2r.explain());
    let axes: Vec<usize> = (0..dims.len()).collect();
    let tolerance = nd_tolerance::<T>(dims, &axes);
    let total: usize = dims.iter().product();
    let last = dims[dims.len() - 1];
    let half_total = total / last * (last / 2 + 1);

    let reals: Vec<T> = random_signal(total * batch, total as u64 + 1)
        .iter()
        .map(|v| T::from_f64(v.re))
        .collect();
    let spectrum = r2c
        .process(&reals)
        .map_err(|e| format!("{what} R2C: {e}"))?;
    let reals_f64: Vec<f64> = reals.iter().map(|&v| v.into()).collect();
    let want: Vec<Complex64> = reals_f64
        .chunks(total)
        .flat_map(|one| rfftn_oracle(one, dims, &axes))
        .collect();
    check_against(&to_f64(&spectrum), &want, half_total, tolerance)
        .map_err(|e| format!("{what} R2C: {e}\n{}", r2c.explain()))?;

    // Random half spectra: the imaginary parts of DC and Nyquist must be ignored.
    let half = to_device::<T>(&random_signal(half_total * batch, total as u64 + 2));
    let got = c2r.process(&half).map_err(|e| format!("{what} C2R: {e}"))?;
    let want: Vec<Complex64> = to_f64(&half)
        .chunks(half_total)
        .flat_map(|one| irfftn_oracle(one, dims, &axes))
        .map(|v| Complex64::new(v, 0.0))
        .collect();
    let got: Vec<Complex64> = got.iter().map(|&v| Complex64::new(v.into(), 0.0)).collect();
    check_against(&got, &want, total, tolerance)
        .map(|_| ())
        .map_err(|e| format!("{what} C2R: {e}\n{}", c2r.explain()))
}

/// A 1-D batch read with stride 2 (rows `2 * len` apart) into a contiguous output, then the
/// same transform planar in place: the caller's layouts, in the fused passes or beside them.
fn check_layouts<T: FftFloat>(len: usize, batch: usize, direction: Direction) -> Result<(), String>
where
    Complex<T>: OclPrm,
{
    let what = format!("{} layouts {len} x{batch} {direction}", T::PRECISION);
    let signal = to_device::<T>(&random_signal(len * batch, len as u64 + 3));
    let want = batched_oracle(&to_f64(&signal), len, direction, 1.0);
    let tolerance = nd_tolerance::<T>(&[len], &[0]);
    let builder = || {
        Fft::<T>::builder(gpu_planned())
            .len(len)
            .batch(batch)
            .direction(direction)
    };

    let strided = builder()
        .input_layout(Layout::strided(&[2], 2 * len))
        .build()
        .map_err(|e| format!("{what} strided: {e}"))?;
    assert_fused(strided.plan(), &what, &strided.explain());
    let zero = Complex::new(T::from_f64(0.0), T::from_f64(0.0));
    let mut input = vec![zero; 2 * len * batch];
    for (i, &v) in signal.iter().enumerate() {
        input[2 * i] = v;
    }
    let mut output = vec![zero; input.len()];
    strided
        .process_into(&input, &mut output)
        .map_err(|e| format!("{what} strided: {e}"))?;
    check_against(&to_f64(&output[..len * batch]), &want, len, tolerance)
        .map_err(|e| format!("{what} strided: {e}\n{}", strided.explain()))?;

    let planar = builder()
        .input_layout(Layout::planar())
        .output_layout(Layout::planar())
        .build()
        .map_err(|e| format!("{what} planar: {e}"))?;
    assert_fused(planar.plan(), &what, &planar.explain());
    let got = process_planar(&planar, &signal).map_err(|e| format!("{what} planar: {e}"))?;
    check_against(&got, &want, len, tolerance)
        .map(|_| ())
        .map_err(|e| format!("{what} planar: {e}\n{}", planar.explain()))
}

/// `signal` split into real and imaginary parts, transformed in place by the planar `plan`,
/// and joined again in f64.
fn process_planar<T: FftFloat>(
    plan: &Fft<T>,
    signal: &[Complex<T>],
) -> Result<Vec<Complex64>, String>
where
    Complex<T>: OclPrm,
{
    let mut re: Vec<T> = signal.iter().map(|v| v.re).collect();
    let mut im: Vec<T> = signal.iter().map(|v| v.im).collect();
    plan.process_planar(&mut re, &mut im)
        .map_err(|e| e.to_string())?;
    Ok(re
        .iter()
        .zip(&im)
        .map(|(&r, &i)| Complex64::new(r.into(), i.into()))
        .collect())
}

/// An f64 transform of shape `dims` with rows in pairs (fft-core's `plan/pair_rows.rs`)
/// against the same transform with planar data in and out, which the planner serves without
/// them (three plain passes, whose kernels the other checks cover): f64 has no fast oracle at
/// this size (the naive DFT takes minutes, the reference FFT's own error is near f64's
/// tolerance). Two results within the tolerance of the exact transform lie within twice it
/// of each other; a wrong pair step is off by O(1).
fn check_pairs_f64(dims: &[usize], direction: Direction) -> Result<(), String> {
    let what = format!("f64 rows in pairs {dims:?} {direction}");
    let total: usize = dims.iter().product();
    let builder = || {
        Fft::<f64>::builder(gpu_planned())
            .shape(dims)
            .direction(direction)
    };
    let paired = builder().build().map_err(|e| format!("{what}: {e}"))?;
    let planar = builder()
        .input_layout(Layout::planar())
        .output_layout(Layout::planar())
        .build()
        .map_err(|e| format!("{what} planar: {e}"))?;
    if !paired.plan().takes_rows_in_pairs() || planar.plan().takes_rows_in_pairs() {
        return Err(format!(
            "{what}: rows in pairs expected in the first plan only
{}
{}",
            paired.explain(),
            planar.explain()
        ));
    }
    let signal = to_device::<f64>(&random_signal(total, total as u64 + 9));
    let mut data = signal.clone();
    paired
        .process(&mut data)
        .map_err(|e| format!("{what}: {e}"))?;
    let want = process_planar(&planar, &signal).map_err(|e| format!("{what} planar: {e}"))?;
    let one = nd_tolerance::<f64>(dims, &[0, 1]);
    let twice = fft_core::accuracy::Tolerance {
        relative_l2: 2.0 * one.relative_l2,
        relative_max: 2.0 * one.relative_max,
    };
    check_against(&to_f64(&data), &want, total, twice)
        .map(|_| ())
        .map_err(|e| {
            format!(
                "{what}: {e}
{}",
                paired.explain()
            )
        })
}

/// A complex transform of `batch` arrays of shape `dims` into the caller's layouts, whose last
/// pass (`last`, a prefix of its kernel's name: an interleaved pass over axis 0, or
/// `fft_layout_store` where that pass's runs are too short to write them) writes them: planar
/// data in and out (two host slices, in place), then contiguous input into rows of axis 0
/// padded by 3 values and transforms 5 values apart beyond those, whose values between the
/// addresses must keep what the output held.
fn check_nd_output_layouts<T: FftFloat>(
    dims: &[usize],
    batch: usize,
    last: &str,
) -> Result<(), String>
where
    Complex<T>: OclPrm,
{
    let what = format!("{} layouts {dims:?} x{batch}", T::PRECISION);
    let total: usize = dims.iter().product();
    let signal = to_device::<T>(&random_signal(total * batch, total as u64 + 5));
    let axes: Vec<usize> = (0..dims.len()).collect();
    let want: Vec<Complex64> = to_f64(&signal)
        .chunks(total)
        .flat_map(|one| nd_oracle(one, dims, &axes, Direction::Forward, 1.0))
        .collect();
    let tolerance = nd_tolerance::<T>(dims, &axes);
    let builder = || Fft::<T>::builder(gpu_planned()).shape(dims).batch(batch);
    let last_pass = |plan: &Fft<T>, tag: &str| {
        let entry = plan.plan().passes.last().map(|pass| pass.entry_point());
        match entry {
            Some(name)
                if name.starts_with(last)
                    && (name.ends_with(tag) || last.starts_with("fft_layout_store")) =>
            {
                Ok(())
            }
            other => Err(format!(
                "{what}: the last pass is {other:?}, not {last}..{tag}\n{}",
                plan.explain()
            )),
        }
    };

    let planar = builder()
        .input_layout(Layout::planar())
        .output_layout(Layout::planar())
        .build()
        .map_err(|e| format!("{what} planar: {e}"))?;
    last_pass(&planar, "_out_planar")?;
    let got = process_planar(&planar, &signal).map_err(|e| format!("{what} planar: {e}"))?;
    check_against(&got, &want, total, tolerance)
        .map_err(|e| format!("{what} planar: {e}\n{}", planar.explain()))?;

    // Axis 0's rows padded: strides [inner + 3, C order], distance n0 * (inner + 3) + 5.
    let inner: usize = dims[1..].iter().product();
    let mut strides = vec![inner + 3];
    for k in 1..dims.len() {
        strides.push(dims[k + 1..].iter().product());
    }
    let distance = dims[0] * (inner + 3) + 5;
    let padded = builder()
        .output_layout(Layout::strided(&strides, distance))
        .build()
        .map_err(|e| format!("{what} padded: {e}"))?;
    last_pass(&padded, "_out_strided")?;
    let kept = Complex::new(T::from_f64(7.0), T::from_f64(-3.0));
    let mut output = vec![kept; distance * batch];
    padded
        .process_into(&signal, &mut output)
        .map_err(|e| format!("{what} padded: {e}"))?;
    let mut got = Vec::with_capacity(total * batch);
    let mut written = vec![false; output.len()];
    for b in 0..batch {
        for row in 0..dims[0] {
            for ci in 0..inner {
                let at = b * distance + row * strides[0] + ci;
                written[at] = true;
                got.push(Complex64::new(output[at].re.into(), output[at].im.into()));
            }
        }
    }
    if let Some(at) = (0..output.len()).find(|&at| !written[at] && output[at] != kept) {
        return Err(format!(
            "{what} padded: value {at} between the addresses was overwritten"
        ));
    }
    check_against(&got, &want, total, tolerance)
        .map(|_| ())
        .map_err(|e| format!("{what} padded: {e}\n{}", padded.explain()))
}

/// A multi-dimensional R2C into a half spectrum whose rows of axis 0 are padded by 7 values
/// and whose transforms lie 5 values beyond them: the last pass, interleaved over axis 0,
/// writes it itself (`_il_out_strided`), no layout pass; then the C2R back from it.
fn check_nd_r2c_output_layout<T: FftFloat>(dims: &[usize], batch: usize) -> Result<(), String>
where
    Complex<T>: OclPrm,
{
    let what = format!("{} R2C layout {dims:?} x{batch}", T::PRECISION);
    let total: usize = dims.iter().product();
    let last = dims[dims.len() - 1];
    let mut half_dims = dims.to_vec();
    *half_dims.last_mut().unwrap() = last / 2 + 1;
    let half_total: usize = half_dims.iter().product();
    let inner: usize = half_dims[1..].iter().product();
    let mut strides = vec![inner + 7];
    for k in 1..half_dims.len() {
        strides.push(half_dims[k + 1..].iter().product());
    }
    let distance = dims[0] * (inner + 7) + 5;
    let r2c = Fft::<T>::builder(gpu_planned())
        .shape(dims)
        .batch(batch)
        .output_layout(Layout::strided(&strides, distance))
        .build_r2c()
        .map_err(|e| format!("{what}: {e}"))?;
    let plan = r2c.plan();
    let folded = plan
        .passes
        .last()
        .is_some_and(|pass| pass.entry_point().ends_with("_il_out_strided"));
    let layout_passes = plan
        .passes
        .iter()
        .any(|pass| matches!(pass.spec, KernelSpec::Layout(_)));
    if !folded || layout_passes {
        return Err(format!(
            "{what}: the last pass does not write the layout
{}",
            r2c.explain()
        ));
    }
    let reals: Vec<T> = random_signal(total * batch, total as u64 + 9)
        .iter()
        .map(|v| T::from_f64(v.re))
        .collect();
    let spectrum = r2c.process(&reals).map_err(|e| format!("{what}: {e}"))?;
    let mut got = Vec::with_capacity(half_total * batch);
    for b in 0..batch {
        for row in 0..dims[0] {
            for ci in 0..inner {
                let at = spectrum[b * distance + row * strides[0] + ci];
                got.push(Complex64::new(at.re.into(), at.im.into()));
            }
        }
    }
    let axes: Vec<usize> = (0..dims.len()).collect();
    let reals_f64: Vec<f64> = reals.iter().map(|&v| v.into()).collect();
    let want: Vec<Complex64> = reals_f64
        .chunks(total)
        .flat_map(|one| rfftn_oracle(one, dims, &axes))
        .collect();
    let tolerance = nd_tolerance::<T>(dims, &axes);
    check_against(&got, &want, half_total, tolerance)
        .map_err(|e| format!("{what}: {e}\n{}", r2c.explain()))?;

    // The C2R of that padded spectrum: its first pass, interleaved over axis 0, reads it
    // itself (`_il_in_strided`).
    let c2r = Fft::<T>::builder(gpu_planned())
        .shape(dims)
        .batch(batch)
        .input_layout(Layout::strided(&strides, distance))
        .build_c2r()
        .map_err(|e| format!("{what} C2R: {e}"))?;
    let reads = c2r
        .plan()
        .passes
        .first()
        .is_some_and(|pass| pass.entry_point().ends_with("_il_in_strided"));
    let layout_pass = c2r
        .plan()
        .passes
        .iter()
        .any(|pass| matches!(pass.spec, KernelSpec::Layout(_)));
    if dims.len() == 2 && (!reads || layout_pass) {
        return Err(format!(
            "{what} C2R: the first pass does not read the layout\n{}",
            c2r.explain()
        ));
    }
    let back = c2r
        .process(&spectrum)
        .map_err(|e| format!("{what} C2R: {e}"))?;
    let back: Vec<Complex64> = back
        .iter()
        .map(|&v| Complex64::new(v.into(), 0.0))
        .collect();
    let want: Vec<Complex64> = got
        .chunks(half_total)
        .flat_map(|one| irfftn_oracle(one, dims, &axes))
        .map(|v| Complex64::new(v, 0.0))
        .collect();
    check_against(&back, &want, total, tolerance)
        .map(|_| ())
        .map_err(|e| format!("{what} C2R: {e}\n{}", c2r.explain()))
}

/// Axis 0 of `dims` only (numpy's `fft(x, axis=0)`), planar data in and out: the one
/// interleaved pass reads and writes both buffers itself (`_il_in_planar_out_planar`).
fn check_axis0_planar<T: FftFloat>(dims: &[usize], batch: usize) -> Result<(), String>
where
    Complex<T>: OclPrm,
{
    let what = format!("{} axis 0 planar {dims:?} x{batch}", T::PRECISION);
    let total: usize = dims.iter().product();
    let plan = Fft::<T>::builder(gpu_planned())
        .shape(dims)
        .axes(&[0])
        .batch(batch)
        .input_layout(Layout::planar())
        .output_layout(Layout::planar())
        .build()
        .map_err(|e| format!("{what}: {e}"))?;
    let names = plan.entry_points();
    if names.len() != 1 || !names[0].ends_with("_il_in_planar_out_planar") {
        return Err(format!("{what}: passes {names:?}\n{}", plan.explain()));
    }
    let signal = to_device::<T>(&random_signal(total * batch, total as u64 + 11));
    let got = process_planar(&plan, &signal).map_err(|e| format!("{what}: {e}"))?;
    let want: Vec<Complex64> = to_f64(&signal)
        .chunks(total)
        .flat_map(|one| nd_oracle(one, dims, &[0], Direction::Forward, 1.0))
        .collect();
    check_against(&got, &want, total, nd_tolerance::<T>(dims, &[0]))
        .map(|_| ())
        .map_err(|e| format!("{what}: {e}\n{}", plan.explain()))
}

/// A 1-D R2C of reals in rows `len + 2` apart into every other value of rows `2 * (len/2 +
/// 1)` apart, then the C2R of that spectrum back into the padded rows: the R2C's first pass
/// and the C2R's last read and write the reals themselves (one-pass plans: with the split in
/// the store or the merge in the load), the half spectrum's layout takes a pass of its own.
fn check_real_layouts<T: FftFloat>(len: usize, batch: usize) -> Result<(), String>
where
    Complex<T>: OclPrm,
{
    let what = format!("{} real layouts {len} x{batch}", T::PRECISION);
    let half = len / 2 + 1;
    let rows = Layout::strided(&[1], len + 2);
    let every_other = Layout::strided(&[2], 2 * half);
    let builder = || Fft::<T>::builder(gpu_planned()).len(len).batch(batch);
    let r2c = builder()
        .input_layout(rows)
        .output_layout(every_other)
        .build_r2c()
        .map_err(|e| format!("{what} R2C: {e}"))?;
    let c2r = builder()
        .input_layout(every_other)
        .output_layout(rows)
        .build_c2r()
        .map_err(|e| format!("{what} C2R: {e}"))?;
    let layout_passes = |plan: &Plan| {
        plan.passes
            .iter()
            .filter(|p| matches!(p.spec, KernelSpec::Layout(_)))
            .count()
    };
    for (name, plan, explain) in [
        ("R2C", r2c.plan(), r2c.explain()),
        ("C2R", c2r.plan(), c2r.explain()),
    ] {
        assert_fused(plan, &what, &explain);
        // The half spectrum's side cannot fold: one layout pass, the reals' side none.
        if layout_passes(plan) != 1 {
            return Err(format!(
                "{what} {name}: {} layout passes, want 1\n{explain}",
                layout_passes(plan)
            ));
        }
    }
    let reals: Vec<f64> = random_signal(len * batch, len as u64 + 5)
        .iter()
        .map(|v| v.re)
        .collect();
    let mut padded = vec![T::from_f64(0.5); (len + 2) * batch];
    for (row, values) in reals.chunks(len).enumerate() {
        for (i, &v) in values.iter().enumerate() {
            padded[row * (len + 2) + i] = T::from_f64(v);
        }
    }
    let spectrum = r2c
        .process(&padded[..r2c.real_values()])
        .map_err(|e| format!("{what} R2C: {e}"))?;
    let got: Vec<Complex<T>> = (0..half * batch)
        .map(|g| spectrum[(g / half) * 2 * half + 2 * (g % half)])
        .collect();
    let tolerance = nd_tolerance::<T>(&[len], &[0]);
    let exact: Vec<f64> = padded
        .chunks(len + 2)
        .flat_map(|row| row[..len].iter().map(|&v| v.into()))
        .collect();
    let want: Vec<Complex64> = exact
        .chunks(len)
        .flat_map(|row| rfftn_oracle(row, &[len], &[0]))
        .collect();
    check_against(&to_f64(&got), &want, half, tolerance)
        .map_err(|e| format!("{what} R2C: {e}\n{}", r2c.explain()))?;
    let back = c2r
        .process(&spectrum)
        .map_err(|e| format!("{what} C2R: {e}"))?;
    let back: Vec<Complex64> = (0..len * batch)
        .map(|g| Complex64::new(back[(g / len) * (len + 2) + g % len].into(), 0.0))
        .collect();
    let want: Vec<Complex64> = to_f64(&got)
        .chunks(half)
        .flat_map(|one| irfftn_oracle(one, &[len], &[0]))
        .map(|v| Complex64::new(v, 0.0))
        .collect();
    check_against(&back, &want, len, tolerance)
        .map(|_| ())
        .map_err(|e| format!("{what} C2R: {e}\n{}", c2r.explain()))
}

/// Fails listing every failed case.
fn report(results: Vec<Result<(), String>>) {
    assert_ne!(
        gpu_planned().plan_caps().kind,
        DeviceKind::Cpu,
        "the queue must plan as a GPU"
    );
    let failures: Vec<String> = results.iter().filter_map(|r| r.clone().err()).collect();
    assert!(
        failures.is_empty(),
        "{} of {} GPU plans failed:\n{}",
        failures.len(),
        results.len(),
        failures.join("\n")
    );
}

#[test]
fn one_dimensional_complex_plans_of_the_gpu_match_the_oracle() {
    use Direction::{Forward as F, Inverse as I};
    // (length, batch, direction): registers (64, 4096), mixed one pass (1000, 6561, 10000),
    // exchanges in parts (8192), two and three fused passes (2^15, 2^16, 2^19 and 100000,
    // whose local-memory column passes read their pass twiddles on a grid; with 30, 23100 =
    // 154 x 150 and Bluestein's 37 (a whole convolution of M = 75) their
    // buffers padded every 32 or 8 values), mixed lengths with clamped stages in one pass
    // (4200 = [20, 21, 10], 8190 = [21, 30, 13], 7680 = [16, 30, 16], f64 3000 = [10,
    // 10, 6, 5], 9375 = [25, 15, 25]; in exchange parts 11025 = [21, 25, 21] in 3, 14520 =
    // [22, 30, 22] in 2; a last radix that does not divide the first, each output stored at
    // its own point: 5005 = [11, 13, 7, 5], 22680 = [27, 28, 30] in 3 parts, f64 3003 = [7,
    // 13, 11, 3]; a long pass on the fewest work-items: 11648 = [26, 32, 14] of 448 in 2),
    // long mixed
    // lengths in one pass (15625 = [25, 25, 25] in 5 exchange parts, 19683 = [27, 27, 27] of
    // 729 work-items in 3, 12005 = [35, 7, 7, 7] in 7, 20000 = [20, 10, 10, 10] of 1000
    // work-items, 10935 = [45, 9, 9, 3]; in three to five parts up to 30720: 25000 = [50, 50,
    // 10] in 5, 27000 = [30, 30, 30] of 900 work-items, 30375 = [45, 45, 15] of 675),
    // wide passes
    // (2^22), three passes of 1024, 64 and 128 points (2^23), fused Bluestein with the chirps in the edges (1009, 4481: M = 16384 where the
    // smooth M cannot carry them) and over four passes (65537).
    // CI runs the first list of each pair (one or more lengths per family); the second adds
    // further lengths of the same families where `OCLFFT_FULL_TESTS` asks (`sample`).
    let f32_cases = sample(
        &[
            (64, 7, F),
            (1000, 3, I),
            (4096, 2, F),
            (8192, 2, I),
            (6561, 1, F),
            (10000, 1, I),
            (1 << 15, 2, F),
            (1 << 16, 1, I),
            (1 << 19, 1, F),
            (100000, 1, I),
            (11025, 1, F),
            (30, 33, F),
            (4200, 2, I),
            (5005, 2, F),
            (11648, 1, F),
            (23100, 1, F),
            (37, 16, I),
            (15625, 1, F),
            (12005, 1, F),
            (27000, 1, F),
            (1 << 22, 1, F),
            (1 << 23, 1, I),
            (1009, 2, I),
            (4481, 1, F),
            (65537, 1, I),
        ],
        &[
            (9375, 1, I),
            (8190, 1, F),
            (7680, 1, I),
            (14520, 1, I),
            (22680, 1, I),
            (19683, 1, I),
            (20000, 1, I),
            (10935, 1, F),
            (25000, 1, I),
            (30375, 1, I),
        ],
    );
    // f64 is checked where its oracle is exact enough: powers of two, and up to 4096 points.
    let f64_cases = sample(
        &[
            (64, 3, I),
            (1000, 2, F),
            (3000, 1, F),
            (4096, 1, F),
            (8192, 1, I),
            (1 << 15, 1, F),
            (1 << 20, 1, I),
            (1549, 1, I),
        ],
        &[(2187, 1, I), (3003, 2, I)],
    );
    let results = f32_cases
        .iter()
        .map(|&(len, batch, direction)| check_c2c::<f32>(&[len], batch, direction))
        .chain(
            f64_cases
                .iter()
                .map(|&(len, batch, direction)| check_c2c::<f64>(&[len], batch, direction)),
        )
        .collect();
    report(results);
}

#[test]
fn real_and_multi_dimensional_plans_of_the_gpu_match_the_oracle() {
    // Real: the split and merge in one-pass kernels (1000 .. 8192 reals). The split in
    // registers, each of the last stage's butterflies beside its mirror: 1024 ([16, 16, 2],
    // eight butterflies per work-item, C = 4), 2048 (four; C = 2, an odd batch), 4096
    // ([32, 8, 8], four; C = 1), 8192 (eight), f64 1024, 2048 and 4096, and the mixed one-pass
    // kernels as the whole transform: 1000 (500 as [10, 10, 5], 50 work-items per sub-FFT,
    // C = 4), 864 and 1372 (432 and 686 points, C = 4, odd batches), 4000 (2000, C = 2, an
    // odd batch); element by element in f64 2000 (1000 as [10, 10, 10]); 16384 exchanges
    // halves ([32, 32, 8], 256 work-items) and pairs them in registers too. In the last and
    // first of two passes (in f32 each slot of a mirrored pair writing its own column's
    // outputs: 65536 with the split in a 32-point last pass, 2^17 in 64; 2^19 in 128, 2^20
    // in 128 after 4096, 32000 in 125 points of radix 25 and 200000 in 250; mixed half
    // lengths whose planner's passes cannot take the split in two other passes that can, the
    // last with fewer columns than it holds so that they divide its stride (100000: 400 x
    // 125, 20 columns; 60000: 200 x 150, 20; 44100: 126 x 175, 18); where no C divides the
    // stride, columns paired at any stride, the last work-group of each row partly idle
    // (11858: 77 x 77, odd strides, 40 columns, column 0 without a partner slot; 106722:
    // 363 x 147, two other passes whose last does; 118098: 243 x 243, 16 columns above
    // 3600 values, none fewer pairing; 151250: 275 x 275, 12 columns as a last resort;
    // 322102: 121 x 121 x 11, the split at stride 14641);
    // in f64 the split's pairs shared by both slots of each mirrored pair:
    // 2^16 in 128 points, 32000 in 125 of radix 5, whose odd last element only the front
    // writes, 11858 at any stride; 135200 as 400 x 169 points, 10 columns dividing the
    // stride; 9828 in 26 columns dividing stride 78; last resorts at any stride: 151250 in 6
    // columns, 245700 and 2^20 in 4, 228096 and 294912 in split passes in registers), the
    // merge in a wide
    // first pass (2^22; 2^23 with its column blocks in mirrored order); in three passes from
    // 2^21 reals, the
    // split in a 64-point last pass at strides up to 2^17 (2^21: 128 x 128 x 64, 2^22: 256 x
    // 128 x 64, 2^23: 1024 x 64 x 64, 2^24: 1024 x 128 x 64), the merge in a 256-point first
    // pass (2^24: 256 x 256 x 128);
    // Bluestein's halves (8962) and the odd lengths' pack (999). Mixed half lengths above
    // the complex capacity (their stages exchange halves) take the split and the merge in
    // their one pass too, the split paired in registers: 8400 (4200 = [20, 21, 10], a
    // clamped stage), 10000 (5000 = [10, 10, 10, 5]), 8232 (4116 as [14, 7, 6, 7], not the
    // complex pass's [14, 21, 14]), 8640 (4320 as [24, 30, 6]; the merge as [15, 18, 16]),
    // 12000 (6000 as [20, 30, 10]; the merge as [15, 20, 20]: clamped, its last radix not
    // dividing the first), f64 4200 and 6000 (2100 and 3000 points); or, an odd half length,
    // the mirrors through one more exchange of halves: 9450 (4725 = [15, 21, 15]), f64 4374
    // (2187 = [9, 9, 9, 3]); f64 splits of a first radix 12 or 11: 6912 (3456 = [12, 12,
    // 12, 2]), 5324 (2662 = [11, 11, 2, 11]).
    let mut results = Vec::new();
    let f32_lengths = sample(
        &[
            (1000, 3),
            (1024, 2),
            (2048, 3),
            (4096, 2),
            (864, 5),
            (8192, 1),
            (16384, 1),
            (65536, 1),
            (1 << 17, 1),
            (32000, 2),
            (100000, 1),
            (11858, 2),
            (118098, 1),
            (322102, 1),
            (1 << 20, 1),
            (1 << 21, 1),
            (1 << 22, 1),
            (1 << 23, 1),
            (1 << 24, 1),
            (8962, 1),
            (999, 2),
            (8400, 2),
            (12000, 1),
            (9450, 2),
        ],
        &[
            (1372, 3),
            (4000, 3),
            (1 << 19, 1),
            (200000, 1),
            (60000, 1),
            (44100, 2),
            (106722, 1),
            (151250, 1),
            (10000, 1),
            (8232, 3),
            (8640, 1),
        ],
    );
    for (len, batch) in f32_lengths {
        results.push(check_real::<f32>(&[len], batch));
    }
    let f64_lengths = sample(
        &[
            (1024, 1),
            (2000, 1),
            (2048, 3),
            (1 << 16, 1),
            (32000, 2),
            (1 << 21, 1),
            (4374, 1),
            (11858, 1),
            (135200, 1),
            (6912, 1),
            (294912, 1),
        ],
        &[
            (4096, 1),
            (4200, 1),
            (6000, 1),
            (9828, 1),
            (151250, 1),
            (245700, 1),
            (1 << 20, 1),
            (5324, 1),
            (228096, 1),
        ],
    );
    for (len, batch) in f64_lengths {
        results.push(check_real::<f64>(&[len], batch));
    }
    // Rank 2 and 3: fused column passes over rows of any length; 8192-point columns in two
    // passes, the second with its pass twiddles shared by the work-group's columns (64 of
    // them, a multiple of its 64 columns) or read by each (96); 512- and 1024-point columns
    // in wide passes of 32 and 16 columns, over a number of columns they do not divide; axes
    // over sequences side by side, whose whole-transform launches give neighbouring
    // work-items the sequences at neighbouring points where they divide the columns
    // (`roles.rs`), in the contiguous whole transform's register shape where it holds a
    // multiple of them (2 channels of 512, 1024 and 2048 points, 4 of 256 and 1024, the 64
    // sequences of 64^3's axis 1), in a wide pass of as many columns as sequences (2 of
    // 4096, 4 of 2048), in the mixed register stages (1000), and keep `lid % C` where they
    // do not divide them (6); 2 channels of a length whose contiguous transform is one pass
    // of one column run it in 2 columns exchanging halves (2187, 8192; f64 4096) or a
    // work-group per channel (6561; 3 channels of 4096); 2 or 4 channels of a longer length
    // take its contiguous passes, the first storing them side by side (2^15 and 2^18 points:
    // local memory, then registers; 2^20: registers). An axis of 4096 points over 8
    // columns is the interleaved wide pass as [64, 64] with 256 work-items. 8192-point columns
    // over rows of 4096 take rows in pairs (`pair_rows.rs`): the rows' pass transforms the sum
    // or twiddled difference of rows n and n + 4096, one interleaved 4096-point pass over 8192
    // columns the rest, forward and inverse; in f64 4096-point columns over rows of 2048.
    // Mixed axes whose 4 columns divide their sequences run one pass in registers
    // (`FusedSpec::aligned_columns`): 1000 over 96 sequences, 2000 over 12 (halves exchanged,
    // forward and inverse), 1080 over 20 (radix 30 first), 600 over 44 (4 of the 6 columns
    // its interleaved pass holds).
    let shapes = sample::<&[usize]>(
        &[
            &[32768, 2],
            &[1 << 18, 2],
            &[1024, 2],
            &[6561, 2],
            &[8192, 2],
            &[4096, 3],
            &[512, 2],
            &[2048, 2],
            &[1024, 4],
            &[4096, 2],
            &[4096, 8],
            &[1000, 2],
            &[256, 4],
            &[256, 6],
            &[256, 512],
            &[512, 40],
            &[512, 3, 12],
            &[1000, 96],
            &[2000, 12],
            &[1080, 20],
            &[600, 44],
            &[64, 64, 64],
            &[30, 49, 128],
            &[8192, 64],
            &[8192, 96],
        ],
        &[
            &[1 << 20, 2],
            &[65536, 4],
            &[2187, 2],
            &[2048, 4],
            &[1024, 24],
        ],
    );
    for dims in shapes {
        results.push(check_c2c::<f32>(dims, 1, Direction::Forward));
    }
    let reference = |line: &[Complex64], direction| {
        fft_core::reference_fft(line, direction).expect("a power of two")
    };
    for direction in [Direction::Forward, Direction::Inverse] {
        results.push(check_c2c_against::<f32>(
            &[8192, 4096],
            1,
            direction,
            reference,
        ));
    }
    results.push(check_c2c::<f32>(&[2000, 12], 2, Direction::Inverse));
    results.push(check_pairs_f64(&[4096, 2048], Direction::Inverse));
    results.push(check_c2c::<f64>(&[48, 40, 64], 2, Direction::Inverse));
    for dims in [&[512, 2][..], &[1000, 2], &[4096, 2], &[16384, 2]] {
        results.push(check_c2c::<f64>(dims, 2, Direction::Inverse));
    }
    // 600 x 8 x 16 reals: axis 0 over 8 x 9 half-spectrum columns, an aligned pass (4
    // columns) in the R2C and the C2R. Volumes whose rows' split brings the mirrors through
    // an exchange of halves and writes them at a pitch (rows of 4726 and 16385 values
    // padded to 4728 and 16388): PoCL 3.1 wrote a wrong X_H in every row while the split's
    // barriers sat in a branch on p. Rows of 44100 reals: 22050 points as 126 x 175, the
    // split in 18 of the 175-point pass's 23 columns (`FusedSpec::split_columns`), in a
    // volume at a pitch.
    let real_shapes = sample::<&[usize]>(
        &[
            &[512, 512],
            &[1024, 24],
            &[600, 8, 16],
            &[3, 4, 9450],
            &[2, 4, 32768],
            &[3, 44100],
        ],
        &[&[60, 64, 48], &[2, 8, 44100]],
    );
    for dims in real_shapes {
        results.push(check_real::<f32>(dims, 1));
    }
    report(results);
}

#[test]
fn plans_of_the_gpu_with_the_callers_layouts_match_the_oracle() {
    // Register kernels taking the layout (1024, 4096), mixed ones (1000), one that cannot and
    // takes layout passes (6561), a two-pass plan's first and last passes (2^15), the wide
    // passes' (2^20: 1024 x 1024 of 8 columns, in f64 of 4; 2^22: 4096 x 1024, the first of
    // 4 columns),
    // fused Bluestein (4481), long mixed one-pass kernels reading and writing the layout
    // element by element (15625 in 5 exchange parts, 12005 = [35, 7, 7, 7], 27000 = [30, 30,
    // 30] of 900 work-items in 3), and with clamped stages (4200 = [20, 21, 10], 11025 =
    // [21, 25, 21] in 3 parts; 13312 = [26, 32, 16] in 2, its last radix not dividing the
    // first).
    let mut results = Vec::new();
    let cases = sample(
        &[
            (1000, 3, Direction::Forward),
            (1024, 2, Direction::Inverse),
            (4096, 2, Direction::Forward),
            (6561, 2, Direction::Forward),
            (1 << 15, 1, Direction::Inverse),
            (1 << 20, 1, Direction::Forward),
            (1 << 22, 1, Direction::Inverse),
            (4481, 1, Direction::Forward),
            (15625, 1, Direction::Inverse),
            (4200, 2, Direction::Inverse),
        ],
        &[
            (12005, 1, Direction::Forward),
            (27000, 1, Direction::Inverse),
            (11025, 1, Direction::Forward),
            (13312, 1, Direction::Inverse),
        ],
    );
    for (len, batch, direction) in cases {
        results.push(check_layouts::<f32>(len, batch, direction));
    }
    results.push(check_layouts::<f64>(2048, 2, Direction::Inverse));
    // Multi-dimensional: the last pass, interleaved over axis 0, writes the caller's
    // layout itself: a 1024-point pass of 16 columns, a mixed one (30 points), the second
    // pass of a two-pass axis (8192 points: 128 then 64) and a 3-D axis 0; the 4096-point
    // wide pass ([64, 64], 4 columns: runs too short) leaves it to a layout pass.
    for (dims, last) in [
        (&[1024, 32][..], "fft_fused1024_c16_fwd_f32_il"),
        (&[30, 64], "fft_fused30_"),
        (&[8192, 16], "fft_fused64_"),
        (&[64, 6, 10], "fft_fused64_"),
        (&[4096, 8], "fft_layout_store"),
    ] {
        results.push(check_nd_output_layouts::<f32>(dims, 2, last));
    }
    results.push(check_layouts::<f64>(1 << 20, 1, Direction::Forward));
    // An R2C's half spectrum in padded rows, written by the last interleaved pass, and the
    // C2R back from it, read by the first (2-D, and 3-D in f64); axis 0 alone, planar.
    results.push(check_nd_r2c_output_layout::<f32>(&[512, 256], 2));
    results.push(check_nd_r2c_output_layout::<f64>(&[16, 24, 30], 2));
    results.push(check_axis0_planar::<f32>(&[1024, 32], 2));
    results.push(check_axis0_planar::<f64>(&[60, 16], 3));
    // Real transforms: padded rows folded into a two-pass plan's edge passes (2^17, 2^20
    // reals) and into one-pass plans with the split or merge (4096, 1000, 864 and 16384
    // reals: registers, mixed, paired in registers, exchanges in parts; f64 2048).
    results.push(check_real_layouts::<f32>(1 << 17, 2));
    results.push(check_real_layouts::<f32>(1 << 20, 1));
    results.push(check_real_layouts::<f64>(1 << 17, 1));
    results.push(check_real_layouts::<f32>(4096, 3));
    results.push(check_real_layouts::<f32>(1000, 2));
    results.push(check_real_layouts::<f32>(16384, 2));
    // The halves-exchanging mixed passes with the split (paired in registers: 8400 reals;
    // through a mirror exchange: 9450) and the merge, reading the padded rows themselves.
    results.push(check_real_layouts::<f32>(8400, 2));
    if full_tests() {
        results.push(check_real_layouts::<f32>(864, 3));
        results.push(check_real_layouts::<f64>(2048, 3));
        results.push(check_real_layouts::<f32>(9450, 3));
    }
    report(results);
}
