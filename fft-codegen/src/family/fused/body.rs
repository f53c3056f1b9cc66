//! The fused `__kernel` function: the work-item roles, then the load, stage and store phases.

use super::load::write_load;
use super::roles::roles;
use super::shape::Shape;
use super::stage::write_stage;
use super::store::write_store;
use super::unrolled::Element;
use crate::index::Expr;
use crate::math::ir::Graph;
use crate::opencl::signature::write_signature;
use crate::opencl::writer::Writer;
use fft_core::kernel::KernelSpec;
use std::collections::BTreeMap;
use std::fmt::{self, Write};

pub(super) fn write_kernel<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    graphs: &BTreeMap<u32, Graph>,
) -> fmt::Result {
    let (v, scalar) = (shape.vector, shape.scalar);
    let (l, group) = (shape.len, shape.group);
    let entry = shape.spec.name();
    writeln!(
        w,
        "__kernel __attribute__((reqd_work_group_size({group}, 1, 1)))"
    )?;
    let abi = KernelSpec::Fused(shape.spec).abi();
    write_signature(w, "void ", &entry, abi.args, v, scalar)?;
    w.open_block()?;
    if shape.halves {
        let of_part = if shape.spec.exchange_parts() > 1 {
            " (of one part)"
        } else {
            ""
        };
        writeln!(
            w,
            "// The real or imaginary part of element m{of_part} at buf[pad(m)]: {} values, {} bytes.",
            shape.spec.local_len(),
            shape.spec.local_bytes()
        )?;
        writeln!(w, "__local {scalar} buf[{}];", shape.spec.local_len())?;
    } else {
        writeln!(
            w,
            "// Element m of sub-FFT c at buf[pad(c * {l} + m)]: {} values, {} bytes.",
            shape.spec.local_len(),
            shape.spec.local_bytes()
        )?;
        writeln!(w, "__local {v} buf[{}];", shape.spec.local_len())?;
    }
    if shape.registers && shape.has_c() && !shape.has_j() {
        // The halves mappings need a point variable.
        return Err(fmt::Error);
    }
    let (roles, names) = roles(shape);
    roles.write(w)?;
    writeln!(w)?;
    write_load(w, shape, &names)?;
    if shape.registers {
        super::registers::write_stages(w, shape, &names, graphs)?;
        writeln!(w)?;
        write_store(w, shape, &names)?;
        return w.close_block();
    }
    for (index, stage) in shape.stages.iter().enumerate() {
        writeln!(w)?;
        let graph = graphs.get(&stage.radix).ok_or(fmt::Error)?;
        write_stage(w, shape, &names, index, stage, graph)?;
    }
    writeln!(w)?;
    write_store(w, shape, &names)?;
    w.close_block()
}

/// The pass-twiddle exponent `k * m` of the element `m = row + it * (L/R)` (`m = it` when a
/// work-item holds a whole sub-FFT) this work-item loads in step `it` of the column regime.
pub(super) fn exponent(shape: &Shape, it: Element) -> Expr {
    let m = if shape.has_j() {
        it.plus("row", shape.per_fft)
    } else {
        it.expr().times(Expr::uint(shape.per_fft))
    };
    Expr::var("k").times(m)
}
