//! The ABI of every kernel family, as data: each family's arguments in signature order and
//! its entry points ([`KernelAbi`]), built from shared argument lists.

use super::{
    ArgKind, EntryAbi, Geometry, IndexKind, KernelAbi, KernelArg, PassPosition, TableKind, UintArg,
};
use crate::kernel::fused::Storage;

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

/// A fused pass over rows in pairs ([`FusedSpec::pair_rows`]): the table of `W_2M^n`,
/// `n < M`, and `M`.
pub(crate) const FUSED_PAIR_ROWS_ABI: KernelAbi = KernelAbi {
    args: &fused_args::<2, 12>([
        arg("pair_tw", ArgKind::Table(TableKind::PairTwiddles)),
        arg("pair_m", ArgKind::Uint(UintArg::PairRows)),
    ]),
    entries: &FUSED_ENTRIES,
};

/// An interleaved fused pass ([`FusedSpec::interleaved`]): the fused arguments and `inner`.
pub(crate) const FUSED_INTERLEAVED_ABI: KernelAbi = KernelAbi {
    args: &fused_args::<1, 11>([arg("inner", ArgKind::Uint(UintArg::Inner))]),
    entries: &FUSED_ENTRIES,
};

/// An interleaved pass reading or writing the caller's layout ([`FusedSpec::load`],
/// [`FusedSpec::store`]): `x` (or `x_re`, `x_im`), `y` (or `y_re`, `y_im`), the fused tables
/// and scalars, `in_stride`, `in_dist` and `out_stride`, `out_dist` for the edges present,
/// then `inner`.
pub(crate) const fn fused_interleaved_io_abi(
    load: Option<Storage>,
    store: Option<Storage>,
) -> &'static KernelAbi {
    const INNER: [KernelArg; 1] = [arg("inner", ArgKind::Uint(UintArg::Inner))];
    const fn abi(args: &'static [KernelArg]) -> KernelAbi {
        KernelAbi {
            args,
            entries: &FUSED_ENTRIES,
        }
    }
    const IN_I: KernelAbi = abi(&concat_args::<12, 1, 13>(fused_io::<12>(I, None), INNER));
    const IN_P: KernelAbi = abi(&concat_args::<13, 1, 14>(fused_io::<13>(P, None), INNER));
    const OUT_I: KernelAbi = abi(&concat_args::<12, 1, 13>(fused_io::<12>(None, I), INNER));
    const OUT_P: KernelAbi = abi(&concat_args::<13, 1, 14>(fused_io::<13>(None, P), INNER));
    const II: KernelAbi = abi(&concat_args::<14, 1, 15>(fused_io::<14>(I, I), INNER));
    const IP: KernelAbi = abi(&concat_args::<15, 1, 16>(fused_io::<15>(I, P), INNER));
    const PI: KernelAbi = abi(&concat_args::<15, 1, 16>(fused_io::<15>(P, I), INNER));
    const PP: KernelAbi = abi(&concat_args::<16, 1, 17>(fused_io::<16>(P, P), INNER));
    const TABLE: [&KernelAbi; 9] = [
        &FUSED_INTERLEAVED_ABI,
        &OUT_I,
        &OUT_P,
        &IN_I,
        &II,
        &IP,
        &IN_P,
        &PI,
        &PP,
    ];
    TABLE[io_combination(load, store)]
}

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
    const TABLE: [&KernelAbi; 9] = [&FUSED_ABI, &OUT_I, &OUT_P, &IN_I, &II, &IP, &IN_P, &PI, &PP];
    TABLE[io_combination(load, store)]
}

/// The index of a load and a store edge in the tables of [`fused_io_abi`] and
/// [`fused_interleaved_io_abi`]: `3 * load + store`, each none (0), interleaved (1) or
/// planar (2).
const fn io_combination(load: Option<Storage>, store: Option<Storage>) -> usize {
    const fn side(edge: Option<Storage>) -> usize {
        match edge {
            None => 0,
            Some(Storage::Interleaved) => 1,
            Some(Storage::Planar) => 2,
        }
    }
    3 * side(load) + side(store)
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

const REAL_TW_ARG: KernelArg = arg("real_tw", ArgKind::Table(TableKind::RealHi));

/// A whole-transform lanes pass with a real step ([`crate::kernel::LanesSpec::real`]): the
/// whole form's arguments and the one-level table of `W_N^k`, `k <= N/2`.
pub(crate) const LANES_WHOLE_REAL_ABI: KernelAbi = KernelAbi {
    args: &[
        arg("x", ArgKind::Input),
        arg("y", ArgKind::Output),
        arg("stage_tw", ArgKind::Table(TableKind::StageTwiddles)),
        REAL_TW_ARG,
        arg("total", ArgKind::Uint(UintArg::Total)),
        arg("scale", ArgKind::Scale),
    ],
    entries: LANES_WHOLE_ABI.entries,
};

/// [`LANES_ANY_ABI`] with a real step: the table of `W_N^k` after the stage table.
pub(crate) const LANES_ANY_REAL_ABI: KernelAbi = KernelAbi {
    args: &[
        arg("x", ArgKind::Input),
        arg("y", ArgKind::Output),
        arg("stage_tw", ArgKind::Table(TableKind::StageTwiddles)),
        REAL_TW_ARG,
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

/// A last lanes pass of several with the real split in its store
/// ([`crate::kernel::LanesSpec::real`]; one-level pass twiddles only): the two-level table of
/// `W_N^n`.
pub(crate) const LANES_PART_SPLIT_ABI: KernelAbi = KernelAbi {
    args: &[
        arg("x", ArgKind::Input),
        arg("y", ArgKind::Output),
        arg("stage_tw", ArgKind::Table(TableKind::StageTwiddles)),
        arg("pass_tw", ArgKind::Table(TableKind::LanePassTwiddles)),
        arg("p", ArgKind::Uint(UintArg::Stride)),
        arg("t", ArgKind::Uint(UintArg::PerSequence)),
        arg("total", ArgKind::Uint(UintArg::Total)),
        REAL_TABLE_ARGS[0],
        REAL_TABLE_ARGS[1],
        REAL_TABLE_ARGS[2],
        arg("scale", ArgKind::Scale),
    ],
    entries: &LANES_LAST_ENTRY,
};

/// The one entry of a pass that is only ever a later pass (the split in the last).
const LANES_LAST_ENTRY: [EntryAbi; 1] = [LANES_PART_ENTRIES[1]];

/// A first lanes pass of several with the real merge in its load
/// ([`crate::kernel::LanesSpec::real`]): no pass twiddles; the two-level table of `W_N^n`.
pub(crate) const LANES_PART_MERGE_ABI: KernelAbi = KernelAbi {
    args: &[
        arg("x", ArgKind::Input),
        arg("y", ArgKind::Output),
        arg("stage_tw", ArgKind::Table(TableKind::StageTwiddles)),
        arg("t", ArgKind::Uint(UintArg::PerSequence)),
        arg("total", ArgKind::Uint(UintArg::Total)),
        REAL_TABLE_ARGS[0],
        REAL_TABLE_ARGS[1],
        REAL_TABLE_ARGS[2],
        arg("scale", ArgKind::Scale),
    ],
    entries: &LANES_FIRST_ENTRY,
};

/// The one entry of a pass that is only ever the first (the merge in the first).
const LANES_FIRST_ENTRY: [EntryAbi; 1] = [LANES_PART_ENTRIES[0]];

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

/// A layout pass of reals, either way: the caller's layout of a real transform's real side
/// into C order (load), or back (store).
pub(crate) const LAYOUT_REALS_ABI: KernelAbi = KernelAbi {
    args: &layout_args::<2, 11>([arg("x", ArgKind::RealInput), arg("y", ArgKind::RealOutput)]),
    entries: &GUARDED_ENTRIES,
};

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

/// A fused pass with a real split in its store reading the caller's rows of reals as
/// interleaved pairs in its load ([`FusedSpec::real_with_layout`]).
pub(crate) const FUSED_SPLIT_IN_ABI: KernelAbi = KernelAbi {
    args: &concat_args::<12, 3, 15>(fused_io::<12>(I, None), REAL_TABLE_ARGS),
    entries: &FUSED_ENTRIES,
};

/// A fused pass with a real merge in its load writing the caller's rows of reals as
/// interleaved pairs in its store ([`FusedSpec::real_with_layout`]).
pub(crate) const FUSED_MERGE_OUT_ABI: KernelAbi = KernelAbi {
    args: &concat_args::<12, 3, 15>(fused_io::<12>(None, I), REAL_TABLE_ARGS),
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
