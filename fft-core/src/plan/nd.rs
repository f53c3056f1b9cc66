//! Multi-dimensional plans (DESIGN.md section 4.6): one axis after another, each the 1-D plan
//! of its length, in one list of passes the runtime runs like any other.
//!
//! An axis with values after it (`inner > 1`, every axis but the last in C order) is a batch of
//! `inner` sequences interleaved value by value. Where its length is 13-smooth and fused passes
//! exist on the device, its passes are interleaved fused passes
//! ([`crate::kernel::FusedSpec::interleaved`]): each work-group transforms `C` neighbouring
//! sequences, so every global access is a run of `C` consecutive values and the axis costs
//! no more passes than a contiguous one (a column FFT, not a transpose). Other axes (a prime
//! factor above 13: Bluestein; global radix plans) are gathered into contiguous sequences
//! by a permute pass, transformed by their 1-D plan, and scattered back.

use super::algorithm::Algorithm;
use super::half_rows::{pad_half_rows, work_pitch, HalfSpectrum};
use super::pair_rows::paired_rows;
use super::rules::{point_pass, stockham_passes_with, FusedLimits};
use super::{
    DeviceCaps, DeviceKind, Pass, Plan, PlanError, PlanRequest, Shape, Strategy, MAX_TOTAL_POINTS,
    MIN_RUN_BYTES,
};
use crate::kernel::{
    FusedSpec, KernelSpec, LaunchParams, PermuteSpec, PermuteStep, Twiddles, ALIGNED_MAX_LEN,
};
use crate::{Normalization, Precision};

/// The plan of `request`, whose shape is `shape` (not a plain 1-D one).
///
/// A real transform (numpy's `rfftn` and `irfftn`) takes the last axis as its real axis: the
/// R2C plan of that axis first (rows of `N` reals to rows of `N/2 + 1` values), then the
/// complex axes of the half-spectrum array; the C2R plan the other way round.
///
/// `pairs`: whether a complex transform may take rows in pairs (`pair_rows.rs`); not where
/// the caller's layouts would then take passes of their own (`edges.rs`).
pub(super) fn nd_plan(
    request: PlanRequest,
    shape: Shape,
    caps: &DeviceCaps,
    pairs: bool,
) -> Result<Plan, PlanError> {
    shape
        .len()
        .checked_mul(request.batch)
        .filter(|&points| points <= MAX_TOTAL_POINTS)
        .ok_or(PlanError::TooManyPoints {
            len: shape.len(),
            batch: request.batch,
        })?;
    let scale = request
        .normalization
        .scale(shape.transformed_len(), request.direction);
    let (mut passes, work_len) = match request.real {
        None => complex_axes(
            &request,
            shape.dims(),
            &shape.axes().collect::<Vec<_>>(),
            caps,
            AxisRules {
                pairs,
                aligned: true,
            },
        )?,
        Some(_) => real_axes(&request, shape, caps)?,
    };
    if passes.is_empty() {
        // Every transformed axis has length 1: the identity (times the scale).
        let identity = Plan::new(
            PlanRequest {
                len: 1,
                batch: shape.len() * request.batch,
                shape: None,
                ..request
            },
            caps,
        )?;
        passes = identity.passes;
    }
    for pass in &mut passes {
        pass.scale = 1.0;
    }
    if let Some(last) = passes.last_mut() {
        last.scale = scale;
    }
    Ok(Plan {
        request,
        algorithm: Algorithm::MultiDim { work_len },
        passes,
        scale,
        complex_len: shape.len(),
    })
}

/// The passes of a real transform of `shape` (its real side laid out as `request.real`
/// says) and the work buffers' values per transform.
fn real_axes(
    request: &PlanRequest,
    shape: Shape,
    caps: &DeviceCaps,
) -> Result<(Vec<Pass>, usize), PlanError> {
    let dims = shape.dims();
    let last = dims.len() - 1;
    if !shape.axes().any(|a| a == last) {
        return Err(PlanError::RealAxisNotTransformed {
            shape: shape.describe(),
            last,
        });
    }
    let rows = dims[..last].iter().product::<usize>();
    let mut real = Plan::new(
        PlanRequest {
            len: dims[last],
            batch: rows * request.batch,
            normalization: Normalization::None,
            shape: None,
            ..*request
        },
        caps,
    )?;
    // The half-spectrum array: the last axis holds N/2 + 1 values.
    let mut half = dims.to_vec();
    half[last] = crate::kernel::half_spectrum_len(dims[last]);
    let complex: Vec<usize> = shape.axes().filter(|&a| a != last).collect();
    let complex_request = PlanRequest {
        real: None,
        ..*request
    };
    // An R2C keeps padded rows in its work buffers where that puts the column passes' runs
    // on sectors (`half_rows.rs`); else the complex axes run over the compact rows.
    let half_spectrum = HalfSpectrum {
        rows,
        width: half[last],
        batch: request.batch,
        precision: request.precision,
    };
    let padded = match (request.direction, work_pitch(half[last], request.precision)) {
        (crate::Direction::Forward, Some(pitch)) => {
            let mut padded = half.clone();
            padded[last] = pitch;
            let (mut padded_axes, padded_work) =
                complex_axes(&complex_request, &padded, &complex, caps, PADDED_HALF_ROWS)?;
            pad_half_rows(&mut real.passes, &mut padded_axes, half_spectrum, pitch)
                .then_some((padded_axes, padded_work))
        }
        _ => None,
    };
    let (axes, axes_work) = match padded {
        Some(padded) => padded,
        None => complex_axes(&complex_request, &half, &complex, caps, HALF_ROWS)?,
    };
    let work_len = axes_work.max(real.work_len() * rows);
    let passes = match request.direction {
        crate::Direction::Forward => real.passes.into_iter().chain(axes).collect(),
        crate::Direction::Inverse => axes.into_iter().chain(real.passes).collect(),
    };
    Ok((passes, work_len))
}

/// Which of the planner's optional rules the axes of a multi-dimensional plan may take.
#[derive(Clone, Copy, Debug)]
struct AxisRules {
    /// Rows in pairs (`pair_rows.rs`).
    pairs: bool,
    /// Aligned interleaved passes ([`aligned_axis_pass`]).
    aligned: bool,
}

/// The rules of an R2C's complex axes over its half spectrum kept at a pitch (`half_rows.rs`):
/// a pitched pass takes no aligned columns (`FusedSpec::check`), and the pitch was measured
/// with the interleaved rules' passes, so those stay.
const PADDED_HALF_ROWS: AxisRules = AxisRules {
    pairs: false,
    aligned: false,
};

/// The rules of a real transform's complex axes over compact half rows.
const HALF_ROWS: AxisRules = AxisRules {
    pairs: false,
    aligned: true,
};

/// The complex passes along `axes` of C-order arrays of shape `dims` (the last axis first:
/// it is contiguous), and the work buffers' values per array.
fn complex_axes(
    request: &PlanRequest,
    dims: &[usize],
    axes: &[usize],
    caps: &DeviceCaps,
    rules: AxisRules,
) -> Result<(Vec<Pass>, usize), PlanError> {
    let mut passes = Vec::new();
    // More than the array's values where an axis runs Bluestein's padded convolution.
    let mut work_len = dims.iter().product::<usize>();
    let mut order = axes.to_vec();
    order.sort_unstable_by(|a, b| b.cmp(a));
    for axis in order {
        let len = dims[axis];
        if len == 1 {
            continue;
        }
        let before: usize = dims[..axis].iter().product();
        let inner: usize = dims[axis + 1..].iter().product();
        let outer = before * request.batch;
        let axis_request = PlanRequest {
            len,
            batch: outer,
            normalization: Normalization::None,
            shape: None,
            ..*request
        };
        if inner == 1 {
            let plan = Plan::new(axis_request, caps)?;
            work_len = work_len.max(plan.work_len() * before);
            passes.extend(plan.passes);
        } else if let Some(interleaved) =
            interleaved_passes(&axis_request, caps, inner, rules.aligned)?
        {
            // Rows in pairs may spare this axis one of its passes (`pair_rows.rs`).
            let paired = if rules.pairs && interleaved.len() >= 2 {
                paired_rows(dims, axis, &mut passes, |len, inner| {
                    interleaved_passes(
                        &PlanRequest {
                            len,
                            ..axis_request
                        },
                        caps,
                        inner,
                        rules.aligned,
                    )
                })?
            } else {
                None
            };
            passes.extend(paired.unwrap_or(interleaved));
        } else {
            let plan = Plan::new(
                PlanRequest {
                    batch: outer * inner,
                    ..axis_request
                },
                caps,
            )?;
            work_len = work_len.max(plan.work_len() * before * inner);
            passes.push(permute(PermuteStep::Gather, &axis_request, inner));
            passes.extend(plan.passes);
            passes.push(permute(PermuteStep::Scatter, &axis_request, inner));
        }
    }
    Ok((passes, work_len))
}

/// The passes of an axis of `inner` interleaved sequences as interleaved fused passes, or
/// `None` where they cannot serve it (a Bluestein length, no fused passes on the device or
/// for the request's options, a work-group over the device's limit). `aligned`: whether a
/// mixed axis may take an aligned pass ([`aligned_axis_pass`]).
fn interleaved_passes(
    request: &PlanRequest,
    caps: &DeviceCaps,
    inner: usize,
    aligned: bool,
) -> Result<Option<Vec<Pass>>, PlanError> {
    let smooth = matches!(
        Algorithm::for_len(request.len),
        Algorithm::PowerOfTwo | Algorithm::MixedRadix
    );
    // CPU devices: the permute around scalar global radix passes. Measured under PoCL on the
    // 2-core CI machine (docs/PERFORMANCE.md): a 1024 x 1024 transform in 10.0 ms that way,
    // 12.8 ms with the interleaved fused column pass (9.7 ms alone: barriers and local-memory
    // staging cost more than they save where local memory is ordinary cached memory).
    let cpu_auto = caps.kind == DeviceKind::Cpu && request.strategy == Strategy::Auto;
    if !smooth
        || cpu_auto
        || request.strategy == Strategy::GlobalRadix
        || request.twiddles != Twiddles::Table
    {
        return Ok(None);
    }
    let limits = match FusedLimits::of(caps, request.precision) {
        Ok(limits) => limits,
        Err(why) if request.strategy == Strategy::Fused => {
            return Err(PlanError::FusedUnavailable(why))
        }
        Err(_) => return Ok(None),
    };
    // Each global access must be a run of neighbouring sequences that fills a sector: the
    // sub-FFTs of an interleaved axis are at most the multi-pass length, so C >= 4 (f32):
    // powers of two up to the wide passes' longest (from 512 points they exchange halves
    // and hold 16384 values: 512 points take 32 columns, 1024 16, 2048 8, 4096 4), mixed
    // lengths up to what a complex exchange holds in C >= 4 (f32 axes up to 2560 points in
    // registers where aligned columns divide `inner`: `aligned_axis_pass`). Measured on the H100
    // (docs/PERFORMANCE.md): a 4096-point column in one pass of one column per work-group
    // took 4.57 ms where two passes of 64 columns take 1.5 ms.
    let longest = wide_column_max(request.precision, inner, &limits, request.len);
    let contiguous_limits = limits;
    let limits = FusedLimits {
        single_pass_max: longest,
        mixed_single_pass_max: limits.complex_multi_pass_max,
        mixed_register_max: 0,
        multi_pass_max: longest,
        costed_splits: false,
        ..limits
    };
    if aligned {
        if let Some(pass) = aligned_axis_pass(request, caps, contiguous_limits, inner)? {
            return Ok(Some(vec![pass]));
        }
    }
    let mut passes = axis_passes(request, caps, limits)?;
    let whole = passes.len() == 1;
    if !whole && inner <= CHANNELS_APART_MAX.max(CHANNELS_SIDE_BY_SIDE_MAX) {
        // A few channels: the contiguous plan of the axis, planned once for both rules.
        let contiguous = axis_passes(request, caps, contiguous_limits)?;
        let channels = match contiguous.as_slice() {
            [pass] => channels_apart_pass(pass, caps, inner).map(|pass| vec![pass]),
            _ => channels_side_by_side_passes(request, contiguous, caps, inner),
        };
        if channels.is_some() {
            return Ok(channels);
        }
    }
    for pass in &mut passes {
        let KernelSpec::Fused(fused) = &mut pass.spec else {
            return Ok(None);
        };
        fused.interleaved = true;
        if whole {
            fused.side_by_side = fused.side_by_side_for(inner);
        }
        pass.params.inner = inner;
        pass.relaunch();
    }
    Ok(Some(passes))
}

/// The one pass of a mixed axis of `inner` interleaved sequences in registers with its runs
/// aligned ([`FusedSpec::aligned_columns`]): an f32 axis of up to [`ALIGNED_MAX_LEN`] points
/// whose contiguous transform (planned with `limits`, the device's) is one pass, interleaved
/// in the most columns that are a multiple of 4, divide `inner`, keep the values in
/// registers and fit the device, up to the columns the interleaved pass of that length holds
/// (at least 4: 2000 points take 4, exchanging halves; 324 take 12; 600 over 2048
/// sequences 4 of its 6). More sequences than the channels' rules take (a few channels keep
/// theirs). The interleaved rules take mixed axes above 1024 points in two passes (2000 as
/// 50 x 40) and shorter ones in local-memory stages; `ALIGNED_MAX_LEN` says what this pass
/// measured against them.
fn aligned_axis_pass(
    request: &PlanRequest,
    caps: &DeviceCaps,
    limits: FusedLimits,
    inner: usize,
) -> Result<Option<Pass>, PlanError> {
    let mixed = matches!(Algorithm::for_len(request.len), Algorithm::MixedRadix);
    let channels = inner <= CHANNELS_APART_MAX.max(CHANNELS_SIDE_BY_SIDE_MAX);
    if !mixed
        || channels
        || request.precision != Precision::F32
        || request.len > ALIGNED_MAX_LEN as usize
    {
        return Ok(None);
    }
    let contiguous = axis_passes(request, caps, limits)?;
    let [pass] = contiguous.as_slice() else {
        return Ok(None);
    };
    let KernelSpec::Fused(plain) = pass.spec else {
        return Ok(None);
    };
    let interleaved = FusedSpec {
        interleaved: true,
        single_pass: false,
        ..plain
    };
    let step = FusedSpec::min_run_columns(request.precision);
    let most = interleaved.columns().max(step) / step * step;
    let Some(fused) = (step..=most)
        .rev()
        .step_by(step as usize)
        .filter(|&columns| inner % columns as usize == 0)
        .map(|aligned_columns| FusedSpec {
            aligned_columns,
            ..interleaved
        })
        .find(|fused| fits_device(fused, caps) && fused.mixed_in_registers())
    else {
        return Ok(None);
    };
    let mut pass = pass.clone();
    pass.spec = KernelSpec::Fused(fused);
    pass.params.inner = inner;
    pass.relaunch();
    Ok(Some(pass))
}

/// The fused passes of `request.len` points within `limits`, at scale 1 (an axis's request
/// carries no normalization).
fn axis_passes(
    request: &PlanRequest,
    caps: &DeviceCaps,
    limits: FusedLimits,
) -> Result<Vec<Pass>, PlanError> {
    let (len, direction) = (request.len, request.direction);
    stockham_passes_with(request, caps, len, direction, 1.0, Some(limits))
}

/// The most sequences an axis may take apart, a work-group each ([`channels_apart_pass`]).
/// Measured on the H200 (docs/PERFORMANCE.md, 2026-11-29 (channels whole), k3), f32 per
/// 2^27 points, two interleaved passes -> one pass per channel, ms: 2 channels of 2187
/// points 1.767 -> 1.061, 3000 2.562 -> 1.037, 6561 1.864 -> 1.037, 8192 1.860 -> 0.938
/// (cuFFT 1.20-1.27); 3 channels of 4096 1.388 -> 1.190, of 2187 1.706 -> 1.331; f64 2
/// channels of 4096 1.158 -> 0.795, 8192 1.185 -> 0.918, 2187 1.397 -> 0.952; but 4
/// channels of 8192 1.110 -> 1.388.
const CHANNELS_APART_MAX: usize = 3;

/// The one pass of an axis over at most [`CHANNELS_APART_MAX`] interleaved sequences (the
/// channels of a stereo signal), where its length's contiguous transform (`pass`, with the
/// device's limits) is one pass of one column in registers and the interleaved rules would take
/// several (8192, 2187, 3000 or 6561 points in f32, 4096 in f64): that pass with the
/// sequences side by side in as many columns where they fit
/// (`FusedSpec::side_by_side_columns`: 2 channels of 2187, 3000, 8192 points), else each
/// work-group taking one of the sequences ([`FusedSpec::side_by_side`] 1), the
/// neighbouring work-groups the other sequences of the same points, so between them they
/// read and write whole sectors.
fn channels_apart_pass(pass: &Pass, caps: &DeviceCaps, inner: usize) -> Option<Pass> {
    if inner > CHANNELS_APART_MAX {
        return None;
    }
    let KernelSpec::Fused(contiguous) = pass.spec else {
        return None;
    };
    if contiguous.columns() != 1 || !contiguous.holds_registers() {
        return None;
    }
    let fits = |fused: &FusedSpec| {
        fits_device(fused, caps) && fused.holds_registers() && fused.columns() == fused.side_by_side
    };
    let fused = [inner as u32, 1]
        .into_iter()
        .map(|side_by_side| FusedSpec {
            interleaved: true,
            side_by_side,
            ..contiguous
        })
        .find(fits)?;
    let mut pass = pass.clone();
    pass.spec = KernelSpec::Fused(fused);
    pass.params.inner = inner;
    pass.relaunch();
    Some(pass)
}

/// Whether `fused` is a valid spec whose work-group and local memory the device has.
pub(super) fn fits_device(fused: &FusedSpec, caps: &DeviceCaps) -> bool {
    fused.check().is_ok()
        && fused.work_group_size() as usize <= caps.max_work_group_size
        && fused.local_bytes() <= caps.local_mem_bytes
}

/// The most sequences side by side in the passes of a longer axis
/// ([`channels_side_by_side_passes`]; measured with 2 and 4).
const CHANNELS_SIDE_BY_SIDE_MAX: usize = 4;

/// The passes of an f32 power-of-two axis over at most [`CHANNELS_SIDE_BY_SIDE_MAX`]
/// interleaved sequences (the channels of a long stereo signal) whose contiguous transform
/// (`passes`, with the device's limits) takes several: those passes, each with the sequences side
/// by side in runs ([`FusedSpec::side_by_side_in_runs`]), where they divide every pass's
/// columns. The interleaved rules gave such an axis passes of 16384 values (512 and 1024
/// points exchanging in two parts) whose first pass stored runs of `inner` values (each
/// sub-FFT's points are `inner` apart); these take the contiguous shapes, and their first
/// pass (`p == 1`) stores the sequences side by side at neighbouring points, runs of whole
/// warps (fft-codegen's `roles.rs`). Measured on the H200 (docs/PERFORMANCE.md, 2026-11-29
/// (channels long), m2), f32 per 2^27 points, interleaved rules -> these passes (contiguous
/// 1-D), ms: 2 channels of 2^15 points 1.234 -> 1.120 (1.074), 2^16 1.264 -> 1.122 (1.165),
/// 2^18 1.949 -> 1.207 (1.236), 2^20 1.651 -> 1.273 (1.249), 2^23 1.876 -> 1.827 (1.652); 4
/// channels of 2^16 1.160 -> 1.156, 2^18 1.400 -> 1.249. f64 gained nothing (2 channels of
/// 2^14 to 2^20 points: 1.186 -> 1.170, 1.172 -> 1.182, 1.468 -> 1.475, 1.199 -> 1.224) and
/// keeps the interleaved rules.
fn channels_side_by_side_passes(
    request: &PlanRequest,
    mut passes: Vec<Pass>,
    caps: &DeviceCaps,
    inner: usize,
) -> Option<Vec<Pass>> {
    let sequences = u32::try_from(inner).ok()?;
    let applies = (2..=CHANNELS_SIDE_BY_SIDE_MAX).contains(&inner)
        && request.len.is_power_of_two()
        && request.precision == Precision::F32
        && passes.len() >= 2;
    if !applies {
        return None;
    }
    for pass in &mut passes {
        let KernelSpec::Fused(fused) = &mut pass.spec else {
            return None;
        };
        fused.interleaved = true;
        fused.side_by_side = sequences;
        fused.side_by_side_in_runs = true;
        if !fits_device(fused, caps) {
            return None;
        }
        pass.params.inner = inner;
        pass.relaunch();
    }
    Some(passes)
}

/// The longest power-of-two sub-FFT of an axis of `inner` interleaved sequences: the wide
/// passes' longest ([`FusedLimits::multi_pass_max`]), except that a pass whose runs of `C`
/// values are only one sector ([`MIN_RUN_BYTES`]: 4096 points in f32, 2048 in f64) needs
/// them aligned, `inner` a multiple of `C`. Measured on the H100 (docs/PERFORMANCE.md,
/// 2026-11-25): 4096-point columns of 4096,4096 x8 in one pass of 4 columns took 1.045 ms
/// against 0.734 + 0.772 for two passes, but the 2049 half-spectrum columns of the same
/// shape's R2C took 0.976 ms against 0.380 + 0.384. A pass that is the whole transform of
/// `axis_len` points over fewer sequences than its columns, `inner` dividing them (two
/// channels side by side), reads and writes runs of whole warps (fft-codegen's `roles.rs`),
/// so it needs no alignment either.
fn wide_column_max(
    precision: Precision,
    inner: usize,
    limits: &FusedLimits,
    axis_len: usize,
) -> usize {
    let mut len = limits.multi_pass_max;
    while len > limits.complex_multi_pass_max {
        let spec = FusedSpec {
            precision,
            interleaved: true,
            ..FusedSpec::new(len as u32)
        };
        let columns = spec.columns() as usize;
        let run_bytes = columns * precision.complex_bytes();
        let side_by_side = len == axis_len && spec.side_by_side_for(inner) > 0;
        if run_bytes > MIN_RUN_BYTES || inner % columns == 0 || side_by_side {
            return len;
        }
        len /= 2;
    }
    limits.complex_multi_pass_max
}

/// A permute pass over the `request.batch` blocks of `request.len x inner` values.
fn permute(step: PermuteStep, request: &PlanRequest, inner: usize) -> Pass {
    let spec = KernelSpec::Permute(PermuteSpec {
        step,
        precision: request.precision,
    });
    let params = LaunchParams {
        inner,
        ..LaunchParams::stockham(request.len, request.batch, 1)
    };
    point_pass(spec, params, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GPU: DeviceCaps = DeviceCaps::NVIDIA_GPU;
    const CPU: DeviceCaps = DeviceCaps::POCL_CPU;

    fn plan(dims: &[usize], axes: Option<&[usize]>, caps: &DeviceCaps) -> Plan {
        let shape = Shape::new(dims, axes).unwrap();
        let request = PlanRequest {
            len: shape.len(),
            batch: 2,
            shape: Some(shape),
            normalization: Normalization::Backward,
            direction: crate::Direction::Inverse,
            ..PlanRequest::new(1)
        };
        Plan::new(request, caps).unwrap()
    }

    /// (entry point, len, batch, stride, inner, scale) of every pass.
    fn table(plan: &Plan) -> Vec<(String, usize, usize, usize, usize, f64)> {
        plan.passes
            .iter()
            .map(|p| {
                (
                    p.entry_point(),
                    p.params.len,
                    p.params.batch,
                    p.params.stride,
                    p.params.inner,
                    p.scale,
                )
            })
            .collect()
    }

    fn row(
        entry: &str,
        len: usize,
        batch: usize,
        stride: usize,
        inner: usize,
        scale: f64,
    ) -> (String, usize, usize, usize, usize, f64) {
        (entry.to_string(), len, batch, stride, inner, scale)
    }

    #[test]
    fn an_image_on_a_gpu_is_a_row_pass_then_an_interleaved_column_pass() {
        let p = plan(&[1024, 1024], None, &GPU);
        let s = 1.0 / (1024.0 * 1024.0);
        assert_eq!(
            table(&p),
            [
                row("fft_fused1024_c4_inv_f32_whole", 1024, 2048, 1, 1, 1.0),
                row("fft_fused1024_c16_inv_f32_il", 1024, 2, 1, 1024, s),
            ]
        );
        assert_eq!(p.work_len(), 1024 * 1024);
        // The interleaved pass launches every (batch, column) sub-FFT: 2 * 1024 of them, 16 per
        // work-group of 512 (32 work-items of radix 32 per sub-FFT; a wide pass, whose stages
        // exchange halves in two parts, so 16 columns fit where a complex exchange holds 4).
        assert_eq!(p.passes[1].launch.global, [2 * 1024 / 16 * 512]);
        assert_eq!(p.bytes_moved(), 2 * 2 * 1024 * 1024 * 2 * 8);
    }

    #[test]
    fn mixed_axes_whose_columns_divide_their_sequences_take_one_pass_in_registers() {
        let axis0 = |dims: &[usize], caps: &DeviceCaps| -> Vec<(String, Vec<u32>, bool)> {
            plan(dims, Some(&[0]), caps)
                .passes
                .iter()
                .map(|p| {
                    let KernelSpec::Fused(f) = p.spec else {
                        panic!("{:?}", p.spec);
                    };
                    (p.entry_point(), f.stage_radices(), f.holds_registers())
                })
                .collect()
        };
        // 2000-point columns over 1000 sequences: one pass of 4 columns exchanging halves
        // (8000 values) with its values in registers, where the interleaved rules took two
        // passes of 50 and 40 points; 1080 over 1920 likewise (36 x 30 before).
        assert_eq!(
            axis0(&[2000, 1000], &GPU),
            [(
                "fft_fused2000_c4_inv_f32_il_aligned".to_string(),
                vec![20, 20, 5],
                true
            )]
        );
        let p = plan(&[2000, 1000], Some(&[0]), &GPU);
        let KernelSpec::Fused(fused) = p.passes[0].spec else {
            panic!("{:?}", p.passes[0].spec);
        };
        assert!(fused.exchanges_halves() && fused.aligned_columns == 4);
        assert_eq!(fused.work_group_size(), 400);
        assert_eq!(p.passes[0].params.inner, 1000);
        assert_eq!(
            axis0(&[1080, 1920], &GPU)[0].0,
            "fft_fused1080_c4_inv_f32_il_aligned"
        );
        // A one-pass axis in local memory before (1000 points, 4 columns) now in registers.
        assert_eq!(
            axis0(&[1000, 1000], &GPU),
            [(
                "fft_fused1000_c4_inv_f32_il_aligned".to_string(),
                vec![10, 10, 10],
                true
            )]
        );
        // The most columns that are a multiple of 4 and divide the sequences, up to what the
        // interleaved pass holds: 324 points take its 12, 600 points over 2048 sequences 4
        // of its 6 (6 do not divide 2048), over 600 too (6 runs would straddle sectors).
        assert_eq!(
            axis0(&[324, 3072], &GPU)[0].0,
            "fft_fused324_c12_inv_f32_il_aligned"
        );
        for inner in [2048, 600] {
            assert_eq!(
                axis0(&[600, inner], &GPU)[0].0,
                "fft_fused600_c4_inv_f32_il_aligned"
            );
        }
        // Columns that do not divide the sequences (1002 = 4 * 250 + 2; an R2C's 501 half
        // spectrum columns) keep the interleaved rules, measured faster there.
        assert_eq!(axis0(&[2000, 1002], &GPU).len(), 2);
        assert!(axis0(&[2000, 1002], &GPU).iter().all(|p| !p.2));
        let p = Plan::new(
            PlanRequest {
                len: 1000 * 1000,
                shape: Some(Shape::new(&[1000, 1000], None).unwrap()),
                real: Some(crate::kernel::RealLayout::Compact),
                ..PlanRequest::new(1)
            },
            &GPU,
        )
        .unwrap();
        assert_eq!(p.passes[1].entry_point(), "fft_fused1000_c4_fwd_f32_il");
        // f64, CPU devices, longer axes than ALIGNED_MAX_LEN and a few channels: unchanged.
        let f64_plan = Plan::new(
            PlanRequest {
                len: 2000 * 1000,
                shape: Some(Shape::new(&[2000, 1000], Some(&[0])).unwrap()),
                precision: Precision::F64,
                ..PlanRequest::new(1)
            },
            &GPU,
        )
        .unwrap();
        assert!(f64_plan.passes.iter().all(|p| !matches!(
            p.spec,
            KernelSpec::Fused(f) if f.is_aligned()
        )));
        assert!(axis0(&[3000, 1000], &GPU)
            .iter()
            .all(|p| !p.0.contains("aligned")));
        assert_eq!(axis0(&[1000, 4], &GPU)[0].0, "fft_fused1000_c4_inv_f32_il4");
        assert!(plan(&[2000, 1000], Some(&[0]), &CPU)
            .passes
            .iter()
            .all(|p| !p.entry_point().contains("aligned")));
    }

    #[test]
    fn aligned_passes_stay_out_of_pitched_half_spectra_and_every_planned_spec_is_valid() {
        // An R2C volume keeps its half spectrum at a pitch between passes (`half_rows.rs`);
        // its last pass, pitched, keeps the interleaved rules: a pitched pass takes no
        // aligned columns. The C2R (compact rows) and the shapes without a pitch take them.
        let real = |dims: &[usize], direction| {
            Plan::new(
                PlanRequest {
                    len: dims.iter().product(),
                    batch: 2,
                    shape: Some(Shape::new(dims, None).unwrap()),
                    direction,
                    real: Some(crate::kernel::RealLayout::Compact),
                    ..PlanRequest::new(1)
                },
                &GPU,
            )
            .unwrap()
        };
        let fused = |plan: &Plan| -> Vec<FusedSpec> {
            plan.passes
                .iter()
                .filter_map(|p| match p.spec {
                    KernelSpec::Fused(f) => Some(f),
                    _ => None,
                })
                .collect()
        };
        let r2c = real(&[600, 40, 64], crate::Direction::Forward);
        let last = *fused(&r2c).last().unwrap();
        assert!(last.pitched && !last.is_aligned(), "{}", r2c.explain());
        let c2r = real(&[600, 40, 64], crate::Direction::Inverse);
        assert!(
            fused(&c2r).iter().any(FusedSpec::is_aligned),
            "{}",
            c2r.explain()
        );
        // 600 x 8 x 16 reals: rows of 9 values, not padded (a pitch of 12 would add a third);
        // axis 0 over 72 columns takes an aligned pass both ways (gpu_plans runs it).
        for direction in [crate::Direction::Forward, crate::Direction::Inverse] {
            let plan = real(&[600, 8, 16], direction);
            assert!(
                fused(&plan).iter().any(FusedSpec::is_aligned),
                "{}",
                plan.explain()
            );
        }
        for dims in [
            &[600, 40, 64][..],
            &[1000, 8, 64],
            &[2000, 4, 30],
            &[1000, 12, 6],
            &[2000, 1000],
            &[600, 600],
        ] {
            for direction in [crate::Direction::Forward, crate::Direction::Inverse] {
                let mut plans = vec![real(dims, direction)];
                plans.push(plan(dims, None, &GPU));
                for plan in &plans {
                    for spec in fused(plan) {
                        assert_eq!(spec.check(), Ok(()), "{dims:?}: {}", spec.name());
                    }
                }
            }
        }
    }

    #[test]
    fn every_fused_spec_of_a_sample_of_multi_dimensional_plans_is_valid() {
        // Axes of mixed and power-of-two lengths (aligned or not, one pass or two) over
        // sequence counts that 4 divides or not, complex and real, both directions, both
        // precisions, GPU and CPU: every fused pass is a spec the generator emits
        // (`FusedSpec::check`) and launches as its ABI says.
        let lengths = [12, 100, 324, 600, 768, 1000, 1080, 1920, 2000, 2430, 3000];
        let others = [6, 33, 40, 64, 96, 1002];
        let mut shapes: Vec<Vec<usize>> = Vec::new();
        for &a in &lengths {
            for &b in &others {
                shapes.push(vec![a, b]);
            }
            shapes.push(vec![a, 8, 64]);
        }
        let mut checked = 0;
        for caps in [&GPU, &CPU] {
            for dims in &shapes {
                for precision in [Precision::F32, Precision::F64] {
                    for direction in [crate::Direction::Forward, crate::Direction::Inverse] {
                        for real in [None, Some(crate::kernel::RealLayout::Compact)] {
                            let request = PlanRequest {
                                len: dims.iter().product(),
                                batch: 3,
                                shape: Some(Shape::new(dims, None).unwrap()),
                                precision,
                                direction,
                                real,
                                ..PlanRequest::new(1)
                            };
                            let plan = Plan::new(request, caps).unwrap();
                            for pass in &plan.passes {
                                let name = pass.entry_point();
                                if let KernelSpec::Fused(fused) = pass.spec {
                                    assert_eq!(fused.check(), Ok(()), "{dims:?} {real:?}: {name}");
                                }
                                assert_eq!(
                                    pass.launch,
                                    pass.abi_launch(),
                                    "{dims:?} {real:?}: {name}"
                                );
                                checked += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 2000, "only {checked} passes checked");
    }

    #[test]
    fn interleaved_axes_keep_runs_of_four_or_channels_side_by_side_so_4096_takes_one_wide_pass() {
        // 4096-point columns: a wide pass of 4 columns (runs of 32 bytes), its exchanges in
        // two parts; 8192 points take two passes.
        let p = plan(&[4096, 8], None, &GPU);
        assert_eq!(
            table(&p),
            [
                row("fft_fused8_c256_inv_f32", 8, 2 * 4096, 1, 1, 1.0),
                row("fft_fused4096_c4_inv_f32_il", 4096, 2, 1, 8, 1.0 / 32768.0),
            ]
        );
        // Runs of one 32-byte sector only where they are aligned: 4096-point columns of 9
        // sequences take two passes of 64 columns; 1024 points keep their 16 (128 bytes).
        let p = plan(&[4096, 9], None, &GPU);
        let columns: Vec<String> = table(&p)[1..].iter().map(|r| r.0.clone()).collect();
        assert_eq!(
            columns,
            ["fft_fused64_c64_inv_f32_il", "fft_fused64_c64_inv_f32_il"]
        );
        let p = plan(&[1024, 9], None, &GPU);
        assert_eq!(table(&p)[1].0, "fft_fused1024_c16_inv_f32_il");
        // Two channels side by side (stereo): 2 divides the 4 columns, and the one pass of the
        // axis gives neighbouring work-items both channels at neighbouring points (fft-codegen's
        // `roles.rs`), so 4096 points take it too, with 2 columns (one part per exchange, not
        // two). 2048 points over 2 channels take the contiguous whole transform's shape in
        // registers (2 columns of [16, 16, 8]), 1000 points the mixed register stages.
        let p = plan(&[4096, 2], Some(&[0]), &GPU);
        assert_eq!(table(&p)[0].0, "fft_fused4096_c2_inv_f32_il2");
        assert_eq!(p.passes.len(), 1);
        let p = plan(&[2048, 2], Some(&[0]), &GPU);
        assert_eq!(table(&p)[0].0, "fft_fused2048_c2_inv_f32_whole_il2");
        // 2 channels of 8192 points: the contiguous transform's one pass of one column, in 2
        // columns side by side (exchanges in two parts); 6561 points too, in three parts (two
        // do not divide 6561); 7203 = 3 x 7^4, whose radices three parts do not all divide
        // (`parts_fit`), a work-group per channel; 4 channels keep two interleaved passes.
        let p = plan(&[8192, 2], Some(&[0]), &GPU);
        assert_eq!(table(&p)[0].0, "fft_fused8192_c2_inv_f32_il2");
        assert_eq!(p.passes.len(), 1);
        let KernelSpec::Fused(stereo) = &p.passes[0].spec else {
            panic!("{:?}", p.passes[0].spec);
        };
        // Radix 32 there (512 work-items), where the contiguous pass keeps [64, 64, 2].
        assert_eq!(stereo.stage_radices(), [32, 32, 8]);
        assert_eq!(stereo.work_group_size(), 512);
        let p = plan(&[6561, 2], Some(&[0]), &GPU);
        assert_eq!(table(&p)[0].0, "fft_fused6561_c2_inv_f32_il2");
        assert_eq!(p.passes.len(), 1);
        let KernelSpec::Fused(stereo) = &p.passes[0].spec else {
            panic!("{:?}", p.passes[0].spec);
        };
        assert_eq!(
            (stereo.exchange_parts(), stereo.stage_radices()),
            (3, vec![27, 27, 9])
        );
        let p = plan(&[7203, 2], Some(&[0]), &GPU);
        assert_eq!(table(&p)[0].0, "fft_fused7203_c1_inv_f32_il1");
        let p = plan(&[8192, 4], Some(&[0]), &GPU);
        assert_eq!(p.passes.len(), 2);
        // 2 or 4 channels of a length whose contiguous transform takes several passes: those
        // passes (2^18: 256 then 1024 points in 8 columns, where the interleaved rules took
        // 512 x 512 in 32), side by side in runs (`_il2r`); 3 or 8 channels the interleaved
        // rules' passes.
        let names = |dims: &[usize]| -> Vec<String> {
            table(&plan(dims, Some(&[0]), &GPU))
                .into_iter()
                .map(|row| row.0)
                .collect()
        };
        assert_eq!(
            names(&[1 << 18, 2]),
            [
                "fft_fused256_c16_inv_f32_il2r",
                "fft_fused1024_c8_inv_f32_il2r"
            ]
        );
        let explained = plan(&[1 << 18, 2], Some(&[0]), &GPU).explain();
        assert!(
            explained.contains("but for a first pass's store, where neighbouring work-items take the 2 sequences side by side"),
            "{explained}"
        );
        assert_eq!(
            names(&[1 << 20, 4]),
            [
                "fft_fused1024_c8_inv_f32_il4r",
                "fft_fused1024_c8_inv_f32_il4r"
            ]
        );
        assert_eq!(
            names(&[1 << 18, 3]),
            ["fft_fused512_c32_inv_f32_il", "fft_fused512_c32_inv_f32_il"]
        );
        assert!(names(&[65536, 8]).iter().all(|name| name.ends_with("_il")));
        let p = plan(&[1000, 2], Some(&[0]), &GPU);
        let KernelSpec::Fused(mixed) = &p.passes[0].spec else {
            panic!("{:?}", p.passes[0].spec);
        };
        assert!(
            mixed.holds_registers() && mixed.side_by_side == 2,
            "{mixed:?}"
        );
        // 3 channels do not divide the 4 columns: 4096 points (24 bytes a point) take the
        // contiguous pass of one column, a work-group per channel.
        let p = plan(&[4096, 3], Some(&[0]), &GPU);
        assert_eq!(table(&p)[0].0, "fft_fused4096_c1_inv_f32_whole_il1");
        assert_eq!(p.passes.len(), 1);
        let p = plan(&[8192, 8], None, &GPU);
        let lens: Vec<usize> = table(&p).iter().map(|r| r.1).collect();
        assert_eq!(lens, [8, 8192, 8192]);
        assert!(p.passes[1..].iter().all(|pass| match &pass.spec {
            KernelSpec::Fused(f) => f.interleaved && f.columns() >= 4,
            _ => false,
        }));
    }

    #[test]
    fn volumes_and_axis_subsets() {
        let p = plan(&[6, 5, 8], Some(&[2, 0]), &GPU);
        assert_eq!(
            table(&p),
            [
                row("fft_fused8_c256_inv_f32", 8, 60, 1, 1, 1.0),
                row("fft_fused6_c256_inv_f32_il", 6, 2, 1, 40, 1.0 / 48.0),
            ]
        );
        // Axis 1 of 3 x 100 x 7: 3 * batch blocks of 100 sequences interleaved 7 apart.
        let middle = plan(&[3, 100, 7], Some(&[1]), &GPU);
        assert_eq!(
            table(&middle),
            [row("fft_fused100_c40_inv_f32_il", 100, 6, 1, 7, 0.01)]
        );
    }

    #[test]
    fn prime_axes_and_global_plans_go_through_a_permute() {
        let p = plan(&[17, 8], None, &GPU);
        let names: Vec<String> = table(&p).into_iter().map(|r| r.0).collect();
        assert_eq!(
            names,
            [
                "fft_fused8_c256_inv_f32",
                "fft_permute_gather_f32",
                "fft_fused35_c102_fwd_f32_pad_convolve_inv",
                "fft_permute_scatter_f32",
            ]
        );
        assert_eq!(p.passes[1].params.inner, 8);
        assert_eq!(p.passes[1].params.batch, 2);
        // Bluestein's work buffers: M = 35 = 5 * 7 (the smooth length >= 2 * 17 - 1) per
        // gathered sequence, 8 of them per transform.
        assert_eq!(p.work_len(), 35 * 8);
        // Global radix passes (a strategy, or the options): every axis before the last.
        let global = Plan::new(
            PlanRequest {
                strategy: Strategy::GlobalRadix,
                ..p.request
            },
            &GPU,
        )
        .unwrap();
        let gathers = global
            .passes
            .iter()
            .filter(|p| p.entry_point() == "fft_permute_gather_f32")
            .count();
        assert_eq!(gathers, 1);
    }

    #[test]
    fn cpu_devices_permute_around_lanes_passes_unless_fused_is_asked_for() {
        // Each axis is one lanes pass from 32 points, one scalar radix pass below.
        for (len, rows) in [
            (64, "fft_lanes64_inv_f32_whole"),
            (16, "fft_radix16_inv_f32_scalar_p1"),
        ] {
            let names: Vec<String> = table(&plan(&[len, len], None, &CPU))
                .into_iter()
                .map(|r| r.0)
                .collect();
            let want = [
                rows,
                "fft_permute_gather_f32",
                rows,
                "fft_permute_scatter_f32",
            ];
            assert_eq!(names, want, "{len}");
        }
        let p = plan(&[64, 64], None, &CPU);
        let fused = Plan::new(
            PlanRequest {
                strategy: Strategy::Fused,
                ..p.request
            },
            &CPU,
        )
        .unwrap();
        let last = fused.passes.last().unwrap().entry_point();
        // The 64 sequences of axis 0 fill the contiguous 64-point kernel's 64 columns: its
        // register shape, the sequences side by side.
        assert_eq!(last, "fft_fused64_c64_inv_f32_whole_il64");
    }

    #[test]
    fn axes_of_length_one_cost_nothing_and_all_ones_is_the_identity() {
        // [1, 8, 1]: only axis 1 has work, and nothing follows it (inner = 1).
        let p = plan(&[1, 8, 1], None, &GPU);
        assert_eq!(
            table(&p),
            [row("fft_fused8_c256_inv_f32", 8, 2, 1, 1, 0.125)]
        );
        let ones = plan(&[1, 1], None, &GPU);
        assert_eq!(
            table(&ones),
            [row("fft_chirp_unpad_inv_f32", 1, 2, 1, 1, 1.0)]
        );
    }

    #[test]
    fn real_transforms_take_the_last_axis_as_the_real_one() {
        let shape = Shape::new(&[8, 16], None).unwrap();
        let request = PlanRequest {
            len: 128,
            shape: Some(shape),
            real: Some(crate::kernel::RealLayout::Compact),
            normalization: Normalization::Backward,
            ..PlanRequest::new(128)
        };
        let r2c = Plan::new(request, &GPU).unwrap();
        assert_eq!(
            table(&r2c),
            [
                row("fft_fused8_c256_fwd_f32_split", 8, 8, 1, 1, 1.0),
                row("fft_fused8_c256_fwd_f32_il", 8, 1, 1, 9, 1.0),
            ]
        );
        // Work buffers hold the half spectrum: 8 rows of 9 values.
        assert_eq!(r2c.work_len(), 8 * 9);
        let c2r = Plan::new(
            PlanRequest {
                direction: crate::Direction::Inverse,
                ..request
            },
            &GPU,
        )
        .unwrap();
        assert_eq!(
            table(&c2r),
            [
                row("fft_fused8_c256_inv_f32_il", 8, 1, 1, 9, 1.0),
                row("fft_fused8_c256_inv_f32_merge", 8, 8, 1, 1, 1.0 / 128.0),
            ]
        );
        let columns = Shape::new(&[8, 16], Some(&[0])).unwrap();
        let message = Plan::new(
            PlanRequest {
                shape: Some(columns),
                ..request
            },
            &GPU,
        )
        .unwrap_err()
        .to_string();
        assert!(message.contains("axis 1"), "{message}");
        let mismatch = Plan::new(
            PlanRequest {
                real: None,
                len: 60,
                ..request
            },
            &GPU,
        )
        .unwrap_err();
        assert!(matches!(
            mismatch,
            PlanError::ShapeLenMismatch { values: 128, .. }
        ));
    }
}
