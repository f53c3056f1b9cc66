//! [`Fft`]: a compiled plan that enqueues its passes on a [`DeviceQueue`].

use crate::builder::FftBuilder;
use crate::error::{Error, Result};
use crate::float::FftFloat;
use crate::launch::{Data, Launch};
use crate::queue::DeviceQueue;
use crate::schedule::{padded_targets, pass_targets, scratch_count, Target};
use fft_core::kernel::KernelSpec;
use fft_core::plan::{Plan, PlanRequest};
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
    launches: Vec<Launch<T>>,
    scratch: Vec<Buffer<Complex<T>>>,
    staging: Option<Buffer<Complex<T>>>,
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
    exec: Mutex<Exec<T>>,
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
    /// builds the programs (in parallel) and binds every pass's arguments.
    pub(crate) fn from_request(queue: &DeviceQueue, request: PlanRequest) -> Result<Fft<T>> {
        let plan = Plan::new(request, &queue.summary().caps())?;
        let launches = prepare_launches::<T>(queue, &plan)?;
        Ok(Fft {
            queue: queue.clone(),
            plan,
            exec: Mutex::new(Exec {
                launches,
                scratch: Vec::new(),
                staging: None,
            }),
        })
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
        format!(
            "{}, on {}\n{}",
            self.plan.headline(),
            self.queue.summary(),
            self.plan.explain()
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

    /// Enqueues the transform and returns the event of every command (passes, and a copy
    /// when an in-place single-pass plan needs one), for profiling.
    pub fn enqueue_traced(
        &self,
        input: &Buffer<Complex<T>>,
        output: &Buffer<Complex<T>>,
        wait: Option<&EventList>,
    ) -> Result<Vec<Event>> {
        self.check_buffer("input", input)?;
        self.check_buffer("output", output)?;
        crate::buffer_checks::check_buffers(self.queue.queue(), input, output, self.total_len())?;
        let mut exec = self.exec.lock().unwrap_or_else(|p| p.into_inner());
        self.run_locked(&mut exec, input, output, wait)
    }

    /// Enqueues every pass with the plan's lock held (the kernels' arguments are shared state).
    fn run_locked(
        &self,
        exec: &mut Exec<T>,
        input: &Buffer<Complex<T>>,
        output: &Buffer<Complex<T>>,
        wait: Option<&EventList>,
    ) -> Result<Vec<Event>> {
        let in_place = input.as_core().as_ptr() == output.as_core().as_ptr();
        let work_len = self.plan.work_len();
        let (targets, copy_back) = if work_len == self.len() {
            pass_targets(exec.launches.len(), in_place)
        } else {
            padded_targets(exec.launches.len())
        };
        while exec.scratch.len() < scratch_count(&targets) {
            let buffer = self.device_buffer(work_len * self.batch())?;
            exec.scratch.push(buffer);
        }
        let mut events = Vec::with_capacity(targets.len() + 1);
        let mut source = input;
        for (i, (launch, target)) in exec.launches.iter().zip(&targets).enumerate() {
            let target = match target {
                Target::Output => output,
                Target::Scratch(k) => &exec.scratch[*k],
            };
            let event = launch.enqueue(
                self.queue.queue(),
                Data::Complex(source),
                Data::Complex(target),
                if i == 0 { wait } else { None },
            )?;
            events.push(event);
            source = target;
        }
        if copy_back {
            let mut event = Event::empty();
            source
                .copy(output, None, Some(self.total_len()))
                .queue(self.queue.queue())
                .enew(&mut event)
                .enq()
                .map_err(Error::ocl("copying the single-pass result back in place"))?;
            events.push(event);
        }
        Ok(events)
    }

    /// Transforms host data in place: uploads, runs, waits, downloads. `data` must hold
    /// exactly `len * batch` values; on any error it is left unchanged.
    pub fn process(&self, data: &mut [Complex<T>]) -> Result<()> {
        let expected = self.total_len();
        if data.len() != expected {
            return Err(Error::HostLengthMismatch {
                expected,
                actual: data.len(),
                len: self.len(),
                batch: self.batch(),
            });
        }
        // The lock covers upload, run and download: concurrent calls must not share the
        // staging buffer's contents.
        let mut exec = self.exec.lock().unwrap_or_else(|p| p.into_inner());
        let staging = match &exec.staging {
            Some(buffer) => buffer.clone(),
            None => self.device_buffer(expected)?,
        };
        exec.staging = Some(staging.clone());
        staging
            .write(&*data)
            .enq()
            .map_err(Error::ocl("uploading host data"))?;
        self.run_locked(&mut exec, &staging, &staging, None)?;
        let mut result = vec![Complex::new(T::from_f64(0.0), T::from_f64(0.0)); expected];
        staging
            .read(&mut result)
            .enq()
            .map_err(Error::ocl("downloading the result"))?;
        data.copy_from_slice(&result);
        Ok(())
    }

    fn device_buffer(&self, len: usize) -> Result<Buffer<Complex<T>>> {
        Buffer::<Complex<T>>::builder()
            .queue(self.queue.queue().clone())
            .len(len)
            .build()
            .map_err(Error::ocl("allocating a device buffer"))
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
    let specs: Vec<KernelSpec> = plan.passes.iter().map(|pass| pass.spec).collect();
    queue.prebuild(&specs)?;
    plan.passes
        .iter()
        .map(|pass| Launch::new(queue, pass))
        .collect::<Result<Vec<_>>>()
}
