//! [`Shape`]: the dimensions of one multi-dimensional transform and which axes it transforms
//! (numpy's `fftn(x, axes=...)`, cuFFT's rank and `n[]`).

use super::{PlanError, MAX_LEN};

/// The most dimensions a transform has (the design takes more by raising this).
pub const MAX_RANK: usize = 3;

/// The dimensions of one transform in C order (row-major: the last axis is contiguous) and the
/// axes it transforms. A batch of transforms lies one after another, `len()` values apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    dims: [usize; MAX_RANK],
    rank: usize,
    transformed: [bool; MAX_RANK],
}

impl Shape {
    /// `dims` (1 to [`MAX_RANK`] of them, each from 1 to [`MAX_LEN`]) with every axis
    /// transformed (`axes: None`), or those in `axes` (each below the rank, once).
    ///
    /// ```
    /// use fft_core::plan::Shape;
    /// let image = Shape::new(&[480, 640], None)?;
    /// assert_eq!(image.len(), 480 * 640);
    /// let columns = Shape::new(&[480, 640], Some(&[0]))?;
    /// assert_eq!(columns.axes().collect::<Vec<_>>(), [0]);
    /// assert_eq!(columns.transformed_len(), 480);
    /// assert!(Shape::new(&[4, 0], None).is_err());
    /// # Ok::<(), fft_core::plan::PlanError>(())
    /// ```
    pub fn new(dims: &[usize], axes: Option<&[usize]>) -> Result<Shape, PlanError> {
        let rank = dims.len();
        if rank == 0 || rank > MAX_RANK {
            return Err(PlanError::UnsupportedRank { rank });
        }
        let mut shape = Shape {
            dims: [1; MAX_RANK],
            rank,
            transformed: [axes.is_none(); MAX_RANK],
        };
        for (axis, &len) in dims.iter().enumerate() {
            if len == 0 || len > MAX_LEN {
                return Err(PlanError::AxisLength { axis, len });
            }
            shape.dims[axis] = len;
        }
        for &axis in axes.unwrap_or(&[]) {
            if axis >= rank {
                return Err(PlanError::AxisOutOfRange { axis, rank });
            }
            if shape.transformed[axis] {
                return Err(PlanError::RepeatedAxis { axis });
            }
            shape.transformed[axis] = true;
        }
        if axes.is_some_and(|a| a.is_empty()) {
            return Err(PlanError::NoAxes);
        }
        shape
            .dims()
            .iter()
            .try_fold(1usize, |n, &d| n.checked_mul(d))
            .ok_or(PlanError::ShapeOverflow)?;
        Ok(shape)
    }

    /// The dimensions, C order.
    pub fn dims(&self) -> &[usize] {
        &self.dims[..self.rank]
    }

    /// The number of dimensions.
    pub fn rank(&self) -> usize {
        self.rank
    }

    /// The transformed axes, in increasing order.
    pub fn axes(&self) -> impl DoubleEndedIterator<Item = usize> + '_ {
        (0..self.rank).filter(|&a| self.transformed[a])
    }

    /// Values of one transform: the product of the dimensions.
    #[expect(
        clippy::len_without_is_empty,
        reason = "a shape has at least one value"
    )]
    pub fn len(&self) -> usize {
        self.dims().iter().product()
    }

    /// The product of the transformed dimensions: the `N` of the normalization.
    pub fn transformed_len(&self) -> usize {
        self.axes().map(|a| self.dims[a]).product()
    }

    /// `(before, inner)`: the products of the dimensions before and after `axis`.
    pub fn around(&self, axis: usize) -> (usize, usize) {
        let dims = self.dims();
        (
            dims[..axis].iter().product(),
            dims[axis + 1..].iter().product(),
        )
    }

    /// Whether this is an ordinary 1-D transform (rank 1, its axis transformed).
    pub fn is_one_dimensional(&self) -> bool {
        self.rank == 1 && self.transformed[0]
    }

    /// `480 x 640` with the transformed axes marked: `480 x [640]` when only axis 1 is.
    pub fn describe(&self) -> String {
        let all = self.axes().count() == self.rank;
        self.dims()
            .iter()
            .enumerate()
            .map(|(a, d)| {
                if all || !self.transformed[a] {
                    d.to_string()
                } else {
                    format!("[{d}]")
                }
            })
            .collect::<Vec<_>>()
            .join(" x ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_shapes_say_what_is_wrong() {
        assert_eq!(
            Shape::new(&[], None),
            Err(PlanError::UnsupportedRank { rank: 0 })
        );
        assert_eq!(
            Shape::new(&[2, 2, 2, 2], None),
            Err(PlanError::UnsupportedRank { rank: 4 })
        );
        assert_eq!(
            Shape::new(&[8, 0], None),
            Err(PlanError::AxisLength { axis: 1, len: 0 })
        );
        assert_eq!(
            Shape::new(&[8, 8], Some(&[2])),
            Err(PlanError::AxisOutOfRange { axis: 2, rank: 2 })
        );
        assert_eq!(
            Shape::new(&[8, 8], Some(&[1, 1])),
            Err(PlanError::RepeatedAxis { axis: 1 })
        );
        assert_eq!(Shape::new(&[8, 8], Some(&[])), Err(PlanError::NoAxes));
        assert_eq!(
            Shape::new(&[1 << 27, 1 << 27, 1 << 27], None),
            Err(PlanError::ShapeOverflow)
        );
        let message = PlanError::AxisLength { axis: 1, len: 0 }.to_string();
        assert!(
            message.contains("axis 1") && message.contains("0"),
            "{message}"
        );
    }

    #[test]
    fn products_around_an_axis() {
        let s = Shape::new(&[2, 3, 5], Some(&[2, 0])).unwrap();
        assert_eq!(s.len(), 30);
        assert_eq!(s.transformed_len(), 10);
        assert_eq!(s.around(0), (1, 15));
        assert_eq!(s.around(1), (2, 5));
        assert_eq!(s.around(2), (6, 1));
        assert_eq!(s.axes().rev().collect::<Vec<_>>(), [2, 0]);
        assert_eq!(s.describe(), "[2] x 3 x [5]");
        assert!(!s.is_one_dimensional());
        assert!(Shape::new(&[7], None).unwrap().is_one_dimensional());
    }
}
