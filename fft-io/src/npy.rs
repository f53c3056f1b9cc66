//! NumPy `.npy` files (format versions 1, 2 and 3): float32, float64, complex64 and
//! complex128, 1-D or 2-D, C or Fortran order, either byte order. Written as version 1.0,
//! C order, little-endian complex64 or complex128.
//!
//! Why not the `npyz` crate: it rejects a `descr` without a byte-order character (`'f8'`),
//! which numpy reads. The header is parsed as a Python literal by `py_literal` (the parser
//! `npyz` uses too) and checked in [`crate::npy_header`].

use crate::element::Element;
use crate::npy_header::{self, MAGIC};
use crate::row_reader::data_bytes;
use crate::{Format, IoError, Position, Shape, Signal};
use num_complex::Complex64;
use std::io::Read;
use std::path::Path;

/// The shape from the header alone.
pub fn probe(path: &Path) -> Result<Shape, IoError> {
    let file = std::fs::File::open(path).map_err(|e| IoError::read(path, e))?;
    let mut head = Vec::new();
    file.take(12 + npy_header::MAX_HEADER_BYTES as u64)
        .read_to_end(&mut head)
        .map_err(|e| IoError::read(path, e))?;
    let header = npy_header::parse(path, &head)?;
    Ok(Shape {
        rows: header.rows,
        cols: header.cols,
        ndim: header.ndim,
    })
}

/// Decodes `.npy` bytes (from `path`, used in messages).
pub fn decode(path: &Path, bytes: &[u8]) -> Result<Signal, IoError> {
    let h = npy_header::parse(path, bytes)?;
    let data = bytes.get(h.data_offset..).unwrap_or_default();
    let element = Element::npy(h.dtype, h.big_endian);
    let needed = data_bytes(path, h.rows, h.cols, element, data.len() as u64)?;
    let values: Vec<Complex64> = data[..needed]
        .chunks_exact(element.size())
        .map(|c| element.decode(c))
        .collect();
    let complex = h.dtype.is_complex();
    let shape_error = |e| IoError::invalid(path, Position::File, format!("{e}"));
    let signal = if h.fortran && h.rows > 1 {
        // Stored column after column: read as the transpose, then transpose back.
        let stored = Signal::new(h.cols, h.rows, values, complex).map_err(shape_error)?;
        stored.transposed()
    } else {
        Signal::new(h.rows, h.cols, values, complex).map_err(shape_error)?
    };
    Ok(signal.with_ndim(h.ndim))
}

/// Encodes a C-order complex64 (or, with `double`, complex128) array of `signal`'s shape
/// (1-D `(cols,)` or 2-D `(rows, cols)`, as [`Signal::ndim`] says).
pub fn encode(signal: &Signal, double: bool) -> Vec<u8> {
    crate::value_writer::encode_whole(signal, Format::Npy, double)
}

/// Encodes the real parts of `signal` as a C-order float32 (or, with `double`, float64)
/// array of `signal`'s shape (a real transform's output).
pub fn encode_real(signal: &Signal, double: bool) -> Vec<u8> {
    let descr = if double { "<f8" } else { "<f4" };
    let mut out = header(signal.shape(), descr);
    for v in signal.data() {
        if double {
            out.extend_from_slice(&v.re.to_le_bytes());
        } else {
            out.extend_from_slice(&(v.re as f32).to_le_bytes());
        }
    }
    out
}

/// Magic, version 1.0 and the header dictionary of an array of `shape` with `descr`.
pub(crate) fn header(shape: Shape, descr: &str) -> Vec<u8> {
    let dims = if shape.ndim == 1 {
        format!("({},)", shape.cols)
    } else {
        format!("({}, {})", shape.rows, shape.cols)
    };
    let mut dict = format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': {dims}, }}");
    // Pad with spaces so magic + version + length + dictionary + newline is a multiple of 64.
    while (MAGIC.len() + 4 + dict.len() + 1) % 64 != 0 {
        dict.push(' ');
    }
    dict.push('\n');
    let mut out = Vec::with_capacity(10 + dict.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&[1, 0]);
    // The dictionary of a 1-D or 2-D shape is far below 64 KiB.
    out.extend_from_slice(&u16::try_from(dict.len()).unwrap_or(u16::MAX).to_le_bytes());
    out.extend_from_slice(dict.as_bytes());
    out
}
