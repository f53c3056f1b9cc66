//! A one-pass real split in registers
//! ([`fft_core::kernel::FusedSpec::pairs_split_in_registers`]: R2C of 1024..16384 f32 reals,
//! 1024..4096 in f64, 1000 reals as 500 = [10, 10, 5]): the last stage runs each of
//! its butterflies in the work-item that runs the butterfly's mirror, so `Z_k` and `Z_(H-k)`
//! meet in one work-item and the split writes `X_k` from its registers, with no trip back
//! through local memory (the spill of `store.rs`: two barriers and a write and a read of
//! every value).
//!
//! The last stage (radix `r`, stride `S = L / r`) runs butterfly `b` on points `b + S q`.
//! The mirror of point `b + S q` is `L - b - S q = (S - b) + S (r - 1 - q)`, a point of
//! butterfly `S - b` for `b > 0`; butterfly 0 is its own mirror (`q <-> (r - q) % r`), and so
//! is `S/2` (`q <-> r - 1 - q`). With `U = R / r` butterflies per work-item, `U` even, and
//! `T = L / R` work-items per sub-FFT, work-item `j` runs `b_u = j + T u` for `u < U/2` and
//! their mirrors `b_(u + U/2) = S - b_u`, except `b_(U/2) = S/2` for `j = 0` (`S - 0` would be
//! butterfly 0 again): `U/2` butterflies below `S/2`, their mirrors above, and `0` with `S/2`.

use super::edge_helpers::write_pad_fill;
use super::registers::butterfly_point;
use super::roles::Names;
use super::shape::Shape;
use super::split::{open_output_row, store_point, times_angle};
use crate::index::Expr;
use crate::math::angle::{Angle, AngleKind};
use crate::opencl::writer::Writer;
use fft_core::Direction;
use std::fmt::{self, Write};

/// `U = R / r`, the last stage's butterflies per work-item.
fn butterflies_per_item(shape: &Shape) -> u32 {
    shape.radix / shape.stages.last().map_or(shape.radix, |s| s.radix)
}

/// `S = L / r`, the last stage's stride: its number of butterflies per sub-FFT.
fn last_stride(shape: &Shape) -> u32 {
    shape.len / shape.stages.last().map_or(1, |s| s.radix)
}

/// The butterfly `b_u` that work-item point `at` (its `j`) runs as its `u`-th in the last
/// stage of a kernel that [splits in registers](fft_core::kernel::FusedSpec::pairs_split_in_registers).
pub(super) fn paired_butterfly(shape: &Shape, at: &Expr, u: u32) -> Expr {
    let (half, per, s) = (
        butterflies_per_item(shape) / 2,
        shape.per_fft,
        last_stride(shape),
    );
    if u < half {
        at.clone().plus(Expr::uint(u * per))
    } else if u == half {
        at.clone().select(
            Expr::lit(0),
            Expr::uint(s / 2),
            Expr::uint(s).minus(at.clone()),
        )
    } else {
        Expr::uint(s - (u - half) * per).minus(at.clone())
    }
}

/// `W_N^(S q)` (`N = 2L` reals): the constant that turns butterfly `b`'s table twiddle
/// `W_N^b` into its output `q`'s, `W_N^(b + S q)`.
fn output_angle(shape: &Shape, q: u32) -> Angle {
    Angle::of_root(last_stride(shape) * q, 2 * shape.len, Direction::Forward)
        .expect("a fused length is above zero")
}

/// The constant twiddle helpers (`mul_pXqY`) the split in registers calls.
pub(super) fn paired_split_angles(shape: &Shape) -> Vec<Angle> {
    let r = shape.stages.last().map_or(1, |s| s.radix);
    (1..r)
        .map(|q| output_angle(shape, q))
        .filter(|angle| angle.kind() == AngleKind::General)
        .collect()
}

/// The split store of a kernel that [splits in registers](fft_core::kernel::FusedSpec::pairs_split_in_registers): register
/// `st[u * r + q]` holds `Z` at point `b_u + S q` of sub-FFT `c`; each writes `X` there from
/// itself and its mirror's register, and point 0 also writes `X_L`. The kernel is the whole
/// transform (`t = p = 1`), so there is no column regime.
pub(super) fn write_paired_split<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    names: &Names,
) -> fmt::Result {
    let (l, u_count) = (shape.len, butterflies_per_item(shape));
    let (r, s, half) = (shape.radix / u_count, last_stride(shape), u_count / 2);
    let (c, j) = store_point(shape, names);
    let stage = shape.stages.len() - 1;
    let point = |u: u32| {
        if u == 0 {
            j.clone()
        } else {
            butterfly_point(stage, u)
        }
    };
    writeln!(
        w,
        "// Store phase, the whole transform (t = p = 1): the real split in registers. Work-item {j} ran the"
    )?;
    if half == 1 {
        writeln!(
            w,
            "// last stage's butterfly b_0 = {j} and its mirror b_1 = {s} - {j} ({} for",
            s / 2
        )?;
    } else {
        writeln!(
            w,
            "// last stage's butterflies b_u = {j} + {} * u (u < {half}) and their mirrors b_(u+{half}) = {s} - b_u (b_{half} = {} for",
            shape.per_fft,
            s / 2
        )?;
    }
    writeln!(
        w,
        "// {j} == 0); st[u * {r} + q] holds Z at point b_u + {s} * q of sub-FFT {c}, whose mirror Z_({l} - b_u - {s} * q)"
    )?;
    writeln!(
        w,
        "// is st[((u + {half}) % {u_count}) * {r} + {} - q] (for {j} == 0: butterfly 0 pairs q with ({r} - q) % {r}, butterfly",
        r - 1
    )?;
    writeln!(
        w,
        "// {} pairs q with {} - q). Each point k writes X_k = real_split(Z_k, Z_({l}-k), W_{}^k).",
        s / 2,
        r - 1,
        2 * l
    )?;
    open_output_row(w, shape, &c)?;
    writeln!(w, "const bool zero = {j} == 0u;")?;
    let v = shape.vector;
    for u in 0..u_count {
        writeln!(w, "const {v} w_{u} = real_hi[{}];", point(u))?;
    }
    let register = |u: u32, q: u32| format!("st[{}]", u * r + q);
    for u in 0..u_count {
        for q in 0..r {
            let across = register((u + half) % u_count, r - 1 - q);
            let mirror = match u {
                0 => format!("(zero ? {} : {across})", register(0, (r - q) % r)),
                _ if u == half => format!("(zero ? {} : {across})", register(half, r - 1 - q)),
                _ => across,
            };
            let twiddle = times_angle(output_angle(shape, q), &format!("w_{u}"), v);
            let at = match q {
                0 => point(u),
                _ => format!("{} + {}u", point(u), s * q),
            };
            writeln!(
                w,
                "y[row_out + {at}] = real_split({}, {mirror}, {twiddle}) * scale;",
                register(u, q)
            )?;
        }
    }
    writeln!(w, "if (zero)")?;
    w.open_block()?;
    writeln!(
        w,
        "y[row_out + {l}u] = real_split(st[0], st[0], ({v})(-1, 0)) * scale;"
    )?;
    write_pad_fill(w, shape, "row_out", &format!("{}u", l + 1))?;
    w.close_block()?;
    w.close_block()
}
