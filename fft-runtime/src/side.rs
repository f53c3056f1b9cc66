//! [`Side`]: the device buffers of one side (input or output) of a complex transform,
//! interleaved or planar, and their checks against the side's layout.

use crate::buffer_checks::check_pair;
use crate::error::{Error, Result};
use crate::float::FftFloat;
use crate::launch::Data;
use fft_core::plan::Resolved;
use num_complex::Complex;
use ocl::{Buffer, OclPrm, Queue};

/// One side of a complex transform on the device.
pub enum Side<'a, T: FftFloat>
where
    Complex<T>: OclPrm,
{
    /// Interleaved complex values (`float2`), the default.
    Interleaved(&'a Buffer<Complex<T>>),
    /// Planar complex values: the real parts in the first buffer, the imaginary parts in the
    /// second, both in the side's layout.
    Planar(&'a Buffer<T>, &'a Buffer<T>),
}

impl<T: FftFloat> Clone for Side<'_, T>
where
    Complex<T>: OclPrm,
{
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: FftFloat> Copy for Side<'_, T> where Complex<T>: OclPrm {}

impl<'a, T: FftFloat> Side<'a, T>
where
    Complex<T>: OclPrm,
{
    /// The side as the launches bind it.
    pub(crate) fn data(self) -> Data<'a, T> {
        match self {
            Side::Interleaved(buffer) => Data::Complex(buffer),
            Side::Planar(re, im) => Data::Planar(re, im),
        }
    }

    /// The memory object of its (first) buffer, which tells in place from out of place.
    pub(crate) fn id(&self) -> *mut std::ffi::c_void {
        match self {
            Side::Interleaved(buffer) => buffer.as_core().as_ptr(),
            Side::Planar(re, _) => re.as_core().as_ptr(),
        }
    }

    /// Checks that the side matches the plan's `layout` for `role`: the storage, and
    /// buffers holding the layout's extent.
    pub(crate) fn check(&self, role: &'static str, layout: &Resolved) -> Result<()> {
        let text = describe(layout);
        let too_small = |role: &'static str, actual: usize| Error::LayoutTooSmall {
            role,
            expected: layout.extent,
            actual,
            layout: text.clone(),
        };
        match (self, layout.planar) {
            (Side::Interleaved(buffer), false) => {
                if buffer.len() < layout.extent {
                    return Err(too_small(role, buffer.len()));
                }
            }
            (Side::Planar(re, im), true) => {
                for (part, buffer) in [
                    (planar_role(role, true), re),
                    (planar_role(role, false), im),
                ] {
                    if buffer.len() < layout.extent {
                        return Err(too_small(part, buffer.len()));
                    }
                }
                if re.as_core().as_ptr() == im.as_core().as_ptr() {
                    return Err(Error::WrongStorage {
                        role,
                        planned: "planar",
                        given: "one buffer for both parts as planar",
                        fix: "pass two buffers: the real parts and the imaginary parts",
                    });
                }
            }
            (Side::Interleaved(_), true) => {
                return Err(Error::WrongStorage {
                    role,
                    planned: "planar",
                    given: "interleaved",
                    fix: "pass Side::Planar(real parts, imaginary parts) to enqueue_sides",
                })
            }
            (Side::Planar(..), false) => {
                return Err(Error::WrongStorage {
                    role,
                    planned: "interleaved",
                    given: "planar",
                    fix: "pass Side::Interleaved(buffer), or build the plan with a planar layout",
                })
            }
        }
        Ok(())
    }

    /// Checks both sides of one call: each buffer in `queue`'s context, and the output's
    /// buffers sharing no memory with the input's (unless they are the same objects: in
    /// place) nor with each other.
    pub(crate) fn check_disjoint(
        queue: &Queue,
        (input, input_extent): (Side<'_, T>, usize),
        (output, output_extent): (Side<'_, T>, usize),
    ) -> Result<()> {
        for a in input.parts() {
            for b in output.parts() {
                match (a, b) {
                    (Data::Complex(a), Data::Complex(b)) => {
                        check_pair(queue, (a, input_extent), (b, output_extent))?
                    }
                    (Data::Real(a), Data::Real(b)) => {
                        check_pair(queue, (a, input_extent), (b, output_extent))?
                    }
                    (Data::Complex(a), Data::Real(b)) => {
                        check_pair(queue, (a, input_extent), (b, output_extent))?
                    }
                    (Data::Real(a), Data::Complex(b)) => {
                        check_pair(queue, (a, input_extent), (b, output_extent))?
                    }
                    _ => {}
                }
            }
        }
        if let Side::Planar(re, im) = output {
            check_pair(queue, (re, output_extent), (im, output_extent))?;
        }
        Ok(())
    }

    /// Each buffer of the side.
    fn parts(self) -> Vec<Data<'a, T>> {
        match self {
            Side::Interleaved(buffer) => vec![Data::Complex(buffer)],
            Side::Planar(re, im) => vec![Data::Real(re), Data::Real(im)],
        }
    }
}

fn planar_role(role: &'static str, real: bool) -> &'static str {
    match (role, real) {
        ("input", true) => "input real parts",
        ("input", false) => "input imaginary parts",
        ("output", true) => "output real parts",
        ("output", false) => "output imaginary parts",
        (_, true) => "real parts",
        (_, false) => "imaginary parts",
    }
}

/// A layout in words: "strides [2], distance 2100, interleaved".
pub(crate) fn describe(layout: &Resolved) -> String {
    format!(
        "strides {:?}, distance {}, {}",
        layout.strides,
        layout.distance,
        if layout.planar {
            "planar"
        } else {
            "interleaved"
        }
    )
}
