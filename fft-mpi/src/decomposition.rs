//! Slabs: which part of the global field each rank holds.

use std::ops::Range;

/// A rank's part of the global field: the indices `range` along axis `axis`, every index along
/// the other axes (a slab, heFFTe's box with one split axis).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlabBox {
    /// The split axis: 0 for the input of every transform, 1 for a transposed output.
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

/// FFTW-MPI's split of `len` indices over `parts` ranks: rank `index` gets
/// `len / parts` indices, one more for the first `len % parts` ranks, in rank order.
pub fn even_split(len: usize, parts: usize, index: usize) -> Range<usize> {
    let (base, extra) = (len / parts, len % parts);
    let start = index * base + index.min(extra);
    start..start + base + usize::from(index < extra)
}

/// Whether `ranges`, in rank order, cover `0..len` exactly once.
pub(crate) fn tiles(ranges: &[Range<usize>], len: usize) -> bool {
    let mut next = 0;
    for range in ranges {
        if range.start != next || range.end < range.start {
            return false;
        }
        next = range.end;
    }
    next == len
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_splits_tile_in_rank_order_with_the_remainder_first() {
        let ranges: Vec<_> = (0..4).map(|r| even_split(10, 4, r)).collect();
        assert_eq!(ranges, [0..3, 3..6, 6..8, 8..10]);
        assert!(tiles(&ranges, 10));
        let more_ranks: Vec<_> = (0..5).map(|r| even_split(3, 5, r)).collect();
        assert_eq!(more_ranks, [0..1, 1..2, 2..3, 3..3, 3..3]);
        assert!(tiles(&more_ranks, 3));
    }

    #[test]
    fn gaps_overlaps_and_short_covers_do_not_tile() {
        assert!(!tiles(&[0..3, 4..10], 10));
        assert!(!tiles(&[0..5, 4..10], 10));
        assert!(!tiles(&[0..5, 5..9], 10));
        assert!(!tiles(&[5..10, 0..5], 10));
    }
}
