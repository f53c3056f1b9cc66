//! The program-scope helpers of a fused kernel's edges: the caller's planar layout
//! (`load_planar`, `store_planar`), Bluestein's pad and unpad (`pad_load`, `unpad_store`) and
//! a real transform's merge and split (`merge_load`, `split_pair`).

use super::shape::Shape;
use crate::opencl::literal::literal;
use crate::opencl::writer::Writer;
use fft_core::kernel::{ChirpStore, FusedChirp, FusedReal, Storage};
use std::fmt::{self, Write};

/// The caller's planar layout's helpers the spec uses: `load_planar` (the input at an
/// address) and `store_planar` (the output at an address).
pub(super) fn write_planar_helpers<W: Write>(w: &mut Writer<W>, shape: &Shape) -> fmt::Result {
    let v = shape.vector;
    if shape.spec.load == Some(Storage::Planar) {
        writeln!(w)?;
        writeln!(
            w,
            "// load_planar(re, im, a): the caller's planar input at address a: (re[a], im[a])"
        )?;
        writeln!(
            w,
            "inline {v} load_planar(__global const {s} *restrict re, __global const {s} *restrict im, const uint a)",
            s = shape.scalar
        )?;
        w.open_block()?;
        writeln!(w, "return ({v})(re[a], im[a]);")?;
        w.close_block()?;
    }
    if shape.spec.store == Some(Storage::Planar) {
        writeln!(w)?;
        writeln!(
            w,
            "// store_planar(re, im, a, v): the caller's planar output at address a: re[a] = v.x, im[a] = v.y"
        )?;
        writeln!(
            w,
            "inline void store_planar(__global {s} *restrict re, __global {s} *restrict im, const uint a, const {v} v)",
            s = shape.scalar
        )?;
        w.open_block()?;
        writeln!(w, "re[a] = v.x;")?;
        writeln!(w, "im[a] = v.y;")?;
        w.close_block()?;
    }
    Ok(())
}

/// Bluestein's edge helpers the spec uses: `pad_load` (element `s` of the padded
/// sequences) and `unpad_store` (position `s` back to the N-point output).
pub(super) fn write_chirp_helpers<W: Write>(
    w: &mut Writer<W>,
    v: &str,
    chirp: FusedChirp,
) -> fmt::Result {
    if chirp.pad {
        writeln!(w)?;
        writeln!(
            w,
            "// pad_load(x, w, seq, pos, n): point pos of padded sequence seq, x[seq * n + pos] * w[pos] below n, zero beyond"
        )?;
        writeln!(
            w,
            "inline {v} pad_load(__global const {v} *restrict x, __global const {v} *restrict w, const uint seq, const uint pos, const uint n)"
        )?;
        w.open_block()?;
        writeln!(
            w,
            "return pos < n ? cmul(x[seq * n + pos], w[pos]) : ({v})(0);"
        )?;
        w.close_block()?;
    }
    if chirp.store == ChirpStore::Convolve {
        super::convolve::write_filter_conj_helper(w, v)?;
    }
    if matches!(chirp.store, ChirpStore::Unpad | ChirpStore::Convolve) {
        // The convolution's second run leaves the conjugate of the inverse FFT.
        let (value, formula) = if chirp.store == ChirpStore::Convolve {
            (format!("({v})(v.x, -v.y)"), "conj(v) * w[pos]")
        } else {
            ("v".to_string(), "v * w[pos]")
        };
        writeln!(w)?;
        writeln!(
            w,
            "// unpad_store(y, w, seq, pos, n, v): point pos of padded sequence seq, kept below n: y[seq * n + pos] = {formula}"
        )?;
        writeln!(
            w,
            "inline void unpad_store(__global {v} *restrict y, __global const {v} *restrict w, const uint seq, const uint pos, const uint n, const {v} v)"
        )?;
        w.open_block()?;
        writeln!(w, "if (pos < n)")?;
        w.open_block()?;
        writeln!(w, "y[seq * n + pos] = cmul({value}, w[pos]);")?;
        w.close_block()?;
        w.close_block()?;
    }
    Ok(())
}

/// The distance between the half spectrum's rows where a real split writes them:
/// `h_plus_one` (C text), or `out_pitch` in a pitched pass
/// ([`fft_core::kernel::FusedSpec::pitched`]).
pub(super) fn half_row_distance(shape: &Shape, h_plus_one: &str) -> String {
    if shape.spec.pitched {
        "out_pitch".to_string()
    } else {
        h_plus_one.to_string()
    }
}

/// The pitch argument a call of the split's helper passes on (`, out_pitch`), or nothing.
pub(super) fn pitch_argument(shape: &Shape) -> String {
    if shape.spec.pitched {
        ", out_pitch".to_string()
    } else {
        String::new()
    }
}

/// A pitched split's padding after `X_h` of the row at `row` (C text): zeros from
/// `h_plus_one` to `out_pitch`, so the row's last sector is written whole (the GPU reads a
/// sector it is given only in part before it can write it). Nothing for other passes.
pub(super) fn write_pad_fill<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    row: &str,
    h_plus_one: &str,
) -> fmt::Result {
    if !shape.spec.pitched {
        return Ok(());
    }
    let zero = literal(0.0, shape.spec.precision);
    writeln!(
        w,
        "// The row's padding: zeros, so its last sector is written whole."
    )?;
    writeln!(w, "for (uint e = {h_plus_one}; e < out_pitch; ++e)")?;
    w.open_block()?;
    writeln!(w, "y[{row} + e] = ({})({zero}, {zero});", shape.vector)?;
    w.close_block()
}

/// The real edge's helper: `merge_load` (the merge step of element `k` of sequence `seq`,
/// read from the half spectrum's rows of `h + 1` values) or `split_store` (the split step's
/// `X_k`, and `X_h` beside `X_0`, to those rows).
pub(super) fn write_real_edge_helper<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    real: FusedReal,
) -> fmt::Result {
    let (v, s) = (shape.vector, shape.scalar);
    let zero = literal(0.0, shape.spec.precision);
    writeln!(w)?;
    match real {
        FusedReal::Merge => {
            writeln!(
                w,
                "// merge_load(x, seq, k, h, t): Z_k of sequence seq from X_k and X_(h-k) of its row x[seq * (h + 1) ..],"
            )?;
            writeln!(
                w,
                "// t = W_N^k; the imaginary parts of X_0 and X_h ignored (numpy's irfft)"
            )?;
            writeln!(
                w,
                "inline {v} merge_load(__global const {v} *restrict x, const uint seq, const uint k, const uint h, const {v} t)"
            )?;
            w.open_block()?;
            writeln!(w, "const uint row = seq * (h + 1u);")?;
            writeln!(w, "{v} a = x[row + k];")?;
            writeln!(w, "{v} am = x[row + h - k];")?;
            writeln!(w, "if (k == 0u)")?;
            w.open_block()?;
            writeln!(w, "a.y = {zero};")?;
            writeln!(w, "am.y = {zero};")?;
            w.close_block()?;
            writeln!(w, "return real_merge(a, am, ({v})(t.x, -t.y));")?;
            w.close_block()
        }
        FusedReal::Split => {
            writeln!(
                w,
                "// split_pair(y, seq, k, h, t, z, zm, scale): X_k and X_(h-k) of sequence seq from Z_k = z and Z_(h-k) = zm"
            )?;
            writeln!(
                w,
                "// (k <= h/2, t = W_N^k, W_N^(h-k) = -conj(t)), times scale; k == 0 writes X_0 and X_h"
            )?;
            let pitch = if shape.spec.pitched {
                writeln!(w, "// (rows out_pitch values apart)")?;
                ", const uint out_pitch"
            } else {
                ""
            };
            writeln!(
                w,
                "inline void split_pair(__global {v} *restrict y, const uint seq, const uint k, const uint h, const {v} t, const {v} z, const {v} zm, const {s} scale{pitch})"
            )?;
            w.open_block()?;
            writeln!(
                w,
                "const uint row = seq * {};",
                half_row_distance(shape, "(h + 1u)")
            )?;
            writeln!(w, "y[row + k] = real_split(z, zm, t) * scale;")?;
            writeln!(w, "if (k == 0u)")?;
            w.open_block()?;
            writeln!(w, "y[row + h] = real_split(z, z, ({v})(-1, 0)) * scale;")?;
            write_pad_fill(w, shape, "row", "h + 1u")?;
            w.close_block()?;
            writeln!(w, "else if (2u * k != h)")?;
            w.open_block()?;
            writeln!(
                w,
                "y[row + h - k] = real_split(zm, z, ({v})(-t.x, t.y)) * scale;"
            )?;
            w.close_block()?;
            w.close_block()
        }
    }
}
