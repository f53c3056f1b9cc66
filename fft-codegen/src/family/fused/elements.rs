//! Where the load and store phases find each element: its local index (before `pad`) and
//! its global address, in the flat regime (`t == 1` loads, `p == 1` stores: the work-group's
//! block) and the column regime (sub-FFT `g`'s elements strided by `t`, stored strided by
//! `p`). The phases write these expressions; `fft_codegen::indexing` hands them to the CPU
//! model.

use super::roles::Names;
use super::shape::{linear, Shape};
use super::unrolled::Element;
use crate::index::Expr;

/// A phase's regime, chosen at run time by `t` (load) or `p` (store).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Regime {
    /// The work-group's elements as one block.
    Flat,
    /// Element `m` of sub-FFT `g` at `base + i + m * t` (load) or
    /// `base + (i - k) * L + k + m * p` (store).
    Columns,
}

/// A load or store phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    /// Global to local.
    Load,
    /// Local to global.
    Store,
}

impl Phase {
    /// The name of the phase's first global address: `src` or `out`.
    pub(crate) fn start_name(self) -> &'static str {
        match self {
            Phase::Load => "src",
            Phase::Store => "out",
        }
    }

    /// The phase's runtime stride of the column regime: `t` or `p`.
    fn stride(self) -> &'static str {
        match self {
            Phase::Load => "t",
            Phase::Store => "p",
        }
    }
}

/// The global address of the work-item's element 0 (bound as `src` or `out`).
pub(crate) fn start(shape: &Shape, names: &Names, phase: Phase, regime: Regime) -> Expr {
    let l = shape.len;
    match regime {
        Regime::Flat if shape.registers && shape.has_c() => {
            linear(&[("first", l)], 0).plus(names.at.clone())
        }
        Regime::Flat => linear(&[("first", l), ("lid", 1)], 0),
        Regime::Columns => {
            let (i, k) = (Expr::var("i"), Expr::var("k"));
            let sub = match phase {
                Phase::Load => Expr::var("base").plus(i),
                Phase::Store => Expr::var("base")
                    .plus(i.minus(k.clone()).times(Expr::uint(l)))
                    .plus(k),
            };
            let row = if shape.has_j() {
                Expr::var("row").times(Expr::var(phase.stride()))
            } else {
                Expr::lit(0)
            };
            sub.plus(row)
        }
    }
}

/// Element `it`'s local index (`c * L + m` for point `m` of sub-FFT `c`) and global address
/// (from the phase's start, [`start`]).
pub(crate) fn element(
    shape: &Shape,
    names: &Names,
    phase: Phase,
    regime: Regime,
    it: Element,
) -> (Expr, Expr) {
    let (group, per) = (shape.group, shape.per_fft);
    let start = phase.start_name();
    match regime {
        Regime::Flat if shape.registers && shape.has_c() => {
            (it.plus(&names.at, per), it.plus(start, per))
        }
        Regime::Flat => (it.plus("lid", group), it.plus(start, group)),
        Regime::Columns => (
            it.plus(&names.cell, per),
            it.plus_strided(start, per, phase.stride()),
        ),
    }
}
