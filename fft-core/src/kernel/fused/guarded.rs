//! Mixed lengths above the complex capacity whose radices cannot all divide the first: their
//! values stay in registers (the stages exchange halves), and a stage whose radix r does not
//! divide R runs `ceil(R / r)` butterflies per work-item, the last of them clamped to the
//! stage's last butterfly on the work-items past it (its reads stay in the buffer; it writes
//! nothing: fft-codegen's `registers.rs`). Without this, 4200 = 2^3 * 3 * 5^2 * 7 needs a
//! first radix of 210 for every radix to divide it, and ran as two passes (70 + 60 points);
//! with it, `[20, 21, 10]`: 210 work-items, the radix-21 stage on 200 of them.
//!
//! Measured on the H200 (docs/PERFORMANCE.md, 2026-11-30 (guarded), g1; f32, 2^27 points,
//! two passes -> one): 4200 1.505 -> 0.565 ms (cuFFT 0.642), 4800 1.205 -> 0.535, 5600 1.804
//! -> 0.583, 8400 1.455 -> 0.655 (cuFFT 0.880), 8640 1.545 -> 0.636, 10240 1.648 -> 0.916,
//! 8190 = [21, 13, 10, 3] 1.583 -> 1.075; every one of the 18 lengths timed gained 1.5-3.2x.
//! A last radix that does not divide R came after (fft-codegen's `scattered.rs`; 2026-11-30
//! (scattered)): where no dividing one works (5005 = [11, 13, 7, 5]) or where it saves a
//! stage ([`fewer_stages`]: 8190 = [21, 30, 13], 1.074 -> 0.967 ms).
//! f64 (2^26 points): 3000 1.476 -> 0.608 ms (cuFFT 1.584), 4800 1.390 -> 0.580.

use super::radices::divide_the_first;
use super::{FusedSpec, REGISTER_MIN_RUN};
use crate::kernel::real::FusedReal;
use crate::plan::balanced_factors;

impl FusedSpec {
    /// Whether this pass may run stages whose radix does not divide the first
    /// ([`guarded_radices`]): a mixed pass above [`FusedSpec::complex_capacity`] (one sub-FFT
    /// per work-group, exchanging halves, in parts above [`FusedSpec::mixed_scalar_capacity`]:
    /// the long mixed passes, [`FusedSpec::is_long_mixed`]), not interleaved or side by side,
    /// with no edge but the caller's layout or a real step (read by the first stage's
    /// registers and written from the last one's element by element, which the clamped
    /// stages between leave alone; a split's last radix divides the first,
    /// [`FusedSpec::mixed_in_registers`]); no Bluestein edges.
    pub(super) fn may_guard_stages(&self) -> bool {
        self.len > FusedSpec::complex_capacity(self.precision)
            && !self.interleaved
            && self.side_by_side == 0
            && self.chirp.is_none()
            && !self.pair_rows
            && self.may_hold_mixed_registers()
    }

    /// Whether this pass keeps its values in registers with a stage whose radix does not
    /// divide the first, its last butterfly clamped on some work-items.
    pub fn guards_stages(&self) -> bool {
        self.may_guard_stages()
            && self.mixed_in_registers()
            && !divide_the_first(&self.stage_radices())
    }

    /// Whether these stage radices suit a pass that [may guard its stages](FusedSpec::may_guard_stages):
    /// the first stage runs on the load's registers, the stages after it take any radix (a
    /// last radix that does not divide the first stores each output at its own point:
    /// fft-codegen's `scattered.rs`), and no stage holds more than the largest mixed radix
    /// (32 in f32, 16 in f64) values per work-item ([`stage_values`]).
    pub(super) fn guarded_stages_fit(&self, radices: &[u32]) -> bool {
        !radices.is_empty()
            && self.may_guard_stages()
            && stage_values(radices) <= self.guarded_max_values()
    }

    /// The most values a work-item of a clamped pass holds in any stage ([`stage_values`]):
    /// the largest mixed radix (32 in f32, 16 in f64), but `MERGE_MAX_VALUES` (24) with an
    /// f32 C2R's merge. Measured on the H200 (docs/PERFORMANCE.md, 2026-11-30 (real halves);
    /// per 2^27 reals, the point-wise merge pass -> the merge in the one pass): in r1 and r2
    /// at 20 and 21 values the merge gained (8400 reals = [20, 21, 10] 0.566 -> 0.486 ms,
    /// 9000 = [15, 20, 15] 0.573 -> 0.485, 8232 = [14, 21, 14] 0.576 -> 0.508), at 25 and 30
    /// it lost or tied (15000 = [15, 25, 20] 0.611 -> 0.838, 12000 = [20, 30, 10] 0.642 ->
    /// 0.632); with the bound (r3) those two take [15, 10, 10, 5] and [15, 20, 20] and gained
    /// (0.609 -> 0.542, 0.641 -> 0.555), as did the other lengths it changed (8640 = [15, 18,
    /// 16] 0.639 -> 0.487, 11000 = [20, 11, 5, 5] 0.581 -> 0.550, 18000 = [18, 10, 10, 5]
    /// 0.582 -> 0.538).
    pub(super) fn guarded_max_values(&self) -> u32 {
        if self.real == Some(FusedReal::Merge) && self.precision == crate::Precision::F32 {
            self.max_mixed_stage_radix().min(MERGE_MAX_VALUES)
        } else {
            self.max_mixed_stage_radix()
        }
    }
}

/// The radices (and exchange parts) a clamped pass of `len` takes: the dividing ones where
/// there are some, unless those with any last radix take a stage fewer on no more
/// work-items, at most [`SWITCH_MAX_GROUP`]; else those with any last radix.
///
/// Measured on the H200 (docs/PERFORMANCE.md, 2026-11-30 (scattered), s3; in-sample): the
/// switch gained at 4480 = [10, 16, 14, 2] -> [14, 20, 16] (448 -> 320 work-items: 0.803 ->
/// 0.571 ms), 8190 -> [21, 30, 13] (1.074 -> 0.967), 8320, 9750, 10240, 4125, 10560 (880 ->
/// 528: 1.216 -> 0.936), 13200 (660 -> 600) and every f64 length (3360 = [10, 14, 12, 2] ->
/// [14, 16, 15]: 0.947 -> 0.527); it lost where the work-items grew (7000 = [20, 10, 7, 5]
/// -> [14, 25, 20], 350 -> 500: 0.714 -> 0.986) or stayed above 600 (15120 at 756, 16800 at
/// 700, 20160 at 840: 2-8 %), and at 7280 = [20, 28, 13] (1.6 %), which the rule keeps.
/// Out of sample (s4) it gained or tied on 13 of 16 lengths (15360 = [30, 32, 16]: 1.037 ->
/// 0.791 ms) and lost on 9800 = [25, 28, 14] (0.739 -> 0.880), f64 2560 = [10, 16, 16]
/// (0.518 -> 0.590) and 3072 = [12, 16, 16] (0.564 -> 0.586).
pub(super) fn fewer_stages(
    len: u32,
    dividing: Option<(Vec<u32>, u32)>,
    any: Option<(Vec<u32>, u32)>,
) -> Option<(Vec<u32>, u32)> {
    let group = |radices: &[u32]| len / radices[0];
    match (dividing, any) {
        (Some(d), Some(a))
            if a.0.len() < d.0.len() && group(&a.0) <= group(&d.0).min(SWITCH_MAX_GROUP) =>
        {
            Some(a)
        }
        (d, a) => d.or(a),
    }
}

/// The most values per work-item of a clamped f32 pass with a C2R's merge
/// ([`FusedSpec::guarded_max_values`]).
const MERGE_MAX_VALUES: u32 = 24;

/// The most work-items of a clamped pass whose last radix does not divide the first where
/// radices that divide it exist ([`fewer_stages`]).
const SWITCH_MAX_GROUP: u32 = 600;

/// Which last stage radices [`guarded_radices`] may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum LastRadix {
    /// Only radices that divide the first: the last stage's outputs are the store phase's
    /// elements `j + it * (L/R)`.
    Dividing,
    /// Any radix: where no dividing one gives a pass, or where these save a stage
    /// ([`fewer_stages`]).
    Any,
}

/// The most values a work-item holds in any stage: `ceil(R / r) * r` for each radix r.
pub(super) fn stage_values(radices: &[u32]) -> u32 {
    let first = radices.first().copied().unwrap_or(1);
    radices
        .iter()
        .map(|&r| first.div_ceil(r) * r)
        .max()
        .unwrap_or(first)
}

/// What [`guarded_radices`] searches.
#[derive(Clone, Copy, Debug)]
pub(super) struct GuardedSearch {
    /// The largest first radix R, and the most values per work-item in any stage.
    pub(super) most: u32,
    /// The most work-items.
    pub(super) max_group: u32,
    /// The exchange parts: R and the last radix are multiples of them.
    pub(super) parts: u32,
    /// Which last radices.
    pub(super) last: LastRadix,
    /// Fewer work-items before fewer values per work-item: in long passes, whose work-groups
    /// of up to 1024 work-items leave each fewer registers (docs/PERFORMANCE.md, 2026-11-30
    /// (scattered), s5: 11648 = [16, 28, 26] of 728 work-items 1.153 ms, as [26, 32, 14] of
    /// 448 0.884; 13440 = [16, 21, 20, 2] of 840 1.046, as [28, 30, 16] of 480 0.851; all 8
    /// lengths timed gained 1.4-30 %).
    pub(super) fewest_work_items: bool,
}

/// Stage radices of `len` for a pass whose middle stages need not divide the first
/// ([`FusedSpec::may_guard_stages`]) that `fits` takes: a first radix R <= `search.most`
/// with `REGISTER_MIN_RUN` to `search.max_group` work-items, a last radix that divides R,
/// or with [`LastRadix::Any`] any radix (each output then stored at its own point:
/// fft-codegen's `scattered.rs`), both multiples of the exchange parts (so each earlier
/// butterfly writes into one part, as `parts_fit` asks), the balanced factors of the rest
/// between them, and at most `search.most` values per work-item in any stage
/// (`ceil(R / r) * r`). The fewest stages, then the fewest values per work-item (registers;
/// after the fewest work-items where `search.fewest_work_items`), then the least idle work
/// (`ceil(R / r) * r / R - 1` summed over the stages), then the smallest R: `4200 -> [20, 21, 10]`,
/// `4800 -> [20, 24, 10]`, `8190 -> [21, 13, 10, 3]`; with any last radix `5005 -> [11, 13,
/// 7, 5]`. `None` where no R works (`5005` with a dividing last radix; `5929 = 7^2 * 11^2`
/// with any: R = 11 needs 539 work-items, R = 49 is above 32).
///
/// 40 values instead of 32 (radices up to 40 between) was measured on the H200
/// (docs/PERFORMANCE.md, 2026-11-30 (guarded), g2) and not kept: three stages instead of
/// four gained at 10240 = [32, 40, 8] (0.913 -> 0.749 ms), 13720 = [28, 35, 14] and 14112 =
/// [28, 36, 14] (1.104 -> 0.846), and lost at 5040 = [24, 35, 6] (0.715 -> 0.760), 7000 =
/// [20, 35, 10] (0.712 -> 0.938) and 20160 = [24, 35, 24] (1.201 -> 1.335).
pub(super) fn guarded_radices(
    len: u32,
    search: GuardedSearch,
    fits: impl Fn(&[u32]) -> bool,
) -> Option<Vec<u32>> {
    let GuardedSearch {
        most: max_values,
        max_group,
        parts,
        last,
        fewest_work_items,
    } = search;
    // (stages, work-items or 0, values, idle work in thousandths of a stage)
    type Key = (usize, u32, u32, u64);
    let mut best: Option<(Key, Vec<u32>)> = None;
    for first in (2..=max_values.min(len)).filter(|r| len % r == 0) {
        let group = len / first;
        // The parts divide R too (`parts_fit`): a dividing last radix sees to it.
        if !(REGISTER_MIN_RUN..=max_group).contains(&group) || first % parts != 0 {
            continue;
        }
        let lasts = (2..=group.min(max_values)).filter(|&d| {
            group % d == 0 && d % parts == 0 && (last == LastRadix::Any || first % d == 0)
        });
        for last in lasts {
            let rest = group / last;
            let middle = if rest == 1 {
                Vec::new()
            } else {
                balanced_factors(rest, max_values)
            };
            if rest > 1 && middle.is_empty() {
                continue;
            }
            let mut radices = vec![first];
            radices.extend(middle);
            radices.push(last);
            let values = stage_values(&radices);
            if values > max_values || !fits(&radices) {
                continue;
            }
            // Idle work, in thousandths of a stage.
            let idle: u64 = radices
                .iter()
                .map(|&r| u64::from(first.div_ceil(r) * r - first))
                .sum::<u64>()
                * 1000
                / u64::from(first);
            let work_items = if fewest_work_items { group } else { 0 };
            let key = (radices.len(), work_items, values, idle);
            if best.as_ref().map_or(true, |(k, _)| key < *k) {
                best = Some((key, radices));
            }
        }
    }
    best.map(|(_, radices)| radices)
}

#[cfg(test)]
mod tests {
    use super::super::{FusedSpec, MAX_GROUP};
    use super::{guarded_radices, GuardedSearch, LastRadix};
    use crate::kernel::real::FusedReal;
    use crate::kernel::spec::Lengths;
    use crate::Precision;

    fn spec(len: u32, precision: Precision) -> FusedSpec {
        FusedSpec {
            precision,
            lengths: Lengths::Any,
            single_pass: true,
            ..FusedSpec::new(len)
        }
    }

    #[test]
    fn the_fewest_stages_then_the_fewest_values_per_work_item() {
        let search = |most, last| GuardedSearch {
            most,
            max_group: MAX_GROUP,
            parts: 1,
            last,
            fewest_work_items: false,
        };
        let radices = |len| guarded_radices(len, search(32, LastRadix::Dividing), |_| true);
        let any = |len| guarded_radices(len, search(32, LastRadix::Any), |_| true);
        assert_eq!(radices(4200), Some(vec![20, 21, 10]));
        assert_eq!(radices(4800), Some(vec![20, 24, 10]));
        assert_eq!(radices(8190), Some(vec![21, 13, 10, 3]));
        // 5005 = 5 * 7 * 11 * 13: no R <= 32 with 16..512 work-items has a divisor left for
        // a dividing last radix; with any, [11, 13, 7, 5] (455 work-items).
        assert_eq!(radices(5005), None);
        assert_eq!(any(5005), Some(vec![11, 13, 7, 5]));
        // Any last radix takes three stages where a dividing one takes four.
        assert_eq!(any(8190), Some(vec![21, 30, 13]));
        // 5929 = 7^2 * 11^2: R = 11 needs 539 work-items, R = 49 is above 32.
        assert_eq!(any(5929), None);
        // Every stage within 32 values per work-item: 7680 = [16, 30, 16] (30 on 256 of 480).
        assert_eq!(radices(7680), Some(vec![16, 30, 16]));
        assert_eq!(
            guarded_radices(7680, search(24, LastRadix::Dividing), |_| true),
            Some(vec![16, 10, 6, 8])
        );
        // What `fits` refuses is passed over: four stages at most.
        assert_eq!(
            guarded_radices(8190, search(32, LastRadix::Dividing), |r| r.len() < 4),
            None
        );
    }

    #[test]
    fn long_passes_take_the_fewest_work_items_before_the_fewest_values() {
        // 11648 = 2^7 * 7 * 13 in 2 exchange parts: [16, 28, 26] holds 28 values on each of
        // 728 work-items, [26, 32, 14] 32 on 448 (measured faster, s5).
        let search = |fewest_work_items| GuardedSearch {
            most: 32,
            max_group: 1024,
            parts: 2,
            last: LastRadix::Any,
            fewest_work_items,
        };
        assert_eq!(
            guarded_radices(11648, search(false), |_| true),
            Some(vec![16, 28, 26])
        );
        assert_eq!(
            guarded_radices(11648, search(true), |_| true),
            Some(vec![26, 32, 14])
        );
        assert_eq!(spec(11648, Precision::F32).stage_radices(), [26, 32, 14]);
    }

    #[test]
    fn mixed_lengths_above_the_complex_capacity_guard_the_stages_that_do_not_divide() {
        let (f32, f64) = (Precision::F32, Precision::F64);
        for (len, precision, radices) in [
            (4200, f32, vec![20, 21, 10]),
            (7000, f32, vec![20, 10, 7, 5]),
            (3000, f64, vec![10, 10, 6, 5]),
            (4200, f64, vec![10, 12, 7, 5]),
            // Long mixed (`long_mixed.rs`), in parts the last radix is a multiple of.
            (11025, f32, vec![21, 25, 21]),
            (14520, f32, vec![22, 30, 22]),
            (13720, f32, vec![14, 10, 7, 14]),
            (16800, f32, vec![20, 21, 20, 2]),
        ] {
            let s = spec(len, precision);
            assert!(s.check().is_ok(), "{len} {precision:?}");
            assert!(s.exchanges_halves() && s.guards_stages(), "{len}");
            assert_eq!(s.stage_radices(), radices, "{len} {precision:?}");
            let first = radices[0];
            assert!(radices.iter().any(|r| first % r != 0), "{len}");
            assert_eq!(first % radices[radices.len() - 1], 0, "{len}");
            assert_eq!(s.work_group_size(), len / first, "{len}");
        }
    }

    #[test]
    fn a_last_radix_that_does_not_divide_the_first_where_none_does_or_it_saves_a_stage() {
        let (f32, f64) = (Precision::F32, Precision::F64);
        for (len, precision, radices) in [
            // No dividing last radix.
            (5005, f32, vec![11, 13, 7, 5]),
            (8918, f32, vec![26, 7, 7, 7]),
            (13312, f32, vec![26, 32, 16]),
            (22680, f32, vec![27, 28, 30]),
            (5005, f64, vec![11, 13, 7, 5]),
            (6144, f64, vec![12, 8, 8, 8]),
            // A stage fewer on no more work-items (`fewer_stages`): 8190 = [21, 13, 10, 3],
            // 4480 = [10, 16, 14, 2] of 448 work-items, f64 3360 = [10, 14, 12, 2], 10560 =
            // [12, 22, 20, 2] of 880 (in parts, the fewest work-items first: 480, not [20, 24,
            // 22] of 528).
            (8190, f32, vec![21, 30, 13]),
            (4480, f32, vec![14, 20, 16]),
            (3360, f64, vec![14, 16, 15]),
            (10560, f32, vec![22, 30, 16]),
        ] {
            let s = spec(len, precision);
            assert!(s.check().is_ok(), "{len} {precision:?}");
            assert!(s.guards_stages(), "{len}");
            assert_eq!(s.stage_radices(), radices, "{len} {precision:?}");
            assert_ne!(radices[0] % radices[radices.len() - 1], 0, "{len}");
        }
        // Not where the work-items would grow (7000 = [14, 25, 20] would take 500 instead of
        // 350) or pass 600 (15120 = [20, 27, 28] would take 756).
        assert_eq!(spec(7000, f32).stage_radices(), [20, 10, 7, 5]);
        assert_eq!(spec(15120, f32).stage_radices(), [18, 21, 20, 2]);
        // Long passes of more than 864 work-items keep two passes (24576 = [24, 32, 32] of
        // 1024, 17920 = [20, 32, 28] of 896 measured slower in one).
        assert!(spec(24576, f32).check().is_err() && spec(17920, f32).check().is_err());
    }

    #[test]
    fn other_passes_keep_their_rules() {
        let f32 = Precision::F32;
        // Up to the complex capacity the stages go through local memory (2310 = [15, 14, 11]).
        let short = spec(2310, f32);
        assert!(!short.may_guard_stages() && !short.mixed_in_registers());
        // A real split guards its stages as the whole transform only (the R2C of 8400
        // reals), its last radix dividing the first (the store's elements `j + it * L/R`):
        // 7800 takes [20, 13, 3, 10], not the complex pass's [24, 25, 13]; 4290 has no such
        // radices. As the last pass of several it exchanges nothing for its pairs.
        let split = |len| FusedSpec {
            real: Some(FusedReal::Split),
            ..spec(len, f32)
        };
        assert!(split(4200).guards_stages() && split(4200).check().is_ok());
        assert_eq!(split(4200).stage_radices(), [20, 21, 10]);
        assert_eq!(spec(7800, f32).stage_radices(), [24, 25, 13]);
        assert_eq!(split(7800).stage_radices(), [20, 13, 3, 10]);
        assert!(split(4290).check().is_err());
        // Radices whose last stage pairs in registers where the others would need the mirror
        // exchange, at most one stage more (`paired_split_radices`): 4320 = [30, 6, 6, 2, 2]
        // -> [24, 30, 6], 6000 = [30, 10, 10, 2] -> [20, 30, 10], 8000 = [20, 20, 20] -> [20,
        // 20, 10, 2]; an odd length never pairs (4725 = [15, 21, 15]).
        assert_eq!(split(4320).stage_radices(), [24, 30, 6]);
        assert_eq!(split(6000).stage_radices(), [20, 30, 10]);
        assert_eq!(split(8000).stage_radices(), [20, 20, 10, 2]);
        assert!(split(6000).pairs_split_in_registers());
        assert_eq!(split(4725).stage_radices(), [15, 21, 15]);
        assert!(!split(4725).pairs_split_in_registers() && split(4725).check().is_ok());
        let last_of_several = FusedSpec {
            single_pass: false,
            ..split(4200)
        };
        assert!(!last_of_several.may_guard_stages() && last_of_several.check().is_err());
        // The merge reads its pairs into the first stage's registers: any stages after, at
        // most 24 values per work-item in f32 (7500: [15, 10, 10, 5], not the complex
        // pass's [30, 10, 5, 5] nor [15, 25, 20]; 6000: [15, 20, 20]).
        let merge = |len| FusedSpec {
            real: Some(FusedReal::Merge),
            direction: crate::Direction::Inverse,
            ..spec(len, f32)
        };
        assert!(merge(4200).guards_stages() && merge(4200).check().is_ok());
        assert_eq!(merge(4200).stage_radices(), [20, 21, 10]);
        assert_eq!(spec(7500, f32).stage_radices(), [30, 10, 5, 5]);
        assert_eq!(merge(7500).stage_radices(), [15, 10, 10, 5]);
        assert_eq!(merge(6000).stage_radices(), [15, 20, 20]);
        assert!(merge(6000).check().is_ok());
        let interleaved = FusedSpec {
            interleaved: true,
            ..spec(4200, f32)
        };
        assert!(!interleaved.may_guard_stages());
        // The caller's layout rides on the first and last stages (planar input of 11025).
        let planar = FusedSpec {
            load: Some(super::super::Storage::Planar),
            ..spec(11025, f32)
        };
        assert!(planar.guards_stages() && planar.stage_radices() == [21, 25, 21]);
        // Long mixed passes in parts keep to the wide passes' rule at any parts and, beyond
        // three stages, to 24 values (`guarded_long_fits`): 11830 = [13, 10, 7, 13] would
        // exchange in 13 parts; 13104 = [14, 26, 18, 2] would hold 26 values and takes
        // [18, 28, 26], its last radix not dividing the first; 15840 = [18, 22, 20, 2] (22
        // values, 2 parts) is one pass.
        assert!(spec(11830, f32).check().is_err());
        assert_eq!(spec(13104, f32).stage_radices(), [18, 28, 26]);
        let kept = spec(15840, f32);
        assert!(kept.guards_stages() && kept.stage_radices() == [18, 22, 20, 2]);
        // Radices that divide the first guard nothing (6561 = [27, 27, 9]).
        assert!(spec(6561, f32).mixed_in_registers() && !spec(6561, f32).guards_stages());
        // Stages of more values per work-item than the largest mixed radix are refused
        // (7098 = [26, 21, 13]: 42); a last radix that does not divide the first is not.
        assert!(!spec(7098, f32).guarded_stages_fit(&[26, 21, 13]));
        assert!(spec(4200, f32).guarded_stages_fit(&[20, 10, 21]));
    }
}
