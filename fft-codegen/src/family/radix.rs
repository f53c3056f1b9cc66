//! The global radix pass (DESIGN.md section 4.1) as OpenCL C: [`emit_kernel`].
//!
//! ABI, identical for every variant (the runtime relies on it):
//!
//! ```text
//! __kernel void <entry point>(__global const float2 *restrict x, __global float2 *restrict y,
//!                             __global const float2 *restrict tw, const uint p, const uint t,
//!                             const float scale)
//! ```
//!
//! Launched 1-D over `t * batch` work-items, `t = N / R`. Work-item `g` takes
//! `i = g & (t - 1)`, `base = (g - i) * R`, `k = i & (p - 1)`, loads
//! `x[base + i + m*t] * W_{R*p}^(k*m)` (m = 0..R-1), runs the butterfly and stores output `q`
//! times `scale` to `y[base + (i - k)*R + k + q*p]`.
//!
//! The scalar form for CPU devices ([`emit_cpu_kernel`] of a [`CpuKernelSpec`]) is the same
//! pass with table twiddles, from the same butterfly graph and the same writer functions,
//! but without vector types: `x`, `y` and `tw` are `__global const float *` (`double`)
//! arrays of interleaved pairs (complex element `e` at `[2e]`, `[2e + 1]`), every complex
//! value `v` is the two scalars `v_re`, `v_im`, and the constant and pass-twiddle products
//! are written out by components. The arguments are the same buffers and values; the launch
//! is 2-D, with two entry points: `<name>_scalar` over `(p, t * batch / p)` for `p >= 2` and
//! `<name>_scalar_p1` over `(t, batch)` for the first pass, each work-item doing the work of
//! one work-item of the 1-D launch. PoCL's work-item loop vectorizer refuses code with
//! `float2` values ("instruction return type cannot be vectorized"); the scalar form lets it
//! run 8 work-items per SIMD instruction, and the 2-D launch makes consecutive work-items
//! touch consecutive elements (the 1-D indices' masks `& (t - 1)`, `& (p - 1)` would make it
//! gather and scatter, which measured slower than the unvectorized `float2` code).

use crate::math::angle::Angle;
use crate::math::butterfly::butterfly;
use crate::math::ir::{Graph, NodeId, Op};
use crate::math::schedule::Schedule;
use crate::math::simplify::simplify;
use crate::opencl::expr::{component_definition, definition, Part};
use crate::opencl::literal::{literal, scalar_type, vector_type};
use crate::opencl::signature::write_signature;
use crate::opencl::twiddle_helpers::{complex_product, write_cmul, write_mul_helper};
use crate::opencl::writer::Writer;
use crate::spec::{CodegenError, OpCounts};
use fft_core::kernel::{Form, KernelSpec, RadixSpec, Twiddles};
use fft_core::{bit_reverse, Precision};
use std::collections::BTreeSet;
use std::fmt::{self, Write};

/// Name of the program-scope constant `sign * 2*pi` of the on-the-fly twiddle variants.
const SIGNED_TWO_PI: &str = "SIGNED_TWO_PI";

/// The simplified butterfly of `spec`, as emitted (its outputs are the kernel's slots).
pub fn kernel_butterfly(spec: &RadixSpec) -> Result<Graph, CodegenError> {
    Ok(simplify(&butterfly(spec.radix, spec.direction)?))
}

/// How complex values are written: as `float2`/`double2` vectors, or as pairs of scalars.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Variant {
    /// [`emit_kernel`]: `float2` data and values, `cmul` and `mul_pXqY` helpers.
    Vector,
    /// [`emit_cpu_kernel`]: `float` data of interleaved pairs, `v_re`/`v_im` values, every
    /// product written out; launched 2-D over `(p, t * batch / p)`, for `p >= 2`.
    Scalar,
    /// The second kernel of the scalar program, for the first pass (`p = 1`: every pass
    /// twiddle is 1): launched 2-D over `(t, batch)`.
    ScalarFirst,
}

/// A kernel to write: the pass (radix, direction, precision, twiddles) and its form.
#[derive(Clone, Copy, Debug)]
struct Pass {
    spec: RadixSpec,
    variant: Variant,
}

impl Pass {
    fn entry_point(&self) -> String {
        match self.variant {
            Variant::Vector | Variant::Scalar => self.spec.name(),
            Variant::ScalarFirst => format!("{}_p1", self.spec.name()),
        }
    }

    /// The type of the data, twiddles and values: `float2` or `float`.
    fn data_type(&self) -> &'static str {
        match self.variant {
            Variant::Vector => vector_type(self.spec.precision),
            Variant::Scalar | Variant::ScalarFirst => scalar_type(self.spec.precision),
        }
    }
}

/// Generates the complete OpenCL C program of a global radix pass: the vector form (one
/// kernel) or the scalar form (two kernels, see the module documentation).
pub(crate) fn emit_radix(spec: &RadixSpec) -> Result<(String, OpCounts), CodegenError> {
    KernelSpec::Radix(*spec).check()?;
    let variant = match spec.form {
        Form::Vector => Variant::Vector,
        Form::Scalar => Variant::Scalar,
    };
    let pass = Pass {
        spec: *spec,
        variant,
    };
    let graph = kernel_butterfly(spec)?;
    let ops = graph.op_counts();
    let mut writer = Writer::new(String::new());
    write_program(&mut writer, pass, &graph, ops)?;
    Ok((writer.into_inner(), ops))
}

/// Pass-twiddle complex multiplications per work-item: one per input after the first, plus
/// the chain's products for [`Twiddles::Chained`].
fn pass_twiddle_muls(spec: &RadixSpec) -> u32 {
    let inputs = spec.radix.saturating_sub(1);
    match spec.twiddles {
        Twiddles::Chained => inputs + inputs.saturating_sub(1),
        _ => inputs,
    }
}

fn write_program<W: Write>(
    w: &mut Writer<W>,
    pass: Pass,
    graph: &Graph,
    ops: OpCounts,
) -> fmt::Result {
    let spec = &pass.spec;
    write_header(w, pass, ops)?;
    if spec.precision == Precision::F64 {
        writeln!(w)?;
        writeln!(w, "#pragma OPENCL EXTENSION cl_khr_fp64 : enable")?;
    }
    if spec.twiddles != Twiddles::Table {
        let scalar = scalar_type(spec.precision);
        let value = literal(
            spec.direction.sign() * std::f64::consts::TAU,
            spec.precision,
        );
        writeln!(w)?;
        writeln!(
            w,
            "// sign * 2*pi of the {} transform, computed in f64 and rounded once",
            spec.direction
        )?;
        writeln!(w, "__constant {scalar} {SIGNED_TWO_PI} = {value};")?;
    }
    if pass.variant == Variant::Vector {
        writeln!(w)?;
        write_cmul(w, spec.precision)?;
        write_constant_helpers(w, [graph], spec.precision)?;
    }
    writeln!(w)?;
    write_kernel(w, pass, graph)?;
    if pass.variant == Variant::Scalar {
        writeln!(w)?;
        write_kernel(
            w,
            Pass {
                variant: Variant::ScalarFirst,
                ..pass
            },
            graph,
        )?;
    }
    Ok(())
}

/// Writes each constant twiddle helper `mul_pXqY` the `graphs` call once, by increasing
/// angle, each after a blank line.
pub(crate) fn write_constant_helpers<'a, W: Write>(
    w: &mut Writer<W>,
    graphs: impl IntoIterator<Item = &'a Graph>,
    precision: Precision,
) -> fmt::Result {
    let angles: BTreeSet<_> = graphs
        .into_iter()
        .flat_map(|graph| graph.nodes())
        .filter_map(|op| match op {
            Op::Twiddle(_, angle) => Some(*angle),
            _ => None,
        })
        .collect();
    let mut angles: Vec<Angle> = angles.into_iter().collect();
    angles.sort_by(|a, b| {
        let (an, ad) = (u64::from(a.num()), u64::from(a.den()));
        let (bn, bd) = (u64::from(b.num()), u64::from(b.den()));
        (an * bd).cmp(&(bn * ad))
    });
    for angle in angles {
        writeln!(w)?;
        write_mul_helper(w, angle, precision)?;
    }
    Ok(())
}

fn write_header<W: Write>(w: &mut Writer<W>, pass: Pass, ops: OpCounts) -> fmt::Result {
    let spec = &pass.spec;
    let r = spec.radix;
    let data = match pass.variant {
        Variant::Vector => format!("{} data", vector_type(spec.precision)),
        Variant::Scalar | Variant::ScalarFirst => format!(
            "{} data (scalar form for CPU devices)",
            scalar_type(spec.precision)
        ),
    };
    let form = match pass.variant {
        Variant::Vector => "",
        Variant::Scalar | Variant::ScalarFirst => ", scalar",
    };
    let sign = if spec.direction.sign() < 0.0 {
        "-"
    } else {
        "+"
    };
    writeln!(
        w,
        "// {}: one global radix-{r} pass of the {} FFT on {data}.",
        pass.entry_point(),
        spec.direction
    )?;
    writeln!(
        w,
        "// Generated by fft-codegen (radix {r}, {}, {}, {} twiddles{form}); do not edit:",
        spec.direction, spec.precision, spec.twiddles
    )?;
    writeln!(w, "// regenerate with `cargo xtask gen-kernels`.")?;
    writeln!(w, "//")?;
    if pass.variant == Variant::Vector {
        writeln!(
            w,
            "// Launch 1-D over t * batch work-items, t = N / {r}, sequences of N points one after another."
        )?;
    } else {
        let entry = pass.entry_point();
        writeln!(
            w,
            "// Two kernels, t = N / {r}, sequences of N points one after another, each work-item doing the"
        )?;
        writeln!(
            w,
            "// work of work-item g of {}'s 1-D launch over t * batch work-items:",
            RadixSpec {
                form: Form::Vector,
                ..*spec
            }
            .name()
        )?;
        writeln!(
            w,
            "// {entry} for p >= 2, launched 2-D over (p, t * batch / p), work-item (k, r) is g = r * p + k;"
        )?;
        writeln!(
            w,
            "// {entry}_p1 for p = 1 (every pass twiddle is 1, tw is unused), launched 2-D over (t, batch),"
        )?;
        writeln!(
            w,
            "// work-item (i, b) is g = b * t + i. Consecutive work-items read and write consecutive elements,"
        )?;
        writeln!(
            w,
            "// so a vectorizer uses vector loads and stores (1-D, the masks below make it gather and scatter)."
        )?;
    }
    writeln!(
        w,
        "// Work-item g: i = g & (t - 1), base = (g - i) * {r}, k = i & (p - 1); W_L = exp({sign}2*pi*i/L);"
    )?;
    writeln!(
        w,
        "// X = DFT{r}(x[base + i + m * t] * W_{{{r}p}}^(k*m)), y[base + (i - k) * {r} + k + q * p] = X[q] * scale."
    )?;
    let table = format!(
        "tw[(m - 1) * p + k] = W_{{{r}p}}^(k*m), built by the host in f64 and rounded once"
    );
    let source = match (spec.twiddles, spec.precision) {
        (Twiddles::Table, _) => table.as_str(),
        (Twiddles::Sincos, _) => "sincos of each angle",
        (Twiddles::Native, Precision::F32) => "native_cos/native_sin of each angle",
        (Twiddles::Native, Precision::F64) => {
            "cos/sin of each angle (OpenCL has no native_cos/native_sin for double)"
        }
        (Twiddles::Chained, _) => {
            "one sincos per work-item, then W^(k*m) = W^(k*(m-1)) * W^k; tw is unused"
        }
    };
    let unused = if matches!(spec.twiddles, Twiddles::Table | Twiddles::Chained) {
        ""
    } else {
        "; tw is unused"
    };
    writeln!(w, "// Pass twiddles: {source}{unused}.")?;
    if pass.variant == Variant::Scalar {
        writeln!(
            w,
            "// Scalar form: x, y and tw hold interleaved pairs, complex element e at [2e] (re) and [2e + 1] (im);"
        )?;
        writeln!(
            w,
            "// every complex value v is the scalars v_re, v_im. No vector types, so a work-item loop"
        )?;
        writeln!(
            w,
            "// vectorizer (PoCL's) can run several work-items per SIMD instruction."
        )?;
    }
    writeln!(w, "//")?;
    writeln!(
        w,
        "// Butterfly: decimation in frequency derived recursively from radix 2; slot s holds X[bitrev(s)]."
    )?;
    let written_out = match pass.variant {
        Variant::Vector => "",
        Variant::Scalar | Variant::ScalarFirst => ", written out",
    };
    writeln!(
        w,
        "// Butterfly operations: {} complex additions, {} constant multiplications (mul_pXqY{written_out}),",
        ops.complex_adds, ops.constant_muls
    )?;
    writeln!(
        w,
        "// {} trivial rotations (x -1, x i, x -i); pass twiddles: {} complex multiplications (cmul{written_out}).",
        ops.trivial_rotations,
        pass_twiddle_muls(spec)
    )
}

fn write_kernel<W: Write>(w: &mut Writer<W>, pass: Pass, graph: &Graph) -> fmt::Result {
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
        Variant::Vector => {
            writeln!(w, "const uint g = (uint)get_global_id(0);")?;
            writeln!(w, "const uint i = g & (t - 1u);")?;
            writeln!(w, "const uint k = i & (p - 1u);")?;
            writeln!(w, "const uint base = (g - i) * {r}u;")?;
            writeln!(w, "const uint src = base + i;")?;
            writeln!(w, "const uint dst = base + (i - k) * {r}u + k;")?;
        }
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
                "__global const {data} *restrict xs = x + 2 * (size_t)(base + j) + 2 * k;"
            )?;
            writeln!(
                w,
                "__global {data} *restrict ys = y + 2 * (size_t)(base + j * {r}u) + 2 * k;"
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
                "__global const {data} *restrict xs = x + 2 * (size_t)base + 2 * i;"
            )?;
            writeln!(
                w,
                "__global {data} *restrict ys = y + 2 * (size_t)base + {} * i;",
                2 * r
            )?;
        }
    }
    writeln!(w)?;
    write_inputs(w, pass)?;
    let bits = r.trailing_zeros();
    match pass.variant {
        Variant::Vector => {
            let schedule = Schedule::new(graph);
            write_butterfly(w, graph, &schedule, |w, name, id| {
                let value = definition(graph, &schedule, id, data);
                writeln!(w, "const {data} {name} = {value};")
            })?;
            for (name, value) in schedule.aliases() {
                writeln!(w, "const {data} {name} = {value};")?;
            }
            writeln!(w)?;
            writeln!(
                w,
                "// Slot s holds X[bitrev(s)]: store it at output index bitrev(s)."
            )?;
            for q in 0..r as usize {
                let slot = bit_reverse(q, bits);
                writeln!(w, "y[{}] = y{slot:02} * scale;", offset("dst", q, "p"))?;
            }
        }
        Variant::Scalar | Variant::ScalarFirst => {
            let schedule = Schedule::scalar(graph);
            write_butterfly(w, graph, &schedule, |w, name, id| {
                if let Op::Twiddle(a, angle) = graph.op(id) {
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
                    let value = component_definition(graph, &schedule, id, part, spec.precision);
                    writeln!(w, "const {data} {name}{} = {value};", part.suffix())?;
                }
                Ok(())
            })?;
            for (name, value) in schedule.aliases() {
                for suffix in [Part::Re, Part::Im].map(Part::suffix) {
                    writeln!(w, "const {data} {name}{suffix} = {value}{suffix};")?;
                }
            }
            writeln!(w)?;
            writeln!(
                w,
                "// Slot s holds X[bitrev(s)]: store it at output index bitrev(s)."
            )?;
            let stride = (pass.variant == Variant::Scalar).then_some("p");
            for q in 0..r as usize {
                let slot = bit_reverse(q, bits);
                let (re, im) = pair("ys", q, stride);
                writeln!(w, "{re} = y{slot:02}_re * scale;")?;
                writeln!(w, "{im} = y{slot:02}_im * scale;")?;
            }
        }
    }
    w.close_block()
}

/// `base`, `base + stride` or `base + 3u * stride`.
fn offset(base: &str, m: usize, stride: &str) -> String {
    match m {
        0 => base.to_string(),
        1 => format!("{base} + {stride}"),
        _ => format!("{base} + {m}u * {stride}"),
    }
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
    writeln!(w, "const {vector} x00 = x[src];")?;
    for m in 1..r {
        let angle = if m == 1 {
            "a".to_string()
        } else {
            format!("a * {}", literal(m as f64, spec.precision))
        };
        match spec.twiddles {
            Twiddles::Table => {
                let row = match m {
                    1 => "k".to_string(),
                    2 => "k + p".to_string(),
                    _ => format!("k + {}u * p", m - 1),
                };
                writeln!(w, "const {vector} w{m:02} = tw[{row}];")?;
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
            offset("src", m, "t")
        )?;
    }
    Ok(())
}

/// The butterfly's statements, one radix-2 stage after another, each written by `statement`
/// (the definition of one named node); the caller then copies the aliased output slots.
fn write_butterfly<W: Write>(
    w: &mut Writer<W>,
    graph: &Graph,
    schedule: &Schedule,
    mut statement: impl FnMut(&mut Writer<W>, &str, NodeId) -> fmt::Result,
) -> fmt::Result {
    let stages = graph.input_count().trailing_zeros() as usize;
    let mut current_stage = 0;
    for (id, name) in schedule.statements() {
        let stage = schedule.stage(*id);
        if stage != current_stage && stage > 0 {
            current_stage = stage;
            let block = graph
                .input_count()
                .checked_shr(stage as u32 - 1)
                .unwrap_or(0);
            writeln!(w)?;
            writeln!(
                w,
                "// Stage {stage} of {stages}: radix-2 butterflies over blocks of {block}."
            )?;
        }
        statement(w, name, *id)?;
    }
    Ok(())
}
