//! The kernels generated at build time by `build.rs`.

use fft_codegen::{
    CpuKernelSpec, Direction, FusedSpec, GeneratedCpuKernel, GeneratedFusedKernel, GeneratedKernel,
    KernelSpec, OpCounts, Precision, Twiddles,
};
use std::borrow::Cow;

include!(concat!(env!("OUT_DIR"), "/generated_kernels.rs"));

/// The generated global radix kernel for `spec`, if the catalog has one.
pub fn generated_kernel(spec: &KernelSpec) -> Option<&'static GeneratedKernel> {
    GENERATED_KERNELS.iter().find(|k| k.spec == *spec)
}

/// Every generated global radix kernel, in catalog order.
pub fn generated_kernels() -> &'static [GeneratedKernel] {
    GENERATED_KERNELS
}

/// The generated fused kernel for `spec`, if the catalog has one.
pub fn generated_fused_kernel(spec: &FusedSpec) -> Option<&'static GeneratedFusedKernel> {
    GENERATED_FUSED_KERNELS.iter().find(|k| k.spec == *spec)
}

/// Every generated fused kernel, in catalog order.
pub fn generated_fused_kernels() -> &'static [GeneratedFusedKernel] {
    GENERATED_FUSED_KERNELS
}

/// The generated scalar (CPU) global radix kernel for `spec`, if the catalog has one.
pub fn generated_cpu_kernel(spec: &CpuKernelSpec) -> Option<&'static GeneratedCpuKernel> {
    GENERATED_CPU_KERNELS.iter().find(|k| k.spec == *spec)
}

/// Every generated scalar (CPU) global radix kernel, in catalog order.
pub fn generated_cpu_kernels() -> &'static [GeneratedCpuKernel] {
    GENERATED_CPU_KERNELS
}

/// A program the runtime builds: one generated kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ProgramKey {
    /// A global radix pass.
    Radix(KernelSpec),
    /// A fused local-memory pass.
    Fused(FusedSpec),
    /// A global radix pass in scalar form (table twiddles; the default on CPU devices).
    Cpu(CpuKernelSpec),
}

impl ProgramKey {
    /// Entry point and source of the kernel, or `None` when the catalog lacks it.
    pub fn kernel(&self) -> Option<(&'static str, &'static str)> {
        match self {
            ProgramKey::Radix(spec) => {
                generated_kernel(spec).map(|k| (k.entry_point.as_ref(), k.source.as_ref()))
            }
            ProgramKey::Fused(spec) => {
                generated_fused_kernel(spec).map(|k| (k.entry_point.as_ref(), k.source.as_ref()))
            }
            ProgramKey::Cpu(spec) => {
                generated_cpu_kernel(spec).map(|k| (k.entry_point.as_ref(), k.source.as_ref()))
            }
        }
    }

    /// The entry point name the key asks for (also when it is missing).
    pub fn entry_point(&self) -> String {
        match self {
            ProgramKey::Radix(spec) => spec.entry_point(),
            ProgramKey::Fused(spec) => spec.entry_point(),
            ProgramKey::Cpu(spec) => spec.entry_point(),
        }
    }
}
