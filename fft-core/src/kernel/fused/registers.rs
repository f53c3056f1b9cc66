//! Whether a [`FusedSpec`] keeps its values in registers from load to store, exchanging
//! them between stages through local memory.

use super::radices::{divide_the_first, parts_fit};
use super::{
    FusedSpec, CHIRP_REGISTER_MAX_COLUMNS, EDGE_REGISTER_MAX_RADIX, LONG_MIXED_MAX_GROUP,
    MAX_GROUP, MAX_RADIX, MERGE_REGISTER_MAX_LEN, REGISTER_MIN_RUN, SINGLE_PASS_MIN_RUN,
    SPLIT_PAIR_MIN_RUN,
};
use crate::kernel::real::FusedReal;
use crate::kernel::spec::Lengths;
use crate::Precision;

impl FusedSpec {
    /// Whether each work-item keeps its R values in registers from the load to the store:
    /// the first stage runs on the load's elements and the last one leaves the store's, so
    /// local memory carries only the exchanges between stages (one fewer round trip at each
    /// end than the complex-exchange kernels). Every pass that
    /// [exchanges halves](FusedSpec::exchanges_halves), the mixed passes whose stages suit it
    /// ([`FusedSpec::mixed_in_registers`]) and the power-of-two passes with Bluestein's edges
    /// that do ([`FusedSpec::chirp_in_registers`]), and the plain power-of-two passes that
    /// are the whole transform ([`FusedSpec::single_pass_in_registers`]).
    pub fn holds_registers(&self) -> bool {
        self.exchanges_halves()
            || self.mixed_in_registers()
            || self.chirp_in_registers()
            || self.single_pass_in_registers()
    }

    /// Whether a power-of-two pass that is the whole transform ([`FusedSpec::single_pass`]),
    /// not interleaved (but for sequences side by side in this shape's columns,
    /// `FusedSpec::side_by_side_whole_columns`), with complex exchanges and no edge but a
    /// real split, (up to `MERGE_REGISTER_MAX_LEN`, 512 points) a real merge, or the caller's layout (strided or
    /// planar, read and written element by element), keeps its values in registers, as
    /// balanced stages of radix up to 16 (`single_pass_register_bits`; `64 -> [8, 8]`,
    /// `512 -> [8, 8, 8]`, `2048 -> [16, 16, 8]`; 4096 in f32 as `[32, 32, 4]`), with at
    /// least `SINGLE_PASS_MIN_RUN` (8) work-items per sub-FFT where a work-group holds
    /// several: from 64 points in f32 and f64 (32 would be `[8, 4]`). The mixed lengths'
    /// register stages then serve powers of two too, with their exchanges padded linearly
    /// ([`FusedSpec::pads_linearly`]). Measured on the H200 (docs/PERFORMANCE.md, 2026-11-26,
    /// registers), 2^27 points, against the local-memory stages: f32 64 points 0.588 ->
    /// 0.522 ms, 256 0.642 -> 0.523, 1024 0.627 -> 0.518, 4096 0.739 -> 0.530 (the copy:
    /// 0.513; cuFFT 0.525, 0.545, 0.536, 0.539); f64 (2^26 points) 256 0.724 -> 0.528,
    /// 2048 0.731 -> 0.528. Passes of multi-pass plans keep their shapes: in registers they
    /// lost on the H100 (the second pass of 2^16 points 0.747 -> 0.858 ms). With the caller's
    /// layout (H200, 2026-11-27 (pitch)): planar input of 1024 points 0.724 -> 0.526 ms (the
    /// contiguous input: 0.514), 4096 0.755 -> 0.599, f64 2048 0.727 -> 0.526; every other
    /// value of 1024 points 0.832 -> 0.747.
    pub fn single_pass_in_registers(&self) -> bool {
        self.single_pass_register_bits().is_some()
    }

    /// The main radix (as bits) of a [`FusedSpec::single_pass_in_registers`] pass: as few
    /// stages of radix at most 16 as the length takes, balanced (`1024 -> [16, 16, 4]`,
    /// `512 -> [8, 8, 8]`; 4096 in f32 as `[32, 32, 4]`), where those keep their values in
    /// registers (two stages at least, `SINGLE_PASS_MIN_RUN` work-items per sub-FFT with
    /// `C > 1`, at most [`MAX_GROUP`] work-items); `None` for every other pass.
    pub(super) fn single_pass_register_bits(&self) -> Option<u32> {
        // A real split reads its mirrored values back from local memory (`store.rs`), a
        // merge reads both of a pair from global memory into the registers, the caller's
        // layout reads and writes each element at its address.
        let edge_fits = match self.real {
            None => self.chirp.is_none(),
            Some(FusedReal::Split) => true,
            Some(FusedReal::Merge) => self.len <= MERGE_REGISTER_MAX_LEN,
        };
        let plain = self.single_pass
            && self.lengths == Lengths::PowerOfTwo
            && self.len.is_power_of_two()
            && (!self.interleaved || self.side_by_side_whole_columns().is_some())
            && edge_fits
            && !self.exchanges_halves();
        if !plain {
            return None;
        }
        let bits = self.len.trailing_zeros();
        let stages = bits.div_ceil(MAX_RADIX.trailing_zeros());
        let balanced = bits.div_ceil(stages.max(1));
        let main = if self.is_one_pass_split_of_2048_f32() {
            // The R2C of 4096 reals: radix 32 first (64 work-items per sub-FFT, 128
            // registers): [32, 32, 2] took 0.288 ms per 2^27 reals against 0.304 as [16, 16,
            // 8] (64 registers) on the H200 (docs/PERFORMANCE.md, 2026-11-28 (paired split),
            // d6); its other stages are [8, 8] (`FusedSpec::stage_radices`).
            5
        } else if self.precision == Precision::F32 && self.len == 4096 {
            // Measured on the H200 (docs/PERFORMANCE.md, 2026-11-26, registers): [32, 32, 4]
            // with 128 work-items 0.529 ms, [16, 16, 16] with 256 0.576, [64, 64] 0.625.
            5
        } else if self.real == Some(FusedReal::Split)
            && bits % balanced == 0
            && balanced < MAX_RADIX.trailing_zeros()
            && bits.div_ceil(balanced + 1) == stages
            && self.len >> (balanced + 1) >= SPLIT_PAIR_MIN_RUN
        {
            // A split pairs its values in registers where the last stage runs an even number
            // of butterflies per work-item (fft-codegen's `paired_split.rs`): 512 points as
            // [16, 16, 2] rather than [8, 8, 8], the same number of stages.
            balanced + 1
        } else {
            balanced
        };
        let per_fft = self.len >> main;
        let fits = stages >= 2
            && (self.columns() == 1 || per_fft >= SINGLE_PASS_MIN_RUN)
            && self.columns() * per_fft <= MAX_GROUP;
        fits.then_some(main)
    }

    /// Whether this is the one-pass f32 R2C kernel of 4096 reals (2048 points with the
    /// split step), whose stages are [32, 8, 8].
    pub(super) fn is_one_pass_split_of_2048_f32(&self) -> bool {
        self.precision == Precision::F32
            && self.len == 2048
            && self.real == Some(FusedReal::Split)
            && self.single_pass
    }

    /// Whether a power-of-two pass with Bluestein's edges keeps its values in registers
    /// ([`FusedSpec::holds_registers`]): the pad, the filter and the unpad read and write
    /// element by element at their global index, so they ride on the registers' load and
    /// store like a mixed pass's ([`FusedSpec::mixed_in_registers`]), with the same
    /// conditions (two stages at least, and with `C > 1` at least `REGISTER_MIN_RUN` (16)
    /// work-items per sub-FFT), and at most `CHIRP_REGISTER_MAX_COLUMNS` (2) sub-FFTs per
    /// work-group. Plain power-of-two passes keep their measured shapes.
    pub fn chirp_in_registers(&self) -> bool {
        if !self.len.is_power_of_two() || self.chirp.is_none() || self.interleaved {
            return false;
        }
        self.columns() <= CHIRP_REGISTER_MAX_COLUMNS
            && self.register_stages_fit(&self.stage_radices())
    }

    /// Whether a mixed length runs with its values in registers ([`FusedSpec::holds_registers`]):
    /// a pass that is not interleaved, whose edges suit it (`may_hold_mixed_registers`), of at
    /// least two stages whose radices all divide the first, R (so every stage is `R / r` whole
    /// butterflies per work-item), exchanges in
    /// parts the generator can tell apart (`parts_fit`), and, with `C > 1`, at least
    /// `REGISTER_MIN_RUN` (16) work-items per sub-FFT (the flat phases then move runs of
    /// `L / R` neighbouring values: `1000 = [10, 10, 10]`, runs of 100), a work-group of at
    /// most [`MAX_GROUP`] (long mixed passes up to 1024, [`FusedSpec::is_long_mixed`]:
    /// 13824 = [24, 24, 24] takes 576), with an edge a first radix of at most
    /// `edge_first_radix_cap` (20, but for real steps above the complex capacity), and with
    /// a real split a last radix that divides the first. Stages exchange
    /// complex values up to [`FusedSpec::complex_capacity`], halves above (6561 points in
    /// f32 in one pass), in parts above [`FusedSpec::mixed_scalar_capacity`] (10800 points
    /// in f32 as `[30, 10, 6, 6]`, two parts of 5400).
    pub fn mixed_in_registers(&self) -> bool {
        if !self.may_hold_mixed_registers() {
            return false;
        }
        let radices = self.stage_radices();
        let Some(&first) = radices.first() else {
            return false;
        };
        let long = self.is_long_mixed();
        let group = if long {
            LONG_MIXED_MAX_GROUP
        } else {
            MAX_GROUP
        };
        // A real split stores the last stage's outputs as the elements `j + it * L/R` (its
        // mirror exchange and the paired split both need them there): a last radix dividing R.
        let split_stores = self.real != Some(FusedReal::Split)
            || radices.last().is_some_and(|&last| first % last == 0);
        self.register_stages_fit(&radices)
            && split_stores
            && (first <= self.edge_first_radix_cap() || long)
            && (divide_the_first(&radices)
                || (!self.is_aligned() && self.guarded_stages_fit(&radices)))
            && parts_fit(self.len, &radices, self.exchange_parts())
            && self.work_group_size() <= group
    }

    /// The largest first radix of a mixed pass in registers: `EDGE_REGISTER_MAX_RADIX` (20)
    /// with an edge, no bound without. Above [`FusedSpec::complex_capacity`] (the stages
    /// exchange halves), where a real step has no local-memory form and without registers
    /// takes a point-wise pass over global memory of its own: no bound for an f32 split, 20
    /// for an f32 merge, 10 in f64 (half the registers per value), 12 for an f64 split of
    /// an even length ([`F64_EVEN_SPLIT_MAX_FIRST_RADIX`]). Measured on the H200
    /// (docs/PERFORMANCE.md, 2026-11-30 (real halves), r1; per 2^27 f32 reals, 2^26 f64; the
    /// point-wise pass -> the step in the one pass; in-sample): f32 splits gained at every
    /// first radix (8400 = [20, 21, 10] 0.550 -> 0.315 ms, 9000 = [30, 30, 5] 0.582 ->
    /// 0.356, 8640 = [30, 6, 6, 2, 2] 0.641 -> 0.593) or tied (12000 = [30, 10, 10, 2]); f32
    /// merges gained at 14 and 20 (8400 0.562 -> 0.481) and lost at 30 (8640 0.640 -> 1.042,
    /// 12000, 9000, 15000); in f64 the split and the merge gained at 5 and 10 (6000 reals =
    /// [10, 10, 6, 5]: 0.572 -> 0.345, 0.577 -> 0.471) and lost at 14 (8232 reals = [14, 7, 3,
    /// 14]: 0.577 -> 0.597, 0.582 -> 0.770).
    pub(super) fn edge_first_radix_cap(&self) -> u32 {
        let above_capacity = self.len > FusedSpec::complex_capacity(self.precision);
        match (self.real, self.precision) {
            (Some(FusedReal::Split), Precision::F64) if above_capacity && self.len % 2 == 0 => {
                F64_EVEN_SPLIT_MAX_FIRST_RADIX
            }
            (Some(_), Precision::F64) if above_capacity => EDGE_REGISTER_MAX_RADIX / 2,
            (Some(FusedReal::Split), Precision::F32) if above_capacity => u32::MAX,
            _ if self.has_edge() => EDGE_REGISTER_MAX_RADIX,
            _ => u32::MAX,
        }
    }

    /// What every pass that keeps its values in registers needs of its stage `radices`: two
    /// stages at least (the first runs on the load's registers, the last leaves the store's),
    /// and with `C > 1` at least `REGISTER_MIN_RUN` work-items per sub-FFT.
    pub(super) fn register_stages_fit(&self, radices: &[u32]) -> bool {
        let Some(&first) = radices.first() else {
            return false;
        };
        radices.len() >= 2 && (self.columns() == 1 || self.len / first >= REGISTER_MIN_RUN)
    }

    /// Whether this mixed pass may keep its values in registers, radices permitting: a
    /// length that is not a power of two, not interleaved unless its sequences are side by
    /// side ([`FusedSpec::side_by_side`]) or its runs aligned ([`FusedSpec::aligned_columns`]); its edges read and write element
    /// by element at their global index (Bluestein's pad, filter and unpad, a real merge, the
    /// caller's layout), or, for a real split, from the last stage's registers: above
    /// [`FusedSpec::complex_capacity`] points (halves) only as the whole transform in one
    /// exchange part (fft-codegen's `paired_split.rs` and `write_split_halves`).
    pub(super) fn may_hold_mixed_registers(&self) -> bool {
        let split_in_halves = self.real == Some(FusedReal::Split)
            && self.len > FusedSpec::complex_capacity(self.precision);
        !self.len.is_power_of_two()
            && self.lengths == Lengths::Any
            && (!self.interleaved || self.side_by_side > 0 || self.is_aligned())
            && (!split_in_halves || (self.single_pass && self.sub_fft_parts() == 1))
    }
}

/// The largest first radix of an f64 one-pass split above [`FusedSpec::complex_capacity`]
/// whose half length is even (an odd one pairs its mirrors through one more exchange of
/// halves: 6050 reals, 3025 = [11, 5, 5, 11], 0.607 -> 0.656 ms per 2^26 reals with the
/// split in). Measured on the H200 (docs/PERFORMANCE.md, 2026-12-01 (f64 rules), b3 and b4,
/// ms per 2^26 reals): the point-wise split -> the split in the one pass, 6912 reals ([12,
/// 12, 12, 2]) 0.545 -> 0.307, 4368 ([12, 13, 7, 2]) 0.548 -> 0.318, 8640 0.690 -> 0.438,
/// 9216 0.575 -> 0.408, first radix 11: 5324 0.556 -> 0.445, 8712 0.693 -> 0.596, 7260
/// 0.589 -> 0.584, 5808 0.576 -> 0.612; one-pass splits whose radices change: 6048 reals
/// ([6, 14, 12, 3] -> [12, 12, 7, 3]) 0.561 -> 0.300, 5400 0.606 -> 0.380, 7056 0.571 ->
/// 0.370, 7560 0.628 -> 0.372, 9000 0.662 -> 0.496, 4704 0.419 -> 0.379. The merge lost with
/// 12 (b3: 6912 reals 0.541 -> 0.747, 6050 0.607 -> 0.829) and keeps 10.
const F64_EVEN_SPLIT_MAX_FIRST_RADIX: u32 = 12;
