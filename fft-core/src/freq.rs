//! numpy's frequency helpers: the frequency of each output bin ([`fftfreq`], [`rfftfreq`]) and
//! the reordering that puts zero frequency in the middle ([`fftshift`], [`ifftshift`]).
//!
//! The definitions are numpy's (`numpy.fft.fftfreq`, `rfftfreq`, `fftshift`, `ifftshift`), so
//! code ported from numpy gives the same numbers. The shifts work in place on any slice; the
//! `_rows` forms shift each row of row-major 2-D data (numpy's `axes=-1`) and the `_2d` forms
//! shift both axes (numpy's default for a 2-D array), as a centred image spectrum needs.

use std::fmt;

/// The frequency of each bin of an `n`-point transform with sample spacing `d`
/// (numpy's `fft.fftfreq(n, d)`): `[0, 1, ..., ceil(n/2) - 1, -floor(n/2), ..., -1] / (n*d)`.
///
/// With `d` in seconds the frequencies are in Hz; `d = 1.0` gives cycles per sample, and
/// `d = 1.0 / rate` the frequencies of a signal sampled at `rate`. `n = 0` gives an empty
/// vector (numpy raises). Each value is `k * (1 / (n*d))`, computed as numpy does.
///
/// ```
/// use fft_core::fftfreq;
/// // numpy.fft.fftfreq(5, 0.1) -> [ 0.,  2.,  4., -4., -2.]
/// assert_eq!(fftfreq(5, 0.1), [0.0, 2.0, 4.0, -4.0, -2.0]);
/// // numpy.fft.fftfreq(4) -> [ 0.  ,  0.25, -0.5 , -0.25]: Nyquist counts as negative.
/// assert_eq!(fftfreq(4, 1.0), [0.0, 0.25, -0.5, -0.25]);
/// ```
pub fn fftfreq(n: usize, d: f64) -> Vec<f64> {
    if n == 0 {
        return Vec::new();
    }
    let scale = 1.0 / (n as f64 * d);
    let positive = n.div_ceil(2); // 0 ..= ceil(n/2) - 1
    (0..n)
        .map(|k| {
            let signed = if k < positive {
                k as f64
            } else {
                -((n - k) as f64)
            };
            signed * scale
        })
        .collect()
}

/// The frequency of each bin of an `n`-point real-to-complex transform (the `n/2 + 1` bins of
/// its half spectrum) with sample spacing `d` (numpy's `fft.rfftfreq(n, d)`):
/// `[0, 1, ..., n/2] / (n*d)`, all non-negative (for even `n` the last is Nyquist).
///
/// `n = 0` gives an empty vector (numpy raises).
///
/// ```
/// use fft_core::rfftfreq;
/// // numpy.fft.rfftfreq(8, 0.125) -> [0., 1., 2., 3., 4.]
/// assert_eq!(rfftfreq(8, 0.125), [0.0, 1.0, 2.0, 3.0, 4.0]);
/// // numpy.fft.rfftfreq(5, 0.1) -> [0., 2., 4.]
/// assert_eq!(rfftfreq(5, 0.1), [0.0, 2.0, 4.0]);
/// ```
pub fn rfftfreq(n: usize, d: f64) -> Vec<f64> {
    if n == 0 {
        return Vec::new();
    }
    let scale = 1.0 / (n as f64 * d);
    (0..=n / 2).map(|k| k as f64 * scale).collect()
}

/// Moves zero frequency to the centre, in place (numpy's `fft.fftshift` of 1-D data): rotates
/// right by `n/2`, so bin 0 lands at index `n/2` and the negative frequencies come first.
/// [`ifftshift`] undoes it (the two differ for odd `n`).
///
/// ```
/// use fft_core::{fftfreq, fftshift, ifftshift};
/// // numpy.fft.fftshift([0, 1, 2, 3, 4]) -> [3, 4, 0, 1, 2]
/// let mut x = [0, 1, 2, 3, 4];
/// fftshift(&mut x);
/// assert_eq!(x, [3, 4, 0, 1, 2]);
/// ifftshift(&mut x);
/// assert_eq!(x, [0, 1, 2, 3, 4]);
///
/// // Frequencies in ascending order: numpy.fft.fftshift(numpy.fft.fftfreq(4)).
/// let mut f = fftfreq(4, 1.0);
/// fftshift(&mut f);
/// assert_eq!(f, [-0.5, -0.25, 0.0, 0.25]);
/// ```
pub fn fftshift<T>(data: &mut [T]) {
    let n = data.len();
    data.rotate_right(n / 2);
}

/// The inverse of [`fftshift`], in place (numpy's `fft.ifftshift` of 1-D data): rotates left by
/// `n/2`, putting zero frequency back at index 0. The same as `fftshift` for even `n`.
///
/// ```
/// use fft_core::ifftshift;
/// // numpy.fft.ifftshift([3, 4, 0, 1, 2]) -> [0, 1, 2, 3, 4]
/// let mut x = [3, 4, 0, 1, 2];
/// ifftshift(&mut x);
/// assert_eq!(x, [0, 1, 2, 3, 4]);
/// // numpy.fft.ifftshift([2, 3, 0, 1]) -> [0, 1, 2, 3]
/// let mut y = [2, 3, 0, 1];
/// ifftshift(&mut y);
/// assert_eq!(y, [0, 1, 2, 3]);
/// ```
pub fn ifftshift<T>(data: &mut [T]) {
    let n = data.len();
    data.rotate_left(n / 2);
}

/// A row length that does not split the data into whole rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowLenError {
    /// Number of values in the data.
    pub len: usize,
    /// The row length given.
    pub row_len: usize,
}

impl fmt::Display for RowLenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.row_len == 0 {
            write!(f, "row length 0: a row holds at least one value")
        } else {
            write!(
                f,
                "row length {} does not divide the data length {}: the data must hold whole rows",
                self.row_len, self.len
            )
        }
    }
}

impl std::error::Error for RowLenError {}

/// The number of rows of `len` values in rows of `row_len`, or the error.
fn rows(len: usize, row_len: usize) -> Result<usize, RowLenError> {
    if row_len == 0 || len % row_len != 0 {
        Err(RowLenError { len, row_len })
    } else {
        Ok(len / row_len)
    }
}

/// [`fftshift`] of each row of row-major 2-D data with rows of `row_len` values (numpy's
/// `fft.fftshift(x, axes=-1)`). An error, with the data untouched, when `row_len` is 0 or does
/// not divide `data.len()`.
///
/// ```
/// use fft_core::fftshift_rows;
/// // numpy.fft.fftshift([[0, 1, 2], [3, 4, 5]], axes=-1) -> [[2, 0, 1], [5, 3, 4]]
/// let mut x = [0, 1, 2, 3, 4, 5];
/// fftshift_rows(&mut x, 3).unwrap();
/// assert_eq!(x, [2, 0, 1, 5, 3, 4]);
/// assert!(fftshift_rows(&mut x, 4).is_err());
/// ```
pub fn fftshift_rows<T>(data: &mut [T], row_len: usize) -> Result<(), RowLenError> {
    rows(data.len(), row_len)?;
    data.chunks_exact_mut(row_len).for_each(fftshift);
    Ok(())
}

/// [`ifftshift`] of each row of row-major 2-D data (numpy's `fft.ifftshift(x, axes=-1)`); undoes
/// [`fftshift_rows`]. The same errors.
pub fn ifftshift_rows<T>(data: &mut [T], row_len: usize) -> Result<(), RowLenError> {
    rows(data.len(), row_len)?;
    data.chunks_exact_mut(row_len).for_each(ifftshift);
    Ok(())
}

/// [`fftshift`] along both axes of row-major 2-D data with rows of `row_len` values (numpy's
/// `fft.fftshift(x)` of a 2-D array): zero frequency moves to row `rows/2`, column
/// `row_len/2`, the centre of a 2-D spectrum. The same errors as [`fftshift_rows`].
///
/// ```
/// use fft_core::{fftshift_2d, ifftshift_2d};
/// // numpy.fft.fftshift([[0, 1, 2], [3, 4, 5], [6, 7, 8]])
/// //   -> [[8, 6, 7], [2, 0, 1], [5, 3, 4]]
/// let mut x = [0, 1, 2, 3, 4, 5, 6, 7, 8];
/// fftshift_2d(&mut x, 3).unwrap();
/// assert_eq!(x, [8, 6, 7, 2, 0, 1, 5, 3, 4]);
/// ifftshift_2d(&mut x, 3).unwrap();
/// assert_eq!(x, [0, 1, 2, 3, 4, 5, 6, 7, 8]);
/// ```
pub fn fftshift_2d<T>(data: &mut [T], row_len: usize) -> Result<(), RowLenError> {
    let rows = rows(data.len(), row_len)?;
    fftshift_rows(data, row_len)?;
    // Rotating the whole slice by a multiple of the row length moves whole rows.
    data.rotate_right(rows / 2 * row_len);
    Ok(())
}

/// [`ifftshift`] along both axes of row-major 2-D data (numpy's `fft.ifftshift(x)` of a 2-D
/// array); undoes [`fftshift_2d`]. The same errors as [`fftshift_rows`].
pub fn ifftshift_2d<T>(data: &mut [T], row_len: usize) -> Result<(), RowLenError> {
    let rows = rows(data.len(), row_len)?;
    ifftshift_rows(data, row_len)?;
    data.rotate_left(rows / 2 * row_len);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// numpy's definition, written out: bin `k` of `n` is `k` for `k < ceil(n/2)`, else `k - n`.
    fn signed_bin(k: usize, n: usize) -> i64 {
        if 2 * k < n {
            k as i64
        } else {
            k as i64 - n as i64
        }
    }

    /// numpy's `fftshift` by its definition: `out[(i + n/2) % n] = x[i]` (np.roll by n/2).
    fn fftshift_by_definition(x: &[i64]) -> Vec<i64> {
        let n = x.len();
        let mut out = vec![0; n];
        for (i, &v) in x.iter().enumerate() {
            out[(i + n / 2) % n] = v;
        }
        out
    }

    /// numpy's `ifftshift`: `out[i] = x[(i + n/2) % n]` (np.roll by -(n/2)).
    fn ifftshift_by_definition(x: &[i64]) -> Vec<i64> {
        let n = x.len();
        (0..n).map(|i| x[(i + n / 2) % n]).collect()
    }

    #[test]
    fn fftfreq_matches_numpys_definition_for_n_1_to_8() {
        for n in 1..=8usize {
            for d in [1.0, 0.1, 0.25, 1.0 / 44100.0] {
                let got = fftfreq(n, d);
                assert_eq!(got.len(), n);
                for (k, &f) in got.iter().enumerate() {
                    let want = signed_bin(k, n) as f64 / (n as f64 * d);
                    assert!(
                        (f - want).abs() <= 1e-12 * want.abs().max(1.0),
                        "fftfreq({n}, {d})[{k}] = {f}, want {want}"
                    );
                }
            }
        }
    }

    #[test]
    fn rfftfreq_is_the_non_negative_head_of_fftfreq_plus_nyquist() {
        for n in 1..=8usize {
            let got = rfftfreq(n, 0.5);
            assert_eq!(got.len(), n / 2 + 1, "n = {n}");
            for (k, &f) in got.iter().enumerate() {
                let want = k as f64 / (n as f64 * 0.5);
                assert!(
                    (f - want).abs() <= 1e-12,
                    "rfftfreq({n})[{k}] = {f}, want {want}"
                );
            }
            // numpy: rfftfreq(n) is fftfreq(n)[:n//2+1] with the even-n Nyquist made positive.
            let full = fftfreq(n, 0.5);
            for k in 0..=n / 2 {
                assert_eq!(got[k], full[k].abs(), "n = {n}, k = {k}");
            }
        }
    }

    #[test]
    fn numpy_documented_examples() {
        // numpy.fft.fftfreq docs: fftfreq(8, 0.1) = [0, 1.25, 2.5, 3.75, -5, -3.75, -2.5, -1.25].
        assert_eq!(
            fftfreq(8, 0.1),
            [0.0, 1.25, 2.5, 3.75, -5.0, -3.75, -2.5, -1.25]
        );
        // numpy.fft.fftshift docs: fftshift(fftfreq(10, 0.1)) = [-5, -4, ..., 4].
        let mut f = fftfreq(10, 0.1);
        fftshift(&mut f);
        assert_eq!(f, [-5.0, -4.0, -3.0, -2.0, -1.0, 0.0, 1.0, 2.0, 3.0, 4.0]);
    }

    #[test]
    fn empty_inputs() {
        assert!(fftfreq(0, 1.0).is_empty());
        assert!(rfftfreq(0, 1.0).is_empty());
        assert_eq!(fftfreq(1, 1.0), [0.0]);
        assert_eq!(rfftfreq(1, 1.0), [0.0]);
        let mut e: [u8; 0] = [];
        fftshift(&mut e);
        ifftshift(&mut e);
        assert_eq!(fftshift_rows(&mut e, 3), Ok(()));
        assert_eq!(fftshift_2d(&mut e, 3), Ok(()));
    }

    #[test]
    fn shifts_match_numpys_definition_for_n_1_to_8() {
        for n in 1..=8usize {
            let x: Vec<i64> = (0..n as i64).collect();
            let mut shifted = x.clone();
            fftshift(&mut shifted);
            assert_eq!(shifted, fftshift_by_definition(&x), "fftshift, n = {n}");
            let mut back = x.clone();
            ifftshift(&mut back);
            assert_eq!(back, ifftshift_by_definition(&x), "ifftshift, n = {n}");
            // Zero frequency at the centre, frequencies ascending.
            let mut f = fftfreq(n, 1.0);
            fftshift(&mut f);
            assert_eq!(f[n / 2], 0.0, "n = {n}");
            assert!(f.windows(2).all(|w| w[0] < w[1]), "n = {n}: {f:?}");
        }
        // Odd n: the two shifts differ.
        let mut a = [0, 1, 2];
        let mut b = a;
        fftshift(&mut a);
        ifftshift(&mut b);
        assert_eq!((a, b), ([2, 0, 1], [1, 2, 0]));
    }

    #[test]
    fn row_shifts_shift_each_row_and_2d_shifts_both_axes() {
        for rows_n in 1..=4usize {
            for cols in 1..=5usize {
                let x: Vec<i64> = (0..(rows_n * cols) as i64).collect();
                let mut by_rows = x.clone();
                fftshift_rows(&mut by_rows, cols).unwrap();
                let want: Vec<i64> = x.chunks(cols).flat_map(fftshift_by_definition).collect();
                assert_eq!(by_rows, want, "{rows_n}x{cols}");

                // Both axes: element (r, c) goes to ((r + R/2) % R, (c + C/2) % C).
                let mut both = x.clone();
                fftshift_2d(&mut both, cols).unwrap();
                let mut want = vec![0; x.len()];
                for r in 0..rows_n {
                    for c in 0..cols {
                        let to = ((r + rows_n / 2) % rows_n) * cols + (c + cols / 2) % cols;
                        want[to] = x[r * cols + c];
                    }
                }
                assert_eq!(both, want, "{rows_n}x{cols}");
                ifftshift_2d(&mut both, cols).unwrap();
                assert_eq!(both, x, "{rows_n}x{cols}");
                ifftshift_rows(&mut by_rows, cols).unwrap();
                assert_eq!(by_rows, x, "{rows_n}x{cols}");
            }
        }
    }

    #[test]
    fn bad_row_lengths_are_errors_and_leave_the_data_alone() {
        let mut x = [1, 2, 3, 4, 5, 6, 7];
        for row_len in [0, 2, 3, 8] {
            let err = fftshift_rows(&mut x, row_len).unwrap_err();
            assert_eq!(err, RowLenError { len: 7, row_len });
            assert!(ifftshift_rows(&mut x, row_len).is_err());
            assert!(fftshift_2d(&mut x, row_len).is_err());
            assert!(ifftshift_2d(&mut x, row_len).is_err());
        }
        assert_eq!(x, [1, 2, 3, 4, 5, 6, 7]);
        assert_eq!(
            fftshift_rows(&mut x, 2).unwrap_err().to_string(),
            "row length 2 does not divide the data length 7: the data must hold whole rows"
        );
        assert_eq!(
            fftshift_rows(&mut x, 0).unwrap_err().to_string(),
            "row length 0: a row holds at least one value"
        );
    }

    proptest! {
        #[test]
        fn ifftshift_undoes_fftshift(x in proptest::collection::vec(any::<i32>(), 0..200)) {
            let mut y = x.clone();
            fftshift(&mut y);
            ifftshift(&mut y);
            prop_assert_eq!(&y, &x);
            ifftshift(&mut y);
            fftshift(&mut y);
            prop_assert_eq!(&y, &x);
        }

        #[test]
        fn two_d_shifts_round_trip(rows_n in 0usize..12, cols in 1usize..12, seed in any::<u64>()) {
            let x: Vec<u64> = (0..(rows_n * cols) as u64).map(|i| i ^ seed).collect();
            let mut y = x.clone();
            fftshift_2d(&mut y, cols).unwrap();
            ifftshift_2d(&mut y, cols).unwrap();
            prop_assert_eq!(&y, &x);
            fftshift_rows(&mut y, cols).unwrap();
            ifftshift_rows(&mut y, cols).unwrap();
            prop_assert_eq!(&y, &x);
        }

        #[test]
        fn shifted_fftfreq_is_ascending_with_zero_at_the_centre(n in 1usize..500, d in 1e-6f64..1e3) {
            let mut f = fftfreq(n, d);
            fftshift(&mut f);
            prop_assert_eq!(f[n / 2], 0.0);
            prop_assert!(f.windows(2).all(|w| w[0] < w[1]));
        }
    }
}
