//! The planner's rules: which family, which form, which radices or sub-FFT lengths.

use super::algorithm::{balanced_factors, mixed_radices, Algorithm};
use super::bluestein_split::bluestein_split;
use super::choice::FusedSplit;
use super::pass_costs::{cheapest_two_pass_split, three_pass_exponents, three_passes_cheaper};
use super::{
    DeviceCaps, DeviceKind, KernelForm, Layout, Pass, Plan, PlanError, PlanRequest, Strategy,
    MAX_LEN, MAX_TOTAL_POINTS,
};
use crate::kernel::{
    catalog, rader_serves, ChirpSpec, ChirpStep, ChirpStore, Form, FusedChirp, FusedSpec,
    KernelSpec, LanesShape, LanesSpec, LaunchParams, Lengths, RaderSpec, RaderStep, RadixSpec,
    Twiddles, LANES, LANES_MIN_LEN, RADICES,
};
use crate::{log2_exact, Direction, Precision};

/// What fused passes the device can run (from its local memory and work-group limits and the
/// generator's kernel shapes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FusedLimits {
    /// Longest power-of-two transform done in one pass (one sequence per work-group): L_c.
    pub single_pass_max: usize,
    /// Longest mixed (non-power-of-two) length done in one pass whose stages exchange
    /// complex values: [`FusedSpec::complex_capacity`].
    pub mixed_single_pass_max: usize,
    /// Longest mixed length done in one pass whose values stay in registers
    /// ([`FusedSpec::mixed_in_registers`], halves exchanged above the complex capacity, in
    /// parts above the mixed scalar capacity): [`FusedSpec::mixed_max_len`] (6561, 10000 and 19683 points
    /// in f32 in one pass); 0 where such passes are not planned (the interleaved axes of
    /// multi-dimensional plans).
    pub mixed_register_max: usize,
    /// The device's work-group limit, which a mixed pass in registers must keep to (a long
    /// mixed one takes up to 1024 work-items: [`FusedSpec::is_long_mixed`]).
    pub max_work_group: usize,
    /// Whether one pass may be planned on the rules that hold for plain passes only (the
    /// long mixed rules, [`FusedSpec::is_long_mixed`], and clamped stages,
    /// [`FusedSpec::guards_stages`]): not for Bluestein's convolutions, whose passes carry
    /// the chirp's edges.
    pub plain_rules: bool,
    /// The device's local memory in bytes, which a mixed pass in registers must fit (its
    /// one-part exchanges take up to 42 KB: [`FusedSpec::mixed_scalar_capacity`]).
    pub local_mem_bytes: u64,
    /// Longest power-of-two sub-FFT of a pass of a multi-pass transform
    /// ([`FusedSpec::wide_max`]): a work-group there handles [`FusedSpec::columns`] sub-FFTs
    /// side by side (a [wide](FusedSpec::is_wide) pass from 1024 points on), and each of its
    /// global accesses is a run of that many values, which must fill a memory sector
    /// ([`MIN_RUN_BYTES`](super::MIN_RUN_BYTES)).
    pub multi_pass_max: usize,
    /// The same for passes whose stages exchange complex values (mixed lengths, the
    /// interleaved axes of multi-dimensional plans): `C = complex_capacity / len`.
    pub complex_multi_pass_max: usize,
    /// Whether two-pass splits follow the measured costs of plain passes by position
    /// (`pass_costs.rs`) instead of balancing: not for the interleaved axes of
    /// multi-dimensional plans, whose passes were not measured that way.
    pub costed_splits: bool,
}

impl FusedLimits {
    /// The fused kernels' limits in `precision` on a device with `caps`, or why there are none.
    pub fn of(caps: &DeviceCaps, precision: Precision) -> Result<FusedLimits, String> {
        let (bytes, group) = catalog()
            .iter()
            .filter_map(|spec| match spec {
                KernelSpec::Fused(f) if f.precision == precision => {
                    Some((f.local_bytes(), f.work_group_size()))
                }
                _ => None,
            })
            .fold((0u64, 0u32), |(b, w), (sb, sw)| (b.max(sb), w.max(sw)));
        let mut needs = Vec::new();
        if caps.local_mem_bytes < bytes {
            needs.push(format!(
                "{bytes} bytes of local memory (the device has {})",
                caps.local_mem_bytes
            ));
        }
        if (caps.max_work_group_size as u64) < u64::from(group) {
            needs.push(format!(
                "work-groups of {group} (the device allows {})",
                caps.max_work_group_size
            ));
        }
        if !needs.is_empty() {
            return Err(format!(
                "fused {precision} kernels need {}",
                needs.join(" and ")
            ));
        }
        let capacity = FusedSpec::complex_capacity(precision) as usize;
        let min_columns = FusedSpec::min_run_columns(precision) as usize;
        Ok(FusedLimits {
            single_pass_max: FusedSpec::max_len(precision) as usize,
            mixed_single_pass_max: capacity,
            mixed_register_max: FusedSpec::mixed_max_len(precision) as usize,
            max_work_group: caps.max_work_group_size,
            plain_rules: true,
            local_mem_bytes: caps.local_mem_bytes,
            multi_pass_max: FusedSpec::wide_max(precision) as usize,
            complex_multi_pass_max: capacity / min_columns,
            costed_splits: true,
        })
    }
}

/// The family a request gets on a device: `None` for global radix passes.
pub(super) fn fused_limits_for(
    request: &PlanRequest,
    caps: &DeviceCaps,
) -> Result<Option<FusedLimits>, PlanError> {
    let table = request.twiddles == Twiddles::Table;
    match request.strategy {
        Strategy::Lanes if caps.kind != DeviceKind::Cpu => {
            Err(PlanError::LanesUnavailable(caps.kind))
        }
        Strategy::GlobalRadix | Strategy::Lanes => Ok(None),
        Strategy::Auto if !table || caps.kind == DeviceKind::Cpu => Ok(None),
        Strategy::Auto => Ok(FusedLimits::of(caps, request.precision).ok()),
        Strategy::Fused if !table => Err(PlanError::FusedUnavailable(format!(
            "fused passes read their twiddles from tables; {} twiddles exist only for global radix passes: use Twiddles::Table or Strategy::GlobalRadix",
            request.twiddles
        ))),
        Strategy::Fused => FusedLimits::of(caps, request.precision)
            .map(Some)
            .map_err(PlanError::FusedUnavailable),
    }
}

/// The form of the global radix passes of `request` on a device of `kind`.
fn radix_form(request: &PlanRequest, kind: DeviceKind) -> Form {
    let scalar = request.twiddles == Twiddles::Table
        && match request.form {
            KernelForm::Auto => kind == DeviceKind::Cpu,
            KernelForm::Vector => false,
            KernelForm::Scalar => true,
        };
    if scalar {
        Form::Scalar
    } else {
        Form::Vector
    }
}

/// Whether a transform of `len` points (a power of two or 13-smooth) runs as lanes passes
/// where they can split it ([`lanes_lengths`]): when asked
/// for ([`Strategy::Lanes`], from [`LANES_MIN_LEN`] points) and on CPU devices where the
/// planner chooses (automatic strategy and form, from [`LANES_MIN_TRANSFORM`] points), with
/// table twiddles. Measured on the 2-core CI machine (PoCL 3.1, 2^22
/// points per launch): 1024 points in one lanes pass took 4.8-6.5 ms against 13.5 ms for
/// three scalar radix passes (rustfft, one thread: 6.8 ms).
fn lanes_serve(request: &PlanRequest, caps: &DeviceCaps, len: usize) -> bool {
    let chosen = match request.strategy {
        Strategy::Lanes => len >= LANES_MIN_LEN as usize,
        Strategy::Auto => cpu_chooses_lanes(request, caps) && len >= LANES_MIN_TRANSFORM,
        Strategy::GlobalRadix | Strategy::Fused => false,
    };
    chosen && request.twiddles == Twiddles::Table
}

/// Whether the planner chooses the family of `request` on `caps` and would choose lanes
/// passes there, given a long enough transform: a CPU device, automatic strategy and form,
/// table twiddles.
pub(super) fn cpu_chooses_lanes(request: &PlanRequest, caps: &DeviceCaps) -> bool {
    caps.kind == DeviceKind::Cpu
        && request.strategy == Strategy::Auto
        && request.form == KernelForm::Auto
        && request.twiddles == Twiddles::Table
}

/// The shortest transform of lanes passes on CPU devices' automatic plans: from 32 points one
/// lanes pass replaces two scalar radix passes. On the 2-core machine (PoCL 3.1, 2^22 points
/// per launch, rounds radix lanes lanes radix; docs/PERFORMANCE.md "2026-12-01 (lanes
/// short)") 32, 64 and 128 points took 3.3-6.2 ms as lanes against 6.9-11.2 as radix passes
/// in f32, 2.2-4.6 against 7.3-12.4 in f64; mixed lengths of 36 to 243 points 5.0-11.6
/// against 7.0-18.3. 8 and 16 points stay one radix pass (2.1-3.8 ms against 3.4-7.3 as
/// lanes). (On 2026-11-24's machine, an AMD EPYC, 64 and 128 points had lost as lanes.)
pub(super) const LANES_MIN_TRANSFORM: usize = 32;

/// Splits `log2_len` into lanes sub-FFT exponents: one pass up to
/// [`LanesSpec::max_len`], else the fewest balanced passes (larger ones first), each of at
/// least [`LANES_MIN_LEN`] points, so every pass but the first has a stride of 8 or more.
fn lanes_exponents(log2_len: u32, precision: Precision) -> Vec<u32> {
    let max_e = LanesSpec::max_len(precision).trailing_zeros();
    let passes = log2_len.div_ceil(max_e);
    let (base, extra) = (log2_len / passes, log2_len % passes);
    (0..passes).map(|i| base + u32::from(i < extra)).collect()
}

/// The lanes sub-FFT lengths of a power-of-two or 13-smooth `len`, first pass first:
/// powers of two by [`lanes_exponents`]; other lengths in one pass up to
/// [`LanesSpec::max_len`], else in the fewest passes (two or three) whose longest sub-FFT is
/// shortest (ties: the longer first), each of [`LANES_MIN_LEN`] points or more, the first a
/// multiple of 8: a later pass's `t` and `p` are multiples of the first length, so its eight
/// sub-FFTs are neighbours (`100000 -> [400, 250]`). A length without the factor 8 has no
/// such split and takes the same rule over every split (`6561 -> [81, 81]`, `4116 -> [84,
/// 49]`): its later passes [straddle](LanesSpec::straddles), most work-items' sub-FFTs
/// neighbours, the others lane by lane. On the 2-core machine (PoCL 3.1, docs/PERFORMANCE.md
/// "2026-12-02 (straddle)", alternating rounds) those lengths ran as global radix passes at
/// 0.39-0.63 of rustfft's speed (one thread) and run at 0.68-0.95 this way (f32 4116 34-38 ms
/// -> 18 ms, 6561 30-32 -> 17-22). `None` where no split exists at all (above 4096^3).
fn lanes_lengths(len: usize, precision: Precision) -> Option<Vec<u32>> {
    let max = LanesSpec::max_len(precision);
    if let Some(log2_len) = log2_exact(len) {
        return Some(
            lanes_exponents(log2_len, precision)
                .into_iter()
                .map(|e| 1 << e)
                .collect(),
        );
    }
    if len <= max as usize {
        return (len >= LANES_MIN_LEN as usize).then(|| vec![len as u32]);
    }
    (2..=3)
        .find_map(|count| lanes_lengths_where(len, precision, count, |split| split[0] % LANES == 0))
        .or_else(|| (2..=3).find_map(|count| lanes_lengths_where(len, precision, count, |_| true)))
}

/// Lanes sub-FFT lengths of `len` in `count` passes that `keep` accepts ([`lanes_lengths`]:
/// the first a multiple of 8; `real.rs`, `step_friendly_lanes`: all multiples of 8, so a
/// C2R's first pass's `t` is one too and its lanes can pair columns with their mirrors): the
/// shortest longest sub-FFT, ties the longer first (`4160 -> [104, 40]` where
/// [`lanes_lengths`] gives `[64, 65]`). `None` where no such split exists.
pub(super) fn lanes_lengths_where(
    len: usize,
    precision: Precision,
    count: u32,
    keep: impl Fn(&[u32]) -> bool,
) -> Option<Vec<u32>> {
    let len = u32::try_from(len).ok()?;
    let mut splits = Vec::new();
    lanes_splits(
        len,
        count,
        LanesSpec::max_len(precision),
        &mut Vec::new(),
        &mut splits,
    );
    splits
        .into_iter()
        .filter(|split| keep(split))
        .min_by_key(|split| {
            let longest = split.iter().copied().max().unwrap_or(0);
            (longest, std::cmp::Reverse(split[0]))
        })
}

/// Every ordered split of `len` into `count` factors from [`LANES_MIN_LEN`] to `max`,
/// appended to `splits` after `prefix`.
fn lanes_splits(len: u32, count: u32, max: u32, prefix: &mut Vec<u32>, splits: &mut Vec<Vec<u32>>) {
    if count == 1 {
        if (LANES_MIN_LEN..=max).contains(&len) {
            let mut split = prefix.clone();
            split.push(len);
            splits.push(split);
        }
        return;
    }
    for factor in (LANES_MIN_LEN..=max.min(len)).filter(|f| len % f == 0) {
        prefix.push(factor);
        lanes_splits(len / factor, count - 1, max, prefix, splits);
        prefix.pop();
    }
}

/// Lanes passes of the sub-FFT `lengths`: one is the whole transform.
pub(super) fn lanes_specs(
    sub_lengths: Vec<u32>,
    direction: Direction,
    precision: Precision,
    lengths: Lengths,
) -> Vec<KernelSpec> {
    let shape = if sub_lengths.len() == 1 {
        LanesShape::Whole
    } else {
        LanesShape::Part
    };
    sub_lengths
        .into_iter()
        .map(|l| {
            KernelSpec::Lanes(LanesSpec {
                direction,
                precision,
                lengths,
                ..LanesSpec::new(l, shape)
            })
        })
        .collect()
}

/// Splits `log2_len` into radix exponents: as many `max_log2` as fit, the remainder last.
fn radix_exponents(log2_len: u32, max_log2: u32) -> Vec<u32> {
    let mut exps = vec![max_log2; (log2_len / max_log2) as usize];
    if log2_len % max_log2 != 0 {
        exps.push(log2_len % max_log2);
    }
    exps
}

/// Splits `log2_len` into fused sub-FFT exponents: the request's [`FusedSplit`] when it is
/// of this length (measure mode's choice; an error if it does not fit the device), else one
/// pass when it fits `single_pass_max`, else as few passes as `multi_pass_max` allows,
/// balanced (larger ones first), so every pass's runs are as long as possible; two passes
/// split by their measured costs where those are known ([`cheapest_two_pass_split`]), and
/// f32 plans of three passes where two would cost more ([`three_passes_cheaper`]) laid out
/// long first, short last ([`three_pass_exponents`]).
fn fused_exponents(
    log2_len: u32,
    limits: FusedLimits,
    split: Option<FusedSplit>,
    precision: Precision,
) -> Result<Vec<u32>, PlanError> {
    if let Some(split) = split.filter(|s| s.log2_len() == log2_len) {
        return if split.fits(limits) {
            Ok(split.log2s())
        } else {
            Err(PlanError::FusedUnavailable(format!(
                "the fused split {split} does not fit this device: one pass takes at most {} points, each of several passes at most {}",
                limits.single_pass_max, limits.multi_pass_max
            )))
        };
    }
    Ok(default_fused_exponents(log2_len, limits, precision))
}

/// [`fused_exponents`] without a requested split.
fn default_fused_exponents(log2_len: u32, limits: FusedLimits, precision: Precision) -> Vec<u32> {
    if 1usize << log2_len <= limits.single_pass_max {
        return vec![log2_len];
    }
    let max_e = limits.multi_pass_max.max(2).ilog2();
    let mut passes = log2_len.div_ceil(max_e);
    if passes == 2 && limits.costed_splits {
        let balanced = [log2_len.div_ceil(2), log2_len / 2];
        let split =
            cheapest_two_pass_split(log2_len, max_e, precision, balanced).unwrap_or(balanced);
        if !three_passes_cheaper(split, precision) {
            return split.to_vec();
        }
        passes = 3;
    }
    let costed = limits.costed_splits && precision == Precision::F32;
    if let Some(exps) = costed
        .then(|| three_pass_exponents(log2_len, passes, max_e))
        .flatten()
    {
        return exps;
    }
    let (base, extra) = (log2_len / passes, log2_len % passes);
    let mut exps: Vec<u32> = (0..passes).map(|i| base + u32::from(i < extra)).collect();
    // The last of three or more passes reads sub-FFTs at the largest stride: measured on the
    // H100 (measure mode, f32 2^27), a last pass of 512 took 1.60 ms and one of 256 1.06 ms,
    // so 2^27 runs as 1024x512x256 (2.77 ms) instead of 512x512x512 (3.23 ms).
    if passes >= 3 {
        while exps[passes as usize - 1] > LAST_PASS_MAX_LOG2 && exps[0] < max_e {
            exps[passes as usize - 1] -= 1;
            exps[0] += 1;
        }
    }
    exps
}

/// log2 of the longest last sub-FFT of a plan of three or more fused passes, where the first
/// pass can take more.
const LAST_PASS_MAX_LOG2: u32 = 8;

impl Plan {
    /// Designs the passes of `request` on a device with `caps`.
    ///
    /// The algorithm follows from the length ([`Algorithm::for_len`]): powers of two choose
    /// the family once (fused where the strategy, the twiddles and the device allow), then
    /// global radix passes largest radix first (one smaller radix last when log2 N is not a
    /// multiple of log2 `max_radix`), or fused passes balanced into 1, 2 or 3; other 13-smooth
    /// lengths run as global passes of mixed radices; every other length as Bluestein's
    /// convolution of a power-of-two length M; length 1 as one point-wise pass (the identity
    /// times the scale).
    pub fn new(request: PlanRequest, caps: &DeviceCaps) -> Result<Plan, PlanError> {
        if request.input != Layout::default() || request.output != Layout::default() {
            return super::edges::layout_plan(request, caps);
        }
        let len = request.len;
        if len == 0 {
            return Err(PlanError::EmptyLength);
        }
        if len > MAX_LEN {
            return Err(PlanError::UnsupportedLength { len });
        }
        if request.batch == 0 {
            return Err(PlanError::EmptyBatch);
        }
        if let Some(shape) = request.shape {
            if shape.len() != len {
                return Err(PlanError::ShapeLenMismatch {
                    len,
                    shape: shape.describe(),
                    values: shape.len(),
                });
            }
            if !shape.is_one_dimensional() {
                return super::nd::nd_plan(request, shape, caps, true);
            }
        }
        if let Some(layout) = request.real {
            return super::real::real_plan(request, layout, caps);
        }
        let algorithm = match Algorithm::for_len(len) {
            // Rader's convolution is half the length of Bluestein's; on fused passes
            // Bluestein's steps ride on the passes and win (measured: docs/PERFORMANCE.md).
            Algorithm::Bluestein { .. }
                if rader_serves(len)
                    && fused_limits_for(&request, caps)?.is_none()
                    && stockham_serves(&request, len - 1) =>
            {
                Algorithm::Rader
            }
            // A smooth M runs as mixed-radix passes; options those cannot honour keep the
            // power of two.
            Algorithm::Bluestein { padded } if !stockham_serves(&request, padded) => {
                Algorithm::Bluestein {
                    padded: (2 * len - 1).next_power_of_two(),
                }
            }
            // On fused passes, the power of two where it is one pass, or where the smooth M's
            // passes cannot carry the chirp's edges.
            Algorithm::Bluestein { padded } => Algorithm::Bluestein {
                padded: match fused_limits_for(&request, caps)? {
                    Some(limits) => {
                        let m = one_pass_bluestein_len(&request, padded, limits);
                        if bluestein_edges_emit(&request, caps, limits, m) {
                            m
                        } else {
                            (2 * len - 1).next_power_of_two()
                        }
                    }
                    None => padded,
                },
            },
            algorithm => algorithm,
        };
        let work_len = algorithm.work_len(len);
        work_len
            .checked_mul(request.batch)
            .filter(|&points| points <= MAX_TOTAL_POINTS)
            .ok_or(PlanError::TooManyPoints {
                len,
                batch: request.batch,
            })?;
        if !RADICES.contains(&request.max_radix) {
            return Err(PlanError::UnsupportedRadix(request.max_radix));
        }
        let (direction, precision) = (request.direction, request.precision);
        let scale = request.normalization.scale(len, direction);
        let chirp = |step| {
            KernelSpec::Chirp(ChirpSpec {
                step,
                direction,
                precision,
            })
        };
        let passes = match algorithm {
            Algorithm::Identity => vec![point_wise(chirp(ChirpStep::Unpad), &request, 1, scale)],
            Algorithm::MultiDim { .. } => {
                unreachable!("Algorithm::for_len names a 1-D algorithm")
            }
            Algorithm::PowerOfTwo | Algorithm::MixedRadix => {
                stockham_passes(&request, caps, len, direction, scale)?
            }
            Algorithm::Bluestein { padded } => match fused_limits_for(&request, caps)? {
                Some(limits) => bluestein_fused(&request, caps, limits, padded, scale)?,
                None => {
                    convolution_passes(&request, caps, padded, ChirpStep::ALL.map(chirp), scale)?
                }
            },
            Algorithm::Rader => {
                let step = |step| {
                    KernelSpec::Rader(RaderSpec {
                        step,
                        direction,
                        precision,
                    })
                };
                convolution_passes(&request, caps, len - 1, RaderStep::ALL.map(step), scale)?
            }
        };
        Ok(Plan {
            request,
            algorithm,
            passes,
            scale,
            complex_len: len,
        })
    }

    /// Bytes read and written in global memory by one execution (all passes, all batches).
    pub fn bytes_moved(&self) -> u64 {
        let complex = self.request.precision.complex_bytes() as u64;
        self.passes
            .iter()
            .map(|pass| pass.points_moved() * complex)
            .sum()
    }

    /// Values per transform in the plan's work buffers: the complex FFT's length, or
    /// Bluestein's M.
    pub fn work_len(&self) -> usize {
        self.algorithm.work_len(self.complex_len)
    }
}

/// A convolution on global passes, Bluestein's or Rader's ([`crate::kernel::RaderSpec`]):
/// the point-wise `steps[0]`, the forward FFT of `convolution` points, `steps[1]`, the
/// inverse FFT and `steps[2]` (times `scale`), every point-wise step over `convolution`
/// values per transform (Bluestein's M, Rader's N - 1).
fn convolution_passes(
    request: &PlanRequest,
    caps: &DeviceCaps,
    convolution: usize,
    [before, between, after]: [KernelSpec; 3],
    scale: f64,
) -> Result<Vec<Pass>, PlanError> {
    let inner = PlanRequest {
        normalization: crate::Normalization::None,
        ..*request
    };
    let fft = |direction| stockham_passes(&inner, caps, convolution, direction, 1.0);
    let mut passes = vec![point_wise(before, request, convolution, 1.0)];
    passes.extend(fft(Direction::Forward)?);
    passes.push(point_wise(between, request, convolution, 1.0));
    passes.extend(fft(Direction::Inverse)?);
    passes.push(point_wise(after, request, convolution, scale));
    Ok(passes)
}

/// Bluestein's M on fused passes: the power of two where that is one pass, the whole
/// convolution in one kernel ([`convolve_in_one_pass`]), and the shorter smooth `padded`
/// ([`crate::kernel::bluestein_len`]) would take several passes each way, unless the power of
/// two's work buffers would pass [`MAX_TOTAL_POINTS`] for the request's batch; else `padded`.
/// Measured on the H100 (docs/PERFORMANCE.md, 2026-11-25, 2^27 points in f32, 2^26 in f64):
/// four passes of a smooth M against one of the power of two, 2503 points (M = 5040 against
/// 8192) 7.45 -> 3.82 ms, 3001 (6048) 6.88 -> 3.43, 4099 (8232 against 16384) 6.19 -> 4.85,
/// 5003 (10080) 8.85 -> 4.16, 6007 (12096) 6.65 -> 3.47; f64 2503 7.24 -> 3.59, 3001 6.01 ->
/// 3.02.
fn one_pass_bluestein_len(request: &PlanRequest, padded: usize, limits: FusedLimits) -> usize {
    let power = (2 * request.len - 1).next_power_of_two();
    let smooth_passes =
        mixed_fused_lengths(padded, convolution_limits(limits), request.precision).len();
    let fits = power
        .checked_mul(request.batch)
        .is_some_and(|points| points <= MAX_TOTAL_POINTS);
    if padded != power && power <= limits.single_pass_max && smooth_passes > 1 && fits {
        power
    } else {
        padded
    }
}

/// The fused limits of passes that carry Bluestein's edges: no long mixed pass and no
/// clamped stages (both hold for plain passes only), so a smooth M such as 16464 (N = 8193)
/// keeps its two passes instead of failing as one and falling back to 32768, and 10080 (N =
/// 5003) counts as two passes, for which the power of two 16384 is one.
fn convolution_limits(limits: FusedLimits) -> FusedLimits {
    FusedLimits {
        plain_rules: false,
        ..limits
    }
}

/// Whether Bluestein's fused passes of M = `padded` are kernels the generator emits
/// ([`KernelSpec::check`]). A smooth M that is one mixed pass in registers when plain may not
/// be one with the chirp's edges (whose first radix may be at most 20): 4481 points (M = 9000
/// = [30, 30, 10] in f32) and 1545 (M = 3125 = [25, 25, 5] in f64) planned kernels the
/// generator refuses, so those take the power of two.
fn bluestein_edges_emit(
    request: &PlanRequest,
    caps: &DeviceCaps,
    limits: FusedLimits,
    padded: usize,
) -> bool {
    bluestein_fused(request, caps, limits, padded, 1.0)
        .is_ok_and(|passes| passes.iter().all(|pass| pass.spec.check().is_ok()))
}

/// Bluestein's convolution as fused passes only: the forward M-point FFT pads at its first
/// load and multiplies by the filter's spectrum at its last store, the inverse one unpads
/// (times the chirp and `scale`) at its last store; where M is one pass, that pass is the
/// whole convolution ([`convolve_in_one_pass`]). Every pass has `len` = N and `padded` = M.
fn bluestein_fused(
    request: &PlanRequest,
    caps: &DeviceCaps,
    limits: FusedLimits,
    padded: usize,
    scale: f64,
) -> Result<Vec<Pass>, PlanError> {
    // A power-of-two M takes the split its edges want (`bluestein_split`) unless the request
    // names one for M (measure mode, `decomposition`).
    let edge_split = log2_exact(padded).and_then(|log2_m| bluestein_split(log2_m, limits));
    let named = request
        .fused_split
        .filter(|s| Some(s.log2_len()) == log2_exact(padded));
    let inner = PlanRequest {
        normalization: crate::Normalization::None,
        fused_split: named.or(edge_split),
        ..*request
    };
    let edged = Some(convolution_limits(limits));
    let mut forward = stockham_passes_with(&inner, caps, padded, Direction::Forward, 1.0, edged)?;
    let outer = request.direction;
    let mut passes = match convolve_in_one_pass(&forward, outer, scale) {
        Some(pass) => vec![pass],
        None => {
            let mut inverse =
                stockham_passes_with(&inner, caps, padded, Direction::Inverse, scale, edged)?;
            if let Some(chirp) = chirp_of(forward.first_mut(), outer) {
                chirp.pad = true;
            }
            if let Some(chirp) = chirp_of(forward.last_mut(), outer) {
                chirp.store = ChirpStore::Filter;
            }
            if let Some(chirp) = chirp_of(inverse.last_mut(), outer) {
                chirp.store = ChirpStore::Unpad;
            }
            forward.extend(inverse);
            forward
        }
    };
    for pass in &mut passes {
        pass.params.len = request.len;
        pass.relaunch();
    }
    Ok(passes)
}

/// Bluestein's whole convolution as one pass ([`ChirpStore::Convolve`]) where the forward
/// M-point FFT is one fused pass (the inverse then is one too: same length, same limits):
/// that pass, padding at its load, multiplying by the filter and running the inverse FFT in
/// the same work-group, unpadding at its store with the inverse FFT's `scale`. One pass over
/// memory (N values read and N written per transform) instead of two of N + M values each.
fn convolve_in_one_pass(forward: &[Pass], outer: Direction, scale: f64) -> Option<Pass> {
    let [only] = forward else {
        return None;
    };
    let KernelSpec::Fused(spec) = only.spec else {
        return None;
    };
    let convolve = FusedSpec {
        chirp: Some(FusedChirp {
            outer,
            pad: true,
            store: ChirpStore::Convolve,
        }),
        ..spec
    };
    convolve.check().ok()?;
    Some(Pass {
        spec: KernelSpec::Fused(convolve),
        scale,
        ..only.clone()
    })
}

/// The Bluestein edges of `pass` (a fused pass), plain ones added first.
fn chirp_of(pass: Option<&mut Pass>, outer: Direction) -> Option<&mut FusedChirp> {
    match pass {
        Some(Pass {
            spec: KernelSpec::Fused(fused),
            ..
        }) => Some(fused.chirp.get_or_insert(FusedChirp {
            outer,
            pad: false,
            store: ChirpStore::Plain,
        })),
        _ => None,
    }
}

/// A point-wise Bluestein or Rader pass over `batch` transforms of `request.len` points padded to
/// `padded`.
fn point_wise(spec: KernelSpec, request: &PlanRequest, padded: usize, scale: f64) -> Pass {
    let params = LaunchParams {
        padded,
        ..LaunchParams::stockham(request.len, request.batch, 1)
    };
    point_pass(spec, params, scale)
}

/// A pass of a kernel with one entry point, launched by its ABI's geometry.
pub(super) fn point_pass(spec: KernelSpec, params: LaunchParams, scale: f64) -> Pass {
    let abi = spec.abi();
    Pass {
        spec,
        entry: 0,
        launch: abi.entries[0].geometry.launch(&spec, &params),
        params,
        scale,
    }
}

/// The Stockham passes of a `len`-point transform in `direction` (a power of two, or a
/// 13-smooth length), the last one multiplying by `scale`.
fn stockham_passes(
    request: &PlanRequest,
    caps: &DeviceCaps,
    len: usize,
    direction: Direction,
    scale: f64,
) -> Result<Vec<Pass>, PlanError> {
    let limits = fused_limits_for(request, caps)?;
    stockham_passes_with(request, caps, len, direction, scale, limits)
}

/// [`stockham_passes`] with the fused limits given: `None` for global radix passes.
pub(super) fn stockham_passes_with(
    request: &PlanRequest,
    caps: &DeviceCaps,
    len: usize,
    direction: Direction,
    scale: f64,
    limits: Option<FusedLimits>,
) -> Result<Vec<Pass>, PlanError> {
    let precision = request.precision;
    // A power-of-two sub-FFT of a mixed length divides by t and p like the rest.
    let lengths = if len.is_power_of_two() {
        Lengths::PowerOfTwo
    } else {
        Lengths::Any
    };
    let fused = |len: u32| FusedSpec {
        direction,
        precision,
        lengths,
        ..FusedSpec::new(len)
    };
    let mixed_fused = match (log2_exact(len), limits) {
        (None, Some(limits)) => {
            let specs: Vec<FusedSpec> = mixed_fused_lengths(len, limits, precision)
                .into_iter()
                .map(fused)
                .collect();
            // A mixed fused work-group may exceed the device's limits (work-items, or local
            // memory: one-part exchanges of up to 42 KB): global passes then.
            let fits = specs.iter().all(|f| {
                f.work_group_size() as usize <= caps.max_work_group_size
                    && f.local_bytes() <= caps.local_mem_bytes
            });
            fits.then(|| specs.into_iter().map(KernelSpec::Fused).collect())
        }
        _ => None,
    };
    let lanes = match limits {
        None if lanes_serve(request, caps, len) => lanes_lengths(len, precision),
        _ => None,
    };
    let specs: Vec<KernelSpec> = match (log2_exact(len), limits, mixed_fused, lanes) {
        (_, _, _, Some(sub_lengths)) => lanes_specs(sub_lengths, direction, precision, lengths),
        (Some(log2_len), Some(limits), _, None) => {
            match fused_exponents(log2_len, limits, request.fused_split, precision)?.as_slice() {
                // One pass: the whole transform, which may take a work-group of its own shape.
                [e] => vec![KernelSpec::Fused(fused(1 << e).as_single_pass())],
                exponents => exponents
                    .iter()
                    .map(|&e| KernelSpec::Fused(fused(1 << e)))
                    .collect(),
            }
        }
        (Some(log2_len), None, _, None) => {
            let form = radix_form(request, caps.kind);
            radix_exponents(log2_len, request.max_radix.trailing_zeros())
                .into_iter()
                .map(|e| {
                    KernelSpec::Radix(RadixSpec {
                        direction,
                        precision,
                        twiddles: request.twiddles,
                        form,
                        ..RadixSpec::new(1 << e)
                    })
                })
                .collect()
        }
        (None, _, Some(specs), None) => specs,
        (None, _, None, None) => {
            check_mixed_options(request, len)?;
            mixed_radices(len)
                .into_iter()
                .map(|radix| {
                    KernelSpec::Radix(RadixSpec {
                        direction,
                        precision,
                        lengths: Lengths::Any,
                        ..RadixSpec::new(radix)
                    })
                })
                .collect()
        }
    };
    Ok(passes_of_specs(specs, request, len, scale))
}

/// The Stockham passes of `specs` in order over `request.batch` transforms of `len` points,
/// each at the stride its predecessors' lengths make, the last one multiplying by `scale`.
pub(super) fn passes_of_specs(
    specs: Vec<KernelSpec>,
    request: &PlanRequest,
    len: usize,
    scale: f64,
) -> Vec<Pass> {
    let last = specs.len().saturating_sub(1);
    let mut stride = 1usize;
    specs
        .into_iter()
        .enumerate()
        .map(|(i, spec)| {
            let params = LaunchParams::stockham(len, request.batch, stride);
            let spec = with_pass_table(spec, stride);
            stride *= spec.points() as usize;
            let abi = spec.abi();
            // Every ABI has an entry for the first pass and one for the others.
            let entry = abi.entry_for(params.stride).unwrap_or(0);
            Pass {
                spec,
                entry,
                launch: abi.entries[entry].geometry.launch(&spec, &params),
                params,
                scale: if i == last { scale } else { 1.0 },
            }
        })
        .collect()
}

/// `spec` with the two-level twiddle table where its one-level table at `stride` would hold
/// more than [`TWO_LEVEL_MIN_TWIDDLES`] values: vector-form power-of-two radix passes with
/// table twiddles (the last pass of a 2^26-point plan: 50 million values, seconds to compute,
/// against two tables of 2^13); lanes passes by their own limit ([`LanesSpec::at_stride`]).
fn with_pass_table(spec: KernelSpec, stride: usize) -> KernelSpec {
    match spec {
        KernelSpec::Radix(radix)
            if (radix.radix as usize - 1) * stride > TWO_LEVEL_MIN_TWIDDLES =>
        {
            radix.two_level().map_or(spec, KernelSpec::Radix)
        }
        KernelSpec::Lanes(lanes) => KernelSpec::Lanes(lanes.at_stride(stride)),
        other => other,
    }
}

/// The most pass twiddles a radix pass keeps in one table (256 KiB in f32).
pub(crate) const TWO_LEVEL_MIN_TWIDDLES: usize = 1 << 15;

/// The fused sub-FFT lengths of a 13-smooth `len`: one pass when it fits `mixed_single_pass_max`,
/// or `mixed_register_max` with its values in registers (`6561 -> [6561]`), else the fewest,
/// most even factors up to `complex_multi_pass_max`, largest first
/// (`10^6 -> [1000, 1000]`, `3 * 2^20 -> [192, 128, 128]`).
fn mixed_fused_lengths(len: usize, limits: FusedLimits, precision: Precision) -> Vec<u32> {
    let in_registers = || {
        let spec = FusedSpec {
            precision,
            ..FusedSpec::new(len as u32)
        };
        len <= limits.mixed_register_max
            && spec.mixed_in_registers()
            && spec.work_group_size() as usize <= limits.max_work_group
            && (limits.plain_rules || !(spec.is_long_mixed() || spec.guards_stages()))
            && spec.local_bytes() <= limits.local_mem_bytes
    };
    let len = len as u32;
    if len as usize <= limits.mixed_single_pass_max || in_registers() {
        return vec![len];
    }
    balanced_factors(len, limits.complex_multi_pass_max as u32)
}

/// Whether Stockham passes of `len` honour the request's options: any power of two, a mixed
/// length where [`check_mixed_options`] allows it.
fn stockham_serves(request: &PlanRequest, len: usize) -> bool {
    len.is_power_of_two() || check_mixed_options(request, len).is_ok()
}

/// Mixed-radix passes exist as global radix passes with table twiddles in the vector form:
/// other requests say so instead of being silently changed.
fn check_mixed_options(request: &PlanRequest, len: usize) -> Result<(), PlanError> {
    let why = if request.twiddles != Twiddles::Table {
        Some(format!(
            "mixed-radix passes read table twiddles; {} twiddles exist for powers of two only",
            request.twiddles
        ))
    } else if request.form == KernelForm::Scalar {
        Some("mixed-radix passes exist in the vector form only".to_string())
    } else {
        None
    };
    match why {
        Some(why) => Err(PlanError::MixedRadixOption { len, why }),
        None => Ok(()),
    }
}
