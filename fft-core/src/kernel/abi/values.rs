//! What the runtime computes from a kernel's ABI for one pass: its launch
//! ([`Geometry::launch`]), the values of its tables ([`TableKind::values`]) and of its
//! integer arguments ([`UintArg::value`]).

use super::{Geometry, LaunchParams, LaunchShape, TableKind, UintArg, GUARDED_GROUP};
use crate::kernel::chirp::{chirp, chirp_filter, ChirpStep};
use crate::kernel::fused::FusedSpec;
use crate::kernel::lanes::{LanesShape, LanesSpec, LANES};
use crate::kernel::layout::{IoLayout, LayoutStep};
use crate::kernel::rader::rader_filter;
use crate::kernel::real::{half_spectrum_len, RealStep};
use crate::kernel::spec::{KernelSpec, Twiddles};
use crate::kernel::tables::{pass_twiddles, split_exponent, split_twiddles, stage_twiddles};
use crate::{unit_root, Complex64, Direction};

impl Geometry {
    /// The launch of `spec`'s entry point with this geometry for a pass with `params`.
    pub fn launch(&self, spec: &KernelSpec, params: &LaunchParams) -> LaunchShape {
        let per_sequence = params.padded / spec.points() as usize;
        let total = per_sequence * params.batch;
        let (global, local) = match (self, spec) {
            (Geometry::PerButterfly, _) => (vec![total], None),
            (Geometry::PerButterflyByBatch, _) => (vec![per_sequence, params.batch], None),
            (Geometry::PerButterflyByStride, _) => {
                (vec![params.stride, total / params.stride.max(1)], None)
            }
            (Geometry::WorkGroups, KernelSpec::Fused(fused)) => {
                let group = fused.work_group_size() as usize;
                let groups = match fused.paired_split_columns() {
                    // A sequence's ceil(t/2) front columns, C/2 per work-group (fft-codegen's
                    // `roles.rs`, `bind_paired_columns`); t / C where C divides t.
                    Some(half) if per_sequence > 1 => {
                        per_sequence.div_ceil(2).div_ceil(half as usize) * params.batch
                    }
                    _ => (total * params.inner).div_ceil(fused.columns() as usize),
                };
                (vec![groups * group], Some(vec![group]))
            }
            (Geometry::GuardedRows, _) => {
                let row = UintArg::RowItems.value(spec, params);
                (
                    vec![
                        row.div_ceil(GUARDED_GROUP).max(1) * GUARDED_GROUP,
                        params.batch,
                    ],
                    Some(vec![GUARDED_GROUP, 1]),
                )
            }
            (Geometry::Guarded, _) => {
                let active = UintArg::Active.value(spec, params);
                (
                    vec![active.div_ceil(GUARDED_GROUP).max(1) * GUARDED_GROUP],
                    Some(vec![GUARDED_GROUP]),
                )
            }
            // A family without work-group shape: one work-group of one work-item per unit.
            (Geometry::WorkGroups, _) => (vec![total], Some(vec![1])),
            // Work-groups of one: PoCL then runs each work-item as a call of its own (with 4
            // per group, 32-point transforms took 7.6 ms instead of 3.5 on the 2-core machine).
            (Geometry::Lanes, KernelSpec::Lanes(lanes)) => {
                let groups = lanes.groups_per_item() as usize;
                (
                    vec![total.div_ceil(LANES as usize).div_ceil(groups)],
                    Some(vec![1]),
                )
            }
            (Geometry::Lanes, _) => (vec![total.div_ceil(LANES as usize)], Some(vec![1])),
        };
        LaunchShape { global, local }
    }
}

impl TableKind {
    /// The table's values, exact in f64 (the runtime rounds each once to the precision).
    pub fn values(&self, spec: &KernelSpec, params: &LaunchParams) -> Vec<Complex64> {
        let direction = spec.direction();
        let span = u64::from(spec.points()) * params.stride as u64;
        // Bluestein's tables follow the user's direction, not the inner FFT's.
        let outer = spec.chirp_direction();
        let one = || vec![Complex64::new(1.0, 0.0)];
        match self {
            TableKind::PassTwiddles if spec.twiddles() == Twiddles::Table => {
                pass_twiddles(spec.points(), params.stride, direction)
            }
            TableKind::PassTwiddles => one(),
            TableKind::StageTwiddles => match spec {
                KernelSpec::Fused(fused) => fused.stage_table(),
                _ => stage_twiddles(spec.points(), direction),
            },
            TableKind::FourStepHi | TableKind::FourStepLo if params.stride <= 1 => one(),
            TableKind::FourStepHi => split_twiddles(span, direction).hi,
            TableKind::FourStepLo => split_twiddles(span, direction).lo,
            TableKind::LaneTwiddles | TableKind::LanePassTwiddles if params.stride <= 1 => one(),
            TableKind::LanePassTwiddles => match spec {
                KernelSpec::Lanes(LanesSpec {
                    straddles: true, ..
                }) => pass_twiddles_by_m(spec.points(), params.stride, direction),
                _ => lane_pass_twiddles(spec.points(), params.stride, direction),
            },
            TableKind::LaneTwiddles => lane_twiddles(spec.points(), params.stride, direction),
            TableKind::Chirp => chirp(params.len, outer),
            TableKind::ChirpFilter => chirp_filter(params.len, params.padded, outer),
            TableKind::RaderFilter => rader_filter(params.len, outer),
            TableKind::RealHi | TableKind::RealLo => match real_len(spec, params) {
                // One pass: the whole table W_N^k, k <= N/2, read directly (h = 0).
                Some(len) if single_level(spec, params) && self == &TableKind::RealHi => (0..=len
                    / 2)
                    .map(|k| unit_root(k as i64, len, Direction::Forward))
                    .collect(),
                Some(_) if single_level(spec, params) => one(),
                Some(len) if self == &TableKind::RealHi => {
                    split_twiddles(len, Direction::Forward).hi
                }
                Some(len) => split_twiddles(len, Direction::Forward).lo,
                None => one(),
            },
            TableKind::PairTwiddles if params.pair_rows == 0 => one(),
            TableKind::PairTwiddles => (0..params.pair_rows)
                .map(|n| unit_root(n as i64, 2 * params.pair_rows as u64, direction))
                .collect(),
        }
    }
}

/// [`TableKind::LaneTwiddles`] of a pass of `len` points at stride `stride`.
fn lane_twiddles(len: u32, stride: usize, direction: Direction) -> Vec<Complex64> {
    let span = len as usize * stride;
    (0..len as usize)
        .flat_map(|m| {
            (0..LANES as usize).map(move |l| unit_root((l * m) as i64, span as u64, direction))
        })
        .collect()
}

/// [`TableKind::LanePassTwiddles`] of a pass of `len` points at stride `stride`.
fn lane_pass_twiddles(len: u32, stride: usize, direction: Direction) -> Vec<Complex64> {
    let (len, lanes) = (len as usize, LANES as usize);
    let span = (len * stride) as u64;
    let mut table = Vec::with_capacity(len * stride);
    for k in (0..stride).step_by(lanes) {
        for m in 0..len {
            table.extend((k..k + lanes).map(|lane| unit_root((lane * m) as i64, span, direction)));
        }
    }
    table
}

/// [`TableKind::LanePassTwiddles`] of a [straddling](LanesSpec::straddles) pass of `len`
/// points at stride `stride`: entry `m * stride + k` = `W_{len*stride}^(k*m)`, so the eight
/// lanes' values at any `k` are neighbours.
fn pass_twiddles_by_m(len: u32, stride: usize, direction: Direction) -> Vec<Complex64> {
    let span = (len as usize * stride) as u64;
    (0..len as usize)
        .flat_map(|m| (0..stride).map(move |k| unit_root((k * m) as i64, span, direction)))
        .collect()
}

/// The real length N whose twiddles `W_N^k` a real step reads, if it reads any: the point-wise
/// split and merge of an even N (`len` = N), a fused or lanes pass with a real edge (N = 2 * its
/// sequences' length).
fn real_len(spec: &KernelSpec, params: &LaunchParams) -> Option<u64> {
    match spec {
        KernelSpec::Real(real) if real.has_twiddles() => Some(params.len as u64),
        KernelSpec::Fused(FusedSpec { real: Some(_), .. })
        | KernelSpec::Lanes(LanesSpec { real: Some(_), .. }) => Some(2 * params.padded as u64),
        _ => None,
    }
}

/// Whether a fused pass with a real edge is a whole transform (one pass: `t = p = 1`), or a
/// whole lanes pass with a real step: its real twiddle table is then one level,
/// `W_N^k` for `k <= N/2`, read as `real_hi[k]`.
fn single_level(spec: &KernelSpec, params: &LaunchParams) -> bool {
    match spec {
        KernelSpec::Fused(FusedSpec { real: Some(_), .. }) => {
            params.padded == spec.points() as usize
        }
        KernelSpec::Lanes(LanesSpec {
            real: Some(_),
            shape,
            ..
        }) => *shape == LanesShape::Whole,
        _ => false,
    }
}

/// The caller's layout a layout pass moves: the output's for a store, else the input's.
fn side<'a>(spec: &KernelSpec, params: &'a LaunchParams) -> &'a IoLayout {
    match spec {
        KernelSpec::Layout(layout) if layout.step == LayoutStep::Store => &params.io_out,
        _ => &params.io,
    }
}

impl UintArg {
    /// The argument's value for `spec` in a pass with `params`.
    pub fn value(&self, spec: &KernelSpec, params: &LaunchParams) -> usize {
        let per_sequence = params.padded / spec.points() as usize;
        match self {
            UintArg::Stride => params.stride,
            UintArg::PerSequence => per_sequence,
            UintArg::Total => per_sequence * params.batch,
            UintArg::FourStepShift if params.stride <= 1 => 0,
            UintArg::FourStepShift => {
                split_exponent(u64::from(spec.points()) * params.stride as u64) as usize
            }
            UintArg::Len => params.len,
            UintArg::Points => spec.points() as usize,
            UintArg::PaddedLen => params.padded,
            UintArg::Active => match spec {
                KernelSpec::Chirp(chirp) if chirp.step == ChirpStep::Unpad => {
                    params.len * params.batch
                }
                KernelSpec::Chirp(_) | KernelSpec::Rader(_) => params.padded * params.batch,
                KernelSpec::Real(_) => UintArg::RowItems.value(spec, params) * params.batch,
                KernelSpec::Permute(_) => params.len * params.batch * params.inner,
                KernelSpec::Layout(_) => params.len * params.batch,
                _ => per_sequence * params.batch,
            },
            UintArg::RealShift => {
                real_len(spec, params).map_or(0, |len| split_exponent(len) as usize)
            }
            UintArg::RealDistance => params.real_dist,
            UintArg::Inner => params.inner,
            UintArg::LayoutDim(d) => side(spec, params).dims[usize::from(*d)],
            UintArg::LayoutStride(d) => side(spec, params).strides[usize::from(*d)],
            UintArg::LayoutDistance => side(spec, params).distance,
            UintArg::InStride => params.io.strides[2],
            UintArg::InDistance => params.io.distance,
            UintArg::OutStride => params.io_out.strides[2],
            UintArg::OutDistance => params.io_out.distance,
            UintArg::RowWidth => params.pitch.width,
            UintArg::InPitch => params.pitch.input,
            UintArg::OutPitch => params.pitch.output,
            UintArg::PairRows => params.pair_rows,
            UintArg::RowItems => match spec {
                KernelSpec::Real(real) if real.step == RealStep::Split => {
                    real.row_items(params.len, half_spectrum_len(params.len))
                }
                KernelSpec::Real(real) => real.row_items(params.len, params.padded),
                _ => params.padded,
            },
        }
    }
}
