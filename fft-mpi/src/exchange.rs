//! How ranks talk: [`Exchange`], pairwise messages for the data and an all-to-all of bytes
//! for the collective checks, and its errors. The transports: `crate::VirtualRanks` (ranks as
//! threads of one process, `virtual_ranks.rs`) and `MpiExchange` (feature `mpi`).

/// What a distributed transform needs of its transport, between `size()` ranks: pairwise
/// messages (the exchanges of the field) and an all-to-all (the collective checks).
pub trait Exchange {
    /// This rank, `0..size()`.
    fn rank(&self) -> usize;

    /// The number of ranks.
    fn size(&self) -> usize;

    /// Sends `send[j]` to rank `j` (one entry per rank, any lengths, this rank's own included)
    /// and returns, in rank order, what every rank sent to this one. Every rank must call it
    /// the same number of times.
    fn all_to_all(&self, send: Vec<Vec<u8>>) -> Result<Vec<Vec<u8>>, ExchangeError>;

    /// One step of a pairwise exchange (`MPI_Sendrecv`, or a lone send or receive): sends
    /// `send`'s bytes to its rank and fills `receive`'s buffer with a message from its rank,
    /// which must be exactly that long. Messages between two ranks arrive in the order they
    /// were sent, and each is received by a step that names its sender, so the two ranks of
    /// each message must agree on how many they exchange.
    fn send_receive(
        &self,
        send: Option<(usize, &[u8])>,
        receive: Option<(usize, &mut [u8])>,
    ) -> Result<(), ExchangeError>;

    /// Several steps of a pairwise exchange with their messages in flight together
    /// (`MPI_Irecv` and `MPI_Isend` of every step, then a wait for all), under the rules of
    /// [`Exchange::send_receive`], step by step in order. A transport without non-blocking
    /// messages runs the steps one after another (the default).
    fn send_receive_all(&self, steps: Vec<ExchangeStep<'_>>) -> Result<(), ExchangeError> {
        for (send, receive) in steps {
            self.send_receive(send, receive)?;
        }
        Ok(())
    }

    /// Every rank's `bytes`, in rank order (an all-gather through [`Exchange::all_to_all`]).
    fn all_gather(&self, bytes: &[u8]) -> Result<Vec<Vec<u8>>, ExchangeError> {
        self.all_to_all(vec![bytes.to_vec(); self.size()])
    }
}

/// One step of a pairwise exchange: what goes to which rank, and where the message of which
/// rank lands ([`Exchange::send_receive_all`]).
pub type ExchangeStep<'b> = (Option<(usize, &'b [u8])>, Option<(usize, &'b mut [u8])>);

/// Why an exchange failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExchangeError {
    /// `all_to_all` was given a number of blocks other than the number of ranks (the rank
    /// still took part in the exchange, so the others do not wait for it).
    #[error("rank {rank} gave all_to_all {got} blocks for {ranks} ranks")]
    BlockCount {
        /// The rank.
        rank: usize,
        /// Blocks given.
        got: usize,
        /// Ranks.
        ranks: usize,
    },
    /// A block was larger than one MPI count (2^31 - 1 bytes): split the transform over more
    /// ranks.
    #[error(
        "rank {rank} had a block of more than 2^31 - 1 bytes for one MPI exchange; use more ranks"
    )]
    BlockTooLarge {
        /// The rank.
        rank: usize,
    },
    /// A message of a pairwise step was not as long as the receiving rank expected: the
    /// ranks disagree about the decomposition (a bug, or ranks running different plans).
    #[error("rank {rank} expected {want} bytes from rank {from} and got {got}; every rank must run the same plan")]
    MessageLength {
        /// The receiving rank.
        rank: usize,
        /// The sending rank.
        from: usize,
        /// Bytes received.
        got: usize,
        /// Bytes expected.
        want: usize,
    },
    /// The ranks cut the exchanges' blocks into chunks of different sizes
    /// (`with_chunk_bytes`), so they would count different messages: found before any is
    /// sent, on every rank alike.
    #[error("the ranks cut exchange chunks at different sizes (values per chunk, by rank: {values:?}); every rank must call with_chunk_bytes with the same value")]
    ChunkMismatch {
        /// Each rank's values per chunk, in rank order.
        values: Vec<usize>,
    },
    /// A rank number outside `0..size()` was given to a pairwise step.
    #[error("rank {rank} named rank {peer} in a pairwise step, but there are {ranks} ranks")]
    NoSuchRank {
        /// The calling rank.
        rank: usize,
        /// The rank it named.
        peer: usize,
        /// Ranks.
        ranks: usize,
    },
    /// Another rank stopped (returned, with an error, or panicked) while this one waited for
    /// it in an exchange it will never join.
    #[error("rank {0} stopped (an error or a panic on that rank) while this rank waited for it in an exchange")]
    PeerStopped(usize),
}

/// The most bytes one MPI message or block may hold: an MPI count is a C `int`.
#[cfg(any(feature = "mpi", test))]
pub(crate) const MAX_MESSAGE_BYTES: usize = i32::MAX as usize;

/// `Ok` when every length in `lengths` fits one MPI count ([`MAX_MESSAGE_BYTES`]), else
/// [`ExchangeError::BlockTooLarge`] for `rank`.
#[cfg(any(feature = "mpi", test))]
pub(crate) fn check_message_bytes(
    rank: usize,
    mut lengths: impl Iterator<Item = usize>,
) -> Result<(), ExchangeError> {
    if lengths.any(|n| n > MAX_MESSAGE_BYTES) {
        Err(ExchangeError::BlockTooLarge { rank })
    } else {
        Ok(())
    }
}

/// `send` if it has one block per rank, else empty blocks and the error to report once the
/// exchange is over: a rank with a wrong block count still takes part, so the others do not
/// wait for it.
pub(crate) fn checked_blocks(
    rank: usize,
    ranks: usize,
    send: Vec<Vec<u8>>,
) -> (Vec<Vec<u8>>, Option<ExchangeError>) {
    if send.len() == ranks {
        return (send, None);
    }
    let error = ExchangeError::BlockCount {
        rank,
        got: send.len(),
        ranks,
    };
    (vec![Vec::new(); ranks], Some(error))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_beyond_one_mpi_count_are_an_error_that_says_what_to_do() {
        // Lengths only: nothing of 2 GiB is allocated.
        assert!(check_message_bytes(0, [0, 1, MAX_MESSAGE_BYTES].into_iter()).is_ok());
        let err = check_message_bytes(3, [16, MAX_MESSAGE_BYTES + 1].into_iter()).unwrap_err();
        assert!(
            matches!(err, ExchangeError::BlockTooLarge { rank: 3 }),
            "{err:?}"
        );
        let text = err.to_string();
        assert!(
            text.contains("rank 3") && text.contains("use more ranks"),
            "{text}"
        );
    }
}
