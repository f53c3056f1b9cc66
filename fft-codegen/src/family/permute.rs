//! The permute pass (DESIGN.md section 4.6) as OpenCL C: moves each of the `inner`
//! interleaved sequences of a multi-dimensional axis into contiguous memory (gather) or back
//! (scatter), for the axes interleaved fused passes cannot serve. One work-item per value;
//! the index map is `PermuteSpec::source_index`'s.

use crate::index::{Bindings, Expr};
use crate::opencl::banner::{write_fp64_pragma, write_generated_by};
use crate::opencl::literal::{scalar_type, vector_type};
use crate::opencl::signature::write_signature;
use crate::opencl::writer::Writer;
use crate::spec::{CodegenError, OpCounts};
use fft_core::kernel::{KernelSpec, PermuteSpec, PermuteStep};
use std::fmt::{self, Write};

/// Generates the program of a permute pass.
pub(crate) fn emit_permute(spec: &PermuteSpec) -> Result<(String, OpCounts), CodegenError> {
    let mut writer = Writer::new(String::new());
    write_program(&mut writer, spec)?;
    Ok((writer.into_inner(), OpCounts::default()))
}

fn write_program<W: Write>(w: &mut Writer<W>, spec: &PermuteSpec) -> fmt::Result {
    let (v, scalar) = (vector_type(spec.precision), scalar_type(spec.precision));
    let name = spec.name();
    let what = match spec.step {
        PermuteStep::Gather => {
            "gathers each of the inner interleaved sequences into contiguous memory"
        }
        PermuteStep::Scatter => "scatters contiguous sequences back to inner interleaved ones",
    };
    writeln!(w, "// {name}: {what}, on {v} data.")?;
    write_generated_by(
        w,
        format_args!("permute {}, {}", spec.step.name(), spec.precision),
    )?;
    writeln!(w, "//")?;
    writeln!(
        w,
        "// Launch 1-D over n * inner * batch = active work-items (rounded up to whole work-groups):"
    )?;
    match spec.step {
        PermuteStep::Gather => writeln!(
            w,
            "// y[(b * inner + c) * n + m] = x[(b * n + m) * inner + c] * scale; work-item g writes y[g] (m fastest)."
        )?,
        PermuteStep::Scatter => writeln!(
            w,
            "// y[(b * n + m) * inner + c] = x[(b * inner + c) * n + m] * scale; work-item g writes y[g] (c fastest)."
        )?,
    }
    write_fp64_pragma(w, spec.precision)?;
    writeln!(w)?;
    let abi = KernelSpec::Permute(*spec).abi();
    write_signature(w, "__kernel void ", &name, abi.args, v, scalar)?;
    w.open_block()?;
    let (indices, source) = permute_indices(spec.step);
    indices.write(w)?;
    writeln!(w, "y[g] = x[{source}] * scale;")?;
    w.close_block()
}

/// Work-item `g`'s bindings and the index it reads: value `g` of the output, `(b, m, c)` of
/// the gather's `[batch][n][inner]` order or `(b, c, m)` of the scatter's.
fn permute_indices(step: PermuteStep) -> (Bindings, Expr) {
    let mut b = Bindings::new();
    let g = b.bind("g", Expr::builtin("get_global_id(0)"));
    b.guard("g >= active");
    let (inner, n) = (Expr::var("inner"), Expr::var("n"));
    let (fast, slow) = match step {
        PermuteStep::Gather => (("m", n), ("c", inner)),
        PermuteStep::Scatter => (("c", inner), ("m", n)),
    };
    let first = b.bind(fast.0, g.clone().modulo(fast.1.clone()));
    let rest = b.bind("rest", g.over(fast.1.clone()));
    let second = b.bind(slow.0, rest.clone().modulo(slow.1.clone()));
    let batch = b.bind("b", rest.over(slow.1.clone()));
    // g = (b * S + s) * F + f; the source swaps the two digits: (b * F + f) * S + s.
    let source = batch.times(fast.1).plus(first).times(slow.1).plus(second);
    (b, source)
}
