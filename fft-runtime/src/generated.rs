//! The kernels generated at build time by `build.rs`: one table over `fft_codegen::catalog()`.

use fft_codegen::{GeneratedKernel, KernelSpec, OpCounts};
use std::borrow::Cow;

/// `(spec, source, ops)` of every kernel of the catalog, in catalog order.
pub(crate) struct Entry {
    pub(crate) spec: KernelSpec,
    pub(crate) source: &'static str,
    pub(crate) ops: OpCounts,
}

/// The table, with every variant the specs' `Debug` text names in scope.
mod table {
    use super::Entry;
    use fft_codegen::{
        ChirpSpec, ChirpStep::*, Direction::*, Form::*, FusedSpec, KernelSpec::*, Lengths::*,
        OpCounts, Precision::*, RadixSpec, Twiddles::*,
    };
    include!(concat!(env!("OUT_DIR"), "/generated_kernels.rs"));
}
use table::GENERATED;

impl Entry {
    fn kernel(&self) -> GeneratedKernel {
        GeneratedKernel {
            spec: self.spec,
            source: Cow::Borrowed(self.source),
            ops: self.ops,
            abi: self.spec.abi(),
        }
    }
}

/// The generated kernel of `spec`, if the catalog has it.
pub fn generated_kernel(spec: &KernelSpec) -> Option<GeneratedKernel> {
    GENERATED
        .iter()
        .find(|e| e.spec == *spec)
        .map(Entry::kernel)
}

/// Every generated kernel, in catalog order.
pub fn generated_kernels() -> impl Iterator<Item = GeneratedKernel> {
    GENERATED.iter().map(Entry::kernel)
}
