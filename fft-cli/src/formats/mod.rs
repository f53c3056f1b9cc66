//! Signal files: reading and writing every format `oclfft` understands.
//!
//! A [`Signal`] is a 2-D array of complex values in row-major order (a 1-D file is one
//! row). Readers report bad values by position (`file:line:column` for text,
//! `row`/`column` for binary files); writers go through [`write_atomically`], so a failed
//! run never leaves a half-written output file.

pub mod csv;
pub mod npy;
pub mod raw;
pub mod txt;
pub mod wav;

use crate::exit::CliError;
use clap::ValueEnum;
use num_complex::Complex64;
use std::path::Path;

/// A file format, chosen by extension or by `--format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Text: one real value per line, or `re im` / `re,im` per line; `#` comments.
    Txt,
    /// CSV: one column, or re/im columns; a header line is allowed.
    Csv,
    /// NumPy `.npy`: float32, float64, complex64 or complex128; 1-D or 2-D.
    Npy,
    /// WAV audio: each channel is one row (real samples only).
    Wav,
    /// Raw interleaved little-endian complex float32 (re, im, re, im, ...).
    C64,
    /// Raw interleaved little-endian complex float64.
    C128,
}

impl Format {
    /// The format named by `explicit`, else the one `path`'s extension names.
    pub fn resolve(path: &Path, explicit: Option<Format>) -> Result<Format, CliError> {
        if let Some(format) = explicit {
            return Ok(format);
        }
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .unwrap_or_default();
        match ext.as_str() {
            "txt" | "dat" => Ok(Format::Txt),
            "csv" => Ok(Format::Csv),
            "npy" => Ok(Format::Npy),
            "wav" => Ok(Format::Wav),
            "c64" | "cf32" => Ok(Format::C64),
            "c128" | "cf64" => Ok(Format::C128),
            _ => Err(CliError::Input(format!(
                "{}: cannot tell the format from the extension '{ext}': use .txt, .csv, .npy, .wav, .c64 or .c128, or pass --format",
                path.display()
            ))),
        }
    }
}

/// A 2-D array of complex samples (row-major); 1-D data is a single row.
#[derive(Clone, Debug, PartialEq)]
pub struct Signal {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns (values per row).
    pub cols: usize,
    /// `rows * cols` values, row after row.
    pub data: Vec<Complex64>,
    /// True when the file held imaginary parts (complex dtype, `re im` lines, raw complex).
    pub complex: bool,
    /// Sample rate in Hz, when the file says (WAV).
    pub sample_rate: Option<u32>,
}

impl Signal {
    /// A single row of values.
    pub fn row(data: Vec<Complex64>, complex: bool) -> Signal {
        Signal {
            rows: 1,
            cols: data.len(),
            data,
            complex,
            sample_rate: None,
        }
    }

    /// The transpose (columns become rows).
    pub fn transposed(&self) -> Signal {
        let mut data = Vec::with_capacity(self.data.len());
        for c in 0..self.cols {
            for r in 0..self.rows {
                data.push(self.data[r * self.cols + c]);
            }
        }
        Signal {
            rows: self.cols,
            cols: self.rows,
            data,
            ..self.clone()
        }
    }

    /// The largest |imaginary part| relative to the largest |value| (0 for all-zero data).
    pub fn imaginary_ratio(&self) -> f64 {
        let max_abs = self.data.iter().map(|v| v.norm()).fold(0.0, f64::max);
        let max_im = self.data.iter().map(|v| v.im.abs()).fold(0.0, f64::max);
        if max_abs == 0.0 {
            0.0
        } else {
            max_im / max_abs
        }
    }
}

/// What the readers accept.
#[derive(Clone, Copy, Debug, Default)]
pub struct ReadOptions {
    /// Accept NaN and infinities instead of rejecting them with their position.
    pub allow_nonfinite: bool,
}

/// The shape `(rows, cols)` of a file, known without reading its data (npy header, raw file
/// size), so a transform too large for the device fails before gigabytes are read.
pub fn probe_shape(path: &Path, format: Format) -> Result<Option<(usize, usize)>, CliError> {
    let shape = match format {
        Format::Npy => npy::probe(path)?,
        Format::C64 | Format::C128 => raw::probe(path, format)?,
        _ => return Ok(None),
    };
    if shape.0 * shape.1 == 0 {
        return Err(CliError::Input(format!(
            "{}: the file holds no samples",
            path.display()
        )));
    }
    Ok(Some(shape))
}

/// Reads `path` as `format`.
pub fn read(path: &Path, format: Format, options: ReadOptions) -> Result<Signal, CliError> {
    let signal = match format {
        Format::Txt => txt::read(path, options)?,
        Format::Csv => csv::read(path, options)?,
        Format::Npy => npy::read(path)?,
        Format::Wav => wav::read(path)?,
        Format::C64 | Format::C128 => raw::read(path, format)?,
    };
    if signal.data.is_empty() {
        return Err(CliError::Input(format!(
            "{}: the file holds no samples",
            path.display()
        )));
    }
    if !options.allow_nonfinite
        && matches!(
            format,
            Format::Npy | Format::Wav | Format::C64 | Format::C128
        )
    {
        check_finite(path, &signal)?;
    }
    Ok(signal)
}

/// Rejects the first NaN or infinity of a binary file with its row and column.
fn check_finite(path: &Path, signal: &Signal) -> Result<(), CliError> {
    match signal
        .data
        .iter()
        .position(|v| !v.re.is_finite() || !v.im.is_finite())
    {
        None => Ok(()),
        Some(i) => Err(CliError::Input(format!(
            "{}: value {} at row {}, column {} (element {i}) is not finite: fix the data, or pass --allow-nonfinite",
            path.display(),
            signal.data[i],
            i / signal.cols.max(1),
            i % signal.cols.max(1)
        ))),
    }
}

/// How to write a result.
#[derive(Clone, Copy, Debug)]
pub struct WriteOptions {
    /// Write 64-bit values (complex128, c128) instead of 32-bit where the format has both.
    pub double: bool,
    /// Sample rate for WAV output.
    pub sample_rate: u32,
}

/// Encodes `signal` as `format` into bytes.
pub fn encode(signal: &Signal, format: Format, options: WriteOptions) -> Result<Vec<u8>, CliError> {
    match format {
        Format::Txt => Ok(txt::encode(signal).into_bytes()),
        Format::Csv => Ok(csv::encode(signal).into_bytes()),
        Format::Npy => Ok(npy::encode(signal, options.double)),
        Format::Wav => wav::encode(signal, options.sample_rate),
        Format::C64 | Format::C128 => Ok(raw::encode(signal, format)),
    }
}

/// Writes `bytes` to a temporary file beside `path`, then renames it over `path`: readers
/// never see a half-written file, and a failure leaves nothing behind.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "output".into());
    let tmp = path.with_file_name(format!(".{name}.oclfft-partial"));
    std::fs::write(&tmp, bytes)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            CliError::Input(format!("cannot write {}: {e}", path.display()))
        })
}

/// Reads a whole file, with a message naming it when that fails.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, CliError> {
    std::fs::read(path).map_err(|e| CliError::Input(format!("cannot read {}: {e}", path.display())))
}

/// Reads a whole text file, with a message naming it when that fails.
pub fn read_text(path: &Path) -> Result<String, CliError> {
    let bytes = read_bytes(path)?;
    String::from_utf8(bytes).map_err(|e| {
        CliError::Input(format!(
            "{}: not a text file (invalid UTF-8 at byte {}): pass --format for binary data",
            path.display(),
            e.utf8_error().valid_up_to()
        ))
    })
}
