//! Raw interleaved little-endian complex values: `c64` (f32 re, f32 im) or `c128` (f64
//! pairs), as written by `numpy.ndarray.tofile` for complex64/complex128. One row.

use crate::element::Element;
use crate::{Format, IoError, Position, Signal};
use std::path::Path;

/// Bytes of one complex value.
fn value_bytes(format: Format) -> usize {
    Element::raw(format).size()
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
    let element = Element::raw(format);
    let data = bytes
        .chunks_exact(element.size())
        .map(|c| element.decode(c))
        .collect();
    Ok(Signal::row(data, true))
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_complex::Complex64;

    /// f64 values, so the round trip is exact.
    const WRITE: crate::WriteOptions = crate::WriteOptions {
        double: true,
        sample_rate: 44_100,
    };

    #[test]
    fn round_trip_and_bad_size() {
        let p = Path::new("x.c128");
        let s = Signal::row(
            vec![Complex64::new(1.0, -0.5), Complex64::new(0.1, 2.0)],
            true,
        );
        assert_eq!(
            decode(
                p,
                &crate::encode(&s, Format::C128, WRITE).unwrap(),
                Format::C128
            )
            .unwrap(),
            s
        );
        let err = decode(p, &[0u8; 9], Format::C64).unwrap_err().to_string();
        assert!(err.contains("9 bytes"), "{err}");
    }
}
