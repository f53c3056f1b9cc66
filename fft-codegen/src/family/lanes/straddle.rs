//! A [straddling](fft_core::kernel::LanesSpec::straddles) later pass's work-items whose eight
//! sub-FFTs are not neighbours: their `k .. k + 8` pass a multiple of the stride `p` (which
//! is not a multiple of 8), or the batch's end. Those load and store lane by lane, lane `l`
//! being sub-FFT `g_l = min(8w + l, total - 1)` with its own `W^(k_l * m)` (from the
//! one-level table laid out by `m`, or the two-level table); the other work-items take the
//! runs of the plain later pass.

use super::load::lane_list;
use super::Types;
use crate::opencl::twiddle_helpers::complex_product;
use crate::opencl::writer::Writer;
use fft_core::kernel::{LanesSpec, PassTable, LANES};
use std::fmt::{self, Write};

/// Declares each lane's sub-FFT (`g0..g7`, `i0..i7`, `k0..k7`) and `apart`, then loads an
/// apart work-item's values lane by lane and opens the `else` branch of the neighbours (the
/// caller writes their loop and closes it). Needs `i`, `k` (and `low` with the two-level
/// table) declared.
pub(super) fn write_straddling_later_load<W: Write>(
    w: &mut Writer<W>,
    spec: &LanesSpec,
    t: &Types,
) -> fmt::Result {
    let l = spec.len;
    writeln!(
        w,
        "// Lane l is sub-FFT g_l = min(8w + l, total - 1), i_l = g_l % t, k_l = i_l % p (lanes past the end repeat the last)."
    )?;
    for lane in 0..LANES {
        writeln!(
            w,
            "const uint g{lane} = min(8u * w + {lane}u, total - 1u), i{lane} = g{lane} % t, k{lane} = i{lane} % p;"
        )?;
    }
    writeln!(
        w,
        "// p divides t: the eight sub-FFTs are neighbours unless k .. k + 8 passes a multiple of p or the batch ends."
    )?;
    writeln!(w, "const bool apart = k + 8u > p || 8u * w + 8u > total;")?;
    writeln!(w, "if (apart) {{")?;
    w.indent();
    for lane in 0..LANES {
        writeln!(
            w,
            "const size_t from{lane} = 2 * ((size_t)(g{lane} - i{lane}) * {l}u + i{lane});"
        )?;
    }
    writeln!(w, "for (uint m = 0; m < {l}u; ++m) {{")?;
    w.indent();
    writeln!(w, "const size_t at = 2 * (size_t)m * t;")?;
    let vector = |item: &dyn Fn(u32) -> String| format!("({})({})", t.lanes, lane_list(item));
    writeln!(
        w,
        "const {} vr = {};",
        t.lanes,
        vector(&|lane| format!("x[from{lane} + at]"))
    )?;
    writeln!(
        w,
        "const {} vi = {};",
        t.lanes,
        vector(&|lane| format!("x[from{lane} + at + 1]"))
    )?;
    let s = t.lanes;
    if spec.table == PassTable::OneLevel {
        writeln!(
            w,
            "// W_{{{l}p}}^(k_l*m) = pass_tw[m * p + k_l], lane by lane."
        )?;
        let table =
            |part: &str| vector(&|lane| format!("pass_tw[2 * ((size_t)m * p + k{lane}){part}]"));
        writeln!(w, "const {s} wr = {};", table(""))?;
        writeln!(w, "const {s} wi = {};", table(" + 1"))?;
    } else {
        writeln!(
            w,
            "// W_{{{l}p}}^(k_l*m) = hi[e >> h] * lo[e & low], e = k_l * m, lane by lane."
        )?;
        let table = |name: &str, index: &str, part: &str| {
            vector(&|lane| format!("{name}[2 * ((k{lane} * m) {index}){part}]"))
        };
        writeln!(w, "const {s} hr = {};", table("pass_tw_hi", ">> h", ""))?;
        writeln!(w, "const {s} hi = {};", table("pass_tw_hi", ">> h", " + 1"))?;
        writeln!(w, "const {s} lr = {};", table("pass_tw_lo", "& low", ""))?;
        writeln!(
            w,
            "const {s} li = {};",
            table("pass_tw_lo", "& low", " + 1")
        )?;
        let (wr, wi) = complex_product(["hr", "hi"], ["lr", "li"]);
        writeln!(w, "const {s} wr = {wr}, wi = {wi};")?;
    }
    let (re, im) = complex_product(["vr", "vi"], ["wr", "wi"]);
    writeln!(w, "are[m] = {re};")?;
    writeln!(w, "aim[m] = {im};")?;
    w.dedent();
    writeln!(w, "}}")?;
    w.dedent();
    writeln!(w, "}} else {{")?;
    w.indent();
    Ok(())
}

/// Stores an apart work-item's results (`arrays`: real, imaginary) times `scale` lane by
/// lane, `y[(g_l - i_l) * L + (i_l - k_l) * L + k_l + q * p]`, and opens the `else` branch of
/// the neighbours (the caller writes their store and closes it).
pub(super) fn write_straddling_later_store<W: Write>(
    w: &mut Writer<W>,
    spec: &LanesSpec,
    t: &Types,
    [re, im]: [&str; 2],
) -> fmt::Result {
    let l = spec.len;
    writeln!(w, "if (apart) {{")?;
    w.indent();
    for lane in 0..LANES {
        writeln!(
            w,
            "const size_t to{lane} = 2 * ((size_t)(g{lane} - i{lane}) * {l}u + (size_t)(i{lane} - k{lane}) * {l}u + k{lane});"
        )?;
    }
    writeln!(w, "for (uint q = 0; q < {l}u; ++q) {{")?;
    w.indent();
    writeln!(w, "const size_t at = 2 * (size_t)q * p;")?;
    writeln!(
        w,
        "const {} sr = {re}[q] * scale, si = {im}[q] * scale;",
        t.lanes
    )?;
    for lane in 0..LANES {
        writeln!(
            w,
            "y[to{lane} + at] = sr.s{lane}; y[to{lane} + at + 1] = si.s{lane};"
        )?;
    }
    w.dedent();
    writeln!(w, "}}")?;
    w.dedent();
    writeln!(w, "}} else {{")?;
    w.indent();
    Ok(())
}
