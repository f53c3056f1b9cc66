//! The comment block at the top of a fused-pass program: shape, stages, launch, counts.

use super::shape::Shape;
use super::sub_fft_ops;
use crate::math::ir::Graph;
use crate::opencl::banner::write_generated_by;
use crate::opencl::writer::Writer;
use fft_core::kernel::{ChirpStore, LINEAR_PAD_MIN_PERIOD};
use std::collections::BTreeMap;
use std::fmt::{self, Write};

pub(super) fn write_header<W: Write>(
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
    write_generated_by(
        w,
        format_args!("fused, length {l}, {}, {}", spec.direction, spec.precision),
    )?;
    writeln!(w, "//")?;
    writeln!(
        w,
        "// Work-group: C = {c} {} of {l} points, W = {group} work-items ({} per sub-FFT, {r} points each),",
        if c == 1 { "sub-FFT" } else { "sub-FFTs" },
        shape.per_fft
    )?;
    if spec.split_columns > 0 {
        let why = if spec.split_any_stride {
            "an even C whose runs, idle slots and values suit the split"
        } else {
            "C divides the stride t, so the split's columns pair"
        };
        writeln!(
            w,
            "// C = {c} of the {} sub-FFTs the local memory holds: {why}.",
            spec.natural_columns()
        )?;
    }
    if spec.split_any_stride {
        writeln!(
            w,
            "// The split's columns pair at any stride t: a sequence's ceil(t/2) mirrored pairs take ceil(ceil(t/2) / {}) work-groups,",
            c / 2
        )?;
        writeln!(
            w,
            "// the slots past them idle (t odd, or C not dividing t)."
        )?;
    }
    let parts = spec.exchange_parts();
    let held = if parts == 1 {
        format!("C * L = {}", c * l)
    } else {
        format!("C * L / {parts} = {}", c * l / parts)
    };
    if shape.pads_any_exchange_linearly() {
        let which = if shape.pad_helper() {
            "pad() for some exchanges, "
        } else {
            ""
        };
        let skew = if shape.skews_any_exchange() {
            format!(" and Y per sub-FFT part of {}", spec.part_len())
        } else {
            String::new()
        };
        writeln!(
            w,
            "// {} bytes of local memory ({held} values, padding {which}X values per Q, Q >= {LINEAR_PAD_MIN_PERIOD}{skew}, chosen per exchange, or none).",
            shape.local_bytes(),
        )?;
    } else {
        writeln!(
            w,
            "// {} bytes of local memory ({held} values, padding one per {} and one per {}).",
            shape.local_bytes(),
            spec.pad_step(),
            spec.pad_step() * spec.pad_step()
        )?;
    }
    let shared = spec.shared_pass_twiddles();
    if shared > 0 {
        writeln!(
            w,
            "// And {} bytes for tw_pass, the {shared} pass twiddles of a work-group whose columns are one sub-FFT.",
            shared * spec.precision.complex_bytes() as u64
        )?;
    }
    if shape.registers {
        writeln!(
            w,
            "// The values stay in registers from load to store; between stages they move through local memory"
        )?;
        if shape.halves {
            writeln!(
                w,
                "// as scalars, real parts then imaginary parts (four barriers per exchange, half the memory)."
            )?;
        } else {
            writeln!(w, "// as complex values (two barriers per exchange).")?;
        }
        if parts > 1 {
            writeln!(
                w,
                "// Each exchange moves {parts} parts of {} points per sub-FFT in turn ({} barriers), one part's values at a time.",
                spec.part_len(),
                4 * parts
            )?;
        }
        if c > 1 && spec.sub_fft_pad() > 0 && shape.pad_helper() {
            writeln!(
                w,
                "// Each sub-FFT is followed by {} more values of padding, so the {c} columns a warp touches meet different banks.",
                spec.sub_fft_pad()
            )?;
        }
        if c > 1 {
            writeln!(
                w,
                "// The first stage runs on the load's elements (flat: point j of sub-FFT c; columns: point row of"
            )?;
            writeln!(
                w,
                "// sub-FFT col), the last stage on the store's, so neither phase needs an exchange of its own."
            )?;
        }
    }
    let radices: Vec<String> = shape.stages.iter().map(|s| s.radix.to_string()).collect();
    let twiddles = if shape.stages.len() > 1 && shape.spec.twiddles_by_stage() {
        "stage twiddles by stage: each stage of stride ps > 1 has a block of (r - 1) * ps entries,\n// W_(r*ps)^(kk*m) at its offset + ps * (m - 1) + kk (neighbouring work-items read neighbouring entries)".to_string()
    } else if shape.stages.len() > 1 {
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
    if spec.interleaved {
        writeln!(
            w,
            "// Launch 1-D: local size {group}, global size ceil(total * inner / {c}) * {group}, total = t * batch."
        )?;
        writeln!(
            w,
            "// Interleaved sequences (an axis before the last): launch sub-FFT gg is sub-FFT g = gg / inner of"
        )?;
        writeln!(
            w,
            "// column ci = gg % inner, and value v of the plain indexing below is at (v * inner + ci)."
        )?;
        if spec.is_aligned() {
            writeln!(
                w,
                "// Aligned runs: planned where {} divides inner, so each run of {} columns starts on a 32-byte sector.",
                spec.aligned_columns, spec.aligned_columns
            )?;
        }
        if spec.pitched {
            writeln!(
                w,
                "// Pitched: the columns are rows of width values, in_pitch apart in x and out_pitch apart in y;"
            )?;
            writeln!(
                w,
                "// column ci is at (ci / width) * pitch + ci % width and v * inner at v * (inner / width) * pitch."
            )?;
        }
    } else if spec.split_any_stride {
        writeln!(
            w,
            "// Launch 1-D: local size {group}, global size ceil(ceil(t/2) / {}) * batch * {group} (t > 1; ceil(total / {c}) * {group}",
            c / 2
        )?;
        writeln!(w, "// when t == 1), total = t * batch.")?;
    } else {
        writeln!(
            w,
            "// Launch 1-D: local size {group}, global size ceil(total / {c}) * {group}, total = t * batch."
        )?;
    }
    let (i, k) = if shape.mixed {
        ("g % t", "i % p")
    } else {
        ("g & (t - 1)", "i & (p - 1)")
    };
    writeln!(
        w,
        "// Sub-FFT g: i = {i}, base = (g - i) * {l}, k = {k}; W_M = exp({sign}2*pi*i/M);"
    )?;
    writeln!(
        w,
        "// X = DFT{l}(x[base + i + m * t] * W_{{{l}p}}^(k*m)), y[base + (i - k) * {l} + k + q * p] = X[q] * scale."
    )?;
    writeln!(
        w,
        "// Pass twiddles (p > 1 only): W_{{{l}p}}^s = pass_tw_hi[s >> h] * pass_tw_lo[s & (2^h - 1)]."
    )?;
    if spec.interleaved {
        writeln!(
            w,
            "// Global access: columns only, runs of {c} consecutive addresses when inner >= {c}."
        )?;
    } else {
        writeln!(
            w,
            "// Global access: flat (work-item n touches address n) for t == 1 loads and p == 1 stores,"
        )?;
        writeln!(
            w,
            "// else columns (runs of {c} consecutive addresses when t, p >= {c})."
        )?;
    }
    if shape.loops() {
        writeln!(
            w,
            "// Load and store phases: loops over the work-item's elements it = 0..{} (#pragma unroll: the driver",
            r - 1
        )?;
        writeln!(w, "// unrolls them); the stages are written out. Kernels whose stages exchange halves, or with more")?;
        writeln!(
            w,
            "// than 16 elements per work-item, write the phases out too: their loops measured slower."
        )?;
    }
    if let Some(load) = spec.load {
        writeln!(
            w,
            "// The caller's input ({}): value pos of sequence seq at seq * in_dist + pos * in_stride{}.",
            match load {
                fft_core::kernel::Storage::Interleaved => "interleaved",
                fft_core::kernel::Storage::Planar => "planar: x_re and x_im",
            },
            if spec.interleaved { " + ci" } else { "" }
        )?;
    }
    if let Some(store) = spec.store {
        writeln!(
            w,
            "// The caller's output ({}): value pos of sequence seq at seq * out_dist + pos * out_stride{}.",
            match store {
                fft_core::kernel::Storage::Interleaved => "interleaved",
                fft_core::kernel::Storage::Planar => "planar: y_re and y_im",
            },
            if spec.interleaved { " + ci" } else { "" }
        )?;
    }
    if let Some(chirp) = spec.chirp {
        let outer = chirp.outer;
        writeln!(
            w,
            "// Bluestein (the {outer} transform of length n, convolution length m; w = its chirp):"
        )?;
        if chirp.pad {
            writeln!(
                w,
                "// the load reads pad_load: x[b * n + j] * w[j] for j < n, zero up to m (run it as the first pass)."
            )?;
        }
        match chirp.store {
            ChirpStore::Plain => {}
            ChirpStore::Filter => writeln!(
                w,
                "// the store multiplies by filter[j], the spectrum of the filter divided by m (the last pass)."
            )?,
            ChirpStore::Unpad => writeln!(
                w,
                "// the store keeps j < n: y[b * n + j] = X[j] * w[j] * scale (the last pass)."
            )?,
            ChirpStore::Convolve => {
                writeln!(
                    w,
                    "// then the whole convolution in this one pass: the stages run, each X[j] becomes conj(X[j] * filter[j])"
                )?;
                writeln!(
                    w,
                    "// (filter: the spectrum of the filter divided by m), the stages run again, computing the conjugate"
                )?;
                writeln!(
                    w,
                    "// of the inverse FFT, and the store keeps j < n: y[b * n + j] = conj(v[j]) * w[j] * scale."
                )?;
            }
        }
    }
    match spec.real {
        None => {}
        Some(fft_core::kernel::FusedReal::Split) => {
            writeln!(
                w,
                "// Real transform (R2C's last pass, N = 2H reals, H = t * L): the store writes the split step,"
            )?;
            if shape.halves && !shape.spec.pairs_split_in_registers() {
                writeln!(
                    w,
                    "// X_k from Z_k and Z_(H-k), k = 0..H, to rows y[b * (H + 1) ..]; the whole transform (t = p = 1):"
                )?;
                writeln!(
                    w,
                    "// one more exchange of halves brings each value's mirror Z_(H-k) into a register beside Z_k."
                )?;
            } else {
                writeln!(
                    w,
                    "// X_k from Z_k and Z_(H-k), k = 0..H, to rows y[b * (H + 1) ..]; with t > 1 each work-group holds"
                )?;
                writeln!(
                    w,
                    "// its columns in mirrored pairs (j, t - j) so both values of every split are in local memory."
                )?;
            }
        }
        Some(fft_core::kernel::FusedReal::Merge) => {
            writeln!(
                w,
                "// Real transform (C2R's first pass, N = 2H reals, H = t * L): the load reads the merge step,"
            )?;
            writeln!(
                w,
                "// Z_k from X_k and X_(H-k) of rows x[b * (H + 1) ..], Im X_0 and Im X_H ignored."
            )?;
        }
    }
    if spec.pair_rows {
        writeln!(
            w,
            "// Rows in pairs (t == 1, pair_m = M): sub-FFT w, row w % 2M of its block of 2M rows, reads rows n and"
        )?;
        writeln!(
            w,
            "// n + M of the block, n = (w % 2M) / 2, and transforms x_n + x_(n+M) (w even) or (x_n - x_(n+M)) * W_2M^n"
        )?;
        writeln!(
            w,
            "// (w odd): the first radix-2 step of the axis before the rows, whose other M points take one pass."
        )?;
    }
    if spec.pitched && spec.real.is_some() {
        writeln!(
            w,
            "// Pitched: the rows lie out_pitch values apart instead of H + 1 (whole 32-byte sectors), zeros after X_H."
        )?;
    }
    writeln!(w, "//")?;
    let (ops, stage_muls, products) = sub_fft_ops(shape, graphs);
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
    if products > 0 {
        writeln!(
            w,
            "// {products} of those stage twiddles are products of two read ones (cmul)."
        )?;
    }
    let pass = if shape.has_j() { l } else { l - 1 };
    writeln!(
        w,
        "// pass twiddles when p > 1: {pass} pass_twiddle products and {pass} complex multiplications."
    )
}
