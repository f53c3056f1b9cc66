//! The store phase of a fused kernel: every element, times the scale, from local memory (or
//! from registers when the stages exchange halves) to global memory.

use super::elements::{element, start, Phase, Regime};
use super::flat::{write_flat, write_flat_registers};
use super::global_access::store;
use super::paired_split::write_paired_split;
use super::roles::{stage_point, Names, REGISTERS_STORE};
use super::scattered::{scatters_store, write_scattered_store};
use super::shape::Shape;
use super::split::{
    spilled, splits_by_elements, write_split_columns, write_split_elements, write_split_halves,
    write_split_pairs,
};
use super::unrolled::write_elements;
use crate::index::Expr;
use crate::opencl::writer::Writer;
use fft_core::kernel::FusedReal;
use std::fmt::{self, Write};

/// Writes the store phase: the flat regime when `p == 1`, the columns otherwise; a real
/// split step writes through `split.rs`.
pub(super) fn write_store<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    names: &Names,
) -> fmt::Result {
    if shape.spec.interleaved {
        return super::interleaved::write_store(w, shape, names);
    }
    if shape.spec.pairs_split_in_registers() {
        return write_paired_split(w, shape, names);
    }
    if scatters_store(shape) {
        return write_scattered_store(w, shape, names);
    }
    let split = shape.spec.real == Some(FusedReal::Split);
    if split && shape.halves {
        // A split in a kernel that exchanges halves has one column, so it is always the
        // whole transform (p == 1): no branch on p around the barriers of its mirror
        // exchange. PoCL 3.1 miscompiled that branch: X_H, written after the barriers by
        // work-item 0 of each row, came out of other registers where a pitched row's padding
        // fill followed it (R2C of 2 x 4 x 32768 reals, relative L2 1e-2).
        return write_split_halves(w, shape, names);
    }
    let (l, r, group, per) = (shape.len, shape.radix, shape.group, shape.per_fft);
    let q = if shape.has_j() {
        format!("row + {per} * it")
    } else {
        "it".to_string()
    };
    writeln!(
        w,
        "// Store phase: {r} elements per work-item (it = 0..{}); p is uniform, so is the branch.",
        r - 1
    )?;
    if split && shape.registers {
        write_split_spill(w, shape, names)?;
    }
    writeln!(w, "if (p == 1u)")?;
    w.open_block()?;
    if splits_by_elements(shape) {
        write_split_elements(w, shape, names)?;
    } else if split {
        write_split_pairs(w, shape)?;
    } else if shape.registers && shape.has_c() {
        write_flat_registers(w, shape, names, Phase::Store, |it, global| {
            store(shape, global, &shape.get(&it.index(), &Expr::lit(0)), true)
        })?;
    } else {
        writeln!(
            w,
            "// Flat (p == 1, k = 0): element e = lid + {group} * it, X[e % {l}] of sub-FFT first + e / {l}, goes to y[first * {l} + e]."
        )?;
        let out = start(shape, names, Phase::Store, Regime::Flat);
        writeln!(w, "const uint out = {out};")?;
        write_flat(w, shape, names, "out", |it| {
            let (e, global) = element(shape, names, Phase::Store, Regime::Flat, it);
            store(shape, &global, &shape.get(&it.index(), &e), true)
        })?;
    }
    w.close_block()?;
    writeln!(w, "else")?;
    w.open_block()?;
    writeln!(
        w,
        "// Columns: X[q], q = {q}, of sub-FFT g goes to y[base + (i - k) * {l} + k + q * p]."
    )?;
    if shape.spec.split_any_stride {
        // A copy of another slot's column (`live` = 0, `roles.rs`) stores nothing.
        writeln!(w, "if (g < total && live == 1u)")?;
    } else {
        writeln!(w, "if (g < total)")?;
    }
    w.open_block()?;
    if split {
        return write_split_columns(w, shape, names);
    }
    let out = start(shape, names, Phase::Store, Regime::Columns);
    writeln!(w, "const uint out = {out};")?;
    write_elements(w, shape, 0, r, |w, it| {
        let (local, global) = element(shape, names, Phase::Store, Regime::Columns, it);
        writeln!(
            w,
            "{}",
            store(shape, &global, &shape.get(&it.index(), &local), false)
        )
    })?;
    w.close_block()?;
    w.close_block()
}

/// A split store of a kernel whose values stay in registers and whose stages exchange complex
/// values: the split pairs each value with its mirror, which another work-item holds, so the
/// values go back to local memory first (element `it` of the store's mapping: point
/// `sj + (L/R) * it` of sub-FFT `sc`, at `sc * L + sj + (L/R) * it`), and the split reads
/// them there as in the kernels that keep their values in local memory.
fn write_split_spill<W: Write>(w: &mut Writer<W>, shape: &Shape, names: &Names) -> fmt::Result {
    let (r, per) = (shape.radix, shape.per_fft);
    let (prefix, _) = REGISTERS_STORE;
    // With one sub-FFT the store's mapping is the stages' own (`at`).
    let at = if shape.has_c() {
        stage_point(shape, &format!("{prefix}c"), &format!("{prefix}j"))
    } else {
        names.at.clone()
    };
    if shape.spec.splits_unpadded() {
        writeln!(
            w,
            "// The real split pairs each value with its mirror: the values go back to local memory,"
        )?;
        writeln!(
            w,
            "// unpadded (a warp writes, and the split reads, consecutive values)."
        )?;
    } else {
        writeln!(
            w,
            "// The real split pairs each value with its mirror: the values go back to local memory."
        )?;
    }
    writeln!(w, "barrier(CLK_LOCAL_MEM_FENCE);")?;
    for it in 0..r {
        let local = at.clone().plus(Expr::uint(it * per)).to_string();
        writeln!(w, "{} = st[{it}];", spilled(shape, &local))?;
    }
    writeln!(w, "barrier(CLK_LOCAL_MEM_FENCE);")
}
