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

use crate::family::radix::write_constant_helpers;
use crate::math::butterfly::butterfly;
use crate::math::ir::Graph;
use crate::math::schedule::Schedule;
use crate::math::simplify::simplify;
use crate::opencl::expr::definition;
use crate::opencl::literal::{scalar_type, vector_type};
use crate::opencl::signature::write_signature;
use crate::opencl::twiddle_helpers::write_cmul;
use crate::opencl::writer::Writer;
use crate::spec::{CodegenError, OpCounts};
use fft_core::kernel::{FusedSpec, KernelSpec};
use fft_core::{bit_reverse, Precision};
use std::collections::btree_map::Entry;
use std::collections::BTreeMap;
use std::fmt::{self, Write};

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
            stages,
            vector: vector_type(spec.precision),
            scalar: scalar_type(spec.precision),
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
    writeln!(w)?;
    writeln!(
        w,
        "// pad(e) = e + (e >> 4) + (e >> 8): local index of element e, one complex of padding after"
    )?;
    writeln!(
        w,
        "// every 16 and one more after every 256, so stride L becomes L + L/16 + L/256 (no bank conflicts)"
    )?;
    writeln!(w, "inline uint pad(const uint e)")?;
    w.open_block()?;
    writeln!(w, "return e + (e >> 4) + (e >> 8);")?;
    w.close_block()?;
    writeln!(w)?;
    write_cmul(w, shape.spec.precision)?;
    writeln!(w)?;
    let v = shape.vector;
    writeln!(
        w,
        "// pass_twiddle(hi, lo, s, h) = W^s = hi[s >> h] * lo[s & (2^h - 1)], a two-level table"
    )?;
    writeln!(
        w,
        "inline {v} pass_twiddle(__global const {v} *restrict hi, __global const {v} *restrict lo, const uint s, const uint h)"
    )?;
    w.open_block()?;
    writeln!(w, "return cmul(hi[s >> h], lo[s & ((1u << h) - 1u)]);")?;
    w.close_block()?;
    write_constant_helpers(w, graphs.values(), shape.spec.precision)?;
    writeln!(w)?;
    write_kernel(w, shape, graphs)
}

fn write_header<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    graphs: &BTreeMap<u32, Graph>,
) -> fmt::Result {
    let spec = &shape.spec;
    let (l, c, group, r) = (shape.len, shape.columns, shape.group, shape.radix);
    let sign = if spec.direction.sign() < 0.0 {
        "-"
    } else {
        "+"
    };
    let plural = |n: u32, one: &str, many: &str| {
        if n == 1 {
            format!("{n} {one}")
        } else {
            format!("{n} {many}")
        }
    };
    writeln!(
        w,
        "// {}: one fused local-memory pass of the {} FFT on {} data.",
        spec.name(),
        spec.direction,
        shape.vector
    )?;
    writeln!(
        w,
        "// Generated by fft-codegen (fused, length {l}, {}, {}); do not edit:",
        spec.direction, spec.precision
    )?;
    writeln!(w, "// regenerate with `cargo xtask gen-kernels`.")?;
    writeln!(w, "//")?;
    writeln!(
        w,
        "// Work-group: C = {c} {} of {l} points, W = {group} work-items ({} per sub-FFT, {r} points each),",
        if c == 1 { "sub-FFT" } else { "sub-FFTs" },
        shape.per_fft
    )?;
    writeln!(
        w,
        "// {} bytes of local memory (C * L = {} values, padding one per 16 and one per 256).",
        spec.local_bytes(),
        c * l
    )?;
    let radices: Vec<String> = shape.stages.iter().map(|s| s.radix.to_string()).collect();
    let twiddles = if shape.stages.len() > 1 {
        format!("stage twiddles stage_tw[s] = W_{l}^s")
    } else {
        "one stage, so stage_tw is unused".to_string()
    };
    writeln!(
        w,
        "// Local Stockham stages: radix {}; {twiddles}.",
        radices.join(", ")
    )?;
    writeln!(w, "//")?;
    writeln!(
        w,
        "// Launch 1-D: local size {group}, global size ceil(total / {c}) * {group}, total = t * batch."
    )?;
    writeln!(
        w,
        "// Sub-FFT g: i = g & (t - 1), base = (g - i) * {l}, k = i & (p - 1); W_M = exp({sign}2*pi*i/M);"
    )?;
    writeln!(
        w,
        "// X = DFT{l}(x[base + i + m * t] * W_{{{l}p}}^(k*m)), y[base + (i - k) * {l} + k + q * p] = X[q] * scale."
    )?;
    writeln!(
        w,
        "// Pass twiddles (p > 1 only): W_{{{l}p}}^s = pass_tw_hi[s >> h] * pass_tw_lo[s & (2^h - 1)]."
    )?;
    writeln!(
        w,
        "// Global access: flat (work-item n touches address n) for t == 1 loads and p == 1 stores,"
    )?;
    writeln!(
        w,
        "// else columns (runs of {c} consecutive addresses when t, p >= {c})."
    )?;
    writeln!(w, "//")?;
    let (ops, stage_muls) = sub_fft_ops(shape, graphs);
    writeln!(
        w,
        "// Operations per sub-FFT: {} complex additions, {} constant multiplications (mul_pXqY),",
        ops.complex_adds, ops.constant_muls
    )?;
    writeln!(
        w,
        "// {} (x -1, x i, x -i), {} (cmul);",
        plural(
            ops.trivial_rotations,
            "trivial rotation",
            "trivial rotations"
        ),
        plural(
            stage_muls,
            "stage-twiddle multiplication",
            "stage-twiddle multiplications"
        )
    )?;
    let pass = if shape.has_j() { l } else { l - 1 };
    writeln!(
        w,
        "// pass twiddles when p > 1: {pass} pass_twiddle products and {pass} complex multiplications."
    )
}

/// Emits `const uint name = expr;` and returns `name`, or returns `expr` itself when it is
/// already a bare variable (no alias lines such as `const uint at = j;`).
fn define<W: Write>(w: &mut Writer<W>, name: &str, expr: String) -> Result<String, fmt::Error> {
    if expr
        .chars()
        .all(|ch| ch.is_ascii_alphanumeric() || ch == '_')
    {
        return Ok(expr);
    }
    writeln!(w, "const uint {name} = {expr};")?;
    Ok(name.to_string())
}

/// The names the kernel body shares between its phases.
struct Names {
    /// Local index `c * L + j` of the stage work-item's point j of sub-FFT c.
    at: String,
    /// Local index `col * L + row` of the column phases' first element.
    cell: String,
    /// Sub-FFT of the flat phases' element `lid` (`first + lid / L`).
    flat_g: String,
}

fn write_kernel<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    graphs: &BTreeMap<u32, Graph>,
) -> fmt::Result {
    let (v, scalar) = (shape.vector, shape.scalar);
    let (l, c, group, per) = (shape.len, shape.columns, shape.group, shape.per_fft);
    let entry = shape.spec.name();
    writeln!(
        w,
        "__kernel __attribute__((reqd_work_group_size({group}, 1, 1)))"
    )?;
    let abi = KernelSpec::Fused(shape.spec).abi();
    write_signature(w, "void ", &entry, abi.args, v, scalar)?;
    w.open_block()?;
    writeln!(
        w,
        "// Element m of sub-FFT c at buf[pad(c * {l} + m)]: {} values, {} bytes.",
        shape.spec.local_len(),
        shape.spec.local_bytes()
    )?;
    writeln!(w, "__local {v} buf[{}];", shape.spec.local_len())?;
    writeln!(w, "const uint lid = (uint)get_local_id(0);")?;
    if shape.has_c() {
        writeln!(w, "const uint first = (uint)get_group_id(0) * {c}u;")?;
    } else {
        writeln!(w, "const uint first = (uint)get_group_id(0);")?;
    }
    let (log_c, log_per) = (c.trailing_zeros(), per.trailing_zeros());
    let runs = match (shape.has_c(), shape.has_j()) {
        (true, true) => format!("point j of sub-FFT c, local index at = c * {l} + j"),
        (true, false) => format!("sub-FFT c, local index at = c * {l}"),
        (false, _) => "point j of the work-group's sub-FFT, local index j".to_string(),
    };
    writeln!(w, "// Stages: work-item lid runs {runs}.")?;
    match (shape.has_c(), shape.has_j()) {
        (true, true) => {
            writeln!(w, "const uint j = lid & {}u;", per - 1)?;
            writeln!(w, "const uint c = lid >> {log_per};")?;
        }
        (true, false) => writeln!(w, "const uint c = lid;")?,
        (false, _) => writeln!(w, "const uint j = lid;")?,
    }
    let at = define(w, "at", stage_point(shape, "c", "j"))?;
    let rows = if shape.has_j() {
        format!("row + {per} * it")
    } else {
        "it".to_string()
    };
    writeln!(
        w,
        "// Column phases: work-item lid moves elements {rows} of sub-FFT g = first{}.",
        if shape.has_c() { " + col" } else { "" }
    )?;
    match (shape.has_c(), shape.has_j()) {
        (true, true) => {
            writeln!(w, "const uint col = lid & {}u;", c - 1)?;
            writeln!(w, "const uint row = lid >> {log_c};")?;
        }
        (true, false) => writeln!(w, "const uint col = lid;")?,
        (false, _) => writeln!(w, "const uint row = lid;")?,
    }
    if shape.has_c() {
        writeln!(w, "const uint g = first + col;")?;
    } else {
        writeln!(w, "const uint g = first;")?;
    }
    writeln!(w, "const uint i = g & (t - 1u);")?;
    writeln!(w, "const uint k = i & (p - 1u);")?;
    writeln!(w, "const uint base = (g - i) * {l}u;")?;
    let cell = define(w, "cell", stage_point(shape, "col", "row"))?;
    let flat_g = if group > l {
        writeln!(
            w,
            "// Flat phases: element e = lid + {group} * it is point e % {l} of sub-FFT g0 + {} * it.",
            group / l
        )?;
        writeln!(
            w,
            "const uint g0 = first + (lid >> {});",
            l.trailing_zeros()
        )?;
        "g0".to_string()
    } else {
        "first".to_string()
    };
    let names = Names { at, cell, flat_g };
    writeln!(w)?;
    write_load(w, shape, &names)?;
    for (index, stage) in shape.stages.iter().enumerate() {
        writeln!(w)?;
        let graph = graphs.get(&stage.radix).ok_or(fmt::Error)?;
        write_stage(w, shape, &names, index, stage, graph)?;
    }
    writeln!(w)?;
    write_store(w, shape, &names)?;
    w.close_block()
}

/// `sub * L + point`, the local index of `point` of sub-FFT `sub`, for the variables that
/// exist (`sub` when C > 1, `point` when L > R).
fn stage_point(shape: &Shape, sub: &str, point: &str) -> String {
    let l = if shape.has_c() { shape.len } else { 0 };
    let one = u32::from(shape.has_j());
    linear(&[(sub, l), (point, one)], 0)
}

/// The pass-twiddle exponent `k * m` of the element `m = row + it * (L/R)` this work-item
/// loads in step `it` of the column regime.
fn exponent(shape: &Shape, it: u32) -> String {
    let m = it * shape.per_fft;
    match (shape.has_j(), m) {
        (true, 0) => "k * row".to_string(),
        (true, _) => format!("k * (row + {m}u)"),
        (false, _) => linear(&[("k", m)], 0),
    }
}

/// The flat phases' statements, `statement(it)` for it = 0..R, each under the guard that
/// its sub-FFT `flat_g + it * W / L` exists: one `if` per distinct sub-FFT.
fn write_flat<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    names: &Names,
    statement: impl Fn(u32) -> String,
) -> fmt::Result {
    let (l, group) = (shape.len, shape.group);
    let mut open = None;
    for it in 0..shape.radix {
        let sub = it * group / l;
        if open != Some(sub) {
            if open.is_some() {
                w.close_block()?;
            }
            writeln!(
                w,
                "if ({} < total)",
                linear(&[(names.flat_g.as_str(), 1)], sub)
            )?;
            w.open_block()?;
            open = Some(sub);
        }
        writeln!(w, "{}", statement(it))?;
    }
    w.close_block()
}

fn write_load<W: Write>(w: &mut Writer<W>, shape: &Shape, names: &Names) -> fmt::Result {
    let (l, r, group, per) = (shape.len, shape.radix, shape.group, shape.per_fft);
    let m = if shape.has_j() {
        format!("row + {per} * it")
    } else {
        "it".to_string()
    };
    writeln!(
        w,
        "// Load phase: {r} elements per work-item (it = 0..{}); t is uniform, so is the branch.",
        r - 1
    )?;
    writeln!(w, "if (t == 1u)")?;
    w.open_block()?;
    writeln!(
        w,
        "// Flat (t == 1, k = 0): element e = lid + {group} * it is x[first * {l} + e], point e % {l} of sub-FFT first + e / {l}."
    )?;
    writeln!(
        w,
        "const uint src = {};",
        linear(&[("first", l), ("lid", 1)], 0)
    )?;
    write_flat(w, shape, names, |it| {
        let e = linear(&[("lid", 1)], it * group);
        let global = linear(&[("src", 1)], it * group);
        format!("buf[pad({e})] = x[{global}];")
    })?;
    w.close_block()?;
    writeln!(w, "else")?;
    w.open_block()?;
    writeln!(
        w,
        "// Columns: element m = {m} of sub-FFT g is x[base + i + m * t], times W_{{{l}p}}^(k*m) when p > 1."
    )?;
    writeln!(w, "if (g < total)")?;
    w.open_block()?;
    let src = if shape.has_j() {
        "base + i + row * t"
    } else {
        "base + i"
    };
    writeln!(w, "const uint src = {src};")?;
    writeln!(w, "if (p > 1u)")?;
    w.open_block()?;
    for it in 0..r {
        let local = linear(&[(names.cell.as_str(), 1)], it * per);
        let global = strided("src", it * per, "t");
        if !shape.has_j() && it == 0 {
            writeln!(w, "buf[pad({local})] = x[{global}];")?;
        } else {
            writeln!(
                w,
                "buf[pad({local})] = cmul(x[{global}], pass_twiddle(pass_tw_hi, pass_tw_lo, {}, h));",
                exponent(shape, it)
            )?;
        }
    }
    w.close_block()?;
    writeln!(w, "else")?;
    w.open_block()?;
    for it in 0..r {
        let local = linear(&[(names.cell.as_str(), 1)], it * per);
        writeln!(
            w,
            "buf[pad({local})] = x[{}];",
            strided("src", it * per, "t")
        )?;
    }
    w.close_block()?;
    w.close_block()?;
    w.close_block()?;
    writeln!(w, "barrier(CLK_LOCAL_MEM_FENCE);")
}

fn write_stage<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    names: &Names,
    index: usize,
    stage: &Stage,
    graph: &Graph,
) -> fmt::Result {
    let (l, per) = (shape.len, shape.per_fft);
    let (r, ps) = (stage.radix, stage.stride);
    let v = shape.vector;
    let butterflies = shape.radix / r;
    let span = l / r;
    let b = if shape.has_j() {
        if butterflies == 1 {
            "b = j".to_string()
        } else {
            format!("b = j + {per} * u (u = 0..{})", butterflies - 1)
        }
    } else {
        "b = 0".to_string()
    };
    writeln!(
        w,
        "// Stage {} of {}: radix {r}, stride {ps}. Butterfly {b} of sub-FFT c reads points",
        index + 1,
        shape.stages.len()
    )?;
    if ps == 1 {
        let points = match span {
            1 => "b + m".to_string(),
            _ => format!("b + {span} * m"),
        };
        writeln!(
            w,
            "// {points} and writes X[q] to point b * {r} + q (slot s holds X[bitrev(s)])."
        )?;
    } else {
        let factor = l / (r * ps);
        let tw = if factor == 1 {
            "kk * m".to_string()
        } else {
            format!("kk * m * {factor}")
        };
        writeln!(
            w,
            "// b + {span} * m times W_{}^(kk*m) = stage_tw[{tw}], kk = b & {}, and writes X[q]",
            r * ps,
            ps - 1
        )?;
        writeln!(
            w,
            "// to point (b - kk) * {r} + kk + q * {ps} (slot s holds X[bitrev(s)])."
        )?;
    }
    w.open_block()?;
    let schedule = Schedule::new(graph);
    let bits = r.trailing_zeros();
    let sub = if shape.has_c() {
        format!("c * {l}u + ")
    } else {
        String::new()
    };
    let mut destinations = Vec::new();
    for u in 0..butterflies {
        let (prefix, suffix) = if butterflies == 1 {
            (String::new(), String::new())
        } else {
            (format!("u{u}_"), u.to_string())
        };
        let b = if u == 0 {
            if shape.has_j() {
                "j".to_string()
            } else {
                "0u".to_string()
            }
        } else {
            let name = format!("b{suffix}");
            writeln!(w, "const uint {name} = j + {}u;", u * per)?;
            name
        };
        let kk = format!("kk{suffix}");
        if ps > 1 {
            writeln!(w, "const uint {kk} = {b} & {}u;", ps - 1)?;
        }
        for m in 0..r {
            let local = linear(&[(names.at.as_str(), 1)], u * per + m * span);
            let read = format!("buf[pad({local})]");
            let value = if ps > 1 && m > 0 {
                let step = m * (l / (r * ps));
                let at = linear(&[(kk.as_str(), step)], 0);
                format!("cmul({read}, stage_tw[{at}])")
            } else {
                read
            };
            writeln!(w, "const {v} {prefix}a{m:02} = {value};")?;
        }
        let named = schedule.renamed(|name| {
            let name = match name.strip_prefix('x') {
                Some(rest) => format!("a{rest}"),
                None => name.to_string(),
            };
            format!("{prefix}{name}")
        });
        for (id, name) in named.statements() {
            let value = definition(graph, &named, *id, v);
            writeln!(w, "const {v} {name} = {value};")?;
        }
        for (name, value) in named.aliases() {
            writeln!(w, "const {v} {name} = {value};")?;
        }
        let dst = format!("dst{suffix}");
        let position = if ps == 1 {
            let c_coef = if shape.has_c() { l } else { 0 };
            let j_coef = if shape.has_j() { r } else { 0 };
            linear(&[("c", c_coef), ("j", j_coef)], u * per * r)
        } else {
            format!("{sub}({b} - {kk}) * {r}u + {kk}")
        };
        writeln!(w, "const uint {dst} = {position};")?;
        destinations.push((dst, prefix));
    }
    writeln!(w, "barrier(CLK_LOCAL_MEM_FENCE);")?;
    for (dst, prefix) in &destinations {
        for q in 0..r as usize {
            let slot = bit_reverse(q, bits);
            let local = linear(&[(dst.as_str(), 1)], q as u32 * ps);
            writeln!(w, "buf[pad({local})] = {prefix}y{slot:02};")?;
        }
    }
    writeln!(w, "barrier(CLK_LOCAL_MEM_FENCE);")?;
    w.close_block()
}

fn write_store<W: Write>(w: &mut Writer<W>, shape: &Shape, names: &Names) -> fmt::Result {
    let (l, r, group, per) = (shape.len, shape.radix, shape.group, shape.per_fft);
    let q = if shape.has_j() {
        format!("row + {per} * it")
    } else {
        "it".to_string()
    };
    writeln!(
        w,
        "// Store phase: {r} elements per work-item (it = 0..{}); p is uniform, so is the branch.",
        r - 1
    )?;
    writeln!(w, "if (p == 1u)")?;
    w.open_block()?;
    writeln!(
        w,
        "// Flat (p == 1, k = 0): element e = lid + {group} * it, X[e % {l}] of sub-FFT first + e / {l}, goes to y[first * {l} + e]."
    )?;
    writeln!(
        w,
        "const uint out = {};",
        linear(&[("first", l), ("lid", 1)], 0)
    )?;
    write_flat(w, shape, names, |it| {
        let e = linear(&[("lid", 1)], it * group);
        let global = linear(&[("out", 1)], it * group);
        format!("y[{global}] = buf[pad({e})] * scale;")
    })?;
    w.close_block()?;
    writeln!(w, "else")?;
    w.open_block()?;
    writeln!(
        w,
        "// Columns: X[q], q = {q}, of sub-FFT g goes to y[base + (i - k) * {l} + k + q * p]."
    )?;
    writeln!(w, "if (g < total)")?;
    w.open_block()?;
    let row = if shape.has_j() { " + row * p" } else { "" };
    writeln!(w, "const uint out = base + (i - k) * {l}u + k{row};")?;
    for it in 0..r {
        let local = linear(&[(names.cell.as_str(), 1)], it * per);
        writeln!(
            w,
            "y[{}] = buf[pad({local})] * scale;",
            strided("out", it * per, "p")
        )?;
    }
    w.close_block()?;
    w.close_block()
}
