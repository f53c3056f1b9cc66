//! The small enums every crate shares.

use std::fmt;

/// Sign of the exponent: forward is `exp(-2*pi*i*j*k/N)`, inverse is `exp(+2*pi*i*j*k/N)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// `X[k] = sum_j x[j] * exp(-2*pi*i*j*k/N)`.
    Forward,
    /// `x[j] = sum_k X[k] * exp(+2*pi*i*j*k/N)` (unnormalized unless a [`Normalization`] says so).
    Inverse,
}

impl Direction {
    /// `-1.0` for forward, `+1.0` for inverse: the sign of the exponent.
    pub fn sign(self) -> f64 {
        match self {
            Direction::Forward => -1.0,
            Direction::Inverse => 1.0,
        }
    }

    /// The other direction.
    pub fn reversed(self) -> Direction {
        match self {
            Direction::Forward => Direction::Inverse,
            Direction::Inverse => Direction::Forward,
        }
    }

    /// Short tag used in kernel names: `fwd` or `inv`.
    pub fn tag(self) -> &'static str {
        match self {
            Direction::Forward => "fwd",
            Direction::Inverse => "inv",
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Direction::Forward => "forward",
            Direction::Inverse => "inverse",
        })
    }
}

/// Floating-point precision of the device data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Precision {
    /// 32-bit floats (`float2` complex values).
    F32,
    /// 64-bit floats (`double2` complex values); needs `cl_khr_fp64` on the device.
    F64,
}

impl Precision {
    /// Machine epsilon of the precision (distance from 1.0 to the next float).
    pub fn epsilon(self) -> f64 {
        match self {
            Precision::F32 => f32::EPSILON as f64,
            Precision::F64 => f64::EPSILON,
        }
    }

    /// Bytes of one complex value.
    pub fn complex_bytes(self) -> usize {
        match self {
            Precision::F32 => 8,
            Precision::F64 => 16,
        }
    }

    /// Short tag used in kernel names: `f32` or `f64`.
    pub fn tag(self) -> &'static str {
        match self {
            Precision::F32 => "f32",
            Precision::F64 => "f64",
        }
    }
}

impl fmt::Display for Precision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag())
    }
}

/// Which scale factor the transform applies to its output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Normalization {
    /// No scaling in either direction (cuFFT's, FFTW's and RustFFT's convention; the
    /// library's default).
    #[default]
    None,
    /// Scale the inverse by `1/N`, so `inverse(forward(x)) == x` (numpy's `norm="backward"`).
    Backward,
    /// Scale both directions by `1/sqrt(N)` (unitary; numpy's `norm="ortho"`).
    Ortho,
    /// Scale the forward transform by `1/N` and leave the inverse unscaled, so again
    /// `inverse(forward(x)) == x` (numpy's `norm="forward"`).
    Forward,
}

impl Normalization {
    /// The factor a transform of `len` points in `direction` multiplies its output by.
    pub fn scale(self, len: usize, direction: Direction) -> f64 {
        match (self, direction) {
            (Normalization::None, _) => 1.0,
            (Normalization::Backward, Direction::Forward) => 1.0,
            (Normalization::Backward, Direction::Inverse) => 1.0 / len as f64,
            (Normalization::Ortho, _) => 1.0 / (len as f64).sqrt(),
            (Normalization::Forward, Direction::Forward) => 1.0 / len as f64,
            (Normalization::Forward, Direction::Inverse) => 1.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backward_normalization_scales_only_the_inverse() {
        assert_eq!(Normalization::Backward.scale(8, Direction::Forward), 1.0);
        assert_eq!(Normalization::Backward.scale(8, Direction::Inverse), 0.125);
        assert_eq!(Normalization::Ortho.scale(16, Direction::Forward), 0.25);
        assert_eq!(Normalization::None.scale(16, Direction::Inverse), 1.0);
    }

    #[test]
    fn forward_normalization_scales_only_the_forward_transform() {
        assert_eq!(Normalization::Forward.scale(8, Direction::Forward), 0.125);
        assert_eq!(Normalization::Forward.scale(8, Direction::Inverse), 1.0);
        // Every convention but None scales the round trip by 1/N, making it the identity.
        for norm in [
            Normalization::Backward,
            Normalization::Ortho,
            Normalization::Forward,
        ] {
            let round_trip =
                norm.scale(64, Direction::Forward) * norm.scale(64, Direction::Inverse);
            assert!((round_trip - 1.0 / 64.0).abs() < 1e-15, "{norm:?}");
        }
        assert_eq!(Normalization::default(), Normalization::None);
    }

    #[test]
    fn tags_name_kernels() {
        assert_eq!(Direction::Forward.tag(), "fwd");
        assert_eq!(Direction::Inverse.reversed(), Direction::Forward);
        assert_eq!(Precision::F64.tag(), "f64");
        assert_eq!(Precision::F32.complex_bytes(), 8);
    }
}
