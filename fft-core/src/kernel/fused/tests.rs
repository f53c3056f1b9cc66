//! Tests of [`FusedSpec`]: its shapes, radices, capacities and the catalog.

use super::radices::parts_fit;
use super::*;
use crate::kernel::{catalog, KernelSpec};

fn fused_catalog() -> Vec<FusedSpec> {
    catalog()
        .into_iter()
        .filter_map(|k| match k {
            crate::kernel::KernelSpec::Fused(s) => Some(s),
            _ => None,
        })
        .collect()
}

/// The most local memory a catalog kernel takes (8192 f32 scalars padded every 8 values
/// at the most, 8191 + 1023 + 1: `pads_linearly`), within the 48 KB every GPU offers.
const LOCAL_BUDGET: u64 = 9215 * 4;
/// Mixed lengths' one-part exchanges: 10240 floats padded every 8 values at the most
/// (10239 + 1279 + 1; 5120 doubles take 5759 * 8 bytes), under the 48 KB of NVIDIA's
/// OpenCL work-groups.
const MIXED_LOCAL_BUDGET: u64 = 11519 * 4;

fn spec(len: u32, precision: Precision) -> FusedSpec {
    FusedSpec {
        precision,
        ..FusedSpec::new(len)
    }
}

#[test]
fn mixed_lengths_keep_their_values_in_registers_where_the_radices_divide() {
    let f32 = Precision::F32;
    let f64 = Precision::F64;
    // (len, precision, radices, C, halves): complex exchanges with C > 1 and C = 1, and
    // halves above the complex capacity, up to the scalar capacity in one pass.
    for (len, precision, radices, columns, halves) in [
        (400, f32, vec![20, 20], 10, false),
        (1000, f32, vec![10, 10, 10], 4, false),
        (3125, f32, vec![25, 25, 5], 1, false),
        (6561, f32, vec![27, 27, 9], 1, true),
        (8000, f32, vec![20, 20, 20], 1, true),
        (2187, f64, vec![9, 9, 9, 3], 1, true),
        // Balanced radices that do not divide the first give way to radices that do,
        // with one more stage at most: [10, 8, 5, 5], [10, 10, 6, 5], [16, 12].
        (2000, f32, vec![20, 20, 5], 2, false),
        (3000, f32, vec![30, 10, 10], 1, false),
        (768, f32, vec![24, 8, 4], 5, false),
        (6000, f32, vec![30, 10, 10, 2], 1, true),
    ] {
        let s = spec(len, precision);
        assert!(s.check().is_ok() && s.mixed_in_registers(), "{len}");
        assert!(s.holds_registers(), "{len}");
        assert_eq!(s.stage_radices(), radices, "{len}");
        assert_eq!(
            (s.columns(), s.exchanges_halves()),
            (columns, halves),
            "{len}"
        );
        assert_eq!(s.exchange_parts(), 1, "{len}");
    }
    // No dividing radices within the caps (2310 = 2 * 3 * 5 * 7 * 11, 1920 = [16, 12, 10]
    // against [30, 2, 2, 2, 2, 2, 2]), one stage, fewer than 16 work-items per sub-FFT
    // with C > 1 ([10, 6]: runs of 6), an edge: through local memory as before, with
    // the balanced radices; above the complex capacity such lengths do not exist.
    for (len, edge) in [
        (2310, false),
        (1920, false),
        (12, false),
        (60, false),
        (2000, true),
    ] {
        let mut s = spec(len, f32);
        if edge {
            s.interleaved = true;
        }
        assert!(s.check().is_ok() && !s.holds_registers(), "{len}");
    }
    assert_eq!(spec(1920, f32).stage_radices(), [16, 12, 10]);
    // Up to 512 points, not at the cost of an extra stage: [10, 5, 5] and [12, 4, 4]
    // would be one more; 200 in f64 gives [10, 10, 2] for [8, 5, 5].
    assert_eq!(spec(250, f32).stage_radices(), [25, 10]);
    assert_eq!(spec(192, f32).stage_radices(), [16, 12]);
    assert_eq!(spec(200, f64).stage_radices(), [10, 10, 2]);
    assert!(spec(200, f64).holds_registers());
    let edge = FusedSpec {
        interleaved: true,
        ..spec(2000, f32)
    };
    assert_eq!(edge.stage_radices(), [10, 8, 5, 5]);
    // 7776 = 2^5 * 3^5: no dividing radices within 32; above the complex capacity its
    // middle stage runs clamped butterflies (`guarded.rs`).
    assert_eq!(spec(7776, f32).stage_radices(), [18, 24, 18]);
    // 11025 = 3^2 5^2 7^2: no radices up to 64 that all divide the first, by either rule;
    // the long mixed rules clamp a stage instead (`guarded.rs`: [21, 25, 21]).
    assert_eq!(spec(11025, f32).stage_radices(), [21, 25, 21]);
    // Edges: a real step on [20, 20, 5], not on [30, 10, 10] (balanced radices then);
    // Bluestein's steps on power-of-two passes of at most 2 sub-FFTs.
    let real = |len: u32, step: FusedReal| FusedSpec {
        direction: step.direction(),
        real: Some(step),
        ..spec(len, f32)
    };
    assert!(real(2000, FusedReal::Split).mixed_in_registers());
    assert_eq!(real(2000, FusedReal::Split).stage_radices(), [20, 20, 5]);
    assert!(real(2000, FusedReal::Merge).mixed_in_registers());
    assert!(!real(3000, FusedReal::Merge).holds_registers());
    assert_eq!(real(3000, FusedReal::Merge).stage_radices(), [10, 10, 6, 5]);
    // Below 512 points a real edge is worth one more stage in registers: the 500-point
    // pass of 1000 reals, [25, 20] without the edge.
    assert_eq!(spec(500, f32).stage_radices(), [25, 20]);
    for step in [FusedReal::Split, FusedReal::Merge] {
        assert_eq!(real(500, step).stage_radices(), [10, 10, 5]);
        assert!(real(500, step).mixed_in_registers());
    }
    // Single power-of-two passes with a real edge keep their values in registers (the
    // split at every length, the merge up to 512 points) as the plain ones do; a longer
    // merge takes radices up to 32 through local memory; the first pass of several takes
    // [32, 32, 2] where it is a wide pass with the merge (2048 points), the plain pass of the
    // same length [64, 32].
    let single = |len: u32, step: FusedReal| FusedSpec {
        single_pass: true,
        ..real(len, step)
    };
    assert_eq!(spec(2048, f32).stage_radices(), [64, 32]);
    assert!(single(2048, FusedReal::Split).single_pass_in_registers());
    assert_eq!(single(2048, FusedReal::Split).stage_radices(), [32, 8, 8]);
    assert_eq!(single(2048, FusedReal::Split).columns(), 1);
    assert_eq!(single(1024, FusedReal::Split).columns(), 2);
    assert_eq!(single(512, FusedReal::Split).columns(), 4);
    assert_eq!(single(256, FusedReal::Split).columns(), 16);
    // Mixed splits paired in registers hold at most 4 sub-FFTs (500 points: 8 fit).
    assert_eq!(single(500, FusedReal::Split).columns(), 4);
    assert_eq!(single(1000, FusedReal::Split).columns(), 4);
    assert!(!single(2048, FusedReal::Merge).holds_registers());
    assert_eq!(single(2048, FusedReal::Merge).stage_radices(), [32, 32, 2]);
    assert!(real(2048, FusedReal::Merge).is_wide());
    assert_eq!(real(2048, FusedReal::Merge).stage_radices(), [32, 32, 2]);
    assert_eq!(real(2048, FusedReal::Merge).work_group_size(), 512);
    for step in [FusedReal::Split, FusedReal::Merge] {
        assert!(single(512, step).single_pass_in_registers());
    }
    // The split pairs its values in registers where its last stage runs an even number of
    // butterflies per work-item: 512 points as [16, 16, 2] (32 work-items, 4 sub-FFTs),
    // the merge as the complex pass, [8, 8, 8] (64 work-items, 4 sub-FFTs).
    assert_eq!(single(512, FusedReal::Split).stage_radices(), [16, 16, 2]);
    assert_eq!(single(512, FusedReal::Split).work_group_size(), 128);
    assert_eq!(single(512, FusedReal::Merge).stage_radices(), [8, 8, 8]);
    assert_eq!(single(256, FusedReal::Split).stage_radices(), [16, 16]);
    assert_eq!(single(1024, FusedReal::Split).stage_radices(), [16, 16, 4]);
    // The split of the whole transform spills its values unpadded, so its exchanges pad
    // linearly; as the last pass of several (reading mirrors from local-memory stages)
    // or exchanging halves it reads them through the two-level pad().
    assert!(single(512, FusedReal::Split).splits_unpadded());
    assert!(single(512, FusedReal::Split).pads_linearly());
    assert!(single(512, FusedReal::Merge).pads_linearly());
    assert!(!real(512, FusedReal::Split).splits_unpadded());
    assert!(!real(512, FusedReal::Split).pads_linearly());
    assert!(!single(8192, FusedReal::Split).splits_unpadded());
    // In halves, the f32 split of 8192 points takes [32, 32, 8] with 256 work-items; the
    // complex pass keeps [64, 64, 2] with 128.
    assert_eq!(single(8192, FusedReal::Split).stage_radices(), [32, 32, 8]);
    // Four butterflies per work-item in its last stage: it pairs its values in registers.
    assert!(single(8192, FusedReal::Split).pairs_split_in_registers());
    assert_eq!(
        single(8192, FusedReal::Split).name(),
        "fft_fused8192_c1_fwd_f32_split_whole"
    );
    assert!(single(4096, FusedReal::Split).pairs_split_in_registers());
    assert!(!real(4096, FusedReal::Split).pairs_split_in_registers());
    assert!(!single(256, FusedReal::Split).pairs_split_in_registers());
    assert_eq!(single(8192, FusedReal::Split).work_group_size(), 256);
    let plain = FusedSpec::new(8192).as_single_pass();
    assert_eq!(plain.stage_radices(), [64, 64, 2]);
    assert_eq!(plain.work_group_size(), 128);
    assert!(single(500, FusedReal::Split).splits_unpadded());
    assert_eq!(
        single(512, FusedReal::Split).name(),
        "fft_fused512_c4_fwd_f32_split_whole"
    );
    assert_eq!(
        real(500, FusedReal::Split).as_single_pass().name(),
        "fft_fused500_c4_fwd_f32_split_whole"
    );
    let chirp = |len: u32| FusedSpec {
        chirp: Some(FusedChirp {
            outer: Direction::Forward,
            pad: false,
            store: ChirpStore::Unpad,
        }),
        ..spec(len, f32)
    };
    assert!(chirp(2048).chirp_in_registers() && chirp(2048).columns() == 2);
    assert!(!chirp(1024).holds_registers() && chirp(1024).columns() == 4);
    assert!(chirp(324).lengths == Lengths::Any && chirp(324).mixed_in_registers());
    // Mixed lengths up to the mixed scalar capacity exchange in one part (9261 = 21^3
    // has no two equal parts); above it in two, the last radix a multiple of 2.
    for (len, precision, radices, parts) in [
        (10000, f32, vec![20, 10, 10, 5], 1),
        (9261, f32, vec![21, 21, 21], 1),
        (5000, f64, vec![10, 10, 10, 5], 1),
        (10368, f32, vec![24, 12, 6, 6], 2),
        (10800, f32, vec![30, 10, 6, 6], 2),
        (5184, f64, vec![12, 12, 6, 6], 2),
    ] {
        let s = spec(len, precision);
        assert!(s.check().is_ok() && s.mixed_in_registers(), "{len}");
        assert_eq!(s.stage_radices(), radices, "{len}");
        assert_eq!(
            (s.exchange_parts(), s.part_len()),
            (parts, len / parts),
            "{len}"
        );
        assert!(
            s.local_bytes() <= MIXED_LOCAL_BUDGET,
            "{len}: {}",
            s.local_bytes()
        );
    }
    // After the first radix: greedy where that leaves [R, R, r >= 5], else balanced.
    for (len, radices) in [
        (4500, vec![30, 30, 5]),
        (5488, vec![28, 28, 7]),
        (3600, vec![30, 10, 6, 2]),
        (2700, vec![30, 15, 6]),
        (1800, vec![30, 10, 6]),
    ] {
        assert_eq!(spec(len, f32).stage_radices(), radices, "{len}");
    }
}

#[test]
fn only_interleaved_passes_and_real_splits_take_padded_rows() {
    let pitched = |spec: FusedSpec| FusedSpec {
        pitched: true,
        ..spec
    };
    let interleaved = pitched(FusedSpec {
        interleaved: true,
        ..FusedSpec::new(512)
    });
    assert!(interleaved.check().is_ok());
    assert_eq!(interleaved.name(), "fft_fused512_c32_fwd_f32_il_pitched");
    let split = pitched(FusedSpec {
        real: Some(FusedReal::Split),
        ..FusedSpec::new(256)
    });
    assert!(split.check().is_ok());
    let merge = pitched(FusedSpec {
        real: Some(FusedReal::Merge),
        direction: Direction::Inverse,
        ..FusedSpec::new(256)
    });
    assert_eq!(merge.check(), Err(SpecError::PitchedEdge));
    assert_eq!(
        pitched(FusedSpec::new(256)).check(),
        Err(SpecError::PitchedEdge)
    );
}

#[test]
fn sequences_side_by_side_take_columns_they_divide_in_interleaved_passes_only() {
    let interleaved = |len: u32, side_by_side: u32| FusedSpec {
        interleaved: true,
        single_pass: len.is_power_of_two(),
        side_by_side,
        ..FusedSpec::new(len)
    };
    // The contiguous whole transform's register shape (2048: 2 columns), as many wide
    // columns as sequences (4096), the contiguous pass of one column in 2 columns (2187).
    for (len, sequences, columns, name) in [
        (2048, 2, 2, "fft_fused2048_c2_fwd_f32_whole_il2"),
        (4096, 2, 2, "fft_fused4096_c2_fwd_f32_il2"),
        (2187, 2, 2, "fft_fused2187_c2_fwd_f32_il2"),
        (1000, 2, 4, "fft_fused1000_c4_fwd_f32_il2"),
    ] {
        let spec = interleaved(len, sequences);
        assert_eq!(spec.check(), Ok(()), "{spec:?}");
        assert_eq!(spec.columns(), columns, "{spec:?}");
        assert!(spec.holds_registers(), "{spec:?}");
        assert_eq!(spec.name(), name);
        assert_eq!(interleaved(len, 0).side_by_side_for(2), 2, "{len}");
    }
    // 3 sequences do not divide 2048's 2 columns, nor 8 wide ones; nothing interleaves 0.
    assert_eq!(interleaved(2048, 0).side_by_side_for(3), 0);
    assert_eq!(interleaved(2048, 0).side_by_side_for(0), 0);
    assert_eq!(
        interleaved(2048, 3).check(),
        Err(SpecError::SideBySide {
            sequences: 3,
            columns: 8
        })
    );
    // Side by side needs an interleaved pass without a pitch.
    let contiguous = FusedSpec {
        side_by_side: 2,
        ..FusedSpec::new(1024)
    };
    assert!(matches!(
        contiguous.check(),
        Err(SpecError::SideBySide { sequences: 2, .. })
    ));
    let pitched = FusedSpec {
        pitched: true,
        ..interleaved(1024, 2)
    };
    assert!(matches!(
        pitched.check(),
        Err(SpecError::SideBySide { sequences: 2, .. })
    ));
    // A halves exchange of interleaved sequences outside the wide passes exists side by
    // side only (8192 points: 2 columns, or 1 for a work-group per sequence).
    assert!(matches!(
        interleaved(8192, 0).check(),
        Err(SpecError::HalvesExchange { len: 8192, .. })
    ));
    assert_eq!(interleaved(8192, 2).check(), Ok(()));
    assert_eq!(interleaved(8192, 1).check(), Ok(()));
    // One of several passes of its axis (2 or 4 channels of a longer length): the columns of
    // the contiguous pass, named apart; it needs at least 2 sequences side by side.
    let runs = |len, side_by_side| FusedSpec {
        interleaved: true,
        side_by_side,
        side_by_side_in_runs: true,
        ..FusedSpec::new(len)
    };
    assert_eq!(runs(1024, 2).check(), Ok(()));
    assert_eq!(runs(1024, 2).name(), "fft_fused1024_c8_fwd_f32_il2r");
    assert_eq!(runs(256, 4).name(), "fft_fused256_c16_fwd_f32_il4r");
    for sequences in [0, 1] {
        assert!(matches!(
            runs(1024, sequences).check(),
            Err(SpecError::SideBySide { .. })
        ));
    }
}

#[test]
fn powers_of_two_in_mixed_plans_index_by_division() {
    let s = FusedSpec {
        lengths: Lengths::Any,
        ..FusedSpec::new(128)
    };
    assert!(s.is_mixed() && s.check().is_ok());
    assert_eq!(s.stage_radices(), FusedSpec::new(128).stage_radices());
    assert_eq!(s.name(), "fft_fused128_c32_fwd_f32_mixed");
    let odd = FusedSpec {
        lengths: Lengths::PowerOfTwo,
        ..FusedSpec::new(1000)
    };
    assert!(odd.check().is_err());
}

#[test]
fn shapes_follow_the_columns_rule() {
    let f32 = Precision::F32;
    let f64 = Precision::F64;
    let s = spec(8192, f32);
    assert!(s.exchanges_halves());
    assert_eq!((s.columns(), s.work_group_size()), (1, 128));
    assert_eq!(s.stage_radices(), [64, 64, 2]);
    // One sub-FFT in registers: each exchange pads on its own, every 8 values at most.
    assert!(s.pads_linearly());
    assert_eq!(s.local_len(), 8191 + 1023 + 1);
    assert_eq!(s.local_bytes(), LOCAL_BUDGET);
    let s = spec(4096, f64).as_single_pass();
    assert!(s.exchanges_halves());
    assert_eq!((s.columns(), s.work_group_size()), (1, 256));
    assert_eq!(s.stage_radices(), [16, 16, 16]);
    assert_eq!(s.local_len(), 4095 + 511 + 1);
    // Twice the scalar capacity: exchanges in two parts of half the points each.
    let s = spec(16384, f32);
    assert_eq!((s.exchange_parts(), s.part_len()), (2, 8192));
    assert_eq!((s.columns(), s.work_group_size()), (1, 256));
    assert_eq!(s.stage_radices(), [64, 64, 4]);
    assert_eq!(s.local_len(), 8191 + 1023 + 1);
    // In parts, f64 takes its largest radix too (fewer exchanges of eight barriers).
    let s = spec(8192, f64);
    assert_eq!((s.exchange_parts(), s.part_len()), (2, 4096));
    assert_eq!((s.columns(), s.work_group_size()), (1, 256));
    assert_eq!(s.stage_radices(), [32, 32, 8]);
    assert_eq!(s.local_len(), 4095 + 511 + 1);
    assert_eq!(spec(8192, f32).exchange_parts(), 1);
    // The whole transform keeps its values in registers from 64 points on: balanced
    // stages of radix up to 16 (4096 in f32 as [32, 32, 4]), each exchange padded on its
    // own.
    let s = spec(4096, f32).as_single_pass();
    assert!(!s.exchanges_halves() && s.single_pass_in_registers());
    assert_eq!((s.columns(), s.work_group_size()), (1, 128));
    assert_eq!(s.stage_radices(), [32, 32, 4]);
    assert_eq!(s.name(), "fft_fused4096_c1_fwd_f32_whole");
    assert!(s.pads_linearly());
    assert_eq!(s.local_len(), 4095 + 511 + 1);
    let s = spec(512, f32).as_single_pass();
    assert_eq!((s.columns(), s.work_group_size()), (4, 256));
    assert_eq!(s.stage_radices(), [8, 8, 8]);
    let s = spec(256, f32).as_single_pass();
    assert!(s.single_pass && s.single_pass_in_registers());
    assert_eq!((s.columns(), s.stage_radices()), (16, vec![16, 16]));
    let s = spec(64, f32).as_single_pass();
    assert!(s.single_pass_in_registers());
    assert_eq!((s.columns(), s.work_group_size()), (64, 512));
    assert_eq!(s.stage_radices(), [8, 8]);
    // 32 points would take 4 work-items per sub-FFT ([8, 4]), runs of 4 values: it stays
    // the pass of many sub-FFTs, stages through buf with the two-level padding
    // (4095 + 255 + 15 + 1).
    let s = spec(32, f32).as_single_pass();
    assert!(!s.single_pass && !s.holds_registers() && !s.pads_linearly());
    assert_eq!((s.columns(), s.stage_radices()), (128, vec![16, 2]));
    assert_eq!(s.local_len(), 4096 + 255 + 15);
    assert_eq!(s.local_bytes(), 4366 * 8);
    // Wide passes: more columns, halves exchanged, X more values of padding per sub-FFT's
    // part so that S = P + P/32 + P/1024 + X is 32/C modulo 32 banks.
    let s = spec(2048, f32);
    assert!(s.is_wide() && s.exchanges_halves());
    assert_eq!((s.columns(), s.work_group_size()), (8, 256));
    assert_eq!((s.exchange_parts(), s.part_len()), (2, 1024));
    assert_eq!(s.stage_radices(), [64, 32]);
    assert_eq!(s.sub_fft_pad(), 3);
    assert_eq!(s.name(), "fft_fused2048_c8_fwd_f32");
    let s = spec(1024, f32);
    assert!(s.is_wide());
    assert_eq!((s.columns(), s.work_group_size()), (8, 256));
    assert_eq!(s.stage_radices(), [32, 32]);
    assert_eq!(s.sub_fft_pad(), 3);
    // The bound of a pass that may pad each exchange on its own (`pads_linearly`); its
    // kernel keeps the two-level pad() where that meets fewer banks twice, and declares
    // 8191 + 255 + 7 + 7 * 3 + 1 values (fft-codegen's text tests read it).
    assert!(s.pads_linearly());
    assert_eq!(s.local_len(), 8191 + 1023 + 1);
    // As the whole transform, the complex exchange with half the columns.
    let single = s.as_single_pass();
    assert!(single.single_pass && !single.is_wide() && !single.exchanges_halves());
    assert_eq!((single.columns(), single.sub_fft_pad()), (4, 0));
    let s = spec(1024, f64);
    assert!(s.is_wide());
    assert_eq!(
        (s.columns(), s.work_group_size(), s.sub_fft_pad()),
        (4, 128, 0)
    );
    assert_eq!(spec(2048, f64).columns(), 2);
    // 4096 points: C = 4 in f32 (C * L = 16384, two parts), 2 in f64; the plain pass and
    // the interleaved one as [64, 64] (one exchange), with a C2R's merge as [32, 32, 4].
    let s = spec(4096, f32);
    let interleaved = FusedSpec {
        interleaved: true,
        ..s
    };
    for plain in [s, interleaved] {
        assert!(plain.is_wide());
        assert_eq!((plain.columns(), plain.work_group_size()), (4, 256));
        assert_eq!((plain.exchange_parts(), plain.part_len()), (2, 2048));
        assert_eq!(plain.stage_radices(), [64, 64]);
        assert_eq!(plain.sub_fft_pad(), 6);
    }
    let merge = FusedSpec {
        direction: Direction::Inverse,
        real: Some(FusedReal::Merge),
        ..s
    };
    assert!(merge.is_wide());
    assert_eq!((merge.columns(), merge.work_group_size()), (4, 512));
    assert_eq!(merge.stage_radices(), [32, 32, 4]);
    assert_eq!(merge.sub_fft_pad(), 6);
    // Channels side by side are not wide passes: they keep [32, 32, 4].
    let channels = FusedSpec {
        side_by_side: 2,
        ..interleaved
    };
    assert!(!channels.is_wide());
    assert_eq!((channels.columns(), channels.work_group_size()), (4, 512));
    assert_eq!(channels.stage_radices(), [32, 32, 4]);
    assert!(!spec(4096, f64).is_wide());
    assert!(!spec(8192, f32).is_wide() && !spec(512, f32).is_wide());
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
    let s = spec(2048, f64).as_single_pass();
    assert_eq!((s.columns(), s.work_group_size()), (1, 128));
    assert_eq!(s.stage_radices(), [16, 16, 8]);
    let s = spec(1024, f64).as_single_pass();
    assert_eq!((s.columns(), s.work_group_size()), (2, 128));
    assert_eq!(s.stage_radices(), [16, 16, 4]);
    assert_eq!(s.local_bytes(), (2047 + 255 + 1) * 16);
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
        assert!(s.local_bytes() <= LOCAL_BUDGET, "{s:?}");
        // An exchange in parts: every stage's reads and the stage writes before the
        // last fall in parts the generator can tell (registers.rs).
        let parts = s.exchange_parts();
        assert_eq!(s.radix() % parts, 0, "{s:?}");
        assert!(
            s.stage_radices().last().is_some_and(|&r| r >= parts),
            "{s:?}"
        );
    }
}

#[test]
fn mixed_lengths_take_few_balanced_stages() {
    let f32 = Precision::F32;
    let cases: [(u32, &[u32], u32, u32); 9] = [
        // (len, stages, columns, work-group size)
        (1000, &[10, 10, 10], 4, 400),
        // Radices up to 16 would be [9, 9, 9, 3], in registers too: the fewer stages win.
        (2187, &[27, 9, 9], 1, 81),
        // Neither [25, 7, 7] nor [7, 7, 5, 5] stays in registers: radices up to 16.
        (1225, &[7, 7, 5, 5], 2, 350),
        (3125, &[25, 25, 5], 1, 125),
        (2310, &[15, 14, 11], 1, 154),
        (60, &[10, 6], 68, 408),
        (3, &[3], 256, 256),
        (100, &[10, 10], 40, 400),
        // [10, 10, 6, 5] balanced; radices that divide the first keep it in registers.
        (3000, &[30, 10, 10], 1, 100),
    ];
    for (len, stages, columns, group) in cases {
        let s = spec(len, f32);
        assert!(s.is_mixed() && s.check().is_ok(), "{len}");
        assert_eq!(s.stage_radices(), stages, "{len}");
        assert_eq!(
            (s.columns(), s.work_group_size()),
            (columns, group),
            "{len}"
        );
        assert_eq!(s.radix(), stages[0], "{len}");
        assert!(s.columns() * s.len <= FusedSpec::max_len(f32), "{len}");
    }
    // f64 keeps radices within 16.
    assert_eq!(spec(1000, Precision::F64).stage_radices(), [10, 10, 10]);
    assert_eq!(spec(2000, Precision::F64).stage_radices(), [10, 10, 10, 2]);
    assert_eq!(spec(2401, f32).stage_radices(), [7, 7, 7, 7]);
    // Every smooth length up to the limit factors into supported radices.
    for precision in [f32, Precision::F64] {
        for len in 2..=FusedSpec::mixed_max_len(precision) {
            let s = spec(len, precision);
            if s.check().is_err() {
                continue;
            }
            let stages = s.stage_radices();
            assert_eq!(stages.iter().product::<u32>(), len, "{len}");
            // Guarded stages (`guarded.rs`): any radix after the first, at most 32 values
            // per work-item in f32 (16 in f64), the last a multiple of the parts.
            if s.guarded_stages_fit(&stages) && !super::radices::divide_the_first(&stages) {
                let values = stages.iter().map(|&r| stages[0].div_ceil(r) * r);
                assert!(values.max() <= Some(s.max_mixed_stage_radix()), "{len}");
                assert_eq!(stages[stages.len() - 1] % s.exchange_parts(), 0, "{len}");
                continue;
            }
            // Largest first; in parts, a multiple of the parts last (parts_fit).
            assert!(stages.iter().all(|&r| r <= stages[0]), "{len}");
            let parts = s.exchange_parts();
            if parts == 1 {
                assert!(stages.windows(2).all(|w| w[0] >= w[1]), "{len}");
            } else {
                assert!(parts_fit(len, &stages, parts), "{len}");
            }
            let group = if s.is_long_mixed() {
                LONG_MIXED_MAX_GROUP
            } else {
                MAX_GROUP
            };
            assert!(s.work_group_size() <= group, "{len}");
            assert!(s.local_bytes() <= MIXED_LOCAL_BUDGET, "{len}");
            if s.exchange_parts() == 1 && s.exchanges_halves() {
                assert!(u64::from(len) <= u64::from(FusedSpec::mixed_scalar_capacity(precision)));
            }
        }
    }
}

#[test]
fn catalog_is_complete_ordered_and_unique() {
    let specs = fused_catalog();
    // 14 lengths x 2 directions x 2 precisions, less f64's 16384, plus the single-pass
    // kernels of 64 to 4096 points in f32 and 64 to 2048 in f64 (in registers), both
    // directions.
    assert_eq!(specs.len(), 14 * 2 * 2 - 2 + 2 * (7 + 6));
    let single: Vec<String> = specs
        .iter()
        .filter(|s| s.single_pass && s.direction == Direction::Forward)
        .map(FusedSpec::name)
        .collect();
    assert_eq!(
        single,
        [
            "fft_fused64_c64_fwd_f32_whole",
            "fft_fused64_c32_fwd_f64_whole",
            "fft_fused128_c32_fwd_f32_whole",
            "fft_fused128_c16_fwd_f64_whole",
            "fft_fused256_c16_fwd_f32_whole",
            "fft_fused256_c8_fwd_f64_whole",
            "fft_fused512_c4_fwd_f32_whole",
            "fft_fused512_c4_fwd_f64_whole",
            "fft_fused1024_c4_fwd_f32_whole",
            "fft_fused1024_c2_fwd_f64_whole",
            "fft_fused2048_c2_fwd_f32_whole",
            "fft_fused2048_c1_fwd_f64_whole",
            "fft_fused4096_c1_fwd_f32_whole"
        ]
    );
    assert_eq!(specs[0], FusedSpec::new(2));
    assert_eq!(
        specs.last().map(FusedSpec::name).as_deref(),
        Some("fft_fused16384_c1_inv_f32")
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
fn wide_columns_meet_different_banks() {
    // The column regime's lanes (C columns by B/C neighbouring points) and the flat
    // regime's (B neighbouring points of one sub-FFT) hit B different banks.
    for s in fused_catalog().into_iter().filter(FusedSpec::is_wide) {
        let (c, banks) = (u64::from(s.columns()), u64::from(s.pad_step()));
        let len = u64::from(s.part_len());
        let column_lanes: Vec<u64> = (0..banks)
            .map(|lane| s.pad((lane % c) * len + lane / c) % banks)
            .collect();
        let flat_lanes: Vec<u64> = (0..banks).map(|lane| s.pad(lane) % banks).collect();
        for lanes in [column_lanes, flat_lanes] {
            let mut sorted = lanes.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len() as u64, banks, "{}: {lanes:?}", s.name());
        }
    }
}

/// The convolution in one pass exists as a forward pass that pads; anything else names
/// what it needs.
#[test]
fn a_convolution_without_its_pad_or_inverse_is_an_error() {
    let convolve = |pad, direction| FusedSpec {
        chirp: Some(FusedChirp {
            outer: Direction::Forward,
            pad,
            store: ChirpStore::Convolve,
        }),
        direction,
        ..FusedSpec::new(2048)
    };
    assert_eq!(convolve(true, Direction::Forward).check(), Ok(()));
    for spec in [
        convolve(false, Direction::Forward),
        convolve(true, Direction::Inverse),
    ] {
        let error = spec.check().unwrap_err();
        assert_eq!(error, SpecError::ConvolveEdge);
        assert!(error.to_string().contains("pad: true, direction Forward"));
    }
}

#[test]
fn unsupported_lengths_are_errors() {
    for (len, precision) in [
        (0, Precision::F32),
        (1, Precision::F32),
        (34, Precision::F32),
        (4095 * 8, Precision::F32),
        (32768, Precision::F32),
        (16384, Precision::F64),
    ] {
        let err = spec(len, precision).check().unwrap_err();
        assert!(err.to_string().contains(&len.to_string()), "{err}");
    }
    // The derived quantities never panic, even for unsupported specs.
    for len in [0, 1, 3, 8192, 16384, u32::MAX] {
        let s = spec(len, Precision::F64);
        let _ = (s.columns(), s.work_group_size(), s.stage_radices());
        let _ = (s.local_bytes(), s.name());
    }
}

#[test]
fn interleaved_passes_write_the_callers_layout_but_read_none() {
    let interleaved = FusedSpec {
        interleaved: true,
        ..spec(4096, Precision::F32)
    };
    let planar_out = FusedSpec {
        store: Some(Storage::Planar),
        ..interleaved
    };
    assert_eq!(planar_out.check(), Ok(()));
    assert_eq!(planar_out.name(), "fft_fused4096_c4_fwd_f32_il_out_planar");
    let names: Vec<&str> = KernelSpec::Fused(planar_out)
        .abi()
        .args
        .iter()
        .map(|arg| arg.name)
        .collect();
    assert_eq!(
        names,
        [
            "x",
            "y_re",
            "y_im",
            "stage_tw",
            "pass_tw_hi",
            "pass_tw_lo",
            "p",
            "t",
            "h",
            "total",
            "scale",
            "out_stride",
            "out_dist",
            "inner"
        ]
    );
    let strided_out = FusedSpec {
        store: Some(Storage::Interleaved),
        ..interleaved
    };
    assert_eq!(KernelSpec::Fused(strided_out).abi().args.len(), 13);
    // The first pass of a multi-dimensional plan reads the caller's layout: `in_stride`,
    // `in_dist` after the scalars, `inner` last.
    let planar_in = FusedSpec {
        load: Some(Storage::Planar),
        ..interleaved
    };
    assert_eq!(planar_in.check(), Ok(()));
    assert_eq!(planar_in.name(), "fft_fused4096_c4_fwd_f32_il_in_planar");
    let names: Vec<&str> = KernelSpec::Fused(planar_in)
        .abi()
        .args
        .iter()
        .map(|arg| arg.name)
        .collect();
    assert_eq!(names[..3], ["x_re", "x_im", "y"]);
    assert_eq!(names[11..], ["in_stride", "in_dist", "inner"]);
    let both = FusedSpec {
        store: Some(Storage::Interleaved),
        ..planar_in
    };
    assert_eq!(KernelSpec::Fused(both).abi().args.len(), 16);
    for refused in [
        FusedSpec {
            pitched: true,
            ..planar_in
        },
        FusedSpec {
            side_by_side: 2,
            ..planar_in
        },
        FusedSpec {
            pitched: true,
            ..planar_out
        },
        FusedSpec {
            side_by_side: 2,
            ..planar_out
        },
    ] {
        assert_eq!(
            refused.check(),
            Err(SpecError::InterleavedEdge),
            "{refused:?}"
        );
    }
}

#[test]
fn long_mixed_lengths_take_one_pass_with_wider_groups_and_dividing_parts() {
    // (len, radices, exchange parts, work-items): R up to 64, up to 1024 work-items, the
    // fewest parts that divide the length and the first and last radices.
    for (len, radices, parts, group) in [
        (15625, vec![25, 25, 25], 5, 625),
        (19683, vec![27, 27, 27], 3, 729),
        (12005, vec![35, 7, 7, 7], 7, 343),
        (20000, vec![20, 10, 10, 10], 2, 1000),
        (10935, vec![45, 9, 9, 3], 3, 243),
        (20736, vec![24, 12, 12, 6], 3, 864),
        (24000, vec![60, 20, 20], 4, 400),
        (25000, vec![50, 50, 10], 5, 500),
        (27000, vec![30, 30, 30], 3, 900),
        (30375, vec![45, 45, 15], 3, 675),
    ] {
        let s = FusedSpec {
            single_pass: true,
            ..spec(len, Precision::F32)
        };
        assert!(s.is_long_mixed(), "{len}");
        assert_eq!(s.stage_radices(), radices, "{len}");
        assert_eq!(s.exchange_parts(), parts, "{len}");
        assert!(parts_fit(len, &radices, parts), "{len}");
        assert_eq!(s.work_group_size(), group, "{len}");
        assert!(s.mixed_in_registers() && s.holds_registers(), "{len}");
        assert!(s.local_bytes() <= MIXED_LOCAL_BUDGET, "{len}");
        assert_eq!(s.check(), Ok(()), "{len}");
    }
    // Beyond two parts, not with more than 10 exchanges times parts (21875 = [35, 5, 5, 5, 5]
    // in 5 parts, 30000 = [30, 10, 10, 10] in 5, 28672 = [56, 8, 8, 8] in 4) nor a first
    // radix above 60 (27783 = [63, 7, 63] in 3 parts); below, 12005 in 7 parts still is.
    for len in [21875, 30000, 28672, 27783] {
        let s = FusedSpec {
            single_pass: true,
            ..spec(len, Precision::F32)
        };
        assert!(!s.is_long_mixed(), "{len}");
    }
    // Lengths the shorter rules keep in registers keep their radices.
    for (len, radices) in [
        (10000, vec![20, 10, 10, 5]),
        (10368, vec![24, 12, 6, 6]),
        (13500, vec![30, 15, 30]),
    ] {
        let s = spec(len, Precision::F32);
        assert!(!s.is_long_mixed(), "{len}");
        assert_eq!(s.stage_radices(), radices, "{len}");
    }
    // With the caller's layout read element by element: still long mixed, one pass.
    let strided = FusedSpec {
        single_pass: true,
        load: Some(Storage::Planar),
        store: Some(Storage::Interleaved),
        ..spec(15625, Precision::F32)
    };
    assert!(strided.is_long_mixed() && strided.mixed_in_registers());
    assert_eq!(strided.stage_radices(), [25, 25, 25]);
    assert_eq!(strided.check(), Ok(()));
    // Not f64, not with Bluestein's edges, not above three parts of the capacity.
    assert!(!spec(15625, Precision::F64).is_long_mixed());
    let padded = FusedSpec {
        chirp: Some(FusedChirp {
            outer: Direction::Forward,
            pad: true,
            store: ChirpStore::Plain,
        }),
        ..spec(15625, Precision::F32)
    };
    assert!(!padded.is_long_mixed());
    assert!(padded.check().is_err());
    assert_eq!(FusedSpec::mixed_max_len(Precision::F32), 30720);
    assert!(spec(31104, Precision::F32).check().is_err());
    assert!(!spec(31104, Precision::F32).is_long_mixed());
}

#[test]
fn mixed_passes_whose_strides_meet_one_bank_pad_with_another_step() {
    // A multiple of 15 padded every 16 has a stride of about 16 L / 15, a multiple of the 16
    // banks: the model counts 4 or more conflicts per wavefront, and another step far fewer.
    for (len, step) in [
        (75, 8),
        (105, 32),
        (120, 8),
        (135, 32),
        (150, 8),
        (180, 32),
        (225, 8),
        (15, 32),
    ] {
        let s = spec(len, Precision::F32);
        let base = s.bank_conflicts(PAD_STEP);
        assert!(base >= 4 * s.bank_wavefronts(), "{len}: {base}");
        assert_eq!(s.pad_step(), step, "{len}");
        assert!(3 * s.bank_conflicts(step) < 2 * base, "{len}");
        assert!(s.local_bytes() <= MIXED_LOCAL_BUDGET, "{len}");
        assert_eq!(s.pad(u64::from(len)), {
            let e = u64::from(len);
            let step = u64::from(step);
            e + e / step + e / (step * step)
        });
    }
    // Lengths whose strides spread keep 16, and so do powers of two and the kernels that pad
    // each exchange on their own.
    for len in [125, 144, 162, 100, 81, 256] {
        let s = spec(len, Precision::F32);
        assert_eq!(s.pad_step(), PAD_STEP, "{len}");
    }
    assert!(spec(1000, Precision::F32).pads_linearly());
    assert_eq!(spec(1000, Precision::F32).pad_step(), PAD_STEP);
}

#[test]
fn aligned_columns_apply_to_interleaved_f32_mixed_passes_only() {
    let aligned_in = |len, aligned_columns| FusedSpec {
        interleaved: true,
        aligned_columns,
        ..FusedSpec::new(len)
    };
    let aligned = |len| aligned_in(len, 4);
    // 2000 points: 4 columns (runs of a sector), 8000 values exchanged as halves in one
    // part, in registers; without aligned runs the same interleaved pass has 2 columns.
    let spec = aligned(2000);
    assert_eq!(spec.check(), Ok(()));
    assert_eq!(spec.name(), "fft_fused2000_c4_fwd_f32_il_aligned");
    assert!(spec.exchanges_halves() && spec.mixed_in_registers());
    assert_eq!(spec.exchange_parts(), 1);
    let plain = FusedSpec {
        aligned_columns: 0,
        ..spec
    };
    assert_eq!(plain.columns(), 2);
    assert!(!plain.holds_registers());
    // 1000 points: the columns a complex exchange holds (4), now in registers.
    assert_eq!(aligned(1000).columns(), 4);
    assert!(aligned(1000).holds_registers() && !aligned(1000).exchanges_halves());
    // 324 points in 12 columns (3888 values, a complex exchange); 600 in 4 of the 6 its
    // interleaved pass holds.
    assert_eq!(aligned_in(324, 12).check(), Ok(()));
    assert!(!aligned_in(324, 12).exchanges_halves());
    assert_eq!(
        aligned_in(600, 4).name(),
        "fft_fused600_c4_fwd_f32_il_aligned"
    );
    // Refused: not interleaved, a power of two, f64, side by side, the caller's layout,
    // columns that are no multiple of 4, more values than one exchange of halves holds
    // (10240 scalars per part, 8 x 2000 = 16000), stages that do not keep registers ([25, 20]).
    let refused = [
        aligned_in(600, 6),
        aligned_in(2000, 8),
        aligned_in(500, 4),
        FusedSpec {
            interleaved: false,
            ..aligned(2000)
        },
        aligned(1024),
        FusedSpec {
            precision: Precision::F64,
            ..aligned(1000)
        },
        FusedSpec {
            side_by_side: 4,
            ..aligned(1000)
        },
        FusedSpec {
            load: Some(Storage::Planar),
            ..aligned(1000)
        },
    ];
    for spec in refused {
        assert_eq!(spec.check(), Err(SpecError::AlignedRuns), "{spec:?}");
    }
}
