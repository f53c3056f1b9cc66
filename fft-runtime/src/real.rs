//! Real transforms (DESIGN.md section 4.5): [`RealToComplex`] (numpy's `rfft`) and
//! [`ComplexToReal`] (numpy's `irfft`), built by [`crate::FftBuilder::build_r2c`] and
//! [`crate::FftBuilder::build_c2r`].
//!
//! ```no_run
//! # fn main() -> Result<(), fft_runtime::Error> {
//! use fft_runtime::{DeviceQueue, Fft, Normalization};
//! let queue = DeviceQueue::from_env()?;
//! let rfft = Fft::<f32>::builder(&queue).len(1000).batch(2).build_r2c()?;
//! let signal = vec![1.0f32; 2000];
//! let spectrum = rfft.process(&signal)?; // 2 rows of 501 values
//! let irfft = Fft::<f32>::builder(&queue)
//!     .len(1000)
//!     .batch(2)
//!     .normalization(Normalization::Backward)
//!     .build_c2r()?;
//! let back = irfft.process(&spectrum)?; // the signal again; `spectrum` is left as it was
//! # Ok(()) }
//! ```

use crate::buffer_checks::check_pair;
use crate::device_buffers::{device_buffer, staging_buffer};
use crate::error::{Error, Result};
use crate::float::FftFloat;
use crate::host_transfer::{HostTransfer, HostView};
use crate::launch::Data;
use crate::measure::{measurement_line, Measurement};
use crate::queue::DeviceQueue;
use crate::quick_start::{quick_start_line, PassLaunches};
use crate::schedule::{padded_targets, scratch_count, Target};
use fft_core::kernel::{half_spectrum_len, RealLayout};
use fft_core::plan::{Layout, Plan, PlanRequest, Resolved};
use fft_core::Direction;
use num_complex::Complex;
use ocl::{Buffer, Event, EventList, OclPrm};
use std::sync::Mutex;

/// What an execution mutates: the kernels' arguments and the lazily made work buffers.
struct Exec<T: FftFloat>
where
    Complex<T>: OclPrm,
{
    /// The passes' launches (a quick-start plan's stand-in ones until its own are ready).
    passes: PassLaunches<T>,
    scratch: Vec<Buffer<Complex<T>>>,
    reals: Option<Buffer<T>>,
    spectrum: Option<Buffer<Complex<T>>>,
    /// How host calls move data, and its pinned chunks.
    transfer: HostTransfer,
}

/// A value type of one side of a real plan, and the staging buffer of that side.
trait Staged<T: FftFloat>: OclPrm + bytemuck::Pod
where
    Complex<T>: OclPrm,
{
    fn slot(exec: &mut Exec<T>) -> &mut Option<Buffer<Self>>;
}

impl<T: FftFloat> Staged<T> for T
where
    Complex<T>: OclPrm,
{
    fn slot(exec: &mut Exec<T>) -> &mut Option<Buffer<T>> {
        &mut exec.reals
    }
}

impl<T: FftFloat> Staged<T> for Complex<T>
where
    Complex<T>: OclPrm,
{
    fn slot(exec: &mut Exec<T>) -> &mut Option<Buffer<Complex<T>>> {
        &mut exec.spectrum
    }
}

/// The caller's layouts of a real plan's two sides ([`fft_core::plan::Layout`]), each `None`
/// where the plan was built without one.
struct RealSides {
    /// The reals (R2C input, C2R output), in reals.
    real: Option<Resolved>,
    /// The half spectrum, in complex values.
    spectrum: Option<Resolved>,
}

impl RealSides {
    fn of(plan: &Plan) -> Result<RealSides> {
        let request = &plan.request;
        let given =
            |layout: Layout, resolved: Resolved| (layout != Layout::default()).then_some(resolved);
        let input = given(request.input, plan.input_layout()?);
        let output = given(request.output, plan.output_layout()?);
        Ok(match request.direction {
            Direction::Forward => RealSides {
                real: input,
                spectrum: output,
            },
            Direction::Inverse => RealSides {
                real: output,
                spectrum: input,
            },
        })
    }
}

/// What both kinds of real plan share: the plan, its launches and work buffers.
struct RealCore<T: FftFloat>
where
    Complex<T>: OclPrm,
{
    queue: DeviceQueue,
    plan: Plan,
    layout: RealLayout,
    /// The caller's layouts, where the plan was given them.
    sides: RealSides,
    exec: Mutex<Exec<T>>,
    /// What measure mode decided, for plans built with [`crate::FftBuilder::measure`].
    measurement: Option<Measurement>,
}

impl<T: FftFloat> RealCore<T>
where
    Complex<T>: OclPrm,
{
    fn new(queue: &DeviceQueue, request: PlanRequest, quick_start: bool) -> Result<RealCore<T>> {
        let plan = Plan::new(request, &queue.plan_caps())?;
        let passes = PassLaunches::prepare(queue, &plan, quick_start)?;
        Ok(RealCore {
            queue: queue.clone(),
            layout: request.real.unwrap_or_default(),
            sides: RealSides::of(&plan)?,
            plan,
            exec: Mutex::new(Exec {
                passes,
                scratch: Vec::new(),
                reals: None,
                spectrum: None,
                transfer: HostTransfer::new(queue.options().host_path, queue.summary().kind),
            }),
            measurement: None,
        })
    }

    /// N: reals per row (the last axis of a multi-dimensional transform).
    fn len(&self) -> usize {
        match self.plan.request.shape {
            Some(shape) => shape.dims().last().copied().unwrap_or(1),
            None => self.plan.request.len,
        }
    }

    /// Rows of `len` reals: the batch times the dimensions before the last.
    fn batch(&self) -> usize {
        let before: usize = match self.plan.request.shape {
            Some(shape) => shape.dims()[..shape.rank() - 1].iter().product(),
            None => 1,
        };
        self.plan.request.batch * before
    }

    /// Reals the real side holds: the layout's extent, else rows of `len` (compact) or
    /// `2 * (len/2 + 1)` (padded).
    fn real_values(&self) -> usize {
        match &self.sides.real {
            Some(side) => side.extent,
            None => self.layout.row_distance(self.len()) * self.batch(),
        }
    }

    /// Complex values the half spectrum holds: the layout's extent, else rows of
    /// `len/2 + 1`.
    fn spectrum_values(&self) -> usize {
        match &self.sides.spectrum {
            Some(side) => side.extent,
            None => half_spectrum_len(self.len()) * self.batch(),
        }
    }

    fn real_rows(&self) -> String {
        if let Some(side) = &self.sides.real {
            return format!(
                "reals {:?} apart along the axes and {} between transforms, {} reals per row",
                side.strides,
                side.distance,
                self.len()
            );
        }
        match self.layout {
            RealLayout::Compact => format!("rows of {} reals", self.len()),
            RealLayout::Padded => format!(
                "padded rows of {} reals for len {}",
                self.layout.row_distance(self.len()),
                self.len()
            ),
        }
    }

    fn spectrum_rows(&self) -> String {
        match &self.sides.spectrum {
            Some(side) => format!(
                "complex values {:?} apart along the axes and {} between transforms, {} per row",
                side.strides,
                side.distance,
                half_spectrum_len(self.len())
            ),
            None => format!("rows of {} complex values", half_spectrum_len(self.len())),
        }
    }

    /// Checks a device buffer of the real side.
    fn check_real_buffer(&self, what: &'static str, buffer: &Buffer<T>) -> Result<()> {
        let expected = self.real_values();
        if buffer.len() < expected {
            return Err(Error::RealSizeMismatch {
                what,
                unit: "reals",
                expected,
                actual: buffer.len(),
                exact: "",
                layout: self.real_rows(),
                batch: self.batch(),
                fix: "allocate at least that many",
            });
        }
        Ok(())
    }

    /// Checks a device buffer of the half spectrum.
    fn check_spectrum_buffer(&self, what: &'static str, buffer: &Buffer<Complex<T>>) -> Result<()> {
        let expected = self.spectrum_values();
        if buffer.len() < expected {
            return Err(Error::RealSizeMismatch {
                what,
                unit: "complex values",
                expected,
                actual: buffer.len(),
                exact: "",
                layout: self.spectrum_rows(),
                batch: self.batch(),
                fix: "allocate at least that many",
            });
        }
        Ok(())
    }

    /// Checks a host slice of the real side (exact length).
    fn check_real_slice(&self, what: &'static str, actual: usize) -> Result<()> {
        let expected = self.real_values();
        if actual != expected {
            return Err(Error::RealSizeMismatch {
                what,
                unit: "reals",
                expected,
                actual,
                exact: " exactly",
                layout: self.real_rows(),
                batch: self.batch(),
                fix: "pass a slice of that length, or build a plan for your data's length",
            });
        }
        Ok(())
    }

    /// Checks a host slice of the half spectrum (exact length).
    fn check_spectrum_slice(&self, what: &'static str, actual: usize) -> Result<()> {
        let expected = self.spectrum_values();
        if actual != expected {
            return Err(Error::RealSizeMismatch {
                what,
                unit: "complex values",
                expected,
                actual,
                exact: " exactly",
                layout: self.spectrum_rows(),
                batch: self.batch(),
                fix: "pass len/2 + 1 values per row (numpy's rfft layout)",
            });
        }
        Ok(())
    }

    /// The in-place buffer's check: padded rows, or layouts of the caller's (a layout pass
    /// reads the whole input before any pass writes the output), with a buffer that holds
    /// both sides.
    fn check_in_place(&self, data: &Buffer<T>) -> Result<()> {
        let has_layouts = self.sides.real.is_some() || self.sides.spectrum.is_some();
        if self.layout != RealLayout::Padded && !has_layouts {
            return Err(Error::InPlaceNeedsPaddedRows {
                len: self.len(),
                padded: RealLayout::Padded.row_distance(self.len()),
            });
        }
        self.check_real_buffer("in-place buffer", data)?;
        let spectrum_reals = 2 * self.spectrum_values();
        if data.len() < spectrum_reals {
            return Err(Error::RealSizeMismatch {
                what: "in-place buffer",
                unit: "reals",
                expected: spectrum_reals,
                actual: data.len(),
                exact: "",
                layout: format!("the half spectrum's {}", self.spectrum_rows()),
                batch: self.batch(),
                fix: "allocate at least that many",
            });
        }
        Ok(())
    }

    /// Enqueues every pass from `input` to `output`. The input is read by the first pass
    /// only and the output written by the last only, so in place and out of place are the
    /// same schedule, and an out-of-place input is never written.
    fn run(
        &self,
        exec: &mut Exec<T>,
        input: Data<'_, T>,
        output: Data<'_, T>,
        wait: Option<&EventList>,
    ) -> Result<Vec<Event>> {
        exec.passes.refresh();
        let targets = padded_targets(exec.passes.current.len());
        while exec.scratch.len() < scratch_count(&targets) {
            let buffer = device_buffer(self.queue.queue(), self.plan.scratch_values())?;
            exec.scratch.push(buffer);
        }
        let mut events = Vec::with_capacity(targets.len());
        let mut source = input;
        for (i, (launch, target)) in exec.passes.current.iter().zip(&targets).enumerate() {
            let target = match target {
                Target::Output => output,
                Target::Scratch(k) => Data::Complex(&exec.scratch[*k]),
            };
            events.push(launch.enqueue(
                self.queue.queue(),
                source,
                target,
                if i == 0 { wait } else { None },
            )?);
            source = target;
        }
        Ok(events)
    }

    /// A blocking host call from `input` to `output` (checked by the caller): on the slices
    /// themselves when the transfer is direct, else through the cached staging buffers of
    /// each side (`reals` or `spectrum`, chosen by the value type).
    fn host_call<I: Staged<T>, O: Staged<T>>(
        &self,
        input: &[I],
        output: &mut [O],
        input_data: impl for<'b> Fn(&'b Buffer<I>) -> Data<'b, T>,
        output_data: impl for<'b> Fn(&'b Buffer<O>) -> Data<'b, T>,
    ) -> Result<()> {
        let queue = self.queue.queue();
        let mut exec = self.lock();
        if exec.transfer.direct() {
            let from = HostView::reading(queue, input)?;
            let to = HostView::writing(queue, output)?;
            self.run(
                &mut exec,
                input_data(from.buffer()),
                output_data(to.buffer()),
                None,
            )?;
            to.finish()?;
            return from.finish();
        }
        let from = staging_buffer(queue, I::slot(&mut exec), input.len())?;
        let to = staging_buffer(queue, O::slot(&mut exec), output.len())?;
        exec.transfer.upload(&self.queue, input, &from)?;
        self.run(&mut exec, input_data(&from), output_data(&to), None)?;
        exec.transfer.download(&self.queue, &to, output)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Exec<T>> {
        self.exec.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn explain(&self) -> String {
        format!(
            "{}, on {}\n{}{}{}",
            self.plan.headline(),
            self.queue.summary(),
            self.plan.explain(),
            quick_start_line(self.lock().passes.is_ready()),
            measurement_line(self.measurement.as_ref())
        )
    }
}

/// A compiled real-to-complex plan: `len` reals per row in, the `len / 2 + 1` values of each
/// row's half spectrum out (numpy's `rfft` layout), `batch` rows. Forward; unscaled unless the
/// builder set a normalization (the factor uses the real length: `1/len` for
/// [`crate::Normalization::Forward`], as numpy's `norm="forward"`).
///
/// Even lengths run as a `len / 2`-point complex FFT of the reals taken as pairs, with the
/// split step fused into its last pass where the device runs fused passes; odd lengths as a
/// `len`-point complex FFT of the reals. [`RealToComplex::explain`] says which.
pub struct RealToComplex<T: FftFloat>
where
    Complex<T>: OclPrm,
{
    core: RealCore<T>,
}

/// A compiled complex-to-real plan: each row's `len / 2 + 1` values of a half spectrum in,
/// `len` reals out (numpy's `irfft(n=len)`: the imaginary parts of the DC value and, for even
/// `len`, the Nyquist value are ignored), `batch` rows. Inverse; unscaled unless the builder
/// set a normalization ([`crate::Normalization::Backward`] gives numpy's `1/len`).
///
/// Out of place the input is never written (unlike cuFFT's and FFTW's C2R).
pub struct ComplexToReal<T: FftFloat>
where
    Complex<T>: OclPrm,
{
    core: RealCore<T>,
}

/// The accessors both real plans share.
macro_rules! real_plan_accessors {
    ($plan:ident) => {
        impl<T: FftFloat> $plan<T>
        where
            Complex<T>: OclPrm,
        {
            pub(crate) fn from_request(
                queue: &DeviceQueue,
                request: PlanRequest,
                measurement: Option<Measurement>,
                quick_start: bool,
            ) -> Result<Self> {
                let core = RealCore {
                    measurement,
                    ..RealCore::new(queue, request, quick_start)?
                };
                Ok($plan { core })
            }

            /// Whether the plan runs its own passes ([`Self::plan`]); a quick-start plan
            /// ([`crate::FftBuilder::quick_start`]) runs global radix passes until its fused
            /// programs, compiling in the background since the build, are ready.
            pub fn is_ready(&self) -> bool {
                self.core.lock().passes.is_ready()
            }

            /// Waits until the plan runs its own passes (at once unless quick start built
            /// it); a fused build that failed is [`crate::Error::QuickStartBuild`].
            pub fn wait_ready(&self) -> Result<()> {
                self.core.lock().passes.wait()
            }

            /// Whether quick start built this plan: its first calls run stand-in global
            /// radix passes.
            pub fn quick_started(&self) -> bool {
                self.core.lock().passes.quick_started()
            }

            /// What measure mode decided for this plan ([`crate::FftBuilder::measure`]);
            /// `None` for estimate plans and plans with one candidate.
            pub fn measurement(&self) -> Option<&Measurement> {
                self.core.measurement.as_ref()
            }

            /// Reals per row, N (the real axis, the last of a multi-dimensional shape).
            #[expect(
                clippy::len_without_is_empty,
                reason = "a plan always has at least one point"
            )]
            pub fn len(&self) -> usize {
                self.core.len()
            }

            /// Number of transforms.
            pub fn batch(&self) -> usize {
                self.core.plan.request.batch
            }

            /// Rows of `len` reals one execution holds: the batch times the dimensions before
            /// the last (the batch itself for a 1-D plan).
            pub fn rows(&self) -> usize {
                self.core.batch()
            }

            /// The dimensions of one transform's real side, C order: `[len]` for a 1-D plan.
            pub fn shape(&self) -> Vec<usize> {
                match self.core.plan.request.shape {
                    Some(shape) => shape.dims().to_vec(),
                    None => vec![self.core.len()],
                }
            }

            /// Complex values per row of the half spectrum: `len / 2 + 1`.
            pub fn spectrum_len(&self) -> usize {
                half_spectrum_len(self.core.len())
            }

            /// How the real side lies in memory.
            pub fn layout(&self) -> RealLayout {
                self.core.layout
            }

            /// Reals the real side of one execution holds: `batch` rows of `len` (compact) or
            /// `2 * (len/2 + 1)` (padded).
            pub fn real_values(&self) -> usize {
                self.core.real_values()
            }

            /// Complex values the half spectrum of one execution holds: `batch * (len/2 + 1)`.
            pub fn spectrum_values(&self) -> usize {
                self.core.spectrum_values()
            }

            /// The pass plan (pure data).
            pub fn plan(&self) -> &Plan {
                &self.core.plan
            }

            /// The kernel every pass runs, in order.
            pub fn entry_points(&self) -> Vec<String> {
                self.core
                    .plan
                    .passes
                    .iter()
                    .map(|p| p.entry_point())
                    .collect()
            }

            /// Human-readable schedule: how the real transform is computed (which steps are
            /// fused into which pass), every pass, the bytes moved.
            pub fn explain(&self) -> String {
                self.core.explain()
            }

            /// The queue the plan runs on.
            pub fn queue(&self) -> &DeviceQueue {
                &self.core.queue
            }
        }

        impl<T: FftFloat> std::fmt::Debug for $plan<T>
        where
            Complex<T>: OclPrm,
        {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_struct(stringify!($plan))
                    .field("plan", &self.core.plan)
                    .field("queue", &self.core.queue)
                    .finish_non_exhaustive()
            }
        }
    };
}

real_plan_accessors!(RealToComplex);
real_plan_accessors!(ComplexToReal);

impl<T: FftFloat> RealToComplex<T>
where
    Complex<T>: OclPrm,
{
    /// Transforms host reals (`real_values()` of them, exactly) and returns the half spectra
    /// (`spectrum_values()`). Blocking.
    pub fn process(&self, input: &[T]) -> Result<Vec<Complex<T>>> {
        let zero = T::from_f64(0.0);
        let mut output = vec![Complex::new(zero, zero); self.core.spectrum_values()];
        self.process_into(input, &mut output)?;
        Ok(output)
    }

    /// [`RealToComplex::process`] into `output` (`spectrum_values()` long, exactly). A bad
    /// call leaves `output` as it was; a device failure may leave it partly written. The data
    /// moves by the queue's [`crate::HostPath`], as in [`crate::Fft::process`].
    pub fn process_into(&self, input: &[T], output: &mut [Complex<T>]) -> Result<()> {
        self.core.check_real_slice("input slice", input.len())?;
        self.core
            .check_spectrum_slice("output slice", output.len())?;
        self.core.host_call(
            input,
            output,
            |from| Data::Real(from),
            |to| Data::Complex(to),
        )
    }

    /// Transforms `input` (at least `real_values()` reals) into `output` (at least
    /// `spectrum_values()` complex values) on the device, after `wait`; returns the event of
    /// the last pass. `input` is left as it was; the two must not overlap.
    pub fn enqueue(
        &self,
        input: &Buffer<T>,
        output: &Buffer<Complex<T>>,
        wait: Option<&EventList>,
    ) -> Result<Event> {
        self.enqueue_traced(input, output, wait).map(last)
    }

    /// [`RealToComplex::enqueue`], returning the event of every pass (for profiling).
    pub fn enqueue_traced(
        &self,
        input: &Buffer<T>,
        output: &Buffer<Complex<T>>,
        wait: Option<&EventList>,
    ) -> Result<Vec<Event>> {
        let core = &self.core;
        core.check_real_buffer("input buffer", input)?;
        core.check_spectrum_buffer("output buffer", output)?;
        check_pair(
            core.queue.queue(),
            (input, core.real_values()),
            (output, core.spectrum_values()),
        )?;
        let mut exec = core.lock();
        core.run(&mut exec, Data::Real(input), Data::Complex(output), wait)
    }

    /// Transforms `data` in place: rows of `2 * (len/2 + 1)` reals in (the last two or one
    /// unused), the half spectrum out in the same memory. Needs a plan with
    /// [`RealLayout::Padded`] rows, or with layouts of the caller's
    /// ([`crate::FftBuilder::input_layout`]) in a buffer that holds both sides.
    pub fn enqueue_in_place(&self, data: &Buffer<T>, wait: Option<&EventList>) -> Result<Event> {
        self.core.check_in_place(data)?;
        check_pair(self.core.queue.queue(), (data, 0), (data, 0))?;
        let mut exec = self.core.lock();
        self.core
            .run(&mut exec, Data::Real(data), Data::Real(data), wait)
            .map(last)
    }
}

impl<T: FftFloat> ComplexToReal<T>
where
    Complex<T>: OclPrm,
{
    /// Transforms host half spectra (`spectrum_values()` of them, exactly) and returns the
    /// reals (`real_values()`). Blocking; `input` is only read.
    pub fn process(&self, input: &[Complex<T>]) -> Result<Vec<T>> {
        let mut output = vec![T::from_f64(0.0); self.core.real_values()];
        self.process_into(input, &mut output)?;
        Ok(output)
    }

    /// [`ComplexToReal::process`] into `output` (`real_values()` long, exactly). A bad call
    /// leaves `output` as it was; a device failure may leave it partly written. The data
    /// moves by the queue's [`crate::HostPath`], as in [`crate::Fft::process`].
    pub fn process_into(&self, input: &[Complex<T>], output: &mut [T]) -> Result<()> {
        self.core.check_spectrum_slice("input slice", input.len())?;
        self.core.check_real_slice("output slice", output.len())?;
        self.core.host_call(
            input,
            output,
            |from| Data::Complex(from),
            |to| Data::Real(to),
        )
    }

    /// Transforms `input` (at least `spectrum_values()` complex values) into `output` (at
    /// least `real_values()` reals) on the device, after `wait`; returns the event of the last
    /// pass. `input` is never written; the two must not overlap.
    pub fn enqueue(
        &self,
        input: &Buffer<Complex<T>>,
        output: &Buffer<T>,
        wait: Option<&EventList>,
    ) -> Result<Event> {
        self.enqueue_traced(input, output, wait).map(last)
    }

    /// [`ComplexToReal::enqueue`], returning the event of every pass (for profiling).
    pub fn enqueue_traced(
        &self,
        input: &Buffer<Complex<T>>,
        output: &Buffer<T>,
        wait: Option<&EventList>,
    ) -> Result<Vec<Event>> {
        let core = &self.core;
        core.check_spectrum_buffer("input buffer", input)?;
        core.check_real_buffer("output buffer", output)?;
        check_pair(
            core.queue.queue(),
            (input, core.spectrum_values()),
            (output, core.real_values()),
        )?;
        let mut exec = core.lock();
        core.run(&mut exec, Data::Complex(input), Data::Real(output), wait)
    }

    /// Transforms `data` in place: the half spectrum in (`len/2 + 1` complex values per row),
    /// rows of `2 * (len/2 + 1)` reals out (the first `len` of each are the result). Needs a
    /// plan with [`RealLayout::Padded`] rows, or with layouts of the caller's in a buffer that
    /// holds both sides.
    pub fn enqueue_in_place(&self, data: &Buffer<T>, wait: Option<&EventList>) -> Result<Event> {
        self.core.check_in_place(data)?;
        check_pair(self.core.queue.queue(), (data, 0), (data, 0))?;
        let mut exec = self.core.lock();
        self.core
            .run(&mut exec, Data::Real(data), Data::Real(data), wait)
            .map(last)
    }
}

fn last(events: Vec<Event>) -> Event {
    events
        .into_iter()
        .last()
        .expect("a plan has at least one pass")
}
