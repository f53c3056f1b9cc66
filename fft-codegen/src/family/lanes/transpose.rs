//! The 8 x 8 transpose in registers (`shuffle2`) that moves eight transforms' runs of
//! eight values into the lanes and back.

use super::Types;
use crate::opencl::writer::Writer;
use fft_core::kernel::LANES;
use std::fmt::{self, Write};

/// Writes an 8 x 8 transpose of the vectors `row(0..8)` (three rounds of interleaving rows
/// `j` and `j + 4`) and returns the names of the transposed rows.
pub(super) fn write_transpose<W: Write>(
    w: &mut Writer<W>,
    t: &Types,
    prefix: &str,
    row: impl Fn(usize) -> String,
) -> Result<Vec<String>, fmt::Error> {
    let low = format!("({})(0, 8, 1, 9, 2, 10, 3, 11)", t.mask8);
    let high = format!("({})(4, 12, 5, 13, 6, 14, 7, 15)", t.mask8);
    let mut rows: Vec<String> = (0..LANES as usize).map(row).collect();
    for round in 0..3 {
        let mut next = Vec::new();
        for j in 0..4 {
            let (a, b) = (&rows[j], &rows[j + 4]);
            let (even, odd) = (
                format!("{prefix}{round}_{}", 2 * j),
                format!("{prefix}{round}_{}", 2 * j + 1),
            );
            writeln!(w, "const {} {even} = shuffle2({a}, {b}, {low});", t.lanes)?;
            writeln!(w, "const {} {odd} = shuffle2({a}, {b}, {high});", t.lanes)?;
            next.push(even);
            next.push(odd);
        }
        rows = next;
    }
    Ok(rows)
}
