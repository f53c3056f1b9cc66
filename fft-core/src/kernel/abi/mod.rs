//! A kernel's contract with the runtime, as data: its arguments in order, its entry points
//! and when each runs, its launch geometry as a function of the pass, and the layout of every
//! table it reads ([`TableKind::values`]). The generator writes each kernel's signature from
//! [`KernelAbi::args`]; the runtime binds arguments and launches from the same data, so the
//! two cannot disagree.

use super::layout::IoLayout;
use super::rader::rader_powers;
use super::spec::KernelSpec;

mod families;
#[cfg(test)]
mod tests;
mod values;

pub(crate) use families::*;

/// One argument of a kernel, in signature order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KernelArg {
    /// Its name in the OpenCL C signature.
    pub name: &'static str,
    /// What the runtime passes.
    pub kind: ArgKind,
}

/// What is passed for an argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArgKind {
    /// The data the pass reads: `__global const float2 *` (interleaved `float` pairs in the
    /// scalar form). Not `restrict`: see [`ArgKind::Output`].
    Input,
    /// The data the pass writes: `__global float2 *`. The input buffer itself when a plan of
    /// one pass runs in place (every kernel reads all the values of the sequences a work-group
    /// writes before it writes any of them); a different buffer in every plan of several
    /// passes (Stockham passes cannot run in place).
    Output,
    /// Real data the pass reads: `__global const float *` (a real transform's input).
    RealInput,
    /// Real data the pass writes: `__global float *` (a real transform's output).
    RealOutput,
    /// The imaginary parts of planar input (`__global const float *`); the real
    /// parts are the [`ArgKind::RealInput`].
    ImagInput,
    /// The imaginary parts of planar output (`__global float *`); the real parts
    /// are the [`ArgKind::RealOutput`].
    ImagOutput,
    /// A read-only table of complex values computed on the host in f64 and rounded once.
    Table(TableKind),
    /// A `const uint` derived from the pass.
    Uint(UintArg),
    /// `const float` (`double`): the factor every output is multiplied by (the plan's
    /// normalization on its last pass, 1 elsewhere).
    Scale,
    /// A read-only table of indices (`__global const uint *`) computed on the host.
    Indices(IndexKind),
    /// The plan's stash (`__global float2 *`): [`STASH_PER_TRANSFORM`] complex values per
    /// transform that a step leaves for a later one (Rader's `x_0` and `X_0`), in a buffer
    /// the runtime allocates once per plan ([`stash_len`]).
    Stash,
}

/// The layout of an index table a kernel reads (values: [`IndexKind::values`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IndexKind {
    /// Rader's powers `g^p mod N` of the primitive root, `p < N - 1` ([`rader_powers`]).
    RaderPowers,
    /// The stages of a lanes pass whose length is an argument
    /// ([`crate::kernel::LanesSpec::runtime_len`]): their count, then each stage's radix,
    /// first to last ([`crate::kernel::LanesSpec::stage_radices`]).
    LaneRadices,
}

impl IndexKind {
    /// The table's values for a pass of `spec` with `params`.
    pub fn values(&self, spec: &KernelSpec, params: &LaunchParams) -> Vec<u32> {
        match self {
            IndexKind::RaderPowers => rader_powers(params.len),
            IndexKind::LaneRadices => match spec {
                KernelSpec::Lanes(lanes) => {
                    let radices = lanes.stage_radices();
                    std::iter::once(radices.len() as u32)
                        .chain(radices)
                        .collect()
                }
                _ => vec![0],
            },
        }
    }
}

/// Complex values of the plan's stash per transform ([`ArgKind::Stash`]).
pub const STASH_PER_TRANSFORM: usize = 2;

/// Values the stash of a plan with `passes` must hold: [`STASH_PER_TRANSFORM`] per transform
/// of the largest batch of a pass whose kernel has a [`ArgKind::Stash`] argument (0: the
/// plan needs none).
pub fn stash_len<'a>(
    passes: impl IntoIterator<Item = (&'a KernelSpec, &'a LaunchParams)>,
) -> usize {
    passes
        .into_iter()
        .filter(|(spec, _)| spec.abi().args.iter().any(|a| a.kind == ArgKind::Stash))
        .map(|(_, params)| STASH_PER_TRANSFORM * params.batch * params.inner)
        .max()
        .unwrap_or(0)
}

/// The layout of a table a kernel reads (values: [`TableKind::values`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableKind {
    /// A radix-R pass of stride p: entry `(m - 1) * p + k` is `W_{R*p}^{k*m}` for `m` in
    /// `1..R`, `k` in `0..p` (one value, 1, for the on-the-fly twiddle variants).
    PassTwiddles,
    /// A fused pass of sub-FFT length L: `W_L^s` for `s < L` (the between-stage twiddles).
    StageTwiddles,
    /// A fused pass of stride p: `hi[a] = W_{L*p}^(a << h)`, the high level of the two-level
    /// table `W^s = hi[s >> h] * lo[s & (2^h - 1)]` (one value, 1, when p = 1).
    FourStepHi,
    /// The low level: `lo[b] = W_{L*p}^b`, `b < 2^h` (one value, 1, when p = 1).
    FourStepLo,
    /// A lanes pass of stride p with a one-level table ([`crate::kernel::LanesSpec::table`]):
    /// entry `((k / 8) * L + m) * 8 + l` is `W_{L*p}^((k + l) * m)` for `k` a multiple of 8
    /// below `p`, `m < L`, `l <` [`LANES`](crate::kernel::LANES): the eight lanes' twiddles of input `m`, together
    /// (one value, 1, when p = 1).
    LanePassTwiddles,
    /// A lanes pass of stride p with a two-level table: entry `m * 8 + l` is
    /// `W_{L*p}^(l*m)` for `m < L`, `l <` [`LANES`](crate::kernel::LANES), the factor of lane `l` of the pass
    /// twiddle `W_{L*p}^((k + l) * m) = W^(k*m) * W^(l*m)` (one value, 1, when p = 1).
    LaneTwiddles,
    /// Bluestein's chirp `c_n = exp(sign*i*pi*n^2/N)`, `n < N` ([`chirp`](crate::kernel::chirp)).
    Chirp,
    /// The spectrum of Bluestein's filter divided by M, `M` values ([`chirp_filter`](crate::kernel::chirp_filter)).
    ChirpFilter,
    /// The spectrum of Rader's filter divided by N - 1, `N - 1` values ([`rader_filter`](crate::kernel::rader_filter)).
    RaderFilter,
    /// The high level of the two-level table of a real transform's split or merge twiddles
    /// `W_N^k`, `N` the real length: `hi[a] = W_N^(a << h)` (`h`: [`UintArg::RealShift`]).
    RealHi,
    /// The low level: `lo[b] = W_N^b`, `b < 2^h`.
    RealLo,
    /// The twiddles of the radix-2 step a pass over rows in pairs takes in its load
    /// ([`crate::kernel::FusedSpec::pair_rows`]): `W_2M^n`, `n < M`
    /// ([`LaunchParams::pair_rows`]).
    PairTwiddles,
}

/// A `uint` argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UintArg {
    /// The Stockham stride p: the product of the radices of the earlier passes.
    Stride,
    /// Butterflies (radix pass) or sub-FFTs (fused pass) per transform: `len / points`.
    PerSequence,
    /// Butterflies or sub-FFTs of the whole batch: `len / points * batch`.
    Total,
    /// The split exponent h of the [`TableKind::FourStepHi`]/[`TableKind::FourStepLo`]
    /// tables (0 when p = 1).
    FourStepShift,
    /// The transform's length N.
    Len,
    /// The spec's points: its sub-FFT length ([`KernelSpec::points`]).
    Points,
    /// Bluestein's convolution length M ([`LaunchParams::padded`]).
    PaddedLen,
    /// Work-items with work of a guarded launch ([`Geometry::Guarded`]): butterflies of
    /// the whole batch (radix passes), values written (chirp and real passes).
    Active,
    /// The split exponent h of the [`TableKind::RealHi`]/[`TableKind::RealLo`] tables.
    RealShift,
    /// Reals between the rows of a real transform's real side ([`LaunchParams::real_dist`]).
    RealDistance,
    /// Work-items per row of a real step ([`Geometry::GuardedRows`]): one per value written,
    /// or per mirrored pair ([`crate::kernel::RealSpec::row_items`]).
    RowItems,
    /// Interleaved sequences ([`LaunchParams::inner`]).
    Inner,
    /// Dimension `0..3` of the caller's layout ([`LaunchParams::io`]).
    LayoutDim(u8),
    /// The stride of that dimension.
    LayoutStride(u8),
    /// The caller's batch distance.
    LayoutDistance,
    /// The stride of the caller's input a fused pass reads ([`LaunchParams::io`]).
    InStride,
    /// The distance between the input's sequences.
    InDistance,
    /// The stride of the caller's output a fused pass writes ([`LaunchParams::io_out`]).
    OutStride,
    /// The distance between the output's sequences.
    OutDistance,
    /// Values per row of a pitched interleaved pass ([`LaunchParams::pitch`]).
    RowWidth,
    /// Values between the rows it reads.
    InPitch,
    /// Values between the rows it writes.
    OutPitch,
    /// Rows between the two of each pair ([`LaunchParams::pair_rows`]).
    PairRows,
}

/// Work-items per work-group of a [`Geometry::Guarded`] launch. A fixed size, so a driver
/// neither picks an odd divisor of an odd global size (slow on GPUs) nor, as PoCL does,
/// compiles the kernel again for each new divisor.
pub const GUARDED_GROUP: usize = 128;

/// Which passes of a plan an entry point serves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PassPosition {
    /// Every pass.
    Any,
    /// The first pass only (stride 1).
    First,
    /// Every pass but the first (stride > 1).
    Later,
}

/// How an entry point is launched, as a function of [`LaunchParams`] and the spec.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Geometry {
    /// 1-D, one work-item per butterfly: `len / radix * batch`.
    PerButterfly,
    /// 2-D `(len / radix, batch)`: the scalar form's first pass.
    PerButterflyByBatch,
    /// 2-D `(p, len / radix * batch / p)`: the scalar form's later passes, so consecutive
    /// work-items touch consecutive elements.
    PerButterflyByStride,
    /// 1-D whole work-groups of `work_group_size` work-items, each computing `columns`
    /// sub-FFTs: `ceil(total / columns) * work_group_size` (the kernel skips sub-FFTs past
    /// `total`).
    WorkGroups,
    /// 1-D work-groups of [`GUARDED_GROUP`], rounded up from [`UintArg::Active`]
    /// work-items (one per butterfly, or per value a chirp pass writes); the kernel returns
    /// early past them.
    Guarded,
    /// 2-D `(row items rounded up to work-groups of` [`GUARDED_GROUP`]`, batch)`: one
    /// work-item per value or mirrored pair of a row ([`UintArg::RowItems`]), one row of work-items per
    /// transform, so the kernel finds its row without a division (a real step).
    GuardedRows,
    /// 1-D, one work-item per [`LANES`](crate::kernel::LANES) sub-FFTs (a lanes pass): `ceil(total / 8)`
    /// work-items in work-groups of one.
    Lanes,
}

/// One entry point of a program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EntryAbi {
    /// Appended to the spec's name ([`KernelSpec::name`]) to make the entry point's.
    pub suffix: &'static str,
    /// The passes it serves.
    pub position: PassPosition,
    /// Its launch.
    pub geometry: Geometry,
}

/// A kernel's contract: arguments in order and entry points (each with the same arguments).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KernelAbi {
    /// Every argument, in signature order.
    pub args: &'static [KernelArg],
    /// Every entry point, in program order.
    pub entries: &'static [EntryAbi],
}

/// What a pass of a plan gives its kernel: the shape of the transform and the pass's stride.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LaunchParams {
    /// Points per transform.
    pub len: usize,
    /// Transforms.
    pub batch: usize,
    /// The pass's Stockham stride p.
    pub stride: usize,
    /// The length of the sequences a Stockham pass transforms: Bluestein's convolution
    /// length M for its passes (chirp passes and the M-point FFTs, which read or write it,
    /// with `len` = N), `len` for every other pass. A real transform's point-wise steps
    /// have `len` = N (reals) and `padded` = the complex FFT's length (N/2 or N).
    pub padded: usize,
    /// Reals between the rows of a real transform's real side (its point-wise steps only;
    /// 0 elsewhere).
    pub real_dist: usize,
    /// Sequences interleaved value by value (a multi-dimensional transform's axis that is not
    /// the last: point `m` of sequence `(b, c)` at `(b * len + m) * inner + c`); 1 for
    /// sequences stored one after another. Read by interleaved fused passes and permutes.
    pub inner: usize,
    /// The caller's input layout, read by a load layout pass or a fused pass that reads it
    /// (zeros elsewhere).
    pub io: IoLayout,
    /// The caller's output layout, written by a store layout pass or a fused pass.
    pub io_out: IoLayout,
    /// The rows of a pitched interleaved pass ([`crate::kernel::FusedSpec::pitched`]);
    /// zeros elsewhere.
    pub pitch: RowPitch,
    /// `M`, the rows between the two rows of each pair a pass over rows in pairs reads
    /// ([`crate::kernel::FusedSpec::pair_rows`]): half the length of the axis before the
    /// rows; 0 elsewhere.
    pub pair_rows: usize,
}

/// Where the interleaved sequences of a pitched pass lie: the `inner` columns are rows of
/// `width` values, `input` values apart in what the pass reads and `output` apart in what it
/// writes, so column `ci` is at `(ci / width) * pitch + ci % width` and value `v` of a
/// sequence `v * (inner / width) * pitch` further.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RowPitch {
    /// Values per row.
    pub width: usize,
    /// Values between the rows read.
    pub input: usize,
    /// Values between the rows written.
    pub output: usize,
}

impl LaunchParams {
    /// A Stockham pass of stride `stride` over `batch` transforms of `len` points.
    pub fn stockham(len: usize, batch: usize, stride: usize) -> LaunchParams {
        LaunchParams {
            len,
            batch,
            stride,
            padded: len,
            real_dist: 0,
            inner: 1,
            io: IoLayout::default(),
            io_out: IoLayout::default(),
            pitch: RowPitch::default(),
            pair_rows: 0,
        }
    }
}

/// A launch: global and local sizes per dimension (1 to 3 dimensions).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LaunchShape {
    /// Global work size.
    pub global: Vec<usize>,
    /// Local work size (`None`: the driver chooses).
    pub local: Option<Vec<usize>>,
}

impl KernelAbi {
    /// The index in [`KernelAbi::entries`] of the entry point a pass of stride `stride` runs.
    pub fn entry_for(&self, stride: usize) -> Option<usize> {
        self.entries.iter().position(|e| match e.position {
            PassPosition::Any => true,
            PassPosition::First => stride == 1,
            PassPosition::Later => stride > 1,
        })
    }
}
