//! The layout passes (DESIGN.md section 4.6) as OpenCL C: the caller's input, in any strides
//! and batch distance, interleaved or planar, into C-order interleaved work buffers (load),
//! and back (store). One work-item per value; the index map is `IoLayout::address`'s.

use crate::index::{Bindings, Expr};
use crate::opencl::banner::{write_fp64_pragma, write_generated_by};
use crate::opencl::literal::{scalar_type, vector_type};
use crate::opencl::signature::write_signature;
use crate::opencl::writer::Writer;
use crate::spec::{CodegenError, OpCounts};
use fft_core::kernel::{KernelSpec, LayoutSpec, LayoutStep, LayoutValues};
use std::fmt::{self, Write};

/// Generates the program of a layout pass.
pub(crate) fn emit_layout(spec: &LayoutSpec) -> Result<(String, OpCounts), CodegenError> {
    let mut writer = Writer::new(String::new());
    write_program(&mut writer, spec)?;
    Ok((writer.into_inner(), OpCounts::default()))
}

/// Value `g` of the C-order batch: its digits `i2`, `i1`, `i0` (fastest first) and batch `b`,
/// and its address `a = b * dist + i0 * s0 + i1 * s1 + i2 * s2` in the caller's layout
/// (`IoLayout::address`).
fn address_bindings() -> Bindings {
    let mut b = Bindings::new();
    let g = b.bind("g", Expr::builtin("get_global_id(0)"));
    b.guard("g >= active");
    let i2 = b.bind("i2", g.clone().modulo(Expr::var("n2")));
    let r2 = b.bind("r2", g.over(Expr::var("n2")));
    let i1 = b.bind("i1", r2.clone().modulo(Expr::var("n1")));
    let r1 = b.bind("r1", r2.over(Expr::var("n1")));
    let i0 = b.bind("i0", r1.clone().modulo(Expr::var("n0")));
    let batch = b.bind("b", r1.over(Expr::var("n0")));
    let term = |index: Expr, stride: &str| index.times(Expr::var(stride));
    let address = term(batch, "dist")
        .plus(term(i0, "s0"))
        .plus(term(i1, "s1"))
        .plus(term(i2, "s2"));
    b.bind("a", address);
    b
}

fn write_program<W: Write>(w: &mut Writer<W>, spec: &LayoutSpec) -> fmt::Result {
    let (v, scalar) = (vector_type(spec.precision), scalar_type(spec.precision));
    let name = spec.name();
    let storage = match spec.values {
        LayoutValues::Interleaved => format!("interleaved {v}"),
        LayoutValues::Planar => {
            format!("planar ({scalar} real parts and imaginary parts in two buffers)")
        }
        LayoutValues::Reals => format!("{scalar} reals (a real transform's real side)"),
    };
    let what = match spec.step {
        LayoutStep::Load => format!("reads {storage} values from the caller's layout into C order"),
        LayoutStep::Store => format!("writes C-order values to the caller's layout, {storage}"),
    };
    let variant = match spec.values {
        LayoutValues::Interleaved => "",
        LayoutValues::Planar => ", planar",
        LayoutValues::Reals => ", reals",
    };
    writeln!(w, "// {name}: {what}.")?;
    write_generated_by(
        w,
        format_args!("layout {}{variant}, {}", spec.step.name(), spec.precision),
    )?;
    writeln!(w, "//")?;
    writeln!(
        w,
        "// Launch 1-D over the values of the batch = active work-items (rounded up to whole work-groups)."
    )?;
    writeln!(
        w,
        "// Value g = ((b * n0 + i0) * n1 + i1) * n2 + i2 of the C-order batch is at the caller's"
    )?;
    writeln!(w, "// address a = b * dist + i0 * s0 + i1 * s1 + i2 * s2.")?;
    match spec.step {
        LayoutStep::Load => writeln!(w, "// y[g] = x[a] * scale.")?,
        LayoutStep::Store => writeln!(w, "// y[a] = x[g] * scale.")?,
    }
    write_fp64_pragma(w, spec.precision)?;
    writeln!(w)?;
    let abi = KernelSpec::Layout(*spec).abi();
    write_signature(w, "__kernel void ", &name, abi.args, v, scalar)?;
    w.open_block()?;
    address_bindings().write(w)?;
    match (spec.step, spec.values) {
        (LayoutStep::Load, LayoutValues::Interleaved | LayoutValues::Reals) => {
            writeln!(w, "y[g] = x[a] * scale;")?
        }
        (LayoutStep::Load, LayoutValues::Planar) => {
            writeln!(w, "y[g] = ({v})(x_re[a], x_im[a]) * scale;")?
        }
        (LayoutStep::Store, LayoutValues::Interleaved | LayoutValues::Reals) => {
            writeln!(w, "y[a] = x[g] * scale;")?
        }
        (LayoutStep::Store, LayoutValues::Planar) => {
            writeln!(w, "const {v} value = x[g] * scale;")?;
            writeln!(w, "y_re[a] = value.x;")?;
            writeln!(w, "y_im[a] = value.y;")?;
        }
    }
    w.close_block()
}
