//! Predicts the distributed transform of 1024^3 and 2048^3 complex f32 fields on 8 to 2048
//! GPUs with the time model, slabs (`fft_mpi::SlabProblem`) and pencils on the squarest grid
//! (`fft_mpi::PencilProblem`), beside cuFFTMp's published figures:
//! `cargo run -p fft-mpi --example time_model`.
//!
//! The machine: the local transforms and the bus as measured on the H100 machine
//! (docs/DISTRIBUTED.md, 2026-11-24: one rank of 512^3 took 3.23 ms device to device, 3.0 ps
//! per byte; pinned transfers 53.7 GB/s each way), one GPU per rank and bus, and a network
//! that was not measured here: 50 GB/s per GPU (one 400 Gb/s InfiniBand NDR port per GPU, as
//! in a DGX H100) and 5 us per message. Change them on the command line:
//! `time_model [network GB/s] [us per message]`.

use fft_mpi::{Machine, PencilProblem, SlabProblem, DEFAULT_CHUNK_BYTES};

/// cuFFTMp's published times for 2048^3 (C2C, f32): 78 ms on 8 A100s, about 4 ms on 2048 GPUs.
fn cufftmp_ms(n: usize, gpus: usize) -> Option<f64> {
    match (n, gpus) {
        (2048, 8) => Some(78.0),
        (2048, 2048) => Some(4.0),
        _ => None,
    }
}

fn main() {
    let args: Vec<f64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let machine = Machine {
        local_seconds_per_byte: 3.23e-3 / (1u64 << 30) as f64,
        bus_bytes_per_second: 53.7e9,
        ranks_per_device: 1,
        network_bytes_per_second: args.first().copied().unwrap_or(50.0) * 1e9,
        message_seconds: args.get(1).copied().unwrap_or(5.0) * 1e-6,
    };
    println!("{machine:?}");
    println!("| field | GPUs | slab per GPU | local ms | exchange ms (messages) | slabs, output along axis 1 | slabs, along axis 0 | pencils (grid, messages) | cuFFTMp ms |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for n in [1024usize, 2048] {
        for gpus in [8usize, 16, 32, 64, 128, 256, 512, 1024, 2048] {
            let cufftmp = cufftmp_ms(n, gpus).map_or("-".to_string(), |t| format!("{t}"));
            let rows = (1..=gpus)
                .filter(|r| gpus % r == 0 && r * r <= gpus)
                .max()
                .unwrap_or(1);
            let pencils = PencilProblem {
                shape: [n, n, n],
                rows,
                columns: gpus / rows,
                value_bytes: 8,
                chunk_bytes: DEFAULT_CHUNK_BYTES,
            }
            .predict(&machine);
            let pencil_cell = format!(
                "{:.2} ({rows} x {}, {})",
                pencils.total() * 1e3,
                gpus / rows,
                pencils.messages
            );
            if gpus > n {
                println!("| {n}^3 | {gpus} | - | - | - | more GPUs than planes | - | {pencil_cell} | {cufftmp} |");
                continue;
            }
            let problem = |exchanges| SlabProblem {
                shape: [n, n, n],
                ranks: gpus,
                value_bytes: 8,
                exchanges,
                chunk_bytes: DEFAULT_CHUNK_BYTES,
            };
            let one = problem(1).predict(&machine);
            let two = problem(2).predict(&machine);
            let slab_mib = (n.div_ceil(gpus) * n * n * 8) as f64 / (1u64 << 20) as f64;
            println!(
                "| {n}^3 | {gpus} | {slab_mib:.0} MiB | {:.2} | {:.2} ({}) | {:.2} | {:.2} | {pencil_cell} | {cufftmp} |",
                one.local * 1e3,
                one.exchange * 1e3,
                one.messages,
                one.total() * 1e3,
                two.total() * 1e3,
            );
        }
    }
}
