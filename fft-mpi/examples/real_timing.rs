//! Times the distributed R2C of an `n^3` real field on virtual ranks (threads of this process,
//! each with its own queue on the default device) beside the same transform as one oclfft
//! plan, device buffers to device buffers: `cargo run --release -p fft-mpi --example
//! real_timing -- 512 [RANKS...]`. The reals are slabs of axis 0, the half spectrum slabs of
//! axis 1 (one exchange). Median of 5 runs after one warm-up, wall time of the slowest rank;
//! the relative L2 difference of the gathered spectrum against the one plan's.

use fft_core::random_signal;
use fft_mpi::{even_split, DistributedRealToComplex, Exchange, SlabBox, VirtualRanks};
use fft_runtime::{DeviceQueue, Fft, Normalization};
use num_complex::Complex32;

mod support;

use support::{device_buffer as buffer, median_ms, Failure};

/// Median milliseconds of 5 calls of `run` after one warm-up.
fn time(run: impl FnMut() -> Result<(), Failure>) -> Result<f64, Failure> {
    median_ms(5, run)
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
    let (shape, half) = ([n, n, n], [n, n, n / 2 + 1]);
    let reals: Vec<f32> = random_signal(n * n * n, 5)
        .iter()
        .map(|v| v.re as f32)
        .collect();
    let queue = DeviceQueue::from_env()?;
    println!("{} | {n}^3 real f32, R2C", queue.summary());
    let whole = Fft::<f32>::builder(&queue)
        .shape(&shape)
        .quick_start(false)
        .build_r2c()?;
    let spectrum_len = half.iter().product::<usize>();
    let (input, output) = (
        buffer(&queue, &reals)?,
        buffer(&queue, &vec![Complex32::new(0.0, 0.0); spectrum_len])?,
    );
    let one = time(|| {
        whole.enqueue(&input, &output, None)?.wait_for()?;
        Ok(())
    })?;
    let mut reference = vec![Complex32::new(0.0, 0.0); spectrum_len];
    output.read(&mut reference).enq()?;
    println!("one plan: device to device {one:.2} ms");
    println!("ranks | device to device ms | rel L2 vs one plan");
    for ranks in rank_counts {
        let per_rank = VirtualRanks::run(ranks, |me| -> Result<_, Failure> {
            let r = me.rank();
            let own = DeviceQueue::from_env()?;
            let real_part = SlabBox::new(0, even_split(n, ranks, r));
            let half_part = SlabBox::new(1, even_split(n, ranks, r));
            let plan = DistributedRealToComplex::<f32, _>::new(
                &own,
                me,
                &shape,
                (real_part.clone(), half_part.clone()),
                Normalization::None,
            )?;
            let local = fft_mpi::PartOfField::brick(&real_part, shape).extract(&reals, shape);
            let zero = Complex32::new(0.0, 0.0);
            let (from, to) = (
                buffer(&own, &local)?,
                buffer(&own, &vec![zero; plan.output_len()])?,
            );
            let device = time(|| {
                me.all_gather(&[0])?; // start together
                plan.execute_buffers(&from, &to)?;
                me.all_gather(&[0])?; // the slowest rank ends the run
                Ok(())
            })?;
            let mut out = vec![zero; plan.output_len()];
            if !out.is_empty() {
                to.read(&mut out).enq()?;
            }
            Ok((device, fft_mpi::PartOfField::brick(&half_part, half), out))
        });
        let mut gathered = vec![Complex32::new(0.0, 0.0); spectrum_len];
        let mut device = 0.0f64;
        for result in per_rank {
            let (d, brick, out) = result?;
            device = device.max(d);
            brick.place(&out, &mut gathered, half);
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
        println!("{ranks} | {device:.2} | {:.1e}", (num / den).sqrt());
    }
    Ok(())
}
