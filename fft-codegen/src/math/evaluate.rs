//! CPU evaluator of the IR in f64: checks a butterfly's mathematics without any device.

use crate::math::ir::{Graph, Op, Rotation};
use fft_core::Complex64;

/// Evaluates `graph` on `inputs` and returns its output slots.
///
/// Inputs missing from `inputs` read as zero. Constant twiddles use the exact f64 values of
/// [`crate::math::angle::Angle::value`].
pub fn evaluate(graph: &Graph, inputs: &[Complex64]) -> Vec<Complex64> {
    let zero = Complex64::new(0.0, 0.0);
    let mut values: Vec<Complex64> = Vec::with_capacity(graph.nodes().len());
    for op in graph.nodes() {
        let v = |id: crate::math::ir::NodeId| values[id.index()];
        let value = match *op {
            Op::Input(m) => inputs.get(m).copied().unwrap_or(zero),
            Op::Add(a, b) => v(a) + v(b),
            Op::Sub(a, b) => v(a) - v(b),
            Op::Neg(a) => -v(a),
            Op::Rotate(a, Rotation::MinusI) => Complex64::new(v(a).im, -v(a).re),
            Op::Rotate(a, Rotation::PlusI) => Complex64::new(-v(a).im, v(a).re),
            Op::Twiddle(a, angle) => v(a) * angle.value(),
            Op::Scale(a, c) => v(a) * c.value(),
        };
        values.push(value);
    }
    graph
        .outputs()
        .iter()
        .map(|id| values[id.index()])
        .collect()
}
