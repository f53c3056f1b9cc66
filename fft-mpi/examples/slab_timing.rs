//! Times a distributed 3-D transform on virtual ranks (threads of this process, each with its
//! own queue on the default device) beside the same transform as one oclfft plan, host data to
//! host data both: `cargo run --release -p fft-mpi --example slab_timing -- 256 [RANKS...]`.
//! Median of 5 runs after one warm-up; prints the wall time of each and the relative L2
//! difference between them.

use fft_core::random_signal;
use fft_mpi::{even_split, DistributedFft, Exchange, OutputLayout, SlabBox, VirtualRanks};
use fft_runtime::{DeviceQueue, Direction, Fft, Normalization};
use num_complex::Complex32;
use std::time::Instant;

type Failure = Box<dyn std::error::Error + Send + Sync>;

fn median(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn main() -> Result<(), Failure> {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse())
        .collect::<Result<_, _>>()?;
    let n = args.first().copied().unwrap_or(128);
    let rank_counts = if args.len() > 1 {
        args[1..].to_vec()
    } else {
        vec![1, 2, 4]
    };
    let shape = [n, n, n];
    let field: Vec<Complex32> = random_signal(n * n * n, 3)
        .iter()
        .map(|v| Complex32::new(v.re as f32, v.im as f32))
        .collect();
    let queue = DeviceQueue::from_env()?;
    println!(
        "{} | {n}^3 complex f32, forward, host to host",
        queue.summary()
    );
    let whole = Fft::<f32>::builder(&queue).shape(&shape).build()?;
    let mut reference = field.clone();
    let mut times = Vec::new();
    for run in 0..6 {
        let mut data = field.clone();
        let start = Instant::now();
        whole.process(&mut data)?;
        if run > 0 {
            times.push(start.elapsed().as_secs_f64() * 1e3);
        }
        reference = data;
    }
    println!("one plan: {:.1} ms", median(times));
    // The two local plans of one rank holding every plane, alone.
    let rows = Fft::<f32>::builder(&queue)
        .shape(&shape[1..])
        .batch(n)
        .build()?;
    let columns = Fft::<f32>::builder(&queue)
        .shape(&[n, n])
        .axes(&[0])
        .batch(n)
        .build()?;
    for (name, plan) in [("axes 1, 2", &rows), ("axis 0", &columns)] {
        let mut times = Vec::new();
        for run in 0..6 {
            let mut data = field.clone();
            let start = Instant::now();
            plan.process(&mut data)?;
            if run > 0 {
                times.push(start.elapsed().as_secs_f64() * 1e3);
            }
        }
        println!("  local plan along {name} alone: {:.1} ms", median(times));
    }
    for ranks in rank_counts {
        let per_rank = VirtualRanks::run(ranks, |me| -> Result<(f64, Vec<Complex32>), Failure> {
            let r = me.rank();
            let own = DeviceQueue::from_env()?;
            let input = SlabBox::new(0, even_split(n, ranks, r));
            let plan = DistributedFft::<f32, _>::new(
                &own,
                me,
                &shape,
                (input.clone(), SlabBox::new(0, even_split(n, ranks, r))),
                OutputLayout::Natural,
                (Direction::Forward, Normalization::None),
            )?;
            let local = &field[input.range.start * n * n..input.range.end * n * n];
            let mut times = Vec::new();
            let mut out = vec![Complex32::new(0.0, 0.0); plan.output_len()];
            for run in 0..6 {
                me.all_gather(&[0])?; // start together
                let start = Instant::now();
                plan.execute_into(local, &mut out)?;
                me.all_gather(&[0])?; // the slowest rank ends the run
                if run > 0 {
                    times.push(start.elapsed().as_secs_f64() * 1e3);
                }
            }
            Ok((median(times), out))
        });
        let mut gathered = Vec::with_capacity(field.len());
        let mut time = 0.0f64;
        for result in per_rank {
            let (t, out) = result?;
            time = time.max(t);
            gathered.extend(out);
        }
        let (num, den) = gathered
            .iter()
            .zip(&reference)
            .fold((0.0, 0.0), |(a, b), (g, w)| {
                (
                    a + f64::from((g - w).norm_sqr()),
                    b + f64::from(w.norm_sqr()),
                )
            });
        println!(
            "{ranks} virtual rank(s), one queue each: {time:.1} ms, relative L2 against one plan {:.1e}",
            (num / den).sqrt()
        );
    }
    Ok(())
}
