//! Generator of OpenCL C FFT kernels (placeholder: being written).
pub mod spec;
pub use fft_core::{Direction, Precision};
pub use spec::{CodegenError, GeneratedKernel, KernelSpec, OpCounts, Twiddles};
