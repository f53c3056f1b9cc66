//! How host calls move the caller's slices to and from the device ([`HostPath`]).
//!
//! - **GPUs** read pageable host memory at a fraction of the bus speed: the driver stages it
//!   through its own pinned pages, piece by piece. [`HostTransfer`] sends transfers of at least
//!   [`PINNED_MIN_BYTES`] through pinned chunks the plan keeps: all host threads copy the
//!   slice into one chunk while the previous chunk crosses the bus by DMA (and back the same
//!   way).
//! - **CPU devices** share host memory: a host call wraps the caller's slices in buffers
//!   (`CL_MEM_USE_HOST_PTR`, [`HostView`]) and the kernels read and write them where they lie,
//!   so nothing is copied.

use crate::device::DeviceKind;
use crate::device_buffers::device_buffer;
use crate::error::{Error, Result};
use crate::pinned::PinnedVec;
use crate::queue::DeviceQueue;
use bytemuck::Pod;
use ocl::flags::MemFlags;
use ocl::{Buffer, Event, OclPrm, Queue};
use rayon::prelude::*;
use std::marker::PhantomData;
use std::time::{Duration, Instant};

/// How host calls ([`crate::Fft::process`] and the like) move data; part of
/// [`crate::QueueOptions`], set by `OCLFFT_HOST_PATH`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum HostPath {
    /// [`HostPath::Direct`] on CPU devices, [`HostPath::Pinned`] elsewhere (the default).
    #[default]
    Auto,
    /// The kernels work on the caller's slices themselves (`CL_MEM_USE_HOST_PTR`): no copy
    /// on devices that share host memory; elsewhere the driver decides what it copies.
    Direct,
    /// Through pinned chunks the plan keeps (48 MiB of page-locked host memory, made on its
    /// first large host call), filled by all host threads while the previous chunk crosses
    /// the bus; transfers under [`PINNED_MIN_BYTES`] go as [`HostPath::Plain`].
    Pinned,
    /// `clEnqueueWriteBuffer`/`clEnqueueReadBuffer` straight from the slice, one blocking
    /// call each way.
    Plain,
}

impl HostPath {
    /// The name `OCLFFT_HOST_PATH` takes.
    pub fn name(self) -> &'static str {
        match self {
            HostPath::Auto => "auto",
            HostPath::Direct => "direct",
            HostPath::Pinned => "pinned",
            HostPath::Plain => "plain",
        }
    }

    /// The path of `name` (`auto`, `direct`, `pinned` or `plain`).
    pub fn from_name(name: &str) -> Option<HostPath> {
        [
            HostPath::Auto,
            HostPath::Direct,
            HostPath::Pinned,
            HostPath::Plain,
        ]
        .into_iter()
        .find(|path| path.name() == name)
    }

    /// The path taken on a device of `kind`: never [`HostPath::Auto`].
    pub fn resolve(self, kind: DeviceKind) -> HostPath {
        match (self, kind) {
            (HostPath::Auto, DeviceKind::Cpu) => HostPath::Direct,
            (HostPath::Auto, _) => HostPath::Pinned,
            (path, _) => path,
        }
    }
}

/// Transfers smaller than this go straight from the slice: the pipeline's set-up would cost
/// more than it saves.
pub const PINNED_MIN_BYTES: usize = 8 << 20;
/// Bytes per pinned chunk (a multiple of every value's size).
const CHUNK_BYTES: usize = 16 << 20;
/// Chunks in flight: one being filled while the others cross the bus.
const CHUNKS: usize = 3;
/// Bytes one host thread copies at a time: 64 pieces per chunk keep 16 threads evenly busy
/// (measured on the H100 machine: 256 KiB pieces beat 1-8 MiB ones, docs/PERFORMANCE.md).
const PIECE_BYTES: usize = 256 << 10;

/// One pinned chunk: host memory the driver can DMA from at full speed, kept for the plan's
/// lifetime, and the transfer that last used it.
struct Chunk {
    memory: PinnedVec<u8>,
    pending: Option<Event>,
}

impl Chunk {
    /// Waits for the chunk's last transfer, so its memory can be touched again.
    fn wait(&mut self) -> Result<()> {
        match self.pending.take() {
            Some(event) => event
                .wait_for()
                .map_err(|e| Error::ocl("waiting for a host transfer")(e.into())),
            None => Ok(()),
        }
    }
}

/// The host-transfer machinery of one plan: its pinned chunks, made on first use and kept.
pub(crate) struct HostTransfer {
    path: HostPath,
    chunk_bytes: usize,
    min_bytes: usize,
    chunks: Vec<Chunk>,
}

impl HostTransfer {
    /// Transfers on a queue whose options say `path`, on a device of `kind`.
    pub(crate) fn new(path: HostPath, kind: DeviceKind) -> HostTransfer {
        HostTransfer {
            path: path.resolve(kind),
            chunk_bytes: CHUNK_BYTES,
            min_bytes: PINNED_MIN_BYTES,
            chunks: Vec::new(),
        }
    }

    /// Whether host calls wrap the caller's slices ([`HostView`]) instead of transferring.
    pub(crate) fn direct(&self) -> bool {
        self.path == HostPath::Direct
    }

    /// Copies `values` into the start of `to`; returns once they are on the device.
    pub(crate) fn upload<V: OclPrm + Pod>(
        &mut self,
        device_queue: &DeviceQueue,
        values: &[V],
        to: &Buffer<V>,
    ) -> Result<()> {
        let action = "uploading host data";
        let queue = device_queue.queue();
        if !self.pipelined(device_queue, values) {
            return to
                .write(values)
                .queue(queue)
                .enq()
                .map_err(Error::ocl(action));
        }
        self.make_chunks(device_queue)?;
        let per_chunk = self.chunk_bytes / size_of::<V>();
        let sent = (|| {
            for (i, part) in values.chunks(per_chunk).enumerate() {
                let chunk = &mut self.chunks[i % CHUNKS];
                chunk.wait()?;
                let staged: &mut [V] =
                    bytemuck::cast_slice_mut(&mut chunk.memory[..std::mem::size_of_val(part)]);
                parallel_copy(part, staged);
                let mut event = Event::empty();
                // SAFETY: the pinned chunk lives as long as `self` and is neither written nor
                // unmapped before `event` completes: `Chunk::wait` runs before its next use,
                // and `wait_all` below before this call returns.
                unsafe {
                    to.write(&*staged)
                        .queue(queue)
                        .offset(i * per_chunk)
                        .block(false)
                        .enew(&mut event)
                        .enq()
                }
                .map_err(Error::ocl(action))?;
                chunk.pending = Some(event);
            }
            Ok(())
        })();
        let waited = self.wait_all();
        sent.and(waited)
    }

    /// Copies the first `out.len()` values of `from` into `out`, after every command enqueued
    /// before.
    pub(crate) fn download<V: OclPrm + Pod>(
        &mut self,
        device_queue: &DeviceQueue,
        from: &Buffer<V>,
        out: &mut [V],
    ) -> Result<()> {
        let action = "downloading the result";
        let queue = device_queue.queue();
        if !self.pipelined(device_queue, out) {
            return from
                .read(out)
                .queue(queue)
                .enq()
                .map_err(Error::ocl(action));
        }
        self.make_chunks(device_queue)?;
        let per_chunk = self.chunk_bytes / size_of::<V>();
        let count = out.len().div_ceil(per_chunk);
        let len = out.len();
        let range = |i: usize| i * per_chunk..((i + 1) * per_chunk).min(len);
        let received = (|| {
            for i in 0..count.min(CHUNKS) {
                self.enqueue_read(queue, from, i, range(i))?;
            }
            for i in 0..count {
                let chunk = &mut self.chunks[i % CHUNKS];
                chunk.wait()?;
                let part = &mut out[range(i)];
                let staged: &[V] =
                    bytemuck::cast_slice(&chunk.memory[..std::mem::size_of_val(part)]);
                parallel_copy(staged, part);
                if i + CHUNKS < count {
                    self.enqueue_read(queue, from, i + CHUNKS, range(i + CHUNKS))?;
                }
            }
            Ok(())
        })();
        let waited = self.wait_all();
        received.and(waited)
    }

    /// Enqueues the read of `values` of `from` into chunk `i % CHUNKS` (whose last transfer
    /// has completed).
    fn enqueue_read<V: OclPrm + Pod>(
        &mut self,
        queue: &Queue,
        from: &Buffer<V>,
        i: usize,
        values: std::ops::Range<usize>,
    ) -> Result<()> {
        let chunk = &mut self.chunks[i % CHUNKS];
        let staged: &mut [V] =
            bytemuck::cast_slice_mut(&mut chunk.memory[..values.len() * size_of::<V>()]);
        let mut event = Event::empty();
        // SAFETY: as in `upload`: the chunk is not touched or unmapped before `event`
        // completes (`Chunk::wait` before the copy out of it, `wait_all` before returning).
        unsafe {
            from.read(staged)
                .queue(queue)
                .offset(values.start)
                .block(false)
                .enew(&mut event)
                .enq()
        }
        .map_err(Error::ocl("downloading the result"))?;
        chunk.pending = Some(event);
        Ok(())
    }

    /// Whether a transfer of `values` goes through the pinned chunks: not when they are
    /// pinned already ([`crate::PinnedVec`]: the driver sends them by DMA as they are).
    fn pipelined<V>(&self, queue: &DeviceQueue, values: &[V]) -> bool {
        self.path == HostPath::Pinned
            && std::mem::size_of_val(values) >= self.min_bytes
            && !queue.is_pinned(values)
    }

    /// Allocates the pinned chunks, once.
    fn make_chunks(&mut self, queue: &DeviceQueue) -> Result<()> {
        while self.chunks.len() < CHUNKS {
            self.chunks.push(Chunk {
                memory: PinnedVec::zeroed(queue, self.chunk_bytes)?,
                pending: None,
            });
        }
        Ok(())
    }

    /// Waits for every chunk's transfer, even after a failure (the first one is returned).
    fn wait_all(&mut self) -> Result<()> {
        let mut result = Ok(());
        for chunk in &mut self.chunks {
            let waited = chunk.wait();
            if result.is_ok() {
                result = waited;
            }
        }
        result
    }
}

/// Copies `from` into `to` (of one length) with every host thread.
fn parallel_copy<V: Pod + Send + Sync>(from: &[V], to: &mut [V]) {
    let piece = (PIECE_BYTES / size_of::<V>()).max(1);
    to.par_chunks_mut(piece)
        .zip(from.par_chunks(piece))
        .for_each(|(to, from)| to.copy_from_slice(from));
}

/// A device buffer over a caller's slice for the length of a host call (`CL_MEM_USE_HOST_PTR`):
/// on a CPU device the kernels read and write the slice where it lies.
pub(crate) struct HostView<'a, V: OclPrm> {
    buffer: Buffer<V>,
    queue: Queue,
    writable: bool,
    slice: PhantomData<&'a mut [V]>,
}

impl<'a, V: OclPrm> HostView<'a, V> {
    /// A view the kernels only read.
    pub(crate) fn reading(queue: &Queue, values: &'a [V]) -> Result<HostView<'a, V>> {
        Self::new(queue, values, false)
    }

    /// A view the kernels read and write; [`HostView::finish`] makes their results visible
    /// in `values`.
    pub(crate) fn writing(queue: &Queue, values: &'a mut [V]) -> Result<HostView<'a, V>> {
        Self::new(queue, values, true)
    }

    fn new(queue: &Queue, values: &'a [V], writable: bool) -> Result<HostView<'a, V>> {
        let flags = if writable {
            MemFlags::new().read_write()
        } else {
            MemFlags::new().read_only()
        };
        // `use_host_slice` adds CL_MEM_USE_HOST_PTR.
        // SAFETY: the view borrows `values` for 'a (mutably when the kernels write it) and
        // finishes the queue when dropped, so the buffer, and every command using it, is done
        // before the borrow ends; no other buffer wraps the slice.
        let buffer = unsafe {
            Buffer::<V>::builder()
                .queue(queue.clone())
                .flags(flags)
                .len(values.len())
                .use_host_slice(values)
                .build()
        }
        .map_err(Error::ocl("wrapping host data in a buffer"))?;
        Ok(HostView {
            buffer,
            queue: queue.clone(),
            writable,
            slice: PhantomData,
        })
    }

    /// The buffer the kernels use.
    pub(crate) fn buffer(&self) -> &Buffer<V> {
        &self.buffer
    }

    /// Waits for the commands using the view and, for a written view, maps it once so the
    /// device's writes are in the caller's slice (no copy where the device uses the slice
    /// itself).
    pub(crate) fn finish(self) -> Result<()> {
        if self.writable {
            // SAFETY: a blocking map after every command on the in-order queue; the mapping
            // is dropped (unmapped) at once and the queue finished below.
            let map = unsafe { self.buffer.map().queue(&self.queue).read().enq() }
                .map_err(Error::ocl("reading the result"))?;
            drop(map);
        }
        self.queue
            .finish()
            .map_err(Error::ocl("waiting for the transform"))
    }
}

impl<V: OclPrm> Drop for HostView<'_, V> {
    fn drop(&mut self) {
        // Nothing may use the caller's slice once the borrow ends, even after an error.
        self.queue.finish().ok();
    }
}

/// Wall-clock times of one upload and one download of the same values, each way blocking:
/// the floor a host call's transfers are measured against.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RoundTrip {
    /// From and to a pageable slice (`clEnqueueWriteBuffer`, `clEnqueueReadBuffer`).
    pub pageable: Duration,
    /// From and to pinned host memory the driver allocated (`CL_MEM_ALLOC_HOST_PTR`, mapped):
    /// the bus speed, what CUDA users get from `cudaMallocHost`.
    pub pinned: Duration,
}

/// Medians over `runs` of a round trip of `values` between the host and a device buffer of
/// the same length, from a pageable slice and from pinned memory.
pub fn measure_round_trip<V: OclPrm + Pod>(
    queue: &DeviceQueue,
    values: &[V],
    runs: usize,
) -> Result<RoundTrip> {
    let q = queue.queue();
    let device = device_buffer::<V>(q, values.len())?;
    let mut pinned = PinnedVec::from_slice(queue, values)?;
    let mut back = values.to_vec();
    let time = |run: &mut dyn FnMut() -> ocl::Result<()>| -> Result<Duration> {
        let mut samples = Vec::with_capacity(runs + 1);
        for i in 0..=runs {
            let started = Instant::now();
            run().map_err(Error::ocl("timing a host round trip"))?;
            if i > 0 {
                samples.push(started.elapsed());
            }
        }
        Ok(crate::profile::median(&mut samples))
    };
    let pageable = time(&mut || {
        device.write(values).queue(q).enq()?;
        device.read(&mut back).queue(q).enq()
    })?;
    let pinned_time = time(&mut || {
        device.write(&pinned[..]).queue(q).enq()?;
        device.read(&mut pinned[..]).queue(q).enq()
    })?;
    Ok(RoundTrip {
        pageable,
        pinned: pinned_time,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DeviceQueue;

    #[test]
    fn host_path_names_round_trip_and_auto_resolves_by_device() {
        for path in [
            HostPath::Auto,
            HostPath::Direct,
            HostPath::Pinned,
            HostPath::Plain,
        ] {
            assert_eq!(HostPath::from_name(path.name()), Some(path));
        }
        assert_eq!(HostPath::from_name("pined"), None);
        assert_eq!(HostPath::Auto.resolve(DeviceKind::Cpu), HostPath::Direct);
        assert_eq!(HostPath::Auto.resolve(DeviceKind::Gpu), HostPath::Pinned);
        assert_eq!(HostPath::Plain.resolve(DeviceKind::Cpu), HostPath::Plain);
    }

    /// The pipeline with chunks of 4 KiB: lengths around chunk multiples, more chunks than
    /// slots (each reused several times), a device buffer longer than the slice, two value
    /// types; every value arrives and comes back, and the rest of the buffer is untouched.
    #[test]
    fn pinned_chunks_carry_every_value_both_ways() {
        let queue = DeviceQueue::from_env().expect("an OpenCL device (PoCL in CI)");
        let q = queue.queue();
        let mut transfer = HostTransfer::new(HostPath::Pinned, queue.summary().kind);
        transfer.chunk_bytes = 4096;
        transfer.min_bytes = 0;
        for len in [1, 511, 512, 513, 4 * 512 + 7, 11 * 512] {
            let values: Vec<f64> = (0..len).map(|i| i as f64 * 0.5 - 3.0).collect();
            let device = Buffer::<f64>::builder()
                .queue(q.clone())
                .len(len + 5)
                .fill_val(-1.0)
                .build()
                .unwrap();
            transfer.upload(&queue, &values, &device).unwrap();
            let mut all = vec![0.0; len + 5];
            device.read(&mut all).enq().unwrap();
            assert_eq!(&all[..len], &values[..], "upload of {len}");
            assert!(all[len..].iter().all(|&v| v == -1.0), "past {len}");
            let mut back = vec![0.0; len];
            transfer.download(&queue, &device, &mut back).unwrap();
            assert_eq!(back, values, "download of {len}");
        }
        let pairs: Vec<num_complex::Complex32> = (0..3000)
            .map(|i| num_complex::Complex32::new(i as f32, -(i as f32)))
            .collect();
        let device = Buffer::builder()
            .queue(q.clone())
            .len(pairs.len())
            .build()
            .unwrap();
        transfer.upload(&queue, &pairs, &device).unwrap();
        let mut back = vec![num_complex::Complex32::new(0.0, 0.0); pairs.len()];
        transfer.download(&queue, &device, &mut back).unwrap();
        assert_eq!(back, pairs);
    }
}
