//! Probes whether a machine's OpenCL driver can copy between two GPUs without host memory:
//! one context holding the first two GPUs of a platform, a buffer written on GPU 0, then
//! copied on GPU 1's queue into another buffer (`clEnqueueCopyBuffer`), timed against a
//! copy within one GPU and a pinned host round trip. A fast cross-device copy would let ranks
//! of one process exchange device to device (docs/DISTRIBUTED.md, "What is not there yet"):
//! `cargo run --release -p fft-mpi --example peer_copy -- 256` (MiB).

use fft_runtime::ocl::flags::MemFlags;
use fft_runtime::ocl::{Buffer, Context, Device, DeviceType, Platform, Queue};

mod support;

use support::{median_ms, Failure};

/// Median milliseconds of 5 runs of `run` after one warm-up.
fn time(run: impl FnMut() -> Result<(), Failure>) -> Result<f64, Failure> {
    median_ms(5, run)
}

fn main() -> Result<(), Failure> {
    let mib: usize = std::env::args()
        .nth(1)
        .map(|a| a.parse())
        .transpose()?
        .unwrap_or(256);
    let len = mib << 18; // f32 values
    let (platform, gpus) = Platform::list()
        .into_iter()
        .find_map(|p| {
            let gpus = Device::list(p, Some(DeviceType::GPU)).ok()?;
            (gpus.len() >= 2).then_some((p, gpus))
        })
        .ok_or("no platform with two GPUs")?;
    let gpus = &gpus[..2];
    let context = Context::builder()
        .platform(platform)
        .devices(gpus)
        .build()?;
    let queues = [
        Queue::new(&context, gpus[0], None)?,
        Queue::new(&context, gpus[1], None)?,
    ];
    println!(
        "{} and {} in one context, {mib} MiB",
        gpus[0].name()?,
        gpus[1].name()?
    );
    let buffer = |queue: &Queue| -> Result<Buffer<f32>, Failure> {
        Ok(Buffer::builder()
            .queue(queue.clone())
            .len(len)
            .fill_val(1.0f32)
            .build()?)
    };
    let (a, b, c) = (
        buffer(&queues[0])?,
        buffer(&queues[1])?,
        buffer(&queues[0])?,
    );
    let rate = |ms: f64| (len * 4) as f64 / (ms * 1e-3) / 1e9;
    // Within GPU 0.
    let local = time(|| {
        a.cmd().queue(&queues[0]).copy(&c, None, None).enq()?;
        queues[0].finish()?;
        Ok(())
    })?;
    println!("GPU 0 to GPU 0: {local:.3} ms ({:.0} GB/s)", rate(local));
    // A written on GPU 0, copied into B on GPU 1's queue: the driver must move A across.
    let across = time(|| {
        a.cmd().queue(&queues[0]).fill(2.0f32, None).enq()?;
        queues[0].finish()?;
        a.cmd().queue(&queues[1]).copy(&b, None, None).enq()?;
        queues[1].finish()?;
        Ok(())
    })?;
    let fill = time(|| {
        a.cmd().queue(&queues[0]).fill(2.0f32, None).enq()?;
        queues[0].finish()?;
        Ok(())
    })?;
    let net = across - fill;
    println!(
        "GPU 0 to GPU 1 (after a fill on GPU 0): {across:.3} ms, {net:.3} ms without the fill ({:.0} GB/s)",
        rate(net)
    );
    let mut check = vec![0.0f32; 4];
    b.read(&mut check).queue(&queues[1]).enq()?;
    println!("values on GPU 1: {check:?} (2.0 expected)");
    // The host path for comparison: through pinned host memory, down and up.
    let pinned = Buffer::<f32>::builder()
        .queue(queues[0].clone())
        .flags(MemFlags::new().alloc_host_ptr())
        .len(len)
        .build()?;
    let host = time(|| {
        a.cmd().queue(&queues[0]).copy(&pinned, None, None).enq()?;
        queues[0].finish()?;
        pinned.cmd().queue(&queues[1]).copy(&b, None, None).enq()?;
        queues[1].finish()?;
        Ok(())
    })?;
    println!(
        "GPU 0 to an ALLOC_HOST_PTR buffer to GPU 1: {host:.3} ms ({:.0} GB/s)",
        rate(host)
    );
    Ok(())
}
