//! The `stage_tw` table of a fused kernel: where stage `s`'s twiddle `W_(r*ps)^(kk*m)` sits
//! ([`StageTwiddleSlots`]) and the table's values ([`FusedSpec::stage_table`]).
//!
//! Two layouts:
//! - **by exponent** (power-of-two lengths without Bluestein's steps): `stage_tw[e] = W_L^e`,
//!   the twiddle at `e = kk * m * L / (r * ps)`. Neighbouring work-items (neighbouring `kk`)
//!   read entries `m * L / (r * ps)` apart.
//! - **by stage** ([`FusedSpec::twiddles_by_stage`]: mixed lengths and Bluestein's passes):
//!   each stage of stride `ps > 1` has its own block of `(r - 1) * ps` entries, input `m`'s
//!   twiddles `W_(r*ps)^(kk*m)` at `offset + (m - 1) * ps + kk`, so neighbouring work-items
//!   read neighbouring entries: one or two cache lines per warp instead of up to 32.
//!   Measured on the H100 (docs/PERFORMANCE.md, 2026-11-25).

use super::fused::FusedSpec;
use crate::{unit_root, Complex64};

/// Where each stage of a fused kernel finds its twiddles in `stage_tw`, computed once from
/// the spec's stage radices ([`FusedSpec::stage_twiddle_slots`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StageTwiddleSlots {
    len: u32,
    by_stage: bool,
    /// Per stage: (radix r, stride ps, offset of its block when by stage).
    stages: Vec<(u32, u32, u32)>,
}

impl StageTwiddleSlots {
    /// `(coefficient, offset)`: input `m` (1..r) of stage `index` (of stride `ps > 1`)
    /// multiplies by `stage_tw[kk * coefficient + offset]`, which holds `W_(r*ps)^(kk*m)`.
    pub fn slot(&self, index: usize, m: u32) -> (u32, u32) {
        let (r, ps, offset) = self.stages[index];
        if self.by_stage {
            (1, offset + (m - 1) * ps)
        } else {
            (m * (self.len / (r * ps)), 0)
        }
    }
}

impl FusedSpec {
    /// Whether `stage_tw` holds each stage's twiddles in a block of its own, indexed by `kk`
    /// first (module docs): mixed lengths and passes with Bluestein's steps. Plain
    /// power-of-two passes keep the table by exponent their speed was measured with.
    pub fn twiddles_by_stage(&self) -> bool {
        !self.len.is_power_of_two() || self.chirp.is_some()
    }

    /// The slots of every stage's twiddles ([`StageTwiddleSlots`]).
    pub fn stage_twiddle_slots(&self) -> StageTwiddleSlots {
        let mut stages = Vec::new();
        let (mut ps, mut offset) = (1, 0);
        for r in self.stage_radices() {
            stages.push((r, ps, offset));
            // A stage of stride 1 multiplies by no twiddle: no block.
            if ps > 1 {
                offset += (r - 1) * ps;
            }
            ps *= r;
        }
        StageTwiddleSlots {
            len: self.len,
            by_stage: self.twiddles_by_stage(),
            stages,
        }
    }

    /// The values of `stage_tw`, exact in f64 (the runtime rounds each once): `W_L^e` for
    /// `e < L` by exponent, else each stage's block ([`StageTwiddleSlots`]); one entry of 1
    /// where no stage reads any.
    pub fn stage_table(&self) -> Vec<Complex64> {
        let direction = self.direction;
        if !self.twiddles_by_stage() {
            return crate::kernel::stage_twiddles(self.len, direction);
        }
        let slots = self.stage_twiddle_slots();
        let mut table = Vec::new();
        for (index, &(r, ps, _)) in slots.stages.iter().enumerate() {
            if ps == 1 {
                continue;
            }
            for m in 1..r {
                debug_assert_eq!(slots.slot(index, m).1 as usize, table.len());
                let period = u64::from(r * ps);
                table.extend((0..ps).map(|kk| unit_root(i64::from(kk * m), period, direction)));
            }
        }
        if table.is_empty() {
            table.push(Complex64::new(1.0, 0.0));
        }
        table
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Direction;

    /// Every slot of either layout holds the twiddle its stage multiplies by.
    #[test]
    fn every_slot_holds_its_twiddle() {
        for len in [1000u32, 10000, 6561, 2048, 4096, 35, 2401, 16384] {
            for chirp in [false, true] {
                let spec = FusedSpec {
                    chirp: chirp.then_some(crate::kernel::FusedChirp {
                        outer: Direction::Forward,
                        pad: true,
                        store: crate::kernel::ChirpStore::Convolve,
                    }),
                    direction: Direction::Inverse,
                    ..FusedSpec::new(len)
                };
                let table = spec.stage_table();
                let slots = spec.stage_twiddle_slots();
                let mut ps = 1;
                for (index, &r) in spec.stage_radices().iter().enumerate() {
                    for m in 1..r {
                        for kk in (0..ps).step_by(7) {
                            if ps == 1 {
                                continue;
                            }
                            let (coef, offset) = slots.slot(index, m);
                            let got = table[(kk * coef + offset) as usize];
                            let want =
                                unit_root(i64::from(kk * m), u64::from(r * ps), Direction::Inverse);
                            assert!(
                                (got - want).norm() < 1e-15,
                                "{len} {chirp} {index} {m} {kk}"
                            );
                        }
                    }
                    ps *= r;
                }
            }
        }
    }

    #[test]
    fn mixed_and_bluestein_passes_read_by_stage() {
        assert!(FusedSpec::new(1000).twiddles_by_stage());
        assert!(!FusedSpec::new(4096).twiddles_by_stage());
        // 10000 = [20, 10, 10, 5]: blocks of 9 * 20, 9 * 200 and 4 * 2000 entries.
        let spec = FusedSpec::new(10000);
        assert_eq!(spec.stage_radices(), [20, 10, 10, 5]);
        let slots = spec.stage_twiddle_slots();
        assert_eq!(slots.slot(1, 1), (1, 0));
        assert_eq!(slots.slot(2, 2), (1, 180 + 200));
        assert_eq!(slots.slot(3, 4), (1, 180 + 1800 + 3 * 2000));
        assert_eq!(spec.stage_table().len(), 180 + 1800 + 4 * 2000);
    }
}
