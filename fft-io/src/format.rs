//! [`Format`]: which reader and writer a path gets.

use crate::{IoError, Position};
use std::path::Path;

/// A file format, chosen by extension or by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
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

/// `path`'s extension in lower case (`"NPY"` -> `"npy"`), empty when it has none.
pub fn lowercase_extension(path: &Path) -> String {
    path.extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default()
}

impl Format {
    /// The format named by `explicit`, else the one `path`'s extension names.
    pub fn resolve(path: &Path, explicit: Option<Format>) -> Result<Format, IoError> {
        if let Some(format) = explicit {
            return Ok(format);
        }
        let ext = lowercase_extension(path);
        match ext.as_str() {
            "txt" | "dat" => Ok(Format::Txt),
            "csv" => Ok(Format::Csv),
            "npy" => Ok(Format::Npy),
            "wav" => Ok(Format::Wav),
            "c64" | "cf32" => Ok(Format::C64),
            "c128" | "cf64" => Ok(Format::C128),
            _ => Err(IoError::invalid(
                path,
                Position::File,
                format!("cannot tell the format from the extension '{ext}': use .txt, .csv, .npy, .wav, .c64 or .c128, or pass --format"),
            )),
        }
    }

    /// The lower-case name (`npy`, `c64`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Format::Txt => "txt",
            Format::Csv => "csv",
            Format::Npy => "npy",
            Format::Wav => "wav",
            Format::C64 => "c64",
            Format::C128 => "c128",
        }
    }
}
