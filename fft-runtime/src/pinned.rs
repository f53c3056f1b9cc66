//! [`PinnedVec`]: host memory the device reads and writes by DMA at the bus speed.

use crate::error::{Error, Result};
use crate::queue::DeviceQueue;
use bytemuck::Pod;
use ocl::flags::{MapFlags, MemFlags};
use ocl::{Buffer, MemMap, OclPrm};
use std::ops::{Deref, DerefMut};

/// A fixed-length vector in page-locked ("pinned") host memory of a queue's context, as
/// `cudaMallocHost` or CuPy's `empty_pinned` give: host calls of plans on that context
/// ([`crate::Fft::process`] and the like) move a slice of it to and from the device by
/// DMA at the bus speed, with no copy through the plan's pinned chunks. It derefs to a slice
/// and starts zeroed.
///
/// ```no_run
/// # fn main() -> Result<(), fft_runtime::Error> {
/// use fft_runtime::{DeviceQueue, Fft, PinnedVec};
/// use num_complex::Complex32;
/// let queue = DeviceQueue::from_env()?;
/// let plan = Fft::<f32>::builder(&queue).len(1 << 20).batch(64).build()?;
/// let mut data = PinnedVec::<Complex32>::zeroed(&queue, (1 << 20) * 64)?;
/// data[0] = Complex32::new(1.0, 0.0);
/// plan.process(&mut data)?; // in and out at the bus speed
/// # Ok(()) }
/// ```
pub struct PinnedVec<V: OclPrm + Pod> {
    map: MemMap<V>,
    len: usize,
    queue: DeviceQueue,
    _buffer: Buffer<V>,
}

impl<V: OclPrm + Pod> PinnedVec<V> {
    /// `len` zeroed values of pinned memory in `queue`'s context.
    pub fn zeroed(queue: &DeviceQueue, len: usize) -> Result<PinnedVec<V>> {
        let buffer = Buffer::<V>::builder()
            .queue(queue.queue().clone())
            .flags(MemFlags::new().read_write().alloc_host_ptr())
            .len(len.max(1))
            .build()
            .map_err(Error::ocl("allocating pinned host memory"))?;
        // SAFETY: a blocking map of the whole buffer, used only through this vector, which
        // keeps the buffer alive and drops (unmaps) the mapping with it.
        let mut map = unsafe {
            buffer
                .map()
                .queue(queue.queue())
                .flags(MapFlags::new().read().write())
                .len(len.max(1))
                .enq()
        }
        .map_err(Error::ocl("mapping pinned host memory"))?;
        map.fill(V::zeroed());
        let start = map.as_ptr() as usize;
        queue.add_pinned(start..start + std::mem::size_of_val(&map[..]));
        Ok(PinnedVec {
            map,
            len,
            queue: queue.clone(),
            _buffer: buffer,
        })
    }

    /// A pinned copy of `values`.
    pub fn from_slice(queue: &DeviceQueue, values: &[V]) -> Result<PinnedVec<V>> {
        let mut pinned = PinnedVec::zeroed(queue, values.len())?;
        pinned.copy_from_slice(values);
        Ok(pinned)
    }
}

impl<V: OclPrm + Pod> Deref for PinnedVec<V> {
    type Target = [V];

    fn deref(&self) -> &[V] {
        &self.map[..self.len]
    }
}

impl<V: OclPrm + Pod> DerefMut for PinnedVec<V> {
    fn deref_mut(&mut self) -> &mut [V] {
        &mut self.map[..self.len]
    }
}

impl<V: OclPrm + Pod> Drop for PinnedVec<V> {
    fn drop(&mut self) {
        // Host calls stop treating the range as pinned before the mapping goes.
        self.queue.remove_pinned(self.map.as_ptr() as usize);
    }
}

impl<V: OclPrm + Pod> std::fmt::Debug for PinnedVec<V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PinnedVec")
            .field("len", &self.len)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::HostPath;

    #[test]
    fn pinned_vectors_are_recognized_while_they_live() {
        let queue = DeviceQueue::from_env().expect("an OpenCL device (PoCL in CI)");
        let derived = queue.clone().with_host_path(HostPath::Plain);
        let values: Vec<f64> = (0..1000).map(f64::from).collect();
        let pinned = PinnedVec::from_slice(&queue, &values).unwrap();
        assert_eq!(&pinned[..], &values[..]);
        assert!(queue.is_pinned(&pinned[..]) && queue.is_pinned(&pinned[10..20]));
        assert!(
            derived.is_pinned(&pinned[..]),
            "a derived queue shares the record"
        );
        assert!(!queue.is_pinned(&values[..]));
        let empty = PinnedVec::<f32>::zeroed(&queue, 0).unwrap();
        assert!(empty.is_empty());
        let start = pinned.as_ptr();
        drop(pinned);
        // SAFETY: only the address is used, to ask whether it is still recorded.
        let gone = unsafe { std::slice::from_raw_parts(start, 1) };
        assert!(!queue.is_pinned(gone), "a dropped vector is forgotten");
    }
}
