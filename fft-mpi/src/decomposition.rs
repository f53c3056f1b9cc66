//! How the field is split over ranks: [`Brick`]s (heFFTe's boxes), [`SlabBox`] (a brick that
//! splits one axis), FFTW-MPI's [`even_split`], and the grids of pencils.

use std::fmt;
use std::ops::Range;

/// A rank's part of the field: the indices `ranges[k]` along each axis `k`, stored in C order
/// (heFFTe's box). A 2-D field's bricks have `ranges[2] = 0..1`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Brick {
    /// The indices along axes 0, 1 and 2.
    pub ranges: [Range<usize>; 3],
}

impl Brick {
    /// The brick of `ranges`, one per axis of a 2-D or 3-D field (a 2-D field's third axis
    /// is `0..1`).
    ///
    /// # Panics
    /// When `ranges` has fewer than 2 or more than 3 entries.
    pub fn new(ranges: &[Range<usize>]) -> Brick {
        assert!(
            (2..=3).contains(&ranges.len()),
            "a brick has 2 or 3 ranges, got {}",
            ranges.len()
        );
        let third = ranges.get(2).cloned().unwrap_or(0..1);
        Brick {
            ranges: [ranges[0].clone(), ranges[1].clone(), third],
        }
    }

    /// The whole field of `dims`.
    pub fn whole(dims: [usize; 3]) -> Brick {
        Brick {
            ranges: dims.map(|n| 0..n),
        }
    }

    /// A brick holding nothing (a rank with no part of the field).
    pub fn empty() -> Brick {
        Brick {
            ranges: [0..0, 0..0, 0..0],
        }
    }

    /// The lengths along the three axes.
    pub fn dims(&self) -> [usize; 3] {
        [0, 1, 2].map(|k| self.ranges[k].len())
    }

    /// Values in the brick (`usize::MAX` when that overflows: a brick far outside any
    /// field, which the plan refuses).
    pub fn len(&self) -> usize {
        let dims = self.dims();
        dims.iter()
            .try_fold(1usize, |len, &n| len.checked_mul(n))
            .unwrap_or(usize::MAX)
    }

    /// Whether the brick holds nothing.
    pub fn is_empty(&self) -> bool {
        self.dims().contains(&0)
    }

    /// The values both bricks hold (empty when none).
    pub fn intersect(&self, other: &Brick) -> Brick {
        let ranges = [0, 1, 2].map(|k| {
            let (a, b) = (&self.ranges[k], &other.ranges[k]);
            a.start.max(b.start)..a.end.min(b.end).max(a.start.max(b.start))
        });
        let brick = Brick { ranges };
        if brick.is_empty() {
            Brick::empty()
        } else {
            brick
        }
    }

    /// Whether the brick holds every index of `axis` of a field of `dims` (or nothing at
    /// all, so a rank without data never stops an axis from being transformed).
    pub fn spans(&self, axis: usize, dims: [usize; 3]) -> bool {
        self.is_empty() || self.ranges[axis] == (0..dims[axis])
    }

    /// This brick's values of a whole C-order field of `dims`, in the brick's C order: what
    /// a rank passes to a plan when the field starts on one host.
    ///
    /// # Panics
    /// When the brick is not inside a field of `dims` or `field` is shorter than `dims` says.
    pub fn extract<V: Copy>(&self, field: &[V], dims: [usize; 3]) -> Vec<V> {
        let mut values = Vec::with_capacity(self.len());
        self.for_each_run(dims, |at, len| {
            values.extend_from_slice(&field[at..at + len])
        });
        values
    }

    /// Writes `values` (the brick's, in its C order) into their places in a whole C-order
    /// field of `dims`: the inverse of [`Brick::extract`], to gather the ranks' outputs.
    ///
    /// # Panics
    /// As [`Brick::extract`], or when `values` is shorter than the brick.
    pub fn place<V: Copy>(&self, values: &[V], field: &mut [V], dims: [usize; 3]) {
        let mut from = 0;
        self.for_each_run(dims, |at, len| {
            field[at..at + len].copy_from_slice(&values[from..from + len]);
            from += len;
        });
    }

    /// Calls `run(start, len)` for each run of the brick along axis 2 in a field of `dims`.
    fn for_each_run(&self, dims: [usize; 3], mut run: impl FnMut(usize, usize)) {
        let [r0, r1, r2] = &self.ranges;
        for i0 in r0.clone() {
            for i1 in r1.clone() {
                run((i0 * dims[1] + i1) * dims[2] + r2.start, r2.len());
            }
        }
    }

    /// Whether the brick lies inside a field of `dims` (an empty brick holds nothing, so it
    /// does, wherever its ranges point).
    pub fn inside(&self, dims: [usize; 3]) -> bool {
        let ordered = (0..3).all(|k| self.ranges[k].start <= self.ranges[k].end);
        ordered && (self.is_empty() || (0..3).all(|k| self.ranges[k].end <= dims[k]))
    }
}

impl fmt::Display for Brick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c] = &self.ranges;
        write!(
            f,
            "[{}..{}, {}..{}, {}..{}]",
            a.start, a.end, b.start, b.end, c.start, c.end
        )
    }
}

/// A part of the field as the caller names it: a [`Brick`], or a [`SlabBox`] (one split
/// axis, every index of the others).
pub trait PartOfField {
    /// The brick of a field of `dims`.
    fn brick(&self, dims: [usize; 3]) -> Brick;
}

impl PartOfField for Brick {
    fn brick(&self, _dims: [usize; 3]) -> Brick {
        self.clone()
    }
}

/// Where a slab transform's spectrum lands ([`crate::DistributedFft::slabs`]), as FFTW-MPI
/// offers it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SlabOutput {
    /// Slabs of axis 1 (FFTW-MPI's `FFTW_MPI_TRANSPOSED_OUT`): one exchange, the default.
    #[default]
    Transposed,
    /// Slabs of axis 0 like the input: a second exchange moves the field back.
    Natural,
}

impl SlabOutput {
    /// This rank's output slab of a field of `dims`, given its input slab of axis 0 by
    /// [`even_split`] over `ranks`.
    pub fn slab(self, dims: [usize; 3], ranks: usize, rank: usize) -> SlabBox {
        let axis = match self {
            SlabOutput::Transposed => 1,
            SlabOutput::Natural => 0,
        };
        SlabBox::new(axis, even_split(dims[axis], ranks, rank))
    }
}

/// A rank's slab: the indices `range` along axis `axis`, every index along the other axes
/// (a [`Brick`] with one split axis).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlabBox {
    /// The split axis.
    pub axis: usize,
    /// The indices this rank holds along `axis`.
    pub range: Range<usize>,
}

impl SlabBox {
    /// The slab `range` of axis `axis`.
    pub fn new(axis: usize, range: Range<usize>) -> SlabBox {
        SlabBox { axis, range }
    }

    /// Indices along the split axis.
    pub fn len(&self) -> usize {
        self.range.len()
    }

    /// Whether the box holds nothing (a rank may hold no slab when there are more ranks than
    /// planes).
    pub fn is_empty(&self) -> bool {
        self.range.is_empty()
    }
}

impl PartOfField for SlabBox {
    /// `range` along `axis`, every index of the other axes. A slab of an axis the field does
    /// not have is a brick outside the field, which the plan refuses.
    fn brick(&self, dims: [usize; 3]) -> Brick {
        let mut brick = Brick::whole(dims);
        match brick.ranges.get_mut(self.axis) {
            Some(range) => *range = self.range.clone(),
            None => brick.ranges[0] = 0..usize::MAX,
        }
        brick
    }
}

/// FFTW-MPI's split of `len` indices over `parts` ranks: rank `index` gets
/// `len / parts` indices, one more for the first `len % parts` ranks, in rank order.
pub fn even_split(len: usize, parts: usize, index: usize) -> Range<usize> {
    let (base, extra) = (len / parts, len % parts);
    let start = index * base + index.min(extra);
    start..start + base + usize::from(index < extra)
}

/// Why `bricks` do not tile a field of `dims` exactly once, or `None` when they do.
pub(crate) fn tiling_problem(bricks: &[Brick], dims: [usize; 3]) -> Option<String> {
    if let Some((rank, b)) = bricks.iter().enumerate().find(|(_, b)| !b.inside(dims)) {
        return Some(format!(
            "rank {rank}'s box {b} is not inside the field [0..{}, 0..{}, 0..{}]",
            dims[0], dims[1], dims[2]
        ));
    }
    for (i, a) in bricks.iter().enumerate() {
        for (j, b) in bricks.iter().enumerate().skip(i + 1) {
            let both = a.intersect(b);
            if !both.is_empty() {
                return Some(format!("ranks {i} and {j} both hold {both}"));
            }
        }
    }
    let covered: usize = bricks.iter().map(Brick::len).sum();
    let total: usize = dims.iter().product();
    (covered != total).then(|| format!("they hold {covered} of the field's {total} values"))
}

/// The bricks of `ranks` ranks that each span the axes `keep` and split the others of a field
/// of `dims`: slabs of the first other axis that has at least one index per rank, else a grid
/// of pencils over two other axes, as square as their lengths allow. Ranks beyond the slabs
/// or the grid get empty bricks.
pub(crate) fn spanning(dims: [usize; 3], keep: &[usize], ranks: usize) -> Vec<Brick> {
    let others: Vec<usize> = (0..3)
        .filter(|k| !keep.contains(k) && dims[*k] > 1)
        .collect();
    let whole = Brick::whole(dims);
    let mut bricks = vec![Brick::empty(); ranks];
    match others[..] {
        [] => bricks[0] = whole,
        [axis] => {
            let used = ranks.min(dims[axis]);
            for (r, brick) in bricks.iter_mut().enumerate().take(used) {
                *brick = whole.clone();
                brick.ranges[axis] = even_split(dims[axis], used, r);
            }
        }
        [a, ..] if dims[a] >= ranks => {
            for (r, brick) in bricks.iter_mut().enumerate() {
                *brick = whole.clone();
                brick.ranges[a] = even_split(dims[a], ranks, r);
            }
        }
        [a, b, ..] => {
            let (rows, columns) = grid(ranks, dims[a], dims[b]);
            for (r, brick) in bricks.iter_mut().enumerate().take(rows * columns) {
                *brick = whole.clone();
                brick.ranges[a] = even_split(dims[a], rows, r / columns);
                brick.ranges[b] = even_split(dims[b], columns, r % columns);
            }
        }
    }
    bricks
}

/// `rows x columns` with `rows <= max_rows`, `columns <= max_columns` and `rows * columns <=
/// ranks`: the most ranks used, then the squarest.
fn grid(ranks: usize, max_rows: usize, max_columns: usize) -> (usize, usize) {
    let mut best = (1, 1);
    for rows in 1..=ranks.min(max_rows) {
        let columns = (ranks / rows).min(max_columns).max(1);
        let (used, best_used) = (rows * columns, best.0 * best.1);
        let skew = |(r, c): (usize, usize)| r.abs_diff(c);
        if used > best_used || (used == best_used && skew((rows, columns)) < skew(best)) {
            best = (rows, columns);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_splits_tile_in_rank_order_with_the_remainder_first() {
        let ranges: Vec<_> = (0..4).map(|r| even_split(10, 4, r)).collect();
        assert_eq!(ranges, [0..3, 3..6, 6..8, 8..10]);
        let more_ranks: Vec<_> = (0..5).map(|r| even_split(3, 5, r)).collect();
        assert_eq!(more_ranks, [0..1, 1..2, 2..3, 3..3, 3..3]);
    }

    #[test]
    fn bricks_intersect_and_tiling_problems_are_named() {
        let a = Brick::new(&[0..4, 2..6, 0..3]);
        let b = Brick::new(&[2..8, 0..3, 1..9]);
        assert_eq!(a.intersect(&b), Brick::new(&[2..4, 2..3, 1..3]));
        assert!(a.intersect(&Brick::new(&[4..8, 0..6, 0..3])).is_empty());
        let dims = [4, 6, 3];
        let halves = [
            Brick::new(&[0..2, 0..6, 0..3]),
            Brick::new(&[2..4, 0..6, 0..3]),
        ];
        assert_eq!(tiling_problem(&halves, dims), None);
        let overlap = [
            Brick::new(&[0..3, 0..6, 0..3]),
            Brick::new(&[2..4, 0..6, 0..3]),
        ];
        assert_eq!(
            tiling_problem(&overlap, dims).unwrap(),
            "ranks 0 and 1 both hold [2..3, 0..6, 0..3]"
        );
        let gap = [
            Brick::new(&[0..1, 0..6, 0..3]),
            Brick::new(&[2..4, 0..6, 0..3]),
        ];
        assert!(tiling_problem(&gap, dims)
            .unwrap()
            .contains("54 of the field's 72"));
        let outside = [Brick::new(&[0..5, 0..6, 0..3])];
        assert!(tiling_problem(&outside, dims)
            .unwrap()
            .contains("not inside"));
    }

    #[test]
    fn extract_and_place_are_inverse() {
        let dims = [3, 4, 5];
        let field: Vec<usize> = (0..60).collect();
        let brick = Brick::new(&[1..3, 1..3, 2..5]);
        let values = brick.extract(&field, dims);
        assert_eq!(values[..4], [27, 28, 29, 32]);
        let mut back = vec![0; 60];
        brick.place(&values, &mut back, dims);
        assert_eq!(back[27..30], field[27..30]);
        assert_eq!(back.iter().filter(|&&v| v != 0).count(), 12);
    }

    #[test]
    fn spanning_bricks_are_slabs_when_they_can_be_else_square_pencils() {
        let dims = [8, 6, 4];
        // Axis 0 spanned, 3 ranks: slabs of axis 1.
        let slabs = spanning(dims, &[0], 3);
        assert_eq!(slabs[2], Brick::new(&[0..8, 4..6, 0..4]));
        // 12 ranks, more than axis 1's 6 indices: a 3 x 4 grid over axes 1 and 2.
        let pencils = spanning(dims, &[0], 12);
        assert_eq!(pencils[0], Brick::new(&[0..8, 0..2, 0..1]));
        assert_eq!(pencils[11], Brick::new(&[0..8, 4..6, 3..4]));
        assert_eq!(tiling_problem(&pencils, dims), None);
        // 7 ranks over 6 x 4: no grid uses 7; 2 x 3 uses 6 and the last rank is empty.
        let seven = spanning(dims, &[0], 7);
        assert!(seven[6].is_empty());
        assert_eq!(tiling_problem(&seven, dims), None);
        // More ranks than any grid: 30 ranks over 6 x 4 use 24.
        let many = spanning(dims, &[0], 30);
        assert_eq!(many.iter().filter(|b| !b.is_empty()).count(), 24);
        assert_eq!(tiling_problem(&many, dims), None);
        // A 2-D field (axis 2 of length 1) spanning axis 1: slabs of axis 0.
        let flat = spanning([5, 4, 1], &[1], 2);
        assert_eq!(flat[1], Brick::new(&[3..5, 0..4]));
    }
}
