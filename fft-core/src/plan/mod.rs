//! The plan as pure data, and the planner that designs it: the whole recipe of a transform.
//!
//! [`Plan::new`] takes what the caller asks for ([`PlanRequest`]) and what the device can do
//! ([`DeviceCaps`]), chooses the pass family once, and returns every pass with its kernel
//! spec, entry point, launch and arguments' inputs ([`Pass`]). The runtime only walks
//! [`Plan::passes`] and applies each kernel's ABI; plans are unit-tested here with
//! `assert_eq!`, before any device runs them. Two families exist:
//! - global radix passes (DESIGN.md section 4.1): one work-item per radix-R butterfly, log_R N
//!   round trips through global memory; any device, any twiddle variant; vector or scalar form;
//! - fused passes: a work-group computes whole sub-FFTs of length L in local memory, so a
//!   transform of N <= L_c points is one pass and larger ones are 2 or 3 Stockham passes of
//!   sub-FFTs (four-step without a separate transpose: each pass reads and writes runs of
//!   consecutive values).

mod algorithm;
mod bluestein_split;
mod caps;
mod choice;
mod edges;
mod explain;
mod half_rows;
mod layout;
mod nd;
mod pair_rows;
mod pass_costs;
mod real;
mod real_any_stride;
mod real_mixed_split;
mod real_three_pass;
mod rules;
mod shape;
mod storage_order;
#[cfg(test)]
mod tests;

pub use algorithm::{
    balanced_factors, is_smooth, mixed_radices, prime_factors, Algorithm, LARGEST_PRIME_RADIX,
};
pub use caps::{DeviceCaps, DeviceKind};
pub use choice::{candidates, tuned_len, Choice, ChoiceParseError, FusedSplit, MAX_SPLIT_PASSES};
pub use layout::{Layout, Resolved};
pub use rules::FusedLimits;
pub use shape::{Shape, MAX_RANK};

#[cfg(doc)]
use crate::kernel::RADICES;
use crate::kernel::{KernelSpec, LaunchParams, LaunchShape, RealLayout, Twiddles};
use crate::{Direction, Normalization, Precision};

/// Largest transform length a plan accepts (2^27 points; the device's allocation limit may
/// lower it further). Every length from 1 up to it is supported.
pub const MAX_LEN: usize = 1 << 27;
/// The kernels index with 32-bit integers: a plan's work buffers hold at most this many
/// points (len, or Bluestein's padded length, times batch).
pub const MAX_TOTAL_POINTS: usize = u32::MAX as usize;
/// The largest radix the planner uses unless told otherwise: radix 16 keeps 32 complex
/// values in registers, a good balance on GPUs and CPUs alike.
pub const DEFAULT_MAX_RADIX: u32 = 16;
/// Bytes each global access of a fused pass must cover to fill a memory sector.
pub const MIN_RUN_BYTES: usize = 32;

/// The pass family a plan asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// Fused local-memory passes on GPUs and accelerators where the device and the options
    /// allow, else global radix passes (the default). CPU devices get lanes passes for powers
    /// of two and 13-smooth lengths from 32 points ([`Strategy::Lanes`]) and global radix
    /// passes otherwise: under
    /// PoCL on a 2-core machine fused passes were 1.2 to 2.5 times slower than global radix
    /// passes (docs/PERFORMANCE.md), their barriers and local-memory staging costing more than
    /// they save where "local memory" is ordinary cached memory.
    #[default]
    Auto,
    /// Global radix passes only (DESIGN.md 4.1; the baseline, and the only family with the
    /// on-the-fly twiddle variants).
    GlobalRadix,
    /// Fused passes, or an error saying why they are not possible.
    Fused,
    /// Lanes passes (`fft_core::kernel::LanesSpec`: eight sub-FFTs per work-item, one per
    /// SIMD lane, the CPU devices' default) for power-of-two and 13-smooth lengths from 8
    /// points with table twiddles (a 13-smooth length longer than one pass needs a first
    /// sub-FFT that is a multiple of 8); global radix passes for other lengths and twiddles.
    /// CPU devices only
    /// ([`PlanError::LanesUnavailable`] elsewhere).
    Lanes,
}

/// Which form global radix passes take.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum KernelForm {
    /// Scalar on CPU devices, vector elsewhere (the default). PoCL's work-item loop
    /// vectorizer refuses `float2` code and vectorizes the scalar form across work-items.
    ///
    /// The default largest radix (16) stays on CPU devices: on a 2-core AMD EPYC under PoCL
    /// 3.1 (`oclfft bench --min 11 --max 20 --max-radix R`, 2^22 points, scalar kernels), the
    /// total kernel time at N = 2^11..2^20 was 11-17 ms with radix 16, 16-27 ms with radix 8,
    /// 15-31 ms with radix 32 and 14-31 ms with radix 64.
    #[default]
    Auto,
    /// `float2` kernels on every device.
    Vector,
    /// Scalar kernels on every device (table twiddles only; other variants stay vector).
    Scalar,
}

impl KernelForm {
    /// Every value, with its name: `auto`, `vector`, `scalar`.
    pub const ALL: [(KernelForm, &'static str); 3] = [
        (KernelForm::Auto, "auto"),
        (KernelForm::Vector, "vector"),
        (KernelForm::Scalar, "scalar"),
    ];

    /// Parses a name of [`KernelForm::ALL`].
    pub fn from_name(name: &str) -> Option<KernelForm> {
        KernelForm::ALL
            .into_iter()
            .find(|(_, n)| *n == name)
            .map(|(form, _)| form)
    }
}

/// What the caller asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlanRequest {
    /// Points per transform.
    pub len: usize,
    /// Number of independent transforms, stored one after another.
    pub batch: usize,
    /// Sign of the exponent.
    pub direction: Direction,
    /// Data precision.
    pub precision: Precision,
    /// Output scaling.
    pub normalization: Normalization,
    /// Largest radix of global radix passes (one of [`RADICES`]).
    pub max_radix: u32,
    /// Where pass twiddles come from.
    pub twiddles: Twiddles,
    /// Pass family.
    pub strategy: Strategy,
    /// Form of global radix passes.
    pub form: KernelForm,
    /// `Some`: a real transform (DESIGN.md 4.5) with this layout of its real side, R2C when
    /// `direction` is forward, C2R when inverse; `len` is the number of reals per row.
    /// `None`: complex to complex.
    pub real: Option<RealLayout>,
    /// `Some`: a multi-dimensional transform of this shape (`len` is then its number of
    /// values, [`Shape::len`]); `None`: one dimension of `len` points.
    pub shape: Option<Shape>,
    /// Where the input lies (default: C order, contiguous, interleaved).
    pub input: Layout,
    /// Where the output goes (default: C order, contiguous, interleaved).
    pub output: Layout,
    /// The sub-FFT lengths of the fused passes of the power-of-two Stockham transform of
    /// [`FusedSplit::points`] points (measure mode's [`Choice`]); `None`: the planner's balanced
    /// split.
    pub fused_split: Option<FusedSplit>,
}

impl PlanRequest {
    /// A forward, f32, unnormalized, single transform of `len` points with every default.
    pub fn new(len: usize) -> PlanRequest {
        PlanRequest {
            len,
            batch: 1,
            direction: Direction::Forward,
            precision: Precision::F32,
            normalization: Normalization::None,
            max_radix: DEFAULT_MAX_RADIX,
            twiddles: Twiddles::Table,
            strategy: Strategy::Auto,
            form: KernelForm::Auto,
            real: None,
            shape: None,
            input: Layout::default(),
            output: Layout::default(),
            fused_split: None,
        }
    }
}

/// One pass over global memory: a kernel, the entry point to call, how to launch it and what
/// its arguments are computed from.
#[derive(Clone, Debug, PartialEq)]
pub struct Pass {
    /// The kernel (program) the pass runs.
    pub spec: KernelSpec,
    /// Index of the entry point in the kernel's ABI ([`crate::kernel::KernelAbi::entries`]).
    pub entry: usize,
    /// Length, batch and Stockham stride: the inputs of the ABI's tables and scalars.
    pub params: LaunchParams,
    /// Global and local work sizes.
    pub launch: LaunchShape,
    /// Factor the pass multiplies its outputs by (the normalization, on the last pass).
    pub scale: f64,
}

impl Pass {
    /// Computes the launch again from the kernel's ABI, after the spec or parameters changed
    /// (an edge fused in, the interleaved columns): an edge changes the kernel's shape (a
    /// pass with one is never wide, but for some with the merge), and a stale launch would not match its work-group size.
    pub(crate) fn relaunch(&mut self) {
        self.launch = self.abi_launch();
    }

    /// The launch the kernel's ABI gives for the pass's spec and parameters.
    pub(crate) fn abi_launch(&self) -> LaunchShape {
        self.spec.abi().entries[self.entry]
            .geometry
            .launch(&self.spec, &self.params)
    }

    /// Complex values the pass reads and writes (all batches).
    pub fn points_moved(&self) -> u64 {
        let (len, padded, batch) = (self.params.len, self.params.padded, self.params.batch);
        let per_batch = match self.spec {
            crate::kernel::KernelSpec::Real(spec) => real_points_moved(spec, len, padded),
            // The convolutions' middle steps stay in the work buffers; the others read or
            // write the caller's N values.
            crate::kernel::KernelSpec::Chirp(crate::kernel::ChirpSpec {
                step: crate::kernel::ChirpStep::Multiply,
                ..
            })
            | crate::kernel::KernelSpec::Rader(crate::kernel::RaderSpec {
                step: crate::kernel::RaderStep::FilterMultiply,
                ..
            }) => 2 * padded,
            crate::kernel::KernelSpec::Chirp(_) | crate::kernel::KernelSpec::Rader(_) => {
                len + padded
            }
            _ => 2 * len,
        };
        (per_batch * batch * self.params.inner) as u64
    }

    /// Points this pass combines: the radix of a global pass, the sub-FFT length of a fused one.
    pub fn radix(&self) -> u32 {
        self.spec.points()
    }

    /// The Stockham stride `p` of this pass.
    pub fn stride(&self) -> usize {
        self.params.stride
    }

    /// The name of the entry point the pass calls.
    pub fn entry_point(&self) -> String {
        format!(
            "{}{}",
            self.spec.name(),
            self.spec.abi().entries[self.entry].suffix
        )
    }
}

/// Complex values (a real counts as half of one) a real step reads and writes per row.
fn real_points_moved(spec: crate::kernel::RealSpec, len: usize, padded: usize) -> usize {
    use crate::kernel::RealStep;
    let half = crate::kernel::half_spectrum_len(len);
    let reals = len.div_ceil(2);
    match spec.step {
        RealStep::Pack | RealStep::Unpack => reals + padded,
        RealStep::Split | RealStep::Merge => half + padded,
    }
}

/// A complete schedule for one transform shape.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The request the plan was built for.
    pub request: PlanRequest,
    /// How the length is computed (and the work buffers' length).
    pub algorithm: Algorithm,
    /// Passes in execution order; pass `i` reads what pass `i-1` wrote.
    pub passes: Vec<Pass>,
    /// Factor applied to the output (by the last pass).
    pub scale: f64,
    /// The length of the complex FFT at the plan's core: `len` for complex transforms,
    /// `len / 2` or (odd) `len` for real ones. `algorithm` is this length's.
    pub complex_len: usize,
}

/// Why a request cannot be planned.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlanError {
    /// The length is 0.
    #[error("length must be at least 1 (got 0): pass the number of points per transform")]
    EmptyLength,
    /// The length exceeds [`MAX_LEN`].
    #[error("length {len} exceeds the longest supported transform, {MAX_LEN} points: split the signal or transform it in pieces")]
    UnsupportedLength {
        /// The rejected length.
        len: usize,
    },
    /// An option the mixed-radix passes do not have.
    #[error("length {len} runs as mixed-radix passes, but {why}: use the default options (Strategy::Auto, Twiddles::Table, KernelForm::Auto) or a power-of-two length")]
    MixedRadixOption {
        /// The length.
        len: usize,
        /// What was asked for that the passes lack.
        why: String,
    },
    /// The batch is zero.
    #[error(
        "batch must be at least 1 (got 0): pass the number of transforms stored one after another"
    )]
    EmptyBatch,
    /// The work buffers would hold more than [`MAX_TOTAL_POINTS`] points.
    #[error("len {len} x batch {batch} needs more than {MAX_TOTAL_POINTS} points of work buffer (the kernels index with 32-bit integers; a length with a prime factor above 13 needs twice its power-of-two padding): split the batch")]
    TooManyPoints {
        /// Points per transform.
        len: usize,
        /// Number of transforms.
        batch: usize,
    },
    /// `max_radix` is not one of [`RADICES`].
    #[error("max radix {0} is not supported: the largest radix of power-of-two passes is one of {list}", list = crate::kernel::power_of_two_radix_list())]
    UnsupportedRadix(u32),
    /// Fused passes were required but cannot run here.
    #[error("{0}")]
    FusedUnavailable(String),
    /// Lanes passes were asked for on a device that is not a CPU.
    #[error("lanes passes (Strategy::Lanes) run on CPU devices only, and this device is a {0}: each work-item holds up to 512 KiB of private arrays, which a CPU core's caches serve and a GPU does not (NVIDIA's driver refuses the longest with CL_OUT_OF_RESOURCES); use Strategy::Auto")]
    LanesUnavailable(DeviceKind),
    /// A shape of no dimension or of more than [`MAX_RANK`].
    #[error("a shape has 1 to {MAX_RANK} dimensions (got {rank}): pass the dimensions of one transform in C order, e.g. [rows, columns]")]
    UnsupportedRank {
        /// The number of dimensions given.
        rank: usize,
    },
    /// A dimension of 0 or above [`MAX_LEN`].
    #[error("axis {axis} has length {len}: every dimension is from 1 to {MAX_LEN}")]
    AxisLength {
        /// The axis.
        axis: usize,
        /// Its length.
        len: usize,
    },
    /// An axis to transform that the shape does not have.
    #[error("axis {axis} does not exist in a shape of {rank} dimensions: axes are 0 to {last}", last = .rank - 1)]
    AxisOutOfRange {
        /// The axis asked for.
        axis: usize,
        /// The shape's rank.
        rank: usize,
    },
    /// An axis named twice.
    #[error("axis {axis} is named twice: list each axis to transform once")]
    RepeatedAxis {
        /// The axis.
        axis: usize,
    },
    /// An empty list of axes.
    #[error("no axis to transform: name at least one axis, or leave the axes out to transform all of them")]
    NoAxes,
    /// The product of the dimensions overflows.
    #[error("the product of the dimensions overflows: a transform holds at most {MAX_TOTAL_POINTS} points")]
    ShapeOverflow,
    /// `len` disagrees with the shape.
    #[error("len {len} disagrees with the shape {shape}, which holds {values} values: set the shape alone")]
    ShapeLenMismatch {
        /// The request's len.
        len: usize,
        /// The shape, in words.
        shape: String,
        /// Values of the shape.
        values: usize,
    },
    /// A layout with another number of strides than the shape has axes.
    #[error("the layout gives {given} strides for a shape of {rank} dimensions: give one stride per axis, C order")]
    LayoutRank {
        /// Strides given.
        given: usize,
        /// The shape's rank.
        rank: usize,
    },
    /// A zero stride on an axis with more than one value.
    #[error("{what} has stride 0 but {len} values: they would all be one value; give it a stride of at least 1")]
    LayoutZeroStride {
        /// "axis 1", or "the batch distance".
        what: String,
        /// The axis's length (or the batch).
        len: usize,
    },
    /// Two values of a layout at one address.
    #[error("{what} (stride {stride}) starts inside {other} (stride {other_stride}), whose values reach {reach} values further: strides must step over everything the smaller strides address, or two values share one address")]
    LayoutOverlap {
        /// The axis that overlaps.
        what: String,
        /// Its stride.
        stride: usize,
        /// The axis it overlaps.
        other: String,
        /// That axis's stride.
        other_stride: usize,
        /// How far the smaller strides reach.
        reach: usize,
    },
    /// A layout whose addresses do not fit the kernels' 32-bit indices.
    #[error("the layout addresses values beyond {max}, the most the kernels index with 32-bit integers: use smaller strides or distance, or split the batch")]
    LayoutTooLarge {
        /// The largest extent.
        max: usize,
    },
    /// A strided layout on a real transform with padded rows.
    #[error("a real transform with RealLayout::Padded rows takes no input or output layout: give the padding as the layout's strides and distance (2 * (len/2 + 1) reals between rows) with RealLayout::Compact, or drop the layouts")]
    LayoutWithPaddedRows,
    /// A planar layout on a real transform.
    #[error("planar layouts apply to complex-to-complex transforms: a real transform's half spectrum is interleaved (as cuFFT's and FFTW's); give its layout strides and a distance only")]
    PlanarOnRealTransform,
    /// A real transform whose last axis (the real one) is not transformed.
    #[error("a real transform of {shape} transforms its last axis, {last}, as the real one (numpy's rfftn): include axis {last} in the axes, or transpose the data so the real axis is last")]
    RealAxisNotTransformed {
        /// The shape, in words.
        shape: String,
        /// The last axis.
        last: usize,
    },
}
