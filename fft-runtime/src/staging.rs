//! [`HostStaging`]: the host calls' transfers ([`crate::HostPath`]) for code that keeps its own
//! device buffers, such as a distributed plan moving a slab to and from the device.

use crate::error::{Error, Result};
use crate::host_transfer::HostTransfer;
use crate::queue::DeviceQueue;
use bytemuck::Pod;
use ocl::{Buffer, OclPrm};
use std::sync::Mutex;

/// Moves host slices to and from device buffers of one queue the way [`crate::Fft::process`]
/// does: through pinned chunks it keeps on GPUs (all host threads fill one chunk while the
/// previous one crosses the bus), one plain transfer on CPU devices and for small slices.
///
/// ```no_run
/// # fn main() -> Result<(), fft_runtime::Error> {
/// use fft_runtime::{DeviceQueue, HostStaging};
/// let queue = DeviceQueue::from_env()?;
/// let staging = HostStaging::new(&queue);
/// let device = fft_runtime::ocl::Buffer::<f32>::builder()
///     .queue(queue.queue().clone())
///     .len(1 << 24)
///     .build()?;
/// let mut values = vec![1.0f32; 1 << 24];
/// staging.upload(&values, &device)?;
/// staging.download(&device, &mut values)?;
/// # Ok(()) }
/// ```
pub struct HostStaging {
    queue: DeviceQueue,
    transfer: Mutex<HostTransfer>,
}

impl HostStaging {
    /// Transfers on `queue`, by its [`crate::HostPath`].
    pub fn new(queue: &DeviceQueue) -> HostStaging {
        HostStaging {
            queue: queue.clone(),
            transfer: Mutex::new(HostTransfer::new(
                queue.options().host_path,
                queue.summary().kind,
            )),
        }
    }

    /// Copies `values` into the start of `to`, after every command enqueued before on the
    /// queue; returns once they are on the device.
    pub fn upload<V: OclPrm + Pod>(&self, values: &[V], to: &Buffer<V>) -> Result<()> {
        fits("upload target buffer", values.len(), to.len())?;
        self.lock().upload(&self.queue, values, to)
    }

    /// Copies the first `out.len()` values of `from` into `out`, after every command enqueued
    /// before on the queue.
    pub fn download<V: OclPrm + Pod>(&self, from: &Buffer<V>, out: &mut [V]) -> Result<()> {
        fits("download source buffer", out.len(), from.len())?;
        self.lock().download(&self.queue, from, out)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HostTransfer> {
        self.transfer.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// `Ok` when a buffer of `actual` values holds the `expected` of a transfer.
fn fits(role: &'static str, expected: usize, actual: usize) -> Result<()> {
    if actual >= expected {
        return Ok(());
    }
    Err(Error::LayoutTooSmall {
        role,
        expected,
        actual,
        layout: "the values transferred, contiguous from the start".to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uploads_and_downloads_round_trip_and_short_buffers_are_refused() {
        let queue = DeviceQueue::from_env().expect("an OpenCL device (PoCL in CI)");
        let staging = HostStaging::new(&queue);
        let device = crate::device_buffers::device_buffer::<u32>(queue.queue(), 1000).unwrap();
        let values: Vec<u32> = (0..1000).collect();
        staging.upload(&values, &device).unwrap();
        let mut back = vec![0u32; 600];
        staging.download(&device, &mut back).unwrap();
        assert_eq!(back, values[..600]);
        let long = vec![0u32; 1001];
        let error = staging.upload(&long, &device).unwrap_err().to_string();
        assert!(error.contains("holds 1000 values"), "{error}");
    }
}
