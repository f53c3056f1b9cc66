//! [`DistributedFft`]: a 2-D or 3-D C2C transform of a field split into bricks over ranks.

use crate::decomposition::{even_split, tiling_problem, Brick, PartOfField, SlabBox, SlabOutput};
use crate::error::{DistributedError, Result};
use crate::exchange::Exchange;
use crate::stages::plan_stages;
use crate::transfer::{exchange_blocks, Block, Staging, DEFAULT_CHUNK_BYTES};
use fft_runtime::ocl::enums::{DeviceInfo, DeviceInfoResult};
use fft_runtime::ocl::{Buffer, Event, OclPrm};
use fft_runtime::{DeviceQueue, Direction, Fft, FftFloat, HostStaging, Normalization};
use num_complex::Complex;
use std::ops::Range;
use std::sync::{Arc, Mutex};

/// A distributed C2C transform over the ranks of an [`Exchange`].
///
/// Each rank holds a brick of the field (its input box), in C order, and gets a brick of the
/// spectrum (its output box): slabs ([`crate::SlabBox`]), pencils or any [`Brick`]s that
/// tile the field. The plan transforms, on every rank, each axis its brick spans, and moves
/// the field between bricks where the remaining axes need it (`stages.rs`): slabs of axis 0
/// with an output split along axis 1 take one exchange, pencils two or three.
///
/// The values stay on the device but for the exchanges, which move them through pinned host
/// memory in chunks (docs/DISTRIBUTED.md). The local transforms run on the plan's in-order
/// queue. A transform that an exchange follows runs in parts along axis 0 where it can
/// (`LOCAL_PARTS`), and each chunk's read waits for the part that wrote its planes, so the
/// copy engines start on the first planes while the device transforms the later ones; any
/// other exchange finishes the queue before its transfers start (on two queues of their own).
/// Every exchange waits for its writes before it returns.
pub struct DistributedFft<'e, T: FftFloat, E: Exchange>
where
    Complex<T>: OclPrm + bytemuck::Pod,
{
    exchange: &'e E,
    queue: DeviceQueue,
    /// Every rank's input and output bricks.
    input: Vec<Brick>,
    output: Vec<Brick>,
    /// The local transforms and the exchanges between them, in order.
    steps: Vec<Step<T>>,
    /// Two device buffers the steps alternate between, each holding this rank's largest brick.
    buffers: [Buffer<Complex<T>>; 2],
    /// Host slices to and from the device ([`DistributedFft::execute_into`]).
    host: HostStaging,
    /// The pinned chunks of the exchanges.
    staging: Mutex<Staging<T>>,
}

/// One step of a transform on this rank.
enum Step<T: FftFloat>
where
    Complex<T>: OclPrm,
{
    /// The local transform of this rank's brick of `len` values along the stage's axes;
    /// `None` when that is nothing (an empty brick, or axes of length 1). `parts`, when not
    /// empty, is the same transform in parts along axis 0, run instead of `plan` where an
    /// exchange follows and the buffers allow sub-buffers.
    Transform {
        plan: Option<Box<Fft<T>>>,
        parts: Vec<LocalPart<T>>,
        len: usize,
    },
    /// The field moves to other bricks: `sends[j]` of this rank's brick goes to rank `j`,
    /// what rank `i` sends lands in `receives[i]` of the new brick.
    Reshape {
        sends: Vec<Block>,
        receives: Vec<Block>,
    },
}

/// The parts along axis 0 a local transform is cut into when an exchange follows it and its
/// axes leave axis 0 alone (slabs of axis 0 transformed along the others): the exchange reads
/// the first part's planes while the device transforms the rest.
pub(crate) const LOCAL_PARTS: usize = 4;

/// The transform of planes `planes` (along axis 0) of a brick, values `values` of its buffer.
struct LocalPart<T: FftFloat>
where
    Complex<T>: OclPrm,
{
    /// Shared by the parts of one length (all but perhaps the last).
    plan: Arc<Fft<T>>,
    planes: Range<usize>,
    values: Range<usize>,
}

fn words_to_bytes(words: impl IntoIterator<Item = usize>) -> Vec<u8> {
    words
        .into_iter()
        .flat_map(|w| (w as u64).to_le_bytes())
        .collect()
}

fn bytes_to_words(bytes: &[u8]) -> Vec<usize> {
    bytes
        .chunks_exact(8)
        .map(|w| u64::from_le_bytes(w.try_into().expect("8 bytes")) as usize)
        .collect()
}

/// `[n0, n1, n2]` of a 2-D or 3-D `shape` (`n2 = 1` for 2-D), or
/// [`DistributedError::Shape`] for any other rank or a zero length.
pub(crate) fn field_dims(shape: &[usize]) -> Result<[usize; 3]> {
    if !(2..=3).contains(&shape.len()) || shape.contains(&0) {
        return Err(DistributedError::Shape(shape.to_vec()));
    }
    Ok([shape[0], shape[1], shape.get(2).copied().unwrap_or(1)])
}

/// `Ok` when `bricks` tile a field of `dims` exactly once, else [`DistributedError::Tiling`]
/// for the `side` bricks of a field the caller calls `shape`.
pub(crate) fn check_tiling(
    side: &'static str,
    shape: &[usize],
    bricks: &[Brick],
    dims: [usize; 3],
) -> Result<()> {
    let Some(problem) = tiling_problem(bricks, dims) else {
        return Ok(());
    };
    let boxes = bricks
        .iter()
        .enumerate()
        .map(|(r, b)| format!("rank {r}: {b}"))
        .collect::<Vec<_>>()
        .join(", ");
    Err(DistributedError::Tiling {
        side,
        shape: shape.to_vec(),
        problem,
        boxes,
    })
}

/// Every rank's `[input, output]` bricks, gathered.
pub(crate) fn gather_bricks<E: Exchange>(
    exchange: &E,
    mine: [&Brick; 2],
) -> Result<Vec<[Brick; 2]>> {
    let gathered = exchange.all_gather(&bricks_to_bytes(mine))?;
    Ok(gathered.iter().map(|b| bricks_from(b)).collect())
}

/// The input and output bricks of a rank as bytes, for the all-gather that checks them.
fn bricks_to_bytes(bricks: [&Brick; 2]) -> Vec<u8> {
    words_to_bytes(
        bricks
            .iter()
            .flat_map(|b| b.ranges.iter().flat_map(|r| [r.start, r.end])),
    )
}

fn bricks_from(bytes: &[u8]) -> [Brick; 2] {
    let w = bytes_to_words(bytes);
    let brick =
        |at: usize| Brick::new(&[w[at]..w[at + 1], w[at + 2]..w[at + 3], w[at + 4]..w[at + 5]]);
    [brick(0), brick(6)]
}

/// A device buffer of `len` values (at least one) on `queue`.
pub(crate) fn device_buffer<V: OclPrm>(queue: &DeviceQueue, len: usize) -> Result<Buffer<V>> {
    Buffer::builder()
        .queue(queue.queue().clone())
        .len(len.max(1))
        .build()
        .map_err(|source| {
            fft_runtime::Error::OpenCl {
                action: "allocating a distributed plan's buffer",
                source,
            }
            .into()
        })
}

impl<'e, T: FftFloat, E: Exchange> DistributedFft<'e, T, E>
where
    Complex<T>: OclPrm + bytemuck::Pod,
{
    /// The common case, FFTW-MPI's: every rank holds the slab of axis 0 that
    /// [`crate::even_split`] gives it, and gets the spectrum in slabs of axis 1
    /// ([`SlabOutput::Transposed`], the default: one exchange) or of axis 0 like its input
    /// ([`SlabOutput::Natural`]: two). Otherwise as [`DistributedFft::new`].
    pub fn slabs(
        queue: &DeviceQueue,
        exchange: &'e E,
        shape: &[usize],
        output: SlabOutput,
        kinds: (Direction, Normalization),
    ) -> Result<Self> {
        let dims = field_dims(shape)?;
        let (rank, ranks) = (exchange.rank(), exchange.size());
        let input = SlabBox::new(0, even_split(dims[0], ranks, rank));
        let output = output.slab(dims, ranks, rank);
        Self::new(queue, exchange, shape, (input, output), kinds)
    }

    /// Plans the transform of a field of `shape` (2-D or 3-D) from this rank's `input` part
    /// to its `output` part ([`crate::SlabBox`] or [`Brick`] each). Every rank calls it; the
    /// parts are checked together, so a set that does not tile the field is the same error
    /// on every rank. `normalization` counts every point of the field (numpy's `fftn`).
    pub fn new(
        queue: &DeviceQueue,
        exchange: &'e E,
        shape: &[usize],
        (input, output): (impl PartOfField, impl PartOfField),
        (direction, normalization): (Direction, Normalization),
    ) -> Result<Self> {
        let dims = field_dims(shape)?;
        let axes: Vec<usize> = (0..shape.len()).collect();
        let parts = (input.brick(dims), output.brick(dims));
        Self::on_axes(
            queue,
            exchange,
            (shape, dims),
            &axes,
            parts,
            (direction, normalization),
        )
    }

    /// The plan of the transform along `axes` of a field of `dims` (`shape` as the caller
    /// gave it, for errors), from this rank's brick `mine_in` to `mine_out`.
    pub(crate) fn on_axes(
        queue: &DeviceQueue,
        exchange: &'e E,
        (shape, dims): (&[usize], [usize; 3]),
        axes: &[usize],
        (mine_in, mine_out): (Brick, Brick),
        (direction, normalization): (Direction, Normalization),
    ) -> Result<Self> {
        let all = gather_bricks(exchange, [&mine_in, &mine_out])?;
        let input: Vec<Brick> = all.iter().map(|b| b[0].clone()).collect();
        let output: Vec<Brick> = all.iter().map(|b| b[1].clone()).collect();
        for (side, bricks) in [("input", &input), ("output", &output)] {
            check_tiling(side, shape, bricks, dims)?;
        }
        let (rank, ranks) = (exchange.rank(), exchange.size());
        let stages = plan_stages(dims, axes, &input, &output, ranks);
        let mut steps = Vec::new();
        let mut current = &input;
        let mut largest = input[rank].len().max(output[rank].len());
        for (i, stage) in stages.iter().enumerate() {
            if &stage.bricks != current {
                steps.push(reshape(current, &stage.bricks, rank));
            }
            let brick = &stage.bricks[rank];
            largest = largest.max(brick.len());
            let kinds = (direction, normalization);
            let plan = local_plan::<T>(queue, brick.dims(), &stage.axes, kinds)?;
            let next = stages.get(i + 1).map_or(&output, |next| &next.bricks);
            let parts = match plan {
                Some(_) if next != &stage.bricks => {
                    plan_parts::<T>(queue, brick.dims(), &stage.axes, kinds)?
                }
                _ => Vec::new(),
            };
            steps.push(Step::Transform {
                plan: plan.map(Box::new),
                parts,
                len: brick.len(),
            });
            current = &stage.bricks;
        }
        if current != &output {
            steps.push(reshape(current, &output, rank));
        }
        Ok(DistributedFft {
            exchange,
            queue: queue.clone(),
            steps,
            buffers: [
                device_buffer(queue, largest)?,
                device_buffer(queue, largest)?,
            ],
            input,
            output,
            host: HostStaging::new(queue),
            staging: Mutex::new(Staging::new(DEFAULT_CHUNK_BYTES)),
        })
    }

    /// The exchanges move at most `bytes` per message through pinned host memory (4 MiB
    /// unless set; four chunks each way are kept). Every rank must set the
    /// same value: the first exchange checks it and fails on every rank with
    /// [`ExchangeError::ChunkMismatch`](crate::ExchangeError::ChunkMismatch) otherwise.
    pub fn with_chunk_bytes(self, bytes: usize) -> Self {
        *self.staging.lock().unwrap_or_else(|p| p.into_inner()) = Staging::new(bytes);
        self
    }

    /// Values of this rank's input part.
    pub fn input_len(&self) -> usize {
        self.input[self.exchange.rank()].len()
    }

    /// Values of this rank's output part.
    pub fn output_len(&self) -> usize {
        self.output[self.exchange.rank()].len()
    }

    /// The plan's first device buffer: where a caller that fills it itself starts
    /// [`DistributedFft::run`] (it then transforms in place from there).
    pub(crate) fn first_buffer(&self) -> &Buffer<Complex<T>> {
        &self.buffers[0]
    }

    /// The plan's host transfers.
    pub(crate) fn host(&self) -> &HostStaging {
        &self.host
    }

    /// Exchanges per transform (reshapes of the field between bricks).
    pub fn exchanges(&self) -> usize {
        self.steps
            .iter()
            .filter(|s| matches!(s, Step::Reshape { .. }))
            .count()
    }

    /// The parts each local transform runs in, in order: 1 for a whole brick, more where an
    /// exchange follows and the transform leaves axis 0 alone (slabs of axis 0), cut along
    /// axis 0 so the exchange reads the first planes while the device transforms the rest.
    /// Parts start on the device's sub-buffer alignment, so a brick whose planes do not fit
    /// it runs whole, and so does any transform from or into a caller's sub-buffer (OpenCL
    /// has no sub-buffers of sub-buffers).
    pub fn local_parts(&self) -> Vec<usize> {
        self.steps
            .iter()
            .filter_map(|s| match s {
                Step::Transform { parts, .. } => Some(parts.len().max(1)),
                Step::Reshape { .. } => None,
            })
            .collect()
    }

    /// Transforms the field: every rank calls it with its input part and gets its output part.
    /// A part of the wrong length is an error on every rank (checked together before any data
    /// moves).
    pub fn execute(&self, local: &[Complex<T>]) -> Result<Vec<Complex<T>>> {
        let mut output = vec![<Complex<T> as bytemuck::Zeroable>::zeroed(); self.output_len()];
        self.execute_into(local, &mut output)?;
        Ok(output)
    }

    /// [`DistributedFft::execute`] into `output` ([`DistributedFft::output_len`] values):
    /// the part goes to the device and back once, through the plan's pinned chunks on GPUs.
    pub fn execute_into(&self, local: &[Complex<T>], output: &mut [Complex<T>]) -> Result<()> {
        self.check_lengths(local.len(), output.len(), false)?;
        self.host.upload(local, &self.buffers[0])?;
        let result = self.run(&self.buffers[0], None)?;
        self.host.download(result, output)?;
        Ok(())
    }

    /// Transforms the field from device buffers: `input` holds this rank's input part (at
    /// least [`DistributedFft::input_len`] values, left unchanged) and `output` gets its
    /// output part (at least [`DistributedFft::output_len`] values), both on the plan's
    /// context. Returns when the output is complete.
    pub fn execute_buffers(
        &self,
        input: &Buffer<Complex<T>>,
        output: &Buffer<Complex<T>>,
    ) -> Result<()> {
        self.check_lengths(input.len(), output.len(), true)?;
        self.run(input, Some(output))?;
        self.finish()
    }

    /// Waits for every command on the plan's queue.
    pub(crate) fn finish(&self) -> Result<()> {
        self.queue
            .queue()
            .finish()
            .map_err(|source| fft_runtime::Error::OpenCl {
                action: "finishing a distributed transform",
                source,
            })?;
        Ok(())
    }

    /// Runs the steps from `input` (never written unless it is one of the plan's buffers),
    /// into `output` when given, else into one of the plan's buffers; returns the buffer that
    /// holds the result.
    pub(crate) fn run<'b>(
        &'b self,
        input: &'b Buffer<Complex<T>>,
        output: Option<&'b Buffer<Complex<T>>>,
    ) -> Result<&'b Buffer<Complex<T>>> {
        let ours = |b: &Buffer<Complex<T>>| {
            self.buffers
                .iter()
                .position(|o| o.as_core().as_ptr() == b.as_core().as_ptr())
        };
        // The plan's buffer that `current` is not.
        let other =
            |current: &Buffer<Complex<T>>| &self.buffers[ours(current).map_or(0, |i| 1 - i)];
        let mut staging = self.staging.lock().unwrap_or_else(|p| p.into_inner());
        let mut current = input;
        // The parts of the last transform and their events, for the exchange after it.
        let mut written: Vec<(usize, Event)> = Vec::new();
        let last = self.steps.len() - 1;
        for (i, step) in self.steps.iter().enumerate() {
            let target = match (i == last, output) {
                (true, Some(out)) => out,
                _ => match step {
                    // In place on the plan's buffers, out of place from the caller's input.
                    Step::Transform { .. } if ours(current).is_some() => current,
                    _ => other(current),
                },
            };
            match step {
                Step::Transform { plan, parts, len } => {
                    written = transform(&self.queue, (plan, parts), current, target, *len)?;
                }
                Step::Reshape { sends, receives } => exchange_blocks(
                    &self.queue,
                    self.exchange,
                    &mut staging,
                    (current, sends),
                    (target, receives),
                    &std::mem::take(&mut written),
                )?,
            }
            current = target;
        }
        Ok(current)
    }

    /// Checks every rank's input and output lengths together: equal to its parts' for host
    /// slices, at least that for device buffers.
    fn check_lengths(&self, input: usize, output: usize, at_least: bool) -> Result<()> {
        let want = |rank: usize| [self.input[rank].len(), self.output[rank].len()];
        check_lengths(self.exchange, [input, output], want, at_least)
    }

    /// Values of rank `rank`'s output brick.
    pub(crate) fn output_len_of(&self, rank: usize) -> usize {
        self.output[rank].len()
    }

    /// Values of rank `rank`'s input brick.
    pub(crate) fn input_len_of(&self, rank: usize) -> usize {
        self.input[rank].len()
    }
}

/// Checks every rank's `[input, output]` lengths against `want(rank)` together, so a wrong
/// length anywhere is the same error on every rank: equal for host slices, at least that
/// (`at_least`) for device buffers.
pub(crate) fn check_lengths<E: Exchange>(
    exchange: &E,
    got: [usize; 2],
    want: impl Fn(usize) -> [usize; 2],
    at_least: bool,
) -> Result<()> {
    let lengths = exchange.all_gather(&words_to_bytes(got))?;
    let wrong = |got: usize, want: usize| if at_least { got < want } else { got != want };
    for (rank, bytes) in lengths.iter().enumerate() {
        let words = bytes_to_words(bytes);
        let [input, output] = want(rank);
        if wrong(words[0], input) {
            return Err(DistributedError::InputLength {
                rank,
                got: words[0],
                want: input,
            });
        }
        if wrong(words[1], output) {
            return Err(DistributedError::OutputLength {
                rank,
                got: words[1],
                want: output,
            });
        }
    }
    Ok(())
}

/// The reshape from every rank's bricks `from` to `to`, on rank `rank`.
fn reshape<T: FftFloat>(from: &[Brick], to: &[Brick], rank: usize) -> Step<T>
where
    Complex<T>: OclPrm,
{
    let (mine_from, mine_to) = (&from[rank], &to[rank]);
    Step::Reshape {
        sends: to
            .iter()
            .map(|theirs| Block::within(mine_from, &mine_from.intersect(theirs)))
            .collect(),
        receives: from
            .iter()
            .map(|theirs| Block::within(mine_to, &mine_to.intersect(theirs)))
            .collect(),
    }
}

/// The plan of the transform along `axes` of a brick of `dims` (each spanned), or `None`
/// when there is nothing to do. Lengths of 1 are dropped, runs of untransformed axes merged,
/// and untransformed leading axes become the batch: `[p, n1, n2]` along 1 and 2 is a batch of
/// `p` 2-D transforms, `[n0, r, n2]` along 0 one transform of `[n0, r * n2]` along axis 0.
fn local_plan<T: FftFloat>(
    queue: &DeviceQueue,
    dims: [usize; 3],
    axes: &[usize],
    (direction, normalization): (Direction, Normalization),
) -> Result<Option<Fft<T>>>
where
    Complex<T>: OclPrm,
{
    if dims.contains(&0) {
        return Ok(None);
    }
    // (length, transformed) of each axis that is not 1, untransformed runs merged.
    let mut merged: Vec<(usize, bool)> = Vec::new();
    for (k, &n) in dims.iter().enumerate() {
        if n == 1 {
            continue;
        }
        let along = axes.contains(&k);
        match merged.last_mut() {
            Some((len, false)) if !along => *len *= n,
            _ => merged.push((n, along)),
        }
    }
    let batch = match merged.first() {
        Some(&(n, false)) => {
            merged.remove(0);
            n
        }
        _ => 1,
    };
    if !merged.iter().any(|&(_, along)| along) {
        return Ok(None);
    }
    let builder = Fft::<T>::builder(queue)
        .direction(direction)
        .normalization(normalization)
        // Without quick start: the plans run their fused passes from the first call, the
        // same on every rank (a stand-in would run until a background build finishes).
        .quick_start(false)
        .batch(batch);
    let plan = match merged[..] {
        [(n, true)] => builder.len(n).build()?,
        _ => {
            let shape: Vec<usize> = merged.iter().map(|&(n, _)| n).collect();
            let along: Vec<usize> = (0..merged.len()).filter(|&i| merged[i].1).collect();
            builder.shape(&shape).axes(&along).build()?
        }
    };
    Ok(Some(plan))
}

/// The local transform of a brick of `dims` along `axes` in up to [`LOCAL_PARTS`] slabs of
/// axis 0, when `axes` leave axis 0 alone and every part starts on the device's sub-buffer
/// alignment; else none.
fn plan_parts<T: FftFloat>(
    queue: &DeviceQueue,
    dims: [usize; 3],
    axes: &[usize],
    kinds: (Direction, Normalization),
) -> Result<Vec<LocalPart<T>>>
where
    Complex<T>: OclPrm,
{
    let plane = dims[1] * dims[2];
    let per_part = dims[0].div_ceil(LOCAL_PARTS).max(1);
    let starts_aligned = |align: usize| {
        (per_part..dims[0])
            .step_by(per_part)
            .all(|p| (p * plane * std::mem::size_of::<Complex<T>>()) % align == 0)
    };
    let cut =
        !axes.contains(&0) && dims[0] >= 2 && sub_buffer_align(queue).is_some_and(starts_aligned);
    if !cut {
        return Ok(Vec::new());
    }
    let mut parts: Vec<LocalPart<T>> = Vec::with_capacity(LOCAL_PARTS);
    for start in (0..dims[0]).step_by(per_part) {
        let planes = start..(start + per_part).min(dims[0]);
        let plan = match parts.last() {
            Some(before) if before.planes.len() == planes.len() => Arc::clone(&before.plan),
            _ => {
                let part_dims = [planes.len(), dims[1], dims[2]];
                let Some(plan) = local_plan::<T>(queue, part_dims, axes, kinds)? else {
                    return Ok(Vec::new());
                };
                Arc::new(plan)
            }
        };
        parts.push(LocalPart {
            plan,
            values: planes.start * plane..planes.end * plane,
            planes,
        });
    }
    Ok(parts)
}

/// The device's alignment of a sub-buffer's origin, in bytes (`CL_DEVICE_MEM_BASE_ADDR_ALIGN`),
/// or `None` when the device does not say.
fn sub_buffer_align(queue: &DeviceQueue) -> Option<usize> {
    match queue.queue().device().info(DeviceInfo::MemBaseAddrAlign) {
        Ok(DeviceInfoResult::MemBaseAddrAlign(bits)) if bits >= 8 => Some(bits as usize / 8),
        _ => None,
    }
}

/// Enqueues the local transform from `current` into `target`: in `parts` when there are
/// some and neither buffer is a sub-buffer, else by `plan` (a copy of `len` values when there
/// is none). Returns, for a transform in parts, each part's end plane (exclusive) and the
/// event of its last pass, in order.
fn transform<T: FftFloat>(
    queue: &DeviceQueue,
    (plan, parts): (&Option<Box<Fft<T>>>, &[LocalPart<T>]),
    current: &Buffer<Complex<T>>,
    target: &Buffer<Complex<T>>,
    len: usize,
) -> Result<Vec<(usize, Event)>>
where
    Complex<T>: OclPrm,
{
    // `offset()` is `Some` for a sub-buffer (ocl's `is_sub_buffer` asserts otherwise in
    // debug builds).
    let whole_buffers = current.offset().is_none() && target.offset().is_none();
    match plan {
        None => copy(queue, current, target, len).map(|()| Vec::new()),
        Some(plan) if parts.is_empty() || !whole_buffers => {
            let _in_order = plan.enqueue_out_of_place(current, target)?;
            Ok(Vec::new())
        }
        Some(_) => {
            let sub = |buffer: &Buffer<Complex<T>>, values: &Range<usize>| {
                buffer
                    .create_sub_buffer(None, values.start, values.len())
                    .map_err(|source| fft_runtime::Error::OpenCl {
                        action: "making a part of a local transform's buffer",
                        source,
                    })
            };
            let in_place = current.as_core().as_ptr() == target.as_core().as_ptr();
            let mut done = Vec::with_capacity(parts.len());
            for part in parts {
                let input = sub(current, &part.values)?;
                let event = if in_place {
                    part.plan.enqueue(&input)?
                } else {
                    part.plan
                        .enqueue_out_of_place(&input, &sub(target, &part.values)?)?
                };
                done.push((part.planes.end, event));
            }
            Ok(done)
        }
    }
}

/// Copies the first `len` values of `from` into `to` on the device (nothing when they are
/// the same buffer).
fn copy<T: FftFloat>(
    queue: &DeviceQueue,
    from: &Buffer<Complex<T>>,
    to: &Buffer<Complex<T>>,
    len: usize,
) -> Result<()>
where
    Complex<T>: OclPrm,
{
    if len == 0 || from.as_core().as_ptr() == to.as_core().as_ptr() {
        return Ok(());
    }
    from.cmd()
        .queue(queue.queue())
        .copy(to, Some(0), Some(len))
        .enq()
        .map_err(|source| {
            fft_runtime::Error::OpenCl {
                action: "copying a brick on the device",
                source,
            }
            .into()
        })
}
