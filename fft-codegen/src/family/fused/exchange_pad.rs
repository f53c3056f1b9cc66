//! The padding of one exchange between the stages of a kernel that keeps its values in
//! registers ([`FusedSpec::pads_linearly`]):
//! `e + X * (e / Q)`, X values of padding after every Q ([`Gaps`]), picked for this
//! exchange so that each access is a pointer of the work-item plus a constant,
//! `buf + pad(base)` and `pad(offset)`, and the warps' accesses meet each bank as few times
//! as the candidates allow.
//!
//! The kernel's two-level `pad(e) = e + (e >> 5) + (e >> 10)` costs five integer
//! instructions per access (seven in NVIDIA's PTX, with the 64-bit address), about 240 a
//! work-item in the 10000-point kernel beside 1500 floating-point ones. Measured on the
//! H200 (docs/PERFORMANCE.md, 2026-11-26): with no padding at all, bank conflicts and all,
//! 6561 points took 0.619 ms against 0.696; with these paddings 0.600, and 10000 points
//! 0.683 against 1.005 (64 registers instead of 106: two work-groups per SM).
//!
//! `pad(base + offset) = pad(base) + pad(offset)` holds exactly when
//! `base % Q + offset % Q < Q`, whatever X. The candidates are checked for every work-item
//! of the group and every access, with the base's value computed from the same expression
//! the kernel declares it with, so a padding that would break it is never picked. X matters
//! for the banks only: 6561 = [27, 27, 9] writes runs of 27 values 729 apart, and 22 values
//! after every 243 move each run's next one onto the banks the run left free.

use super::exchange::Placed;
use super::exchange_lanes::{Exchange, Residues};
use super::shape::Shape;
use fft_core::kernel::{FusedSpec, LINEAR_PAD_MIN_PERIOD};
use std::ops::RangeInclusive;

/// `values` of padding after every `every` values, and `skew` more after every `skew_every`
/// (a longer period: one sub-FFT's values, so that sub-FFTs side by side start on different
/// banks): `e + values * (e / every) + skew * (e / skew_every)`; none where both are 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Gaps {
    pub(super) every: u32,
    pub(super) values: u32,
    pub(super) skew_every: u32,
    pub(super) skew: u32,
}

impl Gaps {
    /// No padding.
    pub(super) const NONE: Gaps = Gaps::every(1, 0);

    /// `values` after every `every` values, no skew.
    pub(super) const fn every(every: u32, values: u32) -> Gaps {
        Gaps {
            every,
            values,
            skew_every: 1,
            skew: 0,
        }
    }

    /// These gaps with `skew` values more after every `skew_every`.
    pub(super) const fn skewed(self, skew_every: u32, skew: u32) -> Gaps {
        Gaps {
            skew_every,
            skew,
            ..self
        }
    }

    /// The padded index of `e`.
    pub(super) fn padded(self, e: u64) -> u64 {
        e + u64::from(self.values) * (e / u64::from(self.every))
            + u64::from(self.skew) * (e / u64::from(self.skew_every))
    }

    /// The padded index of the uint `e` in C.
    pub(super) fn text(self, e: &str) -> String {
        let terms = self.terms(e, "u");
        if terms.is_empty() {
            e.to_string()
        } else {
            format!("({e}{terms})")
        }
    }

    /// The padding as the kernel's comment says it: `e + e / 32 + e / 1024`.
    pub(super) fn describe(self) -> String {
        match self.terms("e", "") {
            terms if terms.is_empty() => "No padding".to_string(),
            terms => format!("Padding e{terms}"),
        }
    }

    /// ` + X * (e / Q)` for each level with padding, each number followed by `suffix`.
    fn terms(self, e: &str, suffix: &str) -> String {
        [(self.values, self.every), (self.skew, self.skew_every)]
            .into_iter()
            .map(|(x, q)| match x {
                0 => String::new(),
                1 => format!(" + {e} / {q}{suffix}"),
                x => format!(" + {x}{suffix} * ({e} / {q}{suffix})"),
            })
            .collect()
    }

    /// The padding per value, `X / Q + Y / Q'`, as a fraction over `Q * Q'` (for sorting).
    fn share(self) -> (u64, u64) {
        let (q, q2) = (u64::from(self.every), u64::from(self.skew_every));
        (
            u64::from(self.values) * q2 + u64::from(self.skew) * q,
            q * q2,
        )
    }
}

/// How an exchange lays its values out in `buf`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Padding {
    /// Through the kernel's `pad(e)` helper, every access (the kernels that do not
    /// [pad linearly](FusedSpec::pads_linearly), and values not placed at a base and an
    /// offset).
    Helper,
    /// The [`Gaps`]: each access is a pointer and a constant.
    Linear {
        gaps: Gaps,
        /// The passes of the banks the work-group's accesses take beyond one per
        /// warp-wide transaction (0: none meets a bank twice).
        extra_passes: u64,
    },
}

/// The padding of the exchange from the values `from` to `to` (both written, in the kernel,
/// through `pointer[constant]` where [`Placed::at`] says where they are): [`Padding::Helper`]
/// unless the kernel pads linearly and every value has a base and an offset; else, of the
/// candidates that keep every access a pointer and a constant for every work-item (none,
/// or X < 32 values after every Q, Q a divisor of the work-items per sub-FFT from
/// [`LINEAR_PAD_MIN_PERIOD`], X / Q at most 1 / 8), the one with the fewest bank passes;
/// ties go to the least padding, then the longest Q. The search stops at the first that
/// meets no bank twice. Where the best of those takes more than one bank pass per
/// warp-wide transaction beyond the kernel's `pad()` (the columns of a wide pass, whose
/// warps hold several sub-FFTs side by side), `pad()`; except where the exchange goes in
/// parts, which first tries the same search over two levels ([`Gaps::skewed`]): Y more
/// values after every sub-FFT's part, which starts each sub-FFT on other banks as `pad()`'s
/// second level does, stopping at the first (the least padding) that meets banks twice no
/// more often than `pad()`, if one comes within one pass per transaction of it.
///
/// Measured on the H200 (docs/PERFORMANCE.md, 2026-11-27), f32, 2^27 points: the wide
/// 2048- and 4096-point passes (two parts) skewed took 2^23 from 1.880 to 1.730 ms
/// (0.787 + 1.093 -> 0.688 + 1.042) and 2^21's first pass from 0.777 to 0.690 ms; the
/// 1024-point pass (one part) with the same layout as `pad()`'s, `e + e / 32 + 4 * (e / 1024)`,
/// took 0.711 -> 0.876 ms as the second pass of 2^21 and kept `pad()`.
pub(super) fn choose(shape: &Shape, from: &[Placed], to: &[Placed]) -> Padding {
    if !shape.spec.pads_linearly() {
        return Padding::Helper;
    }
    let Some(exchange) = Exchange::of(shape, from, to) else {
        return Padding::Helper;
    };
    let budget = shape.spec.local_len();
    let last = u64::from(shape.columns) * u64::from(shape.spec.part_len()) - 1;
    let per = shape.per_fft;
    let banks = banks(&shape.spec);
    let fits = |gaps: &Gaps| gaps.padded(last) < budget;
    let inner: Vec<u32> = (LINEAR_PAD_MIN_PERIOD..=per)
        .rev()
        .filter(|&q| per % q == 0 && exchange.is_linear(q))
        .collect();
    let candidates: Vec<Gaps> = inner
        .iter()
        .flat_map(|&every| (1..32).map(move |values| Gaps::every(every, values)))
        .filter(fits)
        .collect();
    let none_passes = exchange.residues(1, 1, banks).extra_passes(0, 0, u64::MAX);
    let best = least_passes(
        &exchange,
        banks,
        (Gaps::NONE, none_passes),
        candidates,
        0..=u64::MAX,
    );
    // The kernel's pad() has no arithmetic to save where it meets fewer banks twice: a
    // linear padding is kept where it takes at most one extra pass per transaction more.
    let helper = exchange.helper_passes(&shape.spec, banks);
    let allowed = helper.saturating_add(exchange.transactions(banks));
    if best.1 <= allowed || shape.spec.exchange_parts() == 1 {
        return if best.1 <= allowed {
            linear(best)
        } else {
            Padding::Helper
        };
    }
    // The sub-FFTs side by side lie `part_len` values apart.
    let part = shape.spec.part_len();
    let outer: Vec<u32> = [part]
        .into_iter()
        .filter(|&q| q > per && u64::from(q) <= last && exchange.is_linear(q))
        .collect();
    let skewed: Vec<Gaps> = inner
        .iter()
        .flat_map(|&every| (0..=MAX_SKEWED_VALUES).map(move |values| Gaps::every(every, values)))
        .flat_map(|gaps| {
            outer
                .iter()
                .filter(move |&&q| q > gaps.every)
                .flat_map(move |&q| (1..32).map(move |skew| gaps.skewed(q, skew)))
        })
        .filter(fits)
        .collect();
    let best = least_passes(&exchange, banks, best, skewed, helper..=allowed);
    if best.1 <= allowed {
        linear(best)
    } else {
        Padding::Helper
    }
}

/// The most values after every inner period Q that a [skewed](Gaps::skewed) candidate
/// takes: the skew does the rest.
const MAX_SKEWED_VALUES: u32 = 2;

/// Of `best` (a padding and its bank passes) and the `candidates`, the one with the fewest
/// bank passes; ties to the least padding, then the longest periods (the order tried).
/// Stops at the first with at most `wanted.start()` passes; counts no further than
/// `wanted.end()` (a candidate with more is of no use).
fn least_passes(
    exchange: &Exchange,
    banks: u32,
    mut best: (Gaps, u64),
    mut candidates: Vec<Gaps>,
    wanted: RangeInclusive<u64>,
) -> (Gaps, u64) {
    // Least padding first (X / Q + Y / Q'), then the longest Q: the order ties are broken in.
    candidates.sort_by(|a, b| {
        let ((an, ad), (bn, bd)) = (a.share(), b.share());
        (an * bd)
            .cmp(&(bn * ad))
            .then(b.every.cmp(&a.every))
            .then(b.skew_every.cmp(&a.skew_every))
    });
    let mut tables: Vec<((u32, u32), Residues)> = Vec::new();
    for gaps in candidates {
        if best.1 <= *wanted.start() {
            break;
        }
        let key = (gaps.every, gaps.skew_every);
        let at = match tables.iter().position(|(k, _)| *k == key) {
            Some(at) => at,
            None => {
                tables.push((key, exchange.residues(key.0, key.1, banks)));
                tables.len() - 1
            }
        };
        let limit = best.1.min(wanted.end().saturating_add(1));
        let passes = tables[at].1.extra_passes(gaps.values, gaps.skew, limit);
        if passes < best.1 {
            best = (gaps, passes);
        }
    }
    best
}

/// A linear padding and its bank passes.
fn linear((gaps, extra_passes): (Gaps, u64)) -> Padding {
    Padding::Linear { gaps, extra_passes }
}

/// The banks one warp-wide transaction of the exchange's values meets: 128 bytes at a time,
/// 32 lanes of 4 bytes, 16 of 8, 8 of 16 ([`FusedSpec::local_value_bytes`]).
fn banks(spec: &FusedSpec) -> u32 {
    (128 / spec.local_value_bytes()).clamp(1, 32) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::fused::fused_stage_butterfly;
    use fft_core::Precision;

    fn paddings(len: u32, precision: Precision) -> Vec<Padding> {
        let spec = FusedSpec {
            precision,
            ..FusedSpec::new(len)
        };
        let shape = Shape::of(&spec);
        let graphs = shape
            .stages
            .iter()
            .map(|s| (s.radix, fused_stage_butterfly(&spec, s.radix).unwrap()))
            .collect();
        super::super::registers::exchange_paddings(&shape, &graphs).unwrap()
    }

    #[test]
    fn one_sub_fft_in_registers_pads_every_exchange_linearly() {
        // 8192 = [64, 64, 2] pads its first exchange (writes 64j + q) and not its second;
        // 6561 = [27, 27, 9] only its second (runs of 27 values 729 apart). None of their
        // exchanges meets a bank twice.
        let none = Gaps::NONE;
        let one_per = |every| Gaps::every(every, 1);
        for (len, precision, want) in [
            (8192, Precision::F32, vec![one_per(64), none]),
            (6561, Precision::F32, vec![none, Gaps::every(243, 22)]),
        ] {
            let want: Vec<Padding> = want
                .into_iter()
                .map(|gaps| Padding::Linear {
                    gaps,
                    extra_passes: 0,
                })
                .collect();
            assert_eq!(paddings(len, precision), want, "{len} {precision:?}");
        }
        // Every exchange of these lengths pads linearly.
        for (len, precision) in [
            (10000, Precision::F32),
            (16384, Precision::F32),
            (2187, Precision::F32),
            (4096, Precision::F64),
            (5184, Precision::F64),
        ] {
            for padding in paddings(len, precision) {
                assert!(matches!(padding, Padding::Linear { .. }), "{len}");
            }
        }
    }

    #[test]
    fn several_sub_ffts_pad_linearly_unless_their_columns_meet_banks_twice() {
        // 1000 = [10, 10, 10], 4 sub-FFTs per work-group: linear in every regime of t and p.
        for padding in paddings(1000, Precision::F32) {
            assert!(matches!(padding, Padding::Linear { .. }), "{padding:?}");
        }
        // The wide 1024-point pass (8 columns): with t, p > 1 each warp's lanes are 8
        // sub-FFTs apart, which the two-level pad() skews and no `e + X * (e / Q)` does.
        // It exchanges in one part and keeps pad() (measured faster than the skew).
        assert_eq!(paddings(1024, Precision::F32), [Padding::Helper]);
    }

    #[test]
    fn wide_passes_in_parts_skew_each_sub_fft() {
        // 2048 points with 8 columns and 4096 with 4 exchange in two parts: each sub-FFT's
        // part skewed by 4 (8) values, no bank met more often than with pad(). 4096 as
        // [64, 64] writes runs of 64 values in its one exchange: a gap every 64.
        let skewed = |gap_every, every, skew, extra_passes| Padding::Linear {
            gaps: Gaps::every(gap_every, 1).skewed(every, skew),
            extra_passes,
        };
        assert_eq!(paddings(2048, Precision::F32), [skewed(32, 1024, 4, 1024)]);
        assert_eq!(
            paddings(4096, Precision::F32),
            [skewed(64, 2048, 8, 0)],
            "4096's exchange"
        );
        for len in [2048, 4096] {
            let spec = FusedSpec::new(len);
            assert!(spec.is_wide() && spec.exchange_parts() == 2, "{len}");
            for padding in paddings(len, Precision::F32) {
                assert!(matches!(padding, Padding::Linear { .. }), "{len}");
            }
        }
    }

    #[test]
    fn a_skew_adds_its_values_once_per_period() {
        let gaps = Gaps::every(32, 1).skewed(1024, 4);
        assert_eq!(gaps.padded(31), 31);
        assert_eq!(gaps.padded(32), 33);
        assert_eq!(gaps.padded(1024), 1024 + 32 + 4);
        assert_eq!(gaps.text("e"), "(e + e / 32u + 4u * (e / 1024u))");
        assert_eq!(gaps.describe(), "Padding e + e / 32 + 4 * (e / 1024)");
        assert_eq!(Gaps::NONE.text("e"), "e");
        assert_eq!(
            Gaps::every(243, 22).describe(),
            "Padding e + 22 * (e / 243)"
        );
    }
}
