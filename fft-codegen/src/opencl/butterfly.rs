//! The one writer of a butterfly's statements ([`write_butterfly`]), used by every family: the
//! radix pass (vector and scalar forms), the fused pass's local stages and the lanes pass.
//!
//! A butterfly's scheduled nodes ([`Schedule`]) become `const` statements in schedule order,
//! then the aliased output slots become copies. The families differ only in how values are
//! written ([`Values`]), in the names (a prefix and the inputs' letter) and in whether the
//! radix-2 stages are commented.

use crate::math::ir::{Graph, Op};
use crate::math::schedule::Schedule;
use crate::opencl::expr::{component_definition, definition, Part};
use crate::opencl::writer::Writer;
use fft_core::Precision;
use std::fmt::{self, Write};

/// How a butterfly's complex values are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Values<'a> {
    /// Each value one vector of this type (`float2`, `double2`), constant products through
    /// the `mul_pXqY` helpers.
    Vector(&'a str),
    /// Each value two of this type (`float`, or `float8` in a lanes pass, whose every lane is
    /// another butterfly), `v_re` and `v_im`, every operation written out by components in
    /// this precision.
    Components(&'a str, Precision),
}

/// The text of one butterfly: its values, names and comments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ButterflyText<'a> {
    /// How values are written.
    pub values: Values<'a>,
    /// Put before every name, to tell several butterflies of one scope apart (`u1_`), or "".
    pub prefix: &'a str,
    /// The letter of the inputs: `x` reads `x00..`, `a` reads `a00..` (outputs are `y00..`).
    pub inputs: char,
    /// Whether to comment each radix-2 stage (or, for other radices, the symmetric-pair
    /// butterflies) and, by components, each constant product.
    pub comments: bool,
}

/// Writes the butterfly `graph` on the inputs `{prefix}{inputs}NN`, defining its outputs
/// `{prefix}yNN` (slot s holds X[bitrev(s)] for powers of two, X[s] otherwise).
pub(crate) fn write_butterfly<W: Write>(
    w: &mut Writer<W>,
    graph: &Graph,
    text: &ButterflyText,
) -> fmt::Result {
    let schedule = match text.values {
        Values::Vector(_) => Schedule::new(graph),
        Values::Components(..) => Schedule::scalar(graph),
    };
    let schedule = if text.prefix.is_empty() && text.inputs == 'x' {
        schedule
    } else {
        schedule.renamed(|name| {
            let name = match name.strip_prefix('x') {
                Some(rest) => format!("{}{rest}", text.inputs),
                None => name.to_string(),
            };
            format!("{}{name}", text.prefix)
        })
    };
    let radix = graph.input_count();
    let stages = radix.trailing_zeros() as usize;
    let mut current_stage = 0;
    if text.comments && !radix.is_power_of_two() {
        writeln!(
            w,
            "// Symmetric-pair butterflies over the prime factors of {radix}, natural output order."
        )?;
    }
    for (id, name) in schedule.statements() {
        let stage = schedule.stage(*id);
        if text.comments && radix.is_power_of_two() && stage != current_stage && stage > 0 {
            current_stage = stage;
            let block = radix.checked_shr(stage as u32 - 1).unwrap_or(0);
            writeln!(w)?;
            writeln!(
                w,
                "// Stage {stage} of {stages}: radix-2 butterflies over blocks of {block}."
            )?;
        }
        match text.values {
            Values::Vector(ty) => {
                let value = definition(graph, &schedule, *id, ty);
                writeln!(w, "const {ty} {name} = {value};")?;
            }
            Values::Components(ty, precision) => {
                if let (true, Op::Twiddle(a, angle)) = (text.comments, graph.op(*id)) {
                    let operand = schedule.name(a).unwrap_or("(operand)");
                    writeln!(
                        w,
                        "// {name} = {}({operand}) = {operand} * exp(-i*pi*{}/{})",
                        angle.helper_name(),
                        angle.num(),
                        angle.den()
                    )?;
                }
                for part in [Part::Re, Part::Im] {
                    let value = component_definition(graph, &schedule, *id, part, precision);
                    writeln!(w, "const {ty} {name}{} = {value};", part.suffix())?;
                }
            }
        }
    }
    for (name, value) in schedule.aliases() {
        match text.values {
            Values::Vector(ty) => writeln!(w, "const {ty} {name} = {value};")?,
            Values::Components(ty, _) => {
                for suffix in [Part::Re, Part::Im].map(Part::suffix) {
                    writeln!(w, "const {ty} {name}{suffix} = {value}{suffix};")?;
                }
            }
        }
    }
    Ok(())
}
