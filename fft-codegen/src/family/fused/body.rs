//! The fused `__kernel` function: the work-item roles, then the load, stage and store phases.

use super::convolve::{write_filter_local, write_filter_registers};
use super::load::write_load;
use super::roles::{roles, Names};
use super::shape::Shape;
use super::stage::write_stage;
use super::store::write_store;
use super::unrolled::Element;
use crate::index::Expr;
use crate::math::ir::Graph;
use crate::opencl::signature::write_signature;
use crate::opencl::writer::Writer;
use fft_core::kernel::KernelSpec;
use std::collections::BTreeMap;
use std::fmt::{self, Write};

pub(super) fn write_kernel<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    graphs: &BTreeMap<u32, Graph>,
) -> fmt::Result {
    let (v, scalar) = (shape.vector, shape.scalar);
    let (l, group) = (shape.len, shape.group);
    let entry = shape.spec.name();
    writeln!(
        w,
        "__kernel __attribute__((reqd_work_group_size({group}, 1, 1)))"
    )?;
    let abi = KernelSpec::Fused(shape.spec).abi();
    write_signature(w, "void ", &entry, abi.args, v, scalar)?;
    w.open_block()?;
    if shape.halves {
        let of_part = if shape.spec.exchange_parts() > 1 {
            " (of one part)"
        } else {
            ""
        };
        let at = match (
            shape.pads_any_exchange_linearly(),
            shape.pad_helper(),
            shape.skews_any_exchange(),
        ) {
            (true, false, false) => "buf[m + X * (m / Q)], X and Q per exchange,",
            (true, false, true) => {
                "buf[m + X * (m / Q) + Y * (m / Q')], X, Q, Y and Q' per exchange,"
            }
            (true, true, _) => "buf[m + X * (m / Q)] or buf[pad(m)], per exchange,",
            (false, ..) => "buf[pad(m)]:",
        };
        writeln!(
            w,
            "// The real or imaginary part of element m{of_part} at {at} {} values, {} bytes.",
            shape.local_len,
            shape.local_bytes()
        )?;
        writeln!(w, "__local {scalar} buf[{}];", shape.local_len)?;
    } else {
        let at = match (shape.pads_any_exchange_linearly(), shape.pad_helper()) {
            (true, false) => {
                format!("Element m of sub-FFT c at buf[e + X * (e / Q)], e = c * {l} + m, X and Q per exchange,")
            }
            (true, true) => format!(
                "Element m of sub-FFT c at buf[e + X * (e / Q)] or buf[pad(e)], e = c * {l} + m, per exchange,"
            ),
            (false, _) => format!("Element m of sub-FFT c at buf[pad(c * {l} + m)]:"),
        };
        writeln!(
            w,
            "// {at} {} values, {} bytes.",
            shape.local_len,
            shape.local_bytes()
        )?;
        writeln!(w, "__local {v} buf[{}];", shape.local_len)?;
    }
    let shared = shape.spec.shared_pass_twiddles();
    if shared > 0 {
        writeln!(
            w,
            "// The pass twiddles W^(k*m), m < {l}, of a work-group whose columns are one sub-FFT (p > 1)."
        )?;
        writeln!(w, "__local {v} tw_pass[{shared}];")?;
    }
    if shape.registers && shape.has_c() && !shape.has_j() {
        // The halves mappings need a point variable.
        return Err(fmt::Error);
    }
    let (roles, names) = roles(shape);
    roles.write(w)?;
    writeln!(w)?;
    write_load(w, shape, &names)?;
    let table = if shape.convolves() {
        write_convolution_first_run(w, shape, &names, graphs)?;
        SECOND_RUN_TABLE
    } else {
        "stage_tw"
    };
    write_stages(w, shape, &names, graphs, table)?;
    writeln!(w)?;
    write_store(w, shape, &names)?;
    w.close_block()
}

/// The stage twiddles of the convolution's second run: `stage_tw` again, through a pointer
/// the compiler cannot prove equal (`t == 1` in a one-pass kernel). Through `stage_tw`
/// itself NVIDIA's compiler kept every twiddle of the first run live for the second: 255
/// registers and spills at 2048 and 4096 points on the H100 (docs/PERFORMANCE.md,
/// 2026-11-25).
const SECOND_RUN_TABLE: &str = "stage_tw_again";

/// Every local stage, in registers or through `buf`, their twiddles from `table`.
fn write_stages<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    names: &Names,
    graphs: &BTreeMap<u32, Graph>,
    table: &str,
) -> fmt::Result {
    if shape.registers {
        return super::registers::write_stages(w, shape, names, graphs, table);
    }
    for stage in &shape.stages {
        writeln!(w)?;
        let graph = graphs.get(&stage.radix).ok_or(fmt::Error)?;
        write_stage(w, shape, names, stage, graph, table)?;
    }
    Ok(())
}

/// The forward FFT and the filter of Bluestein's convolution in one pass (`convolve.rs`):
/// the stages, then each value times the filter, conjugated, as the second run's input. In
/// registers the first run sits in a block of its own, so the second declares the same
/// names.
fn write_convolution_first_run<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    names: &Names,
    graphs: &BTreeMap<u32, Graph>,
) -> fmt::Result {
    writeln!(w)?;
    writeln!(
        w,
        "// Bluestein's convolution, first run of the stages: the forward FFT of the padded input."
    )?;
    if shape.registers {
        w.open_block()?;
        write_stages(w, shape, names, graphs, "stage_tw")?;
        write_filter_registers(w, shape, names)?;
        w.close_block()?;
        writeln!(w, "barrier(CLK_LOCAL_MEM_FENCE);")?;
    } else {
        write_stages(w, shape, names, graphs, "stage_tw")?;
        write_filter_local(w, shape)?;
    }
    writeln!(w)?;
    writeln!(
        w,
        "// Second run of the stages: conj of the inverse FFT of X * filter. Its twiddles come through"
    )?;
    writeln!(
        w,
        "// {SECOND_RUN_TABLE} (stage_tw, since t == 1), so the compiler reloads them rather than keeping the first run's live."
    )?;
    writeln!(
        w,
        "__global const {} *restrict {SECOND_RUN_TABLE} = stage_tw + (t - 1u);",
        shape.vector
    )
}

/// The point `m = row + it * (L/R)` of its sub-FFT (`m = it` when a work-item holds a whole
/// sub-FFT) this work-item loads in step `it` of the column regime.
pub(super) fn column_point(shape: &Shape, it: Element) -> Expr {
    if shape.has_j() {
        it.plus("row", shape.per_fft)
    } else {
        it.expr().times(Expr::uint(shape.per_fft))
    }
}

/// The pass-twiddle exponent `k * m` of [`column_point`] `m`.
pub(super) fn exponent(shape: &Shape, it: Element) -> Expr {
    Expr::var("k").times(column_point(shape, it))
}

/// The pass twiddle `W_{Lp}^s` read from the two-level table, `s` its exponent as C text.
pub(super) fn pass_twiddle_read(s: impl std::fmt::Display) -> String {
    format!("pass_twiddle(pass_tw_hi, pass_tw_lo, {s}, h)")
}
