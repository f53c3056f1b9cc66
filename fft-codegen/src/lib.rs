//! Generator of OpenCL C FFT kernels: oclfft's counterpart of FFTW's genfft.
//!
//! Every butterfly comes from one symbolic algorithm (radix-2 decimation in frequency applied
//! recursively, [`butterfly`]), expressed in a small expression IR ([`ir`]), simplified
//! ([`simplify`]: trivial twiddles become swaps and sign flips), checked on the CPU
//! ([`evaluate`]), scheduled and named deterministically ([`schedule`]) and written as
//! OpenCL C through [`writer::Writer`]. The folders follow the pipeline: [`math`] (IR,
//! butterflies, simplifier, scheduler, CPU evaluator), [`opencl`] (writer, literals, helpers,
//! signatures from the ABI) and `family/` (one file per kernel family). One entry, [`emit`] of a [`KernelSpec`], for every
//! family: the global radix pass (vector or scalar form, [`RadixSpec`]) and the fused
//! local-memory pass ([`FusedSpec`], whole sub-FFTs of up to 4096 points per work-group).
//! Each kernel's signature is written from its ABI ([`KernelSpec::abi`]), the same data the
//! runtime binds arguments and launches from. [`catalog`] lists every kernel the project ships.
//! Kernel-body indices (work-item roles, global addresses, local indices) are built as
//! [`index`] expressions, which write themselves as OpenCL C and evaluate on the CPU;
//! [`indexing`] hands a kernel's expressions to the CPU models in `tests/`.
//!
//! ```
//! use fft_codegen::{emit, KernelSpec, RadixSpec};
//! let kernel = emit(&KernelSpec::Radix(RadixSpec::new(16)))?;
//! assert_eq!(kernel.entry_point(), "fft_radix16_fwd_f32");
//! assert!(kernel.source.contains("__kernel void fft_radix16_fwd_f32("));
//! # Ok::<(), fft_codegen::CodegenError>(())
//! ```

mod emit;
mod family;
pub mod index;
pub mod indexing;
pub mod math;
pub mod opencl;
mod spec;

pub use math::{angle, butterfly, evaluate, ir, schedule, simplify};
pub use opencl::{literal, writer};

pub use emit::emit;
pub use family::fused::fused_stage_butterfly;
pub use family::radix::kernel_butterfly;
pub use fft_core::kernel::{
    all_radices, catalog, is_supported_radix, radix_list, sample_catalog, ArgKind, ChirpSpec,
    ChirpStep, Form, FusedReal, FusedSpec, KernelAbi, KernelSpec, LayoutSpec, LayoutStep,
    LayoutValues, Lengths, PassTable, PermuteSpec, PermuteStep, RaderSpec, RaderStep, RadixSpec,
    RealSpec, RealStep, SpecError, Twiddles, MAX_RADIX, RADICES,
};
pub use fft_core::{Direction, Precision};
pub use spec::{CodegenError, GeneratedKernel, OpCounts};
