//! The data path of an all-to-all between ranks' device buffers (issue 14, item 2): each block
//! is a rectangle of the sender's buffer, read by DMA in chunks into pinned host memory,
//! exchanged pairwise with one peer at a time, and written by DMA into a rectangle of the
//! receiver's buffer. OpenCL has no GPU-aware MPI, so the bytes cross host memory; the copy
//! engine moves them while the host thread talks to the peers, and the rank's own block never
//! leaves the device. The rectangles do the packing and unpacking: no kernel and no host loop
//! touches a value.

use crate::error::{DistributedError, Result};
use crate::exchange::Exchange;
use fft_runtime::ocl::{Buffer, Event, OclPrm, Queue};
use fft_runtime::{DeviceQueue, FftFloat, PinnedVec};
use num_complex::Complex;
use std::ops::Range;

/// Chunks in flight: while the host exchanges one, the copy engine reads the next ones and
/// writes the previous ones.
const SLOTS: usize = 4;
/// Chunks read ahead of the one being exchanged (each slot's send half is free again once
/// its chunk was sent, so up to `SLOTS - 1`).
const READ_AHEAD: usize = SLOTS - 1;
/// Bytes per chunk unless the plan says otherwise: large enough that a DMA runs at the bus
/// speed, small enough that 2 x 4 slots of pinned memory stay modest.
pub const DEFAULT_CHUNK_BYTES: usize = 8 << 20;

/// A block of a device buffer: `rows` runs of `run` values, `pitch` values apart, the first
/// at `offset` (all in values).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rect {
    pub offset: usize,
    pub run: usize,
    pub rows: usize,
    pub pitch: usize,
}

impl Rect {
    /// `rows` runs of `run` values, one after another from `offset`.
    pub fn contiguous(offset: usize, run: usize, rows: usize) -> Rect {
        Rect {
            offset,
            run,
            rows,
            pitch: run,
        }
    }

    /// Values in the block.
    pub fn values(&self) -> usize {
        self.run * self.rows
    }

    fn is_contiguous(&self) -> bool {
        self.pitch == self.run || self.rows <= 1
    }

    /// The rows `rows` of the block.
    fn rows(&self, rows: Range<usize>) -> Rect {
        Rect {
            offset: self.offset + rows.start * self.pitch,
            rows: rows.len(),
            ..*self
        }
    }

    /// The block in chunks of whole rows, at most `chunk_values` values each (one row when a
    /// row is longer): the sender and the receiver of a block cut it alike, since both see
    /// the same runs and rows.
    fn chunks(&self, chunk_values: usize) -> Vec<Rect> {
        if self.values() == 0 {
            return Vec::new();
        }
        let per_chunk = (chunk_values / self.run).max(1);
        (0..self.rows.div_ceil(per_chunk))
            .map(|c| self.rows(c * per_chunk..((c + 1) * per_chunk).min(self.rows)))
            .collect()
    }

    /// The OpenCL origin of the block's first value: `[value in its row, row, 0]`, with the
    /// rows `pitch` values long.
    fn origin(&self) -> [usize; 3] {
        match self.pitch {
            0 => [self.offset, 0, 0],
            pitch => [self.offset % pitch, self.offset / pitch, 0],
        }
    }
}

/// One chunk's pinned memory, both ways, and the transfers that last used it.
struct Slot<T: FftFloat>
where
    Complex<T>: OclPrm + bytemuck::Pod,
{
    send: PinnedVec<Complex<T>>,
    receive: PinnedVec<Complex<T>>,
    /// The read from the device into `send`.
    read: Option<Event>,
    /// The write from `receive` to the device.
    write: Option<Event>,
}

/// The pinned slots of a plan's exchanges, made on first use and kept.
pub(crate) struct Staging<T: FftFloat>
where
    Complex<T>: OclPrm + bytemuck::Pod,
{
    slots: Vec<Slot<T>>,
    /// Values per chunk, the same on every rank (it decides how blocks are cut).
    chunk_values: usize,
}

impl<T: FftFloat> Staging<T>
where
    Complex<T>: OclPrm + bytemuck::Pod,
{
    /// Staging for chunks of `chunk_bytes` (at least one value).
    pub fn new(chunk_bytes: usize) -> Staging<T> {
        Staging {
            slots: Vec::new(),
            chunk_values: (chunk_bytes / std::mem::size_of::<Complex<T>>()).max(1),
        }
    }

    /// Makes the slots hold chunks of up to `values` values, once.
    fn reserve(&mut self, queue: &DeviceQueue, values: usize) -> Result<()> {
        if self.slots.first().is_some_and(|s| s.send.len() >= values) {
            return Ok(());
        }
        self.wait_all()?;
        self.slots.clear();
        for _ in 0..SLOTS {
            self.slots.push(Slot {
                send: PinnedVec::zeroed(queue, values)?,
                receive: PinnedVec::zeroed(queue, values)?,
                read: None,
                write: None,
            });
        }
        Ok(())
    }

    /// Waits for every slot's transfers, even after a failure (the first one is returned).
    fn wait_all(&mut self) -> Result<()> {
        let mut result = Ok(());
        for slot in &mut self.slots {
            for event in [slot.read.take(), slot.write.take()].into_iter().flatten() {
                let waited = wait(event);
                if result.is_ok() {
                    result = waited;
                }
            }
        }
        result
    }
}

fn wait(event: Event) -> Result<()> {
    event
        .wait_for()
        .map_err(|e| ocl_error("waiting for an exchange transfer")(e.into()))
}

/// An OpenCL failure while `action`, as this crate's error.
fn ocl_error(action: &'static str) -> impl FnOnce(fft_runtime::ocl::Error) -> DistributedError {
    move |source| fft_runtime::Error::OpenCl { action, source }.into()
}

/// One message of a pairwise step: what goes to `to`, what comes from `from` (either may be
/// absent: the link from this rank to `to` and the one from `from` to this rank each carry as
/// many messages as their block has chunks, which both ends of the link count alike).
struct Message {
    to: usize,
    send: Option<Rect>,
    from: usize,
    receive: Option<Rect>,
}

/// Sends block `sends[j]` of `source` to rank `j` and writes what rank `i` sends into block
/// `receives[i]` of `target`, on every rank at once (every rank calls it; block `sends[j]` on
/// this rank has the runs and rows of `receives[this rank]` on rank `j`). Returns once
/// every write has been enqueued: later commands on the queue see the exchanged values.
///
/// The rank's own block is copied on the device. The others go step by step, `P - 1`
/// steps: in step `s` this rank sends to `rank + s` and receives from `rank - s`, chunk by
/// chunk, reads running ahead and writes behind the exchange on the queue.
pub(crate) fn exchange_blocks<T: FftFloat, E: Exchange>(
    queue: &DeviceQueue,
    exchange: &E,
    staging: &mut Staging<T>,
    (source, sends): (&Buffer<Complex<T>>, &[Rect]),
    (target, receives): (&Buffer<Complex<T>>, &[Rect]),
) -> Result<()>
where
    Complex<T>: OclPrm + bytemuck::Pod,
{
    let (rank, ranks) = (exchange.rank(), exchange.size());
    copy_on_device(queue.queue(), source, sends[rank], target, receives[rank])?;
    let chunk_values = staging.chunk_values;
    let mut messages = Vec::new();
    let mut longest = 0;
    for step in 1..ranks {
        let (to, from) = ((rank + step) % ranks, (rank + ranks - step) % ranks);
        let out = sends[to].chunks(chunk_values);
        let back = receives[from].chunks(chunk_values);
        longest = out
            .iter()
            .chain(&back)
            .map(Rect::values)
            .fold(longest, usize::max);
        for k in 0..out.len().max(back.len()) {
            messages.push(Message {
                to,
                send: out.get(k).copied(),
                from,
                receive: back.get(k).copied(),
            });
        }
    }
    if messages.is_empty() {
        return Ok(());
    }
    staging.reserve(queue, longest)?;
    let exchanged = run_messages(queue, exchange, staging, source, target, &messages);
    let waited = staging.wait_all();
    exchanged.and(waited)
}

/// The pipeline of [`exchange_blocks`]: message `i` uses slot `i % SLOTS`.
fn run_messages<T: FftFloat, E: Exchange>(
    queue: &DeviceQueue,
    exchange: &E,
    staging: &mut Staging<T>,
    source: &Buffer<Complex<T>>,
    target: &Buffer<Complex<T>>,
    messages: &[Message],
) -> Result<()>
where
    Complex<T>: OclPrm + bytemuck::Pod,
{
    let q = queue.queue();
    let flush = |q: &Queue| {
        q.flush()
            .map_err(ocl_error("flushing the exchange's transfers"))
    };
    for (i, message) in messages.iter().enumerate().take(READ_AHEAD) {
        read_chunk(q, source, message.send, &mut staging.slots[i % SLOTS])?;
    }
    flush(q)?;
    for (i, message) in messages.iter().enumerate() {
        let slot = &mut staging.slots[i % SLOTS];
        if let Some(event) = slot.read.take() {
            wait(event)?;
        }
        if let Some(event) = slot.write.take() {
            wait(event)?;
        }
        let sent = message.send.map_or(0, |r| r.values());
        let expected = message.receive.map_or(0, |r| r.values());
        let send = message
            .send
            .map(|_| (message.to, bytemuck::cast_slice(&slot.send[..sent])));
        let receive = message.receive.map(|_| {
            let buffer: &mut [u8] = bytemuck::cast_slice_mut(&mut slot.receive[..expected]);
            (message.from, buffer)
        });
        exchange.send_receive(send, receive)?;
        write_chunk(q, target, message.receive, slot)?;
        if let Some(ahead) = messages.get(i + READ_AHEAD) {
            read_chunk(
                q,
                source,
                ahead.send,
                &mut staging.slots[(i + READ_AHEAD) % SLOTS],
            )?;
        }
        flush(q)?;
    }
    Ok(())
}

/// Enqueues the read of `block` of `source` into `slot`'s send half (whose last chunk was
/// sent).
fn read_chunk<T: FftFloat>(
    q: &Queue,
    source: &Buffer<Complex<T>>,
    block: Option<Rect>,
    slot: &mut Slot<T>,
) -> Result<()>
where
    Complex<T>: OclPrm + bytemuck::Pod,
{
    let Some(block) = block else { return Ok(()) };
    let action = "reading an exchange chunk from the device";
    let staged = &mut slot.send[..block.values()];
    let mut event = Event::empty();
    let size = std::mem::size_of::<Complex<T>>();
    // SAFETY: the slot's pinned memory lives as long as the plan's staging and is neither
    // touched nor freed before `event` completes: the exchange waits for it before sending
    // the chunk, and `Staging::wait_all` before `exchange_blocks` returns.
    let enqueued = unsafe {
        let read = source.read(staged).queue(q).block(false).enew(&mut event);
        if block.is_contiguous() {
            read.offset(block.offset).enq()
        } else {
            read.rect(
                block.origin(),
                [0, 0, 0],
                [block.run, block.rows, 1],
                block.pitch * size,
                0,
                block.run * size,
                0,
            )
            .enq()
        }
    };
    enqueued.map_err(ocl_error(action))?;
    slot.read = Some(event);
    Ok(())
}

/// Enqueues the write of `slot`'s receive half into `block` of `target`.
fn write_chunk<T: FftFloat>(
    q: &Queue,
    target: &Buffer<Complex<T>>,
    block: Option<Rect>,
    slot: &mut Slot<T>,
) -> Result<()>
where
    Complex<T>: OclPrm + bytemuck::Pod,
{
    let Some(block) = block else { return Ok(()) };
    let action = "writing an exchange chunk to the device";
    let staged = &slot.receive[..block.values()];
    let mut event = Event::empty();
    let size = std::mem::size_of::<Complex<T>>();
    // SAFETY: as in `read_chunk`: the receive half is not touched again before `event`
    // completes (waited for before the slot's next message and in `Staging::wait_all`).
    let enqueued = unsafe {
        let write = target.write(staged).queue(q).block(false).enew(&mut event);
        if block.is_contiguous() {
            write.offset(block.offset).enq()
        } else {
            write
                .rect(
                    block.origin(),
                    [0, 0, 0],
                    [block.run, block.rows, 1],
                    block.pitch * size,
                    0,
                    block.run * size,
                    0,
                )
                .enq()
        }
    };
    enqueued.map_err(ocl_error(action))?;
    slot.write = Some(event);
    Ok(())
}

/// Copies block `from` of `source` into block `to` of `target` (the same runs and rows) on
/// the device: the rank's own part of an exchange.
fn copy_on_device<T: FftFloat>(
    q: &Queue,
    source: &Buffer<Complex<T>>,
    from: Rect,
    target: &Buffer<Complex<T>>,
    to: Rect,
) -> Result<()>
where
    Complex<T>: OclPrm + bytemuck::Pod,
{
    debug_assert_eq!((from.run, from.rows), (to.run, to.rows));
    if from.values() == 0 {
        return Ok(());
    }
    let size = std::mem::size_of::<Complex<T>>();
    let copy = source.cmd().queue(q).copy(target, None, None);
    let enqueued = if from.is_contiguous() && to.is_contiguous() {
        source
            .cmd()
            .queue(q)
            .offset(from.offset)
            .copy(target, Some(to.offset), Some(from.values()))
            .enq()
    } else {
        copy.rect(
            from.origin(),
            to.origin(),
            [from.run, from.rows, 1],
            from.pitch * size,
            0,
            to.pitch * size,
            0,
        )
        .enq()
    };
    enqueued.map_err(ocl_error("copying the rank's own block"))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_cut_into_whole_rows_alike_on_both_sides() {
        let strided = Rect {
            offset: 6,
            run: 4,
            rows: 5,
            pitch: 20,
        };
        let chunks = strided.chunks(9);
        assert_eq!(chunks.len(), 3);
        assert_eq!(chunks[1].offset, 6 + 2 * 20);
        assert_eq!(chunks[2].rows, 1);
        let contiguous = Rect::contiguous(100, 4, 5);
        let cut: Vec<_> = contiguous.chunks(9).iter().map(|c| c.rows).collect();
        assert_eq!(cut, [2, 2, 1]);
        assert_eq!(contiguous.chunks(9)[2].offset, 116);
        // A row longer than a chunk is a chunk of its own; an empty block has none.
        assert_eq!(strided.chunks(2).len(), 5);
        assert!(Rect::contiguous(0, 0, 3).chunks(9).is_empty());
        assert_eq!(strided.origin(), [6, 0, 0]);
        assert_eq!(chunks[1].origin(), [6, 2, 0]);
    }
}
