//! Times C2C transforms of given shapes on the default device (`OCLFFT_DEVICE` selects
//! another), beside the device's copy of the same bytes measured in the same process: the
//! kernel time of every pass from OpenCL profiling events, median of `RUNS` runs after
//! `WARMUP`, plan building excluded. The columns match `.gpu/cufft_shapes.py`.
//!
//! `cargo run --release -p fft-runtime --example shapes -- [--f64] 1000x134217 65537x2048 ...`
//! (each shape `NxBATCH`; forward, unnormalized, out of place).

use fft_core::accuracy::relative_l2_error;
use fft_core::{random_signal, Complex64, Direction};
use fft_runtime::ocl::{Buffer, Event, OclPrm};
use fft_runtime::profile::{median, span};
use fft_runtime::{complex_from_f64, complex_to_f64, DeviceQueue, Fft, FftFloat};
use num_complex::Complex;
use std::time::Duration;

const RUNS: usize = 20;
const WARMUP: usize = 3;

type Failure = Box<dyn std::error::Error>;

fn main() -> Result<(), Failure> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let f64_mode = args.iter().any(|a| a == "--f64");
    let shapes: Vec<(usize, usize)> = args
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
        "oclfft c2c {}; ms = median kernel time of {RUNS} runs; x_copy = ms / device copy of the bytes read+written once",
        if f64_mode { "f64" } else { "f32" }
    );
    println!(
        "{:>16} {:>9} {:>9} {:>7} {:>9} {:>6}  algorithm",
        "shape", "ms", "copy_ms", "x_copy", "rel_l2", "passes"
    );
    for (len, batch) in shapes {
        if f64_mode {
            shape::<f64>(&queue, len, batch)?;
        } else {
            shape::<f32>(&queue, len, batch)?;
        }
    }
    Ok(())
}

fn parse_shape(text: &str) -> Result<(usize, usize), Failure> {
    let (len, batch) = text.split_once('x').unwrap_or((text, "1"));
    Ok((len.parse()?, batch.parse()?))
}

fn shape<T: FftFloat>(queue: &DeviceQueue, len: usize, batch: usize) -> Result<(), Failure>
where
    Complex<T>: OclPrm,
{
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
    let plan = Fft::<T>::builder(queue).len(len).batch(batch).build()?;
    let kernel = timed(|| Ok(plan.enqueue_traced(&src, &dst, None)?))?;
    // Accuracy of the first sequence against the f64 oracle (rustfft-free: the naive DFT up
    // to 4096 points, else the f64 Bluestein/radix-2 reference of the tests' helper).
    let mut first = vec![Complex::new(T::from_f64(0.0), T::from_f64(0.0)); len];
    dst.read(&mut first).len(len).enq()?;
    let input: Vec<Complex64> = host[..len].iter().map(|&v| complex_to_f64(v)).collect();
    let got: Vec<Complex64> = first.iter().map(|&v| complex_to_f64(v)).collect();
    let error = if len <= 4096 {
        relative_l2_error(&got, &fft_core::naive_dft(&input, Direction::Forward))
    } else {
        f64::NAN
    };
    println!(
        "{:>16} {:>9.4} {:>9.4} {:>7.2} {:>9.2e} {:>6}  {:?}",
        format!("{len}x{batch}"),
        ms(kernel),
        ms(copy),
        kernel.as_secs_f64() / copy.as_secs_f64(),
        error,
        plan.plan().passes.len(),
        plan.plan().algorithm
    );
    Ok(())
}

fn timed(mut run: impl FnMut() -> Result<Vec<Event>, Failure>) -> Result<Duration, Failure> {
    let mut samples = Vec::with_capacity(RUNS);
    for i in 0..WARMUP + RUNS {
        let events = run()?;
        let (first, last) = (&events[0], &events[events.len() - 1]);
        last.wait_for()?;
        if i >= WARMUP {
            samples.push(span(first, last)?);
        }
    }
    Ok(median(&mut samples))
}

fn ms(t: Duration) -> f64 {
    t.as_secs_f64() * 1e3
}
