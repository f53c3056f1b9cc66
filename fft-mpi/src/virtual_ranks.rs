//! [`VirtualRanks`]: ranks as threads of one process, exchanging through mailboxes, so the
//! distributed algorithm is tested for any number of ranks inside `cargo test`.

use crate::exchange::{checked_blocks, Exchange, ExchangeError};
use std::collections::VecDeque;
use std::sync::{Condvar, Mutex};

/// Bytes per piece of a message copied on every host thread: messages of a few pieces or
/// more are copied in parallel, as an MPI transport's copies would run on the ranks' own
/// cores.
const COPY_PIECE: usize = 1 << 20;

/// Copies `from` into `to` (of one length), on every host thread when it is large.
fn copy_bytes(from: &[u8], to: &mut [u8]) {
    use rayon::prelude::*;
    if from.len() < 4 * COPY_PIECE {
        to.copy_from_slice(from);
        return;
    }
    to.par_chunks_mut(COPY_PIECE)
        .zip(from.par_chunks(COPY_PIECE))
        .for_each(|(to, from)| to.copy_from_slice(from));
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
                mail: vec![VecDeque::new(); ranks * ranks],
                spare: Vec::new(),
                arrived: 0,
                generation: 0,
                finished: vec![false; ranks],
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
                        // Returned or panicked: it joins no exchange any more.
                        shared.finish(rank);
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
    /// `mail[i * ranks + j]`: the messages of pairwise steps from rank `i` to rank `j` not
    /// yet received, oldest first.
    mail: Vec<VecDeque<Vec<u8>>>,
    /// Buffers of received messages, for later messages to reuse.
    spare: Vec<Vec<u8>>,
    arrived: usize,
    generation: u64,
    /// The ranks whose body has returned or panicked: a rank waiting for one of them in a
    /// barrier, or for a message it never sent, fails instead of hanging.
    finished: Vec<bool>,
}

impl Shared {
    fn finish(&self, rank: usize) {
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        state.finished[rank] = true;
        self.turn.notify_all();
    }

    /// Waits until every rank has arrived (a barrier), or one has finished without.
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
            if state.generation != generation {
                return Ok(());
            }
            if let Some(rank) = state.finished.iter().position(|&f| f) {
                return Err(ExchangeError::PeerStopped(rank));
            }
            state = self.turn.wait(state).unwrap_or_else(|p| p.into_inner());
        }
    }
}

impl VirtualRank<'_> {
    /// `Ok` when `peer` is a rank.
    fn check_peer(&self, peer: usize) -> Result<(), ExchangeError> {
        if peer < self.shared.ranks {
            return Ok(());
        }
        Err(ExchangeError::NoSuchRank {
            rank: self.rank,
            peer,
            ranks: self.shared.ranks,
        })
    }
}

impl Exchange for VirtualRank<'_> {
    fn rank(&self) -> usize {
        self.rank
    }

    fn size(&self) -> usize {
        self.shared.ranks
    }

    fn send_receive(
        &self,
        send: Option<(usize, &[u8])>,
        receive: Option<(usize, &mut [u8])>,
    ) -> Result<(), ExchangeError> {
        let ranks = self.shared.ranks;
        let lock = || self.shared.state.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((to, bytes)) = send {
            self.check_peer(to)?;
            // Copied outside the lock, into a spare buffer whose pages are mapped already.
            let mut message = lock().spare.pop().unwrap_or_default();
            message.resize(bytes.len(), 0);
            copy_bytes(bytes, &mut message);
            lock().mail[self.rank * ranks + to].push_back(message);
            self.shared.turn.notify_all();
        }
        let Some((from, buffer)) = receive else {
            return Ok(());
        };
        self.check_peer(from)?;
        let mut state = lock();
        let message = loop {
            if let Some(message) = state.mail[from * ranks + self.rank].pop_front() {
                break message;
            }
            if state.finished[from] {
                return Err(ExchangeError::PeerStopped(from));
            }
            state = self
                .shared
                .turn
                .wait(state)
                .unwrap_or_else(|p| p.into_inner());
        };
        drop(state);
        if message.len() != buffer.len() {
            return Err(ExchangeError::MessageLength {
                rank: self.rank,
                from,
                got: message.len(),
                want: buffer.len(),
            });
        }
        copy_bytes(&message, buffer);
        lock().spare.push(message);
        Ok(())
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
    fn pairwise_steps_deliver_in_order_around_a_ring() {
        let received = VirtualRanks::run(3, |me| {
            let (r, p) = (me.rank(), me.size());
            let mut got = Vec::new();
            for step in 1..p {
                for round in 0..3u8 {
                    let mut buf = [0u8; 2];
                    let to = (r + step) % p;
                    let from = (r + p - step) % p;
                    me.send_receive(Some((to, &[r as u8, round])), Some((from, &mut buf)))
                        .unwrap();
                    got.push(buf);
                }
            }
            got
        });
        assert_eq!(
            received[0],
            [[2, 0], [2, 1], [2, 2], [1, 0], [1, 1], [1, 2]]
        );
        assert_eq!(received[1][0], [0, 0]);
    }

    #[test]
    fn lone_sends_and_receives_pair_up_across_ranks() {
        // Rank 0 sends rank 1 three messages and receives one; rank 1 the other way round.
        let received = VirtualRanks::run(2, |me| {
            let other = 1 - me.rank();
            let (sends, receives) = if me.rank() == 0 { (3, 1) } else { (1, 3) };
            let mut got = Vec::new();
            for k in 0..3u8 {
                let mut buf = [0u8; 1];
                let value = [k + 10 * me.rank() as u8];
                let send = (k < sends).then_some((other, &value[..]));
                let receive = (k < receives).then_some((other, &mut buf[..]));
                let receiving = receive.is_some();
                me.send_receive(send, receive).unwrap();
                if receiving {
                    got.push(buf[0]);
                }
            }
            got
        });
        assert_eq!(received, [vec![10], vec![0, 1, 2]]);
    }

    #[test]
    fn a_message_of_the_wrong_length_or_a_missing_rank_is_an_error() {
        let results = VirtualRanks::run(2, |me| {
            let mut buf = vec![0u8; 3 + me.rank()];
            let other = 1 - me.rank();
            me.send_receive(Some((other, &[7u8; 3])), Some((other, &mut buf)))
        });
        assert_eq!(results[0], Ok(()));
        assert_eq!(
            results[1],
            Err(ExchangeError::MessageLength {
                rank: 1,
                from: 0,
                got: 3,
                want: 4
            })
        );
        let missing = VirtualRanks::run(1, |me| me.send_receive(Some((1, &[])), None));
        assert_eq!(
            missing[0],
            Err(ExchangeError::NoSuchRank {
                rank: 0,
                peer: 1,
                ranks: 1
            })
        );
    }

    #[test]
    fn a_rank_that_returns_early_releases_the_ranks_waiting_for_it() {
        let results = VirtualRanks::run(3, |me| match me.rank() {
            // Rank 0 fails before its exchanges (an error, not a panic).
            0 => Err(ExchangeError::PeerStopped(9)),
            1 => me.send_receive(Some((2, &[1])), Some((0, &mut [0]))),
            _ => me.all_gather(&[2]).map(|_| ()),
        });
        assert_eq!(results[1], Err(ExchangeError::PeerStopped(0)));
        assert_eq!(results[2], Err(ExchangeError::PeerStopped(0)));
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
