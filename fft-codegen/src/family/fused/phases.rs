//! The phases of a fused kernel: load (with pass twiddles), local Stockham stages, store.

use super::body::{exponent, Names};
use super::*;
use crate::math::butterfly::output_slot;
use crate::math::ir::Graph;
use crate::math::schedule::Schedule;
use crate::opencl::expr::definition;
use crate::opencl::writer::Writer;
use fft_core::kernel::{ChirpStore, FusedChirp, FusedReal, Storage};
use std::fmt::{self, Write};

/// Bluestein's (sequence, position) of global index `global` of the M-point sequences: in the
/// flat regimes (one pass, L = M) by constants, else from the work-item's `seq` and `base`.
fn seq_pos(shape: &Shape, global: &str, flat: bool) -> (String, String) {
    if flat {
        let l = shape.len;
        (
            shape.div(&format!("({global})"), l),
            format!("({})", shape.rem(&format!("({global})"), l)),
        )
    } else {
        ("seq".to_string(), format!("({global}) - base"))
    }
}

/// H, the points of the complex sequences a real step's pass works on: L in one pass (flat
/// regimes), `t * L` in the column regimes (`t == p` in a last pass).
fn sequence_len(shape: &Shape, flat: bool) -> String {
    if flat {
        format!("{}u", shape.len)
    } else {
        format!("t * {}u", shape.len)
    }
}

/// `W_N^k` of a real step at position `k`: the one-level table of a single pass (flat
/// regimes), the two-level one otherwise.
fn real_twiddle(k: &str, flat: bool) -> String {
    if flat {
        format!("real_hi[{k}]")
    } else {
        format!("real_twiddle(real_hi, real_lo, {k}, rh)")
    }
}

/// The value the load phase reads at global index `global` (of the length-M sequences):
/// `x[global]`, or Bluestein's padded input `pad_load(...)`.
fn load(shape: &Shape, global: &str, flat: bool) -> String {
    if let Some(storage) = shape.spec.load {
        let (seq, pos) = seq_pos(shape, global, flat);
        let at = format!("({seq}) * in_dist + ({pos}) * in_stride");
        return match storage {
            Storage::Interleaved => format!("x[{at}]"),
            Storage::Planar => format!("load_planar(x_re, x_im, {at})"),
        };
    }
    if shape.spec.real == Some(FusedReal::Merge) {
        let (seq, pos) = seq_pos(shape, global, flat);
        return format!(
            "merge_load(x, {seq}, {pos}, {}, {})",
            sequence_len(shape, flat),
            real_twiddle(&pos, flat)
        );
    }
    match shape.spec.chirp {
        Some(FusedChirp { pad: true, .. }) => {
            let (seq, pos) = seq_pos(shape, global, flat);
            format!("pad_load(x, w, {seq}, {pos}, n)")
        }
        _ => format!("x[{global}]"),
    }
}

/// The store phase's statement for `value` at global index `global`: times the scale, and
/// times the filter's spectrum or through Bluestein's unpad as the spec says.
fn store(shape: &Shape, global: &str, value: &str, flat: bool) -> String {
    if let Some(storage) = shape.spec.store {
        let (seq, pos) = seq_pos(shape, global, flat);
        let at = format!("({seq}) * out_dist + ({pos}) * out_stride");
        return match storage {
            Storage::Interleaved => format!("y[{at}] = {value} * scale;"),
            Storage::Planar => format!("store_planar(y_re, y_im, {at}, {value} * scale);"),
        };
    }
    let store = shape.spec.chirp.map(|c| c.store);
    match store {
        Some(ChirpStore::Filter) => {
            let (_, pos) = seq_pos(shape, global, flat);
            format!("y[{global}] = cmul({value}, filter[{pos}]) * scale;")
        }
        Some(ChirpStore::Unpad) => {
            let (seq, pos) = seq_pos(shape, global, flat);
            format!("unpad_store(y, w, {seq}, {pos}, n, {value} * scale);")
        }
        _ => format!("y[{global}] = {value} * scale;"),
    }
}

/// The flat phases' statements, `statement(it)` for it = 0..R, each under the guard that
/// its sub-FFT `flat_g + it * W / L` exists: one `if` per distinct sub-FFT. Mixed lengths
/// (where W and L need not divide each other) guard each element: its global index
/// `base + it * W` is below `end`.
pub(super) fn write_flat<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    names: &Names,
    base: &str,
    statement: impl Fn(u32) -> String,
) -> fmt::Result {
    let (l, group) = (shape.len, shape.group);
    if shape.mixed {
        for it in 0..shape.radix {
            let global = linear(&[(base, 1)], it * group);
            writeln!(w, "if ({global} < {})", names.flat_g)?;
            w.open_block()?;
            writeln!(w, "{}", statement(it))?;
            w.close_block()?;
        }
        return Ok(());
    }
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

/// The flat phase of a halves exchange with C > 1: element `it` of work-item `lid` is point
/// `j + it * (L/R)` of sub-FFT `first + c` (the first or last stage's own elements), at
/// `first * L + at + it * (L/R)`: each warp touches runs of `L/R` neighbouring addresses.
/// `statement(it, global)` moves element `it` at global index `global`.
fn write_flat_halves<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    names: &Names,
    name: &str,
    statement: impl Fn(u32, &str) -> String,
) -> fmt::Result {
    let (l, per) = (shape.len, shape.per_fft);
    writeln!(
        w,
        "// Flat (k = 0): element it is point j + {per} * it of sub-FFT first + c, at first * {l} + c * {l} + j + {per} * it."
    )?;
    writeln!(
        w,
        "const uint {name} = {};",
        linear(&[("first", l), (names.at.as_str(), 1)], 0)
    )?;
    writeln!(w, "if (first + c < total)")?;
    w.open_block()?;
    for it in 0..shape.radix {
        let global = linear(&[(name, 1)], it * per);
        writeln!(w, "{}", statement(it, &global))?;
    }
    w.close_block()
}

pub(super) fn write_load<W: Write>(w: &mut Writer<W>, shape: &Shape, names: &Names) -> fmt::Result {
    if shape.spec.interleaved {
        return super::interleaved::write_load(w, shape, names);
    }
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
    if shape.halves {
        writeln!(
            w,
            "// Element it stays in register ld[it] until the first stage's exchange."
        )?;
        writeln!(w, "{} ld[{r}];", shape.vector)?;
    }
    writeln!(w, "if (t == 1u)")?;
    w.open_block()?;
    if shape.halves && shape.has_c() {
        write_flat_halves(w, shape, names, "src", |it, global| {
            shape.put(it, "", &load(shape, global, true))
        })?;
    } else {
        writeln!(
            w,
            "// Flat (t == 1, k = 0): element e = lid + {group} * it is x[first * {l} + e], point e % {l} of sub-FFT first + e / {l}."
        )?;
        writeln!(
            w,
            "const uint src = {};",
            linear(&[("first", l), ("lid", 1)], 0)
        )?;
        write_flat(w, shape, names, "src", |it| {
            let e = linear(&[("lid", 1)], it * group);
            let global = linear(&[("src", 1)], it * group);
            shape.put(it, &e, &load(shape, &global, true))
        })?;
    }
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
        let value = if !shape.has_j() && it == 0 {
            load(shape, &global, false)
        } else {
            format!(
                "cmul({}, pass_twiddle(pass_tw_hi, pass_tw_lo, {}, h))",
                load(shape, &global, false),
                exponent(shape, it)
            )
        };
        writeln!(w, "{}", shape.put(it, &local, &value))?;
    }
    w.close_block()?;
    writeln!(w, "else")?;
    w.open_block()?;
    for it in 0..r {
        let local = linear(&[(names.cell.as_str(), 1)], it * per);
        let value = load(shape, &strided("src", it * per, "t"), false);
        writeln!(w, "{}", shape.put(it, &local, &value))?;
    }
    w.close_block()?;
    w.close_block()?;
    w.close_block()?;
    if shape.halves {
        return Ok(());
    }
    writeln!(w, "barrier(CLK_LOCAL_MEM_FENCE);")
}

/// The comment above local stage `index`: its radix, stride, reads and writes.
pub(super) fn write_stage_comment<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    index: usize,
    stage: &Stage,
) -> fmt::Result {
    let (l, per) = (shape.len, shape.per_fft);
    let (r, ps) = (stage.radix, stage.stride);
    let butterflies = shape.radix.div_ceil(r);
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
            "// b + {span} * m times W_{}^(kk*m) = stage_tw[{tw}], kk = {}, and writes X[q]",
            r * ps,
            if ps.is_power_of_two() {
                format!("b & {}", ps - 1)
            } else {
                format!("b % {ps}")
            }
        )?;
        writeln!(
            w,
            "// to point (b - kk) * {r} + kk + q * {ps} (slot s holds X[bitrev(s)])."
        )?;
    }
    Ok(())
}

pub(super) fn write_stage<W: Write>(
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
    let butterflies = shape.radix.div_ceil(r);
    let span = l / r;
    // Mixed lengths: when r does not divide R, the last butterfly of some work-items is past
    // the stage's L / r; they compute a copy of butterfly L / r - 1 and discard it.
    let guarded = shape.radix % r != 0;
    write_stage_comment(w, shape, index, stage)?;
    w.open_block()?;
    let schedule = Schedule::new(graph);
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
        } else if guarded && u + 1 == butterflies {
            let name = format!("b{suffix}");
            writeln!(
                w,
                "const uint {name} = min(j + {}u, {}u);",
                u * per,
                span - 1
            )?;
            name
        } else {
            let name = format!("b{suffix}");
            writeln!(w, "const uint {name} = j + {}u;", u * per)?;
            name
        };
        let kk = format!("kk{suffix}");
        if ps > 1 {
            writeln!(w, "const uint {kk} = {};", shape.rem(&b, ps))?;
        }
        let clamped = guarded && u + 1 == butterflies;
        for m in 0..r {
            let local = if clamped {
                format!("{sub}{}", linear(&[(b.as_str(), 1)], m * span))
            } else {
                linear(&[(names.at.as_str(), 1)], u * per + m * span)
            };
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
        write_butterfly(w, graph, &schedule, &prefix, v)?;
        let dst = format!("dst{suffix}");
        let position = if ps == 1 && !clamped {
            let c_coef = if shape.has_c() { l } else { 0 };
            let j_coef = if shape.has_j() { r } else { 0 };
            linear(&[("c", c_coef), ("j", j_coef)], u * per * r)
        } else if ps == 1 {
            format!("{sub}{b} * {r}u")
        } else {
            format!("{sub}({b} - {kk}) * {r}u + {kk}")
        };
        writeln!(w, "const uint {dst} = {position};")?;
        let live = clamped.then(|| format!("j + {}u < {span}u", u * per));
        destinations.push((dst, prefix, live));
    }
    writeln!(w, "barrier(CLK_LOCAL_MEM_FENCE);")?;
    for (dst, prefix, live) in &destinations {
        if let Some(live) = live {
            writeln!(w, "if ({live})")?;
            w.open_block()?;
        }
        for q in 0..r as usize {
            let slot = output_slot(r, q);
            let local = linear(&[(dst.as_str(), 1)], q as u32 * ps);
            writeln!(w, "buf[pad({local})] = {prefix}y{slot:02};")?;
        }
        if live.is_some() {
            w.close_block()?;
        }
    }
    writeln!(w, "barrier(CLK_LOCAL_MEM_FENCE);")?;
    w.close_block()
}

/// The butterfly `graph` on the inputs `{prefix}aNN`, defining its outputs `{prefix}yNN`
/// (slot s holds X[bitrev(s)]).
pub(super) fn write_butterfly<W: Write>(
    w: &mut Writer<W>,
    graph: &Graph,
    schedule: &Schedule,
    prefix: &str,
    v: &str,
) -> fmt::Result {
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
    Ok(())
}

pub(super) fn write_store<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    names: &Names,
) -> fmt::Result {
    if shape.spec.interleaved {
        return super::interleaved::write_store(w, shape, names);
    }
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
    let split = shape.spec.real == Some(FusedReal::Split);
    if split && shape.halves {
        super::halves::write_split(w, shape, names)?;
    } else if shape.halves && shape.has_c() {
        write_flat_halves(w, shape, names, "out", |it, global| {
            store(shape, global, &shape.get(it, ""), true)
        })?;
    } else if split {
        write_split_pairs(w, shape)?;
    } else {
        writeln!(
            w,
            "// Flat (p == 1, k = 0): element e = lid + {group} * it, X[e % {l}] of sub-FFT first + e / {l}, goes to y[first * {l} + e]."
        )?;
        writeln!(
            w,
            "const uint out = {};",
            linear(&[("first", l), ("lid", 1)], 0)
        )?;
        write_flat(w, shape, names, "out", |it| {
            let e = linear(&[("lid", 1)], it * group);
            let global = linear(&[("out", 1)], it * group);
            store(shape, &global, &shape.get(it, &e), true)
        })?;
    }
    w.close_block()?;
    writeln!(w, "else")?;
    w.open_block()?;
    writeln!(
        w,
        "// Columns: X[q], q = {q}, of sub-FFT g goes to y[base + (i - k) * {l} + k + q * p]."
    )?;
    writeln!(w, "if (g < total)")?;
    w.open_block()?;
    if split {
        return write_split_columns(w, shape, names);
    }
    let row = if shape.has_j() { " + row * p" } else { "" };
    writeln!(w, "const uint out = base + (i - k) * {l}u + k{row};")?;
    for it in 0..r {
        let local = linear(&[(names.cell.as_str(), 1)], it * per);
        writeln!(
            w,
            "{}",
            store(
                shape,
                &strided("out", it * per, "p"),
                &shape.get(it, &local),
                false
            )
        )?;
    }
    w.close_block()?;
    w.close_block()
}

/// The flat regime of a split store (one pass, p == 1): slot `q = s * S + k` (`S = L/2 + 1`,
/// `k <= L/2`) of sub-FFT `first + s` reads `Z_k` and `Z_((L - k) % L)` from local memory
/// once and writes both `X_k` and `X_(L-k)` (`X_0` and `X_L` for `k = 0`), so each pair
/// costs one twiddle and two local reads.
fn write_split_pairs<W: Write>(w: &mut Writer<W>, shape: &Shape) -> fmt::Result {
    let (l, c, group) = (shape.len, shape.columns, shape.group);
    let slots = l / 2 + 1;
    writeln!(
        w,
        "// Flat real split (p == 1): slot q = s * {slots} + k, k = 0..{}, of sequence first + s writes X_k and X_({l}-k)",
        l / 2
    )?;
    writeln!(
        w,
        "// from Z_k and Z_(({l} - k) % {l}) in local memory (X_0 and X_{l} for k = 0)."
    )?;
    writeln!(w, "for (uint q = lid; q < {}u; q += {group}u)", c * slots)?;
    w.open_block()?;
    if c > 1 {
        writeln!(w, "const uint s = q / {slots}u;")?;
        writeln!(w, "const uint k = q - s * {slots}u;")?;
    } else {
        writeln!(w, "const uint s = 0u;")?;
        writeln!(w, "const uint k = q;")?;
    }
    writeln!(w, "if (first + s < total)")?;
    w.open_block()?;
    writeln!(
        w,
        "split_pair(y, first + s, k, {l}u, real_hi[k], buf[pad(s * {l}u + k)], buf[pad(s * {l}u + (k == 0u ? 0u : {l}u - k))], scale);"
    )?;
    w.close_block()?;
    w.close_block()
}

/// The column regime of a split store (the last pass of a multi-pass real transform, t == p):
/// element `m` of column `i` is `Z_(i + m*p)`; its mirror `Z_(H - i - m*p)` is element
/// `(L - m) % L` of the same column when `i == 0`, else element `L - 1 - m` of column
/// `t - i`, in slot `pcol`.
fn write_split_columns<W: Write>(w: &mut Writer<W>, shape: &Shape, names: &Names) -> fmt::Result {
    let (l, r, per) = (shape.len, shape.radix, shape.per_fft);
    if shape.columns % 2 != 0 {
        writeln!(
            w,
            "// Not reached: with an odd number of columns the planner runs this kernel as one pass (p == 1)."
        )?;
        w.close_block()?;
        return w.close_block();
    }
    writeln!(
        w,
        "// Real split in pairs: a front slot (col < {}) writes X_k, k = i + m * p, and X_(H-k) from Z_k and its mirror",
        shape.columns / 2
    )?;
    writeln!(
        w,
        "// (slot pcol, element L - 1 - m); the self-mirrored columns (rr == 0: column 0 in slot 0, element (L - m) % L,"
    )?;
    writeln!(
        w,
        "// and column t/2 in slot {}, element L - 1 - m) pair their own elements m <= mm.",
        shape.columns / 2
    )?;
    writeln!(w, "if (front || rr == 0u)")?;
    w.open_block()?;
    for it in 0..r {
        let local = linear(&[(names.cell.as_str(), 1)], it * per);
        let m = if shape.has_j() {
            linear(&[("row", 1)], it * per)
        } else {
            format!("{it}u")
        };
        w.open_block()?;
        writeln!(w, "const uint m = {m};")?;
        writeln!(
            w,
            "const uint mm = i == 0u ? {} : {}u - m;",
            shape.rem(&format!("({l}u - m)"), l),
            l - 1
        )?;
        writeln!(w, "if (rr != 0u || m <= mm)")?;
        w.open_block()?;
        writeln!(
            w,
            "split_pair(y, seq, i + m * p, t * {l}u, {}, buf[pad({local})], buf[pad(pcol * {l}u + mm)], scale);",
            real_twiddle("i + m * p", false)
        )?;
        w.close_block()?;
        w.close_block()?;
    }
    w.close_block()?;
    w.close_block()?;
    w.close_block()
}
