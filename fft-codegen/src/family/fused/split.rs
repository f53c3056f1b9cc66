//! A real transform's split step in the store of a fused pass (`FusedReal::Split`): both
//! values of every pair `Z_k`, `Z_(H-k)` come from local memory, and each pair writes
//! `X_k` and `X_(H-k)`.

use super::body::column_point;
use super::edge_helpers::{half_row_distance, pitch_argument, write_pad_fill};
use super::exchange::{write_exchange, Part, Placed};
use super::global_access::{real_twiddle, real_twiddle_on_grid, write_real_twiddle_grid};
use super::paired_split::paired_split_angles;
use super::roles::{Names, REGISTERS_STORE};
use super::shape::Shape;
use super::unrolled::{write_element_blocks, write_elements, Element};
use crate::index::Expr;
use crate::math::angle::{Angle, AngleKind};
use crate::math::ir::Rotation;
use crate::opencl::expr::rotated;
use crate::opencl::writer::Writer;
use fft_core::kernel::FusedReal;
use fft_core::{Direction, Precision};
use std::fmt::{self, Write};

/// The flat regime of a split store (one pass, p == 1): slot `q = s * S + k` of sub-FFT
/// `first + s` reads `Z_k` and `Z_((L - k) % L)` from local memory once and writes both
/// `X_k` and `X_(L-k)` (`X_0` and `X_L` for `k = 0`), so each pair costs one twiddle and two
/// local reads. For even `L`, `S = L/2` slots (`k < L/2`) and slot 0 also writes the middle
/// `X_(L/2)` (its own mirror), so `C * S` is a multiple of the work-group where `C * L` is: with
/// `S = L/2 + 1` a 512-point pass of 4 sub-FFTs took a fifth round of its 256 work-items for
/// 4 slots. For odd `L`, `S = (L + 1) / 2` (`k <= (L - 1) / 2`, no middle).
pub(super) fn write_split_pairs<W: Write>(w: &mut Writer<W>, shape: &Shape) -> fmt::Result {
    let (l, c, group) = (shape.len, shape.columns, shape.group);
    let middle = l % 2 == 0;
    let slots = if middle { l / 2 } else { l / 2 + 1 };
    writeln!(
        w,
        "// Flat real split (p == 1): slot q = s * {slots} + k, k = 0..{}, of sequence first + s writes X_k and X_({l}-k)",
        slots - 1
    )?;
    if middle {
        writeln!(
            w,
            "// from Z_k and Z_(({l} - k) % {l}) in local memory (X_0, X_{l} and the middle X_{} for k = 0).",
            l / 2
        )?;
    } else {
        writeln!(
            w,
            "// from Z_k and Z_(({l} - k) % {l}) in local memory (X_0 and X_{l} for k = 0)."
        )?;
    }
    writeln!(w, "for (uint q = lid; q < {}u; q += {group}u)", c * slots)?;
    w.open_block()?;
    if c > 1 {
        writeln!(w, "const uint s = q / {slots}u;")?;
        writeln!(w, "const uint k = q - s * {slots}u;")?;
    } else {
        writeln!(w, "const uint s = 0u;")?;
        writeln!(w, "const uint k = q;")?;
    }
    writeln!(w, "if (first + s < total)")?;
    w.open_block()?;
    writeln!(
        w,
        "split_pair(y, first + s, k, {l}u, real_hi[k], {}, {}, scale{});",
        spilled(shape, &format!("s * {l}u + k")),
        spilled(shape, &format!("s * {l}u + (k == 0u ? 0u : {l}u - k)")),
        pitch_argument(shape),
    )?;
    if middle {
        let half = l / 2;
        writeln!(w, "if (k == 0u)")?;
        w.open_block()?;
        writeln!(
            w,
            "const {} zh = {};",
            shape.vector,
            spilled(shape, &format!("s * {l}u + {half}u"))
        )?;
        writeln!(
            w,
            "y[(first + s) * {} + {half}u] = real_split(zh, zh, real_hi[{half}u]) * scale;",
            row_distance(shape)
        )?;
        w.close_block()?;
    }
    w.close_block()?;
    w.close_block()
}

/// The flat regime of a split store whose values were [spilled
/// unpadded](fft_core::kernel::FusedSpec::splits_unpadded) from the registers: element
/// `e = j + P * it` of sub-FFT `c` (the store's mapping, register `st[it]`) writes `X_e` from
/// `Z_e` and `Z_((L - e) % L)`, read from local memory at `mirror - P * it`, `mirror =
/// c * L + L - j` (`c * L` for `e = 0`), and element 0 also `X_L`. Every write goes forward
/// from the work-item's own element, with no loop over slots; each `X_k` costs one twiddle
/// and one local read. Only with at least [`SPLIT_ELEMENTS_MIN_RUN`] work-items per sub-FFT.
///
/// Measured on the H200 (docs/PERFORMANCE.md, 2026-11-27), 2^27 reals, against the pairs of
/// [`write_split_pairs`]: R2C of 8192 reals 0.384 -> 0.317 ms, 4096 0.349 -> 0.325, 2048
/// 0.323 -> 0.300, 1024 0.310 -> 0.302 (64 to 128 work-items per sub-FFT); but 128 reals
/// (8 work-items per 64-point sub-FFT: each warp writes runs of 64 bytes) 0.292 -> 0.353.
pub(super) fn write_split_elements<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    names: &Names,
) -> fmt::Result {
    let (l, r, per) = (shape.len, shape.radix, shape.per_fft);
    let (c, j) = store_point(shape, names);
    writeln!(
        w,
        "// Flat real split (p == 1): element e = {j} + {per} * it of sub-FFT {c} writes X_e from Z_e (st[it]) and"
    )?;
    writeln!(
        w,
        "// Z_(({l} - e) % {l}) in local memory, at mirror - {per} * it (it > 0); element 0 also writes X_{l}."
    )?;
    open_output_row(w, shape, &c)?;
    writeln!(w, "const uint mirror = {c} * {l}u + {l}u - {j};")?;
    writeln!(
        w,
        "// W_{n}^e = W_{n}^{j} * W_{n}^({per} * it): one table read, the rest constant products.",
        n = 2 * l
    )?;
    writeln!(w, "const {} w_split = real_hi[{j}];", shape.vector)?;
    for it in 0..r {
        let (e, zm) = if it == 0 {
            (j.clone(), format!("buf[{j} == 0u ? {c} * {l}u : mirror]"))
        } else {
            (
                format!("{j} + {}u", per * it),
                format!("buf[mirror - {}u]", per * it),
            )
        };
        let twiddle = times_angle(element_angle(shape, it), "w_split", shape.vector);
        writeln!(
            w,
            "y[row_out + {e}] = real_split(st[{it}], {zm}, {twiddle}) * scale;"
        )?;
    }
    writeln!(w, "if ({j} == 0u)")?;
    w.open_block()?;
    writeln!(
        w,
        "y[row_out + {l}u] = real_split(st[0], st[0], ({})(-1, 0)) * scale;",
        shape.vector
    )?;
    write_pad_fill(w, shape, "row_out", &format!("{}u", shape.len + 1))?;
    w.close_block()?;
    w.close_block()
}

/// The store mapping's sub-FFT and point of a one-pass split kept in registers, as C text:
/// `sc` and `sj` with several sub-FFTs per work-group, else `0u` and the stages' point.
pub(super) fn store_point(shape: &Shape, names: &Names) -> (String, String) {
    let (prefix, _) = REGISTERS_STORE;
    if shape.has_c() {
        let j = if shape.has_j() {
            format!("{prefix}j")
        } else {
            "0u".to_string()
        };
        (format!("{prefix}c"), j)
    } else {
        ("0u".to_string(), names.at.to_string())
    }
}

/// Opens the block of a one-pass split's sub-FFT `c` (C text) when its sequence exists, and
/// names its output row's start `row_out`.
pub(super) fn open_output_row<W: Write>(w: &mut Writer<W>, shape: &Shape, c: &str) -> fmt::Result {
    writeln!(w, "if (first + {c} < total)")?;
    w.open_block()?;
    writeln!(
        w,
        "const uint row_out = (first + {c}) * {};",
        row_distance(shape)
    )
}

/// Whether the flat split writes element by element ([`write_split_elements`]): a
/// one-pass split kept in registers and spilled unpadded, with at least
/// [`SPLIT_ELEMENTS_MIN_RUN`] work-items per sub-FFT. Where its last stage also runs an even
/// number of butterflies per work-item, the split pairs its values in registers instead, with
/// no spill ([`fft_core::kernel::FusedSpec::pairs_split_in_registers`], `paired_split.rs`).
pub(super) fn splits_by_elements(shape: &Shape) -> bool {
    shape.spec.real == Some(FusedReal::Split)
        && !shape.halves
        && shape.spec.splits_unpadded()
        && shape.per_fft >= SPLIT_ELEMENTS_MIN_RUN
}

/// `W_N^(P * it)` (N = 2L reals, P work-items per sub-FFT): the constant that turns the
/// work-item's one table twiddle `W_N^j` into element `j + P * it`'s, instead of a table
/// read per element (in the column passes `W_(2L)^(P * it)`, [`write_real_twiddle_grid`]). Measured (docs/PERFORMANCE.md, 2026-11-27 (split twiddles)), R2C per
/// 2^27 reals, table -> constants: H200 1024 reals 0.293 -> 0.284 ms, 8192 0.318 -> 0.301,
/// f64 2048 reals 0.333 -> 0.276, but 4096 reals 0.309 -> 0.318; H100 every size as fast or
/// faster (4096 0.378 -> 0.374, f64 2048 0.422 -> 0.369).
pub(super) fn element_angle(shape: &Shape, it: u32) -> Angle {
    Angle::of_root(shape.per_fft * it, 2 * shape.len, Direction::Forward)
        .expect("a fused length is above zero")
}

/// The constant twiddle helpers (`mul_pXqY`) the element-wise split calls, none for other
/// kernels: [`element_angle`] of every element but the first, where not trivial; those of
/// the split in registers where it [pairs them there](fft_core::kernel::FusedSpec::pairs_split_in_registers).
pub(super) fn split_angles(shape: &Shape) -> Vec<Angle> {
    if shape.spec.pairs_split_in_registers() {
        return paired_split_angles(shape);
    }
    if !splits_by_elements(shape) {
        return Vec::new();
    }
    (1..shape.radix)
        .map(|it| element_angle(shape, it))
        .filter(|angle| angle.kind() == AngleKind::General)
        .collect()
}

/// `value` (an atom) times the factor of `angle`, as OpenCL C of `vector` values: itself, a
/// negation, a swap for `±i` (the butterflies' [`rotated`]), else the `mul_pXqY` helper.
pub(super) fn times_angle(angle: Angle, value: &str, vector: &str) -> String {
    match angle.kind() {
        AngleKind::One => value.to_string(),
        AngleKind::MinusOne => format!("-{value}"),
        AngleKind::MinusI => rotated(Rotation::MinusI, value, vector),
        AngleKind::PlusI => rotated(Rotation::PlusI, value, vector),
        AngleKind::General => format!("{}({value})", angle.helper_name()),
    }
}

/// The distance between the output rows of a one-pass split (`L + 1` values, or
/// `out_pitch` when pitched).
fn row_distance(shape: &Shape) -> String {
    half_row_distance(shape, &format!("{}u", shape.len + 1))
}

/// The fewest work-items per sub-FFT with which the split writes element by element
/// ([`write_split_elements`]): a warp's 32 writes then fall in one sub-FFT's row.
const SPLIT_ELEMENTS_MIN_RUN: u32 = 32;

/// The column regime of a split store (the last pass of a multi-pass real transform, t == p):
/// element `m` of column `i` is `Z_(i + m*p)`; its mirror `Z_(H - i - m*p)` is element
/// `(L - m) % L` of the same column when `i == 0`, else element `L - 1 - m` of column
/// `t - i`, in slot `pcol`. The self-mirrored columns (`rr == 0`: column 0 in slot 0 and
/// column `t/2` in slot `C/2`, or `C - 1` in f32) pair their own elements `m <= mm`; the
/// other pairs are written by both slots of the pair ([`shares_pairs`], f64) or each slot
/// its own column's outputs ([`own_side`], f32).
pub(super) fn write_split_columns<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    names: &Names,
) -> fmt::Result {
    if shape.columns % 2 != 0 {
        writeln!(
            w,
            "// Not reached: with an odd number of columns the planner runs this kernel as one pass (p == 1)."
        )?;
        w.close_block()?;
        return w.close_block();
    }
    let half = shape.columns / 2;
    let shared = shares_pairs(shape);
    if shared {
        writeln!(
            w,
            "// Real split in pairs: front slot f (col < {half}) holds Z_k, k = rr + m * p, and mirror slot f + {half} Z_(H-k)"
        )?;
        writeln!(
            w,
            "// (element L - 1 - m); both write X_k and X_(H-k), the front for its even elements it, the mirror for the odd ones."
        )?;
    } else {
        writeln!(
            w,
            "// Real split in pairs: front slot f (col < {half}) holds Z_k, k = rr + m * p, and mirror slot {} - f Z_(H-k)",
            2 * half - 1
        )?;
        writeln!(
            w,
            "// (element L - 1 - m), the mirror slots' columns ascending; each slot writes X_k of its own Z_k."
        )?;
    }
    let t_half_slot = if shared { half } else { 2 * half - 1 };
    writeln!(
        w,
        "// The self-mirrored columns (rr == 0: column 0 in slot 0, element (L - m) % L, and column t/2 in slot {t_half_slot},"
    )?;
    writeln!(w, "// element L - 1 - m) pair their own elements m <= mm.")?;
    writeln!(w, "if (rr == 0u)")?;
    w.open_block()?;
    write_own_pairs(w, shape, names, "m <= mm")?;
    w.close_block()?;
    writeln!(w, "else")?;
    w.open_block()?;
    if shared {
        write_shared_pairs(w, shape)?;
    } else {
        write_own_side(w, shape, names)?;
    }
    w.close_block()?;
    w.close_block()?;
    w.close_block()
}

/// Whether both slots of each mirrored pair write its splits ([`write_shared_pairs`]) rather
/// than each slot its own column's ([`own_side`]): in f64 passes (own side is not measured
/// in f64). Measured against the front slot alone, which f32 passes took before
/// [`own_side`] (docs/PERFORMANCE.md, 2026-11-28 (shared split)), R2C per 2^26 f64 reals,
/// front alone -> shared: 65536 reals (128 points, 16 columns) 0.691 -> 0.640 ms on the
/// H200 and 0.826 -> 0.789 on the H100; 2^18 (256 points, 8 columns) 0.758 -> 0.719 and
/// 0.869 -> 0.869. In f32 the two GPUs disagreed: on
/// the H200 65536 reals 0.630 -> 0.613 and 2^19 0.771 -> 0.731, on the H100 0.796 -> 0.823
/// and 0.854 -> 0.928; the 256-point pass of 2^20 reals lost on the H200 (0.828 -> 0.853).
fn shares_pairs(shape: &Shape) -> bool {
    shape.spec.precision == Precision::F64
}

/// Whether each slot of a mirrored pair writes its own column's outputs (`X_k` for its own
/// `Z_k`, reading the mirror's value from the other slot), the mirror slots holding their
/// columns in ascending order (`roles.rs`), so every work-item stores and every run of
/// addresses ascends: in f32 passes (f64 shares the pairs, [`shares_pairs`]). Before, the
/// front slot wrote both `X_k` and `X_(H-k)`, the latter in descending runs, and the mirror
/// slots (holding descending columns) stored nothing. Measured on the H200
/// (docs/PERFORMANCE.md, 2026-11-29 (own side), z1, per 2^27 reals, front -> own side): the
/// split pass of 2^19 reals (128 points, 16 + 16 columns) 0.410 -> 0.340 ms, of 2^20 (256
/// points) 0.462 -> 0.440-0.455, the 64-point pass of 2^21..2^24 0.35-0.37 -> 0.325-0.334;
/// whole R2Cs 2-9 % faster from 65536 reals up.
pub(super) fn own_side(shape: &Shape) -> bool {
    !shares_pairs(shape)
}

/// The own-side split of a slot that is not self-mirrored: element `m` of the slot's column
/// `i` is `Z_k`, `k = i + m * p`; its mirror `Z_(H-k)` is element `L - 1 - m` of slot `pcol`;
/// the slot writes `X_k`, its twiddle `W_N^k` on a grid ([`write_real_twiddle_grid`]).
fn write_own_side<W: Write>(w: &mut Writer<W>, shape: &Shape, names: &Names) -> fmt::Result {
    let (l, r, per) = (shape.len, shape.radix, shape.per_fft);
    writeln!(
        w,
        "const uint row_out = seq * {};",
        half_row_distance(shape, &format!("(t * {l}u + 1u)"))
    )?;
    write_real_twiddle_grid(w, shape, "p")?;
    write_element_blocks(w, shape, 0, r, |w, it| {
        writeln!(w, "const uint m = {};", column_point(shape, it))?;
        writeln!(w, "const uint k = i + m * p;")?;
        writeln!(
            w,
            "y[row_out + k] = real_split({}, {}, {}) * scale;",
            spilled(shape, &it.plus(&names.cell, per).to_string()),
            spilled(shape, &format!("pcol * {l}u + {}u - m", l - 1)),
            real_twiddle_on_grid(it),
        )
    })
}

/// The split pairs of the work-item's own elements `m` with their mirrors `mm` in slot
/// `pcol`, where `condition` (C text) holds.
fn write_own_pairs<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    names: &Names,
    condition: &str,
) -> fmt::Result {
    let (l, r, per) = (shape.len, shape.radix, shape.per_fft);
    write_element_blocks(w, shape, 0, r, |w, it| {
        writeln!(w, "const uint m = {};", column_point(shape, it))?;
        writeln!(
            w,
            "const uint mm = i == 0u ? {} : {}u - m;",
            Expr::uint(l).minus(Expr::var("m")).rem_const(l),
            l - 1
        )?;
        writeln!(w, "if ({condition})")?;
        w.open_block()?;
        writeln!(
            w,
            "split_pair(y, seq, i + m * p, t * {l}u, {}, {}, {}, scale{});",
            real_twiddle("i + m * p", false),
            spilled(shape, &it.plus(&names.cell, per).to_string()),
            spilled(shape, &format!("pcol * {l}u + mm")),
            pitch_argument(shape),
        )?;
        w.close_block()
    })
}

/// The pairs of front slot `f` (column `rr`, elements `m` of slot `f` with their mirrors,
/// elements `L - 1 - m` of slot `f + C/2`), shared by the work-items of both slots: the
/// front's even elements `it` by the front, its odd ones by the mirror, so every work-item
/// stores and the work-group's writes at each step stay in neighbouring rows `m`.
fn write_shared_pairs<W: Write>(w: &mut Writer<W>, shape: &Shape) -> fmt::Result {
    let (l, r, per) = (shape.len, shape.radix, shape.per_fft);
    let half = shape.columns / 2;
    writeln!(w, "const uint fcol = front == 1u ? col : col - {half}u;")?;
    writeln!(w, "const uint odd = 1u - front;")?;
    write_element_blocks(w, shape, 0, r.div_ceil(2), |w, e| {
        writeln!(
            w,
            "const uint ie = {};",
            e.expr().times(Expr::uint(2)).plus(Expr::var("odd"))
        )?;
        // An odd R leaves the mirror's last element out.
        let guarded = r % 2 == 1;
        if guarded {
            writeln!(w, "if (ie < {r}u)")?;
            w.open_block()?;
        }
        let m = match shape.has_j() {
            true => Expr::var("ie")
                .times(Expr::uint(per))
                .plus(Expr::var("row")),
            false => Expr::var("ie"),
        };
        writeln!(w, "const uint m = {m};")?;
        writeln!(
            w,
            "split_pair(y, seq, rr + m * p, t * {l}u, {}, {}, {}, scale{});",
            real_twiddle("rr + m * p", false),
            spilled(shape, &format!("fcol * {l}u + m")),
            spilled(shape, &format!("fcol * {l}u + {}u - m", half * l + l - 1)),
            pitch_argument(shape),
        )?;
        if guarded {
            w.close_block()?;
        }
        Ok(())
    })
}

/// The local slot of element `index` (C text) for the split's reads: `buf[index]` where the
/// values were spilled unpadded ([`fft_core::kernel::FusedSpec::splits_unpadded`]), else
/// `buf[pad(index)]`.
pub(super) fn spilled(shape: &Shape, index: &str) -> String {
    if shape.spec.splits_unpadded() {
        format!("buf[{index}]")
    } else {
        format!("buf[pad({index})]")
    }
}

/// The flat store of a real transform's split step (one pass, p == 1): a mirror exchange
/// brings `Z_((L - e) % L)` beside each of the work-item's elements `Z_e`, then element `e`
/// writes `X_e` (and the work-item holding `e = 0` also `X_L`), so the writes stay flat.
pub(super) fn write_split_halves<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    names: &Names,
) -> fmt::Result {
    let (l, r, per) = (shape.len, shape.radix, shape.per_fft);
    let part_len = shape.spec.part_len();
    let element = |it: u32| names.cell.clone().plus(Expr::uint(it * per));
    writeln!(
        w,
        "// Flat real split (p == 1): register sm[it] receives Z_(({l} - e) % {l}), the mirror of element e = {} + {per} * it,",
        names.cell
    )?;
    writeln!(w, "// then element e writes X_e (and e = 0 also X_{l}).")?;
    writeln!(w, "{} sm[{r}];", shape.vector)?;
    let mut from = Vec::new();
    let mut to = Vec::new();
    for it in 0..r {
        let e = element(it);
        // (L - e) % L: a mask for powers of two; for mixed lengths only e = 0 (the first
        // element of work-item 0) is its own mirror.
        let mirror = if l.is_power_of_two() {
            Expr::uint(l).minus(e.clone()).and(Expr::uint(l - 1))
        } else if it == 0 {
            e.clone()
                .select(Expr::lit(0), Expr::uint(0), Expr::uint(l).minus(e.clone()))
        } else {
            Expr::uint(l).minus(e.clone())
        };
        let register = format!("sm[{it}]");
        let value = format!("st[{it}]");
        if part_len == l {
            to.push(Placed::whole(mirror, register));
            from.push(Placed::whole(e, value));
        } else {
            // Element e = cell + per * it (cell < per) is in part per * it / P; its mirror's
            // part depends on cell.
            to.push(Placed {
                part: Part::Runtime(format!(
                    "({})",
                    mirror.clone().shifted(part_len.trailing_zeros())
                )),
                local: mirror.and(Expr::uint(part_len - 1)),
                register,
                at: None,
                live: None,
            });
            let offset = it * per;
            from.push(Placed {
                part: Part::Fixed(offset / part_len),
                local: names.cell.clone().plus(Expr::uint(offset % part_len)),
                register: value,
                at: None,
                live: None,
            });
        }
    }
    write_exchange(w, shape, &from, &to, true)?;
    writeln!(w, "if (first < total)")?;
    w.open_block()?;
    writeln!(w, "const uint row_out = first * {};", row_distance(shape))?;
    write_elements(w, shape, 0, r, |w, it| {
        let e = match it {
            Element::Loop => {
                writeln!(w, "const uint e = {};", it.plus(&names.cell, per))?;
                Expr::var("e")
            }
            Element::Fixed(_) => it.plus(&names.cell, per),
        };
        let it = it.index();
        writeln!(
            w,
            "y[row_out + {e}] = real_split(st[{it}], sm[{it}], real_hi[{e}]) * scale;"
        )
    })?;
    writeln!(w, "if ({} == 0u)", names.cell)?;
    w.open_block()?;
    writeln!(
        w,
        "y[row_out + {l}u] = real_split(st[0], st[0], ({})(-1, 0)) * scale;",
        shape.vector
    )?;
    write_pad_fill(w, shape, "row_out", &format!("{}u", shape.len + 1))?;
    w.close_block()?;
    w.close_block()
}
