//! The store phase of a pass whose last stage radix r does not divide R (fft_core's
//! `guarded.rs`: 8190 = [21, 30, 13], 5005 = [11, 13, 7, 5]). Its work-item runs
//! `ceil(R / r)` last butterflies `b = j + u * (L/R)`, the last of them clamped, and output
//! `q` of butterfly `b` is point `b + q * (L/r)`: not point `j + it * (L/R)` of any element
//! `it`, as the store phase of a last radix that divides R takes them. So each output goes
//! out from its register to its own point, `j + u * (L/R) + q * (L/r)`, a constant offset
//! from the work-item's `j` (consecutive work-items, consecutive addresses), the clamped
//! butterfly's under `j + u * (L/R) < L/r`. Without it such a length needs a first radix its
//! last divides, or two passes (5005 = 5 * 7 * 11 * 13 had none).

use super::elements::{start, Phase, Regime};
use super::global_access::store;
use super::roles::Names;
use super::shape::Shape;
use crate::index::Expr;
use crate::opencl::writer::Writer;
use std::fmt::{self, Write};

/// Whether the pass's last stage radix does not divide R: its outputs are stored by
/// [`write_scattered_store`].
pub(super) fn scatters_store(shape: &Shape) -> bool {
    shape.registers
        && shape
            .stages
            .last()
            .is_some_and(|last| shape.radix % last.radix != 0)
}

/// One output of the last stage, `st[u * r + q]` for output q of butterfly u (its index in
/// [`scattered_outputs`]): it goes to point `j + offset` of the sub-FFT, when `live` is
/// `None` or `j + live < L/r` (the clamped butterfly).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct ScatteredOutput {
    /// Its point less `j`: `u * (L/R) + q * (L/r)`.
    pub(super) offset: u32,
    /// `u * (L/R)` of the clamped butterfly `u`, which only the work-items with
    /// `j + u * (L/R) < L/r` own.
    pub(super) live: Option<u32>,
}

/// The last stage's outputs, butterfly by butterfly, output by output (the order the stages
/// leave them in `st[..]`).
pub(super) fn scattered_outputs(shape: &Shape) -> Vec<ScatteredOutput> {
    let r = shape.stages.last().map_or(1, |s| s.radix);
    let (per, span) = (shape.per_fft, shape.len / r);
    let butterflies = shape.radix.div_ceil(r);
    (0..butterflies)
        .flat_map(|u| {
            let clamped = shape.radix % r != 0 && u + 1 == butterflies;
            (0..r).map(move |q| ScatteredOutput {
                offset: u * per + q * span,
                live: clamped.then_some(u * per),
            })
        })
        .collect()
}

/// The condition `(point, bound)` output `output` is stored under, if any: `j + u * (L/R) <
/// L/r`.
pub(super) fn live_condition(shape: &Shape, output: &ScatteredOutput) -> Option<(Expr, Expr)> {
    let r = shape.stages.last().map_or(1, |s| s.radix);
    output.live.map(|own| {
        (
            Expr::var("j").plus(Expr::uint(own)),
            Expr::uint(shape.len / r),
        )
    })
}

/// Output `output`'s local index and global address in `regime` (from the phase's start:
/// `out + offset`, or `out + offset * p` in the columns).
pub(super) fn scattered_element(
    names: &Names,
    regime: Regime,
    output: &ScatteredOutput,
) -> (Expr, Expr) {
    let local = names.at.clone().plus(Expr::uint(output.offset));
    let out = Expr::var(Phase::Store.start_name());
    let global = match regime {
        Regime::Flat => out.plus(Expr::uint(output.offset)),
        Regime::Columns => out.plus(Expr::uint(output.offset).times(Expr::var("p"))),
    };
    (local, global)
}

/// The store phase of such a pass: flat when `p == 1` (each output under `out + offset <
/// end`), the columns otherwise, each output from its register to its point.
pub(super) fn write_scattered_store<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    names: &Names,
) -> fmt::Result {
    let r = shape.stages.last().map_or(1, |s| s.radix);
    writeln!(
        w,
        "// Store phase: output q of last butterfly u (st[u * {r} + q]) is point j + {} * u + {} * q; p is uniform, so is the branch.",
        shape.per_fft,
        shape.len / r
    )?;
    let outputs = scattered_outputs(shape);
    for (regime, opening) in [
        (Regime::Flat, "if (p == 1u)"),
        (Regime::Columns, "else if (g < total)"),
    ] {
        let flat = regime == Regime::Flat;
        writeln!(w, "{opening}")?;
        w.open_block()?;
        let out = start(shape, names, Phase::Store, regime);
        writeln!(w, "const uint out = {out};")?;
        for (register, output) in outputs.iter().enumerate() {
            let (_, global) = scattered_element(names, regime, output);
            let mut guards = Vec::new();
            if flat {
                guards.push(format!("{global} < end"));
            }
            if let Some((point, bound)) = live_condition(shape, output) {
                guards.push(format!("{point} < {bound}"));
            }
            let value = shape.get(&register.to_string(), &Expr::lit(0));
            let statement = store(shape, &global, &value, flat);
            if guards.is_empty() {
                writeln!(w, "{statement}")?;
                continue;
            }
            writeln!(w, "if ({})", guards.join(" && "))?;
            w.open_block()?;
            writeln!(w, "{statement}")?;
            w.close_block()?;
        }
        w.close_block()?;
    }
    Ok(())
}
