//! Standard output. A reader that goes away (`oclfft plan N | head -3`) ends the program
//! quietly with status 0 instead of a panic, as other Unix tools do.

use crate::exit::CliError;
use std::fmt::Display;
use std::io::{ErrorKind, Write};

/// Writes `text` to standard output as is.
pub fn text(text: &str) -> crate::Result<()> {
    bytes(text.as_bytes())
}

/// Writes `bytes` to standard output as they are.
pub fn bytes(bytes: &[u8]) -> crate::Result<()> {
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(bytes)
        .and_then(|()| stdout.flush())
        .map_err(|e| match e.kind() {
            ErrorKind::BrokenPipe => CliError::OutputClosed,
            _ => CliError::Input(format!("cannot write to standard output: {e}")),
        })
}

/// Writes `line` and a newline to standard output.
pub fn line(line: impl Display) -> crate::Result<()> {
    text(&format!("{line}\n"))
}
