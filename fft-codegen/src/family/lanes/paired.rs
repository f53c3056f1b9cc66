//! The last lanes pass of several with an R2C's split in its store ([`LanesSpec::real`],
//! [`LanesShape::Part`]).
//!
//! The last pass's outputs are `Z_n`, `n = c + p q` (column `c < p`, position `q < L`,
//! `N/2 = p L` complex values); the mirror of `n` is `(p - c) + p (L - 1 - q)`, and of column
//! 0's `p q` it is `p (L - q)`. So work-item `g` of a sequence takes columns `4g .. 4g + 3`
//! (`4g < p/2`) in lanes 0..3 and their mirrors `p - 4g - 3 .. p - 4g` in lanes 4..7: lane
//! `l`'s mirror is lane `7 - l` at position `L - 1 - q`, and the split writes both values of
//! each pair from one work-item. Work-item 0's lane 7 would be column `p`, which does not
//! exist: it takes column `p/2` instead, and columns 0 and `p/2`, each the mirror of itself,
//! are split after the others from lanes 0 and 7.
//!
//! Pass twiddles (the one-level table only): the front lanes' `W_(Lp)^((4g + l) m)` as the
//! plain pass reads them, the mirrors' `W^((p - c) m) = W^(p m) conj(W^(c m))` from the
//! front's reversed, with `W^(p m) = (W^((p/2) m))^2` and `W^((p/2) m)` read like a front
//! lane's.

use super::load::write_column_index;
use super::real::write_split_pair;
use super::Types;
use crate::opencl::literal::literal;
use crate::opencl::twiddle_helpers::complex_product;
use crate::opencl::writer::Writer;
use fft_core::kernel::LanesSpec;
use fft_core::Precision;
use std::fmt::{self, Write};

/// The load: the work-item's four front columns and their mirrors, times the pass twiddles,
/// into `are`/`aim`.
pub(super) fn write_paired_load<W: Write>(
    w: &mut Writer<W>,
    spec: &LanesSpec,
    t: &Types,
) -> fmt::Result {
    let (l, s) = (spec.len, t.scalar);
    let quad = quad_type(spec.precision);
    write_column_index(w, spec)?;
    writeln!(
        w,
        "// The last pass: t = p columns, each sequence's work-items g = i / 8 < p / 8."
    )?;
    writeln!(w, "const size_t base = (size_t)(8u * w - i) * {l}u;")?;
    writeln!(w, "const uint g = i / 8u, c = 4u * g, mid = p / 2u;")?;
    writeln!(
        w,
        "// Lanes 0..3: columns c .. c + 3; lanes 4..7: p - c - 3 .. p - c (work-item 0: p - 3 .. p - 1 and p/2)."
    )?;
    writeln!(
        w,
        "__global const {s} *xf = x + 2 * (base + c), *xm = x + 2 * (base + (g == 0u ? p - 4u : p - c - 3u));"
    )?;
    writeln!(w, "for (uint m = 0; m < {l}u; ++m) {{")?;
    w.indent();
    writeln!(
        w,
        "const {lanes} vf = vload8(0, xf + 2 * (size_t)m * t), vm = vload8(0, xm + 2 * (size_t)m * t);",
        lanes = t.lanes
    )?;
    writeln!(
        w,
        "// W^((c + l) m): half of the lanes' table entry of columns 8 (g / 2) ..; W^((p/2) m): lane 0 of column p/2's."
    )?;
    writeln!(
        w,
        "const {} tw = vload16((c / 8u) * {l}u + m, pass_tw), th = vload16((mid / 8u) * {l}u + m, pass_tw);",
        t.wide
    )?;
    writeln!(
        w,
        "const {quad} fr = (g & 1u) ? tw.even.hi : tw.even.lo, fi = (g & 1u) ? tw.odd.hi : tw.odd.lo;"
    )?;
    writeln!(w, "const {s} ur = th.s0, ui = th.s1;")?;
    writeln!(
        w,
        "// The mirrors' W^((p - c') m) = W^(p m) conj(W^(c' m)), c' the front columns reversed."
    )?;
    writeln!(w, "const {s} wr = ur * ur - ui * ui, wi = 2 * ur * ui;")?;
    writeln!(
        w,
        "{quad} mr = wr * fr.s3210 + wi * fi.s3210, mi = wi * fr.s3210 - wr * fi.s3210;"
    )?;
    write_mirror_quad(
        w,
        &quad,
        ["p", "x", "2 * (base + mid + (size_t)m * t)"],
        &[
            &format!("mr = ({quad})(mr.s012, ur);"),
            &format!("mi = ({quad})(mi.s012, ui);"),
        ],
    )?;
    let lanes = t.lanes;
    writeln!(
        w,
        "are[m] = ({lanes})(vf.even * fr - vf.odd * fi, dr * mr - di * mi);"
    )?;
    writeln!(
        w,
        "aim[m] = ({lanes})(vf.even * fi + vf.odd * fr, dr * mi + di * mr);"
    )?;
    w.dedent();
    writeln!(w, "}}")
}

/// `dr`, `di`: the mirror lanes' real and imaginary parts from `vm`, the run of 4 loaded
/// from column `cols - c - 3` on (`cols` the pass's `p` or `t`), where work-item 0 loaded it
/// from `cols - 4` on: there the three it needs move down and lane 7 takes column `cols/2`,
/// `src[at]`; `extra` lines run in that branch too.
pub(super) fn write_mirror_quad<W: Write>(
    w: &mut Writer<W>,
    quad: &str,
    [cols, src, at]: [&str; 3],
    extra: &[&str],
) -> fmt::Result {
    writeln!(w, "{quad} dr = vm.even, di = vm.odd;")?;
    writeln!(w, "if (g == 0u) {{")?;
    w.indent();
    writeln!(
        w,
        "// Columns {cols} - 3 .. {cols} - 1 were loaded from {cols} - 4 on; lane 7 is column {cols}/2."
    )?;
    writeln!(w, "const size_t at = {at};")?;
    writeln!(w, "dr = ({quad})(dr.s123, {src}[at]);")?;
    writeln!(w, "di = ({quad})(di.s123, {src}[at + 1]);")?;
    for line in extra {
        writeln!(w, "{line}")?;
    }
    w.dedent();
    writeln!(w, "}}")
}

/// The split's store from the spectrum in `{last}re`/`{last}im`: rows of `p L + 1` values.
pub(super) fn write_paired_split_store<W: Write>(
    w: &mut Writer<W>,
    spec: &LanesSpec,
    t: &Types,
    last: &str,
) -> fmt::Result {
    let (l, s) = (spec.len, t.scalar);
    let quad = quad_type(spec.precision);
    let half_c = literal(0.5, spec.precision);
    let (zre, zim) = (format!("{last}re"), format!("{last}im"));
    writeln!(
        w,
        "// The split: X_n = E + W_N^n O, E = (Z_n + conj Z_(P-n)) / 2, O = -i (Z_n - conj Z_(P-n)) / 2"
    )?;
    writeln!(
        w,
        "// (P = p L = N/2), X_(P-n) = conj E - conj(W_N^n O); rows of P + 1 values."
    )?;
    writeln!(w, "const uint nc = p * {l}u, rlow = (1u << rh) - 1u;")?;
    writeln!(
        w,
        "__global {s} *ys = y + 2 * ((size_t)(8u * w - i) / t * (nc + 1u));"
    )?;
    write_front_lane_roots(w, s, &quad)?;
    writeln!(w, "for (uint q = 0; q < {l}u; ++q) {{")?;
    w.indent();
    writeln!(w, "const uint n = c + p * q;")?;
    write_two_level(w, s, "b", "n", REAL_TABLES, REAL_SHIFT)?;
    let (tr, ti) = complex_product(["br", "bi"], ["lr", "li"]);
    writeln!(w, "const {quad} tr = {tr}, ti = {ti};")?;
    writeln!(w, "const {quad} zr = {zre}[q].lo, zi = {zim}[q].lo;")?;
    writeln!(
        w,
        "const {quad} mr = {zre}[{l}u - 1u - q].hi.s3210, mi = {zim}[{l}u - 1u - q].hi.s3210;"
    )?;
    write_split_pair(w, &quad, &half_c)?;
    let mask = match spec.precision {
        Precision::F32 => "(uint8)(0, 4, 1, 5, 2, 6, 3, 7)",
        Precision::F64 => "(ulong8)(0, 4, 1, 5, 2, 6, 3, 7)",
    };
    writeln!(
        w,
        "vstore8(shuffle2(er + sf, ei + sg, {mask}) * scale, 0, ys + 2 * (size_t)n);"
    )?;
    writeln!(
        w,
        "vstore8(shuffle2((er - sf).s3210, (sg - ei).s3210, {mask}) * scale, 0, ys + 2 * (size_t)(nc - n - 3u));"
    )?;
    w.dedent();
    writeln!(w, "}}")?;
    writeln!(w, "if (g == 0u) {{")?;
    w.indent();
    writeln!(
        w,
        "// Column 0 pairs with itself (p q with p (L - q); X_0 and X_P from Z_0), then column p/2"
    )?;
    writeln!(
        w,
        "// (p/2 + p q with p/2 + p (L - 1 - q)), both overwriting what the loop wrote there."
    )?;
    for (lane, bound, mirror, offset) in [
        (
            "s0",
            "2u * q <= ",
            format!("(q == 0u ? 0u : {l}u - q)"),
            "0u",
        ),
        ("s7", "2u * q < ", format!("{l}u - 1u - q"), "mid"),
    ] {
        writeln!(w, "for (uint q = 0; {bound}{l}u; ++q) {{")?;
        w.indent();
        writeln!(w, "const uint n = {offset} + p * q, qm = {mirror};")?;
        write_two_level(w, s, "t", "n", REAL_TABLES, REAL_SHIFT)?;
        writeln!(
            w,
            "const {s} zr = {zre}[q].{lane}, zi = {zim}[q].{lane}, mr = {zre}[qm].{lane}, mi = {zim}[qm].{lane};"
        )?;
        write_split_pair(w, s, &half_c)?;
        writeln!(
            w,
            "ys[2 * (size_t)n] = (er + sf) * scale; ys[2 * (size_t)n + 1] = (ei + sg) * scale;"
        )?;
        writeln!(
            w,
            "ys[2 * (size_t)(nc - n)] = (er - sf) * scale; ys[2 * (size_t)(nc - n) + 1] = (sg - ei) * scale;"
        )?;
        w.dedent();
        writeln!(w, "}}")?;
    }
    w.dedent();
    writeln!(w, "}}")
}

/// The two-level table of `W_N^n` a paired real step reads.
pub(super) const REAL_TABLES: [&str; 2] = ["real_hi", "real_lo"];

/// Its shift and mask.
pub(super) const REAL_SHIFT: [&str; 2] = ["rh", "rlow"];

/// `lr`, `li`: `W_N^l` of the four front lanes `l = 0..3`, from [`REAL_TABLES`].
pub(super) fn write_front_lane_roots<W: Write>(
    w: &mut Writer<W>,
    scalar: &str,
    quad: &str,
) -> fmt::Result {
    writeln!(w, "// W_N^l of the four front lanes.")?;
    for lane in 0..4 {
        write_two_level(
            w,
            scalar,
            &format!("l{lane}"),
            &format!("{lane}u"),
            REAL_TABLES,
            REAL_SHIFT,
        )?;
    }
    writeln!(
        w,
        "const {quad} lr = ({quad})(l0r, l1r, l2r, l3r), li = ({quad})(l0i, l1i, l2i, l3i);"
    )
}

/// `{name}r`, `{name}i`: `W^e` from a two-level table (`hi[e >> shift] * lo[e & low]`).
pub(super) fn write_two_level<W: Write>(
    w: &mut Writer<W>,
    scalar: &str,
    name: &str,
    e: &str,
    [hi, lo]: [&str; 2],
    [shift, low]: [&str; 2],
) -> fmt::Result {
    writeln!(w, "const uint {name}_e = {e};")?;
    writeln!(
        w,
        "const {scalar} {name}_hr = {hi}[2 * ({name}_e >> {shift})], {name}_hi = {hi}[2 * ({name}_e >> {shift}) + 1];"
    )?;
    writeln!(
        w,
        "const {scalar} {name}_lr = {lo}[2 * ({name}_e & {low})], {name}_li = {lo}[2 * ({name}_e & {low}) + 1];"
    )?;
    let (re, im) = complex_product(
        [&format!("{name}_hr"), &format!("{name}_hi")],
        [&format!("{name}_lr"), &format!("{name}_li")],
    );
    writeln!(w, "const {scalar} {name}r = {re}, {name}i = {im};")
}

/// Four lanes of `precision`.
pub(super) fn quad_type(precision: Precision) -> String {
    match precision {
        Precision::F32 => "float4".to_string(),
        Precision::F64 => "double4".to_string(),
    }
}
