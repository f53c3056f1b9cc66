//! Generator of OpenCL C FFT kernels: oclfft's counterpart of FFTW's genfft.
//!
//! Every butterfly comes from one symbolic algorithm (radix-2 decimation in frequency applied
//! recursively, [`butterfly`]), expressed in a small expression IR ([`ir`]), simplified
//! ([`simplify`]: trivial twiddles become swaps and sign flips), checked on the CPU
//! ([`evaluate`]), scheduled and named deterministically ([`schedule`]) and written as
//! OpenCL C ([`kernel`], through [`writer::Writer`]). Two kernel families: the global radix
//! pass ([`emit_kernel`] of a [`KernelSpec`]) and the fused local-memory pass
//! ([`emit_fused_kernel`] of a [`FusedSpec`], whole sub-FFTs of up to 4096 points per
//! work-group). The global radix pass also has a scalar form for CPU devices
//! ([`emit_cpu_kernel`] of a [`CpuKernelSpec`]: no vector types, so PoCL vectorizes it).
//!
//! ```
//! use fft_codegen::{emit_kernel, KernelSpec};
//! let kernel = emit_kernel(&KernelSpec::new(16))?;
//! assert_eq!(kernel.entry_point, "fft_radix16_fwd_f32");
//! assert!(kernel.source.contains("__kernel void fft_radix16_fwd_f32("));
//! # Ok::<(), fft_codegen::CodegenError>(())
//! ```

pub mod angle;
pub mod butterfly;
mod catalog;
pub mod evaluate;
mod expr;
pub mod fused;
pub mod fused_spec;
pub mod ir;
pub mod kernel;
pub mod literal;
pub mod schedule;
pub mod simplify;
pub mod spec;
mod twiddle_helpers;
pub mod writer;

pub use catalog::{catalog, cpu_catalog};
pub use fft_core::{Direction, Precision};
pub use fused::{emit_fused_kernel, fused_stage_butterfly};
pub use fused_spec::{fused_catalog, FusedSpec, GeneratedFusedKernel};
pub use kernel::{emit_cpu_kernel, emit_kernel, kernel_butterfly};
pub use spec::{
    CodegenError, CpuKernelSpec, GeneratedCpuKernel, GeneratedKernel, KernelSpec, OpCounts,
    Twiddles,
};
