//! The stage radices of a [`FusedSpec`]: the main radix R of power-of-two lengths, the
//! balanced (or dividing) radices of mixed lengths.

use super::guarded::{fewer_stages, guarded_radices, GuardedSearch, LastRadix};
use super::{
    FusedSpec, CONVOLVE_RADIX_BITS, EXTRA_STAGE_MIN_LEN, MAX_GROUP, MAX_RADIX, MAX_STAGE_RADIX,
    MIXED_CAP, REGISTER_MIN_RUN,
};
use crate::kernel::real::FusedReal;
use crate::plan::balanced_factors;
use crate::Precision;

impl FusedSpec {
    /// R: the main radix; `len / R` work-items compute one sub-FFT, each holding R points in
    /// registers. `min(16, len)` up to 256 points (one or two stages); from 512 points on,
    /// `2^ceil(log2(len) / 2)` so the sub-FFT takes two local stages instead of three, as long
    /// as that radix fits the register budget (64 in f32, 32 in f64), else 16. Measured on the
    /// H100 (docs/PERFORMANCE.md): the third stage (two barriers and a round trip through local
    /// memory) cost 20-30 % of a pass at 512..4096 points in f32; radix-64 stages in f64 need
    /// too many registers (2048 points: 1.11 x copy with [16, 16, 8], 1.70 with [64, 32]).
    /// The exception, measured later: 4096 points in f32 take radix 32 (`[32, 32, 4]`), but for
    /// the plain wide pass of 4 columns, which takes 64 (`[64, 64]`, one exchange in two parts).
    ///
    /// Above [`FusedSpec::complex_capacity`] (the stages exchange halves): 64 in f32
    /// (`8192 -> [64, 64, 2]`, `16384 -> [64, 64, 4]`) and 16 in f64
    /// (`4096 -> [16, 16, 16]`, `8192 -> [16, 16, 16, 2]`), measured at 8192 and 4096.
    ///
    /// Mixed lengths: R is the largest stage radix ([`FusedSpec::stage_radices`]), so
    /// `len / R` work-items run each stage, a stage of a smaller radix r doing
    /// `ceil(R / r)` butterflies per work-item (the last one guarded when r does not divide R).
    pub fn radix(&self) -> u32 {
        if !self.has_power_of_two_stages() {
            return self.stage_radices().first().copied().unwrap_or(1);
        }
        1 << self.radix_bits()
    }

    pub(super) fn radix_bits(&self) -> u32 {
        if let Some(main) = self.single_pass_register_bits() {
            return main;
        }
        let bits = self.len.max(1).trailing_zeros();
        let sixteen = MAX_RADIX.trailing_zeros();
        let half = bits.div_ceil(2);
        if self.convolves() && self.precision == Precision::F32 {
            // Bluestein's convolution runs its stages twice: as few stages of radix up to 32
            // as the length takes, balanced (2048 = [16, 16, 8], 8192 = [32, 32, 8]).
            // Measured on the H100 (docs/PERFORMANCE.md, 2026-11-25): M = 2048 took 1.62 ms
            // against 2.28 ms as [64, 32], M = 4096 1.59 against 2.61 as [32, 32, 4], M = 8192
            // 2.81 against 9.69 as [64, 64, 2] (255 registers and spills).
            let stages = bits.div_ceil(CONVOLVE_RADIX_BITS);
            return bits.div_ceil(stages.max(1));
        }
        if self.len > FusedSpec::complex_capacity(self.precision) {
            // Measured on the H100 (docs/PERFORMANCE.md, 2026-11-24), 8192 f32 points:
            // [64, 64, 2] with 128 work-items takes 1.22 copies, [32, 32, 8] with 256 1.54,
            // [16, 16, 16, 2] with 512 1.93 (each exchange costs four barriers). 4096 f64
            // points: [16, 16, 16] with 256 work-items takes 1.02 copies. In parts each
            // exchange costs eight barriers, so f64 takes its largest radix there too: 8192
            // f64 points as [32, 32, 8] 1.286 ms against 1.571 as [16, 16, 16, 2] on the H200
            // (docs/PERFORMANCE.md, 2026-11-26, registers; cuFFT 1.422).
            // A real split there (the R2C of 16384 f32 reals) takes [32, 32, 8] with 256
            // work-items: 0.526 ms per 2^27 reals against 0.810 as [64, 64, 2] on the H200,
            // while the complex pass lost with it (0.585 -> 0.614 ms per 2^27 points;
            // docs/PERFORMANCE.md, 2026-11-28 (radix 8192)).
            // Two channels side by side (2 columns of 8192 f32 points in two parts) take
            // [32, 32, 8] with 512 work-items too: 0.726 ms per 2^27 points against 0.795 as
            // [64, 64, 2] with 256 on the H200 (docs/PERFORMANCE.md, 2026-11-29 (channels
            // long), m1).
            return match self.precision {
                Precision::F64 if self.exchange_parts() == 1 => sixteen,
                Precision::F32
                    if (self.exchange_parts() == 1 && self.real == Some(FusedReal::Split))
                        || self.side_by_side > 1 =>
                {
                    sixteen + 1
                }
                _ => self.max_stage_radix().trailing_zeros(),
            };
        }
        // 4096 points in f32: [32, 32, 4] with 128 work-items beat [64, 64] with 64 on the
        // H100 (docs/PERFORMANCE.md, 2026-11-24): 1.08 copies against 1.14-1.17, the twice
        // larger work-group hiding more latency than the third stage costs. 2048 points
        // stay [64, 32] (1.08 against 1.10 for [32, 32, 2]; [16, 16, 8] 1.25).
        // The plain wide pass of 4096 points in 4 columns (16384 values, two parts per
        // exchange) is the other way round: [64, 64] with 256 work-items, one exchange, beat
        // [32, 32, 4] with 512, two, on the H200 (docs/PERFORMANCE.md, 2026-11-29 (wide
        // passes), w3): that pass 0.856 -> 0.800 ms per 2^27 points (C2C 2^22 1.570 ->
        // 1.514), 0.435-0.443 -> 0.407 per 2^27 reals as the R2C of 2^20 reals' first pass
        // (0.783-0.791 -> 0.756); with a C2R's merge it lost (0.597 -> 0.610: 2^23 reals) and
        // keeps [32, 32, 4]. The interleaved column passes (a multi-dimensional axis of 4096
        // points) gained more (docs/PERFORMANCE.md, 2026-11-30 (twiddles), e4): that pass
        // 0.935 -> 0.796 ms per 2^27 points in 4096,4096 x8 (1.462 -> 1.322), 0.871 -> 0.746
        // in 4096,64 x512.
        if self.precision == Precision::F32 && self.len == 4096 {
            let plain_wide = self.is_wide() && self.real.is_none();
            return if plain_wide { sixteen + 2 } else { sixteen + 1 };
        }
        let main = if bits <= 2 * sixteen {
            bits.min(sixteen)
        } else if half <= self.max_stage_radix().trailing_zeros() {
            half
        } else {
            sixteen
        };
        // A real split or merge on a single pass costs registers the radix-64 stage does not
        // have (2048 points: 252 registers): radices up to 32, and 16 for the merge at 512
        // points. Measured on the H100 (docs/PERFORMANCE.md, 2026-11-25 night): 2048 as
        // [32, 32, 2] against [64, 32], R2C of 4096 reals 0.533 -> 0.469 ms, C2R 0.596 ->
        // 0.467; 512 with the merge as [16, 16, 2] against [32, 16], C2R of 1024 reals 0.468
        // -> 0.419 (the split stays [32, 16]: 0.441 against 0.450). On the first pass of
        // several, [32, 32, 2] once took the C2R of 2^22 reals from 1.189 to 1.261 ms (the
        // H100, 2026-11-25, a merge pass of 2 columns); since the merge rides in wide passes
        // (2048 points: 8 columns, two parts per exchange), [32, 32, 2] with 512 work-items
        // beats [64, 32] with 256 there: that pass 0.533 -> 0.497 ms per 2^27 reals, the C2R
        // of 2^22 reals 0.897-0.900 -> 0.861 on the H200, while the plain 2048-point wide pass
        // lost with it (0.689-0.692 -> 0.699-0.704; docs/PERFORMANCE.md, 2026-11-29 (wide
        // passes), w2).
        match self.real {
            Some(step) if self.precision == Precision::F32 && self.single_pass => {
                let merge_512 = step == FusedReal::Merge && self.len == 512;
                main.min(if merge_512 { sixteen } else { sixteen + 1 })
            }
            Some(FusedReal::Merge)
                if self.precision == Precision::F32 && self.len == 2048 && self.is_wide() =>
            {
                main.min(sixteen + 1)
            }
            _ => main,
        }
    }

    /// The largest stage radix of a mixed length's local stages.
    pub(super) fn max_mixed_stage_radix(&self) -> u32 {
        match self.precision {
            Precision::F32 => MIXED_CAP,
            Precision::F64 => MIXED_CAP / 2,
        }
    }

    /// The largest stage radix whose butterfly fits the registers: 64 in f32, 32 in f64.
    pub(super) fn max_stage_radix(&self) -> u32 {
        match self.precision {
            Precision::F32 => MAX_STAGE_RADIX,
            Precision::F64 => MAX_STAGE_RADIX / 2,
        }
    }

    /// The radices of the local Stockham stages, largest first: R repeated, then one smaller
    /// power of two for the rest (`2048 -> [64, 32]`, `256 -> [16, 16]`, `32 -> [16, 2]`,
    /// `16 -> [16]`, `8 -> [8]`; the one-pass f32 R2C of 4096 reals: `[32, 8, 8]`). Their
    /// product is `len`.
    ///
    /// Mixed lengths: as few stages as radices up to 32 in f32 (16 in f64) allow, the
    /// largest radix as small as possible, largest first (`1000 -> [10, 10, 10]`,
    /// `60 -> [10, 6]`); in f32 above 1024 points (single-pass lengths) radices up to 16
    /// where that adds at most one stage (`3000 -> [30, 10, 10]`, not `[10, 10, 6, 5]`),
    /// unless both keep their values in registers (`2187 -> [27, 9, 9]`, not `[9, 9, 9, 3]`);
    /// up to 64 (f64: 32) where the small radices would need more than [`MAX_GROUP`]
    /// work-items per sub-FFT. Long mixed lengths that these rules leave out of registers
    /// take [`FusedSpec::is_long_mixed`]'s (`15625 -> [25, 25, 25]`).
    pub fn stage_radices(&self) -> Vec<u32> {
        if !self.has_power_of_two_stages() {
            return self
                .long_mixed_stages()
                .map_or_else(|| self.shorter_mixed_radices(), |(radices, _)| radices);
        }
        self.power_of_two_radices()
    }

    /// A mixed length's stage radices by the rules of lengths up to one exchange part
    /// ([`FusedSpec::stage_radices`]).
    pub(super) fn shorter_mixed_radices(&self) -> Vec<u32> {
        let len = self.len.max(1);
        let small = balanced_factors(len, self.max_mixed_stage_radix());
        // f32 lengths above 1024 only run as single passes: there, radices of at most 16
        // (more work-items, fewer registers each) are worth one more stage. Measured on
        // the H100 (docs/PERFORMANCE.md): 2187 from 1.71 to 1.35 copies ([9, 9, 9, 3]),
        // 2000 from 1.81 to 1.54, 3000 from 1.63 to 1.47, 4000 from 1.75 to 1.66.
        let smaller = balanced_factors(len, self.max_mixed_stage_radix() / 2);
        let single_pass_f32 = len > 1024 && self.precision == Precision::F32;
        let fits = smaller.first().is_some_and(|&r| len / r <= MAX_GROUP);
        if !(single_pass_f32 && fits && smaller.len() <= small.len() + 1) {
            return self.mixed_radices_from(small);
        }
        // Except where both keep their values in registers: each exchange then costs a
        // round trip through local memory and its barriers but no index arithmetic
        // (`pads_linearly`), and the fewer stages win. Measured on the H200
        // (docs/PERFORMANCE.md, 2026-11-26): 2187 as [27, 9, 9] 0.564 ms against 0.598
        // as [9, 9, 9, 3] (cuFFT 0.568).
        let (fewer, more) = (
            self.mixed_radices_from(small),
            self.mixed_radices_from(smaller),
        );
        if fewer.len() < more.len()
            && self.registers_could_hold(&fewer)
            && self.registers_could_hold(&more)
        {
            return fewer;
        }
        more
    }

    /// A power of two's stage radices ([`FusedSpec::stage_radices`]).
    fn power_of_two_radices(&self) -> Vec<u32> {
        let bits = self.len.max(1).trailing_zeros();
        let main = self.radix_bits();
        if bits <= main {
            return vec![1 << bits];
        }
        if self.is_one_pass_split_of_2048_f32() && main == 5 {
            // The R2C of 4096 reals: [32, 8, 8] took 0.2804-0.2812 ms per 2^27 reals against
            // 0.2856-0.2861 as [32, 32, 2] (one sub-FFT per work-group) on the H200
            // (docs/PERFORMANCE.md, 2026-11-28 (last gaps), g2): the same two exchanges, a
            // last stage of four radix-8 butterflies per work-item paired for the split.
            return vec![1 << main, 8, 8];
        }
        let mut radices = vec![1 << main; (bits / main) as usize];
        if bits % main != 0 {
            radices.push(1 << (bits % main));
        }
        radices
    }

    /// A mixed length's stage radices from its `balanced` factors: the register budget's
    /// largest where those would need more work-items than a work-group may have, and
    /// radices that all divide the first where those do not ([`FusedSpec::stage_radices`]).
    pub(super) fn mixed_radices_from(&self, balanced: Vec<u32>) -> Vec<u32> {
        let radices = self.registers_radices_from(balanced);
        self.paired_split_radices(&radices).unwrap_or(radices)
    }

    /// A real split's radices above the complex capacity (one sub-FFT per work-group,
    /// exchanging halves) that pair its last stage's butterflies with their mirrors in
    /// registers ([`FusedSpec::last_stage_pairs`]), where `radices` do not and these take at
    /// most one stage more: the mirror exchange the others need cost more than a stage.
    /// Measured on the H200 (docs/PERFORMANCE.md, 2026-11-30 (real halves), r1, per 2^27
    /// reals): paired, 8400 reals = [20, 21, 10] 0.315 ms and 10000 = [10, 10, 10, 5]
    /// 0.353; through the mirror exchange, 8232 = [14, 21, 14] 0.480 against 0.318 for its
    /// plain pass. So 8640 = [30, 6, 6, 2, 2] takes [24, 30, 6], 12000 = [30, 10, 10, 2]
    /// takes [20, 30, 10].
    fn paired_split_radices(&self, radices: &[u32]) -> Option<Vec<u32>> {
        // `may_guard_stages`: above the complex capacity.
        let applies = self.real == Some(FusedReal::Split)
            && self.sub_fft_parts() == 1
            && self.may_guard_stages()
            && !self.last_stage_pairs(radices);
        if !applies {
            return None;
        }
        let cap = self.edge_first_radix_cap();
        let search = self.one_part_search(LastRadix::Dividing);
        guarded_radices(self.len, search, |r| {
            r[0] <= cap && self.last_stage_pairs(r)
        })
        .filter(|paired| paired.len() <= radices.len() + 1)
    }

    /// The clamped stages' search of a pass in one exchange part ([`guarded_radices`]).
    fn one_part_search(&self, last: LastRadix) -> GuardedSearch {
        GuardedSearch {
            most: self.guarded_max_values(),
            max_group: MAX_GROUP,
            parts: 1,
            last,
            fewest_work_items: false,
        }
    }

    /// A mixed length's stage radices from its `balanced` factors by the register rules
    /// ([`FusedSpec::mixed_radices_from`] before a real split's pairing).
    fn registers_radices_from(&self, balanced: Vec<u32>) -> Vec<u32> {
        let len = self.len.max(1);
        // Radices that small could need more work-items than a work-group may have:
        // then the register budget's largest.
        let chosen = match balanced.first() {
            Some(&r) if len / r > MAX_GROUP => balanced_factors(len, self.max_stage_radix()),
            _ => balanced,
        };
        // Where those radices do not all divide the first, radices that do, so the
        // values can stay in registers ([`FusedSpec::mixed_in_registers`]), at the cost
        // of one stage at most above 512 points: 2000 = [20, 20, 5] instead of
        // [10, 8, 5, 5]. Measured on the H100 (docs/PERFORMANCE.md, 2026-11-25):
        // 2000 points from 1.54 to 1.02 copies, 768 = [24, 8, 4] from 1.60 to 1.01,
        // 1296 = [6, 6, 6, 6] from 1.80 to 1.12; but the 250-point pass of 100000 points
        // as [10, 5, 5] took 1.165 ms against 0.963 as [25, 10], so shorter sub-FFTs
        // (many per work-group) take them only without an extra stage. Above the
        // complex capacity a work-group holds one sub-FFT, so the parts follow from the
        // length.
        let parts = self.sub_fft_parts();
        let fit = divide_the_first(&chosen) && parts_fit(len, &chosen, parts);
        if self.may_hold_mixed_registers() && !fit {
            let cap = self
                .max_mixed_stage_radix()
                .min(self.edge_first_radix_cap());
            if let Some(dividing) = dividing_radices(len, cap, parts, MAX_GROUP) {
                let extra = usize::from(len > EXTRA_STAGE_MIN_LEN || self.real.is_some());
                if dividing.len() <= chosen.len() + extra {
                    return dividing;
                }
            }
            // Above the complex capacity a pass must keep its values in registers: where
            // no radices divide the first, stages that run clamped butterflies, their last
            // radix dividing the first where one can.
            if parts == 1 && self.may_guard_stages() {
                let guarded = |last| {
                    guarded_radices(len, self.one_part_search(last), |_| true).map(|r| (r, 1))
                };
                // A real split stores the elements `j + it * L/R`: a dividing last radix.
                let any = match self.real {
                    Some(FusedReal::Split) => None,
                    _ => guarded(LastRadix::Any),
                };
                if let Some((radices, _)) = fewer_stages(len, guarded(LastRadix::Dividing), any) {
                    return radices;
                }
            }
        }
        chosen
    }

    /// Whether a mixed pass of these stage radices could keep its values in registers
    /// ([`FusedSpec::mixed_in_registers`]'s conditions that do not need the radices chosen:
    /// at least two stages dividing the first, exchanges in parts the generator tells
    /// apart, and from `REGISTER_MIN_RUN` to [`MAX_GROUP`] work-items per sub-FFT).
    pub(super) fn registers_could_hold(&self, radices: &[u32]) -> bool {
        let len = self.len.max(1);
        let Some(&first) = radices.first() else {
            return false;
        };
        let parts = self.sub_fft_parts();
        self.may_hold_mixed_registers()
            && radices.len() >= 2
            && first <= self.edge_first_radix_cap()
            && divide_the_first(radices)
            && parts_fit(len, radices, parts)
            && (REGISTER_MIN_RUN..=MAX_GROUP).contains(&(len / first))
    }
}

/// Whether the exchanges of a sub-FFT of `len` with these stage radices can go in `parts`
/// ([`FusedSpec::exchange_parts`]) with every part known to the generator: `parts` divides
/// `len`, the first radix (so each stage's reads, strided by `len / r` from a point below
/// `len / R`, fall in parts fixed at generation) and the last radix (so the outputs of every
/// earlier butterfly, `r * ps` neighbouring points from a multiple of `r * ps`, are one part).
pub(super) fn parts_fit(len: u32, radices: &[u32], parts: u32) -> bool {
    let (Some(&first), Some(&last)) = (radices.first(), radices.last()) else {
        return false;
    };
    parts == 1 || (len % parts == 0 && first % parts == 0 && last % parts == 0)
}

/// Whether every radix divides the first (so a work-item holding the first radix's points
/// runs whole butterflies of each).
pub(super) fn divide_the_first(radices: &[u32]) -> bool {
    radices
        .first()
        .is_some_and(|&first| radices.iter().all(|&r| first % r == 0))
}

/// Stage radices of `len` that all divide the first, R <= `cap`, with `REGISTER_MIN_RUN` (16)
/// to `max_group` ([`MAX_GROUP`] but for long mixed lengths) work-items per sub-FFT and at
/// least two stages: the fewest stages, then
/// the smallest R (more work-items, fewer registers each), then the radices after R as
/// [`radices_after_first`] gives them (`3000 -> [30, 10, 10]`, `2000 -> [20, 20, 5]`,
/// `3600 -> [30, 10, 6, 2]`). Where the exchanges go in `parts`
/// ([`FusedSpec::exchange_parts`]), the last radix is a multiple of `parts`
/// (`10368 -> [24, 12, 6, 6]`), so each butterfly of the earlier stages writes into one part
/// (`parts_fit`). `None` when no R works (`2310 = 2 * 3 * 5 * 7 * 11`).
pub(super) fn dividing_radices(len: u32, cap: u32, parts: u32, max_group: u32) -> Option<Vec<u32>> {
    let mut best: Option<Vec<u32>> = None;
    for first in (2..=cap.min(len / 2)).filter(|r| len % r == 0) {
        if !(REGISTER_MIN_RUN..=max_group).contains(&(len / first)) {
            continue;
        }
        let Some(rest) = radices_after_first(len / first, first) else {
            continue;
        };
        let mut radices = vec![first];
        radices.extend(rest);
        if parts > 1 {
            // An exchange in parts: a radix that is a multiple of the parts goes last.
            let Some(at) = radices[1..].iter().rposition(|r| r % parts == 0) else {
                continue;
            };
            let last = radices.remove(at + 1);
            radices.push(last);
        }
        if !best.as_ref().is_some_and(|b| radices.len() >= b.len()) {
            best = Some(radices);
        }
    }
    best
}

/// The radices after the first, R, of a pass in registers: divisors of R whose product is
/// `rest`, largest first. Taken greedily (each the largest divisor of R that divides what is
/// left: `4500 -> [30 | 30, 5]`), kept where that is one radix of 5 or more after a
/// repeated R; otherwise the fewest divisors, the largest as small as possible
/// (`3600 -> [30 | 10, 6, 2]` instead of `[30 | 30, 2, 2]`, `10000 -> [20 | 10, 10, 5]`
/// instead of `[20 | 20, 5, 5]`). Measured on the H100 (docs/PERFORMANCE.md, 2026-11-25, f32,
/// 2^27 points): the balanced radices took 1800 from 0.837 to 0.798 ms, 2700 from 0.920 to
/// 0.845, 3600 from 0.992 to 0.913, 10000 (one part) from 1.064 to 1.035, and were no slower
/// elsewhere but where the greedy split keeps [R, R, r] with r >= 5: 4500 as [30, 15, 10]
/// 0.773 -> 0.800, 5488 as [28, 14, 14] 0.811 -> 0.855. `None` when no divisors of R make
/// `rest`.
pub(super) fn radices_after_first(rest: u32, first: u32) -> Option<Vec<u32>> {
    let mut greedy = Vec::new();
    let mut left = rest;
    while left > 1 {
        let radix = (2..=first)
            .rev()
            .find(|d| first % d == 0 && left % d == 0)?;
        greedy.push(radix);
        left /= radix;
    }
    greedy.sort_unstable_by(|a, b| b.cmp(a));
    if let [repeated, small] = greedy[..] {
        if repeated == first && small >= 5 {
            return Some(greedy);
        }
    }
    let balanced =
        (1..=greedy.len() as u32).find_map(|count| even_divisors(rest, first, count, first));
    Some(balanced.unwrap_or(greedy))
}

/// `rest` as exactly `count` divisors of `first`, each at most `limit`, largest first, the
/// largest as small as possible; `None` when there are none.
pub(super) fn even_divisors(rest: u32, first: u32, count: u32, limit: u32) -> Option<Vec<u32>> {
    if count == 1 {
        return (rest <= limit && first % rest == 0).then(|| vec![rest]);
    }
    let mut best: Option<Vec<u32>> = None;
    for radix in (2..=limit.min(rest)).rev() {
        if rest % radix != 0 || first % radix != 0 {
            continue;
        }
        // The largest comes first: the others must fit under it.
        if u64::from(radix).saturating_pow(count) < u64::from(rest) {
            break;
        }
        if let Some(mut tail) = even_divisors(rest / radix, first, count - 1, radix) {
            tail.insert(0, radix);
            if best.as_ref().map_or(true, |b| tail[0] <= b[0]) {
                best = Some(tail);
            }
        }
    }
    best
}
