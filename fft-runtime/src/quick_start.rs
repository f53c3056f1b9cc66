//! Quick start: a plan whose fused programs are not compiled yet runs global radix passes
//! (compiled in about a tenth of the time) while the fused programs compile on a thread of
//! their own, and switches to them at its first call after they are ready.
//!
//! Measured on the H100 through NVIDIA's driver with empty caches (docs/PERFORMANCE.md,
//! 2026-11-24): a fused program takes 0.7-2.4 s to compile, the radix-16 program 90-165 ms.
//! Both plans compute the same transform with table twiddles (the radix plan's two-level
//! tables add 2-5 % to the error, and the results are not bit-identical);
//! [`crate::Fft::wait_ready`] waits for the fused passes.

use crate::env::PlanAs;
use crate::error::{Error, Result};
use crate::fft::{check_device_fits, prepare_launches};
use crate::float::FftFloat;
use crate::launch::Launch;
use crate::queue::DeviceQueue;
use fft_core::kernel::KernelSpec;
use fft_core::plan::{Plan, PlanRequest, Strategy};
use num_complex::Complex;
use ocl::OclPrm;
use std::thread::JoinHandle;

/// The launches a plan runs now, and the fused ones quick start is preparing.
pub(crate) struct PassLaunches<T: FftFloat>
where
    Complex<T>: OclPrm,
{
    /// What `run` enqueues: the plan's passes, or the stand-in's until the upgrade lands.
    pub(crate) current: Vec<Launch<T>>,
    /// `None`: `current` are the plan's own passes from the start.
    upgrade: Option<Upgrade<T>>,
}

impl<T: FftFloat> PassLaunches<T>
where
    Complex<T>: OclPrm,
{
    /// Checks the device can run `plan` and prepares its launches: with `quick_start` and a
    /// [`stand_in_plan`], the stand-in's now and the plan's own on a thread. A queue planning
    /// for another device class ([`PlanAs::Class`]) is there to run that class's kernels, so
    /// it never starts on a stand-in.
    pub(crate) fn prepare(queue: &DeviceQueue, plan: &Plan, quick_start: bool) -> Result<Self> {
        let quick_start = quick_start && queue.options().plan_as == PlanAs::Device;
        match quick_start.then(|| stand_in_plan(queue, plan)).flatten() {
            Some(radix) => {
                // The checks of the plan itself (fp64, sizes) come first, as without it. The
                // stand-in compiles first: with the fused build started first, NVIDIA's driver
                // held the stand-in's back (16384 points: 3.6-3.7 s instead of 0.22-0.25 s to
                // the first plan, docs/PERFORMANCE.md).
                check_device_fits::<T>(queue, plan)?;
                Ok(PassLaunches {
                    current: prepare_launches::<T>(queue, &radix)?,
                    upgrade: Some(Upgrade::Pending(spawn_upgrade::<T>(queue, plan))),
                })
            }
            None => Ok(PassLaunches {
                current: prepare_launches::<T>(queue, plan)?,
                upgrade: None,
            }),
        }
    }

    /// Switches to the plan's own launches if they are ready (without waiting). A failed
    /// background build keeps the stand-in; [`PassLaunches::wait`] reports it.
    pub(crate) fn refresh(&mut self) {
        if let Some(upgrade) = &mut self.upgrade {
            if let Ok(Some(launches)) = upgrade.take(false) {
                self.current = launches;
            }
        }
    }

    /// Waits for the plan's own launches and switches to them.
    pub(crate) fn wait(&mut self) -> Result<()> {
        if let Some(upgrade) = &mut self.upgrade {
            if let Some(launches) = upgrade.take(true)? {
                self.current = launches;
            }
        }
        Ok(())
    }

    /// Whether the plan's own launches run (after [`PassLaunches::refresh`]).
    pub(crate) fn is_ready(&mut self) -> bool {
        self.refresh();
        !matches!(&self.upgrade, Some(upgrade) if upgrade.is_standing_in())
    }

    /// Whether quick start built a stand-in for this plan.
    pub(crate) fn quick_started(&self) -> bool {
        self.upgrade.is_some()
    }
}

/// Dropping the launches waits for a background build still running: a process that exits
/// while the driver compiles on another thread can crash in the driver's teardown (NVIDIA's
/// did, once in six cold runs of `oclfft fft --check`), so a plan never leaves its build
/// running behind it.
impl<T: FftFloat> Drop for PassLaunches<T>
where
    Complex<T>: OclPrm,
{
    fn drop(&mut self) {
        if let Some(Upgrade::Pending(handle)) = self.upgrade.take() {
            // Its result is not wanted any more; a panic there is not this thread's to raise.
            let _ = handle.join();
        }
    }
}

/// The line `explain()` adds while a quick-start plan runs its stand-in passes.
pub(crate) fn quick_start_line(ready: bool) -> &'static str {
    if ready {
        ""
    } else {
        "\n  quick start: global radix passes run until these fused kernels finish compiling in the background (wait_ready() waits for them)"
    }
}

/// The fused launches being prepared in the background, and what became of them.
enum Upgrade<T: FftFloat>
where
    Complex<T>: OclPrm,
{
    /// Still compiling (or done, not yet collected).
    Pending(JoinHandle<Result<Vec<Launch<T>>>>),
    /// The fused launches replaced the stand-in ones.
    Done,
    /// The fused programs did not build: the plan keeps the stand-in passes.
    Failed(String),
}

/// The global radix plan that stands in for `plan` while its fused programs compile, when
/// quick start applies: `plan` is a plan of fused passes only (automatic or fused strategy:
/// the plan stays what was asked for, only its first calls run the stand-in), one of
/// its programs is neither built nor in the binary cache, and the radix plan moves the same
/// data through the same buffers (no layout passes, the same work length). Its passes read
/// two-level twiddle tables, so its tables stay small at every length.
fn stand_in_plan(queue: &DeviceQueue, plan: &Plan) -> Option<Plan> {
    let request = plan.request;
    let all_fused = plan
        .passes
        .iter()
        .all(|pass| matches!(pass.spec, KernelSpec::Fused(_)));
    let multi_dimensional = request
        .shape
        .is_some_and(|shape| !shape.is_one_dimensional());
    if request.strategy == Strategy::GlobalRadix
        || !all_fused
        || multi_dimensional
        || plan.has_layout_passes()
    {
        return None;
    }
    if plan.passes.iter().all(|pass| queue.has_program(&pass.spec)) {
        return None;
    }
    let radix = Plan::new(
        PlanRequest {
            strategy: Strategy::GlobalRadix,
            ..request
        },
        &queue.plan_caps(),
    )
    .ok()?;
    let same_data = radix.work_len() == plan.work_len() && !radix.has_layout_passes();
    same_data.then(|| all_two_level(radix))
}

/// `plan` with every power-of-two vector pass on two-level twiddle tables, so the stand-in
/// compiles one program per radix (a plan whose strides straddle the one-level limit would
/// build both forms: 340-351 ms instead of 162-248 ms to the first plan at 2^21 and 2^26 on
/// the H100). The launch and entry point do not change: the two forms share the geometry.
fn all_two_level(mut plan: Plan) -> Plan {
    for pass in &mut plan.passes {
        if let KernelSpec::Radix(radix) = pass.spec {
            if let Some(two_level) = radix.two_level() {
                pass.spec = KernelSpec::Radix(two_level);
            }
        }
    }
    plan
}

/// Compiles `plan`'s programs and binds its launches on a thread of its own.
fn spawn_upgrade<T: FftFloat>(
    queue: &DeviceQueue,
    plan: &Plan,
) -> JoinHandle<Result<Vec<Launch<T>>>>
where
    Complex<T>: OclPrm,
{
    let queue = queue.clone();
    let passes = plan.passes.clone();
    std::thread::spawn(move || {
        let specs: Vec<KernelSpec> = passes.iter().map(|pass| pass.spec).collect();
        queue.prebuild(&specs)?;
        crate::launch::launches_for(&queue, &passes)
    })
}

impl<T: FftFloat> Upgrade<T>
where
    Complex<T>: OclPrm,
{
    /// The fused launches, once: when they are ready (or, with `block`, after waiting for
    /// them). A failed build is kept as [`Upgrade::Failed`] and returned as an error.
    fn take(&mut self, block: bool) -> Result<Option<Vec<Launch<T>>>> {
        let ready = match self {
            Upgrade::Pending(handle) => block || handle.is_finished(),
            Upgrade::Failed(why) => return Err(Error::QuickStartBuild(why.clone())),
            Upgrade::Done => false,
        };
        if !ready {
            return Ok(None);
        }
        let Upgrade::Pending(handle) = std::mem::replace(self, Upgrade::Done) else {
            return Ok(None);
        };
        let joined = handle
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        joined.map(Some).inspect_err(|e| {
            *self = Upgrade::Failed(e.to_string());
        })
    }

    /// Whether the stand-in passes still run.
    fn is_standing_in(&self) -> bool {
        !matches!(self, Upgrade::Done)
    }
}
