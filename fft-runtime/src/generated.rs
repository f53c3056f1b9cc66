//! The kernels generated at build time by `build.rs`.

use fft_codegen::{Direction, GeneratedKernel, KernelSpec, OpCounts, Precision, Twiddles};
use std::borrow::Cow;

include!(concat!(env!("OUT_DIR"), "/generated_kernels.rs"));

/// The generated kernel for `spec`, if the catalog has one.
pub fn generated_kernel(spec: &KernelSpec) -> Option<&'static GeneratedKernel> {
    GENERATED_KERNELS.iter().find(|k| k.spec == *spec)
}

/// Every generated kernel, in catalog order.
pub fn generated_kernels() -> &'static [GeneratedKernel] {
    GENERATED_KERNELS
}
