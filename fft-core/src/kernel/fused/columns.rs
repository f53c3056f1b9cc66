//! How many sub-FFTs a [`FusedSpec`]'s work-group holds, and its wide passes.

use super::{
    FusedSpec, INTERLEAVED_WIDE_MIN_F32, MAX_GROUP, MAX_RADIX, MIXED_ONE_PASS_SPLIT_MAX_COLUMNS,
    ONE_PASS_SPLIT_VALUES_F32, WIDE_MAX_COLUMNS, WIDE_MERGE_MIN_F32, WIDE_MIN,
};
use crate::kernel::real::FusedReal;
use crate::kernel::spec::Lengths;
use crate::plan::MIN_RUN_BYTES;
use crate::Precision;

impl FusedSpec {
    /// C: the sub-FFTs ("columns") per work-group. `max_len / len` for `len >= 16`, and
    /// `max_len / 16` for shorter lengths (so the work-group keeps `max_len / 16` work-items).
    ///
    /// Mixed lengths also keep the work-group within [`MAX_GROUP`] work-items.
    ///
    /// A single pass of 512 points in f32 takes 4 sub-FFTs, not 8: measured on the H100
    /// (docs/PERFORMANCE.md, 2026-11-24), 1.02 copies against 1.21. As a column pass of a
    /// longer transform it keeps 8, whose runs of 8 addresses it needs (with 4: 2^18 from
    /// 2.13 to 2.54 copies, 2^27 from 4.50 to 5.57). 256 points with 8 sub-FFTs, and 2048
    /// points with 1, were no faster. A one-pass real split of 512 points runs as
    /// [16, 16, 2] (32 work-items per sub-FFT, `single_pass_register_bits`); one-pass splits
    /// take fewer sub-FFTs than their capacity allows ([`FusedSpec::one_pass_split_columns`]).
    pub fn columns(&self) -> u32 {
        if self.split_columns > 0 {
            return self.split_columns;
        }
        self.natural_columns()
    }

    /// C as the rules of [`FusedSpec::columns`] give it, before a
    /// [`FusedSpec::split_columns`] that holds fewer.
    pub fn natural_columns(&self) -> u32 {
        let by_capacity = self.columns_by_capacity();
        self.one_pass_split_columns()
            .map_or(by_capacity, |most| by_capacity.min(most))
    }

    /// `C / 2` where the kernel takes its columns in mirrored pairs at any stride
    /// ([`FusedSpec::split_any_stride`]; fft-codegen's `roles.rs`, `bind_paired_columns`): a
    /// sequence of `t` columns then takes `ceil(ceil(t/2) / (C/2))` work-groups
    /// ([`crate::kernel::Geometry::launch`]; `t / C` where `C` divides `t`, as for the other
    /// kernels). `None` for every other kernel.
    pub fn paired_split_columns(&self) -> Option<u32> {
        self.split_any_stride.then(|| self.columns() / 2)
    }

    /// The most sub-FFTs a one-pass f32 R2C kernel (the whole transform with the split step)
    /// holds, where that is fewer than its local memory allows: 2048 values for half lengths
    /// of 512 to 2048 points (512: 4 sub-FFTs, 1024: 2, 2048: 1), 4 for a mixed half length
    /// that pairs its split in registers (500 = [10, 10, 5]: 4, not 8). Measured on the H200
    /// (docs/PERFORMANCE.md, 2026-11-28 (last gaps), g2, per 2^27 reals, ms): 1000 reals
    /// 0.334 -> 0.298 (8 -> 4; 2 took 0.314), 4096 reals 0.289 -> 0.286, 2048 reals 0.283 ->
    /// 0.278, 1024 reals 0.274 -> 0.272, the R2C of 4096,4096 x8 (rows of 4096 reals) 0.847 ->
    /// 0.841; 256 and 512 reals (sub-FFTs of 128 and 256 points) lost 0.5-1 % with half
    /// their sub-FFTs, 2000 and 4000 reals 5 % (they keep 4 and 2). With this rule (f3):
    /// 864 reals (432 points, 9 -> 4 sub-FFTs) 0.354 -> 0.293 ms, 1372 reals (686 points,
    /// 5 -> 4) 0.300 -> 0.289.
    pub fn one_pass_split_columns(&self) -> Option<u32> {
        let one_pass_split = self.real == Some(FusedReal::Split)
            && self.single_pass
            && !self.interleaved
            && self.precision == Precision::F32;
        if !one_pass_split {
            return None;
        }
        if self.len.is_power_of_two() {
            return (ONE_PASS_SPLIT_VALUES_F32 / 4..=ONE_PASS_SPLIT_VALUES_F32)
                .contains(&self.len)
                .then(|| ONE_PASS_SPLIT_VALUES_F32 / self.len);
        }
        self.last_stage_pairs(&self.stage_radices())
            .then_some(MIXED_ONE_PASS_SPLIT_MAX_COLUMNS)
    }

    /// C as the local memory allows, before [`FusedSpec::one_pass_split_columns`]; a
    /// side-by-side pass's own ([`FusedSpec::side_by_side_columns`]) first.
    fn columns_by_capacity(&self) -> u32 {
        if let Some(columns) = self.side_by_side_columns() {
            return columns;
        }
        if self.single_pass
            && self.precision == Precision::F32
            && self.len == 512
            && !self.interleaved
        {
            return 4;
        }
        if self.is_wide() {
            // f32: max_len (16384 values) in columns, at most 8 of them but in interleaved
            // passes (1024 and 2048 points: 8, 4096: 4; interleaved 512: 32, 1024: 16).
            // Measured on the H100 (docs/PERFORMANCE.md, 2026-11-24), 2048 points with 8
            // columns (two parts) against 4 (one part): 2^21 from 1.77 to 1.69 ms, 2^22 from
            // 2.00 to 1.93; 1024 points with 16 columns took 2^20 from 1.56 to 1.70 ms.
            if self.precision == Precision::F32 {
                let columns = FusedSpec::max_len(self.precision) / self.len;
                return if self.interleaved {
                    columns
                } else {
                    columns.min(WIDE_MAX_COLUMNS)
                };
            }
            let halves = FusedSpec::scalar_capacity(self.precision) / self.len;
            return halves.max(FusedSpec::min_run_columns(self.precision));
        }
        let fit = FusedSpec::complex_capacity(self.precision) / self.len.max(MAX_RADIX);
        if !self.has_power_of_two_stages() {
            if self.is_aligned() {
                return self.aligned_columns;
            }
            let per_fft = (self.len / self.radix()).max(1);
            return fit.min(MAX_GROUP / per_fft).max(1);
        }
        fit.max(1)
    }

    /// W = C * len / R: work-items per work-group (256 for f32, 128 for f64).
    pub fn work_group_size(&self) -> u32 {
        self.columns() * (self.len / self.radix()).max(1)
    }

    /// Whether this pass of a multi-pass plan takes more columns than a complex exchange
    /// allows and exchanges halves: plain power-of-two passes (no edge but the caller's
    /// layout and, where `wide_merge` allows it, a C2R's merge; not the whole
    /// transform, unless interleaved: an interleaved pass always runs in columns, but for
    /// sequences side by side in the contiguous whole transform's register shape,
    /// `FusedSpec::side_by_side_whole_columns`) of
    /// `WIDE_MIN` (1024) points (512 for f32 interleaved passes) up to the longest whose `C`
    /// values fill [`MIN_RUN_BYTES`] ([`FusedSpec::wide_max`]: 4096 points in f32, in two
    /// parts). Their strided side then reads or writes runs of `C` values: 1024 and 2048
    /// points take 8 columns in f32 (runs of 64 bytes; 2048 in two parts), where a complex
    /// exchange allows 4 and 2 ([`FusedSpec::columns`]); f32 interleaved passes hold 16384
    /// values (512 points: 32 columns, 1024: 16). Measured on the H100
    /// (docs/PERFORMANCE.md, 2026-11-24): passes with runs of 32 bytes took 1.19 (reads)
    /// and 1.46 (writes) times a copy, with runs of 64 bytes 1.04-1.07. The caller's layout
    /// (strided or planar, read or written at each element's address) rides on a wide pass
    /// like on any other: before, a first pass with it fell back to a complex exchange's
    /// columns, and planar input took 1.24x (2^20), 1.94x (2^22) and 1.78x (2^24) the
    /// contiguous time; wide, 1.08x, 1.09x and 1.07x (H200, docs/PERFORMANCE.md,
    /// 2026-11-28 (last gaps)).
    pub fn is_wide(&self) -> bool {
        self.len.is_power_of_two()
            && self.lengths == Lengths::PowerOfTwo
            && (!self.single_pass || self.interleaved)
            && self.side_by_side_whole_columns().is_none()
            && self.chirp.is_none()
            && (self.real.is_none() || self.wide_merge())
            && (self.wide_min()..=FusedSpec::wide_max(self.precision)).contains(&self.len)
    }

    /// The shortest [wide](FusedSpec::is_wide) sub-FFT: [`INTERLEAVED_WIDE_MIN_F32`] (512)
    /// for f32 interleaved passes, else [`WIDE_MIN`] (1024).
    fn wide_min(&self) -> u32 {
        if self.interleaved && self.precision == Precision::F32 {
            INTERLEAVED_WIDE_MIN_F32
        } else {
            WIDE_MIN
        }
    }

    /// Whether a pass with a real transform's merge step may be [wide](FusedSpec::is_wide): in
    /// f64, and in f32 from [`WIDE_MERGE_MIN_F32`] points. The merge reads both values of
    /// each pair from global memory, so it needs no pairing of columns in the work-group.
    pub(super) fn wide_merge(&self) -> bool {
        self.real == Some(FusedReal::Merge)
            && (self.precision == Precision::F64 || self.len >= WIDE_MERGE_MIN_F32)
    }

    /// The longest [wide](FusedSpec::is_wide) sub-FFT, the planner's longest sub-FFT of a
    /// multi-pass power-of-two plan: in f32 `max_len / C` with `C` values of
    /// [`MIN_RUN_BYTES`] (4096, two parts per exchange); in f64 2048 (one part). Measured on
    /// the H100 (docs/PERFORMANCE.md, 2026-11-24): f64 2^23 as 4096x2048 took 4.88 ms
    /// against 4.59 ms in three passes, its 4096-point pass of 2 columns 1.50 copies.
    pub fn wide_max(precision: Precision) -> u32 {
        let longest = FusedSpec::max_len(precision) / FusedSpec::min_run_columns(precision);
        match precision {
            Precision::F32 => longest,
            Precision::F64 => longest / 2,
        }
    }

    /// The fewest columns of a pass of a multi-pass plan: `C` values fill [`MIN_RUN_BYTES`]
    /// (4 in f32, 2 in f64).
    pub fn min_run_columns(precision: Precision) -> u32 {
        (MIN_RUN_BYTES / precision.complex_bytes()).max(1) as u32
    }
}
