//! How values move between the stages through `buf` ([`write_exchange`]): whole complex
//! values, or real parts then imaginary parts where the stages exchange halves
//! ([`fft_core::kernel::FusedSpec::exchanges_halves`]), each part of a long sub-FFT in turn
//! ([`fft_core::kernel::FusedSpec::exchange_parts`]). Each value is [`Placed`]: its part,
//! its local index, its register, and where possible that index as a base of the work-item
//! and a constant ([`At`]), which lets the exchange pad linearly (`exchange_pad.rs`).

use super::exchange_pad::{choose, Gaps, Padding};
use super::shape::Shape;
use crate::index::Expr;
use crate::opencl::writer::Writer;
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
/// it is written from or read into; with one sub-FFT per work-group also that index as a base
/// of the work-item and a constant ([`At`]).
#[derive(Clone, Debug)]
pub(super) struct Placed {
    pub(super) part: Part,
    pub(super) local: Expr,
    pub(super) register: String,
    pub(super) at: Option<At>,
    /// A condition the value moves under: the outputs of a clamped butterfly
    /// (`registers.rs`) are written only where it is the work-item's own.
    pub(super) live: Option<String>,
}

/// A local index as `base + offset`: a uint of the work-item the kernel declares, and a
/// constant. An exchange that pads linearly (`exchange_pad.rs`) reads and writes it as
/// `pointer[pad(offset)]`, with `pointer = buf + pad(base)` declared once per exchange.
#[derive(Clone, Debug)]
pub(super) struct At {
    /// The pointer's name.
    pub(super) pointer: String,
    /// The base as the kernel writes it.
    pub(super) base: Expr,
    /// The base's value from `j` (for the CPU's check of every work-item).
    pub(super) value: Expr,
    /// The constant.
    pub(super) offset: u32,
}

impl Placed {
    /// A value of the only part, at an index with no base and offset.
    pub(super) fn whole(local: Expr, register: String) -> Placed {
        Placed {
            part: Part::Fixed(0),
            local,
            register,
            at: None,
            live: None,
        }
    }
}

/// Moves the values `from` (held in registers, each at its local index) into the registers
/// `to` (each read from its local index): whole complex values where `buf` holds them, else
/// real parts, then imaginary parts, each part by part ([`Part`]). Each round is a write, a
/// barrier and a read. `reused` says whether `buf` was read before (then a barrier protects
/// those reads from the writes). The indices are padded as `exchange_pad.rs` picks: through
/// the kernel's `pad()`, or linearly, each access a pointer and a constant.
pub(super) fn write_exchange<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    from: &[Placed],
    to: &[Placed],
    reused: bool,
) -> fmt::Result {
    let padding = choose(shape, from, to);
    write_padded_exchange(w, shape, from, to, reused, padding)
}

/// [`write_exchange`] with the padding given.
pub(super) fn write_padded_exchange<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    from: &[Placed],
    to: &[Placed],
    reused: bool,
    padding: Padding,
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
    if let Padding::Linear { gaps, extra_passes } = padding {
        write_pointers(w, shape, from.iter().chain(to), gaps, extra_passes)?;
    }
    let address = |p: &Placed| match (padding, &p.at) {
        (Padding::Linear { gaps, .. }, Some(at)) => {
            format!("{}[{}]", at.pointer, gaps.padded(u64::from(at.offset)))
        }
        _ => format!("buf[pad({})]", p.local),
    };
    let rounds = components
        .iter()
        .flat_map(|component| (0..parts).map(move |k| (component, k)));
    for (round, (component, k)) in rounds.enumerate() {
        if round > 0 || reused {
            writeln!(w, "barrier(CLK_LOCAL_MEM_FENCE);")?;
        }
        write_part(w, from, k, |p| {
            format!("{} = {}{component};", address(p), p.register)
        })?;
        writeln!(w, "barrier(CLK_LOCAL_MEM_FENCE);")?;
        write_part(w, to, k, |p| {
            format!("{}{component} = {};", p.register, address(p))
        })?;
    }
    Ok(())
}

/// A linear padding's comment and pointers: `buf + pad(base)` for each base the values
/// take, in the order they first come.
fn write_pointers<'a, W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    values: impl Iterator<Item = &'a Placed>,
    gaps: Gaps,
    extra_passes: u64,
) -> fmt::Result {
    let passes = match extra_passes {
        0 => "no warp meets a bank twice".to_string(),
        n => format!("{n} extra bank passes per work-group"),
    };
    let padding = gaps.describe();
    writeln!(
        w,
        "// {padding} ({passes}): each access is a pointer of the work-item and a constant."
    )?;
    let value = if shape.halves {
        shape.scalar
    } else {
        shape.vector
    };
    let mut declared: Vec<&str> = Vec::new();
    for at in values.filter_map(|p| p.at.as_ref()) {
        if declared.contains(&at.pointer.as_str()) {
            continue;
        }
        declared.push(&at.pointer);
        // A base that is no variable is named first, so its padding reads it once.
        let base = match &at.base {
            Expr::Var(name) => name.clone(),
            base if gaps == Gaps::NONE => base.to_string(),
            base => {
                let name = format!("{}_at", at.pointer);
                writeln!(w, "const uint {name} = {base};")?;
                name
            }
        };
        writeln!(
            w,
            "__local {value} *{} = buf + {};",
            at.pointer,
            gaps.text(&base)
        )?;
    }
    Ok(())
}

/// The statements of the values of part `k`: those of a fixed part as they are, runs of
/// values with the same runtime part (and live condition) under one condition.
fn write_part<W: Write>(
    w: &mut Writer<W>,
    values: &[Placed],
    k: u32,
    statement: impl Fn(&Placed) -> String,
) -> fmt::Result {
    let mut open: Option<String> = None;
    for value in values {
        let in_part = match &value.part {
            Part::Fixed(part) if *part != k => continue,
            Part::Fixed(_) => None,
            Part::Runtime(expr) => Some(format!("{expr} == {k}u")),
        };
        let runtime = match (in_part, &value.live) {
            (None, None) => None,
            (Some(part), None) => Some(part),
            (None, Some(live)) => Some(live.clone()),
            (Some(part), Some(live)) => Some(format!("{live} && {part}")),
        };
        if open.is_some() && open != runtime {
            w.close_block()?;
            open = None;
        }
        if let (None, Some(condition)) = (&open, runtime) {
            writeln!(w, "if ({condition})")?;
            w.open_block()?;
            open = Some(condition);
        }
        writeln!(w, "{}", statement(value))?;
    }
    if open.is_some() {
        w.close_block()?;
    }
    Ok(())
}
