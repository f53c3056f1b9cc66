//! Reading the input file of `fft` and `spectrum`: the signal, with what the reader noticed
//! (a skipped CSV header) said on standard error.

use fft_io::{Format, Notice, ReadOptions, Signal};
use std::path::Path;

/// Reads `path` as `format`, printing a warning for each notice of the reader.
pub fn read(path: &Path, format: Format, options: ReadOptions) -> crate::Result<Signal> {
    let read = fft_io::read(path, format, options)?;
    for notice in &read.notices {
        match notice {
            Notice::HeaderSkipped { line, text } => eprintln!(
                "oclfft: warning: {}:{line}: skipped '{text}' as a header line (no field is a number)",
                path.display()
            ),
        }
    }
    Ok(read.signal)
}
