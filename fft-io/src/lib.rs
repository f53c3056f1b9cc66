//! Signal files for oclfft: every format the `oclfft` tool reads and writes, as a library
//! that can be fuzzed and reused from Rust. No OpenCL. PNG images ([`png`]) are read as
//! luminance for 2-D spectra and written as 8-bit grayscale.
//!
//! A [`Signal`] is a 2-D array of complex values in row-major order (a 1-D file is one
//! row, and the signal remembers that it was 1-D, so that `.npy` output keeps the rank);
//! its shape always matches its data. Readers ([`read`], [`decode`]) never panic: any
//! input is a signal or an [`IoError`] that names the file and, where it can, the position
//! (`file:line:column` for text, row and column for arrays). Writers go through
//! [`write_file`], which replaces nothing but a regular file and never leaves a
//! half-written one.

pub mod csv;
mod element;
mod encode;
mod error;
mod format;
pub mod npy;
pub mod npy_header;
mod output;
pub mod png;
pub mod raw;
mod read;
mod row_reader;
mod signal;
mod tokens;
pub mod txt;
mod value_writer;
pub mod wav;

pub use encode::{encode, WriteOptions};
pub use error::{IoError, Position};
pub use format::{lowercase_extension, Format};
pub use output::{write_file, OutputFile};
pub use read::{decode, probe_shape, read, Notice, Read, ReadOptions};
pub use row_reader::RowReader;
pub use signal::{Shape, ShapeError, Signal};
pub use value_writer::ValueWriter;
