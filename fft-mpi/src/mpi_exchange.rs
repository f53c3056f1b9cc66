//! [`MpiExchange`]: the [`Exchange`] of an MPI communicator (feature `mpi`).

use crate::exchange::{
    check_message_bytes, checked_blocks, Exchange, ExchangeError, ExchangeStep, MAX_MESSAGE_BYTES,
};
use mpi::datatype::{Partition, PartitionMut};
use mpi::traits::{Communicator, CommunicatorCollectives, Destination, Equivalence, Source};
use mpi::Count;

// An MPI count is the C `int` that check_message_bytes measures against.
const _: () = assert!(Count::MAX as usize == MAX_MESSAGE_BYTES);

/// The ranks of an MPI communicator: `all_to_all` is an `MPI_Alltoall` of the block sizes
/// followed by an `MPI_Alltoallv` of the bytes.
pub struct MpiExchange<'c, C: Communicator> {
    comm: &'c C,
}

impl<'c, C: Communicator> MpiExchange<'c, C> {
    /// The exchange of `comm` (`universe.world()` for every process of `mpirun`).
    pub fn new(comm: &'c C) -> MpiExchange<'c, C> {
        MpiExchange { comm }
    }
}

impl<C: Communicator> Exchange for MpiExchange<'_, C> {
    fn rank(&self) -> usize {
        self.comm.rank() as usize
    }

    fn size(&self) -> usize {
        self.comm.size() as usize
    }

    /// One step is a batch of one: `MPI_Irecv` and `MPI_Isend`, then a wait for both.
    fn send_receive(
        &self,
        send: Option<(usize, &[u8])>,
        receive: Option<(usize, &mut [u8])>,
    ) -> Result<(), ExchangeError> {
        self.send_receive_all(vec![(send, receive)])
    }

    fn send_receive_all(&self, steps: Vec<ExchangeStep<'_>>) -> Result<(), ExchangeError> {
        let (rank, ranks) = (self.rank(), self.size());
        for (send, receive) in &steps {
            let peers = send.as_ref().map(|s| s.0).into_iter();
            for peer in peers.chain(receive.as_ref().map(|r| r.0)) {
                if peer >= ranks {
                    return Err(ExchangeError::NoSuchRank { rank, peer, ranks });
                }
            }
            let lengths = send.as_ref().map(|s| s.1.len()).into_iter();
            check_message_bytes(rank, lengths.chain(receive.as_ref().map(|r| r.1.len())))?;
        }
        let process = |peer: usize| self.comm.process_at_rank(peer as mpi::Rank);
        // Every receive first, in step order (messages between two ranks match in order),
        // then every send; then a wait for all. Empty buffers as slices of a real one (see
        // all_to_all).
        let nothing = [0u8; 1];
        let mut empty: Vec<[u8; 1]> = vec![[0u8; 1]; steps.len()];
        let mut sends = Vec::new();
        let mut receives = Vec::new();
        for ((send, receive), spare) in steps.into_iter().zip(empty.iter_mut()) {
            if let Some((to, bytes)) = send {
                sends.push((
                    to,
                    if bytes.is_empty() {
                        &nothing[..0]
                    } else {
                        bytes
                    },
                ));
            }
            if let Some((from, buffer)) = receive {
                let want = buffer.len();
                let buffer = if buffer.is_empty() {
                    &mut spare[..0]
                } else {
                    buffer
                };
                receives.push((from, want, buffer));
            }
        }
        let received: Vec<(usize, usize, usize)> = mpi::request::scope(|scope| {
            let pending: Vec<_> = receives
                .into_iter()
                .map(|(from, want, buffer)| {
                    (
                        from,
                        want,
                        process(from).immediate_receive_into(scope, buffer),
                    )
                })
                .collect();
            let sent: Vec<_> = sends
                .iter()
                .map(|&(to, bytes)| process(to).immediate_send(scope, bytes))
                .collect();
            let counts = pending
                .into_iter()
                .map(|(from, want, request)| {
                    let got = request.wait().count(u8::equivalent_datatype()) as usize;
                    (from, want, got)
                })
                .collect();
            for request in sent {
                request.wait_without_status();
            }
            counts
        });
        if let Some(&(from, want, got)) = received.iter().find(|(_, want, got)| want != got) {
            return Err(ExchangeError::MessageLength {
                rank,
                from,
                got,
                want,
            });
        }
        Ok(())
    }

    fn all_to_all(&self, send: Vec<Vec<u8>>) -> Result<Vec<Vec<u8>>, ExchangeError> {
        let ranks = self.size();
        let (send, wrong) = checked_blocks(self.rank(), ranks, send);
        // A block too large for one MPI count: empty blocks too, the error afterwards.
        let too_large = check_message_bytes(self.rank(), send.iter().map(Vec::len)).is_err();
        let send = if too_large {
            vec![Vec::new(); ranks]
        } else {
            send
        };
        let counts: Vec<Count> = send.iter().map(|b| b.len() as Count).collect();
        let mut received_counts = vec![0 as Count; ranks];
        self.comm
            .all_to_all_into(&counts[..], &mut received_counts[..]);
        let offsets = |counts: &[Count]| -> Vec<Count> {
            counts
                .iter()
                .scan(0, |at, &n| {
                    let here = *at;
                    *at += n;
                    Some(here)
                })
                .collect()
        };
        // Never an empty buffer: Rust's empty vectors point at an invalid address, and OpenMPI
        // failed MPI_Alltoallv (MPI_ERR_OTHER) on a rank with nothing to send or receive.
        let mut flat: Vec<u8> = send.concat();
        if flat.is_empty() {
            flat.push(0);
        }
        let total: usize = received_counts.iter().map(|&n| n as usize).sum();
        let mut incoming = vec![0u8; total.max(1)];
        {
            let outgoing = Partition::new(&flat[..], &counts[..], offsets(&counts));
            let mut landing = PartitionMut::new(
                &mut incoming[..],
                &received_counts[..],
                offsets(&received_counts),
            );
            self.comm.all_to_all_varcount_into(&outgoing, &mut landing);
        }
        if let Some(error) = wrong {
            return Err(error);
        }
        if too_large {
            return Err(ExchangeError::BlockTooLarge { rank: self.rank() });
        }
        let mut blocks = Vec::with_capacity(ranks);
        let mut at = 0;
        for &n in &received_counts {
            blocks.push(incoming[at..at + n as usize].to_vec());
            at += n as usize;
        }
        Ok(blocks)
    }
}
