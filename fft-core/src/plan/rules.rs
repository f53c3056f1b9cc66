//! The planner's rules: which family, which form, which radices or sub-FFT lengths.

use super::{
    DeviceCaps, DeviceKind, KernelForm, Pass, Plan, PlanError, PlanRequest, Strategy, MAX_LEN,
    MIN_LEN, MIN_RUN_BYTES,
};
use crate::kernel::{
    catalog, Form, FusedSpec, KernelSpec, LaunchParams, RadixSpec, Twiddles, RADICES,
};
use crate::{log2_exact, Precision};

/// What fused passes the device can run (from its local memory and work-group limits and the
/// generator's kernel shapes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FusedLimits {
    /// Longest transform done in one pass (one sequence per work-group): L_c.
    pub single_pass_max: usize,
    /// Longest sub-FFT of a pass of a multi-pass transform: a work-group there handles
    /// `single_pass_max / len` sub-FFTs side by side, and each of its global accesses is a run
    /// of that many values, which must fill a memory sector ([`MIN_RUN_BYTES`]).
    pub multi_pass_max: usize,
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
        let single = FusedSpec::max_len(precision) as usize;
        let min_columns = (MIN_RUN_BYTES / precision.complex_bytes()).max(1);
        Ok(FusedLimits {
            single_pass_max: single,
            multi_pass_max: single / min_columns,
        })
    }
}

/// The family a request gets on a device: `None` for global radix passes.
fn fused_limits_for(
    request: &PlanRequest,
    caps: &DeviceCaps,
) -> Result<Option<FusedLimits>, PlanError> {
    let table = request.twiddles == Twiddles::Table;
    match request.strategy {
        Strategy::GlobalRadix => Ok(None),
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

/// The supported lengths just below and just above `len` (`None` where there is none).
pub fn nearest_supported_lengths(len: usize) -> (Option<usize>, Option<usize>) {
    let below = if len < MIN_LEN {
        None
    } else {
        Some((1usize << (usize::BITS - 1 - len.leading_zeros())).min(MAX_LEN))
    };
    let above = len
        .max(MIN_LEN)
        .checked_next_power_of_two()
        .filter(|&n| n <= MAX_LEN);
    (below, above)
}

/// "the nearest supported lengths are 512 and 1024 (zero-pad to 1024)", or the one that exists.
pub(super) fn describe_nearest(len: usize) -> String {
    match nearest_supported_lengths(len) {
        (Some(below), Some(above)) if below == above => format!("{len} itself is a power of two"),
        (Some(below), Some(above)) => {
            format!("the nearest supported lengths are {below} and {above} (zero-pad to {above})")
        }
        (None, Some(above)) => format!("the smallest supported length is {above} (zero-pad to it)"),
        (Some(below), None) => {
            format!("the largest supported length is {below} (split the signal)")
        }
        (None, None) => "no supported length is near it".to_string(),
    }
}

/// Splits `log2_len` into radix exponents: as many `max_log2` as fit, the remainder last.
fn radix_exponents(log2_len: u32, max_log2: u32) -> Vec<u32> {
    let mut exps = vec![max_log2; (log2_len / max_log2) as usize];
    if log2_len % max_log2 != 0 {
        exps.push(log2_len % max_log2);
    }
    exps
}

/// Splits `log2_len` into fused sub-FFT exponents: one pass when it fits `single_pass_max`,
/// else as few passes as `multi_pass_max` allows, balanced (larger ones first), so every
/// pass's runs are as long as possible.
fn fused_exponents(log2_len: u32, limits: FusedLimits) -> Vec<u32> {
    if 1usize << log2_len <= limits.single_pass_max {
        return vec![log2_len];
    }
    let max_e = limits.multi_pass_max.max(2).ilog2();
    let passes = log2_len.div_ceil(max_e);
    let (base, extra) = (log2_len / passes, log2_len % passes);
    (0..passes).map(|i| base + u32::from(i < extra)).collect()
}

impl Plan {
    /// Designs the passes of `request` on a device with `caps`: the family is chosen once
    /// (fused where the strategy, the twiddles and the device allow), then global radix
    /// passes largest radix first (one smaller radix last when log2 N is not a multiple of
    /// log2 `max_radix`), or fused passes balanced into 1, 2 or 3.
    pub fn new(request: PlanRequest, caps: &DeviceCaps) -> Result<Plan, PlanError> {
        let log2_len = log2_exact(request.len)
            .filter(|_| (MIN_LEN..=MAX_LEN).contains(&request.len))
            .ok_or(PlanError::UnsupportedLength { len: request.len })?;
        if request.batch == 0 {
            return Err(PlanError::EmptyBatch);
        }
        request
            .len
            .checked_mul(request.batch)
            .ok_or(PlanError::TooManyPoints {
                len: request.len,
                batch: request.batch,
            })?;
        if !RADICES.contains(&request.max_radix) {
            return Err(PlanError::UnsupportedRadix(request.max_radix));
        }
        let (direction, precision) = (request.direction, request.precision);
        let specs: Vec<KernelSpec> = match fused_limits_for(&request, caps)? {
            Some(limits) => fused_exponents(log2_len, limits)
                .into_iter()
                .map(|e| {
                    KernelSpec::Fused(FusedSpec {
                        len: 1 << e,
                        direction,
                        precision,
                    })
                })
                .collect(),
            None => {
                let form = radix_form(&request, caps.kind);
                radix_exponents(log2_len, request.max_radix.trailing_zeros())
                    .into_iter()
                    .map(|e| {
                        KernelSpec::Radix(RadixSpec {
                            radix: 1 << e,
                            direction,
                            precision,
                            twiddles: request.twiddles,
                            form,
                        })
                    })
                    .collect()
            }
        };
        let scale = request.normalization.scale(request.len, direction);
        let last = specs.len() - 1;
        let mut stride = 1usize;
        let passes = specs
            .into_iter()
            .enumerate()
            .map(|(i, spec)| {
                let params = LaunchParams {
                    len: request.len,
                    batch: request.batch,
                    stride,
                };
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
            .collect();
        Ok(Plan {
            request,
            passes,
            scale,
        })
    }

    /// Bytes read and written in global memory by one execution (all passes, all batches).
    pub fn bytes_moved(&self) -> u64 {
        let points = (self.request.len * self.request.batch) as u64;
        2 * points * self.request.precision.complex_bytes() as u64 * self.passes.len() as u64
    }
}
