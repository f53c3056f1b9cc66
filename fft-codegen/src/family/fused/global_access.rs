//! One element's global access in a fused kernel's load and store phases: its address and
//! value, with the spec's edges (Bluestein's pad, filter and unpad, a real transform's merge,
//! the caller's layout) applied.

use super::body::column_point;
use super::shape::Shape;
use super::split::element_angle;
use super::unrolled::Element;
use crate::index::Expr;
use crate::opencl::literal::literal;
use crate::opencl::writer::Writer;
use fft_core::kernel::{ChirpStore, FusedChirp, FusedReal, Storage};
use std::fmt::{self, Write};

/// Bluestein's (sequence, position) of global index `global` of the M-point sequences: in the
/// flat regimes (one pass, L = M) by constants, else from the work-item's `seq` and `base`.
fn seq_pos(shape: &Shape, global: &Expr, flat: bool) -> (String, String) {
    if flat {
        let l = shape.len;
        (
            global.clone().div_const(l).to_string(),
            format!("({})", global.clone().rem_const(l)),
        )
    } else {
        ("seq".to_string(), format!("({global}) - base"))
    }
}

/// H, the points of the complex sequences a real step's pass works on: L in one pass (flat
/// regimes), `t * L` in the column regimes (`t == p` in a last pass).
fn sequence_len(shape: &Shape, flat: bool) -> String {
    if flat {
        format!("{}u", shape.len)
    } else {
        format!("t * {}u", shape.len)
    }
}

/// `W_N^k` of a real step at position `k`: the one-level table of a single pass (flat
/// regimes), the two-level one otherwise.
pub(super) fn real_twiddle(k: &str, flat: bool) -> String {
    if flat {
        format!("real_hi[{k}]")
    } else {
        format!("real_twiddle(real_hi, real_lo, {k}, rh)")
    }
}

/// The twiddles of a real step in the column regime on a grid: element `m = row + P * it`
/// of column `i` takes `W_N^k`, `k = i + m * s` (`s` = `p` in a split's last pass, `t` in a
/// merge's first pass), and with `N = 2 s L` that is `W_N^(i + row * s) * W_(2L)^(P * it)`:
/// one two-level table read per work-item (`real_first`) and a constant per element
/// (`real_step`, folded where the loop unrolls; [`real_twiddle_on_grid`]) instead of a table
/// read per element. Measured on the H200 (docs/PERFORMANCE.md, 2026-12-01 (real grid)): the
/// split pass of 2^20 reals 0.348 -> 0.326 ms per 2^27 reals.
pub(super) fn write_real_twiddle_grid<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    stride: &str,
) -> fmt::Result {
    let (v, precision) = (shape.vector, shape.spec.precision);
    let first = column_point(shape, Element::Fixed(0));
    writeln!(
        w,
        "// The real step's W_N^k of element it on a grid: real_first = W_N^(i + {first} * {stride}) times real_step[it] = W_{}^({} * it).",
        2 * shape.len,
        shape.per_fft
    )?;
    writeln!(
        w,
        "const {v} real_first = {};",
        real_twiddle(&format!("i + {first} * {stride}"), false)
    )?;
    let steps: Vec<String> = (0..shape.radix)
        .map(|it| {
            let value = element_angle(shape, it).value();
            format!(
                "({v})({}, {})",
                // `+ 0.0` writes a zero part as 0, not -0.
                literal(value.re + 0.0, precision),
                literal(value.im + 0.0, precision)
            )
        })
        .collect();
    writeln!(
        w,
        "const {v} real_step[{}] = {{{}}};",
        shape.radix,
        steps.join(", ")
    )
}

/// Element `it`'s real-step twiddle on the grid [`write_real_twiddle_grid`] declares.
pub(super) fn real_twiddle_on_grid(it: Element) -> String {
    format!("cmul(real_first, real_step[{}])", it.index())
}

/// The value the load phase reads at global index `global` (of the length-M sequences):
/// `x[global]`, or Bluestein's padded input `pad_load(...)`.
pub(super) fn load(shape: &Shape, global: &Expr, flat: bool) -> String {
    load_with_real_twiddle(shape, global, flat, None)
}

/// [`load`], a merge's twiddle given as `twiddle` (C text) instead of a table read.
pub(super) fn load_with_real_twiddle(
    shape: &Shape,
    global: &Expr,
    flat: bool,
    twiddle: Option<&str>,
) -> String {
    if let Some(storage) = shape.spec.load {
        let (seq, pos) = seq_pos(shape, global, flat);
        let at = format!("({seq}) * in_dist + ({pos}) * in_stride");
        return match storage {
            Storage::Interleaved => format!("x[{at}]"),
            Storage::Planar => format!("load_planar(x_re, x_im, {at})"),
        };
    }
    // Rows in pairs are whole rows (t == 1): the flat load only.
    if shape.spec.pair_rows && flat {
        return format!("pair_load(x, {global}, pair_hi, pair_sign, pair_t)");
    }
    if shape.spec.real == Some(FusedReal::Merge) {
        let (seq, pos) = seq_pos(shape, global, flat);
        let twiddle = twiddle.map_or_else(|| real_twiddle(&pos, flat), str::to_string);
        return format!(
            "merge_load(x, {seq}, {pos}, {}, {twiddle})",
            sequence_len(shape, flat),
        );
    }
    match shape.spec.chirp {
        Some(FusedChirp { pad: true, .. }) => {
            let (seq, pos) = seq_pos(shape, global, flat);
            format!("pad_load(x, w, {seq}, {pos}, n)")
        }
        _ => format!("x[{global}]"),
    }
}

/// The store phase's statement for `value` at global index `global`: times the scale, and
/// times the filter's spectrum or through Bluestein's unpad as the spec says.
pub(super) fn store(shape: &Shape, global: &Expr, value: &str, flat: bool) -> String {
    if let Some(storage) = shape.spec.store {
        let (seq, pos) = seq_pos(shape, global, flat);
        let at = format!("({seq}) * out_dist + ({pos}) * out_stride");
        return match storage {
            Storage::Interleaved => format!("y[{at}] = {value} * scale;"),
            Storage::Planar => format!("store_planar(y_re, y_im, {at}, {value} * scale);"),
        };
    }
    let store = shape.spec.chirp.map(|c| c.store);
    match store {
        Some(ChirpStore::Filter) => {
            let (_, pos) = seq_pos(shape, global, flat);
            format!("y[{global}] = cmul({value}, filter[{pos}]) * scale;")
        }
        Some(ChirpStore::Unpad | ChirpStore::Convolve) => {
            let (seq, pos) = seq_pos(shape, global, flat);
            format!("unpad_store(y, w, {seq}, {pos}, n, {value} * scale);")
        }
        _ => format!("y[{global}] = {value} * scale;"),
    }
}
