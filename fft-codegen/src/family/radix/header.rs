//! The comment block at the top of a radix-pass program: what it computes, its launch and
//! its operation counts.

use super::{pass_twiddle_muls, Pass, Variant};
use crate::opencl::banner::write_generated_by;
use crate::opencl::literal::{scalar_type, vector_type};
use crate::opencl::writer::Writer;
use crate::spec::OpCounts;
use fft_core::kernel::{Form, Lengths, PassTable, RadixSpec, Twiddles};
use fft_core::Precision;
use std::fmt::{self, Write};

pub(super) fn write_header<W: Write>(w: &mut Writer<W>, pass: Pass, ops: OpCounts) -> fmt::Result {
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
    write_generated_by(
        w,
        format_args!(
            "radix {r}, {}, {}, {} twiddles{form}",
            spec.direction, spec.precision, spec.twiddles
        ),
    )?;
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
    if spec.lengths == Lengths::Any {
        writeln!(
            w,
            "// Any length N (mixed radix): t and p need not be powers of two, so the indices divide;"
        )?;
        writeln!(
            w,
            "// the launch is rounded up to whole work-groups and work-items g >= active = t * batch return."
        )?;
        writeln!(
            w,
            "// Work-item g: i = g % t, base = (g - i) * {r}, k = i % p; W_L = exp({sign}2*pi*i/L);"
        )?;
    } else {
        writeln!(
            w,
            "// Work-item g: i = g & (t - 1), base = (g - i) * {r}, k = i & (p - 1); W_L = exp({sign}2*pi*i/L);"
        )?;
    }
    writeln!(
        w,
        "// X = DFT{r}(x[base + i + m * t] * W_{{{r}p}}^(k*m)), y[base + (i - k) * {r} + k + q * p] = X[q] * scale."
    )?;
    let table = if spec.table == PassTable::TwoLevel {
        format!(
            "W_{{{r}p}}^(k*m) = tw_hi[(k*m) >> h] * tw_lo[(k*m) & (2^h - 1)], a two-level table (each level built by the host in f64 and rounded once)"
        )
    } else {
        format!("tw[(m - 1) * p + k] = W_{{{r}p}}^(k*m), built by the host in f64 and rounded once")
    };
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
    if r.is_power_of_two() {
        writeln!(
            w,
            "// Butterfly: decimation in frequency derived recursively from radix 2; slot s holds X[bitrev(s)]."
        )?;
    } else {
        writeln!(
            w,
            "// Butterfly: symmetric pairs x_j +- x_(p-j) for each prime factor p, decimation in frequency"
        )?;
        writeln!(
            w,
            "// between them; slot s holds X[s]. {} real-constant products (COS_/SIN_, two real multiplications each).",
            ops.real_scales
        )?;
    }
    let written_out = match pass.variant {
        Variant::Vector => "",
        Variant::Scalar | Variant::ScalarFirst => ", written out",
    };
    writeln!(
        w,
        "// Butterfly operations: {} complex additions, {} constant multiplications (mul_pXqY{written_out}),",
        ops.complex_adds, ops.constant_muls
    )?;
    let table_products = if spec.table == PassTable::TwoLevel {
        format!(", and {} products of the two table levels", spec.radix - 1)
    } else {
        String::new()
    };
    writeln!(
        w,
        "// {} trivial rotations (x -1, x i, x -i); pass twiddles: {} complex multiplications (cmul{written_out}){table_products}.",
        ops.trivial_rotations,
        pass_twiddle_muls(spec)
    )
}
