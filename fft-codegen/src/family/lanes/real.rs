//! A real transform's step in a whole-transform lanes pass ([`LanesSpec::real`]): each lane
//! holds a whole sequence of `L` values, so both values of every mirrored pair are in the
//! work-item's private arrays and the step costs no pass over global memory.
//!
//! - Split (R2C, in the store): from the L-point spectrum `Z` of `z_n = x_2n + i x_2n+1`,
//!   `X_k = E + W_N^k O` with `E = (Z_k + conj Z_(L-k)) / 2`, `O = -i (Z_k - conj Z_(L-k)) / 2`
//!   (`N = 2L`), written as rows of `L + 1` values (numpy's `rfft` layout);
//! - Merge (C2R, in the load): rows of `L + 1` values `X`, the imaginary parts of `X_0` and
//!   `X_L` ignored, become `Z_k = (X_k + conj X_(L-k)) + i conj(W_N^k) (X_k - conj X_(L-k))`,
//!   the spectrum of the inverse L-point FFT whose result is read as the `N` reals.
//!
//! Both go over the mirrored pairs `(k, L - k)`, `k = 1 ..= L/2`, once (where `k = L - k`
//! both writes hold the same value); `W_N^k` is `real_tw[k]`, a table the host builds in f64.

use super::load::{lane_list, write_lane_rows, write_tail_load, write_transposed_load};
use super::store::{write_tail_store, write_transposed_store};
use super::Types;
use crate::opencl::literal::literal;
use crate::opencl::writer::Writer;
use fft_core::kernel::{FusedReal, LanesSpec, LANES};
use fft_core::Precision;
use std::fmt::{self, Write};

/// How many values a lanes pass's arrays hold, as OpenCL expressions: `len` (a literal such
/// as `512u`, or the argument `len`), `runs` (`len / 8`) and, where `len` may not be a
/// multiple of 8, the first value after the last run.
pub(super) struct RealRows<'a> {
    /// The sequence length L.
    pub len: &'a str,
    /// Whole runs of 8 values.
    pub runs: &'a str,
    /// The first value of the partial last run, if L may have one.
    pub tail_from: Option<&'a str>,
}

/// The header's lines on the step, if `spec` has one.
pub(super) fn write_real_header<W: Write>(w: &mut Writer<W>, spec: &LanesSpec) -> fmt::Result {
    match spec.real {
        Some(FusedReal::Split) => {
            writeln!(
                w,
                "// R2C of N = 2L reals (read as L complex pairs): the store writes the split step's L + 1 values"
            )?;
            writeln!(
                w,
                "// per row (numpy's rfft layout), W_N^k = real_tw[k], k <= L, from a table built in f64."
            )
        }
        Some(FusedReal::Merge) => {
            writeln!(
                w,
                "// C2R of N = 2L reals: the load reads L + 1 values per row and merges them (the imaginary parts"
            )?;
            writeln!(
                w,
                "// of X_0 and X_L ignored), W_N^k = real_tw[k], k <= L, from a table built in f64; the store"
            )?;
            writeln!(w, "// writes the L complex results as the 2L reals.")
        }
        None => Ok(()),
    }
}

/// The merge's load: rows `src0..src7` of `L + 1` values through `scratch` (real,
/// imaginary), merged into `arrays`, where the stages start.
pub(super) fn write_merge_load<W: Write>(
    w: &mut Writer<W>,
    t: &Types,
    rows: &RealRows<'_>,
    scratch: [&str; 2],
    [are, aim]: [&str; 2],
) -> fmt::Result {
    let (len, lanes) = (rows.len, t.lanes);
    writeln!(
        w,
        "// The half spectrum: rows of {len} + 1 values, lane l's from src_l, X_0 .. X_(L-1) into {}/{}.",
        scratch[0], scratch[1]
    )?;
    write_lane_rows(w, "src", &format!("({len} + 1u)"))?;
    write_transposed_load(w, t, rows.runs, "src", scratch)?;
    if let Some(from) = rows.tail_from {
        write_tail_load(w, t, [from, len], "src", scratch)?;
    }
    let [bre, bim] = scratch;
    writeln!(
        w,
        "// X_L (its imaginary part ignored, as X_0's), lane by lane."
    )?;
    let last = lane_list(|lane| format!("x[src{lane} + 2 * (size_t){len}]"));
    writeln!(w, "const {lanes} last_re = ({lanes})({last});")?;
    writeln!(
        w,
        "// The merge: Z_k = (X_k + conj X_(L-k)) + i d, d = conj(W_N^k) (X_k - conj X_(L-k));"
    )?;
    writeln!(
        w,
        "// Z_0 = (X_0 + X_L) + i (X_0 - X_L) from the real parts alone."
    )?;
    writeln!(w, "{are}[0] = {bre}[0] + last_re;")?;
    writeln!(w, "{aim}[0] = {bre}[0] - last_re;")?;
    write_pair_loop(w, t, len)?;
    writeln!(w, "const {lanes} ar = {bre}[k], ai = {bim}[k];")?;
    writeln!(w, "const {lanes} br = {bre}[m], bi = {bim}[m];")?;
    write_merge_pair(w, lanes)?;
    writeln!(w, "{are}[k] = ar + br - di;")?;
    writeln!(w, "{aim}[k] = ai - bi + dr;")?;
    writeln!(w, "{are}[m] = ar + br + di;")?;
    writeln!(w, "{aim}[m] = bi - ai + dr;")?;
    w.dedent();
    writeln!(w, "}}")
}

/// The split's store: the spectrum `Z` in `arrays` (real, imaginary) split through `scratch`
/// and written, times `scale`, as rows `out0..out7` of `L + 1` values.
pub(super) fn write_split_store<W: Write>(
    w: &mut Writer<W>,
    t: &Types,
    precision: Precision,
    rows: &RealRows<'_>,
    [zre, zim]: [&str; 2],
    scratch: [&str; 2],
) -> fmt::Result {
    let (len, lanes) = (rows.len, t.lanes);
    let half = literal(0.5, precision);
    let zero = literal(0.0, precision);
    let [xre, xim] = scratch;
    writeln!(
        w,
        "// The split: X_k = E + W_N^k O, E = (Z_k + conj Z_(L-k)) / 2, O = -i (Z_k - conj Z_(L-k)) / 2;"
    )?;
    writeln!(
        w,
        "// X_0 = Re Z_0 + Im Z_0 and X_L = Re Z_0 - Im Z_0 are real; X_(L-k) = conj E - conj(W_N^k O)."
    )?;
    writeln!(w, "const {lanes} last_re = {zre}[0] - {zim}[0];")?;
    writeln!(w, "{xre}[0] = {zre}[0] + {zim}[0];")?;
    writeln!(w, "{xim}[0] = ({lanes})({zero});")?;
    write_pair_loop(w, t, len)?;
    writeln!(w, "const {lanes} zr = {zre}[k], zi = {zim}[k];")?;
    writeln!(w, "const {lanes} mr = {zre}[m], mi = {zim}[m];")?;
    write_split_pair(w, lanes, &half)?;
    writeln!(w, "{xre}[k] = er + sf;")?;
    writeln!(w, "{xim}[k] = ei + sg;")?;
    writeln!(w, "{xre}[m] = er - sf;")?;
    writeln!(w, "{xim}[m] = sg - ei;")?;
    w.dedent();
    writeln!(w, "}}")?;
    writeln!(w, "// Rows of {len} + 1 values: lane l's from out_l.")?;
    write_lane_rows(w, "out", &format!("({len} + 1u)"))?;
    write_transposed_store(w, t, rows.runs, "out", scratch)?;
    if let Some(from) = rows.tail_from {
        write_tail_store(w, [from, len], "out", scratch)?;
    }
    writeln!(w, "// X_L, lane by lane.")?;
    for lane in 0..LANES {
        writeln!(
            w,
            "y[out{lane} + 2 * (size_t){len}] = last_re.s{lane} * scale; y[out{lane} + 2 * (size_t){len} + 1] = {zero};"
        )?;
    }
    Ok(())
}

/// Opens the loop over the mirrored pairs `(k, m = L - k)`, `k = 1 ..= L/2`, with `W_N^k` in
/// `tr`, `ti`; the caller writes the body and closes it.
fn write_pair_loop<W: Write>(w: &mut Writer<W>, t: &Types, len: &str) -> fmt::Result {
    writeln!(w, "for (uint k = 1; k <= {len} / 2u; ++k) {{")?;
    w.indent();
    writeln!(w, "const uint m = {len} - k;")?;
    writeln!(
        w,
        "const {} tr = real_tw[2 * k], ti = real_tw[2 * k + 1];",
        t.scalar
    )
}

/// `d = conj(W) (X_k - conj X_m)` of the pair `X_k = (ar, ai)`, `X_m = (br, bi)` with the
/// twiddle `W = (tr, ti)`, in `dr`, `di`, as values of type `ty`: the merged pair is
/// `Z_k = (ar + br - di, ai - bi + dr)`, `Z_m = (ar + br + di, bi - ai + dr)`.
pub(super) fn write_merge_pair<W: Write>(w: &mut Writer<W>, ty: &str) -> fmt::Result {
    writeln!(w, "const {ty} sr = ar - br, si = ai + bi;")?;
    writeln!(
        w,
        "const {ty} dr = tr * sr + ti * si, di = tr * si - ti * sr;"
    )
}

/// `E`, `O` and `(sf, sg) = W O` of the pair `(zr, zi)`, `(mr, mi)` with the twiddle
/// `(tr, ti)`, as values of type `ty`: `X = E + W O` is `(er + sf, ei + sg)` and its mirror
/// `conj E - conj(W O)` is `(er - sf, sg - ei)`.
pub(super) fn write_split_pair<W: Write>(w: &mut Writer<W>, ty: &str, half: &str) -> fmt::Result {
    writeln!(
        w,
        "const {ty} er = (zr + mr) * {half}, ei = (zi - mi) * {half};"
    )?;
    writeln!(
        w,
        "const {ty} o_re = (zi + mi) * {half}, o_im = (mr - zr) * {half};"
    )?;
    writeln!(
        w,
        "const {ty} sf = tr * o_re - ti * o_im, sg = tr * o_im + ti * o_re;"
    )
}
