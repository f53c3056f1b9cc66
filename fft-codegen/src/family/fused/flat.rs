//! The flat regime of a fused kernel's load and store phases (loads when `t == 1`, stores
//! when `p == 1`): the work-group's elements as one contiguous block, so consecutive
//! work-items touch consecutive addresses.

use super::body::Names;
use super::shape::{linear, Shape};
use crate::opencl::writer::Writer;
use std::fmt::{self, Write};

/// The flat phases' statements, `statement(it)` for it = 0..R, each under the guard that
/// its sub-FFT `flat_g + it * W / L` exists: one `if` per distinct sub-FFT. Mixed lengths
/// (where W and L need not divide each other) guard each element: its global index
/// `base + it * W` is below `end`.
pub(super) fn write_flat<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    names: &Names,
    base: &str,
    statement: impl Fn(u32) -> String,
) -> fmt::Result {
    let (l, group) = (shape.len, shape.group);
    if shape.mixed {
        for it in 0..shape.radix {
            let global = linear(&[(base, 1)], it * group);
            writeln!(w, "if ({global} < {})", names.flat_g)?;
            w.open_block()?;
            writeln!(w, "{}", statement(it))?;
            w.close_block()?;
        }
        return Ok(());
    }
    let mut open = None;
    for it in 0..shape.radix {
        let sub = it * group / l;
        if open != Some(sub) {
            if open.is_some() {
                w.close_block()?;
            }
            writeln!(
                w,
                "if ({} < total)",
                linear(&[(names.flat_g.as_str(), 1)], sub)
            )?;
            w.open_block()?;
            open = Some(sub);
        }
        writeln!(w, "{}", statement(it))?;
    }
    w.close_block()
}

/// The flat phase of a halves exchange with C > 1: element `it` of work-item `lid` is point
/// `j + it * (L/R)` of sub-FFT `first + c` (the first or last stage's own elements), at
/// `first * L + at + it * (L/R)`: each warp touches runs of `L/R` neighbouring addresses.
/// `statement(it, global)` moves element `it` at global index `global`.
pub(super) fn write_flat_halves<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    names: &Names,
    name: &str,
    statement: impl Fn(u32, &str) -> String,
) -> fmt::Result {
    let (l, per) = (shape.len, shape.per_fft);
    writeln!(
        w,
        "// Flat (k = 0): element it is point j + {per} * it of sub-FFT first + c, at first * {l} + c * {l} + j + {per} * it."
    )?;
    writeln!(
        w,
        "const uint {name} = {};",
        linear(&[("first", l), (names.at.as_str(), 1)], 0)
    )?;
    writeln!(w, "if (first + c < total)")?;
    w.open_block()?;
    for it in 0..shape.radix {
        let global = linear(&[(name, 1)], it * per);
        writeln!(w, "{}", statement(it, &global))?;
    }
    w.close_block()
}
