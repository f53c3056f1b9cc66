//! [`Layout`]: where the values of a transform's input or output lie (DESIGN.md sections 4.6
//! and 7): element strides per axis, the distance between the transforms of a batch
//! (`cufftPlanMany`'s `istride`/`idist` and `ostride`/`odist`, FFTW's guru dimensions), and
//! interleaved or planar complex values (real and imaginary parts in two buffers).

use super::{PlanError, MAX_RANK};

/// How one side of a transform lies in memory. The default is C order, contiguous,
/// interleaved: the layout of a plan built without one.
///
/// ```
/// use fft_core::plan::Layout;
/// // Every other value of 4 rows of 1000, rows 2500 values apart.
/// let strided = Layout::strided(&[2], 2500);
/// assert_eq!(strided.resolve(&[1000], 4)?.extent(), 3 * 2500 + 999 * 2 + 1);
/// // Real and imaginary parts in two buffers, each C order.
/// let planar = Layout::planar();
/// assert!(planar.is_planar());
/// assert!(Layout::strided(&[0], 8).resolve(&[8], 1).is_err());
/// # Ok::<(), fft_core::plan::PlanError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Layout {
    strides: Option<([usize; MAX_RANK], usize)>,
    distance: Option<usize>,
    planar: bool,
}

impl Layout {
    /// C order, contiguous, interleaved `(re, im)` pairs: the default.
    pub fn interleaved() -> Layout {
        Layout::default()
    }

    /// C order, contiguous, with the real parts in one buffer and the imaginary parts in
    /// another (split, SoA complex).
    pub fn planar() -> Layout {
        Layout {
            planar: true,
            ..Layout::default()
        }
    }

    /// Interleaved values with `strides[axis]` values between neighbours along each axis of
    /// the shape (C order) and `distance` values between consecutive transforms of the batch.
    pub fn strided(strides: &[usize], distance: usize) -> Layout {
        Layout::default().with_strides(strides, distance)
    }

    /// The same storage with these strides and batch distance (in values of each part for a
    /// planar layout).
    pub fn with_strides(self, strides: &[usize], distance: usize) -> Layout {
        let mut all = [0; MAX_RANK];
        let rank = strides.len().min(MAX_RANK + 1);
        for (slot, &s) in all.iter_mut().zip(strides) {
            *slot = s;
        }
        Layout {
            strides: Some((all, rank)),
            distance: Some(distance),
            ..self
        }
    }

    /// Whether the real and imaginary parts lie in two buffers.
    pub fn is_planar(&self) -> bool {
        self.planar
    }

    /// The layout's addresses for a batch of `batch` arrays of shape `dims`, checked: one
    /// stride per axis, none zero on an axis longer than 1, no two values at one address.
    pub fn resolve(&self, dims: &[usize], batch: usize) -> Result<Resolved, PlanError> {
        let rank = dims.len();
        if rank == 0 || rank > MAX_RANK {
            return Err(PlanError::UnsupportedRank { rank });
        }
        if let Some(axis) = dims.iter().position(|&d| d == 0) {
            return Err(PlanError::AxisLength { axis, len: 0 });
        }
        if batch == 0 {
            return Err(PlanError::EmptyBatch);
        }
        let contiguous = contiguous_strides(dims);
        let strides: Vec<usize> = match self.strides {
            None => contiguous.clone(),
            Some((_, given)) if given != rank => {
                return Err(PlanError::LayoutRank { given, rank });
            }
            Some((strides, _)) => strides[..rank].to_vec(),
        };
        let one: usize = dims.iter().product();
        let distance = self.distance.unwrap_or(one);
        // The last address plus one, where every value's address fits the kernels' 32-bit
        // indices: (batch - 1) * distance + sum (len - 1) * stride + 1.
        let extent = dims
            .iter()
            .zip(&strides)
            .chain([(&batch, &distance)])
            .try_fold(1usize, |sum, (&len, &stride)| {
                (len - 1)
                    .checked_mul(stride)
                    .and_then(|reach| sum.checked_add(reach))
            })
            .filter(|&extent| extent <= super::MAX_TOTAL_POINTS)
            .ok_or(PlanError::LayoutTooLarge {
                max: super::MAX_TOTAL_POINTS,
            })?;
        // The batch is one more axis: its stride is the distance.
        let mut axes: Vec<(usize, usize, String)> = dims
            .iter()
            .zip(&strides)
            .enumerate()
            .map(|(axis, (&len, &stride))| (len, stride, format!("axis {axis}")))
            .collect();
        axes.push((batch, distance, "the batch distance".to_string()));
        for (len, stride, name) in &axes {
            if *len > 1 && *stride == 0 {
                return Err(PlanError::LayoutZeroStride {
                    what: name.clone(),
                    len: *len,
                });
            }
        }
        // No two values at one address: with the axes in increasing stride, each stride
        // reaches past every value the smaller ones address.
        let mut sorted: Vec<&(usize, usize, String)> =
            axes.iter().filter(|(len, ..)| *len > 1).collect();
        sorted.sort_by_key(|(_, stride, _)| *stride);
        let mut reach = 0usize;
        let mut previous: Option<&(usize, usize, String)> = None;
        for axis in sorted {
            let (len, stride, name) = axis;
            if *stride <= reach {
                let (_, prev_stride, prev_name) = previous.expect("reach > 0 has a previous axis");
                return Err(PlanError::LayoutOverlap {
                    what: name.clone(),
                    stride: *stride,
                    other: prev_name.clone(),
                    other_stride: *prev_stride,
                    reach,
                });
            }
            reach += (len - 1) * stride;
            previous = Some(axis);
        }
        // A length-1 axis's stride addresses nothing.
        let contiguous_order = dims
            .iter()
            .zip(strides.iter().zip(&contiguous))
            .all(|(&len, (s, c))| len == 1 || s == c);
        Ok(Resolved {
            strides,
            distance,
            extent,
            contiguous: contiguous_order && (batch == 1 || distance == one),
            planar: self.planar,
        })
    }
}

/// C-order strides of `dims`: the last axis 1, each other the product of the later ones.
fn contiguous_strides(dims: &[usize]) -> Vec<usize> {
    let mut strides = vec![1; dims.len()];
    for axis in (0..dims.len().saturating_sub(1)).rev() {
        strides[axis] = strides[axis + 1] * dims[axis + 1];
    }
    strides
}

/// A [`Layout`] checked against a shape and batch: every stride, the distance, and the
/// values a buffer must hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
    /// Values between neighbours along each axis.
    pub strides: Vec<usize>,
    /// Values between consecutive transforms.
    pub distance: usize,
    /// Values a buffer (each buffer, planar) must hold: the last address plus one.
    pub extent: usize,
    /// Whether this is the default contiguous layout (no pass of its own needed).
    pub contiguous: bool,
    /// Two buffers.
    pub planar: bool,
}

impl Resolved {
    /// The layout as rows of the last axis of `dims`: `(stride, distance)` with value `m` of
    /// row `r` (rows in C order over the other axes and the batch) at `r * distance + m *
    /// stride`, where the other axes' strides and the batch distance allow it (each steps
    /// over whole rows of one row distance); `None` otherwise.
    pub fn as_rows(&self, dims: &[usize], batch: usize) -> Option<(usize, usize)> {
        self.as_axis(dims, batch, dims.len().checked_sub(1)?)
    }

    /// The layout as sequences along `axis` of `dims`, the axes after it inner columns:
    /// `(stride, distance)` with value `m` of sequence `r` (in C order over the axes before
    /// `axis` and the batch) in column `ci` (C order over the axes after it) at `r * distance
    /// + m * stride + ci`, where the axes after `axis` are contiguous in C order and the
    /// others step over whole sequences of one distance ([`Resolved::as_rows`] for the last
    /// axis); `None` otherwise.
    pub fn as_axis(&self, dims: &[usize], batch: usize, axis: usize) -> Option<(usize, usize)> {
        if self.strides.len() != dims.len() || axis >= dims.len() {
            return None;
        }
        let mut columns = 1usize;
        for k in (axis + 1..dims.len()).rev() {
            if dims[k] > 1 && self.strides[k] != columns {
                return None;
            }
            columns *= dims[k];
        }
        // The batch, then the axes before `axis`, outermost first.
        let mut outer: Vec<(usize, usize)> = vec![(batch, self.distance)];
        outer.extend(
            dims[..axis]
                .iter()
                .copied()
                .zip(self.strides[..axis].iter().copied()),
        );
        let mut row_distance = None::<usize>;
        let mut rows_inside = 1usize;
        for &(len, stride) in outer.iter().rev() {
            if len > 1 {
                if stride % rows_inside != 0 {
                    return None;
                }
                let implied = stride / rows_inside;
                match row_distance {
                    Some(known) if known != implied => return None,
                    _ => row_distance = Some(implied),
                }
            }
            rows_inside *= len;
        }
        Some((self.strides[axis], row_distance.unwrap_or(0)))
    }

    /// Values a buffer must hold for this side.
    pub fn extent(&self) -> usize {
        self.extent
    }

    /// Whether the side needs a layout pass: any layout but contiguous interleaved.
    pub fn needs_pass(&self) -> bool {
        self.planar || !self.contiguous
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_contiguous_and_need_no_pass() {
        let r = Layout::default().resolve(&[4, 6], 3).unwrap();
        assert_eq!(r.strides, [6, 1]);
        assert_eq!((r.distance, r.extent), (24, 72));
        assert!(!r.needs_pass());
        // Explicit contiguous strides are the default too.
        let same = Layout::strided(&[6, 1], 24).resolve(&[4, 6], 3).unwrap();
        assert!(!same.needs_pass());
        assert!(Layout::planar().resolve(&[4, 6], 3).unwrap().needs_pass());
    }

    #[test]
    fn strided_layouts_reach_their_last_value() {
        // Columns of a 10 x 8 row-major matrix of which the transform takes 10 x 3 ... a
        // Fortran-order 4 x 6 array: strides [1, 4].
        let fortran = Layout::strided(&[1, 4], 24).resolve(&[4, 6], 2).unwrap();
        assert_eq!(fortran.extent, 48);
        assert!(fortran.needs_pass());
        // Padded rows: 6 values in rows of 8.
        let padded = Layout::strided(&[8, 1], 40).resolve(&[5, 6], 2).unwrap();
        assert_eq!(padded.extent, 40 + 4 * 8 + 6);
    }

    #[test]
    fn bad_layouts_name_the_axis_and_the_numbers() {
        let err = |l: Layout, dims: &[usize], batch| l.resolve(dims, batch).unwrap_err();
        assert_eq!(
            err(Layout::strided(&[1], 8), &[4, 4], 1),
            PlanError::LayoutRank { given: 1, rank: 2 }
        );
        let zero = err(Layout::strided(&[0, 1], 16), &[4, 4], 1).to_string();
        assert!(
            zero.contains("axis 0") && zero.contains("stride 0"),
            "{zero}"
        );
        let distance = err(Layout::strided(&[4, 1], 0), &[4, 4], 2).to_string();
        assert!(distance.contains("batch distance"), "{distance}");
        // Rows 3 apart but 4 long: row 1 starts inside row 0.
        let overlap = err(Layout::strided(&[3, 1], 12), &[4, 4], 1).to_string();
        assert!(
            overlap.contains("axis 0") && overlap.contains("stride 3") && overlap.contains("3"),
            "{overlap}"
        );
        // Transforms 10 apart but each 16 values long.
        let batch = err(Layout::strided(&[4, 1], 10), &[4, 4], 2).to_string();
        assert!(batch.contains("batch distance"), "{batch}");
        // Addresses past the kernels' 32-bit indices, or past usize: refused, not wrapped.
        assert_eq!(
            err(Layout::strided(&[1 << 31], 8), &[4], 1),
            PlanError::LayoutTooLarge {
                max: crate::plan::MAX_TOTAL_POINTS
            }
        );
        assert!(err(Layout::strided(&[usize::MAX / 2, 1], 8), &[4, 1], 1)
            .to_string()
            .contains("32-bit"));
        // A length-1 axis may have any stride, 0 included.
        assert!(Layout::strided(&[0, 1], 4).resolve(&[1, 4], 1).is_ok());
        // Shapes and batches the planner refuses are refused here too, not a panic.
        assert_eq!(
            err(Layout::default(), &[4, 0], 1),
            PlanError::AxisLength { axis: 1, len: 0 }
        );
        assert_eq!(err(Layout::default(), &[4], 0), PlanError::EmptyBatch);
        assert_eq!(
            err(Layout::default(), &[], 1),
            PlanError::UnsupportedRank { rank: 0 }
        );
    }
}
