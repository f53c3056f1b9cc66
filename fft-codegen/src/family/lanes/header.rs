//! The comment block at the top of a lanes-pass program: the mapping, the launch and the
//! pass twiddles of each entry point.

use super::real::write_real_header;
use super::types;
use crate::math::ir::Graph;
use crate::opencl::banner::write_generated_by;
use crate::opencl::literal::scalar_type;
use crate::opencl::writer::Writer;
use fft_core::kernel::{FusedReal, LanesShape, LanesSpec, Lengths, PassTable, LANES};
use std::fmt::{self, Write};

/// Writes the comment block of `spec`, whose stages run the butterflies `graphs`.
pub(super) fn write_header<W: Write>(
    w: &mut Writer<W>,
    spec: &LanesSpec,
    graphs: &[(u32, Graph)],
) -> fmt::Result {
    let name = spec.name();
    let radices: Vec<String> = graphs.iter().map(|(r, _)| r.to_string()).collect();
    let l = spec.len;
    writeln!(
        w,
        "// {name}: a Stockham pass of {l}-point sub-FFTs on {} data for CPU devices, {LANES} sub-FFTs per work-item, one per SIMD lane.",
        scalar_type(spec.precision)
    )?;
    write_generated_by(
        w,
        format_args!(
            "lanes {l}, {}, {}, {}",
            spec.direction,
            spec.precision,
            match spec.shape {
                LanesShape::Whole => "whole transform",
                LanesShape::Part => "pass of several",
            }
        ),
    )?;
    writeln!(w, "//")?;
    writeln!(
        w,
        "// x, y and the tables hold interleaved pairs (complex element e at [2e], [2e + 1]). Launch 1-D over"
    )?;
    writeln!(
        w,
        "// ceil(total / 8) work-items, work-groups of 1. Inside, stages of radix {} on private arrays of",
        radices.join(", ")
    )?;
    writeln!(
        w,
        "// {l} {} values (real and imaginary parts apart), lane l of every value in sub-FFT l.",
        types(spec.precision).lanes
    )?;
    match spec.shape {
        LanesShape::Whole => {
            writeln!(
                w,
                "// Whole transform (t = p = 1): lane l is transform min(8w + l, total - 1) of the batch; runs of 8"
            )?;
            writeln!(
                w,
                "// values of the 8 transforms are transposed 8 x 8 in registers as they are loaded and stored."
            )?;
            write_real_header(w, spec)?;
        }
        LanesShape::Part => {
            writeln!(
                w,
                "// Sub-FFT g = 8w + l: i = g % t, base = (g - i) * {l}, k = i % p ({}); W_L = exp(-2*pi*i/L);",
                match spec.lengths {
                    Lengths::PowerOfTwo => "t and p powers of two: masks",
                    Lengths::Any => "any t and p",
                }
            )?;
            writeln!(
                w,
                "// X = DFT{l}(x[base + i + m * t] * W_{{{l}p}}^(k*m)), y[base + (i - k) * {l} + k + q * p] = X[q] * scale."
            )?;
            writeln!(
                w,
                "// {name}_p1 (p = 1{}) stores each lane's run of 8 outputs after an 8 x 8 transpose; {name} ({})",
                match spec.lengths {
                    Lengths::PowerOfTwo => "",
                    Lengths::Any => "; lanes past the last sub-FFT repeat it, lanes straddling two transforms load one by one",
                },
                if spec.straddles {
                    "p > 1, no multiple of 8"
                } else {
                    "t, p multiples of 8"
                }
            )?;
            match spec.table {
                PassTable::OneLevel if spec.straddles => writeln!(
                    w,
                    "// multiplies by pass_tw[m * p + k0 + l] = W_{{{l}p}}^((k0 + l)*m) (k0 the first lane's k; a table by m),"
                )?,
                PassTable::OneLevel => writeln!(
                    w,
                    "// multiplies by pass_tw[((k0 / 8) * {l} + m) * 8 + l] = W_{{{l}p}}^((k0 + l)*m) (k0 the first lane's k),"
                )?,
                PassTable::TwoLevel => {
                    writeln!(
                        w,
                        "// multiplies by W_{{{l}p}}^(k0*m) = hi[e >> h] * lo[e & (2^h - 1)] (e = k0 * m, k0 the first lane's k)"
                    )?;
                    writeln!(w, "// times lane_tw[8m + l] = W_{{{l}p}}^(l*m),")?;
                }
            }
            if spec.straddles {
                writeln!(
                    w,
                    "// and its loads and stores are runs of 8; p here is no multiple of 8, so where k .. k + 8 passes a multiple of p"
                )?;
                writeln!(
                    w,
                    "// (or the batch ends) each lane l, sub-FFT min(8w + l, total - 1), loads, twiddles and stores on its own."
                )?;
            } else {
                writeln!(w, "// and its loads and stores are runs of 8.")?;
            }
            match spec.real {
                Some(FusedReal::Split) => {
                    writeln!(
                        w,
                        "// This program is the last pass of an R2C with the split in its store: {name} alone, whose lanes"
                    )?;
                    writeln!(
                        w,
                        "// are columns 4g .. 4g + 3 and their mirrors p - 4g - 3 .. p - 4g (work-item g of a sequence),"
                    )?;
                    writeln!(
                        w,
                        "// rows of p * {l} + 1 values out, W_N^n = real_hi[n >> rh] * real_lo[n & (2^rh - 1)] (N = 2 p {l})."
                    )?;
                }
                Some(FusedReal::Merge) => {
                    writeln!(
                        w,
                        "// This program is the first pass of a C2R with the merge in its load: {name}_p1 alone, whose lanes"
                    )?;
                    writeln!(
                        w,
                        "// are columns 4g .. 4g + 3 and their mirrors t - 4g - 3 .. t - 4g (work-item g of a sequence),"
                    )?;
                    writeln!(
                        w,
                        "// rows of t * {l} + 1 values in, W_N^n = real_hi[n >> rh] * real_lo[n & (2^rh - 1)] (N = 2 t {l})."
                    )?;
                }
                None => {}
            }
        }
    }
    Ok(())
}
