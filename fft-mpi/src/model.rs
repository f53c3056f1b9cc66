//! A time model of the distributed transform (issue 14), for slabs ([`SlabProblem`]) and
//! pencils ([`PencilProblem`]): the local transforms, and each exchange as a pipeline of
//! device-to-host reads, messages and host-to-device writes, bound by its slowest stage. `examples/slab_timing.rs` checks it against measurements with parameters
//! measured in the same process; `examples/time_model.rs` predicts larger machines
//! (docs/DISTRIBUTED.md).

/// What the model knows of the machine, per rank.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Machine {
    /// Seconds the two local transforms take per byte of a rank's slab, device to device
    /// (measured on one rank holding the whole field: both transforms and the on-device copy).
    pub local_seconds_per_byte: f64,
    /// Bytes per second between one device and pinned host memory, each way.
    pub bus_bytes_per_second: f64,
    /// Ranks sharing one device, its compute and its bus (1 with a device per rank).
    pub ranks_per_device: usize,
    /// Bytes per second one rank's messages leave it while every rank sends (the network's
    /// bandwidth per rank; for ranks in one process, the host's copy rate).
    pub network_bytes_per_second: f64,
    /// Seconds each message costs beyond its bytes (latency and software).
    pub message_seconds: f64,
}

/// Predicted seconds of one transform on the busiest rank.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prediction {
    /// The local transforms.
    pub local: f64,
    /// Every exchange together.
    pub exchange: f64,
    /// Messages per exchange on the busiest rank.
    pub messages: usize,
}

impl Prediction {
    /// `local + exchange`.
    pub fn total(&self) -> f64 {
        self.local + self.exchange
    }
}

/// The problem: a field of `shape` (`[n0, n1, n2]`, `n2 = 1` for 2-D) of `value_bytes`-byte
/// complex values over `ranks` ranks in slabs of axis 0, with `exchanges` exchanges (1 for an
/// output split along axis 1, 2 along axis 0) in messages of at most `chunk_bytes`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SlabProblem {
    /// `[n0, n1, n2]`.
    pub shape: [usize; 3],
    /// Ranks (at most `n0`: a slab decomposition gives each rank whole planes).
    pub ranks: usize,
    /// Bytes of one complex value (8 for f32, 16 for f64).
    pub value_bytes: usize,
    /// Exchanges per transform.
    pub exchanges: usize,
    /// Bytes per message.
    pub chunk_bytes: usize,
}

impl SlabProblem {
    /// The busiest rank's time on `machine`.
    ///
    /// - local: `local_seconds_per_byte` times the rank's slab (`ceil(n0 / P)` planes), times
    ///   the ranks sharing its device;
    /// - each exchange: the rank sends `(P - 1) / P` of its slab and receives as much. Reads,
    ///   messages and writes overlap, so it takes its slowest stage, the bus (shared by
    ///   `ranks_per_device` ranks) or the network, plus one chunk's read and write to fill and
    ///   drain the pipeline, plus `message_seconds` per message (at least one per peer).
    pub fn predict(&self, machine: &Machine) -> Prediction {
        let [n0, n1, n2] = self.shape;
        let ranks = self.ranks.max(1);
        let slab = (n0.div_ceil(ranks) * n1 * n2 * self.value_bytes) as f64;
        let sharing = machine.ranks_per_device.max(1) as f64;
        let local = slab * machine.local_seconds_per_byte * sharing;
        let (one, messages) = exchange_time(slab, ranks, self.chunk_bytes, machine);
        Prediction {
            local,
            exchange: one * self.exchanges as f64,
            messages,
        }
    }
}

/// The problem of [`SlabProblem`] on a `rows x columns` grid of pencils (heFFTe's default):
/// pencils along axis 2 in, pencils along axis 0 out, two exchanges. The first exchange is
/// among the `columns` ranks of a grid row, the second among the `rows` ranks of a column.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PencilProblem {
    /// `[n0, n1, n2]`.
    pub shape: [usize; 3],
    /// Grid rows (at most `n0` and `n1`).
    pub rows: usize,
    /// Grid columns (at most `n1` and `n2`).
    pub columns: usize,
    /// Bytes of one complex value.
    pub value_bytes: usize,
    /// Bytes per message.
    pub chunk_bytes: usize,
}

impl PencilProblem {
    /// The busiest rank's time on `machine`: its brick's local transforms, then the two
    /// exchanges, each as in [`SlabProblem::predict`] within its group of the grid.
    pub fn predict(&self, machine: &Machine) -> Prediction {
        let [n0, n1, n2] = self.shape;
        let ranks = (self.rows * self.columns).max(1);
        let brick = (n0 * n1 * n2).div_ceil(ranks) * self.value_bytes;
        let brick = brick as f64;
        let sharing = machine.ranks_per_device.max(1) as f64;
        let local = brick * machine.local_seconds_per_byte * sharing;
        let (first, m1) = exchange_time(brick, self.columns, self.chunk_bytes, machine);
        let (second, m2) = exchange_time(brick, self.rows, self.chunk_bytes, machine);
        Prediction {
            local,
            exchange: first + second,
            messages: m1 + m2,
        }
    }
}

/// Seconds and messages of one exchange in which a rank holding `bytes` sends `(g - 1) / g`
/// of them to the `g - 1` others of its group and receives as much: its slowest stage, the
/// bus (shared by `ranks_per_device` ranks) or the network, plus one chunk's read and write
/// to fill and drain the pipeline, plus `message_seconds` per message (at least one per peer).
fn exchange_time(bytes: f64, group: usize, chunk_bytes: usize, machine: &Machine) -> (f64, usize) {
    if group <= 1 {
        return (0.0, 0);
    }
    let peers = (group - 1) as f64;
    let out = bytes * peers / group as f64;
    let per_peer = out / peers;
    let chunk = (chunk_bytes.max(1) as f64).min(per_peer);
    let messages = (group - 1) * ((per_peer / chunk).ceil() as usize).max(1);
    let bus = machine.bus_bytes_per_second / machine.ranks_per_device.max(1) as f64;
    let slowest = (out / bus).max(out / machine.network_bytes_per_second);
    let fill = 2.0 * chunk / bus;
    (
        slowest + fill + messages as f64 * machine.message_seconds,
        messages,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const MACHINE: Machine = Machine {
        local_seconds_per_byte: 3e-12,
        bus_bytes_per_second: 50e9,
        ranks_per_device: 1,
        network_bytes_per_second: 25e9,
        message_seconds: 5e-6,
    };

    fn problem(ranks: usize, exchanges: usize) -> SlabProblem {
        SlabProblem {
            shape: [1024, 1024, 1024],
            ranks,
            value_bytes: 8,
            exchanges,
            chunk_bytes: 8 << 20,
        }
    }

    #[test]
    fn one_rank_has_no_exchange_and_local_time_scales_with_the_slab() {
        let one = problem(1, 1).predict(&MACHINE);
        assert_eq!((one.exchange, one.messages), (0.0, 0));
        let eight = problem(8, 1).predict(&MACHINE);
        assert!((one.local / eight.local - 8.0).abs() < 1e-9);
    }

    #[test]
    fn the_exchange_takes_its_slowest_stage_and_a_second_one_doubles_it() {
        let p = problem(8, 1).predict(&MACHINE);
        // 1 GiB slab, 7/8 of it out at the network's 25 GB/s: 37.6 ms, plus the fill
        // (2 x 8 MiB at 50 GB/s) and 7 x 16 messages of 8 MiB.
        let out = (1u64 << 30) as f64 * 7.0 / 8.0;
        let want = out / 25e9 + 2.0 * (8 << 20) as f64 / 50e9 + 112.0 * 5e-6;
        assert_eq!(p.messages, 112);
        assert!(
            (p.exchange - want).abs() < 1e-12,
            "{} vs {want}",
            p.exchange
        );
        let two = problem(8, 2).predict(&MACHINE);
        assert!((two.exchange - 2.0 * p.exchange).abs() < 1e-12);
        // Four ranks on one device: the bus (12.5 GB/s each) is now the slowest stage, and
        // each rank's local transforms take four times as long.
        let shared = Machine {
            ranks_per_device: 4,
            ..MACHINE
        };
        let four = problem(8, 1).predict(&shared);
        assert!(four.exchange > out / 12.5e9);
        assert!((four.local / p.local - 4.0).abs() < 1e-9);
    }

    #[test]
    fn pencils_exchange_within_their_grid_rows_and_columns() {
        let pencils = PencilProblem {
            shape: [1024, 1024, 1024],
            rows: 32,
            columns: 32,
            value_bytes: 8,
            chunk_bytes: 8 << 20,
        };
        let p = pencils.predict(&MACHINE);
        // Two exchanges among 32 ranks each: 2 x 31 messages against a slab's 1023.
        assert_eq!(p.messages, 62);
        let slabs = problem(1024, 1).predict(&MACHINE);
        assert!((p.local - slabs.local).abs() < 1e-12);
        assert!(p.exchange < slabs.exchange, "{p:?} {slabs:?}");
        // A 1 x P grid is one exchange among all P ranks, like slabs.
        let flat = PencilProblem {
            rows: 1,
            columns: 8,
            ..pencils
        };
        let slab = problem(8, 1).predict(&MACHINE);
        assert!((flat.predict(&MACHINE).exchange - slab.exchange).abs() < 1e-12);
    }

    #[test]
    fn many_ranks_are_bound_by_messages() {
        let p = problem(1024, 1).predict(&MACHINE);
        assert_eq!(p.messages, 1023);
        assert!(1023.0 * 5e-6 > 0.5 * p.exchange);
    }
}
