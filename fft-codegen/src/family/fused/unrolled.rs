//! The elements of a fused kernel's load and store phases: each phase moves the work-item's
//! elements `it = 0..R` with one statement built for an [`Element`]. Where
//! [`Shape::loops`] holds, that statement is written once, in the element `it`, in a `for`
//! loop under `#pragma unroll` (the trip count is a constant, so the driver unrolls it fully);
//! elsewhere (stages that exchange halves, more than 16 elements per work-item) it is
//! written out once per element, `lid + 384u` for element 3, as before the loops, because the
//! loops measured slower there ([`Shape::loops`]).

use super::shape::Shape;
use crate::index::Expr;
use crate::opencl::writer::Writer;
use std::fmt::{self, Write};

/// The element a phase statement moves: the loop variable `it`, or element `k` written out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Element {
    /// `it`, inside the phase's `#pragma unroll` loop.
    Loop,
    /// Element `k`, written out.
    Fixed(u32),
}

impl Element {
    /// The element's number: `it`, or `3` (a register index: `ld[3]`).
    pub(super) fn index(self) -> String {
        match self {
            Element::Loop => "it".to_string(),
            Element::Fixed(k) => k.to_string(),
        }
    }

    /// The element's number as an index: `it`, or the constant `k`.
    pub(super) fn expr(self) -> Expr {
        match self {
            Element::Loop => Expr::var("it"),
            Element::Fixed(k) => Expr::uint(k),
        }
    }

    /// `base + it * step`, or `base + k * step` folded, the trivial factors left out:
    /// `lid + it * 128u`, `g0 + it`, `lid + 384u`.
    pub(super) fn plus(self, base: impl Into<Expr>, step: u32) -> Expr {
        base.into().plus(self.expr().times(Expr::uint(step)))
    }

    /// `base + it * step * stride` for a runtime `stride`: `src + it * 128u * t`, or for
    /// element k `src + 384u * t`.
    pub(super) fn plus_strided(self, base: impl Into<Expr>, step: u32, stride: &str) -> Expr {
        let offset = self.expr().times(Expr::uint(step)).times(Expr::var(stride));
        base.into().plus(offset)
    }
}

/// Writes `body` for the elements `from..to`: once for [`Element::Loop`] in
/// `#pragma unroll` / `for (uint it = from; it < to; ++it)` when [`Shape::loops`], else once
/// per element, [`Element::Fixed`].
pub(super) fn write_elements<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    from: u32,
    to: u32,
    mut body: impl FnMut(&mut Writer<W>, Element) -> fmt::Result,
) -> fmt::Result {
    if !shape.loops() {
        return (from..to).try_for_each(|k| body(w, Element::Fixed(k)));
    }
    open_element_loop(w, from, to)?;
    body(w, Element::Loop)?;
    w.close_block()
}

/// [`write_elements`] where `body` declares names of its own (`m`, `k`): written out, each
/// element's statements sit in a block of their own, so the names do not clash; in a loop
/// the loop's block is theirs.
pub(super) fn write_element_blocks<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    from: u32,
    to: u32,
    mut body: impl FnMut(&mut Writer<W>, Element) -> fmt::Result,
) -> fmt::Result {
    write_elements(w, shape, from, to, |w, it| {
        if it == Element::Loop {
            return body(w, it);
        }
        w.open_block()?;
        body(w, it)?;
        w.close_block()
    })
}

/// Opens `#pragma unroll` and `for (uint it = from; it < to; ++it)` with its block; close
/// it with [`Writer::close_block`].
pub(super) fn open_element_loop<W: Write>(w: &mut Writer<W>, from: u32, to: u32) -> fmt::Result {
    writeln!(w, "#pragma unroll")?;
    writeln!(w, "for (uint it = {from}u; it < {to}u; ++it)")?;
    w.open_block()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loops_and_offsets_read_as_c() {
        let mut w = Writer::new(String::new());
        open_element_loop(&mut w, 1, 32).unwrap();
        writeln!(w, "y[{}] = v;", Element::Loop.plus("out", 128)).unwrap();
        w.close_block().unwrap();
        assert_eq!(
            w.into_inner(),
            "#pragma unroll\nfor (uint it = 1u; it < 32u; ++it)\n{\n    y[out + it * 128u] = v;\n}\n"
        );
        let it = Element::Loop;
        assert_eq!(it.plus("g0", 1).to_string(), "g0 + it");
        assert_eq!(it.plus("g0", 0).to_string(), "g0");
        assert_eq!(it.plus_strided("src", 1, "t").to_string(), "src + it * t");
        assert_eq!(
            it.plus_strided("src", 64, "t_inner").to_string(),
            "src + it * 64u * t_inner"
        );
    }

    #[test]
    fn fixed_elements_fold_their_offsets() {
        let three = Element::Fixed(3);
        assert_eq!(three.index(), "3");
        assert_eq!(three.plus("lid", 128).to_string(), "lid + 384u");
        assert_eq!(Element::Fixed(0).plus("lid", 128).to_string(), "lid");
        assert_eq!(
            three.plus_strided("src", 32, "t").to_string(),
            "src + 96u * t"
        );
        assert_eq!(
            Element::Fixed(1).plus_strided("src", 1, "t").to_string(),
            "src + t"
        );
        assert_eq!(
            Element::Fixed(0).plus_strided("src", 32, "t").to_string(),
            "src"
        );
    }
}
