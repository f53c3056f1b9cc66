//! How one value of a binary array is stored: f32 or f64 scalars, real or complex
//! (interleaved `re, im`), little- or big-endian. Shared by the whole-file decoders of
//! `.npy` and raw files and by [`crate::RowReader`].

use crate::npy_header::Dtype;
use crate::Format;
use num_complex::Complex64;

/// The storage of one value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Element {
    /// f64 scalars (else f32).
    double: bool,
    /// Two scalars, `re` then `im` (else one real scalar).
    complex: bool,
    /// Big-endian scalars (else little-endian).
    big_endian: bool,
}

impl Element {
    /// A `.npy` element of `dtype`.
    pub(crate) fn npy(dtype: Dtype, big_endian: bool) -> Element {
        Element {
            double: matches!(dtype, Dtype::F64 | Dtype::C128),
            complex: dtype.is_complex(),
            big_endian,
        }
    }

    /// A value of a raw file: little-endian c64 or c128.
    pub(crate) fn raw(format: Format) -> Element {
        Element {
            double: format == Format::C128,
            complex: true,
            big_endian: false,
        }
    }

    /// Bytes of one value.
    pub(crate) fn size(self) -> usize {
        let scalar = if self.double { 8 } else { 4 };
        if self.complex {
            2 * scalar
        } else {
            scalar
        }
    }

    /// The value stored in `bytes` (exactly [`Element::size`] of them), widened to f64.
    pub(crate) fn decode(self, bytes: &[u8]) -> Complex64 {
        let half = bytes.len() / 2;
        if self.complex {
            Complex64::new(self.scalar(&bytes[..half]), self.scalar(&bytes[half..]))
        } else {
            Complex64::new(self.scalar(bytes), 0.0)
        }
    }

    /// The scalar stored in `bytes` (4 or 8 of them).
    fn scalar(self, bytes: &[u8]) -> f64 {
        let mut b = [0u8; 8];
        let n = bytes.len().min(8);
        b[..n].copy_from_slice(&bytes[..n]);
        if self.big_endian {
            b[..n].reverse();
        }
        if n == 4 {
            f64::from(f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        } else {
            f64::from_le_bytes(b)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_storage_decodes_its_bytes() {
        let c64: Vec<u8> = [1.5f32.to_le_bytes(), (-2.0f32).to_le_bytes()].concat();
        assert_eq!(
            Element::raw(Format::C64).decode(&c64),
            Complex64::new(1.5, -2.0)
        );
        let c128: Vec<u8> = [0.1f64.to_le_bytes(), 3.0f64.to_le_bytes()].concat();
        assert_eq!(
            Element::raw(Format::C128).decode(&c128),
            Complex64::new(0.1, 3.0)
        );
        let big = Element::npy(Dtype::F64, true);
        assert_eq!(big.size(), 8);
        assert_eq!(
            big.decode(&0.25f64.to_be_bytes()),
            Complex64::new(0.25, 0.0)
        );
        let f32_le = Element::npy(Dtype::F32, false);
        assert_eq!(f32_le.size(), 4);
        assert_eq!(
            f32_le.decode(&7.0f32.to_le_bytes()),
            Complex64::new(7.0, 0.0)
        );
    }
}
