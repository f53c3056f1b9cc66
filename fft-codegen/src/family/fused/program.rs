//! A fused kernel's whole program, in DESIGN.md's section order: header, pragmas, constants,
//! the helpers it uses, the kernel.

use super::body::write_kernel;
use super::edge_helpers::{write_chirp_helpers, write_planar_helpers, write_real_edge_helper};
use super::header::write_header;
use super::pair_rows::write_pair_load_helper;
use super::roles::pad;
use super::shape::Shape;
use super::split::split_angles;
use crate::index::Expr;
use crate::math::ir::Graph;
use crate::opencl::banner::write_fp64_pragma;
use crate::opencl::real_helpers::write_real_helpers;
use crate::opencl::twiddle_helpers::{write_cmul, write_pass_twiddle};
use crate::opencl::twiddle_helpers::{write_constant_helpers, write_real_constants};
use crate::opencl::writer::Writer;
use std::collections::BTreeMap;
use std::fmt::{self, Write};

/// Writes the program of `shape`, whose stages run the butterflies `graphs` (by radix).
pub(super) fn write_program<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    graphs: &BTreeMap<u32, Graph>,
) -> fmt::Result {
    write_header(w, shape, graphs)?;
    write_fp64_pragma(w, shape.spec.precision)?;
    write_real_constants(w, graphs.values(), shape.spec.precision)?;
    writeln!(w)?;
    if shape.pad_helper() {
        write_pad_helper(w, shape)?;
    }
    write_cmul(w, shape.spec.precision)?;
    writeln!(w)?;
    write_pass_twiddle(w, shape.spec.precision)?;
    let v = shape.vector;
    write_planar_helpers(w, shape)?;
    write_pair_load_helper(w, shape)?;
    if let Some(chirp) = shape.spec.chirp {
        write_chirp_helpers(w, v, chirp)?;
    }
    if let Some(real) = shape.spec.real {
        writeln!(w)?;
        write_real_helpers(w, shape.spec.precision)?;
        write_real_edge_helper(w, shape, real)?;
    }
    write_constant_helpers(
        w,
        graphs.values(),
        split_angles(shape),
        shape.spec.precision,
    )?;
    writeln!(w)?;
    write_kernel(w, shape, graphs)
}

/// The kernel's `pad(e)` helper, for the kernels that index `buf` through it (not those that
/// [pad each exchange linearly](fft_core::kernel::FusedSpec::pads_linearly)).
fn write_pad_helper<W: Write>(w: &mut Writer<W>, shape: &Shape) -> fmt::Result {
    let step = shape.pad_step;
    let value = if shape.halves { "value" } else { "complex" };
    let sub = shape.spec.sub_fft_pad();
    let formula = pad(shape, Expr::var("e"));
    writeln!(
        w,
        "// pad(e) = {formula}: local index of element e, one {value} of padding after"
    )?;
    writeln!(
        w,
        "// every {step} and one more after every {}, so stride L becomes L + L/{step} + L/{} (no bank conflicts)",
        step * step,
        step * step
    )?;
    if sub > 0 {
        writeln!(
            w,
            "// and {sub} more after each sub-FFT's {} points (the columns of a warp meet different banks)",
            shape.spec.part_len()
        )?;
    }
    writeln!(w, "inline uint pad(const uint e)")?;
    w.open_block()?;
    writeln!(w, "return {formula};")?;
    w.close_block()?;
    writeln!(w)?;
    Ok(())
}
