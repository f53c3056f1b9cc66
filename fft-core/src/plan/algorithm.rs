//! Which algorithm a length gets (DESIGN.md sections 4.3 and 4.4), and the radices of a
//! mixed-radix plan.

use crate::kernel::{bluestein_len, MAX_RADIX};

/// The largest prime a generated butterfly handles: lengths whose prime factors are all at
/// most this are "smooth" and run as Stockham passes of mixed radices.
pub const LARGEST_PRIME_RADIX: usize = crate::kernel::LARGEST_PRIME_RADIX as usize;

/// How a transform of a given length is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Length 1: the DFT is the identity (one point-wise pass applies the scale).
    Identity,
    /// A power of two: radix-2^k or fused passes.
    PowerOfTwo,
    /// A 13-smooth length that is not a power of two: global passes of mixed radices.
    MixedRadix,
    /// Any other length: Bluestein's chirp-z convolution of power-of-two length `padded`.
    Bluestein {
        /// The convolution length M >= 2N - 1 ([`crate::kernel::bluestein_len`]).
        padded: usize,
    },
    /// A prime above 13 whose predecessor is 13-smooth, on a plan without fused passes:
    /// Rader's cyclic convolution of length N - 1 ([`crate::kernel::rader_serves`]), two
    /// FFTs of N - 1 points where Bluestein would run two of M >= 2N - 1. Its work buffers
    /// hold N values per transform (a real transform's steps around it need them).
    Rader,
    /// A multi-dimensional transform: each axis by its own algorithm, one after another.
    MultiDim {
        /// Values per transform in the work buffers (more than the shape's where an axis
        /// runs Bluestein's padded convolution).
        work_len: usize,
    },
}

impl Algorithm {
    /// The algorithm for `len >= 1`.
    pub fn for_len(len: usize) -> Algorithm {
        if len == 1 {
            Algorithm::Identity
        } else if len.is_power_of_two() {
            Algorithm::PowerOfTwo
        } else if is_smooth(len) {
            Algorithm::MixedRadix
        } else {
            Algorithm::Bluestein {
                padded: bluestein_len(len),
            }
        }
    }

    /// Values per transform in the work buffers: `len`, or M for Bluestein.
    pub fn work_len(&self, len: usize) -> usize {
        match self {
            Algorithm::Bluestein { padded } => *padded,
            Algorithm::MultiDim { work_len } => *work_len,
            _ => len,
        }
    }

    /// The length of the FFTs the plan's passes compute: Bluestein's M, Rader's N - 1, else
    /// [`Algorithm::work_len`].
    pub fn core_len(&self, len: usize) -> usize {
        match self {
            Algorithm::Rader => len - 1,
            _ => self.work_len(len),
        }
    }

    /// The algorithm and why, for `explain`.
    pub fn describe(&self, len: usize) -> String {
        match self {
            Algorithm::Identity => "length 1: the DFT is the identity (one point-wise pass applies the scale)".to_string(),
            Algorithm::PowerOfTwo => format!("{len} is a power of two: radix-2^k Stockham passes"),
            Algorithm::MixedRadix => format!(
                "{len} = {}: Stockham passes of mixed radices",
                factorization(len)
            ),
            Algorithm::Bluestein { padded } => format!(
                "{len} = {} has a prime factor above {LARGEST_PRIME_RADIX}: Bluestein's chirp-z convolution of length {padded} = {} (the fastest length >= 2N - 1), its filter's spectrum computed once in f64",
                factorization(len),
                factorization(*padded)
            ),
            Algorithm::Rader => format!(
                "{len} is prime and {len} - 1 = {}: Rader's algorithm, a cyclic convolution of length {} by two FFTs of that length (Bluestein would run two of {} points; on this plan its steps could not ride on fused passes), its filter's spectrum computed once in f64",
                factorization(len - 1),
                len - 1,
                crate::kernel::bluestein_len(len)
            ),
            Algorithm::MultiDim { .. } => "a multi-dimensional transform: each axis by its own 1-D algorithm, one after another (interleaved fused passes for axes before the last, or a permute to contiguous sequences and back)".to_string(),
        }
    }
}

/// The prime factors of `n >= 1`, ascending, with multiplicity.
pub fn prime_factors(mut n: usize) -> Vec<usize> {
    let mut factors = Vec::new();
    let mut f = 2;
    while f * f <= n {
        while n % f == 0 {
            factors.push(f);
            n /= f;
        }
        f += 1;
    }
    if n > 1 {
        factors.push(n);
    }
    factors
}

fn largest_prime_factor(n: usize) -> usize {
    prime_factors(n).last().copied().unwrap_or(1)
}

/// Whether no prime factor of `n >= 1` is above [`LARGEST_PRIME_RADIX`] (13): the lengths
/// the generated butterflies compose.
pub fn is_smooth(n: usize) -> bool {
    largest_prime_factor(n) <= LARGEST_PRIME_RADIX
}

/// `2^3 * 5^3`, or the number itself when it is prime.
fn factorization(n: usize) -> String {
    let factors = prime_factors(n);
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < factors.len() {
        let f = factors[i];
        let count = factors[i..].iter().take_while(|&&g| g == f).count();
        parts.push(if count == 1 {
            f.to_string()
        } else {
            format!("{f}^{count}")
        });
        i += count;
    }
    if parts.len() == 1 && factors.len() == 1 {
        return format!("{n} (prime)");
    }
    parts.join(" * ")
}

/// The radices of a mixed-radix plan of a 13-smooth `len`, in pass order: as few passes
/// as possible, each a generated butterfly of at most [`MAX_RADIX`] points. The prime
/// factors, largest first, go into the first radix they still fit in (first-fit
/// decreasing), and the radices run largest first: `1000 -> [50, 20]`, `2187 -> [27, 27, 3]`.
pub fn mixed_radices(len: usize) -> Vec<u32> {
    let mut factors = prime_factors(len);
    factors.reverse();
    let mut radices: Vec<u32> = Vec::new();
    for f in factors {
        let f = f as u32;
        match radices.iter_mut().find(|r| **r * f <= MAX_RADIX) {
            Some(radix) => *radix *= f,
            None => radices.push(f),
        }
    }
    radices.sort_unstable_by(|a, b| b.cmp(a));
    radices
}

/// `len` as a product of the fewest factors of at most `cap`, the largest factor as small as
/// possible (ties: the first found, factors tried from large to small), largest first; `[len]`
/// when `len <= cap`, and `[]` when some prime factor exceeds `cap`. The fused kernels' local
/// stages (`1000 -> [40, 25]` under 64) and the fused passes of long mixed lengths
/// (`10^6 -> [1000, 1000]` under 1024) both come from it. A longer length's factors leave out
/// `SLOW_RADIX` where as many factors do without it (`105 -> [21, 5]`, not `[15, 7]`); 15
/// itself stays one factor.
pub fn balanced_factors(len: u32, cap: u32) -> Vec<u32> {
    if len <= cap {
        return vec![len];
    }
    (2..=len.ilog2())
        .find_map(|count| {
            best_split(len, count, cap, cap, true)
                .or_else(|| best_split(len, count, cap, cap, false))
        })
        .unwrap_or_default()
}

/// The factor [`balanced_factors`] leaves out of longer lengths' factorizations where as few
/// factors do without it (2310 keeps `[15, 14, 11]` under 16): radix-15
/// stages ran slowest of the mixed local-memory stages. Measured on the H200
/// (docs/PERFORMANCE.md, 2026-11-30 (sweep), s3), f32 per 2^27 points, with 15 -> without:
/// 11025 (105 = [15, 7] -> [21, 5]) 2.954 -> 2.444 ms, 30000 (150 = [15, 10] -> [25, 6])
/// 2.259 -> 2.092, 10935 (135 = [15, 9] -> [27, 5]) 2.054 -> 1.972, 9375 (75 = [15, 5] ->
/// [25, 3]) 2.406 -> 2.360, 225 0.949 -> 0.867; 1125, 2025, 3375 and 13500 unchanged.
const SLOW_RADIX: u32 = 15;

/// The factorization of `len` into exactly `count` factors of at most `limit` each,
/// non-increasing, whose largest factor is smallest; without [`SLOW_RADIX`] when
/// `avoid_slow`.
fn best_split(len: u32, count: u32, cap: u32, limit: u32, avoid_slow: bool) -> Option<Vec<u32>> {
    if count == 1 {
        return (len <= limit.min(cap)).then(|| vec![len]);
    }
    let mut best: Option<Vec<u32>> = None;
    for first in (2..=limit.min(len)).rev() {
        if len % first != 0 || (avoid_slow && first == SLOW_RADIX) {
            continue;
        }
        // The first factor is the largest: the rest must fit under it.
        if u64::from(first).saturating_pow(count) < u64::from(len) {
            break;
        }
        if let Some(mut rest) = best_split(len / first, count - 1, cap, first, avoid_slow) {
            rest.insert(0, first);
            if best.as_ref().map_or(true, |b| rest[0] <= b[0]) {
                best = Some(rest);
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn balanced_factors_are_few_and_even() {
        assert_eq!(balanced_factors(1000, 64), [40, 25]);
        // Radix 15 is left out of longer lengths (measured slowest), not out of 15 itself.
        assert_eq!(balanced_factors(105, 32), [21, 5]);
        assert_eq!(balanced_factors(225, 32), [25, 9]);
        assert_eq!(balanced_factors(15, 32), [15]);
        assert_eq!(balanced_factors(2310, 16), [15, 14, 11]);
        assert_eq!(balanced_factors(1_000_000, 1024), [1000, 1000]);
        assert_eq!(balanced_factors(3 << 20, 1024), [192, 128, 128]);
        assert_eq!(balanced_factors(100_000, 1024), [400, 250]);
        assert_eq!(balanced_factors(6561, 1024), [81, 81]);
        assert_eq!(balanced_factors(17 * 2, 64), [34]);
        assert_eq!(balanced_factors(17 * 17, 16), Vec::<u32>::new());
    }

    #[test]
    fn algorithms_by_length() {
        assert_eq!(Algorithm::for_len(1), Algorithm::Identity);
        assert_eq!(Algorithm::for_len(4096), Algorithm::PowerOfTwo);
        assert_eq!(Algorithm::for_len(1000), Algorithm::MixedRadix);
        assert_eq!(
            Algorithm::for_len(2 * 3 * 5 * 7 * 11 * 13),
            Algorithm::MixedRadix
        );
        assert_eq!(Algorithm::for_len(17), Algorithm::Bluestein { padded: 35 });
        assert_eq!(
            Algorithm::for_len(999_983),
            Algorithm::Bluestein { padded: 1 << 21 }
        );
    }

    #[test]
    fn mixed_radices_multiply_to_the_length() {
        assert_eq!(mixed_radices(1000), [50, 20]);
        assert_eq!(mixed_radices(2187), [27, 27, 3]);
        assert_eq!(mixed_radices(6561), [27, 27, 9]);
        assert_eq!(mixed_radices(30030), [55, 39, 14]);
        assert_eq!(mixed_radices(3 << 20), [64, 64, 48, 16]);
        for len in 2..5000usize {
            if Algorithm::for_len(len) == Algorithm::MixedRadix {
                let radices = mixed_radices(len);
                let product: usize = radices.iter().map(|&r| r as usize).product();
                assert_eq!(product, len);
                assert!(radices
                    .iter()
                    .all(|&r| crate::kernel::is_supported_radix(r)));
            }
        }
    }

    #[test]
    fn factorizations_read_well() {
        assert_eq!(factorization(1000), "2^3 * 5^3");
        assert_eq!(factorization(65537), "65537 (prime)");
        assert_eq!(factorization(1009 * 2), "2 * 1009");
    }
}
