//! Rows in pairs (DESIGN.md section 4.6): a multi-dimensional transform whose axis before
//! the last has `2M` points, where that axis would take two interleaved passes and `M`
//! points one, takes the axis's first radix-2 step in the rows' pass
//! ([`FusedSpec::pair_rows`]): row `2n + h` of each block of `2M` rows becomes the sum
//! (`h = 0`) or the difference times `W_2M^n` (`h = 1`) of rows `n` and `n + M`, transformed
//! along the row. The axis's remaining `M`-point transforms then run over rows `2n + h`, `n`
//! the point, as one interleaved pass of `2L` columns (`h * L + c`), whose output row
//! `2j + h` is the axis's point `2j + h` in place: two passes over memory instead of three,
//! where the rows' pass keeps its cost ([`whole_row_pass`]).

use super::{Pass, PlanError};
use crate::kernel::{FusedSpec, KernelSpec};

/// The passes of axis `axis` of `dims` (`2M` points, whose interleaved plan over the rows'
/// `L` columns took two passes or more) as rows in pairs, where they apply: `passes` holds
/// exactly the last axis's pass, one whole row per work-group (marked
/// [`FusedSpec::pair_rows`] here), and `interleaved(len, inner)`, which plans an axis of `len`
/// points over `inner` columns, gives `M` points over `2L` one pass. `None` leaves `passes`
/// as they were.
pub(super) fn paired_rows(
    dims: &[usize],
    axis: usize,
    passes: &mut [Pass],
    interleaved: impl Fn(usize, usize) -> Result<Option<Vec<Pass>>, PlanError>,
) -> Result<Option<Vec<Pass>>, PlanError> {
    let Some(&row_len) = dims.last() else {
        return Ok(None);
    };
    let len = dims[axis];
    let half = len / 2;
    let [row_pass] = passes else {
        return Ok(None);
    };
    let applies = axis + 2 == dims.len()
        && len.is_power_of_two()
        && half >= 2
        && whole_row_pass(row_pass, row_len);
    if !applies {
        return Ok(None);
    }
    let Some(columns) = interleaved(half, 2 * row_len)?.filter(|passes| passes.len() == 1) else {
        return Ok(None);
    };
    let KernelSpec::Fused(plain) = row_pass.spec else {
        return Ok(None);
    };
    let paired = FusedSpec {
        pair_rows: true,
        ..plain
    };
    if paired.check().is_err() {
        return Ok(None);
    }
    row_pass.spec = KernelSpec::Fused(paired);
    row_pass.params.pair_rows = half;
    row_pass.relaunch();
    Ok(Some(columns))
}

/// Whether `pass` is a plain fused pass over whole rows of `row_len` points, one per
/// work-group, whose stages exchange complex values: the pass a pair of rows can ride on.
/// Measured on the H200 (docs/PERFORMANCE.md, 2026-11-30 (pairs), d2, ms): rows of 4096
/// points (the one-pass register kernel) gained, 8192,4096 x4 1.628 -> 1.535 (cuFFT 1.724),
/// 2,8192,4096 x2 2.165 -> 2.067 (cuFFT 2.366); rows of 8192 (whose stages exchange halves)
/// lost, 8192,8192 0.866-0.871 -> 0.896-0.898 (cuFFT 0.910): their pass went from 0.308 to
/// 0.457 ms (168 -> 225 registers, both rows of each pair read), more than the two column
/// passes it saves (0.559 -> 0.437). In f64 rows of 2048 under 4096-point columns gained
/// (d4): 4096,2048 x8 1.605 -> 1.515 ms (cuFFT 1.623), 2,4096,2048 x4 2.113 -> 2.020.
fn whole_row_pass(pass: &Pass, row_len: usize) -> bool {
    match pass.spec {
        KernelSpec::Fused(fused) => {
            fused.columns() == 1
                && !fused.exchanges_halves()
                && fused.len as usize == row_len
                && pass.params.stride == 1
                && pass.params.inner == 1
                && pass.params.padded == row_len
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::kernel::{FusedSpec, KernelSpec, SpecError, Storage};
    use crate::plan::{DeviceCaps, Layout, Plan, PlanRequest, Shape};
    use crate::{Direction, Precision};

    fn plan(dims: &[usize], batch: usize, request: PlanRequest) -> Plan {
        let shape = Shape::new(dims, None).unwrap();
        let request = PlanRequest {
            len: shape.len(),
            batch,
            shape: Some(shape),
            ..request
        };
        Plan::new(request, &DeviceCaps::NVIDIA_GPU).unwrap()
    }

    fn entries(plan: &Plan) -> Vec<String> {
        plan.passes
            .iter()
            .map(|p| p.entry_point().to_string())
            .collect()
    }

    #[test]
    fn columns_of_8192_over_whole_rows_take_their_first_radix_2_step_in_the_rows_pass() {
        for (dims, batch, direction, precision, row_entry) in [
            (
                &[8192, 4096][..],
                3,
                Direction::Inverse,
                Precision::F32,
                "fft_fused4096_c1_inv_f32_whole_pairs",
            ),
            (
                &[2, 8192, 4096],
                1,
                Direction::Forward,
                Precision::F32,
                "fft_fused4096_c1_fwd_f32_whole_pairs",
            ),
            // f64: 4096-point columns (two passes of 64) over rows of 2048.
            (
                &[4096, 2048],
                2,
                Direction::Forward,
                Precision::F64,
                "fft_fused2048_c1_fwd_f64_whole_pairs",
            ),
        ] {
            let request = PlanRequest {
                direction,
                precision,
                ..PlanRequest::new(1)
            };
            let p = plan(dims, batch, request);
            let rows = dims[dims.len() - 1];
            let axis = dims[dims.len() - 2];
            let before: usize = dims[..dims.len() - 2].iter().product();
            assert_eq!(entries(&p)[0], row_entry, "{dims:?}");
            assert_eq!(p.passes[0].params.pair_rows, axis / 2, "{dims:?}");
            assert_eq!(p.passes[0].params.batch, axis * before * batch, "{dims:?}");
            // The column axis's other points: one interleaved pass over 2L columns, then the
            // outer axis (if any) on its own.
            let columns = &p.passes[1];
            assert_eq!(columns.params.len, axis / 2, "{dims:?}");
            assert_eq!(columns.params.inner, 2 * rows, "{dims:?}");
            assert_eq!(columns.params.batch, before * batch, "{dims:?}");
            assert!(p.takes_rows_in_pairs());
            let words = format!("rows n and n + {}", axis / 2);
            assert!(p.explain().contains(&words), "{}", p.explain());
        }
        // Two passes over memory where the columns took two of their own.
        assert_eq!(plan(&[8192, 4096], 1, PlanRequest::new(1)).passes.len(), 2);
    }

    #[test]
    fn rows_in_pairs_only_where_the_column_axis_saves_a_pass_and_the_layouts_fold() {
        // 4096-point columns are one pass already; 16384 = 2 x 8192 would still take two;
        // rows of 8192 exchange halves (measured slower), as do f64 rows of 4096; f32 rows
        // of 2048 hold two per work-group; the axis before the last only; the caller's
        // layouts fold into the plain passes instead.
        let f64_request = PlanRequest {
            precision: Precision::F64,
            ..PlanRequest::new(1)
        };
        let planar = PlanRequest {
            input: Layout::planar(),
            ..PlanRequest::new(1)
        };
        let planar_out = PlanRequest {
            output: Layout::planar(),
            ..PlanRequest::new(1)
        };
        for (dims, request) in [
            (&[4096, 8192][..], PlanRequest::new(1)),
            (&[16384, 8192], PlanRequest::new(1)),
            (&[8192, 8192], PlanRequest::new(1)),
            (&[8192, 2048], PlanRequest::new(1)),
            (&[8192, 4096], f64_request),
            (&[8192, 2, 4096], PlanRequest::new(1)),
            (&[8192, 4096], planar),
            (&[8192, 4096], planar_out),
        ] {
            let p = plan(dims, 1, request);
            assert!(!p.takes_rows_in_pairs(), "{dims:?}: {:?}", entries(&p));
        }
        // A layout that is C order itself keeps the pairs (nothing to fold).
        let c_order = PlanRequest {
            input: Layout::strided(&[4096, 1], 8192 * 4096),
            ..PlanRequest::new(1)
        };
        assert!(plan(&[8192, 4096], 1, c_order).takes_rows_in_pairs());
        // With a layout, 8192 x 4096 keeps its three passes and folds the layout into them.
        let p = plan(&[8192, 4096], 1, planar);
        assert_eq!(entries(&p)[0], "fft_fused4096_c1_fwd_f32_whole_in_planar");
        assert_eq!(p.passes.len(), 3);
    }

    #[test]
    fn rows_in_pairs_are_a_plain_whole_row_pass_of_one_sub_fft() {
        let paired = FusedSpec {
            pair_rows: true,
            ..FusedSpec::new(8192)
        };
        assert_eq!(paired.check(), Ok(()));
        assert_eq!(
            KernelSpec::Fused(paired).name(),
            "fft_fused8192_c1_fwd_f32_pairs"
        );
        for refused in [
            FusedSpec {
                load: Some(Storage::Planar),
                ..paired
            },
            FusedSpec {
                interleaved: true,
                ..paired
            },
            // 256 points: 16 sub-FFTs per work-group.
            FusedSpec { len: 256, ..paired },
        ] {
            assert_eq!(refused.check(), Err(SpecError::PairRows), "{refused:?}");
        }
        let names: Vec<&str> = KernelSpec::Fused(paired)
            .abi()
            .args
            .iter()
            .map(|a| a.name)
            .collect();
        assert_eq!(names[names.len() - 2..], ["pair_tw", "pair_m"]);
    }
}
