//! Criterion benchmarks sized for CI (a 2-core machine with PoCL): a few lengths with 2^18
//! points per launch, on the default device (`OCLFFT_DEVICE` to choose):
//! `cargo bench -p fft-runtime --bench transforms`. For the full table beside the device copy
//! bandwidth and cuFFT, use `oclfft bench` (docs/PERFORMANCE.md).

// `criterion_group!` generates a public entry point without a doc comment.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use fft_runtime::ocl::Buffer;
use fft_runtime::{DeviceQueue, Fft};
use num_complex::Complex32;

const LOG2_TOTAL: u32 = 18;

fn transforms(c: &mut Criterion) {
    let queue = match DeviceQueue::from_env() {
        Ok(queue) => queue,
        Err(e) => panic!("the benchmarks need an OpenCL device: {e}"),
    };
    let total = 1usize << LOG2_TOTAL;
    let host: Vec<Complex32> = (0..total)
        .map(|i| Complex32::new((i % 17) as f32 - 8.0, (i % 5) as f32))
        .collect();
    let input = Buffer::builder()
        .queue(queue.queue().clone())
        .len(total)
        .copy_host_slice(&host)
        .build()
        .expect("allocating the input");
    let output = Buffer::<Complex32>::builder()
        .queue(queue.queue().clone())
        .len(total)
        .build()
        .expect("allocating the output");
    let mut group = c.benchmark_group(format!(
        "f32 forward, 2^{LOG2_TOTAL} points per launch, {}",
        queue.summary().name
    ));
    group.throughput(Throughput::Elements(total as u64));
    group.sample_size(10);
    for log2 in [6u32, 10, 14] {
        let len = 1usize << log2;
        let plan = Fft::<f32>::builder(&queue)
            .len(len)
            .batch(total / len)
            .build()
            .expect("plan");
        group.bench_with_input(BenchmarkId::new("device buffers", len), &plan, |b, plan| {
            b.iter(|| {
                plan.enqueue_out_of_place(&input, &output)
                    .expect("enqueue")
                    .wait_for()
                    .expect("wait")
            })
        });
        let mut data = host.clone();
        group.bench_with_input(
            BenchmarkId::new("host data, with transfers", len),
            &plan,
            |b, plan| b.iter(|| plan.process(&mut data).expect("process")),
        );
    }
    group.finish();
}

criterion_group!(benches, transforms);
criterion_main!(benches);
