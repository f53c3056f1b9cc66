//! [`DistributedRealToComplex`] and [`DistributedComplexToReal`]: distributed real transforms
//! (cuFFTMp's and heFFTe's R2C and C2R). The real FFT runs along the last axis of each rank's
//! real brick, which must therefore span that axis; the rest is a [`DistributedFft`] of the
//! half spectrum (`n_last / 2 + 1` values along the last axis) over the other axes.

use crate::decomposition::{Brick, PartOfField};
use crate::error::{DistributedError, Result};
use crate::exchange::Exchange;
use crate::plan::{
    check_lengths, check_tiling, device_buffer, field_dims, gather_bricks, DistributedFft,
};
use fft_runtime::ocl::{Buffer, OclPrm};
use fft_runtime::{
    ComplexToReal, DeviceQueue, Direction, Fft, FftFloat, Normalization, RealToComplex,
};
use num_complex::Complex;

/// What both real plans share: the fields' dims, every rank's real bricks, the complex part
/// and the device buffers of the real side.
struct RealSide<'e, T: FftFloat, E: Exchange>
where
    Complex<T>: OclPrm + bytemuck::Pod,
{
    exchange: &'e E,
    /// Every rank's brick of the real field.
    real: Vec<Brick>,
    /// Along every axis but the last, on the half spectrum.
    complex: DistributedFft<'e, T, E>,
    /// This rank's real values on the device (host calls).
    reals: Buffer<T>,
    /// The half spectrum of this rank's real brick (device calls of the inverse).
    spectrum: Buffer<Complex<T>>,
}

/// The shapes of the two fields: `([n0, n1, n2], [n0, n1, n2 / 2 + 1])` for a 3-D real
/// field, the last axis of a 2-D one halved alike (axis 2 then has length 1).
fn real_and_half_dims(shape: &[usize]) -> Result<([usize; 3], [usize; 3], usize)> {
    let real = field_dims(shape)?;
    let last = shape.len() - 1;
    let mut half = real;
    half[last] = real[last] / 2 + 1;
    Ok((real, half, last))
}

impl<'e, T: FftFloat, E: Exchange> RealSide<'e, T, E>
where
    Complex<T>: OclPrm + bytemuck::Pod,
{
    /// The real side `real_part` (the real field's brick) and the complex side `complex_part`
    /// (the half spectrum's brick) of this rank; `forward` says which is the input.
    fn new(
        queue: &DeviceQueue,
        exchange: &'e E,
        shape: &[usize],
        (real_part, complex_part): (&dyn PartOfField, &dyn PartOfField),
        (direction, normalization): (Direction, Normalization),
    ) -> Result<(Self, usize)> {
        let (dims, half, last) = real_and_half_dims(shape)?;
        let mine = real_part.brick(dims);
        let all = gather_bricks(exchange, [&mine, &mine])?;
        let real: Vec<Brick> = all.into_iter().map(|[b, _]| b).collect();
        let side = match direction {
            Direction::Forward => "input",
            Direction::Inverse => "output",
        };
        check_tiling(side, shape, &real, dims)?;
        if let Some((rank, brick)) = real.iter().enumerate().find(|(_, b)| !b.spans(last, dims)) {
            return Err(DistributedError::RealAxis {
                side,
                rank,
                brick: brick.to_string(),
                last,
            });
        }
        // The real brick's half spectrum: the same ranges, the last axis halved.
        let mut spectrum_brick = mine.clone();
        spectrum_brick.ranges[last] = 0..half[last];
        let axes: Vec<usize> = (0..last).collect();
        let other = complex_part.brick(half);
        let parts = match direction {
            Direction::Forward => (spectrum_brick.clone(), other),
            Direction::Inverse => (other, spectrum_brick.clone()),
        };
        let half_shape: Vec<usize> = half[..shape.len()].to_vec();
        let complex = DistributedFft::on_axes(
            queue,
            exchange,
            (&half_shape, half),
            &axes,
            parts,
            (direction, normalization),
        )?;
        let rows = mine.len() / dims[last].max(1);
        let side = RealSide {
            exchange,
            reals: device_buffer(queue, mine.len())?,
            spectrum: device_buffer(queue, spectrum_brick.len())?,
            real,
            complex,
        };
        Ok((side, rows))
    }

    /// Values of rank `rank`'s real brick.
    fn real_len_of(&self, rank: usize) -> usize {
        self.real[rank].len()
    }
}

/// The 1-D real plans' builder along the last axis: `rows` rows of `len` values.
fn real_builder<T: FftFloat>(
    queue: &DeviceQueue,
    len: usize,
    rows: usize,
    normalization: Normalization,
) -> fft_runtime::FftBuilder<'_, T>
where
    Complex<T>: OclPrm,
{
    Fft::<T>::builder(queue)
        .len(len)
        .batch(rows)
        .normalization(normalization)
        .quick_start(false)
}

/// A distributed real-to-complex transform (forward): each rank holds a brick of the real
/// field that spans its last axis, and gets a brick of the half spectrum (`n_last / 2 + 1`
/// values along the last axis, numpy's `rfftn` layout).
///
/// ```no_run
/// use fft_mpi::{even_split, DistributedRealToComplex, Exchange, SlabBox, VirtualRanks};
/// use fft_runtime::{DeviceQueue, Normalization};
///
/// let queue = DeviceQueue::from_env()?;
/// let spectra = VirtualRanks::run(2, |rank| {
///     let r = rank.rank();
///     // A 64 x 48 x 32 real field in slabs of axis 0; the 64 x 48 x 17 half spectrum out in
///     // slabs of axis 1.
///     let plan = DistributedRealToComplex::<f32, _>::new(
///         &queue,
///         rank,
///         &[64, 48, 32],
///         (SlabBox::new(0, even_split(64, 2, r)), SlabBox::new(1, even_split(48, 2, r))),
///         Normalization::None,
///     )?;
///     plan.execute(&vec![1.0f32; plan.input_len()])
/// });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct DistributedRealToComplex<'e, T: FftFloat, E: Exchange>
where
    Complex<T>: OclPrm + bytemuck::Pod,
{
    side: RealSide<'e, T, E>,
    r2c: Option<RealToComplex<T>>,
}

impl<'e, T: FftFloat, E: Exchange> DistributedRealToComplex<'e, T, E>
where
    Complex<T>: OclPrm + bytemuck::Pod,
{
    /// Plans the transform of a real field of `shape` (2-D or 3-D) from this rank's `input`
    /// part of it (which must hold every index of the last axis) to its `output` part of the
    /// half spectrum, of shape `shape` with the last length `n / 2 + 1`. Every rank calls it;
    /// the parts are checked together. `normalization` counts every real point.
    pub fn new(
        queue: &DeviceQueue,
        exchange: &'e E,
        shape: &[usize],
        (input, output): (impl PartOfField, impl PartOfField),
        normalization: Normalization,
    ) -> Result<Self> {
        let parts: (&dyn PartOfField, &dyn PartOfField) = (&input, &output);
        let direction = (Direction::Forward, normalization);
        let (side, rows) = RealSide::new(queue, exchange, shape, parts, direction)?;
        let len = *shape.last().expect("a checked shape");
        let r2c = match rows {
            0 => None,
            _ => Some(real_builder::<T>(queue, len, rows, normalization).build_r2c()?),
        };
        Ok(DistributedRealToComplex { side, r2c })
    }

    /// Reals of this rank's input part.
    pub fn input_len(&self) -> usize {
        self.side.real_len_of(self.side.exchange.rank())
    }

    /// Complex values of this rank's output part.
    pub fn output_len(&self) -> usize {
        self.side.complex.output_len()
    }

    /// The exchanges move at most `bytes` per message (see [`DistributedFft::with_chunk_bytes`]).
    pub fn with_chunk_bytes(mut self, bytes: usize) -> Self {
        self.side.complex = self.side.complex.with_chunk_bytes(bytes);
        self
    }

    fn check(&self, input: usize, output: usize, at_least: bool) -> Result<()> {
        let side = &self.side;
        let want = |rank: usize| [side.real_len_of(rank), side.complex.output_len_of(rank)];
        check_lengths(side.exchange, [input, output], want, at_least)
    }

    /// Transforms the field: every rank calls it with its reals and gets its part of the half
    /// spectrum. Lengths are checked on every rank together.
    pub fn execute(&self, local: &[T]) -> Result<Vec<Complex<T>>> {
        let mut output = vec![<Complex<T> as bytemuck::Zeroable>::zeroed(); self.output_len()];
        self.execute_into(local, &mut output)?;
        Ok(output)
    }

    /// [`DistributedRealToComplex::execute`] into `output`.
    pub fn execute_into(&self, local: &[T], output: &mut [Complex<T>]) -> Result<()> {
        self.check(local.len(), output.len(), false)?;
        let side = &self.side;
        side.complex.host().upload(local, &side.reals)?;
        let start = side.complex.first_buffer();
        if let Some(r2c) = &self.r2c {
            let _in_order = r2c.enqueue(&side.reals, start, None)?;
        }
        let result = side.complex.run(start, None)?;
        side.complex.host().download(result, output)?;
        Ok(())
    }

    /// Transforms from device buffers: `input` holds this rank's reals (at least
    /// [`DistributedRealToComplex::input_len`], left unchanged), `output` gets its part of the
    /// half spectrum. Returns when the output is complete.
    pub fn execute_buffers(&self, input: &Buffer<T>, output: &Buffer<Complex<T>>) -> Result<()> {
        self.check(input.len(), output.len(), true)?;
        let side = &self.side;
        let start = side.complex.first_buffer();
        if let Some(r2c) = &self.r2c {
            let _in_order = r2c.enqueue(input, start, None)?;
        }
        side.complex.run(start, Some(output))?;
        side.complex.finish()
    }
}

/// A distributed complex-to-real transform (inverse): each rank holds a brick of the half
/// spectrum (`n_last / 2 + 1` values along the last axis) and gets a brick of the real field
/// that spans its last axis (numpy's `irfftn(s=shape)`).
pub struct DistributedComplexToReal<'e, T: FftFloat, E: Exchange>
where
    Complex<T>: OclPrm + bytemuck::Pod,
{
    side: RealSide<'e, T, E>,
    c2r: Option<ComplexToReal<T>>,
}

impl<'e, T: FftFloat, E: Exchange> DistributedComplexToReal<'e, T, E>
where
    Complex<T>: OclPrm + bytemuck::Pod,
{
    /// Plans the inverse of [`DistributedRealToComplex`]: this rank's `input` part of the half
    /// spectrum to its `output` part of the real field of `shape` (which must hold every index
    /// of the last axis). `Normalization::Backward` gives numpy's `1 / N`.
    pub fn new(
        queue: &DeviceQueue,
        exchange: &'e E,
        shape: &[usize],
        (input, output): (impl PartOfField, impl PartOfField),
        normalization: Normalization,
    ) -> Result<Self> {
        let parts: (&dyn PartOfField, &dyn PartOfField) = (&output, &input);
        let direction = (Direction::Inverse, normalization);
        let (side, rows) = RealSide::new(queue, exchange, shape, parts, direction)?;
        let len = *shape.last().expect("a checked shape");
        let c2r = match rows {
            0 => None,
            _ => Some(real_builder::<T>(queue, len, rows, normalization).build_c2r()?),
        };
        Ok(DistributedComplexToReal { side, c2r })
    }

    /// Complex values of this rank's input part.
    pub fn input_len(&self) -> usize {
        self.side.complex.input_len()
    }

    /// Reals of this rank's output part.
    pub fn output_len(&self) -> usize {
        self.side.real_len_of(self.side.exchange.rank())
    }

    /// The exchanges move at most `bytes` per message (see [`DistributedFft::with_chunk_bytes`]).
    pub fn with_chunk_bytes(mut self, bytes: usize) -> Self {
        self.side.complex = self.side.complex.with_chunk_bytes(bytes);
        self
    }

    fn check(&self, input: usize, output: usize, at_least: bool) -> Result<()> {
        let side = &self.side;
        let want = |rank: usize| [side.complex.input_len_of(rank), side.real_len_of(rank)];
        check_lengths(side.exchange, [input, output], want, at_least)
    }

    /// Transforms the field: every rank calls it with its part of the half spectrum and gets
    /// its reals. Lengths are checked on every rank together.
    pub fn execute(&self, local: &[Complex<T>]) -> Result<Vec<T>> {
        let mut output = vec![T::from_f64(0.0); self.output_len()];
        self.execute_into(local, &mut output)?;
        Ok(output)
    }

    /// [`DistributedComplexToReal::execute`] into `output`.
    pub fn execute_into(&self, local: &[Complex<T>], output: &mut [T]) -> Result<()> {
        self.check(local.len(), output.len(), false)?;
        let side = &self.side;
        let start = side.complex.first_buffer();
        side.complex.host().upload(local, start)?;
        let spectrum = side.complex.run(start, None)?;
        if let Some(c2r) = &self.c2r {
            let _in_order = c2r.enqueue(spectrum, &side.reals, None)?;
        }
        side.complex.host().download(&side.reals, output)?;
        Ok(())
    }

    /// Transforms from device buffers: `input` holds this rank's part of the half spectrum
    /// (left unchanged), `output` gets its reals. Returns when the output is complete.
    pub fn execute_buffers(&self, input: &Buffer<Complex<T>>, output: &Buffer<T>) -> Result<()> {
        self.check(input.len(), output.len(), true)?;
        let side = &self.side;
        side.complex.run(input, Some(&side.spectrum))?;
        if let Some(c2r) = &self.c2r {
            let _in_order = c2r.enqueue(&side.spectrum, output, None)?;
        }
        side.complex.finish()
    }
}
