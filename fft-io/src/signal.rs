//! [`Signal`]: a 2-D array of complex values whose shape always matches its data.

use num_complex::Complex64;

/// The shape given to [`Signal::new`] does not match the data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a {rows} x {cols} signal needs {} values, but {len} were given", rows.checked_mul(*cols).map_or("more than usize::MAX".to_string(), |n| n.to_string()))]
pub struct ShapeError {
    /// Rows asked for.
    pub rows: usize,
    /// Columns asked for.
    pub cols: usize,
    /// Values given.
    pub len: usize,
}

/// A 2-D array of complex samples (row-major); 1-D data is a single row.
///
/// The signal also knows the rank of the array it stands for ([`Signal::ndim`]): a 1-D
/// array `(N,)` and a 2-D array `(1, N)` hold the same row, but a `.npy` writer must give
/// each its own shape back.
///
/// The fields are private so that `rows * cols == data().len()` always holds: the only ways
/// to build one are the checked [`Signal::new`] and [`Signal::row`].
#[derive(Clone, Debug, PartialEq)]
pub struct Signal {
    rows: usize,
    cols: usize,
    data: Vec<Complex64>,
    complex: bool,
    sample_rate: Option<u32>,
    /// True for a 1-D array (then `rows == 1`).
    one_d: bool,
}

/// The shape of a file's array: `rows` x `cols` values, and whether the array is 1-D
/// (`(cols,)`, one row) or 2-D (`(rows, cols)`, even when `rows` is 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Rows (1 for a 1-D array).
    pub rows: usize,
    /// Values per row.
    pub cols: usize,
    /// 1 or 2.
    pub ndim: usize,
}

impl Signal {
    /// A 2-D array of `rows` rows of `cols` values, row after row; an error unless
    /// `rows * cols` (without overflow) is `data.len()`.
    pub fn new(
        rows: usize,
        cols: usize,
        data: Vec<Complex64>,
        complex: bool,
    ) -> Result<Signal, ShapeError> {
        if rows.checked_mul(cols) != Some(data.len()) {
            return Err(ShapeError {
                rows,
                cols,
                len: data.len(),
            });
        }
        Ok(Signal {
            rows,
            cols,
            data,
            complex,
            sample_rate: None,
            one_d: false,
        })
    }

    /// A 1-D array: a single row of values.
    pub fn row(data: Vec<Complex64>, complex: bool) -> Signal {
        Signal {
            rows: 1,
            cols: data.len(),
            data,
            complex,
            sample_rate: None,
            one_d: true,
        }
    }

    /// The same values as an array of `ndim` dimensions: 1 makes a signal of one row a 1-D
    /// array (a signal of several rows stays 2-D, the only shape that holds it); anything
    /// else makes it 2-D.
    pub fn with_ndim(mut self, ndim: usize) -> Signal {
        self.one_d = ndim == 1 && self.rows == 1;
        self
    }

    /// The number of dimensions of the array: 1 (`(cols,)`) or 2 (`(rows, cols)`).
    pub fn ndim(&self) -> usize {
        if self.one_d {
            1
        } else {
            2
        }
    }

    /// The shape: rows, columns and the number of dimensions.
    pub fn shape(&self) -> Shape {
        Shape {
            rows: self.rows,
            cols: self.cols,
            ndim: self.ndim(),
        }
    }

    /// The same signal, with `rate` as its sample rate.
    pub fn with_sample_rate(mut self, rate: Option<u32>) -> Signal {
        self.sample_rate = rate;
        self
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns (values per row).
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The values, row after row (`rows() * cols()` of them).
    pub fn data(&self) -> &[Complex64] {
        &self.data
    }

    /// The values, row after row, by value.
    pub fn into_data(self) -> Vec<Complex64> {
        self.data
    }

    /// Row `r`, if it exists.
    pub fn row_values(&self, r: usize) -> Option<&[Complex64]> {
        if r >= self.rows {
            return None;
        }
        self.data.get(r * self.cols..(r + 1) * self.cols)
    }

    /// True when the file held imaginary parts (complex dtype, `re im` lines, raw complex).
    pub fn is_complex(&self) -> bool {
        self.complex
    }

    /// Sample rate in Hz, when the file says (WAV).
    pub fn sample_rate(&self) -> Option<u32> {
        self.sample_rate
    }

    /// The transpose (columns become rows), a 2-D array.
    pub fn transposed(&self) -> Signal {
        let mut data = Vec::with_capacity(self.data.len());
        for c in 0..self.cols {
            data.extend((0..self.rows).map(|r| self.data[r * self.cols + c]));
        }
        Signal {
            rows: self.cols,
            cols: self.rows,
            data,
            complex: self.complex,
            sample_rate: self.sample_rate,
            one_d: false,
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

    /// The first value that is NaN or infinite, as `(row, column, value)`.
    pub fn first_nonfinite(&self) -> Option<(usize, usize, Complex64)> {
        let i = self
            .data
            .iter()
            .position(|v| !v.re.is_finite() || !v.im.is_finite())?;
        let cols = self.cols.max(1);
        Some((i / cols, i % cols, self.data[i]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shape_always_matches_the_data() {
        let one = Complex64::new(1.0, 0.0);
        assert!(Signal::new(2, 3, vec![one; 6], false).is_ok());
        assert!(Signal::new(2, 3, vec![one; 5], false).is_err());
        // (usize::MAX / 2 + 2) * 2 wraps to 2 in usize arithmetic: it must not be taken for 2 values.
        let err = Signal::new(usize::MAX / 2 + 2, 2, vec![one; 2], false).unwrap_err();
        assert!(err.to_string().contains("more than usize::MAX"), "{err}");
        let s = Signal::new(
            2,
            3,
            (0..6).map(|i| Complex64::new(i as f64, 0.0)).collect(),
            false,
        )
        .unwrap();
        let t = s.transposed();
        assert_eq!((t.rows(), t.cols()), (3, 2));
        assert_eq!(t.data()[1].re, 3.0);
        assert_eq!(s.row_values(1).unwrap()[0].re, 3.0);
        assert!(s.row_values(2).is_none());
    }

    #[test]
    fn the_rank_is_kept_and_only_one_row_can_be_1d() {
        let one = Complex64::new(1.0, 0.0);
        let row = Signal::row(vec![one; 3], false);
        assert_eq!(
            row.shape(),
            Shape {
                rows: 1,
                cols: 3,
                ndim: 1
            }
        );
        let wide = Signal::new(1, 3, vec![one; 3], false).unwrap();
        assert_eq!(wide.ndim(), 2);
        assert_ne!(row, wide, "(3,) and (1, 3) are different arrays");
        assert_eq!(wide.clone().with_ndim(1), row);
        assert_eq!(row.clone().with_ndim(2), wide);
        // Two rows cannot be 1-D; the transpose of a row is a column, 2-D.
        assert_eq!(
            Signal::new(3, 1, vec![one; 3], false)
                .unwrap()
                .with_ndim(1)
                .ndim(),
            2
        );
        assert_eq!(
            row.transposed().shape(),
            Shape {
                rows: 3,
                cols: 1,
                ndim: 2
            }
        );
        assert_eq!(row.transposed().transposed(), wide);
    }
}
