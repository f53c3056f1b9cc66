//! [`DeviceQueue`]: an OpenCL context, an in-order profiling queue on one device, and the
//! programs built for it.

use crate::binary_cache::{BinaryCache, CacheKey};
use crate::device::{list_devices, DeviceSelector, DeviceSummary};
use crate::env::{PlanAs, QueueOptions, Settings};
use crate::error::{Error, Result};
use crate::generated::generated_kernel;
use crate::host_transfer::HostPath;
use fft_core::kernel::KernelSpec;
use fft_core::plan::DeviceCaps;
use ocl::enums::{
    CommandQueueInfo, CommandQueueInfoResult, ProgramBuildInfo, ProgramInfo, ProgramInfoResult,
};
use ocl::flags::CommandQueueProperties;
use ocl::{Context, Device, Program, Queue};
use std::collections::HashMap;
use std::ffi::CString;
use std::sync::{Arc, Mutex};

struct Inner {
    queue: Queue,
    device: Device,
    summary: DeviceSummary,
    programs: Mutex<HashMap<KernelSpec, Program>>,
    options: QueueOptions,
    /// The host memory [`crate::PinnedVec`]s of this queue's context hold, shared by the
    /// queues [`DeviceQueue::with_host_path`] and the like derive.
    pinned: Arc<PinnedRanges>,
}

/// Address ranges of the live pinned host allocations of one context.
#[derive(Default)]
pub(crate) struct PinnedRanges(Mutex<Vec<std::ops::Range<usize>>>);

impl PinnedRanges {
    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<std::ops::Range<usize>>> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }
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
    /// Opens the device chosen by `selector` (see [`DeviceSelector`]) with the default
    /// [`QueueOptions`] (the environment is not read, but for [`DeviceSelector::FromEnv`]).
    pub fn new(selector: &DeviceSelector) -> Result<DeviceQueue> {
        DeviceQueue::with_options(selector, QueueOptions::default())
    }

    /// Opens the device chosen by `selector` with `options` (compiler options, build logs,
    /// binary cache, default kernel form).
    pub fn with_options(selector: &DeviceSelector, options: QueueOptions) -> Result<DeviceQueue> {
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
            options,
            Arc::default(),
        ))
    }

    /// Opens the device named by `OCLFFT_DEVICE`, or the default one (first GPU, else
    /// accelerator, else CPU), with the options the `OCLFFT_*` variables set
    /// ([`Settings::from_env`]).
    pub fn from_env() -> Result<DeviceQueue> {
        DeviceQueue::from_env_with_device(None)
    }

    /// Like [`DeviceQueue::from_env`], but `device`, when given, overrides `OCLFFT_DEVICE`
    /// (a command line's `--device`).
    pub fn from_env_with_device(device: Option<DeviceSelector>) -> Result<DeviceQueue> {
        let settings = Settings::from_env()?;
        DeviceQueue::with_options(&device.unwrap_or(settings.device), settings.options)
    }

    /// Wraps a queue the caller made. It must be in-order ([`Error::OutOfOrderQueue`]
    /// otherwise: a plan's passes depend on running one after the other); enable profiling on
    /// it to time kernels with the events plans return.
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
        DeviceQueue::reject_out_of_order(&queue, &summary)?;
        Ok(DeviceQueue::with_summary(
            queue,
            device,
            summary,
            QueueOptions::default(),
            Arc::default(),
        ))
    }

    /// Refuses a queue created with `CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE`.
    fn reject_out_of_order(queue: &Queue, summary: &DeviceSummary) -> Result<()> {
        match queue.info(CommandQueueInfo::Properties) {
            Ok(CommandQueueInfoResult::Properties(properties))
                if properties.contains(CommandQueueProperties::OUT_OF_ORDER_EXEC_MODE_ENABLE) =>
            {
                Err(Error::OutOfOrderQueue {
                    device: summary.name.clone(),
                })
            }
            Ok(_) => Ok(()),
            Err(e) => Err(Error::OpenCl {
                action: "querying the queue's properties",
                source: e.into(),
            }),
        }
    }

    fn with_summary(
        queue: Queue,
        device: Device,
        summary: DeviceSummary,
        options: QueueOptions,
        pinned: Arc<PinnedRanges>,
    ) -> DeviceQueue {
        DeviceQueue {
            inner: Arc::new(Inner {
                queue,
                device,
                summary,
                programs: Mutex::new(HashMap::new()),
                options,
                pinned,
            }),
        }
    }

    /// Records that `range` (host addresses) is pinned memory of this queue's context.
    pub(crate) fn add_pinned(&self, range: std::ops::Range<usize>) {
        self.inner.pinned.lock().push(range);
    }

    /// Forgets the pinned allocation that starts at `start`.
    pub(crate) fn remove_pinned(&self, start: usize) {
        self.inner
            .pinned
            .lock()
            .retain(|range| range.start != start);
    }

    /// Whether `values` lie wholly inside one live pinned allocation of this context.
    pub(crate) fn is_pinned<V>(&self, values: &[V]) -> bool {
        let start = values.as_ptr() as usize;
        let end = start + std::mem::size_of_val(values);
        self.inner
            .pinned
            .lock()
            .iter()
            .any(|range| range.start <= start && end <= range.end)
    }

    /// The options programs are built with.
    pub fn options(&self) -> &QueueOptions {
        &self.inner.options
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

    /// The limits this queue's plans are made for: the device's own, unless
    /// [`QueueOptions::plan_as`] names another class (`OCLFFT_PLAN_AS`).
    pub fn plan_caps(&self) -> DeviceCaps {
        self.inner.options.plan_as.caps(self.inner.summary.caps())
    }

    /// Whether the program of `key` is at hand without compiling: built in this queue's
    /// memory, or stored in the binary cache (not checked further: a refused entry is
    /// rebuilt by [`DeviceQueue::program`]).
    pub(crate) fn has_program(&self, key: &KernelSpec) -> bool {
        let in_memory = self
            .inner
            .programs
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .contains_key(key);
        in_memory
            || generated_kernel(key).is_some_and(|kernel| {
                self.inner
                    .options
                    .binary_cache
                    .entry_path(&self.cache_key(&kernel.source))
                    .is_some_and(|path| path.is_file())
            })
    }

    /// The binary cache's key of a program built from `source` on this queue.
    fn cache_key(&self, source: &str) -> CacheKey {
        CacheKey::new(
            source,
            &self.inner.options.build_options,
            &self.inner.summary,
        )
    }

    /// The program of `spec`: from this queue's memory, else from the disk cache of compiled
    /// binaries, else built from source (and then cached on disk).
    ///
    /// The cache lock is not held while a program builds, so different programs can build on
    /// several threads at once ([`DeviceQueue::prebuild`]).
    pub fn program(&self, key: &KernelSpec) -> Result<Program> {
        let cached = |key: &KernelSpec| {
            let programs = self
                .inner
                .programs
                .lock()
                .unwrap_or_else(|p| p.into_inner());
            programs.get(key).cloned()
        };
        if let Some(program) = cached(key) {
            return Ok(program);
        }
        let kernel = generated_kernel(key).ok_or_else(|| Error::MissingKernel(key.name()))?;
        let (entry_point, source) = (kernel.entry_point(), kernel.source);
        let options_text = &self.inner.options.build_options;
        let cache_key = self.cache_key(&source);
        let context = self.inner.queue.context();
        let build_error = |log: String| Error::KernelBuild {
            kernel: entry_point.clone(),
            device: self.inner.summary.name.clone(),
            options: options_text.clone(),
            log,
        };
        let options = CString::new(options_text.as_str())
            .map_err(|_| build_error("the compiler options contain a NUL byte".into()))?;
        // A binary that is refused or lacks the kernel is removed and rebuilt from source.
        let cached = self.inner.options.binary_cache.load_program(
            &cache_key,
            &context,
            self.inner.device,
            &options,
            &entry_point,
        );
        let program = match cached {
            Some(program) => program,
            None => {
                let started = std::time::Instant::now();
                let program = Program::builder()
                    .src(source.as_ref())
                    .devices(self.inner.device)
                    .cmplr_opt(options_text.as_str())
                    .build(&context)
                    .map_err(|e| build_error(e.to_string()))?;
                if self.inner.options.print_build_log {
                    if let Ok(log) =
                        program.build_info(self.inner.device, ProgramBuildInfo::BuildLog)
                    {
                        let ms = started.elapsed().as_secs_f64() * 1e3;
                        eprintln!("build log of {entry_point} (compiled in {ms:.0} ms):\n{log}");
                    }
                }
                if let Ok(ProgramInfoResult::Binaries(binaries)) =
                    program.info(ProgramInfo::Binaries)
                {
                    if let [binary] = binaries.as_slice() {
                        self.inner.options.binary_cache.store(&cache_key, binary);
                    }
                }
                program
            }
        };
        let mut programs = self
            .inner
            .programs
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        // Another thread may have built the same program meanwhile: keep the first.
        Ok(programs.entry(*key).or_insert(program).clone())
    }

    /// Builds the programs of `keys` that are not cached yet, one thread each, so a plan of
    /// several kernels pays for its slowest compile instead of their sum.
    pub fn prebuild(&self, keys: &[KernelSpec]) -> Result<()> {
        let mut distinct: Vec<KernelSpec> = Vec::new();
        for key in keys {
            if !distinct.contains(key) {
                distinct.push(*key);
            }
        }
        if distinct.len() < 2 {
            return distinct
                .first()
                .map_or(Ok(()), |key| self.program(key).map(|_| ()));
        }
        std::thread::scope(|scope| {
            let handles: Vec<_> = distinct
                .iter()
                .map(|key| scope.spawn(move || self.program(key).map(|_| ())))
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect::<Result<Vec<()>>>()
        })?;
        Ok(())
    }

    /// The same queue with `cache` for compiled program binaries (default: the one
    /// [`QueueOptions`] gives); programs already built in memory are not carried over.
    pub fn with_binary_cache(self, cache: BinaryCache) -> DeviceQueue {
        self.with_changed_options(|options| options.binary_cache = cache)
    }

    /// The same queue whose plans move host data by `path` (default: the one
    /// [`QueueOptions`] gives, [`HostPath::Auto`] unless `OCLFFT_HOST_PATH` set it); programs
    /// already built in memory are not carried over.
    pub fn with_host_path(self, path: HostPath) -> DeviceQueue {
        self.with_changed_options(|options| options.host_path = path)
    }

    /// The same queue planning for `plan_as` (default: the one [`QueueOptions`] gives,
    /// [`PlanAs::Device`] unless `OCLFFT_PLAN_AS` set it); programs already built in memory
    /// are not carried over.
    pub fn with_plan_as(self, plan_as: PlanAs) -> DeviceQueue {
        self.with_changed_options(|options| options.plan_as = plan_as)
    }

    fn with_changed_options(self, change: impl FnOnce(&mut QueueOptions)) -> DeviceQueue {
        let mut options = self.inner.options.clone();
        change(&mut options);
        DeviceQueue::with_summary(
            self.inner.queue.clone(),
            self.inner.device,
            self.inner.summary.clone(),
            options,
            self.inner.pinned.clone(),
        )
    }

    /// The binary cache in use.
    pub fn binary_cache(&self) -> &BinaryCache {
        &self.inner.options.binary_cache
    }
}

impl std::fmt::Debug for DeviceQueue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DeviceQueue")
            .field("device", &self.inner.summary.name)
            .finish()
    }
}
