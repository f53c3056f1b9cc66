//! What the timing examples share (`mod support;` in each): the median of timed runs, device
//! buffers, the machine's GPUs, and the rate of the ranks' messages without the device. Each
//! example uses part of it.
#![allow(dead_code)]

use fft_mpi::{Exchange, SlabProblem};
use fft_runtime::ocl::{Buffer, OclPrm};
use fft_runtime::{list_devices, DeviceKind, DeviceQueue};
use std::time::Instant;

/// What an example's steps fail with.
pub type Failure = Box<dyn std::error::Error + Send + Sync>;

/// Median milliseconds of `runs` calls of `run` after one warm-up.
pub fn median_ms(
    runs: usize,
    mut run: impl FnMut() -> Result<(), Failure>,
) -> Result<f64, Failure> {
    let mut times = Vec::with_capacity(runs);
    for i in 0..=runs {
        let start = Instant::now();
        run()?;
        if i > 0 {
            times.push(start.elapsed().as_secs_f64() * 1e3);
        }
    }
    times.sort_by(f64::total_cmp);
    Ok(times[times.len() / 2])
}

/// A device buffer on `queue` holding `values` (at least one value long).
pub fn device_buffer<V: OclPrm>(queue: &DeviceQueue, values: &[V]) -> Result<Buffer<V>, Failure> {
    let buffer = Buffer::builder()
        .queue(queue.queue().clone())
        .len(values.len().max(1))
        .build()?;
    if !values.is_empty() {
        buffer.write(values).enq()?;
    }
    Ok(buffer)
}

/// The positions in `list_devices` of the machine's GPUs (at least one, else an error).
pub fn gpu_indices() -> Result<Vec<usize>, Failure> {
    let gpus: Vec<usize> = list_devices()?
        .iter()
        .enumerate()
        .filter(|(_, d)| d.summary.kind == DeviceKind::Gpu)
        .map(|(i, _)| i)
        .collect();
    if gpus.is_empty() {
        return Err("--spread needs at least one GPU".into());
    }
    Ok(gpus)
}

/// This rank's bytes per second out while every rank sends the busiest rank's exchange of
/// `problem` to the others around the ring, in chunk-sized messages from host memory (no
/// device), and its seconds per one-byte message; `(inf, 0)` for one rank. Every rank calls
/// it together.
pub fn ring_rates<E: Exchange>(me: &E, problem: &SlabProblem) -> Result<(f64, f64), Failure> {
    let (r, p) = (me.rank(), me.size());
    if p == 1 {
        return Ok((f64::INFINITY, 0.0));
    }
    let [n0, n1, n2] = problem.shape;
    let per_peer = n0.div_ceil(p) * n1 * n2 * problem.value_bytes / p;
    let chunk = problem.chunk_bytes.min(per_peer).max(1);
    let messages = per_peer.div_ceil(chunk);
    let send = vec![1u8; chunk];
    let mut receive = vec![0u8; chunk];
    let mut ring = |bytes: usize, count: usize| -> Result<(), Failure> {
        me.all_gather(&[0])?;
        for step in 1..p {
            let (to, from) = ((r + step) % p, (r + p - step) % p);
            for _ in 0..count {
                let receiving = Some((from, &mut receive[..bytes]));
                me.send_receive(Some((to, &send[..bytes])), receiving)?;
            }
        }
        me.all_gather(&[0])?;
        Ok(())
    };
    let big = median_ms(5, || ring(chunk, messages))?;
    let small = median_ms(5, || ring(1, 100))?;
    let out = (chunk * messages * (p - 1)) as f64;
    Ok((out / (big * 1e-3), small * 1e-3 / (100 * (p - 1)) as f64))
}
