//! Plans whose input or output lies in the caller's own layout ([`super::Layout`]): the plan of
//! the contiguous transform, with a layout pass before it (the caller's input into C order)
//! and after it (C order into the caller's output) where a side is not contiguous
//! interleaved. A real transform's layouts are in reals on its real side (R2C input, C2R
//! output) and in complex values of the half spectrum on the other, as `cufftPlanMany`'s.

use super::{DeviceCaps, Layout, Plan, PlanError, PlanRequest, Resolved};
use crate::kernel::{
    half_spectrum_len, FusedSpec, IoLayout, KernelSpec, LaunchParams, LayoutSpec, LayoutStep,
    LayoutValues, RealLayout, Storage,
};
use crate::Direction;

/// The plan of `request`, one of whose layouts is not the default.
pub(super) fn layout_plan(request: PlanRequest, caps: &DeviceCaps) -> Result<Plan, PlanError> {
    match request.real {
        Some(RealLayout::Padded) => return Err(PlanError::LayoutWithPaddedRows),
        Some(_) if request.input.is_planar() || request.output.is_planar() => {
            return Err(PlanError::PlanarOnRealTransform)
        }
        _ => {}
    }
    // A Fortran-order array (or any layouts whose strides order the axes alike): the C-order
    // array its memory holds, whose layouts need no pass of their own.
    if let Some(reordered) = super::storage_order::in_storage_order(&request)? {
        let plan = Plan::new(reordered, caps)?;
        return Ok(Plan { request, ..plan });
    }
    let core_request = PlanRequest {
        input: Layout::default(),
        output: Layout::default(),
        ..request
    };
    let mut core = Plan::new(core_request, caps)?;
    let (in_dims, out_dims) = (core.input_dims(), core.output_dims());
    let input = request.input.resolve(&in_dims, request.batch)?;
    let output = request.output.resolve(&out_dims, request.batch)?;
    // Rows in pairs read and write only C order: the layouts fold into the plain passes.
    if core.takes_rows_in_pairs() && (input.needs_pass() || output.needs_pass()) {
        if let Some(shape) = request.shape {
            core = super::nd::nd_plan(core_request, shape, caps, false)?;
        }
    }
    let mut passes = core.passes;
    let real = request.real.is_some();
    let forward = request.direction == Direction::Forward;
    let rows_in = foldable_rows(&input, &in_dims, &request, real && forward);
    let rows_out = foldable_rows(&output, &out_dims, &request, real && !forward);
    if input.needs_pass() {
        let folded = match (passes.first_mut(), rows_in) {
            (Some(first), Some((dims, stride, distance))) if reads_rows(first, &dims, &request) => {
                fold(first, &input, stride, distance, LayoutStep::Load)
            }
            // A complex axis before the last (a C2C over such axes only, a C2R's half
            // spectrum): the first, interleaved pass reads the layout itself.
            (Some(first), _) => {
                fold_interleaved(first, &input, &in_dims, &request, LayoutStep::Load)
            }
            _ => false,
        };
        if !folded {
            let values = side_values(&input, real && forward);
            passes.insert(
                0,
                pass(LayoutStep::Load, &input, values, &in_dims, &request),
            );
        }
    }
    if output.needs_pass() {
        let folded = match (passes.last_mut(), rows_out) {
            (Some(last), Some((dims, stride, distance))) if reads_rows(last, &dims, &request) => {
                fold(last, &output, stride, distance, LayoutStep::Store)
            }
            // A complex transform's output, or an R2C's half spectrum, whose multi-dimensional
            // plan ends in the interleaved passes of the axes before the real one.
            (Some(last), _) if !real || forward => {
                fold_interleaved(last, &output, &out_dims, &request, LayoutStep::Store)
            }
            _ => false,
        };
        if !folded {
            let values = side_values(&output, real && !forward);
            passes.push(pass(
                LayoutStep::Store,
                &output,
                values,
                &out_dims,
                &request,
            ));
        }
    }
    Ok(Plan {
        passes,
        request,
        ..core
    })
}

/// The complex rows a fused edge pass could read or write `side` as: the dimensions of its
/// complex values and `(stride, distance)` between them ([`Resolved::as_rows`]). A complex
/// transform's side as it is. An even real transform's reals (`reals`) in rows of unit stride
/// an even number of reals apart: the complex pairs its FFT reads (R2C) or writes (C2R), in
/// rows of `N/2` values half as far apart. Not a real transform's half spectrum, which only
/// a split or merge reads or writes (and those take no layout: `FusedSpec::check`).
fn foldable_rows(
    side: &Resolved,
    dims: &[usize],
    request: &PlanRequest,
    reals: bool,
) -> Option<(Vec<usize>, usize, usize)> {
    let rows = side.as_rows(dims, request.batch)?;
    match (request.real, reals, rows) {
        (None, ..) => Some((dims.to_vec(), rows.0, rows.1)),
        (Some(_), true, (1, distance)) => {
            let n = *dims.last()?;
            if n % 2 == 1 || distance % 2 == 1 {
                return None;
            }
            let mut pairs = dims.to_vec();
            *pairs.last_mut()? = n / 2;
            Some((pairs, 1, distance / 2))
        }
        _ => None,
    }
}

/// Whether `pass` is a plain fused pass over rows of the last axis, every row of the batch:
/// it can then read or write the caller's layout itself.
fn reads_rows(pass: &super::Pass, dims: &[usize], request: &PlanRequest) -> bool {
    let rows = dims[..dims.len() - 1].iter().product::<usize>() * request.batch;
    match pass.spec {
        KernelSpec::Fused(fused) => {
            fused.chirp.is_none()
                // A real transform's split or merge may stay: `fold` keeps the layout where
                // the generator has the kernel (`FusedSpec::real_with_layout`).
                && (fused.real.is_none() || request.real.is_some())
                && !fused.interleaved
                && pass.params.inner == 1
                && pass.params.len == dims[dims.len() - 1]
                && pass.params.batch == rows
        }
        _ => false,
    }
}

/// The axis of `dims` an interleaved fused `pass` transforms whole (its sequences every
/// sequence along that axis, the axes after it its inner columns, the axes before it and the
/// batch its sequences), where there is one: the last pass of a multi-dimensional complex
/// plan can then write the caller's layout itself ([`Resolved::as_axis`]; `fold` leaves the
/// passes `FusedSpec::check` refuses a store, pitched or side by side, to a layout pass).
fn interleaved_axis(pass: &super::Pass, dims: &[usize], request: &PlanRequest) -> Option<usize> {
    if !matches!(pass.spec, KernelSpec::Fused(fused) if fused.interleaved) {
        return None;
    }
    (0..dims.len()).find(|&axis| {
        let inner: usize = dims[axis + 1..].iter().product();
        let outer: usize = dims[..axis].iter().product();
        axis + 1 < dims.len()
            && pass.params.len == dims[axis]
            && pass.params.inner == inner
            && pass.params.batch == outer * request.batch
    })
}

/// The bytes an interleaved pass must read or write in runs (each of its `C` columns' value
/// at one point, per buffer) to take the caller's layout itself: two sectors. Measured on
/// the H200 (docs/PERFORMANCE.md, 2026-11-30 (twiddles), c3), the planar output of 2-D
/// C2C's, ms, a layout pass -> the last pass writing it: 1024,1024 x128 (16 columns, runs of
/// 64 bytes per buffer) 1.751 -> 1.106, 256,256,256 x8 (16) 2.270 -> 1.635, 8192,8192 (64)
/// 1.193 -> 0.885; but 4096,4096 x8 (4 columns: runs of 16 bytes) 2.047 -> 3.051. Loads
/// take the same rule.
const RUN_MIN_BYTES: usize = 64;

/// Whether the interleaved `pass` would read or write the caller's layout (`planar` or not)
/// in runs of at least [`RUN_MIN_BYTES`].
fn whole_runs(pass: &super::Pass, planar: bool) -> bool {
    let KernelSpec::Fused(fused) = pass.spec else {
        return false;
    };
    let complex = fused.precision.complex_bytes();
    let value = if planar { complex / 2 } else { complex };
    fused.columns() as usize * value >= RUN_MIN_BYTES
}

/// Puts the caller's `side` into the load (or store) of the interleaved `pass` where it
/// transforms a whole axis of `dims`, the layout gives that axis's sequences one stride and
/// distance ([`Resolved::as_axis`]) and the pass moves runs of [`RUN_MIN_BYTES`]; says
/// whether it did.
fn fold_interleaved(
    pass: &mut super::Pass,
    side: &Resolved,
    dims: &[usize],
    request: &PlanRequest,
    step: LayoutStep,
) -> bool {
    whole_runs(pass, side.planar)
        && interleaved_axis(pass, dims, request)
            .and_then(|axis| side.as_axis(dims, request.batch, axis))
            .is_some_and(|(stride, distance)| fold(pass, side, stride, distance, step))
}

/// Puts the caller's layout into the load (or store) of the fused `pass`: rows `distance`
/// apart, values `stride` apart; says whether it did. Not where the generator has no such
/// kernel (`FusedSpec::check`): a mixed pass in registers whose first radix is above 20 takes
/// no edge (6561 = [27, 27, 9] in one pass), so a layout pass does the caller's side.
fn fold(
    pass: &mut super::Pass,
    side: &Resolved,
    stride: usize,
    distance: usize,
    step: LayoutStep,
) -> bool {
    let KernelSpec::Fused(plain) = pass.spec else {
        return false;
    };
    let storage = if side.planar {
        Storage::Planar
    } else {
        Storage::Interleaved
    };
    let io = IoLayout::new(&[pass.params.len], &[stride], distance);
    let (fused, params) = match step {
        LayoutStep::Load => (
            FusedSpec {
                load: Some(storage),
                ..plain
            },
            LaunchParams { io, ..pass.params },
        ),
        LayoutStep::Store => (
            FusedSpec {
                store: Some(storage),
                ..plain
            },
            LaunchParams {
                io_out: io,
                ..pass.params
            },
        ),
    };
    if fused.check().is_err() {
        return false;
    }
    pass.spec = KernelSpec::Fused(fused);
    pass.params = params;
    pass.relaunch();
    true
}

/// What a layout pass of `side` moves: reals on a real transform's real side, else complex
/// values as the side stores them.
fn side_values(side: &Resolved, reals: bool) -> LayoutValues {
    match (reals, side.planar) {
        (true, _) => LayoutValues::Reals,
        (false, true) => LayoutValues::Planar,
        (false, false) => LayoutValues::Interleaved,
    }
}

fn pass(
    step: LayoutStep,
    side: &Resolved,
    values: LayoutValues,
    dims: &[usize],
    request: &PlanRequest,
) -> super::Pass {
    let spec = KernelSpec::Layout(LayoutSpec {
        step,
        values,
        precision: request.precision,
    });
    let io = IoLayout::new(dims, &side.strides, side.distance);
    let params = LaunchParams {
        io,
        io_out: io,
        ..LaunchParams::stockham(dims.iter().product(), request.batch, 1)
    };
    super::rules::point_pass(spec, params, 1.0)
}

impl Plan {
    /// The dimensions of one transform: the shape's, or `[len]` (a real transform's: those
    /// of its real side).
    pub fn dims(&self) -> Vec<usize> {
        match self.request.shape {
            Some(shape) => shape.dims().to_vec(),
            None => vec![self.request.len],
        }
    }

    /// The dimensions of the half spectrum of a real transform: [`Plan::dims`] with the last
    /// axis `N / 2 + 1`.
    fn half_dims(&self) -> Vec<usize> {
        let mut dims = self.dims();
        if let Some(last) = dims.last_mut() {
            *last = half_spectrum_len(*last);
        }
        dims
    }

    /// The dimensions of one transform's input: [`Plan::dims`], but a C2R's half spectrum.
    pub fn input_dims(&self) -> Vec<usize> {
        match (self.request.real, self.request.direction) {
            (Some(_), Direction::Inverse) => self.half_dims(),
            _ => self.dims(),
        }
    }

    /// The dimensions of one transform's output: [`Plan::dims`], but an R2C's half spectrum.
    pub fn output_dims(&self) -> Vec<usize> {
        match (self.request.real, self.request.direction) {
            (Some(_), Direction::Forward) => self.half_dims(),
            _ => self.dims(),
        }
    }

    /// The input's layout checked against the plan's shape and batch (in reals on a real
    /// transform's real side, in complex values elsewhere).
    pub fn input_layout(&self) -> Result<Resolved, PlanError> {
        self.request
            .input
            .resolve(&self.input_dims(), self.request.batch)
    }

    /// The output's layout checked against the plan's shape and batch.
    pub fn output_layout(&self) -> Result<Resolved, PlanError> {
        self.request
            .output
            .resolve(&self.output_dims(), self.request.batch)
    }

    /// Complex values each work buffer holds: the core transform's work values
    /// ([`Plan::work_len`] per transform), or a real transform's half spectra where a layout
    /// pass after an R2C (or before a C2R) keeps them in a work buffer.
    pub fn scratch_values(&self) -> usize {
        let work = self.work_len() * self.request.batch;
        if self.request.real.is_some() && self.has_layout_passes() {
            work.max(self.half_dims().iter().product::<usize>() * self.request.batch)
        } else {
            work
        }
    }

    /// Whether a pass takes rows in pairs ([`FusedSpec::pair_rows`]): a multi-dimensional
    /// complex plan whose axis before the last runs its first radix-2 step in the rows' pass.
    pub fn takes_rows_in_pairs(&self) -> bool {
        self.passes
            .iter()
            .any(|pass| matches!(pass.spec, KernelSpec::Fused(fused) if fused.pair_rows))
    }

    /// Whether a pass of the plan reads or writes the caller's own layout: the input is then
    /// read only by the first pass and the output written only by the last.
    pub fn has_layout_passes(&self) -> bool {
        self.passes.iter().any(|p| match p.spec {
            KernelSpec::Layout(_) => true,
            KernelSpec::Fused(fused) => fused.load.is_some() || fused.store.is_some(),
            _ => false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::Shape;

    #[test]
    fn fused_passes_read_and_write_the_layout_themselves() {
        let base = PlanRequest {
            batch: 3,
            input: Layout::strided(&[2], 2100),
            output: Layout::planar(),
            ..PlanRequest::new(1000)
        };
        let gpu = Plan::new(base, &DeviceCaps::NVIDIA_GPU).unwrap();
        let names: Vec<String> = gpu.passes.iter().map(|p| p.entry_point()).collect();
        assert_eq!(names, ["fft_fused1000_c4_fwd_f32_in_strided_out_planar"]);
        assert_eq!(gpu.passes[0].params.io, IoLayout::new(&[1000], &[2], 2100));
        assert_eq!(
            gpu.passes[0].params.io_out,
            IoLayout::new(&[1000], &[1], 1000)
        );
        assert_eq!(gpu.input_layout().unwrap().extent, 2 * 2100 + 999 * 2 + 1);
        assert!(gpu.has_layout_passes());
        // Two fused passes: the first reads the layout, the last writes it.
        let long = Plan::new(
            PlanRequest {
                len: 1 << 16,
                input: Layout::strided(&[2], 1 << 17),
                ..base
            },
            &DeviceCaps::NVIDIA_GPU,
        )
        .unwrap();
        let names: Vec<String> = long.passes.iter().map(|p| p.entry_point()).collect();
        assert_eq!(
            names,
            [
                "fft_fused256_c16_fwd_f32_in_strided",
                "fft_fused256_c16_fwd_f32_out_planar"
            ]
        );
        // Global radix passes (a CPU device): a layout pass on each side.
        let cpu = Plan::new(base, &DeviceCaps::POCL_CPU).unwrap();
        let names: Vec<String> = cpu.passes.iter().map(|p| p.entry_point()).collect();
        assert_eq!(names.first().unwrap(), "fft_layout_load_f32");
        assert_eq!(names.last().unwrap(), "fft_layout_store_planar_f32");
        assert_eq!(cpu.passes[0].launch.global, [3000usize.div_ceil(128) * 128]);
        // Explicit contiguous strides need nothing.
        let contiguous = Plan::new(
            PlanRequest {
                input: Layout::strided(&[1], 1000),
                output: Layout::default(),
                ..base
            },
            &DeviceCaps::NVIDIA_GPU,
        )
        .unwrap();
        assert!(!contiguous.has_layout_passes());
    }

    #[test]
    fn layouts_fold_where_they_are_rows_of_the_last_axis() {
        let rows = |strides: &[usize], distance, dims: &[usize], batch| {
            Layout::strided(strides, distance)
                .resolve(dims, batch)
                .unwrap()
                .as_rows(dims, batch)
        };
        // Rows of 6 padded to 8, 5 of them, batches 40 apart: rows 8 apart.
        assert_eq!(rows(&[8, 1], 40, &[5, 6], 2), Some((1, 8)));
        // A 3-D array whose rows are every other row of a larger one.
        assert_eq!(rows(&[32, 16, 1], 64, &[2, 2, 8], 1), Some((1, 16)));
        // Batch distance that is not a whole number of rows: no.
        assert_eq!(rows(&[8, 1], 41, &[5, 6], 2), None);
        // Fortran order: each row's values 4 apart, rows 1 apart.
        assert_eq!(rows(&[1, 4], 24, &[4, 6], 1), Some((4, 1)));
        // Axes whose strides are no multiple of each other's rows: no.
        assert_eq!(rows(&[1, 3, 12], 60, &[3, 4, 5], 1), None);
        // A 2-D GPU plan of padded rows: the first pass reads them, the last writes C order.
        let shape = crate::plan::Shape::new(&[5, 6], None).unwrap();
        let plan = Plan::new(
            PlanRequest {
                len: 30,
                batch: 2,
                shape: Some(shape),
                input: Layout::strided(&[8, 1], 40),
                ..PlanRequest::new(30)
            },
            &DeviceCaps::NVIDIA_GPU,
        )
        .unwrap();
        let first = plan.passes[0].entry_point();
        assert_eq!(first, "fft_fused6_c256_fwd_f32_in_strided");
        assert_eq!(plan.passes.len(), 2);
        let explained = plan.explain();
        assert!(
            explained.contains(
                "reads the caller's interleaved input itself (values 1 apart, sequences 8 apart)"
            ),
            "{explained}"
        );
    }

    #[test]
    fn output_layouts_fold_into_the_last_interleaved_pass_where_its_columns_are_contiguous() {
        let axis = |strides: &[usize], distance, dims: &[usize], batch, axis| {
            Layout::strided(strides, distance)
                .resolve(dims, batch)
                .unwrap()
                .as_axis(dims, batch, axis)
        };
        // Axis 0 of 5 x 6 with rows padded to 8, batches 45 apart: values 8 apart, the 6
        // columns at consecutive addresses, sequences 45 apart.
        assert_eq!(axis(&[8, 1], 45, &[5, 6], 2, 0), Some((8, 45)));
        // Axis 0 of a 3-D array whose two inner axes are C order: columns 0..12.
        assert_eq!(axis(&[20, 4, 1], 100, &[3, 3, 4], 2, 0), Some((20, 100)));
        // Axis 1 of it: sequences (batch, axis 0) 20 apart only if the batch distance is 3 x 20.
        assert_eq!(axis(&[20, 4, 1], 60, &[3, 3, 4], 2, 1), Some((4, 20)));
        assert_eq!(axis(&[20, 4, 1], 100, &[3, 3, 4], 2, 1), None);
        // Columns not at consecutive addresses (Fortran order, or every other one): no.
        assert_eq!(axis(&[1, 4], 24, &[4, 6], 1, 0), None);
        assert_eq!(axis(&[16, 2], 80, &[5, 6], 1, 0), None);

        let plan = |dims: &[usize], output: Layout| {
            let len = dims.iter().product();
            Plan::new(
                PlanRequest {
                    batch: 2,
                    shape: Some(Shape::new(dims, None).unwrap()),
                    output,
                    ..PlanRequest::new(len)
                },
                &DeviceCaps::NVIDIA_GPU,
            )
            .unwrap()
        };
        let names = |plan: &Plan| -> Vec<String> {
            plan.passes.iter().map(|pass| pass.entry_point()).collect()
        };
        // The 1024-point axis of 1024 x 32 (16 columns: runs of 64 bytes per buffer) writes
        // planar values itself.
        let planar = plan(&[1024, 32], Layout::planar());
        assert_eq!(
            names(&planar).last().unwrap(),
            "fft_fused1024_c16_fwd_f32_il_out_planar"
        );
        assert_eq!(planar.passes.len(), 2);
        let explained = planar.explain();
        assert!(
            explained.contains("writes the caller's planar output itself (values 32 apart, sequences 32768 apart, its columns at consecutive addresses)"),
            "{explained}"
        );
        let last = planar.passes.last().unwrap();
        assert_eq!(last.params.io_out, IoLayout::new(&[1024], &[32], 1024 * 32));
        // Rows padded to 35 values, transforms 1024 * 35 + 5 apart.
        let padded = plan(&[1024, 32], Layout::strided(&[35, 1], 1024 * 35 + 5));
        let last = padded.passes.last().unwrap();
        assert_eq!(
            last.entry_point(),
            "fft_fused1024_c16_fwd_f32_il_out_strided"
        );
        assert_eq!(
            last.params.io_out,
            IoLayout::new(&[1024], &[35], 1024 * 35 + 5)
        );
        // The 4096-point axis (4 columns: runs of 16 bytes planar, 32 interleaved), a
        // Fortran-order output, and channels side by side (their own store mapping) keep a
        // layout pass.
        for output in [Layout::planar(), Layout::strided(&[11, 1], 4096 * 11)] {
            let wide = plan(&[4096, 8], output);
            let last = names(&wide).pop().unwrap();
            assert!(last.starts_with("fft_layout_store"), "{last}");
        }
        let fortran = plan(&[64, 8], Layout::strided(&[1, 64], 512));
        assert_eq!(names(&fortran).last().unwrap(), "fft_layout_store_f32");
        let channels = plan(&[4096, 2], Layout::planar());
        assert_eq!(
            names(&channels).last().unwrap(),
            "fft_layout_store_planar_f32"
        );
    }

    #[test]
    fn half_spectra_and_axes_before_the_last_fold_into_the_interleaved_passes() {
        // 512 x 256 reals: the half spectrum is 512 x 129 values, here in rows of 136
        // (padded by 7), transforms 512 * 136 + 5 apart.
        let r2c = PlanRequest {
            batch: 2,
            shape: Some(Shape::new(&[512, 256], None).unwrap()),
            real: Some(RealLayout::Compact),
            output: Layout::strided(&[136, 1], 512 * 136 + 5),
            ..PlanRequest::new(512 * 256)
        };
        let plan = Plan::new(r2c, &DeviceCaps::NVIDIA_GPU).unwrap();
        let last = plan.passes.last().unwrap();
        assert!(
            last.entry_point().ends_with("_il_out_strided"),
            "{}",
            plan.explain()
        );
        assert_eq!(
            last.params.io_out,
            IoLayout::new(&[512], &[136], 512 * 136 + 5)
        );
        assert!(!plan
            .passes
            .iter()
            .any(|pass| matches!(pass.spec, KernelSpec::Layout(_))));
        // A C2R's half spectrum is read by its first, interleaved pass.
        let c2r = Plan::new(
            PlanRequest {
                direction: Direction::Inverse,
                input: r2c.output,
                output: Layout::default(),
                ..r2c
            },
            &DeviceCaps::NVIDIA_GPU,
        )
        .unwrap();
        let first = &c2r.passes[0];
        assert!(
            first.entry_point().ends_with("_il_in_strided"),
            "{}",
            c2r.explain()
        );
        assert_eq!(
            first.params.io,
            IoLayout::new(&[512], &[136], 512 * 136 + 5)
        );
        // Columns only (axis 0 of 1024 x 32), planar in and out: one pass reads and writes
        // both buffers.
        let columns = Plan::new(
            PlanRequest {
                batch: 2,
                shape: Some(Shape::new(&[1024, 32], Some(&[0])).unwrap()),
                input: Layout::planar(),
                output: Layout::planar(),
                ..PlanRequest::new(1024 * 32)
            },
            &DeviceCaps::NVIDIA_GPU,
        )
        .unwrap();
        let names: Vec<String> = columns.passes.iter().map(|p| p.entry_point()).collect();
        assert_eq!(names, ["fft_fused1024_c16_fwd_f32_il_in_planar_out_planar"]);
    }

    #[test]
    fn multi_dimensional_layouts_and_their_errors() {
        let shape = Shape::new(&[4, 6], None).unwrap();
        // Fortran order in, C order out (Fortran on both sides is the C-order 6 x 4 array:
        // `storage_order.rs`).
        let fortran = PlanRequest {
            len: 24,
            shape: Some(shape),
            input: Layout::strided(&[1, 4], 24),
            output: Layout::strided(&[6, 1], 24),
            ..PlanRequest::new(24)
        };
        let plan = Plan::new(fortran, &DeviceCaps::POCL_CPU).unwrap();
        assert_eq!(
            plan.passes[0].params.io,
            IoLayout::new(&[4, 6], &[1, 4], 24)
        );
        assert_eq!(plan.passes[0].entry_point(), "fft_layout_load_f32");
        assert!(plan.storage_order().is_none());
        let overlap = Plan::new(
            PlanRequest {
                input: Layout::strided(&[4, 2], 24),
                ..fortran
            },
            &DeviceCaps::POCL_CPU,
        )
        .unwrap_err()
        .to_string();
        assert!(
            overlap.contains("axis 0") && overlap.contains("stride 4"),
            "{overlap}"
        );
        let padded = Plan::new(
            PlanRequest {
                real: Some(RealLayout::Padded),
                ..fortran
            },
            &DeviceCaps::POCL_CPU,
        )
        .unwrap_err();
        assert_eq!(padded, PlanError::LayoutWithPaddedRows);
        let planar = Plan::new(
            PlanRequest {
                real: Some(RealLayout::Compact),
                input: Layout::default(),
                output: Layout::planar(),
                ..fortran
            },
            &DeviceCaps::POCL_CPU,
        )
        .unwrap_err();
        assert_eq!(planar, PlanError::PlanarOnRealTransform);
    }

    #[test]
    fn real_transforms_take_layouts_in_reals_and_half_spectrum_values() {
        // A Fortran-order 4 x 6 R2C: the reals' layout has 4 x 6 values, the half spectrum's
        // 4 x 4, here every other complex value of rows 10 apart.
        let shape = Shape::new(&[4, 6], None).unwrap();
        let r2c = PlanRequest {
            len: 24,
            batch: 2,
            shape: Some(shape),
            real: Some(RealLayout::Compact),
            input: Layout::strided(&[1, 4], 30),
            output: Layout::strided(&[20, 2], 90),
            ..PlanRequest::new(24)
        };
        for caps in [DeviceCaps::POCL_CPU, DeviceCaps::NVIDIA_GPU] {
            let plan = Plan::new(r2c, &caps).unwrap();
            assert_eq!(
                (plan.input_dims(), plan.output_dims()),
                (vec![4, 6], vec![4, 4])
            );
            let names: Vec<String> = plan.passes.iter().map(|p| p.entry_point()).collect();
            assert_eq!(names.first().unwrap(), "fft_layout_load_reals_f32");
            assert_eq!(names.last().unwrap(), "fft_layout_store_f32");
            assert_eq!(
                plan.passes[0].params.io,
                IoLayout::new(&[4, 6], &[1, 4], 30)
            );
            let store = &plan.passes.last().unwrap().params.io_out;
            assert_eq!(*store, IoLayout::new(&[4, 4], &[20, 2], 90));
            assert_eq!(plan.input_layout().unwrap().extent, 30 + 3 + 5 * 4 + 1);
            assert_eq!(
                plan.output_layout().unwrap().extent,
                90 + 3 * 20 + 3 * 2 + 1
            );
            // The split's half spectra (4 x 4 per transform) sit in a work buffer.
            assert!(plan.scratch_values() >= 2 * 16);
        }
        // A 1-D C2R of 1000 reals from every other value, into rows 1025 apart (an odd
        // distance: no pairs): a complex layout load first, a real layout store last.
        let c2r = Plan::new(
            PlanRequest {
                batch: 3,
                direction: crate::Direction::Inverse,
                real: Some(RealLayout::Compact),
                input: Layout::strided(&[2], 1002),
                output: Layout::strided(&[1], 1025),
                ..PlanRequest::new(1000)
            },
            &DeviceCaps::NVIDIA_GPU,
        )
        .unwrap();
        let names: Vec<String> = c2r.passes.iter().map(|p| p.entry_point()).collect();
        assert_eq!(names.first().unwrap(), "fft_layout_load_f32");
        assert_eq!(names.last().unwrap(), "fft_layout_store_reals_f32");
        assert_eq!(c2r.input_layout().unwrap().extent, 2 * 1002 + 500 * 2 + 1);
        assert_eq!(c2r.output_layout().unwrap().extent, 2 * 1025 + 1000);
        assert!(c2r.scratch_values() >= 3 * 501);
        // The half spectrum's layout is checked against N/2 + 1 values: stride 1 and rows
        // 500 apart overlap.
        let overlap = Plan::new(
            PlanRequest {
                batch: 3,
                real: Some(RealLayout::Compact),
                output: Layout::strided(&[1], 500),
                ..PlanRequest::new(1000)
            },
            &DeviceCaps::NVIDIA_GPU,
        )
        .unwrap_err();
        assert!(
            matches!(overlap, PlanError::LayoutOverlap { .. }),
            "{overlap}"
        );
    }

    #[test]
    fn even_real_rows_fold_into_the_complex_edge_passes() {
        let entry_points = |request: PlanRequest| -> Vec<String> {
            Plan::new(request, &DeviceCaps::NVIDIA_GPU)
                .unwrap()
                .passes
                .iter()
                .map(|p| p.entry_point())
                .collect()
        };
        // 2^17 reals in rows 2^17 + 2 apart (FFTW's padded rows, as a layout): the first of
        // the two fused passes reads them as pairs, rows 2^16 + 1 complex values apart.
        let r2c = PlanRequest {
            batch: 2,
            real: Some(RealLayout::Compact),
            input: Layout::strided(&[1], (1 << 17) + 2),
            ..PlanRequest::new(1 << 17)
        };
        let plan = Plan::new(r2c, &DeviceCaps::NVIDIA_GPU).unwrap();
        assert_eq!(plan.passes.len(), 2, "{}", plan.explain());
        assert!(plan.passes[0].entry_point().ends_with("_in_strided"));
        assert_eq!(
            plan.passes[0].params.io,
            IoLayout::new(&[1 << 16], &[1], (1 << 16) + 1)
        );
        // The C2R's last pass writes its pairs the same way.
        let c2r = entry_points(PlanRequest {
            direction: crate::Direction::Inverse,
            input: Layout::default(),
            output: Layout::strided(&[1], (1 << 17) + 4),
            ..r2c
        });
        assert!(c2r.last().unwrap().ends_with("_out_strided"), "{c2r:?}");
        assert_eq!(c2r.len(), 2);
        // An odd distance or a stride: a layout pass.
        for (stride, distance) in [(1, (1 << 17) + 1), (2, 1 << 18)] {
            let names = entry_points(PlanRequest {
                input: Layout::strided(&[stride], distance),
                ..r2c
            });
            assert_eq!(names[0], "fft_layout_load_reals_f32");
        }
        // One pass: its split's load reads the rows, its merge's store writes them
        // (`FusedSpec::real_with_layout`).
        let one_pass = entry_points(PlanRequest {
            len: 4096,
            input: Layout::strided(&[1], 4098),
            ..r2c
        });
        assert_eq!(
            one_pass,
            ["fft_fused2048_c1_fwd_f32_split_whole_in_strided"]
        );
        let one_pass = entry_points(PlanRequest {
            len: 1000,
            direction: crate::Direction::Inverse,
            input: Layout::default(),
            output: Layout::strided(&[1], 1024),
            ..r2c
        });
        assert_eq!(one_pass.len(), 1);
        assert!(one_pass[0].ends_with("_merge_out_strided"), "{one_pass:?}");
    }
}
