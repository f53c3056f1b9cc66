//! The load and store phases of an interleaved fused pass (`FusedSpec::interleaved`): the
//! column regime of a plain pass with every global index `v` at `v * inner + ci`, so the
//! work-group's `C` columns are neighbouring sequences `ci` and each access is a run of `C`
//! consecutive values. There is no flat regime: consecutive points of one sequence are
//! `inner` apart. A pitched pass (`FusedSpec::pitched`) places column `ci` at
//! `(ci / width) * pitch + ci % width` and value `v` at `v * (inner / width) * pitch`, with
//! the pitch of the rows it reads (`in_pitch`) and of those it writes (`out_pitch`). The
//! first pass of a multi-dimensional plan may read the caller's layout (`FusedSpec::load`),
//! the last write it (`FusedSpec::store`).

use super::body::{column_point, exponent, pass_twiddle_read};
use super::roles::Names;
use super::shape::Shape;
use super::unrolled::{write_elements, Element};
use crate::opencl::writer::Writer;
use fft_core::kernel::Storage;
use std::fmt::{self, Write};

/// The element of this work-item in step `it`: `row + (L/R) * it`, or `it`.
fn element(shape: &Shape) -> String {
    if shape.has_j() {
        format!("row + {} * it", shape.per_fft)
    } else {
        "it".to_string()
    }
}

/// The distance between a sequence's values and the offset of column `ci` on one side
/// (`in` or `out`): `inner` and `ci`, or for a pitched pass `{side}_inner` and
/// `{side}_column`, declared here.
fn write_side<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    side: &str,
) -> Result<(String, String), fmt::Error> {
    if !shape.spec.pitched {
        return Ok(("inner".to_string(), "ci".to_string()));
    }
    writeln!(
        w,
        "// Pitched rows: column ci at (ci / width) * {side}_pitch + ci % width, values {side}_inner apart."
    )?;
    writeln!(w, "const uint {side}_inner = inner / width * {side}_pitch;")?;
    writeln!(
        w,
        "const uint {side}_column = ci / width * {side}_pitch + ci % width;"
    )?;
    Ok((format!("{side}_inner"), format!("{side}_column")))
}

/// The input value at address `at`: `x[at]`, or the caller's planar input there.
fn read(shape: &Shape, at: &str) -> String {
    match shape.spec.load {
        Some(Storage::Planar) => format!("load_planar(x_re, x_im, {at})"),
        _ => format!("x[{at}]"),
    }
}

pub(super) fn write_load<W: Write>(w: &mut Writer<W>, shape: &Shape, names: &Names) -> fmt::Result {
    let (l, r, per) = (shape.len, shape.radix, shape.per_fft);
    writeln!(
        w,
        "// Load phase: {r} elements per work-item (it = 0..{}); element m = {} of sub-FFT g of column ci",
        r - 1,
        element(shape)
    )?;
    let row = if shape.has_j() { " + row * t" } else { "" };
    let caller = shape.spec.load.is_some();
    if caller {
        writeln!(
            w,
            "// (point pos = i + m * t of sequence seq = g / t) is the caller's input at seq * in_dist + pos * in_stride + ci,"
        )?;
        writeln!(w, "// times W_{{{l}p}}^(k*m) when p > 1.")?;
    } else {
        writeln!(
            w,
            "// is x[(base + i + m * t) * inner + ci], times W_{{{l}p}}^(k*m) when p > 1."
        )?;
    }
    super::load::write_load_registers(w, shape)?;
    writeln!(w, "if (g < total)")?;
    w.open_block()?;
    if caller {
        writeln!(w, "const uint seq = (g - i) / t;")?;
        writeln!(w, "const uint t_inner = t * in_stride;")?;
        writeln!(
            w,
            "const uint src = seq * in_dist + (i{row}) * in_stride + ci;"
        )?;
    } else {
        let (inner, column) = write_side(w, shape, "in")?;
        writeln!(w, "const uint t_inner = t * {inner};")?;
        writeln!(w, "const uint src = (base + i{row}) * {inner} + {column};")?;
    }
    writeln!(w, "if (p > 1u)")?;
    w.open_block()?;
    let shared = shape.spec.shared_pass_twiddles() > 0;
    if shared {
        writeln!(w, "if (inner % {}u == 0u)", shape.columns)?;
        w.open_block()?;
        write_shared_twiddles(w, shape)?;
        write_twiddled_elements(w, shape, names, |it| {
            format!("tw_pass[{}]", column_point(shape, it))
        })?;
        w.close_block()?;
        writeln!(w, "else")?;
        w.open_block()?;
    }
    write_twiddled_elements(w, shape, names, |it| pass_twiddle_read(exponent(shape, it)))?;
    if shared {
        w.close_block()?;
    }
    w.close_block()?;
    writeln!(w, "else")?;
    w.open_block()?;
    write_elements(w, shape, 0, r, |w, it| {
        let value = read(shape, &it.plus_strided("src", per, "t_inner").to_string());
        let local = it.plus(&names.cell, per);
        writeln!(w, "{}", shape.put(&it.index(), &local, &value))
    })?;
    w.close_block()?;
    w.close_block()?;
    if shape.registers {
        return Ok(());
    }
    writeln!(w, "barrier(CLK_LOCAL_MEM_FENCE);")
}

/// Fills the work-group's shared pass twiddles `tw_pass[m] = W^(k*m)`, `m < L`, in the
/// branch where `inner` is a multiple of the columns `C`
/// ([`fft_core::kernel::FusedSpec::shared_pass_twiddles`]): the work-group's columns are
/// then one sub-FFT, so `k`, `g < total` and the branch are the same in all of its
/// work-items, and the barrier is reached by every one of them.
fn write_shared_twiddles<W: Write>(w: &mut Writer<W>, shape: &Shape) -> fmt::Result {
    let (l, c, group) = (shape.len, shape.columns, shape.group);
    writeln!(
        w,
        "// inner % {c} == 0: the work-group's {c} columns are one sub-FFT g, whose {l} pass twiddles"
    )?;
    writeln!(
        w,
        "// W^(k*m) go to tw_pass once; each element then reads one local value."
    )?;
    writeln!(w, "for (uint m = lid; m < {l}u; m += {group}u)")?;
    w.open_block()?;
    writeln!(w, "tw_pass[m] = {};", pass_twiddle_read("k * m"))?;
    w.close_block()?;
    writeln!(w, "barrier(CLK_LOCAL_MEM_FENCE);")
}

/// The load of the column regime with pass twiddles (`p > 1`), each element times
/// `twiddle(it)`; a work-item that holds a whole sub-FFT (L = R) loads its element 0 apart:
/// W^0 = 1.
fn write_twiddled_elements<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    names: &Names,
    twiddle: impl Fn(Element) -> String,
) -> fmt::Result {
    let (r, per) = (shape.radix, shape.per_fft);
    let first = if shape.has_j() {
        0
    } else {
        if shape.loops() {
            writeln!(w, "// Element 0: W^0 = 1.")?;
        }
        writeln!(w, "{}", shape.put("0", &names.cell, &read(shape, "src")))?;
        1
    };
    write_elements(w, shape, first, r, |w, it| {
        let value = format!(
            "cmul({}, {})",
            read(shape, &it.plus_strided("src", per, "t_inner").to_string()),
            twiddle(it)
        );
        let local = it.plus(&names.cell, per);
        writeln!(w, "{}", shape.put(&it.index(), &local, &value))
    })
}

pub(super) fn write_store<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    names: &Names,
) -> fmt::Result {
    let (l, r, per) = (shape.len, shape.radix, shape.per_fft);
    writeln!(
        w,
        "// Store phase: {r} elements per work-item (it = 0..{}); X[q], q = {}, of sub-FFT g of column ci",
        r - 1,
        element(shape)
    )?;
    if let Some(storage) = shape.spec.store {
        return write_layout_store(w, shape, names, storage);
    }
    writeln!(
        w,
        "// goes to y[(base + (i - k) * {l} + k + q * p) * inner + ci]."
    )?;
    let own_mapping = super::roles::stores_side_by_side(shape);
    if own_mapping {
        w.open_block()?;
        super::roles::side_by_side_store(shape).write(w)?;
    }
    writeln!(w, "if (g < total)")?;
    w.open_block()?;
    let (inner, column) = write_side(w, shape, "out")?;
    writeln!(w, "const uint p_inner = p * {inner};")?;
    let row = if shape.has_j() { " + row * p" } else { "" };
    writeln!(
        w,
        "const uint out = (base + (i - k) * {l}u + k{row}) * {inner} + {column};"
    )?;
    write_elements(w, shape, 0, r, |w, it| {
        let local = it.plus(&names.cell, per);
        writeln!(
            w,
            "y[{}] = {} * scale;",
            it.plus_strided("out", per, "p_inner"),
            shape.get(&it.index(), &local)
        )
    })?;
    w.close_block()?;
    if own_mapping {
        w.close_block()?;
    }
    Ok(())
}

/// The store of an interleaved pass into the caller's layout (the last pass of a
/// multi-dimensional plan, [`fft_core::kernel::FusedSpec::store`]): X[q] of sub-FFT g of
/// column ci, point `pos = (i - k) * L + k + q * p` of sequence `seq = g / t`, goes to
/// `seq * out_dist + pos * out_stride + ci` (the inner sequences at consecutive addresses),
/// in `y` or the planar `y_re`, `y_im`.
fn write_layout_store<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    names: &Names,
    storage: Storage,
) -> fmt::Result {
    let (l, r, per) = (shape.len, shape.radix, shape.per_fft);
    writeln!(
        w,
        "// (point pos = (i - k) * {l} + k + q * p of sequence seq = g / t) goes to the caller's layout"
    )?;
    writeln!(w, "// at seq * out_dist + pos * out_stride + ci.")?;
    writeln!(w, "if (g < total)")?;
    w.open_block()?;
    writeln!(w, "const uint seq = (g - i) / t;")?;
    writeln!(w, "const uint p_stride = p * out_stride;")?;
    let row = if shape.has_j() { " + row * p" } else { "" };
    writeln!(
        w,
        "const uint out = seq * out_dist + ((i - k) * {l}u + k{row}) * out_stride + ci;"
    )?;
    write_elements(w, shape, 0, r, |w, it| {
        let local = it.plus(&names.cell, per);
        let at = it.plus_strided("out", per, "p_stride");
        let value = shape.get(&it.index(), &local);
        match storage {
            Storage::Interleaved => writeln!(w, "y[{at}] = {value} * scale;"),
            Storage::Planar => writeln!(w, "store_planar(y_re, y_im, {at}, {value} * scale);"),
        }
    })?;
    w.close_block()
}
