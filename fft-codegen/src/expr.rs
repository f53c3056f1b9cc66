//! OpenCL C text of one IR node, with named operands referenced by name and the rest inline.

use crate::ir::{Graph, NodeId, Op, Rotation};
use crate::schedule::Schedule;

/// How tightly an expression binds, loosest last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Binding {
    /// A name, call or vector literal.
    Atom,
    /// `-a`.
    Unary,
    /// `a + b`, `a - b`.
    Sum,
}

/// The right-hand side that defines `id`: its operation, with named operands by name.
pub fn definition(graph: &Graph, schedule: &Schedule, id: NodeId, vector: &str) -> String {
    define(graph, schedule, id, vector).0
}

/// `id` as an operand: its name if it has one, else its definition inline.
fn operand(graph: &Graph, schedule: &Schedule, id: NodeId, vector: &str) -> (String, Binding) {
    match schedule.name(id) {
        Some(name) => (name.to_string(), Binding::Atom),
        None => define(graph, schedule, id, vector),
    }
}

/// `id` as an operand that must bind at least as tightly as `loosest` (else parenthesised).
fn operand_within(
    graph: &Graph,
    schedule: &Schedule,
    id: NodeId,
    vector: &str,
    loosest: Binding,
) -> String {
    let (text, binding) = operand(graph, schedule, id, vector);
    if binding > loosest {
        format!("({text})")
    } else {
        text
    }
}

fn define(graph: &Graph, schedule: &Schedule, id: NodeId, vector: &str) -> (String, Binding) {
    let arg = |a: NodeId, loosest: Binding| operand_within(graph, schedule, a, vector, loosest);
    match graph.op(id) {
        Op::Input(m) => (format!("x{m:02}"), Binding::Atom),
        Op::Add(a, b) => (
            format!("{} + {}", arg(a, Binding::Sum), arg(b, Binding::Unary)),
            Binding::Sum,
        ),
        Op::Sub(a, b) => (
            format!("{} - {}", arg(a, Binding::Sum), arg(b, Binding::Atom)),
            Binding::Sum,
        ),
        Op::Neg(a) => (format!("-{}", arg(a, Binding::Atom)), Binding::Unary),
        Op::Rotate(a, rotation) => {
            let a = arg(a, Binding::Atom);
            let text = match rotation {
                Rotation::MinusI => format!("({vector})({a}.y, -{a}.x)"),
                Rotation::PlusI => format!("({vector})(-{a}.y, {a}.x)"),
            };
            (text, Binding::Atom)
        }
        Op::Twiddle(a, angle) => (
            format!("{}({})", angle.helper_name(), arg(a, Binding::Sum)),
            Binding::Atom,
        ),
    }
}
