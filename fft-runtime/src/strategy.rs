//! Which pass family a plan uses on a device.

use crate::device::{DeviceKind, DeviceSummary};
use fft_codegen::{FusedSpec, Twiddles};
use fft_core::plan::{Family, FusedLimits};
use fft_core::Precision;

/// The pass family a plan asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Strategy {
    /// Fused local-memory passes on GPUs and accelerators where the device and the options
    /// allow, else global radix passes (the default). CPU devices get global radix passes:
    /// measured under PoCL on a 2-core machine they are 1.2 to 2.5 times faster than fused
    /// passes (docs/PERFORMANCE.md), whose barriers and local-memory staging cost more than
    /// they save where "local memory" is ordinary cached memory.
    #[default]
    Auto,
    /// Global radix passes only (DESIGN.md 4.1; the baseline, and the only family with the
    /// on-the-fly twiddle variants).
    GlobalRadix,
    /// Fused passes, or an error saying why they are not possible.
    Fused,
}

/// Bytes each global access of a fused pass must cover to fill a memory sector.
pub const MIN_RUN_BYTES: usize = 32;

/// The fused kernels' limits on this device, or why there are none.
pub fn fused_limits(summary: &DeviceSummary, precision: Precision) -> Result<FusedLimits, String> {
    let mut needs = Vec::new();
    let local = fft_codegen::fused_catalog()
        .iter()
        .filter(|s| s.precision == precision)
        .map(|s| (s.local_bytes(), s.work_group_size()))
        .fold((0u64, 0u32), |(b, w), (sb, sw)| (b.max(sb), w.max(sw)));
    if summary.local_mem_bytes < local.0 {
        needs.push(format!(
            "{} bytes of local memory (the device has {})",
            local.0, summary.local_mem_bytes
        ));
    }
    if (summary.max_work_group_size as u64) < u64::from(local.1) {
        needs.push(format!(
            "work-groups of {} (the device allows {})",
            local.1, summary.max_work_group_size
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

/// The family for `strategy` with `twiddles` on `summary`'s device.
pub fn choose_family(
    strategy: Strategy,
    twiddles: Twiddles,
    summary: &DeviceSummary,
    precision: Precision,
) -> Result<Family, String> {
    match strategy {
        Strategy::GlobalRadix => Ok(Family::Global),
        Strategy::Auto if twiddles != Twiddles::Table => Ok(Family::Global),
        Strategy::Auto if summary.kind == DeviceKind::Cpu => Ok(Family::Global),
        Strategy::Auto => Ok(fused_limits(summary, precision).map(Family::Fused).unwrap_or(Family::Global)),
        Strategy::Fused if twiddles != Twiddles::Table => Err(format!(
            "fused passes read their twiddles from tables; {twiddles} twiddles exist only for global radix passes: use Twiddles::Table or Strategy::GlobalRadix"
        )),
        Strategy::Fused => fused_limits(summary, precision).map(Family::Fused),
    }
}

/// Environment variable choosing the form of global radix kernels: `vector` (`float2` code,
/// the GPU form) or `scalar` (the CPU form) on every device; unset or anything else, the
/// default: scalar on CPU devices, vector elsewhere.
pub const KERNEL_FORM_ENV: &str = "OCLFFT_KERNEL_FORM";

/// Whether global radix passes with `twiddles` run the scalar kernels
/// (`fft_codegen::emit_cpu_kernel`) on `summary`'s device rather than the `float2` ones.
///
/// Scalar kernels exist for table twiddles only. They are the default on CPU devices: PoCL's
/// work-item loop vectorizer refuses `float2` code ("instruction return type cannot be
/// vectorized") and vectorizes the scalar form across work-items. `$OCLFFT_KERNEL_FORM`
/// ([`KERNEL_FORM_ENV`]) overrides the choice, for comparisons.
///
/// The default largest radix (16) stays on CPU devices: on a 2-core AMD EPYC under PoCL 3.1
/// (`oclfft bench --min 11 --max 20 --max-radix R`, 2^22 points, scalar kernels), the total
/// kernel time at N = 2^11..2^20 was 11-17 ms with radix 16, 16-27 ms with radix 8, 15-31 ms
/// with radix 32 and 14-31 ms with radix 64 (radix 32 and 64 keep too many values live per
/// work-item once 8 work-items share each SIMD register).
pub fn scalar_global_passes(summary: &DeviceSummary, twiddles: Twiddles) -> bool {
    if twiddles != Twiddles::Table {
        return false;
    }
    match std::env::var(KERNEL_FORM_ENV).as_deref() {
        Ok("vector") => false,
        Ok("scalar") => true,
        _ => summary.kind == DeviceKind::Cpu,
    }
}
