//! The stages of a lanes pass's sub-FFT: Stockham stages on the private arrays, each lane a
//! sub-FFT of its own, the butterflies written by components on eight-lane vectors.

use super::types;
use crate::math::butterfly::output_slot;
use crate::math::ir::Graph;
use crate::opencl::butterfly::{write_butterfly, ButterflyText, Values};
use crate::opencl::twiddle_helpers::complex_product;
use crate::opencl::writer::Writer;
use fft_core::kernel::LanesSpec;
use fft_core::Precision;
use std::fmt::{self, Write};

/// Writes the stages of the sub-FFT, from `are`/`aim` through the scratch arrays, and returns
/// the prefix (`a` or `b`) of the arrays holding the result.
pub(super) fn write_stages<W: Write>(
    w: &mut Writer<W>,
    spec: &LanesSpec,
    graphs: &[(u32, Graph)],
) -> Result<&'static str, fmt::Error> {
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
        if stride.is_power_of_two() && stride > 1 {
            writeln!(w, "const uint ks = j & {}u;", stride - 1)?;
        } else if stride > 1 {
            writeln!(w, "const uint ks = j % {stride}u;")?;
        }
        let input = |m: u32| {
            if m == 0 {
                "j".to_string()
            } else {
                format!("j + {}u", m * count)
            }
        };
        // W_{r*stride}^(k*m) = W_L^(k*m*L/(r*stride)): entry of the stage table.
        let twiddle = |m: u32| format!("ks * {}u", l / (r * stride) * m);
        let dst_index = if stride == 1 {
            format!("j * {r}u")
        } else {
            format!("(j - ks) * {r}u + ks")
        };
        let output = |q: u32| {
            if q == 0 {
                dst_index.clone()
            } else {
                format!("{dst_index} + {}u", q * stride)
            }
        };
        let io = StageIo {
            arrays: [src, dst],
            input: &input,
            twiddle: (stride > 1).then_some(&twiddle as &dyn Fn(u32) -> String),
            output: &output,
        };
        write_butterfly_step(w, spec.precision, *radix, graph, &io)?;
        w.dedent();
        writeln!(w, "}}")?;
        std::mem::swap(&mut src, &mut dst);
        stride *= r;
    }
    Ok(src)
}

/// Where one butterfly of a stage reads and writes: the arrays (`a`/`b` for `are`/`aim`,
/// `bre`/`bim`, or the stage functions' `s`/`d`), input `m`'s index, the index into
/// `stage_tw` of input `m`'s twiddle (none in a first stage), output `q`'s index.
pub(super) struct StageIo<'a> {
    pub(super) arrays: [&'a str; 2],
    pub(super) input: &'a dyn Fn(u32) -> String,
    pub(super) twiddle: Option<&'a dyn Fn(u32) -> String>,
    pub(super) output: &'a dyn Fn(u32) -> String,
}

/// Writes one radix-`r` butterfly on eight-lane values: its inputs times their stage
/// twiddles, the butterfly, its outputs in natural order.
pub(super) fn write_butterfly_step<W: Write>(
    w: &mut Writer<W>,
    precision: Precision,
    r: u32,
    graph: &Graph,
    io: &StageIo<'_>,
) -> fmt::Result {
    let t = types(precision);
    let [src, dst] = io.arrays;
    for m in 0..r {
        let index = (io.input)(m);
        match io.twiddle.filter(|_| m > 0) {
            None => {
                writeln!(w, "const {} x{m:02}_re = {src}re[{index}];", t.lanes)?;
                writeln!(w, "const {} x{m:02}_im = {src}im[{index}];", t.lanes)?;
            }
            Some(twiddle) => {
                let at = twiddle(m);
                let s = t.scalar;
                writeln!(
                    w,
                    "const {s} w{m:02}_re = stage_tw[2 * ({at})], w{m:02}_im = stage_tw[2 * ({at}) + 1];"
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
    }
    let text = ButterflyText {
        values: Values::Components(t.lanes, precision),
        prefix: "",
        inputs: 'x',
        comments: true,
    };
    write_butterfly(w, graph, &text)?;
    for q in 0..r {
        let slot = output_slot(r, q as usize);
        let at = (io.output)(q);
        writeln!(w, "{dst}re[{at}] = y{slot:02}_re;")?;
        writeln!(w, "{dst}im[{at}] = y{slot:02}_im;")?;
    }
    Ok(())
}
