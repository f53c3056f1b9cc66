//! A kernel's contract with the runtime, as data: its arguments in order, its entry points
//! and when each runs, its launch geometry as a function of the pass, and the layout of every
//! table it reads ([`TableKind::values`]). The generator writes each kernel's signature from
//! [`KernelAbi::args`]; the runtime binds arguments and launches from the same data, so the
//! two cannot disagree.

use super::chirp::{chirp, chirp_filter, ChirpStep};
use super::fused::{FusedSpec, Storage};
use super::lanes::LANES;
use super::layout::IoLayout;
use super::rader::{rader_filter, rader_powers};
use super::real::{half_spectrum_len, RealStep};
use super::spec::{KernelSpec, Twiddles};
use super::tables::{pass_twiddles, split_exponent, split_twiddles, stage_twiddles};
use crate::{unit_root, Complex64, Direction};

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
    /// below `p`, `m < L`, `l <` [`LANES`]: the eight lanes' twiddles of input `m`, together
    /// (one value, 1, when p = 1).
    LanePassTwiddles,
    /// A lanes pass of stride p with a two-level table: entry `m * 8 + l` is
    /// `W_{L*p}^(l*m)` for `m < L`, `l <` [`LANES`], the factor of lane `l` of the pass
    /// twiddle `W_{L*p}^((k + l) * m) = W^(k*m) * W^(l*m)` (one value, 1, when p = 1).
    LaneTwiddles,
    /// Bluestein's chirp `c_n = exp(sign*i*pi*n^2/N)`, `n < N` ([`chirp`]).
    Chirp,
    /// The spectrum of Bluestein's filter divided by M, `M` values ([`chirp_filter`]).
    ChirpFilter,
    /// The spectrum of Rader's filter divided by N - 1, `N - 1` values ([`rader_filter`]).
    RaderFilter,
    /// The high level of the two-level table of a real transform's split or merge twiddles
    /// `W_N^k`, `N` the real length: `hi[a] = W_N^(a << h)` (`h`: [`UintArg::RealShift`]).
    RealHi,
    /// The low level: `lo[b] = W_N^b`, `b < 2^h`.
    RealLo,
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
    /// 1-D, one work-item per [`LANES`] sub-FFTs (a lanes pass): `ceil(total / 8)`
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

const fn arg(name: &'static str, kind: ArgKind) -> KernelArg {
    KernelArg { name, kind }
}

/// The global radix pass, vector form.
pub(crate) const RADIX_VECTOR_ABI: KernelAbi = KernelAbi {
    args: &RADIX_ARGS,
    entries: &[EntryAbi {
        suffix: "",
        position: PassPosition::Any,
        geometry: Geometry::PerButterfly,
    }],
};

/// The global radix pass, vector form, with a two-level twiddle table
/// ([`crate::kernel::PassTable::TwoLevel`]): the fused passes' `hi`, `lo` and `h`.
pub(crate) const RADIX_HILO_ABI: KernelAbi = KernelAbi {
    args: &[
        arg("x", ArgKind::Input),
        arg("y", ArgKind::Output),
        arg("tw_hi", ArgKind::Table(TableKind::FourStepHi)),
        arg("tw_lo", ArgKind::Table(TableKind::FourStepLo)),
        arg("p", ArgKind::Uint(UintArg::Stride)),
        arg("t", ArgKind::Uint(UintArg::PerSequence)),
        arg("h", ArgKind::Uint(UintArg::FourStepShift)),
        arg("scale", ArgKind::Scale),
    ],
    entries: RADIX_VECTOR_ABI.entries,
};

/// The global radix pass, scalar form: the same arguments, two entry points.
pub(crate) const RADIX_SCALAR_ABI: KernelAbi = KernelAbi {
    args: &RADIX_ARGS,
    entries: &[
        EntryAbi {
            suffix: "",
            position: PassPosition::Later,
            geometry: Geometry::PerButterflyByStride,
        },
        EntryAbi {
            suffix: "_p1",
            position: PassPosition::First,
            geometry: Geometry::PerButterflyByBatch,
        },
    ],
};

const RADIX_ARGS: [KernelArg; 6] = [
    arg("x", ArgKind::Input),
    arg("y", ArgKind::Output),
    arg("tw", ArgKind::Table(TableKind::PassTwiddles)),
    arg("p", ArgKind::Uint(UintArg::Stride)),
    arg("t", ArgKind::Uint(UintArg::PerSequence)),
    arg("scale", ArgKind::Scale),
];

/// The arguments every fused pass has, in order; Bluestein's edges append theirs.
const FUSED_ARGS: [KernelArg; 10] = [
    arg("x", ArgKind::Input),
    arg("y", ArgKind::Output),
    arg("stage_tw", ArgKind::Table(TableKind::StageTwiddles)),
    arg("pass_tw_hi", ArgKind::Table(TableKind::FourStepHi)),
    arg("pass_tw_lo", ArgKind::Table(TableKind::FourStepLo)),
    arg("p", ArgKind::Uint(UintArg::Stride)),
    arg("t", ArgKind::Uint(UintArg::PerSequence)),
    arg("h", ArgKind::Uint(UintArg::FourStepShift)),
    arg("total", ArgKind::Uint(UintArg::Total)),
    arg("scale", ArgKind::Scale),
];

const FUSED_ENTRIES: [EntryAbi; 1] = [EntryAbi {
    suffix: "",
    position: PassPosition::Any,
    geometry: Geometry::WorkGroups,
}];

/// `first` followed by `then`, in one array of `T = A + B` arguments (checked at compile time).
const fn concat_args<const A: usize, const B: usize, const T: usize>(
    first: [KernelArg; A],
    then: [KernelArg; B],
) -> [KernelArg; T] {
    assert!(A + B == T, "concat_args: T must be A + B");
    let mut all = [arg("", ArgKind::Scale); T];
    let mut i = 0;
    while i < A {
        all[i] = first[i];
        i += 1;
    }
    let mut j = 0;
    while j < B {
        all[A + j] = then[j];
        j += 1;
    }
    all
}

/// `FUSED_ARGS` followed by `extra`.
const fn fused_args<const E: usize, const T: usize>(extra: [KernelArg; E]) -> [KernelArg; T] {
    concat_args::<10, E, T>(FUSED_ARGS, extra)
}

const CHIRP_ARG: KernelArg = arg("w", ArgKind::Table(TableKind::Chirp));
const FILTER_ARG: KernelArg = arg("filter", ArgKind::Table(TableKind::ChirpFilter));
const N_ARG: KernelArg = arg("n", ArgKind::Uint(UintArg::Len));

/// The fused local-memory pass.
pub(crate) const FUSED_ABI: KernelAbi = KernelAbi {
    args: &FUSED_ARGS,
    entries: &FUSED_ENTRIES,
};

/// A fused pass that pads at its load or unpads at its store (Bluestein): the chirp and N.
pub(crate) const FUSED_CHIRP_ABI: KernelAbi = KernelAbi {
    args: &fused_args::<2, 12>([CHIRP_ARG, N_ARG]),
    entries: &FUSED_ENTRIES,
};

/// An interleaved fused pass ([`FusedSpec::interleaved`]): the fused arguments and `inner`.
pub(crate) const FUSED_INTERLEAVED_ABI: KernelAbi = KernelAbi {
    args: &fused_args::<1, 11>([arg("inner", ArgKind::Uint(UintArg::Inner))]),
    entries: &FUSED_ENTRIES,
};

/// A pitched interleaved pass ([`FusedSpec::pitched`]): `inner`, then the rows' width and
/// the pitches read and written.
pub(crate) const FUSED_PITCHED_ABI: KernelAbi = KernelAbi {
    args: &fused_args::<4, 14>([
        arg("inner", ArgKind::Uint(UintArg::Inner)),
        arg("width", ArgKind::Uint(UintArg::RowWidth)),
        arg("in_pitch", ArgKind::Uint(UintArg::InPitch)),
        arg("out_pitch", ArgKind::Uint(UintArg::OutPitch)),
    ]),
    entries: &FUSED_ENTRIES,
};

/// The fused arguments with the caller's layout at the load (`load`), at the store, or both:
/// `x` (or `x_re` and `x_im` when planar), `y` (or `y_re`, `y_im`), the fused tables and
/// scalars, then `in_stride`, `in_dist`, `out_stride`, `out_dist` for the edges present.
const fn fused_io<const T: usize>(load: Option<Storage>, store: Option<Storage>) -> [KernelArg; T] {
    let mut all = [arg("", ArgKind::Scale); T];
    let mut n = 0;
    let planar_in = matches!(load, Some(Storage::Planar));
    let planar_out = matches!(store, Some(Storage::Planar));
    if planar_in {
        all[n] = arg("x_re", ArgKind::RealInput);
        all[n + 1] = arg("x_im", ArgKind::ImagInput);
        n += 2;
    } else {
        all[n] = FUSED_ARGS[0];
        n += 1;
    }
    if planar_out {
        all[n] = arg("y_re", ArgKind::RealOutput);
        all[n + 1] = arg("y_im", ArgKind::ImagOutput);
        n += 2;
    } else {
        all[n] = FUSED_ARGS[1];
        n += 1;
    }
    let mut i = 2;
    while i < FUSED_ARGS.len() {
        all[n] = FUSED_ARGS[i];
        n += 1;
        i += 1;
    }
    if load.is_some() {
        all[n] = arg("in_stride", ArgKind::Uint(UintArg::InStride));
        all[n + 1] = arg("in_dist", ArgKind::Uint(UintArg::InDistance));
        n += 2;
    }
    if store.is_some() {
        all[n] = arg("out_stride", ArgKind::Uint(UintArg::OutStride));
        all[n + 1] = arg("out_dist", ArgKind::Uint(UintArg::OutDistance));
    }
    all
}

const I: Option<Storage> = Some(Storage::Interleaved);
const P: Option<Storage> = Some(Storage::Planar);

/// The ABI of a plain fused pass with layout edges: one per combination.
pub(crate) const fn fused_io_abi(
    load: Option<Storage>,
    store: Option<Storage>,
) -> &'static KernelAbi {
    const fn abi(args: &'static [KernelArg]) -> KernelAbi {
        KernelAbi {
            args,
            entries: &FUSED_ENTRIES,
        }
    }
    const IN_I: KernelAbi = abi(&fused_io::<12>(I, None));
    const IN_P: KernelAbi = abi(&fused_io::<13>(P, None));
    const OUT_I: KernelAbi = abi(&fused_io::<12>(None, I));
    const OUT_P: KernelAbi = abi(&fused_io::<13>(None, P));
    const II: KernelAbi = abi(&fused_io::<14>(I, I));
    const IP: KernelAbi = abi(&fused_io::<15>(I, P));
    const PI: KernelAbi = abi(&fused_io::<15>(P, I));
    const PP: KernelAbi = abi(&fused_io::<16>(P, P));
    match (load, store) {
        (Some(Storage::Interleaved), None) => &IN_I,
        (Some(Storage::Planar), None) => &IN_P,
        (None, Some(Storage::Interleaved)) => &OUT_I,
        (None, Some(Storage::Planar)) => &OUT_P,
        (Some(Storage::Interleaved), Some(Storage::Interleaved)) => &II,
        (Some(Storage::Interleaved), Some(Storage::Planar)) => &IP,
        (Some(Storage::Planar), Some(Storage::Interleaved)) => &PI,
        (Some(Storage::Planar), Some(Storage::Planar)) => &PP,
        (None, None) => &FUSED_ABI,
    }
}

/// The arguments of a lanes pass ([`crate::kernel::LanesSpec`]): the fused pass's, and the
/// lane factors of its pass twiddles.
const LANES_ARGS: [KernelArg; 11] = [
    arg("x", ArgKind::Input),
    arg("y", ArgKind::Output),
    arg("stage_tw", ArgKind::Table(TableKind::StageTwiddles)),
    arg("pass_tw_hi", ArgKind::Table(TableKind::FourStepHi)),
    arg("pass_tw_lo", ArgKind::Table(TableKind::FourStepLo)),
    arg("lane_tw", ArgKind::Table(TableKind::LaneTwiddles)),
    arg("p", ArgKind::Uint(UintArg::Stride)),
    arg("t", ArgKind::Uint(UintArg::PerSequence)),
    arg("h", ArgKind::Uint(UintArg::FourStepShift)),
    arg("total", ArgKind::Uint(UintArg::Total)),
    arg("scale", ArgKind::Scale),
];

/// A lanes pass that is the whole transform: the lanes are transforms of the batch.
pub(crate) const LANES_WHOLE_ABI: KernelAbi = KernelAbi {
    args: &[
        arg("x", ArgKind::Input),
        arg("y", ArgKind::Output),
        arg("stage_tw", ArgKind::Table(TableKind::StageTwiddles)),
        arg("total", ArgKind::Uint(UintArg::Total)),
        arg("scale", ArgKind::Scale),
    ],
    entries: &[EntryAbi {
        suffix: "",
        position: PassPosition::Any,
        geometry: Geometry::Lanes,
    }],
};

/// A lanes pass that is the whole transform, its length an argument
/// ([`crate::kernel::LanesSpec::runtime_len`]): one program serves every such length.
pub(crate) const LANES_ANY_ABI: KernelAbi = KernelAbi {
    args: &[
        arg("x", ArgKind::Input),
        arg("y", ArgKind::Output),
        arg("stage_tw", ArgKind::Table(TableKind::StageTwiddles)),
        arg("radices", ArgKind::Indices(IndexKind::LaneRadices)),
        arg("len", ArgKind::Uint(UintArg::Points)),
        arg("total", ArgKind::Uint(UintArg::Total)),
        arg("scale", ArgKind::Scale),
    ],
    entries: LANES_WHOLE_ABI.entries,
};

/// A lanes pass of a plan of several with the one-level twiddle table.
pub(crate) const LANES_PART_ABI: KernelAbi = KernelAbi {
    args: &[
        arg("x", ArgKind::Input),
        arg("y", ArgKind::Output),
        arg("stage_tw", ArgKind::Table(TableKind::StageTwiddles)),
        arg("pass_tw", ArgKind::Table(TableKind::LanePassTwiddles)),
        arg("p", ArgKind::Uint(UintArg::Stride)),
        arg("t", ArgKind::Uint(UintArg::PerSequence)),
        arg("total", ArgKind::Uint(UintArg::Total)),
        arg("scale", ArgKind::Scale),
    ],
    entries: &LANES_PART_ENTRIES,
};

/// A lanes pass of a plan of several with the two-level twiddle table.
pub(crate) const LANES_HILO_ABI: KernelAbi = KernelAbi {
    args: &LANES_ARGS,
    entries: &LANES_PART_ENTRIES,
};

/// `_p1` for the first pass (stores transposed, no pass twiddles), the other entry for the
/// later ones.
const LANES_PART_ENTRIES: [EntryAbi; 2] = [
    EntryAbi {
        suffix: "_p1",
        position: PassPosition::First,
        geometry: Geometry::Lanes,
    },
    EntryAbi {
        suffix: "",
        position: PassPosition::Later,
        geometry: Geometry::Lanes,
    },
];

/// A permute ([`crate::kernel::PermuteSpec`]): one work-item per value, guarded.
pub(crate) const PERMUTE_ABI: KernelAbi = KernelAbi {
    args: &[
        arg("x", ArgKind::Input),
        arg("y", ArgKind::Output),
        arg("n", ArgKind::Uint(UintArg::Len)),
        arg("inner", ArgKind::Uint(UintArg::Inner)),
        arg("active", ArgKind::Uint(UintArg::Active)),
        arg("scale", ArgKind::Scale),
    ],
    entries: &GUARDED_ENTRIES,
};

/// The arguments every layout pass has after its data: the caller's layout, the values
/// written, the scale.
const LAYOUT_TAIL: [KernelArg; 9] = [
    arg("n0", ArgKind::Uint(UintArg::LayoutDim(0))),
    arg("n1", ArgKind::Uint(UintArg::LayoutDim(1))),
    arg("n2", ArgKind::Uint(UintArg::LayoutDim(2))),
    arg("s0", ArgKind::Uint(UintArg::LayoutStride(0))),
    arg("s1", ArgKind::Uint(UintArg::LayoutStride(1))),
    arg("s2", ArgKind::Uint(UintArg::LayoutStride(2))),
    arg("dist", ArgKind::Uint(UintArg::LayoutDistance)),
    arg("active", ArgKind::Uint(UintArg::Active)),
    arg("scale", ArgKind::Scale),
];

/// `data` followed by [`LAYOUT_TAIL`].
const fn layout_args<const D: usize, const T: usize>(data: [KernelArg; D]) -> [KernelArg; T] {
    concat_args::<D, 9, T>(data, LAYOUT_TAIL)
}

/// A layout pass from interleaved values in the caller's layout to C order.
pub(crate) const LAYOUT_LOAD_ABI: KernelAbi = KernelAbi {
    args: &layout_args::<2, 11>([arg("x", ArgKind::Input), arg("y", ArgKind::Output)]),
    entries: &GUARDED_ENTRIES,
};

/// A layout pass from planar values (two buffers) in the caller's layout to C order.
pub(crate) const LAYOUT_LOAD_PLANAR_ABI: KernelAbi = KernelAbi {
    args: &layout_args::<3, 12>([
        arg("x_re", ArgKind::RealInput),
        arg("x_im", ArgKind::ImagInput),
        arg("y", ArgKind::Output),
    ]),
    entries: &GUARDED_ENTRIES,
};

/// A layout pass from C order to interleaved values in the caller's layout.
pub(crate) const LAYOUT_STORE_ABI: KernelAbi = LAYOUT_LOAD_ABI;

/// A layout pass from C order to planar values in the caller's layout.
pub(crate) const LAYOUT_STORE_PLANAR_ABI: KernelAbi = KernelAbi {
    args: &layout_args::<3, 12>([
        arg("x", ArgKind::Input),
        arg("y_re", ArgKind::RealOutput),
        arg("y_im", ArgKind::ImagOutput),
    ]),
    entries: &GUARDED_ENTRIES,
};

/// A fused pass that multiplies by the filter's spectrum at its store (Bluestein).
pub(crate) const FUSED_FILTER_ABI: KernelAbi = KernelAbi {
    args: &fused_args::<1, 11>([FILTER_ARG]),
    entries: &FUSED_ENTRIES,
};

/// A fused pass that pads and multiplies by the filter (a one-pass forward M-point FFT).
pub(crate) const FUSED_CHIRP_FILTER_ABI: KernelAbi = KernelAbi {
    args: &fused_args::<3, 13>([CHIRP_ARG, FILTER_ARG, N_ARG]),
    entries: &FUSED_ENTRIES,
};

const fn chirp_abi(table: TableKind) -> [KernelArg; 7] {
    [
        arg("x", ArgKind::Input),
        arg("y", ArgKind::Output),
        arg("w", ArgKind::Table(table)),
        arg("n", ArgKind::Uint(UintArg::Len)),
        arg("m", ArgKind::Uint(UintArg::PaddedLen)),
        arg("active", ArgKind::Uint(UintArg::Active)),
        arg("scale", ArgKind::Scale),
    ]
}

const GUARDED_ENTRIES: [EntryAbi; 1] = [EntryAbi {
    suffix: "",
    position: PassPosition::Any,
    geometry: Geometry::Guarded,
}];

const ROW_ENTRIES: [EntryAbi; 1] = [EntryAbi {
    suffix: "",
    position: PassPosition::Any,
    geometry: Geometry::GuardedRows,
}];

const REAL_TABLE_ARGS: [KernelArg; 3] = [
    arg("real_hi", ArgKind::Table(TableKind::RealHi)),
    arg("real_lo", ArgKind::Table(TableKind::RealLo)),
    arg("rh", ArgKind::Uint(UintArg::RealShift)),
];

/// A fused pass with a real transform's split step in its store or merge step in its load:
/// the two-level table of `W_N^k`.
pub(crate) const FUSED_REAL_ABI: KernelAbi = KernelAbi {
    args: &fused_args::<3, 13>(REAL_TABLE_ARGS),
    entries: &FUSED_ENTRIES,
};

/// A fused pass with a real split ([`FusedSpec::pitched`]) writing rows `out_pitch` apart.
pub(crate) const FUSED_SPLIT_PITCHED_ABI: KernelAbi = KernelAbi {
    args: &fused_args::<4, 14>([
        REAL_TABLE_ARGS[0],
        REAL_TABLE_ARGS[1],
        REAL_TABLE_ARGS[2],
        arg("out_pitch", ArgKind::Uint(UintArg::OutPitch)),
    ]),
    entries: &FUSED_ENTRIES,
};

/// A real transform's pack step: reals in, complex out.
pub(crate) const REAL_PACK_ABI: KernelAbi = KernelAbi {
    args: &[
        arg("x", ArgKind::RealInput),
        arg("y", ArgKind::Output),
        arg("n", ArgKind::Uint(UintArg::Len)),
        arg("dist", ArgKind::Uint(UintArg::RealDistance)),
        arg("row", ArgKind::Uint(UintArg::RowItems)),
        arg("scale", ArgKind::Scale),
    ],
    entries: &ROW_ENTRIES,
};

/// A real transform's split or merge step: complex in and out, the `W_N^k` table.
pub(crate) const REAL_SPLIT_ABI: KernelAbi = KernelAbi {
    args: &[
        arg("x", ArgKind::Input),
        arg("y", ArgKind::Output),
        REAL_TABLE_ARGS[0],
        REAL_TABLE_ARGS[1],
        REAL_TABLE_ARGS[2],
        arg("n", ArgKind::Uint(UintArg::Len)),
        arg("row", ArgKind::Uint(UintArg::RowItems)),
        arg("scale", ArgKind::Scale),
    ],
    entries: &ROW_ENTRIES,
};

/// A real transform's unpack step: complex in, reals out.
pub(crate) const REAL_UNPACK_ABI: KernelAbi = KernelAbi {
    args: &[
        arg("x", ArgKind::Input),
        arg("y", ArgKind::RealOutput),
        arg("n", ArgKind::Uint(UintArg::Len)),
        arg("dist", ArgKind::Uint(UintArg::RealDistance)),
        arg("row", ArgKind::Uint(UintArg::RowItems)),
        arg("scale", ArgKind::Scale),
    ],
    entries: &ROW_ENTRIES,
};

/// The global radix pass for any length ([`crate::kernel::Lengths::Any`]): guarded.
pub(crate) const RADIX_ANY_ABI: KernelAbi = KernelAbi {
    args: &[
        arg("x", ArgKind::Input),
        arg("y", ArgKind::Output),
        arg("tw", ArgKind::Table(TableKind::PassTwiddles)),
        arg("p", ArgKind::Uint(UintArg::Stride)),
        arg("t", ArgKind::Uint(UintArg::PerSequence)),
        arg("active", ArgKind::Uint(UintArg::Active)),
        arg("scale", ArgKind::Scale),
    ],
    entries: &GUARDED_ENTRIES,
};

/// Bluestein's pad and unpad steps: they read the chirp.
pub(crate) const CHIRP_ABI: KernelAbi = KernelAbi {
    args: &chirp_abi(TableKind::Chirp),
    entries: &GUARDED_ENTRIES,
};

/// Bluestein's multiply step: it reads the filter's spectrum.
pub(crate) const CHIRP_FILTER_ABI: KernelAbi = KernelAbi {
    args: &chirp_abi(TableKind::ChirpFilter),
    entries: &GUARDED_ENTRIES,
};

/// The arguments of Rader's steps: data, the step's table, the stash, N and the work-items.
const fn rader_args(table: KernelArg) -> [KernelArg; 6] {
    [
        arg("x", ArgKind::Input),
        arg("y", ArgKind::Output),
        table,
        arg("stash", ArgKind::Stash),
        arg("n", ArgKind::Uint(UintArg::Len)),
        arg("active", ArgKind::Uint(UintArg::Active)),
    ]
}

const RADER_POWERS_ARG: KernelArg = arg("powers", ArgKind::Indices(IndexKind::RaderPowers));

/// Rader's gather step: the powers of the primitive root.
pub(crate) const RADER_GATHER_ABI: KernelAbi = KernelAbi {
    args: &rader_args(RADER_POWERS_ARG),
    entries: &GUARDED_ENTRIES,
};

/// Rader's multiply step: the filter's spectrum.
pub(crate) const RADER_MULTIPLY_ABI: KernelAbi = KernelAbi {
    args: &rader_args(arg("filter", ArgKind::Table(TableKind::RaderFilter))),
    entries: &GUARDED_ENTRIES,
};

/// Rader's scatter step: the powers and the plan's scale.
pub(crate) const RADER_SCATTER_ABI: KernelAbi = KernelAbi {
    args: &concat_args::<6, 1, 7>(rader_args(RADER_POWERS_ARG), [arg("scale", ArgKind::Scale)]),
    entries: &GUARDED_ENTRIES,
};

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

impl Geometry {
    /// The launch of `spec`'s entry point with this geometry for a pass with `params`.
    pub fn launch(&self, spec: &KernelSpec, params: &LaunchParams) -> LaunchShape {
        let per_sequence = params.padded / spec.points() as usize;
        let total = per_sequence * params.batch;
        let (global, local) = match (self, spec) {
            (Geometry::PerButterfly, _) => (vec![total], None),
            (Geometry::PerButterflyByBatch, _) => (vec![per_sequence, params.batch], None),
            (Geometry::PerButterflyByStride, _) => {
                (vec![params.stride, total / params.stride.max(1)], None)
            }
            (Geometry::WorkGroups, KernelSpec::Fused(fused)) => {
                let group = fused.work_group_size() as usize;
                (
                    vec![(total * params.inner).div_ceil(fused.columns() as usize) * group],
                    Some(vec![group]),
                )
            }
            (Geometry::GuardedRows, _) => {
                let row = UintArg::RowItems.value(spec, params);
                (
                    vec![
                        row.div_ceil(GUARDED_GROUP).max(1) * GUARDED_GROUP,
                        params.batch,
                    ],
                    Some(vec![GUARDED_GROUP, 1]),
                )
            }
            (Geometry::Guarded, _) => {
                let active = UintArg::Active.value(spec, params);
                (
                    vec![active.div_ceil(GUARDED_GROUP).max(1) * GUARDED_GROUP],
                    Some(vec![GUARDED_GROUP]),
                )
            }
            // A family without work-group shape: one work-group of one work-item per unit.
            (Geometry::WorkGroups, _) => (vec![total], Some(vec![1])),
            // Work-groups of one: PoCL then runs each work-item as a call of its own (with 4
            // per group, 32-point transforms took 7.6 ms instead of 3.5 on the 2-core machine).
            (Geometry::Lanes, KernelSpec::Lanes(lanes)) => {
                let groups = lanes.groups_per_item() as usize;
                (
                    vec![total.div_ceil(LANES as usize).div_ceil(groups)],
                    Some(vec![1]),
                )
            }
            (Geometry::Lanes, _) => (vec![total.div_ceil(LANES as usize)], Some(vec![1])),
        };
        LaunchShape { global, local }
    }
}

impl TableKind {
    /// The table's values, exact in f64 (the runtime rounds each once to the precision).
    pub fn values(&self, spec: &KernelSpec, params: &LaunchParams) -> Vec<Complex64> {
        let direction = spec.direction();
        let span = u64::from(spec.points()) * params.stride as u64;
        // Bluestein's tables follow the user's direction, not the inner FFT's.
        let outer = spec.chirp_direction();
        let one = || vec![Complex64::new(1.0, 0.0)];
        match self {
            TableKind::PassTwiddles if spec.twiddles() == Twiddles::Table => {
                pass_twiddles(spec.points(), params.stride, direction)
            }
            TableKind::PassTwiddles => one(),
            TableKind::StageTwiddles => match spec {
                KernelSpec::Fused(fused) => fused.stage_table(),
                _ => stage_twiddles(spec.points(), direction),
            },
            TableKind::FourStepHi | TableKind::FourStepLo if params.stride <= 1 => one(),
            TableKind::FourStepHi => split_twiddles(span, direction).hi,
            TableKind::FourStepLo => split_twiddles(span, direction).lo,
            TableKind::LaneTwiddles | TableKind::LanePassTwiddles if params.stride <= 1 => one(),
            TableKind::LanePassTwiddles => {
                lane_pass_twiddles(spec.points(), params.stride, direction)
            }
            TableKind::LaneTwiddles => lane_twiddles(spec.points(), params.stride, direction),
            TableKind::Chirp => chirp(params.len, outer),
            TableKind::ChirpFilter => chirp_filter(params.len, params.padded, outer),
            TableKind::RaderFilter => rader_filter(params.len, outer),
            TableKind::RealHi | TableKind::RealLo => match real_len(spec, params) {
                // One pass: the whole table W_N^k, k <= N/2, read directly (h = 0).
                Some(len) if single_level(spec, params) && self == &TableKind::RealHi => (0..=len
                    / 2)
                    .map(|k| unit_root(k as i64, len, Direction::Forward))
                    .collect(),
                Some(_) if single_level(spec, params) => one(),
                Some(len) if self == &TableKind::RealHi => {
                    split_twiddles(len, Direction::Forward).hi
                }
                Some(len) => split_twiddles(len, Direction::Forward).lo,
                None => one(),
            },
        }
    }
}

/// The real length N whose twiddles `W_N^k` a real step reads, if it reads any: the point-wise
/// split and merge of an even N (`len` = N), a fused pass with a real edge (N = 2 * its
/// sequences' length).
/// [`TableKind::LaneTwiddles`] of a pass of `len` points at stride `stride`.
fn lane_twiddles(len: u32, stride: usize, direction: Direction) -> Vec<Complex64> {
    let span = len as usize * stride;
    (0..len as usize)
        .flat_map(|m| {
            (0..LANES as usize).map(move |l| unit_root((l * m) as i64, span as u64, direction))
        })
        .collect()
}

/// [`TableKind::LanePassTwiddles`] of a pass of `len` points at stride `stride`.
fn lane_pass_twiddles(len: u32, stride: usize, direction: Direction) -> Vec<Complex64> {
    let (len, lanes) = (len as usize, LANES as usize);
    let span = (len * stride) as u64;
    let mut table = Vec::with_capacity(len * stride);
    for k in (0..stride).step_by(lanes) {
        for m in 0..len {
            table.extend((k..k + lanes).map(|lane| unit_root((lane * m) as i64, span, direction)));
        }
    }
    table
}

fn real_len(spec: &KernelSpec, params: &LaunchParams) -> Option<u64> {
    match spec {
        KernelSpec::Real(real) if real.has_twiddles() => Some(params.len as u64),
        KernelSpec::Fused(FusedSpec { real: Some(_), .. }) => Some(2 * params.padded as u64),
        _ => None,
    }
}

/// Whether a fused pass with a real edge is a whole transform (one pass: `t = p = 1`): its
/// real twiddle table is then one level, `W_N^k` for `k <= N/2`, read as `real_hi[k]`.
fn single_level(spec: &KernelSpec, params: &LaunchParams) -> bool {
    matches!(spec, KernelSpec::Fused(FusedSpec { real: Some(_), .. }))
        && params.padded == spec.points() as usize
}

/// The caller's layout a layout pass moves: the output's for a store, else the input's.
fn side<'a>(spec: &KernelSpec, params: &'a LaunchParams) -> &'a IoLayout {
    match spec {
        KernelSpec::Layout(layout) if layout.step == super::layout::LayoutStep::Store => {
            &params.io_out
        }
        _ => &params.io,
    }
}

impl UintArg {
    /// The argument's value for `spec` in a pass with `params`.
    pub fn value(&self, spec: &KernelSpec, params: &LaunchParams) -> usize {
        let per_sequence = params.padded / spec.points() as usize;
        match self {
            UintArg::Stride => params.stride,
            UintArg::PerSequence => per_sequence,
            UintArg::Total => per_sequence * params.batch,
            UintArg::FourStepShift if params.stride <= 1 => 0,
            UintArg::FourStepShift => {
                split_exponent(u64::from(spec.points()) * params.stride as u64) as usize
            }
            UintArg::Len => params.len,
            UintArg::Points => spec.points() as usize,
            UintArg::PaddedLen => params.padded,
            UintArg::Active => match spec {
                KernelSpec::Chirp(chirp) if chirp.step == ChirpStep::Unpad => {
                    params.len * params.batch
                }
                KernelSpec::Chirp(_) | KernelSpec::Rader(_) => params.padded * params.batch,
                KernelSpec::Real(_) => UintArg::RowItems.value(spec, params) * params.batch,
                KernelSpec::Permute(_) => params.len * params.batch * params.inner,
                KernelSpec::Layout(_) => params.len * params.batch,
                _ => per_sequence * params.batch,
            },
            UintArg::RealShift => {
                real_len(spec, params).map_or(0, |len| split_exponent(len) as usize)
            }
            UintArg::RealDistance => params.real_dist,
            UintArg::Inner => params.inner,
            UintArg::LayoutDim(d) => side(spec, params).dims[usize::from(*d)],
            UintArg::LayoutStride(d) => side(spec, params).strides[usize::from(*d)],
            UintArg::LayoutDistance => side(spec, params).distance,
            UintArg::InStride => params.io.strides[2],
            UintArg::InDistance => params.io.distance,
            UintArg::OutStride => params.io_out.strides[2],
            UintArg::OutDistance => params.io_out.distance,
            UintArg::RowWidth => params.pitch.width,
            UintArg::InPitch => params.pitch.input,
            UintArg::OutPitch => params.pitch.output,
            UintArg::RowItems => match spec {
                KernelSpec::Real(real) if real.step == RealStep::Split => {
                    real.row_items(params.len, half_spectrum_len(params.len))
                }
                KernelSpec::Real(real) => real.row_items(params.len, params.padded),
                _ => params.padded,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::{FusedSpec, RadixSpec};

    #[test]
    fn radix_pass_geometry_and_arguments() {
        let spec = KernelSpec::Radix(RadixSpec::new(16));
        let params = LaunchParams::stockham(4096, 3, 16);
        let abi = spec.abi();
        let entry = abi.entries[abi.entry_for(16).unwrap()];
        assert_eq!(
            entry.geometry.launch(&spec, &params),
            LaunchShape {
                global: vec![256 * 3],
                local: None
            }
        );
        assert_eq!(UintArg::PerSequence.value(&spec, &params), 256);
        assert_eq!(
            TableKind::PassTwiddles.values(&spec, &params).len(),
            15 * 16
        );
    }

    #[test]
    fn scalar_form_has_a_first_pass_entry() {
        let spec = KernelSpec::Radix(RadixSpec {
            form: crate::kernel::Form::Scalar,
            ..RadixSpec::new(4)
        });
        let abi = spec.abi();
        assert_eq!(abi.entries[abi.entry_for(1).unwrap()].suffix, "_p1");
        assert_eq!(abi.entries[abi.entry_for(4).unwrap()].suffix, "");
        let first = LaunchParams::stockham(64, 2, 1);
        let later = LaunchParams { stride: 4, ..first };
        assert_eq!(
            Geometry::PerButterflyByBatch.launch(&spec, &first).global,
            [16, 2]
        );
        assert_eq!(
            Geometry::PerButterflyByStride.launch(&spec, &later).global,
            [4, 8]
        );
    }

    #[test]
    fn fused_pass_launches_whole_work_groups() {
        let spec = KernelSpec::Fused(FusedSpec::new(256));
        let params = LaunchParams::stockham(1 << 16, 1, 256);
        let shape = Geometry::WorkGroups.launch(&spec, &params);
        // 256 sub-FFTs, 16 per work-group of 256 work-items.
        assert_eq!(shape.global, [16 * 256]);
        assert_eq!(shape.local, Some(vec![256]));
        assert_eq!(UintArg::FourStepShift.value(&spec, &params), 8);
        assert_eq!(TableKind::FourStepLo.values(&spec, &params).len(), 256);
        assert_eq!(TableKind::FourStepHi.values(&spec, &params).len(), 256);
        let first = LaunchParams::stockham(params.len, params.batch, 1);
        assert_eq!(UintArg::FourStepShift.value(&spec, &first), 0);
        assert_eq!(TableKind::FourStepHi.values(&spec, &first).len(), 1);
    }
}
