//! Errors of the runtime: each says what was wrong and what to do (DESIGN.md section 7).

use fft_core::plan::PlanError;
use fft_core::Direction;

/// Install command printed when no OpenCL platform is found.
pub const INSTALL_HINT: &str =
    "install an OpenCL driver: `sudo apt-get install ocl-icd-opencl-dev pocl-opencl-icd` \
     gives the loader and PoCL (a CPU device); for a GPU install its vendor's OpenCL driver";

/// Everything that can go wrong in `fft-runtime`.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The ICD loader found no OpenCL platform.
    #[error("no OpenCL platform found ({detail}): {INSTALL_HINT}")]
    NoPlatform {
        /// What the loader reported.
        detail: String,
    },
    /// Platforms exist but none has a device matching the selector.
    #[error("no OpenCL device matches {selector}; the devices are:\n{available}\nset OCLFFT_DEVICE (or the device option) to an index or a name substring from that list")]
    NoMatchingDevice {
        /// The selector, as the user wrote it.
        selector: String,
        /// One line per device: index, name, platform.
        available: String,
    },
    /// The builder was not given a length.
    #[error(
        "no transform length given: call .len(N) on the builder with a power of two from 2 to 2^27"
    )]
    MissingLength,
    /// An `OCLFFT_*` environment variable has a value that is not allowed.
    #[error(
        "environment variable {variable}='{value}' is not allowed: use {allowed}, or unset it"
    )]
    BadEnvironment {
        /// The variable.
        variable: &'static str,
        /// Its value (non-UTF-8 bytes replaced).
        value: String,
        /// What it may be.
        allowed: String,
    },
    /// The requested transform shape is invalid.
    #[error(transparent)]
    Plan(#[from] PlanError),
    /// f64 was requested on a device without `cl_khr_fp64`.
    #[error("device '{device}' does not support double precision (no cl_khr_fp64): use f32, or select a device with fp64 through OCLFFT_DEVICE")]
    NoDoublePrecision {
        /// Device name.
        device: String,
    },
    /// A device buffer holds fewer values than the plan transforms.
    #[error("{role} buffer too small: the plan transforms {expected} complex values ({len} points x batch {batch}) but the buffer holds {actual}; allocate at least {expected}")]
    BufferTooSmall {
        /// Which buffer: "input", "output" or "in-place".
        role: &'static str,
        /// Values the plan needs.
        expected: usize,
        /// Values the buffer holds.
        actual: usize,
        /// Points per transform.
        len: usize,
        /// Transforms.
        batch: usize,
    },
    /// A device buffer (or host slice) holds fewer values than its side's layout addresses.
    #[error("{role} holds {actual} values but its layout addresses {expected} ({layout}): allocate at least {expected}, or check the strides and distance")]
    LayoutTooSmall {
        /// Which side: "input buffer", "output imaginary parts", ...
        role: &'static str,
        /// The layout's extent: the last address plus one.
        expected: usize,
        /// Values given.
        actual: usize,
        /// The layout, in words.
        layout: String,
    },
    /// Planar data given for an interleaved side, or the other way round.
    #[error("the plan's {role} is {planned} but {given} data was passed: {fix}")]
    WrongStorage {
        /// "input" or "output".
        role: &'static str,
        /// What the plan was built for: "planar" or "interleaved".
        planned: &'static str,
        /// What was passed.
        given: &'static str,
        /// What to do.
        fix: &'static str,
    },
    /// An in-place call on a plan whose input and output layouts differ.
    #[error("in-place transforms need one layout for input and output (the plan has {input} in, {output} out): pass two buffers (process_into, or enqueue_sides on device buffers), or build the plan with equal layouts")]
    InPlaceLayoutsDiffer {
        /// The input layout, in words.
        input: String,
        /// The output layout, in words.
        output: String,
    },
    /// A real transform's buffer or host slice has the wrong number of values.
    #[error("{what} holds {actual} {unit} but the plan needs {expected}{exact} ({layout}, batch {batch}): {fix}")]
    RealSizeMismatch {
        /// Which buffer or slice ("input buffer", "output slice", ...).
        what: &'static str,
        /// `reals` or `complex values`.
        unit: &'static str,
        /// Values the plan needs.
        expected: usize,
        /// Values given.
        actual: usize,
        /// `" (exactly)"` for host slices, empty for device buffers (which may be larger).
        exact: &'static str,
        /// The rows, in words: "rows of 1000 reals", "rows of 501 complex values".
        layout: String,
        /// Transforms.
        batch: usize,
        /// What to do.
        fix: &'static str,
    },
    /// An in-place real transform of a plan with compact rows.
    #[error("an in-place real transform needs padded rows of 2 * (len/2 + 1) = {padded} reals (len {len}), and this plan has compact rows of {len}: build it with .real_layout(RealLayout::Padded), or transform out of place")]
    InPlaceNeedsPaddedRows {
        /// Reals per transform.
        len: usize,
        /// Reals per padded row.
        padded: usize,
    },
    /// A real plan was built with the other direction.
    #[error("a real-to-complex transform is forward and a complex-to-real one inverse, but the builder asked for {asked}: drop .forward()/.inverse(), or use build_r2c for forward and build_c2r for inverse")]
    RealDirection {
        /// The direction asked for.
        asked: Direction,
    },
    /// A half spectrum whose last axis is not `len / 2 + 1` long for the real length asked
    /// for (`fft_runtime::ndarray::irfftn`).
    #[error("the half spectrum's last axis (axis {axis}) holds {actual} values, but a real length of {len} needs len/2 + 1 = {expected}: pass the real length the spectrum was made from, 2 * (values - 1) or one more")]
    HalfSpectrumLength {
        /// The last axis.
        axis: usize,
        /// Its length.
        actual: usize,
        /// `len / 2 + 1`.
        expected: usize,
        /// The real length asked for.
        len: usize,
    },
    /// A host slice is not exactly `len * batch` values long.
    #[error("host data has {actual} complex values but the plan transforms exactly {expected} ({len} points x batch {batch}): pass a slice of that length, or build a plan for {actual} values")]
    HostLengthMismatch {
        /// Values the plan transforms.
        expected: usize,
        /// Values given.
        actual: usize,
        /// Points per transform.
        len: usize,
        /// Transforms.
        batch: usize,
    },
    /// One buffer of the transform would exceed `CL_DEVICE_MAX_MEM_ALLOC_SIZE`.
    #[error("a buffer of {requested} bytes exceeds the device's CL_DEVICE_MAX_MEM_ALLOC_SIZE of {limit} bytes on '{device}': use a batch of at most {max_batch} for this length")]
    AllocationTooLarge {
        /// Bytes one buffer needs.
        requested: u64,
        /// The device limit.
        limit: u64,
        /// Device name.
        device: String,
        /// Largest batch that fits.
        max_batch: u64,
    },
    /// The kernels index with 32-bit integers.
    #[error("the transform has {points} points in all, more than the {max} the kernels can index: split the batch")]
    TooManyPoints {
        /// `len * batch`.
        points: usize,
        /// The limit.
        max: usize,
    },
    /// The OpenCL compiler rejected a kernel.
    #[error(
        "building kernel '{kernel}' failed on '{device}'{}; the build log follows:\n{log}",
        options_hint(options)
    )]
    KernelBuild {
        /// Entry point of the kernel.
        kernel: String,
        /// Device name.
        device: String,
        /// The extra compiler options in use (`OCLFFT_BUILD_OPTIONS` or
        /// `QueueOptions::build_options`), empty for none.
        options: String,
        /// The driver's build log.
        log: String,
    },
    /// The fused programs a quick-start plan compiled in the background did not build; the
    /// plan keeps computing the same transform with its global radix passes.
    #[error("the plan's fused kernels did not build in the background ({0}); it keeps running its global radix passes: build it with .quick_start(false) to see the error at build time")]
    QuickStartBuild(String),
    /// The plan asked for a kernel the catalog does not have (a bug in oclfft).
    #[error("no generated kernel for {0}: this is a bug in oclfft, please report it")]
    MissingKernel(String),
    /// [`crate::DeviceQueue::from_ocl`] was given an out-of-order queue.
    #[error("the command queue on '{device}' executes commands out of order (CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE), but a plan's passes must run one after the other: create the queue without OUT_OF_ORDER_EXEC_MODE_ENABLE, e.g. ocl::Queue::new(&context, device, Some(CommandQueueProperties::PROFILING_ENABLE))")]
    OutOfOrderQueue {
        /// Device name.
        device: String,
    },
    /// A device buffer belongs to another OpenCL context than the plan's queue.
    #[error("the {role} buffer belongs to another OpenCL context than the plan's queue, and OpenCL does not allow a kernel to use it: create the buffer with the plan's queue (Buffer::builder().queue(device_queue.queue().clone())), or build the plan on DeviceQueue::from_ocl of a queue in the buffer's context")]
    ForeignContext {
        /// Which buffer: "input" or "output".
        role: &'static str,
    },
    /// The input and output of an out-of-place transform share memory.
    #[error("the input and output buffers overlap: the plan reads bytes {input_start}..{input_end} and writes bytes {output_start}..{output_end} of the same OpenCL buffer, which would corrupt the result: pass sub-buffers whose used ranges do not overlap, or the same buffer object twice for an in-place transform")]
    BuffersOverlap {
        /// First byte of the input's used range in the common buffer.
        input_start: u64,
        /// End (exclusive) of the input's used range.
        input_end: u64,
        /// First byte of the output's used range in the common buffer.
        output_start: u64,
        /// End (exclusive) of the output's used range.
        output_end: u64,
    },
    /// The binary cache directory could not be read or cleared.
    #[error("the binary cache directory {dir} could not be {action}: {source}; check its permissions, or point OCLFFT_CACHE_DIR elsewhere")]
    Cache {
        /// The cache directory.
        dir: std::path::PathBuf,
        /// "read" or "cleared".
        action: &'static str,
        /// The file-system error.
        #[source]
        source: std::io::Error,
    },
    /// Measure mode on a queue without profiling, or no candidate could be timed.
    #[error("measure mode could not time the plan's decompositions: {why}")]
    MeasureFailed {
        /// What went wrong and what to do.
        why: String,
    },
    /// Any other OpenCL call failed.
    #[error("OpenCL failed while {action}: {source}")]
    OpenCl {
        /// What the runtime was doing.
        action: &'static str,
        /// The driver's error.
        #[source]
        source: ocl::Error,
    },
}

/// " with the extra compiler options '...' (from OCLFFT_BUILD_OPTIONS or
/// QueueOptions::build_options: check them)", or nothing.
fn options_hint(options: &str) -> String {
    if options.is_empty() {
        String::new()
    } else {
        format!(" with the extra compiler options '{options}' (from OCLFFT_BUILD_OPTIONS or QueueOptions::build_options: check them)")
    }
}

impl Error {
    /// Wraps an `ocl` error with what the runtime was doing.
    pub(crate) fn ocl(action: &'static str) -> impl FnOnce(ocl::Error) -> Error {
        move |source| Error::OpenCl { action, source }
    }
}

impl From<ocl::Error> for Error {
    /// An `ocl` call of the caller's own (building a buffer, reading it back) inside a
    /// function returning [`Error`], so `?` works on both.
    fn from(source: ocl::Error) -> Error {
        Error::OpenCl {
            action: "running an OpenCL call of the caller's",
            source,
        }
    }
}

impl From<ocl::OclCoreError> for Error {
    /// A low-level `ocl` error (e.g. from `Event::wait_for`) in the caller's own code.
    fn from(source: ocl::OclCoreError) -> Error {
        Error::from(ocl::Error::from(source))
    }
}

/// Shorthand for the runtime's results.
pub type Result<T, E = Error> = std::result::Result<T, E>;
