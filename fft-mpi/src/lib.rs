//! Distributed 2-D and 3-D complex FFTs over ranks (issue 14): a field too large for one
//! device is split into bricks, one per rank: slabs ([`SlabBox`]), pencils or any [`Brick`]s
//! that tile it. Each rank transforms the axes its brick spans with an ordinary oclfft plan,
//! and the ranks exchange blocks where the field must move to other bricks for the remaining
//! axes: slabs along the first axis take one exchange to slabs along the second, pencils two.
//! The values stay on the device; the exchanges move them by DMA through pinned host memory,
//! in chunks, one peer at a time.
//!
//! The algorithm talks to the other ranks only through [`Exchange`], so it is tested inside
//! `cargo test` with [`VirtualRanks`] (threads of one process, any number of ranks) and runs
//! on MPI through the same trait (`MpiExchange`, feature `mpi`). What exists and what does
//! not yet: see `docs/DISTRIBUTED.md`.
//!
//! ```no_run
//! use fft_mpi::{even_split, DistributedFft, Exchange, SlabBox, VirtualRanks};
//! use fft_runtime::{DeviceQueue, Direction, Normalization};
//! use num_complex::Complex32;
//!
//! let queue = DeviceQueue::from_env()?;
//! let shape = [6, 4, 8];
//! let outputs = VirtualRanks::run(2, |exchange| {
//!     // Rank r holds planes [3r, 3r + 3) of the 6 x 4 x 8 field and gets rows [2r, 2r + 2)
//!     // of axis 1 back: the 6 x 2 x 8 box of the spectrum, in C order.
//!     let rank = exchange.rank();
//!     let boxes = (
//!         SlabBox::new(0, even_split(6, 2, rank)),
//!         SlabBox::new(1, even_split(4, 2, rank)),
//!     );
//!     let plan = DistributedFft::<f32, _>::new(
//!         &queue,
//!         exchange,
//!         &shape,
//!         boxes,
//!         (Direction::Forward, Normalization::None),
//!     )?;
//!     let local = vec![Complex32::new(1.0, 0.0); plan.input_len()];
//!     plan.execute(&local)
//! });
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod decomposition;
mod error;
mod exchange;
mod model;
#[cfg(feature = "mpi")]
mod mpi_exchange;
mod multi_device;
mod plan;
mod real_plan;
mod stages;
mod transfer;
mod virtual_ranks;

pub use decomposition::{even_split, Brick, PartOfField, SlabBox, SlabOutput};
pub use error::{DistributedError, Result};
pub use exchange::{Exchange, ExchangeError, ExchangeStep};
pub use model::{Machine, PencilProblem, Prediction, SlabProblem};
/// The `mpi` crate, for `mpi::initialize()` and communicators (feature `mpi`).
#[cfg(feature = "mpi")]
pub use mpi;
#[cfg(feature = "mpi")]
pub use mpi_exchange::MpiExchange;
pub use multi_device::MultiDeviceFft;
pub use plan::DistributedFft;
pub use real_plan::{DistributedComplexToReal, DistributedRealToComplex};
pub use transfer::DEFAULT_CHUNK_BYTES;
pub use virtual_ranks::{VirtualRank, VirtualRanks};
