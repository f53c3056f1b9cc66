//! The expression IR: a DAG of complex-valued operations over the butterfly's inputs.
//!
//! Nodes live in one vector and refer to earlier nodes only, so the node order is always a
//! valid evaluation order. Identical operations are shared (hash-consing through a
//! `BTreeMap`, so nothing depends on hash iteration order).

use crate::math::angle::Angle;
use crate::math::constant::RealConstant;
use crate::spec::OpCounts;
use std::collections::BTreeMap;

/// Index of a node in its [`Graph`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub(crate) usize);

impl NodeId {
    /// Position of the node in [`Graph::nodes`].
    pub fn index(self) -> usize {
        self.0
    }
}

/// Multiplication by `±i`, the two quarter turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rotation {
    /// `a * (-i) = (a.y, -a.x)`.
    MinusI,
    /// `a * i = (-a.y, a.x)`.
    PlusI,
}

impl Rotation {
    /// The rotation as an [`Angle`] (`exp(-i*pi/2)` or `exp(-i*pi*3/2)`).
    pub fn angle(self) -> Angle {
        match self {
            Rotation::MinusI => Angle::MINUS_I,
            Rotation::PlusI => Angle::PLUS_I,
        }
    }
}

/// One operation on complex values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Op {
    /// Input `m` of the butterfly (`x00`, `x01`, ...).
    Input(usize),
    /// `a + b`.
    Add(NodeId, NodeId),
    /// `a - b`.
    Sub(NodeId, NodeId),
    /// `-a`.
    Neg(NodeId),
    /// `a * ±i`: a component swap with a sign flip.
    Rotate(NodeId, Rotation),
    /// `a * exp(-i*pi*X/Y)`: a constant twiddle (trivial ones are removed by the simplifier).
    Twiddle(NodeId, Angle),
    /// `a * c` for a real constant `c` (`cos` or `sin` of an angle): the odd-radix
    /// butterflies' symmetric-pair products.
    Scale(NodeId, RealConstant),
}

impl Op {
    /// The nodes this operation reads, in order.
    pub fn operands(&self) -> impl Iterator<Item = NodeId> {
        let (a, b) = match *self {
            Op::Input(_) => (None, None),
            Op::Add(a, b) | Op::Sub(a, b) => (Some(a), Some(b)),
            Op::Neg(a) | Op::Rotate(a, _) | Op::Twiddle(a, _) | Op::Scale(a, _) => (Some(a), None),
        };
        a.into_iter().chain(b)
    }
}

/// A butterfly as a DAG: nodes in evaluation order and the output slots.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Graph {
    nodes: Vec<Op>,
    known: BTreeMap<Op, NodeId>,
    outputs: Vec<NodeId>,
}

impl Graph {
    /// An empty graph.
    pub fn new() -> Graph {
        Graph::default()
    }

    /// Adds `op` (or returns the node that already computes it).
    ///
    /// Operands must be nodes of this graph; the builders in this crate only pass ids they
    /// got from it.
    pub fn push(&mut self, op: Op) -> NodeId {
        if let Some(&id) = self.known.get(&op) {
            return id;
        }
        let id = NodeId(self.nodes.len());
        self.nodes.push(op);
        self.known.insert(op, id);
        id
    }

    /// The node for input `m`.
    pub fn input(&mut self, m: usize) -> NodeId {
        self.push(Op::Input(m))
    }

    /// `a + b`.
    pub fn add(&mut self, a: NodeId, b: NodeId) -> NodeId {
        self.push(Op::Add(a, b))
    }

    /// `a - b`.
    pub fn sub(&mut self, a: NodeId, b: NodeId) -> NodeId {
        self.push(Op::Sub(a, b))
    }

    /// `a * exp(-i*pi*X/Y)`, kept as written (the simplifier folds the trivial angles).
    pub fn twiddle(&mut self, a: NodeId, angle: Angle) -> NodeId {
        self.push(Op::Twiddle(a, angle))
    }

    /// `a * c` for a real constant `c`.
    pub fn scale(&mut self, a: NodeId, c: RealConstant) -> NodeId {
        self.push(Op::Scale(a, c))
    }

    /// The operation of `id`.
    ///
    /// # Panics
    /// Panics if `id` comes from another, larger graph.
    pub fn op(&self, id: NodeId) -> Op {
        self.nodes[id.0]
    }

    /// Every node, in evaluation order.
    pub fn nodes(&self) -> &[Op] {
        &self.nodes
    }

    /// Sets the output slots.
    pub fn set_outputs(&mut self, outputs: Vec<NodeId>) {
        self.outputs = outputs;
    }

    /// The output slots: slot `s` of a radix-`2^b` butterfly holds `X[bit_reverse(s, b)]`.
    pub fn outputs(&self) -> &[NodeId] {
        &self.outputs
    }

    /// The number of inputs (one more than the largest input index).
    pub fn input_count(&self) -> usize {
        self.nodes
            .iter()
            .filter_map(|op| match op {
                Op::Input(m) => Some(m + 1),
                _ => None,
            })
            .max()
            .unwrap_or(0)
    }

    /// Keeps only the nodes the outputs depend on, in their original order.
    pub fn pruned(&self) -> Graph {
        let mut live = vec![false; self.nodes.len()];
        for out in &self.outputs {
            live[out.0] = true;
        }
        for (i, op) in self.nodes.iter().enumerate().rev() {
            if live[i] {
                for operand in op.operands() {
                    live[operand.0] = true;
                }
            }
        }
        let mut renamed = vec![NodeId(0); self.nodes.len()];
        let mut out = Graph::new();
        for (i, op) in self.nodes.iter().enumerate() {
            if live[i] {
                let r = |id: NodeId| renamed[id.0];
                renamed[i] = out.push(match *op {
                    Op::Input(m) => Op::Input(m),
                    Op::Add(a, b) => Op::Add(r(a), r(b)),
                    Op::Sub(a, b) => Op::Sub(r(a), r(b)),
                    Op::Neg(a) => Op::Neg(r(a)),
                    Op::Rotate(a, rot) => Op::Rotate(r(a), rot),
                    Op::Twiddle(a, angle) => Op::Twiddle(r(a), angle),
                    Op::Scale(a, c) => Op::Scale(r(a), c),
                });
            }
        }
        out.outputs = self.outputs.iter().map(|id| renamed[id.0]).collect();
        out
    }

    /// Counts the arithmetic: additions/subtractions, non-trivial constant multiplications,
    /// and trivial ones (negations and `±i` rotations).
    pub fn op_counts(&self) -> OpCounts {
        let mut counts = OpCounts::default();
        for op in &self.nodes {
            match op {
                Op::Input(_) => {}
                Op::Add(..) | Op::Sub(..) => counts.complex_adds += 1,
                Op::Neg(_) | Op::Rotate(..) => counts.trivial_rotations += 1,
                Op::Twiddle(..) => counts.constant_muls += 1,
                Op::Scale(..) => counts.real_scales += 1,
            }
        }
        counts
    }
}
