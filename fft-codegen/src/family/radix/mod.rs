//! The global radix pass (DESIGN.md section 4.1) as OpenCL C: `emit_radix`, the program
//! ([`header`] writes its comment block, [`body`] the kernel).
//!
//! The signature is written from the ABI (`KernelSpec::Radix(..).abi()`): `x`, `y`, the table
//! `tw`, the uints `p` and `t`, and `scale`.
//!
//! Launched 1-D over `t * batch` work-items, `t = N / R`. Work-item `g` takes
//! `i = g & (t - 1)`, `base = (g - i) * R`, `k = i & (p - 1)`, loads
//! `x[base + i + m*t] * W_{R*p}^(k*m)` (m = 0..R-1), runs the butterfly and stores output `q`
//! times `scale` to `y[base + (i - k)*R + k + q*p]`.
//!
//! The scalar form for CPU devices (`Form::Scalar` of a [`RadixSpec`]) is the same
//! pass with table twiddles, from the same butterfly graph and the same writer functions,
//! but without vector types: `x`, `y` and `tw` are `__global const float *` (`double`)
//! arrays of interleaved pairs (complex element `e` at `[2e]`, `[2e + 1]`), every complex
//! value `v` is the two scalars `v_re`, `v_im`, and the constant and pass-twiddle products
//! are written out by components. The arguments are the same buffers and values; the launch
//! is 2-D, with two entry points: `<name>_scalar` over `(p, t * batch / p)` for `p >= 2` and
//! `<name>_scalar_p1` over `(t, batch)` for the first pass, each work-item doing the work of
//! one work-item of the 1-D launch. PoCL's work-item loop vectorizer refuses code with
//! `float2` values ("instruction return type cannot be vectorized"); the scalar form lets it
//! run 8 work-items per SIMD instruction, and the 2-D launch makes consecutive work-items
//! touch consecutive elements (the 1-D indices' masks `& (t - 1)`, `& (p - 1)` would make it
//! gather and scatter, which measured slower than the unvectorized `float2` code).

use crate::math::butterfly::butterfly;
use crate::math::ir::Graph;
use crate::math::simplify::simplify;
use crate::opencl::banner::write_fp64_pragma;
use crate::opencl::literal::{literal, scalar_type, vector_type};
use crate::opencl::twiddle_helpers::{
    write_cmul, write_constant_helpers, write_pass_twiddle, write_real_constants,
};
use crate::opencl::writer::Writer;
use crate::spec::{CodegenError, OpCounts};
use fft_core::kernel::{Form, KernelSpec, PassTable, RadixSpec, Twiddles};
use std::fmt::{self, Write};

mod body;
mod header;
pub(crate) mod indexing;

use body::write_kernel;
use header::write_header;

/// Name of the program-scope constant `sign * 2*pi` of the on-the-fly twiddle variants.
const SIGNED_TWO_PI: &str = "SIGNED_TWO_PI";

/// The simplified butterfly of `spec`, as emitted (its outputs are the kernel's slots).
pub fn kernel_butterfly(spec: &RadixSpec) -> Result<Graph, CodegenError> {
    Ok(simplify(&butterfly(spec.radix, spec.direction)?))
}

/// How complex values are written: as `float2`/`double2` vectors, or as pairs of scalars.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Variant {
    /// [`emit_kernel`]: `float2` data and values, `cmul` and `mul_pXqY` helpers.
    Vector,
    /// [`emit_cpu_kernel`]: `float` data of interleaved pairs, `v_re`/`v_im` values, every
    /// product written out; launched 2-D over `(p, t * batch / p)`, for `p >= 2`.
    Scalar,
    /// The second kernel of the scalar program, for the first pass (`p = 1`: every pass
    /// twiddle is 1): launched 2-D over `(t, batch)`.
    ScalarFirst,
}

/// A kernel to write: the pass (radix, direction, precision, twiddles) and its form.
#[derive(Clone, Copy, Debug)]
struct Pass {
    spec: RadixSpec,
    variant: Variant,
}

impl Pass {
    fn entry_point(&self) -> String {
        match self.variant {
            Variant::Vector | Variant::Scalar => self.spec.name(),
            Variant::ScalarFirst => format!("{}_p1", self.spec.name()),
        }
    }

    /// The type of the data, twiddles and values: `float2` or `float`.
    fn data_type(&self) -> &'static str {
        match self.variant {
            Variant::Vector => vector_type(self.spec.precision),
            Variant::Scalar | Variant::ScalarFirst => scalar_type(self.spec.precision),
        }
    }
}

/// Generates the complete OpenCL C program of a global radix pass: the vector form (one
/// kernel) or the scalar form (two kernels, see the module documentation).
pub(crate) fn emit_radix(spec: &RadixSpec) -> Result<(String, OpCounts), CodegenError> {
    KernelSpec::Radix(*spec).check()?;
    let variant = match spec.form {
        Form::Vector => Variant::Vector,
        Form::Scalar => Variant::Scalar,
    };
    let pass = Pass {
        spec: *spec,
        variant,
    };
    let graph = kernel_butterfly(spec)?;
    let ops = graph.op_counts();
    let mut writer = Writer::new(String::new());
    write_program(&mut writer, pass, &graph, ops)?;
    Ok((writer.into_inner(), ops))
}

/// Pass-twiddle complex multiplications per work-item: one per input after the first, plus
/// the chain's products for [`Twiddles::Chained`].
fn pass_twiddle_muls(spec: &RadixSpec) -> u32 {
    let inputs = spec.radix.saturating_sub(1);
    match spec.twiddles {
        Twiddles::Chained => inputs + inputs.saturating_sub(1),
        _ => inputs,
    }
}

fn write_program<W: Write>(
    w: &mut Writer<W>,
    pass: Pass,
    graph: &Graph,
    ops: OpCounts,
) -> fmt::Result {
    let spec = &pass.spec;
    write_header(w, pass, ops)?;
    write_fp64_pragma(w, spec.precision)?;
    if spec.twiddles != Twiddles::Table {
        let scalar = scalar_type(spec.precision);
        let value = literal(
            spec.direction.sign() * std::f64::consts::TAU,
            spec.precision,
        );
        writeln!(w)?;
        writeln!(
            w,
            "// sign * 2*pi of the {} transform, computed in f64 and rounded once",
            spec.direction
        )?;
        writeln!(w, "__constant {scalar} {SIGNED_TWO_PI} = {value};")?;
    }
    write_real_constants(w, [graph], spec.precision)?;
    if pass.variant == Variant::Vector {
        writeln!(w)?;
        write_cmul(w, spec.precision)?;
        if spec.table == PassTable::TwoLevel {
            writeln!(w)?;
            write_pass_twiddle(w, spec.precision)?;
        }
        write_constant_helpers(w, [graph], [], spec.precision)?;
    }
    writeln!(w)?;
    write_kernel(w, pass, graph)?;
    if pass.variant == Variant::Scalar {
        writeln!(w)?;
        write_kernel(
            w,
            Pass {
                variant: Variant::ScalarFirst,
                ..pass
            },
            graph,
        )?;
    }
    Ok(())
}
