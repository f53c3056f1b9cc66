//! Times C2C, R2C (`--r2c`) or C2R (`--c2r`) transforms of given shapes on the default device (`OCLFFT_DEVICE` selects
//! another), beside the device's copy of the same bytes measured in the same process: the
//! kernel time of every pass from OpenCL profiling events, median of `RUNS` runs after
//! `WARMUP`, plan building excluded. The columns match `.gpu/cufft_shapes.py`.
//!
//! `cargo run --release -p fft-runtime --example shapes -- [--f64] [--r2c|--c2r] 1000x134217 ...`
//! (each shape `DIMSxBATCH`, DIMS one length or several joined by `,` for a 2-D or 3-D C2C
//! transform of every axis, `1024,1024x128`, as `.gpu/cufft_shapes.py` takes them; forward
//! C2C and R2C, inverse C2R, unnormalized, out of place; the
//! copy moves half the bytes read plus written, as `.gpu/cufft_shapes.py` does). `--realfft`
//! also times the `realfft` crate (one thread, every row, median of 5 runs) on the same
//! shapes and prints `realfft_ms / ms`; `--rustfft` times rustfft (one thread) along every
//! axis of C2C shapes, lines of the other axes copied out and back. `--no-check` skips the
//! accuracy check against the oracle (a naive DFT along long mixed axes takes seconds). `--global` plans C2C shapes with global radix passes
//! only (multi-dimensional axes through the permute), `--lanes` with lanes passes (CPU devices). `--layouts` times the 1-D C2C shapes with
//! their input contiguous, strided (every other value) and planar (multi-dimensional ones in
//! Fortran order too); with `--r2c`/`--c2r`, the
//! 1-D real shapes with padded rows, strided reals and a strided half spectrum (multi-dimensional
//! ones with the half spectrum's rows of axis 0 padded). `--axes=1` (or `0,2`; with
//! `--layouts` too)
//! transforms only those axes of C2C shapes. `--r2c`/`--c2r` take
//! multi-dimensional shapes too (numpy's `rfftn`/`irfftn` of every axis).

use fft_core::accuracy::relative_l2_error;
use fft_core::{random_signal, Complex64, Direction};
use fft_runtime::ocl::{Buffer, Event, OclPrm};
use fft_runtime::profile::{median, span};
use fft_runtime::{complex_from_f64, complex_to_f64, DeviceQueue, Fft, FftFloat, Layout, Side};
use num_complex::Complex;
use std::time::Duration;

const RUNS: usize = 20;
const WARMUP: usize = 3;

type Failure = Box<dyn std::error::Error>;

fn main() -> Result<(), Failure> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let f64_mode = args.iter().any(|a| a == "--f64");
    let realfft = args.iter().any(|a| a == "--realfft");
    let kind = if args.iter().any(|a| a == "--r2c") {
        "r2c"
    } else if args.iter().any(|a| a == "--c2r") {
        "c2r"
    } else {
        "c2c"
    };
    let shapes: Vec<(Vec<usize>, usize)> = args
        .iter()
        .filter(|a| !a.starts_with("--"))
        .map(|a| parse_shape(a))
        .collect::<Result<_, _>>()?;
    let queue = DeviceQueue::from_env()?;
    let summary = queue.summary();
    println!(
        "device: {} | {} | driver {}",
        summary, summary.opencl_version, summary.driver_version
    );
    println!(
        "oclfft {kind} {}; ms = median kernel time of {RUNS} runs; x_copy = ms / device copy of the bytes read+written once",
        if f64_mode { "f64" } else { "f32" }
    );
    println!(
        "{:>16} {:>9} {:>9} {:>7} {:>9} {:>6}  algorithm",
        "shape", "ms", "copy_ms", "x_copy", "rel_l2", "pass_ms"
    );
    if args.iter().any(|a| a == "--layouts") {
        for (dims, batch) in &shapes {
            let batch = *batch;
            match (kind, f64_mode) {
                ("c2c", false) => layouts::<f32>(&queue, dims, batch)?,
                ("c2c", true) => layouts::<f64>(&queue, dims, batch)?,
                (_, false) => real_layouts::<f32>(&queue, dims, batch, kind == "r2c")?,
                (_, true) => real_layouts::<f64>(&queue, dims, batch, kind == "r2c")?,
            }
        }
        return Ok(());
    }
    for (dims, batch) in shapes {
        let len = dims[0];
        match (kind, f64_mode, dims.len()) {
            ("c2c", false, _) => shape::<f32>(&queue, &dims, batch)?,
            ("c2c", true, _) => shape::<f64>(&queue, &dims, batch)?,
            (_, false, 1) => real_shape::<f32>(&queue, len, batch, kind == "r2c", realfft)?,
            (_, true, 1) => real_shape::<f64>(&queue, len, batch, kind == "r2c", realfft)?,
            (_, false, _) => real_nd_shape::<f32>(&queue, &dims, batch, kind == "r2c")?,
            (_, true, _) => real_nd_shape::<f64>(&queue, &dims, batch, kind == "r2c")?,
        }
    }
    Ok(())
}

/// `DIMSxBATCH`: `4096x8` (1-D), `1024,1024x128` (2-D), `512,512,512` (batch 1).
fn parse_shape(text: &str) -> Result<(Vec<usize>, usize), Failure> {
    let (dims, batch) = text.split_once('x').unwrap_or((text, "1"));
    let dims = dims
        .split(',')
        .map(str::parse)
        .collect::<Result<Vec<usize>, _>>()?;
    Ok((dims, batch.parse()?))
}

fn shape<T: FftFloat + rustfft::FftNum>(
    queue: &DeviceQueue,
    dims: &[usize],
    batch: usize,
) -> Result<(), Failure>
where
    Complex<T>: OclPrm,
{
    let len: usize = dims.iter().product();
    let total = len * batch;
    let host: Vec<Complex<T>> = random_signal(total, 7)
        .into_iter()
        .map(complex_from_f64)
        .collect();
    let src = Buffer::builder()
        .queue(queue.queue().clone())
        .len(total)
        .copy_host_slice(&host)
        .build()?;
    let dst = Buffer::<Complex<T>>::builder()
        .queue(queue.queue().clone())
        .len(total)
        .build()?;
    let copy = timed(|| {
        let mut event = Event::empty();
        src.copy(&dst, None, None).enew(&mut event).enq()?;
        Ok(vec![event])
    })?;
    let strategy = if std::env::args().any(|a| a == "--global") {
        fft_runtime::Strategy::GlobalRadix
    } else if std::env::args().any(|a| a == "--lanes") {
        fft_runtime::Strategy::Lanes
    } else {
        fft_runtime::Strategy::Auto
    };
    let choice = decomposition_arg()?;
    let axes = axes_arg(dims.len())?;
    // Built whole: quick start's stand-in passes would be measured instead.
    let mut builder = Fft::<T>::builder(queue)
        .shape(dims)
        .axes(&axes)
        .batch(batch)
        .strategy(strategy)
        .quick_start(false);
    if let Some(choice) = choice {
        builder = builder.decomposition(choice);
    }
    let plan = builder.build()?;
    let (kernel, passes) = timed_passes(|| Ok(plan.enqueue_traced(&src, &dst, None)?))?;
    // Accuracy of the first transform against the f64 oracle along every axis (the naive DFT
    // up to 16384 points, the f64 radix-2 reference for longer powers of two), up to 2^24
    // values.
    let mut first = vec![
        Complex::new(
            <T as FftFloat>::from_f64(0.0),
            <T as FftFloat>::from_f64(0.0)
        );
        len
    ];
    dst.read(&mut first).len(len).enq()?;
    let input: Vec<Complex64> = host[..len].iter().map(|&v| complex_to_f64(v)).collect();
    let got: Vec<Complex64> = first.iter().map(|&v| complex_to_f64(v)).collect();
    let checkable = len <= 1 << 24
        && dims.iter().all(|&d| d <= 32768 || d.is_power_of_two())
        && !std::env::args().any(|a| a == "--no-check");
    let error = if checkable {
        let want = fft_core::along_axes(&input, dims, &axes, |line| {
            fft_core::reference_fft(line, Direction::Forward)
                .unwrap_or_else(|| fft_core::naive_dft(line, Direction::Forward))
        });
        Some(relative_l2_error(&got, &want))
    } else {
        None
    };
    let cpu = if std::env::args().any(|a| a == "--rustfft") {
        let cpu = rustfft_time(&host, dims)?;
        format!(
            "  rustfft {:.4} ms = {:.2}x",
            ms(cpu),
            cpu.as_secs_f64() / kernel.as_secs_f64()
        )
    } else {
        String::new()
    };
    let dims_text: Vec<String> = dims.iter().map(usize::to_string).collect();
    println!(
        "{:>16} {:>9.4} {:>9.4} {:>7.2} {:>9} {:>6}  {:?}{cpu}",
        format!("{}x{batch}", dims_text.join(",")),
        ms(kernel),
        ms(copy),
        kernel.as_secs_f64() / copy.as_secs_f64(),
        error_text(error),
        pass_list(&passes),
        plan.plan().algorithm
    );
    Ok(())
}

/// `--rustfft`: rustfft on one thread along every axis of every transform of `data` (shape
/// `dims`, C order), as a user would apply it: the last axis row by row in place, every
/// other axis by copying each of its lines out, transforming and copying back; median of 5
/// runs after one warm-up.
fn rustfft_time<T: FftFloat + rustfft::FftNum>(
    data: &[Complex<T>],
    dims: &[usize],
) -> Result<Duration, Failure> {
    let mut planner = rustfft::FftPlanner::<T>::new();
    let plans: Vec<_> = dims.iter().map(|&d| planner.plan_fft_forward(d)).collect();
    let mut work = data.to_vec();
    let total: usize = dims.iter().product();
    let mut line = Vec::new();
    let mut samples = Vec::new();
    for run in 0..6 {
        let start = std::time::Instant::now();
        for (axis, plan) in plans.iter().enumerate().rev() {
            let len = dims[axis];
            let inner: usize = dims[axis + 1..].iter().product();
            if inner == 1 {
                plan.process(&mut work);
                continue;
            }
            let outer = work.len() / total * dims[..axis].iter().product::<usize>();
            for o in 0..outer {
                for c in 0..inner {
                    let at = |m: usize| (o * len + m) * inner + c;
                    line.clear();
                    line.extend((0..len).map(|m| work[at(m)]));
                    plan.process(&mut line);
                    for (m, v) in line.iter().enumerate() {
                        work[at(m)] = *v;
                    }
                }
            }
        }
        if run > 0 {
            samples.push(start.elapsed());
        }
    }
    Ok(median(&mut samples))
}

/// `--layouts`: the C2C of `dims x batch` with its input contiguous, every other value
/// (strides twice C order's, transforms `2 * len` apart) and planar (two buffers), out of
/// place into contiguous output, then planar into planar and contiguous into planar, and (2-D
/// and 3-D) Fortran order in and out, each beside the contiguous time (`x_contig`).
fn layouts<T: FftFloat>(queue: &DeviceQueue, dims: &[usize], batch: usize) -> Result<(), Failure>
where
    Complex<T>: OclPrm,
{
    let len: usize = dims.iter().product();
    let total = len * batch;
    let host: Vec<Complex<T>> = random_signal(2 * total, 7)
        .into_iter()
        .map(complex_from_f64)
        .collect();
    let buffer = |n: usize| {
        Buffer::<Complex<T>>::builder()
            .queue(queue.queue().clone())
            .len(n)
            .copy_host_slice(&host[..n])
            .build()
    };
    let part = |n: usize| {
        Buffer::<T>::builder()
            .queue(queue.queue().clone())
            .len(n)
            .fill_val(T::from_f64(0.5))
            .build()
    };
    let (contiguous, strided, out) = (buffer(total)?, buffer(2 * total)?, buffer(total)?);
    let (re, im) = (part(total)?, part(total)?);
    let (out_re, out_im) = (part(total)?, part(total)?);
    let every_other: Vec<usize> = (0..dims.len())
        .map(|axis| 2 * dims[axis + 1..].iter().product::<usize>())
        .collect();
    let fortran: Vec<usize> = (0..dims.len())
        .map(|axis| dims[..axis].iter().product::<usize>())
        .collect();
    let fortran = Layout::strided(&fortran, len);
    let mut variants = vec![
        ("contiguous", Layout::interleaved(), Layout::interleaved()),
        (
            "stride 2",
            Layout::strided(&every_other, 2 * len),
            Layout::interleaved(),
        ),
        ("planar", Layout::planar(), Layout::interleaved()),
        ("planar both", Layout::planar(), Layout::planar()),
        ("planar out", Layout::interleaved(), Layout::planar()),
    ];
    if dims.len() > 1 {
        variants.push(("fortran", fortran, fortran));
    }
    let shape = dims
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let mut base = None;
    for (name, input_layout, output_layout) in variants {
        let plan = Fft::<T>::builder(queue)
            .shape(dims)
            .axes(&axes_arg(dims.len())?)
            .batch(batch)
            .input_layout(input_layout)
            .output_layout(output_layout)
            .quick_start(false)
            .build()?;
        let input = match name {
            "contiguous" | "planar out" | "fortran" => Side::Interleaved(&contiguous),
            "stride 2" => Side::Interleaved(&strided),
            _ => Side::Planar(&re, &im),
        };
        let output = match name {
            "planar both" | "planar out" => Side::Planar(&out_re, &out_im),
            _ => Side::Interleaved(&out),
        };
        let (kernel, passes) =
            timed_passes(|| Ok(plan.enqueue_sides_traced(input, output, None)?))?;
        let base_ms = *base.get_or_insert(kernel.as_secs_f64());
        println!(
            "{:>16} {:>11} {:>9.4} {:>6.3} x_contig {:>6}  {}",
            format!("{shape}x{batch}"),
            name,
            ms(kernel),
            kernel.as_secs_f64() / base_ms,
            pass_list(&passes),
            plan.entry_points().join(" ")
        );
    }
    Ok(())
}

/// `--layouts --r2c` (or `--c2r`): the 1-D real transform of `len x batch` with its sides
/// contiguous, its reals in rows `len + 2` apart (FFTW's padded rows as a layout), its reals
/// every other value (rows `2 * len` apart), and its half spectrum every other value, each
/// beside the contiguous time (`x_contig`).
fn real_layouts<T: FftFloat>(
    queue: &DeviceQueue,
    dims: &[usize],
    batch: usize,
    forward: bool,
) -> Result<(), Failure>
where
    Complex<T>: OclPrm,
{
    let len: usize = dims.iter().product();
    let last = dims[dims.len() - 1];
    let half = len / last * (last / 2 + 1);
    let reals = Buffer::<T>::builder()
        .queue(queue.queue().clone())
        .len(2 * len * batch)
        .fill_val(T::from_f64(0.25))
        .build()?;
    let spectrum = Buffer::<Complex<T>>::builder()
        .queue(queue.queue().clone())
        .len(2 * half * batch)
        .fill_val(Complex::new(T::from_f64(0.5), T::from_f64(0.0)))
        .build()?;
    let variants = if dims.len() == 1 {
        vec![
            ("contiguous", Layout::default(), Layout::default()),
            ("rows +2", Layout::strided(&[1], len + 2), Layout::default()),
            (
                "reals stride 2",
                Layout::strided(&[2], 2 * len),
                Layout::default(),
            ),
            (
                "half stride 2",
                Layout::default(),
                Layout::strided(&[2], 2 * half),
            ),
        ]
    } else {
        // The half spectrum's rows of axis 0 padded by 8 values.
        let inner = half / dims[0];
        let mut strides = vec![inner + 8];
        let mut below = 1;
        let mut rest: Vec<usize> = dims[1..]
            .iter()
            .rev()
            .enumerate()
            .map(|(k, &d)| {
                let stride = below;
                below *= if k == 0 { d / 2 + 1 } else { d };
                stride
            })
            .collect();
        rest.reverse();
        strides.extend(rest);
        let padded = Layout::strided(&strides, dims[0] * (inner + 8));
        vec![
            ("contiguous", Layout::default(), Layout::default()),
            ("half rows +8", Layout::default(), padded),
        ]
    };
    let mut base = None;
    for (name, real_side, half_side) in variants {
        let builder = Fft::<T>::builder(queue)
            .shape(dims)
            .batch(batch)
            .quick_start(false);
        let (kernel, passes, entry_points) = if forward {
            let plan = builder
                .input_layout(real_side)
                .output_layout(half_side)
                .build_r2c()?;
            let (kernel, passes) =
                timed_passes(|| Ok(plan.enqueue_traced(&reals, &spectrum, None)?))?;
            (kernel, passes, plan.entry_points())
        } else {
            let plan = builder
                .input_layout(half_side)
                .output_layout(real_side)
                .build_c2r()?;
            let (kernel, passes) =
                timed_passes(|| Ok(plan.enqueue_traced(&spectrum, &reals, None)?))?;
            (kernel, passes, plan.entry_points())
        };
        let base_ms = *base.get_or_insert(kernel.as_secs_f64());
        println!(
            "{:>16} {:>15} {:>9.4} {:>6.3} x_contig {:>6}  {}",
            format!(
                "{}x{batch}",
                dims.iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            ),
            name,
            ms(kernel),
            kernel.as_secs_f64() / base_ms,
            pass_list(&passes),
            entry_points.join(" ")
        );
    }
    Ok(())
}

/// `--axes=1` or `--axes=0,2`: transform only these axes of a C2C shape (default: all of
/// its `rank`).
fn axes_arg(rank: usize) -> Result<Vec<usize>, Failure> {
    match std::env::args().find_map(|a| a.strip_prefix("--axes=").map(str::to_string)) {
        Some(text) => text
            .split(',')
            .map(|a| a.trim().parse::<usize>())
            .collect::<Result<_, _>>()
            .map_err(|e| Failure::from(format!("--axes={text}: {e}"))),
        None => Ok((0..rank).collect()),
    }
}

/// `--decomposition=fused 1024x2048`: the plan measure mode would time with that choice (of a
/// real transform: of its complex core, the first length the pass with the merge, the last the
/// one with the split).
fn decomposition_arg() -> Result<Option<fft_runtime::Choice>, Failure> {
    std::env::args()
        .find_map(|a| a.strip_prefix("--decomposition=").map(str::to_string))
        .map(|text| text.parse::<fft_runtime::Choice>())
        .transpose()
        .map_err(|e| Failure::from(e.to_string()))
}

/// `builder` with `choice`, if one was given.
fn decomposed<T: FftFloat>(
    builder: fft_runtime::FftBuilder<'_, T>,
    choice: Option<fft_runtime::Choice>,
) -> fft_runtime::FftBuilder<'_, T>
where
    Complex<T>: OclPrm,
{
    match choice {
        Some(choice) => builder.decomposition(choice),
        None => builder,
    }
}

/// A multi-dimensional R2C (`forward`) or C2R shape (numpy's `rfftn`/`irfftn` of every axis),
/// the copy of (bytes read + bytes written) / 2 beside it; the R2C's error against the f64
/// reference up to 2^24 values.
fn real_nd_shape<T: FftFloat>(
    queue: &DeviceQueue,
    dims: &[usize],
    batch: usize,
    forward: bool,
) -> Result<(), Failure>
where
    Complex<T>: OclPrm,
{
    let last = dims[dims.len() - 1];
    let per: usize = dims.iter().product();
    let half_per = per / last * (last / 2 + 1);
    let reals: Vec<T> = random_signal(per * batch, 7)
        .into_iter()
        .map(|v| <T as FftFloat>::from_f64(v.re))
        .collect();
    let real_buf = Buffer::builder()
        .queue(queue.queue().clone())
        .len(reals.len())
        .copy_host_slice(&reals)
        .build()?;
    let spectrum = Buffer::<Complex<T>>::builder()
        .queue(queue.queue().clone())
        .len(half_per * batch)
        .build()?;
    let count = (reals.len() + half_per * batch * 2) / 2;
    let copy_src = Buffer::<T>::builder()
        .queue(queue.queue().clone())
        .len(count)
        .build()?;
    let copy_dst = Buffer::<T>::builder()
        .queue(queue.queue().clone())
        .len(count)
        .build()?;
    let copy = timed(|| {
        let mut event = Event::empty();
        copy_src
            .copy(&copy_dst, None, None)
            .enew(&mut event)
            .enq()?;
        Ok(vec![event])
    })?;
    // Timed plans are built whole: quick start's stand-in passes would be measured instead.
    let choice = decomposition_arg()?;
    let builder = || {
        decomposed(
            Fft::<T>::builder(queue)
                .shape(dims)
                .batch(batch)
                .quick_start(false),
            choice,
        )
    };
    let (kernel, passes, error) = if forward {
        let plan = builder().build_r2c()?;
        let (kernel, passes) =
            timed_passes(|| Ok(plan.enqueue_traced(&real_buf, &spectrum, None)?))?;
        let error = if per <= 1 << 24 {
            let mut first = vec![Complex::new(T::from_f64(0.0), T::from_f64(0.0)); half_per];
            spectrum.read(&mut first).len(half_per).enq()?;
            let x: Vec<f64> = reals[..per].iter().map(|&v| v.into()).collect();
            let rows: Vec<Complex64> = x
                .chunks(last)
                .flat_map(fft_core::kernel::rfft_reference)
                .collect();
            let mut half_dims = dims.to_vec();
            *half_dims.last_mut().unwrap_or(&mut 0) = last / 2 + 1;
            let others: Vec<usize> = (0..dims.len() - 1).collect();
            let want = fft_core::along_axes(&rows, &half_dims, &others, |line| {
                fft_core::reference_fft(line, Direction::Forward)
                    .unwrap_or_else(|| fft_core::naive_dft(line, Direction::Forward))
            });
            let got: Vec<Complex64> = first.iter().map(|&v| complex_to_f64(v)).collect();
            Some(relative_l2_error(&got, &want))
        } else {
            None
        };
        (kernel, passes, error)
    } else {
        let plan = builder().build_c2r()?;
        let (kernel, passes) =
            timed_passes(|| Ok(plan.enqueue_traced(&spectrum, &real_buf, None)?))?;
        (kernel, passes, None)
    };
    let dims_text: Vec<String> = dims.iter().map(usize::to_string).collect();
    println!(
        "{:>16} {:>9.4} {:>9.4} {:>7.2} {:>9} {:>6}",
        format!("{}x{batch}", dims_text.join(",")),
        ms(kernel),
        ms(copy),
        kernel.as_secs_f64() / copy.as_secs_f64(),
        error_text(error),
        pass_list(&passes),
    );
    Ok(())
}

/// An R2C (`forward`) or C2R shape: `len` reals and `len / 2 + 1` complex values per row.
fn real_shape<T: FftFloat + realfft::FftNum>(
    queue: &DeviceQueue,
    len: usize,
    batch: usize,
    forward: bool,
    realfft: bool,
) -> Result<(), Failure>
where
    Complex<T>: OclPrm,
{
    let half = len / 2 + 1;
    let reals: Vec<T> = random_signal(len * batch, 7)
        .into_iter()
        .map(|v| <T as FftFloat>::from_f64(v.re))
        .collect();
    let spectrum_host: Vec<Complex<T>> = random_signal(half * batch, 9)
        .into_iter()
        .map(complex_from_f64)
        .collect();
    let real_buf = Buffer::builder()
        .queue(queue.queue().clone())
        .len(reals.len())
        .copy_host_slice(&reals)
        .build()?;
    let spectrum = Buffer::builder()
        .queue(queue.queue().clone())
        .len(spectrum_host.len())
        .copy_host_slice(&spectrum_host)
        .build()?;
    // The copy moves (bytes read + bytes written) / 2, as cufft_shapes.py does.
    let element: usize = std::mem::size_of::<T>();
    let bytes: usize = (reals.len() + spectrum_host.len() * 2) * element / 2;
    let count: usize = bytes / element;
    let copy_src = Buffer::<T>::builder()
        .queue(queue.queue().clone())
        .len(count)
        .build()?;
    let copy_dst = Buffer::<T>::builder()
        .queue(queue.queue().clone())
        .len(count)
        .build()?;
    let copy = timed(|| {
        let mut event = Event::empty();
        copy_src
            .copy(&copy_dst, None, None)
            .enew(&mut event)
            .enq()?;
        Ok(vec![event])
    })?;
    // Timed plans are built whole: quick start's stand-in passes would be measured instead.
    let choice = decomposition_arg()?;
    let builder = || {
        decomposed(
            Fft::<T>::builder(queue)
                .len(len)
                .batch(batch)
                .quick_start(false),
            choice,
        )
    };
    let (kernel, error, passes, explain) = if forward {
        let plan = builder().build_r2c()?;
        let (kernel, passes) =
            timed_passes(|| Ok(plan.enqueue_traced(&real_buf, &spectrum, None)?))?;
        let mut first = vec![
            Complex::new(
                <T as FftFloat>::from_f64(0.0),
                <T as FftFloat>::from_f64(0.0)
            );
            half
        ];
        spectrum.read(&mut first).len(half).enq()?;
        let row: Vec<f64> = reals[..len].iter().map(|&v| v.into()).collect();
        let got: Vec<Complex64> = first.iter().map(|&v| complex_to_f64(v)).collect();
        let error = if len <= 1 << 16 {
            Some(relative_l2_error(
                &got,
                &fft_core::kernel::rfft_reference(&row),
            ))
        } else {
            None
        };
        (kernel, error, pass_list(&passes), plan.explain())
    } else {
        let plan = builder().build_c2r()?;
        let (kernel, passes) =
            timed_passes(|| Ok(plan.enqueue_traced(&spectrum, &real_buf, None)?))?;
        let mut first = vec![<T as FftFloat>::from_f64(0.0); len];
        real_buf.read(&mut first).len(len).enq()?;
        let row: Vec<Complex64> = spectrum_host[..half]
            .iter()
            .map(|&v| complex_to_f64(v))
            .collect();
        let as_complex =
            |v: &[f64]| -> Vec<Complex64> { v.iter().map(|&x| Complex64::new(x, 0.0)).collect() };
        let got: Vec<f64> = first.iter().map(|&v| v.into()).collect();
        let error = if len <= 1 << 16 {
            Some(relative_l2_error(
                &as_complex(&got),
                &as_complex(&fft_core::kernel::irfft_reference(&row, len)),
            ))
        } else {
            None
        };
        (kernel, error, pass_list(&passes), plan.explain())
    };
    let cpu = if realfft {
        let cpu = realfft_time(&reals, len, forward)?;
        format!(
            "realfft {:.4} ms = {:.2}x  ",
            ms(cpu),
            cpu.as_secs_f64() / kernel.as_secs_f64()
        )
    } else {
        String::new()
    };
    let how = explain
        .lines()
        .find(|l| l.contains("real transform:"))
        .and_then(|l| l.rsplit(", ").next())
        .unwrap_or("")
        .to_string();
    println!(
        "{:>16} {:>9.4} {:>9.4} {:>7.2} {:>9} {:>6}  {cpu}{how}",
        format!("{len}x{batch}"),
        ms(kernel),
        ms(copy),
        kernel.as_secs_f64() / copy.as_secs_f64(),
        error_text(error),
        passes,
    );
    Ok(())
}

/// The `realfft` crate's time (one thread) for every row of `reals` (rows of `len`): median
/// of 5 runs after one warm-up, planning excluded.
fn realfft_time<T: FftFloat + realfft::FftNum>(
    reals: &[T],
    len: usize,
    forward: bool,
) -> Result<Duration, Failure> {
    let mut planner = realfft::RealFftPlanner::<T>::new();
    let r2c = planner.plan_fft_forward(len);
    let c2r = planner.plan_fft_inverse(len);
    let mut rows = reals.to_vec();
    let mut spectrum = r2c.make_output_vec();
    let mut scratch = r2c.make_scratch_vec();
    let mut inverse_scratch = c2r.make_scratch_vec();
    let mut samples = Vec::new();
    for run in 0..6 {
        let start = std::time::Instant::now();
        for row in rows.chunks_mut(len) {
            if forward {
                r2c.process_with_scratch(row, &mut spectrum, &mut scratch)?;
            } else {
                // realfft rejects a non-real DC or Nyquist value: the spectrum of a real row.
                spectrum
                    .iter_mut()
                    .for_each(|v| v.im = <T as FftFloat>::from_f64(0.0));
                c2r.process_with_scratch(&mut spectrum, row, &mut inverse_scratch)?;
            }
        }
        if run > 0 {
            samples.push(start.elapsed());
        }
    }
    Ok(median(&mut samples))
}

fn timed(run: impl FnMut() -> Result<Vec<Event>, Failure>) -> Result<Duration, Failure> {
    Ok(timed_passes(run)?.0)
}

/// The median time from the first command's start to the last one's end, and each
/// command's median time.
fn timed_passes(
    mut run: impl FnMut() -> Result<Vec<Event>, Failure>,
) -> Result<(Duration, Vec<Duration>), Failure> {
    let mut samples = Vec::with_capacity(RUNS);
    let mut per_pass: Vec<Vec<Duration>> = Vec::new();
    for i in 0..WARMUP + RUNS {
        let events = run()?;
        let (first, last) = (&events[0], &events[events.len() - 1]);
        last.wait_for()?;
        if i >= WARMUP {
            samples.push(span(first, last)?);
            per_pass.resize(events.len(), Vec::new());
            for (times, event) in per_pass.iter_mut().zip(&events) {
                times.push(span(event, event)?);
            }
        }
    }
    let passes = per_pass.iter_mut().map(|t| median(t)).collect();
    Ok((median(&mut samples), passes))
}

/// Per-pass times for the output: "0.123+0.456".
fn pass_list(passes: &[Duration]) -> String {
    let list: Vec<String> = passes.iter().map(|t| format!("{:.3}", ms(*t))).collect();
    list.join("+")
}

fn ms(t: Duration) -> f64 {
    t.as_secs_f64() * 1e3
}

/// The error column: the relative L2 error, or "-" where the shape was too large to check.
fn error_text(error: Option<f64>) -> String {
    error.map_or_else(|| "-".to_string(), |e| format!("{e:.2e}"))
}
