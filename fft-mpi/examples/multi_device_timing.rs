//! Times a batch of transforms split over the machine's GPUs (`MultiDeviceFft`, one queue per
//! GPU) beside the same batch on the first GPU alone, host data to host data:
//! `cargo run --release -p fft-mpi --example multi_device_timing -- 1048576 256`
//! (points per transform, batch). Median of 5 runs after one warm-up; the relative L2
//! difference of the split result against the one-GPU result.

use fft_core::random_signal;
use fft_mpi::MultiDeviceFft;
use fft_runtime::{
    list_devices, DeviceKind, DeviceQueue, DeviceSelector, Direction, Normalization,
};
use num_complex::Complex32;
use std::time::Instant;

type Failure = Box<dyn std::error::Error + Send + Sync>;

fn main() -> Result<(), Failure> {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse())
        .collect::<Result<_, _>>()?;
    let len = args.first().copied().unwrap_or(1 << 20);
    let batch = args.get(1).copied().unwrap_or(64);
    let queues: Vec<DeviceQueue> = list_devices()?
        .iter()
        .enumerate()
        .filter(|(_, d)| d.summary.kind == DeviceKind::Gpu)
        .map(|(i, _)| DeviceQueue::new(&DeviceSelector::Index(i)))
        .collect::<Result<_, _>>()?;
    if queues.is_empty() {
        return Err("no GPU".into());
    }
    for queue in &queues {
        println!("{}", queue.summary());
    }
    println!("{batch} x {len} points, complex f32, forward, host to host");
    let signal: Vec<Complex32> = random_signal(len * batch, 9)
        .iter()
        .map(|v| Complex32::new(v.re as f32, v.im as f32))
        .collect();
    let mut results = Vec::new();
    for used in 1..=queues.len() {
        let plan = MultiDeviceFft::<f32>::new(
            &queues[..used],
            &[len],
            batch,
            (Direction::Forward, Normalization::None),
        )?;
        let mut times = Vec::new();
        let mut data = signal.clone();
        for run in 0..6 {
            data.copy_from_slice(&signal);
            let start = Instant::now();
            plan.process(&mut data)?;
            if run > 0 {
                times.push(start.elapsed().as_secs_f64() * 1e3);
            }
        }
        times.sort_by(f64::total_cmp);
        let median = times[times.len() / 2];
        let gb = (len * batch * 8 * 2) as f64 / (median * 1e-3) / 1e9;
        let difference = results.first().map_or(0.0, |first: &Vec<Complex32>| {
            let (num, den) = data.iter().zip(first).fold((0.0, 0.0), |(a, b), (g, w)| {
                (
                    a + f64::from((g - w).norm_sqr()),
                    b + f64::from(w.norm_sqr()),
                )
            });
            (num / den).sqrt()
        });
        println!(
            "{used} GPU(s): {median:.2} ms ({gb:.1} GB/s in and out), rel L2 vs 1 GPU {difference:.1e}, parts {:?}",
            plan.parts()
        );
        results.push(data);
    }
    Ok(())
}
