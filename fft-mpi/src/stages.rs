//! The stages of a distributed transform: which axes each rank transforms locally, on which
//! bricks, and so where the field must be reshaped between them (heFFTe's plan, for the
//! bricks this crate chooses).

use crate::decomposition::{spanning, Brick};

/// The local transforms along `axes`, on every rank's brick of `bricks` (each spans them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Stage {
    pub bricks: Vec<Brick>,
    pub axes: Vec<usize>,
}

/// The stages that transform the first `ndim` axes of a field of `dims` from the bricks
/// `input` toward `output`, over `ranks` ranks.
///
/// Each stage transforms every remaining axis its bricks span. Where the current bricks span
/// none, the field moves to new bricks: `output`'s when they span every remaining axis (so no
/// reshape is left at the end), else bricks that span the remaining axes and split the others
/// (slabs, or pencils with more ranks than one axis has indices), or only the last remaining
/// axis when that keeps more ranks busy. Slabs of axis 0 thus take two stages and one reshape
/// (axes 1 and 2, then axis 0); pencils take three stages.
pub(crate) fn plan_stages(
    dims: [usize; 3],
    ndim: usize,
    input: &[Brick],
    output: &[Brick],
    ranks: usize,
) -> Vec<Stage> {
    let mut remaining: Vec<usize> = (0..ndim).collect();
    let mut current = input.to_vec();
    let mut stages = Vec::new();
    while !remaining.is_empty() {
        let spanned: Vec<usize> = remaining
            .iter()
            .copied()
            .filter(|&axis| current.iter().all(|b| b.spans(axis, dims)))
            .collect();
        if !spanned.is_empty() {
            stages.push(Stage {
                bricks: current.clone(),
                axes: spanned.clone(),
            });
            remaining.retain(|axis| !spanned.contains(axis));
            continue;
        }
        let spans_remaining = |bricks: &[Brick]| {
            remaining
                .iter()
                .all(|&axis| bricks.iter().all(|b| b.spans(axis, dims)))
        };
        current = if spans_remaining(output) {
            output.to_vec()
        } else {
            let all = spanning(dims, &remaining, ranks);
            let last = spanning(dims, &remaining[remaining.len() - 1..], ranks);
            let busy = |bricks: &[Brick]| bricks.iter().filter(|b| !b.is_empty()).count();
            if busy(&last) > busy(&all) {
                last
            } else {
                all
            }
        };
    }
    stages
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decomposition::even_split;

    fn slabs(axis: usize, dims: [usize; 3], ranks: usize) -> Vec<Brick> {
        (0..ranks)
            .map(|r| {
                let mut b = Brick::whole(dims);
                b.ranges[axis] = even_split(dims[axis], ranks, r);
                b
            })
            .collect()
    }

    #[test]
    fn slabs_take_two_stages_and_land_in_the_output_bricks() {
        let dims = [8, 6, 4];
        let (input, output) = (slabs(0, dims, 2), slabs(1, dims, 2));
        let stages = plan_stages(dims, 3, &input, &output, 2);
        assert_eq!(stages.len(), 2);
        assert_eq!(
            (&stages[0].bricks, &stages[0].axes[..]),
            (&input, &[1, 2][..])
        );
        assert_eq!(
            (&stages[1].bricks, &stages[1].axes[..]),
            (&output, &[0][..])
        );
        // An output like the input: the middle bricks are slabs of axis 1.
        let natural = plan_stages(dims, 3, &input, &input, 2);
        assert_eq!(natural[1].bricks, slabs(1, dims, 2));
    }

    #[test]
    fn more_ranks_than_planes_take_pencils() {
        let dims = [4, 4, 8];
        let ranks = 8;
        let input = slabs(0, dims, ranks); // ranks 4..8 hold nothing
        let stages = plan_stages(dims, 3, &input, &input, ranks);
        // Axes 1 and 2 on the slabs, then axis 0 on pencils over axes 1 x 2 (a 2 x 4 grid),
        // every rank busy.
        assert_eq!(stages.len(), 2);
        assert_eq!(stages[1].axes, [0]);
        assert!(stages[1]
            .bricks
            .iter()
            .all(|b| !b.is_empty() && b.spans(0, dims)));
        // Pencils as input: axis 2 first, then axes 0 and 1 together on slabs of axis 2
        // (8 indices, one per rank).
        let pencils = spanning(dims, &[2], ranks);
        let from_pencils = plan_stages(dims, 3, &pencils, &pencils, ranks);
        let axes: Vec<_> = from_pencils.iter().map(|s| s.axes.clone()).collect();
        assert_eq!(axes, [vec![2], vec![0, 1]]);
        // With 16 ranks, slabs of axis 2 would leave half of them idle: pencils along axis 1,
        // then along axis 0.
        let sixteen = spanning(dims, &[2], 16);
        let three = plan_stages(dims, 3, &sixteen, &sixteen, 16);
        let axes: Vec<_> = three.iter().map(|s| s.axes.clone()).collect();
        assert_eq!(axes, [vec![2], vec![1], vec![0]]);
        for stage in &from_pencils {
            assert!(stage.bricks.iter().all(|b| !b.is_empty()), "{stage:?}");
        }
    }

    #[test]
    fn a_two_dimensional_field_and_one_rank() {
        let dims = [6, 5, 1];
        let stages = plan_stages(dims, 2, &slabs(0, dims, 3), &slabs(0, dims, 3), 3);
        let axes: Vec<_> = stages.iter().map(|s| s.axes.clone()).collect();
        assert_eq!(axes, [vec![1], vec![0]]);
        let whole = vec![Brick::whole(dims)];
        let one = plan_stages(dims, 2, &whole, &whole, 1);
        assert_eq!(one.len(), 1);
        assert_eq!(one[0].axes, [0, 1]);
    }
}
