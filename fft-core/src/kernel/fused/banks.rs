//! The padding step of a mixed length's local buffer, chosen against bank conflicts.
//!
//! The two-level `pad(e) = e + e / 16 + e / 256` spreads the strided phases of power-of-two
//! sub-FFTs over the banks, but a mixed sub-FFT's padded stride `L + L/16 + L/256` is about
//! `16 L / 15`: for `L` a multiple of 15 (75, 105, 120, 135, 150, 180, 225) a multiple of
//! the 16 banks a wavefront of complex values meets, so the columns of a warp all land in
//! the same bank. Such a pass pads every 32 or every 8 values instead, where a model of its
//! accesses counts far fewer conflicts. Measured on the H200 (docs/PERFORMANCE.md,
//! 2026-11-30 (banks), f32, 2^27 points): 11025 = 105 x 105 2.444 -> 1.329 ms, 9375 = 125 x
//! 75 2.363 -> 1.433, 23100 = 154 x 150 2.077 -> 1.516, 15-point transforms 1.093 -> 0.587;
//! every one of the 18 lengths timed gained, the others' kernels are unchanged.

use super::capacity::two_level_pad;
use super::{FusedSpec, PAD_STEP};

/// Bytes one wavefront of a local-memory access serves: 32 banks of 4 bytes.
const WAVEFRONT_BYTES: u32 = 128;
/// How much worse than another step the modeled conflicts of [`PAD_STEP`] must be for a
/// mixed pass to take that step: 3/2 (the multiples of 15 count 2.6-3.9 times more with it).
const STEP_CHANGE_RATIO: (u64, u64) = (3, 2);
/// The fewest modeled conflicts per wavefront with [`PAD_STEP`] at which a mixed pass looks
/// for another step: 4 (150 = [25, 6] in 27 columns counts 6.0, 105 = [21, 5] 6.6, 75 =
/// [25, 3] 7.5, the passes that ran at 2-3 copies; 144 = [12, 12] 2.5 and 125 = [25, 5] 3.6
/// ran at 1.5-1.7 and keep their step).
const PATHOLOGICAL_CONFLICTS: u64 = 4;

impl FusedSpec {
    /// S for a mixed length's local buffer indexed through [`FusedSpec::pad`]: [`PAD_STEP`]
    /// (16), unless its modeled conflicts ([`FusedSpec::bank_conflicts`]) average
    /// [`PATHOLOGICAL_CONFLICTS`] per wavefront or more and 32 or 8 meet
    /// [`STEP_CHANGE_RATIO`] times fewer (the fewest, 32 on a tie, as it pads less): 150 =
    /// [25, 6] in 27 columns takes 8, 144 = [12, 12] keeps 16.
    pub(super) fn mixed_pad_step(&self) -> u32 {
        let (worse, better) = STEP_CHANGE_RATIO;
        let (base, wavefronts) = (self.bank_conflicts(PAD_STEP), self.bank_wavefronts());
        if base < PATHOLOGICAL_CONFLICTS * wavefronts {
            return PAD_STEP;
        }
        [2 * PAD_STEP, PAD_STEP / 2]
            .into_iter()
            .map(|step| (self.bank_conflicts(step), std::cmp::Reverse(step)))
            .filter(|&(conflicts, _)| conflicts * worse < base * better)
            .min()
            .map_or(PAD_STEP, |(_, step)| step.0)
    }

    /// The modeled bank conflicts of a work-group's strided local accesses with padding step
    /// `step`: for the first two elements of each work-item in both regimes (the column
    /// phases, work-item `n` at point `n / C` of sub-FFT `n % C`; the stages, point `n % w`
    /// of sub-FFT `n / w`, `w = L / R` work-items per sub-FFT), the sum over wavefronts of
    /// the most distinct addresses that meet one bank (1 each when there are no conflicts).
    pub(super) fn bank_conflicts(&self, step: u32) -> u64 {
        let (step, len) = (u64::from(step), u64::from(self.len));
        let (columns, per_fft, lanes, banks) = self.bank_lanes();
        let element = |column_phase: bool, n: u64| {
            if column_phase {
                (n % columns) * len + n / columns
            } else {
                (n / per_fft) * len + n % per_fft
            }
        };
        let mut total = 0;
        let mut addresses = Vec::with_capacity(banks as usize);
        for column_phase in [true, false] {
            for it in 0..2 {
                for first in (0..lanes).step_by(banks as usize) {
                    addresses.clear();
                    addresses.extend(
                        (first..(first + banks).min(lanes))
                            .map(|n| two_level_pad(element(column_phase, n) + it * per_fft, step)),
                    );
                    total += 1 + bank_passes(&mut addresses, banks as u32);
                }
            }
        }
        total
    }

    /// The wavefronts [`FusedSpec::bank_conflicts`] counts: its fewest conflicts.
    pub(super) fn bank_wavefronts(&self) -> u64 {
        let (_, _, lanes, banks) = self.bank_lanes();
        4 * lanes.div_ceil(banks)
    }

    /// The model's columns `C`, work-items per sub-FFT `w`, lanes `C * w` and the values one
    /// wavefront serves.
    fn bank_lanes(&self) -> (u64, u64, u64, u64) {
        let columns = u64::from(self.columns().max(1));
        let per_fft = u64::from((self.len / self.radix()).max(1));
        let banks = u64::from(WAVEFRONT_BYTES) / self.local_value_bytes();
        (columns, per_fft, columns * per_fft, banks)
    }
}

/// The passes over the `banks` banks beyond one that one transaction of `addresses` takes:
/// values at different addresses of one bank take one pass each, lanes at one address one
/// pass (a broadcast). Sorts and deduplicates `addresses`. The generator scores the
/// exchanges' paddings with it too.
pub fn bank_passes(addresses: &mut Vec<u64>, banks: u32) -> u64 {
    addresses.sort_unstable();
    addresses.dedup();
    let mut per_bank = [0u64; 32];
    for address in addresses.iter() {
        per_bank[(address % u64::from(banks)) as usize] += 1;
    }
    per_bank.iter().max().copied().unwrap_or(1).max(1) - 1
}
