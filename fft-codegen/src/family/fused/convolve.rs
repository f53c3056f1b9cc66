//! The middle of a pass that computes Bluestein's whole convolution
//! ([`fft_core::kernel::ChirpStore::Convolve`]): between the forward stages and a second run
//! of the same stages, each value `X[q]` becomes `conj(X[q] * filter[q])`, so the second run
//! computes the conjugate of the inverse FFT of `X * filter`; the store conjugates back as it
//! unpads (`unpad_store`). The inverse FFT thus reuses the forward butterflies and
//! `stage_tw`.
//!
//! The pass is the whole M-point transform (`t = p = 1`): its load and store run the flat
//! regime, so the store's element `it` (point `j + (L/R) * it` of sub-FFT `c`) is also the
//! load's element `it`, and where the values stay in registers the filtered `st[it]` go
//! straight into `ld[it]` for the second run.

use super::roles::{Names, REGISTERS_STORE};
use super::shape::Shape;
use crate::index::Expr;
use crate::opencl::writer::Writer;
use std::fmt::{self, Write};

/// The helper the middle step calls: `filter_conj(v, f) = conj(v * f)`.
pub(super) fn write_filter_conj_helper<W: Write>(w: &mut Writer<W>, v: &str) -> fmt::Result {
    writeln!(w)?;
    writeln!(
        w,
        "// filter_conj(v, f): conj(v * f), the input of the second run of the forward stages, which"
    )?;
    writeln!(
        w,
        "// then computes conj(IFFT(X * filter)) (the store conjugates back)"
    )?;
    writeln!(w, "inline {v} filter_conj(const {v} v, const {v} f)")?;
    w.open_block()?;
    writeln!(w, "const {v} p = cmul(v, f);")?;
    writeln!(w, "return ({v})(p.x, -p.y);")?;
    w.close_block()
}

/// Where the values stay in registers: `ld[it] = filter_conj(st[it], filter[q])` for the
/// point `q` of each of the work-item's values, then a barrier, since the second run's first
/// exchange writes `buf` where the first run's last exchange read it.
pub(super) fn write_filter_registers<W: Write>(
    w: &mut Writer<W>,
    shape: &Shape,
    names: &Names,
) -> fmt::Result {
    let (prefix, _) = REGISTERS_STORE;
    let point = if shape.has_c() {
        Expr::var(&format!("{prefix}j"))
    } else {
        names.at.clone()
    };
    writeln!(w)?;
    writeln!(
        w,
        "// Bluestein's filter: value it is X[q] of its sub-FFT, q = {}; it goes back into ld[it] as conj(X[q] * filter[q]).",
        point.clone().plus(Expr::var("it").times(Expr::uint(shape.per_fft)))
    )?;
    for it in 0..shape.radix {
        let q = point.clone().plus(Expr::uint(it * shape.per_fft));
        writeln!(w, "ld[{it}] = filter_conj(st[{it}], filter[{q}]);")?;
    }
    Ok(())
}

/// Where the values are in `buf` after the stages: every element `e = lid + W * it` of the
/// work-group's `C * L`, point `e % L` of its sub-FFT, becomes `conj(X * filter[e % L])`,
/// then a barrier before the second run's first stage reads them.
pub(super) fn write_filter_local<W: Write>(w: &mut Writer<W>, shape: &Shape) -> fmt::Result {
    let (l, group, r) = (shape.len, shape.group, shape.radix);
    writeln!(w)?;
    writeln!(
        w,
        "// Bluestein's filter: element e = lid + {group} * it of buf is X[e % {l}] of its sub-FFT; it becomes conj(X[e % {l}] * filter[e % {l}])."
    )?;
    writeln!(w, "#pragma unroll")?;
    writeln!(w, "for (uint it = 0u; it < {r}u; ++it)")?;
    w.open_block()?;
    let e = Expr::var("lid").plus(Expr::var("it").times(Expr::uint(group)));
    writeln!(w, "const uint e = {e};")?;
    let q = Expr::var("e").rem_const(l);
    writeln!(w, "buf[pad(e)] = filter_conj(buf[pad(e)], filter[{q}]);")?;
    w.close_block()?;
    writeln!(w, "barrier(CLK_LOCAL_MEM_FENCE);")
}
