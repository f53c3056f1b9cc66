//! The generator's one entry point: [`emit`] of any [`KernelSpec`].

use crate::family::chirp::emit_chirp;
use crate::family::fused::emit_fused;
use crate::family::lanes::emit_lanes;
use crate::family::layout::emit_layout;
use crate::family::permute::emit_permute;
use crate::family::rader::emit_rader;
use crate::family::radix::emit_radix;
use crate::family::real::emit_real;
use crate::spec::{CodegenError, GeneratedKernel};
use fft_core::kernel::KernelSpec;
use std::borrow::Cow;

/// Generates the complete OpenCL C program of `spec`, with its ABI (`spec.abi()`).
///
/// ```
/// use fft_codegen::{emit, FusedSpec, KernelSpec, RadixSpec};
/// let kernel = emit(&KernelSpec::Radix(RadixSpec::new(16)))?;
/// assert_eq!(kernel.entry_point(), "fft_radix16_fwd_f32");
/// assert!(kernel.source.contains("__kernel void fft_radix16_fwd_f32("));
/// let fused = emit(&KernelSpec::Fused(FusedSpec::new(256)))?;
/// assert!(fused.source.contains("reqd_work_group_size(256, 1, 1)"));
/// assert!(emit(&KernelSpec::Fused(FusedSpec::new(32768))).is_err());
/// # Ok::<(), fft_codegen::CodegenError>(())
/// ```
pub fn emit(spec: &KernelSpec) -> Result<GeneratedKernel, CodegenError> {
    let (source, ops) = match spec {
        KernelSpec::Radix(radix) => emit_radix(radix)?,
        KernelSpec::Fused(fused) => emit_fused(fused)?,
        KernelSpec::Chirp(chirp) => emit_chirp(chirp)?,
        KernelSpec::Rader(rader) => emit_rader(rader)?,
        KernelSpec::Real(real) => emit_real(real)?,
        KernelSpec::Permute(permute) => emit_permute(permute)?,
        KernelSpec::Layout(layout) => emit_layout(layout)?,
        KernelSpec::Lanes(lanes) => emit_lanes(lanes)?,
    };
    Ok(GeneratedKernel {
        spec: *spec,
        source: Cow::Owned(source),
        ops,
        abi: spec.abi(),
    })
}
