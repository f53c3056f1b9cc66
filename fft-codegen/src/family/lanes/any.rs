//! The lanes pass whose length is an argument ([`LanesSpec::runtime_len`]): one program per
//! direction and precision for the whole transforms of every length that is not a power of
//! two, so a CPU device builds it once instead of once per length.
//!
//! The work-item is the whole form's (eight transforms of the batch, one per lane, runs of 8
//! values transposed in registers, the last partial run moved lane by lane). Its private
//! arrays hold [`LanesSpec::max_len`] values; its stages loop over the radices of the table
//! `radices` (count first), each stage a function of its own per radix: `lanes_first_R` for
//! the first (no twiddles), `lanes_stage_R` for the others, at the stride of the radices before.

use super::load::{write_lane_rows, write_tail_load, write_transposed_load};
use super::real::{write_merge_load, write_real_header, write_split_store, RealRows};
use super::stages::{write_butterfly_step, StageIo};
use super::store::{write_tail_store, write_transposed_store};
use super::{types, write_group_loop};
use crate::math::ir::Graph;
use crate::opencl::banner::write_generated_by;
use crate::opencl::literal::scalar_type;
use crate::opencl::signature::write_signature;
use crate::opencl::writer::Writer;
use fft_core::kernel::{
    FusedReal, KernelSpec, LanesSpec, LANES, LANES_ITEM_POINTS, LANES_STAGE_RADICES,
};
use std::fmt::{self, Write};

/// Writes the program after its constants: the stage functions, then the kernel.
pub(super) fn write_any_program<W: Write>(
    w: &mut Writer<W>,
    spec: &LanesSpec,
    graphs: &[(u32, Graph)],
) -> fmt::Result {
    for first in [true, false] {
        for (radix, graph) in graphs {
            writeln!(w)?;
            write_stage_function(w, spec, *radix, graph, first)?;
        }
    }
    writeln!(w)?;
    write_any_kernel(w, spec, graphs)
}

/// The comment block of the program.
pub(super) fn write_any_header<W: Write>(w: &mut Writer<W>, spec: &LanesSpec) -> fmt::Result {
    let t = types(spec.precision);
    writeln!(
        w,
        "// {}: whole transforms of any length L up to {} (an argument) on {} data for CPU devices,",
        spec.name(),
        LanesSpec::max_len(spec.precision),
        scalar_type(spec.precision)
    )?;
    writeln!(
        w,
        "// {LANES} transforms of the batch per work-item, one per SIMD lane ({} values).",
        t.lanes
    )?;
    write_generated_by(
        w,
        format_args!("lanes, any length, {}, {}", spec.direction, spec.precision),
    )?;
    writeln!(w, "//")?;
    writeln!(
        w,
        "// x, y and stage_tw (W_L^s, s < L) hold interleaved pairs. Launch 1-D over ceil(total / 8 / G)"
    )?;
    writeln!(
        w,
        "// work-items, work-groups of 1, G = max(1, {LANES_ITEM_POINTS} / L) groups of 8 transforms each. Lane l of a group"
    )?;
    writeln!(
        w,
        "// is transform min(8w + l, total - 1). Stages: radices[1 .. 1 + radices[0]], first to last, each"
    )?;
    writeln!(
        w,
        "// X = DFT_r(s[j + m * L/r] * W_{{r*stride}}^(ks*m)), d[(j - ks) * r + ks + q * stride] = X[q],"
    )?;
    writeln!(
        w,
        "// ks = j % stride, stride the product of the radices before (radices {}).",
        LANES_STAGE_RADICES.map(|r| r.to_string()).join(", ")
    )?;
    write_real_header(w, spec)
}

/// `lanes_first_R` (the first stage: stride 1, no twiddles) or `lanes_stage_R`.
fn write_stage_function<W: Write>(
    w: &mut Writer<W>,
    spec: &LanesSpec,
    r: u32,
    graph: &Graph,
    first: bool,
) -> fmt::Result {
    let t = types(spec.precision);
    let (lanes, scalar) = (t.lanes, t.scalar);
    let name = stage_function(r, first);
    writeln!(
        w,
        "// Radix-{r} stage{}.",
        if first {
            ", the first (stride 1, no twiddles)"
        } else {
            " at stride `stride`"
        }
    )?;
    writeln!(
        w,
        "static void {name}(const {lanes} *sre, const {lanes} *sim, {lanes} *dre, {lanes} *dim, const uint stride, const uint len, __global const {scalar} *restrict stage_tw)"
    )?;
    w.open_block()?;
    writeln!(w, "const uint count = len / {r}u;")?;
    let input = |m: u32| match m {
        0 => "j".to_string(),
        _ => format!("j + {m}u * count"),
    };
    if first {
        writeln!(w, "(void)stride;")?;
        writeln!(w, "(void)stage_tw;")?;
        writeln!(w, "for (uint j = 0; j < count; ++j) {{")?;
        w.indent();
        let output = |q: u32| match q {
            0 => format!("j * {r}u"),
            _ => format!("j * {r}u + {q}u"),
        };
        let io = StageIo {
            arrays: ["s", "d"],
            input: &input,
            twiddle: None,
            output: &output,
        };
        write_butterfly_step(w, spec.precision, r, graph, &io)?;
    } else {
        // W_{r*stride}^(ks*m) = W_L^(ks*m*step), step = L / (r * stride).
        writeln!(w, "const uint step = count / stride;")?;
        writeln!(w, "for (uint b = 0; b < count; b += stride)")?;
        writeln!(w, "for (uint ks = 0; ks < stride; ++ks) {{")?;
        w.indent();
        writeln!(w, "const uint j = b + ks;")?;
        writeln!(w, "const uint e = ks * step;")?;
        let twiddle = |m: u32| format!("{m}u * e");
        let output = |q: u32| match q {
            0 => format!("b * {r}u + ks"),
            _ => format!("b * {r}u + ks + {q}u * stride"),
        };
        let io = StageIo {
            arrays: ["s", "d"],
            input: &input,
            twiddle: Some(&twiddle),
            output: &output,
        };
        write_butterfly_step(w, spec.precision, r, graph, &io)?;
    }
    w.dedent();
    writeln!(w, "}}")?;
    w.close_block()
}

fn stage_function(r: u32, first: bool) -> String {
    if first {
        format!("lanes_first_{r}")
    } else {
        format!("lanes_stage_{r}")
    }
}

/// The kernel: load, the stages the table names, store.
fn write_any_kernel<W: Write>(
    w: &mut Writer<W>,
    spec: &LanesSpec,
    graphs: &[(u32, Graph)],
) -> fmt::Result {
    let t = types(spec.precision);
    let max = LanesSpec::max_len(spec.precision);
    let abi = KernelSpec::Lanes(*spec).abi();
    write_signature(
        w,
        "__kernel void ",
        &spec.name(),
        abi.args,
        t.scalar,
        t.scalar,
    )?;
    w.open_block()?;
    writeln!(
        w,
        "{} are[{max}], aim[{max}], bre[{max}], bim[{max}];",
        t.lanes
    )?;
    writeln!(w, "const uint G = max(1u, {LANES_ITEM_POINTS}u / len);")?;
    write_group_loop(w, "G")?;
    let rows = RealRows {
        len: "len",
        runs: "len / 8u",
        tail_from: Some("len & ~7u"),
    };
    if spec.real == Some(FusedReal::Merge) {
        write_merge_load(w, &t, &rows, ["bre", "bim"], ["are", "aim"])?;
        writeln!(w, "// The store's rows: len values, the 2 * len reals.")?;
        write_lane_rows(w, "row", "len")?;
    } else {
        write_lane_rows(w, "row", "len")?;
        write_transposed_load(w, &t, "len / 8u", "row", ["are", "aim"])?;
        write_tail_load(w, &t, ["len & ~7u", "len"], "row", ["are", "aim"])?;
    }
    writeln!(
        w,
        "{} *sre = are, *sim = aim, *dre = bre, *dim = bim;",
        t.lanes
    )?;
    writeln!(w, "uint stride = 1;")?;
    writeln!(w, "for (uint st = 0; st < radices[0]; ++st) {{")?;
    w.indent();
    writeln!(w, "const uint r = radices[1 + st];")?;
    for (first, condition) in [(true, "if (stride == 1) {"), (false, "} else {")] {
        writeln!(w, "{condition}")?;
        w.indent();
        writeln!(w, "switch (r) {{")?;
        for (radix, _) in graphs {
            writeln!(
                w,
                "case {radix}: {}(sre, sim, dre, dim, stride, len, stage_tw); break;",
                stage_function(*radix, first)
            )?;
        }
        writeln!(w, "}}")?;
        w.dedent();
    }
    writeln!(w, "}}")?;
    writeln!(w, "{} *swap_re = sre, *swap_im = sim;", t.lanes)?;
    writeln!(w, "sre = dre; sim = dim; dre = swap_re; dim = swap_im;")?;
    writeln!(w, "stride *= r;")?;
    w.dedent();
    writeln!(w, "}}")?;
    if spec.real == Some(FusedReal::Split) {
        write_split_store(w, &t, spec.precision, &rows, ["sre", "sim"], ["dre", "dim"])?;
    } else {
        write_transposed_store(w, &t, "len / 8u", "row", ["sre", "sim"])?;
        write_tail_store(w, ["len & ~7u", "len"], "row", ["sre", "sim"])?;
    }
    w.dedent();
    writeln!(w, "}}")?;
    w.close_block()
}

#[cfg(test)]
mod tests {
    use crate::emit;
    use fft_core::kernel::{KernelSpec, LanesShape, LanesSpec};
    use fft_core::{Direction, Precision};

    fn whole(len: u32, direction: Direction, precision: Precision) -> KernelSpec {
        KernelSpec::Lanes(LanesSpec {
            direction,
            precision,
            ..LanesSpec::new(len, LanesShape::Whole)
        })
    }

    #[test]
    fn every_length_that_is_no_power_of_two_shares_one_program_per_direction_and_precision() {
        let source = |spec: &KernelSpec| emit(spec).unwrap().source.into_owned();
        let f32_fwd = source(&whole(1000, Direction::Forward, Precision::F32));
        for len in [9, 300, 2187, 4095] {
            let spec = whole(len, Direction::Forward, Precision::F32);
            assert_eq!(spec.name(), "fft_lanes_any_fwd_f32_whole");
            assert_eq!(source(&spec), f32_fwd, "{len}");
        }
        let f64_inv = source(&whole(1000, Direction::Inverse, Precision::F64));
        assert_ne!(f64_inv, f32_fwd);
        assert!(
            f64_inv.contains("double8 are[2048]"),
            "f64 arrays hold 2048 values"
        );
        // Every radix the stages may take has both its functions, and the kernel calls them.
        for r in fft_core::kernel::LANES_STAGE_RADICES {
            for function in [format!("lanes_first_{r}("), format!("lanes_stage_{r}(")] {
                assert_eq!(f32_fwd.matches(&function).count(), 2, "{function}");
            }
        }
        // Powers of two keep a program of their own length.
        let pow2 = whole(1024, Direction::Forward, Precision::F32);
        assert_eq!(pow2.name(), "fft_lanes1024_fwd_f32_whole");
        assert!(!source(&pow2).contains("lanes_stage_"));
    }
}
