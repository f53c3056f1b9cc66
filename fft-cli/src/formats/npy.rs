//! NumPy `.npy` files (format versions 1, 2 and 3): float32, float64, complex64 and
//! complex128, 1-D or 2-D, C or Fortran order, either byte order. Written as version 1.0,
//! C order, little-endian complex64 or complex128.

use super::{read_bytes, Signal};
use crate::exit::CliError;
use num_complex::Complex64;
use std::io::Read;
use std::path::Path;

const MAGIC: &[u8] = b"\x93NUMPY";

/// Element type of an array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dtype {
    F32,
    F64,
    C64,
    C128,
}

impl Dtype {
    fn size(self) -> usize {
        match self {
            Dtype::F32 => 4,
            Dtype::F64 | Dtype::C64 => 8,
            Dtype::C128 => 16,
        }
    }
}

/// The parsed header.
#[derive(Debug, PartialEq)]
struct Header {
    dtype: Dtype,
    big_endian: bool,
    fortran: bool,
    rows: usize,
    cols: usize,
    /// Bytes before the data.
    data_offset: usize,
}

fn bad(path: &Path, what: impl std::fmt::Display) -> CliError {
    CliError::Input(format!("{}: {what}", path.display()))
}

/// The value text after `'key':` in the header dictionary.
fn field<'a>(path: &Path, dict: &'a str, key: &str) -> Result<&'a str, CliError> {
    let pattern = format!("'{key}':");
    let at = dict
        .find(&pattern)
        .ok_or_else(|| bad(path, format!("the .npy header has no '{key}' entry")))?;
    Ok(dict[at + pattern.len()..].trim_start())
}

/// Parses the header at the start of `bytes` (at least the magic, version and length
/// fields, and as much of the dictionary as they announce).
fn parse_header(path: &Path, bytes: &[u8]) -> Result<Header, CliError> {
    if bytes.len() < 10 || &bytes[..6] != MAGIC {
        return Err(bad(
            path,
            "not a .npy file (no \\x93NUMPY magic): write it with numpy.save, or pass --format",
        ));
    }
    let (len, start) = match bytes[6] {
        1 => (u16::from_le_bytes([bytes[8], bytes[9]]) as usize, 10),
        2 | 3 if bytes.len() >= 12 => (
            u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize,
            12,
        ),
        v => {
            return Err(bad(
                path,
                format!(".npy format version {v} is not supported (1, 2 or 3)"),
            ))
        }
    };
    let dict = bytes
        .get(start..start + len)
        .ok_or_else(|| bad(path, "the .npy header is cut short"))?;
    let dict = std::str::from_utf8(dict).map_err(|_| bad(path, "the .npy header is not text"))?;

    let descr = field(path, dict, "descr")?;
    let quote = descr.chars().next().unwrap_or('\'');
    let descr = descr[1..]
        .split(quote)
        .next()
        .filter(|_| quote == '\'' || quote == '"')
        .ok_or_else(|| bad(path, "the .npy header's descr is not a dtype string (structured arrays are not supported)"))?;
    let (order, kind) = descr.split_at(descr.len().min(1));
    let dtype = match kind {
        "f4" => Dtype::F32,
        "f8" => Dtype::F64,
        "c8" => Dtype::C64,
        "c16" => Dtype::C128,
        _ => None.ok_or_else(|| bad(path, format!(
            "dtype '{descr}' is not supported: oclfft reads float32, float64, complex64 and complex128 (convert with a.astype(numpy.float64))"
        )))?,
    };
    let big_endian = order == ">";

    let fortran = field(path, dict, "fortran_order")?.starts_with("True");
    let shape_text = field(path, dict, "shape")?;
    let inner = shape_text
        .strip_prefix('(')
        .and_then(|s| s.split(')').next())
        .ok_or_else(|| bad(path, "the .npy header's shape is not a tuple"))?;
    let dims = inner
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.parse::<usize>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|_| {
            bad(
                path,
                format!("the .npy shape ({inner}) is not a list of sizes"),
            )
        })?;
    let (rows, cols) = match dims.as_slice() {
        [n] => (1, *n),
        [r, c] => (*r, *c),
        _ => {
            return Err(bad(
                path,
                format!("shape ({inner}) is not supported: oclfft reads 1-D arrays (one signal) and 2-D arrays (a batch of signals)"),
            ))
        }
    };
    if rows == 0 || cols == 0 {
        return Err(bad(path, format!("the array is empty (shape ({inner}))")));
    }
    Ok(Header {
        dtype,
        big_endian,
        fortran,
        rows,
        cols,
        data_offset: start + len,
    })
}

/// The shape `(rows, cols)` from the header alone.
pub fn probe(path: &Path) -> Result<(usize, usize), CliError> {
    let mut file = std::fs::File::open(path)
        .map_err(|e| CliError::Input(format!("cannot read {}: {e}", path.display())))?;
    let mut head = Vec::new();
    file.by_ref()
        .take(1 << 16)
        .read_to_end(&mut head)
        .map_err(|e| CliError::Input(format!("cannot read {}: {e}", path.display())))?;
    let header = parse_header(path, &head)?;
    Ok((header.rows, header.cols))
}

/// Reads a `.npy` file.
pub fn read(path: &Path) -> Result<Signal, CliError> {
    let bytes = read_bytes(path)?;
    decode(path, &bytes)
}

/// Decodes `.npy` bytes (from `path`, used in messages).
pub fn decode(path: &Path, bytes: &[u8]) -> Result<Signal, CliError> {
    let h = parse_header(path, bytes)?;
    let count = h.rows * h.cols;
    let data = &bytes[h.data_offset.min(bytes.len())..];
    let needed = count.saturating_mul(h.dtype.size());
    if data.len() < needed {
        return Err(bad(
            path,
            format!(
                "the header announces {count} values ({needed} bytes) but the file holds {} bytes of data: the file is truncated",
                data.len()
            ),
        ));
    }
    let scalar = |chunk: &[u8]| -> f64 {
        let mut b = [0u8; 8];
        b[..chunk.len()].copy_from_slice(chunk);
        if h.big_endian {
            b[..chunk.len()].reverse();
        }
        if chunk.len() == 4 {
            f64::from(f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        } else {
            f64::from_le_bytes(b)
        }
    };
    let values: Vec<Complex64> = data[..needed]
        .chunks_exact(h.dtype.size())
        .map(|c| match h.dtype {
            Dtype::F32 | Dtype::F64 => Complex64::new(scalar(c), 0.0),
            Dtype::C64 => Complex64::new(scalar(&c[..4]), scalar(&c[4..])),
            Dtype::C128 => Complex64::new(scalar(&c[..8]), scalar(&c[8..])),
        })
        .collect();
    let mut signal = Signal {
        rows: h.rows,
        cols: h.cols,
        data: values,
        complex: matches!(h.dtype, Dtype::C64 | Dtype::C128),
        sample_rate: None,
    };
    if h.fortran && h.rows > 1 {
        // Stored column after column: read as the transpose, then transpose back.
        let stored = Signal {
            rows: h.cols,
            cols: h.rows,
            ..signal
        };
        signal = stored.transposed();
    }
    Ok(signal)
}

/// Encodes a C-order complex64 (or, with `double`, complex128) array; 1-D for one row.
pub fn encode(signal: &Signal, double: bool) -> Vec<u8> {
    let shape = if signal.rows == 1 {
        format!("({},)", signal.cols)
    } else {
        format!("({}, {})", signal.rows, signal.cols)
    };
    let descr = if double { "<c16" } else { "<c8" };
    let mut dict = format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape}, }}");
    // Pad with spaces so magic + version + length + dictionary + newline is a multiple of 64.
    while (MAGIC.len() + 4 + dict.len() + 1) % 64 != 0 {
        dict.push(' ');
    }
    dict.push('\n');
    let mut out = Vec::with_capacity(10 + dict.len() + signal.data.len() * 16);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&[1, 0]);
    out.extend_from_slice(&(dict.len() as u16).to_le_bytes());
    out.extend_from_slice(dict.as_bytes());
    super::raw::push_interleaved_le(&mut out, &signal.data, double);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn npy(descr: &str, fortran: bool, shape: &str, data: &[u8]) -> Vec<u8> {
        let dict = format!(
            "{{'descr': '{descr}', 'fortran_order': {}, 'shape': {shape}, }}\n",
            if fortran { "True" } else { "False" }
        );
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&[1, 0]);
        out.extend_from_slice(&(dict.len() as u16).to_le_bytes());
        out.extend_from_slice(dict.as_bytes());
        out.extend_from_slice(data);
        out
    }

    fn f8(values: &[f64]) -> Vec<u8> {
        values.iter().flat_map(|v| v.to_le_bytes()).collect()
    }

    #[test]
    fn c_and_fortran_order() {
        let p = Path::new("a.npy");
        let c = decode(
            p,
            &npy("<f8", false, "(2, 3)", &f8(&[1., 2., 3., 4., 5., 6.])),
        )
        .unwrap();
        let f = decode(
            p,
            &npy("<f8", true, "(2, 3)", &f8(&[1., 4., 2., 5., 3., 6.])),
        )
        .unwrap();
        assert_eq!((c.rows, c.cols), (2, 3));
        assert_eq!(c, f);
        assert_eq!(c.data[4], Complex64::new(5.0, 0.0));
    }

    #[test]
    fn dtypes_and_round_trip() {
        let p = Path::new("a.npy");
        let f4: Vec<u8> = [1.5f32, -2.0]
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect();
        let s = decode(p, &npy("<f4", false, "(2,)", &f4)).unwrap();
        assert_eq!(s.data[1], Complex64::new(-2.0, 0.0));
        let be: Vec<u8> = [1.5f64].iter().flat_map(|v| v.to_be_bytes()).collect();
        assert_eq!(
            decode(p, &npy(">f8", false, "(1,)", &be)).unwrap().data[0].re,
            1.5
        );
        let signal = Signal {
            rows: 2,
            cols: 2,
            data: vec![Complex64::new(1.0, 2.0); 4],
            complex: true,
            sample_rate: None,
        };
        for double in [false, true] {
            let bytes = encode(&signal, double);
            assert_eq!((bytes.len() - 4 * if double { 16 } else { 8 }) % 64, 0);
            assert_eq!(decode(p, &bytes).unwrap(), signal);
        }
    }

    #[test]
    fn unsupported_files_are_rejected() {
        let p = Path::new("a.npy");
        let err = |b: &[u8]| decode(p, b).unwrap_err().to_string();
        assert!(err(&npy("<i4", false, "(1,)", &[0; 4])).contains("dtype '<i4' is not supported"));
        assert!(err(&npy("<f8", false, "(1, 1, 1)", &[0; 8]))
            .contains("shape (1, 1, 1) is not supported"));
        assert!(err(&npy("<f8", false, "(4,)", &[0; 8])).contains("truncated"));
        assert!(err(b"hello").contains("not a .npy file"));
        assert!(err(&npy("<f8", false, "(0,)", &[])).contains("empty"));
    }
}
