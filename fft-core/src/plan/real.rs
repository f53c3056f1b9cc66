//! Real transforms' plans (DESIGN.md section 4.5): the complex plan of `N/2` (even N) or `N`
//! (odd N) points, with the real steps fused into its edge passes where a fused pass can
//! take them, and point-wise passes where not.

use super::{DeviceCaps, Pass, Plan, PlanError, PlanRequest};
use crate::kernel::{
    FusedReal, FusedSpec, KernelSpec, LaunchParams, RealLayout, RealSpec, RealStep,
};
use crate::{Direction, Normalization};

/// Plans a real transform of `request.len` reals per row: R2C when `request.direction` is
/// forward, C2R when inverse (`request.len >= 1` and `batch >= 1` are checked by the caller).
///
/// Even N, R2C: the N/2-point complex FFT reads the reals as complex pairs in place (compact
/// rows; padded rows are packed first), and its last pass stores the split step when it is a
/// fused pass that can pair mirrored columns, else a point-wise split pass follows. C2R: the
/// merge step in the first fused pass's load (else a point-wise merge pass first), the
/// inverse FFT's last pass writing the reals as pairs (compact rows; padded rows are unpacked
/// by a last pass). Odd N: the N-point complex FFT between a pack and a split step (R2C) or a
/// merge (Hermitian extension) and an unpack step (C2R).
pub(super) fn real_plan(
    request: PlanRequest,
    layout: RealLayout,
    caps: &DeviceCaps,
) -> Result<Plan, PlanError> {
    let len = request.len;
    let odd = len % 2 == 1;
    let complex_len = if odd { len } else { len / 2 };
    let inner = Plan::new(
        PlanRequest {
            len: complex_len,
            // A 1-D shape (`.shape(&[n])`) names the n reals, not the complex length.
            shape: None,
            normalization: Normalization::None,
            real: None,
            ..request
        },
        caps,
    )?;
    let scale = request.normalization.scale(len, request.direction);
    let point_wise = |step: RealStep, scale: f64| {
        let spec = KernelSpec::Real(RealSpec {
            step,
            odd,
            precision: request.precision,
        });
        let params = LaunchParams {
            padded: complex_len,
            real_dist: layout.row_distance(len),
            ..LaunchParams::stockham(len, request.batch, 1)
        };
        Pass {
            spec,
            entry: 0,
            launch: spec.abi().entries[0].geometry.launch(&spec, &params),
            params,
            scale,
        }
    };
    let packed = odd || layout == RealLayout::Padded;
    let mut passes = inner.passes;
    match request.direction {
        Direction::Forward => {
            if packed {
                passes.insert(0, point_wise(RealStep::Pack, 1.0));
            }
            let fused = !odd
                && passes
                    .last_mut()
                    .is_some_and(|last| fuse(last, FusedReal::Split));
            match passes.last_mut() {
                Some(last) if fused => last.scale = scale,
                _ => passes.push(point_wise(RealStep::Split, scale)),
            }
        }
        Direction::Inverse => {
            let fused = !odd
                && passes
                    .first_mut()
                    .is_some_and(|first| fuse(first, FusedReal::Merge));
            if !fused {
                passes.insert(0, point_wise(RealStep::Merge, 1.0));
            }
            if packed {
                passes.push(point_wise(RealStep::Unpack, scale));
            } else if let Some(last) = passes.last_mut() {
                last.scale = scale;
            }
        }
    }
    Ok(Plan {
        request,
        algorithm: inner.algorithm,
        passes,
        scale,
        complex_len,
    })
}

/// Puts `step` into `pass` when it is a plain fused pass that can take it, and says whether
/// it did. The merge fits any first pass (it reads both values of each pair from global
/// memory). The split needs both values of each pair in one work-group: a single pass
/// (stride 1), or a last pass whose work-groups can take columns in mirrored pairs (an even
/// number C of columns dividing the stride).
///
/// The step changes the kernel's shape (a pass with an edge is never wide, so it holds fewer
/// columns: 4096 points go from 4 to 1), so the pairing is checked on the spec with the step,
/// and the launch is computed again from it: the launch of the plain pass would not match the
/// kernel's work-group size (NVIDIA: `CL_INVALID_WORK_GROUP_SIZE`).
fn fuse(pass: &mut Pass, step: FusedReal) -> bool {
    let KernelSpec::Fused(plain) = pass.spec else {
        return false;
    };
    if plain.chirp.is_some() || plain.direction != step.direction() {
        return false;
    }
    let fused = FusedSpec {
        real: Some(step),
        ..plain
    };
    // A split needs both values of a pair in local memory: not where a mixed pass's stages
    // exchange halves (5000 points in one register pass), whose spec does not exist.
    if fused.check().is_err() {
        return false;
    }
    if step == FusedReal::Split && !pairs_columns(&fused, pass.params.stride) {
        return false;
    }
    pass.spec = KernelSpec::Fused(fused);
    pass.relaunch();
    true
}

/// Whether the last pass of stride `stride` can hold mirrored column pairs: one pass, or
/// `C` even and dividing the stride.
pub fn pairs_columns(spec: &FusedSpec, stride: usize) -> bool {
    let columns = spec.columns() as usize;
    stride == 1 || (columns % 2 == 0 && stride % columns == 0)
}
