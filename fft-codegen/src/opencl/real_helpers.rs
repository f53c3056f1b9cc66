//! The helpers of a real transform's steps (DESIGN.md 4.5), shared by the point-wise real
//! passes and the fused passes that do the steps at their edges.

use crate::opencl::literal::{literal, vector_type};
use crate::opencl::writer::Writer;
use fft_core::Precision;
use std::fmt::{self, Write};

/// Writes `real_twiddle` (W_N^k from the two-level table), `real_split` and `real_merge`.
/// Needs `cmul`.
pub(crate) fn write_real_helpers<W: Write>(w: &mut Writer<W>, precision: Precision) -> fmt::Result {
    let v = vector_type(precision);
    let half = literal(0.5, precision);
    writeln!(
        w,
        "// real_twiddle(hi, lo, k, h) = W_N^k = hi[k >> h] * lo[k & (2^h - 1)], a two-level table"
    )?;
    writeln!(
        w,
        "inline {v} real_twiddle(__global const {v} *restrict hi, __global const {v} *restrict lo, const uint k, const uint h)"
    )?;
    w.open_block()?;
    writeln!(w, "return cmul(hi[k >> h], lo[k & ((1u << h) - 1u)]);")?;
    w.close_block()?;
    writeln!(w)?;
    writeln!(
        w,
        "// real_split(z, zm, w): X_k of N reals from Z_k = z and Z_(H-k) = zm of their H = N/2-point"
    )?;
    writeln!(
        w,
        "// complex FFT, w = W_N^k: E = (z + conj zm) / 2, O = -i (z - conj zm) / 2, X_k = E + w * O"
    )?;
    writeln!(
        w,
        "inline {v} real_split(const {v} z, const {v} zm, const {v} w)"
    )?;
    w.open_block()?;
    writeln!(w, "const {v} e = ({v})(z.x + zm.x, z.y - zm.y) * {half};")?;
    writeln!(w, "const {v} o = ({v})(z.y + zm.y, zm.x - z.x) * {half};")?;
    writeln!(w, "return e + cmul(w, o);")?;
    w.close_block()?;
    writeln!(w)?;
    writeln!(
        w,
        "// real_merge(x, xm, w): Z_k of the H = N/2-point inverse FFT from X_k = x and X_(H-k) = xm,"
    )?;
    writeln!(w, "// w = W_N^-k: Z_k = (x + conj xm) + i w (x - conj xm)")?;
    writeln!(
        w,
        "inline {v} real_merge(const {v} x, const {v} xm, const {v} w)"
    )?;
    w.open_block()?;
    writeln!(w, "const {v} d = cmul(w, ({v})(x.x - xm.x, x.y + xm.y));")?;
    writeln!(w, "return ({v})(x.x + xm.x - d.y, x.y - xm.y + d.x);")?;
    w.close_block()
}
