//! Checks of the device buffers a caller hands to a plan, beyond their length: both must belong
//! to the plan's context, and the input and output of an out-of-place transform must not share
//! memory (two sub-buffers of one parent, or a sub-buffer and its parent).

use crate::error::{Error, Result};
use ocl::enums::{MemInfo, MemInfoResult};
use ocl::{Buffer, OclPrm, Queue};

/// Where the values a plan uses lie: the memory object they are in (the buffer itself, or a
/// sub-buffer's parent) and the byte range there.
#[derive(Debug)]
struct Extent {
    root: *mut std::ffi::c_void,
    start: u64,
    end: u64,
}

fn info<T: OclPrm>(buffer: &Buffer<T>, kind: MemInfo) -> Result<MemInfoResult> {
    buffer.mem_info(kind).map_err(|e| Error::OpenCl {
        action: "querying a buffer's context, parent and offset",
        source: e.into(),
    })
}

/// Rejects a buffer of another context than `queue`'s.
fn check_context<T: OclPrm>(queue: &Queue, role: &'static str, buffer: &Buffer<T>) -> Result<()> {
    match info(buffer, MemInfo::Context)? {
        MemInfoResult::Context(context) if context.as_ptr() == queue.context().as_ptr() => Ok(()),
        _ => Err(Error::ForeignContext { role }),
    }
}

/// The extent of the first `used` values of `buffer`.
fn extent<T: OclPrm>(buffer: &Buffer<T>, used: usize) -> Result<Extent> {
    let (root, start) = match info(buffer, MemInfo::AssociatedMemobject)? {
        MemInfoResult::AssociatedMemobject(Some(parent)) => match info(buffer, MemInfo::Offset)? {
            MemInfoResult::Offset(offset) => (parent.as_ptr(), offset as u64),
            _ => (parent.as_ptr(), 0),
        },
        _ => (buffer.as_core().as_ptr(), 0),
    };
    let bytes = (used * std::mem::size_of::<T>()) as u64;
    Ok(Extent {
        root,
        start,
        end: start + bytes,
    })
}

/// Checks the buffers of one call that transforms `used` values of `input` into `output` on
/// `queue`: both in `queue`'s context, and (unless they are the same buffer object: in place)
/// their used ranges disjoint.
pub(crate) fn check_buffers<T: OclPrm>(
    queue: &Queue,
    input: &Buffer<T>,
    output: &Buffer<T>,
    used: usize,
) -> Result<()> {
    check_pair(queue, (input, used), (output, used))
}

/// [`check_buffers`] for an input and an output of different element types (a real
/// transform's reals and complex values), each with the number of values the call uses.
pub(crate) fn check_pair<A: OclPrm, B: OclPrm>(
    queue: &Queue,
    (input, input_used): (&Buffer<A>, usize),
    (output, output_used): (&Buffer<B>, usize),
) -> Result<()> {
    check_context(queue, "input", input)?;
    check_context(queue, "output", output)?;
    if input.as_core().as_ptr() == output.as_core().as_ptr() {
        return Ok(());
    }
    let (i, o) = (extent(input, input_used)?, extent(output, output_used)?);
    if i.root == o.root && i.start < o.end && o.start < i.end {
        return Err(Error::BuffersOverlap {
            input_start: i.start,
            input_end: i.end,
            output_start: o.start,
            output_end: o.end,
        });
    }
    Ok(())
}
