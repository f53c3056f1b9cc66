//! How much local memory a [`FusedSpec`] holds and how it is laid out: the capacities
//! that decide halves and parts, the padding of the local buffer, and its bytes.

use super::{
    FusedSpec, LINEAR_PAD_MIN_PERIOD, MIXED_PART_SCALARS_F32, PAD_STEP, SPLIT_PAIR_MIN_RUN,
};
use crate::kernel::real::FusedReal;
use crate::Precision;

/// `e + e / S + e / S^2`: the two-level padding of [`FusedSpec::pad`] with step `step`.
pub(super) fn two_level_pad(e: u64, step: u64) -> u64 {
    e + e / step + e / (step * step)
}

impl FusedSpec {
    /// The longest supported `len`: 16384 for f32, 8192 for f64. Lengths above
    /// [`FusedSpec::complex_capacity`] exchange their values through local memory in halves
    /// ([`FusedSpec::exchanges_halves`]), and those above [`FusedSpec::scalar_capacity`]
    /// in parts ([`FusedSpec::exchange_parts`]).
    pub fn max_len(precision: Precision) -> u32 {
        4 * FusedSpec::complex_capacity(precision)
    }

    /// The scalars (real or imaginary parts) one work-group's local buffer holds when the
    /// stages of a power-of-two pass exchange halves: 8192 for f32, 4096 for f64 (about 33 KB
    /// with padding). Mixed lengths take more ([`FusedSpec::mixed_scalar_capacity`]).
    pub fn scalar_capacity(precision: Precision) -> u32 {
        2 * FusedSpec::complex_capacity(precision)
    }

    /// The scalars one exchange of a mixed length's halves holds in one part: 10240 for f32,
    /// 5120 for f64 (42-43 KB with padding, within the 48 KB of local memory NVIDIA's
    /// OpenCL gives a work-group), so 9000, 9261, 9604 and 10000 points in f32 exchange in
    /// one part: half the barriers of two parts, and 9261 (21 cubed) and 9604 (`[28, 7, 7,
    /// 7]`), whose last radix is odd, have no two parts and ran as two passes. Measured on
    /// the H100 (docs/PERFORMANCE.md, 2026-11-25; f32, 2^27 points): 9000 from 1.011 to
    /// 0.972 ms, 9261 from 1.808 to 1.005, 9604 from 1.534 to 1.109, 10000 from 1.124 to
    /// 1.064; 4802 in f64 from 1.648 to 1.015. Powers of two keep
    /// [`FusedSpec::scalar_capacity`], on which their columns and parts were measured.
    pub fn mixed_scalar_capacity(precision: Precision) -> u32 {
        MIXED_PART_SCALARS_F32 * 8 / precision.complex_bytes() as u32
    }

    /// The scalars of one part of an exchange: [`FusedSpec::mixed_scalar_capacity`] for
    /// mixed lengths, [`FusedSpec::scalar_capacity`] for powers of two.
    pub(super) fn part_capacity(&self) -> u32 {
        if self.has_power_of_two_stages() {
            FusedSpec::scalar_capacity(self.precision)
        } else {
            FusedSpec::mixed_scalar_capacity(self.precision)
        }
    }

    /// The complex values one work-group's local buffer holds (`columns() * len`, at most)
    /// when stages exchange whole complex values: 4096 for f32, 2048 for f64 (about 35 KB
    /// with padding either way). Also the longest mixed length and the longest length that
    /// takes a real transform's split step.
    pub fn complex_capacity(precision: Precision) -> u32 {
        match precision {
            Precision::F32 => 4096,
            Precision::F64 => 2048,
        }
    }

    /// Whether the work-group's `C * len` values exceed [`FusedSpec::complex_capacity`]: they
    /// then live in registers ([`FusedSpec::holds_registers`]) and move between stages
    /// through a local buffer of scalars, real parts first, then imaginary parts, so 8192
    /// points in f32 (4096 in f64) take one pass in about 35 KB, and a
    /// [wide](FusedSpec::is_wide) pass twice the columns.
    pub fn exchanges_halves(&self) -> bool {
        u64::from(self.len) * u64::from(self.columns())
            > u64::from(FusedSpec::complex_capacity(self.precision))
    }

    /// The parts each exchange of halves takes: 1 up to [`FusedSpec::scalar_capacity`]
    /// values per work-group ([`FusedSpec::mixed_scalar_capacity`] for mixed lengths), else
    /// `C * L / scalar_capacity` (16384 points in f32: 2); for a mixed length's sequences
    /// side by side, the fewest at least that many that divide `L` (2 x 6561: 3). Part
    /// `k` holds points `k * P .. (k + 1) * P` of every sub-FFT (a long mixed pass: the fewest
    /// its radices allow, [`FusedSpec::is_long_mixed`]), `P = L / parts`
    /// ([`FusedSpec::part_len`]): each exchange then writes and reads the real parts of
    /// part 0, part 1, ..., then the imaginary parts, a barrier between each write and read,
    /// so 16384 points fit the local buffer of 8192.
    pub fn exchange_parts(&self) -> u32 {
        if let Some((_, parts)) = self.long_mixed_stages() {
            return parts;
        }
        // A complex exchange holds at most complex_capacity values: one part.
        self.parts_of(u64::from(self.len) * u64::from(self.columns()))
    }

    /// The parts an exchange of `values` per work-group takes ([`FusedSpec::exchange_parts`];
    /// given the values, so the columns' own rules can ask it before the columns exist).
    pub(super) fn parts_of(&self, values: u64) -> u32 {
        let capacity = u64::from(self.part_capacity());
        let parts = u32::try_from(values.div_ceil(capacity).max(1)).unwrap_or(u32::MAX);
        if self.side_by_side > 1 && !self.len.is_power_of_two() {
            dividing_parts(self.len, parts)
        } else {
            parts
        }
    }

    /// The exchange parts one sub-FFT needs by the capacity alone, `ceil(L / capacity)`
    /// ([`FusedSpec::mixed_scalar_capacity`] for mixed lengths): what the register rules
    /// count with, since above the complex capacity a work-group holds one sub-FFT.
    pub(super) fn sub_fft_parts(&self) -> u32 {
        self.len.max(1).div_ceil(self.part_capacity()).max(1)
    }

    /// P, the points of each sub-FFT in one part of an exchange
    /// ([`FusedSpec::exchange_parts`]): `len` when there is one part.
    pub fn part_len(&self) -> u32 {
        (self.len / self.exchange_parts()).max(1)
    }

    /// X, the values of padding after each sub-FFT of a work-group's local buffer beyond
    /// [`FusedSpec::pad`]'s: with `C > 1` sub-FFTs exchanging halves, sub-FFT `c`'s part
    /// then starts `c * S` values in, `S = P + P/B + P/B^2 + X = B/C (mod B)`
    /// ([`FusedSpec::part_len`]) for the `B` banks
    /// one access serves ([`FusedSpec::pad_step`]: 32 floats or 16 doubles), so the lanes of
    /// the column regime (`C` columns by `B / C` neighbouring points) meet `B` different
    /// banks. 0 otherwise.
    pub fn sub_fft_pad(&self) -> u32 {
        let c = self.columns();
        if !self.exchanges_halves() || c <= 1 || !self.len.is_power_of_two() {
            return 0;
        }
        let banks = self.pad_step();
        let part = self.part_len();
        let padded = part + part / banks + part / (banks * banks);
        let want = (banks / c.min(banks)) % banks;
        (want + banks - padded % banks) % banks
    }

    /// `pad(e)`, the local index of element `e` of the work-group's `C * P` of one part
    /// ([`FusedSpec::part_len`]; `P = L` with one part): `e + e / S + e / S^2`
    /// ([`FusedSpec::pad_step`]), plus [`FusedSpec::sub_fft_pad`] after each sub-FFT.
    pub fn pad(&self, e: u64) -> u64 {
        self.padder()(e)
    }

    /// [`FusedSpec::pad`] with its step and sub-FFT padding asked once, for callers that pad
    /// many indices (a mixed length's step comes from a model of its accesses).
    pub fn padder(&self) -> impl Fn(u64) -> u64 {
        let step = u64::from(self.pad_step());
        let (sub, part) = (u64::from(self.sub_fft_pad()), u64::from(self.part_len()));
        move |e| two_level_pad(e, step) + sub * (e / part)
    }

    /// S, the padding step of the local buffer: `pad(e) = e + e / S + e / S^2`. [`PAD_STEP`]
    /// (16) for complex values; 32 for the f32 scalars of a halves exchange, since a warp's
    /// 32 accesses of 4 bytes meet all 32 banks at once (8-byte values are served 16 at a
    /// time, so the complex and f64 buffers pad every 16). A padding step inside a warp's run
    /// of 32 floats made every exchange of the 8192-point kernel a two-way bank conflict.
    /// Mixed lengths indexed through [`FusedSpec::pad`] take the step their strides need
    /// (`FusedSpec::mixed_pad_step`: 8 for 150 points in 27 columns, 32 for 105 in 39).
    pub fn pad_step(&self) -> u32 {
        if self.exchanges_halves() && self.precision == Precision::F32 {
            2 * PAD_STEP
        } else if !self.len.is_power_of_two() && !self.exchanges_halves() && !self.pads_linearly() {
            self.mixed_pad_step()
        } else {
            PAD_STEP
        }
    }

    /// Values (complex, or scalars when the stages exchange halves) in the padded local
    /// buffer: `pad(C*P - 1) + 1` (one part, [`FusedSpec::part_len`]) with
    /// `pad(e) = e + e / S + e / S^2`
    /// ([`FusedSpec::pad_step`]), the two-level padding that keeps the strided phases free of
    /// bank conflicts at every `len` (stride `len` becomes `len + len/S + len/S^2`). A kernel
    /// that [pads each exchange on its own](FusedSpec::pads_linearly) holds
    /// `P - 1 + (P - 1) / LINEAR_PAD_MIN_PERIOD + 1`: any period it picks fits.
    pub fn local_len(&self) -> u64 {
        let last = u64::from(self.columns()) * u64::from(self.part_len()) - 1;
        if self.pads_linearly() {
            return last + last / u64::from(LINEAR_PAD_MIN_PERIOD) + 1;
        }
        self.pad(last) + 1
    }

    /// Whether each exchange between the stages pads `buf` on its own, `e + e / P`, with a
    /// period P the generator picks for that exchange so that every access is a pointer of
    /// the work-item plus a constant (no index arithmetic per access) and the warps meet
    /// the fewest banks twice: the passes that [keep their values in
    /// registers](FusedSpec::holds_registers), whose only use of `buf` is those exchanges
    /// (a real split only where it [spills unpadded](FusedSpec::splits_unpadded): elsewhere it
    /// reads mirrored values there). The others index every access through the two-level
    /// [`FusedSpec::pad`]. Measured on the H200 (docs/PERFORMANCE.md, 2026-11-26): without
    /// padding at all, bank conflicts and all, 6561 points took 0.619 ms against 0.696 with
    /// the two-level pad (five integer instructions per access).
    pub fn pads_linearly(&self) -> bool {
        self.holds_registers()
            && (self.real != Some(FusedReal::Split)
                || self.splits_unpadded()
                || self.pairs_split_in_registers())
    }

    /// Whether a real split that is the whole transform ([`FusedSpec::single_pass`]) and
    /// keeps its values in registers pairs each value with its mirror there (fft-codegen's
    /// `paired_split.rs`): its last stage runs an even number of butterflies per work-item,
    /// each beside its mirror, so the split needs no trip through local memory. One exchange
    /// part, at least `SPLIT_PAIR_MIN_RUN` (32) work-items per sub-FFT (a warp's writes in
    /// one row). R2C of 1024..8192 reals in f32 and f64 (their radices are chosen for it,
    /// `single_pass_register_bits`), 16384 in f32 (halves), mixed one-pass half lengths such
    /// as 500 = [10, 10, 5].
    pub fn pairs_split_in_registers(&self) -> bool {
        if self.real != Some(FusedReal::Split)
            || !self.single_pass
            || !self.holds_registers()
            || self.exchange_parts() != 1
        {
            return false;
        }
        self.last_stage_pairs(&self.stage_radices())
    }

    /// Whether stage `radices` (the first one R, the radix of the load) end in a stage that
    /// runs an even number of butterflies per work-item, with at least `SPLIT_PAIR_MIN_RUN`
    /// work-items per sub-FFT: the shape in which a one-pass split pairs every butterfly with
    /// its mirror in registers ([`FusedSpec::pairs_split_in_registers`]).
    pub(super) fn last_stage_pairs(&self, radices: &[u32]) -> bool {
        match (radices.len(), radices.first(), radices.last()) {
            (2.., Some(&radix), Some(&last)) => {
                radix % last == 0
                    && (radix / last) % 2 == 0
                    && self.len / radix >= SPLIT_PAIR_MIN_RUN
            }
            _ => false,
        }
    }

    /// Whether a real split that is the whole transform ([`FusedSpec::single_pass`]), keeps
    /// its values in registers and exchanges complex values puts them back into `buf`
    /// unpadded for the split (each warp writes, then reads pairs of, consecutive values: no
    /// bank meets two of them), so the split needs no `pad()` and the exchanges between the
    /// stages pad linearly ([`FusedSpec::pads_linearly`]) like those of the complex passes.
    pub fn splits_unpadded(&self) -> bool {
        self.real == Some(FusedReal::Split)
            && self.single_pass
            && self.holds_registers()
            && !self.exchanges_halves()
    }

    /// Bytes of the kernel's `__local` memory: its buffer (padding included), `local_len()`
    /// complex values or scalars when the stages exchange halves, and the shared pass
    /// twiddles ([`FusedSpec::shared_pass_twiddles`]).
    pub fn local_bytes(&self) -> u64 {
        self.local_len() * self.local_value_bytes()
            + self.shared_pass_twiddles() * self.precision.complex_bytes() as u64
    }

    /// Complex values of the `__local` table of pass twiddles an interleaved pass shares
    /// between its work-group's columns (`L`), 0 for other passes. Where `inner` is a
    /// multiple of the columns `C`, the work-group's `C` columns are one sub-FFT `g` of
    /// neighbouring sequences, so its `L` pass twiddles `W^(k m)` are the same for all of
    /// them: computed once into the table, each element reads one local value instead of
    /// two table entries and a product. Not in the passes that keep their values in
    /// registers, whose `buf` takes the local memory. Measured on the H200
    /// (docs/PERFORMANCE.md, 2026-11-27 (shared twiddles)).
    pub fn shared_pass_twiddles(&self) -> u64 {
        if self.interleaved && !self.holds_registers() {
            u64::from(self.len)
        } else {
            0
        }
    }

    /// Bytes of one value of the `__local` buffer: a scalar where the stages exchange
    /// halves ([`FusedSpec::exchanges_halves`]), else a complex value.
    pub fn local_value_bytes(&self) -> u64 {
        let complex = self.precision.complex_bytes() as u64;
        if self.exchanges_halves() {
            complex / 2
        } else {
            complex
        }
    }
}

/// The fewest parts, at least `parts`, that divide `len`: the parts of an exchange of a
/// mixed length's sequences side by side (2 x 6561 points: 3, where 2 do not divide 6561),
/// whose stage radices the planner then takes as multiples of them (`parts_fit`).
fn dividing_parts(len: u32, parts: u32) -> u32 {
    (parts.max(1)..=len).find(|p| len % p == 0).unwrap_or(len)
}
