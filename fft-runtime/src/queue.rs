//! [`DeviceQueue`]: an OpenCL context, an in-order profiling queue on one device, and the
//! programs built for it.

use crate::binary_cache::{BinaryCache, CacheKey};
use crate::device::{list_devices, DeviceSelector, DeviceSummary};
use crate::error::{Error, Result};
use crate::generated::ProgramKey;
use ocl::enums::{
    CommandQueueInfo, CommandQueueInfoResult, ProgramBuildInfo, ProgramInfo, ProgramInfoResult,
};
use ocl::flags::CommandQueueProperties;
use ocl::{Context, Device, Program, Queue};
use std::collections::HashMap;
use std::ffi::CString;
use std::sync::{Arc, Mutex};

/// Options passed to the OpenCL compiler for every generated kernel.
///
/// No `-cl-fast-relaxed-math`: it would silently turn accurate `sin`/`cos` into
/// approximations (DESIGN.md section 5).
pub const BUILD_OPTIONS: &str = "";
/// Environment variable with extra compiler options (e.g. `-cl-nv-verbose` to have NVIDIA's
/// compiler report registers and spills); they are part of the binary cache key.
pub const BUILD_OPTIONS_ENV: &str = "OCLFFT_BUILD_OPTIONS";
/// Environment variable: when `1`, every program built from source prints its build log to
/// standard error (with `-cl-nv-verbose`, the register and spill counts).
pub const PRINT_BUILD_LOG_ENV: &str = "OCLFFT_PRINT_BUILD_LOG";

/// [`BUILD_OPTIONS`] plus `$OCLFFT_BUILD_OPTIONS`.
fn build_options() -> String {
    match std::env::var(BUILD_OPTIONS_ENV) {
        Ok(extra) if !extra.trim().is_empty() => format!("{BUILD_OPTIONS} {}", extra.trim())
            .trim()
            .to_string(),
        _ => BUILD_OPTIONS.to_string(),
    }
}

struct Inner {
    queue: Queue,
    device: Device,
    summary: DeviceSummary,
    programs: Mutex<HashMap<ProgramKey, Program>>,
    binary_cache: BinaryCache,
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
        Ok(DeviceQueue::with_summary(queue, device, summary))
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

    fn with_summary(queue: Queue, device: Device, summary: DeviceSummary) -> DeviceQueue {
        DeviceQueue {
            inner: Arc::new(Inner {
                queue,
                device,
                summary,
                programs: Mutex::new(HashMap::new()),
                binary_cache: BinaryCache::from_env(),
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

    /// The program of `key`: from this queue's memory, else from the disk cache of compiled
    /// binaries, else built from source (and then cached on disk).
    ///
    /// The cache lock is not held while a program builds, so different programs can build on
    /// several threads at once ([`DeviceQueue::prebuild`]).
    pub fn program(&self, key: &ProgramKey) -> Result<Program> {
        let cached = |key: &ProgramKey| {
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
        let (entry_point, source) = key
            .kernel()
            .ok_or_else(|| Error::MissingKernel(key.entry_point()))?;
        let options_text = build_options();
        let cache_key = CacheKey::new(source, &options_text, &self.inner.summary);
        let context = self.inner.queue.context();
        let options = CString::new(options_text.clone()).map_err(|_| Error::KernelBuild {
            kernel: entry_point.to_string(),
            device: self.inner.summary.name.clone(),
            log: format!("{BUILD_OPTIONS_ENV} contains a NUL byte"),
        })?;
        // A binary that is refused or lacks the kernel is removed and rebuilt from source.
        let cached = self.inner.binary_cache.load_program(
            &cache_key,
            &context,
            self.inner.device,
            &options,
            entry_point,
        );
        let program = match cached {
            Some(program) => program,
            None => {
                let program = Program::builder()
                    .src(source)
                    .devices(self.inner.device)
                    .cmplr_opt(options_text)
                    .build(&context)
                    .map_err(|e| Error::KernelBuild {
                        kernel: entry_point.to_string(),
                        device: self.inner.summary.name.clone(),
                        log: e.to_string(),
                    })?;
                if std::env::var(PRINT_BUILD_LOG_ENV).is_ok_and(|v| v == "1") {
                    if let Ok(log) =
                        program.build_info(self.inner.device, ProgramBuildInfo::BuildLog)
                    {
                        eprintln!("build log of {entry_point}:\n{log}");
                    }
                }
                if let Ok(ProgramInfoResult::Binaries(binaries)) =
                    program.info(ProgramInfo::Binaries)
                {
                    if let [binary] = binaries.as_slice() {
                        self.inner.binary_cache.store(&cache_key, binary);
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
    pub fn prebuild(&self, keys: &[ProgramKey]) -> Result<()> {
        let mut distinct: Vec<ProgramKey> = Vec::new();
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

    /// The same queue with `cache` for compiled program binaries (default:
    /// [`BinaryCache::from_env`]); programs already built in memory are not carried over.
    pub fn with_binary_cache(self, cache: BinaryCache) -> DeviceQueue {
        DeviceQueue {
            inner: Arc::new(Inner {
                queue: self.inner.queue.clone(),
                device: self.inner.device,
                summary: self.inner.summary.clone(),
                programs: Mutex::new(HashMap::new()),
                binary_cache: cache,
            }),
        }
    }

    /// The binary cache in use.
    pub fn binary_cache(&self) -> &BinaryCache {
        &self.inner.binary_cache
    }
}

impl std::fmt::Debug for DeviceQueue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DeviceQueue")
            .field("device", &self.inner.summary.name)
            .finish()
    }
}
