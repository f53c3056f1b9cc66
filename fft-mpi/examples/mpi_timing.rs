//! Times a distributed 3-D FFT over MPI ranks, device buffers to device buffers, and checks
//! it against the same field transformed by one plan on each rank's device:
//!
//! ```text
//! cargo build --release -p fft-mpi --features mpi --example mpi_timing
//! mpirun -n 2 target/release/examples/mpi_timing 512 --spread
//! ```
//!
//! `N` (default 128) gives an `N^3` complex f32 field, in slabs of axis 0 on the way in and
//! slabs of axis 1 (one exchange) or axis 0 (two) on the way out; `--chunk=BYTES` sets the
//! exchanges' chunks (`DistributedFft::with_chunk_bytes`, default 4 MiB). With `--spread`, rank `r`
//! runs on the `r mod G`-th of the machine's `G` GPUs (one GPU per rank on a machine with
//! several); without it every rank opens the default device (`OCLFFT_DEVICE`). Each line is
//! the median of 7 runs after one warm-up, every rank starting together (a barrier) and the
//! slowest rank ending the run; rank 0 prints it beside one plan's time on its device.

use fft_core::random_signal;
use fft_mpi::{
    even_split, mpi, DistributedFft, Exchange, Machine, MpiExchange, PartOfField, SlabBox,
    SlabProblem, DEFAULT_CHUNK_BYTES,
};
use fft_runtime::{measure_round_trip, DeviceQueue, DeviceSelector, Direction, Fft, Normalization};
use mpi::traits::Communicator;
use num_complex::Complex32;

mod support;

use support::{device_buffer, gpu_indices, median_ms, ring_rates, Failure};

const RUNS: usize = 7;

/// The squared distance of `got` from `want` and the squared norm of `want`: this rank's share
/// of the relative L2 error.
fn squared_sums(got: &[Complex32], want: &[Complex32]) -> (f64, f64) {
    got.iter().zip(want).fold((0.0, 0.0), |(d, w), (g, x)| {
        (
            d + f64::from((g - x).norm_sqr()),
            w + f64::from(x.norm_sqr()),
        )
    })
}

/// This rank's device: the `rank mod G`-th GPU with `--spread`, else the default.
fn open_device(rank: usize, spread: bool) -> Result<DeviceQueue, Failure> {
    if !spread {
        return Ok(DeviceQueue::from_env()?);
    }
    let gpus = gpu_indices()?;
    Ok(DeviceQueue::new(&DeviceSelector::Index(
        gpus[rank % gpus.len()],
    ))?)
}

/// What the command line asks for.
struct Options {
    n: usize,
    spread: bool,
    chunk_bytes: usize,
}

impl Options {
    fn parse() -> Result<Options, Failure> {
        let mut options = Options {
            n: 128,
            spread: false,
            chunk_bytes: DEFAULT_CHUNK_BYTES,
        };
        for arg in std::env::args().skip(1) {
            if arg == "--spread" {
                options.spread = true;
            } else if let Some(bytes) = arg.strip_prefix("--chunk=") {
                options.chunk_bytes = bytes.parse()?;
            } else {
                options.n = arg.parse().map_err(|_| {
                    format!("unknown argument {arg:?}: give N, --spread or --chunk=BYTES")
                })?;
            }
        }
        Ok(options)
    }
}

fn run<C: Communicator>(exchange: &MpiExchange<'_, C>, options: &Options) -> Result<bool, Failure> {
    let Options {
        n,
        spread,
        chunk_bytes,
    } = *options;
    let (rank, ranks) = (exchange.rank(), exchange.size());
    let queue = open_device(rank, spread)?;
    println!("rank {rank}/{ranks}: {}", queue.summary());
    let shape = [n, n, n];
    let field: Vec<Complex32> = random_signal(n * n * n, 3)
        .iter()
        .map(|v| Complex32::new(v.re as f32, v.im as f32))
        .collect();
    // The reference: the whole field by one plan on this rank's device, and its time.
    let whole = Fft::<f32>::builder(&queue)
        .shape(&shape)
        .quick_start(false)
        .build()?;
    let (input, output) = (
        device_buffer(&queue, &field)?,
        device_buffer(&queue, &field)?,
    );
    let one_plan = median_ms(RUNS, || {
        whole.enqueue_out_of_place(&input, &output)?.wait_for()?;
        Ok(())
    })?;
    let mut reference = vec![Complex32::new(0.0, 0.0); field.len()];
    output.read(&mut reference).enq()?;
    drop((input, output));
    // The model's parameters, measured here: the bus of this rank's device, and the MPI
    // "network" between the ranks (the slowest rank's rate).
    let field_bytes = (field.len() * 8) as f64;
    let trip = measure_round_trip(&queue, &field, 3)?;
    let problem = SlabProblem {
        shape,
        ranks,
        value_bytes: 8,
        exchanges: 1,
        chunk_bytes,
    };
    let (network, message_seconds) = network_rates(exchange, &problem)?;
    let gpus = if spread { gpu_indices()?.len() } else { 1 };
    let machine = Machine {
        local_seconds_per_byte: one_plan * 1e-3 / field_bytes,
        bus_bytes_per_second: field_bytes / trip.pinned.as_secs_f64(),
        ranks_per_device: ranks.div_ceil(gpus),
        network_bytes_per_second: network,
        message_seconds,
    };
    if rank == 0 {
        println!("{n}^3 complex f32, forward, {ranks} ranks on {gpus} device(s), chunks of {chunk_bytes} bytes; one plan on rank 0's device: {one_plan:.2} ms");
        println!(
            "bus (pinned round trip of the field): {:.1} GB/s; MPI between the ranks: {:.1} GB/s per rank, {:.1} us per message",
            machine.bus_bytes_per_second / 1e9,
            network / 1e9,
            message_seconds * 1e6
        );
        println!(
            "output slabs of axis | exchanges | distributed ms (slowest rank) | model ms (local + exchange) | rel L2 vs one plan | parts"
        );
    }
    let mut good = true;
    for out_axis in [1, 0] {
        let bricks = (
            SlabBox::new(0, even_split(n, ranks, rank)),
            SlabBox::new(out_axis, even_split(n, ranks, rank)),
        );
        let (in_brick, out_brick) = (bricks.0.brick(shape), bricks.1.brick(shape));
        let plan = DistributedFft::<f32, _>::new(
            &queue,
            exchange,
            &shape,
            bricks,
            (Direction::Forward, Normalization::None),
        )?
        .with_chunk_bytes(chunk_bytes);
        let local_in = device_buffer(&queue, &in_brick.extract(&field, shape))?;
        let local_out = device_buffer(
            &queue,
            &vec![Complex32::new(f32::NAN, 0.0); plan.output_len()],
        )?;
        let ms = median_ms(RUNS, || {
            exchange.all_gather(&[0])?; // start together
            plan.execute_buffers(&local_in, &local_out)?;
            exchange.all_gather(&[0])?; // the slowest rank ends the run
            Ok(())
        })?;
        let mut got = vec![Complex32::new(0.0, 0.0); plan.output_len()];
        local_out.read(&mut got).enq()?;
        let sums = squared_sums(&got, &out_brick.extract(&reference, shape));
        let gathered = exchange.all_gather(&pair_bytes(sums))?;
        let (d, w) = gathered
            .iter()
            .map(|b| pair_from(b))
            .fold((0.0, 0.0), |a, s| (a.0 + s.0, a.1 + s.1));
        let error = (d / w).sqrt();
        good &= error <= 1e-5;
        if rank == 0 {
            let model = SlabProblem {
                exchanges: plan.exchanges(),
                ..problem
            }
            .predict(&machine);
            println!(
                "{out_axis} | {} | {ms:.2} | {:.2} ({:.2} + {:.2}) | {error:.1e} | {:?}",
                plan.exchanges(),
                model.total() * 1e3,
                model.local * 1e3,
                model.exchange * 1e3,
                plan.local_parts()
            );
        }
    }
    Ok(good)
}

/// The MPI "network": bytes per second each rank's messages leave it while every rank sends
/// the busiest rank's exchange in chunk-sized messages from host memory (no device), and the
/// seconds per one-byte message; the slowest rank's, the same on every rank.
fn network_rates<C: Communicator>(
    exchange: &MpiExchange<'_, C>,
    problem: &SlabProblem,
) -> Result<(f64, f64), Failure> {
    let mine = ring_rates(exchange, problem)?;
    let all = exchange.all_gather(&pair_bytes(mine))?;
    Ok(all
        .iter()
        .map(|b| pair_from(b))
        .fold((f64::INFINITY, 0.0f64), |(lo, hi), (a, b)| {
            (lo.min(a), hi.max(b))
        }))
}

fn pair_bytes((a, b): (f64, f64)) -> Vec<u8> {
    [a.to_le_bytes(), b.to_le_bytes()].concat()
}

fn pair_from(bytes: &[u8]) -> (f64, f64) {
    let word = |k: usize| {
        bytes
            .get(8 * k..8 * k + 8)
            .and_then(|w| <[u8; 8]>::try_from(w).ok())
            .map_or(f64::NAN, f64::from_le_bytes)
    };
    (word(0), word(1))
}

fn main() -> std::process::ExitCode {
    let Some(universe) = mpi::initialize() else {
        eprintln!("MPI was initialised twice");
        return std::process::ExitCode::FAILURE;
    };
    let world = universe.world();
    let exchange = MpiExchange::new(&world);
    match Options::parse().and_then(|options| run(&exchange, &options)) {
        Ok(true) => std::process::ExitCode::SUCCESS,
        Ok(false) => {
            eprintln!(
                "rank {}: the distributed result differs from one plan's",
                exchange.rank()
            );
            std::process::ExitCode::FAILURE
        }
        Err(e) => {
            // The other ranks may wait in a collective for this one: stop them all.
            eprintln!("rank {}: {e}", exchange.rank());
            world.abort(1)
        }
    }
}
