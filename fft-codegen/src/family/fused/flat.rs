//! The flat regime of a fused kernel's load and store phases (loads when `t == 1`, stores
//! when `p == 1`): the work-group's elements as one contiguous block, so consecutive
//! work-items touch consecutive addresses.

use super::elements::{element, start, Phase, Regime};
use super::roles::Names;
use super::shape::Shape;
use super::unrolled::{open_element_loop, write_elements, Element};
use crate::index::Expr;
use crate::opencl::writer::Writer;
use std::fmt::{self, Write};

/// The flat phase's `statement` for each element (0..R), each element under the guard that
/// its sub-FFT `flat_g + it * W / L` exists. In loops ([`Shape::loops`]): with L / W elements
/// per sub-FFT, one `if` per sub-FFT `s` around a loop over its elements (in a loop over `s`
/// when C > 1); with one or none (W >= L), a loop with the guard inside. Written out: one
/// `if` per distinct sub-FFT around its elements. Mixed lengths (where W and L need not
/// divide each other) guard each element: its global index `base + it * W` is below `end`.
pub(super) fn write_flat<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    names: &Names,
    base: &str,
    statement: impl Fn(Element) -> String,
) -> fmt::Result {
    let (l, r, group) = (shape.len, shape.radix, shape.group);
    let flat_g = &names.flat_g;
    let guard = |it: Element| {
        if shape.mixed {
            format!("{} < {flat_g}", it.plus(base, group))
        } else {
            let sub = match it {
                Element::Loop => it.plus(flat_g, group / l),
                Element::Fixed(k) => flat_g.clone().plus(Expr::uint(k * group / l)),
            };
            format!("{sub} < total")
        }
    };
    if !shape.loops() {
        // Consecutive elements of one sub-FFT share its `if`.
        let mut open: Option<String> = None;
        for k in 0..r {
            let guard = guard(Element::Fixed(k));
            if open.as_ref() != Some(&guard) || shape.mixed {
                if open.is_some() {
                    w.close_block()?;
                }
                writeln!(w, "if ({guard})")?;
                w.open_block()?;
                open = Some(guard);
            }
            writeln!(w, "{}", statement(Element::Fixed(k)))?;
        }
        return w.close_block();
    }
    if shape.mixed || group >= l {
        open_element_loop(w, 0, r)?;
        writeln!(w, "if ({})", guard(Element::Loop))?;
        w.open_block()?;
        writeln!(w, "{}", statement(Element::Loop))?;
        w.close_block()?;
        return w.close_block();
    }
    let statement = statement(Element::Loop);
    let per_sub = l / group;
    let subs = r / per_sub;
    if subs == 1 {
        writeln!(w, "if ({flat_g} < total)")?;
        w.open_block()?;
        open_element_loop(w, 0, r)?;
        writeln!(w, "{statement}")?;
        w.close_block()?;
        return w.close_block();
    }
    // Elements it = s * per_sub .. (s + 1) * per_sub belong to sub-FFT flat_g + s.
    writeln!(w, "#pragma unroll")?;
    writeln!(w, "for (uint s = 0u; s < {subs}u; ++s)")?;
    w.open_block()?;
    writeln!(w, "if ({flat_g} + s < total)")?;
    w.open_block()?;
    writeln!(w, "#pragma unroll")?;
    writeln!(w, "for (uint v = 0u; v < {per_sub}u; ++v)")?;
    w.open_block()?;
    writeln!(w, "const uint it = s * {per_sub}u + v;")?;
    writeln!(w, "{statement}")?;
    w.close_block()?;
    w.close_block()?;
    w.close_block()
}

/// The flat phase of a halves exchange with C > 1: element `it` of work-item `lid` is point
/// `j + it * (L/R)` of sub-FFT `first + c` (the first or last stage's own elements), at
/// `first * L + at + it * (L/R)`: each warp touches runs of `L/R` neighbouring addresses.
/// `statement(it, global)` moves element `it` at global index `global`.
pub(super) fn write_flat_registers<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    names: &Names,
    phase: Phase,
    statement: impl Fn(Element, &Expr) -> String,
) -> fmt::Result {
    let (l, per) = (shape.len, shape.per_fft);
    writeln!(
        w,
        "// Flat (k = 0): element it is point j + {per} * it of sub-FFT first + c, at first * {l} + c * {l} + j + {per} * it."
    )?;
    writeln!(
        w,
        "const uint {} = {};",
        phase.start_name(),
        start(shape, names, phase, Regime::Flat)
    )?;
    writeln!(w, "if (first + c < total)")?;
    w.open_block()?;
    write_elements(w, shape, 0, shape.radix, |w, it| {
        let (_, global) = element(shape, names, phase, Regime::Flat, it);
        writeln!(w, "{}", statement(it, &global))
    })?;
    w.close_block()
}
