//! [`Fft`]: a compiled plan that enqueues its passes on a [`DeviceQueue`].

use crate::builder::FftBuilder;
use crate::device_buffers::{device_buffer, staging_buffer};
use crate::error::{Error, Result};
use crate::float::FftFloat;
use crate::host_transfer::{HostTransfer, HostView};
use crate::launch::{Data, Launch};
use crate::measure::{measurement_line, Measurement};
use crate::queue::DeviceQueue;
use crate::quick_start::{quick_start_line, PassLaunches};
use crate::schedule::{padded_targets, pass_targets, scratch_count, Target};
use crate::side::{describe, Side};
use fft_core::kernel::KernelSpec;
use fft_core::plan::{Plan, PlanRequest, Resolved};
use num_complex::Complex;
use ocl::{Buffer, Event, EventList, OclPrm};
use std::sync::Mutex;

/// The kernels index with `uint`, so a transform holds at most this many points in all.
pub use fft_core::plan::MAX_TOTAL_POINTS;

/// What an execution mutates: the kernels' arguments and the lazily made work buffers.
struct Exec<T: FftFloat>
where
    Complex<T>: OclPrm,
{
    /// The passes' launches (a quick-start plan's stand-in ones until its own are ready).
    passes: PassLaunches<T>,
    scratch: Vec<Buffer<Complex<T>>>,
    /// Host calls' device copies of the input and of the result, made on first use and kept.
    staging: Option<Buffer<Complex<T>>>,
    staging_out: Option<Buffer<Complex<T>>>,
    /// Planar host calls' device copies of the real and imaginary parts.
    staging_planar: (Option<Buffer<T>>, Option<Buffer<T>>),
    /// How host calls move data, and its pinned chunks.
    transfer: HostTransfer,
}

/// A compiled FFT plan: fixed length, batch, direction, precision and normalization.
///
/// Plans are `Send + Sync`; calls from several threads are serialized on the plan's queue.
/// Execution is asynchronous on device buffers ([`Fft::enqueue`]) and blocking on host data
/// ([`Fft::process`]).
pub struct Fft<T: FftFloat>
where
    Complex<T>: OclPrm,
{
    queue: DeviceQueue,
    plan: Plan,
    /// The plan's input and output layouts, resolved once at build.
    layouts: (Resolved, Resolved),
    /// Whether a pass reads or writes the caller's own layout ([`Plan::has_layout_passes`]).
    layout_passes: bool,
    exec: Mutex<Exec<T>>,
    /// What measure mode decided, for plans built with [`FftBuilder::measure`].
    measurement: Option<Measurement>,
}

impl<T: FftFloat> Fft<T>
where
    Complex<T>: OclPrm,
{
    /// Starts describing a plan on `queue`.
    pub fn builder(queue: &DeviceQueue) -> FftBuilder<'_, T> {
        FftBuilder::new(queue)
    }

    /// Plans `request` for the queue's device, checks the device can hold and compute it,
    /// builds the programs (in parallel) and binds every pass's arguments. With
    /// `quick_start`, a plan whose fused programs are not compiled yet starts on stand-in
    /// global radix passes while they compile (`quick_start.rs`).
    pub(crate) fn from_request(
        queue: &DeviceQueue,
        request: PlanRequest,
        quick_start: bool,
    ) -> Result<Fft<T>> {
        let plan = Plan::new(request, &queue.plan_caps())?;
        let passes = PassLaunches::prepare(queue, &plan, quick_start)?;
        Ok(Fft {
            queue: queue.clone(),
            layouts: (plan.input_layout()?, plan.output_layout()?),
            layout_passes: plan.has_layout_passes(),
            plan,
            exec: Mutex::new(Exec {
                passes,
                scratch: Vec::new(),
                staging: None,
                staging_out: None,
                staging_planar: (None, None),
                transfer: HostTransfer::new(queue.options().host_path, queue.summary().kind),
            }),
            measurement: None,
        })
    }

    /// The plan with measure mode's decision attached (shown by [`Fft::explain`]).
    pub(crate) fn with_measurement(self, measurement: Option<Measurement>) -> Fft<T> {
        Fft {
            measurement,
            ..self
        }
    }

    /// Whether the plan was built by quick start ([`FftBuilder::quick_start`]): its fused
    /// programs were not compiled yet, so its first calls run stand-in global radix passes
    /// ([`Fft::is_ready`] says whether they still do).
    pub fn quick_started(&self) -> bool {
        self.lock_exec().passes.quick_started()
    }

    /// The execution state, locked (a panic in another call does not poison it for good).
    fn lock_exec(&self) -> std::sync::MutexGuard<'_, Exec<T>> {
        self.exec.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// What measure mode decided for this plan ([`FftBuilder::measure`]): the decomposition,
    /// its time and the estimate's; `None` for estimate plans and plans with one candidate.
    pub fn measurement(&self) -> Option<&Measurement> {
        self.measurement.as_ref()
    }

    /// Whether the plan runs its own passes ([`Fft::plan`]). A quick-start plan (see
    /// [`FftBuilder::quick_start`]) runs global radix passes until its fused programs,
    /// compiling in the background since the build, are ready; then its next call switches.
    pub fn is_ready(&self) -> bool {
        self.lock_exec().passes.is_ready()
    }

    /// Waits until the plan runs its own passes: for a quick-start plan, until its fused
    /// programs have compiled (at once for any other plan). Timing and bit-reproducible
    /// results start here. A fused build that failed is returned as
    /// [`Error::QuickStartBuild`] (the plan keeps working on its radix passes).
    pub fn wait_ready(&self) -> Result<()> {
        self.lock_exec().passes.wait()
    }

    /// Points per transform (the product of the dimensions of a multi-dimensional one).
    #[expect(
        clippy::len_without_is_empty,
        reason = "a plan always has at least 2 points"
    )]
    pub fn len(&self) -> usize {
        self.plan.request.len
    }

    /// The dimensions of one transform, C order: `[len]` for a 1-D plan.
    pub fn shape(&self) -> Vec<usize> {
        match self.plan.request.shape {
            Some(shape) => shape.dims().to_vec(),
            None => vec![self.len()],
        }
    }

    /// Number of transforms.
    pub fn batch(&self) -> usize {
        self.plan.request.batch
    }

    /// Complex values one execution transforms: `len * batch`.
    pub fn total_len(&self) -> usize {
        self.len() * self.batch()
    }

    /// The pass plan (pure data).
    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// The kernel every pass runs, in order (e.g. `fft_radix16_fwd_f32_scalar_p1` then
    /// `fft_radix16_fwd_f32_scalar` on a CPU device).
    pub fn entry_points(&self) -> Vec<String> {
        self.plan
            .passes
            .iter()
            .map(|pass| pass.entry_point())
            .collect()
    }

    /// The queue the plan runs on.
    pub fn queue(&self) -> &DeviceQueue {
        &self.queue
    }

    /// Human-readable schedule: every pass with its kernel and launch shape, the bytes moved
    /// and the expected floor (one pass over the data costs about one device copy of it).
    pub fn explain(&self) -> String {
        let quick_start = quick_start_line(self.is_ready());
        format!(
            "{}, on {}\n{}{}{}",
            self.plan.headline(),
            self.queue.summary(),
            self.plan.explain(),
            quick_start,
            measurement_line(self.measurement.as_ref())
        )
    }

    /// Transforms `data` in place on the device. Returns the event of the last command; the
    /// result is ready once it completes.
    ///
    /// A device buffer holds at least `len * batch` values (fewer is
    /// [`Error::BufferTooSmall`]); only the first `len * batch` are transformed and the rest is
    /// left as it was. It must belong to the plan's OpenCL context ([`Error::ForeignContext`]).
    pub fn enqueue(&self, data: &Buffer<Complex<T>>) -> Result<Event> {
        self.enqueue_after(data, data, None)
    }

    /// Transforms `input` into `output`, leaving `input` unchanged. As in [`Fft::enqueue`],
    /// only the first `len * batch` values of each are used; those of `input` and `output` must
    /// not overlap ([`Error::BuffersOverlap`]: sub-buffers of one parent, or a sub-buffer and
    /// its parent), and the same buffer passed twice transforms in place.
    pub fn enqueue_out_of_place(
        &self,
        input: &Buffer<Complex<T>>,
        output: &Buffer<Complex<T>>,
    ) -> Result<Event> {
        self.enqueue_after(input, output, None)
    }

    /// Like [`Fft::enqueue_out_of_place`] (in place when both are the same buffer), after the
    /// events in `wait` complete.
    pub fn enqueue_after(
        &self,
        input: &Buffer<Complex<T>>,
        output: &Buffer<Complex<T>>,
        wait: Option<&EventList>,
    ) -> Result<Event> {
        let events = self.enqueue_traced(input, output, wait)?;
        Ok(events
            .into_iter()
            .last()
            .expect("a plan has at least one pass"))
    }

    /// Enqueues the transform and returns the event of every pass, for profiling: the
    /// passes of [`Fft::plan`], or a quick-start plan's stand-in passes until
    /// [`Fft::is_ready`] (call [`Fft::wait_ready`] before profiling).
    pub fn enqueue_traced(
        &self,
        input: &Buffer<Complex<T>>,
        output: &Buffer<Complex<T>>,
        wait: Option<&EventList>,
    ) -> Result<Vec<Event>> {
        self.enqueue_sides_traced(Side::Interleaved(input), Side::Interleaved(output), wait)
    }

    /// Transforms `input` into `output`, each interleaved or planar as the plan's layouts say
    /// ([`FftBuilder::input_layout`], [`FftBuilder::output_layout`]), after `wait`; the same
    /// buffers on both sides transform in place (the layouts must then be equal). Returns the
    /// last event.
    ///
    /// ```no_run
    /// # fn main() -> Result<(), fft_runtime::Error> {
    /// use fft_runtime::{DeviceQueue, Fft, Layout, Side};
    /// let queue = DeviceQueue::from_env()?;
    /// let plan = Fft::<f32>::builder(&queue)
    ///     .len(1024)
    ///     .batch(8)
    ///     .input_layout(Layout::planar())
    ///     .build()?;
    /// let part = |v: f32| {
    ///     fft_runtime::ocl::Buffer::<f32>::builder()
    ///         .queue(queue.queue().clone())
    ///         .len(1024 * 8)
    ///         .fill_val(v)
    ///         .build()
    /// };
    /// let (re, im) = (part(1.0)?, part(0.0)?);
    /// let out = fft_runtime::ocl::Buffer::<num_complex::Complex32>::builder()
    ///     .queue(queue.queue().clone())
    ///     .len(1024 * 8)
    ///     .build()?;
    /// plan.enqueue_sides(Side::Planar(&re, &im), Side::Interleaved(&out), None)?
    ///     .wait_for()?;
    /// # Ok(()) }
    /// ```
    pub fn enqueue_sides(
        &self,
        input: Side<'_, T>,
        output: Side<'_, T>,
        wait: Option<&EventList>,
    ) -> Result<Event> {
        let events = self.enqueue_sides_traced(input, output, wait)?;
        Ok(events
            .into_iter()
            .last()
            .expect("a plan has at least one pass"))
    }

    /// [`Fft::enqueue_sides`], returning the event of every command.
    pub fn enqueue_sides_traced(
        &self,
        input: Side<'_, T>,
        output: Side<'_, T>,
        wait: Option<&EventList>,
    ) -> Result<Vec<Event>> {
        let in_place = input.id() == output.id();
        match (input, output, self.layout_passes) {
            (Side::Interleaved(i), Side::Interleaved(o), false) => {
                self.check_buffer("input", i)?;
                self.check_buffer("output", o)?;
                crate::buffer_checks::check_buffers(self.queue.queue(), i, o, self.total_len())?;
            }
            _ => {
                let (in_layout, out_layout) = &self.layouts;
                input.check("input", in_layout)?;
                output.check("output", out_layout)?;
                if in_place {
                    self.check_same_layouts()?;
                }
                Side::check_disjoint(
                    self.queue.queue(),
                    (input, in_layout.extent),
                    (output, out_layout.extent),
                )?;
            }
        }
        let mut exec = self.lock_exec();
        self.run_locked(&mut exec, input.data(), output.data(), in_place, wait)
    }

    /// In place, the input and output layouts must be one.
    fn check_same_layouts(&self) -> Result<()> {
        let request = &self.plan.request;
        if request.input == request.output {
            return Ok(());
        }
        Err(Error::InPlaceLayoutsDiffer {
            input: describe(&self.layouts.0),
            output: describe(&self.layouts.1),
        })
    }

    /// Enqueues every pass with the plan's lock held (the kernels' arguments are shared state).
    fn run_locked(
        &self,
        exec: &mut Exec<T>,
        input: Data<'_, T>,
        output: Data<'_, T>,
        in_place: bool,
        wait: Option<&EventList>,
    ) -> Result<Vec<Event>> {
        exec.passes.refresh();
        let work_len = self.plan.work_len();
        // Layout passes read the caller's input once and write its output once: every pass
        // between them stays in the work buffers, as Bluestein's padded ones do.
        let targets = if work_len == self.len() && !self.layout_passes {
            pass_targets(exec.passes.current.len(), in_place)
        } else {
            padded_targets(exec.passes.current.len())
        };
        while exec.scratch.len() < scratch_count(&targets) {
            let buffer = device_buffer(self.queue.queue(), work_len * self.batch())?;
            exec.scratch.push(buffer);
        }
        let mut events = Vec::with_capacity(targets.len() + 1);
        let mut source = input;
        for (i, (launch, target)) in exec.passes.current.iter().zip(&targets).enumerate() {
            let target = match target {
                Target::Output => output,
                Target::Scratch(k) => Data::Complex(&exec.scratch[*k]),
            };
            let event = launch.enqueue(
                self.queue.queue(),
                source,
                target,
                if i == 0 { wait } else { None },
            )?;
            events.push(event);
            source = target;
        }
        Ok(events)
    }

    /// Transforms host data in place: uploads, runs, waits, downloads. `data` must hold
    /// exactly `len * batch` values (with a layout: at least its extent, the values between
    /// the layout's addresses kept). Nothing is allocated per call beyond the buffers the plan
    /// keeps; how the data moves is the queue's [`crate::HostPath`] (on a CPU device the
    /// kernels work on `data` itself; on a GPU it crosses the bus through pinned chunks). A
    /// bad call (wrong length, planar plan, ...) leaves `data` unchanged; a device failure
    /// may leave it partly written.
    pub fn process(&self, data: &mut [Complex<T>]) -> Result<()> {
        self.check_host_call(data.len())?;
        // The lock covers upload, run and download: concurrent calls must not share the
        // staging buffers' contents.
        let mut exec = self.lock_exec();
        if exec.transfer.direct() {
            let view = HostView::writing(self.queue.queue(), data)?;
            let side = Data::Complex(view.buffer());
            self.run_locked(&mut exec, side, side, true, None)?;
            return view.finish();
        }
        let result = self.run_host(&mut exec, data)?;
        exec.transfer.download(&self.queue, &result, data)
    }

    /// Transforms `input` into `output` (both exactly `len * batch` values, or with a layout at
    /// least its extent and of one length): uploads `input`, runs, downloads into `output`;
    /// `input` is not modified. With a caller's layout the values of `output` between the
    /// layout's addresses are those of `input`. A plan whose input and output layouts differ
    /// (`cufftPlanMany`'s istride/idist and ostride/odist) takes `input` at least its input
    /// layout's extent and `output` at least its output layout's, and keeps the values of
    /// `output` outside its layout. Errors as [`Fft::process`].
    pub fn process_into(&self, input: &[Complex<T>], output: &mut [Complex<T>]) -> Result<()> {
        if self.plan.request.input != self.plan.request.output {
            return self.process_between_layouts(input, output);
        }
        self.check_host_call(input.len())?;
        self.check_host_call(output.len())?;
        // With a caller's layout both may be longer than its extent: then of one length.
        if input.len() != output.len() {
            return Err(Error::HostLengthMismatch {
                expected: input.len(),
                actual: output.len(),
                len: self.len(),
                batch: self.batch(),
            });
        }
        let mut exec = self.lock_exec();
        if exec.transfer.direct() {
            return self.process_into_direct(&mut exec, input, output);
        }
        let result = self.run_host(&mut exec, input)?;
        exec.transfer.download(&self.queue, &result, output)
    }

    /// [`Fft::process_into`] with the kernels on the caller's slices: out of place for a
    /// contiguous plan, else in place on `output` after a copy of `input`.
    fn process_into_direct(
        &self,
        exec: &mut Exec<T>,
        input: &[Complex<T>],
        output: &mut [Complex<T>],
    ) -> Result<()> {
        let queue = self.queue.queue();
        if !self.contiguous() {
            output.copy_from_slice(input);
            let view = HostView::writing(queue, output)?;
            let side = Data::Complex(view.buffer());
            self.run_locked(exec, side, side, true, None)?;
            return view.finish();
        }
        self.direct_out_of_place(exec, input, output)
    }

    /// Runs the plan out of place with the kernels on the caller's slices themselves.
    fn direct_out_of_place(
        &self,
        exec: &mut Exec<T>,
        input: &[Complex<T>],
        output: &mut [Complex<T>],
    ) -> Result<()> {
        let queue = self.queue.queue();
        let from = HostView::reading(queue, input)?;
        let to = HostView::writing(queue, output)?;
        self.run_locked(
            exec,
            Data::Complex(from.buffer()),
            Data::Complex(to.buffer()),
            false,
            None,
        )?;
        to.finish()?;
        from.finish()
    }

    /// [`Fft::process_into`] for a plan whose input and output layouts differ: the kernels
    /// read `input` through its layout and write `output` through its own, out of place.
    fn process_between_layouts(
        &self,
        input: &[Complex<T>],
        output: &mut [Complex<T>],
    ) -> Result<()> {
        let (in_layout, out_layout) = &self.layouts;
        if in_layout.planar || out_layout.planar {
            return Err(Error::WrongStorage {
                role: if in_layout.planar { "input" } else { "output" },
                planned: "planar",
                given: "interleaved",
                fix: "use enqueue_sides with Side::Planar for that side (process_planar takes one planar layout for both)",
            });
        }
        for (role, layout, values) in [
            ("input slice", in_layout, input.len()),
            ("output slice", out_layout, output.len()),
        ] {
            if values < layout.extent {
                return Err(Error::LayoutTooSmall {
                    role,
                    expected: layout.extent,
                    actual: values,
                    layout: describe(layout),
                });
            }
        }
        let mut exec = self.lock_exec();
        if exec.transfer.direct() {
            return self.direct_out_of_place(&mut exec, input, output);
        }
        let queue = self.queue.queue();
        let source = staging_buffer(queue, &mut exec.staging, input.len())?;
        exec.transfer.upload(&self.queue, input, &source)?;
        // The output's values outside its layout come back as they were.
        let target = staging_buffer(queue, &mut exec.staging_out, output.len())?;
        exec.transfer.upload(&self.queue, output, &target)?;
        self.run_locked(
            &mut exec,
            Data::Complex(&source),
            Data::Complex(&target),
            false,
            None,
        )?;
        exec.transfer.download(&self.queue, &target, output)
    }

    /// The checks of a host call on `values` interleaved values, before anything is touched.
    fn check_host_call(&self, values: usize) -> Result<()> {
        let layout = &self.layouts.0;
        if layout.planar || self.layouts.1.planar {
            return Err(Error::WrongStorage {
                role: "input",
                planned: "planar",
                given: "interleaved",
                fix: "use process_planar(real parts, imaginary parts)",
            });
        }
        self.check_same_layouts()?;
        let expected = self.total_len();
        // With a caller's layout the slice may be longer than its extent, whether or not a
        // pass reads it (a Fortran-order array's plan reads it as C order: `storage_order`).
        if self.contiguous() && values != expected {
            return Err(Error::HostLengthMismatch {
                expected,
                actual: values,
                len: self.len(),
                batch: self.batch(),
            });
        }
        if values < layout.extent {
            return Err(Error::LayoutTooSmall {
                role: "host slice",
                expected: layout.extent,
                actual: values,
                layout: describe(layout),
            });
        }
        Ok(())
    }

    /// Whether both sides are the plain contiguous layout.
    fn contiguous(&self) -> bool {
        let request = &self.plan.request;
        let plain = fft_core::plan::Layout::default();
        request.input == plain && request.output == plain
    }

    /// Uploads `values` to the cached staging buffer, runs the plan and returns the device
    /// buffer holding the result. Contiguous plans run out of place into a second cached
    /// buffer (so a one-pass plan needs no copy back); plans with a caller's layout run in
    /// place, keeping the values between the layout's addresses.
    fn run_host(&self, exec: &mut Exec<T>, values: &[Complex<T>]) -> Result<Buffer<Complex<T>>> {
        let queue = self.queue.queue();
        let staging = staging_buffer(queue, &mut exec.staging, values.len())?;
        exec.transfer.upload(&self.queue, values, &staging)?;
        if !self.contiguous() {
            let side = Data::Complex(&staging);
            self.run_locked(exec, side, side, true, None)?;
            return Ok(staging);
        }
        let result = staging_buffer(queue, &mut exec.staging_out, values.len())?;
        self.run_locked(
            exec,
            Data::Complex(&staging),
            Data::Complex(&result),
            false,
            None,
        )?;
        Ok(result)
    }

    /// Transforms planar host data in place (a plan whose input and output layouts are one
    /// planar layout): `re` and `im` hold the real and imaginary parts, each at least the
    /// layout's extent long. A bad call leaves both unchanged; a device failure may leave
    /// them partly written. The data moves as in [`Fft::process`].
    pub fn process_planar(&self, re: &mut [T], im: &mut [T]) -> Result<()> {
        let layout = &self.layouts.0;
        if !layout.planar || !self.layouts.1.planar {
            return Err(Error::WrongStorage {
                role: "input and output",
                planned: "not both planar",
                given: "planar",
                fix: "build the plan with .input_layout(Layout::planar()) and the same output layout, or use process",
            });
        }
        self.check_same_layouts()?;
        for (role, part) in [("host real parts", &*re), ("host imaginary parts", &*im)] {
            if part.len() < layout.extent || part.len() != re.len() {
                return Err(Error::LayoutTooSmall {
                    role,
                    expected: layout.extent.max(re.len()),
                    actual: part.len(),
                    layout: describe(layout),
                });
            }
        }
        let queue = self.queue.queue();
        let mut exec = self.lock_exec();
        if exec.transfer.direct() {
            let (re_view, im_view) = (HostView::writing(queue, re)?, HostView::writing(queue, im)?);
            let side = Data::Planar(re_view.buffer(), im_view.buffer());
            self.run_locked(&mut exec, side, side, true, None)?;
            re_view.finish()?;
            return im_view.finish();
        }
        let re_buf = staging_buffer(queue, &mut exec.staging_planar.0, re.len())?;
        let im_buf = staging_buffer(queue, &mut exec.staging_planar.1, im.len())?;
        exec.transfer.upload(&self.queue, re, &re_buf)?;
        exec.transfer.upload(&self.queue, im, &im_buf)?;
        let side = Data::Planar(&re_buf, &im_buf);
        self.run_locked(&mut exec, side, side, true, None)?;
        exec.transfer.download(&self.queue, &re_buf, re)?;
        exec.transfer.download(&self.queue, &im_buf, im)
    }

    fn check_buffer(&self, role: &'static str, buffer: &Buffer<Complex<T>>) -> Result<()> {
        let expected = self.total_len();
        if buffer.len() < expected {
            return Err(Error::BufferTooSmall {
                role,
                expected,
                actual: buffer.len(),
                len: self.len(),
                batch: self.batch(),
            });
        }
        Ok(())
    }
}

impl<T: FftFloat> std::fmt::Debug for Fft<T>
where
    Complex<T>: OclPrm,
{
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Fft")
            .field("plan", &self.plan)
            .field("queue", &self.queue)
            .finish_non_exhaustive()
    }
}

/// Checks that the queue's device can hold and compute `plan` (fp64, 32-bit indexing, the
/// allocation limit), builds its programs (in parallel) and binds every pass's arguments.
pub(crate) fn prepare_launches<T: FftFloat>(
    queue: &DeviceQueue,
    plan: &Plan,
) -> Result<Vec<Launch<T>>>
where
    Complex<T>: OclPrm,
{
    check_device_fits::<T>(queue, plan)?;
    let specs: Vec<KernelSpec> = plan.passes.iter().map(|pass| pass.spec).collect();
    queue.prebuild(&specs)?;
    crate::launch::launches_for(queue, &plan.passes)
}

/// Checks that the queue's device can hold and compute `plan`: fp64 when `T` is f64, 32-bit
/// indexing, the allocation limit.
pub(crate) fn check_device_fits<T: FftFloat>(queue: &DeviceQueue, plan: &Plan) -> Result<()>
where
    Complex<T>: OclPrm,
{
    let summary = queue.summary();
    let request = plan.request;
    if T::PRECISION == fft_core::Precision::F64 && !summary.fp64 {
        return Err(Error::NoDoublePrecision {
            device: summary.name.clone(),
        });
    }
    // Bluestein's work buffers hold the padded length: they are the largest allocation.
    let points = plan.work_len() * request.batch;
    if points > MAX_TOTAL_POINTS {
        return Err(Error::TooManyPoints {
            points,
            max: MAX_TOTAL_POINTS,
        });
    }
    let bytes = (points as u64) * T::PRECISION.complex_bytes() as u64;
    if bytes > summary.max_alloc_bytes {
        let per_transform = plan.work_len() as u64 * T::PRECISION.complex_bytes() as u64;
        return Err(Error::AllocationTooLarge {
            requested: bytes,
            limit: summary.max_alloc_bytes,
            device: summary.name.clone(),
            max_batch: summary.max_alloc_bytes / per_transform,
        });
    }
    Ok(())
}
