//! The device buffers plans allocate themselves: work buffers and the staging buffers host
//! calls reuse.

use crate::error::{Error, Result};
use ocl::{Buffer, OclPrm, Queue};

/// A device buffer of `len` values (at least one: OpenCL has no empty buffers).
pub(crate) fn device_buffer<V: OclPrm>(queue: &Queue, len: usize) -> Result<Buffer<V>> {
    Buffer::<V>::builder()
        .queue(queue.clone())
        .len(len.max(1))
        .build()
        .map_err(Error::ocl("allocating a device buffer"))
}

/// The device buffer in `slot` when it holds `len` values, else a new one kept there: the
/// staging buffers host calls reuse from call to call.
pub(crate) fn staging_buffer<V: OclPrm>(
    queue: &Queue,
    slot: &mut Option<Buffer<V>>,
    len: usize,
) -> Result<Buffer<V>> {
    match slot {
        Some(buffer) if buffer.len() == len.max(1) => Ok(buffer.clone()),
        _ => {
            let buffer = device_buffer(queue, len)?;
            *slot = Some(buffer.clone());
            Ok(buffer)
        }
    }
}
