//! [`DistributedFft`]: a 2-D or 3-D C2C transform of a field split into slabs over ranks.

use crate::decomposition::{even_split, tiles, SlabBox};
use crate::error::{DistributedError, Result};
use crate::exchange::Exchange;
use fft_runtime::ocl::OclPrm;
use fft_runtime::{DeviceQueue, Direction, Fft, FftFloat, Normalization};
use num_complex::Complex;
use rayon::prelude::*;
use std::ops::Range;
use std::sync::Mutex;

/// Where the output lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputLayout {
    /// Each rank holds a slab of the second axis, in the order (axis 1, axis 0, axis 2): for
    /// 3-D, the value `(i0, i1, i2)` is at `((i1 - start) * n0 + i0) * n2 + i2` on the rank
    /// whose output range holds `i1` (FFTW-MPI's `TRANSPOSED_OUT`). One all-to-all; the
    /// default.
    Transposed,
    /// Each rank holds a slab of the first axis in C order, like its input: two all-to-alls.
    Natural,
}

/// A distributed C2C transform over the ranks of an [`Exchange`] (slab decomposition).
///
/// Input: rank `r` holds the planes `input.range` of axis 0, C order (`n1 * n2` values per
/// plane). The rank transforms them along the other axes, sends every other rank the part of
/// its planes in that rank's range of axis 1, and transforms what it receives along axis 0.
pub struct DistributedFft<'e, T: FftFloat, E: Exchange>
where
    Complex<T>: OclPrm,
{
    exchange: &'e E,
    /// `[n0, n1, n2]`, `n2 = 1` for a 2-D shape.
    dims: [usize; 3],
    /// Every rank's planes of axis 0.
    inputs: Vec<Range<usize>>,
    /// Every rank's range of axis 1 between the two transforms.
    middles: Vec<Range<usize>>,
    /// Every rank's range of axis 0 in a natural output (empty for a transposed one).
    outputs: Vec<Range<usize>>,
    layout: OutputLayout,
    /// Along axes 1 (and 2) of this rank's planes; `None` when it holds none.
    first: Option<Fft<T>>,
    /// Along axis 0 of this rank's range of axis 1; `None` when it holds none.
    second: Option<Fft<T>>,
    /// The planes after the first transform and the rows of axis 1 before the second, kept
    /// between calls: fresh buffers cost a page fault per 4 KiB on first touch.
    scratch: Mutex<Scratch<T>>,
}

/// The planes after the first transform, and the rows of axis 1 before the second.
type Scratch<T> = (Vec<Complex<T>>, Vec<Complex<T>>);

/// `(axis, start, end)` of a box as bytes, for the all-gather that checks the tiling.
fn box_bytes(boxes: &[&SlabBox]) -> Vec<u8> {
    boxes
        .iter()
        .flat_map(|b| [b.axis as u64, b.range.start as u64, b.range.end as u64])
        .flat_map(u64::to_le_bytes)
        .collect()
}

fn boxes_from(bytes: &[u8]) -> Vec<SlabBox> {
    let words: Vec<usize> = bytes
        .chunks_exact(8)
        .map(|w| u64::from_le_bytes(w.try_into().expect("8 bytes")) as usize)
        .collect();
    words
        .chunks_exact(3)
        .map(|w| SlabBox::new(w[0], w[1]..w[2]))
        .collect()
}

impl<'e, T: FftFloat, E: Exchange> DistributedFft<'e, T, E>
where
    Complex<T>: OclPrm + bytemuck::Pod,
{
    /// Plans the transform of a field of `shape` (2-D or 3-D) whose slab of axis 0 on this
    /// rank is `input`, into `output`: a slab of axis 1 for [`OutputLayout::Transposed`], of
    /// axis 0 for [`OutputLayout::Natural`]. Every rank calls it; the boxes are checked
    /// together, so a set of boxes that does not tile the shape is the same error on every
    /// rank. `normalization` counts every point of the field (numpy's `fftn`).
    pub fn new(
        queue: &DeviceQueue,
        exchange: &'e E,
        shape: &[usize],
        (input, output): (SlabBox, SlabBox),
        layout: OutputLayout,
        (direction, normalization): (Direction, Normalization),
    ) -> Result<Self> {
        if !(2..=3).contains(&shape.len()) || shape.contains(&0) {
            return Err(DistributedError::Shape(shape.to_vec()));
        }
        let dims = [shape[0], shape[1], shape.get(2).copied().unwrap_or(1)];
        let ranks = exchange.size();
        let gathered = exchange.all_gather(&box_bytes(&[&input, &output]))?;
        let all: Vec<Vec<SlabBox>> = gathered.iter().map(|b| boxes_from(b)).collect();
        let out_axis = match layout {
            OutputLayout::Transposed => 1,
            OutputLayout::Natural => 0,
        };
        check_boxes(
            &all,
            0,
            "input",
            0,
            dims[0],
            "the input is planes of axis 0",
        )?;
        let why = match layout {
            OutputLayout::Transposed => "a transposed output is planes of axis 1",
            OutputLayout::Natural => "a natural output is planes of axis 0",
        };
        check_boxes(&all, 1, "output", out_axis, dims[out_axis], why)?;
        let ranges = |side: usize| -> Vec<Range<usize>> {
            all.iter().map(|b| b[side].range.clone()).collect()
        };
        let inputs = ranges(0);
        let (middles, outputs) = match layout {
            OutputLayout::Transposed => (ranges(1), Vec::new()),
            OutputLayout::Natural => (
                (0..ranks).map(|r| even_split(dims[1], ranks, r)).collect(),
                ranges(1),
            ),
        };
        let rank = exchange.rank();
        let builder = || {
            Fft::<T>::builder(queue)
                .direction(direction)
                .normalization(normalization)
        };
        let planes = inputs[rank].len();
        let first = match (planes, shape.len()) {
            (0, _) => None,
            (_, 2) => Some(builder().len(dims[1]).batch(planes).build()?),
            _ => Some(builder().shape(&dims[1..]).batch(planes).build()?),
        };
        let columns = middles[rank].len();
        let second = match (columns, shape.len()) {
            (0, _) => None,
            (_, 2) => Some(builder().len(dims[0]).batch(columns).build()?),
            _ => Some(
                builder()
                    .shape(&[dims[0], dims[2]])
                    .axes(&[0])
                    .batch(columns)
                    .build()?,
            ),
        };
        Ok(DistributedFft {
            exchange,
            dims,
            inputs,
            middles,
            outputs,
            layout,
            first,
            second,
            scratch: Mutex::new((Vec::new(), Vec::new())),
        })
    }

    /// Values of this rank's input slab.
    pub fn input_len(&self) -> usize {
        let [_, n1, n2] = self.dims;
        self.inputs[self.exchange.rank()].len() * n1 * n2
    }

    /// Values of this rank's output slab.
    pub fn output_len(&self) -> usize {
        self.output_len_of(self.exchange.rank())
    }

    fn output_len_of(&self, rank: usize) -> usize {
        let [n0, n1, n2] = self.dims;
        match self.layout {
            OutputLayout::Transposed => self.middles[rank].len() * n0 * n2,
            OutputLayout::Natural => self.outputs[rank].len() * n1 * n2,
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

    /// [`DistributedFft::execute`] into `output` ([`DistributedFft::output_len`] values), which
    /// with the plan's own buffers kept between calls allocates no slab-sized buffer but the
    /// exchanged bytes.
    pub fn execute_into(&self, local: &[Complex<T>], output: &mut [Complex<T>]) -> Result<()> {
        let rank = self.exchange.rank();
        // Every rank's input and output lengths, checked together.
        let mine: Vec<u8> = [local.len(), output.len()]
            .iter()
            .flat_map(|&n| (n as u64).to_le_bytes())
            .collect();
        let lengths = self.exchange.all_gather(&mine)?;
        for (r, bytes) in lengths.iter().enumerate() {
            let word = |i: usize| {
                u64::from_le_bytes(bytes[8 * i..8 * i + 8].try_into().expect("8 bytes")) as usize
            };
            let want = self.inputs[r].len() * self.dims[1] * self.dims[2];
            if word(0) != want {
                return Err(DistributedError::InputLength {
                    rank: r,
                    got: word(0),
                    want,
                });
            }
            let want = self.output_len_of(r);
            if word(1) != want {
                return Err(DistributedError::OutputLength {
                    rank: r,
                    got: word(1),
                    want,
                });
            }
        }
        let [n0, n1, n2] = self.dims;
        let zero = <Complex<T> as bytemuck::Zeroable>::zeroed();
        let mut scratch = self.scratch.lock().unwrap_or_else(|p| p.into_inner());
        let (planes, work) = &mut *scratch;
        planes.resize(local.len(), zero);
        if let Some(first) = &self.first {
            first.process_into(local, planes)?;
        }
        // Rank j gets, of each of this rank's planes p, the rows of j's range of axis 1.
        let sends = self
            .middles
            .iter()
            .map(|mid| {
                let runs = (0..self.inputs[rank].len()).map(|p| (p * n1 + mid.start) * n2);
                pack(planes, runs, mid.len() * n2)
            })
            .collect();
        let received = self.exchange.all_to_all(sends)?;
        // From rank s: its planes x this rank's range of axis 1 x n2, into (axis 1, axis 0, axis 2).
        let columns = self.middles[rank].len();
        work.resize(columns * n0 * n2, zero);
        let blocks: Vec<_> = received.iter().map(|b| values::<T>(b)).collect();
        let inputs = &self.inputs;
        // One row of axis 1 (all of axis 0 and 2) per task, on every host thread.
        if n0 * n2 > 0 {
            work.par_chunks_mut(n0 * n2)
                .enumerate()
                .for_each(|(i1, row)| {
                    for (block, from) in blocks.iter().zip(inputs) {
                        for p in 0..from.len() {
                            let src = (p * columns + i1) * n2;
                            let dst = (from.start + p) * n2;
                            row[dst..dst + n2].copy_from_slice(&block[src..src + n2]);
                        }
                    }
                });
        }
        match (self.layout, &self.second) {
            (OutputLayout::Transposed, Some(second)) => Ok(second.process_into(work, output)?),
            (OutputLayout::Transposed, None) => Ok(()),
            (OutputLayout::Natural, second) => {
                if let Some(second) = second {
                    second.process(work)?;
                }
                self.to_natural(work, output)
            }
        }
    }

    /// The second all-to-all of a natural output: (axis 1, axis 0, axis 2) slabs of axis 1
    /// back to C-order slabs of axis 0.
    fn to_natural(&self, work: &[Complex<T>], result: &mut [Complex<T>]) -> Result<()> {
        let rank = self.exchange.rank();
        let [n0, n1, n2] = self.dims;
        let columns = self.middles[rank].len();
        let sends = self
            .outputs
            .iter()
            .map(|out| {
                let runs = (0..columns).map(|i1| (i1 * n0 + out.start) * n2);
                pack(work, runs, out.len() * n2)
            })
            .collect();
        let received = self.exchange.all_to_all(sends)?;
        let mine = self.outputs[rank].len();
        let blocks: Vec<_> = received.iter().map(|b| values::<T>(b)).collect();
        let middles = &self.middles;
        // One plane of axis 0 per task, on every host thread.
        if n1 * n2 > 0 {
            result
                .par_chunks_mut(n1 * n2)
                .enumerate()
                .for_each(|(p, plane)| {
                    for (block, mid) in blocks.iter().zip(middles) {
                        for i1 in 0..mid.len() {
                            let src = (i1 * mine + p) * n2;
                            let dst = (mid.start + i1) * n2;
                            plane[dst..dst + n2].copy_from_slice(&block[src..src + n2]);
                        }
                    }
                });
        }
        Ok(())
    }
}

/// The bytes of the runs of `run` values of `data` starting at `starts`, one after another:
/// one copy per run into a buffer allocated once, the runs copied by every host thread (the
/// host path's cost is these copies).
fn pack<V: bytemuck::Pod + Send + Sync>(
    data: &[V],
    starts: impl Iterator<Item = usize>,
    run: usize,
) -> Vec<u8> {
    let starts: Vec<usize> = starts.collect();
    let run_bytes = run * std::mem::size_of::<V>();
    let mut bytes = vec![0u8; starts.len() * run_bytes];
    if run_bytes > 0 {
        bytes
            .par_chunks_mut(run_bytes)
            .zip(&starts)
            .for_each(|(out, &start)| {
                out.copy_from_slice(bytemuck::cast_slice(&data[start..start + run]))
            });
    }
    bytes
}

/// `bytes` as values: borrowed where the buffer is aligned for them (the allocator's usual
/// case), copied otherwise.
fn values<T: FftFloat>(bytes: &[u8]) -> std::borrow::Cow<'_, [Complex<T>]>
where
    Complex<T>: bytemuck::Pod,
{
    match bytemuck::try_cast_slice(bytes) {
        Ok(values) => std::borrow::Cow::Borrowed(values),
        Err(_) => std::borrow::Cow::Owned(bytemuck::pod_collect_to_vec(bytes)),
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
