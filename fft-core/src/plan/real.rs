//! Real transforms' plans (DESIGN.md section 4.5): the complex plan of `N/2` (even N) or `N`
//! (odd N) points, with the real steps fused into its edge passes where a fused pass can
//! take them, and point-wise passes where not.

use super::real_any_stride::{split_at_any_stride, with_split_at_any_stride, AnyStrideTier};
use super::real_mixed_split::mixed_split_passes;
use super::real_three_pass::{merge_in_short_first_pass, split_in_third_pass};
use super::rules::{
    cpu_chooses_lanes, lanes_lengths_where, lanes_specs, passes_of_specs, LANES_MIN_TRANSFORM,
};
use super::{is_smooth, DeviceCaps, FusedSplit, Pass, Plan, PlanError, PlanRequest, Strategy};
use crate::kernel::{
    FusedReal, FusedSpec, KernelSpec, LanesShape, LanesSpec, LaunchParams, RealLayout, RealSpec,
    RealStep, LANES, LANES_MIN_LEN,
};
use crate::{Direction, Normalization, Precision};

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
    let inner_request = PlanRequest {
        len: complex_len,
        // A 1-D shape (`.shape(&[n])`) names the n reals, not the complex length.
        shape: None,
        normalization: Normalization::None,
        real: None,
        strategy: short_half_strategy(&request, complex_len, odd, caps),
        ..request
    };
    let inner = Plan::new(inner_request, caps)?;
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
    let mut passes = match request.direction {
        Direction::Forward if !odd => {
            let passes = edge_friendly_passes(inner.passes, inner_request, caps, FusedReal::Split);
            let passes = step_friendly_lanes(passes, inner_request, FusedReal::Split);
            let passes = mixed_split_passes(passes, inner_request, caps);
            let passes = short_split_pass(passes, inner_request, caps);
            split_in_third_pass(passes, inner_request, caps)
        }
        Direction::Inverse if !odd => {
            let passes = edge_friendly_passes(inner.passes, inner_request, caps, FusedReal::Merge);
            let passes = step_friendly_lanes(passes, inner_request, FusedReal::Merge);
            let passes = longer_wide_pass_first(passes, inner_request, caps);
            merge_in_short_first_pass(passes, inner_request, caps)
        }
        _ => inner.passes,
    };
    match request.direction {
        Direction::Forward => {
            if packed {
                passes.insert(0, point_wise(RealStep::Pack, 1.0));
            }
            let fused = !odd
                && passes.last_mut().is_some_and(|last| {
                    fuse(last, FusedReal::Split)
                        || split_at_any_stride(last, AnyStrideTier::LastResort)
                });
            match passes.last_mut() {
                Some(last) if fused => last.scale = scale,
                _ => passes.push(point_wise(RealStep::Split, scale)),
            }
        }
        Direction::Inverse => {
            let multi_pass = passes.len() > 1;
            let merged = passes
                .first()
                .filter(|_| !odd)
                .and_then(|first| with_step(first, FusedReal::Merge))
                .filter(|merged| !multi_pass || run_bytes(merged) >= MERGE_MIN_RUN_BYTES);
            let fused = merged.is_some();
            if let Some(merged) = merged {
                passes[0] = merged;
            }
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

/// The strategy of an even real transform's complex FFT: on CPU devices' automatic plans, a
/// half length from [`LANES_MIN_LEN`] up to the complex plans' [`LANES_MIN_TRANSFORM`] runs as
/// one lanes pass, which takes the step ([`fuse_lanes`]), instead of a global radix pass and
/// a point-wise step. On the 2-core CI machine (PoCL 3.1, 2^22 f32 reals per launch, two
/// rounds each) R2Cs of 16 .. 256 reals took 1.4-2.0 ms instead of 5.8-12.9, C2Rs 1.4-1.8
/// instead of 5.7-42.9 (docs/PERFORMANCE.md, 2026-12-01 (lanes real); halves from 32 points
/// are lanes passes of the complex plans since "(lanes short)"). The request's own strategy
/// otherwise.
fn short_half_strategy(
    request: &PlanRequest,
    complex_len: usize,
    odd: bool,
    caps: &DeviceCaps,
) -> Strategy {
    let short_half = !odd
        && cpu_chooses_lanes(request, caps)
        && is_smooth(complex_len)
        && (LANES_MIN_LEN as usize..LANES_MIN_TRANSFORM).contains(&complex_len);
    if short_half {
        Strategy::Lanes
    } else {
        request.strategy
    }
}

/// The passes of an even real transform's complex FFT with its step's edge in mind: the
/// planner's, or, where its two passes would not take the step well, the two-pass split of
/// the same power-of-two length that does, searched from the longest edge pass down. R2C:
/// the last pass takes the split ([`pairs_columns`]) and the first reads runs of whole
/// sectors ([`run_bytes`]); 2^19 reals run as 1024 x 256 points, the split in the 256-point
/// pass, instead of 256 x 1024 and a split pass (0.75 against 0.89 ms per 2^27 reals on the
/// H200). C2R, where the merge pass would read runs under [`MERGE_MIN_RUN_BYTES`]: the
/// first pass with the merge reads runs of whole sectors (2^22 reals as 512 x 4096 instead of
/// 2048 x 1024, whose merge pass reads runs of 2 values: 0.95 against 1.08 ms on the H200).
/// Not where the request names a split (measure mode) or the planner's passes are not two
/// fused ones. [`short_split_pass`] may then shorten an f32 R2C's last pass (2^19 reals run
/// as 2048 x 128, 2^20 as 4096 x 128).
fn edge_friendly_passes(
    passes: Vec<Pass>,
    inner: PlanRequest,
    caps: &DeviceCaps,
    step: FusedReal,
) -> Vec<Pass> {
    let takes_split = |passes: &[Pass]| with_step(&passes[1], FusedReal::Split).is_some();
    let merge_runs = |passes: &[Pass]| {
        with_step(&passes[0], FusedReal::Merge).map_or(0, |merged| run_bytes(&merged))
    };
    let good = |passes: &[Pass]| match step {
        FusedReal::Split => {
            takes_split(passes) && run_bytes(&passes[0]) >= PAIRED_SPLIT_MIN_RUN_BYTES
        }
        FusedReal::Merge => merge_runs(passes) >= PAIRED_SPLIT_MIN_RUN_BYTES,
    };
    let fused = all_fused(&passes);
    if inner.fused_split.is_some() || passes.len() != 2 || !fused {
        return passes;
    }
    let already = match step {
        FusedReal::Split => takes_split(&passes),
        FusedReal::Merge => merge_runs(&passes) >= MERGE_MIN_RUN_BYTES,
    };
    let Some(log2_len) = crate::bits::log2_exact(inner.len).filter(|_| !already) else {
        return passes;
    };
    (1..log2_len)
        .rev()
        .filter_map(|edge| match step {
            FusedReal::Split => FusedSplit::new(&[log2_len - edge, edge]),
            FusedReal::Merge => FusedSplit::new(&[edge, log2_len - edge]),
        })
        .filter_map(|split| split_plan(split, inner, caps))
        .find(|plan| good(&plan.passes))
        .map_or(passes, |plan| plan.passes)
}

/// The plan of `inner` with the fused `split`, where it comes out as one pass per part of
/// the split (no point-wise pass added).
pub(super) fn split_plan(split: FusedSplit, inner: PlanRequest, caps: &DeviceCaps) -> Option<Plan> {
    let parts = split.log2s().len();
    let request = PlanRequest {
        fused_split: Some(split),
        ..inner
    };
    Plan::new(request, caps)
        .ok()
        .filter(|plan| plan.passes.len() == parts)
}

/// Whether every pass is a fused pass (the rules that re-split a real transform's complex
/// passes apply only to those).
pub(super) fn all_fused(passes: &[Pass]) -> bool {
    passes
        .iter()
        .all(|pass| matches!(pass.spec, KernelSpec::Fused(_)))
}

/// The last passes an f32 R2C of two fused passes gives the split, in the order tried, each
/// `(last, longest first)`: the first whose first pass (`N/2 / last` points) is at most its
/// bound takes it. A last pass with the split pairs its columns with their mirrors, and the
/// shorter it is, the more columns a work-group holds and the longer its runs. Measured
/// (docs/PERFORMANCE.md, 2026-11-27 (split order), o5/o6, per 2^27 reals, H200 and H100,
/// ms): 65536 reals as 512 x 64 0.645 and 0.797 against the planner's 256 x 128 0.672 and
/// 0.916; 131072 as 1024 x 64 0.640 and 0.795 against 256 x 256 0.749 and 1.018; 2^18 as
/// 2048 x 64 0.711 and 0.804 against 512 x 256 0.753 and 1.011; 2^19 as 2048 x 128 0.753
/// and 0.923 against 1024 x 256 0.750 and 1.002. Since each slot of the split writes its own
/// outputs (fft-codegen's `split.rs`, `own_side`; 2026-11-29 (own side), z2, H200): 65536
/// reals as 1024 x 32 0.593 against 512 x 64 0.615, 2^20 as 4096 x 128 0.784 against
/// 2048 x 256 0.814-0.841 (2^19 as 4096 x 64 0.763 against 2048 x 128 0.701).
const SHORT_SPLITS: [(u32, usize); 4] = [(32, 1024), (64, 2048), (128, 2048), (128, 4096)];

/// The longest first pass whose runs [`short_split_pass`] checks: a first pass of 4096
/// points holds 4 columns (runs of 32 bytes), which its candidate was measured with.
const SHORT_SPLIT_CHECKED_FIRST_MAX: usize = 2048;

/// An f32 R2C's two fused passes with the first of [`SHORT_SPLITS`] that fits taking the
/// split, where its first pass reads runs of whole sectors (up to
/// [`SHORT_SPLIT_CHECKED_FIRST_MAX`] points); the planner's passes otherwise, and where the
/// request names a split (measure mode).
fn short_split_pass(passes: Vec<Pass>, inner: PlanRequest, caps: &DeviceCaps) -> Vec<Pass> {
    let fused = all_fused(&passes);
    let chosen = SHORT_SPLITS.into_iter().find(|&(last, first_max)| {
        let first = inner.len / last as usize;
        (last as usize..=first_max).contains(&first)
    });
    let applies = inner.precision == Precision::F32
        && inner.fused_split.is_none()
        && passes.len() == 2
        && fused
        && inner.len.is_power_of_two();
    let Some((last, _)) = chosen.filter(|_| applies) else {
        return passes;
    };
    let first_len = inner.len / last as usize;
    FusedSplit::new(&[first_len.trailing_zeros(), last.trailing_zeros()])
        .and_then(|split| split_plan(split, inner, caps))
        .filter(|plan| {
            with_step(&plan.passes[1], FusedReal::Split).is_some()
                && (first_len > SHORT_SPLIT_CHECKED_FIRST_MAX
                    || run_bytes(&plan.passes[0]) >= PAIRED_SPLIT_MIN_RUN_BYTES)
        })
        .map_or(passes, |plan| plan.passes)
}

/// A C2R's two fused passes with the longer first where that one takes the merge in a wide
/// pass: a wide merge pass costs about the same at 2048 and 4096 points (it reads every value
/// twice), while the plain last pass is cheaper the shorter it is, so the merge rides in the
/// longer pass. Measured (docs/PERFORMANCE.md, 2026-11-27 (split order), per 2^27 f32
/// reals): 2^24 reals as 4096 x 2048 against the planner's 2048 x 4096 took 1.065 against
/// 1.110 ms on the H200 (o2) and 1.161 against 1.225 on the H100 (o3); 2^23 reals keep their
/// 4096 x 1024 (H200: 0.96 ms; 2048 x 2048 1.03, 1024 x 4096 1.07). Not where the request
/// names a split (measure mode).
fn longer_wide_pass_first(passes: Vec<Pass>, inner: PlanRequest, caps: &DeviceCaps) -> Vec<Pass> {
    let fused_len = |pass: &Pass| match pass.spec {
        KernelSpec::Fused(spec) => Some(spec.len),
        _ => None,
    };
    let lengths: Option<Vec<u32>> = passes.iter().map(fused_len).collect();
    let Some(&[first, last]) = lengths.as_deref() else {
        return passes;
    };
    if inner.fused_split.is_some() || first >= last {
        return passes;
    }
    let reversed = FusedSplit::new(&[last.trailing_zeros(), first.trailing_zeros()])
        .filter(|_| first.is_power_of_two() && last.is_power_of_two())
        .and_then(|split| split_plan(split, inner, caps))
        .filter(|plan| {
            with_step(&plan.passes[0], FusedReal::Merge).is_some_and(|merged| {
                matches!(merged.spec, KernelSpec::Fused(spec) if spec.is_wide())
                    && run_bytes(&merged) >= MERGE_MIN_RUN_BYTES
            })
        });
    reversed.map_or(passes, |plan| plan.passes)
}

/// The bytes of the runs a fused pass's `C` columns read and write on their strided side
/// (`C` times a complex value; a lanes pass of several with a real step: 4 values), 0 for
/// other passes. The 4096-point f32 first pass (4
/// columns, 32 bytes) of 2^21 reals as 4096 x 256 took 0.95 ms per 2^27 reals on the H200
/// against 0.91 for the planner's two passes and the split pass, so a split-friendly first
/// pass needs [`PAIRED_SPLIT_MIN_RUN_BYTES`].
pub(super) fn run_bytes(pass: &Pass) -> usize {
    match pass.spec {
        KernelSpec::Fused(spec) => column_run_bytes(&spec),
        // A lanes pass of several with a real step reads or writes runs of 4 values (its
        // lanes pair four columns with their mirrors; `fuse_lanes`).
        KernelSpec::Lanes(spec) if spec.real.is_some() && spec.shape == LanesShape::Part => {
            4 * spec.precision.complex_bytes()
        }
        _ => 0,
    }
}

/// `C` times a complex value: the bytes a fused pass's columns cover side by side.
pub(super) fn column_run_bytes(spec: &FusedSpec) -> usize {
    spec.columns() as usize * spec.precision.complex_bytes()
}

/// `pass` with `step` fused in, or `None` where it cannot take the step ([`fuse`]).
pub(super) fn with_step(pass: &Pass, step: FusedReal) -> Option<Pass> {
    let mut stepped = pass.clone();
    fuse(&mut stepped, step).then_some(stepped)
}

/// `pass`, the last of a mixed split's candidate passes (`real_mixed_split.rs`), with the
/// split step in as many columns as divide its stride ([`fewer_split_columns`]) in either
/// precision, or `None`.
pub(super) fn with_split_in_dividing_columns(pass: &Pass) -> Option<Pass> {
    let mut stepped = pass.clone();
    fuse_with(&mut stepped, FusedReal::Split, FewerColumns::Always).then_some(stepped)
}

/// Where [`fuse`] gives a last pass fewer split columns than it holds so that they divide
/// its stride ([`fewer_split_columns`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum FewerColumns {
    /// Wherever they pair.
    Always,
    /// In f32; in f64 only where the pass's own columns pair at no stride
    /// ([`with_split_at_any_stride`], up to [`AnyStrideTier::InLocalMemory`]): measured on
    /// the H200 (docs/PERFORMANCE.md, 2026-12-01 (f64 rules), b2, per 2^26 reals, ms; at any
    /// stride -> fewer columns dividing it), 12544 reals 0.729 -> 0.686 (64 points in 14
    /// columns, not 26), but 38400 0.832 -> 0.874 (128 in 10, not 16) and 33280 0.739 ->
    /// 0.770 (10, not 12); b1: 44100 0.927 -> 0.928, 2095632 1.149 -> 1.140.
    UnlessPairedAtAnyStrideInF64,
}

/// Puts `step` into `pass` when it is a plain fused pass that can take it, and says whether
/// it did. The merge fits any first pass (it reads both values of each pair from global
/// memory). The split needs both values of each pair in one work-group: a single pass
/// (stride 1), or a last pass whose work-groups can take columns in mirrored pairs (an even
/// number C of columns dividing the stride).
///
/// The step changes the kernel's shape (a pass with an edge other than the merge is never
/// wide, so it holds fewer columns: 4096 points go from 4 to 1; the merge keeps f32 passes
/// of 1024 points to 4 columns, `FusedSpec::is_wide`), so the pairing is checked on the spec with the step,
/// and the launch is computed again from it: the launch of the plain pass would not match the
/// kernel's work-group size (NVIDIA: `CL_INVALID_WORK_GROUP_SIZE`).
fn fuse(pass: &mut Pass, step: FusedReal) -> bool {
    fuse_with(pass, step, FewerColumns::UnlessPairedAtAnyStrideInF64)
}

/// [`fuse`], with fewer split columns where `fewer` says.
fn fuse_with(pass: &mut Pass, step: FusedReal, fewer: FewerColumns) -> bool {
    if let KernelSpec::Lanes(lanes) = pass.spec {
        return fuse_lanes(pass, lanes, step);
    }
    let KernelSpec::Fused(plain) = pass.spec else {
        return false;
    };
    if plain.chirp.is_some() || plain.direction != step.direction() {
        return false;
    }
    let mut fused = FusedSpec {
        real: Some(step),
        ..plain
    };
    // The whole transform in one pass says so where that changes the kernel
    // (`FusedSpec::as_single_pass`): the planner's mixed passes do not, and as the whole
    // transform their split pairs each value with its mirror from registers rather than
    // through a loop over the pairs in local memory (1000 reals: 500 points as [10, 10, 5];
    // 2000 reals, 1000 as [10, 10, 10], element by element).
    if pass.params.stride == 1 && pass.params.padded == fused.len as usize {
        fused = fused.as_single_pass();
    }
    // Not every pass has a form with the step: a mixed pass exchanging halves takes a split
    // only as the whole transform in one part with a dividing last radix (8580 reals, 4290
    // points, has none), a merge or an f64 step only with a small first radix
    // (`FusedSpec::edge_first_radix_cap`).
    if fused.check().is_err() {
        return false;
    }
    if step == FusedReal::Split && !pairs_columns(&fused, pass.params.stride) {
        let keeps_its_columns = fewer == FewerColumns::UnlessPairedAtAnyStrideInF64
            && plain.precision == Precision::F64
            && with_split_at_any_stride(pass, AnyStrideTier::InLocalMemory).is_some();
        if keeps_its_columns {
            return false;
        }
        match fewer_split_columns(fused, pass.params.stride) {
            Some(fewer) => fused = fewer,
            None => return false,
        }
    }
    pass.spec = KernelSpec::Fused(fused);
    pass.relaunch();
    true
}

/// The largest sequence (bytes of the N/2 complex values) whose last lanes pass of several
/// takes the split with its columns paired. On the 2-core machine (PoCL 3.1, 2^22 reals per
/// launch; docs/PERFORMANCE.md "2026-12-01 (lanes paired)", two rounds) the paired pass
/// replaced the last pass and the point-wise split at 1.3-1.6x their speed up to 192000
/// bytes (8320, 20000 and 48000 f32 reals, 8192 f64); measured again in eight rounds
/// ("2026-12-02 (lanes merge)", `split.txt`) the whole R2C gained at 256 and 512 KiB (f32
/// 65536 reals 11.4 -> 8.2 ms on average, 131072 11.7 -> 8.3; f64 65536 5.9 -> 6.3 here but
/// 6.7 -> 5.0 in the first two rounds) and lost at 1 MiB (f32 262144 10.9 -> 12.0, f64
/// 131072 6.0 -> 8.1). On the lent machine's 16-core CPU (PoCL 5.0) it gained at every size
/// up to 4 MiB (1.1-1.4x). Its loads are half cache lines at the stride of the pass, whose
/// other halves the neighbouring work-item reads.
const PAIRED_SPLIT_MAX_BYTES: usize = 512 * 1024;

/// The largest sequence (bytes of the N/2 complex values) whose first lanes pass of several
/// takes the merge with its columns paired. On the 2-core machine (PoCL 3.1, 2^22 reals per
/// launch, four rounds in two runs; docs/PERFORMANCE.md "2026-12-02 (lanes merge)") the
/// paired first pass replaced the point-wise merge and the first pass at 1.1-2x their speed
/// up to 1 MiB (f32 9216 .. 262144 reals, f64 9216 .. 131072) but for 32768 f32 reals
/// (7.7 ms before, 8.2 after, its merged pass at 3 or 6 ms from run to run), and tied at
/// 4 MiB (2^20 reals: 13.2 against 13.6 ms); on the lent machine's 16-core CPU (PoCL 5.0)
/// every shape up to 1 MiB gained 1.3-2.6x.
const PAIRED_MERGE_MAX_BYTES: usize = 1 << 20;

/// A CPU real transform's lanes passes of several, or, where the edge pass that would take
/// `step` cannot pair its columns with their mirrors, lanes passes of other lengths in as
/// many passes whose edge pass can (`rules::lanes_lengths_where`, the same order as the
/// complex plan's lengths). C2R: the first pass's sub-FFTs per sequence (the later passes'
/// length) must be a multiple of 8, so every length is one (8320 reals: 4160 as 104 x 40,
/// not 64 x 65). R2C: the last pass's stride must be a multiple of 16 (the earlier lengths
/// multiples of 8, their product of 16: 9152 reals, 4576 as 32 x 143, not 88 x 52).
/// Measured on the 2-core machine and the lent machine's 16-core CPU (docs/PERFORMANCE.md
/// "2026-12-02 (lanes merge)").
fn step_friendly_lanes(passes: Vec<Pass>, inner: PlanRequest, step: FusedReal) -> Vec<Pass> {
    let all_lanes_parts = passes.len() > 1
        && passes.iter().all(
            |pass| matches!(pass.spec, KernelSpec::Lanes(lanes) if lanes.shape == LanesShape::Part),
        );
    let pairs = |passes: &[Pass]| {
        let edge = match step {
            FusedReal::Merge => passes.first(),
            FusedReal::Split => passes.last(),
        };
        edge.is_some_and(|pass| with_step(pass, step).is_some())
    };
    let Some(KernelSpec::Lanes(first)) = passes.first().map(|pass| pass.spec) else {
        return passes;
    };
    if !all_lanes_parts || pairs(&passes) {
        return passes;
    }
    let len = inner.len;
    let keep = |lengths: &[u32]| match (step, lengths.split_last()) {
        (FusedReal::Merge, _) => lengths.iter().all(|l| l % LANES == 0),
        (FusedReal::Split, Some((&last, earlier))) => {
            earlier.iter().all(|l| l % LANES == 0) && (len / last as usize) % 16 == 0
        }
        (FusedReal::Split, None) => false,
    };
    let count = passes.len() as u32;
    let Some(lengths) = lanes_lengths_where(len, inner.precision, count, keep) else {
        return passes;
    };
    let specs = lanes_specs(lengths, inner.direction, inner.precision, first.lengths);
    let candidate = passes_of_specs(specs, &inner, len, 1.0);
    if pairs(&candidate) {
        candidate
    } else {
        passes
    }
}

/// Puts `step` into a CPU plan's lanes pass that is the whole transform (each lane holds a
/// whole sequence, so every mirrored pair is in one work-item: `LanesSpec::real`), the
/// split into the last lanes pass of several whose stride is a multiple of 16 (its lanes
/// then pair four columns with their mirrors) up to [`PAIRED_SPLIT_MAX_BYTES`], or the merge
/// into the first lanes pass of several whose sub-FFTs per sequence are a multiple of 8 (the
/// same pairing over them) up to [`PAIRED_MERGE_MAX_BYTES`], and says whether it did. On the
/// 2-core CI
/// machine (PoCL 3.1) the point-wise split of 1024 x 4096 reals took 2.7 ms beside the
/// 2.8 ms of the lanes FFT; the pass with the split 2.4 ms (docs/PERFORMANCE.md, 2026-12-01
/// (lanes real); the paired last pass: "(lanes paired)").
fn fuse_lanes(pass: &mut Pass, plain: LanesSpec, step: FusedReal) -> bool {
    let stepped = LanesSpec {
        real: Some(step),
        ..plain
    };
    // A pass of several pairs columns c and p - c (the merge's first pass: c and t - c) in
    // its lanes: p a multiple of 16 (t of 8), and sequences whose values stay in the caches
    // while the pass reads each column's half run.
    let bytes = pass.params.padded * plain.precision.complex_bytes();
    let columns = pass.params.padded / plain.len as usize;
    let pairs = match (plain.shape, step) {
        (LanesShape::Whole, _) => true,
        (LanesShape::Part, FusedReal::Split) => {
            pass.params.stride % 16 == 0 && bytes <= PAIRED_SPLIT_MAX_BYTES
        }
        (LanesShape::Part, FusedReal::Merge) => {
            pass.params.stride == 1 && columns % 8 == 0 && bytes <= PAIRED_MERGE_MAX_BYTES
        }
    };
    if plain.real.is_some() || !pairs || stepped.check().is_err() {
        return false;
    }
    pass.spec = KernelSpec::Lanes(stepped);
    // The split's pass of several has one entry, the later passes', the merge's the first's.
    pass.entry = 0;
    pass.relaunch();
    true
}

/// `spec`, a last pass with the split whose columns do not pair at `stride`, with the most
/// even columns below its own that do ([`FusedSpec::split_columns`]): a mixed pass whose
/// natural columns do not divide its stride (100000 reals as 400 x 125 points: 20 columns
/// of 125 points, not 32), where the runs stay long enough (docs/PERFORMANCE.md, 2026-12-01
/// (mixed split)); in f64 where [`FewerColumns`] says.
fn fewer_split_columns(spec: FusedSpec, stride: usize) -> Option<FusedSpec> {
    (2..spec.columns())
        .rev()
        .filter(|columns| columns % 2 == 0)
        .map(|columns| FusedSpec {
            split_columns: columns,
            ..spec
        })
        .find(|fewer| fewer.check().is_ok() && pairs_columns(fewer, stride))
}

/// The shortest run of consecutive bytes a multi-pass last pass with the split step may
/// access. Its work-groups hold `C / 2` columns and their `C / 2` mirrors, so every global
/// access runs over `C / 2` consecutive values: with 4 or 8 f32 columns (runs of 16 and 32
/// bytes: the 1024- and 512-point last passes) the pass took 2.5-3.8 copies on the H100 and
/// H200, more than the plain pass (whose wide form holds 8 columns) and the point-wise split
/// in pairs (one copy) together; with 16 (64 bytes) it took fewer.
pub const PAIRED_SPLIT_MIN_RUN_BYTES: usize = 64;

/// The shortest run of consecutive bytes the first pass of a multi-pass C2R may read with the
/// merge in it, below which the C2R takes a two-pass split whose merge pass reads runs of
/// [`PAIRED_SPLIT_MIN_RUN_BYTES`] or, where none exists, the point-wise merge in pairs before
/// plain passes. Measured on the H200 (docs/PERFORMANCE.md, 2026-11-27 (split), s4): merge
/// passes of 2 and 1 f32 columns (runs of 16 and 8 bytes) took 0.72-0.77 and 1.25 ms per
/// 2^27 reals, so 2^22..2^25 reals went from 1.08-1.80 to 0.95-1.25 ms; with 4 columns (1024
/// points) it took 0.49 ms, and moving 2^21 reals to 512 x 2048 to avoid it took 0.889 against
/// 0.849 ms. Since the merge rides in wide passes of 2048 and 4096 f32 points (8 and 4
/// columns), the f32 first passes all read runs of 32 bytes or more.
const MERGE_MIN_RUN_BYTES: usize = 32;

/// The largest stride of a last pass that takes the split step in mirrored column pairs of
/// [`PAIRED_SPLIT_MIN_RUN_BYTES`]; above it they need [`PAIRED_SPLIT_FAR_MIN_RUN_BYTES`]. On
/// the H200 the 256-point pass with the split (runs of 64 bytes) took 0.458 ms per 2^27
/// reals as the second pass (strides 256 and 512) but 0.819 ms as the third pass of 2^26
/// reals (stride 2^17), more than the plain pass and the point-wise split (0.323 + 0.270).
pub const PAIRED_SPLIT_MAX_STRIDE: usize = 4096;

/// The shortest runs of a last pass with the split step above [`PAIRED_SPLIT_MAX_STRIDE`].
/// On the H200 (docs/PERFORMANCE.md, 2026-11-29, x1 and x2, per 2^27 reals) the 128-point
/// pass with the split (runs of 128 bytes) took 0.444 ms at stride 2^16 against 0.285 +
/// 0.270 for the plain pass and the point-wise split, the 64-point pass (256 bytes) 0.35-0.40
/// at strides 2^14 to 2^20.
pub const PAIRED_SPLIT_FAR_MIN_RUN_BYTES: usize = 128;

/// Whether the last pass of stride `stride` takes the split step in mirrored column pairs:
/// one pass, or `C` even, dividing the stride, runs of `C / 2` values of at least
/// [`PAIRED_SPLIT_MIN_RUN_BYTES`], or [`PAIRED_SPLIT_FAR_MIN_RUN_BYTES`] at a stride above
/// [`PAIRED_SPLIT_MAX_STRIDE`].
pub fn pairs_columns(spec: &FusedSpec, stride: usize) -> bool {
    let columns = spec.columns() as usize;
    let run_bytes = column_run_bytes(spec) / 2;
    let min_run_bytes = paired_min_run_bytes(stride, PAIRED_SPLIT_MIN_RUN_BYTES);
    stride == 1 || (columns % 2 == 0 && stride % columns == 0 && run_bytes >= min_run_bytes)
}

/// The shortest runs (bytes of `C / 2` values) a last pass pairing its split's columns at
/// `stride` may read and write: `near` up to [`PAIRED_SPLIT_MAX_STRIDE`],
/// [`PAIRED_SPLIT_FAR_MIN_RUN_BYTES`] above it.
pub(super) fn paired_min_run_bytes(stride: usize, near: usize) -> usize {
    if stride <= PAIRED_SPLIT_MAX_STRIDE {
        near
    } else {
        PAIRED_SPLIT_FAR_MIN_RUN_BYTES
    }
}
