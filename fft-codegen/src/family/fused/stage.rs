//! The local Stockham stages of a fused kernel that exchanges whole complex values through
//! `buf` (the stages that exchange halves are in `halves.rs`).

use super::body::Names;
use super::shape::{linear, Shape, Stage};
use crate::math::butterfly::output_slot;
use crate::math::ir::Graph;
use crate::opencl::butterfly::{write_butterfly, ButterflyText, Values};
use crate::opencl::writer::Writer;
use std::fmt::{self, Write};

/// The comment above local stage `index`: its radix, stride, reads and writes.
pub(super) fn write_stage_comment<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    index: usize,
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
        index + 1,
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
        let tw = if factor == 1 {
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
    Ok(())
}

/// Writes local stage `index`: its butterflies read their points (times the stage twiddles)
/// and compute, then, after a barrier, write their outputs, and a barrier ends the stage.
pub(super) fn write_stage<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    names: &Names,
    index: usize,
    stage: &Stage,
    graph: &Graph,
) -> fmt::Result {
    let (l, per) = (shape.len, shape.per_fft);
    let (r, ps) = (stage.radix, stage.stride);
    let v = shape.vector;
    let butterflies = shape.radix.div_ceil(r);
    let span = l / r;
    // Mixed lengths: when r does not divide R, the last butterfly of some work-items is past
    // the stage's L / r; they compute a copy of butterfly L / r - 1 and discard it.
    let guarded = shape.radix % r != 0;
    write_stage_comment(w, shape, index, stage)?;
    w.open_block()?;
    let sub = if shape.has_c() {
        format!("c * {l}u + ")
    } else {
        String::new()
    };
    let mut destinations = Vec::new();
    for u in 0..butterflies {
        let (prefix, suffix) = if butterflies == 1 {
            (String::new(), String::new())
        } else {
            (format!("u{u}_"), u.to_string())
        };
        let b = if u == 0 {
            if shape.has_j() {
                "j".to_string()
            } else {
                "0u".to_string()
            }
        } else if guarded && u + 1 == butterflies {
            let name = format!("b{suffix}");
            writeln!(
                w,
                "const uint {name} = min(j + {}u, {}u);",
                u * per,
                span - 1
            )?;
            name
        } else {
            let name = format!("b{suffix}");
            writeln!(w, "const uint {name} = j + {}u;", u * per)?;
            name
        };
        let kk = format!("kk{suffix}");
        if ps > 1 {
            writeln!(w, "const uint {kk} = {};", shape.rem(&b, ps))?;
        }
        let clamped = guarded && u + 1 == butterflies;
        for m in 0..r {
            let local = if clamped {
                format!("{sub}{}", linear(&[(b.as_str(), 1)], m * span))
            } else {
                linear(&[(names.at.as_str(), 1)], u * per + m * span)
            };
            let read = format!("buf[pad({local})]");
            let value = if ps > 1 && m > 0 {
                let step = m * (l / (r * ps));
                let at = linear(&[(kk.as_str(), step)], 0);
                format!("cmul({read}, stage_tw[{at}])")
            } else {
                read
            };
            writeln!(w, "const {v} {prefix}a{m:02} = {value};")?;
        }
        write_butterfly(w, graph, &stage_text(v, &prefix))?;
        let dst = format!("dst{suffix}");
        let position = if ps == 1 && !clamped {
            let c_coef = if shape.has_c() { l } else { 0 };
            let j_coef = if shape.has_j() { r } else { 0 };
            linear(&[("c", c_coef), ("j", j_coef)], u * per * r)
        } else if ps == 1 {
            format!("{sub}{b} * {r}u")
        } else {
            format!("{sub}({b} - {kk}) * {r}u + {kk}")
        };
        writeln!(w, "const uint {dst} = {position};")?;
        let live = clamped.then(|| format!("j + {}u < {span}u", u * per));
        destinations.push((dst, prefix, live));
    }
    writeln!(w, "barrier(CLK_LOCAL_MEM_FENCE);")?;
    for (dst, prefix, live) in &destinations {
        if let Some(live) = live {
            writeln!(w, "if ({live})")?;
            w.open_block()?;
        }
        for q in 0..r as usize {
            let slot = output_slot(r, q);
            let local = linear(&[(dst.as_str(), 1)], q as u32 * ps);
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
