//! Plans whose input or output lies in the caller's own layout ([`super::Layout`]): the plan of
//! the contiguous transform, with a layout pass before it (the caller's input into C order)
//! and after it (C order into the caller's output) where a side is not contiguous
//! interleaved.

use super::{DeviceCaps, Layout, Plan, PlanError, PlanRequest, Resolved};
use crate::kernel::{IoLayout, KernelSpec, LaunchParams, LayoutSpec, LayoutStep};

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
    if input.needs_pass() {
        passes.insert(0, pass(LayoutStep::Load, &input, &dims, &request));
    }
    if output.needs_pass() {
        passes.push(pass(LayoutStep::Store, &output, &dims, &request));
    }
    Ok(Plan {
        passes,
        request,
        ..core
    })
}

fn pass(step: LayoutStep, side: &Resolved, dims: &[usize], request: &PlanRequest) -> super::Pass {
    let spec = KernelSpec::Layout(LayoutSpec {
        step,
        planar: side.planar,
        precision: request.precision,
    });
    let params = LaunchParams {
        io: IoLayout::new(dims, &side.strides, side.distance),
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
        self.passes
            .iter()
            .any(|p| matches!(p.spec, KernelSpec::Layout(_)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::Shape;

    #[test]
    fn strided_and_planar_sides_get_a_layout_pass_each() {
        let base = PlanRequest {
            batch: 3,
            input: Layout::strided(&[2], 2100),
            output: Layout::planar(),
            ..PlanRequest::new(1000)
        };
        let plan = Plan::new(base, &DeviceCaps::NVIDIA_GPU).unwrap();
        let names: Vec<String> = plan.passes.iter().map(|p| p.entry_point()).collect();
        assert_eq!(
            names,
            [
                "fft_layout_load_f32",
                "fft_fused1000_c4_fwd_f32",
                "fft_layout_store_planar_f32",
            ]
        );
        assert_eq!(plan.passes[0].params.io, IoLayout::new(&[1000], &[2], 2100));
        assert_eq!(
            plan.passes[0].launch.global,
            [3000usize.div_ceil(128) * 128]
        );
        assert_eq!(plan.input_layout().unwrap().extent, 2 * 2100 + 999 * 2 + 1);
        assert!(plan.has_layout_passes());
        // Explicit contiguous strides need no pass.
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
