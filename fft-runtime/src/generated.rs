//! The kernels generated at build time by `build.rs`: one table over `fft_codegen::catalog()`,
//! and the fused passes emitted on first use instead: those of mixed lengths and those with
//! Bluestein's or a real transform's edges, and the lanes passes of CPU devices (one per
//! length, direction and precision a plan uses).
//!
//! Every 13-smooth length up to 4096 (f32) or 2048 (f64) has its own fused kernel: 1,632
//! kernels with both directions, too many to build into every binary for the few a program
//! uses. They come from the same generator (`fft_codegen::emit`, deterministic: the same
//! bytes `oclfft kernel` prints), when a plan first asks for one; the driver's binary cache
//! then keeps the compiled program like any other.

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
        ChirpSpec, ChirpStep::*, Direction::*, Form::*, FusedSpec, KernelSpec::*, LayoutSpec,
        LayoutStep::*, LayoutValues::*, Lengths::*, OpCounts, PassTable::*, PermuteSpec,
        PermuteStep::*, Precision::*, RaderSpec, RaderStep::*, RadixSpec, RealSpec, RealStep::*,
        Twiddles::*,
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

/// The generated kernel of `spec`: from the build-time table, or emitted now for a fused
/// pass of a mixed length, with Bluestein's or a real transform's edges, interleaved (a
/// multi-dimensional axis) or reading or writing the caller's layout; `None` for any other
/// spec the catalog lacks.
pub fn generated_kernel(spec: &KernelSpec) -> Option<GeneratedKernel> {
    if let Some(entry) = GENERATED.iter().find(|e| e.spec == *spec) {
        return Some(entry.kernel());
    }
    match spec {
        KernelSpec::Fused(fused)
            if fused.is_mixed()
                || fused.chirp.is_some()
                || fused.real.is_some()
                || fused.interleaved
                || fused.load.is_some()
                || fused.store.is_some()
                || fused.pair_rows =>
        {
            fft_codegen::emit(spec).ok()
        }
        // Lanes passes (CPU devices): one per length, direction and precision a plan uses.
        KernelSpec::Lanes(_) => fft_codegen::emit(spec).ok(),
        _ => None,
    }
}

/// Every generated kernel, in catalog order.
pub fn generated_kernels() -> impl Iterator<Item = GeneratedKernel> {
    GENERATED.iter().map(Entry::kernel)
}
