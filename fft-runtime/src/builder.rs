//! [`FftBuilder`]: how a plan is asked for.

use crate::error::{Error, Result};
use crate::fft::Fft;
use crate::float::FftFloat;
use crate::measure::{measured_request, Measurement};
use crate::queue::DeviceQueue;
use crate::real::{ComplexToReal, RealToComplex};
use fft_core::kernel::{RealLayout, Twiddles};
use fft_core::plan::{
    tuned_len, Choice, KernelForm, Layout, Plan, PlanError, PlanRequest, Shape, Strategy,
    DEFAULT_MAX_RADIX,
};
use fft_core::{Direction, Normalization};
use num_complex::Complex;
use ocl::OclPrm;
use std::marker::PhantomData;

/// Collects the options of a plan; [`FftBuilder::build`] checks them and compiles the kernels.
///
/// ```no_run
/// # fn main() -> Result<(), fft_runtime::Error> {
/// use fft_runtime::{DeviceQueue, Fft};
/// let queue = DeviceQueue::from_env()?;
/// let plan = Fft::<f32>::builder(&queue).len(4096).batch(256).forward().build()?;
/// let mut data = vec![num_complex::Complex32::new(0.0, 0.0); 4096 * 256];
/// plan.process(&mut data)?;
/// # Ok(()) }
/// ```
#[must_use = "a builder does nothing until .build() is called"]
pub struct FftBuilder<'q, T: FftFloat> {
    queue: &'q DeviceQueue,
    len: Option<usize>,
    shape: Option<Vec<usize>>,
    axes: Option<Vec<usize>>,
    input: Layout,
    output: Layout,
    batch: usize,
    direction: Option<Direction>,
    normalization: Normalization,
    real_layout: RealLayout,
    twiddles: Twiddles,
    max_radix: u32,
    strategy: Strategy,
    form: Option<KernelForm>,
    measure: bool,
    decomposition: Option<Choice>,
    quick_start: bool,
    precision: PhantomData<T>,
}

impl<'q, T: FftFloat> FftBuilder<'q, T> {
    pub(crate) fn new(queue: &'q DeviceQueue) -> FftBuilder<'q, T> {
        FftBuilder {
            queue,
            len: None,
            shape: None,
            axes: None,
            input: Layout::default(),
            output: Layout::default(),
            batch: 1,
            direction: None,
            normalization: Normalization::None,
            real_layout: RealLayout::Compact,
            twiddles: Twiddles::Table,
            max_radix: DEFAULT_MAX_RADIX,
            strategy: Strategy::Auto,
            form: None,
            measure: false,
            decomposition: None,
            quick_start: true,
            precision: PhantomData,
        }
    }

    /// Points per transform, any length from 1 to 2^27 (required); reals per row for real
    /// transforms.
    pub fn len(mut self, len: usize) -> Self {
        self.len = Some(len);
        self
    }

    /// The dimensions of one multi-dimensional transform, C order (row-major: the last axis
    /// is contiguous), 1 to 3 of them, each any length from 1 to 2^27: `.shape(&[rows,
    /// cols])` for an image. Replaces [`FftBuilder::len`] (`.len(n)` is `.shape(&[n])`); a
    /// batch of such arrays lies one after another. Every axis is transformed unless
    /// [`FftBuilder::axes`] says otherwise; the normalization's N is the product of the
    /// transformed lengths (numpy's `fftn`).
    ///
    /// ```no_run
    /// # fn main() -> Result<(), fft_runtime::Error> {
    /// use fft_runtime::{DeviceQueue, Fft};
    /// use num_complex::Complex32;
    /// let queue = DeviceQueue::from_env()?;
    /// let plan = Fft::<f32>::builder(&queue).shape(&[480, 640]).build()?; // a 2-D FFT
    /// let mut image = vec![Complex32::new(1.0, 0.0); 480 * 640];
    /// plan.process(&mut image)?;
    /// assert!((image[0].re - 480.0 * 640.0).abs() < 1.0);
    /// # Ok(()) }
    /// ```
    pub fn shape(mut self, dims: &[usize]) -> Self {
        self.shape = Some(dims.to_vec());
        self
    }

    /// The axes to transform (numpy's `axes=`; default: all), each once: `.axes(&[0])`
    /// transforms the columns of a `[rows, cols]` shape, `.axes(&[1])` its rows.
    pub fn axes(mut self, axes: &[usize]) -> Self {
        self.axes = Some(axes.to_vec());
        self
    }

    /// Where the input lies (default: C order, contiguous, interleaved): element strides per
    /// axis and the distance between transforms (`cufftPlanMany`'s `istride`/`idist`), and
    /// interleaved or planar values ([`Layout::planar`]: real and imaginary parts in two
    /// buffers, [`Fft::enqueue_sides`]). The plan reads it in its first pass; a bad layout
    /// (a zero stride, values that overlap, a wrong number of strides) is refused with the
    /// axis and the numbers.
    ///
    /// Real transforms take layouts too, as `cufftPlanMany`'s: in reals on the real side (an
    /// R2C's input, a C2R's output) and in complex values of the half spectrum (`len/2 + 1`
    /// per row of the last axis) on the other, interleaved only, with
    /// [`RealLayout::Compact`]; a point-wise pass reads or writes each such side.
    pub fn input_layout(mut self, layout: Layout) -> Self {
        self.input = layout;
        self
    }

    /// Where the output goes (default: C order, contiguous, interleaved); see
    /// [`FftBuilder::input_layout`]. In place, it must equal the input layout.
    pub fn output_layout(mut self, layout: Layout) -> Self {
        self.output = layout;
        self
    }

    /// Number of transforms stored one after another (default 1).
    pub fn batch(mut self, batch: usize) -> Self {
        self.batch = batch;
        self
    }

    /// Forward transform, `exp(-2*pi*i*j*k/N)` (the default).
    pub fn forward(self) -> Self {
        self.direction(Direction::Forward)
    }

    /// Inverse transform, `exp(+2*pi*i*j*k/N)`.
    pub fn inverse(self) -> Self {
        self.direction(Direction::Inverse)
    }

    /// Sets the direction. Real transforms take theirs from their kind (R2C forward, C2R
    /// inverse): [`FftBuilder::build_r2c`] and [`FftBuilder::build_c2r`] refuse the other one.
    pub fn direction(mut self, direction: Direction) -> Self {
        self.direction = Some(direction);
        self
    }

    /// How the real side of a real transform lies in memory (default
    /// [`RealLayout::Compact`]: `len` reals per row, numpy's layout);
    /// [`RealLayout::Padded`] rows of `2 * (len/2 + 1)` reals allow in-place transforms, as in
    /// FFTW and cuFFT. Ignored by complex plans.
    pub fn real_layout(mut self, layout: RealLayout) -> Self {
        self.real_layout = layout;
        self
    }

    /// Output scaling (default [`Normalization::None`], as in cuFFT and FFTW).
    pub fn normalization(mut self, normalization: Normalization) -> Self {
        self.normalization = normalization;
        self
    }

    /// How pass twiddles are obtained (default [`Twiddles::Table`], the most accurate).
    pub fn twiddles(mut self, twiddles: Twiddles) -> Self {
        self.twiddles = twiddles;
        self
    }

    /// Pass family: [`Strategy::Auto`] (default: fused local-memory passes where possible),
    /// [`Strategy::GlobalRadix`] or [`Strategy::Fused`].
    pub fn strategy(mut self, strategy: Strategy) -> Self {
        self.strategy = strategy;
        self
    }

    /// Form of global radix passes (default: the queue's [`crate::QueueOptions::kernel_form`],
    /// itself [`KernelForm::Auto`] unless `OCLFFT_KERNEL_FORM` set it for a
    /// [`DeviceQueue::from_env`] queue): scalar kernels on CPU devices, `float2` elsewhere.
    pub fn kernel_form(mut self, form: KernelForm) -> Self {
        self.form = Some(form);
        self
    }

    /// Largest radix of global radix passes: 2, 4, 8, 16 (default), 32 or 64.
    pub fn max_radix(mut self, max_radix: u32) -> Self {
        self.max_radix = max_radix;
        self
    }

    /// Measure mode (FFTW's `FFTW_MEASURE`; default off, the estimate plan): `build` times
    /// the candidate decompositions of the transform on the device (fused sub-FFT lengths,
    /// global radix passes of each largest radix and form) and plans the fastest. The choice
    /// is stored in `tuning.toml` beside the binary cache, per device, driver, precision,
    /// length and batch, and later measured plans of the same transform reuse it without
    /// timing. The strategy and twiddles set on the builder bound the candidates; the largest
    /// radix and kernel form are measure mode's to choose. Multi-dimensional plans, and
    /// transforms with one candidate, are planned as estimated.
    ///
    /// Building takes longer (every candidate is compiled and run about 25 ms); the plan
    /// computes the same transform. [`Fft::measurement`] and `explain()` say what was chosen.
    pub fn measure(mut self, measure: bool) -> Self {
        self.measure = measure;
        self
    }

    /// Quick start (default on): when the plan's fused programs are neither built nor in the
    /// binary cache, `build` returns once global radix passes for the same transform are
    /// compiled (90-165 ms on NVIDIA's driver, where a fused program takes 0.7-2.4 s) and
    /// the fused programs compile on a background thread; the plan switches to them at its
    /// first call after they are ready. Results before and after are within a few percent of
    /// the same error (the stand-in's two-level tables add 2-5 %), not bit-identical: [`Fft::wait_ready`] waits for the fused passes (do that before timing).
    /// Dropping the plan also waits for them, so a short-lived program gains nothing (its
    /// exit would wait for the driver's compile anyway) and risks nothing.
    /// Applies to 1-D plans of fused passes (complex, and real ones of even length), not to
    /// multi-dimensional plans; `false` compiles everything in `build`.
    pub fn quick_start(mut self, quick_start: bool) -> Self {
        self.quick_start = quick_start;
        self
    }

    /// Plans the transform with this decomposition (one measure mode would time, e.g.
    /// `"fused 128x64".parse()?` or `Choice::Radix { max_radix: 8, form: KernelForm::Scalar
    /// }`) instead of the estimate planner's; it sets the strategy, and the largest radix and
    /// form or the fused sub-FFT lengths, and turns measure mode off. A split whose product is
    /// not the transform's core length (N, a real transform's N/2, Bluestein's padded M), or
    /// that does not fit the device, is an error.
    pub fn decomposition(mut self, choice: Choice) -> Self {
        self.decomposition = Some(choice);
        self
    }

    /// Plans the passes, checks the device can run them, builds (or reuses) the programs and
    /// uploads the twiddle tables.
    pub fn build(self) -> Result<Fft<T>>
    where
        Complex<T>: OclPrm,
    {
        let request = self.request(self.direction.unwrap_or(Direction::Forward), None)?;
        let (request, measurement) = self.measured(request)?;
        Ok(Fft::from_request(self.queue, request, self.quick_start)?.with_measurement(measurement))
    }

    /// `request` as measure mode decides it, when asked for.
    fn measured(&self, request: PlanRequest) -> Result<(PlanRequest, Option<Measurement>)>
    where
        Complex<T>: OclPrm,
    {
        if self.measure && self.decomposition.is_none() {
            // A request that does not plan comes back unmeasured and reports its own error
            // when it is built.
            measured_request::<T>(self.queue, request)
        } else {
            Ok((request, None))
        }
    }

    /// Builds a real-to-complex plan: `len` reals per row in, the `len / 2 + 1` values of
    /// each row's half spectrum out (numpy's `rfft`). Fails if `.inverse()` was asked for.
    pub fn build_r2c(self) -> Result<RealToComplex<T>>
    where
        Complex<T>: OclPrm,
    {
        let direction = self.real_direction(Direction::Forward)?;
        let request = self.request(direction, Some(self.real_layout))?;
        let (request, measurement) = self.measured(request)?;
        RealToComplex::from_request(self.queue, request, measurement, self.quick_start)
    }

    /// Builds a complex-to-real plan: each row's `len / 2 + 1` values of the half spectrum in,
    /// `len` reals out (numpy's `irfft(n=len)`; unscaled unless a normalization is set). Fails
    /// if `.forward()` was asked for.
    pub fn build_c2r(self) -> Result<ComplexToReal<T>>
    where
        Complex<T>: OclPrm,
    {
        let direction = self.real_direction(Direction::Inverse)?;
        let request = self.request(direction, Some(self.real_layout))?;
        let (request, measurement) = self.measured(request)?;
        ComplexToReal::from_request(self.queue, request, measurement, self.quick_start)
    }

    /// The direction of a real plan of `kind`'s direction, or an error if the caller asked
    /// for the other one.
    fn real_direction(&self, kind: Direction) -> Result<Direction> {
        match self.direction {
            Some(asked) if asked != kind => Err(Error::RealDirection { asked }),
            _ => Ok(kind),
        }
    }

    fn request(&self, direction: Direction, real: Option<RealLayout>) -> Result<PlanRequest> {
        let dims = match (&self.shape, self.len) {
            (Some(dims), _) => dims.clone(),
            (None, Some(len)) => vec![len],
            (None, None) => return Err(Error::MissingLength),
        };
        // A plain length stays a 1-D request (its errors speak of a length, not an axis).
        let shape = match (&self.shape, &self.axes) {
            (None, None) => None,
            _ => Some(Shape::new(&dims, self.axes.as_deref())?),
        };
        let len = match self.len {
            // Both given: the planner says where they disagree.
            Some(len) => len,
            None => dims.iter().product(),
        };
        let request = PlanRequest {
            len,
            shape,
            input: self.input,
            output: self.output,
            batch: self.batch,
            direction,
            precision: T::PRECISION,
            normalization: self.normalization,
            max_radix: self.max_radix,
            twiddles: self.twiddles,
            strategy: self.strategy,
            form: self.form.unwrap_or(self.queue.options().kernel_form),
            real,
            fused_split: None,
        };
        match self.decomposition {
            None => Ok(request),
            Some(choice) => self.decomposed(request, choice),
        }
    }

    /// `request` with `choice` applied, or why the choice does not fit it.
    fn decomposed(&self, request: PlanRequest, choice: Choice) -> Result<PlanRequest> {
        let caps = self.queue.plan_caps();
        let core = tuned_len(&request, &caps);
        if let Choice::Fused(Some(split)) = choice {
            if core != Some(split.points()) {
                let core = core.map_or("none (a multi-dimensional plan)".into(), |n| n.to_string());
                return Err(PlanError::FusedUnavailable(format!(
                    "the fused split {split} transforms {} points, but this plan's core length is {core}: give sub-FFT lengths whose product is {core}",
                    split.points()
                ))
                .into());
            }
        }
        let decomposed = choice.apply(request);
        Plan::new(decomposed, &caps)?;
        Ok(decomposed)
    }
}
