//! [`DistributedFft`]: a 2-D or 3-D C2C transform of a field split into slabs over ranks.

use crate::decomposition::{even_split, tiles, SlabBox};
use crate::error::{DistributedError, Result};
use crate::exchange::Exchange;
use crate::transfer::{exchange_blocks, Rect, Staging, DEFAULT_CHUNK_BYTES};
use fft_runtime::ocl::{Buffer, OclPrm};
use fft_runtime::{DeviceQueue, Direction, Fft, FftFloat, HostStaging, Normalization};
use num_complex::Complex;
use std::ops::Range;
use std::sync::Mutex;

/// A distributed C2C transform over the ranks of an [`Exchange`] (slab decomposition).
///
/// Its commands run on one in-order queue, so each waits for the one before: the events the
/// local plans return (`_in_order`) are not needed.
///
/// Input: rank `r` holds the planes `input.range` of axis 0 of the field, in C order
/// (`n1 * n2` values per plane). Output, by the output box's axis:
/// - **axis 1** (one exchange, the fast choice): the rows `output.range` of axis 1, every
///   index of axes 0 and 2, in C order: `(i0, i1, i2)` at `(i0 * rows + i1 - start) * n2 + i2`;
/// - **axis 0** (two exchanges): planes of axis 0 in C order, like the input.
///
/// Every rank transforms its planes along the other axes, sends every other rank the rows of
/// its planes in that rank's range of axis 1, and transforms what it receives along axis 0.
/// The values stay on the device but for the exchange, which moves them through pinned host
/// memory in chunks (docs/DISTRIBUTED.md).
pub struct DistributedFft<'e, T: FftFloat, E: Exchange>
where
    Complex<T>: OclPrm + bytemuck::Pod,
{
    exchange: &'e E,
    queue: DeviceQueue,
    /// `[n0, n1, n2]`, `n2 = 1` for a 2-D shape.
    dims: [usize; 3],
    /// Every rank's planes of axis 0.
    inputs: Vec<Range<usize>>,
    /// Every rank's rows of axis 1 between the two transforms.
    middles: Vec<Range<usize>>,
    /// Every rank's planes of axis 0 in an output split along axis 0; `None` when the output
    /// is the rows of axis 1.
    outputs: Option<Vec<Range<usize>>>,
    /// Along axes 1 (and 2) of this rank's planes; `None` when it holds none.
    first: Option<Fft<T>>,
    /// Along axis 0 of this rank's rows of axis 1; `None` when it holds none.
    second: Option<Fft<T>>,
    /// This rank's planes after the first transform, and its output planes (axis 0).
    planes: Buffer<Complex<T>>,
    /// This rank's rows of axis 1 of every plane, `[n0][rows][n2]`.
    rows: Buffer<Complex<T>>,
    /// Host slices to and from the device ([`DistributedFft::execute_into`]).
    host: HostStaging,
    /// The pinned chunks of the exchanges.
    staging: Mutex<Staging<T>>,
}

/// `(axis, start, end)` of a box as bytes, for the all-gather that checks the tiling.
fn box_bytes(boxes: &[&SlabBox]) -> Vec<u8> {
    words_to_bytes(
        boxes
            .iter()
            .flat_map(|b| [b.axis, b.range.start, b.range.end]),
    )
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

fn boxes_from(bytes: &[u8]) -> Vec<SlabBox> {
    bytes_to_words(bytes)
        .chunks_exact(3)
        .map(|w| SlabBox::new(w[0], w[1]..w[2]))
        .collect()
}

/// A device buffer of `len` values (at least one) on `queue`.
fn device_buffer<T: FftFloat>(queue: &DeviceQueue, len: usize) -> Result<Buffer<Complex<T>>>
where
    Complex<T>: OclPrm,
{
    Buffer::builder()
        .queue(queue.queue().clone())
        .len(len.max(1))
        .build()
        .map_err(|source| {
            fft_runtime::Error::OpenCl {
                action: "allocating a distributed plan's slab buffer",
                source,
            }
            .into()
        })
}

impl<'e, T: FftFloat, E: Exchange> DistributedFft<'e, T, E>
where
    Complex<T>: OclPrm + bytemuck::Pod,
{
    /// Plans the transform of a field of `shape` (2-D or 3-D) whose slab of axis 0 on this
    /// rank is `input`, into `output`: a slab of axis 1 (one exchange) or of axis 0 (two).
    /// Every rank calls it; the boxes are checked together, so a set of boxes that does not
    /// tile the shape is the same error on every rank. `normalization` counts every point of
    /// the field (numpy's `fftn`).
    pub fn new(
        queue: &DeviceQueue,
        exchange: &'e E,
        shape: &[usize],
        (input, output): (SlabBox, SlabBox),
        (direction, normalization): (Direction, Normalization),
    ) -> Result<Self> {
        if !(2..=3).contains(&shape.len()) || shape.contains(&0) {
            return Err(DistributedError::Shape(shape.to_vec()));
        }
        let dims = [shape[0], shape[1], shape.get(2).copied().unwrap_or(1)];
        let ranks = exchange.size();
        let gathered = exchange.all_gather(&box_bytes(&[&input, &output]))?;
        let all: Vec<Vec<SlabBox>> = gathered.iter().map(|b| boxes_from(b)).collect();
        check_boxes(
            &all,
            0,
            "input",
            0,
            dims[0],
            "the input is planes of axis 0",
        )?;
        // Rank 0's output axis decides; every rank's must be the same, 0 or 1.
        let out_axis = match all[0][1].axis {
            0 => 0,
            _ => 1,
        };
        let why = "an output box splits axis 1 (one exchange) or axis 0 (two), alike on every rank";
        check_boxes(&all, 1, "output", out_axis, dims[out_axis], why)?;
        let ranges = |side: usize| -> Vec<Range<usize>> {
            all.iter().map(|b| b[side].range.clone()).collect()
        };
        let inputs = ranges(0);
        let (middles, outputs) = match out_axis {
            1 => (ranges(1), None),
            _ => (
                (0..ranks).map(|r| even_split(dims[1], ranks, r)).collect(),
                Some(ranges(1)),
            ),
        };
        let rank = exchange.rank();
        let [n0, n1, n2] = dims;
        // Without quick start: the plans run their fused passes from the first call, the
        // same on every rank (a stand-in would run until a background build finishes).
        let builder = || {
            Fft::<T>::builder(queue)
                .direction(direction)
                .normalization(normalization)
                .quick_start(false)
        };
        let planes = inputs[rank].len();
        let first = match (planes, shape.len()) {
            (0, _) => None,
            (_, 2) => Some(builder().len(n1).batch(planes).build()?),
            _ => Some(builder().shape(&dims[1..]).batch(planes).build()?),
        };
        // The rows of axis 1 lie as [n0][rows * n2]: along axis 0, `rows * n2` interleaved.
        let inner = middles[rank].len() * n2;
        let second = match inner {
            0 => None,
            1 => Some(builder().len(n0).build()?),
            _ => Some(builder().shape(&[n0, inner]).axes(&[0]).build()?),
        };
        let output_planes = outputs.as_ref().map_or(0, |o| o[rank].len());
        Ok(DistributedFft {
            exchange,
            queue: queue.clone(),
            dims,
            first,
            second,
            planes: device_buffer::<T>(queue, planes.max(output_planes) * n1 * n2)?,
            rows: device_buffer::<T>(queue, n0 * inner)?,
            inputs,
            middles,
            outputs,
            host: HostStaging::new(queue),
            staging: Mutex::new(Staging::new(DEFAULT_CHUNK_BYTES)),
        })
    }

    /// The exchanges move at most `bytes` per message through pinned host memory (8 MiB
    /// unless set; four chunks each way are kept). Every rank must set the same value.
    pub fn with_chunk_bytes(self, bytes: usize) -> Self {
        *self.staging.lock().unwrap_or_else(|p| p.into_inner()) = Staging::new(bytes);
        self
    }

    /// Values of this rank's input slab.
    pub fn input_len(&self) -> usize {
        self.input_len_of(self.exchange.rank())
    }

    /// Values of this rank's output slab.
    pub fn output_len(&self) -> usize {
        self.output_len_of(self.exchange.rank())
    }

    fn input_len_of(&self, rank: usize) -> usize {
        let [_, n1, n2] = self.dims;
        self.inputs[rank].len() * n1 * n2
    }

    fn output_len_of(&self, rank: usize) -> usize {
        let [n0, n1, n2] = self.dims;
        match &self.outputs {
            None => self.middles[rank].len() * n0 * n2,
            Some(outputs) => outputs[rank].len() * n1 * n2,
        }
    }

    /// Transforms the field: every rank calls it with its input slab and gets its output slab.
    /// A slab of the wrong length is an error on every rank (checked together before any data
    /// moves).
    pub fn execute(&self, local: &[Complex<T>]) -> Result<Vec<Complex<T>>> {
        let mut output = vec![<Complex<T> as bytemuck::Zeroable>::zeroed(); self.output_len()];
        self.execute_into(local, &mut output)?;
        Ok(output)
    }

    /// [`DistributedFft::execute`] into `output` ([`DistributedFft::output_len`] values):
    /// the slab goes to the device and back once, through the plan's pinned chunks on GPUs.
    pub fn execute_into(&self, local: &[Complex<T>], output: &mut [Complex<T>]) -> Result<()> {
        self.check_lengths(local.len(), output.len(), false)?;
        self.host.upload(local, &self.planes)?;
        if let Some(first) = &self.first {
            let _in_order = first.enqueue(&self.planes)?;
        }
        let result = self.transform_rows(&self.rows)?;
        self.host.download(result, output)?;
        Ok(())
    }

    /// Transforms the field from device buffers: `input` holds this rank's input slab (at
    /// least [`DistributedFft::input_len`] values, left unchanged) and `output` gets its
    /// output slab (at least [`DistributedFft::output_len`] values), both on the plan's
    /// context. Returns when the output is complete.
    pub fn execute_buffers(
        &self,
        input: &Buffer<Complex<T>>,
        output: &Buffer<Complex<T>>,
    ) -> Result<()> {
        self.check_lengths(input.len(), output.len(), true)?;
        if let Some(first) = &self.first {
            let _in_order = first.enqueue_out_of_place(input, &self.planes)?;
        }
        self.transform_rows(output)?;
        self.queue
            .queue()
            .finish()
            .map_err(|source| fft_runtime::Error::OpenCl {
                action: "finishing a distributed transform",
                source,
            })?;
        Ok(())
    }

    /// From the planes after the first transform (in `planes`): the first exchange, the
    /// transform along axis 0 and, for an output split along axis 0, the second exchange.
    /// The output goes to `target` where the layout allows it (`rows` for the host path);
    /// returns the buffer that holds it.
    fn transform_rows<'b>(
        &'b self,
        target: &'b Buffer<Complex<T>>,
    ) -> Result<&'b Buffer<Complex<T>>> {
        let mut staging = self.staging.lock().unwrap_or_else(|p| p.into_inner());
        let (to_rows, from_rows) = self.blocks();
        exchange_blocks(
            &self.queue,
            self.exchange,
            &mut staging,
            (&self.planes, &to_rows.0),
            (&self.rows, &to_rows.1),
        )?;
        let same = target.as_core().as_ptr() == self.rows.as_core().as_ptr();
        match (&self.outputs, &self.second) {
            (None, Some(second)) if !same => {
                let _in_order = second.enqueue_out_of_place(&self.rows, target)?;
                Ok(target)
            }
            (None, second) => {
                if let Some(second) = second {
                    let _in_order = second.enqueue(&self.rows)?;
                }
                Ok(&self.rows)
            }
            (Some(_), second) => {
                if let Some(second) = second {
                    let _in_order = second.enqueue(&self.rows)?;
                }
                // The host path lands the output in `planes`, the device path in `target`.
                let landing = if same { &self.planes } else { target };
                let (sends, receives) = from_rows;
                exchange_blocks(
                    &self.queue,
                    self.exchange,
                    &mut staging,
                    (&self.rows, &sends),
                    (landing, &receives),
                )?;
                Ok(landing)
            }
        }
    }

    /// The blocks of the two exchanges on this rank, `(sends, receives)` each, indexed by
    /// the other rank. Planes to rows: this rank sends rank `j` the rows `middles[j]` of
    /// each of its planes (one run per plane) and receives rank `i`'s planes of its own rows,
    /// which land contiguous at plane `inputs[i].start` of `[n0][rows][n2]`. Rows to planes
    /// (an output along axis 0) is the mirror image.
    #[allow(clippy::type_complexity)]
    fn blocks(&self) -> ((Vec<Rect>, Vec<Rect>), (Vec<Rect>, Vec<Rect>)) {
        let rank = self.exchange.rank();
        let [_, n1, n2] = self.dims;
        let plane = n1 * n2;
        let mine = self.middles[rank].len() * n2;
        let planes_mine = self.inputs[rank].len();
        let strided = |rows: &Range<usize>, count: usize| Rect {
            offset: rows.start * n2,
            run: rows.len() * n2,
            rows: count,
            pitch: plane,
        };
        let to_rows = (
            self.middles
                .iter()
                .map(|m| strided(m, planes_mine))
                .collect(),
            self.inputs
                .iter()
                .map(|p| Rect::contiguous(p.start * mine, mine, p.len()))
                .collect(),
        );
        let from_rows = match &self.outputs {
            None => (Vec::new(), Vec::new()),
            Some(outputs) => {
                let out_mine = outputs[rank].len();
                (
                    outputs
                        .iter()
                        .map(|o| Rect::contiguous(o.start * mine, mine, o.len()))
                        .collect(),
                    self.middles.iter().map(|m| strided(m, out_mine)).collect(),
                )
            }
        };
        (to_rows, from_rows)
    }

    /// Checks every rank's input and output lengths together: equal to its boxes' for host
    /// slices, at least that for device buffers.
    fn check_lengths(&self, input: usize, output: usize, at_least: bool) -> Result<()> {
        let lengths = self.exchange.all_gather(&words_to_bytes([input, output]))?;
        let wrong = |got: usize, want: usize| if at_least { got < want } else { got != want };
        for (rank, bytes) in lengths.iter().enumerate() {
            let words = bytes_to_words(bytes);
            let want = self.input_len_of(rank);
            if wrong(words[0], want) {
                return Err(DistributedError::InputLength {
                    rank,
                    got: words[0],
                    want,
                });
            }
            let want = self.output_len_of(rank);
            if wrong(words[1], want) {
                return Err(DistributedError::OutputLength {
                    rank,
                    got: words[1],
                    want,
                });
            }
        }
        Ok(())
    }
}

/// Checks that box `side` of every rank splits `axis` and that together they tile `len`.
fn check_boxes(
    all: &[Vec<SlabBox>],
    side: usize,
    name: &'static str,
    axis: usize,
    len: usize,
    why: &'static str,
) -> Result<()> {
    if let Some(b) = all.iter().map(|b| &b[side]).find(|b| b.axis != axis) {
        return Err(DistributedError::Axis {
            side: name,
            got: b.axis,
            want: axis,
            why,
        });
    }
    let ranges: Vec<Range<usize>> = all.iter().map(|b| b[side].range.clone()).collect();
    if tiles(&ranges, len) {
        return Ok(());
    }
    let boxes = ranges
        .iter()
        .enumerate()
        .map(|(r, range)| format!("rank {r}: {}..{}", range.start, range.end))
        .collect::<Vec<_>>()
        .join(", ");
    Err(DistributedError::Tiling {
        side: name,
        axis,
        len,
        ranks: all.len(),
        boxes,
    })
}
