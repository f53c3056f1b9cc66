//! What the generator returns ([`GeneratedKernel`]) and why it may fail ([`CodegenError`]).
//! What a kernel is asked to be ([`KernelSpec`]) is `fft_core::kernel`'s: the planner names
//! kernels without the generator. Every field here is plain data, so `radix_kernel!` can build
//! a [`GeneratedKernel`] in a `const` item.

use fft_core::kernel::{KernelAbi, KernelSpec, SpecError};
use std::borrow::Cow;

/// Operation counts of one butterfly (radix pass) or one sub-FFT (fused pass), printed in the
/// kernel header and asserted in tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct OpCounts {
    /// Complex additions and subtractions.
    pub complex_adds: u32,
    /// Multiplications by non-trivial constant twiddles (each a `mul_pXqY` call).
    pub constant_muls: u32,
    /// Multiplications by trivial twiddles folded into swaps and sign flips (`x -i`, `x i`, `x -1`).
    pub trivial_rotations: u32,
    /// Multiplications of a complex value by a real constant (`COS_PXQY`, `SIN_PXQY`): the
    /// odd-radix butterflies' symmetric-pair products, two real multiplications each.
    pub real_scales: u32,
}

/// The generator's output: the OpenCL C program of one spec and its contract with the
/// runtime.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GeneratedKernel {
    /// What was generated.
    pub spec: KernelSpec,
    /// The complete, self-contained OpenCL C program text.
    pub source: Cow<'static, str>,
    /// Operation counts of the butterfly (radix pass) or of one sub-FFT (fused pass).
    pub ops: OpCounts,
    /// The arguments, entry points and launch geometry: `spec.abi()`.
    pub abi: &'static KernelAbi,
}

impl GeneratedKernel {
    /// The first (for most kernels the only) entry point: `fft_radix16_fwd_f32`.
    pub fn entry_point(&self) -> String {
        self.spec.name() + self.abi.entries[0].suffix
    }

    /// Every entry point of the program, in ABI order (two for the scalar form).
    pub fn entry_points(&self) -> Vec<String> {
        self.spec.entry_points()
    }
}

/// Why a spec cannot be generated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodegenError {
    /// The spec names no kernel: an unsupported radix or fused length, or a form its
    /// twiddles do not have.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// Formatting into the output failed (only possible with a failing `fmt::Write`).
    #[error("writing the kernel text failed")]
    Format(#[from] std::fmt::Error),
}

impl CodegenError {
    /// [`SpecError::UnsupportedRadix`], for the butterfly builder.
    pub(crate) fn radix(radix: u32) -> CodegenError {
        CodegenError::Spec(SpecError::UnsupportedRadix(radix))
    }
}
