//! Measure mode ([`crate::FftBuilder::measure`]): times the candidate decompositions of a
//! request on the device and plans the fastest, remembering it in the tuning file.
//!
//! What is timed is the complex core of the request (N points, a real transform's N/2,
//! Bluestein's padded M) as a contiguous out-of-place C2C transform of the request's batch: the
//! candidates ([`candidates`]) differ only in how that core is split into passes. Each
//! candidate is built (compilation is not timed), run twice to warm up, then timed from
//! OpenCL profiling events, first pass's start to last pass's end, over 5 to 40 runs (about
//! 25 ms of kernels); its median counts.

use crate::device_buffers::device_buffer;
use crate::error::{Error, Result};
use crate::fft::Fft;
use crate::float::FftFloat;
use crate::profile::{median, span};
use crate::queue::DeviceQueue;
use crate::tuning::{TuningEntry, TuningFile};
use fft_core::plan::{candidates, tuned_len, Choice, Layout, Plan, PlanRequest, Strategy};
use fft_core::{Direction, Normalization};
use num_complex::Complex;
use ocl::OclPrm;
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

/// Kernel time measure mode spends on each candidate, about.
const TIME_PER_CANDIDATE: Duration = Duration::from_millis(25);
/// Timed runs per candidate, at least and at most.
const RUNS: (usize, usize) = (5, 40);

/// What measure mode decided for a plan, shown by its `explain()`.
#[derive(Clone, Debug, PartialEq)]
pub struct Measurement {
    /// The decomposition the plan takes.
    pub choice: Choice,
    /// Its median kernel time on the core transform.
    pub median: Duration,
    /// The estimate planner's decomposition and its median time (`None` when the choice came
    /// from the tuning file).
    pub estimate: Option<(Choice, Duration)>,
    /// How many candidates there were.
    pub candidates: usize,
    /// `Some(path)`: the choice was read from this tuning file instead of timed.
    pub from_file: Option<PathBuf>,
    /// Why the tuning file could not be written, if it could not.
    pub warning: Option<String>,
}

impl fmt::Display for Measurement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let us = |d: Duration| d.as_secs_f64() * 1e6;
        write!(f, "measure mode: {}", self.choice)?;
        match (&self.from_file, &self.estimate) {
            (Some(path), _) => write!(
                f,
                ", {:.1} us when measured (from {})",
                us(self.median),
                path.display()
            )?,
            (None, Some((estimate, time))) => write!(
                f,
                ", {:.1} us median, fastest of {} candidates (the estimate, {estimate}: {:.1} us)",
                us(self.median),
                self.candidates,
                us(*time)
            )?,
            (None, None) => write!(f, ", {:.1} us median", us(self.median))?,
        }
        if let Some(warning) = &self.warning {
            write!(f, "; tuning not saved: {warning}")?;
        }
        Ok(())
    }
}

/// The line `explain()` adds for a measured plan (nothing for an estimate plan).
pub(crate) fn measurement_line(measurement: Option<&Measurement>) -> String {
    measurement.map_or(String::new(), |m| format!("\n  {m}"))
}

/// `request` with the decomposition measure mode picks, and what it found; `request`
/// unchanged (and `None`) when there is nothing to choose.
pub(crate) fn measured_request<T: FftFloat>(
    queue: &DeviceQueue,
    request: PlanRequest,
) -> Result<(PlanRequest, Option<Measurement>)>
where
    Complex<T>: OclPrm,
{
    let caps = queue.plan_caps();
    let Some(core) = tuned_len(&request, &caps) else {
        return Ok((request, None));
    };
    let proxy = PlanRequest {
        len: core,
        shape: None,
        real: None,
        input: Layout::default(),
        output: Layout::default(),
        normalization: Normalization::None,
        direction: Direction::Forward,
        fused_split: None,
        ..request
    };
    // Only choices the request itself can take.
    let choices: Vec<Choice> = candidates(&proxy, &caps)
        .into_iter()
        .filter(|c| Plan::new(c.apply(request), &caps).is_ok())
        .collect();
    if choices.len() < 2 {
        return Ok((request, None));
    }
    let tuning = TuningFile::of(queue.binary_cache());
    let (device, transform) = (device_key(queue), transform_key(&proxy));
    if let Some(entry) = tuning.lookup(&device, &transform) {
        if let Some(choice) = entry
            .choice
            .parse::<Choice>()
            .ok()
            .filter(|c| choices.contains(c))
        {
            let measurement = Measurement {
                choice,
                // An edited file may hold any number (inf, -1): never a panic.
                median: Duration::try_from_secs_f64(entry.median_us / 1e6).unwrap_or_default(),
                estimate: None,
                candidates: choices.len(),
                from_file: tuning.path().map(PathBuf::from),
                warning: None,
            };
            return Ok((choice.apply(request), Some(measurement)));
        }
    }
    check_profiling(queue)?;
    let mut timed: Vec<(Choice, Duration)> = Vec::new();
    let mut failed: Vec<String> = Vec::new();
    for &choice in &choices {
        match time_core::<T>(queue, choice.apply(proxy)) {
            Ok(time) => timed.push((choice, time)),
            Err(e) => failed.push(format!("{choice}: did not run ({e})")),
        }
    }
    let estimate = timed.first().copied();
    timed.sort_by_key(|&(_, time)| time);
    let Some(&(choice, median)) = timed.first() else {
        return Err(Error::MeasureFailed {
            why: format!(
                "no candidate ran ({}): build the plan without .measure(true) to see the estimate plan's own error",
                failed.join("; ")
            ),
        });
    };
    let mut measured: Vec<String> = timed
        .iter()
        .map(|(c, t)| format!("{c}: {:.1} us", t.as_secs_f64() * 1e6))
        .collect();
    measured.extend(failed);
    let warning = tuning
        .record(TuningEntry {
            device,
            transform,
            choice: choice.to_string(),
            median_us: median.as_secs_f64() * 1e6,
            measured,
        })
        .err();
    let measurement = Measurement {
        choice,
        median,
        estimate: estimate.filter(|&(c, _)| c == choices[0]),
        candidates: choices.len(),
        from_file: None,
        warning,
    };
    Ok((choice.apply(request), Some(measurement)))
}

/// Measure mode reads profiling events: a queue made without them is refused up front.
fn check_profiling(queue: &DeviceQueue) -> Result<()> {
    use ocl::enums::{CommandQueueInfo, CommandQueueInfoResult};
    use ocl::flags::CommandQueueProperties;
    match queue.queue().info(CommandQueueInfo::Properties) {
        Ok(CommandQueueInfoResult::Properties(p))
            if p.contains(CommandQueueProperties::PROFILING_ENABLE) =>
        {
            Ok(())
        }
        _ => Err(Error::MeasureFailed {
            why: "it times kernels with OpenCL profiling events, and this queue was created without CL_QUEUE_PROFILING_ENABLE: create it with profiling (DeviceQueue::new and from_env do), or build without .measure(true)".into(),
        }),
    }
}

/// The median kernel time of `request` (contiguous, out of place, as host calls run it) on
/// the queue's device.
fn time_core<T: FftFloat>(queue: &DeviceQueue, request: PlanRequest) -> Result<Duration>
where
    Complex<T>: OclPrm,
{
    let plan = Fft::<T>::from_request(queue, request, false)?;
    let input = device_buffer::<Complex<T>>(queue.queue(), plan.total_len())?;
    let output = device_buffer::<Complex<T>>(queue.queue(), plan.total_len())?;
    input
        .cmd()
        .fill(Complex::new(T::from_f64(0.0), T::from_f64(0.0)), None)
        .enq()
        .map_err(Error::ocl("zeroing measure mode's input"))?;
    let run = || -> Result<Duration> {
        let events = plan.enqueue_traced(&input, &output, None)?;
        let (first, last) = (&events[0], &events[events.len() - 1]);
        last.wait_for()
            .map_err(|e| Error::ocl("waiting for a timed run")(e.into()))?;
        span(first, last)
    };
    run()?;
    let first = run()?;
    let runs = (TIME_PER_CANDIDATE.as_nanos() / first.as_nanos().max(1)) as usize;
    let mut samples: Vec<Duration> = (0..runs.clamp(RUNS.0, RUNS.1))
        .map(|_| run())
        .collect::<Result<_>>()?;
    Ok(median(&mut samples))
}

/// The device, platform, driver and versions a measurement holds for.
fn device_key(queue: &DeviceQueue) -> String {
    let s = queue.summary();
    format!(
        "{} | {} | driver {} | {} | oclfft {}",
        s.name,
        s.platform,
        s.driver_version,
        s.opencl_version,
        env!("CARGO_PKG_VERSION")
    )
}

/// What a measurement timed: the core transform and the options that bound its candidates.
fn transform_key(proxy: &PlanRequest) -> String {
    let strategy = match proxy.strategy {
        Strategy::Auto => "auto",
        Strategy::GlobalRadix => "global",
        Strategy::Fused => "fused",
        Strategy::Lanes => "lanes",
    };
    format!(
        "{} c2c len {} batch {} strategy {strategy} twiddles {}",
        proxy.precision, proxy.len, proxy.batch, proxy.twiddles
    )
}
