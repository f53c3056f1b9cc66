//! Reading any format: whole files or bytes already in memory, the shape from a header
//! alone, and the checks every format shares (no samples, non-finite values).

use crate::{csv, npy, raw, txt, wav, Format, IoError, Position, Shape, Signal};
use std::path::Path;

/// What the readers accept.
#[derive(Clone, Copy, Debug, Default)]
pub struct ReadOptions {
    /// Accept NaN and infinities instead of rejecting them with their position.
    pub allow_nonfinite: bool,
}

/// What a reader found besides the signal, for the user to hear about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A first CSV line with no number in it was taken as a header and skipped.
    HeaderSkipped {
        /// 1-based line.
        line: usize,
        /// Its text.
        text: String,
    },
}

/// A signal and the notices its reader gave.
#[derive(Clone, Debug, PartialEq)]
pub struct Read {
    /// The signal.
    pub signal: Signal,
    /// Things the user should know (a skipped header line).
    pub notices: Vec<Notice>,
}

/// Reads `path` as `format`.
pub fn read(path: &Path, format: Format, options: ReadOptions) -> Result<Read, IoError> {
    let bytes = std::fs::read(path).map_err(|e| IoError::read(path, e))?;
    decode(path, &bytes, format, options)
}

/// Decodes `bytes` as `format` (`path` names them in messages). Never panics: any input is
/// a signal or an error.
pub fn decode(
    path: &Path,
    bytes: &[u8],
    format: Format,
    options: ReadOptions,
) -> Result<Read, IoError> {
    let mut notices = Vec::new();
    let signal = match format {
        Format::Txt => txt::parse(path, text(path, bytes)?, options)?,
        Format::Csv => csv::parse(path, text(path, bytes)?, options, &mut notices)?,
        Format::Npy => npy::decode(path, bytes)?,
        Format::Wav => wav::decode(path, bytes)?,
        Format::C64 | Format::C128 => raw::decode(path, bytes, format)?,
    };
    if signal.data().is_empty() {
        return Err(IoError::invalid(
            path,
            Position::File,
            "the file holds no samples",
        ));
    }
    if !options.allow_nonfinite {
        if let Some((row, column, value)) = signal.first_nonfinite() {
            return Err(IoError::NonFinite {
                path: path.into(),
                at: Position::Element { row, column },
                value: value.to_string(),
            });
        }
    }
    Ok(Read { signal, notices })
}

/// The shape of a file, known without reading its data (npy header, raw file size), so a
/// transform too large for the device fails before gigabytes are read. `None` for formats
/// that must be read to know it.
pub fn probe_shape(path: &Path, format: Format) -> Result<Option<Shape>, IoError> {
    let shape = match format {
        Format::Npy => npy::probe(path)?,
        Format::C64 | Format::C128 => {
            let (rows, cols) = raw::probe(path, format)?;
            Shape {
                rows,
                cols,
                ndim: 1,
            }
        }
        _ => return Ok(None),
    };
    if shape.rows.checked_mul(shape.cols).unwrap_or(1) == 0 {
        return Err(IoError::invalid(
            path,
            Position::File,
            "the file holds no samples",
        ));
    }
    Ok(Some(shape))
}

/// `bytes` as text without a leading UTF-8 byte order mark.
fn text<'a>(path: &Path, bytes: &'a [u8]) -> Result<&'a str, IoError> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        IoError::invalid(
            path,
            Position::File,
            format!(
                "not a text file (invalid UTF-8 at byte {}): pass --format for binary data",
                e.valid_up_to()
            ),
        )
    })?;
    Ok(text.strip_prefix('\u{feff}').unwrap_or(text))
}
