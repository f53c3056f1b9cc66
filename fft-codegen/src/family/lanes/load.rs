//! The load of a lanes pass: eight transforms of the batch transposed into the lanes (the
//! whole form), or the eight neighbouring sub-FFTs' runs, times the pass twiddles in a later
//! pass.

use super::straddle::write_straddling_later_load;
use super::transpose::write_transpose;
use super::{Entry, Types};
use crate::opencl::twiddle_helpers::complex_product;
use crate::opencl::writer::Writer;
use fft_core::kernel::{LanesSpec, Lengths, PassTable, LANES};
use std::fmt::{self, Write};

/// The whole form's load: eight transforms of the batch, each run of 8 values of the 8
/// transforms transposed into `are`/`aim` (a power of two of at least 8 points: other lengths
/// take the program whose length is an argument, `any.rs`).
pub(super) fn write_whole_load<W: Write>(
    w: &mut Writer<W>,
    spec: &LanesSpec,
    t: &Types,
) -> fmt::Result {
    let l = spec.len;
    writeln!(
        w,
        "// Lane l is transform min(8w + l, total - 1): the last work-item repeats the last one."
    )?;
    write_lane_rows(w, "row", &format!("{l}"))?;
    write_transposed_load(w, t, &format!("{}u", l / LANES), "row", ["are", "aim"])
}

/// `{rows}0..{rows}7` (`row0..row7`): where lane `l`'s sequence `min(8w + l, total - 1)` of
/// `len` values starts (in floats), so lanes past the last sequence repeat it.
pub(super) fn write_lane_rows<W: Write>(w: &mut Writer<W>, rows: &str, len: &str) -> fmt::Result {
    for lane in 0..LANES {
        writeln!(
            w,
            "const size_t {rows}{lane} = 2 * (size_t){len} * min(8u * w + {lane}u, total - 1u);"
        )?;
    }
    Ok(())
}

/// The runs `e < runs` of 8 values of the eight transforms (rows `{rows}0..{rows}7`),
/// transposed into `arrays` (real, imaginary).
pub(super) fn write_transposed_load<W: Write>(
    w: &mut Writer<W>,
    t: &Types,
    runs: &str,
    rows: &str,
    [dre, dim]: [&str; 2],
) -> fmt::Result {
    writeln!(w, "for (uint e = 0; e < {runs}; ++e) {{")?;
    w.indent();
    for lane in 0..LANES {
        writeln!(
            w,
            "const {} v{lane} = vload16(e, x + {rows}{lane});",
            t.wide
        )?;
    }
    let re = write_transpose(w, t, "r", |lane| format!("v{lane}.even"))?;
    let im = write_transpose(w, t, "i", |lane| format!("v{lane}.odd"))?;
    for j in 0..LANES as usize {
        writeln!(w, "{dre}[8 * e + {j}] = {};", re[j])?;
        writeln!(w, "{dim}[8 * e + {j}] = {};", im[j])?;
    }
    w.dedent();
    writeln!(w, "}}")
}

/// The values `from <= at < to` after the last whole run (L not a multiple of 8), lane by
/// lane, from rows `{rows}0..{rows}7` into `arrays`.
pub(super) fn write_tail_load<W: Write>(
    w: &mut Writer<W>,
    t: &Types,
    [from, to]: [&str; 2],
    rows: &str,
    [dre, dim]: [&str; 2],
) -> fmt::Result {
    writeln!(w, "// The values after the last run of 8, lane by lane.")?;
    writeln!(w, "for (uint at = {from}; at < {to}; ++at) {{")?;
    let part = |offset: &str| lane_list(|lane| format!("x[{rows}{lane} + 2 * at{offset}]"));
    writeln!(w, "    {dre}[at] = ({})({});", t.lanes, part(""))?;
    writeln!(w, "    {dim}[at] = ({})({});", t.lanes, part(" + 1"))?;
    writeln!(w, "}}")
}

/// `item(0), item(1), ..., item(7)`: one expression per lane.
pub(super) fn lane_list(item: impl Fn(u32) -> String) -> String {
    (0..LANES).map(item).collect::<Vec<_>>().join(", ")
}

/// A pass of several's first lines: past the batch's last sub-FFT the work-item returns;
/// `i`, the first of its eight columns within its sequence (a mask for powers of two).
pub(super) fn write_column_index<W: Write>(w: &mut Writer<W>, spec: &LanesSpec) -> fmt::Result {
    writeln!(w, "if (8u * w >= total)")?;
    writeln!(w, "    return;")?;
    if spec.lengths == Lengths::Any {
        writeln!(w, "const uint i = (8u * w) % t;")
    } else {
        writeln!(w, "const uint i = (8u * w) & (t - 1u);")
    }
}

/// A pass of several: the eight neighbouring sub-FFTs' inputs, runs of 8, times the pass
/// twiddles in a later pass (whose `t` and `p` are multiples of 8, so its eight sub-FFTs
/// are always neighbours, unless the pass [straddles](LanesSpec::straddles): `straddle.rs`).
pub(super) fn write_part_load<W: Write>(
    w: &mut Writer<W>,
    spec: &LanesSpec,
    t: &Types,
    entry: Entry,
) -> fmt::Result {
    let l = spec.len;
    write_column_index(w, spec)?;
    let any = spec.lengths == Lengths::Any;
    writeln!(w, "const size_t base = (size_t)(8u * w - i) * {l}u;")?;
    writeln!(w, "__global const {} *xs = x + 2 * (base + i);", t.scalar)?;
    let straddles = entry == Entry::First && any;
    if straddles {
        write_straddling_load(w, spec, t)?;
    }
    if entry == Entry::Later && any {
        writeln!(w, "const uint k = i % p;")?;
    } else if entry == Entry::Later {
        writeln!(w, "const uint k = i & (p - 1u);")?;
    }
    if entry == Entry::Later && spec.table == PassTable::TwoLevel {
        writeln!(w, "const uint low = (1u << h) - 1u;")?;
    }
    let apart = entry == Entry::Later && spec.straddles;
    if apart {
        write_straddling_later_load(w, spec, t)?;
    }
    writeln!(w, "for (uint m = 0; m < {l}u; ++m) {{")?;
    w.indent();
    writeln!(
        w,
        "const {} v = vload16(0, xs + 2 * (size_t)m * t);",
        t.wide
    )?;
    let twiddle = match (entry, spec.table) {
        (Entry::Later, PassTable::OneLevel) => {
            writeln!(
                w,
                "// The lanes' W_{{{l}p}}^((k + l)*m), l = 0..7, together."
            )?;
            if spec.straddles {
                writeln!(
                    w,
                    "const {} tw = vload16(0, pass_tw + 2 * ((size_t)m * p + k));",
                    t.wide
                )?;
            } else {
                writeln!(
                    w,
                    "const {} tw = vload16((k / 8u) * {l}u + m, pass_tw);",
                    t.wide
                )?;
            }
            Some(["tw.even", "tw.odd"])
        }
        (Entry::Later, PassTable::TwoLevel) => {
            writeln!(
                w,
                "// W_{{{l}p}}^(k*m) from the two-level table, times the lanes' W^(l*m)."
            )?;
            writeln!(w, "const uint e = k * m;")?;
            let s = t.scalar;
            writeln!(
                w,
                "const {s} hr = pass_tw_hi[2 * (e >> h)], hi = pass_tw_hi[2 * (e >> h) + 1];"
            )?;
            writeln!(
                w,
                "const {s} lr = pass_tw_lo[2 * (e & low)], li = pass_tw_lo[2 * (e & low) + 1];"
            )?;
            let (br, bi) = complex_product(["hr", "hi"], ["lr", "li"]);
            writeln!(w, "const {s} br = {br}, bi = {bi};")?;
            writeln!(w, "const {} lt = vload16(m, lane_tw);", t.wide)?;
            let (wr, wi) = complex_product(["br", "bi"], ["lt.even", "lt.odd"]);
            writeln!(w, "const {} wr = {wr};", t.lanes)?;
            writeln!(w, "const {} wi = {wi};", t.lanes)?;
            Some(["wr", "wi"])
        }
        _ => None,
    };
    match twiddle {
        Some(tw) => {
            let (re, im) = complex_product(["v.even", "v.odd"], tw);
            writeln!(w, "are[m] = {re};")?;
            writeln!(w, "aim[m] = {im};")?;
        }
        None => {
            writeln!(w, "are[m] = v.even;")?;
            writeln!(w, "aim[m] = v.odd;")?;
        }
    }
    w.dedent();
    writeln!(w, "}}")?;
    if straddles || apart {
        // Closes the neighbours' branch of `write_straddling_load` or
        // `write_straddling_later_load`.
        w.dedent();
        writeln!(w, "}}")?;
    }
    Ok(())
}

/// The first pass's ([`Lengths::Any`]) work-items whose eight sub-FFTs `g = 8w + l` are not neighbours in
/// memory (they straddle two transforms where `t` is not a multiple of 8, or pass the last
/// sub-FFT, which the extra lanes repeat): each lane reads its own
/// `x[(g - g % t) * L + g % t + m * t]`, and the work-item is done loading.
fn write_straddling_load<W: Write>(w: &mut Writer<W>, spec: &LanesSpec, t: &Types) -> fmt::Result {
    let l = spec.len;
    writeln!(w, "if (i + 8u > t || 8u * w + 8u > total) {{")?;
    w.indent();
    writeln!(
        w,
        "// The eight sub-FFTs straddle two transforms or the end: lane by lane."
    )?;
    for lane in 0..LANES {
        writeln!(w, "const uint g{lane} = min(8u * w + {lane}u, total - 1u);")?;
        writeln!(
            w,
            "const size_t from{lane} = 2 * ((size_t)(g{lane} - g{lane} % t) * {l}u + g{lane} % t);"
        )?;
    }
    writeln!(w, "for (uint m = 0; m < {l}u; ++m) {{")?;
    w.indent();
    writeln!(w, "const size_t at = 2 * (size_t)m * t;")?;
    let part = |offset: &str| lane_list(|lane| format!("x[from{lane} + at{offset}]"));
    writeln!(w, "are[m] = ({})({});", t.lanes, part(""))?;
    writeln!(w, "aim[m] = ({})({});", t.lanes, part(" + 1"))?;
    w.dedent();
    writeln!(w, "}}")?;
    w.dedent();
    writeln!(w, "}} else {{")?;
    w.indent();
    Ok(())
}
