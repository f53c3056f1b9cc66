//! Raw interleaved little-endian complex values: `c64` (f32 re, f32 im) or `c128` (f64
//! pairs), as written by `numpy.ndarray.tofile` for complex64/complex128. One row.

use crate::{Format, IoError, Position, Signal};
use num_complex::Complex64;
use std::path::Path;

/// Bytes of one complex value.
fn value_bytes(format: Format) -> usize {
    if format == Format::C128 {
        16
    } else {
        8
    }
}

fn check_size(path: &Path, format: Format, bytes: u64) -> Result<usize, IoError> {
    let size = value_bytes(format) as u64;
    if bytes % size != 0 {
        return Err(IoError::invalid(
            path,
            Position::File,
            format!(
                "{bytes} bytes is not a whole number of {size}-byte {} values: check --format (c64 = 2 x f32, c128 = 2 x f64)",
                format.name()
            ),
        ));
    }
    usize::try_from(bytes / size)
        .map_err(|_| IoError::invalid(path, Position::File, "too large for this machine's memory"))
}

/// The shape `(1, values)` from the file size alone.
pub fn probe(path: &Path, format: Format) -> Result<(usize, usize), IoError> {
    let len = std::fs::metadata(path)
        .map_err(|e| IoError::read(path, e))?
        .len();
    Ok((1, check_size(path, format, len)?))
}

/// Decodes raw bytes (from `path`, used in messages).
pub fn decode(path: &Path, bytes: &[u8], format: Format) -> Result<Signal, IoError> {
    check_size(path, format, bytes.len() as u64)?;
    let data = if format == Format::C128 {
        bytes
            .chunks_exact(16)
            .map(|c| Complex64::new(f64_at(c, 0), f64_at(c, 8)))
            .collect()
    } else {
        bytes
            .chunks_exact(8)
            .map(|c| Complex64::new(f64::from(f32_at(c, 0)), f64::from(f32_at(c, 4))))
            .collect()
    };
    Ok(Signal::row(data, true))
}

/// The little-endian f64 at `at` in `bytes` (which holds at least `at + 8` bytes).
pub(crate) fn f64_at(bytes: &[u8], at: usize) -> f64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(&bytes[at..at + 8]);
    f64::from_le_bytes(b)
}

/// The little-endian f32 at `at` in `bytes` (which holds at least `at + 4` bytes).
pub(crate) fn f32_at(bytes: &[u8], at: usize) -> f32 {
    let mut b = [0u8; 4];
    b.copy_from_slice(&bytes[at..at + 4]);
    f32::from_le_bytes(b)
}

/// Encodes every value, rows one after another.
pub fn encode(signal: &Signal, format: Format) -> Vec<u8> {
    let mut out = Vec::with_capacity(signal.data().len() * value_bytes(format));
    push_interleaved_le(&mut out, signal.data(), format == Format::C128);
    out
}

/// Appends `values` as interleaved little-endian `re, im` pairs: f64 when `double`, else f32
/// (rounded once). The body of raw c64/c128 files and of complex `.npy` arrays.
pub fn push_interleaved_le(out: &mut Vec<u8>, values: &[Complex64], double: bool) {
    for v in values {
        if double {
            out.extend_from_slice(&v.re.to_le_bytes());
            out.extend_from_slice(&v.im.to_le_bytes());
        } else {
            out.extend_from_slice(&(v.re as f32).to_le_bytes());
            out.extend_from_slice(&(v.im as f32).to_le_bytes());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_bad_size() {
        let p = Path::new("x.c128");
        let s = Signal::row(
            vec![Complex64::new(1.0, -0.5), Complex64::new(0.1, 2.0)],
            true,
        );
        assert_eq!(
            decode(p, &encode(&s, Format::C128), Format::C128).unwrap(),
            s
        );
        let err = decode(p, &[0u8; 9], Format::C64).unwrap_err().to_string();
        assert!(err.contains("9 bytes"), "{err}");
    }
}
