//! The shape of an interleaved pass that is the whole transform of its axis over a few
//! sequences side by side ([`FusedSpec::side_by_side`]): the channels of a stereo signal,
//! axis 0 of an `N, 2` array.
//!
//! Such a pass need not hold the many columns an interleaved pass of a longer axis holds
//! for runs of neighbouring sequences: its work-items take the sequences side by side at
//! neighbouring points, so any number of columns that the sequences divide reads runs of
//! whole warps. It takes the contiguous whole transform's shape where that holds a multiple
//! of them (the mixed lengths' register stages too), the fewest wide columns where the wide
//! pass would exchange in parts, and as many columns as sequences where the contiguous
//! shape is one column exchanging halves (`side_by_side = 1`, a work-group per sequence, is
//! that shape itself: `plan/nd.rs`, `channels_apart_pass`). Measured on the H200
//! (docs/PERFORMANCE.md, 2026-11-29 (channels whole), k1), f32 per 2^27 points, ms, the
//! interleaved wide or local-memory pass -> this shape (the contiguous 1-D transform of the
//! same points): 2 channels of 512 points 0.547 -> 0.519 (0.516), 1024 0.555 -> 0.522
//! (0.516), 2048 0.666 -> 0.528 (0.536), 4096 0.700 -> 0.570 (0.531), 1000 0.783 -> 0.572
//! (0.536); 4 channels of 256 points 0.624 -> 0.520 (0.527), 1024 0.568 -> 0.518, 2048
//! 0.748 -> 0.630; f64 2 x 512 0.571 -> 0.527.

use super::FusedSpec;

/// The most parts per exchange of a side-by-side pass in columns of a contiguous pass of one
/// column ([`FusedSpec::side_by_side_halves_columns`]). Measured on the H200
/// (docs/PERFORMANCE.md, 2026-11-29 (channels whole), k4), 2 channels per 2^27 points (f64:
/// 2^26), a work-group per channel -> 2 columns, ms: f32 2187 points 1.060 -> 0.578 (one
/// part), 3000 1.038 -> 0.586 (one), 8192 0.946 -> 0.799 (two); f64 2187 0.948 -> 0.786,
/// 4096 0.797 -> 0.707 (two), but f64 8192 0.916 -> 1.096 (four).
const HALVES_MAX_PARTS: u32 = 2;

/// [`HALVES_MAX_PARTS`] for a mixed length, whose parts divide it
/// ([`FusedSpec::exchange_parts`]: 2 x 6561 points take 3, two do not divide 6561). Measured
/// on the H200 (docs/PERFORMANCE.md, 2026-11-30 (parts)), 2 channels of 6561 points per 2^27
/// values, a work-group per channel -> 2 columns in three parts: 1.016-1.020 -> 0.793-0.796
/// ms (contiguous 0.602, cuFFT on the same layout 1.203).
const MIXED_HALVES_MAX_PARTS: u32 = 3;

impl FusedSpec {
    /// The [`FusedSpec::side_by_side`] of this interleaved pass as the whole transform of its
    /// axis over `inner` sequences: `inner` where the columns it then takes
    /// (`FusedSpec::side_by_side_columns`) are a multiple of it and the kernel changes
    /// (more columns than sequences, or another shape), else 0 (the columns' own mapping
    /// already reads runs of them, or they do not divide them).
    pub fn side_by_side_for(&self, inner: usize) -> u32 {
        let Ok(sequences) = u32::try_from(inner) else {
            return 0;
        };
        if sequences == 0 || !self.interleaved {
            return 0;
        }
        let plain = self.without_side_by_side();
        let side_by_side = FusedSpec {
            side_by_side: sequences,
            ..*self
        };
        let columns = side_by_side.columns();
        let changes = sequences < columns
            || columns != plain.columns()
            || side_by_side.holds_registers() != plain.holds_registers();
        if columns % sequences == 0 && changes {
            sequences
        } else {
            0
        }
    }

    /// The columns `C` of a side-by-side pass where they differ from an interleaved pass's
    /// ([`FusedSpec::side_by_side_whole_columns`], else
    /// [`FusedSpec::side_by_side_wide_columns`], else
    /// [`FusedSpec::side_by_side_halves_columns`]), `None` for every other pass.
    pub(super) fn side_by_side_columns(&self) -> Option<u32> {
        self.side_by_side_whole_columns()
            .or_else(|| self.side_by_side_wide_columns())
            .or_else(|| self.side_by_side_halves_columns())
    }

    /// A side-by-side pass that is not wide, whose contiguous whole transform is one column
    /// in registers (2187, 3000, 6561 or 8192 points in f32, 4096 in f64): as many columns as
    /// sequences (a power of two), exchanging halves in at most [`HALVES_MAX_PARTS`] parts
    /// ([`MIXED_HALVES_MAX_PARTS`] for a mixed length, in parts that divide it).
    /// (f64 2048 points over 4 sequences keep the wide pass of 2 columns.)
    fn side_by_side_halves_columns(&self) -> Option<u32> {
        let sequences = self.side_by_side;
        if sequences < 2 || !sequences.is_power_of_two() || !self.interleaved {
            return None;
        }
        if self.without_side_by_side().is_wide() {
            return None;
        }
        let contiguous = self.contiguous();
        let parts = self.parts_of(u64::from(sequences) * u64::from(self.len));
        let most = if self.len.is_power_of_two() {
            HALVES_MAX_PARTS
        } else {
            MIXED_HALVES_MAX_PARTS
        };
        (contiguous.columns() == 1 && contiguous.holds_registers() && parts <= most)
            .then_some(sequences)
    }

    /// A side-by-side pass whose contiguous whole transform keeps its values in registers
    /// ([`FusedSpec::holds_registers`]) with a multiple of its sequences as columns: those
    /// columns (then it holds registers too, not wide). 2048 points (f32) over 2 channels: 2
    /// columns of `[16, 16, 8]`, 60 registers, where the wide interleaved pass held 8 columns
    /// of `[64, 32]` in 255; 1000 points: the mixed register stages' 4 columns.
    pub(super) fn side_by_side_whole_columns(&self) -> Option<u32> {
        if self.side_by_side == 0 || !self.interleaved {
            return None;
        }
        let contiguous = self.contiguous();
        let columns = contiguous.columns();
        (contiguous.holds_registers() && columns % self.side_by_side == 0).then_some(columns)
    }

    /// A wide side-by-side pass whose interleaved columns would exchange in parts: as many
    /// columns as sequences, where they divide those and still exchange halves (4096 f32
    /// points over 2 channels: 2 columns, one part, where the interleaved pass holds 4 in two
    /// parts; 2048 over 4: 4 columns instead of 8).
    fn side_by_side_wide_columns(&self) -> Option<u32> {
        let sequences = self.side_by_side;
        if sequences == 0 || !self.interleaved {
            return None;
        }
        let plain = self.without_side_by_side();
        let halves = u64::from(sequences) * u64::from(self.len)
            > u64::from(FusedSpec::complex_capacity(self.precision));
        let divides = sequences < plain.columns() && plain.columns() % sequences == 0;
        (plain.is_wide() && plain.exchange_parts() > 1 && divides && halves).then_some(sequences)
    }

    /// This pass without sequences side by side: the interleaved pass the planner's rules give.
    fn without_side_by_side(&self) -> FusedSpec {
        FusedSpec {
            side_by_side: 0,
            side_by_side_in_runs: false,
            ..*self
        }
    }

    /// The contiguous pass of the same length and edges: the 1-D transform's shape.
    fn contiguous(&self) -> FusedSpec {
        FusedSpec {
            interleaved: false,
            ..self.without_side_by_side()
        }
    }
}
