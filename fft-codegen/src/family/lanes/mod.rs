//! The lanes pass (docs/ARCHITECTURE.md, "Lanes passes for CPU devices") as OpenCL C: a Stockham pass for CPU devices in
//! which one work-item computes eight sub-FFTs, lane `l` of every `float8` value belonging to
//! sub-FFT `l`.
//!
//! The work-item loads its eight sub-FFTs into private arrays (`are`/`aim`, real and
//! imaginary parts apart), runs the sub-FFT's own Stockham stages there (radix 4, one radix 8
//! first for odd log2 L; the butterflies are the radix pass's, written out by components on
//! `float8` values), and stores the result. Global memory is read and written once, in runs
//! of eight complex values:
//! - whole transform (`_whole`): lane `l` is transform `8w + l` of the batch; each run of 8
//!   values of 8 transforms is transposed 8 x 8 in registers on the way in and out;
//! - first pass of several (`_p1`): the lanes are the neighbouring sub-FFTs `i .. i + 8`, so
//!   the loads are runs; the stores `y[base + i*L + q]` are transposed like the whole form's;
//! - later passes: loads and stores are runs (`k .. k + 8` at stride `p`); the pass twiddle
//!   of lane `l` is `W_{L*p}^(k*m) * W_{L*p}^(l*m)`, the first from the two-level table as
//!   in the fused passes, the second from `lane_tw`.
//!
//! Files: `header.rs` (the comment block), `load.rs`, `stages.rs`, `store.rs`,
//! `straddle.rs` (a later pass whose stride is not a multiple of 8: work-items whose eight
//! sub-FFTs are not neighbours, lane by lane), and `transpose.rs` (the 8 x 8 register
//! transpose of the whole form and the first pass).

use super::radix::kernel_butterfly;
use crate::math::ir::Graph;
use crate::opencl::banner::write_fp64_pragma;
use crate::opencl::signature::write_signature;
use crate::opencl::twiddle_helpers::write_real_constants;
use crate::opencl::writer::Writer;
use crate::spec::{CodegenError, OpCounts};
use fft_core::kernel::{KernelSpec, LanesShape, LanesSpec, RadixSpec, LANES_STAGE_RADICES};
use fft_core::Precision;
use std::fmt::{self, Write};

mod any;
mod header;
mod load;
mod paired;
mod paired_merge;
mod real;
mod stages;
mod store;
mod straddle;
mod transpose;

use any::{write_any_header, write_any_program};
use fft_core::kernel::{FusedReal, LANES};
use header::write_header;
use load::{write_lane_rows, write_part_load, write_whole_load};
use paired::{write_paired_load, write_paired_split_store};
use paired_merge::{write_paired_merge_load, write_paired_merge_store};
use real::{write_merge_load, write_split_store, RealRows};
use stages::write_stages;
use store::write_store;

/// Which entry point is being written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Entry {
    /// [`LanesShape::Whole`].
    Whole,
    /// The first pass of several (`_p1`).
    First,
    /// A later pass.
    Later,
}

/// Generates the program of a lanes pass.
pub(crate) fn emit_lanes(spec: &LanesSpec) -> Result<(String, OpCounts), CodegenError> {
    KernelSpec::Lanes(*spec).check()?;
    // A kernel whose length is an argument has a stage function for every radix.
    let radices = if spec.runtime_len() {
        LANES_STAGE_RADICES.to_vec()
    } else {
        spec.stage_radices()
    };
    let mut graphs = Vec::new();
    for radix in radices {
        let stage = RadixSpec {
            direction: spec.direction,
            precision: spec.precision,
            ..RadixSpec::new(radix)
        };
        graphs.push((radix, kernel_butterfly(&stage)?));
    }
    let mut writer = Writer::new(String::new());
    write_program(&mut writer, spec, &graphs)?;
    // Operations of the spec's own length: its stages' butterflies.
    let mut ops = OpCounts::default();
    for radix in spec.stage_radices() {
        let Some((_, graph)) = graphs.iter().find(|(r, _)| *r == radix) else {
            unreachable!("radix {radix} is one of LANES_STAGE_RADICES");
        };
        let each = graph.op_counts();
        let times = spec.len / radix;
        ops.complex_adds += each.complex_adds * times;
        ops.constant_muls += each.constant_muls * times;
        ops.trivial_rotations += each.trivial_rotations * times;
        ops.real_scales += each.real_scales * times;
    }
    Ok((writer.into_inner(), ops))
}

/// The types of one precision: scalar, eight lanes, sixteen (eight complex values).
struct Types {
    scalar: &'static str,
    lanes: &'static str,
    wide: &'static str,
    mask8: &'static str,
    mask16: &'static str,
}

fn types(precision: Precision) -> Types {
    match precision {
        Precision::F32 => Types {
            scalar: "float",
            lanes: "float8",
            wide: "float16",
            mask8: "uint8",
            mask16: "uint16",
        },
        Precision::F64 => Types {
            scalar: "double",
            lanes: "double8",
            wide: "double16",
            mask8: "ulong8",
            mask16: "ulong16",
        },
    }
}

/// Writes the program: header, pragmas, constants, then each entry point.
fn write_program<W: Write>(
    w: &mut Writer<W>,
    spec: &LanesSpec,
    graphs: &[(u32, Graph)],
) -> fmt::Result {
    if spec.runtime_len() {
        write_any_header(w, spec)?;
    } else {
        write_header(w, spec, graphs)?;
    }
    write_fp64_pragma(w, spec.precision)?;
    write_real_constants(w, graphs.iter().map(|(_, g)| g), spec.precision)?;
    if spec.runtime_len() {
        return write_any_program(w, spec, graphs);
    }
    let entries: &[Entry] = match (spec.shape, spec.real) {
        (LanesShape::Whole, _) => &[Entry::Whole],
        // The split's pass is only ever the last, the merge's the first.
        (LanesShape::Part, Some(FusedReal::Split)) => &[Entry::Later],
        (LanesShape::Part, Some(FusedReal::Merge)) => &[Entry::First],
        (LanesShape::Part, None) => &[Entry::First, Entry::Later],
    };
    for &entry in entries {
        writeln!(w)?;
        write_entry(w, spec, graphs, entry)?;
    }
    Ok(())
}

/// Opens the loop over the `groups` groups of eight transforms a whole-form work-item computes
/// one after the other, and returns past the batch (the caller closes the loop).
fn write_group_loop<W: Write>(w: &mut Writer<W>, groups: &str) -> fmt::Result {
    writeln!(
        w,
        "// {groups} groups of 8 transforms per work-item (short transforms: fewer, longer work-items)."
    )?;
    writeln!(w, "for (uint s = 0; s < {groups}; ++s) {{")?;
    w.indent();
    writeln!(w, "const uint w = {groups} * (uint)get_global_id(0) + s;")?;
    writeln!(w, "if (8u * w >= total)")?;
    writeln!(w, "    return;")
}

/// Writes one entry point: the private arrays, the load, the stages and the store.
fn write_entry<W: Write>(
    w: &mut Writer<W>,
    spec: &LanesSpec,
    graphs: &[(u32, Graph)],
    entry: Entry,
) -> fmt::Result {
    let t = types(spec.precision);
    let l = spec.len;
    let abi = KernelSpec::Lanes(*spec).abi();
    let suffix = if entry == Entry::First { "_p1" } else { "" };
    let name = format!("{}{suffix}", spec.name());
    write_signature(w, "__kernel void ", &name, abi.args, t.scalar, t.scalar)?;
    w.open_block()?;
    writeln!(w, "{} are[{l}], aim[{l}], bre[{l}], bim[{l}];", t.lanes)?;
    let groups = spec.groups_per_item();
    let looped = entry == Entry::Whole && groups > 1;
    if looped {
        write_group_loop(w, &format!("{groups}u"))?;
    } else {
        writeln!(w, "const uint w = (uint)get_global_id(0);")?;
    }
    let (len, runs) = (format!("{l}u"), format!("{}u", l / LANES));
    let rows = RealRows {
        len: &len,
        runs: &runs,
        tail_from: None,
    };
    match (entry, spec.real) {
        (Entry::Whole, Some(FusedReal::Merge)) => {
            write_merge_load(w, &t, &rows, ["bre", "bim"], ["are", "aim"])?;
            writeln!(w, "// The store's rows: {l} values, the 2 * {l} reals.")?;
            write_lane_rows(w, "row", &len)?;
        }
        (Entry::Whole, _) => write_whole_load(w, spec, &t)?,
        (Entry::Later, Some(FusedReal::Split)) => write_paired_load(w, spec, &t)?,
        (Entry::First, Some(FusedReal::Merge)) => write_paired_merge_load(w, spec, &t)?,
        (Entry::First | Entry::Later, _) => write_part_load(w, spec, &t, entry)?,
    }
    let last = write_stages(w, spec, graphs)?;
    if entry == Entry::Later && spec.real == Some(FusedReal::Split) {
        write_paired_split_store(w, spec, &t, last)?;
    } else if entry == Entry::First && spec.real == Some(FusedReal::Merge) {
        write_paired_merge_store(w, spec, &t, last)?;
    } else if spec.real == Some(FusedReal::Split) {
        let other = if last == "a" { "b" } else { "a" };
        let arrays = |p: &str| [format!("{p}re"), format!("{p}im")];
        let ([zre, zim], [xre, xim]) = (arrays(last), arrays(other));
        write_split_store(w, &t, spec.precision, &rows, [&zre, &zim], [&xre, &xim])?;
    } else {
        write_store(w, spec, &t, entry, last)?;
    }
    if looped {
        w.dedent();
        writeln!(w, "}}")?;
    }
    w.close_block()
}
