//! An R2C's half spectrum in its work buffers: rows of `N/2 + 1` values padded to a pitch
//! whose rows start on 32-byte sectors ([`MIN_RUN_BYTES`]).
//!
//! The interleaved pass along the axis before the real one reads and writes runs of `C`
//! neighbouring columns at `v * (N/2 + 1) + ci`; with an odd row length those runs start off
//! the sectors, and the pass took 1.8x its time on aligned rows. A run starts on a sector
//! only where both the row pitch and the work-group's first column are multiples of a
//! sector, so the padding columns are transformed with the rest (about 1 % more work for
//! rows of 257). Measured on the H100 (docs/PERFORMANCE.md, 2026-11-27 (pitch)):
//!
//! - the 512-point interleaved pass over `512 x 512 x 257` values 0.712 ms, over
//!   `512 x 512 x 260` 0.399 ms;
//! - keeping compact columns in padded rows (runs still off the sectors) gained nothing,
//!   nor did the first column pass reading compact rows and writing padded ones (0.72 ms);
//! - rows written with gaps cost the split pass 6 to 20 % (a sector written in part is
//!   read first), so the split writes zeros in the padding;
//! - the last pass, along the first axis, reads the padded rows through `(ci / width) *
//!   pitch + ci % width` and writes compact rows on sectors: 0.447 ms against 0.470.
//!
//! 512^3 reals went from 1.556 to 1.222 ms (cuFFT 1.327), 256^3 x 8 from 1.325 to 1.175.
//! An image's only column pass is the axis before the real one, and a C2R's first complex
//! pass reads the caller's compact rows: both stay compact (the C2R with padded rows took
//! 2.02 ms for 512^3 against 1.60; an image's column pass reading padded columns and
//! writing the caller's odd rows gained 1 % at 1024^2 x128 and lost 24 % at 4096^2 x8).

use super::{Pass, MAX_TOTAL_POINTS, MIN_RUN_BYTES};
use crate::kernel::{FusedReal, KernelSpec, RowPitch};
use crate::Precision;

/// Complex values per 32-byte sector.
fn per_sector(precision: Precision) -> usize {
    MIN_RUN_BYTES / precision.complex_bytes()
}

/// The row pitch for rows of `width` values: `width` rounded up to whole sectors.
pub(super) fn padded_pitch(width: usize, precision: Precision) -> usize {
    width.div_ceil(per_sector(precision)) * per_sector(precision)
}

/// The pitch at which an R2C keeps its half spectrum of rows of `width` values in the work
/// buffers, or `None` where compact rows serve as well: rows on sectors already, or padding
/// that would add more than an eighth (rows of 2 f32 values would double the buffers, for
/// runs too short to matter).
pub(super) fn work_pitch(width: usize, precision: Precision) -> Option<usize> {
    let pitch = padded_pitch(width, precision);
    (pitch != width && (pitch - width) * 8 <= width).then_some(pitch)
}

/// Makes an R2C keep its half spectrum (`shape`) at `pitch` between its passes: the real
/// pass's split (the last of `real`) writes the padded rows, zeros in the padding; the
/// complex passes `axes`, planned over the padded array (the padding columns transformed
/// with the rest, so every run of columns starts on a sector), read and write them, but for
/// the last, which reads them and writes the caller's compact rows. Returns `false`
/// (passes unchanged) where the split is not fused into the real pass, a complex pass is
/// not an interleaved fused pass, there are fewer than two (no work buffer between them),
/// the last one's runs would not start on sectors in the compact array (it is the axis
/// before the real one: no gain), or the padded array would pass the kernels' 32-bit
/// indices.
pub(super) fn pad_half_rows(
    real: &mut [Pass],
    axes: &mut [Pass],
    shape: HalfSpectrum,
    pitch: usize,
) -> bool {
    let HalfSpectrum {
        rows,
        width,
        batch,
        precision,
    } = shape;
    let (Some(edge), [.., last]) = (real.last_mut(), &mut *axes) else {
        return false;
    };
    let fused_split =
        matches!(&edge.spec, KernelSpec::Fused(f) if f.real == Some(FusedReal::Split));
    let compact_inner = last.params.inner / pitch * width;
    let fits = (rows * pitch)
        .checked_mul(batch)
        .is_some_and(|n| n <= MAX_TOTAL_POINTS);
    let interleaved = axes
        .iter()
        .all(|p| matches!(&p.spec, KernelSpec::Fused(f) if f.interleaved));
    if !fused_split
        || axes.len() < 2
        || !interleaved
        || !fits
        || compact_inner % per_sector(precision) != 0
    {
        return false;
    }
    set_pitch(edge, width, 0, pitch);
    if let Some(last) = axes.last_mut() {
        last.params.inner = compact_inner;
        set_pitch(last, width, pitch, width);
    }
    true
}

/// A real transform's half spectrum: `rows` rows of `width` values per transform.
#[derive(Clone, Copy, Debug)]
pub(super) struct HalfSpectrum {
    /// Rows per transform.
    pub rows: usize,
    /// Values per row: `N/2 + 1`.
    pub width: usize,
    /// Transforms.
    pub batch: usize,
    /// Their precision.
    pub precision: Precision,
}

fn set_pitch(pass: &mut Pass, width: usize, input: usize, output: usize) {
    if let KernelSpec::Fused(fused) = &mut pass.spec {
        fused.pitched = true;
        // A pitched row's sequences are not side by side in one block.
        fused.side_by_side = 0;
        fused.side_by_side_in_runs = false;
    }
    pass.params.pitch = RowPitch {
        width,
        input,
        output,
    };
    pass.relaunch();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::{DeviceCaps, Plan, PlanRequest, Shape};
    use crate::Direction;

    fn real_plan(dims: &[usize], direction: Direction, precision: Precision) -> Plan {
        let shape = Shape::new(dims, None).unwrap();
        let request = PlanRequest {
            len: shape.len(),
            shape: Some(shape),
            real: Some(Default::default()),
            direction,
            precision,
            ..PlanRequest::new(1)
        };
        Plan::new(request, &DeviceCaps::NVIDIA_GPU).unwrap()
    }

    /// (width, input pitch, output pitch) of every pass, zeros for one that is not pitched.
    fn pitches(plan: &Plan) -> Vec<(usize, usize, usize)> {
        plan.passes
            .iter()
            .map(|p| {
                let pitched = matches!(&p.spec, KernelSpec::Fused(f) if f.pitched);
                let RowPitch {
                    width,
                    input,
                    output,
                } = p.params.pitch;
                assert_eq!(pitched, width > 0, "{}", p.entry_point());
                (width, input, output)
            })
            .collect()
    }

    #[test]
    fn pitches_round_up_to_whole_sectors() {
        assert_eq!(padded_pitch(257, Precision::F32), 260);
        assert_eq!(padded_pitch(256, Precision::F32), 256);
        assert_eq!(padded_pitch(2049, Precision::F64), 2050);
        assert_eq!(padded_pitch(5, Precision::F32), 8);
        assert_eq!(padded_pitch(1, Precision::F64), 2);
        // Rows of 9 f32 values would grow by a third: compact.
        let small = real_plan(&[8, 8, 16], Direction::Forward, Precision::F32);
        assert!(pitches(&small).iter().all(|&p| p == (0, 0, 0)));
    }

    #[test]
    fn volumes_keep_padded_rows_between_the_split_and_the_last_pass() {
        // 512^3 reals: rows of 257 values, 260 in the work buffers; axis 1's pass runs over
        // the padded array (inner 260, no pitch of its own), axis 0's reads the padded rows
        // and writes the caller's compact ones.
        let r2c = real_plan(&[512, 512, 512], Direction::Forward, Precision::F32);
        assert_eq!(pitches(&r2c), [(257, 0, 260), (0, 0, 0), (257, 260, 257)]);
        let inner: Vec<usize> = r2c.passes.iter().map(|p| p.params.inner).collect();
        assert_eq!(inner, [1, 260, 512 * 257]);
        assert_eq!(r2c.work_len(), 512 * 512 * 260);
        let words = r2c.explain();
        assert!(
            words.contains("rows of 512 reals <-> 257 complex values per row"),
            "{words}"
        );
        assert!(
            words.contains("writes rows of 257 values padded to 260 with zeros"),
            "{words}"
        );
        assert!(words.contains("rows of 257 values padded to 260 (whole 32-byte sectors) and writes them 257 apart"), "{words}");
        // f64 rows of 257 values: pitch 258 (16-byte values, two per sector).
        let f64_plan = real_plan(&[256, 256, 512], Direction::Forward, Precision::F64);
        assert_eq!(f64_plan.passes[0].params.pitch.output, 258);
    }

    #[test]
    fn where_padding_gains_nothing_rows_stay_compact() {
        let compact = |dims: &[usize], direction: Direction| {
            let plan = real_plan(dims, direction, Precision::F32);
            pitches(&plan).iter().all(|&p| p == (0, 0, 0))
        };
        // The C2R (its complex passes read the caller's rows first).
        assert!(compact(&[512, 512, 512], Direction::Inverse));
        // Images: the last complex pass is the axis before the real one, whose compact
        // rows of 513 (2049) values it must write off the sectors anyway.
        assert!(compact(&[1024, 1024], Direction::Forward));
        assert!(compact(&[4096, 4096], Direction::Forward));
        // Rows of 256 values start on sectors already.
        assert!(compact(&[64, 64, 510], Direction::Forward));
        // f64 rows of 2^22 reals: the split is a point-wise pass of its own (GPU caps).
        let f64_plan = real_plan(&[4, 4, 1 << 22], Direction::Forward, Precision::F64);
        assert!(pitches(&f64_plan).iter().all(|&p| p == (0, 0, 0)));
    }
}
