//! Shared FFT math for oclfft, free of OpenCL.
//!
//! - [`Direction`], [`Precision`], [`Normalization`]: the vocabulary every crate shares;
//! - [`unit_root`]: exact twiddles computed in f64 with octant reduction;
//! - [`bit_reverse`]: index permutation used by the generated stores;
//! - [`naive_dft`] and [`reference_fft`]: the f64 oracle the device is checked against;
//! - [`kernel`]: the kernel model: specs, their ABI as data, the one catalog;
//! - [`plan`]: the planner: request + device capabilities -> every pass with its kernel and launch;
//! - [`accuracy`]: error metrics and the tolerance model the tests use;
//! - [`fftfreq`], [`rfftfreq`], [`fftshift`], [`ifftshift`] (and their 2-D forms): numpy's
//!   bin frequencies and zero-frequency centring.

pub mod accuracy;
mod bits;
mod freq;
pub mod kernel;
mod kinds;
mod oracle;
pub mod plan;
mod separable;
mod signal;
mod twiddle;

pub use bits::{bit_reverse, is_power_of_two, log2_exact};
pub use freq::{
    fftfreq, fftshift, fftshift_2d, fftshift_rows, ifftshift, ifftshift_2d, ifftshift_rows,
    rfftfreq, RowLenError,
};
pub use kinds::{Direction, Normalization, Precision};
pub use num_complex::{Complex, Complex32, Complex64};
pub use oracle::{host_fft, mixed_fft, naive_dft, reference_fft};
pub use separable::along_axes;
pub use signal::random_signal;
pub use twiddle::unit_root;
