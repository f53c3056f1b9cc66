//! [`FusedSpec`]: a fused local-memory pass (DESIGN.md section 4.2) and the shape the
//! generator gives it: its columns and wide passes (`columns.rs`), stage radices
//! (`radices.rs`), whether its values stay in registers (`registers.rs`) and its local
//! memory (`capacity.rs`). This file holds the spec itself, its checks and its name.

use super::real::FusedReal;
use super::spec::{Lengths, SpecError};
use crate::plan::is_smooth;
use crate::{Direction, Precision};

mod banks;
pub use banks::bank_passes;
mod capacity;
mod columns;
mod guarded;
mod long_mixed;
mod radices;
mod registers;
mod side_by_side;
#[cfg(test)]
mod tests;

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
/// The most work-items of a long mixed pass ([`FusedSpec::is_long_mixed`]): OpenCL's
/// work-group limit on NVIDIA's GPUs (19683 = [27, 27, 27] takes 729, 20000 =
/// [20, 10, 10, 10] 1000).
pub const LONG_MIXED_MAX_GROUP: u32 = 1024;
/// The exchange parts that divide a long mixed length a pass tries, fewest first
/// ([`FusedSpec::is_long_mixed`]: 12005 takes 7, after 5 gave no radices).
const LONG_MIXED_PART_CHOICES: usize = 6;
/// Beyond two exchange parts (f32 lengths above 20480), the most exchanges times parts a
/// long mixed pass takes: its work-groups are wider than the shorter lengths' (a smaller
/// register budget per work-item), and NVIDIA's compiler spilled 600-2700 bytes per
/// work-item in the kernels of more (H200, docs/PERFORMANCE.md, 2026-11-30 (three parts):
/// 21875 = [35, 5, 5, 5, 5] in 5 parts, 4 x 5 = 20, took 2.33 ms against 1.64 in two passes;
/// 28672 = [56, 8, 8, 8] in 4, 3 x 4 = 12, 1.65 against 1.30), while every one of 10 or less
/// but 27783 gained (25000 = [50, 50, 10] in 5, 2 x 5 = 10: 1.59 -> 0.96).
const WIDE_LONG_MIXED_MAX_PART_EXCHANGES: u32 = 10;
/// Beyond two exchange parts, the largest first radix of a long mixed pass: 27783 = [63, 7,
/// 63] (441 work-items, 1712 bytes spilled) took 1.85 ms against 1.45 in two passes, 21609 =
/// [63, 7, 7, 7] 3.94 against 1.46; first radices of 60 gained (21600 = [60, 60, 6]: 1.89 ->
/// 0.85).
const WIDE_LONG_MIXED_MAX_FIRST_RADIX: u32 = 60;
/// The largest stage radix (the largest butterfly the generator emits).
const MAX_STAGE_RADIX: u32 = 64;
/// The scalars of one part of a mixed f32 pass's exchanges
/// ([`FusedSpec::mixed_scalar_capacity`]; f64 half as many).
const MIXED_PART_SCALARS_F32: u32 = 10240;
/// The shortest sub-FFT of a [wide](FusedSpec::is_wide) pass but f32 interleaved ones
/// (`INTERLEAVED_WIDE_MIN_F32`): shorter ones already take runs of 64 bytes or more with a
/// complex exchange (512 points: 8 columns in f32, 4 in f64).
pub const WIDE_MIN: u32 = 1024;
/// The most columns of an f32 [wide](FusedSpec::is_wide) pass that is not interleaved: 8
/// (runs of 64 bytes). Interleaved ones take all the [`FusedSpec::max_len`] (16384) values
/// a work-group holds in columns: 32 of 512 points, 16 of 1024, 8 of 2048, 4 of 4096. 1024
/// points with 16 columns instead of 8, on the H200 (docs/PERFORMANCE.md, 2026-11-28
/// (columns), e2): the R2C of 1024,1024 x128 (its half spectrum's 513 columns) from 0.80 to
/// 0.65 ms, its column pass from 0.52 to 0.37; the C2C of 1024,1024 x128 (1024 columns) from
/// 1.080 to 1.092.
const WIDE_MAX_COLUMNS: u32 = 8;
/// The shortest f32 interleaved pass that is [wide](FusedSpec::is_wide): 512 points, with
/// 16384 / 512 = 32 columns (runs of 256 bytes) in registers, where a complex exchange holds
/// 8 (runs of 64 bytes). Measured on the H200 (docs/PERFORMANCE.md, 2026-11-28 (columns), e1
/// and e2): the C2C of 512,512,512 from 1.85 to 1.59 ms, its axis-0
/// pass (stride 2 MiB) from 0.74 to 0.55 ms and its axis-1 pass (stride 4 KiB) from 0.59 to
/// 0.52 ms (16 columns: 0.59 and 0.51 ms); 512,512 x512 from 1.11 to 1.04; the R2C of
/// 512,512,512 from 0.98 to 0.89 and its C2R from 1.21 to 0.93. 256 points with 64 columns
/// took the C2C of 256,256,256 x8 from 1.62 to 1.59 ms but its R2C from 0.886 to 0.908, so
/// 256 points keep the complex exchange's 16 columns.
const INTERLEAVED_WIDE_MIN_F32: u32 = 512;
/// The values (sub-FFTs times points) of a one-pass f32 R2C kernel of 512 to 2048 points
/// ([`FusedSpec::one_pass_split_columns`]).
const ONE_PASS_SPLIT_VALUES_F32: u32 = 2048;
/// The most sub-FFTs of a one-pass f32 R2C kernel of a mixed half length that pairs its
/// split in registers ([`FusedSpec::one_pass_split_columns`]).
const MIXED_ONE_PASS_SPLIT_MAX_COLUMNS: u32 = 4;
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

/// The fewest work-items per sub-FFT of a one-pass real split that pairs its values in
/// registers ([`FusedSpec::pairs_split_in_registers`], and the radices chosen for it in
/// `single_pass_register_bits`): a warp's 32 writes then fall in one sub-FFT's row, as in
/// fft-codegen's element-wise split.
const SPLIT_PAIR_MIN_RUN: u32 = 32;
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

/// The longest axis an [aligned](FusedSpec::aligned_columns) interleaved pass takes in one pass:
/// 4 columns of its values in one part of [`FusedSpec::mixed_scalar_capacity`]. Measured on
/// the H200 (docs/PERFORMANCE.md, 2026-11-30 (aligned)), f32 C2C per 2^27 points, ms, the
/// axis-0 passes in local memory -> one aligned pass: 1000 x 1000 1.003 -> 0.768 (the whole
/// transform 1.535 -> 1.299, cuFFT 1.21-1.28), 2000 x 2000 (two passes of 50 and 40 points
/// -> one) 1.597 -> 0.785 (2.114 -> 1.303, cuFFT 1.728), 1080 x 1920 (36 and 30 -> one)
/// 1.261 -> 0.768 (2.047 -> 1.548, cuFFT 2.199), 1200 x 1600 1.358 -> 0.890, 1536 x 2048
/// 1.330 -> 0.819, 2000 x 1000 1.619 -> 0.800; the R2C's half spectra (501 and 961
/// sequences, which 4 columns do not divide) lost: 1000 x 1000 0.589 -> 0.693, 1080 x 1920
/// 0.642 -> 0.761. Axis 0 alone (i2): 324 points over 3072 sequences 0.705 -> 0.588, 864
/// over 1536 0.952 -> 0.775, 972 over 1024 1.044 -> 0.786, 1250 1.454 -> 0.941, 1458 1.465
/// -> 0.805, 1800 1.465 -> 0.811 (over 1024), 2187 1.417 -> 0.795, 2430 1.537 -> 1.277
/// (over 512); none lost. In 4 of the columns the interleaved pass holds (i3): 600 over
/// 2048 1.295 -> 0.842, 625 over 2048 1.190 -> 0.797, 800 over 600 1.260 -> 0.803, 768 over
/// 1024 1.359 -> 0.784, 600 over 600 1.284 -> 0.838.
pub const ALIGNED_MAX_LEN: u32 = MIXED_PART_SCALARS_F32 / 4;

/// One fused kernel: a Stockham pass whose radix is a whole sub-FFT of length `len`, computed
/// by a work-group in registers and local memory, `columns()` sub-FFTs per work-group.
///
/// The derived quantities ([`FusedSpec::columns`], [`FusedSpec::radix`], ...) are meaningful
/// for supported specs only ([`FusedSpec::check`]); for others they return small, non-panicking
/// placeholders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FusedSpec {
    /// Length L of each sub-FFT, in 2..=[`FusedSpec::max_len`] (mixed:
    /// [`FusedSpec::mixed_max_len`]): a power of two, or a mixed
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
    /// The last pass writes the caller's layout: `seq * out_dist + pos * out_stride` (an
    /// interleaved pass: `+ ci`, its inner sequences at consecutive addresses).
    pub store: Option<Storage>,
    /// The pass is the whole transform (`t = p = 1`: each work-group reads and writes one
    /// contiguous block), so its work-group need not take many columns for long runs of
    /// global addresses ([`FusedSpec::columns`]), and a plain power-of-two pass keeps its
    /// values in registers ([`FusedSpec::single_pass_in_registers`]). Set only where it
    /// changes the kernel ([`FusedSpec::as_single_pass`]).
    pub single_pass: bool,
    /// An interleaved pass that is the whole transform of its axis (`t = p = 1`) over this
    /// many sequences side by side, dividing its columns `C` (2: the channels of a stereo
    /// signal): neighbouring work-items then take the sequences side by side at neighbouring
    /// points, so a warp reads and writes runs of up to 32 values where `C` neighbouring
    /// sequences would give runs of 2 (fft-codegen's `roles.rs`), and the pass takes the
    /// shape the contiguous whole transform of its length takes where that serves them
    /// (`FusedSpec::side_by_side_columns`). 1: the contiguous whole transform's pass of one
    /// column, each work-group taking one of a few sequences and its neighbours the others
    /// (`plan/nd.rs`, `channels_apart_pass`). 0 for every other pass. Above 1 the kernel
    /// runs only with `inner` equal to it.
    pub side_by_side: u32,
    /// With [`FusedSpec::side_by_side`] above 1: the pass is one of several of its axis (`t`
    /// or `p` above 1: 2 or 4 channels of a length whose contiguous transform takes several
    /// passes, `plan/nd.rs`, `channels_side_by_side_passes`), so only its phase over a
    /// sub-FFT's consecutive points (the store where `p == 1`, the load where `t == 1`) takes
    /// the sequences side by side, the others runs of its `C` columns. Without it the pass is
    /// the whole transform of its axis and both phases take them.
    pub side_by_side_in_runs: bool,
    /// The rows of a multi-dimensional transform whose axis before the last has `2M` points
    /// (`M`: [`crate::kernel::LaunchParams::pair_rows`]) take that axis's first radix-2 step
    /// in their load: sub-FFT `w` (row `w` of its block of `2M` rows) transforms the sum of
    /// rows `n` and `n + M`, `n = (w % 2M) / 2`, where `w` is even, their difference times
    /// `W_2M^n` where it is odd. The axis's other `M` points are then one interleaved pass
    /// over rows `2n + h` (`plan/pair_rows.rs`), so a 2-D transform of 8192-point
    /// columns over rows of 4096 (f64: 4096 over 2048) takes two passes over memory instead of
    /// three. Only on a whole-row pass of one
    /// sub-FFT per work-group with no other edge.
    pub pair_rows: bool,
    /// Above 0: the columns `C` of an interleaved f32 pass of a mixed length whose runs are
    /// aligned: `C` is a multiple of [`FusedSpec::min_run_columns`] (4) that divides the
    /// plan's sequences (`inner`), so every run of `C` neighbouring sequences starts on a
    /// 32-byte sector. Such a pass keeps its values in registers
    /// ([`FusedSpec::mixed_in_registers`]), exchanging halves where its `C * len` values
    /// exceed [`FusedSpec::complex_capacity`] (in one part), so an axis of up to
    /// [`ALIGNED_MAX_LEN`] points takes one pass (`plan/nd.rs`, `aligned_axis_pass`, which
    /// takes the most such columns the pass holds). The kernel serves any `inner`; the planner
    /// sets it only where `C` divides it: R2C half spectra (501 sequences for rows of 1000
    /// reals) ran slower so (see [`ALIGNED_MAX_LEN`]) and keep the local-memory stages. Only on
    /// an interleaved pass without sequences side by side or the caller's layout; 0 on
    /// every other pass.
    pub aligned_columns: u32,
    /// Above 0: the columns `C` of the last pass of a multi-pass R2C with the split step, fewer
    /// than its local memory holds, so that `C` divides the pass's stride and its work-groups
    /// take their columns in mirrored pairs (`plan/real.rs`, `pairs_columns`): the mixed passes
    /// whose natural `C` does not divide their stride (the 125-point last pass of 100000 reals
    /// holds 32 columns, its stride is 400: 20 columns). Even, below the natural `C`; only on
    /// such a pass (not wide, not the whole transform, not interleaved). 0 on every other pass.
    pub split_columns: u32,
    /// The last pass of a multi-pass R2C with the split step whose columns pair at any stride
    /// `t`, odd or not divided by `C` (`plan/real_any_stride.rs`): a sequence's `ceil(t/2)`
    /// mirrored column pairs take `ceil(ceil(t/2) / (C/2))` work-groups, the slots past them
    /// idle (fft-codegen's `roles.rs`). Where `C` divides `t` the kernel without it pairs them
    /// with less index arithmetic (the 128-point split pass of 2^20 reals took 0.327 ms per
    /// 2^27 reals without, 0.353 with it on the H200). Only on such a pass (an even `C`, not
    /// wide, not the whole transform, not interleaved); false on every other pass.
    pub split_any_stride: bool,
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
            side_by_side: 0,
            side_by_side_in_runs: false,
            pair_rows: false,
            aligned_columns: 0,
            split_columns: 0,
            split_any_stride: false,
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
            || single.mixed_in_registers() != self.mixed_in_registers()
            || single.single_pass_in_registers()
            || single.splits_unpadded()
            || single.pairs_split_in_registers()
        {
            single
        } else {
            self
        }
    }

    /// Whether the pass reads or writes anything but plain values: Bluestein's steps, a real
    /// step or the caller's layout.
    fn has_edge(&self) -> bool {
        self.chirp.is_some()
            || self.real.is_some()
            || self.load.is_some()
            || self.store.is_some()
            || self.pair_rows
    }

    /// Whether the kernel serves any length ([`Lengths::Any`]): it then indexes by division,
    /// by constants (`lid % 25u`) and by the arguments (`g % t`), instead of masks and shifts.
    pub fn is_mixed(&self) -> bool {
        self.lengths == Lengths::Any
    }

    /// Whether this interleaved pass's runs are aligned ([`FusedSpec::aligned_columns`]).
    pub fn is_aligned(&self) -> bool {
        self.aligned_columns > 0
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

    /// Whether the spec is a real step with the caller's rows on its other side: an R2C's
    /// split with the reals read as interleaved pairs in rows (`load`), or a C2R's merge with
    /// the pairs written so (`store`). Not pitched, not interleaved.
    pub const fn real_with_layout(&self) -> bool {
        !self.pitched
            && !self.interleaved
            && self.chirp.is_none()
            && matches!(
                (self.real, self.load, self.store),
                (Some(FusedReal::Split), Some(Storage::Interleaved), None)
                    | (Some(FusedReal::Merge), None, Some(Storage::Interleaved))
            )
    }

    /// `Ok` when `len` is in 2..=[`FusedSpec::max_len`] ([`FusedSpec::mixed_max_len`] for
    /// mixed lengths) and its prime factors are at most 13, and a power of two for
    /// [`Lengths::PowerOfTwo`].
    pub fn check(&self) -> Result<(), SpecError> {
        let max = if self.len.is_power_of_two() {
            FusedSpec::max_len(self.precision)
        } else {
            FusedSpec::mixed_max_len(self.precision)
        };
        let smooth = is_smooth(self.len as usize);
        let lengths_ok = self.lengths == Lengths::Any || self.len.is_power_of_two();
        if let Some(real) = self.real {
            if self.chirp.is_some() || real.direction() != self.direction {
                return Err(SpecError::RealEdge(real));
            }
        }
        let io = self.load.is_some() || self.store.is_some();
        if (self.interleaved || io)
            && (self.chirp.is_some() || (self.real.is_some() && !self.real_with_layout()))
        {
            return Err(SpecError::InterleavedEdge);
        }
        // An interleaved pass may read or write the caller's layout (the first or last pass
        // of a multi-dimensional plan: `seq * in_dist + pos * in_stride + ci`, `seq *
        // out_dist + pos * out_stride + ci`), not with padded rows or sequences side by side
        // (their own mappings).
        if self.interleaved
            && (self.load.is_some() || self.store.is_some())
            && (self.pitched || self.side_by_side > 0)
        {
            return Err(SpecError::InterleavedEdge);
        }
        // The rows in pairs: a load of its own over whole rows, one per work-group.
        if self.pair_rows
            && (self.interleaved
                || self.pitched
                || self.chirp.is_some()
                || self.real.is_some()
                || self.load.is_some()
                || self.side_by_side > 0
                || self.columns() != 1)
        {
            return Err(SpecError::PairRows);
        }
        if self.pitched && !(self.interleaved || self.real == Some(FusedReal::Split)) {
            return Err(SpecError::PitchedEdge);
        }
        let sequences = self.side_by_side;
        let side_by_side_ok = self.interleaved
            && !self.pitched
            && self.columns() % sequences.max(1) == 0
            && (!self.side_by_side_in_runs || sequences > 1);
        if (sequences > 0 || self.side_by_side_in_runs) && !side_by_side_ok {
            return Err(SpecError::SideBySide {
                sequences,
                columns: self.columns(),
            });
        }
        if let Some(chirp) = self.chirp {
            let forward = self.direction == Direction::Forward;
            if chirp.store == ChirpStore::Convolve && !(chirp.pad && forward) {
                return Err(SpecError::ConvolveEdge);
            }
        }
        // `mixed_in_registers` asks for a length that is not a power of two, of any lengths.
        let aligned_ok = self.interleaved
            && self.precision == Precision::F32
            && self.side_by_side == 0
            && !self.side_by_side_in_runs
            && !self.pitched
            && self.load.is_none()
            && self.store.is_none()
            && self.aligned_columns % FusedSpec::min_run_columns(self.precision) == 0
            && u64::from(self.aligned_columns) * u64::from(self.len)
                <= u64::from(FusedSpec::mixed_scalar_capacity(self.precision))
            && self.mixed_in_registers();
        if self.is_aligned() && !aligned_ok {
            return Err(SpecError::AlignedRuns);
        }
        // The last pass of a multi-pass R2C with the split step (not wide, not interleaved).
        let column_split = self.real == Some(FusedReal::Split)
            && !self.single_pass
            && !self.interleaved
            && !self.is_wide();
        if self.split_columns > 0 {
            let split_ok = column_split
                && self.split_columns % 2 == 0
                && self.split_columns < self.natural_columns();
            if !split_ok {
                return Err(SpecError::SplitColumns);
            }
        }
        if self.split_any_stride && !(column_split && self.columns() % 2 == 0) {
            return Err(SpecError::SplitAnyStride);
        }
        if self.exchanges_halves()
            && ((self.interleaved
                && !self.is_wide()
                && self.side_by_side == 0
                && !self.is_aligned())
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

    /// The kernel's name (and entry point): `fft_fused4096_c4_fwd_f32`; a power-of-two
    /// length serving any length ends in `_mixed` (`fft_fused128_c32_fwd_f32_mixed`), and
    /// Bluestein's edges follow with the user's direction
    /// (`fft_fused2048_c2_inv_f32_unpad_fwd`), the whole transform in registers
    /// ([`FusedSpec::single_pass_in_registers`], [`FusedSpec::splits_unpadded`]) ends in `_whole`
    /// (`fft_fused4096_c1_fwd_f32_whole`), an interleaved pass in `_il`
    /// (`fft_fused256_c16_fwd_f32_il`), one over 2 sequences side by side in `_il2` (`_il2r`
    /// where it is one of several passes of its axis), a pitched one in `_il_pitched`.
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
        if self.split_any_stride {
            suffix.push_str("_anystride");
        }
        if self.single_pass_in_registers()
            || self.splits_unpadded()
            || self.pairs_split_in_registers()
        {
            suffix.push_str("_whole");
        }
        if self.interleaved {
            suffix.push_str("_il");
        }
        if self.is_aligned() {
            suffix.push_str("_aligned");
        }
        if self.side_by_side > 0 {
            suffix.push_str(&self.side_by_side.to_string());
        }
        if self.side_by_side_in_runs {
            suffix.push('r');
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
        if self.pair_rows {
            suffix.push_str("_pairs");
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
