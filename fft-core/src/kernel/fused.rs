//! [`FusedSpec`]: a fused local-memory pass (DESIGN.md section 4.2) and the shape the
//! generator gives it (columns, work-group size, stage radices, local memory).

use super::real::FusedReal;
use super::spec::{Lengths, SpecError};
use crate::plan::{balanced_factors, is_smooth, MIN_RUN_BYTES};
use crate::{Direction, Precision};

/// Elements of one padding step in local memory: one complex of padding follows every 16
/// values, and one more every `PAD_STEP * PAD_STEP` (256):
/// `pad(e) = e + e / 16 + e / 256` ([`FusedSpec::local_len`]).
pub const PAD_STEP: u32 = 16;

/// The shortest period of the padding of a kernel that pads each exchange on its own
/// ([`FusedSpec::pads_linearly`]): one value of padding after every `P >= 8` values, so its
/// local buffer holds at most `L + (L - 1) / 8 + 1` values ([`FusedSpec::local_len`]: 46080
/// bytes at the longest, within the 48 KB NVIDIA's OpenCL gives a work-group).
pub const LINEAR_PAD_MIN_PERIOD: u32 = 8;

/// Work-items per sub-FFT do `radix()` points each: the main radix is at most this.
const MAX_RADIX: u32 = 16;
/// The largest stage radix of a mixed length's local stages in f32 (f64: half). Measured on
/// the H100 (docs/PERFORMANCE.md, 2026-11-23): 32 against 64 takes 1000 points from 1.94 to
/// 1.34 times a copy ([10, 10, 10] instead of [40, 25]: more work-items, fewer registers
/// each) and 2310 from 2.62 to 1.97.
const MIXED_CAP: u32 = 32;
/// The most work-items a mixed-length fused kernel's work-group has: 512, so a 1000-point
/// sub-FFT of 100 work-items still runs 4 side by side (runs of 32 bytes in multi-pass
/// plans; with 2 the 10^6-point transform took 5.2 copies instead of 3.2 on the H100).
/// The planner keeps to the device's limit.
pub const MAX_GROUP: u32 = 512;
/// The largest stage radix (the largest butterfly the generator emits).
const MAX_STAGE_RADIX: u32 = 64;
/// The scalars of one part of a mixed f32 pass's exchanges
/// ([`FusedSpec::mixed_scalar_capacity`]; f64 half as many).
const MIXED_PART_SCALARS_F32: u32 = 10240;
/// The shortest sub-FFT of a [wide](FusedSpec::is_wide) pass: shorter ones already take
/// runs of 64 bytes or more with a complex exchange (512 points: 8 columns in f32, 4 in f64).
pub const WIDE_MIN: u32 = 1024;
/// The most columns of an f32 [wide](FusedSpec::is_wide) pass: 8 (runs of 64 bytes).
const WIDE_MAX_COLUMNS: u32 = 8;
/// The shortest f32 first pass of a C2R that takes the merge step in its
/// [wide](FusedSpec::is_wide) form. Measured on the H200 (docs/PERFORMANCE.md, 2026-11-27
/// (wide merge), w3), per 2^27 reals, the merge in 4 columns -> 8 (wide) or a point-wise
/// merge pass -> the wide first pass: 2048 and 4096 points gained (2^22 reals 0.958 -> 0.901
/// ms, 2^23 1.083 -> 0.963, 2^25 1.249 -> 1.148), 1024 points lost (2^20 0.845 -> 0.916, its
/// merge pass 0.49 -> 0.56 ms). In f64 every wide length gained or tied (1024 points, 2^20
/// reals: 1.006 -> 0.832 ms).
const WIDE_MERGE_MIN_F32: u32 = 2048;
/// The most sub-FFTs per work-group of a power-of-two pass with Bluestein's edges that keeps
/// its values in registers ([`FusedSpec::chirp_in_registers`]). Measured on the H100
/// (docs/PERFORMANCE.md, 2026-11-25): 2048 points with C = 2 gained (N = 1009: the pad and
/// filter pass 2.118 -> 1.857 ms, the unpad pass 1.488 -> 1.269; the pad pass of 999983 2.306
/// -> 2.207), 1024 points with C = 4 lost (999983's filter pass 3.335 -> 3.405 ms, its unpad
/// pass 2.380 -> 2.904).
const CHIRP_REGISTER_MAX_COLUMNS: u32 = 2;
/// The largest first radix of a mixed pass with an edge that keeps its values in registers
/// ([`FusedSpec::mixed_in_registers`]). Measured on the H100 (docs/PERFORMANCE.md,
/// 2026-11-25): the real split and merge on 1000 = [10, 10, 10] and 2000 = [20, 20, 5]
/// gained (R2C of 4000 reals 0.590 -> 0.441 ms, C2R 0.757 -> 0.583), on 3000 = [30, 10, 10]
/// they lost (R2C of 6000 reals 0.537 -> 0.640 ms, C2R 0.657 -> 1.024).
const EDGE_REGISTER_MAX_RADIX: u32 = 20;
/// Mixed sub-FFTs longer than this may take one more stage for radices that all divide the
/// first ([`FusedSpec::stage_radices`]); shorter ones only as many stages, but for those with a
/// real transform's split or merge, whose edge costs the local-memory stages most: the
/// 500-point pass of 1000 reals as [10, 10, 5] in registers against [25, 20] (H100,
/// docs/PERFORMANCE.md, 2026-11-25 night): R2C 0.645 -> 0.396 ms, C2R 1.050 -> 0.482 ms.
const EXTRA_STAGE_MIN_LEN: u32 = 512;
/// The fewest work-items per sub-FFT of a mixed pass with C > 1 whose values stay in
/// registers ([`FusedSpec::mixed_in_registers`]): its flat phases move runs of this many
/// neighbouring values (128 bytes in f32).
pub const REGISTER_MIN_RUN: u32 = 16;
/// The fewest work-items per sub-FFT of a power-of-two pass that is the whole transform and
/// keeps its values in registers with several sub-FFTs per work-group
/// ([`FusedSpec::single_pass_in_registers`]): its loads and stores are all flat, so a warp
/// moves runs of 8 values (64 bytes in f32), the sub-FFTs of a work-group side by side.
/// Measured on the H200 (docs/PERFORMANCE.md, 2026-11-26, registers): 64 points as [8, 8]
/// (runs of 8) 0.521 ms against 0.587 through local memory, 128 as [16, 8] 0.525 against
/// 0.588.
const SINGLE_PASS_MIN_RUN: u32 = 8;
/// The longest whole-transform power-of-two pass with a real merge (the first pass of a C2R)
/// that keeps its values in registers ([`FusedSpec::single_pass_in_registers`]); a split
/// (R2C) does at every length. Measured on the H200 (docs/PERFORMANCE.md, 2026-11-26,
/// registers, r7), C2R of N reals through the N/2-point pass: 512 reals 0.591 -> 0.328 ms,
/// 1024 0.365 -> 0.362, 2048 0.384 -> 0.411, 8192 0.460 -> 0.490; R2C 1024 reals 0.393 ->
/// 0.310, 8192 0.505 -> 0.384.
const MERGE_REGISTER_MAX_LEN: u32 = 512;

/// log2 of the largest stage radix of an f32 power-of-two pass that computes Bluestein's
/// whole convolution ([`FusedSpec::convolves`]): 32.
const CONVOLVE_RADIX_BITS: u32 = 5;

/// One fused kernel: a Stockham pass whose radix is a whole sub-FFT of length `len`, computed
/// by a work-group in registers and local memory, `columns()` sub-FFTs per work-group.
///
/// The derived quantities ([`FusedSpec::columns`], [`FusedSpec::radix`], ...) are meaningful
/// for supported specs only ([`FusedSpec::check`]); for others they return small, non-panicking
/// placeholders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FusedSpec {
    /// Length L of each sub-FFT, in 2..=[`FusedSpec::max_len`]: a power of two, or a mixed
    /// length whose prime factors are at most 13 ([`FusedSpec::is_mixed`]).
    pub len: u32,
    /// Sign of the exponent.
    pub direction: Direction,
    /// `float2` or `double2` data.
    pub precision: Precision,
    /// The transform lengths the pass serves: powers of two (masks on `t` and `p`), or any
    /// length (division; the only choice for a mixed `len`, and for a power-of-two `len`
    /// inside a mixed-length plan, where `t` or `p` is not a power of two).
    pub lengths: Lengths,
    /// Bluestein's point-wise steps fused into the load and the store (DESIGN.md 4.4), or
    /// `None` for a plain pass.
    pub chirp: Option<FusedChirp>,
    /// A real transform's split step fused into the store or merge step into the load
    /// (DESIGN.md 4.5), or `None`. Never together with `chirp`.
    pub real: Option<FusedReal>,
    /// Whether the pass's sequences are interleaved value by value, `inner` of them
    /// ([`crate::kernel::LaunchParams::inner`]): point `m` of sequence `(b, c)` at
    /// `(b * len + m) * inner + c`, a multi-dimensional transform's axis that is not the last
    /// (DESIGN.md 4.6). The work-group's columns are then `C` neighbouring sequences `c`, so
    /// each global access is a run of `C` values; the flat regime does not exist (an
    /// interleaved pass always runs in columns). Never with `chirp` or `real`.
    pub interleaved: bool,
    /// A real transform's half spectrum (rows of `N/2 + 1` values) kept in the work buffers
    /// at a pitch whose rows start on 32-byte sectors ([`crate::kernel::LaunchParams::pitch`]),
    /// so the column passes' runs do too. An interleaved pass: its sequences' values lie in
    /// rows of `width` values with a row pitch of its own on each side, column `ci` at
    /// `(ci / width) * pitch + ci % width`. A real split: it writes rows `out_pitch` values
    /// apart, zeros in the padding. Only with `interleaved` or a real split.
    pub pitched: bool,
    /// The first pass of a 1-D plan reads the caller's layout itself: value `pos` of sequence
    /// `seq` at `seq * in_dist + pos * in_stride`, interleaved or planar (DESIGN.md 4.6), so
    /// the layout costs no pass of its own. Only on plain passes (no other edge).
    pub load: Option<Storage>,
    /// The last pass writes the caller's layout: `seq * out_dist + pos * out_stride`.
    pub store: Option<Storage>,
    /// The pass is the whole transform (`t = p = 1`: each work-group reads and writes one
    /// contiguous block), so its work-group need not take many columns for long runs of
    /// global addresses ([`FusedSpec::columns`]), and a plain power-of-two pass keeps its
    /// values in registers ([`FusedSpec::single_pass_in_registers`]). Set only where it
    /// changes the kernel ([`FusedSpec::as_single_pass`]).
    pub single_pass: bool,
}

/// How the caller's values are stored where a fused pass reads or writes them itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Storage {
    /// `float2` values.
    Interleaved,
    /// Real parts and imaginary parts in two buffers of `float`.
    Planar,
}

impl Storage {
    fn tag(self) -> &'static str {
        match self {
            Storage::Interleaved => "strided",
            Storage::Planar => "planar",
        }
    }
}

/// Bluestein's steps a fused pass of the length-M convolution does at its edges, so they cost
/// no pass of their own: the first pass of the forward M-point FFT pads (loads
/// `x[b*N + n] * w[n]` for `n < N`, zeros up to M), its last pass multiplies by the filter's
/// spectrum as it stores, and the last pass of the inverse M-point FFT unpads (stores
/// `v * w[n] * scale` to `y[b*N + n]` for `n < N` only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FusedChirp {
    /// The direction of the user's transform (the chirp's sign); the pass's own `direction`
    /// is the inner M-point FFT's.
    pub outer: Direction,
    /// Whether the load pads: reads the `N`-point input times the chirp, zeros beyond.
    pub pad: bool,
    /// What the store does.
    pub store: ChirpStore,
}

/// The store of a fused Bluestein pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ChirpStore {
    /// Stores the sub-FFT's values (times the scale), like a plain pass.
    Plain,
    /// Multiplies each value by the filter's spectrum at its position (the forward FFT's
    /// last pass).
    Filter,
    /// Keeps positions `n < N`, times the chirp and the scale, at `y[b*N + n]` (the inverse
    /// FFT's last pass).
    Unpad,
    /// The whole convolution in the one pass of an M-point FFT that fits a work-group: after
    /// the forward stages, multiplies each value by the filter's spectrum, runs the inverse
    /// M-point FFT on the same work-group's values (as the conjugate of a forward FFT of the
    /// conjugates, so with the forward stages and tables), then stores like [`ChirpStore::Unpad`].
    /// The load pads ([`FusedChirp::pad`]): Bluestein's algorithm in one pass over memory, N
    /// values read and N written per transform, instead of two passes of N + M each.
    Convolve,
}

impl FusedChirp {
    /// The name suffix: `_pad`, `_filter`, `_pad_filter`, `_unpad`, ...
    fn suffix(&self) -> String {
        let mut parts = Vec::new();
        if self.pad {
            parts.push("pad");
        }
        match self.store {
            ChirpStore::Plain => {}
            ChirpStore::Filter => parts.push("filter"),
            ChirpStore::Unpad => parts.push("unpad"),
            ChirpStore::Convolve => parts.push("convolve"),
        }
        format!("_{}_{}", parts.join("_"), self.outer.tag())
    }
}

impl FusedSpec {
    /// A forward, f32 fused kernel of length `len`: [`Lengths::PowerOfTwo`] when `len` is a
    /// power of two, else [`Lengths::Any`].
    pub const fn new(len: u32) -> FusedSpec {
        FusedSpec {
            len,
            direction: Direction::Forward,
            precision: Precision::F32,
            lengths: if len.is_power_of_two() {
                Lengths::PowerOfTwo
            } else {
                Lengths::Any
            },
            chirp: None,
            real: None,
            interleaved: false,
            pitched: false,
            load: None,
            store: None,
            single_pass: false,
        }
    }

    /// This spec as the only pass of a plan: with [`FusedSpec::single_pass`] set where that
    /// changes the kernel (its columns), else unchanged, so each kernel has one spec.
    pub fn as_single_pass(self) -> FusedSpec {
        let single = FusedSpec {
            single_pass: true,
            ..self
        };
        if single.columns() != self.columns()
            || single.single_pass_in_registers()
            || single.splits_unpadded()
        {
            single
        } else {
            self
        }
    }

    /// The longest supported `len`: 16384 for f32, 8192 for f64. Lengths above
    /// [`FusedSpec::complex_capacity`] exchange their values through local memory in halves
    /// ([`FusedSpec::exchanges_halves`]), and those above [`FusedSpec::scalar_capacity`]
    /// in parts ([`FusedSpec::exchange_parts`]).
    pub fn max_len(precision: Precision) -> u32 {
        4 * FusedSpec::complex_capacity(precision)
    }

    /// The scalars (real or imaginary parts) one work-group's local buffer holds when the
    /// stages of a power-of-two pass exchange halves: 8192 for f32, 4096 for f64 (about 33 KB
    /// with padding). Mixed lengths take more ([`FusedSpec::mixed_scalar_capacity`]).
    pub fn scalar_capacity(precision: Precision) -> u32 {
        2 * FusedSpec::complex_capacity(precision)
    }

    /// The scalars one exchange of a mixed length's halves holds in one part: 10240 for f32,
    /// 5120 for f64 (42-43 KB with padding, within the 48 KB of local memory NVIDIA's
    /// OpenCL gives a work-group), so 9000, 9261, 9604 and 10000 points in f32 exchange in
    /// one part: half the barriers of two parts, and 9261 (21 cubed) and 9604 (`[28, 7, 7,
    /// 7]`), whose last radix is odd, have no two parts and ran as two passes. Measured on
    /// the H100 (docs/PERFORMANCE.md, 2026-11-25; f32, 2^27 points): 9000 from 1.011 to
    /// 0.972 ms, 9261 from 1.808 to 1.005, 9604 from 1.534 to 1.109, 10000 from 1.124 to
    /// 1.064; 4802 in f64 from 1.648 to 1.015. Powers of two keep
    /// [`FusedSpec::scalar_capacity`], on which their columns and parts were measured.
    pub fn mixed_scalar_capacity(precision: Precision) -> u32 {
        MIXED_PART_SCALARS_F32 * 8 / precision.complex_bytes() as u32
    }

    /// The scalars of one part of an exchange: [`FusedSpec::mixed_scalar_capacity`] for
    /// mixed lengths, [`FusedSpec::scalar_capacity`] for powers of two.
    fn part_capacity(&self) -> u32 {
        if self.has_power_of_two_stages() {
            FusedSpec::scalar_capacity(self.precision)
        } else {
            FusedSpec::mixed_scalar_capacity(self.precision)
        }
    }

    /// The complex values one work-group's local buffer holds (`columns() * len`, at most)
    /// when stages exchange whole complex values: 4096 for f32, 2048 for f64 (about 35 KB
    /// with padding either way). Also the longest mixed length and the longest length that
    /// takes a real transform's split step.
    pub fn complex_capacity(precision: Precision) -> u32 {
        match precision {
            Precision::F32 => 4096,
            Precision::F64 => 2048,
        }
    }

    /// Whether the work-group's `C * len` values exceed [`FusedSpec::complex_capacity`]: they
    /// then live in registers ([`FusedSpec::holds_registers`]) and move between stages
    /// through a local buffer of scalars, real parts first, then imaginary parts, so 8192
    /// points in f32 (4096 in f64) take one pass in about 35 KB, and a
    /// [wide](FusedSpec::is_wide) pass twice the columns.
    pub fn exchanges_halves(&self) -> bool {
        u64::from(self.len) * u64::from(self.columns())
            > u64::from(FusedSpec::complex_capacity(self.precision))
    }

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
    /// not interleaved, with complex exchanges and no edge but a real split, (up to
    /// `MERGE_REGISTER_MAX_LEN`, 512 points) a real merge, or the caller's layout (strided or
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
    fn single_pass_register_bits(&self) -> Option<u32> {
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
            && !self.interleaved
            && edge_fits
            && !self.exchanges_halves();
        if !plain {
            return None;
        }
        let bits = self.len.trailing_zeros();
        let stages = bits.div_ceil(MAX_RADIX.trailing_zeros());
        let main = if self.precision == Precision::F32 && self.len == 4096 {
            // Measured on the H200 (docs/PERFORMANCE.md, 2026-11-26, registers): [32, 32, 4]
            // with 128 work-items 0.529 ms, [16, 16, 16] with 256 0.576, [64, 64] 0.625.
            5
        } else {
            bits.div_ceil(stages.max(1))
        };
        let per_fft = self.len >> main;
        let fits = stages >= 2
            && (self.columns() == 1 || per_fft >= SINGLE_PASS_MIN_RUN)
            && self.columns() * per_fft <= MAX_GROUP;
        fits.then_some(main)
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
    /// most [`MAX_GROUP`] (13824 = [24, 24, 24] would take 576), and with an edge a first
    /// radix of at most `EDGE_REGISTER_MAX_RADIX` (20). Stages exchange
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
        self.register_stages_fit(&radices)
            && (!self.has_edge() || first <= EDGE_REGISTER_MAX_RADIX)
            && divide_the_first(&radices)
            && parts_fit(self.len, &radices, self.exchange_parts())
            && self.work_group_size() <= MAX_GROUP
    }

    /// What every pass that keeps its values in registers needs of its stage `radices`: two
    /// stages at least (the first runs on the load's registers, the last leaves the store's),
    /// and with `C > 1` at least `REGISTER_MIN_RUN` work-items per sub-FFT.
    fn register_stages_fit(&self, radices: &[u32]) -> bool {
        let Some(&first) = radices.first() else {
            return false;
        };
        radices.len() >= 2 && (self.columns() == 1 || self.len / first >= REGISTER_MIN_RUN)
    }

    /// Whether the pass reads or writes anything but plain values: Bluestein's steps, a real
    /// step or the caller's layout.
    fn has_edge(&self) -> bool {
        self.chirp.is_some() || self.real.is_some() || self.load.is_some() || self.store.is_some()
    }

    /// Whether this mixed pass may keep its values in registers, radices permitting: a
    /// length that is not a power of two, not interleaved; its edges read and write element
    /// by element at their global index (Bluestein's pad, filter and unpad, a real merge, the
    /// caller's layout), or, for a real split, through the complex buffer the split reads
    /// (up to [`FusedSpec::complex_capacity`] points: no halves).
    fn may_hold_mixed_registers(&self) -> bool {
        let split_in_halves = self.real == Some(FusedReal::Split)
            && self.len > FusedSpec::complex_capacity(self.precision);
        !self.len.is_power_of_two()
            && self.lengths == Lengths::Any
            && !self.interleaved
            && !split_in_halves
    }

    /// The parts each exchange of halves takes: 1 up to [`FusedSpec::scalar_capacity`]
    /// values per work-group ([`FusedSpec::mixed_scalar_capacity`] for mixed lengths), else
    /// `C * L / scalar_capacity` (16384 points in f32: 2). Part
    /// `k` holds points `k * P .. (k + 1) * P` of every sub-FFT, `P = L / parts`
    /// ([`FusedSpec::part_len`]): each exchange then writes and reads the real parts of
    /// part 0, part 1, ..., then the imaginary parts, a barrier between each write and read,
    /// so 16384 points fit the local buffer of 8192.
    pub fn exchange_parts(&self) -> u32 {
        // A complex exchange holds at most complex_capacity values: one part.
        let values = u64::from(self.len) * u64::from(self.columns());
        let capacity = u64::from(self.part_capacity());
        values.div_ceil(capacity).max(1) as u32
    }

    /// P, the points of each sub-FFT in one part of an exchange
    /// ([`FusedSpec::exchange_parts`]): `len` when there is one part.
    pub fn part_len(&self) -> u32 {
        (self.len / self.exchange_parts()).max(1)
    }

    /// Whether this pass of a multi-pass plan takes more columns than a complex exchange
    /// allows and exchanges halves: plain power-of-two passes (no edge but, where
    /// `wide_merge` allows it, a C2R's merge; not the whole
    /// transform, unless interleaved: an interleaved pass always runs in columns) of
    /// `WIDE_MIN` (1024) points up to the longest whose `C` values fill
    /// [`MIN_RUN_BYTES`] ([`FusedSpec::wide_max`]: 4096 points in f32, in two parts). Their
    /// strided side then reads or writes runs of `C` values: 1024 and 2048 points take 8
    /// columns in f32 (runs of 64 bytes; 2048 in two parts), where a complex exchange
    /// allows 4 and 2 ([`FusedSpec::columns`]). Measured on the H100
    /// (docs/PERFORMANCE.md, 2026-11-24): passes with runs of 32 bytes took 1.19 (reads)
    /// and 1.46 (writes) times a copy, with runs of 64 bytes 1.04-1.07.
    pub fn is_wide(&self) -> bool {
        self.len.is_power_of_two()
            && self.lengths == Lengths::PowerOfTwo
            && (!self.single_pass || self.interleaved)
            && self.chirp.is_none()
            && (self.real.is_none() || self.wide_merge())
            && self.load.is_none()
            && self.store.is_none()
            && (WIDE_MIN..=FusedSpec::wide_max(self.precision)).contains(&self.len)
    }

    /// Whether a pass with a real transform's merge step may be [wide](FusedSpec::is_wide): in
    /// f64, and in f32 from [`WIDE_MERGE_MIN_F32`] points. The merge reads both values of
    /// each pair from global memory, so it needs no pairing of columns in the work-group.
    fn wide_merge(&self) -> bool {
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

    /// X, the values of padding after each sub-FFT of a work-group's local buffer beyond
    /// [`FusedSpec::pad`]'s: with `C > 1` sub-FFTs exchanging halves, sub-FFT `c`'s part
    /// then starts `c * S` values in, `S = P + P/B + P/B^2 + X = B/C (mod B)`
    /// ([`FusedSpec::part_len`]) for the `B` banks
    /// one access serves ([`FusedSpec::pad_step`]: 32 floats or 16 doubles), so the lanes of
    /// the column regime (`C` columns by `B / C` neighbouring points) meet `B` different
    /// banks. 0 otherwise.
    pub fn sub_fft_pad(&self) -> u32 {
        let c = self.columns();
        if !self.exchanges_halves() || c <= 1 || !self.len.is_power_of_two() {
            return 0;
        }
        let banks = self.pad_step();
        let part = self.part_len();
        let padded = part + part / banks + part / (banks * banks);
        let want = (banks / c.min(banks)) % banks;
        (want + banks - padded % banks) % banks
    }

    /// `pad(e)`, the local index of element `e` of the work-group's `C * P` of one part
    /// ([`FusedSpec::part_len`]; `P = L` with one part): `e + e / S + e / S^2`
    /// ([`FusedSpec::pad_step`]), plus [`FusedSpec::sub_fft_pad`] after each sub-FFT.
    pub fn pad(&self, e: u64) -> u64 {
        let step = u64::from(self.pad_step());
        let sub = u64::from(self.sub_fft_pad()) * (e / u64::from(self.part_len()));
        e + e / step + e / (step * step) + sub
    }

    /// Whether the kernel serves any length ([`Lengths::Any`]): it then indexes by division,
    /// by constants (`lid % 25u`) and by the arguments (`g % t`), instead of masks and shifts.
    pub fn is_mixed(&self) -> bool {
        self.lengths == Lengths::Any
    }

    /// Whether the pass computes Bluestein's whole convolution ([`ChirpStore::Convolve`]).
    pub fn convolves(&self) -> bool {
        self.chirp.is_some_and(|c| c.store == ChirpStore::Convolve)
    }

    /// Whether the local stages are a power of two's (masks, bit-reversed butterfly slots,
    /// the measured radix rule) or a mixed length's balanced radices.
    fn has_power_of_two_stages(&self) -> bool {
        self.len.is_power_of_two()
    }

    /// `Ok` when `len` is in 2..=[`FusedSpec::max_len`] and its prime factors are at most 13,
    /// and a power of two for [`Lengths::PowerOfTwo`].
    pub fn check(&self) -> Result<(), SpecError> {
        let max = FusedSpec::max_len(self.precision);
        let smooth = is_smooth(self.len as usize);
        let lengths_ok = self.lengths == Lengths::Any || self.len.is_power_of_two();
        if let Some(real) = self.real {
            if self.chirp.is_some() || real.direction() != self.direction {
                return Err(SpecError::RealEdge(real));
            }
        }
        let io = self.load.is_some() || self.store.is_some();
        if (self.interleaved || io) && (self.chirp.is_some() || self.real.is_some()) {
            return Err(SpecError::InterleavedEdge);
        }
        if self.interleaved && io {
            return Err(SpecError::InterleavedEdge);
        }
        if self.pitched && !(self.interleaved || self.real == Some(FusedReal::Split)) {
            return Err(SpecError::PitchedEdge);
        }
        if let Some(chirp) = self.chirp {
            let forward = self.direction == Direction::Forward;
            if chirp.store == ChirpStore::Convolve && !(chirp.pad && forward) {
                return Err(SpecError::ConvolveEdge);
            }
        }
        if self.exchanges_halves()
            && ((self.interleaved && !self.is_wide())
                || (!self.len.is_power_of_two() && !self.mixed_in_registers()))
            && smooth
            && self.len <= max
        {
            return Err(SpecError::HalvesExchange {
                len: self.len,
                precision: self.precision,
                capacity: FusedSpec::complex_capacity(self.precision),
            });
        }
        if smooth && lengths_ok && (2..=max).contains(&self.len) {
            Ok(())
        } else {
            Err(SpecError::UnsupportedFusedLength {
                len: self.len,
                precision: self.precision,
                max,
            })
        }
    }

    /// C: the sub-FFTs ("columns") per work-group. `max_len / len` for `len >= 16`, and
    /// `max_len / 16` for shorter lengths (so the work-group keeps `max_len / 16` work-items).
    ///
    /// Mixed lengths also keep the work-group within [`MAX_GROUP`] work-items: `500 = [10, 10, 5]`
    /// runs 5 sub-FFTs of 50 work-items each, not 8.
    ///
    /// A single pass of 512 points in f32 takes 4 sub-FFTs, not 8: measured on the H100
    /// (docs/PERFORMANCE.md, 2026-11-24), 1.02 copies against 1.21. As a column pass of a
    /// longer transform it keeps 8, whose runs of 8 addresses it needs (with 4: 2^18 from
    /// 2.13 to 2.54 copies, 2^27 from 4.50 to 5.57). 256 points with 8 sub-FFTs, and 2048
    /// points with 1, were no faster.
    pub fn columns(&self) -> u32 {
        if self.single_pass
            && self.precision == Precision::F32
            && self.len == 512
            && !self.interleaved
        {
            return 4;
        }
        if self.is_wide() {
            // f32: up to 8 columns of max_len (1024 and 2048 points: 8, 4096: 4). Measured
            // on the H100 (docs/PERFORMANCE.md, 2026-11-24), 2048 points with 8 columns
            // (two parts) against 4 (one part): 2^21 from 1.77 to 1.69 ms, 2^22 from 2.00 to
            // 1.93; 1024 points with 16 columns took 2^20 from 1.56 to 1.70 ms.
            if self.precision == Precision::F32 {
                return (FusedSpec::max_len(self.precision) / self.len).min(WIDE_MAX_COLUMNS);
            }
            let halves = FusedSpec::scalar_capacity(self.precision) / self.len;
            return halves.max(FusedSpec::min_run_columns(self.precision));
        }
        let fit = FusedSpec::complex_capacity(self.precision) / self.len.max(MAX_RADIX);
        if !self.has_power_of_two_stages() {
            let per_fft = (self.len / self.radix()).max(1);
            return fit.min(MAX_GROUP / per_fft).max(1);
        }
        fit.max(1)
    }

    /// R: the main radix; `len / R` work-items compute one sub-FFT, each holding R points in
    /// registers. `min(16, len)` up to 256 points (one or two stages); from 512 points on,
    /// `2^ceil(log2(len) / 2)` so the sub-FFT takes two local stages instead of three, as long
    /// as that radix fits the register budget (64 in f32, 32 in f64), else 16. Measured on the
    /// H100 (docs/PERFORMANCE.md): the third stage (two barriers and a round trip through local
    /// memory) cost 20-30 % of a pass at 512..4096 points in f32; radix-64 stages in f64 need
    /// too many registers (2048 points: 1.11 x copy with [16, 16, 8], 1.70 with [64, 32]).
    /// The exception, measured later: 4096 points in f32 take radix 32 (`[32, 32, 4]`).
    ///
    /// Above [`FusedSpec::complex_capacity`] (the stages exchange halves): 64 in f32
    /// (`8192 -> [64, 64, 2]`, `16384 -> [64, 64, 4]`) and 16 in f64
    /// (`4096 -> [16, 16, 16]`, `8192 -> [16, 16, 16, 2]`), measured at 8192 and 4096.
    ///
    /// Mixed lengths: R is the largest stage radix ([`FusedSpec::stage_radices`]), so
    /// `len / R` work-items run each stage, a stage of a smaller radix r doing
    /// `ceil(R / r)` butterflies per work-item (the last one guarded when r does not divide R).
    pub fn radix(&self) -> u32 {
        if !self.has_power_of_two_stages() {
            return self.stage_radices().first().copied().unwrap_or(1);
        }
        1 << self.radix_bits()
    }

    fn radix_bits(&self) -> u32 {
        if let Some(main) = self.single_pass_register_bits() {
            return main;
        }
        let bits = self.len.max(1).trailing_zeros();
        let sixteen = MAX_RADIX.trailing_zeros();
        let half = bits.div_ceil(2);
        if self.convolves() && self.precision == Precision::F32 {
            // Bluestein's convolution runs its stages twice: as few stages of radix up to 32
            // as the length takes, balanced (2048 = [16, 16, 8], 8192 = [32, 32, 8]).
            // Measured on the H100 (docs/PERFORMANCE.md, 2026-11-25): M = 2048 took 1.62 ms
            // against 2.28 ms as [64, 32], M = 4096 1.59 against 2.61 as [32, 32, 4], M = 8192
            // 2.81 against 9.69 as [64, 64, 2] (255 registers and spills).
            let stages = bits.div_ceil(CONVOLVE_RADIX_BITS);
            return bits.div_ceil(stages.max(1));
        }
        if self.len > FusedSpec::complex_capacity(self.precision) {
            // Measured on the H100 (docs/PERFORMANCE.md, 2026-11-24), 8192 f32 points:
            // [64, 64, 2] with 128 work-items takes 1.22 copies, [32, 32, 8] with 256 1.54,
            // [16, 16, 16, 2] with 512 1.93 (each exchange costs four barriers). 4096 f64
            // points: [16, 16, 16] with 256 work-items takes 1.02 copies. In parts each
            // exchange costs eight barriers, so f64 takes its largest radix there too: 8192
            // f64 points as [32, 32, 8] 1.286 ms against 1.571 as [16, 16, 16, 2] on the H200
            // (docs/PERFORMANCE.md, 2026-11-26, registers; cuFFT 1.422).
            return match self.precision {
                Precision::F64 if self.exchange_parts() == 1 => sixteen,
                _ => self.max_stage_radix().trailing_zeros(),
            };
        }
        // 4096 points in f32: [32, 32, 4] with 128 work-items beat [64, 64] with 64 on the
        // H100 (docs/PERFORMANCE.md, 2026-11-24): 1.08 copies against 1.14-1.17, the twice
        // larger work-group hiding more latency than the third stage costs. 2048 points
        // stay [64, 32] (1.08 against 1.10 for [32, 32, 2]; [16, 16, 8] 1.25).
        if self.precision == Precision::F32 && self.len == 4096 {
            return sixteen + 1;
        }
        let main = if bits <= 2 * sixteen {
            bits.min(sixteen)
        } else if half <= self.max_stage_radix().trailing_zeros() {
            half
        } else {
            sixteen
        };
        // A real split or merge on a single pass costs registers the radix-64 stage does not
        // have (2048 points: 252 registers): radices up to 32, and 16 for the merge at 512
        // points. Measured on the H100 (docs/PERFORMANCE.md, 2026-11-25 night): 2048 as
        // [32, 32, 2] against [64, 32], R2C of 4096 reals 0.533 -> 0.469 ms, C2R 0.596 ->
        // 0.467; 512 with the merge as [16, 16, 2] against [32, 16], C2R of 1024 reals 0.468
        // -> 0.419 (the split stays [32, 16]: 0.441 against 0.450). Not on the first pass of
        // several: there [32, 32, 2] took the C2R of 2^22 reals from 1.189 to 1.261 ms.
        match self.real {
            Some(step) if self.precision == Precision::F32 && self.single_pass => {
                let merge_512 = step == FusedReal::Merge && self.len == 512;
                main.min(if merge_512 { sixteen } else { sixteen + 1 })
            }
            _ => main,
        }
    }

    /// The largest stage radix of a mixed length's local stages.
    fn max_mixed_stage_radix(&self) -> u32 {
        match self.precision {
            Precision::F32 => MIXED_CAP,
            Precision::F64 => MIXED_CAP / 2,
        }
    }

    /// The largest stage radix whose butterfly fits the registers: 64 in f32, 32 in f64.
    fn max_stage_radix(&self) -> u32 {
        match self.precision {
            Precision::F32 => MAX_STAGE_RADIX,
            Precision::F64 => MAX_STAGE_RADIX / 2,
        }
    }

    /// The radices of the local Stockham stages, largest first: R repeated, then one smaller
    /// power of two for the rest (`2048 -> [64, 32]`, `256 -> [16, 16]`, `32 -> [16, 2]`,
    /// `16 -> [16]`, `8 -> [8]`). Their product is `len`.
    ///
    /// Mixed lengths: as few stages as radices up to 32 in f32 (16 in f64) allow, the
    /// largest radix as small as possible, largest first (`1000 -> [10, 10, 10]`,
    /// `60 -> [10, 6]`); in f32 above 1024 points (single-pass lengths) radices up to 16
    /// where that adds at most one stage (`3000 -> [30, 10, 10]`, not `[10, 10, 6, 5]`),
    /// unless both keep their values in registers (`2187 -> [27, 9, 9]`, not `[9, 9, 9, 3]`);
    /// up to 64 (f64: 32) where the small radices would need more than [`MAX_GROUP`]
    /// work-items per sub-FFT.
    pub fn stage_radices(&self) -> Vec<u32> {
        if !self.has_power_of_two_stages() {
            let len = self.len.max(1);
            let small = balanced_factors(len, self.max_mixed_stage_radix());
            // f32 lengths above 1024 only run as single passes: there, radices of at most 16
            // (more work-items, fewer registers each) are worth one more stage. Measured on
            // the H100 (docs/PERFORMANCE.md): 2187 from 1.71 to 1.35 copies ([9, 9, 9, 3]),
            // 2000 from 1.81 to 1.54, 3000 from 1.63 to 1.47, 4000 from 1.75 to 1.66.
            let smaller = balanced_factors(len, self.max_mixed_stage_radix() / 2);
            let single_pass_f32 = len > 1024 && self.precision == Precision::F32;
            let fits = smaller.first().is_some_and(|&r| len / r <= MAX_GROUP);
            if !(single_pass_f32 && fits && smaller.len() <= small.len() + 1) {
                return self.mixed_radices_from(small);
            }
            // Except where both keep their values in registers: each exchange then costs a
            // round trip through local memory and its barriers but no index arithmetic
            // (`pads_linearly`), and the fewer stages win. Measured on the H200
            // (docs/PERFORMANCE.md, 2026-11-26): 2187 as [27, 9, 9] 0.564 ms against 0.598
            // as [9, 9, 9, 3] (cuFFT 0.568).
            let (fewer, more) = (
                self.mixed_radices_from(small),
                self.mixed_radices_from(smaller),
            );
            if fewer.len() < more.len()
                && self.registers_could_hold(&fewer)
                && self.registers_could_hold(&more)
            {
                return fewer;
            }
            return more;
        }
        let bits = self.len.max(1).trailing_zeros();
        let main = self.radix_bits();
        if bits <= main {
            return vec![1 << bits];
        }
        let mut radices = vec![1 << main; (bits / main) as usize];
        if bits % main != 0 {
            radices.push(1 << (bits % main));
        }
        radices
    }

    /// A mixed length's stage radices from its `balanced` factors: the register budget's
    /// largest where those would need more work-items than a work-group may have, and
    /// radices that all divide the first where those do not ([`FusedSpec::stage_radices`]).
    fn mixed_radices_from(&self, balanced: Vec<u32>) -> Vec<u32> {
        let len = self.len.max(1);
        // Radices that small could need more work-items than a work-group may have:
        // then the register budget's largest.
        let chosen = match balanced.first() {
            Some(&r) if len / r > MAX_GROUP => balanced_factors(len, self.max_stage_radix()),
            _ => balanced,
        };
        // Where those radices do not all divide the first, radices that do, so the
        // values can stay in registers ([`FusedSpec::mixed_in_registers`]), at the cost
        // of one stage at most above 512 points: 2000 = [20, 20, 5] instead of
        // [10, 8, 5, 5]. Measured on the H100 (docs/PERFORMANCE.md, 2026-11-25):
        // 2000 points from 1.54 to 1.02 copies, 768 = [24, 8, 4] from 1.60 to 1.01,
        // 1296 = [6, 6, 6, 6] from 1.80 to 1.12; but the 250-point pass of 100000 points
        // as [10, 5, 5] took 1.165 ms against 0.963 as [25, 10], so shorter sub-FFTs
        // (many per work-group) take them only without an extra stage. Above the
        // complex capacity a work-group holds one sub-FFT, so the parts follow from the
        // length.
        let parts = len.div_ceil(self.part_capacity()).max(1);
        let fit = divide_the_first(&chosen) && parts_fit(len, &chosen, parts);
        if self.may_hold_mixed_registers() && !fit {
            let cap = if self.has_edge() {
                self.max_mixed_stage_radix().min(EDGE_REGISTER_MAX_RADIX)
            } else {
                self.max_mixed_stage_radix()
            };
            if let Some(dividing) = dividing_radices(len, cap, parts) {
                let extra = usize::from(len > EXTRA_STAGE_MIN_LEN || self.real.is_some());
                if dividing.len() <= chosen.len() + extra {
                    return dividing;
                }
            }
        }
        chosen
    }

    /// Whether a mixed pass of these stage radices could keep its values in registers
    /// ([`FusedSpec::mixed_in_registers`]'s conditions that do not need the radices chosen:
    /// at least two stages dividing the first, exchanges in parts the generator tells
    /// apart, and from `REGISTER_MIN_RUN` to [`MAX_GROUP`] work-items per sub-FFT).
    fn registers_could_hold(&self, radices: &[u32]) -> bool {
        let len = self.len.max(1);
        let Some(&first) = radices.first() else {
            return false;
        };
        let parts = len.div_ceil(self.part_capacity()).max(1);
        self.may_hold_mixed_registers()
            && radices.len() >= 2
            && (!self.has_edge() || first <= EDGE_REGISTER_MAX_RADIX)
            && divide_the_first(radices)
            && parts_fit(len, radices, parts)
            && (REGISTER_MIN_RUN..=MAX_GROUP).contains(&(len / first))
    }

    /// W = C * len / R: work-items per work-group (256 for f32, 128 for f64).
    pub fn work_group_size(&self) -> u32 {
        self.columns() * (self.len / self.radix()).max(1)
    }

    /// S, the padding step of the local buffer: `pad(e) = e + e / S + e / S^2`. [`PAD_STEP`]
    /// (16) for complex values; 32 for the f32 scalars of a halves exchange, since a warp's
    /// 32 accesses of 4 bytes meet all 32 banks at once (8-byte values are served 16 at a
    /// time, so the complex and f64 buffers pad every 16). A padding step inside a warp's run
    /// of 32 floats made every exchange of the 8192-point kernel a two-way bank conflict.
    pub fn pad_step(&self) -> u32 {
        if self.exchanges_halves() && self.precision == Precision::F32 {
            2 * PAD_STEP
        } else {
            PAD_STEP
        }
    }

    /// Values (complex, or scalars when the stages exchange halves) in the padded local
    /// buffer: `pad(C*P - 1) + 1` (one part, [`FusedSpec::part_len`]) with
    /// `pad(e) = e + e / S + e / S^2`
    /// ([`FusedSpec::pad_step`]), the two-level padding that keeps the strided phases free of
    /// bank conflicts at every `len` (stride `len` becomes `len + len/S + len/S^2`). A kernel
    /// that [pads each exchange on its own](FusedSpec::pads_linearly) holds
    /// `P - 1 + (P - 1) / LINEAR_PAD_MIN_PERIOD + 1`: any period it picks fits.
    pub fn local_len(&self) -> u64 {
        let last = u64::from(self.columns()) * u64::from(self.part_len()) - 1;
        if self.pads_linearly() {
            return last + last / u64::from(LINEAR_PAD_MIN_PERIOD) + 1;
        }
        self.pad(last) + 1
    }

    /// Whether each exchange between the stages pads `buf` on its own, `e + e / P`, with a
    /// period P the generator picks for that exchange so that every access is a pointer of
    /// the work-item plus a constant (no index arithmetic per access) and the warps meet
    /// the fewest banks twice: the passes that [keep their values in
    /// registers](FusedSpec::holds_registers), whose only use of `buf` is those exchanges
    /// (a real split only where it [spills unpadded](FusedSpec::splits_unpadded): elsewhere it
    /// reads mirrored values there). The others index every access through the two-level
    /// [`FusedSpec::pad`]. Measured on the H200 (docs/PERFORMANCE.md, 2026-11-26): without
    /// padding at all, bank conflicts and all, 6561 points took 0.619 ms against 0.696 with
    /// the two-level pad (five integer instructions per access).
    pub fn pads_linearly(&self) -> bool {
        self.holds_registers() && (self.real != Some(FusedReal::Split) || self.splits_unpadded())
    }

    /// Whether a real split that is the whole transform ([`FusedSpec::single_pass`]), keeps
    /// its values in registers and exchanges complex values puts them back into `buf`
    /// unpadded for the split (each warp writes, then reads pairs of, consecutive values: no
    /// bank meets two of them), so the split needs no `pad()` and the exchanges between the
    /// stages pad linearly ([`FusedSpec::pads_linearly`]) like those of the complex passes.
    pub fn splits_unpadded(&self) -> bool {
        self.real == Some(FusedReal::Split)
            && self.single_pass
            && self.holds_registers()
            && !self.exchanges_halves()
    }

    /// Bytes of the kernel's `__local` memory: its buffer (padding included), `local_len()`
    /// complex values or scalars when the stages exchange halves, and the shared pass
    /// twiddles ([`FusedSpec::shared_pass_twiddles`]).
    pub fn local_bytes(&self) -> u64 {
        self.local_len() * self.local_value_bytes()
            + self.shared_pass_twiddles() * self.precision.complex_bytes() as u64
    }

    /// Complex values of the `__local` table of pass twiddles an interleaved pass shares
    /// between its work-group's columns (`L`), 0 for other passes. Where `inner` is a
    /// multiple of the columns `C`, the work-group's `C` columns are one sub-FFT `g` of
    /// neighbouring sequences, so its `L` pass twiddles `W^(k m)` are the same for all of
    /// them: computed once into the table, each element reads one local value instead of
    /// two table entries and a product. Not in the passes that keep their values in
    /// registers, whose `buf` takes the local memory. Measured on the H200
    /// (docs/PERFORMANCE.md, 2026-11-27 (shared twiddles)).
    pub fn shared_pass_twiddles(&self) -> u64 {
        if self.interleaved && !self.holds_registers() {
            u64::from(self.len)
        } else {
            0
        }
    }

    /// Bytes of one value of the `__local` buffer: a scalar where the stages exchange
    /// halves ([`FusedSpec::exchanges_halves`]), else a complex value.
    pub fn local_value_bytes(&self) -> u64 {
        let complex = self.precision.complex_bytes() as u64;
        if self.exchanges_halves() {
            complex / 2
        } else {
            complex
        }
    }

    /// The kernel's name (and entry point): `fft_fused4096_c4_fwd_f32`; a power-of-two
    /// length serving any length ends in `_mixed` (`fft_fused128_c32_fwd_f32_mixed`), and
    /// Bluestein's edges follow with the user's direction
    /// (`fft_fused2048_c2_inv_f32_unpad_fwd`), the whole transform in registers
    /// ([`FusedSpec::single_pass_in_registers`], [`FusedSpec::splits_unpadded`]) ends in `_whole`
    /// (`fft_fused4096_c1_fwd_f32_whole`), an interleaved pass in `_il`
    /// (`fft_fused256_c16_fwd_f32_il`), a pitched one in `_il_pitched`.
    pub fn name(&self) -> String {
        let mut suffix = if self.is_mixed() && self.len.is_power_of_two() {
            "_mixed".to_string()
        } else {
            String::new()
        };
        if let Some(chirp) = &self.chirp {
            suffix.push_str(&chirp.suffix());
        }
        if let Some(real) = self.real {
            suffix.push_str(real.suffix());
        }
        if self.single_pass_in_registers() || self.splits_unpadded() {
            suffix.push_str("_whole");
        }
        if self.interleaved {
            suffix.push_str("_il");
        }
        if self.pitched {
            suffix.push_str("_pitched");
        }
        if let Some(load) = self.load {
            suffix.push_str("_in_");
            suffix.push_str(load.tag());
        }
        if let Some(store) = self.store {
            suffix.push_str("_out_");
            suffix.push_str(store.tag());
        }
        format!(
            "fft_fused{}_c{}_{}_{}{suffix}",
            self.len,
            self.columns(),
            self.direction.tag(),
            self.precision.tag()
        )
    }
}

/// Whether the exchanges of a sub-FFT of `len` with these stage radices can go in `parts`
/// ([`FusedSpec::exchange_parts`]) with every part known to the generator: `parts` divides
/// `len`, the first radix (so each stage's reads, strided by `len / r` from a point below
/// `len / R`, fall in parts fixed at generation) and the last radix (so the outputs of every
/// earlier butterfly, `r * ps` neighbouring points from a multiple of `r * ps`, are one part).
fn parts_fit(len: u32, radices: &[u32], parts: u32) -> bool {
    let (Some(&first), Some(&last)) = (radices.first(), radices.last()) else {
        return false;
    };
    parts == 1 || (len % parts == 0 && first % parts == 0 && last % parts == 0)
}

/// Whether every radix divides the first (so a work-item holding the first radix's points
/// runs whole butterflies of each).
fn divide_the_first(radices: &[u32]) -> bool {
    radices
        .first()
        .is_some_and(|&first| radices.iter().all(|&r| first % r == 0))
}

/// Stage radices of `len` that all divide the first, R <= `cap`, with `REGISTER_MIN_RUN` (16)
/// to [`MAX_GROUP`] work-items per sub-FFT and at least two stages: the fewest stages, then
/// the smallest R (more work-items, fewer registers each), then the radices after R as
/// [`radices_after_first`] gives them (`3000 -> [30, 10, 10]`, `2000 -> [20, 20, 5]`,
/// `3600 -> [30, 10, 6, 2]`). Where the exchanges go in `parts`
/// ([`FusedSpec::exchange_parts`]), the last radix is a multiple of `parts`
/// (`10368 -> [24, 12, 6, 6]`), so each butterfly of the earlier stages writes into one part
/// (`parts_fit`). `None` when no R works (`2310 = 2 * 3 * 5 * 7 * 11`).
fn dividing_radices(len: u32, cap: u32, parts: u32) -> Option<Vec<u32>> {
    let mut best: Option<Vec<u32>> = None;
    for first in (2..=cap.min(len / 2)).filter(|r| len % r == 0) {
        if !(REGISTER_MIN_RUN..=MAX_GROUP).contains(&(len / first)) {
            continue;
        }
        let Some(rest) = radices_after_first(len / first, first) else {
            continue;
        };
        let mut radices = vec![first];
        radices.extend(rest);
        if parts > 1 {
            // An exchange in parts: a radix that is a multiple of the parts goes last.
            let Some(at) = radices[1..].iter().rposition(|r| r % parts == 0) else {
                continue;
            };
            let last = radices.remove(at + 1);
            radices.push(last);
        }
        if !best.as_ref().is_some_and(|b| radices.len() >= b.len()) {
            best = Some(radices);
        }
    }
    best
}

/// The radices after the first, R, of a pass in registers: divisors of R whose product is
/// `rest`, largest first. Taken greedily (each the largest divisor of R that divides what is
/// left: `4500 -> [30 | 30, 5]`), kept where that is one radix of 5 or more after a
/// repeated R; otherwise the fewest divisors, the largest as small as possible
/// (`3600 -> [30 | 10, 6, 2]` instead of `[30 | 30, 2, 2]`, `10000 -> [20 | 10, 10, 5]`
/// instead of `[20 | 20, 5, 5]`). Measured on the H100 (docs/PERFORMANCE.md, 2026-11-25, f32,
/// 2^27 points): the balanced radices took 1800 from 0.837 to 0.798 ms, 2700 from 0.920 to
/// 0.845, 3600 from 0.992 to 0.913, 10000 (one part) from 1.064 to 1.035, and were no slower
/// elsewhere but where the greedy split keeps [R, R, r] with r >= 5: 4500 as [30, 15, 10]
/// 0.773 -> 0.800, 5488 as [28, 14, 14] 0.811 -> 0.855. `None` when no divisors of R make
/// `rest`.
fn radices_after_first(rest: u32, first: u32) -> Option<Vec<u32>> {
    let mut greedy = Vec::new();
    let mut left = rest;
    while left > 1 {
        let radix = (2..=first)
            .rev()
            .find(|d| first % d == 0 && left % d == 0)?;
        greedy.push(radix);
        left /= radix;
    }
    greedy.sort_unstable_by(|a, b| b.cmp(a));
    if let [repeated, small] = greedy[..] {
        if repeated == first && small >= 5 {
            return Some(greedy);
        }
    }
    let balanced =
        (1..=greedy.len() as u32).find_map(|count| even_divisors(rest, first, count, first));
    Some(balanced.unwrap_or(greedy))
}

/// `rest` as exactly `count` divisors of `first`, each at most `limit`, largest first, the
/// largest as small as possible; `None` when there are none.
fn even_divisors(rest: u32, first: u32, count: u32, limit: u32) -> Option<Vec<u32>> {
    if count == 1 {
        return (rest <= limit && first % rest == 0).then(|| vec![rest]);
    }
    let mut best: Option<Vec<u32>> = None;
    for radix in (2..=limit.min(rest)).rev() {
        if rest % radix != 0 || first % radix != 0 {
            continue;
        }
        // The largest comes first: the others must fit under it.
        if u64::from(radix).saturating_pow(count) < u64::from(rest) {
            break;
        }
        if let Some(mut tail) = even_divisors(rest / radix, first, count - 1, radix) {
            tail.insert(0, radix);
            if best.as_ref().map_or(true, |b| tail[0] <= b[0]) {
                best = Some(tail);
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::catalog;

    fn fused_catalog() -> Vec<FusedSpec> {
        catalog()
            .into_iter()
            .filter_map(|k| match k {
                crate::kernel::KernelSpec::Fused(s) => Some(s),
                _ => None,
            })
            .collect()
    }

    /// The most local memory a catalog kernel takes (8192 f32 scalars padded every 8 values
    /// at the most, 8191 + 1023 + 1: `pads_linearly`), within the 48 KB every GPU offers.
    const LOCAL_BUDGET: u64 = 9215 * 4;
    /// Mixed lengths' one-part exchanges: 10240 floats padded every 8 values at the most
    /// (10239 + 1279 + 1; 5120 doubles take 5759 * 8 bytes), under the 48 KB of NVIDIA's
    /// OpenCL work-groups.
    const MIXED_LOCAL_BUDGET: u64 = 11519 * 4;

    fn spec(len: u32, precision: Precision) -> FusedSpec {
        FusedSpec {
            precision,
            ..FusedSpec::new(len)
        }
    }

    #[test]
    fn mixed_lengths_keep_their_values_in_registers_where_the_radices_divide() {
        let f32 = Precision::F32;
        let f64 = Precision::F64;
        // (len, precision, radices, C, halves): complex exchanges with C > 1 and C = 1, and
        // halves above the complex capacity, up to the scalar capacity in one pass.
        for (len, precision, radices, columns, halves) in [
            (400, f32, vec![20, 20], 10, false),
            (1000, f32, vec![10, 10, 10], 4, false),
            (3125, f32, vec![25, 25, 5], 1, false),
            (6561, f32, vec![27, 27, 9], 1, true),
            (8000, f32, vec![20, 20, 20], 1, true),
            (2187, f64, vec![9, 9, 9, 3], 1, true),
            // Balanced radices that do not divide the first give way to radices that do,
            // with one more stage at most: [10, 8, 5, 5], [10, 10, 6, 5], [16, 12].
            (2000, f32, vec![20, 20, 5], 2, false),
            (3000, f32, vec![30, 10, 10], 1, false),
            (768, f32, vec![24, 8, 4], 5, false),
            (6000, f32, vec![30, 10, 10, 2], 1, true),
        ] {
            let s = spec(len, precision);
            assert!(s.check().is_ok() && s.mixed_in_registers(), "{len}");
            assert!(s.holds_registers(), "{len}");
            assert_eq!(s.stage_radices(), radices, "{len}");
            assert_eq!(
                (s.columns(), s.exchanges_halves()),
                (columns, halves),
                "{len}"
            );
            assert_eq!(s.exchange_parts(), 1, "{len}");
        }
        // No dividing radices within the caps (2310 = 2 * 3 * 5 * 7 * 11, 1920 = [16, 12, 10]
        // against [30, 2, 2, 2, 2, 2, 2]), one stage, fewer than 16 work-items per sub-FFT
        // with C > 1 ([10, 6]: runs of 6), an edge: through local memory as before, with
        // the balanced radices; above the complex capacity such lengths do not exist.
        for (len, edge) in [
            (2310, false),
            (1920, false),
            (12, false),
            (60, false),
            (2000, true),
        ] {
            let mut s = spec(len, f32);
            if edge {
                s.interleaved = true;
            }
            assert!(s.check().is_ok() && !s.holds_registers(), "{len}");
        }
        assert_eq!(spec(1920, f32).stage_radices(), [16, 12, 10]);
        // Up to 512 points, not at the cost of an extra stage: [10, 5, 5] and [12, 4, 4]
        // would be one more; 200 in f64 gives [10, 10, 2] for [8, 5, 5].
        assert_eq!(spec(250, f32).stage_radices(), [25, 10]);
        assert_eq!(spec(192, f32).stage_radices(), [16, 12]);
        assert_eq!(spec(200, f64).stage_radices(), [10, 10, 2]);
        assert!(spec(200, f64).holds_registers());
        let edge = FusedSpec {
            interleaved: true,
            ..spec(2000, f32)
        };
        assert_eq!(edge.stage_radices(), [10, 8, 5, 5]);
        assert!(spec(7776, f32).check().is_err());
        assert!(spec(15625, f32).check().is_err());
        // Edges: a real step on [20, 20, 5], not on [30, 10, 10] (balanced radices then);
        // Bluestein's steps on power-of-two passes of at most 2 sub-FFTs.
        let real = |len: u32, step: FusedReal| FusedSpec {
            direction: step.direction(),
            real: Some(step),
            ..spec(len, f32)
        };
        assert!(real(2000, FusedReal::Split).mixed_in_registers());
        assert_eq!(real(2000, FusedReal::Split).stage_radices(), [20, 20, 5]);
        assert!(real(2000, FusedReal::Merge).mixed_in_registers());
        assert!(!real(3000, FusedReal::Merge).holds_registers());
        assert_eq!(real(3000, FusedReal::Merge).stage_radices(), [10, 10, 6, 5]);
        // Below 512 points a real edge is worth one more stage in registers: the 500-point
        // pass of 1000 reals, [25, 20] without the edge.
        assert_eq!(spec(500, f32).stage_radices(), [25, 20]);
        for step in [FusedReal::Split, FusedReal::Merge] {
            assert_eq!(real(500, step).stage_radices(), [10, 10, 5]);
            assert!(real(500, step).mixed_in_registers());
        }
        // Single power-of-two passes with a real edge keep their values in registers (the
        // split at every length, the merge up to 512 points) as the plain ones do; a longer
        // merge takes radices up to 32 through local memory; the first pass of several keeps
        // the plain radices.
        let single = |len: u32, step: FusedReal| FusedSpec {
            single_pass: true,
            ..real(len, step)
        };
        assert_eq!(spec(2048, f32).stage_radices(), [64, 32]);
        assert!(single(2048, FusedReal::Split).single_pass_in_registers());
        assert_eq!(single(2048, FusedReal::Split).stage_radices(), [16, 16, 8]);
        assert!(!single(2048, FusedReal::Merge).holds_registers());
        assert_eq!(single(2048, FusedReal::Merge).stage_radices(), [32, 32, 2]);
        assert_eq!(real(2048, FusedReal::Merge).stage_radices(), [64, 32]);
        for step in [FusedReal::Split, FusedReal::Merge] {
            assert!(single(512, step).single_pass_in_registers());
            assert_eq!(single(512, step).stage_radices(), [8, 8, 8]);
        }
        // The split of the whole transform spills its values unpadded, so its exchanges pad
        // linearly; as the last pass of several (reading mirrors from local-memory stages)
        // or exchanging halves it reads them through the two-level pad().
        assert!(single(512, FusedReal::Split).splits_unpadded());
        assert!(single(512, FusedReal::Split).pads_linearly());
        assert!(single(512, FusedReal::Merge).pads_linearly());
        assert!(!real(512, FusedReal::Split).splits_unpadded());
        assert!(!real(512, FusedReal::Split).pads_linearly());
        assert!(!single(8192, FusedReal::Split).splits_unpadded());
        assert!(single(500, FusedReal::Split).splits_unpadded());
        assert_eq!(
            single(512, FusedReal::Split).name(),
            "fft_fused512_c4_fwd_f32_split_whole"
        );
        assert_eq!(
            real(500, FusedReal::Split).as_single_pass().name(),
            "fft_fused500_c8_fwd_f32_split_whole"
        );
        let chirp = |len: u32| FusedSpec {
            chirp: Some(FusedChirp {
                outer: Direction::Forward,
                pad: false,
                store: ChirpStore::Unpad,
            }),
            ..spec(len, f32)
        };
        assert!(chirp(2048).chirp_in_registers() && chirp(2048).columns() == 2);
        assert!(!chirp(1024).holds_registers() && chirp(1024).columns() == 4);
        assert!(chirp(324).lengths == Lengths::Any && chirp(324).mixed_in_registers());
        // Mixed lengths up to the mixed scalar capacity exchange in one part (9261 = 21^3
        // has no two equal parts); above it in two, the last radix a multiple of 2.
        for (len, precision, radices, parts) in [
            (10000, f32, vec![20, 10, 10, 5], 1),
            (9261, f32, vec![21, 21, 21], 1),
            (5000, f64, vec![10, 10, 10, 5], 1),
            (10368, f32, vec![24, 12, 6, 6], 2),
            (10800, f32, vec![30, 10, 6, 6], 2),
            (5184, f64, vec![12, 12, 6, 6], 2),
        ] {
            let s = spec(len, precision);
            assert!(s.check().is_ok() && s.mixed_in_registers(), "{len}");
            assert_eq!(s.stage_radices(), radices, "{len}");
            assert_eq!(
                (s.exchange_parts(), s.part_len()),
                (parts, len / parts),
                "{len}"
            );
            assert!(
                s.local_bytes() <= MIXED_LOCAL_BUDGET,
                "{len}: {}",
                s.local_bytes()
            );
        }
        // After the first radix: greedy where that leaves [R, R, r >= 5], else balanced.
        for (len, radices) in [
            (4500, vec![30, 30, 5]),
            (5488, vec![28, 28, 7]),
            (3600, vec![30, 10, 6, 2]),
            (2700, vec![30, 15, 6]),
            (1800, vec![30, 10, 6]),
        ] {
            assert_eq!(spec(len, f32).stage_radices(), radices, "{len}");
        }
    }

    #[test]
    fn only_interleaved_passes_and_real_splits_take_padded_rows() {
        let pitched = |spec: FusedSpec| FusedSpec {
            pitched: true,
            ..spec
        };
        let interleaved = pitched(FusedSpec {
            interleaved: true,
            ..FusedSpec::new(512)
        });
        assert!(interleaved.check().is_ok());
        assert_eq!(interleaved.name(), "fft_fused512_c8_fwd_f32_il_pitched");
        let split = pitched(FusedSpec {
            real: Some(FusedReal::Split),
            ..FusedSpec::new(256)
        });
        assert!(split.check().is_ok());
        let merge = pitched(FusedSpec {
            real: Some(FusedReal::Merge),
            direction: Direction::Inverse,
            ..FusedSpec::new(256)
        });
        assert_eq!(merge.check(), Err(SpecError::PitchedEdge));
        assert_eq!(
            pitched(FusedSpec::new(256)).check(),
            Err(SpecError::PitchedEdge)
        );
    }

    #[test]
    fn powers_of_two_in_mixed_plans_index_by_division() {
        let s = FusedSpec {
            lengths: Lengths::Any,
            ..FusedSpec::new(128)
        };
        assert!(s.is_mixed() && s.check().is_ok());
        assert_eq!(s.stage_radices(), FusedSpec::new(128).stage_radices());
        assert_eq!(s.name(), "fft_fused128_c32_fwd_f32_mixed");
        let odd = FusedSpec {
            lengths: Lengths::PowerOfTwo,
            ..FusedSpec::new(1000)
        };
        assert!(odd.check().is_err());
    }

    #[test]
    fn shapes_follow_the_columns_rule() {
        let f32 = Precision::F32;
        let f64 = Precision::F64;
        let s = spec(8192, f32);
        assert!(s.exchanges_halves());
        assert_eq!((s.columns(), s.work_group_size()), (1, 128));
        assert_eq!(s.stage_radices(), [64, 64, 2]);
        // One sub-FFT in registers: each exchange pads on its own, every 8 values at most.
        assert!(s.pads_linearly());
        assert_eq!(s.local_len(), 8191 + 1023 + 1);
        assert_eq!(s.local_bytes(), LOCAL_BUDGET);
        let s = spec(4096, f64).as_single_pass();
        assert!(s.exchanges_halves());
        assert_eq!((s.columns(), s.work_group_size()), (1, 256));
        assert_eq!(s.stage_radices(), [16, 16, 16]);
        assert_eq!(s.local_len(), 4095 + 511 + 1);
        // Twice the scalar capacity: exchanges in two parts of half the points each.
        let s = spec(16384, f32);
        assert_eq!((s.exchange_parts(), s.part_len()), (2, 8192));
        assert_eq!((s.columns(), s.work_group_size()), (1, 256));
        assert_eq!(s.stage_radices(), [64, 64, 4]);
        assert_eq!(s.local_len(), 8191 + 1023 + 1);
        // In parts, f64 takes its largest radix too (fewer exchanges of eight barriers).
        let s = spec(8192, f64);
        assert_eq!((s.exchange_parts(), s.part_len()), (2, 4096));
        assert_eq!((s.columns(), s.work_group_size()), (1, 256));
        assert_eq!(s.stage_radices(), [32, 32, 8]);
        assert_eq!(s.local_len(), 4095 + 511 + 1);
        assert_eq!(spec(8192, f32).exchange_parts(), 1);
        // The whole transform keeps its values in registers from 64 points on: balanced
        // stages of radix up to 16 (4096 in f32 as [32, 32, 4]), each exchange padded on its
        // own.
        let s = spec(4096, f32).as_single_pass();
        assert!(!s.exchanges_halves() && s.single_pass_in_registers());
        assert_eq!((s.columns(), s.work_group_size()), (1, 128));
        assert_eq!(s.stage_radices(), [32, 32, 4]);
        assert_eq!(s.name(), "fft_fused4096_c1_fwd_f32_whole");
        assert!(s.pads_linearly());
        assert_eq!(s.local_len(), 4095 + 511 + 1);
        let s = spec(512, f32).as_single_pass();
        assert_eq!((s.columns(), s.work_group_size()), (4, 256));
        assert_eq!(s.stage_radices(), [8, 8, 8]);
        let s = spec(256, f32).as_single_pass();
        assert!(s.single_pass && s.single_pass_in_registers());
        assert_eq!((s.columns(), s.stage_radices()), (16, vec![16, 16]));
        let s = spec(64, f32).as_single_pass();
        assert!(s.single_pass_in_registers());
        assert_eq!((s.columns(), s.work_group_size()), (64, 512));
        assert_eq!(s.stage_radices(), [8, 8]);
        // 32 points would take 4 work-items per sub-FFT ([8, 4]), runs of 4 values: it stays
        // the pass of many sub-FFTs, stages through buf with the two-level padding
        // (4095 + 255 + 15 + 1).
        let s = spec(32, f32).as_single_pass();
        assert!(!s.single_pass && !s.holds_registers() && !s.pads_linearly());
        assert_eq!((s.columns(), s.stage_radices()), (128, vec![16, 2]));
        assert_eq!(s.local_len(), 4096 + 255 + 15);
        assert_eq!(s.local_bytes(), 4366 * 8);
        // Wide passes: more columns, halves exchanged, X more values of padding per sub-FFT's
        // part so that S = P + P/32 + P/1024 + X is 32/C modulo 32 banks.
        let s = spec(2048, f32);
        assert!(s.is_wide() && s.exchanges_halves());
        assert_eq!((s.columns(), s.work_group_size()), (8, 256));
        assert_eq!((s.exchange_parts(), s.part_len()), (2, 1024));
        assert_eq!(s.stage_radices(), [64, 32]);
        assert_eq!(s.sub_fft_pad(), 3);
        assert_eq!(s.name(), "fft_fused2048_c8_fwd_f32");
        let s = spec(1024, f32);
        assert!(s.is_wide());
        assert_eq!((s.columns(), s.work_group_size()), (8, 256));
        assert_eq!(s.stage_radices(), [32, 32]);
        assert_eq!(s.sub_fft_pad(), 3);
        // The bound of a pass that may pad each exchange on its own (`pads_linearly`); its
        // kernel keeps the two-level pad() where that meets fewer banks twice, and declares
        // 8191 + 255 + 7 + 7 * 3 + 1 values (fft-codegen's text tests read it).
        assert!(s.pads_linearly());
        assert_eq!(s.local_len(), 8191 + 1023 + 1);
        // As the whole transform, the complex exchange with half the columns.
        let single = s.as_single_pass();
        assert!(single.single_pass && !single.is_wide() && !single.exchanges_halves());
        assert_eq!((single.columns(), single.sub_fft_pad()), (4, 0));
        let s = spec(1024, f64);
        assert!(s.is_wide());
        assert_eq!(
            (s.columns(), s.work_group_size(), s.sub_fft_pad()),
            (4, 128, 0)
        );
        assert_eq!(spec(2048, f64).columns(), 2);
        // 4096 points: C = 4 in f32 (C * L = 16384, two parts), 2 in f64.
        let s = spec(4096, f32);
        assert!(s.is_wide());
        assert_eq!((s.columns(), s.work_group_size()), (4, 512));
        assert_eq!((s.exchange_parts(), s.part_len()), (2, 2048));
        assert_eq!(s.stage_radices(), [32, 32, 4]);
        assert_eq!(s.sub_fft_pad(), 6);
        assert!(!spec(4096, f64).is_wide());
        assert!(!spec(8192, f32).is_wide() && !spec(512, f32).is_wide());
        let s = spec(512, f32);
        assert_eq!((s.columns(), s.work_group_size()), (8, 128));
        assert_eq!(s.stage_radices(), [32, 16]);
        let s = spec(256, f32);
        assert_eq!((s.columns(), s.work_group_size()), (16, 256));
        assert_eq!(s.stage_radices(), [16, 16]);
        let s = spec(8, f32);
        assert_eq!((s.columns(), s.work_group_size(), s.radix()), (256, 256, 8));
        assert_eq!(s.stage_radices(), [8]);
        let s = spec(16, f32);
        assert_eq!((s.columns(), s.work_group_size()), (256, 256));
        assert_eq!(s.stage_radices(), [16]);
        let s = spec(32, f32);
        assert_eq!(s.stage_radices(), [16, 2]);
        assert_eq!((s.columns(), s.work_group_size()), (128, 256));
        let s = spec(2048, f64).as_single_pass();
        assert_eq!((s.columns(), s.work_group_size()), (1, 128));
        assert_eq!(s.stage_radices(), [16, 16, 8]);
        let s = spec(1024, f64).as_single_pass();
        assert_eq!((s.columns(), s.work_group_size()), (2, 128));
        assert_eq!(s.stage_radices(), [16, 16, 4]);
        assert_eq!(s.local_bytes(), (2047 + 255 + 1) * 16);
        let s = spec(2, f64);
        assert_eq!((s.columns(), s.work_group_size()), (128, 128));
        assert_eq!(
            super::super::KernelSpec::Fused(s).file_name(),
            "fft_fused2_c128_fwd_f64.cl"
        );
        for s in fused_catalog() {
            let product: u32 = s.stage_radices().iter().product();
            assert_eq!(product, s.len, "{s:?}");
            assert!(
                s.columns() * s.len <= FusedSpec::max_len(s.precision),
                "{s:?}"
            );
            assert_eq!(
                s.work_group_size() * s.radix(),
                s.columns() * s.len,
                "{s:?}"
            );
            assert!(s.local_bytes() <= LOCAL_BUDGET, "{s:?}");
            // An exchange in parts: every stage's reads and the stage writes before the
            // last fall in parts the generator can tell (registers.rs).
            let parts = s.exchange_parts();
            assert_eq!(s.radix() % parts, 0, "{s:?}");
            assert!(
                s.stage_radices().last().is_some_and(|&r| r >= parts),
                "{s:?}"
            );
        }
    }

    #[test]
    fn mixed_lengths_take_few_balanced_stages() {
        let f32 = Precision::F32;
        let cases: [(u32, &[u32], u32, u32); 9] = [
            // (len, stages, columns, work-group size)
            (1000, &[10, 10, 10], 4, 400),
            // Radices up to 16 would be [9, 9, 9, 3], in registers too: the fewer stages win.
            (2187, &[27, 9, 9], 1, 81),
            // Neither [25, 7, 7] nor [7, 7, 5, 5] stays in registers: radices up to 16.
            (1225, &[7, 7, 5, 5], 2, 350),
            (3125, &[25, 25, 5], 1, 125),
            (2310, &[15, 14, 11], 1, 154),
            (60, &[10, 6], 68, 408),
            (3, &[3], 256, 256),
            (100, &[10, 10], 40, 400),
            // [10, 10, 6, 5] balanced; radices that divide the first keep it in registers.
            (3000, &[30, 10, 10], 1, 100),
        ];
        for (len, stages, columns, group) in cases {
            let s = spec(len, f32);
            assert!(s.is_mixed() && s.check().is_ok(), "{len}");
            assert_eq!(s.stage_radices(), stages, "{len}");
            assert_eq!(
                (s.columns(), s.work_group_size()),
                (columns, group),
                "{len}"
            );
            assert_eq!(s.radix(), stages[0], "{len}");
            assert!(s.columns() * s.len <= FusedSpec::max_len(f32), "{len}");
        }
        // f64 keeps radices within 16.
        assert_eq!(spec(1000, Precision::F64).stage_radices(), [10, 10, 10]);
        assert_eq!(spec(2000, Precision::F64).stage_radices(), [10, 10, 10, 2]);
        assert_eq!(spec(2401, f32).stage_radices(), [7, 7, 7, 7]);
        // Every smooth length up to the limit factors into supported radices.
        for precision in [f32, Precision::F64] {
            for len in 2..=FusedSpec::max_len(precision) {
                let s = spec(len, precision);
                if s.check().is_err() {
                    continue;
                }
                let stages = s.stage_radices();
                assert_eq!(stages.iter().product::<u32>(), len, "{len}");
                // Largest first; in parts, a multiple of the parts last (parts_fit).
                assert!(stages.iter().all(|&r| r <= stages[0]), "{len}");
                let parts = s.exchange_parts();
                if parts == 1 {
                    assert!(stages.windows(2).all(|w| w[0] >= w[1]), "{len}");
                } else {
                    assert!(parts_fit(len, &stages, parts), "{len}");
                }
                assert!(s.work_group_size() <= MAX_GROUP, "{len}");
                assert!(s.local_bytes() <= MIXED_LOCAL_BUDGET, "{len}");
                if s.exchange_parts() == 1 && s.exchanges_halves() {
                    assert!(
                        u64::from(len) <= u64::from(FusedSpec::mixed_scalar_capacity(precision))
                    );
                }
            }
        }
    }

    #[test]
    fn catalog_is_complete_ordered_and_unique() {
        let specs = fused_catalog();
        // 14 lengths x 2 directions x 2 precisions, less f64's 16384, plus the single-pass
        // kernels of 64 to 4096 points in f32 and 64 to 2048 in f64 (in registers), both
        // directions.
        assert_eq!(specs.len(), 14 * 2 * 2 - 2 + 2 * (7 + 6));
        let single: Vec<String> = specs
            .iter()
            .filter(|s| s.single_pass && s.direction == Direction::Forward)
            .map(FusedSpec::name)
            .collect();
        assert_eq!(
            single,
            [
                "fft_fused64_c64_fwd_f32_whole",
                "fft_fused64_c32_fwd_f64_whole",
                "fft_fused128_c32_fwd_f32_whole",
                "fft_fused128_c16_fwd_f64_whole",
                "fft_fused256_c16_fwd_f32_whole",
                "fft_fused256_c8_fwd_f64_whole",
                "fft_fused512_c4_fwd_f32_whole",
                "fft_fused512_c4_fwd_f64_whole",
                "fft_fused1024_c4_fwd_f32_whole",
                "fft_fused1024_c2_fwd_f64_whole",
                "fft_fused2048_c2_fwd_f32_whole",
                "fft_fused2048_c1_fwd_f64_whole",
                "fft_fused4096_c1_fwd_f32_whole"
            ]
        );
        assert_eq!(specs[0], FusedSpec::new(2));
        assert_eq!(
            specs.last().map(FusedSpec::name).as_deref(),
            Some("fft_fused16384_c1_inv_f32")
        );
        let mut names: Vec<_> = specs
            .iter()
            .map(|s| super::super::KernelSpec::Fused(*s).file_name())
            .collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), specs.len());
    }

    #[test]
    fn wide_columns_meet_different_banks() {
        // The column regime's lanes (C columns by B/C neighbouring points) and the flat
        // regime's (B neighbouring points of one sub-FFT) hit B different banks.
        for s in fused_catalog().into_iter().filter(FusedSpec::is_wide) {
            let (c, banks) = (u64::from(s.columns()), u64::from(s.pad_step()));
            let len = u64::from(s.part_len());
            let column_lanes: Vec<u64> = (0..banks)
                .map(|lane| s.pad((lane % c) * len + lane / c) % banks)
                .collect();
            let flat_lanes: Vec<u64> = (0..banks).map(|lane| s.pad(lane) % banks).collect();
            for lanes in [column_lanes, flat_lanes] {
                let mut sorted = lanes.clone();
                sorted.sort_unstable();
                sorted.dedup();
                assert_eq!(sorted.len() as u64, banks, "{}: {lanes:?}", s.name());
            }
        }
    }

    /// The convolution in one pass exists as a forward pass that pads; anything else names
    /// what it needs.
    #[test]
    fn a_convolution_without_its_pad_or_inverse_is_an_error() {
        let convolve = |pad, direction| FusedSpec {
            chirp: Some(FusedChirp {
                outer: Direction::Forward,
                pad,
                store: ChirpStore::Convolve,
            }),
            direction,
            ..FusedSpec::new(2048)
        };
        assert_eq!(convolve(true, Direction::Forward).check(), Ok(()));
        for spec in [
            convolve(false, Direction::Forward),
            convolve(true, Direction::Inverse),
        ] {
            let error = spec.check().unwrap_err();
            assert_eq!(error, SpecError::ConvolveEdge);
            assert!(error.to_string().contains("pad: true, direction Forward"));
        }
    }

    #[test]
    fn unsupported_lengths_are_errors() {
        for (len, precision) in [
            (0, Precision::F32),
            (1, Precision::F32),
            (34, Precision::F32),
            (4095 * 8, Precision::F32),
            (32768, Precision::F32),
            (16384, Precision::F64),
        ] {
            let err = spec(len, precision).check().unwrap_err();
            assert!(err.to_string().contains(&len.to_string()), "{err}");
        }
        // The derived quantities never panic, even for unsupported specs.
        for len in [0, 1, 3, 8192, 16384, u32::MAX] {
            let s = spec(len, Precision::F64);
            let _ = (s.columns(), s.work_group_size(), s.stage_radices());
            let _ = (s.local_bytes(), s.name());
        }
    }
}
