//! [`MultiDeviceFft`]: one batched transform split across several devices (or queues) of one
//! process, for users with several GPUs and no MPI.

use crate::decomposition::even_split;
use crate::error::{DistributedError, Result};
use fft_runtime::ocl::{Buffer, OclPrm};
use fft_runtime::{DeviceQueue, Direction, Fft, FftFloat, Normalization};
use num_complex::Complex;
use std::ops::Range;

/// A batch of transforms of one shape, split into contiguous parts, one per queue
/// ([`even_split`] of the batch), each part transformed by its own plan on its own device at
/// the same time as the others.
pub struct MultiDeviceFft<T: FftFloat>
where
    Complex<T>: OclPrm,
{
    /// `(queue index, transforms of the batch, plan)` of every queue with work.
    parts: Vec<(usize, Range<usize>, Fft<T>)>,
    /// Values per transform.
    points: usize,
    batch: usize,
}

impl<T: FftFloat> MultiDeviceFft<T>
where
    Complex<T>: OclPrm,
{
    /// Plans `batch` transforms of `shape` (1-D to 3-D, every axis) over `queues`: queue `q`
    /// transforms the batch's part `even_split(batch, queues.len(), q)`; queues left without
    /// a transform (more queues than transforms) get no plan.
    pub fn new(
        queues: &[DeviceQueue],
        shape: &[usize],
        batch: usize,
        (direction, normalization): (Direction, Normalization),
    ) -> Result<Self> {
        if queues.is_empty() || shape.is_empty() || batch == 0 {
            return Err(DistributedError::NothingToSplit {
                queues: queues.len(),
                batch,
                shape: shape.to_vec(),
            });
        }
        let mut parts = Vec::new();
        for (q, queue) in queues.iter().enumerate() {
            let range = even_split(batch, queues.len(), q);
            if range.is_empty() {
                continue;
            }
            let plan = Fft::<T>::builder(queue)
                .shape(shape)
                .batch(range.len())
                .direction(direction)
                .normalization(normalization)
                .build()?;
            parts.push((q, range, plan));
        }
        Ok(MultiDeviceFft {
            parts,
            points: shape.iter().product(),
            batch,
        })
    }

    /// Which queue transforms which transforms of the batch.
    pub fn parts(&self) -> Vec<(usize, Range<usize>)> {
        self.parts
            .iter()
            .map(|(q, range, _)| (*q, range.clone()))
            .collect()
    }

    /// Transforms `data` (the whole batch, C order) in place: every device its part, all at
    /// once, each from its own host thread. The first error of any part is returned (the other
    /// parts still finish).
    pub fn process(&self, data: &mut [Complex<T>]) -> Result<()> {
        let want = self.points * self.batch;
        if data.len() != want {
            return Err(DistributedError::InputLength {
                rank: 0,
                got: data.len(),
                want,
            });
        }
        let mut rest = data;
        let mut chunks = Vec::with_capacity(self.parts.len());
        for (_, range, plan) in &self.parts {
            let (chunk, tail) = rest.split_at_mut(range.len() * self.points);
            chunks.push((plan, chunk));
            rest = tail;
        }
        let results: Vec<fft_runtime::Result<()>> = std::thread::scope(|scope| {
            let handles: Vec<_> = chunks
                .into_iter()
                .map(|(plan, chunk)| scope.spawn(move || plan.process(chunk)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
                .collect()
        });
        results
            .into_iter()
            .collect::<fft_runtime::Result<Vec<()>>>()
            .map(|_| ())
            .map_err(DistributedError::from)
    }

    /// Transforms device buffers in place, one per part in the order of
    /// [`MultiDeviceFft::parts`]: `buffers[i]` holds part `i`'s transforms (at least
    /// `transforms * points` values) on its queue's context. Every part is enqueued before
    /// any is waited for, so the devices work at once; returns when all are done.
    pub fn process_buffers(&self, buffers: &[&Buffer<Complex<T>>]) -> Result<()> {
        if buffers.len() != self.parts.len() {
            return Err(DistributedError::PartCount {
                got: buffers.len(),
                want: self.parts.len(),
            });
        }
        let mut events = Vec::with_capacity(buffers.len());
        for ((_, _, plan), buffer) in self.parts.iter().zip(buffers) {
            events.push(plan.enqueue(buffer)?);
        }
        for event in events {
            event
                .wait_for()
                .map_err(|source| fft_runtime::Error::OpenCl {
                    action: "waiting for a device's part of the batch",
                    source: source.into(),
                })?;
        }
        Ok(())
    }
}
