//! OpenCL C text of one IR node, with named operands referenced by name and the rest inline.

use crate::math::ir::{Graph, NodeId, Op, Rotation};
use crate::math::schedule::Schedule;

/// How tightly an expression binds, loosest last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Binding {
    /// A name, call or vector literal.
    Atom,
    /// `-a`.
    Unary,
    /// `a * b` (scalar code only).
    Product,
    /// `a + b`, `a - b`.
    Sum,
}

/// `a` (an atom) times `-i` or `+i`, as OpenCL C of `vector` values: its parts swapped,
/// one negated.
pub(crate) fn rotated(rotation: Rotation, a: &str, vector: &str) -> String {
    match rotation {
        Rotation::MinusI => format!("({vector})({a}.y, -{a}.x)"),
        Rotation::PlusI => format!("({vector})(-{a}.y, {a}.x)"),
    }
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
        Op::Rotate(a, rotation) => (
            rotated(rotation, &arg(a, Binding::Atom), vector),
            Binding::Atom,
        ),
        Op::Twiddle(a, angle) => (
            format!("{}({})", angle.helper_name(), arg(a, Binding::Sum)),
            Binding::Atom,
        ),
        Op::Scale(a, c) => (
            format!("{} * {}", arg(a, Binding::Product), c.name()),
            Binding::Product,
        ),
    }
}

/// One component of a complex value in scalar code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The real part, `<name>_re`.
    Re,
    /// The imaginary part, `<name>_im`.
    Im,
}

impl Part {
    /// The name suffix: `_re` or `_im`.
    pub fn suffix(self) -> &'static str {
        match self {
            Part::Re => "_re",
            Part::Im => "_im",
        }
    }

    fn other(self) -> Part {
        match self {
            Part::Re => Part::Im,
            Part::Im => Part::Re,
        }
    }
}

/// A component expression with its sign kept apart, so negations fold into the sums and
/// differences that use them (`a - -b` is written `a + b`).
struct Term {
    negated: bool,
    text: String,
    binding: Binding,
}

impl Term {
    fn atom(text: String) -> Term {
        Term {
            negated: false,
            text,
            binding: Binding::Atom,
        }
    }

    fn negate(self) -> Term {
        Term {
            negated: !self.negated,
            ..self
        }
    }

    /// The text without the sign, parenthesised unless it binds at least as tightly as `loosest`.
    fn magnitude(&self, loosest: Binding) -> String {
        if self.binding > loosest {
            format!("({})", self.text)
        } else {
            self.text.clone()
        }
    }

    /// The text with its sign, parenthesised unless it binds at least as tightly as `loosest`.
    fn signed(&self, loosest: Binding) -> String {
        if !self.negated {
            return self.magnitude(loosest);
        }
        let text = format!("-{}", self.magnitude(Binding::Atom));
        if Binding::Unary > loosest {
            format!("({text})")
        } else {
            text
        }
    }
}

/// The scalar right-hand side that defines component `part` of `id` (scalar code: every
/// complex value `v` is the two scalars `v_re`, `v_im`). Sums and rotations are written
/// inline component by component; a constant multiplication reads both components of its
/// operand ([`crate::math::schedule::Schedule::scalar`] names it).
pub fn component_definition(
    graph: &Graph,
    schedule: &Schedule,
    id: NodeId,
    part: Part,
    precision: fft_core::Precision,
) -> String {
    define_component(graph, schedule, id, part, precision).signed(Binding::Sum)
}

fn component_operand(
    graph: &Graph,
    schedule: &Schedule,
    id: NodeId,
    part: Part,
    precision: fft_core::Precision,
) -> Term {
    match schedule.name(id) {
        Some(name) => Term::atom(format!("{name}{}", part.suffix())),
        None => define_component(graph, schedule, id, part, precision),
    }
}

fn define_component(
    graph: &Graph,
    schedule: &Schedule,
    id: NodeId,
    part: Part,
    precision: fft_core::Precision,
) -> Term {
    let arg = |a: NodeId, part: Part| component_operand(graph, schedule, a, part, precision);
    let sum = |text: String, negated: bool| Term {
        negated,
        text,
        binding: Binding::Sum,
    };
    match graph.op(id) {
        Op::Input(m) => Term::atom(format!("x{m:02}{}", part.suffix())),
        Op::Add(a, b) | Op::Sub(a, b) => {
            let (a, mut b) = (arg(a, part), arg(b, part));
            if matches!(graph.op(id), Op::Sub(..)) {
                b = b.negate();
            }
            // a + b with the signs of both folded: the result may be a negated sum.
            let (x, y) = (a.magnitude(Binding::Sum), b.magnitude(Binding::Atom));
            match (a.negated, b.negated) {
                (false, false) => sum(format!("{x} + {}", b.magnitude(Binding::Unary)), false),
                (false, true) => sum(format!("{x} - {y}"), false),
                (true, false) => sum(
                    format!(
                        "{} - {}",
                        b.magnitude(Binding::Sum),
                        a.magnitude(Binding::Atom)
                    ),
                    false,
                ),
                (true, true) => sum(format!("{x} + {}", b.magnitude(Binding::Unary)), true),
            }
        }
        Op::Neg(a) => arg(a, part).negate(),
        Op::Rotate(a, rotation) => {
            // a * -i = (a.im, -a.re); a * i = (-a.im, a.re).
            let value = arg(a, part.other());
            let negate = matches!(
                (rotation, part),
                (Rotation::MinusI, Part::Im) | (Rotation::PlusI, Part::Re)
            );
            if negate {
                value.negate()
            } else {
                value
            }
        }
        Op::Scale(a, c) => {
            let value = arg(a, part);
            Term {
                negated: value.negated,
                text: format!("{} * {}", value.magnitude(Binding::Product), c.name()),
                binding: Binding::Product,
            }
        }
        Op::Twiddle(a, angle) => {
            let (re, im) = (arg(a, Part::Re), arg(a, Part::Im));
            let product = crate::opencl::twiddle_helpers::ConstantProduct::new(
                angle,
                precision,
                &re.signed(Binding::Atom),
                &im.signed(Binding::Atom),
            );
            let (re, im) = product.scalar_parts();
            let text = match part {
                Part::Re => re,
                Part::Im => im,
            };
            let binding = if product.magnitude.is_some() {
                Binding::Product
            } else {
                Binding::Sum
            };
            Term {
                negated: false,
                text,
                binding,
            }
        }
    }
}
