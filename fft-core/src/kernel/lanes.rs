//! [`LanesSpec`]: a Stockham pass for CPU devices whose SIMD lanes are eight sub-FFTs side by
//! side (DESIGN.md section 4.7).
//!
//! On a CPU, the fused passes' work-groups, barriers and local memory cost more than they
//! save, and the global radix passes go over memory once per radix (three passes at 2^10).
//! A lanes pass does what a fused pass does, a sub-FFT of length L per Stockham step, but
//! one work-item computes [`LANES`] sub-FFTs at once, each of its values an OpenCL vector
//! (`float8`) whose lane `l` belongs to sub-FFT `l`: every butterfly is straight-line SIMD
//! code, the sub-FFT's own radix-4/8 stages run in private memory (the CPU's caches), and the
//! pass reads and writes global memory once. The lanes are the eight neighbouring sub-FFTs
//! `i .. i + 8` of a pass of several (their values are neighbours in memory), or eight
//! transforms of the batch when the pass is the whole transform, whose values are then
//! transposed 8 x 8 in registers on the way in and out.
//!
//! Any 13-smooth length runs this way (stages of the generated radix-3/5/7/11/13 butterflies
//! beside the radix-4 ones): a length that is not a multiple of 8 moves its last values one
//! by one, and the first pass of several, whose eight sub-FFTs may straddle two transforms
//! when `t` is not a multiple of 8, gathers those work-items' values lane by lane. A later
//! pass whose stride is not a multiple of 8 ([`LanesSpec::straddles`]: lengths without the
//! factor 8 that take several passes, 6561 = 81 x 81) does the same where its eight
//! sub-FFTs pass a multiple of its stride.

use super::real::FusedReal;
use super::spec::{Lengths, PassTable};
use super::LARGEST_PRIME_RADIX;
use crate::{Direction, Precision};
use std::fmt;

/// Sub-FFTs per work-item: the lanes of every value (`float8`, `double8`).
pub const LANES: u32 = 8;

/// The shortest sub-FFT: [`LANES`] (values are moved in blocks of 8 x 8).
pub const LANES_MIN_LEN: u32 = 8;

/// Every radix [`LanesSpec::stage_radices`] returns: the program whose length is an argument
/// ([`LanesSpec::runtime_len`]) has stage functions for each.
pub const LANES_STAGE_RADICES: [u32; 9] = [2, 3, 4, 5, 7, 8, 9, 11, 13];

/// Points per lane a whole-transform work-item computes at least ([`LanesSpec::groups_per_item`]).
pub const LANES_ITEM_POINTS: u32 = 512;

/// Which passes a lanes kernel serves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LanesShape {
    /// The whole transform in one pass (`t = p = 1`): the lanes are eight transforms of the
    /// batch (the last work-item repeats the batch's last transform where fewer are left).
    Whole,
    /// A pass of a plan of several: the lanes are the sub-FFTs `i .. i + 8` of one sequence
    /// (`t` and `p` are 1 or multiples of 8). Two entry points, `_p1` for the first pass.
    Part,
}

/// A lanes pass (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LanesSpec {
    /// Sub-FFT length L: a 13-smooth number in [`LANES_MIN_LEN`]..=[`LanesSpec::max_len`].
    pub len: u32,
    /// Sign of the exponent.
    pub direction: Direction,
    /// Data precision.
    pub precision: Precision,
    /// Whole transform or part of a plan.
    pub shape: LanesShape,
    /// The transform lengths a [`LanesShape::Part`] pass serves: powers of two index with
    /// masks (`g & (t - 1)`) and never straddle; [`Lengths::Any`] divides (`g % t`) and
    /// gathers a first pass's work-items that straddle two transforms lane by lane.
    pub lengths: Lengths,
    /// How a later pass of a [`LanesShape::Part`] kernel gets its pass twiddles
    /// `W_{L*p}^((k + l) * m)`: [`PassTable::OneLevel`] reads each from one table of `p * L`
    /// values (`TableKind::LanePassTwiddles`), [`PassTable::TwoLevel`] multiplies the fused
    /// passes' two-level `W^(k*m)` by a lane factor `W^(l*m)` (`TableKind::LaneTwiddles`), for
    /// strides whose one table would not stay in the caches (`LANES_ONE_TABLE_MAX`).
    pub table: PassTable,
    /// A real transform's step in the pass. In a [`LanesShape::Whole`] pass each lane holds a
    /// whole sequence, so both values of every mirrored pair are in the work-item:
    /// [`FusedReal::Split`] (forward): the store writes the `L + 1` values of each row's half
    /// spectrum; [`FusedReal::Merge`] (inverse): the load reads them. The twiddles `W_N^k`,
    /// `N = 2L`, come from a one-level table (`TableKind::RealHi`, `k <= L`).
    /// A [`LanesShape::Part`] pass takes the split as the last pass of several (its stride
    /// `p` a multiple of 16, one-level pass twiddles) and the merge as the first (its `t`
    /// sub-FFTs per sequence a multiple of 8): lanes 0..3 hold columns `4g .. 4g + 3` and
    /// lanes 4..7 their mirrors `p - 4g - 3 .. p - 4g` (`t - 4g - 3 .. t - 4g`), so each
    /// lane's mirrored pairs are in the work-item; `W_N^n` from the two-level table
    /// (`TableKind::RealHi`/`RealLo`).
    pub real: Option<FusedReal>,
    /// A later pass of a [`LanesShape::Part`] plan whose stride `p` is not a multiple of 8
    /// (the plan's first length has no factor 8: 6561 = 81 x 81, 4116 = 84 x 49): most
    /// work-items' eight sub-FFTs `k .. k + 8` are neighbours, but where they pass a multiple
    /// of `p` (or the batch's end) the work-item loads and stores lane by lane, each lane with
    /// its own `W^(k*m)`. Set by [`LanesSpec::at_stride`]. Its one-level table is laid out by
    /// `m` (`W^(k*m)` at `m * p + k`, so the lanes' eight values are neighbours at any `k`);
    /// the two-level one's `W^(k*m) * W^(l*m)` holds for any `k` as it is.
    pub straddles: bool,
}

/// The most values of a lanes pass's one-level twiddle table (`p * L`; 2 MiB in f32). On the
/// 2-core CI machine (PoCL 3.1) the one table took the later pass of 2^16 points (256 x 256,
/// batch 64, a table of 2^16 values read by every transform) from 6.3-6.6 ms to 4.9-5.0 ms,
/// and changed nothing at 2^22 (2048 x 2048, batch 1: 9.7 ms either way), where the table is as
/// large as the data and read once.
pub const LANES_ONE_TABLE_MAX: usize = 1 << 18;

/// Why a lanes spec cannot be emitted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LanesLenError(pub u32, pub Precision);

impl fmt::Display for LanesLenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a lanes pass of {} points does not exist in {}: its length is a product of primes up to {LARGEST_PRIME_RADIX} from {LANES_MIN_LEN} to {}",
            self.0,
            self.1,
            LanesSpec::max_len(self.1)
        )
    }
}

impl LanesSpec {
    /// A forward f32 lanes pass of `len` points of the given shape.
    pub const fn new(len: u32, shape: LanesShape) -> LanesSpec {
        LanesSpec {
            len,
            direction: Direction::Forward,
            precision: Precision::F32,
            shape,
            lengths: if len.is_power_of_two() {
                Lengths::PowerOfTwo
            } else {
                Lengths::Any
            },
            table: PassTable::OneLevel,
            real: None,
            straddles: false,
        }
    }

    /// This spec for a pass at stride `stride`: with the two-level twiddle table where the one
    /// table would hold more than `LANES_ONE_TABLE_MAX` values, and [straddling](LanesSpec::straddles)
    /// where a later pass's stride is not a multiple of 8.
    pub fn at_stride(self, stride: usize) -> LanesSpec {
        let part = self.shape == LanesShape::Part;
        let straddles = part && stride > 1 && stride % LANES as usize != 0;
        let table = if part && stride * self.len as usize > LANES_ONE_TABLE_MAX {
            PassTable::TwoLevel
        } else {
            PassTable::OneLevel
        };
        LanesSpec {
            table,
            straddles,
            ..self
        }
    }

    /// The longest sub-FFT: 4096 in f32, 2048 in f64. A work-item holds four arrays of L
    /// eight-lane values in private memory (512 KiB at the limit), which stay in the
    /// caches of a CPU core.
    pub fn max_len(precision: Precision) -> u32 {
        match precision {
            Precision::F32 => 4096,
            Precision::F64 => 2048,
        }
    }

    /// `Ok` when the generator emits this spec.
    pub fn check(&self) -> Result<(), LanesLenError> {
        let fits = crate::plan::is_smooth(self.len as usize)
            && (self.lengths == Lengths::Any || self.len.is_power_of_two())
            && (LANES_MIN_LEN..=LanesSpec::max_len(self.precision)).contains(&self.len)
            && (self.shape == LanesShape::Part || self.table == PassTable::OneLevel)
            && (!self.straddles
                || (self.shape == LanesShape::Part
                    && self.lengths == Lengths::Any
                    && self.real.is_none()))
            && self.real.map_or(true, |step| {
                step.direction() == self.direction
                    && (self.shape == LanesShape::Whole || self.table == PassTable::OneLevel)
            });
        if fits {
            Ok(())
        } else {
            Err(LanesLenError(self.len, self.precision))
        }
    }

    /// The radices of the sub-FFT's stages inside the kernel, first to last: for the power of
    /// two in L, radix 4, with one radix 8 first when its log2 is odd; then one stage per odd
    /// prime factor, largest first, the 3s paired into radix 9: on the 2-core machine 2187
    /// points as [9, 9, 9, 3] took 4.6-4.8 ms for 2^22 points against 5.4-5.5 as seven radix-3
    /// stages and 5.3 as [27, 27, 3]; 1000 as [8, 5, 5, 5] 4.0-4.1 against 4.5-4.7 as
    /// [8, 25, 5] and 4.5-5.8 as [10, 10, 10]. On the 2-core CI machine (PoCL 3.1) radix-4
    /// stages were the fastest for 1024 points (4.8-5.4 ms for 2^22 points against 5.5-5.9
    /// for 8, 8, 16 and 8.4 for 32, 32): eight-lane values of larger butterflies spill
    /// registers.
    pub fn stage_radices(&self) -> Vec<u32> {
        let log2 = self.len.trailing_zeros();
        let odd = self.len >> log2;
        let mut radices = Vec::new();
        if log2 % 2 == 1 {
            radices.push(if log2 >= 3 { 8 } else { 2 });
        }
        let rest = log2 - if log2 % 2 == 1 { log2.min(3) } else { 0 };
        radices.extend(std::iter::repeat(4).take((rest / 2) as usize));
        let mut threes = 0;
        for f in crate::plan::prime_factors(odd as usize).into_iter().rev() {
            match f {
                3 => threes += 1,
                _ => radices.push(f as u32),
            }
        }
        radices.extend(std::iter::repeat(9).take(threes / 2));
        radices.extend(std::iter::repeat(3).take(threes % 2));
        radices
    }

    /// Groups of [`LANES`] transforms each work-item of a [`LanesShape::Whole`] kernel
    /// computes one after the other: `LANES_ITEM_POINTS / len`, at least 1 (1 for every
    /// [`LanesShape::Part`] kernel), so short transforms do not pay PoCL's cost per work-group
    /// (about a microsecond) for little work: 2^22 points of 16-point transforms took 2.5-2.8
    /// ms this way against 3.0-5.4 ms with one group per work-item (2-core CI machine).
    pub fn groups_per_item(&self) -> u32 {
        match self.shape {
            LanesShape::Whole => (LANES_ITEM_POINTS / self.len).max(1),
            LanesShape::Part => 1,
        }
    }

    /// Whether the kernel takes its length and stage radices as arguments instead of being
    /// generated for them: whole transforms of lengths that are not powers of two. Each
    /// generated length is a program of its own, and PoCL takes about a second to build one
    /// (a power of two or a mixed length alike, on the 2-core machine); one program per
    /// direction and precision serves all those lengths. Its stages loop over radices read
    /// from a table, its loads and stores over a length read from an argument.
    pub const fn runtime_len(&self) -> bool {
        matches!(self.shape, LanesShape::Whole) && !self.len.is_power_of_two()
    }

    /// The kernel's name: `fft_lanes1024_fwd_f32`, `_whole` for [`LanesShape::Whole`], `_hilo`
    /// for [`PassTable::TwoLevel`], `_straddle` after either for a [straddling](LanesSpec::straddles)
    /// later pass, `_mixed` for a power of two of [`Lengths::Any`];
    /// `fft_lanes_any_fwd_f32_whole` where the length is an
    /// argument ([`LanesSpec::runtime_len`]); `_split` or `_merge` after it with a real step.
    pub fn name(&self) -> String {
        let len = if self.runtime_len() {
            "_any".to_string()
        } else {
            self.len.to_string()
        };
        let base = format!(
            "fft_lanes{len}_{}_{}",
            self.direction.tag(),
            self.precision.tag()
        );
        let base = match (self.shape, self.lengths) {
            (LanesShape::Part, Lengths::Any) if self.len.is_power_of_two() => {
                format!("{base}_mixed")
            }
            _ => base,
        };
        let real = self.real.map_or("", FusedReal::suffix);
        match (self.shape, self.table) {
            (LanesShape::Whole, _) => format!("{base}_whole{real}"),
            (LanesShape::Part, PassTable::OneLevel) if self.straddles => {
                format!("{base}_straddle")
            }
            (LanesShape::Part, PassTable::OneLevel) => format!("{base}{real}"),
            (LanesShape::Part, PassTable::TwoLevel) if self.straddles => {
                format!("{base}_hilo_straddle")
            }
            (LanesShape::Part, PassTable::TwoLevel) => format!("{base}_hilo{real}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stage_radices_multiply_to_the_length_with_radix_4_after_at_most_one_8() {
        for log2 in 3..=12 {
            let spec = LanesSpec::new(1 << log2, LanesShape::Part);
            let radices = spec.stage_radices();
            assert_eq!(radices.iter().product::<u32>(), 1 << log2, "{radices:?}");
            assert!(radices.iter().skip(1).all(|&r| r == 4), "{radices:?}");
        }
        assert_eq!(
            LanesSpec::new(1024, LanesShape::Part).stage_radices(),
            [4; 5]
        );
        assert_eq!(
            LanesSpec::new(2048, LanesShape::Part).stage_radices(),
            [8, 4, 4, 4, 4]
        );
    }

    #[test]
    fn mixed_lengths_take_one_stage_per_odd_prime_with_the_threes_paired() {
        let radices = |len| LanesSpec::new(len, LanesShape::Whole).stage_radices();
        assert_eq!(radices(1000), [8, 5, 5, 5]);
        assert_eq!(radices(2187), [9, 9, 9, 3]);
        assert_eq!(radices(250), [2, 5, 5, 5]);
        assert_eq!(radices(4004), [4, 13, 11, 7]);
        assert_eq!(radices(1215), [5, 9, 9, 3]);
        for len in 8..=4096u32 {
            let spec = LanesSpec::new(len, LanesShape::Whole);
            if spec.check().is_ok() {
                assert_eq!(radices(len).iter().product::<u32>(), len, "{len}");
                assert!(
                    radices(len).iter().all(|r| LANES_STAGE_RADICES.contains(r)),
                    "{len}"
                );
            }
        }
    }

    #[test]
    fn only_13_smooth_lengths_from_8_to_the_private_memory_limit_exist() {
        let spec = |len, precision| LanesSpec {
            precision,
            ..LanesSpec::new(len, LanesShape::Whole)
        };
        assert!(spec(8, Precision::F32).check().is_ok());
        assert!(spec(4096, Precision::F32).check().is_ok());
        assert!(spec(4096, Precision::F64).check().is_err());
        assert!(spec(4, Precision::F32).check().is_err());
        assert!(
            spec(96, Precision::F32).check().is_ok(),
            "2^5 * 3 is 13-smooth"
        );
        assert!(spec(136, Precision::F32).check().is_err(), "8 * 17 is not");
        let message = spec(8192, Precision::F32).check().unwrap_err().to_string();
        assert!(
            message.contains("8192") && message.contains("4096"),
            "{message}"
        );
        assert_eq!(
            spec(1024, Precision::F32).name(),
            "fft_lanes1024_fwd_f32_whole"
        );
        let two_level = LanesSpec {
            table: PassTable::TwoLevel,
            ..spec(1024, Precision::F32)
        };
        assert!(
            two_level.check().is_err(),
            "a whole transform has no pass twiddles"
        );
    }

    #[test]
    fn long_strides_take_the_two_level_table() {
        let part = LanesSpec::new(256, LanesShape::Part);
        assert_eq!(part.at_stride(1024).table, PassTable::OneLevel);
        assert_eq!(part.at_stride(2048).table, PassTable::TwoLevel);
        assert_eq!(part.at_stride(2048).name(), "fft_lanes256_fwd_f32_hilo");
        let whole = LanesSpec::new(4096, LanesShape::Whole);
        assert_eq!(whole.at_stride(1), whole);
    }

    #[test]
    fn later_passes_at_strides_without_the_factor_8_straddle() {
        let part = LanesSpec::new(81, LanesShape::Part);
        assert!(
            !part.at_stride(1).straddles,
            "the first pass gathers on its own"
        );
        assert!(!part.at_stride(64).straddles);
        let later = part.at_stride(81);
        assert!(later.straddles && later.table == PassTable::OneLevel);
        assert_eq!(later.name(), "fft_lanes81_fwd_f32_straddle");
        assert!(later.check().is_ok());
        let long = LanesSpec::new(2187, LanesShape::Part).at_stride(2187);
        assert!(long.straddles && long.table == PassTable::TwoLevel);
        assert_eq!(long.name(), "fft_lanes2187_fwd_f32_hilo_straddle");
        assert!(long.check().is_ok());
        let power_of_two = LanesSpec::new(64, LanesShape::Part);
        assert!(
            LanesSpec {
                straddles: true,
                table: PassTable::TwoLevel,
                ..power_of_two
            }
            .check()
            .is_err(),
            "powers of two index with masks and never straddle"
        );
        assert!(
            LanesSpec {
                straddles: true,
                real: Some(FusedReal::Split),
                ..part
            }
            .check()
            .is_err(),
            "a real step pairs columns, which a straddling pass does not"
        );
    }
}
