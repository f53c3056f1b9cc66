//! The local Stockham stages of a fused kernel that exchanges whole complex values through
//! `buf` (the stages whose values stay in registers are in `registers.rs`).

use super::roles::Names;
use super::shape::{linear, Shape, Stage};
use crate::index::{Bindings, Expr};
use crate::math::butterfly::output_slot;
use crate::math::ir::Graph;
use crate::opencl::butterfly::{write_butterfly, ButterflyText, Values};
use crate::opencl::writer::Writer;
use std::fmt::{self, Write};

/// The comment above a local stage: its radix, stride, reads and writes.
pub(super) fn write_stage_comment<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    stage: &Stage,
) -> fmt::Result {
    let (l, per) = (shape.len, shape.per_fft);
    let (r, ps) = (stage.radix, stage.stride);
    let butterflies = shape.radix.div_ceil(r);
    let span = l / r;
    let b = if shape.has_j() {
        if butterflies == 1 {
            "b = j".to_string()
        } else {
            format!("b = j + {per} * u (u = 0..{})", butterflies - 1)
        }
    } else {
        "b = 0".to_string()
    };
    writeln!(
        w,
        "// Stage {} of {}: radix {r}, stride {ps}. Butterfly {b} of sub-FFT c reads points",
        stage.index + 1,
        shape.stages.len()
    )?;
    if ps == 1 {
        let points = match span {
            1 => "b + m".to_string(),
            _ => format!("b + {span} * m"),
        };
        writeln!(
            w,
            "// {points} and writes X[q] to point b * {r} + q (slot s holds X[bitrev(s)])."
        )?;
    } else {
        let factor = l / (r * ps);
        let tw = if shape.spec.twiddles_by_stage() {
            let (_, offset) = shape.twiddle_slots.slot(stage.index, 1);
            if offset == 0 {
                format!("{ps} * (m - 1) + kk")
            } else {
                format!("{offset} + {ps} * (m - 1) + kk")
            }
        } else if factor == 1 {
            "kk * m".to_string()
        } else {
            format!("kk * m * {factor}")
        };
        writeln!(
            w,
            "// b + {span} * m times W_{}^(kk*m) = stage_tw[{tw}], kk = {}, and writes X[q]",
            r * ps,
            if ps.is_power_of_two() {
                format!("b & {}", ps - 1)
            } else {
                format!("b % {ps}")
            }
        )?;
        writeln!(
            w,
            "// to point (b - kk) * {r} + kk + q * {ps} (slot s holds X[bitrev(s)])."
        )?;
    }
    if shape.radix % r != 0 && shape.has_j() {
        writeln!(
            w,
            "// {r} does not divide {}: where b >= {span}, the last butterfly runs on b = {} and writes nothing.",
            shape.radix,
            span - 1
        )?;
    }
    Ok(())
}

/// Writes a local stage: its butterflies read their points (times the stage twiddles
/// of `table`) and compute, then, after a barrier, write their outputs, and a barrier ends
/// the stage.
pub(super) fn write_stage<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    names: &Names,
    stage: &Stage,
    graph: &Graph,
    table: &str,
) -> fmt::Result {
    let r = stage.radix;
    let v = shape.vector;
    let butterflies = shape.radix.div_ceil(r);
    write_stage_comment(w, shape, stage)?;
    w.open_block()?;
    let mut destinations = Vec::new();
    for u in 0..butterflies {
        let prefix = if butterflies == 1 {
            String::new()
        } else {
            format!("u{u}_")
        };
        let indices = butterfly_indices(shape, names, stage, u);
        indices.setup.write(w)?;
        for (m, (local, twiddle)) in indices.reads.iter().zip(&indices.twiddles).enumerate() {
            let read = format!("buf[pad({local})]");
            let value = match twiddle {
                Some(at) => format!("cmul({read}, {table}[{at}])"),
                None => read,
            };
            writeln!(w, "const {v} {prefix}a{m:02} = {value};")?;
        }
        write_butterfly(w, graph, &stage_text(v, &prefix))?;
        indices.destination.write(w)?;
        destinations.push((indices.writes, prefix, indices.live));
    }
    writeln!(w, "barrier(CLK_LOCAL_MEM_FENCE);")?;
    for (writes, prefix, live) in &destinations {
        if let Some((point, bound)) = live {
            writeln!(w, "if ({point} < {bound})")?;
            w.open_block()?;
        }
        for (q, local) in writes.iter().enumerate() {
            let slot = output_slot(r, q);
            writeln!(w, "buf[pad({local})] = {prefix}y{slot:02};")?;
        }
        if live.is_some() {
            w.close_block()?;
        }
    }
    writeln!(w, "barrier(CLK_LOCAL_MEM_FENCE);")?;
    w.close_block()
}

/// The text of a fused stage's butterfly: inputs `{prefix}a00..`, outputs `{prefix}y00..`,
/// no comments (the stage's comment says what it does).
pub(super) fn stage_text<'a>(vector: &'a str, prefix: &'a str) -> ButterflyText<'a> {
    ButterflyText {
        values: Values::Vector(vector),
        prefix,
        inputs: 'a',
        comments: false,
    }
}

/// The indices of butterfly `u` of a work-item in a stage that exchanges whole complex values
/// through `buf`: its position `b` and twiddle index `kk`, the local indices (before `pad`) it
/// reads, each input's stage-twiddle index, its first output's point `dst` and the local
/// indices it writes.
#[derive(Clone, Debug)]
pub struct ButterflyIndices {
    /// The bindings of `b` (butterfly `u >= 1`) and `kk` (stride above 1).
    pub setup: Bindings,
    /// The local index input `m` is read from.
    pub reads: Vec<Expr>,
    /// Input `m`'s index into `stage_tw`, where it is multiplied by a stage twiddle.
    pub twiddles: Vec<Option<Expr>>,
    /// The binding of `dst`, output 0's local index.
    pub destination: Bindings,
    /// The local index output `q` is written to.
    pub writes: Vec<Expr>,
    /// `(point, bound)`: the outputs are written only when `point < bound` (the clamped last
    /// butterfly of a mixed length whose radix does not divide R).
    pub live: Option<(Expr, Expr)>,
}

/// Butterfly `u` (0..ceil(R / r)) of stage `stage`. Mixed lengths: when r does not divide R,
/// the last butterfly of some work-items is past the stage's L / r; they compute a copy of
/// butterfly L / r - 1 and discard it.
pub(crate) fn butterfly_indices(
    shape: &Shape,
    names: &Names,
    stage: &Stage,
    u: u32,
) -> ButterflyIndices {
    let (l, per) = (shape.len, shape.per_fft);
    let (r, ps) = (stage.radix, stage.stride);
    let butterflies = shape.radix.div_ceil(r);
    let span = l / r;
    let clamped = shape.radix % r != 0 && u + 1 == butterflies;
    let suffix = if butterflies == 1 {
        String::new()
    } else {
        u.to_string()
    };
    let sub = if shape.has_c() {
        Expr::var("c").times(Expr::uint(l))
    } else {
        Expr::uint(0)
    };
    let mut setup = Bindings::new();
    let b = if u == 0 {
        if shape.has_j() {
            Expr::var("j")
        } else {
            Expr::uint(0)
        }
    } else {
        let b = Expr::var("j").plus(Expr::uint(u * per));
        let b = if clamped {
            b.min(Expr::uint(span - 1))
        } else {
            b
        };
        setup.bind_unless_var(&format!("b{suffix}"), b)
    };
    let kk = Expr::var(&format!("kk{suffix}"));
    if ps > 1 {
        setup.bind(&format!("kk{suffix}"), b.clone().rem_const(ps));
    }
    let reads = (0..r)
        .map(|m| {
            if clamped {
                sub.clone().plus(b.clone().plus(Expr::uint(m * span)))
            } else {
                names.at.clone().plus(Expr::uint(u * per + m * span))
            }
        })
        .collect();
    let twiddles = (0..r)
        .map(|m| {
            (ps > 1 && m > 0).then(|| {
                let (coefficient, offset) = shape.twiddle_slots.slot(stage.index, m);
                kk.clone()
                    .times(Expr::uint(coefficient))
                    .plus(Expr::uint(offset))
            })
        })
        .collect();
    let position = if ps == 1 && !clamped {
        let c_coef = if shape.has_c() { l } else { 0 };
        let j_coef = if shape.has_j() { r } else { 0 };
        linear(&[("c", c_coef), ("j", j_coef)], u * per * r)
    } else if ps == 1 {
        sub.plus(b.times(Expr::uint(r)))
    } else {
        sub.plus(b.minus(kk.clone()).times(Expr::uint(r))).plus(kk)
    };
    let mut destination = Bindings::new();
    let dst = destination.bind(&format!("dst{suffix}"), position);
    let writes = (0..r)
        .map(|q| dst.clone().plus(Expr::uint(q * ps)))
        .collect();
    let live = clamped.then(|| (Expr::var("j").plus(Expr::uint(u * per)), Expr::uint(span)));
    ButterflyIndices {
        setup,
        reads,
        twiddles,
        destination,
        writes,
        live,
    }
}
