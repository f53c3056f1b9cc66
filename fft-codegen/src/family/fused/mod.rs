//! The fused local-memory pass (DESIGN.md section 4.2) as OpenCL C: [`emit_fused_kernel`].
//!
//! A Stockham pass whose radix is a whole sub-FFT of length L, computed by a work-group in
//! registers and local memory, C sub-FFTs ("columns") per work-group. The signature is
//! written from the fused ABI (`KernelSpec::Fused(..).abi()`: `x`, `y`, the tables
//! `stage_tw` = W_L^s, `pass_tw_hi` and `pass_tw_lo` (the two-level W_{L*p} table), the
//! uints `p`, `t`, `h`, `total`, and `scale`), with `reqd_work_group_size(W, 1, 1)`.
//!
//! Launched with local size W and global size `ceil(total / C) * W`, `total = t * batch`
//! (`Geometry::WorkGroups`).
//! Sub-FFT `g` takes `i = g & (t - 1)`, `base = (g - i) * L`, `k = i & (p - 1)`, computes
//! `X = DFT_L(x[base + i + m*t] * W_{L*p}^(k*m))` and stores `X[q] * scale` to
//! `y[base + (i - k)*L + k + q*p]`: the global radix pass of DESIGN.md 4.1 with radix L, so
//! passes with `p = 1, L1, L1*L2` chain to the whole DFT.
//!
//! Inside the work-group, element `m` of sub-FFT `c` lives at `buf[pad(c*L + m)]`,
//! `pad(e) = e + (e >> 4) + (e >> 8)` (stride L becomes L + L/16 + L/256, which spreads the
//! strided phases over all banks). Each Stockham stage of radix `r` and stride `ps` (product of the earlier radices)
//! maps work-item `lid` to position `j = lid % (L/R)` of sub-FFT `c = lid / (L/R)` and runs
//! the butterflies `b = j + u*(L/R)`, `u < R/r`, reading points `b + m*(L/r)` times the stage
//! twiddles `W_{r*ps}^(kk*m) = stage_tw[kk*m*L/(r*ps)]`, `kk = b & (ps - 1)`, and writing
//! output `q` to point `(b - kk)*r + kk + q*ps`. Reads happen before the stage's first
//! barrier, writes after it.
//!
//! The load and store phases move the `C*L` elements of the work-group, `R` per work-item,
//! in one of two regimes picked by a branch on the (uniform) arguments:
//! - flat, for loads when `t == 1` and stores when `p == 1` (then `k = 0` and sub-FFT `g`
//!   occupies `g*L .. g*L + L`): element `e = lid + it*W` of the work-group's contiguous block
//!   is point `e % L` of sub-FFT `first + e / L`, at `buf[pad(e)]`, so consecutive work-items
//!   touch consecutive addresses;
//! - columns otherwise: work-item `lid` is column `col = lid % C` (sub-FFT `g = first + col`)
//!   and moves elements `m = lid / C + it*(L/R)`, reading `x[base + i + m*t]` times the pass
//!   twiddle (p > 1) or writing `y[base + (i - k)*L + k + m*p]`: runs of C consecutive
//!   addresses when `t` (load) or `p` (store) is at least C.
//!
//! Every element is guarded by `g < total` for its own sub-FFT `g`. Each phase is one
//! statement in `it` in a loop under `#pragma unroll` (`unrolled.rs`): the driver unrolls it,
//! the text stays short. Two exceptions write the phases out element by element, the same
//! statements with `it` a constant, because the loops measured slower there: where the
//! values stay in registers ([`FusedSpec::holds_registers`], the wide passes included), as
//! `ld[it]`, `st[it]` (on the H100: f64 4096 points 1.46 -> 1.96
//! ms; the wide passes of f32 2^22..2^24 and f64 2^20, 2^21 2-2.4%), and kernels of more than
//! 16 elements per work-item (on PoCL: f32 4096 points 1.4 times).
//! The stages are written out, butterfly by butterfly.
//!
//! The values stay in registers from the load to the store ([`FusedSpec::holds_registers`],
//! `registers.rs`) above [`FusedSpec::complex_capacity`] values per work-group (8192 points
//! in f32, 4096 in f64, C = 1; and the wide passes, [`FusedSpec::is_wide`]: 1024 points with
//! C = 8, ...), and for the mixed lengths whose stage radices all divide the first
//! ([`FusedSpec::mixed_in_registers`]: 1000 = [10, 10, 10], 3125, 6561): the load phase keeps
//! its elements in registers `ld[it]`, which are exactly the first stage's inputs, the last
//! stage's outputs are exactly the store phase's elements `st[it]`, and between two stages the
//! values move through `__local` memory: whole complex values up to the complex capacity,
//! else scalars, real parts then imaginary parts ([`FusedSpec::exchanges_halves`]). With
//! C > 1 the flat phases then move point `j + it * (L/R)` of sub-FFT `c` (runs of L/R
//! addresses), the column phases point `row + it * (L/R)` of sub-FFT `col`, and the first and
//! last stages take whichever mapping their phase used.
//!
//! The files, in the order of the program: `program.rs` (the sections, `pad()`),
//! `header.rs` (the comment block), `edge_helpers.rs` (the edges' helper functions),
//! `body.rs` (the `__kernel`), `roles.rs` (the work-item's roles and `pad`, as index
//! bindings), `load.rs` and `store.rs` (the phases; `elements.rs` where each element lives,
//! `flat.rs` their flat regime, `global_access.rs` one element's address and value with the
//! edges, `interleaved.rs` the interleaved pass's, `split.rs` a real split in the store,
//! `paired_split.rs` a one-pass split in registers, `scattered.rs` the store of a last
//! stage radix that does not divide R, each output at its own point),
//! `stage.rs` (stages that exchange complex values, with each butterfly's indices),
//! `registers.rs` (stages whose values stay in registers); `shape.rs` holds the kernel's constants,
//! `unrolled.rs` the phases' loops, `indices.rs` gathers the index expressions for
//! `fft_codegen::indexing`. Every index is an `crate::index::Expr`, so the CPU model in
//! `tests/fused_model.rs` evaluates the kernel's own expressions.

use crate::math::butterfly::butterfly;
use crate::math::ir::Graph;
use crate::math::simplify::simplify;
use crate::opencl::writer::Writer;
use crate::spec::{CodegenError, OpCounts};
use fft_core::kernel::FusedSpec;
use std::collections::btree_map::Entry;
use std::collections::BTreeMap;

mod body;
mod convolve;
mod edge_helpers;
mod elements;
mod exchange;
mod exchange_lanes;
mod exchange_pad;
mod flat;
mod global_access;
mod header;
pub(crate) mod indices;
mod interleaved;
mod load;
mod pair_rows;
mod paired_split;
mod program;
mod registers;
mod roles;
mod scattered;
mod shape;
mod split;
mod stage;
mod store;
mod twiddle_grid;
mod unrolled;

use program::write_program;
use shape::Shape;

/// The simplified radix-`radix` butterfly a fused kernel's stage runs (slot `s` holds
/// `X[bitrev(s)]`).
pub fn fused_stage_butterfly(spec: &FusedSpec, radix: u32) -> Result<Graph, CodegenError> {
    Ok(simplify(&butterfly(radix, spec.direction)?))
}

/// Generates the complete OpenCL C program of `spec` and the operation counts of one
/// sub-FFT's butterflies.
///
/// Fails with [`fft_core::kernel::SpecError::UnsupportedFusedLength`] unless `spec.len` is a power of two
/// in 2..=[`FusedSpec::max_len`].
pub(crate) fn emit_fused(spec: &FusedSpec) -> Result<(String, OpCounts), CodegenError> {
    spec.check()?;
    let mut shape = Shape::of(spec);
    let mut graphs = BTreeMap::new();
    for stage in &shape.stages {
        if let Entry::Vacant(slot) = graphs.entry(stage.radix) {
            slot.insert(fused_stage_butterfly(spec, stage.radix)?);
        }
    }
    shape.fit_exchanges(&graphs)?;
    let mut writer = Writer::new(String::new());
    write_program(&mut writer, &shape, &graphs)?;
    Ok((writer.into_inner(), sub_fft_ops(&shape, &graphs).0))
}

/// Operation counts of one sub-FFT: (butterfly operations, stage-twiddle cmuls, twiddle
/// products of the stages in registers (`twiddle_grid.rs`)).
fn sub_fft_ops(shape: &Shape, graphs: &BTreeMap<u32, Graph>) -> (OpCounts, u32, u32) {
    let mut ops = OpCounts::default();
    let (mut stage_muls, mut products) = (0, 0);
    for stage in &shape.stages {
        let butterflies = shape.len / stage.radix;
        if let Some(graph) = graphs.get(&stage.radix) {
            let per = graph.op_counts();
            ops.complex_adds += butterflies * per.complex_adds;
            ops.constant_muls += butterflies * per.constant_muls;
            ops.trivial_rotations += butterflies * per.trivial_rotations;
        }
        if stage.stride > 1 {
            stage_muls += butterflies * (stage.radix - 1);
            let step = shape.twiddle_step(stage.radix);
            products += butterflies * twiddle_grid::products(stage.radix, step);
        }
    }
    (ops, stage_muls, products)
}
