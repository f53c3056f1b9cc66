//! The first lanes pass of several with a C2R's merge in its load ([`LanesSpec::real`],
//! [`LanesShape::Part`](fft_core::kernel::LanesShape::Part)).
//!
//! The first pass reads `X_n`, `n = c + t m` (column `c < t`, position `m < L`, `N/2 = P =
//! t L`), from rows of `P + 1` values; the mirror of `n` is `(t - c) + t (L - 1 - m)`, and of
//! column 0's `t m` it is `t (L - m)` (for `m = 0`, `X_P`, the row's last value). So, as in
//! the last pass with the split (`paired.rs`), work-item `g` of a sequence takes columns
//! `4g .. 4g + 3` (`4g < t/2`) in lanes 0..3 and their mirrors `t - 4g - 3 .. t - 4g` in
//! lanes 4..7: lane `l`'s mirror is lane `7 - l` at position `L - 1 - m`, and the merge
//! `Z_n = (X_n + conj X_(P-n)) + i conj(W_N^n) (X_n - conj X_(P-n))` writes both values of
//! each pair from one work-item. Work-item 0's lane 7 would be column `t`, which does not
//! exist: it takes column `t/2` instead, and columns 0 and `t/2`, each the mirror of itself,
//! are merged after the others in lanes 0 and 7. The stages then run as in the plain first
//! pass, whose store writes each lane's outputs at its own column.

use super::load::write_column_index;
use super::paired::{
    quad_type, write_front_lane_roots, write_mirror_quad, write_two_level, REAL_SHIFT, REAL_TABLES,
};
use super::real::write_merge_pair;
use super::store::write_row_store;
use super::Types;
use crate::opencl::twiddle_helpers::complex_product;
use crate::opencl::writer::Writer;
use fft_core::kernel::LanesSpec;
use std::fmt::{self, Write};

/// The load: the work-item's four front columns and their mirrors into `bre`/`bim`, merged
/// into `are`/`aim`.
pub(super) fn write_paired_merge_load<W: Write>(
    w: &mut Writer<W>,
    spec: &LanesSpec,
    t: &Types,
) -> fmt::Result {
    let (l, s, lanes) = (spec.len, t.scalar, t.lanes);
    let quad = quad_type(spec.precision);
    write_column_index(w, spec)?;
    writeln!(
        w,
        "// The first pass: t columns, each sequence's work-items g = i / 8 < t / 8; rows of P + 1 = t * {l} + 1 values in."
    )?;
    writeln!(
        w,
        "const uint nc = t * {l}u, g = i / 8u, c = 4u * g, mid = t / 2u, rlow = (1u << rh) - 1u;"
    )?;
    writeln!(w, "const size_t base = (size_t)(8u * w - i) * {l}u;")?;
    writeln!(
        w,
        "__global const {s} *xs = x + 2 * ((size_t)(8u * w - i) / t * (nc + 1u));"
    )?;
    writeln!(
        w,
        "// Lanes 0..3: columns c .. c + 3; lanes 4..7: k4 .. k4 + 2 and k7 = t - c - 3 .. t - c (work-item 0: t - 3 .. t - 1 and t/2)."
    )?;
    writeln!(
        w,
        "const uint k4 = g == 0u ? t - 3u : t - c - 3u, k7 = g == 0u ? mid : t - c;"
    )?;
    writeln!(
        w,
        "__global const {s} *xf = xs + 2 * c, *xm = xs + 2 * (g == 0u ? t - 4u : k4);"
    )?;
    writeln!(w, "for (uint m = 0; m < {l}u; ++m) {{")?;
    w.indent();
    writeln!(
        w,
        "const {lanes} vf = vload8(0, xf + 2 * (size_t)m * t), vm = vload8(0, xm + 2 * (size_t)m * t);"
    )?;
    write_mirror_quad(w, &quad, ["t", "xs", "2 * (mid + (size_t)m * t)"], &[])?;
    writeln!(w, "bre[m] = ({lanes})(vf.even, dr);")?;
    writeln!(w, "bim[m] = ({lanes})(vf.odd, di);")?;
    w.dedent();
    writeln!(w, "}}")?;
    writeln!(
        w,
        "// The merge: Z_n = (X_n + conj X_(P-n)) + i d, d = conj(W_N^n) (X_n - conj X_(P-n)), X_n in lane l at m,"
    )?;
    writeln!(
        w,
        "// X_(P-n) in lane 7 - l at L - 1 - m (P = nc, N = 2P); both values of each pair written."
    )?;
    write_front_lane_roots(w, s, &quad)?;
    writeln!(w, "for (uint m = 0; m < {l}u; ++m) {{")?;
    w.indent();
    writeln!(w, "const uint n = c + t * m, mm = {l}u - 1u - m;")?;
    write_two_level(w, s, "wn", "n", REAL_TABLES, REAL_SHIFT)?;
    let (tr, ti) = complex_product(["wnr", "wni"], ["lr", "li"]);
    writeln!(w, "const {quad} tr = {tr}, ti = {ti};")?;
    writeln!(w, "const {quad} ar = bre[m].lo, ai = bim[m].lo;")?;
    writeln!(
        w,
        "const {quad} br = bre[mm].hi.s3210, bi = bim[mm].hi.s3210;"
    )?;
    write_merge_pair(w, &quad)?;
    writeln!(w, "are[m].lo = ar + br - di;")?;
    writeln!(w, "aim[m].lo = ai - bi + dr;")?;
    writeln!(w, "are[mm].hi = (ar + br + di).s3210;")?;
    writeln!(w, "aim[mm].hi = (bi - ai + dr).s3210;")?;
    w.dedent();
    writeln!(w, "}}")?;
    writeln!(w, "if (g == 0u) {{")?;
    w.indent();
    writeln!(
        w,
        "// Column 0 pairs with itself (t m with t (L - m); Z_0 from the real parts of X_0 and X_P), then"
    )?;
    writeln!(
        w,
        "// column t/2 (t/2 + t m with t/2 + t (L - 1 - m)), both overwriting what the loop wrote there."
    )?;
    writeln!(w, "const {s} last_re = xs[2 * (size_t)nc];")?;
    writeln!(w, "are[0].s0 = bre[0].s0 + last_re;")?;
    writeln!(w, "aim[0].s0 = bre[0].s0 - last_re;")?;
    for (lane, from, bound, mirror, offset) in [
        ("s0", "1u", "2u * m <= ", format!("{l}u - m"), "0u"),
        ("s7", "0u", "2u * m < ", format!("{l}u - 1u - m"), "mid"),
    ] {
        writeln!(w, "for (uint m = {from}; {bound}{l}u; ++m) {{")?;
        w.indent();
        writeln!(w, "const uint n = {offset} + t * m, mm = {mirror};")?;
        write_two_level(w, s, "wn", "n", REAL_TABLES, REAL_SHIFT)?;
        writeln!(w, "const {s} tr = wnr, ti = wni;")?;
        writeln!(
            w,
            "const {s} ar = bre[m].{lane}, ai = bim[m].{lane}, br = bre[mm].{lane}, bi = bim[mm].{lane};"
        )?;
        write_merge_pair(w, s)?;
        writeln!(
            w,
            "are[m].{lane} = ar + br - di; aim[m].{lane} = ai - bi + dr;"
        )?;
        writeln!(
            w,
            "are[mm].{lane} = ar + br + di; aim[mm].{lane} = bi - ai + dr;"
        )?;
        w.dedent();
        writeln!(w, "}}")?;
    }
    w.dedent();
    writeln!(w, "}}")
}

/// The store: lane `l`'s outputs at its own column, `y[base + column * L + q]`, as the plain
/// first pass stores its eight neighbouring columns.
pub(super) fn write_paired_merge_store<W: Write>(
    w: &mut Writer<W>,
    spec: &LanesSpec,
    t: &Types,
    last: &str,
) -> fmt::Result {
    let l = spec.len;
    writeln!(
        w,
        "// Lane l computed column c + l (lanes 4..7: k4, k4 + 1, k4 + 2, k7): its outputs are y[base + column * {l} + q]."
    )?;
    for lane in 0..8u32 {
        let column = match lane {
            0..=3 => format!("c + {lane}u"),
            7 => "k7".to_string(),
            _ => format!("k4 + {}u", lane - 4),
        };
        writeln!(
            w,
            "const size_t row{lane} = 2 * (base + (size_t)({column}) * {l}u);"
        )?;
    }
    write_row_store(w, spec, t, [&format!("{last}re"), &format!("{last}im")])
}
