//! The pass plan as pure data, and the planner that designs it.
//!
//! A plan is decided and unit-tested here, before any device runs it: the runtime only walks
//! [`Plan::passes`]. Two pass families exist:
//! - global radix passes (DESIGN.md section 4.1): one work-item per radix-R butterfly, log_R N
//!   round trips through global memory; any device, any twiddle variant;
//! - fused passes: a work-group computes whole sub-FFTs of length L in local memory, so a
//!   transform of N <= L_c points is one pass and larger ones are 2 or 3 Stockham passes of
//!   sub-FFTs (four-step without a separate transpose: each pass reads and writes runs of
//!   consecutive values).

use crate::{log2_exact, Direction, Normalization, Precision};
use std::fmt;

/// Smallest transform length a plan accepts.
pub const MIN_LEN: usize = 2;
/// Largest transform length a plan accepts (2^27 points; the device's allocation limit may
/// lower it further).
pub const MAX_LEN: usize = 1 << 27;
/// Radices the generator ships global radix kernels for.
pub const SUPPORTED_RADICES: [u32; 6] = [2, 4, 8, 16, 32, 64];
/// The largest radix the planner uses unless told otherwise: radix 16 keeps 32 complex
/// values in registers, a good balance on GPUs and CPUs alike.
pub const DEFAULT_MAX_RADIX: u32 = 16;

/// One pass over global memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pass {
    /// One work-item per radix-`radix` butterfly of every sequence, Stockham indexing with
    /// stride `stride` (the `p` of DESIGN.md 4.1: 1, R, R^2, ...).
    GlobalRadix {
        /// Butterfly size: 2, 4, ..., 64.
        radix: u32,
        /// Product of the radices of the passes before this one.
        stride: usize,
    },
    /// A work-group computes whole sub-FFTs of `len` points in local memory; Stockham
    /// indexing with stride `stride` over those sub-FFTs.
    Fused {
        /// Sub-FFT length L (a power of two up to the device's local-memory budget).
        len: u32,
        /// Product of the lengths of the passes before this one.
        stride: usize,
    },
}

impl Pass {
    /// Points this pass combines: the radix of a global pass, the sub-FFT length of a fused one.
    pub fn radix(&self) -> u32 {
        match self {
            Pass::GlobalRadix { radix, .. } | Pass::Fused { len: radix, .. } => *radix,
        }
    }

    /// The Stockham stride `p` of this pass.
    pub fn stride(&self) -> usize {
        match self {
            Pass::GlobalRadix { stride, .. } | Pass::Fused { stride, .. } => *stride,
        }
    }
}

/// Which pass family the planner may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Global radix passes only (any device, any twiddle variant).
    Global,
    /// Fused local-memory passes within these limits.
    Fused(FusedLimits),
}

/// What fused passes the device can run (decided by the runtime from the device's local
/// memory and work-group limits and the generator's kernel shapes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FusedLimits {
    /// Longest transform done in one pass (one sequence per work-group): L_c.
    pub single_pass_max: usize,
    /// Longest sub-FFT of a pass of a multi-pass transform: a work-group there handles
    /// `single_pass_max / len` sub-FFTs side by side, and each of its global accesses is a run
    /// of that many values, which must fill a memory sector (32 bytes).
    pub multi_pass_max: usize,
}

/// What the caller asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlanRequest {
    /// Points per transform.
    pub len: usize,
    /// Number of independent transforms, stored one after another.
    pub batch: usize,
    /// Sign of the exponent.
    pub direction: Direction,
    /// Data precision.
    pub precision: Precision,
    /// Output scaling.
    pub normalization: Normalization,
    /// Largest radix of global radix passes (one of [`SUPPORTED_RADICES`]).
    pub max_radix: u32,
    /// Pass family.
    pub family: Family,
}

/// A complete schedule for one transform shape.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The request the plan was built for.
    pub request: PlanRequest,
    /// Passes in execution order; pass `i` reads what pass `i-1` wrote.
    pub passes: Vec<Pass>,
    /// Factor applied to the output by the last pass.
    pub scale: f64,
}

/// Why a request cannot be planned.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlanError {
    /// The length is not a power of two in `MIN_LEN..=MAX_LEN`.
    #[error("length {len} is not supported: oclfft transforms powers of two from {MIN_LEN} to {MAX_LEN}; {}", describe_nearest(*len))]
    UnsupportedLength {
        /// The rejected length.
        len: usize,
    },
    /// The batch is zero.
    #[error(
        "batch must be at least 1 (got 0): pass the number of transforms stored one after another"
    )]
    EmptyBatch,
    /// `len * batch` overflows the address space.
    #[error("len {len} x batch {batch} overflows usize: split the batch")]
    TooManyPoints {
        /// Points per transform.
        len: usize,
        /// Number of transforms.
        batch: usize,
    },
    /// `max_radix` is not one of [`SUPPORTED_RADICES`].
    #[error("max radix {0} is not supported: use one of 2, 4, 8, 16, 32, 64")]
    UnsupportedRadix(u32),
}

/// The supported lengths just below and just above `len` (`None` where there is none).
pub fn nearest_supported_lengths(len: usize) -> (Option<usize>, Option<usize>) {
    let below = if len < MIN_LEN {
        None
    } else {
        Some((1usize << (usize::BITS - 1 - len.leading_zeros())).min(MAX_LEN))
    };
    let above = len
        .max(MIN_LEN)
        .checked_next_power_of_two()
        .filter(|&n| n <= MAX_LEN);
    (below, above)
}

/// "the nearest supported lengths are 512 and 1024 (zero-pad to 1024)", or the one that exists.
fn describe_nearest(len: usize) -> String {
    match nearest_supported_lengths(len) {
        (Some(below), Some(above)) if below == above => format!("{len} itself is a power of two"),
        (Some(below), Some(above)) => {
            format!("the nearest supported lengths are {below} and {above} (zero-pad to {above})")
        }
        (None, Some(above)) => format!("the smallest supported length is {above} (zero-pad to it)"),
        (Some(below), None) => {
            format!("the largest supported length is {below} (split the signal)")
        }
        (None, None) => "no supported length is near it".to_string(),
    }
}

/// Splits `log2_len` into radix exponents: as many `max_log2` as fit, the remainder last.
fn radix_exponents(log2_len: u32, max_log2: u32) -> Vec<u32> {
    let mut exps = vec![max_log2; (log2_len / max_log2) as usize];
    if log2_len % max_log2 != 0 {
        exps.push(log2_len % max_log2);
    }
    exps
}

/// Splits `log2_len` into fused sub-FFT exponents: one pass when it fits `single_pass_max`,
/// else as few passes as `multi_pass_max` allows, balanced (larger ones first), so every
/// pass's runs are as long as possible.
fn fused_exponents(log2_len: u32, limits: FusedLimits) -> Vec<u32> {
    if 1usize << log2_len <= limits.single_pass_max {
        return vec![log2_len];
    }
    let max_e = limits.multi_pass_max.max(2).ilog2();
    let passes = log2_len.div_ceil(max_e);
    let (base, extra) = (log2_len / passes, log2_len % passes);
    (0..passes).map(|i| base + u32::from(i < extra)).collect()
}

impl Plan {
    /// Designs the passes for `request`: global radix passes, largest radix first, one
    /// smaller radix last when log2 N is not a multiple of log2 `max_radix`.
    pub fn new(request: PlanRequest) -> Result<Plan, PlanError> {
        let log2_len = log2_exact(request.len)
            .filter(|_| (MIN_LEN..=MAX_LEN).contains(&request.len))
            .ok_or(PlanError::UnsupportedLength { len: request.len })?;
        if request.batch == 0 {
            return Err(PlanError::EmptyBatch);
        }
        request
            .len
            .checked_mul(request.batch)
            .ok_or(PlanError::TooManyPoints {
                len: request.len,
                batch: request.batch,
            })?;
        if !SUPPORTED_RADICES.contains(&request.max_radix) {
            return Err(PlanError::UnsupportedRadix(request.max_radix));
        }
        let (exponents, fused) = match request.family {
            Family::Global => (
                radix_exponents(log2_len, request.max_radix.trailing_zeros()),
                false,
            ),
            Family::Fused(limits) => (fused_exponents(log2_len, limits), true),
        };
        let mut stride = 1usize;
        let passes = exponents
            .into_iter()
            .map(|e| {
                let pass = if fused {
                    Pass::Fused {
                        len: 1 << e,
                        stride,
                    }
                } else {
                    Pass::GlobalRadix {
                        radix: 1 << e,
                        stride,
                    }
                };
                stride <<= e;
                pass
            })
            .collect();
        Ok(Plan {
            scale: request.normalization.scale(request.len, request.direction),
            request,
            passes,
        })
    }

    /// Bytes read and written in global memory by one execution (all passes, all batches).
    pub fn bytes_moved(&self) -> u64 {
        let points = (self.request.len * self.request.batch) as u64;
        2 * points * self.request.precision.complex_bytes() as u64 * self.passes.len() as u64
    }
}

impl fmt::Display for Plan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = &self.request;
        writeln!(
            f,
            "{} C2C {} x {} points, {}, scale {}",
            r.direction, r.batch, r.len, r.precision, self.scale
        )?;
        for (i, pass) in self.passes.iter().enumerate() {
            match pass {
                Pass::GlobalRadix { radix, stride } => {
                    writeln!(f, "  pass {i}: global radix-{radix}, stride {stride}")?
                }
                Pass::Fused { len, stride } => writeln!(
                    f,
                    "  pass {i}: fused sub-FFTs of {len} points in local memory, stride {stride}"
                )?,
            }
        }
        write!(f, "  moves {} bytes of global memory", self.bytes_moved())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(len: usize, max_radix: u32) -> PlanRequest {
        PlanRequest {
            len,
            batch: 3,
            direction: Direction::Forward,
            precision: Precision::F32,
            normalization: Normalization::None,
            max_radix,
            family: Family::Global,
        }
    }

    const LIMITS_F32: FusedLimits = FusedLimits {
        single_pass_max: 4096,
        multi_pass_max: 1024,
    };

    fn fused(len: usize) -> Vec<Pass> {
        let mut r = request(len, 16);
        r.family = Family::Fused(LIMITS_F32);
        Plan::new(r).unwrap().passes
    }

    fn fused_pass(len: u32, stride: usize) -> Pass {
        Pass::Fused { len, stride }
    }

    #[test]
    fn fused_plans_one_pass_up_to_the_single_pass_limit() {
        assert_eq!(fused(2), vec![fused_pass(2, 1)]);
        assert_eq!(fused(4096), vec![fused_pass(4096, 1)]);
    }

    #[test]
    fn fused_plans_balance_two_and_three_passes() {
        assert_eq!(
            fused(1 << 13),
            vec![fused_pass(128, 1), fused_pass(64, 128)]
        );
        assert_eq!(
            fused(1 << 20),
            vec![fused_pass(1024, 1), fused_pass(1024, 1024)]
        );
        assert_eq!(
            fused(1 << 21),
            vec![
                fused_pass(128, 1),
                fused_pass(128, 128),
                fused_pass(128, 1 << 14)
            ]
        );
        assert_eq!(
            fused(1 << 26),
            vec![
                fused_pass(512, 1),
                fused_pass(512, 512),
                fused_pass(256, 1 << 18)
            ]
        );
    }

    #[test]
    fn fused_lengths_multiply_to_the_length_within_limits() {
        for log2 in 1..=27 {
            let passes = fused(1 << log2);
            let product: usize = passes.iter().map(|p| p.radix() as usize).product();
            assert_eq!(product, 1 << log2);
            if passes.len() > 1 {
                assert!(passes
                    .iter()
                    .all(|p| p.radix() as usize <= LIMITS_F32.multi_pass_max));
            }
            let mut stride = 1;
            for p in &passes {
                assert_eq!(p.stride(), stride);
                stride *= p.radix() as usize;
            }
        }
    }

    fn radix_pass(radix: u32, stride: usize) -> Pass {
        Pass::GlobalRadix { radix, stride }
    }

    #[test]
    fn largest_radix_first_smaller_last() {
        let plan = Plan::new(request(1 << 10, 16)).unwrap();
        assert_eq!(
            plan.passes,
            vec![radix_pass(16, 1), radix_pass(16, 16), radix_pass(4, 256)]
        );
    }

    #[test]
    fn exact_powers_use_one_radix() {
        let plan = Plan::new(request(4096, 16)).unwrap();
        assert_eq!(
            plan.passes,
            vec![radix_pass(16, 1), radix_pass(16, 16), radix_pass(16, 256)]
        );
    }

    #[test]
    fn short_lengths_are_one_pass() {
        assert_eq!(
            Plan::new(request(2, 16)).unwrap().passes,
            vec![radix_pass(2, 1)]
        );
        assert_eq!(
            Plan::new(request(8, 64)).unwrap().passes,
            vec![radix_pass(8, 1)]
        );
        assert_eq!(
            Plan::new(request(64, 64)).unwrap().passes,
            vec![radix_pass(64, 1)]
        );
    }

    #[test]
    fn radices_multiply_to_the_length() {
        for log2 in 1..=27 {
            for max_radix in SUPPORTED_RADICES {
                let plan = Plan::new(request(1 << log2, max_radix)).unwrap();
                let product: usize = plan.passes.iter().map(|p| p.radix() as usize).product();
                assert_eq!(product, 1 << log2);
                assert!(plan.passes.iter().all(|p| p.radix() <= max_radix));
            }
        }
    }

    #[test]
    fn inverse_backward_plans_scale_by_one_over_n() {
        let mut r = request(256, 16);
        r.direction = Direction::Inverse;
        r.normalization = Normalization::Backward;
        assert_eq!(Plan::new(r).unwrap().scale, 1.0 / 256.0);
    }

    #[test]
    fn bad_lengths_name_the_nearest_supported_ones() {
        let err = Plan::new(request(1000, 16)).unwrap_err();
        assert_eq!(err, PlanError::UnsupportedLength { len: 1000 });
        let msg = err.to_string();
        assert!(msg.contains("are 512 and 1024 (zero-pad to 1024)"), "{msg}");
        assert!(matches!(
            Plan::new(request(1, 16)),
            Err(PlanError::UnsupportedLength { .. })
        ));
        assert!(matches!(
            Plan::new(request(1 << 28, 16)),
            Err(PlanError::UnsupportedLength { .. })
        ));
        assert_eq!(nearest_supported_lengths(1 << 28), (Some(MAX_LEN), None));
        assert_eq!(nearest_supported_lengths(0), (None, Some(2)));
    }

    #[test]
    fn other_bad_requests() {
        let mut r = request(16, 16);
        r.batch = 0;
        assert_eq!(Plan::new(r), Err(PlanError::EmptyBatch));
        assert_eq!(
            Plan::new(request(16, 12)),
            Err(PlanError::UnsupportedRadix(12))
        );
        let mut r = request(1 << 20, 16);
        r.batch = usize::MAX / 2;
        assert!(matches!(Plan::new(r), Err(PlanError::TooManyPoints { .. })));
    }

    #[test]
    fn bytes_moved_counts_every_pass() {
        let plan = Plan::new(request(4096, 16)).unwrap();
        assert_eq!(plan.bytes_moved(), 2 * 4096 * 3 * 8 * 3);
    }
}
