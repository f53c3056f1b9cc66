//! The accesses of one exchange evaluated in every work-item (`exchange_pad.rs` picks a
//! padding with them): each base's value from the kernel's own index expressions, in every
//! regime of `t` and `p` the stages' mappings can see ([`Exchange`]), whether a padding keeps
//! every access a base and a constant, and the bank passes of the warps' accesses under a
//! padding ([`Residues`]).

use super::exchange::Placed;
use super::exchange_pad::Gaps;
use super::roles::roles;
use super::shape::Shape;
use crate::index::{Compiler, Env, Expr};
use fft_core::kernel::{bank_passes, FusedSpec};

/// An exchange's accesses: the value of each base in every work-item of every regime (and
/// whether each regime's values are distinct), and each access's base and offset.
pub(super) struct Exchange {
    /// `bases[b][r][lid]`: base `b` in work-item `lid` of regime `r` ([`REGIMES`]).
    bases: Vec<Vec<Vec<u64>>>,
    distinct: Vec<bool>,
    accesses: Vec<(usize, u64)>,
}

/// The `(t, p)` the stages' mappings can see: with several sub-FFTs per work-group the
/// first stages run the load's mapping (flat when `t == 1`, columns otherwise) and the last
/// the store's (`p`), so a padding must hold in all four; with one sub-FFT, point `j` is
/// `lid` in every regime.
const REGIMES: [(u64, u64); 4] = [(1, 1), (1, 2), (2, 1), (2, 2)];

impl Exchange {
    /// The accesses of the values `from` and `to`, each base evaluated for every work-item
    /// in every regime, or `None` when a value has no base and offset or a base does not
    /// evaluate.
    pub(super) fn of(shape: &Shape, from: &[Placed], to: &[Placed]) -> Option<Exchange> {
        let mut pointers: Vec<&str> = Vec::new();
        let mut values: Vec<&Expr> = Vec::new();
        let mut accesses = Vec::new();
        for placed in from.iter().chain(to) {
            let at = placed.at.as_ref()?;
            let index = match pointers.iter().position(|p| *p == at.pointer) {
                Some(index) => index,
                None => {
                    pointers.push(&at.pointer);
                    values.push(&at.value);
                    values.len() - 1
                }
            };
            accesses.push((index, u64::from(at.offset)));
        }
        let bases = lane_values(shape, &values)?;
        let distinct = bases
            .iter()
            .map(|regimes| regimes.iter().all(|lanes| all_distinct(lanes)))
            .collect();
        Some(Exchange {
            bases,
            distinct,
            accesses,
        })
    }

    /// The warp-wide transactions of the counted work-items ([`COUNTED_LANES`]) over every
    /// access and regime.
    pub(super) fn transactions(&self, banks: u32) -> u64 {
        let per_regime = |lanes: &Vec<u64>| lanes.len().min(COUNTED_LANES).div_ceil(banks as usize);
        self.accesses
            .iter()
            .map(|&(base, _)| self.bases[base].iter().map(per_regime).sum::<usize>() as u64)
            .sum()
    }

    /// The bank passes beyond one per transaction of the counted work-items with the
    /// kernel's two-level `pad()` ([`FusedSpec::pad`]) instead.
    pub(super) fn helper_passes(&self, spec: &FusedSpec, banks: u32) -> u64 {
        let mut passes = 0;
        let mut addresses = Vec::with_capacity(banks as usize);
        let pad = spec.padder();
        for &(base, offset) in &self.accesses {
            for lanes in &self.bases[base] {
                let counted = &lanes[..lanes.len().min(COUNTED_LANES)];
                for transaction in counted.chunks(banks as usize) {
                    addresses.clear();
                    addresses.extend(transaction.iter().map(|value| pad(value + offset)));
                    passes += bank_passes(&mut addresses, banks);
                }
            }
        }
        passes
    }

    /// Whether `pad(base + offset) = pad(base) + pad(offset)` for every access in every
    /// work-item when the padding comes after every `every` values (whatever its amount).
    pub(super) fn is_linear(&self, every: u32) -> bool {
        let q = u64::from(every);
        self.accesses.iter().all(|&(base, offset)| {
            self.bases[base]
                .iter()
                .flatten()
                .all(|value| value % q + offset % q < q)
        })
    }

    /// The bank residues of every access in the first [`COUNTED_LANES`] work-items for
    /// padding after every `every` values and a skew after every `skew_every`: the bank of
    /// `e + X * (e / every) + Y * (e / skew_every)` is that sum modulo `banks`.
    pub(super) fn residues(&self, every: u32, skew_every: u32, banks: u32) -> Residues {
        let (q, q2, b) = (u64::from(every), u64::from(skew_every), u64::from(banks));
        let accesses = self
            .accesses
            .iter()
            .map(|&(base, offset)| {
                self.bases[base]
                    .iter()
                    .map(|lanes| {
                        lanes
                            .iter()
                            .take(COUNTED_LANES)
                            .map(|value| {
                                let e = value + offset;
                                let banks_of = |v: u64| (v % b) as u8;
                                (banks_of(e), banks_of(e / q), banks_of(e / q2), e)
                            })
                            .collect()
                    })
                    .collect()
            })
            .collect();
        let distinct = self.accesses.iter().all(|&(base, _)| self.distinct[base]);
        Residues {
            banks,
            every,
            skew_every,
            distinct,
            accesses,
        }
    }
}

/// The value of each of `exprs` in every work-item of the group, in every regime of
/// [`REGIMES`] (one where the work-group holds one sub-FFT: `j` = `lid`), from the kernel's
/// own role bindings; `None` where one does not evaluate.
fn lane_values(shape: &Shape, exprs: &[&Expr]) -> Option<Vec<Vec<Vec<u64>>>> {
    let group = u64::from(shape.group);
    if !shape.has_c() {
        return exprs
            .iter()
            .map(|expr| {
                let lanes: Result<Vec<u64>, _> = (0..group)
                    .map(|lid| expr.evaluate(&Env::new().with("j", lid).with("lid", lid)))
                    .collect();
                lanes.ok().map(|lanes| vec![lanes])
            })
            .collect();
    }
    let (roles, _) = roles(shape);
    const INPUTS: [&str; 6] = [
        "get_local_id(0)",
        "get_group_id(0)",
        "t",
        "p",
        "total",
        "inner",
    ];
    let mut compiler = Compiler::new(&INPUTS);
    let lets = compiler.bindings(&roles).ok()?;
    let compiled: Vec<_> = exprs.iter().map(|e| compiler.expr(e)).collect();
    let mut out = vec![Vec::new(); exprs.len()];
    for (t, p) in REGIMES {
        let mut lanes = vec![Vec::with_capacity(group as usize); exprs.len()];
        for lid in 0..group {
            let mut frame = compiler.frame();
            frame[..INPUTS.len()].copy_from_slice(&[lid, 0, t, p, 1 << 20, 1]);
            lets.try_run(&mut frame).ok()?;
            for (values, expr) in lanes.iter_mut().zip(&compiled) {
                values.push(expr.evaluate(&frame).ok()?);
            }
        }
        for (regimes, values) in out.iter_mut().zip(lanes) {
            regimes.push(values);
        }
    }
    Some(out)
}

/// Whether no two of `values` are equal.
fn all_distinct(values: &[u64]) -> bool {
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    sorted.len() == values.len()
}

/// The work-items whose bank passes are counted: eight warps. The warps' patterns repeat
/// (each runs the same points of its butterflies), and counting them all took 10800
/// points' kernel 18 ms to emit; linearity is checked in every work-item regardless.
const COUNTED_LANES: usize = 256;

/// One work-item's access: `(e % banks, (e / every) % banks, (e / skew_every) % banks, e)`.
type Residue = (u8, u8, u8, u64);

/// Each access's [`Residue`] in the first [`COUNTED_LANES`] work-items of each regime.
pub(super) struct Residues {
    banks: u32,
    every: u32,
    skew_every: u32,
    distinct: bool,
    accesses: Vec<Vec<Vec<Residue>>>,
}

impl Residues {
    /// The passes over the banks beyond one per transaction that the counted warps take for
    /// every access with `values` of padding after every `every` and `skew` after every
    /// `skew_every`; once the count reaches `limit` (the search has a padding that takes
    /// that many) it stops after that access. Values at different addresses of one bank of
    /// a transaction take one pass each; lanes at one address, one pass (a broadcast).
    pub(super) fn extra_passes(&self, values: u32, skew: u32, limit: u64) -> u64 {
        let banks = self.banks as usize;
        let gaps = Gaps::every(self.every, values).skewed(self.skew_every, skew);
        let mut passes = 0;
        let mut addresses = Vec::with_capacity(banks);
        for access in &self.accesses {
            for transaction in access.iter().flat_map(|lanes| lanes.chunks(banks)) {
                if self.distinct {
                    let mut per_bank = [0u8; 32];
                    for &(lo, hi, hi2, _) in transaction {
                        let bank = (usize::from(lo)
                            + values as usize * usize::from(hi)
                            + skew as usize * usize::from(hi2))
                            % banks;
                        per_bank[bank] += 1;
                    }
                    passes += u64::from(per_bank.iter().max().copied().unwrap_or(1).max(1) - 1);
                } else {
                    addresses.clear();
                    addresses.extend(transaction.iter().map(|&(.., e)| gaps.padded(e)));
                    passes += bank_passes(&mut addresses, self.banks);
                }
            }
            if passes >= limit {
                return passes;
            }
        }
        passes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exchange(bases: Vec<Vec<u64>>, accesses: Vec<(usize, u64)>) -> Exchange {
        let distinct: Vec<bool> = bases.iter().map(|b| all_distinct(b)).collect();
        Exchange {
            bases: bases.into_iter().map(|lanes| vec![lanes]).collect(),
            distinct,
            accesses,
        }
    }

    #[test]
    fn a_period_is_linear_only_where_no_base_and_offset_cross_a_period_apart() {
        // Reads at j + 20 and j + 40, j < 64: a period dividing 20 keeps every access a base
        // and a constant; 16 does not (j = 15: 15 + 20 = 35 -> 37, but 15 + 20 + 1 = 36).
        let j: Vec<u64> = (0..64).collect();
        let reads = exchange(vec![j], vec![(0, 20), (0, 40)]);
        assert!(reads.is_linear(10) && reads.is_linear(20));
        assert!(!reads.is_linear(16));
        // Writes at 20j + q, q < 20: any period that divides 20, whatever the offsets.
        let writes = exchange(
            vec![(0..64).map(|j| 20 * j).collect()],
            (0..20).map(|q| (0, q)).collect(),
        );
        assert!(writes.is_linear(20) && writes.is_linear(10));
        assert!(!writes.is_linear(8));
        for every in [10, 20] {
            for values in [1, 3] {
                let gaps = Gaps::every(every, values);
                for j in 0..64u64 {
                    for q in 0..20 {
                        let whole = gaps.padded(20 * j + q);
                        let split = gaps.padded(20 * j) + gaps.padded(q);
                        assert_eq!(whole, split, "{gaps:?}, j = {j}, q = {q}");
                    }
                }
            }
        }
    }

    fn passes(exchange: &Exchange, gaps: Gaps, banks: u32, limit: u64) -> u64 {
        exchange
            .residues(gaps.every, gaps.skew_every, banks)
            .extra_passes(gaps.values, gaps.skew, limit)
    }

    #[test]
    fn bank_passes_count_the_values_of_one_bank_in_each_transaction() {
        // A warp writing floats 32 apart meets one bank 32 times: 31 extra passes; a
        // period of 32 makes the stride 33 and every bank distinct.
        let all = u64::MAX;
        let one_per = |every| Gaps::every(every, 1);
        let strided = exchange(vec![(0..64).map(|j| 32 * j).collect()], vec![(0, 0)]);
        assert_eq!(passes(&strided, Gaps::NONE, 32, all), 2 * 31);
        assert_eq!(passes(&strided, one_per(32), 32, all), 0);
        // Counting stops at the access that reaches the limit.
        let two = exchange(
            vec![(0..32).map(|j| 32 * j).collect()],
            vec![(0, 0), (0, 1)],
        );
        assert_eq!(passes(&two, Gaps::NONE, 32, all), 62);
        assert_eq!(passes(&two, Gaps::NONE, 32, 10), 31);
        // Eight-byte values go 16 to a transaction over 16 banks: stride 2 meets 8 banks twice.
        let pairs = exchange(vec![(0..32).map(|j| 2 * j).collect()], vec![(0, 0)]);
        assert_eq!(passes(&pairs, Gaps::NONE, 16, all), 2);
        // Consecutive values never conflict; the same address twice is one pass (a broadcast).
        let flat = exchange(vec![(0..32).collect(), vec![7; 32]], vec![(0, 5), (1, 0)]);
        assert_eq!(passes(&flat, Gaps::NONE, 32, all), 0);
        // Runs of 27 values 729 apart (6561's second exchange) meet banks twice where the
        // next run wraps onto the first; 22 values after every 243 move it past.
        let runs = exchange(
            vec![(0..243).map(|b| 729 * (b / 27) + b % 27).collect()],
            (0..27).map(|q| (0, 27 * q)).collect(),
        );
        assert!(passes(&runs, Gaps::NONE, 32, all) > 0);
        let gaps = Gaps::every(243, 22);
        assert_eq!(passes(&runs, gaps, 32, all), 0);
    }
}
