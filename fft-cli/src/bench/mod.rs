//! `oclfft bench`: batched transforms timed with profiling events beside the same-run copy
//! bandwidth (DESIGN.md section 6), the wall-clock time with host<->device transfers, and
//! rustfft's time on the same data; breakeven sizes, JSON and a plot afterwards. Sizes are
//! a range of powers of two (`--min`/`--max`) or any list of lengths (`--sizes`).

mod report;

use crate::compute::PrecisionArg;
use crate::exit::CliError;
use crate::plan::StrategyArg;
use clap::Args;
use fft_core::accuracy::relative_l2_error;
use fft_core::plan::Algorithm;
use fft_core::random_signal;
use fft_core::Complex64;
use fft_runtime::ocl::{Buffer, Event, OclPrm};
use fft_runtime::profile::{median, span};
use fft_runtime::{
    complex_from_f64, complex_to_f64, DeviceKind, DeviceQueue, Fft, FftFloat, PinnedVec, Twiddles,
};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use num_complex::Complex;
use report::ms;
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::ops::DerefMut;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Options of `oclfft bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// log2 of the points per launch (the batch fills it); default 27 on a GPU, 22 otherwise.
    #[arg(long)]
    pub log2_total: Option<u32>,
    /// Smallest log2 N of the power-of-two range.
    #[arg(long, default_value_t = 4)]
    pub min: u32,
    /// Largest log2 N of the power-of-two range (at most log2-total).
    #[arg(long, default_value_t = 24)]
    pub max: u32,
    /// Lengths to time instead of the power-of-two range, any from 1 up: `--sizes
    /// 1000,2187,65537`. Each runs as a batch filling the points per launch (Bluestein's
    /// lengths by their padded work length).
    #[arg(long, value_delimiter = ',', value_name = "N,N,...", conflicts_with_all = ["min", "max"])]
    pub sizes: Option<Vec<usize>>,
    /// Timed runs per size (the median is reported), after the warm-up.
    #[arg(long, default_value_t = 20)]
    pub runs: usize,
    /// Untimed runs per size before timing.
    #[arg(long, default_value_t = 3)]
    pub warmup: usize,
    /// Precision on the device.
    #[arg(long, value_enum, default_value = "f32")]
    pub precision: PrecisionArg,
    /// Pass twiddles: table, sincos, native or chained.
    #[arg(long, default_value = "table", value_parser = crate::kernel::parse_twiddles)]
    pub twiddles: Twiddles,
    /// Device: an index or name substring from `oclfft devices`.
    #[arg(long)]
    pub device: Option<String>,
    /// Pass family.
    #[arg(long, value_enum, default_value = "auto")]
    pub strategy: StrategyArg,
    /// Largest radix of global radix passes (2, 4, 8, 16, 32 or 64).
    #[arg(long, default_value_t = 16)]
    pub max_radix: u32,
    /// Also time rustfft (one CPU thread, f32) on the same data: on by default for CPU
    /// devices and for runs of at most 2^22 points per launch, `--rustfft false` turns it off.
    #[arg(long)]
    pub rustfft: Option<bool>,
    /// Also write the results as JSON to this file.
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// Also plot time against N (log-log) to this .png or .svg file.
    #[arg(long)]
    pub plot: Option<PathBuf>,
    /// Where the host data of the timed host calls (`w/xfer_ms`) lies: `pageable` (a `Vec`)
    /// or `pinned` (a `PinnedVec`, sent by DMA as it is).
    #[arg(long, value_enum, default_value = "pageable")]
    pub host_memory: HostMemory,
    /// Measure mode: time each size's candidate decompositions first and run the fastest
    /// (plan_ms then includes the measuring; the choice is printed after each row).
    #[arg(long)]
    pub measure: bool,
    /// Time the kernels in place (one device buffer) instead of out of place; the error is
    /// still checked on an out-of-place run.
    #[arg(long)]
    pub in_place: bool,
}

/// A host call's input or output: a `Vec` or a `PinnedVec`.
type HostSide<T> = Box<dyn DerefMut<Target = [Complex<T>]>>;

/// Where the host data of `oclfft bench`'s host calls lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum HostMemory {
    /// Ordinary memory (a `Vec`).
    Pageable,
    /// Page-locked memory of the device's context (`fft_runtime::PinnedVec`).
    Pinned,
}

/// One measured size.
struct Row {
    /// Points per transform.
    len: usize,
    batch: usize,
    passes: usize,
    kernel: Duration,
    /// Wall clock of `Fft::process_into` on host slices (upload, transform, download).
    transfer: Duration,
    rel_l2: f64,
    plan_build: Duration,
    rustfft: Option<Duration>,
    /// Median time of each pass (each command of the plan) on its own.
    pass_times: Vec<Duration>,
}

/// Runs the command.
pub fn run(args: &BenchArgs) -> crate::Result<()> {
    if let Some(path) = &args.plot {
        crate::plot::check_extension(path)?;
    }
    let queue = crate::compute::open_queue(args.device.as_deref())?;
    match args.precision {
        PrecisionArg::F32 => bench::<f32>(&queue, args),
        PrecisionArg::F64 => bench::<f64>(&queue, args),
    }
}

fn elapsed(events: &[Event]) -> crate::Result<Duration> {
    let first = events
        .first()
        .ok_or_else(|| CliError::Input("nothing was enqueued".into()))?;
    let last = events.last().unwrap_or(first);
    last.wait_for().map_err(|e| {
        CliError::Runtime(fft_runtime::Error::OpenCl {
            action: "waiting for a transform",
            source: e.into(),
        })
    })?;
    Ok(span(first, last)?)
}

fn bench<T: FftFloat>(queue: &DeviceQueue, args: &BenchArgs) -> crate::Result<()>
where
    Complex<T>: OclPrm,
{
    let summary = queue.summary();
    let log2_total = args
        .log2_total
        .unwrap_or(if summary.kind == DeviceKind::Gpu {
            27
        } else {
            22
        });
    if log2_total > MAX_LOG2_TOTAL {
        return Err(CliError::Input(format!(
            "--log2-total {log2_total}: at most {MAX_LOG2_TOTAL} (the kernels index with 32-bit integers)"
        )));
    }
    if args.runs == 0 {
        return Err(CliError::Input(
            "--runs 0: pass at least 1 timed run per size".into(),
        ));
    }
    let sizes = sizes(args, log2_total)?;
    let total = 1usize << log2_total;
    let bytes_per_point = T::PRECISION.complex_bytes();
    let host: Vec<Complex<T>> = random_signal(total, BENCH_SEED)
        .into_iter()
        .map(complex_from_f64)
        .collect();
    let ocl_err =
        |action| move |e| CliError::Runtime(fft_runtime::Error::OpenCl { action, source: e });
    let src = Buffer::builder()
        .queue(queue.queue().clone())
        .len(total)
        .copy_host_slice(&host)
        .build()
        .map_err(ocl_err("allocating the input"))?;
    let dst = Buffer::<Complex<T>>::builder()
        .queue(queue.queue().clone())
        .len(total)
        .build()
        .map_err(ocl_err("allocating the output"))?;

    let copy = {
        let mut samples = Vec::new();
        for i in 0..args.warmup + args.runs {
            let mut event = Event::empty();
            src.copy(&dst, None, None)
                .enew(&mut event)
                .enq()
                .map_err(ocl_err("copying"))?;
            let t = elapsed(std::slice::from_ref(&event))?;
            if i >= args.warmup {
                samples.push(t);
            }
        }
        median(&mut samples)
    };
    let round_trip = fft_runtime::measure_round_trip(queue, &host, args.runs.min(5))?;
    let gbps = |points: usize, t: Duration| {
        2.0 * (points * bytes_per_point) as f64 / t.as_secs_f64() / 1e9
    };
    let mut out = String::new();
    writeln!(
        out,
        "device: {} | {} | driver {}",
        summary, summary.opencl_version, summary.driver_version
    )
    .ok();
    writeln!(
        out,
        "{} C2C forward, {} twiddles, 2^{log2_total} points per launch; median of {} runs after {} warm-up; kernel time from profiling events",
        T::PRECISION, args.twiddles, args.runs, args.warmup
    )
    .ok();
    writeln!(
        out,
        "device copy of 2^{log2_total} points: {:.4} ms = {:.0} GB/s (read+write)",
        ms(copy),
        gbps(total, copy)
    )
    .ok();
    writeln!(
        out,
        "host round trip of 2^{log2_total} points (upload + download, blocking): pageable {:.3} ms, pinned {:.3} ms; host calls on {:?} memory move data by '{}' (OCLFFT_HOST_PATH)",
        ms(round_trip.pageable),
        ms(round_trip.pinned),
        args.host_memory,
        queue.options().host_path.resolve(summary.kind).name()
    )
    .ok();
    let with_rustfft = args
        .rustfft
        .unwrap_or(summary.kind != DeviceKind::Gpu || log2_total <= 22);
    writeln!(
        out,
        "{:>10} {:>10} {:>6} {:>11} {:>11} {:>8} {:>8} {:>10} {:>9}{}",
        "N",
        "batch",
        "passes",
        "kernel_ms",
        "w/xfer_ms",
        "GB/s",
        "x_copy",
        "rel_l2",
        "plan_ms",
        if with_rustfft {
            "  rustfft_ms  rustfft/kernel"
        } else {
            ""
        }
    )
    .ok();
    crate::out::text(&out)?;
    let progress = progress_bar(sizes.len() as u64);
    // The host calls' input and output, in the memory `--host-memory` names.
    let (host_in, mut back): (HostSide<T>, HostSide<T>) = match args.host_memory {
        HostMemory::Pageable => (Box::new(host.clone()), Box::new(host.clone())),
        HostMemory::Pinned => (
            Box::new(PinnedVec::from_slice(queue, &host)?),
            Box::new(PinnedVec::from_slice(queue, &host)?),
        ),
    };
    let mut rows = Vec::new();
    for len in sizes {
        progress.set_message(format!("N = {len}"));
        let batch = batch_for(len, total);
        let points = len * batch;
        let started = Instant::now();
        let plan = Fft::<T>::builder(queue)
            .len(len)
            .batch(batch)
            .twiddles(args.twiddles)
            .strategy(args.strategy.into())
            .max_radix(args.max_radix)
            .measure(args.measure)
            .build()?;
        // Time the plan's own kernels: a quick-start plan's fused ones compile on.
        plan.wait_ready()?;
        let plan_build = started.elapsed();
        let mut samples = Vec::new();
        let mut per_pass: Vec<Vec<Duration>> = Vec::new();
        for i in 0..args.warmup + args.runs {
            let input = if args.in_place { &dst } else { &src };
            let events = plan.enqueue_traced(input, &dst, None)?;
            let t = elapsed(&events)?;
            if i >= args.warmup {
                samples.push(t);
                per_pass.resize(events.len(), Vec::new());
                for (pass, event) in events.iter().enumerate() {
                    per_pass[pass].push(span(event, event)?);
                }
            }
        }
        let kernel = median(&mut samples);
        // The user's path: a blocking host call (upload, transform, download) on host slices.
        let transfer = {
            let mut samples = Vec::new();
            for _ in 0..args.runs.min(5) {
                let started = Instant::now();
                plan.process_into(&host_in[..points], &mut back[..points])?;
                samples.push(started.elapsed());
            }
            median(&mut samples)
        };
        let pass_times: Vec<Duration> = per_pass.iter_mut().map(|s| median(s)).collect();
        if args.in_place {
            let event = plan.enqueue_out_of_place(&src, &dst)?;
            event
                .wait_for()
                .map_err(|e| fft_runtime::Error::from(fft_runtime::ocl::Error::from(e)))?;
        }
        let rel_l2 = sample_error(&dst, &host, len, batch)?;
        let rustfft = with_rustfft.then(|| rustfft_time(&host[..points], len, args.runs.min(5)));
        let row = Row {
            len,
            batch,
            passes: plan.plan().passes.len(),
            kernel,
            transfer,
            rel_l2,
            plan_build,
            rustfft,
            pass_times,
        };
        let mut line = format!(
            "{:>10} {:>10} {:>6} {:>11.4} {:>11.4} {:>8.0} {:>8.2} {:>10.2e} {:>9.1}",
            row.len,
            row.batch,
            row.passes,
            ms(row.kernel),
            ms(row.transfer),
            gbps(points, row.kernel),
            row.kernel.as_secs_f64() / copy.as_secs_f64(),
            row.rel_l2,
            ms(row.plan_build)
        );
        if let Some(cpu) = row.rustfft {
            line.push_str(&format!(
                " {:>11.4} {:>15.2}",
                ms(cpu),
                cpu.as_secs_f64() / row.kernel.as_secs_f64()
            ));
        }
        if row.pass_times.len() > 1 {
            let each: Vec<String> = row
                .pass_times
                .iter()
                .map(|t| format!("{:.3}", ms(*t)))
                .collect();
            line.push_str(&format!("  passes_ms {}", each.join("+")));
        }
        if let Some(measured) = plan.measurement() {
            line.push_str(&format!("  [{}]", measured.choice));
        }
        progress.suspend(|| crate::out::line(&line))?;
        progress.inc(1);
        rows.push(row);
    }
    progress.finish_and_clear();
    crate::out::text(&report::breakeven_text(&rows))?;
    if let Some(path) = &args.json {
        let json = report::to_json(summary, T::PRECISION, log2_total, copy, &rows);
        fft_io::write_file(path, json.as_bytes())?;
    }
    if let Some(path) = &args.plot {
        report::plot(path, &summary.name, log2_total, copy, &rows)?;
    }
    Ok(())
}

/// The lengths to time, ascending and without repeats: `--sizes`, else 2^min..=2^max. Every
/// one must fit the points per launch (Bluestein's lengths by their padded work length).
fn sizes(args: &BenchArgs, log2_total: u32) -> crate::Result<Vec<usize>> {
    let total = 1usize << log2_total;
    let Some(list) = &args.sizes else {
        if args.min < 1 || args.min > args.max || args.max > log2_total {
            return Err(CliError::Input(format!(
                "need 1 <= --min ({}) <= --max ({}) <= --log2-total ({log2_total}): lower --max or raise --log2-total",
                args.min, args.max
            )));
        }
        return Ok((args.min..=args.max).map(|log2n| 1usize << log2n).collect());
    };
    let mut sizes = list.clone();
    sizes.sort_unstable();
    sizes.dedup();
    match sizes.first() {
        None => return Err(CliError::Input("--sizes names no length".into())),
        Some(0) => return Err(CliError::Input(
            "--sizes: a transform of length 0 has nothing to compute: pass lengths of at least 1"
                .into(),
        )),
        Some(_) => {}
    }
    if let Some(&len) = sizes.iter().find(|&&len| work_len(len) > total) {
        return Err(CliError::Input(format!(
            "--sizes: N = {len} needs {} points per transform, more than the 2^{log2_total} = {total} points per launch: raise --log2-total",
            work_len(len)
        )));
    }
    Ok(sizes)
}

/// Values one transform of `len` points occupies in the work buffers: `len`, or Bluestein's
/// padded length M (a power of two >= 2N - 1). Lengths above the library's limit count as
/// themselves (the plan reports them).
fn work_len(len: usize) -> usize {
    if len == 0 || len > fft_core::plan::MAX_LEN {
        return len;
    }
    Algorithm::for_len(len).work_len(len)
}

/// Transforms per launch of `len` points: as many as fill `total` points of work buffer.
fn batch_for(len: usize, total: usize) -> usize {
    (total / work_len(len).max(1)).max(1)
}

/// A progress bar on standard error, hidden when standard error is not a terminal.
fn progress_bar(sizes: u64) -> ProgressBar {
    let bar = ProgressBar::new(sizes);
    if std::io::stderr().is_terminal() {
        bar.set_draw_target(ProgressDrawTarget::stderr());
        if let Ok(style) =
            ProgressStyle::with_template("{bar:30} {pos}/{len} sizes, {msg} ({elapsed})")
        {
            bar.set_style(style);
        }
    } else {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    bar
}

/// Relative L2 error of the first rows of the last result against the f64 reference: at
/// least 4 rows and at least 2^16 points where the batch has them, so the estimate is not
/// noise at small N (4 rows of 16 points are only 64 values).
/// Points the error estimate samples at least (see [`sample_error`]).
const SAMPLE_POINTS: usize = 1 << 16;

fn sample_error<T: FftFloat>(
    dst: &Buffer<Complex<T>>,
    host: &[Complex<T>],
    len: usize,
    batch: usize,
) -> crate::Result<f64>
where
    Complex<T>: OclPrm,
{
    let rows = batch.min((SAMPLE_POINTS / len).max(4));
    let mut got = vec![host[0]; rows * len];
    dst.read(&mut got).enq().map_err(|e| {
        CliError::Runtime(fft_runtime::Error::OpenCl {
            action: "reading results",
            source: e,
        })
    })?;
    let got: Vec<Complex64> = got.into_iter().map(complex_to_f64).collect();
    let input: Vec<Complex64> = host[..rows * len]
        .iter()
        .map(|&v| complex_to_f64(v))
        .collect();
    Ok(relative_l2_error(&got, &reference(input, len)))
}

/// The forward transforms of the rows of `input` (rows of `len`), in f64 by rustfft: any length.
fn reference(mut input: Vec<Complex64>, len: usize) -> Vec<Complex64> {
    let fft = rustfft::FftPlanner::<f64>::new().plan_fft_forward(len);
    fft.process(&mut input);
    input
}

/// Median time of rustfft (one thread, f32 forward) over every row of `host` (FftFloat data
/// widened and narrowed to f32, so both sides see the same values).
fn rustfft_time<T: FftFloat>(host: &[Complex<T>], len: usize, runs: usize) -> Duration {
    let mut data: Vec<Complex<f32>> = host
        .iter()
        .map(|&v| complex_from_f64::<f32>(complex_to_f64(v)))
        .collect();
    let fft = rustfft::FftPlanner::<f32>::new().plan_fft_forward(len);
    let mut scratch = vec![Complex::new(0.0f32, 0.0); fft.get_inplace_scratch_len()];
    fft.process_with_scratch(&mut data, &mut scratch); // warm-up
    let mut samples: Vec<Duration> = (0..runs.max(1))
        .map(|_| {
            let started = Instant::now();
            fft.process_with_scratch(&mut data, &mut scratch);
            started.elapsed()
        })
        .collect();
    median(&mut samples)
}

/// Largest `--log2-total`: 2^31 points is the largest power of two the kernels can index.
const MAX_LOG2_TOTAL: u32 = 31;

/// Seed of the bench's input data (the same points in every run and on every device).
const BENCH_SEED: u64 = 0x0123_4567_89AB_CDEF;
