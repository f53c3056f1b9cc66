//! Runs oclfft's generated FFT kernels on OpenCL devices.
//!
//! ```no_run
//! # fn main() -> Result<(), fft_runtime::Error> {
//! use fft_runtime::{DeviceQueue, Fft};
//! use num_complex::Complex32;
//!
//! let queue = DeviceQueue::from_env()?; // OCLFFT_DEVICE, else the first GPU, else a CPU
//! let plan = Fft::<f32>::builder(&queue).len(1024).batch(8).forward().build()?;
//! let mut signal = vec![Complex32::new(1.0, 0.0); 1024 * 8];
//! plan.process(&mut signal)?;
//! assert!((signal[0].re - 1024.0).abs() < 1e-3);
//! # Ok(()) }
//! ```
//!
//! This is the only crate of the workspace that touches OpenCL (through `ocl`). The optional
//! `ndarray` feature adds the module `fft_runtime::ndarray`: numpy's `fftn`, `rfftn` and
//! `irfftn` on ndarray arrays of any strides.

pub mod binary_cache;
mod buffer_checks;
mod builder;
mod device;
mod device_buffers;
mod env;
mod error;
mod fft;
mod float;
mod generated;
mod host_transfer;
mod launch;
mod measure;
#[cfg(feature = "ndarray")]
#[path = "ndarray_interop.rs"]
pub mod ndarray;
mod pinned;
pub mod profile;
mod queue;
mod quick_start;
mod real;
mod schedule;
mod side;
mod staging;
mod tuning;

pub use builder::FftBuilder;
pub use device::{list_devices, DeviceEntry, DeviceKind, DeviceSelector, DeviceSummary};
pub use env::{
    PlanAs, QueueOptions, Settings, BUILD_OPTIONS_ENV, CACHE_ENV, DEVICE_ENV, HOST_PATH_ENV,
    KERNEL_FORM_ENV, PLAN_AS_ENV, PRINT_BUILD_LOG_ENV,
};
pub use error::{Error, Result, INSTALL_HINT};
pub use fft::{Fft, MAX_TOTAL_POINTS};
pub use fft_core::kernel::{KernelSpec, RealLayout, Twiddles};
pub use fft_core::plan::{Choice, KernelForm, Layout, Plan, Strategy};
pub use fft_core::{
    fftfreq, fftshift, fftshift_2d, fftshift_rows, ifftshift, ifftshift_2d, ifftshift_rows,
    rfftfreq, RowLenError,
};
pub use fft_core::{Direction, Normalization, Precision};
pub use float::{complex_from_f64, complex_to_f64, FftFloat};
pub use generated::{generated_kernel, generated_kernels};
pub use host_transfer::{measure_round_trip, HostPath, RoundTrip, PINNED_MIN_BYTES};
pub use measure::Measurement;
pub use pinned::PinnedVec;
pub use queue::DeviceQueue;
pub use real::{ComplexToReal, RealToComplex};
pub use side::Side;
pub use staging::HostStaging;
pub use tuning::{TuningEntry, TuningFile, TUNING_FILE};

/// The `ocl` crate this runtime is built on, for buffers and events.
pub use ocl;
