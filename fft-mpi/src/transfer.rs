//! The data path of an all-to-all between ranks' device buffers (issue 14, item 2): each block
//! is a rectangle of the sender's buffer, read by DMA in chunks into pinned host memory,
//! exchanged pairwise with one peer at a time, and written by DMA into a rectangle of the
//! receiver's buffer. OpenCL has no GPU-aware MPI, so the bytes cross host memory; the copy
//! engine moves them while the host thread talks to the peers, and the rank's own block never
//! leaves the device. The rectangles do the packing and unpacking: no kernel and no host loop
//! touches a value.

use crate::decomposition::Brick;
use crate::error::{DistributedError, Result};
use crate::exchange::{Exchange, ExchangeError, ExchangeStep};
use fft_runtime::ocl::{Buffer, Event, OclPrm, Queue};
use fft_runtime::{DeviceQueue, FftFloat, PinnedVec};
use num_complex::Complex;
use std::ops::Range;

/// Messages in flight together: one batch of the pipeline.
const WINDOW: usize = 2;
/// Chunks of pinned memory each way: two batches, one exchanged while the copy engines read
/// the next and write the last.
const SLOTS: usize = 2 * WINDOW;
/// Bytes per chunk unless the plan says otherwise: large enough that a DMA runs near the bus
/// speed, small enough that a batch's chunks stay in the host's caches between the DMA and
/// the message (on two H200s over MPI, 2-4 MiB chunks took 0.65-0.85x the time of 8 MiB
/// ones: docs/DISTRIBUTED.md, "Two GPUs over MPI").
pub const DEFAULT_CHUNK_BYTES: usize = 4 << 20;

/// A block of a brick's device buffer: the sub-brick of lengths `dims` at `origin` (both
/// along axes 0, 1, 2) of a brick of lengths `parent`, stored in C order. It travels packed,
/// in C order of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Block {
    pub origin: [usize; 3],
    pub dims: [usize; 3],
    pub parent: [usize; 3],
}

impl Block {
    /// The values `part` of the brick `parent` holds (`part` inside `parent`, or empty).
    pub fn within(parent: &Brick, part: &Brick) -> Block {
        let origin = [0, 1, 2].map(|k| part.ranges[k].start.saturating_sub(parent.ranges[k].start));
        Block {
            origin,
            dims: part.dims(),
            parent: parent.dims(),
        }
    }

    /// Values in the block.
    pub fn values(&self) -> usize {
        self.dims.iter().product()
    }

    /// The index of the block's first value in its brick's buffer.
    fn offset(&self) -> usize {
        let [o0, o1, o2] = self.origin;
        (o0 * self.parent[1] + o1) * self.parent[2] + o2
    }

    /// Whether the block is one run of its brick's buffer.
    fn is_contiguous(&self) -> bool {
        let [d0, d1, d2] = self.dims;
        let whole_rows = d2 == self.parent[2];
        (d0 <= 1 && d1 <= 1) || (whole_rows && (d0 <= 1 || d1 == self.parent[1]))
    }

    /// The block cut along axis 0 (`range` of its slices).
    fn slices(&self, range: Range<usize>) -> Block {
        let mut block = *self;
        block.origin[0] += range.start;
        block.dims[0] = range.len();
        block
    }

    /// Slice `slice`'s rows `range`.
    fn rows(&self, slice: usize, range: Range<usize>) -> Block {
        let mut block = self.slices(slice..slice + 1);
        block.origin[1] += range.start;
        block.dims[1] = range.len();
        block
    }

    /// The block in chunks of at most `chunk_values` values: whole slices (axis 0) when one
    /// fits, else rows of one slice at a time (at least one row). The sender and the receiver
    /// of a block cut it alike: both see the same lengths.
    fn chunks(&self, chunk_values: usize) -> Vec<Block> {
        if self.values() == 0 {
            return Vec::new();
        }
        let [d0, d1, d2] = self.dims;
        let cut = |len: usize, per: usize| {
            (0..len.div_ceil(per)).map(move |c| c * per..((c + 1) * per).min(len))
        };
        if d1 * d2 <= chunk_values {
            return cut(d0, chunk_values / (d1 * d2))
                .map(|r| self.slices(r))
                .collect();
        }
        let per_chunk = (chunk_values / d2).max(1);
        (0..d0)
            .flat_map(|slice| cut(d1, per_chunk).map(move |r| self.rows(slice, r)))
            .collect()
    }

    /// `clEnqueue*BufferRect`'s view of the block in its brick's buffer: origin and region
    /// (`[axis 2, axis 1, axis 0]`, the first in values) and the row and slice pitches in
    /// bytes.
    fn rect(&self, value_bytes: usize) -> ([usize; 3], [usize; 3], usize, usize) {
        let [o0, o1, o2] = self.origin;
        let [d0, d1, d2] = self.dims;
        let row = self.parent[2] * value_bytes;
        ([o2, o1, o0], [d2, d1, d0], row, row * self.parent[1])
    }

    /// The same for the packed block in host memory.
    fn packed_rect(&self, value_bytes: usize) -> ([usize; 3], usize, usize) {
        let [_, d1, d2] = self.dims;
        ([0, 0, 0], d2 * value_bytes, d1 * d2 * value_bytes)
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
    /// Whether every rank was found to use the same `chunk_values` ([`Staging::agree`]).
    agreed: bool,
    /// The queues of the reads and of the writes, on the plan's device: each direction of the
    /// bus has a copy engine of its own, which one in-order queue would take turns on.
    queues: Option<[Queue; 2]>,
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
            agreed: false,
            queues: None,
        }
    }

    /// Checks once, with every rank, that all cut blocks into chunks of the same size: an
    /// all-gather of `chunk_values`, so every rank sees the same answer. Ranks that differed
    /// would count different messages per block; over MPI the longer message truncates at
    /// the receiver, which aborts the job instead of returning an error.
    fn agree<E: Exchange>(&mut self, exchange: &E) -> Result<()> {
        if self.agreed {
            return Ok(());
        }
        let mine = (self.chunk_values as u64).to_le_bytes();
        let values: Vec<usize> = exchange
            .all_gather(&mine)?
            .iter()
            .map(|b| <[u8; 8]>::try_from(&b[..]).map_or(0, u64::from_le_bytes) as usize)
            .collect();
        if values.iter().any(|&v| v != self.chunk_values) {
            return Err(ExchangeError::ChunkMismatch { values }.into());
        }
        self.agreed = true;
        Ok(())
    }

    /// The read and write queues, made on first use on `queue`'s device and context.
    fn queues(&mut self, queue: &DeviceQueue) -> Result<[Queue; 2]> {
        if let Some(queues) = &self.queues {
            return Ok(queues.clone());
        }
        let q = queue.queue();
        let make = || {
            Queue::new(&q.context(), q.device(), None)
                .map_err(ocl_error("creating an exchange's transfer queue"))
        };
        let queues = [make()?, make()?];
        self.queues = Some(queues.clone());
        Ok(queues)
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
    send: Option<Block>,
    from: usize,
    receive: Option<Block>,
}

/// Sends block `sends[j]` of `source` to rank `j` and writes what rank `i` sends into block
/// `receives[i]` of `target`, on every rank at once (every rank calls it; block `sends[j]` on
/// this rank has the runs and rows of `receives[this rank]` on rank `j`). Returns once
/// every write has been enqueued: later commands on the queue see the exchanged values.
///
/// The rank's own block is copied on the device. The others go step by step, `P - 1`
/// steps: in step `s` this rank sends to `rank + s` and receives from `rank - s`, chunk by
/// chunk, reads running ahead and writes behind the exchange, each direction on a queue of
/// its own.
///
/// `written` lists the parts along axis 0 of the local transform that wrote `source` (each
/// part's end plane and the event of its last pass, in order): each chunk's read waits for
/// the part that wrote its last plane. Empty, the plan's queue is finished before any read.
pub(crate) fn exchange_blocks<T: FftFloat, E: Exchange>(
    queue: &DeviceQueue,
    exchange: &E,
    staging: &mut Staging<T>,
    (source, sends): (&Buffer<Complex<T>>, &[Block]),
    (target, receives): (&Buffer<Complex<T>>, &[Block]),
    written: &[(usize, Event)],
) -> Result<()>
where
    Complex<T>: OclPrm + bytemuck::Pod,
{
    let (rank, ranks) = (exchange.rank(), exchange.size());
    staging.agree(exchange)?;
    // On the plan's queue, after the local transform and before whatever follows.
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
            .map(Block::values)
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
    let queues = staging.queues(queue)?;
    // The reads run on another queue: whatever wrote their part of the source must be done
    // first (the part's event, or the whole queue).
    if written.is_empty() {
        queue
            .queue()
            .finish()
            .map_err(ocl_error("waiting for the local transform"))?;
    } else {
        queue
            .queue()
            .flush()
            .map_err(ocl_error("starting the local transform"))?;
    }
    let exchanged = run_messages(
        &queues,
        exchange,
        staging,
        (source, written),
        target,
        &messages,
    );
    let waited = staging.wait_all();
    exchanged.and(waited)
}

/// The pipeline of [`exchange_blocks`]: the messages go in batches of [`WINDOW`], each
/// batch's messages in flight together ([`Exchange::send_receive_all`]); batch `b` uses the
/// slots of half `b % 2`. Before batch `b` is exchanged, the reads of batch `b + 1` are
/// enqueued into the other half's send buffers (their messages, batch `b - 1`, are sent), so
/// while the host exchanges batch `b` the copy engines read batch `b + 1` and write batch
/// `b - 1`: the DMAs are queued ahead and run on their own, and the host only waits for one
/// batch's reads, which were enqueued a whole exchange earlier.
fn run_messages<T: FftFloat, E: Exchange>(
    [reads, writes]: &[Queue; 2],
    exchange: &E,
    staging: &mut Staging<T>,
    (source, written): (&Buffer<Complex<T>>, &[(usize, Event)]),
    target: &Buffer<Complex<T>>,
    messages: &[Message],
) -> Result<()>
where
    Complex<T>: OclPrm + bytemuck::Pod,
{
    let flush = |q: &Queue| {
        q.flush()
            .map_err(ocl_error("flushing the exchange's transfers"))
    };
    let batches: Vec<&[Message]> = messages.chunks(WINDOW).collect();
    let half = |b: usize| (b % 2) * WINDOW;
    let read_batch = |staging: &mut Staging<T>, b: usize| -> Result<()> {
        for (k, message) in batches[b].iter().enumerate() {
            let after = message.send.and_then(|block| writer_of(written, &block));
            read_chunk(
                reads,
                (source, after),
                message.send,
                &mut staging.slots[half(b) + k],
            )?;
        }
        flush(reads)
    };
    read_batch(staging, 0)?;
    for (b, batch) in batches.iter().enumerate() {
        // This batch's reads, and the writes of the batch before last from the same slots
        // (their receive halves take this batch's messages).
        for slot in &mut staging.slots[half(b)..half(b) + batch.len()] {
            for event in [slot.read.take(), slot.write.take()].into_iter().flatten() {
                wait(event)?;
            }
        }
        if b + 1 < batches.len() {
            read_batch(staging, b + 1)?;
        }
        let slots = &mut staging.slots[half(b)..half(b) + batch.len()];
        let steps: Vec<ExchangeStep<'_>> = batch
            .iter()
            .zip(slots.iter_mut())
            .map(|(message, slot)| {
                let sent = message.send.map_or(0, |r| r.values());
                let expected = message.receive.map_or(0, |r| r.values());
                let send = message
                    .send
                    .map(|_| (message.to, bytemuck::cast_slice(&slot.send[..sent])));
                let receive = message.receive.map(|_| {
                    let buffer: &mut [u8] = bytemuck::cast_slice_mut(&mut slot.receive[..expected]);
                    (message.from, buffer)
                });
                (send, receive)
            })
            .collect();
        exchange.send_receive_all(steps)?;
        for (message, slot) in batch.iter().zip(slots.iter_mut()) {
            write_chunk(writes, target, message.receive, slot)?;
        }
        flush(writes)?;
    }
    Ok(())
}

/// The event of the part in `written` that wrote the last plane of `block`; earlier parts
/// ran before it on the same in-order queue.
fn writer_of<'w>(written: &'w [(usize, Event)], block: &Block) -> Option<&'w Event> {
    let ends: Vec<usize> = written.iter().map(|(end, _)| *end).collect();
    writer_index(&ends, block).map(|i| &written[i].1)
}

/// Which of the parts ending (exclusive, in order, along axis 0) at `ends` holds the last
/// plane of `block`: the last part when none does, `None` when there are no parts.
fn writer_index(ends: &[usize], block: &Block) -> Option<usize> {
    let last = block.origin[0] + block.dims[0].max(1) - 1;
    ends.iter()
        .position(|&end| last < end)
        .or(ends.len().checked_sub(1))
}

/// Enqueues the read of `block` of `source` into `slot`'s send half (whose last chunk was
/// sent), after `after` when given (the part of the local transform that wrote it).
fn read_chunk<T: FftFloat>(
    q: &Queue,
    (source, after): (&Buffer<Complex<T>>, Option<&Event>),
    block: Option<Block>,
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
        let mut read = source.read(staged).queue(q).block(false).enew(&mut event);
        if let Some(after) = after {
            read = read.ewait(after);
        }
        if block.is_contiguous() {
            read.offset(block.offset()).enq()
        } else {
            let (origin, region, row, slice) = block.rect(size);
            let (host, host_row, host_slice) = block.packed_rect(size);
            read.rect(origin, host, region, row, slice, host_row, host_slice)
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
    block: Option<Block>,
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
            write.offset(block.offset()).enq()
        } else {
            let (origin, region, row, slice) = block.rect(size);
            let (host, host_row, host_slice) = block.packed_rect(size);
            write
                .rect(origin, host, region, row, slice, host_row, host_slice)
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
    from: Block,
    target: &Buffer<Complex<T>>,
    to: Block,
) -> Result<()>
where
    Complex<T>: OclPrm + bytemuck::Pod,
{
    debug_assert_eq!(from.dims, to.dims);
    if from.values() == 0 {
        return Ok(());
    }
    let size = std::mem::size_of::<Complex<T>>();
    let enqueued = if from.is_contiguous() && to.is_contiguous() {
        source
            .cmd()
            .queue(q)
            .offset(from.offset())
            .copy(target, Some(to.offset()), Some(from.values()))
            .enq()
    } else {
        let (from_origin, region, from_row, from_slice) = from.rect(size);
        let (to_origin, _, to_row, to_slice) = to.rect(size);
        source
            .cmd()
            .queue(q)
            .copy(target, None, None)
            .rect(
                from_origin,
                to_origin,
                region,
                from_row,
                from_slice,
                to_row,
                to_slice,
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
    fn a_chunk_waits_for_the_part_that_wrote_its_last_plane() {
        let parent = Brick::new(&[0..8, 0..3, 0..4]);
        let planes = |range: std::ops::Range<usize>| {
            Block::within(&parent, &Brick::new(&[range, 1..3, 0..4]))
        };
        let ends = [2, 4, 6, 8];
        assert_eq!(writer_index(&ends, &planes(0..2)), Some(0));
        assert_eq!(writer_index(&ends, &planes(1..3)), Some(1));
        assert_eq!(writer_index(&ends, &planes(3..5)), Some(2));
        assert_eq!(writer_index(&ends, &planes(7..8)), Some(3));
        // Rows of one plane (a chunk smaller than a slice).
        let rows = planes(4..8).chunks(4);
        assert_eq!(writer_index(&ends, &rows[0]), Some(2));
        assert_eq!(writer_index(&ends, &rows[rows.len() - 1]), Some(3));
        assert_eq!(writer_index(&[], &planes(0..2)), None);
    }

    #[test]
    fn blocks_are_cut_alike_on_both_sides_into_slices_or_rows() {
        let parent = Brick::new(&[2..10, 0..6, 4..9]);
        let part = Brick::new(&[3..7, 1..4, 5..9]);
        let block = Block::within(&parent, &part);
        assert_eq!(
            (block.origin, block.dims, block.parent),
            ([1, 1, 1], [4, 3, 4], [8, 6, 5])
        );
        assert_eq!(block.offset(), (6 + 1) * 5 + 1);
        assert!(!block.is_contiguous());
        // Two slices of 12 values fit 25: two chunks of two slices.
        let slices = block.chunks(25);
        assert_eq!(slices.len(), 2);
        assert_eq!((slices[1].origin, slices[1].dims), ([3, 1, 1], [2, 3, 4]));
        // A slice is more than 9: rows of one slice, two at a time (2 + 1 rows per slice).
        let rows = block.chunks(9);
        assert_eq!(rows.len(), 8);
        assert_eq!((rows[1].origin, rows[1].dims), ([1, 3, 1], [1, 1, 4]));
        // The receiver's block of the same values in another brick cuts alike.
        let other = Block::within(&Brick::new(&[0..8, 1..4, 5..9]), &part);
        let lengths = |b: &[Block]| b.iter().map(|c| c.dims).collect::<Vec<_>>();
        assert_eq!(lengths(&other.chunks(9)), lengths(&rows));
        assert!(other.is_contiguous() && other.offset() == 3 * 12);
        assert!(Block::within(&parent, &Brick::empty()).chunks(9).is_empty());
        // The rectangle: [axis 2, axis 1, axis 0], pitches in bytes.
        assert_eq!(block.rect(8), ([1, 1, 1], [4, 3, 4], 40, 240));
        assert_eq!(block.packed_rect(8), ([0, 0, 0], 32, 96));
    }
}
