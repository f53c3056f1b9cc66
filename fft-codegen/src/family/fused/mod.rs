//! The fused local-memory pass (DESIGN.md section 4.2) as OpenCL C: [`emit_fused_kernel`].
//!
//! A Stockham pass whose radix is a whole sub-FFT of length L, computed by a work-group in
//! registers and local memory, C sub-FFTs ("columns") per work-group. The signature is
//! written from the fused ABI (`KernelSpec::Fused(..).abi()`: `x`, `y`, the tables
//! `stage_tw` = W_L^s, `pass_tw_hi` and `pass_tw_lo` (the two-level W_{L*p} table), the
//! uints `p`, `t`, `h`, `total`, and `scale`), with `reqd_work_group_size(W, 1, 1)`.
//!
//! Launched with local size W and global size `ceil(total / C) * W`, `total = t * batch`
//! (`Geometry::WorkGroups`).
//! Sub-FFT `g` takes `i = g & (t - 1)`, `base = (g - i) * L`, `k = i & (p - 1)`, computes
//! `X = DFT_L(x[base + i + m*t] * W_{L*p}^(k*m))` and stores `X[q] * scale` to
//! `y[base + (i - k)*L + k + q*p]`: the global radix pass of DESIGN.md 4.1 with radix L, so
//! passes with `p = 1, L1, L1*L2` chain to the whole DFT.
//!
//! Inside the work-group, element `m` of sub-FFT `c` lives at `buf[pad(c*L + m)]`,
//! `pad(e) = e + (e >> 4) + (e >> 8)` (stride L becomes L + L/16 + L/256, which spreads the
//! strided phases over all banks). Each Stockham stage of radix `r` and stride `ps` (product of the earlier radices)
//! maps work-item `lid` to position `j = lid % (L/R)` of sub-FFT `c = lid / (L/R)` and runs
//! the butterflies `b = j + u*(L/R)`, `u < R/r`, reading points `b + m*(L/r)` times the stage
//! twiddles `W_{r*ps}^(kk*m) = stage_tw[kk*m*L/(r*ps)]`, `kk = b & (ps - 1)`, and writing
//! output `q` to point `(b - kk)*r + kk + q*ps`. Reads happen before the stage's first
//! barrier, writes after it.
//!
//! The load and store phases move the `C*L` elements of the work-group, `R` per work-item,
//! in one of two regimes picked by a branch on the (uniform) arguments:
//! - flat, for loads when `t == 1` and stores when `p == 1` (then `k = 0` and sub-FFT `g`
//!   occupies `g*L .. g*L + L`): element `e = lid + it*W` of the work-group's contiguous block
//!   is point `e % L` of sub-FFT `first + e / L`, at `buf[pad(e)]`, so consecutive work-items
//!   touch consecutive addresses;
//! - columns otherwise: work-item `lid` is column `col = lid % C` (sub-FFT `g = first + col`)
//!   and moves elements `m = lid / C + it*(L/R)`, reading `x[base + i + m*t]` times the pass
//!   twiddle (p > 1) or writing `y[base + (i - k)*L + k + m*p]`: runs of C consecutive
//!   addresses when `t` (load) or `p` (store) is at least C.
//!
//! Every element is guarded by `g < total` for its own sub-FFT `g`.
//!
//! Above [`FusedSpec::complex_capacity`] values per work-group (8192 points in f32, 4096 in
//! f64, C = 1; and the wide passes, [`FusedSpec::is_wide`]: 1024 points with C = 8, ...) the
//! stages exchange halves ([`FusedSpec::exchanges_halves`], `halves.rs`): the load phase keeps
//! its elements in registers `ld[it]`, which are exactly the first stage's inputs, the last
//! stage's outputs are exactly the store phase's elements `st[it]`, and between two stages the
//! values move through a `__local` buffer of scalars, real parts then imaginary parts. With
//! C > 1 the flat phases then move point `j + it * (L/R)` of sub-FFT `c` (runs of L/R
//! addresses), the column phases point `row + it * (L/R)` of sub-FFT `col`, and the first and
//! last stages take whichever mapping their phase used.

use crate::math::butterfly::butterfly;
use crate::math::ir::Graph;
use crate::math::simplify::simplify;
use crate::opencl::literal::literal;
use crate::opencl::literal::{scalar_type, vector_type};
use crate::opencl::real_helpers::write_real_helpers;
use crate::opencl::twiddle_helpers::{write_cmul, write_pass_twiddle};
use crate::opencl::twiddle_helpers::{write_constant_helpers, write_real_constants};
use crate::opencl::writer::Writer;
use crate::spec::{CodegenError, OpCounts};
use fft_core::kernel::{ChirpStore, FusedChirp, FusedReal, FusedSpec, Storage};
use fft_core::Precision;
use std::collections::btree_map::Entry;
use std::collections::BTreeMap;
use std::fmt::{self, Write};

mod body;
mod halves;
mod header;
mod interleaved;
mod phases;

use body::write_kernel;
use header::write_header;

/// The simplified radix-`radix` butterfly a fused kernel's stage runs (slot `s` holds
/// `X[bitrev(s)]`).
pub fn fused_stage_butterfly(spec: &FusedSpec, radix: u32) -> Result<Graph, CodegenError> {
    Ok(simplify(&butterfly(radix, spec.direction)?))
}

/// Generates the complete OpenCL C program of `spec` and the operation counts of one
/// sub-FFT's butterflies.
///
/// Fails with [`fft_core::kernel::SpecError::UnsupportedFusedLength`] unless `spec.len` is a power of two
/// in 2..=[`FusedSpec::max_len`].
pub(crate) fn emit_fused(spec: &FusedSpec) -> Result<(String, OpCounts), CodegenError> {
    spec.check()?;
    let shape = Shape::of(spec);
    let mut graphs = BTreeMap::new();
    for stage in &shape.stages {
        if let Entry::Vacant(slot) = graphs.entry(stage.radix) {
            slot.insert(fused_stage_butterfly(spec, stage.radix)?);
        }
    }
    let mut writer = Writer::new(String::new());
    write_program(&mut writer, &shape, &graphs)?;
    Ok((writer.into_inner(), sub_fft_ops(&shape, &graphs).0))
}

/// One local Stockham stage.
struct Stage {
    /// Its radix r.
    radix: u32,
    /// Its stride ps: the product of the earlier radices.
    stride: u32,
}

/// The compile-time constants of one fused kernel.
struct Shape {
    spec: FusedSpec,
    /// L.
    len: u32,
    /// R: points per work-item.
    radix: u32,
    /// C.
    columns: u32,
    /// W.
    group: u32,
    /// L / R: work-items per sub-FFT.
    per_fft: u32,
    /// Whether L is not a power of two ([`FusedSpec::is_mixed`]): runtime `t` and `p` are
    /// then divisors, not masks, and the flat phases guard each element.
    mixed: bool,
    /// Whether the stages exchange halves ([`FusedSpec::exchanges_halves`]): the values
    /// stay in registers (`ld*` after the load, `st*` before the store) and `buf` holds
    /// scalars.
    halves: bool,
    stages: Vec<Stage>,
    vector: &'static str,
    scalar: &'static str,
}

impl Shape {
    fn of(spec: &FusedSpec) -> Shape {
        let mut stride = 1;
        let mut stages = Vec::new();
        for radix in spec.stage_radices() {
            stages.push(Stage { radix, stride });
            stride *= radix;
        }
        Shape {
            spec: *spec,
            len: spec.len,
            radix: spec.radix(),
            columns: spec.columns(),
            group: spec.work_group_size(),
            per_fft: spec.len / spec.radix(),
            mixed: spec.is_mixed(),
            halves: spec.exchanges_halves(),
            stages,
            vector: vector_type(spec.precision),
            scalar: scalar_type(spec.precision),
        }
    }

    /// `var % n` (a mask for powers of two, so those kernels keep their shifts and masks).
    fn rem(&self, var: &str, n: u32) -> String {
        if n.is_power_of_two() {
            format!("{var} & {}u", n - 1)
        } else {
            format!("{var} % {n}u")
        }
    }

    /// `var / n` (a shift for powers of two).
    fn div(&self, var: &str, n: u32) -> String {
        if n.is_power_of_two() {
            format!("{var} >> {}", n.trailing_zeros())
        } else {
            format!("{var} / {n}u")
        }
    }

    /// The load phase's statement putting `value`, its element `it`, at local index `local`:
    /// into `buf`, or into the registers `ld[it]` when the stages exchange halves.
    fn put(&self, it: u32, local: &str, value: &str) -> String {
        if self.halves {
            format!("ld[{it}] = {value};")
        } else {
            format!("buf[pad({local})] = {value};")
        }
    }

    /// The store phase's element `it`, at local index `local`: from `buf`, or from register
    /// `st[it]` when the stages exchange halves.
    fn get(&self, it: u32, local: &str) -> String {
        if self.halves {
            format!("st[{it}]")
        } else {
            format!("buf[pad({local})]")
        }
    }

    /// Whether the kernel has a column variable `c` (C > 1).
    fn has_c(&self) -> bool {
        self.columns > 1
    }

    /// Whether the kernel has a position variable `j` (more than one work-item per sub-FFT).
    fn has_j(&self) -> bool {
        self.per_fft > 1
    }
}

/// `terms` (variable, coefficient) and `constant` as a uint sum: `j * 32u + c + 512u`;
/// zero coefficients drop out, `0u` if nothing is left.
fn linear(terms: &[(&str, u32)], constant: u32) -> String {
    let mut parts: Vec<String> = terms
        .iter()
        .filter(|(_, coef)| *coef != 0)
        .map(|&(var, coef)| match coef {
            1 => var.to_string(),
            _ => format!("{var} * {coef}u"),
        })
        .collect();
    if constant != 0 || parts.is_empty() {
        parts.push(format!("{constant}u"));
    }
    parts.join(" + ")
}

/// `base + offset * stride` with the trivial factors left out.
fn strided(base: &str, offset: u32, stride: &str) -> String {
    match offset {
        0 => base.to_string(),
        1 => format!("{base} + {stride}"),
        _ => format!("{base} + {offset}u * {stride}"),
    }
}

/// Bluestein's edge helpers the spec uses: `pad_load` (element `s` of the padded
/// sequences) and `unpad_store` (position `s` back to the N-point output).
fn write_chirp_helpers<W: Write>(w: &mut Writer<W>, v: &str, chirp: FusedChirp) -> fmt::Result {
    if chirp.pad {
        writeln!(w)?;
        writeln!(
            w,
            "// pad_load(x, w, seq, pos, n): point pos of padded sequence seq, x[seq * n + pos] * w[pos] below n, zero beyond"
        )?;
        writeln!(
            w,
            "inline {v} pad_load(__global const {v} *restrict x, __global const {v} *restrict w, const uint seq, const uint pos, const uint n)"
        )?;
        w.open_block()?;
        writeln!(
            w,
            "return pos < n ? cmul(x[seq * n + pos], w[pos]) : ({v})(0);"
        )?;
        w.close_block()?;
    }
    if chirp.store == ChirpStore::Unpad {
        writeln!(w)?;
        writeln!(
            w,
            "// unpad_store(y, w, seq, pos, n, v): point pos of padded sequence seq, kept below n: y[seq * n + pos] = v * w[pos]"
        )?;
        writeln!(
            w,
            "inline void unpad_store(__global {v} *restrict y, __global const {v} *restrict w, const uint seq, const uint pos, const uint n, const {v} v)"
        )?;
        w.open_block()?;
        writeln!(w, "if (pos < n)")?;
        w.open_block()?;
        writeln!(w, "y[seq * n + pos] = cmul(v, w[pos]);")?;
        w.close_block()?;
        w.close_block()?;
    }
    Ok(())
}

/// The real edge's helper: `merge_load` (the merge step of element `k` of sequence `seq`,
/// read from the half spectrum's rows of `h + 1` values) or `split_store` (the split step's
/// `X_k`, and `X_h` beside `X_0`, to those rows).
fn write_real_edge_helper<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    real: FusedReal,
) -> fmt::Result {
    let (v, s) = (shape.vector, shape.scalar);
    let zero = literal(0.0, shape.spec.precision);
    writeln!(w)?;
    match real {
        FusedReal::Merge => {
            writeln!(
                w,
                "// merge_load(x, seq, k, h, t): Z_k of sequence seq from X_k and X_(h-k) of its row x[seq * (h + 1) ..],"
            )?;
            writeln!(
                w,
                "// t = W_N^k; the imaginary parts of X_0 and X_h ignored (numpy's irfft)"
            )?;
            writeln!(
                w,
                "inline {v} merge_load(__global const {v} *restrict x, const uint seq, const uint k, const uint h, const {v} t)"
            )?;
            w.open_block()?;
            writeln!(w, "const uint row = seq * (h + 1u);")?;
            writeln!(w, "{v} a = x[row + k];")?;
            writeln!(w, "{v} am = x[row + h - k];")?;
            writeln!(w, "if (k == 0u)")?;
            w.open_block()?;
            writeln!(w, "a.y = {zero};")?;
            writeln!(w, "am.y = {zero};")?;
            w.close_block()?;
            writeln!(w, "return real_merge(a, am, ({v})(t.x, -t.y));")?;
            w.close_block()
        }
        FusedReal::Split => {
            writeln!(
                w,
                "// split_pair(y, seq, k, h, t, z, zm, scale): X_k and X_(h-k) of sequence seq from Z_k = z and Z_(h-k) = zm"
            )?;
            writeln!(
                w,
                "// (k <= h/2, t = W_N^k, W_N^(h-k) = -conj(t)), times scale; k == 0 writes X_0 and X_h"
            )?;
            writeln!(
                w,
                "inline void split_pair(__global {v} *restrict y, const uint seq, const uint k, const uint h, const {v} t, const {v} z, const {v} zm, const {s} scale)"
            )?;
            w.open_block()?;
            writeln!(w, "const uint row = seq * (h + 1u);")?;
            writeln!(w, "y[row + k] = real_split(z, zm, t) * scale;")?;
            writeln!(w, "if (k == 0u)")?;
            w.open_block()?;
            writeln!(w, "y[row + h] = real_split(z, z, ({v})(-1, 0)) * scale;")?;
            w.close_block()?;
            writeln!(w, "else if (2u * k != h)")?;
            w.open_block()?;
            writeln!(
                w,
                "y[row + h - k] = real_split(zm, z, ({v})(-t.x, t.y)) * scale;"
            )?;
            w.close_block()?;
            w.close_block()
        }
    }
}

/// Operation counts of one sub-FFT: (butterfly operations, stage-twiddle cmuls).
fn sub_fft_ops(shape: &Shape, graphs: &BTreeMap<u32, Graph>) -> (OpCounts, u32) {
    let mut ops = OpCounts::default();
    let mut stage_muls = 0;
    for stage in &shape.stages {
        let butterflies = shape.len / stage.radix;
        if let Some(graph) = graphs.get(&stage.radix) {
            let per = graph.op_counts();
            ops.complex_adds += butterflies * per.complex_adds;
            ops.constant_muls += butterflies * per.constant_muls;
            ops.trivial_rotations += butterflies * per.trivial_rotations;
        }
        if stage.stride > 1 {
            stage_muls += butterflies * (stage.radix - 1);
        }
    }
    (ops, stage_muls)
}

fn write_program<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    graphs: &BTreeMap<u32, Graph>,
) -> fmt::Result {
    write_header(w, shape, graphs)?;
    if shape.spec.precision == Precision::F64 {
        writeln!(w)?;
        writeln!(w, "#pragma OPENCL EXTENSION cl_khr_fp64 : enable")?;
    }
    write_real_constants(w, graphs.values(), shape.spec.precision)?;
    writeln!(w)?;
    let step = shape.spec.pad_step();
    let (shift, value) = (
        step.trailing_zeros(),
        if shape.halves { "value" } else { "complex" },
    );
    let sub = shape.spec.sub_fft_pad();
    let mut formula = format!("e + (e >> {shift}) + (e >> {})", 2 * shift);
    if sub > 0 {
        formula.push_str(&format!(
            " + (e >> {}) * {sub}u",
            shape.spec.part_len().trailing_zeros()
        ));
    }
    writeln!(
        w,
        "// pad(e) = {formula}: local index of element e, one {value} of padding after"
    )?;
    writeln!(
        w,
        "// every {step} and one more after every {}, so stride L becomes L + L/{step} + L/{} (no bank conflicts)",
        step * step,
        step * step
    )?;
    if sub > 0 {
        writeln!(
            w,
            "// and {sub} more after each sub-FFT's {} points (the columns of a warp meet different banks)",
            shape.spec.part_len()
        )?;
    }
    writeln!(w, "inline uint pad(const uint e)")?;
    w.open_block()?;
    writeln!(w, "return {formula};")?;
    w.close_block()?;
    writeln!(w)?;
    write_cmul(w, shape.spec.precision)?;
    writeln!(w)?;
    write_pass_twiddle(w, shape.spec.precision)?;
    let v = shape.vector;
    if shape.spec.load == Some(Storage::Planar) {
        writeln!(w)?;
        writeln!(
            w,
            "// load_planar(re, im, a): the caller's planar input at address a: (re[a], im[a])"
        )?;
        writeln!(
            w,
            "inline {v} load_planar(__global const {s} *restrict re, __global const {s} *restrict im, const uint a)",
            s = shape.scalar
        )?;
        w.open_block()?;
        writeln!(w, "return ({v})(re[a], im[a]);")?;
        w.close_block()?;
    }
    if shape.spec.store == Some(Storage::Planar) {
        writeln!(w)?;
        writeln!(
            w,
            "// store_planar(re, im, a, v): the caller's planar output at address a: re[a] = v.x, im[a] = v.y"
        )?;
        writeln!(
            w,
            "inline void store_planar(__global {s} *restrict re, __global {s} *restrict im, const uint a, const {v} v)",
            s = shape.scalar
        )?;
        w.open_block()?;
        writeln!(w, "re[a] = v.x;")?;
        writeln!(w, "im[a] = v.y;")?;
        w.close_block()?;
    }
    if let Some(chirp) = shape.spec.chirp {
        write_chirp_helpers(w, v, chirp)?;
    }
    if let Some(real) = shape.spec.real {
        writeln!(w)?;
        write_real_helpers(w, shape.spec.precision)?;
        write_real_edge_helper(w, shape, real)?;
    }
    write_constant_helpers(w, graphs.values(), shape.spec.precision)?;
    writeln!(w)?;
    write_kernel(w, shape, graphs)
}
