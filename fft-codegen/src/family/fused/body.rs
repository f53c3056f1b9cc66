//! The fused `__kernel` function: the work-item roles, then the load, stage and store phases.

use super::load::write_load;
use super::shape::{linear, Shape};
use super::stage::write_stage;
use super::store::write_store;
use super::unrolled::Element;
use crate::math::ir::Graph;
use crate::opencl::signature::write_signature;
use crate::opencl::writer::Writer;
use fft_core::kernel::{FusedReal, KernelSpec};
use std::collections::BTreeMap;
use std::fmt::{self, Write};

/// Emits `const uint name = expr;` and returns `name`, or returns `expr` itself when it is
/// already a bare variable (no alias lines such as `const uint at = j;`).
pub(super) fn define<W: Write>(
    w: &mut Writer<W>,
    name: &str,
    expr: String,
) -> Result<String, fmt::Error> {
    if expr
        .chars()
        .all(|ch| ch.is_ascii_alphanumeric() || ch == '_')
    {
        return Ok(expr);
    }
    writeln!(w, "const uint {name} = {expr};")?;
    Ok(name.to_string())
}

/// The names the kernel body shares between its phases.
pub(super) struct Names {
    /// Local index `c * L + j` of the stage work-item's point j of sub-FFT c.
    pub(super) at: String,
    /// Local index `col * L + row` of the column phases' first element.
    pub(super) cell: String,
    /// Sub-FFT of the flat phases' element `lid` (`first + lid / L`).
    pub(super) flat_g: String,
}

pub(super) fn write_kernel<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    graphs: &BTreeMap<u32, Graph>,
) -> fmt::Result {
    let (v, scalar) = (shape.vector, shape.scalar);
    let (l, c, group, per) = (shape.len, shape.columns, shape.group, shape.per_fft);
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
    writeln!(w, "const uint lid = (uint)get_local_id(0);")?;
    if shape.has_c() {
        writeln!(w, "const uint first = (uint)get_group_id(0) * {c}u;")?;
    } else {
        writeln!(w, "const uint first = (uint)get_group_id(0);")?;
    }
    let runs = match (shape.has_c(), shape.has_j()) {
        (true, true) => format!("point j of sub-FFT c, local index at = c * {l} + j"),
        (true, false) => format!("sub-FFT c, local index at = c * {l}"),
        (false, _) => "point j of the work-group's sub-FFT, local index j".to_string(),
    };
    writeln!(w, "// Stages: work-item lid runs {runs}.")?;
    match (shape.has_c(), shape.has_j()) {
        (true, true) => {
            writeln!(w, "const uint j = {};", shape.rem("lid", per))?;
            writeln!(w, "const uint c = {};", shape.div("lid", per))?;
        }
        (true, false) => writeln!(w, "const uint c = lid;")?,
        (false, _) => writeln!(w, "const uint j = lid;")?,
    }
    let at = define(w, "at", stage_point(shape, "c", "j"))?;
    let rows = if shape.has_j() {
        format!("row + {per} * it")
    } else {
        "it".to_string()
    };
    writeln!(
        w,
        "// Column phases: work-item lid moves elements {rows} of sub-FFT g = first{}.",
        if shape.has_c() { " + col" } else { "" }
    )?;
    match (shape.has_c(), shape.has_j()) {
        (true, true) => {
            writeln!(w, "const uint col = {};", shape.rem("lid", c))?;
            writeln!(w, "const uint row = {};", shape.div("lid", c))?;
        }
        (true, false) => writeln!(w, "const uint col = lid;")?,
        (false, _) => writeln!(w, "const uint row = lid;")?,
    }
    let paired = shape.spec.real == Some(FusedReal::Split) && c % 2 == 0;
    if paired {
        write_paired_columns(w, shape)?;
    } else if shape.spec.interleaved {
        let gg = if shape.has_c() {
            "first + col"
        } else {
            "first"
        };
        writeln!(
            w,
            "// Interleaved: launch sub-FFT gg is sub-FFT g of the sequences in column ci of inner."
        )?;
        writeln!(w, "const uint gg = {gg};")?;
        writeln!(w, "const uint g = gg / inner;")?;
        writeln!(w, "const uint ci = gg - g * inner;")?;
    } else if shape.has_c() {
        writeln!(w, "const uint g = first + col;")?;
    } else {
        writeln!(w, "const uint g = first;")?;
    }
    if shape.mixed {
        writeln!(w, "const uint i = g % t;")?;
        writeln!(w, "const uint k = i % p;")?;
    } else {
        writeln!(w, "const uint i = g & (t - 1u);")?;
        writeln!(w, "const uint k = i & (p - 1u);")?;
    }
    writeln!(w, "const uint base = (g - i) * {l}u;")?;
    if shape.spec.chirp.is_some() {
        writeln!(
            w,
            "// Bluestein: sub-FFT g belongs to padded sequence seq (column phases)."
        )?;
        writeln!(w, "const uint seq = g / t;")?;
    } else if shape.spec.load.is_some() || shape.spec.store.is_some() {
        writeln!(
            w,
            "// The caller's layout: sub-FFT g belongs to sequence seq of t * {l} points (column phases)."
        )?;
        writeln!(w, "const uint seq = g / t;")?;
    } else if shape.spec.real.is_some() && !paired {
        writeln!(
            w,
            "// Real transform: sub-FFT g belongs to sequence seq of H = t * {l} points (column phases)."
        )?;
        writeln!(w, "const uint seq = g / t;")?;
    }
    let cell = define(w, "cell", stage_point(shape, "col", "row"))?;
    let flat_g = if shape.spec.interleaved {
        // No flat regime: its names are never read.
        "first".to_string()
    } else if shape.mixed {
        writeln!(
            w,
            "// Flat phases: element e = lid + {group} * it exists when first * {l} + e < end."
        )?;
        writeln!(w, "const uint end = total * {l}u;")?;
        "end".to_string()
    } else if group > l {
        writeln!(
            w,
            "// Flat phases: element e = lid + {group} * it is point e % {l} of sub-FFT g0 + {} * it.",
            group / l
        )?;
        writeln!(
            w,
            "const uint g0 = first + (lid >> {});",
            l.trailing_zeros()
        )?;
        "g0".to_string()
    } else {
        "first".to_string()
    };
    let names = Names { at, cell, flat_g };
    if shape.halves && shape.has_c() {
        write_halves_mappings(w, shape)?;
    }
    writeln!(w)?;
    write_load(w, shape, &names)?;
    if shape.halves {
        super::halves::write_stages(w, shape, &names, graphs)?;
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

/// The sub-FFT `g` of column `col` when the store does a real transform's split step in a
/// multi-pass plan (t > 1): the work-group's columns come in mirrored pairs of one sequence,
/// `j` (slots `0..C/2`) and `t - j` (slots `C/2..C`; slot `C/2` of the sequence's first
/// work-group takes the self-mirrored column `t/2`), so both values of every split are in
/// its local memory. Defines `seq`, `rr`, `pcol` (the partner's slot) and `g`.
fn write_paired_columns<W: Write>(w: &mut Writer<W>, shape: &Shape) -> fmt::Result {
    let half = shape.columns / 2;
    writeln!(
        w,
        "// Real split (t > 1): slots col < {half} hold columns rr, the others their mirrors t - rr (t/2 for rr = 0),"
    )?;
    writeln!(
        w,
        "// rr = {half} * (work-group within the sequence) + col % {half}; pcol is the slot of the mirror."
    )?;
    writeln!(w, "const uint pairs = max(t / {}u, 1u);", shape.columns)?;
    writeln!(w, "const uint seq = (uint)get_group_id(0) / pairs;")?;
    writeln!(
        w,
        "const uint rr = ((uint)get_group_id(0) - seq * pairs) * {half}u + ({});",
        shape.rem("col", half)
    )?;
    writeln!(w, "const uint front = col < {half}u;")?;
    writeln!(
        w,
        "const uint pcol = rr == 0u ? col : (front ? col + {half}u : col - {half}u);"
    )?;
    writeln!(
        w,
        "const uint g = t == 1u ? first + col : seq * t + (front ? rr : (rr == 0u ? t / 2u : t - rr));"
    )
}

/// The work-item mappings of a halves exchange with C > 1: the load's (`lc`, `lj`: flat when
/// `t == 1`, columns otherwise) for the first stages, the store's (`sc`, `sj`: flat when
/// `p == 1`) for the last ([`HALVES_LOAD`], [`HALVES_STORE`]).
fn write_halves_mappings<W: Write>(w: &mut Writer<W>, shape: &Shape) -> fmt::Result {
    if !shape.has_j() {
        return Err(fmt::Error);
    }
    writeln!(
        w,
        "// The stages' mappings: the first runs point lj of sub-FFT lc, where the load put them (flat: j of c;"
    )?;
    writeln!(
        w,
        "// columns: row of col), the last point sj of sub-FFT sc, where the store takes them ({} stages).",
        shape.stages.len()
    )?;
    for (prefix, arg) in [HALVES_LOAD, HALVES_STORE] {
        writeln!(w, "const uint {prefix}c = {arg} == 1u ? c : col;")?;
        writeln!(w, "const uint {prefix}j = {arg} == 1u ? j : row;")?;
    }
    Ok(())
}

/// The prefix of the load's mapping in a halves exchange with C > 1, and the argument whose
/// value 1 makes the load flat.
pub(super) const HALVES_LOAD: (&str, &str) = ("l", "t");
/// The same for the store.
pub(super) const HALVES_STORE: (&str, &str) = ("s", "p");

/// `sub * L + point`, the local index of `point` of sub-FFT `sub`, for the variables that
/// exist (`sub` when C > 1, `point` when L > R).
pub(super) fn stage_point(shape: &Shape, sub: &str, point: &str) -> String {
    let l = if shape.has_c() { shape.len } else { 0 };
    let one = u32::from(shape.has_j());
    linear(&[(sub, l), (point, one)], 0)
}

/// The pass-twiddle exponent `k * m` of the element `m = row + it * (L/R)` (`m = it` when a
/// work-item holds a whole sub-FFT) this work-item loads in step `it` of the column regime.
pub(super) fn exponent(shape: &Shape, it: Element) -> String {
    match (it, shape.has_j()) {
        (Element::Loop, true) => format!("k * ({})", it.plus("row", shape.per_fft)),
        (Element::Loop, false) => "k * it".to_string(),
        (Element::Fixed(0), true) => "k * row".to_string(),
        (Element::Fixed(n), true) => format!("k * (row + {}u)", n * shape.per_fft),
        (Element::Fixed(n), false) => linear(&[("k", n * shape.per_fft)], 0),
    }
}
