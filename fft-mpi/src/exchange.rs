//! How ranks talk: [`Exchange`] (an all-to-all of bytes, MPI_Alltoallv's shape), and
//! [`VirtualRanks`], ranks as threads of one process, so the distributed algorithm is tested
//! for any number of ranks inside `cargo test`.

use std::sync::{Condvar, Mutex};

/// The one collective a slab transform needs, between `size()` ranks.
pub trait Exchange {
    /// This rank, `0..size()`.
    fn rank(&self) -> usize;

    /// The number of ranks.
    fn size(&self) -> usize;

    /// Sends `send[j]` to rank `j` (one entry per rank, any lengths, this rank's own included)
    /// and returns, in rank order, what every rank sent to this one. Every rank must call it
    /// the same number of times.
    fn all_to_all(&self, send: Vec<Vec<u8>>) -> Result<Vec<Vec<u8>>, ExchangeError>;

    /// Every rank's `bytes`, in rank order (an all-gather through [`Exchange::all_to_all`]).
    fn all_gather(&self, bytes: &[u8]) -> Result<Vec<Vec<u8>>, ExchangeError> {
        self.all_to_all(vec![bytes.to_vec(); self.size()])
    }
}

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
    /// Another rank stopped (a panic) while this one waited for it.
    #[error("rank {0} stopped during an exchange")]
    PeerStopped(usize),
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

/// Ranks as threads of this process ([`VirtualRanks::run`]).
pub struct VirtualRanks;

impl VirtualRanks {
    /// Runs `body` on `ranks` threads, each with its own [`VirtualRank`], and returns their
    /// results in rank order. A panic in one rank releases the others from any exchange they
    /// wait in (with [`ExchangeError::PeerStopped`]) and is then resumed here.
    pub fn run<R: Send>(ranks: usize, body: impl Fn(&VirtualRank) -> R + Sync) -> Vec<R> {
        assert!(ranks > 0, "VirtualRanks::run needs at least one rank");
        let shared = Shared {
            ranks,
            state: Mutex::new(State {
                slots: vec![Vec::new(); ranks],
                arrived: 0,
                generation: 0,
                stopped: None,
            }),
            turn: Condvar::new(),
        };
        let outcomes: Vec<std::thread::Result<R>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..ranks)
                .map(|rank| {
                    let (shared, body) = (&shared, &body);
                    scope.spawn(move || {
                        let me = VirtualRank { rank, shared };
                        let outcome =
                            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| body(&me)));
                        if outcome.is_err() {
                            shared.stop(rank);
                        }
                        outcome
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(Err))
                .collect()
        });
        outcomes
            .into_iter()
            .map(|outcome| outcome.unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
            .collect()
    }
}

/// One rank of [`VirtualRanks::run`].
pub struct VirtualRank<'a> {
    rank: usize,
    shared: &'a Shared,
}

struct Shared {
    ranks: usize,
    state: Mutex<State>,
    turn: Condvar,
}

struct State {
    /// `slots[i][j]`: what rank `i` sends to rank `j` in the current exchange.
    slots: Vec<Vec<Vec<u8>>>,
    arrived: usize,
    generation: u64,
    stopped: Option<usize>,
}

impl Shared {
    fn stop(&self, rank: usize) {
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        state.stopped.get_or_insert(rank);
        self.turn.notify_all();
    }

    /// Waits until every rank has arrived (a barrier), or one has stopped.
    fn barrier(&self) -> Result<(), ExchangeError> {
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        let generation = state.generation;
        state.arrived += 1;
        if state.arrived == self.ranks {
            state.arrived = 0;
            state.generation += 1;
            self.turn.notify_all();
            return Ok(());
        }
        loop {
            if let Some(rank) = state.stopped {
                return Err(ExchangeError::PeerStopped(rank));
            }
            if state.generation != generation {
                return Ok(());
            }
            state = self.turn.wait(state).unwrap_or_else(|p| p.into_inner());
        }
    }
}

impl Exchange for VirtualRank<'_> {
    fn rank(&self) -> usize {
        self.rank
    }

    fn size(&self) -> usize {
        self.shared.ranks
    }

    fn all_to_all(&self, send: Vec<Vec<u8>>) -> Result<Vec<Vec<u8>>, ExchangeError> {
        let ranks = self.shared.ranks;
        let (send, wrong) = checked_blocks(self.rank, ranks, send);
        self.shared
            .state
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .slots[self.rank] = send;
        self.shared.barrier()?;
        let received = {
            let mut state = self.shared.state.lock().unwrap_or_else(|p| p.into_inner());
            (0..ranks)
                .map(|from| std::mem::take(&mut state.slots[from][self.rank]))
                .collect()
        };
        // Nobody deposits the next exchange's blocks before everyone has taken this one's.
        self.shared.barrier()?;
        match wrong {
            Some(error) => Err(error),
            None => Ok(received),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rank_receives_what_each_sent_it_in_rank_order() {
        let received = VirtualRanks::run(4, |me| {
            let send = (0..me.size())
                .map(|to| vec![me.rank() as u8; to + 1])
                .collect();
            me.all_to_all(send).unwrap()
        });
        for (rank, blocks) in received.iter().enumerate() {
            let want: Vec<Vec<u8>> = (0..4).map(|from| vec![from as u8; rank + 1]).collect();
            assert_eq!(blocks, &want);
        }
    }

    #[test]
    fn repeated_exchanges_do_not_mix_and_all_gather_gathers() {
        let gathered = VirtualRanks::run(3, |me| {
            let mut last = Vec::new();
            for round in 0..5u8 {
                last = me.all_gather(&[round, me.rank() as u8]).unwrap();
                assert!(last.iter().all(|b| b[0] == round));
            }
            last
        });
        assert!(gathered
            .iter()
            .all(|g| g == &vec![vec![4, 0], vec![4, 1], vec![4, 2]]));
    }

    #[test]
    fn a_wrong_block_count_is_an_error_and_the_others_do_not_hang() {
        let results = VirtualRanks::run(2, |me| {
            let blocks = if me.rank() == 0 { 1 } else { 2 };
            me.all_to_all(vec![vec![1u8]; blocks])
        });
        assert_eq!(
            results[0],
            Err(ExchangeError::BlockCount {
                rank: 0,
                got: 1,
                ranks: 2
            })
        );
        assert_eq!(results[1].as_ref().unwrap()[1], vec![1u8]);
    }

    #[test]
    fn a_panicking_rank_releases_the_others_and_its_panic_is_resumed() {
        let outcome = std::panic::catch_unwind(|| {
            VirtualRanks::run(3, |me| {
                if me.rank() == 1 {
                    panic!("rank 1 fails");
                }
                me.all_gather(&[0]).map(|_| ())
            })
        });
        assert!(outcome.is_err());
    }
}
