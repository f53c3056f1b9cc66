//! [`FusedSpec`]: a fused local-memory pass (DESIGN.md section 4.2) and the shape the
//! generator gives it (columns, work-group size, stage radices, local memory).

use super::spec::SpecError;
use crate::{Direction, Precision};

/// Elements of one padding step in local memory: one complex of padding follows every 16
/// values, and one more every `PAD_STEP * PAD_STEP` (256):
/// `pad(e) = e + e / 16 + e / 256` ([`FusedSpec::local_len`]).
pub const PAD_STEP: u32 = 16;

/// Work-items per sub-FFT do `radix()` points each: the main radix is at most this.
const MAX_RADIX: u32 = 16;
/// The largest stage radix (the largest butterfly the generator emits).
const MAX_STAGE_RADIX: u32 = 64;

/// One fused kernel: a Stockham pass whose radix is a whole sub-FFT of length `len`, computed
/// by a work-group in registers and local memory, `columns()` sub-FFTs per work-group.
///
/// The derived quantities ([`FusedSpec::columns`], [`FusedSpec::radix`], ...) are meaningful
/// for supported specs only ([`FusedSpec::check`]); for others they return small, non-panicking
/// placeholders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FusedSpec {
    /// Length L of each sub-FFT: a power of two in 2..=[`FusedSpec::max_len`].
    pub len: u32,
    /// Sign of the exponent.
    pub direction: Direction,
    /// `float2` or `double2` data.
    pub precision: Precision,
}

impl FusedSpec {
    /// A forward, f32 fused kernel of length `len`.
    pub const fn new(len: u32) -> FusedSpec {
        FusedSpec {
            len,
            direction: Direction::Forward,
            precision: Precision::F32,
        }
    }

    /// The complex values one work-group holds in local memory (`columns() * len`, at most):
    /// 4096 for f32, 2048 for f64 (about 35 KB with padding either way). Also the longest
    /// supported `len`.
    pub fn max_len(precision: Precision) -> u32 {
        match precision {
            Precision::F32 => 4096,
            Precision::F64 => 2048,
        }
    }

    /// `Ok` when `len` is a power of two in 2..=[`FusedSpec::max_len`].
    pub fn check(&self) -> Result<(), SpecError> {
        let max = FusedSpec::max_len(self.precision);
        if self.len.is_power_of_two() && (2..=max).contains(&self.len) {
            Ok(())
        } else {
            Err(SpecError::UnsupportedFusedLength {
                len: self.len,
                precision: self.precision,
                max,
            })
        }
    }

    /// C: the sub-FFTs ("columns") per work-group. `max_len / len` for `len >= 16`, and
    /// `max_len / 16` for shorter lengths (so the work-group keeps `max_len / 16` work-items).
    pub fn columns(&self) -> u32 {
        (FusedSpec::max_len(self.precision) / self.len.max(MAX_RADIX)).max(1)
    }

    /// R: the main radix; `len / R` work-items compute one sub-FFT, each holding R points in
    /// registers. `min(16, len)` up to 256 points (one or two stages); from 512 points on,
    /// `2^ceil(log2(len) / 2)` so the sub-FFT takes two local stages instead of three, as long
    /// as that radix fits the register budget (64 in f32, 32 in f64), else 16. Measured on the
    /// H100 (docs/PERFORMANCE.md): the third stage (two barriers and a round trip through local
    /// memory) cost 20-30 % of a pass at 512..4096 points in f32; radix-64 stages in f64 need
    /// too many registers (2048 points: 1.11 x copy with [16, 16, 8], 1.70 with [64, 32]).
    pub fn radix(&self) -> u32 {
        1 << self.radix_bits()
    }

    fn radix_bits(&self) -> u32 {
        let bits = self.len.max(1).trailing_zeros();
        let sixteen = MAX_RADIX.trailing_zeros();
        let half = bits.div_ceil(2);
        if bits <= 2 * sixteen {
            bits.min(sixteen)
        } else if half <= self.max_stage_radix().trailing_zeros() {
            half
        } else {
            sixteen
        }
    }

    /// The largest stage radix whose butterfly fits the registers: 64 in f32, 32 in f64.
    fn max_stage_radix(&self) -> u32 {
        match self.precision {
            Precision::F32 => MAX_STAGE_RADIX,
            Precision::F64 => MAX_STAGE_RADIX / 2,
        }
    }

    /// The radices of the local Stockham stages, largest first: R repeated, then one smaller
    /// power of two for the rest (`2048 -> [64, 32]`, `256 -> [16, 16]`, `32 -> [16, 2]`,
    /// `16 -> [16]`, `8 -> [8]`). Their product is `len`.
    pub fn stage_radices(&self) -> Vec<u32> {
        let bits = self.len.max(1).trailing_zeros();
        let main = self.radix_bits();
        if bits <= main {
            return vec![1 << bits];
        }
        let mut radices = vec![1 << main; (bits / main) as usize];
        if bits % main != 0 {
            radices.push(1 << (bits % main));
        }
        radices
    }

    /// W = C * len / R: work-items per work-group (256 for f32, 128 for f64).
    pub fn work_group_size(&self) -> u32 {
        self.columns() * (self.len / self.radix()).max(1)
    }

    /// Complex values in the padded local buffer: `pad(C*len - 1) + 1` with
    /// `pad(e) = e + e / 16 + e / 256`, the two-level padding that keeps the strided phases
    /// free of bank conflicts at every `len` (stride `len` becomes `len + len/16 + len/256`).
    pub fn local_len(&self) -> u64 {
        let step = u64::from(PAD_STEP);
        let last = u64::from(self.columns()) * u64::from(self.len.max(1)) - 1;
        last + last / step + last / (step * step) + 1
    }

    /// Bytes of the kernel's `__local` buffer (padding included).
    pub fn local_bytes(&self) -> u64 {
        self.local_len() * self.precision.complex_bytes() as u64
    }

    /// The kernel's name (and entry point): `fft_fused4096_c1_fwd_f32`.
    pub fn name(&self) -> String {
        format!(
            "fft_fused{}_c{}_{}_{}",
            self.len,
            self.columns(),
            self.direction.tag(),
            self.precision.tag()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::catalog;

    fn fused_catalog() -> Vec<FusedSpec> {
        catalog()
            .into_iter()
            .filter_map(|k| match k {
                crate::kernel::KernelSpec::Fused(s) => Some(s),
                _ => None,
            })
            .collect()
    }

    fn spec(len: u32, precision: Precision) -> FusedSpec {
        FusedSpec {
            precision,
            ..FusedSpec::new(len)
        }
    }

    #[test]
    fn shapes_follow_the_columns_rule() {
        let f32 = Precision::F32;
        let f64 = Precision::F64;
        let s = spec(4096, f32);
        assert_eq!((s.columns(), s.work_group_size()), (1, 64));
        assert_eq!(s.stage_radices(), [64, 64]);
        assert_eq!(s.name(), "fft_fused4096_c1_fwd_f32");
        assert_eq!(s.local_len(), 4096 + 255 + 15);
        assert_eq!(s.local_bytes(), 4366 * 8);
        let s = spec(2048, f32);
        assert_eq!((s.columns(), s.work_group_size()), (2, 64));
        assert_eq!(s.stage_radices(), [64, 32]);
        let s = spec(512, f32);
        assert_eq!((s.columns(), s.work_group_size()), (8, 128));
        assert_eq!(s.stage_radices(), [32, 16]);
        let s = spec(256, f32);
        assert_eq!((s.columns(), s.work_group_size()), (16, 256));
        assert_eq!(s.stage_radices(), [16, 16]);
        let s = spec(8, f32);
        assert_eq!((s.columns(), s.work_group_size(), s.radix()), (256, 256, 8));
        assert_eq!(s.stage_radices(), [8]);
        let s = spec(16, f32);
        assert_eq!((s.columns(), s.work_group_size()), (256, 256));
        assert_eq!(s.stage_radices(), [16]);
        let s = spec(32, f32);
        assert_eq!(s.stage_radices(), [16, 2]);
        assert_eq!((s.columns(), s.work_group_size()), (128, 256));
        let s = spec(2048, f64);
        assert_eq!((s.columns(), s.work_group_size()), (1, 128));
        assert_eq!(s.stage_radices(), [16, 16, 8]);
        let s = spec(1024, f64);
        assert_eq!((s.columns(), s.work_group_size()), (2, 64));
        assert_eq!(s.stage_radices(), [32, 32]);
        assert_eq!(s.local_bytes(), (2048 + 127 + 7) * 16);
        let s = spec(2, f64);
        assert_eq!((s.columns(), s.work_group_size()), (128, 128));
        assert_eq!(
            super::super::KernelSpec::Fused(s).file_name(),
            "fft_fused2_c128_fwd_f64.cl"
        );
        for s in fused_catalog() {
            let product: u32 = s.stage_radices().iter().product();
            assert_eq!(product, s.len, "{s:?}");
            assert!(
                s.columns() * s.len <= FusedSpec::max_len(s.precision),
                "{s:?}"
            );
            assert_eq!(
                s.work_group_size() * s.radix(),
                s.columns() * s.len,
                "{s:?}"
            );
            assert!(s.local_bytes() <= 34928, "{s:?}");
        }
    }

    #[test]
    fn catalog_is_complete_ordered_and_unique() {
        let specs = fused_catalog();
        assert_eq!(specs.len(), 12 * 2 * 2 - 2);
        assert_eq!(specs[0], FusedSpec::new(2));
        assert_eq!(
            specs.last().map(FusedSpec::name).as_deref(),
            Some("fft_fused4096_c1_inv_f32")
        );
        let mut names: Vec<_> = specs
            .iter()
            .map(|s| super::super::KernelSpec::Fused(*s).file_name())
            .collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), specs.len());
    }

    #[test]
    fn unsupported_lengths_are_errors() {
        for (len, precision) in [
            (0, Precision::F32),
            (1, Precision::F32),
            (48, Precision::F32),
            (8192, Precision::F32),
            (4096, Precision::F64),
        ] {
            let err = spec(len, precision).check().unwrap_err();
            assert!(err.to_string().contains(&len.to_string()), "{err}");
        }
        // The derived quantities never panic, even for unsupported specs.
        for len in [0, 1, 3, 8192, u32::MAX] {
            let s = spec(len, Precision::F64);
            let _ = (s.columns(), s.work_group_size(), s.stage_radices());
            let _ = (s.local_bytes(), s.name());
        }
    }
}
