//! The stages of a lanes pass's sub-FFT: Stockham stages on the private arrays, each lane a
//! sub-FFT of its own, the butterflies written by components on eight-lane vectors.

use super::types;
use crate::math::butterfly::output_slot;
use crate::math::ir::Graph;
use crate::opencl::butterfly::{write_butterfly, ButterflyText, Values};
use crate::opencl::twiddle_helpers::complex_product;
use crate::opencl::writer::Writer;
use fft_core::kernel::LanesSpec;
use std::fmt::{self, Write};

/// Writes the stages of the sub-FFT, from `are`/`aim` through the scratch arrays, and returns
/// the prefix (`a` or `b`) of the arrays holding the result.
pub(super) fn write_stages<W: Write>(
    w: &mut Writer<W>,
    spec: &LanesSpec,
    graphs: &[(u32, Graph)],
) -> Result<&'static str, fmt::Error> {
    let t = types(spec.precision);
    let l = spec.len;
    let (mut src, mut dst) = ("a", "b");
    let mut stride = 1u32;
    for (index, (radix, graph)) in graphs.iter().enumerate() {
        let r = *radix;
        let count = l / r;
        writeln!(
            w,
            "// Stage {} of {}: radix {r} at stride {stride}: X = DFT{r}(s[j + m * {count}] * W_{{{}}}^(ks*m)), ks = j % {stride}, d[(j - ks) * {r} + ks + q * {stride}] = X[q].",
            index + 1,
            graphs.len(),
            r * stride
        )?;
        writeln!(w, "for (uint j = 0; j < {count}u; ++j) {{")?;
        w.indent();
        if stride > 1 {
            writeln!(w, "const uint ks = j & {}u;", stride - 1)?;
        }
        for m in 0..r {
            let index = if m == 0 {
                "j".to_string()
            } else {
                format!("j + {}u", m * count)
            };
            if stride == 1 || m == 0 {
                writeln!(w, "const {} x{m:02}_re = {src}re[{index}];", t.lanes)?;
                writeln!(w, "const {} x{m:02}_im = {src}im[{index}];", t.lanes)?;
            } else {
                // W_{r*stride}^(k*m) = W_L^(k*m*L/(r*stride)): entry of the stage table.
                let step = l / (r * stride) * m;
                let s = t.scalar;
                writeln!(
                    w,
                    "const {s} w{m:02}_re = stage_tw[2 * (ks * {step}u)], w{m:02}_im = stage_tw[2 * (ks * {step}u) + 1];"
                )?;
                writeln!(w, "const {} u{m:02}_re = {src}re[{index}];", t.lanes)?;
                writeln!(w, "const {} u{m:02}_im = {src}im[{index}];", t.lanes)?;
                let (u, wt) = (
                    [format!("u{m:02}_re"), format!("u{m:02}_im")],
                    [format!("w{m:02}_re"), format!("w{m:02}_im")],
                );
                let (re, im) = complex_product([&u[0], &u[1]], [&wt[0], &wt[1]]);
                writeln!(w, "const {} x{m:02}_re = {re};", t.lanes)?;
                writeln!(w, "const {} x{m:02}_im = {im};", t.lanes)?;
            }
        }
        let text = ButterflyText {
            values: Values::Components(t.lanes, spec.precision),
            prefix: "",
            inputs: 'x',
            comments: true,
        };
        write_butterfly(w, graph, &text)?;
        let dst_index = if stride == 1 {
            format!("j * {r}u")
        } else {
            format!("(j - ks) * {r}u + ks")
        };
        for q in 0..r as usize {
            let slot = output_slot(r, q);
            let at = if q == 0 {
                dst_index.clone()
            } else {
                format!("{dst_index} + {}u", q as u32 * stride)
            };
            writeln!(w, "{dst}re[{at}] = y{slot:02}_re;")?;
            writeln!(w, "{dst}im[{at}] = y{slot:02}_im;")?;
        }
        w.dedent();
        writeln!(w, "}}")?;
        std::mem::swap(&mut src, &mut dst);
        stride *= r;
    }
    Ok(src)
}
