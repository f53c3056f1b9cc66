//! A distributed 2-D and 3-D FFT over MPI ranks, each rank on the default OpenCL device,
//! checked against the whole field transformed on the host in f64:
//!
//! ```text
//! cargo build --release -p fft-mpi --features mpi --example slab_mpi
//! mpirun -n 4 target/release/examples/slab_mpi
//! ```
//!
//! (`cargo xtask mpi-test` builds it and runs 2 and 4 ranks.) Every rank checks its own output
//! part, for shapes that do not divide evenly over the ranks, slabs in and out (output along
//! axis 1 and axis 0) and pencils in and out (3-D), f32 and f64, host slices and device
//! buffers (exchanged in small chunks), then
//! that boxes which do not tile the field are refused on every rank; the exit status is 1 on
//! every rank when any check failed on any rank.

use fft_core::accuracy::relative_l2_error;
use fft_core::{along_axes, host_fft, random_signal};
use fft_mpi::{
    even_split, mpi, Brick, DistributedComplexToReal, DistributedError, DistributedFft,
    DistributedRealToComplex, Exchange, ExchangeError, MpiExchange, SlabBox,
};
use fft_runtime::ocl::{Buffer, OclPrm};
use fft_runtime::{
    complex_from_f64, complex_to_f64, DeviceQueue, Direction, FftFloat, Normalization,
};
use num_complex::{Complex, Complex64};
use std::process::ExitCode;

/// How the rank hands its slab to the plan.
#[derive(Clone, Copy, Debug)]
enum Path {
    /// `execute` on host slices.
    Host,
    /// `execute_buffers` on device buffers, exchanges in chunks of this many bytes.
    Buffers(usize),
}

/// How the ranks split the field.
#[derive(Clone, Copy, Debug)]
enum Split {
    /// Slabs of this axis.
    Slabs(usize),
    /// Pencils along this axis, on the squarest grid of the ranks over the other two.
    Pencils(usize),
}

impl Split {
    fn brick(self, dims: [usize; 3], ranks: usize, rank: usize) -> Brick {
        let mut brick = Brick::new(&[0..dims[0], 0..dims[1], 0..dims[2]]);
        match self {
            Split::Slabs(axis) => brick.ranges[axis] = even_split(dims[axis], ranks, rank),
            Split::Pencils(axis) => {
                let rows = (1..=ranks)
                    .filter(|r| ranks % r == 0 && r * r <= ranks)
                    .max();
                let (rows, columns) = (rows.unwrap_or(1), ranks / rows.unwrap_or(1));
                let others: Vec<usize> = (0..3).filter(|&k| k != axis).collect();
                brick.ranges[others[0]] = even_split(dims[others[0]], rows, rank / columns);
                brick.ranges[others[1]] = even_split(dims[others[1]], columns, rank % columns);
            }
        }
        brick
    }
}

/// Transforms a random field of `shape` over the ranks, split as `splits` says on the way in
/// and out, and returns this rank's relative L2 error against the f64 reference, or what
/// failed.
fn check<T: FftFloat>(
    queue: &DeviceQueue,
    exchange: &MpiExchange<'_, impl mpi::traits::Communicator>,
    shape: &[usize],
    splits: [Split; 2],
    path: Path,
) -> Result<f64, DistributedError>
where
    Complex<T>: OclPrm + bytemuck::Pod,
{
    let (rank, ranks) = (exchange.rank(), exchange.size());
    let dims = [shape[0], shape[1], shape.get(2).copied().unwrap_or(1)];
    let [n0, n1, n2] = dims;
    let field = random_signal(n0 * n1 * n2, 7);
    let axes: Vec<usize> = (0..shape.len()).collect();
    let want = along_axes(&field, shape, &axes, |line| {
        host_fft(line, Direction::Forward)
    });
    let input = splits[0].brick(dims, ranks, rank);
    let output = splits[1].brick(dims, ranks, rank);
    let plan = DistributedFft::<T, _>::new(
        queue,
        exchange,
        shape,
        (input.clone(), output.clone()),
        (Direction::Forward, Normalization::None),
    )?;
    let local: Vec<Complex<T>> = input
        .extract(&field, dims)
        .into_iter()
        .map(complex_from_f64)
        .collect();
    let out = match path {
        Path::Host => plan.execute(&local)?,
        Path::Buffers(chunk) => {
            let plan = plan.with_chunk_bytes(chunk);
            let buffer = |values: &[Complex<T>]| -> Result<Buffer<Complex<T>>, DistributedError> {
                let b = Buffer::builder()
                    .queue(queue.queue().clone())
                    .len(values.len().max(1))
                    .build()
                    .map_err(fft_runtime::Error::from)?;
                if !values.is_empty() {
                    b.write(values).enq().map_err(fft_runtime::Error::from)?;
                }
                Ok(b)
            };
            let mut out = vec![complex_from_f64(Complex64::new(0.0, 0.0)); plan.output_len()];
            let (from, to) = (buffer(&local)?, buffer(&out)?);
            plan.execute_buffers(&from, &to)?;
            if !out.is_empty() {
                to.read(&mut out).enq().map_err(fft_runtime::Error::from)?;
            }
            out
        }
    };
    let got: Vec<Complex64> = out.iter().map(|&v| complex_to_f64(v)).collect();
    // The reference's values at this rank's output positions, in C order of its box.
    let mine = output.extract(&want, dims);
    Ok(if mine.is_empty() {
        0.0
    } else {
        relative_l2_error(&got, &mine)
    })
}

/// R2C of a random 12 x 10 x 9 real field (slabs of axis 0) into the 12 x 10 x 5 half
/// spectrum (slabs of axis 1), then C2R back: this rank's relative L2 errors against the f64
/// reference spectrum and against the reals.
fn real_round_trip(
    queue: &DeviceQueue,
    exchange: &MpiExchange<'_, impl mpi::traits::Communicator>,
) -> Result<(f64, f64), DistributedError> {
    let (rank, ranks) = (exchange.rank(), exchange.size());
    let (shape, half) = ([12usize, 10, 9], [12usize, 10, 5]);
    let x: Vec<f64> = random_signal(12 * 10 * 9, 11)
        .iter()
        .map(|v| v.re)
        .collect();
    let complex: Vec<Complex64> = x.iter().map(|&v| Complex64::new(v, 0.0)).collect();
    let full = along_axes(&complex, &shape, &[0, 1, 2], |line| {
        host_fft(line, Direction::Forward)
    });
    let want: Vec<Complex64> = full.chunks(9).flat_map(|row| row[..5].to_vec()).collect();
    let reals = Brick::new(&[even_split(12, ranks, rank), 0..10, 0..9]);
    let spectrum = Brick::new(&[0..12, even_split(10, ranks, rank), 0..5]);
    let forward = DistributedRealToComplex::<f32, _>::new(
        queue,
        exchange,
        &shape,
        (reals.clone(), spectrum.clone()),
        Normalization::None,
    )?;
    let inverse = DistributedComplexToReal::<f32, _>::new(
        queue,
        exchange,
        &shape,
        (spectrum.clone(), reals.clone()),
        Normalization::Backward,
    )?;
    let local: Vec<f32> = reals.extract(&x, shape).iter().map(|&v| v as f32).collect();
    let got = forward.execute(&local)?;
    let back = inverse.execute(&got)?;
    let got: Vec<Complex64> = got.iter().map(|&v| complex_to_f64(v)).collect();
    let back: Vec<Complex64> = back
        .iter()
        .map(|&v| Complex64::new(f64::from(v), 0.0))
        .collect();
    let mine_x: Vec<Complex64> = reals
        .extract(&x, shape)
        .iter()
        .map(|&v| Complex64::new(v, 0.0))
        .collect();
    let error = |got: &[Complex64], want: &[Complex64]| {
        if want.is_empty() {
            0.0
        } else {
            relative_l2_error(got, want)
        }
    };
    Ok((
        error(&got, &spectrum.extract(&want, half)),
        error(&back, &mine_x),
    ))
}

/// A 2-D transform whose ranks set chunks of 64 bytes (rank 0) and 1 MiB (the others).
fn chunk_mismatch(
    queue: &DeviceQueue,
    exchange: &MpiExchange<'_, impl mpi::traits::Communicator>,
) -> Result<(), DistributedError> {
    let (rank, ranks) = (exchange.rank(), exchange.size());
    let plan = DistributedFft::<f32, _>::new(
        queue,
        exchange,
        &[8, 8],
        (
            SlabBox::new(0, even_split(8, ranks, rank)),
            SlabBox::new(1, even_split(8, ranks, rank)),
        ),
        (Direction::Forward, Normalization::None),
    )?
    .with_chunk_bytes(if rank == 0 { 64 } else { 1 << 20 });
    plan.execute(&vec![Complex::new(1.0f32, 0.0); plan.input_len()])
        .map(|_| ())
}

fn main() -> ExitCode {
    let Some(universe) = mpi::initialize() else {
        eprintln!("MPI was initialised twice");
        return ExitCode::FAILURE;
    };
    let world = universe.world();
    let exchange = MpiExchange::new(&world);
    let (rank, ranks) = (exchange.rank(), exchange.size());
    let queue = match DeviceQueue::from_env() {
        Ok(queue) => queue,
        Err(e) => {
            // Every rank's collectives would wait for this one: stop them all.
            eprintln!("rank {rank}: {e}");
            mpi::traits::Communicator::abort(&world, 1);
        }
    };
    let mut failures = Vec::new();
    for shape in [&[12usize, 10, 8][..], &[9, 16][..], &[3, 5, 4][..]] {
        let mut splits = vec![
            [Split::Slabs(0), Split::Slabs(1)],
            [Split::Slabs(0), Split::Slabs(0)],
        ];
        if shape.len() == 3 {
            splits.push([Split::Pencils(2), Split::Pencils(0)]);
        }
        for parts in splits {
            // f32 from host slices; f32 from device buffers in 64-byte chunks (many messages
            // per peer); f64 from device buffers in one message per peer.
            let runs = [
                ("f32", Path::Host, 1e-5),
                ("f32", Path::Buffers(64), 1e-5),
                ("f64", Path::Buffers(1 << 20), 1e-12),
            ];
            for (precision, path, bound) in runs {
                let result = match precision {
                    "f32" => check::<f32>(&queue, &exchange, shape, parts, path),
                    _ => check::<f64>(&queue, &exchange, shape, parts, path),
                };
                let what = format!("{shape:?} {precision} {parts:?} {path:?}");
                match result {
                    Ok(error) if error <= bound => {
                        println!("rank {rank}/{ranks}: {what}: relative L2 {error:.2e}")
                    }
                    Ok(error) => {
                        failures.push(format!("{what}: relative L2 {error:.2e} above {bound:.0e}"))
                    }
                    Err(e) => failures.push(format!("{what}: {e}")),
                }
            }
        }
    }
    // A real field: R2C in slabs of axis 0 to the half spectrum in slabs of axis 1, and back.
    match real_round_trip(&queue, &exchange) {
        Ok((forward, back)) if forward <= 1e-5 && back <= 1e-5 => println!(
            "rank {rank}/{ranks}: R2C relative L2 {forward:.2e}, C2R back to the reals {back:.2e}"
        ),
        Ok((forward, back)) => failures.push(format!(
            "real field: R2C relative L2 {forward:.2e}, C2R {back:.2e}, above 1e-5"
        )),
        Err(e) => failures.push(format!("real field: {e}")),
    }
    // Boxes that overlap (rank 0 claims one plane too many): refused on every rank.
    let n0 = 12;
    let mut bad = even_split(n0, ranks, rank);
    if rank == 0 {
        bad.end += 1;
    }
    let refused = DistributedFft::<f32, _>::new(
        &queue,
        &exchange,
        &[n0, 4],
        (
            SlabBox::new(0, bad),
            SlabBox::new(1, even_split(4, ranks, rank)),
        ),
        (Direction::Forward, Normalization::None),
    );
    match refused {
        Err(DistributedError::Tiling { .. }) => {
            println!("rank {rank}/{ranks}: overlapping boxes refused")
        }
        Err(e) => failures.push(format!("overlapping boxes: another error: {e}")),
        Ok(_) => failures.push("overlapping boxes were accepted".to_string()),
    }
    // Ranks that cut their exchanges into different chunks: an error on every rank, found
    // before a chunk is sent (a longer message than a receiver expects would abort the job).
    match chunk_mismatch(&queue, &exchange) {
        Err(DistributedError::Exchange(ExchangeError::ChunkMismatch { values })) => {
            println!("rank {rank}/{ranks}: chunk sizes {values:?} refused")
        }
        Err(e) => failures.push(format!("different chunk sizes: another error: {e}")),
        Ok(()) => failures.push("different chunk sizes were accepted".to_string()),
    }
    for failure in &failures {
        eprintln!("rank {rank}/{ranks}: FAILED {failure}");
    }
    let flags = exchange
        .all_gather(&[u8::from(!failures.is_empty())])
        .unwrap_or_else(|_| vec![vec![1]]);
    if flags.iter().any(|f| f.first() != Some(&0)) {
        ExitCode::FAILURE
    } else {
        if rank == 0 {
            println!("all {ranks} ranks match the reference");
        }
        ExitCode::SUCCESS
    }
}
