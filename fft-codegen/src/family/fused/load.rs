//! The load phase of a fused kernel: every element from global memory (times its pass
//! twiddle in the column regime) into local memory, or into registers when the stages
//! exchange halves.

use super::body::{exponent, pass_twiddle_read};
use super::elements::{element, start, Phase, Regime};
use super::flat::{write_flat, write_flat_registers};
use super::global_access::{
    load, load_with_real_twiddle, real_twiddle_on_grid, write_real_twiddle_grid,
};
use super::pair_rows::write_pair_rows_prologue;
use super::roles::Names;
use super::shape::Shape;
use super::unrolled::{write_elements, Element};
use crate::index::Expr;
use crate::opencl::writer::Writer;
use fft_core::kernel::FusedReal;
use std::fmt::{self, Write};

/// Declares the registers `ld[it]` the load phase fills where the stages exchange halves.
pub(super) fn write_load_registers<W: Write>(w: &mut Writer<W>, shape: &Shape) -> fmt::Result {
    if !shape.registers {
        return Ok(());
    }
    writeln!(
        w,
        "// Element it stays in register ld[it] until the first stage's exchange."
    )?;
    writeln!(w, "{} ld[{}];", shape.vector, shape.radix)
}

/// Writes the load phase: the flat regime when `t == 1`, the columns (with pass twiddles when
/// `p > 1`) otherwise.
pub(super) fn write_load<W: Write>(w: &mut Writer<W>, shape: &Shape, names: &Names) -> fmt::Result {
    if shape.spec.interleaved {
        return super::interleaved::write_load(w, shape, names);
    }
    let (l, r, group, per) = (shape.len, shape.radix, shape.group, shape.per_fft);
    let m = if shape.has_j() {
        format!("row + {per} * it")
    } else {
        "it".to_string()
    };
    writeln!(
        w,
        "// Load phase: {r} elements per work-item (it = 0..{}); t is uniform, so is the branch.",
        r - 1
    )?;
    write_load_registers(w, shape)?;
    writeln!(w, "if (t == 1u)")?;
    w.open_block()?;
    if shape.registers && shape.has_c() {
        write_flat_registers(w, shape, names, Phase::Load, |it, global| {
            shape.put(&it.index(), &Expr::lit(0), &load(shape, global, true))
        })?;
    } else {
        let src = if shape.spec.pair_rows {
            write_pair_rows_prologue(w, shape)?
        } else {
            writeln!(
                w,
                "// Flat (t == 1, k = 0): element e = lid + {group} * it is x[first * {l} + e], point e % {l} of sub-FFT first + e / {l}."
            )?;
            start(shape, names, Phase::Load, Regime::Flat).to_string()
        };
        writeln!(w, "const uint src = {src};")?;
        write_flat(w, shape, names, "src", |it| {
            let (e, global) = element(shape, names, Phase::Load, Regime::Flat, it);
            shape.put(&it.index(), &e, &load(shape, &global, true))
        })?;
    }
    w.close_block()?;
    writeln!(w, "else")?;
    w.open_block()?;
    writeln!(
        w,
        "// Columns: element m = {m} of sub-FFT g is x[base + i + m * t], times W_{{{l}p}}^(k*m) when p > 1."
    )?;
    writeln!(w, "if (g < total)")?;
    w.open_block()?;
    let src = start(shape, names, Phase::Load, Regime::Columns);
    writeln!(w, "const uint src = {src};")?;
    writeln!(w, "if (p > 1u)")?;
    w.open_block()?;
    // A work-item that holds a whole sub-FFT (L = R) loads its element 0 apart: W^0 = 1.
    let first = if shape.has_j() {
        0
    } else {
        if shape.loops() {
            writeln!(w, "// Element 0: W^0 = 1.")?;
        }
        let value = load(shape, &Expr::var("src"), false);
        writeln!(w, "{}", shape.put("0", &names.cell, &value))?;
        1
    };
    let step = shape.pass_twiddle_step();
    if step > 1 {
        write_pass_twiddle_grid(w, shape, step, first)?;
    }
    write_elements(w, shape, first, r, |w, it| {
        let (local, global) = element(shape, names, Phase::Load, Regime::Columns, it);
        let twiddle = match it {
            Element::Fixed(it) if step > 1 => {
                write_grid_step_read(w, shape, step, it)?;
                grid_twiddle(shape, step, it)
            }
            Element::Loop if step > 1 => {
                format!("(it < {step}u ? pw[it] : cmul(pw[it % {step}u], pq[it / {step}u]))")
            }
            _ => pass_twiddle_read(exponent(shape, it)),
        };
        let value = format!("cmul({}, {twiddle})", load(shape, &global, false));
        writeln!(w, "{}", shape.put(&it.index(), &local, &value))
    })?;
    w.close_block()?;
    writeln!(w, "else")?;
    w.open_block()?;
    // A merge (the first pass, p == 1) reads its twiddles on a grid.
    let merge = shape.spec.real == Some(FusedReal::Merge);
    if merge {
        write_real_twiddle_grid(w, shape, "t")?;
    }
    write_elements(w, shape, 0, r, |w, it| {
        let (local, global) = element(shape, names, Phase::Load, Regime::Columns, it);
        let twiddle = merge.then(|| real_twiddle_on_grid(it));
        let value = load_with_real_twiddle(shape, &global, false, twiddle.as_deref());
        writeln!(w, "{}", shape.put(&it.index(), &local, &value))
    })?;
    w.close_block()?;
    w.close_block()?;
    w.close_block()?;
    if shape.registers {
        return Ok(());
    }
    writeln!(w, "barrier(CLK_LOCAL_MEM_FENCE);")
}

/// Reads the first row of a column load's pass twiddles on a grid of step `s`: element
/// `it = a + s * b` (point `m = row + P * it`) takes `W^(k*m) = W^(k*(row + P*a)) *
/// W^(k*P*s*b)`, so a work-item reads `pw[a]` for `a < s` here and `pq[b]` for `b >= 1`
/// on the way ([`write_grid_step_read`]), `s + R/s - 1` two-level reads instead of `R`, and
/// forms the rest as one product each ([`grid_twiddle`]). `first` is the load's first
/// twiddled element (1 where element 0, `W^0 = 1`, is loaded apart).
fn write_pass_twiddle_grid<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    s: u32,
    first: u32,
) -> fmt::Result {
    let (r, per, v) = (shape.radix, shape.per_fft, shape.vector);
    writeln!(
        w,
        "// Pass twiddles on a grid: element it = a + {s} * b takes W^(k*(row + {per} * a)) * W^(k * {} * b).",
        per * s
    )?;
    if shape.loops() {
        return write_looped_grid(w, shape, s);
    }
    for a in first..s.min(r) {
        writeln!(w, "const {v} pw{a} = {};", grid_row_read(shape, a))?;
    }
    Ok(())
}

/// `pw[a]` of the grid: `W^(k*(row + P*a))`.
fn grid_row_read(shape: &Shape, a: u32) -> String {
    pass_twiddle_read(exponent(shape, Element::Fixed(a)))
}

/// `pq[b]` of a grid of step `s`: `W^(k*P*s*b)`.
fn grid_step_twiddle_read(shape: &Shape, s: u32, b: u32) -> String {
    pass_twiddle_read(format!("k * {}u", shape.per_fft * s * b))
}

/// The grid of [`write_pass_twiddle_grid`] for a load written as a loop: `pw[a]` and
/// `pq[b]` (`b >= 1`) all read before it, in arrays the unrolled loop indexes with
/// constants.
fn write_looped_grid<W: Write>(w: &mut Writer<W>, shape: &Shape, s: u32) -> fmt::Result {
    let (steps, v) = (shape.radix.div_ceil(s), shape.vector);
    writeln!(w, "{v} pw[{s}];")?;
    for a in 0..s {
        writeln!(w, "pw[{a}] = {};", grid_row_read(shape, a))?;
    }
    writeln!(w, "{v} pq[{steps}];")?;
    for b in 1..steps {
        writeln!(w, "pq[{b}] = {};", grid_step_twiddle_read(shape, s, b))?;
    }
    Ok(())
}

/// Reads `pq[b]` of [`write_pass_twiddle_grid`] just before element `it = s * b`, the
/// first that uses it, so that only one of them is live at a time.
fn write_grid_step_read<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    s: u32,
    it: u32,
) -> fmt::Result {
    let b = it / s;
    if b == 0 || it % s != 0 {
        return Ok(());
    }
    writeln!(
        w,
        "const {} pq{b} = {};",
        shape.vector,
        grid_step_twiddle_read(shape, s, b)
    )
}

/// Element `it`'s pass twiddle on the grid of [`write_pass_twiddle_grid`].
fn grid_twiddle(shape: &Shape, s: u32, it: u32) -> String {
    let (a, b) = (it % s, it / s);
    match (a == 0 && !shape.has_j(), b) {
        (_, 0) => format!("pw{a}"),
        (true, b) => format!("pq{b}"),
        (false, b) => format!("cmul(pw{a}, pq{b})"),
    }
}
