//! The local stages of a fused pass whose stages exchange halves
//! ([`fft_core::kernel::FusedSpec::exchanges_halves`]): one sub-FFT per work-group (C = 1),
//! or C sub-FFTs of a wide pass, a power of two, the values in registers from the load to the
//! store.
//!
//! Between two phases the values move through `buf`, a local buffer of scalars: every
//! work-item writes the real parts of its values at their positions, a barrier, reads the
//! real parts of the values its next phase needs, a barrier, then the same for the imaginary
//! parts. That takes four barriers where a complex exchange takes two, and half the local
//! memory, so 8192 points (f32) fit one work-group.

use super::body::{Names, HALVES_LOAD, HALVES_STORE};
use super::phases::{write_butterfly, write_stage_comment};
use super::{linear, Shape, Stage};
use crate::math::butterfly::output_slot;
use crate::math::ir::Graph;
use crate::math::schedule::Schedule;
use crate::opencl::writer::Writer;
use std::collections::BTreeMap;
use std::fmt::{self, Write};

/// A value and its local index: `(index expression, register)`.
type Placed = (String, String);

/// Moves the values `from` (held in registers, each at its local index) into the registers
/// `to` (each read from its local index): real parts, then imaginary parts. `reused` says
/// whether `buf` was read before (then a barrier protects those reads from the writes).
fn write_exchange<W: Write>(
    w: &mut Writer<W>,
    from: &[Placed],
    to: &[Placed],
    reused: bool,
) -> fmt::Result {
    writeln!(
        w,
        "// Exchange through buf: real parts, then imaginary parts."
    )?;
    if reused {
        writeln!(w, "barrier(CLK_LOCAL_MEM_FENCE);")?;
    }
    for (part, last) in [("x", false), ("y", true)] {
        for (local, value) in from {
            writeln!(w, "buf[pad({local})] = {value}.{part};")?;
        }
        writeln!(w, "barrier(CLK_LOCAL_MEM_FENCE);")?;
        for (local, register) in to {
            writeln!(w, "{register}.{part} = buf[pad({local})];")?;
        }
        if !last {
            writeln!(w, "barrier(CLK_LOCAL_MEM_FENCE);")?;
        }
    }
    Ok(())
}

/// Emits every local stage, from the load's registers `ld[..]` to the store's `st[..]`: the
/// first stage reads and the last one writes exactly this work-item's load and store
/// elements, so only the exchanges between stages go through `buf`.
pub(super) fn write_stages<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    names: &Names,
    graphs: &BTreeMap<u32, Graph>,
) -> fmt::Result {
    let mut values: Vec<Placed> = Vec::new();
    let last_index = shape.stages.len().saturating_sub(1);
    for (index, stage) in shape.stages.iter().enumerate() {
        writeln!(w)?;
        let graph = graphs.get(&stage.radix).ok_or(fmt::Error)?;
        // With C > 1 the first stages run on the load's mapping, the last on the store's
        // (`write_halves_mappings`); with C = 1 both are point `at` of the one sub-FFT.
        let (sub, point) = match (shape.has_c(), index == last_index && index > 0) {
            (false, _) => (None, names.at.clone()),
            (true, last) => {
                let (prefix, _) = if last { HALVES_STORE } else { HALVES_LOAD };
                (Some(format!("{prefix}c")), format!("{prefix}j"))
            }
        };
        let mapping = Mapping {
            sub: sub.as_deref(),
            point: &point,
        };
        values = write_stage(w, shape, mapping, index, stage, graph, &values)?;
    }
    // The last stage (radix r, stride L / r) leaves output q of butterfly u at point
    // j + (u + q * R / r) * (L / R): element u + q * R / r of the store phase, already in
    // this work-item's registers.
    let last = shape.stages.last().map_or(1, |s| s.radix);
    let butterflies = shape.radix / last;
    writeln!(w)?;
    writeln!(
        w,
        "// The last stage's output q of butterfly u is element u + {butterflies} * q of the store phase."
    )?;
    writeln!(w, "{} st[{}];", shape.vector, shape.radix)?;
    for (n, (_, value)) in values.iter().enumerate() {
        let (u, q) = (n as u32 / last, n as u32 % last);
        writeln!(w, "st[{}] = {value};", u + q * butterflies)?;
    }
    Ok(())
}

/// Which point of which sub-FFT a work-item's stage runs: `point` of sub-FFT `sub` (of the
/// one sub-FFT when `sub` is `None`).
#[derive(Clone, Copy)]
struct Mapping<'a> {
    sub: Option<&'a str>,
    point: &'a str,
}

impl Mapping<'_> {
    /// The local index `sub * L + point_expr + offset`.
    fn local(&self, len: u32, point_expr: &str, offset: u32) -> String {
        match self.sub {
            Some(sub) => linear(&[(sub, len), (point_expr, 1)], offset),
            None => linear(&[(point_expr, 1)], offset),
        }
    }
}

/// One stage: its inputs come from the load's registers (the first stage) or from the
/// previous stage's `values` by an exchange; returns its outputs at their local indices,
/// butterfly by butterfly, output by output.
fn write_stage<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    mapping: Mapping,
    index: usize,
    stage: &Stage,
    graph: &Graph,
    values: &[Placed],
) -> Result<Vec<Placed>, fmt::Error> {
    let (l, per, v) = (shape.len, shape.per_fft, shape.vector);
    let (r, ps) = (stage.radix, stage.stride);
    let butterflies = shape.radix / r;
    let span = l / r;
    let at = mapping.point;
    write_stage_comment(w, shape, index, stage)?;
    let stage_prefix = format!("s{}_", index + 1);
    let mut inputs = Vec::new();
    let mut bases = Vec::new();
    for u in 0..butterflies {
        let prefix = format!("{stage_prefix}u{u}_");
        let b = if u == 0 {
            at.to_string()
        } else {
            let name = format!("{prefix}b");
            writeln!(w, "const uint {name} = {at} + {}u;", u * per)?;
            name
        };
        let kk = format!("{prefix}kk");
        if ps > 1 {
            writeln!(w, "const uint {kk} = {};", shape.rem(&b, ps))?;
        }
        let registers: Vec<String> = (0..r).map(|m| format!("{prefix}a{m:02}")).collect();
        if index == 0 {
            // The first stage (radix R, stride 1) reads points j + m * (L / R): element m
            // of the load phase, in this work-item's registers.
            for (m, register) in registers.iter().enumerate() {
                writeln!(w, "{v} {register} = ld[{m}];")?;
            }
        } else {
            writeln!(w, "{v} {};", registers.join(", "))?;
        }
        if index > 0 {
            for (m, register) in registers.into_iter().enumerate() {
                let local = mapping.local(l, at, u * per + m as u32 * span);
                inputs.push((local, register));
            }
        }
        bases.push((prefix, b, kk));
    }
    if index > 0 {
        write_exchange(w, values, &inputs, index > 1)?;
    }
    let schedule = Schedule::new(graph);
    let mut outputs = Vec::new();
    for (prefix, b, kk) in &bases {
        if ps > 1 {
            let factor = l / (r * ps);
            for m in 1..r {
                let a = format!("{prefix}a{m:02}");
                let exponent = linear(&[(kk.as_str(), m * factor)], 0);
                writeln!(w, "{a} = cmul({a}, stage_tw[{exponent}]);")?;
            }
        }
        write_butterfly(w, graph, &schedule, prefix, v)?;
        let mut position = if ps == 1 {
            format!("{b} * {r}u")
        } else {
            format!("({b} - {kk}) * {r}u + {kk}")
        };
        if let Some(sub) = mapping.sub {
            position = format!("{sub} * {l}u + {position}");
        }
        let dst = format!("{prefix}dst");
        writeln!(w, "const uint {dst} = {position};")?;
        for q in 0..r {
            let slot = output_slot(r, q as usize);
            outputs.push((
                linear(&[(dst.as_str(), 1)], q * ps),
                format!("{prefix}y{slot:02}"),
            ));
        }
    }
    Ok(outputs)
}

/// The flat store of a real transform's split step (one pass, p == 1): a mirror exchange
/// brings `Z_((L - e) % L)` beside each of the work-item's elements `Z_e`, then element `e`
/// writes `X_e` (and the work-item holding `e = 0` also `X_L`), so the writes stay flat.
pub(super) fn write_split<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    names: &Names,
) -> fmt::Result {
    let (l, r, per) = (shape.len, shape.radix, shape.per_fft);
    let element = |it: u32| linear(&[(names.cell.as_str(), 1)], it * per);
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
        to.push((format!("({l}u - ({e})) & {}u", l - 1), format!("sm[{it}]")));
        from.push((e, format!("st[{it}]")));
    }
    write_exchange(w, &from, &to, true)?;
    writeln!(w, "if (first < total)")?;
    w.open_block()?;
    writeln!(w, "const uint row_out = first * {}u;", l + 1)?;
    for it in 0..r {
        let e = element(it);
        writeln!(
            w,
            "y[row_out + {e}] = real_split(st[{it}], sm[{it}], real_hi[{e}]) * scale;"
        )?;
    }
    writeln!(w, "if ({} == 0u)", names.cell)?;
    w.open_block()?;
    writeln!(
        w,
        "y[row_out + {l}u] = real_split(st[0], st[0], ({})(-1, 0)) * scale;",
        shape.vector
    )?;
    w.close_block()?;
    w.close_block()
}
