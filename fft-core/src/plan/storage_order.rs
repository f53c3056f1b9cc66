//! Multi-dimensional complex transforms whose layouts hold the axes in another order in
//! memory: a Fortran-order array, a transposed view, a volume stored `[z][x][y]`.
//!
//! A transform along a set of axes commutes with a permutation of the axes, and the memory
//! of such an array is a C-order array of its dimensions taken in decreasing stride. So where
//! both the input and the output layout put the axes in one such order, the plan transforms
//! that array instead: the same values at the same addresses, but layouts that are now
//! contiguous C order (or rows the fused passes read and write themselves) instead of
//! layouts that took a pass of their own before and after the transform, a transpose in all
//! but name. cuFFT's users do this by hand, passing a Fortran array's dimensions reversed;
//! FFTW's guru planner finds the loop order itself. Real transforms keep their axes: the
//! last transformed axis is the halved one (numpy's `rfftn`), and reordering would change it.

use super::{Layout, Plan, PlanError, PlanRequest, Shape};

/// `request` with its axes in storage order ([`storage_order`]), where that differs from
/// the shape's order; `None` where it does not apply or changes nothing.
pub(super) fn in_storage_order(request: &PlanRequest) -> Result<Option<PlanRequest>, PlanError> {
    let Some(order) = storage_order(request)? else {
        return Ok(None);
    };
    let shape = request.shape.expect("storage_order needs a shape");
    let original = shape.dims();
    let dims: Vec<usize> = order.iter().map(|&axis| shape.dims()[axis]).collect();
    let mut axes: Vec<usize> = shape
        .axes()
        .map(|axis| {
            order
                .iter()
                .position(|&a| a == axis)
                .expect("order is a permutation")
        })
        .collect();
    axes.sort_unstable();
    let all = axes.len() == dims.len();
    let shape = Shape::new(&dims, (!all).then_some(axes.as_slice()))?;
    let permute = |layout: Layout| -> Result<Layout, PlanError> {
        let resolved = layout.resolve(original, request.batch)?;
        let strides: Vec<usize> = order.iter().map(|&axis| resolved.strides[axis]).collect();
        Ok(layout.with_strides(&strides, resolved.distance))
    };
    Ok(Some(PlanRequest {
        shape: Some(shape),
        input: permute(request.input)?,
        output: permute(request.output)?,
        ..*request
    }))
}

/// The axes of a multi-dimensional complex `request` in decreasing input stride (ties in
/// their own order), where that is not the shape's order and puts the output's strides in
/// decreasing order too (axes of one point, whose stride addresses nothing, aside);
/// `None` otherwise: a real transform, one dimension, the axes already in that order, or
/// an output layout that disagrees with the input's.
pub(super) fn storage_order(request: &PlanRequest) -> Result<Option<Vec<usize>>, PlanError> {
    if request.real.is_some() {
        return Ok(None);
    }
    let Some(shape) = request.shape.filter(|shape| shape.rank() > 1) else {
        return Ok(None);
    };
    let dims = shape.dims();
    let input = request.input.resolve(dims, request.batch)?;
    let output = request.output.resolve(dims, request.batch)?;
    // Axes of one point go last, where they change no address.
    let key = |axis: usize| (dims[axis] > 1, input.strides[axis]);
    let mut order: Vec<usize> = (0..dims.len()).collect();
    order.sort_by(|&a, &b| key(b).cmp(&key(a)).then(a.cmp(&b)));
    if order.iter().copied().eq(0..dims.len()) {
        return Ok(None);
    }
    let output_strides: Vec<usize> = order
        .iter()
        .filter(|&&axis| dims[axis] > 1)
        .map(|&axis| output.strides[axis])
        .collect();
    let agrees = output_strides.windows(2).all(|pair| pair[0] >= pair[1]);
    Ok(agrees.then_some(order))
}

impl Plan {
    /// The order in which the passes take the shape's axes where the caller's layouts hold
    /// them in another order in memory (a Fortran-order array: `[1, 0]`), `None` where they
    /// take them as the shape gives them. The plan's passes are then those of the array with
    /// its dimensions in this order, which the same memory holds in C order.
    pub fn storage_order(&self) -> Option<Vec<usize>> {
        storage_order(&self.request).ok().flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::DeviceCaps;

    fn request(
        dims: &[usize],
        axes: Option<&[usize]>,
        input: Layout,
        output: Layout,
    ) -> PlanRequest {
        PlanRequest {
            batch: 2,
            shape: Some(Shape::new(dims, axes).unwrap()),
            input,
            output,
            ..PlanRequest::new(dims.iter().product())
        }
    }

    #[test]
    fn fortran_order_arrays_are_planned_as_the_c_order_arrays_their_memory_holds() {
        let fortran = Layout::strided(&[1, 64], 64 * 32);
        for caps in [DeviceCaps::NVIDIA_GPU, DeviceCaps::POCL_CPU] {
            let plan = Plan::new(request(&[64, 32], None, fortran, fortran), &caps).unwrap();
            let c_order = Plan::new(
                request(&[32, 64], None, Layout::default(), Layout::default()),
                &caps,
            )
            .unwrap();
            assert_eq!(plan.storage_order(), Some(vec![1, 0]));
            assert_eq!(plan.passes, c_order.passes);
            assert!(!plan.has_layout_passes());
            // The plan keeps the caller's request: its shape and layouts.
            assert_eq!(plan.dims(), [64, 32]);
            assert_eq!(plan.request.input, fortran);
            assert!(
                plan.explain().contains("axes in storage order"),
                "{}",
                plan.explain()
            );
        }
        // One axis of a Fortran-order 3-D array: its columns are contiguous rows.
        let volume = Layout::strided(&[1, 8, 80], 8 * 10 * 6);
        let plan = Plan::new(
            request(&[8, 10, 6], Some(&[0]), volume, volume),
            &DeviceCaps::NVIDIA_GPU,
        )
        .unwrap();
        let rows = Plan::new(
            request(
                &[6, 10, 8],
                Some(&[2]),
                Layout::default(),
                Layout::default(),
            ),
            &DeviceCaps::NVIDIA_GPU,
        )
        .unwrap();
        assert_eq!(plan.storage_order(), Some(vec![2, 1, 0]));
        assert_eq!(plan.passes, rows.passes);
        // Padded columns: the plan of the C-order array with padded rows, whatever its
        // passes do with them.
        let padded = Layout::strided(&[1, 72], 72 * 32 + 5);
        let plan = Plan::new(
            request(&[64, 32], None, padded, padded),
            &DeviceCaps::NVIDIA_GPU,
        )
        .unwrap();
        let rows = Layout::strided(&[72, 1], 72 * 32 + 5);
        let c_order = Plan::new(
            request(&[32, 64], None, rows, rows),
            &DeviceCaps::NVIDIA_GPU,
        )
        .unwrap();
        assert_eq!(plan.storage_order(), Some(vec![1, 0]));
        assert_eq!(plan.passes, c_order.passes);
        assert_eq!(plan.input_layout(), padded.resolve(&[64, 32], 2));
    }

    #[test]
    fn layouts_that_disagree_or_are_already_in_order_keep_the_shapes_axes() {
        let fortran = Layout::strided(&[1, 64], 64 * 32);
        let cases = [
            // C order in, Fortran out: either order needs a layout pass.
            request(&[64, 32], None, Layout::default(), fortran),
            request(&[64, 32], None, fortran, Layout::default()),
            // Already C order, padded.
            request(
                &[64, 32],
                None,
                Layout::strided(&[40, 1], 64 * 40),
                Layout::default(),
            ),
            // One dimension.
            request(
                &[64],
                None,
                Layout::strided(&[2], 128),
                Layout::strided(&[2], 128),
            ),
        ];
        for case in cases {
            assert_eq!(storage_order(&case), Ok(None), "{case:?}");
        }
        // Real transforms keep their halved axis.
        let real = PlanRequest {
            real: Some(crate::kernel::RealLayout::Compact),
            ..request(&[64, 32], None, fortran, Layout::strided(&[1, 64], 64 * 17))
        };
        assert_eq!(storage_order(&real), Ok(None));
        // Axes of one point go last and decide nothing.
        let single = Layout::strided(&[1, 1, 64], 64 * 32);
        let order = storage_order(&request(&[64, 1, 32], None, single, single)).unwrap();
        assert_eq!(order, Some(vec![2, 0, 1]));
    }
}
