//! The header of a NumPy `.npy` file: magic, version, and the dictionary literal, parsed as
//! a Python literal (the `py_literal` crate) and checked as `numpy.lib.format` checks it:
//! exactly the keys `descr`, `fortran_order` and `shape`, a bool for `fortran_order`, a
//! tuple of non-negative integers for `shape`, and nothing after the dictionary.

use crate::{IoError, Position};
use py_literal::Value;
use std::path::Path;

/// The magic string of every `.npy` file.
pub const MAGIC: &[u8] = b"\x93NUMPY";

/// numpy's own limit on the dictionary (`max_header_size` of `numpy.load`).
pub const MAX_HEADER_BYTES: usize = 10_000;

/// Most opening brackets a header may hold (a plain array's has 2).
const MAX_BRACKETS: usize = 4;

/// Element type of an array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dtype {
    /// float32.
    F32,
    /// float64.
    F64,
    /// complex64 (two float32).
    C64,
    /// complex128 (two float64).
    C128,
}

impl Dtype {
    /// Bytes of one element.
    pub fn size(self) -> usize {
        match self {
            Dtype::F32 => 4,
            Dtype::F64 | Dtype::C64 => 8,
            Dtype::C128 => 16,
        }
    }

    /// True for the complex types.
    pub fn is_complex(self) -> bool {
        matches!(self, Dtype::C64 | Dtype::C128)
    }
}

/// The parsed header.
#[derive(Debug, PartialEq, Eq)]
pub struct Header {
    /// Element type.
    pub dtype: Dtype,
    /// True when the elements are stored big-endian.
    pub big_endian: bool,
    /// True when the array is stored column after column.
    pub fortran: bool,
    /// Rows (1 for a 1-D array).
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Dimensions of the shape: 1 or 2.
    pub ndim: usize,
    /// Bytes before the data.
    pub data_offset: usize,
}

fn bad(path: &Path, what: impl Into<String>) -> IoError {
    IoError::invalid(path, Position::File, what)
}

/// Parses the header at the start of `bytes`.
pub fn parse(path: &Path, bytes: &[u8]) -> Result<Header, IoError> {
    if bytes.len() < 10 || &bytes[..6] != MAGIC {
        return Err(bad(
            path,
            "not a .npy file (no \\x93NUMPY magic): write it with numpy.save, or pass --format",
        ));
    }
    let (len, start) = match (bytes[6], bytes[7]) {
        (1, 0) => (usize::from(u16::from_le_bytes([bytes[8], bytes[9]])), 10),
        (2 | 3, 0) if bytes.len() >= 12 => {
            let len = u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]);
            (usize::try_from(len).unwrap_or(usize::MAX), 12)
        }
        (2 | 3, 0) => return Err(bad(path, "the .npy header is cut short")),
        (major, minor) => {
            return Err(bad(
                path,
                format!(".npy format version {major}.{minor} is not supported (1.0, 2.0 or 3.0)"),
            ))
        }
    };
    if len > MAX_HEADER_BYTES {
        return Err(bad(
            path,
            format!("the .npy header announces {len} bytes, more than numpy's limit of {MAX_HEADER_BYTES}"),
        ));
    }
    let dict = bytes
        .get(start..start + len)
        .ok_or_else(|| bad(path, "the .npy header is cut short"))?;
    let dict = std::str::from_utf8(dict).map_err(|_| bad(path, "the .npy header is not text"))?;
    let (dtype, big_endian, fortran, dims) = fields(path, dict)?;
    let (rows, cols) = match dims.as_slice() {
        [n] => (1, *n),
        [r, c] => (*r, *c),
        _ => return Err(bad(path, format!(
            "shape ({}) is not supported: oclfft reads 1-D arrays (one signal) and 2-D arrays (a batch of signals)",
            shape_text(&dims)
        ))),
    };
    if rows == 0 || cols == 0 {
        return Err(bad(
            path,
            format!("the array is empty (shape ({}))", shape_text(&dims)),
        ));
    }
    Ok(Header {
        dtype,
        big_endian,
        fortran,
        rows,
        cols,
        ndim: dims.len(),
        data_offset: start + len,
    })
}

/// `2, 3` for a shape, `4,` for a 1-D one (as Python writes tuples).
fn shape_text(dims: &[usize]) -> String {
    match dims {
        [n] => format!("{n},"),
        _ => dims
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// The dictionary's `(dtype, big_endian, fortran_order, shape)`.
fn fields(path: &Path, dict: &str) -> Result<(Dtype, bool, bool, Vec<usize>), IoError> {
    // A header of a supported array holds two brackets, `{` and `(`. More is a structured
    // dtype at best; at worst, unclosed brackets make the literal parser backtrack
    // exponentially (14 `{` took over 10 s: found by `cargo xtask fuzz`) or recurse deeply.
    let brackets = dict.bytes().filter(|b| b"([{".contains(b)).count();
    if brackets > MAX_BRACKETS {
        return Err(bad(
            path,
            "the .npy header is not a plain array's (structured dtypes are not supported)",
        ));
    }
    let text = dict.strip_suffix('\n').unwrap_or(dict).trim_end();
    let value: Value = text.parse().map_err(|_| {
        bad(
            path,
            "the .npy header is not a Python dictionary literal (or has something after it)",
        )
    })?;
    let Value::Dict(entries) = value else {
        return Err(bad(path, "the .npy header is not a dictionary"));
    };
    let mut descr = None;
    let mut fortran = None;
    let mut shape = None;
    for (key, value) in entries {
        let slot = match &key {
            Value::String(k) if k == "descr" => &mut descr,
            Value::String(k) if k == "fortran_order" => &mut fortran,
            Value::String(k) if k == "shape" => &mut shape,
            other => {
                return Err(bad(path, format!(
                    "the .npy header has the key {other}: numpy allows only 'descr', 'fortran_order' and 'shape'"
                )))
            }
        };
        *slot = Some(value);
    }
    let missing = |key: &str| bad(path, format!("the .npy header has no '{key}' entry"));
    let (dtype, big_endian) = dtype(path, &descr.ok_or_else(|| missing("descr"))?)?;
    let fortran = match fortran.ok_or_else(|| missing("fortran_order"))? {
        Value::Boolean(b) => b,
        other => {
            return Err(bad(
                path,
                format!("the .npy header's fortran_order is {other}, not True or False"),
            ))
        }
    };
    let dims = match shape.ok_or_else(|| missing("shape"))? {
        Value::Tuple(dims) => dims
            .iter()
            .map(|d| match d {
                Value::Integer(n) => usize::try_from(n).ok(),
                _ => None,
            })
            .collect::<Option<Vec<usize>>>(),
        _ => None,
    }
    .ok_or_else(|| bad(path, "the .npy header's shape is not a tuple of sizes"))?;
    Ok((dtype, big_endian, fortran, dims))
}

/// The element type and byte order a `descr` names (`'<f8'`, `'>c16'`, `'f8'`, `'float64'`).
fn dtype(path: &Path, descr: &Value) -> Result<(Dtype, bool), IoError> {
    let Value::String(descr) = descr else {
        return Err(bad(
            path,
            "the .npy header's descr is not a dtype string (structured arrays are not supported)",
        ));
    };
    let (big_endian, code) = match descr.as_bytes().first() {
        Some(b'<') => (false, &descr[1..]),
        Some(b'>') => (true, &descr[1..]),
        Some(b'=' | b'|') => (cfg!(target_endian = "big"), &descr[1..]),
        _ => (cfg!(target_endian = "big"), descr.as_str()),
    };
    let dtype = match code {
        "f4" | "f" | "float32" => Dtype::F32,
        "f8" | "d" | "float64" => Dtype::F64,
        "c8" | "F" | "complex64" => Dtype::C64,
        "c16" | "D" | "complex128" => Dtype::C128,
        _ => return Err(bad(path, format!(
            "dtype '{descr}' is not supported: oclfft reads float32, float64, complex64 and complex128 (convert with a.astype(numpy.float64))"
        ))),
    };
    Ok((dtype, big_endian))
}
