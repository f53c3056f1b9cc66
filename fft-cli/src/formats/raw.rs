//! Raw interleaved little-endian complex values: `c64` (f32 re, f32 im) or `c128` (f64
//! pairs), as written by `numpy.ndarray.tofile` for complex64/complex128. One row.

use super::{read_bytes, Format, Signal};
use crate::exit::CliError;
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

fn check_size(path: &Path, format: Format, bytes: u64) -> Result<usize, CliError> {
    let size = value_bytes(format) as u64;
    if bytes % size != 0 {
        return Err(CliError::Input(format!(
            "{}: {bytes} bytes is not a whole number of {size}-byte {format:?} values: check --format (c64 = 2 x f32, c128 = 2 x f64)",
            path.display()
        )));
    }
    usize::try_from(bytes / size)
        .map_err(|_| CliError::Input(format!("{}: too large for this machine", path.display())))
}

/// The shape `(1, values)` from the file size alone.
pub fn probe(path: &Path, format: Format) -> Result<(usize, usize), CliError> {
    let len = std::fs::metadata(path)
        .map_err(|e| CliError::Input(format!("cannot read {}: {e}", path.display())))?
        .len();
    Ok((1, check_size(path, format, len)?))
}

/// Reads a raw file.
pub fn read(path: &Path, format: Format) -> Result<Signal, CliError> {
    let bytes = read_bytes(path)?;
    check_size(path, format, bytes.len() as u64)?;
    let data = bytes
        .chunks_exact(value_bytes(format))
        .map(|c| {
            if format == Format::C128 {
                let re = f64::from_le_bytes(c[..8].try_into().unwrap_or_default());
                let im = f64::from_le_bytes(c[8..].try_into().unwrap_or_default());
                Complex64::new(re, im)
            } else {
                let re = f32::from_le_bytes(c[..4].try_into().unwrap_or_default());
                let im = f32::from_le_bytes(c[4..].try_into().unwrap_or_default());
                Complex64::new(f64::from(re), f64::from(im))
            }
        })
        .collect();
    Ok(Signal::row(data, true))
}

/// Encodes every value, rows one after another.
pub fn encode(signal: &Signal, format: Format) -> Vec<u8> {
    let mut out = Vec::with_capacity(signal.data.len() * value_bytes(format));
    push_interleaved_le(&mut out, &signal.data, format == Format::C128);
    out
}

/// Appends `values` as interleaved little-endian `re, im` pairs: f64 when `double`, else f32
/// (rounded once). The body of raw c64/c128 files and of complex `.npy` arrays.
pub fn push_interleaved_le(out: &mut Vec<u8>, values: &[num_complex::Complex64], double: bool) {
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
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.c128");
        let s = Signal::row(
            vec![Complex64::new(1.0, -0.5), Complex64::new(0.1, 2.0)],
            true,
        );
        std::fs::write(&path, encode(&s, Format::C128)).unwrap();
        assert_eq!(read(&path, Format::C128).unwrap(), s);
        assert_eq!(probe(&path, Format::C64).unwrap(), (1, 4));
        std::fs::write(&path, [0u8; 9]).unwrap();
        assert!(read(&path, Format::C64)
            .unwrap_err()
            .to_string()
            .contains("9 bytes"));
    }
}
