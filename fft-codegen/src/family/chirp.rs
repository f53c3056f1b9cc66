//! Bluestein's point-wise passes (DESIGN.md section 4.4) as OpenCL C: pad (times the chirp,
//! zero-padded to M), multiply (times the filter's spectrum) and unpad (times the chirp and
//! the scale). One work-item per value written; the signature is written from the ABI.

use crate::index::{Bindings, Expr};
use crate::opencl::banner::{write_fp64_pragma, write_generated_by};
use crate::opencl::literal::{literal, scalar_type, vector_type};
use crate::opencl::signature::write_signature;
use crate::opencl::twiddle_helpers::write_cmul;
use crate::opencl::writer::Writer;
use crate::spec::{CodegenError, OpCounts};
use fft_core::kernel::{ChirpSpec, ChirpStep, KernelSpec};
use std::fmt::{self, Write};

/// Generates the program of a chirp pass.
pub(crate) fn emit_chirp(spec: &ChirpSpec) -> Result<(String, OpCounts), CodegenError> {
    let mut writer = Writer::new(String::new());
    write_program(&mut writer, spec)?;
    Ok((writer.into_inner(), OpCounts::default()))
}

fn write_program<W: Write>(w: &mut Writer<W>, spec: &ChirpSpec) -> fmt::Result {
    let (v, scalar) = (vector_type(spec.precision), scalar_type(spec.precision));
    let name = spec.name();
    let sign = if spec.direction.sign() < 0.0 {
        "-"
    } else {
        "+"
    };
    writeln!(
        w,
        "// {name}: Bluestein's {} step of the {} FFT of length N on {v} data.",
        spec.step.name(),
        spec.direction
    )?;
    write_generated_by(
        w,
        format_args!(
            "chirp {}, {}, {}",
            spec.step.name(),
            spec.direction,
            spec.precision
        ),
    )?;
    writeln!(w, "//")?;
    let (launch, what, table) = match spec.step {
        ChirpStep::Pad => (
            "M * batch",
            "y[b * M + j] = x[b * N + j] * w[j] * scale for j < N, 0 for N <= j < M",
            format!("the chirp w[j] = exp({sign}i*pi*j^2/N), j^2 reduced modulo 2N in integers"),
        ),
        ChirpStep::Multiply => (
            "M * batch",
            "y[b * M + j] = x[b * M + j] * w[j] * scale",
            "the spectrum of the filter conj(w[|j|]) divided by M".to_string(),
        ),
        ChirpStep::Unpad => (
            "N * batch",
            "y[b * N + j] = x[b * M + j] * w[j] * scale for j < N",
            format!("the chirp w[j] = exp({sign}i*pi*j^2/N), j^2 reduced modulo 2N in integers"),
        ),
    };
    writeln!(
        w,
        "// Launch 1-D over {launch} = active work-items (rounded up to whole work-groups), M = m, N = n:"
    )?;
    writeln!(w, "// {what}.")?;
    writeln!(
        w,
        "// Table w: {table}, built by the host in f64 and rounded once."
    )?;
    write_fp64_pragma(w, spec.precision)?;
    writeln!(w)?;
    write_cmul(w, spec.precision)?;
    writeln!(w)?;
    let abi = KernelSpec::Chirp(*spec).abi();
    write_signature(w, "__kernel void ", &name, abi.args, v, scalar)?;
    w.open_block()?;
    let mut b = Bindings::new();
    let g = b.bind("g", Expr::builtin("get_global_id(0)"));
    b.guard("g >= active");
    let (m, n) = (Expr::var("m"), Expr::var("n"));
    // Pad reads sequences of n and writes sequences of m; unpad the other way round.
    let (from, to) = match spec.step {
        ChirpStep::Pad => (n, m),
        ChirpStep::Multiply => {
            b.write(w)?;
            writeln!(w, "y[g] = cmul(x[g], w[{}]) * scale;", g.modulo(m))?;
            return w.close_block();
        }
        ChirpStep::Unpad => (m, n),
    };
    let j = b.bind("j", g.clone().modulo(to.clone()));
    let seq = b.bind("b", g.over(to));
    b.write(w)?;
    let source = seq.times(from).plus(j);
    if spec.step == ChirpStep::Pad {
        let zero = literal(0.0, spec.precision);
        writeln!(
            w,
            "y[g] = j < n ? cmul(x[{source}], w[j]) * scale : ({v})({zero}, {zero});"
        )?;
    } else {
        writeln!(w, "y[g] = cmul(x[{source}], w[j]) * scale;")?;
    }
    w.close_block()
}
