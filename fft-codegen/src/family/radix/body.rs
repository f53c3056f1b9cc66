//! The `__kernel` functions of a radix-pass program: indexing, loads with pass twiddles,
//! the butterfly and the bit-reversed, scaled stores.

use super::indexing::{input, output, table_row, vector_roles};
use super::{Pass, Variant, SIGNED_TWO_PI};
use crate::math::butterfly::output_slot;
use crate::math::ir::Graph;
use crate::opencl::butterfly::{write_butterfly, ButterflyText, Values};
use crate::opencl::literal::{literal, scalar_type, vector_type};
use crate::opencl::signature::write_signature;
use crate::opencl::twiddle_helpers::complex_product;
use crate::opencl::writer::Writer;
use fft_core::kernel::{KernelSpec, PassTable, Twiddles};
use fft_core::Precision;
use std::fmt::{self, Write};

pub(super) fn write_kernel<W: Write>(w: &mut Writer<W>, pass: Pass, graph: &Graph) -> fmt::Result {
    let spec = &pass.spec;
    let r = spec.radix;
    let data = pass.data_type();
    let scalar = scalar_type(spec.precision);
    let entry = pass.entry_point();
    let abi = KernelSpec::Radix(*spec).abi();
    write_signature(w, "__kernel void ", &entry, abi.args, data, scalar)?;
    w.open_block()?;
    // Scalar forms: offsets within a sequence (below 2N <= 2^28 values) fit a uint, the
    // sequence's place in the buffer may not, so the pointers are offset in size_t.
    match pass.variant {
        Variant::Vector => vector_roles(spec).write(w)?,
        Variant::Scalar => {
            writeln!(w, "// Work-item (k, r) is g = r * p + k; j = i - k.")?;
            writeln!(w, "const size_t k = get_global_id(0);")?;
            writeln!(w, "const uint r = (uint)get_global_id(1);")?;
            writeln!(w, "const uint j = (r * p) & (t - 1u);")?;
            writeln!(w, "const uint base = (r * p - j) * {r}u;")?;
            writeln!(w)?;
            writeln!(
                w,
                "// Element src + m * t = base + j + k + m * t of x is xs[2m * t] (re) and xs[2m * t + 1] (im);"
            )?;
            writeln!(
                w,
                "// element dst + q * p = base + j * {r} + k + q * p of y is ys[2q * p] and ys[2q * p + 1]."
            )?;
            writeln!(
                w,
                "__global const {data} *xs = x + 2 * (size_t)(base + j) + 2 * k;"
            )?;
            writeln!(
                w,
                "__global {data} *ys = y + 2 * (size_t)(base + j * {r}u) + 2 * k;"
            )?;
            writeln!(w, "__global const {data} *restrict ws = tw + 2 * k;")?;
        }
        Variant::ScalarFirst => {
            writeln!(w, "// Work-item (i, b) is g = b * t + i; p = 1, so k = 0.")?;
            writeln!(w, "const size_t i = get_global_id(0);")?;
            writeln!(w, "const uint b = (uint)get_global_id(1);")?;
            writeln!(w, "const uint base = b * t * {r}u;")?;
            writeln!(w)?;
            writeln!(
                w,
                "// Element src + m * t = base + i + m * t of x is xs[2m * t] (re) and xs[2m * t + 1] (im);"
            )?;
            writeln!(
                w,
                "// element dst + q = base + i * {r} + q of y is ys[2q] and ys[2q + 1]."
            )?;
            writeln!(
                w,
                "__global const {data} *xs = x + 2 * (size_t)base + 2 * i;"
            )?;
            writeln!(
                w,
                "__global {data} *ys = y + 2 * (size_t)base + {} * i;",
                2 * r
            )?;
        }
    }
    writeln!(w)?;
    write_inputs(w, pass)?;
    let order = if r.is_power_of_two() {
        "// Slot s holds X[bitrev(s)]: store it at output index bitrev(s)."
    } else {
        "// Slot s holds X[s]: store it at output index s."
    };
    match pass.variant {
        Variant::Vector => {
            write_butterfly(w, graph, &kernel_text(Values::Vector(data)))?;
            writeln!(w)?;
            writeln!(w, "{order}")?;
            for q in 0..r as usize {
                let slot = output_slot(r, q);
                writeln!(w, "y[{}] = y{slot:02} * scale;", output(q as u32))?;
            }
        }
        Variant::Scalar | Variant::ScalarFirst => {
            let values = Values::Components(data, spec.precision);
            write_butterfly(w, graph, &kernel_text(values))?;
            writeln!(w)?;
            writeln!(w, "{order}")?;
            let stride = (pass.variant == Variant::Scalar).then_some("p");
            for q in 0..r as usize {
                let slot = output_slot(r, q);
                let (re, im) = pair("ys", q, stride);
                writeln!(w, "{re} = y{slot:02}_re * scale;")?;
                writeln!(w, "{im} = y{slot:02}_im * scale;")?;
            }
        }
    }
    w.close_block()
}

/// The two scalars of complex element `m * stride` (`m` without a stride) of the interleaved
/// array `base`: `(base[2m * stride], base[2m * stride + 1u])`.
fn pair(base: &str, m: usize, stride: Option<&str>) -> (String, String) {
    match (m, stride) {
        (0, _) => (format!("{base}[0]"), format!("{base}[1]")),
        (_, Some(stride)) => (
            format!("{base}[{}u * {stride}]", 2 * m),
            format!("{base}[{}u * {stride} + 1u]", 2 * m),
        ),
        (_, None) => (
            format!("{base}[{}]", 2 * m),
            format!("{base}[{}]", 2 * m + 1),
        ),
    }
}

/// Loads `x00..` and multiplies input `m >= 1` by the pass twiddle `w<m> = W_{R*p}^(k*m)`.
fn write_inputs<W: Write>(w: &mut Writer<W>, pass: Pass) -> fmt::Result {
    let spec = &pass.spec;
    let r = spec.radix as usize;
    let vector = vector_type(spec.precision);
    let scalar = scalar_type(spec.precision);
    writeln!(
        w,
        "// Inputs m = 0..{}, times the pass twiddles w<m> = W_{{{r}p}}^(k*m).",
        r - 1
    )?;
    if pass.variant == Variant::ScalarFirst {
        writeln!(w, "// p = 1: every pass twiddle is W^0 = 1.")?;
        for m in 0..r {
            let (re, im) = pair("xs", m, Some("t"));
            writeln!(w, "const {scalar} x{m:02}_re = {re};")?;
            writeln!(w, "const {scalar} x{m:02}_im = {im};")?;
        }
        return Ok(());
    }
    if pass.variant == Variant::Scalar {
        // Only table twiddles have a scalar form (CpuKernelSpec has no other).
        let (re, im) = pair("xs", 0, Some("t"));
        writeln!(w, "const {scalar} x00_re = {re};")?;
        writeln!(w, "const {scalar} x00_im = {im};")?;
        for m in 1..r {
            let (wr, wi) = pair("ws", m - 1, Some("p"));
            writeln!(w, "const {scalar} w{m:02}_re = {wr};")?;
            writeln!(w, "const {scalar} w{m:02}_im = {wi};")?;
            let (xr, xi) = pair("xs", m, Some("t"));
            writeln!(w, "const {scalar} u{m:02}_re = {xr};")?;
            writeln!(w, "const {scalar} u{m:02}_im = {xi};")?;
            let (re, im) = complex_product(
                [&format!("u{m:02}_re"), &format!("u{m:02}_im")],
                [&format!("w{m:02}_re"), &format!("w{m:02}_im")],
            );
            writeln!(w, "const {scalar} x{m:02}_re = {re};")?;
            writeln!(w, "const {scalar} x{m:02}_im = {im};")?;
        }
        return Ok(());
    }
    if spec.twiddles != Twiddles::Table {
        writeln!(
            w,
            "const {scalar} a = {SIGNED_TWO_PI} * ({scalar})k / ({scalar})({r}u * p);"
        )?;
    }
    writeln!(w, "const {vector} x00 = x[{}];", input(0))?;
    for m in 1..r {
        let angle = if m == 1 {
            "a".to_string()
        } else {
            format!("a * {}", literal(m as f64, spec.precision))
        };
        match spec.twiddles {
            Twiddles::Table if spec.table == PassTable::TwoLevel => {
                let exponent = if m == 1 {
                    "k".to_string()
                } else {
                    format!("k * {m}u")
                };
                writeln!(
                    w,
                    "const {vector} w{m:02} = pass_twiddle(tw_hi, tw_lo, {exponent}, h);"
                )?;
            }
            Twiddles::Table => {
                writeln!(w, "const {vector} w{m:02} = tw[{}];", table_row(m as u32))?;
            }
            Twiddles::Sincos => {
                writeln!(w, "{scalar} c{m:02};")?;
                writeln!(w, "const {scalar} s{m:02} = sincos({angle}, &c{m:02});")?;
                writeln!(w, "const {vector} w{m:02} = ({vector})(c{m:02}, s{m:02});")?;
            }
            Twiddles::Native => {
                let (cos, sin) = match spec.precision {
                    Precision::F32 => ("native_cos", "native_sin"),
                    Precision::F64 => ("cos", "sin"),
                };
                writeln!(
                    w,
                    "const {vector} w{m:02} = ({vector})({cos}({angle}), {sin}({angle}));"
                )?;
            }
            Twiddles::Chained if m == 1 => {
                writeln!(w, "{scalar} c01;")?;
                writeln!(w, "const {scalar} s01 = sincos(a, &c01);")?;
                writeln!(w, "const {vector} w01 = ({vector})(c01, s01);")?;
            }
            Twiddles::Chained => {
                writeln!(w, "const {vector} w{m:02} = cmul(w{:02}, w01);", m - 1)?;
            }
        }
        writeln!(
            w,
            "const {vector} x{m:02} = cmul(x[{}], w{m:02});",
            input(m as u32)
        )?;
    }
    Ok(())
}

/// The text of a radix pass's one butterfly: inputs `x00..`, outputs `y00..`, stages
/// commented.
fn kernel_text(values: Values) -> ButterflyText {
    ButterflyText {
        values,
        prefix: "",
        inputs: 'x',
        comments: true,
    }
}
