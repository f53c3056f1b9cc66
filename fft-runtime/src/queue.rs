//! [`DeviceQueue`]: an OpenCL context, an in-order profiling queue on one device, and the
//! programs built for it.

use crate::device::{list_devices, DeviceSelector, DeviceSummary};
use crate::error::{Error, Result};
use crate::generated::generated_kernel;
use fft_codegen::KernelSpec;
use ocl::flags::CommandQueueProperties;
use ocl::{Context, Device, Program, Queue};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Options passed to the OpenCL compiler for every generated kernel.
///
/// No `-cl-fast-relaxed-math`: it would silently turn accurate `sin`/`cos` into
/// approximations (DESIGN.md section 5).
pub const BUILD_OPTIONS: &str = "";

struct Inner {
    queue: Queue,
    device: Device,
    summary: DeviceSummary,
    programs: Mutex<HashMap<KernelSpec, Program>>,
}

/// A queue on one device, with the cache of programs built for it.
///
/// Plans are built from a `DeviceQueue` (`Fft::builder(&queue)`) and enqueue their kernels on
/// it. Cloning is cheap and shares the queue and the program cache; every plan of a
/// `DeviceQueue` reuses the programs built for the others.
#[derive(Clone)]
pub struct DeviceQueue {
    inner: Arc<Inner>,
}

impl DeviceQueue {
    /// Opens the device chosen by `selector` (see [`DeviceSelector`]).
    pub fn new(selector: &DeviceSelector) -> Result<DeviceQueue> {
        let entry = selector.select(&list_devices()?)?;
        let context = Context::builder()
            .platform(entry.platform)
            .devices(entry.device)
            .build()
            .map_err(Error::ocl("creating a context"))?;
        let queue = Queue::new(
            &context,
            entry.device,
            Some(CommandQueueProperties::PROFILING_ENABLE),
        )
        .map_err(Error::ocl("creating a command queue"))?;
        Ok(DeviceQueue::with_summary(
            queue,
            entry.device,
            entry.summary,
        ))
    }

    /// Opens the device named by `OCLFFT_DEVICE`, or the default one (first GPU, else
    /// accelerator, else CPU).
    pub fn from_env() -> Result<DeviceQueue> {
        DeviceQueue::new(&DeviceSelector::FromEnv)
    }

    /// Wraps a queue the caller made. It must be in-order; enable profiling on it to time
    /// kernels with the events plans return.
    pub fn from_ocl(queue: Queue) -> Result<DeviceQueue> {
        let device = queue.device();
        let entries = list_devices()?;
        let summary = entries
            .into_iter()
            .find(|e| e.device == device)
            .map(|e| e.summary)
            .ok_or_else(|| Error::NoMatchingDevice {
                selector: "the queue's device".into(),
                available: "(the queue's device is not listed by any platform)".into(),
            })?;
        Ok(DeviceQueue::with_summary(queue, device, summary))
    }

    fn with_summary(queue: Queue, device: Device, summary: DeviceSummary) -> DeviceQueue {
        DeviceQueue {
            inner: Arc::new(Inner {
                queue,
                device,
                summary,
                programs: Mutex::new(HashMap::new()),
            }),
        }
    }

    /// The underlying `ocl` queue (in-order, profiling enabled when opened by oclfft).
    pub fn queue(&self) -> &Queue {
        &self.inner.queue
    }

    /// The device.
    pub fn device(&self) -> Device {
        self.inner.device
    }

    /// What was queried about the device.
    pub fn summary(&self) -> &DeviceSummary {
        &self.inner.summary
    }

    /// The program of `spec`, built on first use and cached for this queue's lifetime.
    pub fn program(&self, spec: &KernelSpec) -> Result<Program> {
        let mut programs = self
            .inner
            .programs
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        if let Some(program) = programs.get(spec) {
            return Ok(program.clone());
        }
        let kernel =
            generated_kernel(spec).ok_or_else(|| Error::MissingKernel(spec.entry_point()))?;
        let program = Program::builder()
            .src(kernel.source.as_ref())
            .devices(self.inner.device)
            .cmplr_opt(BUILD_OPTIONS)
            .build(&self.inner.queue.context())
            .map_err(|e| Error::KernelBuild {
                kernel: kernel.entry_point.to_string(),
                device: self.inner.summary.name.clone(),
                log: e.to_string(),
            })?;
        programs.insert(*spec, program.clone());
        Ok(program)
    }
}

impl std::fmt::Debug for DeviceQueue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DeviceQueue")
            .field("device", &self.inner.summary.name)
            .finish()
    }
}
