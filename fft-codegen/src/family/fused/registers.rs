//! The local stages of a fused pass whose values stay in registers from the load to the
//! store ([`fft_core::kernel::FusedSpec::holds_registers`]): one sub-FFT per work-group
//! (C = 1), or C sub-FFTs of a wide pass or of a mixed length. Each work-item holds R values;
//! a stage of radix r runs R / r whole butterflies on them.
//!
//! Between two stages the values move through `buf`: up to
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

use super::roles::{Names, REGISTERS_LOAD, REGISTERS_STORE};
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

/// The part of an exchange a value falls in ([`fft_core::kernel::FusedSpec::exchange_parts`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Part {
    /// Known when the kernel is generated.
    Fixed(u32),
    /// The value of this expression, per work-item.
    Runtime(String),
}

/// A value's way through `buf`: its part, its local index inside the part, and the register
/// it is written from or read into.
#[derive(Clone, Debug)]
pub(super) struct Placed {
    pub(super) part: Part,
    pub(super) local: Expr,
    pub(super) register: String,
}

impl Placed {
    /// A value of the only part.
    pub(super) fn whole(local: Expr, register: String) -> Placed {
        Placed {
            part: Part::Fixed(0),
            local,
            register,
        }
    }
}

/// Moves the values `from` (held in registers, each at its local index) into the registers
/// `to` (each read from its local index): whole complex values where `buf` holds them, else
/// real parts, then imaginary parts, each part by part ([`Part`]). Each round is a write, a
/// barrier and a read. `reused` says whether `buf` was read before (then a barrier protects
/// those reads from the writes).
pub(super) fn write_exchange<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    from: &[Placed],
    to: &[Placed],
    reused: bool,
) -> fmt::Result {
    let parts = shape.spec.exchange_parts();
    let components: &[&str] = if shape.halves { &[".x", ".y"] } else { &[""] };
    if !shape.halves {
        writeln!(w, "// Exchange through buf.")?;
    } else if parts == 1 {
        writeln!(
            w,
            "// Exchange through buf: real parts, then imaginary parts."
        )?;
    } else {
        writeln!(
            w,
            "// Exchange through buf in {parts} parts of {} points per sub-FFT: real parts part by part, then imaginary parts.",
            shape.spec.part_len()
        )?;
    }
    let rounds = components
        .iter()
        .flat_map(|component| (0..parts).map(move |k| (component, k)));
    for (round, (component, k)) in rounds.enumerate() {
        if round > 0 || reused {
            writeln!(w, "barrier(CLK_LOCAL_MEM_FENCE);")?;
        }
        write_part(w, from, k, |p| {
            format!("buf[pad({})] = {}{component};", p.local, p.register)
        })?;
        writeln!(w, "barrier(CLK_LOCAL_MEM_FENCE);")?;
        write_part(w, to, k, |p| {
            format!("{}{component} = buf[pad({})];", p.register, p.local)
        })?;
    }
    Ok(())
}

/// The statements of the values of part `k`: those of a fixed part as they are, runs of
/// values with the same runtime part under one condition.
fn write_part<W: Write>(
    w: &mut Writer<W>,
    values: &[Placed],
    k: u32,
    statement: impl Fn(&Placed) -> String,
) -> fmt::Result {
    let mut open: Option<&str> = None;
    for value in values {
        let runtime = match &value.part {
            Part::Fixed(part) if *part != k => continue,
            Part::Fixed(_) => None,
            Part::Runtime(expr) => Some(expr.as_str()),
        };
        if open.is_some() && open != runtime {
            w.close_block()?;
            open = None;
        }
        if let (None, Some(expr)) = (open, runtime) {
            writeln!(w, "if ({expr} == {k}u)")?;
            w.open_block()?;
            open = Some(expr);
        }
        writeln!(w, "{}", statement(value))?;
    }
    if open.is_some() {
        w.close_block()?;
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
    table: &str,
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
        };
        values = write_stage(w, shape, mapping, stage, graph, &values, table)?;
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
    for (n, value) in values.iter().enumerate() {
        let (u, q) = (n as u32 / last, n as u32 % last);
        writeln!(w, "st[{}] = {};", u + q * butterflies, value.register)?;
    }
    Ok(())
}

/// Which point of which sub-FFT a work-item's stage runs: `point` of sub-FFT `sub` (of the
/// one sub-FFT when `sub` is `None`).
#[derive(Clone, Copy)]
struct Mapping<'a> {
    sub: Option<&'a str>,
    point: &'a Expr,
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
/// outputs at their local indices, butterfly by butterfly, output by output.
fn write_stage<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    mapping: Mapping,
    stage: &Stage,
    graph: &Graph,
    values: &[Placed],
    table: &str,
) -> Result<Vec<Placed>, fmt::Error> {
    let (l, per, v) = (shape.len, shape.per_fft, shape.vector);
    let (parts, part_len) = (shape.spec.exchange_parts(), shape.spec.part_len());
    let (r, ps) = (stage.radix, stage.stride);
    let butterflies = shape.radix / r;
    let span = l / r;
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
    let mut inputs = Vec::new();
    let mut bases = Vec::new();
    for u in 0..butterflies {
        let prefix = format!("{stage_prefix}u{u}_");
        let mut setup = Bindings::new();
        let b = if u == 0 {
            at.clone()
        } else {
            setup.bind_unless_var(&format!("{prefix}b"), at.clone().plus(Expr::uint(u * per)))
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
            // Point `at + offset`, `at < L / R`: the part is `offset / P`.
            for (m, register) in registers.into_iter().enumerate() {
                let offset = u * per + m as u32 * span;
                inputs.push(Placed {
                    part: Part::Fixed(offset / part_len),
                    local: mapping.local(part_len, at.clone(), offset % part_len),
                    register,
                });
            }
        }
        bases.push((prefix, b, kk));
    }
    if index > 0 {
        write_exchange(w, shape, values, &inputs, index > 1)?;
    }
    let mut outputs = Vec::new();
    for (prefix, b, kk) in &bases {
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
        let mut position = if ps == 1 {
            format!("{b} * {r}u")
        } else {
            format!("({b} - {kk}) * {r}u + {kk}")
        };
        let dst = format!("{prefix}dst");
        // Output q is at local index base + q * ps, in part `part`.
        let (part, base) = if parts == 1 {
            if let Some(sub) = mapping.sub {
                position = format!("{sub} * {l}u + {position}");
            }
            writeln!(w, "const uint {dst} = {position};")?;
            (Part::Fixed(0), dst)
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
            (Part::Runtime(part), base)
        };
        for q in 0..r {
            let slot = output_slot(r, q as usize);
            outputs.push(Placed {
                part: part.clone(),
                local: linear(&[(base.as_str(), 1)], q * ps),
                register: format!("{prefix}y{slot:02}"),
            });
        }
    }
    Ok(outputs)
}
