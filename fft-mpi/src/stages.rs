//! The stages of a distributed transform: which axes each rank transforms locally, on which
//! bricks, and so where the field must be reshaped between them (heFFTe's plan, for the
//! bricks this crate chooses).

use crate::decomposition::{even_split, spanning, Brick};

/// The local transforms along `axes`, on every rank's brick of `bricks` (each spans them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Stage {
    pub bricks: Vec<Brick>,
    pub axes: Vec<usize>,
}

/// The stages that transform `axes` of a field of `dims` from the bricks `input` toward
/// `output`, over `ranks` ranks.
///
/// Each stage transforms every remaining axis its bricks span. Where the current bricks span
/// none, the field moves to new bricks: `output`'s when they span every remaining axis (so no
/// reshape is left at the end); else the candidate that keeps the most ranks busy, ties going
/// in this order:
/// - the current bricks with the last remaining axis and a transformed one swapped
///   ([`swapped`]): a transpose within groups of ranks, heFFTe's pencil to pencil;
/// - bricks that span every remaining axis and split the others (slabs, or pencils with more
///   ranks than one axis has indices);
/// - bricks that span the last remaining axis only.
///
/// Slabs of axis 0 thus take two stages and one reshape (axes 1 and 2, then axis 0); pencils
/// along axis 2 three stages, each reshape among the ranks of one grid row or column.
pub(crate) fn plan_stages(
    dims: [usize; 3],
    axes: &[usize],
    input: &[Brick],
    output: &[Brick],
    ranks: usize,
) -> Vec<Stage> {
    let mut remaining = axes.to_vec();
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
            let last = remaining[remaining.len() - 1];
            let candidates = [
                swapped(&current, last, &remaining, dims),
                Some(spanning(dims, &remaining, ranks)),
                Some(spanning(dims, &[last], ranks)),
            ];
            let busy = |bricks: &[Brick]| bricks.iter().filter(|b| !b.is_empty()).count();
            // The first of the busiest (max_by_key keeps the last of equals: reversed).
            candidates
                .into_iter()
                .flatten()
                .rev()
                .max_by_key(|b| busy(b))
                .expect("spanning always gives bricks")
        };
    }
    stages
}

/// The current bricks with axis `to` made whole and an axis `from` they all span (transformed
/// already, the outermost such) split in its place, or `None` without such an axis.
///
/// Ranks whose bricks agree on the third axis form a group; their ranges of `to` partition
/// it. The rank holding the `c`-th of the group's `C` ranges of `to` gets the `c`-th of `C`
/// even parts of `from`, so the group's bricks still tile its part of the field and the
/// reshape moves values only within groups.
fn swapped(
    current: &[Brick],
    to: usize,
    remaining: &[usize],
    dims: [usize; 3],
) -> Option<Vec<Brick>> {
    let from = (0..3).find(|&k| {
        !remaining.contains(&k) && dims[k] > 1 && current.iter().all(|b| b.spans(k, dims))
    })?;
    let third = 3 - to - from;
    let bricks = current
        .iter()
        .map(|brick| {
            if brick.is_empty() {
                return Brick::empty();
            }
            let mut parts: Vec<_> = current
                .iter()
                .filter(|b| !b.is_empty() && b.ranges[third] == brick.ranges[third])
                .map(|b| b.ranges[to].start)
                .collect();
            parts.sort_unstable();
            parts.dedup();
            let index = parts.binary_search(&brick.ranges[to].start).unwrap_or(0);
            let mut next = brick.clone();
            next.ranges[to] = 0..dims[to];
            next.ranges[from] = even_split(dims[from], parts.len(), index);
            next
        })
        .collect();
    Some(bricks)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let stages = plan_stages(dims, &[0, 1, 2], &input, &output, 2);
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
        let natural = plan_stages(dims, &[0, 1, 2], &input, &input, 2);
        assert_eq!(natural[1].bricks, slabs(1, dims, 2));
    }

    #[test]
    fn more_ranks_than_planes_take_pencils() {
        let dims = [4, 4, 8];
        let ranks = 8;
        let input = slabs(0, dims, ranks); // ranks 4..8 hold nothing
        let stages = plan_stages(dims, &[0, 1, 2], &input, &input, ranks);
        // Axes 1 and 2 on the slabs, then axis 0 on pencils over axes 1 x 2 (a 2 x 4 grid),
        // every rank busy.
        assert_eq!(stages.len(), 2);
        assert_eq!(stages[1].axes, [0]);
        assert!(stages[1]
            .bricks
            .iter()
            .all(|b| !b.is_empty() && b.spans(0, dims)));
        // Pencils as input (a 2 x 4 grid over axes 0 and 1): axis 2, then pencils along axis
        // 1, then along axis 0, each reshape within the ranks of a grid row or column.
        let pencils = spanning(dims, &[2], ranks);
        let from_pencils = plan_stages(dims, &[0, 1, 2], &pencils, &pencils, ranks);
        let axes: Vec<_> = from_pencils.iter().map(|s| s.axes.clone()).collect();
        assert_eq!(axes, [vec![2], vec![1], vec![0]]);
        let rows_of = |bricks: &[Brick], axis: usize| {
            let mut starts: Vec<_> = bricks.iter().map(|b| b.ranges[axis].start).collect();
            starts.sort_unstable();
            starts.dedup();
            starts.len()
        };
        // Pencils along 1 keep the grid rows' ranges of axis 0 and split axis 2 in 4.
        assert_eq!(rows_of(&from_pencils[1].bricks, 0), 2);
        assert_eq!(rows_of(&from_pencils[1].bricks, 2), 4);
        for (r, brick) in from_pencils[1].bricks.iter().enumerate() {
            assert_eq!(
                brick.ranges[0], pencils[r].ranges[0],
                "rank {r} stays in its row"
            );
        }
        for stage in &from_pencils {
            assert!(stage.bricks.iter().all(|b| !b.is_empty()), "{stage:?}");
        }
    }

    #[test]
    fn a_two_dimensional_field_and_one_rank() {
        let dims = [6, 5, 1];
        let stages = plan_stages(dims, &[0, 1], &slabs(0, dims, 3), &slabs(0, dims, 3), 3);
        let axes: Vec<_> = stages.iter().map(|s| s.axes.clone()).collect();
        assert_eq!(axes, [vec![1], vec![0]]);
        let whole = vec![Brick::whole(dims)];
        let one = plan_stages(dims, &[0, 1], &whole, &whole, 1);
        assert_eq!(one.len(), 1);
        assert_eq!(one[0].axes, [0, 1]);
    }
}
