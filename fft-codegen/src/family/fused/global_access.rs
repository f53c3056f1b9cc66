//! One element's global access in a fused kernel's load and store phases: its address and
//! value, with the spec's edges (Bluestein's pad, filter and unpad, a real transform's merge,
//! the caller's layout) applied.

use super::shape::Shape;
use crate::index::Expr;
use fft_core::kernel::{ChirpStore, FusedChirp, FusedReal, Storage};

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

/// The value the load phase reads at global index `global` (of the length-M sequences):
/// `x[global]`, or Bluestein's padded input `pad_load(...)`.
pub(super) fn load(shape: &Shape, global: &Expr, flat: bool) -> String {
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
        return format!(
            "merge_load(x, {seq}, {pos}, {}, {})",
            sequence_len(shape, flat),
            real_twiddle(&pos, flat)
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
