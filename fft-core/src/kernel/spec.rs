//! [`KernelSpec`]: one enum over every kernel family, and the options of each family.

use super::abi::{
    fused_interleaved_io_abi, fused_io_abi, KernelAbi, CHIRP_ABI, CHIRP_FILTER_ABI, FUSED_ABI,
    FUSED_CHIRP_ABI, FUSED_CHIRP_FILTER_ABI, FUSED_FILTER_ABI, FUSED_INTERLEAVED_ABI,
    FUSED_MERGE_OUT_ABI, FUSED_PAIR_ROWS_ABI, FUSED_PITCHED_ABI, FUSED_REAL_ABI,
    FUSED_SPLIT_IN_ABI, FUSED_SPLIT_PITCHED_ABI, LANES_ANY_ABI, LANES_ANY_REAL_ABI, LANES_HILO_ABI,
    LANES_PART_ABI, LANES_PART_MERGE_ABI, LANES_PART_SPLIT_ABI, LANES_WHOLE_ABI,
    LANES_WHOLE_REAL_ABI, LAYOUT_LOAD_ABI, LAYOUT_LOAD_PLANAR_ABI, LAYOUT_REALS_ABI,
    LAYOUT_STORE_ABI, LAYOUT_STORE_PLANAR_ABI, PERMUTE_ABI, RADER_GATHER_ABI, RADER_MULTIPLY_ABI,
    RADER_SCATTER_ABI, RADIX_ANY_ABI, RADIX_HILO_ABI, RADIX_SCALAR_ABI, RADIX_VECTOR_ABI,
    REAL_PACK_ABI, REAL_SPLIT_ABI, REAL_UNPACK_ABI,
};
use super::chirp::{ChirpSpec, ChirpStep};
use super::fused::{ChirpStore, FusedChirp, FusedSpec};
use super::lanes::{LanesLenError, LanesShape, LanesSpec};
use super::layout::{LayoutSpec, LayoutStep, LayoutValues};
use super::permute::PermuteSpec;
use super::rader::{RaderSpec, RaderStep};
use super::real::{FusedReal, RealSpec, RealStep};
use crate::{Direction, Precision};
use std::fmt;

/// The radices of the generated butterflies, the one list of the workspace: the global radix
/// passes come in these sizes, the fused passes' stages use them, `radix_kernel!` accepts them.
pub const RADICES: [u32; 6] = [2, 4, 8, 16, 32, 64];

/// The largest butterfly the generator emits, for every radix (DESIGN.md section 4.3):
/// besides [`RADICES`], every number from 3 to this whose prime factors are at most 13
/// (3, 5, 6, 7, 9, 10, ..., 56, 60, 63) is a mixed radix: symmetric-pair butterflies for the
/// primes, composed by the same decimation in frequency as 2^k. Passes of these radices
/// serve any 13-smooth length ([`Lengths::Any`]).
pub const MAX_RADIX: u32 = 64;

/// The largest prime factor of a mixed radix.
pub const LARGEST_PRIME_RADIX: u32 = 13;

/// [`RADICES`] for messages: "2, 4, 8, 16, 32 or 64".
pub fn power_of_two_radix_list() -> String {
    let names: Vec<String> = RADICES.iter().map(u32::to_string).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

/// Whether the generator emits a butterfly of `radix`: one of [`RADICES`], or a number from
/// 3 to [`MAX_RADIX`] whose prime factors are at most [`LARGEST_PRIME_RADIX`].
pub fn is_supported_radix(radix: u32) -> bool {
    if RADICES.contains(&radix) {
        return true;
    }
    if !(3..=MAX_RADIX).contains(&radix) {
        return false;
    }
    let mut rest = radix;
    for p in [2, 3, 5, 7, 11, 13] {
        while rest % p == 0 {
            rest /= p;
        }
    }
    rest == 1
}

/// Every supported radix, ascending.
pub fn all_radices() -> Vec<u32> {
    (2..=MAX_RADIX).filter(|&r| is_supported_radix(r)).collect()
}

/// The supported radices for messages: "2, 4, 8, 16, 32 or 64, or a mixed radix: a number
/// from 3 to 64 whose prime factors are at most 13".
pub fn radix_list() -> String {
    let powers = power_of_two_radix_list();
    format!(
        "{powers}, or a mixed radix: a number from 3 to {MAX_RADIX} whose prime factors are at most {LARGEST_PRIME_RADIX}"
    )
}

/// How a global radix pass gets the twiddles `W_{R*p}^{k*m}` it multiplies its inputs by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Twiddles {
    /// Read from a table computed in f64 on the host and rounded once (the default, the
    /// most accurate).
    #[default]
    Table,
    /// `sincos` of the angle for every input of the butterfly (accurate built-ins).
    Sincos,
    /// `native_sin`/`native_cos` for every input (fast hardware approximations).
    Native,
    /// One `sincos` per work-item; the other twiddles by repeated multiplication, as in the
    /// classic OpenCL FFT kernels' variant B.
    Chained,
}

impl Twiddles {
    /// Every variant, in catalog order.
    pub const ALL: [Twiddles; 4] = [
        Twiddles::Table,
        Twiddles::Sincos,
        Twiddles::Native,
        Twiddles::Chained,
    ];

    /// Lower-case name, as used in kernel names (not for [`Twiddles::Table`]), macro
    /// arguments and CLI flags.
    pub fn name(self) -> &'static str {
        match self {
            Twiddles::Table => "table",
            Twiddles::Sincos => "sincos",
            Twiddles::Native => "native",
            Twiddles::Chained => "chained",
        }
    }

    /// Parses [`Twiddles::name`] back.
    pub fn from_name(name: &str) -> Option<Twiddles> {
        Twiddles::ALL.into_iter().find(|t| t.name() == name)
    }
}

impl fmt::Display for Twiddles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a global radix pass writes complex values: a lowering option of one pass, not a
/// family of its own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Form {
    /// `float2`/`double2` data and values, launched 1-D (the GPU form).
    #[default]
    Vector,
    /// Interleaved `float`/`double` pairs, every complex value two scalars, launched 2-D with
    /// a second entry point for the first pass: PoCL's work-item loop vectorizer refuses
    /// `float2` code and vectorizes this form across work-items (the CPU form). Table
    /// twiddles only.
    Scalar,
}

impl Form {
    /// Lower-case name: `vector` or `scalar`.
    pub fn name(self) -> &'static str {
        match self {
            Form::Vector => "vector",
            Form::Scalar => "scalar",
        }
    }
}

/// Which transform lengths a global radix pass serves: its index arithmetic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lengths {
    /// Powers of two: the per-sequence count `t` and the stride `p` are powers of two, so the
    /// kernel indexes with masks (`g & (t - 1)`). Power-of-two radices only.
    #[default]
    PowerOfTwo,
    /// Any length (mixed radix): the kernel indexes with division (`g % t`). The only
    /// lengths an odd radix serves.
    Any,
}

/// How a global radix pass with table twiddles holds them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PassTable {
    /// One table of `(R - 1) * p` values, `tw[(m - 1) * p + k] = W_{R*p}^(k*m)`.
    #[default]
    OneLevel,
    /// Two levels, as the fused passes' (`W_{R*p}^s = hi[s >> h] * lo[s & (2^h - 1)]`): about
    /// `2 * sqrt(R * p)` values instead of `(R - 1) * p`, so a pass at stride 2^24 needs two
    /// tables of 2^13 values, not 50 million (which took seconds to compute). Vector form,
    /// powers of two, table twiddles only.
    TwoLevel,
}

/// A global radix pass (DESIGN.md section 4.1): one work-item per radix-R butterfly,
/// Stockham indexing, twiddles `W_{R*p}^{k*m}`, bit-reversed stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RadixSpec {
    /// Butterfly size: one of [`RADICES`].
    pub radix: u32,
    /// Sign of the exponent.
    pub direction: Direction,
    /// Data precision.
    pub precision: Precision,
    /// Where the pass twiddles come from.
    pub twiddles: Twiddles,
    /// Vector or scalar code ([`Form::Scalar`] needs [`Twiddles::Table`]).
    pub form: Form,
    /// The lengths the pass serves ([`Lengths::Any`] for odd radices).
    pub lengths: Lengths,
    /// How its table twiddles are held ([`PassTable::TwoLevel`] for long strides).
    pub table: PassTable,
}

impl RadixSpec {
    /// A forward, f32, table-twiddle, vector-form pass of `radix`, for powers of two when
    /// `radix` is one, else for any length.
    pub const fn new(radix: u32) -> RadixSpec {
        RadixSpec {
            radix,
            direction: Direction::Forward,
            precision: Precision::F32,
            twiddles: Twiddles::Table,
            form: Form::Vector,
            lengths: if radix.is_power_of_two() {
                Lengths::PowerOfTwo
            } else {
                Lengths::Any
            },
            table: PassTable::OneLevel,
        }
    }

    /// This pass reading a two-level twiddle table ([`PassTable::TwoLevel`]), where that
    /// kernel exists (vector form, powers of two, table twiddles); `None` elsewhere.
    pub fn two_level(self) -> Option<RadixSpec> {
        let two_level = RadixSpec {
            table: PassTable::TwoLevel,
            ..self
        };
        KernelSpec::Radix(two_level)
            .check()
            .is_ok()
            .then_some(two_level)
    }

    /// The kernel's name: `fft_radix16_fwd_f32`, with `_sincos`, `_native` or `_chained`
    /// for the on-the-fly twiddle variants, `_scalar` for the scalar form and `_mixed` for a
    /// power-of-two radix serving any length (odd radices always do, without the suffix),
    /// `_hilo` for a two-level table ([`PassTable::TwoLevel`]).
    pub fn name(&self) -> String {
        let base = format!(
            "fft_radix{}_{}_{}",
            self.radix,
            self.direction.tag(),
            self.precision.tag()
        );
        if self.lengths == Lengths::Any && self.radix.is_power_of_two() {
            return format!("{base}_mixed");
        }
        if self.table == PassTable::TwoLevel {
            return format!("{base}_hilo");
        }
        match (self.form, self.twiddles) {
            (Form::Scalar, _) => format!("{base}_scalar"),
            (Form::Vector, Twiddles::Table) => base,
            (Form::Vector, other) => format!("{base}_{}", other.name()),
        }
    }
}

/// What a kernel is asked to be: one variant per kernel family.
///
/// A new family is a new variant (with its ABI in [`KernelSpec::abi`]), a file in
/// `fft-codegen/src/family/` and a planner rule: nothing in the runtime's launch path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum KernelSpec {
    /// A global radix pass.
    Radix(RadixSpec),
    /// A fused local-memory pass: whole sub-FFTs per work-group.
    Fused(FusedSpec),
    /// A point-wise step of Bluestein's algorithm.
    Chirp(ChirpSpec),
    /// A point-wise step of Rader's algorithm.
    Rader(RaderSpec),
    /// A point-wise step of a real transform.
    Real(RealSpec),
    /// A point-wise permute of a multi-dimensional transform's axis.
    Permute(PermuteSpec),
    /// A point-wise pass between the caller's layout and C order.
    Layout(LayoutSpec),
    /// A Stockham pass for CPU devices, eight sub-FFTs in the SIMD lanes of one work-item.
    Lanes(LanesSpec),
}

impl KernelSpec {
    /// The kernel's contract with the runtime: its arguments, entry points and launch
    /// geometry. `const`, so `radix_kernel!` can put it in a `const` item.
    pub const fn abi(&self) -> &'static KernelAbi {
        match self {
            KernelSpec::Radix(RadixSpec {
                lengths: Lengths::Any,
                ..
            }) => &RADIX_ANY_ABI,
            KernelSpec::Radix(RadixSpec {
                table: PassTable::TwoLevel,
                ..
            }) => &RADIX_HILO_ABI,
            KernelSpec::Radix(RadixSpec {
                form: Form::Vector, ..
            }) => &RADIX_VECTOR_ABI,
            KernelSpec::Radix(RadixSpec {
                form: Form::Scalar, ..
            }) => &RADIX_SCALAR_ABI,
            KernelSpec::Fused(FusedSpec {
                chirp: None,
                real: Some(FusedReal::Split),
                pitched: true,
                ..
            }) => &FUSED_SPLIT_PITCHED_ABI,
            KernelSpec::Fused(fused) if fused.real_with_layout() => match fused.real {
                Some(FusedReal::Split) => &FUSED_SPLIT_IN_ABI,
                _ => &FUSED_MERGE_OUT_ABI,
            },
            KernelSpec::Fused(FusedSpec {
                chirp: None,
                real: Some(_),
                ..
            }) => &FUSED_REAL_ABI,
            KernelSpec::Fused(FusedSpec { pitched: true, .. }) => &FUSED_PITCHED_ABI,
            KernelSpec::Fused(FusedSpec {
                pair_rows: true, ..
            }) => &FUSED_PAIR_ROWS_ABI,
            KernelSpec::Fused(FusedSpec {
                interleaved: true,
                load,
                store,
                ..
            }) if load.is_some() || store.is_some() => fused_interleaved_io_abi(*load, *store),
            KernelSpec::Fused(FusedSpec {
                interleaved: true, ..
            }) => &FUSED_INTERLEAVED_ABI,
            KernelSpec::Fused(FusedSpec {
                chirp: None,
                load: Some(load),
                store,
                ..
            }) => fused_io_abi(Some(*load), *store),
            KernelSpec::Fused(FusedSpec {
                chirp: None,
                load: None,
                store: Some(store),
                ..
            }) => fused_io_abi(None, Some(*store)),
            KernelSpec::Fused(FusedSpec { chirp: None, .. }) => &FUSED_ABI,
            KernelSpec::Fused(FusedSpec {
                chirp:
                    Some(FusedChirp {
                        pad: true,
                        store: ChirpStore::Filter | ChirpStore::Convolve,
                        ..
                    }),
                ..
            }) => &FUSED_CHIRP_FILTER_ABI,
            KernelSpec::Fused(FusedSpec {
                chirp:
                    Some(FusedChirp {
                        pad: false,
                        store: ChirpStore::Filter,
                        ..
                    }),
                ..
            }) => &FUSED_FILTER_ABI,
            KernelSpec::Fused(FusedSpec { chirp: Some(_), .. }) => &FUSED_CHIRP_ABI,
            KernelSpec::Chirp(ChirpSpec {
                step: ChirpStep::Multiply,
                ..
            }) => &CHIRP_FILTER_ABI,
            KernelSpec::Chirp(_) => &CHIRP_ABI,
            KernelSpec::Rader(RaderSpec {
                step: RaderStep::PowerGather,
                ..
            }) => &RADER_GATHER_ABI,
            KernelSpec::Rader(RaderSpec {
                step: RaderStep::FilterMultiply,
                ..
            }) => &RADER_MULTIPLY_ABI,
            KernelSpec::Rader(_) => &RADER_SCATTER_ABI,
            KernelSpec::Real(RealSpec {
                step: RealStep::Pack,
                ..
            }) => &REAL_PACK_ABI,
            KernelSpec::Real(RealSpec {
                step: RealStep::Unpack,
                ..
            }) => &REAL_UNPACK_ABI,
            KernelSpec::Real(_) => &REAL_SPLIT_ABI,
            KernelSpec::Permute(_) => &PERMUTE_ABI,
            KernelSpec::Layout(layout) => match (layout.step, layout.values) {
                (_, LayoutValues::Reals) => &LAYOUT_REALS_ABI,
                (LayoutStep::Load, LayoutValues::Interleaved) => &LAYOUT_LOAD_ABI,
                (LayoutStep::Load, LayoutValues::Planar) => &LAYOUT_LOAD_PLANAR_ABI,
                (LayoutStep::Store, LayoutValues::Interleaved) => &LAYOUT_STORE_ABI,
                (LayoutStep::Store, LayoutValues::Planar) => &LAYOUT_STORE_PLANAR_ABI,
            },
            KernelSpec::Lanes(lanes) if lanes.runtime_len() && lanes.real.is_some() => {
                &LANES_ANY_REAL_ABI
            }
            KernelSpec::Lanes(lanes) if lanes.runtime_len() => &LANES_ANY_ABI,
            KernelSpec::Lanes(LanesSpec {
                shape: LanesShape::Whole,
                real: Some(_),
                ..
            }) => &LANES_WHOLE_REAL_ABI,
            KernelSpec::Lanes(LanesSpec {
                shape: LanesShape::Whole,
                ..
            }) => &LANES_WHOLE_ABI,
            KernelSpec::Lanes(LanesSpec {
                real: Some(FusedReal::Merge),
                ..
            }) => &LANES_PART_MERGE_ABI,
            KernelSpec::Lanes(LanesSpec { real: Some(_), .. }) => &LANES_PART_SPLIT_ABI,
            KernelSpec::Lanes(LanesSpec {
                table: PassTable::TwoLevel,
                ..
            }) => &LANES_HILO_ABI,
            KernelSpec::Lanes(_) => &LANES_PART_ABI,
        }
    }

    /// The program's name: its first entry point, and the stem of its file in `kernels/`.
    pub fn name(&self) -> String {
        match self {
            KernelSpec::Radix(spec) => spec.name(),
            KernelSpec::Fused(spec) => spec.name(),
            KernelSpec::Chirp(spec) => spec.name(),
            KernelSpec::Rader(spec) => spec.name(),
            KernelSpec::Real(spec) => spec.name(),
            KernelSpec::Permute(spec) => spec.name(),
            KernelSpec::Layout(spec) => spec.name(),
            KernelSpec::Lanes(spec) => spec.name(),
        }
    }

    /// Every entry point of the program, in ABI order.
    pub fn entry_points(&self) -> Vec<String> {
        let name = self.name();
        self.abi()
            .entries
            .iter()
            .map(|e| format!("{name}{}", e.suffix))
            .collect()
    }

    /// The file the kernel is written to in `kernels/`: `<name>.cl`.
    pub fn file_name(&self) -> String {
        format!("{}.cl", self.name())
    }

    /// The direction of the user's transform a Bluestein step serves (its chirp's sign): a
    /// chirp pass's direction, a fused Bluestein pass's outer one; else [`KernelSpec::direction`].
    pub fn chirp_direction(&self) -> Direction {
        match self {
            KernelSpec::Fused(FusedSpec {
                chirp: Some(chirp), ..
            }) => chirp.outer,
            _ => self.direction(),
        }
    }

    /// Sign of the exponent.
    pub fn direction(&self) -> Direction {
        match self {
            KernelSpec::Radix(spec) => spec.direction,
            KernelSpec::Fused(spec) => spec.direction,
            KernelSpec::Chirp(spec) => spec.direction,
            KernelSpec::Rader(spec) => spec.direction,
            KernelSpec::Real(spec) => match spec.step {
                RealStep::Pack | RealStep::Split => Direction::Forward,
                RealStep::Merge | RealStep::Unpack => Direction::Inverse,
            },
            KernelSpec::Lanes(spec) => spec.direction,
            KernelSpec::Permute(_) | KernelSpec::Layout(_) => Direction::Forward,
        }
    }

    /// Data precision.
    pub fn precision(&self) -> Precision {
        match self {
            KernelSpec::Radix(spec) => spec.precision,
            KernelSpec::Fused(spec) => spec.precision,
            KernelSpec::Chirp(spec) => spec.precision,
            KernelSpec::Rader(spec) => spec.precision,
            KernelSpec::Real(spec) => spec.precision,
            KernelSpec::Permute(spec) => spec.precision,
            KernelSpec::Layout(spec) => spec.precision,
            KernelSpec::Lanes(spec) => spec.precision,
        }
    }

    /// Points one butterfly (radix pass) or sub-FFT (fused pass) combines: the radix of the
    /// Stockham pass the kernel computes (1 for the point-wise chirp passes).
    pub fn points(&self) -> u32 {
        match self {
            KernelSpec::Radix(spec) => spec.radix,
            KernelSpec::Fused(spec) => spec.len,
            KernelSpec::Lanes(spec) => spec.len,
            KernelSpec::Chirp(_)
            | KernelSpec::Rader(_)
            | KernelSpec::Real(_)
            | KernelSpec::Permute(_)
            | KernelSpec::Layout(_) => 1,
        }
    }

    /// Whether the kernel computes its pass twiddles from a host table (always, but for the
    /// on-the-fly variants of the radix pass).
    pub fn twiddles(&self) -> Twiddles {
        match self {
            KernelSpec::Radix(spec) => spec.twiddles,
            KernelSpec::Fused(_)
            | KernelSpec::Lanes(_)
            | KernelSpec::Chirp(_)
            | KernelSpec::Rader(_)
            | KernelSpec::Real(_)
            | KernelSpec::Permute(_)
            | KernelSpec::Layout(_) => Twiddles::Table,
        }
    }

    /// `Ok` when the generator can emit this spec; else why not.
    pub fn check(&self) -> Result<(), SpecError> {
        match self {
            KernelSpec::Radix(spec) if !is_supported_radix(spec.radix) => {
                Err(SpecError::UnsupportedRadix(spec.radix))
            }
            KernelSpec::Radix(spec)
                if spec.lengths == Lengths::PowerOfTwo && !spec.radix.is_power_of_two() =>
            {
                Err(SpecError::OddRadixNeedsAnyLength(spec.radix))
            }
            KernelSpec::Radix(spec)
                if spec.lengths == Lengths::Any
                    && (spec.form == Form::Scalar || spec.twiddles != Twiddles::Table) =>
            {
                Err(SpecError::MixedNeedsVectorTable(spec.radix))
            }
            KernelSpec::Radix(spec)
                if spec.form == Form::Scalar && spec.twiddles != Twiddles::Table =>
            {
                Err(SpecError::ScalarNeedsTable(spec.twiddles))
            }
            KernelSpec::Radix(spec)
                if spec.table == PassTable::TwoLevel
                    && (spec.form != Form::Vector
                        || spec.twiddles != Twiddles::Table
                        || spec.lengths != Lengths::PowerOfTwo) =>
            {
                Err(SpecError::SplitTableNeedsVectorTable(spec.radix))
            }
            KernelSpec::Radix(_) => Ok(()),
            KernelSpec::Fused(spec) => spec.check(),
            KernelSpec::Lanes(spec) => spec.check().map_err(SpecError::Lanes),
            KernelSpec::Chirp(_)
            | KernelSpec::Rader(_)
            | KernelSpec::Real(_)
            | KernelSpec::Permute(_)
            | KernelSpec::Layout(_) => Ok(()),
        }
    }
}

impl From<RadixSpec> for KernelSpec {
    fn from(spec: RadixSpec) -> KernelSpec {
        KernelSpec::Radix(spec)
    }
}

impl From<ChirpSpec> for KernelSpec {
    fn from(spec: ChirpSpec) -> KernelSpec {
        KernelSpec::Chirp(spec)
    }
}

impl From<RaderSpec> for KernelSpec {
    fn from(spec: RaderSpec) -> KernelSpec {
        KernelSpec::Rader(spec)
    }
}

impl From<RealSpec> for KernelSpec {
    fn from(spec: RealSpec) -> KernelSpec {
        KernelSpec::Real(spec)
    }
}

impl From<LayoutSpec> for KernelSpec {
    fn from(spec: LayoutSpec) -> KernelSpec {
        KernelSpec::Layout(spec)
    }
}

impl From<PermuteSpec> for KernelSpec {
    fn from(spec: PermuteSpec) -> KernelSpec {
        KernelSpec::Permute(spec)
    }
}

impl From<LanesSpec> for KernelSpec {
    fn from(spec: LanesSpec) -> KernelSpec {
        KernelSpec::Lanes(spec)
    }
}

impl From<FusedSpec> for KernelSpec {
    fn from(spec: FusedSpec) -> KernelSpec {
        KernelSpec::Fused(spec)
    }
}

/// Why a spec names no kernel.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// The radix is not one of [`RADICES`].
    #[error("radix {0} is not supported: the generator emits radix {list}", list = radix_list())]
    UnsupportedRadix(u32),
    /// A fused kernel's length is not in 2..=`max`, has a prime factor above 13, or is not a
    /// power of two in a [`Lengths::PowerOfTwo`] spec.
    #[error("fused length {len} is not supported for {precision}: fused kernels take lengths from 2 to {max} whose prime factors are at most 13 (powers of two only for Lengths::PowerOfTwo)")]
    UnsupportedFusedLength {
        /// The length asked for.
        len: u32,
        /// Its precision (the limit depends on it).
        precision: Precision,
        /// The longest supported length for `precision`.
        max: u32,
    },
    /// An odd radix serves mixed lengths only.
    #[error("radix {0} is odd: its passes serve mixed lengths (Lengths::Any), never powers of two alone")]
    OddRadixNeedsAnyLength(u32),
    /// Mixed-length passes exist in the vector form with table twiddles only.
    #[error(
        "the radix-{0} pass for any length exists in the vector form with table twiddles only"
    )]
    MixedNeedsVectorTable(u32),
    /// A fused real edge in the wrong direction or beside Bluestein's edges.
    #[error("the fused {0:?} step belongs to the {dir} FFT of a real transform and never to a Bluestein pass", dir = .0.direction())]
    RealEdge(super::real::FusedReal),
    /// An interleaved fused pass, or one that reads or writes the caller's layout, has no
    /// other edge.
    #[error("a fused pass has at most one kind of edge: interleaved sequences, the caller's layout, Bluestein's steps or a real transform's")]
    InterleavedEdge,
    /// Rows in pairs ([`super::FusedSpec::pair_rows`]) are read by a plain whole-row pass of
    /// one sub-FFT per work-group only.
    #[error("rows in pairs (FusedSpec::pair_rows) need a plain, non-interleaved pass of one sub-FFT per work-group with no other edge")]
    PairRows,
    /// Padded half-spectrum rows ([`super::FusedSpec::pitched`]) are read and written by
    /// interleaved passes and written by a real split only.
    #[error("a pitched fused pass (padded half-spectrum rows) must be interleaved or a real split (FusedReal::Split)")]
    PitchedEdge,
    /// Sequences side by side ([`super::FusedSpec::side_by_side`]) in an interleaved,
    /// unpitched pass only, dividing its columns.
    #[error("a fused pass over {sequences} sequences side by side must be interleaved, not pitched, and hold a multiple of {sequences} columns (it holds {columns}); one of several passes of its axis needs at least 2 sequences")]
    SideBySide {
        /// The sequences side by side.
        sequences: u32,
        /// The pass's columns.
        columns: u32,
    },
    /// Bluestein's convolution in one pass ([`super::ChirpStore::Convolve`]) pads at its load
    /// and runs forward stages (its inverse FFT is the conjugate of a forward one).
    #[error("Bluestein's convolution in one pass (ChirpStore::Convolve) pads at its load and is a forward M-point pass (pad: true, direction Forward); its inverse FFT runs as the conjugate of a forward one")]
    ConvolveEdge,
    /// A lanes pass's length is not a power of two in its range.
    #[error("{0}")]
    Lanes(LanesLenError),
    /// A fused length above the complex capacity (its stages exchange halves) exists for
    /// power-of-two lengths without interleaved sequences, and for plain mixed lengths whose
    /// values stay in registers ([`super::FusedSpec::mixed_in_registers`]) only.
    #[error("fused length {len} in {precision} is above {capacity} points, where the stages exchange real and imaginary parts separately; that kernel exists for power-of-two lengths without interleaved sequences (or with them side by side), and for plain mixed lengths (or interleaved ones with aligned runs) whose stage radices all divide the first: use passes of at most {capacity} points")]
    HalvesExchange {
        /// The length asked for.
        len: u32,
        /// Its precision.
        precision: Precision,
        /// [`super::FusedSpec::complex_capacity`] of `precision`.
        capacity: u32,
    },
    /// [`super::FusedSpec::aligned_columns`] on a pass it does not apply to.
    #[error("aligned columns (FusedSpec::aligned_columns) apply to interleaved f32 passes of a mixed length whose stages keep their values in registers, without sequences side by side, pitched rows or the caller's layout, as a multiple of 4 columns whose values fit one exchange of halves: leave aligned_columns 0 on this pass")]
    AlignedRuns,
    /// [`super::FusedSpec::split_columns`] on a pass it does not apply to.
    #[error("split columns (FusedSpec::split_columns) apply to the last pass of a multi-pass R2C with the split step (not wide, not interleaved), as an even number below the columns its local memory holds: leave split_columns 0 on this pass")]
    SplitColumns,
    /// [`super::FusedSpec::split_any_stride`] on a pass it does not apply to.
    #[error("pairing at any stride (FusedSpec::split_any_stride) applies to the last pass of a multi-pass R2C with the split step (not wide, not interleaved) holding an even number of columns: leave split_any_stride false on this pass, or give it an even split_columns")]
    SplitAnyStride,
    /// Two-level pass tables exist for power-of-two vector passes with table twiddles only.
    #[error("the radix-{0} pass with a two-level twiddle table exists in the vector form, for powers of two, with table twiddles only")]
    SplitTableNeedsVectorTable(u32),
    /// The scalar form exists for table twiddles only.
    #[error("the scalar form of a radix pass reads table twiddles; {0} twiddles exist only in the vector form")]
    ScalarNeedsTable(Twiddles),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_level_tables_exist_for_power_of_two_vector_table_passes_only() {
        let vector = RadixSpec::new(16);
        let two_level = vector.two_level().unwrap();
        assert_eq!(two_level.table, PassTable::TwoLevel);
        assert_eq!(two_level.name(), "fft_radix16_fwd_f32_hilo");
        let scalar = RadixSpec {
            form: Form::Scalar,
            ..vector
        };
        let sincos = RadixSpec {
            twiddles: Twiddles::Sincos,
            ..vector
        };
        let mixed = RadixSpec {
            lengths: Lengths::Any,
            ..vector
        };
        for spec in [scalar, sincos, mixed] {
            assert_eq!(spec.two_level(), None, "{}", spec.name());
            let bad = KernelSpec::Radix(RadixSpec {
                table: PassTable::TwoLevel,
                ..spec
            });
            assert_eq!(bad.check(), Err(SpecError::SplitTableNeedsVectorTable(16)));
        }
    }

    #[test]
    fn names_encode_the_spec() {
        let mut spec = RadixSpec::new(16);
        assert_eq!(spec.name(), "fft_radix16_fwd_f32");
        spec.twiddles = Twiddles::Chained;
        spec.direction = Direction::Inverse;
        assert_eq!(spec.name(), "fft_radix16_inv_f32_chained");
        let scalar = KernelSpec::Radix(RadixSpec {
            form: Form::Scalar,
            ..RadixSpec::new(8)
        });
        assert_eq!(
            scalar.entry_points(),
            ["fft_radix8_fwd_f32_scalar", "fft_radix8_fwd_f32_scalar_p1"]
        );
        assert_eq!(scalar.file_name(), "fft_radix8_fwd_f32_scalar.cl");
        assert_eq!(RadixSpec::new(5).name(), "fft_radix5_fwd_f32");
        let mixed = RadixSpec {
            lengths: Lengths::Any,
            ..RadixSpec::new(8)
        };
        assert_eq!(mixed.name(), "fft_radix8_fwd_f32_mixed");
    }

    #[test]
    fn unsupported_specs_say_why() {
        let bad = KernelSpec::Radix(RadixSpec::new(17));
        assert_eq!(bad.check(), Err(SpecError::UnsupportedRadix(17)));
        assert!(KernelSpec::Radix(RadixSpec::new(5)).check().is_ok());
        let bad = KernelSpec::Radix(RadixSpec {
            lengths: Lengths::PowerOfTwo,
            ..RadixSpec::new(5)
        });
        assert_eq!(bad.check(), Err(SpecError::OddRadixNeedsAnyLength(5)));
        let bad = KernelSpec::Radix(RadixSpec {
            form: Form::Scalar,
            twiddles: Twiddles::Native,
            ..RadixSpec::new(8)
        });
        assert!(bad.check().unwrap_err().to_string().contains("native"));
    }
}
