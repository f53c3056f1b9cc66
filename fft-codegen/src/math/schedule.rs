//! Deterministic scheduling and naming of a simplified butterfly.
//!
//! Inputs are `x00..`, outputs `y00..` (by slot), and every other value that needs a name is
//! `t<stage>_<index>`, where the stage is the number of additions on the longest path from an
//! input (so the statements of one radix-2 level sit together) and the index counts within
//! the stage. A value gets a name when it is an output, is used more than once, or is the
//! operand of a negation or rotation (those are free and rewritten inline at each use, which
//! needs a name to take `.x`/`.y` of). Everything else is written inline in its only use.
//! Statements are ordered by (stage, node index): a topological order that depends on the
//! graph alone.
//!
//! Scalar code (one `float` per component, [`Schedule::scalar`]) also names every constant
//! multiplication and its operand: each component of the product reads both components of
//! the operand, which would otherwise be written out twice.

use crate::math::ir::{Graph, NodeId, Op};

/// Names and statement order of one butterfly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    names: Vec<Option<String>>,
    stages: Vec<usize>,
    statements: Vec<(NodeId, String)>,
    aliases: Vec<(String, String)>,
}

impl Schedule {
    /// Names and orders the nodes of `graph` for code on complex (`float2`) values.
    pub fn new(graph: &Graph) -> Schedule {
        Schedule::with_policy(graph, false)
    }

    /// Names and orders the nodes of `graph` for scalar code: as [`Schedule::new`], and every
    /// constant multiplication ([`Op::Twiddle`]) and its operand get a name.
    pub fn scalar(graph: &Graph) -> Schedule {
        Schedule::with_policy(graph, true)
    }

    fn with_policy(graph: &Graph, name_twiddles: bool) -> Schedule {
        let nodes = graph.nodes();
        let mut uses = vec![0usize; nodes.len()];
        let mut read_by_component = vec![false; nodes.len()];
        let mut depth = vec![0usize; nodes.len()];
        for (i, op) in nodes.iter().enumerate() {
            for operand in op.operands() {
                uses[operand.index()] += 1;
                let reads_components = match op {
                    Op::Neg(_) | Op::Rotate(..) => true,
                    Op::Twiddle(..) => name_twiddles,
                    _ => false,
                };
                if reads_components {
                    read_by_component[operand.index()] = true;
                }
            }
            let deepest = op.operands().map(|a| depth[a.index()]).max().unwrap_or(0);
            depth[i] = match op {
                Op::Add(..) | Op::Sub(..) => deepest + 1,
                _ => deepest,
            };
        }

        let mut names: Vec<Option<String>> = vec![None; nodes.len()];
        let mut alias_of = Vec::new();
        for (i, op) in nodes.iter().enumerate() {
            if let Op::Input(m) = op {
                names[i] = Some(format!("x{m:02}"));
            }
        }
        for (slot, out) in graph.outputs().iter().enumerate() {
            let name = format!("y{slot:02}");
            match names[out.index()] {
                Some(_) => alias_of.push((name, *out)),
                None => names[out.index()] = Some(name),
            }
        }

        let mut named: Vec<NodeId> = Vec::new();
        for (i, op) in nodes.iter().enumerate() {
            let free = matches!(op, Op::Neg(_) | Op::Rotate(..));
            let is_input = matches!(op, Op::Input(_));
            let is_output = names[i].is_some() && !is_input;
            let needs_name = read_by_component[i]
                || (!free && uses[i] >= 2)
                || (name_twiddles && matches!(op, Op::Twiddle(..)));
            if is_output || (!is_input && needs_name) {
                named.push(NodeId(i));
            }
        }
        named.sort_by_key(|id| (depth[id.index()], id.index()));

        let mut counters = vec![0usize; depth.iter().max().map_or(1, |d| d + 1)];
        for id in &named {
            if names[id.index()].is_none() {
                let stage = depth[id.index()];
                names[id.index()] = Some(format!("t{stage}_{:02}", counters[stage]));
                counters[stage] += 1;
            }
        }
        let statements = named
            .into_iter()
            .filter_map(|id| Some((id, names[id.index()].clone()?)))
            .collect();
        let aliases = alias_of
            .into_iter()
            .filter_map(|(name, id)| Some((name, names[id.index()].clone()?)))
            .collect();
        Schedule {
            names,
            stages: depth,
            statements,
            aliases,
        }
    }

    /// The same schedule with every name (and alias) passed through `rename`, e.g. to give
    /// the inputs of a fused kernel's stage another letter or to tell several butterflies of
    /// one scope apart. `rename` must keep distinct names distinct.
    pub fn renamed(&self, rename: impl Fn(&str) -> String) -> Schedule {
        let rename = &rename;
        Schedule {
            names: self
                .names
                .iter()
                .map(|n| n.as_deref().map(rename))
                .collect(),
            stages: self.stages.clone(),
            statements: self
                .statements
                .iter()
                .map(|(id, name)| (*id, rename(name)))
                .collect(),
            aliases: self
                .aliases
                .iter()
                .map(|(a, b)| (rename(a), rename(b)))
                .collect(),
        }
    }

    /// The name of `id`, if it has one.
    pub fn name(&self, id: NodeId) -> Option<&str> {
        self.names.get(id.index()).and_then(|n| n.as_deref())
    }

    /// The stage of `id`: the number of additions on its longest path from an input.
    pub fn stage(&self, id: NodeId) -> usize {
        self.stages.get(id.index()).copied().unwrap_or(0)
    }

    /// The nodes that get a `const` statement, with their names, in order.
    pub fn statements(&self) -> &[(NodeId, String)] {
        &self.statements
    }

    /// Output slots whose value already has another name (an input, or a second slot with
    /// the same value): `(output name, name of the value)`, written as copies after the
    /// statements.
    pub fn aliases(&self) -> &[(String, String)] {
        &self.aliases
    }
}
