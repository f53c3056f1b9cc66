//! [`ValueWriter`]: an array of complex values written a piece at a time, in the formats
//! whose encoding needs no more than the shape up front (text, CSV, `.npy`, raw c64/c128).
//! The whole-signal encoders of those formats ([`crate::encode`]) go through it too, so a
//! file written in pieces is byte for byte the file written at once.

use crate::txt::number_text;
use crate::{npy, Format, Shape, Signal};
use num_complex::Complex64;
use std::io::{self, Write};

/// Writes the values of an array of [`Shape`], row after row, to `W` in one format.
pub struct ValueWriter<W: Write> {
    out: W,
    format: Format,
    shape: Shape,
    /// f64 (complex128, c128) values, else f32, where the format has both.
    double: bool,
    /// Values written so far.
    written: usize,
}

impl<W: Write> ValueWriter<W> {
    /// True for the formats a [`ValueWriter`] writes: all but WAV (whose header and
    /// channels need the real parts of the whole signal).
    pub fn writes(format: Format) -> bool {
        format != Format::Wav
    }

    /// Starts an array of `shape` in `format` on `out` (the `.npy` header, CSV's column
    /// names); `double` writes complex128 values to `.npy` (c64 and c128 name their width).
    /// WAV is an `InvalidInput` error: see [`ValueWriter::writes`].
    pub fn new(mut out: W, format: Format, shape: Shape, double: bool) -> io::Result<Self> {
        if !Self::writes(format) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "WAV output is encoded whole (fft_io::encode), not value by value",
            ));
        }
        match format {
            Format::Npy => {
                let descr = if double { "<c16" } else { "<c8" };
                out.write_all(&npy::header(shape, descr))?;
            }
            Format::Csv => out.write_all(b"re,im\n")?,
            _ => {}
        }
        let double = match format {
            Format::C64 => false,
            Format::C128 => true,
            _ => double,
        };
        Ok(ValueWriter {
            out,
            format,
            shape,
            double,
            written: 0,
        })
    }

    /// Writes the next `values` of the array (row after row).
    pub fn push(&mut self, values: impl IntoIterator<Item = Complex64>) -> io::Result<()> {
        let cols = self.shape.cols.max(1);
        for v in values {
            match self.format {
                Format::Txt => {
                    if self.shape.rows > 1 && self.written % cols == 0 {
                        writeln!(self.out, "# row {}", self.written / cols)?;
                    }
                    writeln!(self.out, "{} {}", number_text(v.re), number_text(v.im))?;
                }
                Format::Csv => writeln!(self.out, "{},{}", number_text(v.re), number_text(v.im))?,
                _ if self.double => {
                    self.out.write_all(&v.re.to_le_bytes())?;
                    self.out.write_all(&v.im.to_le_bytes())?;
                }
                _ => {
                    self.out.write_all(&(v.re as f32).to_le_bytes())?;
                    self.out.write_all(&(v.im as f32).to_le_bytes())?;
                }
            }
            self.written += 1;
        }
        Ok(())
    }

    /// The output, once every value of the shape was written; an `InvalidData` error when
    /// fewer or more were.
    pub fn finish(self) -> io::Result<W> {
        let expected = self.shape.rows.saturating_mul(self.shape.cols);
        if self.written != expected {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "internal: {} values written to a {} x {} array",
                    self.written, self.shape.rows, self.shape.cols
                ),
            ));
        }
        Ok(self.out)
    }
}

/// The whole of `signal` in `format` (not WAV), as [`ValueWriter`] writes it.
pub(crate) fn encode_whole(signal: &Signal, format: Format, double: bool) -> Vec<u8> {
    let write = || -> io::Result<Vec<u8>> {
        let mut writer = ValueWriter::new(Vec::new(), format, signal.shape(), double)?;
        writer.push(signal.data().iter().copied())?;
        writer.finish()
    };
    // Writing to a vector fails only for WAV, which callers encode whole.
    write().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(format: Format, shape: Shape, values: &[Complex64]) -> Vec<u8> {
        let mut w = ValueWriter::new(Vec::new(), format, shape, false).unwrap();
        // In two pieces, split inside a row.
        let (a, b) = values.split_at(values.len() / 2 + 1);
        w.push(a.iter().copied()).unwrap();
        w.push(b.iter().copied()).unwrap();
        w.finish().unwrap()
    }

    #[test]
    fn text_marks_each_row_of_a_2d_array() {
        let v = [Complex64::new(1.0, 0.5), Complex64::new(-2.0, 0.0)];
        let shape = Shape {
            rows: 2,
            cols: 1,
            ndim: 2,
        };
        let text = String::from_utf8(written(Format::Txt, shape, &v)).unwrap();
        assert_eq!(text, "# row 0\n1 0.5\n# row 1\n-2 0\n");
        let csv = String::from_utf8(written(Format::Csv, shape, &v)).unwrap();
        assert_eq!(csv, "re,im\n1,0.5\n-2,0\n");
    }

    #[test]
    fn raw_values_take_the_width_of_their_format() {
        let v = [Complex64::new(1.0, -1.0)];
        let shape = Shape {
            rows: 1,
            cols: 1,
            ndim: 1,
        };
        assert_eq!(written(Format::C64, shape, &v).len(), 8);
        let mut w = ValueWriter::new(Vec::new(), Format::C128, shape, false).unwrap();
        w.push(v).unwrap();
        assert_eq!(w.finish().unwrap().len(), 16);
    }

    #[test]
    fn a_short_array_is_an_error() {
        let shape = Shape {
            rows: 2,
            cols: 2,
            ndim: 2,
        };
        let mut w = ValueWriter::new(Vec::new(), Format::Npy, shape, false).unwrap();
        w.push([Complex64::new(0.0, 0.0)]).unwrap();
        let err = w.finish().unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidData);
        assert!(
            err.to_string().contains("1 values written to a 2 x 2"),
            "{err}"
        );
    }
}
