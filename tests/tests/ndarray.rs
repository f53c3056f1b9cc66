//! The `ndarray` feature of fft-runtime (issue 11, item 4) on the device under test (PoCL in
//! CI): numpy's `fftn` in place on arrays and views of every kind of strides (C order, Fortran
//! order, permuted axes, which the plan reads where they lie; slices with steps and reversed
//! axes, which go through a staging copy), along every axis or a subset, f32 and f64, against
//! the separable f64 oracle, with the elements outside a view checked unchanged; `rfftn` and
//! `irfftn` against the 1-D real references along the last axis and the oracle along the
//! others, and their round trip; and the refusals (rank 0 and 4, axes of length 0, bad axes,
//! a half spectrum of the wrong length), the array left as it was.

use fft_core::plan::PlanError;
use fft_core::{Complex64, Direction, Normalization};
use fft_runtime::ndarray::{fftn_inplace, irfftn, rfftn};
use fft_runtime::ocl::OclPrm;
use fft_runtime::{Error, FftFloat};
use ndarray::{
    s, Array, Array0, Array1, Array2, Array3, ArrayD, ArrayViewMutD, Axis, IxDyn, ShapeBuilder,
    Slice,
};
use num_complex::{Complex, Complex32};
use oclfft_tests::*;

/// One step from an array to the view transformed.
#[derive(Clone, Debug)]
enum Op {
    /// `permuted_axes(order)`.
    Permute(Vec<usize>),
    /// `reversed_axes()`: a C array seen in Fortran order.
    ReverseAxes,
    /// `s![start..end;step]` along one axis (a negative step reverses it).
    Slice(usize, isize, Option<isize>, isize),
}

/// The view of `array` that `ops` describe, in order.
fn view_of<'a, A>(array: &'a mut ArrayD<A>, ops: &[Op]) -> ArrayViewMutD<'a, A> {
    let mut view = array.view_mut();
    for op in ops {
        view = match op {
            Op::Permute(order) => view.permuted_axes(order.clone()),
            Op::ReverseAxes => view.reversed_axes(),
            Op::Slice(axis, start, end, step) => {
                view.slice_axis_inplace(Axis(*axis), Slice::new(*start, *end, *step));
                view
            }
        };
    }
    view
}

/// A C-order (or Fortran-order) array of `dims` holding random values.
fn random_array<T: FftFloat>(dims: &[usize], fortran: bool, seed: u64) -> ArrayD<Complex<T>> {
    let total = dims.iter().product();
    let values = to_device::<T>(&random_signal(total, seed));
    let shape = IxDyn(dims);
    if fortran {
        Array::from_shape_vec(shape.f(), values).unwrap()
    } else {
        Array::from_shape_vec(shape, values).unwrap()
    }
}

/// One in-place complex case: the array, the view of it, the transform.
#[derive(Clone, Debug)]
struct Case {
    dims: Vec<usize>,
    fortran: bool,
    ops: Vec<Op>,
    axes: Option<Vec<usize>>,
    direction: Direction,
    normalization: Normalization,
}

impl Case {
    fn new(dims: &[usize]) -> Case {
        Case {
            dims: dims.to_vec(),
            fortran: false,
            ops: Vec::new(),
            axes: None,
            direction: Direction::Forward,
            normalization: Normalization::None,
        }
    }

    fn fortran(self) -> Case {
        Case {
            fortran: true,
            ..self
        }
    }

    fn op(mut self, op: Op) -> Case {
        self.ops.push(op);
        self
    }

    fn axes(self, axes: &[usize]) -> Case {
        Case {
            axes: Some(axes.to_vec()),
            ..self
        }
    }

    /// Transforms the view in place; checks it against the oracle of the view's values
    /// (logical order) and the array's other elements unchanged.
    fn check<T: FftFloat>(&self) -> Result<(), String>
    where
        Complex<T>: OclPrm,
    {
        let mut array = random_array::<T>(&self.dims, self.fortran, 11);
        let original = array.clone();
        let mut view = view_of(&mut array, &self.ops);
        let shape = view.shape().to_vec();
        let before: Vec<Complex64> = view
            .iter()
            .map(|&v| fft_runtime::complex_to_f64(v))
            .collect();
        fftn_inplace(
            test_queue(),
            &mut view,
            self.axes.as_deref(),
            self.direction,
            self.normalization,
        )
        .map_err(|e| format!("{self:?}: {e}"))?;
        let got: Vec<Complex64> = view
            .iter()
            .map(|&v| fft_runtime::complex_to_f64(v))
            .collect();
        let axes = self
            .axes
            .clone()
            .unwrap_or_else(|| (0..shape.len()).collect());
        let n: usize = axes.iter().map(|&a| shape[a]).product();
        let scale = self.normalization.scale(n, self.direction);
        let want = nd_oracle(&before, &shape, &axes, self.direction, scale);
        check_against(&got, &want, got.len(), nd_tolerance::<T>(&shape, &axes))
            .map_err(|e| format!("{self:?} (view of shape {shape:?}): {e}"))?;
        // Put the view's old values back: the whole array must then be the original.
        let mut original_copy = original.clone();
        view.assign(&view_of(&mut original_copy, &self.ops));
        if array != original {
            return Err(format!("{self:?}: elements outside the view changed"));
        }
        Ok(())
    }
}

fn run_cases(cases: &[Case]) {
    let mut failures = Vec::new();
    for case in cases {
        for result in [case.check::<f32>(), case.check::<f64>()] {
            if let Err(e) = result {
                failures.push(e);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn arrays_that_fill_their_memory_are_transformed_where_they_lie() {
    run_cases(&[
        // C order, every axis; powers of two, mixed radices, Bluestein's 17.
        Case::new(&[8, 12]),
        Case::new(&[16]),
        Case::new(&[4, 6, 10]),
        Case::new(&[17, 8]).axes(&[0]),
        // Fortran order: strides [1, 6] and [1, 5, 40].
        Case::new(&[6, 10]).fortran(),
        Case::new(&[5, 8, 4]).fortran(),
        Case::new(&[9, 16]).fortran().axes(&[1]),
        // A C array seen through reversed_axes(): Fortran order of the reversed shape.
        Case::new(&[5, 8, 4]).op(Op::ReverseAxes),
        // Permuted axes of a C array: strides [1, 60, 10], and [10, 1] of a matrix.
        Case::new(&[4, 6, 10]).op(Op::Permute(vec![2, 0, 1])),
        Case::new(&[4, 6, 10])
            .op(Op::Permute(vec![2, 0, 1]))
            .axes(&[2, 0]),
        Case::new(&[12, 10]).op(Op::Permute(vec![1, 0])).axes(&[0]),
        Case::new(&[3, 8, 5])
            .fortran()
            .op(Op::Permute(vec![1, 2, 0])),
        // A block of whole rows (contiguous, starting inside the array), and the same of a
        // Fortran array's columns.
        Case::new(&[8, 10]).op(Op::Slice(0, 2, Some(6), 1)),
        Case::new(&[10, 8])
            .fortran()
            .op(Op::Slice(1, 1, Some(4), 1)),
        // Axes of length 1, whose strides address nothing.
        Case::new(&[3, 1, 5]).op(Op::Permute(vec![1, 2, 0])),
        Case::new(&[6, 8]).op(Op::Slice(0, 3, Some(4), 1)),
        // Inverse, every normalization.
        Case {
            direction: Direction::Inverse,
            normalization: Normalization::Backward,
            ..Case::new(&[6, 10]).fortran()
        },
        Case {
            normalization: Normalization::Ortho,
            ..Case::new(&[4, 6, 10]).op(Op::Permute(vec![1, 2, 0]))
        },
        Case {
            normalization: Normalization::Forward,
            ..Case::new(&[8, 12]).op(Op::ReverseAxes).axes(&[1])
        },
    ]);
}

#[test]
fn other_views_go_through_a_staging_copy() {
    run_cases(&[
        // Every other column (s![.., ..;2]) and every third row.
        Case::new(&[6, 16]).op(Op::Slice(1, 0, None, 2)),
        Case::new(&[12, 8]).op(Op::Slice(0, 1, None, 3)).axes(&[0]),
        // A reversed axis (s![..;-1, ..]): contiguous in memory, but stepping backward.
        Case::new(&[8, 10]).op(Op::Slice(0, 0, None, -1)),
        Case::new(&[4, 6, 5])
            .op(Op::Slice(2, 0, None, -1))
            .axes(&[2, 1]),
        // Reversed with a step, of a Fortran array.
        Case::new(&[9, 8]).fortran().op(Op::Slice(1, 0, None, -2)),
        // A block of columns: rows with gaps between them.
        Case::new(&[8, 10]).op(Op::Slice(1, 2, Some(7), 1)),
        // A sub-block of a permuted 3-D array, inverse.
        Case {
            direction: Direction::Inverse,
            normalization: Normalization::Backward,
            ..Case::new(&[6, 8, 10])
                .op(Op::Permute(vec![2, 0, 1]))
                .op(Op::Slice(1, 1, Some(5), 1))
                .op(Op::Slice(0, 0, None, 3))
        },
    ]);
}

#[test]
fn typed_dimensions_and_the_s_macro_work_too() {
    // Array2 and Array3 (Ix2, Ix3), not IxDyn, with ndarray's own slicing syntax.
    let queue = test_queue();
    let values = random_signal(8 * 12, 3);
    let start = Array2::from_shape_vec((8, 12), to_device::<f32>(&values)).unwrap();
    let oracle_of = |view: &[Complex64], shape: &[usize]| {
        nd_oracle(view, shape, &[0, 1], Direction::Forward, 1.0)
    };
    let widen = |it: ndarray::iter::Iter<'_, Complex32, ndarray::Ix2>| -> Vec<Complex64> {
        it.map(|&v| fft_runtime::complex_to_f64(v)).collect()
    };
    for (name, slice) in [
        ("s![.., ..;2]", s![.., ..;2]),
        ("s![..;-1, ..]", s![..;-1, ..]),
        ("s![1..7, ..]", s![1..7, ..]),
    ] {
        let mut array = start.clone();
        let mut view = array.slice_mut(slice);
        let shape = view.shape().to_vec();
        let before = widen(view.iter());
        fftn_inplace(
            queue,
            &mut view,
            None,
            Direction::Forward,
            Normalization::None,
        )
        .unwrap();
        let got = widen(view.iter());
        check_against(
            &got,
            &oracle_of(&before, &shape),
            got.len(),
            nd_tolerance::<f32>(&shape, &[0, 1]),
        )
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    // An owned Fortran-order Array3 of f64, passed as itself.
    let mut volume = Array3::<Complex<f64>>::zeros((4, 6, 5).f());
    for (i, v) in volume.iter_mut().enumerate() {
        *v = Complex::new(i as f64, -(i as f64) / 2.0);
    }
    let before: Vec<Complex64> = volume.iter().copied().collect();
    fftn_inplace(
        queue,
        &mut volume,
        None,
        Direction::Forward,
        Normalization::None,
    )
    .unwrap();
    assert!(!volume.is_standard_layout() && volume.t().is_standard_layout());
    let got: Vec<Complex64> = volume.iter().copied().collect();
    let want = nd_oracle(&before, &[4, 6, 5], &[0, 1, 2], Direction::Forward, 1.0);
    check_against(
        &got,
        &want,
        got.len(),
        nd_tolerance::<f64>(&[4, 6, 5], &[0, 1, 2]),
    )
    .unwrap();
}

/// rfftn of the view `ops` make of a random real array, against the reference; irfftn of the
/// result (and of Fortran-order and reversed copies of it) against the reference and back to
/// the reals.
fn check_real<T: FftFloat>(dims: &[usize], fortran: bool, ops: &[Op]) -> Result<(), String>
where
    Complex<T>: OclPrm,
{
    let what = format!("{dims:?} fortran {fortran} {ops:?}");
    let queue = test_queue();
    let mut array = random_array::<T>(dims, fortran, 5).mapv(|v| v.re);
    let view = view_of(&mut array, ops);
    let shape = view.shape().to_vec();
    let x: Vec<f64> = view.iter().map(|&v| v.into()).collect();
    let spectrum = rfftn(queue, &view, Normalization::None).map_err(|e| format!("{what}: {e}"))?;
    let n = *shape.last().unwrap();
    let mut half_shape = shape.clone();
    *half_shape.last_mut().unwrap() = n / 2 + 1;
    if spectrum.shape() != half_shape.as_slice() || !spectrum.is_standard_layout() {
        return Err(format!(
            "{what}: rfftn gave shape {:?} (standard layout {}), want {half_shape:?} in C order",
            spectrum.shape(),
            spectrum.is_standard_layout()
        ));
    }
    let got: Vec<Complex64> = spectrum
        .iter()
        .map(|&v| fft_runtime::complex_to_f64(v))
        .collect();
    let tolerance = nd_tolerance::<T>(&shape, &(0..shape.len()).collect::<Vec<_>>());
    check_against(&got, &rfftn_oracle_all(&x, &shape), got.len(), tolerance)
        .map_err(|e| format!("rfftn {what}: {e}"))?;

    let want_back: Vec<f64> = irfftn_oracle_all(&got, &shape);
    let zero = Complex::new(T::from_f64(0.0), T::from_f64(0.0));
    let mut fortran_copy = Array::from_elem(spectrum.raw_dim().f(), zero);
    fortran_copy.assign(&spectrum);
    let reversed = spectrum.slice_axis(Axis(0), Slice::new(0, None, -1));
    let reversed_back = irfftn_oracle_all(
        &reversed
            .iter()
            .map(|&v| fft_runtime::complex_to_f64(v))
            .collect::<Vec<_>>(),
        &shape,
    );
    // NaN fails too: `within` is false for it.
    let within = |value: f64, bound: f64| value <= bound;
    for (name, input, want) in [
        ("C order", spectrum.view(), &want_back),
        ("Fortran order", fortran_copy.view(), &want_back),
        ("axis 0 reversed", reversed.view(), &reversed_back),
    ] {
        let back = irfftn(queue, &input, n, Normalization::None)
            .map_err(|e| format!("irfftn {name} {what}: {e}"))?;
        if back.shape() != shape.as_slice() || !back.is_standard_layout() {
            return Err(format!("irfftn {name} {what}: shape {:?}", back.shape()));
        }
        let back: Vec<f64> = back.iter().map(|&v| v.into()).collect();
        let error = relative_l2(&back, want);
        if !within(error, tolerance.relative_l2 * 2.0) {
            return Err(format!(
                "irfftn {name} {what}: relative L2 {error:.3e} (bound {:.3e})",
                tolerance.relative_l2 * 2.0
            ));
        }
    }
    // numpy's default normalization gives the reals back.
    let back = irfftn(queue, &spectrum, n, Normalization::Backward).map_err(|e| e.to_string())?;
    let back: Vec<f64> = back.iter().map(|&v| v.into()).collect();
    let round = relative_l2(&back, &x);
    if !within(round, tolerance.relative_l2 * 4.0) {
        return Err(format!("round trip {what}: relative L2 {round:.3e}"));
    }
    Ok(())
}

#[test]
fn rfftn_and_irfftn_match_the_references_for_any_strides() {
    let cases: Vec<(&[usize], bool, Vec<Op>)> = vec![
        (&[6, 10], false, vec![]),
        (&[8, 9], true, vec![]),
        (&[4, 6, 8], false, vec![Op::Permute(vec![2, 0, 1])]),
        (&[5, 12], false, vec![Op::Slice(1, 0, None, 2)]),
        (&[7, 8], false, vec![Op::Slice(0, 0, None, -1)]),
        (&[5, 8, 4], false, vec![Op::ReverseAxes]),
        (&[17, 6], false, vec![]),
        (&[2, 32], false, vec![Op::Slice(0, 1, Some(2), 1)]),
        (&[3, 5, 7], true, vec![Op::Slice(1, 0, None, -2)]),
    ];
    let mut failures = Vec::new();
    for (dims, fortran, ops) in &cases {
        for result in [
            check_real::<f32>(dims, *fortran, ops),
            check_real::<f64>(dims, *fortran, ops),
        ] {
            if let Err(e) = result {
                failures.push(e);
            }
        }
    }
    // A 1-D signal of 1000 reals, as numpy's rfft/irfft.
    let signal = Array1::from_iter((0..1000).map(|i| (i as f32 * 0.3).cos()));
    let half = rfftn(test_queue(), &signal, Normalization::None).unwrap();
    assert_eq!(half.shape(), [501]);
    let back = irfftn(test_queue(), &half, 1000, Normalization::Backward).unwrap();
    assert!(
        back.iter().zip(&signal).all(|(b, s)| (b - s).abs() < 1e-4),
        "the 1-D round trip"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn plan_error(result: Result<impl std::fmt::Debug, Error>) -> PlanError {
    match result {
        Err(Error::Plan(e)) => e,
        other => panic!("expected a plan error, got {other:?}"),
    }
}

#[test]
fn unsupported_arrays_are_refused_and_left_as_they_were() {
    let queue = test_queue();
    let fwd = Direction::Forward;
    let none = Normalization::None;
    let one = Complex::new(1.0f32, 2.0);

    // Rank 0: a single value is no transform.
    let mut scalar = Array0::from_elem((), one);
    assert_eq!(
        plan_error(fftn_inplace(queue, &mut scalar, None, fwd, none)),
        PlanError::UnsupportedRank { rank: 0 }
    );
    assert_eq!(scalar[()], one);
    assert_eq!(
        plan_error(rfftn(queue, &Array0::from_elem((), 1.0f32), none)),
        PlanError::UnsupportedRank { rank: 0 }
    );
    assert_eq!(
        plan_error(irfftn(queue, &scalar, 4, none)),
        PlanError::UnsupportedRank { rank: 0 }
    );

    // Rank 4: beyond the library's 3, as the plan says; C order and a Fortran view.
    let mut four = Array::from_elem((2, 2, 2, 2), one);
    four[[1, 0, 1, 0]] = Complex::new(5.0, 0.0);
    let before = four.clone();
    assert_eq!(
        plan_error(fftn_inplace(queue, &mut four, None, fwd, none)),
        PlanError::UnsupportedRank { rank: 4 }
    );
    assert_eq!(
        plan_error(fftn_inplace(
            queue,
            &mut four.view_mut().reversed_axes(),
            Some(&[0]),
            fwd,
            none
        )),
        PlanError::UnsupportedRank { rank: 4 }
    );
    assert_eq!(four, before);
    let reals4 = Array::from_elem((2, 2, 2, 2), 1.0f64);
    assert_eq!(
        plan_error(rfftn(queue, &reals4, none)),
        PlanError::UnsupportedRank { rank: 4 }
    );
    assert_eq!(
        plan_error(irfftn(queue, &four, 2, none)),
        PlanError::UnsupportedRank { rank: 4 }
    );

    // Axes of length 0, wherever they are; the error names the axis.
    for dims in [vec![0, 4], vec![4, 0], vec![0], vec![3, 0, 2]] {
        let mut empty = ArrayD::<Complex32>::zeros(IxDyn(&dims));
        let axis = dims.iter().position(|&d| d == 0).unwrap();
        let err = plan_error(fftn_inplace(queue, &mut empty, None, fwd, none));
        assert_eq!(err, PlanError::AxisLength { axis, len: 0 }, "{dims:?}");
        let mut fortran = ArrayD::<Complex32>::zeros(IxDyn(&dims).f());
        let err = plan_error(fftn_inplace(queue, &mut fortran, None, fwd, none));
        assert_eq!(err, PlanError::AxisLength { axis, len: 0 }, "{dims:?}");
        let reals = ArrayD::<f32>::zeros(IxDyn(&dims));
        let err = plan_error(rfftn(queue, &reals, none));
        assert_eq!(err, PlanError::AxisLength { axis, len: 0 }, "{dims:?}");
    }
    // A slice with nothing in it.
    let mut matrix = Array2::from_elem((4, 6), one);
    let err = plan_error(fftn_inplace(
        queue,
        &mut matrix.slice_mut(s![2..2, ..]),
        None,
        fwd,
        none,
    ));
    assert_eq!(err, PlanError::AxisLength { axis: 0, len: 0 });
    // irfftn to a real length of 0.
    let half = Array2::from_elem((4, 1), one);
    assert_eq!(
        plan_error(irfftn(queue, &half, 0, none)),
        PlanError::AxisLength { axis: 1, len: 0 }
    );

    // Axes out of range or named twice; the matrix is left as it was, in both paths.
    matrix[[1, 2]] = Complex::new(-3.0, 0.5);
    let before = matrix.clone();
    for view_kind in 0..2 {
        let mut view = match view_kind {
            0 => matrix.view_mut(),
            _ => matrix.slice_mut(s![.., ..;-2]),
        };
        assert_eq!(
            plan_error(fftn_inplace(queue, &mut view, Some(&[2]), fwd, none)),
            PlanError::AxisOutOfRange { axis: 2, rank: 2 }
        );
        assert_eq!(
            plan_error(fftn_inplace(queue, &mut view, Some(&[1, 1]), fwd, none)),
            PlanError::RepeatedAxis { axis: 1 }
        );
        assert_eq!(
            plan_error(fftn_inplace(queue, &mut view, Some(&[]), fwd, none)),
            PlanError::NoAxes
        );
    }
    assert_eq!(matrix, before);

    // A half spectrum whose last axis does not fit the real length: both numbers.
    let half = Array2::from_elem((4, 5), one);
    for len in [7, 10, 11, 2] {
        match irfftn(queue, &half, len, none) {
            Err(Error::HalfSpectrumLength {
                axis: 1,
                actual: 5,
                expected,
                len: l,
            }) if expected == len / 2 + 1 && l == len => {}
            other => panic!("last_len {len}: {other:?}"),
        }
    }
    let message = irfftn(queue, &half, 7, none).unwrap_err().to_string();
    assert!(
        message.contains("axis 1") && message.contains("5 values") && message.contains("= 4"),
        "{message}"
    );
    // 8 and 9 both fit 5 values.
    assert_eq!(irfftn(queue, &half, 8, none).unwrap().shape(), [4, 8]);
    assert_eq!(irfftn(queue, &half, 9, none).unwrap().shape(), [4, 9]);
}

/// numpy's `rfftn(x)` in f64 of C-order reals of shape `dims`, every axis.
fn rfftn_oracle_all(x: &[f64], dims: &[usize]) -> Vec<Complex64> {
    rfftn_oracle(x, dims, &(0..dims.len()).collect::<Vec<_>>())
}

/// numpy's `irfftn(h, s=dims)` in f64, unnormalized, every axis.
fn irfftn_oracle_all(h: &[Complex64], dims: &[usize]) -> Vec<f64> {
    irfftn_oracle(h, dims, &(0..dims.len()).collect::<Vec<_>>())
}
