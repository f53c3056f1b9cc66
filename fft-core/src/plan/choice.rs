//! Measure mode's vocabulary: the decompositions a plan may take ([`Choice`]) and the
//! candidates worth timing for a request ([`candidates`]).
//!
//! The estimate planner ([`Plan::new`]) applies fixed rules; measure mode times each
//! candidate on the device and keeps the fastest. A choice is plain data with a short text
//! form (`fused 128x64`, `radix 16 scalar`), so the tuning file that remembers it is readable
//! and a choice read back is checked against the candidates before it is used: a stale or
//! edited file can make a plan slower, never wrong.

use super::rules::{fused_limits_for, FusedLimits};
use super::{DeviceCaps, DeviceKind, KernelForm, Plan, PlanRequest, Strategy};
use crate::kernel::{KernelSpec, Twiddles, MAX_RADIX, RADICES};
use std::fmt;
use std::str::FromStr;

/// The most fused passes a split names.
pub const MAX_SPLIT_PASSES: usize = 4;

/// The sub-FFT lengths of a power-of-two transform's fused passes, in pass order (powers of
/// two, their product the transform's length). The planner uses it for the Stockham passes
/// whose length equals [`FusedSplit::points`] and its own balanced split elsewhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FusedSplit {
    log2s: [u8; MAX_SPLIT_PASSES],
    passes: u8,
}

impl FusedSplit {
    /// The split with these sub-FFT log2 lengths in pass order, or `None` when there are none,
    /// more than [`MAX_SPLIT_PASSES`], or one is 0 or above 27.
    pub fn new(log2s: &[u32]) -> Option<FusedSplit> {
        if log2s.is_empty() || log2s.len() > MAX_SPLIT_PASSES {
            return None;
        }
        let mut split = FusedSplit {
            log2s: [0; MAX_SPLIT_PASSES],
            passes: log2s.len() as u8,
        };
        for (slot, &e) in split.log2s.iter_mut().zip(log2s) {
            if e == 0 || e > 27 {
                return None;
            }
            *slot = e as u8;
        }
        Some(split)
    }

    /// The sub-FFT log2 lengths, in pass order.
    pub fn log2s(&self) -> Vec<u32> {
        self.log2s[..self.passes as usize]
            .iter()
            .map(|&e| u32::from(e))
            .collect()
    }

    /// The log2 of the transform's length (the sum of the parts).
    pub fn log2_len(&self) -> u32 {
        self.log2s().iter().sum()
    }

    /// The transform's length, the product of the sub-FFT lengths.
    pub fn points(&self) -> usize {
        1 << self.log2_len()
    }

    /// Whether every part fits the device's fused passes: one part up to `single_pass_max`,
    /// several each up to `multi_pass_max`.
    pub fn fits(&self, limits: FusedLimits) -> bool {
        let max = if self.passes == 1 {
            limits.single_pass_max
        } else {
            limits.multi_pass_max
        };
        self.log2s().iter().all(|&e| 1usize << e <= max)
    }
}

impl fmt::Display for FusedSplit {
    /// The sub-FFT lengths joined by `x`, e.g. `128x64`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .log2s()
            .iter()
            .map(|e| (1u64 << e).to_string())
            .collect();
        f.write_str(&parts.join("x"))
    }
}

/// One decomposition of a transform: what measure mode times and the tuning file stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    /// Fused passes: of these sub-FFT lengths (powers of two), or the planner's own split
    /// (`None`: mixed lengths, whose split is not a choice).
    Fused(Option<FusedSplit>),
    /// Lanes passes ([`Strategy::Lanes`]): the CPU devices' default for powers of two.
    Lanes,
    /// Global radix passes of radices up to `max_radix`, in `form`.
    Radix {
        /// The largest radix.
        max_radix: u32,
        /// Vector or scalar kernels.
        form: KernelForm,
    },
}

impl Choice {
    /// `request` made to take this decomposition.
    pub fn apply(self, request: PlanRequest) -> PlanRequest {
        match self {
            Choice::Fused(split) => PlanRequest {
                strategy: Strategy::Fused,
                fused_split: split,
                ..request
            },
            Choice::Lanes => PlanRequest {
                strategy: Strategy::Lanes,
                fused_split: None,
                ..request
            },
            Choice::Radix { max_radix, form } => PlanRequest {
                strategy: Strategy::GlobalRadix,
                max_radix,
                form,
                fused_split: None,
                ..request
            },
        }
    }
}

impl fmt::Display for Choice {
    /// `fused`, `fused 128x64`, `radix 16 vector`, `radix 8 scalar`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Choice::Fused(None) => f.write_str("fused"),
            Choice::Fused(Some(split)) => write!(f, "fused {split}"),
            Choice::Lanes => f.write_str("lanes"),
            Choice::Radix { max_radix, form } => {
                let name = KernelForm::ALL
                    .iter()
                    .find(|(k, _)| k == form)
                    .map_or("auto", |(_, n)| n);
                write!(f, "radix {max_radix} {name}")
            }
        }
    }
}

/// Why a choice's text cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a decomposition: write 'fused', 'fused 128x64' (power-of-two sub-FFT lengths), 'lanes' or 'radix 16 vector' (radix 2 to 64; auto, vector or scalar)")]
pub struct ChoiceParseError {
    /// The text that was read.
    pub text: String,
}

impl FromStr for Choice {
    type Err = ChoiceParseError;

    fn from_str(text: &str) -> Result<Choice, ChoiceParseError> {
        let error = || ChoiceParseError {
            text: text.to_string(),
        };
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            ["fused"] => Ok(Choice::Fused(None)),
            ["lanes"] => Ok(Choice::Lanes),
            ["fused", lengths] => {
                let log2s = lengths
                    .split('x')
                    .map(|part| {
                        part.parse::<usize>()
                            .ok()
                            .filter(|n| n.is_power_of_two())
                            .map(|n| n.trailing_zeros())
                    })
                    .collect::<Option<Vec<u32>>>()
                    .ok_or_else(error)?;
                FusedSplit::new(&log2s)
                    .map(|split| Choice::Fused(Some(split)))
                    .ok_or_else(error)
            }
            ["radix", radix, form] => {
                let max_radix = radix
                    .parse::<u32>()
                    .ok()
                    .filter(|r| crate::kernel::RADICES.contains(r))
                    .ok_or_else(error)?;
                let form = KernelForm::from_name(form).ok_or_else(error)?;
                Ok(Choice::Radix { max_radix, form })
            }
            _ => Err(error()),
        }
    }
}

/// The length whose passes a [`Choice`] decides: the complex core of a 1-D request (N, a
/// real transform's N/2, Bluestein's padded M, Rader's N - 1), or `None` for multi-dimensional requests and
/// lengths of one pass-free point, which measure mode does not tune.
pub fn tuned_len(request: &PlanRequest, caps: &DeviceCaps) -> Option<usize> {
    core_len(&Plan::new(*request, caps).ok()?)
}

/// [`tuned_len`] of the estimate plan `plan`.
fn core_len(plan: &Plan) -> Option<usize> {
    if plan.request.shape.is_some_and(|s| !s.is_one_dimensional()) {
        return None;
    }
    let len = plan.algorithm.core_len(plan.complex_len);
    (len > 1).then_some(len)
}

/// The decompositions measure mode times for `request` on a device with `caps`, the one the
/// estimate planner picks first; empty when there is nothing to choose (multi-dimensional
/// requests, length 1, or a request that does not plan).
///
/// Within the strategy and twiddles the request asks for (an explicit
/// [`Strategy::GlobalRadix`] keeps global radix passes, [`Strategy::Fused`] fused ones), a
/// power-of-two core of 2^n points gets every fused split into the fewest passes the device
/// allows and into one more, whose parts differ by at most 2 (2 passes: at most 4; on CPU
/// devices only the first of them), and global radix passes of largest radix 8, 16 and 32
/// (on CPU devices also 64, in both forms, and lanes passes); other lengths get fused passes
/// and mixed-radix passes.
pub fn candidates(request: &PlanRequest, caps: &DeviceCaps) -> Vec<Choice> {
    let Ok(estimate) = Plan::new(*request, caps) else {
        return Vec::new();
    };
    let Some(len) = core_len(&estimate) else {
        return Vec::new();
    };
    let fused_limits = match request.strategy {
        Strategy::GlobalRadix => None,
        _ if request.twiddles != Twiddles::Table => None,
        _ => fused_limits_for(
            &PlanRequest {
                strategy: Strategy::Fused,
                ..*request
            },
            caps,
        )
        .ok()
        .flatten(),
    };
    let cpu = caps.kind == DeviceKind::Cpu;
    let mut choices = Vec::new();
    if let Some(limits) = fused_limits {
        if len.is_power_of_two() {
            // On CPU devices fused passes lose to radix passes by 2x to 5x (PoCL, 2 cores):
            // one split is enough to confirm it without timing a dozen.
            let splits = fused_splits(len.ilog2(), limits);
            let keep = if cpu { 1 } else { splits.len() };
            choices.extend(estimate_split(&estimate, len).map(|s| Choice::Fused(Some(s))));
            choices.extend(
                splits
                    .into_iter()
                    .take(keep)
                    .map(|s| Choice::Fused(Some(s))),
            );
        } else {
            choices.push(Choice::Fused(None));
        }
    }
    let lanes_allowed = matches!(request.strategy, Strategy::Auto | Strategy::Lanes);
    if lanes_allowed && cpu && len.is_power_of_two() && request.twiddles == Twiddles::Table {
        choices.push(Choice::Lanes);
    }
    if request.strategy != Strategy::Fused {
        if len.is_power_of_two() {
            // Largest radices of the one list from 8 up; the largest, 64, on CPU devices only.
            let radices: Vec<u32> = RADICES
                .into_iter()
                .filter(|&r| r >= 8 && (cpu || r < MAX_RADIX))
                .collect();
            let forms: &[KernelForm] = if cpu && request.twiddles == Twiddles::Table {
                &[KernelForm::Scalar, KernelForm::Vector]
            } else {
                &[KernelForm::Vector]
            };
            for &form in forms {
                for &max_radix in &radices {
                    choices.push(Choice::Radix { max_radix, form });
                }
            }
        } else {
            choices.push(Choice::Radix {
                max_radix: request.max_radix,
                form: KernelForm::Vector,
            });
        }
    }
    // Only choices that plan, and each plan once: the estimate's first.
    let mut plans: Vec<(Choice, Plan)> = Vec::new();
    for choice in choices {
        if let Ok(plan) = Plan::new(choice.apply(*request), caps) {
            if !plans.iter().any(|(_, p)| p.passes == plan.passes) {
                plans.push((choice, plan));
            }
        }
    }
    if let Some(i) = plans.iter().position(|(_, p)| p.passes == estimate.passes) {
        let first = plans.remove(i);
        plans.insert(0, first);
    }
    plans.into_iter().map(|(choice, _)| choice).collect()
}

/// The fused split of the estimate plan's passes where they are fused passes of `len`
/// points in all (the point-wise steps of a real plan aside): the planner's three-pass
/// layouts (1024 x M x 128, a real transform's split in a 64-point last pass) are not among
/// the balanced splits [`fused_splits`] lists, so measure mode times them this way.
fn estimate_split(estimate: &Plan, len: usize) -> Option<FusedSplit> {
    let log2s: Vec<u32> = estimate
        .passes
        .iter()
        .filter_map(|pass| match pass.spec {
            KernelSpec::Fused(spec) => Some(spec.len),
            _ => None,
        })
        .map(|l| l.is_power_of_two().then(|| l.ilog2()))
        .collect::<Option<_>>()?;
    let total: u32 = log2s.iter().sum();
    (1usize.checked_shl(total) == Some(len))
        .then(|| FusedSplit::new(&log2s))
        .flatten()
}

/// The fused splits of 2^`log2_len` worth timing (see [`candidates`]).
fn fused_splits(log2_len: u32, limits: FusedLimits) -> Vec<FusedSplit> {
    let one = FusedSplit::new(&[log2_len]).filter(|s| s.fits(limits));
    let max_e = limits.multi_pass_max.max(2).ilog2();
    let fewest = if one.is_some() {
        2
    } else {
        log2_len.div_ceil(max_e).max(2)
    };
    let mut splits: Vec<FusedSplit> = one.into_iter().collect();
    for passes in fewest..=(fewest + 1).min(MAX_SPLIT_PASSES as u32) {
        let spread = if passes == 2 { 4 } else { 2 };
        for parts in compositions(log2_len, passes, max_e) {
            let (lo, hi) = (parts.iter().min(), parts.iter().max());
            if hi.zip(lo).is_some_and(|(h, l)| h - l <= spread) {
                splits.extend(FusedSplit::new(&parts).filter(|s| s.fits(limits)));
            }
        }
    }
    splits
}

/// Every ordered way to write `total` as `parts` numbers from 2 to `max` (larger first).
fn compositions(total: u32, parts: u32, max: u32) -> Vec<Vec<u32>> {
    if parts == 1 {
        return if (2..=max).contains(&total) {
            vec![vec![total]]
        } else {
            Vec::new()
        };
    }
    let mut all = Vec::new();
    for first in (2..=max.min(total)).rev() {
        for mut rest in compositions(total - first, parts - 1, max) {
            rest.insert(0, first);
            all.push(rest);
        }
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    const GPU: DeviceCaps = DeviceCaps::NVIDIA_GPU;
    const CPU: DeviceCaps = DeviceCaps::POCL_CPU;

    fn texts(choices: &[Choice]) -> Vec<String> {
        choices.iter().map(Choice::to_string).collect()
    }

    #[test]
    fn choices_read_back_what_they_write() {
        for text in [
            "fused",
            "fused 128x64",
            "fused 8192",
            "radix 16 vector",
            "radix 8 scalar",
            "lanes",
        ] {
            let choice: Choice = text.parse().unwrap();
            assert_eq!(choice.to_string(), text);
        }
        for bad in [
            "",
            "fused 100x10",
            "fused 0",
            "radix 12 vector",
            "radix 16 simd",
            "lanes 8",
            "fast",
        ] {
            let err = bad.parse::<Choice>().unwrap_err().to_string();
            assert!(
                err.contains(&format!("'{bad}'")) && err.contains("fused 128x64"),
                "{err}"
            );
        }
    }

    #[test]
    fn a_gpu_times_fused_splits_and_radix_passes_the_estimate_first() {
        let request = PlanRequest {
            batch: 64,
            ..PlanRequest::new(1 << 13)
        };
        assert_eq!(
            texts(&candidates(&request, &GPU)),
            [
                "fused 8192",
                "fused 256x32",
                "fused 128x64",
                "fused 64x128",
                "fused 32x256",
                "fused 32x32x8",
                "fused 32x16x16",
                "fused 32x8x32",
                "fused 16x32x16",
                "fused 16x16x32",
                "fused 8x32x32",
                "radix 8 vector",
                "radix 16 vector",
                "radix 32 vector",
            ]
        );
    }

    #[test]
    fn large_lengths_split_into_the_fewest_passes_and_one_more() {
        let request = PlanRequest::new(1 << 20);
        let found = texts(&candidates(&request, &GPU));
        assert_eq!(found[0], "fused 1024x1024", "the estimate first: {found:?}");
        assert!(found.contains(&"fused 128x128x64".to_string()), "{found:?}");
        assert!(found.contains(&"fused 64x128x128".to_string()), "{found:?}");
        // Wide passes take sub-FFTs up to 4096 points in a multi-pass plan, not 8192.
        assert!(found.contains(&"fused 4096x256".to_string()), "{found:?}");
        assert!(found.contains(&"fused 2048x512".to_string()), "{found:?}");
        assert!(!found.iter().any(|c| c.contains("8192")), "{found:?}");
    }

    #[test]
    fn the_planners_three_pass_layouts_are_timed_first() {
        // 1024 x 128 x 128 is not among the balanced splits (parts at most 2 apart).
        let c2c = texts(&candidates(&PlanRequest::new(1 << 24), &GPU));
        assert_eq!(c2c[0], "fused 1024x128x128", "{c2c:?}");
        assert_eq!(c2c.iter().filter(|c| *c == "fused 1024x128x128").count(), 1);
        // The R2C of 2^24 reals: the split in a 64-point last pass.
        let r2c = PlanRequest {
            real: Some(crate::kernel::RealLayout::Compact),
            ..PlanRequest::new(1 << 24)
        };
        let found = texts(&candidates(&r2c, &GPU));
        assert_eq!(found[0], "fused 1024x128x64", "{found:?}");
    }

    #[test]
    fn explicit_strategies_and_cpus_narrow_the_candidates() {
        let radix_only = PlanRequest {
            strategy: Strategy::GlobalRadix,
            ..PlanRequest::new(1 << 10)
        };
        assert_eq!(
            texts(&candidates(&radix_only, &CPU)),
            [
                "radix 16 scalar",
                "radix 8 scalar",
                "radix 32 scalar",
                "radix 64 scalar",
                "radix 8 vector",
                "radix 16 vector",
                "radix 32 vector",
                "radix 64 vector",
            ]
        );
        let on_the_fly = PlanRequest {
            twiddles: Twiddles::Sincos,
            ..PlanRequest::new(1 << 10)
        };
        assert!(candidates(&on_the_fly, &GPU).iter().all(|c| matches!(
            c,
            Choice::Radix {
                form: KernelForm::Vector,
                ..
            }
        )));
        let on_a_cpu = texts(&candidates(&PlanRequest::new(1 << 12), &CPU));
        assert_eq!(
            on_a_cpu.iter().filter(|c| c.starts_with("fused")).count(),
            1,
            "{on_a_cpu:?}"
        );
        assert_eq!(on_a_cpu[0], "lanes", "the estimate first: {on_a_cpu:?}");
        assert_eq!(on_a_cpu.len(), 10, "{on_a_cpu:?}");
        let mixed = PlanRequest::new(1000);
        assert_eq!(
            texts(&candidates(&mixed, &GPU)),
            ["fused", "radix 16 vector"]
        );
        let square = PlanRequest {
            shape: Some(super::super::Shape::new(&[64, 64], None).unwrap()),
            ..PlanRequest::new(64 * 64)
        };
        assert!(candidates(&square, &GPU).is_empty());
        assert!(candidates(&PlanRequest::new(1), &GPU).is_empty());
    }

    #[test]
    fn every_candidate_plans_the_split_it_names() {
        let request = PlanRequest::new(1 << 14);
        for choice in candidates(&request, &GPU) {
            let plan = Plan::new(choice.apply(request), &GPU).unwrap();
            if let Choice::Fused(Some(split)) = choice {
                let lens: Vec<u32> = plan.passes.iter().map(|p| p.radix()).collect();
                let named: Vec<u32> = split.log2s().iter().map(|e| 1 << e).collect();
                assert_eq!(lens, named, "{choice}");
            }
        }
    }
}
