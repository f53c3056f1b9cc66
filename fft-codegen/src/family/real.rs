//! A real transform's point-wise passes (DESIGN.md section 4.5) as OpenCL C: pack, split,
//! merge and unpack ([`RealStep`]), for even N (around an N/2-point complex FFT) and odd N
//! (around an N-point one). One work-item per value written, or per mirrored pair `(k, N/2 - k)`
//! for the split and merge of an even N (each value read once); the signature is written from
//! the ABI. Plans use them where a fused pass cannot take the step (CPU devices, Bluestein
//! lengths, padded rows).

use crate::opencl::banner::{write_fp64_pragma, write_generated_by};
use crate::opencl::literal::{literal, scalar_type};
use crate::opencl::signature::write_signature;
use crate::opencl::writer::Writer;
use crate::spec::{CodegenError, OpCounts};
use fft_core::kernel::{KernelSpec, RealSpec, RealStep};
use std::fmt::{self, Write};

/// Generates the program of a real transform's point-wise pass.
pub(crate) fn emit_real(spec: &RealSpec) -> Result<(String, OpCounts), CodegenError> {
    let mut writer = Writer::new(String::new());
    write_program(&mut writer, spec)?;
    Ok((writer.into_inner(), OpCounts::default()))
}

/// What the kernel computes, for its header: (launch size, the formula).
fn contract(spec: &RealSpec) -> (&'static str, &'static str) {
    match (spec.step, spec.odd) {
        (RealStep::Pack, false) => (
            "H = N/2 values",
            "y[b * H + m] = (x[b * dist + 2m], x[b * dist + 2m + 1]): the reals as H complex pairs",
        ),
        (RealStep::Pack, true) => (
            "N values",
            "y[b * N + m] = (x[b * dist + m], 0): the reals as complex values",
        ),
        (RealStep::Split, false) => (
            "H/2 + 1 pairs (H = N/2)",
            "pair k = 0..H/2 writes y[b * (H + 1) + k] = split(Z_k, Z_(H-k), W_N^k) * scale and y[b * (H + 1) + H - k]\n\
             // = split(Z_(H-k), Z_k, W_N^(H-k)) * scale (the split step; once where H - k = k), Z_j = x[b * H + j % H]",
        ),
        (RealStep::Split, true) => (
            "N/2 + 1 values",
            "y[b * (N/2 + 1) + k] = x[b * N + k] * scale, k = 0..N/2: the half spectrum",
        ),
        (RealStep::Merge, false) => (
            "H/2 + 1 pairs (H = N/2)",
            "pair k = 0..H/2 writes y[b * H + k] = merge(X_k, X_(H-k), W_N^-k) and y[b * H + H - k] = merge(X_(H-k), X_k,\n\
             // W_N^(k-H)) (the merge step; once where H - k = k, not for k = 0), X_j = x[b * (H + 1) + j], the imaginary parts\n\
             // of X_0 and X_H ignored",
        ),
        (RealStep::Merge, true) => (
            "N values",
            "y[b * N + k] = x[b * (N/2 + 1) + k] for k <= N/2, conj(x[b * (N/2 + 1) + N - k]) beyond, the imaginary part of X_0 ignored",
        ),
        (RealStep::Unpack, false) => (
            "H = N/2 values",
            "(y[b * dist + 2m], y[b * dist + 2m + 1]) = x[b * H + m] * scale: the complex pairs as reals",
        ),
        (RealStep::Unpack, true) => (
            "N values",
            "y[b * dist + m] = re x[b * N + m] * scale: the real parts",
        ),
    }
}

fn write_program<W: Write>(w: &mut Writer<W>, spec: &RealSpec) -> fmt::Result {
    let scalar = scalar_type(spec.precision);
    let name = spec.name();
    let parity = if spec.odd { "odd" } else { "even" };
    writeln!(
        w,
        "// {name}: the {} step of a real transform of {parity} length N on {scalar} data.",
        spec.step.name()
    )?;
    write_generated_by(
        w,
        format_args!("real {}, {parity} N, {}", spec.step.name(), spec.precision),
    )?;
    writeln!(w, "//")?;
    let (launch, what) = contract(spec);
    writeln!(
        w,
        "// Launch 2-D over (row, batch) work-items, row = {launch} per row (rounded up to whole work-groups), N = n:"
    )?;
    writeln!(w, "// {what}.")?;
    writeln!(
        w,
        "// Complex values are interleaved pairs of {scalar}s, the arithmetic by components, so PoCL"
    )?;
    writeln!(
        w,
        "// vectorizes the kernel across work-items (the scalar form, DESIGN.md section 4.1)."
    )?;
    if spec.has_twiddles() {
        writeln!(
            w,
            "// Tables real_hi, real_lo: W_N^k in two levels, built by the host in f64 and rounded once."
        )?;
    }
    write_fp64_pragma(w, spec.precision)?;
    writeln!(w)?;
    let abi = KernelSpec::Real(*spec).abi();
    write_signature(w, "__kernel void ", &name, abi.args, scalar, scalar)?;
    w.open_block()?;
    let zero = literal(0.0, spec.precision);
    let half = literal(0.5, spec.precision);
    if spec.in_pairs() {
        writeln!(
            w,
            "// Pair k of row b (k < row): both values of a mirrored pair are read and written once."
        )?;
        writeln!(w, "const uint k = (uint)get_global_id(0);")?;
        writeln!(w, "const uint b = (uint)get_global_id(1);")?;
        writeln!(w, "if (k >= row)")?;
        writeln!(w, "    return;")?;
        writeln!(w, "const uint h = n / 2u;")?;
        write_twiddle(w, scalar)?;
        match spec.step {
            RealStep::Split => write_split_pair(w, scalar, &half)?,
            _ => write_merge_pair(w, scalar, &zero)?,
        }
        return w.close_block();
    }
    writeln!(
        w,
        "// Value i of row b (i < row), and g, its index in the rows of the complex side."
    )?;
    writeln!(w, "const uint i = (uint)get_global_id(0);")?;
    writeln!(w, "const uint b = (uint)get_global_id(1);")?;
    writeln!(w, "if (i >= row)")?;
    writeln!(w, "    return;")?;
    writeln!(w, "const uint g = b * row + i;")?;
    match (spec.step, spec.odd) {
        (RealStep::Pack, false) => {
            writeln!(w, "const uint src = b * dist + 2u * i;")?;
            writeln!(w, "y[2u * g] = x[src];")?;
            writeln!(w, "y[2u * g + 1u] = x[src + 1u];")?;
        }
        (RealStep::Pack, true) => {
            writeln!(w, "y[2u * g] = x[b * dist + i];")?;
            writeln!(w, "y[2u * g + 1u] = {zero};")?;
        }
        (RealStep::Split, true) => {
            writeln!(w, "const uint src = 2u * (b * n + i);")?;
            writeln!(w, "y[2u * g] = x[src] * scale;")?;
            writeln!(w, "y[2u * g + 1u] = x[src + 1u] * scale;")?;
        }
        (RealStep::Merge, true) => {
            writeln!(w, "const uint spectrum = n / 2u + 1u;")?;
            writeln!(w, "const uint k = i;")?;
            writeln!(
                w,
                "// X_k for k <= N/2, conj(X_(N-k)) beyond; the imaginary part of X_0 ignored"
            )?;
            writeln!(
                w,
                "const uint src = 2u * (b * spectrum + (k < spectrum ? k : n - k));"
            )?;
            writeln!(w, "const {scalar} im = k == 0u ? {zero} : x[src + 1u];")?;
            writeln!(w, "y[2u * g] = x[src] * scale;")?;
            writeln!(w, "y[2u * g + 1u] = (k < spectrum ? im : -im) * scale;")?;
        }
        (RealStep::Unpack, false) => {
            writeln!(w, "const uint dst = b * dist + 2u * i;")?;
            writeln!(w, "y[dst] = x[2u * g] * scale;")?;
            writeln!(w, "y[dst + 1u] = x[2u * g + 1u] * scale;")?;
        }
        (RealStep::Unpack, true) => {
            writeln!(w, "y[b * dist + i] = x[2u * g] * scale;")?;
        }
        (RealStep::Split | RealStep::Merge, false) => {
            unreachable!("even split and merge run in pairs")
        }
    }
    w.close_block()
}

/// The split step of pair `k`: `X_k` and `X_(H-k)` from `Z_k` and `Z_((H-k) % H)`, each read
/// once. With `E = (z + conj zm) / 2`, `O = -i (z - conj zm) / 2` and `t = W_N^k`:
/// `X_k = E + t O` and, as `W_N^(H-k) = -conj t`, `X_(H-k) = conj E - conj(t O)`.
fn write_split_pair<W: Write>(w: &mut Writer<W>, scalar: &str, half: &str) -> fmt::Result {
    writeln!(w, "// z = Z_k at a, zm = Z_((h - k) % h) at am, of row b")?;
    writeln!(w, "const uint a = 2u * (b * h + k);")?;
    writeln!(w, "const uint am = 2u * (b * h + (k == 0u ? 0u : h - k));")?;
    writeln!(w, "const {scalar} zr = x[a];")?;
    writeln!(w, "const {scalar} zi = x[a + 1u];")?;
    writeln!(w, "const {scalar} mr = x[am];")?;
    writeln!(w, "const {scalar} mi = x[am + 1u];")?;
    writeln!(
        w,
        "// E = (z + conj zm) / 2, O = -i (z - conj zm) / 2, (f, g) = t * O"
    )?;
    writeln!(w, "const {scalar} e_re = (zr + mr) * {half};")?;
    writeln!(w, "const {scalar} e_im = (zi - mi) * {half};")?;
    writeln!(w, "const {scalar} o_re = (zi + mi) * {half};")?;
    writeln!(w, "const {scalar} o_im = (mr - zr) * {half};")?;
    writeln!(w, "const {scalar} f = tr * o_re - ti * o_im;")?;
    writeln!(w, "const {scalar} g = tr * o_im + ti * o_re;")?;
    writeln!(
        w,
        "// X_k = E + t O; X_(h-k) = conj E - conj(t O), not again where h - k = k"
    )?;
    writeln!(w, "const uint out = 2u * (b * (h + 1u) + k);")?;
    writeln!(w, "y[out] = (e_re + f) * scale;")?;
    writeln!(w, "y[out + 1u] = (e_im + g) * scale;")?;
    writeln!(w, "if (h - k != k)")?;
    w.open_block()?;
    writeln!(w, "const uint outm = 2u * (b * (h + 1u) + h - k);")?;
    writeln!(w, "y[outm] = (e_re - f) * scale;")?;
    writeln!(w, "y[outm + 1u] = (g - e_im) * scale;")?;
    w.close_block()
}

/// The merge step of pair `k`: `Z_k` and `Z_(H-k)` (`k > 0`) from `X_k` and `X_(H-k)`, each
/// read once, the imaginary parts of `X_0` and `X_H` ignored. With `t = W_N^k`,
/// `s = X_k - conj X_(H-k)` and `d = conj(t) s`: `Z_k = X_k + conj X_(H-k) + i d` and, as
/// `W_N^(H-k) = -conj t`, `Z_(H-k) = conj(X_k + conj X_(H-k)) + i conj d`.
fn write_merge_pair<W: Write>(w: &mut Writer<W>, scalar: &str, zero: &str) -> fmt::Result {
    writeln!(
        w,
        "// X_k at a, X_(h-k) at am (imaginary parts of X_0 and X_h ignored)"
    )?;
    writeln!(w, "const uint a = 2u * (b * (h + 1u) + k);")?;
    writeln!(w, "const uint am = 2u * (b * (h + 1u) + h - k);")?;
    writeln!(w, "const {scalar} ar = x[a];")?;
    writeln!(w, "const {scalar} br = x[am];")?;
    writeln!(w, "const {scalar} ai = k == 0u ? {zero} : x[a + 1u];")?;
    writeln!(w, "const {scalar} bi = k == 0u ? {zero} : x[am + 1u];")?;
    writeln!(w, "// s = X_k - conj X_(h-k), d = conj(t) * s")?;
    writeln!(w, "const {scalar} sr = ar - br;")?;
    writeln!(w, "const {scalar} si = ai + bi;")?;
    writeln!(w, "const {scalar} dr = tr * sr + ti * si;")?;
    writeln!(w, "const {scalar} di = tr * si - ti * sr;")?;
    writeln!(
        w,
        "// Z_k = X_k + conj X_(h-k) + i d; Z_(h-k) = conj(X_k + conj X_(h-k)) + i conj d"
    )?;
    writeln!(w, "const uint out = 2u * (b * h + k);")?;
    writeln!(w, "y[out] = (ar + br - di) * scale;")?;
    writeln!(w, "y[out + 1u] = (ai - bi + dr) * scale;")?;
    writeln!(w, "if (k != 0u && h - k != k)")?;
    w.open_block()?;
    writeln!(w, "const uint outm = 2u * (b * h + h - k);")?;
    writeln!(w, "y[outm] = (ar + br + di) * scale;")?;
    writeln!(w, "y[outm + 1u] = (bi - ai + dr) * scale;")?;
    w.close_block()
}

/// `tr`, `ti`: `W_N^k = hi[k >> rh] * lo[k & (2^rh - 1)]`, the tables as interleaved pairs.
fn write_twiddle<W: Write>(w: &mut Writer<W>, scalar: &str) -> fmt::Result {
    writeln!(w, "const uint th = 2u * (k >> rh);")?;
    writeln!(w, "const uint tl = 2u * (k & ((1u << rh) - 1u));")?;
    writeln!(
        w,
        "const {scalar} tr = real_hi[th] * real_lo[tl] - real_hi[th + 1u] * real_lo[tl + 1u];"
    )?;
    writeln!(
        w,
        "const {scalar} ti = real_hi[th] * real_lo[tl + 1u] + real_hi[th + 1u] * real_lo[tl];"
    )
}
