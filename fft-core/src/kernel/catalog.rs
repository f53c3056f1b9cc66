//! The one list of kernels the project ships: the runtime's table (`build.rs`),
//! `cargo xtask gen-kernels --all` and the generator's tests all loop over [`catalog`].

use super::chirp::{ChirpSpec, ChirpStep};
use super::fused::{ChirpStore, FusedChirp, FusedSpec, Storage, WIDE_MIN};
use super::lanes::{LanesShape, LanesSpec};
use super::layout::{LayoutSpec, LayoutStep, LayoutValues};
use super::permute::{PermuteSpec, PermuteStep};
use super::rader::{RaderSpec, RaderStep};
use super::real::{FusedReal, RealSpec};
use super::spec::{
    all_radices, Form, KernelSpec, Lengths, PassTable, RadixSpec, Twiddles, RADICES,
};
use crate::{Direction, Precision};

const DIRECTIONS: [Direction; 2] = [Direction::Forward, Direction::Inverse];
const PRECISIONS: [Precision; 2] = [Precision::F32, Precision::F64];

/// Every kernel spec, in a fixed order that depends on nothing but this function:
/// 1. global radix passes, vector form: radix x direction x precision x twiddles (96);
/// 2. global radix passes, scalar form: radix x direction x precision (24);
/// 3. fused passes: length 2..16384 (f32) or 8192 (f64) x direction x precision, and the
///    whole-transform forms of 64 to 4096 (f32) or 2048 (f64) points (80);
/// 4. global radix passes for any length (vector form, table twiddles): every radix of
///    [`all_radices`] x direction x precision (176);
/// 5. Bluestein's point-wise chirp passes: step x direction x precision (12);
/// 6. real transforms' point-wise steps: precision x parity x step (16);
/// 7. multi-dimensional permutes: step x precision (4);
/// 8. layout passes: step x planar x precision (8);
/// 9. global radix passes with two-level twiddle tables (vector form, powers of two):
///    radix x direction x precision (24).
pub fn catalog() -> Vec<KernelSpec> {
    let mut specs = Vec::new();
    for radix in RADICES {
        for direction in DIRECTIONS {
            for precision in PRECISIONS {
                for twiddles in Twiddles::ALL {
                    specs.push(KernelSpec::Radix(RadixSpec {
                        radix,
                        direction,
                        precision,
                        twiddles,
                        form: Form::Vector,
                        lengths: Lengths::PowerOfTwo,
                        table: PassTable::OneLevel,
                    }));
                }
            }
        }
    }
    for radix in RADICES {
        for direction in DIRECTIONS {
            for precision in PRECISIONS {
                specs.push(KernelSpec::Radix(RadixSpec {
                    radix,
                    direction,
                    precision,
                    twiddles: Twiddles::Table,
                    form: Form::Scalar,
                    lengths: Lengths::PowerOfTwo,
                    table: PassTable::OneLevel,
                }));
            }
        }
    }
    let longest = FusedSpec::max_len(Precision::F32).max(FusedSpec::max_len(Precision::F64));
    for bits in 1..=longest.trailing_zeros() {
        for direction in DIRECTIONS {
            for precision in PRECISIONS {
                let spec = FusedSpec {
                    direction,
                    precision,
                    ..FusedSpec::new(1 << bits)
                };
                if spec.check().is_ok() {
                    specs.push(KernelSpec::Fused(spec));
                    // The whole-transform form, where it is a kernel of its own.
                    if spec.as_single_pass() != spec {
                        specs.push(KernelSpec::Fused(spec.as_single_pass()));
                    }
                }
            }
        }
    }
    for radix in all_radices() {
        for direction in DIRECTIONS {
            for precision in PRECISIONS {
                specs.push(KernelSpec::Radix(RadixSpec {
                    direction,
                    precision,
                    lengths: Lengths::Any,
                    ..RadixSpec::new(radix)
                }));
            }
        }
    }
    for step in ChirpStep::ALL {
        for direction in DIRECTIONS {
            for precision in PRECISIONS {
                specs.push(KernelSpec::Chirp(ChirpSpec {
                    step,
                    direction,
                    precision,
                }));
            }
        }
    }
    for step in RaderStep::ALL {
        for direction in DIRECTIONS {
            for precision in PRECISIONS {
                specs.push(KernelSpec::Rader(RaderSpec {
                    step,
                    direction,
                    precision,
                }));
            }
        }
    }
    for precision in PRECISIONS {
        specs.extend(RealSpec::all(precision).into_iter().map(KernelSpec::Real));
    }
    for step in [PermuteStep::Gather, PermuteStep::Scatter] {
        for precision in PRECISIONS {
            specs.push(KernelSpec::Permute(PermuteSpec { step, precision }));
        }
    }
    for step in [LayoutStep::Load, LayoutStep::Store] {
        for values in [
            LayoutValues::Interleaved,
            LayoutValues::Planar,
            LayoutValues::Reals,
        ] {
            for precision in PRECISIONS {
                specs.push(KernelSpec::Layout(LayoutSpec {
                    step,
                    values,
                    precision,
                }));
            }
        }
    }
    for radix in RADICES {
        for direction in DIRECTIONS {
            for precision in PRECISIONS {
                specs.push(KernelSpec::Radix(RadixSpec {
                    direction,
                    precision,
                    table: PassTable::TwoLevel,
                    ..RadixSpec::new(radix)
                }));
            }
        }
    }
    specs
}

/// The reviewed sample committed in `kernels/`: every family and form, each twiddle variant,
/// both precisions of one size, forward only (the inverse differs in signs): radix 16 in the
/// vector form with every twiddle variant, in the scalar form and for mixed lengths, radix 5
/// (an odd radix), the fused 256- and 4096-point passes (f64: 2048), and the fused
/// 1000-point pass of a mixed length, the long mixed 15625-point one
/// ([`FusedSpec::is_long_mixed`]) and the 2048-point pass of Bluestein's whole
/// convolution, the 256-point passes with a real transform's split and merge steps, the
/// 4725-point one with the split exchanging halves, the 125-point mixed one with the split
/// in 20 of its 32 columns ([`FusedSpec::split_columns`]), the 77-point one pairing its 40
/// columns at any stride ([`FusedSpec::split_any_stride`]), and the
/// wide 2048-point pass with the merge (f32; such kernels are emitted on first use, not part
/// of [`catalog`]), and the real transforms'
/// point-wise steps in f32, the permutes and layout passes in f32, the interleaved 256-point
/// pass of a multi-dimensional axis, the aligned 2000-point one (in registers, exchanging
/// halves) and the 256-point pass that reads planar input and writes strided output itself. `cargo xtask gen-kernels --all` writes the whole [`catalog`].
pub fn sample_catalog() -> Vec<KernelSpec> {
    let mixed_fused = KernelSpec::Fused(FusedSpec::new(1000));
    // A long mixed pass: 15625 = [25, 25, 25], 625 work-items, exchanges in 5 parts.
    let long_mixed = KernelSpec::Fused(FusedSpec::new(15625));
    // Clamped stages and a last radix that does not divide the first: 5005 = [11, 13, 7, 5],
    // each output stored at its own point.
    let scattered = KernelSpec::Fused(FusedSpec::new(5005));
    let bluestein_fused = KernelSpec::Fused(FusedSpec {
        chirp: Some(FusedChirp {
            outer: Direction::Forward,
            pad: true,
            store: ChirpStore::Convolve,
        }),
        ..FusedSpec::new(2048)
    });
    let real_split = KernelSpec::Fused(FusedSpec {
        real: Some(FusedReal::Split),
        ..FusedSpec::new(256)
    });
    let real_merge = KernelSpec::Fused(FusedSpec {
        real: Some(FusedReal::Merge),
        direction: Direction::Inverse,
        ..FusedSpec::new(256)
    });
    // The split in a one-pass kernel exchanging halves whose last stage cannot pair its
    // butterflies in registers (an odd half length, 9450 reals: 4725 = [15, 21, 15]): one
    // more exchange of halves brings each value's mirror.
    let halves_split = KernelSpec::Fused(
        FusedSpec {
            real: Some(FusedReal::Split),
            ..FusedSpec::new(4725)
        }
        .as_single_pass(),
    );
    // The split in a mixed last pass with fewer columns than it holds, so that they pair at
    // its stride (100000 reals as 400 x 125 points: 20 columns of 125, not 32).
    let mixed_split = KernelSpec::Fused(FusedSpec {
        real: Some(FusedReal::Split),
        lengths: Lengths::Any,
        split_columns: 20,
        ..FusedSpec::new(125)
    });
    // The split in a last pass whose columns pair at any stride (11858 reals as 77 x 77: 40
    // of its 53 columns at the odd stride 77, the last work-group of each row partly idle).
    let any_stride_split = KernelSpec::Fused(FusedSpec {
        real: Some(FusedReal::Split),
        lengths: Lengths::Any,
        split_columns: 40,
        split_any_stride: true,
        ..FusedSpec::new(77)
    });
    // The merge in a wide pass (8 columns exchanging halves; the mirrored block order).
    let wide_merge = KernelSpec::Fused(FusedSpec {
        real: Some(FusedReal::Merge),
        direction: Direction::Inverse,
        ..FusedSpec::new(2048)
    });
    let interleaved = KernelSpec::Fused(FusedSpec {
        interleaved: true,
        ..FusedSpec::new(256)
    });
    // A mixed axis before the last in one pass in registers, its 4 columns dividing the
    // sequences (axis 0 of 2000 x 1000): 8000 values exchanged as halves.
    let aligned = KernelSpec::Fused(FusedSpec {
        interleaved: true,
        aligned_columns: 4,
        ..FusedSpec::new(2000)
    });
    // A real volume's padded half spectrum: the split writing padded rows, and the last
    // column pass reading them and writing compact ones.
    let pitched_split = KernelSpec::Fused(FusedSpec {
        real: Some(FusedReal::Split),
        pitched: true,
        ..FusedSpec::new(256)
    });
    let pitched_columns = KernelSpec::Fused(FusedSpec {
        interleaved: true,
        pitched: true,
        ..FusedSpec::new(256)
    });
    let caller_layout = KernelSpec::Fused(FusedSpec {
        load: Some(Storage::Planar),
        store: Some(Storage::Interleaved),
        ..FusedSpec::new(256)
    });
    // An interleaved pass reading and writing planar data itself (the first and last pass
    // of a transform along axis 0 of 256 x 16 values).
    let interleaved_layout = KernelSpec::Fused(FusedSpec {
        interleaved: true,
        load: Some(Storage::Planar),
        store: Some(Storage::Planar),
        ..FusedSpec::new(256)
    });
    // The rows' pass of 8192 x 4096 taking its columns' first radix-2 step (rows in pairs).
    let pair_rows = KernelSpec::Fused(
        FusedSpec {
            pair_rows: true,
            ..FusedSpec::new(4096)
        }
        .as_single_pass(),
    );
    catalog()
        .into_iter()
        .filter(|spec| {
            spec.direction() == Direction::Forward || matches!(spec, KernelSpec::Real(_))
        })
        .filter(|spec| match spec {
            KernelSpec::Radix(radix) => radix.radix == 16 || radix.radix == 5,
            KernelSpec::Fused(fused) => {
                fused.len == 256
                    || fused.len == FusedSpec::complex_capacity(fused.precision)
                    || fused.len == FusedSpec::scalar_capacity(fused.precision)
                    || fused.len == FusedSpec::max_len(fused.precision)
                    || (fused.is_wide()
                        && fused.len == WIDE_MIN
                        && fused.precision == Precision::F32)
            }
            KernelSpec::Chirp(chirp) => chirp.precision == Precision::F32,
            KernelSpec::Rader(rader) => rader.precision == Precision::F32,
            KernelSpec::Real(real) => real.precision == Precision::F32,
            KernelSpec::Permute(permute) => permute.precision == Precision::F32,
            KernelSpec::Layout(layout) => layout.precision == Precision::F32,
            KernelSpec::Lanes(_) => false,
        })
        .chain([
            KernelSpec::Lanes(LanesSpec::new(1024, LanesShape::Whole)),
            KernelSpec::Lanes(LanesSpec::new(256, LanesShape::Part)),
            KernelSpec::Lanes(LanesSpec::new(400, LanesShape::Part)),
            // 6561 = 81 x 81: the later pass at a stride of no multiple of 8 straddles.
            KernelSpec::Lanes(LanesSpec::new(81, LanesShape::Part).at_stride(81)),
            KernelSpec::Lanes(LanesSpec::new(1000, LanesShape::Whole)),
            KernelSpec::Lanes(LanesSpec {
                real: Some(FusedReal::Split),
                ..LanesSpec::new(512, LanesShape::Whole)
            }),
            KernelSpec::Lanes(LanesSpec {
                direction: Direction::Inverse,
                real: Some(FusedReal::Merge),
                ..LanesSpec::new(1000, LanesShape::Whole)
            }),
            KernelSpec::Lanes(LanesSpec {
                real: Some(FusedReal::Split),
                ..LanesSpec::new(128, LanesShape::Part)
            }),
            KernelSpec::Lanes(LanesSpec {
                direction: Direction::Inverse,
                real: Some(FusedReal::Merge),
                ..LanesSpec::new(128, LanesShape::Part)
            }),
            mixed_fused,
            long_mixed,
            scattered,
            bluestein_fused,
            real_split,
            real_merge,
            halves_split,
            mixed_split,
            any_stride_split,
            wide_merge,
            interleaved,
            aligned,
            pitched_split,
            pitched_columns,
            caller_layout,
            interleaved_layout,
            pair_rows,
        ])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalog_is_complete_ordered_and_unique() {
        let specs = catalog();
        // 44 radices: 6 powers of two and 38 mixed ones up to 64.
        assert_eq!(all_radices().len(), 44);
        assert_eq!(
            specs.len(),
            96 + 24 + 80 + 44 * 4 + 12 + 12 + 16 + 4 + 12 + 24
        );
        assert_eq!(specs[0], KernelSpec::Radix(RadixSpec::new(2)));
        assert_eq!(specs[0].name(), "fft_radix2_fwd_f32");
        assert_eq!(specs[95].name(), "fft_radix64_inv_f64_chained");
        assert_eq!(specs[96].name(), "fft_radix2_fwd_f32_scalar");
        assert_eq!(specs[119].name(), "fft_radix64_inv_f64_scalar");
        assert_eq!(specs[120].name(), "fft_fused2_c256_fwd_f32");
        assert_eq!(specs[199].name(), "fft_fused16384_c1_inv_f32");
        assert_eq!(specs[200].name(), "fft_radix2_fwd_f32_mixed");
        assert_eq!(
            specs.last().map(KernelSpec::name).as_deref(),
            Some("fft_radix64_inv_f64_hilo")
        );
        let mut names: Vec<_> = specs.iter().map(KernelSpec::file_name).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), specs.len());
        assert!(specs.iter().all(|s| s.check().is_ok()));
    }

    #[test]
    fn sample_covers_every_family_form_and_precision() {
        let names: Vec<String> = sample_catalog().iter().map(KernelSpec::name).collect();
        assert_eq!(
            names,
            [
                "fft_radix16_fwd_f32",
                "fft_radix16_fwd_f32_sincos",
                "fft_radix16_fwd_f32_native",
                "fft_radix16_fwd_f32_chained",
                "fft_radix16_fwd_f64",
                "fft_radix16_fwd_f64_sincos",
                "fft_radix16_fwd_f64_native",
                "fft_radix16_fwd_f64_chained",
                "fft_radix16_fwd_f32_scalar",
                "fft_radix16_fwd_f64_scalar",
                "fft_fused256_c16_fwd_f32",
                "fft_fused256_c16_fwd_f32_whole",
                "fft_fused256_c8_fwd_f64",
                "fft_fused256_c8_fwd_f64_whole",
                "fft_fused1024_c8_fwd_f32",
                "fft_fused2048_c2_fwd_f64",
                "fft_fused2048_c1_fwd_f64_whole",
                "fft_fused4096_c4_fwd_f32",
                "fft_fused4096_c1_fwd_f32_whole",
                "fft_fused4096_c1_fwd_f64",
                "fft_fused8192_c1_fwd_f32",
                "fft_fused8192_c1_fwd_f64",
                "fft_fused16384_c1_fwd_f32",
                "fft_radix5_fwd_f32",
                "fft_radix5_fwd_f64",
                "fft_radix16_fwd_f32_mixed",
                "fft_radix16_fwd_f64_mixed",
                "fft_chirp_pad_fwd_f32",
                "fft_chirp_multiply_fwd_f32",
                "fft_chirp_unpad_fwd_f32",
                "fft_rader_gather_fwd_f32",
                "fft_rader_multiply_fwd_f32",
                "fft_rader_scatter_fwd_f32",
                "fft_real_pack_f32",
                "fft_real_split_f32",
                "fft_real_merge_f32",
                "fft_real_unpack_f32",
                "fft_real_pack_odd_f32",
                "fft_real_split_odd_f32",
                "fft_real_merge_odd_f32",
                "fft_real_unpack_odd_f32",
                "fft_permute_gather_f32",
                "fft_permute_scatter_f32",
                "fft_layout_load_f32",
                "fft_layout_load_planar_f32",
                "fft_layout_load_reals_f32",
                "fft_layout_store_f32",
                "fft_layout_store_planar_f32",
                "fft_layout_store_reals_f32",
                "fft_radix16_fwd_f32_hilo",
                "fft_radix16_fwd_f64_hilo",
                "fft_lanes1024_fwd_f32_whole",
                "fft_lanes256_fwd_f32",
                "fft_lanes400_fwd_f32",
                "fft_lanes81_fwd_f32_straddle",
                "fft_lanes_any_fwd_f32_whole",
                "fft_lanes512_fwd_f32_whole_split",
                "fft_lanes_any_inv_f32_whole_merge",
                "fft_lanes128_fwd_f32_split",
                "fft_lanes128_inv_f32_merge",
                "fft_fused1000_c4_fwd_f32",
                "fft_fused15625_c1_fwd_f32",
                "fft_fused5005_c1_fwd_f32",
                "fft_fused2048_c2_fwd_f32_pad_convolve_fwd",
                "fft_fused256_c16_fwd_f32_split",
                "fft_fused256_c16_inv_f32_merge",
                "fft_fused4725_c1_fwd_f32_split",
                "fft_fused125_c20_fwd_f32_split",
                "fft_fused77_c40_fwd_f32_split_anystride",
                "fft_fused2048_c8_inv_f32_merge",
                "fft_fused256_c16_fwd_f32_il",
                "fft_fused2000_c4_fwd_f32_il_aligned",
                "fft_fused256_c16_fwd_f32_split_pitched",
                "fft_fused256_c16_fwd_f32_il_pitched",
                "fft_fused256_c16_fwd_f32_in_planar_out_strided",
                "fft_fused256_c16_fwd_f32_il_in_planar_out_planar",
                "fft_fused4096_c1_fwd_f32_whole_pairs",
            ]
        );
    }
}
