//! A distributed 2-D and 3-D FFT over MPI ranks, each rank on the default OpenCL device,
//! checked against the whole field transformed on the host in f64:
//!
//! ```text
//! cargo build --release -p fft-mpi --features mpi --example slab_mpi
//! mpirun -n 4 target/release/examples/slab_mpi
//! ```
//!
//! (`cargo xtask mpi-test` builds it and runs 2 and 4 ranks.) Every rank checks its own output
//! slab, for shapes that do not divide evenly over the ranks and both output layouts, then
//! that boxes which do not tile the field are refused on every rank; the exit status is 1 on
//! every rank when any check failed on any rank.

use fft_core::accuracy::relative_l2_error;
use fft_core::{along_axes, host_fft, random_signal};
use fft_mpi::{
    even_split, mpi, DistributedError, DistributedFft, Exchange, MpiExchange, OutputLayout, SlabBox,
};
use fft_runtime::{DeviceQueue, Direction, Normalization};
use num_complex::{Complex32, Complex64};
use std::process::ExitCode;

/// The relative L2 error this rank's output slab may have (f32 on the device).
const BOUND: f64 = 1e-5;

/// Transforms a random field of `shape` over the ranks and returns this rank's relative L2
/// error against the f64 reference, or what failed.
fn check(
    queue: &DeviceQueue,
    exchange: &MpiExchange<'_, impl mpi::traits::Communicator>,
    shape: &[usize],
    layout: OutputLayout,
) -> Result<f64, DistributedError> {
    let (rank, ranks) = (exchange.rank(), exchange.size());
    let [n0, n1, n2] = [shape[0], shape[1], shape.get(2).copied().unwrap_or(1)];
    let field = random_signal(n0 * n1 * n2, 7);
    let axes: Vec<usize> = (0..shape.len()).collect();
    let want = along_axes(&field, shape, &axes, |line| {
        host_fft(line, Direction::Forward)
    });
    let input = SlabBox::new(0, even_split(n0, ranks, rank));
    let output = match layout {
        OutputLayout::Transposed => SlabBox::new(1, even_split(n1, ranks, rank)),
        OutputLayout::Natural => SlabBox::new(0, even_split(n0, ranks, rank)),
    };
    let plan = DistributedFft::<f32, _>::new(
        queue,
        exchange,
        shape,
        (input.clone(), output.clone()),
        layout,
        (Direction::Forward, Normalization::None),
    )?;
    let plane = n1 * n2;
    let local: Vec<Complex32> = field[input.range.start * plane..input.range.end * plane]
        .iter()
        .map(|v| Complex32::new(v.re as f32, v.im as f32))
        .collect();
    let got: Vec<Complex64> = plan
        .execute(&local)?
        .iter()
        .map(|v| Complex64::new(f64::from(v.re), f64::from(v.im)))
        .collect();
    // The reference's values at this rank's output positions, in its output order.
    let mine: Vec<Complex64> = match layout {
        OutputLayout::Transposed => output
            .range
            .clone()
            .flat_map(|i1| (0..n0).flat_map(move |i0| (0..n2).map(move |i2| (i0, i1, i2))))
            .map(|(i0, i1, i2)| want[(i0 * n1 + i1) * n2 + i2])
            .collect(),
        OutputLayout::Natural => {
            want[output.range.start * plane..output.range.end * plane].to_vec()
        }
    };
    Ok(if mine.is_empty() {
        0.0
    } else {
        relative_l2_error(&got, &mine)
    })
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
        for layout in [OutputLayout::Transposed, OutputLayout::Natural] {
            match check(&queue, &exchange, shape, layout) {
                Ok(error) if error <= BOUND => {
                    println!("rank {rank}/{ranks}: {shape:?} {layout:?}: relative L2 {error:.2e}")
                }
                Ok(error) => failures.push(format!(
                    "{shape:?} {layout:?}: relative L2 {error:.2e} above {BOUND:.0e}"
                )),
                Err(e) => failures.push(format!("{shape:?} {layout:?}: {e}")),
            }
        }
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
        OutputLayout::Transposed,
        (Direction::Forward, Normalization::None),
    );
    match refused {
        Err(DistributedError::Tiling { .. }) => {
            println!("rank {rank}/{ranks}: overlapping boxes refused")
        }
        Err(e) => failures.push(format!("overlapping boxes: another error: {e}")),
        Ok(_) => failures.push("overlapping boxes were accepted".to_string()),
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
