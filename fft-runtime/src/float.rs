//! [`FftFloat`]: the scalar types a plan can run in.

use fft_core::Precision;
use num_complex::Complex;
use ocl::OclPrm;

mod sealed {
    pub trait Sealed {}
    impl Sealed for f32 {}
    impl Sealed for f64 {}
}

/// `f32` or `f64`: the scalar of the complex values a plan transforms.
pub trait FftFloat: sealed::Sealed + OclPrm + bytemuck::Pod + Into<f64> {
    /// The matching [`Precision`].
    const PRECISION: Precision;
    /// Rounds an f64 to this type (once, to nearest).
    fn from_f64(value: f64) -> Self;
}

impl FftFloat for f32 {
    const PRECISION: Precision = Precision::F32;
    fn from_f64(value: f64) -> f32 {
        value as f32
    }
}

impl FftFloat for f64 {
    const PRECISION: Precision = Precision::F64;
    fn from_f64(value: f64) -> f64 {
        value
    }
}

/// Rounds an f64 complex value to `T`.
pub fn complex_from_f64<T: FftFloat>(value: Complex<f64>) -> Complex<T> {
    Complex::new(T::from_f64(value.re), T::from_f64(value.im))
}

/// Widens a `T` complex value to f64.
pub fn complex_to_f64<T: FftFloat>(value: Complex<T>) -> Complex<f64> {
    Complex::new(value.re.into(), value.im.into())
}
