//! Reading the input file of `fft` and `spectrum`: the signal, with what the reader noticed
//! (a skipped CSV header) said on standard error.

use fft_io::{Format, Notice, ReadOptions, Signal};
use std::path::Path;

/// Reads `path` as `format`, printing a warning for each notice of the reader.
pub fn read(path: &Path, format: Format, options: ReadOptions) -> crate::Result<Signal> {
    let (signal, warnings) = read_noting(path, format, options)?;
    warn(&warnings);
    Ok(signal)
}

/// Reads `path` as `format`: the signal, and a warning for each notice of the reader, for the
/// caller to print with [`warn`].
pub fn read_noting(
    path: &Path,
    format: Format,
    options: ReadOptions,
) -> crate::Result<(Signal, Vec<String>)> {
    let read = fft_io::read(path, format, options)?;
    let warnings = read
        .notices
        .iter()
        .map(|notice| match notice {
            Notice::HeaderSkipped { line, text } => format!(
                "{}:{line}: skipped '{text}' as a header line (no field is a number)",
                path.display()
            ),
        })
        .collect();
    Ok((read.signal, warnings))
}

/// Prints `warnings` on standard error.
pub fn warn(warnings: &[String]) {
    for warning in warnings {
        eprintln!("oclfft: warning: {warning}");
    }
}
