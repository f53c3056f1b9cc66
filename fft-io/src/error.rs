//! The one error type of the crate: every variant names the file, and where it can, the
//! position in it (`file:line:column` in text, row and column in binary arrays).

use std::fmt;
use std::path::PathBuf;

/// Where in a file a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Position {
    /// The file as a whole (its size, its header, its encoding).
    File,
    /// A 1-based line and column of a text file.
    Line {
        /// 1-based line.
        line: usize,
        /// 1-based column (in characters).
        column: usize,
    },
    /// An element of an array, by 0-based row and column.
    Element {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        column: usize,
    },
}

impl fmt::Display for Position {
    /// Formats as the suffix of the file name: `:3:5` for a line, nothing otherwise (an
    /// element is named in the message).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Position::Line { line, column } => write!(f, ":{line}:{column}"),
            Position::File | Position::Element { .. } => Ok(()),
        }
    }
}

/// A failure to read or write a signal file.
#[derive(Debug, thiserror::Error)]
pub enum IoError {
    /// The file could not be opened or read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// What the operating system said.
        source: std::io::Error,
    },
    /// The file could not be written.
    #[error("cannot write {}: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// What the operating system said.
        source: std::io::Error,
    },
    /// The output path names something that must not be replaced by a file.
    #[error("{}: {what}: refusing to replace it; name a regular file (or a character device or pipe such as /dev/stdout)", path.display())]
    NotReplaceable {
        /// The path.
        path: PathBuf,
        /// What is there (`is a directory`, `is a symbolic link to nothing`, ...).
        what: String,
    },
    /// The content is not valid for the format.
    #[error("{}{at}: {message}", path.display())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// Where.
        at: Position,
        /// What is wrong and what to do.
        message: String,
    },
    /// A NaN or infinity where finite values are required.
    #[error("{}{}: {value}{} is not finite: fix the data, or pass --allow-nonfinite", path.display(), at, element(at))]
    NonFinite {
        /// The file.
        path: PathBuf,
        /// Where.
        at: Position,
        /// The value as written or decoded.
        value: String,
    },
    /// A value the writer cannot represent (complex data as WAV, too many channels).
    #[error("{message}")]
    Unrepresentable {
        /// What cannot be written and what to write instead.
        message: String,
    },
}

/// ` at row R, column C` for an element, nothing otherwise.
fn element(at: &Position) -> String {
    match at {
        Position::Element { row, column } => format!(" at row {row}, column {column}"),
        _ => String::new(),
    }
}

impl IoError {
    /// An [`IoError::Invalid`] for `path` at `at`.
    pub fn invalid(path: impl Into<PathBuf>, at: Position, message: impl Into<String>) -> Self {
        IoError::Invalid {
            path: path.into(),
            at,
            message: message.into(),
        }
    }

    /// An [`IoError::Read`] for `path`.
    pub fn read(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        IoError::Read {
            path: path.into(),
            source,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_file_and_position() {
        let e = IoError::invalid("a.txt", Position::Line { line: 3, column: 5 }, "bad");
        assert_eq!(e.to_string(), "a.txt:3:5: bad");
        let e = IoError::NonFinite {
            path: "a.npy".into(),
            at: Position::Element { row: 1, column: 0 },
            value: "inf".into(),
        };
        assert_eq!(
            e.to_string(),
            "a.npy: inf at row 1, column 0 is not finite: fix the data, or pass --allow-nonfinite"
        );
    }
}
