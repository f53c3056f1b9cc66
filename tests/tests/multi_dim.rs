//! Multi-dimensional transforms (issue 11) on the device under test (PoCL in CI) against the
//! separable f64 oracle (the 1-D oracle along each transformed axis): ranks 1 to 3, any
//! length per axis (powers of two, mixed, Bluestein), any subset of axes, batches, f32 and
//! f64, forward and inverse, every normalization; both ways an axis before the last runs
//! (interleaved fused passes, and the permute around a 1-D plan); out of place into outputs
//! pre-filled with NaN with the input checked unchanged, and in place; every bad shape refused
//! with its message, the data untouched.

use fft_core::kernel::KernelSpec;
use fft_core::plan::Strategy as PassFamily;
use fft_core::{Complex64, Direction, Normalization};
use fft_runtime::ocl::{Buffer, OclPrm};
use fft_runtime::{Error, Fft, FftFloat};
use num_complex::Complex;
use oclfft_tests::*;
use proptest::prelude::*;

/// One request: shape, axes (`None`: all), batch, direction, normalization, pass family.
#[derive(Clone, Debug)]
struct Case {
    dims: Vec<usize>,
    axes: Option<Vec<usize>>,
    batch: usize,
    direction: Direction,
    normalization: Normalization,
    strategy: PassFamily,
}

impl Case {
    fn new(dims: &[usize]) -> Case {
        Case {
            dims: dims.to_vec(),
            axes: None,
            batch: 1,
            direction: Direction::Forward,
            normalization: Normalization::None,
            strategy: PassFamily::Auto,
        }
    }

    fn axes(&self) -> Vec<usize> {
        self.axes
            .clone()
            .unwrap_or_else(|| (0..self.dims.len()).collect())
    }

    fn total(&self) -> usize {
        self.dims.iter().product::<usize>()
    }

    fn plan<T: FftFloat>(&self) -> Result<Fft<T>, Error>
    where
        Complex<T>: OclPrm,
    {
        let mut builder = Fft::<T>::builder(test_queue())
            .shape(&self.dims)
            .batch(self.batch)
            .direction(self.direction)
            .normalization(self.normalization)
            .strategy(self.strategy);
        if let Some(axes) = &self.axes {
            builder = builder.axes(axes);
        }
        builder.build()
    }

    /// Runs the case out of place into a NaN-filled output, checks the input is unchanged and
    /// the result matches the oracle; returns the plan's passes' entry points.
    fn check<T: FftFloat>(&self, seed: u64) -> Result<Vec<String>, String>
    where
        Complex<T>: OclPrm,
    {
        let plan = self.plan::<T>().map_err(|e| format!("{self:?}: {e}"))?;
        let total = self.total() * self.batch;
        let signal = to_device::<T>(&random_signal(total, seed));
        let queue = test_queue().queue().clone();
        let input = Buffer::<Complex<T>>::builder()
            .queue(queue.clone())
            .len(total)
            .copy_host_slice(&signal)
            .build()
            .map_err(|e| e.to_string())?;
        let nan = Complex::new(T::from_f64(f64::NAN), T::from_f64(f64::NAN));
        let output = Buffer::<Complex<T>>::builder()
            .queue(queue)
            .len(total)
            .fill_val(nan)
            .build()
            .map_err(|e| e.to_string())?;
        plan.enqueue_out_of_place(&input, &output)
            .map_err(|e| format!("{self:?}: {e}"))?
            .wait_for()
            .map_err(|e| e.to_string())?;
        let mut got = vec![nan; total];
        output.read(&mut got).enq().map_err(|e| e.to_string())?;
        let mut after = vec![nan; total];
        input.read(&mut after).enq().map_err(|e| e.to_string())?;
        if after != signal {
            return Err(format!("{self:?}: the input buffer changed"));
        }
        let axes = self.axes();
        let n: usize = axes.iter().map(|&a| self.dims[a]).product();
        let scale = self.normalization.scale(n, self.direction);
        let want = nd_oracle(&to_f64(&signal), &self.dims, &axes, self.direction, scale);
        check_against(
            &to_f64(&got),
            &want,
            self.total(),
            nd_tolerance::<T>(&self.dims, &axes),
        )
        .map_err(|e| format!("{self:?}: {e}"))?;
        Ok(plan.entry_points())
    }
}

#[test]
fn two_and_three_dimensional_transforms_match_the_separable_oracle() {
    let cases = [
        Case::new(&[16, 32]),
        Case::new(&[64, 64]),
        Case::new(&[12, 10]),
        Case::new(&[4, 6, 10]),
        Case::new(&[8, 8, 8]),
        Case::new(&[17, 8]),
        Case::new(&[8, 17]),
        Case::new(&[3, 1, 5]),
        Case::new(&[1, 1]),
        Case::new(&[2048, 4]),
        Case {
            batch: 3,
            ..Case::new(&[6, 16])
        },
        Case {
            direction: Direction::Inverse,
            normalization: Normalization::Backward,
            ..Case::new(&[5, 9, 4])
        },
        Case {
            normalization: Normalization::Ortho,
            ..Case::new(&[32, 24])
        },
        Case {
            normalization: Normalization::Forward,
            axes: Some(vec![0]),
            ..Case::new(&[32, 3])
        },
        Case {
            axes: Some(vec![2, 0]),
            batch: 2,
            ..Case::new(&[6, 5, 8])
        },
        Case {
            axes: Some(vec![1]),
            ..Case::new(&[3, 100, 7])
        },
    ];
    let mut failures = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        for result in [case.check::<f32>(i as u64), case.check::<f64>(i as u64)] {
            if let Err(e) = result {
                failures.push(e);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn axes_before_the_last_run_interleaved_or_through_a_permute() {
    // Smooth lengths with fused passes: interleaved fused passes, no permute.
    let fused = Case {
        strategy: PassFamily::Fused,
        ..Case::new(&[64, 30])
    };
    let smooth = fused.check::<f32>(1).unwrap();
    assert!(
        smooth.iter().any(|e| e.ends_with("_il")),
        "no interleaved pass: {smooth:?}"
    );
    assert!(smooth.iter().all(|e| !e.contains("permute")), "{smooth:?}");
    fused.check::<f64>(5).unwrap();
    // The default: interleaved on GPUs, the permute around scalar passes on CPU devices.
    let auto = Case::new(&[64, 30]).check::<f32>(6).unwrap();
    let cpu = test_queue().plan_caps().kind == fft_core::plan::DeviceKind::Cpu;
    assert_eq!(auto.iter().any(|e| e.contains("permute")), cpu, "{auto:?}");
    // A prime length above 13 on an axis before the last: after the last axis's pass,
    // gather, Rader (CPU devices: 17 - 1 = 16 is smooth) or Bluestein, scatter.
    let prime = Case::new(&[17, 8]).check::<f32>(2).unwrap();
    assert!(prime[1].starts_with("fft_permute_gather"), "{prime:?}");
    // Rader's gather on CPU devices; Bluestein's pad fused into the first pass on GPUs.
    if cpu {
        assert!(prime[2].starts_with("fft_rader_gather"), "{prime:?}");
    } else {
        assert!(
            prime[2].contains("_pad_filter") || prime[2].contains("_pad_convolve"),
            "{prime:?}"
        );
    }
    assert!(prime.last().unwrap().starts_with("fft_permute_scatter"));
    // Global radix passes: every axis before the last through the permute.
    let global = Case {
        strategy: PassFamily::GlobalRadix,
        ..Case::new(&[16, 8, 4])
    };
    let entries = global.check::<f32>(3).unwrap();
    assert_eq!(
        entries
            .iter()
            .filter(|e| e.starts_with("fft_permute_gather"))
            .count(),
        2,
        "{entries:?}"
    );
    assert!(entries.iter().all(|e| !e.contains("fused")));
    global.check::<f64>(4).unwrap();
}

/// Columns of 512 to 4096 points in f32 (1024 to 2048 in f64) take one wide interleaved pass
/// whose stages exchange halves, so an f32 work-group holds 16384 values: 32 columns of 512
/// points, 16 of 1024, 8 of 2048 and 4 of 4096 (runs of 32 to 256 bytes); f64 work-groups 4
/// columns of 1024 and 2 of 2048; 8192-point columns take two passes.
#[test]
fn long_columns_take_wide_interleaved_passes() {
    let cases: [(&[usize], bool, &str); 7] = [
        (&[512, 32], false, "fft_fused512_c32_fwd_f32_il"),
        (&[512, 40], false, "fft_fused512_c32_fwd_f32_il"),
        (&[1024, 16], false, "fft_fused1024_c16_fwd_f32_il"),
        (&[2048, 8], false, "fft_fused2048_c8_fwd_f32_il"),
        (&[4096, 4], false, "fft_fused4096_c4_fwd_f32_il"),
        (&[1024, 4], true, "fft_fused1024_c4_fwd_f64_il"),
        (&[2048, 4], true, "fft_fused2048_c2_fwd_f64_il"),
    ];
    for (dims, double, column) in cases {
        let case = Case {
            strategy: PassFamily::Fused,
            ..Case::new(dims)
        };
        let entries = if double {
            case.check::<f64>(13)
        } else {
            case.check::<f32>(13)
        }
        .unwrap();
        assert_eq!(
            entries.last().map(String::as_str),
            Some(column),
            "{dims:?}: {entries:?}"
        );
    }
}

/// Rows of 8192 points (f32; 4096 in f64) take one fused pass whose stages exchange halves,
/// after the columns' interleaved passes.
#[test]
fn rows_whose_pass_exchanges_halves() {
    for (dims, double) in [(&[3usize, 8192][..], false), (&[8, 4096], true)] {
        let case = Case {
            strategy: PassFamily::Fused,
            ..Case::new(dims)
        };
        let entries = if double {
            case.check::<f64>(11)
        } else {
            case.check::<f32>(11)
        }
        .unwrap();
        let row = format!(
            "fft_fused{}_c1_fwd_f{}",
            dims[1],
            if double { 64 } else { 32 }
        );
        assert!(entries.contains(&row), "{entries:?}");
    }
}

#[test]
fn in_place_equals_out_of_place() {
    for dims in [&[16usize, 24][..], &[5, 7, 9], &[17, 4]] {
        let case = Case {
            batch: 2,
            ..Case::new(dims)
        };
        let plan = case.plan::<f32>().unwrap();
        let total = case.total() * case.batch;
        let signal = to_device::<f32>(&random_signal(total, 9));
        let mut in_place = signal.clone();
        plan.process(&mut in_place).unwrap();
        let queue = test_queue().queue().clone();
        let input = Buffer::builder()
            .queue(queue.clone())
            .len(total)
            .copy_host_slice(&signal)
            .build()
            .unwrap();
        let output = Buffer::builder().queue(queue).len(total).build().unwrap();
        plan.enqueue_out_of_place(&input, &output)
            .unwrap()
            .wait_for()
            .unwrap();
        let mut out_of_place = signal.clone();
        output.read(&mut out_of_place).enq().unwrap();
        assert_eq!(in_place, out_of_place, "{dims:?}");
    }
}

#[test]
fn bad_shapes_are_refused_with_their_reason_and_the_data_untouched() {
    let queue = test_queue();
    let build = |dims: &[usize], axes: Option<&[usize]>| {
        let mut builder = Fft::<f32>::builder(queue).shape(dims);
        if let Some(axes) = axes {
            builder = builder.axes(axes);
        }
        builder.build().map(|_| ()).unwrap_err().to_string()
    };
    /// Dimensions, axes, and a piece of the message.
    type BadShape<'a> = (&'a [usize], Option<&'a [usize]>, &'a str);
    let cases: [BadShape; 6] = [
        (&[], None, "1 to 3 dimensions (got 0)"),
        (&[2, 2, 2, 2], None, "(got 4)"),
        (&[8, 0], None, "axis 1 has length 0"),
        (&[8, 8], Some(&[2]), "axis 2 does not exist"),
        (&[8, 8], Some(&[0, 0]), "axis 0 is named twice"),
        (&[8, 8], Some(&[]), "no axis to transform"),
    ];
    for (dims, axes, needle) in cases {
        let message = build(dims, axes);
        assert!(message.contains(needle), "{dims:?} {axes:?}: {message}");
    }
    let mismatch = Fft::<f32>::builder(queue)
        .len(10)
        .shape(&[4, 4])
        .build()
        .unwrap_err()
        .to_string();
    assert!(mismatch.contains("disagrees"), "{mismatch}");
    // A host slice of the wrong size: an error with both sizes, the data unchanged.
    let plan = Fft::<f32>::builder(queue).shape(&[4, 6]).build().unwrap();
    let mut short = vec![Complex::new(1.0f32, 2.0); 23];
    let before = short.clone();
    let message = plan.process(&mut short).unwrap_err().to_string();
    assert!(
        message.contains("24") && message.contains("23"),
        "{message}"
    );
    assert_eq!(short, before);
}

#[test]
fn a_one_dimensional_shape_is_the_plain_plan() {
    let by_shape = Fft::<f32>::builder(test_queue())
        .shape(&[1000])
        .build()
        .unwrap();
    let by_len = Fft::<f32>::builder(test_queue()).len(1000).build().unwrap();
    assert_eq!(by_shape.entry_points(), by_len.entry_points());
    assert_eq!(by_shape.shape(), [1000]);
    let columns = Fft::<f32>::builder(test_queue())
        .shape(&[8, 5])
        .axes(&[0])
        .build()
        .unwrap();
    assert_eq!(columns.shape(), [8, 5]);
    assert_eq!(columns.len(), 40);
    assert!(columns
        .plan()
        .passes
        .iter()
        .all(|p| !matches!(p.spec, KernelSpec::Radix(_)) || p.params.inner == 1));
}

/// Dimensions the property test draws from: powers of two, mixed lengths and primes above 13.
const SIZES: [usize; 14] = [1, 2, 3, 5, 8, 12, 16, 17, 30, 64, 100, 128, 243, 256];

fn case_strategy() -> impl Strategy<Value = (Case, bool, u64)> {
    (
        prop::collection::vec(prop::sample::select(&SIZES[..]), 1..=3),
        any::<u8>(),
        1usize..=3,
        any::<bool>(),
        any::<bool>(),
        any::<(bool, u64)>(),
    )
        .prop_filter("at most 2^16 values", |(dims, ..)| {
            dims.iter().product::<usize>() <= 1 << 16
        })
        .prop_map(|(dims, mask, batch, inverse, f64, (fused, seed))| {
            let rank = dims.len();
            let axes: Vec<usize> = (0..rank).filter(|a| mask & (1 << a) != 0).collect();
            let axes = (!axes.is_empty() && axes.len() < rank).then_some(axes);
            let case = Case {
                axes,
                batch,
                direction: if inverse {
                    Direction::Inverse
                } else {
                    Direction::Forward
                },
                // Fused passes on any device: the interleaved kernels run on CPUs too.
                strategy: if fused {
                    PassFamily::Fused
                } else {
                    PassFamily::Auto
                },
                ..Case::new(&dims)
            };
            (case, f64, seed)
        })
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 24,
        failure_persistence: None,
        rng_algorithm: prop::test_runner::RngAlgorithm::ChaCha,
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_shapes_axes_and_batches_match_the_oracle((case, f64, seed) in case_strategy()) {
        let result = if f64 {
            case.check::<f64>(seed)
        } else {
            case.check::<f32>(seed)
        };
        prop_assert!(result.is_ok(), "{}", result.unwrap_err());
    }
}

/// The f64 oracle itself: a 2-D impulse at (1, 2) of a 4 x 8 array is the product of two
/// 1-D tones (checked from the definition, not from the oracle's own code path).
#[test]
fn the_separable_oracle_is_the_multi_dimensional_dft() {
    let (rows, cols) = (4usize, 8usize);
    let mut impulse = vec![Complex64::new(0.0, 0.0); rows * cols];
    impulse[cols + 2] = Complex64::new(1.0, 0.0);
    let spectrum = nd_oracle(&impulse, &[rows, cols], &[0, 1], Direction::Forward, 1.0);
    for (index, value) in spectrum.iter().enumerate() {
        let (k0, k1) = ((index / cols) as f64, (index % cols) as f64);
        let angle = -2.0 * std::f64::consts::PI * (k0 / rows as f64 + 2.0 * k1 / cols as f64);
        let want = Complex64::from_polar(1.0, angle);
        assert!((value - want).norm() < 1e-12, "{index}: {value} vs {want}");
    }
}
