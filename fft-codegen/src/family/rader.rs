//! Rader's point-wise passes (DESIGN.md section 4.4) as OpenCL C: gather (the input at the
//! powers of the primitive root, minus `x_0`), multiply (times the filter's spectrum, the DC
//! bin kept in the stash) and scatter (to the inverse powers, times the scale). One work-item
//! per value of the (N-1)-point convolution; the signature is written from the ABI.

use crate::index::{Bindings, Expr};
use crate::opencl::banner::{write_fp64_pragma, write_generated_by};
use crate::opencl::literal::{scalar_type, vector_type};
use crate::opencl::signature::write_signature;
use crate::opencl::twiddle_helpers::write_cmul;
use crate::opencl::writer::Writer;
use crate::spec::{CodegenError, OpCounts};
use fft_core::kernel::{KernelSpec, RaderSpec, RaderStep};
use std::fmt::{self, Write};

/// Generates the program of a Rader pass.
pub(crate) fn emit_rader(spec: &RaderSpec) -> Result<(String, OpCounts), CodegenError> {
    let mut writer = Writer::new(String::new());
    write_program(&mut writer, spec)?;
    Ok((writer.into_inner(), OpCounts::default()))
}

fn write_program<W: Write>(w: &mut Writer<W>, spec: &RaderSpec) -> fmt::Result {
    let (v, scalar) = (vector_type(spec.precision), scalar_type(spec.precision));
    let name = spec.name();
    writeln!(
        w,
        "// {name}: Rader's {} step of the {} FFT of prime length N on {v} data.",
        spec.step.name(),
        spec.direction
    )?;
    write_generated_by(
        w,
        format_args!(
            "rader {}, {}, {}",
            spec.step.name(),
            spec.direction,
            spec.precision
        ),
    )?;
    writeln!(w, "//")?;
    writeln!(
        w,
        "// Launch 1-D over (N - 1) * batch = active work-items (rounded up to whole work-groups), N = n;"
    )?;
    writeln!(
        w,
        "// work-item g is value j = g % (N - 1) of transform b = g / (N - 1) of the convolution:"
    )?;
    let what: &[&str] = match spec.step {
        RaderStep::PowerGather => &[
            "y[g] = x[b * N + powers[j]] (powers[j] = r^j mod N, r a primitive root of N);",
            "stash[2 * b] = x[b * N], the x_0 every other bin adds.",
        ],
        RaderStep::FilterMultiply => &[
            "y[g] = x[g] * filter[j], the spectrum of b_m = w^(r^-m) divided by N - 1, w = exp(sign*2*pi*i/N);",
            "stash[2 * b + 1] = x_0 + x[b * (N - 1)], the DC bin X_0 (x_0 plus the gathered values' sum).",
        ],
        RaderStep::PowerScatter => &[
            "y[b * N + r^-j mod N] = (x[g] + x_0) * scale, r^-j = powers[(N - 1 - j) mod (N - 1)], x_0 = stash[2 * b];",
            "y[b * N] = stash[2 * b + 1] * scale.",
        ],
    };
    for line in what {
        writeln!(w, "// {line}")?;
    }
    writeln!(
        w,
        "// Tables: built by the host (the filter in f64, rounded once)."
    )?;
    write_fp64_pragma(w, spec.precision)?;
    writeln!(w)?;
    if spec.step == RaderStep::FilterMultiply {
        write_cmul(w, spec.precision)?;
        writeln!(w)?;
    }
    let abi = KernelSpec::Rader(*spec).abi();
    write_signature(w, "__kernel void ", &name, abi.args, v, scalar)?;
    w.open_block()?;
    let mut b = Bindings::new();
    let g = b.bind("g", Expr::builtin("get_global_id(0)"));
    b.guard("g >= active");
    let convolution = b.bind("c", Expr::var("n").minus(Expr::uint(1)));
    b.bind("j", g.clone().modulo(convolution.clone()));
    let seq = b.bind("b", g.over(convolution));
    // The multiply stays in the convolution's values; the others address the caller's rows.
    if spec.step != RaderStep::FilterMultiply {
        b.bind("row", seq.times(Expr::var("n")));
    }
    b.write(w)?;
    match spec.step {
        RaderStep::PowerGather => {
            writeln!(w, "y[g] = x[row + powers[j]];")?;
            writeln!(w, "if (j == 0u) stash[2u * b] = x[row];")?;
        }
        RaderStep::FilterMultiply => {
            writeln!(w, "const {v} a = x[g];")?;
            writeln!(w, "y[g] = cmul(a, filter[j]);")?;
            writeln!(w, "if (j == 0u) stash[2u * b + 1u] = stash[2u * b] + a;")?;
        }
        RaderStep::PowerScatter => {
            writeln!(w, "const uint e = j == 0u ? 0u : c - j;")?;
            writeln!(w, "y[row + powers[e]] = (x[g] + stash[2u * b]) * scale;")?;
            writeln!(w, "if (j == 0u) y[row] = stash[2u * b + 1u] * scale;")?;
        }
    }
    w.close_block()
}
