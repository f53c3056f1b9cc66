//! A fused kernel's index expressions gathered for the CPU model
//! (`fft_codegen::indexing::fused_pass`): the same builders the kernel body is written with.

use super::elements::{element, start, Phase, Regime};
use super::roles::{pad, roles};
use super::scattered::{live_condition, scattered_element, scattered_outputs, scatters_store};
use super::shape::Shape;
use super::stage::butterfly_indices;
use super::unrolled::Element;
use crate::index::{Bindings, Expr};
use crate::spec::CodegenError;
use fft_core::kernel::FusedSpec;

pub use super::stage::ButterflyIndices;

/// One regime of a load or store phase.
#[derive(Clone, Debug)]
pub struct PhaseIndices {
    /// The binding of the phase's start, `src` or `out`.
    pub start: Bindings,
    /// Element `it`'s local index (`c * L + m` for point `m` of sub-FFT `c`, before `pad`)
    /// and global address, in `it` (the loop variable) or with `it` folded in as the kernel
    /// writes it.
    pub elements: Vec<(Expr, Expr)>,
    /// Per element, `(point, bound)` where it moves only when `point < bound` (the outputs
    /// of a clamped last butterfly, `scattered.rs`); empty when every element moves.
    pub live: Vec<Option<(Expr, Expr)>>,
}

/// One local stage that exchanges whole complex values through `buf`.
#[derive(Clone, Debug)]
pub struct StageIndices {
    /// Its radix r.
    pub radix: u32,
    /// Its stride: the product of the earlier radices.
    pub stride: u32,
    /// The work-item's butterflies `u = 0..ceil(R / r)`.
    pub butterflies: Vec<ButterflyIndices>,
}

/// The index expressions of a fused kernel.
#[derive(Clone, Debug)]
pub struct FusedPassIndices {
    /// From `lid = (uint)get_local_id(0)` and `first` to the column phases' `g`, `i`, `k`,
    /// `base` and the flat phases' sub-FFT. Evaluate with `get_local_id(0)`,
    /// `get_group_id(0)`, `t`, `p` and `total` set.
    pub roles: Bindings,
    /// `pad(e)` in the variable `e`.
    pub pad: Expr,
    /// The load phase with `t == 1`.
    pub load_flat: PhaseIndices,
    /// The load phase with `t > 1`.
    pub load_columns: PhaseIndices,
    /// The store phase with `p == 1`.
    pub store_flat: PhaseIndices,
    /// The store phase with `p > 1`.
    pub store_columns: PhaseIndices,
    /// The local stages; empty when they exchange halves
    /// ([`FusedSpec::exchanges_halves`]), whose values move by a different scheme.
    pub stages: Vec<StageIndices>,
}

/// The index expressions of the fused kernel of `spec`.
pub fn fused_pass(spec: &FusedSpec) -> Result<FusedPassIndices, CodegenError> {
    spec.check()?;
    let shape = Shape::of(spec);
    let (bindings, names) = roles(&shape);
    let it = |k: u32| {
        if shape.loops() {
            Element::Loop
        } else {
            Element::Fixed(k)
        }
    };
    let phase = |phase: Phase, regime: Regime| {
        let mut start_binding = Bindings::new();
        start_binding.bind(phase.start_name(), start(&shape, &names, phase, regime));
        if phase == Phase::Store && scatters_store(&shape) {
            let outputs = scattered_outputs(&shape);
            return PhaseIndices {
                start: start_binding,
                elements: outputs
                    .iter()
                    .map(|output| scattered_element(&names, regime, output))
                    .collect(),
                live: outputs
                    .iter()
                    .map(|output| live_condition(&shape, output))
                    .collect(),
            };
        }
        PhaseIndices {
            start: start_binding,
            elements: (0..shape.radix)
                .map(|k| element(&shape, &names, phase, regime, it(k)))
                .collect(),
            live: Vec::new(),
        }
    };
    let stages = if shape.registers {
        Vec::new()
    } else {
        shape
            .stages
            .iter()
            .map(|stage| StageIndices {
                radix: stage.radix,
                stride: stage.stride,
                butterflies: (0..shape.radix.div_ceil(stage.radix))
                    .map(|u| butterfly_indices(&shape, &names, stage, u))
                    .collect(),
            })
            .collect()
    };
    Ok(FusedPassIndices {
        roles: bindings,
        pad: pad(&shape, Expr::var("e")),
        load_flat: phase(Phase::Load, Regime::Flat),
        load_columns: phase(Phase::Load, Regime::Columns),
        store_flat: phase(Phase::Store, Regime::Flat),
        store_columns: phase(Phase::Store, Regime::Columns),
        stages,
    })
}
