//! Times a distributed 3-D transform on virtual ranks (threads of this process, each with its
//! own queue on the default device) beside the same transform as one oclfft plan:
//! `cargo run --release -p fft-mpi --example slab_timing -- 256 [RANKS...]`.
//!
//! For each rank count, slabs of axis 0 in and both outputs (rows of axis 1: one exchange;
//! planes of axis 0: two), and from 4 ranks pencils in and out (two exchanges),
//! host slices to host slices (`execute_into`) and device buffers to device buffers
//! (`execute_buffers`). Median of 5 runs after one warm-up, wall time of the slowest rank;
//! the relative L2 difference of the gathered result against the one plan's.
//!
//! With `--spread`, virtual rank `r` runs on the `r mod G`-th of the machine's `G` GPUs (one
//! GPU per rank on a machine with several); the one plan stays on the default device.
//!
//! Beside each device-to-device time, the time model's prediction (`fft_mpi::SlabProblem`)
//! with parameters measured in this process: the local transforms from one rank (so 1 is
//! always among the rank counts), the bus from a pinned round trip, and the "network" of
//! virtual ranks (host memory copies) from the same messages exchanged without the device.

use fft_core::random_signal;
use fft_mpi::{
    even_split, Brick, DistributedFft, Exchange, Machine, PartOfField, PencilProblem, SlabBox,
    SlabProblem, VirtualRanks,
};
use fft_runtime::{measure_round_trip, DeviceQueue, DeviceSelector, Direction, Fft, Normalization};
use num_complex::Complex32;

mod support;

use support::{device_buffer, gpu_indices, median_ms, ring_rates, Failure};

const RUNS: usize = 5;

/// Median milliseconds of `RUNS` calls of `run` after one warm-up.
fn time(run: impl FnMut() -> Result<(), Failure>) -> Result<f64, Failure> {
    median_ms(RUNS, run)
}

fn relative_l2(got: &[Complex32], want: &[Complex32]) -> f64 {
    let (num, den) = got.iter().zip(want).fold((0.0, 0.0), |(a, b), (g, w)| {
        (
            a + f64::from((g - w).norm_sqr()),
            b + f64::from(w.norm_sqr()),
        )
    });
    (num / den).sqrt()
}

/// How the ranks split the field in and out.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Layout {
    /// Slabs of axis 0 in, slabs of this axis out.
    Slabs(usize),
    /// Pencils along axis 2 in and along axis 0 out, on a grid of this many rows.
    Pencils(usize),
}

impl Layout {
    /// Rank `r`'s input and output bricks.
    fn bricks(self, shape: [usize; 3], ranks: usize, r: usize) -> (Brick, Brick) {
        let slab = |axis: usize| SlabBox::new(axis, even_split(shape[axis], ranks, r)).brick(shape);
        let pencil = |axis: usize, rows: usize| {
            let columns = ranks / rows;
            let others: Vec<usize> = (0..3).filter(|&k| k != axis).collect();
            let mut brick = Brick::whole(shape);
            brick.ranges[others[0]] = even_split(shape[others[0]], rows, r / columns);
            brick.ranges[others[1]] = even_split(shape[others[1]], columns, r % columns);
            brick
        };
        match self {
            Layout::Slabs(axis) => (slab(0), slab(axis)),
            Layout::Pencils(rows) => (pencil(2, rows), pencil(0, rows)),
        }
    }
}

fn main() -> Result<(), Failure> {
    // `--spread`: virtual rank r on the (r mod G)-th of the machine's G GPUs.
    let spread = std::env::args().any(|a| a == "--spread");
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter(|a| a != "--spread")
        .map(|a| a.parse())
        .collect::<Result<_, _>>()?;
    let gpus = if spread { gpu_indices()? } else { Vec::new() };
    if spread {
        println!(
            "--spread: virtual rank r on GPU list_devices()[{gpus:?}[r % {}]]",
            gpus.len()
        );
    }
    let n = args.first().copied().unwrap_or(128);
    let mut rank_counts = if args.len() > 1 {
        args[1..].to_vec()
    } else {
        vec![1, 2, 4]
    };
    if !rank_counts.contains(&1) {
        rank_counts.insert(0, 1);
    }
    rank_counts.sort_unstable();
    let shape = [n, n, n];
    let field: Vec<Complex32> = random_signal(n * n * n, 3)
        .iter()
        .map(|v| Complex32::new(v.re as f32, v.im as f32))
        .collect();
    let queue = DeviceQueue::from_env()?;
    println!("{} | {n}^3 complex f32, forward", queue.summary());
    let whole = Fft::<f32>::builder(&queue).shape(&shape).build()?;
    whole.wait_ready()?;
    let mut reference = field.clone();
    whole.process(&mut reference)?;
    let mut data = field.clone();
    let host = time(|| Ok(whole.process(&mut data)?))?;
    let input = device_buffer(&queue, &field)?;
    let output = device_buffer(&queue, &field)?;
    let device = time(|| {
        whole.enqueue_out_of_place(&input, &output)?.wait_for()?;
        Ok(())
    })?;
    println!("one plan: host to host {host:.2} ms, device to device {device:.2} ms");
    let trip = measure_round_trip(&queue, &field, RUNS)?;
    let rate = |t: std::time::Duration| 2.0 * (field.len() * 8) as f64 / t.as_secs_f64() / 1e9;
    println!(
        "round trip of the field: pinned {:.2} ms ({:.1} GB/s each way), pageable {:.2} ms ({:.1} GB/s)",
        trip.pinned.as_secs_f64() * 1e3,
        rate(trip.pinned),
        trip.pageable.as_secs_f64() * 1e3,
        rate(trip.pageable)
    );
    let bus = (field.len() * 8) as f64 / trip.pinned.as_secs_f64();
    // Seconds per byte of the local transforms, per output axis, from one rank.
    let mut local = [0.0f64; 2];
    println!("ranks | layout | host to host ms | device to device ms | model ms (local + exchange) | rel L2 vs one plan");
    for ranks in rank_counts {
        // Slabs of axis 0 in, slabs of axis 1 or 0 out; from 4 ranks, pencils along axis 2 in
        // and along axis 0 out, on the squarest grid.
        let rows = (1..=ranks)
            .filter(|r| ranks % r == 0 && r * r <= ranks)
            .max()
            .unwrap_or(1);
        let layouts: &[Layout] = if rows > 1 {
            &[Layout::Slabs(1), Layout::Slabs(0), Layout::Pencils(rows)]
        } else {
            &[Layout::Slabs(1), Layout::Slabs(0)]
        };
        for &layout in layouts {
            let per_rank = VirtualRanks::run(ranks, |me| -> Result<_, Failure> {
                let r = me.rank();
                let own = match gpus.len() {
                    0 => DeviceQueue::from_env()?,
                    g => DeviceQueue::new(&DeviceSelector::Index(gpus[r % g]))?,
                };
                let (input, output) = layout.bricks(shape, ranks, r);
                let plan = DistributedFft::<f32, _>::new(
                    &own,
                    me,
                    &shape,
                    (input.clone(), output.clone()),
                    (Direction::Forward, Normalization::None),
                )?;
                let local = &input.extract(&field, shape)[..];
                let mut out = vec![Complex32::new(0.0, 0.0); plan.output_len()];
                let together = |run: &mut dyn FnMut() -> Result<(), Failure>| {
                    time(|| {
                        me.all_gather(&[0])?; // start together
                        run()?;
                        me.all_gather(&[0])?; // the slowest rank ends the run
                        Ok(())
                    })
                };
                let host = together(&mut || Ok(plan.execute_into(local, &mut out)?))?;
                let device_in = device_buffer(&own, local)?;
                let device_out = device_buffer(&own, &out)?;
                let device = together(&mut || Ok(plan.execute_buffers(&device_in, &device_out)?))?;
                Ok((host, device, output, out))
            });
            let (mut host, mut device) = (0.0f64, 0.0f64);
            let mut gathered = vec![Complex32::new(0.0, 0.0); field.len()];
            for result in per_rank {
                let (h, d, brick, out) = result?;
                host = host.max(h);
                device = device.max(d);
                brick.place(&out, &mut gathered, shape);
            }
            let problem = SlabProblem {
                shape,
                ranks,
                value_bytes: 8,
                exchanges: 1,
                chunk_bytes: fft_mpi::DEFAULT_CHUNK_BYTES,
            };
            let calibration = match layout {
                Layout::Slabs(axis) => axis,
                Layout::Pencils(_) => 1,
            };
            if ranks == 1 {
                local[calibration] = device * 1e-3 / (field.len() * 8) as f64;
            }
            let (network, message_seconds) = host_exchange_rates(ranks, &problem)?;
            let machine = Machine {
                local_seconds_per_byte: local[calibration],
                bus_bytes_per_second: bus,
                ranks_per_device: ranks.div_ceil(gpus.len().max(1)),
                network_bytes_per_second: network,
                message_seconds,
            };
            let model = match layout {
                Layout::Slabs(axis) => SlabProblem {
                    exchanges: 2 - axis,
                    ..problem
                }
                .predict(&machine),
                Layout::Pencils(rows) => PencilProblem {
                    shape,
                    rows,
                    columns: ranks / rows,
                    value_bytes: 8,
                    chunk_bytes: fft_mpi::DEFAULT_CHUNK_BYTES,
                }
                .predict(&machine),
            };
            println!(
                "{ranks} | {layout:?} | {host:.2} | {device:.2} | {:.2} ({:.2} + {:.2}) | {:.1e}",
                model.total() * 1e3,
                model.local * 1e3,
                model.exchange * 1e3,
                relative_l2(&gathered, &reference)
            );
            if ranks > 1 && layout == Layout::Slabs(1) {
                println!(
                    "  virtual network: {:.1} GB/s per rank, {:.1} us per message",
                    network / 1e9,
                    message_seconds * 1e6
                );
            }
        }
    }
    Ok(())
}

/// The virtual ranks' "network": bytes per second each of `problem.ranks` ranks sends when
/// every rank sends the busiest rank's exchange in chunk-sized messages around the ring (no
/// device), and seconds per one-byte message, the slowest rank's. `(inf, 0)` for one rank.
fn host_exchange_rates(ranks: usize, problem: &SlabProblem) -> Result<(f64, f64), Failure> {
    let results = VirtualRanks::run(ranks, |me| ring_rates(me, problem));
    let mut slowest = (f64::INFINITY, 0.0f64);
    for result in results {
        let (rate, per_message) = result?;
        slowest = (slowest.0.min(rate), slowest.1.max(per_message));
    }
    Ok(slowest)
}
