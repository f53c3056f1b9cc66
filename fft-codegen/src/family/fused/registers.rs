//! The local stages of a fused pass whose values stay in registers from the load to the
//! store ([`fft_core::kernel::FusedSpec::holds_registers`]): one sub-FFT per work-group
//! (C = 1), or C sub-FFTs of a wide pass or of a mixed length. Each work-item holds R values;
//! a stage of radix r runs R / r whole butterflies on them (`ceil(R / r)` where r does not
//! divide R, the last clamped; such a last stage's outputs go out through `scattered.rs`).
//!
//! Between two stages the values move through `buf` (`exchange.rs`): up to
//! [`fft_core::kernel::FusedSpec::complex_capacity`] values per work-group as whole complex
//! values (a write, a barrier, a read). Above it the stages exchange halves
//! ([`fft_core::kernel::FusedSpec::exchanges_halves`]), `buf` being a buffer of scalars:
//! every work-item writes the real parts of its values at their positions, a barrier, reads
//! the real parts of the values its next phase needs, a barrier, then the same for the
//! imaginary parts. That takes four barriers where a complex exchange takes two, and half the
//! local memory, so 8192 points (f32) fit one work-group.
//!
//! Longer work-groups exchange in parts ([`fft_core::kernel::FusedSpec::exchange_parts`]):
//! part `k` holds points `k * P .. (k + 1) * P` of every sub-FFT, and each part's real
//! parts (then imaginary parts) go through `buf` in turn, so 16384 points (f32) take the
//! same buffer as 8192. A stage's reads are strided by `L / r`, so the part of each is known
//! when the kernel is generated; its writes land in the part of the butterfly's first
//! output (the stages before the last span at most `P` points, since the last radix is at
//! a multiple of the number of parts), a condition per butterfly.

use super::exchange::{write_padded_exchange, At, Part, Placed};
use super::exchange_pad::{choose, Padding};
use super::paired_split::paired_butterfly;
use super::roles::{roles, Names, REGISTERS_LOAD, REGISTERS_STORE};
use super::scattered::scatters_store;
use super::shape::{linear, Shape, Stage};
use super::stage::{stage_text, write_stage_comment};
use super::twiddle_grid::{twiddle_source, TwiddleSource};
use crate::index::{Bindings, Expr};
use crate::math::butterfly::output_slot;
use crate::math::ir::Graph;
use crate::opencl::butterfly::write_butterfly;
use crate::opencl::writer::Writer;
use std::collections::BTreeMap;
use std::fmt::{self, Write};

/// Emits every local stage, from the load's registers `ld[..]` to the store's `st[..]`: the
/// first stage reads and the last one writes exactly this work-item's load and store
/// elements, so only the exchanges between stages go through `buf`.
pub(super) fn write_stages<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    names: &Names,
    graphs: &BTreeMap<u32, Graph>,
    table: &str,
) -> fmt::Result {
    write_stages_padded(w, shape, names, graphs, table).map(|_| ())
}

/// The padding of each exchange between the stages, in order, from a dry run of
/// [`write_stages`] ([`Shape::fit_exchanges`] sizes `buf` with them).
pub(super) fn exchange_paddings(
    shape: &Shape,
    graphs: &BTreeMap<u32, Graph>,
) -> Result<Vec<Padding>, fmt::Error> {
    let (_, names) = roles(shape);
    let mut dry = Writer::new(String::new());
    write_stages_padded(&mut dry, shape, &names, graphs, "stage_tw")
}

/// [`write_stages`], returning each exchange's padding.
fn write_stages_padded<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    names: &Names,
    graphs: &BTreeMap<u32, Graph>,
    table: &str,
) -> Result<Vec<Padding>, fmt::Error> {
    let mut paddings = Vec::new();
    let mut values: Vec<Placed> = Vec::new();
    let last_index = shape.stages.len().saturating_sub(1);
    let paired = shape.spec.pairs_split_in_registers();
    for (index, stage) in shape.stages.iter().enumerate() {
        writeln!(w)?;
        let graph = graphs.get(&stage.radix).ok_or(fmt::Error)?;
        // With C > 1 the first stages run on the load's mapping, the last on the store's
        // (`write_halves_mappings`); with C = 1 both are point `at` of the one sub-FFT.
        let (sub, point) = match (shape.has_c(), index == last_index && index > 0) {
            (false, _) => (None, names.at.clone()),
            (true, last) => {
                let (prefix, _) = if last {
                    REGISTERS_STORE
                } else {
                    REGISTERS_LOAD
                };
                (Some(format!("{prefix}c")), Expr::var(&format!("{prefix}j")))
            }
        };
        let mapping = Mapping {
            sub: sub.as_deref(),
            point: &point,
            paired: index == last_index && index > 0 && paired,
        };
        let (outputs, padding) = write_stage(w, shape, mapping, stage, graph, &values, table)?;
        values = outputs;
        paddings.extend(padding);
    }
    // The last stage (radix r, stride L / r) leaves output q of butterfly u at point
    // j + (u + q * R / r) * (L / R): element u + q * R / r of the store phase, already in
    // this work-item's registers.
    let last = shape.stages.last().map_or(1, |s| s.radix);
    let butterflies = shape.radix / last;
    writeln!(w)?;
    // The paired split and the scattered store take the outputs in the stage's order.
    let in_order = if paired {
        Some("for the split in registers")
    } else if scatters_store(shape) {
        Some("each stored at its own point")
    } else {
        None
    };
    if let Some(why) = in_order {
        writeln!(
            w,
            "// The last stage's output q of butterfly u is st[u * {last} + q], {why}."
        )?;
        writeln!(w, "{} st[{}];", shape.vector, values.len())?;
        for (n, value) in values.iter().enumerate() {
            writeln!(w, "st[{n}] = {};", value.register)?;
        }
        return Ok(paddings);
    }
    writeln!(
        w,
        "// The last stage's output q of butterfly u is element u + {butterflies} * q of the store phase."
    )?;
    writeln!(w, "{} st[{}];", shape.vector, shape.radix)?;
    for (n, value) in values.iter().enumerate() {
        let (u, q) = (n as u32 / last, n as u32 % last);
        writeln!(w, "st[{}] = {};", u + q * butterflies, value.register)?;
    }
    Ok(paddings)
}

/// Which point of which sub-FFT a work-item's stage runs: `point` of sub-FFT `sub` (of the
/// one sub-FFT when `sub` is `None`); `paired`: the last stage of a kernel that
/// [splits in registers](fft_core::kernel::FusedSpec::pairs_split_in_registers), whose butterflies are the point's and their
/// mirrors ([`paired_butterfly`]) rather than `point + u * L / R`.
#[derive(Clone, Copy)]
struct Mapping<'a> {
    sub: Option<&'a str>,
    point: &'a Expr,
    paired: bool,
}

/// The kernel's name of the point butterfly `u` of stage `stage` (0 first) runs, for
/// `u > 0` (butterfly 0 runs the work-item's own point).
pub(super) fn butterfly_point(stage: usize, u: u32) -> String {
    format!("s{}_u{u}_b", stage + 1)
}

impl Mapping<'_> {
    /// The local index `sub * P + point_expr + offset` in a part of `P` points per sub-FFT.
    fn local(&self, part_len: u32, point_expr: Expr, offset: u32) -> Expr {
        let sub = match self.sub {
            Some(sub) => linear(&[(sub, part_len)], 0),
            None => Expr::lit(0),
        };
        sub.plus(point_expr).plus(Expr::uint(offset))
    }
}

/// One stage: its inputs come from the load's registers (the first stage) or from the
/// previous stage's `values` by an exchange, its stage twiddles from `table`; returns its
/// outputs at their local indices, butterfly by butterfly, output by output, and the
/// exchange's padding.
fn write_stage<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    mapping: Mapping,
    stage: &Stage,
    graph: &Graph,
    values: &[Placed],
    table: &str,
) -> Result<(Vec<Placed>, Option<Padding>), fmt::Error> {
    let (l, per, v) = (shape.len, shape.per_fft, shape.vector);
    let (parts, part_len) = (shape.spec.exchange_parts(), shape.spec.part_len());
    let (r, ps) = (stage.radix, stage.stride);
    // A radix that does not divide R (fft_core's `guarded.rs`): the last butterfly of the
    // work-items past the stage's `L / r` is clamped to butterfly `L / r - 1` (its reads stay
    // in the buffer) and writes nothing.
    let butterflies = shape.radix.div_ceil(r);
    let span = l / r;
    // In parts, the points `L / r` apart of such a stage fall in parts that depend on the
    // work-item: each read names its part.
    let runtime_parts = parts > 1 && shape.radix % r != 0;
    let at = mapping.point;
    let index = stage.index;
    write_stage_comment(w, shape, stage)?;
    let step = shape.twiddle_step(r);
    if ps > 1 && step > 1 {
        let read: Vec<String> = (1..r)
            .filter(|&m| twiddle_source(step, m) == TwiddleSource::Read)
            .map(|m| m.to_string())
            .collect();
        writeln!(
            w,
            "// Twiddles read for m = {}; each other one is w_(q + d) = w_q * w_d, q a multiple of {step}.",
            read.join(", ")
        )?;
    }
    let stage_prefix = format!("s{}_", index + 1);
    // The point of the sub-FFT's part every read adds a constant to.
    let read_base = mapping.local(part_len, at.clone(), 0);
    let mut inputs = Vec::new();
    let mut bases = Vec::new();
    for u in 0..butterflies {
        let prefix = format!("{stage_prefix}u{u}_");
        let mut setup = Bindings::new();
        // The point butterfly u runs, as the kernel names it and as its value from `at`.
        let clamped = shape.radix % r != 0 && u + 1 == butterflies;
        let b_value = if mapping.paired {
            paired_butterfly(shape, at, u)
        } else if clamped {
            at.clone()
                .plus(Expr::uint(u * per))
                .min(Expr::uint(span - 1))
        } else {
            at.clone().plus(Expr::uint(u * per))
        };
        let b = if u == 0 && !clamped {
            at.clone()
        } else {
            setup.bind_unless_var(&butterfly_point(index, u), b_value.clone())
        };
        let kk = format!("{prefix}kk");
        if ps > 1 {
            setup.bind(&kk, b.clone().rem_const(ps));
        }
        setup.write(w)?;
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
            // Points `point + offset`: the work-item's `at < L / R` plus `u * L / R + m * L / r`
            // (the part is `offset / P`), or a mirrored butterfly's `b` plus `m * L / r`, from
            // its own pointer (one part).
            let mirrored = mapping.paired && u >= butterflies / 2;
            let (point, first, pointer, base, value) = if mirrored || clamped {
                (
                    b_value.clone(),
                    0,
                    format!("{prefix}in"),
                    mapping.local(part_len, b.clone(), 0),
                    mapping.local(part_len, b_value.clone(), 0),
                )
            } else {
                (
                    at.clone(),
                    u * per,
                    format!("{stage_prefix}in"),
                    read_base.clone(),
                    read_base.clone(),
                )
            };
            for (m, register) in registers.into_iter().enumerate() {
                if runtime_parts {
                    let points = (u * per, (u * per + per).min(span) - 1);
                    let local = part_of_read(&b, points, m as u32 * span, part_len);
                    inputs.push(Placed {
                        part: local.0,
                        local: mapping.local(part_len, local.1, 0),
                        register,
                        at: None,
                        live: None,
                    });
                    continue;
                }
                let offset = first + m as u32 * span;
                let in_part = offset % part_len;
                inputs.push(Placed {
                    part: Part::Fixed(offset / part_len),
                    local: mapping.local(part_len, point.clone(), in_part),
                    register,
                    at: Some(At {
                        pointer: pointer.clone(),
                        base: base.clone(),
                        value: value.clone(),
                        offset: in_part,
                    }),
                    live: None,
                });
            }
        }
        // The butterfly's first output point from the point it runs (`dst` below).
        let kk_value = b_value.clone().rem_const(ps);
        let dst_value = first_output(b_value, kk_value, r, ps);
        // A clamped butterfly writes only where it is the work-item's own.
        let live = clamped.then(|| {
            let own = at.clone().plus(Expr::uint(u * per));
            format!("{own} < {span}u")
        });
        bases.push((prefix, b, kk, dst_value, live));
    }
    // As the dry run of `Shape::fit_exchanges` chose it, or chosen now.
    let padding = (index > 0).then(|| match shape.paddings.get(index - 1) {
        Some(&padding) => padding,
        None => choose(shape, values, &inputs),
    });
    if let Some(padding) = padding {
        write_padded_exchange(w, shape, values, &inputs, index > 1, padding)?;
    }
    let mut outputs = Vec::new();
    for (prefix, b, kk, dst_value, live) in &bases {
        if ps > 1 {
            for m in 1..r {
                let a = format!("{prefix}a{m:02}");
                let twiddle = format!("{prefix}w{m:02}");
                let read = || {
                    let (coefficient, offset) = shape.twiddle_slots.slot(index, m);
                    let slot = linear(&[(kk.as_str(), coefficient)], offset);
                    format!("{table}[{slot}]")
                };
                match twiddle_source(step, m) {
                    // Every twiddle read: none is named.
                    TwiddleSource::Read if step == 1 => {
                        writeln!(w, "{a} = cmul({a}, {});", read())?;
                        continue;
                    }
                    TwiddleSource::Read => writeln!(w, "const {v} {twiddle} = {};", read())?,
                    TwiddleSource::Product(q, d) => writeln!(
                        w,
                        "const {v} {twiddle} = cmul({prefix}w{q:02}, {prefix}w{d:02});"
                    )?,
                }
                writeln!(w, "{a} = cmul({a}, {twiddle});")?;
            }
        }
        write_butterfly(w, graph, &stage_text(v, prefix))?;
        let mut position = first_output(b.clone(), Expr::var(kk), r, ps).to_string();
        let dst = format!("{prefix}dst");
        // Output q is at local index base + q * ps, in part `part`; `base` is the value
        // `base_value` of the mapping's point and sub-FFT.
        let (part, base, base_value) = if parts == 1 {
            let mut base_value = dst_value.clone();
            if let Some(sub) = mapping.sub {
                position = format!("{sub} * {l}u + {position}");
                base_value = Expr::var(sub).times(Expr::uint(l)).plus(base_value);
            }
            writeln!(w, "const uint {dst} = {position};")?;
            (Part::Fixed(0), dst, base_value)
        } else {
            // Point dst + q * ps: the butterfly's outputs span r * ps <= P points, all in
            // the part of dst (for the stages before the last; the last one's outputs stay
            // in registers).
            writeln!(w, "const uint {dst} = {position};")?;
            let part = format!("{prefix}part");
            let base = format!("{prefix}at");
            let which = Expr::var(&dst).div_const(part_len);
            writeln!(w, "const uint {part} = {which};")?;
            let in_part = Expr::var(&dst).rem_const(part_len);
            let local = mapping.local(part_len, in_part, 0);
            writeln!(w, "const uint {base} = {local};")?;
            (
                Part::Runtime(part),
                base,
                mapping.local(part_len, dst_value.clone().rem_const(part_len), 0),
            )
        };
        for q in 0..r {
            let slot = output_slot(r, q as usize);
            outputs.push(Placed {
                part: part.clone(),
                local: linear(&[(base.as_str(), 1)], q * ps),
                register: format!("{prefix}y{slot:02}"),
                at: Some(At {
                    pointer: format!("{prefix}out"),
                    base: Expr::var(&base),
                    value: base_value.clone(),
                    offset: q * ps,
                }),
                live: live.clone(),
            });
        }
    }
    Ok((outputs, padding))
}

/// The part and the index in it of point `b + shift`, `b` from `points.0` to `points.1`
/// (butterfly `u`'s points over the work-items, the last clamped): the part the whole range
/// falls in where it stays in one, else the work-item's, named at run time.
fn part_of_read(b: &Expr, points: (u32, u32), shift: u32, part_len: u32) -> (Part, Expr) {
    let (low, high) = (points.0 + shift, points.1 + shift);
    if low / part_len != high / part_len {
        let whole = b.clone().plus(Expr::uint(shift));
        let part = Part::Runtime(format!("({})", whole.clone().div_const(part_len)));
        return (part, whole.rem_const(part_len));
    }
    let start = low / part_len * part_len;
    let local = if shift >= start {
        b.clone().plus(Expr::uint(shift - start))
    } else {
        b.clone().minus(Expr::uint(start - shift))
    };
    (Part::Fixed(low / part_len), local)
}

/// The first output point of a radix-`r` butterfly of stride `ps` that runs point `b`,
/// `kk = b % ps`: `b * r` for the first stage, `(b - kk) * r + kk` after it.
fn first_output(b: Expr, kk: Expr, r: u32, ps: u32) -> Expr {
    if ps == 1 {
        b.times(Expr::uint(r))
    } else {
        b.minus(kk.clone()).times(Expr::uint(r)).plus(kk)
    }
}
