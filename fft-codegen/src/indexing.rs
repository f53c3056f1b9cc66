//! The index expressions generated kernels are written with, for CPU models of the kernels:
//! a model evaluates these ([`crate::index::Expr::value`]) instead of restating the formulas,
//! so a change to a kernel's indexing is a change to what its model checks. The tests in
//! `fft-codegen/tests/pass_model.rs` and `fused_model.rs` chain such models into whole
//! transforms and compare them with the DFT.

use crate::family::radix::indexing::{input, output, table_row, vector_roles};
use crate::index::{Bindings, Expr};
use fft_core::kernel::{Form, RadixSpec};

pub use crate::family::fused::indices::{
    fused_pass, ButterflyIndices, FusedPassIndices, PhaseIndices, StageIndices,
};

/// The index expressions of a vector-form radix pass.
#[derive(Clone, Debug)]
pub struct RadixPassIndices {
    /// `g = (uint)get_global_id(0)` to `src` and `dst`. Evaluate with `get_global_id(0)`,
    /// `t` and `p` set.
    pub roles: Bindings,
    /// Where input `m` is read: `src + m * t`.
    pub inputs: Vec<Expr>,
    /// Where output `q` (`X[q]`) is written: `dst + q * p`.
    pub outputs: Vec<Expr>,
    /// The one-level table's row of input `m`'s pass twiddle, for `m >= 1` (entry 0 is
    /// input 1's).
    pub table_rows: Vec<Expr>,
}

/// The index expressions of the radix pass `spec`, or `None` for the scalar form, whose
/// indices are written as text.
pub fn radix_pass(spec: &RadixSpec) -> Option<RadixPassIndices> {
    if spec.form != Form::Vector {
        return None;
    }
    let r = spec.radix;
    Some(RadixPassIndices {
        roles: vector_roles(spec),
        inputs: (0..r).map(input).collect(),
        outputs: (0..r).map(output).collect(),
        table_rows: (1..r).map(table_row).collect(),
    })
}
