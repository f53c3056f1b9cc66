//! [`RowReader`]: the values of a `.npy` or raw file read a piece at a time, so a file larger
//! than memory can be transformed a few rows at a time. The checks are those of the
//! whole-file readers ([`crate::read`]): the same shape, the same truncation and non-finite
//! errors at the same positions.

use crate::element::Element;
use crate::{npy_header, raw, Format, IoError, Position, ReadOptions, Shape};
use num_complex::Complex64;
use std::fs::File;
use std::io::{BufReader, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

/// Bytes read from the file at a time.
const PIECE_BYTES: usize = 1 << 20;

/// Reads the values of a `.npy` (C order, or one row) or raw c64/c128 file in order.
pub struct RowReader {
    path: PathBuf,
    file: BufReader<File>,
    element: Element,
    shape: Shape,
    options: ReadOptions,
    /// Values read so far.
    read: usize,
    /// Reused for each piece of the file.
    piece: Vec<u8>,
}

impl RowReader {
    /// Opens `path` (of `format`) and checks its header and size; `None` for the formats
    /// and layouts that must be read whole (text, CSV, WAV, a Fortran-order `.npy` of
    /// several rows).
    pub fn open(
        path: &Path,
        format: Format,
        options: ReadOptions,
    ) -> Result<Option<RowReader>, IoError> {
        let mut file = File::open(path).map_err(|e| IoError::read(path, e))?;
        let file_len = file.metadata().map_err(|e| IoError::read(path, e))?.len();
        let (element, shape, data_offset) = match format {
            Format::C64 | Format::C128 => {
                let (rows, cols) = raw::probe(path, format)?;
                let shape = Shape {
                    rows,
                    cols,
                    ndim: 1,
                };
                (Element::raw(format), shape, 0)
            }
            Format::Npy => {
                let mut head = Vec::new();
                (&mut file)
                    .take(12 + npy_header::MAX_HEADER_BYTES as u64)
                    .read_to_end(&mut head)
                    .map_err(|e| IoError::read(path, e))?;
                let h = npy_header::parse(path, &head)?;
                if h.fortran && h.rows > 1 {
                    return Ok(None);
                }
                let shape = Shape {
                    rows: h.rows,
                    cols: h.cols,
                    ndim: h.ndim,
                };
                (Element::npy(h.dtype, h.big_endian), shape, h.data_offset)
            }
            _ => return Ok(None),
        };
        let available = file_len.saturating_sub(data_offset as u64);
        data_bytes(path, shape.rows, shape.cols, element, available)?;
        if shape.rows * shape.cols == 0 {
            return Err(IoError::invalid(
                path,
                Position::File,
                "the file holds no samples",
            ));
        }
        file.seek(SeekFrom::Start(data_offset as u64))
            .map_err(|e| IoError::read(path, e))?;
        Ok(Some(RowReader {
            path: path.into(),
            file: BufReader::new(file),
            element,
            shape,
            options,
            read: 0,
            piece: Vec::new(),
        }))
    }

    /// The shape of the array.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Reads the next `count` values (row after row), giving each with its index in the
    /// array (`row * cols + column`) to `each`, which may stop the reading with its error.
    /// A NaN or infinite value is an [`IoError::NonFinite`] at its row and column (unless
    /// [`ReadOptions::allow_nonfinite`]); reading past the last value is an error.
    pub fn read_values<E: From<IoError>>(
        &mut self,
        count: usize,
        mut each: impl FnMut(usize, Complex64) -> Result<(), E>,
    ) -> Result<(), E> {
        let total = self.shape.rows * self.shape.cols;
        if count > total - self.read {
            return Err(IoError::invalid(
                &self.path,
                Position::File,
                format!(
                    "internal: {count} values asked for, {} left",
                    total - self.read
                ),
            )
            .into());
        }
        let size = self.element.size();
        let per_piece = (PIECE_BYTES / size).max(1);
        let mut left = count;
        while left > 0 {
            let n = left.min(per_piece);
            self.piece.resize(n * size, 0);
            self.file
                .read_exact(&mut self.piece)
                .map_err(|e| IoError::read(&self.path, e))?;
            for (k, bytes) in self.piece.chunks_exact(size).enumerate() {
                let index = self.read + k;
                let value = self.element.decode(bytes);
                let finite = value.re.is_finite() && value.im.is_finite();
                if !finite && !self.options.allow_nonfinite {
                    let cols = self.shape.cols;
                    return Err(IoError::NonFinite {
                        path: self.path.clone(),
                        at: Position::Element {
                            row: index / cols,
                            column: index % cols,
                        },
                        value: value.to_string(),
                    }
                    .into());
                }
                each(index, value)?;
            }
            self.read += n;
            left -= n;
        }
        Ok(())
    }
}

/// The bytes of `rows` x `cols` values of `element`, checked against the `available` bytes
/// of data: an error, with the messages of the whole-file readers, when the product
/// overflows or the file is truncated.
pub(crate) fn data_bytes(
    path: &Path,
    rows: usize,
    cols: usize,
    element: Element,
    available: u64,
) -> Result<usize, IoError> {
    let count = rows.checked_mul(cols);
    let needed = count.and_then(|n| n.checked_mul(element.size()));
    let (Some(count), Some(needed)) = (count, needed) else {
        return Err(IoError::invalid(
            path,
            Position::File,
            format!(
                "the header announces {rows} x {cols} values, more than this machine can address"
            ),
        ));
    };
    if available < needed as u64 {
        return Err(IoError::invalid(
            path,
            Position::File,
            format!(
                "the header announces {count} values ({needed} bytes) but the file holds {available} bytes of data: the file is truncated"
            ),
        ));
    }
    Ok(needed)
}
