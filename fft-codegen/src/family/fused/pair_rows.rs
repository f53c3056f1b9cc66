//! Rows in pairs ([`fft_core::kernel::FusedSpec::pair_rows`]): a whole-row pass that takes
//! the first radix-2 step of the axis before the rows in its load. Sub-FFT `first` is row `w`
//! of its block of `2M` rows; it transforms rows `n` and `n + M` of the block, `n = w / 2`
//! within the block: their sum where `w` is even, their difference times `W_2M^n` where it is
//! odd. Row `2n + h` then holds what the axis's remaining `M`-point transform of `h`'s half
//! needs, in place for one interleaved pass over `2L` columns (fft-core's `plan/pair_rows.rs`).

use super::shape::Shape;
use crate::opencl::writer::Writer;
use std::fmt::{self, Write};

/// The helper `pair_load`: element `a` of the sum or twiddled difference of a row and the
/// row `hi` values further.
pub(super) fn write_pair_load_helper<W: Write>(w: &mut Writer<W>, shape: &Shape) -> fmt::Result {
    if !shape.spec.pair_rows {
        return Ok(());
    }
    let (v, s) = (shape.vector, shape.scalar);
    writeln!(w)?;
    writeln!(
        w,
        "// pair_load(x, a, hi, sign, t) = (x[a] + sign * x[a + hi]) * t: element a of the sum (sign 1, t = 1)"
    )?;
    writeln!(
        w,
        "// or the twiddled difference (sign -1, t = W_2M^n) of a row and the row M rows further (hi values)"
    )?;
    writeln!(
        w,
        "inline {v} pair_load(__global const {v} *x, const uint a, const uint hi, const {s} sign, const {v} t)"
    )?;
    w.open_block()?;
    writeln!(w, "return cmul(x[a] + sign * x[a + hi], t);")?;
    w.close_block()
}

/// The flat load's prologue of a pass over rows in pairs: binds `pair_hi` (the values between
/// the two rows), `pair_sign` and `pair_t` for `pair_load`, and returns the first row's start
/// (C text) for the load's `src`.
pub(super) fn write_pair_rows_prologue<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
) -> Result<String, fmt::Error> {
    let (l, v, s) = (shape.len, shape.vector, shape.scalar);
    writeln!(
        w,
        "// Flat rows in pairs (t == 1, k = 0): sub-FFT first is row w of its block of 2M rows (M = pair_m); element"
    )?;
    writeln!(
        w,
        "// e = lid + {} * it is point e of x_n + x_(n+M) (w even) or (x_n - x_(n+M)) * W_2M^n (pair_tw[n], w odd),",
        shape.group
    )?;
    writeln!(
        w,
        "// x_n row n of the block, n = w / 2: pair_load(x, src + {} * it, ...), x_(n+M) pair_hi values further.",
        shape.group
    )?;
    writeln!(w, "const uint pair_block = first / (2u * pair_m);")?;
    writeln!(w, "const uint pair_w = first - pair_block * 2u * pair_m;")?;
    writeln!(w, "const uint pair_n = pair_w >> 1;")?;
    writeln!(w, "const uint pair_hi = pair_m * {l}u;")?;
    writeln!(w, "const uint pair_odd = pair_w & 1u;")?;
    writeln!(w, "const {s} pair_sign = pair_odd == 0u ? 1 : -1;")?;
    writeln!(
        w,
        "const {v} pair_t = pair_odd == 0u ? ({v})(1, 0) : pair_tw[pair_n];"
    )?;
    Ok(format!("(pair_block * 2u * pair_m + pair_n) * {l}u + lid"))
}
