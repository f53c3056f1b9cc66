//! The store of a lanes pass: transposed back into each lane's rows (the whole form and the
//! first pass), or in runs at stride `p` (a later pass).

use super::load::write_lane_rows;
use super::straddle::write_straddling_later_store;
use super::transpose::write_transpose;
use super::{Entry, Types};
use crate::opencl::writer::Writer;
use fft_core::kernel::{LanesSpec, Lengths, LANES};
use std::fmt::{self, Write};

/// Stores the result held in the arrays `last` (`a` or `b`) times `scale`: transposed back
/// into each lane's rows for the whole form and the first pass, in runs at stride `p` for a
/// later pass.
pub(super) fn write_store<W: Write>(
    w: &mut Writer<W>,
    spec: &LanesSpec,
    t: &Types,
    entry: Entry,
    last: &str,
) -> fmt::Result {
    let l = spec.len;
    let (rre, rim) = (format!("{last}re"), format!("{last}im"));
    let interleave = interleave_mask(t);
    if entry == Entry::Later {
        if spec.straddles {
            write_straddling_later_store(w, spec, t, [&rre, &rim])?;
        }
        writeln!(
            w,
            "__global {} *ys = y + 2 * (base + (size_t)(i - k) * {l}u + k);",
            t.scalar
        )?;
        writeln!(w, "for (uint q = 0; q < {l}u; ++q)")?;
        writeln!(
            w,
            "    vstore16(shuffle2({rre}[q], {rim}[q], {interleave}) * scale, 0, ys + 2 * (size_t)q * p);"
        )?;
        if spec.straddles {
            w.dedent();
            writeln!(w, "}}")?;
        }
        return Ok(());
    }
    if entry == Entry::First && spec.lengths == Lengths::Any {
        writeln!(
            w,
            "// Lane l computed sub-FFT g = min(8w + l, total - 1): its outputs are y[g * {l} + q]."
        )?;
        write_lane_rows(w, "row", &format!("{l}"))?;
    } else if entry == Entry::First {
        writeln!(
            w,
            "// Lane l wrote sub-FFT i + l: its outputs are y[base + (i + l) * {l} + q]."
        )?;
        for lane in 0..LANES {
            writeln!(
                w,
                "const size_t row{lane} = 2 * (base + (size_t)(i + {lane}u) * {l}u);"
            )?;
        }
    }
    write_row_store(w, spec, t, [&rre, &rim])
}

/// Stores the `L` results in `arrays` (real, imaginary) times `scale` into the rows
/// `row0..row7`, one per lane: transposed runs of 8, then the values after the last run.
pub(super) fn write_row_store<W: Write>(
    w: &mut Writer<W>,
    spec: &LanesSpec,
    t: &Types,
    [rre, rim]: [&str; 2],
) -> fmt::Result {
    let l = spec.len;
    write_transposed_store(w, t, &format!("{}u", l / LANES), "row", [rre, rim])?;
    if l % LANES > 0 {
        let (from, to) = (format!("{}u", l - l % LANES), format!("{l}u"));
        write_tail_store(w, [&from, &to], "row", [rre, rim])?;
    }
    Ok(())
}

/// The runs `e < runs` of the result in `arrays` (real, imaginary) times `scale`, transposed
/// back into the rows `{rows}0..{rows}7`.
pub(super) fn write_transposed_store<W: Write>(
    w: &mut Writer<W>,
    t: &Types,
    runs: &str,
    rows: &str,
    [rre, rim]: [&str; 2],
) -> fmt::Result {
    let interleave = interleave_mask(t);
    writeln!(w, "for (uint e = 0; e < {runs}; ++e) {{")?;
    w.indent();
    let re = write_transpose(w, t, "r", |j| format!("{rre}[8 * e + {j}]"))?;
    let im = write_transpose(w, t, "i", |j| format!("{rim}[8 * e + {j}]"))?;
    for lane in 0..LANES as usize {
        writeln!(
            w,
            "vstore16(shuffle2({}, {}, {interleave}) * scale, e, y + {rows}{lane});",
            re[lane], im[lane]
        )?;
    }
    w.dedent();
    writeln!(w, "}}")
}

/// The values `from <= at < to` after the last whole run, times `scale`, lane by lane, into
/// the rows `{rows}0..{rows}7`.
pub(super) fn write_tail_store<W: Write>(
    w: &mut Writer<W>,
    [from, to]: [&str; 2],
    rows: &str,
    [rre, rim]: [&str; 2],
) -> fmt::Result {
    writeln!(w, "// The values after the last run of 8, lane by lane.")?;
    writeln!(w, "for (uint at = {from}; at < {to}; ++at) {{")?;
    w.indent();
    for lane in 0..LANES {
        writeln!(
            w,
            "y[{rows}{lane} + 2 * at] = {rre}[at].s{lane} * scale; y[{rows}{lane} + 2 * at + 1] = {rim}[at].s{lane} * scale;"
        )?;
    }
    w.dedent();
    writeln!(w, "}}")
}

/// The mask that interleaves two 8-lane vectors into 8 complex values.
fn interleave_mask(t: &Types) -> String {
    let order: Vec<String> = (0..LANES)
        .flat_map(|j| [j, j + LANES])
        .map(|j| j.to_string())
        .collect();
    format!("({})({})", t.mask16, order.join(", "))
}
