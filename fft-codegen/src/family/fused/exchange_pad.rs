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

/// `values` of padding after every `every` values: `e + values * (e / every)`; none where
/// `values` is 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Gaps {
    pub(super) every: u32,
    pub(super) values: u32,
}

impl Gaps {
    /// No padding.
    pub(super) const NONE: Gaps = Gaps {
        every: 1,
        values: 0,
    };

    /// The padded index of `e`.
    pub(super) fn padded(self, e: u64) -> u64 {
        e + u64::from(self.values) * (e / u64::from(self.every))
    }

    /// The padded index of the uint `e` in C.
    pub(super) fn text(self, e: &str) -> String {
        match self.values {
            0 => e.to_string(),
            1 => format!("({e} + {e} / {}u)", self.every),
            x => format!("({e} + {x}u * ({e} / {}u))", self.every),
        }
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
/// meets no bank twice. The kernel's `pad()` where that one takes more than one bank pass
/// per warp-wide transaction beyond `pad()`'s own (the columns of a wide pass: `pad()` skews
/// each sub-FFT by a few values, which no `e + X * (e / Q)` does).
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
    let mut candidates: Vec<Gaps> = (LINEAR_PAD_MIN_PERIOD..=per)
        .rev()
        .filter(|&q| per % q == 0)
        .flat_map(|every| (1..32).map(move |values| Gaps { every, values }))
        .filter(|gaps| gaps.padded(last) < budget)
        .collect();
    // Least padding first (X / Q), then the longest Q: the order ties are broken in.
    candidates.sort_by(|a, b| {
        (u64::from(a.values) * u64::from(b.every))
            .cmp(&(u64::from(b.values) * u64::from(a.every)))
            .then(b.every.cmp(&a.every))
    });
    let mut residues: Vec<(u32, Option<Residues>)> = Vec::new();
    let none = exchange.residues(1, banks);
    let mut best = (Gaps::NONE, none.extra_passes(0, u64::MAX));
    for gaps in candidates {
        if best.1 == 0 {
            break;
        }
        let at = match residues.iter().position(|(q, _)| *q == gaps.every) {
            Some(at) => at,
            None => {
                let linear = exchange.is_linear(gaps.every);
                residues.push((
                    gaps.every,
                    linear.then(|| exchange.residues(gaps.every, banks)),
                ));
                residues.len() - 1
            }
        };
        let Some(table) = &residues[at].1 else {
            continue;
        };
        let passes = table.extra_passes(gaps.values, best.1);
        if passes < best.1 {
            best = (gaps, passes);
        }
    }
    // The kernel's pad() has no arithmetic to save where it meets fewer banks twice: a
    // linear padding is kept where it takes at most one extra pass per transaction more.
    let helper = exchange.helper_passes(&shape.spec, banks);
    if best.1 > helper.saturating_add(exchange.transactions(banks)) {
        return Padding::Helper;
    }
    Padding::Linear {
        gaps: best.0,
        extra_passes: best.1,
    }
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
        let one_per = |every| Gaps { every, values: 1 };
        for (len, precision, want) in [
            (8192, Precision::F32, vec![one_per(64), none]),
            (
                6561,
                Precision::F32,
                vec![
                    none,
                    Gaps {
                        every: 243,
                        values: 22,
                    },
                ],
            ),
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
        assert_eq!(paddings(1024, Precision::F32), [Padding::Helper]);
    }
}
