//! The compile-time constants of one fused kernel ([`Shape`], its [`Stage`]s) and the uint
//! index expressions its phases are written with (`crate::index`).

use super::exchange_pad::Padding;
use super::registers::exchange_paddings;
use super::twiddle_grid::grid_step;
pub(super) use crate::index::linear;
use crate::index::Expr;
use crate::math::ir::Graph;
use crate::opencl::literal::{scalar_type, vector_type};
use fft_core::kernel::{FusedReal, FusedSpec, StageTwiddleSlots};
use fft_core::Precision;
use std::collections::BTreeMap;
use std::fmt;

/// The fewest work-items of an f32 register pass whose column load reads its pass twiddles
/// on a grid ([`Shape::pass_twiddle_step`]): NVIDIA's 64K registers per SM give such a
/// work-group at most 128 per work-item, which the pass already takes.
pub(super) const PASS_GRID_MIN_GROUP: u32 = 512;

/// The most elements per work-item whose load and store phases are loops. The 4096-point f32
/// kernel (32 elements) took 6.4-7.4 ms per 2^20 points on PoCL with loops against
/// 4.5-5.3 ms written out, over alternating runs (docs/PERFORMANCE.md, 2026-11-25); on the
/// H100 both were the same. Kernels of 16 elements or fewer were the same with loops on both.
pub(super) const LOOP_ELEMENTS: u32 = 16;

/// One local Stockham stage.
pub(super) struct Stage {
    /// Its position among the stages (0 first).
    pub(super) index: usize,
    /// Its radix r.
    pub(super) radix: u32,
    /// Its stride ps: the product of the earlier radices.
    pub(super) stride: u32,
}

/// The compile-time constants of one fused kernel.
pub(super) struct Shape {
    pub(super) spec: FusedSpec,
    /// L.
    pub(super) len: u32,
    /// R: points per work-item.
    pub(super) radix: u32,
    /// C.
    pub(super) columns: u32,
    /// W.
    pub(super) group: u32,
    /// L / R: work-items per sub-FFT.
    pub(super) per_fft: u32,
    /// Whether L is not a power of two ([`FusedSpec::is_mixed`]): runtime `t` and `p` are
    /// then divisors, not masks, and the flat phases guard each element.
    pub(super) mixed: bool,
    /// Whether the values stay in registers from the load to the store
    /// ([`FusedSpec::holds_registers`]): `ld*` after the load, `st*` before the store, and
    /// `buf` carries only the exchanges between stages.
    pub(super) registers: bool,
    /// Whether those exchanges move halves ([`FusedSpec::exchanges_halves`]): `buf` then
    /// holds scalars, real parts first, then imaginary parts.
    pub(super) halves: bool,
    pub(super) stages: Vec<Stage>,
    /// Where each stage's twiddles sit in `stage_tw` ([`FusedSpec::stage_twiddle_slots`]).
    pub(super) twiddle_slots: StageTwiddleSlots,
    pub(super) vector: &'static str,
    pub(super) scalar: &'static str,
    /// Values of `buf`: [`FusedSpec::local_len`], or, where each exchange pads on its own
    /// ([`FusedSpec::pads_linearly`]), what the exchanges' paddings take
    /// ([`Shape::fit_exchanges`]).
    pub(super) local_len: u64,
    /// S of `pad(e)` ([`FusedSpec::pad_step`], asked once: a mixed length's comes from a
    /// model of its accesses).
    pub(super) pad_step: u32,
    /// The padding of each exchange between the stages where [`Shape::fit_exchanges`] chose
    /// them; empty before.
    pub(super) paddings: Vec<Padding>,
}

impl Shape {
    pub(super) fn of(spec: &FusedSpec) -> Shape {
        let mut stride = 1;
        let mut stages = Vec::new();
        for (index, radix) in spec.stage_radices().into_iter().enumerate() {
            stages.push(Stage {
                index,
                radix,
                stride,
            });
            stride *= radix;
        }
        Shape {
            spec: *spec,
            len: spec.len,
            radix: spec.radix(),
            columns: spec.columns(),
            group: spec.work_group_size(),
            per_fft: spec.len / spec.radix(),
            mixed: spec.is_mixed(),
            registers: spec.holds_registers(),
            halves: spec.exchanges_halves(),
            stages,
            twiddle_slots: spec.stage_twiddle_slots(),
            vector: vector_type(spec.precision),
            scalar: scalar_type(spec.precision),
            local_len: spec.local_len(),
            pad_step: spec.pad_step(),
            paddings: Vec::new(),
        }
    }

    /// Sizes `buf` to the paddings each exchange takes (`exchange_pad.rs`), from a dry run
    /// of the stages, where the kernel pads each exchange on its own: the longest padded
    /// index plus one, at most [`FusedSpec::local_len`] (the planner's budget); the `pad()`
    /// helper only where an exchange still uses it.
    pub(super) fn fit_exchanges(
        &mut self,
        graphs: &BTreeMap<u32, Graph>,
    ) -> Result<(), fmt::Error> {
        if !self.spec.pads_linearly() {
            return Ok(());
        }
        let last = u64::from(self.columns) * u64::from(self.spec.part_len()) - 1;
        self.paddings = exchange_paddings(self, graphs)?;
        self.local_len = self
            .paddings
            .iter()
            .map(|padding| match *padding {
                Padding::Linear { gaps, .. } => gaps.padded(last) + 1,
                Padding::Helper => self.spec.pad(last) + 1,
            })
            .max()
            .unwrap_or(self.local_len);
        if self.local_len > self.spec.local_len() {
            return Err(fmt::Error);
        }
        Ok(())
    }

    /// Whether the kernel indexes `buf` through its `pad()` helper: where it does not pad
    /// each exchange on its own, or where an exchange keeps `pad()`.
    pub(super) fn pad_helper(&self) -> bool {
        !self.spec.pads_linearly() || self.paddings.contains(&Padding::Helper)
    }

    /// Whether any exchange pads on its own (`exchange_pad.rs`) rather than through `pad()`.
    pub(super) fn pads_any_exchange_linearly(&self) -> bool {
        self.paddings
            .iter()
            .any(|p| matches!(p, Padding::Linear { .. }))
    }

    /// Whether any exchange skews each sub-FFT's part by values of its own
    /// ([`super::exchange_pad::Gaps::skewed`]).
    pub(super) fn skews_any_exchange(&self) -> bool {
        self.paddings
            .iter()
            .any(|p| matches!(p, Padding::Linear { gaps, .. } if gaps.skew > 0))
    }

    /// Bytes of `buf`: [`Shape::local_len`] values ([`FusedSpec::local_value_bytes`]).
    pub(super) fn local_bytes(&self) -> u64 {
        self.local_len * self.spec.local_value_bytes()
    }

    /// The load phase's statement putting `value`, its element `it` (a number or the loop
    /// variable), at local index `local`: into `buf`, or into the registers `ld[it]` when
    /// the values stay in registers.
    pub(super) fn put(&self, it: &str, local: &Expr, value: &str) -> String {
        if self.registers {
            format!("ld[{it}] = {value};")
        } else {
            format!("buf[pad({local})] = {value};")
        }
    }

    /// The store phase's element `it` (a number or the loop variable), at local index
    /// `local`: from `buf`, or from register `st[it]` when the values stay in registers.
    pub(super) fn get(&self, it: &str, local: &Expr) -> String {
        if self.registers {
            format!("st[{it}]")
        } else {
            format!("buf[pad({local})]")
        }
    }

    /// Whether the kernel has a column variable `c` (C > 1).
    pub(super) fn has_c(&self) -> bool {
        self.columns > 1
    }

    /// Whether the load and store phases are `#pragma unroll` loops over the elements `it`
    /// (`unrolled.rs`): where each work-item moves at most [`LOOP_ELEMENTS`] elements through
    /// local memory. Elsewhere the phases are written out element by element: the loops
    /// measured slower there (registers on the H100, 32 elements on PoCL), and the registers
    /// `ld[it]`, `st[it]` need constant indices.
    pub(super) fn loops(&self) -> bool {
        !self.registers && self.radix <= LOOP_ELEMENTS
    }

    /// Whether the pass computes Bluestein's whole convolution
    /// ([`fft_core::kernel::ChirpStore::Convolve`]): the stages run twice, the filter between.
    pub(super) fn convolves(&self) -> bool {
        self.spec.convolves()
    }

    /// The grid step of a radix-`radix` stage's twiddles (`twiddle_grid.rs`): products of
    /// few table reads in the stages that keep their values in registers, except where the
    /// pass computes Bluestein's convolution; 1 (every twiddle read) elsewhere.
    pub(super) fn twiddle_step(&self, radix: u32) -> u32 {
        if self.registers && !self.convolves() {
            grid_step(radix)
        } else {
            1
        }
    }

    /// The grid step of the column load's pass twiddles (`load.rs`), 1 where each element
    /// reads its own (and in a single pass's kernel, whose `p > 1` branch never runs).
    ///
    /// On the grid: the local-memory passes that spread a sub-FFT over several work-items
    /// (their values go to local memory as they load, so the grid costs few registers),
    /// except the written-out ones that only ever run first ([`Shape::first_pass_only`]);
    /// and the passes that keep their values in registers and already run at their register
    /// bound, f32 work-groups of at least [`PASS_GRID_MIN_GROUP`] work-items and f64 passes.
    ///
    /// Measured (docs/PERFORMANCE.md, 2026-11-28 (loop grid)), 2^27 points per launch on the
    /// H200: the looped passes (16 elements per work-item, reading 7 two-level twiddles of
    /// 16) took f32 2^15 from 1.112 to 1.078 ms and 2^27 from 2.239 to 2.006, f64 2^16 from
    /// 2.308 to 2.160 and 2^25 from 4.190 to 3.631; the written-out ones (32 elements: 11
    /// reads) f32 2^19 from 1.245 to 1.182, f64 2^19 from 2.610 to 2.522, the C2C of 100000
    /// points from 1.498 to 1.423. No size slower on the H200 or (the looped passes) the H100.
    /// The register passes' grid stays live across the load: the f32 4096-point pass (512
    /// work-items, 128 registers either way) took 2^23 from 1.726 to 1.693 ms and 2^24 from
    /// 1.913 to 1.894, f64's (254 registers, no more spills) 2^20 from 1.259 to 1.196 and
    /// 2^22 from 1.885 to 1.786; but the f32 1024-point pass (256 work-items) went from 128
    /// to 168 registers, one work-group per SM instead of two, and 2^20 from 1.248 to 1.537
    /// (2026-11-27 (pass grid)).
    pub(super) fn pass_twiddle_step(&self) -> u32 {
        let at_bound = self.spec.precision == Precision::F64 || self.group >= PASS_GRID_MIN_GROUP;
        let on_grid = if self.spec.single_pass || self.convolves() {
            false
        } else if self.registers {
            at_bound
        } else {
            self.has_j() && (self.loops() || !self.first_pass_only())
        };
        if on_grid {
            grid_step(self.radix)
        } else {
            1
        }
    }

    /// Whether the kernel only ever runs as a plan's first pass (`p = 1`): its load pads
    /// Bluestein's input, merges a C2R's half spectrum or reads the caller's layout. Its
    /// column load's `p > 1` branch never runs, and a written-out grid there only holds
    /// registers: the first pass of 65537 points' convolution (405 points, 27 elements per
    /// work-item) went from 1.917 to 2.178 ms with one (H200, docs/PERFORMANCE.md
    /// 2026-11-28 (loop grid)). The looped ones keep theirs, as measured (neutral).
    fn first_pass_only(&self) -> bool {
        let spec = &self.spec;
        spec.chirp.is_some_and(|chirp| chirp.pad)
            || spec.real == Some(FusedReal::Merge)
            || spec.load.is_some()
    }

    /// Whether the kernel has a position variable `j` (more than one work-item per sub-FFT).
    pub(super) fn has_j(&self) -> bool {
        self.per_fft > 1
    }
}
