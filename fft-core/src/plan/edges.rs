//! Plans whose input or output lies in the caller's own layout ([`super::Layout`]): the plan of
//! the contiguous transform, with a layout pass before it (the caller's input into C order)
//! and after it (C order into the caller's output) where a side is not contiguous
//! interleaved.

use super::{DeviceCaps, Layout, Plan, PlanError, PlanRequest, Resolved};
use crate::kernel::{
    FusedSpec, IoLayout, KernelSpec, LaunchParams, LayoutSpec, LayoutStep, Storage,
};

/// The plan of `request`, one of whose layouts is not the default.
pub(super) fn layout_plan(request: PlanRequest, caps: &DeviceCaps) -> Result<Plan, PlanError> {
    if request.real.is_some() {
        return Err(PlanError::LayoutOnRealTransform);
    }
    let core = Plan::new(
        PlanRequest {
            input: Layout::default(),
            output: Layout::default(),
            ..request
        },
        caps,
    )?;
    let dims = core.dims();
    let input = request.input.resolve(&dims, request.batch)?;
    let output = request.output.resolve(&dims, request.batch)?;
    let mut passes = core.passes;
    let rows_in = input.as_rows(&dims, request.batch);
    let rows_out = output.as_rows(&dims, request.batch);
    if input.needs_pass() {
        let folded = match (passes.first_mut(), rows_in) {
            (Some(first), Some((stride, distance))) if reads_rows(first, &dims, &request) => {
                fold(first, &input, stride, distance, LayoutStep::Load)
            }
            _ => false,
        };
        if !folded {
            passes.insert(0, pass(LayoutStep::Load, &input, &dims, &request));
        }
    }
    if output.needs_pass() {
        let folded = match (passes.last_mut(), rows_out) {
            (Some(last), Some((stride, distance))) if reads_rows(last, &dims, &request) => {
                fold(last, &output, stride, distance, LayoutStep::Store)
            }
            _ => false,
        };
        if !folded {
            passes.push(pass(LayoutStep::Store, &output, &dims, &request));
        }
    }
    Ok(Plan {
        passes,
        request,
        ..core
    })
}

/// Whether `pass` is a plain fused pass over rows of the last axis, every row of the batch:
/// it can then read or write the caller's layout itself.
fn reads_rows(pass: &super::Pass, dims: &[usize], request: &PlanRequest) -> bool {
    let rows = dims[..dims.len() - 1].iter().product::<usize>() * request.batch;
    match pass.spec {
        KernelSpec::Fused(fused) => {
            fused.chirp.is_none()
                && fused.real.is_none()
                && !fused.interleaved
                && pass.params.inner == 1
                && pass.params.len == dims[dims.len() - 1]
                && pass.params.batch == rows
        }
        _ => false,
    }
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

fn pass(step: LayoutStep, side: &Resolved, dims: &[usize], request: &PlanRequest) -> super::Pass {
    let spec = KernelSpec::Layout(LayoutSpec {
        step,
        planar: side.planar,
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
    /// The dimensions of one transform: the shape's, or `[len]`.
    pub fn dims(&self) -> Vec<usize> {
        match self.request.shape {
            Some(shape) => shape.dims().to_vec(),
            None => vec![self.request.len],
        }
    }

    /// The input's layout checked against the plan's shape and batch.
    pub fn input_layout(&self) -> Result<Resolved, PlanError> {
        self.request.input.resolve(&self.dims(), self.request.batch)
    }

    /// The output's layout checked against the plan's shape and batch.
    pub fn output_layout(&self) -> Result<Resolved, PlanError> {
        self.request
            .output
            .resolve(&self.dims(), self.request.batch)
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
    }

    #[test]
    fn multi_dimensional_layouts_and_their_errors() {
        let shape = Shape::new(&[4, 6], None).unwrap();
        let fortran = PlanRequest {
            len: 24,
            shape: Some(shape),
            input: Layout::strided(&[1, 4], 24),
            output: Layout::strided(&[1, 4], 24),
            ..PlanRequest::new(24)
        };
        let plan = Plan::new(fortran, &DeviceCaps::POCL_CPU).unwrap();
        assert_eq!(
            plan.passes[0].params.io,
            IoLayout::new(&[4, 6], &[1, 4], 24)
        );
        assert_eq!(
            plan.passes.last().unwrap().entry_point(),
            "fft_layout_store_f32"
        );
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
        let real = Plan::new(
            PlanRequest {
                real: Some(crate::kernel::RealLayout::Compact),
                ..fortran
            },
            &DeviceCaps::POCL_CPU,
        )
        .unwrap_err();
        assert_eq!(real, PlanError::LayoutOnRealTransform);
    }
}
