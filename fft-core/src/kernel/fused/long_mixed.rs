//! Mixed f32 lengths longer than one exchange part holds (10240 points) in one pass: the
//! rules of shorter lengths (at most [`MAX_GROUP`](super::MAX_GROUP) work-items, a first
//! radix of at most 32, exchange parts counted from the capacity alone) leave many of them
//! to two passes (15625 = 5^6, 19683 = 3^9, 12005 = 5 * 7^4); these take work-groups of up to
//! [`LONG_MIXED_MAX_GROUP`] work-items, a first radix up to the largest butterfly (64) and
//! exchange parts that divide the length.

use super::guarded::{fewer_stages, guarded_radices, stage_values, GuardedSearch, LastRadix};
use super::radices::dividing_radices;
use super::{
    FusedSpec, LONG_MIXED_MAX_GROUP, LONG_MIXED_PART_CHOICES, WIDE_LONG_MIXED_MAX_FIRST_RADIX,
    WIDE_LONG_MIXED_MAX_PART_EXCHANGES,
};
use crate::plan::balanced_factors;
use crate::Precision;

impl FusedSpec {
    /// The longest mixed length a pass takes: [`FusedSpec::max_len`], and in f32 three exchange
    /// parts of [`FusedSpec::mixed_scalar_capacity`] (30720 points).
    pub fn mixed_max_len(precision: Precision) -> u32 {
        match precision {
            Precision::F32 => 3 * FusedSpec::mixed_scalar_capacity(precision),
            Precision::F64 => FusedSpec::max_len(precision),
        }
    }

    /// Whether this pass is a long mixed one in registers: an f32 pass (no edge but the
    /// caller's layout, read or written element by element; not side by side) of a mixed
    /// length above [`FusedSpec::mixed_scalar_capacity`] that the shorter lengths' rules do
    /// not keep in registers, where stage radices that all divide the first exist with
    /// `REGISTER_MIN_RUN` to `LONG_MIXED_MAX_GROUP` (1024) work-items (`long_mixed_radices`).
    /// Measured on the H200 (docs/PERFORMANCE.md, 2026-11-30 (long mixed), e2; f32, 2^27
    /// points, two passes -> one): 15625 as `[25, 25, 25]` (625 work-items, 5 parts) 1.611 ->
    /// 0.835 ms, 19683 as `[27, 27, 27]` (729, 3 parts) 1.617 -> 0.833, 20000 as
    /// `[20, 10, 10, 10]` (1000, 2 parts) 1.485 -> 0.887, 16807 as `[49, 49, 7]` (343, 7
    /// parts) 1.424 -> 0.962, 10935 as `[45, 9, 9, 3]` (243, 3 parts) 1.972 -> 0.997, 12005 as
    /// `[35, 7, 7, 7]` (343, 7 parts) 1.629 -> 1.346; 44 of the 45 lengths it takes gained,
    /// 14406 as `[42, 7, 7, 7]` (7 parts) lost 1.392 -> 1.441.
    pub fn is_long_mixed(&self) -> bool {
        self.long_mixed_stages().is_some()
    }

    /// The stage radices and exchange parts of a long mixed pass
    /// ([`FusedSpec::is_long_mixed`]); `None` for every other pass.
    pub(super) fn long_mixed_stages(&self) -> Option<(Vec<u32>, u32)> {
        if self.may_be_long_mixed() && !shorter_rules_hold(self.len) {
            self.long_mixed_radices()
        } else {
            None
        }
    }

    /// What [`FusedSpec::is_long_mixed`] asks of the spec before the radices.
    fn may_be_long_mixed(&self) -> bool {
        self.precision == Precision::F32
            && self.len > FusedSpec::mixed_scalar_capacity(self.precision)
            && self.len <= FusedSpec::mixed_max_len(self.precision)
            && self.side_by_side == 0
            && self.chirp.is_none()
            && self.real.is_none()
            && !self.pair_rows
            && self.may_hold_mixed_registers()
    }

    /// A long mixed length's stage radices and exchange parts: radices that all divide the
    /// first, R up to the largest butterfly, with `REGISTER_MIN_RUN` to
    /// [`LONG_MIXED_MAX_GROUP`] work-items ([`dividing_radices`]), for the fewest exchange
    /// parts that divide the length (of the first [`LONG_MIXED_PART_CHOICES`]) for which such
    /// radices exist (so `parts_fit`: the parts divide the length, the first and the last
    /// radix), with at most one stage more than the balanced factors: `15625 -> [25, 25, 25]`
    /// in 5 parts, `19683 -> [27, 27, 27]` in 3, `12005 -> [35, 7, 7, 7]` in 7.
    fn long_mixed_radices(&self) -> Option<(Vec<u32>, u32)> {
        let len = self.len;
        let balanced = balanced_factors(len, self.max_mixed_stage_radix());
        (self.sub_fft_parts()..=len)
            .filter(|parts| len % parts == 0)
            .take(LONG_MIXED_PART_CHOICES)
            .find_map(|parts| {
                dividing_radices(len, self.max_stage_radix(), parts, LONG_MIXED_MAX_GROUP)
                    .map(|radices| (radices, parts))
            })
            .filter(|(radices, _)| radices.len() <= balanced.len() + 1)
            .filter(|(radices, parts)| self.wide_pass_fits(radices, *parts))
            .or_else(|| self.guarded_long_radices(&balanced))
    }

    /// Where those rules give no pass: stages whose radix need not divide the first, their
    /// last butterfly clamped (`guarded.rs`), R and every stage within 32 values per
    /// work-item, the last radix a multiple of the parts, on the same conditions of parts and
    /// stages (`11025 -> [21, 25, 21]` of 525 work-items in 3 parts, `14520 -> [22, 30, 22]`
    /// in 2), and at any number of parts on the wide passes' (`guarded_long_fits`); a last
    /// radix that does not divide the first on at most [`SCATTERED_LONG_MAX_GROUP`]
    /// work-items where no dividing one works or where it saves a stage (`fewer_stages`:
    /// `10560 -> [22, 30, 16]`). Among the radices of the first parts that have some that fit,
    /// the fewest work-items before the fewest values ([`GuardedSearch::fewest_work_items`]:
    /// `11648 -> [26, 32, 14]` of 448 work-items, not `[16, 28, 26]` of 728).
    fn guarded_long_radices(&self, balanced: &[u32]) -> Option<(Vec<u32>, u32)> {
        if !self.may_guard_stages() {
            return None;
        }
        let (len, most) = (self.len, self.max_mixed_stage_radix());
        let guarded = |last, max_group| {
            (self.sub_fft_parts()..=len)
                .filter(|parts| len % parts == 0)
                .take(LONG_MIXED_PART_CHOICES)
                .find_map(|parts| {
                    let search = GuardedSearch {
                        most,
                        max_group,
                        parts,
                        last,
                        fewest_work_items: true,
                    };
                    let fits = |radices: &[u32]| {
                        radices.len() <= balanced.len() + 1 && guarded_long_fits(radices, parts)
                    };
                    guarded_radices(len, search, fits).map(|radices| (radices, parts))
                })
        };
        fewer_stages(
            len,
            guarded(LastRadix::Dividing, LONG_MIXED_MAX_GROUP),
            guarded(LastRadix::Any, SCATTERED_LONG_MAX_GROUP),
        )
    }
}

/// Whether a long mixed pass with clamped stages is one NVIDIA's compiler runs well: at most
/// [`WIDE_LONG_MIXED_MAX_PART_EXCHANGES`] exchanges times parts (the wide passes' rule, here
/// from two parts), and beyond three stages at most [`GUARDED_LONG_MAX_VALUES`] values per
/// work-item. Read off 33 lengths timed on the H200 (docs/PERFORMANCE.md, 2026-11-30
/// (guarded), g2 and g5; in-sample): the 9 that lost against their two passes (1.17-2.59x)
/// had 4 stages and either 15-39 exchanges times parts (11830 = [13, 10, 7, 13] in 13 parts:
/// 1.541 -> 3.984 ms; 19110 = [21, 13, 10, 7] in 7) or 26-32 values (13104 = [14, 26, 18,
/// 2]: 1.374 -> 1.611; 23400 = [24, 25, 13, 3]); of the 24 that gained (1.01-1.95x) the rule
/// keeps 18 (15840 = [18, 22, 20, 2]: 1.975 -> 1.015) and drops 6 (16500 = [22, 25, 15, 2]:
/// 2.010 -> 1.408, 30 values; the others gained under 1.13x).
fn guarded_long_fits(radices: &[u32], parts: u32) -> bool {
    let exchanges = radices.len() as u32 - 1;
    exchanges * parts <= WIDE_LONG_MIXED_MAX_PART_EXCHANGES
        && (radices.len() <= 3 || stage_values(radices) <= GUARDED_LONG_MAX_VALUES)
}

/// The most work-items of a long mixed pass whose last radix does not divide the first
/// (`guarded_long_radices`). Read off the 12 such lengths timed on the H200
/// (docs/PERFORMANCE.md, 2026-11-30 (scattered), s1; in-sample): the three slower in one
/// pass than in two had 896 or 1024 work-items of 32 values (17920 = [20, 32, 28]: 1.278 ->
/// 1.343 ms; 24576 = [24, 32, 32]: 1.196 -> 1.595; 28672 = [28, 32, 32]: 1.307 -> 1.477);
/// the nine faster had 546 to 864 (19008 = [22, 27, 32]: 1.921 -> 1.437 ms) but 19800 =
/// [22, 30, 30] (900: 1.988 -> 1.838), which this bound gives up.
const SCATTERED_LONG_MAX_GROUP: u32 = 864;

/// The most values per work-item of a long mixed pass of more than three stages with clamped
/// stages ([`guarded_long_fits`]).
const GUARDED_LONG_MAX_VALUES: u32 = 24;

impl FusedSpec {
    /// Beyond two exchange parts of [`FusedSpec::mixed_scalar_capacity`], whether a long mixed
    /// pass of these radices and parts is one NVIDIA's compiler keeps in registers: at most
    /// [`WIDE_LONG_MIXED_MAX_PART_EXCHANGES`] exchanges times parts and a first radix of at
    /// most [`WIDE_LONG_MIXED_MAX_FIRST_RADIX`] (25000 = [50, 50, 10] in 5 parts takes one
    /// pass; 21875 = [35, 5, 5, 5, 5] in 5 and 27783 = [63, 7, 63] keep two). Shorter lengths
    /// keep their rules (12005 = [35, 7, 7, 7] in 7 parts gained there: work-groups of 343
    /// work-items, 168 registers each).
    fn wide_pass_fits(&self, radices: &[u32], parts: u32) -> bool {
        let exchanges = radices.len() as u32 - 1;
        self.sub_fft_parts() <= 2
            || (exchanges * parts <= WIDE_LONG_MIXED_MAX_PART_EXCHANGES
                && radices[0] <= WIDE_LONG_MIXED_MAX_FIRST_RADIX)
    }
}

/// Whether the shorter lengths' rules keep a plain f32 pass of `len` in registers (then the
/// long mixed rules leave it alone: 10368, 10800, 13500 keep their plans).
fn shorter_rules_hold(len: u32) -> bool {
    let spec = FusedSpec::new(len);
    spec.registers_could_hold(&spec.shorter_mixed_radices())
}
