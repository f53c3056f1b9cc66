//! The roles of a fused kernel's work-item, as index bindings ([`Bindings`]): its sub-FFTs
//! and points in the stages (`j`, `c`, `at`) and in the column phases (`col`, `row`, `g`,
//! `i`, `k`, `base`, `cell`), and the flat phases' sub-FFT (`g0`, `end`). The kernel body
//! writes them; the CPU model (`fft_codegen::indexing`) evaluates the same bindings.

use super::shape::{linear, Shape};
use crate::index::{Bindings, Expr};
use fft_core::kernel::FusedReal;

/// The names the kernel body shares between its phases.
pub(super) struct Names {
    /// Local index `c * L + j` of the stage work-item's point j of sub-FFT c.
    pub(super) at: Expr,
    /// Local index `col * L + row` of the column phases' first element.
    pub(super) cell: Expr,
    /// Sub-FFT of the flat phases' element `lid` (`first + lid / L`).
    pub(super) flat_g: Expr,
}

/// The prefix of the load's mapping in a halves exchange with C > 1, and the argument whose
/// value 1 makes the load flat.
pub(super) const REGISTERS_LOAD: (&str, &str) = ("l", "t");
/// The same for the store.
pub(super) const REGISTERS_STORE: (&str, &str) = ("s", "p");

/// The work-item's role bindings, from `lid` and `first` to the flat phases' sub-FFT, and the
/// names the phases use.
pub(super) fn roles(shape: &Shape) -> (Bindings, Names) {
    let (l, c, group, per) = (shape.len, shape.columns, shape.group, shape.per_fft);
    let mut b = Bindings::new();
    let lid = b.bind("lid", Expr::builtin("get_local_id(0)"));
    let group_id = Expr::builtin("get_group_id(0)");
    let block = if shape.spec.real == Some(FusedReal::Merge) && shape.spec.is_wide() {
        bind_mirrored_block_order(&mut b, shape, group_id)
    } else {
        group_id
    };
    let first = b.bind("first", block.times(Expr::uint(c)));
    let runs = match (shape.has_c(), shape.has_j()) {
        (true, true) => format!("point j of sub-FFT c, local index at = c * {l} + j"),
        (true, false) => format!("sub-FFT c, local index at = c * {l}"),
        (false, _) => "point j of the work-group's sub-FFT, local index j".to_string(),
    };
    b.comment(format!("Stages: work-item lid runs {runs}."));
    match (shape.has_c(), shape.has_j()) {
        (true, true) => {
            b.bind("j", lid.clone().rem_const(per));
            b.bind("c", lid.clone().div_const(per));
        }
        (true, false) => {
            b.bind("c", lid.clone());
        }
        (false, _) => {
            b.bind("j", lid.clone());
        }
    }
    let at = b.bind_unless_var("at", stage_point(shape, "c", "j"));
    let rows = if shape.has_j() {
        format!("row + {per} * it")
    } else {
        "it".to_string()
    };
    b.comment(format!(
        "Column phases: work-item lid moves elements {rows} of sub-FFT g = first{}.",
        if shape.has_c() { " + col" } else { "" }
    ));
    match (shape.has_c(), shape.has_j()) {
        (true, true) if shape.spec.side_by_side > 0 => {
            bind_side_by_side_columns(&mut b, shape, &lid)
        }
        (true, true) => {
            b.bind("col", lid.clone().rem_const(c));
            b.bind("row", lid.clone().div_const(c));
        }
        (true, false) => {
            b.bind("col", lid.clone());
        }
        (false, _) => {
            b.bind("row", lid.clone());
        }
    }
    let paired = shape.spec.real == Some(FusedReal::Split) && c % 2 == 0;
    let g = if paired {
        bind_paired_columns(&mut b, shape)
    } else if shape.spec.interleaved {
        let gg = if shape.has_c() {
            first.clone().plus(Expr::var("col"))
        } else {
            first.clone()
        };
        b.comment(
            "Interleaved: launch sub-FFT gg is sub-FFT g of the sequences in column ci of inner.",
        );
        bind_interleaved_sub_fft(&mut b, gg)
    } else if shape.has_c() {
        b.bind("g", first.clone().plus(Expr::var("col")))
    } else {
        b.bind("g", first.clone())
    };
    bind_sub_fft(&mut b, shape, g.clone());
    let t = Expr::var("t");
    let sequence = if shape.spec.chirp.is_some() {
        Some("Bluestein: sub-FFT g belongs to padded sequence seq (column phases).".to_string())
    } else if shape.spec.real.is_some() && paired {
        // The paired split binds `seq` with its mirrored columns (`g / t` in column phases).
        None
    } else if shape.spec.load.is_some() || shape.spec.store.is_some() {
        Some(format!(
            "The caller's layout: sub-FFT g belongs to sequence seq of t * {l} points (column phases)."
        ))
    } else if shape.spec.real.is_some() && !paired {
        Some(format!(
            "Real transform: sub-FFT g belongs to sequence seq of H = t * {l} points (column phases)."
        ))
    } else {
        None
    };
    if let Some(comment) = sequence {
        b.comment(comment);
        b.bind("seq", g.over(t));
    }
    let cell = b.bind_unless_var("cell", stage_point(shape, "col", "row"));
    let flat_g = if shape.spec.interleaved {
        // No flat regime: its names are never read.
        first
    } else if shape.mixed {
        b.comment(format!(
            "Flat phases: element e = lid + {group} * it exists when first * {l} + e < end."
        ));
        b.bind("end", Expr::var("total").times(Expr::uint(l)))
    } else if group > l {
        b.comment(format!(
            "Flat phases: element e = lid + {group} * it is point e % {l} of sub-FFT g0 + {} * it.",
            group / l
        ));
        b.bind("g0", first.plus(lid.shifted(l.trailing_zeros())))
    } else {
        first
    };
    if shape.registers && shape.has_c() {
        bind_register_mappings(&mut b, shape);
    }
    (b, Names { at, cell, flat_g })
}

/// The column phases' `col` and `row` of an interleaved pass over `q` sequences side by side
/// ([`fft_core::kernel::FusedSpec::side_by_side`], `q` dividing `C`, the whole transform of
/// its axis): `q` neighbouring work-items take the `q` sequences at one point and the next
/// ones the next points, `col = lid % q + q * (lid / (q * L/R))`, `row = (lid / q) % (L/R)`,
/// so a warp reads and writes runs of up to 32 values where `lid % C`, `lid / C` (every other
/// interleaved pass: runs of `C` neighbouring sequences) gave runs of `q` values (two
/// channels side by side, a stereo signal: runs of 16 bytes). Any bijection of `lid` onto
/// `(col, row)` is a valid mapping of the column phases.
///
/// In a pass of several (`t > 1`: the first of a longer axis over a few channels) only the
/// phase over consecutive points takes that mapping: the store where `p == 1` (each sub-FFT's
/// points are consecutive), bound again for it ([`side_by_side_store`]); the load, whose
/// points are `t` apart, takes `lid % C`, `lid / C` (runs of `C` neighbouring sequences), as
/// do both phases of the other passes. `col` and `row` are the load's mapping.
fn bind_side_by_side_columns(b: &mut Bindings, shape: &Shape, lid: &Expr) {
    let (q, c, per) = (shape.spec.side_by_side, shape.columns, shape.per_fft);
    b.comment(format!(
        "{q} sequences side by side: {q} neighbouring work-items take them at one point, the next ones the next points."
    ));
    if shape.spec.side_by_side_in_runs {
        b.comment(format!(
            "One pass of several: (scol, srow) in the phases over consecutive points (t == 1: the load; p == 1: the store), else runs of {c} (rcol, rrow)."
        ));
    }
    let point = lid.clone().div_const(q);
    let side_col = lid
        .clone()
        .rem_const(q)
        .plus(lid.clone().div_const(q * per).times(Expr::uint(q)));
    let side_row = point.rem_const(per);
    if !shape.spec.side_by_side_in_runs {
        b.bind("col", side_col);
        b.bind("row", side_row);
        return;
    }
    let side_col = b.bind("scol", side_col);
    let side_row = b.bind("srow", side_row);
    let run_col = b.bind("rcol", lid.clone().rem_const(c));
    let run_row = b.bind("rrow", lid.clone().div_const(c));
    let t = Expr::var("t");
    b.bind("col", t.clone().select(Expr::uint(1), side_col, run_col));
    b.bind("row", t.select(Expr::uint(1), side_row, run_row));
}

/// Whether the store of this pass binds its own columns and rows where `p == 1`
/// ([`bind_side_by_side_columns`]).
pub(super) fn stores_side_by_side(shape: &Shape) -> bool {
    shape.spec.interleaved && shape.spec.side_by_side_in_runs && shape.has_c() && shape.has_j()
}

/// The store's `col`, `row` and the sub-FFT names they give (`gg`, `g`, `ci`, `i`, `k`,
/// `base`, `cell`) in a pass with sequences side by side ([`stores_side_by_side`]): the
/// side-by-side mapping where `p == 1`, the runs of `C` otherwise. The store phase writes
/// them in a block of its own, where they shadow the load's.
pub(super) fn side_by_side_store(shape: &Shape) -> Bindings {
    let mut b = Bindings::new();
    b.comment("The store's mapping: the sequences side by side where p == 1 (a sub-FFT's points are consecutive).");
    let p = Expr::var("p");
    let col = b.bind(
        "col",
        p.clone()
            .select(Expr::uint(1), Expr::var("scol"), Expr::var("rcol")),
    );
    b.bind(
        "row",
        p.select(Expr::uint(1), Expr::var("srow"), Expr::var("rrow")),
    );
    let g = bind_interleaved_sub_fft(&mut b, Expr::var("first").plus(col));
    bind_sub_fft(&mut b, shape, g);
    b.bind_unless_var("cell", stage_point(shape, "col", "row"));
    b
}

/// `gg`, the launch's sub-FFT, and of an interleaved pass the sub-FFT `g` it is of the
/// sequences in column `ci` of `inner`; returns `g`.
fn bind_interleaved_sub_fft(b: &mut Bindings, gg: Expr) -> Expr {
    let gg = b.bind("gg", gg);
    let g = b.bind("g", gg.clone().over(Expr::var("inner")));
    b.bind("ci", gg.minus(g.clone().times(Expr::var("inner"))));
    g
}

/// `i`, `k` and `base` of sub-FFT `g`: its index among the `t` of its sequence, its twiddle
/// index and the offset of its sequence's first value.
fn bind_sub_fft(b: &mut Bindings, shape: &Shape, g: Expr) {
    let (t, p) = (Expr::var("t"), Expr::var("p"));
    let i = if shape.mixed {
        let i = b.bind("i", g.clone().modulo(t.clone()));
        b.bind("k", i.clone().modulo(p));
        i
    } else {
        let i = b.bind("i", g.clone().and(t.clone().minus(Expr::uint(1))));
        b.bind("k", i.clone().and(p.minus(Expr::uint(1))));
        i
    };
    b.bind("base", g.minus(i).times(Expr::uint(shape.len)));
}

/// `pad(e)`, the local buffer index of element `e` ([`fft_core::kernel::FusedSpec::pad`]):
/// `e + (e >> s) + (e >> 2s)`, one value of padding after every `2^s` and another after every
/// `2^2s`, and `+ (e >> log2 P) * d` where each sub-FFT's part of `P` points takes `d` more.
pub(super) fn pad(shape: &Shape, e: Expr) -> Expr {
    let shift = shape.pad_step.trailing_zeros();
    let padded = e
        .clone()
        .plus(e.clone().shifted(shift))
        .plus(e.clone().shifted(2 * shift));
    let sub = shape.spec.sub_fft_pad();
    let part_bits = shape.spec.part_len().trailing_zeros();
    padded.plus(e.shifted(part_bits).times(Expr::uint(sub)))
}

/// `sub * L + point`, the local index of `point` of sub-FFT `sub`, for the variables that
/// exist (`sub` when C > 1, `point` when L > R).
pub(super) fn stage_point(shape: &Shape, sub: &str, point: &str) -> Expr {
    let l = if shape.has_c() { shape.len } else { 0 };
    let one = u32::from(shape.has_j());
    linear(&[(sub, l), (point, one)], 0)
}

/// The smallest sequence (half spectrum, `t * L` complex values) in bytes whose wide merge
/// pass takes its column blocks in mirrored order ([`bind_mirrored_block_order`]): 32 MiB,
/// about half the L2 cache of an H100 or H200 (50 and 60 MB), where a mirror read in launch
/// order, a sequence's length away, has left it. Measured on the H200 (docs/PERFORMANCE.md,
/// 2026-11-27 (wide merge), w3), C2R per 2^27 reals, launch order -> mirrored order: every
/// sequence of 32 MiB or more gained (f32 2^23 reals 0.996 -> 0.963 ms, 2^24 1.174 -> 1.117,
/// 2^25 1.193 -> 1.148; f64 2^22 1.026 -> 0.982, 2^23 1.290 -> 1.214) and every smaller one
/// lost (f32 2^22 0.901 -> 0.944; f64 2^20 0.832 -> 0.854, 2^21 0.769 -> 0.797).
const MIRRORED_ORDER_MIN_BYTES: u64 = 32 << 20;

/// The fewest column blocks per sequence (`t / C`) of [`MIRRORED_ORDER_MIN_BYTES`] for
/// `shape`'s blocks of `C` sub-FFTs of `L` points: 256 for f32, 512 for f64 (the wide
/// lengths' blocks hold 128 and 64 KiB).
fn mirrored_order_min_blocks(shape: &Shape) -> u32 {
    let block_bytes = u64::from(shape.columns)
        * u64::from(shape.len)
        * shape.spec.precision.complex_bytes() as u64;
    u32::try_from(MIRRORED_ORDER_MIN_BYTES.div_ceil(block_bytes)).unwrap_or(u32::MAX)
}

/// The block of `C` columns a work-group of a wide pass with a real transform's merge takes:
/// where `C` divides `t` and a sequence has at least [`mirrored_order_min_blocks`] blocks
/// `B = t / C`, the sequence's blocks in mirrored order `0, B-1, 1, B-2, ...`, so the values
/// each work-group reads as the mirrors of its own (`conj X[H-k]`, columns `t - col`) belong
/// to the blocks of the work-groups beside it, which read them at about the same time (from
/// the L2 cache rather than from memory a second time). Otherwise the launch order
/// (`get_group_id(0)`).
fn bind_mirrored_block_order(b: &mut Bindings, shape: &Shape, group_id: Expr) -> Expr {
    let (c, least) = (shape.columns, mirrored_order_min_blocks(shape));
    b.comment(format!(
        "Real merge: with blocks = t / {c} >= {least}, a sequence's work-groups take its column blocks in mirrored"
    ));
    b.comment("order 0, blocks-1, 1, blocks-2, ...: each work-group's mirrors were just read by its neighbours.");
    let t = Expr::var("t");
    let blocks = b.bind(
        "blocks",
        t.clone().plus(Expr::uint(c - 1)).over(Expr::uint(c)),
    );
    let sequence = b.bind("bseq", group_id.clone().over(blocks.clone()));
    let within = b.bind(
        "bw",
        group_id
            .clone()
            .minus(sequence.clone().times(blocks.clone())),
    );
    let half = within.clone().shifted(1);
    let mirrored = within.and(Expr::uint(1)).select(
        Expr::uint(0),
        half.clone(),
        blocks.clone().minus(Expr::uint(1)).minus(half),
    );
    let reordered = sequence.times(blocks.clone()).plus(mirrored);
    let many = blocks
        .min(Expr::uint(least))
        .select(Expr::uint(least), reordered, group_id.clone());
    b.bind(
        "block",
        t.rem_const(c).select(Expr::uint(0), many, group_id),
    )
}

/// The sub-FFT `g` of column `col` when the store does a real transform's split step in a
/// multi-pass plan (t > 1): the work-group's columns come in mirrored pairs of one sequence,
/// `j` (slots `0..C/2`) and `t - j` (slots `C/2..C`; slot `C/2` of the sequence's first
/// work-group takes the self-mirrored column `t/2` where `t` is even), so both values of
/// every split are in its local memory. `C` divides `t`, a sequence taking `t / C`
/// work-groups, except in a kernel that pairs at any stride
/// ([`fft_core::kernel::FusedSpec::split_any_stride`]): there a sequence's `ceil(t/2)` front
/// columns `j` (0 and `1..t/2`, with their mirrors) take `ceil(ceil(t/2) / (C/2))`
/// work-groups, and the slots past the last front column, and for odd `t` the mirror slot of
/// column 0 (its own mirror), hold a copy of a column another slot holds (`rr` clamped to
/// the last front column) and store nothing (`live` = 0). Binds `seq`, `rr`, `front` (1 in
/// the slots of columns `j`, else 0), `pcol` (the partner's slot), `live` (any stride) and
/// `g`, all index expressions, so the exchanges' padding search
/// ([`super::exchange_lanes::Exchange`]) can evaluate them in every work-item.
fn bind_paired_columns(b: &mut Bindings, shape: &Shape) -> Expr {
    let half = shape.columns / 2;
    let ascending = super::split::own_side(shape);
    b.comment(format!(
        "Real split (t > 1): slots col < {half} hold columns rr, the others their mirrors t - rr (t/2 for rr = 0),"
    ));
    if ascending {
        b.comment(format!(
            "rr = {half} * (work-group within the sequence) + f, f = col for col < {half}, else {} - col (the mirror",
            2 * half - 1
        ));
        b.comment("slots' columns ascend with col); pcol is the slot of the mirror.");
    } else {
        b.comment(format!(
            "rr = {half} * (work-group within the sequence) + col % {half}; pcol is the slot of the mirror."
        ));
    }
    let (t, col) = (Expr::var("t"), Expr::var("col"));
    let (zero, one) = (Expr::uint(0), Expr::uint(1));
    let fronts = shape.spec.split_any_stride.then(|| {
        b.comment(format!(
            "Any stride: a sequence's fronts = ceil(t/2) front columns take ceil(fronts / {half}) work-groups; a slot past"
        ));
        b.comment(
            "them (and, for odd t, the mirror slot of column 0, its own mirror) holds a copy of the last front column (rw clamped)",
        );
        b.comment("and stores nothing (live = 0).");
        b.bind("fronts", t.clone().plus(one.clone()).shifted(1))
    });
    let pairs = match &fronts {
        // ceil(fronts / half), at least 1 (t >= 1).
        Some(fronts) => fronts.clone().plus(Expr::uint(half - 1)).div_const(half),
        // max(t / C, 1): a sequence's work-groups, one where t < C.
        None => {
            let blocks = t.clone().div_const(shape.columns);
            blocks.clone().select(zero.clone(), one.clone(), blocks)
        }
    };
    let pairs = b.bind("pairs", pairs);
    let group = Expr::builtin("get_group_id(0)");
    let seq = b.bind("seq", group.clone().over(pairs.clone()));
    let within = group.minus(seq.clone().times(pairs));
    let front = b.bind(
        "front",
        col.clone()
            .div_const(half)
            .select(zero.clone(), one.clone(), zero.clone()),
    );
    let slot = col.clone().rem_const(half);
    let f = if ascending {
        // Mirror slot half + f holds the mirror of front column half - 1 - f: the mirror
        // slots' columns ascend with the slot, as the front's do.
        let mirrored = Expr::uint(half - 1).minus(slot.clone());
        front.clone().select(one.clone(), slot, mirrored)
    } else {
        slot
    };
    let wanted = within.times(Expr::uint(half)).plus(f);
    let rr = match fronts {
        Some(fronts) => {
            let wanted = b.bind("rw", wanted);
            let rr = b.bind("rr", wanted.clone().min(fronts.minus(one.clone())));
            // 1 where rr is the column the slot wants, and not the mirror slot of column 0
            // for odd t.
            let in_range = rr.clone().select(wanted, one.clone(), zero.clone());
            let odd_t = t.clone().and(one.clone());
            let self_mirror_slot = front.clone().plus(rr.clone()).select(
                zero.clone(),
                odd_t.select(one.clone(), zero.clone(), one.clone()),
                one.clone(),
            );
            b.bind("live", in_range.times(self_mirror_slot));
            rr
        }
        None => b.bind("rr", wanted),
    };
    let mirror_slot = if ascending {
        Expr::uint(2 * half - 1).minus(col.clone())
    } else {
        front.clone().select(
            one.clone(),
            col.clone().plus(Expr::uint(half)),
            col.clone().minus(Expr::uint(half)),
        )
    };
    b.bind(
        "pcol",
        rr.clone().select(zero.clone(), col.clone(), mirror_slot),
    );
    let mirror_column =
        rr.clone()
            .select(zero, t.clone().div_const(2), t.clone().minus(rr.clone()));
    let paired = seq
        .times(t.clone())
        .plus(front.select(one.clone(), rr, mirror_column));
    b.bind("g", t.select(one, Expr::var("first").plus(col), paired))
}

/// The work-item mappings of a halves exchange with C > 1: the load's (`lc`, `lj`: flat when
/// `t == 1`, columns otherwise) for the first stages, the store's (`sc`, `sj`: flat when
/// `p == 1`) for the last ([`REGISTERS_LOAD`], [`REGISTERS_STORE`]).
fn bind_register_mappings(b: &mut Bindings, shape: &Shape) {
    b.comment(
        "The stages' mappings: the first runs point lj of sub-FFT lc, where the load put them (flat: j of c;",
    );
    b.comment(format!(
        "columns: row of col), the last point sj of sub-FFT sc, where the store takes them ({} stages).",
        shape.stages.len()
    ));
    for (prefix, arg) in [REGISTERS_LOAD, REGISTERS_STORE] {
        // An interleaved pass has only the column regime; with sequences side by side the
        // store's columns are its own where p == 1.
        let side_by_side_store = stores_side_by_side(shape) && arg == REGISTERS_STORE.1;
        let flat = |flat: &str, column: &str| {
            if side_by_side_store {
                let (side, runs) = (format!("s{column}"), format!("r{column}"));
                Expr::var(arg).select(Expr::uint(1), Expr::var(&side), Expr::var(&runs))
            } else if shape.spec.interleaved {
                Expr::var(column)
            } else {
                Expr::var(arg).select(Expr::uint(1), Expr::var(flat), Expr::var(column))
            }
        };
        b.bind(&format!("{prefix}c"), flat("c", "col"));
        b.bind(&format!("{prefix}j"), flat("j", "row"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::Env;
    use fft_core::kernel::FusedSpec;
    use fft_core::{Direction, Precision};
    use std::collections::BTreeSet;

    /// The columns `g` of every work-item of every work-group of a wide merge pass of
    /// 2048-point sub-FFTs with `t` columns per sequence and `seqs` sequences.
    fn merge_columns(precision: Precision, t: u64, seqs: u64) -> Vec<u64> {
        let spec = FusedSpec {
            direction: Direction::Inverse,
            precision,
            real: Some(FusedReal::Merge),
            ..FusedSpec::new(2048)
        };
        assert!(spec.is_wide(), "{spec:?}");
        let shape = Shape::of(&spec);
        let (bindings, _) = roles(&shape);
        let c = u64::from(shape.columns);
        let mut columns = Vec::new();
        for group in 0..(t * seqs).div_ceil(c) {
            // Work-items col = 0..C of the work-group's first row.
            for lid in 0..c {
                let env = Env::new()
                    .with("get_local_id(0)", lid)
                    .with("get_group_id(0)", group)
                    .with("t", t)
                    .with("p", 1);
                let env = bindings.evaluate(&env).unwrap();
                assert_eq!(env.get("col"), Some(lid));
                columns.push(env.get("g").unwrap());
            }
        }
        columns
    }

    /// The paired split's live slots of every work-group of `seqs` sequences of `t` columns
    /// (the launch's `ceil(ceil(t/2) / (C/2))` work-groups per sequence): `(g, partner)` for
    /// each, the partner being the column in slot `pcol`.
    fn paired_split_columns(spec: &FusedSpec, t: u64, seqs: u64) -> Vec<(u64, u64)> {
        let shape = Shape::of(spec);
        let (bindings, _) = roles(&shape);
        let c = u64::from(shape.columns);
        let groups = match spec.paired_split_columns() {
            Some(half) => (t as usize).div_ceil(2).div_ceil(half as usize) as u64 * seqs,
            None => t * seqs / c,
        };
        let mut live = Vec::new();
        for group in 0..groups {
            let env = |lid: u64| {
                let env = Env::new()
                    .with("get_local_id(0)", lid)
                    .with("get_group_id(0)", group)
                    .with("t", t)
                    .with("p", t)
                    .with("total", t * seqs);
                bindings.evaluate(&env).unwrap()
            };
            // Work-items col = 0..C of the work-group's first row.
            let columns: Vec<_> = (0..c).map(env).collect();
            for slot in &columns {
                assert_eq!(slot.get("row"), Some(0));
                if slot.get("live").unwrap_or(1) == 1 {
                    let partner = &columns[slot.get("pcol").unwrap() as usize];
                    live.push((slot.get("g").unwrap(), partner.get("g").unwrap()));
                }
            }
        }
        live
    }

    #[test]
    fn paired_splits_hold_every_column_once_with_its_mirror_at_any_stride() {
        // f32 (own side) and f64 (shared pairs) at any stride: C dividing t, not dividing
        // it, t odd, t < C; without it, multiples of C.
        for (precision, len, split_columns, any_stride) in [
            (Precision::F32, 128, 0, true),
            (Precision::F32, 77, 40, true),
            (Precision::F32, 200, 18, true),
            (Precision::F64, 77, 0, true),
            (Precision::F32, 128, 0, false),
            (Precision::F64, 128, 0, false),
        ] {
            let spec = FusedSpec {
                precision,
                real: Some(FusedReal::Split),
                split_columns,
                split_any_stride: any_stride,
                lengths: fft_core::kernel::Lengths::Any,
                ..FusedSpec::new(len)
            };
            spec.check().unwrap();
            let c = u64::from(spec.columns());
            let strides = match any_stride {
                true => vec![2, 3, 7, 64, 77, 245, 250, 1024],
                false => vec![c, 2 * c, 64 * c],
            };
            for t in strides {
                let seqs = 3;
                let live = paired_split_columns(&spec, t, seqs);
                let what = format!("{} t = {t}", spec.name());
                let columns: BTreeSet<u64> = live.iter().map(|&(g, _)| g).collect();
                assert_eq!(live.len() as u64, t * seqs, "{what}: a column twice");
                assert_eq!(columns.len() as u64, t * seqs, "{what}");
                assert_eq!(columns.last(), Some(&(t * seqs - 1)), "{what}");
                for (g, partner) in live {
                    // Column i pairs with t - i (0 and t/2 with themselves), in one sequence.
                    let (seq, i) = (g / t, g % t);
                    assert_eq!(partner, seq * t + (t - i) % t, "{what}: column {g}");
                }
            }
        }
    }

    #[test]
    fn wide_merge_work_groups_take_every_column_once_in_either_block_order() {
        // C = 8 (f32) and 2 (f64); t / C from 1 to 4096 blocks, the mirrored order from 32 MiB
        // (256 blocks in f32, 512 in f64).
        for precision in [Precision::F32, Precision::F64] {
            for t in [8, 64, 1024, 4096, 1 << 15] {
                let seqs = 3;
                let columns = merge_columns(precision, t, seqs);
                let distinct: BTreeSet<u64> = columns.iter().copied().collect();
                assert_eq!(columns.len() as u64, t * seqs, "{precision:?} t = {t}");
                assert_eq!(distinct.len() as u64, t * seqs, "{precision:?} t = {t}");
                assert_eq!(distinct.last(), Some(&(t * seqs - 1)));
            }
        }
        // Work-group 1 (its column 0 at index C) takes the second block in launch order, the
        // last in mirrored order:
        // from 32 MiB per sequence, 256 blocks of 8 x 2048 f32 values, 512 of 2 x 2048 f64.
        for (precision, c, t, mirrored) in [
            (Precision::F32, 8, 1024, false),
            (Precision::F32, 8, 2048, true),
            (Precision::F64, 2, 512, false),
            (Precision::F64, 2, 1024, true),
        ] {
            let first_column = merge_columns(precision, t, 1)[c as usize];
            let want = if mirrored { t - c } else { c };
            assert_eq!(first_column, want, "{precision:?} t = {t}");
        }
    }

    #[test]
    fn interleaved_work_items_take_every_column_and_point_once_in_runs_of_whole_values() {
        // 1024 points (wide: C = 16, 32 work-items per sub-FFT), 256 (C = 16, 16), 1000
        // (C = 4, 100); every interleaved pass, and the whole transforms of sequences side by
        // side where they divide C.
        for len in [1024, 256, 1000] {
            let plain = FusedSpec {
                interleaved: true,
                ..FusedSpec::new(len)
            };
            for inner in [1u32, 2, 3, 4, 6, 8, 12, 16, 24, 1024] {
                let side_by_side = plain.side_by_side_for(inner as usize);
                let spec = FusedSpec {
                    interleaved: true,
                    side_by_side,
                    ..FusedSpec::new(len)
                };
                spec.check().unwrap();
                let shape = Shape::of(&spec);
                let (bindings, _) = roles(&shape);
                let (c, per) = (u64::from(shape.columns), u64::from(shape.per_fft));
                let mut cells = BTreeSet::new();
                let mut addresses = Vec::new();
                for lid in 0..u64::from(shape.group) {
                    let env = Env::new()
                        .with("get_local_id(0)", lid)
                        .with("get_group_id(0)", 3)
                        .with("t", 1)
                        .with("p", 1)
                        .with("inner", u64::from(inner));
                    let env = bindings.evaluate(&env).unwrap();
                    let (col, row) = (env.get("col").unwrap(), env.get("row").unwrap());
                    if side_by_side == 0 {
                        assert_eq!((col, row), (lid % c, lid / c), "{len} inner {inner}");
                    }
                    assert!(col < c && row < per, "{len} inner {inner}: {col} {row}");
                    cells.insert((col, row));
                    let (g, ci) = (env.get("g").unwrap(), env.get("ci").unwrap());
                    // Element row of sequence g in column ci.
                    addresses.push((g * u64::from(len) + row) * u64::from(inner) + ci);
                }
                let what = format!("{len} points, inner {inner}");
                assert_eq!(cells.len() as u64, c * per, "{what}: not a bijection");
                if side_by_side > 0 {
                    // Each warp's 32 work-items take runs of min(32, q * L/R) neighbouring
                    // values, one more where a warp straddles two sub-FFTs (100 points);
                    // `lid % C` took runs of `inner`: 16 of 2 values.
                    let q = u64::from(side_by_side);
                    for warp in addresses.chunks(32) {
                        let mut sorted = warp.to_vec();
                        sorted.sort_unstable();
                        let runs = 1 + sorted.windows(2).filter(|w| w[1] != w[0] + 1).count();
                        assert!(runs as u64 <= 32 / (q * per).min(32) + 1, "{what}: {runs}");
                    }
                }
            }
        }
    }

    /// The runs of one warp's addresses: how many maximal ranges of consecutive values.
    fn runs(warp: &[u64]) -> usize {
        let mut sorted = warp.to_vec();
        sorted.sort_unstable();
        1 + sorted.windows(2).filter(|w| w[1] != w[0] + 1).count()
    }

    #[test]
    fn first_passes_of_channels_load_runs_of_columns_and_store_the_channels_side_by_side() {
        // 256 points in local memory (C = 16) and 1024 in registers (C = 8) over 2 and 4
        // channels, the first pass of a 2^16 or 2^20-point axis (t = 256 or 1024, p = 1)
        // and its last (p = t): the load reads runs of C values (C / q sub-FFTs of q
        // channels); the first pass's store, each sub-FFT's points consecutive, takes the
        // channels side by side (runs of whole warps, where `lid % C` wrote runs of q), the
        // last pass's its runs of C.
        for len in [256u32, 1024] {
            for q in [2u32, 4] {
                let spec = FusedSpec {
                    interleaved: true,
                    side_by_side: q,
                    side_by_side_in_runs: true,
                    ..FusedSpec::new(len)
                };
                spec.check().unwrap();
                let shape = Shape::of(&spec);
                let (bindings, _) = roles(&shape);
                let store = side_by_side_store(&shape);
                let (c, l) = (u64::from(shape.columns), u64::from(len));
                let t = l;
                for p in [1, t] {
                    let (mut loads, mut stores) = (Vec::new(), Vec::new());
                    let mut cells = BTreeSet::new();
                    for lid in 0..u64::from(shape.group) {
                        let mut env = bindings
                            .evaluate(
                                &Env::new()
                                    .with("get_local_id(0)", lid)
                                    .with("get_group_id(0)", 5)
                                    .with("t", t)
                                    .with("p", p)
                                    .with("inner", u64::from(q)),
                            )
                            .unwrap();
                        let at = |env: &Env, name: &str| env.get(name).unwrap();
                        assert_eq!((at(&env, "col"), at(&env, "row")), (lid % c, lid / c));
                        let (i, base) = (at(&env, "i"), at(&env, "base"));
                        loads
                            .push((base + i + at(&env, "row") * t) * u64::from(q) + at(&env, "ci"));
                        store.evaluate_into(&mut env).unwrap();
                        let (i, k, base, row) = (
                            at(&env, "i"),
                            at(&env, "k"),
                            at(&env, "base"),
                            at(&env, "row"),
                        );
                        cells.insert(at(&env, "cell"));
                        let out = base + (i - k) * l + k + row * p;
                        stores.push(out * u64::from(q) + at(&env, "ci"));
                    }
                    let what = format!("{len} points, {q} channels, p = {p}");
                    assert_eq!(cells.len() as u64, u64::from(shape.group), "{what}");
                    for warp in loads.chunks(32) {
                        assert_eq!(runs(warp) as u64, 32 / c, "{what}: loads");
                    }
                    let store_runs = if p == 1 { 1 } else { 32 / c };
                    for warp in stores.chunks(32) {
                        assert_eq!(runs(warp) as u64, store_runs, "{what}: stores");
                    }
                }
            }
        }
    }
}
