//! What can go wrong in a distributed transform, on every rank alike.

use crate::exchange::ExchangeError;

/// An error of a distributed plan or transform. Errors about the decomposition are found
/// collectively, so every rank returns the same error and none waits for the others.
#[derive(Debug, thiserror::Error)]
pub enum DistributedError {
    /// The global shape is not 2-D or 3-D, or has a zero dimension.
    #[error("a distributed transform takes a 2-D or 3-D shape of non-zero dimensions, got {0:?}")]
    Shape(Vec<usize>),
    /// A multi-device plan without a queue, a transform or a dimension.
    #[error("a multi-device plan needs at least one queue, one transform and a shape (got {queues} queues, batch {batch}, shape {shape:?})")]
    NothingToSplit {
        /// Queues given.
        queues: usize,
        /// Transforms asked for.
        batch: usize,
        /// The shape of one transform.
        shape: Vec<usize>,
    },
    /// `MultiDeviceFft::process_buffers` was given a number of buffers other than its parts.
    #[error("the multi-device plan has {want} parts (one per queue with work: see parts()) but {got} buffers were given; pass one buffer per part, in order")]
    PartCount {
        /// Buffers given.
        got: usize,
        /// Parts of the plan.
        want: usize,
    },
    /// The ranks' parts (input or output boxes) do not tile the field exactly once.
    #[error("the {side} boxes do not tile the {shape:?} field: {problem} ({boxes}); give each rank a part so that together they cover the field once (even_split gives slabs that do)")]
    Tiling {
        /// `input` or `output`.
        side: &'static str,
        /// The field's shape.
        shape: Vec<usize>,
        /// What is wrong: a box outside the field, two ranks holding the same values, or
        /// values nobody holds.
        problem: String,
        /// Every rank's box, in rank order.
        boxes: String,
    },
    /// A real transform's real side (its input forward, its output inverse) has a brick that
    /// does not hold every index of the last axis, along which the real FFT runs.
    #[error("rank {rank}'s {side} brick {brick} does not hold every index of axis {last}; the real side of a distributed real transform must (the real FFT runs along the last axis on each rank): split the other axes only")]
    RealAxis {
        /// `input` or `output`.
        side: &'static str,
        /// The first rank whose brick is split along the last axis.
        rank: usize,
        /// Its brick.
        brick: String,
        /// The last axis.
        last: usize,
    },
    /// The local data does not have the length of the rank's input box.
    #[error("rank {rank} passed {got} values; its input box holds {want}")]
    InputLength {
        /// The rank.
        rank: usize,
        /// Values passed.
        got: usize,
        /// Values of the box.
        want: usize,
    },
    /// The output slice of `execute_into` does not have the length of the rank's output box
    /// (checked on every rank together, like the input).
    #[error("rank {rank} passed an output of {got} values; its output box holds {want}")]
    OutputLength {
        /// The rank.
        rank: usize,
        /// Values passed.
        got: usize,
        /// Values of the box.
        want: usize,
    },
    /// The exchange between ranks failed.
    #[error(transparent)]
    Exchange(#[from] ExchangeError),
    /// An oclfft plan or transform failed on this rank.
    #[error(transparent)]
    Fft(#[from] fft_runtime::Error),
}

/// `Result` with [`DistributedError`].
pub type Result<T> = std::result::Result<T, DistributedError>;
