//! numpy's `fftn`, `rfftn` and `irfftn` on [`ndarray`] arrays, from the host (the
//! `ndarray` feature; ndarray 0.16).
//!
//! ```no_run
//! # fn main() -> Result<(), fft_runtime::Error> {
//! use fft_runtime::ndarray::{fftn_inplace, irfftn, rfftn};
//! use fft_runtime::{DeviceQueue, Direction, Normalization};
//! use ndarray::{s, Array2, ShapeBuilder};
//! use num_complex::Complex32;
//!
//! let queue = DeviceQueue::from_env()?;
//! // A Fortran-order image, transformed where it lies: its strides become the plan's layout.
//! let mut image = Array2::<Complex32>::zeros((480, 640).f());
//! image[[0, 0]] = Complex32::new(1.0, 0.0);
//! fftn_inplace(&queue, &mut image, None, Direction::Forward, Normalization::None)?;
//! // The columns of every other column (numpy's fftn(x[:, ::2], axes=[0])).
//! let mut view = image.slice_mut(s![.., ..;2]);
//! fftn_inplace(&queue, &mut view, Some(&[0]), Direction::Inverse, Normalization::Backward)?;
//! // Real data: the half spectrum of shape [480, 321], then the reals back.
//! let field = Array2::<f32>::ones((480, 640));
//! let half = rfftn(&queue, &field, Normalization::None)?;
//! let back = irfftn(&queue, &half, 640, Normalization::Backward)?;
//! assert!((back[[5, 7]] - 1.0).abs() < 1e-4);
//! # Ok(()) }
//! ```
//!
//! Each call plans its transform (the queue keeps the compiled programs, so a second call of
//! the same shape compiles no kernel again) and blocks until the result is on the host. Ranks
//! 1 to 3, as the library's plans; any other rank, an axis of length 0 or a bad list of axes
//! is the library's error, and the array is left as it was.

use crate::error::{Error, Result};
use crate::fft::Fft;
use crate::float::FftFloat;
use crate::queue::DeviceQueue;
use ::ndarray::{Array, ArrayBase, Data, DataMut, Dimension};
use fft_core::plan::Layout;
use fft_core::{Direction, Normalization};
use num_complex::Complex;
use ocl::OclPrm;
use std::borrow::Cow;

/// numpy's `fftn(x, axes=axes)` (or `ifftn` with [`Direction::Inverse`]) of a complex array,
/// in place: every axis, or those of `axes` (each once), scaled as `normalization` says with
/// N the product of the transformed lengths. `array` is an owned array or a view
/// (`&mut a.view_mut()`, `&mut a.slice_mut(s![..])`), `f32` or `f64`, of any strides.
///
/// An array whose elements fill one block of memory with every axis stepping forward (C order,
/// Fortran order, any permutation of the axes) is uploaded as it lies and its strides become
/// the plan's input and output [`Layout`]: the device reads and writes it in place, with no
/// reordering on the host. Any other array (a slice with steps, an axis reversed) is copied
/// in logical order into a contiguous staging vector, transformed, and written back element
/// by element: the upload copies the host data anyway, and a view with gaps may share them
/// with other views, so it cannot be handed over as one slice of memory.
///
/// Errors: a rank other than 1 to 3, an axis of length 0, an axis out of range or named
/// twice, f64 on a device without it; on any error the array is left as it was.
pub fn fftn_inplace<T, S, D>(
    queue: &DeviceQueue,
    array: &mut ArrayBase<S, D>,
    axes: Option<&[usize]>,
    direction: Direction,
    normalization: Normalization,
) -> Result<()>
where
    T: FftFloat,
    Complex<T>: OclPrm,
    S: DataMut<Elem = Complex<T>>,
    D: Dimension,
{
    let dims = array.shape().to_vec();
    let values = array.len();
    let plan = |layout: Option<Layout>| -> Result<Fft<T>> {
        let mut builder = Fft::<T>::builder(queue)
            .shape(&dims)
            .direction(direction)
            .normalization(normalization);
        if let Some(axes) = axes {
            builder = builder.axes(axes);
        }
        if let Some(layout) = layout {
            builder = builder.input_layout(layout).output_layout(layout);
        }
        builder.build()
    };
    match (forward_strides(array), array.as_slice_memory_order_mut()) {
        // The slice starts at the first element: no axis steps backward.
        (Some(strides), Some(memory)) => {
            let layout = Layout::strided(&strides, values);
            plan(Some(layout))?.process(memory)
        }
        _ => {
            let plan = plan(None)?;
            let mut staging: Vec<Complex<T>> = array.iter().copied().collect();
            plan.process(&mut staging)?;
            for (element, value) in array.iter_mut().zip(staging) {
                *element = value;
            }
            Ok(())
        }
    }
}

/// numpy's `rfftn(x)` of a real array: the real FFT of every row of the last axis (`n / 2 + 1`
/// values of each row of `n`), then the complex FFT along every other axis. Returns an owned
/// array in C order of the input's shape with its last axis `n / 2 + 1` long; `normalization`
/// scales by the product of the real lengths (numpy's `norm=`).
///
/// An array whose elements fill one block of memory with every axis stepping forward (C order,
/// Fortran order, any permutation of the axes) is uploaded as it lies, its strides the plan's
/// input [`Layout`] (in reals); any other (slices with steps, reversed axes, broadcasts) is
/// first copied into C order on the host. Errors as [`fftn_inplace`]'s.
pub fn rfftn<T, S, D>(
    queue: &DeviceQueue,
    array: &ArrayBase<S, D>,
    normalization: Normalization,
) -> Result<Array<Complex<T>, D>>
where
    T: FftFloat,
    Complex<T>: OclPrm,
    S: Data<Elem = T>,
    D: Dimension,
{
    let (reals, layout) = as_read(array);
    let plan = Fft::<T>::builder(queue)
        .shape(array.shape())
        .normalization(normalization)
        .input_layout(layout)
        .build_r2c()?;
    let spectrum = plan.process(&reals)?;
    let mut dim = array.raw_dim();
    if let Some(last) = dim.ndim().checked_sub(1) {
        dim[last] = plan.spectrum_len();
    }
    Ok(Array::from_shape_vec(dim, spectrum)
        .expect("an R2C plan returns the values of its half-spectrum shape, C order"))
}

/// numpy's `irfftn(x, s=shape)` of a half spectrum: the complex inverse FFT along every axis
/// but the last, then the complex-to-real FFT of every row of the last axis into `last_len`
/// reals (the real length the spectrum came from: `2 * (m - 1)` or `2 * (m - 1) + 1` for `m`
/// values). Returns an owned array in C order of the input's shape with its last axis
/// `last_len` long; unscaled unless `normalization` says ([`Normalization::Backward`] is
/// numpy's default `1/N`).
///
/// Any layout is read: an array that fills one block of memory with every axis stepping
/// forward as it lies (its strides the plan's input [`Layout`]), any other first copied into
/// C order. Errors as [`fftn_inplace`]'s, and [`Error::HalfSpectrumLength`] when the last axis is not
/// `last_len / 2 + 1` long.
pub fn irfftn<T, S, D>(
    queue: &DeviceQueue,
    array: &ArrayBase<S, D>,
    last_len: usize,
    normalization: Normalization,
) -> Result<Array<T, D>>
where
    T: FftFloat,
    Complex<T>: OclPrm,
    S: Data<Elem = Complex<T>>,
    D: Dimension,
{
    let mut dims = array.shape().to_vec();
    if let Some(last) = dims.last_mut() {
        *last = last_len;
    }
    let (spectrum, layout) = as_read(array);
    let plan = Fft::<T>::builder(queue)
        .shape(&dims)
        .normalization(normalization)
        .input_layout(layout)
        .build_c2r()?;
    // The plan has a rank of 1 to 3, so there is a last axis.
    let axis = array.ndim() - 1;
    let actual = array.shape()[axis];
    if actual != plan.spectrum_len() {
        return Err(Error::HalfSpectrumLength {
            axis,
            actual,
            expected: plan.spectrum_len(),
            len: last_len,
        });
    }
    let reals = plan.process(&spectrum)?;
    let mut dim = array.raw_dim();
    dim[axis] = last_len;
    Ok(Array::from_shape_vec(dim, reals)
        .expect("a C2R plan returns the values of its real shape, C order"))
}

/// The elements of `array` as a plan reads them, with the plan's input layout: its own memory
/// where it fills one block with every axis stepping forward (its strides the layout; the
/// default for C order), else a C-order copy.
fn as_read<A: Copy, S: Data<Elem = A>, D: Dimension>(
    array: &ArrayBase<S, D>,
) -> (Cow<'_, [A]>, Layout) {
    if let Some(values) = array.as_slice() {
        return (Cow::Borrowed(values), Layout::default());
    }
    match (forward_strides(array), array.as_slice_memory_order()) {
        (Some(strides), Some(memory)) => (
            Cow::Borrowed(memory),
            Layout::strided(&strides, array.len()),
        ),
        _ => (
            Cow::Owned(array.iter().copied().collect()),
            Layout::default(),
        ),
    }
}

/// The strides of `array` in elements when its elements fill one block of memory and every
/// axis longer than 1 steps forward, so that the block's first element is the array's first
/// (axes of length 0 or 1 address nothing: stride 0); `None` otherwise.
fn forward_strides<S: Data, D: Dimension>(array: &ArrayBase<S, D>) -> Option<Vec<usize>> {
    array.as_slice_memory_order()?;
    array
        .shape()
        .iter()
        .zip(array.strides())
        .map(|(&len, &stride)| match len {
            0 | 1 => Some(0),
            _ => usize::try_from(stride).ok().filter(|&s| s > 0),
        })
        .collect()
}
