//! The simplifier: folds trivial constant multiplications into cheaper operations.
//!
//! Rebuilds the graph node by node through smart constructors:
//! - `a * exp(-i*pi*X/Y)` with the angle 0 disappears, with the angle `pi` becomes `-a`,
//!   with `pi/2` and `3pi/2` becomes a `±i` rotation (a component swap with a sign flip);
//!   every other angle stays a [`Op::Twiddle`] (a `mul_pXqY` helper call);
//! - a constant multiplication of a negation or rotation merges the two angles;
//! - negations fold into additions and subtractions (`a + -b = a - b`, `a - -b = a + b`,
//!   `-a + b = b - a`, `-a - b = -(a + b)`), and `--a = a`.
//!
//! Nodes that became dead are pruned, keeping the original order (so the scheduling stays
//! deterministic).

use crate::math::angle::{Angle, AngleKind};
use crate::math::ir::{Graph, NodeId, Op, Rotation};

/// The simplified, pruned copy of `graph`. Computes the same values (checked by the tests
/// through [`crate::math::evaluate`]).
pub fn simplify(graph: &Graph) -> Graph {
    let mut out = Graph::new();
    let mut renamed: Vec<NodeId> = Vec::with_capacity(graph.nodes().len());
    for op in graph.nodes() {
        let r = |id: NodeId| renamed[id.index()];
        let id = match *op {
            Op::Input(m) => out.input(m),
            Op::Add(a, b) => add(&mut out, r(a), r(b)),
            Op::Sub(a, b) => sub(&mut out, r(a), r(b)),
            Op::Neg(a) => mul_angle(&mut out, r(a), Angle::HALF_TURN),
            Op::Rotate(a, rot) => mul_angle(&mut out, r(a), rot.angle()),
            Op::Twiddle(a, angle) => mul_angle(&mut out, r(a), angle),
            Op::Scale(a, c) => out.scale(r(a), c),
        };
        renamed.push(id);
    }
    out.set_outputs(
        graph
            .outputs()
            .iter()
            .map(|id| renamed[id.index()])
            .collect(),
    );
    out.pruned()
}

/// `a * exp(-i*pi*X/Y)`, simplified.
fn mul_angle(g: &mut Graph, a: NodeId, angle: Angle) -> NodeId {
    // Merge with a free unit factor already applied to `a` (if the sum is representable,
    // which it always is for radix <= 64; otherwise multiply the rotated value as it is).
    let merged = match g.op(a) {
        Op::Neg(inner) => angle.plus(Angle::HALF_TURN).map(|sum| (inner, sum)),
        Op::Rotate(inner, rot) => angle.plus(rot.angle()).map(|sum| (inner, sum)),
        _ => None,
    };
    let (a, angle) = merged.unwrap_or((a, angle));
    match angle.kind() {
        AngleKind::One => a,
        AngleKind::MinusOne => g.push(Op::Neg(a)),
        AngleKind::MinusI => g.push(Op::Rotate(a, Rotation::MinusI)),
        AngleKind::PlusI => g.push(Op::Rotate(a, Rotation::PlusI)),
        AngleKind::General => g.twiddle(a, angle),
    }
}

fn negated(g: &Graph, a: NodeId) -> Option<NodeId> {
    match g.op(a) {
        Op::Neg(inner) => Some(inner),
        _ => None,
    }
}

/// `a + b` with negations folded.
fn add(g: &mut Graph, a: NodeId, b: NodeId) -> NodeId {
    match (negated(g, a), negated(g, b)) {
        (Some(na), Some(nb)) => {
            let sum = g.add(na, nb);
            mul_angle(g, sum, Angle::HALF_TURN)
        }
        (_, Some(nb)) => g.sub(a, nb),
        (Some(na), None) => g.sub(b, na),
        (None, None) => g.add(a, b),
    }
}

/// `a - b` with negations folded.
fn sub(g: &mut Graph, a: NodeId, b: NodeId) -> NodeId {
    match (negated(g, a), negated(g, b)) {
        (Some(na), Some(nb)) => g.sub(nb, na),
        (None, Some(nb)) => g.add(a, nb),
        (Some(na), None) => {
            let sum = g.add(na, b);
            mul_angle(g, sum, Angle::HALF_TURN)
        }
        (None, None) => g.sub(a, b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::evaluate::evaluate;
    use fft_core::Complex64;

    fn inputs() -> Vec<Complex64> {
        vec![Complex64::new(0.3, -1.2), Complex64::new(-0.7, 0.4)]
    }

    /// Simplifies `build`'s graph and checks it computes the same outputs.
    fn simplified(build: impl FnOnce(&mut Graph) -> Vec<NodeId>) -> Graph {
        let mut g = Graph::new();
        let outputs = build(&mut g);
        g.set_outputs(outputs);
        let s = simplify(&g);
        for (a, b) in evaluate(&g, &inputs()).iter().zip(evaluate(&s, &inputs())) {
            assert!((a - b).norm() < 1e-15, "{g:?} -> {s:?}");
        }
        s
    }

    fn angle(num: i64, den: u32) -> Angle {
        Angle::new(num, den).unwrap()
    }

    #[test]
    fn trivial_twiddles_disappear_or_become_rotations() {
        let g = simplified(|g| {
            let x = g.input(0);
            vec![
                g.twiddle(x, Angle::ZERO),
                g.twiddle(x, angle(1, 1)),
                g.twiddle(x, angle(1, 2)),
                g.twiddle(x, angle(3, 2)),
                g.twiddle(x, angle(1, 4)),
            ]
        });
        let x = NodeId(0);
        assert_eq!(g.outputs()[0], x);
        assert_eq!(g.op(g.outputs()[1]), Op::Neg(x));
        assert_eq!(g.op(g.outputs()[2]), Op::Rotate(x, Rotation::MinusI));
        assert_eq!(g.op(g.outputs()[3]), Op::Rotate(x, Rotation::PlusI));
        assert_eq!(g.op(g.outputs()[4]), Op::Twiddle(x, angle(1, 4)));
    }

    #[test]
    fn negations_fold_into_sums() {
        let g = simplified(|g| {
            let (x, y) = (g.input(0), g.input(1));
            let nx = g.twiddle(x, Angle::HALF_TURN);
            let ny = g.twiddle(y, Angle::HALF_TURN);
            vec![
                g.add(x, ny),
                g.sub(x, ny),
                g.add(nx, y),
                g.sub(nx, y),
                g.sub(nx, ny),
            ]
        });
        let (x, y) = (NodeId(0), NodeId(1));
        let out = |i: usize| g.op(g.outputs()[i]);
        assert_eq!(out(0), Op::Sub(x, y));
        assert_eq!(out(1), Op::Add(x, y));
        assert_eq!(out(2), Op::Sub(y, x));
        assert!(matches!(out(3), Op::Neg(sum) if g.op(sum) == Op::Add(x, y)));
        assert_eq!(out(4), Op::Sub(y, x));
        // The intermediate negations were pruned.
        assert_eq!(g.op_counts().trivial_rotations, 1);
    }

    #[test]
    fn rotations_and_negations_merge_with_twiddles() {
        let g = simplified(|g| {
            let x = g.input(0);
            let r = g.twiddle(x, Angle::MINUS_I);
            let rr = g.twiddle(r, Angle::MINUS_I);
            let n = g.twiddle(x, Angle::HALF_TURN);
            vec![
                rr,
                g.twiddle(n, angle(1, 4)),
                g.twiddle(rr, Angle::HALF_TURN),
            ]
        });
        let x = NodeId(0);
        assert_eq!(g.op(g.outputs()[0]), Op::Neg(x));
        assert_eq!(g.op(g.outputs()[1]), Op::Twiddle(x, angle(5, 4)));
        assert_eq!(g.outputs()[2], x);
    }
}
