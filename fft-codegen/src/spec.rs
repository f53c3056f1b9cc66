//! What a kernel is asked to be ([`KernelSpec`]) and what the generator returns
//! ([`GeneratedKernel`]). These types are the contract with `fft-runtime`, `fft-macros` and
//! `xtask`; all of their fields are plain data so the macro can build them in `const` items.

use fft_core::{Direction, Precision};
use std::borrow::Cow;
use std::fmt;

/// How a global radix pass gets the twiddles `W_{R*p}^{k*m}` it multiplies its inputs by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Twiddles {
    /// Read from a table computed in f64 on the host and rounded once (the default, the
    /// most accurate).
    #[default]
    Table,
    /// `sincos` of the angle for every input of the butterfly (accurate built-ins).
    Sincos,
    /// `native_sin`/`native_cos` for every input (fast hardware approximations).
    Native,
    /// One `sincos` per work-item; the other twiddles by repeated multiplication, as in the
    /// classic OpenCL FFT kernels' variant B.
    Chained,
}

impl Twiddles {
    /// Every variant, in catalog order.
    pub const ALL: [Twiddles; 4] = [
        Twiddles::Table,
        Twiddles::Sincos,
        Twiddles::Native,
        Twiddles::Chained,
    ];

    /// Lower-case name, as used in kernel names (`""` for the default [`Twiddles::Table`]),
    /// macro arguments and CLI flags.
    pub fn name(self) -> &'static str {
        match self {
            Twiddles::Table => "table",
            Twiddles::Sincos => "sincos",
            Twiddles::Native => "native",
            Twiddles::Chained => "chained",
        }
    }

    /// Parses [`Twiddles::name`] back.
    pub fn from_name(name: &str) -> Option<Twiddles> {
        Twiddles::ALL.into_iter().find(|t| t.name() == name)
    }
}

impl fmt::Display for Twiddles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One generated kernel: a global radix pass of DESIGN.md section 4.1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KernelSpec {
    /// Butterfly size: 2, 4, 8, 16, 32 or 64.
    pub radix: u32,
    /// Sign of the exponent.
    pub direction: Direction,
    /// `float2` or `double2` data.
    pub precision: Precision,
    /// Where the pass twiddles come from.
    pub twiddles: Twiddles,
}

impl KernelSpec {
    /// A forward, f32, table-twiddle kernel of `radix`.
    pub const fn new(radix: u32) -> KernelSpec {
        KernelSpec {
            radix,
            direction: Direction::Forward,
            precision: Precision::F32,
            twiddles: Twiddles::Table,
        }
    }

    /// The kernel's entry point: `fft_radix16_fwd_f32`, with `_sincos`, `_native` or
    /// `_chained` appended for the on-the-fly twiddle variants.
    pub fn entry_point(&self) -> String {
        let base = format!(
            "fft_radix{}_{}_{}",
            self.radix,
            self.direction.tag(),
            self.precision.tag()
        );
        match self.twiddles {
            Twiddles::Table => base,
            other => format!("{base}_{}", other.name()),
        }
    }

    /// The file the kernel is written to in `kernels/`: `<entry point>.cl`.
    pub fn file_name(&self) -> String {
        format!("{}.cl", self.entry_point())
    }
}

/// A global radix pass in scalar form, for CPU devices: the algorithm, indexing and
/// arguments of the [`KernelSpec`] with [`Twiddles::Table`] of the same radix, direction and
/// precision, but with no vector types and a 2-D launch (two entry points: see
/// [`CpuKernelSpec::entry_point`] and [`CpuKernelSpec::first_pass_entry_point`]). Data and twiddles are `float`/`double` arrays of
/// interleaved (re, im) pairs, and every complex value is two scalars, so a work-item loop
/// vectorizer (PoCL's) can run 8 or 16 work-items per SIMD instruction; `float2` values stop it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CpuKernelSpec {
    /// Butterfly size: 2, 4, 8, 16, 32 or 64.
    pub radix: u32,
    /// Sign of the exponent.
    pub direction: Direction,
    /// `float` or `double` data.
    pub precision: Precision,
}

impl CpuKernelSpec {
    /// A forward, f32 scalar kernel of `radix`.
    pub const fn new(radix: u32) -> CpuKernelSpec {
        CpuKernelSpec {
            radix,
            direction: Direction::Forward,
            precision: Precision::F32,
        }
    }

    /// The vector-form kernel this one computes the same pass as (table twiddles).
    pub const fn vector_spec(&self) -> KernelSpec {
        KernelSpec {
            radix: self.radix,
            direction: self.direction,
            precision: self.precision,
            twiddles: Twiddles::Table,
        }
    }

    /// The entry point of the passes with `p >= 2`: `fft_radix16_fwd_f32_scalar`, launched
    /// 2-D over `(p, t * batch / p)`.
    pub fn entry_point(&self) -> String {
        format!("{}_scalar", self.vector_spec().entry_point())
    }

    /// The entry point of the first pass (`p = 1`) in the same program:
    /// `fft_radix16_fwd_f32_scalar_p1`, launched 2-D over `(t, batch)`.
    pub fn first_pass_entry_point(&self) -> String {
        format!("{}_p1", self.entry_point())
    }

    /// The file the kernel is written to in `kernels/`: `<entry point>.cl`.
    pub fn file_name(&self) -> String {
        format!("{}.cl", self.entry_point())
    }
}

/// Operation counts of one butterfly, printed in the kernel header and asserted in tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct OpCounts {
    /// Complex additions and subtractions.
    pub complex_adds: u32,
    /// Multiplications by non-trivial constant twiddles (each a `mul_pXqY` call).
    pub constant_muls: u32,
    /// Multiplications by trivial twiddles folded into swaps and sign flips (`x -i`, `x i`, `x -1`).
    pub trivial_rotations: u32,
}

/// The generator's output: OpenCL C source and what to call in it.
///
/// All fields are `const`-constructible (`Cow::Borrowed`), which is how `radix_kernel!`
/// hands a kernel to a `const` item.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GeneratedKernel {
    /// What was generated.
    pub spec: KernelSpec,
    /// Name of the `__kernel` function in `source`.
    pub entry_point: Cow<'static, str>,
    /// The complete, self-contained OpenCL C program text.
    pub source: Cow<'static, str>,
    /// Operation counts of the butterfly.
    pub ops: OpCounts,
}

/// The generator's output for a [`CpuKernelSpec`]: OpenCL C source and what to call in it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GeneratedCpuKernel {
    /// What was generated.
    pub spec: CpuKernelSpec,
    /// Name of the `__kernel` function in `source`.
    pub entry_point: Cow<'static, str>,
    /// The complete, self-contained OpenCL C program text.
    pub source: Cow<'static, str>,
    /// Operation counts of the butterfly (the same butterfly as the vector form's).
    pub ops: OpCounts,
}

/// Why a spec cannot be generated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodegenError {
    /// The radix is not a power of two in 2..=64.
    #[error("radix {0} is not supported: the generator emits radix 2, 4, 8, 16, 32 or 64 (powers of two from 2 to 64)")]
    UnsupportedRadix(u32),
    /// A fused kernel's length is not a power of two in 2..=`max`.
    #[error("fused length {len} is not supported for {precision}: fused kernels take powers of two from 2 to {max}")]
    UnsupportedFusedLength {
        /// The length asked for.
        len: u32,
        /// Its precision (the limit depends on it).
        precision: Precision,
        /// The longest supported length for `precision`.
        max: u32,
    },
    /// Formatting into the output failed (only possible with a failing `fmt::Write`).
    #[error("writing the kernel text failed")]
    Format(#[from] std::fmt::Error),
}
