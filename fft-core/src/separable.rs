//! [`along_axes`]: a 1-D transform applied along chosen axes of C-order arrays, the separable
//! definition of the multi-dimensional DFT (the oracle of multi-dimensional plans).

use crate::Complex64;

/// Applies `transform` (one sequence in, the same number of values out) along each axis of
/// `axes`, in the order given, to every array of shape `dims` (C order) in `data` (a batch of
/// them one after another). With the naive DFT as `transform` this is the multi-dimensional
/// DFT's definition.
///
/// ```
/// use fft_core::{along_axes, naive_dft, Complex64, Direction};
/// // A 2 x 2 array: its 2-D DFT by rows then columns.
/// let x = [1.0, 2.0, 3.0, 4.0].map(|v| Complex64::new(v, 0.0));
/// let y = along_axes(&x, &[2, 2], &[0, 1], |s| naive_dft(s, Direction::Forward));
/// let re: Vec<f64> = y.iter().map(|v| v.re.round()).collect();
/// assert_eq!(re, [10.0, -2.0, -4.0, 0.0]);
/// ```
///
/// # Panics
/// If `data.len()` is not a multiple of the product of `dims`, or an axis is out of range.
pub fn along_axes(
    data: &[Complex64],
    dims: &[usize],
    axes: &[usize],
    transform: impl Fn(&[Complex64]) -> Vec<Complex64>,
) -> Vec<Complex64> {
    let total: usize = dims.iter().product();
    assert!(
        total > 0 && data.len() % total == 0,
        "data of {} values is no batch of {dims:?} arrays",
        data.len()
    );
    let mut out = data.to_vec();
    let mut line = Vec::new();
    for &axis in axes {
        let len = dims[axis];
        let inner: usize = dims[axis + 1..].iter().product();
        let outer = data.len() / total * dims[..axis].iter().product::<usize>();
        for o in 0..outer {
            for c in 0..inner {
                let at = |m: usize| (o * len + m) * inner + c;
                line.clear();
                line.extend((0..len).map(|m| out[at(m)]));
                for (m, v) in transform(&line).into_iter().enumerate() {
                    out[at(m)] = v;
                }
            }
        }
    }
    out
}
